//! ICCS: whatever parses as a move in a position is legal there, and a whole
//! line either parses move by move or names the move that failed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qili::{fen, iccs, Tolerance};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    let pos = fen::position(fen::START, Tolerance::STRICT).unwrap();
    if let Ok(m) = iccs::parse_move(&pos, text) {
        assert!(pos.is_legal(m));
    }
    let _ = iccs::parse_line(&pos, text);
});
