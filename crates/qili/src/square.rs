//! Files, ranks and squares (points of the board).

use core::fmt;

use crate::Color;

/// A file (vertical line), `a`–`i` from red's left to red's right, as in ICCS.
///
/// Red's Chinese numerals count from red's right (file `i` is 一, file `a` is 九);
/// black's digits count from black's right (file `a` is 1, file `i` is 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

/// A rank (horizontal line), 0–9 from red's side, as in ICCS. Red's palace is on
/// ranks 0–2, the river lies between ranks 4 and 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl File {
    /// Number of files.
    pub const COUNT: usize = 9;

    /// The file with index `i` (0 = `a`), if `i < 9`.
    pub const fn new(i: u8) -> Option<File> {
        if i < 9 {
            Some(File(i))
        } else {
            None
        }
    }

    /// 0 for `a` … 8 for `i`.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The ICCS letter, `a`–`i`.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// The file as numbered by `color` in Chinese and WXF notation: 1 is the
    /// file on that side's right.
    ///
    /// ```
    /// use qili::{Color, File};
    /// let h = File::new(7).unwrap();
    /// assert_eq!(h.number_for(Color::Red), 2);   // 炮二平五 starts on file h
    /// assert_eq!(h.number_for(Color::Black), 8);
    /// ```
    pub const fn number_for(self, color: Color) -> u8 {
        match color {
            Color::Red => 9 - self.0,
            Color::Black => self.0 + 1,
        }
    }

    /// Inverse of [`File::number_for`]: the file that `color` calls `n` (1–9).
    pub const fn from_number(color: Color, n: u8) -> Option<File> {
        if n < 1 || n > 9 {
            return None;
        }
        Some(match color {
            Color::Red => File(9 - n),
            Color::Black => File(n - 1),
        })
    }

    /// All files, `a` to `i`.
    pub fn all() -> impl DoubleEndedIterator<Item = File> + Clone {
        (0..9).map(File)
    }
}

impl Rank {
    /// Number of ranks.
    pub const COUNT: usize = 10;

    /// The rank with index `i` (0 = red's back rank), if `i < 10`.
    pub const fn new(i: u8) -> Option<Rank> {
        if i < 10 {
            Some(Rank(i))
        } else {
            None
        }
    }

    /// 0 (red's back rank) … 9 (black's back rank).
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// `true` if the rank lies on `color`'s own half of the board.
    #[inline]
    pub const fn is_home_of(self, color: Color) -> bool {
        match color {
            Color::Red => self.0 <= 4,
            Color::Black => self.0 >= 5,
        }
    }

    /// All ranks, 0 to 9.
    pub fn all() -> impl DoubleEndedIterator<Item = Rank> + Clone {
        (0..10).map(Rank)
    }
}

/// A point of the board: one of the 90 intersections.
///
/// The index is `rank * 9 + file`, so `a0` (red's bottom-left corner) is 0 and
/// `i9` is 89.
///
/// ```text
///   a b c d e f g h i
/// 9 r n b a k a b n r   black
/// 8 . . . . . . . . .
/// ...
/// 0 R N B A K A B N R   red
/// ```
///
/// ```
/// use qili::Square;
/// let e0: Square = "e0".parse().unwrap();
/// assert_eq!(e0.index(), 4);
/// assert_eq!(e0.to_string(), "e0");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of points on the board.
    pub const COUNT: usize = 90;

    /// The square with index `i`, if `i < 90`.
    #[inline]
    pub const fn new(i: u8) -> Option<Square> {
        if i < 90 {
            Some(Square(i))
        } else {
            None
        }
    }

    /// Square from an index known to be below 90 (checked in debug builds).
    #[inline]
    pub(crate) const fn new_unchecked(i: u8) -> Square {
        debug_assert!(i < 90);
        Square(i)
    }

    /// The square at `file`, `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }

    /// `rank * 9 + file`.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The square as a one-point set of the board's bit sets.
    pub(crate) const fn bit(self) -> u128 {
        crate::tables::one_bit(self.0)
    }

    /// The file.
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 % 9)
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 / 9)
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = (self.0 % 9) as i8 + df;
        let r = (self.0 / 9) as i8 + dr;
        if f < 0 || f > 8 || r < 0 || r > 9 {
            None
        } else {
            Some(Square((r * 9 + f) as u8))
        }
    }

    /// The same point seen from the other side (rotated by 180°).
    pub const fn flip(self) -> Square {
        Square(89 - self.0)
    }

    /// `true` if the point is inside `color`'s palace (九宫).
    #[inline]
    pub const fn in_palace_of(self, color: Color) -> bool {
        let f = self.0 % 9;
        let r = self.0 / 9;
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// All 90 squares in index order.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        (0..90).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().0)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Error for a square name that is not a file letter `a`–`i` followed by a rank digit `0`–`9`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a square is a file a–i followed by a rank 0–9")
    }
}

impl core::error::Error for ParseSquareError {}

impl core::str::FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f, r] => {
                let f = f.to_ascii_lowercase();
                if (b'a'..=b'i').contains(&f) && r.is_ascii_digit() {
                    Ok(Square((r - b'0') * 9 + (f - b'a')))
                } else {
                    Err(ParseSquareError)
                }
            }
            _ => Err(ParseSquareError),
        }
    }
}
