//! DhtmlXQ (also called UBB): the `[DhtmlXQ]…[/DhtmlXQ]` blocks that web
//! pages and forums embed to show a game with the DhtmlXQ viewer.
//!
//! A block holds tags such as `[DhtmlXQ_title]…[/DhtmlXQ_title]` and:
//!
//! - `[DhtmlXQ_binit]`: the start position as 64 digits, two per piece in the
//!   order 车马相仕帅仕相马车炮炮兵兵兵兵兵 for red, then the same for black;
//!   each pair is the file (0–8 from red's left) and the row (0–9 from the
//!   top, black's side); `99` is a piece that is not on the board. Missing
//!   means the standard start.
//! - `[DhtmlXQ_movelist]`: the main line, four digits per move (file and row
//!   of the origin, then of the destination, counted as in `binit`).
//! - `[DhtmlXQ_move_P_S_B]`: variation `B`, an alternative in line `P` (0 is
//!   the main line) to its move number `S` (plies counted from the start, 1
//!   for the first move); its moves are written as in `movelist`.
//! - `[DhtmlXQ_commentN]` (main line) and `[DhtmlXQ_commentB_N]` (variation
//!   `B`): the comment after ply `N`; `comment0` comes before the first move.
//!   `||` in a comment is a line break.
//!
//! The format has no side to move: it is the side of the piece that makes
//! the first move (red if there is none).
//!
//! ```
//! use qili::record::dhtmlxq;
//! let page = "<div>[DhtmlXQ][DhtmlXQ_red]许银川[/DhtmlXQ_red]\
//!             [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]</div>";
//! let game = dhtmlxq::read_str(page).pop().unwrap().unwrap();
//! assert_eq!(game.tag("Red"), Some("许银川"));
//! assert_eq!(game.moves.moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7"]);
//! let text = dhtmlxq::write(&game).unwrap();
//! assert!(text.contains("[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]"));
//! ```

use core::fmt;
use std::collections::BTreeMap;

use super::encoding::{decode_text, unix_newlines};
use super::game::{Game, GameResult, Line, MoveError, Node};
use super::{MAX_NESTING, SIDE_ORDER};
use crate::{
    Board, Color, File, Move, Piece, Position, PositionError, Rank, Setup, Square, Tolerance,
};

/// What went wrong in a DhtmlXQ block, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DhtmlXqError {
    /// Which block of the text (1 for the first).
    pub game: usize,
    /// Line in the text (1-based) of the field that is wrong.
    pub line: usize,
    /// Column in characters (1-based).
    pub column: usize,
    /// What is wrong.
    pub kind: DhtmlXqErrorKind,
}

/// The kinds of [`DhtmlXqError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DhtmlXqErrorKind {
    /// `binit` is not 64 digits.
    BinitLength(usize),
    /// A `binit` pair that is not a point of the board nor `99`.
    BinitPoint {
        /// Which piece (0–31, red 车马相仕帅仕相马车炮炮兵兵兵兵兵 then black).
        piece: usize,
        /// The two digits.
        digits: String,
    },
    /// Two pieces of `binit` on one point.
    BinitTwice(Square),
    /// The `binit` position is illegal.
    Position(PositionError),
    /// A move list with something other than digits, or not four per move.
    MoveList(String),
    /// A move that is illegal.
    Move(MoveError),
    /// Variations nested deeper than [`MAX_NESTING`].
    TooDeep,
}

impl fmt::Display for DhtmlXqErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DhtmlXqErrorKind::BinitLength(n) => {
                write!(f, "binit has {n} characters, expected 64 digits")
            }
            DhtmlXqErrorKind::BinitPoint { piece, digits } => write!(
                f,
                "binit piece {piece} is on '{digits}', which is no point of the board"
            ),
            DhtmlXqErrorKind::BinitTwice(sq) => write!(f, "binit puts two pieces on {sq}"),
            DhtmlXqErrorKind::Position(e) => write!(f, "binit: {e}"),
            DhtmlXqErrorKind::MoveList(s) => write!(f, "bad move list: {s}"),
            DhtmlXqErrorKind::Move(e) => e.fmt(f),
            DhtmlXqErrorKind::TooDeep => {
                write!(f, "variations nested more than {MAX_NESTING} deep")
            }
        }
    }
}

impl fmt::Display for DhtmlXqError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {} (DhtmlXQ block {}): {}",
            self.line, self.column, self.game, self.kind
        )
    }
}

impl core::error::Error for DhtmlXqError {}

/// A game that DhtmlXQ cannot express.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DhtmlXqWriteError {
    /// More pieces of a kind than `binit` has places for.
    TooManyPieces(Piece),
}

impl fmt::Display for DhtmlXqWriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DhtmlXqWriteError::TooManyPieces(p) => write!(
                f,
                "DhtmlXQ binit has no place for another '{}' ({} at most)",
                p.char(),
                p.role.initial_count()
            ),
        }
    }
}

impl core::error::Error for DhtmlXqWriteError {}

/// `true` if the text holds a DhtmlXQ block.
pub fn detect(text: &str) -> bool {
    text.contains("[DhtmlXQ")
}

/// Reads every DhtmlXQ block of a text or HTML page, in any supported
/// encoding.
pub fn read(bytes: &[u8]) -> Vec<Result<Game, DhtmlXqError>> {
    read_str(&decode_text(bytes).0)
}

/// The point with DhtmlXQ file `x` and row `y` (from the top).
fn point(x: u8, y: u8) -> Option<Square> {
    Some(Square::from_coords(
        File::new(x)?,
        Rank::new(9u8.checked_sub(y)?)?,
    ))
}

fn digits_of(sq: Square) -> [u8; 2] {
    [b'0' + sq.file().index(), b'0' + (9 - sq.rank().index())]
}

/// One `[DhtmlXQ_name]value` field: name without the prefix, value, and the
/// byte offset of the value.
struct Field<'a> {
    name: &'a str,
    value: &'a str,
    at: usize,
}

const BLOCK_OPEN: [&str; 2] = ["[DhtmlXQ]", "[DhtmlXQiFrame]"];

/// Byte ranges of the blocks.
fn blocks(text: &str) -> Vec<(usize, usize)> {
    let mut starts: Vec<usize> = BLOCK_OPEN
        .iter()
        .flat_map(|o| text.match_indices(o).map(|(i, _)| i))
        .collect();
    starts.sort_unstable();
    if starts.is_empty() && text.contains("[DhtmlXQ_") {
        // Fields without the enclosing tag: one block.
        return vec![(0, text.len())];
    }
    let mut out = Vec::new();
    for (k, &s) in starts.iter().enumerate() {
        let next = starts.get(k + 1).copied().unwrap_or(text.len());
        let body = &text[s..next];
        let end = ["[/DhtmlXQ]", "[/DhtmlXQiFrame]"]
            .iter()
            .filter_map(|c| body.find(c))
            .min()
            .map_or(next, |e| s + e);
        out.push((s, end));
    }
    out
}

fn fields(text: &str, start: usize, end: usize) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let body = &text[start..end];
    let mut i = 0;
    while let Some(k) = body[i..].find("[DhtmlXQ_") {
        let name_start = i + k + "[DhtmlXQ_".len();
        let Some(close) = body[name_start..].find(']') else {
            break;
        };
        let name = &body[name_start..name_start + close];
        let value_start = name_start + close + 1;
        let value_end = body[value_start..]
            .find("[/DhtmlXQ")
            .map_or(body.len(), |e| value_start + e);
        out.push(Field {
            name,
            value: &body[value_start..value_end],
            at: start + value_start,
        });
        i = value_end;
    }
    out
}

/// Tags of DhtmlXQ and their PGN names.
const TAG_NAMES: [(&str, &str); 17] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("table", "Table"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("redrating", "RedElo"),
    ("redtime", "RedTime"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("blackrating", "BlackElo"),
    ("blacktime", "BlackTime"),
    ("open", "Opening"),
    ("remark", "Annotator"),
    ("author", "Author"),
];

fn decode_comment(s: &str) -> String {
    unix_newlines(&s.replace("||", "\n")).trim().to_string()
}

fn encode_text(s: &str) -> String {
    s.replace("\r\n", "||")
        .replace('\n', "||")
        .replace("[DhtmlXQ", "［DhtmlXQ")
        .replace("[/DhtmlXQ", "［/DhtmlXQ")
}

/// Reads every DhtmlXQ block of a text or HTML page.
pub fn read_str(text: &str) -> Vec<Result<Game, DhtmlXqError>> {
    let line_starts: Vec<usize> = core::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    blocks(text)
        .into_iter()
        .enumerate()
        .map(|(i, (s, e))| {
            let fields = fields(text, s, e);
            read_block(&fields).map_err(|(at, kind)| {
                let line = match line_starts.binary_search(&at) {
                    Ok(l) => l,
                    Err(l) => l.saturating_sub(1),
                };
                let ls = line_starts.get(line).copied().unwrap_or(0);
                let column = text.get(ls..at).map_or(0, |t| t.chars().count()) + 1;
                DhtmlXqError {
                    game: i + 1,
                    line: line + 1,
                    column,
                    kind,
                }
            })
        })
        .collect()
}

type BlockError = (usize, DhtmlXqErrorKind);

struct Branch {
    moves: Vec<[u8; 4]>,
    at: usize,
}

struct Builder {
    branches: BTreeMap<u32, Branch>,
    /// (parent branch, step) → child branches, in branch order.
    children: BTreeMap<(u32, u32), Vec<u32>>,
    comments: BTreeMap<(u32, u32), String>,
}

fn parse_moves(value: &str, at: usize) -> Result<Vec<[u8; 4]>, BlockError> {
    let digits: Vec<u8> = value.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if let Some(bad) = digits.iter().find(|b| !b.is_ascii_digit()) {
        return Err((
            at,
            DhtmlXqErrorKind::MoveList(format!("'{}' is not a digit", *bad as char)),
        ));
    }
    if digits.len() % 4 != 0 {
        return Err((
            at,
            DhtmlXqErrorKind::MoveList(format!("{} digits is not four per move", digits.len())),
        ));
    }
    Ok(digits
        .chunks_exact(4)
        .map(|c| [c[0] - b'0', c[1] - b'0', c[2] - b'0', c[3] - b'0'])
        .collect())
}

fn parse_binit(value: &str, at: usize) -> Result<Board, BlockError> {
    let v: Vec<u8> = value.trim().bytes().collect();
    if v.len() != 64 || !v.iter().all(u8::is_ascii_digit) {
        return Err((
            at,
            DhtmlXqErrorKind::BinitLength(value.trim().chars().count()),
        ));
    }
    let mut board = Board::empty();
    for (i, pair) in v.chunks_exact(2).enumerate() {
        let (x, y) = (pair[0] - b'0', pair[1] - b'0');
        if x == 9 && y == 9 {
            continue;
        }
        let Some(sq) = point(x, y) else {
            return Err((
                at,
                DhtmlXqErrorKind::BinitPoint {
                    piece: i,
                    digits: format!("{x}{y}"),
                },
            ));
        };
        let color = if i < 16 { Color::Red } else { Color::Black };
        let piece = Piece {
            color,
            role: SIDE_ORDER[i % 16],
        };
        if board.set(sq, Some(piece)).is_some() {
            return Err((at, DhtmlXqErrorKind::BinitTwice(sq)));
        }
    }
    Ok(board)
}

fn to_move(d: [u8; 4]) -> Option<Move> {
    Some(Move::new(point(d[0], d[1])?, point(d[2], d[3])?))
}

fn move_text(d: [u8; 4]) -> String {
    match to_move(d) {
        Some(m) => m.to_string(),
        None => format!("{}{}{}{}", d[0], d[1], d[2], d[3]),
    }
}

impl Builder {
    /// Builds line `branch`, whose first move is ply `first` (1-based), from `pos`.
    fn line(
        &self,
        branch: u32,
        first: u32,
        mut pos: Position,
        depth: usize,
        warnings: &mut Vec<String>,
    ) -> Result<Line, BlockError> {
        let Some(b) = self.branches.get(&branch) else {
            return Ok(Line::new());
        };
        if depth > MAX_NESTING {
            return Err((b.at, DhtmlXqErrorKind::TooDeep));
        }
        let mut line = Line::new();
        line.comment = self.comments.get(&(branch, first - 1)).cloned();
        for (i, &d) in b.moves.iter().enumerate() {
            let ply = first + i as u32;
            let Some(m) = to_move(d).filter(|&m| pos.is_legal(m)) else {
                let e = MoveError::new(&pos, &move_text(d), "not a legal move here");
                if depth == 0 {
                    return Err((b.at + 4 * i, DhtmlXqErrorKind::Move(e)));
                }
                warnings.push(format!(
                    "variation {branch}: {e}; the variation is cut there"
                ));
                break;
            };
            let mut node = Node::new(m);
            node.comment = self.comments.get(&(branch, ply)).cloned();
            for &child in self.children.get(&(branch, ply)).into_iter().flatten() {
                if child != branch {
                    let v = self.line(child, ply, pos.clone(), depth + 1, warnings)?;
                    if !v.nodes.is_empty() {
                        node.variations.push(v);
                    }
                }
            }
            pos.play_unchecked(m);
            line.nodes.push(node);
        }
        Ok(line)
    }
}

fn read_block(fields: &[Field<'_>]) -> Result<Game, BlockError> {
    let mut game = Game::default();
    let mut board = None;
    let mut builder = Builder {
        branches: BTreeMap::new(),
        children: BTreeMap::new(),
        comments: BTreeMap::new(),
    };
    let mut start_at = 0;
    for f in fields {
        let name = f.name.to_ascii_lowercase();
        if name == "binit" {
            board = Some(parse_binit(f.value, f.at)?);
            start_at = f.at;
        } else if name == "movelist" {
            let moves = parse_moves(f.value, f.at)?;
            builder.branches.insert(0, Branch { moves, at: f.at });
        } else if let Some(rest) = name.strip_prefix("move_") {
            let nums: Vec<u32> = rest.split('_').filter_map(|n| n.parse().ok()).collect();
            if let [parent, step, id] = nums[..] {
                if id == 0 || step == 0 || builder.branches.contains_key(&id) {
                    continue;
                }
                let moves = parse_moves(f.value, f.at)?;
                builder.branches.insert(id, Branch { moves, at: f.at });
                builder.children.entry((parent, step)).or_default().push(id);
            }
        } else if let Some(rest) = name.strip_prefix("comment") {
            let nums: Vec<u32> = rest.split('_').filter_map(|n| n.parse().ok()).collect();
            let key = match nums[..] {
                [ply] => (0, ply),
                [branch, ply] => (branch, ply),
                _ => continue,
            };
            let c = decode_comment(f.value);
            if !c.is_empty() {
                builder.comments.insert(key, c);
            }
        } else if name == "result" {
            let v = f.value.trim();
            if let Some(r) = GameResult::parse(v) {
                game.result = r;
            }
        } else if let Some((_, tag)) = TAG_NAMES.iter().find(|(n, _)| *n == name) {
            // Spaces are the value's (player names as the file has them, so
            // that a written tag reads back the same); line breaks are not.
            let v = f.value.trim_matches(['\r', '\n', '\t']);
            if !v.trim().is_empty() {
                game.tags.insert(*tag, v);
            }
        }
    }
    for kids in builder.children.values_mut() {
        kids.sort_unstable();
    }
    if let Some(board) = board {
        let first = builder
            .branches
            .get(&0)
            .and_then(|b| b.moves.first())
            .and_then(|&d| to_move(d))
            .and_then(|m| board.piece_at(m.from));
        let setup = Setup {
            board,
            turn: first.map_or(Color::Red, |p| p.color),
            halfmoves: 0,
            fullmoves: 1,
        };
        game.start = Position::from_setup(setup, Tolerance::COMPOSED)
            .map_err(|e| (start_at, DhtmlXqErrorKind::Position(e)))?;
    }
    if game.result != GameResult::Unknown {
        game.tags.insert("Result", game.result.pgn());
    }
    game.moves = builder.line(0, 1, game.start.clone(), 0, &mut game.warnings)?;
    Ok(game)
}

fn write_moves(line: &Line, out: &mut String) {
    for node in &line.nodes {
        for sq in [node.mv.from, node.mv.to] {
            for d in digits_of(sq) {
                out.push(d as char);
            }
        }
    }
}

struct Writer {
    out: String,
    comments: String,
    next_id: u32,
}

impl Writer {
    fn comment(&mut self, branch: u32, ply: u32, text: &Option<String>) {
        let Some(text) = text else { return };
        let key = if branch == 0 {
            format!("comment{ply}")
        } else {
            format!("comment{branch}_{ply}")
        };
        self.comments.push_str(&format!(
            "[DhtmlXQ_{key}]{}[/DhtmlXQ_{key}]\n",
            encode_text(text)
        ));
    }

    /// Writes the comments and the variations of `line`, number `branch`,
    /// whose first move is ply `first`.
    fn line(&mut self, line: &Line, branch: u32, first: u32) {
        self.comment(branch, first - 1, &line.comment);
        for (i, node) in line.nodes.iter().enumerate() {
            let ply = first + i as u32;
            self.comment(branch, ply, &node.comment);
            for v in &node.variations {
                let id = self.next_id;
                self.next_id += 1;
                let key = format!("move_{branch}_{ply}_{id}");
                let mut moves = String::new();
                write_moves(v, &mut moves);
                self.out
                    .push_str(&format!("[DhtmlXQ_{key}]{moves}[/DhtmlXQ_{key}]\n"));
                self.line(v, id, ply);
            }
        }
    }
}

/// Writes the 64-digit `binit` of a board.
fn binit(board: &Board) -> Result<String, DhtmlXqWriteError> {
    let mut slots: [Option<Square>; 32] = [None; 32];
    for (sq, piece) in board.pieces() {
        let base = if piece.color == Color::Red { 0 } else { 16 };
        let slot = (0..16)
            .find(|&i| SIDE_ORDER[i] == piece.role && slots[base + i].is_none())
            .ok_or(DhtmlXqWriteError::TooManyPieces(piece))?;
        slots[base + slot] = Some(sq);
    }
    let mut out = String::with_capacity(64);
    for s in slots {
        match s {
            Some(sq) => out.extend(digits_of(sq).map(char::from)),
            None => out.push_str("99"),
        }
    }
    Ok(out)
}

/// Writes a game as a DhtmlXQ block with its tags, start position (if it
/// is not the standard one), main line, variations and comments.
pub fn write(game: &Game) -> Result<String, DhtmlXqWriteError> {
    let mut out = String::from("[DhtmlXQ]\n");
    for (name, tag) in TAG_NAMES {
        if let Some(v) = game.tags.get(tag) {
            let v = encode_text(v);
            out.push_str(&format!("[DhtmlXQ_{name}]{v}[/DhtmlXQ_{name}]\n"));
        }
    }
    out.push_str(&format!(
        "[DhtmlXQ_result]{}[/DhtmlXQ_result]\n",
        game.result.chinese()
    ));
    if game.start.board() != &Board::start() {
        out.push_str(&format!(
            "[DhtmlXQ_binit]{}[/DhtmlXQ_binit]\n",
            binit(game.start.board())?
        ));
    }
    let mut moves = String::new();
    write_moves(&game.moves, &mut moves);
    out.push_str(&format!("[DhtmlXQ_movelist]{moves}[/DhtmlXQ_movelist]\n"));
    let mut w = Writer {
        out,
        comments: String::new(),
        next_id: 1,
    };
    w.line(&game.moves, 0, 1);
    let mut out = w.out;
    out.push_str(&w.comments);
    out.push_str("[/DhtmlXQ]\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binit_round_trip() {
        let start = "0919293949596979891777062646668600102030405060708012720323436383";
        let board = parse_binit(start, 0).unwrap();
        assert_eq!(board, Board::start());
        assert_eq!(binit(&board).unwrap(), start);
    }

    #[test]
    fn binit_errors() {
        assert_eq!(
            parse_binit("12", 0).unwrap_err().1,
            DhtmlXqErrorKind::BinitLength(2)
        );
        let twice = "0909293949596979891777062646668600102030405060708012720323436383";
        assert_eq!(
            parse_binit(twice, 0).unwrap_err().1,
            DhtmlXqErrorKind::BinitTwice("a0".parse().unwrap())
        );
    }

    #[test]
    fn variations_and_comments() {
        let text = "[DhtmlXQ][DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]\
            [DhtmlXQ_move_0_2_1]10227967[/DhtmlXQ_move_0_2_1]\
            [DhtmlXQ_comment0]开局[/DhtmlXQ_comment0]\
            [DhtmlXQ_comment2]屏风马||第二行[/DhtmlXQ_comment2]\
            [DhtmlXQ_comment1_3]好[/DhtmlXQ_comment1_3][/DhtmlXQ]";
        let g = read_str(text).pop().unwrap().unwrap();
        assert_eq!(g.moves.comment.as_deref(), Some("开局"));
        assert_eq!(g.moves.nodes[1].comment.as_deref(), Some("屏风马\n第二行"));
        let v = &g.moves.nodes[1].variations[0];
        assert_eq!(
            v.moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            ["b9c7", "h0g2"]
        );
        assert_eq!(v.nodes[1].comment.as_deref(), Some("好"));
        let again = read_str(&write(&g).unwrap()).pop().unwrap().unwrap();
        assert_eq!(again.moves, g.moves);
    }

    #[test]
    fn illegal_move_is_located() {
        let text = "[DhtmlXQ]\n[DhtmlXQ_movelist]77477747[/DhtmlXQ_movelist]\n[/DhtmlXQ]";
        let e = read_str(text).pop().unwrap().unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(e.column, 23);
        assert_eq!(
            e.to_string(),
            "line 2, column 23 (DhtmlXQ block 1): move 1... h2e2 (black): not a legal move here"
        );
    }
}
