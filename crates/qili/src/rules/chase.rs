//! Chases (捉, 28.3 and 29): which enemy pieces the side to move could win.
//!
//! 29.1 names three ways to win a piece: capture it directly; capture it after
//! a series of checks; win material through a complete exchange. 29.3 limits
//! the targets to pieces with value (25.3) that are unprotected or whose
//! protection is false or insufficient (无根, 假根, 少根). 29.4 adds that taking
//! must not lead to being mated. Whether a chase is *new* (29.2) is decided by
//! comparing two of these sets, before and after a move — see [`super::kind`].

use std::cell::OnceCell;

use super::attack;
use super::exchange::{
    exchange, exchange_without, floats, gives_up_more, single_square_gain, winnable_squares,
    Exchange, Exchanges,
};
use super::mate::{
    can_force_mate, can_mate_by_checks, mate_by_checks, mates_after_the_trade, MATE_CHECKS,
};
use super::rulebook::{CaptureRules, Rulebook};
use super::value::{has_value, most_worth, value};
use crate::{Move, MoveList, Piece, Position, Role, Square, SquareSet};

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
    /// 假根: a defender exists by the movement rules but cannot legally
    /// recapture (it is pinned, it would face the other king, or the capture
    /// removes its screen or opens its line), or — with
    /// `captures.mated_recapture_is_no_root` — every recapture is mated (29.4).
    False,
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
            Root::False => "false",
            Root::Insufficient => "insufficient",
            Root::Outvalued => "outvalued",
        }
    }
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
    /// The line that wins it: the capture that describes it and the
    /// exchange that follows (29.1 "完整的交换过程"); for a piece won through
    /// checks, the check that wins the most, the defender's reply that lets
    /// the least be won, and so on to the capture and its exchange.
    pub line: Vec<Move>,
}

/// Everything the side to move in `pos` could win with its next move — and,
/// in the CXA books (28.3 "包括从下一着开始运用连续照将"), through a check
/// first. AXF counts only unprotected pieces (including false roots) and
/// pieces worth more than their attacker; its examples treat neither a piece
/// outnumbered by attackers nor a capture after a check as chased. Targets
/// are listed once each, in square order.
pub fn targets(pos: &Position, rules: &Rulebook) -> Vec<Target> {
    targets_among(pos, rules, EVERY_PIECE)
}

/// [`targets`] among the pieces on the points of `victims` (a bit set):
/// whether a piece is a target, and how, does not depend on the others.
pub(super) fn targets_among(pos: &Position, rules: &Rulebook, victims: u128) -> Vec<Target> {
    targets_sparing(pos, rules, victims, 0, false)
}

/// What the mover of `m` could win before playing it (29.2 compares it with
/// what it can win after): [`targets_among`] in `before`, except that when
/// `m` takes nothing, the piece it moves, lost in answer to a capture, does
/// not pay that capture back ([`won_back`]): a piece stepping out of an
/// attack adds no attacking force (CXA 2020 参考图37 "避吃促成得子，但没有加强
/// 进攻子力，判闲"), whether the chase it leaves standing is direct or won
/// through a check. A capture does more than step away.
pub(super) fn targets_before(
    before: &Position,
    rules: &Rulebook,
    victims: u128,
    m: Move,
) -> Vec<Target> {
    let steps_away = before.piece_at(m.to).is_none();
    let spared = if steps_away { m.from.bit() } else { 0 };
    targets_sparing(before, rules, victims, spared, true)
}

/// [`targets_among`], where a capture of the side's pieces on the points of
/// `spared` pays no capture back ([`won_back`]). With `before`, asked of the
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
) -> Vec<Target> {
    if victims == 0 {
        return Vec::new();
    }
    // Where more attackers than defenders (少根) is not a chase, such
    // captures are left out before the attackers are put together.
    let mut out: Vec<Target> = Vec::new();
    let mut offered = 0;
    for t in direct_captures(pos, rules.captures, rules.outnumbered_is_chased, victims) {
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
        through_check_among(pos, rules, victims, spared, offered)
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
/// chases (see [`targets`]) — among the pieces on the points of `victims`.
pub(super) fn offered_trades(pos: &Position, rules: &Rulebook, victims: u128) -> Vec<Target> {
    direct_captures(pos, rules.captures, true, victims)
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
/// these alone; the engine asks [`targets`].
#[cfg(test)]
pub fn direct_targets(pos: &Position, rules: &Rulebook) -> Vec<Target> {
    direct_captures(pos, rules.captures, true, EVERY_PIECE)
}

/// Every point of the board, as `victims` of [`direct_captures`].
const EVERY_PIECE: u128 = u128::MAX;

/// [`direct_targets`] counting captures by the refinements `captures` — a
/// piece won after checks, in [`won_after_check`], is won by its plain
/// exchange ([`CaptureRules::PLAIN`]), as the refinements would be run on
/// every line of the check search — with captures that only win by numbers
/// (少根) if `outnumbered`. A target with several attackers is described by
/// its best capture, whichever attacker comes first on the board.
/// Only pieces on the points of `victims` (a bit set) are considered.
fn direct_captures(
    pos: &Position,
    captures: CaptureRules,
    outnumbered: bool,
    victims: u128,
) -> Vec<Target> {
    let mover = pos.turn();
    let mut out: Vec<Target> = Vec::new();
    let candidates = pos.legal_moves_within(victims & pos.board().occupied_by(mover.other()));
    if candidates.is_empty() {
        return out;
    }
    let exchanges = Exchanges::new(pos).counting_escapes(captures.escape_costs_the_capture);
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
            ex.line = mated_recapture_line(pos, m);
            root = Some(Root::False);
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
            ex.line = lost.line;
            root = Some(Root::False);
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
        Root::False
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
    };
    through_check(&after, rules, &recaptures, pieces, |_| true).is_empty()
        && !mates_after_the_trade(&after, m.from)
        && !gives_up_more(&them, accept)
}

/// CXA 2020 图16 ("黑方将6退1避抽后，车可以吃兵"): a capture after which the
/// opponent wins the capturing piece through checks (抽, 29.1 "通过连续照将
/// 吃子", as [`targets_through_check`] counts it), for more than the capture
/// took, wins nothing (29.1 "得子"): with the king on 6/8 the rook's taking
/// the pawn is met by 车二平四 and the rook is lost; once the king is back it
/// is a chase. The same for another piece, worth more than the capture
/// gains, that a check the capture opened wins (图23's 得不偿失 by a check,
/// [`Opened`]; probe z107-01: the cannon that takes a horse frees the leg
/// of the horse that forks king and rook). Asked also of a capturer that
/// could be taken back but is not on the exchange's best line (the
/// recapture loses, as when it unties a pinned piece): the opponent need
/// not take back when a check wins more.
/// One the best line takes back is the exchange's business — counted there,
/// with what the recapture gives up (a check after which the same recapture
/// takes it wins nothing by the check).
fn capturer_lost_to_checks(pos: &Position, m: Move, t: &Target) -> bool {
    // A capturer the exchange's own line takes back is the exchange's
    // business (asked first: it is cheap, and the checks are not).
    if !exchange(pos, m).lost.is_empty() {
        return false;
    }
    let after = pos.after(m);
    let opened = Opened::by_capture(pos);
    after.checking_moves().iter().any(|&k| {
        // What the check takes counts with what it wins back (参考图31's
        // in-between capture with check), unless it was to be had anyway.
        let taken = after.piece_at(k.to).map_or(0, |p| value(p, k.to));
        let won = won_by_check(&after, k, m.to, &opened, t.gain - taken);
        let Some(gain) = won.iter().map(|w| w.gain).max() else {
            return false;
        };
        let took = if taken > 0 && single_square_gain(&after, k) <= 0 {
            taken
        } else {
            0
        };
        gain + took > t.gain
    })
}

/// What an exchange — a capture, or a capture and a recapture — opened for
/// the side to move after it: the checks that side did not have before the
/// capture, and the pieces of the other side it could not win then. A check
/// the exchange opened — a horse's leg freed, a line to the king cleared or
/// formed — that wins such a piece makes the exchange cost that piece (抽,
/// 29.1 "通过连续照将吃子": 图23's 得不偿失 when it follows the capture, 28.16's
/// 假根 when it follows the recapture; probes z107-01/03). So does a check
/// the side had before, for what the points the exchange left open to it
/// ([`won_once_vacated`]); a piece that check won before was lost anyway.
/// Found when first asked.
struct Opened<'a> {
    /// The position before the capture, the capturer to move.
    start: &'a Position,
    /// Whether the side asked about is the capturer's opponent.
    opponent: bool,
    /// That side's position before the capture, and its checks there; none
    /// if it could not have moved then (it was giving check), and then no
    /// check counts as opened.
    before: OnceCell<Option<(Position, MoveList)>>,
    /// The pieces it could win there.
    lost_before: OnceCell<u128>,
}

impl<'a> Opened<'a> {
    /// What the capture from `start` opens for the opponent.
    fn by_capture(start: &'a Position) -> Opened<'a> {
        Opened::new(start, true)
    }

    /// What the capture from `start` and a recapture open for the capturer.
    fn by_recapture(start: &'a Position) -> Opened<'a> {
        Opened::new(start, false)
    }

    fn new(start: &'a Position, opponent: bool) -> Opened<'a> {
        Opened {
            start,
            opponent,
            before: OnceCell::new(),
            lost_before: OnceCell::new(),
        }
    }

    /// The pieces that count as won by the check `k` in `after` (the
    /// position after the exchange), besides the one the exchange is about:
    /// none if `k` was a check before.
    fn others(&self, k: Move, after: &Position) -> u128 {
        let lost = self.lost(after);
        let Some((before, checks)) = self.before() else {
            return 0;
        };
        if lost == 0 || !checks.contains(&k) {
            return lost;
        }
        won_once_vacated(before, k, after, lost)
    }

    /// The pieces that may count as won by a check in `after` besides the
    /// one the exchange is about, whichever the check: those the side could
    /// not win before the capture (every [`Opened::others`] is among them).
    fn lost(&self, after: &Position) -> u128 {
        let Some((before, _)) = self.before() else {
            return 0;
        };
        let movers = after.board().occupied_by(after.turn().other());
        movers & !*self.lost_before.get_or_init(|| winnable_squares(before))
    }

    /// The side's position before the capture, and its checks there.
    fn before(&self) -> Option<&(Position, MoveList)> {
        self.before
            .get_or_init(|| {
                let before = if self.opponent {
                    self.start.pass()?
                } else {
                    self.start.clone()
                };
                let checks = before.checking_moves();
                Some((before, checks))
            })
            .as_ref()
    }
}

/// An old check — one the side had before the exchange — counts for what
/// the exchange's moves opened to it: the pieces of `lost` that `k`
/// did not win in `before` and wins there once the points the exchange
/// left (in `after`) are empty — the capturer, or the piece that took
/// back, stood on the point that answered the check (probe z124-28: R
/// g7xg3 leaves f7 to N e5-f7+, which forks the rook h6), and that it
/// could not take at once without the check. Whatever else the exchange
/// changed does not make an old check new.
fn won_once_vacated(before: &Position, k: Move, after: &Position, lost: u128) -> u128 {
    // What the side can take at once after the exchange it wins without
    // the check (a guard that left its piece: 1999 图四's business, or the
    // exchange's), and what the check won before is no new loss.
    let new = lost & !winnable_squares(after) & !won_one_check_deep(before, k, lost);
    if new == 0 {
        return 0;
    }
    match before.without(before.board().occupied() & !after.board().occupied()) {
        Some(emptied) if emptied.checking_moves().contains(&k) => {
            won_one_check_deep(&emptied, k, new)
        }
        _ => 0,
    }
}

/// The pieces of `pieces` (but the one `k` takes) that the check `k` in
/// `pos` wins whatever the reply, by the capture that follows it.
#[inline(never)]
fn won_one_check_deep(pos: &Position, k: Move, pieces: u128) -> u128 {
    let p = pos.after(k);
    let wanted = Wanted {
        pieces: pieces & !k.to.bit(),
        pawn_prey: 0,
    };
    won_after_check(&p, ONE_CHECK.by(k, &p), None, wanted)
        .iter()
        .fold(0, |set, w| set | w.square.bit())
}

/// After the check `k` in `pos`, the piece on `sq` won whatever the reply
/// through checks (抽, 29.1 "通过连续照将吃子"), or one of the pieces the
/// exchange `opened` to `k` ([`Opened::others`]) by the capture that follows
/// the check: each, for the least it gains. The caller picks among them (by
/// gain, or by what counts under 25.3: which comes first on the board must
/// not decide). A check that takes on `sq` itself wins nothing here: that is
/// the exchange's business. Of the others, only those that could gain more
/// than `floor` are looked for (the caller asks for no less): a piece won by
/// one capture gains at most its worth ([`most_worth`]).
fn won_by_check(pos: &Position, k: Move, sq: Square, opened: &Opened, floor: i32) -> Vec<Won> {
    if k.to == sq {
        return Vec::new();
    }
    let p = pos.after(k);
    let wanted = |pieces: u128| Wanted {
        pieces: pieces & !k.to.bit(),
        pawn_prey: 0,
    };
    let mut won = won_after_check(&p, THROUGH_CHECKS.by(k, &p), None, wanted(sq.bit()));
    // Looked for among every piece that may count and is worth enough —
    // whether a piece is won does not depend on what else is looked for —
    // and only if one is won is it asked which of them count (costly for a
    // check the side had).
    let lost = SquareSet(opened.lost(pos) & !sq.bit())
        .filter(|&x| {
            pos.piece_at(x)
                .is_some_and(|piece| most_worth(piece) > floor)
        })
        .fold(0, |set, x| set | x.bit());
    let lost = wanted(lost);
    if lost.pieces != 0 {
        let extra = won_after_check(&p, ONE_CHECK.by(k, &p), None, lost);
        if !extra.is_empty() {
            let others = opened.others(k, pos);
            won.extend(extra.into_iter().filter(|w| others & w.square.bit() != 0));
        }
    }
    won
}

/// The defender's answers to a check, those that take first: a reply that
/// saves everything is usually one that takes, and once one is found the
/// other replies need not be searched.
fn replies_to_check(p: &Position) -> MoveList {
    let mut replies = p.legal_moves();
    replies.move_to_front(|r| p.piece_at(r.to).is_some());
    replies
}

/// 28.16 假根 with 29.1 "完整的交换过程" and 29.4: the defenders of the piece
/// taken by `m` can all take back, but every recapture lets the capturer
/// force mate — a recapture that is mated for it is no better than one the
/// rules forbid, and the protection is false. The mate is the one 29.4 asks
/// of every capture ([`capture_is_mated`]): by checks, the defender's blocks
/// included (2020 图7 "不能离线吃炮（红车可垫将还杀）"), not only at once
/// (CXA 2020 参考图25,
/// "伏车五进三吃炮": after 象吃车, 车六进六 takes the advisor and mates — the
/// king cannot take back with the kings facing, and the other advisor is
/// held by the cannon over the elephant that took back). Only a mate the
/// recapture opens counts: one the capturer has anyway is a threat of its
/// own (28.2), not a flaw of the protection (图29: after 车一平二 the rook
/// mates by taking the rook on 8 whatever happens to the advisor the cannon
/// and pawn attack; the move is "兑", not a chase of that advisor).
pub(super) fn every_recapture_is_mated(pos: &Position, m: Move) -> bool {
    let after = pos.after(m);
    let recaptures = after.legal_moves_to(m.to);
    !recaptures.is_empty()
        && recaptures.iter().all(|&r| {
            let p = after.after(r);
            can_force_mate(&p)
        })
        && !can_force_mate(pos)
}

/// 28.16 假根按无根处理 for the piece `m` takes, as [`targets`] reads it
/// under `captures`: every recapture is mated
/// ([`CaptureRules::mated_recapture_is_no_root`]) or loses the piece that
/// took back to a check ([`CaptureRules::lost_recapture_is_no_root`]; not
/// where the capture gives up more elsewhere, which the defender need not
/// answer).
pub(super) fn recaptures_are_false(pos: &Position, m: Move, captures: CaptureRules) -> bool {
    captures.mated_recapture_is_no_root && every_recapture_is_mated(pos, m)
        || captures.lost_recapture_is_no_root && lost_recapture(pos, m).is_some()
}

/// [`every_recapture_lost_to_checks`], unless the capture `m` gives up more
/// elsewhere (图23 得不偿失, [`gives_up_more`]): the defender need not take
/// back then, and its root stands.
fn lost_recapture(pos: &Position, m: Move) -> Option<LostRecapture> {
    every_recapture_lost_to_checks(pos, m).filter(|_| !gives_up_more(pos, m))
}

/// 28.16 假根 with 29.1 "通过连续照将吃子" (抽): the defenders of the piece
/// taken by `m` can all take back, but after every recapture a check wins
/// the piece that took back — a fork, a discovered check — or, by a check
/// the exchange opened, another piece that could not be won before
/// ([`Opened`]; probe z107-03: the cannon that takes back frees the leg of
/// the horse that forks king and rook), so that the capture wins material
/// whatever the defender does: the protection is one in form only
/// ("形式上是根，实际上起不到充分保护作用"). What the capture wins after the
/// recapture that costs the least, if it wins. A check that takes back on
/// the point itself is the exchange's business.
///
/// Material is counted as 25.3 counts it: a crossed pawn that takes, and
/// buys with its loss the piece taken and the one the check wins, has won
/// nothing (兵卒价值浮动, [`floats`]). The side picks the check that wins
/// most of what counts, the defender the recapture that gives up least of
/// it, so that which of two recaptures or checks of equal worth comes first
/// on the board never decides.
fn every_recapture_lost_to_checks(pos: &Position, m: Move) -> Option<LostRecapture> {
    let victim = pos.piece_at(m.to)?;
    let capturer = pos.piece_at(m.from)?;
    let trade = value(victim, m.to) - value(capturer, m.to);
    // What the capture wins if the check then wins `piece` for `won`: the
    // gain if it counts under 25.3, or nothing.
    let counted = |won: i32, piece: Piece| {
        let gain = trade + won;
        let floating = floats([victim, piece], [capturer], capturer.role == Role::Pawn);
        if gain > 0 && !floating {
            gain
        } else {
            0
        }
    };
    let after = pos.after(m);
    let recaptures = after.legal_moves_to(m.to);
    // A recapture after which the capturer has no check loses nothing:
    // found first, the others' searches are spared.
    let leaves_no_check = |r: Move| {
        let p = after.after(r);
        p.checking_moves().is_empty()
    };
    if recaptures.iter().any(|&r| leaves_no_check(r)) {
        return None;
    }
    let opened = Opened::by_recapture(pos);
    let mut least: Option<LostRecapture> = None;
    for &r in &recaptures {
        let p = after.after(r);
        let mut best: Option<LostRecapture> = None;
        for &k in &p.checking_moves() {
            for w in won_by_check(&p, k, m.to, &opened, -trade) {
                let gain = counted(w.gain, w.piece);
                if best.as_ref().is_none_or(|b| gain > b.gain) {
                    #[cfg(feature = "lines")]
                    let line = [m, r].into_iter().chain(then(k, w.line)).collect();
                    #[cfg(not(feature = "lines"))]
                    let line = Vec::new();
                    best = Some(LostRecapture {
                        gain,
                        won: w.piece,
                        line,
                    });
                }
            }
        }
        let best = best.filter(|b| b.gain > 0)?;
        if least.as_ref().is_none_or(|l| best.gain < l.gain) {
            least = Some(best);
        }
    }
    least
}

/// What [`every_recapture_lost_to_checks`] finds.
struct LostRecapture {
    /// What the capture wins after the recapture that costs the least.
    gain: i32,
    /// The piece the check then wins: the one that took back, or another
    /// that the exchange opened to the check.
    won: Piece,
    /// The capture, that recapture, the check and what follows (empty
    /// without the `lines` feature).
    line: Vec<Move>,
}

/// The line that shows [`every_recapture_is_mated`]: the capture, the first
/// recapture and the mate that follows (empty without the `lines` feature).
fn mated_recapture_line(pos: &Position, m: Move) -> Vec<Move> {
    if !cfg!(feature = "lines") {
        return Vec::new();
    }
    let mut after = pos.after(m);
    let Some(&r) = after.legal_moves_to(m.to).first() else {
        return Vec::new();
    };
    after.play_unchecked(r);
    let mate = mate_by_checks(&after, MATE_CHECKS).unwrap_or_default();
    [m, r].into_iter().chain(mate).collect()
}

/// 29.4: a capture after which the opponent can force mate does not count.
pub(super) fn capture_is_mated(pos: &Position, m: Move) -> bool {
    let after = pos.after(m);
    can_force_mate(&after)
}

/// Targets won by checking first (29.1 "通过连续照将吃子"): after the check,
/// whatever the defender replies, a piece can be won — at once or after one
/// more check ([`THROUGH_CHECKS`] in all) — net of anything the replies take.
/// A check that takes a piece of equal value which could take the checker
/// back ([`offers_even_trade`]) is an exchange, not the start of a chase
/// (28.5; CXA 2020 图13: the cannons attack each other over the rook, "判兑").
/// Only the tests ask for these alone; the engine asks [`targets`].
#[cfg(test)]
pub fn targets_through_check(pos: &Position, rules: &Rulebook) -> Vec<Target> {
    through_check_among(pos, rules, EVERY_PIECE, 0, 0)
}

/// [`targets_through_check`] among the pieces on the points of `victims`,
/// where the side's pieces on `spared` pay no capture back ([`won_back`]),
/// and the pieces on `offered` are searched for although they can be taken:
/// taking them would only offer a trade (28.5; see [`targets_sparing`]).
fn through_check_among(
    pos: &Position,
    rules: &Rulebook,
    victims: u128,
    spared: u128,
    offered: u128,
) -> Vec<Target> {
    let pieces = Pieces {
        victims,
        spared,
        offered,
    };
    through_check(pos, rules, &pos.checking_moves(), pieces, |k| {
        !offers_even_trade(pos, k, rules)
    })
}

/// The pieces a search for targets through a check is about, as bit sets of
/// points (see [`through_check_among`]).
#[derive(Clone, Copy)]
struct Pieces {
    /// The enemy pieces asked about.
    victims: u128,
    /// The side's pieces whose loss pays no capture back ([`won_back`]).
    spared: u128,
    /// Enemy pieces that can be taken, but only as an offer to trade (28.5).
    offered: u128,
}

/// [`targets_through_check`] with the checking moves `checks`, using only
/// those that `use_check` accepts (asked only of checks that win something),
/// for the pieces of `pieces`.
fn through_check(
    pos: &Position,
    rules: &Rulebook,
    checks: &[Move],
    pieces: Pieces,
    use_check: impl Fn(Move) -> bool,
) -> Vec<Target> {
    let Pieces {
        victims,
        spared,
        offered,
    } = pieces;
    let floats = Some(rules);
    let mut out: Vec<Target> = Vec::new();
    // Only pieces that stand in `pos` already and that the check makes
    // takeable: a piece that could be taken anyway is not won "through" it —
    // unless taking it is only an offer (`offered`), which the check may
    // turn into a win (a fork of a cannon that faces the side's own).
    // One that only a pawn or the king could take is (27.1, 27.2: their
    // attack alone is idle), if another piece wins it: the pawn taking it
    // after the check is the attack it had anyway. A capture after which
    // the taker is mated takes nothing (29.4): the piece is still to be won.
    if checks.is_empty() {
        return out;
    }
    let (mut takeable, mut pawn_prey) = (0, 0);
    for c in pos.captures().iter() {
        match pos.piece_at(c.from).map(|p| p.role) {
            Some(Role::Pawn | Role::King) => pawn_prey |= c.to.bit(),
            _ if takeable & c.to.bit() == 0 && capture_is_mated(pos, *c) => {}
            _ => takeable |= c.to.bit(),
        }
    }
    // Every piece is searched for, whichever `victims` are asked about: a
    // reply may lose one of them or another (see below).
    let untakeable = pos.board().occupied_by(pos.turn().other()) & !(takeable & !offered);
    let pawn_prey = pawn_prey & untakeable;
    for &k in checks {
        let p = pos.after(k);
        if !p.is_check() {
            continue;
        }
        // Won whatever the reply: a piece every reply loses, or else one of
        // several, a reply losing one and another reply another (28.3
        // "吃掉对方某个无根子").
        let won = won_per_reply(
            &p,
            THROUGH_CHECKS.by(k, &p),
            floats,
            Wanted {
                pieces: untakeable & !k.to.bit(),
                pawn_prey,
            },
            Some(Start { pos, spared }),
        );
        if won.is_empty() || !use_check(k) {
            continue;
        }
        let group = won.iter().fold(0, |set, w| set | w.square.bit());
        for w in won {
            let sq = w.square;
            if victims & sq.bit() == 0 {
                continue;
            }
            // Every check that wins the piece is one of its attackers, and the
            // best of them counts: which check comes first in the move list
            // depends on where the pieces stand, left or right, and must not
            // decide whether the attack is new (a fuzzed game judged
            // differently in a mirror). A check that wins it only as one of
            // several adds nothing to one that wins it whatever the reply,
            // and gives way to it.
            match out.iter().position(|t| t.square == sq) {
                Some(i) if w.either && out[i].alternatives == 0 => continue,
                Some(i) if !w.either && out[i].alternatives != 0 => {
                    out.swap_remove(i);
                }
                Some(i) => {
                    let t = &mut out[i];
                    if w.either {
                        t.alternatives |= group;
                    }
                    if !t.attackers.contains(&k.from) {
                        t.attackers.push(k.from);
                    }
                    t.takers |= with_checker(k, w.takers);
                    if w.gain > t.gain {
                        t.gain = w.gain;
                        #[cfg(feature = "lines")]
                        {
                            t.line = then(k, w.line);
                        }
                    }
                    continue;
                }
                None => {}
            }
            out.push(Target {
                square: sq,
                piece: w.piece,
                attackers: vec![k.from],
                takers: with_checker(k, w.takers),
                method: Method::ThroughCheck(k),
                root: Root::None,
                protectors: attack::attackers(pos.board(), sq, pos.turn().other()),
                outnumbered: false,
                gain: w.gain,
                king_only: false,
                pawn_only: false,
                joint: false,
                alternatives: if w.either { group } else { 0 },
                mates_aside: w.mates_aside,
                #[cfg(feature = "lines")]
                line: then(k, w.line),
                #[cfg(not(feature = "lines"))]
                line: Vec::new(),
            });
        }
    }
    out
}

/// How many checks in a row a chase may use before the capture (28.3
/// "连续照将"), the first included: at most two that take nothing and leave
/// the defender more than one reply ([`only_reply`]), and four in all. A
/// check by which the checking piece takes another on its way, and cannot
/// be taken back, leaves fewer pieces, so it counts only against the
/// second bound (CXA 2020 图3, "可以下一着开始运用连续将军得车": 车8进1 照将;
/// after 仕五退四 the rook takes the advisor with check, checks from the side
/// and takes the rook; after 相五退三 it first takes the elephant, also with
/// check). The same bound serves a piece that
/// has just captured and is won back by checks (图16 "避抽").
const THROUGH_CHECKS: Checks = Checks {
    quiet: 2,
    all: 4,
    checker: None,
};

/// One check and the capture it makes possible: a fork, a discovered
/// attack (抽 in its plainest form) — the bound for a piece an exchange
/// loses by a check it opened ([`Opened`]).
const ONE_CHECK: Checks = Checks {
    quiet: 1,
    all: 1,
    checker: None,
};

/// What is left of a bound on a series of checks, the last check played
/// included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Checks {
    /// Checks that take nothing (or take and can be taken back, or are given
    /// by another piece than the last check).
    quiet: u32,
    /// All checks.
    all: u32,
    /// Where the piece that gave the last check stands.
    checker: Option<Square>,
}

impl Checks {
    /// The bound after the check `k` that put the defender in check, in
    /// `p`: a check with one reply only is free ([`only_reply`]) when more
    /// checks may follow.
    fn by(self, k: Move, p: &Position) -> Checks {
        Checks {
            quiet: self.quiet + u32::from(self.all > 1 && only_reply(p)),
            checker: Some(k.to),
            ..self
        }
    }

    /// `true` if, after the defender's reply (`q`), the checking side mates
    /// by the checks left to it: a reply the defender would not play.
    fn mate_follows(self, q: &Position) -> bool {
        self.all > 1 && can_mate_by_checks(q, self.all - 1)
    }

    /// The check `k` in `p` played, and the bound left after it, if it may
    /// be played. A check is free if the piece that checked last takes a
    /// piece with it and cannot be taken back, or if it leaves the defender
    /// one reply only ([`only_reply`]).
    fn play(self, p: &Position, k: Move) -> Option<(Checks, Position)> {
        if self.all <= 1 {
            return None;
        }
        let takes =
            self.checker == Some(k.from) && p.piece_at(k.to).is_some_and(|c| value(c, k.to) > 0);
        let after = p.after(k);
        let free = takes && after.legal_moves_to(k.to).is_empty() || only_reply(&after);
        let quiet = self.quiet - u32::from(!free);
        let next = Checks {
            quiet,
            all: self.all - 1,
            checker: Some(k.to),
        };
        (quiet > 0).then_some((next, after))
    }
}

/// `true` if the defender, in check in `p`, has one legal reply only: a
/// check that forces it widens nothing — the line goes on as one line — so
/// it does not count against the bound on quiet checks (28.3 sets no bound
/// on "连续照将"; probe z137-04: three checks, each with one reply, win a
/// rook).
fn only_reply(p: &Position) -> bool {
    p.has_one_legal_move()
}

/// A piece won after a check (see [`won_per_reply`]).
#[derive(Clone)]
struct Won {
    /// Where it stands before the reply.
    square: Square,
    /// The piece.
    piece: Piece,
    /// The least gain, net of what the replies took.
    gain: i32,
    /// The side's pieces that take part in winning it ([`Target::takers`]),
    /// where they stand before the reply.
    takers: u128,
    /// A reply moved it before it was taken.
    moved: bool,
    /// Not every reply loses it (see [`Target::alternatives`]).
    either: bool,
    /// A reply on the way was left out: the checks then mate it
    /// ([`Checks::mate_follows`]).
    mates_aside: bool,
    /// The line that wins it: the defender's reply that lets the least be
    /// won, then the capture and its exchange, or the next check and so on.
    #[cfg(feature = "lines")]
    line: Vec<Move>,
}

/// `true` if the defender's piece on `from` could legally take back on `sq`
/// in `pos` (the side to move's turn), were one of the side's pieces to take
/// there: a root, not a false one (28.16 — pinned, or the last piece
/// between the kings).
fn could_take_back(pos: &Position, sq: Square, from: Square) -> bool {
    let mut setup = pos.to_setup();
    setup.board.set(
        sq,
        Some(Piece {
            color: pos.turn(),
            role: Role::Rook,
        }),
    );
    setup.turn = pos.turn().other();
    Position::from_setup(setup, crate::Tolerance::COMPOSED)
        .is_ok_and(|p| p.is_legal(Move::new(from, sq)))
}

/// The pieces a search after a check looks for, as bit sets of points.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Wanted {
    /// The pieces looked for (the search follows them as replies move them,
    /// and looks at nothing else).
    pieces: u128,
    /// Those of them a pawn or the king could take before the check: a
    /// capture of one of these by pawns alone, where it stood, wins nothing
    /// new (see [`through_check`]).
    pawn_prey: u128,
}

/// After a check (`p`, the defender to move): the pieces won whatever the
/// defender replies — by a capture next, or by more checks within `checks`
/// first — for the pieces of `wanted` only.
///
/// What a check wins is a fact about the position and the question alone,
/// and a third of the questions over a game are asked again: the same
/// position is reached by checks in another order, and the chase search and
/// the exchange's checks ([`capturer_lost_to_checks`]) follow the same
/// lines. So each thread remembers the latest answers, as the mate search
/// does (`mate.rs`), in a direct-mapped table: a question that lands on an
/// occupied slot replaces it — forgetting only costs time.
fn won_after_check(
    p: &Position,
    checks: Checks,
    floats: Option<&Rulebook>,
    wanted: Wanted,
) -> Vec<Won> {
    let asked = Asked {
        key: p.key(),
        checks,
        floats: floats.copied(),
        wanted,
    };
    let slot = asked.slot();
    let known = WON.with(|t| {
        t.borrow()
            .get(slot)
            .and_then(|e| e.as_ref().filter(|(a, _)| *a == asked).map(|e| e.1.clone()))
    });
    known.unwrap_or_else(|| {
        let mut won = won_per_reply(p, checks, floats, wanted, None);
        won.retain(|w| !w.either);
        WON.with(|t| {
            let mut t = t.borrow_mut();
            if t.is_empty() {
                t.resize(WON_SLOTS, None);
            }
            t[slot] = Some((asked, won.clone()));
        });
        won
    })
}

/// A question [`won_after_check`] answers.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Asked {
    /// The position's [`Position::key`].
    key: u64,
    checks: Checks,
    floats: Option<Rulebook>,
    wanted: Wanted,
}

impl Asked {
    /// The question's slot in the table.
    fn slot(&self) -> usize {
        let mixed = self.key
            ^ (self.wanted.pieces as u64)
            ^ (self.wanted.pieces >> 64) as u64
            ^ u64::from(self.checks.all) << 58
            ^ u64::from(self.checks.quiet) << 61;
        (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) as usize & (WON_SLOTS - 1)
    }
}

/// Slots in the table of [`won_after_check`] (a power of two).
const WON_SLOTS: usize = 1 << 12;

/// One remembered answer of [`won_after_check`]: the question and the answer.
type Answered = (Asked, Vec<Won>);

thread_local! {
    static WON: std::cell::RefCell<Vec<Option<Answered>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// After a check (`p`, the defender to move): the pieces of `wanted` that
/// one reply or another lets be won — by a capture next, or by more checks
/// within `checks` first — where they stood before the reply, each for the
/// least it gains, with [`Won::either`] if some reply does not lose it;
/// none at all if one reply loses nothing, or if there is no reply (a mate,
/// not a chase). A reply after which the side mates by the checks left
/// ([`Checks::mate_follows`]) is one the defender would not play, and is
/// left out unless every reply is such (29.1). For the first check of a
/// line, `checked` is where it starts: the position it was given in, whose
/// protection counts (below), and the pieces there that pay no capture
/// back; for a later one, `None`, and only pieces every reply loses are
/// searched for after the first reply. A piece that not every reply loses
/// counts only if every reply loses one for real: not a piece whose capture
/// by the next move lets the defender take as much back elsewhere
/// ([`won_back`]).
/// A pawn the defender takes on the way counts as lost at least what the
/// rules `floats` say for the piece the line wins (25.3: its value floats
/// to what it buys — 1999 图十二 "过河兵子力浮动，不存在得子", 2020 图24
/// "送兵换马…判闲" but "弃兵得车…判捉"; [`Rulebook::pawn_given_up_in_checks`]);
/// with `None`, as what it is.
fn won_per_reply(
    p: &Position,
    checks: Checks,
    floats: Option<&Rulebook>,
    wanted: Wanted,
    checked: Option<Start>,
) -> Vec<Won> {
    let Wanted {
        pieces: mut wanted,
        pawn_prey,
    } = wanted;
    if wanted == 0 {
        return Vec::new();
    }
    let mut out: Vec<Won> = Vec::new();
    let mut lost_to_every_reply = !0;
    let mut every_reply_loses_for_real = true;
    let mut lost_somewhere_for_real = 0;
    // The most the side is sure of when the replies lose different pieces:
    // the defender picks the reply that gives up least.
    let mut sure_of = i32::MAX;
    let replies = replies_to_check(p);
    // A reply that plainly loses nothing ends the search: found first, the
    // searches of the other replies are spared.
    if replies.len() > 1
        && replies.iter().any(|&r| {
            let q = p.after(r);
            wins_nothing(&q, moved_by(wanted, r), checks) && !checks.mate_follows(&q)
        })
    {
        return Vec::new();
    }
    // 29.1 "能够通过连续照将吃子": a reply after which the checks go on to
    // mate is no escape, and what it gives up does not count. If every
    // reply is so, the check is a mate, and the line still takes what it
    // takes on the way: the replies are counted as they are.
    let mut todo = replies;
    let mut skip_mated = true;
    let mates_aside = loop {
        let mut mated = MoveList::new();
        for &r in &todo {
            let captured = p.piece_at(r.to);
            let lost = captured.map_or(0, |c| value(c, r.to));
            let pawn_taken = captured.is_some_and(|c| c.role == Role::Pawn);
            // What the reply's capture costs, for the piece the line wins.
            let lost_for = |won: Piece| {
                if pawn_taken {
                    lost.max(floats.map_or(0, |r| r.pawn_given_up_in_checks(won.role)))
                } else {
                    lost
                }
            };
            let q = p.after(r);
            if skip_mated && checks.mate_follows(&q) {
                mated.push(r);
                continue;
            }
            // The wanted pieces where they stand after the reply.
            let here = moved_by(wanted, r);
            // A piece the reply moves is no longer where the pawn could take it.
            let pawn_prey = pawn_prey & !r.from.bit();
            let (won, paid_back) = won_after_reply(&q, checks, floats, here, pawn_prey, checked);
            let (mut named, mut really_lost, mut most) = (0, 0, 0);
            for w in won {
                let gain = w.gain - lost_for(w.piece);
                if gain <= 0 {
                    continue;
                }
                let real = paid_back & w.square.bit() == 0;
                let w = Won {
                    square: if w.square == r.to { r.from } else { w.square },
                    gain,
                    moved: w.moved || w.square == r.to,
                    #[cfg(feature = "lines")]
                    line: then(r, w.line),
                    ..w
                };
                // 29.3: the chased piece is one without a (real) root. A piece
                // that is protected where it stood in the position `checked`
                // and is won only after a reply moves it — typically to block
                // the check — was not chased (CXA 2020 参考图13, 参考图33: the
                // advisor or elephant that must interpose is taken there; 图24's
                // rook that interposes had no root where it stood — nor has a
                // piece whose root was false, 28.16). A reply that loses only
                // such a piece loses nothing.
                if let Some(Start { pos, .. }) = checked.filter(|_| w.moved) {
                    let guards = attack::attackers(pos.board(), w.square, pos.turn().other());
                    if guards.iter().any(|&d| could_take_back(pos, w.square, d)) {
                        continue;
                    }
                }
                named |= w.square.bit();
                if real {
                    really_lost |= w.square.bit();
                    most = most.max(w.gain);
                }
                match out.iter_mut().find(|v| v.square == w.square) {
                    Some(v) => {
                        v.moved |= w.moved;
                        v.mates_aside |= w.mates_aside;
                        v.takers |= w.takers;
                        if w.gain < v.gain {
                            v.gain = w.gain;
                            #[cfg(feature = "lines")]
                            {
                                v.line = w.line;
                            }
                        }
                    }
                    None => out.push(w),
                }
            }
            if named == 0 {
                return Vec::new();
            }
            lost_to_every_reply &= named;
            every_reply_loses_for_real &= really_lost != 0;
            lost_somewhere_for_real |= really_lost;
            sure_of = sure_of.min(most);
            // Only what every reply so far lets go can be won whatever the reply.
            if checked.is_none() {
                wanted = named;
            }
        }
        if !skip_mated || mated.len() < todo.len() {
            break skip_mated && !mated.is_empty();
        }
        todo = mated;
        skip_mated = false;
    };
    // One of several pieces is won only if every reply loses one for
    // real: a capture after which the defender takes back as much elsewhere
    // gains nothing (得不偿失). Of those, the pieces chased are the ones
    // the defender's best reply gives up — what the side is sure of — not a
    // rook that one reply loses where another gives only an advisor (28.3
    // "吃掉对方某个无根子": the piece it can be sure to take).
    let alternatives = if every_reply_loses_for_real {
        lost_somewhere_for_real
    } else {
        0
    };
    out.retain_mut(|w| {
        w.either = lost_to_every_reply & w.square.bit() == 0;
        w.mates_aside |= mates_aside;
        !w.either || alternatives & w.square.bit() != 0 && w.gain <= sure_of
    });
    out
}

/// After a reply (`q`, the checking side to move): the pieces on the points
/// of `here` the side wins next — by a capture, or by more checks within
/// `checks` — each for the best line, and among them the ones whose capture
/// the defender pays back elsewhere (asked after the first check's replies
/// only, with `checked`; see [`won_back`]). `pawn_prey` are the pieces the
/// pawns could take before the check (see [`Wanted::pawn_prey`]).
fn won_after_reply(
    q: &Position,
    checks: Checks,
    floats: Option<&Rulebook>,
    here: u128,
    pawn_prey: u128,
    checked: Option<Start>,
) -> (Vec<Won>, u128) {
    let mut won: Vec<Won> = Vec::new();
    // Captures after which the defender takes back as much elsewhere.
    let mut paid_back = 0;
    for t in direct_captures(
        q,
        CaptureRules::PLAIN,
        true,
        taken_by_more_than(q, here, pawn_prey),
    ) {
        // The king alone wins nothing; nor do pawns taking what they
        // could take before the check.
        if t.king_only || t.pawn_only && pawn_prey & t.square.bit() != 0 {
            continue;
        }
        // Nor does a capture after which a check wins the capturer back
        // (图16 at the end of the line, as for a capture at once).
        let lost_to_checks = floats.is_some_and(|r| r.capturer_lost_to_checks_wins_nothing)
            && t.attackers
                .iter()
                .all(|&a| capturer_lost_to_checks(q, Move::new(a, t.square), &t));
        if lost_to_checks {
            continue;
        }
        if checked.is_some_and(|start| won_back(q, &t, start)) {
            paid_back |= t.square.bit();
        }
        won.push(Won {
            square: t.square,
            piece: t.piece,
            gain: t.gain,
            takers: t.takers,
            moved: false,
            either: false,
            mates_aside: false,
            #[cfg(feature = "lines")]
            line: t.line,
        });
    }
    for &k in &q.checking_moves() {
        let Some((next, q2)) = checks.play(q, k) else {
            continue;
        };
        let taken = q.piece_at(k.to).map_or(0, |c| value(c, k.to));
        let wanted = Wanted {
            pieces: here & !k.to.bit(),
            pawn_prey: pawn_prey & !k.to.bit(),
        };
        for w in won_after_check(&q2, next, floats, wanted) {
            let gain = w.gain + taken;
            match won.iter_mut().find(|v| v.square == w.square) {
                // The best line counts; of equally good ones, a line that
                // takes the piece where it stands (whichever check comes
                // first in the move list, which a mirror changes).
                Some(v) if gain > v.gain => {
                    v.gain = gain;
                    v.moved = w.moved;
                    v.mates_aside = w.mates_aside;
                    v.takers |= with_checker(k, w.takers);
                    #[cfg(feature = "lines")]
                    {
                        v.line = then(k, w.line);
                    }
                }
                Some(v) => {
                    v.moved &= w.moved || gain < v.gain;
                    v.takers |= with_checker(k, w.takers);
                }
                None => won.push(Won {
                    gain,
                    takers: with_checker(k, w.takers),
                    #[cfg(feature = "lines")]
                    line: then(k, w.line),
                    ..w
                }),
            }
        }
    }
    (won, paid_back)
}

/// The points of `here` where a capture in `q` may win something after a
/// check ([`won_after_reply`]): not those only the king can take, nor those
/// of `pawn_prey` only pawns can take — such a target is passed over
/// whatever its captures win, so their exchanges and 29.4's mate searches
/// are spared.
fn taken_by_more_than(q: &Position, here: u128, pawn_prey: u128) -> u128 {
    let (mut by_king, mut by_pawns, mut by_others) = (0, 0, 0);
    for m in q
        .legal_moves_within(here & q.board().occupied_by(q.turn().other()))
        .iter()
    {
        match q.piece_at(m.from).map(|p| p.role) {
            Some(Role::King) => by_king |= m.to.bit(),
            Some(Role::Pawn) => by_pawns |= m.to.bit(),
            _ => by_others |= m.to.bit(),
        }
    }
    let passed_over = (by_king & !by_pawns | by_pawns & !by_king & pawn_prey) & !by_others;
    here & !passed_over
}

/// The points of `pieces` once the move `r` is made: a piece it moves
/// stands where it went.
fn moved_by(pieces: u128, r: Move) -> u128 {
    if pieces & r.from.bit() != 0 {
        pieces & !r.from.bit() | r.to.bit()
    } else {
        pieces
    }
}

/// `true` if, after a reply (`q`, the checking side to move), nothing on
/// the points of `here` can be won: no capture there wins by its plain
/// exchange, and no check may follow within `checks` — what
/// [`won_per_reply`] asks of each reply, found without its searches.
fn wins_nothing(q: &Position, here: u128, checks: Checks) -> bool {
    if checks.all > 1 && !q.checking_moves().is_empty() {
        return false;
    }
    let candidates = q.legal_moves_within(here & q.board().occupied_by(q.turn().other()));
    if candidates.is_empty() {
        return true;
    }
    let exchanges = Exchanges::new(q);
    candidates.iter().all(|&m| {
        q.piece_at(m.to).is_none_or(|v| !has_value(v, m.to))
            || !exchanges.of_if_it_wins(m).wins_material()
    })
}

/// [`Won::takers`] after the check `k`, where the pieces stood before it:
/// the checking piece takes part, from where it checked.
fn with_checker(k: Move, takers: u128) -> u128 {
    takers & !k.to.bit() | k.from.bit()
}

/// The position a line of checks starts from (the checking side to move),
/// and the side's pieces there whose loss pays no capture back (see
/// [`targets_before`]).
#[derive(Clone, Copy)]
struct Start<'a> {
    pos: &'a Position,
    spared: u128,
}

/// After `t` is taken in `q` (the capturer to move), whichever attacker
/// takes it, the defender wins at least as much elsewhere: a piece the
/// capture left loose or unguarded — not one of the pieces `start` spares,
/// still where it stood.
fn won_back(q: &Position, t: &Target, start: Start) -> bool {
    let spared = |after: &Position, sq: Square| {
        start.spared & sq.bit() != 0 && after.piece_at(sq) == start.pos.piece_at(sq)
    };
    t.attackers.iter().all(|&a| {
        let after = q.after(Move::new(a, t.square));
        direct_captures(
            &after,
            CaptureRules::PLAIN,
            true,
            EVERY_PIECE & !t.square.bit(),
        )
        .iter()
        .any(|c| c.gain >= t.gain && !spared(&after, c.square))
    })
}

/// `m`, then the moves of `rest`.
#[cfg(feature = "lines")]
fn then(m: Move, rest: Vec<Move>) -> Vec<Move> {
    [m].into_iter().chain(rest).collect()
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
        assert_eq!(cannon(forked, Edition::Cxa2020), Some((Root::False, 4)));
        assert_eq!(cannon(forked, Edition::Cxa1999), Some((Root::False, 4)));
        assert_eq!(cannon(forked, Edition::Axf), None);
        let covered = "2b1k2r1/9/8n/5N1c1/9/2p3N2/9/9/9/3K5 w";
        assert_eq!(cannon(covered, Edition::Cxa2020), None);
    }

    #[test]
    fn false_root_through_the_flying_general() {
        let pos = fen::position("4k4/4n4/9/9/9/9/9/9/4R4/4K4 w", Tolerance::COMPOSED).unwrap();
        let t = targets(&pos, Edition::Cxa1999.rulebook());
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].square.to_string(), "e8");
        assert_eq!(t[0].root, Root::False);
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
                (Method::Direct, Root::False),
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
            assert_eq!((t.root, t.protectors.len()), (Root::False, 2), "{t:?}");
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
