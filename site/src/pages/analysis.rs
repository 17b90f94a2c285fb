//! The analysis board: set up a position, play or paste moves, see the
//! labels and the ruling as soon as a cycle appears, share the exact view.

use std::sync::Arc;

use leptos::ev;
use leptos::prelude::*;
use qili::rules::Edition;
use qili::{fen, Color, Tolerance};

use crate::board::{Board, Gesture, Overlay};
use crate::judge::{pieces, Judged, Shared};
use crate::markup::Markup;
use crate::model::analysis::{Analysis, LinkError};
use crate::model::editor::{palette, Editor, Tool};
use crate::notation::{self, ReadError};
use crate::panels::{
    entries, EditionSwitch, Legend, MovePanels, NotationSwitch, StepControls, Steps,
};
use crate::records::RecordPanel;
use crate::route::{AnalysisParams, Route};
use crate::strings::{Lang, SiteText};
use crate::web;
use crate::{board_text, flag, text, tr, tr_if, Ui};

/// How many judgements of prefixes of the line are kept.
const CACHE: usize = 256;

type Cache = Vec<((u64, Edition, usize), Result<Shared, String>)>;

/// Judges the first `upto` moves of the line, remembering the result so that
/// stepping back and forth is instant.
fn judge(cache: StoredValue<Cache>, a: &Analysis, upto: usize) -> Result<Shared, String> {
    let key = (a.version, a.edition, upto);
    if let Some(r) = cache.with_value(|c| c.iter().find(|(k, _)| *k == key).map(|(_, r)| r.clone()))
    {
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

/// The editor's problems as markup (see [`crate::markup`]).
fn problems_html(lang: Lang, e: &Editor) -> String {
    let t = lang.strings();
    let mut h = Markup::new();
    let errors = e.errors();
    if errors.is_empty() {
        h.el("p", "ok", t.position_ok);
    } else {
        h.open("p", &[]).el("strong", "", t.problems).close("p");
        h.open("ul", &[("class", Some("errors"))]);
        for p in &errors {
            h.el("li", "", &lang.problem(p));
        }
        h.close("ul");
    }
    let notes = e.notes();
    if !notes.is_empty() {
        h.el("p", "small", t.composed_notes);
        h.open("ul", &[("class", Some("notes small"))]);
        for p in &notes {
            h.el("li", "", &lang.problem(p));
        }
        h.close("ul");
    }
    h.finish()
}

/// Connects ←/→/Home/End to undo/redo while the page is shown.
fn keyboard(a: RwSignal<Analysis>, editing: Memo<bool>) {
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
    let editing = Memo::new(move |_| editor.with(Option::is_some));
    let flipped = RwSignal::new(false);
    let fen_error = RwSignal::new(None::<String>);
    let moves_text = RwSignal::new(String::new());
    let moves_error = RwSignal::new(None::<ReadError>);
    let copy_status = RwSignal::new(None::<bool>);
    let cache = StoredValue::new(Cache::new());

    let at = Memo::new(move |_| a.with(|a| judge(cache, a, a.ply)));
    let full = Memo::new(move |_| a.with(|a| judge(cache, a, a.moves.len())));
    let ply = Signal::derive(move || a.with(|a| a.ply));
    let len = Signal::derive(move || a.with(|a| a.moves.len()));

    let board_pieces = Signal::derive(move || {
        editor.with(|e| match e {
            Some(e) => e.setup.board.pieces().collect::<Vec<_>>(),
            None => a.with(|a| pieces(a.position())),
        })
    });
    let legal = Signal::derive(move || {
        if editing.get() {
            Vec::new()
        } else {
            a.with(Analysis::legal)
        }
    });
    let overlay = Signal::derive(move || {
        if editing.get() {
            return Overlay::default();
        }
        at.with(|j| j.as_ref().map(|j| j.overlay(j.len())).unwrap_or_default())
    });
    let list = Signal::derive(move || {
        at.with(|at| {
            full.with(|full| match (at, full) {
                (Ok(at), Ok(full)) => entries(&at.report, Some(&full.report)),
                (Ok(at), Err(_)) => entries(&at.report, None),
                _ => Vec::new(),
            })
        })
    });
    let current = Signal::derive(move || {
        at.with(|j| {
            j.as_ref()
                .ok()
                .and_then(|j| j.move_report(j.len()).cloned())
        })
    });
    let share_hash = Signal::derive(move || a.with(|a| Route::Analysis(a.params()).to_hash()));

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

    // Messages are texts that are empty when there is nothing to say (the
    // paragraphs hide when empty), one kind of reactive text for all.
    let link_notes = text(move || {
        let lang = ui.lang.get();
        link_errors
            .iter()
            .map(|e| match e {
                LinkError::Fen(why) => format!("{}{why}", lang.strings().link_fen_error),
                LinkError::Moves(r) => lang.read_error(r.number, &r.text, &r.reason),
            })
            .collect::<Vec<_>>()
            .join(" ")
    });
    let fen_message = text(move || {
        fen_error
            .get()
            .map(|e| format!("{}{e}", ui.t().fen_error))
            .unwrap_or_default()
    });
    let moves_message = text(move || {
        moves_error
            .get()
            .map(|e| ui.lang.get().read_error(e.number, &e.text, &e.reason))
            .unwrap_or_default()
    });
    let empty_line = tr_if(move || len.get() == 0, |t| t.no_moves);
    let copy_message = Signal::derive(move || match copy_status.get() {
        None => "",
        Some(true) => ui.t().copied,
        Some(false) => ui.t().copy_failed,
    });

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
                        .map(|m| notation::pick(n, m).to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_default()
        })
    };

    // The editor's panel is built once per editing session (and language),
    // so the palette keeps the keyboard focus while the setup changes.
    let edit = move |f: &dyn Fn(&mut Editor)| {
        editor.update(|e| {
            if let Some(e) = e {
                f(e);
            }
        })
    };
    let problems = Signal::derive(move || {
        let lang = ui.lang.get();
        editor.with(|e| {
            e.as_ref()
                .map(|e| problems_html(lang, e))
                .unwrap_or_default()
        })
    });
    let editor_fen =
        Signal::derive(move || editor.with(|e| e.as_ref().map(Editor::fen).unwrap_or_default()));
    let unplayable =
        Signal::derive(move || editor.with(|e| e.as_ref().is_none_or(|e| !e.errors().is_empty())));
    let editor_panel = move || {
        editing.get().then(|| {
            let lang = ui.lang.get();
            let t = lang.strings();
            let tool_button = move |tool: Tool| {
                let (label, glyph, cls) = match tool {
                    Tool::Place(p) => (
                        lang.piece(p),
                        ui.glyphs().of(p).to_string(),
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
                        aria-pressed=flag(move || editor.with(|e| e.as_ref().is_some_and(|e| e.tool == tool)))
                        on:click=move |_| edit(&|e| e.tool = tool)
                    >
                        {glyph}
                    </button>
                }
            };
            let turn_button = move |c: Color, label: &'static str| {
                view! {
                    <button
                        type="button"
                        aria-pressed=flag(move || editor.with(|e| e.as_ref().is_some_and(|e| e.setup.turn == c)))
                        on:click=move |_| edit(&|e| e.setup.turn = c)
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
                        <button type="button" on:click=move |_| edit(&Editor::clear)>{t.clear_board}</button>
                        <button type="button" on:click=move |_| edit(&Editor::reset)>{t.start_position}</button>
                    </div>
                    <div class="problems" role="status" inner_html=problems></div>
                    <p class="small mono">{editor_fen}</p>
                    <div class="row">
                        <button
                            type="button"
                            class="primary editor-done"
                            disabled=unplayable
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
            <h2>{tr(|t| t.analysis_title)}</h2>
            <p class="intro">{tr(|t| t.analysis_intro)}</p>
            <p class="error" role="alert">{link_notes}</p>
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
                                    text=board_text()
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
                                    text=board_text()
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
                        {text(move || {
                            let notation = ui.notation.get();
                            current.with(|m| {
                                ui.lang.get().position_status(
                                    ply.get(),
                                    len.get(),
                                    m.as_ref().map(|m| (notation::pick(notation, m), m.label, m.sub)),
                                )
                            })
                        })}
                    </p>
                    <Legend/>
                </div>
                <div class="side-col">
                    <form class="panel fen-form" on:submit=move |ev| {
                        ev.prevent_default();
                        load_fen();
                    }>
                        <label class="field">
                            <span>{tr(|t| t.fen)}</span>
                            <input
                                type="text"
                                name="fen"
                                class="mono"
                                spellcheck="false"
                                autocomplete="off"
                                prop:value=fen_text
                                on:input=move |ev| fen_text.set(event_target_value(&ev))
                            />
                        </label>
                        <div class="row">
                            <button type="submit" class="load-fen">{tr(|t| t.load)}</button>
                            <button
                                type="button"
                                class="edit-position"
                                aria-expanded=flag(move || editing.get())
                                on:click=move |_| {
                                    let setup = a.with_untracked(|a| a.position().to_setup());
                                    editor.set(Some(Editor::new(setup)));
                                }
                            >
                                {tr(|t| t.edit_position)}
                            </button>
                        </div>
                        <p class="error" role="alert">{fen_message}</p>
                    </form>
                    {editor_panel}
                    <form class="panel moves-form" on:submit=move |ev| {
                        ev.prevent_default();
                        play_moves();
                    }>
                        <label class="field">
                            <span>{tr(|t| t.paste_moves)}</span>
                            <textarea
                                name="moves"
                                rows="3"
                                spellcheck="false"
                                placeholder=tr(|t| t.paste_placeholder)
                                prop:value=moves_text
                                on:input=move |ev| moves_text.set(event_target_value(&ev))
                            ></textarea>
                        </label>
                        <button type="submit" class="play-moves">{tr(|t| t.play_moves)}</button>
                        <p class="error" role="alert">{moves_message}</p>
                    </form>
                    <RecordPanel/>
                    <div class="switches">
                        <EditionSwitch
                            edition=Signal::derive(move || a.with(|a| a.edition))
                            on_change=Callback::new(move |e| a.update(|a| a.edition = e))
                        />
                        <NotationSwitch/>
                    </div>
                    <p class="muted">{empty_line}</p>
                    <MovePanels
                        entries=list
                        ply=ply
                        on_select=Callback::new(move |p| a.update(|a| a.go(p)))
                        mv=current
                        judged=Signal::derive(move || at.get().ok())
                        scope=tr(|t| t.verdict_scope_analysis)
                    />
                    <section class="panel share">
                        <h3>{tr(|t| t.share)}</h3>
                        <label class="field">
                            <span>{tr(|t| t.link)}</span>
                            <input
                                type="text"
                                class="mono share-link"
                                readonly
                                prop:value=text(move || web::url_with_hash(&share_hash.get()))
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
                                {tr(|t| t.copy_link)}
                            </button>
                            <button type="button" class="copy-fen" on:click=move |_| copy(a.with_untracked(Analysis::fen))>
                                {tr(|t| t.copy_fen)}
                            </button>
                            <button type="button" class="copy-moves" on:click=move |_| copy(moves_in_notation())>
                                {tr(|t| t.copy_moves)}
                            </button>
                        </div>
                        <p class="small" role="status">
                            {copy_message}
                        </p>
                    </section>
                    // The "Save study" panel: its body is drawn by the studies
                    // module (crates/qili-studies), loaded when it is first
                    // opened; it reads the board from the page's address.
                    <details class="panel study-panel" data-studies="panel">
                        <summary>{tr(|t| t.reach().save_study)}</summary>
                        <div class="study-panel-body"></div>
                    </details>
                </div>
            </div>
        </article>
    }
}
