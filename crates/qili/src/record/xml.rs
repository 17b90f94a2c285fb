//! A small XML reader, enough of XML 1.0 for the files record programs
//! write: elements, attributes, text, CDATA sections, character references
//! and the five named entities. Declarations, comments, processing
//! instructions and document types are skipped. It reads events one at a
//! time (no tree), so deep nesting costs nothing.

use std::borrow::Cow;

/// One piece of an XML text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Event<'a> {
    /// `<name attr="value" …>`, or `<name …/>` if `empty`.
    Start {
        /// The element name.
        name: &'a str,
        /// The attributes in order, their values unescaped.
        attrs: Vec<(&'a str, Cow<'a, str>)>,
        /// `true` for `<name/>`, which has no end event.
        empty: bool,
    },
    /// `</name>`.
    End {
        /// The element name.
        name: &'a str,
    },
    /// Text between tags, unescaped, or the content of a CDATA section.
    Text(Cow<'a, str>),
}

/// Malformed XML: where (byte offset in the text) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct XmlError {
    /// Byte offset in the text.
    pub offset: usize,
    /// What is wrong.
    pub reason: &'static str,
}

/// Reads the events of a text in order.
pub(crate) struct Reader<'a> {
    text: &'a str,
    pos: usize,
}

/// Replaces entity and character references; unknown ones are kept as written.
fn unescape(s: &str) -> Cow<'_, str> {
    if !s.contains('&') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let Some(end) = rest.bytes().take(12).position(|b| b == b';') else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let name = &rest[1..end];
        let c = match name {
            "lt" => Some('<'),
            "gt" => Some('>'),
            "amp" => Some('&'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => name
                .strip_prefix("#x")
                .or_else(|| name.strip_prefix("#X"))
                .map(|h| u32::from_str_radix(h, 16))
                .or_else(|| name.strip_prefix('#').map(str::parse::<u32>))
                .and_then(Result::ok)
                .and_then(char::from_u32),
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

fn is_name_char(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, '<' | '>' | '/' | '=' | '"' | '\'' | '?' | '!')
}

impl<'a> Reader<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader { text, pos: 0 }
    }

    /// Where the next event starts.
    pub fn offset(&self) -> usize {
        self.pos
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn error(&self, offset: usize, reason: &'static str) -> XmlError {
        XmlError { offset, reason }
    }

    /// Skips past `end`; an error (`reason`) if the text ends first.
    fn skip_past(&mut self, end: &str, at: usize, reason: &'static str) -> Result<(), XmlError> {
        match self.rest().find(end) {
            Some(i) => {
                self.pos += i + end.len();
                Ok(())
            }
            None => Err(self.error(at, reason)),
        }
    }

    fn skip_spaces(&mut self) {
        let r = self.rest();
        self.pos += r.len() - r.trim_start().len();
    }

    fn name(&mut self) -> &'a str {
        let r = self.rest();
        let n = r.find(|c| !is_name_char(c)).unwrap_or(r.len());
        self.pos += n;
        &r[..n]
    }

    /// The next event, `None` at the end of the text or after an error.
    pub fn next_event(&mut self) -> Option<Result<Event<'a>, XmlError>> {
        let event = self.event();
        if let Some(Err(_)) = event {
            self.pos = self.text.len();
        }
        event
    }

    fn event(&mut self) -> Option<Result<Event<'a>, XmlError>> {
        loop {
            let at = self.pos;
            let r = self.rest();
            if r.is_empty() {
                return None;
            }
            if !r.starts_with('<') {
                let n = r.find('<').unwrap_or(r.len());
                self.pos += n;
                return Some(Ok(Event::Text(unescape(&r[..n]))));
            }
            let step = if r.starts_with("<?") {
                self.skip_past("?>", at, "unclosed processing instruction")
            } else if r.starts_with("<!--") {
                self.skip_past("-->", at, "unclosed comment")
            } else if let Some(body) = r.strip_prefix("<![CDATA[") {
                return Some(match body.find("]]>") {
                    Some(i) => {
                        self.pos += "<![CDATA[".len() + i + 3;
                        Ok(Event::Text(Cow::Borrowed(&body[..i])))
                    }
                    None => Err(self.error(at, "unclosed CDATA section")),
                });
            } else if r.starts_with("<!") {
                let end = if r[..r.find('>').unwrap_or(r.len())].contains('[') {
                    "]>"
                } else {
                    ">"
                };
                self.skip_past(end, at, "unclosed declaration")
            } else {
                return Some(self.tag(at));
            };
            if let Err(e) = step {
                return Some(Err(e));
            }
        }
    }

    /// A start or end tag; the cursor is on `<`.
    fn tag(&mut self, at: usize) -> Result<Event<'a>, XmlError> {
        self.pos += 1;
        let closing = self.rest().starts_with('/');
        if closing {
            self.pos += 1;
        }
        let name = self.name();
        if name.is_empty() {
            return Err(self.error(at, "a tag without a name"));
        }
        let mut attrs = Vec::new();
        loop {
            self.skip_spaces();
            let r = self.rest();
            if r.starts_with('>') {
                self.pos += 1;
                return Ok(if closing {
                    Event::End { name }
                } else {
                    Event::Start {
                        name,
                        attrs,
                        empty: false,
                    }
                });
            }
            if r.starts_with("/>") && !closing {
                self.pos += 2;
                return Ok(Event::Start {
                    name,
                    attrs,
                    empty: true,
                });
            }
            let key = self.name();
            if key.is_empty() || closing {
                return Err(self.error(at, "malformed tag"));
            }
            self.skip_spaces();
            if !self.rest().starts_with('=') {
                return Err(self.error(self.pos, "an attribute without a value"));
            }
            self.pos += 1;
            self.skip_spaces();
            let r = self.rest();
            let Some(quote) = r.chars().next().filter(|&c| c == '"' || c == '\'') else {
                return Err(self.error(self.pos, "an attribute value without quotes"));
            };
            let Some(len) = r[1..].find(quote) else {
                return Err(self.error(self.pos, "an unclosed attribute value"));
            };
            attrs.push((key, unescape(&r[1..1 + len])));
            self.pos += len + 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(text: &str) -> Vec<Result<Event<'_>, XmlError>> {
        let mut r = Reader::new(text);
        std::iter::from_fn(|| r.next_event()).collect()
    }

    #[test]
    fn reads_elements_attributes_and_text() {
        let ev = events(
            "<?xml version=\"1.0\"?><!-- c --><a x='1 &amp; 2'><b/>t&lt;&#x4E00;<![CDATA[<&>]]></a>",
        );
        let ev: Vec<Event<'_>> = ev.into_iter().map(Result::unwrap).collect();
        assert_eq!(
            ev,
            [
                Event::Start {
                    name: "a",
                    attrs: vec![("x", "1 & 2".into())],
                    empty: false
                },
                Event::Start {
                    name: "b",
                    attrs: vec![],
                    empty: true
                },
                Event::Text("t<一".into()),
                Event::Text("<&>".into()),
                Event::End { name: "a" },
            ]
        );
    }

    #[test]
    fn errors_say_where() {
        for (text, offset) in [
            ("<a x=1>", 5),
            ("ab<![CDATA[x", 2),
            ("<a><", 3),
            ("<a x>", 4),
        ] {
            let e = events(text).into_iter().find_map(Result::err);
            assert_eq!(e.map(|e| e.offset), Some(offset), "{text}");
        }
    }
}
