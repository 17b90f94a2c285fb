//! ICCS coordinates (`h2e2`) and the UCI form with ranks 1–10 (`h3e3`) used by
//! Fairy-Stockfish.
//!
//! Parsing is in two steps: [`Iccs::from_str`](core::str::FromStr) reads the
//! syntax, [`Iccs::to_move`] checks the move against a position.
//!
//! ```
//! use qili::{iccs::Iccs, Position};
//! let pos = Position::new();
//! let m = "h2e2".parse::<Iccs>().unwrap().to_move(&pos).unwrap();
//! assert_eq!(Iccs::from_move(m).to_string(), "h2e2");
//! assert_eq!(qili::iccs::to_uci(m), "h3e3");
//! ```

use core::fmt;
use core::str::FromStr;

use crate::{Move, Position, Square};

/// A move written in ICCS: two squares, files `a`–`i`, ranks `0`–`9`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Iccs {
    /// Origin.
    pub from: Square,
    /// Destination.
    pub to: Square,
}

/// Text that is not an ICCS move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseIccsError(pub String);

impl fmt::Display for ParseIccsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not an ICCS move (two squares such as h2e2, files a–i, ranks 0–9)",
            self.0
        )
    }
}

impl core::error::Error for ParseIccsError {}

/// An ICCS move that is not legal in the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move as written.
    pub text: String,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move here", self.text)
    }
}

impl core::error::Error for IllegalMove {}

impl FromStr for Iccs {
    type Err = ParseIccsError;
    /// Reads `h2e2`, `H2-E2` or `h2-e2`.
    fn from_str(s: &str) -> Result<Iccs, ParseIccsError> {
        let err = || ParseIccsError(s.to_string());
        let t = s.trim();
        let t = match t.as_bytes() {
            [_, _, b'-', _, _] => format!("{}{}", &t[..2], &t[3..]),
            [_, _, _, _] => t.to_string(),
            _ => return Err(err()),
        };
        if !t.is_ascii() {
            return Err(err());
        }
        let from = t[..2].parse().map_err(|_| err())?;
        let to = t[2..].parse().map_err(|_| err())?;
        Ok(Iccs { from, to })
    }
}

impl fmt::Display for Iccs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl Iccs {
    /// The move in ICCS.
    pub fn from_move(m: Move) -> Iccs {
        Iccs {
            from: m.from,
            to: m.to,
        }
    }

    /// The move, if it is legal in `pos`.
    pub fn to_move(self, pos: &Position) -> Result<Move, IllegalMove> {
        let m = Move::new(self.from, self.to);
        if pos.is_legal(m) {
            Ok(m)
        } else {
            Err(IllegalMove {
                text: self.to_string(),
            })
        }
    }
}

/// Error from [`parse_move`]: bad syntax or an illegal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IccsError {
    /// Not ICCS syntax.
    Syntax(ParseIccsError),
    /// Not legal here.
    Illegal(IllegalMove),
}

impl fmt::Display for IccsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IccsError::Syntax(e) => e.fmt(f),
            IccsError::Illegal(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for IccsError {}

/// Both steps at once: read ICCS text and check it is legal in `pos`.
pub fn parse_move(pos: &Position, s: &str) -> Result<Move, IccsError> {
    s.parse::<Iccs>()
        .map_err(IccsError::Syntax)?
        .to_move(pos)
        .map_err(IccsError::Illegal)
}

/// Reads a whitespace-separated line of ICCS moves played one after another
/// from `pos`. The error names the 1-based move number.
///
/// ```
/// let pos = qili::Position::new();
/// let moves = qili::iccs::parse_line(&pos, "h2e2 h9g7").unwrap();
/// assert_eq!(moves.len(), 2);
/// let err = qili::iccs::parse_line(&pos, "h2e2 h2e2").unwrap_err();
/// assert_eq!(err.to_string(), "move 2: h2e2 is not a legal move here");
/// ```
pub fn parse_line(pos: &Position, line: &str) -> Result<Vec<Move>, LineError> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for (i, text) in line.split_whitespace().enumerate() {
        let m = parse_move(&pos, text).map_err(|error| LineError {
            number: i + 1,
            error,
        })?;
        pos.play_unchecked(m);
        out.push(m);
    }
    Ok(out)
}

/// A move of a line that could not be read or played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// 1-based move number in the line.
    pub number: usize,
    /// What went wrong.
    pub error: IccsError,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}: {}", self.number, self.error)
    }
}

impl core::error::Error for LineError {}

/// Reads the UCI form with ranks 1–10 (`h3e3`, `a10a9`), as Fairy-Stockfish writes.
pub fn parse_uci(s: &str) -> Result<Iccs, ParseIccsError> {
    let err = || ParseIccsError(s.to_string());
    let b = s.trim().as_bytes();
    let mut squares = [Square::new_unchecked(0); 2];
    let mut i = 0;
    for sq in &mut squares {
        let f = *b.get(i).ok_or_else(err)?;
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let rank: u8 = core::str::from_utf8(&b[start..i])
            .ok()
            .and_then(|d| d.parse().ok())
            .ok_or_else(err)?;
        if !(b'a'..=b'i').contains(&f) || !(1..=10).contains(&rank) {
            return Err(err());
        }
        *sq = Square::new_unchecked((rank - 1) * 9 + (f - b'a'));
    }
    if i != b.len() {
        return Err(err());
    }
    Ok(Iccs {
        from: squares[0],
        to: squares[1],
    })
}

/// Writes the UCI form with ranks 1–10.
pub fn to_uci(m: Move) -> String {
    format!(
        "{}{}{}{}",
        m.from.file().char(),
        m.from.rank().index() + 1,
        m.to.file().char(),
        m.to.rank().index() + 1
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax() {
        assert!("h2e2".parse::<Iccs>().is_ok());
        assert!("H2-E2".parse::<Iccs>().is_ok());
        for bad in ["", "h2e", "j2e2", "h2e22", "炮二平五", "h2-e2-"] {
            assert!(bad.parse::<Iccs>().is_err(), "{bad}");
        }
    }

    #[test]
    fn uci_round_trip() {
        let pos = Position::new();
        for &m in &pos.legal_moves() {
            let u = to_uci(m);
            let back = parse_uci(&u).unwrap();
            assert_eq!(Move::new(back.from, back.to), m);
        }
        assert!(parse_uci("a10a9").is_ok());
        assert!(parse_uci("a0a1").is_err());
        assert!(parse_uci("a11a1").is_err());
    }

    #[test]
    fn illegal() {
        let pos = Position::new();
        assert_eq!(
            parse_move(&pos, "h2h8").unwrap_err().to_string(),
            "h2h8 is not a legal move here"
        );
    }
}
