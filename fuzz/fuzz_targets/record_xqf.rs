//! XQF: decoding any bytes never panics, and a decoded game survives a PGN
//! round trip.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qili::record::{pgn, xqf, Line, Node, Notation};

fuzz_target!(|data: &[u8]| {
    let Ok(game) = xqf::read(data) else {
        return;
    };
    let text = pgn::write(&game, Notation::Iccs);
    let back = pgn::read_str(&text);
    let back = back[0].as_ref().expect("a written game reads back");
    assert_eq!(moves_only(&back.moves), moves_only(&game.moves), "{text}");
});

/// The move tree without comments: a comment can hold text the format
/// cannot write back as is (`}` in PGN, `[DhtmlXQ` in DhtmlXQ).
fn moves_only(line: &Line) -> Line {
    Line {
        comment: None,
        nodes: line
            .nodes
            .iter()
            .map(|n| Node {
                comment: None,
                variations: n.variations.iter().map(moves_only).collect(),
                ..n.clone()
            })
            .collect(),
    }
}
