//! Legal positions: move generation, playing moves, check, mate and 困毙.

use core::fmt;

use crate::board::SquareSet;
use crate::setup::{PositionError, Problem, Tolerance};
use crate::tables::{
    one_bit as bit, zobrist, Steps, ALL_SQUARES, ELEPHANT, HOME, HORSE, HORSE_ATTACKERS,
    HORSE_ATTACKER_MASK, RAY_MASK, STEPS, ZOBRIST_BLACK,
};
use crate::{Board, ByColor, Color, Move, MoveList, Piece, Role, Setup, Square};

/// A legal position: both kings present, the side not to move not in check,
/// the kings not facing. Built from a [`Setup`] by [`Position::from_setup`].
///
/// ```
/// use qili::Position;
/// let pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 44);
/// let m = qili::iccs::parse_move(&pos, "h2e2").unwrap(); // 炮二平五
/// let pos = pos.play(m).unwrap();
/// assert_eq!(pos.turn(), qili::Color::Black);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    turn: Color,
    halfmoves: u32,
    fullmoves: u32,
    kings: ByColor<Square>,
    key: u64,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

/// A slot of the table of [`Position::checking_moves`]: the position's key
/// and its checks, their number plus one in `filled` (0: no answer, so that
/// the empty table is all zeros and takes no room in the Wasm module).
#[derive(Clone, Copy)]
struct RememberedChecks {
    key: u64,
    filled: u8,
    moves: [Move; SLOT_CHECKS],
}

/// Slots in the table of [`Position::checking_moves`] (a power of two).
const CHECK_SLOTS: usize = 1 << 12;
/// The most checks a slot holds (a position has rarely more).
const SLOT_CHECKS: usize = 14;

thread_local! {
    static CHECKS: core::cell::RefCell<[RememberedChecks; CHECK_SLOTS]> = const {
        let z = Square::new_unchecked(0);
        core::cell::RefCell::new(
            [RememberedChecks {
                key: 0,
                filled: 0,
                moves: [Move { from: z, to: z }; SLOT_CHECKS],
            }; CHECK_SLOTS],
        )
    };
}

/// How a game ends by the position alone (repetition and the move limit are
/// judged by [`crate::rules`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side has won.
    Decisive {
        /// The winner.
        winner: Color,
        /// Why.
        reason: DecisiveReason,
    },
    /// Neither side can ever mate (4.2.1): no rook, horse, cannon or pawn is left.
    InsufficientMaterial,
}

/// Why a position is lost for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DecisiveReason {
    /// 将死: in check with no legal move (3.1, 4.1.1).
    Checkmate,
    /// 困毙: not in check but no legal move (3.2, 4.1.3) — a loss, unlike chess.
    Stalemate,
}

/// A move that is not legal in the position it was played in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayError {
    /// The move.
    pub mv: Move,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.mv)
    }
}

impl core::error::Error for PlayError {}

impl Position {
    /// The standard starting position.
    pub fn new() -> Position {
        Position::from_setup(Setup::start(), Tolerance::STRICT)
            .unwrap_or_else(|_| unreachable!("the start position is legal"))
    }

    /// Validates a setup. Every problem not accepted by `tolerance` is reported.
    ///
    /// ```
    /// use qili::{fen, Position, Tolerance};
    /// // Two red advisors outside the palace: refused strictly, accepted as a composed position.
    /// let setup = fen::parse("3k5/9/9/9/9/9/9/A7A/9/4K4 w").unwrap();
    /// let err = Position::from_setup(setup.clone(), Tolerance::STRICT).unwrap_err();
    /// assert_eq!(err.problems.len(), 2);
    /// assert!(Position::from_setup(setup, Tolerance::COMPOSED).is_ok());
    /// ```
    pub fn from_setup(setup: Setup, tolerance: Tolerance) -> Result<Position, PositionError> {
        let mut problems: Vec<Problem> = setup
            .problems()
            .into_iter()
            .filter(|p| !tolerance.accepts(p))
            .collect();
        let kings = (
            setup.board.king_of(Color::Red),
            setup.board.king_of(Color::Black),
        );
        let (Some(red), Some(black)) = kings else {
            return Err(PositionError { problems });
        };
        let kings = ByColor { red, black };
        let other = setup.turn.other();
        if !problems.contains(&Problem::KingsFacing)
            && king_attacked(&setup.board, *kings.get(other), other)
        {
            problems.push(Problem::OppositeCheck);
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        let mut key = 0;
        for (sq, p) in setup.board.pieces() {
            key ^= zobrist(p.index(), sq.index() as usize);
        }
        if setup.turn == Color::Black {
            key ^= ZOBRIST_BLACK;
        }
        Ok(Position {
            board: setup.board,
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            kings,
            key,
        })
    }

    /// The position as an unchecked setup.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The same position with the pieces on `squares` taken off the board,
    /// if that is still a position (the side to move keeps the move): what
    /// the rules ask when they weigh a piece's part, or a square left empty.
    pub(crate) fn without(&self, squares: u128) -> Option<Position> {
        let mut setup = self.to_setup();
        for sq in SquareSet(squares) {
            setup.board.set(sq, None);
        }
        Position::from_setup(setup, Tolerance::COMPOSED).ok()
    }

    /// The same position with `piece` standing on `square` in place of what
    /// stood there, if that is still a position (the side to move keeps the
    /// move).
    pub(crate) fn with_piece_on(&self, square: Square, piece: Piece) -> Option<Position> {
        let mut setup = self.to_setup();
        setup.board.set(square, Some(piece));
        Position::from_setup(setup, Tolerance::COMPOSED).ok()
    }

    /// The pieces.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// Move number (starts at 1, increases after black's move).
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Zobrist key of the placement and the side to move: equal keys mean the
    /// same position for repetition purposes (24).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Where `color`'s king stands.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        *self.kings.get(color)
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// `true` if the side to move is in check (将, 3.1).
    pub fn is_check(&self) -> bool {
        king_attacked(&self.board, self.king(self.turn), self.turn)
    }

    /// All legal moves: pins, checks and the rule that the kings may not face
    /// each other on an open file (2.2, 4.1.2) are respected.
    pub fn legal_moves(&self) -> MoveList {
        self.legal_moves_within(ALL_SQUARES)
    }

    /// The legal captures, in the order of [`Position::legal_moves`].
    pub fn captures(&self) -> MoveList {
        self.legal_moves_within(self.board.occupied_by(self.turn.other()))
    }

    /// The legal moves to `sq`, in the order of [`Position::legal_moves`].
    pub fn legal_moves_to(&self, sq: Square) -> MoveList {
        self.legal_moves_within(bit(sq.index()))
    }

    /// The legal moves whose destination is in the bit set `within`; only
    /// those are tried for safety.
    pub(crate) fn legal_moves_within(&self, within: u128) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_legal(within, |from, to| {
            for sq in SquareSet(to) {
                list.push(Move::new(from, sq));
            }
        });
        list
    }

    /// The legal moves that give check (将, 3.1), in the order of
    /// [`Position::legal_moves`].
    ///
    /// A move gives check by the moved piece attacking the king from where it
    /// lands, by landing between the king and one of its own cannons with
    /// nothing else between (becoming the screen), or by uncovering an attack:
    /// leaving the king's rank or file in front of its own rook, or as one of
    /// the two pieces in front of its own cannon, or leaving the leg of its
    /// own horse aimed at the king (a capture leaves the occupied points as
    /// they were, and pawn attacks cannot be uncovered; uncovering the other
    /// king is illegal, not check). Pieces that uncover may go anywhere;
    /// the others only to the points where they would attack or screen.
    /// Only those moves are generated and tested, without playing them
    /// (`Position::gives_check`).
    ///
    /// The same positions are asked about again and again (the rules' searches
    /// meet them from many lines), so each thread remembers the latest
    /// answers by [`Position::key`] in a direct-mapped table, as it does the
    /// winnable pieces and the mates: a position that lands on an occupied
    /// slot replaces it, and one with more checks than a slot holds is not
    /// remembered.
    pub fn checking_moves(&self) -> MoveList {
        let slot = self.key as usize & (CHECK_SLOTS - 1);
        let known = CHECKS.with(|t| {
            let t = t.borrow();
            let s = &t[slot];
            (s.key == self.key && s.filled != 0).then(|| {
                let mut list = MoveList::new();
                for &m in &s.moves[..s.filled as usize - 1] {
                    list.push(m);
                }
                list
            })
        });
        if let Some(list) = known {
            return list;
        }
        let list = self.find_checking_moves();
        if list.len() <= SLOT_CHECKS {
            CHECKS.with(|t| {
                let s = &mut t.borrow_mut()[slot];
                s.key = self.key;
                s.filled = list.len() as u8 + 1;
                s.moves[..list.len()].copy_from_slice(&list);
            });
        }
        list
    }

    /// [`Position::checking_moves`], found.
    fn find_checking_moves(&self) -> MoveList {
        let us = self.turn;
        let k = self.king(us.other()).index() as usize;
        let occupied = self.board.occupied();
        let ours = self.board.occupied_by(us);
        let rooks = self.board.pieces_of(us, Role::Rook);
        let cannons = self.board.pieces_of(us, Role::Cannon);
        // Where a rook, a cannon or a new screen would stand to give check,
        // and which pieces would uncover an attack by leaving.
        let (mut rook_points, mut cannon_points, mut screens, mut uncover) = (0, 0, 0, 0);
        let mut king_lines = 0;
        for (d, &ray) in RAY_MASK[k].iter().enumerate() {
            king_lines |= ray;
            let blockers = ray & occupied;
            if blockers == 0 {
                rook_points |= ray;
                continue;
            }
            let b1 = nearest(d, blockers);
            let beyond = RAY_MASK[b1 as usize][d];
            rook_points |= ray & !beyond;
            if cannons & bit(b1) != 0 {
                screens |= ray & !beyond & !bit(b1);
            }
            let rest = blockers & !bit(b1);
            if rest == 0 {
                cannon_points |= beyond;
                continue;
            }
            let b2 = nearest(d, rest);
            cannon_points |= beyond & !RAY_MASK[b2 as usize][d];
            if rooks & bit(b2) != 0 {
                uncover |= bit(b1);
            }
            let rest = rest & !bit(b2);
            if rest != 0 && cannons & bit(nearest(d, rest)) != 0 {
                uncover |= bit(b1) | bit(b2);
            }
        }
        let horses = self.board.pieces_of(us, Role::Horse);
        let mut horse_points = 0;
        let h = &HORSE_ATTACKERS[k];
        for st in &h.s[..h.len as usize] {
            if occupied & bit(st.block) == 0 {
                horse_points |= bit(st.to);
            } else if horses & bit(st.to) != 0 {
                uncover |= bit(st.block);
            }
        }
        let uncover = uncover & ours;
        let pawn_points = STEPS.pawn_attackers[us.index()][k];
        let mut safety = None;
        let mut list = MoveList::new();
        for from in SquareSet(ours) {
            let Some(piece) = self.board.piece_at(from) else {
                continue;
            };
            let within = if uncover & bit(from.index()) != 0 {
                ALL_SQUARES
            } else {
                // The points where the piece would give check, among those
                // it could reach on an empty board.
                self.reach(from, piece.role)
                    & (screens
                        | match piece.role {
                            Role::Rook => rook_points,
                            // A cannon on the king's line may also move along
                            // it, keeping or jumping over its screen.
                            Role::Cannon if king_lines & bit(from.index()) != 0 => {
                                cannon_points | king_lines
                            }
                            Role::Cannon => cannon_points,
                            Role::Horse => horse_points,
                            Role::Pawn => pawn_points,
                            Role::King | Role::Advisor | Role::Elephant => 0,
                        })
            };
            if within == 0 {
                continue;
            }
            let safety = safety.get_or_insert_with(|| self.king_safety());
            for to in SquareSet(self.legal_targets(safety, from, piece.role, within)) {
                let m = Move::new(from, to);
                if self.gives_check(m) {
                    list.push(m);
                }
            }
        }
        list
    }

    /// `true` if the (pseudo-legal) move `m` would put the enemy king in
    /// check: what `is_check` says after it, found without playing it.
    fn gives_check(&self, m: Move) -> bool {
        let (from, to) = (m.from.index(), m.to.index());
        let Some(moved) = self.board.at(from) else {
            return false;
        };
        let occupied = (self.board.occupied() & !bit(from)) | bit(to);
        let ours = (self.board.occupied_by(self.turn) & !bit(from)) | bit(to);
        let king = self.king(self.turn.other()).index();
        attacked_by(king, self.turn, occupied, |role| {
            let on = self.board.by_role(role) & ours & !bit(to);
            if role == moved.role {
                on | bit(to)
            } else {
                on
            }
        })
    }

    /// `true` if the side to move has exactly one legal move
    /// (`legal_moves().len() == 1`, stopping at the second).
    pub(crate) fn has_one_legal_move(&self) -> bool {
        self.legal_moves_counted_to(2) == 1
    }

    /// `true` if the side to move has a legal move (`!legal_moves().is_empty()`,
    /// stopping at the first piece that can move).
    pub fn has_legal_move(&self) -> bool {
        self.legal_moves_counted_to(1) > 0
    }

    /// The number of legal moves, counted piece by piece until it reaches
    /// `limit` (then `limit` or more), the king's first: in check, its steps
    /// are the likeliest way out, and a mate search asks this of every check.
    fn legal_moves_counted_to(&self, limit: u32) -> u32 {
        let safety = self.king_safety();
        let king = self.king(self.turn);
        let mut count = self
            .legal_targets(&safety, king, Role::King, ALL_SQUARES)
            .count_ones();
        if count >= limit {
            return count;
        }
        for from in SquareSet(self.board.occupied_by(self.turn) & !bit(king.index())) {
            if let Some(piece) = self.board.piece_at(from) {
                count += self
                    .legal_targets(&safety, from, piece.role, ALL_SQUARES)
                    .count_ones();
                if count >= limit {
                    break;
                }
            }
        }
        count
    }

    /// The legal moves of the piece on `from`.
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        for to in SquareSet(self.legal_targets_from(from)) {
            list.push(Move::new(from, to));
        }
        list
    }

    /// `true` if `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_targets_from(m.from) & bit(m.to.index()) != 0
    }

    /// The legal destinations of the piece on `from` as a bit set (empty if
    /// there is no piece of the side to move there).
    fn legal_targets_from(&self, from: Square) -> u128 {
        match self.board.piece_at(from) {
            Some(p) if p.color == self.turn => {
                self.legal_targets(&self.king_safety(), from, p.role, ALL_SQUARES)
            }
            _ => 0,
        }
    }

    /// The piece `m` would capture, if any.
    #[inline]
    pub fn capture_of(&self, m: Move) -> Option<Piece> {
        self.board.piece_at(m.to)
    }

    /// Plays a move after checking it is legal, handing back the new position.
    pub fn play(mut self, m: Move) -> Result<Position, PlayError> {
        if !self.is_legal(m) {
            return Err(PlayError { mv: m });
        }
        self.play_unchecked(m);
        Ok(self)
    }

    /// Plays a move without checking it, in place: how a game's moves are
    /// walked through once they are known to be legal (the rules' searches
    /// and perft step to a copy instead). The move must come from
    /// [`Position::legal_moves`] of this position; anything else leaves a
    /// position that breaks its invariants, though it never causes undefined
    /// behaviour or a panic.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let Some(piece) = self.board.piece_at(m.from) else {
            return;
        };
        let captured = self.board.set(m.to, Some(piece));
        self.board.set(m.from, None);
        self.key ^= zobrist(piece.index(), m.from.index() as usize)
            ^ zobrist(piece.index(), m.to.index() as usize);
        if let Some(c) = captured {
            self.key ^= zobrist(c.index(), m.to.index() as usize);
            self.halfmoves = 0;
        } else {
            self.halfmoves += 1;
        }
        if piece.role == Role::King {
            *self.kings.get_mut(piece.color) = m.to;
        }
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = self.turn.other();
        self.key ^= ZOBRIST_BLACK;
    }

    /// The position after `m`, which must come from
    /// [`Position::legal_moves`] of this position: what
    /// [`Position::play_unchecked`] makes of a copy, with every field of the
    /// copy written from this position's (see [`Board::set_moved`]) — how
    /// the rules' searches step from a position to the next. It makes the
    /// move a second time, in its own way, because that is faster where it
    /// counts: labelling whole games through the JS API took 2.6 % less time
    /// than with a copy and `play_unchecked` (500 games, Node, best of 6).
    /// The reference-generator test checks that the two agree on every
    /// legal move of its positions.
    #[inline]
    pub(crate) fn after(&self, m: Move) -> Position {
        let mut p = self.clone();
        let Some(piece) = self.board.piece_at(m.from) else {
            return p;
        };
        p.board.set_moved(&self.board, m.from, m.to);
        let mut key = self.key
            ^ zobrist(piece.index(), m.from.index() as usize)
            ^ zobrist(piece.index(), m.to.index() as usize)
            ^ ZOBRIST_BLACK;
        if let Some(c) = self.board.piece_at(m.to) {
            key ^= zobrist(c.index(), m.to.index() as usize);
            p.halfmoves = 0;
        } else {
            p.halfmoves = self.halfmoves + 1;
        }
        p.key = key;
        if piece.role == Role::King {
            *p.kings.get_mut(piece.color) = m.to;
        }
        p.fullmoves = self.fullmoves + u32::from(self.turn == Color::Black);
        p.turn = self.turn.other();
        p
    }

    /// The same placement with the other side to move (a "null move"), used
    /// to ask what a side threatens (杀, 28.2). `None` if the side to move is in
    /// check, since passing would leave its king en prise.
    pub fn pass(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut p = self.clone();
        p.turn = p.turn.other();
        p.key ^= ZOBRIST_BLACK;
        Some(p)
    }

    /// The same placement with the other side to move, even if the side to
    /// move is in check: what a checking side would attack if the check
    /// were ignored (AXF: the pieces a check also chases).
    pub(crate) fn pass_in_check(&self) -> Position {
        let mut p = self.clone();
        p.turn = p.turn.other();
        p.key ^= ZOBRIST_BLACK;
        p
    }

    /// How the game ends here by the position alone, if it does.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_move() {
            let reason = if self.is_check() {
                DecisiveReason::Checkmate
            } else {
                DecisiveReason::Stalemate
            };
            return Some(Outcome::Decisive {
                winner: self.turn.other(),
                reason,
            });
        }
        if self.has_insufficient_material() {
            return Some(Outcome::InsufficientMaterial);
        }
        None
    }

    /// `true` if no side has a rook, horse, cannon or pawn: with only kings,
    /// advisors and elephants nobody can ever give mate.
    pub fn has_insufficient_material(&self) -> bool {
        let b = &self.board;
        b.by_role(Role::Rook)
            | b.by_role(Role::Horse)
            | b.by_role(Role::Cannon)
            | b.by_role(Role::Pawn)
            == 0
    }

    /// Number of leaf nodes of the legal move tree of depth `depth`.
    ///
    /// ```
    /// let pos = qili::Position::new();
    /// assert_eq!(pos.perft(2), 1920);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_legal();
        }
        let mut n = 0;
        for &m in &self.legal_moves() {
            let p = self.after(m);
            n += p.perft(depth - 1);
        }
        n
    }

    /// Calls `visit(from, targets)` for every piece of the side to move, in
    /// square order, with the bit set of the points among `within` it can
    /// legally move to (possibly empty). Pieces that could not reach `within`
    /// even on an empty board may be skipped.
    #[inline]
    fn for_each_legal(&self, within: u128, mut visit: impl FnMut(Square, u128)) {
        let mut safety = None;
        for from in SquareSet(self.board.occupied_by(self.turn)) {
            if let Some(piece) = self.board.piece_at(from) {
                if within != ALL_SQUARES && self.reach(from, piece.role) & within == 0 {
                    continue;
                }
                let safety = safety.get_or_insert_with(|| self.king_safety());
                visit(from, self.legal_targets(safety, from, piece.role, within));
            }
        }
    }

    /// The points the side to move's `role` on `from` could move to on an
    /// empty board: a superset of its legal moves, cheap to find. (A horse
    /// reaches the points from which a horse would reach it.)
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn reach(&self, from: Square, role: Role) -> u128 {
        let (c, f) = (self.turn.index(), from.index() as usize);
        match role {
            Role::King => STEPS.king[c][f],
            Role::Advisor => STEPS.advisor[c][f],
            Role::Pawn => STEPS.pawn[c][f],
            Role::Elephant => {
                let steps = &ELEPHANT[f];
                steps.s[..steps.len as usize]
                    .iter()
                    .fold(0, |acc, st| acc | bit(st.to))
            }
            Role::Horse => HORSE_ATTACKER_MASK[f],
            Role::Rook | Role::Cannon => RAY_MASK[f].iter().fold(0, |acc, &ray| acc | ray),
        }
    }

    /// The points among `within` that the side to move's `role` on `from`
    /// can legally move to, as a bit set.
    ///
    /// Most moves are known to be legal from a few facts about the king's
    /// surroundings, computed once per position ([`KingSafety`]); only king
    /// moves, moves of pieces that may be pinned, and every move when in
    /// check are tried one by one with [`Position::is_safe`].
    #[cfg_attr(not(feature = "compact"), inline(always))]
    fn legal_targets(&self, safety: &KingSafety, from: Square, role: Role, within: u128) -> u128 {
        let c = self.turn.index();
        let occupied = safety.occupied;
        let targets = safety.targets;
        let f = from.index() as usize;
        let mut to = match role {
            Role::King => STEPS.king[c][f] & !self.board.occupied_by(self.turn),
            Role::Advisor => STEPS.advisor[c][f] & targets,
            Role::Pawn => STEPS.pawn[c][f] & targets,
            Role::Elephant => blockable_steps(&ELEPHANT[f], occupied) & targets & HOME[c],
            Role::Horse => blockable_steps(&HORSE[f], occupied) & targets,
            Role::Rook => {
                let mut reach = 0;
                for (d, &ray) in RAY_MASK[f].iter().enumerate() {
                    let blockers = ray & occupied;
                    // The ray up to and including the first piece.
                    reach |= if blockers == 0 {
                        ray
                    } else {
                        ray & !RAY_MASK[nearest(d, blockers) as usize][d]
                    };
                }
                reach & targets
            }
            Role::Cannon => {
                let mut reach = 0;
                for (d, &ray) in RAY_MASK[f].iter().enumerate() {
                    let blockers = ray & occupied;
                    if blockers == 0 {
                        reach |= ray;
                        continue;
                    }
                    // Empty points up to the screen, then the first piece beyond it.
                    let screen = nearest(d, blockers);
                    let beyond = RAY_MASK[screen as usize][d];
                    reach |= ray & !beyond & !bit(screen);
                    let hit = beyond & occupied;
                    if hit != 0 {
                        reach |= bit(nearest(d, hit));
                    }
                }
                // `targets` drops a hit on an own piece.
                reach & targets
            }
        };
        to &= within;
        if safety.in_check && role != Role::King && safety.check_screens & bit(from.index()) == 0 {
            // Any other move leaves every checker where it was, its line or
            // leg as it was: it cannot answer the check.
            to &= safety.evasions;
        }
        if safety.in_check || role == Role::King || safety.pinned & bit(from.index()) != 0 {
            for sq in SquareSet(to) {
                if !self.is_safe(Move::new(from, sq)) {
                    to &= !bit(sq.index());
                }
            }
        }
        to
    }

    /// The number of legal moves (what `legal_moves().len()` would be),
    /// counted without listing them.
    fn count_legal(&self) -> u64 {
        let mut n = 0;
        self.for_each_legal(ALL_SQUARES, |_, to| n += u64::from(to.count_ones()));
        n
    }

    /// What the side to move has to watch out for: whether it is in check,
    /// which of its pieces may be pinned, and where a piece would become a
    /// cannon's screen. Computed from the king's four lines and the horse legs
    /// next to it; see [`KingSafety`].
    fn king_safety(&self) -> KingSafety {
        let us = self.turn;
        let them = us.other();
        let board = &self.board;
        let k = self.king(us).index();
        let occupied = board.occupied();
        let own = board.occupied_by(us);
        let rooks = board.pieces_of(them, Role::Rook);
        let cannons = board.pieces_of(them, Role::Cannon);
        let kings = board.pieces_of(them, Role::King);
        let mut safety = KingSafety {
            in_check: false,
            pinned: 0,
            screens: 0,
            evasions: 0,
            check_screens: 0,
            occupied,
            targets: 0,
        };
        for (d, &ray) in RAY_MASK[k as usize].iter().enumerate() {
            // The other king attacks like a rook along the file (flying general).
            let sliders = if d < 2 { rooks | kings } else { rooks };
            if ray & (sliders | cannons) == 0 {
                continue;
            }
            let blockers = ray & occupied;
            let b1 = nearest(d, blockers);
            if sliders & bit(b1) != 0 {
                safety.in_check = true;
                // Take the checker or step between.
                safety.evasions |= ray & !RAY_MASK[b1 as usize][d];
                continue;
            }
            if cannons & bit(b1) != 0 {
                // Any piece landing between the king and this cannon screens it.
                safety.screens |= ray & !RAY_MASK[b1 as usize][d] & !bit(b1);
            }
            let rest = blockers & !bit(b1);
            if rest == 0 {
                continue;
            }
            let b2 = nearest(d, rest);
            if cannons & bit(b2) != 0 {
                safety.in_check = true;
                // Take the cannon, add a second screen, or move the screen away.
                safety.evasions |= ray & !RAY_MASK[b2 as usize][d];
                safety.check_screens |= bit(b1) & own;
                continue;
            }
            if sliders & bit(b2) != 0 {
                // The only piece between the king and a rook (or the other king).
                safety.pinned |= bit(b1) & own;
                continue;
            }
            let rest = rest & !bit(b2);
            if rest != 0 && cannons & bit(nearest(d, rest)) != 0 {
                // Two pieces between the king and a cannon: either leaving
                // the line would leave the cannon a single screen.
                safety.pinned |= (bit(b1) | bit(b2)) & own;
            }
        }
        let horses = board.pieces_of(them, Role::Horse);
        if HORSE_ATTACKER_MASK[k as usize] & horses != 0 {
            let h = &HORSE_ATTACKERS[k as usize];
            for st in &h.s[..h.len as usize] {
                if horses & bit(st.to) != 0 {
                    if occupied & bit(st.block) == 0 {
                        safety.in_check = true;
                        // Take the horse or block its leg.
                        safety.evasions |= bit(st.to) | bit(st.block);
                    } else {
                        // A piece of ours on the horse's leg (马腿) holds it back.
                        safety.pinned |= bit(st.block) & own;
                    }
                }
            }
        }
        let pawns =
            STEPS.pawn_attackers[them.index()][k as usize] & board.pieces_of(them, Role::Pawn);
        if pawns != 0 {
            safety.in_check = true;
            safety.evasions |= pawns;
        }
        safety.targets = !own & !safety.screens & ALL_SQUARES;
        safety
    }

    /// `true` if the (pseudo-legal) move `m` leaves the mover's king
    /// unattacked, the kings not facing.
    #[inline]
    fn is_safe(&self, m: Move) -> bool {
        let us = self.turn;
        let (from, to) = (m.from.index(), m.to.index());
        let king = self.king(us).index();
        let occupied = (self.board.occupied() & !bit(from)) | bit(to);
        let theirs = self.board.occupied_by(us.other()) & !bit(to);
        let k = if from == king { to } else { king };
        !attacked(&self.board, k, us.other(), occupied, theirs)
    }
}

/// The facts about the king's surroundings that decide which moves need to be
/// tried before they are known to be legal (see [`Position::legal_targets`]).
///
/// When the side to move is not in check, a move other than a king move can
/// only expose the king by leaving a line or a horse leg, or by landing on a
/// line as a cannon screen:
///
/// - the only piece between the king and an enemy rook or the enemy king on
///   an open file (flying general, 4.1.2) is pinned;
/// - either of exactly two pieces between the king and an enemy cannon is
///   pinned: with one of them gone the cannon has its screen;
/// - a piece on the leg of an enemy horse aimed at the king is pinned;
/// - the empty points between the king and an enemy cannon with nothing in
///   between are `screens`: no piece may move there.
///
/// Nothing else can matter: capturing does not change which points are
/// occupied at the destination, so it cannot open a line, and pawn and king
/// attacks cannot be uncovered (the flying general aside). Pinned pieces may
/// still move along the line or capture the pinning piece; their moves are
/// tried one by one. A piece counted as pinned that turns out to be free
/// costs time, never correctness; the `cfg(test)` reference generator below
/// and the perft tables check that no pin is missed.
///
/// When in check, every move is tried, but a move other than a king move can
/// only answer the check by taking a checker, landing between a checking
/// rook or cannon and the king or on a checking horse's leg (`evasions`), or
/// by moving a checking cannon's screen away (`check_screens`); other moves
/// are not tried at all.
struct KingSafety {
    /// The king is attacked.
    in_check: bool,
    /// Pieces of the side to move whose moves must be tried one by one.
    pinned: u128,
    /// Empty points between the king and an unscreened enemy cannon.
    screens: u128,
    /// When in check: the points where a piece other than the king may land
    /// to answer it — the checkers, the points between a checking rook or
    /// cannon and the king, the legs of checking horses.
    evasions: u128,
    /// When in check: pieces of the side to move that are the screen of a
    /// checking cannon; moving them away may answer the check wherever they go.
    check_screens: u128,
    /// All pieces (kept here for the move generator).
    occupied: u128,
    /// Where a piece other than the king may go: not onto its own pieces,
    /// not onto `screens`.
    targets: u128,
}

/// The piece nearest to the ray's origin among `blockers`, a non-empty subset
/// of a ray in direction `d` (see [`RAY_MASK`]).
#[inline]
fn nearest(d: usize, blockers: u128) -> u8 {
    if d & 1 == 0 {
        blockers.trailing_zeros() as u8
    } else {
        127 - blockers.leading_zeros() as u8
    }
}

/// The destinations of the steps (horse or elephant moves) whose blocking
/// point is empty.
#[inline]
fn blockable_steps(steps: &Steps, occupied: u128) -> u128 {
    let mut to = 0;
    for st in &steps.s[..steps.len as usize] {
        if occupied & bit(st.block) == 0 {
            to |= bit(st.to);
        }
    }
    to
}

/// `true` if a king on square index `king` would be attacked by `them`, with
/// the pieces standing on `occupied` and `them`'s pieces limited to `theirs`
/// (so a move can be tried without playing it: the mover's origin left out of
/// `occupied`, its destination put in, a captured piece left out of
/// `theirs`). Attacks: a rook on a line with nothing between, a cannon with
/// exactly one screen, a horse whose leg is free, a pawn, or the other king on
/// an open file (flying general).
fn attacked(board: &Board, king: u8, them: Color, occupied: u128, theirs: u128) -> bool {
    attacked_by(king, them, occupied, |role| board.by_role(role) & theirs)
}

/// [`attacked`], with `them`'s pieces of each role given by `pieces`.
#[inline(always)]
fn attacked_by(king: u8, them: Color, occupied: u128, pieces: impl Fn(Role) -> u128) -> bool {
    let k = king as usize;
    let rooks = pieces(Role::Rook);
    let cannons = pieces(Role::Cannon);
    let kings = pieces(Role::King);
    for (d, &ray) in RAY_MASK[k].iter().enumerate() {
        let sliders = if d < 2 { rooks | kings } else { rooks };
        if ray & (sliders | cannons) == 0 {
            continue;
        }
        let blockers = ray & occupied;
        let b1 = nearest(d, blockers);
        if sliders & bit(b1) != 0 {
            return true;
        }
        let rest = blockers & !bit(b1);
        if rest != 0 && cannons & bit(nearest(d, rest)) != 0 {
            return true;
        }
    }
    let horses = pieces(Role::Horse);
    if HORSE_ATTACKER_MASK[k] & horses != 0 {
        let h = &HORSE_ATTACKERS[k];
        for st in &h.s[..h.len as usize] {
            if horses & bit(st.to) != 0 && occupied & bit(st.block) == 0 {
                return true;
            }
        }
    }
    STEPS.pawn_attackers[them.index()][k] & pieces(Role::Pawn) != 0
}

/// `true` if `us`'s king standing on `king` is attacked on `board`.
pub(crate) fn king_attacked(board: &Board, king: Square, us: Color) -> bool {
    let them = us.other();
    attacked(
        board,
        king.index(),
        them,
        board.occupied(),
        board.occupied_by(them),
    )
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::fen::write(self))
    }
}

#[cfg(test)]
mod tests {
    //! The fast generator against a slow, obviously correct one: every
    //! pseudo-legal move played on a copy of the board, then the king's
    //! surroundings scanned point by point.

    use super::*;
    use crate::fen;
    use crate::tables::{DIAGONAL, ORTHOGONAL, RAYS};

    /// Pieces on the first and second occupied points of each ray from `sq`.
    fn ray_pieces(board: &Board, sq: Square) -> [(Option<Piece>, Option<Piece>); 4] {
        let mut out = [(None, None); 4];
        for (d, ray) in RAYS[sq.index() as usize].iter().enumerate() {
            let mut it = ray.sq[..ray.len as usize]
                .iter()
                .filter_map(|&s| board.at(s));
            out[d] = (it.next(), it.next());
        }
        out
    }

    fn slow_attacked(board: &Board, king: Square, us: Color) -> bool {
        let them = us.other();
        let is = |p: Option<Piece>, role| p == Some(Piece { color: them, role });
        for (d, (first, second)) in ray_pieces(board, king).into_iter().enumerate() {
            if is(first, Role::Rook) || (d < 2 && is(first, Role::King)) || is(second, Role::Cannon)
            {
                return true;
            }
        }
        for (df, dr) in [
            (1, 2),
            (-1, 2),
            (1, -2),
            (-1, -2),
            (2, 1),
            (2, -1),
            (-2, 1),
            (-2, -1),
        ] {
            // A horse at king - (df, dr) moving by (df, dr); its leg is next to it.
            let Some(h) = king.offset(-df, -dr) else {
                continue;
            };
            let leg = if i8::abs(df) == 2 {
                h.offset(df / 2, 0)
            } else {
                h.offset(0, dr / 2)
            };
            if is(board.piece_at(h), Role::Horse) && leg.is_some_and(|l| board.is_empty_at(l)) {
                return true;
            }
        }
        let forward = if them.is_red() { 1 } else { -1 };
        for (df, dr, needs_crossing) in [(0, -forward, false), (1, 0, true), (-1, 0, true)] {
            if let Some(s) = king.offset(df, dr) {
                if is(board.piece_at(s), Role::Pawn)
                    && !(needs_crossing && s.rank().is_home_of(them))
                {
                    return true;
                }
            }
        }
        false
    }

    fn slow_legal_moves(pos: &Position) -> Vec<Move> {
        let us = pos.turn();
        let board = pos.board();
        let mut moves = Vec::new();
        for (from, p) in board.pieces().filter(|(_, p)| p.color == us) {
            let mut tos = Vec::new();
            let f = from.index() as usize;
            match p.role {
                Role::King | Role::Advisor => {
                    let near = if p.role == Role::King {
                        &ORTHOGONAL[f]
                    } else {
                        &DIAGONAL[f]
                    };
                    for &to in &near.sq[..near.len as usize] {
                        if Square::new_unchecked(to).in_palace_of(us) {
                            tos.push(to);
                        }
                    }
                }
                Role::Elephant | Role::Horse => {
                    let steps = if p.role == Role::Horse {
                        &HORSE[f]
                    } else {
                        &ELEPHANT[f]
                    };
                    for st in &steps.s[..steps.len as usize] {
                        let crosses = p.role == Role::Elephant
                            && !Square::new_unchecked(st.to).rank().is_home_of(us);
                        if board.at(st.block).is_none() && !crosses {
                            tos.push(st.to);
                        }
                    }
                }
                Role::Rook | Role::Cannon => {
                    for ray in &RAYS[f] {
                        let mut screens = 0;
                        for &to in &ray.sq[..ray.len as usize] {
                            let occupied = board.at(to).is_some();
                            if p.role == Role::Rook {
                                tos.push(to);
                                if occupied {
                                    break;
                                }
                            } else if occupied {
                                screens += 1;
                                if screens == 2 {
                                    tos.push(to);
                                    break;
                                }
                            } else if screens == 0 {
                                tos.push(to);
                            }
                        }
                    }
                }
                Role::Pawn => {
                    let forward = if us.is_red() { 1 } else { -1 };
                    tos.extend(from.offset(0, forward).map(|s| s.index()));
                    if !from.rank().is_home_of(us) {
                        tos.extend(from.offset(-1, 0).map(|s| s.index()));
                        tos.extend(from.offset(1, 0).map(|s| s.index()));
                    }
                }
            }
            for to in tos {
                let to = Square::new_unchecked(to);
                if board.piece_at(to).is_some_and(|q| q.color == us) {
                    continue;
                }
                let mut after = board.clone();
                after.set(to, after.piece_at(from));
                after.set(from, None);
                let king = if p.role == Role::King {
                    to
                } else {
                    pos.king(us)
                };
                if !slow_attacked(&after, king, us) {
                    moves.push(Move::new(from, to));
                }
            }
        }
        moves.sort();
        moves
    }

    /// A small deterministic generator (xorshift64*).
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
        }
    }

    /// Compares the generators with the reference on `pos`; returns the number
    /// of checking moves compared.
    fn check(pos: &Position, thorough: bool) -> usize {
        let mut fast: Vec<Move> = pos.legal_moves().to_vec();
        fast.sort();
        let slow = slow_legal_moves(pos);
        assert_eq!(fast, slow, "{}", fen::write(pos));
        for m in &slow {
            let role = pos.piece_at(m.from).unwrap().role;
            assert!(pos.reach(m.from, role) & bit(m.to.index()) != 0, "{m}");
            let mut played = pos.clone();
            played.play_unchecked(*m);
            assert!(pos.after(*m) == played, "{} {m}", fen::write(pos));
        }
        let checking: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| {
                let mut after = pos.clone();
                after.play_unchecked(m);
                after.is_check()
            })
            .collect();
        assert_eq!(
            pos.checking_moves().to_vec(),
            checking,
            "{}",
            fen::write(pos)
        );
        let theirs = |m: &&Move| pos.piece_at(m.to).is_some();
        let captures: Vec<Move> = pos.legal_moves().iter().filter(theirs).copied().collect();
        assert_eq!(pos.captures().to_vec(), captures, "{}", fen::write(pos));
        assert_eq!(pos.perft(1), slow.len() as u64);
        assert_eq!(
            pos.has_legal_move(),
            !slow.is_empty(),
            "{}",
            fen::write(pos)
        );
        let us = pos.turn();
        assert_eq!(pos.is_check(), slow_attacked(pos.board(), pos.king(us), us));
        if thorough {
            for sq in Square::all() {
                let to_sq: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .filter(|m| m.to == sq)
                    .copied()
                    .collect();
                assert_eq!(
                    pos.legal_moves_to(sq).to_vec(),
                    to_sq,
                    "{} to {sq}",
                    fen::write(pos)
                );
            }
            for from in Square::all() {
                let mut expected: Vec<Move> =
                    slow.iter().filter(|m| m.from == from).copied().collect();
                let mut got = pos.legal_moves_from(from).to_vec();
                got.sort();
                expected.sort();
                assert_eq!(got, expected, "{} from {from}", fen::write(pos));
                for to in Square::all() {
                    let m = Move::new(from, to);
                    assert_eq!(
                        pos.is_legal(m),
                        expected.contains(&m),
                        "{} {m}",
                        fen::write(pos)
                    );
                }
            }
        }
        checking.len()
    }

    #[test]
    fn generator_matches_slow_reference_on_random_games() {
        let starts = [
            fen::START,
            "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1",
            // Composed: extra pieces, pieces on points they could never reach.
            "2cak4/3Pa4/4c4/2R1n4/9/2n1C1r2/4P4/3AN4/2pCA4/3K1c3 w",
        ];
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let (mut positions, mut in_check, mut checking) = (0, 0, 0);
        for start in starts {
            for _ in 0..100 {
                let mut pos = fen::position(start, Tolerance::COMPOSED).unwrap();
                for _ in 0..100 {
                    checking += check(&pos, positions % 50 == 0);
                    positions += 1;
                    in_check += usize::from(pos.is_check());
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(positions > 20_000);
        // Enough checks (849 positions in check, 33,469 checking moves) to
        // exercise the evasion masks and the checking-move filter.
        assert!(in_check > 500, "{in_check}");
        assert!(checking > 20_000, "{checking}");
    }
}
