//! Entry point of the wasm binary that Trunk builds: panic hook, then mount.

fn main() {
    // A panic aborts the module; say why in the console first.
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&info.to_string().into());
    }));
    // Only the site's page has the app's element (embedded widgets are a
    // wasm of their own, crates/qili-widget).
    let site = leptos::prelude::document()
        .get_element_by_id(qili_site::APP_ELEMENT_ID)
        .is_some();
    if site {
        qili_site::start();
    }
}
