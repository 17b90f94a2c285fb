//! Batch legal-move listing for differential testing against another
//! implementation (`scripts/diff_pyffish.py`).
//!
//! Each line of standard input is a FEN, optionally followed by
//! `moves` and a game's moves in ICCS (`FEN moves h2e2 h9g7 ...`). For the
//! position and every position reached along the moves, one line is written:
//!
//! ```text
//! FEN <tab> 1|0 (side to move in check) <tab> legal moves
//! ```
//!
//! with the legal moves sorted, in the UCI form with ranks 1–10 that
//! Fairy-Stockfish uses (`h3e3`). A move that is not legal stops the game
//! with a line `illegal <tab> MOVE`; an unreadable FEN or illegal position
//! gives `error <tab> REASON`. A line `.` ends the output for each input line.
//! Composed positions are accepted.
//!
//! `cargo run --release --example legal_moves < games.txt`

use std::io::{self, BufRead, BufWriter, Write};

use qili::{fen, iccs, Position, Tolerance};

fn describe(out: &mut impl Write, pos: &Position) -> io::Result<()> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| iccs::to_uci(m)).collect();
    moves.sort_unstable();
    writeln!(
        out,
        "{}\t{}\t{}",
        fen::write(pos),
        u8::from(pos.is_check()),
        moves.join(" ")
    )
}

fn main() -> io::Result<()> {
    let stdin = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lines() {
        let line = line?;
        let (fen_text, moves) = match line.split_once(" moves") {
            Some((f, m)) => (f, m),
            None => (line.as_str(), ""),
        };
        match fen::position(fen_text.trim(), Tolerance::COMPOSED) {
            Ok(mut pos) => {
                describe(&mut out, &pos)?;
                for text in moves.split_whitespace() {
                    match iccs::parse_move(&pos, text) {
                        Ok(m) => {
                            pos.play_unchecked(m);
                            describe(&mut out, &pos)?;
                        }
                        Err(_) => {
                            writeln!(out, "illegal\t{text}")?;
                            break;
                        }
                    }
                }
            }
            Err(e) => writeln!(out, "error\t{e}")?,
        }
        writeln!(out, ".")?;
    }
    out.flush()
}
