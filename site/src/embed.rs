//! The embeddable replay widget and the site's "Embed" panel.
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

fn attr_escape(s: &str) -> String {
    crate::markup::esc(s)
}

/// The two snippets that show a line on another site: the script and a
/// `div`, and an `iframe`. `base` is the site's address ending in `/`.
pub fn snippets(
    base: &str,
    fen: &str,
    moves: &str,
    edition: Edition,
    lang: Lang,
) -> (String, String) {
    let script = format!(
        "<script src=\"{base}embed.js\" defer></script>\n<div class=\"qili\" data-fen=\"{}\" data-moves=\"{}\" data-rules=\"{}\" data-lang=\"{}\"></div>",
        attr_escape(fen),
        attr_escape(moves),
        edition.name(),
        lang.code()
    );
    let hash = format!(
        "fen={}&moves={}&rules={}&lang={}",
        crate::route::encode(fen),
        crate::route::encode(moves),
        edition.name(),
        lang.code()
    );
    let iframe = format!(
        "<iframe src=\"{}\" title=\"Qili 棋例\" width=\"420\" height=\"760\" style=\"border:0;max-width:100%\" loading=\"lazy\"></iframe>",
        attr_escape(&format!("{base}embed.html#{hash}"))
    );
    (script, iframe)
}

/// The site's address (the page's URL up to its last `/`).
fn site_base() -> String {
    let href = crate::web::url_with_hash("");
    match href.rfind('/') {
        Some(i) => href[..=i].to_string(),
        None => href,
    }
}

/// The "Embed" panel of the replay and analysis pages: both snippets for the
/// line shown, each with a copy button.
#[component]
pub fn EmbedPanel(
    /// The start position (FEN).
    #[prop(into)]
    fen: Signal<String>,
    /// The moves in ICCS, space-separated.
    #[prop(into)]
    moves: Signal<String>,
    /// The edition.
    #[prop(into)]
    edition: Signal<Edition>,
) -> impl IntoView {
    let ui = Ui::get();
    let both = Memo::new(move |_| {
        snippets(
            &site_base(),
            &fen.get(),
            &moves.get(),
            edition.get(),
            ui.lang.get(),
        )
    });
    let status = RwSignal::new(None::<bool>);
    let copy = move |second: bool| {
        let (a, b) = both.get_untracked();
        status.set(None);
        crate::web::copy(if second { b } else { a }, move |ok| {
            status.try_set(Some(ok));
        });
    };
    let message = Signal::derive(move || match status.get() {
        None => "",
        Some(true) => ui.t().copied,
        Some(false) => ui.t().copy_failed,
    });
    view! {
        <details class="panel embed">
            <summary>{tr(|t| t.reach().embed)}</summary>
            <p class="small">{tr(|t| t.reach().embed_script)}</p>
            <textarea class="mono embed-script" readonly rows="4" prop:value=text(move || both.get().0)></textarea>
            <button type="button" class="copy-embed-script" on:click=move |_| copy(false)>
                {tr(|t| t.reach().copy)}
            </button>
            <p class="small">{tr(|t| t.reach().embed_iframe)}</p>
            <textarea class="mono embed-iframe" readonly rows="3" prop:value=text(move || both.get().1)></textarea>
            <button type="button" class="copy-embed-iframe" on:click=move |_| copy(true)>
                {tr(|t| t.reach().copy)}
            </button>
            <p class="small" role="status">{message}</p>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippets_escape_what_they_quote() {
        let (script, iframe) = snippets(
            "https://x.example/q/",
            "\"><img src=x onerror=alert(1)>",
            "h2e2 h9g7",
            Edition::Axf,
            Lang::En,
        );
        assert!(script.starts_with("<script src=\"https://x.example/q/embed.js\" defer></script>"));
        assert!(!script.contains("<img"), "{script}");
        assert!(script.contains("data-rules=\"axf\""));
        assert!(iframe.contains("embed.html#fen="));
        assert!(!iframe.contains("<img") && !iframe.contains(' '.to_string().repeat(2).as_str()));
    }

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
