//! A diagram as a standalone SVG document: the board drawn by [`crate::draw`]
//! with its styles inside (fonts named with fallbacks, no external
//! reference), valid XML, text kept as text. What the CLI writes and the
//! site's Export menu downloads.

use qili::{Move, Piece, Position, Square};
use qili_web::markup::Markup;

use crate::draw::{self, Glyphs, Scene};
use crate::geometry::{HEIGHT, WIDTH};
use crate::overlay::Overlay;

/// The board's styles, for standalone pictures: the same colours and sizes
/// as the site's stylesheet (`site/style.css`, "the board"), its variables
/// resolved (a test compares the two).
pub const BOARD_CSS: &str = include_str!("css/board.css");

/// The pieces of a position, in square order, as the board draws them.
pub fn pieces(pos: &Position) -> Vec<(Square, Piece)> {
    Square::all()
        .filter_map(|s| pos.piece_at(s).map(|p| (s, p)))
        .collect()
}

/// How a picture is drawn.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// Black at the bottom.
    pub flipped: bool,
    /// The pieces' glyphs.
    pub glyphs: Glyphs,
    /// The document's title (`<title>`): the example's name, the event…
    /// Escaped: it may come from a record.
    pub title: Option<String>,
    /// The `lang` of the document (`zh-Hans`, `en`).
    pub lang: Option<String>,
    /// Width and height in pixels, if not the drawing's own 900 × 1100.
    pub size: Option<(u32, u32)>,
}

/// The board as an `<svg>` element (no XML declaration): fit for a file, an
/// `<img>` or inlining into HTML.
pub fn element(pieces: &[(Square, Piece)], overlay: &Overlay, o: &Options) -> String {
    let (w, h) = o.size.unwrap_or((WIDTH as u32, HEIGHT as u32));
    let (w, h) = (w.to_string(), h.to_string());
    let view_box = format!("0 0 {WIDTH} {HEIGHT}");
    let mut m = Markup::new();
    m.open(
        "svg",
        &[
            ("xmlns", Some("http://www.w3.org/2000/svg")),
            ("class", Some("board diagram")),
            ("viewBox", Some(&view_box)),
            ("width", Some(&w)),
            ("height", Some(&h)),
            ("role", Some("img")),
            ("lang", o.lang.as_deref()),
            ("aria-label", o.title.as_deref()),
        ],
    );
    if let Some(t) = &o.title {
        m.el("title", "", t);
    }
    m.el("style", "", "");
    let mut svg = m.finish();
    // The stylesheet holds no `<` or `&`: written as is, so that its quotes
    // stay quotes (escaping is for data, this is the crate's own text).
    svg.truncate(svg.len() - "</style>".len());
    svg.push_str(BOARD_CSS);
    svg.push_str("</style>");
    svg.push_str(&draw::board(o.glyphs));
    svg.push_str("<g class=\"drawing\">");
    svg.push_str(&draw::draw(Scene::still(
        pieces, overlay, o.flipped, o.glyphs,
    )));
    svg.push_str("</g></svg>");
    svg
}

/// The board as an SVG file's text (with the XML declaration).
pub fn document(pieces: &[(Square, Piece)], overlay: &Overlay, o: &Options) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}\n",
        element(pieces, overlay, o)
    )
}

/// The position after `ply` of `moves` from `start` (clamped), with the move
/// that led to it, if any.
pub fn at_ply(start: &Position, moves: &[Move], ply: usize) -> (Position, Option<Move>) {
    let ply = ply.min(moves.len());
    let mut pos = start.clone();
    for &m in &moves[..ply] {
        pos.play_unchecked(m);
    }
    (pos, ply.checked_sub(1).map(|i| moves[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_one_svg_with_its_styles_and_an_escaped_title() {
        let pieces = pieces(&Position::new());
        let o = Options {
            title: Some("<script>alert(1)</script> onload=x".into()),
            ..Options::default()
        };
        let svg = document(&pieces, &Overlay::default(), &o);
        assert!(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns="));
        assert!(!svg.contains("<script"), "{svg}");
        assert!(svg.contains("&lt;script&gt;"));
        assert!(svg.contains("font-family:\"KaiTi\""));
        assert!(
            !svg.contains("href") && !svg.contains("url("),
            "no external reference"
        );
        assert_eq!(svg.matches("<svg").count(), 1);
    }

    #[test]
    fn the_styles_are_the_sites() {
        // Every colour of the picture is one of the site's board colours
        // (the site's variables resolved: check, mate, chase, idle, sub).
        let site = include_str!("../../../site/style.css").replace(' ', "");
        for rule in BOARD_CSS.lines() {
            let body = rule.split_once('{').map_or("", |(_, b)| b);
            for decl in body.trim_end_matches('}').split(';') {
                let value = decl.split_once(':').map_or("", |(_, v)| v);
                if value.starts_with('#') || value.starts_with("rgba") {
                    let v = value.replace(".", "0.").replace("00.", "0.");
                    assert!(
                        site.contains(&v) || site.contains(value),
                        "{decl}: not a colour of site/style.css"
                    );
                }
            }
        }
    }
}
