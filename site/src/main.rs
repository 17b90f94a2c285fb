//! Entry point of the wasm binary that Trunk builds: panic hook, then mount.

fn main() {
    console_error_panic_hook::set_once();
    qili_site::start();
}
