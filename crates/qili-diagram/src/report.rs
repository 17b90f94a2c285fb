//! The referee's report: one printable page (A4 or Letter, portrait) with the
//! title, the diagram of the cycle's first position, the cycle's moves in
//! Chinese and WXF with their labels, both sides' patterns, the ruling and
//! the verdict with their clauses and the engine's explanation, the edition
//! and the date. As HTML (a fragment for the site's print, a whole document
//! for the CLI) and as one SVG page.
//!
//! Everything shown comes from the engine's [`Report`]; names, titles and
//! notes are escaped (they may come from a record).

use qili::rules::{line_text, Claim, Edition, IdleKind, Label, MoveReport, Report};
use qili::{Color, Move, Position};
use qili_web::markup::{esc, Markup};

use crate::draw::Glyphs;
use crate::overlay::{label_class, Overlay};
use crate::svg::{self, at_ply, pieces, Options};
use crate::words::ReportText;
use qili_web::Lang;

/// The report's styles, scoped to `.qili-report`.
pub const REPORT_CSS: &str = include_str!("css/report.css");

/// The print rules of a page that holds a report: only the report is
/// printed, on one portrait page, without the page's navigation or buttons.
pub const PRINT_CSS: &str = "@page{size:portrait;margin:10mm}\
@media print{body>:not(.qili-print){display:none!important}\
html,body{background:#fff!important;margin:0}}\
@media screen{.qili-print{display:none}}";

/// The longest cycle (in moves) whose report prints the line under each
/// claim: more would not fit the page.
const LINES_ROOM: usize = 8;

/// What a report is about.
#[derive(Debug, Clone, Copy)]
pub struct Sheet<'a> {
    /// The title: the example's name, or the event and table.
    pub title: &'a str,
    /// The start position.
    pub start: &'a Position,
    /// The moves played.
    pub moves: &'a [Move],
    /// The engine's report of them.
    pub report: &'a Report,
    /// The edition judged by.
    pub edition: Edition,
    /// The date, as it should be printed.
    pub date: &'a str,
    /// The language.
    pub lang: Lang,
    /// The pieces' glyphs.
    pub glyphs: Glyphs,
    /// Black at the bottom of the diagram.
    pub flipped: bool,
}

impl Sheet<'_> {
    /// The ply (moves played) of the diagram: the cycle's first position,
    /// or the final position without a cycle.
    pub fn diagram_ply(&self) -> usize {
        self.report
            .cycle
            .as_ref()
            .map_or(self.moves.len(), |c| c.first_ply.saturating_sub(1))
    }

    /// The moves the report lists: the cycle's, or all without a cycle.
    pub fn listed(&self) -> &[MoveReport] {
        let all = &self.report.moves;
        match &self.report.cycle {
            Some(c) => {
                let a = c.first_ply.saturating_sub(1).min(all.len());
                &all[a..c.last_ply.clamp(a, all.len())]
            }
            None => all,
        }
    }

    /// `true` if the page has room for the line under each claim (issue
    /// 21): a cycle of at most [`LINES_ROOM`] moves.
    fn lines_fit(&self) -> bool {
        self.listed().len() <= LINES_ROOM
    }

    /// The line behind `m`'s label, in words: the mating line of a 杀, the
    /// line that wins the first piece a 捉 chases, the trade of a 兑 —
    /// played from the position after `m`, as the engine found it.
    fn claim_line(&self, m: &MoveReport) -> Option<String> {
        let (after, _) = at_ply(self.start, self.moves, m.ply);
        let (from, line, balance) = match m.label {
            Label::MateThreat => (after.pass()?, m.mate_line.clone()?, None),
            Label::Chase => {
                let c = m
                    .chases
                    .iter()
                    .find(|c| m.targets.contains(&c.square) && !c.line.is_empty())?;
                (after.pass()?, c.line.clone(), Some(c.balance))
            }
            Label::Idle if m.sub == Some(IdleKind::Exchange) => {
                let c = m.claims.iter().find(|c| c.claim == Claim::Trade)?;
                let from = if after.turn() == c.side {
                    after
                } else {
                    after.pass()?
                };
                (from, c.line.clone(), Some(c.balance))
            }
            _ => return None,
        };
        let (zh, wxf) = line_text(&from, &line);
        Some(self.lang.claim_line(&zh, &wxf, balance))
    }

    /// The diagram, as an `<svg>` element sized to `size`.
    pub fn diagram(&self, size: Option<(u32, u32)>) -> String {
        let ply = self.diagram_ply();
        let (pos, last) = at_ply(self.start, self.moves, ply);
        let overlay = last.map(Overlay::last_move).unwrap_or_default();
        let o = Options {
            flipped: self.flipped,
            glyphs: self.glyphs,
            title: Some(self.caption(&pos, ply)),
            lang: Some(self.lang.code().into()),
            size,
        };
        svg::element(&pieces(&pos), &overlay, &o)
    }

    fn caption(&self, pos: &Position, ply: usize) -> String {
        self.lang.diagram_caption(ply, pos.turn() == Color::Red)
    }

    fn meta(&self) -> String {
        let w = self.lang.words();
        format!(
            "{}{} · {}{}",
            w.edition,
            self.lang.edition(self.edition),
            w.date,
            self.date
        )
    }

    /// The pattern line of one side: `红方 长将 — 禁止`.
    fn side_line(&self, red: bool) -> Option<(String, bool)> {
        let c = self.report.cycle.as_ref()?;
        let s = if red { &c.red } else { &c.black };
        let w = self.lang.words();
        Some((
            format!(
                "{} {} — {}",
                self.lang.side(red),
                self.lang.pick(s.pattern.zh(), s.pattern_en),
                if s.forbidden { w.forbidden } else { w.allowed }
            ),
            s.forbidden,
        ))
    }

    fn ruling_line(&self) -> String {
        let mut s = self.lang.ruling(self.report.ruling).to_string();
        if let Some(cl) = self.report.cycle.as_ref().and_then(|c| c.clause) {
            let clause = self.lang.clause(cl);
            s.push_str(&match self.lang {
                Lang::Zh => format!("（{clause}）"),
                Lang::En => format!(" ({clause})"),
            });
        }
        s
    }

    fn binding_line(&self) -> Option<String> {
        let why = self.report.verdict_reason?;
        Some(format!(
            "{}{} · {}",
            self.lang.words().binding,
            self.lang.ruling(self.report.verdict),
            self.lang.verdict_reason(why)
        ))
    }

    fn explanation(&self) -> &str {
        let e = &self.report.explanation;
        self.lang.pick(&e.zh, &e.en)
    }

    /// The report as an HTML `<article class="qili-report">` (styled by
    /// [`REPORT_CSS`]).
    pub fn html(&self) -> String {
        let w = self.lang.words();
        let mut h = Markup::new();
        h.open(
            "article",
            &[
                ("class", Some("qili-report")),
                ("lang", Some(self.lang.code())),
                ("data-ruling", Some(self.report.ruling.code())),
            ],
        )
        .open("header", &[])
        .el("p", "kind", w.kind)
        .el("h1", "", self.title)
        .el("p", "meta", &self.meta())
        .close("header")
        .open("div", &[("class", Some("top"))])
        .open("figure", &[])
        .close("figure");
        // The diagram is the crate's own markup (its text escaped inside).
        let mut html = h.finish();
        html.truncate(html.len() - "</figure>".len());
        html.push_str(&self.diagram(None));
        let mut h = Markup::new();
        let (pos, _) = at_ply(self.start, self.moves, self.diagram_ply());
        h.el("figcaption", "", &self.caption(&pos, self.diagram_ply()))
            .close("figure")
            .open("div", &[("class", Some("right"))])
            .el("h2", "", w.moves);
        if let Some(c) = &self.report.cycle {
            h.el(
                "p",
                "small",
                &self.lang.cycle(c.first_ply, c.last_ply, c.occurrences),
            );
        }
        h.open("table", &[]).open("thead", &[]).open("tr", &[]);
        for col in w.columns {
            h.el("th", "", col);
        }
        h.close("tr").close("thead").open("tbody", &[]);
        for m in self.listed() {
            h.open("tr", &[("data-ply", Some(&m.ply.to_string()))])
                .el("td", "", &m.ply.to_string())
                .el("td", "", self.lang.side(m.side == Color::Red))
                .el("td", "zh", &m.zh)
                .el("td", "", &m.wxf)
                .open("td", &[])
                .el(
                    "span",
                    &format!("tag label-{}", label_class(m.label)),
                    m.label.zh(),
                );
            if let Some(sub) = m.sub {
                h.text(" ").el("span", "tag sub", sub.zh());
            }
            if let Some(word) = self.lang.label_word(m.label, m.sub) {
                h.text(" ").text(word);
            }
            h.close("td").close("tr");
            if let Some(line) = self.claim_line(m).filter(|_| self.lines_fit()) {
                h.open("tr", &[("class", Some("line"))])
                    .open("td", &[("colspan", Some("5"))])
                    .text(&line)
                    .close("td")
                    .close("tr");
            }
        }
        h.close("tbody").close("table");
        if self.report.cycle.is_some() {
            h.el("h2", "", w.patterns)
                .open("ul", &[("class", Some("sides"))]);
            for red in [true, false] {
                if let Some((line, forbidden)) = self.side_line(red) {
                    h.el("li", if forbidden { "forbidden" } else { "" }, &line);
                }
            }
            h.close("ul");
        } else {
            h.el("p", "", w.no_cycle);
        }
        h.close("div").close("div");
        h.open("section", &[("class", Some("verdict"))])
            .el("h2", "", w.ruling)
            .el("p", "ruling", &self.ruling_line());
        if let Some(b) = self.binding_line() {
            h.el("p", "binding", &b);
        }
        if let Some(cl) = self.report.arbiter {
            h.el(
                "p",
                "",
                &format!("{}{}", w.arbiter, self.lang.clause(cl.clause())),
            );
        }
        h.close("section")
            .open("section", &[("class", Some("why"))])
            .el("h2", "", w.why)
            .el("p", "", self.explanation())
            .close("section")
            .el("footer", "", &format!("{} · {}", w.footer, self.meta()))
            .close("article");
        html.push_str(&h.finish());
        html
    }

    /// The report as a whole HTML document, which prints to one page.
    pub fn html_document(&self) -> String {
        format!(
            "<!doctype html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{REPORT_CSS}{PRINT_CSS}@media screen{{.qili-print{{display:block;padding:10mm 0}}}}</style>\n</head>\n<body>\n<div class=\"qili-print\">{}</div>\n</body>\n</html>\n",
            self.lang.code(),
            esc(self.title),
            self.html()
        )
    }

    /// The report as one SVG page (A4 proportions, 210 × 297 units: mm).
    pub fn svg(&self) -> String {
        let w = self.lang.words();
        let mut page = SvgPage::new();
        page.text(15.0, 14.0, 3.2, "kind", w.kind);
        page.text(15.0, 23.0, 6.5, "title", self.title);
        page.text(15.0, 30.0, 3.2, "meta", &self.meta());
        page.rule(34.0);
        // The diagram, 80 × 98 mm, at the left.
        let diagram = self.diagram(None).replacen(
            "<svg xmlns=\"http://www.w3.org/2000/svg\"",
            "<svg x=\"15\" y=\"38\"",
            1,
        );
        let diagram = diagram
            .replacen("width=\"900\"", "width=\"80\"", 1)
            .replacen("height=\"1100\"", "height=\"98\"", 1);
        page.raw(&diagram);
        let (pos, _) = at_ply(self.start, self.moves, self.diagram_ply());
        page.wrapped(
            15.0,
            140.0,
            2.8,
            80.0,
            "",
            &self.caption(&pos, self.diagram_ply()),
        );
        // The moves at the right.
        let x = 102.0;
        let mut y = 42.0;
        page.text(x, y, 4.0, "h", w.moves);
        y += 6.0;
        if let Some(c) = &self.report.cycle {
            y = page.wrapped(
                x,
                y,
                2.8,
                93.0,
                "",
                &self.lang.cycle(c.first_ply, c.last_ply, c.occurrences),
            );
            y += 2.0;
        }
        let listed = self.listed();
        let step = if listed.len() > 16 { 3.6 } else { 5.0 };
        for m in listed {
            page.text(x, y, 3.0, "", &m.ply.to_string());
            page.text(x + 8.0, y, 3.0, "", self.lang.side(m.side == Color::Red));
            page.text(x + 20.0, y, 3.4, "zh", &m.zh);
            page.text(x + 44.0, y, 3.0, "", &m.wxf);
            let mut label = match m.sub {
                Some(s) => format!("{} {}", m.label.zh(), s.zh()),
                None => m.label.zh().to_string(),
            };
            if let Some(word) = self.lang.label_word(m.label, m.sub) {
                label = format!("{label} {word}");
            }
            page.text(
                x + 58.0,
                y,
                2.8,
                &format!("label-{}", label_class(m.label)),
                &label,
            );
            y += step;
            if let Some(line) = self.claim_line(m).filter(|_| self.lines_fit()) {
                y = page.wrapped(x + 8.0, y - 1.2, 2.5, 85.0, "line", &line) + 0.8;
            }
        }
        y += 3.0;
        if self.report.cycle.is_some() {
            page.text(x, y, 4.0, "h", w.patterns);
            y += 6.0;
            for red in [true, false] {
                if let Some((line, forbidden)) = self.side_line(red) {
                    y = page.wrapped(
                        x,
                        y,
                        3.2,
                        93.0,
                        if forbidden { "forbidden" } else { "" },
                        &line,
                    );
                }
            }
        } else {
            y = page.wrapped(x, y, 3.2, 93.0, "", w.no_cycle);
        }
        let mut y = y.max(150.0) + 4.0;
        page.text(15.0, y, 4.0, "h", w.ruling);
        y += 7.0;
        page.text(15.0, y, 5.5, "ruling", &self.ruling_line());
        y += 7.0;
        if let Some(b) = self.binding_line() {
            y = page.wrapped(15.0, y, 3.2, 180.0, "", &b);
        }
        if let Some(cl) = self.report.arbiter {
            y = page.wrapped(
                15.0,
                y,
                3.2,
                180.0,
                "",
                &format!("{}{}", w.arbiter, self.lang.clause(cl.clause())),
            );
        }
        y += 3.0;
        page.text(15.0, y, 4.0, "h", w.why);
        y += 6.0;
        page.wrapped(15.0, y, 3.2, 180.0, "", self.explanation());
        page.rule(282.0);
        page.text(
            15.0,
            287.0,
            2.6,
            "meta",
            &format!("{} · {}", w.footer, self.meta()),
        );
        page.finish(self.lang.code(), self.title)
    }
}

/// A page of text lines in SVG, in millimetres.
struct SvgPage(String);

impl SvgPage {
    fn new() -> SvgPage {
        SvgPage(String::with_capacity(16 * 1024))
    }

    /// One line of text with its baseline at `y`.
    fn text(&mut self, x: f64, y: f64, size: f64, class: &str, text: &str) {
        let mut m = Markup::new();
        let (x, y, size) = (mm(x), mm(y), mm(size));
        m.open(
            "text",
            &[
                ("class", (!class.is_empty()).then_some(class)),
                ("x", Some(&x)),
                ("y", Some(&y)),
                ("font-size", Some(&size)),
            ],
        )
        .text(text)
        .close("text");
        self.0.push_str(&m.finish());
    }

    /// Text wrapped to `width` mm; returns the `y` after it.
    fn wrapped(
        &mut self,
        x: f64,
        mut y: f64,
        size: f64,
        width: f64,
        class: &str,
        text: &str,
    ) -> f64 {
        for line in wrap(text, width / size) {
            self.text(x, y, size, class, &line);
            y += size * 1.5;
        }
        y
    }

    fn rule(&mut self, y: f64) {
        let y = mm(y);
        self.0
            .push_str(&format!("<path class=\"rule\" d=\"M15 {y}H195\"/>"));
    }

    fn raw(&mut self, markup: &str) {
        self.0.push_str(markup);
    }

    fn finish(self, lang: &str, title: &str) -> String {
        let mut m = Markup::new();
        m.open(
            "svg",
            &[
                ("xmlns", Some("http://www.w3.org/2000/svg")),
                ("class", Some("qili-report")),
                ("viewBox", Some("0 0 210 297")),
                ("width", Some("210mm")),
                ("height", Some("297mm")),
                ("lang", Some(lang)),
            ],
        )
        .el("title", "", title);
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}<style>{PAGE_CSS}</style><rect width=\"210\" height=\"297\" fill=\"#fff\"/>{}</svg>\n",
            m.finish(),
            self.0
        )
    }
}

/// The SVG page's styles.
const PAGE_CSS: &str = ".line{fill:#555}text{font-family:system-ui,\"Noto Sans CJK SC\",\"PingFang SC\",\"Microsoft YaHei\",sans-serif;fill:#1d1b18}\
.kind,.h{fill:#9c2a1c;font-weight:700}.title,.ruling{font-weight:700}.meta{fill:#555}\
.zh{font-family:\"KaiTi\",\"STKaiti\",\"Noto Serif CJK SC\",serif}.forbidden{fill:#b3261e;font-weight:700}\
.label-check{fill:#c62828;font-weight:700}.label-mate{fill:#6a1b9a;font-weight:700}\
.label-chase{fill:#d84315;font-weight:700}.label-idle{fill:#546e7a;font-weight:700}\
.rule{stroke:#9c2a1c;stroke-width:.4}";

/// A length in millimetres, to one decimal.
fn mm(v: f64) -> String {
    let tenths = (v * 10.0).round() as i64;
    if tenths % 10 == 0 {
        (tenths / 10).to_string()
    } else {
        format!("{}.{}", tenths / 10, (tenths % 10).abs())
    }
}

/// Splits `text` into lines of at most `ems` wide: a CJK character is one em,
/// other characters about half. Breaks at spaces, or between CJK characters;
/// a word longer than a line gets a line of its own.
fn wrap(text: &str, ems: f64) -> Vec<String> {
    let width = |s: &str| -> f64 {
        s.chars()
            .map(|c| if c.len_utf8() >= 3 { 1.0 } else { 0.55 })
            .sum()
    };
    // Words: runs of narrow characters, or one wide character each (with
    // the space before it, if any, kept as its separator).
    let mut words: Vec<(bool, String)> = Vec::new(); // (space before, word)
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        let wide = c.len_utf8() >= 3;
        match words.last_mut() {
            Some((_, w)) if !space && !wide && !w.ends_with(|x: char| x.len_utf8() >= 3) => {
                w.push(c)
            }
            _ => words.push((space, c.to_string())),
        }
        space = false;
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    for (space, w) in words {
        let sep = if space && !line.is_empty() { " " } else { "" };
        if !line.is_empty() && width(&line) + width(sep) + width(&w) > ems {
            lines.push(std::mem::take(&mut line));
        } else {
            line.push_str(sep);
        }
        line.push_str(&w);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili::rules::adjudicate;
    use qili::{fen, iccs, Tolerance};

    /// A 兑 and a 杀 in a four-move cycle: the report prints each line
    /// under its move, in the page's language, the balance with its sign.
    #[test]
    fn the_lines_are_printed_under_the_claims() {
        let start = fen::position(
            "3k1ab2/4a4/4c4/4R3p/3PC4/4r4/8P/9/9/5K3 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let moves = iccs::parse_line(&start, "e6d6 d9e9 d6e6 e9d9").unwrap();
        let report = Report::new(
            &start,
            &adjudicate(Edition::Cxa1999, &start, &moves).unwrap(),
        );
        for (lang, trade) in [
            (Lang::Zh, "线路：炮5进2 兵六平五（得失 0）"),
            (Lang::En, "Line: C5+2 P6=5 (balance 0)"),
        ] {
            let sheet = Sheet {
                title: "t",
                start: &start,
                moves: &moves,
                report: &report,
                edition: Edition::Cxa1999,
                date: "2026-12-01",
                lang,
                glyphs: Glyphs::Traditional,
                flipped: false,
            };
            let html = sheet.html();
            assert!(
                html.contains(&format!(
                    "<tr class=\"line\"><td colspan=\"5\">{trade}</td></tr>"
                )),
                "{html}"
            );
            assert!(sheet.svg().contains(trade), "{trade}");
        }
    }

    #[test]
    fn wraps_words_and_cjk() {
        assert_eq!(wrap("aaa bbb ccc", 2.0), ["aaa", "bbb", "ccc"]);
        assert_eq!(wrap("aaa bbb ccc", 4.0), ["aaa bbb", "ccc"]);
        assert_eq!(wrap("红方长将判负", 3.0), ["红方长", "将判负"]);
        assert_eq!(mm(12.0), "12");
        assert_eq!(mm(3.25), "3.3");
    }
}
