//! `qili perft`: count the leaf nodes of the legal move tree.

use std::io::Write;

use qili::iccs::Iccs;

use crate::args::{Error, Spec};
use crate::Command;

/// The `perft` subcommand.
pub const COMMAND: Command = Command {
    name: "perft",
    summary: "count the positions DEPTH plies ahead (move generation test)",
    usage: USAGE,
    run,
};

const USAGE: &str = "\
usage: qili perft [--fen FEN] [--divide] DEPTH

Counts the leaf nodes of the legal move tree DEPTH plies deep from FEN (the
starting position by default) and prints the count.

  --fen FEN   the position (quote it: it contains spaces)
  --divide    first print one line per legal move, `h2e2: 1234` (ICCS, sorted),
              with the count below it; the last line is always the total alone
";

const SPEC: Spec = Spec {
    options: &["fen"],
    flags: &["divide"],
    usage: USAGE,
};

fn run(args: &[String], out: &mut dyn Write) -> Result<(), Error> {
    let args = SPEC.parse(args)?;
    let depth = match args.positional.as_slice() {
        [d] => d
            .parse::<u32>()
            .map_err(|_| SPEC.error(format!("DEPTH must be a whole number ≥ 0, not '{d}'")))?,
        [] => return Err(SPEC.error("missing DEPTH")),
        [_, extra, ..] => return Err(SPEC.error(format!("unexpected argument '{extra}'"))),
    };
    let pos = args.position()?;
    if args.flag("divide") && depth > 0 {
        let mut moves: Vec<_> = pos.legal_moves().iter().copied().collect();
        moves.sort_by_key(|m| Iccs::from_move(*m).to_string());
        let mut total = 0;
        for m in moves {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let n = child.perft(depth - 1);
            total += n;
            writeln!(out, "{}: {n}", Iccs::from_move(m))?;
            out.flush()?;
        }
        writeln!(out, "{total}")?;
    } else {
        writeln!(out, "{}", pos.perft(depth))?;
    }
    Ok(())
}
