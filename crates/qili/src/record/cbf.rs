//! CBF, the XML record of 象棋桥 (CCBridge): a `<ChineseChessRecord>` with a
//! `<Head>` and a `<MoveList>`.
//!
//! - The head's elements are the fields of the binary record (see
//!   [`cbr`]): `Name` is read as the `Title` tag, `Contest` as
//!   `Event`, `Red`, `Black`, `Round`, `Date`, `Site` … under their own
//!   names, `Commentator` as `Annotator`, `Creator` as `Author`; `FEN` is
//!   the start position and `RecordResult` the result code of the binary
//!   forms (0 unknown, 1 red wins, 2 black wins, 3 draw).
//! - `<Move value="XY-XY">`: a move from one point to another, `X` the file
//!   (0 = a … 8 = i) and `Y` the row from black's side (0 = rank 9 … 9 =
//!   rank 0); the element's text is the comment after the move. The first
//!   `Move`, `00-00`, is not a move: its text is the comment before the
//!   first move. `end="1"` marks the last move of the line.
//!
//! Variations: the files seen have none, and how the XML form marks them is
//! not known here; moves after the end of the main line are left out with a
//! warning ([`Game::warnings`]) rather than guessed into a tree.
//!
//! ```
//! let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
//! <ChineseChessRecord Version="1.0"><Head><Name>例</Name><RecordResult>1</RecordResult></Head>
//! <MoveList><Move value="00-00" /><Move value="77-47" /><Move value="70-62" end="1" /></MoveList>
//! </ChineseChessRecord>"#;
//! let game = qili::record::cbf::read(xml.as_bytes()).unwrap();
//! assert_eq!(game.tag("Title"), Some("例"));
//! assert_eq!(game.moves.moves()[1].to_string(), "h9g7");
//! assert_eq!(game.result, qili::record::GameResult::RedWins);
//! ```

use core::fmt;

use super::cbr::{self, FIELDS};
use super::encoding::{decode_text, unix_newlines};
use super::game::{Game, Line, MoveError, Node};
use super::tree::legal_move;
use super::xml::{Event, Reader, XmlError};
use crate::fen::{self, ParsePositionError};
use crate::{Position, Tolerance};

/// The root element's name.
pub const ROOT: &str = "ChineseChessRecord";

/// What is wrong with a CBF file, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CbfError {
    /// The line (from 1) of the text.
    pub line: usize,
    /// What is wrong.
    pub kind: CbfErrorKind,
}

/// The kinds of [`CbfError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CbfErrorKind {
    /// The text is not XML with a [`ROOT`] element.
    NotCbf,
    /// The XML is malformed.
    Xml(&'static str),
    /// The `FEN` of the head cannot be read.
    Fen(ParsePositionError),
    /// A `Move` whose value is not two points `XY-XY`.
    BadMove(String),
    /// A move that is illegal.
    Move(MoveError),
}

impl fmt::Display for CbfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CbfErrorKind::NotCbf => write!(f, "not a CCBridge XML record (no <{ROOT}> element)"),
            CbfErrorKind::Xml(why) => write!(f, "malformed XML: {why}"),
            CbfErrorKind::Fen(e) => write!(f, "start position: {e}"),
            CbfErrorKind::BadMove(v) => {
                let v: String = v.chars().take(24).collect();
                write!(f, "move value \"{v}\" is not two points XY-XY")
            }
            CbfErrorKind::Move(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for CbfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

impl core::error::Error for CbfError {}

/// `true` if the text's first element is a [`ROOT`].
pub fn detect_text(text: &str) -> bool {
    if !text
        .trim_start_matches('\u{FEFF}')
        .trim_start()
        .starts_with('<')
    {
        return false;
    }
    let mut r = Reader::new(text);
    while let Some(Ok(e)) = r.next_event() {
        match e {
            Event::Start { name, .. } => return name == ROOT,
            Event::Text(t) if t.trim().is_empty() => {}
            _ => return false,
        }
    }
    false
}

/// One `Move` element as read.
struct RawMove {
    value: String,
    end: bool,
    comment: Option<String>,
    line: usize,
}

/// What the XML holds, before the moves are checked.
#[derive(Default)]
struct Raw {
    /// Element, text, line.
    head: Vec<(String, String, usize)>,
    moves: Vec<RawMove>,
}

fn line_of(text: &str, offset: usize) -> usize {
    1 + text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// Collects the head's fields and the moves.
fn collect(text: &str) -> Result<Raw, CbfError> {
    let text_all = text;
    let err = |offset, kind| CbfError {
        line: line_of(text, offset),
        kind,
    };
    let mut r = Reader::new(text);
    let mut raw = Raw::default();
    let mut path: Vec<&str> = Vec::new();
    let mut value = String::new();
    let mut seen_root = false;
    loop {
        let at = r.offset();
        let Some(event) = r.next_event() else { break };
        let event =
            event.map_err(|XmlError { offset, reason }| err(offset, CbfErrorKind::Xml(reason)))?;
        match event {
            Event::Start { name, attrs, empty } => {
                if path.is_empty() && (seen_root || name != ROOT) {
                    return Err(err(at, CbfErrorKind::NotCbf));
                }
                seen_root = true;
                value.clear();
                if name == "Move" && path.last() == Some(&"MoveList") {
                    let attr = |k: &str| attrs.iter().find(|(a, _)| *a == k).map(|(_, v)| v.trim());
                    raw.moves.push(RawMove {
                        value: attr("value").unwrap_or_default().to_string(),
                        end: attr("end").is_some_and(|v| v != "0"),
                        comment: None,
                        line: line_of(text, at),
                    });
                }
                if !empty {
                    path.push(name);
                }
            }
            Event::Text(t) => value.push_str(&t),
            Event::End { name } => {
                if path.last() != Some(&name) {
                    return Err(err(
                        at,
                        CbfErrorKind::Xml("an end tag that closes no open element"),
                    ));
                }
                path.pop();
                let text = unix_newlines(&value);
                let text = text.trim();
                match path.last() {
                    Some(&"Head") if !text.is_empty() => {
                        raw.head
                            .push((name.to_string(), text.to_string(), line_of(text_all, at)));
                    }
                    Some(&"MoveList") if name == "Move" && !text.is_empty() => {
                        if let Some(m) = raw.moves.last_mut() {
                            m.comment = Some(text.to_string());
                        }
                    }
                    _ => {}
                }
                value.clear();
            }
        }
    }
    if !seen_root {
        return Err(err(0, CbfErrorKind::NotCbf));
    }
    if !path.is_empty() {
        return Err(err(
            text.len(),
            CbfErrorKind::Xml("the text ends inside an element"),
        ));
    }
    Ok(raw)
}

/// The board point of `XY` (file, row from black's side).
fn point_of(s: &str) -> Option<crate::Square> {
    let &[x, y] = s.as_bytes() else { return None };
    if !x.is_ascii_digit() || !y.is_ascii_digit() || x > b'8' {
        return None;
    }
    cbr::point((y - b'0') * 9 + (x - b'0'))
}

/// Reads a CBF file (UTF-8, with or without a byte-order mark, or another
/// encoding [`decode_text`] detects).
pub fn read(bytes: &[u8]) -> Result<Game, CbfError> {
    read_str(&decode_text(bytes).0)
}

/// Reads a CBF text.
pub fn read_str(text: &str) -> Result<Game, CbfError> {
    let raw = collect(text)?;
    let mut game = Game::default();
    let mut result = 0;
    for (name, value, line) in &raw.head {
        match name.as_str() {
            "FEN" => {
                game.start = fen::position(value, Tolerance::COMPOSED).map_err(|e| CbfError {
                    line: *line,
                    kind: CbfErrorKind::Fen(e),
                })?;
            }
            "RecordResult" => result = value.parse().unwrap_or(0),
            _ => {
                if let Some((.., Some(tag))) = FIELDS.iter().find(|f| f.2 == name) {
                    game.tags.insert(*tag, value.clone());
                }
            }
        }
    }
    game.result = cbr::result_of(result);
    game.tags.insert("Result", game.result.pgn());
    let mut moves = raw.moves.iter().peekable();
    if let Some(first) = moves.next_if(|m| m.value.split_once('-').is_some_and(|(a, b)| a == b)) {
        game.moves.comment = first.comment.clone();
    }
    let mut pos: Position = game.start.clone();
    let mut line = Line::new();
    let mut ended = false;
    let mut left = 0;
    for m in moves {
        if ended {
            left += 1;
            continue;
        }
        let err = |kind| CbfError { line: m.line, kind };
        let (from, to) = m
            .value
            .split_once('-')
            .and_then(|(a, b)| Some((point_of(a)?, point_of(b)?)))
            .ok_or_else(|| err(CbfErrorKind::BadMove(m.value.clone())))?;
        let mv = legal_move(&pos, from, to).map_err(|e| err(CbfErrorKind::Move(e)))?;
        let mut node = Node::new(mv);
        node.comment = m.comment.clone();
        line.nodes.push(node);
        pos.play_unchecked(mv);
        ended = m.end;
    }
    if left > 0 {
        game.warnings.push(format!(
            "{left} moves after the end of the main line (variations) are not read"
        ));
    }
    line.comment = game.moves.comment.take();
    game.moves = line;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_say_where() {
        let e = |t: &str| read_str(t).unwrap_err().to_string();
        assert_eq!(
            e("[Event \"x\"]"),
            "line 1: not a CCBridge XML record (no <ChineseChessRecord> element)"
        );
        assert_eq!(
            e("<ChineseChessRecord>\n<MoveList>\n<Move value=\"77-47\"/>\n<Move value=\"77-47\"/>\n</MoveList></ChineseChessRecord>"),
            "line 4: move 1... h2e2 (black): no piece on h2"
        );
        assert_eq!(
            e("<ChineseChessRecord><MoveList><Move value=\"97-47\"/></MoveList></ChineseChessRecord>"),
            "line 1: move value \"97-47\" is not two points XY-XY"
        );
        assert_eq!(
            e("<ChineseChessRecord><Head></MoveList>"),
            "line 1: malformed XML: an end tag that closes no open element"
        );
        assert!(e("<ChineseChessRecord><Head>").contains("ends inside an element"));
    }

    #[test]
    fn moves_after_the_end_are_a_warning() {
        let g = read_str(
            "<ChineseChessRecord><MoveList><Move value=\"00-00\"><![CDATA[开局]]></Move>\
             <Move value=\"77-47\" end=\"1\">好</Move><Move value=\"17-47\"/></MoveList></ChineseChessRecord>",
        )
        .unwrap();
        assert_eq!(g.moves.comment.as_deref(), Some("开局"));
        assert_eq!(g.moves.nodes.len(), 1);
        assert_eq!(g.moves.nodes[0].comment.as_deref(), Some("好"));
        assert_eq!(g.warnings.len(), 1);
    }
}
