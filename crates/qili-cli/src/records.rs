//! Game record files on the command line: `qili convert FILE --to
//! pgn|dhtmlxq [--notation NAME]` rewrites a PGN, DhtmlXQ, XQF or 象棋桥 file as PGN
//! or DhtmlXQ. [`read_record`] is what a command that judges the games of a
//! file (`qili annotate`) starts from: the games with their start position
//! and main line, and the errors of the games that could not be read.

use std::io::Write;
use std::path::Path;

use qili::notation::NAMES;
use qili::record::{self, Export, Game, Notation};

use crate::args::{Error, Spec};

/// The usage text of the record form of `convert`, a literal so that
/// `convert`'s own usage can include it with `concat!`.
#[macro_export]
macro_rules! record_usage {
    () => {
        "\
usage: qili convert FILE --to pgn|dhtmlxq [--notation iccs|wxf|zh|zh-trad|zh-pgn]

Reads the game record FILE (PGN in UTF-8, GBK or Big5; DhtmlXQ/UBB text or
HTML; XQF; 象棋桥 CBR, CBL libraries and CBF) and prints its games as PGN or
as DhtmlXQ blocks, with comments and variations. --notation chooses the
moves of PGN output: zh (炮二平五 马8进7, the default), zh-trad (傌八進七
馬８進７), zh-pgn (as Big5 PGN collections write), wxf (C2=5) or iccs (h2e2).

The games that can be read are printed; each one that cannot is reported on
standard error with the file, the line or byte offset and the move, and the
exit code is then 2. Variations cut at an illegal move are reported as
warnings.
"
    };
}

/// Usage of the record form of `convert`.
pub const USAGE: &str = record_usage!();

const SPEC: Spec = Spec {
    options: &["to", "notation"],
    flags: &[],
    usage: USAGE,
};

/// The value of `--to` in raw arguments, if any.
fn raw_to(args: &[String]) -> Option<&str> {
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--" {
            return None;
        }
        if a == "--to" {
            return it.next().map(String::as_str);
        }
        if let Some(v) = a.strip_prefix("--to=") {
            return Some(v);
        }
    }
    None
}

fn is_record_format(name: &str) -> bool {
    matches!(
        name.to_ascii_lowercase().as_str(),
        "pgn" | "dhtmlxq" | "ubb"
    )
}

/// `true` if `convert`'s arguments ask for a record conversion: `--to pgn` or
/// `--to dhtmlxq`, and an argument that names an existing file.
pub fn is_record_conversion(args: &[String]) -> bool {
    raw_to(args).is_some_and(is_record_format)
        && args
            .iter()
            .any(|a| !a.starts_with("--") && Path::new(a).is_file())
}

/// The games of a record file, and the messages of those that could not be
/// read (each naming the file, where in it, and the move).
/// `entries` says which entries of a 象棋桥 library are read.
pub fn read_record(
    path: &str,
    entries: record::cbl::Entries,
) -> Result<(Vec<Game>, Vec<String>), Error> {
    let results = record::read_file_with(path, entries)
        .map_err(|e| Error::Input(format!("cannot read {path}: {e}")))?;
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for r in results {
        match r {
            Ok(g) => games.push(g),
            Err(e) => errors.push(e.to_string()),
        }
    }
    Ok((games, errors))
}

/// Runs the record form of `convert`.
pub fn convert_record(args: &[String], out: &mut dyn Write) -> Result<(), Error> {
    let args = SPEC.parse(args)?;
    let [path] = &args.positional[..] else {
        return Err(SPEC.error("give exactly one FILE"));
    };
    let to = args.value("to").unwrap_or_default().to_ascii_lowercase();
    let notation = match args.value("notation") {
        None => Notation::CHINESE,
        Some(n) => Notation::from_name(n)
            .ok_or_else(|| SPEC.error(format!("unknown notation '{n}' (expected {NAMES})")))?,
    };
    let format = match to.as_str() {
        "pgn" => Export::Pgn(notation),
        "dhtmlxq" | "ubb" => {
            if args.value("notation").is_some() {
                return Err(SPEC.error("--notation applies to --to pgn only"));
            }
            Export::DhtmlXq
        }
        _ => return Err(SPEC.error(format!("--to {to}: expected pgn or dhtmlxq"))),
    };
    let (games, mut errors) = read_record(path, record::cbl::Entries::Games)?;
    let total = games.len() + errors.len();
    for g in &games {
        for w in &g.warnings {
            eprintln!("qili: warning: {path}: {w}");
        }
    }
    let mut first = true;
    for g in &games {
        match record::export(std::slice::from_ref(g), format) {
            Ok(text) => {
                if !first {
                    writeln!(out)?;
                }
                first = false;
                out.write_all(text.as_bytes())?;
            }
            Err(e) => errors.push(format!("{path}: {e}")),
        }
    }
    if errors.is_empty() {
        Ok(())
    } else if games.is_empty() && errors.len() == 1 {
        Err(Error::Input(errors.remove(0)))
    } else {
        Err(Error::Input(format!(
            "{} of {} games could not be converted:\n{}",
            errors.len(),
            total,
            errors.join("\n")
        )))
    }
}
