//! The events and tables in the browser's `localStorage` (any [`Kv`] in the
//! tests), one key per event and one per table, so that recording at one
//! table never rewrites another.
//!
//! - **Written before shown.** A change is a new copy of the table written
//!   with [`Hall::write_table`]; the page shows it only once the write
//!   succeeded (`localStorage` writes synchronously: a reload, a crash or a
//!   dead battery after that loses nothing).
//! - **Two tabs.** Every table carries a revision; a tab whose copy is older
//!   than the stored one is refused ([`WriteError::Conflict`]) and takes the
//!   stored copy instead of writing over it.
//! - **Unreadable data is set aside, never dropped** (as the saved studies
//!   do): a key that does not read as an event or a table the engine can
//!   replay is moved to `qili.arbiter.unreadable.<time>` and listed with a
//!   download until the arbiter discards it.

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

/// Why a change was not written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteError {
    /// Another tab wrote the table since this one read it: this tab now
    /// has the stored copy.
    Conflict,
    /// The browser refused the write (storage full or unavailable).
    Refused,
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
        let mut aside = format!("{ASIDE}{now}");
        while kv.get(&aside).is_some() {
            aside.push('x');
        }
        if kv.set(&aside, text) {
            kv.remove(&key);
        } else {
            self.stuck.push(key);
        }
        self.fresh += 1;
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
    /// (its `rev` unchanged; a new table has `rev` 0 and must not exist).
    /// On success the stored and shown table has the next revision; on a
    /// conflict this tab takes the stored copy.
    pub fn write_table(&mut self, kv: &mut impl Kv, mut t: Table) -> Result<(), WriteError> {
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
        let text = serde_json::to_string(&t).map_err(|_| WriteError::Refused)?;
        if !kv.set(&key, &text) {
            return Err(WriteError::Refused);
        }
        self.put(t);
        Ok(())
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
