//! Prints perft counts: `cargo run --release --example perft -- DEPTH [FEN]`
//! (the start position if no FEN is given), with `--divide` for the count
//! below each legal move.

use std::time::Instant;

use qili::{fen, iccs, Tolerance};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let divide = args.iter().any(|a| a == "--divide");
    args.retain(|a| a != "--divide");
    let depth: u32 = match args.first().and_then(|d| d.parse().ok()) {
        Some(d) => d,
        None => {
            eprintln!("usage: perft DEPTH [FEN] [--divide]");
            std::process::exit(2);
        }
    };
    let fen_text = if args.len() > 1 {
        args[1..].join(" ")
    } else {
        fen::START.to_string()
    };
    let pos = match fen::position(&fen_text, Tolerance::COMPOSED) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let t = Instant::now();
    let nodes = if divide && depth > 0 {
        let mut total = 0;
        for &m in &pos.legal_moves() {
            let mut p = pos.clone();
            p.play_unchecked(m);
            let n = p.perft(depth - 1);
            println!("{} {n}", iccs::Iccs::from_move(m));
            total += n;
        }
        total
    } else {
        pos.perft(depth)
    };
    let dt = t.elapsed().as_secs_f64();
    println!("perft {depth} = {nodes}");
    eprintln!("{dt:.3} s, {:.1} M nodes/s", nodes as f64 / dt / 1e6);
}
