//! FEN: whatever parses writes back to a FEN that parses to the same setup,
//! and a position accepted with the composed tolerance has legal moves that
//! are all playable.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qili::{fen, Tolerance};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    let Ok(setup) = fen::parse(text) else {
        return;
    };
    let written = fen::write_setup(&setup);
    assert_eq!(
        fen::parse(&written).as_ref(),
        Ok(&setup),
        "{text:?} -> {written}"
    );
    if let Ok(pos) = fen::position(text, Tolerance::COMPOSED) {
        for &m in &pos.legal_moves() {
            assert!(pos.clone().play(m).is_ok());
        }
    }
});
