//! The board's headless state and geometry: what is selected, which square
//! has the keyboard focus, where each point is drawn. No DOM, no rules: the
//! legal moves come in from outside.

use qili::{Move, Piece, Square};

pub use qili_diagram::geometry::{
    point, screen_cell, square_at, square_at_cell, CELL, HEIGHT, WIDTH,
};
pub use qili_diagram::{Arrow, ArrowKind, Badge, Mark, MarkKind, Overlay};

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

/// The pieces of a position as the board draws them.
pub type Pieces = Vec<(Square, Piece)>;

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
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
