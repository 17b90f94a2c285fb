//! The JS API in plain Rust: every exported function is a thin wrapper around
//! one function here, so the behaviour (and the garbage-input tests) do not
//! need a JavaScript engine. Errors are the messages the JS `Error`s carry.

use std::collections::BTreeMap;

use qili::line;
use qili::notation::NAMES;
pub use qili::notation::{Notation, Reader};
use qili::rules::{self, Edition, MoveReport, Report};
use qili::{
    fen, Color, DecisiveReason, Move, Outcome, Piece, Position, Problem, Square, Tolerance,
};
use serde::{Deserialize, Serialize};

/// Reads the position of a `fen` argument: `None` is the starting position.
/// Composed positions (extra pieces, pieces on points they could never reach)
/// are accepted, as in rulebook diagrams.
pub fn position(fen: Option<&str>) -> Result<Position, String> {
    match fen {
        None => Ok(Position::new()),
        Some(text) => fen::position(text, Tolerance::COMPOSED).map_err(|e| format!("fen: {e}")),
    }
}

/// Reads a rules name: `cxa1999`, `cxa2020` or `axf`.
pub fn edition(name: &str) -> Result<Edition, String> {
    name.parse()
        .map_err(|e: rules::UnknownEdition| e.to_string())
}

/// The legal moves of `pos` in `notation`, sorted by their ICCS text.
pub fn legal_moves(pos: &Position, notation: Notation) -> Vec<String> {
    let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    // ICCS text order: file letter, then rank digit, of each point.
    let key = |sq: Square| (sq.file().index(), sq.rank().index());
    moves.sort_by_key(|m| (key(m.from), key(m.to)));
    moves.iter().map(|&m| notation.write(pos, m)).collect()
}

/// Reads one move of `pos` in any notation; the error names the move.
pub fn read_move(pos: &Position, text: &str) -> Result<Move, String> {
    Reader::Auto
        .read(pos, text)
        .map_err(|e| format!("{} — {e}", text.trim()))
}

/// Plays `text` (any notation) in `pos` and returns the new FEN.
pub fn play(pos: Position, text: &str) -> Result<String, String> {
    let m = read_move(&pos, text)?;
    pos.play(m)
        .map(|p| fen::write(&p))
        .map_err(|e| format!("{} — {e}", text.trim()))
}

/// Reads a notation name: `iccs`, `wxf`, `zh`, `zh-trad` or `zh-pgn`.
pub fn notation(name: &str) -> Result<Notation, String> {
    Notation::from_name(name).ok_or_else(|| format!("unknown notation '{name}' (expected {NAMES})"))
}

/// Reads a reader name: `auto` or a [`notation`] name.
pub fn reader(name: &str) -> Result<Reader, String> {
    Reader::from_name(name)
        .ok_or_else(|| format!("unknown notation '{name}' (expected auto, {NAMES})"))
}

/// Splits a pasted move list into moves, leaving out move numbers (`1.`)
/// and a final result (`1-0`), see [`qili::line::tokens`].
pub fn split_moves(text: &str) -> Vec<String> {
    line::tokens(text)
}

/// Reads `moves` (one move per entry) with `reader`, played one after
/// another from `start`. Errors say which move: `move 3: 马8进7 — no black
/// horse on file 8`.
pub fn read_moves(start: &Position, moves: &[String], reader: Reader) -> Result<Vec<Move>, String> {
    line::read_moves(start, moves, reader).map_err(|e| e.to_string())
}

/// Rewrites `moves` (read with `from`) in the notation `to`.
pub fn convert(
    start: &Position,
    moves: &[String],
    from: Reader,
    to: Notation,
) -> Result<Vec<String>, String> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for m in read_moves(start, moves, from)? {
        out.push(to.write(&pos, m));
        pos.play_unchecked(m);
    }
    Ok(out)
}

/// The adjudication of a game: the object `qili adjudicate` prints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Adjudication {
    /// The report under the chosen edition.
    #[serde(flatten)]
    pub report: Report,
    /// The ruling and verdict under every edition, so that differences
    /// between the books show.
    pub by_edition: OrderedMap<EditionResult>,
}

/// The ruling and verdict of one edition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EditionResult {
    /// What happens if the cycle continues.
    pub ruling: &'static str,
    /// The result binding now.
    pub verdict: &'static str,
}

/// Entries serialized as one object, keys in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderedMap<V>(pub Vec<(String, V)>);

impl<V: Serialize> Serialize for OrderedMap<V> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// Adjudicates `moves` (any notation) from `start` under `edition`, and
/// rules under the other editions too.
pub fn adjudicate(
    edition: Edition,
    start: &Position,
    moves: &[String],
) -> Result<Adjudication, String> {
    let moves = read_moves(start, moves, Reader::Auto)?;
    let chosen = rules::adjudicate(edition, start, &moves).map_err(|err| err.to_string())?;
    let mut by_edition = Vec::with_capacity(Edition::ALL.len());
    for e in Edition::ALL {
        let (ruling, verdict) = if e == edition {
            (chosen.ruling, chosen.verdict)
        } else {
            rules::ruling_under(e.rulebook(), start, &moves, &chosen)
                .map_err(|err| err.to_string())?
        };
        by_edition.push((
            e.name().to_string(),
            EditionResult {
                ruling: ruling.code(),
                verdict: verdict.code(),
            },
        ));
    }
    Ok(Adjudication {
        report: Report::new(start, &chosen),
        by_edition: OrderedMap(by_edition),
    })
}

/// The report entry of one move: its label and why.
pub fn label_move(edition: Edition, pos: &Position, text: &str) -> Result<MoveReport, String> {
    let m = read_move(pos, text)?;
    let a = rules::adjudicate(edition, pos, &[m]).map_err(|e| e.to_string())?;
    Report::new(pos, &a)
        .moves
        .pop()
        .ok_or_else(|| "the move was not labelled".to_string())
}

/// A FEN as read: the setup, whether it is a position and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FenInfo {
    /// The FEN written again in canonical form (even when not a position).
    pub fen: String,
    /// `red` or `black`.
    pub turn: &'static str,
    /// Plies since the last capture.
    pub halfmoves: u32,
    /// The move number.
    pub fullmoves: u32,
    /// Every piece: point (ICCS) → FEN letter.
    pub board: BTreeMap<String, String>,
    /// `true` if the functions taking a FEN accept it (composed positions
    /// included): no problem but tolerated ones.
    pub valid: bool,
    /// `true` if there is no problem at all.
    pub strict: bool,
    /// Every problem, tolerated or not.
    pub problems: Vec<ProblemInfo>,
    /// Whether the side to move is in check; `null` unless valid.
    pub check: Option<bool>,
    /// How the game ends here by the position alone; `null` if it goes on or
    /// the position is not valid.
    pub outcome: Option<OutcomeInfo>,
}

/// One problem of a FEN.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProblemInfo {
    /// `missing_king`, `too_many_pieces`, `impossible_square`,
    /// `kings_facing` or `opposite_check`.
    pub code: &'static str,
    /// The problem in words.
    pub message: String,
    /// `true` for the problems of composed positions that are accepted.
    pub tolerated: bool,
    /// The point concerned (`impossible_square`).
    pub square: Option<String>,
    /// The piece concerned, as a FEN letter.
    pub piece: Option<String>,
    /// The side concerned (`missing_king`, `too_many_pieces`).
    pub color: Option<&'static str>,
}

/// How a game ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeInfo {
    /// `red`, `black`, or `null` for a draw.
    pub winner: Option<&'static str>,
    /// `checkmate`, `stalemate` or `insufficient_material`.
    pub reason: &'static str,
}

fn problem_info(p: &Problem) -> ProblemInfo {
    let (code, square, piece, color) = match p {
        Problem::MissingKing(c) => ("missing_king", None, None, Some(c.name())),
        Problem::TooManyPieces { color, role, .. } => (
            "too_many_pieces",
            None,
            Some(
                Piece {
                    color: *color,
                    role: *role,
                }
                .char()
                .to_string(),
            ),
            Some(color.name()),
        ),
        Problem::ImpossibleSquare { piece, square } => (
            "impossible_square",
            Some(square.to_string()),
            Some(piece.char().to_string()),
            Some(piece.color.name()),
        ),
        Problem::KingsFacing => ("kings_facing", None, None, None),
        Problem::OppositeCheck => ("opposite_check", None, None, None),
    };
    ProblemInfo {
        code,
        message: p.to_string(),
        tolerated: Tolerance::COMPOSED.accepts(p),
        square,
        piece,
        color,
    }
}

/// Reads a FEN. Throws only when the text is not a FEN at all; an illegal
/// position is described by `valid` and `problems`.
pub fn read_fen(text: &str) -> Result<FenInfo, String> {
    let setup = fen::parse(text).map_err(|e| format!("fen: {e}"))?;
    let problems = match Position::from_setup(setup.clone(), Tolerance::STRICT) {
        Ok(_) => Vec::new(),
        Err(e) => e.problems,
    };
    let pos = Position::from_setup(setup.clone(), Tolerance::COMPOSED).ok();
    let outcome = pos.as_ref().and_then(Position::outcome).map(|o| match o {
        Outcome::Decisive { winner, reason } => OutcomeInfo {
            winner: Some(winner.name()),
            reason: match reason {
                DecisiveReason::Checkmate => "checkmate",
                DecisiveReason::Stalemate => "stalemate",
            },
        },
        Outcome::InsufficientMaterial => OutcomeInfo {
            winner: None,
            reason: "insufficient_material",
        },
    });
    Ok(FenInfo {
        fen: match &pos {
            Some(p) => fen::write(p),
            None => fen::write_setup(&setup),
        },
        turn: setup.turn.name(),
        halfmoves: setup.halfmoves,
        fullmoves: setup.fullmoves,
        board: setup
            .board
            .pieces()
            .map(|(sq, p)| (sq.to_string(), p.char().to_string()))
            .collect(),
        valid: pos.is_some(),
        strict: problems.is_empty(),
        problems: problems.iter().map(problem_info).collect(),
        check: pos.as_ref().map(Position::is_check),
        outcome,
    })
}

/// A setup to write as FEN: the shape [`FenInfo`] has (other fields ignored).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct SetupInput {
    /// Point (ICCS) → FEN letter.
    pub board: BTreeMap<String, String>,
    /// `red`/`black` (also `w`, `r`, `b`); red if missing.
    pub turn: Option<String>,
    /// Plies since the last capture; 0 if missing.
    pub halfmoves: Option<u32>,
    /// The move number; 1 if missing.
    pub fullmoves: Option<u32>,
}

/// Writes a setup as FEN, without judging whether it is a legal position.
pub fn write_fen(input: &SetupInput) -> Result<String, String> {
    let mut setup = qili::Setup {
        board: qili::Board::empty(),
        turn: Color::Red,
        halfmoves: input.halfmoves.unwrap_or(0),
        fullmoves: input.fullmoves.unwrap_or(1).max(1),
    };
    if let Some(turn) = &input.turn {
        setup.turn = match turn.trim().to_ascii_lowercase().as_str() {
            "red" | "w" | "r" => Color::Red,
            "black" | "b" => Color::Black,
            _ => return Err(format!("turn: expected 'red' or 'black', found '{turn}'")),
        };
    }
    for (point, letter) in &input.board {
        let sq: Square = point
            .trim()
            .parse()
            .map_err(|_| format!("board: '{point}' is not a point (a0 to i9)"))?;
        let mut chars = letter.trim().chars();
        let piece = match (chars.next(), chars.next()) {
            (Some(c), None) => Piece::from_char(c),
            _ => None,
        }
        .ok_or_else(|| {
            format!("board.{point}: '{letter}' is not a FEN piece letter (KABNRCP, kabnrcp)")
        })?;
        if setup.board.set(sq, Some(piece)).is_some() {
            return Err(format!("board: point {sq} is given twice"));
        }
    }
    Ok(fen::write_setup(&setup))
}

/// Counts the leaves of the legal move tree `depth` plies deep.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    pos.perft(depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili::rules::{Label, Ruling};

    const FIGURE_1: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";

    fn words(s: &str) -> Vec<String> {
        split_moves(s)
    }

    #[test]
    fn start_position() {
        let pos = position(None).unwrap();
        let moves = legal_moves(&pos, Notation::Iccs);
        assert_eq!(moves.len(), 44);
        assert_eq!(moves.first().map(String::as_str), Some("a0a1"));
        assert!(legal_moves(&pos, Notation::Zh(qili::zh::Style::SIMPLIFIED))
            .contains(&"炮二平五".to_string()));
        assert_eq!(perft(&pos, 2), 1920);
    }

    #[test]
    fn play_in_any_notation() {
        let pos = position(None).unwrap();
        let after = play(pos.clone(), "炮二平五").unwrap();
        assert_eq!(
            after,
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
        );
        assert_eq!(play(pos.clone(), "C2=5").unwrap(), after);
        assert_eq!(play(pos, "h2e2").unwrap(), after);
    }

    #[test]
    fn errors_say_which_move() {
        let pos = position(None).unwrap();
        let err = convert(
            &pos,
            &words("1. 炮二平五 马8进7 2. 马二进三 马8进7"),
            Reader::Auto,
            Notation::Iccs,
        )
        .unwrap_err();
        assert_eq!(err, "move 4: 马8进7 — no black horse on file 8");
        assert_eq!(
            position(Some("rnbakabnr/9/9/9/9/9/9/9/9/RNBAKXBNR w")).unwrap_err(),
            "fen: unexpected character 'X' in rank 0 of the FEN (column 32)"
        );
    }

    #[test]
    fn convert_round_trip() {
        let pos = position(None).unwrap();
        let iccs = words("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7");
        let zh = convert(
            &pos,
            &iccs,
            Reader::Iccs,
            Notation::Zh(qili::zh::Style::TRADITIONAL),
        )
        .unwrap();
        let wxf = convert(&pos, &zh, Reader::Zh, Notation::Wxf).unwrap();
        assert_eq!(
            convert(&pos, &wxf, Reader::Wxf, Notation::Iccs).unwrap(),
            iccs
        );
    }

    #[test]
    fn figure_1_of_1999() {
        let pos = position(Some(FIGURE_1)).unwrap();
        let game = adjudicate(Edition::Cxa1999, &pos, &words("f0e0 e8f8 e0f0 f8e8")).unwrap();
        let report = &game.report;
        assert_eq!(report.ruling, Ruling::Loses(qili::Color::Red));
        let names: Vec<&str> = game.by_edition.0.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, ["cxa1999", "cxa2020", "axf"]);
        let labels: Vec<&str> = report.moves.iter().map(|m| m.label.zh()).collect();
        assert_eq!(labels, ["将", "闲", "将", "闲"]);
        let first = label_move(Edition::Cxa1999, &pos, "车四平五").unwrap();
        assert_eq!(first.label, Label::Check);
        assert_eq!(first.iccs, "f0e0");
    }

    #[test]
    fn fen_read_write() {
        let info = read_fen("3k5/9/9/9/9/9/9/A7A/9/4K4 w").unwrap();
        assert!(info.valid && !info.strict);
        assert_eq!(info.problems.len(), 2);
        assert_eq!(info.problems[0].code, "impossible_square");
        assert_eq!(info.check, Some(false));
        let input = SetupInput {
            board: info.board.clone(),
            turn: Some(info.turn.to_string()),
            halfmoves: Some(info.halfmoves),
            fullmoves: Some(info.fullmoves),
        };
        assert_eq!(write_fen(&input).unwrap(), info.fen);

        let facing = read_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").unwrap();
        assert!(!facing.valid);
        assert_eq!(facing.problems[0].code, "kings_facing");
        assert!(!facing.problems[0].tolerated);
        assert_eq!(facing.check, None);

        let mate = read_fen("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b").unwrap();
        let outcome = mate.outcome.unwrap();
        assert_eq!((outcome.winner, outcome.reason), (Some("red"), "checkmate"));
    }

    /// A small deterministic generator, so the garbage is the same every run.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
            items[(self.next() % items.len() as u64) as usize]
        }

        /// Text made of pieces of real input and random characters.
        fn garbage(&mut self) -> String {
            const PARTS: &[&str] = &[
                "rnbakabnr",
                "/",
                "9",
                "1",
                "k",
                "K",
                "w",
                "b",
                " ",
                "-",
                "0",
                "h2e2",
                "炮",
                "二",
                "平",
                "五",
                "进",
                "8",
                "前",
                "后",
                "+",
                "=",
                "C",
                "R",
                "a",
                "i",
                "１",
                "馬",
                "\u{0}",
                "é",
                "\u{FFFF}",
                "🀄",
                "10",
                "99999999999",
                ".",
                "=",
                "--",
            ];
            let mut s = String::new();
            for _ in 0..self.next() % 12 {
                if self.next() % 5 == 0 {
                    s.push(char::from_u32((self.next() % 0x3000) as u32).unwrap_or('?'));
                } else {
                    s.push_str(self.pick(PARTS));
                }
            }
            s
        }
    }

    /// Every function with random and half-valid input returns a value or an
    /// error, never panics.
    #[test]
    fn garbage_never_panics() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let start = Position::new();
        let figure = position(Some(FIGURE_1)).unwrap();
        for _ in 0..3000 {
            let text = rng.garbage();
            let _ = position(Some(&text));
            let _ = read_fen(&text);
            let _ = crate::record::parse(text.as_bytes());
            let _ = edition(&text);
            let _ = notation(&text);
            let _ = reader(&text);
            let pos = if rng.next() % 2 == 0 { &start } else { &figure };
            let _ = play(pos.clone(), &text);
            let _ = label_move(Edition::Axf, pos, &text);
            let list = split_moves(&text);
            let _ = convert(pos, &list, Reader::Auto, Notation::Wxf);
            let _ = adjudicate(Edition::Cxa2020, pos, &list);
            let board: BTreeMap<String, String> =
                [(rng.garbage(), rng.garbage()), ("e0".into(), rng.garbage())]
                    .into_iter()
                    .collect();
            let _ = write_fen(&SetupInput {
                board,
                turn: Some(text.clone()),
                halfmoves: None,
                fullmoves: Some(0),
            });
        }
    }
}
