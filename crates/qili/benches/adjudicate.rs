//! 棋例 engine speed on real games: every move of the first games of the
//! corpus (`../shared/corpus/games.jsonl.gz`) is labelled and the game ruled,
//! as `qili annotate` does. Reports microseconds per move and the slowest game.
//!
//! Run with `cargo bench -p qili --bench adjudicate` (`QILI_BENCH_GAMES`, default
//! 200, sets how many games).

use std::io::{BufRead, BufReader};
use std::time::Instant;

use qili::rules::{adjudicate, Edition};
use qili::{fen, iccs, Tolerance};

fn main() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/games.jsonl.gz"
    );
    let Ok(file) = std::fs::File::open(path) else {
        eprintln!("no corpus at {path}; nothing to measure");
        return;
    };
    let games: usize = std::env::var("QILI_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let reader = BufReader::new(flate2::read::GzDecoder::new(file));
    let mut loaded = Vec::new();
    for line in reader.lines().map_while(Result::ok).take(games) {
        let game: serde_json::Value = match serde_json::from_str(&line) {
            Ok(v) => v,
            Err(_) => continue,
        };
        let (Some(f), Some(moves)) = (game["fen"].as_str(), game["moves"].as_array()) else {
            continue;
        };
        let Ok(pos) = fen::position(f, Tolerance::COMPOSED) else {
            continue;
        };
        let text: Vec<&str> = moves.iter().filter_map(|m| m.as_str()).collect();
        let Ok(moves) = iccs::parse_line(&pos, &text.join(" ")) else {
            continue;
        };
        let id = game["id"].as_str().unwrap_or("?").to_string();
        loaded.push((id, pos, moves));
    }
    for edition in Edition::ALL {
        let start = Instant::now();
        let mut plies = 0;
        let mut slowest = (0.0, String::new());
        for (id, pos, moves) in &loaded {
            let t = Instant::now();
            if adjudicate(edition, pos, moves).is_ok() {
                plies += moves.len();
            }
            let dt = t.elapsed().as_secs_f64();
            if dt > slowest.0 {
                slowest = (dt, id.clone());
            }
        }
        let total = start.elapsed().as_secs_f64();
        println!(
            "{:8} {} games, {} moves: {:.2} s, {:.0} µs/move; slowest game {} ({:.2} s)",
            edition.name(),
            loaded.len(),
            plies,
            total,
            total * 1e6 / plies.max(1) as f64,
            slowest.1,
            slowest.0
        );
    }
}
