//! The arbiter page's markup, written as text with every stored or typed
//! text escaped ([`qili_web::markup`]). The page is drawn whole from the
//! stored hall and the desk (what this tab shows); the hooks the external
//! checks use are kept stable: `[data-arbiter-input]`, `[data-ply][data-iccs]`
//! per recorded move, `[data-arbiter-warning]` with `data-side` and
//! `data-binding`, `[data-export=pgn]` and `[data-export=event-pgn]`.
//!
//! A repetition *draw* has its own element, `[data-arbiter-draw]` with
//! `data-binding` (`false` while it is a notice, `true` once it binds), so
//! that `[data-arbiter-warning]` keeps meaning "this side loses". A move
//! being stored is listed as `[data-pending-iccs]`, without `data-ply`: it
//! is not recorded until the storage says so.

use qili::notation::Notation;
use qili::rules::Edition;
use qili::{fen, Square};
use qili_diagram::{draw, Glyphs, Overlay, ReportText, Scene};
use qili_web::markup::Markup;
use qili_web::url::encode;

use crate::export::iso_time;
use crate::model::{Event, Score, Table, Termination};
use crate::store::{Hall, Mode};
use crate::strings::{self, words, Lang};
use crate::watch::{assess, Watch};

/// What this tab shows: the event and table chosen, the piece picked up,
/// the last message.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Desk {
    /// The event shown.
    pub event: Option<String>,
    /// The table shown.
    pub table: Option<u32>,
    /// The piece picked up on the board.
    pub selected: Option<Square>,
    /// The last message (an illegal move, a refused write…).
    pub status: Option<String>,
    /// Whether the browser keeps the storage (`None`: unknown yet).
    pub persisted: Option<bool>,
    /// Export moves in ICCS rather than Chinese.
    pub iccs: bool,
    /// The pieces' glyphs: the site's setting (`qili.glyphs`), which the
    /// board and its pictures follow.
    pub glyphs: Glyphs,
    /// Where changes are stored.
    pub mode: Mode,
    /// Changed copies of tables being stored, not yet shown as recorded.
    pub pending: Vec<Table>,
}

impl Desk {
    /// The copy of table `number` of event `id` being stored, if any.
    pub fn pending(&self, id: &str, number: u32) -> Option<&Table> {
        self.pending
            .iter()
            .find(|t| t.event == id && t.number == number)
    }
}

/// What the rules say at a table, if its game replays.
pub fn watch_of(e: &Event, t: &Table) -> Option<Watch> {
    let g = t.game().ok()?;
    assess(e.edition(), &g.start, &g.moves).ok()
}

fn button(m: &mut Markup, act: &str, arg: &str, current: bool, text: &str) {
    m.open(
        "button",
        &[
            ("type", Some("button")),
            ("data-act", Some(act)),
            ("data-arg", Some(arg)),
            ("aria-current", current.then_some("true")),
        ],
    )
    .text(text)
    .close("button");
}

fn input(m: &mut Markup, label: &str, name: &str, value: &str) {
    m.open("label", &[])
        .text(label)
        .open("input", &[("name", Some(name)), ("value", Some(value))])
        .close("label");
}

fn select(m: &mut Markup, label: &str, name: &str, options: &[(&str, &str)]) {
    m.open("label", &[])
        .text(label)
        .open("select", &[("name", Some(name))]);
    for (v, text) in options {
        m.open("option", &[("value", Some(v))])
            .text(text)
            .close("option");
    }
    m.close("select").close("label");
}

/// The whole page.
pub fn page(lang: Lang, hall: &Hall, desk: &Desk) -> String {
    let w = words(lang);
    let mut out = String::new();
    let mut m = Markup::new();
    m.el("h2", "", w.title).el("p", "intro", w.intro);
    let (persist, text) = match desk.persisted {
        Some(true) => ("granted", w.persisted),
        Some(false) => ("denied", w.not_persisted),
        None => ("unknown", w.persist_unknown),
    };
    m.open(
        "p",
        &[
            ("class", Some("arb-persist")),
            ("data-persist", Some(persist)),
        ],
    )
    .text(text)
    .close("p");
    let journal = match desk.mode {
        Mode::Opening => w.journal_opening,
        Mode::Journal => w.journal,
        Mode::LocalOnly => w.journal_none,
        Mode::JournalFailed => w.journal_failed,
    };
    m.open(
        "p",
        &[
            ("class", Some("arb-journal")),
            ("data-journal", Some(desk.mode.code())),
        ],
    )
    .text(journal)
    .close("p");
    m.open(
        "p",
        &[("class", Some("arb-status")), ("role", Some("status"))],
    )
    .text(desk.status.as_deref().unwrap_or(""))
    .close("p");
    aside(&mut m, lang, hall);
    events(&mut m, lang, hall, desk);
    let event = desk.event.as_deref().and_then(|id| hall.event(id));
    if let Some(e) = event {
        tables(&mut m, lang, hall, e, desk);
        if let Some(t) = desk.table.and_then(|n| hall.table(&e.id, n)) {
            table(&mut out, &mut m, lang, e, t, desk);
        }
    }
    out.push_str(&m.finish());
    out
}

fn aside(m: &mut Markup, lang: Lang, hall: &Hall) {
    if hall.aside.is_empty() {
        return;
    }
    let w = words(lang);
    m.open(
        "div",
        &[("class", Some("notice")), ("data-arbiter-aside", Some(""))],
    )
    .el("p", "", w.aside)
    .open("ul", &[]);
    for a in &hall.aside {
        m.open("li", &[]).el("code", "", &a.key).text(" ");
        button(m, "aside-get", &a.key, false, w.download);
        button(m, "aside-drop", &a.key, false, w.discard);
        m.close("li");
    }
    m.close("ul").close("div");
}

fn events(m: &mut Markup, lang: Lang, hall: &Hall, desk: &Desk) {
    let w = words(lang);
    m.open("section", &[("class", Some("arb-events"))])
        .el("h3", "", w.events);
    if hall.events.is_empty() {
        m.el("p", "", w.no_event);
    }
    m.open("div", &[("class", Some("arb-list"))]);
    for e in &hall.events {
        let text = format!("{} · {} · {}", e.name, lang.edition(e.edition()), e.round);
        button(
            m,
            "event",
            &e.id,
            desk.event.as_deref() == Some(&e.id),
            &text,
        );
    }
    m.close("div");
    m.open("details", &[("open", hall.events.is_empty().then_some(""))])
        .el("summary", "", w.new_event)
        .open("form", &[("data-form", Some("event"))]);
    input(m, w.event_name, "name", "");
    let editions: Vec<(&str, &str)> = Edition::ALL
        .iter()
        .map(|&e| (e.name(), lang.edition(e)))
        .collect();
    select(m, w.rules, "rules", &editions);
    input(m, w.round, "round", "1");
    m.el("button", "", w.new_event)
        .close("form")
        .close("details")
        .close("section");
}

fn tables(m: &mut Markup, lang: Lang, hall: &Hall, e: &Event, desk: &Desk) {
    let w = words(lang);
    m.open("section", &[("class", Some("arb-hall"))])
        .el("h3", "", w.tables);
    m.open("ul", &[("class", Some("arb-tables"))]);
    let mut next = 1;
    for t in hall.tables_of(&e.id) {
        next = next.max(t.number + 1);
        let watch = watch_of(e, t);
        let open = watch.as_ref().and_then(|x| x.alert);
        let last = t
            .game()
            .ok()
            .and_then(|g| {
                let before = g.moves.len().checked_sub(1)?;
                let (pos, _) = qili_diagram::svg::at_ply(&g.start, &g.moves, before);
                Some(Notation::CHINESE.write(&pos, g.moves[before]))
            })
            .unwrap_or_else(|| "—".into());
        let mut text = format!(
            "{} {} · {} – {} · {} {} ({})",
            w.table,
            t.number,
            t.red,
            t.black,
            w.last_move,
            last,
            t.moves.len().div_ceil(2)
        );
        if let Some(a) = open {
            text.push_str(if a.binding { " ■ " } else { " ⚠ " });
            text.push_str(strings::side(lang, a.side));
        }
        if let Some(d) = watch.as_ref().and_then(|x| x.draw) {
            text.push_str(if d.binding { " ■ ½" } else { " ⚠ ½" });
        }
        if let Some((s, _)) = t.result() {
            text.push_str(" · ");
            text.push_str(s.pgn());
        }
        m.open("li", &[]);
        button(
            m,
            "table",
            &t.number.to_string(),
            desk.table == Some(t.number),
            &text,
        );
        m.close("li");
    }
    m.close("ul");
    m.open("details", &[])
        .el("summary", "", w.add_table)
        .open("form", &[("data-form", Some("table"))]);
    input(m, w.number, "number", &next.to_string());
    input(m, w.red, "red", "");
    input(m, w.black, "black", "");
    input(m, w.start_fen, "fen", "");
    m.el("button", "", w.add_table)
        .close("form")
        .close("details")
        .close("section");
}

/// The board, drawn by the shared drawing code (`qili-diagram`, whose
/// texts are escaped there) with the piece picked up and where it can go;
/// and the analysis board's address of the game, which the Export menu
/// (issue 17) draws from.
fn board(e: &Event, t: &Table, desk: &Desk) -> Option<(String, String)> {
    let g = t.game().ok()?;
    let pieces = qili_diagram::svg::pieces(&g.now);
    let overlay = g
        .moves
        .last()
        .map(|&mv| Overlay::last_move(mv))
        .unwrap_or_default();
    let dests: Vec<Square> = desk
        .selected
        .map(|s| g.now.legal_moves_from(s).iter().map(|mv| mv.to).collect())
        .unwrap_or_default();
    let scene = Scene {
        pieces: &pieces,
        flipped: t.flipped,
        overlay: &overlay,
        selected: desk.selected,
        dests: &dests,
        lifted: None,
        glyphs: desk.glyphs,
    };
    let svg = format!(
        "<svg class=\"board interactive\" viewBox=\"0 0 900 1100\" role=\"img\"><g class=\"under\">{}</g><g class=\"drawing\">{}</g></svg>",
        draw::board(desk.glyphs),
        draw::draw(scene)
    );
    let iccs: Vec<String> = g.moves.iter().map(|mv| mv.to_string()).collect();
    let line = format!(
        "#/analysis?fen={}&moves={}&rules={}",
        encode(&fen::write(&g.start)),
        iccs.join("+"),
        e.rules
    );
    Some((svg, line))
}

fn table(out: &mut String, m: &mut Markup, lang: Lang, e: &Event, t: &Table, desk: &Desk) {
    let w = words(lang);
    let Ok(g) = t.game() else { return };
    let watch = watch_of(e, t);
    m.open(
        "section",
        &[
            ("class", Some("arb-desk")),
            ("data-table", Some(&t.number.to_string())),
        ],
    );
    m.el(
        "h3",
        "",
        &format!("{} {} · {} – {}", w.table, t.number, t.red, t.black),
    );
    m.open("div", &[("class", Some("board-col"))]);
    if let Some((svg, line)) = board(e, t, desk) {
        m.open("div", &[("class", Some("arb-board"))]);
        out.push_str(&std::mem::take(m).finish());
        out.push_str(&svg);
        m.close("div")
            .open("div", &[("class", Some("arb-controls"))]);
        button(m, "flip", "", false, w.flip);
        m.open(
            "button",
            &[
                ("type", Some("button")),
                ("data-export-menu", Some("")),
                ("data-line", Some(&line)),
            ],
        )
        .text(lang.pick("导出…", "Export…"))
        .close("button")
        .close("div");
    }
    m.close("div");
    m.open(
        "form",
        &[("data-form", Some("move")), ("class", Some("arb-move"))],
    )
    .open("label", &[])
    .text(w.move_box)
    .open(
        "input",
        &[
            ("data-arbiter-input", Some("")),
            ("autocomplete", Some("off")),
            ("enterkeyhint", Some("done")),
        ],
    )
    .close("label")
    .el("button", "", w.play)
    .close("form");
    let pending = desk.pending(&e.id, t.number);
    // The moves in Chinese, for the move list and the cycle.
    let mut pos = g.start.clone();
    let zh: Vec<String> = g
        .moves
        .iter()
        .map(|&mv| {
            let text = Notation::CHINESE.write(&pos, mv);
            pos.play_unchecked(mv);
            text
        })
        .collect();
    // What the rules say comes first: it is what the arbiter looks for
    // after each move.
    if let Some(x) = &watch {
        live(m, lang, e, t, x, &zh);
    }
    m.open("ol", &[("class", Some("arb-moves"))]);
    for (i, (mv, text)) in g.moves.iter().zip(&zh).enumerate() {
        let iccs = mv.to_string();
        m.open(
            "li",
            &[
                ("data-ply", Some(&(i + 1).to_string())),
                ("data-iccs", Some(&iccs)),
            ],
        )
        .text(text)
        .close("li");
    }
    if let Some(p) = pending {
        pending_moves(m, lang, t, p);
    }
    m.close("ol");
    m.open("form", &[("data-form", Some("undo"))]);
    input(m, w.undo_reason, "reason", "");
    m.el("button", "", w.undo).close("form");
    m.open("form", &[("data-form", Some("result"))]);
    let scores: Vec<(&str, &str)> = Score::ALL
        .iter()
        .map(|&s| (s.pgn(), strings::score(lang, s)))
        .collect();
    select(m, w.result, "score", &scores);
    let whys: Vec<(&str, &str)> = Termination::ALL
        .iter()
        .map(|&x| (x.code(), strings::termination(lang, x)))
        .collect();
    select(m, "", "termination", &whys);
    m.el("button", "", w.result).close("form");
    log(m, lang, t);
    m.open("section", &[("class", Some("arb-export"))])
        .el("h3", "", w.export);
    m.open("label", &[])
        .text(w.notation)
        .text(" ")
        .open("select", &[("data-act-change", Some("notation"))]);
    for (v, text, on) in [("zh", "中文", !desk.iccs), ("iccs", "ICCS", desk.iccs)] {
        m.open(
            "option",
            &[("value", Some(v)), ("selected", on.then_some(""))],
        )
        .text(text)
        .close("option");
    }
    m.close("select").close("label");
    for (kind, text) in [("pgn", w.pgn), ("event-pgn", w.event_pgn), ("csv", w.csv)] {
        m.open(
            "button",
            &[
                ("type", Some("button")),
                ("data-act", Some(kind)),
                ("data-export", Some(kind)),
            ],
        )
        .text(text)
        .close("button");
    }
    m.close("section").close("section");
}

/// The moves of `p` (a copy of `t` being stored) that `t` does not have
/// yet, marked as pending; or, for another change, that one is stored.
fn pending_moves(m: &mut Markup, lang: Lang, t: &Table, p: &Table) {
    let w = words(lang);
    let Ok(g) = p.game() else { return };
    let new = g.moves.get(t.moves.len()..).unwrap_or(&[]);
    if new.is_empty() {
        m.open(
            "li",
            &[("class", Some("arb-pending")), ("aria-busy", Some("true"))],
        )
        .text(w.storing)
        .close("li");
        return;
    }
    let before = g.moves.len() - new.len();
    let (mut pos, _) = qili_diagram::svg::at_ply(&g.start, &g.moves, before);
    for &mv in new {
        let text = format!("{} — {}", Notation::CHINESE.write(&pos, mv), w.storing);
        pos.play_unchecked(mv);
        m.open(
            "li",
            &[
                ("class", Some("arb-pending")),
                ("aria-busy", Some("true")),
                ("data-pending-iccs", Some(&mv.to_string())),
            ],
        )
        .text(&text)
        .close("li");
    }
}

/// The form to confirm or override the ruling shown, with a note.
fn ruling_form(m: &mut Markup, lang: Lang) {
    let w = words(lang);
    m.open("form", &[("data-form", Some("ruling"))]);
    input(m, w.note, "note", "");
    m.open("button", &[("name", Some("confirm")), ("value", Some("1"))])
        .text(w.confirm)
        .close("button")
        .open("button", &[("name", Some("confirm")), ("value", Some("0"))])
        .text(w.overrule)
        .close("button")
        .close("form");
}

fn live(m: &mut Markup, lang: Lang, e: &Event, t: &Table, x: &Watch, zh: &[String]) {
    let w = words(lang);
    m.open("section", &[("class", Some("arb-live"))])
        .el("h3", "", w.live);
    m.el("p", "", &format!("{}: {}", w.occurred, x.occurrences));
    if x.cycle.is_empty() {
        m.el("p", "", w.no_cycle);
    } else {
        m.el("h4", "", w.cycle)
            .open("ol", &[("class", Some("arb-cycle"))]);
        for &(ply, label) in &x.cycle {
            let word = lang.pick(label.zh(), label.en());
            m.open("li", &[("data-cycle-ply", Some(&ply.to_string()))])
                .text(&format!(
                    "{ply}: {} {word}",
                    zh.get(ply - 1).map_or("", String::as_str)
                ))
                .close("li");
        }
        m.close("ol");
        if let Some((r, b)) = x.patterns {
            m.el(
                "p",
                "arb-patterns",
                &format!(
                    "{} {} · {} {} · {}",
                    lang.side(true),
                    strings::pattern(lang, r),
                    lang.side(false),
                    strings::pattern(lang, b),
                    lang.ruling(x.ruling)
                ),
            );
        }
    }
    let rules = e.edition().rulebook();
    if let Some(a) = x.alert {
        let clause = rules.cite(a.reason.clause());
        m.open(
            "div",
            &[
                ("class", Some("arb-warning")),
                ("role", Some("alert")),
                ("data-arbiter-warning", Some("")),
                ("data-side", Some(crate::model::Side::from(a.side).code())),
                (
                    "data-binding",
                    Some(if a.binding { "true" } else { "false" }),
                ),
            ],
        )
        .el("p", "", &strings::alert(lang, &a, clause, t.moves.len()));
        ruling_form(m, lang);
        m.close("div");
    }
    if let Some(d) = x.draw {
        let clause = rules.cite(d.reason.clause());
        m.open(
            "div",
            &[
                ("class", Some("arb-draw")),
                ("role", Some("status")),
                ("data-arbiter-draw", Some("")),
                (
                    "data-binding",
                    Some(if d.binding { "true" } else { "false" }),
                ),
            ],
        )
        .el("p", "", &strings::draw(lang, &d, clause, t.moves.len()));
        ruling_form(m, lang);
        m.close("div");
    }
    m.el(
        "p",
        "arb-natural",
        &format!("{}: {}", w.natural_left, x.natural_left),
    );
    m.close("section");
}

fn log(m: &mut Markup, lang: Lang, t: &Table) {
    let w = words(lang);
    m.open("section", &[("class", Some("arb-log"))])
        .el("h3", "", w.log);
    m.open("table", &[]).open("tr", &[]);
    for h in [w.time, w.ply, w.what] {
        m.el("th", "", h);
    }
    m.close("tr");
    for e in t.log.iter().rev() {
        m.open("tr", &[])
            .el("td", "", &iso_time(e.time))
            .el("td", "", &e.ply.to_string())
            .el("td", "", &strings::happening(lang, &e.what))
            .close("tr");
    }
    m.close("table").close("section");
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili_web::kv::MemoryKv;

    #[test]
    fn the_page_carries_the_hooks() {
        let mut kv = MemoryKv::default();
        let mut hall = Hall::load(&mut kv, 0);
        let e = Event {
            id: "e".into(),
            name: "Open <b>".into(),
            rules: "cxa1999".into(),
            round: "1".into(),
        };
        hall.add_event(&mut kv, e).unwrap();
        let mut t = Table::new("e", 1, Some("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w".into()));
        let cycle = ["f0e0", "e8f8", "e0f0", "f8e8"];
        t.moves = cycle.repeat(2).into_iter().map(String::from).collect();
        hall.write_table(&mut kv, t).unwrap();
        let desk = Desk {
            event: Some("e".into()),
            table: Some(1),
            ..Desk::default()
        };
        let html = page(Lang::En, &hall, &desk);
        assert!(html.contains("Open &lt;b&gt;"), "escaped");
        assert!(html.contains("data-arbiter-input"));
        assert!(html.contains(r#"data-ply="8" data-iccs="f8e8""#));
        assert!(html.contains(r#"data-arbiter-warning="" data-side="red" data-binding="false""#));
        assert!(
            html.contains(r#"data-export="pgn""#) && html.contains(r#"data-export="event-pgn""#)
        );
        assert!(html.contains("data-export-menu"));
        // Four more plies: the verdict binds.
        let mut t = hall.table("e", 1).unwrap().clone();
        t.moves.extend(cycle.map(String::from));
        hall.write_table(&mut kv, t).unwrap();
        let html = page(Lang::Zh, &hall, &desk);
        assert!(html.contains(r#"data-side="red" data-binding="true""#));
    }

    #[test]
    fn a_draw_has_its_own_hook_and_a_pending_move_no_ply() {
        let mut kv = MemoryKv::default();
        let mut hall = Hall::load(&mut kv, 0);
        let e = Event {
            id: "e".into(),
            name: "Open".into(),
            rules: "axf".into(),
            round: "1".into(),
        };
        hall.add_event(&mut kv, e).unwrap();
        let mut t = Table::new("e", 1, None);
        t.moves = ["b0c2", "b9c7", "c2b0", "c7b9"].map(String::from).to_vec();
        hall.write_table(&mut kv, t).unwrap();
        let mut desk = Desk {
            event: Some("e".into()),
            table: Some(1),
            mode: Mode::Journal,
            ..Desk::default()
        };
        let html = page(Lang::En, &hall, &desk);
        assert!(html.contains(r#"data-arbiter-draw="" data-binding="false""#));
        assert!(!html.contains("data-arbiter-warning"), "no side loses");
        assert!(html.contains("occurrence 3"), "AXF: the third occurrence");
        assert!(html.contains(r#"data-journal="indexeddb""#));
        // The next move, being stored: listed as pending, not recorded.
        let mut p = hall.table("e", 1).unwrap().clone();
        p.moves.push("b0c2".into());
        desk.pending.push(p);
        let html = page(Lang::En, &hall, &desk);
        assert!(html.contains(r#"data-pending-iccs="b0c2""#));
        assert!(!html.contains(r#"data-ply="5""#));
    }
}
