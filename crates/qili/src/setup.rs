//! Unchecked setups and the reasons a setup is not a legal position.

use core::fmt;

use crate::{Board, Color, Piece, Role, Square};

/// A position as written down, not yet validated: it may be nonsense.
/// Turn it into a [`crate::Position`] with [`crate::Position::from_setup`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture (the FEN half-move clock).
    pub halfmoves: u32,
    /// The move number, starting at 1 and increased after black moves.
    pub fullmoves: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

impl Setup {
    /// The standard starting position, red to move.
    pub fn start() -> Setup {
        Setup {
            board: Board::start(),
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// Every reason this setup is not a legal position, in a fixed order.
    pub fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        for color in Color::ALL {
            let kings = self.board.count(color, Role::King);
            if kings == 0 {
                out.push(Problem::MissingKing(color));
            }
            for role in Role::ALL {
                let n = self.board.count(color, role);
                let max = role.initial_count() as usize;
                if n > max && !(role == Role::King && kings == 0) {
                    out.push(Problem::TooManyPieces {
                        color,
                        role,
                        count: n,
                    });
                }
            }
        }
        for (sq, piece) in self.board.pieces() {
            if !can_stand_on(piece, sq) {
                out.push(Problem::ImpossibleSquare { piece, square: sq });
            }
        }
        if let (Some(red), Some(black)) = (
            self.board.king_of(Color::Red),
            self.board.king_of(Color::Black),
        ) {
            if red.file() == black.file() && self.board.pieces_between(red, black) == Some(0) {
                out.push(Problem::KingsFacing);
            }
        }
        out
    }
}

/// `true` if `piece` can ever stand on `sq` in a game from the normal start:
/// kings and advisors in their palace, elephants on their seven points,
/// pawns not behind their starting rank and, before crossing the river, only on
/// their own files.
pub fn can_stand_on(piece: Piece, sq: Square) -> bool {
    let f = sq.file().index();
    // Ranks counted from the piece owner's side.
    let r = match piece.color {
        Color::Red => sq.rank().index(),
        Color::Black => 9 - sq.rank().index(),
    };
    match piece.role {
        Role::King => sq.in_palace_of(piece.color),
        Role::Advisor => sq.in_palace_of(piece.color) && (f + r) % 2 == 1,
        Role::Elephant => {
            matches!(
                (f, r),
                (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
            )
        }
        Role::Pawn => r >= 5 || (r >= 3 && f % 2 == 0),
        Role::Horse | Role::Rook | Role::Cannon => true,
    }
}

/// One reason a setup is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A side has no king.
    MissingKing(Color),
    /// More pieces of a kind than a side starts with (also more than one king).
    TooManyPieces {
        /// Whose pieces.
        color: Color,
        /// Which kind.
        role: Role,
        /// How many are on the board.
        count: usize,
    },
    /// A piece on a point it can never reach (e.g. an advisor outside the palace).
    ImpossibleSquare {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// The two kings face each other on an open file (4.1.2).
    KingsFacing,
    /// The side that is not to move is in check: it could have its king taken.
    OppositeCheck,
}

/// Groups of [`Problem`]s a caller may choose to accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tolerance {
    /// Accept more pieces of a kind than the start position has.
    pub too_many_pieces: bool,
    /// Accept pieces on points they could never reach (composed positions).
    pub impossible_squares: bool,
}

impl Tolerance {
    /// Accept nothing: only positions reachable in principle from the start.
    pub const STRICT: Tolerance = Tolerance {
        too_many_pieces: false,
        impossible_squares: false,
    };
    /// Accept the problems of composed positions (rulebook diagrams, studies)
    /// that do not break the rules of movement: extra pieces and unreachable points.
    /// Missing kings, facing kings and the side not to move in check are never accepted.
    pub const COMPOSED: Tolerance = Tolerance {
        too_many_pieces: true,
        impossible_squares: true,
    };

    /// `true` if this tolerance accepts `problem`.
    pub fn accepts(&self, problem: &Problem) -> bool {
        match problem {
            Problem::TooManyPieces { role, .. } => *role != Role::King && self.too_many_pieces,
            Problem::ImpossibleSquare { piece, .. } => {
                self.impossible_squares && piece.role != Role::King
            }
            Problem::MissingKing(_) | Problem::KingsFacing | Problem::OppositeCheck => false,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::MissingKing(c) => write!(f, "{c} has no king"),
            Problem::TooManyPieces { color, role, count } => write!(
                f,
                "{color} has {count} pieces '{}' (at most {})",
                Piece {
                    color: *color,
                    role: *role
                }
                .char(),
                role.initial_count()
            ),
            Problem::ImpossibleSquare { piece, square } => {
                write!(f, "'{piece}' can never stand on {square}")
            }
            Problem::KingsFacing => write!(f, "the kings face each other on an open file"),
            Problem::OppositeCheck => write!(f, "the side not to move is in check"),
        }
    }
}

/// The reasons a setup was refused as a position (every one not tolerated).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    /// The problems, in the order [`Setup::problems`] finds them.
    pub problems: Vec<Problem>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl core::error::Error for PositionError {}
