//! Small pieces the site (`site/`) and the modules it loads on first use
//! (`crates/qili-studies`) share: escaped markup written as text, and the
//! percent-encoding of the site's addresses. No browser APIs, so everything
//! here is tested natively.

pub mod markup;
pub mod url;
