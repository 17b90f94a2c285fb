//! `qili`: the Xiangqi rules from the command line.
//!
//! Each subcommand lives in its own module, which exports a [`Command`]; to add
//! one, write the module and list its `COMMAND` in [`COMMANDS`].
//!
//! Errors go to standard error with exit code 2 (bad arguments or input) or 1
//! (output failed).

mod adjudicate;
mod annotate;
mod args;
mod convert;
mod diagram;
mod moves;
mod perft;
mod picture;
mod records;
mod report;

use std::io::{self, Write};
use std::process::ExitCode;

pub use args::Error;

/// A subcommand.
pub struct Command {
    /// The word that selects it.
    pub name: &'static str,
    /// One line for the command list.
    pub summary: &'static str,
    /// Its full usage text.
    pub usage: &'static str,
    /// Runs it with the arguments after its name, writing to `out`.
    pub run: fn(&[String], &mut dyn Write) -> Result<(), Error>,
}

/// Every subcommand, in the order `qili help` lists them.
const COMMANDS: &[Command] = &[
    perft::COMMAND,
    moves::COMMAND,
    convert::COMMAND,
    adjudicate::COMMAND,
    annotate::COMMAND,
    diagram::COMMAND,
    report::COMMAND,
];

fn usage() -> String {
    let mut s = String::from(
        "usage: qili COMMAND [ARGS…]\n\
         \n\
         Xiangqi rules from the command line. Positions are FEN (red upper case,\n\
         'w' = red to move); moves are ICCS (h2e2), WXF (C2=5) or Chinese (炮二平五).\n\
         \n\
         commands:\n",
    );
    // Names padded to the longest, "help" included, and two spaces more.
    let width = COMMANDS.iter().map(|c| c.name.len()).max().unwrap_or(0) + 2;
    let help = ("help", "show this, or `qili help COMMAND` for one command");
    for (name, summary) in COMMANDS.iter().map(|c| (c.name, c.summary)).chain([help]) {
        s.push_str(&format!("  {name:<width$}{summary}\n"));
    }
    s
}

fn find(name: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.name == name)
}

fn run(args: &[String], out: &mut dyn Write) -> Result<(), Error> {
    let Some((name, rest)) = args.split_first() else {
        return Err(Error::Usage(usage()));
    };
    match name.as_str() {
        "help" | "-h" | "--help" => {
            let text = match rest.first() {
                None => usage(),
                Some(c) => find(c)
                    .ok_or_else(|| Error::Usage(format!("unknown command '{c}'\n\n{}", usage())))?
                    .usage
                    .to_string(),
            };
            out.write_all(text.as_bytes())?;
            Ok(())
        }
        "-V" | "--version" => {
            writeln!(out, "qili {}", env!("CARGO_PKG_VERSION"))?;
            Ok(())
        }
        other => match find(other) {
            Some(c) if rest.iter().any(|a| a == "-h" || a == "--help") => {
                out.write_all(c.usage.as_bytes())?;
                Ok(())
            }
            Some(c) => (c.run)(rest, out),
            None => Err(Error::Usage(format!(
                "unknown command '{other}'\n\n{}",
                usage()
            ))),
        },
    }
}

fn main() -> ExitCode {
    let mut args = Vec::new();
    for (i, a) in std::env::args_os().skip(1).enumerate() {
        match a.into_string() {
            Ok(s) => args.push(s),
            Err(a) => {
                eprintln!("qili: argument {} is not UTF-8: {a:?}", i + 1);
                return ExitCode::from(2);
            }
        }
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = run(&args, &mut out).and_then(|()| out.flush().map_err(Error::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Error::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            eprintln!("qili: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
