//! Reading move lists as people paste them: any mix of ICCS (`h2e2`), WXF
//! (`C2=5`) and Chinese (`炮二平五`), with move numbers and punctuation.
//! The parsing of one move is [`crate::iccs`], [`crate::wxf`] and
//! [`crate::zh`]; this module splits the text into moves and tries each
//! notation.
//!
//! ```
//! use qili::{line, Position};
//! let moves = line::read_line(&Position::new(), "1. 炮二平五 H8+7 2. h0g2").unwrap();
//! assert_eq!(moves.len(), 3);
//! ```

use crate::iccs::Iccs;
use crate::{wxf, zh, Move, Position};

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

/// Splits a pasted list into move texts: whitespace, commas and Chinese
/// punctuation separate moves; move numbers (`1.`, `12...`, `3、`) are
/// dropped; runs of Chinese moves written without spaces (`炮二平五马8进7`)
/// are cut every four characters.
pub fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for raw in text.split(|c: char| c.is_whitespace() || ",，、;；".contains(c)) {
        // A move number, alone or glued to the move ("1.h2e2", "1…炮二平五").
        let digits = raw.chars().take_while(char::is_ascii_digit).count();
        let rest: String = raw.chars().skip(digits).collect();
        let word = if digits > 0 && rest.starts_with(['.', '…', '．']) {
            rest.trim_start_matches(['.', '…', '．']).to_string()
        } else {
            raw.to_string()
        };
        if word.is_empty() {
            continue;
        }
        let chars: Vec<char> = word.chars().collect();
        let chinese = !chars[0].is_ascii();
        if chinese && chars.len() > 4 && chars.len() % 4 == 0 {
            out.extend(chars.chunks(4).map(|c| c.iter().collect::<String>()));
        } else {
            out.push(word);
        }
    }
    out
}

/// Reads one move of the side to move in `pos`, in whichever notation the
/// text is written: ICCS, then WXF, then Chinese.
pub fn read_move(pos: &Position, text: &str) -> Result<Move, String> {
    if let Ok(n) = text.parse::<Iccs>() {
        return n.to_move(pos).map_err(|e| e.to_string());
    }
    if let Ok(n) = text.parse::<wxf::Notation>() {
        return n.to_move(pos).map_err(|e| e.to_string());
    }
    match text.parse::<zh::Notation>() {
        Ok(n) => n.to_move(pos).map_err(|e| e.to_string()),
        Err(_) => Err("not a move in ICCS (h2e2), WXF (C2=5) or Chinese (炮二平五)".into()),
    }
}

/// Reads a pasted move list played from `start`.
pub fn read_line(start: &Position, text: &str) -> Result<Vec<Move>, ReadError> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (i, t) in tokens(text).into_iter().enumerate() {
        let m = read_move(&pos, &t).map_err(|reason| ReadError {
            number: i + 1,
            text: t.clone(),
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
        let e = read_line(&start, "xyz").unwrap_err();
        assert_eq!(e.number, 1);
        assert!(e.reason.contains("not a move"), "{}", e.reason);
    }
}
