//! Chases (捉, 28.3 and 29): which enemy pieces the side to move could win.
//!
//! 29.1 names three ways to win a piece: capture it directly; capture it after
//! a series of checks; win material through a complete exchange. 29.3 limits
//! the targets to pieces with value (25.3) that are unprotected or whose
//! protection is false or insufficient (无根, 假根, 少根). 29.4 adds that taking
//! must not lead to being mated. Whether a chase is *new* (29.2) is decided by
//! comparing two of these sets, before and after a move — see [`super::kind`].
//!
//! This module finds the pieces won directly and by exchange, and the roots
//! (28.16). The two parts that follow checks are modules of their own:
//! [`through_check`](mod@through_check), the pieces won after a check (抽), and
//! [`lost_to_checks`], a capture or a recapture that a check makes cost more
//! than it takes (得不偿失, 假根).

use super::attack;
use super::exchange::{exchange_without, gives_up_more, single_square_gain, Exchange, Exchanges};
use super::mate::{can_force_mate, mates_after_the_trade};
use super::rulebook::{CaptureRules, Rulebook};
use super::value::{has_value, value};
use crate::{Move, Piece, Position, Role, Square};

mod lost_to_checks;
mod through_check;

pub(super) use lost_to_checks::{capturer_lost_to_checks, recaptures_are_false};
use lost_to_checks::{every_recapture_is_mated, lost_recapture, mated_recapture_line};
#[cfg(test)]
use through_check::targets_through_check;
pub(super) use through_check::Standing;
use through_check::{through_check, through_check_among, Pieces};

/// How a piece can be won (29.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// Taken directly, with no recapture possible (无根 or 假根).
    Direct,
    /// Won through an exchange on its square (少根, or worth more than its taker).
    Exchange,
    /// Won after giving check with this move (连续照将), whatever the reply.
    ThroughCheck(Move),
}

impl Method {
    /// `direct`, `exchange` or `through_check`, as the report's JSON writes it.
    pub const fn code(self) -> &'static str {
        match self {
            Method::Direct => "direct",
            Method::Exchange => "exchange",
            Method::ThroughCheck(_) => "through_check",
        }
    }

    /// For [`Method::ThroughCheck`], the check that starts the line.
    pub const fn check(self) -> Option<Move> {
        match self {
            Method::ThroughCheck(k) => Some(k),
            _ => None,
        }
    }
}

/// Why a piece is not (enough) protected (28.16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Root {
    /// 无根: no piece of its side defends it.
    None,
    /// 假根: a defender exists by the movement rules, but it is no real
    /// guard ("形式上是根，实际上起不到充分保护作用"), for the reason given.
    False(FalseRoot),
    /// 少根: defended, but the complete exchange wins material — by numbers
    /// (more attackers than defenders, [`Target::outnumbered`]), or because a
    /// defender is tied elsewhere or mated for taking back further down.
    Insufficient,
    /// Defended, but worth more than the piece that takes it (e.g. a rook
    /// attacked by a horse), so the exchange wins material.
    Outvalued,
}

impl Root {
    /// `none` (无根), `false` (假根), `insufficient` (少根) or `outvalued`, as
    /// the report's JSON writes it.
    pub const fn code(self) -> &'static str {
        match self {
            Root::None => "none",
            Root::False(_) => "false",
            Root::Insufficient => "insufficient",
            Root::Outvalued => "outvalued",
        }
    }

    /// `true` for a false root (假根), whatever makes it false.
    pub const fn is_false(self) -> bool {
        matches!(self, Root::False(_))
    }
}

/// Why a piece's defender is no real guard (假根, 28.16). The report's JSON
/// writes every one as `false`; the explanation names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FalseRoot {
    /// It cannot legally take back: it is pinned, it would face the other
    /// king, or the capture takes away its screen or closes its line.
    CannotTakeBack,
    /// With `captures.mated_recapture_is_no_root`: every recapture is
    /// answered by a forced mate (29.4).
    MatedForTakingBack,
    /// With `captures.lost_recapture_is_no_root`: the piece that takes back
    /// is then won by a check (抽), and the exchange wins material.
    LostToCheck,
}

/// One enemy piece the side to move can win.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// Where the enemy piece stands.
    pub square: Square,
    /// The enemy piece.
    pub piece: Piece,
    /// The pieces that would take it first (for [`Method::ThroughCheck`], the checking piece).
    pub attackers: Vec<Square>,
    /// The points of every piece of the side that takes part in winning it:
    /// its attackers and, for a piece won through checks, each piece that
    /// checks on the way or takes it at the end, where it stands now (1999
    /// 细则6's 相关子: the piece that forks after a rook's check is as much
    /// the piece that wins it as the rook).
    pub takers: u128,
    /// How it is won.
    pub method: Method,
    /// Its protection.
    pub root: Root,
    /// Defenders by the movement rules (for a false root, those that cannot recapture).
    pub protectors: Vec<Square>,
    /// 攻多守少: won by numbers — more of the side's pieces reach the point
    /// than defend it, and the captures and recaptures on the point alone
    /// win it — as opposed to a 少根 whose defender is tied elsewhere (牵),
    /// is mated further down the exchange, or whose exchange wins by what it
    /// uncovers elsewhere.
    pub outnumbered: bool,
    /// Material won (rook 4, horse/cannon 2, advisor/elephant/crossed pawn 1).
    pub gain: i32,
    /// `true` if only the king can take it (27.1: the king alone chasing is idle).
    pub king_only: bool,
    /// `true` if only pawns can take it (27.2: a pawn alone chasing is idle,
    /// unless both sides attack every move, in the 1999 book).
    pub pawn_only: bool,
    /// Set by [`classify`](super::kind::classify): chased jointly (联合捉子) —
    /// it could already be won, and the chase needs the moved piece.
    pub joint: bool,
    /// Won through a check only as one of several pieces, the points of
    /// all of them (0 for a piece won whatever the reply): every reply to
    /// the check loses one of them, not always this one (28.3 "吃掉对方某个
    /// 无根子", 1999 细则3 "在子力价值上构成得子").
    pub alternatives: u128,
    /// For [`Method::ThroughCheck`]: after its check, some of the
    /// defender's replies on the way were left out because the checks then
    /// mate (29.1: replies the defender would not play).
    pub mates_aside: bool,
    /// For [`Method::ThroughCheck`]: the points where the checks of the line
    /// that wins it (see `line`) take a piece on the way, as a bit set;
    /// known whether or not the lines themselves are kept.
    pub took: u128,
    /// The line that wins it: the capture that describes it and the
    /// exchange that follows (29.1 "完整的交换过程"); for a piece won through
    /// checks, the check that wins the most, the defender's reply that lets
    /// the least be won, and so on to the capture and its exchange.
    pub line: Vec<Move>,
}

/// [`targets_after`] with nothing known of the position before: what the
/// tests ask.
#[cfg(test)]
pub(super) fn targets(pos: &Position, rules: &Rulebook) -> Vec<Target> {
    targets_among(pos, rules, EVERY_PIECE, None)
}

/// [`targets_after`] among the pieces on the points of `victims` (a bit set),
/// with what the opponent could win before the move if known (`standing`):
/// whether a piece is a target, and how, does not depend on the others.
pub(super) fn targets_among(
    pos: &Position,
    rules: &Rulebook,
    victims: u128,
    standing: Option<&Standing>,
) -> Vec<Target> {
    targets_sparing(pos, rules, victims, 0, false, standing)
}

/// Everything the side to move in `again` could win with its next move — and,
/// in the CXA books (28.3 "包括从下一着开始运用连续照将"), through a check
/// first. AXF counts only unprotected pieces (including false roots) and
/// pieces worth more than their attacker; its examples treat neither a piece
/// outnumbered by attackers nor a capture after a check as chased. Targets
/// are listed once each, in square order.
///
/// Asked after a move (`again`: the mover to move again), where what the
/// opponent could win before it (`standing`) pays back no piece won by 29.4
/// at the end of a line of checks ([`Standing`]).
pub(super) fn targets_after(
    again: &Position,
    rules: &Rulebook,
    standing: &Standing,
) -> Vec<Target> {
    targets_sparing(again, rules, EVERY_PIECE, 0, false, Some(standing))
}

/// What the mover of `m` could win before playing it (29.2 compares it with
/// what it can win after): [`targets_among`] in `before`, except that when
/// `m` takes nothing, the piece it moves, lost in answer to a capture, does
/// not pay that capture back ([`won_back`](through_check::won_back)): a piece stepping out of an
/// attack adds no attacking force (CXA 2020 参考图37 "避吃促成得子，但没有加强
/// 进攻子力，判闲"), whether the chase it leaves standing is direct or won
/// through a check. A capture does more than step away.
pub(super) fn targets_before(
    before: &Position,
    rules: &Rulebook,
    victims: u128,
    m: Move,
    standing: &Standing,
) -> Vec<Target> {
    let steps_away = before.piece_at(m.to).is_none();
    let spared = if steps_away { m.from.bit() } else { 0 };
    targets_sparing(before, rules, victims, spared, true, Some(standing))
}

/// [`targets_among`], where a capture of the side's pieces on the points of
/// `spared` pays no capture back ([`won_back`](through_check::won_back)). With `before`, asked of the
/// position before a move (29.2), a piece whose capture would only offer a
/// trade (28.5) is still searched for through a check: the side to move
/// could take it there, so a check that wins it won it before (probe
/// z117-15: a cannon that steps out of a mutual attack with a bare cannon
/// that a rook's fork wins anyway is 从捉到捉). After a move the opponent is
/// to move and answers the offer first: the check adds nothing.
fn targets_sparing(
    pos: &Position,
    rules: &Rulebook,
    victims: u128,
    spared: u128,
    before: bool,
    standing: Option<&Standing>,
) -> Vec<Target> {
    if victims == 0 {
        return Vec::new();
    }
    // Where more attackers than defenders (少根) is not a chase, such
    // captures are left out before the attackers are put together.
    let mut out: Vec<Target> = Vec::new();
    let mut offered = 0;
    let direct = direct_captures(
        pos,
        rules.captures,
        rules.outnumbered_is_chased,
        victims,
        spared,
    );
    for t in direct {
        let sq = t.square;
        match chased_despite_offers(pos, t, rules) {
            Some(t) => out.push(t),
            None if before => offered |= sq.bit(),
            None => {}
        }
    }
    if rules.helped_king_or_pawn_chases {
        for t in &mut out {
            if (t.king_only || t.pawn_only) && helped(pos, t) {
                t.king_only = false;
                t.pawn_only = false;
            }
        }
    }
    if rules.capturer_lost_to_checks_wins_nothing {
        out.retain(|t| {
            t.attackers
                .iter()
                .any(|&a| !capturer_lost_to_checks(pos, Move::new(a, t.square), t))
        });
    }
    let through_check = if rules.chase_through_checks {
        through_check_among(pos, rules, victims, spared, offered, standing)
    } else {
        Vec::new()
    };
    // A piece the king or a pawn alone attacks, which another piece wins
    // through a check, is chased by that piece (27.1, 27.2: only the attack
    // alone is idle).
    for t in through_check {
        match out.iter_mut().find(|o| o.square == t.square) {
            Some(o) if o.king_only || o.pawn_only => *o = t,
            Some(_) => {}
            None => out.push(t),
        }
    }
    // One target per point: the unstable sort gives the same order, with
    // less code in the site's first load than the stable one.
    out.sort_unstable_by_key(|t| t.square);
    out
}

/// Pieces the side to move attacks and could win, but only with the help of
/// an attacker they could take in an even trade: exchange offers (28.5), not
/// chases (see [`targets_after`]) — among the pieces on the points of `victims`.
pub(super) fn offered_trades(pos: &Position, rules: &Rulebook, victims: u128) -> Vec<Target> {
    direct_captures(pos, rules.captures, true, victims, 0)
        .into_iter()
        .filter(|t| chased_despite_offers(pos, t.clone(), rules).is_none())
        .collect()
}

/// 28.5: an attacker that the target could take in an even trade only offers
/// an exchange (兑). The target is chased only if the other attackers win it
/// by themselves (CXA 2020 图21: the rook that comes to attack a horse the
/// horses can trade is "兑" — without the red horse it would lose itself);
/// and the offer is no chase, so where the others are the king or pawns,
/// they attack it alone (27.1, 27.2) — whether another piece helping them
/// makes it a chase after all is the edition's question (`helped`).
fn chased_despite_offers(pos: &Position, mut t: Target, rules: &Rulebook) -> Option<Target> {
    let (offers, others): (Vec<Square>, Vec<Square>) = t
        .attackers
        .iter()
        .partition(|&&a| offers_even_trade(pos, Move::new(a, t.square), rules));
    if offers.is_empty() {
        return Some(t);
    }
    // Won alone: by the exchange without the offering attackers, or because
    // the target's every recapture is mated or lost to a check (28.16 假根,
    // 参考图25).
    let won = others.iter().any(|&a| {
        let m = Move::new(a, t.square);
        exchange_without(pos, m, &offers).wins_material()
            || recaptures_are_false(pos, m, rules.captures)
    });
    let role = |r: Role| {
        others
            .iter()
            .all(|&a| pos.piece_at(a).is_some_and(|p| p.role == r))
    };
    t.king_only = role(Role::King);
    t.pawn_only = role(Role::Pawn);
    won.then_some(t)
}

/// 27.1 "其他棋子和帅(将)同时捉吃": a king or a pawn is not chasing alone when
/// another piece of its side could take the same target too (CXA 2020
/// 参考图11 "炮卒联合捉子": a cannon that reaches the advisor over the pawn
/// and makes its root false). Could take it legally (29.1 "能够直接吃子")
/// and without being mated for it (29.4): a piece pinned to its king, the
/// last piece between the two kings, or one whose capture lets the
/// opponent mate, reaches the point but does not take part.
fn helped(pos: &Position, t: &Target) -> bool {
    pos.legal_moves_to(t.square).iter().any(|&m| {
        pos.piece_at(m.from)
            .is_some_and(|p| !matches!(p.role, Role::King | Role::Pawn))
            && !capture_is_mated(pos, m)
    })
}

/// Targets won by capturing them now, 少根 included, under the rulebook's
/// refinements of the exchange ([`CaptureRules`]). Only the tests ask for
/// these alone; the engine asks [`targets_after`].
#[cfg(test)]
pub fn direct_targets(pos: &Position, rules: &Rulebook) -> Vec<Target> {
    direct_captures(pos, rules.captures, true, EVERY_PIECE, 0)
}

/// What the side to move could win with its next move among the pieces on
/// `victims`, directly or, in the CXA books, through checks — a piece it
/// could trade with included: it takes first. What a move that is not a
/// chase lets its mover win (see [`super::idle::paid_back`]).
pub(super) fn winnable_now(pos: &Position, rules: &Rulebook, victims: u128) -> Vec<Target> {
    let mut out = direct_captures(pos, rules.captures, true, victims, 0);
    if rules.chase_through_checks {
        out.extend(through_check_among(pos, rules, victims, 0, 0, None));
    }
    out
}

/// Every point of the board, as `victims` of [`direct_captures`].
const EVERY_PIECE: u128 = u128::MAX;

/// Targets won by capturing them now, counting captures by the refinements
/// `captures` — a piece won after checks, in
/// [`won_after_check`](through_check::won_after_check), is won by its plain
/// exchange ([`CaptureRules::PLAIN`]), as the refinements would be run on
/// every line of the check search — with captures that only win by numbers
/// (少根) if `outnumbered`. A target with several attackers is described by
/// its best capture, whichever attacker comes first on the board.
/// Only pieces on the points of `victims` (a bit set) are considered; the
/// side's pieces on `spared` are not taken in answer elsewhere
/// ([`Exchanges::sparing`]).
fn direct_captures(
    pos: &Position,
    captures: CaptureRules,
    outnumbered: bool,
    victims: u128,
    spared: u128,
) -> Vec<Target> {
    let mover = pos.turn();
    let mut out: Vec<Target> = Vec::new();
    let candidates = pos.legal_moves_within(victims & pos.board().occupied_by(mover.other()));
    if candidates.is_empty() {
        return out;
    }
    let exchanges = Exchanges::new(pos)
        .counting_escapes(captures.escape_costs_the_capture)
        .sparing(spared);
    for &m in &candidates {
        let Some(victim) = pos.piece_at(m.to) else {
            continue;
        };
        let Some((ex, root)) = winning_capture(pos, &exchanges, m, captures, outnumbered) else {
            continue;
        };
        let attacker = pos.piece_at(m.from).map(|p| p.role);
        let protectors = attack::attackers(pos.board(), m.to, mover.other());
        let outnumbered = attack::attackers(pos.board(), m.to, mover).len() > protectors.len()
            && single_square_gain(pos, m) > 0;
        let method = if ex.recapturable {
            Method::Exchange
        } else {
            Method::Direct
        };
        match out.iter_mut().find(|t| t.square == m.to) {
            Some(t) => {
                t.attackers.push(m.from);
                t.takers |= m.from.bit();
                t.outnumbered |= outnumbered;
                t.king_only &= attacker == Some(Role::King);
                t.pawn_only &= attacker == Some(Role::Pawn);
                if (ex.gain, strength(method, root)) > (t.gain, strength(t.method, t.root)) {
                    t.method = method;
                    t.root = root;
                    t.line = ex.line;
                }
                t.gain = t.gain.max(ex.gain);
            }
            None => out.push(Target {
                square: m.to,
                piece: victim,
                attackers: vec![m.from],
                takers: m.from.bit(),
                method,
                root,
                protectors,
                outnumbered,
                gain: ex.gain,
                king_only: attacker == Some(Role::King),
                pawn_only: attacker == Some(Role::Pawn),
                joint: false,
                alternatives: 0,
                mates_aside: false,
                took: 0,
                line: ex.line,
            }),
        }
    }
    out
}

/// What the capture `m` wins, with the root it shows, if it is a capture
/// that wins (see [`direct_captures`]): nothing for a piece without value,
/// a capture that loses the exchange or after which the capturer is mated
/// (29.4), or one that wins only by numbers (少根) unless `outnumbered`.
fn winning_capture(
    pos: &Position,
    exchanges: &Exchanges,
    m: Move,
    captures: CaptureRules,
    outnumbered: bool,
) -> Option<(Exchange, Root)> {
    let victim = pos.piece_at(m.to)?;
    if !has_value(victim, m.to) {
        return None;
    }
    // Of a capture whose exchange does not win, only whether its root is
    // false is asked below, and what it wins is then counted anew.
    let mut ex = exchanges.of_if_it_wins(m);
    let mut root = None;
    // A root whose every recapture is mated is false (28.16), whether or not
    // the exchange would win anyway: won by numbers only if the root is real
    // (攻多守少; a false root with a second attacker beside it is still 假根).
    let by_numbers = || {
        ex.wins_material()
            && value(victim, m.to) <= pos.piece_at(m.from).map_or(0, |a| value(a, m.to))
    };
    if captures.mated_recapture_is_no_root
        && ex.recapturable
        && (!ex.wins_material() || by_numbers())
    {
        if every_recapture_is_mated(pos, m) {
            ex.gain = value(victim, m.to);
            ex.won = vec![victim];
            ex.lost.clear();
            ex.won_by_pawns = 0;
            ex.pawn_part = None;
            ex.line = mated_recapture_line(pos, m);
            root = Some(Root::False(FalseRoot::MatedForTakingBack));
        } else if !ex.wins_material() && !can_force_mate(pos) {
            // A root further down the exchange whose recapture is mated.
            let spared = exchanges.sparing_mated_recaptures(m);
            if spared.wins_material() {
                let line = exchanges.mated_recapture_shown(&spared.line);
                ex = spared;
                if !line.is_empty() {
                    ex.line = line;
                }
            }
        }
    }
    if captures.lost_recapture_is_no_root
        && root.is_none()
        && ex.recapturable
        && !ex.wins_material()
    {
        if let Some(lost) = lost_recapture(pos, m) {
            ex.gain = lost.gain;
            ex.won = vec![victim, lost.won];
            ex.lost = pos.piece_at(m.from).into_iter().collect();
            ex.won_by_pawns = 0;
            ex.pawn_part = None;
            ex.line = lost.line;
            root = Some(Root::False(FalseRoot::LostToCheck));
        }
    }
    if !ex.wins_material() {
        return None;
    }
    let root = root.unwrap_or_else(|| classify_root(pos, m, &ex));
    if !outnumbered && root == Root::Insufficient || capture_is_mated(pos, m) {
        return None;
    }
    if root == Root::Insufficient {
        let tied = mated_second_takers(pos, m);
        if !tied.is_empty() {
            ex = exchange_without(pos, m, &tied);
            if !ex.wins_material() {
                return None;
            }
        }
    }
    Some((ex, root))
}

/// 29.4 within 29.1's "连续交换": a 少根 is won only by the whole exchange,
/// so the side's second capture on the square must be one it may make — not
/// one after which it is mated (不能离线: a rook that takes back the second
/// time and so opens its file to a mating check). The squares of the pieces
/// that would be mated for taking second, after any recapture of `m`; the
/// exchange is then counted without them.
fn mated_second_takers(pos: &Position, m: Move) -> Vec<Square> {
    let after = pos.after(m);
    let mut tied = Vec::new();
    for &r in after.legal_moves_to(m.to).iter() {
        let p = after.after(r);
        for &f in p.legal_moves_to(m.to).iter() {
            if !tied.contains(&f.from) && capture_is_mated(&p, f) {
                tied.push(f.from);
            }
        }
    }
    tied
}

/// How plainly a capture wins, for choosing the one that describes a target:
/// taken outright, then taken by a cheaper piece, then won by numbers.
fn strength(method: Method, root: Root) -> u8 {
    match (method, root) {
        (Method::Exchange, Root::Insufficient) => 0,
        (Method::Exchange, _) => 1,
        _ => 2,
    }
}

fn classify_root(pos: &Position, m: Move, ex: &Exchange) -> Root {
    if ex.recapturable {
        let attacker_value = pos.piece_at(m.from).map_or(0, |p| value(p, m.to));
        let victim_value = ex.won.first().map_or(0, |&p| value(p, m.to));
        return if victim_value > attacker_value {
            Root::Outvalued
        } else {
            Root::Insufficient
        };
    }
    let defenders = attack::attackers(pos.board(), m.to, pos.turn().other());
    if defenders.is_empty() {
        Root::None
    } else {
        Root::False(FalseRoot::CannotTakeBack)
    }
}

/// 28.5: when the attacked piece can itself take its attacker and both are
/// worth the same, the attack is an offer to exchange (兑), not a chase —
/// with [`Rulebook::trade_offer_must_be_takeable`], only if the offer can
/// really be taken: taking the attacker
/// must not lose to mate (29.4; 2020 参考图49, the cannon that "不能离线"
/// because the horse would mate; also a mate that follows the take-back,
/// probe z106-03), nor let the take-back win more through
/// check (2020 图17 "如黑方吃车则双车尽失"), nor give up elsewhere a piece
/// worth more (图23 得不偿失: the horse that takes leaves a cannon's line open
/// to a rook).
pub(super) fn offers_even_trade(pos: &Position, m: Move, rules: &Rulebook) -> bool {
    let (Some(a), Some(v)) = (pos.piece_at(m.from), pos.piece_at(m.to)) else {
        return false;
    };
    if value(a, m.from) != value(v, m.to) {
        return false;
    }
    let Some(them) = pos.pass() else {
        return false;
    };
    let accept = Move::new(m.to, m.from);
    if !them.is_legal(accept) {
        return false;
    }
    if !rules.trade_offer_must_be_takeable {
        return true;
    }
    let after = them.after(accept);
    let recaptures = after.legal_moves_to(m.from);
    let pieces = Pieces {
        victims: EVERY_PIECE,
        spared: 0,
        offered: 0,
        standing: None,
    };
    through_check(&after, rules, &recaptures, pieces, |_| true).is_empty()
        && !mates_after_the_trade(&after, m.from)
        && !gives_up_more(&them, accept)
}

/// 29.4: a capture after which the opponent can force mate does not count.
pub(super) fn capture_is_mated(pos: &Position, m: Move) -> bool {
    let after = pos.after(m);
    can_force_mate(&after)
}

/// The captures a move lays open that 29.4 alone keeps from winning: in
/// `again` (the position after the move, its mover to move again), captures
/// of a piece with value that win on its point (28.16) but are met by a
/// forced mate — by the moved piece (now on `moved_to`), by a piece whose
/// line the move opens or screens (a capture not legal in `before`), or of a
/// piece whose root the move makes false (a capture that won nothing
/// before). One capture per piece, the moved piece's first, and only of the
/// pieces `asked` accepts. A referee who sees such an attack asks why it is
/// no chase: the explanation says so, and the line view plays the mate.
pub(super) fn mated_captures_laid_open(
    before: &Position,
    again: &Position,
    moved_to: Square,
    asked: impl Fn(Square) -> bool,
) -> Vec<Move> {
    let mut captures = again.captures();
    captures.move_to_front(|c| c.from == moved_to);
    let mut out: Vec<Move> = Vec::new();
    for &c in captures.iter() {
        let worth_asking = !out.iter().any(|o| o.to == c.to)
            && asked(c.to)
            && again.piece_at(c.to).is_some_and(|v| has_value(v, c.to))
            && single_square_gain(again, c) > 0;
        if !worth_asking {
            continue;
        }
        let anew = c.from == moved_to || !before.is_legal(c) || single_square_gain(before, c) <= 0;
        if anew && capture_is_mated(again, c) {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::after_line;
    use crate::rules::Edition;
    use crate::{fen, Tolerance};

    /// CXA 2020 图3: with the red elephant back on e2, the black rook on h1
    /// checks on h0 and, whatever red blocks with, takes the blocker with
    /// check (the king cannot take back on f0: the kings would face), checks
    /// again from f1 and takes the rook on d1, which the horse's leg pins.
    /// Two checks take nothing, two take a piece for good: within the bound.
    #[test]
    fn checks_that_take_on_the_way_are_free() {
        let f = "5a3/5k3/4P4/p7p/9/8P/P8/4B4/2nRA2r1/2BAK4 w";
        let threat = |line: &str| {
            let pos = after_line(f, line).pass().unwrap();
            targets_through_check(&pos, Edition::Cxa2020.rulebook())
                .iter()
                .map(|t| (t.square.to_string(), t.method))
                .collect::<Vec<_>>()
        };
        let through_h0 =
            Method::ThroughCheck(Move::new("h1".parse().unwrap(), "h0".parse().unwrap()));
        assert!(threat("e2g0 h1g1 g0e2 g1h1").contains(&("d1".to_string(), through_h0)));
        // With the elephant on g0 the rank is shut: no check, nothing won.
        assert!(threat("e2g0").is_empty());
    }

    /// [`Target::took`] names the points where the line's checks take on
    /// the way, with or without the `lines` feature: in 图3 (above) the
    /// rook takes the blocker on f0 or g0 with check, and then the rook d1.
    #[test]
    fn the_points_a_line_takes_on_are_known() {
        let f = "5a3/5k3/4P4/p7p/9/8P/P8/4B4/2nRA2r1/2BAK4 w";
        let pos = after_line(f, "e2g0 h1g1 g0e2 g1h1").pass().unwrap();
        let targets = targets_through_check(&pos, Edition::Cxa2020.rulebook());
        let d1 = targets
            .iter()
            .find(|t| t.square.to_string() == "d1")
            .unwrap();
        let blocks = ["f0", "g0"].map(|s| s.parse::<Square>().unwrap().bit());
        assert!(blocks.iter().any(|&b| d1.took & b != 0));
        assert_eq!(d1.took & d1.square.bit(), 0);
    }

    /// 29.1 "通过连续照将吃子" asks what the check wins, not whether the
    /// piece could be taken before it: the elephant e7 can be taken, but the
    /// elephant g9 takes back. After 炮九平一 (xq010443 ply 69) 炮一进三
    /// checks over g9, and whatever black replies (仕五进四 blocks and g9 may
    /// not leave, or g9 steps aside) the rook takes e7 for nothing. Taken at
    /// a loss before, a piece is won through the check only for real: after
    /// 炮6平3 (xq007795 ply 122) 炮3进1 checks, 帅五进一, and 炮1平6 takes the
    /// advisor f0 but leaves the cannon c0 to the elephant e2.
    #[test]
    fn a_piece_guarded_before_the_check_is_won_through_it() {
        let won = |f: &str| {
            let pos = fen::position(f, Tolerance::COMPOSED).unwrap();
            targets_through_check(&pos, Edition::Cxa2020.rulebook())
                .iter()
                .map(|t| t.square.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            won("4k1b2/4a4/4b4/8C/3r4p/4R4/5p3/4B4/4A4/2B1KA3 w"),
            ["e7"]
        );
        assert_eq!(
            won("4k1b2/4a4/4b4/C8/3r4p/4R4/5p3/4B4/4A4/2B1KA3 w"),
            [] as [String; 0]
        );
        assert_eq!(
            won("3a2R2/3nk4/3N1a1C1/p2r5/4p4/9/P3P4/3AB4/2c6/c3KAB2 b"),
            [] as [String; 0]
        );
    }

    /// 28.16 with 29.4 at the end of a line of checks (a corpus game,
    /// xq024974, after 炮2平3): 车8平6 将 帅四平五, and 车6平5 takes the
    /// elephant e2, which the horse g3 guards — but the horse that takes
    /// back lets 炮3进7 mate. Under rules that do not read a mated recapture
    /// as a false root (AXF's), the elephant stays guarded.
    #[test]
    fn a_guard_mated_for_taking_back_at_the_end_of_a_line_guards_nothing() {
        let pos = after_line(
            "1R3ab2/3k2C2/1c3a3/p7p/3P5/5c3/6N2/4B2r1/4A4/3A1K3 b",
            "b7c7",
        )
        .pass()
        .unwrap();
        let won = |edition: Edition| {
            targets_through_check(&pos, edition.rulebook())
                .iter()
                .map(|t| t.square.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(won(Edition::Cxa2020), ["e2"]);
        assert_eq!(won(Edition::Cxa1999), ["e2"]);
        assert_eq!(won(Edition::Axf), [] as [String; 0]);
    }

    /// 28.3 "吃掉对方某个无根子": after 马八进七 (h5f6) the check 马七进八
    /// (f6g8) wins the rook on e7 if the king steps aside, and the horse
    /// on h9 if it blocks on f8 (the cannon takes it over the pawn): each
    /// reply loses a piece, not the same one. The defender gives up the
    /// horse rather than the rook, so the horse is what is chased; without
    /// it, the rook is lost whatever the reply. With a red horse on e3 that
    /// the rook takes once the cannon has taken on f8, the block loses
    /// nothing for what it gains (得不偿失): nothing is won.
    #[test]
    fn a_check_that_wins_one_piece_or_another_chases_the_least() {
        let won = |f: &str| {
            let pos = after_line(f, "h5f6").pass().unwrap();
            targets_through_check(&pos, Edition::Cxa2020.rulebook())
                .iter()
                .map(|t| (t.square.to_string(), t.alternatives.count_ones(), t.gain))
                .collect::<Vec<_>>()
        };
        let either = [("h9".to_string(), 1, 2)];
        assert_eq!(won("c3ka1n1/4a4/4r4/9/5P1N1/9/5Cc2/9/9/5K3 w"), either);
        assert_eq!(
            won("c3ka3/4a4/4r4/9/5P1N1/9/5Cc2/9/9/5K3 w"),
            [("e7".to_string(), 0, 4)]
        );
        assert_eq!(won("c3ka1n1/4a4/4r4/9/5P1N1/9/4NCc2/9/9/5K3 w"), []);
    }

    /// 29.1 "能够通过连续照将吃子": a reply after which the checks go on to
    /// mate is no escape — the defender would not play it. With the black
    /// cannon on h5, 车6进3 (f3f0) checks, 帅五进一, 车6退1, 帅五退一, and 炮8平5
    /// checks over the elephant. 仕六退五 (d2e1) blocks, but 车6进1 mates; the
    /// elephant must step aside (相五退七), and after 车6进1 and 帅五进一 the
    /// rook takes the elephant on g0. Counted as an escape, the block saved
    /// it. The target says a reply was left out as mated
    /// ([`Target::mates_aside`]), which the explanation tells.
    #[test]
    fn a_reply_that_walks_into_mate_is_no_escape() {
        let won = |f: &str| {
            let pos = fen::position(f, Tolerance::COMPOSED).unwrap();
            targets_through_check(&pos, Edition::Cxa2020.rulebook())
                .iter()
                .map(|t| (t.square.to_string(), t.mates_aside))
                .collect::<Vec<_>>()
        };
        let (d0, g0) = (("d0".to_string(), false), ("g0".to_string(), true));
        // The advisor on d0 the rook's checks win alone, no reply mated.
        assert_eq!(won("5k3/9/9/9/7c1/9/5r3/3AB4/9/3AK1B2 b"), [d0.clone(), g0]);
        assert_eq!(won("5k3/9/9/9/9/9/5r3/3AB4/9/3AK1B2 b"), [d0]);
    }

    /// 28.16 假根 by 抽: the horse on g4 takes the cannon on h6, guarded only
    /// by the rook; after the rook takes back, N f6-g8+ forks king and rook
    /// and the horse takes it. The cannon is won (a false root) in the CXA
    /// books; AXF counts the even trade alone. With a black horse on i7
    /// covering g8, the rook is a real root.
    #[test]
    fn a_root_lost_to_a_fork_once_it_takes_back_is_false() {
        let cannon = |f: &str, edition: Edition| {
            let pos = fen::position(f, Tolerance::COMPOSED).unwrap();
            targets(&pos, edition.rulebook())
                .iter()
                .find(|t| t.square.to_string() == "h6")
                .map(|t| (t.root, t.gain))
        };
        let forked = "2b1k2r1/9/9/5N1c1/9/2p3N2/9/9/9/3K5 w";
        assert_eq!(
            cannon(forked, Edition::Cxa2020),
            Some((Root::False(FalseRoot::LostToCheck), 4))
        );
        assert_eq!(
            cannon(forked, Edition::Cxa1999),
            Some((Root::False(FalseRoot::LostToCheck), 4))
        );
        assert_eq!(cannon(forked, Edition::Axf), None);
        let covered = "2b1k2r1/9/8n/5N1c1/9/2p3N2/9/9/9/3K5 w";
        assert_eq!(cannon(covered, Edition::Cxa2020), None);
    }

    /// 28.16 asks whether a guard protects, and it need not take back at
    /// once (xq000496 ply 99): 炮b9xd9, and 将e9xd9 would lose the cannon d1
    /// to 车f7-d7+; but black checks first, 车g2-g1+ 帅f1-f2, and only then
    /// takes back, with the rook on g1 guarding d1. The king is a real root.
    /// Without the black rook there is no such check, and it is false.
    #[test]
    fn a_guard_that_checks_first_and_then_takes_back_is_real() {
        let advisor = |f: &str| {
            let pos = fen::position(f, Tolerance::COMPOSED).unwrap();
            targets(&pos, Edition::Cxa2020.rulebook())
                .iter()
                .find(|t| t.square.to_string() == "d9")
                .map(|t| t.root)
        };
        assert_eq!(advisor("1Cbak4/4c4/5R3/8p/4P4/p8/8P/6r2/3c1K3/5A3 w"), None);
        assert_eq!(
            advisor("1Cbak4/4c4/5R3/8p/4P4/p8/8P/9/3c1K3/5A3 w"),
            Some(Root::False(FalseRoot::LostToCheck))
        );
    }

    #[test]
    fn false_root_through_the_flying_general() {
        let pos = fen::position("4k4/4n4/9/9/9/9/9/9/4R4/4K4 w", Tolerance::COMPOSED).unwrap();
        let t = targets(&pos, Edition::Cxa1999.rulebook());
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].square.to_string(), "e8");
        assert_eq!(t[0].root, Root::False(FalseRoot::CannotTakeBack));
        assert_eq!(t[0].protectors.len(), 1);
    }

    /// Fairy-Stockfish's "pin to undermine a root": rook and cannon on one
    /// file against a horse whose advisor cannot take back (the cannon would
    /// then check over it). The rook's capture, not recaptured, describes
    /// the horse, whether the cannon is found first or second — the same in
    /// both colours.
    #[test]
    fn a_target_is_described_by_its_best_capture() {
        for f in [
            "3k5/4a4/3nb4/3R5/3C5/9/9/9/9/5K3 w",
            "5k3/9/9/9/9/3c5/3r5/3NB4/4A4/3K5 b",
        ] {
            let pos = fen::position(f, Tolerance::COMPOSED).unwrap();
            let t = direct_targets(&pos, Edition::Cxa1999.rulebook());
            assert_eq!(t.len(), 1, "{f}");
            assert_eq!(
                (t[0].method, t[0].root),
                (Method::Direct, Root::False(FalseRoot::CannotTakeBack)),
                "{f}"
            );
            assert_eq!(t[0].attackers.len(), 2, "{f}");
            // AXF counts only the rook: 少根 wins nothing there.
            assert_eq!(
                targets(&pos, Edition::Axf.rulebook())[0].attackers.len(),
                1,
                "{f}"
            );
        }
    }

    /// CXA 2020 参考图25 ("红方炮四平五，伏车五进三吃炮，判捉"): both elephants
    /// protect the cannon the rook attacks, but after either takes back,
    /// 车六进六 mates (28.16 假根, 29.4) — the cannon is won. Not in AXF.
    /// 图29: a mate the capturer has anyway does not make a root false.
    /// 28.16 with 29.4 further down the exchange: the cannon comes behind
    /// its screen to join the horse against the horse on h6, guarded by a
    /// horse and a rook. Counted plainly the trade is even (炮 takes, 马
    /// takes back, 马 takes, 车 takes back), but the rook's recapture leaves
    /// the king on f9, which the facing kings keep off e9, to red's rooks
    /// (车八平四 and 车一进九 mate): black stops a capture earlier and loses a
    /// horse — a 少根, chased in the CXA books; AXF counts no 少根. With the
    /// e-file closed by a red pawn the king has e9, the recapture is safe,
    /// and the move offers an even trade.
    #[test]
    fn a_root_mated_for_its_second_recapture_is_no_root() {
        let pos = after_line("2ba1k3/6n1N/b2a3P1/5r1n1/9/9/7P1/1R7/C8/2BAKAB1R w", "a1h1");
        let red = pos.pass().unwrap();
        let horse: Square = "h6".parse().unwrap();
        for edition in [Edition::Cxa1999, Edition::Cxa2020] {
            let t = targets(&red, edition.rulebook());
            let t = t.iter().find(|t| t.square == horse).expect("h6 is won");
            assert_eq!((t.root, t.gain), (Root::Insufficient, 2), "{t:?}");
        }
        assert!(!targets(&red, Edition::Axf.rulebook())
            .iter()
            .any(|t| t.square == horse));
        let safe = after_line(
            "2ba1k3/6n1N/b2a3P1/5r1n1/9/9/4P2P1/1R7/C8/2BAKAB1R w",
            "a1h1",
        );
        assert!(!targets(&safe.pass().unwrap(), Edition::Cxa2020.rulebook())
            .iter()
            .any(|t| t.square == horse));
    }

    #[test]
    fn a_recapture_that_allows_mate_at_once_is_a_false_root() {
        let pos = after_line(
            "2ba1kb2/4a2r1/4c1n2/p7p/2p2rpc1/4R4/P1PR2P1P/2N1C1N2/4A4/2BK1AB2 w",
            "e2f2 f9e9 f2e2",
        );
        let red = pos.pass().unwrap();
        let cannon: Square = "e7".parse().unwrap();
        for edition in [Edition::Cxa1999, Edition::Cxa2020] {
            let t = targets(&red, edition.rulebook());
            let t = t.iter().find(|t| t.square == cannon).expect("e7 is won");
            assert_eq!(
                (t.root, t.protectors.len()),
                (Root::False(FalseRoot::MatedForTakingBack), 2),
                "{t:?}"
            );
        }
        assert!(!targets(&red, Edition::Axf.rulebook())
            .iter()
            .any(|t| t.square == cannon));

        let start = fen::position(
            "2bak2r1/4aP3/4b4/2r1C4/4P4/2B6/4R3R/B8/1p7/c3K4 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let red = start
            .clone()
            .play(crate::iccs::parse_move(&start, "i3h3").unwrap())
            .unwrap()
            .pass()
            .unwrap();
        let advisor: Square = "e8".parse().unwrap();
        assert!(!targets(&red, Edition::Cxa2020.rulebook())
            .iter()
            .any(|t| t.square == advisor));
    }

    #[test]
    fn king_alone_and_uncrossed_pawns() {
        // The red king can take the black horse next to it; nothing else attacks it.
        let pos = fen::position("4k4/9/9/9/9/9/9/4n4/3K5/9 w", Tolerance::COMPOSED).unwrap();
        let t = targets(&pos, Edition::Cxa1999.rulebook());
        assert!(t.iter().all(|t| t.king_only), "{t:?}");
        // An uncrossed pawn has no value (25.3) and cannot be chased.
        let pos = fen::position("4k4/9/9/4p4/9/9/9/9/4R4/3K5 w", Tolerance::COMPOSED).unwrap();
        assert!(targets(&pos, Edition::Cxa1999.rulebook()).is_empty());
    }

    /// CXA 2020 图21 ("红方一兑"): after 车四退二 the red rook and horse both
    /// attack the black horse, which the black rook protects; the horse can
    /// take the red horse in an even trade, and without that horse the rook
    /// alone would lose itself — an offer to exchange (28.5), not a chase.
    #[test]
    fn a_target_won_only_with_a_tradeable_attacker_is_offered() {
        let pos = fen::position(
            "2b1ka3/1c2a2c1/4b4/p1p2R1np/4nN3/2P1C4/P5PrP/2N1BC3/9/3AKAB2 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let h6: Square = "h6".parse().unwrap();
        for edition in [Edition::Cxa2020, Edition::Cxa1999, Edition::Axf] {
            assert!(!targets(&pos, edition.rulebook())
                .iter()
                .any(|t| t.square == h6));
            assert!(offered_trades(&pos, edition.rulebook(), EVERY_PIECE)
                .iter()
                .any(|t| t.square == h6));
        }
    }

    /// CXA 2020 参考图49 ("使黑方四路炮不能离线"): the cannons attack each other
    /// over the horse, but if the black cannon takes, 马七进六 mates — the
    /// offer cannot be taken (29.4), so the red cannon chases. AXF keeps the
    /// plain mutual attack.
    #[test]
    fn an_offer_that_cannot_be_taken_is_a_chase() {
        let pos = fen::position(
            "3akab2/3cn1C2/4b2C1/pN6R/2rn2p2/9/P1p1P1P1P/1c2B4/5N3/2BAKA3 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let take = Move::new("g8".parse().unwrap(), "d8".parse().unwrap());
        assert!(!offers_even_trade(&pos, take, Edition::Cxa2020.rulebook()));
        assert!(offers_even_trade(&pos, take, Edition::Axf.rulebook()));
    }

    /// 2020 图24 = 1999 图十二, after the rook has come back to i5: taking the
    /// pawn with check, then sacrificing the c9 pawn with a second check, wins
    /// the black rook (2020: 捉, "将军后黑方垫车，红方可兵七平六将军弃兵得车").
    /// The 1999 book lets the crossed pawn's value float: no gain.
    #[test]
    fn two_checks_then_the_capture() {
        let pos = fen::position(
            "2P1kn3/5r3/9/9/p3p3R/9/4P4/4B4/9/2BAKA3 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let rook = |t: &Target| t.piece.role == Role::Rook;
        let won = targets_through_check(&pos, Edition::Cxa2020.rulebook());
        assert!(won.iter().any(rook), "{won:?}");
        assert!(!targets_through_check(&pos, Edition::Cxa1999.rulebook())
            .iter()
            .any(rook));
    }

    /// 25.3 in a checking line, 2020 图24 "可以送兵换马，兵卒价值浮动，判闲":
    /// the pawn checks, the advisor takes it and the rook behind takes the
    /// bare horse along the rank it opened — a pawn for a horse floats, no
    /// gain in either CXA book; a rook for it (the test above) is one in 2020.
    #[test]
    fn a_pawn_given_up_with_check_for_a_horse_wins_nothing() {
        let pos = fen::position(
            "3aka3/9/1R2P2n1/6c2/9/9/4P4/r8/9/3AKA3 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        for edition in [Edition::Cxa2020, Edition::Cxa1999] {
            let won = targets_through_check(&pos, edition.rulebook());
            assert!(won.is_empty(), "{edition:?}: {won:?}");
        }
        let mut counted = *Edition::Cxa2020.rulebook();
        counted.crossed_pawn_floats_in_checks = false;
        assert!(targets_through_check(&pos, &counted)
            .iter()
            .any(|t| t.piece.role == Role::Horse));
    }

    /// 29.3, CXA 2020 参考图13: 炮六平八 lets the cannon check on b9, and the
    /// only answer is to interpose the elephant, which the pawn then takes.
    /// The elephant is protected where it stands (by the other elephant), so
    /// it is not chased: the move is 闲.
    #[test]
    fn a_rooted_piece_taken_after_it_interposes_is_not_chased() {
        let pos = after_line(
            "3ak1b2/2P1a4/4b4/p7p/9/P1P2R2P/1r6p/1C2B4/4A4/2BA1K2c w",
            "b2d2 b3d3 d2b2",
        )
        .pass()
        .unwrap();
        for edition in [Edition::Cxa1999, Edition::Cxa2020] {
            assert!(
                targets_through_check(&pos, edition.rulebook()).is_empty(),
                "{edition:?}"
            );
        }
    }

    /// CXA 2020 图16 "黑方将6退1避抽后，车可以吃兵": with the king on f8 the
    /// rook's taking the pawn is answered by 车二平四 (h6f6) and the rook is
    /// lost through checks — no gain; once the king is back on f9 the pawn
    /// can be won.
    #[test]
    fn a_capture_that_loses_the_capturer_to_checks_wins_nothing() {
        let fen_text = "3a1k3/4a4/3cb4/P2rp2R1/6b2/9/9/5C3/4A4/4KA3 w";
        let pawn = |t: &Target| t.square.to_string() == "a6";
        let pos = after_line(fen_text, "h6h9 f9f8 h9h6");
        assert!(!targets(&pos, Edition::Cxa2020.rulebook()).iter().any(pawn));
        let pos = after_line(fen_text, "h6h9 f9f8 h9h6 f8f9").pass().unwrap();
        assert!(targets(&pos, Edition::Cxa2020.rulebook()).iter().any(pawn));
    }
}
