//! Which kind of 闲 a move is (28.5–28.8): 兑 (an even exchange offered or
//! made possible), 献 (a piece offered), 拦 (an enemy mate threat or capture
//! blocked) and 跟 (a protected enemy piece newly attacked, nothing won).

use super::attack;
use super::chase::{
    capture_is_mated, offered_trades, offers_even_trade, recaptures_are_false, winnable_now, Method,
};
use super::exchange::{exchange, gives_up_more, winnable_squares, won_back};
use super::kind::{EvenedBy, IdleKind, Trade};
use super::mate::{can_mate_by_checks, check_starts_mate, MATE_CHECKS};
use super::newness::but_for_the_check;
use super::rulebook::Rulebook;
use super::value::{has_value, value};
use crate::tables::HOME;
use crate::{Move, Position, Role, Square};

/// What [`idle_kind`] names an idle move.
#[derive(Default)]
pub(super) struct Named {
    /// The kind, if the move is one (28.5–28.8).
    pub kind: Option<IdleKind>,
    /// The enemy pieces it concerns: those it trades with or offers to,
    /// follows or blocks.
    pub targets: Vec<Square>,
    /// For a 兑, the exchange with each target.
    pub trades: Vec<Trade>,
}

impl Named {
    fn of(kind: IdleKind, targets: Vec<Square>) -> Named {
        Named {
            kind: Some(kind),
            targets,
            trades: Vec::new(),
        }
    }

    /// 兑 with the pieces of `trades`, if any.
    fn exchange(trades: Vec<Trade>) -> Option<Named> {
        (!trades.is_empty()).then(|| Named {
            kind: Some(IdleKind::Exchange),
            targets: trades.iter().map(|t| t.with).collect(),
            trades,
        })
    }
}

/// Names an idle move (28.5–28.8), looking at the piece that moved.
pub(super) fn idle_kind(rules: &Rulebook, before: &Position, after: &Position, m: Move) -> Named {
    let Some(piece) = after.piece_at(m.to) else {
        return Named::default();
    };
    let mover = piece.color;
    let them = mover.other();
    let my_value = value(piece, m.to);
    let board = after.board();
    // The position with the mover to move again: what the moved piece attacks.
    let again = after.pass();
    // After a capture that took more than the piece it leaves, the pieces
    // that can take that piece back: the move won, and it neither trades
    // with them (28.5) nor eyes them (28.8) — a horse that takes a rook,
    // where the horse that takes it back is guarded.
    let took = before.piece_at(m.to).map_or(0, |p| value(p, m.to));
    let taking_back = if took > my_value {
        after
            .legal_moves_to(m.to)
            .iter()
            .fold(0, |set, c| set | c.from.bit())
    } else {
        0
    };

    // Only a piece of value is exchanged or offered (25.3: a king move is not
    // one, 图13 "进将为闲").
    if has_value(piece, m.to) {
        // 兑 (28.5): an enemy piece of equal value can take the moved piece
        // and be taken back. What a pawn picks up after the even trade does
        // not undo the offer (25.3: a pawn's value floats; CXA 2020 参考图5).
        // 献 (28.6): the moved piece is unprotected and an enemy piece of the
        // same kind can take it without being mated or losing material —
        // named before the moved piece's own attack on a protected equal
        // piece: the opponent need not trade when it can take for nothing.
        // A root whose every recapture is mated, or lost to a check, is none
        // (28.16 假根按无根处理, `chase::recaptures_are_false`).
        let (mut trades, mut offered_to) = (Vec::new(), Vec::new());
        for &m2 in &after.legal_moves_to(m.to) {
            let Some(taker) = after.piece_at(m2.from) else {
                continue;
            };
            let even = value(taker, m2.from) == my_value;
            if taker.role == Role::King || !(even || taker.role == piece.role) {
                continue;
            }
            // An offer the taker could only accept by being mated is none
            // (28.6 "不致立即被将死"; for 兑, 参考图49's 不能离线), nor one it
            // accepts at a bigger loss elsewhere (图23): for a trade with the
            // CXA books, for a piece offered in every book (`paid_back`).
            let ex = exchange(after, m2);
            let false_root = || recaptures_are_false(after, m2, rules.captures);
            let protected = ex.recapturable
                && !(taker.role == piece.role && !ex.wins_material() && false_root());
            if even
                && protected
                && !ex.wins_material()
                && !(rules.trade_offer_must_be_takeable && accepted_at_a_cost(after, m2))
            {
                trades.push(trade(m2.from, m2, None));
            } else if taker.role == piece.role
                && !protected
                && (ex.wins_material() || ex.recapturable)
                && !capture_is_mated(after, m2)
            {
                // Unprotected, or with a false root. What taking it costs
                // the taker elsewhere decides: more than the piece, and it
                // is no offer (28.6 "不致…在子力价值上遭受损失": a horse tied
                // to a bigger piece takes at a loss, 图23; a rook that takes
                // leaves a cannon's line open to a rook); as much, and the
                // two are traded (28.5); less, and it is offered. (A pawn
                // won back by a pawn of another value stays offered.) What
                // the move itself took counts with what is won back: a
                // horse that takes a horse and is taken back has traded.
                let back = paid_back(rules, after, m2);
                let won = took + back.as_ref().map_or(0, |(won, _)| *won);
                match won {
                    _ if won > my_value => {}
                    _ if won == my_value && even => {
                        let evened = back.map_or(EvenedBy::TheMovesCapture, |(_, line)| {
                            EvenedBy::WinningBack(line)
                        });
                        trades.push(trade(m2.from, m2, Some(evened)));
                    }
                    _ => offered_to.push(m2.from),
                }
            }
        }
        if let Some(named) = Named::exchange(trades) {
            return named;
        }
        if !offered_to.is_empty() {
            return Named::of(IdleKind::Offer, offered_to);
        }

        // 兑 (28.5) the other way: the moved piece attacks a protected enemy
        // piece of equal value, which it can take and be taken back.
        let mut trades = Vec::new();
        if let Some(again) = &again {
            for &m2 in &again.legal_moves_from(m.to) {
                let Some(victim) = again.piece_at(m2.to) else {
                    continue;
                };
                if victim.role != Role::King && value(victim, m2.to) == my_value {
                    let ex = exchange(again, m2);
                    // Takeable, with the CXA books, as the other way round:
                    // not at a bigger loss elsewhere, not answered by mate.
                    let costly =
                        rules.trade_offer_must_be_takeable && accepted_at_a_cost(again, m2);
                    if ex.recapturable && !ex.wins_material() && !costly {
                        trades.push(trade(m2.to, m2, None));
                    }
                }
            }
        }
        // Else 兑 made by the move (see [`exchange_made_by_move`]), named
        // before 拦 (CXA 2020 图13: the rook that comes back between the
        // cannons also shuts the black rook's mating line, and is "兑").
        if trades.is_empty() {
            trades = exchange_made_by_move(rules, before, after, m);
        }
        trades.retain(|t| taking_back & t.with.bit() == 0);
        if let Some(named) = Named::exchange(trades) {
            return named;
        }
    }

    // 跟 (28.8 "盯牵对方有根子"): the moved piece now attacks, as it did not
    // from where it stood, a protected enemy piece that taking would not win
    // (2020 图18 "一将一跟": the rook comes back onto the file of the horse
    // that the black rook guards; the horse had not moved). Protected: it can
    // be taken back — also by a guard whose line the moved piece stood on.
    let mut followed = Vec::new();
    if let Some(again) = &again {
        for &c in &again.legal_moves_from(m.to) {
            if !board.piece_at(c.to).is_some_and(|p| has_value(p, c.to))
                || attack::attacks(before.board(), m.from, c.to)
            {
                continue;
            }
            let ex = exchange(again, c);
            if (ex.recapturable || !attack::attackers(board, c.to, them).is_empty())
                && !ex.wins_material()
            {
                followed.push(c.to);
            }
        }
    }
    followed.retain(|s| taking_back & s.bit() == 0);
    if !followed.is_empty() {
        return Named::of(IdleKind::Follow, followed);
    }

    // 拦 (28.7 "阻拦对方棋子的活动"): the moved piece steps into the path of
    // an enemy mate threat and stops it, or into the path of an enemy piece
    // that could take one of the mover's pieces and now cannot.
    let blocked = blocked_attackers(before, after, m);
    if !blocked.is_empty() {
        return Named::of(IdleKind::Block, blocked);
    }

    Named::default()
}

/// 兑 (28.5 "走子可与同等子力互换吃去"), made by the move rather than by the
/// moved piece: a line it opens or a protection it adds lets two pieces of
/// equal value take each other evenly (CXA 2020 图9: the horse steps off
/// the file between the rooks; 图30: the cannon guards the horse so that
/// the horses' trade is even; the rook's attack only offers the horses).
fn exchange_made_by_move(
    rules: &Rulebook,
    before: &Position,
    after: &Position,
    m: Move,
) -> Vec<Trade> {
    // A trade that stood before the move is not made by it — also one that
    // stood but for the check the move answers (29.2 with 参考图19, as for
    // chases): asked with the checker made harmless (its own trades then
    // count as new), and for the mover's trades also with the check there.
    let unchecked = but_for_the_check(before);
    let theirs_then = unchecked.as_ref().unwrap_or(before).pass();
    let mine_then = [Some(before), unchecked.as_ref()];
    let new_for = |now: &Position, then: &[Option<&Position>]| -> Vec<Move> {
        let old: Vec<(Move, bool)> = then
            .iter()
            .flatten()
            .flat_map(|p| even_exchanges(p, rules, false))
            .collect();
        even_exchanges(now, rules, rules.trade_offer_must_be_takeable)
            .into_iter()
            .filter(|c| !old.contains(c))
            .map(|(c, _)| c)
            .collect()
    };
    // The enemy piece takes first, or is taken first.
    let mut trades: Vec<Trade> = new_for(after, &[theirs_then.as_ref()])
        .into_iter()
        .map(|c| trade(c.from, c, None))
        .collect();
    if let Some(again) = after.pass() {
        trades.extend(
            new_for(&again, &mine_then)
                .into_iter()
                .map(|c| trade(c.to, c, None)),
        );
        // The moved piece attacks a piece it could win only together with
        // an attacker that piece can trade with (CXA 2020 图21 "一兑"): the
        // trade of the two.
        let attacked = again
            .legal_moves_from(m.to)
            .iter()
            .filter(|c| again.piece_at(c.to).is_some())
            .fold(0, |set, c| set | c.to.bit());
        if attacked != 0 {
            for t in offered_trades(&again, rules, attacked) {
                if !t.attackers.contains(&m.to) {
                    continue;
                }
                let first = t
                    .attackers
                    .iter()
                    .map(|&a| Move::new(a, t.square))
                    .find(|&c| offers_even_trade(&again, c, rules));
                trades.extend(first.map(|c| trade(t.square, c, None)));
            }
        }
    }
    // In order of the pieces, each once.
    trades.sort_by_key(|t| t.with);
    trades.dedup_by_key(|t| t.with);
    trades
}

/// The exchange with the piece on `with` that `first` starts.
fn trade(with: Square, first: Move, evened: Option<EvenedBy>) -> Trade {
    Trade {
        with,
        first,
        evened,
    }
}

/// Captures by the side to move that start an exchange of equal pieces
/// (28.5), with `true` where the capture would win material yet only offers
/// the trade (the piece could take its taker in return, see
/// [`super::chase::targets_after`]) and `false` where it is taken back with nothing
/// won. A move that turns one kind into the other also makes an exchange.
/// If `takeable`, a trade whose first capture is answered by mate is none
/// (29.4; 参考图49).
fn even_exchanges(pos: &Position, rules: &Rulebook, takeable: bool) -> Vec<(Move, bool)> {
    let mut out = Vec::new();
    for &c in &pos.captures() {
        let (Some(a), Some(v)) = (pos.piece_at(c.from), pos.piece_at(c.to)) else {
            continue;
        };
        if a.role == Role::King || !has_value(v, c.to) || value(a, c.from) != value(v, c.to) {
            continue;
        }
        let ex = exchange(pos, c);
        if ex.wins_material() {
            if offers_even_trade(pos, c, rules) {
                out.push((c, true));
            }
        } else if ex.recapturable && !(takeable && accepted_at_a_cost(pos, c)) {
            out.push((c, false));
        }
    }
    out
}

/// What taking the moved piece with `take` (in `after`, the taker's side to
/// move) costs the taker: the most the mover can then win of the pieces it
/// could not win before — the taker forked by a check (29.1), a piece behind
/// a line or a horse's leg the taker opens — net of what the taker's side
/// takes back elsewhere at once, with the line that wins back (after
/// `take`); `None` if nothing. An offer paid back so is no gift (28.6
/// "不致…在子力价值上遭受损失") but a trade (28.5 "互换吃去", on the point or
/// not).
pub(super) fn paid_back(
    rules: &Rulebook,
    after: &Position,
    take: Move,
) -> Option<(i32, Vec<Move>)> {
    let before = after.pass().map_or(0, |again| {
        winnable_now(&again, rules, u128::MAX)
            .iter()
            .fold(0, |set, t| set | t.square.bit())
    });
    let anyway = winnable_squares(after);
    let took = after.after(take);
    let mut best: Option<(i32, Vec<Move>)> = None;
    for t in winnable_now(&took, rules, !before) {
        // Taken directly: what its first attacker's capture gives back.
        let net = match (t.method, t.attackers.first()) {
            (Method::ThroughCheck(_), _) | (_, None) => t.gain,
            (_, Some(&a)) => t.gain - won_back(&took, Move::new(a, t.square), anyway),
        };
        if net > best.as_ref().map_or(0, |b| b.0) {
            best = Some((net, t.line));
        }
    }
    best
}

/// `true` if the trade that the capture `m` accepts costs its taker (28.5
/// with the CXA books: an offer must be takeable): a bigger piece lost
/// elsewhere (图23 得不偿失), or a mate (29.4; 参考图49) — the mate asked
/// last, the mate search being the dearest question.
fn accepted_at_a_cost(pos: &Position, m: Move) -> bool {
    gives_up_more(pos, m) || capture_is_mated(pos, m)
}

/// The enemy pieces whose path the move blocks (拦, 28.7): had the mover
/// passed, each could have threatened mate by checks or taken one of the
/// mover's pieces of value, and the moved piece now stands in its way — on
/// the path or the point of the mate's first check with the threat gone, or
/// on the path of the capture, which it can no longer make. Moving the
/// attacked piece itself away is not blocking.
fn blocked_attackers(before: &Position, after: &Position, m: Move) -> Vec<Square> {
    let Some(theirs) = before.pass() else {
        return Vec::new();
    };
    let mut out: Vec<Square> = Vec::new();
    if stops_mate(before, after) {
        out.extend(mating_checks_over(&theirs, after, m));
    }
    for &c in &theirs.captures() {
        let cut = c.to != m.from
            && theirs.piece_at(c.to).is_some_and(|v| has_value(v, c.to))
            && attack::on_path(before.board(), c.from, c.to, m.to)
            && !after.legal_moves_to(c.to).iter().any(|a| a.from == c.from);
        if cut && !out.contains(&c.from) {
            out.push(c.from);
        }
    }
    out
}

/// `true` if the side that has just moved in `after` holds with one
/// attacking piece at most (a rook, horse, cannon or crossed pawn), as the
/// lone rook of 2020 图18 holds against rook and horse: only such a side's
/// hold on a point can make a simple draw at once (27.3 "立即构成简明和棋").
/// With two or more it can still play for a win, and its attack on an
/// advisor or elephant is a chase (readers, 14 positions of real games
/// with two to four such pieces a side: all 捉; xq004215 ply 48, xq013302
/// ply 112).
pub(super) fn holds_alone(after: &Position) -> bool {
    let b = after.board();
    let mover = after.turn().other();
    let guards = b.by_role(Role::King) | b.by_role(Role::Advisor) | b.by_role(Role::Elephant);
    let uncrossed = b.pieces_of(mover, Role::Pawn) & HOME[mover.index()];
    (b.occupied_by(mover) & !guards & !uncrossed).count_ones() <= 1
}

/// `true` if the opponent could mate by checks ([`MATE_CHECKS`]) had the
/// mover passed in `before`, and cannot after the move (`after`).
pub(super) fn stops_mate(before: &Position, after: &Position) -> bool {
    before
        .pass()
        .is_some_and(|theirs| can_mate_by_checks(&theirs, MATE_CHECKS))
        && !can_mate_by_checks(after, MATE_CHECKS)
}

/// The enemy pieces in `theirs` (the enemy to move, the mover having
/// passed) whose check, the first of a mate by checks, passes over `to` — a
/// rook's or cannon's line, a horse's leg, an elephant's eye, on the way to
/// its point or from there to the king — or goes to it: a piece that now
/// stands there stands in the way of the mate (28.7 "阻拦"; a cannon cannot
/// move onto a point without a screen; a check the first move uncovers is
/// named after the piece that gives it). A move that stops the mate
/// otherwise — the target of the mating capture stepping away where the
/// checker can no longer reach its point (`after`: the position after the
/// move), the king escaping, a piece guarding the point or ready to
/// interpose elsewhere — blocks nothing, though the piece may land on the
/// line the check would have taken.
fn mating_checks_over(theirs: &Position, after: &Position, m: Move) -> Vec<Square> {
    let to = m.to;
    // A king that steps onto the line of the check escapes from it.
    let king_moved = m.from == theirs.king(theirs.turn().other());
    let mut out: Vec<Square> = Vec::new();
    for &c in &theirs.checking_moves() {
        let on_the_way = c.to == to || attack::on_path(theirs.board(), c.from, c.to, to);
        if !on_the_way && king_moved {
            continue;
        }
        // The moved piece was the prey of a capture that would have checked
        // from its point: stepping away, it stands in the line of a check
        // that can no longer be given (a cannon left without its screen).
        let prey_gone = c.to == m.from && !after.is_legal(c);
        let checked = theirs.after(c);
        let king = checked.king(checked.turn());
        let checker = if on_the_way {
            Some(c.from)
        } else {
            attack::attackers(checked.board(), king, theirs.turn())
                .into_iter()
                .find(|&k| {
                    !(k == c.to && prey_gone) && attack::on_path(checked.board(), k, king, to)
                })
                .map(|k| if k == c.to { c.from } else { k })
        };
        let Some(checker) = checker.filter(|k| !out.contains(k)) else {
            continue;
        };
        if check_starts_mate(&checked, MATE_CHECKS) {
            out.push(checker);
        }
    }
    out
}
