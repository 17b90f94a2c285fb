//! Markup built as text, for the parts of the site that show data and take
//! no input: the board's drawing, the explanations, the verdict, the library
//! cards, the about page, the saved studies' pages.
//!
//! Why not Leptos views? Every distinct view tree instantiates Leptos'
//! rendering code again, and the download pays for each copy; the first-load
//! budget (250 KB gzip, all assets) does not leave room for that. A string
//! per block, set through `inner_html`, costs one code path for all of them.
//! Everything written is escaped; the text comes from the site's strings and
//! the engine's report.

use core::fmt::Write;

/// Escapes text for an HTML/SVG text node or a quoted attribute.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A growing piece of markup.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Markup(String);

impl Markup {
    /// Empty markup.
    pub fn new() -> Markup {
        Markup(String::with_capacity(256))
    }

    /// `<tag attr="value"…>`, values escaped. An attribute whose value is
    /// `None` is left out.
    pub fn open(&mut self, tag: &str, attrs: &[(&str, Option<&str>)]) -> &mut Markup {
        self.0.push('<');
        self.0.push_str(tag);
        for (k, v) in attrs {
            if let Some(v) = v {
                let _ = write!(self.0, " {k}=\"{}\"", esc(v));
            }
        }
        self.0.push('>');
        self
    }

    /// `</tag>`.
    pub fn close(&mut self, tag: &str) -> &mut Markup {
        let _ = write!(self.0, "</{tag}>");
        self
    }

    /// `<tag class="class">text</tag>`.
    pub fn el(&mut self, tag: &str, class: &str, text: &str) -> &mut Markup {
        let class = (!class.is_empty()).then_some(class);
        self.open(tag, &[("class", class)]).text(text).close(tag)
    }

    /// An empty element: `<tag attr…/>` (SVG).
    pub fn empty(&mut self, tag: &str, attrs: &[(&str, Option<&str>)]) -> &mut Markup {
        self.open(tag, attrs);
        self.0.pop();
        self.0.push_str("/>");
        self
    }

    /// Escaped text.
    pub fn text(&mut self, s: &str) -> &mut Markup {
        self.0.push_str(&esc(s));
        self
    }

    /// The markup.
    pub fn finish(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_text_and_attributes() {
        let mut m = Markup::new();
        m.open("p", &[("class", Some("a\"b")), ("hidden", None)])
            .text("1 < 2 & 3")
            .close("p")
            .el("span", "", "x")
            .empty("circle", &[("r", Some("4"))]);
        assert_eq!(
            m.finish(),
            "<p class=\"a&quot;b\">1 &lt; 2 &amp; 3</p><span>x</span><circle r=\"4\"/>"
        );
    }
}
