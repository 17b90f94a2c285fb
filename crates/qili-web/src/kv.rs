//! A text store: the browser's `localStorage` on the page, a map in the
//! native tests. The modules that keep the user's data (the saved studies,
//! the arbiter's events) write through it, so their rules for unreadable
//! data (set aside under a key of its own, never dropped) are tested
//! without a browser.

/// A text store.
pub trait Kv {
    /// The text under `key`.
    fn get(&self, key: &str) -> Option<String>;
    /// Stores `value` under `key`; `false` if the store refused (full).
    fn set(&mut self, key: &str, value: &str) -> bool;
    /// Forgets `key`.
    fn remove(&mut self, key: &str);
    /// The keys starting with `prefix`.
    fn keys(&self, prefix: &str) -> Vec<String>;
}

/// A store in memory, for tests; `full` refuses every write.
#[derive(Debug, Default, Clone)]
pub struct MemoryKv {
    /// The stored texts.
    pub data: std::collections::BTreeMap<String, String>,
    /// Refuse every write (a full store).
    pub full: bool,
}

impl Kv for MemoryKv {
    fn get(&self, key: &str) -> Option<String> {
        self.data.get(key).cloned()
    }
    fn set(&mut self, key: &str, value: &str) -> bool {
        if !self.full {
            self.data.insert(key.into(), value.into());
        }
        !self.full
    }
    fn remove(&mut self, key: &str) {
        self.data.remove(key);
    }
    fn keys(&self, prefix: &str) -> Vec<String> {
        self.data
            .keys()
            .filter(|k| k.starts_with(prefix))
            .cloned()
            .collect()
    }
}
