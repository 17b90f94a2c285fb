//! The events and tables in the browser's `localStorage` (any [`Kv`] in the
//! tests), one key per event and one per table, so that recording at one
//! table never rewrites another; and what the IndexedDB journal (the
//! browser side, `web::journal`) hands back on load, merged in.
//!
//! - **Written before shown.** A change is a new copy of the table. With
//!   the journal, the page checks it ([`Hall::prepare`]), waits until the
//!   journal has committed it to disk, then mirrors it to `localStorage`
//!   and shows it ([`Hall::keep`]). Without IndexedDB, [`Hall::write_table`]
//!   writes it to `localStorage` alone before it is shown: a reload or a
//!   crashed tab loses nothing, but Chromium writes `localStorage` to disk
//!   lazily, so a killed browser or a power loss just after can.
//! - **Nothing committed is lost.** On load, [`Hall::restore`] takes the
//!   journal's copy of a table wherever it is newer than `localStorage`'s
//!   (a higher revision: each copy contains every change before it), and
//!   `localStorage`'s where the journal lags (written while it was
//!   unavailable).
//! - **Two tabs.** Every table carries a revision; a tab whose copy is older
//!   than the stored one is refused ([`WriteError::Conflict`]) and takes the
//!   stored copy instead of writing over it. The journal checks the same in
//!   its own transaction, which no other tab can interleave with.
//! - **Unreadable data is set aside, never dropped** (as the saved studies
//!   do): a key, or a copy in the journal, that does not read as an event
//!   or a table the engine can replay is moved to
//!   `qili.arbiter.unreadable.<time>` and listed with a download until the
//!   arbiter discards it.

use qili_web::kv::Kv;

use crate::model::{read_event, read_table, Event, Table};

/// The prefix of every key of the arbiter page.
pub const PREFIX: &str = "qili.arbiter.";
/// The prefix of the events' keys.
pub const EVENTS: &str = "qili.arbiter.event.";
/// The prefix of the tables' keys.
pub const TABLES: &str = "qili.arbiter.table.";
/// The prefix of the keys of set-aside data.
pub const ASIDE: &str = "qili.arbiter.unreadable.";
/// The event and table shown (`<event id> <table number>`).
pub const CURRENT: &str = "qili.arbiter.current";

/// The key of a table.
pub fn table_key(event: &str, number: u32) -> String {
    format!("{TABLES}{event}.{number}")
}

/// Stored data that could not be read, kept under its own key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aside {
    /// The storage key.
    pub key: String,
    /// The text, as it was stored.
    pub text: String,
}

/// Where this tab stores changes (shown beside the persistence status as
/// `data-journal`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Mode {
    /// The journal is being opened: nothing can be recorded yet.
    #[default]
    Opening,
    /// The IndexedDB journal, then `localStorage`.
    Journal,
    /// `localStorage` only: IndexedDB is not available.
    LocalOnly,
    /// `localStorage` only: the journal failed during this visit.
    JournalFailed,
}

impl Mode {
    /// `opening`, `indexeddb`, `localstorage`, `failed`.
    pub const fn code(self) -> &'static str {
        match self {
            Mode::Opening => "opening",
            Mode::Journal => "indexeddb",
            Mode::LocalOnly => "localstorage",
            Mode::JournalFailed => "failed",
        }
    }
}

/// A copy of an event or a table in the journal, as read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Copy {
    /// Its `localStorage` key.
    pub key: String,
    /// The table's revision (1 for an event).
    pub rev: u64,
    /// The JSON, as written.
    pub text: String,
}

/// Why a change was not written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteError {
    /// Another tab wrote the table since this one read it: this tab now
    /// has the stored copy.
    Conflict,
    /// The browser refused the write (storage full or unavailable).
    Refused,
}

/// Copies `text` to a new set-aside key; `false` if the store refused.
fn keep_aside(kv: &mut impl Kv, text: &str, now: u64) -> bool {
    let mut aside = format!("{ASIDE}{now}");
    while kv.get(&aside).is_some() {
        aside.push('x');
    }
    kv.set(&aside, text)
}

/// Every event and table on the device.
#[derive(Debug, Clone, Default)]
pub struct Hall {
    /// The events, oldest first.
    pub events: Vec<Event>,
    /// The tables, by event and number.
    pub tables: Vec<Table>,
    /// The set-aside data.
    pub aside: Vec<Aside>,
    /// How many keys were set aside by this load (reported until seen).
    pub fresh: usize,
    /// Unreadable keys that could not be moved (storage full): kept where
    /// they are and never written over.
    pub stuck: Vec<String>,
}

impl Hall {
    /// Reads everything, setting aside what cannot be read; `now` is the
    /// time (ms since 1970), which names the set-aside keys.
    pub fn load(kv: &mut impl Kv, now: u64) -> Hall {
        let mut h = Hall::default();
        for key in kv.keys(EVENTS).into_iter().chain(kv.keys(TABLES)) {
            let Some(text) = kv.get(&key) else { continue };
            let ok = if key.starts_with(EVENTS) {
                read_event(&text).map(|e| h.events.push(e)).is_ok()
            } else {
                read_table(&text).map(|t| h.tables.push(t)).is_ok()
            };
            if !ok {
                h.set_aside(kv, key, &text, now);
            }
        }
        h.events.sort_by(|a, b| a.id.cmp(&b.id));
        h.tables
            .sort_by(|a, b| (&a.event, a.number).cmp(&(&b.event, b.number)));
        h.read_aside(kv);
        h
    }

    /// Moves `text` from `key` to a set-aside key: the original goes only
    /// once the copy is safe.
    fn set_aside(&mut self, kv: &mut impl Kv, key: String, text: &str, now: u64) {
        if keep_aside(kv, text, now) {
            kv.remove(&key);
        } else {
            self.stuck.push(key);
        }
        self.fresh += 1;
    }

    /// Merges the journal's `copies` (read back on load) into what
    /// `localStorage` holds: a table's copy with a higher revision than the
    /// one loaded is written back to `localStorage` and shown; an event
    /// missing from `localStorage` likewise. Copies that cannot be read (or
    /// are not an event or a table) are set aside as `localStorage` ones
    /// are; the indexes of those safely set aside are returned, for the
    /// caller to remove from the journal (unsafe ones stay there).
    pub fn restore(
        &mut self,
        kv: &mut impl Kv,
        copies: &[Result<Copy, String>],
        now: u64,
    ) -> Vec<usize> {
        let mut moved = Vec::new();
        for (i, c) in copies.iter().enumerate() {
            let readable = match c {
                Ok(c) if c.key.starts_with(EVENTS) => read_event(&c.text).map(|e| {
                    if self.event(&e.id).is_none() {
                        kv.set(&c.key, &c.text);
                        self.events.push(e);
                    }
                }),
                Ok(c) if c.key.starts_with(TABLES) => read_table(&c.text).map(|t| {
                    let newer = self
                        .table(&t.event, t.number)
                        .is_none_or(|old| old.rev < t.rev);
                    if newer {
                        if !self.stuck.contains(&c.key) {
                            kv.set(&c.key, &c.text);
                        }
                        self.put(t);
                    }
                }),
                Ok(c) => Err(format!("not an arbiter key: {}", c.key)),
                Err(why) => Err(why.clone()),
            };
            if readable.is_err() {
                let text = match c {
                    Ok(c) => c.text.as_str(),
                    Err(raw) => raw.as_str(),
                };
                if keep_aside(kv, text, now) {
                    moved.push(i);
                }
                self.fresh += 1;
            }
        }
        self.events.sort_by(|a, b| a.id.cmp(&b.id));
        self.read_aside(kv);
        moved
    }

    fn read_aside(&mut self, kv: &impl Kv) {
        let keys = self.stuck.iter().cloned().chain(kv.keys(ASIDE));
        self.aside = keys
            .filter_map(|key| kv.get(&key).map(|text| Aside { key, text }))
            .collect();
    }

    /// Follows a change made in another tab (the `storage` event).
    pub fn reload(&mut self, kv: &mut impl Kv, now: u64) {
        let fresh = self.fresh;
        *self = Hall::load(kv, now);
        self.fresh += fresh;
    }

    /// The event `id`.
    pub fn event(&self, id: &str) -> Option<&Event> {
        self.events.iter().find(|e| e.id == id)
    }

    /// The tables of event `id`, by number.
    pub fn tables_of<'a>(&'a self, id: &'a str) -> impl Iterator<Item = &'a Table> + 'a {
        self.tables.iter().filter(move |t| t.event == *id)
    }

    /// Table `number` of event `id`.
    pub fn table(&self, id: &str, number: u32) -> Option<&Table> {
        self.tables
            .iter()
            .find(|t| t.event == id && t.number == number)
    }

    /// Writes a new event (its id must be new).
    pub fn add_event(&mut self, kv: &mut impl Kv, e: Event) -> Result<(), WriteError> {
        let key = format!("{EVENTS}{}", e.id);
        if kv.get(&key).is_some() {
            return Err(WriteError::Conflict);
        }
        let text = serde_json::to_string(&e).map_err(|_| WriteError::Refused)?;
        if !kv.set(&key, &text) {
            return Err(WriteError::Refused);
        }
        self.events.push(e);
        Ok(())
    }

    /// Writes `t`, a changed copy of the table as this tab last read it
    /// (its `rev` unchanged; a new table has `rev` 0 and must not exist),
    /// to `kv` alone. On success the stored and shown table has the next
    /// revision; on a conflict this tab takes the stored copy.
    pub fn write_table(&mut self, kv: &mut impl Kv, t: Table) -> Result<(), WriteError> {
        let t = self.prepare(kv, t)?;
        let text = serde_json::to_string(&t).map_err(|_| WriteError::Refused)?;
        if !kv.set(&table_key(&t.event, t.number), &text) {
            return Err(WriteError::Refused);
        }
        self.put(t);
        Ok(())
    }

    /// Checks `t` (as for [`Hall::write_table`]) against `kv` and returns
    /// it with the next revision, to be written: nothing is written or
    /// shown yet.
    pub fn prepare(&mut self, kv: &impl Kv, mut t: Table) -> Result<Table, WriteError> {
        let key = table_key(&t.event, t.number);
        if self.stuck.contains(&key) {
            return Err(WriteError::Refused);
        }
        if let Some(stored) = kv.get(&key) {
            match read_table(&stored) {
                Ok(s) if s.rev != t.rev || t.rev == 0 => {
                    self.put(s);
                    return Err(WriteError::Conflict);
                }
                Ok(_) => {}
                // Unreadable: set aside by the next load, never written over.
                Err(_) => return Err(WriteError::Refused),
            }
        }
        t.rev += 1;
        Ok(t)
    }

    /// Shows `t`, a copy the journal has committed (this tab's, or another
    /// tab's newer one), and mirrors it to `kv`, which other tabs follow
    /// (if `kv` refuses, the journal still has it); a copy older than the
    /// one shown is ignored.
    pub fn keep(&mut self, kv: &mut impl Kv, t: Table) {
        if self
            .table(&t.event, t.number)
            .is_some_and(|old| old.rev >= t.rev)
        {
            return;
        }
        let key = table_key(&t.event, t.number);
        if !self.stuck.contains(&key) {
            if let Ok(text) = serde_json::to_string(&t) {
                kv.set(&key, &text);
            }
        }
        self.put(t);
    }

    fn put(&mut self, t: Table) {
        match self
            .tables
            .iter_mut()
            .find(|x| x.event == t.event && x.number == t.number)
        {
            Some(x) => *x = t,
            None => {
                self.tables.push(t);
                self.tables
                    .sort_by(|a, b| (&a.event, a.number).cmp(&(&b.event, b.number)));
            }
        }
    }

    /// Shows `e`, an event the journal has committed, and mirrors it to
    /// `kv`.
    pub fn keep_event(&mut self, kv: &mut impl Kv, e: Event) {
        if self.event(&e.id).is_some() {
            return;
        }
        if let Ok(text) = serde_json::to_string(&e) {
            kv.set(&format!("{EVENTS}{}", e.id), &text);
        }
        self.events.push(e);
    }

    /// Forgets set-aside data.
    pub fn discard(&mut self, kv: &mut impl Kv, key: &str) {
        kv.remove(key);
        self.stuck.retain(|k| k != key);
        self.read_aside(kv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili_web::kv::MemoryKv;

    fn event(kv: &mut MemoryKv, h: &mut Hall) {
        let e = Event {
            id: "e1".into(),
            name: "Open".into(),
            rules: "axf".into(),
            round: "3".into(),
        };
        h.add_event(kv, e).unwrap();
    }

    #[test]
    fn a_move_is_stored_before_the_hall_shows_it() {
        let mut kv = MemoryKv::default();
        let mut h = Hall::load(&mut kv, 0);
        event(&mut kv, &mut h);
        h.write_table(&mut kv, Table::new("e1", 1, None)).unwrap();
        let mut t = h.table("e1", 1).unwrap().clone();
        t.moves.push("h2e2".into());
        kv.full = true;
        assert_eq!(h.write_table(&mut kv, t.clone()), Err(WriteError::Refused));
        assert!(h.table("e1", 1).unwrap().moves.is_empty(), "not shown");
        kv.full = false;
        h.write_table(&mut kv, t).unwrap();
        let again = Hall::load(&mut kv, 1);
        assert_eq!(again.table("e1", 1).unwrap().moves, ["h2e2"]);
        assert_eq!(again.event("e1").unwrap().round, "3");
    }

    #[test]
    fn two_tabs_never_overwrite_each_other() {
        let mut kv = MemoryKv::default();
        let mut one = Hall::load(&mut kv, 0);
        event(&mut kv, &mut one);
        one.write_table(&mut kv, Table::new("e1", 1, None)).unwrap();
        let mut two = Hall::load(&mut kv, 0);
        let mut a = one.table("e1", 1).unwrap().clone();
        a.moves.push("h2e2".into());
        one.write_table(&mut kv, a).unwrap();
        // The second tab's copy is older: refused, and it takes the stored one.
        let mut b = two.table("e1", 1).unwrap().clone();
        b.moves.push("b0c2".into());
        assert_eq!(two.write_table(&mut kv, b), Err(WriteError::Conflict));
        assert_eq!(two.table("e1", 1).unwrap().moves, ["h2e2"]);
        let mut b = two.table("e1", 1).unwrap().clone();
        b.moves.push("h9g7".into());
        two.write_table(&mut kv, b).unwrap();
        one.reload(&mut kv, 0);
        assert_eq!(one.table("e1", 1).unwrap().moves, ["h2e2", "h9g7"]);
        // A table with the same number, added in two tabs: the second is refused.
        assert_eq!(
            one.write_table(&mut kv, Table::new("e1", 1, None)),
            Err(WriteError::Conflict)
        );
    }

    #[test]
    fn unreadable_data_is_set_aside_and_kept_as_written() {
        let mut kv = MemoryKv::default();
        kv.set(&table_key("e1", 1), "{not json");
        kv.set(
            &table_key("e1", 2),
            r#"{"event":"e1","number":2,"moves":["h2e2","h2e2"]}"#,
        );
        kv.set(
            &format!("{EVENTS}e1"),
            r#"{"id":"e1","name":"x","rules":"axf"}"#,
        );
        let mut h = Hall::load(&mut kv, 7);
        assert_eq!((h.fresh, h.events.len(), h.tables.len()), (2, 1, 0));
        let kept: Vec<&str> = h.aside.iter().map(|a| a.text.as_str()).collect();
        assert!(kept.contains(&"{not json"));
        assert_eq!(kv.keys(TABLES), Vec::<String>::new());
        assert_eq!(kv.keys(ASIDE), [format!("{ASIDE}7"), format!("{ASIDE}7x")]);
        let key = h.aside[0].key.clone();
        h.discard(&mut kv, &key);
        assert_eq!(h.aside.len(), 1);
    }

    fn copy(t: &Table) -> Result<Copy, String> {
        Ok(Copy {
            key: table_key(&t.event, t.number),
            rev: t.rev,
            text: serde_json::to_string(t).unwrap(),
        })
    }

    #[test]
    fn whatever_the_journal_or_local_storage_committed_is_kept() {
        let mut kv = MemoryKv::default();
        let mut h = Hall::load(&mut kv, 0);
        event(&mut kv, &mut h);
        h.write_table(&mut kv, Table::new("e1", 1, None)).unwrap();
        h.write_table(&mut kv, Table::new("e1", 2, None)).unwrap();
        // Table 1: the journal committed a move that `localStorage` lost
        // (the browser was killed before it wrote it to disk).
        let mut one = h.table("e1", 1).unwrap().clone();
        one.moves.push("h2e2".into());
        let one = h.prepare(&kv, one).unwrap();
        // Table 2: a move written while the journal was not available.
        let old_two = h.table("e1", 2).unwrap().clone();
        let mut two = old_two.clone();
        two.moves.push("b0c2".into());
        h.write_table(&mut kv, two).unwrap();
        // An event only the journal has.
        let e2 = Event {
            id: "e2".into(),
            name: "Rapid".into(),
            rules: "cxa2020".into(),
            round: "1".into(),
        };
        let copies = [
            copy(&one),
            copy(&old_two),
            Ok(Copy {
                key: format!("{EVENTS}e2"),
                rev: 1,
                text: serde_json::to_string(&e2).unwrap(),
            }),
            Err("[1,2".to_string()),
            Ok(Copy {
                key: "elsewhere".into(),
                rev: 1,
                text: "{}".into(),
            }),
        ];
        let mut again = Hall::load(&mut kv, 5);
        assert_eq!(again.restore(&mut kv, &copies, 5), [3, 4]);
        assert_eq!(again.table("e1", 1).unwrap().moves, ["h2e2"]);
        assert_eq!(again.table("e1", 2).unwrap().moves, ["b0c2"]);
        assert_eq!(again.event("e2").unwrap().name, "Rapid");
        let texts: Vec<&str> = again.aside.iter().map(|a| a.text.as_str()).collect();
        assert_eq!(texts, ["[1,2", "{}"]);
        // Written back: the next load from `localStorage` alone has it all.
        let third = Hall::load(&mut kv, 6);
        assert_eq!(third.table("e1", 1).unwrap().moves, ["h2e2"]);
        assert!(third.event("e2").is_some());
    }

    #[test]
    fn an_unreadable_local_copy_is_set_aside_and_the_journal_one_restored() {
        let mut kv = MemoryKv::default();
        let mut h = Hall::load(&mut kv, 0);
        event(&mut kv, &mut h);
        let mut t = h.prepare(&kv, Table::new("e1", 1, None)).unwrap();
        t.moves.push("h2e2".into());
        kv.set(&table_key("e1", 1), "{torn");
        let mut again = Hall::load(&mut kv, 3);
        assert!(again.restore(&mut kv, &[copy(&t)], 3).is_empty());
        assert_eq!(again.table("e1", 1).unwrap().moves, ["h2e2"]);
        assert_eq!(again.aside[0].text, "{torn");
    }

    #[test]
    fn a_committed_copy_is_kept_once_and_never_replaced_by_an_older_one() {
        let mut kv = MemoryKv::default();
        let mut h = Hall::load(&mut kv, 0);
        event(&mut kv, &mut h);
        let t = h.prepare(&kv, Table::new("e1", 1, None)).unwrap();
        assert!(h.table("e1", 1).is_none(), "not shown before it is kept");
        h.keep(&mut kv, t.clone());
        let mut newer = h.prepare(&kv, t.clone()).unwrap();
        newer.moves.push("h2e2".into());
        h.keep(&mut kv, newer);
        h.keep(&mut kv, t);
        assert_eq!(h.table("e1", 1).unwrap().moves, ["h2e2"]);
        assert_eq!(Hall::load(&mut kv, 1).table("e1", 1).unwrap().rev, 2);
        // A stale copy is refused before anything is written.
        let stale = Table::new("e1", 1, None);
        assert_eq!(h.prepare(&kv, stale), Err(WriteError::Conflict));
    }

    #[test]
    fn a_full_store_keeps_unreadable_data_in_place() {
        let mut kv = MemoryKv::default();
        kv.set(&table_key("e1", 1), "garbage");
        kv.full = true;
        let mut h = Hall::load(&mut kv, 1);
        assert_eq!(h.stuck, [table_key("e1", 1)]);
        assert_eq!(h.aside[0].text, "garbage");
        kv.full = false;
        assert_eq!(
            h.write_table(&mut kv, Table::new("e1", 1, None)),
            Err(WriteError::Refused)
        );
        assert_eq!(kv.get(&table_key("e1", 1)).as_deref(), Some("garbage"));
    }
}
