//! Saved studies: the user's own positions, lines and notes, and the JSON
//! document they are stored and exported in.
//!
//! ```json
//! {"format":"qili-studies","version":1,"studies":[
//!   {"id":"s1k2j3","name":"…","notes":"…","fen":"…","moves":"h2e2 h9g7",
//!    "rules":"cxa1999","ply":2,"created":1764460800000,"updated":1764460800000}]}
//! ```
//!
//! Every entry is checked on the way in (from storage or from a file): its
//! FEN and moves must still be read by the rules crate. An entry that is not
//! is reported with the reason and handed back as it was ([`BadEntry::raw`])
//! so that it can be set aside, never dropped. Storage is [`crate::store`].

use qili::rules::Edition;
use qili::{fen, Tolerance};

use qili::line::{read_line, ReadError};
use qili_web::address::{encode_moves, AnalysisParams};
use qili_web::url::decode;

use crate::json::{write_str, Json};

/// The `format` member of the document.
pub const FORMAT: &str = "qili-studies";
/// The version of the document this site writes and reads.
pub const VERSION: u64 = 1;

/// One saved study.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Study {
    /// Unique among the saved studies.
    pub id: String,
    /// The user's name for it (may be empty).
    pub name: String,
    /// The user's notes.
    pub notes: String,
    /// The start position, as the rules crate writes it.
    pub fen: String,
    /// The line, in ICCS, separated by spaces.
    pub moves: String,
    /// The edition that judges.
    pub edition: Edition,
    /// The ply shown (at most the number of moves).
    pub ply: usize,
    /// When it was first saved (ms since 1970).
    pub created: u64,
    /// When it was last saved (ms since 1970).
    pub updated: u64,
}

/// Why a stored or imported document cannot be read at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocError {
    /// Not JSON: the byte offset where it stops being JSON.
    Syntax(usize),
    /// JSON, but not a studies document.
    Shape,
    /// A studies document of a later version than this site reads.
    Version(u64),
}

/// Why one entry of the document is not a study.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryError {
    /// Not a JSON object.
    NotObject,
    /// A member that is missing or of the wrong type (its name).
    Field(&'static str),
    /// The FEN is refused by the rules crate (why).
    Fen(String),
    /// A move cannot be played.
    Moves(ReadError),
}

/// An entry that was not read, as it was, with the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadEntry {
    /// Its place in the document (0-based).
    pub index: usize,
    /// Its name, if it has one.
    pub name: Option<String>,
    /// Why it is not a study.
    pub why: EntryError,
    /// The entry as written.
    pub raw: Json,
}

/// A document read entry by entry.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Loaded {
    /// The entries that are studies (ids not yet checked for uniqueness).
    pub studies: Vec<Study>,
    /// The others.
    pub bad: Vec<BadEntry>,
}

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Imported {
    /// Studies added.
    pub added: usize,
    /// Studies already saved with the same id and content (skipped).
    pub same: usize,
    /// Studies whose id was taken by a different study: added under a new id.
    pub copies: usize,
    /// Entries that are not studies (skipped).
    pub bad: Vec<BadEntry>,
}

/// What the analysis board shows, as the site keeps it in the page's
/// address, read by [`Board::from_hash`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The start position, as the rules crate writes it.
    pub fen: String,
    /// The line, in ICCS, separated by spaces.
    pub moves: String,
    /// The edition that judges.
    pub edition: Edition,
    /// The ply shown.
    pub ply: usize,
}

impl Board {
    /// Reads the analysis board's address as the site writes it
    /// (`#/analysis?fen=…&moves=h2e2+h9g7&rules=…&ply=…`, read by
    /// [`AnalysisParams`] for the site's router too): the moves in ICCS,
    /// `ply` left out at the end of the line.
    pub fn from_hash(hash: &str) -> Board {
        let p = AnalysisParams::from_hash(hash);
        // ICCS has no `+` of its own: every `+` separates two moves.
        let moves = p.moves_raw.map_or(String::new(), |m| decode(&m, true));
        let count = moves.split_whitespace().count();
        Board {
            fen: p.fen.unwrap_or_default(),
            edition: p.edition.unwrap_or(Edition::Cxa1999),
            ply: p.ply.unwrap_or(count).min(count),
            moves,
        }
    }
}

impl Study {
    /// A study of the analysis board.
    pub fn of(b: &Board, id: String, name: String, notes: String, now: u64) -> Study {
        Study {
            id,
            name,
            notes,
            fen: b.fen.clone(),
            moves: b.moves.clone(),
            edition: b.edition,
            ply: b.ply,
            created: now,
            updated: now,
        }
    }

    /// `true` if the board shows this study's position and line: the same
    /// board and side to move (a FEN may give the move counters or not: the
    /// library's examples come without them) and the same moves.
    pub fn is_on(&self, b: &Board) -> bool {
        self.fen
            .split_whitespace()
            .take(2)
            .eq(b.fen.split_whitespace().take(2))
            && self.moves == b.moves
    }

    /// The number of moves of the line.
    pub fn move_count(&self) -> usize {
        self.moves.split_whitespace().count()
    }

    /// `true` if both hold the same study, whatever their ids and dates.
    pub fn same_content(&self, o: &Study) -> bool {
        (
            &self.name,
            &self.notes,
            &self.fen,
            &self.moves,
            self.edition,
            self.ply,
        ) == (&o.name, &o.notes, &o.fen, &o.moves, o.edition, o.ply)
    }

    /// The analysis board's address for this study, as the site writes it
    /// ([`AnalysisParams::to_hash`]: `#/analysis?fen=…&moves=h2e2+h9g7&rules=…&ply=…`).
    pub fn hash(&self) -> String {
        AnalysisParams {
            fen: Some(self.fen.clone()),
            moves_raw: Some(encode_moves(self.moves.split_whitespace())),
            edition: Some(self.edition),
            ply: Some(self.ply),
        }
        .to_hash()
    }

    fn write(&self, out: &mut String) {
        let text = [
            ("id", &self.id),
            ("name", &self.name),
            ("notes", &self.notes),
            ("fen", &self.fen),
            ("moves", &self.moves),
        ];
        out.push('{');
        for (k, v) in text {
            write_str(out, k);
            out.push(':');
            write_str(out, v);
            out.push(',');
        }
        out.push_str(&format!(
            "\"rules\":\"{}\",\"ply\":{},\"created\":{},\"updated\":{}}}",
            self.edition.name(),
            self.ply,
            self.created,
            self.updated
        ));
    }

    /// Reads and checks one entry. A missing `id` is left empty (the caller
    /// gives one); missing `name`, `notes`, `moves`, `rules`, `ply` and dates
    /// take their defaults; `fen` is required.
    fn read(v: &Json) -> Result<Study, EntryError> {
        let Json::Obj(_) = v else {
            return Err(EntryError::NotObject);
        };
        let text = |k: &'static str| match v.get(k) {
            None | Some(Json::Null) => Ok(String::new()),
            Some(Json::Str(s)) => Ok(s.clone()),
            _ => Err(EntryError::Field(k)),
        };
        let int = |k: &'static str| match v.get(k) {
            None | Some(Json::Null) => Ok(0),
            Some(n) => n.int().ok_or(EntryError::Field(k)),
        };
        let fen_text = text("fen")?;
        if fen_text.trim().is_empty() {
            return Err(EntryError::Field("fen"));
        }
        let start = fen::position(fen_text.trim(), Tolerance::COMPOSED)
            .map_err(|e| EntryError::Fen(e.to_string()))?;
        let moves = read_line(&start, &text("moves")?).map_err(EntryError::Moves)?;
        let rules = text("rules")?;
        let edition = if rules.is_empty() {
            Edition::Cxa1999
        } else {
            rules.parse().map_err(|_| EntryError::Field("rules"))?
        };
        let created = int("created")?;
        Ok(Study {
            id: text("id")?.trim().to_string(),
            name: text("name")?,
            notes: text("notes")?,
            fen: fen::write(&start),
            moves: moves
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            edition,
            ply: (int("ply")?.min(moves.len() as u64)) as usize,
            created,
            updated: int("updated")?.max(created),
        })
    }
}

/// Reads a studies document entry by entry.
pub fn read_doc(text: &str) -> Result<Loaded, DocError> {
    let doc = Json::parse(text).map_err(|e| DocError::Syntax(e.0))?;
    if doc.get("format").and_then(Json::str) != Some(FORMAT) {
        return Err(DocError::Shape);
    }
    match doc.get("version").and_then(Json::int) {
        Some(VERSION) => {}
        Some(v) if v > VERSION => return Err(DocError::Version(v)),
        _ => return Err(DocError::Shape),
    }
    let entries = match doc {
        Json::Obj(members) => members.into_iter().rev().find(|(k, _)| k == "studies"),
        _ => None,
    };
    let Some((_, Json::Arr(entries))) = entries else {
        return Err(DocError::Shape);
    };
    let mut out = Loaded::default();
    for (index, raw) in entries.into_iter().enumerate() {
        match Study::read(&raw) {
            Ok(s) => out.studies.push(s),
            Err(why) => out.bad.push(BadEntry {
                index,
                name: raw.get("name").and_then(Json::str).map(str::to_string),
                why,
                raw,
            }),
        }
    }
    Ok(out)
}

/// Writes the studies document.
pub fn write_doc(studies: &[Study]) -> String {
    let mut out = format!("{{\"format\":\"{FORMAT}\",\"version\":{VERSION},\"studies\":[");
    for (i, s) in studies.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('\n');
        s.write(&mut out);
    }
    out.push_str("\n]}\n");
    out
}

/// Writes a studies document holding entries as they were (set aside).
pub fn write_raw_doc(entries: &[BadEntry]) -> String {
    let mut out = format!("{{\"format\":\"{FORMAT}\",\"version\":{VERSION},\"studies\":[");
    for (i, e) in entries.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('\n');
        e.raw.write(&mut out);
    }
    out.push_str("\n]}\n");
    out
}

/// An id not used in `list`, from the time `now` (ms).
pub fn fresh_id(list: &[Study], now: u64) -> String {
    let mut base = String::from("s");
    let mut n = now;
    loop {
        let d = (n % 36) as u32;
        base.push(char::from_digit(d, 36).unwrap_or('0'));
        n /= 36;
        if n == 0 {
            break;
        }
    }
    let mut id = base.clone();
    let mut k = 1;
    while list.iter().any(|s| s.id == id) {
        id = format!("{base}-{k}");
        k += 1;
    }
    id
}

/// Puts the studies read from storage in order, giving ids to those
/// without one or with one already used (newest first).
pub fn settle(studies: Vec<Study>, now: u64) -> Vec<Study> {
    let mut out: Vec<Study> = Vec::with_capacity(studies.len());
    for mut s in studies {
        if s.id.is_empty() || out.iter().any(|o| o.id == s.id) {
            s.id = fresh_id(&out, now);
        }
        place(&mut out, s);
    }
    out
}

/// Inserts `s` into `list` (newest first), after those saved at the same
/// time. (No sort: a generic sort costs the download kilobytes.)
pub fn place(list: &mut Vec<Study>, s: Study) {
    let at = list
        .iter()
        .position(|o| o.updated < s.updated)
        .unwrap_or(list.len());
    list.insert(at, s);
}

/// Adds the studies of an imported document to `list`. A study already
/// there (same id, same content) is skipped; one whose id is taken by a
/// different study is added under a new id, so nothing is overwritten.
pub fn import(list: &mut Vec<Study>, text: &str, now: u64) -> Result<Imported, DocError> {
    let loaded = read_doc(text)?;
    let mut r = Imported {
        bad: loaded.bad,
        ..Imported::default()
    };
    for mut s in loaded.studies {
        match list.iter().find(|o| o.id == s.id) {
            Some(o) if o.same_content(&s) => {
                r.same += 1;
                continue;
            }
            Some(_) => {
                r.copies += 1;
                s.id = fresh_id(list, now);
            }
            None if s.id.is_empty() => s.id = fresh_id(list, now),
            None => {}
        }
        if s.created == 0 {
            (s.created, s.updated) = (now, now);
        }
        r.added += 1;
        place(list, s);
    }
    Ok(r)
}

/// The start of the notes, for the list: the first line, at most `n`
/// characters (an ellipsis marks a cut).
pub fn preview(notes: &str, n: usize) -> String {
    let notes = notes.trim();
    let first = notes.lines().next().unwrap_or("");
    let end = first.char_indices().nth(n).map_or(first.len(), |(i, _)| i);
    let mut out = first[..end].to_string();
    if out.len() < notes.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIG1: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1";
    const IMG: &str = "<img src=x onerror=\"window.__pwned=1\">";

    fn study(id: &str, moves: &str) -> Study {
        let start = fen::position(FIG1, Tolerance::COMPOSED).unwrap();
        let line = read_line(&start, moves).unwrap();
        let board = Board {
            fen: fen::write(&start),
            moves: line
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            edition: Edition::Axf,
            ply: line.len().min(1),
        };
        Study::of(
            &board,
            id.into(),
            format!("{IMG} {id}"),
            format!("javascript:alert(1)\n\"{id}\""),
            1000,
        )
    }

    fn doc(entries: &str) -> String {
        format!("{{\"format\":\"qili-studies\",\"version\":1,\"studies\":[{entries}]}}")
    }

    #[test]
    fn documents_round_trip_payloads_included() {
        let list = vec![study("a", "f0e0 e8f8"), study("b", "")];
        let text = write_doc(&list);
        let back = read_doc(&text).unwrap();
        assert!(back.bad.is_empty(), "{:?}", back.bad);
        assert_eq!(back.studies, list);
        assert_eq!(back.studies[0].name, format!("{IMG} a"));
        assert_eq!(back.studies[0].ply, 1);
        assert_eq!(read_doc(&write_doc(&[])).unwrap(), Loaded::default());
    }

    #[test]
    fn garbage_and_wrong_shapes_are_document_errors() {
        assert_eq!(read_doc("not json"), Err(DocError::Syntax(0)));
        assert_eq!(
            read_doc("{\"format\":\"qili-studies\""),
            Err(DocError::Syntax(24))
        );
        assert_eq!(read_doc(&"[".repeat(10_000)), Err(DocError::Syntax(33)));
        for shape in [
            "[]",
            "null",
            "{\"studies\":[]}",
            "{\"format\":\"other\",\"version\":1,\"studies\":[]}",
            "{\"format\":\"qili-studies\",\"studies\":[]}",
            "{\"format\":\"qili-studies\",\"version\":\"1\",\"studies\":[]}",
            "{\"format\":\"qili-studies\",\"version\":0,\"studies\":[]}",
            "{\"format\":\"qili-studies\",\"version\":1,\"studies\":{}}",
            "{\"format\":\"qili-studies\",\"version\":1}",
        ] {
            assert_eq!(read_doc(shape), Err(DocError::Shape), "{shape}");
        }
        assert_eq!(
            read_doc("{\"format\":\"qili-studies\",\"version\":2,\"studies\":[]}"),
            Err(DocError::Version(2))
        );
    }

    #[test]
    fn bad_entries_are_reported_and_kept_as_written() {
        let text = doc(&format!(
            r#"{{"fen":"{FIG1}","moves":"车四平五","name":"ok"}},
            7,
            {{"name":"no fen"}},
            {{"fen":"9/9 w","name":"{}"}},
            {{"fen":"{FIG1}","moves":"f0e0 zz","name":"bad move"}},
            {{"fen":"{FIG1}","rules":"fide"}},
            {{"fen":"{FIG1}","ply":-1}},
            {{"fen":"{FIG1}","name":5}}"#,
            IMG.replace('"', "\\\"")
        ));
        let l = read_doc(&text).unwrap();
        assert_eq!(l.studies.len(), 1);
        let ok = &l.studies[0];
        assert_eq!(
            (ok.moves.as_str(), ok.ply, ok.edition),
            ("f0e0", 0, Edition::Cxa1999)
        );
        assert_eq!(ok.id, "", "ids are given by the caller");
        let whys: Vec<_> = l.bad.iter().map(|b| (b.index, b.why.clone())).collect();
        assert_eq!(whys[0], (1, EntryError::NotObject));
        assert_eq!(whys[1], (2, EntryError::Field("fen")));
        assert!(matches!(whys[2], (3, EntryError::Fen(_))), "{whys:?}");
        assert!(
            matches!(&whys[3], (4, EntryError::Moves(e)) if e.number == 2 && e.text == "zz"),
            "{whys:?}"
        );
        assert_eq!(whys[4], (5, EntryError::Field("rules")));
        assert_eq!(whys[5], (6, EntryError::Field("ply")));
        assert_eq!(whys[6], (7, EntryError::Field("name")));
        assert_eq!(l.bad[2].name.as_deref(), Some(IMG));

        // Set aside, they read back the same: nothing is lost.
        let aside = write_raw_doc(&l.bad);
        let again = read_doc(&aside).unwrap();
        assert!(again.studies.is_empty());
        assert_eq!(
            again.bad.iter().map(|b| &b.raw).collect::<Vec<_>>(),
            l.bad.iter().map(|b| &b.raw).collect::<Vec<_>>()
        );
    }

    #[test]
    fn ply_is_clamped_and_dates_ordered() {
        let text = doc(&format!(
            r#"{{"id":"x","fen":"{FIG1}","moves":"f0e0","ply":99,"created":5,"updated":2}}"#
        ));
        let s = &read_doc(&text).unwrap().studies[0];
        assert_eq!((s.ply, s.created, s.updated), (1, 5, 5));
    }

    #[test]
    fn ids_are_fresh_and_settled() {
        let a = study("a", "");
        assert_eq!(fresh_id(&[], 0), "s0");
        assert_eq!(fresh_id(&[], 36), "s01");
        let mut taken = a.clone();
        taken.id = fresh_id(&[], 1000);
        assert_eq!(fresh_id(&[taken.clone()], 1000), format!("{}-1", taken.id));

        let mut newer = study("a", "f0e0");
        newer.updated = 2000;
        let mut blank = study("", "");
        blank.updated = 1500;
        let settled = settle(vec![a, newer, blank], 7);
        let ids: Vec<_> = settled.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["s7", "s7-1", "a"], "unique ids, newest first");
    }

    #[test]
    fn import_skips_copies_and_keeps_clashing_ids() {
        let mut list = vec![study("a", ""), study("b", "f0e0")];
        let mut other = study("b", "f0e0 e8f8");
        other.name = "another".into();
        let text = doc(&format!(
            "{}, {}, {}, 42",
            write_doc(&[list[0].clone()])
                .split('\n')
                .nth(1)
                .unwrap()
                .trim_end_matches(','),
            write_doc(&[other.clone()]).split('\n').nth(1).unwrap(),
            r#"{"fen":"9/9/9/9/9/9/9/9/9/4K4 w","name":"no king"}"#,
        ));
        let r = import(&mut list, &text, 3000).unwrap();
        assert_eq!((r.added, r.same, r.copies, r.bad.len()), (1, 1, 1, 2));
        assert_eq!(list.len(), 3);
        let copy = list.iter().find(|s| s.name == "another").unwrap();
        assert_ne!(copy.id, "b");
        assert_eq!(list.iter().filter(|s| s.id == "b").count(), 1);
        assert_eq!(import(&mut list, "{}", 0), Err(DocError::Shape));
        assert_eq!(list.len(), 3, "a refused file changes nothing");
    }

    #[test]
    fn opening_a_study_writes_the_analysis_address() {
        let s = study("a", "f0e0 e8f8 e0f0");
        assert_eq!(
            s.hash(),
            "#/analysis?fen=2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1+w+-+-+0+1\
             &moves=f0e0+e8f8+e0f0&rules=axf&ply=1"
        );
        let b = Board::from_hash(&s.hash());
        assert_eq!(
            (&b.fen, &b.moves, b.edition, b.ply),
            (&s.fen, &s.moves, s.edition, s.ply)
        );
        assert!(s.is_on(&b));
        // A library example's address gives the board and the side only.
        let short = "#/analysis?fen=2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1+w&moves=f0e0+e8f8+e0f0";
        assert!(s.is_on(&Board::from_hash(short)));
        // The site leaves out the ply at the end of the line.
        let end = Board::from_hash("#/analysis?fen=4k4%2F9+w&moves=e0e1+e9e8&rules=cxa2020");
        assert_eq!(
            (end.fen.as_str(), end.moves.as_str(), end.edition, end.ply),
            ("4k4/9 w", "e0e1 e9e8", Edition::Cxa2020, 2)
        );
        assert_eq!(Board::from_hash("#/analysis").ply, 0);
    }

    #[test]
    fn previews_cut_long_and_multiline_notes() {
        assert_eq!(preview("  short  ", 10), "short");
        assert_eq!(preview("abcdef", 3), "abc…");
        assert_eq!(preview("line one\nline two", 40), "line one…");
        assert_eq!(preview("", 5), "");
    }
}
