//! The embeddable replay widget.
//!
//! A club page includes `embed.js` (written at build time by
//! `scripts/post_build.mjs` from `site/embed.js`) and marks places with
//! `<div class="qili" data-fen=… data-moves=… data-rules=… data-lang=…>` or
//! `<qili-board fen=… moves=… rules=… lang=…>`. The loader gives each a
//! shadow root (the host page's styles stay out, ours stay in) and calls
//! `mount_widget`, which mounts [`Widget`] there: the site's own board,
//! step controls, move list and verdict panel, with the same testing hooks
//! (`data-piece`, `data-square`, `data-label`, `data-sub`, `data-ruling`).
//! `mount_widget` is the export of a wasm of its own (`crates/qili-widget`),
//! which `embed.js` loads only where a widget is placed: no page of the site
//! shows one, so the site's wasm (the first load) leaves the widget out.
//!
//! Everything the widget gets from the page is data: the FEN and the moves are
//! parsed by the rules crate and errors are shown as text nodes.
//!
//! The snippets that embed a line (the script and a `div`, or an `iframe`)
//! are offered by the Export menu (`site/export.js`, `crates/qili-export`),
//! on the replay and analysis pages and in the widget: not in the first load.

use leptos::prelude::*;
use qili::rules::Edition;
use qili::{fen, Move, Position, Tolerance};

use crate::board::Board;
use crate::judge::{pieces, Judged, Shared};
use crate::model::cursor::Cursor;
use crate::notation::{read_line, Notation};
use crate::panels::{entries, MoveList, StepControls, Steps, VerdictPanel};
use crate::strings::{Lang, SiteText};
use crate::{board_text, text, tr, Ui};

/// What a widget shows, as read from the host page (unchecked text).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WidgetSpec {
    /// The start position (FEN); the standard start if empty.
    pub fen: String,
    /// The moves, in any notation the site reads.
    pub moves: String,
    /// The edition's name (`cxa1999`, `cxa2020`, `axf`); CXA 1999 if unknown.
    pub rules: String,
    /// `zh` or `en`; Chinese if unknown.
    pub lang: String,
}

/// A widget's line, read and judged, or why it cannot be.
struct Line {
    start: Position,
    moves: Vec<Move>,
    edition: Edition,
}

impl WidgetSpec {
    fn edition(&self) -> Edition {
        self.rules.trim().parse().unwrap_or(Edition::Cxa1999)
    }

    fn lang(&self) -> Lang {
        Lang::from_code(self.lang.trim()).unwrap_or_default()
    }

    /// Reads the position and the moves. Errors are messages for the reader.
    fn read(&self) -> Result<Line, String> {
        let lang = self.lang();
        let f = self.fen.trim();
        let start = if f.is_empty() {
            Position::new()
        } else {
            fen::position(f, Tolerance::COMPOSED).map_err(|e| e.to_string())?
        };
        let moves = if self.moves.trim().is_empty() {
            Vec::new()
        } else {
            read_line(&start, &self.moves)
                .map_err(|e| lang.read_error(e.number, &e.text, &e.reason))?
        };
        Ok(Line {
            start,
            moves,
            edition: self.edition(),
        })
    }
}

/// The compact replay widget: board, step controls, move list with badges,
/// verdict. Needs no context: it provides its own settings.
#[component]
pub fn Widget(
    /// What to show.
    spec: WidgetSpec,
) -> impl IntoView {
    let lang = RwSignal::new(spec.lang());
    provide_context(Ui {
        lang,
        notation: RwSignal::new(Notation::default()),
        simplified: RwSignal::new(false),
    });
    let judged = spec.read().and_then(|l| {
        Judged::new(l.edition, &l.start, &l.moves).map(|j| (Shared(std::sync::Arc::new(j)), l))
    });
    let (shared, line) = match judged {
        Ok(x) => x,
        Err(e) => {
            return view! {
                <div class="qili widget" lang=lang.get_untracked().code()>
                    <p class="error" data-error="">{e}</p>
                </div>
            }
            .into_any()
        }
    };
    let len = line.moves.len();
    let cursor = RwSignal::new(Cursor::new(len, 0));
    let flipped = RwSignal::new(false);
    let ply = Memo::new(move |_| cursor.with(|c| c.ply));
    let j = StoredValue::new(shared.clone());
    let board_pieces = Memo::new(move |_| j.with_value(|j| pieces(j.position(ply.get()))));
    let overlay = Memo::new(move |_| j.with_value(|j| j.overlay(ply.get())));
    let list = Memo::new(move |_| j.with_value(|j| entries(&j.report, None)));
    let steps = Steps {
        first: Callback::new(move |_| cursor.update(Cursor::first)),
        prev: Callback::new(move |_| cursor.update(Cursor::prev)),
        next: Callback::new(move |_| cursor.update(Cursor::next)),
        last: Callback::new(move |_| cursor.update(Cursor::last)),
        toggle: None,
        flip: Callback::new(move |_| flipped.update(|f| *f = !*f)),
    };
    let edition = line.edition;
    // The Export menu's button: embed.js loads the menu (site/export.js)
    // when it is first pressed; `data-line` is the line and the ply shown.
    let line_params = (
        qili::fen::write(&line.start),
        crate::route::encode_moves(line.moves.iter().map(|m| m.to_string())),
    );
    let export_line = Memo::new(move |_| {
        let hash = crate::route::Route::Analysis(crate::route::AnalysisParams {
            fen: Some(line_params.0.clone()),
            moves_raw: Some(line_params.1.clone()),
            edition: Some(edition),
            ply: Some(ply.get()),
        })
        .to_hash();
        hash.replacen("#/analysis?", "#/widget?", 1)
    });
    let export_label = lang.get_untracked().pick("导出…", "Export…");
    view! {
        <div class="qili widget" lang=lang.get_untracked().code() data-edition=edition.name()>
            <Board pieces=board_pieces flipped=flipped overlay=overlay text=board_text()/>
            <StepControls
                steps=steps
                at_start=Signal::derive(move || ply.get() == 0)
                at_end=Signal::derive(move || ply.get() >= len)
            />
            <button type="button" class="export-open" data-export-menu="" aria-expanded="false" data-line=export_line>
                {export_label}
            </button>
            <p class="ply-status small" aria-live="polite">
                {text(move || lang.get().ply_status(ply.get(), len))}
                " · "
                {lang.get_untracked().edition_name(edition)}
            </p>
            <MoveList
                entries=list
                current=ply
                on_select=Callback::new(move |p| cursor.update(|c| c.go(p)))
            />
            <VerdictPanel
                judged=Signal::stored(Some(shared))
                scope=tr(|t| t.verdict_scope_case)
            />
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_specs_are_errors_not_panics() {
        let spec = WidgetSpec {
            fen: "<img src=x>".into(),
            ..WidgetSpec::default()
        };
        assert!(spec.read().is_err());
        let spec = WidgetSpec {
            moves: "javascript:alert(1)".into(),
            ..WidgetSpec::default()
        };
        assert!(spec.read().is_err());
        let spec = WidgetSpec {
            moves: "h2e2 h9g7".into(),
            rules: "nonsense".into(),
            ..WidgetSpec::default()
        };
        let line = spec.read().unwrap();
        assert_eq!((line.moves.len(), line.edition), (2, Edition::Cxa1999));
    }
}
