//! 联合捉子 (CXA 2020 图10, 11, 25, 27, 28; 参考图11, 39, 41): a chase that
//! needs two or more of the side's pieces — take any one away and nothing is
//! won — whatever part the moved piece plays in it: the attacker that needs
//! a partner, the piece that backs the attacker, the screen, the pin, or the
//! guard of a piece of the attack. With
//! [`joint_chase_is_allowed`](super::rulebook::Rulebook::joint_chase_is_allowed)
//! it is 捉 but allowed in a repetition.

use super::attack;
use super::chase::{capture_is_mated, offered_trades, targets_among, Method, Standing, Target};
use super::exchange::{exchange, single_square_gain};
use super::rulebook::Rulebook;
use crate::{Move, Position, Role, Square};

/// CXA 2020 联合捉子 (图10, 11, 25, 27, 28; 参考图11, 39): a chase of a piece
/// that could already be won needs two or more of the side's pieces,
/// whatever part the moved piece plays. It attacks, but needs a partner
/// ([`needs_a_partner`]); or it does not attack the target, and without it on
/// the board (a pin that makes the root false, a cannon screen, a piece
/// backing the attacker) the target could not be won, or the target could
/// take a piece of the attack and get away (参考图39 "车马炮联合捉车",
/// [`guards_the_attack`]). A moved piece without which the capture would
/// only be mated (29.4) guards its king, not the attack: no partner, as in
/// [`needs_a_partner`]. What the opponent could win before the move is
/// `standing` ([`Standing`]), whichever piece is taken away.
pub(super) fn supports_chase(
    again: &Position,
    m: Move,
    t: &Target,
    rules: &Rulebook,
    standing: &Standing,
) -> bool {
    if t.attackers.contains(&m.to) {
        return needs_a_partner(again, m.to, t, rules, standing);
    }
    // A screen: without it no attacker reaches the target any more (this
    // also covers a screen that stands between a cannon and the king). A
    // piece won through a check is reached by the checking line, not by an
    // attack from where its checker stands: only the position without the
    // moved piece tells whether that line needs it.
    if !matches!(t.method, Method::ThroughCheck(_)) {
        let mut board = again.board().clone();
        board.set(m.to, None);
        if t.attackers
            .iter()
            .all(|&a| !attack::attacks(&board, a, t.square))
        {
            return true;
        }
    }
    let Some(without) = without(again, m.to) else {
        return false;
    };
    // A piece that only shields its own king from check (29.2, 参考图19), or
    // from the mate that would follow the capture (29.4), is not a partner
    // in the chase.
    !without.is_check()
        && (!is_target(&without, rules, t.square, standing) && !only_mated(&without, t)
            || guards_the_attack(again, &without, t))
}

/// 从捉到捉 (图5 "退车前就可吃底士，退车后吃士结果没有发生变化"): the moved
/// piece attacks the target, and it attacked it before the move too and
/// could win it then without a partner. It keeps up a chase of its own,
/// whatever partner its new line needs: the move makes no joint chase.
pub(super) fn won_alone_before(
    before: &Position,
    m: Move,
    t: &Target,
    was: &[Target],
    rules: &Rulebook,
    standing: &Standing,
) -> bool {
    t.attackers.contains(&m.to)
        && was.iter().any(|w| {
            w.square == t.square
                && w.attackers.contains(&m.from)
                && !needs_a_partner(before, m.from, w, rules, standing)
        })
}

/// `true` if the side to move in `pos` could win the piece on `sq`: one of
/// its [`targets_after`](super::chase::targets_after), asked of that piece alone
/// ([`targets_among`]: a piece is a target or not whatever the others are).
fn is_target(pos: &Position, rules: &Rulebook, sq: Square, standing: &Standing) -> bool {
    !targets_among(pos, rules, sq.bit(), Some(standing)).is_empty()
}

/// `pos` with the piece on `square` taken off the board, if that is a
/// position (the side to move keeps the move): what a chase would be without
/// that piece.
pub(super) fn without(pos: &Position, square: Square) -> Option<Position> {
    pos.without(square.bit())
}

/// 联合捉子 when the moved piece is itself an attacker (CXA 2020 图10 "车炮联合
/// 捉子": the rook attacks, the cannon behind it): it cannot win the target
/// alone, and another piece of the side is needed too — take either away and
/// nothing is won. The king is the ground every chase stands on, not a
/// partner; nor is a piece that only keeps the capturer from being mated
/// for its capture (29.4): it guards the king, it does not join the attack
/// ("联合" is of pieces that attack the target, back, screen or guard an
/// attacker, or pin its root — every example of the book).
fn needs_a_partner(
    again: &Position,
    moved: Square,
    t: &Target,
    rules: &Rulebook,
    standing: &Standing,
) -> bool {
    let winnable = |p: &Position| is_target(p, rules, t.square, standing) || only_mated(p, t);
    let winnable_without = |q: Square| match without(again, q) {
        Some(p) if !p.is_check() => winnable(&p),
        _ => true,
    };
    if winnable_without(moved) {
        return false;
    }
    // A partner that also shields its own king (a horse's leg, the last
    // piece between the kings) still pins, screens or attacks: asked
    // without it and without what it shields from, which takes no part.
    let winnable_without_partner = |q: Square| match without_shielding(again, q, t.square) {
        Some(p) => winnable(&p),
        None => true,
    };
    let mover = again.turn();
    again
        .board()
        .squares_of(mover)
        .filter(|&q| q != moved && again.piece_at(q).is_some_and(|p| p.role != Role::King))
        .any(|q| !winnable_without_partner(q))
}

/// [`without`] the piece on `square`, and, if that leaves the side to move
/// in check, without the enemy pieces that then give check — but for
/// `target` itself, which may be taken in answer, and unless one of them
/// bears on `target` (then there is no such position): the chase as it
/// would stand were the piece no shield of its king.
fn without_shielding(pos: &Position, square: Square, target: Square) -> Option<Position> {
    let without = without(pos, square)?;
    if !without.is_check() {
        return Some(without);
    }
    let board = without.board();
    let mut checkers = 0;
    for c in attack::attackers(board, without.king(without.turn()), without.turn().other()) {
        // The target giving check stays: taking it answers the check.
        if c == target {
            continue;
        }
        if attack::attacks(board, c, target) {
            return None;
        }
        checkers |= c.bit();
    }
    without.without(checkers)
}

/// `true` if in `pos` an attacker of `t` takes it with a winning exchange,
/// but is mated for it (29.4): the target is lost to the attack, and only
/// the king's safety stops the capture.
fn only_mated(pos: &Position, t: &Target) -> bool {
    pos.legal_moves_to(t.square).iter().any(|&c| {
        t.attackers.contains(&c.from)
            && exchange(pos, c).wins_material()
            && capture_is_mated(pos, c)
    })
}

/// CXA 2020 参考图39 ("车马炮联合捉车"): the moved piece guards a piece of the
/// attack on `t` — an attacker or a cannon's screen — that the target could
/// take with profit in the position `without` it, and cannot in `again`:
/// the target is caught only because of it.
fn guards_the_attack(again: &Position, without: &Position, t: &Target) -> bool {
    let (Some(theirs_now), Some(theirs_without)) = (again.pass(), without.pass()) else {
        return false;
    };
    let part_of_attack = |q: Square| {
        t.attackers.iter().any(|&a| {
            a == q
                || (again.piece_at(a).is_some_and(|p| p.role == Role::Cannon)
                    && attack::on_path(again.board(), a, t.square, q))
        })
    };
    theirs_without.legal_moves_from(t.square).iter().any(|&c| {
        without.piece_at(c.to).is_some()
            && part_of_attack(c.to)
            && single_square_gain(&theirs_without, c) > 0
            && single_square_gain(&theirs_now, c) <= 0
    })
}

/// CXA 2020 (参考图49 "使黑方四路炮不能离线，为长捉无根子"): the moved piece
/// does not attack the target, but without it the target could answer by
/// taking its attacker in an even trade — the attack would only offer an
/// exchange (28.5). A move that turns an offer into a chase makes that chase
/// itself: it is no joint chase.
pub(super) fn stops_trade(again: &Position, m: Move, t: &Target, rules: &Rulebook) -> bool {
    if t.attackers.contains(&m.to) {
        return false;
    }
    let Some(without) = without(again, m.to) else {
        return false;
    };
    offered_trades(&without, rules, t.square.bit())
        .iter()
        .any(|w| w.square == t.square)
}
