//! Material values (子力价值, 25.3).
//!
//! A rook is worth two horses or two cannons (or a horse and a cannon); a horse
//! equals a cannon; an advisor equals an elephant. The king and a pawn that has
//! not crossed the river are not "pieces" (子) at all. A crossed pawn's value
//! floats: winning pieces for a pawn, or pawns for a piece, does not count as
//! winning material — see [`crate::rules::exchange`].

use crate::{Piece, Role, Square};

/// Value of a rook.
pub const ROOK: i32 = 4;
/// Value of a horse or cannon.
pub const MINOR: i32 = 2;
/// Value of an advisor or elephant.
pub const GUARD: i32 = 1;
/// Nominal value of a crossed pawn (its value floats, 25.3).
pub const CROSSED_PAWN: i32 = 1;
/// A king is never captured by a legal move; it counts as worth everything.
pub const KING: i32 = 1000;

/// The value of `piece` standing on `sq` (a pawn's value depends on whether
/// it has crossed the river).
pub fn value(piece: Piece, sq: Square) -> i32 {
    if piece.role == Role::Pawn && sq.rank().is_home_of(piece.color) {
        0
    } else {
        most_worth(piece)
    }
}

/// The most `piece` can be worth wherever it stands (a pawn counted as
/// crossed): no exchange that wins it gains more, as the defender may always
/// stop taking back.
pub fn most_worth(piece: Piece) -> i32 {
    match piece.role {
        Role::King => KING,
        Role::Rook => ROOK,
        Role::Horse | Role::Cannon => MINOR,
        Role::Advisor | Role::Elephant => GUARD,
        Role::Pawn => CROSSED_PAWN,
    }
}

/// `true` if the piece counts as 子力 (25.3): anything but the king and a pawn
/// that has not crossed the river. Only such pieces can be chased (29.3).
pub fn has_value(piece: Piece, sq: Square) -> bool {
    piece.role != Role::King && value(piece, sq) > 0
}
