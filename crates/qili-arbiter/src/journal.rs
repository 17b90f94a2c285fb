//! The IndexedDB journal (browser only): every change to an event or a
//! table is appended here, in a transaction committed with
//! `{durability: "strict"}` (the browser flushes it to disk before it says
//! `complete`), and the page waits for that before it shows the change.
//! `localStorage`, which Chromium writes to disk lazily, stays the mirror
//! that other tabs follow (the `storage` event) and the fallback where
//! IndexedDB is not available.
//!
//! One object store, `journal`, in the database `qili-arbiter`. A record is
//! `{key, rev, text}` under the key `[key, rev]`: `key` is the event's or
//! table's `localStorage` key, `rev` the table's revision (1 for an event),
//! `text` its JSON. Appending a table's copy checks, in the same
//! transaction, that the journal holds no copy of that table with this
//! revision or a newer one (another tab's), and deletes the older copies:
//! each copy contains every change before it, and transactions on one store
//! never interleave, so nothing committed is lost and two tabs cannot write
//! over each other.
//!
//! Built on web-sys's IndexedDB bindings; the one call they offer only as
//! an unstable API, `transaction(store, mode, {durability})`, is bound here.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Object, Promise, Reflect, JSON};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Event, EventTarget, IdbCursorDirection, IdbCursorWithValue, IdbDatabase, IdbKeyRange,
    IdbObjectStore, IdbOpenDbRequest, IdbTransaction,
};

use crate::store::Copy;

const DATABASE: &str = "qili-arbiter";
const STORE: &str = "journal";
/// How long opening may take before the page falls back to `localStorage`
/// (a browser that never answers must not keep the arbiter from recording).
const OPEN_TIMEOUT_MS: i32 = 5_000;

#[wasm_bindgen]
extern "C" {
    /// An `IDBDatabase`, for the one call that web-sys has only behind
    /// `web_sys_unstable_apis`.
    #[wasm_bindgen(js_name = IDBDatabase)]
    type Database;

    /// `IDBDatabase.transaction(store, mode, options)`.
    #[wasm_bindgen(method, catch)]
    fn transaction(
        this: &Database,
        store: &str,
        mode: &str,
        options: &Object,
    ) -> Result<IdbTransaction, JsValue>;
}

/// Why a copy was not appended.
#[derive(Debug)]
pub enum AppendError {
    /// The journal holds this revision or a newer one, written by another
    /// tab: its copy (the JSON).
    Conflict(Option<String>),
    /// IndexedDB failed (storage full, the database closed…).
    Failed,
}

/// The opened journal.
#[derive(Clone)]
pub struct Journal(IdbDatabase);

/// Resolves with the event when `target` fires `ok`, fails when it fires
/// one of `fail`.
fn when(target: &EventTarget, ok: &str, fail: &[&str]) -> Promise {
    Promise::new(&mut |resolve, reject| {
        let _ = target.add_event_listener_with_callback(ok, &resolve);
        for kind in fail {
            let _ = target.add_event_listener_with_callback(kind, &reject);
        }
    })
}

/// [`when`], to be awaited.
fn settled(target: &EventTarget, ok: &str, fail: &[&str]) -> JsFuture {
    JsFuture::from(when(target, ok, fail))
}

/// `[key, rev]`, the record's key.
fn record_key(key: &str, rev: f64) -> JsValue {
    Array::of2(&key.into(), &rev.into()).into()
}

/// The copies of `key` with a revision in `[from, to)` (`to` included if
/// `upto`).
fn range(key: &str, from: f64, to: f64, upto: bool) -> Result<IdbKeyRange, JsValue> {
    IdbKeyRange::bound_with_lower_open_and_upper_open(
        &record_key(key, from),
        &record_key(key, to),
        false,
        !upto,
    )
}

/// Reads a record's value back as a copy, or the value as text if it is
/// not one.
fn copy_of(value: &JsValue) -> Result<Copy, String> {
    let get = |name: &str| Reflect::get(value, &name.into()).ok();
    let key = get("key").and_then(|v| v.as_string());
    let rev = get("rev").and_then(|v| v.as_f64());
    let text = get("text").and_then(|v| v.as_string());
    match (key, rev, text) {
        (Some(key), Some(rev), Some(text)) if rev >= 0.0 && rev.fract() == 0.0 => Ok(Copy {
            key,
            rev: rev as u64,
            text,
        }),
        _ => Err(JSON::stringify(value)
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_else(|| format!("{value:?}"))),
    }
}

impl Journal {
    /// Opens (or creates) the journal; `None` where IndexedDB is not
    /// available, refused, or does not answer in time.
    pub async fn open() -> Option<Journal> {
        let window = web_sys::window()?;
        let factory = window.indexed_db().ok()??;
        let req: IdbOpenDbRequest = factory.open_with_u32(DATABASE, 1).ok()?;
        let upgrade = {
            let req = req.clone();
            Closure::once_into_js(move |_: Event| {
                if let Some(db) = req
                    .result()
                    .ok()
                    .and_then(|r| r.dyn_into::<IdbDatabase>().ok())
                {
                    let _ = db.create_object_store(STORE);
                }
            })
        };
        req.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
        let timeout = Promise::new(&mut |resolve, _| {
            let _ = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, OPEN_TIMEOUT_MS);
        });
        let opened = when(&req, "success", &["error", "blocked"]);
        let first = Promise::race(&Array::of2(&opened, &timeout));
        let ev = JsFuture::from(first).await.ok()?;
        if ev.is_undefined() {
            return None; // timed out
        }
        let db: IdbDatabase = req.result().ok()?.dyn_into().ok()?;
        // A later version of the page that changes the journal's layout
        // must not wait for this tab: it lets go (its next write fails, and
        // it goes on with `localStorage`, saying so).
        let close = {
            let db = db.clone();
            Closure::once_into_js(move |_: Event| db.close())
        };
        db.set_onversionchange(Some(close.unchecked_ref()));
        Some(Journal(db))
    }

    fn store(&self, mode: &str) -> Result<(IdbTransaction, IdbObjectStore), JsValue> {
        let options = Object::new();
        Reflect::set(&options, &"durability".into(), &"strict".into())?;
        let db: &Database = self.0.unchecked_ref();
        let tx = db.transaction(STORE, mode, &options)?;
        let store = tx.object_store(STORE)?;
        Ok((tx, store))
    }

    /// Every record: its key in the journal, and the copy (or the value as
    /// text, if it is not one).
    pub async fn read(&self) -> Result<Vec<(JsValue, Result<Copy, String>)>, JsValue> {
        let (_tx, store) = self.store("readonly")?;
        let keys = store.get_all_keys()?;
        let values = store.get_all()?;
        // Both listened to before either is awaited: none can be missed.
        let (got_keys, got_values) = (
            settled(&keys, "success", &["error"]),
            settled(&values, "success", &["error"]),
        );
        got_keys.await?;
        got_values.await?;
        let (keys, values) = (Array::from(&keys.result()?), Array::from(&values.result()?));
        Ok(keys
            .iter()
            .zip(values.iter())
            .map(|(k, v)| (k, copy_of(&v)))
            .collect())
    }

    /// Appends `copy` (a table with its new revision, or an event with
    /// revision 1) and waits until it is on disk.
    pub async fn append(&self, copy: &Copy) -> Result<(), AppendError> {
        let conflict: Rc<RefCell<Option<AppendError>>> = Rc::default();
        let Ok(done) = self.begin_append(copy, conflict.clone()) else {
            return Err(AppendError::Failed);
        };
        match done.await {
            Ok(_) => Ok(()),
            Err(_) => Err(conflict.take().unwrap_or(AppendError::Failed)),
        }
    }

    /// Starts the transaction of [`Journal::append`]: looks up the newest
    /// copy of the key and, in the same transaction, aborts (leaving that
    /// copy in `conflict`) or puts the new copy and deletes the older ones.
    fn begin_append(
        &self,
        copy: &Copy,
        conflict: Rc<RefCell<Option<AppendError>>>,
    ) -> Result<JsFuture, JsValue> {
        let (tx, store) = self.store("readwrite")?;
        let rev = copy.rev as f64;
        let every: JsValue = range(&copy.key, 0.0, f64::INFINITY, true)?.into();
        let latest =
            store.open_cursor_with_range_and_direction(&every, IdbCursorDirection::Prev)?;
        let value = Object::new();
        for (name, v) in [
            ("key", JsValue::from_str(&copy.key)),
            ("rev", JsValue::from_f64(rev)),
            ("text", JsValue::from_str(&copy.text)),
        ] {
            Reflect::set(&value, &name.into(), &v)?;
        }
        let done = settled(&tx, "complete", &["abort", "error"]);
        let key = copy.key.clone();
        let found = {
            let latest = latest.clone();
            let tx = tx.clone();
            Closure::once_into_js(move |_: Event| {
                let cursor = latest
                    .result()
                    .ok()
                    .and_then(|c| c.dyn_into::<IdbCursorWithValue>().ok());
                if let Some(c) = cursor {
                    // The newest copy's revision, from its key `[key, rev]`.
                    let stored = c.primary_key().map(|k| Array::from(&k).get(1).as_f64());
                    if stored.map_or(true, |r| r.is_none_or(|r| r >= rev)) {
                        let text = c.value().ok().and_then(|v| copy_of(&v).ok());
                        *conflict.borrow_mut() = Some(AppendError::Conflict(text.map(|s| s.text)));
                        let _ = tx.abort();
                        return;
                    }
                }
                let put = store.put_with_key(&value, &record_key(&key, rev));
                let older = range(&key, 0.0, rev, false).and_then(|r| store.delete(&r));
                if put.is_err() || older.is_err() {
                    let _ = tx.abort();
                }
            })
        };
        latest.set_onsuccess(Some(found.unchecked_ref()));
        Ok(done)
    }

    /// Deletes the records under `keys` (copies set aside in
    /// `localStorage`); `false` if IndexedDB refused.
    pub async fn forget(&self, keys: &[JsValue]) -> bool {
        let Ok((tx, store)) = self.store("readwrite") else {
            return false;
        };
        let done = settled(&tx, "complete", &["abort", "error"]);
        if keys.iter().any(|k| store.delete(k).is_err()) {
            let _ = tx.abort();
        }
        done.await.is_ok()
    }
}
