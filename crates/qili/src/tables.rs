//! Move tables computed at compile time: rays, horse and elephant steps with
//! the points that block them (马腿 horse leg, 象眼 elephant eye), the points
//! each piece can step to as bit sets, and Zobrist keys.
//!
//! Bit sets are `u128` with bit `i` standing for the square of index `i`
//! (`rank * 9 + file`, see [`crate::Square`]); bits 90–127 are always clear.

/// The four directions of a line, in the order the tests' rays use: towards
/// black (rank + 1), towards red, towards file `i`, towards file `a`.
pub(crate) const DIRS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// The squares along one direction from a square, nearest first.
#[derive(Clone, Copy)]
pub(crate) struct Ray {
    pub len: u8,
    pub sq: [u8; 9],
}

/// A step that can be blocked: destination and the blocking point.
#[derive(Clone, Copy)]
pub(crate) struct Step {
    pub to: u8,
    pub block: u8,
}

/// Up to eight blockable steps from a square.
#[derive(Clone, Copy)]
pub(crate) struct Steps {
    pub len: u8,
    pub s: [Step; 8],
}

/// Up to four plain steps from a square.
#[derive(Clone, Copy)]
pub(crate) struct Near {
    pub len: u8,
    pub sq: [u8; 4],
}

const fn on_board(f: i8, r: i8) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn idx(f: i8, r: i8) -> u8 {
    (r * 9 + f) as u8
}

const fn build_rays() -> [[Ray; 4]; 90] {
    let mut t = [[Ray { len: 0, sq: [0; 9] }; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let mut f = (s % 9) as i8 + df;
            let mut r = (s / 9) as i8 + dr;
            while on_board(f, r) {
                let n = t[s][d].len as usize;
                t[s][d].sq[n] = idx(f, r);
                t[s][d].len += 1;
                f += df;
                r += dr;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

const HORSE_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

/// Horse moves from each square; `block` is the leg (the orthogonal neighbour
/// on the long side of the 日).
const fn build_horse() -> [Steps; 90] {
    let mut t = [Steps {
        len: 0,
        s: [Step { to: 0, block: 0 }; 8],
    }; 90];
    let mut s = 0;
    while s < 90 {
        let f = (s % 9) as i8;
        let r = (s / 9) as i8;
        let mut i = 0;
        while i < 8 {
            let (df, dr) = HORSE_DELTAS[i];
            if on_board(f + df, r + dr) {
                let (lf, lr) = if df == 2 || df == -2 {
                    (f + df / 2, r)
                } else {
                    (f, r + dr / 2)
                };
                let n = t[s].len as usize;
                t[s].s[n] = Step {
                    to: idx(f + df, r + dr),
                    block: idx(lf, lr),
                };
                t[s].len += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Squares from which a horse attacks each square; `to` holds the horse's
/// square and `block` its leg (the diagonal neighbour of the target towards the horse).
const fn build_horse_attackers() -> [Steps; 90] {
    let mut t = [Steps {
        len: 0,
        s: [Step { to: 0, block: 0 }; 8],
    }; 90];
    let mut s = 0;
    while s < 90 {
        let f = (s % 9) as i8;
        let r = (s / 9) as i8;
        let mut i = 0;
        while i < 8 {
            let (df, dr) = HORSE_DELTAS[i];
            let (hf, hr) = (f - df, r - dr);
            if on_board(hf, hr) {
                let (lf, lr) = if df == 2 || df == -2 {
                    (hf + df / 2, hr)
                } else {
                    (hf, hr + dr / 2)
                };
                let n = t[s].len as usize;
                t[s].s[n] = Step {
                    to: idx(hf, hr),
                    block: idx(lf, lr),
                };
                t[s].len += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Elephant moves (two points diagonally) with the eye in between. The river
/// limit is applied by the move generator.
const fn build_elephant() -> [Steps; 90] {
    let mut t = [Steps {
        len: 0,
        s: [Step { to: 0, block: 0 }; 8],
    }; 90];
    let mut s = 0;
    while s < 90 {
        let f = (s % 9) as i8;
        let r = (s / 9) as i8;
        let mut i = 0;
        while i < 4 {
            let df = if i & 1 == 0 { 2 } else { -2 };
            let dr = if i & 2 == 0 { 2 } else { -2 };
            if on_board(f + df, r + dr) {
                let n = t[s].len as usize;
                t[s].s[n] = Step {
                    to: idx(f + df, r + dr),
                    block: idx(f + df / 2, r + dr / 2),
                };
                t[s].len += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
}

const fn build_near(diagonal: bool) -> [Near; 90] {
    let mut t = [Near { len: 0, sq: [0; 4] }; 90];
    let mut s = 0;
    while s < 90 {
        let f = (s % 9) as i8;
        let r = (s / 9) as i8;
        let mut i = 0;
        while i < 4 {
            let (df, dr) = if diagonal {
                (
                    if i & 1 == 0 { 1 } else { -1 },
                    if i & 2 == 0 { 1 } else { -1 },
                )
            } else {
                DIRS[i]
            };
            if on_board(f + df, r + dr) {
                let n = t[s].len as usize;
                t[s].sq[n] = idx(f + df, r + dr);
                t[s].len += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// All 90 points.
pub(crate) const ALL_SQUARES: u128 = (1 << 90) - 1;

const fn bit(sq: u8) -> u128 {
    1 << sq
}

/// `1 << i` for every bit index `i` of a `u128`, as a table. On wasm32 a
/// shift of a `u128` by a variable amount is a call into compiler-builtins
/// (`__ashlti3`), and the move generator makes one for nearly every point
/// it looks at; a load from this table is cheap on every target. (Shifting a
/// `u64` and moving it to the high half is folded back into the call.)
/// Indexed by `i & 127`, so no index is out of bounds.
const BITS: [u128; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// `1 << i` for a bit index `i` (taken modulo 128), from [`BITS`].
#[inline(always)]
pub(crate) const fn one_bit(i: u8) -> u128 {
    BITS[(i & 127) as usize]
}

/// The points of ranks `lo..=hi` and files `flo..=fhi`.
const fn region(lo: u8, hi: u8, flo: u8, fhi: u8) -> u128 {
    let mut m = 0;
    let mut r = lo;
    while r <= hi {
        let mut f = flo;
        while f <= fhi {
            m |= bit(r * 9 + f);
            f += 1;
        }
        r += 1;
    }
    m
}

/// Each side's palace (九宫), red first.
pub(crate) const PALACE: [u128; 2] = [region(0, 2, 3, 5), region(7, 9, 3, 5)];
/// Each side's half of the board (ranks 0–4 for red, 5–9 for black).
pub(crate) const HOME: [u128; 2] = [region(0, 4, 0, 8), region(5, 9, 0, 8)];

/// The squares of one ray as a bit set, for every square and direction in
/// [`DIRS`] order. Directions 0 and 2 go towards higher indices, 1 and 3
/// towards lower ones, so the nearest piece on a ray is the lowest set bit of
/// `RAY_MASK[s][d] & occupied` for even `d` and the highest for odd `d`.
const fn build_ray_masks() -> [[u128; 4]; 90] {
    let rays = build_rays();
    let mut t = [[0u128; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let mut d = 0;
        while d < 4 {
            let mut i = 0;
            while i < rays[s][d].len as usize {
                t[s][d] |= bit(rays[s][d].sq[i]);
                i += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// Bit sets of the squares a short-range piece of each colour can step to
/// from each square, before looking at what stands there: `king` (one point
/// orthogonally, inside the palace), `advisor` (one point diagonally, inside
/// the palace) and `pawn` (forward, and sideways once across the river).
#[derive(Clone, Copy)]
pub(crate) struct StepMasks {
    pub king: [[u128; 90]; 2],
    pub advisor: [[u128; 90]; 2],
    pub pawn: [[u128; 90]; 2],
    /// The squares from which a pawn of each colour attacks each square (the
    /// reverse of `pawn`).
    pub pawn_attackers: [[u128; 90]; 2],
}

const fn build_step_masks() -> StepMasks {
    let orthogonal = build_near(false);
    let diagonal = build_near(true);
    let mut t = StepMasks {
        king: [[0; 90]; 2],
        advisor: [[0; 90]; 2],
        pawn: [[0; 90]; 2],
        pawn_attackers: [[0; 90]; 2],
    };
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            let mut i = 0;
            while i < orthogonal[s].len as usize {
                t.king[c][s] |= bit(orthogonal[s].sq[i]);
                i += 1;
            }
            t.king[c][s] &= PALACE[c];
            i = 0;
            while i < diagonal[s].len as usize {
                t.advisor[c][s] |= bit(diagonal[s].sq[i]);
                i += 1;
            }
            t.advisor[c][s] &= PALACE[c];
            let f = (s % 9) as i8;
            let r = (s / 9) as i8;
            let forward: i8 = if c == 0 { 1 } else { -1 };
            if on_board(f, r + forward) {
                t.pawn[c][s] |= bit(idx(f, r + forward));
            }
            if HOME[c] & bit(s as u8) == 0 {
                if f > 0 {
                    t.pawn[c][s] |= bit(idx(f - 1, r));
                }
                if f < 8 {
                    t.pawn[c][s] |= bit(idx(f + 1, r));
                }
            }
            s += 1;
        }
        s = 0;
        while s < 90 {
            let mut to = 0;
            while to < 90 {
                if t.pawn[c][s] & bit(to as u8) != 0 {
                    t.pawn_attackers[c][to] |= bit(s as u8);
                }
                to += 1;
            }
            s += 1;
        }
        c += 1;
    }
    t
}

/// The squares from which a horse could attack each square (leg ignored).
const fn build_horse_attacker_masks() -> [u128; 90] {
    let h = build_horse_attackers();
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let mut i = 0;
        while i < h[s].len as usize {
            t[s] |= bit(h[s].s[i].to);
            i += 1;
        }
        s += 1;
    }
    t
}

#[cfg(test)]
pub(crate) static RAYS: [[Ray; 4]; 90] = build_rays();
pub(crate) static HORSE: [Steps; 90] = build_horse();
pub(crate) static HORSE_ATTACKERS: [Steps; 90] = build_horse_attackers();
pub(crate) static ELEPHANT: [Steps; 90] = build_elephant();
#[cfg(test)]
pub(crate) static ORTHOGONAL: [Near; 90] = build_near(false);
#[cfg(test)]
pub(crate) static DIAGONAL: [Near; 90] = build_near(true);
pub(crate) static RAY_MASK: [[u128; 4]; 90] = build_ray_masks();
pub(crate) static STEPS: StepMasks = build_step_masks();
pub(crate) static HORSE_ATTACKER_MASK: [u128; 90] = build_horse_attacker_masks();

/// The Zobrist key of a piece (index as `Piece::index`, 0–13) on a square:
/// the SplitMix64 finaliser of its slot number. Computed rather than stored:
/// a 10 KB table of random numbers is the one part of the tables that does
/// not compress, and the web site's download budget counts every kilobyte.
#[inline]
pub(crate) const fn zobrist(piece: usize, square: usize) -> u64 {
    let mut z = 0x5149_4C49_u64 // "QILI"
        .wrapping_add(((piece * 90 + square) as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Zobrist key mixed in when black is to move.
pub(crate) const ZOBRIST_BLACK: u64 = 0x8F3A_9C1D_44B2_7E65;

#[cfg(test)]
mod zobrist_tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_independent_of_the_black_key() {
        let mut keys: Vec<u64> = (0..14)
            .flat_map(|p| (0..90).map(move |s| zobrist(p, s)))
            .collect();
        keys.push(ZOBRIST_BLACK);
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), n);
        assert!(keys.iter().all(|&k| k != 0));
    }
}
