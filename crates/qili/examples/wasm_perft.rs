//! A WebAssembly module for measuring perft speed under a JavaScript engine
//! (`scripts/bench_wasm.sh` builds it for `wasm32-unknown-unknown` and runs
//! `scripts/bench_wasm.mjs`). It exports plain functions, no bindings
//! generator needed:
//!
//! - `case_count() -> u32`: number of built-in positions;
//! - `perft_case(case, depth) -> f64`: perft of built-in position `case`
//!   (`-1` if there is no such case).

use qili::{fen, Tolerance};

/// The positions of the perft benchmark (`benches/perft.rs` uses the same).
const CASES: [&str; 2] = [
    fen::START,
    "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1",
];

/// Number of built-in positions.
#[no_mangle]
pub extern "C" fn case_count() -> u32 {
    CASES.len() as u32
}

/// Perft of built-in position `case` to `depth`, or `-1` if there is no such case.
#[no_mangle]
pub extern "C" fn perft_case(case: u32, depth: u32) -> f64 {
    match CASES.get(case as usize) {
        Some(f) => match fen::position(f, Tolerance::COMPOSED) {
            Ok(pos) => pos.perft(depth) as f64,
            Err(_) => -1.0,
        },
        None => -1.0,
    }
}
