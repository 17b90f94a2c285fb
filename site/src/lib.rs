//! The Qili web site: a Leptos client-side app, compiled to wasm by Trunk.
//!
//! For now it is a placeholder page. The app lives here (not in `main.rs`) so
//! that tests can mount it: `tests/` holds `wasm_bindgen_test` browser tests,
//! and `tests/browser/` at the repo root drives the built site in Chromium.
//!
//! The board will contain no rules: it receives data from the `qili` crate
//! and reports moves through callbacks.
#![deny(missing_docs)]

mod strings;

use leptos::mount::{mount_to, UnmountHandle};
use leptos::prelude::*;
use leptos::tachys::view::Mountable;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

pub use strings::{Lang, Strings};

/// The `id` of the element in `index.html` that the app mounts into.
pub const APP_ELEMENT_ID: &str = "qili-app";

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let (lang, set_lang) = signal(Lang::Zh);
    let t = move || lang.get().strings();
    view! {
        <main class="qili" lang=move || lang.get().code()>
            <h1>"Qili 棋例"</h1>
            <p class="tagline">{move || t().tagline}</p>
            <p class="status">{move || t().status}</p>
            <button class="switch-lang" on:click=move |_| set_lang.update(|l| *l = l.other())>
                {move || t().switch_lang}
            </button>
        </main>
    }
}

/// Mounts [`App`] into `parent`. Dropping the handle unmounts the app.
pub fn mount_app(parent: HtmlElement) -> UnmountHandle<impl Mountable> {
    mount_to(parent, App)
}

/// Mounts the app into `#qili-app` for the life of the page.
///
/// The unmount handle is leaked on the Rust side on purpose: were it handed to
/// JS, a garbage collection of the JS wrapper would drop it and unmount the app.
///
/// # Panics
/// If the page has no `#qili-app` element (the app cannot start without one).
pub fn start() {
    let parent = document()
        .get_element_by_id(APP_ELEMENT_ID)
        .unwrap_or_else(|| panic!("the page has no #{APP_ELEMENT_ID} element to mount into"))
        .unchecked_into::<HtmlElement>();
    mount_app(parent).forget();
}
