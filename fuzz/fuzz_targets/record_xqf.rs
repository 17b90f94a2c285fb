//! XQF: decoding any bytes never panics, and a decoded game survives a PGN
//! round trip.
#![no_main]

mod common;

use common::moves_only;
use libfuzzer_sys::fuzz_target;
use qili::record::{pgn, xqf, Notation};

fuzz_target!(|data: &[u8]| {
    let Ok(game) = xqf::read(data) else {
        return;
    };
    let text = pgn::write(&game, Notation::Iccs);
    let back = pgn::read_str(&text);
    let back = back[0].as_ref().expect("a written game reads back");
    assert_eq!(moves_only(&back.moves), moves_only(&game.moves), "{text}");
});
