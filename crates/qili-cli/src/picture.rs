//! What `qili diagram` and `qili report` share: reading the line, the edition,
//! the language and the glyphs, and writing the output file.

use std::io::Write;

use qili::rules::Edition;
use qili::{line, Move, Position};
use qili_diagram::{Glyphs, Lang};

use crate::args::{Args, Error, Spec};

/// The start position and the moves of `--fen` and `--moves`.
pub fn read_line(args: &Args) -> Result<(Position, Vec<Move>), Error> {
    let pos = args.position()?;
    let moves = line::read_line(&pos, args.value("moves").unwrap_or(""))
        .map_err(|e| Error::Input(e.to_string()))?;
    Ok((pos, moves))
}

/// `--rules` (CXA 1999 by default).
pub fn edition(spec: &Spec, args: &Args) -> Result<Edition, Error> {
    args.value("rules")
        .unwrap_or("cxa1999")
        .parse()
        .map_err(|e| spec.error(e))
}

/// `--lang` (Chinese by default).
pub fn lang(spec: &Spec, args: &Args) -> Result<Lang, Error> {
    match args.value("lang") {
        None => Ok(Lang::Zh),
        Some(l) => Lang::from_code(l)
            .ok_or_else(|| spec.error(format!("--lang must be zh or en, not '{l}'"))),
    }
}

/// `--glyphs` (traditional by default, as the site's board).
pub fn glyphs(spec: &Spec, args: &Args) -> Result<Glyphs, Error> {
    match args.value("glyphs") {
        None => Ok(Glyphs::Traditional),
        Some(g) => Glyphs::from_name(g).ok_or_else(|| {
            spec.error(format!(
                "--glyphs must be traditional or simplified, not '{g}'"
            ))
        }),
    }
}

/// Writes `text` to `--out` (standard output for `-` or without `--out`).
pub fn write_out(args: &Args, text: &str, out: &mut dyn Write) -> Result<(), Error> {
    match args.value("out") {
        None | Some("-") => Ok(out.write_all(text.as_bytes())?),
        Some(path) => std::fs::write(path, text)
            .map_err(|e| Error::Input(format!("cannot write {path}: {e}"))),
    }
}

/// Today's date (UTC) as `YYYY-MM-DD`.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil_date(secs / 86_400)
}

/// The proleptic Gregorian date of `days` since 1970-01-01, as `YYYY-MM-DD`
/// (days counted in 400-year eras of 146,097 days, years starting in March
/// so that the leap day ends the year).
fn civil_date(days: u64) -> String {
    let z = days + 719_468; // days since 0000-03-01
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::civil_date;

    #[test]
    fn dates() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(11_016), "2000-02-29");
        assert_eq!(civil_date(20_788), "2026-12-01");
    }
}
