//! The saved studies in the browser's `localStorage`: loaded once when the
//! app starts, shared through context, written back after every change.
//!
//! Unreadable data is never dropped: the whole stored text (not JSON, not a
//! studies document, a later version) or the entries that no longer read
//! are moved to a key of their own, `qili.studies.unreadable.<time>`, and
//! listed on the studies page with a download button until the user
//! discards them. The format and its checks are [`crate::model::studies`].
//!
//! One signal holds it all, the studies page's state included: every
//! distinct signal type costs the download its own copy of the reactive code.

use leptos::prelude::*;

use crate::model::analysis::Analysis;
use crate::model::studies::{
    fresh_id, place, read_doc, settle, write_doc, write_raw_doc, BadEntry, DocError, Imported,
    Study,
};
use crate::web;

/// Where the studies are stored.
pub const KEY: &str = "qili.studies";
/// The prefix of the keys of set-aside data.
pub const ASIDE: &str = "qili.studies.unreadable.";

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
    fn read(key: String) -> Option<Aside> {
        let text = web::load(&key)?;
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

/// The saved studies and what the studies page shows about them.
#[derive(Debug, Clone, Default)]
pub struct Saved {
    /// The studies, newest first.
    pub list: Vec<Study>,
    /// The set-aside data.
    pub aside: Vec<Aside>,
    /// Something was set aside when the app started: a notice is shown
    /// until the studies page is visited.
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
    /// The name and notes typed in the analysis board's save panel.
    pub draft: (String, String),
}

impl Saved {
    /// Reads the set-aside keys again.
    pub fn reload_aside(&mut self) {
        let mut keys = web::keys(ASIDE);
        if self.stuck {
            keys.insert(0, KEY.to_string());
        }
        self.aside = keys.into_iter().filter_map(Aside::read).collect();
    }

    /// Writes the list; notes in `failed` whether the browser refused.
    pub fn persist(&mut self) {
        self.failed = self.stuck || !web::store(KEY, &write_doc(&self.list));
    }

    /// The study `id`.
    pub fn find(&self, id: &str) -> Option<&Study> {
        self.list.iter().find(|s| s.id == id)
    }

    /// Forgets set-aside data.
    pub fn discard(&mut self, key: &str) {
        web::forget(key);
        if key == KEY {
            self.stuck = false;
        }
        self.reload_aside();
    }
}

/// The saved studies of this device.
#[derive(Debug, Clone, Copy)]
pub struct Store {
    /// The studies and the studies page's state.
    pub saved: RwSignal<Saved>,
    /// The study on the analysis board, if it was opened or saved there.
    pub open: RwSignal<Option<String>>,
}

impl Store {
    /// The store of this app.
    pub fn get() -> Store {
        expect_context()
    }

    /// Loads the studies, setting aside what cannot be read.
    pub fn load() -> Store {
        let now = web::epoch_ms();
        let mut s = Saved::default();
        if let Some(text) = web::load(KEY) {
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
                while web::load(&key).is_some() {
                    key.push('x');
                }
                s.stuck = !web::store(&key, &rest);
                s.persist();
            }
        }
        s.reload_aside();
        Store {
            saved: RwSignal::new(s),
            open: RwSignal::new(None),
        }
    }

    /// Follows changes made by the site in another tab (the browser's
    /// `storage` event), so that this tab does not write over them.
    pub fn follow_other_tabs(&self) {
        let saved = self.saved;
        let listener = window_event_listener_untyped("storage", move |_| {
            let text = web::load(KEY).unwrap_or_default();
            // Unreadable or partly bad data is the other tab's to set aside.
            let list = read_doc(&text)
                .ok()
                .map(|l| settle(l.studies, web::epoch_ms()));
            saved.update(|s| {
                if let Some(list) = list {
                    s.list = list;
                }
                s.reload_aside();
            });
        });
        on_cleanup(move || listener.remove());
    }

    /// The study `id`.
    pub fn find(&self, id: &str) -> Option<Study> {
        self.saved.with_untracked(|s| s.find(id).cloned())
    }

    /// Saves the analysis board: as the study `id` if given and still
    /// there, as a new study otherwise. Returns the id and whether it was
    /// written.
    pub fn save(
        &self,
        a: &Analysis,
        id: Option<String>,
        name: String,
        notes: String,
    ) -> (String, bool) {
        let now = web::epoch_ms();
        let mut out = (String::new(), false);
        self.saved.update(|s| {
            let l = &mut s.list;
            let mut study = Study::of(a, fresh_id(l, now), name, notes, now);
            if let Some(i) = id.and_then(|id| l.iter().position(|s| s.id == id)) {
                let old = l.remove(i);
                (study.id, study.created) = (old.id, old.created);
            }
            out.0 = study.id.clone();
            place(l, study);
            s.persist();
            out.1 = !s.failed;
        });
        out
    }
}
