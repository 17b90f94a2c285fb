//! Piece kinds and pieces.

use core::fmt;

use crate::Color;

/// A kind of piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// 帅/将 — FEN `K`.
    King,
    /// 仕/士 — FEN `A`.
    Advisor,
    /// 相/象 — FEN `B` (also read as `E`).
    Elephant,
    /// 马 — FEN `N` (also read as `H`).
    Horse,
    /// 车 — FEN `R`.
    Rook,
    /// 炮 — FEN `C`.
    Cannon,
    /// 兵/卒 — FEN `P`.
    Pawn,
}

impl Role {
    /// All roles, king first.
    pub const ALL: [Role; 7] = [
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Rook,
        Role::Cannon,
        Role::Pawn,
    ];

    /// The upper-case FEN letter.
    pub const fn char(self) -> char {
        match self {
            Role::King => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Rook => 'R',
            Role::Cannon => 'C',
            Role::Pawn => 'P',
        }
    }

    /// Reads a FEN letter in either case; accepts `E` for the elephant and `H`
    /// for the horse, as some tools write them.
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'K' => Role::King,
            'A' => Role::Advisor,
            'B' | 'E' => Role::Elephant,
            'N' | 'H' => Role::Horse,
            'R' => Role::Rook,
            'C' => Role::Cannon,
            'P' => Role::Pawn,
            _ => return None,
        })
    }

    /// How many of this role each side has at the start.
    pub const fn initial_count(self) -> u8 {
        match self {
            Role::King => 1,
            Role::Pawn => 5,
            _ => 2,
        }
    }

    /// Index 0–6 in [`Role::ALL`] order.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A piece: a role and a colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What kind.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for red, lower case for black.
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Reads a FEN letter (case gives the colour; `E`/`H` accepted).
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::Red
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }

    /// The traditional character as printed on the piece: 帥仕相傌俥炮兵 for red,
    /// 將士象馬車砲卒 for black.
    pub const fn glyph(self) -> char {
        match (self.color, self.role) {
            (Color::Red, Role::King) => '帥',
            (Color::Red, Role::Advisor) => '仕',
            (Color::Red, Role::Elephant) => '相',
            (Color::Red, Role::Horse) => '傌',
            (Color::Red, Role::Rook) => '俥',
            (Color::Red, Role::Cannon) => '炮',
            (Color::Red, Role::Pawn) => '兵',
            (Color::Black, Role::King) => '將',
            (Color::Black, Role::Advisor) => '士',
            (Color::Black, Role::Elephant) => '象',
            (Color::Black, Role::Horse) => '馬',
            (Color::Black, Role::Rook) => '車',
            (Color::Black, Role::Cannon) => '砲',
            (Color::Black, Role::Pawn) => '卒',
        }
    }

    /// Index 0–13: red roles 0–6, black roles 7–13.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.color.index() * 7 + self.role.index()
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
