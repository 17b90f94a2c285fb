//! Writing: the input bytes choose a game from the start position; in every
//! position reached, every legal move written in WXF and Chinese reads back
//! as the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qili::{wxf, zh, Position};

fuzz_target!(|data: &[u8]| {
    let mut pos = Position::new();
    for &b in data.iter().take(200) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return;
        }
        for &m in &moves {
            assert_eq!(wxf::parse_move(&pos, &wxf::write_move(&pos, m)), Ok(m));
            for style in [
                zh::Style::SIMPLIFIED,
                zh::Style::TRADITIONAL,
                zh::Style::PGN,
            ] {
                let text = zh::write_move_with(&pos, m, style);
                assert_eq!(zh::parse_move(&pos, &text), Ok(m), "{text}");
            }
        }
        let m = moves[usize::from(b) % moves.len()];
        pos.play_unchecked(m);
    }
});
