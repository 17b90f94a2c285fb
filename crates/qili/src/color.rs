//! The two sides.

use core::fmt;
use core::ops::Not;

/// A side. Red moves first and sits on ranks 0–4 (see [`crate::Rank`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// 红方, the side that moves first; written in upper case in FEN.
    Red,
    /// 黑方; written in lower case in FEN.
    Black,
}

impl Color {
    /// Both colours, red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// `true` for red.
    #[inline]
    pub const fn is_red(self) -> bool {
        matches!(self, Color::Red)
    }

    /// The FEN side-to-move character: `w` for red (as Fairy-Stockfish and most
    /// tools write it) and `b` for black.
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }

    /// The name used in the JSON interfaces: `red` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// Index 0 for red, 1 for black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per side.
///
/// ```
/// use qili::{ByColor, Color};
/// let counts = ByColor { red: 3, black: 5 };
/// assert_eq!(*counts.get(Color::Black), 5);
/// assert_eq!(counts.map(|n| n * 2).red, 6);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByColor<T> {
    /// Red's value.
    pub red: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// Builds a value for each side from a function of the side.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            red: f(Color::Red),
            black: f(Color::Black),
        }
    }

    /// The value for `color`.
    #[inline]
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }

    /// The value for `color`, mutably.
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Red => &mut self.red,
            Color::Black => &mut self.black,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            red: f(self.red),
            black: f(self.black),
        }
    }
}
