//! XQF, the binary game files of 象棋演播室 (XQStudio), versions 1.0 to 1.8.
//!
//! Layout, as decoded here:
//!
//! - A 1024-byte header: `XQ`, the version byte (10 = 1.0 … 18 = 1.8), key
//!   bytes (12–15 and 3, 8–11), the 32 piece points (red 车马相仕帅仕相马车炮炮
//!   兵兵兵兵兵, then black; each `file * 10 + rank`, file 0–8 from red's left,
//!   rank 0–9 from red's side, anything above 89 is off the board), the result
//!   (byte 0x33: 1 red wins, 2 black wins, 3 draw) and Pascal strings in GBK:
//!   title (0x50), event (0xD0), date (0x110), site (0x120), red (0x130),
//!   black (0x140), time control (0x150), red's and black's time (0x190,
//!   0x1A0), commentator (0x1D0) and author (0x1E0).
//! - From byte 1024, the move tree in depth-first order, one record a move:
//!   origin, destination, a flag byte (0x80: a next move follows, 0x40: an
//!   alternative to this move follows after this move's own line, 0x20: a
//!   comment follows), a reserved byte; then, if flagged (always in 1.0), a
//!   32-bit little-endian length and the comment in GBK. The first record is
//!   not a move: it carries the comment before the first move.
//! - From version 1.1 on the file is obfuscated: piece points, squares,
//!   comment lengths and the whole body are shifted by keys computed from
//!   header bytes 3 and 8–15 (`k(x) = (54x² + 221)x mod 256` chained over bytes
//!   13, 14, 15, and a 32-byte stream masked from a copyright string); from
//!   1.2 on the piece points are also rotated.
//!
//! The side to move is that of the piece making the first move (red if the
//! record has none).
//!
//! ```no_run
//! let bytes = std::fs::read("game.xqf").unwrap();
//! match qili::record::xqf::read(&bytes) {
//!     Ok(game) => println!("{} moves", game.moves.nodes.len()),
//!     Err(e) => eprintln!("game.xqf: {e}"),
//! }
//! ```

use core::fmt;

use super::encoding::decode_gbk;
use super::game::{Game, GameResult, MoveError};
use super::tree::{self, write_place, BadMove, Links, RawNode, Tree};
use super::{MAX_NESTING, SIDE_ORDER};
use crate::{
    Board, Color, File, Move, Piece, Position, PositionError, Rank, Setup, Square, Tolerance,
};

/// Size of the header; the move tree starts here.
const HEADER: usize = 1024;

/// What is wrong with an XQF file, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XqfError {
    /// Byte offset in the file.
    pub offset: usize,
    /// The ply (1 for the first move) being read, if the error is in the move tree.
    pub ply: Option<u32>,
    /// What is wrong.
    pub kind: XqfErrorKind,
}

/// The kinds of [`XqfError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum XqfErrorKind {
    /// The file does not start with `XQ`.
    NotXqf,
    /// The file ends in the middle of something.
    Truncated {
        /// What was being read.
        reading: &'static str,
        /// File length.
        len: usize,
    },
    /// A piece point that is not a point of the board.
    PiecePoint {
        /// Which piece (0–31).
        piece: usize,
        /// The decoded value.
        value: u8,
    },
    /// Two pieces on one point.
    PieceTwice(Square),
    /// The start position is illegal.
    Position(PositionError),
    /// A move whose origin or destination is not a point of the board.
    BadSquare(u8),
    /// A comment length that is negative or larger than the file.
    CommentLength(i64),
    /// A move that is illegal.
    Move(MoveError),
    /// Variations nested deeper than [`MAX_NESTING`].
    TooDeep,
}

impl fmt::Display for XqfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XqfErrorKind::NotXqf => f.write_str("not an XQF file (no 'XQ' signature)"),
            XqfErrorKind::Truncated { reading, len } => {
                write!(f, "the file ends ({len} bytes) inside {reading}")
            }
            XqfErrorKind::PiecePoint { piece, value } => write!(
                f,
                "piece {piece} of the start position is on point {value}, which is not on the board"
            ),
            XqfErrorKind::PieceTwice(sq) => {
                write!(f, "two pieces of the start position on {sq}")
            }
            XqfErrorKind::Position(e) => write!(f, "start position: {e}"),
            XqfErrorKind::BadSquare(v) => {
                write!(f, "move to or from point {v}, which is not on the board")
            }
            XqfErrorKind::CommentLength(n) => write!(f, "impossible comment length {n}"),
            XqfErrorKind::Move(e) => e.fmt(f),
            XqfErrorKind::TooDeep => {
                write!(f, "variations nested more than {MAX_NESTING} deep")
            }
        }
    }
}

impl fmt::Display for XqfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names_move = matches!(self.kind, XqfErrorKind::Move(_));
        write_place(f, self.offset, self.ply, names_move)?;
        write!(f, ": {}", self.kind)
    }
}

impl core::error::Error for XqfError {}

/// `true` if the bytes start like an XQF file.
pub fn detect(bytes: &[u8]) -> bool {
    bytes.starts_with(b"XQ")
}

/// The key stream's source, 32 bytes.
const COPYRIGHT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The keys of one file.
struct Keys {
    version: u8,
    piece: u8,
    src: u8,
    dst: u8,
    comment: i64,
    stream: [u8; 32],
}

fn square_key(x: u8) -> u8 {
    let x = u32::from(x);
    ((54 * x * x + 221) & 0xFF) as u8
}

impl Keys {
    fn new(h: &[u8]) -> Keys {
        let version = h[2];
        if version < 11 {
            return Keys {
                version,
                piece: 0,
                src: 0,
                dst: 0,
                comment: 0,
                stream: [0; 32],
            };
        }
        let piece = square_key(h[13]).wrapping_mul(h[13]);
        let src = square_key(h[14]).wrapping_mul(piece);
        let dst = square_key(h[15]).wrapping_mul(src);
        let comment = (i64::from(h[12]) * 256 + i64::from(h[13])) % 32000 + 767;
        let mask = h[3];
        let args: [u8; 4] = core::array::from_fn(|i| h[8 + i] | (h[12 + i] & mask));
        let stream = core::array::from_fn(|i| COPYRIGHT[i] & args[i % 4]);
        Keys {
            version,
            piece,
            src,
            dst,
            comment,
            stream,
        }
    }
}

struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    keys: Keys,
}

impl Reader<'_> {
    fn take(&mut self, n: usize, reading: &'static str, ply: u32) -> Result<Vec<u8>, XqfError> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.data.len());
        let Some(end) = end else {
            return Err(XqfError {
                offset: self.pos,
                ply: Some(ply),
                kind: XqfErrorKind::Truncated {
                    reading,
                    len: self.data.len(),
                },
            });
        };
        let out = (self.pos..end)
            .map(|p| self.data[p].wrapping_sub(self.keys.stream[p % 32]))
            .collect();
        self.pos = end;
        Ok(out)
    }

    /// Reads one record with what it says follows it.
    fn node(&mut self, ply: u32) -> Result<(RawNode, Links), XqfError> {
        let offset = self.pos;
        let b = self.take(4, "a move record", ply)?;
        let (has_next, has_alt, len) = if self.keys.version < 11 {
            let l = self.take(4, "a comment length", ply)?;
            let len = i64::from(i32::from_le_bytes([l[0], l[1], l[2], l[3]]));
            (b[2] & 0xF0 != 0, b[2] & 0x0F != 0, len)
        } else {
            let len = if b[2] & 0x20 != 0 {
                let at = self.pos;
                let l = self.take(4, "a comment length", ply)?;
                let raw = i64::from(i32::from_le_bytes([l[0], l[1], l[2], l[3]]));
                let len = raw - self.keys.comment;
                if len < 0 {
                    return Err(XqfError {
                        offset: at,
                        ply: Some(ply),
                        kind: XqfErrorKind::CommentLength(len),
                    });
                }
                len
            } else {
                0
            };
            (b[2] & 0x80 != 0, b[2] & 0x40 != 0, len)
        };
        let comment = if len > 0 {
            let at = self.pos;
            let n = usize::try_from(len)
                .ok()
                .filter(|&n| n <= self.data.len().saturating_sub(self.pos));
            let Some(n) = n else {
                return Err(XqfError {
                    offset: at,
                    ply: Some(ply),
                    kind: XqfErrorKind::CommentLength(len),
                });
            };
            let text = decode_gbk(&self.take(n, "a comment", ply)?);
            let text = text.trim();
            (!text.is_empty()).then(|| text.to_string())
        } else {
            None
        };
        let node = RawNode::new(
            b[0].wrapping_sub(24).wrapping_sub(self.keys.src),
            b[1].wrapping_sub(32).wrapping_sub(self.keys.dst),
            comment,
            offset,
        );
        let links = Links {
            next: has_next,
            alternative: has_alt,
        };
        Ok((node, links))
    }
}

fn point(v: u8) -> Option<Square> {
    if v >= 90 {
        return None;
    }
    Some(Square::from_coords(File::new(v / 10)?, Rank::new(v % 10)?))
}

/// The move of record `n` (of ply `ply`) if it is legal in `pos`.
fn decode(n: &RawNode, ply: u32, pos: &Position) -> Result<Move, XqfError> {
    tree::decode(n, pos, point).map_err(|e| XqfError {
        offset: n.offset,
        ply: Some(ply),
        kind: match e {
            BadMove::Square(v) => XqfErrorKind::BadSquare(v),
            BadMove::Illegal(e) => XqfErrorKind::Move(e),
        },
    })
}

/// A Pascal string of the header: a length byte, then at most `max` bytes of GBK.
fn header_string(h: &[u8], at: usize, max: usize) -> String {
    let len = usize::from(h[at]).min(max);
    decode_gbk(&h[at + 1..at + 1 + len]).trim().to_string()
}

/// Header strings and their tags.
const TAGS: [(usize, usize, &str); 11] = [
    (0x50, 63, "Title"),
    (0xD0, 63, "Event"),
    (0x110, 15, "Date"),
    (0x120, 15, "Site"),
    (0x130, 15, "Red"),
    (0x140, 15, "Black"),
    (0x150, 63, "TimeControl"),
    (0x190, 15, "RedTime"),
    (0x1A0, 15, "BlackTime"),
    (0x1D0, 15, "Annotator"),
    (0x1E0, 15, "Author"),
];

/// Reads an XQF file.
pub fn read(data: &[u8]) -> Result<Game, XqfError> {
    if !detect(data) {
        return Err(XqfError {
            offset: 0,
            ply: None,
            kind: XqfErrorKind::NotXqf,
        });
    }
    let Some(h) = data.get(..HEADER) else {
        return Err(XqfError {
            offset: data.len(),
            ply: None,
            kind: XqfErrorKind::Truncated {
                reading: "the 1024-byte header",
                len: data.len(),
            },
        });
    };
    let keys = Keys::new(h);
    let mut points = [0u8; 32];
    for (i, &b) in h[16..48].iter().enumerate() {
        let v = b.wrapping_sub(keys.piece);
        if keys.version < 12 {
            points[i] = v;
        } else {
            points[(usize::from(keys.piece) + 1 + i) % 32] = v;
        }
    }
    let mut board = Board::empty();
    for (i, &v) in points.iter().enumerate() {
        if v >= 90 {
            continue;
        }
        let sq = point(v).ok_or(XqfError {
            offset: 16,
            ply: None,
            kind: XqfErrorKind::PiecePoint { piece: i, value: v },
        })?;
        let piece = Piece {
            color: if i < 16 { Color::Red } else { Color::Black },
            role: SIDE_ORDER[i % 16],
        };
        if board.set(sq, Some(piece)).is_some() {
            return Err(XqfError {
                offset: 16,
                ply: None,
                kind: XqfErrorKind::PieceTwice(sq),
            });
        }
    }
    let mut game = Game::default();
    for (at, max, tag) in TAGS {
        let v = header_string(h, at, max);
        if !v.is_empty() {
            game.tags.insert(tag, v);
        }
    }
    game.result = match h[0x33] {
        1 => GameResult::RedWins,
        2 => GameResult::BlackWins,
        3 => GameResult::Draw,
        _ => GameResult::Unknown,
    };
    game.tags.insert("Result", game.result.pgn());

    let mut reader = Reader {
        data,
        pos: HEADER,
        keys,
    };
    let tree = Tree::read(|ply| reader.node(ply))?;
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
    game.start = Position::from_setup(setup, Tolerance::COMPOSED).map_err(|e| XqfError {
        offset: 16,
        ply: None,
        kind: XqfErrorKind::Position(e),
    })?;
    let too_deep = |n: &RawNode, ply| XqfError {
        offset: n.offset,
        ply: Some(ply),
        kind: XqfErrorKind::TooDeep,
    };
    game.moves = tree.main_line(&game.start, &decode, &too_deep, &mut game.warnings)?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A version 1.0 file (no obfuscation) with the standard start, built by hand.
    fn v10(moves: &[(u8, u8, u8)], root_comment: &[u8]) -> Vec<u8> {
        let mut h = vec![0u8; HEADER];
        h[0] = b'X';
        h[1] = b'Q';
        h[2] = 10;
        let red = [0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83];
        for (i, v) in red.iter().enumerate() {
            h[16 + i] = *v;
            h[32 + i] = *v + 9 - 2 * (v % 10);
        }
        h[0x33] = 1;
        h[0x130] = 2;
        h[0x131..0x133].copy_from_slice(b"Hu");
        h.extend_from_slice(&[24, 32, if moves.is_empty() { 0 } else { 0xF0 }, 0]);
        h.extend_from_slice(&(root_comment.len() as i32).to_le_bytes());
        h.extend_from_slice(root_comment);
        for (k, &(f, t, flag)) in moves.iter().enumerate() {
            let next = if k + 1 < moves.len() { 0xF0 } else { 0 };
            h.extend_from_slice(&[f + 24, t + 32, next | flag, 0]);
            h.extend_from_slice(&0i32.to_le_bytes());
        }
        h
    }

    #[test]
    fn reads_version_1_0() {
        // h2e2 (72 → 42), h9g7 (79 → 67)
        let data = v10(&[(72, 42, 0), (79, 67, 0)], b"\xbf\xaa\xbe\xd6");
        let g = read(&data).unwrap();
        assert_eq!(g.tag("Red"), Some("Hu"));
        assert_eq!(g.result, GameResult::RedWins);
        assert_eq!(g.moves.comment.as_deref(), Some("开局"));
        let moves: Vec<String> = g.moves.moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["h2e2", "h9g7"]);
    }

    #[test]
    fn errors() {
        assert_eq!(read(b"PK").unwrap_err().kind, XqfErrorKind::NotXqf);
        let e = read(b"XQ\x0a").unwrap_err();
        assert_eq!(
            e.to_string(),
            "byte 3: the file ends (3 bytes) inside the 1024-byte header"
        );
        let mut data = v10(&[(72, 42, 0), (79, 67, 0)], b"");
        data.truncate(data.len() - 6);
        assert_eq!(
            read(&data).unwrap_err().to_string(),
            "byte 1040, move 1 (ply 2): the file ends (1042 bytes) inside a move record"
        );
        let data = v10(&[(72, 42, 0), (72, 42, 0)], b"");
        assert_eq!(
            read(&data).unwrap_err().to_string(),
            "byte 1040: move 1... h2e2 (black): no piece on h2"
        );
    }
}
