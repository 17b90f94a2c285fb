//! WXF notation (`C2=5`, `H8+7`, `+R=4`), the letter form of the Chinese
//! file notation used by the World Xiangqi Federation and in English books.
//!
//! A move is the piece letter, the file it stands on, a direction and a number:
//!
//! | part | written | meaning |
//! | --- | --- | --- |
//! | piece | `K A E H R C P` | king, advisor, elephant, horse, rook, cannon, pawn (`B` for the elephant and `N` for the horse are read too, in either case) |
//! | file | `1`–`9` | counted from the mover's right: red's file 1 is ICCS `i`, black's file 1 is ICCS `a` |
//! | direction | `+` `-` `=` | forward, backward, sideways (`.` is read as `=`) |
//! | number | `1`–`9` | see below |
//!
//! The number after `+` or `-` is the number of ranks moved for the rook,
//! cannon, pawn and king, and the destination file for the horse, advisor and
//! elephant; after `=` it is always the destination file.
//!
//! # Several pieces of one kind on one file
//!
//! The conventions written (and read) here:
//!
//! - **Two on a file** ("tandem" pieces): the file number is replaced by `+`
//!   for the front piece and `-` for the rear one, written before the letter:
//!   `+C=5`, `-R+1`. Advisors and elephants, which their direction already
//!   tells apart, keep the file: `A4+5`, `A4-5`.
//! - **Three to five pawns on a file**: numbered from the front, digit before
//!   the letter: `1P+1`, `2P=4`, `3P=6`. (WXF has no sign for a middle piece;
//!   numbering from the front is the form used in WXF records.)
//! - **Two files each holding two or more pawns**: the file follows the
//!   letter: `+P7=6` (front pawn on file 7), `-P3+1`, `2P7+1`.
//!
//! When reading, these variants are accepted as well: the sign after the
//! letter (`C+=5`, `P+7=6`), no letter for a pawn given by sign and file
//! (`+7=6`), and `=P`/`.P` for the middle one of three.
//!
//! Reading is lenient in one way: a plain file (`R8+1`) with two rooks on file
//! 8 is accepted when only one of them can legally make the move; if both can,
//! it is [`ResolveError::Ambiguous`].
//!
//! # Examples
//!
//! ```
//! use qili::{wxf, Position};
//! let pos = Position::new();
//! let n: wxf::Notation = "C2=5".parse().unwrap();
//! let m = n.to_move(&pos).unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(wxf::write_move(&pos, m), "C2=5");
//!
//! let pos = pos.play(m).unwrap();
//! assert_eq!(wxf::parse_move(&pos, "H8+7").unwrap().to_string(), "h9g7");
//! assert_eq!(
//!     wxf::parse_move(&pos, "H2+2").unwrap_err().to_string(),
//!     "the black horse on file 2 (b9) cannot move forward to file 2"
//! );
//! ```

use core::fmt;
use core::str::FromStr;

use crate::notation_common::{self as common, Convention, Description};
pub use crate::notation_common::{Ambiguous, Direction, Illegal, Origin, Place, ResolveError};
use crate::{Move, Position, Role};

/// A move in WXF notation, read without a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Notation {
    /// The piece that moves.
    pub role: Role,
    /// Which one: by file, or by place on a file.
    pub origin: Origin,
    /// Forward, backward or sideways.
    pub direction: Direction,
    /// Ranks moved, or the destination file (1–9).
    pub number: u8,
}

/// Text that is not a WXF move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseWxfError {
    /// The text read.
    pub text: String,
    /// Where the problem is: 1-based character position in the trimmed text.
    pub at: usize,
    /// What was expected there.
    pub expected: &'static str,
}

impl fmt::Display for ParseWxfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a WXF move: expected {} at character {}",
            self.text, self.expected, self.at
        )
    }
}

impl core::error::Error for ParseWxfError {}

/// Error from [`parse_move`]: bad syntax, or no single legal move fits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WxfError {
    /// Not WXF syntax.
    Syntax(ParseWxfError),
    /// Readable, but no legal move or several fit.
    Resolve(ResolveError),
}

impl fmt::Display for WxfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WxfError::Syntax(e) => e.fmt(f),
            WxfError::Resolve(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for WxfError {}

/// The canonical letter of a role.
pub const fn letter(role: Role) -> char {
    match role {
        Role::King => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Rook => 'R',
        Role::Cannon => 'C',
        Role::Pawn => 'P',
    }
}

/// Reads a piece letter in either case: `K A E H R C P`, also `B` and `N`.
pub const fn role_from_letter(c: char) -> Option<Role> {
    Some(match c.to_ascii_uppercase() {
        'K' => Role::King,
        'A' => Role::Advisor,
        'E' | 'B' => Role::Elephant,
        'H' | 'N' => Role::Horse,
        'R' => Role::Rook,
        'C' => Role::Cannon,
        'P' => Role::Pawn,
        _ => return None,
    })
}

fn digit(c: Option<&char>) -> Option<u8> {
    match c {
        Some(&c @ '1'..='9') => Some(c as u8 - b'0'),
        _ => None,
    }
}

fn sign(c: Option<&char>) -> Option<Place> {
    match c {
        Some('+') => Some(Place::Front),
        Some('-') => Some(Place::Rear),
        _ => None,
    }
}

impl FromStr for Notation {
    type Err = ParseWxfError;

    /// Reads `C2=5`, `+C=5`, `C+=5`, `+P7=6`, `2P=4`… (see the module docs).
    fn from_str(s: &str) -> Result<Notation, ParseWxfError> {
        let c: Vec<char> = s.trim().chars().collect();
        let err = |at: usize, expected| ParseWxfError {
            text: s.to_string(),
            at: at + 1,
            expected,
        };
        let mut i = 0;
        let mut place = None;
        let next_is_letter = c.get(1).is_some_and(|&l| role_from_letter(l).is_some());
        match c.first() {
            None => return Err(err(0, "a move such as C2=5")),
            Some('+') => place = Some(Place::Front),
            Some('-') => place = Some(Place::Rear),
            Some('=' | '.') if next_is_letter => place = Some(Place::Middle),
            Some(&d @ '1'..='9') if next_is_letter => place = Some(Place::Nth(d as u8 - b'0')),
            _ => {}
        }
        if place.is_some() {
            i += 1;
        }
        let role = match c.get(i).and_then(|&l| role_from_letter(l)) {
            Some(r) => {
                i += 1;
                r
            }
            // `+7=6`: a pawn named by sign and file.
            None if matches!(place, Some(Place::Front | Place::Rear))
                && digit(c.get(i)).is_some() =>
            {
                Role::Pawn
            }
            None => return Err(err(i, "a piece letter (K A E H R C P)")),
        };
        let rest = c.len() - i;
        if place.is_none() && rest >= 3 {
            if let Some(p) = sign(c.get(i)) {
                place = Some(p);
                i += 1;
            }
        }
        let mut file = None;
        if place.is_none() || c.len() - i >= 3 {
            file = digit(c.get(i));
            if file.is_some() {
                i += 1;
            }
        }
        let origin = match (place, file) {
            (None, Some(f)) => Origin::File(f),
            (Some(place), file) => Origin::Place { place, file },
            (None, None) => return Err(err(i, "a file 1–9, or + or - for tandem pieces")),
        };
        let direction = match c.get(i) {
            Some('+') => Direction::Forward,
            Some('-') => Direction::Backward,
            Some('=' | '.') => Direction::Sideways,
            _ => return Err(err(i, "a direction (+, - or =)")),
        };
        i += 1;
        let number = digit(c.get(i)).ok_or_else(|| err(i, "a number 1–9"))?;
        i += 1;
        if i != c.len() {
            return Err(err(i, "the end of the move"));
        }
        Ok(Notation {
            role,
            origin,
            direction,
            number,
        })
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = letter(self.role);
        match self.origin {
            Origin::File(n) => write!(f, "{l}{n}")?,
            Origin::Place { place, file } => {
                match place {
                    Place::Front => f.write_str("+")?,
                    Place::Rear => f.write_str("-")?,
                    Place::Middle => f.write_str("=")?,
                    Place::Nth(n) => write!(f, "{n}")?,
                }
                write!(f, "{l}")?;
                if let Some(n) = file {
                    write!(f, "{n}")?;
                }
            }
        }
        let d = match self.direction {
            Direction::Forward => '+',
            Direction::Backward => '-',
            Direction::Sideways => '=',
        };
        write!(f, "{d}{}", self.number)
    }
}

impl Notation {
    /// Describes `m`, a legal move in `pos`, choosing `+`/`-` or ordinals when
    /// several pieces of its kind share its file.
    ///
    /// If `m` is not legal in `pos` the result describes some movement of the
    /// piece on `m.from` and need not resolve back to `m`.
    ///
    /// ```
    /// use qili::{fen, wxf, Tolerance};
    /// // Two red rooks on file 8 (b1 and b2).
    /// let pos = fen::position("3k5/9/9/9/9/9/9/1R7/1R7/4K4 w", Tolerance::STRICT).unwrap();
    /// let m = qili::iccs::parse_move(&pos, "b1e1").unwrap();
    /// assert_eq!(wxf::Notation::from_move(&pos, m).to_string(), "-R=5");
    /// ```
    pub fn from_move(pos: &Position, m: Move) -> Notation {
        let d = common::describe(pos, m, Convention::Wxf);
        Notation {
            role: d.role,
            origin: d.origin,
            direction: d.direction,
            number: d.number,
        }
    }

    /// The one legal move of the side to move in `pos` that fits.
    ///
    /// ```
    /// use qili::{wxf, Position};
    /// let pos = Position::new();
    /// let n: wxf::Notation = "R1+1".parse().unwrap();
    /// assert_eq!(n.to_move(&pos).unwrap().to_string(), "i0i1");
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, ResolveError> {
        common::resolve(
            pos,
            Description {
                role: self.role,
                origin: self.origin,
                direction: self.direction,
                number: self.number,
            },
        )
    }
}

/// Both steps at once: reads WXF text and finds the legal move in `pos`.
///
/// ```
/// use qili::{wxf, Position};
/// assert_eq!(wxf::parse_move(&Position::new(), "H2+3").unwrap().to_string(), "h0g2");
/// ```
pub fn parse_move(pos: &Position, s: &str) -> Result<Move, WxfError> {
    s.parse::<Notation>()
        .map_err(WxfError::Syntax)?
        .to_move(pos)
        .map_err(WxfError::Resolve)
}

/// Writes the legal move `m` of `pos` in WXF.
///
/// ```
/// use qili::{iccs, wxf, Position};
/// let pos = Position::new();
/// let m = iccs::parse_move(&pos, "b0c2").unwrap();
/// assert_eq!(wxf::write_move(&pos, m), "H8+7");
/// ```
pub fn write_move(pos: &Position, m: Move) -> String {
    Notation::from_move(pos, m).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, iccs, Tolerance};

    fn pos(f: &str) -> Position {
        fen::position(f, Tolerance::COMPOSED).unwrap()
    }

    #[test]
    fn syntax_round_trip() {
        for s in [
            "C2=5", "H8+7", "R9+9", "+C=5", "-R+1", "+P7=6", "-P3+1", "1P+1", "2P=4", "5P=4",
            "=P+1", "A4+5", "E3-5", "K5=4", "2P7+1",
        ] {
            let n: Notation = s.parse().unwrap();
            assert_eq!(n.to_string(), s);
        }
    }

    #[test]
    fn syntax_variants() {
        for (variant, canonical) in [
            ("c2.5", "C2=5"),
            ("n8+7", "H8+7"),
            ("B3+5", "E3+5"),
            ("C+=5", "+C=5"),
            ("R-+1", "-R+1"),
            ("C+.5", "+C=5"),
            ("P+7=6", "+P7=6"),
            ("+7=6", "+P7=6"),
            (".P+1", "=P+1"),
            (" h2+3 ", "H2+3"),
        ] {
            let n: Notation = variant.parse().unwrap();
            assert_eq!(n.to_string(), canonical, "{variant}");
        }
    }

    #[test]
    fn syntax_errors() {
        for (bad, at) in [
            ("", 1),
            ("C", 2),
            ("C2", 3),
            ("C2=", 4),
            ("C2=0", 4),
            ("C2*5", 3),
            ("X2=5", 1),
            ("C2=55", 5),
            ("C=5", 2),
            ("+=5", 2),
            ("炮二平五", 1),
        ] {
            let e = bad.parse::<Notation>().unwrap_err();
            assert_eq!(e.at, at, "{bad}: {e}");
        }
        assert_eq!(
            "C2*5".parse::<Notation>().unwrap_err().to_string(),
            "'C2*5' is not a WXF move: expected a direction (+, - or =) at character 3"
        );
    }

    /// (FEN, WXF, ICCS or the error message)
    const RESOLVE: &[(&str, &str, &str)] = &[
        // Tandem rooks on red's file 8 (b2 front, b1 rear).
        ("3k5/9/9/9/9/9/9/1R7/1R7/4K4 w", "+R+1", "b2b3"),
        ("3k5/9/9/9/9/9/9/1R7/1R7/4K4 w", "-R=5", "b1e1"),
        ("3k5/9/9/9/9/9/9/1R7/1R7/4K4 w", "+R=5", "b2e2"),
        ("3k5/9/9/9/9/9/9/1R7/1R7/4K4 w", "R8+1", "b2b3"),
        (
            "3k5/9/9/9/9/9/9/1R7/1R7/4K4 w",
            "-R+1",
            "the red rook on file 8 cannot move forward 1 here (b1b2 is not a legal move)",
        ),
        (
            "3k5/9/9/9/9/9/9/1R7/1R7/4K4 w",
            "R8=5",
            "2 red rooks can make this move (b2e2, b1e1); say which one on file 8 (front, rear…)",
        ),
        (
            "3k5/9/9/9/9/9/9/1R7/1R7/4K4 w",
            "2P=4",
            "no file holds two or more red pawns, so there is no 2nd one",
        ),
        // Tandem black cannons on black's file 2 (b7 front, b8 rear).
        ("3k5/1c7/1c7/9/9/9/9/9/9/4K4 b", "+C=5", "b7e7"),
        ("3k5/1c7/1c7/9/9/9/9/9/9/4K4 b", "-C=5", "b8e8"),
        ("3k5/1c7/1c7/9/9/9/9/9/9/4K4 b", "2C=5", "b8e8"),
        (
            "3k5/1c7/1c7/9/9/9/9/9/9/4K4 b",
            "-C+1",
            "the black cannon on file 2 cannot move forward 1 here (b8b7 is not a legal move)",
        ),
        // Three red pawns on file 7 (c7, c6, c5).
        ("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w", "1P+1", "c7c8"),
        ("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w", "2P=6", "c6d6"),
        ("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w", "=P=6", "c6d6"),
        ("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w", "3P=8", "c5b5"),
        ("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w", "-P=8", "c5b5"),
        ("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w", "+P=8", "c7b7"),
        (
            "4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w",
            "4P=8",
            "file 7 holds 3 red pawns, none of them is the 4th one",
        ),
        // Pawns doubled on red's files 7 and 3.
        ("4k4/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w", "+P7=6", "c6d6"),
        ("4k4/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w", "-P3=4", "g5f5"),
        ("4k4/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w", "+7=6", "c6d6"),
        (
            "4k4/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w",
            "+P+1",
            "2 red pawns can make this move (c6c7, g6g7); give the file",
        ),
        // Advisors on one file: told apart by direction.
        ("3k5/9/9/9/9/9/9/3A5/9/3AK4 w", "A6+5", "d0e1"),
        ("3k5/9/9/9/9/9/9/3A5/9/3AK4 w", "A6-5", "d2e1"),
        // Horses.
        (fen::START, "H2+3", "h0g2"),
        (fen::START, "H8+9", "b0a2"),
        (
            fen::START,
            "H2+4",
            "the red horse on file 2 cannot move forward to file 4 here (h0f1 is not a legal move)",
        ),
        (
            fen::START,
            "H2+5",
            "the red horse on file 2 (h0) cannot move forward to file 5",
        ),
        (
            fen::START,
            "H2-3",
            "the red horse on file 2 (h0) cannot move back to file 3",
        ),
        (fen::START, "H5+4", "no red horse on file 5"),
        (fen::START, "E3+5", "g0e2"),
        (fen::START, "A4+5", "f0e1"),
        (fen::START, "K5+1", "e0e1"),
        (fen::START, "C8+7", "b2b9"),
        (
            fen::START,
            "C8+6",
            "the red cannon on file 8 cannot move forward 6 here (b2b8 is not a legal move)",
        ),
        (
            fen::START,
            "R1=1",
            "the red rook on file 1 (i0) cannot move sideways to file 1",
        ),
    ];

    #[test]
    fn resolve_table() {
        for &(f, text, expected) in RESOLVE {
            let p = pos(f);
            match parse_move(&p, text) {
                Ok(m) => assert_eq!(m.to_string(), expected, "{f} {text}"),
                Err(e) => assert_eq!(e.to_string(), expected, "{f} {text}"),
            }
        }
    }

    /// (FEN, ICCS, WXF written)
    const WRITE: &[(&str, &str, &str)] = &[
        ("3k5/9/9/9/9/9/9/1R7/1R7/4K4 w", "b2b3", "+R+1"),
        ("3k5/9/9/9/9/9/9/1R7/1R7/4K4 w", "b1e1", "-R=5"),
        ("3k5/1c7/1c7/9/9/9/9/9/9/4K4 b", "b7e7", "+C=5"),
        ("3k5/1c7/1c7/9/9/9/9/9/9/4K4 b", "b8b9", "-C-1"),
        ("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w", "c7c8", "1P+1"),
        ("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w", "c6d6", "2P=6"),
        ("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w", "c5b5", "3P=8"),
        ("4k4/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w", "c6d6", "+P7=6"),
        ("4k4/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w", "g5f5", "-P3=4"),
        ("4k4/2P6/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w", "c6d6", "3P7=6"),
        ("4k4/9/9/2P6/2P6/9/9/6P2/9/3K5 w", "g2g3", "P3+1"),
        ("3k5/9/9/9/9/9/9/3A5/9/3AK4 w", "d0e1", "A6+5"),
        ("3k5/9/9/9/9/9/9/3A5/9/3AK4 w", "d2e1", "A6-5"),
        (fen::START, "h2e2", "C2=5"),
        (fen::START, "b0c2", "H8+7"),
        (fen::START, "i0i1", "R1+1"),
    ];

    #[test]
    fn write_table() {
        for &(f, m, expected) in WRITE {
            let p = pos(f);
            let m = iccs::parse_move(&p, m).unwrap();
            let written = write_move(&p, m);
            assert_eq!(written, expected, "{f} {m}");
            assert_eq!(parse_move(&p, &written), Ok(m), "{f} {written}");
        }
    }

    #[test]
    fn every_move_round_trips_in_test_positions() {
        for &(f, _, _) in WRITE.iter().chain(RESOLVE.iter()) {
            let p = pos(f);
            for &m in &p.legal_moves() {
                let w = write_move(&p, m);
                assert_eq!(parse_move(&p, &w), Ok(m), "{f} {w}");
            }
        }
    }
}
