//! Exchanges (交换, 29.1): what a side wins by starting a series of captures.
//!
//! After the first capture the opponent may recapture on the square where it
//! was just taken from, or stop; the side that started may go on capturing
//! anywhere, or stop. Both choose what is best for them. This covers the
//! plain exchange on one point as well as "以炮换马多得一卒" (trade a cannon for
//! a horse and win a pawn on the way). Once the side that started has
//! captured a second time, the opponent may also take elsewhere: a capture
//! that wins only if the opponent never answers so is "得不偿失" when that
//! answer leaves the side behind (see [`Exchanges::of`]). To a first capture
//! that would win although it can be taken back, the opponent may also
//! answer by taking another piece with check and taking back once the check
//! is answered (CXA 2020 参考图31). A follow-up capture that gives check
//! cannot be answered by stopping: the opponent answers the check, and the
//! captures go on (29.1, checks and exchanges are one means).
//!
//! Every capture is a legal move of the position it is played in, so pins,
//! the flying-general rule and cannon screens that disappear are respected: a
//! root that cannot legally recapture is no root (假根, 28.16).

use std::cell::{OnceCell, RefCell};

use super::attack::{attacks, on_path};
use super::mate::{can_force_mate, mate_by_checks, MATE_CHECKS};
use super::value::{self, value};
use crate::tables::ALL_SQUARES;
use crate::{Move, Piece, Position, Role, Square};

/// How many captures deep an exchange is followed.
const MAX_CAPTURES: usize = 8;

/// The result of starting an exchange with one capture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// Material won by the side that starts, in [`super::value`] units, with both
    /// sides capturing only while it pays.
    pub gain: i32,
    /// Pieces the starting side takes on the best line (the first is the target).
    pub won: Vec<Piece>,
    /// Pieces it loses on that line.
    pub lost: Vec<Piece>,
    /// `true` if the opponent had at least one legal recapture of the first capture.
    pub recapturable: bool,
    /// Material pawns win after the first capture by taking anything but
    /// the piece that has just taken (see [`Exchange::wins_material`]).
    pub won_by_pawns: i32,
    /// The part of the best line that pawns take part in, if any (see
    /// [`PawnPart`]).
    pub pawn_part: Option<PawnPart>,
    /// The best line itself, the first capture included: the moves both
    /// sides play until one stops (what the balance is counted after).
    pub line: Vec<Move>,
}

/// Where the part of an exchange's line that pawns take part in begins: the
/// first capture made by a pawn or of a pawn, either side's (the first
/// capture itself when a pawn makes it or is taken by it). What comes before
/// is counted as it is; the part itself is where a pawn's value floats (25.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PawnPart {
    /// Pieces the starting side won before the part.
    pub won: usize,
    /// Pieces it lost before the part.
    pub lost: usize,
    /// What the part is worth to it.
    pub worth: i32,
}

impl Exchange {
    /// `true` if the exchange wins material under 25.3 (see
    /// [`Exchange::counted`]).
    pub fn wins_material(&self) -> bool {
        self.counted() > 0
    }

    /// What the exchange wins as 25.3 counts it. The captures before pawns
    /// take part count in full. The part pawns take part in counts nothing
    /// won where it floats (pieces traded for pawns only, or pawns for pieces
    /// only, "一兵换取数子或一子换取数兵均不算得子"), and otherwise counts
    /// without what pawns win by taking anything but the piece that has just
    /// taken: that is a pawn's own capture (27.2 "兵(卒)本身捉吃…按闲处理";
    /// 参考图33 "等值交换后兵吃士", the pawn taking the other advisor), while a
    /// pawn taking back is a root at work, as any piece is (28.16), and with
    /// the piece that chases it attacks the same piece at once (27.1
    /// "其他棋子…同时捉吃…均按捉处理"; 参考图11 炮卒联合捉子).
    ///
    /// So a horse that wins a rook for itself has won, whatever a pawn trades
    /// for after it; a cannon that takes a horse and is taken back, then a
    /// pawn that takes back that cannon and is taken, has won nothing (an
    /// even trade, then a pawn for a piece).
    pub fn counted(&self) -> i32 {
        let Some(part) = self.pawn_part else {
            return self.gain - self.won_by_pawns;
        };
        let won = self.won.get(part.won..).unwrap_or_default();
        let lost = self.lost.get(part.lost..).unwrap_or_default();
        let pawns = if floats(won, lost) {
            part.worth.min(0)
        } else {
            part.worth - self.won_by_pawns
        };
        self.gain - part.worth + pawns
    }
}

/// 25.3 兵卒价值浮动: pieces won for pawns only, or pawns won for pieces
/// only — the pawns' value floats to whatever they were traded for
/// ("一兵换取数子或一子换取数兵均不算得子").
///
/// A piece won and one of the same kind lost on the way are an even trade
/// of their own (28.5 兑), not part of what the pawns bought: they are set
/// aside first, so that a horse traded for a horse in the middle of a
/// pawn's trade neither makes nor unmakes the float (which of two lines of
/// equal worth the search meets first must not decide it).
pub(super) fn floats(won: &[Piece], lost: &[Piece]) -> bool {
    // The pieces of each role given and bought, counted (a search asks this
    // of every exchange it weighs: no list is built).
    let count = |pieces: &[Piece]| {
        pieces.iter().fold([0usize; 7], |mut n, p| {
            n[p.role.index()] += 1;
            n
        })
    };
    let (mut given, mut bought) = (count(lost), count(won));
    for (g, b) in given.iter_mut().zip(&mut bought) {
        let even = (*g).min(*b);
        *g -= even;
        *b -= even;
    }
    let pawns = Role::Pawn.index();
    let pawns_only = |n: &[usize; 7]| n[pawns] > 0 && n.iter().sum::<usize>() == n[pawns];
    let pieces_in = |n: &[usize; 7]| n.iter().sum::<usize>() > n[pawns];
    (pawns_only(&given) && pieces_in(&bought)) || (pawns_only(&bought) && pieces_in(&given))
}

#[derive(Default, Clone)]
struct Line {
    score: i32,
    won: Pieces,
    lost: Pieces,
    /// Part of `score` pawns won by their own captures (see
    /// [`Exchange::counted`]).
    by_pawns: i32,
    /// The part pawns take part in.
    pawn_part: Option<PawnPart>,
    /// The moves of the line.
    moves: Moves,
}

/// The pieces a line takes, kept inline as its moves are (the search builds
/// many lines and keeps few): one for each capture of the line, so no more
/// than [`MAX_CAPTURES`].
#[derive(Clone, Copy)]
struct Pieces {
    len: u8,
    list: [Piece; MAX_CAPTURES],
}

impl Default for Pieces {
    fn default() -> Pieces {
        let filler = Piece {
            color: crate::Color::Red,
            role: Role::King,
        };
        Pieces {
            len: 0,
            list: [filler; MAX_CAPTURES],
        }
    }
}

impl Pieces {
    /// `piece` (if any), then the pieces of `rest`.
    fn then(piece: Option<Piece>, rest: Pieces) -> Pieces {
        let Some(piece) = piece else {
            return rest;
        };
        let mut list = rest.list;
        list.copy_within(..MAX_CAPTURES - 1, 1);
        list[0] = piece;
        Pieces {
            len: (rest.len + 1).min(MAX_CAPTURES as u8),
            list,
        }
    }

    /// The pieces, first to last.
    fn as_slice(&self) -> &[Piece] {
        &self.list[..self.len.into()]
    }
}

/// The longest line kept: every capture of an exchange, and an in-between
/// check with its answer.
#[cfg(feature = "lines")]
const LONGEST_LINE: usize = MAX_CAPTURES + 2;

/// The moves of a line, kept inline (the search builds many lines and
/// keeps few); nothing at all without the `lines` feature.
#[derive(Clone, Copy, Default)]
struct Moves {
    #[cfg(feature = "lines")]
    len: u8,
    #[cfg(feature = "lines")]
    list: [Option<Move>; LONGEST_LINE],
}

#[cfg(feature = "lines")]
impl Moves {
    /// `m`, then the moves of `rest` (as many as fit).
    fn then(m: Move, rest: Moves) -> Moves {
        let mut list = [None; LONGEST_LINE];
        list[0] = Some(m);
        list[1..].copy_from_slice(&rest.list[..LONGEST_LINE - 1]);
        Moves {
            len: (rest.len + 1).min(LONGEST_LINE as u8),
            list,
        }
    }

    /// The moves, first to last.
    fn to_vec(self) -> Vec<Move> {
        self.list
            .iter()
            .take(self.len.into())
            .flatten()
            .copied()
            .collect()
    }
}

#[cfg(not(feature = "lines"))]
impl Moves {
    /// No line is kept.
    fn then(_: Move, _: Moves) -> Moves {
        Moves {}
    }

    /// No line is kept.
    fn to_vec(self) -> Vec<Move> {
        Vec::new()
    }
}

/// What the sides weigh when choosing a line worth `score`, of which pawns
/// took `by_pawns` after the first capture: the material, and of equal
/// material, the part not taken by pawns (25.3: it counts for less). Both
/// sides choose by this order and never by the order moves are found in,
/// which would make the result depend on where the pieces stand, left or
/// right, red or black.
fn weight(score: i32, by_pawns: i32) -> Weight {
    pair(score, score - by_pawns)
}

/// A weight: a pair compared first by its first part, as one number (the
/// parts are material sums, far inside ±2³¹, so the order is the pair's).
type Weight = i64;

/// The weight of the pair `(a, b)`.
const fn pair(a: i32, b: i32) -> Weight {
    (a as i64) * (1 << 32) + b as i64
}

/// The weights between which a line can still change the choice above it
/// (alpha-beta): a side looks no further once it has a line at least as good
/// for it as the other side can already force elsewhere. Every line that
/// is chosen lies strictly inside its window, so it and its weight are what
/// the full search finds (each side keeps the first strictly best line).
#[derive(Clone, Copy)]
struct Window {
    /// What the starting side is sure of.
    alpha: Weight,
    /// What the defender is sure of.
    beta: Weight,
}

impl Window {
    /// No bound: the line and its weight are exact.
    const ALL: Window = Window {
        alpha: Weight::MIN / 2,
        beta: Weight::MAX / 2,
    };

    /// The window seen from a line shorter at the start, where the longer
    /// line's weight is the shorter's plus `shift`.
    fn shifted(self, shift: Weight) -> Window {
        Window {
            alpha: self.alpha - shift,
            beta: self.beta - shift,
        }
    }
}

/// Which captures a search may make.
#[derive(Clone, Copy)]
struct Limits {
    /// Points (a bit set) where the starting side's follow-up captures may
    /// not take; the exchange's own point is freed once play reaches it.
    excluded: u128,
    /// Points of the starting side's pieces that take no part (they never
    /// move, so the set stays true).
    banned: u128,
    /// Points (a bit set) where the defender may not take, once the
    /// starting side has captured a second time, other than by taking back
    /// on the point just taken: every point in the plain exchange on one
    /// point; in a chase's exchange, the pieces it could win at the start
    /// (those are its own chases).
    their_excluded: u128,
    /// 29.4 at every recapture: the defender does not take back where the
    /// starting side can then force mate.
    no_mated_recaptures: bool,
}

impl Limits {
    /// Every capture allowed.
    const NONE: Limits = Limits {
        excluded: 0,
        banned: 0,
        their_excluded: ALL_SQUARES,
        no_mated_recaptures: false,
    };

    /// The same limits, with captures on `square` allowed.
    fn freeing(self, square: Square) -> Limits {
        Limits {
            excluded: self.excluded & !square.bit(),
            ..self
        }
    }
}

impl Line {
    /// The line's [`weight`].
    fn key(&self) -> Weight {
        weight(self.score, self.by_pawns)
    }

    /// `true` if the defender prefers this line to `other`: it costs less
    /// by [`weight`]; of two that cost the same, the one with fewer
    /// captures, then by the pieces traded, role by role in a fixed order.
    /// Never the one found first: which answer is found first differs left
    /// and right, red and black, and the pieces traded decide whether a
    /// pawn's trade floats (25.3).
    fn before(&self, other: &Line) -> bool {
        let order = |l: &Line| {
            let roles = |p: &Pieces| {
                p.as_slice().iter().fold([0u8; 7], |mut n, q| {
                    n[q.role.index()] += 1;
                    n
                })
            };
            (
                l.key(),
                l.won.len + l.lost.len,
                roles(&l.won),
                roles(&l.lost),
            )
        };
        order(self) < order(other)
    }

    /// The line `rest` after the defender first lost `victim` to its move
    /// `m` in `pos`, worth `score` in all.
    fn after_losing(pos: &Position, m: Move, victim: Piece, rest: Line, score: i32) -> Line {
        Line {
            score,
            won: rest.won,
            lost: Pieces::then(Some(victim), rest.lost),
            by_pawns: rest.by_pawns,
            pawn_part: PawnPart::after(pos, m, Side::Defender, &rest, score),
            moves: Moves::then(m, rest.moves),
        }
    }
}

/// Which side of an exchange makes a move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// The side that started it.
    Starter,
    /// The side whose piece it took first.
    Defender,
}

impl PawnPart {
    /// The part pawns take part in, of a line worth `score` that begins with
    /// `side`'s move `m` in `pos` and goes on as `rest`: it begins here if
    /// `m` is a capture and a pawn takes or is taken.
    fn after(pos: &Position, m: Move, side: Side, rest: &Line, score: i32) -> Option<PawnPart> {
        let Some(victim) = pos.piece_at(m.to) else {
            return rest.pawn_part;
        };
        let by_pawn = pos.piece_at(m.from).is_some_and(|p| p.role == Role::Pawn);
        if by_pawn || victim.role == Role::Pawn {
            return Some(PawnPart {
                won: 0,
                lost: 0,
                worth: score,
            });
        }
        rest.pawn_part.map(|p| match side {
            Side::Starter => PawnPart {
                won: p.won + 1,
                ..p
            },
            Side::Defender => PawnPart {
                lost: p.lost + 1,
                ..p
            },
        })
    }
}

/// Plays `first` (a capture by the side to move) and follows the best series
/// of captures from there. Follow-up captures by the starting side are of
/// pieces it could not already win on their own at the start (those are
/// separate chases, not part of this exchange) or on the exchange's square.
///
/// To evaluate several captures of one position, build an [`Exchanges`] once.
pub fn exchange(pos: &Position, first: Move) -> Exchange {
    Exchanges::new(pos).of(first)
}

/// What both sides could win at the start of an exchange, computed once per
/// position and shared by all its captures.
pub struct Exchanges<'a> {
    pos: &'a Position,
    /// Squares of enemy pieces the side to move wins by a plain exchange.
    own_wins: u128,
    /// The position with the opponent to move (none when the side to move
    /// is in check): made when first needed.
    passed: OnceCell<Option<Position>>,
    /// The same as `own_wins` for the opponent, had it the move (none when
    /// in check): found when first needed.
    their_wins: OnceCell<u128>,
    /// Whether a capture that lets one of `own_wins` escape by taking costs
    /// that piece (see [`Exchanges::counting_escapes`]).
    escapes: bool,
    /// Points of the side's pieces the opponent does not take in answer
    /// elsewhere (see [`Exchanges::sparing`]).
    spared: u128,
}

impl<'a> Exchanges<'a> {
    /// Prepares the exchanges of `pos`.
    pub fn new(pos: &'a Position) -> Exchanges<'a> {
        Exchanges {
            pos,
            own_wins: winnable_squares(pos),
            passed: OnceCell::new(),
            their_wins: OnceCell::new(),
            escapes: false,
            spared: 0,
        }
    }

    /// 29.2 asked before a move that steps the piece on `spared` (a bit
    /// set) out of an attack: taking that piece is no answer elsewhere to
    /// the exchange, as the piece stepping away adds no attacking force to
    /// it (CXA 2020 参考图37 "避吃促成得子，但没有加强进攻子力，判闲").
    pub fn sparing(mut self, spared: u128) -> Self {
        self.spared = spared;
        self
    }

    /// CXA 2020 参考图39 ("不能离线"): if `on`, a capture after which a piece
    /// the side could win escapes by taking one of its pieces, and cannot be
    /// won any more, loses that piece as well as the one taken.
    pub fn counting_escapes(mut self, on: bool) -> Self {
        self.escapes = on;
        self
    }

    /// `true` if, counting escapes, the capture `first` (played in `after`)
    /// may let a piece the side could win get away by the capture `m`: the
    /// capturing piece guarded what `m` takes — a piece of the attack, not
    /// the escaping piece's own attacker (a piece that can take its attacker
    /// is only offered an exchange, 28.5).
    fn may_escape(&self, first: Move, after: &Position, m: Move) -> bool {
        self.escapes
            && self.own_wins & m.from.bit() != 0
            && attacks(self.pos.board(), first.from, m.to)
            && !attacks(after.board(), m.to, m.from)
    }

    /// The limits of the exchange that `first` starts: follow-up captures
    /// only of pieces the side could not win at the start.
    fn limits(&self, first: Move) -> Limits {
        Limits {
            excluded: self.own_wins & !first.to.bit(),
            ..Limits::NONE
        }
    }

    /// The points of the pieces the opponent could win at the start, had
    /// it the move (none when the side to move is in check).
    fn their_wins(&self) -> u128 {
        *self
            .their_wins
            .get_or_init(|| self.them().map(winnable_squares).unwrap_or_default())
    }

    /// The position with the opponent to move, if the side to move is not
    /// in check.
    fn them(&self) -> Option<&Position> {
        self.passed.get_or_init(|| self.pos.pass()).as_ref()
    }

    /// The exchange that `first` starts within `limits`, the defender
    /// answering by taking back; if that wins, the defender may also answer
    /// a second capture by taking elsewhere (a piece it could not win at
    /// the start: those are its own chases), which counts only if the
    /// starting side then ends behind (得不偿失, "gains less than it
    /// loses"): an answer that only evens the balance leaves the chase
    /// standing, as an even loss by a way the first capture opens does
    /// (CXA 2020 参考图27).
    ///
    /// The same exchanges are asked of the same positions again and again
    /// (a position is the one after a move and the one before the next), so
    /// each thread remembers the latest answers, as [`winnable_squares`]
    /// does: the answer is a fact of the position, the capture, whether
    /// 29.4 is asked at every recapture and the pieces spared.
    fn answered(&self, first: Move, limits: Limits) -> Exchange {
        let key = (
            self.pos.key(),
            first,
            limits.no_mated_recaptures,
            self.spared,
        );
        let slot = (key.0 ^ u64::from(first.from.index()) << 7 ^ u64::from(first.to.index()))
            as usize
            & (ANSWERED_SLOTS - 1);
        let known = ANSWERED.with(|t| {
            t.borrow()[slot]
                .as_ref()
                .filter(|(k, _)| *k == key)
                .map(|(_, ex)| ex.clone())
        });
        if let Some(ex) = known {
            return ex;
        }
        let ex = self.searched(first, limits);
        ANSWERED.with(|t| t.borrow_mut()[slot] = Some((key, ex.clone())));
        ex
    }

    /// [`Exchanges::answered`], searched.
    fn searched(&self, first: Move, limits: Limits) -> Exchange {
        let ex = exchange_within(self.pos, first, limits);
        if !ex.wins_material() {
            return ex;
        }
        let either_side = Limits {
            their_excluded: self.their_wins() | self.spared,
            ..limits
        };
        let answered = exchange_within(self.pos, first, either_side);
        if answered.gain < 0 {
            answered
        } else {
            ex
        }
    }

    /// The plain exchange that `first` starts, with 29.4 asked at every
    /// recapture (28.16 假根 further down the exchange): the defender does
    /// not take back where the starting side can then force mate, as a
    /// root whose recapture is mated is no root (2020 参考图25, 图7). When
    /// every first recapture is mated the root is false outright (the chase
    /// module asks that first); this is asked when the exchange does not win
    /// as counted and some recapture is not mated.
    pub fn sparing_mated_recaptures(&self, first: Move) -> Exchange {
        self.within(first, self.sparing_limits(first))
    }

    /// [`Exchanges::limits`] with 29.4 asked at every recapture.
    fn sparing_limits(&self, first: Move) -> Limits {
        Limits {
            no_mated_recaptures: true,
            ..self.limits(first)
        }
    }

    /// Why the defender stops where `line` (a line of
    /// [`Exchanges::sparing_mated_recaptures`]) ends: the line, a recapture
    /// the defender could make there and the best continuation after it, to
    /// the recapture after which the side that started forces mate, and that
    /// mate. Empty if there is none, or without the `lines` feature.
    pub fn mated_recapture_shown(&self, line: &[Move]) -> Vec<Move> {
        let Some(&first) = line.first().filter(|_| cfg!(feature = "lines")) else {
            return Vec::new();
        };
        let mut end = self.pos.clone();
        for &m in line {
            end.play_unchecked(m);
        }
        refuted_recapture(&end, line.to_vec(), self.sparing_limits(first)).unwrap_or_default()
    }

    /// The exchange that `first` starts (see [`exchange`]). Where it wins
    /// with the opponent only taking back, the opponent may also answer the
    /// second capture and any after it by taking elsewhere a piece it could
    /// not win at the start; that counts where it leaves the side that
    /// started behind, not where it only evens the balance (参考图27).
    pub fn of(&self, first: Move) -> Exchange {
        self.within(first, self.limits(first))
    }

    /// [`Exchanges::of`] where the exchange on the square wins material;
    /// where it does not, that exchange as it is. What the capture gives up
    /// elsewhere (得不偿失) only ever lowers the gain, so the answer to
    /// "does it win?" is the same, and a caller that asks no more of an
    /// exchange that does not win is spared that search.
    pub fn of_if_it_wins(&self, first: Move) -> Exchange {
        let plain = self.answered(first, self.limits(first));
        if plain.wins_material() {
            self.with_what_it_gives_up(first, plain)
        } else {
            plain
        }
    }

    /// The exchange that `first` starts, searched within `limits`, with
    /// what the capture gives up elsewhere.
    fn within(&self, first: Move, limits: Limits) -> Exchange {
        self.with_what_it_gives_up(first, self.answered(first, limits))
    }

    /// The exchange `ex` on the square that `first` starts, with what the
    /// capture gives up elsewhere.
    fn with_what_it_gives_up(&self, first: Move, mut ex: Exchange) -> Exchange {
        let pos = self.pos;
        // "被牵子捉子" (CXA 2020 图23): if the capturing piece was holding a way
        // shut — a line, a horse's leg, an elephant's eye — and leaving it lets
        // the opponent win, that way, a piece it could not win before and that
        // is worth more than the capture gains, the capture does not pay.
        // (A piece that only loses its protection does not count: 1999 图四.)
        if pos.is_check() {
            return ex;
        }
        let after = pos.after(first);
        for &m in after.captures().iter() {
            if m.to == first.to || after.piece_at(m.to).is_none() {
                continue;
            }
            // Only a loss that outweighs the piece taken makes the capture
            // "得不偿失"; an even trade of this kind leaves the chase standing
            // (CXA 2020 参考图27) — unless the piece that trades back gets
            // away by it, a piece the capturer was winning (参考图39 "不能离线":
            // when the rook that guards the cannon's screen takes a horse, the
            // rook the cannon would have won takes the screen and is gone).
            // The capturer held the way shut by standing on it, or by pinning
            // the piece that now takes to its king (图23's 牵 either way).
            let line = on_path(after.board(), m.from, m.to, first.from)
                || attacks(pos.board(), m.from, m.to)
                    && self.them().is_some_and(|p| !p.is_legal(m));
            let may_escape = self.may_escape(first, &after, m);
            let already_lost = || self.them().is_some_and(|p| already_won(p, m.to));
            if !line && !may_escape || self.their_wins() & m.to.bit() != 0 && already_lost() {
                continue;
            }
            let taken = ex.won.first().map_or(0, |&p| value(p, first.to));
            let reply = single_square(&after, m);
            let mut counter = reply.score;
            if may_escape && counter >= taken && gets_away(&after, m) {
                counter += after.piece_at(m.from).map_or(0, |p| value(p, m.from));
            } else if !line {
                continue;
            }
            let gain = taken - counter;
            if gain < 0 && gain < ex.gain {
                ex.gain = gain;
                ex.lost = after.piece_at(m.to).into_iter().collect();
                ex.won.truncate(1);
                ex.won_by_pawns = 0;
                ex.pawn_part = None;
                ex.line = Moves::then(first, reply.moves).to_vec();
            }
        }
        ex
    }
}

/// [`Exchanges::mated_recapture_shown`] from `pos`, reached by `line`: if the
/// defender is to move there, each of its recaptures on the line's last
/// point, then either the mate it allows or the starting side's best
/// continuation (within `limits`) and the same question at its end.
fn refuted_recapture(pos: &Position, line: Vec<Move>, limits: Limits) -> Option<Vec<Move>> {
    let &last = line.last()?;
    if line.len() % 2 == 0 || line.len() >= MAX_CAPTURES {
        return None;
    }
    pos.legal_moves_to(last.to).iter().find_map(|&r| {
        let mut next = pos.after(r);
        let mut longer = line.clone();
        longer.push(r);
        if can_force_mate(&next) {
            longer.extend(mate_by_checks(&next, MATE_CHECKS).unwrap_or_default());
            return Some(longer);
        }
        let more = attacker(
            &next,
            longer.len(),
            limits.freeing(last.to),
            Window::ALL,
            Some(last.to),
        )
        .moves
        .to_vec();
        if more.is_empty() {
            return None;
        }
        for &m in &more {
            next.play_unchecked(m);
        }
        longer.extend(more);
        refuted_recapture(&next, longer, limits)
    })
}

/// `true` if taking with `m` gives another piece up: once it has taken, the
/// opponent can win a piece it could not win before, worth at least the one
/// taken, so the capture gains nothing — the capturing piece was its root,
/// or the screen of its root (2020 参考图15) — or worth more, by a way the
/// capturing piece held shut (图23; an even trade there still chases,
/// 参考图27).
pub fn gives_up_a_piece(pos: &Position, m: Move) -> bool {
    gives_up(pos, m, 0)
}

/// `true` if taking with `m` lets the opponent win, elsewhere, a piece worth
/// more than the one taken: whoever takes so loses by it (28.5: an offer
/// taken at such a cost is no even trade; 28.6 "不致…在子力价值上遭受损失").
/// One worth the same only makes the trade even another way; and what the
/// taker's side can win back at once, when the opponent so captures, is set
/// against it (the horse that took attacks the rook that would take) — not
/// a piece it could win before, whatever it took.
pub fn gives_up_more(pos: &Position, m: Move) -> bool {
    gives_up(pos, m, 1)
}

/// [`gives_up_a_piece`], the piece won elsewhere worth at least `more` above
/// the one taken; with `more`, net of the taker's side's best capture
/// elsewhere in answer.
fn gives_up(pos: &Position, m: Move, more: i32) -> bool {
    let Some(taken) = pos.piece_at(m.to) else {
        return false;
    };
    let theirs = winnable_by_the_opponent(pos);
    let own = if more == 0 { 0 } else { winnable_squares(pos) };
    let after = pos.after(m);
    after.captures().iter().any(|&c| {
        // A way the capture opens (a line, a horse's leg, an elephant's eye)
        // costs only a loss bigger than the capture (参考图27: an even trade
        // there leaves the chase standing).
        let opened = i32::from(!attacks(pos.board(), c.from, c.to));
        let needed = value(taken, m.to) + opened.max(more);
        if c.to == m.to || theirs & c.to.bit() != 0 {
            return false;
        }
        let gain = single_square_gain(&after, c);
        gain >= needed && (more == 0 || gain - won_back(&after, c, own) >= needed)
    })
}

/// The most the side that is not to move in `pos` wins by one capture
/// elsewhere once `c` is played — not of the pieces on `anyway`, which it
/// could win before: what it takes back in answer to `c`.
pub(super) fn won_back(pos: &Position, c: Move, anyway: u128) -> i32 {
    let next = pos.after(c);
    next.captures()
        .iter()
        .filter(|a| a.to != c.to && anyway & a.to.bit() == 0)
        .map(|&a| single_square_gain(&next, a))
        .max()
        .unwrap_or(0)
        .max(0)
}

/// `true` if the side to move in `them` (the opponent of the side about to
/// capture) could already win the piece on `sq` — by a capture that gives
/// nothing up elsewhere (a horse pinned to a bigger piece wins nothing by
/// taking, 图23) — so that losing it is not the doing of that capture.
fn already_won(them: &Position, sq: Square) -> bool {
    them.legal_moves_to(sq)
        .iter()
        .any(|&c| single_square_gain(them, c) > 0 && !gives_up_a_piece(them, c))
}

/// `true` if the piece that takes with `m` cannot be won where it lands.
fn gets_away(pos: &Position, m: Move) -> bool {
    let gone = pos.after(m);
    winnable_squares(&gone) & m.to.bit() == 0
}

/// The points of the side to move's pieces that the opponent could win,
/// were it to move now: [`winnable_squares`] after a pass (none when the side
/// to move is in check, as no pass is legal then).
pub(super) fn winnable_by_the_opponent(pos: &Position) -> u128 {
    pos.pass().map_or(0, |p| winnable_squares(&p))
}

/// The points of the enemy pieces the side to move can win by a plain
/// exchange on their point, as a bit set.
///
/// A fact about the position alone, asked of the same positions again and
/// again — a position is the one after a move and the one before the next,
/// and the checking-line search meets the same positions from many lines and
/// many moves — so each thread remembers the latest answers by
/// [`Position::key`], as the mate search does (`mate.rs`), in a direct-mapped
/// table: a position that lands on an occupied slot replaces it.
pub(super) fn winnable_squares(pos: &Position) -> u128 {
    let key = pos.key();
    let slot = key as usize & (WINNABLE_SLOTS - 1);
    let (k, known) = WINNABLE.with(|t| t.borrow()[slot]);
    if k == key && known & REMEMBERED != 0 {
        return known & !REMEMBERED;
    }
    let set = pos
        .captures()
        .iter()
        .filter(|&&m| single_square_gain(pos, m) > 0)
        .fold(0, |set, m| set | m.to.bit());
    WINNABLE.with(|t| t.borrow_mut()[slot] = (key, set | REMEMBERED));
    set
}

/// Slots in the table of [`winnable_squares`] (a power of two).
const WINNABLE_SLOTS: usize = 1 << 12;

/// Marks a slot of the table that holds an answer: a bit beyond the board's
/// 90 points (an empty slot is all zeros).
const REMEMBERED: u128 = 1 << 127;

/// Slots in the table of [`Exchanges::answered`] (a power of two).
const ANSWERED_SLOTS: usize = 1 << 10;

/// An answer of [`Exchanges::answered`] and what it was asked of: the
/// position's key, the capture, whether 29.4 was asked at every recapture,
/// and the pieces spared.
type Answered = Option<((u64, Move, bool, u128), Exchange)>;

thread_local! {
    static ANSWERED: RefCell<Vec<Answered>> = RefCell::new(vec![None; ANSWERED_SLOTS]);
    static WINNABLE: RefCell<[(u64, u128); WINNABLE_SLOTS]> =
        const { RefCell::new([(0, 0); WINNABLE_SLOTS]) };
}

/// The gain of a capture followed only by recaptures on the same point (the
/// classic static exchange).
pub fn single_square_gain(pos: &Position, first: Move) -> i32 {
    single_square(pos, first).score
}

/// [`single_square_gain`] with its line: the capture and the recaptures on
/// its point while they pay, and the gain.
pub fn single_square_line(pos: &Position, first: Move) -> (Vec<Move>, i32) {
    let line = single_square(pos, first);
    (line.moves.to_vec(), line.score)
}

/// [`single_square_gain`] with its line.
fn single_square(pos: &Position, first: Move) -> Line {
    let Some(target) = pos.piece_at(first.to) else {
        return Line::default();
    };
    let after = pos.after(first);
    let everywhere_else = ALL_SQUARES & !first.to.bit();
    let here_only = Limits {
        excluded: everywhere_else,
        ..Limits::NONE
    };
    let rest = defender(&after, first.to, 1, here_only, Window::ALL);
    Line {
        score: value(target, first.to) + rest.score,
        moves: Moves::then(first, rest.moves),
        ..Line::default()
    }
}

/// [`exchange`] in which the starting side's pieces on `banned` take no part:
/// what the other pieces win by themselves.
pub fn exchange_without(pos: &Position, first: Move, banned: &[Square]) -> Exchange {
    let banned = banned.iter().fold(0, |set, &s| set | s.bit());
    exchange_within(
        pos,
        first,
        Limits {
            banned,
            ..Limits::NONE
        },
    )
}

/// [`exchange`] with the starting side's follow-up captures and the
/// defender's answers within `limits`.
fn exchange_within(pos: &Position, first: Move, limits: Limits) -> Exchange {
    let Some(target) = pos.piece_at(first.to) else {
        return Exchange {
            gain: 0,
            won: Vec::new(),
            lost: Vec::new(),
            recapturable: false,
            won_by_pawns: 0,
            pawn_part: None,
            line: Vec::new(),
        };
    };
    let after = pos.after(first);
    let recaptures = after.legal_moves_to(first.to);
    let recapturable = !recaptures.is_empty();
    let mut rest = defender_among(&after, first.to, &recaptures, 1, limits, Window::ALL);
    // An in-between capture only refutes a capture that wins although the
    // defender can take back.
    if recapturable && value(target, first.to) + rest.score > 0 {
        let other = take_with_check_first(&after, first.to, limits);
        if other.key() < rest.key() {
            rest = other;
        }
    }
    let exchange = |rest: Line| {
        let gain = value(target, first.to) + rest.score;
        Exchange {
            gain,
            won: Pieces::then(Some(target), rest.won).as_slice().to_vec(),
            lost: rest.lost.as_slice().to_vec(),
            recapturable,
            won_by_pawns: rest.by_pawns,
            pawn_part: PawnPart::after(pos, first, Side::Starter, &rest, gain),
            line: Moves::then(first, rest.moves).to_vec(),
        }
    };
    let most = rest.score;
    let ex = exchange(rest);
    if !recapturable || !ex.wins_material() {
        return ex;
    }
    floating_recapture(&after, first.to, most, limits)
        .into_iter()
        .map(exchange)
        .filter(|ex| ex.pawn_part.is_some() && !ex.wins_material())
        .min_by_key(|ex| weight(ex.gain, ex.won_by_pawns))
        .unwrap_or(ex)
}

/// The defender's answers to a first capture on `square` (played in
/// `pos`) that may make the exchange float: 25.3 "一兵换取数子或一子换取数兵均不算得子"
/// (2020 参考图33 "浮动价值的兵换士、炮为等值交换": a pawn that takes and is taken
/// back, a horse then taking the piece that took it, is an even trade; so is
/// an advisor that takes a pawn, taken back by a pawn the rook then takes).
/// Of two lines that cost the defender the same material, it takes back on
/// the one after which nothing is won as 25.3 counts it: the numbers are the
/// first measure (a defender that gives up more to make a pawn's trade
/// float has lost more, not traded evenly), and between equal numbers 25.3
/// decides. `most` is what the best line by the numbers loses the defender
/// after the first capture, as the search counts it; the lines returned
/// cost no more, and the caller keeps those a pawn takes part in that do
/// not win.
fn floating_recapture(pos: &Position, square: Square, most: i32, limits: Limits) -> Vec<Line> {
    let Some(taker) = pos.piece_at(square).filter(|&p| value(p, square) > 0) else {
        return Vec::new();
    };
    let free = limits.freeing(square);
    let here_only = Limits {
        excluded: ALL_SQUARES & !square.bit(),
        ..limits
    };
    pos.legal_moves_to(square)
        .iter()
        .filter_map(|&m| {
            let next = pos.after(m);
            // The trade on the square itself, if the starting side does no
            // better by capturing elsewhere too (an even trade on the way
            // would only reorder equal lines).
            let here = attacker(&next, 2, here_only, Window::ALL, Some(square));
            let best = attacker(&next, 2, free, Window::ALL, Some(square));
            (here.key() == best.key()).then(|| {
                let score = here.score - value(taker, square);
                Line::after_losing(pos, m, taker, here, score)
            })
        })
        .filter(|line| line.score <= most)
        .collect()
}

/// The starting side to move: stop, or capture anything. Exact within
/// `window` (see [`Window`]). `retake` is the point where the defender has
/// just captured, if it has: a pawn that takes back there completes the
/// trade on that point, as any root does (28.16), and what it takes counts
/// in full; what a pawn wins anywhere else is its own capture (27.2, 参考图33
/// "等值交换后兵吃士"; see [`Exchange::counted`]).
fn attacker(
    pos: &Position,
    depth: usize,
    limits: Limits,
    window: Window,
    retake: Option<Square>,
) -> Line {
    let mut best = Line::default();
    if depth >= MAX_CAPTURES || best.key() >= window.beta {
        return best;
    }
    let board = pos.board();
    let victims =
        board.occupied_by(pos.turn().other()) & !board.by_role(Role::King) & !limits.excluded;
    for &m in pos.legal_moves_within(victims).iter() {
        if limits.banned & m.from.bit() != 0 {
            continue;
        }
        let Some(victim) = pos.piece_at(m.to) else {
            continue;
        };
        let next = pos.after(m);
        let taken = value(victim, m.to);
        let by_pawn =
            retake != Some(m.to) && pos.piece_at(m.from).is_some_and(|p| p.role == Role::Pawn);
        let pawn_share = if by_pawn { taken } else { 0 };
        let sure = Window {
            alpha: window.alpha.max(best.key()),
            ..window
        };
        let inner = sure.shifted(pair(taken, taken - pawn_share));
        let rest = defender(&next, m.to, depth + 1, limits, inner);
        let score = taken + rest.score;
        let by_pawns = rest.by_pawns + pawn_share;
        if weight(score, by_pawns) > best.key() {
            best = Line {
                score,
                won: Pieces::then(Some(victim), rest.won),
                lost: rest.lost,
                by_pawns,
                pawn_part: PawnPart::after(pos, m, Side::Starter, &rest, score),
                moves: Moves::then(m, rest.moves),
            };
            if best.key() >= window.beta {
                break;
            }
        }
    }
    best
}

/// The defender to move after the starting side took on `square`: stop, or
/// take back there — or, in check after a follow-up capture, answer the
/// check ([`answer_in_check`]). Exact within `window` (see [`Window`]).
fn defender(pos: &Position, square: Square, depth: usize, limits: Limits, window: Window) -> Line {
    if (3..MAX_CAPTURES).contains(&depth) && pos.is_check() {
        return answer_in_check(pos, square, depth, limits, window);
    }
    if defender_stops(depth, window) {
        return Line::default();
    }
    let back = defender_among(
        pos,
        square,
        &pos.legal_moves_to(square),
        depth,
        limits,
        window,
    );
    // The answer to the first capture (depth 1) is only taking back: what
    // that capture gives up elsewhere is weighed on its own terms (图23,
    // 参考图27: `Exchanges::with_what_it_gives_up`).
    if depth == 1 || limits.their_excluded == ALL_SQUARES {
        return back;
    }
    elsewhere(pos, square, depth, limits, window, back)
}

/// The defender's other answers to a follow-up capture on `square`: taking
/// a piece elsewhere (not one it could win at the start), when that does
/// better than `back`, the best way of taking back or stopping.
fn elsewhere(
    pos: &Position,
    square: Square,
    depth: usize,
    limits: Limits,
    window: Window,
    back: Line,
) -> Line {
    if back.key() <= window.alpha {
        return back;
    }
    let board = pos.board();
    let victims = board.occupied_by(pos.turn().other())
        & !board.by_role(Role::King)
        & !limits.their_excluded
        & !square.bit();
    let answers = pos.legal_moves_within(victims);
    best_answer(pos, &answers, depth, limits, window, back, false)
}

/// `true` if the defender, at `depth`, stops at once: the exchange is as
/// long as it may be, or stopping is all `window` asks about.
fn defender_stops(depth: usize, window: Window) -> bool {
    depth >= MAX_CAPTURES || Line::default().key() <= window.alpha
}

/// [`defender`], whose recaptures on `square` are `recaptures` (found
/// once where the caller needs them too).
fn defender_among(
    pos: &Position,
    square: Square,
    recaptures: &[Move],
    depth: usize,
    limits: Limits,
    window: Window,
) -> Line {
    if defender_stops(depth, window) || pos.piece_at(square).is_none() {
        return Line::default();
    }
    let after = limits.freeing(square);
    let spare_mated = limits.no_mated_recaptures;
    best_answer(
        pos,
        recaptures,
        depth,
        after,
        window,
        Line::default(),
        spare_mated,
    )
}

/// The defender's best of `best` and the captures `answers`, each followed
/// by the starting side's best continuation within `limits`. Exact within
/// `window` (see [`Window`]). With `spare_mated` (29.4), an answer after
/// which the starting side can force mate is not made.
fn best_answer(
    pos: &Position,
    answers: &[Move],
    depth: usize,
    limits: Limits,
    window: Window,
    mut best: Line,
    spare_mated: bool,
) -> Line {
    for &m in answers {
        if best.key() <= window.alpha {
            break;
        }
        let sure = Window {
            beta: window.beta.min(best.key()),
            ..window
        };
        let next = pos.after(m);
        let line = answer_line(pos, m, &next, depth, limits, sure);
        // The mate is asked last, of an answer that would be chosen.
        if line.key() < best.key() && !(spare_mated && can_force_mate(&next)) {
            best = line;
        }
    }
    best
}

/// The defender's answer `m` in `pos` at `depth` (a capture or, in check,
/// any move), which leads to `next`, followed by the starting side's best
/// continuation within `limits`: exact within `window` (of the whole line).
fn answer_line(
    pos: &Position,
    m: Move,
    next: &Position,
    depth: usize,
    limits: Limits,
    window: Window,
) -> Line {
    let victim = pos.piece_at(m.to);
    let lost = victim.map_or(0, |p| value(p, m.to));
    let shifted = window.shifted(pair(-lost, -lost));
    let rest = attacker(next, depth + 1, limits, shifted, victim.map(|_| m.to));
    let score = rest.score - lost;
    Line {
        score,
        won: rest.won,
        lost: Pieces::then(victim, rest.lost),
        by_pawns: rest.by_pawns,
        pawn_part: PawnPart::after(pos, m, Side::Defender, &rest, score),
        moves: Moves::then(m, rest.moves),
    }
}

/// The defender in check after a follow-up capture on `square`: it cannot
/// stop, as stopping is a move too, and in check the move must answer the
/// check (29.1 "能够通过连续照将吃子": captures and checks are one means). It
/// answers by any legal move — taking back there, taking the checker or
/// another piece, blocking or stepping away — after which the starting side
/// goes on capturing or stops. Mated, it has no answer and the exchange
/// ends there: a mate is not material (杀 is a kind of its own, 28.2).
///
/// Only from the starting side's second capture on (as for answers
/// elsewhere): the answer to the first capture is the exchange on its point.
fn answer_in_check(
    pos: &Position,
    square: Square,
    depth: usize,
    limits: Limits,
    window: Window,
) -> Line {
    let free = limits.freeing(square);
    let mut best: Option<Line> = None;
    for &e in pos.legal_moves().iter() {
        if best.as_ref().is_some_and(|b| b.key() <= window.alpha) {
            break;
        }
        // A line as good as the best so far is searched exactly too: of
        // two answers that cost the same, the tie decides (`Line::before`).
        let sure = Window {
            beta: best
                .as_ref()
                .map_or(window.beta, |b| window.beta.min(b.key() + 1)),
            ..window
        };
        let next = pos.after(e);
        let line = answer_line(pos, e, &next, depth, free, sure);
        // 29.4 is asked last, of a recapture that would be chosen.
        let mated = || e.to == square && limits.no_mated_recaptures && can_force_mate(&next);
        if best.as_ref().is_none_or(|b| line.before(b)) && !mated() {
            best = Some(line);
        }
    }
    best.unwrap_or_default()
}

/// The defender's other answer to the first capture, on `square`: take
/// another piece with check, then take back once the check is answered
/// (CXA 2020 参考图31: the pawn is taken, "红方可炮五进四打象，然后再马三进一吃炮",
/// the pawn is traded for the elephant). Only a capture that does not pay on
/// its own counts: a piece the defender could simply win is a loss apart
/// from the exchange (1999 细则4: a root that takes and gives up the piece it
/// guarded still chases).
fn take_with_check_first(pos: &Position, square: Square, limits: Limits) -> Line {
    let mut best = Line::default();
    for &k in pos.checking_moves().iter() {
        let Some(taken) = pos.piece_at(k.to) else {
            continue;
        };
        if k.to == square || single_square_gain(pos, k) > 0 {
            continue;
        }
        let next = pos.after(k);
        let rest = answer_check(&next, square, 2, limits);
        let score = rest.score - value(taken, k.to);
        if weight(score, rest.by_pawns) < best.key() {
            best = Line::after_losing(pos, k, taken, rest, score);
        }
    }
    best
}

/// The starting side answers a check given by an in-between capture (it
/// cannot stop); the defender may then take back on `square`, or where the
/// piece from there went, or the piece that took the checker.
fn answer_check(pos: &Position, square: Square, depth: usize, limits: Limits) -> Line {
    let mut best: Option<Line> = None;
    for &e in pos.legal_moves().iter() {
        let taken = pos.piece_at(e.to);
        let gained = taken.map_or(0, |p| value(p, e.to));
        let next = pos.after(e);
        let at = if e.from == square { e.to } else { square };
        let mut rest = defender(&next, at, depth + 1, limits, Window::ALL);
        if taken.is_some() && e.to != at {
            let other = defender(&next, e.to, depth + 1, limits, Window::ALL);
            if other.key() < rest.key() {
                rest = other;
            }
        }
        let score = gained + rest.score;
        if best
            .as_ref()
            .is_none_or(|b| weight(score, rest.by_pawns) > b.key())
        {
            best = Some(Line {
                score,
                won: Pieces::then(taken, rest.won),
                lost: rest.lost,
                by_pawns: rest.by_pawns,
                pawn_part: PawnPart::after(pos, e, Side::Starter, &rest, score),
                moves: Moves::then(e, rest.moves),
            });
        }
    }
    // No answer: mated.
    best.unwrap_or(Line {
        score: -value::KING,
        ..Line::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, iccs, Tolerance};

    fn ex(fen_text: &str, mv: &str) -> Exchange {
        let pos = fen::position(fen_text, Tolerance::COMPOSED).unwrap();
        exchange(&pos, iccs::parse_move(&pos, mv).unwrap())
    }

    /// The exchange `mv` starts for the side that played the last move of
    /// `line` from `fen_text`, were it to move again.
    fn ex_again(fen_text: &str, line: &str, mv: &str) -> Exchange {
        let pos = crate::rules::after_line(fen_text, line).pass().unwrap();
        exchange(&pos, iccs::parse_move(&pos, mv).unwrap())
    }

    /// 25.3 "一兵换取数子…不算得子": the crossed pawn takes the cannon and a
    /// horse takes it back; a horse for a horse on the way is an even trade
    /// of its own, so the pawn's trade floats whether the elephant or the
    /// horse takes back (the search meets the horse first here).
    #[test]
    fn an_even_trade_inside_a_pawns_trade_leaves_it_floating() {
        let e = ex_again(
            "rnban4/3k5/c2a4b/P8/1NC1P1p1P/6B2/2P1N1P2/4K4/2Rr5/3A1ABR1 w",
            "i5i6",
            "a6a7",
        );
        let whole = PawnPart {
            won: 0,
            lost: 0,
            worth: e.gain,
        };
        assert!(e.gain > 0 && e.pawn_part == Some(whole), "{e:?}");
        assert!(!e.wins_material(), "{e:?}");
    }

    /// A pawn that takes back counts in full (a root at work, 28.16): the
    /// horse takes the rook f5 and the rook f3 takes it back; the cannon
    /// then takes the elephant i2 and opens the rook e5's file to the king.
    /// A rook that takes the checker is taken back by the pawn e6, a rook
    /// for a rook, no longer a rook lost: the horse has won a rook for
    /// itself without the rook e5 that offers itself (a corpus game,
    /// xq016143, after 前马进5).
    #[test]
    fn a_pawn_taking_back_counts_in_full() {
        let pos = fen::position(
            "2n1kab2/4a4/4b2C1/4p3p/p3rR3/9/4nR2P/4cA2B/9/4KA3 b",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let m = iccs::parse_move(&pos, "e3f5").unwrap();
        let e5: Square = "e5".parse().unwrap();
        let e = exchange_without(&pos, m, &[e5]);
        assert!(e.wins_material(), "{e:?}");
    }

    /// A trade a piece opens counts in full up to where a pawn takes part:
    /// the horse takes the rook and a horse takes it back, a rook won for a
    /// horse; the pawn that takes that horse and is taken trades a pawn for
    /// a horse, which floats and takes nothing off (a corpus game, xq011049,
    /// after 兵七进一).
    #[test]
    fn a_trade_a_horse_opens_counts_before_the_pawn_takes_part() {
        let e = ex_again(
            "2baka3/9/2n1bcn2/p3pcp1p/1r5r1/1CPN2P2/P3P3P/3CB1N2/4A4/1RBAK3R w",
            "c4c5",
            "d4b5",
        );
        assert_eq!(e.lost.len(), 2, "{e:?}");
        assert_eq!(e.pawn_part.map(|p| (p.won, p.lost)), Some((1, 1)), "{e:?}");
        assert!(e.wins_material(), "{e:?}");
    }

    /// CXA 2020 参考图31 (as transcribed), after 炮五退二 象9进7: the cannon
    /// takes the pawn over the elephant; the horse that would take it back
    /// also guards the cannon the rook attacks, but the cannon first takes
    /// the elephant with check ("炮五进四打象，然后再马三进一吃炮"): the pawn
    /// only buys the elephant, nothing is won.
    #[test]
    fn an_in_between_capture_with_check_answers_the_capture() {
        let pos = crate::rules::after_line(
            "R2ck4/4a4/4b3b/4r4/2c1C3P/6N2/9/4B4/9/2BAKA3 w",
            "e5e3 i7g5",
        );
        // What black threatens: black to move again.
        let pos = pos.pass().unwrap();
        let m = iccs::parse_move(&pos, "c5i5").unwrap();
        let e = exchange(&pos, m);
        assert!(!e.wins_material(), "{e:?}");
        // Taking back at once would lose the cannon to the rook.
        let after = pos.after(m);
        let retake = iccs::parse_move(&after, "g4i5").unwrap();
        assert!(single_square_gain(&after, retake) > 0);
    }

    /// 2020 参考图3 without the red pawn c3, after 车四平五 炮6平7: C g8xg0+
    /// must be taken back by the elephant from e2, which opens rank 2 to
    /// the red cannon f2 over its cannon c2: whatever black takes next (the
    /// elephant again, or the cannon c2), red answers C f2xa2 and black is a
    /// rook down. So black stops after the recapture, and loses on the deal.
    #[test]
    fn the_defender_may_answer_a_second_capture_elsewhere() {
        let e = ex_again(
            "4kab2/4ac3/2c1b4/p5r1p/2p4n1/3N1n3/P4R2P/r1C1BC3/4A4/3RKAB2 w",
            "f3e3 f8g8",
            "g8g0",
        );
        assert!(!e.wins_material(), "{e:?}");
        let line: Vec<String> = e.line.iter().map(|m| m.to_string()).collect();
        assert_eq!(line, ["g8g0", "e2g0"]);
    }

    /// A corpus game (xq002495, after 车8进1): two rooks against the horse
    /// f5 that one rook guards. When the second rook takes back, the black
    /// cannon h0 it guarded falls to R g0xh0 — a horse for a cannon, even:
    /// an answer elsewhere that only evens the balance leaves the horse won
    /// (参考图27), so the rooks still win it.
    #[test]
    fn an_answer_elsewhere_that_only_evens_the_balance_does_not_count() {
        let e = ex_again(
            "2b1ka3/4a4/2n1b4/p3p2rp/2pnrN3/1N7/P4R2P/3CB4/4A4/2B1KARc1 b",
            "h6h5",
            "e5f5",
        );
        assert!(e.wins_material(), "{e:?}");
    }

    /// A corpus game (xq021259, 柳大华–胡荣华 1999, after 马二退四): the horse
    /// takes the elephant e7; if the elephant g9 takes back, the cannon e2
    /// takes it again over the rook e4, with check over the advisor e8.
    /// Black cannot stop there: R h7xe7 is taken by R e4xe7, A e8d7 lets
    /// the cannon take the horse c7 with the rook's discovered check, and
    /// A e8f7 lets it take the rook h7. Taking back loses, so black does
    /// not, and the elephant is won.
    #[test]
    fn a_defender_in_check_cannot_stop() {
        let e = ex_again(
            "1n1ckab2/4a4/2n1b2r1/p2R3N1/8p/PN2R4/1r6P/B3C4/9/3AKAB2 w",
            "h6f5",
            "f5e7",
        );
        assert!(e.wins_material(), "{e:?}");
        let line: Vec<String> = e.line.iter().map(|m| m.to_string()).collect();
        assert_eq!(line, ["f5e7"]);
        // After the recapture, the cannon's capture with check and what
        // follows the forced answer: an elephant, then a horse or a rook
        // for a cannon.
        let pos = crate::rules::after_line(
            "1n1ckab2/4a4/2n1b2r1/p2R5/5N2p/PN2R4/1r6P/B3C4/9/3AKAB2 w",
            "f5e7 g9e7",
        );
        let rest = attacker(&pos, 2, Limits::NONE, Window::ALL, None);
        assert_eq!(rest.score, 3);
        assert!(pos
            .after(iccs::parse_move(&pos, "e2e7").unwrap())
            .is_check());
    }

    /// CXA 2020 图21 after 车四退二: rook and horse against the horse the
    /// black rook protects win it; the rook without the horse's help only
    /// trades itself for it (28.5: what the other attackers win by themselves).
    #[test]
    fn an_exchange_without_one_attacker() {
        let fen_text = "2b1ka3/1c2a2c1/4b4/p1p2R1np/4nN3/2P1C4/P5PrP/2N1BC3/9/3AKAB2 w";
        let pos = fen::position(fen_text, Tolerance::COMPOSED).unwrap();
        let take = iccs::parse_move(&pos, "f6h6").unwrap();
        assert!(exchange(&pos, take).wins_material());
        let horse: Square = "f5".parse().unwrap();
        assert!(!exchange_without(&pos, take, &[horse]).wins_material());
    }

    /// CXA 2020 参考图39 ("不能离线"), after 车三退一: the rook that guards the
    /// cannon's screen could take the horse, but the black rook the cannon
    /// is winning would then take the screen and get away — a horse for a
    /// horse and the rook lost. Without counting escapes (the other
    /// editions) the horse is simply won.
    #[test]
    fn a_capture_that_lets_a_won_piece_escape_does_not_pay() {
        let pos = crate::rules::after_line(
            "4kab2/4arNC1/4b1R2/4n4/2p3pc1/9/4P3P/4B4/4A4/2BAK4 w",
            "g7g6",
        )
        .pass()
        .unwrap();
        let take = iccs::parse_move(&pos, "g6e6").unwrap();
        let ex = Exchanges::new(&pos).counting_escapes(true).of(take);
        assert!(!ex.wins_material(), "{ex:?}");
        assert!(Exchanges::new(&pos).of(take).wins_material());
    }

    /// An escape counts only when the piece trades back at least what was
    /// taken (参考图27): the elephant that takes a pawn lets a cannon take
    /// an uncrossed pawn on its way out, which the cannon could do anyway —
    /// the pawn is still won (from a real game, xq011192).
    #[test]
    fn an_escape_that_takes_less_than_the_capture_does_not_count() {
        let pos = crate::rules::after_line(
            "1r2kab2/4a4/1C2b1n2/pR2p1p1p/9/1cp3P2/r8/NR4N2/4A4/4KAB2 w",
            "g0e2",
        )
        .pass()
        .unwrap();
        let take = iccs::parse_move(&pos, "e2c4").unwrap();
        assert!(Exchanges::new(&pos)
            .counting_escapes(true)
            .of(take)
            .wins_material());
    }

    /// A cannon takes a cannon over a crossed pawn that can take the
    /// elephant which takes back: one line wins a piece, another the same
    /// amount with the pawn (25.3: that part counts for less). The line is
    /// chosen by what it wins, so red on one side of the board and black on
    /// the other get the same exchange (from a real game, xq003417).
    #[test]
    fn equal_lines_are_chosen_by_what_they_win_not_by_move_order() {
        let red = ex(
            "r1bakabr1/9/1cn1c4/p1p1P3p/5R3/9/P1P5P/1CN1C1p2/9/R1BAKAB2 w",
            "e2e7",
        );
        let black = ex(
            "r1bakab2/9/1cn1c1P2/p1p5p/9/5r3/P1P1p3P/1CN1C4/9/R1BAKABR1 b",
            "e7e2",
        );
        assert_eq!(
            (red.gain, red.won_by_pawns, red.wins_material()),
            (black.gain, black.won_by_pawns, black.wins_material())
        );
        assert!(red.wins_material(), "{red:?}");
    }

    /// 25.3 and 参考图33: a crossed pawn takes a cannon its advisor guards,
    /// with a horse behind it. Taking back and letting the horse take the
    /// advisor costs black no more than letting the pawn stand, and makes it
    /// a pawn for two pieces, which is no gain: black takes back. With a
    /// horse as the guard and a rook behind the pawn, taking back costs black
    /// the horse for a pawn: it lets the pawn stand, and the cannon is won.
    #[test]
    fn a_defender_takes_back_where_a_pawns_trade_floats_at_no_extra_cost() {
        let floats = ex("4k4/4a4/5cP2/7N1/9/9/9/9/9/3K5 w", "g7f7");
        assert!(!floats.wins_material(), "{floats:?}");
        assert_eq!((floats.gain, floats.lost.len()), (2, 1), "{floats:?}");
        let costs_more = ex("4k4/7n1/5cP2/9/9/9/9/9/9/3K1R3 w", "g7f7");
        assert!(costs_more.wins_material(), "{costs_more:?}");
        assert!(costs_more.lost.is_empty(), "{costs_more:?}");
    }

    #[test]
    fn table() {
        // (position, capture, gain, recapturable, wins material)
        let cases = [
            // Unprotected horse: won outright.
            ("4k4/9/9/9/9/4n4/9/9/4R4/3K5 w", "e1e4", 2, false, true),
            // Horse protected by a pawn: the rook would be lost.
            ("4k4/9/9/9/4p4/4n4/9/9/4R4/3K5 w", "e1e4", -2, true, false),
            // Only the king defends, and taking back would make the kings face: false root.
            ("4k4/4n4/9/9/9/9/9/9/4R4/4K4 w", "e1e8", 2, false, true),
            // A crossed pawn takes a protected advisor: pieces for a pawn are no gain (25.3).
            ("4k4/4a4/4P4/9/9/9/9/9/9/5K3 w", "e7e8", 0, true, false),
        ];
        for (f, mv, gain, recapturable, wins) in cases {
            let e = ex(f, mv);
            assert_eq!(
                (e.gain, e.recapturable, e.wins_material()),
                (gain, recapturable, wins),
                "{f} {mv}: {e:?}"
            );
        }
    }

    /// No exchange gains more than the first piece it takes can be worth —
    /// the defender may always stop taking back — the bound by which the
    /// chase search leaves out pieces that could not gain enough
    /// ([`crate::rules::value::most_worth`]). Every capture of every position
    /// on the composed cases' lines (one line in five), both sides to move.
    #[test]
    fn an_exchange_gains_at_most_the_worth_of_what_it_takes() {
        let data = include_str!("../../tests/data/concepts-composed.jsonl");
        let mut captures = 0;
        for line in data.lines().step_by(5) {
            let case: serde_json::Value = serde_json::from_str(line).unwrap();
            let mut pos =
                fen::position(case["fen"].as_str().unwrap(), Tolerance::COMPOSED).unwrap();
            let moves: Vec<&str> = case["moves"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|m| m.as_str())
                .collect();
            for (i, text) in moves.iter().enumerate() {
                for p in [Some(pos.clone()), pos.pass()].into_iter().flatten() {
                    for &m in p.captures().iter() {
                        let victim = p.piece_at(m.to).unwrap();
                        let gain = exchange(&p, m).gain;
                        assert!(
                            gain <= value::most_worth(victim),
                            "{line} ply {i}: {m} gains {gain}"
                        );
                        captures += 1;
                    }
                }
                pos.play_unchecked(iccs::parse_move(&pos, text).unwrap());
            }
        }
        assert!(captures > 1000, "{captures} captures tried");
    }
}
