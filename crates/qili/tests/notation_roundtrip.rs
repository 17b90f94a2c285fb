//! Notation round trips on real games, and robustness of the parsers.
//!
//! - Every move of every game of `shared/corpus/games.jsonl.gz` is written in
//!   ICCS, WXF and Chinese (simplified, traditional, PGN style) and read back.
//!   Debug builds take every 20th game; `cargo test --release` takes them all.
//! - The Big5 PGN files of `shared/corpus/pgn-sample/` are read move by move,
//!   and writing each move in [`zh::Style::PGN`] gives back the published text
//!   (except where a record leaves out 前/後 that the convention asks for).
//! - In random games every legal move of every position round trips too.
//! - Random and mutated strings never make a parser panic, and whatever parses
//!   prints and parses back to the same notation.

mod common;
use common::Rng;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::time::Instant;

use qili::iccs::{self, Iccs};
use qili::{fen, wxf, zh, Move, Position, Tolerance};
use serde_json::Value;

fn corpus_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    assert!(
        dir.is_dir(),
        "the game corpus is expected in {} (the shared folder beside the repository)",
        dir.display()
    );
    dir
}

/// Games taken in debug builds: one in this many.
const DEBUG_STRIDE: usize = 20;

/// What kind of origin a notation used, to show the corpus exercises them.
fn origin_kind(o: wxf::Origin) -> &'static str {
    match o {
        wxf::Origin::File(_) => "file",
        wxf::Origin::Place { file: Some(_), .. } => "place on a named file",
        wxf::Origin::Place {
            place: wxf::Place::Nth(_),
            ..
        } => "ordinal",
        wxf::Origin::Place {
            place: wxf::Place::Middle,
            ..
        } => "middle",
        wxf::Origin::Place { .. } => "front/rear",
    }
}

fn check_move(pos: &Position, m: Move, kinds: &mut BTreeMap<&'static str, usize>) {
    let text = Iccs::from_move(m).to_string();
    assert_eq!(iccs::parse_move(pos, &text), Ok(m), "{pos:?} ICCS {text}");

    let n = wxf::Notation::from_move(pos, m);
    *kinds.entry(origin_kind(n.origin)).or_default() += 1;
    let text = n.to_string();
    assert_eq!(wxf::parse_move(pos, &text), Ok(m), "{pos:?} WXF {text}");

    let n = zh::Notation::from_move(pos, m);
    for style in [
        zh::Style::SIMPLIFIED,
        zh::Style::TRADITIONAL,
        zh::Style::PGN,
    ] {
        let text = n.styled(style).to_string();
        assert_eq!(
            zh::parse_move(pos, &text),
            Ok(m),
            "{pos:?} {style:?} {text}"
        );
    }
}

#[test]
fn every_corpus_move_round_trips() {
    let path = corpus_dir().join("games.jsonl.gz");
    let file = std::fs::File::open(&path)
        .unwrap_or_else(|e| panic!("cannot open {}: {e}", path.display()));
    let reader = BufReader::new(flate2::read::GzDecoder::new(file));
    let stride = if cfg!(debug_assertions) {
        DEBUG_STRIDE
    } else {
        1
    };
    let start = Instant::now();
    let (mut games, mut moves) = (0usize, 0usize);
    let mut kinds = BTreeMap::new();
    for (i, line) in reader.lines().enumerate() {
        let line = line.expect("the corpus is readable gzip text");
        if i % stride != 0 || line.trim().is_empty() {
            continue;
        }
        let game: Value = serde_json::from_str(&line).expect("each line is JSON");
        let id = game["id"].as_str().unwrap_or("?");
        let mut pos = fen::position(game["fen"].as_str().unwrap(), Tolerance::COMPOSED)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        for (ply, mv) in game["moves"].as_array().unwrap().iter().enumerate() {
            let mv = mv.as_str().unwrap();
            let m =
                iccs::parse_move(&pos, mv).unwrap_or_else(|e| panic!("{id} ply {}: {e}", ply + 1));
            check_move(&pos, m, &mut kinds);
            pos.play_unchecked(m);
            moves += 1;
        }
        games += 1;
    }
    eprintln!(
        "round trip: {moves} moves of {games} games in {:.1?} (origins written: {kinds:?})",
        start.elapsed()
    );
    assert!(games >= 28_411 / stride, "only {games} games read");
    assert!(kinds.get("front/rear").copied().unwrap_or(0) > 0);
}

/// Reads the move text of a PGN file: the tokens of the lines that are not
/// tags, without move numbers and the result.
fn pgn_moves(text: &str) -> (Option<String>, Vec<String>) {
    let mut fen = None;
    let mut moves = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix("[FEN \"") {
            fen = tag.strip_suffix("\"]").map(str::to_string);
            continue;
        }
        if line.starts_with('[') || line.starts_with('{') {
            continue;
        }
        for tok in line.split_whitespace() {
            let is_number = tok
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit());
            if is_number || ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok) {
                continue;
            }
            moves.push(tok.to_string());
        }
    }
    (fen, moves)
}

#[test]
fn big5_pgn_sample_reads_and_writes_back() {
    let dir = corpus_dir().join("pgn-sample");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 100,
        "expected the PGN sample in {}",
        dir.display()
    );
    let (mut same, mut tandem_unmarked) = (0, 0);
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let (text, _, bad) = encoding_rs::BIG5.decode(&bytes);
        assert!(!bad, "{} is not Big5", path.display());
        let (fen_text, moves) = pgn_moves(&text);
        let mut pos = match fen_text {
            Some(f) => fen::position(&f, Tolerance::COMPOSED).unwrap(),
            None => Position::new(),
        };
        for (ply, written) in moves.iter().enumerate() {
            let m = zh::parse_move(&pos, written)
                .unwrap_or_else(|e| panic!("{} ply {}: {written}: {e}", path.display(), ply + 1));
            let ours = zh::Notation::from_move(&pos, m);
            if &ours.styled(zh::Style::PGN).to_string() == written {
                same += 1;
            } else {
                // Some records leave out 前/後 when only one of the two pieces
                // on the file can make the move; we always write it.
                let theirs: zh::Notation = written.parse().unwrap();
                assert!(
                    matches!(theirs.origin, zh::Origin::File(_))
                        && matches!(ours.origin, zh::Origin::Place { .. }),
                    "{} ply {}: {written} written as {ours} ({pos:?})",
                    path.display(),
                    ply + 1
                );
                tandem_unmarked += 1;
            }
            pos.play_unchecked(m);
        }
    }
    eprintln!(
        "PGN sample, {} files: {same} moves written as published, {tandem_unmarked} published without 前/後",
        files.len()
    );
    assert!(tandem_unmarked * 100 < same);
}

/// Characters the parsers care about, plus some they must reject.
const ALPHABET: &[char] = &[
    'K', 'A', 'E', 'B', 'H', 'N', 'R', 'C', 'P', 'k', 'a', 'e', 'h', 'r', 'c', 'p', 'x', '+', '-',
    '=', '.', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', ' ', '车', '車', '俥', '马', '馬',
    '傌', '炮', '砲', '包', '相', '象', '仕', '士', '帅', '帥', '将', '將', '兵', '卒', '进', '進',
    '退', '平', '前', '后', '後', '中', '一', '二', '三', '四', '五', '六', '七', '八', '九', '１',
    '５', '９', '０', '〇', '\u{0}', '\u{301}', 'é', '🀄', '\n',
];

fn random_text(rng: &mut Rng, seeds: &[String]) -> String {
    if rng.below(3) == 0 {
        let len = rng.below(8);
        return (0..len).map(|_| rng.pick(ALPHABET)).collect();
    }
    // Mutate a valid notation: replace, insert or delete a few characters.
    let mut chars: Vec<char> = seeds[rng.below(seeds.len())].chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(3) {
            0 if at < chars.len() => chars[at] = rng.pick(ALPHABET),
            1 => chars.insert(at, rng.pick(ALPHABET)),
            _ if at < chars.len() => {
                chars.remove(at);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Positions to resolve fuzzed notations in: the start, a middle game and
/// positions with tandem pieces and many pawns on one file.
fn fuzz_positions() -> Vec<Position> {
    [
        fen::START,
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w",
        "3k5/9/9/9/9/9/9/1R7/1R7/4K4 w",
        "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w",
        "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b",
    ]
    .iter()
    .map(|f| fen::position(f, Tolerance::COMPOSED).unwrap())
    .collect()
}

/// Written notations of every legal move of `positions`, to mutate.
fn seeds(positions: &[Position]) -> Vec<String> {
    let mut out = Vec::new();
    for pos in positions {
        for &m in &pos.legal_moves() {
            out.push(wxf::write_move(pos, m));
            out.push(zh::write_move(pos, m));
            out.push(zh::write_move_with(pos, m, zh::Style::TRADITIONAL));
        }
    }
    out.extend(["+P7=6", "2P=4", "前兵九进一", "前七平六", "中兵平六"].map(String::from));
    out
}

fn fuzz_count() -> usize {
    if cfg!(debug_assertions) {
        200_000
    } else {
        1_000_000
    }
}

#[test]
fn wxf_parser_survives_random_text() {
    let positions = fuzz_positions();
    let seeds = seeds(&positions);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut parsed = 0;
    for i in 0..fuzz_count() {
        let text = random_text(&mut rng, &seeds);
        if let Ok(n) = text.parse::<wxf::Notation>() {
            parsed += 1;
            let again: wxf::Notation = n
                .to_string()
                .parse()
                .unwrap_or_else(|e| panic!("{text:?} printed as {n} which does not parse: {e}"));
            assert_eq!(again, n, "{text:?}");
            if let Ok(m) = n.to_move(&positions[i % positions.len()]) {
                assert!(positions[i % positions.len()].is_legal(m));
            }
        }
    }
    assert!(parsed > 1000, "only {parsed} random strings parsed");
}

#[test]
fn zh_parser_survives_random_text() {
    let positions = fuzz_positions();
    let seeds = seeds(&positions);
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut parsed = 0;
    for i in 0..fuzz_count() {
        let text = random_text(&mut rng, &seeds);
        if let Ok(n) = text.parse::<zh::Notation>() {
            parsed += 1;
            for style in [
                zh::Style::SIMPLIFIED,
                zh::Style::TRADITIONAL,
                zh::Style::PGN,
            ] {
                let printed = n.styled(style).to_string();
                let again: zh::Notation = printed.parse().unwrap_or_else(|e| {
                    panic!("{text:?} printed as {printed} which does not parse: {e}")
                });
                assert_eq!(again, n, "{text:?} printed as {printed}");
            }
            if let Ok(m) = n.to_move(&positions[i % positions.len()]) {
                assert!(positions[i % positions.len()].is_legal(m));
            }
        }
        let _ = text.parse::<Iccs>();
    }
    assert!(parsed > 1000, "only {parsed} random strings parsed");
}

/// Random games from the start: in every position reached, every legal move
/// (not only the one played) is written and read back, reaching piece
/// arrangements that master games avoid.
#[test]
fn every_move_of_random_games_round_trips() {
    let games = if cfg!(debug_assertions) { 15 } else { 300 };
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let mut kinds = BTreeMap::new();
    for _ in 0..games {
        let mut pos = Position::new();
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                check_move(&pos, m, &mut kinds);
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    eprintln!("random games: origins written {kinds:?}");
}
