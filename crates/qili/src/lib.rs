//! # Qili (棋例)
//!
//! The rules of Xiangqi (Chinese chess) — positions, legal moves, notations,
//! game records — and the repetition rules (棋例) of the Chinese Xiangqi
//! Association (1999 and 2020 editions) and the Asian Xiangqi Federation.
//!
//! Coordinates follow ICCS: files `a`–`i` from red's left, ranks `0`–`9` from
//! red's side.
//!
//! ```
//! use qili::{fen, Position, Tolerance};
//! let pos = fen::position(fen::START, Tolerance::STRICT).unwrap();
//! assert_eq!(pos.perft(3), 79_666);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod board;
mod color;
mod moves;
mod notation_common;
mod piece;
mod position;
mod setup;
mod square;
mod tables;

pub mod fen;
pub mod iccs;
pub mod line;
pub mod notation;
pub mod record;
pub mod rules;
pub mod wxf;
pub mod zh;

pub use board::{Board, SquareSet};
pub use color::{ByColor, Color};
pub use moves::{Move, MoveList};
pub use piece::{Piece, Role};
pub use position::{DecisiveReason, Outcome, PlayError, Position};
pub use setup::{can_stand_on, PositionError, Problem, Setup, Tolerance};
pub use square::{File, ParseSquareError, Rank, Square};
