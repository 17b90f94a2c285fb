//! The page addresses: everything after `#` in the URL, parsed and written
//! without a browser so it can be tested natively.
//!
//! ```text
//! #/                                  the 棋例 library (also #/library)
//! #/case/<id>?rules=axf&ply=3         replay a library example
//! #/analysis?fen=…&moves=…&rules=…&ply=…   the analysis board
//! #/about                             how to read the badges and verdicts
//! #/studies                           the user's saved studies
//! #/arbiter?rules=…&fen=…             the arbiter's tables (a new one at fen)
//! ```
//!
//! Hash routes keep the site working from any path and from a plain file
//! server: the server only ever sees `index.html`.

use qili::rules::Edition;
use qili_web::address::Query;
pub use qili_web::address::{encode_moves, AnalysisParams};
pub use qili_web::url::{decode, encode};

/// A page and its parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// The list of examples.
    Library,
    /// One example, replayed.
    Case {
        /// The library id (decoded), e.g. `cxa1999-图一`.
        id: String,
        /// The edition to judge by; the example's own edition if `None`.
        edition: Option<Edition>,
        /// The ply shown; the end of the move list if `None`.
        ply: Option<usize>,
    },
    /// The analysis board.
    Analysis(AnalysisParams),
    /// How to read the site.
    About,
    /// The saved studies.
    Studies,
    /// The arbiter's events and tables (its parameters are the arbiter
    /// module's to read: `crates/qili-arbiter`).
    Arbiter,
}

impl Route {
    /// Reads a location hash (with or without the leading `#`). Unknown
    /// addresses lead to the library.
    pub fn parse(hash: &str) -> Route {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
        let path = path.trim_matches('/');
        let q = Query::parse(query);
        match path.split_once('/').unwrap_or((path, "")) {
            ("case", id) if !id.is_empty() => Route::Case {
                id: decode(id, false),
                edition: q.edition(),
                ply: q.ply(),
            },
            ("analysis", _) => Route::Analysis(AnalysisParams::from_query(&q)),
            ("about", _) => Route::About,
            ("studies", _) => Route::Studies,
            ("arbiter", _) => Route::Arbiter,
            _ => Route::Library,
        }
    }

    /// The hash for this route, starting with `#`.
    pub fn to_hash(&self) -> String {
        match self {
            Route::Library => "#/".to_string(),
            Route::About => "#/about".to_string(),
            Route::Studies => "#/studies".to_string(),
            Route::Arbiter => "#/arbiter".to_string(),
            Route::Case { id, edition, ply } => {
                let mut out = format!("#/case/{}", encode_segment(id));
                let mut sep = '?';
                if let Some(e) = edition {
                    out.push(sep);
                    out.push_str("rules=");
                    out.push_str(e.name());
                    sep = '&';
                }
                if let Some(p) = ply {
                    out.push(sep);
                    out.push_str(&format!("ply={p}"));
                }
                out
            }
            Route::Analysis(p) => p.to_hash(),
        }
    }
}

/// An id as one path segment. The path is decoded without `+` as a space
/// and its trailing `/` trimmed, so a space is written `%20` and `/` `%2F`
/// (`encode` writes a `+` of the id as `%2B`: every `+` it writes is a space).
fn encode_segment(id: &str) -> String {
    encode(id).replace('+', "%20").replace('/', "%2F")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn library_is_the_default() {
        for h in ["", "#", "#/", "#/library", "#/nonsense/x", "/"] {
            assert_eq!(Route::parse(h), Route::Library, "{h}");
        }
        assert_eq!(Route::parse("#/about"), Route::About);
    }

    #[test]
    fn case_ids_are_decoded() {
        let plain = Route::parse("#/case/cxa1999-图一");
        let encoded = Route::parse("#/case/cxa1999-%E5%9B%BE%E4%B8%80");
        assert_eq!(plain, encoded);
        assert_eq!(
            plain,
            Route::Case {
                id: "cxa1999-图一".into(),
                edition: None,
                ply: None
            }
        );
        assert_eq!(
            Route::parse("#/case/axf-001?rules=cxa2020&ply=3"),
            Route::Case {
                id: "axf-001".into(),
                edition: Some(Edition::Cxa2020),
                ply: Some(3)
            }
        );
    }

    #[test]
    fn routes_round_trip() {
        let routes = [
            Route::Library,
            Route::About,
            Route::Studies,
            Route::Arbiter,
            Route::Case {
                id: "cxa1999-图十三".into(),
                edition: Some(Edition::Axf),
                ply: Some(0),
            },
            Route::Analysis(AnalysisParams::default()),
            Route::Analysis(AnalysisParams {
                fen: Some("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1".into()),
                moves_raw: Some(encode_moves(["f0e0", "e8f8"])),
                edition: Some(Edition::Cxa1999),
                ply: Some(1),
            }),
        ];
        for r in routes {
            assert_eq!(Route::parse(&r.to_hash()), r, "{}", r.to_hash());
        }
    }

    /// Found by the url_state fuzz target: an id with a space was written
    /// with `+`, which the path keeps as a `+`; an id ending in `/` lost it.
    #[test]
    fn case_ids_with_spaces_and_slashes_round_trip() {
        let found = "#/case/\u{318}af5e5 f3e3 e5f5 e3f3 f5e5 f3e3 e5f5 e2f3 f5e5x3f";
        for hash in [found, "#/case/a+b c", "#/case/x%2F"] {
            let r = Route::parse(hash);
            assert_eq!(Route::parse(&r.to_hash()), r, "{hash} -> {}", r.to_hash());
        }
        let r = Route::Case {
            id: "a b/".into(),
            edition: None,
            ply: None,
        };
        assert_eq!(r.to_hash(), "#/case/a%20b%2F");
    }

    /// The analysis board's address is read as `qili_web::address` reads
    /// it (the saved studies read it there too).
    #[test]
    fn analysis_is_read_by_the_shared_reader() {
        for hash in [
            "#/analysis",
            "#/analysis?moves=R2+1+K6%2B1",
            "#/analysis/?fen=4k4%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F3K5+w&moves=%E8%BD%A6",
            "#/analysis?rules=axf&ply=2&%70ly=+3+&fen",
        ] {
            assert_eq!(
                Route::parse(hash),
                Route::Analysis(AnalysisParams::from_hash(hash)),
                "{hash}"
            );
        }
    }
}
