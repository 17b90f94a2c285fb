//! Reading a move token of any notation, and writing moves in a chosen one.

use crate::iccs::{self, Iccs};
use crate::zh::{self, Style};
use crate::{wxf, Move, Position};

/// The notation moves are written in when a record is exported as text.
/// Reading needs no choice: every reader accepts all of them.
///
/// ```
/// use qili::record::Notation;
/// use qili::zh::Style;
/// assert_eq!(Notation::from_name("zh-hant"), Some(Notation::Zh(Style::TRADITIONAL)));
/// assert_eq!(Notation::Zh(Style::PGN).name(), "zh-pgn");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCS coordinates, `h2e2`.
    Iccs,
    /// WXF (World Xiangqi Federation) notation, `C2=5`.
    Wxf,
    /// Chinese (`炮二平五 马8进7`) in a style: simplified, traditional, or as
    /// the Big5 PGN collections write it.
    Zh(Style),
}

impl Default for Notation {
    fn default() -> Notation {
        Notation::CHINESE
    }
}

impl Notation {
    /// Chinese in [`Style::SIMPLIFIED`]: `炮二平五 马8进7`.
    pub const CHINESE: Notation = Notation::Zh(Style::SIMPLIFIED);

    /// The name used on the command line: `iccs`, `wxf`, `zh` (simplified),
    /// `zh-trad` (traditional) or `zh-pgn` (as Big5 PGN collections write);
    /// other Chinese styles are `zh-custom`.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Wxf => "wxf",
            Notation::Zh(s) if s == Style::SIMPLIFIED => "zh",
            Notation::Zh(s) if s == Style::TRADITIONAL => "zh-trad",
            Notation::Zh(s) if s == Style::PGN => "zh-pgn",
            Notation::Zh(_) => "zh-custom",
        }
    }

    /// Reads a name as written by [`Notation::name`] (also `chinese`,
    /// `zh-hans`, `zh-hant`, `traditional`, case-insensitive).
    pub fn from_name(s: &str) -> Option<Notation> {
        Some(match s.to_ascii_lowercase().as_str() {
            "iccs" => Notation::Iccs,
            "wxf" => Notation::Wxf,
            "zh" | "zh-hans" | "chinese" | "cn" => Notation::Zh(Style::SIMPLIFIED),
            "zh-trad" | "zh-hant" | "zh-tw" | "traditional" => Notation::Zh(Style::TRADITIONAL),
            "zh-pgn" | "pgn" => Notation::Zh(Style::PGN),
            _ => return None,
        })
    }
}

/// `true` if `token` has the shape of an ICCS move (`h2e2`, `H2-E2`).
fn looks_iccs(token: &str) -> bool {
    token.parse::<Iccs>().is_ok()
}

/// Resolves a move token of any notation against `pos`: ICCS, WXF or Chinese
/// (simplified or traditional, ASCII or full-width digits). The error is the
/// notation's own message.
pub(crate) fn parse_move(pos: &Position, token: &str) -> Result<Move, String> {
    if looks_iccs(token) {
        iccs::parse_move(pos, token).map_err(|e| e.to_string())
    } else if token.is_ascii() {
        wxf::parse_move(pos, token).map_err(|e| e.to_string())
    } else {
        zh::parse_move(pos, token).map_err(|e| e.to_string())
    }
}

/// Writes `m`, legal in `pos`, in `notation`.
pub(crate) fn write_move(pos: &Position, m: Move, notation: Notation) -> String {
    match notation {
        Notation::Iccs => Iccs::from_move(m).to_string(),
        Notation::Wxf => wxf::write_move(pos, m),
        Notation::Zh(style) => zh::write_move_with(pos, m, style),
    }
}
