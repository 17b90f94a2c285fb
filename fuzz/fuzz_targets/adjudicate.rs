//! The adjudicator on arbitrary games. The input is an edition byte, then
//! optionally a FEN ended by a newline (the start position without one), then
//! one byte per move: it picks a legal move (in ICCS order, modulo their
//! number), until the bytes or the legal moves run out. Checked: the game is
//! judged without panic, every move is labelled, the labels and rulings are
//! the same (mirrored) in a mirror and with the colours swapped, and the
//! report's JSON reads back as the same JSON.
#![no_main]

#[path = "../../crates/qili/tests/common/symmetry.rs"]
mod symmetry;

use libfuzzer_sys::fuzz_target;
use qili::rules::{adjudicate, Adjudication, Edition, Report};
use qili::{fen, iccs, Move, Position, Tolerance};
use symmetry::Symmetry;

/// Longer games add time, not new behaviour: a cycle is a few moves.
const MAX_PLIES: usize = 160;

/// The start position and the move bytes.
fn start(data: &[u8]) -> Option<(Position, &[u8])> {
    match data.iter().position(|&b| b == b'\n') {
        None => Some((Position::new(), data)),
        Some(end) => {
            let text = core::str::from_utf8(&data[..end]).ok()?;
            let pos = fen::position(text, Tolerance::COMPOSED).ok()?;
            Some((pos, &data[end + 1..]))
        }
    }
}

/// The game the bytes pick.
fn game(start: &Position, bytes: &[u8]) -> Vec<Move> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for &b in bytes.iter().take(MAX_PLIES) {
        let mut legal: Vec<(String, Move)> = pos
            .legal_moves()
            .iter()
            .map(|&m| (m.to_string(), m))
            .collect();
        if legal.is_empty() {
            break;
        }
        legal.sort();
        let m = legal[b as usize % legal.len()].1;
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// What a symmetry must keep: each move's label and idle kind, the ruling
/// and the verdict.
fn judgement(a: &Adjudication) -> (Vec<String>, qili::rules::Ruling, qili::rules::Ruling) {
    let labels = a
        .moves
        .iter()
        .map(|k| format!("{}{}", k.label.zh(), k.idle.map_or("", |i| i.zh())))
        .collect();
    (labels, a.ruling, a.verdict)
}

fn check_json(start: &Position, a: &Adjudication, plies: usize) {
    let report = Report::new(start, a);
    assert_eq!(report.moves.len(), plies, "a report entry per move");
    let value = serde_json::to_value(&report).expect("the report serializes");
    let text = serde_json::to_string(&value).expect("JSON writes");
    let back: serde_json::Value = serde_json::from_str(&text).expect("written JSON reads");
    assert_eq!(back, value, "{text}");
    assert_eq!(back["ruling"].as_str(), Some(a.ruling.code()));
    assert_eq!(back["moves"].as_array().map(Vec::len), Some(plies));
}

fn check_symmetry(edition: Edition, start: &Position, moves: &[Move], a: &Adjudication) {
    let start_fen = fen::write(start);
    let (labels, ruling, verdict) = judgement(a);
    for sym in Symmetry::ALL {
        let text = sym.fen(&start_fen);
        let pos = fen::position(&text, Tolerance::COMPOSED)
            .unwrap_or_else(|e| panic!("{sym:?} of {start_fen}: {text}: {e}"));
        let line: Vec<String> = moves.iter().map(|m| sym.iccs(&m.to_string())).collect();
        let line = line.join(" ");
        let moved = iccs::parse_line(&pos, &line)
            .unwrap_or_else(|e| panic!("{sym:?} of {start_fen} {line}: {e}"));
        let b = adjudicate(edition, &pos, &moved).expect("the moves are legal");
        let (l, r, v) = judgement(&b);
        let played: Vec<String> = moves.iter().map(ToString::to_string).collect();
        let context = format!(
            "{sym:?}, {}, {start_fen}, moves {} ({line} transformed)",
            edition.name(),
            played.join(" ")
        );
        assert_eq!(l, labels, "labels: {context}");
        assert_eq!(r, sym.ruling(ruling), "ruling: {context}");
        assert_eq!(v, sym.ruling(verdict), "verdict: {context}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let edition = Edition::ALL[pick as usize % Edition::ALL.len()];
    let Some((start, bytes)) = start(rest) else {
        return;
    };
    let moves = game(&start, bytes);
    let a = adjudicate(edition, &start, &moves).expect("the moves are legal");
    assert_eq!(a.moves.len(), moves.len(), "a label per move");
    check_json(&start, &a, moves.len());
    check_symmetry(edition, &start, &moves, &a);
});
