//! What the arbiter takes home: a table or the whole event as PGN, written
//! by the engine's own writer (`qili::record::pgn`, which the analysis board
//! and `qili annotate` read back), with the tags Event, Round, Table, Red,
//! Black, Result, Rules and Termination and the log as comments at the move
//! where each entry happened; and the log as CSV.

use qili::notation::Notation;
use qili::record::{pgn, Game as Record, GameResult};

use crate::model::{Event, Happening, Score, Table};
use crate::strings::{happening, termination, Lang};

/// A table as a game record; `None` if its moves cannot be replayed (a
/// stored table is checked when read, so this does not happen).
pub fn record(event: &Event, t: &Table, lang: Lang) -> Option<Record> {
    let g = t.game().ok()?;
    let mut r = Record::new(g.start);
    for &m in &g.moves {
        r.push(m).ok()?;
    }
    let tags = [
        ("Event", event.name.clone()),
        ("Round", event.round.clone()),
        ("Table", t.number.to_string()),
        ("Red", t.red.clone()),
        ("Black", t.black.clone()),
        ("Result", String::new()),
        ("Rules", event.rules.clone()),
    ];
    for (k, v) in tags {
        r.tags.insert(k, v);
    }
    if let Some((score, why)) = t.result() {
        r.result = match score {
            Score::RedWins => GameResult::RedWins,
            Score::BlackWins => GameResult::BlackWins,
            Score::Draw => GameResult::Draw,
        };
        r.tags.insert("Termination", termination(Lang::En, why));
    }
    for e in &t.log {
        let text = format!("[{}] {}", iso_time(e.time), happening(lang, &e.what));
        let slot = match e.ply.checked_sub(1).and_then(|i| r.moves.nodes.get_mut(i)) {
            Some(node) => &mut node.comment,
            None => &mut r.moves.comment,
        };
        match slot {
            Some(c) => {
                c.push_str("; ");
                c.push_str(&text);
            }
            None => *slot = Some(text),
        }
    }
    Some(r)
}

/// The PGN of `tables` of `event`, moves in Chinese or ICCS.
pub fn event_pgn<'a>(
    event: &Event,
    tables: impl IntoIterator<Item = &'a Table>,
    notation: Notation,
    lang: Lang,
) -> String {
    let games: Vec<Record> = tables
        .into_iter()
        .filter_map(|t| record(event, t, lang))
        .collect();
    pgn::write_all(&games, notation)
}

/// One CSV field, quoted when it needs to be (RFC 4180).
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The log of `tables` as CSV: one line per entry.
pub fn log_csv<'a>(
    event: &Event,
    tables: impl IntoIterator<Item = &'a Table>,
    lang: Lang,
) -> String {
    let mut out = String::from("event,round,table,time,ply,kind,side,binding,text\r\n");
    for t in tables {
        for e in &t.log {
            let (kind, side, binding) = match &e.what {
                Happening::Warning { side, binding, .. } => (
                    "warning",
                    side.code(),
                    if *binding { "true" } else { "false" },
                ),
                Happening::Draw { binding, .. } => {
                    ("draw", "", if *binding { "true" } else { "false" })
                }
                Happening::Ruling {
                    confirmed: true, ..
                } => ("confirmed", "", ""),
                Happening::Ruling { .. } => ("overridden", "", ""),
                Happening::Undo { .. } => ("undo", "", ""),
                Happening::Result { .. } => ("result", "", ""),
            };
            let row = [
                event.name.as_str(),
                &event.round,
                &t.number.to_string(),
                &iso_time(e.time),
                &e.ply.to_string(),
                kind,
                side,
                binding,
                &happening(lang, &e.what),
            ]
            .map(field)
            .join(",");
            out.push_str(&row);
            out.push_str("\r\n");
        }
    }
    out
}

/// `ms` since 1970 as `YYYY-MM-DDTHH:MM:SSZ` (UTC; days to civil date by
/// Howard Hinnant's algorithm).
pub fn iso_time(ms: u64) -> String {
    let secs = ms / 1000;
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Entry, Side, Termination};

    fn sample() -> (Event, Table) {
        let e = Event {
            id: "1".into(),
            name: "City Open, \"A\"".into(),
            rules: "cxa1999".into(),
            round: "2".into(),
        };
        let mut t = Table::new("1", 4, Some("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w".into()));
        (t.red, t.black) = ("张三".into(), "Li Si".into());
        t.moves = ["f0e0", "e8f8", "e0f0", "f8e8"].map(String::from).to_vec();
        t.log = vec![
            Entry {
                time: 1_764_600_000_000,
                ply: 4,
                what: Happening::Warning {
                    side: Side::Red,
                    binding: false,
                    at: 12,
                    clause: "26.1".into(),
                },
            },
            Entry {
                time: 1_764_600_060_000,
                ply: 4,
                what: Happening::Result {
                    score: Score::BlackWins,
                    termination: Termination::PerpetualCheck,
                },
            },
        ];
        (e, t)
    }

    #[test]
    fn the_pgn_reads_back_with_the_same_moves_tags_and_comments() {
        let (e, t) = sample();
        for notation in [Notation::CHINESE, Notation::Iccs] {
            let text = event_pgn(&e, [&t], notation, Lang::En);
            let back = pgn::read_str(&text);
            let g = back[0].as_ref().unwrap();
            let moves: Vec<String> = g.main_line().1.iter().map(|m| m.to_string()).collect();
            assert_eq!(moves, t.moves, "{text}");
            assert_eq!(g.tag("Table"), Some("4"));
            assert_eq!(g.tag("Red"), Some("张三"));
            assert_eq!(g.tag("Rules"), Some("cxa1999"));
            assert_eq!(g.tag("Termination"), Some("perpetual check"));
            assert_eq!(g.result, GameResult::BlackWins);
            let comment = g.moves.nodes[3].comment.as_deref().unwrap();
            assert!(comment.contains("Warning: Red must vary"), "{comment}");
        }
    }

    #[test]
    fn the_csv_quotes_what_needs_quoting() {
        let (e, t) = sample();
        let csv = log_csv(&e, [&t], Lang::En);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(lines.len(), 4, "{csv}");
        assert!(lines[1]
            .starts_with("\"City Open, \"\"A\"\"\",2,4,2025-12-01T14:40:00Z,4,warning,red,false,"));
        assert!(lines[2].contains(",result,"));
    }

    #[test]
    fn times_are_utc() {
        assert_eq!(iso_time(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_time(951_782_400_000), "2000-02-29T00:00:00Z");
    }
}
