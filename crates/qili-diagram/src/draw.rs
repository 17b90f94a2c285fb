//! The board's drawing as SVG markup: the wood, the lines and the river, the
//! file numbers, the last move, the pieces, marks, legal destinations, arrows
//! and the label badge. A pure function of what the board is given, so the
//! site's board, the widget, the exported pictures and the CLI all draw the
//! same thing; tested natively.
//!
//! Every piece is a `<g>` with `data-piece` (its FEN letter) and
//! `data-square` (its ICCS point): testing hooks, kept stable.

use qili::{Color, File, Piece, Rank, Role, Square};
use qili_web::markup::Markup;

use crate::geometry::{point, WIDTH};
use crate::overlay::{label_class, ArrowKind, MarkKind, Overlay};

/// Which glyphs the pieces carry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Glyphs {
    /// 帥仕相傌俥炮兵 / 將士象馬車砲卒: a glyph of its own for each side's
    /// horse, rook and cannon (the board's usual set).
    #[default]
    Traditional,
    /// 帅仕相马车炮兵 / 将士象马车炮卒: the sides share the horse, rook and
    /// cannon glyphs, told apart by colour.
    Simplified,
}

impl Glyphs {
    /// The glyph of `p`.
    pub fn of(self, p: Piece) -> char {
        match self {
            Glyphs::Traditional => p.glyph(),
            Glyphs::Simplified => match (p.color, p.role) {
                (Color::Red, Role::King) => '帅',
                (Color::Black, Role::King) => '将',
                (_, Role::Horse) => '马',
                (_, Role::Rook) => '车',
                (_, Role::Cannon) => '炮',
                _ => p.glyph(),
            },
        }
    }

    /// The river's two words.
    fn river(self) -> [&'static str; 2] {
        match self {
            Glyphs::Traditional => ["楚 河", "漢 界"],
            Glyphs::Simplified => ["楚 河", "汉 界"],
        }
    }

    /// The name [`Glyphs::from_name`] reads: `traditional` or `simplified`.
    pub fn name(self) -> &'static str {
        match self {
            Glyphs::Traditional => "traditional",
            Glyphs::Simplified => "simplified",
        }
    }

    /// Reads `traditional`/`trad` or `simplified`/`simp`.
    pub fn from_name(s: &str) -> Option<Glyphs> {
        match s {
            "traditional" | "trad" | "zh-trad" => Some(Glyphs::Traditional),
            "simplified" | "simp" | "zh" => Some(Glyphs::Simplified),
            _ => None,
        }
    }
}

/// Everything the drawing depends on.
#[derive(Debug, Clone, Copy)]
pub struct Scene<'a> {
    /// The pieces.
    pub pieces: &'a [(Square, Piece)],
    /// Black at the bottom.
    pub flipped: bool,
    /// Arrows, marks, the last move, the badge.
    pub overlay: &'a Overlay,
    /// The picked-up piece.
    pub selected: Option<Square>,
    /// Where it can go.
    pub dests: &'a [Square],
    /// A piece being dragged (drawn faded at its origin).
    pub lifted: Option<Square>,
    /// The pieces' glyphs.
    pub glyphs: Glyphs,
}

impl<'a> Scene<'a> {
    /// A still picture: no selection, nothing dragged.
    pub fn still(
        pieces: &'a [(Square, Piece)],
        overlay: &'a Overlay,
        flipped: bool,
        glyphs: Glyphs,
    ) -> Scene<'a> {
        Scene {
            pieces,
            flipped,
            overlay,
            selected: None,
            dests: &[],
            lifted: None,
            glyphs,
        }
    }
}

fn numeral(color: Color, n: u8) -> String {
    match color {
        Color::Red => {
            ["一", "二", "三", "四", "五", "六", "七", "八", "九"][usize::from(n - 1)].into()
        }
        Color::Black => n.to_string(),
    }
}

/// The lines of the board: frame, files broken by the river, ranks, the
/// palaces' diagonals and the marks of the cannon and pawn points, as one
/// SVG path.
pub fn grid_path() -> String {
    let mut d = String::with_capacity(4096);
    let x = |f: i32| 50 + 100 * f;
    let y = |r: i32| 100 + 100 * r; // screen row 0 at the top
    let mut line = |x1: i32, y1: i32, x2: i32, y2: i32| {
        d.push_str(&format!("M{x1} {y1}L{x2} {y2}"));
    };
    for r in 0..10 {
        line(x(0), y(r), x(8), y(r));
    }
    for f in 0..9 {
        if f == 0 || f == 8 {
            line(x(f), y(0), x(f), y(9));
        } else {
            line(x(f), y(0), x(f), y(4));
            line(x(f), y(5), x(f), y(9));
        }
    }
    for (top, bottom) in [(0, 2), (7, 9)] {
        line(x(3), y(top), x(5), y(bottom));
        line(x(5), y(top), x(3), y(bottom));
    }
    // Small corner marks around the cannon and pawn points.
    let points = [
        (1, 2),
        (7, 2),
        (1, 7),
        (7, 7),
        (0, 3),
        (2, 3),
        (4, 3),
        (6, 3),
        (8, 3),
        (0, 6),
        (2, 6),
        (4, 6),
        (6, 6),
        (8, 6),
    ];
    for (f, r) in points {
        let (cx, cy) = (x(f), y(r));
        for (sx, sy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
            if (f == 0 && sx < 0) || (f == 8 && sx > 0) {
                continue;
            }
            let (gx, gy) = (cx + 8 * sx, cy + 8 * sy);
            d.push_str(&format!(
                "M{} {}L{gx} {gy}L{gx} {}",
                gx + 18 * sx,
                gy,
                gy + 18 * sy
            ));
        }
    }
    d
}

/// The board itself, under everything else: wood, lines, frame, river.
/// Written from constants (the site's download pays for code, not text).
pub fn board(glyphs: Glyphs) -> String {
    let [left, right] = glyphs.river();
    let mut m = String::with_capacity(4608);
    m.push_str(r#"<rect class="wood" x="0" y="0" width="900" height="1100" rx="18"/><path class="grid" d=""#);
    m.push_str(&grid_path());
    m.push_str(r#""/><rect class="frame" x="38" y="88" width="824" height="924"/><text class="river" x="250" y="553">"#);
    m.push_str(left);
    m.push_str(r#"</text><text class="river" x="650" y="553">"#);
    m.push_str(right);
    m.push_str("</text>");
    m
}

/// An arrow from the centre of one point towards another, stopping short of
/// both pieces, as polygon points (no SVG markers, so no ids to clash when
/// several boards share a page).
fn arrow_points(from: Square, to: Square, flipped: bool) -> String {
    let f = |(x, y): (i32, i32)| (f64::from(x), f64::from(y));
    let (x1, y1) = f(point(from, flipped));
    let (x2, y2) = f(point(to, flipped));
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    // Between neighbours the arrow shrinks so that its shaft still shows.
    let (start, tip, head) = (
        (len * 0.15).min(30.0),
        (len * 0.2).min(34.0),
        (len * 0.3).min(34.0),
    );
    let (sx, sy) = (x1 + ux * start, y1 + uy * start);
    let (hx, hy) = (x2 - ux * tip, y2 - uy * tip);
    let (bx, by) = (hx - ux * head, hy - uy * head);
    let (w, hw) = (7.0, 20.0);
    let pts = [
        (sx + nx * w, sy + ny * w),
        (bx + nx * w, by + ny * w),
        (bx + nx * hw, by + ny * hw),
        (hx, hy),
        (bx - nx * hw, by - ny * hw),
        (bx - nx * w, by - ny * w),
        (sx - nx * w, sy - ny * w),
    ];
    // Whole numbers: formatting floats would pull in float printing.
    pts.iter()
        .map(|(x, y)| format!("{},{}", x.round() as i32, y.round() as i32))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The SVG markup of one piece centred at `(x, y)`.
pub fn piece(
    m: &mut Markup,
    p: Piece,
    sq: Option<Square>,
    (x, y): (i32, i32),
    class: &str,
    glyphs: Glyphs,
) {
    let color = if p.color == Color::Red {
        "red"
    } else {
        "black"
    };
    let cls = format!("piece {color}{class}");
    let letter = p.char().to_string();
    let square = sq.map(|s| s.to_string());
    let transform = format!("translate({x} {y})");
    m.open(
        "g",
        &[
            ("class", Some(&cls)),
            ("data-piece", Some(&letter)),
            ("data-square", square.as_deref()),
            ("transform", Some(&transform)),
        ],
    )
    .empty("circle", &[("class", Some("disc")), ("r", Some("45"))])
    .empty("circle", &[("class", Some("rim")), ("r", Some("39"))])
    .open("text", &[("class", Some("glyph")), ("y", Some("2"))])
    .text(&glyphs.of(p).to_string())
    .close("text")
    .close("g");
}

fn circle(m: &mut Markup, class: &str, x: i32, y: i32, r: i32) {
    m.empty(
        "circle",
        &[
            ("class", Some(class)),
            ("cx", Some(&x.to_string())),
            ("cy", Some(&y.to_string())),
            ("r", Some(&r.to_string())),
        ],
    );
}

fn badge(m: &mut Markup, class: &str, x: i32, y: i32, r: &str, text: &str) {
    let transform = format!("translate({x} {y})");
    m.open(
        "g",
        &[("class", Some(class)), ("transform", Some(&transform))],
    )
    .empty("circle", &[("r", Some(r))])
    .open("text", &[("y", Some("1"))])
    .text(text)
    .close("text")
    .close("g");
}

/// The drawing over the board: file numbers, last move, pieces, marks,
/// selection, destinations, arrows, badge.
pub fn draw(s: Scene<'_>) -> String {
    let mut m = Markup::new();
    let (bottom, top) = if s.flipped {
        (Color::Black, Color::Red)
    } else {
        (Color::Red, Color::Black)
    };
    let rank0 = Rank::new(0).expect("rank 0");
    for f in File::all() {
        let (x, _) = point(Square::from_coords(f, rank0), s.flipped);
        let x = x.to_string();
        for (color, y) in [(top, "34"), (bottom, "1070")] {
            let cls = if color == Color::Red {
                "num red"
            } else {
                "num black"
            };
            m.open(
                "text",
                &[("class", Some(cls)), ("x", Some(&x)), ("y", Some(y))],
            )
            .text(&numeral(color, f.number_for(color)))
            .close("text");
        }
    }
    if let Some(mv) = s.overlay.last {
        for (sq, cls) in [(mv.from, "last from"), (mv.to, "last to")] {
            let (x, y) = point(sq, s.flipped);
            m.empty(
                "rect",
                &[
                    ("class", Some(cls)),
                    ("x", Some(&(x - 46).to_string())),
                    ("y", Some(&(y - 46).to_string())),
                    ("width", Some("92")),
                    ("height", Some("92")),
                    ("rx", Some("10")),
                ],
            );
        }
    }
    for &(sq, p) in s.pieces {
        let class = if s.lifted == Some(sq) { " lifted" } else { "" };
        piece(&mut m, p, Some(sq), point(sq, s.flipped), class, s.glyphs);
    }
    for mark in &s.overlay.marks {
        let (x, y) = point(mark.square, s.flipped);
        let cls = match mark.kind {
            MarkKind::Target => "mark target",
            MarkKind::Protector => "mark protector",
            MarkKind::FalseRoot => "mark false-root",
            MarkKind::Standing => "mark standing",
        };
        circle(&mut m, cls, x, y, 49);
        if mark.kind == MarkKind::FalseRoot {
            let d = format!("M{} {}l20 20m0 -20l-20 20", x - 48, y - 48);
            m.empty("path", &[("class", Some("mark-cross")), ("d", Some(&d))]);
        }
    }
    if let Some(sel) = s.selected {
        let (x, y) = point(sel, s.flipped);
        circle(&mut m, "selected", x, y, 48);
    }
    for &d in s.dests {
        let (x, y) = point(d, s.flipped);
        if s.pieces.iter().any(|(q, _)| *q == d) {
            circle(&mut m, "dest capture", x, y, 46);
        } else {
            circle(&mut m, "dest", x, y, 13);
        }
    }
    for a in &s.overlay.arrows {
        let cls = match a.kind {
            ArrowKind::Attack => "arrow attack",
            ArrowKind::Threat => "arrow threat",
        };
        let pts = arrow_points(a.from, a.to, s.flipped);
        m.empty("polygon", &[("class", Some(cls)), ("points", Some(&pts))]);
    }
    if let Some(b) = &s.overlay.badge {
        let (x, y) = point(b.square, s.flipped);
        // Top right of the piece, or top left on the right edge.
        let bx = if x + 36 + 25 > WIDTH { x - 36 } else { x + 36 };
        let cls = format!("badge label-{}", label_class(b.label));
        badge(&mut m, &cls, bx, y - 36, "25", b.label.zh());
        if let Some(sub) = b.sub {
            badge(&mut m, "badge sub", bx, y + 36, "23", sub.zh());
        }
    }
    m.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::overlay::{Arrow, Badge, Mark};
    use qili::rules::{IdleKind, Label};
    use qili::{Move, Position};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn pieces(pos: &Position) -> Vec<(Square, Piece)> {
        Square::all()
            .filter_map(|s| pos.piece_at(s).map(|p| (s, p)))
            .collect()
    }

    #[test]
    fn draws_every_piece_with_its_hooks() {
        let pieces = pieces(&Position::new());
        let overlay = Overlay::default();
        let svg = draw(Scene::still(&pieces, &overlay, false, Glyphs::Traditional));
        assert_eq!(svg.matches("data-piece=").count(), 32);
        assert!(
            svg.contains("data-piece=\"K\" data-square=\"e0\" transform=\"translate(450 1000)\"")
        );
        assert!(svg.contains(">帥</text>") && svg.contains(">將</text>"));
        assert!(svg.contains(">九</text>") && svg.contains(">9</text>"));
        let simple = draw(Scene::still(&pieces, &overlay, false, Glyphs::Simplified));
        assert!(simple.contains(">帅</text>") && simple.contains(">将</text>"));
        assert_eq!(simple.matches(">车</text>").count(), 4);
        assert!(!simple.contains('俥') && !simple.contains('馬'));
    }

    #[test]
    fn draws_the_overlay() {
        let overlay = Overlay {
            last: Some(Move::new(sq("h2"), sq("e2"))),
            arrows: vec![Arrow {
                from: sq("e2"),
                to: sq("e6"),
                kind: ArrowKind::Attack,
            }],
            marks: vec![
                Mark {
                    square: sq("e6"),
                    kind: MarkKind::Target,
                },
                Mark {
                    square: sq("e7"),
                    kind: MarkKind::FalseRoot,
                },
            ],
            badge: Some(Badge {
                square: sq("e2"),
                label: Label::Idle,
                sub: Some(IdleKind::Exchange),
            }),
        };
        let svg = draw(Scene {
            selected: Some(sq("e2")),
            dests: &[sq("e3")],
            ..Scene::still(&[], &overlay, true, Glyphs::Traditional)
        });
        for needle in [
            "class=\"last from\"",
            "class=\"arrow attack\"",
            "class=\"mark target\"",
            "class=\"mark-cross\"",
            "class=\"badge label-idle\"",
            ">兑</text>",
            "class=\"selected\"",
            "class=\"dest\"",
        ] {
            assert!(svg.contains(needle), "{needle} missing");
        }
        assert!(!svg.contains('.'), "whole numbers only: {svg}");
    }

    #[test]
    fn glyph_sets_read_their_own_names() {
        for g in [Glyphs::Traditional, Glyphs::Simplified] {
            assert_eq!(Glyphs::from_name(g.name()), Some(g));
        }
    }

    #[test]
    fn the_board_has_its_river_in_the_glyphs_chosen() {
        assert!(board(Glyphs::Traditional).contains("漢 界"));
        assert!(board(Glyphs::Simplified).contains("汉 界"));
        assert!(board(Glyphs::Simplified).starts_with("<rect class=\"wood\""));
    }
}
