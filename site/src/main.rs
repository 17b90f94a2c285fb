//! Entry point of the wasm binary that Trunk builds: panic hook, then mount.

fn main() {
    // A panic aborts the module; say why in the console first.
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&info.to_string().into());
    }));
    // The same wasm serves embedded widgets (`embed.js` calls
    // `mount_widget`): only the site's page has the app's element.
    let site = leptos::prelude::document()
        .get_element_by_id(qili_site::APP_ELEMENT_ID)
        .is_some();
    if site {
        qili_site::start();
    }
}
