//! Replay of one library example: the board, the move list with labels, the
//! current move's detail and the ruling, under the edition chosen.

use std::sync::Arc;
use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;
use qili::rules::Edition;
use qili::{Move, Position};

use crate::board::Board;
use crate::judge::{changes, pieces, Judged, Shared};
use crate::library::{self, Case};
use crate::markup::Markup;
use crate::model::cursor::Cursor;
use crate::notation;
use crate::panels::{
    entries, EditionSwitch, Legend, MovePanels, NotationSwitch, StepControls, Steps,
};
use crate::route::{encode_moves, AnalysisParams, Route};
use crate::strings::{Lang, SiteText};
use crate::web;
use crate::{board_text, text, tr, Ui};

/// Milliseconds between moves when playing.
const PLAY_INTERVAL_MS: u64 = 1000;

/// The judgements of one line, one per edition, computed when first needed.
#[derive(Debug, Clone)]
struct Judgements {
    start: Arc<Position>,
    moves: Arc<Vec<Move>>,
    done: StoredValue<Vec<(Edition, Result<Shared, String>)>>,
}

impl Judgements {
    fn get(&self, e: Edition) -> Result<Shared, String> {
        if let Some(r) = self
            .done
            .with_value(|d| d.iter().find(|(x, _)| *x == e).map(|(_, r)| r.clone()))
        {
            return r;
        }
        let r = Judged::new(e, &self.start, &self.moves).map(|j| Shared(Arc::new(j)));
        self.done.update_value(|d| d.push((e, r.clone())));
        r
    }
}

/// Connects ←/→/Home/End/Space to the cursor while the page is shown.
fn keyboard(cursor: RwSignal<Cursor>) {
    let listener = window_event_listener(ev::keydown, move |e| {
        if e.alt_key() || e.ctrl_key() || e.meta_key() || e.default_prevented() || web::typing(&e) {
            return;
        }
        match e.key().as_str() {
            "ArrowLeft" => cursor.update(Cursor::prev),
            "ArrowRight" => cursor.update(Cursor::next),
            "Home" => cursor.update(Cursor::first),
            "End" => cursor.update(Cursor::last),
            " " if !web::activates(&e) => cursor.update(Cursor::toggle),
            _ => return,
        }
        e.prevent_default();
    });
    on_cleanup(move || listener.remove());
}

/// Advances the cursor while it plays.
fn player(cursor: RwSignal<Cursor>) {
    let timer = StoredValue::new(None::<IntervalHandle>);
    Effect::new(move |_| {
        let playing = cursor.with(|c| c.playing);
        match (playing, timer.get_value()) {
            (true, None) => timer.set_value(
                set_interval_with_handle(
                    move || {
                        cursor.try_update(Cursor::tick);
                    },
                    Duration::from_millis(PLAY_INTERVAL_MS),
                )
                .ok(),
            ),
            (false, Some(h)) => {
                h.clear();
                timer.set_value(None);
            }
            _ => {}
        }
    });
    on_cleanup(move || {
        if let Some(Some(h)) = timer.try_get_value() {
            h.clear();
        }
    });
}

fn not_found(id: String, why: Option<String>) -> AnyView {
    view! {
        <article class="replay missing">
            <p><a href="#/">"← "{tr(|t| t.back)}</a></p>
            <h2>{id}</h2>
            <p class="error">{why.unwrap_or_else(|| "?".into())}</p>
        </article>
    }
    .into_any()
}

/// The replay page of example `id`.
#[component]
pub fn ReplayPage(
    /// The example's id.
    id: String,
    /// The edition to judge by (the example's own by default).
    edition: Option<Edition>,
    /// The ply to show first (the start position by default).
    ply: Option<usize>,
) -> impl IntoView {
    let ui = Ui::get();
    let Some(case) = library::find(&id) else {
        return not_found(id, None);
    };
    let (start, moves) = match case.line() {
        Ok(x) => x,
        Err(e) => return not_found(id, Some(e)),
    };
    let judgements = Judgements {
        start: Arc::new(start),
        moves: Arc::new(moves),
        done: StoredValue::new(Vec::new()),
    };
    let home = case.edition();
    let edition = RwSignal::new(edition.unwrap_or(home));
    let len = judgements.moves.len();
    let cursor = RwSignal::new(Cursor::new(len, ply.unwrap_or(0)));
    let flipped = RwSignal::new(false);

    let judged = {
        let j = judgements.clone();
        Memo::new(move |_| j.get(edition.get()))
    };
    let home_judged = judgements.get(home);
    let ok = move || judged.get().ok();
    let ply = Signal::derive(move || cursor.with(|c| c.ply));

    let board_pieces = Signal::derive(move || {
        judged.with(|j| {
            j.as_ref()
                .map(|j| pieces(j.position(ply.get())))
                .unwrap_or_default()
        })
    });
    let overlay = Signal::derive(move || {
        judged.with(|j| j.as_ref().map(|j| j.overlay(ply.get())).unwrap_or_default())
    });
    let current = Signal::derive(move || {
        judged.with(|j| {
            j.as_ref()
                .ok()
                .and_then(|j| j.move_report(ply.get()).cloned())
        })
    });
    let list = Signal::derive(move || {
        judged.with(|j| {
            j.as_ref()
                .map(|j| entries(&j.report, None))
                .unwrap_or_default()
        })
    });

    // The address follows the view, so it can be shared or reloaded.
    let case_id = case.id;
    Effect::new(move |_| {
        let e = edition.get();
        let p = ply.get();
        web::replace_hash(
            &Route::Case {
                id: case_id.to_string(),
                edition: (e != home).then_some(e),
                ply: (p > 0).then_some(p),
            }
            .to_hash(),
        );
    });
    keyboard(cursor);
    player(cursor);

    let steps = Steps {
        first: Callback::new(move |_| cursor.update(Cursor::first)),
        prev: Callback::new(move |_| cursor.update(Cursor::prev)),
        next: Callback::new(move |_| cursor.update(Cursor::next)),
        last: Callback::new(move |_| cursor.update(Cursor::last)),
        toggle: Some(Callback::new(move |_| cursor.update(Cursor::toggle))),
        flip: Callback::new(move |_| flipped.update(|f| *f = !*f)),
    };

    let analysis_href = move || {
        Route::Analysis(AnalysisParams {
            fen: Some(case.fen.to_string()),
            moves_raw: (!case.is_empty()).then(|| encode_moves(case.moves.split_whitespace())),
            edition: Some(edition.get()),
            ply: (ply.get() != len).then_some(ply.get()),
        })
        .to_hash()
    };

    // What changes from the example's own edition, as markup.
    let changes_box = Signal::derive(move || {
        let e = edition.get();
        let lang = ui.lang.get();
        let mut h = Markup::new();
        if e == home {
            return h.finish();
        }
        let (Ok(a), Ok(b)) = (home_judged.as_ref(), judged.get()) else {
            return h.finish();
        };
        let (labels, ruling) = changes(&a.report, &b.report);
        if labels.is_empty() && ruling.is_none() {
            h.el("p", "", &lang.changes_none(home));
        } else {
            h.el("p", "", &lang.changes_heading(home)).open("ul", &[]);
            for c in &labels {
                h.el(
                    "li",
                    "",
                    &lang.label_change(c.ply, &c.zh, c.before, c.after),
                );
            }
            if let Some((x, y)) = ruling {
                h.el("li", "ruling-change", &lang.ruling_change(x, y));
            }
            h.close("ul");
        }
        h.finish()
    });

    view! {
        <article class="replay" data-case=case.id>
            <header class="case-head">
                <p class="crumbs small">
                    <a href="#/">"← "{tr(|t| t.back)}</a>
                    " · "
                    {Signal::derive(move || ui.lang.get().group(case.group))}
                </p>
                <h2>{case.title}</h2>
                <div inner_html=Signal::derive(move || meta_html(ui.lang.get(), case))></div>
            </header>
            <div class="layout">
                <div class="board-col">
                    <Board
                        pieces=board_pieces
                        flipped=flipped
                        overlay=overlay
                        text=board_text()
                    />
                    <StepControls
                        steps=steps
                        at_start=Signal::derive(move || ply.get() == 0)
                        at_end=Signal::derive(move || ply.get() >= len)
                        playing=Signal::derive(move || cursor.with(|c| c.playing))
                    />
                    <p class="ply-status" aria-live="polite">
                        {text(move || {
                            let notation = ui.notation.get();
                            current.with(|m| {
                                ui.lang.get().position_status(
                                    ply.get(),
                                    len,
                                    m.as_ref().map(|m| (notation::pick(notation, m), m.label, m.sub)),
                                )
                            })
                        })}
                    </p>
                    <p class="hint small">{tr(|t| t.keys_hint)}</p>
                    <Legend/>
                </div>
                <div class="side-col">
                    <div class="switches">
                        <EditionSwitch edition=edition on_change=Callback::new(move |e| edition.set(e)) home=home/>
                        <NotationSwitch/>
                    </div>
                    <div class="changes small" aria-live="polite" inner_html=changes_box></div>
                    <p class="error">{Signal::derive(move || judged.get().err().unwrap_or_default())}</p>
                    <MovePanels
                        entries=list
                        ply=ply
                        on_select=Callback::new(move |p| cursor.update(|c| c.go(p)))
                        mv=current
                        judged=Signal::derive(ok)
                        scope=tr(|t| t.verdict_scope_case)
                    />
                    <p class="small">
                        <a href=analysis_href>{tr(|t| t.open_in_analysis)}</a>
                    </p>
                </div>
            </div>
        </article>
    }
    .into_any()
}

/// The example's provenance (edition, clause, related diagram, our
/// composition), as markup.
fn meta_html(lang: Lang, case: &Case) -> String {
    let t = lang.strings();
    let mut h = Markup::new();
    h.open("p", &[("class", Some("meta small"))])
        .text(lang.edition_name(case.edition()));
    if let Some(n) = case.clause {
        h.text(" · ").text(&lang.clause_item(n));
    }
    if let Some(r) = case.related.and_then(library::find) {
        let href = Route::Case {
            id: r.id.to_string(),
            edition: None,
            ply: None,
        }
        .to_hash();
        h.text(" · ")
            .text(t.see_also)
            .text(" ")
            .open("a", &[("href", Some(&href))])
            .text(r.title)
            .close("a");
    }
    h.close("p");
    if case.composed {
        h.el("p", "note small", t.composed_note);
    }
    h.finish()
}
