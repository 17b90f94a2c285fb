//! Record reading speed on the real 象棋桥 files of `../shared/corpus/records/`:
//! the 象棋桥 library (35 games, 257 KB), its single records and XML form,
//! each read whole with every move checked, as `qili annotate` reads them.
//! Reports the best of `QILI_BENCH_RUNS` (default 20) runs of each file.
//!
//! Run with `cargo bench -p qili --bench records`.

use std::time::{Duration, Instant};

use qili::record;

fn main() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/records/ccbridge"
    );
    let Ok(list) = std::fs::read_dir(dir) else {
        eprintln!("no corpus at {dir}; nothing to measure");
        return;
    };
    let runs: usize = std::env::var("QILI_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let mut paths: Vec<_> = list
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.extension()
                .is_some_and(|e| ["cbr", "cbl", "cbf"].contains(&e.to_str().unwrap_or("")))
        })
        .collect();
    paths.sort();
    for p in paths {
        let bytes = std::fs::read(&p).unwrap();
        let mut best = Duration::MAX;
        let mut games = 0;
        for _ in 0..runs {
            let t = Instant::now();
            let read = record::read(&bytes);
            best = best.min(t.elapsed());
            games = read.iter().filter(|r| r.is_ok()).count();
        }
        println!(
            "{:>9.3} ms  {games:>3} games  {:>7} B  {}",
            best.as_secs_f64() * 1e3,
            bytes.len(),
            p.file_name().unwrap().to_string_lossy()
        );
    }
}
