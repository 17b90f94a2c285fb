//! Pieces won through checks (抽, 29.1 "通过连续照将吃子"): after a check,
//! whatever the defender replies, a piece can be won — at once or after one
//! more check — net of what the replies take. [`super::targets`] asks these
//! with the pieces won directly; [`super::lost_to_checks`] asks what a check
//! wins back after a capture.

use std::cell::OnceCell;

use super::lost_to_checks::{capturer_lost_to_checks, replies_to_check};
use super::{
    capture_is_mated, direct_captures, offers_even_trade, Method, Root, Target, EVERY_PIECE,
};
use crate::rules::attack;
use crate::rules::exchange::{winnable_by_the_opponent, winnable_squares, Exchanges};
use crate::rules::mate::can_mate_by_checks;
use crate::rules::rulebook::{CaptureRules, Rulebook};
use crate::rules::value::{has_value, value};
use crate::{Move, MoveList, Piece, Position, Role, Square};

/// Targets won by checking first (29.1 "通过连续照将吃子"): after the check,
/// whatever the defender replies, a piece can be won — at once or after one
/// more check ([`THROUGH_CHECKS`] in all) — net of anything the replies take.
/// A check that takes a piece of equal value which could take the checker
/// back ([`offers_even_trade`]) is an exchange, not the start of a chase
/// (28.5; CXA 2020 图13: the cannons attack each other over the rook, "判兑").
/// Only the tests ask for these alone; the engine asks
/// [`targets_after`](super::targets_after).
#[cfg(test)]
pub(super) fn targets_through_check(pos: &Position, rules: &Rulebook) -> Vec<Target> {
    through_check_among(pos, rules, EVERY_PIECE, 0, 0, None)
}

/// The targets won through a check (see the module's doc) among the pieces
/// on the points of `victims`, where the side's pieces on `spared` pay no
/// capture back ([`won_back`]), and the pieces on `offered` are searched for
/// although they can be taken: taking them would only offer a trade (28.5;
/// see [`targets_sparing`](super::targets_sparing)). `standing`, if known,
/// says what the defender could win before the move asked about.
pub(super) fn through_check_among(
    pos: &Position,
    rules: &Rulebook,
    victims: u128,
    spared: u128,
    offered: u128,
    standing: Option<&Standing>,
) -> Vec<Target> {
    let pieces = Pieces {
        victims,
        spared,
        offered,
        standing,
    };
    through_check(pos, rules, &pos.checking_moves(), pieces, |k| {
        !offers_even_trade(pos, k, rules)
    })
}

/// The pieces a search for targets through a check is about, as bit sets of
/// points (see [`through_check_among`]).
#[derive(Clone, Copy)]
pub(super) struct Pieces<'a> {
    /// The enemy pieces asked about.
    pub(super) victims: u128,
    /// The side's pieces whose loss pays no capture back ([`won_back`]).
    pub(super) spared: u128,
    /// Enemy pieces that can be taken, but only as an offer to trade (28.5).
    pub(super) offered: u128,
    /// What the defender could win before the move asked about, if known:
    /// it pays back no piece won by 29.4 ([`Won::by_mate`]).
    pub(super) standing: Option<&'a Standing<'a>>,
}

/// [`through_check_among`] with the checking moves `checks`, using only
/// those that `use_check` accepts (asked only of checks that win something),
/// for the pieces of `pieces`.
pub(super) fn through_check(
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
        standing,
    } = pieces;
    let chase = Some(rules);
    let mut out: Vec<Target> = Vec::new();
    // Only pieces that stand in `pos` already and that the check makes
    // winnable: a piece whose capture wins now, by the exchange on its point
    // ([`winnable_squares`]), is not won "through" it — unless taking it is
    // only an offer (`offered`), which the check may turn into a win (a fork
    // of a cannon that faces the side's own). A piece that can be taken now,
    // but only at a loss or for an even trade, is: the check may pin, draw
    // off or block its guard (xq010443 ply 69: 炮九平一, then 炮一进三 checks
    // over the elephant g9, which, whatever black replies, can no longer
    // guard the elephant e7).
    // One that only a pawn or the king could take is (27.1, 27.2: their
    // attack alone is idle), if another piece wins it: the pawn taking it
    // after the check is the attack it had anyway. A capture after which
    // the taker is mated takes nothing (29.4): the piece is still to be won.
    if checks.is_empty() {
        return out;
    }
    // A crossed pawn taken at a loss or evenly is left as it was: its value
    // floats (25.3), and the plain exchange that ends a line of checks
    // cannot tell a pawn won from a pawn traded for a piece (an advisor that
    // takes a pawn after the checks, taken back by a pawn the rook then
    // takes: two pawns for an advisor, no gain — composed r18-z56).
    let pawns = pos.board().pieces_of(pos.turn().other(), Role::Pawn);
    let worth_taking = (winnable_squares(pos) | pawns) & !offered;
    // The 29.4 question (a mate search) is asked here only of captures that
    // would win now; of the others only when a piece won through a check
    // asks it (`taken_at_a_loss`, below).
    let captures = pos.captures();
    let (won_now, pawn_prey) = takeable(pos, &captures, worth_taking);
    // A piece taken now at a loss is won through the check only for real:
    // on no reply may its capture let the defender take as much back
    // elsewhere ([`won_back`]; 29.1 "得子" is net), a piece that `spared`
    // spares included: else the check has only changed which exchange costs
    // what (xq007795 ply 122: 炮6平3, then 炮3进1 将 帅五进一, and 炮1平6 takes
    // the advisor f0 but leaves the cannon c0 to the elephant). A rook en
    // prise that is about to step away is still there to be taken in the
    // position asked (composed r8-z16b-01, 2020 图30 with the horse on g7:
    // before 车6退4, 炮5进4 将 does not win the horse e6, as the cannon b2
    // would then take the rook f2).
    let taken_at_a_loss =
        |sq: Square| takeable(pos, &captures, sq.bit() & !won_now & !offered).0 != 0;
    // Every piece is searched for, whichever `victims` are asked about: a
    // reply may lose one of them or another (see below).
    let untakeable = pos.board().occupied_by(pos.turn().other()) & !won_now;
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
            chase,
            Wanted {
                pieces: untakeable & !k.to.bit(),
                pawn_prey,
            },
            Some(Start {
                pos,
                spared,
                standing,
            }),
        );
        if won.is_empty() || !use_check(k) {
            continue;
        }
        let took = taking(pos, k);
        let group = won.iter().fold(0, |set, w| set | w.square.bit());
        for w in won {
            let sq = w.square;
            if victims & sq.bit() == 0 || w.paid_back_at_all && (w.by_mate || taken_at_a_loss(sq)) {
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
                        t.took = w.took | took;
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
                took: w.took | took,
                #[cfg(feature = "lines")]
                line: then(k, w.line),
                #[cfg(not(feature = "lines"))]
                line: Vec::new(),
            });
        }
    }
    out
}

/// The points of `within` where a piece takes in `pos` — not to be mated
/// for it (29.4), which is asked only of these points — and the points
/// anywhere where a pawn or the king takes (27.1, 27.2: their attack alone
/// is idle).
fn takeable(pos: &Position, captures: &[Move], within: u128) -> (u128, u128) {
    let (mut takeable, mut pawn_prey) = (0, 0);
    for c in captures {
        match pos.piece_at(c.from).map(|p| p.role) {
            Some(Role::Pawn | Role::King) => pawn_prey |= c.to.bit(),
            _ if within & !takeable & c.to.bit() == 0 || capture_is_mated(pos, *c) => {}
            _ => takeable |= c.to.bit(),
        }
    }
    (takeable, pawn_prey)
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
pub(super) const THROUGH_CHECKS: Checks = Checks {
    quiet: 2,
    all: 4,
    checker: None,
};

/// One check and the capture it makes possible: a fork, a discovered
/// attack (抽 in its plainest form) — the bound for a piece an exchange
/// loses by a check it opened ([`Opened`](super::lost_to_checks::Opened)).
pub(super) const ONE_CHECK: Checks = Checks {
    quiet: 1,
    all: 1,
    checker: None,
};

/// What is left of a bound on a series of checks, the last check played
/// included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Checks {
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
    pub(super) fn by(self, k: Move, p: &Position) -> Checks {
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
pub(super) struct Won {
    /// Where it stands before the reply.
    pub(super) square: Square,
    /// The piece.
    pub(super) piece: Piece,
    /// The least gain, net of what the replies took.
    pub(super) gain: i32,
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
    /// On some reply, taking it lets the defender take as much back
    /// elsewhere ([`won_back`]; asked after the first check's replies only).
    paid_back: bool,
    /// The same, with the side's pieces that [`Start`] spares counted too:
    /// what a piece taken at a loss before the check must not be
    /// ([`through_check`]).
    paid_back_at_all: bool,
    /// Won only because the recapture at the end of the line is mated
    /// (29.4): the plain exchange there does not win it.
    by_mate: bool,
    /// The points where the side's checks on the way take a piece
    /// ([`Target::took`]).
    took: u128,
    /// The line that wins it: the defender's reply that lets the least be
    /// won, then the capture and its exchange, or the next check and so on.
    #[cfg(feature = "lines")]
    pub(super) line: Vec<Move>,
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
pub(super) struct Wanted {
    /// The pieces looked for (the search follows them as replies move them,
    /// and looks at nothing else).
    pub(super) pieces: u128,
    /// Those of them a pawn or the king could take before the check: a
    /// capture of one of these by pawns alone, where it stood, wins nothing
    /// new (see [`through_check`]).
    pub(super) pawn_prey: u128,
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
pub(super) fn won_after_check(
    p: &Position,
    checks: Checks,
    chase: Option<&Rulebook>,
    wanted: Wanted,
) -> Vec<Won> {
    let asked = Asked {
        key: p.key(),
        checks,
        chase: chase.copied(),
        wanted,
    };
    let slot = asked.slot();
    let known = WON.with(|t| {
        t.borrow()
            .get(slot)
            .and_then(|e| e.as_ref().filter(|(a, _)| *a == asked).map(|e| e.1.clone()))
    });
    known.unwrap_or_else(|| {
        let mut won = won_per_reply(p, checks, chase, wanted, None);
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

/// [`won_after_check`] for a line of checks that starts in `start` (the
/// checking side to move), with only the pieces won for real: a piece whose
/// capture after some reply lets the defender take as much back elsewhere
/// ([`won_back`]) is not won by the line (29.1 "得子": net of what the
/// capture gives up), nor, as for a chase through a check, one won only
/// after a reply moves it off a point where it was guarded (参考图13).
pub(super) fn won_for_real_after_check(
    p: &Position,
    checks: Checks,
    wanted: Wanted,
    start: &Position,
) -> Vec<Won> {
    let checked = Some(Start {
        pos: start,
        spared: 0,
        standing: None,
    });
    let mut won = won_per_reply(p, checks, None, wanted, checked);
    won.retain(|w| !w.either && !w.paid_back);
    won
}

/// A question [`won_after_check`] answers.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Asked {
    /// The position's [`Position::key`].
    key: u64,
    checks: Checks,
    chase: Option<Rulebook>,
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
/// `chase` is the rulebook of a chase asked about (28.3), `None` where the
/// line wins back a capturer (图16's question, [`super::lost_to_checks`]).
/// In a chase, a pawn the defender takes on the way counts as lost at least
/// what the rules say for the piece the line wins (25.3: its value floats
/// to what it buys — 1999 图十二 "过河兵子力浮动，不存在得子", 2020 图24
/// "送兵换马…判闲" but "弃兵得车…判捉"; [`Rulebook::pawn_given_up_in_checks`]),
/// and a capture that leaves the checker to be taken for as much wins
/// nothing ([`checker_left_en_prise`]); otherwise a pawn counts as what it is.
fn won_per_reply(
    p: &Position,
    checks: Checks,
    chase: Option<&Rulebook>,
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
                    lost.max(chase.map_or(0, |r| r.pawn_given_up_in_checks(won.role)))
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
            let (won, paid_back) = won_after_reply(&q, checks, chase, here, pawn_prey, checked);
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
                    paid_back: !real,
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
                        v.paid_back |= w.paid_back;
                        v.paid_back_at_all |= w.paid_back_at_all;
                        v.by_mate |= w.by_mate;
                        v.takers |= w.takers;
                        if w.gain < v.gain {
                            v.gain = w.gain;
                            v.took = w.took;
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
    chase: Option<&Rulebook>,
    here: u128,
    pawn_prey: u128,
    checked: Option<Start>,
) -> (Vec<Won>, u128) {
    let mut won: Vec<Won> = Vec::new();
    // Captures after which the defender takes back as much elsewhere.
    let mut paid_back = 0;
    // The capture that ends the line asks 29.4 of the recapture, where the
    // rules do (28.16 假根: a guard whose recapture is mated guards nothing;
    // xq024974 ply 108: after 炮2平3, 车8平6 将 帅四平五, and 车6平5 takes the
    // elephant e2, as the horse that takes back lets 炮3进7 mate).
    let captures = CaptureRules {
        mated_recapture_is_no_root: chase.is_some_and(|r| r.captures.mated_recapture_is_no_root),
        ..CaptureRules::PLAIN
    };
    // The plain exchanges, asked only of a capture that may win by 29.4
    // alone: built once, and not at all where no such capture comes.
    let plain = OnceCell::new();
    for t in direct_captures(q, captures, true, taken_by_more_than(q, here, pawn_prey), 0) {
        // The king alone wins nothing; nor do pawns taking what they
        // could take before the check.
        if t.king_only || t.pawn_only && pawn_prey & t.square.bit() != 0 {
            continue;
        }
        // Nor does a capture after which a check wins the capturer back
        // (图16 at the end of the line, as for a capture at once).
        let lost_to_checks = chase.is_some_and(|r| r.capturer_lost_to_checks_wins_nothing)
            && t.attackers
                .iter()
                .all(|&a| capturer_lost_to_checks(q, Move::new(a, t.square), &t));
        if lost_to_checks {
            continue;
        }
        if chase.is_some() && checker_left_en_prise(q, &t, checks) {
            continue;
        }
        let by_mate = captures.mated_recapture_is_no_root && {
            let plain = plain.get_or_init(|| Exchanges::new(q));
            !t.attackers
                .iter()
                .any(|&a| plain.of(Move::new(a, t.square)).wins_material())
        };
        // Paid back, the pieces `Start` spares left out; and counted too —
        // for a piece won by 29.4, by a capture that did not stand before
        // the move ([`Standing`]; xq023973 ply 64: after 炮8平9 the advisor
        // f0 is won, though 车八进七's rook could take the horse c7 all along).
        let (paid, at_all) = checked.map_or((false, false), |start| {
            let paid = won_back(q, &t, start);
            if !by_mate && (paid || start.spared == 0) {
                return (paid, paid);
            }
            let spared = if by_mate {
                start.spared | start.standing.map_or(0, Standing::pieces)
            } else {
                0
            };
            (paid, won_back(q, &t, Start { spared, ..start }))
        });
        if paid {
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
            paid_back: false,
            paid_back_at_all: at_all,
            by_mate,
            took: 0,
            #[cfg(feature = "lines")]
            line: t.line,
        });
    }
    for &k in &q.checking_moves() {
        let Some((next, q2)) = checks.play(q, k) else {
            continue;
        };
        let taken = q.piece_at(k.to).map_or(0, |c| value(c, k.to));
        let took = taking(q, k);
        let wanted = Wanted {
            pieces: here & !k.to.bit(),
            pawn_prey: pawn_prey & !k.to.bit(),
        };
        for w in won_after_check(&q2, next, chase, wanted) {
            let gain = w.gain + taken;
            match won.iter_mut().find(|v| v.square == w.square) {
                // The best line counts; of equally good ones, a line that
                // takes the piece where it stands (whichever check comes
                // first in the move list, which a mirror changes).
                Some(v) if gain > v.gain => {
                    v.gain = gain;
                    v.moved = w.moved;
                    v.mates_aside = w.mates_aside;
                    v.took = w.took | took;
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
                    took: w.took | took,
                    #[cfg(feature = "lines")]
                    line: then(k, w.line),
                    ..w
                }),
            }
        }
    }
    (won, paid_back)
}

/// `true` if, after a check of a chase and its reply, every capture of `t`
/// in `q` leaves the piece that gave the check where the defender takes it
/// for at least what the capture gains: a trade, not a win (29.1 "得子" is
/// net, 得不偿失), at the first check of the line or at a later one. From a
/// real game, xq006123 move 89: 车七进四 将, 车4退3 blocks, and 炮九平六
/// takes the rook, but 象5退3 takes the checking rook. Deeper, 图20 without
/// the rook a6: 马九进七 将 士5退4 马七退六 将 将5进1, and 炮九平四 takes the
/// advisor f9 while 炮4退6 takes the horse. Not asked of a capturer won back
/// by checks (图16's question, where a line of the opponent's is weighed,
/// not a chase). A capture by the checker itself leaves nothing on its point.
fn checker_left_en_prise(q: &Position, t: &Target, checks: Checks) -> bool {
    checks
        .checker
        .is_some_and(|checker| taken_back_among(q, t, checker.bit(), &|_, _| true))
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

/// The point of `k` as a bit set if `k` takes a piece in `p`, else 0
/// ([`Won::took`]).
fn taking(p: &Position, k: Move) -> u128 {
    p.board().occupied() & k.to.bit()
}

/// [`Won::takers`] after the check `k`, where the pieces stood before it:
/// the checking piece takes part, from where it checked.
fn with_checker(k: Move, takers: u128) -> u128 {
    takers & !k.to.bit() | k.from.bit()
}

/// The position a line of checks starts from (the checking side to move),
/// and the side's pieces there whose loss pays no capture back (see
/// [`targets_before`](super::targets_before)).
#[derive(Clone, Copy)]
pub(super) struct Start<'a> {
    pos: &'a Position,
    spared: u128,
    /// What the defender could win before the move asked about, if known.
    standing: Option<&'a Standing<'a>>,
}

/// The side's pieces the defender could win before a move, were it to move
/// then (29.2 compares with that position): found once, and only if a piece
/// won by 29.4 asks. Such a capture is the defender's own threat, standing
/// whether or not the line is played, and pays back no piece the line wins
/// at its end by 29.4 alone (1999 细则 5: "凡捉子兼具兑、献、送吃，也按捉处理";
/// 细则 6, 图七: the rook could take the elephant before and after the
/// cannon stepped away from the black rook, 从捉到捉). One the move itself
/// lays open is not standing: the move gives it in return (xq008166 ply 71:
/// 马六进四 leaves the elephant e2 to 炮5进5, which, with check, lets the
/// king take back the horse that took the advisor f7).
pub(in crate::rules) struct Standing<'a> {
    before: &'a Position,
    pieces: OnceCell<u128>,
}

impl<'a> Standing<'a> {
    /// The pieces the defender could win in `before`, the side that moves
    /// next being to move there.
    pub(in crate::rules) fn before(before: &'a Position) -> Standing<'a> {
        Standing {
            before,
            pieces: OnceCell::new(),
        }
    }

    /// Their points (see [`Standing`]).
    fn pieces(&self) -> u128 {
        *self
            .pieces
            .get_or_init(|| winnable_by_the_opponent(self.before))
    }
}

/// After `t` is taken in `q` (the capturer to move), whichever attacker
/// takes it, the defender wins at least as much elsewhere: a piece the
/// capture left loose or unguarded — not one of the pieces `start` spares,
/// still where it stood.
pub(super) fn won_back(q: &Position, t: &Target, start: Start) -> bool {
    let counts = |after: &Position, sq: Square| {
        start.spared & sq.bit() == 0 || after.piece_at(sq) != start.pos.piece_at(sq)
    };
    taken_back_among(q, t, EVERY_PIECE & !t.square.bit(), &counts)
}

/// `true` if, whichever attacker takes `t` in `q`, the defender can then
/// win at least as much among the pieces on `points` (a bit set), on a
/// point that `counts` (given the position after the capture) lets count.
fn taken_back_among(
    q: &Position,
    t: &Target,
    points: u128,
    counts: &dyn Fn(&Position, Square) -> bool,
) -> bool {
    t.attackers.iter().all(|&a| {
        let after = q.after(Move::new(a, t.square));
        direct_captures(&after, CaptureRules::PLAIN, true, points, 0)
            .iter()
            .any(|c| c.gain >= t.gain && counts(&after, c.square))
    })
}

/// `m`, then the moves of `rest`.
#[cfg(feature = "lines")]
pub(super) fn then(m: Move, rest: Vec<Move>) -> Vec<Move> {
    [m].into_iter().chain(rest).collect()
}
