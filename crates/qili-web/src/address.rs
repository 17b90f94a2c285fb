//! The analysis board's address, `#/analysis?fen=…&moves=…&rules=…&ply=…`,
//! read and written in one place for the site's router (`site/src/route.rs`)
//! and the saved studies (`crates/qili-studies`), which open a study by
//! writing it and save the board by reading it; and the query of the site's
//! addresses it is read from.

use qili::rules::Edition;

use crate::url::{decode, encode};

/// The parameters of an address's query (`k=v&k=v`, after the `?`): the
/// keys decoded, the values as written. Of a key given twice, the last counts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query<'a>(Vec<(String, &'a str)>);

impl<'a> Query<'a> {
    /// Reads `query` (without the `?`). A parameter without `=` has an
    /// empty value.
    pub fn parse(query: &'a str) -> Query<'a> {
        Query(
            query
                .split('&')
                .filter(|kv| !kv.is_empty())
                .map(|kv| {
                    let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                    (decode(k, true), v)
                })
                .collect(),
        )
    }

    /// The value of `name`, still percent-encoded.
    pub fn get(&self, name: &str) -> Option<&'a str> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| *v)
    }

    /// `rules`: the edition, if it names one.
    pub fn edition(&self) -> Option<Edition> {
        self.get("rules").and_then(|v| decode(v, true).parse().ok())
    }

    /// `ply`, if it is a number.
    pub fn ply(&self) -> Option<usize> {
        self.get("ply")
            .and_then(|v| decode(v, true).trim().parse().ok())
    }
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
    /// Reads the parameters of the analysis board from a query.
    pub fn from_query(q: &Query) -> AnalysisParams {
        AnalysisParams {
            fen: q.get("fen").map(|v| decode(v, true)),
            moves_raw: q.get("moves").map(str::to_string),
            edition: q.edition(),
            ply: q.ply(),
        }
    }

    /// Reads the parameters from an address (`#/analysis?…`): its query,
    /// after the first `?`, whatever comes before.
    pub fn from_hash(hash: &str) -> AnalysisParams {
        let query = hash.split_once('?').map_or("", |(_, q)| q);
        AnalysisParams::from_query(&Query::parse(query))
    }

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

    /// The address, starting with `#`: `#/analysis?fen=…&moves=…&rules=…&ply=…`,
    /// each parameter left out if `None` (`#/analysis` if all are).
    pub fn to_hash(&self) -> String {
        let mut parts = Vec::new();
        if let Some(fen) = &self.fen {
            parts.push(format!("fen={}", encode(fen)));
        }
        if let Some(m) = &self.moves_raw {
            parts.push(format!("moves={m}"));
        }
        if let Some(e) = self.edition {
            parts.push(format!("rules={}", e.name()));
        }
        if let Some(ply) = self.ply {
            parts.push(format!("ply={ply}"));
        }
        if parts.is_empty() {
            "#/analysis".to_string()
        } else {
            format!("#/analysis?{}", parts.join("&"))
        }
    }
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
    fn analysis_addresses_round_trip() {
        let all = AnalysisParams {
            fen: Some("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1".into()),
            moves_raw: Some(encode_moves(["f0e0", "e8f8"])),
            edition: Some(Edition::Cxa1999),
            ply: Some(1),
        };
        assert_eq!(
            all.to_hash(),
            "#/analysis?fen=2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1+w+-+-+0+1\
             &moves=f0e0+e8f8&rules=cxa1999&ply=1"
        );
        let some = [
            AnalysisParams::default(),
            all.clone(),
            AnalysisParams {
                fen: Some("车 & 马 = 100%?#".into()),
                moves_raw: Some(encode_moves(["R2+1", "K6=5"])),
                edition: Some(Edition::Axf),
                ply: Some(0),
            },
            AnalysisParams {
                fen: None,
                moves_raw: Some(String::new()),
                edition: None,
                ply: Some(7),
            },
            AnalysisParams {
                edition: Some(Edition::Cxa2020),
                ..AnalysisParams::default()
            },
        ];
        for p in some {
            let hash = p.to_hash();
            assert_eq!(AnalysisParams::from_hash(&hash), p, "{hash}");
            let query = hash.split_once('?').map_or("", |(_, q)| q);
            assert_eq!(AnalysisParams::from_query(&Query::parse(query)), p);
        }
        assert_eq!(AnalysisParams::default().to_hash(), "#/analysis");
    }

    #[test]
    fn analysis_moves_keep_wxf_plus_as_a_candidate() {
        let p = AnalysisParams::from_hash("#/analysis?moves=R2+1+K6%2B1");
        assert_eq!(p.moves_candidates(), ["R2 1 K6+1", "R2+1+K6+1"]);
        let p = AnalysisParams::from_hash(
            "#/analysis?fen=4k4%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F3K5+w&moves=%E8%BD%A6",
        );
        assert_eq!(p.fen.as_deref(), Some("4k4/9/9/9/9/9/9/9/9/3K5 w"));
        assert_eq!(p.moves_candidates(), ["车"]);
        assert!(AnalysisParams::default().moves_candidates().is_empty());
    }

    #[test]
    fn queries_keep_the_last_of_a_key_and_decode_keys() {
        let q = Query::parse("rules=axf&%70ly=+3+&&rules=2020&fen&x=%ZZ");
        assert_eq!(q.edition(), Some(Edition::Cxa2020));
        assert_eq!(q.ply(), Some(3));
        assert_eq!(q.get("fen"), Some(""));
        assert_eq!(q.get("x"), Some("%ZZ"));
        assert_eq!(q.get("moves"), None);
        let q = Query::parse("rules=nonsense&ply=-1");
        assert_eq!((q.edition(), q.ply()), (None, None));
    }
}
