//! `qili moves`: list the legal moves of a position.

use std::io::Write;

use qili::iccs::Iccs;
use qili::notation::{Notation, NAMES};

use crate::args::{Error, Spec};
use crate::Command;

/// The `moves` subcommand.
pub const COMMAND: Command = Command {
    name: "moves",
    summary: "list the legal moves of a position",
    usage: USAGE,
    run,
};

const USAGE: &str = "\
usage: qili moves [--fen FEN] [--notation iccs|wxf|zh|zh-trad]

Prints the legal moves of the side to move, one per line, sorted by their
ICCS text. Nothing is printed when there is none (mate or 困毙).

  --fen FEN        the position (the starting position by default)
  --notation NAME  iccs (default), wxf, zh (simplified: 马8进7) or zh-trad
                   (traditional with full-width digits: 馬８進７)
";

const SPEC: Spec = Spec {
    options: &["fen", "notation"],
    flags: &[],
    usage: USAGE,
};

fn run(args: &[String], out: &mut dyn Write) -> Result<(), Error> {
    let args = SPEC.parse(args)?;
    if let Some(extra) = args.positional.first() {
        return Err(SPEC.error(format!("unexpected argument '{extra}'")));
    }
    let notation = match args.value("notation") {
        None => Notation::Iccs,
        Some(n) => Notation::from_name(n)
            .ok_or_else(|| SPEC.error(format!("unknown notation '{n}' (expected {NAMES})")))?,
    };
    let pos = args.position()?;
    let mut moves: Vec<_> = pos.legal_moves().iter().copied().collect();
    moves.sort_by_key(|m| Iccs::from_move(*m).to_string());
    for m in moves {
        writeln!(out, "{}", notation.write(&pos, m))?;
    }
    Ok(())
}
