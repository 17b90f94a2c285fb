//! Where things are drawn: the board is 900 × 1100 SVG user units, one point
//! every 100 units, with a band above and below for the file numbers. No DOM,
//! no rules.

use qili::{File, Rank, Square};

/// Width of the drawing (SVG user units): nine files, one unit of 100 each.
/// Coordinates are whole numbers, so no float is ever formatted (float
/// formatting would cost the site's download size).
pub const WIDTH: i32 = 900;
/// Height of the drawing: ten ranks plus a band for the file numbers above
/// and below.
pub const HEIGHT: i32 = 1100;
/// Distance between two points.
pub const CELL: i32 = 100;
/// Centre of the top-left point.
const ORIGIN_X: i32 = 50;
const ORIGIN_Y: i32 = 100;

/// Where `sq` is drawn: the centre of its point. Unflipped, red is at the
/// bottom (file `a` on the left, rank 0 at the bottom); flipped turns the
/// board half a circle.
pub fn point(sq: Square, flipped: bool) -> (i32, i32) {
    let (col, row) = screen_cell(sq, flipped);
    (
        ORIGIN_X + CELL * i32::from(col),
        ORIGIN_Y + CELL * i32::from(row),
    )
}

/// The column (0 = left) and row (0 = top) of `sq` on screen.
pub fn screen_cell(sq: Square, flipped: bool) -> (u8, u8) {
    let (f, r) = (sq.file().index(), sq.rank().index());
    if flipped {
        (8 - f, r)
    } else {
        (f, 9 - r)
    }
}

/// The square at screen column `col`, row `row`, if on the board.
pub fn square_at_cell(col: i32, row: i32, flipped: bool) -> Option<Square> {
    if !(0..9).contains(&col) || !(0..10).contains(&row) {
        return None;
    }
    let (f, r) = if flipped {
        (8 - col, row)
    } else {
        (col, 9 - row)
    };
    Some(Square::from_coords(
        File::new(f as u8)?,
        Rank::new(r as u8)?,
    ))
}

/// The square nearest to the drawing coordinates `(x, y)`, if on the board.
pub fn square_at(x: f64, y: f64, flipped: bool) -> Option<Square> {
    let col = ((x - f64::from(ORIGIN_X)) / f64::from(CELL)).round() as i32;
    let row = ((y - f64::from(ORIGIN_Y)) / f64::from(CELL)).round() as i32;
    square_at_cell(col, row, flipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn geometry_round_trips_both_ways_up() {
        for flipped in [false, true] {
            for s in Square::all() {
                let (x, y) = point(s, flipped);
                assert_eq!(
                    square_at(f64::from(x) + 30.0, f64::from(y) - 30.0, flipped),
                    Some(s)
                );
            }
        }
        assert_eq!(point(sq("a9"), false), (50, 100));
        assert_eq!(point(sq("a9"), true), (850, 1000));
        assert_eq!(square_at(-200.0, 0.0, false), None);
    }
}
