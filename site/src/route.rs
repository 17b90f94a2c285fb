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

/// The state of the analysis board as written in its address.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AnalysisParams {
    /// The start position (FEN), decoded.
    pub fen: Option<String>,
    /// The moves, still percent-encoded: whether `+` separates moves or is
    /// part of a WXF move (`R2+1`) is decided when they are read.
    pub moves_raw: Option<String>,
    /// The edition.
    pub edition: Option<Edition>,
    /// The ply shown.
    pub ply: Option<usize>,
}

impl AnalysisParams {
    /// The ways to decode the moves: `+` as a space (form encoding), then `+`
    /// kept as written (hand-written WXF).
    pub fn moves_candidates(&self) -> Vec<String> {
        match &self.moves_raw {
            None => Vec::new(),
            Some(raw) => {
                let spaced = decode(raw, true);
                let literal = decode(raw, false);
                if spaced == literal {
                    vec![spaced]
                } else {
                    vec![spaced, literal]
                }
            }
        }
    }
}

impl Route {
    /// Reads a location hash (with or without the leading `#`). Unknown
    /// addresses lead to the library.
    pub fn parse(hash: &str) -> Route {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
        let path = path.trim_matches('/');
        let params: Vec<(String, &str)> = query
            .split('&')
            .filter(|kv| !kv.is_empty())
            .map(|kv| {
                let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                (decode(k, true), v)
            })
            .collect();
        let get = |name: &str| {
            params
                .iter()
                .rev()
                .find(|(k, _)| k == name)
                .map(|(_, v)| *v)
        };
        let edition = get("rules").and_then(|v| decode(v, true).parse().ok());
        let ply = get("ply").and_then(|v| decode(v, true).trim().parse().ok());
        match path.split_once('/').unwrap_or((path, "")) {
            ("case", id) if !id.is_empty() => Route::Case {
                id: decode(id, false),
                edition,
                ply,
            },
            ("analysis", _) => Route::Analysis(AnalysisParams {
                fen: get("fen").map(|v| decode(v, true)),
                moves_raw: get("moves").map(str::to_string),
                edition,
                ply,
            }),
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
            Route::Analysis(p) => {
                let mut parts = Vec::new();
                if let Some(fen) = &p.fen {
                    parts.push(format!("fen={}", encode(fen)));
                }
                if let Some(m) = &p.moves_raw {
                    parts.push(format!("moves={m}"));
                }
                if let Some(e) = p.edition {
                    parts.push(format!("rules={}", e.name()));
                }
                if let Some(ply) = p.ply {
                    parts.push(format!("ply={ply}"));
                }
                if parts.is_empty() {
                    "#/analysis".to_string()
                } else {
                    format!("#/analysis?{}", parts.join("&"))
                }
            }
        }
    }
}

/// An id as one path segment. The path is decoded without `+` as a space
/// and its trailing `/` trimmed, so a space is written `%20` and `/` `%2F`
/// (`encode` writes a `+` of the id as `%2B`: every `+` it writes is a space).
fn encode_segment(id: &str) -> String {
    encode(id).replace('+', "%20").replace('/', "%2F")
}

/// Encodes a list of ICCS moves for the `moves` parameter: `h2e2+h9g7`.
pub fn encode_moves<I: IntoIterator<Item = S>, S: AsRef<str>>(moves: I) -> String {
    let v: Vec<String> = moves.into_iter().map(|m| encode(m.as_ref())).collect();
    v.join("+")
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

    #[test]
    fn analysis_moves_keep_wxf_plus_as_a_candidate() {
        let Route::Analysis(p) = Route::parse("#/analysis?moves=R2+1+K6%2B1") else {
            panic!("not the analysis route")
        };
        assert_eq!(p.moves_candidates(), ["R2 1 K6+1", "R2+1+K6+1"]);
        let Route::Analysis(p) = Route::parse(
            "#/analysis?fen=4k4%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F3K5+w&moves=%E8%BD%A6",
        ) else {
            panic!("not the analysis route")
        };
        assert_eq!(p.fen.as_deref(), Some("4k4/9/9/9/9/9/9/9/9/3K5 w"));
        assert_eq!(p.moves_candidates(), ["车"]);
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
