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

/// The browser's `localStorage` (`None` in a private window without
/// storage: nothing is read, every write fails).
#[cfg(feature = "local-storage")]
pub struct LocalStorage(Option<web_sys::Storage>);

#[cfg(feature = "local-storage")]
impl LocalStorage {
    /// The window's `localStorage`, if the browser gives one.
    pub fn of_window() -> LocalStorage {
        LocalStorage(web_sys::window().and_then(|w| w.local_storage().ok().flatten()))
    }
}

#[cfg(feature = "local-storage")]
impl Kv for LocalStorage {
    fn get(&self, key: &str) -> Option<String> {
        self.0.as_ref()?.get_item(key).ok().flatten()
    }
    fn set(&mut self, key: &str, value: &str) -> bool {
        self.0
            .as_ref()
            .is_some_and(|s| s.set_item(key, value).is_ok())
    }
    fn remove(&mut self, key: &str) {
        if let Some(s) = &self.0 {
            let _ = s.remove_item(key);
        }
    }
    fn keys(&self, prefix: &str) -> Vec<String> {
        let Some(s) = &self.0 else {
            return Vec::new();
        };
        (0..s.length().unwrap_or(0))
            .filter_map(|i| s.key(i).ok().flatten())
            .filter(|k| k.starts_with(prefix))
            .collect()
    }
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
