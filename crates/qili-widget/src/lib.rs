//! The entry point of the embeddable replay widget ([`qili_site::embed`]).
//!
//! The widget is the site's own board and panels, but no page of the site
//! shows it: it lives on club pages (and `embed.html`). So it is a wasm of
//! its own, which `embed.js` imports only where a widget is placed, and the
//! site's wasm, part of the first load, does not carry it.
#![deny(missing_docs)]

use leptos::prelude::*;
use qili_site::embed::{Widget, WidgetSpec};
use wasm_bindgen::prelude::wasm_bindgen;
use web_sys::HtmlElement;

/// Runs when the module is instantiated: a panic aborts the module, so say
/// why in the console first (as the site's `main` does).
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&info.to_string().into());
    }));
}

/// Mounts a [`Widget`] into `parent` (an element inside a shadow root) for
/// the life of the page. Called by `embed.js`, once per widget.
///
/// The unmount handle is leaked on the Rust side on purpose: were it handed to
/// JS, a garbage collection of the JS wrapper would drop it and unmount the
/// widget.
#[wasm_bindgen]
pub fn mount_widget(parent: HtmlElement, fen: String, moves: String, rules: String, lang: String) {
    let spec = WidgetSpec {
        fen,
        moves,
        rules,
        lang,
    };
    leptos::mount::mount_to(parent, move || view! { <Widget spec=spec/> }).forget();
}
