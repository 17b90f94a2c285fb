//! An event and its tables as stored: plain data, serialised as JSON, each
//! table checked with `qili` when read (its start position and every move
//! must be legal) so that a table the engine cannot replay is never shown.

use qili::notation::Reader;
use qili::rules::Edition;
use qili::{fen, Color, Move, Position, Tolerance};
use serde::{Deserialize, Serialize};

/// An event: a name, the edition its tables are judged by, a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Unique within the device (the time of creation and a counter).
    pub id: String,
    /// The event's name.
    pub name: String,
    /// `cxa1999`, `cxa2020` or `axf`.
    pub rules: String,
    /// The round.
    #[serde(default)]
    pub round: String,
}

impl Event {
    /// The edition (checked when the event is read).
    pub fn edition(&self) -> Edition {
        self.rules.parse().unwrap_or(Edition::Cxa2020)
    }
}

/// A result entered by the arbiter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// 1-0.
    RedWins,
    /// 0-1.
    BlackWins,
    /// ½-½.
    Draw,
}

impl Score {
    /// All, in the order offered.
    pub const ALL: [Score; 3] = [Score::RedWins, Score::BlackWins, Score::Draw];

    /// `1-0`, `0-1`, `1/2-1/2`.
    pub const fn pgn(self) -> &'static str {
        match self {
            Score::RedWins => "1-0",
            Score::BlackWins => "0-1",
            Score::Draw => "1/2-1/2",
        }
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// 4.1.1: checkmate.
    Mate,
    /// 4.1.3: 困毙, no legal move.
    Stalemate,
    /// 26.1: perpetual check.
    PerpetualCheck,
    /// 26.4: perpetual chase.
    PerpetualChase,
    /// 4.2.4: the natural move limit.
    NaturalLimit,
    /// Agreed draw.
    Agreement,
    /// Resignation.
    Resignation,
    /// Lost on time.
    Time,
}

impl Termination {
    /// All, in the order offered.
    pub const ALL: [Termination; 8] = [
        Termination::Mate,
        Termination::Stalemate,
        Termination::PerpetualCheck,
        Termination::PerpetualChase,
        Termination::NaturalLimit,
        Termination::Agreement,
        Termination::Resignation,
        Termination::Time,
    ];

    /// The stored code (`mate`, `perpetual_check`…).
    pub fn code(self) -> &'static str {
        match self {
            Termination::Mate => "mate",
            Termination::Stalemate => "stalemate",
            Termination::PerpetualCheck => "perpetual_check",
            Termination::PerpetualChase => "perpetual_chase",
            Termination::NaturalLimit => "natural_limit",
            Termination::Agreement => "agreement",
            Termination::Resignation => "resignation",
            Termination::Time => "time",
        }
    }

    /// Reads [`Termination::code`].
    pub fn from_code(s: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.code() == s)
    }
}

/// What happened, as the arbiter's log keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Happening {
    /// A warning was shown (`binding`: the verdict bound).
    Warning {
        /// The side that must vary.
        side: Side,
        /// The verdict binds.
        binding: bool,
        /// The ply at which it binds.
        at: usize,
        /// The clause of the ruling, as the edition cites it.
        clause: String,
    },
    /// A repetition draw was announced (`binding`: the draw bound).
    Draw {
        /// The draw binds.
        binding: bool,
        /// The ply at which it binds.
        at: usize,
        /// The occurrence of the position at that ply.
        occurrence: usize,
        /// The clause of the ruling, as the edition cites it.
        clause: String,
    },
    /// The arbiter confirmed the engine's ruling, or overrode it.
    Ruling {
        /// Confirmed (`false`: overridden).
        confirmed: bool,
        /// The arbiter's note.
        note: String,
    },
    /// The last move was taken back.
    Undo {
        /// The move (ICCS).
        iccs: String,
        /// Why.
        reason: String,
    },
    /// The result.
    Result {
        /// The score.
        score: Score,
        /// Why.
        termination: Termination,
    },
}

/// A side, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Red.
    Red,
    /// Black.
    Black,
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::Red => Side::Red,
            Color::Black => Side::Black,
        }
    }
}

impl Side {
    /// `red` or `black` (the `data-side` of the warning).
    pub const fn code(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Black => "black",
        }
    }
}

/// One entry of a table's log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// When (ms since 1970).
    pub time: u64,
    /// The number of moves recorded when it happened.
    pub ply: usize,
    /// What.
    #[serde(flatten)]
    pub what: Happening,
}

/// A table of an event: its players, its game as recorded, its log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// The event's id.
    pub event: String,
    /// The table's number.
    pub number: u32,
    /// Red player.
    #[serde(default)]
    pub red: String,
    /// Black player.
    #[serde(default)]
    pub black: String,
    /// The start position (FEN), if not the usual one.
    #[serde(default)]
    pub fen: Option<String>,
    /// The moves, ICCS.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Black at the bottom of the board.
    #[serde(default)]
    pub flipped: bool,
    /// The log.
    #[serde(default)]
    pub log: Vec<Entry>,
    /// The revision: one more at every write, so that a tab whose copy is
    /// older than the stored one never writes over it.
    #[serde(default)]
    pub rev: u64,
}

/// Why a table cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    /// The start position.
    Position(String),
    /// Move `ply` (1-based) is not a legal move.
    Move(usize),
}

impl core::fmt::Display for TableError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TableError::Position(why) => f.write_str(why),
            TableError::Move(ply) => write!(f, "move {ply} is not legal"),
        }
    }
}

impl core::error::Error for TableError {}

/// A table's game, replayed: the start position and the moves.
#[derive(Debug, Clone)]
pub struct Game {
    /// The start position.
    pub start: Position,
    /// The moves.
    pub moves: Vec<Move>,
    /// The position after the last move.
    pub now: Position,
}

impl Game {
    /// Replays `fen` (the usual start if `None`) and the ICCS `moves`.
    pub fn replay(fen: Option<&str>, moves: &[String]) -> Result<Game, TableError> {
        let start = match fen {
            None => Position::new(),
            Some(f) => fen::position(f, Tolerance::COMPOSED)
                .map_err(|e| TableError::Position(e.to_string()))?,
        };
        let mut now = start.clone();
        let mut played = Vec::with_capacity(moves.len());
        for (i, s) in moves.iter().enumerate() {
            let m = qili::iccs::parse_move(&now, s).map_err(|_| TableError::Move(i + 1))?;
            now.play_unchecked(m);
            played.push(m);
        }
        Ok(Game {
            start,
            moves: played,
            now,
        })
    }

    /// Reads a move typed in any notation (Chinese, WXF, ICCS) at the last
    /// position; the error says why it cannot be played.
    pub fn read(&self, text: &str) -> Result<Move, String> {
        Reader::Auto.read(&self.now, text.trim())
    }
}

impl Table {
    /// A new table.
    pub fn new(event: &str, number: u32, fen: Option<String>) -> Table {
        Table {
            event: event.into(),
            number,
            red: String::new(),
            black: String::new(),
            fen,
            moves: Vec::new(),
            flipped: false,
            log: Vec::new(),
            rev: 0,
        }
    }

    /// The game, replayed.
    pub fn game(&self) -> Result<Game, TableError> {
        Game::replay(self.fen.as_deref(), &self.moves)
    }

    /// The result entered last, if the game has one (an undo after it
    /// reopens the game).
    pub fn result(&self) -> Option<(Score, Termination)> {
        match self
            .log
            .iter()
            .rev()
            .find(|e| matches!(e.what, Happening::Result { .. } | Happening::Undo { .. }))?
            .what
        {
            Happening::Result { score, termination } => Some((score, termination)),
            _ => None,
        }
    }

    /// Whether this warning (side, binding, ply at which it binds) is in
    /// the log already: each is logged once, when first shown.
    pub fn logged_warning(&self, side: Side, binding: bool, at: usize) -> bool {
        self.log.iter().any(|e| {
            matches!(&e.what, Happening::Warning { side: s, binding: b, at: a, .. }
                if (*s, *b, *a) == (side, binding, at))
        })
    }

    /// Whether this draw notice (binding, ply at which it binds) is in the
    /// log already.
    pub fn logged_draw(&self, binding: bool, at: usize) -> bool {
        self.log.iter().any(|e| {
            matches!(&e.what, Happening::Draw { binding: b, at: a, .. }
                if (*b, *a) == (binding, at))
        })
    }
}

/// Reads a stored table, checking that the engine can replay it.
pub fn read_table(text: &str) -> Result<Table, String> {
    let t: Table = serde_json::from_str(text).map_err(|e| e.to_string())?;
    t.game().map_err(|e| e.to_string())?;
    Ok(t)
}

/// Reads a stored event, checking its edition.
pub fn read_event(text: &str) -> Result<Event, String> {
    let e: Event = serde_json::from_str(text).map_err(|e| e.to_string())?;
    e.rules
        .parse::<Edition>()
        .map_err(|u| format!("unknown rules: {}", u.0))?;
    Ok(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_round_trip_and_bad_ones_are_refused() {
        let mut t = Table::new("e1", 3, None);
        t.moves = vec!["h2e2".into(), "h9g7".into()];
        t.log.push(Entry {
            time: 5,
            ply: 2,
            what: Happening::Undo {
                iccs: "b0c2".into(),
                reason: "knocked over".into(),
            },
        });
        let text = serde_json::to_string(&t).unwrap();
        assert_eq!(read_table(&text).unwrap(), t);
        t.moves.push("h2e2".into());
        let bad = serde_json::to_string(&t).unwrap();
        assert_eq!(read_table(&bad).unwrap_err(), "move 3 is not legal");
        assert!(read_table("{").is_err());
        assert!(read_table(r#"{"event":"e","number":1,"fen":"x"}"#).is_err());
        assert!(read_event(r#"{"id":"1","name":"n","rules":"fide"}"#).is_err());
    }

    #[test]
    fn a_move_in_any_notation_or_why_not() {
        let g = Game::replay(None, &[]).unwrap();
        for text in ["炮二平五", "C2=5", "h2e2", " h2e2 "] {
            assert_eq!(g.read(text).unwrap().to_string(), "h2e2", "{text}");
        }
        assert!(g.read("炮二进九").is_err());
        assert!(g.read("").is_err());
    }

    #[test]
    fn an_undo_reopens_the_game() {
        let mut t = Table::new("e", 1, None);
        let at = |what| Entry {
            time: 0,
            ply: 0,
            what,
        };
        t.log.push(at(Happening::Result {
            score: Score::Draw,
            termination: Termination::Agreement,
        }));
        assert_eq!(t.result(), Some((Score::Draw, Termination::Agreement)));
        t.log.push(at(Happening::Undo {
            iccs: "h2e2".into(),
            reason: "r".into(),
        }));
        assert_eq!(t.result(), None);
    }
}
