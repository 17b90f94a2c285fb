//! PGN: reading any bytes never panics; every game read writes back (in
//! every notation) to text that reads as the same game.
#![no_main]

mod common;

use common::moves_only;
use libfuzzer_sys::fuzz_target;
use qili::record::{pgn, Notation};
use qili::zh::Style;

fuzz_target!(|data: &[u8]| {
    for game in pgn::read(data).into_iter().flatten() {
        for notation in [
            Notation::Iccs,
            Notation::Wxf,
            Notation::Zh(Style::SIMPLIFIED),
            Notation::Zh(Style::TRADITIONAL),
        ] {
            let text = pgn::write(&game, notation);
            let back = pgn::read_str(&text);
            assert_eq!(back.len(), 1, "{text}");
            let back = back[0].as_ref().expect("a written game reads back");
            assert_eq!(back.start, game.start, "{text}");
            assert_eq!(moves_only(&back.moves), moves_only(&game.moves), "{text}");
            assert_eq!(back.result, game.result, "{text}");
        }
    }
});
