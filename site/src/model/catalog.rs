//! The library's list: what the engine found for each example (computed in
//! the browser, a few at a time) and the filter by pattern, edition and text.

use qili::rules::{Edition, Report, Ruling};

use crate::library::Case;

/// One side's part in an example's cycle, as the engine named it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SidePattern {
    /// 长将, 长捉, 一将一捉, 闲 …
    pub zh: &'static str,
    /// perpetual check …
    pub en: &'static str,
    /// A forbidden pattern (25.2).
    pub forbidden: bool,
}

/// What the engine found for an example under its own edition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The ruling.
    pub ruling: Ruling,
    /// Red's and black's patterns, if the line ends in a cycle.
    pub sides: Option<[SidePattern; 2]>,
    /// The moves in Chinese notation, for the search.
    pub moves_zh: String,
}

impl Summary {
    /// Summarises the engine's report.
    pub fn of(report: &Report) -> Summary {
        let side = |s: &qili::rules::SideReport| SidePattern {
            zh: s.pattern.zh(),
            en: s.pattern_en,
            forbidden: s.forbidden,
        };
        Summary {
            ruling: report.ruling,
            sides: report
                .cycle
                .as_ref()
                .map(|c| [side(&c.red), side(&c.black)]),
            moves_zh: report
                .moves
                .iter()
                .map(|m| m.zh.as_str())
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// `true` if either side uses the pattern named `zh`.
    pub fn has_pattern(&self, zh: &str) -> bool {
        self.sides.is_some_and(|s| s.iter().any(|p| p.zh == zh))
    }
}

/// The library filter.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    /// Text to look for in the title, id and moves.
    pub query: String,
    /// Only examples where a side uses this pattern (its Chinese name).
    pub pattern: Option<String>,
    /// Only examples of this edition.
    pub edition: Option<Edition>,
}

impl Filter {
    /// `true` if no criterion is set.
    pub fn is_empty(&self) -> bool {
        self.query.trim().is_empty() && self.pattern.is_none() && self.edition.is_none()
    }

    /// Whether `case` (with what the engine found, if known yet) passes.
    /// With a pattern chosen, examples not judged yet do not pass.
    pub fn matches(&self, case: &Case, summary: Option<&Summary>) -> bool {
        if self.edition.is_some_and(|e| e != case.edition()) {
            return false;
        }
        if let Some(p) = &self.pattern {
            if !summary.is_some_and(|s| s.has_pattern(p)) {
                return false;
            }
        }
        let q = self.query.trim().to_ascii_lowercase();
        if q.is_empty() {
            return true;
        }
        q.split_whitespace().all(|word| {
            case.title.to_ascii_lowercase().contains(word)
                || case.id.to_ascii_lowercase().contains(word)
                || case.moves.contains(word)
                || summary.is_some_and(|s| s.moves_zh.contains(word))
        })
    }
}

/// The patterns found so far, with how many examples use each, most used first.
pub fn patterns<'a>(summaries: impl IntoIterator<Item = &'a Summary>) -> Vec<(SidePattern, usize)> {
    let mut out: Vec<(SidePattern, usize)> = Vec::new();
    for s in summaries {
        let Some(sides) = s.sides else { continue };
        let mut seen: Vec<&str> = Vec::new();
        for p in sides {
            if seen.contains(&p.zh) {
                continue;
            }
            seen.push(p.zh);
            match out.iter_mut().find(|(q, _)| q.zh == p.zh) {
                Some((_, n)) => *n += 1,
                None => out.push((p, 1)),
            }
        }
    }
    // Most used first, then by name. An insertion sort rather than
    // `sort_by`: the list is short, and the standard library's stable sort
    // would add its code to the first load.
    for i in 1..out.len() {
        let mut j = i;
        while j > 0 && (out[j].1, out[j - 1].0.zh) > (out[j - 1].1, out[j].0.zh) {
            out.swap(j - 1, j);
            j -= 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::Judged;
    use crate::library::{cases, find};

    fn summary(id: &str) -> Summary {
        let c = find(id).unwrap();
        let (start, moves) = c.line().unwrap();
        Summary::of(&Judged::new(c.edition(), &start, &moves).unwrap().report)
    }

    #[test]
    fn filters_by_edition_text_and_pattern() {
        let case = find("cxa1999-图一").unwrap();
        let s = summary(case.id);
        let f = |query: &str, pattern: Option<&str>, edition| Filter {
            query: query.into(),
            pattern: pattern.map(Into::into),
            edition,
        };
        assert!(Filter::default().matches(case, None));
        assert!(f("图一", None, Some(Edition::Cxa1999)).matches(case, None));
        assert!(!f("", None, Some(Edition::Axf)).matches(case, None));
        assert!(f("1999 f0e0", None, None).matches(case, None));
        assert!(f("车四平五", None, None).matches(case, Some(&s)));
        assert!(
            !f("车四平五", None, None).matches(case, None),
            "not judged yet"
        );
        let red = s.sides.unwrap()[0].zh;
        assert!(f("", Some(red), None).matches(case, Some(&s)));
        assert!(!f("", Some(red), None).matches(case, None));
        assert!(!f("", Some("no such pattern"), None).matches(case, Some(&s)));
    }

    #[test]
    fn pattern_counts() {
        let all: Vec<Summary> = cases().iter().take(20).map(|c| summary(c.id)).collect();
        let p = patterns(&all);
        assert!(!p.is_empty());
        assert!(p.windows(2).all(|w| w[0].1 >= w[1].1));
        let total: usize = p.iter().map(|x| x.1).sum();
        assert!(total <= 2 * all.len());
    }
}
