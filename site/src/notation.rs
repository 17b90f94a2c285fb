//! Which notation the move lists show: the rules crate's
//! [`qili::notation::Notation`], three of them offered by the switch. Pasted
//! move lists in any notation are read by the rules crate ([`qili::line`],
//! re-exported here).

use qili::rules::MoveReport;

pub use qili::line::{read_line, ReadError};
pub use qili::notation::Notation;

/// The notations of the switch, in its order.
pub const SHOWN: [Notation; 3] = [Notation::CHINESE, Notation::Wxf, Notation::Iccs];

/// The move of a report in `n` (Chinese in the simplified style).
pub fn pick(n: Notation, m: &MoveReport) -> &str {
    match n {
        Notation::Zh(_) => &m.zh,
        Notation::Wxf => &m.wxf,
        Notation::Iccs => &m.iccs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili::notation::Reader;
    use qili::Position;

    #[test]
    fn writes_in_each_notation() {
        let pos = Position::new();
        let m = Reader::Auto.read(&pos, "h2e2").unwrap();
        let written: Vec<String> = SHOWN.iter().map(|n| n.write(&pos, m)).collect();
        assert_eq!(written, ["炮二平五", "C2=5", "h2e2"]);
    }
}
