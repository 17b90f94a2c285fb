//! The FEN reader on random and mutated text (the stable counterpart of
//! `fuzz/fuzz_targets/fen.rs`): it never panics; whatever it reads is written
//! back to a FEN that reads the same; an accepted position can play every
//! move it lists.

mod common;
use common::Rng;

use qili::{fen, Tolerance};

const SEEDS: &[&str] = &[
    fen::START,
    "3k5/9/9/9/9/9/9/1R7/1R7/4K4 w",
    "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1",
    "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 12 40",
    "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b",
];

/// Characters FEN uses, and some it must reject.
const ALPHABET: &[char] = &[
    'r', 'n', 'h', 'b', 'e', 'a', 'k', 'c', 'p', 'R', 'N', 'H', 'B', 'E', 'A', 'K', 'C', 'P', '0',
    '1', '2', '3', '4', '5', '6', '7', '8', '9', '/', ' ', '-', 'w', 'b', 'r', 'x', '\t', '\u{0}',
    '车', '１', '9',
];

fn mutate(rng: &mut Rng) -> String {
    let mut chars: Vec<char> = SEEDS[rng.below(SEEDS.len())].chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(chars.len() + 1);
        let c = ALPHABET[rng.below(ALPHABET.len())];
        match rng.below(4) {
            0 if at < chars.len() => chars[at] = c,
            1 => chars.insert(at, c),
            2 if at < chars.len() => {
                chars.remove(at);
            }
            _ if at + 1 < chars.len() => chars.swap(at, at + 1),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

#[test]
fn fen_reader_survives_mutated_text() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (mut read, mut accepted) = (0, 0);
    let count = if cfg!(debug_assertions) {
        50_000
    } else {
        300_000
    };
    for _ in 0..count {
        let text = mutate(&mut rng);
        let Ok(setup) = fen::parse(&text) else {
            continue;
        };
        read += 1;
        let written = fen::write_setup(&setup);
        assert_eq!(
            fen::parse(&written).as_ref(),
            Ok(&setup),
            "{text:?} -> {written}"
        );
        if let Ok(pos) = fen::position(&text, Tolerance::COMPOSED) {
            accepted += 1;
            for &m in &pos.legal_moves() {
                assert!(pos.clone().play(m).is_ok(), "{text:?}: {m}");
            }
            let again = fen::position(&fen::write(&pos), Tolerance::COMPOSED).unwrap();
            assert_eq!(again.key(), pos.key(), "{text:?}");
        }
    }
    // The mutations must reach both sides of the reader.
    assert!(
        read > count / 20,
        "only {read} of {count} mutated FENs read"
    );
    assert!(
        accepted > count / 50,
        "only {accepted} accepted as positions"
    );
}
