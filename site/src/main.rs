//! Entry point of the wasm binary that Trunk builds: panic hook, then mount.

fn main() {
    console_error_panic_hook::set_once();
    // The same wasm serves embedded widgets (`embed.js` calls
    // `mount_widget`): only the site's page has the app's element.
    let site = leptos::prelude::document()
        .get_element_by_id(qili_site::APP_ELEMENT_ID)
        .is_some();
    if site {
        qili_site::start();
    }
}
