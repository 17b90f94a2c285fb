//! What the WXF and Chinese notations share: the description of a move by
//! piece, origin file, direction and number, how it is resolved against a
//! position, and how a move is described.
//!
//! Both notations say the same thing in different alphabets: `炮二平五` and
//! `C2=5` are the same [`Origin`], [`Direction`] and number. Only the choice of
//! [`Place`] words for several pieces on one file differs (see [`Convention`]).

use core::fmt;

use crate::{Color, File, Move, Piece, Position, Rank, Role, Square};

/// Which way a piece moves, seen from the side that moves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// 进 / `+`: towards the other side.
    Forward,
    /// 退 / `-`: back towards one's own side.
    Backward,
    /// 平 / `=`: along the rank (rook, cannon, pawn, king only).
    Sideways,
}

/// Which of several pieces of one kind standing on one file, counted from the
/// front (the piece nearest the other side).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// 前 / `+`: the foremost.
    Front,
    /// 中: the middle one of three (or of five).
    Middle,
    /// 后 / `-`: the rearmost.
    Rear,
    /// 一二三四五 / `1P`…`5P`: the `n`-th from the front, 1-based.
    Nth(u8),
}

/// How the notation names the moving piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Origin {
    /// The file it stands on, 1–9 as counted by the side moving (from its right).
    File(u8),
    /// Its place among several of its kind on one file (`前车`, `+R`), with
    /// that file (1–9, counted by the side moving) when more than one file
    /// holds several (`前七`, `+P7`).
    Place {
        /// Which one on the file.
        place: Place,
        /// The file, if given.
        file: Option<u8>,
    },
}

/// A move that no legal move, or more than one, fits.
///
/// File numbers in the messages are counted by the side moving, as in the
/// notation itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResolveError {
    /// No legal move fits.
    Illegal(Illegal),
    /// Several legal moves fit.
    Ambiguous(Ambiguous),
}

impl ResolveError {
    /// `true` for [`ResolveError::Ambiguous`].
    pub fn is_ambiguous(&self) -> bool {
        matches!(self, ResolveError::Ambiguous(_))
    }
}

/// Why no legal move fits a notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Illegal {
    /// No piece of this kind on the file (`马8进7` with no black horse on file 8).
    NoPiece {
        /// The piece the notation names (the colour is the side to move).
        piece: Piece,
        /// The file, 1–9 as counted by that side.
        file: u8,
    },
    /// A place (前/后/中…) was named for a file holding only one such piece.
    NotSeveral {
        /// The piece named.
        piece: Piece,
        /// The file.
        file: u8,
        /// The place named.
        place: Place,
    },
    /// A place was named with no file, and no file holds two or more such pieces.
    NoFileWithSeveral {
        /// The piece named.
        piece: Piece,
        /// The place named.
        place: Place,
    },
    /// The file holds several such pieces, but none at that place (`中兵`
    /// with two pawns on the file).
    NoSuchPlace {
        /// The piece named.
        piece: Piece,
        /// The file (or, when none was given, the first file holding several).
        file: u8,
        /// How many such pieces it holds.
        count: usize,
        /// The place named.
        place: Place,
    },
    /// The piece cannot move that way at all (a horse moving sideways, a rook
    /// moving 平 to its own file, an elephant moving to a file three away, or
    /// off the board).
    Unreachable {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        from: Square,
        /// The direction named.
        direction: Direction,
        /// The number named.
        number: u8,
    },
    /// The piece could make such a move on an empty board, but here it is
    /// blocked, lands on its own piece or leaves its king in check.
    NotLegal {
        /// The piece.
        piece: Piece,
        /// The move it would be.
        mv: Move,
        /// The direction named.
        direction: Direction,
        /// The number named.
        number: u8,
    },
    /// Several pieces fit the origin but none of them can make the move.
    NoneCanMove {
        /// The piece named.
        piece: Piece,
        /// How many such pieces fit the origin.
        count: usize,
        /// The direction named.
        direction: Direction,
        /// The number named.
        number: u8,
    },
}

/// Several legal moves fit a notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ambiguous {
    /// The piece named.
    pub piece: Piece,
    /// The legal moves that fit (two or more).
    pub moves: Vec<Move>,
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Illegal(e) => e.fmt(f),
            ResolveError::Ambiguous(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for ResolveError {}

/// English name of a piece, e.g. `red horse`.
pub(crate) struct PieceName(pub Piece);

impl fmt::Display for PieceName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.0.color, role_name(self.0.role))
    }
}

pub(crate) const fn role_name(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Advisor => "advisor",
        Role::Elephant => "elephant",
        Role::Horse => "horse",
        Role::Rook => "rook",
        Role::Cannon => "cannon",
        Role::Pawn => "pawn",
    }
}

fn role_plural(role: Role) -> &'static str {
    match role {
        Role::King => "kings",
        Role::Advisor => "advisors",
        Role::Elephant => "elephants",
        Role::Horse => "horses",
        Role::Rook => "rooks",
        Role::Cannon => "cannons",
        Role::Pawn => "pawns",
    }
}

impl fmt::Display for Place {
    /// `front`, `middle`, `rear`, `1st`, `2nd`…
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Place::Front => f.write_str("front"),
            Place::Middle => f.write_str("middle"),
            Place::Rear => f.write_str("rear"),
            Place::Nth(1) => f.write_str("1st"),
            Place::Nth(2) => f.write_str("2nd"),
            Place::Nth(3) => f.write_str("3rd"),
            Place::Nth(n) => write!(f, "{n}th"),
        }
    }
}

/// `move forward 3`, `move sideways to file 5`, `move back to file 4`.
struct Movement {
    role: Role,
    direction: Direction,
    number: u8,
}

impl fmt::Display for Movement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let way = match self.direction {
            Direction::Forward => "forward",
            Direction::Backward => "back",
            Direction::Sideways => "sideways",
        };
        if self.direction == Direction::Sideways || moves_diagonally(self.role) {
            write!(f, "move {way} to file {}", self.number)
        } else {
            write!(f, "move {way} {}", self.number)
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegal::NoPiece { piece, file } => {
                write!(f, "no {} on file {file}", PieceName(piece))
            }
            Illegal::NotSeveral { piece, file, place } => write!(
                f,
                "there is only one {} on file {file}, so there is no {place} one",
                PieceName(piece)
            ),
            Illegal::NoFileWithSeveral { piece, place } => write!(
                f,
                "no file holds two or more {} {}, so there is no {place} one",
                piece.color,
                role_plural(piece.role)
            ),
            Illegal::NoSuchPlace {
                piece,
                file,
                count,
                place,
            } => write!(
                f,
                "file {file} holds {count} {} {}, none of them is the {place} one",
                piece.color,
                role_plural(piece.role)
            ),
            Illegal::Unreachable {
                piece,
                from,
                direction,
                number,
            } => write!(
                f,
                "the {} on file {} ({from}) cannot {}",
                PieceName(piece),
                from.file().number_for(piece.color),
                Movement {
                    role: piece.role,
                    direction,
                    number
                }
            ),
            Illegal::NotLegal {
                piece,
                mv,
                direction,
                number,
            } => write!(
                f,
                "the {} on file {} cannot {} here ({mv} is not a legal move)",
                PieceName(piece),
                mv.from.file().number_for(piece.color),
                Movement {
                    role: piece.role,
                    direction,
                    number
                }
            ),
            Illegal::NoneCanMove {
                piece,
                count,
                direction,
                number,
            } => write!(
                f,
                "none of the {count} {} {} named can {}",
                piece.color,
                role_plural(piece.role),
                Movement {
                    role: piece.role,
                    direction,
                    number
                }
            ),
        }
    }
}

impl fmt::Display for Ambiguous {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let color = self.piece.color;
        let same_file = self
            .moves
            .windows(2)
            .all(|w| w[0].from.file() == w[1].from.file());
        write!(
            f,
            "{} {} {} can make this move (",
            self.moves.len(),
            color,
            role_plural(self.piece.role)
        )?;
        for (i, m) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{m}")?;
        }
        f.write_str(")")?;
        match self.moves.first() {
            Some(m) if same_file => write!(
                f,
                "; say which one on file {} (front, rear…)",
                m.from.file().number_for(color)
            ),
            _ => f.write_str("; give the file"),
        }
    }
}

/// How a notation numbers several pieces of one kind on one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Convention {
    /// 前/后 for two, 前/中/后 for three, 一二三四五 for four or five.
    Chinese,
    /// `+`/`-` for two, `1`…`5` from the front for three or more.
    Wxf,
}

impl Convention {
    fn place(self, index: usize, count: usize) -> Place {
        match (self, count) {
            (_, 2) if index == 0 => Place::Front,
            (_, 2) => Place::Rear,
            (Convention::Chinese, 3) => [Place::Front, Place::Middle, Place::Rear][index],
            _ => Place::Nth(index as u8 + 1),
        }
    }
}

/// A move in words: the piece, its origin, the direction and the number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Description {
    pub role: Role,
    pub origin: Origin,
    pub direction: Direction,
    pub number: u8,
}

/// `true` for the pieces whose 进/退 number is the destination file.
#[inline]
pub(crate) const fn moves_diagonally(role: Role) -> bool {
    matches!(role, Role::Horse | Role::Advisor | Role::Elephant)
}

/// +1 if `color` moves forward by increasing rank.
#[inline]
const fn forward(color: Color) -> i8 {
    match color {
        Color::Red => 1,
        Color::Black => -1,
    }
}

/// Up to ten squares without allocating.
#[derive(Clone, Copy)]
struct Squares {
    len: usize,
    sq: [Square; 10],
}

impl Squares {
    const fn new() -> Squares {
        Squares {
            len: 0,
            sq: [Square::new_unchecked(0); 10],
        }
    }

    fn as_slice(&self) -> &[Square] {
        &self.sq[..self.len]
    }
}

/// The squares of `piece` on `file`, front first (front = nearest the other side).
fn on_file(pos: &Position, piece: Piece, file: File) -> Squares {
    let mut out = Squares::new();
    let ranks = Rank::all();
    let mut push = |r| {
        let sq = Square::from_coords(file, r);
        if pos.piece_at(sq) == Some(piece) {
            out.sq[out.len] = sq;
            out.len += 1;
        }
    };
    match piece.color {
        Color::Red => ranks.rev().for_each(&mut push),
        Color::Black => ranks.for_each(&mut push),
    }
    out
}

fn select(place: Place, count: usize) -> Option<usize> {
    if count < 2 {
        return None;
    }
    match place {
        Place::Front => Some(0),
        Place::Rear => Some(count - 1),
        Place::Middle => (count % 2 == 1).then_some(count / 2),
        Place::Nth(k) => (k >= 1 && usize::from(k) <= count).then(|| usize::from(k) - 1),
    }
}

/// Where `piece` on `from` lands when moving `direction` by `number`, by the
/// geometry of its movement alone (no blocking, no check).
pub(crate) fn destination(
    piece: Piece,
    from: Square,
    direction: Direction,
    number: u8,
) -> Option<Square> {
    let fwd = forward(piece.color);
    if !(1..=9).contains(&number) {
        return None;
    }
    if moves_diagonally(piece.role) {
        let sign = match direction {
            Direction::Forward => fwd,
            Direction::Backward => -fwd,
            Direction::Sideways => return None,
        };
        let to_file = File::from_number(piece.color, number)?;
        let df = to_file.index() as i8 - from.file().index() as i8;
        let dr = match (piece.role, df.abs()) {
            (Role::Advisor, 1) => 1,
            (Role::Elephant, 2) => 2,
            (Role::Horse, 1) => 2,
            (Role::Horse, 2) => 1,
            _ => return None,
        };
        from.offset(df, sign * dr)
    } else {
        let n = number as i8;
        match direction {
            Direction::Forward => from.offset(0, fwd * n),
            Direction::Backward => from.offset(0, -fwd * n),
            Direction::Sideways => {
                let to_file = File::from_number(piece.color, number)?;
                (to_file != from.file()).then(|| Square::from_coords(to_file, from.rank()))
            }
        }
    }
}

/// Finds the one legal move of the side to move that fits `d`.
pub(crate) fn resolve(pos: &Position, d: Description) -> Result<Move, ResolveError> {
    let piece = Piece {
        color: pos.turn(),
        role: d.role,
    };
    let illegal = |e| Err(ResolveError::Illegal(e));
    let file_of = |n: u8| File::from_number(piece.color, n);
    // Candidate origin squares.
    let mut candidates = Squares::new();
    match d.origin {
        Origin::File(n) => {
            let Some(file) = file_of(n) else {
                return illegal(Illegal::NoPiece { piece, file: n });
            };
            candidates = on_file(pos, piece, file);
            if candidates.len == 0 {
                return illegal(Illegal::NoPiece { piece, file: n });
            }
        }
        Origin::Place {
            place,
            file: Some(n),
        } => {
            let Some(file) = file_of(n) else {
                return illegal(Illegal::NoPiece { piece, file: n });
            };
            let all = on_file(pos, piece, file);
            match all.len {
                0 => return illegal(Illegal::NoPiece { piece, file: n }),
                1 => {
                    return illegal(Illegal::NotSeveral {
                        piece,
                        file: n,
                        place,
                    })
                }
                count => match select(place, count) {
                    Some(i) => {
                        candidates.sq[0] = all.sq[i];
                        candidates.len = 1;
                    }
                    None => {
                        return illegal(Illegal::NoSuchPlace {
                            piece,
                            file: n,
                            count,
                            place,
                        })
                    }
                },
            }
        }
        Origin::Place { place, file: None } => {
            let mut first_several = None;
            for file in File::all() {
                let all = on_file(pos, piece, file);
                if all.len < 2 {
                    continue;
                }
                first_several.get_or_insert((file, all.len));
                if let Some(i) = select(place, all.len) {
                    candidates.sq[candidates.len] = all.sq[i];
                    candidates.len += 1;
                }
            }
            match (candidates.len, first_several) {
                (0, None) => return illegal(Illegal::NoFileWithSeveral { piece, place }),
                (0, Some((file, count))) => {
                    return illegal(Illegal::NoSuchPlace {
                        piece,
                        file: file.number_for(piece.color),
                        count,
                        place,
                    })
                }
                _ => {}
            }
        }
    }

    let legal = pos.legal_moves();
    let mut found: Vec<Move> = Vec::new();
    let mut first_blocked = None;
    for &from in candidates.as_slice() {
        let Some(to) = destination(piece, from, d.direction, d.number) else {
            continue;
        };
        let m = Move::new(from, to);
        if legal.contains(&m) {
            found.push(m);
        } else {
            first_blocked.get_or_insert(m);
        }
    }
    match found.len() {
        1 => Ok(found[0]),
        0 if candidates.len == 1 => match first_blocked {
            Some(mv) => illegal(Illegal::NotLegal {
                piece,
                mv,
                direction: d.direction,
                number: d.number,
            }),
            None => illegal(Illegal::Unreachable {
                piece,
                from: candidates.sq[0],
                direction: d.direction,
                number: d.number,
            }),
        },
        0 => illegal(Illegal::NoneCanMove {
            piece,
            count: candidates.len,
            direction: d.direction,
            number: d.number,
        }),
        _ => Err(ResolveError::Ambiguous(Ambiguous {
            piece,
            moves: found,
        })),
    }
}

/// Describes move `m` in `pos` the way `convention` names pieces.
///
/// `m` should be legal in `pos`. Otherwise the description is of some movement
/// of the piece on `m.from` (a pawn of the side to move if that point is
/// empty) and need not resolve back to `m`.
pub(crate) fn describe(pos: &Position, m: Move, convention: Convention) -> Description {
    let piece = pos.piece_at(m.from).unwrap_or(Piece {
        color: pos.turn(),
        role: Role::Pawn,
    });
    let color = piece.color;
    let dr = (m.to.rank().index() as i8 - m.from.rank().index() as i8) * forward(color);
    let direction = match dr {
        1.. => Direction::Forward,
        0 => Direction::Sideways,
        _ => Direction::Backward,
    };
    let number = if direction == Direction::Sideways || moves_diagonally(piece.role) {
        m.to.file().number_for(color)
    } else {
        dr.unsigned_abs().min(9)
    };
    let file = m.from.file();
    let file_number = file.number_for(color);
    let same = on_file(pos, piece, file);
    let plain = Description {
        role: piece.role,
        origin: Origin::File(file_number),
        direction,
        number,
    };
    if same.len < 2 {
        return plain;
    }
    if matches!(piece.role, Role::Advisor | Role::Elephant) && resolve(pos, plain) == Ok(m) {
        // 仕/相 on one file are told apart by their direction: no 前/后.
        return plain;
    }
    let index = same
        .as_slice()
        .iter()
        .position(|&s| s == m.from)
        .unwrap_or(0);
    let place = convention.place(index, same.len);
    let other_files_with_several = File::all()
        .filter(|&f| f != file)
        .any(|f| on_file(pos, piece, f).len >= 2);
    Description {
        origin: Origin::Place {
            place,
            file: other_files_with_several.then_some(file_number),
        },
        ..plain
    }
}
