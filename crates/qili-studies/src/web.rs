//! The browser side: `localStorage`, the places the site draws, one
//! listener per event kind on the document (serving every place, whatever
//! the page), the `storage` event of other tabs, file import and download.
//!
//! The module lives as long as the page: its state is one [`App`], its
//! listeners are never removed.

use std::cell::RefCell;

use js_sys::{Array, Date, Promise};
use qili_web::kv::LocalStorage;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Blob, BlobPropertyBag, Element, Event, HtmlAnchorElement, HtmlElement, HtmlInputElement,
    HtmlTextAreaElement, Url,
};

use crate::model::{import, place, write_doc, Board};
use crate::store::{Report, Saved};
use crate::strings::{Lang, StudiesText};
use crate::view::{frame_html, notice_html, page_html, panel_html, status_html};

/// What this module knows.
struct App {
    kv: LocalStorage,
    saved: Saved,
    lang: Lang,
    /// The `lang` attribute of the site (`zh-Hans`, `en`), for dates.
    code: String,
    page: Option<Element>,
    panel: Option<Element>,
    notice: Option<Element>,
}

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

fn window() -> web_sys::Window {
    web_sys::window().expect("a window")
}

fn now() -> u64 {
    Date::now() as u64
}

/// Runs `f` on the state (set up by [`mount`] before any event).
fn with<R>(f: impl FnOnce(&mut App) -> R) -> Option<R> {
    APP.with(|a| a.borrow_mut().as_mut().map(f))
}

fn set_html(host: &Option<Element>, selector: &str, html: &str) {
    if let Some(el) = host
        .as_ref()
        .and_then(|h| h.query_selector(selector).ok().flatten())
    {
        el.set_inner_html(html);
    }
}

impl App {
    /// Redraws the studies page's list and status, and the notice.
    fn draw(&self) {
        let code = &self.code;
        let date = |ms: u64| -> String {
            Date::new(&JsValue::from_f64(ms as f64))
                .to_locale_string(code, &JsValue::UNDEFINED)
                .into()
        };
        set_html(
            &self.page,
            ".studies-status",
            &status_html(self.lang, &self.saved),
        );
        set_html(
            &self.page,
            ".studies-body",
            &page_html(self.lang, &self.saved, date),
        );
        if let Some(n) = &self.notice {
            n.set_inner_html(&notice_html(self.lang, &self.saved));
        }
    }

    fn draw_panel(&self) {
        let s = &self.saved;
        set_html(
            &self.panel,
            ".study-panel-body",
            &panel_html(self.lang, &s.draft, s.open.is_some(), s.saved),
        );
    }
}

/// The place `kind` in `root`, if the site drew it.
fn place_in(root: &Element, kind: &str) -> Option<Element> {
    root.query_selector(&format!("[data-studies={kind}]"))
        .ok()
        .flatten()
}

fn same(a: &Option<Element>, b: &Option<Element>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.is_same_node(Some(b)),
        (None, None) => true,
        _ => false,
    }
}

/// The board the save panel is on: the analysis page keeps it in the
/// page's address.
fn board() -> Board {
    Board::from_hash(&window().location().hash().unwrap_or_default())
}

/// The module's styles (`studies.css`), which the loader adopts (a
/// constructed style sheet: no inline style for the site's CSP to refuse).
#[wasm_bindgen]
pub fn styles() -> String {
    include_str!("studies.css").into()
}

/// Fills the places the site drew in `root` (the app's element) in `lang`
/// (the site's `lang` attribute). Called by the loader whenever the page or
/// the language changes; the first call loads the studies and starts
/// listening.
#[wasm_bindgen]
pub fn mount(root: &Element, lang: &str) {
    if APP.with(|a| a.borrow().is_none()) {
        let mut kv = LocalStorage::of_window();
        let saved = Saved::load(&mut kv, now());
        APP.with(|a| {
            *a.borrow_mut() = Some(App {
                kv,
                saved,
                lang: Lang::Zh,
                code: String::new(),
                page: None,
                panel: None,
                notice: None,
            })
        });
        listen();
    }
    let (page, panel) = (place_in(root, "page"), place_in(root, "panel"));
    let notice = place_in(root, "notice");
    with(|app| {
        app.lang = Lang::from_tag(lang);
        app.code = lang.to_string();
        // A new studies page starts afresh (and the notice goes).
        if !same(&app.page, &page) {
            let s = &mut app.saved;
            if page.is_some() {
                s.fresh = false;
            }
            (s.editing, s.deleted, s.report) = (None, None, None);
        }
        if let Some(p) = &page {
            p.set_inner_html(&frame_html(app.lang));
        }
        // A new save panel: saving over the study opened, if the board
        // still shows it (not another link since).
        if let Some(p) = panel.as_ref().filter(|_| !same(&app.panel, &panel)) {
            let b = board();
            let s = &mut app.saved;
            let current = s
                .open
                .as_deref()
                .and_then(|id| s.find(id))
                .filter(|st| st.is_on(&b))
                .map(|st| (st.name.clone(), st.notes.clone()));
            if current.is_none() {
                s.open = None;
            } else {
                // Opened: the panel shows what saving would do.
                let _ = p.set_attribute("open", "");
            }
            s.draft = current.unwrap_or_default();
            s.saved = None;
        }
        (app.page, app.panel, app.notice) = (page, panel, notice);
        app.draw();
        app.draw_panel();
    });
}

/// The element an event happened in, as `T`.
fn target<T: JsCast>(ev: &Event) -> Option<T> {
    ev.target().and_then(|t| t.dyn_into::<T>().ok())
}

/// The closest element to the event's target matching `selector`.
fn closest(ev: &Event, selector: &str) -> Option<Element> {
    target::<Element>(ev).and_then(|e| e.closest(selector).ok().flatten())
}

/// The values of the name and notes fields of the form or place an event
/// happened in.
fn fields(ev: &Event) -> (String, String) {
    let within = closest(ev, "form, [data-studies]");
    let find = |sel: &str| {
        within
            .as_ref()
            .and_then(|w| w.query_selector(sel).ok().flatten())
    };
    let name = find(".study-name-input")
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        .map(|i| i.value());
    let notes = find(".study-notes-input")
        .and_then(|e| e.dyn_into::<HtmlTextAreaElement>().ok())
        .map(|t| t.value());
    (name.unwrap_or_default(), notes.unwrap_or_default())
}

fn on(target: &web_sys::EventTarget, kind: &str, f: impl FnMut(Event) + 'static) {
    let f = Closure::<dyn FnMut(Event)>::new(f);
    let _ = target.add_event_listener_with_callback(kind, f.as_ref().unchecked_ref());
    f.forget();
}

/// The listeners, for the life of the page.
fn listen() {
    let doc = window().document().expect("a document");
    on(&doc, "click", |ev| {
        let Some(el) = closest(&ev, "[data-studies] [data-act]") else {
            return;
        };
        let arg = el.get_attribute("data-arg").unwrap_or_default();
        let act = el.get_attribute("data-act").unwrap_or_default();
        if closest(&ev, "[data-studies=panel]").is_some() {
            save(&ev, &act);
        } else if closest(&ev, "[data-studies=page]").is_some() {
            act_on_page(&act, arg);
        }
    });
    on(&doc, "submit", |ev| {
        if closest(&ev, "[data-studies=page]").is_none() {
            return;
        }
        ev.prevent_default();
        let (name, notes) = fields(&ev);
        with(|app| {
            let s = &mut app.saved;
            let Some(id) = s.editing.take() else { return };
            if let Some(i) = s.list.iter().position(|x| x.id == id) {
                let mut st = s.list.remove(i);
                (st.name, st.notes, st.updated) = (name, notes, now());
                place(&mut s.list, st);
                s.persist(&mut app.kv);
            }
            app.draw();
        });
    });
    on(&doc, "change", |ev| {
        let Some(input) = target::<HtmlInputElement>(&ev).filter(|i| {
            i.type_() == "file" && i.closest("[data-studies=page]").ok().flatten().is_some()
        }) else {
            return;
        };
        if let Some(file) = input.files().and_then(|f| f.get(0)) {
            read(file.text());
        }
        // The same file can be chosen again.
        input.set_value("");
    });
    on(&doc, "input", |ev| {
        if closest(&ev, "[data-studies=panel]").is_some() {
            // Kept as typed: the panel is not redrawn per key.
            let typed = fields(&ev);
            with(|app| app.saved.draft = typed);
        }
    });
    on(&window(), "storage", |_| {
        with(|app| {
            app.saved.reload(&app.kv, now());
            app.draw();
        });
    });
}

/// The save panel's buttons: save (over the study opened, if one is) or
/// save as a new study.
fn save(ev: &Event, act: &str) {
    let typed = fields(ev);
    with(|app| {
        let s = &mut app.saved;
        let id = match act {
            "save" => s.open.clone(),
            "save-new" => None,
            _ => return,
        };
        let id = s.save(&mut app.kv, &board(), id, typed.clone(), now());
        s.draft = typed;
        s.open = Some(id);
        s.saved = Some(!s.failed);
        app.draw_panel();
        app.draw();
    });
}

/// The studies page's buttons.
fn act_on_page(act: &str, arg: String) {
    let mut focus = false;
    with(|app| {
        let s = &mut app.saved;
        match act {
            "open" => {
                if let Some(hash) = s.find(&arg).map(|st| st.hash()) {
                    s.open = Some(arg);
                    let _ = window().location().set_hash(&hash);
                }
                return;
            }
            "edit" => {
                s.editing = Some(arg);
                focus = true;
            }
            "cancel-edit" => s.editing = None,
            "delete" => {
                if let Some(i) = s.list.iter().position(|x| x.id == arg) {
                    s.deleted = Some(s.list.remove(i));
                    s.editing = None;
                    s.persist(&mut app.kv);
                }
            }
            "undo" => {
                if let Some(d) = s.deleted.take() {
                    place(&mut s.list, d);
                    s.persist(&mut app.kv);
                }
            }
            "export" => return download("qili-studies.json", &write_doc(&s.list)),
            "aside-get" => {
                if let Some(a) = s.aside.iter().find(|a| a.key == arg) {
                    download(&format!("{}.json", a.key), &a.text);
                }
                return;
            }
            "aside-drop" => {
                let sure = window()
                    .confirm_with_message(app.lang.words().discard_confirm)
                    .unwrap_or(false);
                if !sure {
                    return;
                }
                s.discard(&mut app.kv, &arg);
            }
            _ => return,
        }
        app.draw();
    });
    if focus {
        if let Some(e) = window()
            .document()
            .and_then(|d| {
                d.query_selector(".study-edit .study-name-input")
                    .ok()
                    .flatten()
            })
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        {
            let _ = e.focus();
        }
    }
}

/// Imports the text of a chosen file once it is read.
fn read(text: Promise) {
    let done = |text: Option<String>| {
        with(|app| {
            let s = &mut app.saved;
            let r: Report = match text {
                None => Err(None),
                Some(text) => import(&mut s.list, &text, now()).map_err(Some),
            };
            if r.as_ref().is_ok_and(|i| i.added > 0) {
                s.persist(&mut app.kv);
            }
            s.report = Some(r);
            app.draw();
        });
    };
    let ok = Closure::once(move |t: JsValue| done(t.as_string()));
    let failed = Closure::once(move |_: JsValue| done(None));
    let _ = text.then2(&ok, &failed);
    ok.forget();
    failed.forget();
}

/// Offers `text` as a file download named `name`: a link to a `blob:` URL,
/// clicked (no script, no `data:` URL: allowed by the site's CSP).
fn download(name: &str, text: &str) {
    let parts = Array::of1(&JsValue::from_str(text));
    let opts = BlobPropertyBag::new();
    opts.set_type("application/json");
    let Ok(blob) = Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Some(a) = window().document().and_then(|d| d.create_element("a").ok()) {
        let a = a.unchecked_into::<HtmlAnchorElement>();
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    // Revoked once the download has started.
    let revoke = Closure::once_into_js(move || {
        let _ = Url::revoke_object_url(&url);
    });
    let _ = window()
        .set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 10_000);
}
