//! Text encodings of record files: UTF-8, UTF-16, GB18030/GBK and Big5.

use encoding_rs::{Encoding, BIG5, GB18030, UTF_16BE, UTF_16LE};

/// The encoding a text record was decoded from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8, with or without a byte-order mark.
    Utf8,
    /// UTF-16 little endian (with a byte-order mark).
    Utf16Le,
    /// UTF-16 big endian (with a byte-order mark).
    Utf16Be,
    /// GB18030, a superset of GBK and GB2312 (mainland Chinese files).
    Gb18030,
    /// Big5 (Taiwanese and Hong Kong files), as browsers decode it.
    Big5,
}

impl TextEncoding {
    /// The usual label of the encoding.
    pub const fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Utf16Le => "UTF-16LE",
            TextEncoding::Utf16Be => "UTF-16BE",
            TextEncoding::Gb18030 => "GB18030",
            TextEncoding::Big5 => "Big5",
        }
    }
}

/// Characters that xiangqi records are full of, in simplified and traditional
/// form: piece names, move verbs, numerals and result words.
const XIANGQI_CHARS: &str = "车車俥马馬傌炮砲包兵卒帅帥将將仕士相象进進退平前后後中\
一二三四五六七八九１２３４５６７８９红紅黑胜勝和负負先局棋";

fn score(text: &str) -> i64 {
    let mut s = 0i64;
    for c in text.chars() {
        if XIANGQI_CHARS.contains(c) {
            s += 1;
        } else if c == '\u{FFFD}' || ('\u{E000}'..='\u{F8FF}').contains(&c) {
            s -= 4;
        }
    }
    s
}

fn decode_with(enc: &'static Encoding, bytes: &[u8]) -> String {
    enc.decode_without_bom_handling(bytes).0.into_owned()
}

/// Decodes a text record whose encoding is not declared.
///
/// A byte-order mark decides (UTF-8, UTF-16). Otherwise valid UTF-8 is UTF-8;
/// anything else is decoded both as GB18030 and as Big5, and the reading that
/// contains more of the characters records are written in (piece names, 进/進,
/// 退, 平, numerals) and fewer undecodable bytes wins; a tie goes to GB18030.
///
/// ```
/// use qili::record::{decode_text, TextEncoding};
/// // 炮二平五 in Big5, then in GBK.
/// let big5 = [0xAC, 0xB6, 0xA4, 0x47, 0xA5, 0xAD, 0xA4, 0xAD];
/// assert_eq!(decode_text(&big5), ("炮二平五".to_string(), TextEncoding::Big5));
/// let gbk = [0xC5, 0xDA, 0xB6, 0xFE, 0xC6, 0xBD, 0xCE, 0xE5];
/// assert_eq!(decode_text(&gbk), ("炮二平五".to_string(), TextEncoding::Gb18030));
/// ```
pub fn decode_text(bytes: &[u8]) -> (String, TextEncoding) {
    if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        return (
            String::from_utf8_lossy(rest).into_owned(),
            TextEncoding::Utf8,
        );
    }
    if let Some(rest) = bytes.strip_prefix(&[0xFF, 0xFE]) {
        return (decode_with(UTF_16LE, rest), TextEncoding::Utf16Le);
    }
    if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        return (decode_with(UTF_16BE, rest), TextEncoding::Utf16Be);
    }
    if let Ok(s) = core::str::from_utf8(bytes) {
        return (s.to_string(), TextEncoding::Utf8);
    }
    let gb = decode_with(GB18030, bytes);
    let big5 = decode_with(BIG5, bytes);
    if score(&big5) > score(&gb) {
        (big5, TextEncoding::Big5)
    } else {
        (gb, TextEncoding::Gb18030)
    }
}

/// Decodes a GBK/GB18030 string from a binary record (XQF), dropping NULs,
/// control characters and private-use characters that old editors leave in.
/// Line breaks become `\n`.
pub(crate) fn decode_gbk(bytes: &[u8]) -> String {
    let s = unix_newlines(&decode_with(GB18030, bytes));
    s.chars()
        .filter(|&c| {
            !(c == '\0'
                || c == '\u{FFFD}'
                || ('\u{E000}'..='\u{F8FF}').contains(&c)
                || (c.is_control() && c != '\n' && c != '\r' && c != '\t'))
        })
        .collect()
}

/// `\r\n` and lone `\r` become `\n`.
pub(crate) fn unix_newlines(s: &str) -> String {
    s.replace("\r\n", "\n").replace('\r', "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boms_and_utf8() {
        let mut b = vec![0xEF, 0xBB, 0xBF];
        b.extend_from_slice("炮二平五".as_bytes());
        assert_eq!(decode_text(&b).0, "炮二平五");
        assert_eq!(decode_text("馬８進７".as_bytes()).1, TextEncoding::Utf8);
        let mut u16 = vec![0xFF, 0xFE];
        for c in "h2e2".encode_utf16() {
            u16.extend_from_slice(&c.to_le_bytes());
        }
        assert_eq!(
            decode_text(&u16),
            ("h2e2".to_string(), TextEncoding::Utf16Le)
        );
    }

    #[test]
    fn gbk_strings() {
        assert_eq!(decode_gbk(&[0xC5, 0xDA, 0, 0]), "炮");
    }
}
