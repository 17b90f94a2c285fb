//! Entry point of the wasm binary that Trunk builds: panic hook, then mount.

/// Talc instead of std's dlmalloc: its code is smaller, and every byte of
/// this binary is part of the site's first load (about 380 B gzip less).
/// The page runs the module on one thread, as `new_global` requires.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

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
