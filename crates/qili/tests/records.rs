//! Game records against real files: the XQF, DhtmlXQ and 象棋桥 files of
//! `shared/corpus/records/` with their expected main lines (and for 象棋桥
//! every variation line, the tags, a library's games and sections), the Big5 PGN
//! sample against `games.jsonl.gz`, export → import round trips, and a
//! no-panic check that throws random and mutated bytes at every reader.

mod common;
use common::Rng;

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use qili::record::{
    self, cbf, cbl, cbr, dhtmlxq, pgn, xqf, Game, GameResult, Line, Notation, TextEncoding,
};
use qili::zh::Style;
use qili::{fen, iccs, Position, Tolerance};

fn shared() -> PathBuf {
    let p = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared"));
    assert!(
        p.join("corpus").is_dir(),
        "the shared directory with the corpus is missing: expected it at {}",
        p.display()
    );
    p
}

fn records_dir(sub: &str) -> PathBuf {
    shared().join("corpus/records").join(sub)
}

/// Files of a directory with one of the extensions, sorted.
fn files(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| exts.contains(&e))
        })
        .collect();
    out.sort();
    out
}

struct Expected {
    fen: String,
    moves: Vec<String>,
    title: Option<String>,
}

fn expected(path: &Path) -> Expected {
    let name = path.file_stem().unwrap().to_str().unwrap();
    let json_path = path.with_file_name(format!("{name}.expected.json"));
    let text = std::fs::read_to_string(&json_path)
        .unwrap_or_else(|e| panic!("{}: {e}", json_path.display()));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    Expected {
        fen: v["fen"].as_str().unwrap().to_string(),
        moves: v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect(),
        title: v["title"].as_str().map(str::to_string),
    }
}

fn iccs_moves(game: &Game) -> Vec<String> {
    game.moves.moves().iter().map(|m| m.to_string()).collect()
}

/// Compares a game with its expected start and main line; returns a
/// description of the first difference.
fn check(game: &Game, exp: &Expected) -> Result<(), String> {
    let want = fen::position(&exp.fen, Tolerance::COMPOSED).map_err(|e| e.to_string())?;
    if game.start.board() != want.board() || game.start.turn() != want.turn() {
        return Err(format!(
            "start {} expected {}",
            fen::write(&game.start),
            exp.fen
        ));
    }
    let got = iccs_moves(game);
    if got != exp.moves {
        let i = got
            .iter()
            .zip(&exp.moves)
            .position(|(a, b)| a != b)
            .unwrap_or(got.len().min(exp.moves.len()));
        return Err(format!(
            "moves differ at ply {}: got {:?}, expected {:?} ({} vs {} plies)",
            i + 1,
            got.get(i),
            exp.moves.get(i),
            got.len(),
            exp.moves.len()
        ));
    }
    Ok(())
}

/// Text without white space and the characters old editors leave as filler,
/// to compare titles.
fn squash(s: &str) -> String {
    s.chars()
        .filter(|c| {
            !c.is_whitespace() && !('\u{E000}'..='\u{F8FF}').contains(c) && *c != '\u{FFFD}'
        })
        .collect()
}

#[test]
fn xqf_files_match_expected() {
    let dir = records_dir("xqf");
    let paths = files(&dir, &["xqf", "bak"]);
    assert_eq!(paths.len(), 88, "XQF files in {}", dir.display());
    let mut failures = Vec::new();
    for p in &paths {
        let exp = expected(p);
        let bytes = std::fs::read(p).unwrap();
        let result = xqf::read(&bytes)
            .map_err(|e| e.to_string())
            .and_then(|g| check(&g, &exp).map(|()| g));
        match result {
            Ok(g) => {
                if let Some(t) = &exp.title {
                    let got = g.tag("Title").unwrap_or("");
                    if squash(got) != squash(t) {
                        failures.push(format!("{}: title {got:?}, expected {t:?}", p.display()));
                    }
                }
            }
            Err(e) => failures.push(format!("{}: {e}", p.display())),
        }
    }
    println!(
        "XQF: {} of {} files pass",
        paths.len() - failures.len(),
        paths.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn xqf_corrupt_files_give_clear_errors() {
    let paths = files(&records_dir("xqf-corrupt"), &["xqf"]);
    assert_eq!(paths.len(), 3);
    for p in paths {
        let bytes = std::fs::read(&p).unwrap();
        let errors: Vec<String> = record::read_file(&p)
            .unwrap()
            .into_iter()
            .filter_map(Result::err)
            .map(|e| e.to_string())
            .collect();
        assert_eq!(errors.len(), 1, "{}: expected one error", p.display());
        let msg = &errors[0];
        println!("{msg}");
        assert!(msg.starts_with(&p.display().to_string()), "{msg}");
        assert!(xqf::read(&bytes).is_err());
    }
}

#[test]
fn dhtmlxq_files_match_expected() {
    let dir = records_dir("dhtmlxq");
    let paths = files(&dir, &["ubb", "txt", "html"]);
    assert_eq!(paths.len(), 41, "DhtmlXQ files in {}", dir.display());
    let mut failures = Vec::new();
    for p in &paths {
        let exp = expected(p);
        let games = dhtmlxq::read(&std::fs::read(p).unwrap());
        if games.len() != 1 {
            failures.push(format!("{}: {} blocks", p.display(), games.len()));
            continue;
        }
        let result = games
            .into_iter()
            .next()
            .unwrap()
            .map_err(|e| e.to_string())
            .and_then(|g| check(&g, &exp).map(|()| g));
        match result {
            Ok(g) => {
                if let Some(t) = exp.title.as_deref().filter(|t| !t.is_empty()) {
                    if g.tag("Title") != Some(t) {
                        failures.push(format!(
                            "{}: title {:?}, expected {t:?}",
                            p.display(),
                            g.tag("Title")
                        ));
                    }
                }
            }
            Err(e) => failures.push(format!("{}: {e}", p.display())),
        }
    }
    println!(
        "DhtmlXQ: {} of {} files pass",
        paths.len() - failures.len(),
        paths.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// One game of `games.jsonl.gz`.
#[derive(Clone)]
struct CorpusGame {
    source: String,
    fen: String,
    moves: Vec<String>,
    result: String,
    event: String,
    red: String,
    black: String,
    date: String,
}

fn corpus() -> &'static Vec<CorpusGame> {
    static CORPUS: OnceLock<Vec<CorpusGame>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let path = shared().join("corpus/games.jsonl.gz");
        let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut text = String::new();
        flate2::read::GzDecoder::new(file)
            .read_to_string(&mut text)
            .unwrap();
        let s = |v: &serde_json::Value, k: &str| v[k].as_str().unwrap_or("").to_string();
        text.lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                CorpusGame {
                    source: s(&v, "source"),
                    fen: s(&v, "fen"),
                    moves: v["moves"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|m| m.as_str().unwrap().to_string())
                        .collect(),
                    result: s(&v, "result"),
                    event: s(&v, "event"),
                    red: s(&v, "red"),
                    black: s(&v, "black"),
                    date: s(&v, "date"),
                }
            })
            .collect()
    })
}

#[test]
fn big5_pgn_sample_matches_corpus() {
    let dir = shared().join("corpus/pgn-sample");
    let sources = std::fs::read_to_string(dir.join("SOURCES.txt")).unwrap();
    let by_source: HashMap<&str, &CorpusGame> =
        corpus().iter().map(|g| (g.source.as_str(), g)).collect();
    let paths = files(&dir, &["pgn"]);
    assert_eq!(paths.len(), 150);
    let mut failures = Vec::new();
    let mut matched = 0;
    for line in sources.lines().filter(|l| !l.trim().is_empty()) {
        let (name, source) = line.split_once('\t').expect("SOURCES.txt: name<TAB>source");
        let path = dir.join(name);
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(record::decode_text(&bytes).1, TextEncoding::Big5, "{name}");
        let games = pgn::read(&bytes);
        if games.len() != 1 {
            failures.push(format!("{name}: {} games", games.len()));
            continue;
        }
        let game = match &games[0] {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let moves = iccs_moves(game);
        let reference = by_source
            .get(source)
            .copied()
            .or_else(|| corpus().iter().find(|g| g.moves == moves));
        let Some(reference) = reference else {
            failures.push(format!("{name}: no corpus game for {source}"));
            continue;
        };
        if moves != reference.moves {
            failures.push(format!(
                "{name}: {} plies, corpus has {} ({source})",
                moves.len(),
                reference.moves.len()
            ));
            continue;
        }
        if game.result.pgn() != reference.result {
            failures.push(format!(
                "{name}: result {} vs corpus {}",
                game.result, reference.result
            ));
            continue;
        }
        matched += 1;
    }
    println!("PGN sample: {matched} of 150 files import and match the corpus");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(matched, 150);
}

fn corpus_game(g: &CorpusGame) -> Game {
    let start = fen::position(&g.fen, Tolerance::COMPOSED).unwrap();
    let mut game = Game::new(start.clone());
    let mut pos = start;
    for m in &g.moves {
        let mv = iccs::parse_move(&pos, m).unwrap();
        pos.play_unchecked(mv);
        game.moves.nodes.push(record::Node::new(mv));
    }
    for (k, v) in [
        ("Event", &g.event),
        ("Date", &g.date),
        ("Red", &g.red),
        ("Black", &g.black),
    ] {
        if !v.trim().is_empty() {
            game.tags.insert(k, v.trim());
        }
    }
    game.result = GameResult::parse(&g.result).unwrap_or_default();
    game
}

/// Every line of a game from its start, in file order: the main line, then
/// the alternatives from the deepest branching move up, each followed by
/// its own alternatives (as the 象棋桥 binaries store them).
fn all_lines(line: &Line, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let moves: Vec<String> = line.nodes.iter().map(|n| n.mv.to_string()).collect();
    out.push([prefix, &moves[..]].concat());
    for (i, node) in line.nodes.iter().enumerate().rev() {
        for v in &node.variations {
            all_lines(v, &[prefix, &moves[..i]].concat(), out);
        }
    }
}

/// Compares a game with an expected object of the 象棋桥 files: start,
/// main line, every line, title, event, players, result, commentator.
fn check_ccbridge(game: &Game, exp: &serde_json::Value) -> Result<(), String> {
    let strings = |v: &serde_json::Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect()
    };
    let basic = Expected {
        fen: exp["fen"].as_str().unwrap().to_string(),
        moves: strings(&exp["moves"]),
        title: None,
    };
    check(game, &basic)?;
    let mut lines = Vec::new();
    all_lines(&game.moves, &[], &mut lines);
    let want: Vec<Vec<String>> = exp["line_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(strings)
        .collect();
    if lines.len() as u64 != exp["lines"].as_u64().unwrap() || lines != want {
        return Err(format!("lines {lines:?}, expected {want:?}"));
    }
    for (key, tag) in [
        ("title", "Title"),
        ("event", "Event"),
        ("red", "Red"),
        ("black", "Black"),
        ("commentator", "Annotator"),
    ] {
        if let Some(want) = exp[key].as_str() {
            let got = game.tag(tag).unwrap_or("");
            if got != want {
                return Err(format!("{tag} {got:?}, expected {want:?}"));
            }
        }
    }
    if game.result.pgn() != exp["result"].as_str().unwrap() {
        return Err(format!(
            "result {}, expected {}",
            game.result, exp["result"]
        ));
    }
    Ok(())
}

fn expected_json(path: &Path) -> serde_json::Value {
    let name = path.file_stem().unwrap().to_str().unwrap();
    let json_path = path.with_file_name(format!("{name}.expected.json"));
    let text = std::fs::read_to_string(&json_path)
        .unwrap_or_else(|e| panic!("{}: {e}", json_path.display()));
    serde_json::from_str(&text).unwrap()
}

#[test]
fn ccbridge_files_match_expected() {
    let dir = records_dir("ccbridge");
    let paths = files(&dir, &["cbr", "cbl", "cbf"]);
    assert_eq!(paths.len(), 4, "象棋桥 files in {}", dir.display());
    let mut failures = Vec::new();
    let mut games_checked = 0;
    for p in &paths {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(p).unwrap();
        let exp = expected_json(p);
        // By content, whatever the name says.
        let games = record::read(&bytes);
        let want: Vec<&serde_json::Value> = match exp["games"].as_array() {
            Some(list) => list.iter().collect(),
            None => vec![&exp],
        };
        if games.len() != want.len() {
            failures.push(format!(
                "{name}: {} games, expected {}",
                games.len(),
                want.len()
            ));
            continue;
        }
        for (i, (g, w)) in games.iter().zip(want).enumerate() {
            let r = g
                .as_ref()
                .map_err(|e| e.to_string())
                .and_then(|g| check_ccbridge(g, w));
            match r {
                Ok(()) => games_checked += 1,
                Err(e) => failures.push(format!("{name} game {}: {e}", i + 1)),
            }
        }
        if let Some(sections) = exp["sections"].as_array() {
            let lib = cbl::read(&bytes).unwrap();
            let got: Vec<&str> = lib.sections().map(|s| s.title.as_str()).collect();
            let want: Vec<&str> = sections.iter().map(|s| s.as_str().unwrap()).collect();
            assert_eq!(got, want, "{name} sections");
            assert_eq!(lib.name, exp["name"].as_str().unwrap(), "{name}");
            let deleted: Vec<(usize, String)> = lib
                .deleted()
                .map(|e| match &e.content {
                    Ok(cbl::Content::Game(g)) => (e.slot, g.tag("Title").unwrap_or("").to_string()),
                    other => panic!("{name}: deleted entry {other:?}"),
                })
                .collect();
            let want: Vec<(usize, String)> = exp["deleted"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| {
                    (
                        d["entry"].as_u64().unwrap() as usize,
                        d["title"].as_str().unwrap().to_string(),
                    )
                })
                .collect();
            assert_eq!(deleted, want, "{name} deleted entries");
            // Every game under its section: the first 20 under the first heading.
            let sections: Vec<Option<&str>> = games
                .iter()
                .map(|g| g.as_ref().unwrap().tag("Section"))
                .collect();
            assert!(
                sections.iter().all(Option::is_some),
                "{name}: a game without a section"
            );
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(games_checked, 38);
}

#[test]
fn ccbridge_files_read_by_content_whatever_their_name() {
    let dir = records_dir("ccbridge");
    let tmp = std::env::temp_dir().join(format!("qili-ccbridge-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for p in files(&dir, &["cbr", "cbl", "cbf"]) {
        let renamed = tmp.join(format!("{}.pgn", p.file_stem().unwrap().to_string_lossy()));
        std::fs::copy(&p, &renamed).unwrap();
        let by_name = record::read_file(&renamed).unwrap();
        assert!(by_name.iter().all(Result::is_ok), "{}", renamed.display());
        assert_eq!(
            by_name.len(),
            record::read(&std::fs::read(&p).unwrap()).len()
        );
    }
    std::fs::remove_dir_all(&tmp).unwrap();
}

/// Record files above this size (three opening collections with hundreds of
/// thousands of moves in variations) are round-tripped by the ignored test
/// `round_trip_large_records` only, to keep the normal run short.
const LARGE: u64 = 200_000;

fn record_files(large: bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in ["xqf", "dhtmlxq", "ccbridge"] {
        for p in files(
            &records_dir(dir),
            &["xqf", "bak", "ubb", "txt", "html", "cbr", "cbl", "cbf"],
        ) {
            // The 象棋桥 library is large in bytes, not in moves.
            let big = dir != "ccbridge" && std::fs::metadata(&p).unwrap().len() > LARGE;
            if big == large {
                out.push(p);
            }
        }
    }
    out
}

fn record_games(large: bool) -> Vec<(String, Game)> {
    let mut out = Vec::new();
    for p in record_files(large) {
        for g in record::read_file(&p).unwrap().into_iter().flatten() {
            out.push((p.display().to_string(), g));
        }
    }
    out
}

/// Games of every kind for round trips: a spread of corpus games plus the
/// XQF and DhtmlXQ files (variations, comments, composed start positions).
fn round_trip_games() -> Vec<(String, Game)> {
    let all = corpus();
    let n = 300;
    let step = (all.len() / n).max(1);
    let mut out: Vec<(String, Game)> = all
        .iter()
        .step_by(step)
        .take(n)
        .map(|g| (g.source.clone(), corpus_game(g)))
        .collect();
    out.extend(record_games(false));
    out
}

fn count_nodes(line: &record::Line) -> usize {
    line.nodes
        .iter()
        .map(|n| 1 + n.variations.iter().map(count_nodes).sum::<usize>())
        .sum()
}

#[test]
fn pgn_round_trip_in_every_notation() {
    let games = round_trip_games();
    assert!(games.len() > 300);
    assert!(pgn_round_trip(&games) > 0, "no game with variations");
}

#[test]
fn dhtmlxq_round_trip() {
    dhtmlxq_round_trip_of(&round_trip_games());
}

#[test]
#[ignore = "slow: opening collections with hundreds of thousands of moves"]
fn round_trip_large_records() {
    let games = record_games(true);
    assert_eq!(games.len(), 3);
    pgn_round_trip(&games);
    dhtmlxq_round_trip_of(&games);
}

/// Writes and reads back every game in every notation; returns how many
/// have variations.
fn pgn_round_trip(games: &[(String, Game)]) -> usize {
    let mut with_variations = 0;
    for notation in [
        Notation::Iccs,
        Notation::Wxf,
        Notation::Zh(Style::SIMPLIFIED),
        Notation::Zh(Style::TRADITIONAL),
        Notation::Zh(Style::PGN),
    ] {
        for (name, g) in games {
            let text = pgn::write(g, notation);
            let back = pgn::read_str(&text);
            assert_eq!(back.len(), 1, "{name} {notation:?}:\n{text}");
            let back = back[0]
                .as_ref()
                .unwrap_or_else(|e| panic!("{name} {notation:?}: {e}\n{text}"));
            assert_eq!(back.start, g.start, "{name} {notation:?}");
            assert_eq!(back.moves, g.moves, "{name} {notation:?}\n{text}");
            assert_eq!(back.result, g.result, "{name} {notation:?}");
            for (k, v) in g.tags.iter() {
                if k != "Result" {
                    assert_eq!(back.tag(k), Some(v), "{name} {notation:?} tag {k}");
                }
            }
            // Writing again gives the same text.
            assert_eq!(pgn::write(back, notation), text, "{name} {notation:?}");
            if count_nodes(&g.moves) > g.moves.nodes.len() {
                with_variations += 1;
            }
        }
    }
    with_variations
}

fn dhtmlxq_round_trip_of(games: &[(String, Game)]) {
    for (name, g) in games {
        let text = dhtmlxq::write(g).unwrap_or_else(|e| panic!("{name}: {e}"));
        let back = dhtmlxq::read_str(&text);
        assert_eq!(back.len(), 1, "{name}");
        let back = back[0]
            .as_ref()
            .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(back.start.board(), g.start.board(), "{name}");
        if !g.moves.nodes.is_empty() {
            assert_eq!(back.start.turn(), g.start.turn(), "{name}");
        }
        assert_eq!(back.moves, g.moves, "{name}\n{text}");
        assert_eq!(back.result, g.result, "{name}");
        for k in [
            "Title",
            "Event",
            "Red",
            "Black",
            "Date",
            "Site",
            "Round",
            "Table",
            "RedTeam",
            "BlackTeam",
            "Opening",
            "Annotator",
            "Author",
        ] {
            assert_eq!(back.tag(k), g.tag(k), "{name} tag {k}");
        }
        assert_eq!(dhtmlxq::write(back).unwrap(), text, "{name}");
    }
}

#[test]
fn multi_game_file_keeps_good_games() {
    let all = corpus();
    let good: Vec<Game> = all.iter().take(3).map(corpus_game).collect();
    let mut text = pgn::write(&good[0], Notation::CHINESE);
    text.push('\n');
    // A broken game between two good ones: its fifth move is illegal.
    let mut broken = pgn::write(&good[1], Notation::Iccs);
    let third = good[1].moves.nodes[4].mv.to_string();
    broken = broken.replacen(&format!(" {third} "), " a0a9 ", 1);
    text.push_str(&broken);
    text.push('\n');
    text.push_str(&pgn::write(&good[2], Notation::Wxf));
    let games = pgn::read_str(&text);
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].as_ref().unwrap().moves, good[0].moves);
    let err = games[1].as_ref().unwrap_err();
    assert_eq!(err.game, 2);
    assert!(err.to_string().contains("move 3. a0a9 (red)"), "{err}");
    assert_eq!(games[2].as_ref().unwrap().moves, good[2].moves);
}

#[test]
fn main_line_for_replay() {
    let p = records_dir("xqf").join("wk_test_5_variations.xqf");
    let game = record::read_file(&p).unwrap().remove(0).unwrap();
    let (start, moves) = game.main_line();
    let positions = game.positions().unwrap();
    assert_eq!(positions.len(), moves.len() + 1);
    assert_eq!(positions[0], start);
    let mut pos: Position = start;
    for m in moves {
        pos = pos.play(m).unwrap();
    }
    assert_eq!(&pos, positions.last().unwrap());
}

fn mutate(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut b = seed.to_vec();
    let edits = 1 + rng.below(8);
    for _ in 0..edits {
        match rng.below(6) {
            0 if !b.is_empty() => {
                let i = rng.below(b.len());
                b[i] = rng.next() as u8;
            }
            1 if !b.is_empty() => {
                let i = rng.below(b.len());
                b[i] ^= 1 << rng.below(8);
            }
            2 => {
                let cut = rng.below(b.len() + 1);
                b.truncate(cut);
            }
            3 => {
                let i = rng.below(b.len() + 1);
                let chunk: Vec<u8> = (0..rng.below(16)).map(|_| rng.next() as u8).collect();
                b.splice(i..i, chunk);
            }
            4 if b.len() > 2 => {
                let i = rng.below(b.len());
                let j = (i + rng.below(64)).min(b.len());
                b.drain(i..j);
            }
            _ if !b.is_empty() => {
                // Repeat a slice (nested brackets, doubled records).
                let i = rng.below(b.len());
                let j = (i + rng.below(32)).min(b.len());
                let s = b[i..j].to_vec();
                b.splice(i..i, s);
            }
            _ => {}
        }
    }
    b
}

/// The 象棋桥 library cut to its first three entries (a heading and two
/// games): its header and index with three slots, then their records.
fn small_library() -> Vec<u8> {
    let lib = std::fs::read(records_dir("ccbridge").join("cc_1989_longhua.cbl")).unwrap();
    let (index, slot, block) = (0x10440, 276, 4096);
    let slots = u32::from_le_bytes(lib[60..64].try_into().unwrap()) as usize;
    let records = index + slots * slot;
    let mut out = lib[..index + 3 * slot].to_vec();
    out[60..64].copy_from_slice(&3u32.to_le_bytes());
    out.extend_from_slice(&lib[records..records + 3 * block]);
    out
}

#[test]
fn readers_never_panic_on_random_and_mutated_input() {
    let mut seeds: Vec<Vec<u8>> = Vec::new();
    for (dir, exts) in [
        ("xqf", &["xqf", "bak"][..]),
        ("dhtmlxq", &["ubb", "txt", "html"][..]),
        ("xqf-corrupt", &["xqf"][..]),
    ] {
        for p in files(&records_dir(dir), exts).into_iter().step_by(3) {
            if std::fs::metadata(&p).unwrap().len() < 64_000 {
                seeds.push(std::fs::read(p).unwrap());
            }
        }
    }
    for p in files(&shared().join("corpus/pgn-sample"), &["pgn"])
        .into_iter()
        .step_by(15)
    {
        seeds.push(std::fs::read(p).unwrap());
    }
    for p in files(&records_dir("ccbridge"), &["cbr", "cbf"]) {
        seeds.push(std::fs::read(p).unwrap());
    }
    seeds.push(small_library());
    let sample = pgn::write(&corpus_game(&corpus()[1]), Notation::CHINESE);
    seeds.push(sample.into_bytes());
    seeds.push(b"[Event \"x\"]\n1. h2e2 (1. b2e2 {c} (1. c3c4)) h9g7 $1 *".to_vec());
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let rounds = 4000;
    for i in 0..rounds {
        let input = if i % 10 == 0 {
            let len = rng.below(2048);
            let mut b: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
            if i % 20 == 0 && b.len() > 2 {
                b[0] = b'X';
                b[1] = b'Q';
            }
            b
        } else {
            let seed = &seeds[rng.below(seeds.len())];
            mutate(&mut rng, seed)
        };
        // Every reader on every input, whatever the format.
        let _ = xqf::read(&input);
        let _ = pgn::read(&input);
        let _ = dhtmlxq::read(&input);
        let _ = cbr::read(&input);
        let _ = cbl::read(&input);
        let _ = cbf::read(&input);
        for g in record::read(&input).into_iter().flatten() {
            let _ = pgn::write(&g, Notation::CHINESE);
            let _ = dhtmlxq::write(&g);
        }
    }
}

#[test]
fn encodings_are_detected() {
    use encoding_rs::{BIG5, GB18030};
    let mut checked = 0;
    for g in corpus().iter().step_by(997).take(25) {
        let game = corpus_game(g);
        let cases = [
            (Style::SIMPLIFIED, GB18030, TextEncoding::Gb18030),
            (Style::TRADITIONAL, GB18030, TextEncoding::Gb18030),
            (Style::PGN, BIG5, TextEncoding::Big5),
            (Style::TRADITIONAL, BIG5, TextEncoding::Big5),
        ];
        for (style, enc, expected) in cases {
            let text = pgn::write(&game, Notation::Zh(style));
            let (bytes, _, unmappable) = enc.encode(&text);
            if unmappable {
                // A player's name with no Big5 form: not a test of detection.
                continue;
            }
            assert_eq!(
                record::decode_text(&bytes).1,
                expected,
                "{} {style:?}",
                g.source
            );
            let back = pgn::read(&bytes).pop().unwrap().unwrap();
            assert_eq!(back.moves, game.moves);
            checked += 1;
        }
        let mut bom = vec![0xEF, 0xBB, 0xBF];
        bom.extend_from_slice(pgn::write(&game, Notation::CHINESE).as_bytes());
        let back = pgn::read(&bom).pop().unwrap().unwrap();
        assert_eq!(back.moves, game.moves);
        assert_eq!(back.tags, {
            let mut t = game.tags.clone();
            t.insert("Result", game.result.pgn());
            let mut with_game = qili::record::Tags::new();
            with_game.insert("Game", "Chinese Chess");
            for (k, v) in t.iter() {
                with_game.insert(k, v);
            }
            with_game
        });
    }
    assert!(checked >= 60, "only {checked} encoded games checked");
}
