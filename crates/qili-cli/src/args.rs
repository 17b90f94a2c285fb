//! A small argument parser shared by the subcommands, and the error type.
//!
//! Options are long (`--fen FEN` or `--fen=FEN`); `--` ends them. A word
//! starting with a single `-` is a positional argument, so WXF moves such as
//! `-R+1` need no quoting.

use std::fmt;
use std::io;

use qili::{fen, Position, Tolerance};

/// What went wrong; every kind maps to an exit code.
#[derive(Debug)]
pub enum Error {
    /// The arguments do not fit the command (exit 2). The text may end with usage.
    Usage(String),
    /// A FEN, a move or a number given is wrong (exit 2).
    Input(String),
    /// Writing the output failed (exit 1).
    Io(io::Error),
}

impl Error {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Usage(_) | Error::Input(_) => 2,
            Error::Io(_) => 1,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(s) | Error::Input(s) => f.write_str(s.trim_end()),
            Error::Io(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Error {
        Error::Io(e)
    }
}

/// Which options a command takes.
pub struct Spec {
    /// Options that take a value, without the leading `--`.
    pub options: &'static [&'static str],
    /// Options that take none.
    pub flags: &'static [&'static str],
    /// The command's usage text, added to errors.
    pub usage: &'static str,
}

/// Parsed arguments.
pub struct Args {
    values: Vec<(&'static str, String)>,
    flags: Vec<&'static str>,
    /// The words that are not options, in order.
    pub positional: Vec<String>,
}

impl Spec {
    /// An error about the arguments, followed by the usage.
    pub fn error(&self, msg: impl fmt::Display) -> Error {
        Error::Usage(format!("{msg}\n\n{}", self.usage))
    }

    /// Splits `args` into options, flags and positional words.
    pub fn parse(&self, args: &[String]) -> Result<Args, Error> {
        let mut out = Args {
            values: Vec::new(),
            flags: Vec::new(),
            positional: Vec::new(),
        };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            if a == "--" {
                out.positional.extend(it.by_ref().cloned());
                break;
            }
            let Some(body) = a.strip_prefix("--") else {
                out.positional.push(a.clone());
                continue;
            };
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (body, None),
            };
            if let Some(&flag) = self.flags.iter().find(|&&f| f == name) {
                if inline.is_some() {
                    return Err(self.error(format!("--{flag} takes no value")));
                }
                out.flags.push(flag);
            } else if let Some(&opt) = self.options.iter().find(|&&o| o == name) {
                let value = match inline {
                    Some(v) => v,
                    None => it
                        .next()
                        .cloned()
                        .ok_or_else(|| self.error(format!("--{opt} needs a value")))?,
                };
                if out.values.iter().any(|(n, _)| *n == opt) {
                    return Err(self.error(format!("--{opt} is given twice")));
                }
                out.values.push((opt, value));
            } else {
                return Err(self.error(format!("unknown option '{a}'")));
            }
        }
        Ok(out)
    }
}

impl Args {
    /// The value of option `name`, if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// `true` if flag `name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.contains(&name)
    }

    /// The position of `--fen`, or the starting position. Composed positions
    /// (extra pieces, pieces on points they could never reach) are accepted.
    pub fn position(&self) -> Result<Position, Error> {
        match self.value("fen") {
            None => Ok(Position::new()),
            Some(f) => fen::position(f, Tolerance::COMPOSED)
                .map_err(|e| Error::Input(format!("bad --fen: {e}"))),
        }
    }
}
