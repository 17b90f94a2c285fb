//! Browser tests of the app, run by `wasm-bindgen-test-runner` in headless Chromium:
//! `cargo test -p qili-site --target wasm32-unknown-unknown` (see scripts/test.sh).
#![cfg(target_arch = "wasm32")]

use std::sync::{Arc, Mutex};

use leptos::prelude::*;
use qili::{Move, Position};
use qili_site::board::{Board, Overlay};
use qili_site::judge::pieces;
use qili_site::SiteText;
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
    assert!(text().contains("Qili 棋例"), "title missing: {}", text());
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
    button.click();
    leptos::task::tick().await;

    drop(handle);
    assert_eq!(
        parent.child_element_count(),
        0,
        "dropping the handle must unmount the app"
    );
}

#[wasm_bindgen_test]
async fn opens_a_case_from_the_address() {
    window().location().set_hash("#/case/cxa1999-图一").unwrap();
    let parent = fresh_parent();
    let handle = qili_site::mount_app(parent.clone());
    leptos::task::tick().await;
    let labels: Vec<String> = {
        let list = parent.query_selector_all(".moves li[data-label]").unwrap();
        (0..list.length())
            .map(|i| {
                list.item(i)
                    .unwrap()
                    .unchecked_into::<web_sys::Element>()
                    .get_attribute("data-label")
                    .unwrap()
            })
            .collect()
    };
    assert_eq!(labels, ["将", "闲", "将", "闲"]);
    let verdict = parent.query_selector("[data-ruling]").unwrap().unwrap();
    assert_eq!(verdict.get_attribute("data-ruling").unwrap(), "red_loses");
    assert_eq!(
        parent.query_selector_all("[data-piece]").unwrap().length(),
        7
    );
    drop(handle);
    window().location().set_hash("").unwrap();
}

/// The board stands alone: props in (pieces, legal moves), the chosen move out.
#[wasm_bindgen_test]
async fn the_board_is_a_reusable_component() {
    let parent = fresh_parent();
    let chosen = Arc::new(Mutex::new(Vec::<Move>::new()));
    let sink = chosen.clone();
    let pos = Position::new();
    let legal = pos.legal_moves().to_vec();
    let start = pieces(&pos);
    let handle = leptos::mount::mount_to(parent.clone(), move || {
        let legal = legal.clone();
        let start = start.clone();
        let sink = sink.clone();
        view! {
            <Board
                pieces=Signal::stored(start)
                overlay=Signal::stored(Overlay::default())
                legal=Signal::stored(legal)
                on_move=Callback::new(move |m: Move| sink.lock().unwrap().push(m))
                text=Signal::stored(&qili_site::Lang::En.strings().board)
            />
        }
    });
    assert_eq!(
        parent.query_selector_all("[data-piece]").unwrap().length(),
        32
    );
    let click = |sq: &str| {
        // A click from the keyboard or assistive tools (detail 0).
        let rect = parent
            .query_selector(&format!("rect[data-sq=\"{sq}\"]"))
            .unwrap()
            .unwrap();
        rect.dispatch_event(&web_sys::MouseEvent::new("click").unwrap())
            .unwrap();
    };
    click("h2");
    leptos::task::tick().await;
    assert!(parent.query_selector_all(".dest").unwrap().length() > 0);
    click("h9"); // 炮二进七: the cannon takes the horse over the h7 cannon
    leptos::task::tick().await;
    let got: Vec<String> = chosen
        .lock()
        .unwrap()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(got, ["h2h9"]);
    drop(handle);
}
