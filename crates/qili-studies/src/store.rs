//! The saved studies in the browser's `localStorage` (any [`Kv`] in the
//! tests): loaded when this module first runs, written back after every
//! change.
//!
//! Unreadable data is never dropped: the whole stored text (not JSON, not a
//! studies document, a later version) or the entries that no longer read
//! are moved to a key of their own, `qili.studies.unreadable.<time>`, and
//! listed on the studies page with a download button until the user
//! discards them. The format and its checks are [`crate::model`].

use crate::model::{
    fresh_id, place, read_doc, settle, write_doc, write_raw_doc, BadEntry, Board, DocError,
    Imported, Study,
};

/// Where the studies are stored.
pub const KEY: &str = "qili.studies";
/// The prefix of the keys of set-aside data.
pub const ASIDE: &str = "qili.studies.unreadable.";

pub use qili_web::kv::Kv;

/// Stored data that could not be read, kept under its own key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aside {
    /// The storage key.
    pub key: String,
    /// The text, as it was stored.
    pub text: String,
    /// Why the whole text cannot be read, if so.
    pub doc: Option<DocError>,
    /// Otherwise, the entries that cannot be read.
    pub bad: Vec<BadEntry>,
}

impl Aside {
    fn read(kv: &impl Kv, key: String) -> Option<Aside> {
        let text = kv.get(&key)?;
        let (doc, bad) = match read_doc(&text) {
            Ok(l) => (None, l.bad),
            Err(e) => (Some(e), Vec::new()),
        };
        Some(Aside {
            key,
            text,
            doc,
            bad,
        })
    }
}

/// The result of the last import: what was done, or why the file was
/// refused (`None`: it could not be read as text).
pub type Report = Result<Imported, Option<DocError>>;

/// The saved studies and what the studies page and the save panel show
/// about them.
#[derive(Debug, Clone, Default)]
pub struct Saved {
    /// The studies, newest first.
    pub list: Vec<Study>,
    /// The set-aside data.
    pub aside: Vec<Aside>,
    /// Something was set aside when the studies were loaded: a notice is
    /// shown until the studies page is visited.
    pub fresh: bool,
    /// The main key holds unreadable data that could not be set aside
    /// (storage full): it is listed as set aside and never overwritten.
    pub stuck: bool,
    /// The last write was refused by the browser.
    pub failed: bool,
    /// The study whose name and notes are being edited.
    pub editing: Option<String>,
    /// The study just deleted (to undo).
    pub deleted: Option<Study>,
    /// The last import.
    pub report: Option<Report>,
    /// The study on the analysis board, if it was opened or saved there.
    pub open: Option<String>,
    /// The name and notes typed in the analysis board's save panel.
    pub draft: (String, String),
    /// The save panel's last result (saved, or refused by the browser).
    pub saved: Option<bool>,
}

impl Saved {
    /// Loads the studies, setting aside what cannot be read; `now` is the
    /// time (ms since 1970).
    pub fn load(kv: &mut impl Kv, now: u64) -> Saved {
        let mut s = Saved::default();
        if let Some(text) = kv.get(KEY) {
            let (good, rest) = match read_doc(&text) {
                Ok(l) if l.bad.is_empty() => (l.studies, None),
                Ok(l) => (l.studies, Some(write_raw_doc(&l.bad))),
                Err(_) => (Vec::new(), Some(text)),
            };
            s.list = settle(good, now);
            if let Some(rest) = rest {
                s.fresh = true;
                // The readable part replaces the stored text only once the
                // rest is safe under its own key.
                let mut key = format!("{ASIDE}{now}");
                while kv.get(&key).is_some() {
                    key.push('x');
                }
                s.stuck = !kv.set(&key, &rest);
                s.persist(kv);
            }
        }
        s.reload_aside(kv);
        s
    }

    /// Follows a change made by the site in another tab, so that this tab
    /// does not write over it. Unreadable or partly bad data is the other
    /// tab's to set aside.
    pub fn reload(&mut self, kv: &impl Kv, now: u64) {
        let text = kv.get(KEY).unwrap_or_default();
        if let Ok(l) = read_doc(&text) {
            self.list = settle(l.studies, now);
        }
        self.reload_aside(kv);
    }

    /// Reads the set-aside keys again.
    pub fn reload_aside(&mut self, kv: &impl Kv) {
        let mut keys = kv.keys(ASIDE);
        if self.stuck {
            keys.insert(0, KEY.to_string());
        }
        self.aside = keys
            .into_iter()
            .filter_map(|k| Aside::read(kv, k))
            .collect();
    }

    /// Writes the list; notes in `failed` whether the browser refused.
    pub fn persist(&mut self, kv: &mut impl Kv) {
        self.failed = self.stuck || !kv.set(KEY, &write_doc(&self.list));
    }

    /// The study `id`.
    pub fn find(&self, id: &str) -> Option<&Study> {
        self.list.iter().find(|s| s.id == id)
    }

    /// Forgets set-aside data.
    pub fn discard(&mut self, kv: &mut impl Kv, key: &str) {
        kv.remove(key);
        if key == KEY {
            self.stuck = false;
        }
        self.reload_aside(kv);
    }

    /// Saves the analysis board: as the study `id` if given and still
    /// there, as a new study otherwise. Returns the id; `failed` tells
    /// whether it was written.
    pub fn save(
        &mut self,
        kv: &mut impl Kv,
        b: &Board,
        id: Option<String>,
        (name, notes): (String, String),
        now: u64,
    ) -> String {
        let l = &mut self.list;
        let mut study = Study::of(b, fresh_id(l, now), name, notes, now);
        if let Some(i) = id.and_then(|id| l.iter().position(|s| s.id == id)) {
            let old = l.remove(i);
            (study.id, study.created) = (old.id, old.created);
        }
        let id = study.id.clone();
        place(l, study);
        self.persist(kv);
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili::rules::Edition;

    type Map = qili_web::kv::MemoryKv;

    const FIG1: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1";

    fn board() -> Board {
        Board {
            fen: FIG1.into(),
            moves: "f0e0".into(),
            edition: Edition::Axf,
            ply: 1,
        }
    }

    #[test]
    fn garbage_is_set_aside_and_kept_as_written() {
        let mut kv = Map::default();
        kv.set(KEY, "not json");
        let s = Saved::load(&mut kv, 7);
        assert!(s.fresh && !s.stuck && s.list.is_empty());
        assert_eq!(kv.get(&format!("{ASIDE}7")).as_deref(), Some("not json"));
        assert_eq!(s.aside.len(), 1);
        assert_eq!(s.aside[0].doc, Some(DocError::Syntax(0)));
        assert_eq!(read_doc(&kv.get(KEY).unwrap()).unwrap().studies, []);
        // A second time in the same millisecond: another key.
        kv.set(KEY, "again");
        let s = Saved::load(&mut kv, 7);
        assert_eq!(s.aside.len(), 2);
        assert_eq!(kv.get(&format!("{ASIDE}7x")).as_deref(), Some("again"));
    }

    #[test]
    fn bad_entries_are_set_aside_and_the_rest_kept() {
        let mut kv = Map::default();
        let good = format!(r#"{{"id":"g","fen":"{FIG1}","moves":"f0e0"}}"#);
        let bad = format!(r#"{{"id":"b","fen":"{FIG1}","moves":"f0e0 f0e0"}}"#);
        kv.set(
            KEY,
            &format!(r#"{{"format":"qili-studies","version":1,"studies":[{good},{bad}]}}"#),
        );
        let mut s = Saved::load(&mut kv, 9);
        assert_eq!(s.list.len(), 1);
        assert_eq!(read_doc(&kv.get(KEY).unwrap()).unwrap().studies, s.list);
        let aside = read_doc(&kv.get(&format!("{ASIDE}9")).unwrap()).unwrap();
        assert_eq!(aside.bad.len(), 1);
        s.discard(&mut kv, &format!("{ASIDE}9"));
        assert!(s.aside.is_empty() && kv.keys(ASIDE).is_empty());
    }

    #[test]
    fn a_full_store_never_loses_the_stored_text() {
        let mut kv = Map::default();
        kv.set(KEY, "garbage");
        kv.full = true;
        let mut s = Saved::load(&mut kv, 1);
        assert!(s.stuck && s.failed);
        assert_eq!(kv.get(KEY).as_deref(), Some("garbage"));
        assert_eq!(s.aside[0].key, KEY);
        kv.full = false;
        s.save(&mut kv, &board(), None, Default::default(), 2);
        assert!(s.failed, "still not written over");
        assert_eq!(kv.get(KEY).as_deref(), Some("garbage"));
        s.discard(&mut kv, KEY);
        s.save(&mut kv, &board(), None, Default::default(), 3);
        assert!(!s.failed);
        assert_eq!(read_doc(&kv.get(KEY).unwrap()).unwrap().studies.len(), 2);
    }

    #[test]
    fn saving_over_keeps_the_id_and_creation_time() {
        let mut kv = Map::default();
        let mut s = Saved::load(&mut kv, 0);
        let names = |n: &str| (n.to_string(), String::new());
        let id = s.save(&mut kv, &board(), None, names("one"), 10);
        let again = s.save(&mut kv, &board(), Some(id.clone()), names("two"), 20);
        assert_eq!(again, id);
        assert_eq!(
            (s.list.len(), s.list[0].created, s.list[0].updated),
            (1, 10, 20)
        );
        let other = s.save(&mut kv, &board(), None, names("three"), 30);
        assert_ne!(other, id);
        let mut theirs = Saved::default();
        theirs.reload(&kv, 40);
        assert_eq!(theirs.list, s.list, "another tab reads the same list");
    }
}
