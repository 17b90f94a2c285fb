//! The board's headless state and geometry: what is selected, which square
//! has the keyboard focus, where each point is drawn. No DOM, no rules: the
//! legal moves come in from outside.

use qili::{File, Move, Piece, Rank, Square};

/// Width of the drawing (SVG user units): nine files, one unit of 100 each.
/// Coordinates are whole numbers, so no float is ever formatted (float
/// formatting would cost download size).
pub const WIDTH: i32 = 900;
/// Height of the drawing: ten ranks plus a band for the file numbers above
/// and below.
pub const HEIGHT: i32 = 1100;
/// Distance between two points.
pub const CELL: i32 = 100;
/// Centre of the top-left point.
const ORIGIN_X: i32 = 50;
const ORIGIN_Y: i32 = 100;

/// Where `sq` is drawn: the centre of its point. Unflipped, red is at the
/// bottom (file `a` on the left, rank 0 at the bottom); flipped turns the
/// board half a circle.
pub fn point(sq: Square, flipped: bool) -> (i32, i32) {
    let (col, row) = screen_cell(sq, flipped);
    (
        ORIGIN_X + CELL * i32::from(col),
        ORIGIN_Y + CELL * i32::from(row),
    )
}

/// The column (0 = left) and row (0 = top) of `sq` on screen.
pub fn screen_cell(sq: Square, flipped: bool) -> (u8, u8) {
    let (f, r) = (sq.file().index(), sq.rank().index());
    if flipped {
        (8 - f, r)
    } else {
        (f, 9 - r)
    }
}

/// The square at screen column `col`, row `row`, if on the board.
pub fn square_at_cell(col: i32, row: i32, flipped: bool) -> Option<Square> {
    if !(0..9).contains(&col) || !(0..10).contains(&row) {
        return None;
    }
    let (f, r) = if flipped {
        (8 - col, row)
    } else {
        (col, 9 - row)
    };
    Some(Square::from_coords(
        File::new(f as u8)?,
        Rank::new(r as u8)?,
    ))
}

/// The square nearest to the drawing coordinates `(x, y)`, if on the board.
pub fn square_at(x: f64, y: f64, flipped: bool) -> Option<Square> {
    let col = ((x - f64::from(ORIGIN_X)) / f64::from(CELL)).round() as i32;
    let row = ((y - f64::from(ORIGIN_Y)) / f64::from(CELL)).round() as i32;
    square_at_cell(col, row, flipped)
}

/// A direction on screen, for keyboard navigation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom.
    Down,
    /// Left.
    Left,
    /// Right.
    Right,
}

/// The square next to `sq` on screen, staying on the board.
pub fn step(sq: Square, dir: Step, flipped: bool) -> Square {
    let (col, row) = screen_cell(sq, flipped);
    let (dc, dr) = match dir {
        Step::Up => (0, -1),
        Step::Down => (0, 1),
        Step::Left => (-1, 0),
        Step::Right => (1, 0),
    };
    square_at_cell(i32::from(col) + dc, i32::from(row) + dr, flipped).unwrap_or(sq)
}

/// The selection for playing moves by clicking or dragging.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Selection {
    /// The square whose piece is picked up.
    pub selected: Option<Square>,
}

impl Selection {
    /// Destinations of the selected piece among `legal`.
    pub fn dests(&self, legal: &[Move]) -> Vec<Square> {
        match self.selected {
            Some(from) => legal
                .iter()
                .filter(|m| m.from == from)
                .map(|m| m.to)
                .collect(),
            None => Vec::new(),
        }
    }

    /// A click (or Enter) on `sq`: completes a move to a legal destination,
    /// otherwise picks up the piece on `sq` if it can move, or drops the
    /// selection. Returns the move chosen.
    pub fn click(&mut self, sq: Square, legal: &[Move]) -> Option<Move> {
        if let Some(from) = self.selected {
            let m = Move::new(from, sq);
            if legal.contains(&m) {
                self.selected = None;
                return Some(m);
            }
        }
        self.selected = if self.selected != Some(sq) && legal.iter().any(|m| m.from == sq) {
            Some(sq)
        } else {
            None
        };
        None
    }

    /// A drag from `from` released on `to`. Returns the move if legal; a drag
    /// back onto its start is a click.
    pub fn drop(&mut self, from: Square, to: Square, legal: &[Move]) -> Option<Move> {
        if from == to {
            return None;
        }
        let m = Move::new(from, to);
        if legal.contains(&m) {
            self.selected = None;
            Some(m)
        } else {
            self.selected = legal.iter().any(|m| m.from == from).then_some(from);
            None
        }
    }
}

/// What a gesture did on a board in edit mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gesture {
    /// A click (or Enter) on a square.
    Click(Square),
    /// A piece dragged from one square to another.
    Drag(Square, Square),
    /// A piece dragged off the board.
    DragOff(Square),
}

/// An arrow drawn on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrow {
    /// Tail.
    pub from: Square,
    /// Head.
    pub to: Square,
    /// How it is drawn.
    pub kind: ArrowKind,
}

/// The kinds of arrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArrowKind {
    /// An attacker to the piece it chases.
    Attack,
    /// A threatened move (the first move of a mating line, a checking move
    /// that wins a piece).
    Threat,
}

/// A marked point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    /// Where.
    pub square: Square,
    /// What it means.
    pub kind: MarkKind,
}

/// The kinds of mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// The piece a move is about: the king checked, a chased piece.
    Target,
    /// A defender of a chased piece.
    Protector,
    /// A defender that cannot legally take back (假根).
    FalseRoot,
    /// A piece attacked before and after the move (从捉到捉).
    Standing,
}

/// The label of the move shown, drawn next to the piece that moved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Badge {
    /// Where.
    pub square: Square,
    /// 将, 杀, 捉 or 闲.
    pub label: String,
    /// 兑, 献, 拦 or 跟.
    pub sub: Option<String>,
}

/// Everything drawn over the pieces.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Overlay {
    /// The move that led to the position.
    pub last: Option<Move>,
    /// Arrows.
    pub arrows: Vec<Arrow>,
    /// Marked points.
    pub marks: Vec<Mark>,
    /// The label of the last move.
    pub badge: Option<Badge>,
}

/// The pieces of a position as the board draws them.
pub type Pieces = Vec<(Square, Piece)>;

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn geometry_round_trips_both_ways_up() {
        for flipped in [false, true] {
            for s in Square::all() {
                let (x, y) = point(s, flipped);
                assert_eq!(
                    square_at(f64::from(x) + 30.0, f64::from(y) - 30.0, flipped),
                    Some(s)
                );
            }
        }
        assert_eq!(point(sq("a9"), false), (50, 100));
        assert_eq!(point(sq("a9"), true), (850, 1000));
        assert_eq!(square_at(-200.0, 0.0, false), None);
    }

    #[test]
    fn keyboard_steps_follow_the_screen() {
        assert_eq!(step(sq("e0"), Step::Up, false), sq("e1"));
        assert_eq!(step(sq("e0"), Step::Up, true), sq("e0"), "edge");
        assert_eq!(step(sq("e0"), Step::Down, true), sq("e1"));
        assert_eq!(step(sq("a0"), Step::Left, false), sq("a0"));
        assert_eq!(step(sq("a0"), Step::Left, true), sq("b0"));
    }

    #[test]
    fn selection_plays_legal_moves_only() {
        let legal = [Move::new(sq("h2"), sq("e2")), Move::new(sq("h2"), sq("h9"))];
        let mut s = Selection::default();
        assert_eq!(s.click(sq("e2"), &legal), None, "nothing to pick up");
        assert_eq!(s.selected, None);
        assert_eq!(s.click(sq("h2"), &legal), None);
        assert_eq!(s.dests(&legal), [sq("e2"), sq("h9")]);
        assert_eq!(s.click(sq("h2"), &legal), None, "second click drops");
        assert_eq!(s.selected, None);
        s.click(sq("h2"), &legal);
        assert_eq!(s.click(sq("e2"), &legal), Some(legal[0]));
        assert_eq!(s.selected, None);
        assert_eq!(s.drop(sq("h2"), sq("h3"), &legal), None);
        assert_eq!(
            s.selected,
            Some(sq("h2")),
            "an illegal drop keeps the piece picked up"
        );
        assert_eq!(s.drop(sq("h2"), sq("h9"), &legal), Some(legal[1]));
    }
}
