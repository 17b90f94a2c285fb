//! Whether a chase is the move's own (29.2 "上一着尚不存在"): a piece the
//! mover could win after the move is chased by it only if the move made the
//! attack — a new attacker, a root made false or cut, a taker set free —
//! and not if it could be won all along or only a check held it back. Each
//! reading is a switch of the [`Rulebook`];
//! [`classify`](super::kind::classify) asks these.

use std::borrow::Cow;
use std::cell::OnceCell;

use super::attack;
use super::chase::{targets_among, Method, Target};
use super::exchange::gives_up_a_piece;
use super::mate::{check_starts_mate, MATE_CHECKS};
use super::rulebook::Rulebook;
use crate::tables::STEPS;
use crate::{Color, Move, Piece, Position, Role, Square};

/// AXF (as Fairy-Stockfish reads it): the target's defender, other than the
/// king, is pinned and cannot take back — a false root made by a pin.
pub(super) fn root_newly_pinned(after: &Position, t: &Target) -> bool {
    t.root.is_false()
        && t.protectors
            .iter()
            .any(|&p| after.piece_at(p).is_some_and(|q| q.role != Role::King))
}

/// AXF: the move cuts a defender's line to the target — it blocks a rook's,
/// horse's or cannon's path, or takes away or doubles a cannon's screen —
/// and leaves it to be won: a new chase, though its attacker is not new
/// (Fairy-Stockfish lists "blocking a root" among its tracker's open bugs).
pub(super) fn root_cut(before: &Position, after: &Position, t: &Target) -> bool {
    let side = t.piece.color;
    Square::all().any(|p| {
        p != t.square
            && before.piece_at(p).is_some_and(|q| q.color == side)
            && before.piece_at(p) == after.piece_at(p)
            && attack::attacks(before.board(), p, t.square)
            && !attack::attacks(after.board(), p, t.square)
    })
}

/// AXF (Fairy-Stockfish's "X-ray protected discovered check"): the target's
/// only defender is the king, which could take back before the move but no
/// longer can — the move lines a piece up behind the attacker so that the
/// capture uncovers a check along the square the king would take back on.
/// A king root that was already false before the move is not made false by it.
/// When the mover was in check, the capture is asked as if the check were
/// not there: an answer that makes the root false (the king stepping onto
/// the file where the enemy king could not take back, a piece leaving the
/// file between the kings) makes the chase its own, as it would without the
/// check (29.2 with 参考图19).
pub(super) fn king_root_newly_false(before: &Position, t: &Target) -> bool {
    if !t.root.is_false()
        || !t
            .protectors
            .iter()
            .all(|&p| before.piece_at(p).is_some_and(|q| q.role == Role::King))
    {
        return false;
    }
    let Some(then) = as_if_unchecked(before) else {
        return false;
    };
    t.attackers.iter().any(|&a| {
        let take = Move::new(a, t.square);
        if !then.is_legal(take) {
            return false;
        }
        !then.after(take).legal_moves_to(t.square).is_empty()
    })
}

/// AXF: a piece that reached the target before the move but could not take
/// it, pinned to its king, and can now — the move set it free (a pinned
/// piece does not chase: axf-092). When the mover was in check, the capture
/// is asked as if the check were not there: an answer that blocks the pin
/// frees the taker as it would without the check (29.2 with 参考图19).
pub(super) fn taker_unpinned(before: &Position, m: Move, t: &Target) -> bool {
    t.attackers.iter().any(|&a| {
        let origin = stood_on(m, a);
        attack::attacks(before.board(), origin, t.square)
            && !could_take_but_for_the_check(before, Move::new(origin, t.square))
    })
}

/// `true` if the capture `take` was legal in `before` or, the mover being in
/// check, barred by that check alone: after it no piece but those giving the
/// check attacks the king. A piece pinned by another piece could not take,
/// check or no check (and the checker may be the very screen the capture
/// needs, so the check is not simply taken off the board).
fn could_take_but_for_the_check(before: &Position, take: Move) -> bool {
    if !before.is_check() {
        return before.is_legal(take);
    }
    let mover = before.turn();
    let checkers = attack::attackers(before.board(), before.king(mover), mover.other());
    let p = before.after(take);
    attack::attackers(p.board(), p.king(mover), mover.other())
        .iter()
        .all(|c| checkers.contains(c))
}

/// CXA 2020 (图12, 参考图15): the target could be taken before only by
/// giving up another piece worth at least as much (the taker was its root,
/// or its root's screen), and the move lets it be taken without that loss —
/// the chase is new (29.2), though the target was already attacked. Taking
/// for an even trade won nothing, so no chase stood before.
pub(super) fn frees_the_taker(
    before: &Position,
    again: &Position,
    t: &Target,
    was: &[Target],
) -> bool {
    let direct = |m: &Method| !matches!(m, Method::ThroughCheck(_));
    let Some(w) = was.iter().find(|w| w.square == t.square) else {
        return false;
    };
    direct(&t.method)
        && direct(&w.method)
        && w.attackers
            .iter()
            .all(|&a| gives_up_a_piece(before, Move::new(a, w.square)))
        && t.attackers
            .iter()
            .any(|&a| !gives_up_a_piece(again, Move::new(a, t.square)))
}

/// 29.2 ("上一着尚不存在"): the mover was in check, and the pieces that can
/// take the target, and the moved piece if it attacks it, all attacked it
/// before the move — the moved piece from where it stood — so only the
/// check kept them from taking (CXA 2020 参考图19: 士6进5 blocks the rook's
/// check; the black rook already attacked the cannon the check had left
/// bare: 闲; the same when the answer to the check is the attacker itself,
/// taking the checker without leaving the target's line). The 1999 clause is the same text and reads the same way.
/// Also in AXF, where a chase must be made by the move as well: the king
/// stepping out of check does not chase the pawn its rook attacked all
/// along — nor a piece it steps next to that another of its pieces attacked
/// all along and would have won but for the check: a king or a pawn joining
/// the attack on a piece already lost is no new attacker (27.1, 27.2, as
/// [`attack_is_new`] reads them), nor, in the 1999 book, any piece (从捉到捉
/// whatever joins, 图六). A blocker pinned on the check's line, which cannot
/// take, joins nothing (from real games: xq002839, xq008922). Only the check:
/// an answer that takes, blocks or pins one of the target's roots, or frees
/// a taker another piece had pinned, makes the chase its own (从没捉到捉),
/// as it would without the check (xq007348, xq010443).
pub(super) fn attacked_while_in_check(
    before: &Position,
    again: &Position,
    m: Move,
    t: &Target,
    rules: &Rulebook,
) -> bool {
    if !before.is_check() {
        return false;
    }
    let took_part_before = |now: Square| took_part(before, stood_on(m, now), t.square);
    // Whether, but for the check, the side could win the target: asked at
    // most once (it plays out the position with the checker's stand-in).
    let lost = OnceCell::new();
    let lost_but_for_the_check = || {
        *lost.get_or_init(|| {
            the_checker(before).is_some_and(|k| {
                with_stand_in(before, k).is_some_and(|p| lost_in(&p, k, t, rules, |_| true))
            })
        })
    };
    // The moved piece can take the target anew (a blocker pinned on the
    // check's line cannot): only a king or a pawn joining the attack on a
    // piece lost but for the check is no new attacker (27.1, 27.2).
    let joins = again.is_legal(Move::new(m.to, t.square)) && !took_part_before(m.to);
    let joins_idly = joins
        && before
            .piece_at(m.from)
            .is_some_and(|p| matches!(p.role, Role::King | Role::Pawn))
        && lost_but_for_the_check();
    let takers_held = (!joins || joins_idly)
        && t.attackers
            .iter()
            .all(|&a| took_part_before(a) || a == m.to && joins_idly);
    // 1999: a piece that could be won at all but for the check is 从捉到捉,
    // whichever piece now takes it, freed, joining or new (图六), as the same
    // move without the check would be.
    let lost_anyway = || !rules.new_attacker_renews_chase && lost_but_for_the_check();
    (takers_held || lost_anyway()) && roots_untouched(before, again, m, t)
}

/// `true` if the piece on `origin` attacked `target` in `before` and, but
/// for the check the mover may be in, could have taken it: it took part in
/// the attack. One pinned to its king by another piece did not — a move
/// that frees it gives the target a new attacker.
fn took_part(before: &Position, origin: Square, target: Square) -> bool {
    attack::attacks(before.board(), origin, target)
        && could_take_but_for_the_check(before, Move::new(origin, target))
}

/// `true` if in `but_for` — the position before the move with a stand-in
/// on the point of its `checker` ([`but_for_the_check`]) — the side to move
/// could win the target, as `won` accepts: only the check kept it from
/// being taken. A line whose checks take the stand-in on the way does not
/// count: taking the checker is the answer to the check, not a threat that
/// stood before it (from a real game, xq005561: 车九平五 takes the checking
/// rook, and 马三进四 with the rook's take on e6 "won" the cannon i6 only
/// through it).
fn lost_in(
    but_for: &Position,
    checker: Square,
    t: &Target,
    rules: &Rulebook,
    won: impl Fn(&Target) -> bool,
) -> bool {
    // The side was in check before the move: nothing of the opponent's
    // stood there to be won ([`Position::pass`] is no move in check). The
    // checker's stand-in is not the piece it stands in for.
    but_for.piece_at(t.square) == Some(t.piece)
        && targets_among(but_for, rules, t.square.bit(), None)
            .iter()
            .any(|w| was_won(t, w) && w.took & checker.bit() == 0 && won(w))
}

/// `w`, a target before the move, is `t` won then: the same piece, and not
/// only as one of several (see [`Target::alternatives`]) if `t` is lost
/// whatever the reply now — then it is chased anew.
pub(super) fn was_won(t: &Target, w: &Target) -> bool {
    w.square == t.square && (t.alternatives != 0 || w.alternatives == 0)
}

/// `before` as if its check were not there: the position itself when the
/// side to move is not in check, else [`but_for_the_check`] (`None` when
/// two pieces give check).
fn as_if_unchecked(before: &Position) -> Option<Cow<'_, Position>> {
    if before.is_check() {
        but_for_the_check(before).map(Cow::Owned)
    } else {
        Some(Cow::Borrowed(before))
    }
}

/// `before`, where the side to move is in check from one piece, with that
/// piece made harmless ([`stand_in`]): what the side could do but for the
/// check. Taking the checker off instead would open the lines it blocked: a
/// rook checking on a file may be what keeps the kings from facing, and
/// without it the defender's king could "never" step onto that file (图19
/// without the rook c3: the answer 炮2平4 adds 马退6's mate, which the kings
/// facing along an empty file would fake as standing before).
pub(super) fn but_for_the_check(before: &Position) -> Option<Position> {
    with_stand_in(before, the_checker(before)?)
}

/// `before` with a [`stand_in`] of the checker's colour on `point`, if the
/// side to move is then no longer in check.
fn with_stand_in(before: &Position, point: Square) -> Option<Position> {
    before
        .with_piece_on(point, stand_in(before.turn().other(), point))
        .filter(|p| !p.is_check())
}

/// A piece of `color` that blocks `square` and does next to nothing else: an
/// advisor, which neither moves nor attacks outside its palace's reach, and
/// next to the palace a pawn, which there steps only forward, away from it.
/// Of the checker's colour, as the checker was: the defender cannot take it,
/// and the side in check can.
fn stand_in(color: Color, square: Square) -> Piece {
    let advisor_steps = STEPS.advisor[color.index()][usize::from(square.index())];
    let role = if advisor_steps == 0 {
        Role::Advisor
    } else {
        Role::Pawn
    };
    Piece { color, role }
}

/// The one enemy piece that gives check in `before`, if exactly one does.
fn the_checker(before: &Position) -> Option<Square> {
    let mover = before.turn();
    let checkers = attack::attackers(before.board(), before.king(mover), mover.other());
    let [checker] = checkers[..] else {
        return None;
    };
    Some(checker)
}

/// 自毙 (CXA 2020 图13 "红方车五平六将军，造成黑方车5平6有杀，属红方自毙"):
/// the opponent's move played in `before_theirs` made the mate threat that
/// the move `m`, played in `before`, keeps. The book names a mate by the
/// check that starts it ("车5平6有杀"): the threat is the mover's own if a
/// check that starts a mate after `m` started one before the opponent's move
/// (were the mover to move there), however quick — a mate that move only
/// delayed is not one it made (probe z101-01: a cannon that interposes one
/// more check), nor one it made quicker (图19: the threat stood, 杀). One it
/// opened while it shut another is its doing (from a real game, xq023732:
/// the rook's check shuts the mate of the facing kings and unguards the
/// horse of a second). Read as the words read, "造成…有杀": by a check as in
/// 图13, or by any move that opens the way (probe z88-11: a rook leaving the
/// file its king needed).
pub(super) fn threat_given_by_opponent(
    before_theirs: &Position,
    before: &Position,
    m: Move,
) -> bool {
    let (Some(then), Some(again)) = (before_theirs.pass(), after_again(before, m)) else {
        return false;
    };
    !again
        .checking_moves()
        .iter()
        .any(|&c| starts_mate(&again, c) && then.is_legal(c) && starts_mate(&then, c))
}

/// `m` played in `before`, the mover to move once more.
fn after_again(before: &Position, m: Move) -> Option<Position> {
    let after = before.after(m);
    after.pass()
}

/// `true` if the check `c` in `pos` starts a forced mate.
fn starts_mate(pos: &Position, c: Move) -> bool {
    let p = pos.after(c);
    p.is_check() && check_starts_mate(&p, MATE_CHECKS)
}

/// The move played in `before` (`again`: the mover to move once more) makes
/// a mating check of its own: one that starts a forced mate now and did not,
/// or was no check, in `before` — but for the check there, if any (图19: the
/// answer's block unmasks a second mating line). Where the check cannot be
/// seen past (two checkers), the move is taken to add one.
///
/// A mate stood but for the check only if it stands however the check is
/// set aside: with the checker's stand-in ([`but_for_the_check`]), and with
/// the checker kept and its check blocked ([`checker_kept`]). The stand-in
/// takes away the checker's own defence, the blocker may shut a line of the
/// mover's; a mate standing in both stood. From a real game, xq008899: the
/// advisor d2 steps off the file the checking cannon d8 shares with both
/// kings, and the cannon, which could block the horse's leg c8 before, is now
/// pinned by the facing kings — the answer makes the horse's mate (杀).
pub(super) fn answer_adds_a_mate(before: &Position, again: &Position) -> bool {
    let Some(but_for) = as_if_unchecked(before) else {
        return true;
    };
    let kept = if before.is_check() {
        checker_kept(before)
    } else {
        None
    };
    let stood = |p: &Position, c: Move| p.is_legal(c) && starts_mate(p, c);
    again.checking_moves().iter().any(|&c| {
        starts_mate(again, c) && !(stood(&but_for, c) && kept.as_ref().is_none_or(|k| stood(k, c)))
    })
}

/// `before`, where the side to move is in check from one piece, with the
/// checker kept — with what it guards and could do — and its check blocked
/// by a [`stand_in`] on the point where that needs no piece to move
/// ([`blocking_point`]); `None` where there is no such point.
fn checker_kept(before: &Position) -> Option<Position> {
    let checker = the_checker(before)?;
    with_stand_in(before, blocking_point(before, checker)?)
}

/// The empty point on the checker's path to the king it checks
/// ([`attack::on_path`]) nearest the checker, where a piece would block the
/// check: a horse's leg, or the first empty point of a rook's or cannon's
/// line (for a cannon, a second screen). A rook or a pawn next to the king
/// leaves none.
fn blocking_point(before: &Position, checker: Square) -> Option<Square> {
    let board = before.board();
    let king = before.king(before.turn());
    let distance = |p: Square| {
        p.file().index().abs_diff(checker.file().index())
            + p.rank().index().abs_diff(checker.rank().index())
    };
    Square::all()
        .filter(|&p| board.is_empty_at(p) && attack::on_path(board, checker, king, p))
        .min_by_key(|&p| distance(p))
}

/// [`attacked_while_in_check`] for a piece won through a check (28.3 "从下一
/// 着开始运用连续照将"): the mover was in check, and but for the check the
/// side already won the target before the move — by the same checker, or
/// by any piece while the same check stood ready — so only the check kept
/// the side from starting (参考图19 read for a chase through checks; from
/// real games, xq000735, and xq007205, where the advisor that blocks the
/// check had attacked the bare horse all along and the rook's check that
/// wins it was there before). A checker the move itself brought or
/// uncovered had no such line before.
///
/// The checking piece itself, which that position shows only by its
/// stand-in, is held when a check that wins it stood ready there (the check
/// alone barred it): the opponent's check put it where it is lost, as it
/// gives the mate threat its answer keeps (自毙, 图13). So is a piece won in
/// its stead, as the defender chooses. From real games, xq001020: the rook
/// takes the elephant with check, 仕六进五 blocks, and 炮三平五 would win
/// the rook — the block chases nothing; xq016595: 相三进五 blocks, and the
/// fork 马六进七 wins the checking rook or another piece.
pub(super) fn won_through_check_while_in_check(
    before: &Position,
    again: &Position,
    m: Move,
    t: &Target,
    rules: &Rulebook,
) -> bool {
    if !matches!(t.method, Method::ThroughCheck(_)) || !before.is_check() {
        return false;
    }
    // Every piece whose check wins the target is one of its attackers, and
    // any of them counts, whichever the engine names (which one comes first
    // depends on left and right): the moved piece alone was not there.
    if t.attackers.iter().all(|&a| a == m.to) {
        return false;
    }
    // A checker that also protected the target is no check to see past:
    // without it the target is bare, and an answer that takes it makes the
    // chase its own (29.2 从没捉到捉, as for a root the answer takes).
    let Some(checker) = the_checker(before) else {
        return false;
    };
    if attack::attacks(before.board(), checker, t.square) {
        return false;
    }
    let Some(but_for) = with_stand_in(before, checker) else {
        return false;
    };
    let ready = but_for.checking_moves();
    let check_stood_ready = again
        .checking_moves()
        .iter()
        .any(|c| t.attackers.contains(&c.from) && ready.contains(c));
    // The checker won, or this piece in its stead as the defender chooses
    // (see [`Target::alternatives`]): the check put it where it is lost.
    if checker == t.square || t.alternatives & checker.bit() != 0 {
        return check_stood_ready;
    }
    lost_in(&but_for, checker, t, rules, |w| {
        check_stood_ready || w.attackers.iter().any(|a| t.attackers.contains(a))
    })
}

/// Every piece that protected the target before the move `m` still does,
/// and could take back as before: `m` took none, cut none off and pinned
/// none (the capture played in `before` as if its check were not there).
fn roots_untouched(before: &Position, again: &Position, m: Move, t: &Target) -> bool {
    let could_take_back = |pos: &Position, from: Square| {
        let p = pos.after(Move::new(from, t.square));
        !p.legal_moves_to(t.square).is_empty()
    };
    // A root behind the taker (a cannon that takes back over a screen once
    // the taker has left its line) is no attacker of the target: whether it
    // could take back is asked of every capture, roots seen or not — unless
    // one attacker could take the piece for nothing all along.
    let roots = attack::attackers(before.board(), t.square, t.piece.color);
    let all_taken_back_before = t
        .attackers
        .iter()
        .all(|&a| could_take_back(before, stood_on(m, a)));
    (roots.is_empty() || roots.iter().all(|r| t.protectors.contains(r)))
        && (!all_taken_back_before || t.attackers.iter().all(|&a| could_take_back(again, a)))
}

/// Where the piece now on `sq` stood before the move `m`.
fn stood_on(m: Move, sq: Square) -> Square {
    if sq == m.to {
        m.from
    } else {
        sq
    }
}

/// `true` if every piece that can take the target attacked it in `before`
/// already: the move gave it no new attacker.
pub(super) fn attacked_by_the_same(before: &Position, t: &Target) -> bool {
    t.attackers
        .iter()
        .all(|&a| attack::attacks(before.board(), a, t.square))
}

/// A check winning one of several pieces (see [`Target::alternatives`]) is
/// no new chase if one of them could be won before on its own, among `was`:
/// the reply that gives that one up loses nothing new.
pub(super) fn one_of_several_stood(t: &Target, was: &[Target]) -> bool {
    was.iter()
        .any(|w| w.alternatives == 0 && t.alternatives & w.square.bit() != 0)
}

/// A new attack: a piece that could not reach the target before the move
/// can now (the moved piece, or one whose line or leg it opened). AXF: a
/// chase must come from one — a piece that only loses its protection (its
/// root blocked or made false) is not newly chased. CXA 2020: a piece that
/// could already be won is chased anew only by one (参考图23).
///
/// A piece reaches the target by attacking it or, where a piece is won
/// through a check (28.3), by its checking line: an attacker is new only if
/// that piece neither attacked the target before the move nor took part in
/// a line of checks that won it, among `was`, the mover's targets before
/// the move ([`Target::takers`]: a king stepping aside does not renew the
/// cannon's check that wins a pawn, nor does a rook stepping off a horse's
/// leg renew the horse that took the cannon after the rook's discovered
/// check — 图5 "吃士结果没有发生变化", 1999 细则6's 相关子).
///
/// A piece that reached the target but could not take it, pinned to its
/// king by another piece, and is set free by the move is a new attacker as
/// well (as one the move uncovers).
///
/// A king or a pawn that joins the attack on a piece the side could already
/// win is no new attacker: its own attack is idle (27.1 "帅(将)本身步步叫吃",
/// 27.2 "兵(卒)本身捉吃"), and the piece was lost without it. Where it is what
/// makes the piece winnable, it is (27.1 "借帅(将)之力捉吃…按捉处理"). Nor is a
/// new check that opens one more road to a piece already lost: the piece
/// that takes it at the end is the one that took it before (参考图37 "没有
/// 加强进攻子力"; 参考图23's new attacker takes the piece itself).
pub(super) fn attack_is_new(before: &Position, m: Move, t: &Target, was: &[Target]) -> bool {
    let winnable_before = was.iter().any(|w| w.square == t.square);
    let through_check = matches!(t.method, Method::ThroughCheck(_));
    t.attackers.iter().any(|&a| {
        let origin = stood_on(m, a);
        let counts = !winnable_before
            || !through_check
                && before
                    .piece_at(origin)
                    .is_some_and(|p| !matches!(p.role, Role::King | Role::Pawn));
        counts
            && !took_part(before, origin, t.square)
            && !was
                .iter()
                .any(|w| w.square == t.square && w.takers & origin.bit() != 0)
    })
}
