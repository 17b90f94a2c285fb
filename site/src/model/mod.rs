//! Headless UI state: plain structs with methods, no DOM, tested natively.
//! The pages hold them in signals.

pub mod analysis;
pub mod catalog;
pub mod cursor;
pub mod editor;
