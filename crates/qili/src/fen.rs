//! FEN: read and write positions.
//!
//! The board field lists ranks from black's side (rank 9) to red's (rank 0),
//! red in upper case: `K A B N R C P` (`E` for elephant and `H` for horse are
//! also read). The side to move is `w` (or `r`) for red and `b` for black.
//! Castling and en-passant fields (`-`) and the two counters may be missing.
//!
//! ```
//! use qili::{fen, Position, Tolerance};
//! let setup = fen::parse("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w").unwrap();
//! let pos = Position::from_setup(setup, Tolerance::STRICT).unwrap();
//! assert_eq!(fen::write(&pos), fen::START);
//! ```

use core::fmt;

use crate::setup::{PositionError, Tolerance};
use crate::{Board, Color, Piece, Position, Rank, Setup, Square};

/// The standard starting position.
pub const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// What is wrong with a FEN, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// Nothing but white space.
    Empty,
    /// The board field does not have 10 ranks.
    RankCount {
        /// How many `/`-separated ranks it has.
        found: usize,
    },
    /// One rank does not add up to 9 files.
    FileCount {
        /// The rank (9 = the first one written, black's back rank).
        rank: u8,
        /// How many files it describes.
        found: usize,
    },
    /// A character that is neither a piece letter nor a digit 1–9.
    BadChar {
        /// The character.
        ch: char,
        /// The rank it is in.
        rank: u8,
        /// Its position (1-based) in the whole FEN text, counted in characters.
        column: usize,
    },
    /// The side to move is not `w`, `r` or `b`.
    BadTurn(String),
    /// A move counter that is not a number.
    BadCounter {
        /// `"half-move clock"` or `"move number"`.
        field: &'static str,
        /// The text found.
        found: String,
    },
    /// More than six fields.
    TooManyFields,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::RankCount { found } => {
                write!(
                    f,
                    "the board field of the FEN has {found} ranks, expected 10"
                )
            }
            FenError::FileCount { rank, found } => write!(
                f,
                "rank {rank} of the FEN ({}th written) has {found} files, expected 9",
                10 - rank
            ),
            FenError::BadChar { ch, rank, column } => write!(
                f,
                "unexpected character '{ch}' in rank {rank} of the FEN (column {column})"
            ),
            FenError::BadTurn(s) => {
                write!(f, "side to move must be 'w', 'r' or 'b', found '{s}'")
            }
            FenError::BadCounter { field, found } => {
                write!(
                    f,
                    "the {field} of the FEN must be a number, found '{found}'"
                )
            }
            FenError::TooManyFields => write!(f, "the FEN has more than six fields"),
        }
    }
}

impl core::error::Error for FenError {}

/// Reads a FEN into an unchecked [`Setup`].
pub fn parse(fen: &str) -> Result<Setup, FenError> {
    let fen = fen.trim();
    let mut fields = fen.split_whitespace();
    let board_field = fields.next().ok_or(FenError::Empty)?;
    let offset = fen.len() - fen.trim_start().len();
    let board = parse_board(board_field, offset)?;
    let turn = match fields.next() {
        None | Some("w") | Some("W") | Some("r") | Some("R") => Color::Red,
        Some("b") | Some("B") => Color::Black,
        Some(other) => return Err(FenError::BadTurn(other.to_string())),
    };
    let rest: Vec<&str> = fields.collect();
    // Optional "- -" castling / en passant placeholders before the counters.
    let counters: Vec<&str> = rest.iter().copied().skip_while(|s| *s == "-").collect();
    if rest.len() > 4 || counters.len() > 2 {
        return Err(FenError::TooManyFields);
    }
    let number = |field: &'static str, s: Option<&&str>, default: u32| match s {
        None => Ok(default),
        Some(s) => s.parse::<u32>().map_err(|_| FenError::BadCounter {
            field,
            found: s.to_string(),
        }),
    };
    let halfmoves = number("half-move clock", counters.first(), 0)?;
    let fullmoves = number("move number", counters.get(1), 1)?.max(1);
    Ok(Setup {
        board,
        turn,
        halfmoves,
        fullmoves,
    })
}

fn parse_board(field: &str, offset: usize) -> Result<Board, FenError> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != 10 {
        return Err(FenError::RankCount { found: rows.len() });
    }
    let mut board = Board::empty();
    let mut column = offset;
    for (i, row) in rows.iter().enumerate() {
        let rank = 9 - i as u8;
        let mut file = 0usize;
        for ch in row.chars() {
            column += 1;
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=9).contains(d)) {
                file += d as usize;
            } else if let Some(piece) = Piece::from_char(ch) {
                if let (Some(f), Some(r)) = (crate::File::new(file as u8), Rank::new(rank)) {
                    if file < 9 {
                        board.set(Square::from_coords(f, r), Some(piece));
                    }
                }
                file += 1;
            } else {
                return Err(FenError::BadChar { ch, rank, column });
            }
        }
        column += 1; // the '/'
        if file != 9 {
            return Err(FenError::FileCount { rank, found: file });
        }
    }
    Ok(board)
}

/// Writes the board field only.
pub fn write_board(board: &Board) -> String {
    let mut out = String::with_capacity(90);
    for r in (0..10u8).rev() {
        let mut empty = 0;
        for f in 0..9u8 {
            let sq = Square::new_unchecked(r * 9 + f);
            match board.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(p.char());
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if r > 0 {
            out.push('/');
        }
    }
    out
}

/// Writes a setup in canonical form: `board w|b - - halfmoves fullmoves`.
pub fn write_setup(setup: &Setup) -> String {
    format!(
        "{} {} - - {} {}",
        write_board(&setup.board),
        setup.turn.fen_char(),
        setup.halfmoves,
        setup.fullmoves
    )
}

/// Writes a position in canonical form.
pub fn write(pos: &Position) -> String {
    format!(
        "{} {} - - {} {}",
        write_board(pos.board()),
        pos.turn().fen_char(),
        pos.halfmoves(),
        pos.fullmoves()
    )
}

/// A FEN that is unreadable or describes an illegal position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParsePositionError {
    /// The text is not a FEN.
    Fen(FenError),
    /// The FEN describes an illegal position.
    Position(PositionError),
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::Fen(e) => e.fmt(f),
            ParsePositionError::Position(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for ParsePositionError {}

/// Reads a FEN and validates the position with `tolerance`.
///
/// ```
/// use qili::{fen, Tolerance};
/// let err = fen::position("4k4/9/9/9/9/9/9/9/9/4K4 w", Tolerance::COMPOSED).unwrap_err();
/// assert_eq!(err.to_string(), "illegal position: the kings face each other on an open file");
/// ```
pub fn position(fen: &str, tolerance: Tolerance) -> Result<Position, ParsePositionError> {
    let setup = parse(fen).map_err(ParsePositionError::Fen)?;
    Position::from_setup(setup, tolerance).map_err(ParsePositionError::Position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_start() {
        let pos = position(START, Tolerance::STRICT).unwrap();
        assert_eq!(write(&pos), START);
        assert_eq!(pos, Position::new());
    }

    #[test]
    fn accepts_variants() {
        for s in [
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
        ] {
            assert_eq!(
                write(&position(s, Tolerance::STRICT).unwrap()),
                START,
                "{s}"
            );
        }
    }

    #[test]
    fn errors_say_where() {
        let cases = [
            ("", "empty FEN"),
            (
                "9/9/9 w",
                "the board field of the FEN has 3 ranks, expected 10",
            ),
            (
                "rnbakabnr/91/9/9/9/9/9/9/9/RNBAKABNR w",
                "rank 8 of the FEN (2th written) has 10 files, expected 9",
            ),
            (
                "rnbakabnr/9/9/9/9/9/9/9/9/RNBAKXBNR w",
                "unexpected character 'X' in rank 0 of the FEN (column 32)",
            ),
            (
                "rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR x",
                "side to move must be 'w', 'r' or 'b', found 'x'",
            ),
            (
                "rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w - - z 1",
                "the half-move clock of the FEN must be a number, found 'z'",
            ),
        ];
        for (fen, msg) in cases {
            assert_eq!(parse(fen).unwrap_err().to_string(), msg, "{fen}");
        }
    }

    #[test]
    fn lists_every_problem() {
        // Two black kings, a red advisor outside the palace, a red pawn behind its start.
        let err = position("3kk4/9/9/9/9/9/9/A8/P8/4K4 w", Tolerance::STRICT).unwrap_err();
        let ParsePositionError::Position(e) = err else {
            panic!("expected a position error");
        };
        let text: Vec<String> = e.problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            text,
            [
                "black has 2 pieces 'k' (at most 1)",
                "'P' can never stand on a1",
                "'A' can never stand on a2",
            ]
        );
    }

    #[test]
    fn side_not_to_move_in_check() {
        let err = position("4k4/9/9/9/9/9/9/9/4R4/3K5 w", Tolerance::COMPOSED).unwrap_err();
        assert_eq!(
            err.to_string(),
            "illegal position: the side not to move is in check"
        );
    }
}
