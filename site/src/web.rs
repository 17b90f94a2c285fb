//! The few places the site talks to the browser directly: storage, the
//! address bar, the clipboard, timing. Failures are quiet: a site in a
//! private window without storage still works.

use leptos::prelude::window;
use wasm_bindgen::{JsCast, JsValue};

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// A remembered setting.
pub fn load(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Remembers a setting.
pub fn save(key: &str, value: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, value);
    }
}

/// The location hash, with its `#`.
pub fn hash() -> String {
    window().location().hash().unwrap_or_default()
}

/// Rewrites the hash without a history entry and without a `hashchange`
/// event (the page already shows what the new hash says).
pub fn replace_hash(hash: &str) {
    if self::hash() == hash {
        return;
    }
    if let Ok(h) = window().history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(hash));
    }
}

/// The full address of this page with another hash.
pub fn url_with_hash(hash: &str) -> String {
    let href = window().location().href().unwrap_or_default();
    let base = href.split('#').next().unwrap_or_default();
    format!("{base}{hash}")
}

/// Waits for `promise`, then calls `done` with its value (`None` if it
/// failed). One non-generic copy of the waiting code for every caller.
fn then(promise: js_sys::Promise, done: Box<dyn FnOnce(Option<JsValue>)>) {
    leptos::task::spawn_local(async move {
        done(wasm_bindgen_futures::JsFuture::from(promise).await.ok());
    });
}

/// Copies `text` to the clipboard, then calls `done` with success.
pub fn copy(text: String, done: impl FnOnce(bool) + 'static) {
    let promise = window().navigator().clipboard().write_text(&text);
    then(promise, Box::new(move |r| done(r.is_some())));
}

/// Fetches the text of `url` (relative to the page), then calls `done` with
/// it (`None` if the request or the response failed). Offline, the service
/// worker answers from its precache.
pub fn fetch_text(url: &str, done: impl FnOnce(Option<String>) + 'static) {
    let promise = window().fetch_with_str(url);
    then(
        promise,
        Box::new(move |r| {
            let text = r
                .and_then(|r| r.dyn_into::<web_sys::Response>().ok())
                .filter(web_sys::Response::ok)
                .and_then(|r| r.text().ok());
            match text {
                Some(p) => then(p, Box::new(move |t| done(t.and_then(|t| t.as_string())))),
                None => done(None),
            }
        }),
    );
}

/// Milliseconds since the page started.
pub fn now_ms() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

/// `true` if a key event goes to a text field, where keys edit text.
pub fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    let Some(el) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return false;
    };
    matches!(
        el.tag_name().to_ascii_lowercase().as_str(),
        "input" | "textarea" | "select"
    ) || el.closest("[contenteditable]").ok().flatten().is_some()
}

/// `true` if Space or Enter on the event's target activates it natively
/// (a button, a link, a disclosure), so a page shortcut must not also act.
pub fn activates(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| {
            matches!(
                el.tag_name().to_ascii_lowercase().as_str(),
                "button" | "a" | "summary"
            ) || el.get_attribute("role").is_some_and(|r| r == "gridcell")
        })
}

/// Fires the event `name` on the window for the loader (`embed.js`).
pub fn tell_loader(name: &str) {
    if let Ok(e) = web_sys::Event::new(name) {
        let _ = window().dispatch_event(&e);
    }
}
