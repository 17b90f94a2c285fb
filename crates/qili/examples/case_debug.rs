//! Prints the engine's full analysis of rulebook cases: `cargo run --example case_debug -- FILE.jsonl [ID…]`.

use qili::rules::{adjudicate, Edition};
use qili::{fen, iccs, Tolerance};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: case_debug FILE.jsonl [ID…]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(file).unwrap_or_default();
    for line in text.lines() {
        let Some(id) = field(line, "\"id\": \"") else {
            continue;
        };
        if args.len() > 1 && !args[1..].iter().any(|a| a == &id) {
            continue;
        }
        let (Some(f), Some(rules)) = (field(line, "\"fen\": \""), field(line, "\"rules\": \""))
        else {
            continue;
        };
        let moves = line
            .split("\"moves\": [")
            .nth(1)
            .and_then(|s| s.split(']').next())
            .unwrap_or("")
            .replace(['"', ','], " ");
        let edition: Edition = rules.parse().unwrap_or(Edition::Cxa1999);
        let pos = match fen::position(&f, Tolerance::COMPOSED) {
            Ok(p) => p,
            Err(e) => {
                println!("{id}: {e}");
                continue;
            }
        };
        let mv = iccs::parse_line(&pos, &moves).unwrap_or_default();
        let Ok(game) = adjudicate(edition, &pos, &mv) else {
            continue;
        };
        println!(
            "== {id} ({rules}) {f}\n   expect {}",
            line.split("\"expect\": ")
                .nth(1)
                .unwrap_or("")
                .split('}')
                .next()
                .unwrap_or("")
        );
        for k in &game.moves {
            println!(
                "  {} {:?} {} idle={:?} on={:?} reason={:?} mate={:?}",
                k.mv,
                k.mover,
                k.label.zh(),
                k.idle.map(|i| i.zh()),
                k.idle_targets,
                k.reason,
                k.mate_line
            );
            for t in &k.chases {
                println!(
                    "      chase {} {} by {:?} {:?} {:?} gain {} king_only {} pawn_only {}",
                    t.square,
                    t.piece,
                    t.attackers,
                    t.method,
                    t.root,
                    t.gain,
                    t.king_only,
                    t.pawn_only
                );
            }
            if !k.standing.is_empty() {
                println!("      standing {:?}", k.standing);
            }
        }
        if let Some(c) = &game.cycle {
            println!(
                "  cycle {}..{} occ {} red {:?} {:?} black {:?} {:?}",
                c.start,
                c.end,
                c.occurrences,
                c.red.pattern,
                c.red.effective,
                c.black.pattern,
                c.black.effective
            );
        }
        println!(
            "  ruling {} verdict {}",
            game.ruling.code(),
            game.verdict.code()
        );
    }
}

fn field(line: &str, key: &str) -> Option<String> {
    line.split(key)
        .nth(1)?
        .split('"')
        .next()
        .map(str::to_string)
}
