//! The Export menu's Rust side: the pictures and the report of the board a
//! page shows, as text, drawn by `qili-diagram` (the code that draws the
//! site's board). A wasm of its own: `site/export.js`, which draws the menu
//! and does the browser's part (downloads, rasterising to PNG, printing, the
//! clipboard), imports it on first use, so the site's first load carries
//! neither. The functions take the page's address, which holds the line
//! shown (see [`shown`]).
#![deny(missing_docs)]

pub mod shown;

use qili_diagram::{Glyphs, Lang};
use wasm_bindgen::prelude::*;

use shown::Shown;

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
