//! Mate threats (杀, 28.2): a forced mate by checks.
//!
//! "凡走子企图在下一着照将或连续照将，将死对方者，称为杀" — a move threatens
//! mate when, given the move again, its side would mate by a check or by a
//! series of checks. We search checking moves only for the attacker and every
//! legal reply for the defender, up to [`MATE_CHECKS`] attacker moves.
//!
//! The search remembers for the positions it has met (by their
//! [`Position::key`]) the longest bound within which there is no mate and
//! the shortest within which there is one: the same position is often
//! reached by checks in another order, by the king stepping back and forth,
//! or again by the next question — the chase search asks about the same
//! captures from many lines, and the moves of a game share most of their
//! positions' surroundings. It remembers the same of the positions after a
//! check (the defender to move): whether every reply allows a mate. What it
//! remembers is a fact about the position alone, true whoever asks, so one
//! table serves every call (one per thread).

use std::cell::RefCell;

use crate::{Move, MoveList, Position, Square};

/// The longest mating line the engine looks for, in attacker moves (all of
/// them checks) — one bound wherever the rules ask for a mate: a mate threat
/// (杀, 28.2), a move that blocks one (拦, 28.7), a capture after which the
/// capturing side is mated (29.4) and a recapture mated so (28.16 假根).
/// Seven checks cover the rulebook's examples — CXA 2020 图17's threat
/// (红车退一) is a mate in seven checks; longer combinations are not treated
/// as mates. A capture answered by a mate the engine would call a threat is
/// no more a capture than one answered at once (probes z104-11/12,
/// z103-15/16: mates of six and seven checks after a capture).
pub const MATE_CHECKS: u32 = 7;

/// A forced mate by checks for the side to move in `pos`, within `max_checks`
/// attacker moves: the shortest one found, as a line of moves (attacker,
/// defender, …, mating move).
///
/// ```
/// use qili::{fen, rules::mate_by_checks, Tolerance};
/// // Red rook mates on the back rank next to a blocked king.
/// let pos = fen::position("4ka3/4a4/9/9/9/9/9/9/9/R3K4 w", Tolerance::COMPOSED).unwrap();
/// let line = mate_by_checks(&pos, 1).unwrap();
/// assert_eq!(line.len(), 1);
/// ```
pub fn mate_by_checks(pos: &Position, max_checks: u32) -> Option<Vec<Move>> {
    with_search(|search| shortest_mate(search, pos, max_checks))
}

fn shortest_mate(search: &mut Search, pos: &Position, max_checks: u32) -> Option<Vec<Move>> {
    // A mate within fewer checks is one within more (a reply that allows a
    // mate in n - 1 checks allows it in n), so the longest search alone says
    // whether there is any; only then is the shortest one looked for.
    if !search.mates(pos, max_checks) {
        return None;
    }
    // The root's checking moves are the same at every depth: found once.
    let checks: Vec<(Move, Position)> = pos
        .checking_moves()
        .iter()
        .map(|&m| (m, pos.after(m)))
        .collect();
    (1..=max_checks).find_map(|n| {
        checks
            .iter()
            .find(|(_, p)| search.mates_after(p, n))
            .map(|(m, p)| search.line(*m, p, n))
    })
}

/// `true` if the side to move in `pos` can mate by checks within
/// `max_checks` attacker moves: whether [`mate_by_checks`] finds a line,
/// without looking for the shortest.
pub fn can_mate_by_checks(pos: &Position, max_checks: u32) -> bool {
    with_search(|search| search.mates(pos, max_checks))
}

/// `true` if `pos`, just after the attacker's check, is mate or allows a
/// mate by checks after every reply, within `max_checks` attacker moves in
/// all (the check given counting as one): the check starts a forced mate.
pub fn check_starts_mate(pos: &Position, max_checks: u32) -> bool {
    with_search(|search| search.mates_after(pos, max_checks))
}

/// `true` if the side to move in `pos` can force mate within
/// [`MATE_CHECKS`] checks: by checks, or — when it is in check itself — by
/// answering the check so that every reply still allows a mate by checks (a
/// capture that is met by "垫将还杀", 29.4).
pub fn can_force_mate(pos: &Position) -> bool {
    with_search(|search| forces_mate(search, pos, MATE_CHECKS))
}

/// `true` if the side to move in `pos`, whose piece on `sq` was just taken,
/// is sure to mate within [`MATE_CHECKS`]: by force at once
/// ([`can_force_mate`]), or by taking back there, after which every reply
/// allows a mate by checks — the taking back is no check, so
/// [`can_force_mate`] alone does not see it. A trade that ends so is no
/// trade for the side that took first (28.5 with 29.4: the offer cannot be
/// taken, nor does it meet the threat — probes z106-02/03).
pub fn mates_after_the_trade(pos: &Position, sq: Square) -> bool {
    can_force_mate(pos)
        || pos.legal_moves_to(sq).iter().any(|&r| {
            let p = pos.after(r);
            let replies = p.legal_moves();
            replies.iter().all(|&b| {
                let q = p.after(b);
                can_mate_by_checks(&q, MATE_CHECKS)
            })
        })
}

fn forces_mate(search: &mut Search, pos: &Position, checks: u32) -> bool {
    if search.mates(pos, checks) {
        return true;
    }
    if !pos.is_check() {
        return false;
    }
    // An answer after which every reply allows a mate within the checks
    // left: a position like one after a check, searched as such.
    pos.legal_moves()
        .iter()
        .any(|&answer| search.mates_after(&pos.after(answer), checks))
}

/// What one search knows about a position with the attacker to move: no
/// mate within `none` checks (0 when nothing is known), a mate within
/// `mate` checks (`u32::MAX` when none is known). Both hold for every bound
/// beyond them in their direction, since mates within fewer checks are mates
/// within more.
#[derive(Clone, Copy)]
struct Known {
    none: u32,
    mate: u32,
}

/// The search for mates by checks, with what it has learnt about the
/// positions it met: a direct-mapped table indexed by the low bits of
/// [`Position::key`] (Zobrist keys are uniformly spread). A position that
/// lands on an occupied slot replaces it — forgetting only costs time.
#[derive(Default)]
struct Search {
    known: Vec<(u64, Known)>,
    /// For each number of checks left, the reply that last escaped a mate
    /// (a "killer"): tried first, as it often escapes the next check too.
    escapes: [Option<Move>; MATE_CHECKS as usize + 1],
    /// For each number of checks left, the check that last mated: tried
    /// first, as a mate is often given the same way again.
    mating: [Option<Move>; MATE_CHECKS as usize + 1],
}

/// Slots in the table (a power of two): 1 MiB, allocated on first use.
const SLOTS: usize = 1 << 16;

thread_local! {
    static SEARCH: RefCell<Search> = RefCell::default();
}

/// Runs `f` with this thread's search (the public functions of this module
/// do not call each other inside it, so it is never borrowed twice).
fn with_search<T>(f: impl FnOnce(&mut Search) -> T) -> T {
    SEARCH.with(|s| f(&mut s.borrow_mut()))
}

impl Search {
    /// The table slot of `key`, allocated on first use.
    fn slot(&mut self, key: u64) -> &mut (u64, Known) {
        if self.known.is_empty() {
            self.known = vec![(0, UNKNOWN); SLOTS];
        }
        // In range: masked by SLOTS - 1.
        &mut self.known[key as usize & (SLOTS - 1)]
    }
}

/// Nothing known about a position.
const UNKNOWN: Known = Known {
    none: 0,
    mate: u32::MAX,
};

/// Mixed into the key of a position after a check, for what the table
/// remembers of it ([`Search::mates_after`]): a key of its own, apart from
/// the position's (whose side to move is then the attacker).
const AFTER_CHECK: u64 = 0x3C6E_F372_FE94_F82B;

impl Search {
    /// What the table knows of the question about `key` within `checks`
    /// attacker moves: mate, no mate, or nothing.
    fn known(&mut self, key: u64, checks: u32) -> Option<bool> {
        let &mut (stored, k) = self.slot(key);
        if stored != key {
            None
        } else if checks <= k.none {
            Some(false)
        } else if checks >= k.mate {
            Some(true)
        } else {
            None
        }
    }

    /// Remembers the answer `found` to the question about `key` within
    /// `checks` attacker moves.
    fn learn(&mut self, key: u64, checks: u32, found: bool) {
        let slot = self.slot(key);
        if slot.0 != key {
            *slot = (key, UNKNOWN);
        }
        let k = &mut slot.1;
        if found {
            k.mate = k.mate.min(checks);
        } else {
            k.none = k.none.max(checks);
        }
    }

    /// `true` if the table knows that the side to move in `pos` has no mate
    /// by checks within `checks` attacker moves.
    fn known_none(&mut self, pos: &Position, checks: u32) -> bool {
        self.known(pos.key(), checks) == Some(false)
    }

    /// `true` if the side to move in `pos` mates by checks within `checks`
    /// attacker moves.
    fn mates(&mut self, pos: &Position, checks: u32) -> bool {
        if checks == 0 {
            return false;
        }
        let key = pos.key();
        if let Some(found) = self.known(key, checks) {
            return found;
        }
        let left = (checks as usize).min(self.mating.len() - 1);
        let list = pos.checking_moves();
        let first = self.mating[left].filter(|m| list.contains(m));
        let found = first.is_some_and(|m| self.mates_after(&pos.after(m), checks))
            || list.iter().filter(|&&m| Some(m) != first).any(|&m| {
                let mates = self.mates_after(&pos.after(m), checks);
                if mates {
                    self.mating[left] = Some(m);
                }
                mates
            });
        self.learn(key, checks, found);
        found
    }

    /// `true` if, after a check (`p`, the defender to move), every reply
    /// allows a mate within `checks - 1` more checks (at the last check: if
    /// there is no reply). The same question after any move of the attacker
    /// (the answer to a check, in [`forces_mate`]).
    ///
    /// Almost every question the rules ask has the answer "no mate", and a
    /// "no" needs one reply that escapes: the search looks for it where it
    /// is likeliest. The reply that escaped last at this depth comes first.
    /// Before the last check, each reply's search is a single round of
    /// checks, no dearer than sizing it up, so the replies are searched as
    /// they come, captures first. Further from the mate, each reply is first
    /// sized up by the checks it leaves the attacker — a reply that leaves
    /// none, or one the table knows escapes, ends the search at once — and
    /// the replies are searched from the one that leaves the fewest checks
    /// (captures first among equals): the fewer the checks, the smaller the
    /// tree to refute. The order changes how fast the answer comes, not the
    /// answer; what it is, the table remembers (the same position after a
    /// check is met again from other lines and by the next question).
    fn mates_after(&mut self, p: &Position, checks: u32) -> bool {
        if checks <= 1 {
            return !p.has_legal_move();
        }
        let key = p.key() ^ AFTER_CHECK;
        if let Some(found) = self.known(key, checks) {
            return found;
        }
        let found = self.replies_allow_mate(p, checks);
        self.learn(key, checks, found);
        found
    }

    /// [`Search::mates_after`] with more than one check left, searched.
    fn replies_allow_mate(&mut self, p: &Position, checks: u32) -> bool {
        let slot = (checks as usize).min(self.escapes.len() - 1);
        let escaped = |search: &mut Search, r: Move| {
            search.escapes[slot] = Some(r);
            false
        };
        if let Some(r) = self.escapes[slot].filter(|&r| p.is_legal(r)) {
            if !self.mates(&p.after(r), checks - 1) {
                return false;
            }
        }
        let mut replies = p.legal_moves();
        replies.move_to_front(|r| p.piece_at(r.to).is_some());
        if checks == 2 {
            for &r in &replies {
                if !self.mates(&p.after(r), 1) {
                    return escaped(self, r);
                }
            }
            return true;
        }
        // The checks each reply leaves, in the order of `replies`.
        let mut sizes = [0u8; MoveList::CAPACITY];
        for (size, &r) in sizes.iter_mut().zip(&replies) {
            let c = p.after(r);
            let n = if self.known_none(&c, checks - 1) {
                0
            } else {
                c.checking_moves().len()
            };
            if n == 0 {
                return escaped(self, r);
            }
            *size = n.min(usize::from(u8::MAX - 1)) as u8;
        }
        // The fewest checks first; of equals, the first (captures first).
        // A reply searched is marked so by `u8::MAX`.
        let sizes = &mut sizes[..replies.len()];
        while let Some(i) = (0..sizes.len())
            .filter(|&i| sizes[i] != u8::MAX)
            .min_by_key(|&i| sizes[i])
        {
            sizes[i] = u8::MAX;
            let r = replies[i];
            if !self.mates(&p.after(r), checks - 1) {
                return escaped(self, r);
            }
        }
        true
    }

    /// The mating line that starts with the check `m` (`p` is the position
    /// after it), given that [`Search::mates_after`] holds: the defender's
    /// first reply, then the attacker's first check that still mates within
    /// the bound, and so on — the line a depth-first search in move order
    /// finds.
    fn line(&mut self, m: Move, p: &Position, checks: u32) -> Vec<Move> {
        let mut line = vec![m];
        if checks <= 1 {
            return line;
        }
        let replies: MoveList = p.legal_moves();
        let Some(&r) = replies.first() else {
            return line;
        };
        line.push(r);
        let q = p.after(r);
        for &m2 in &q.checking_moves() {
            let p2 = q.after(m2);
            if self.mates_after(&p2, checks - 1) {
                line.extend(self.line(m2, &p2, checks - 1));
                return line;
            }
        }
        // Not reached: a reply that allows a mate has a mating check.
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, iccs, Tolerance};

    /// The bound is real: CXA 2020 图7's cannon threatens a mate that takes
    /// four checks, found with four and not with three.
    #[test]
    fn bound_is_respected() {
        let pos = fen::position(
            "2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let m = iccs::parse_move(&pos, "i0h0").unwrap();
        let threat = pos.play(m).unwrap().pass().unwrap();
        assert!(mate_by_checks(&threat, 3).is_none());
        assert!(!can_mate_by_checks(&threat, 3));
        assert!(can_mate_by_checks(&threat, 4));
        let line = mate_by_checks(&threat, 4).unwrap();
        assert_eq!(line.len(), 7);
        const { assert!(MATE_CHECKS >= 4) };
    }

    /// CXA 2020 图17: black's 将4退1 (d7d8) is 杀 — with the move again,
    /// the two rooks mate in seven checks, found with seven and not with six.
    #[test]
    fn figure_17_mate_in_seven_checks() {
        let pos = crate::rules::after_line(
            "1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w",
            "b7b8 d8d7 b8b7 d7d8",
        )
        .pass()
        .unwrap();
        assert!(!can_mate_by_checks(&pos, 6));
        assert!(mate_by_checks(&pos, 6).is_none());
        let line = mate_by_checks(&pos, MATE_CHECKS).unwrap();
        let text: Vec<String> = line.iter().map(ToString::to_string).collect();
        assert_eq!(
            text.join(" "),
            "c7c0 e0e1 h7h1 e1e2 h1h2 e2e1 c0c1 e1e0 h2e2 e0d0 e2d2 d0e0 d2d0"
        );

        const { assert!(MATE_CHECKS >= 7) };
    }
}
