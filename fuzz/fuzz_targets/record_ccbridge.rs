//! 象棋桥 (CCBridge) CBR, CBL and CBF: decoding any bytes never panics, and
//! every game decoded survives a PGN round trip.
#![no_main]

mod common;

use common::moves_only;
use libfuzzer_sys::fuzz_target;
use qili::record::{cbf, cbl, cbr, pgn, Game, Notation};

fn round_trip(game: &Game) {
    let text = pgn::write(game, Notation::Iccs);
    let back = pgn::read_str(&text);
    let back = back[0].as_ref().expect("a written game reads back");
    assert_eq!(moves_only(&back.moves), moves_only(&game.moves), "{text}");
}

/// Where a library's index starts: what precedes it is header text.
const INDEX: usize = 0x10440;

/// `L`, a slot count and the rest: a library with that many index slots
/// and the rest from its index on, so that short inputs reach the index and
/// the records (a real library is at least 66 KB).
fn library(data: &[u8]) -> Option<Vec<u8>> {
    let (&[b'L', slots], rest) = data.split_first_chunk::<2>()? else {
        return None;
    };
    let mut out = vec![0u8; INDEX];
    out[..16].copy_from_slice(cbl::MAGIC);
    out[60] = slots;
    out.extend_from_slice(rest);
    Some(out)
}

fuzz_target!(|data: &[u8]| {
    // The bytes as a record, as a library (as they are, or as the index and
    // records of one) and as XML.
    if let Ok(game) = cbr::read(data) {
        round_trip(&game);
    }
    let built = library(data);
    if let Ok(library) = cbl::read(built.as_deref().unwrap_or(data)) {
        for (_, game) in library.games() {
            if let Ok(game) = game {
                round_trip(game);
            }
        }
        let _ = library.deleted().count();
    }
    if let Ok(game) = cbf::read(data) {
        round_trip(&game);
    }
});
