//! perft: the number of leaf nodes of the legal move tree, compared with
//! reference counts in `tests/data/perft.txt` (published numbers for the start
//! position, the rest generated with Fairy-Stockfish).

use qili::{fen, Tolerance};

fn cases() -> Vec<(String, Vec<u64>)> {
    let text = include_str!("data/perft.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts.map(|c| c.trim().parse().unwrap()).collect();
            (fen, counts)
        })
        .collect()
}

/// Depths whose node counts stay below this are checked in the normal test run.
const NODE_BUDGET: u64 = 5_000_000;

#[test]
fn perft_matches_reference() {
    let cases = cases();
    assert!(cases.len() >= 6);
    for (fen, counts) in cases {
        let pos = fen::position(&fen, Tolerance::COMPOSED).unwrap();
        for (d, &expected) in counts.iter().enumerate() {
            if expected > NODE_BUDGET {
                break;
            }
            assert_eq!(pos.perft(d as u32 + 1), expected, "{fen} depth {}", d + 1);
        }
    }
}
