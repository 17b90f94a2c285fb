//! Every visible rulebook example (`../shared/cases/*.jsonl`) drawn at its
//! last ply with the replay's arrows and badges: the SVG parses as XML, and
//! every piece on the board is one element with `data-piece` (its FEN
//! letter) and `data-square` (its point).

use std::collections::BTreeMap;
use std::path::PathBuf;

use qili::notation::Reader;
use qili::rules::{adjudicate, Edition, Report};
use qili::{fen, line, Tolerance};
use qili_diagram::svg::{at_ply, document, pieces, Options};
use qili_diagram::{Glyphs, Overlay};
use serde_json::Value;

fn cases() -> Vec<Value> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/cases");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|f| {
            std::fs::read_to_string(f)
                .unwrap()
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| serde_json::from_str::<Value>(l).unwrap())
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn every_example_at_its_last_ply_is_valid_svg_with_one_element_per_piece() {
    // The examples with a position (a few lines hold only candidate
    // positions: the library does not show them).
    let cases: Vec<Value> = cases()
        .into_iter()
        .filter(|c| c["fen"].is_string())
        .collect();
    assert!(cases.len() > 190, "{} cases", cases.len());
    for (i, case) in cases.iter().enumerate() {
        let id = case["id"].as_str().unwrap_or("?");
        let start = fen::position(case["fen"].as_str().unwrap(), Tolerance::COMPOSED)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let texts: Vec<&str> = case["moves"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let moves =
            line::read_moves(&start, &texts, Reader::Auto).unwrap_or_else(|e| panic!("{id}: {e}"));
        let edition: Edition = case["rules"].as_str().unwrap_or("cxa1999").parse().unwrap();
        let a = adjudicate(edition, &start, &moves).unwrap_or_else(|e| panic!("{id}: {e}"));
        let report = Report::new(&start, &a);
        let (pos, last) = at_ply(&start, &moves, moves.len());
        let overlay = match (last, report.moves.last()) {
            (Some(mv), Some(m)) => Overlay::of_move(mv, m),
            _ => Overlay::default(),
        };
        let want: BTreeMap<String, String> = pieces(&pos)
            .iter()
            .map(|(s, p)| (s.to_string(), p.char().to_string()))
            .collect();
        let o = Options {
            flipped: i % 2 == 1,
            glyphs: if i % 3 == 0 {
                Glyphs::Simplified
            } else {
                Glyphs::Traditional
            },
            title: Some(id.to_string()),
            ..Options::default()
        };
        let svg = document(&pieces(&pos), &overlay, &o);
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{id}: {e}"));
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg", "{id}");
        assert_eq!(
            root.tag_name().namespace(),
            Some("http://www.w3.org/2000/svg")
        );
        let drawn: Vec<_> = doc
            .descendants()
            .filter(|n| n.attribute("data-piece").is_some())
            .collect();
        assert_eq!(drawn.len(), want.len(), "{id}: one element per piece");
        let mut got = BTreeMap::new();
        for n in &drawn {
            let sq = n
                .attribute("data-square")
                .unwrap_or_else(|| panic!("{id}: a piece without data-square"));
            got.insert(
                sq.to_string(),
                n.attribute("data-piece").unwrap().to_string(),
            );
        }
        assert_eq!(got, want, "{id}");
        let squares = doc
            .descendants()
            .filter(|n| n.attribute("data-square").is_some())
            .count();
        assert_eq!(squares, want.len(), "{id}: one data-square per piece");
        assert!(!svg.contains("href"), "{id}: no external reference");
    }
}
