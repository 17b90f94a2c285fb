//! A small JSON reader and writer for the saved studies.
//!
//! Why not serde_json? This module is a download of its own, kept small;
//! the studies need values, not typed deserialization.
//! Numbers are kept as their text (no float code in the download): the
//! studies only hold integers, read with [`Json::int`].
//!
//! The reader never panics, whatever the input: nesting is limited to
//! [`MAX_DEPTH`] (deeper input is an error, not a stack overflow).

use core::fmt::Write;

/// How deeply arrays and objects may nest.
pub const MAX_DEPTH: usize = 32;

/// A JSON value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as written (validated against the JSON grammar).
    Num(String),
    /// A string, unescaped.
    Str(String),
    /// An array.
    Arr(Vec<Json>),
    /// An object, members in order (a repeated key: the last one wins in
    /// [`Json::get`]).
    Obj(Vec<(String, Json)>),
}

/// Where a text stops being JSON: the byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SyntaxError(pub usize);

impl Json {
    /// Reads a whole JSON text (surrounding whitespace allowed).
    pub fn parse(text: &str) -> Result<Json, SyntaxError> {
        let mut r = Reader {
            text,
            s: text.as_bytes(),
            i: 0,
        };
        let v = r.value(0)?;
        r.ws();
        if r.i == r.s.len() {
            Ok(v)
        } else {
            Err(SyntaxError(r.i))
        }
    }

    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(m) => m.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The number, if this is a non-negative integer that fits in `u64`.
    pub fn int(&self) -> Option<u64> {
        match self {
            Json::Num(n) => n.parse().ok(),
            _ => None,
        }
    }

    /// The value as JSON text.
    pub fn write(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Num(n) => out.push_str(n),
            Json::Str(s) => write_str(out, s),
            Json::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write(out);
                }
                out.push(']');
            }
            Json::Obj(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_str(out, k);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }
}

/// Writes `s` as a JSON string literal.
pub fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

struct Reader<'a> {
    text: &'a str,
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn ws(&mut self) {
        while matches!(self.s.get(self.i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn err<T>(&self) -> Result<T, SyntaxError> {
        Err(SyntaxError(self.i))
    }

    fn eat(&mut self, word: &[u8]) -> bool {
        let ok = self.s[self.i..].starts_with(word);
        if ok {
            self.i += word.len();
        }
        ok
    }

    fn value(&mut self, depth: usize) -> Result<Json, SyntaxError> {
        self.ws();
        if depth > MAX_DEPTH {
            return self.err();
        }
        let Some(&c) = self.s.get(self.i) else {
            return self.err();
        };
        match c {
            b'{' => {
                self.i += 1;
                let mut members = Vec::new();
                self.ws();
                if self.eat(b"}") {
                    return Ok(Json::Obj(members));
                }
                loop {
                    self.ws();
                    let key = self.string()?;
                    self.ws();
                    if !self.eat(b":") {
                        return self.err();
                    }
                    members.push((key, self.value(depth + 1)?));
                    self.ws();
                    if self.eat(b"}") {
                        return Ok(Json::Obj(members));
                    }
                    if !self.eat(b",") {
                        return self.err();
                    }
                }
            }
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.eat(b"]") {
                    return Ok(Json::Arr(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    if self.eat(b"]") {
                        return Ok(Json::Arr(items));
                    }
                    if !self.eat(b",") {
                        return self.err();
                    }
                }
            }
            b'"' => self.string().map(Json::Str),
            b't' if self.eat(b"true") => Ok(Json::Bool(true)),
            b'f' if self.eat(b"false") => Ok(Json::Bool(false)),
            b'n' if self.eat(b"null") => Ok(Json::Null),
            b'-' | b'0'..=b'9' => self.number(),
            _ => self.err(),
        }
    }

    fn digits(&mut self) -> usize {
        let from = self.i;
        while self.s.get(self.i).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
        }
        self.i - from
    }

    fn number(&mut self) -> Result<Json, SyntaxError> {
        let from = self.i;
        self.eat(b"-");
        let int_at = self.i;
        let n = self.digits();
        if n == 0 || (n > 1 && self.s[int_at] == b'0') {
            return Err(SyntaxError(int_at));
        }
        if self.eat(b".") && self.digits() == 0 {
            return self.err();
        }
        if matches!(self.s.get(self.i), Some(b'e' | b'E')) {
            self.i += 1;
            if !self.eat(b"+") {
                self.eat(b"-");
            }
            if self.digits() == 0 {
                return self.err();
            }
        }
        // Only ASCII was consumed: the slice is on `char` boundaries.
        Ok(Json::Num(self.text[from..self.i].to_string()))
    }

    fn hex4(&mut self) -> Result<u32, SyntaxError> {
        let mut v = 0;
        for _ in 0..4 {
            let Some(d) = self.s.get(self.i).and_then(|&b| (b as char).to_digit(16)) else {
                return self.err();
            };
            v = v * 16 + d;
            self.i += 1;
        }
        Ok(v)
    }

    fn string(&mut self) -> Result<String, SyntaxError> {
        if !self.eat(b"\"") {
            return self.err();
        }
        let mut out = Vec::new();
        loop {
            let Some(&c) = self.s.get(self.i) else {
                return self.err();
            };
            self.i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let Some(&e) = self.s.get(self.i) else {
                        return self.err();
                    };
                    self.i += 1;
                    let ch = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi) && self.eat(b"\\u") {
                                let lo = self.hex4()?;
                                if (0xDC00..0xE000).contains(&lo) {
                                    0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                                } else {
                                    0xFFFD
                                }
                            } else {
                                hi
                            };
                            char::from_u32(code).unwrap_or('\u{FFFD}')
                        }
                        _ => {
                            self.i -= 1;
                            return self.err();
                        }
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                0..=0x1F => {
                    self.i -= 1;
                    return self.err();
                }
                c => out.push(c),
            }
        }
        // The input is a `str` and escapes are written as UTF-8: valid.
        String::from_utf8(out).or(self.err())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(text: &str) -> String {
        let mut out = String::new();
        Json::parse(text).unwrap().write(&mut out);
        out
    }

    #[test]
    fn reads_and_writes_values() {
        assert_eq!(
            round(
                r#" { "a" : [1, -2.5e3, true, false, null, "x\"\\\/\n\u00e9\ud83d\ude00"] , "b":{} } "#
            ),
            "{\"a\":[1,-2.5e3,true,false,null,\"x\\\"\\\\/\\né😀\"],\"b\":{}}"
        );
        let v = Json::parse(r#"{"n":12,"n":13,"s":"图一","f":1.5,"neg":-1}"#).unwrap();
        assert_eq!(
            v.get("n").and_then(Json::int),
            Some(13),
            "the last key wins"
        );
        assert_eq!(v.get("s").and_then(Json::str), Some("图一"));
        assert_eq!(v.get("f").and_then(Json::int), None);
        assert_eq!(v.get("neg").and_then(Json::int), None);
        assert_eq!(v.get("missing"), None);
        assert_eq!(Json::Null.get("x"), None);
    }

    #[test]
    fn strings_round_trip() {
        for s in [
            "",
            "a\u{1}b\tc",
            "<img src=x onerror=alert(1)>",
            "\"quoted\" \\ 中文",
        ] {
            let mut out = String::new();
            write_str(&mut out, s);
            assert_eq!(Json::parse(&out), Ok(Json::Str(s.to_string())), "{out}");
        }
        assert_eq!(
            Json::parse(r#""\ud800x""#),
            Ok(Json::Str("\u{FFFD}x".into())),
            "a lone surrogate"
        );
    }

    #[test]
    fn garbage_is_an_error_with_its_offset() {
        for (text, at) in [
            ("", 0),
            ("{", 1),
            ("{\"a\" 1}", 5),
            ("[1,]", 3),
            ("[1 2]", 3),
            ("01", 0),
            ("-", 1),
            ("1.", 2),
            ("1e", 2),
            ("tru", 0),
            ("\"abc", 4),
            ("\"a\\qb\"", 3),
            ("\"a\u{1}\"", 2),
            ("\"\\u12g4\"", 5),
            ("{} x", 3),
            ("{'a':1}", 1),
        ] {
            assert_eq!(Json::parse(text), Err(SyntaxError(at)), "{text:?}");
        }
    }

    #[test]
    fn deep_nesting_is_refused_not_a_crash() {
        let deep = "[".repeat(100_000);
        assert!(Json::parse(&deep).is_err());
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(Json::parse(&ok).is_ok());
    }
}
