//! Who attacks a point, by the movement rules alone (2.2), ignoring whether
//! the capture would be legal. The 棋例 engine uses it to tell a real root
//! from a false one (假根, 28.16) and to see what a move blocks (拦, 28.7) or
//! follows (跟, 28.8); whether a capture is really possible is always decided
//! by playing it.

use crate::{Board, Color, Role, Square};

/// The squares of `by`'s pieces that could move to `sq` if it held an enemy
/// piece: rooks and cannons along lines (cannons over exactly one screen),
/// horses with a free leg, elephants with a free eye on their own half,
/// advisors and the king inside the palace, pawns forward (and sideways once
/// across the river).
pub fn attackers(board: &Board, sq: Square, by: Color) -> Vec<Square> {
    let mut out = Vec::new();
    for from in board.squares_of(by) {
        if from != sq && attacks(board, from, sq) {
            out.push(from);
        }
    }
    out
}

/// `true` if the piece on `from` could move to `to` by the movement rules
/// (the piece on `to`, if any, is treated as capturable).
pub fn attacks(board: &Board, from: Square, to: Square) -> bool {
    let Some(p) = board.piece_at(from) else {
        return false;
    };
    let (ff, fr) = (from.file().index() as i8, from.rank().index() as i8);
    let (tf, tr) = (to.file().index() as i8, to.rank().index() as i8);
    let (df, dr) = (tf - ff, tr - fr);
    match p.role {
        Role::Rook => board.pieces_between(from, to) == Some(0),
        Role::Cannon => {
            if board.is_empty_at(to) {
                board.pieces_between(from, to) == Some(0)
            } else {
                board.pieces_between(from, to) == Some(1)
            }
        }
        Role::Horse => {
            let leg = match (df.abs(), dr.abs()) {
                (1, 2) => from.offset(0, dr / 2),
                (2, 1) => from.offset(df / 2, 0),
                _ => None,
            };
            leg.is_some_and(|l| board.is_empty_at(l))
        }
        Role::Elephant => {
            df.abs() == 2
                && dr.abs() == 2
                && to.rank().is_home_of(p.color)
                && from
                    .offset(df / 2, dr / 2)
                    .is_some_and(|eye| board.is_empty_at(eye))
        }
        Role::Advisor => df.abs() == 1 && dr.abs() == 1 && to.in_palace_of(p.color),
        Role::King => {
            (df.abs() + dr.abs() == 1 && to.in_palace_of(p.color))
                || (df == 0
                    && board.piece_at(to).is_some_and(|q| q.role == Role::King)
                    && board.pieces_between(from, to) == Some(0))
        }
        Role::Pawn => {
            let forward = if p.color.is_red() { 1 } else { -1 };
            (df == 0 && dr == forward)
                || (dr == 0 && df.abs() == 1 && !from.rank().is_home_of(p.color))
        }
    }
}

/// `true` if `sq` lies on the path of the piece on `from` moving to `to`:
/// strictly between them on a rook's or a cannon's line,
/// on a horse's leg or on an elephant's eye — where a piece standing stops
/// the move (拦, 28.7), and from where a piece leaving opens it (牵, 图23).
pub fn on_path(board: &Board, from: Square, to: Square, sq: Square) -> bool {
    let d = |a: Square, b: Square| {
        (
            b.file().index() as i8 - a.file().index() as i8,
            b.rank().index() as i8 - a.rank().index() as i8,
        )
    };
    let ((df, dr), (sf, sr)) = (d(from, to), d(from, sq));
    match board.piece_at(from).map(|p| p.role) {
        Some(Role::Rook | Role::Cannon) => {
            (df == 0 && sf == 0 && sr * dr > 0 && sr.abs() < dr.abs())
                || (dr == 0 && sr == 0 && sf * df > 0 && sf.abs() < df.abs())
        }
        Some(Role::Horse | Role::Elephant) => (sf, sr) == (df / 2, dr / 2),
        _ => false,
    }
}
