//! perft: the number of leaf nodes of the legal move tree, compared with
//! reference counts in `tests/data/perft.txt` (published numbers for the start
//! position, the rest generated with Fairy-Stockfish; the file says which).
//!
//! The normal run checks every depth whose count stays under [`NODE_BUDGET`];
//! the deeper ones run with
//! `cargo test --release -p qili --test perft -- --ignored`.

use qili::{fen, Tolerance};

struct Case {
    line: usize,
    fen: String,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.txt");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let mut parts = l.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|c| {
                    c.trim()
                        .parse()
                        .unwrap_or_else(|_| panic!("perft.txt line {}: bad count {c:?}", i + 1))
                })
                .collect();
            Case {
                line: i + 1,
                fen,
                counts,
            }
        })
        .collect()
}

/// Depths whose node counts stay below this are checked in the normal test run.
const NODE_BUDGET: u64 = 5_000_000;

fn check(max_nodes: u64, min_nodes: u64) -> usize {
    let mut checked = 0;
    for case in cases() {
        let pos = fen::position(&case.fen, Tolerance::COMPOSED)
            .unwrap_or_else(|e| panic!("perft.txt line {}: {e}", case.line));
        for (d, &expected) in case.counts.iter().enumerate() {
            if expected > max_nodes {
                break;
            }
            if expected < min_nodes {
                continue;
            }
            let depth = d as u32 + 1;
            assert_eq!(
                pos.perft(depth),
                expected,
                "perft.txt line {}: {} depth {depth}",
                case.line,
                case.fen
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_matches_reference() {
    assert!(cases().len() >= 20);
    assert!(check(NODE_BUDGET, 0) >= 60);
}

#[test]
#[ignore = "deep perft, about a second per 100 M nodes in release mode"]
fn perft_deep() {
    assert!(check(u64::MAX, NODE_BUDGET + 1) >= 1);
}
