//! `qili convert`: rewrite a sequence of moves in another notation, or (with
//! a FILE and `--to pgn|dhtmlxq`) a game record file, see [`crate::annotate`].

use std::io::Write;

use qili::line;
use qili::notation::{Notation, Reader, NAMES};

use crate::args::{Error, Spec};
use crate::Command;

/// The `convert` subcommand.
pub const COMMAND: Command = Command {
    name: "convert",
    summary: "convert a sequence of moves between ICCS, WXF and Chinese",
    usage: USAGE,
    run,
};

const USAGE: &str = concat!(
    "\
usage: qili convert [--fen FEN] --from iccs|wxf|zh|auto --to iccs|wxf|zh|zh-trad MOVES…

Plays MOVES from FEN (the starting position by default) and prints them again,
on one line separated by spaces, in the notation of --to.

MOVES may be separate arguments or one quoted string separated by spaces;
move numbers such as `1.` and a result such as `1-0` are skipped. Chinese
moves may also follow each other without spaces (炮二平五马8进7).

  --from NAME  the notation of MOVES: iccs, wxf, zh (simplified or
               traditional, any digits) or auto (each move by itself)
  --to NAME    iccs, wxf, zh (simplified: 马8进7) or zh-trad (馬８進７)

A move that cannot be read or played stops the conversion with an error such
as `move 4: 马8进7 — no black horse on file 8` (moves counted from 1 in the
sequence given) and exit code 2.

",
    crate::record_usage!()
);

const SPEC: Spec = Spec {
    options: &["fen", "from", "to"],
    flags: &[],
    usage: USAGE,
};

fn run(args: &[String], out: &mut dyn Write) -> Result<(), Error> {
    if crate::records::is_record_conversion(args) {
        return crate::records::convert_record(args, out);
    }
    let args = SPEC.parse(args)?;
    let from = args
        .value("from")
        .ok_or_else(|| SPEC.error("missing --from"))?;
    let from = Reader::from_name(from).ok_or_else(|| {
        SPEC.error(format!(
            "--from: unknown notation '{from}' (expected {NAMES}, or auto)"
        ))
    })?;
    let to = args.value("to").ok_or_else(|| SPEC.error("missing --to"))?;
    let to = Notation::from_name(to)
        .ok_or_else(|| SPEC.error(format!("--to: unknown notation '{to}' (expected {NAMES})")))?;
    let mut pos = args.position()?;
    let texts: Vec<String> = args
        .positional
        .iter()
        .flat_map(|w| line::tokens(w))
        .collect();
    if texts.is_empty() {
        return Err(SPEC.error("no MOVES given"));
    }
    let moves = line::read_moves(&pos, &texts, from).map_err(|e| Error::Input(e.to_string()))?;
    let mut written = Vec::with_capacity(moves.len());
    for m in moves {
        written.push(to.write(&pos, m));
        pos.play_unchecked(m);
    }
    writeln!(out, "{}", written.join(" "))?;
    Ok(())
}
