//! The browser side: the IndexedDB journal and `localStorage`, the page's
//! place, one listener per event kind on the document, the `storage` event
//! of other tabs, `navigator.storage.persist()`, downloads.
//!
//! Every change is written first and drawn after: with the journal, the
//! change is shown as pending (and the table takes no other change) until
//! the journal's transaction has completed, then mirrored to `localStorage`
//! and shown as recorded; without it, written to `localStorage`
//! ([`Hall::write_table`]). A move the browser refused to store is never
//! shown as played.

use std::cell::RefCell;

use js_sys::{Array, Date, Reflect};
use qili::{Move, Square};
use qili_diagram::geometry::square_at;
use qili_web::kv::{Kv, LocalStorage};
use qili_web::url::decode;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Blob, BlobPropertyBag, CssStyleSheet, Element, Event, HtmlAnchorElement, HtmlElement,
    HtmlInputElement, HtmlSelectElement, PointerEvent, Url,
};

use crate::export::{event_pgn, log_csv};
use crate::journal::{AppendError, Journal};
use crate::model::{
    read_table, Entry, Event as Meet, Game, Happening, Score, Side, Table, Termination,
};
use crate::store::{table_key, Copy, Hall, Mode, WriteError, CURRENT, EVENTS};
use crate::strings::{words, Lang};
use crate::view::{page, watch_of, Desk};

struct App {
    kv: LocalStorage,
    /// The journal, once opened (`desk.mode` says which store is used).
    journal: Option<Journal>,
    /// The table address (`#/arbiter?…`) this page is opening — once the
    /// journal is open, if it is not yet: it stays in the address bar
    /// until the new table is stored and shown, so a reload before then
    /// opens it again rather than losing it; one page opens it once.
    opening: Option<String>,
    hall: Hall,
    desk: Desk,
    lang: Lang,
    place: Option<Element>,
    /// Where a drag started.
    drag: Option<Square>,
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

fn with<R>(f: impl FnOnce(&mut App) -> R) -> Option<R> {
    APP.with(|a| a.borrow_mut().as_mut().map(f))
}

impl App {
    /// Draws the page (keeping the move box's focus: a stored move
    /// redraws the page while the arbiter types the next one).
    fn draw(&self) {
        if let Some(p) = &self.place {
            let typing = window()
                .document()
                .and_then(|d| d.active_element())
                .is_some_and(|a| a.has_attribute("data-arbiter-input"));
            p.set_inner_html(&page(self.lang, &self.hall, &self.desk));
            if typing {
                focus_input();
            }
        }
    }

    fn event(&self) -> Option<&Meet> {
        self.hall.event(self.desk.event.as_deref()?)
    }

    fn current(&self) -> Option<(Meet, Table)> {
        let e = self.event()?.clone();
        let t = self.hall.table(&e.id, self.desk.table?)?.clone();
        Some((e, t))
    }

    fn remember(&mut self) {
        let text = match (&self.desk.event, self.desk.table) {
            (Some(e), Some(n)) => format!("{e} {n}"),
            (Some(e), None) => e.clone(),
            _ => return,
        };
        self.kv.set(CURRENT, &text);
    }

    /// Shows the event and table shown last (`CURRENT`), or else the
    /// newest event and its last table.
    fn choose(&mut self) {
        let cur = self.kv.get(CURRENT).unwrap_or_default();
        let (e, n) = cur.split_once(' ').unwrap_or((&cur, ""));
        let Some(e) = self.hall.event(e).or(self.hall.events.last()) else {
            return;
        };
        self.desk.event = Some(e.id.clone());
        self.desk.table = n
            .parse()
            .ok()
            .filter(|&n| self.hall.table(&e.id, n).is_some())
            .or_else(|| self.hall.tables_of(&e.id).last().map(|t| t.number));
    }

    fn say(&mut self, text: Option<&str>) {
        self.desk.status = text.map(str::to_string);
    }

    /// Writes a changed table, logging a warning, draw notice or verdict
    /// shown for the first time with it; once stored, shows it (and, if
    /// `show`, makes it the table shown). Says why if it was not written.
    fn commit(&mut self, e: &Meet, mut t: Table, show: bool) {
        let w = words(self.lang);
        if self.desk.pending(&t.event, t.number).is_some() {
            return self.say(Some(w.busy));
        }
        let watch = watch_of(e, &t);
        let rules = e.edition().rulebook();
        if let Some(a) = watch.as_ref().and_then(|w| w.alert) {
            let side = Side::from(a.side);
            if !t.logged_warning(side, a.binding, a.at) {
                let clause = rules.cite(a.reason.clause()).to_string();
                t.log.push(Entry {
                    time: now(),
                    ply: t.moves.len(),
                    what: Happening::Warning {
                        side,
                        binding: a.binding,
                        at: a.at,
                        clause,
                    },
                });
            }
        }
        if let Some(d) = watch.as_ref().and_then(|w| w.draw) {
            if !t.logged_draw(d.binding, d.at) {
                let clause = rules.cite(d.reason.clause()).to_string();
                t.log.push(Entry {
                    time: now(),
                    ply: t.moves.len(),
                    what: Happening::Draw {
                        binding: d.binding,
                        at: d.at,
                        occurrence: d.occurrence,
                        clause,
                    },
                });
            }
        }
        let Some(journal) = self.journal() else {
            return;
        };
        let Some(journal) = journal else {
            let r = self.hall.write_table(&mut self.kv, t.clone());
            if self.written(r) && show {
                self.show(t.number);
            }
            return;
        };
        let t = match self.hall.prepare(&self.kv, t) {
            Ok(t) => t,
            Err(err) => {
                self.written(Err(err));
                return;
            }
        };
        let Ok(text) = serde_json::to_string(&t) else {
            return self.say(Some(w.refused));
        };
        let copy = Copy {
            key: table_key(&t.event, t.number),
            rev: t.rev,
            text,
        };
        self.desk.pending.push(t.clone());
        append(journal, copy, move |app, stored| {
            app.desk
                .pending
                .retain(|p| (&p.event, p.number) != (&t.event, t.number));
            match stored {
                Ok(()) => {
                    app.hall.keep(&mut app.kv, t.clone());
                    app.say(None);
                    if show {
                        app.show(t.number);
                    }
                }
                Err(AppendError::Conflict(newer)) => {
                    if let Some(s) = newer.and_then(|text| read_table(&text).ok()) {
                        app.hall.keep(&mut app.kv, s);
                    }
                    app.say(Some(words(app.lang).conflict));
                }
                Err(AppendError::Failed) => {
                    // The change as it was before `prepare`, to `localStorage`.
                    let mut t = t.clone();
                    t.rev -= 1;
                    let r = app.hall.write_table(&mut app.kv, t.clone());
                    if app.written(r) && show {
                        app.show(t.number);
                    }
                }
            }
        });
    }

    /// Where a change goes now: `Some(Some(journal))`, or `Some(None)` for
    /// `localStorage` alone; `None` (and said so) while the journal is
    /// being opened, when nothing can be stored yet.
    fn journal(&mut self) -> Option<Option<Journal>> {
        match (self.desk.mode, &self.journal) {
            (Mode::Opening, _) => {
                self.say(Some(words(self.lang).journal_opening));
                None
            }
            (Mode::Journal, Some(j)) => Some(Some(j.clone())),
            _ => Some(None),
        }
    }

    /// Says why a write failed; `true` if it did not.
    fn written(&mut self, r: Result<(), WriteError>) -> bool {
        let w = words(self.lang);
        match r {
            Ok(()) => self.say(None),
            Err(WriteError::Conflict) => self.say(Some(w.conflict)),
            Err(WriteError::Refused) => self.say(Some(w.refused)),
        }
        r.is_ok()
    }

    /// Whether the table shown has a change being stored, saying so: it
    /// takes no other change until the journal has committed that one
    /// (and a move typed now would be read against the position before it).
    fn busy(&mut self) -> bool {
        let pending = self
            .current()
            .is_some_and(|(e, t)| self.desk.pending(&e.id, t.number).is_some());
        if pending {
            self.say(Some(words(self.lang).busy));
        }
        pending
    }

    /// Shows table `n` of the event shown.
    fn show(&mut self, n: u32) {
        self.desk.table = Some(n);
        self.remember();
        if self.opening.take().is_some() {
            // Stored: a reload now shows the table, it does not add another.
            if let Ok(h) = window().history() {
                let _ = h.replace_state_with_url(&JsValue::NULL, "", Some("#/arbiter"));
            }
        }
    }

    fn play(&mut self, mv: Move) {
        let Some((e, mut t)) = self.current() else {
            return;
        };
        self.desk.selected = None;
        if t.result().is_some() {
            self.say(Some(words(self.lang).game_over));
            return;
        }
        t.moves.push(mv.to_string());
        self.commit(&e, t, false);
    }

    fn log(&mut self, what: Happening) {
        let Some((e, mut t)) = self.current() else {
            return;
        };
        t.log.push(Entry {
            time: now(),
            ply: t.moves.len(),
            what,
        });
        self.commit(&e, t, false);
    }

    /// `#/arbiter?rules=R&fen=F`: a new table at that position, in the
    /// current event if it is judged by R, in a new event otherwise.
    fn open_from(&mut self, query: &str) {
        let get = |name: &str| {
            query
                .split('&')
                .filter_map(|kv| kv.split_once('='))
                .find(|(k, _)| *k == name)
                .map(|(_, v)| decode(v, true))
        };
        let rules = get("rules").and_then(|r| r.parse::<qili::rules::Edition>().ok());
        let fen = get("fen").filter(|f| !f.trim().is_empty());
        let w = words(self.lang);
        if let Some(f) = &fen {
            if let Err(err) = Game::replay(Some(f), &[]) {
                let text = format!("{}{}", w.bad_fen, err);
                self.say(Some(&text));
                return;
            }
        }
        let event = self
            .event()
            .filter(|e| rules.is_none_or(|r| e.edition() == r))
            .cloned();
        let event = match event {
            Some(e) => e,
            None => {
                let rules = rules.unwrap_or(qili::rules::Edition::Cxa2020);
                match self.new_event(String::new(), rules.name().into(), "1".into()) {
                    Some(e) => e,
                    None => return,
                }
            }
        };
        let n = self
            .hall
            .tables_of(&event.id)
            .map(|t| t.number)
            .max()
            .unwrap_or(0)
            + 1;
        self.desk.event = Some(event.id.clone());
        self.remember();
        self.commit(&event, Table::new(&event.id, n, fen), true);
    }

    fn new_event(&mut self, name: String, rules: String, round: String) -> Option<Meet> {
        let mut id = now().to_string();
        while self.hall.event(&id).is_some() {
            id.push('x');
        }
        let name = if name.trim().is_empty() {
            format!(
                "{} {}",
                words(self.lang).events,
                crate::export::iso_time(now()).get(..10).unwrap_or("")
            )
        } else {
            name
        };
        let e = Meet {
            id,
            name,
            rules,
            round,
        };
        let Some(journal) = self.journal()? else {
            if self.hall.add_event(&mut self.kv, e.clone()).is_err() {
                self.say(Some(words(self.lang).refused));
                return None;
            }
            return Some(e);
        };
        let copy = Copy {
            key: format!("{EVENTS}{}", e.id),
            rev: 1,
            text: serde_json::to_string(&e).ok()?,
        };
        let kept = e.clone();
        // Appended before any table of the event (transactions on the
        // journal complete in the order they were made).
        append(journal, copy, move |app, stored| match stored {
            Ok(()) => app.hall.keep_event(&mut app.kv, kept),
            Err(AppendError::Conflict(_)) => app.say(Some(words(app.lang).conflict)),
            Err(AppendError::Failed) => {
                if app.hall.add_event(&mut app.kv, kept).is_err() {
                    app.say(Some(words(app.lang).refused));
                }
            }
        });
        Some(e)
    }

    /// Opens the journal, merges what it holds into what `localStorage`
    /// gave at mount, and starts recording (with `localStorage` alone if
    /// there is no journal).
    async fn start() {
        let journal = Journal::open().await;
        let records = match &journal {
            Some(j) => j.read().await.ok(),
            None => None,
        };
        let aside = with(|app| {
            let mut aside = Vec::new();
            match (journal, records) {
                (Some(j), Some(records)) => {
                    let (keys, copies): (Vec<JsValue>, Vec<_>) = records.into_iter().unzip();
                    let moved = app.hall.restore(&mut app.kv, &copies, now());
                    aside = moved.into_iter().map(|i| keys[i].clone()).collect();
                    app.journal = Some(j);
                    app.desk.mode = Mode::Journal;
                }
                _ => app.desk.mode = Mode::LocalOnly,
            }
            if app.desk.event.is_none() {
                app.choose(); // what only the journal had may now be there
            }
            if let Some(query) = app.opening.clone() {
                app.open_from(&query);
            }
            app.draw();
            aside
        });
        let journal = with(|app| app.journal.clone()).flatten();
        if let (Some(j), Some(aside)) = (journal, aside.filter(|a| !a.is_empty())) {
            // Set aside in `localStorage` already: out of the journal.
            j.forget(&aside).await;
        }
    }
}

/// Appends `copy` to the journal; once its transaction is over, hands the
/// outcome to `then` and redraws. If the journal failed, the page goes on
/// with `localStorage` alone from now on (and says so), and `then` is to
/// write the change there.
fn append(
    journal: Journal,
    copy: Copy,
    then: impl FnOnce(&mut App, Result<(), AppendError>) + 'static,
) {
    wasm_bindgen_futures::spawn_local(async move {
        let stored = journal.append(&copy).await;
        with(|app| {
            if matches!(stored, Err(AppendError::Failed)) {
                app.journal = None;
                app.desk.mode = Mode::JournalFailed;
            }
            then(app, stored);
            app.draw();
        });
    });
}

/// Asks the browser to keep the storage (an event's record must survive
/// storage pressure) and shows whether it agreed.
fn ask_persist() {
    let Ok(storage) = Reflect::get(&window().navigator(), &"storage".into()) else {
        return;
    };
    if storage.is_undefined() {
        return;
    }
    let storage: web_sys::StorageManager = storage.unchecked_into();
    let Ok(p) = storage.persist() else { return };
    wasm_bindgen_futures::spawn_local(async move {
        let granted = wasm_bindgen_futures::JsFuture::from(p)
            .await
            .ok()
            .and_then(|v| v.as_bool());
        with(|app| {
            app.desk.persisted = granted;
            app.draw();
        });
    });
}

/// The module's styles, adopted by the document once (a constructed style
/// sheet: no inline style for the site's CSP to refuse).
fn adopt_styles() {
    let Ok(sheet) = CssStyleSheet::new() else {
        return;
    };
    let _ = sheet.replace_sync(include_str!("arbiter.css"));
    let Some(doc) = window().document() else {
        return;
    };
    let list = Reflect::get(&doc, &"adoptedStyleSheets".into())
        .map(|v| Array::from(&v))
        .unwrap_or_default();
    list.push(&sheet);
    let _ = Reflect::set(&doc, &"adoptedStyleSheets".into(), &list);
}

/// Fills the arbiter page's place (`[data-arbiter=page]`, drawn by the
/// site on `#/arbiter`) in `lang` (the site's `lang` attribute). Called by
/// the loader whenever the page or the language changes; the first call
/// reads the storage and starts listening.
#[wasm_bindgen]
pub fn mount(place: &Element, lang: &str) {
    if APP.with(|a| a.borrow().is_none()) {
        let mut kv = LocalStorage::of_window();
        let hall = Hall::load(&mut kv, now());
        APP.with(|a| {
            *a.borrow_mut() = Some(App {
                kv,
                journal: None,
                opening: None,
                hall,
                desk: Desk::default(),
                lang: Lang::Zh,
                place: None,
                drag: None,
            })
        });
        adopt_styles();
        listen();
        ask_persist();
        with(App::choose);
        wasm_bindgen_futures::spawn_local(App::start());
    }
    let hash = window().location().hash().unwrap_or_default();
    with(|app| {
        app.lang = Lang::from_tag(lang);
        app.place = Some(place.clone());
        // The site's glyph setting (saved by the site before it mounts us).
        app.desk.glyphs = app
            .kv
            .get("qili.glyphs")
            .and_then(|g| qili_diagram::Glyphs::from_name(&g))
            .unwrap_or_default();
        if let Some((_, query)) = hash.split_once('?') {
            if app.opening.as_deref() != Some(query) {
                app.opening = Some(query.to_string());
                if app.desk.mode != Mode::Opening {
                    app.open_from(query);
                }
            }
        }
        app.draw();
    });
}

fn closest(ev: &Event, selector: &str) -> Option<Element> {
    ev.target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .and_then(|e| e.closest(selector).ok().flatten())
}

fn on(target: &web_sys::EventTarget, kind: &str, f: impl FnMut(Event) + 'static) {
    let f = Closure::<dyn FnMut(Event)>::new(f);
    let _ = target.add_event_listener_with_callback(kind, f.as_ref().unchecked_ref());
    f.forget();
}

/// The value of the field `name` of `form`.
fn field(form: &Element, name: &str) -> String {
    let Ok(Some(el)) = form.query_selector(&format!("[name={name}]")) else {
        return String::new();
    };
    if let Some(i) = el.dyn_ref::<HtmlInputElement>() {
        i.value()
    } else if let Some(s) = el.dyn_ref::<HtmlSelectElement>() {
        s.value()
    } else {
        String::new()
    }
}

fn focus_input() {
    if let Some(e) = window()
        .document()
        .and_then(|d| d.query_selector("[data-arbiter-input]").ok().flatten())
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
    {
        let _ = e.focus();
    }
}

/// The square under a pointer event on the board.
fn square(ev: &Event, flipped: bool) -> Option<Square> {
    let svg = closest(ev, "[data-arbiter=page] svg.board")?;
    let p = ev.dyn_ref::<PointerEvent>()?;
    let r = svg.get_bounding_client_rect();
    if r.width() <= 0.0 || r.height() <= 0.0 {
        return None;
    }
    let x = (f64::from(p.client_x()) - r.left()) * 900.0 / r.width();
    let y = (f64::from(p.client_y()) - r.top()) * 1100.0 / r.height();
    square_at(x, y, flipped)
}

fn listen() {
    let doc = window().document().expect("a document");
    on(&doc, "click", |ev| {
        let Some(el) = closest(&ev, "[data-arbiter=page] [data-act]") else {
            return;
        };
        let act = el.get_attribute("data-act").unwrap_or_default();
        let arg = el.get_attribute("data-arg").unwrap_or_default();
        act_on(&act, arg);
    });
    on(&doc, "change", |ev| {
        if let Some(s) = closest(&ev, "[data-arbiter=page] [data-act-change=notation]") {
            let iccs = s
                .dyn_ref::<HtmlSelectElement>()
                .is_some_and(|s| s.value() == "iccs");
            with(|app| app.desk.iccs = iccs);
        }
    });
    on(&doc, "submit", |ev| {
        let Some(form) = closest(&ev, "[data-arbiter=page] form[data-form]") else {
            return;
        };
        ev.prevent_default();
        let kind = form.get_attribute("data-form").unwrap_or_default();
        let submitter = Reflect::get(&ev, &"submitter".into())
            .ok()
            .and_then(|s| s.dyn_into::<Element>().ok())
            .and_then(|s| s.get_attribute("value"));
        submit(&kind, &form, submitter.as_deref());
        if kind == "move" {
            focus_input();
        }
    });
    on(&doc, "pointerdown", |ev| {
        let Some(flipped) = with(|app| app.current().is_some_and(|(_, t)| t.flipped)) else {
            return;
        };
        let Some(sq) = square(&ev, flipped) else {
            return;
        };
        ev.prevent_default();
        with(|app| {
            if app.busy() {
                return app.draw();
            }
            let Some((_, t)) = app.current() else { return };
            let Ok(g) = t.game() else { return };
            match app.desk.selected.map(|from| Move::new(from, sq)) {
                Some(mv) if g.now.is_legal(mv) => {
                    app.drag = None;
                    app.play(mv);
                }
                _ => {
                    let own = g.now.piece_at(sq).is_some_and(|p| p.color == g.now.turn());
                    app.desk.selected = own.then_some(sq);
                    app.drag = app.desk.selected;
                }
            }
            app.draw();
        });
    });
    on(&doc, "pointerup", |ev| {
        let Some(flipped) = with(|app| app.current().is_some_and(|(_, t)| t.flipped)) else {
            return;
        };
        let sq = square(&ev, flipped);
        with(|app| {
            let (Some(from), Some(to)) = (app.drag.take(), sq) else {
                return;
            };
            let Some((_, t)) = app.current() else { return };
            let mv = Move::new(from, to);
            if from != to && t.game().is_ok_and(|g| g.now.is_legal(mv)) {
                app.play(mv);
                app.draw();
            }
        });
    });
    on(&window(), "storage", |_| {
        with(|app| {
            app.hall.reload(&mut app.kv, now());
            app.draw();
        });
    });
}

fn act_on(act: &str, arg: String) {
    with(|app| {
        match act {
            "event" => {
                app.desk.event = Some(arg.clone());
                app.desk.table = app.hall.tables_of(&arg).next().map(|t| t.number);
                app.desk.selected = None;
                app.remember();
            }
            "table" => {
                app.desk.table = arg.parse().ok();
                app.desk.selected = None;
                app.remember();
            }
            "flip" if app.busy() => {}
            "flip" => {
                if let Some((e, mut t)) = app.current() {
                    t.flipped = !t.flipped;
                    app.commit(&e, t, false);
                }
            }
            "pgn" | "event-pgn" | "csv" => {
                let Some(e) = app.event().cloned() else {
                    return;
                };
                let one: Vec<&Table> = match (act, app.desk.table) {
                    ("pgn", Some(n)) => app.hall.table(&e.id, n).into_iter().collect(),
                    _ => app.hall.tables_of(&e.id).collect(),
                };
                let notation = if app.desk.iccs {
                    qili::notation::Notation::Iccs
                } else {
                    qili::notation::Notation::CHINESE
                };
                let base = match (act, one.first()) {
                    ("pgn", Some(t)) => format!("{}-{}", e.name, t.number),
                    _ => e.name.clone(),
                };
                if act == "csv" {
                    download(
                        &format!("{base}.csv"),
                        "text/csv",
                        &log_csv(&e, one, app.lang),
                    );
                } else {
                    let text = event_pgn(&e, one, notation, app.lang);
                    download(&format!("{base}.pgn"), "application/x-chess-pgn", &text);
                }
                return;
            }
            "aside-get" => {
                if let Some(a) = app.hall.aside.iter().find(|a| a.key == arg) {
                    download(&format!("{}.json", a.key), "application/json", &a.text);
                }
                return;
            }
            "aside-drop" => {
                let sure = window()
                    .confirm_with_message(words(app.lang).discard)
                    .unwrap_or(false);
                if sure {
                    app.hall.discard(&mut app.kv, &arg);
                }
            }
            _ => return,
        }
        app.draw();
    });
}

fn submit(kind: &str, form: &Element, submitter: Option<&str>) {
    let get = |name: &str| field(form, name);
    with(|app| {
        let w = words(app.lang);
        if matches!(kind, "move" | "undo" | "result" | "ruling") && app.busy() {
            return app.draw();
        }
        match kind {
            "event" => {
                if let Some(e) = app.new_event(get("name"), get("rules"), get("round")) {
                    app.desk.event = Some(e.id);
                    app.desk.table = None;
                    app.remember();
                }
            }
            "table" => {
                let Some(e) = app.event().cloned() else {
                    return;
                };
                let Ok(number) = get("number").trim().parse::<u32>() else {
                    app.say(Some(w.number_taken));
                    return app.draw();
                };
                let fen = Some(get("fen")).filter(|f| !f.trim().is_empty());
                if let Some(f) = &fen {
                    if let Err(err) = Game::replay(Some(f), &[]) {
                        let text = format!("{}{}", w.bad_fen, err);
                        app.say(Some(&text));
                        return app.draw();
                    }
                }
                let mut t = Table::new(&e.id, number, fen);
                (t.red, t.black) = (get("red"), get("black"));
                if app.hall.table(&e.id, number).is_some()
                    || app.kv.get(&table_key(&e.id, number)).is_some()
                {
                    app.say(Some(w.number_taken));
                } else {
                    app.commit(&e, t, true);
                }
            }
            "move" => {
                let typed = form
                    .query_selector("[data-arbiter-input]")
                    .ok()
                    .flatten()
                    .and_then(|i| i.dyn_into::<HtmlInputElement>().ok())
                    .map(|i| i.value())
                    .unwrap_or_default();
                let Some((_, t)) = app.current() else { return };
                let Ok(g) = t.game() else { return };
                match g.read(&typed) {
                    Ok(mv) => app.play(mv),
                    Err(why) => {
                        let text = format!("{typed}: {why}");
                        app.say(Some(&text));
                    }
                }
            }
            "undo" => {
                let reason = get("reason");
                let Some((e, mut t)) = app.current() else {
                    return;
                };
                if reason.trim().is_empty() {
                    app.say(Some(w.undo_needs_reason));
                } else if let Some(iccs) = t.moves.pop() {
                    t.log.push(Entry {
                        time: now(),
                        ply: t.moves.len(),
                        what: Happening::Undo { iccs, reason },
                    });
                    app.commit(&e, t, false);
                }
            }
            "result" => {
                let score = Score::ALL.into_iter().find(|s| s.pgn() == get("score"));
                let why = Termination::from_code(&get("termination"));
                if let (Some(score), Some(termination)) = (score, why) {
                    app.log(Happening::Result { score, termination });
                }
            }
            "ruling" => app.log(Happening::Ruling {
                confirmed: submitter != Some("0"),
                note: get("note"),
            }),
            _ => return,
        }
        app.draw();
    });
}

/// Offers `text` as a file download named `name`: a link to a `blob:` URL,
/// clicked (allowed by the site's CSP).
fn download(name: &str, kind: &str, text: &str) {
    let parts = Array::of1(&JsValue::from_str(text));
    let opts = BlobPropertyBag::new();
    opts.set_type(kind);
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
    let revoke = Closure::once_into_js(move || {
        let _ = Url::revoke_object_url(&url);
    });
    let _ = window()
        .set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 10_000);
}
