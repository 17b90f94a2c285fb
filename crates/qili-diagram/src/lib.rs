//! Diagrams and referee reports of Xiangqi positions, as text: SVG for the
//! board, HTML and SVG for the one-page report. No DOM and no rules: the
//! site's board ([`draw`]), the embeddable widget, the site's Export menu
//! and the `qili diagram` / `qili report` commands all draw with this
//! crate, so a picture and the site never disagree. What is drawn over the
//! pieces is read off the engine's report ([`Overlay::of_move`]).
//!
//! ```
//! use qili::Position;
//! use qili_diagram::{svg, Overlay};
//!
//! let pieces = svg::pieces(&Position::new());
//! let doc = svg::document(&pieces, &Overlay::default(), &svg::Options::default());
//! assert_eq!(doc.matches("data-piece=").count(), 32);
//! assert!(doc.contains("data-square=\"e0\""));
//! ```
#![deny(missing_docs)]

pub mod draw;
pub mod geometry;
pub mod overlay;
pub mod report;
pub mod svg;
pub mod words;

pub use draw::{Glyphs, Scene};
pub use overlay::{label_class, Arrow, ArrowKind, Badge, Mark, MarkKind, Overlay};
/// The language of a report: the one the site and its modules share.
pub use qili_web::Lang;
pub use report::Sheet;
pub use words::ReportText;
