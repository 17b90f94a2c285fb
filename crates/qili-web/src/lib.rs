//! Small pieces the site (`site/`) and the modules it loads on first use
//! (`crates/qili-studies`, `crates/qili-arbiter`, `crates/qili-export`)
//! share, and with them the referee's report (`crates/qili-diagram`): the
//! language a page is shown in, escaped markup written as text, the
//! percent-encoding of the site's addresses and the analysis board's
//! address itself, the text store the saved data goes through and the move
//! panel's "show line" controls. No browser APIs, so everything here is
//! tested natively — but for `localStorage` itself, behind the
//! `local-storage` feature (`kv::LocalStorage`).

pub mod address;
pub mod kv;
pub mod lang;
pub mod markup;
pub mod show_line;
pub mod url;

pub use lang::Lang;
