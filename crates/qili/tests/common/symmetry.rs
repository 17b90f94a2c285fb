//! The board's symmetries on FEN and ICCS text: a ruling must not change
//! under either. Shared by `tests/invariance.rs` (every rulebook case) and
//! the `adjudicate` fuzz target (`fuzz/fuzz_targets/adjudicate.rs`, which
//! includes this file by its path).

use qili::rules::Ruling;

/// One of the board's symmetries.
#[derive(Clone, Copy, Debug)]
pub enum Symmetry {
    /// Files a↔i: the same game seen in a mirror.
    Mirror,
    /// Ranks 0↔9 and red↔black: the board turned upside down.
    SwapColours,
}

impl Symmetry {
    pub const ALL: [Symmetry; 2] = [Symmetry::Mirror, Symmetry::SwapColours];

    /// The FEN of the transformed position (placement and side to move).
    pub fn fen(self, text: &str) -> String {
        let mut fields: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        let Some(placement) = fields.first_mut() else {
            return String::new();
        };
        let ranks = placement.split('/');
        *placement = match self {
            Symmetry::Mirror => ranks
                .map(|r| r.chars().rev().collect::<String>())
                .collect::<Vec<_>>()
                .join("/"),
            Symmetry::SwapColours => ranks
                .rev()
                .map(|r| r.chars().map(swap_case).collect::<String>())
                .collect::<Vec<_>>()
                .join("/"),
        };
        if let (Symmetry::SwapColours, Some(side)) = (self, fields.get_mut(1)) {
            *side = if side == "w" || side == "r" { "b" } else { "w" }.to_string();
        }
        fields.join(" ")
    }

    /// The transformed ICCS move.
    pub fn iccs(self, mv: &str) -> String {
        mv.chars()
            .map(|c| match (self, c) {
                (Symmetry::Mirror, 'a'..='i') => (b'a' + b'i' - c as u8) as char,
                (Symmetry::SwapColours, '0'..='9') => (b'0' + b'9' - c as u8) as char,
                _ => c,
            })
            .collect()
    }

    /// The ruling the transformed game must get.
    pub fn ruling(self, r: Ruling) -> Ruling {
        match (self, r) {
            (Symmetry::SwapColours, Ruling::Loses(c)) => Ruling::Loses(c.other()),
            _ => r,
        }
    }
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}
