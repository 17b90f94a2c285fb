//! Game records (PGN, DhtmlXQ, XQF, 象棋桥 CBR/CBL/CBF) as plain data for JS.

use qili::record::{self, Line, Node, Tags};
use qili::{fen, wxf, zh, Position};

use crate::api::OrderedMap;

/// Every game of a record file that could be read, and why the others could
/// not.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RecordFile {
    /// The games read, in file order.
    pub games: Vec<RecordGame>,
    /// The games that could not be read.
    pub errors: Vec<RecordError>,
}

/// A game that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RecordError {
    /// Its place in the file, from 1.
    pub game: usize,
    /// Why, and where.
    pub message: String,
}

/// One game.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RecordGame {
    /// The tags (`Event`, `Red`, `Black`, `Date` …) in file order.
    pub tags: TagMap,
    /// The position before the first move (FEN).
    pub fen: String,
    /// The position at the end of the main line (FEN).
    pub final_fen: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// The comment before the first move.
    pub comment: Option<String>,
    /// The main line, with comments and variations.
    pub moves: Vec<RecordMove>,
    /// What the reader left out (variations cut at an illegal move …).
    pub warnings: Vec<String>,
}

/// One move of a record.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RecordMove {
    /// ICCS.
    pub iccs: String,
    /// Chinese notation.
    pub zh: String,
    /// WXF notation.
    pub wxf: String,
    /// The comment after the move.
    pub comment: Option<String>,
    /// Numeric annotation glyphs (1 = good move, 2 = mistake …).
    pub nags: Vec<u8>,
    /// Alternatives to this move, each starting in the position before it.
    pub variations: Vec<RecordLine>,
}

/// A variation.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RecordLine {
    /// The comment before its first move.
    pub comment: Option<String>,
    /// Its moves.
    pub moves: Vec<RecordMove>,
}

/// Tags serialized as one object, keys in file order.
pub type TagMap = OrderedMap<String>;

fn tags(t: &Tags) -> TagMap {
    OrderedMap(
        t.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    )
}

/// The moves of `nodes` played from `pos`, which ends up after the last one.
/// Variations are nested at most [`record::MAX_NESTING`] deep, so the
/// recursion is bounded.
fn moves(pos: &mut Position, nodes: &[Node]) -> Vec<RecordMove> {
    let mut out = Vec::with_capacity(nodes.len());
    for node in nodes {
        let m = node.mv;
        // The reader checked every move; a hand-made illegal one stops the
        // line rather than corrupt the position.
        if !pos.is_legal(m) {
            break;
        }
        let variations = node.variations.iter().map(|l| line(pos, l)).collect();
        out.push(RecordMove {
            iccs: m.to_string(),
            zh: zh::write_move(pos, m),
            wxf: wxf::write_move(pos, m),
            comment: node.comment.clone(),
            nags: node.nags.clone(),
            variations,
        });
        pos.play_unchecked(m);
    }
    out
}

fn line(before: &Position, l: &Line) -> RecordLine {
    let mut pos = before.clone();
    RecordLine {
        comment: l.comment.clone(),
        moves: moves(&mut pos, &l.nodes),
    }
}

/// Reads every game of a record file (format and text encoding detected).
pub fn read(bytes: &[u8]) -> RecordFile {
    let mut file = RecordFile {
        games: Vec::new(),
        errors: Vec::new(),
    };
    for (i, r) in record::read(bytes).into_iter().enumerate() {
        match r {
            Ok(g) => {
                let mut pos = g.start.clone();
                let main = moves(&mut pos, &g.moves.nodes);
                file.games.push(RecordGame {
                    tags: tags(&g.tags),
                    fen: fen::write(&g.start),
                    final_fen: fen::write(&pos),
                    result: g.result.pgn(),
                    comment: g.moves.comment.clone(),
                    moves: main,
                    warnings: g.warnings,
                });
            }
            Err(e) => file.errors.push(RecordError {
                game: i + 1,
                message: e.to_string(),
            }),
        }
    }
    file
}

/// [`read`], failing when no game at all could be read.
pub fn parse(bytes: &[u8]) -> Result<RecordFile, String> {
    let file = read(bytes);
    if file.games.is_empty() {
        return Err(match file.errors.first() {
            Some(e) => e.message.clone(),
            None => "no game found in the record".into(),
        });
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_with_a_variation() {
        let text = "[Event \"例\"]\n[Red \"胡荣华\"]\n1. 炮二平五 {中炮} 马8进7 (1... 炮8平5) 2. 马二进三 1-0\n";
        let file = parse(text.as_bytes()).unwrap();
        assert!(file.errors.is_empty());
        let g = &file.games[0];
        assert_eq!(g.tags.0[0], ("Event".to_string(), "例".to_string()));
        assert_eq!(g.result, "1-0");
        let iccs: Vec<&str> = g.moves.iter().map(|m| m.iccs.as_str()).collect();
        assert_eq!(iccs, ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(g.moves[0].comment.as_deref(), Some("中炮"));
        assert_eq!(g.moves[1].variations[0].moves[0].zh, "炮8平5");
        assert_eq!(
            g.final_fen,
            "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2"
        );
    }

    /// A 象棋桥 record with its eleven variations, read by content.
    #[test]
    fn ccbridge_record_with_variations() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/corpus/records/ccbridge/cc_test.cbr"
        );
        let file = parse(&std::fs::read(path).unwrap()).unwrap();
        let g = &file.games[0];
        fn variations(moves: &[RecordMove]) -> usize {
            moves
                .iter()
                .flat_map(|m| &m.variations)
                .map(|v| 1 + variations(&v.moves))
                .sum()
        }
        assert_eq!(variations(&g.moves), 11);
        assert_eq!(g.moves[0].zh, "炮二平五");
    }

    #[test]
    fn errors() {
        assert_eq!(parse(b"").unwrap_err(), "no game found in the record");
        assert!(parse(b"1. h2e2 h2e2").unwrap_err().contains("game 1"));
        for junk in [&b"XQ\x00\x01"[..], b"[DhtmlXQ]", b"\xff\xfe", b"((((", b"{"] {
            let _ = parse(junk);
        }
    }
}
