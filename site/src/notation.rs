//! Which notation the move lists show. Pasted move lists in any notation
//! are read by the rules crate ([`qili::line`], re-exported here).

use qili::rules::report::MoveReport;
use qili::{wxf, zh, Move, Position};

pub use qili::line::{read_line, ReadError};

/// A notation for the move list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Chinese: 炮二平五, 马8进7.
    #[default]
    Zh,
    /// WXF: C2=5, H8+7.
    Wxf,
    /// ICCS coordinates: h2e2.
    Iccs,
}

impl Notation {
    /// All, in the order of the switch.
    pub const ALL: [Notation; 3] = [Notation::Zh, Notation::Wxf, Notation::Iccs];

    /// The move of a report in this notation.
    pub fn pick(self, m: &MoveReport) -> &str {
        match self {
            Notation::Zh => &m.zh,
            Notation::Wxf => &m.wxf,
            Notation::Iccs => &m.iccs,
        }
    }

    /// Writes the legal move `m` of `pos` in this notation.
    pub fn write(self, pos: &Position, m: Move) -> String {
        match self {
            Notation::Zh => zh::write_move(pos, m),
            Notation::Wxf => wxf::write_move(pos, m),
            Notation::Iccs => m.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili::line::read_move;

    #[test]
    fn writes_in_each_notation() {
        let pos = Position::new();
        let m = read_move(&pos, "h2e2").unwrap();
        assert_eq!(Notation::Zh.write(&pos, m), "炮二平五");
        assert_eq!(Notation::Wxf.write(&pos, m), "C2=5");
        assert_eq!(Notation::Iccs.write(&pos, m), "h2e2");
    }
}
