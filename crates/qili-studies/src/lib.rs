//! The site's saved studies, loaded on first use so that they stay out of
//! the first load (250 KB gzip in all): the studies page (open, edit, delete
//! with undo, export, import, set-aside data), the analysis board's "Save
//! study" panel and the notice shown when stored studies were set aside.
//!
//! Trunk builds this crate from a `data-type="worker"` link in `index.html`
//! (a no-modules glue with a fixed name, `qili-studies.js`, and no preload),
//! but it runs on the page: the site draws empty places for it
//! (`data-studies="page"`, `"panel"` and `"notice"`) and fires the
//! `qili-page` event whenever the page or the language changes; the
//! loader (`site/embed.js`) then loads this module — when a place needs it,
//! or when `localStorage` holds studies to check — and calls its one export,
//! `mount(app, lang)`, which fills the places. The save panel reads the board
//! from the page's address, which the analysis page keeps up to date;
//! opening a study goes to its address.
//!
//! - [`json`]: a small JSON reader and writer;
//! - [`model`]: the stored document, checked entry by entry with `qili`;
//! - [`store`]: storage, with unreadable data set aside, never dropped;
//! - [`view`]: the markup, every text escaped ([`markup`]);
//! - [`strings`]: the words, in Chinese and English;
//! - `web` (wasm only): the browser side — `localStorage`, events, files.
//!
//! All but `web` is plain Rust, tested natively.
#![deny(missing_docs)]

pub mod json;
pub use qili_web::markup;
pub mod model;
pub mod store;
pub mod strings;
pub mod view;
#[cfg(target_arch = "wasm32")]
mod web;
