//! One file per page.

pub mod about;
pub mod analysis;
pub mod library;
pub mod replay;
