//! Perft speed: nodes per second of [`qili::Position::perft`] (the last ply is
//! bulk-counted, as usual for perft).
//!
//! Run with `cargo bench -p qili` (all cases) or
//! `cargo bench -p qili --bench perft -- start5` (one case by name). Each case
//! is run `QILI_BENCH_RUNS` times (default 3) and the fastest run is reported,
//! which is the most stable figure on a shared machine.

use std::time::{Duration, Instant};

use qili::{fen, Tolerance};

struct Case {
    name: &'static str,
    fen: &'static str,
    depth: u32,
    nodes: u64,
}

const CASES: &[Case] = &[
    Case {
        name: "start5",
        fen: fen::START,
        depth: 5,
        nodes: 133_312_995,
    },
    Case {
        name: "middlegame4",
        fen: "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1",
        depth: 4,
        nodes: 4_027_261,
    },
];

fn main() {
    // `cargo bench` passes `--bench`; any other argument selects cases by name.
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let runs: usize = std::env::var("QILI_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    for case in CASES {
        if !filters.is_empty() && !filters.iter().any(|f| case.name.contains(f.as_str())) {
            continue;
        }
        let pos = fen::position(case.fen, Tolerance::COMPOSED).expect("valid FEN");
        let mut best = Duration::MAX;
        for _ in 0..runs {
            let t = Instant::now();
            let n = std::hint::black_box(&pos).perft(case.depth);
            let dt = t.elapsed();
            assert_eq!(n, case.nodes, "{}: wrong node count", case.name);
            best = best.min(dt);
        }
        println!(
            "{:<12} perft {} = {:>11} nodes  best of {runs}: {:>7.3} s  {:>6.1} M nodes/s",
            case.name,
            case.depth,
            case.nodes,
            best.as_secs_f64(),
            case.nodes as f64 / best.as_secs_f64() / 1e6
        );
    }
}
