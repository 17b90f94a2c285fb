//! Notations chosen by name, and reading a move in whichever notation it is
//! written in.

use qili::iccs::Iccs;
use qili::{wxf, zh, Move, Position};

/// A notation to write moves in: `iccs`, `wxf`, `zh` or `zh-trad`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    /// `h2e2`.
    Iccs,
    /// `C2=5`.
    Wxf,
    /// `炮二平五` in a given style.
    Zh(zh::Style),
}

/// The names [`Notation::from_name`] accepts, for error messages.
pub const NAMES: &str = "'iccs', 'wxf', 'zh' or 'zh-trad'";

impl Notation {
    /// Reads a notation name (case-insensitive; `zh-cn`, `zh-hans`, `zh-tw`
    /// and `zh-hant` are accepted too).
    pub fn from_name(name: &str) -> Result<Notation, String> {
        match name.trim().to_ascii_lowercase().as_str() {
            "iccs" => Ok(Notation::Iccs),
            "wxf" => Ok(Notation::Wxf),
            "zh" | "zh-cn" | "zh-hans" => Ok(Notation::Zh(zh::Style::SIMPLIFIED)),
            "zh-trad" | "zh-tw" | "zh-hant" => Ok(Notation::Zh(zh::Style::TRADITIONAL)),
            _ => Err(format!("unknown notation '{name}' (expected {NAMES})")),
        }
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// ICCS, WXF or Chinese, decided for each move by its syntax.
    Auto,
    /// ICCS only.
    Iccs,
    /// WXF only.
    Wxf,
    /// Chinese only (simplified or traditional, any digits).
    Zh,
}

impl Reader {
    /// Reads a reader name: `auto` or a [`Notation`] name.
    pub fn from_name(name: &str) -> Result<Reader, String> {
        if name.trim().eq_ignore_ascii_case("auto") {
            return Ok(Reader::Auto);
        }
        match Notation::from_name(name) {
            Ok(Notation::Iccs) => Ok(Reader::Iccs),
            Ok(Notation::Wxf) => Ok(Reader::Wxf),
            Ok(Notation::Zh(_)) => Ok(Reader::Zh),
            Err(_) => Err(format!(
                "unknown notation '{name}' (expected 'auto', {NAMES})"
            )),
        }
    }

    /// Reads `text` as a move of the side to move in `pos`. The error says
    /// why without repeating the text.
    pub fn read(self, pos: &Position, text: &str) -> Result<Move, String> {
        let text = text.trim();
        let iccs = || text.parse::<Iccs>().ok();
        let wxf = || text.parse::<wxf::Notation>();
        let zh = || text.parse::<zh::Notation>();
        let resolved = |r: Result<Move, wxf::ResolveError>| r.map_err(|e| e.to_string());
        match self {
            Reader::Iccs => match iccs() {
                Some(n) => legal_iccs(pos, n),
                None => Err("not ICCS (two points such as h2e2: files a–i, ranks 0–9)".into()),
            },
            Reader::Wxf => match wxf() {
                Ok(n) => resolved(n.to_move(pos)),
                Err(e) => Err(format!(
                    "not WXF: expected {} at character {}",
                    e.expected, e.at
                )),
            },
            Reader::Zh => match zh() {
                Ok(n) => resolved(n.to_move(pos)),
                Err(e) => Err(format!(
                    "not a Chinese move: expected {} at character {}",
                    e.expected, e.at
                )),
            },
            Reader::Auto => {
                if let Some(n) = iccs() {
                    legal_iccs(pos, n)
                } else if let Ok(n) = wxf() {
                    resolved(n.to_move(pos))
                } else if let Ok(n) = zh() {
                    resolved(n.to_move(pos))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_notation() {
        let pos = Position::new();
        for text in ["h2e2", "H2-E2", "C2=5", "炮二平五", "炮二平五 "] {
            let m = Reader::Auto.read(&pos, text).unwrap();
            assert_eq!(Notation::Iccs.write(&pos, m), "h2e2", "{text}");
        }
        assert_eq!(
            Reader::Zh.read(&pos, "h2e2").unwrap_err(),
            "not a Chinese move: expected 进, 退 or 平 at character 3"
        );
        assert_eq!(
            Reader::Auto.read(&pos, "h2h8").unwrap_err(),
            "not a legal move here"
        );
    }

    #[test]
    fn names() {
        assert_eq!(
            Notation::from_name("ZH").unwrap(),
            Notation::Zh(zh::Style::SIMPLIFIED)
        );
        assert_eq!(Reader::from_name("auto").unwrap(), Reader::Auto);
        assert_eq!(
            Notation::from_name("san").unwrap_err(),
            "unknown notation 'san' (expected 'iccs', 'wxf', 'zh' or 'zh-trad')"
        );
    }
}
