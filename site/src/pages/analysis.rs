//! The analysis board: set up a position, play or paste moves, see the
//! labels and the ruling as soon as a cycle appears, share the exact view.

use std::sync::Arc;

use leptos::ev;
use leptos::prelude::*;
use qili::rules::Edition;
use qili::{fen, Color, Tolerance};

use crate::board::{Board, Gesture, Overlay};
use crate::judge::{pieces, Judged, Shared};
use crate::model::analysis::{Analysis, LinkError};
use crate::model::editor::{palette, Editor, Tool};
use crate::notation::ReadError;
use crate::panels::{
    entries, EditionSwitch, Legend, MoveDetail, MoveList, NotationSwitch, StepControls, Steps,
    VerdictPanel,
};
use crate::route::{AnalysisParams, Route};
use crate::web;
use crate::Ui;

/// How many judgements of prefixes of the line are kept.
const CACHE: usize = 256;

type Cache = Vec<((u64, Edition, usize), Result<Shared, String>)>;

/// Judges the first `upto` moves of the line, remembering the result so that
/// stepping back and forth is instant.
fn judge(cache: StoredValue<Cache>, a: &Analysis, upto: usize) -> Result<Shared, String> {
    let key = (a.version, a.edition, upto);
    if let Some(r) = cache.with_value(|c| c.iter().find(|(k, _)| *k == key).map(|(_, r)| r.clone())) {
        return r;
    }
    let r = Judged::new(a.edition, &a.start, &a.moves[..upto]).map(|j| Shared(Arc::new(j)));
    cache.update_value(|c| {
        c.retain(|(k, _)| k.0 == a.version);
        if c.len() >= CACHE {
            c.drain(..1);
        }
        c.push((key, r.clone()));
    });
    r
}

/// Connects ←/→/Home/End to undo/redo while the page is shown.
fn keyboard(a: RwSignal<Analysis>, editing: Signal<bool>) {
    let listener = window_event_listener(ev::keydown, move |e| {
        if e.alt_key()
            || e.ctrl_key()
            || e.meta_key()
            || e.default_prevented()
            || web::typing(&e)
            || editing.get_untracked()
        {
            return;
        }
        match e.key().as_str() {
            "ArrowLeft" => a.update(Analysis::undo),
            "ArrowRight" => a.update(Analysis::redo),
            "Home" => a.update(|a| a.go(0)),
            "End" => a.update(|a| a.go(usize::MAX)),
            _ => return,
        }
        e.prevent_default();
    });
    on_cleanup(move || listener.remove());
}

/// The analysis page, restored from its address.
#[component]
pub fn AnalysisPage(
    /// The state written in the address.
    params: AnalysisParams,
) -> impl IntoView {
    let ui = Ui::get();
    let (initial, link_errors) = Analysis::from_params(&params);
    let fen_text = RwSignal::new(initial.start_fen());
    let a = RwSignal::new(initial);
    let editor = RwSignal::new(None::<Editor>);
    let editing = Signal::derive(move || editor.with(Option::is_some));
    let flipped = RwSignal::new(false);
    let fen_error = RwSignal::new(None::<String>);
    let moves_text = RwSignal::new(String::new());
    let moves_error = RwSignal::new(None::<ReadError>);
    let copy_status = RwSignal::new(None::<bool>);
    let cache = StoredValue::new(Cache::new());

    let at = Memo::new(move |_| a.with(|a| judge(cache, a, a.ply)));
    let full = Memo::new(move |_| a.with(|a| judge(cache, a, a.moves.len())));
    let ply = Memo::new(move |_| a.with(|a| a.ply));
    let len = Memo::new(move |_| a.with(|a| a.moves.len()));

    let board_pieces = Memo::new(move |_| {
        editor.with(|e| match e {
            Some(e) => e
                .setup
                .board
                .pieces()
                .collect::<Vec<_>>(),
            None => a.with(|a| pieces(a.position())),
        })
    });
    let legal = Memo::new(move |_| {
        if editing.get() {
            Vec::new()
        } else {
            a.with(Analysis::legal)
        }
    });
    let overlay = Memo::new(move |_| {
        if editing.get() {
            return Overlay::default();
        }
        at.with(|j| j.as_ref().map(|j| j.overlay(j.len())).unwrap_or_default())
    });
    let list = Memo::new(move |_| {
        at.with(|at| {
            full.with(|full| match (at, full) {
                (Ok(at), Ok(full)) => entries(&at.report, Some(&full.report)),
                (Ok(at), Err(_)) => entries(&at.report, None),
                _ => Vec::new(),
            })
        })
    });
    let current = Memo::new(move |_| {
        at.with(|j| j.as_ref().ok().and_then(|j| j.move_report(j.len()).cloned()))
    });
    let share_hash = Memo::new(move |_| a.with(|a| Route::Analysis(a.params()).to_hash()));

    // The address follows the view (not while editing a setup).
    Effect::new(move |_| {
        let hash = share_hash.get();
        if !editing.get() {
            web::replace_hash(&hash);
        }
    });
    keyboard(a, editing);

    let steps = Steps {
        first: Callback::new(move |_| a.update(|a| a.go(0))),
        prev: Callback::new(move |_| a.update(Analysis::undo)),
        next: Callback::new(move |_| a.update(Analysis::redo)),
        last: Callback::new(move |_| a.update(|a| a.go(usize::MAX))),
        toggle: None,
        flip: Callback::new(move |_| flipped.update(|f| *f = !*f)),
    };

    let load_fen = move || {
        let text = fen_text.get_untracked();
        match fen::position(text.trim(), Tolerance::COMPOSED) {
            Ok(pos) => {
                a.update(|a| a.set_start(pos));
                fen_text.set(a.with_untracked(Analysis::start_fen));
                fen_error.set(None);
                moves_error.set(None);
            }
            Err(e) => fen_error.set(Some(e.to_string())),
        }
    };
    let play_moves = move || {
        let text = moves_text.get_untracked();
        let mut r = Ok(());
        a.update(|a| r = a.load_moves(&text));
        moves_error.set(r.err());
    };

    let link_notes = link_errors
        .into_iter()
        .map(|e| {
            let text = move || {
                let lang = ui.lang.get();
                match &e {
                    LinkError::Fen(why) => format!("{}{why}", lang.strings().link_fen_error),
                    LinkError::Moves(r) => lang.read_error(r.number, &r.text, &r.reason),
                }
            };
            view! { <p class="error" role="alert">{text}</p> }
        })
        .collect_view();

    let copy = move |text: String| {
        copy_status.set(None);
        web::copy(text, move |ok| {
            copy_status.try_set(Some(ok));
        });
    };
    let moves_in_notation = move || {
        let n = ui.notation.get_untracked();
        full.with_untracked(|f| {
            f.as_ref()
                .map(|f| {
                    f.report
                        .moves
                        .iter()
                        .map(|m| n.pick(m).to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_default()
        })
    };

    let editor_panel = move || {
        editor.get().map(|ed| {
            let lang = ui.lang.get();
            let t = lang.strings();
            let tool_button = move |tool: Tool| {
                let (label, glyph, cls) = match tool {
                    Tool::Place(p) => (
                        lang.piece(p),
                        p.glyph().to_string(),
                        if p.color == Color::Red { "palette-piece red" } else { "palette-piece black" },
                    ),
                    Tool::Erase => (t.eraser, "⌫".to_string(), "palette-piece eraser"),
                };
                view! {
                    <button
                        type="button"
                        class=cls
                        aria-label=label
                        title=label
                        aria-pressed=move || editor.with(|e| e.as_ref().is_some_and(|e| e.tool == tool)).to_string()
                        on:click=move |_| editor.update(|e| {
                            if let Some(e) = e {
                                e.tool = tool;
                            }
                        })
                    >
                        {glyph}
                    </button>
                }
            };
            let errors = ed.errors();
            let notes = ed.notes();
            let ok = errors.is_empty();
            let turn = ed.setup.turn;
            let turn_button = move |c: Color, label: &'static str| {
                view! {
                    <button
                        type="button"
                        aria-pressed=(turn == c).to_string()
                        on:click=move |_| editor.update(|e| {
                            if let Some(e) = e {
                                e.setup.turn = c;
                            }
                        })
                    >
                        {label}
                    </button>
                }
            };
            view! {
                <section class="panel editor" aria-labelledby="editor-title">
                    <h3 id="editor-title">{t.editor}</h3>
                    <p class="small">{t.editor_help}</p>
                    <div class="palette" role="group" aria-label=t.palette>
                        {palette().map(|p| tool_button(Tool::Place(p))).collect_view()}
                        {tool_button(Tool::Erase)}
                    </div>
                    <div class="row">
                        <div class="switch" role="group">
                            {turn_button(Color::Red, t.red_to_move)}
                            {turn_button(Color::Black, t.black_to_move)}
                        </div>
                        <button type="button" on:click=move |_| editor.update(|e| {
                            if let Some(e) = e {
                                e.clear();
                            }
                        })>{t.clear_board}</button>
                        <button type="button" on:click=move |_| editor.update(|e| {
                            if let Some(e) = e {
                                e.reset();
                            }
                        })>{t.start_position}</button>
                    </div>
                    <div class="problems" role="status">
                        {if ok {
                            view! { <p class="ok">{t.position_ok}</p> }.into_any()
                        } else {
                            view! {
                                <p><strong>{t.problems}</strong></p>
                                <ul class="errors">
                                    {errors.iter().map(|p| view! { <li>{lang.problem(p)}</li> }).collect_view()}
                                </ul>
                            }
                                .into_any()
                        }}
                        {(!notes.is_empty()).then(|| view! {
                            <p class="small">{t.composed_notes}</p>
                            <ul class="notes small">
                                {notes.iter().map(|p| view! { <li>{lang.problem(p)}</li> }).collect_view()}
                            </ul>
                        })}
                    </div>
                    <p class="small mono">{ed.fen()}</p>
                    <div class="row">
                        <button
                            type="button"
                            class="primary"
                            disabled=!ok
                            on:click=move |_| {
                                let pos = editor.with_untracked(|e| e.as_ref().and_then(|e| e.position().ok()));
                                if let Some(pos) = pos {
                                    a.update(|a| a.set_start(pos));
                                    fen_text.set(a.with_untracked(Analysis::start_fen));
                                    fen_error.set(None);
                                    editor.set(None);
                                }
                            }
                        >
                            {t.done}
                        </button>
                        <button type="button" on:click=move |_| editor.set(None)>{t.cancel}</button>
                    </div>
                </section>
            }
        })
    };

    view! {
        <article class="analysis">
            <h2>{move || ui.t().analysis_title}</h2>
            <p class="intro">{move || ui.t().analysis_intro}</p>
            {link_notes}
            <div class="layout">
                <div class="board-col">
                    {move || {
                        if editing.get() {
                            view! {
                                <Board
                                    pieces=board_pieces
                                    flipped=flipped
                                    on_edit=Callback::new(move |g: Gesture| editor.update(|e| {
                                        if let Some(e) = e {
                                            e.gesture(g);
                                        }
                                    }))
                                    text=Signal::derive(move || &ui.t().board)
                                />
                            }
                                .into_any()
                        } else {
                            view! {
                                <Board
                                    pieces=board_pieces
                                    flipped=flipped
                                    overlay=overlay
                                    legal=legal
                                    on_move=Callback::new(move |m| a.update(|a| {
                                        a.play(m);
                                    }))
                                    text=Signal::derive(move || &ui.t().board)
                                />
                            }
                                .into_any()
                        }
                    }}
                    <StepControls
                        steps=steps
                        at_start=Signal::derive(move || ply.get() == 0)
                        at_end=Signal::derive(move || ply.get() >= len.get())
                        undo_redo=true
                    />
                    <p class="ply-status" aria-live="polite">
                        {move || ui.lang.get().ply_status(ply.get(), len.get())}
                    </p>
                    <Legend/>
                </div>
                <div class="side-col">
                    <form class="panel fen-form" on:submit=move |ev| {
                        ev.prevent_default();
                        load_fen();
                    }>
                        <label class="field">
                            <span>{move || ui.t().fen}</span>
                            <input
                                type="text"
                                name="fen"
                                class="mono"
                                spellcheck="false"
                                autocomplete="off"
                                prop:value=move || fen_text.get()
                                on:input=move |ev| fen_text.set(event_target_value(&ev))
                            />
                        </label>
                        <div class="row">
                            <button type="submit" class="load-fen">{move || ui.t().load}</button>
                            <button
                                type="button"
                                class="edit-position"
                                aria-expanded=move || editing.get().to_string()
                                on:click=move |_| {
                                    let setup = a.with_untracked(|a| a.position().to_setup());
                                    editor.set(Some(Editor::new(setup)));
                                }
                            >
                                {move || ui.t().edit_position}
                            </button>
                        </div>
                        {move || fen_error.get().map(|e| view! {
                            <p class="error" role="alert">{ui.t().fen_error}{e}</p>
                        })}
                    </form>
                    {editor_panel}
                    <form class="panel moves-form" on:submit=move |ev| {
                        ev.prevent_default();
                        play_moves();
                    }>
                        <label class="field">
                            <span>{move || ui.t().paste_moves}</span>
                            <textarea
                                name="moves"
                                rows="3"
                                spellcheck="false"
                                placeholder=move || ui.t().paste_placeholder
                                prop:value=move || moves_text.get()
                                on:input=move |ev| moves_text.set(event_target_value(&ev))
                            ></textarea>
                        </label>
                        <button type="submit" class="play-moves">{move || ui.t().play_moves}</button>
                        {move || moves_error.get().map(|e| view! {
                            <p class="error" role="alert">{ui.lang.get().read_error(e.number, &e.text, &e.reason)}</p>
                        })}
                    </form>
                    <div class="switches">
                        <EditionSwitch
                            edition=Signal::derive(move || a.with(|a| a.edition))
                            on_change=Callback::new(move |e| a.update(|a| a.edition = e))
                        />
                        <NotationSwitch/>
                    </div>
                    {move || (len.get() == 0).then(|| view! { <p class="muted">{ui.t().no_moves}</p> })}
                    <MoveList
                        entries=list
                        current=ply
                        on_select=Callback::new(move |p| a.update(|a| a.go(p)))
                    />
                    <MoveDetail mv=current/>
                    <VerdictPanel
                        judged=Signal::derive(move || at.get().ok())
                        scope=Signal::derive(move || ui.t().verdict_scope_analysis)
                    />
                    <section class="panel share">
                        <h3>{move || ui.t().share}</h3>
                        <label class="field">
                            <span>{move || ui.t().link}</span>
                            <input
                                type="text"
                                class="mono share-link"
                                readonly
                                prop:value=move || web::url_with_hash(&share_hash.get())
                                on:focus=move |ev| {
                                    use wasm_bindgen::JsCast;
                                    if let Some(i) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                                        i.select();
                                    }
                                }
                            />
                        </label>
                        <div class="row">
                            <button type="button" class="copy-link" on:click=move |_| copy(web::url_with_hash(&share_hash.get_untracked()))>
                                {move || ui.t().copy_link}
                            </button>
                            <button type="button" class="copy-fen" on:click=move |_| copy(a.with_untracked(Analysis::fen))>
                                {move || ui.t().copy_fen}
                            </button>
                            <button type="button" class="copy-moves" on:click=move |_| copy(moves_in_notation())>
                                {move || ui.t().copy_moves}
                            </button>
                        </div>
                        <p class="small" role="status">
                            {move || copy_status.get().map(|ok| if ok { ui.t().copied } else { ui.t().copy_failed })}
                        </p>
                    </section>
                </div>
            </div>
        </article>
    }
}
