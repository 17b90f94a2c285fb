//! DhtmlXQ: reading any bytes never panics; every game read writes back to
//! a block that reads as the same moves, comments and variations.
#![no_main]

mod common;

use common::moves_only;
use libfuzzer_sys::fuzz_target;
use qili::record::dhtmlxq;

fuzz_target!(|data: &[u8]| {
    for game in dhtmlxq::read(data).into_iter().flatten() {
        let Ok(text) = dhtmlxq::write(&game) else {
            continue;
        };
        let back = dhtmlxq::read_str(&text);
        assert_eq!(back.len(), 1, "{text}");
        let back = back[0].as_ref().expect("a written block reads back");
        assert_eq!(back.start.board(), game.start.board(), "{text}");
        assert_eq!(moves_only(&back.moves), moves_only(&game.moves), "{text}");
    }
});
