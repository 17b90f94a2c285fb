//! The arbiter page of the site, `#/arbiter`: events with tables, the game
//! at each table recorded move by move (touch board, or a move typed in
//! Chinese, WXF or ICCS), what the repetition rules say after every move —
//! a warning one cycle before a loss binds, the verdict when it binds — the
//! arbiter's log, and PGN and CSV exports. Loaded on first use so that it
//! stays out of the site's first load (250 KB gzip in all).
//!
//! Trunk builds this crate from a `data-type="worker"` link in `index.html`
//! with an ES module glue (as the Export menu's module), named after its
//! content by `scripts/post_build.mjs` and precached by the service worker
//! with the rest of the build, so a page never mixes two versions. The site
//! draws an empty place (`data-arbiter="page"`) on `#/arbiter` and fires
//! `qili-page`; the loader (`site/embed.js`) imports this module then and
//! calls its one export, `mount(place, lang)`.
//!
//! - [`watch`]: the rules' view of the game (the engine decides; this module
//!   counts plies to the binding point);
//! - [`model`]: events, tables and log entries as stored;
//! - [`store`]: storage — written before shown, two tabs, unreadable data set
//!   aside, the journal's copies merged in on load;
//! - [`export`]: PGN and CSV;
//! - [`strings`]: the words; [`view`]: the markup, every text escaped;
//! - `journal` (wasm only): the IndexedDB journal, committed to disk before
//!   a change is shown;
//! - `web` (wasm only): the browser side.
//!
//! Like the saved studies, the page is markup written as text and events
//! handled by one listener per kind on the page's place: one way to build
//! the page, no framework in a module downloaded on its own.
//!
//! All but `web` is plain Rust, tested natively.
#![deny(missing_docs)]

pub mod export;
#[cfg(target_arch = "wasm32")]
mod journal;
pub mod model;
pub mod store;
pub mod strings;
pub mod view;
pub mod watch;
#[cfg(target_arch = "wasm32")]
mod web;
