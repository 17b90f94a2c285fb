//! CBR, the binary single-game record of 象棋桥 (CCBridge); the same record
//! is the entry of a [`cbl`](super::cbl) library.
//!
//! Layout, as decoded here (all numbers little endian, texts UTF-16LE):
//!
//! - `CCBridge Record\0` (16 bytes), then a version and a 16-byte GUID.
//! - Text fields at fixed offsets, each NUL-terminated within its size (what
//!   follows the NUL is left-over memory, not text), in the order of the
//!   [`cbf`](super::cbf) XML head: title at 0xB4 (128 bytes), opening name
//!   0x134, event 0x2B4, round 0x2F4, group 0x334, table 0x354, date 0x374,
//!   site 0x3B4, time control 0x3F4, red 0x434 with team, time and rating
//!   after it, black 0x514 likewise, referee 0x5F4, recorder 0x634,
//!   commentator 0x674, author 0x6F4, creation and change dates 0x774 and
//!   0x7B4; the ECCO code at 0x7F4 is ASCII. See `FIELDS`.
//! - The result at byte 0x81C: 1 red wins, 2 black wins, 3 draw, else unknown.
//! - The board at 0x848: 90 bytes, a row of 9 points at a time from black's
//!   back rank (a9 … i9) to red's (a0 … i0); a piece is `0x10` (red) or
//!   `0x20` (black) plus 1 rook, 2 horse, 3 elephant, 4 advisor, 5 king,
//!   6 cannon, 7 pawn; 0 is an empty point. An empty board is a library's
//!   section heading, not a game.
//! - From 0x8A6, the move tree in depth-first order: four bytes a record —
//!   flags, a second flag byte, origin, destination (points numbered as the
//!   board's bytes, 0 = a9 … 89 = i0); flag 0x01: the line ends with this
//!   move, 0x02: an alternative to this move follows after this move's own
//!   line, 0x04: a comment follows (a 32-bit byte length, then UTF-16LE
//!   text). The first record is not a move: it carries the comment before
//!   the first move, and 0x01 if there is none.
//!
//! The side to move is that of the piece making the first move (red if the
//! record has none).
//!
//! ```no_run
//! let bytes = std::fs::read("game.cbr").unwrap();
//! match qili::record::cbr::read(&bytes) {
//!     Ok(game) => println!("{} moves", game.moves.nodes.len()),
//!     Err(e) => eprintln!("game.cbr: {e}"),
//! }
//! ```

use core::fmt;

use super::encoding::unix_newlines;
use super::game::{Game, GameResult, MoveError};
use super::tree::{self, write_place, BadMove, Links, RawNode, Tree};
use super::MAX_NESTING;
use crate::{
    Board, Color, File, Move, Piece, Position, PositionError, Rank, Role, Setup, Square, Tolerance,
};

/// The first 16 bytes of a record.
pub const MAGIC: &[u8; 16] = b"CCBridge Record\0";

/// Offset of the result byte.
const RESULT: usize = 0x81C;
/// Offset of the board's 90 bytes.
const BOARD: usize = 0x848;
/// Offset of the first record of the move tree.
const MOVES: usize = 0x8A6;

/// How a header field is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Text {
    /// UTF-16LE, this many bytes at most.
    Utf16(usize),
    /// ASCII, this many bytes at most.
    Ascii(usize),
}

/// The text fields of a record: offset, storage, the element of the XML
/// form's head, and the tag it is read as (the names the other readers and
/// writers use; `None`: not read).
pub(crate) const FIELDS: [(usize, Text, &str, Option<&str>); 28] = [
    (0x0B4, Text::Utf16(128), "Name", Some("Title")),
    (0x134, Text::Utf16(256), "Opening", Some("Opening")),
    (0x234, Text::Utf16(64), "URL", None),
    (0x274, Text::Utf16(64), "From", None),
    (0x2B4, Text::Utf16(64), "Contest", Some("Event")),
    (0x2F4, Text::Utf16(64), "Round", Some("Round")),
    (0x334, Text::Utf16(32), "Group", Some("Group")),
    (0x354, Text::Utf16(32), "Table", Some("Table")),
    (0x374, Text::Utf16(64), "Date", Some("Date")),
    (0x3B4, Text::Utf16(64), "Site", Some("Site")),
    (0x3F4, Text::Utf16(64), "TimeRule", Some("TimeControl")),
    (0x434, Text::Utf16(64), "Red", Some("Red")),
    (0x474, Text::Utf16(64), "RedTeam", Some("RedTeam")),
    (0x4B4, Text::Utf16(64), "RedTime", Some("RedTime")),
    (0x4F4, Text::Utf16(32), "RedRating", Some("RedElo")),
    (0x514, Text::Utf16(64), "Black", Some("Black")),
    (0x554, Text::Utf16(64), "BlackTeam", Some("BlackTeam")),
    (0x594, Text::Utf16(64), "BlackTime", Some("BlackTime")),
    (0x5D4, Text::Utf16(32), "BlackRating", Some("BlackElo")),
    (0x5F4, Text::Utf16(64), "Referee", Some("Referee")),
    (0x634, Text::Utf16(64), "Recorder", Some("Recorder")),
    (0x674, Text::Utf16(64), "Commentator", Some("Annotator")),
    (0x6B4, Text::Utf16(64), "CommentatorURL", None),
    (0x6F4, Text::Utf16(64), "Creator", Some("Author")),
    (0x734, Text::Utf16(64), "CreatorURL", None),
    (0x774, Text::Utf16(64), "DateCreated", None),
    (0x7B4, Text::Utf16(64), "DateModified", None),
    (0x7F4, Text::Ascii(16), "ECCO", Some("ECCO")),
];

/// What is wrong with a record, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CbrError {
    /// Byte offset in the file.
    pub offset: usize,
    /// The ply (1 for the first move) being read, if the error is in the move tree.
    pub ply: Option<u32>,
    /// What is wrong.
    pub kind: CbrErrorKind,
}

/// The kinds of [`CbrError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CbrErrorKind {
    /// The bytes do not start with [`MAGIC`].
    NotCbr,
    /// The record ends in the middle of something.
    Truncated {
        /// What was being read.
        reading: &'static str,
        /// Where the record ends.
        end: usize,
    },
    /// A board byte that is no piece.
    PieceCode {
        /// The point (0 = a9 … 89 = i0).
        point: usize,
        /// The byte.
        value: u8,
    },
    /// The board is empty: the record is a library's section heading.
    EmptyBoard,
    /// The start position is illegal.
    Position(PositionError),
    /// A move whose origin or destination is not a point of the board.
    BadSquare(u8),
    /// A comment length that does not fit in the record.
    CommentLength(u32),
    /// A move that is illegal.
    Move(MoveError),
    /// Variations nested deeper than [`MAX_NESTING`].
    TooDeep,
}

impl fmt::Display for CbrErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CbrErrorKind::NotCbr => {
                f.write_str("not a CCBridge record (no 'CCBridge Record' signature)")
            }
            CbrErrorKind::Truncated { reading, end } => {
                write!(f, "the record ends (at byte {end}) inside {reading}")
            }
            CbrErrorKind::PieceCode { point, value } => write!(
                f,
                "point {point} of the board holds {value:#04x}, which is no piece"
            ),
            CbrErrorKind::EmptyBoard => {
                f.write_str("the board is empty (a library's section heading, not a game)")
            }
            CbrErrorKind::Position(e) => write!(f, "start position: {e}"),
            CbrErrorKind::BadSquare(v) => {
                write!(f, "move to or from point {v}, which is not on the board")
            }
            CbrErrorKind::CommentLength(n) => {
                write!(f, "a comment of {n} bytes does not fit in the record")
            }
            CbrErrorKind::Move(e) => e.fmt(f),
            CbrErrorKind::TooDeep => write!(f, "variations nested more than {MAX_NESTING} deep"),
        }
    }
}

impl fmt::Display for CbrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names_move = matches!(self.kind, CbrErrorKind::Move(_));
        write_place(f, self.offset, self.ply, names_move)?;
        write!(f, ": {}", self.kind)
    }
}

impl core::error::Error for CbrError {}

/// `true` if the bytes start like a CBR record.
pub fn detect(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// What a record holds: a game, or (empty board) a library's section heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Record {
    /// A game.
    Game(Box<Game>),
    /// A heading: its title and the comment it carries.
    Heading {
        /// The title.
        title: String,
        /// The comment of its leading record.
        comment: Option<String>,
    },
}

/// Reads a CBR file. A record with an empty board (a library's section
/// heading) is an error here: it holds no game.
pub fn read(data: &[u8]) -> Result<Game, CbrError> {
    match read_record(data, 0)? {
        Record::Game(g) => Ok(*g),
        Record::Heading { .. } => Err(CbrError {
            offset: BOARD,
            ply: None,
            kind: CbrErrorKind::EmptyBoard,
        }),
    }
}

/// The text of a header field, up to its NUL; `None` if empty.
pub(crate) fn field(h: &[u8], at: usize, text: Text) -> Option<String> {
    let s = match text {
        Text::Utf16(n) => {
            let units: Vec<u16> = h
                .get(at..at + n)?
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .take_while(|&u| u != 0)
                .collect();
            String::from_utf16_lossy(&units)
        }
        Text::Ascii(n) => h
            .get(at..at + n)?
            .iter()
            .take_while(|&&b| b != 0)
            .map(|&b| {
                if b.is_ascii() {
                    char::from(b)
                } else {
                    '\u{FFFD}'
                }
            })
            .collect(),
    };
    (!s.trim().is_empty()).then_some(s)
}

/// The result of a result code of the binary forms (also the XML form's
/// `RecordResult`).
pub(crate) fn result_of(code: u32) -> GameResult {
    match code {
        1 => GameResult::RedWins,
        2 => GameResult::BlackWins,
        3 => GameResult::Draw,
        _ => GameResult::Unknown,
    }
}

/// The point of a byte of the board or of a move: 0 = a9 … 89 = i0.
pub(crate) fn point(v: u8) -> Option<Square> {
    if v >= 90 {
        return None;
    }
    Some(Square::from_coords(
        File::new(v % 9)?,
        Rank::new(9 - v / 9)?,
    ))
}

/// The piece of a board byte; `Ok(None)` for an empty point.
fn piece(code: u8) -> Result<Option<Piece>, ()> {
    let color = match code >> 4 {
        0 if code == 0 => return Ok(None),
        1 => Color::Red,
        2 => Color::Black,
        _ => return Err(()),
    };
    let role = match code & 0x0F {
        1 => Role::Rook,
        2 => Role::Horse,
        3 => Role::Elephant,
        4 => Role::Advisor,
        5 => Role::King,
        6 => Role::Cannon,
        7 => Role::Pawn,
        _ => return Err(()),
    };
    Ok(Some(Piece { color, role }))
}

/// A UTF-16LE comment, with Unix line ends and without the blanks around it.
pub(crate) fn comment_text(bytes: &[u8]) -> Option<String> {
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let text = unix_newlines(&String::from_utf16_lossy(&units));
    let text = text.trim_matches(|c: char| c.is_whitespace() || c == '\0');
    (!text.is_empty()).then(|| text.to_string())
}

/// Reads the move records of a record.
struct Reader<'a> {
    /// The record's bytes.
    data: &'a [u8],
    /// Where `data` starts in the file.
    base: usize,
    pos: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize, reading: &'static str, ply: u32) -> Result<&[u8], CbrError> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.data.len());
        let Some(end) = end else {
            return Err(CbrError {
                offset: self.base + self.pos,
                ply: Some(ply),
                kind: CbrErrorKind::Truncated {
                    reading,
                    end: self.base + self.data.len(),
                },
            });
        };
        let out = &self.data[self.pos..end];
        self.pos = end;
        Ok(out)
    }

    fn node(&mut self, ply: u32) -> Result<(RawNode, Links), CbrError> {
        let offset = self.base + self.pos;
        let b: [u8; 4] = self
            .take(4, "a move record", ply)?
            .try_into()
            .unwrap_or_default();
        let comment = if b[0] & 0x04 != 0 {
            let at = self.base + self.pos;
            let l = self.take(4, "a comment length", ply)?;
            let len = u32::from_le_bytes([l[0], l[1], l[2], l[3]]);
            let n = usize::try_from(len)
                .ok()
                .filter(|&n| n <= self.data.len() - self.pos);
            let Some(n) = n else {
                return Err(CbrError {
                    offset: at,
                    ply: Some(ply),
                    kind: CbrErrorKind::CommentLength(len),
                });
            };
            comment_text(self.take(n, "a comment", ply)?)
        } else {
            None
        };
        let links = Links {
            next: b[0] & 0x01 == 0,
            alternative: b[0] & 0x02 != 0,
        };
        Ok((RawNode::new(b[2], b[3], comment, offset), links))
    }
}

/// The move of record `n` (of ply `ply`) if it is legal in `pos`.
fn decode(n: &RawNode, ply: u32, pos: &Position) -> Result<Move, CbrError> {
    tree::decode(n, pos, point).map_err(|e| CbrError {
        offset: n.offset,
        ply: Some(ply),
        kind: match e {
            BadMove::Square(v) => CbrErrorKind::BadSquare(v),
            BadMove::Illegal(e) => CbrErrorKind::Move(e),
        },
    })
}

/// Reads the record `data`, which starts at byte `base` of its file (error
/// offsets are file offsets).
pub(crate) fn read_record(data: &[u8], base: usize) -> Result<Record, CbrError> {
    let err = |offset: usize, kind| CbrError {
        offset: base + offset,
        ply: None,
        kind,
    };
    if !detect(data) {
        return Err(err(0, CbrErrorKind::NotCbr));
    }
    if data.len() < MOVES {
        return Err(err(
            data.len(),
            CbrErrorKind::Truncated {
                reading: "the header and board",
                end: base + data.len(),
            },
        ));
    }
    let mut board = Board::empty();
    let mut empty = true;
    for (i, &code) in data[BOARD..BOARD + 90].iter().enumerate() {
        let bad = || {
            err(
                BOARD + i,
                CbrErrorKind::PieceCode {
                    point: i,
                    value: code,
                },
            )
        };
        if let Some(p) = piece(code).map_err(|()| bad())? {
            let sq = point(i as u8).ok_or_else(bad)?;
            board.set(sq, Some(p));
            empty = false;
        }
    }
    let mut reader = Reader {
        data,
        base,
        pos: MOVES,
    };
    let tree = Tree::read(|ply| reader.node(ply))?;
    let title = field(data, 0xB4, Text::Utf16(128));
    if empty {
        return Ok(Record::Heading {
            title: title.unwrap_or_default(),
            comment: tree.root().comment.clone(),
        });
    }
    let mut game = Game::default();
    for (at, text, _, tag) in FIELDS {
        if let (Some(tag), Some(v)) = (tag, field(data, at, text)) {
            game.tags.insert(tag, v);
        }
    }
    game.result = result_of(u32::from(data[RESULT]));
    game.tags.insert("Result", game.result.pgn());
    let turn = tree
        .first()
        .and_then(|n| point(n.from))
        .and_then(|sq| board.piece_at(sq))
        .map_or(Color::Red, |p| p.color);
    let setup = Setup {
        board,
        turn,
        halfmoves: 0,
        fullmoves: 1,
    };
    game.start = Position::from_setup(setup, Tolerance::COMPOSED)
        .map_err(|e| err(BOARD, CbrErrorKind::Position(e)))?;
    let too_deep = |n: &RawNode, ply| CbrError {
        offset: n.offset,
        ply: Some(ply),
        kind: CbrErrorKind::TooDeep,
    };
    game.moves = tree.main_line(&game.start, &decode, &too_deep, &mut game.warnings)?;
    Ok(Record::Game(Box::new(game)))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A record with `title`, the standard start (an empty board if not
    /// `pieces`) and `moves` as (from, to, flags), built by hand.
    pub(crate) fn record(title: &str, pieces: bool, moves: &[(u8, u8, u8)]) -> Vec<u8> {
        let mut d = vec![0u8; MOVES];
        d[..16].copy_from_slice(MAGIC);
        for (i, u) in title.encode_utf16().enumerate() {
            d[0xB4 + 2 * i..0xB6 + 2 * i].copy_from_slice(&u.to_le_bytes());
        }
        let back = [0x21, 0x22, 0x23, 0x24, 0x25, 0x24, 0x23, 0x22, 0x21];
        if pieces {
            for (f, &c) in back.iter().enumerate() {
                d[BOARD + f] = c;
                d[BOARD + 81 + f] = c - 0x10;
            }
            for f in [1, 7] {
                d[BOARD + 18 + f] = 0x26;
                d[BOARD + 63 + f] = 0x16;
            }
            for f in [0, 2, 4, 6, 8] {
                d[BOARD + 27 + f] = 0x27;
                d[BOARD + 54 + f] = 0x17;
            }
        }
        d.extend_from_slice(&[if moves.is_empty() { 1 } else { 0 }, 0, 0, 0]);
        for (k, &(from, to, flags)) in moves.iter().enumerate() {
            let end = if k + 1 == moves.len() { 1 } else { 0 };
            d.extend_from_slice(&[flags | end, 0, from, to]);
        }
        d
    }

    #[test]
    fn reads_moves_and_alternatives() {
        // h2e2 (70 → 67) with the alternative b2e2 (64 → 67), then h9g7 (7 → 24).
        let mut d = record("例", true, &[(70, 67, 0x02), (7, 24, 0)]);
        d.truncate(d.len() - 4);
        d.extend_from_slice(&[0x01, 0, 7, 24, 0x05, 0, 64, 67, 4, 0, 0, 0]);
        d.extend("好棋".encode_utf16().flat_map(u16::to_le_bytes));
        let g = read(&d).unwrap();
        assert_eq!(g.tag("Title"), Some("例"));
        assert_eq!(g.result, GameResult::Unknown);
        let moves: Vec<String> = g.moves.moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["h2e2", "h9g7"]);
        let alt = &g.moves.nodes[0].variations;
        assert_eq!(alt.len(), 1);
        assert_eq!(alt[0].nodes[0].mv.to_string(), "b2e2");
        assert_eq!(alt[0].nodes[0].comment.as_deref(), Some("好棋"));
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(read(b"CCBridge").unwrap_err().kind, CbrErrorKind::NotCbr);
        let d = record("", true, &[(70, 67, 0), (70, 67, 0)]);
        assert_eq!(
            read(&d).unwrap_err().to_string(),
            "byte 2222: move 1... h2e2 (black): no piece on h2"
        );
        let mut d = record("", true, &[(70, 67, 0), (7, 24, 0)]);
        d.truncate(d.len() - 2);
        assert_eq!(
            read(&d).unwrap_err().to_string(),
            "byte 2222, move 1 (ply 2): the record ends (at byte 2224) inside a move record"
        );
        let heading = record("第一组", false, &[]);
        assert_eq!(read(&heading).unwrap_err().kind, CbrErrorKind::EmptyBoard);
        assert!(matches!(
            read_record(&heading, 0),
            Ok(Record::Heading { title, .. }) if title == "第一组"
        ));
    }
}
