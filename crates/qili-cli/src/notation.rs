//! The notations the commands read and write, chosen by name.

use std::fmt;
use std::str::FromStr;

use qili::iccs::Iccs;
use qili::{wxf, zh, Move, Position};

/// A notation to write moves in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    /// `h2e2`.
    Iccs,
    /// `C2=5`.
    Wxf,
    /// `炮二平五` in a given style.
    Zh(zh::Style),
}

/// The names accepted by `--notation`, `--to` and `--from`.
pub const NAMES: &str = "iccs, wxf, zh (simplified), zh-trad (traditional, full-width digits)";

impl FromStr for Notation {
    type Err = String;
    fn from_str(s: &str) -> Result<Notation, String> {
        match s.to_ascii_lowercase().as_str() {
            "iccs" => Ok(Notation::Iccs),
            "wxf" => Ok(Notation::Wxf),
            "zh" | "zh-cn" | "zh-hans" | "chinese" => Ok(Notation::Zh(zh::Style::SIMPLIFIED)),
            "zh-trad" | "zh-tw" | "zh-hant" => Ok(Notation::Zh(zh::Style::TRADITIONAL)),
            _ => Err(format!("unknown notation '{s}' (expected {NAMES})")),
        }
    }
}

impl Notation {
    /// Writes the legal move `m` of `pos`.
    pub fn write(self, pos: &Position, m: Move) -> String {
        match self {
            Notation::Iccs => Iccs::from_move(m).to_string(),
            Notation::Wxf => wxf::write_move(pos, m),
            Notation::Zh(style) => zh::write_move_with(pos, m, style),
        }
    }
}

/// A notation to read moves in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// Only this one.
    Only(Notation),
    /// Whichever of ICCS, WXF and Chinese the text is written in, per move.
    Auto,
}

impl FromStr for Reader {
    type Err = String;
    fn from_str(s: &str) -> Result<Reader, String> {
        if s.eq_ignore_ascii_case("auto") {
            Ok(Reader::Auto)
        } else {
            s.parse()
                .map(Reader::Only)
                .map_err(|e| format!("{e}, or auto"))
        }
    }
}

/// Why a move could not be read; displayed without repeating the move text.
#[derive(Debug)]
pub struct ReadError(String);

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn wxf_syntax(e: &wxf::ParseWxfError) -> ReadError {
    ReadError(format!(
        "not WXF: expected {} at character {}",
        e.expected, e.at
    ))
}

fn zh_syntax(e: &zh::ParseZhError) -> ReadError {
    if e.at == 0 {
        ReadError(format!("not a Chinese move: expected {}", e.expected))
    } else {
        ReadError(format!(
            "not a Chinese move: expected {} at character {}",
            e.expected, e.at
        ))
    }
}

fn read_iccs(pos: &Position, n: Iccs) -> Result<Move, ReadError> {
    n.to_move(pos)
        .map_err(|_| ReadError(format!("{n} is not a legal move here")))
}

impl Reader {
    /// Reads one move of the side to move in `pos`.
    pub fn read(self, pos: &Position, text: &str) -> Result<Move, ReadError> {
        let resolve = |e: qili::wxf::ResolveError| ReadError(e.to_string());
        match self {
            Reader::Only(Notation::Iccs) => match text.parse::<Iccs>() {
                Ok(n) => read_iccs(pos, n),
                Err(_) => Err(ReadError(
                    "not ICCS (two squares such as h2e2, files a–i, ranks 0–9)".into(),
                )),
            },
            Reader::Only(Notation::Wxf) => text
                .parse::<wxf::Notation>()
                .map_err(|e| wxf_syntax(&e))?
                .to_move(pos)
                .map_err(resolve),
            Reader::Only(Notation::Zh(_)) => text
                .parse::<zh::Notation>()
                .map_err(|e| zh_syntax(&e))?
                .to_move(pos)
                .map_err(resolve),
            Reader::Auto => {
                if let Ok(n) = text.parse::<Iccs>() {
                    read_iccs(pos, n)
                } else if let Ok(n) = text.parse::<wxf::Notation>() {
                    n.to_move(pos).map_err(resolve)
                } else if let Ok(n) = text.parse::<zh::Notation>() {
                    n.to_move(pos).map_err(resolve)
                } else {
                    Err(ReadError(
                        "not a move in ICCS (h2e2), WXF (C2=5) or Chinese (炮二平五)".into(),
                    ))
                }
            }
        }
    }

    /// `true` if the reader may take Chinese text, which may come without
    /// spaces between moves.
    pub fn reads_chinese(self) -> bool {
        matches!(self, Reader::Auto | Reader::Only(Notation::Zh(_)))
    }
}
