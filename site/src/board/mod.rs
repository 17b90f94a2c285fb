//! The board: an SVG drawing of a position, with arrows, marks and the label
//! of the last move, that lets the user pick a legal move or edit a setup.
//!
//! It contains no rules. Props in: the pieces, the legal moves, the overlay,
//! the orientation and the words for its accessible names. Callbacks out:
//! the move chosen ([`Board`]'s `on_move`) or the edit gesture (`on_edit`).
//! Its state (selection, keyboard focus, drag) is [`state::Selection`] and
//! plain signals, and it mounts wherever it is placed, so the embeddable
//! widget can reuse it as is.

pub mod state;

/// The drawing, shared with the widget, the exported pictures and the CLI.
pub use qili_diagram::draw;
pub use qili_diagram::label_class;

use leptos::prelude::*;
use qili::{Color, File, Move, Piece, Square};
use wasm_bindgen::JsCast;

use crate::markup;

use state::{point, square_at, step, Step, CELL, HEIGHT, WIDTH};
pub use state::{Arrow, ArrowKind, Badge, Gesture, Mark, MarkKind, Overlay, Pieces, Selection};

/// The words the board needs for accessible names, in one language.
#[derive(Debug)]
pub struct BoardText {
    /// Name of the board as a whole.
    pub board: &'static str,
    /// An empty point.
    pub empty: &'static str,
    /// The picked-up piece.
    pub selected: &'static str,
    /// A point the picked-up piece can move to.
    pub dest: &'static str,
    /// The last move's origin and destination.
    pub last_from: &'static str,
    /// See `last_from`.
    pub last_to: &'static str,
    /// Names of the pieces: red king … pawn, then black (the order of
    /// [`qili::Role::ALL`]).
    pub pieces: [&'static str; 14],
}

impl BoardText {
    fn piece(&self, p: Piece) -> &'static str {
        self.pieces[p.role.index() + if p.color == Color::Red { 0 } else { 7 }]
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Drag {
    from: Square,
    pointer: i32,
    at: Option<(f64, f64)>,
}

/// Drawing coordinates of a pointer event over the board's `<svg>`.
fn svg_coords(ev: &web_sys::PointerEvent) -> Option<(f64, f64)> {
    let el: web_sys::Element = ev.current_target()?.dyn_into().ok()?;
    let r = el.get_bounding_client_rect();
    if r.width() <= 0.0 || r.height() <= 0.0 {
        return None;
    }
    Some((
        (f64::from(ev.client_x()) - r.left()) / r.width() * f64::from(WIDTH),
        (f64::from(ev.client_y()) - r.top()) / r.height() * f64::from(HEIGHT),
    ))
}

/// The board. See the module docs.
#[component]
pub fn Board(
    /// The pieces to draw.
    #[prop(into)]
    pieces: Signal<Pieces>,
    /// Black at the bottom.
    #[prop(into, optional)]
    flipped: Signal<bool>,
    /// Arrows, marks, the last move and its label.
    #[prop(into, optional)]
    overlay: Signal<Overlay>,
    /// The legal moves the user may choose from (with `on_move`).
    #[prop(into, optional)]
    legal: Signal<Vec<Move>>,
    /// Called with the move the user chose.
    #[prop(optional, into)]
    on_move: Option<Callback<Move>>,
    /// Called with edit gestures; makes the board an editor.
    #[prop(optional, into)]
    on_edit: Option<Callback<Gesture>>,
    /// Words for the accessible names.
    #[prop(into)]
    text: Signal<&'static BoardText>,
) -> impl IntoView {
    let interactive = on_move.is_some() || on_edit.is_some();
    let selection = RwSignal::new(Selection::default());
    let focus = RwSignal::new(Square::from_coords(
        File::new(4).expect("file e"),
        qili::Rank::new(0).expect("rank 0"),
    ));
    let drag = RwSignal::new(None::<Drag>);
    // A new position or new legal moves drop the selection.
    Effect::new(move |prev: Option<()>| {
        legal.track();
        pieces.track();
        if prev.is_some() {
            selection.set(Selection::default());
        }
    });

    let piece_at =
        move |sq: Square| pieces.with(|p| p.iter().find(|(s, _)| *s == sq).map(|(_, p)| *p));
    let dests = Signal::derive(move || legal.with(|l| selection.get().dests(l)));

    // Click (or Enter) on a square.
    let activate = move |sq: Square| {
        focus.set(sq);
        if let Some(cb) = on_move {
            let mut s = selection.get_untracked();
            let m = legal.with_untracked(|l| s.click(sq, l));
            selection.set(s);
            if let Some(m) = m {
                cb.run(m);
            }
        } else if let Some(cb) = on_edit {
            cb.run(Gesture::Click(sq));
        }
    };
    let release = move |from: Square, to: Option<Square>| match (on_move, on_edit, to) {
        (Some(cb), _, Some(to)) => {
            let mut s = selection.get_untracked();
            let m = legal.with_untracked(|l| s.drop(from, to, l));
            selection.set(s);
            if let Some(m) = m {
                cb.run(m);
            }
        }
        (None, Some(cb), Some(to)) => cb.run(Gesture::Drag(from, to)),
        (None, Some(cb), None) => cb.run(Gesture::DragOff(from)),
        _ => {}
    };

    let on_pointerdown = move |ev: web_sys::PointerEvent| {
        if !interactive || ev.button() != 0 {
            return;
        }
        let Some((x, y)) = svg_coords(&ev) else {
            return;
        };
        let Some(sq) = square_at(x, y, flipped.get_untracked()) else {
            return;
        };
        let draggable = match on_move {
            Some(_) => legal.with_untracked(|l| l.iter().any(|m| m.from == sq)),
            None => piece_at(sq).is_some(),
        };
        if draggable {
            if let Some(el) = ev
                .current_target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            {
                let _ = el.set_pointer_capture(ev.pointer_id());
            }
        }
        drag.set(Some(Drag {
            from: sq,
            pointer: ev.pointer_id(),
            at: None,
        }));
    };
    let on_pointermove = move |ev: web_sys::PointerEvent| {
        let Some(d) = drag.get_untracked() else {
            return;
        };
        if d.pointer != ev.pointer_id() {
            return;
        }
        let Some((x, y)) = svg_coords(&ev) else {
            return;
        };
        let (px, py) = point(d.from, flipped.get_untracked());
        let moved =
            d.at.is_some() || (x - f64::from(px)).abs() > 25.0 || (y - f64::from(py)).abs() > 25.0;
        let draggable = match on_move {
            Some(_) => legal.with_untracked(|l| l.iter().any(|m| m.from == d.from)),
            None => piece_at(d.from).is_some(),
        };
        if moved && draggable {
            drag.set(Some(Drag {
                at: Some((x, y)),
                ..d
            }));
        }
    };
    let on_pointerup = move |ev: web_sys::PointerEvent| {
        let Some(d) = drag.get_untracked() else {
            return;
        };
        if d.pointer != ev.pointer_id() {
            return;
        }
        drag.set(None);
        let to = svg_coords(&ev).and_then(|(x, y)| square_at(x, y, flipped.get_untracked()));
        match (d.at, to) {
            (None, Some(sq)) if sq == d.from => activate(sq),
            (None, _) => {}
            (Some(_), Some(sq)) if sq == d.from => {
                if on_move.is_some() {
                    let mut s = selection.get_untracked();
                    s.selected = Some(sq);
                    selection.set(s);
                }
            }
            (Some(_), to) => release(d.from, to),
        }
    };
    let on_keydown = move |ev: web_sys::KeyboardEvent| {
        if !interactive {
            return;
        }
        let dir = match ev.key().as_str() {
            "ArrowUp" => Some(Step::Up),
            "ArrowDown" => Some(Step::Down),
            "ArrowLeft" => Some(Step::Left),
            "ArrowRight" => Some(Step::Right),
            _ => None,
        };
        let handled = if let Some(dir) = dir {
            let next = step(focus.get_untracked(), dir, flipped.get_untracked());
            focus.set(next);
            if let Some(el) = ev
                .current_target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|svg| {
                    svg.query_selector(&format!("[data-sq=\"{next}\"]"))
                        .ok()
                        .flatten()
                })
                .and_then(|el| el.dyn_into::<web_sys::SvgElement>().ok())
            {
                let _ = el.focus();
            }
            true
        } else {
            match ev.key().as_str() {
                "Enter" | " " => {
                    activate(focus.get_untracked());
                    true
                }
                "Escape" => {
                    selection.set(Selection::default());
                    true
                }
                _ => false,
            }
        };
        if handled {
            ev.prevent_default();
            ev.stop_propagation();
        }
    };

    // The pieces' glyphs: the setting of the app or widget placing the
    // board (traditional where it stands alone).
    let ui = use_context::<crate::Ui>();
    let glyphs = move || ui.map_or(draw::Glyphs::Traditional, |ui| ui.glyphs());
    let under = Signal::derive(move || draw::board(glyphs()));
    let drawing = Signal::derive(move || {
        let lifted = drag.get().filter(|d| d.at.is_some()).map(|d| d.from);
        let dests = dests.get();
        pieces.with(|p| {
            overlay.with(|o| {
                draw::draw(draw::Scene {
                    pieces: p,
                    flipped: flipped.get(),
                    overlay: o,
                    selected: selection.get().selected,
                    dests: &dests,
                    lifted,
                    glyphs: glyphs(),
                })
            })
        })
    });
    // The dragged piece follows the pointer.
    let ghost = Signal::derive(move || {
        drag.get()
            .and_then(|d| {
                let (x, y) = d.at?;
                let p = piece_at(d.from)?;
                let mut m = markup::Markup::new();
                draw::piece(&mut m, p, None, (x as i32, y as i32), " ghost", glyphs());
                Some(m.finish())
            })
            .unwrap_or_default()
    });

    // The points as an ARIA grid: rows top to bottom, cells left to right.
    let cells = move || {
        let flipped = flipped.get();
        (0..10)
            .map(|row| {
                let cells = (0..9)
                    .filter_map(|col| state::square_at_cell(col, row, flipped))
                    .map(|sq| {
                        let (x, y) = point(sq, flipped);
                        let name = move || {
                            let t = text.get();
                            let mut s = sq.to_string();
                            s.push(' ');
                            match piece_at(sq) {
                                Some(p) => s.push_str(t.piece(p)),
                                None => s.push_str(t.empty),
                            }
                            if selection.get().selected == Some(sq) {
                                s.push_str(t.selected);
                            }
                            if dests.with(|d| d.contains(&sq)) {
                                s.push_str(t.dest);
                            }
                            overlay.with(|o| {
                                if let Some(m) = o.last {
                                    if m.from == sq {
                                        s.push_str(t.last_from);
                                    }
                                    if m.to == sq {
                                        s.push_str(t.last_to);
                                    }
                                }
                            });
                            s
                        };
                        // One square in the tab order (roving focus) when the
                        // board takes input; none when it only shows (Chromium
                        // would otherwise make every listening square a stop).
                        let tabindex = Signal::derive(move || {
                            if interactive && focus.get() == sq {
                                "0"
                            } else {
                                "-1"
                            }
                        });
                        let on_click = move |ev: web_sys::MouseEvent| {
                            // Clicks from the keyboard or assistive tools
                            // (pointer clicks are handled on pointerup).
                            if interactive && ev.detail() == 0 {
                                activate(sq);
                            }
                        };
                        view! {
                            <rect
                                class="sq"
                                role="gridcell"
                                data-sq=sq.to_string()
                                x=x - CELL / 2
                                y=y - CELL / 2
                                width=CELL
                                height=CELL
                                aria-label=name
                                aria-selected=move || {
                                    interactive.then(|| (selection.get().selected == Some(sq)).to_string())
                                }
                                tabindex=tabindex
                                on:focus=move |_| focus.set(sq)
                                on:click=on_click
                            ></rect>
                        }
                    })
                    .collect_view();
                view! { <g role="row">{cells}</g> }
            })
            .collect_view()
    };

    view! {
        <svg
            class="board"
            class:interactive=interactive
            class:editing=on_edit.is_some()
            viewBox="0 0 900 1100"
            role="grid"
            aria-label=move || text.get().board
            aria-readonly=(!interactive).then_some("true")
            on:pointerdown=on_pointerdown
            on:pointermove=on_pointermove
            on:pointerup=on_pointerup
            on:pointercancel=move |_| drag.set(None)
            on:keydown=on_keydown
        >
            <g class="under" aria-hidden="true" inner_html=under></g>
            <g class="drawing" aria-hidden="true" inner_html=drawing></g>
            <g class="ghost-layer" aria-hidden="true" inner_html=ghost></g>
            {cells}
        </svg>
    }
}
