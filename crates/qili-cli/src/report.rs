//! `qili report`: the referee's one-page report of a line's repetition, as
//! HTML (prints to the same page as the site's "Print report") or as SVG.

use std::io::Write;

use qili::rules::{adjudicate, Report};
use qili_diagram::Sheet;

use crate::args::{Error, Spec};
use crate::picture::{edition, glyphs, lang, read_line, today, write_out};
use crate::Command;

/// The `report` subcommand.
pub const COMMAND: Command = Command {
    name: "report",
    summary: "write the referee's one-page report of a repetition (HTML or SVG)",
    usage: USAGE,
    run,
};

const USAGE: &str = "\
usage: qili report --rules cxa1999|cxa2020|axf [--fen FEN] --moves \"MOVES\"
                   [--lang zh|en] [--title TEXT] [--date TEXT] [--flip]
                   [--glyphs traditional|simplified] --out FILE.html|FILE.svg

Judges the MOVES and writes one printable page (A4 or Letter, portrait): the
title, the diagram of the cycle's first position, the cycle's moves in
Chinese and WXF with their labels, both sides' patterns, the ruling and the
verdict with their clauses and explanation, the edition and the date.
The file's extension chooses the format: .html (print it, or save it as PDF,
from a browser) or .svg (one page).

  --rules NAME    cxa1999 (default), cxa2020 or axf
  --fen FEN       the start position (the starting position by default)
  --moves MOVES   the moves played (ICCS, WXF or Chinese)
  --lang zh|en    the report's language (zh by default)
  --title TEXT    its title: the example's name, the event and table…
  --date TEXT     the date printed (today, UTC, by default)
  --flip          black at the bottom of the diagram
  --glyphs STYLE  traditional (default) or simplified piece glyphs
  --out FILE      FILE.html or FILE.svg (- for HTML on standard output)
";

const SPEC: Spec = Spec {
    options: &[
        "rules", "fen", "moves", "lang", "title", "date", "glyphs", "out",
    ],
    flags: &["flip"],
    usage: USAGE,
};

/// The format of the output, from the file's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Html,
    Svg,
}

fn format(out: Option<&str>) -> Result<Format, Error> {
    let Some(path) = out.filter(|p| *p != "-") else {
        return Ok(Format::Html);
    };
    let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    match ext.as_deref() {
        Some("html" | "htm") => Ok(Format::Html),
        Some("svg") => Ok(Format::Svg),
        _ => Err(SPEC.error(format!(
            "--out must name a .html or .svg file, not '{path}'"
        ))),
    }
}

fn run(args: &[String], out: &mut dyn Write) -> Result<(), Error> {
    let args = SPEC.parse(args)?;
    if let Some(extra) = args.positional.first() {
        return Err(SPEC.error(format!("unexpected argument '{extra}'")));
    }
    let format = format(args.value("out"))?;
    let edition = edition(&SPEC, &args)?;
    let lang = lang(&SPEC, &args)?;
    let (start, moves) = read_line(&args)?;
    let a = adjudicate(edition, &start, &moves).map_err(|e| Error::Input(e.to_string()))?;
    let report = Report::new(&start, &a);
    let date = args.value("date").map_or_else(today, str::to_string);
    let title = args
        .value("title")
        .unwrap_or(lang.pick("对局裁决", "Adjudication"));
    let sheet = Sheet {
        title,
        start: &start,
        moves: &moves,
        report: &report,
        edition,
        date: &date,
        lang,
        glyphs: glyphs(&SPEC, &args)?,
        flipped: args.flag("flip"),
    };
    let text = match format {
        Format::Html => sheet.html_document(),
        Format::Svg => sheet.svg(),
    };
    write_out(&args, &text, out)
}
