//! Chinese: whatever parses prints (in every style) and parses back to the
//! same notation, and resolving it never panics and gives only legal moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qili::{fen, zh, Position, Tolerance};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    let Ok(n) = text.parse::<zh::Notation>() else {
        return;
    };
    for style in [
        zh::Style::SIMPLIFIED,
        zh::Style::TRADITIONAL,
        zh::Style::PGN,
    ] {
        let printed = n.styled(style).to_string();
        assert_eq!(
            printed.parse::<zh::Notation>(),
            Ok(n),
            "{text:?} -> {printed}"
        );
    }
    for f in [
        fen::START,
        "3k5/9/9/9/9/9/9/1R7/1R7/4K4 w",
        "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w",
        "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b",
    ] {
        let pos: Position = fen::position(f, Tolerance::COMPOSED).unwrap();
        if let Ok(m) = n.to_move(&pos) {
            assert!(pos.is_legal(m));
        }
    }
});
