//! Reading a move token of any notation, and writing moves in a chosen one.

use crate::iccs::{self, Iccs};
use crate::{Move, Position};

/// The notation moves are written in when a record is exported as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Notation {
    /// ICCS coordinates, `h2e2`.
    Iccs,
    /// WXF (World Xiangqi Federation) notation, `C2.5`.
    Wxf,
    /// Chinese in simplified characters, Chinese numerals for red and ASCII
    /// digits for black: `炮二平五 马8进7`.
    #[default]
    Chinese,
    /// Chinese in traditional characters with full-width digits for black,
    /// as Taiwanese files are written: `炮二平五 馬８進７`.
    ChineseTraditional,
}

impl Notation {
    /// The name used on the command line and in the `Format` tag:
    /// `iccs`, `wxf`, `zh` or `zh-hant`.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Wxf => "wxf",
            Notation::Chinese => "zh",
            Notation::ChineseTraditional => "zh-hant",
        }
    }

    /// Reads a name as written by [`Notation::name`] (also `chinese`,
    /// `zh-hans`, `traditional`, case-insensitive).
    pub fn from_name(s: &str) -> Option<Notation> {
        Some(match s.to_ascii_lowercase().as_str() {
            "iccs" => Notation::Iccs,
            "wxf" => Notation::Wxf,
            "zh" | "zh-hans" | "chinese" | "cn" => Notation::Chinese,
            "zh-hant" | "zh-tw" | "traditional" => Notation::ChineseTraditional,
            _ => return None,
        })
    }
}

/// `true` if `token` has the shape of an ICCS move (`h2e2`, `H2-E2`).
fn looks_iccs(token: &str) -> bool {
    token.parse::<Iccs>().is_ok()
}

/// Resolves a move token of any notation against `pos`: ICCS, WXF or Chinese
/// (simplified or traditional, ASCII or full-width digits).
pub(crate) fn parse_move(pos: &Position, token: &str) -> Result<Move, String> {
    if looks_iccs(token) {
        return iccs::parse_move(pos, token).map_err(|e| e.to_string());
    }
    Err(format!(
        "'{token}' is not a move in ICCS, WXF or Chinese notation"
    ))
}

/// Writes `m`, legal in `pos`, in `notation`.
pub(crate) fn write_move(pos: &Position, m: Move, notation: Notation) -> String {
    let _ = pos;
    match notation {
        Notation::Iccs | Notation::Wxf | Notation::Chinese | Notation::ChineseTraditional => {
            Iccs::from_move(m).to_string()
        }
    }
}
