//! Browser tests of the app, run by `wasm-bindgen-test-runner` in headless Chromium:
//! `cargo test -p qili-site --target wasm32-unknown-unknown` (see scripts/test.sh).
#![cfg(target_arch = "wasm32")]

use leptos::prelude::document;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

fn fresh_parent() -> HtmlElement {
    let parent = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&parent).unwrap();
    parent.unchecked_into()
}

#[wasm_bindgen_test]
async fn mounts_switches_language_and_unmounts() {
    let parent = fresh_parent();
    let handle = qili_site::mount_app(parent.clone());
    let text = || parent.text_content().unwrap_or_default();
    assert!(
        text().contains("Qili 棋例"),
        "placeholder title missing: {}",
        text()
    );
    assert!(text().contains(qili_site::Lang::Zh.strings().tagline));

    let button: HtmlElement = parent
        .query_selector("button.switch-lang")
        .unwrap()
        .unwrap()
        .unchecked_into();
    button.click();
    leptos::task::tick().await;
    assert!(
        text().contains(qili_site::Lang::En.strings().tagline),
        "after switching: {}",
        text()
    );

    drop(handle);
    assert_eq!(
        parent.child_element_count(),
        0,
        "dropping the handle must unmount the app"
    );
}
