//! The parts the replay page and the analysis board share: the edition and
//! notation switches, the step controls, the move list, the current move's
//! detail, the verdict panel and the board legend. They render the engine's
//! report; the words come from [`crate::strings`].

use leptos::prelude::*;
use qili::rules::{Edition, IdleKind, Label, MoveReport, Report, Ruling};
use qili::{Color, Square};
use qili_web::show_line::control;
use wasm_bindgen::JsCast;

use crate::board::label_class;
use crate::judge::Shared;
use crate::markup::Markup;
use crate::notation::{self, Notation};
use crate::strings::{Lang, SiteText, Strings};
use crate::{flag, text, tr, Ui};

/// One line of the move list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveEntry {
    /// 1-based ply.
    pub ply: usize,
    /// Red's move.
    pub red: bool,
    /// The move in Chinese, WXF and ICCS.
    pub zh: String,
    /// WXF.
    pub wxf: String,
    /// ICCS.
    pub iccs: String,
    /// 将 杀 捉 闲.
    pub label: Label,
    /// 兑 献 拦 跟.
    pub sub: Option<IdleKind>,
    /// Inside the cycle the ruling is about.
    pub in_cycle: bool,
    /// Beyond the ply shown (can be redone); labelled from the whole line.
    pub ahead: bool,
}

impl MoveEntry {
    fn text(&self, n: Notation) -> &str {
        match n {
            Notation::Zh(_) => &self.zh,
            Notation::Wxf => &self.wxf,
            Notation::Iccs => &self.iccs,
        }
    }
}

/// The entries of a report's moves. With `rest`, the moves of `rest` beyond
/// `report`'s are appended as moves ahead (the analysis board's redo part).
pub fn entries(report: &Report, rest: Option<&Report>) -> Vec<MoveEntry> {
    let cycle = report.cycle.as_ref().map(|c| (c.first_ply, c.last_ply));
    let entry = |m: &MoveReport, ahead: bool| MoveEntry {
        ply: m.ply,
        red: m.side == Color::Red,
        zh: m.zh.clone(),
        wxf: m.wxf.clone(),
        iccs: m.iccs.clone(),
        label: m.label,
        sub: m.sub,
        in_cycle: !ahead && cycle.is_some_and(|(a, b)| (a..=b).contains(&m.ply)),
        ahead,
    };
    let mut out: Vec<MoveEntry> = report.moves.iter().map(|m| entry(m, false)).collect();
    if let Some(rest) = rest {
        out.extend(
            rest.moves
                .iter()
                .skip(report.moves.len())
                .map(|m| entry(m, true)),
        );
    }
    out
}

/// The three editions as a switch. `home` marks the example's own edition.
#[component]
pub fn EditionSwitch(
    /// The edition chosen.
    #[prop(into)]
    edition: Signal<Edition>,
    /// Called with the edition the user picks.
    on_change: Callback<Edition>,
    /// The example's own edition.
    #[prop(optional)]
    home: Option<Edition>,
) -> impl IntoView {
    let ui = Ui::get();
    view! {
        <div class="switch" role="group" aria-label=tr(|t| t.judge_by)>
            <span class="switch-label" aria-hidden="true">{tr(|t| t.judge_by)}</span>
            {Edition::ALL
                .into_iter()
                .map(|e| {
                    let title = text(move || {
                        let lang = ui.lang.get();
                        let mut s = lang.edition_name(e).to_string();
                        if home == Some(e) {
                            s.push_str(lang.strings().own_edition);
                        }
                        s
                    });
                    view! {
                        <button
                            type="button"
                            class="edition"
                            class:home=home == Some(e)
                            data-edition=e.name()
                            aria-pressed=flag(move || edition.get() == e)
                            title=title
                            aria-label=title
                            on:click=move |_| on_change.run(e)
                        >
                            {ui.lang.get_untracked().edition_short(e)}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// The notation switch (Chinese, WXF, ICCS), shared by every move list.
#[component]
pub fn NotationSwitch() -> impl IntoView {
    let ui = Ui::get();
    let name = |n: Notation| match n {
        Notation::Zh(_) => "中文",
        Notation::Wxf => "WXF",
        Notation::Iccs => "ICCS",
    };
    view! {
        <div class="switch" role="group" aria-label=tr(|t| t.notation)>
            <span class="switch-label" aria-hidden="true">{tr(|t| t.notation)}</span>
            {notation::SHOWN
                .into_iter()
                .map(|n| {
                    view! {
                        <button
                            type="button"
                            class="notation"
                            aria-pressed=flag(move || ui.notation.get() == n)
                            on:click=move |_| ui.notation.set(n)
                        >
                            {name(n)}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// What the step controls do.
#[derive(Clone, Copy)]
pub struct Steps {
    /// To the start.
    pub first: Callback<()>,
    /// One back.
    pub prev: Callback<()>,
    /// One on.
    pub next: Callback<()>,
    /// To the end.
    pub last: Callback<()>,
    /// Play or pause, if the page plays.
    pub toggle: Option<Callback<()>>,
    /// Turn the board.
    pub flip: Callback<()>,
}

/// The step toolbar: first, previous, play/pause, next, last, flip.
#[component]
pub fn StepControls(
    /// The actions.
    steps: Steps,
    /// At the start position.
    #[prop(into)]
    at_start: Signal<bool>,
    /// At the end of the line.
    #[prop(into)]
    at_end: Signal<bool>,
    /// Playing.
    #[prop(into, optional)]
    playing: Signal<bool>,
    /// Label "undo/redo" instead of "previous/next".
    #[prop(optional)]
    undo_redo: bool,
) -> impl IntoView {
    let (prev_label, next_label) = if undo_redo {
        (tr(|t| t.undo), tr(|t| t.redo))
    } else {
        (tr(|t| t.prev), tr(|t| t.next))
    };
    let button = move |class: &'static str,
                       label: Signal<&'static str>,
                       icon: &'static str,
                       disabled: Signal<bool>,
                       run: Callback<()>| {
        view! {
            <button
                type="button"
                class=class
                aria-label=label
                title=label
                disabled=disabled
                on:click=move |_| run.run(())
            >
                <span aria-hidden="true">{icon}</span>
            </button>
        }
    };
    let never = Signal::stored(false);
    let toggle = steps.toggle.map(|toggle| {
        let lang = Ui::get().lang;
        let label = Signal::derive(move || {
            let t = lang.get().strings();
            if playing.get() {
                t.pause
            } else {
                t.play
            }
        });
        view! {
            <button
                type="button"
                class="step play"
                aria-label=label
                title=label
                aria-pressed=flag(move || playing.get())
                on:click=move |_| toggle.run(())
            >
                <span aria-hidden="true">{Signal::derive(move || if playing.get() { "❚❚" } else { "▶" })}</span>
            </button>
        }
    });
    view! {
        <div class="controls" role="toolbar" aria-label=tr(|t| t.controls)>
            {button("step first", tr(|t| t.first), "«", at_start, steps.first)}
            {button("step prev", prev_label, "‹", at_start, steps.prev)}
            {toggle}
            {button("step next", next_label, "›", at_end, steps.next)}
            {button("step last", tr(|t| t.last), "»", at_end, steps.last)}
            {button("step flip", tr(|t| t.flip), "⇅", never, steps.flip)}
        </div>
    }
}

/// Keeps the current move visible inside the scrolling move list.
fn scroll_into_list(list: &web_sys::Element, ply: usize) {
    let Ok(Some(item)) = list.query_selector(&format!("[data-ply=\"{ply}\"]")) else {
        return;
    };
    let Ok(item) = item.dyn_into::<web_sys::HtmlElement>() else {
        return;
    };
    let (top, height) = (item.offset_top(), item.offset_height());
    let (scroll, view) = (list.scroll_top(), list.client_height());
    if top < scroll {
        list.set_scroll_top(top);
    } else if top + height > scroll + view {
        list.set_scroll_top(top + height - view);
    }
}

/// The move list: one button per move with its label, the current one marked.
/// Each move carries `data-label` and `data-sub` (testing hooks).
#[component]
pub fn MoveList(
    /// The moves.
    #[prop(into)]
    entries: Signal<Vec<MoveEntry>>,
    /// The ply shown.
    #[prop(into)]
    current: Signal<usize>,
    /// Called with the ply the user picks.
    on_select: Callback<usize>,
) -> impl IntoView {
    let ui = Ui::get();
    let list = NodeRef::<leptos::html::Ol>::new();
    Effect::new(move |_| {
        let ply = current.get();
        if let Some(el) = list.get() {
            scroll_into_list(&el, ply);
        }
    });
    let items = move || {
        let notation = ui.notation.get();
        let lang = ui.lang.get();
        entries
            .get()
            .into_iter()
            .map(|e| {
                let ply = e.ply;
                let number = if e.red {
                    format!("{}.", ply.div_ceil(2))
                } else {
                    format!("{}…", ply.div_ceil(2))
                };
                let name = lang.move_name(ply, e.red, e.text(notation), e.label, e.sub);
                let badge_class = format!("tag label-{}", label_class(e.label));
                let sub = e.sub.map(|s| view! { <span class="tag sub">{s.zh()}</span> });
                view! {
                    <li
                        class="move"
                        class:red=e.red
                        class:black=!e.red
                        class:in-cycle=e.in_cycle
                        class:ahead=e.ahead
                        data-ply=ply
                        data-label=e.label.zh()
                        data-sub=e.sub.map(IdleKind::zh)
                    >
                        <button
                            type="button"
                            aria-label=name
                            aria-current=Signal::derive(move || (current.get() == ply).then_some("step"))
                            on:click=move |_| on_select.run(ply)
                        >
                            <span class="num">{number}</span>
                            <span class="text">{e.text(notation).to_string()}</span>
                            <span class=badge_class>{e.label.zh()}</span>
                            {sub}
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <ol class="moves" node_ref=list aria-label=tr(|t| t.moves)>
            <li class="move start" data-ply="0">
                <button
                    type="button"
                    aria-current=Signal::derive(move || (current.get() == 0).then_some("step"))
                    on:click=move |_| on_select.run(0)
                >
                    <span class="text">{tr(|t| t.start_entry)}</span>
                </button>
            </li>
            {items}
        </ol>
    }
}

/// The detail of a move as markup: its label, why, and for a chase the
/// table of chased pieces.
pub fn detail_html(lang: Lang, notation: Notation, m: Option<&MoveReport>) -> String {
    let t = lang.strings();
    let mut h = Markup::new();
    let Some(m) = m else {
        h.el("p", "muted", t.no_move_yet);
        return h.finish();
    };
    h.open("p", &[("class", Some("detail-head"))]);
    h.el(
        "span",
        &format!("tag big label-{}", label_class(m.label)),
        m.label.zh(),
    );
    if let Some(s) = m.sub {
        h.open(
            "span",
            &[
                ("class", Some("tag big sub")),
                ("title", Some(lang.idle_kind(s))),
            ],
        )
        .text(s.zh())
        .close("span");
    }
    h.open("span", &[("class", Some("detail-move"))])
        .text(&format!(
            "{} {} ",
            lang.move_number(m.ply),
            lang.side(m.side == Color::Red)
        ))
        .el("strong", "", notation::pick(notation, m))
        .close("span");
    let mut label = lang.label(m.label).to_string();
    if let Some(s) = m.sub {
        label = format!("{label} · {}", lang.idle_kind(s));
    }
    h.el("span", "detail-label", &label).close("p");
    h.open("p", &[("class", Some("explanation"))])
        .text(lang.pick(&m.explanation.zh, &m.explanation.en))
        .text(" ")
        .el("span", "clause", &lang.clause(m.clause))
        .close("p");
    if !m.chases.is_empty() {
        h.open("div", &[("class", Some("table-wrap"))])
            .open("table", &[("class", Some("chases"))])
            .open("thead", &[])
            .open("tr", &[]);
        for head in [
            t.chased,
            t.attackers,
            t.method,
            t.root,
            t.protectors,
            t.gain,
        ] {
            h.open("th", &[("scope", Some("col"))])
                .text(head)
                .close("th");
        }
        h.close("tr").close("thead").open("tbody", &[]);
        for c in &m.chases {
            let counted = m.targets.contains(&c.square);
            h.open("tr", &[("class", counted.then_some("counted"))]);
            let mut method = lang.method(c.method).to_string();
            if let Some(k) = &c.check {
                method = format!("{method} ({k})");
            }
            let protectors = if c.protectors.is_empty() {
                "—".to_string()
            } else {
                joined(&c.protectors)
            };
            let piece = lang.piece_on(c.piece, c.square);
            let name = format!("{}{piece}", t.line_wins);
            h.open("td", &[]).text(&piece).text(" ");
            let square = c.square.to_string();
            control(&mut h, None, Some(&square), Some(&name), t.show_line);
            h.close("td");
            for cell in [
                joined(&c.attackers),
                method,
                lang.root(c.root).to_string(),
                protectors,
                c.gain.to_string(),
            ] {
                h.el("td", "", &cell);
            }
            h.close("tr");
        }
        h.close("tbody").close("table").close("div");
    }
    if !m.standing.is_empty() {
        h.el(
            "p",
            "small",
            &format!("{}{}", t.standing, joined(&m.standing)),
        );
    }
    // The mating line is in the engine's explanation; it can be shown (the
    // line view, crates/qili-export, adds the other claims' controls).
    if m.mate_line.as_ref().is_some_and(|l| !l.is_empty()) {
        h.open("p", &[]);
        control(&mut h, Some("mate"), None, None, t.show_mate);
        h.close("p");
    }
    if let Some(c) = m.arbiter {
        h.el("p", "small note", &lang.clause(c.clause()));
    }
    h.finish()
}

/// Squares in ICCS, space-separated.
fn joined(squares: &[Square]) -> String {
    let mut out = String::new();
    for s in squares {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&s.to_string());
    }
    out
}

/// The current move: its label, why, and for a chase the table of chased
/// pieces.
#[component]
pub fn MoveDetail(
    /// The move shown, `None` at the start position.
    #[prop(into)]
    mv: Signal<Option<MoveReport>>,
) -> impl IntoView {
    let ui = Ui::get();
    let body = Signal::derive(move || {
        mv.with(|m| detail_html(ui.lang.get(), ui.notation.get(), m.as_ref()))
    });
    view! {
        <section class="panel detail">
            <h3>{tr(|t| t.this_move)}</h3>
            <div inner_html=body></div>
        </section>
    }
}

/// The ruling as markup: each side's pattern, allowed or forbidden, the
/// ruling, its clause, the verdict binding now and the engine's explanation.
pub fn verdict_html(lang: Lang, r: Option<&Report>) -> String {
    let t = lang.strings();
    let mut h = Markup::new();
    let Some(r) = r else {
        h.el("p", "muted", t.no_cycle);
        return h.finish();
    };
    h.open(
        "p",
        &[("class", Some(&format!("ruling ruling-{}", r.ruling.code())))],
    )
    .el("strong", "", lang.ruling(r.ruling))
    .close("p");
    // Without a cycle, the engine's explanation says there is no repetition.
    if let Some(c) = &r.cycle {
        h.el(
            "p",
            "cycle",
            &lang.cycle(c.first_ply, c.last_ply, c.occurrences),
        );
        h.open("ul", &[("class", Some("sides"))]);
        for (red, s) in [(true, &c.red), (false, &c.black)] {
            let cls = format!(
                "side {}{}",
                if red { "red" } else { "black" },
                if s.forbidden { " forbidden" } else { "" }
            );
            h.open("li", &[("class", Some(&cls))])
                .el("span", "who", lang.side(red))
                .el("strong", "pattern", lang.pick(s.pattern.zh(), s.pattern_en))
                .el(
                    "span",
                    "allowed",
                    if s.forbidden { t.forbidden } else { t.allowed },
                )
                .open("span", &[("class", Some("labels"))])
                .text(t.counted_as)
                .text(" ");
            for &l in &s.labels {
                h.el(
                    "span",
                    &format!("tag small label-{}", label_class(l)),
                    l.zh(),
                );
            }
            h.close("span").close("li");
        }
        h.close("ul");
        if let Some(cl) = c.clause {
            h.el("p", "clause", &lang.clause(cl));
        }
    }
    if let Some(why) = r.verdict_reason {
        h.open(
            "p",
            &[
                ("class", Some("binding")),
                ("data-verdict", Some(r.verdict.code())),
            ],
        )
        .text(t.binding_now)
        .el("strong", "", lang.ruling(r.verdict))
        .text(" · ")
        .text(lang.verdict_reason(why))
        .close("p");
    }
    h.el(
        "p",
        "explanation",
        lang.pick(&r.explanation.zh, &r.explanation.en),
    );
    h.finish()
}

/// The move list, the shown move's detail and the ruling, as the replay and
/// analysis pages stack them.
#[component]
pub fn MovePanels(
    /// The moves.
    #[prop(into)]
    entries: Signal<Vec<MoveEntry>>,
    /// The ply shown.
    #[prop(into)]
    ply: Signal<usize>,
    /// Called with the ply the user picks.
    on_select: Callback<usize>,
    /// The move shown, `None` at the start position.
    #[prop(into)]
    mv: Signal<Option<MoveReport>>,
    /// The judged line the ruling is about.
    #[prop(into)]
    judged: Signal<Option<Shared>>,
    /// Says what the ruling covers.
    #[prop(into)]
    scope: Signal<&'static str>,
) -> impl IntoView {
    view! {
        <MoveList entries=entries current=ply on_select=on_select/>
        <MoveDetail mv=mv/>
        <VerdictPanel judged=judged scope=scope/>
    }
}

/// The ruling panel. Carries `data-ruling` (testing hook).
#[component]
pub fn VerdictPanel(
    /// The judged line the ruling is about.
    #[prop(into)]
    judged: Signal<Option<Shared>>,
    /// Says what the ruling covers.
    #[prop(into)]
    scope: Signal<&'static str>,
) -> impl IntoView {
    let ui = Ui::get();
    let ruling = Signal::derive(move || {
        judged.with(|j| j.as_ref().map_or(Ruling::None, |j| j.report.ruling).code())
    });
    let body = Signal::derive(move || {
        judged.with(|j| verdict_html(ui.lang.get(), j.as_ref().map(|j| &j.report)))
    });
    view! {
        <section class="panel verdict" data-ruling=ruling aria-live="polite">
            <h3>{tr(|t| t.verdict)}</h3>
            <p class="scope small">{scope}</p>
            <div inner_html=body></div>
        </section>
    }
}

/// What the marks on the board mean, as markup.
fn legend_html(t: &Strings) -> String {
    let mut h = Markup::new();
    h.open("summary", &[])
        .text(t.legend)
        .close("summary")
        .open("ul", &[]);
    let items = [
        ("arrow attack", t.legend_arrow),
        ("arrow threat", t.legend_threat),
        ("mark target", t.legend_target),
        ("mark protector", t.legend_protector),
        ("mark false-root", t.legend_false_root),
        ("mark standing", t.legend_standing),
    ];
    for (cls, text) in items {
        h.open("li", &[]).open(
            "svg",
            &[
                ("class", Some("legend-icon")),
                ("viewBox", Some("0 0 40 40")),
                ("aria-hidden", Some("true")),
            ],
        );
        if cls.starts_with("arrow") {
            h.empty(
                "polygon",
                &[
                    ("class", Some(cls)),
                    ("points", Some("4,17 26,17 26,10 37,20 26,30 26,23 4,23")),
                ],
            );
        } else {
            h.empty(
                "circle",
                &[
                    ("class", Some(cls)),
                    ("cx", Some("20")),
                    ("cy", Some("20")),
                    ("r", Some("15")),
                ],
            );
        }
        h.close("svg").text(text).close("li");
    }
    h.close("ul");
    h.finish()
}

/// What the marks on the board mean.
#[component]
pub fn Legend() -> impl IntoView {
    let lang = Ui::get().lang;
    view! { <details class="legend" inner_html=Signal::derive(move || legend_html(lang.get().strings()))></details> }
}
