//! The board's drawing as SVG markup: file numbers, the last move, the
//! pieces, marks, legal destinations, arrows and the label badge. A pure
//! function of what the board is given, so it is tested natively.

use qili::{Color, File, Piece, Rank, Square};

use super::state::{point, Overlay};
use super::{ArrowKind, MarkKind};
use crate::markup::Markup;

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
}

fn numeral(color: Color, n: u8) -> String {
    match color {
        Color::Red => {
            ["一", "二", "三", "四", "五", "六", "七", "八", "九"][usize::from(n - 1)].into()
        }
        Color::Black => n.to_string(),
    }
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
pub fn piece(m: &mut Markup, p: Piece, sq: Option<Square>, x: i32, y: i32, class: &str) {
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
    .text(&p.glyph().to_string())
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

/// The drawing.
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
        let (x, y) = point(sq, s.flipped);
        let class = if s.lifted == Some(sq) { " lifted" } else { "" };
        piece(&mut m, p, Some(sq), x, y, class);
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
        let bx = if x + 36 + 25 > super::state::WIDTH {
            x - 36
        } else {
            x + 36
        };
        let cls = format!("badge label-{}", super::label_class(&b.label));
        badge(&mut m, &cls, bx, y - 36, "25", &b.label);
        if let Some(sub) = &b.sub {
            badge(&mut m, "badge sub", bx, y + 36, "23", sub);
        }
    }
    m.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Arrow, Badge, Mark};
    use qili::{Move, Position};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn draws_every_piece_with_its_hooks() {
        let pos = Position::new();
        let pieces = crate::judge::pieces(&pos);
        let overlay = Overlay::default();
        let svg = draw(Scene {
            pieces: &pieces,
            flipped: false,
            overlay: &overlay,
            selected: None,
            dests: &[],
            lifted: None,
        });
        assert_eq!(svg.matches("data-piece=").count(), 32);
        assert!(
            svg.contains("data-piece=\"K\" data-square=\"e0\" transform=\"translate(450 1000)\"")
        );
        assert!(svg.contains(">帥</text>") && svg.contains(">將</text>"));
        assert!(svg.contains(">九</text>") && svg.contains(">9</text>"));
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
                label: "闲".into(),
                sub: Some("兑".into()),
            }),
        };
        let svg = draw(Scene {
            pieces: &[],
            flipped: true,
            overlay: &overlay,
            selected: Some(sq("e2")),
            dests: &[sq("e3")],
            lifted: None,
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
}
