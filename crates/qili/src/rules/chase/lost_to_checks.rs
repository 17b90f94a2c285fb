//! What checks do to a capture (29.1 "通过连续照将吃子", 28.16 假根): a
//! capturer that a check then wins back for more than it took has won
//! nothing (得不偿失, CXA 2020 图16, 图23), and a recapture after which the
//! opponent mates, or wins the recapturing piece through checks, is no root.

use std::cell::OnceCell;

#[cfg(feature = "lines")]
use super::through_check::then;
use super::through_check::{
    won_after_check, won_for_real_after_check, Wanted, Won, ONE_CHECK, THROUGH_CHECKS,
};
use super::Target;
use crate::rules::exchange::{
    exchange, floats, gives_up_more, single_square_gain, winnable_squares,
};
use crate::rules::mate::{can_force_mate, mate_by_checks, MATE_CHECKS};
use crate::rules::rulebook::CaptureRules;
use crate::rules::value::{most_worth, value};
use crate::{Move, MoveList, Piece, Position, Square, SquareSet};

/// CXA 2020 图16 ("黑方将6退1避抽后，车可以吃兵"): a capture after which the
/// opponent wins the capturing piece through checks (抽, 29.1 "通过连续照将
/// 吃子", as [`through_check_among`](super::through_check::through_check_among)
/// counts it), for more than the capture took, wins nothing (29.1 "得子"):
/// with the king on 6/8 the rook's taking the pawn is met by 车二平四 and the
/// rook is lost; once the king is back it is a chase. The same for another piece, worth more than the capture
/// gains, that a check the capture opened wins (图23's 得不偿失 by a check,
/// [`Opened`]; probe z107-01: the cannon that takes a horse frees the leg
/// of the horse that forks king and rook). Asked also of a capturer that
/// could be taken back but is not on the exchange's best line (the
/// recapture loses, as when it unties a pinned piece): the opponent need
/// not take back when a check wins more.
/// One the best line takes back is the exchange's business — counted there,
/// with what the recapture gives up (a check after which the same recapture
/// takes it wins nothing by the check). The checks win the capturer back
/// only for real: not where taking it lets the capturer's side take as much
/// back elsewhere (2020 参考图13 without the black advisor e8: after 车2平4
/// and 炮打仕, red's new check changes nothing, as A e1xd0 still leaves the
/// cannon d2 to the rook).
pub(in crate::rules) fn capturer_lost_to_checks(pos: &Position, m: Move, t: &Target) -> bool {
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
pub(super) struct Opened<'a> {
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
/// through checks (抽, 29.1 "通过连续照将吃子"), for real
/// ([`won_for_real_after_check`]), or one of the pieces the
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
    let mut won = won_for_real_after_check(&p, THROUGH_CHECKS.by(k, &p), wanted(sq.bit()), pos);
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
pub(super) fn replies_to_check(p: &Position) -> MoveList {
    let mut replies = p.legal_moves();
    replies.move_to_front(|r| p.piece_at(r.to).is_some());
    replies
}

/// 28.16 假根 with 29.1 "完整的交换过程" and 29.4: the defenders of the piece
/// taken by `m` can all take back, but every recapture lets the capturer
/// force mate — a recapture that is mated for it is no better than one the
/// rules forbid, and the protection is false. The mate is the one 29.4 asks
/// of every capture ([`capture_is_mated`](super::capture_is_mated)): by checks, the defender's blocks
/// included (2020 图7 "不能离线吃炮（红车可垫将还杀）"), not only at once
/// (CXA 2020 参考图25,
/// "伏车五进三吃炮": after 象吃车, 车六进六 takes the advisor and mates — the
/// king cannot take back with the kings facing, and the other advisor is
/// held by the cannon over the elephant that took back). A guard that takes
/// back after a check of its own, and is not mated then, is a guard
/// ([`checks_first_then_takes_back`]). Only a mate the
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
        && !checks_first_then_takes_back(&after, m.to, |p, _| !can_force_mate(p))
}

/// 28.16 假根按无根处理 for the piece `m` takes, as [`targets_after`](super::targets_after) reads it
/// under `captures`: every recapture is mated
/// ([`CaptureRules::mated_recapture_is_no_root`]) or loses the piece that
/// took back to a check ([`CaptureRules::lost_recapture_is_no_root`]; not
/// where the capture gives up more elsewhere, which the defender need not
/// answer).
pub(in crate::rules) fn recaptures_are_false(
    pos: &Position,
    m: Move,
    captures: CaptureRules,
) -> bool {
    captures.mated_recapture_is_no_root && every_recapture_is_mated(pos, m)
        || captures.lost_recapture_is_no_root && lost_recapture(pos, m).is_some()
}

/// [`every_recapture_lost_to_checks`], unless the capture `m` gives up more
/// elsewhere (图23 得不偿失, [`gives_up_more`]): the defender need not take
/// back then, and its root stands.
pub(super) fn lost_recapture(pos: &Position, m: Move) -> Option<LostRecapture> {
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
/// the point itself is the exchange's business; a recapture made safe by a
/// check of the defender's first ([`checks_first_then_takes_back`]) keeps
/// the protection real.
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
        let floating = floats(&[victim, piece], &[capturer]);
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
    // What a check wins after the recapture `r` that led to `p`, if it wins
    // (`r` only starts the line shown, which a build without lines omits).
    #[cfg_attr(not(feature = "lines"), allow(unused_variables))]
    let lost = |p: &Position, r: Move| {
        let mut best: Option<LostRecapture> = None;
        for &k in &p.checking_moves() {
            for w in won_by_check(p, k, m.to, &opened, -trade) {
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
        best.filter(|b| b.gain > 0)
    };
    let mut least: Option<LostRecapture> = None;
    for &r in &recaptures {
        let best = lost(&after.after(r), r)?;
        if least.as_ref().is_none_or(|l| best.gain < l.gain) {
            least = Some(best);
        }
    }
    if checks_first_then_takes_back(&after, m.to, |p, r| lost(p, r).is_none()) {
        return None;
    }
    least
}

/// 28.16 假根 ("实际上起不到充分保护作用") asks whether the guard protects,
/// and a guard need not take back at once: `true` if the defender, to move
/// in `after` where the capturer stands on `sq`, has a check after which,
/// whatever the capturer replies, some recapture on `sq` is `safe` — the
/// protection is real. A reply that takes something, or moves the capturer
/// off `sq`, answers the check at a price this does not weigh: such a check
/// does not count. From a real game, xq000496 ply 99: 炮b9xd9 is answered
/// by 车g2-g1+ 帅f1-f2 and only then 将e9xd9, and the rook on g1 now guards
/// the cannon the check 车f7-d7+ was to win; the king's guard is real.
fn checks_first_then_takes_back(
    after: &Position,
    sq: Square,
    safe: impl Fn(&Position, Move) -> bool,
) -> bool {
    after.checking_moves().iter().any(|&c| {
        if c.to == sq {
            return false;
        }
        let p1 = after.after(c);
        // Replies that take come first: one of them ends the search.
        let replies = replies_to_check(&p1);
        !replies.is_empty()
            && replies.iter().all(|&r| {
                if r.from == sq || p1.piece_at(r.to).is_some() {
                    return false;
                }
                let p2 = p1.after(r);
                p2.legal_moves_to(sq)
                    .iter()
                    .any(|&rc| safe(&p2.after(rc), rc))
            })
    })
}

/// What [`every_recapture_lost_to_checks`] finds.
pub(super) struct LostRecapture {
    /// What the capture wins after the recapture that costs the least.
    pub(super) gain: i32,
    /// The piece the check then wins: the one that took back, or another
    /// that the exchange opened to the check.
    pub(super) won: Piece,
    /// The capture, that recapture, the check and what follows (empty
    /// without the `lines` feature).
    pub(super) line: Vec<Move>,
}

/// The line that shows [`every_recapture_is_mated`]: the capture, the first
/// recapture and the mate that follows (empty without the `lines` feature).
pub(super) fn mated_recapture_line(pos: &Position, m: Move) -> Vec<Move> {
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
