//! Game records: read and write PGN and DhtmlXQ, read XQF and the three
//! forms of 象棋桥 (CCBridge).
//!
//! - [`pgn`]: text with tags and move text in Chinese, WXF or ICCS, in UTF-8,
//!   GB18030/GBK or Big5 (detected, see [`decode_text`]); several games a file.
//! - [`dhtmlxq`]: the `[DhtmlXQ]…[/DhtmlXQ]` blocks of web pages and forums (UBB).
//! - [`xqf`]: the binary files of 象棋演播室 (XQStudio), versions 1.0–1.8.
//! - [`cbr`], [`cbl`], [`cbf`]: 象棋桥's binary record, its library of many
//!   records under section headings, and its XML record.
//!
//! Every reader checks each move against the position it is played in, so a
//! [`Game`] holds legal [`crate::Move`]s only, and returns one result per game:
//! a damaged game does not lose the others. No input makes a reader panic.
//!
//! ```
//! use qili::record::{self, Export, Notation};
//! let text = "[Red \"胡荣华\"]\n1. 炮二平五 马8进7 2. 马二进三 车9平8 1-0\n";
//! let games = record::read(text.as_bytes());
//! let game = games[0].as_ref().unwrap();
//! let (start, moves) = game.main_line();
//! assert_eq!(start, qili::Position::new());
//! assert_eq!(moves[0].to_string(), "h2e2");
//! let ubb = record::export(std::slice::from_ref(game), Export::DhtmlXq).unwrap();
//! assert!(ubb.contains("[DhtmlXQ_red]胡荣华[/DhtmlXQ_red]"));
//! ```

use core::fmt;

mod encoding;
mod game;
mod tree;
mod xml;

pub mod cbf;
pub mod cbl;
pub mod cbr;
pub mod dhtmlxq;
pub mod pgn;
pub mod xqf;

pub use crate::notation::Notation;
pub use encoding::{decode_text, TextEncoding};
pub use game::{Game, GameResult, Line, MoveError, Node, Tags};

use crate::Role;

/// The order of one side's 16 pieces in DhtmlXQ `binit` strings and XQF
/// headers alike: rook, horse, elephant, advisor, king, advisor, elephant,
/// horse, rook (from file a), the two cannons, the five pawns.
pub(crate) const SIDE_ORDER: [Role; 16] = [
    Role::Rook,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::King,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Rook,
    Role::Cannon,
    Role::Cannon,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
];

/// Variations nested deeper than this (a variation inside a variation …)
/// are refused by every reader: a guard against hostile input, far above
/// what real files hold, and the same for every format so that a game read
/// from one can be written to and read from another.
pub const MAX_NESTING: usize = 200;

/// The record formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// PGN text.
    Pgn,
    /// DhtmlXQ / UBB blocks, possibly in an HTML page.
    DhtmlXq,
    /// XQF binary.
    Xqf,
    /// 象棋桥 binary record.
    Cbr,
    /// 象棋桥 library.
    Cbl,
    /// 象棋桥 XML record.
    Cbf,
}

impl Format {
    /// Guesses the format of a file from its content: the `CCBridge Record`
    /// and `CCBridgeLibrary` signatures for CBR and CBL, the `XQ` signature
    /// for XQF, a `<ChineseChessRecord>` root element for CBF, a `[DhtmlXQ`
    /// tag for DhtmlXQ, PGN otherwise.
    /// Other binary content (NUL bytes at the start) is taken for a damaged
    /// XQF file, so that its error says so.
    pub fn detect(bytes: &[u8]) -> Format {
        let head = &bytes[..bytes.len().min(1024)];
        let binary = head.contains(&0)
            && !head.starts_with(&[0xFF, 0xFE])
            && !head.starts_with(&[0xFE, 0xFF]);
        if cbr::detect(bytes) {
            return Format::Cbr;
        }
        if cbl::detect(bytes) {
            return Format::Cbl;
        }
        if xqf::detect(bytes) || binary {
            return Format::Xqf;
        }
        let text = decode_text(bytes).0;
        if cbf::detect_text(&text) {
            Format::Cbf
        } else if dhtmlxq::detect(&text) {
            Format::DhtmlXq
        } else {
            Format::Pgn
        }
    }

    /// `true` for the formats [`Format::detect`] knows by a signature that
    /// no other format has, so that the content outweighs a file's name.
    fn is_signed(self) -> bool {
        matches!(self, Format::Cbr | Format::Cbl | Format::Cbf)
    }
}

/// A game of a record file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// The file, when read with [`read_file`] or named with [`RecordError::in_file`].
    pub file: Option<String>,
    /// The error of the format's reader.
    pub error: FormatError,
}

/// The error of one format's reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormatError {
    /// From [`pgn::read`].
    Pgn(pgn::PgnError),
    /// From [`dhtmlxq::read`].
    DhtmlXq(dhtmlxq::DhtmlXqError),
    /// From [`xqf::read`].
    Xqf(xqf::XqfError),
    /// From [`cbr::read`].
    Cbr(cbr::CbrError),
    /// From [`cbl::read`] or one of its entries.
    Cbl(cbl::CblError),
    /// From [`cbf::read`].
    Cbf(cbf::CbfError),
}

impl RecordError {
    /// The same error, naming the file it is in.
    pub fn in_file(mut self, file: impl Into<String>) -> RecordError {
        self.file = Some(file.into());
        self
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Pgn(e) => e.fmt(f),
            FormatError::DhtmlXq(e) => e.fmt(f),
            FormatError::Xqf(e) => e.fmt(f),
            FormatError::Cbr(e) => e.fmt(f),
            FormatError::Cbl(e) => e.fmt(f),
            FormatError::Cbf(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}: ")?;
        }
        self.error.fmt(f)
    }
}

impl core::error::Error for RecordError {}

fn wrap<T, E>(
    results: Vec<Result<T, E>>,
    f: impl Fn(E) -> FormatError,
) -> Vec<Result<T, RecordError>> {
    results
        .into_iter()
        .map(|r| {
            r.map_err(|e| RecordError {
                file: None,
                error: f(e),
            })
        })
        .collect()
}

impl Format {
    /// The format a file name's extension says: `.xqf` XQF, `.pgn` PGN,
    /// `.ubb`/`.dhtmlxq` DhtmlXQ, `.cbr`, `.cbl`, `.cbf` 象棋桥. Other
    /// extensions (`.txt`, `.html`) say nothing.
    pub fn from_extension(path: &std::path::Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "xqf" => Format::Xqf,
            "pgn" => Format::Pgn,
            "ubb" | "dhtmlxq" => Format::DhtmlXq,
            "cbr" => Format::Cbr,
            "cbl" => Format::Cbl,
            "cbf" => Format::Cbf,
            _ => return None,
        })
    }
}

/// Reads every game of a record file of any format (see [`Format::detect`]),
/// one result per game. The games of a 象棋桥 library come in file order
/// with the title of their section heading as the `Section` tag; its
/// headings and deleted entries are not games (see [`cbl::read`] for them).
pub fn read(bytes: &[u8]) -> Vec<Result<Game, RecordError>> {
    read_as(Format::detect(bytes), bytes)
}

/// Reads every game of a record file in a known format.
pub fn read_as(format: Format, bytes: &[u8]) -> Vec<Result<Game, RecordError>> {
    match format {
        Format::Xqf => wrap(vec![xqf::read(bytes)], FormatError::Xqf),
        Format::DhtmlXq => wrap(dhtmlxq::read(bytes), FormatError::DhtmlXq),
        Format::Pgn => wrap(pgn::read(bytes), FormatError::Pgn),
        Format::Cbr => wrap(vec![cbr::read(bytes)], FormatError::Cbr),
        Format::Cbl => wrap(
            cbl::read_games(bytes, cbl::Entries::Games),
            FormatError::Cbl,
        ),
        Format::Cbf => wrap(vec![cbf::read(bytes)], FormatError::Cbf),
    }
}

/// Reads every game of a record file; errors name the file. The format is
/// the content's if it has a signature (the 象棋桥 forms), else the
/// extension's if it tells one ([`Format::from_extension`]), else the
/// content's.
pub fn read_file(
    path: impl AsRef<std::path::Path>,
) -> std::io::Result<Vec<Result<Game, RecordError>>> {
    read_file_with(path, cbl::Entries::Games)
}

/// [`read_file`], with the entries of a 象棋桥 library it gives chosen by
/// `entries` (deleted ones too, on request).
pub fn read_file_with(
    path: impl AsRef<std::path::Path>,
    entries: cbl::Entries,
) -> std::io::Result<Vec<Result<Game, RecordError>>> {
    let path = path.as_ref();
    let bytes = std::fs::read(path)?;
    let name = path.display().to_string();
    let detected = Format::detect(&bytes);
    let format = match Format::from_extension(path) {
        Some(f) if !detected.is_signed() => f,
        _ => detected,
    };
    let games = match format {
        Format::Cbl => wrap(cbl::read_games(&bytes, entries), FormatError::Cbl),
        _ => read_as(format, &bytes),
    };
    Ok(games
        .into_iter()
        .map(|r| r.map_err(|e| e.in_file(name.clone())))
        .collect())
}

/// A text format to write games in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Export {
    /// PGN with moves in the given notation.
    Pgn(Notation),
    /// DhtmlXQ blocks.
    DhtmlXq,
}

/// Writes games, one after the other, in a text format.
pub fn export(games: &[Game], format: Export) -> Result<String, dhtmlxq::DhtmlXqWriteError> {
    match format {
        Export::Pgn(n) => Ok(pgn::write_all(games, n)),
        Export::DhtmlXq => {
            let mut out = String::new();
            for (i, g) in games.iter().enumerate() {
                if i > 0 {
                    out.push('\n');
                }
                out.push_str(&dhtmlxq::write(g)?);
            }
            Ok(out)
        }
    }
}

/// Converts a record file to a text format: what `qili convert FILE --to
/// pgn|dhtmlxq [--notation iccs|wxf|zh]` does. Returns the text of the games
/// that could be read and the errors of those that could not.
pub fn convert(bytes: &[u8], format: Export) -> (String, Vec<ConvertError>) {
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for r in read(bytes) {
        match r {
            Ok(g) => games.push(g),
            Err(e) => errors.push(ConvertError::Read(e)),
        }
    }
    let mut out = String::new();
    for g in &games {
        match export(core::slice::from_ref(g), format) {
            Ok(text) => {
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(&text);
            }
            Err(e) => errors.push(ConvertError::Write(e)),
        }
    }
    (out, errors)
}

/// A game that [`convert`] could not read or write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConvertError {
    /// The game could not be read.
    Read(RecordError),
    /// The game cannot be written in the chosen format.
    Write(dhtmlxq::DhtmlXqWriteError),
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertError::Read(e) => e.fmt(f),
            ConvertError::Write(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for ConvertError {}
