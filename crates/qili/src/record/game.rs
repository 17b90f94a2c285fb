//! The game record data model: tags, start position, move tree, result.

use core::fmt;

use crate::{Color, Move, PlayError, Position};

/// Ordered key/value tags (`Event`, `Red`, `Black`, `Date`, …), as in a PGN
/// tag section. Keys are compared exactly; the order of insertion is kept.
///
/// ```
/// use qili::record::Tags;
/// let mut tags = Tags::new();
/// tags.insert("Red", "胡荣华");
/// tags.insert("Black", "杨官璘");
/// tags.insert("Red", "Hu Ronghua");
/// assert_eq!(tags.get("Red"), Some("Hu Ronghua"));
/// assert_eq!(tags.iter().map(|(k, _)| k).collect::<Vec<_>>(), ["Red", "Black"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tags(Vec<(String, String)>);

impl Tags {
    /// No tags.
    pub const fn new() -> Tags {
        Tags(Vec::new())
    }

    /// The value of `key`, if present.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets `key` to `value`: replaces the value in place if the key exists,
    /// appends it otherwise.
    pub fn insert(&mut self, key: impl Into<String>, value: impl Into<String>) {
        let key = key.into();
        let value = value.into();
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = value,
            None => self.0.push((key, value)),
        }
    }

    /// Removes `key`, handing back its value.
    pub fn remove(&mut self, key: &str) -> Option<String> {
        let i = self.0.iter().position(|(k, _)| k == key)?;
        Some(self.0.remove(i).1)
    }

    /// The tags in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Number of tags.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// `true` if there are no tags.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// How a game ended, as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameResult {
    /// 红胜, PGN `1-0`.
    RedWins,
    /// 黑胜, PGN `0-1`.
    BlackWins,
    /// 和棋, PGN `1/2-1/2`.
    Draw,
    /// Unknown or unfinished, PGN `*`.
    #[default]
    Unknown,
}

impl GameResult {
    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn pgn(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The Chinese word: 红胜, 黑胜, 和棋 or 未知.
    pub const fn chinese(self) -> &'static str {
        match self {
            GameResult::RedWins => "红胜",
            GameResult::BlackWins => "黑胜",
            GameResult::Draw => "和棋",
            GameResult::Unknown => "未知",
        }
    }

    /// Reads a result as PGN token or in words: `1-0`, `0-1`, `1/2-1/2`, `½-½`,
    /// `*`, 红胜/紅勝/红先胜, 黑胜/红负/红先负, 和/和棋/和局/红先和, and the
    /// letters `W`/`L`/`D` of some DhtmlXQ writers (from red's point of view).
    /// Anything else is `None`.
    ///
    /// ```
    /// use qili::record::GameResult;
    /// assert_eq!(GameResult::parse("紅勝"), Some(GameResult::RedWins));
    /// assert_eq!(GameResult::parse("1/2-1/2"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::parse("?"), None);
    /// ```
    pub fn parse(s: &str) -> Option<GameResult> {
        let s = s.trim();
        Some(match s {
            "1-0" | "1:0" | "W" | "w" => GameResult::RedWins,
            "0-1" | "0:1" | "L" | "l" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" | "0.5-0.5" | "D" | "d" => GameResult::Draw,
            "*" => GameResult::Unknown,
            _ => {
                let has = |words: &[&str]| words.iter().any(|w| s.contains(w));
                if has(&[
                    "红胜",
                    "紅勝",
                    "红先胜",
                    "紅先勝",
                    "黑负",
                    "黑負",
                    "红方胜",
                    "紅方勝",
                ]) {
                    GameResult::RedWins
                } else if has(&["黑胜", "黑勝", "红负", "紅負", "红先负", "紅先負", "黑方胜"])
                {
                    GameResult::BlackWins
                } else if has(&["和"]) {
                    GameResult::Draw
                } else if has(&["未知", "未完"]) {
                    GameResult::Unknown
                } else {
                    return None;
                }
            }
        })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}

/// One move of a record with what is attached to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The move, legal in the position it is played in.
    pub mv: Move,
    /// Comment after the move.
    pub comment: Option<String>,
    /// Numeric annotation glyphs (`$1` = good move, …; `!`, `?` are read as 1–6).
    pub nags: Vec<u8>,
    /// Alternatives to this move: each line starts in the position *before*
    /// this move, in the order the record gives them.
    pub variations: Vec<Line>,
}

impl Node {
    /// A node with no comment and no variations.
    pub const fn new(mv: Move) -> Node {
        Node {
            mv,
            comment: None,
            nags: Vec::new(),
            variations: Vec::new(),
        }
    }
}

/// A sequence of moves: the main line of a game or a variation.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Line {
    /// Comment before the first move of the line.
    pub comment: Option<String>,
    /// The moves, each with its comment and alternatives.
    pub nodes: Vec<Node>,
}

impl Line {
    /// An empty line.
    pub const fn new() -> Line {
        Line {
            comment: None,
            nodes: Vec::new(),
        }
    }

    /// The moves of this line, without variations.
    pub fn moves(&self) -> Vec<Move> {
        self.nodes.iter().map(|n| n.mv).collect()
    }
}

/// A game record: tags, start position, move tree and result.
///
/// The moves of a `Game` read by [`crate::record`] are legal: every move was
/// checked against the position it is played in.
///
/// ```
/// use qili::record::{Game, GameResult};
/// use qili::{iccs, Position};
/// let mut game = Game::new(Position::new());
/// for m in ["h2e2", "h9g7", "h0g2"] {
///     let pos = game.end_position().unwrap();
///     game.push(iccs::parse_move(&pos, m).unwrap()).unwrap();
/// }
/// game.result = GameResult::Draw;
/// let (start, moves) = game.main_line();
/// assert_eq!(start, Position::new());
/// assert_eq!(moves.len(), 3);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Tags in file order. The start position is in [`Game::start`], not in a
    /// `FEN` tag; writers add `FEN` and `Result` tags from the fields.
    pub tags: Tags,
    /// The position before the first move.
    pub start: Position,
    /// The main line and, attached to its moves, the variations.
    pub moves: Line,
    /// The recorded result.
    pub result: GameResult,
    /// What the reader left out, one message each: real files have
    /// variations with illegal moves, which are cut before the bad move.
    /// Empty for a clean record; writers ignore it.
    pub warnings: Vec<String>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Position::new())
    }
}

impl Game {
    /// A game with no moves and no tags from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            tags: Tags::new(),
            start,
            moves: Line::new(),
            result: GameResult::Unknown,
            warnings: Vec::new(),
        }
    }

    /// The start position and the moves of the main line: what a referee
    /// replays, and what the 棋例 engine judges.
    pub fn main_line(&self) -> (Position, Vec<Move>) {
        (self.start.clone(), self.moves.moves())
    }

    /// The start position followed by the position after each main-line move.
    ///
    /// Fails if a move is illegal (only possible if the game was built or
    /// changed by hand).
    pub fn positions(&self) -> Result<Vec<Position>, PlayError> {
        let mut out = Vec::with_capacity(self.moves.nodes.len() + 1);
        let mut pos = self.start.clone();
        for node in &self.moves.nodes {
            let next = pos.clone().play(node.mv)?;
            out.push(pos);
            pos = next;
        }
        out.push(pos);
        Ok(out)
    }

    /// The position at the end of the main line.
    pub fn end_position(&self) -> Result<Position, PlayError> {
        let mut pos = self.start.clone();
        for node in &self.moves.nodes {
            pos = pos.play(node.mv)?;
        }
        Ok(pos)
    }

    /// Appends a move to the main line after checking that it is legal.
    pub fn push(&mut self, mv: Move) -> Result<(), PlayError> {
        let pos = self.end_position()?;
        if !pos.is_legal(mv) {
            return Err(PlayError { mv });
        }
        self.moves.nodes.push(Node::new(mv));
        Ok(())
    }

    /// The value of a tag.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags.get(key)
    }
}

/// A move of a record that could not be read or is not legal where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveError {
    /// The move number (as in the record: 1 for the first move of a game
    /// from the opening position).
    pub number: u32,
    /// Whose move it is.
    pub color: Color,
    /// The move as written in the record (ICCS for binary formats).
    pub text: String,
    /// Why it was refused.
    pub reason: String,
}

impl MoveError {
    /// The error for `text` played in `pos`. Text longer than 24 characters
    /// (garbage read as a move) is shortened with `…`, in the reason too.
    pub(crate) fn new(pos: &Position, text: &str, reason: impl Into<String>) -> Self {
        let short: String = if text.chars().count() > 24 {
            text.chars().take(24).chain(['…']).collect()
        } else {
            text.to_string()
        };
        let mut reason = reason.into();
        if short.len() != text.len() {
            reason = reason.replace(text, &short);
            if reason.chars().count() > 200 {
                reason = reason.chars().take(200).chain(['…']).collect();
            }
        }
        MoveError {
            number: pos.fullmoves(),
            color: pos.turn(),
            text: short,
            reason,
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = match self.color {
            Color::Red => ".",
            Color::Black => "...",
        };
        write!(
            f,
            "move {}{dots} {} ({}): {}",
            self.number, self.text, self.color, self.reason
        )
    }
}

impl core::error::Error for MoveError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results() {
        for (s, r) in [
            ("1-0", GameResult::RedWins),
            ("红先胜", GameResult::RedWins),
            ("紅先負", GameResult::BlackWins),
            ("0-1", GameResult::BlackWins),
            ("和局", GameResult::Draw),
            ("*", GameResult::Unknown),
            ("未知", GameResult::Unknown),
        ] {
            assert_eq!(GameResult::parse(s), Some(r), "{s}");
        }
        for r in [
            GameResult::RedWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ] {
            assert_eq!(GameResult::parse(r.pgn()), Some(r));
            assert_eq!(GameResult::parse(r.chinese()), Some(r));
        }
    }

    #[test]
    fn push_checks_legality() {
        let mut g = Game::default();
        let bad = Move::new("h2".parse().unwrap(), "h8".parse().unwrap());
        assert!(g.push(bad).is_err());
        let ok = Move::new("h2".parse().unwrap(), "e2".parse().unwrap());
        g.push(ok).unwrap();
        assert_eq!(g.positions().unwrap().len(), 2);
    }
}
