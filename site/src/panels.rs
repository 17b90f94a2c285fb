//! The parts the replay page and the analysis board share: the edition and
//! notation switches, the step controls, the move list, the current move's
//! detail, the verdict panel and the board legend. They render the engine's
//! report; the words come from [`crate::strings`].

use leptos::prelude::*;
use qili::rules::report::{MoveReport, Report};
use qili::rules::Edition;
use wasm_bindgen::JsCast;

use crate::board::label_class;
use crate::judge::Shared;
use crate::notation::Notation;
use crate::strings::Lang;
use crate::Ui;

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
    pub label: &'static str,
    /// 兑 献 拦 跟.
    pub sub: Option<&'static str>,
    /// Inside the cycle the ruling is about.
    pub in_cycle: bool,
    /// Beyond the ply shown (can be redone); labelled from the whole line.
    pub ahead: bool,
}

impl MoveEntry {
    fn text(&self, n: Notation) -> &str {
        match n {
            Notation::Zh => &self.zh,
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
        red: m.side == "red",
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
        out.extend(rest.moves.iter().skip(report.moves.len()).map(|m| entry(m, true)));
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
        <div class="switch" role="group" aria-label=move || ui.t().judge_by>
            <span class="switch-label" aria-hidden="true">{move || ui.t().judge_by}</span>
            {Edition::ALL
                .into_iter()
                .map(|e| {
                    let title = move || {
                        let lang = ui.lang.get();
                        let mut s = lang.edition_name(e).to_string();
                        if home == Some(e) {
                            s.push_str(lang.strings().own_edition);
                        }
                        s
                    };
                    view! {
                        <button
                            type="button"
                            class="edition"
                            class:home=home == Some(e)
                            data-edition=e.name()
                            aria-pressed=move || (edition.get() == e).to_string()
                            title=title
                            aria-label=title
                            on:click=move |_| on_change.run(e)
                        >
                            {move || ui.lang.get().edition_short(e)}
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
        Notation::Zh => "中文",
        Notation::Wxf => "WXF",
        Notation::Iccs => "ICCS",
    };
    view! {
        <div class="switch" role="group" aria-label=move || ui.t().notation>
            <span class="switch-label" aria-hidden="true">{move || ui.t().notation}</span>
            {Notation::ALL
                .into_iter()
                .map(|n| {
                    view! {
                        <button
                            type="button"
                            class="notation"
                            aria-pressed=move || (ui.notation.get() == n).to_string()
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
    let ui = Ui::get();
    let prev_label = move || {
        let t = ui.t();
        if undo_redo {
            t.undo
        } else {
            t.prev
        }
    };
    let next_label = move || {
        let t = ui.t();
        if undo_redo {
            t.redo
        } else {
            t.next
        }
    };
    let toggle = steps.toggle.map(|toggle| {
        let label = move || {
            if playing.get() {
                ui.t().pause
            } else {
                ui.t().play
            }
        };
        view! {
            <button
                type="button"
                class="step play"
                aria-label=label
                title=label
                aria-pressed=move || playing.get().to_string()
                on:click=move |_| toggle.run(())
            >
                <span aria-hidden="true">{move || if playing.get() { "❚❚" } else { "▶" }}</span>
            </button>
        }
    });
    view! {
        <div class="controls" role="toolbar" aria-label=move || ui.t().controls>
            <button
                type="button"
                class="step first"
                aria-label=move || ui.t().first
                title=move || ui.t().first
                disabled=at_start
                on:click=move |_| steps.first.run(())
            >
                <span aria-hidden="true">"⏮"</span>
            </button>
            <button
                type="button"
                class="step prev"
                aria-label=prev_label
                title=prev_label
                disabled=at_start
                on:click=move |_| steps.prev.run(())
            >
                <span aria-hidden="true">"◀"</span>
            </button>
            {toggle}
            <button
                type="button"
                class="step next"
                aria-label=next_label
                title=next_label
                disabled=at_end
                on:click=move |_| steps.next.run(())
            >
                <span aria-hidden="true">"▶"</span>
            </button>
            <button
                type="button"
                class="step last"
                aria-label=move || ui.t().last
                title=move || ui.t().last
                disabled=at_end
                on:click=move |_| steps.last.run(())
            >
                <span aria-hidden="true">"⏭"</span>
            </button>
            <button
                type="button"
                class="step flip"
                aria-label=move || ui.t().flip
                title=move || ui.t().flip
                on:click=move |_| steps.flip.run(())
            >
                <span aria-hidden="true">"⇅"</span>
            </button>
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
                let sub = e.sub.map(|s| view! { <span class="tag sub">{s}</span> });
                view! {
                    <li
                        class="move"
                        class:red=e.red
                        class:black=!e.red
                        class:in-cycle=e.in_cycle
                        class:ahead=e.ahead
                        data-ply=ply
                        data-label=e.label
                        data-sub=e.sub
                    >
                        <button
                            type="button"
                            aria-label=name
                            aria-current=move || (current.get() == ply).then_some("step")
                            on:click=move |_| on_select.run(ply)
                        >
                            <span class="num">{number}</span>
                            <span class="text">{e.text(notation).to_string()}</span>
                            <span class=badge_class>{e.label}</span>
                            {sub}
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <ol class="moves" node_ref=list aria-label=move || ui.t().moves>
            <li class="move start" data-ply="0">
                <button
                    type="button"
                    aria-current=move || (current.get() == 0).then_some("step")
                    on:click=move |_| on_select.run(0)
                >
                    <span class="text">{move || ui.t().start_entry}</span>
                </button>
            </li>
            {items}
        </ol>
    }
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
    let body = move || {
        let lang = ui.lang.get();
        let t = lang.strings();
        let notation = ui.notation.get();
        let Some(m) = mv.get() else {
            return view! { <p class="muted">{t.no_move_yet}</p> }.into_any();
        };
        let chases = (!m.chases.is_empty()).then(|| {
            let rows = m
                .chases
                .iter()
                .map(|c| {
                    let attackers = c.attackers.join(" ");
                    let protectors = if c.protectors.is_empty() {
                        "—".to_string()
                    } else {
                        c.protectors.join(" ")
                    };
                    let counted = m.targets.contains(&c.square);
                    view! {
                        <tr class:counted=counted>
                            <td>{lang.piece_on(&c.piece, &c.square)}</td>
                            <td>{attackers}</td>
                            <td>
                                {lang.method(c.method)}
                                {c.check.clone().map(|k| format!(" ({k})"))}
                            </td>
                            <td>{lang.root(c.root)}</td>
                            <td>{protectors}</td>
                            <td>{c.gain}</td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <div class="table-wrap">
                    <table class="chases">
                        <thead>
                            <tr>
                                <th scope="col">{t.chased}</th>
                                <th scope="col">{t.attackers}</th>
                                <th scope="col">{t.method}</th>
                                <th scope="col">{t.root}</th>
                                <th scope="col">{t.protectors}</th>
                                <th scope="col">{t.gain}</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
            }
        });
        let standing = (!m.standing.is_empty()).then(|| {
            view! { <p class="small">{t.standing} {m.standing.join(" ")}</p> }
        });
        let mate = m.mate_line.as_ref().map(|l| {
            view! { <p class="small">{t.mate_line} {l.join(" ")}</p> }
        });
        let arbiter = m.arbiter.map(|c| view! { <p class="small note">{lang.clause(c)}</p> });
        let sub = m.sub.map(|s| {
            view! { <span class="tag big sub" title=lang.sub(s)>{s}</span> }
        });
        let text = match notation {
            Notation::Zh => m.zh.clone(),
            Notation::Wxf => m.wxf.clone(),
            Notation::Iccs => m.iccs.clone(),
        };
        view! {
            <p class="detail-head">
                <span class=format!("tag big label-{}", label_class(m.label))>{m.label}</span>
                {sub}
                <span class="detail-move">
                    {lang.move_number(m.ply)}
                    " "
                    {lang.side(m.side == "red")}
                    " "
                    <strong>{text}</strong>
                </span>
                <span class="detail-label">
                    {lang.label(m.label)}
                    {m.sub.map(|s| format!(" · {}", lang.sub(s)))}
                </span>
            </p>
            <p class="explanation">
                {lang.pick(&m.explanation.zh, &m.explanation.en).to_string()}
                " "
                <span class="clause">{lang.clause(m.clause)}</span>
            </p>
            {chases}
            {standing}
            {mate}
            {arbiter}
        }
            .into_any()
    };
    view! {
        <section class="panel detail" aria-live="polite">
            <h3>{move || ui.t().this_move}</h3>
            {body}
        </section>
    }
}

/// The ruling: each side's pattern, allowed or forbidden, the ruling, its
/// clause, the verdict binding now and the engine's explanation. Carries
/// `data-ruling` (testing hook).
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
    let ruling = move || judged.with(|j| j.as_ref().map_or("none", |j| j.report.ruling));
    let body = move || {
        let lang = ui.lang.get();
        let t = lang.strings();
        let Some(j) = judged.get() else {
            return view! { <p class="muted">{t.no_cycle}</p> }.into_any();
        };
        let r = &j.report;
        let cycle = r.cycle.as_ref().map(|c| {
            let side = |red: bool, s: &qili::rules::report::SideReport| {
                let verdict = if s.forbidden { t.forbidden } else { t.allowed };
                view! {
                    <li class="side" class:forbidden=s.forbidden class:red=red class:black=!red>
                        <span class="who">{lang.side(red)}</span>
                        <strong class="pattern">{lang.pick(s.pattern, s.pattern_en)}</strong>
                        <span class="allowed">{verdict}</span>
                        <span class="labels">
                            {t.counted_as}
                            " "
                            {s
                                .labels
                                .iter()
                                .map(|l| {
                                    view! {
                                        <span class=format!(
                                            "tag small label-{}",
                                            label_class(l),
                                        )>{*l}</span>
                                    }
                                })
                                .collect_view()}
                        </span>
                    </li>
                }
            };
            view! {
                <p class="cycle">{lang.cycle(c.first_ply, c.last_ply, c.occurrences)}</p>
                <ul class="sides">{side(true, &c.red)} {side(false, &c.black)}</ul>
                {c.clause.map(|cl| view! { <p class="clause">{lang.clause(cl)}</p> })}
            }
        });
        let none = r.cycle.is_none().then(|| view! { <p class="muted">{t.no_cycle}</p> });
        let binding = r.verdict_reason.map(|why| {
            view! {
                <p class="binding" data-verdict=r.verdict>
                    {t.binding_now}
                    <strong>{lang.ruling(r.verdict)}</strong>
                    " · "
                    {lang.verdict_reason(why)}
                </p>
            }
        });
        view! {
            <p class=format!("ruling ruling-{}", r.ruling)>
                <strong>{lang.ruling(r.ruling)}</strong>
            </p>
            {cycle}
            {none}
            {binding}
            <p class="explanation">{lang.pick(&r.explanation.zh, &r.explanation.en).to_string()}</p>
        }
            .into_any()
    };
    view! {
        <section class="panel verdict" data-ruling=ruling aria-live="polite">
            <h3>{move || ui.t().verdict}</h3>
            <p class="scope small">{move || scope.get()}</p>
            {body}
        </section>
    }
}

/// What the marks on the board mean.
#[component]
pub fn Legend() -> impl IntoView {
    let ui = Ui::get();
    let item = |cls: &'static str, text: fn(Lang) -> &'static str| {
        view! {
            <li>
                <svg class="legend-icon" viewBox="0 0 40 40" aria-hidden="true">
                    {match cls {
                        "arrow attack" | "arrow threat" => {
                            view! { <polygon class=cls points="4,17 26,17 26,10 37,20 26,30 26,23 4,23"></polygon> }
                                .into_any()
                        }
                        _ => view! { <circle class=cls cx="20" cy="20" r="15"></circle> }.into_any(),
                    }}
                </svg>
                {move || text(ui.lang.get())}
            </li>
        }
    };
    view! {
        <details class="legend">
            <summary>{move || ui.t().legend}</summary>
            <ul>
                {item("arrow attack", |l| l.strings().legend_arrow)}
                {item("arrow threat", |l| l.strings().legend_threat)}
                {item("mark target", |l| l.strings().legend_target)}
                {item("mark protector", |l| l.strings().legend_protector)}
                {item("mark false-root", |l| l.strings().legend_false_root)}
                {item("mark standing", |l| l.strings().legend_standing)}
            </ul>
        </details>
    }
}
