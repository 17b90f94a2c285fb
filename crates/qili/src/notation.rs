//! The three move notations chosen by name, and reading a move in any of
//! them. The notations themselves are [`crate::iccs`], [`crate::wxf`] and
//! [`crate::zh`]; the record readers, the command line, the JS API and the
//! site all read and name them through this module, so they accept the same
//! names and say the same things about a bad move.
//!
//! ```
//! use qili::notation::{Notation, Reader};
//! use qili::Position;
//! let pos = Position::new();
//! let m = Reader::Auto.read(&pos, "炮二平五").unwrap();
//! assert_eq!(Notation::Wxf.write(&pos, m), "C2=5");
//! assert_eq!(Notation::from_name("zh-hant").map(Notation::name), Some("zh-trad"));
//! ```

use crate::iccs::Iccs;
use crate::zh::Style;
use crate::{wxf, zh, Move, Position};

/// A notation to write moves in.
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

/// The names [`Notation::from_name`] accepts, for messages.
pub const NAMES: &str = "iccs, wxf, zh (simplified), zh-trad (traditional), zh-pgn";

impl Notation {
    /// Chinese in [`Style::SIMPLIFIED`]: `炮二平五 马8进7`.
    pub const CHINESE: Notation = Notation::Zh(Style::SIMPLIFIED);

    /// The name: `iccs`, `wxf`, `zh` (simplified), `zh-trad` (traditional)
    /// or `zh-pgn` (as Big5 PGN collections write); other Chinese styles are
    /// `zh-custom`.
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

    /// Reads a name as written by [`Notation::name`], case-insensitive, and
    /// the usual aliases (`chinese`, `zh-cn`, `zh-hans`, `zh-tw`, `zh-hant`,
    /// `traditional`).
    pub fn from_name(s: &str) -> Option<Notation> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "iccs" => Notation::Iccs,
            "wxf" => Notation::Wxf,
            "zh" | "zh-cn" | "zh-hans" | "chinese" | "cn" => Notation::Zh(Style::SIMPLIFIED),
            "zh-trad" | "zh-tw" | "zh-hant" | "traditional" => Notation::Zh(Style::TRADITIONAL),
            "zh-pgn" => Notation::Zh(Style::PGN),
            _ => return None,
        })
    }

    /// Writes `m`, a legal move of `pos`.
    pub fn write(self, pos: &Position, m: Move) -> String {
        match self {
            Notation::Iccs => Iccs::from_move(m).to_string(),
            Notation::Wxf => wxf::write_move(pos, m),
            Notation::Zh(style) => zh::write_move_with(pos, m, style),
        }
    }
}

/// Which notation moves are read in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Reader {
    /// ICCS, WXF or Chinese, decided for each move by its syntax.
    #[default]
    Auto,
    /// ICCS only.
    Iccs,
    /// WXF only.
    Wxf,
    /// Chinese only (simplified or traditional, ASCII or full-width digits).
    Zh,
}

impl Reader {
    /// Reads `auto` or a [`Notation`] name.
    pub fn from_name(name: &str) -> Option<Reader> {
        if name.trim().eq_ignore_ascii_case("auto") {
            return Some(Reader::Auto);
        }
        Notation::from_name(name).map(|n| match n {
            Notation::Iccs => Reader::Iccs,
            Notation::Wxf => Reader::Wxf,
            Notation::Zh(_) => Reader::Zh,
        })
    }

    /// `true` if the reader takes Chinese, which may be written without
    /// spaces between moves.
    pub fn reads_chinese(self) -> bool {
        matches!(self, Reader::Auto | Reader::Zh)
    }

    /// Reads `text` as a move of the side to move in `pos`. The error says
    /// why in English, without repeating the text (callers name the move).
    /// Text in none of the notations is reported by the Chinese reader when
    /// it is not ASCII (its message says which character is wrong).
    pub fn read(self, pos: &Position, text: &str) -> Result<Move, String> {
        let text = text.trim();
        match self {
            Reader::Iccs => match text.parse::<Iccs>() {
                Ok(n) => legal_iccs(pos, n),
                Err(_) => Err("not ICCS (two points such as h2e2: files a–i, ranks 0–9)".into()),
            },
            Reader::Wxf => read_wxf(pos, text),
            Reader::Zh => read_zh(pos, text),
            Reader::Auto => {
                if let Ok(n) = text.parse::<Iccs>() {
                    legal_iccs(pos, n)
                } else if text.parse::<wxf::Notation>().is_ok() {
                    read_wxf(pos, text)
                } else if text.parse::<zh::Notation>().is_ok() || !text.is_ascii() {
                    read_zh(pos, text)
                } else if text.is_empty() {
                    Err("empty move".into())
                } else {
                    Err("not a move in ICCS (h2e2), WXF (C2=5) or Chinese (炮二平五)".into())
                }
            }
        }
    }
}

fn legal_iccs(pos: &Position, n: Iccs) -> Result<Move, String> {
    n.to_move(pos)
        .map_err(|_| "not a legal move here".to_string())
}

fn read_wxf(pos: &Position, text: &str) -> Result<Move, String> {
    let n = text
        .parse::<wxf::Notation>()
        .map_err(|e| format!("not WXF: expected {} at character {}", e.expected, e.at))?;
    n.to_move(pos).map_err(|e| e.to_string())
}

fn read_zh(pos: &Position, text: &str) -> Result<Move, String> {
    let n = text.parse::<zh::Notation>().map_err(|e| {
        if e.at == 0 {
            format!("not a Chinese move: expected {}", e.expected)
        } else {
            format!(
                "not a Chinese move: expected {} at character {}",
                e.expected, e.at
            )
        }
    })?;
    n.to_move(pos).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_notation_and_says_why_not() {
        let pos = Position::new();
        for text in ["h2e2", "H2-E2", "C2=5", "炮二平五", "炮二平五 ", "炮２平５"] {
            let m = Reader::Auto.read(&pos, text).unwrap();
            assert_eq!(Notation::Iccs.write(&pos, m), "h2e2", "{text}");
        }
        assert_eq!(
            Reader::Zh.read(&pos, "h2e2").unwrap_err(),
            "not a Chinese move: expected 进, 退 or 平 at character 3"
        );
        assert_eq!(
            Reader::Auto.read(&pos, "炮二走五").unwrap_err(),
            "not a Chinese move: expected 进, 退 or 平 at character 3"
        );
        assert_eq!(
            Reader::Auto.read(&pos, "h2h8").unwrap_err(),
            "not a legal move here"
        );
        assert!(Reader::Wxf
            .read(&pos, "H8*7")
            .unwrap_err()
            .starts_with("not WXF"));
        assert!(Reader::Auto
            .read(&pos, "blah")
            .unwrap_err()
            .starts_with("not a move in ICCS"));
        assert_eq!(Reader::Auto.read(&pos, " ").unwrap_err(), "empty move");
    }

    #[test]
    fn names_round_trip() {
        for n in [
            Notation::Iccs,
            Notation::Wxf,
            Notation::CHINESE,
            Notation::Zh(Style::TRADITIONAL),
            Notation::Zh(Style::PGN),
        ] {
            assert_eq!(Notation::from_name(n.name()), Some(n));
        }
        assert_eq!(
            Notation::from_name("ZH-HANT"),
            Some(Notation::Zh(Style::TRADITIONAL))
        );
        assert_eq!(Notation::from_name("klingon"), None);
        assert_eq!(Reader::from_name("auto"), Some(Reader::Auto));
        assert_eq!(Reader::from_name("zh-trad"), Some(Reader::Zh));
    }
}
