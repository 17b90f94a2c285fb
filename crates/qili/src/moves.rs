//! Moves and move lists.

use core::fmt;

use crate::Square;

/// A move from one point to another. Which piece moves and what it captures
/// follow from the position it is played in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    /// ICCS, e.g. `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The most moves a legal xiangqi position can have is well below this.
const CAPACITY: usize = 160;

/// A list of moves on the stack (no allocation in move generation).
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; CAPACITY],
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl MoveList {
    /// The most moves a list holds.
    pub(crate) const CAPACITY: usize = CAPACITY;

    /// An empty list.
    pub const fn new() -> MoveList {
        let z = Square::new_unchecked(0);
        MoveList {
            len: 0,
            moves: [Move { from: z, to: z }; CAPACITY],
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        // Pseudo-legal moves of one side never exceed 121 (2 rooks 34, 2 cannons 34,
        // 2 horses 16, elephants 8, advisors 8, king 4, pawns 15); the check keeps
        // a corrupt board from writing out of bounds.
        if self.len < CAPACITY {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    #[inline]
    pub(crate) fn swap_remove(&mut self, i: usize) {
        self.len -= 1;
        self.moves[i] = self.moves[self.len];
    }

    /// Keeps only the moves for which `f` is true.
    pub fn retain(&mut self, mut f: impl FnMut(&Move) -> bool) {
        let mut i = 0;
        while i < self.len {
            if f(&self.moves[i]) {
                i += 1;
            } else {
                self.swap_remove(i);
            }
        }
    }

    /// Moves the moves for which `f` is true to the front (in no set order).
    pub(crate) fn move_to_front(&mut self, f: impl Fn(&Move) -> bool) {
        let mut front = 0;
        for i in 0..self.len {
            if f(&self.moves[i]) {
                self.moves.swap(front, i);
                front += 1;
            }
        }
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` if there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// `true` if `m` is in the list.
    pub fn contains(&self, m: &Move) -> bool {
        self.as_slice().contains(m)
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
