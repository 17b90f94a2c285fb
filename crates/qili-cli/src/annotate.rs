//! `qili annotate`: every game of a record file with each move labelled and
//! each repetition ruled, as JSON (the `adjudicate` shape per game) or as text.

use std::io::Write;

use qili::rules::{adjudicate, Edition, Report};
use serde_json::{json, Value};

use crate::args::{Error, Spec};
use crate::records::read_record;
use crate::Command;
use qili::record::cbl::Entries;

/// The `annotate` subcommand.
pub const COMMAND: Command = Command {
    name: "annotate",
    summary: "label every move of a game file and rule on its repetitions",
    usage: USAGE,
    run,
};

const USAGE: &str = "\
usage: qili annotate FILE [--rules cxa1999|cxa2020|axf] [--json] [--deleted]

Reads the games of FILE (PGN in UTF-8, GBK or Big5; DhtmlXQ; XQF; 象棋桥
CBR, CBL libraries and CBF), labels every main-line move 将/杀/捉/闲
(兑/献/拦/跟) and rules on every repetition cycle in the game: each time a
position recurs, the cycle since its last occurrence is judged as if the
game ended there. A library's games come in file order, each with its
section heading as the \"Section\" tag.

Text output lists the moves with their labels and the cycles with their
rulings. With --json, one JSON object per game (one per line): the
`qili adjudicate` object for the whole game, plus \"tags\" and \"repetitions\"
(one entry per recurrence: ply, ruling, verdict, patterns, explanation).

Games that cannot be read are reported on standard error (exit code 2); the
others are still annotated.

  --rules NAME   cxa1999 (default), cxa2020 or axf
  --json         JSON lines instead of text
  --deleted      also the entries a 象棋桥 library's index marks deleted,
                 where they stand, each with the tag \"Deleted\": \"true\"
";

const SPEC: Spec = Spec {
    options: &["rules"],
    flags: &["json", "deleted"],
    usage: USAGE,
};

fn run(args: &[String], out: &mut dyn Write) -> Result<(), Error> {
    let args = SPEC.parse(args)?;
    let [file] = args.positional.as_slice() else {
        return Err(SPEC.error("give one record FILE"));
    };
    let edition: Edition = args
        .value("rules")
        .unwrap_or("cxa1999")
        .parse()
        .map_err(|e| SPEC.error(e))?;
    let entries = if args.flag("deleted") {
        Entries::WithDeleted
    } else {
        Entries::Games
    };
    let (games, errors) = read_record(file, entries)?;
    for (n, game) in games.iter().enumerate() {
        let (start, moves) = game.main_line();
        let whole = adjudicate(edition, &start, &moves)
            .map_err(|e| Error::Input(format!("{file}: game {}: {e}", n + 1)))?;
        let report = Report::new(&start, &whole);
        let repetitions = repetitions(edition, &start, &moves);
        if args.flag("json") {
            let mut v = serde_json::to_value(&report).unwrap_or(Value::Null);
            if let Value::Object(map) = &mut v {
                let tags: serde_json::Map<String, Value> = game
                    .tags
                    .iter()
                    .map(|(k, val)| (k.to_string(), Value::String(val.to_string())))
                    .collect();
                map.insert("game".into(), json!(n + 1));
                map.insert("tags".into(), Value::Object(tags));
                map.insert("repetitions".into(), Value::Array(repetitions));
            }
            writeln!(out, "{}", serde_json::to_string(&v).unwrap_or_default())?;
        } else {
            write_text(out, n + 1, game, &report, &repetitions)?;
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Error::Input(errors.join("\n")))
    }
}

/// Every recurrence of a position in the game, judged as if the game had
/// stopped there.
fn repetitions(edition: Edition, start: &qili::Position, moves: &[qili::Move]) -> Vec<Value> {
    let Ok(found) = qili::rules::repetitions(edition, start, moves) else {
        return Vec::new();
    };
    found
        .into_iter()
        .filter_map(|(ply, a)| {
            let c = a.cycle.as_ref()?;
            let text = qili::rules::explain(&a);
            Some(json!({
                "ply": ply,
                "first_ply": c.start + 1,
                "occurrences": c.occurrences,
                "ruling": a.ruling.code(),
                "verdict": a.verdict.code(),
                "red": c.red.pattern.zh(),
                "black": c.black.pattern.zh(),
                "explanation": { "zh": text.zh, "en": text.en },
            }))
        })
        .collect()
}

fn write_text(
    out: &mut dyn Write,
    number: usize,
    game: &qili::record::Game,
    report: &Report,
    repetitions: &[Value],
) -> Result<(), Error> {
    let title = ["Event", "Red", "Black"]
        .iter()
        .filter_map(|k| game.tag(k))
        .collect::<Vec<_>>()
        .join(" · ");
    writeln!(out, "== game {number}: {title}")?;
    for pair in report.moves.chunks(2) {
        let mut line = format!("{:>4}.", pair[0].ply.div_ceil(2));
        for m in pair {
            let label = match m.sub {
                Some(s) => format!("{}({})", m.label.zh(), s.zh()),
                None => m.label.zh().to_string(),
            };
            // Padded by display width, so that black's moves line up: a label
            // is 闲 (two columns wide) or up to 闲(跟) (six).
            let width = qili::zh::columns(&label);
            line.push_str(&format!(
                "  {} {label}{}",
                m.zh,
                " ".repeat(6 - width.min(6))
            ));
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    for r in repetitions {
        writeln!(
            out,
            "  repetition at ply {} (cycle from ply {}, occurrence {}): red {}, black {} → ruling {}, verdict {}",
            r["ply"], r["first_ply"], r["occurrences"],
            r["red"].as_str().unwrap_or(""), r["black"].as_str().unwrap_or(""),
            r["ruling"].as_str().unwrap_or(""), r["verdict"].as_str().unwrap_or("")
        )?;
        writeln!(out, "    {}", r["explanation"]["zh"].as_str().unwrap_or(""))?;
    }
    writeln!(
        out,
        "  result: verdict {} ({})",
        report.verdict.code(),
        report.explanation.en
    )?;
    Ok(())
}
