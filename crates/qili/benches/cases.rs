//! Speed of the 棋例 engine against two targets:
//!
//! (a) the whole visible case batch — every line of `../shared/cases/*.jsonl`
//!     with a position, adjudicated under its own `rules` — total wall time,
//!     best of several runs (target: at most 50 ms, native release);
//! (b) the time to label one move (`classify`) over every move of the corpus
//!     games in which a position occurs three times (`rep_max >= 3`), up to that
//!     third occurrence (`rep3_ply`): p50, p90, p99 and max (target: p99 at most
//!     1 ms).
//!
//! Run with `cargo bench -p qili --bench cases`. `QILI_BENCH_RUNS` (default 5)
//! sets the runs of (a); `QILI_BENCH_EDITION` (default axf; `all` for the three)
//! the edition of (b); `QILI_BENCH_GAMES` (default all) caps the games of (b).
//! A missing `shared/` folder skips the part that needs it. The numbers depend
//! on the machine and its load: this is a measurement, not a test.

use std::io::{BufRead, BufReader};
use std::time::Instant;

use qili::rules::{adjudicate, classify, Edition};
use qili::{fen, iccs, Move, Position, Tolerance};

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared");

fn main() {
    cases();
    labels();
}

/// A game or case: its start position and moves, parsed.
fn parse(value: &serde_json::Value, cut: Option<usize>) -> Option<(Position, Vec<Move>)> {
    let pos = fen::position(value["fen"].as_str()?, Tolerance::COMPOSED).ok()?;
    let text = match &value["moves"] {
        serde_json::Value::Array(a) => a
            .iter()
            .filter_map(|m| m.as_str())
            .take(cut.unwrap_or(usize::MAX))
            .collect::<Vec<_>>()
            .join(" "),
        serde_json::Value::String(s) => s.clone(),
        _ => String::new(),
    };
    let moves = iccs::parse_line(&pos, &text).ok()?;
    Some((pos, moves))
}

fn cases() {
    let dir = format!("{SHARED}/cases");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("no cases at {dir}; (a) skipped");
        return;
    };
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut batch = Vec::new();
    let mut skipped = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
                skipped += 1;
                continue;
            };
            if value["fen"].as_str().is_none_or(str::is_empty) {
                continue;
            }
            let edition: Edition = value["rules"]
                .as_str()
                .and_then(|r| r.parse().ok())
                .unwrap_or(Edition::Cxa1999);
            match parse(&value, None) {
                Some((pos, moves)) => {
                    let id = value["id"].as_str().unwrap_or("?").to_string();
                    batch.push((id, edition, pos, moves));
                }
                None => skipped += 1,
            }
        }
    }
    let runs: usize = std::env::var("QILI_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5)
        .max(1);
    let plies: usize = batch.iter().map(|(_, _, _, m)| m.len()).sum();
    let mut times = Vec::with_capacity(runs);
    let mut errors = 0;
    let mut slowest = vec![f64::INFINITY; batch.len()];
    for _ in 0..runs {
        let t = Instant::now();
        errors = 0;
        for (i, (_, edition, pos, moves)) in batch.iter().enumerate() {
            let one = Instant::now();
            let result = adjudicate(*edition, pos, moves);
            slowest[i] = slowest[i].min(one.elapsed().as_secs_f64() * 1e3);
            match result {
                Ok(a) => {
                    std::hint::black_box(a);
                }
                Err(_) => errors += 1,
            }
        }
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let best = times.iter().copied().fold(f64::INFINITY, f64::min);
    println!(
        "(a) case batch: {} cases ({} moves, {} unreadable, {} errors) from {} files: \
         best {:.1} ms of {} runs (all: {}); target ≤ 50 ms: {}",
        batch.len(),
        plies,
        skipped,
        errors,
        files.len(),
        best,
        runs,
        times
            .iter()
            .map(|t| format!("{t:.1}"))
            .collect::<Vec<_>>()
            .join(", "),
        if best <= 50.0 { "met" } else { "MISSED" }
    );
    let mut order: Vec<usize> = (0..batch.len()).collect();
    order.sort_by(|&a, &b| slowest[b].total_cmp(&slowest[a]));
    let top: Vec<String> = order
        .iter()
        .take(5)
        .map(|&i| format!("{} {:.1} ms", batch[i].0, slowest[i]))
        .collect();
    println!("    slowest cases (best run each): {}", top.join(", "));
}

fn labels() {
    let path = format!("{SHARED}/corpus/games.jsonl.gz");
    let Ok(file) = std::fs::File::open(&path) else {
        eprintln!("no corpus at {path}; (b) skipped");
        return;
    };
    let cap: usize = std::env::var("QILI_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(usize::MAX);
    let editions: Vec<Edition> = match std::env::var("QILI_BENCH_EDITION").as_deref() {
        Ok("all") => Edition::ALL.to_vec(),
        Ok(name) => vec![name.parse().unwrap_or(Edition::Axf)],
        Err(_) => vec![Edition::Axf],
    };
    let reader = BufReader::new(flate2::read::GzDecoder::new(file));
    let mut games = Vec::new();
    for line in reader.lines().map_while(Result::ok) {
        if games.len() >= cap {
            break;
        }
        let Ok(value) = serde_json::from_str::<serde_json::Value>(&line) else {
            continue;
        };
        if value["rep_max"].as_u64().unwrap_or(0) < 3 {
            continue;
        }
        let cut = value["rep3_ply"].as_u64().map(|n| n as usize);
        if let Some((pos, moves)) = parse(&value, cut) {
            let id = value["id"].as_str().unwrap_or("?").to_string();
            games.push((id, pos, moves));
        }
    }
    for edition in editions {
        // (µs, game, ply) for every move.
        let mut samples: Vec<(f64, usize, usize)> = Vec::new();
        let all = Instant::now();
        for (g, (_, start, moves)) in games.iter().enumerate() {
            let mut pos = start.clone();
            for (i, &m) in moves.iter().enumerate() {
                let t = Instant::now();
                let kind = classify(edition.rulebook(), &pos, m);
                let dt = t.elapsed().as_secs_f64() * 1e6;
                std::hint::black_box(kind);
                samples.push((dt, g, i + 1));
                pos.play_unchecked(m);
            }
        }
        let total = all.elapsed().as_secs_f64();
        samples.sort_by(|a, b| a.0.total_cmp(&b.0));
        let at = |q: f64| {
            samples
                .get(((samples.len() as f64 * q).ceil() as usize).saturating_sub(1))
                .map_or(0.0, |s| s.0)
        };
        let p99 = at(0.99);
        let (max, g, ply) = samples.last().copied().unwrap_or((0.0, 0, 0));
        println!(
            "(b) classify, {}: {} games, {} moves in {:.2} s; µs per move: mean {:.1}, \
             p50 {:.1}, p90 {:.1}, p99 {:.1}, max {:.1} ({} ply {}); target p99 ≤ 1000 µs: {}",
            edition.name(),
            games.len(),
            samples.len(),
            total,
            total * 1e6 / samples.len().max(1) as f64,
            at(0.5),
            at(0.9),
            p99,
            max,
            games.get(g).map_or("-", |x| x.0.as_str()),
            ply,
            if p99 <= 1000.0 { "met" } else { "MISSED" }
        );
    }
}
