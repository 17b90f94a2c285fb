//! The site's record reader, run as a Web Worker so that the readers of
//! `qili::record` and the GBK/Big5 tables of `encoding_rs` stay out of the
//! site's first load: `site/records.js` starts this worker (Trunk builds it
//! from the `data-type="worker"` link in `index.html`) the first time a
//! record is opened, dropped or pasted.
//!
//! The protocol, all plain JS values:
//!
//! - the worker posts `"ready"` once it can read (messages sent before are
//!   lost: the wasm loads asynchronously);
//! - `{ id, record }` where `record` is a `File`/`Blob` (its bytes: XQF,
//!   象棋桥 CBR/CBL/CBF, or text in any encoding the readers detect) or a
//!   string (pasted text) is answered by `{ id, games }`, one entry per game
//!   in file order (a library's games with their heading as the `Section` tag):
//!   `{ error }` for a game that could not be read, else
//!   `{ tags: [[key, value]…], fen, result, moves: [ICCS…], comments }`
//!   where `comments[0]` is the comment before the first move and
//!   `comments[i]` the one after move `i` (`null` where there is none);
//! - `{ id, fen, moves, rules }` (ICCS moves separated by spaces, an edition
//!   name) is answered by `{ id, cycles }` (see [`CycleRun`]) or
//!   `{ id, error }`.
//!
//! [`summarize`] and [`cycle_runs`] are the plain-Rust part, tested natively;
//! the JS side lives in the `worker` module (wasm only).
#![deny(missing_docs)]

use qili::record::{self, Game};
use qili::rules::{repetitions, Edition, Pattern, Ruling};
use qili::{fen, iccs, Tolerance};

/// One game of a record file, as the page receives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A game that could be read.
    Game(GameData),
    /// Why a game could not be read (file, line or byte, move — as the
    /// reader says).
    Error(String),
}

/// What the analysis board needs of a game: everything as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameData {
    /// The tags in file order.
    pub tags: Vec<(String, String)>,
    /// The start position (FEN).
    pub fen: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// The main line in ICCS.
    pub moves: Vec<String>,
    /// `comments[0]` before the first move, `comments[i]` after move `i`.
    pub comments: Vec<Option<String>>,
}

impl GameData {
    /// The main line of `game` with its tags and comments.
    pub fn new(game: &Game) -> GameData {
        let (start, moves) = game.main_line();
        let mut comments = Vec::with_capacity(moves.len() + 1);
        comments.push(game.moves.comment.clone());
        comments.extend(
            game.moves
                .nodes
                .iter()
                .take(moves.len())
                .map(|n| n.comment.clone()),
        );
        GameData {
            tags: game
                .tags
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            fen: fen::write(&start),
            result: game.result.pgn(),
            moves: moves.iter().map(ToString::to_string).collect(),
            comments,
        }
    }
}

/// Reads every game of a record file (format and encoding detected); errors
/// name `file` when it is known.
pub fn summarize(bytes: &[u8], file: Option<&str>) -> Vec<Entry> {
    record::read(bytes)
        .into_iter()
        .map(|r| match r {
            Ok(game) => Entry::Game(GameData::new(&game)),
            Err(e) => Entry::Error(match file {
                Some(name) => e.in_file(name).to_string(),
                None => e.to_string(),
            }),
        })
        .collect()
}

/// A run of consecutive plies whose position occurred before: one
/// repetition episode of a line, judged where it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CycleRun {
    /// The first move of the run's first cycle (1-based ply).
    pub first: usize,
    /// The ply where the run ends: the page jumps there.
    pub last: usize,
    /// How often the position has occurred at `last`.
    pub occurrences: usize,
    /// Red's pattern in the cycle at `last`.
    pub red: Pattern,
    /// Black's pattern.
    pub black: Pattern,
    /// The ruling on that cycle.
    pub ruling: Ruling,
}

/// The runs of repetitions of a line (ICCS `moves` from `fen_text`) under
/// the edition named `rules`, in order.
pub fn cycle_runs(fen_text: &str, moves: &str, rules: &str) -> Result<Vec<CycleRun>, String> {
    let edition: Edition = rules.parse().map_err(|e| format!("{e}"))?;
    let start = fen::position(fen_text, Tolerance::COMPOSED).map_err(|e| e.to_string())?;
    let moves = iccs::parse_line(&start, moves).map_err(|e| e.to_string())?;
    let found = repetitions(edition, &start, &moves).map_err(|e| e.to_string())?;
    let mut out: Vec<CycleRun> = Vec::new();
    for (ply, a) in found {
        let Some(c) = a.cycle else { continue };
        let run = CycleRun {
            first: c.start + 1,
            last: ply,
            occurrences: c.occurrences,
            red: c.red.pattern,
            black: c.black.pattern,
            ruling: a.ruling,
        };
        match out.last_mut() {
            // The repetition goes on: the run grows, judged at its new end.
            Some(prev) if prev.last + 1 == ply => {
                *prev = CycleRun {
                    first: prev.first,
                    ..run
                }
            }
            _ => out.push(run),
        }
    }
    Ok(out)
}

#[cfg(target_arch = "wasm32")]
mod worker {
    use js_sys::{Array, Object, Reflect, Uint8Array};
    use wasm_bindgen::prelude::*;
    use web_sys::{Blob, DedicatedWorkerGlobalScope, File, FileReaderSync, MessageEvent};

    use super::{cycle_runs, summarize, CycleRun, Entry};

    fn set(o: &Object, key: &str, value: &JsValue) {
        let _ = Reflect::set(o, &JsValue::from_str(key), value);
    }

    fn get(o: &JsValue, key: &str) -> JsValue {
        Reflect::get(o, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    }

    fn text(s: &Option<String>) -> JsValue {
        s.as_deref().map_or(JsValue::NULL, JsValue::from_str)
    }

    /// The entries as the plain JS array the page reads.
    fn games(entries: &[Entry]) -> Array {
        entries
            .iter()
            .map(|e| {
                let o = Object::new();
                match e {
                    Entry::Error(why) => set(&o, "error", &why.into()),
                    Entry::Game(g) => {
                        let tags: Array = g
                            .tags
                            .iter()
                            .map(|(k, v)| Array::of2(&k.into(), &v.into()))
                            .collect();
                        set(&o, "tags", &tags);
                        set(&o, "fen", &g.fen.as_str().into());
                        set(&o, "result", &g.result.into());
                        let moves: Array = g.moves.iter().map(|m| JsValue::from_str(m)).collect();
                        set(&o, "moves", &moves);
                        let comments: Array = g.comments.iter().map(text).collect();
                        set(&o, "comments", &comments);
                    }
                }
                JsValue::from(o)
            })
            .collect()
    }

    /// The runs as plain objects: plies, occurrences, `ruling` code, and
    /// each side's pattern as `[zh, en, forbidden]`.
    fn cycles(runs: &[CycleRun]) -> Array {
        let pattern = |p: qili::rules::Pattern| {
            Array::of3(&p.zh().into(), &p.en().into(), &p.is_forbidden().into())
        };
        runs.iter()
            .map(|r| {
                let o = Object::new();
                set(&o, "first", &(r.first as u32).into());
                set(&o, "last", &(r.last as u32).into());
                set(&o, "occurrences", &(r.occurrences as u32).into());
                set(&o, "red", &pattern(r.red));
                set(&o, "black", &pattern(r.black));
                set(&o, "ruling", &r.ruling.code().into());
                JsValue::from(o)
            })
            .collect()
    }

    /// The bytes of a record: a string's UTF-8, a blob's content; and the
    /// file name if it is a file.
    fn input(data: &JsValue) -> (Vec<u8>, Option<String>) {
        if let Some(s) = data.as_string() {
            return (s.into_bytes(), None);
        }
        let Some(blob) = data.dyn_ref::<Blob>() else {
            return (Vec::new(), None);
        };
        let name = data.dyn_ref::<File>().map(File::name);
        let bytes = FileReaderSync::new()
            .and_then(|r| r.read_as_array_buffer(blob))
            .map(|b| Uint8Array::new(&b).to_vec())
            .unwrap_or_default();
        (bytes, name)
    }

    /// The answer to one message of the page.
    fn answer(data: &JsValue) -> Object {
        let out = Object::new();
        set(&out, "id", &get(data, "id"));
        let record = get(data, "record");
        if !record.is_undefined() {
            let (bytes, name) = input(&record);
            set(&out, "games", &games(&summarize(&bytes, name.as_deref())));
            return out;
        }
        let field = |k| get(data, k).as_string().unwrap_or_default();
        match cycle_runs(&field("fen"), &field("moves"), &field("rules")) {
            Ok(runs) => set(&out, "cycles", &cycles(&runs)),
            Err(e) => set(&out, "error", &e.into()),
        }
        out
    }

    /// Starts answering the page's messages and tells it so.
    #[wasm_bindgen(start)]
    pub fn start() {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let reply = scope.clone();
        let handler = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let _ = reply.post_message(&answer(&e.data()));
        });
        scope.set_onmessage(Some(handler.as_ref().unchecked_ref()));
        handler.forget();
        let _ = scope.post_message(&JsValue::from_str("ready"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_and_errors_in_file_order() {
        let text = "[Event \"<img src=x>\"]\n[Red \"胡荣华\"]\n{开局} 1. 炮二平五 {中炮} 马8进7 2. 马二进三 1-0\n\n\
                    [Event \"bad\"]\n1. 炮二平五 马8进5 *\n\n\
                    [Event \"third\"]\n1. h2e2 *\n";
        let entries = summarize(text.as_bytes(), Some("games.pgn"));
        assert_eq!(entries.len(), 3, "{entries:?}");
        let Entry::Game(g) = &entries[0] else {
            panic!("{entries:?}")
        };
        assert_eq!(g.tags[0], ("Event".into(), "<img src=x>".into()));
        assert_eq!(g.result, "1-0");
        assert_eq!(g.moves, ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(
            g.comments,
            [Some("开局".into()), Some("中炮".into()), None, None]
        );
        assert_eq!(
            g.fen,
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
        );
        let Entry::Error(why) = &entries[1] else {
            panic!("{entries:?}")
        };
        assert!(why.starts_with("games.pgn: "), "{why}");
        assert!(why.contains("马8进5"), "the error names the move: {why}");
        assert!(matches!(&entries[2], Entry::Game(g) if g.moves == ["h2e2"]));
    }

    #[test]
    fn other_formats_and_junk() {
        let ubb = "[DhtmlXQ][DhtmlXQ_title]例[/DhtmlXQ_title][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]";
        let entries = summarize(ubb.as_bytes(), None);
        assert!(
            matches!(&entries[..], [Entry::Game(g)] if g.moves == ["h2e2"] && g.tags.iter().any(|(_, v)| v == "例")),
            "{entries:?}"
        );
        for junk in [&b""[..], b"XQ\x00\x01", b"\x00\x01\x02"] {
            for e in summarize(junk, None) {
                assert!(matches!(e, Entry::Error(_)), "{e:?}");
            }
        }
    }

    /// A 象棋桥 library: its games in order, each with its section heading.
    #[test]
    fn a_library_lists_its_games_with_their_sections() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/corpus/records/ccbridge/cc_1989_longhua.cbl"
        );
        let entries = summarize(&std::fs::read(path).unwrap(), Some("lib.cbl"));
        let sections: Vec<&str> = entries
            .iter()
            .map(|e| match e {
                Entry::Game(g) => g
                    .tags
                    .iter()
                    .find(|(k, _)| k == "Section")
                    .unwrap()
                    .1
                    .as_str(),
                Entry::Error(why) => panic!("{why}"),
            })
            .collect();
        assert_eq!(sections.len(), 35);
        assert!(sections[..20].iter().all(|s| s.contains("男子组")));
        assert!(sections[20..].iter().all(|s| s.contains("女子组")));
    }

    /// 1999 图一: a lone rook checks every move, red loses.
    const FIG1: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1";

    #[test]
    fn one_run_per_repetition_episode() {
        let r = cycle_runs(FIG1, "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8", "cxa1999").unwrap();
        assert_eq!(r.len(), 1, "{r:?}");
        assert_eq!((r[0].first, r[0].last, r[0].occurrences), (1, 8, 3));
        assert_eq!(r[0].red.zh(), "长将");
        assert_eq!(r[0].ruling, Ruling::Loses(qili::Color::Red));

        // Two episodes apart: a shuffle, other moves, another shuffle.
        let r = cycle_runs(
            "3k5/9/9/9/9/9/9/9/9/5K3 w",
            "f0f1 d9d8 f1f0 d8d9 f0e0 d9d8 e0e1 d8d9 e1e0 d9d8",
            "axf",
        )
        .unwrap();
        let ends: Vec<(usize, usize)> = r.iter().map(|r| (r.first, r.last)).collect();
        assert_eq!(ends, [(1, 4), (6, 10)], "{r:?}");
    }

    #[test]
    fn cycles_of_bad_lines_are_errors() {
        assert!(cycle_runs(FIG1, "f0e0 e8f8", "cxa2020").unwrap().is_empty());
        assert!(cycle_runs(FIG1, "f0e0", "nonsense").is_err());
        assert!(cycle_runs("9/9", "", "axf").is_err());
        assert!(cycle_runs(FIG1, "a0a9", "axf").is_err());
    }
}
