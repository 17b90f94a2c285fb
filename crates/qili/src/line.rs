//! Reading move lists as people paste them: any mix of ICCS (`h2e2`), WXF
//! (`C2=5`) and Chinese (`炮二平五`), with move numbers and punctuation.
//! Reading one move is [`crate::notation::Reader`]; this module splits the
//! text into moves.
//!
//! ```
//! use qili::{line, Position};
//! let moves = line::read_line(&Position::new(), "1. 炮二平五 H8+7 2. h0g2").unwrap();
//! assert_eq!(moves.len(), 3);
//! ```

use crate::notation::Reader;
use crate::{zh, Move, Position};

/// A move of a pasted list that could not be read or is not legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// 1-based number of the move in the list.
    pub number: usize,
    /// The text of the move.
    pub text: String,
    /// Why, from the notation parsers (in English).
    pub reason: String,
}

impl std::fmt::Display for ReadError {
    /// `move 3: 马8进7 — no black horse on file 8`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {}: {} — {}", self.number, self.text, self.reason)
    }
}

impl std::error::Error for ReadError {}

/// Splits a pasted list into move texts: whitespace, commas and Chinese
/// punctuation separate moves; move numbers (`1.`, `12...`, `3、`) and a
/// result (`1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`) are dropped; runs of Chinese
/// moves written without spaces (`炮二平五马8进7前兵九进一`) are cut into
/// the four- or five-character moves they are made of.
pub fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for raw in text.split(|c: char| c.is_whitespace() || ",，、;；".contains(c)) {
        // A move number, alone or glued to the move ("1.h2e2", "1…炮二平五").
        let digits = raw.chars().take_while(char::is_ascii_digit).count();
        let rest = &raw[digits..];
        let word = if digits > 0 && (rest.is_empty() || rest.starts_with(['.', '…', '．'])) {
            rest.trim_start_matches(['.', '…', '．'])
        } else {
            raw
        };
        if word.is_empty() || matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
            continue;
        }
        match split_glued_chinese(word) {
            Some(parts) => out.extend(parts),
            None => out.push(word.to_string()),
        }
    }
    out
}

/// Cuts Chinese moves written without spaces into moves, if the whole word
/// is made of readable four- or five-character moves.
fn split_glued_chinese(word: &str) -> Option<Vec<String>> {
    let chars: Vec<char> = word.chars().collect();
    if word.is_ascii() || chars.len() <= 5 || word.parse::<zh::Notation>().is_ok() {
        return None;
    }
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
    Some(out)
}

/// Reads a pasted move list played from `start`.
pub fn read_line(start: &Position, text: &str) -> Result<Vec<Move>, ReadError> {
    read_moves(start, &tokens(text), Reader::Auto)
}

/// Reads `moves`, one move per entry, with `reader`, played one after
/// another from `start`.
pub fn read_moves<S: AsRef<str>>(
    start: &Position,
    moves: &[S],
    reader: Reader,
) -> Result<Vec<Move>, ReadError> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (i, t) in moves.iter().enumerate() {
        let t = t.as_ref();
        let m = reader.read(&pos, t).map_err(|reason| ReadError {
            number: i + 1,
            text: t.trim().to_string(),
            reason,
        })?;
        pos.play_unchecked(m);
        out.push(m);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, Tolerance};

    #[test]
    fn splits_numbers_punctuation_and_glued_chinese() {
        assert_eq!(
            tokens("1. 炮二平五 马8进7 2.马二进三，车9平8"),
            ["炮二平五", "马8进7", "马二进三", "车9平8"]
        );
        assert_eq!(tokens("炮二平五马8进7"), ["炮二平五", "马8进7"]);
        assert_eq!(
            tokens("3、炮二平五马8进7前兵九进一 1-0"),
            ["炮二平五", "马8进7", "前兵九进一"]
        );
        assert_eq!(tokens("炮二平五马8"), ["炮二平五马8"]);
        assert_eq!(tokens("1.h2e2 h9g7\n2... R2+1"), ["h2e2", "h9g7", "R2+1"]);
        assert!(tokens("  \n ").is_empty());
    }

    #[test]
    fn reads_every_notation_in_one_list() {
        let start = Position::new();
        let moves = read_line(&start, "炮二平五 H8+7 h0g2 車９平８").unwrap();
        let iccs: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(iccs, ["h2e2", "h9g7", "h0g2", "i9h9"]);
    }

    #[test]
    fn errors_name_the_move() {
        let start =
            fen::position("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", Tolerance::COMPOSED).unwrap();
        let e = read_line(&start, "车四平五 将5平6 车五平九").unwrap_err();
        assert_eq!((e.number, e.text.as_str()), (3, "车五平九"));
        assert!(e.to_string().starts_with("move 3: 车五平九 — "), "{e}");
        let e = read_line(&start, "xyz").unwrap_err();
        assert_eq!(e.number, 1);
        assert!(e.reason.contains("not a move"), "{}", e.reason);
    }
}
