//! The Export menu's Rust side: the pictures and the report of the board a
//! page shows, as text, drawn by `qili-diagram` (the code that draws the
//! site's board); and the line view of issue 21 ("show line": [`mod@line`],
//! [`line_view`]), which plays a claim's line out on a ghost board; and
//! the engine's explanations of the move and the ruling shown ([`panels`]).
//! A wasm of its own, with the claims' lines and the explanations (`qili`'s
//! `lines` and `explain` features, which the site's first load is built
//! without): `site/export.js`, which draws the
//! menu and does the browser's part (downloads, rasterising to PNG,
//! printing, the clipboard), and `site/line.js`, the line view's, import it
//! on first use, so the site's first load carries none of it. The
//! functions take the page's address, which holds the line shown (see
//! [`shown`]). The menu also gives the snippets that embed the line in
//! another site ([`mod@embed`]).
#![deny(missing_docs)]

pub mod embed;
pub mod line;
pub mod line_view;
pub mod shown;

use qili_diagram::Glyphs;
use qili_site::notation::Notation;
use qili_web::Lang;
use wasm_bindgen::prelude::*;

use line::{Line, Which};
use line_view::View;
use shown::Shown;

/// The page's language of `code` (`zh`, `zh-Hans`, `en`; Chinese otherwise).
fn lang(code: &str) -> Lang {
    Lang::from_code(code).unwrap_or_default()
}

fn glyphs(name: &str) -> Glyphs {
    Glyphs::from_name(name).unwrap_or_default()
}

/// The board shown at address `hash` as an SVG file's text. A non-blank
/// `title` (a loaded record's event and players) replaces the page's.
#[wasm_bindgen]
pub fn diagram(
    hash: &str,
    flipped: bool,
    lang_code: &str,
    glyph_set: &str,
    title: &str,
) -> Result<String, JsError> {
    let s = Shown::from_hash(hash).map_err(|e| JsError::new(&e))?;
    Ok(s.titled(title)
        .diagram(flipped, lang(lang_code), glyphs(glyph_set)))
}

/// The printable report of the line at `hash`: an HTML fragment (its styles
/// first) for a `.qili-print` element of the page. `title` as for [`diagram`].
#[wasm_bindgen]
pub fn report(
    hash: &str,
    flipped: bool,
    lang_code: &str,
    glyph_set: &str,
    date: &str,
    title: &str,
) -> Result<String, JsError> {
    let s = Shown::from_hash(hash).map_err(|e| JsError::new(&e))?;
    Ok(s.titled(title)
        .report(flipped, lang(lang_code), glyphs(glyph_set), date))
}

/// A file name (without extension) for the pictures of `hash`.
#[wasm_bindgen]
pub fn file_name(hash: &str) -> String {
    Shown::from_hash(hash).map_or_else(|_| "qili".into(), |s| s.file_name())
}

/// The two snippets that show the line of the page at address `hash` on
/// another site, in the language `lang_code`: the script and a `div`, and
/// an `iframe` (see [`embed::snippets`]). `base` is the site's address
/// ending in `/` (where `embed.js` is).
#[wasm_bindgen]
pub fn embed_snippets(hash: &str, base: &str, lang_code: &str) -> Result<Vec<String>, JsError> {
    let (fen, moves, edition) = embed::line(hash).map_err(|e| JsError::new(&e))?;
    let (script, iframe) = embed::snippets(base, &fen, &moves, edition, lang(lang_code));
    Ok(vec![script, iframe])
}

/// A claim's line shown by the line view (`site/line.js`): the line of
/// the move shown at an address that a "show line" control asks for, and
/// the step reached, drawn as markup.
#[wasm_bindgen]
pub struct LineView(View);

#[wasm_bindgen]
impl LineView {
    /// The line of the move shown at address `hash` that the control with
    /// `data-line` = `line` and `data-square` = `square` asks for (see
    /// [`qili_web::show_line`]), at its start, in the language `lang_code`
    /// and the notation `notation` (`zh`, `wxf`, `iccs`). An error if the
    /// address shows no move or the move has no such line.
    #[wasm_bindgen(constructor)]
    pub fn new(
        hash: &str,
        line: Option<String>,
        square: Option<String>,
        lang_code: &str,
        notation: &str,
    ) -> Result<LineView, JsError> {
        let s = Shown::from_hash(hash).map_err(|e| JsError::new(&e))?;
        let which = Which::parse(line.as_deref(), square.as_deref())
            .ok_or_else(|| JsError::new("unreadable show-line control"))?;
        let m = s
            .judged
            .move_report(s.ply)
            .ok_or_else(|| JsError::new("no move shown"))?;
        let line = Line::new(s.judged.position(s.ply), m, which)
            .ok_or_else(|| JsError::new("this move has no such line"))?;
        Ok(LineView(View {
            line,
            lang: lang(lang_code),
            notation: Notation::from_name(notation).unwrap_or_default(),
        }))
    }

    /// The number of steps of the line (its moves): the last step.
    pub fn steps(&self) -> usize {
        self.0.line.moves.len()
    }

    /// The step shown (0: the start).
    pub fn step(&self) -> usize {
        self.0.line.step()
    }

    /// Shows step `step` (clamped to the line).
    pub fn go(&mut self, step: usize) {
        self.0.line.go(step);
    }

    /// The ghost board (an `svg.board` element's markup), its drawing empty.
    pub fn board(&self, glyph_set: &str) -> String {
        self.0.board(glyphs(glyph_set))
    }

    /// The ghost board's drawing at the step shown (for its `.drawing`).
    pub fn drawing(&self, flipped: bool, glyph_set: &str) -> String {
        self.0.drawing(flipped, glyphs(glyph_set))
    }

    /// The panel: title, note, the moves, the material counted.
    pub fn panel(&self) -> String {
        self.0.panel()
    }

    /// The status of the step shown, to be read out.
    pub fn status(&self) -> String {
        self.0.status()
    }

    /// The toolbar (markup), in the line's language.
    pub fn toolbar(&self) -> String {
        line_view::toolbar(self.0.lang)
    }
}

/// What the site's first load cannot tell about the page at address
/// `hash`, in the language `lang_code`, for the line view (`site/line.js`)
/// to add to its panels: the engine's explanation of the move shown (empty
/// at the start) and of the ruling on the line the page judges (the site's
/// wasm is built without `qili`'s `explain` feature), and the controls of
/// the move's other claims (兑, 献, protected pieces, 29.4) as markup, or
/// nothing. All three empty if the address shows no board.
#[wasm_bindgen]
pub fn panels(hash: &str, lang_code: &str) -> Vec<String> {
    let lang = lang(lang_code);
    let Ok(s) = Shown::from_hash(hash) else {
        return vec![String::new(); 3];
    };
    let pick = |b: &qili::rules::Bilingual| lang.pick(&b.zh, &b.en).to_string();
    let shown = s.judged.move_report(s.ply);
    vec![
        shown.map_or_else(String::new, |m| pick(&m.explanation)),
        pick(&s.judged.report.explanation),
        shown.map_or_else(String::new, |m| {
            line_view::claims(lang, s.judged.position(s.ply), m)
        }),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explains_the_move_shown_and_the_ruling_in_the_pages_language() {
        // 1999 图一: the rook's 长将 against the idle king.
        let hash = "#/case/cxa1999-%E5%9B%BE%E4%B8%80?ply=1";
        let [mv, ruling, _] = <[String; 3]>::try_from(panels(hash, "zh")).unwrap();
        assert!(mv.contains("将"), "{mv}");
        assert!(ruling.contains("红方"), "{ruling}");
        let [mv_en, ruling_en, _] = <[String; 3]>::try_from(panels(hash, "en")).unwrap();
        assert!(
            mv_en.contains("check") && ruling_en.contains("Red"),
            "{mv_en} / {ruling_en}"
        );
        // At the start no move is shown; the ruling is still explained.
        let start = panels("#/case/cxa1999-%E5%9B%BE%E4%B8%80?ply=0", "en");
        assert!(start[0].is_empty() && !start[1].is_empty(), "{start:?}");
        // The analysis board explains the moves up to the one shown.
        let analysis = panels(
            "#/analysis?fen=2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1%20w&moves=f0e0,e8f8&ply=2",
            "en",
        );
        assert!(
            !analysis[0].is_empty() && !analysis[1].is_empty(),
            "{analysis:?}"
        );
        assert_eq!(panels("#/about", "zh"), ["", "", ""]);
    }
}
