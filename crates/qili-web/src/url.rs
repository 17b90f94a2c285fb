//! Percent-encoding of the site's addresses (`#/analysis?fen=…&moves=…`).

/// Percent-encodes `s` for a URL component: unreserved characters and `/`
/// stay, a space becomes `+`, everything else (UTF-8 bytes) `%XX`.
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => {
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                out.push('%');
                out.push(HEX[(b >> 4) as usize] as char);
                out.push(HEX[(b & 15) as usize] as char);
            }
        }
    }
    out
}

/// Decodes `%XX` escapes (invalid ones are kept as written) and, if
/// `plus_is_space`, `+` as a space. Bytes that do not form UTF-8 become U+FFFD.
pub fn decode(s: &str, plus_is_space: bool) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' if i + 2 < b.len() => match (hex(b[i + 1]), hex(b[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push(h << 4 | l);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' if plus_is_space => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_bad_escapes() {
        for s in ["", "a b/c", "车二进一 h2e2", "100%", "&=?#+"] {
            assert_eq!(decode(&encode(s), true), s);
        }
        assert_eq!(encode("a b+c"), "a+b%2Bc");
        assert_eq!(decode("%4", true), "%4");
        assert_eq!(decode("%zz+x", false), "%zz+x");
        assert_eq!(decode("%E8%BD%A6", true), "车");
    }

    #[test]
    fn percent_codec() {
        for s in ["", "a b", "图一", "100%", "x+y", "a/b?c=d&e"] {
            assert_eq!(decode(&encode(s), true), s);
        }
        assert_eq!(decode("%zz%4", true), "%zz%4");
        assert_eq!(decode("%E5%9B", false), "\u{FFFD}");
    }
}
