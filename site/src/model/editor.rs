//! The position editor: an unchecked [`Setup`] changed by clicks and drags,
//! validated by the rules crate on every change.

use qili::{fen, Color, Piece, Position, PositionError, Problem, Role, Setup, Square, Tolerance};

use crate::board::Gesture;

/// What a click on a square does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// Puts this piece there (a second click with the same piece removes it).
    Place(Piece),
    /// Empties the square.
    Erase,
}

/// The editor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor {
    /// The setup being edited.
    pub setup: Setup,
    /// The tool in hand.
    pub tool: Tool,
}

/// The pieces of the palette, red then black, in [`Role::ALL`] order.
pub fn palette() -> impl Iterator<Item = Piece> {
    Color::ALL
        .into_iter()
        .flat_map(|color| Role::ALL.into_iter().map(move |role| Piece { color, role }))
}

impl Editor {
    /// Starts editing `setup`.
    pub fn new(setup: Setup) -> Editor {
        Editor {
            setup,
            tool: Tool::Place(Piece {
                color: Color::Red,
                role: Role::Rook,
            }),
        }
    }

    /// Applies a board gesture.
    pub fn gesture(&mut self, g: Gesture) {
        match g {
            Gesture::Click(sq) => self.click(sq),
            Gesture::Drag(from, to) => {
                let p = self.setup.board.set(from, None);
                self.setup.board.set(to, p);
            }
            Gesture::DragOff(from) => {
                self.setup.board.set(from, None);
            }
        }
    }

    /// A click on `sq` with the current tool.
    pub fn click(&mut self, sq: Square) {
        let here = self.setup.board.piece_at(sq);
        let new = match self.tool {
            Tool::Place(p) if here == Some(p) => None,
            Tool::Place(p) => Some(p),
            Tool::Erase => None,
        };
        self.setup.board.set(sq, new);
    }

    /// Removes every piece.
    pub fn clear(&mut self) {
        self.setup.board = qili::Board::empty();
    }

    /// The standard start position.
    pub fn reset(&mut self) {
        self.setup = Setup::start();
    }

    /// Gives the move to the other side.
    pub fn toggle_turn(&mut self) {
        self.setup.turn = self.setup.turn.other();
    }

    /// The position, if the setup is one (composed positions accepted).
    pub fn position(&self) -> Result<Position, PositionError> {
        Position::from_setup(self.setup.clone(), Tolerance::COMPOSED)
    }

    /// The problems that make the setup unplayable.
    pub fn errors(&self) -> Vec<Problem> {
        self.position()
            .err()
            .map(|e| e.problems)
            .unwrap_or_default()
    }

    /// The problems accepted for a composed position, which a game from the
    /// normal start could never reach (shown as notes).
    pub fn notes(&self) -> Vec<Problem> {
        self.setup
            .problems()
            .into_iter()
            .filter(|p| Tolerance::COMPOSED.accepts(p))
            .collect()
    }

    /// The setup as FEN.
    pub fn fen(&self) -> String {
        fen::write_setup(&self.setup)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn editing_reports_every_problem() {
        let mut e = Editor::new(Setup::start());
        assert!(e.errors().is_empty());
        e.clear();
        let errors = e.errors();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors.iter().all(|p| matches!(p, Problem::MissingKing(_))));
        e.tool = Tool::Place(Piece::from_char('K').unwrap());
        e.click(sq("e0"));
        e.tool = Tool::Place(Piece::from_char('k').unwrap());
        e.click(sq("e9"));
        assert_eq!(e.errors(), [Problem::KingsFacing]);
        e.gesture(Gesture::Drag(sq("e9"), sq("d9")));
        assert!(e.errors().is_empty());
        assert_eq!(e.fen(), "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
        // An advisor outside the palace: playable as a composed position, noted.
        e.tool = Tool::Place(Piece::from_char('A').unwrap());
        e.click(sq("a5"));
        assert!(e.errors().is_empty());
        assert_eq!(e.notes().len(), 1);
        e.click(sq("a5"));
        assert!(e.notes().is_empty(), "a second click removes the piece");
        e.gesture(Gesture::DragOff(sq("d9")));
        assert_eq!(e.errors(), [Problem::MissingKing(Color::Black)]);
    }

    #[test]
    fn erase_turn_and_reset() {
        let mut e = Editor::new(Setup::start());
        e.tool = Tool::Erase;
        e.click(sq("a0"));
        assert_eq!(e.setup.board.piece_at(sq("a0")), None);
        e.toggle_turn();
        assert_eq!(e.setup.turn, Color::Black);
        e.reset();
        assert_eq!(e.setup, Setup::start());
        assert_eq!(palette().count(), 14);
    }
}
