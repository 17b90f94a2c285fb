//! Rulebook conformance: every case in `../shared/cases/*.jsonl` is adjudicated
//! from its position and moves, and the ruling (or verdict) and per-move labels
//! are compared with the book. The engine gets only the position and the moves.

mod common;

use common::{label_word, read_cases};
use qili::rules::adjudicate;
use qili::{fen, iccs, Tolerance};

struct Outcome {
    checked: usize,
    labels_checked: usize,
    labels_agreeing: usize,
    failures: Vec<String>,
}

fn run(file: &str, key: &str) -> Outcome {
    let mut out = Outcome {
        checked: 0,
        labels_checked: 0,
        labels_agreeing: 0,
        failures: Vec::new(),
    };
    for case in read_cases(file) {
        let id = &case.id;
        let pos = fen::position(&case.fen, Tolerance::COMPOSED).unwrap();
        let moves = iccs::parse_line(&pos, &case.moves.join(" ")).unwrap();
        let game = adjudicate(case.edition, &pos, &moves).unwrap();
        let expect = &case.json["expect"];
        let labels: Vec<String> = game.moves.iter().map(label_word).collect();
        if let Some(want) = expect[key].as_str() {
            out.checked += 1;
            let got = if key == "verdict" {
                game.verdict
            } else {
                game.ruling
            };
            if got.code() != want {
                out.failures.push(format!(
                    "{id}: {key} {} expected {want}; labels {}",
                    got.code(),
                    labels.join(" ")
                ));
            }
        }
        if let Some(want_labels) = expect["labels"].as_array() {
            let want: Vec<&str> = want_labels.iter().filter_map(|l| l.as_str()).collect();
            out.labels_checked += want.len();
            // A label matches when the label (将/杀/捉/闲) or the kind of idle
            // move (兑/献/拦/跟) is the expected word.
            let matches = |w: &str, m: &qili::rules::MoveKind| {
                w == m.label.zh()
                    || (m.label == qili::rules::Label::Idle && m.idle.is_some_and(|k| k.zh() == w))
            };
            let agreeing = want
                .iter()
                .zip(&game.moves)
                .filter(|(w, m)| matches(w, m))
                .count();
            out.labels_agreeing += agreeing;
            if agreeing != want.len() || want.len() != game.moves.len() {
                out.failures.push(format!(
                    "{id}: labels {} expected {}",
                    labels.join(" "),
                    want.join(" ")
                ));
            }
        }
    }
    out
}

/// The cases where the engine and the book (or, for a composed case, a
/// reader who played the position out) still disagree, each with why. Any
/// other disagreement fails the test, and so does a case listed here that
/// has come to agree (take it off the list).
const KNOWN: &[(&str, &str, &str)] = &[
    (
        "cxa2020.jsonl",
        "cxa-ref41",
        "label of move 3 (炮六平二, '联合捉子'); we believe the label conflicts with the \
         book's other examples. After 炮二进一 what red wins depends on the reply: \
         士6进5 车三进二 士5退6 车三退一 wins the cannon by three checks, 将5进1 is mated, \
         but 象5退7 only gives up the elephant that interposes, guarded where it stood. \
         参考图13 and 33 say such an interposer is not chased (counting it breaks both), \
         and reading 29.1 as 'some material whatever the reply' (three checks that take \
         nothing) turns 12 of the book's 闲/兑/拦 moves into 捉 (图2, 5, 7, 9, 13, 24, \
         参考图3, 9, 13, 15, 19, 33). The ruling agrees.",
    ),
    ("concepts-composed.jsonl", "a42-xq003226-cxa2020", XQ003226),
    ("concepts-composed.jsonl", "a42-xq003226m-cxa2020", XQ003226),
    ("concepts-composed.jsonl", "a42-xq003226s-cxa2020", XQ003226),
    ("concepts-composed.jsonl", "a42-xq003226-cxa1999", XQ003226),
    ("concepts-composed.jsonl", "a42-xq003226m-cxa1999", XQ003226),
    ("concepts-composed.jsonl", "a42-xq003226s-cxa1999", XQ003226),
];

/// Why a42-xq003226 (a reader's verdict on a real game) is on [`KNOWN`].
const XQ003226: &str = "捉 for 闲: after 车5进1, R b5-b0+ R d2-d0 C f8xf0 wins the advisor, \
    the king's recapture now mated (29.4 at the end of a line of checks); but the same \
    check won it before the move too, where R d0xb0 is met by C f0xb0 over the king — a \
    capture elsewhere that the end of a line does not ask — so the engine sees the win \
    only after the move and calls it new (29.2).";

/// Runs one file and checks it: every disagreement must be one of [`KNOWN`]
/// (printed with its reason under `--nocapture`), and the numbers of rulings
/// (or verdicts) and per-move labels that agree must reach the floors, which
/// only ever go up (a known case must not get worse either).
fn check(file: &str, key: &str, rulings_floor: usize, labels_floor: usize) {
    let o = run(file, key);
    let agreeing = o.checked
        - o.failures
            .iter()
            .filter(|f| f.contains(&format!(": {key} ")))
            .count();
    println!(
        "{file}: {key}s {agreeing}/{}; labels {}/{}",
        o.checked, o.labels_agreeing, o.labels_checked
    );
    let known = |f: &str| {
        KNOWN
            .iter()
            .find(|(in_file, id, _)| *in_file == file && f.starts_with(&format!("{id}:")))
    };
    for f in &o.failures {
        match known(f) {
            Some((_, _, why)) => println!("  {f}\n    known: {why}"),
            None => println!("  {f}"),
        }
    }
    let new: Vec<&String> = o.failures.iter().filter(|f| known(f).is_none()).collect();
    assert!(
        new.is_empty(),
        "{file}: disagreements not in KNOWN: {new:#?}"
    );
    for (_, id, _) in KNOWN.iter().filter(|(in_file, _, _)| *in_file == file) {
        assert!(
            o.failures.iter().any(|f| f.starts_with(&format!("{id}:"))),
            "{id} now agrees with the book: take it off KNOWN"
        );
    }
    assert!(
        agreeing >= rulings_floor,
        "{file}: only {agreeing} {key}s agree with the book (floor {rulings_floor})"
    );
    assert!(
        o.labels_agreeing >= labels_floor,
        "{file}: only {} labels agree with the book (floor {labels_floor})",
        o.labels_agreeing
    );
}

#[test]
fn cxa1999() {
    check("cxa1999.jsonl", "ruling", 8, 20);
}

/// The 1999 figures with no published position, on positions composed for
/// them (tests/data/cxa1999-composed.jsonl, with the reasoning per move).
#[test]
fn cxa1999_composed() {
    check("cxa1999-composed.jsonl", "ruling", 6, 24);
}

/// Positions composed for each of the books' concepts (tests/data/
/// concepts-composed.jsonl, each with the concept and the reasoning from
/// its definition): the same idea with other pieces, mirrored, with the
/// colours swapped, a move later, one bystander more, and the boundary
/// where it must not apply — so that a rule as narrow as the book's own
/// diagrams fails here.
#[test]
fn concepts_composed() {
    check("concepts-composed.jsonl", "ruling", 2022, 10700);
}

#[test]
fn cxa2020() {
    check("cxa2020.jsonl", "ruling", 55, 221);
}

#[test]
fn axf() {
    check("axf.jsonl", "ruling", 101, 0);
}

#[test]
fn fsf() {
    check("fsf.jsonl", "verdict", 32, 0);
}
