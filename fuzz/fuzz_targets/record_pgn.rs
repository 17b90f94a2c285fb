//! PGN: reading any bytes never panics; every game read writes back (in
//! every notation) to text that reads as the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qili::record::{pgn, Line, Node, Notation};
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
