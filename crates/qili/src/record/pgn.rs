//! PGN for xiangqi: tags, a `[FEN]` start position, move text in Chinese,
//! WXF or ICCS, comments `{…}`, variations `(…)` and result tokens.
//!
//! Reading never panics and does not give up on a file at the first bad
//! game: [`read`] returns one result per game, so the games before and after
//! a damaged one are kept.
//!
//! ```
//! use qili::record::{pgn, GameResult, Notation};
//! let text = "[Event \"例\"]\n[Result \"1-0\"]\n\n1. 炮二平五 馬８進７ {屏風馬} 2. 馬二進三 (2. h0g2) *\n";
//! let games = pgn::read_str(text);
//! let game = games[0].as_ref().unwrap();
//! assert_eq!(game.tag("Event"), Some("例"));
//! assert_eq!(game.moves.nodes.len(), 3);
//! assert_eq!(game.moves.nodes[1].comment.as_deref(), Some("屏風馬"));
//! assert_eq!(game.moves.nodes[2].variations.len(), 1);
//! assert_eq!(game.result, GameResult::RedWins);
//! let iccs = pgn::write(game, Notation::Iccs);
//! assert!(iccs.contains("1. h2e2 h9g7 {屏風馬} 2. h0g2 (2. h0g2) 1-0"));
//! ```

use core::fmt;

use super::encoding::{decode_text, unix_newlines};
use super::game::{Game, GameResult, Line, MoveError, Node};
use super::MAX_NESTING;
use crate::fen::{self, ParsePositionError};
use crate::notation::{Notation, Reader};
use crate::{zh, Color, Position, Tolerance};

/// What went wrong in a PGN game, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnError {
    /// Which game of the file (1 for the first).
    pub game: usize,
    /// Line in the file (1-based).
    pub line: usize,
    /// Column in characters (1-based).
    pub column: usize,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

/// The kinds of [`PgnError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// A tag `[Name "value"]` with no closing `"` or `]` on its line.
    UnclosedTag,
    /// A `{` comment that is never closed.
    UnclosedComment,
    /// A `(` variation that is never closed.
    UnclosedVariation,
    /// A `)` with no variation open.
    UnmatchedParen,
    /// A `(` before any move of the line it would be an alternative to.
    VariationWithoutMove,
    /// Variations nested deeper than [`MAX_NESTING`].
    TooDeep,
    /// A character that has no place in move text.
    Unexpected(char),
    /// The `[FEN]` tag is unreadable or illegal.
    Fen(ParsePositionError),
    /// A move that cannot be read or is illegal.
    Move(MoveError),
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::UnclosedTag => f.write_str("tag not closed on its line"),
            PgnErrorKind::UnclosedComment => f.write_str("comment '{' is never closed"),
            PgnErrorKind::UnclosedVariation => f.write_str("variation '(' is never closed"),
            PgnErrorKind::UnmatchedParen => f.write_str("')' without an open variation"),
            PgnErrorKind::VariationWithoutMove => {
                f.write_str("variation '(' before any move it could replace")
            }
            PgnErrorKind::TooDeep => {
                write!(f, "variations nested more than {MAX_NESTING} deep")
            }
            PgnErrorKind::Unexpected(c) => write!(f, "unexpected '{c}' in move text"),
            PgnErrorKind::Fen(e) => write!(f, "bad FEN tag: {e}"),
            PgnErrorKind::Move(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {} (game {}): {}",
            self.line, self.column, self.game, self.kind
        )
    }
}

impl core::error::Error for PgnError {}

/// Reads every game of a PGN file in any supported encoding (see
/// [`crate::record::decode_text`]).
pub fn read(bytes: &[u8]) -> Vec<Result<Game, PgnError>> {
    read_str(&decode_text(bytes).0)
}

/// Reads every game of a PGN text.
pub fn read_str(text: &str) -> Vec<Result<Game, PgnError>> {
    let lines = LineIndex::new(text);
    split_games(text)
        .into_iter()
        .enumerate()
        .map(|(i, (start, end))| {
            let mut p = Parser {
                text,
                pos: start,
                end,
                game: i + 1,
                lines: &lines,
            };
            p.game()
        })
        .collect()
}

/// Byte offsets of line starts, to turn offsets into line and column.
struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    fn locate(&self, text: &str, offset: usize) -> (usize, usize) {
        let line = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let start = self.starts.get(line).copied().unwrap_or(0);
        let column = text.get(start..offset).map_or(0, |s| s.chars().count());
        (line + 1, column + 1)
    }
}

fn is_tag_line(trimmed: &str) -> bool {
    trimmed.starts_with('[') && trimmed.trim_end().ends_with(']')
}

/// Splits a file into games: a game starts at a tag line that follows
/// something other than a tag line (move text, a blank line after move text)
/// outside a comment. A tag line right after a blank line starts a game even
/// inside a `{` comment, so that one unclosed comment does not swallow the
/// rest of the file.
fn split_games(text: &str) -> Vec<(usize, usize)> {
    let mut games = Vec::new();
    let mut start = 0;
    let mut content = false; // the current game has something that is not a tag line
    let mut in_comment = false;
    let mut prev_blank = true;
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let line_start = offset;
        offset += raw.len();
        let trimmed = raw.trim_start_matches(['\u{FEFF}', ' ', '\t', '\r', '\u{3000}']);
        let blank = trimmed.trim().is_empty();
        let tag = is_tag_line(trimmed) && (!in_comment || prev_blank);
        if tag {
            if content {
                games.push((start, line_start));
                start = line_start;
                content = false;
            }
            in_comment = false;
        } else if !blank {
            content = true;
            for c in trimmed.chars() {
                match (in_comment, c) {
                    (false, '{') => in_comment = true,
                    (false, ';') => break,
                    (true, '}') => in_comment = false,
                    _ => {}
                }
            }
        }
        prev_blank = blank;
    }
    if text[start..]
        .chars()
        .any(|c| !c.is_whitespace() && c != '\u{FEFF}')
    {
        games.push((start, text.len()));
    }
    games
}

/// One open line while move text is read: the line so far, the position
/// after its last move and the position before it.
struct Frame {
    line: Line,
    pos: Position,
    before_last: Option<Position>,
    opened_at: usize,
    /// Above 0 after an illegal move: the rest of this variation is skipped,
    /// counting the parentheses opened inside it.
    skipping: usize,
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    end: usize,
    game: usize,
    lines: &'a LineIndex,
}

fn is_word_end(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$')
}

impl<'a> Parser<'a> {
    fn err(&self, at: usize, kind: PgnErrorKind) -> PgnError {
        let (line, column) = self.lines.locate(self.text, at);
        PgnError {
            game: self.game,
            line,
            column,
            kind,
        }
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.pos..self.end).unwrap_or("")
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.text.as_bytes().get(self.pos - 1) == Some(&b'\n')
    }

    fn skip_to_eol(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// Skips white space, byte-order marks and `%` escape lines.
    fn skip_ws(&mut self) {
        loop {
            match self.peek() {
                Some('%') if self.at_line_start() => self.skip_to_eol(),
                Some(c) if c.is_whitespace() || c == '\u{FEFF}' => {
                    self.bump();
                }
                _ => return,
            }
        }
    }

    fn game(&mut self) -> Result<Game, PgnError> {
        let mut game = Game::default();
        let mut fen_at = None;
        let mut fen_text = String::new();
        loop {
            self.skip_ws();
            if self.peek() != Some('[') {
                break;
            }
            let at = self.pos;
            let (name, value) = self.tag()?;
            if name.eq_ignore_ascii_case("FEN") {
                fen_at = Some(at);
                fen_text = value;
            } else if !name.is_empty() {
                game.tags.insert(name, value);
            }
        }
        if let Some(at) = fen_at {
            if !fen_text.trim().is_empty() {
                game.start = fen::position(&fen_text, Tolerance::COMPOSED)
                    .map_err(|e| self.err(at, PgnErrorKind::Fen(e)))?;
            }
        }
        let tag_result = game.tags.get("Result").and_then(GameResult::parse);
        let (moves, text_result) = self.movetext(game.start.clone(), &mut game.warnings)?;
        game.moves = moves;
        game.result = match (text_result, tag_result) {
            (Some(r), _) if r != GameResult::Unknown => r,
            (_, Some(r)) => r,
            (r, None) => r.unwrap_or_default(),
        };
        Ok(game)
    }

    /// Reads `[Name "value"]`; the cursor is on `[`. A `"` inside the value
    /// that is not followed by `]` is kept as part of the value.
    fn tag(&mut self) -> Result<(String, String), PgnError> {
        let at = self.pos;
        let unclosed = |p: &Self| p.err(at, PgnErrorKind::UnclosedTag);
        self.bump();
        let skip_spaces = |p: &mut Self| {
            while p.peek().is_some_and(|c| c != '\n' && c.is_whitespace()) {
                p.bump();
            }
        };
        skip_spaces(self);
        let mut name = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == '"' || c == ']' {
                break;
            }
            name.push(c);
            self.bump();
        }
        skip_spaces(self);
        let mut value = String::new();
        if self.peek() == Some('"') {
            self.bump();
            loop {
                match self.bump() {
                    None | Some('\n') => return Err(unclosed(self)),
                    Some('\\') => match self.peek() {
                        Some(e @ ('"' | '\\')) => {
                            value.push(e);
                            self.bump();
                        }
                        _ => value.push('\\'),
                    },
                    Some('"') => {
                        let save = self.pos;
                        skip_spaces(self);
                        if self.peek() == Some(']') {
                            break;
                        }
                        self.pos = save;
                        value.push('"');
                    }
                    Some(c) => value.push(c),
                }
            }
        } else {
            while let Some(c) = self.peek() {
                if c == ']' || c == '\n' {
                    break;
                }
                value.push(c);
                self.bump();
            }
            value = value.trim_end().to_string();
        }
        if self.bump() != Some(']') {
            return Err(unclosed(self));
        }
        Ok((name, value))
    }

    /// Reads move text up to the end of the game; returns the main line and
    /// the result token, if any.
    ///
    /// An illegal move in a variation cuts the variation there (the rest of
    /// it is skipped, with a warning); in the main line it is an error.
    fn movetext(
        &mut self,
        start: Position,
        warnings: &mut Vec<String>,
    ) -> Result<(Line, Option<GameResult>), PgnError> {
        let mut stack: Vec<Frame> = Vec::new();
        let mut cur = Frame {
            line: Line::new(),
            pos: start,
            before_last: None,
            opened_at: self.pos,
            skipping: 0,
        };
        let mut result = None;
        loop {
            self.skip_ws();
            let at = self.pos;
            let Some(c) = self.peek() else { break };
            match c {
                '{' => {
                    self.bump();
                    let Some(close) = self.rest().find('}') else {
                        return Err(self.err(at, PgnErrorKind::UnclosedComment));
                    };
                    let body = self.rest()[..close].trim().to_string();
                    self.pos += close + 1;
                    if cur.skipping == 0 {
                        add_comment(&mut cur.line, body);
                    }
                }
                ';' => {
                    self.bump();
                    let line_end = self.rest().find('\n').unwrap_or(self.rest().len());
                    let body = self.rest()[..line_end].trim().to_string();
                    self.pos += line_end;
                    if cur.skipping == 0 {
                        add_comment(&mut cur.line, body);
                    }
                }
                '(' if cur.skipping > 0 => {
                    self.bump();
                    cur.skipping += 1;
                }
                ')' if cur.skipping > 1 => {
                    self.bump();
                    cur.skipping -= 1;
                }
                '(' => {
                    self.bump();
                    let Some(before) = cur.before_last.clone() else {
                        return Err(self.err(at, PgnErrorKind::VariationWithoutMove));
                    };
                    if stack.len() >= MAX_NESTING {
                        return Err(self.err(at, PgnErrorKind::TooDeep));
                    }
                    let child = Frame {
                        line: Line::new(),
                        pos: before,
                        before_last: None,
                        opened_at: at,
                        skipping: 0,
                    };
                    stack.push(core::mem::replace(&mut cur, child));
                }
                ')' => {
                    self.bump();
                    let Some(mut parent) = stack.pop() else {
                        return Err(self.err(at, PgnErrorKind::UnmatchedParen));
                    };
                    let done = core::mem::replace(&mut cur.line, Line::new());
                    if let (Some(node), false) =
                        (parent.line.nodes.last_mut(), done.nodes.is_empty())
                    {
                        node.variations.push(done);
                    }
                    cur = parent;
                }
                '$' => {
                    self.bump();
                    let digits: String = self
                        .rest()
                        .chars()
                        .take_while(char::is_ascii_digit)
                        .collect();
                    self.pos += digits.len();
                    if cur.skipping > 0 {
                        continue;
                    }
                    if let (Ok(n), Some(node)) = (digits.parse::<u8>(), cur.line.nodes.last_mut()) {
                        node.nags.push(n);
                    }
                }
                '}' | ']' | '[' => return Err(self.err(at, PgnErrorKind::Unexpected(c))),
                _ => {
                    let len = self.rest().find(is_word_end).unwrap_or(self.rest().len());
                    let word = &self.rest()[..len];
                    self.pos += len;
                    if let Some(r) = result_token(word) {
                        if stack.is_empty() {
                            result = Some(r);
                            break;
                        }
                        continue;
                    }
                    let word = strip_move_number(word);
                    if word.is_empty() || cur.skipping > 0 {
                        continue;
                    }
                    let (word, nag) = strip_suffix_annotation(word);
                    if word.is_empty() {
                        continue;
                    }
                    let m = match Reader::Auto.read(&cur.pos, word) {
                        Ok(m) => m,
                        Err(reason) => {
                            let e = self.err(
                                at,
                                PgnErrorKind::Move(MoveError::new(&cur.pos, word, reason)),
                            );
                            if stack.is_empty() {
                                return Err(e);
                            }
                            warnings.push(format!("{e}; the variation is cut there"));
                            cur.skipping = 1;
                            continue;
                        }
                    };
                    let mut node = Node::new(m);
                    node.nags.extend(nag);
                    let next = cur.pos.after(m);
                    cur.before_last = Some(core::mem::replace(&mut cur.pos, next));
                    cur.line.nodes.push(node);
                }
            }
        }
        if let Some(open) = stack.last().map(|_| cur.opened_at) {
            return Err(self.err(open, PgnErrorKind::UnclosedVariation));
        }
        Ok((cur.line, result))
    }
}

fn add_comment(line: &mut Line, body: String) {
    let body = unix_newlines(&body);
    if body.is_empty() {
        return;
    }
    let slot = match line.nodes.last_mut() {
        Some(node) => &mut node.comment,
        None => &mut line.comment,
    };
    match slot {
        Some(c) => {
            c.push('\n');
            c.push_str(&body);
        }
        None => *slot = Some(body),
    }
}

fn result_token(word: &str) -> Option<GameResult> {
    Some(match word {
        "1-0" => GameResult::RedWins,
        "0-1" => GameResult::BlackWins,
        "1/2-1/2" | "½-½" => GameResult::Draw,
        "*" => GameResult::Unknown,
        _ => return None,
    })
}

/// Removes a leading move number (`12.`, `12...`, `12…`, `１２．`).
fn strip_move_number(word: &str) -> &str {
    let is_digit = |c: char| c.is_ascii_digit() || ('０'..='９').contains(&c);
    let rest = word.trim_start_matches(is_digit);
    if rest.len() == word.len() {
        return word;
    }
    let after = rest.trim_start_matches(['.', '．', '…', '。', '、']);
    if after.len() == rest.len() && !rest.is_empty() {
        // digits glued to something that is not a dot: not a move number
        return word;
    }
    after
}

/// Removes `!`, `?`, `!!`, `??`, `!?`, `?!` from the end of a move, as a NAG.
fn strip_suffix_annotation(word: &str) -> (&str, Option<u8>) {
    for (suffix, nag) in [
        ("!!", 3),
        ("??", 4),
        ("!?", 5),
        ("?!", 6),
        ("!", 1),
        ("?", 2),
    ] {
        if let Some(w) = word.strip_suffix(suffix) {
            return (w, Some(nag));
        }
    }
    (word, None)
}

fn escape_tag(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// A comment as PGN can hold it: `}` cannot appear inside `{…}`, so it is
/// written as the full-width `｝`.
fn comment_token(c: &str) -> String {
    format!("{{{}}}", c.replace('}', "｝"))
}

fn write_line(line: &Line, mut pos: Position, notation: Notation, out: &mut Vec<String>) {
    if let Some(c) = &line.comment {
        out.push(comment_token(c));
    }
    let mut need_number = true;
    for node in &line.nodes {
        let n = pos.fullmoves();
        let text = notation.write(&pos, node.mv);
        // The number stays on the line of its move.
        out.push(match pos.turn() {
            Color::Red => format!("{n}. {text}"),
            Color::Black if need_number => format!("{n}... {text}"),
            Color::Black => text,
        });
        need_number = false;
        for nag in &node.nags {
            out.push(format!("${nag}"));
        }
        if let Some(c) = &node.comment {
            out.push(comment_token(c));
            need_number = true;
        }
        for v in &node.variations {
            out.push("(".to_string());
            write_line(v, pos.clone(), notation, out);
            out.push(")".to_string());
            need_number = true;
        }
        pos.play_unchecked(node.mv);
    }
}

/// Writes a game as PGN with moves in `notation`. The `Game`, `Result` and
/// (for other start positions) `FEN` tags are written from the game's fields.
pub fn write(game: &Game, notation: Notation) -> String {
    let mut out = String::new();
    if game.tags.get("Game").is_none() {
        out.push_str("[Game \"Chinese Chess\"]\n");
    }
    let mut wrote_result = false;
    for (k, v) in game.tags.iter() {
        if k.eq_ignore_ascii_case("FEN") || k.is_empty() {
            continue;
        }
        let v = if k == "Result" {
            wrote_result = true;
            game.result.pgn()
        } else {
            v
        };
        let k: String = k
            .chars()
            .map(|c| {
                if c.is_whitespace() || c == '"' || c == ']' {
                    '_'
                } else {
                    c
                }
            })
            .collect();
        out.push_str(&format!("[{k} \"{}\"]\n", escape_tag(v)));
    }
    if !wrote_result {
        out.push_str(&format!("[Result \"{}\"]\n", game.result.pgn()));
    }
    let start = fen::write(&game.start);
    if start != fen::START {
        out.push_str(&format!("[FEN \"{start}\"]\n"));
    }
    out.push('\n');
    let mut tokens = Vec::new();
    write_line(&game.moves, game.start.clone(), notation, &mut tokens);
    tokens.push(game.result.pgn().to_string());
    let mut col = 0;
    let mut prev_open = true;
    for t in tokens {
        let w = zh::columns(&t);
        let glue = prev_open || t == ")";
        if !glue {
            if col + 1 + w > 80 {
                out.push('\n');
                col = 0;
            } else {
                out.push(' ');
                col += 1;
            }
        }
        prev_open = t == "(";
        out.push_str(&t);
        col = match t.rfind('\n') {
            Some(i) => zh::columns(&t[i + 1..]),
            None => col + w,
        };
    }
    out.push('\n');
    out
}

/// Writes several games, separated by blank lines.
pub fn write_all<'a>(games: impl IntoIterator<Item = &'a Game>, notation: Notation) -> String {
    let mut out = String::new();
    for (i, g) in games.into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&write(g, notation));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_games() {
        let text = "[Event \"a\"]\n[Site \"b\"]\n\n1. h2e2 *\n\n[Event \"c\"]\n1. h2e2 h9g7 1-0\n";
        let games = read_str(text);
        assert_eq!(games.len(), 2);
        let g = games[1].as_ref().unwrap();
        assert_eq!(g.tag("Event"), Some("c"));
        assert_eq!(g.moves.nodes.len(), 2);
        assert_eq!(g.result, GameResult::RedWins);
    }

    #[test]
    fn bad_game_does_not_lose_others() {
        let text = "[Event \"a\"]\n1. h2e2 h2e2 *\n[Event \"b\"]\n1. {unclosed h2e2\n\n[Event \"c\"]\n1. b2e2 *\n";
        let games = read_str(text);
        assert_eq!(games.len(), 3);
        let e = games[0].as_ref().unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(e.column, 9);
        assert_eq!(
            e.to_string(),
            "line 2, column 9 (game 1): move 1... h2e2 (black): not a legal move here"
        );
        assert_eq!(
            games[1].as_ref().unwrap_err().kind,
            PgnErrorKind::UnclosedComment
        );
        assert!(games[2].is_ok());
    }

    #[test]
    fn variations_and_comments() {
        let text =
            "{before} 1. h2e2 {c1} (1. b2e2 {alt} h9g7 (1... b9c7)) 1... h9g7 $1 2. h0g2!? *";
        let g = read_str(text).pop().unwrap().unwrap();
        assert_eq!(g.moves.comment.as_deref(), Some("before"));
        let n0 = &g.moves.nodes[0];
        assert_eq!(n0.comment.as_deref(), Some("c1"));
        assert_eq!(n0.variations[0].nodes.len(), 2);
        assert_eq!(n0.variations[0].nodes[1].variations.len(), 1);
        assert_eq!(g.moves.nodes[1].nags, vec![1]);
        assert_eq!(g.moves.nodes[2].nags, vec![5]);
        let again = read_str(&write(&g, Notation::Iccs)).pop().unwrap().unwrap();
        assert_eq!(again.moves, g.moves);
    }

    #[test]
    fn illegal_variation_is_cut() {
        let text = "1. h2e2 (1. b2e2 b2b9 (1... c6c5) {x} 2. a0a1) h9g7 *";
        let g = read_str(text).pop().unwrap().unwrap();
        assert_eq!(g.moves.nodes.len(), 2);
        assert_eq!(g.moves.nodes[0].variations[0].nodes.len(), 1);
        assert_eq!(g.warnings.len(), 1);
        assert!(g.warnings[0].contains("b2b9"), "{:?}", g.warnings);
    }

    #[test]
    fn structural_errors() {
        for (text, kind) in [
            ("(1. h2e2)", PgnErrorKind::VariationWithoutMove),
            ("1. h2e2 )", PgnErrorKind::UnmatchedParen),
            ("1. h2e2 (1. b2e2", PgnErrorKind::UnclosedVariation),
            ("1. h2e2 }", PgnErrorKind::Unexpected('}')),
        ] {
            assert_eq!(read_str(text)[0].as_ref().unwrap_err().kind, kind, "{text}");
        }
        let deep = format!("1. h2e2 {}", "(1. b2e2 ".repeat(MAX_NESTING + 1));
        assert_eq!(
            read_str(&deep)[0].as_ref().unwrap_err().kind,
            PgnErrorKind::TooDeep
        );
    }

    #[test]
    fn fen_tag_and_black_to_move() {
        let text = "[FEN \"4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 12\"]\n12... e9f9 13. e1f2 *";
        let g = read_str(text).pop().unwrap().unwrap();
        assert_eq!(g.moves.nodes.len(), 2);
        let out = write(&g, Notation::Iccs);
        assert!(
            out.contains("[FEN \"4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 12\"]"),
            "{out}"
        );
        assert!(out.contains("12... e9f9 13. e1f2 *"), "{out}");
        let bad = read_str("[FEN \"4k4/9/9 w\"]\n*");
        assert!(matches!(
            bad[0].as_ref().unwrap_err().kind,
            PgnErrorKind::Fen(_)
        ));
    }

    #[test]
    fn tag_escapes() {
        let text = "[Event \"a \\\"b\\\" c\"]\n*";
        let g = read_str(text).pop().unwrap().unwrap();
        assert_eq!(g.tag("Event"), Some("a \"b\" c"));
        assert!(write(&g, Notation::Iccs).contains("[Event \"a \\\"b\\\" c\"]"));
    }
}
