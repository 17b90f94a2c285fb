//! The user's saved studies: the studies page (open, edit, delete with
//! undo, export, import, set-aside data), the analysis board's "Save study"
//! panel and the notice shown when stored studies were set aside.
//!
//! The studies page is markup (see [`crate::markup`]: every name, note and
//! reason is escaped) whose buttons carry `data-act` and `data-arg`; one
//! handler per event kind serves them all, which keeps the download small.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::markup::Markup;
use crate::model::analysis::Analysis;
use crate::model::studies::{import, line, place, preview, write_doc};
use crate::route::Route;
use crate::store::{Report, Saved, Store, ASIDE};
use crate::strings::Lang;
use crate::web;
use crate::{tr, Ui};

/// How many characters of the notes the list shows.
const PREVIEW: usize = 140;

/// A button of the markup; `name` (of a study) completes its accessible name.
fn button(h: &mut Markup, act: &str, arg: &str, label: &str, name: Option<&str>) {
    let aria = name.map(|n| format!("{label} {n}"));
    h.open(
        "button",
        &[
            ("type", Some("button")),
            ("class", Some(act)),
            ("data-act", Some(act)),
            ("data-arg", Some(arg)),
            ("aria-label", aria.as_deref()),
        ],
    )
    .text(label)
    .close("button");
}

/// The name and notes fields (values escaped).
fn fields(h: &mut Markup, lang: Lang, name: &str, notes: &str) {
    let r = lang.strings().reach();
    h.open("label", &[("class", Some("field"))])
        .el("span", "", r.study_name)
        .open(
            "input",
            &[
                ("type", Some("text")),
                ("class", Some("study-name-input")),
                ("value", Some(name)),
            ],
        )
        .close("label");
    // The parser drops a newline right after <textarea>: one is given.
    h.open("label", &[("class", Some("field"))])
        .el("span", "", r.study_notes)
        .open(
            "textarea",
            &[("class", Some("study-notes-input")), ("rows", Some("4"))],
        )
        .text("\n")
        .text(notes)
        .close("textarea")
        .close("label");
}

/// The page below its heading: set-aside data, export and import, the
/// studies (the one being edited as a form); `date` writes a time.
fn page_html(lang: Lang, s: &Saved, date: impl Fn(u64) -> String) -> String {
    let t = lang.strings();
    let r = t.reach();
    let mut h = Markup::new();
    if !s.aside.is_empty() {
        h.open("div", &[("class", Some("notice aside-notice"))])
            .el("p", "", r.aside_notice)
            .open("ul", &[]);
        for a in &s.aside {
            h.open("li", &[("class", Some("aside"))]);
            let stamp = a.key.get(ASIDE.len()..).unwrap_or("");
            if let Ok(ms) = stamp.trim_end_matches('x').parse() {
                h.el("strong", "", &date(ms));
            }
            h.open("ul", &[("class", Some("errors"))]);
            if let Some(e) = a.doc {
                h.el("li", "", &lang.doc_error(e));
            }
            for b in &a.bad {
                h.el("li", "", &lang.bad_entry(b));
            }
            h.close("ul").open("div", &[("class", Some("row"))]);
            button(&mut h, "aside-get", &a.key, r.download, None);
            button(&mut h, "aside-drop", &a.key, r.discard, None);
            h.close("div").close("li");
        }
        h.close("ul").close("div");
    }

    h.open("div", &[("class", Some("row"))]);
    h.open(
        "button",
        &[
            ("type", Some("button")),
            ("class", Some("export-studies")),
            ("data-act", Some("export")),
            ("disabled", s.list.is_empty().then_some("")),
        ],
    )
    .text(r.export_all)
    .close("button");
    h.open("label", &[("class", Some("button import-studies"))])
        .text(r.import)
        .open(
            "input",
            &[
                ("type", Some("file")),
                ("accept", Some(".json,application/json")),
            ],
        )
        .close("label")
        .close("div");

    if s.list.is_empty() {
        h.el("p", "muted", r.no_studies);
    }
    h.open("ul", &[("class", Some("study-list"))]);
    for st in &s.list {
        let name = if st.name.trim().is_empty() {
            r.untitled
        } else {
            &st.name
        };
        h.open("li", &[("class", Some("study")), ("data-id", Some(&st.id))]);
        if s.editing.as_deref() == Some(st.id.as_str()) {
            h.open(
                "form",
                &[("class", Some("study-edit")), ("data-arg", Some(&st.id))],
            );
            fields(&mut h, lang, &st.name, &st.notes);
            h.open("div", &[("class", Some("row"))])
                .open(
                    "button",
                    &[
                        ("type", Some("submit")),
                        ("class", Some("primary save-edit")),
                    ],
                )
                .text(r.save)
                .close("button");
            button(&mut h, "cancel-edit", "", t.cancel, None);
            h.close("div").close("form").close("li");
            continue;
        }
        h.el("h3", "study-name", name).el(
            "p",
            "small muted",
            &format!(
                "{} · {} · {}",
                date(st.updated),
                lang.moves_count(st.move_count()),
                lang.edition_name(st.edition)
            ),
        );
        h.el("p", "study-notes", &preview(&st.notes, PREVIEW));
        h.open("div", &[("class", Some("row"))]);
        button(&mut h, "open", &st.id, r.open, Some(name));
        button(&mut h, "edit", &st.id, r.edit, Some(name));
        button(&mut h, "delete", &st.id, r.delete, Some(name));
        h.close("div").close("li");
    }
    h.close("ul");
    h.finish()
}

/// The status line: a failed write, a deletion to undo, the last import.
fn status_html(lang: Lang, s: &Saved) -> String {
    let r = lang.strings().reach();
    let mut h = Markup::new();
    if s.failed {
        h.el("p", "error", r.save_failed);
    }
    if let Some(d) = &s.deleted {
        h.open("p", &[]).text(&lang.deleted(&d.name)).text(" ");
        button(&mut h, "undo", "", r.undo_delete, None);
        h.close("p");
    }
    match &s.report {
        None => {}
        Some(Ok(i)) => {
            h.el("p", "", &lang.imported(i))
                .open("ul", &[("class", Some("errors"))]);
            for b in &i.bad {
                h.el("li", "", &lang.bad_entry(b));
            }
            h.close("ul");
        }
        Some(Err(e)) => {
            let why = e.map_or_else(|| r.import_unreadable.to_string(), |e| lang.doc_error(e));
            h.el("p", "error", &why);
        }
    }
    h.finish()
}

/// The element an event happened in, as `T`.
fn target<T: JsCast>(ev: &web_sys::Event) -> Option<T> {
    ev.target().and_then(|t| t.dyn_into::<T>().ok())
}

/// The studies page.
#[component]
pub fn StudiesPage() -> impl IntoView {
    let ui = Ui::get();
    let store = Store::get();
    let saved = store.saved;
    saved.update(|s| {
        s.fresh = false;
        s.editing = None;
        s.deleted = None;
        s.report = None;
    });

    let act = move |ev: ev::MouseEvent| {
        let Some(el) =
            target::<web_sys::Element>(&ev).and_then(|e| e.closest("[data-act]").ok().flatten())
        else {
            return;
        };
        let arg = el.get_attribute("data-arg").unwrap_or_default();
        match el.get_attribute("data-act").as_deref().unwrap_or("") {
            "open" => {
                if let Some(s) = store.find(&arg) {
                    store.open.set(Some(arg));
                    let _ = window()
                        .location()
                        .set_hash(&Route::Analysis(s.params()).to_hash());
                }
            }
            "edit" => {
                saved.update(|s| s.editing = Some(arg));
                web::focus_soon(".study-edit .study-name-input");
            }
            "cancel-edit" => saved.update(|s| s.editing = None),
            "delete" => saved.update(|s| {
                if let Some(i) = s.list.iter().position(|x| x.id == arg) {
                    s.deleted = Some(s.list.remove(i));
                    s.editing = None;
                    s.persist();
                }
            }),
            "undo" => saved.update(|s| {
                if let Some(d) = s.deleted.take() {
                    place(&mut s.list, d);
                    s.persist();
                }
            }),
            "export" => {
                saved.with_untracked(|s| web::download("qili-studies.json", &write_doc(&s.list)))
            }
            "aside-get" => saved.with_untracked(|s| {
                if let Some(a) = s.aside.iter().find(|a| a.key == arg) {
                    web::download(&format!("{}.json", a.key), &a.text);
                }
            }),
            "aside-drop" => {
                let sure = window()
                    .confirm_with_message(ui.t().reach().discard_confirm)
                    .unwrap_or(false);
                if sure {
                    saved.update(|s| s.discard(&arg));
                }
            }
            _ => {}
        }
    };

    let submit = move |ev: ev::SubmitEvent| {
        ev.prevent_default();
        let (name, notes) = web::study_fields(&ev);
        let now = web::epoch_ms();
        saved.update(|s| {
            let Some(id) = s.editing.take() else { return };
            if let Some(i) = s.list.iter().position(|x| x.id == id) {
                let mut st = s.list.remove(i);
                (st.name, st.notes, st.updated) = (name, notes, now);
                place(&mut s.list, st);
                s.persist();
            }
        });
    };

    let change = move |ev: ev::Event| {
        let Some(input) = target::<web_sys::HtmlInputElement>(&ev).filter(|i| i.type_() == "file")
        else {
            return;
        };
        web::read_file(&input, move |text| {
            saved.update(|s| {
                let r: Report = match text {
                    None => Err(None),
                    Some(text) => import(&mut s.list, &text, web::epoch_ms()).map_err(Some),
                };
                if r.as_ref().is_ok_and(|i| i.added > 0) {
                    s.persist();
                }
                s.report = Some(r);
            });
        });
        // The same file can be chosen again.
        input.set_value("");
    };

    let date = move |ms| web::date(ms, ui.lang.get_untracked().code());
    let body = Signal::derive(move || {
        let lang = ui.lang.get();
        saved.with(|s| page_html(lang, s, date))
    });
    let status = Signal::derive(move || {
        let lang = ui.lang.get();
        saved.with(|s| status_html(lang, s))
    });

    view! {
        <article class="studies" on:click=act on:submit=submit on:change=change>
            <h2>{tr(|t| t.reach().studies_title)}</h2>
            <p class="intro">{tr(|t| t.reach().studies_intro)}</p>
            <div class="studies-status" role="status" inner_html=status></div>
            <div inner_html=body></div>
        </article>
    }
}

/// The "Save study" panel's markup: the name and notes typed so far, the
/// buttons (saving over the study opened, if one is) and the last result.
fn panel_html(lang: Lang, draft: &(String, String), opened: bool, status: Option<bool>) -> String {
    let r = lang.strings().reach();
    let mut h = Markup::new();
    h.el("h3", "", r.save_study);
    fields(&mut h, lang, &draft.0, &draft.1);
    h.open("div", &[("class", Some("row"))])
        .open(
            "button",
            &[
                ("type", Some("button")),
                ("class", Some("primary save-study")),
                ("data-act", Some("save")),
            ],
        )
        .text(if opened { r.save_changes } else { r.save_study })
        .close("button")
        .open(
            "button",
            &[
                ("type", Some("button")),
                ("class", Some("save-study-new")),
                ("data-act", Some("save-new")),
                ("disabled", (!opened).then_some("")),
            ],
        )
        .text(r.save_as_new)
        .close("button")
        .open("a", &[("href", Some("#/studies"))])
        .text(r.nav_studies)
        .close("a")
        .close("div");
    let message = match status {
        None => "",
        Some(true) => r.saved,
        Some(false) => r.save_failed,
    };
    h.open(
        "p",
        &[
            ("class", Some("small study-status")),
            ("role", Some("status")),
        ],
    )
    .text(message)
    .close("p");
    h.finish()
}

/// The analysis board's "Save study" panel. A study opened from the studies
/// page is saved over (or as a new one); otherwise a new study is saved.
#[component]
pub fn StudyPanel(
    /// The analysis board.
    a: RwSignal<Analysis>,
) -> impl IntoView {
    let ui = Ui::get();
    let store = Store::get();
    // The study opened, if the board shows it (not another link since).
    let current = store
        .open
        .get_untracked()
        .and_then(|id| store.find(&id))
        .filter(|s| a.with_untracked(|a| s.fen == a.start_fen() && s.moves == line(a)));
    if current.is_none() {
        store.open.set(None);
    }
    // What is typed is kept untracked: the markup is not redrawn per key.
    let draft = current.map(|s| (s.name, s.notes)).unwrap_or_default();
    store.saved.update_untracked(|s| s.draft = draft);
    let status = RwSignal::new(None::<bool>);
    let click = move |ev: ev::MouseEvent| {
        let act = target::<web_sys::Element>(&ev)
            .and_then(|e| e.closest("[data-act]").ok().flatten())
            .and_then(|e| e.get_attribute("data-act"));
        let id = match act.as_deref() {
            Some("save") => store.open.get_untracked(),
            Some("save-new") => None,
            _ => return,
        };
        let (name, notes) = web::study_fields(&ev);
        let (id, ok) = a.with_untracked(|a| store.save(a, id, name, notes));
        store.open.set(Some(id));
        status.set(Some(ok));
    };
    let input = move |ev: ev::Event| {
        let typed = web::study_fields(&ev);
        store.saved.update_untracked(|s| s.draft = typed);
    };
    let html = Signal::derive(move || {
        let (lang, opened, status) = (
            ui.lang.get(),
            store.open.with(Option::is_some),
            status.get(),
        );
        store
            .saved
            .with_untracked(|s| panel_html(lang, &s.draft, opened, status))
    });
    view! { <section class="panel study-panel" on:click=click on:input=input inner_html=html></section> }
}

/// The notice on every page when stored studies were set aside as the app
/// started (until the studies page is visited).
#[component]
pub fn StudiesNotice() -> impl IntoView {
    let lang = Ui::get().lang;
    let saved = Store::get().saved;
    let html = Signal::derive(move || {
        let r = lang.get().strings().reach();
        let mut h = Markup::new();
        if saved.with(|s| s.fresh) {
            h.open(
                "p",
                &[
                    ("class", Some("notice studies-notice")),
                    ("role", Some("alert")),
                ],
            )
            .text(r.aside_notice)
            .text(" ")
            .open("a", &[("href", Some("#/studies"))])
            .text(r.studies_title)
            .close("a")
            .close("p");
        }
        h.finish()
    });
    view! { <div inner_html=html></div> }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::studies::{read_doc, DocError};
    use crate::store::{Aside, KEY};

    const IMG: &str = "<img src=x onerror=alert(1)>";

    #[test]
    fn names_notes_and_reasons_are_escaped() {
        let text = format!(
            r#"{{"format":"qili-studies","version":1,"studies":[
            {{"id":"\"><img>","name":"{IMG}","notes":"javascript:alert(1)","fen":"3k5/9/9/9/9/9/9/9/9/4K4 w"}},
            {{"name":"{IMG}","fen":"{IMG}"}}]}}"#
        );
        let l = read_doc(&text).unwrap();
        let mut s = Saved {
            list: l.studies,
            aside: vec![
                Aside {
                    key: format!("{ASIDE}123"),
                    text: String::new(),
                    doc: None,
                    bad: l.bad,
                },
                Aside {
                    key: KEY.into(),
                    text: "garbage".into(),
                    doc: Some(DocError::Syntax(0)),
                    bad: Vec::new(),
                },
            ],
            ..Saved::default()
        };
        for editing in [None, Some("\"><img>".to_string())] {
            s.editing = editing;
            let html = page_html(Lang::En, &s, |ms| format!("t{ms}"));
            assert!(!html.contains("<img"), "{html}");
            assert!(
                html.contains("&lt;img src=x onerror=alert(1)&gt;"),
                "{html}"
            );
            assert!(
                html.contains("data-arg=\"&quot;&gt;&lt;img&gt;\""),
                "{html}"
            );
            assert!(
                html.contains("javascript:alert(1)"),
                "shown as text: {html}"
            );
            assert!(
                html.contains("t123") && html.contains("Not valid JSON"),
                "{html}"
            );
        }
    }

    #[test]
    fn the_status_offers_undo_and_reports_imports() {
        let mut s = Saved {
            report: Some(Err(Some(DocError::Version(3)))),
            ..Saved::default()
        };
        assert!(status_html(Lang::En, &s).contains("version 3"));
        s.report = None;
        assert_eq!(status_html(Lang::Zh, &s), "");
    }
}
