//! The placement of pieces on the 90 points.

use core::fmt;

use crate::{ByColor, Color, Piece, Role, Square};

/// Pieces on the board, with no claim that the placement is legal (see
/// [`crate::Setup`] and [`crate::Position`]).
///
/// ```
/// use qili::{Board, Color, Piece, Role, Square};
/// let mut board = Board::empty();
/// let e0: Square = "e0".parse().unwrap();
/// board.set(e0, Some(Piece { color: Color::Red, role: Role::King }));
/// assert_eq!(board.piece_at(e0).unwrap().char(), 'K');
/// assert_eq!(board.pieces().count(), 1);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// What stands on each point (the mailbox), indexed by [`Square::index`].
    squares: [Option<Piece>; 90],
    /// The same information as bit sets (bit `i` = square index `i`): the
    /// points of each side's pieces…
    occupied: ByColor<u128>,
    /// …and of each role, both sides together, indexed by [`Role::index`].
    roles: [u128; 7],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board {
            squares: [None; 90],
            occupied: ByColor { red: 0, black: 0 },
            roles: [0; 7],
        }
    }

    /// The standard starting placement.
    pub fn start() -> Board {
        let mut board = Board::empty();
        let back = [
            Role::Rook,
            Role::Horse,
            Role::Elephant,
            Role::Advisor,
            Role::King,
            Role::Advisor,
            Role::Elephant,
            Role::Horse,
            Role::Rook,
        ];
        for (f, role) in back.into_iter().enumerate() {
            let f = f as u8;
            board.put(f, Color::Red, role);
            board.put(81 + f, Color::Black, role);
        }
        for f in [1u8, 7] {
            board.put(18 + f, Color::Red, Role::Cannon);
            board.put(63 + f, Color::Black, Role::Cannon);
        }
        for f in [0u8, 2, 4, 6, 8] {
            board.put(27 + f, Color::Red, Role::Pawn);
            board.put(54 + f, Color::Black, Role::Pawn);
        }
        board
    }

    fn put(&mut self, i: u8, color: Color, role: Role) {
        self.set(Square::new_unchecked(i), Some(Piece { color, role }));
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index() as usize]
    }

    /// Puts `piece` on `sq` (or clears it with `None`), returning what was there.
    #[inline]
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) -> Option<Piece> {
        let i = sq.index() as usize;
        let old = self.squares[i];
        let bit = sq.bit();
        if let Some(p) = old {
            *self.occupied.get_mut(p.color) &= !bit;
            self.roles[p.role.index()] &= !bit;
        }
        if let Some(p) = piece {
            *self.occupied.get_mut(p.color) |= bit;
            self.roles[p.role.index()] |= bit;
        }
        self.squares[i] = piece;
        old
    }

    /// Makes this board, a copy of `was`, the board once the piece on
    /// `from` has gone to `to`, taking what stood there: what [`Board::set`]
    /// does, with each bit set found from its value in `was` rather than
    /// read back from the copy just written — a read the processor stalls on,
    /// at every move a search plays.
    #[inline]
    pub(crate) fn set_moved(&mut self, was: &Board, from: Square, to: Square) {
        let (f, t) = (from.index() as usize, to.index() as usize);
        let Some(piece) = was.squares[f] else {
            return;
        };
        let (off, on) = (from.bit(), to.bit());
        self.squares[f] = None;
        self.squares[t] = Some(piece);
        if let Some(taken) = was.squares[t] {
            *self.occupied.get_mut(taken.color) = was.occupied_by(taken.color) & !on;
            self.roles[taken.role.index()] = was.by_role(taken.role) & !on;
        }
        // A piece taken of the same side or role: its bit on `to` is set
        // again all the same.
        *self.occupied.get_mut(piece.color) = was.occupied_by(piece.color) & !off | on;
        self.roles[piece.role.index()] = was.by_role(piece.role) & !off | on;
    }

    /// `true` if nothing stands on `sq`.
    #[inline]
    pub fn is_empty_at(&self, sq: Square) -> bool {
        self.squares[sq.index() as usize].is_none()
    }

    #[inline]
    pub(crate) fn at(&self, i: u8) -> Option<Piece> {
        self.squares[i as usize]
    }

    /// Bit set (bit `i` = square index `i`) of `color`'s pieces.
    #[inline]
    pub(crate) fn occupied_by(&self, color: Color) -> u128 {
        *self.occupied.get(color)
    }

    /// Bit set of all pieces.
    #[inline]
    pub(crate) fn occupied(&self) -> u128 {
        self.occupied.red | self.occupied.black
    }

    /// Bit set of the pieces of `role`, both colours.
    #[inline]
    pub(crate) fn by_role(&self, role: Role) -> u128 {
        self.roles[role.index()]
    }

    /// Bit set of `color`'s pieces of `role`.
    #[inline]
    pub(crate) fn pieces_of(&self, color: Color, role: Role) -> u128 {
        self.occupied_by(color) & self.by_role(role)
    }

    /// All pieces with their squares, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The squares of `color`'s pieces, in square order.
    pub fn squares_of(&self, color: Color) -> SquareSet {
        SquareSet(self.occupied_by(color))
    }

    /// Number of pieces of this colour and role.
    pub fn count(&self, color: Color, role: Role) -> usize {
        self.pieces_of(color, role).count_ones() as usize
    }

    /// Where `color`'s king stands (the first one found, if any).
    pub fn king_of(&self, color: Color) -> Option<Square> {
        SquareSet(self.pieces_of(color, Role::King)).next()
    }

    /// Number of pieces between `a` and `b` on the same file or rank, or `None`
    /// if they are not on one line.
    pub fn pieces_between(&self, a: Square, b: Square) -> Option<usize> {
        let (fa, ra) = (a.file().index() as i8, a.rank().index() as i8);
        let (fb, rb) = (b.file().index() as i8, b.rank().index() as i8);
        if (fa != fb && ra != rb) || a == b {
            return None;
        }
        let (df, dr) = ((fb - fa).signum(), (rb - ra).signum());
        let mut n = 0;
        let mut cur = a.offset(df, dr)?;
        while cur != b {
            n += usize::from(!self.is_empty_at(cur));
            cur = cur.offset(df, dr)?;
        }
        Some(n)
    }
}

/// A set of squares iterated in index order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SquareSet(pub(crate) u128);

impl Iterator for SquareSet {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(Square::new_unchecked(i))
        }
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in (0..10).rev() {
            for c in 0..9 {
                let p = self.at(r * 9 + c);
                write!(f, "{}", p.map_or('.', |p| p.char()))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
