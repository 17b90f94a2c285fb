//! The line a page shows, read from its address — `#/case/<id>?edition=…&ply=…`
//! (the replay) or `#/analysis?fen=…&moves=…&rules=…&ply=…` (the analysis
//! board) — or from a widget's `data-line` (`#/widget?…`, the analysis
//! board's parameters) and judged as that page judges it, so the picture is
//! the board as shown: the replay and the widget judge the whole line, the
//! analysis board the moves up to the one shown.

use qili::rules::Edition;
use qili::Move;
use qili_diagram::svg::{document, Options};
use qili_diagram::{Glyphs, Sheet};
use qili_site::judge::{pieces, Judged};
use qili_site::library::{self, Case};
use qili_site::model::analysis::Analysis;
use qili_site::route::Route;
use qili_web::Lang;

/// A page with a board, as its address names it.
pub(crate) enum Page {
    /// The replay of an example, in the edition chosen (or the example's),
    /// at the ply named, if any.
    Case {
        /// The example.
        case: &'static Case,
        /// The edition it is judged by.
        edition: Edition,
        /// The ply shown, if named.
        ply: Option<usize>,
    },
    /// The analysis board.
    Analysis(Analysis),
    /// A widget's `data-line` (the analysis board's parameters).
    Widget(Analysis),
}

impl Page {
    /// Reads the address `hash` (with or without `#`).
    pub(crate) fn read(hash: &str) -> Result<Page, String> {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        if let Some(query) = hash.strip_prefix("/widget?") {
            let Route::Analysis(params) = Route::parse(&format!("/analysis?{query}")) else {
                return Err("unreadable widget line".into());
            };
            return Ok(Page::Widget(Analysis::from_params(&params).0));
        }
        match Route::parse(hash) {
            Route::Case { id, edition, ply } => {
                let case = library::find(&id).ok_or_else(|| format!("no example {id}"))?;
                Ok(Page::Case {
                    case,
                    edition: edition.unwrap_or(case.edition()),
                    ply,
                })
            }
            Route::Analysis(params) => Ok(Page::Analysis(Analysis::from_params(&params).0)),
            _ => Err("this page shows no board".into()),
        }
    }
}

/// A line as a page shows it.
#[derive(Debug)]
pub struct Shown {
    /// The title: the example's, or the one the page gives (a loaded
    /// record's event and players), if any. Data: escaped where written.
    pub title: Option<String>,
    /// The example's id or `analysis`, for file names.
    pub name: String,
    /// The judgement the page shows (the whole example on the replay, the
    /// moves up to the ply on the analysis board).
    pub judged: Judged,
    /// The ply shown.
    pub ply: usize,
}

impl Shown {
    /// Reads the address `hash` (with or without `#`).
    pub fn from_hash(hash: &str) -> Result<Shown, String> {
        match Page::read(hash)? {
            Page::Widget(a) => Ok(Shown {
                title: None,
                name: "widget".into(),
                ply: a.ply,
                judged: Judged::new(a.edition, &a.start, &a.moves)?,
            }),
            Page::Case { case, edition, ply } => {
                let (start, moves) = case.line()?;
                Ok(Shown {
                    title: Some(case.title.to_string()),
                    name: case.id.to_string(),
                    ply: ply.unwrap_or(0).min(moves.len()),
                    judged: Judged::new(edition, &start, &moves)?,
                })
            }
            Page::Analysis(a) => Ok(Shown {
                title: None,
                name: "analysis".into(),
                ply: a.ply,
                judged: Judged::new(a.edition, &a.start, &a.moves[..a.ply])?,
            }),
        }
    }

    /// The edition judged by.
    pub fn edition(&self) -> Edition {
        self.judged.edition
    }

    /// The moves of the judged line.
    pub fn moves(&self) -> &[Move] {
        &self.judged.moves
    }

    /// Gives the picture and the report the title `title` (ignored if blank).
    pub fn titled(mut self, title: &str) -> Shown {
        if !title.trim().is_empty() {
            self.title = Some(title.trim().to_string());
        }
        self
    }

    /// The title in `lang`: the example's or the page's, else the board's name.
    pub fn title(&self, lang: Lang) -> String {
        match &self.title {
            Some(t) => t.clone(),
            None => lang.pick("分析局面", "Analysis").to_string(),
        }
    }

    /// The board as shown, as an SVG file's text.
    pub fn diagram(&self, flipped: bool, lang: Lang, glyphs: Glyphs) -> String {
        let pos = self.judged.position(self.ply);
        let overlay = self.judged.overlay(self.ply);
        let ply = match lang {
            Lang::Zh => format!("第 {} 着", self.ply),
            Lang::En => format!("move {}", self.ply),
        };
        let o = Options {
            flipped,
            glyphs,
            title: Some(format!("{} · {ply}", self.title(lang))),
            lang: Some(lang.code().into()),
            size: None,
        };
        document(&pieces(pos), &overlay, &o)
    }

    /// The printable report of the line (an HTML fragment).
    pub fn report(&self, flipped: bool, lang: Lang, glyphs: Glyphs, date: &str) -> String {
        let title = self.title(lang);
        let sheet = Sheet {
            title: &title,
            start: self.judged.position(0),
            moves: self.moves(),
            report: &self.judged.report,
            edition: self.edition(),
            date,
            lang,
            glyphs,
            flipped,
        };
        format!(
            "<style>{}{}</style>{}",
            qili_diagram::report::REPORT_CSS,
            qili_diagram::report::PRINT_CSS,
            sheet.html()
        )
    }

    /// A file name for the picture, without extension: `qili-<name>-<ply>`.
    pub fn file_name(&self) -> String {
        let safe: String = self
            .name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        format!("qili-{safe}-{}", self.ply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_replay_and_the_analysis_addresses() {
        let s = Shown::from_hash("#/case/cxa1999-%E5%9B%BE%E4%B8%80?ply=3").unwrap();
        assert_eq!((s.ply, s.moves().len()), (3, 4));
        assert_eq!(s.file_name(), "qili-cxa1999-图一-3");
        let svg = s.diagram(false, Lang::En, Glyphs::Traditional);
        assert!(svg.contains("class=\"badge label-check\""), "{svg}");
        let report = s.report(false, Lang::Zh, Glyphs::Traditional, "2026-12-01");
        assert!(report.contains("红方判负") && report.contains("qili-report"));
        let a = Shown::from_hash(
            "#/analysis?fen=2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1+w&moves=f0e0+e8f8&rules=axf&ply=1",
        )
        .unwrap();
        assert_eq!((a.ply, a.moves().len(), a.edition()), (1, 1, Edition::Axf));
        let w = Shown::from_hash(
            "#/widget?fen=2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1+w&moves=f0e0+e8f8&ply=1",
        )
        .unwrap();
        assert_eq!(
            (w.ply, w.moves().len()),
            (1, 2),
            "a widget judges its whole line"
        );
        let payload = "<script>alert(1)</script> onload=x";
        let t = Shown::from_hash("#/analysis?moves=h2e2")
            .unwrap()
            .titled(payload);
        let svg = t.diagram(false, Lang::Zh, Glyphs::Traditional);
        let html = t.report(false, Lang::En, Glyphs::Traditional, "2026-12-01");
        for text in [&svg, &html] {
            assert!(
                !text.contains("<script>") && text.contains("&lt;script&gt;"),
                "{text}"
            );
        }
        assert!(Shown::from_hash("#/about").is_err());
        assert!(Shown::from_hash("#/case/nope").is_err());
    }
}
