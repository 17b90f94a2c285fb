//! Small pieces the site (`site/`) and the modules it loads on first use
//! (`crates/qili-studies`, `crates/qili-arbiter`) share: escaped markup
//! written as text, the percent-encoding of the site's addresses and the
//! text store the saved data goes through. No browser APIs, so everything
//! here is tested natively.

pub mod kv;
pub mod markup;
pub mod url;
