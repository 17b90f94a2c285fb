//! `qili adjudicate`: label every move and rule on the repetition a game ends
//! in, as JSON — one object for one game, one line per case for a batch.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::sync::{mpsc, Arc, Mutex};

use qili::notation::Reader;
use qili::rules::Ruling;
use qili::rules::{adjudicate, ruling_under, Edition, Report};
use qili::{fen, line, Move, Position, Tolerance};
use serde::ser::SerializeMap;
use serde::Serialize;
use serde_json::{json, Value};

use crate::args::{Error, Spec};
use crate::Command;

/// The `adjudicate` subcommand.
pub const COMMAND: Command = Command {
    name: "adjudicate",
    summary: "label moves 将/杀/捉/闲 and rule on repetitions (JSON)",
    usage: USAGE,
    run,
};

const USAGE: &str = "\
usage: qili adjudicate --rules cxa1999|cxa2020|axf [--fen FEN] --moves \"MOVES\"
       qili adjudicate --rules cxa1999|cxa2020|axf --cases FILE.jsonl

Labels every move 将 (check), 杀 (mate threat), 捉 (chase) or 闲 (idle, with
兑/献/拦/跟 where it is one), finds the repetition the move list ends in and
rules on it under the chosen rulebook.

With --moves, prints one JSON object. MOVES are ICCS (h2e2), WXF or Chinese,
separated by spaces.

With --cases, reads one JSON object per line with at least \"fen\" and
\"moves\" (an array of ICCS moves, or a string), optionally \"id\" and
\"rules\" (overrides --rules), and prints one JSON object per input line, in
order. A line that cannot be judged gets \"error\" and the batch goes on.

Output fields: id, rules, ruling (red_loses|black_loses|draw|none: what
happens if the cycle continues), verdict (the result binding now), moves
(iccs, zh, wxf, label, sub, targets, chases…), cycle, explanation {zh, en},
by_edition (ruling and verdict under cxa1999, cxa2020 and axf), error.

  --rules NAME   cxa1999 (default), cxa2020 or axf
  --fen FEN      the start position (the starting position by default)
  --moves MOVES  the moves played
  --cases FILE   a JSON-lines batch (- for standard input)
";

const SPEC: Spec = Spec {
    options: &["rules", "fen", "moves", "cases"],
    flags: &[],
    usage: USAGE,
};

fn run(args: &[String], out: &mut dyn Write) -> Result<(), Error> {
    let args = SPEC.parse(args)?;
    if let Some(extra) = args.positional.first() {
        return Err(SPEC.error(format!("unexpected argument '{extra}'")));
    }
    let edition: Edition = args
        .value("rules")
        .unwrap_or("cxa1999")
        .parse()
        .map_err(|e| SPEC.error(e))?;
    match (args.value("cases"), args.value("moves")) {
        (Some(_), Some(_)) => Err(SPEC.error("give either --moves or --cases, not both")),
        (Some(file), None) => batch(edition, file, out),
        (None, moves) => {
            let pos = args.position()?;
            let moves = line::read_line(&pos, moves.unwrap_or(""))
                .map_err(|e| Error::Input(e.to_string()))?;
            let text = match judge(edition, &pos, &moves) {
                Ok(judgement) => serde_json::to_string_pretty(&judgement),
                Err(e) => serde_json::to_string_pretty(&json!({ "error": e })),
            };
            writeln!(out, "{}", text.unwrap_or_default())?;
            Ok(())
        }
    }
}

/// The report of the chosen edition, with `by_edition`: the ruling and verdict
/// under every edition, so a reader sees where the books differ.
#[derive(Serialize)]
struct Judgement {
    #[serde(flatten)]
    report: Report,
    by_edition: ByEdition,
}

/// The ruling and verdict under each edition, in the order of [`Edition::ALL`],
/// written as an object keyed by the edition's name.
struct ByEdition(Vec<(Edition, Ruling, Ruling)>);

impl Serialize for ByEdition {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Result {
            ruling: &'static str,
            verdict: &'static str,
        }
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for &(edition, ruling, verdict) in &self.0 {
            let result = Result {
                ruling: ruling.code(),
                verdict: verdict.code(),
            };
            map.serialize_entry(edition.name(), &result)?;
        }
        map.end()
    }
}

fn judge(edition: Edition, pos: &Position, moves: &[Move]) -> Result<Judgement, String> {
    let a = adjudicate(edition, pos, moves).map_err(|e| e.to_string())?;
    let by_edition = Edition::ALL
        .iter()
        .map(|&e| {
            let (ruling, verdict) = if e == edition {
                (a.ruling, a.verdict)
            } else {
                ruling_under(e.rulebook(), pos, moves, &a).unwrap_or((a.ruling, a.verdict))
            };
            (e, ruling, verdict)
        })
        .collect();
    Ok(Judgement {
        report: Report::new(pos, &a),
        by_edition: ByEdition(by_edition),
    })
}

/// One line of a batch's output: the case's id, its judgement, no error.
#[derive(Serialize)]
struct BatchLine<'a> {
    id: &'a Value,
    #[serde(flatten)]
    judgement: Judgement,
    error: Option<String>,
}

/// A batch: one output line per case line, in the order of the input, each
/// written as soon as it and the lines before it are judged. Lines are judged
/// by as many threads as the machine has cores; a reader thread feeds them.
fn batch(default: Edition, file: &str, out: &mut dyn Write) -> Result<(), Error> {
    let reader: Box<dyn BufRead + Send> = if file == "-" {
        Box::new(BufReader::new(std::io::stdin()))
    } else {
        let f = std::fs::File::open(file)
            .map_err(|e| Error::Input(format!("cannot read {file}: {e}")))?;
        Box::new(BufReader::new(f))
    };
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        // (output index, line number, text) to the workers; (index, output) back.
        let (work, todo) = mpsc::sync_channel::<(usize, usize, String)>(4 * workers);
        let todo = Arc::new(Mutex::new(todo));
        let (done, judged) = mpsc::channel::<(usize, String)>();
        for _ in 0..workers {
            let (todo, done) = (Arc::clone(&todo), done.clone());
            scope.spawn(move || loop {
                let next = todo.lock().ok().and_then(|t| t.recv().ok());
                let Some((index, n, text)) = next else { break };
                if done.send((index, judge_line(default, n, &text))).is_err() {
                    break;
                }
            });
        }
        drop((todo, done));
        let reading = scope.spawn(move || -> Result<(), Error> {
            let mut index = 0;
            for (n, line) in reader.split(b'\n').enumerate() {
                let line =
                    line.map_err(|e| Error::Input(format!("{file}: line {}: {e}", n + 1)))?;
                let text = String::from_utf8_lossy(&line);
                // A file saved with a byte order mark starts with one.
                let text = if n == 0 {
                    text.trim_start_matches('\u{feff}')
                } else {
                    &text
                };
                if text.trim().is_empty() {
                    continue;
                }
                if work.send((index, n + 1, text.to_string())).is_err() {
                    break;
                }
                index += 1;
            }
            Ok(())
        });
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (index, text) in judged {
            waiting.insert(index, text);
            while let Some(text) = waiting.remove(&next) {
                writeln!(out, "{text}")?;
                next += 1;
            }
        }
        reading
            .join()
            .unwrap_or_else(|_| Err(Error::Input(format!("{file}: the reader stopped"))))
    })
}

/// The output line of the case on line `n` of the batch.
fn judge_line(default: Edition, n: usize, text: &str) -> String {
    batch_line(default, text).unwrap_or_else(|(id, e)| {
        let failed = json!({
            "id": id, "ruling": "none", "verdict": "none", "moves": [],
            "cycle": null, "explanation": null,
            "error": format!("line {n}: {e}"),
        });
        serde_json::to_string(&failed).unwrap_or_default()
    })
}

/// Judges one case line, as its output line; on failure returns its id (if
/// readable) and why.
fn batch_line(default: Edition, text: &str) -> Result<String, (Value, String)> {
    let case: Value =
        serde_json::from_str(text).map_err(|e| (Value::Null, format!("not JSON: {e}")))?;
    if !case.is_object() {
        return Err((Value::Null, "a case must be a JSON object".into()));
    }
    let id = case.get("id").cloned().unwrap_or(Value::Null);
    let fail = |e: String| (id.clone(), e);
    // A field given with another type than a string is an error, not absent.
    let text_field = |name: &str| match case.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.as_str())),
        Some(_) => Err(fail(format!("{name} must be a string"))),
    };
    let edition = match text_field("rules")? {
        Some(r) => r
            .parse()
            .map_err(|e: qili::rules::UnknownEdition| fail(e.to_string()))?,
        None => default,
    };
    let pos = match text_field("fen")? {
        Some(f) => fen::position(f, Tolerance::COMPOSED).map_err(|e| fail(format!("fen: {e}")))?,
        None => Position::new(),
    };
    // A string is a pasted list; an array holds one move per entry.
    let moves = match case.get("moves") {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::String(s)) => line::read_line(&pos, s),
        Some(Value::Array(a)) => {
            let texts = a
                .iter()
                .map(|m| m.as_str().ok_or("moves must be strings"))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| fail(e.to_string()))?;
            line::read_moves(&pos, &texts, Reader::Auto)
        }
        Some(_) => return Err(fail("moves must be an array of ICCS strings".into())),
    }
    .map_err(|e| fail(e.to_string()))?;
    let judgement = judge(edition, &pos, &moves).map_err(fail)?;
    let line = BatchLine {
        id: &id,
        judgement,
        error: None,
    };
    serde_json::to_string(&line).map_err(|e| fail(e.to_string()))
}
