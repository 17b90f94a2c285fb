//! `qili convert`: rewrite a sequence of moves in another notation, or (with
//! a FILE and `--to pgn|dhtmlxq`) a game record file, see [`crate::annotate`].

use std::io::Write;

use qili::zh;

use crate::args::{Error, Spec};
use crate::notation::{Notation, Reader};
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

/// `1.`, `12...`: a move number to skip.
fn is_move_number(tok: &str) -> bool {
    let digits = tok.trim_end_matches('.');
    digits.len() < tok.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

fn is_result(tok: &str) -> bool {
    matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// Splits Chinese moves written without spaces (`炮二平五马8进7`) into
/// moves, if the whole text splits into readable four- or five-character
/// moves.
fn split_chinese(tok: &str) -> Option<Vec<String>> {
    let chars: Vec<char> = tok.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let len = [4, 5].into_iter().find(|&n| {
            i + n <= chars.len()
                && chars[i..i + n]
                    .iter()
                    .collect::<String>()
                    .parse::<zh::Notation>()
                    .is_ok()
        })?;
        out.push(chars[i..i + len].iter().collect());
        i += len;
    }
    (out.len() > 1).then_some(out)
}

fn tokens(words: &[String], reader: Reader) -> Vec<String> {
    let mut out = Vec::new();
    for tok in words.iter().flat_map(|w| w.split_whitespace()) {
        if is_move_number(tok) || is_result(tok) {
            continue;
        }
        let glued = reader.reads_chinese()
            && tok.chars().count() > 5
            && tok.parse::<zh::Notation>().is_err();
        match glued.then(|| split_chinese(tok)).flatten() {
            Some(parts) => out.extend(parts),
            None => out.push(tok.to_string()),
        }
    }
    out
}

fn run(args: &[String], out: &mut dyn Write) -> Result<(), Error> {
    if crate::records::is_record_conversion(args) {
        return crate::records::convert_record(args, out);
    }
    let args = SPEC.parse(args)?;
    let from: Reader = args
        .value("from")
        .ok_or_else(|| SPEC.error("missing --from"))?
        .parse()
        .map_err(|e| SPEC.error(format!("--from: {e}")))?;
    let to: Notation = args
        .value("to")
        .ok_or_else(|| SPEC.error("missing --to"))?
        .parse()
        .map_err(|e| SPEC.error(format!("--to: {e}")))?;
    let mut pos = args.position()?;
    let moves = tokens(&args.positional, from);
    if moves.is_empty() {
        return Err(SPEC.error("no MOVES given"));
    }
    let mut written = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let m = from
            .read(&pos, text)
            .map_err(|e| Error::Input(format!("move {}: {text} — {e}", i + 1)))?;
        written.push(to.write(&pos, m));
        pos.play_unchecked(m);
    }
    writeln!(out, "{}", written.join(" "))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_glued_chinese() {
        assert_eq!(
            split_chinese("炮二平五马8进7前兵九进一").unwrap(),
            ["炮二平五", "马8进7", "前兵九进一"]
        );
        assert_eq!(split_chinese("炮二平五马8"), None);
        assert_eq!(split_chinese("炮二平五"), None);
    }

    #[test]
    fn skips_numbers_and_results() {
        let words = ["1. 炮二平五 马8进7 2. 马二进三 1-0".to_string()];
        assert_eq!(
            tokens(&words, Reader::Auto),
            ["炮二平五", "马8进7", "马二进三"]
        );
        assert!(!is_move_number("1"));
        assert!(is_move_number("12..."));
    }
}
