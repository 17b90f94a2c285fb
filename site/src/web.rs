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

/// Stores `value` under `key`; `false` if storage is full or unavailable.
pub fn store(key: &str, value: &str) -> bool {
    storage().is_some_and(|s| s.set_item(key, value).is_ok())
}

/// Forgets `key`.
pub fn forget(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// The stored keys starting with `prefix`.
pub fn keys(prefix: &str) -> Vec<String> {
    let Some(s) = storage() else {
        return Vec::new();
    };
    (0..s.length().unwrap_or(0))
        .filter_map(|i| s.key(i).ok().flatten())
        .filter(|k| k.starts_with(prefix))
        .collect()
}

/// Milliseconds since 1970 (the clock of the device).
pub fn epoch_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// A time (ms since 1970) as the device's locale writes it, in `lang`.
pub fn date(ms: u64, lang: &str) -> String {
    js_sys::Date::new(&JsValue::from_f64(ms as f64))
        .to_locale_string(lang, &JsValue::UNDEFINED)
        .into()
}

/// Offers `text` as a file download named `name`: a link to a `blob:` URL,
/// clicked (no script, no `data:` URL: allowed by the site's CSP).
pub fn download(name: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("application/json");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = leptos::prelude::document().create_element("a") {
        let a = a.unchecked_into::<web_sys::HtmlAnchorElement>();
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    // Revoked once the download has started.
    leptos::prelude::set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(10),
    );
}

/// Reads the file chosen in a file input as text, then calls `done` (not
/// at all if no file is chosen; with `None` if it cannot be read).
pub fn read_file(input: &web_sys::HtmlInputElement, done: impl FnOnce(Option<String>) + 'static) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    then(
        file.text(),
        Box::new(move |t| done(t.and_then(|t| t.as_string()))),
    );
}

/// `true` once the loader (`embed.js`) has found a new version of the site
/// installed and waiting; it then also fires the `qili-update` event.
pub fn update_waiting() -> bool {
    leptos::prelude::document()
        .document_element()
        .is_some_and(|e| e.has_attribute("data-qili-update"))
}

/// Tells the loader to switch to the waiting version (it reloads the page).
pub fn accept_update() {
    if let Ok(e) = web_sys::Event::new("qili-update-accept") {
        let _ = window().dispatch_event(&e);
    }
}

/// The values of the `.study-name-input` and `.study-notes-input` fields of
/// the form or section an event happened in.
pub fn study_fields(ev: &web_sys::Event) -> (String, String) {
    let within = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|e| e.closest("form, section").ok().flatten());
    let find = |sel: &str| {
        within
            .as_ref()
            .and_then(|w| w.query_selector(sel).ok().flatten())
    };
    let name = find(".study-name-input")
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
        .map(|i| i.value());
    let notes = find(".study-notes-input")
        .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        .map(|t| t.value());
    (name.unwrap_or_default(), notes.unwrap_or_default())
}

/// Moves the focus to the element `selector` once the page has been
/// updated (markup set through `inner_html` appears after this task).
pub fn focus_soon(selector: &'static str) {
    leptos::prelude::set_timeout(
        move || {
            if let Some(e) = leptos::prelude::document()
                .query_selector(selector)
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = e.focus();
            }
        },
        std::time::Duration::ZERO,
    );
}
