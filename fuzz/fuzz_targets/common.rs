//! Helpers shared by the record fuzz targets.

use qili::record::{Line, Node};

/// The move tree without comments: a comment can hold text the format
/// cannot write back as is (`}` in PGN, `[DhtmlXQ` in DhtmlXQ).
pub fn moves_only(line: &Line) -> Line {
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
