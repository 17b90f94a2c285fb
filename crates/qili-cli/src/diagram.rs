//! `qili diagram`: the board at a chosen ply as an SVG file, drawn by the
//! code that draws the site's board (`qili-diagram`).

use std::io::Write;

use qili::rules::{adjudicate, Report};
use qili_diagram::svg::{at_ply, document, pieces, Options};
use qili_diagram::{Lang, Overlay};

use crate::args::{Error, Spec};
use crate::picture::{edition, glyphs, lang, read_line, write_out};
use crate::Command;

/// The `diagram` subcommand.
pub const COMMAND: Command = Command {
    name: "diagram",
    summary: "draw the board at a ply as SVG (last move, optional arrows and badges)",
    usage: USAGE,
    run,
};

const USAGE: &str = "\
usage: qili diagram [--fen FEN] [--moves \"MOVES\"] [--ply N] [--arrows] [--flip]
                    [--rules cxa1999|cxa2020|axf] [--lang zh|en]
                    [--glyphs traditional|simplified] [--title TEXT] --out FILE.svg

Draws the board after N of the MOVES (all of them by default) as an SVG file:
the pieces, the file numbers in Chinese (red) and Arabic (black) numerals and
the last move. Every piece is an element with data-piece (its FEN letter) and
data-square (its ICCS point). Text stays text; fonts are named with
fallbacks; the file refers to nothing outside itself.

  --fen FEN       the start position (the starting position by default)
  --moves MOVES   the moves played (ICCS, WXF or Chinese)
  --ply N         how many of them to play (0 = the start position)
  --arrows        also the label of the last move and, as the site's replay
                  shows them, arrows from attackers to chased pieces, their
                  protectors and false roots (judged under --rules)
  --flip          black at the bottom
  --rules NAME    the edition that labels the moves: cxa1999 (default),
                  cxa2020 or axf
  --lang zh|en    the language of the picture's title (zh by default)
  --glyphs STYLE  traditional (帥俥傌, the site's board; default) or
                  simplified (帅车马)
  --title TEXT    the picture's title
  --out FILE      where to write it (- or nothing: standard output)
";

const SPEC: Spec = Spec {
    options: &[
        "fen", "moves", "ply", "rules", "lang", "glyphs", "title", "out",
    ],
    flags: &["arrows", "flip"],
    usage: USAGE,
};

fn run(args: &[String], out: &mut dyn Write) -> Result<(), Error> {
    let args = SPEC.parse(args)?;
    if let Some(extra) = args.positional.first() {
        return Err(SPEC.error(format!("unexpected argument '{extra}'")));
    }
    let (start, moves) = read_line(&args)?;
    let ply = match args.value("ply") {
        None => moves.len(),
        Some(n) => match n.parse::<usize>() {
            Ok(n) if n <= moves.len() => n,
            _ => {
                return Err(Error::Input(format!(
                    "--ply must be a whole number from 0 to {} (the moves given), not '{n}'",
                    moves.len()
                )))
            }
        },
    };
    let edition = edition(&SPEC, &args)?;
    let lang = lang(&SPEC, &args)?;
    let (pos, last) = at_ply(&start, &moves, ply);
    let overlay = match last {
        None => Overlay::default(),
        Some(mv) if args.flag("arrows") => {
            let a = adjudicate(edition, &start, &moves[..ply])
                .map_err(|e| Error::Input(e.to_string()))?;
            let report = Report::new(&start, &a);
            report
                .moves
                .last()
                .map_or_else(|| Overlay::last_move(mv), |m| Overlay::of_move(mv, m))
        }
        Some(mv) => Overlay::last_move(mv),
    };
    let title = args
        .value("title")
        .map_or_else(|| default_title(lang, ply), str::to_string);
    let o = Options {
        flipped: args.flag("flip"),
        glyphs: glyphs(&SPEC, &args)?,
        title: Some(title),
        lang: Some(lang.code().to_string()),
        size: None,
    };
    write_out(&args, &document(&pieces(&pos), &overlay, &o), out)
}

fn default_title(lang: Lang, ply: usize) -> String {
    match (lang, ply) {
        (Lang::Zh, 0) => "开始局面".into(),
        (Lang::Zh, n) => format!("第 {n} 着后的局面"),
        (Lang::En, 0) => "The start position".into(),
        (Lang::En, n) => format!("The position after move {n}"),
    }
}
