//! Legal positions: move generation, playing moves, check, mate and 困毙.

use core::fmt;

use crate::board::SquareSet;
use crate::setup::{PositionError, Problem, Tolerance};
use crate::tables::{
    DIAGONAL, ELEPHANT, HORSE, HORSE_ATTACKERS, ORTHOGONAL, RAYS, ZOBRIST, ZOBRIST_BLACK,
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
            key ^= ZOBRIST[p.index()][sq.index() as usize];
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
        let mut list = MoveList::new();
        self.pseudo_moves(&mut list);
        self.keep_legal(&mut list);
        list
    }

    /// The legal moves of the piece on `from`.
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = self.legal_moves();
        list.retain(|m| m.from == from);
        list
    }

    /// `true` if `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        match self.board.piece_at(m.from) {
            Some(p) if p.color == self.turn => self.legal_moves_from(m.from).contains(&m),
            _ => false,
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

    /// Plays a move without checking it. The move must come from
    /// [`Position::legal_moves`] of this position (for hot loops such as perft);
    /// anything else leaves a position that breaks its invariants, though it
    /// never causes undefined behaviour or a panic.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let Some(piece) = self.board.piece_at(m.from) else {
            return;
        };
        let captured = self.board.set(m.to, Some(piece));
        self.board.set(m.from, None);
        let z = &ZOBRIST[piece.index()];
        self.key ^= z[m.from.index() as usize] ^ z[m.to.index() as usize];
        if let Some(c) = captured {
            self.key ^= ZOBRIST[c.index()][m.to.index() as usize];
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

    /// How the game ends here by the position alone, if it does.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
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
        !self
            .board
            .pieces()
            .any(|(_, p)| matches!(p.role, Role::Rook | Role::Horse | Role::Cannon | Role::Pawn))
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
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut n = 0;
        for &m in &moves {
            let mut p = self.clone();
            p.play_unchecked(m);
            n += p.perft(depth - 1);
        }
        n
    }

    /// Pseudo-legal moves of the side to move (may leave the king in check).
    fn pseudo_moves(&self, list: &mut MoveList) {
        let us = self.turn;
        let board = &self.board;
        let own = board.occupied_by(us);
        let target_ok = |to: u8| own & (1u128 << to) == 0;
        for from in SquareSet(own) {
            let Some(p) = board.piece_at(from) else {
                continue;
            };
            let f = from.index() as usize;
            let mut add = |to: u8| list.push(Move::new(from, Square::new_unchecked(to)));
            match p.role {
                Role::King => {
                    let n = &ORTHOGONAL[f];
                    for &to in &n.sq[..n.len as usize] {
                        if target_ok(to) && Square::new_unchecked(to).in_palace_of(us) {
                            add(to);
                        }
                    }
                }
                Role::Advisor => {
                    let n = &DIAGONAL[f];
                    for &to in &n.sq[..n.len as usize] {
                        if target_ok(to) && Square::new_unchecked(to).in_palace_of(us) {
                            add(to);
                        }
                    }
                }
                Role::Elephant => {
                    let s = &ELEPHANT[f];
                    for st in &s.s[..s.len as usize] {
                        if target_ok(st.to)
                            && board.at(st.block).is_none()
                            && Square::new_unchecked(st.to).rank().is_home_of(us)
                        {
                            add(st.to);
                        }
                    }
                }
                Role::Horse => {
                    let s = &HORSE[f];
                    for st in &s.s[..s.len as usize] {
                        if target_ok(st.to) && board.at(st.block).is_none() {
                            add(st.to);
                        }
                    }
                }
                Role::Rook => {
                    for ray in &RAYS[f] {
                        for &to in &ray.sq[..ray.len as usize] {
                            match board.at(to) {
                                None => add(to),
                                Some(q) => {
                                    if q.color != us {
                                        add(to);
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
                Role::Cannon => {
                    for ray in &RAYS[f] {
                        let mut screened = false;
                        for &to in &ray.sq[..ray.len as usize] {
                            match (board.at(to), screened) {
                                (None, false) => add(to),
                                (None, true) => {}
                                (Some(_), false) => screened = true,
                                (Some(q), true) => {
                                    if q.color != us {
                                        add(to);
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
                Role::Pawn => {
                    let forward = if us.is_red() { 1 } else { -1 };
                    if let Some(to) = from.offset(0, forward) {
                        if target_ok(to.index()) {
                            add(to.index());
                        }
                    }
                    if !from.rank().is_home_of(us) {
                        for df in [-1, 1] {
                            if let Some(to) = from.offset(df, 0) {
                                if target_ok(to.index()) {
                                    add(to.index());
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Removes the moves that leave the mover's king attacked or facing the
    /// other king. Only moves that can change the king's safety are tried on
    /// the board: king moves, any move while in check, and moves from or to
    /// the king's file or rank or from a point diagonally next to the king (a
    /// horse leg). Every other move neither opens a line to the king, nor
    /// places a cannon screen, nor unblocks a horse.
    fn keep_legal(&self, list: &mut MoveList) {
        let us = self.turn;
        let king = self.king(us);
        let in_check = self.is_check();
        let (kf, kr) = (king.file(), king.rank());
        let mut scratch = self.board.clone();
        list.retain(|m| {
            let touches_king_lines = m.from.file() == kf
                || m.from.rank() == kr
                || m.to.file() == kf
                || m.to.rank() == kr
                || is_diagonal_neighbour(m.from, king);
            if !in_check && !touches_king_lines {
                return true;
            }
            let moved = scratch.set(m.from, None);
            let captured = scratch.set(m.to, moved);
            let k = if m.from == king { m.to } else { king };
            let safe = !king_attacked(&scratch, k, us);
            scratch.set(m.to, captured);
            scratch.set(m.from, moved);
            safe
        });
    }
}

#[inline]
fn is_diagonal_neighbour(a: Square, b: Square) -> bool {
    let df = a.file().index().abs_diff(b.file().index());
    let dr = a.rank().index().abs_diff(b.rank().index());
    df == 1 && dr == 1
}

/// `true` if `us`'s king standing on `king` would be attacked: by a rook or a
/// cannon on its lines, a horse whose leg is free, a pawn, or the other king
/// on an open file (flying general).
pub(crate) fn king_attacked(board: &Board, king: Square, us: Color) -> bool {
    let them = us.other();
    let k = king.index() as usize;
    for (d, ray) in RAYS[k].iter().enumerate() {
        let sqs = &ray.sq[..ray.len as usize];
        let mut it = sqs.iter().filter_map(|&s| board.at(s));
        if let Some(first) = it.next() {
            if first.color == them
                && (first.role == Role::Rook || (first.role == Role::King && d < 2))
            {
                return true;
            }
            if let Some(second) = it.next() {
                if second.color == them && second.role == Role::Cannon {
                    return true;
                }
            }
        }
    }
    let horse = Piece {
        color: them,
        role: Role::Horse,
    };
    let h = &HORSE_ATTACKERS[k];
    for st in &h.s[..h.len as usize] {
        if board.at(st.to) == Some(horse) && board.at(st.block).is_none() {
            return true;
        }
    }
    let pawn = Piece {
        color: them,
        role: Role::Pawn,
    };
    let behind = if them.is_red() { -1 } else { 1 };
    if king.offset(0, behind).and_then(|s| board.piece_at(s)) == Some(pawn) {
        return true;
    }
    for df in [-1, 1] {
        if let Some(s) = king.offset(df, 0) {
            if board.piece_at(s) == Some(pawn) && !s.rank().is_home_of(them) {
                return true;
            }
        }
    }
    false
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::fen::write(self))
    }
}
