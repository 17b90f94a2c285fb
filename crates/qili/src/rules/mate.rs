//! Mate threats (杀, 28.2): a forced mate by checks.
//!
//! "凡走子企图在下一着照将或连续照将，将死对方者，称为杀" — a move threatens
//! mate when, given the move again, its side would mate by a check or by a
//! series of checks. We search checking moves only for the attacker and every
//! legal reply for the defender, up to [`MATE_CHECKS`] attacker moves.

use crate::{Move, Position};

/// The longest mating line we look for, in attacker moves (all of them checks).
/// Five checks cover the rulebook's examples; longer combinations are not
/// treated as threats.
pub const MATE_CHECKS: u32 = 5;

/// A forced mate by checks for the side to move in `pos`, within `max_checks`
/// attacker moves: the shortest one found, as a line of moves (attacker,
/// defender, …, mating move).
///
/// ```
/// use qili::{fen, rules::mate::mate_by_checks, Tolerance};
/// // Red rook mates on the back rank next to a blocked king.
/// let pos = fen::position("4ka3/4a4/9/9/9/9/9/9/9/R3K4 w", Tolerance::COMPOSED).unwrap();
/// let line = mate_by_checks(&pos, 1).unwrap();
/// assert_eq!(line.len(), 1);
/// ```
pub fn mate_by_checks(pos: &Position, max_checks: u32) -> Option<Vec<Move>> {
    // A mate within fewer checks is one within more (a reply that allows a
    // mate in n - 1 checks allows it in n), so the longest search alone says
    // whether there is any; only then is the shortest one looked for.
    if !can_mate_by_checks(pos, max_checks) {
        return None;
    }
    // The root's checking moves are the same at every depth: found once.
    let mut checks = Vec::new();
    for &m in &pos.checking_moves() {
        let mut p = pos.clone();
        p.play_unchecked(m);
        checks.push((m, p));
    }
    (1..=max_checks).find_map(|n| checks.iter().find_map(|(m, p)| mates_after(*m, p, n)))
}

/// `true` if the side to move in `pos` can mate by checks within
/// `max_checks` attacker moves: whether [`mate_by_checks`] finds a line,
/// without looking for the shortest.
pub fn can_mate_by_checks(pos: &Position, max_checks: u32) -> bool {
    max_checks > 0 && search(pos, max_checks).is_some()
}

fn search(pos: &Position, checks: u32) -> Option<Vec<Move>> {
    for &m in &pos.checking_moves() {
        let mut p = pos.clone();
        p.play_unchecked(m);
        if let Some(line) = mates_after(m, &p, checks) {
            return Some(line);
        }
    }
    None
}

/// The mating line that starts with the check `m` (`p` is the position after
/// it) if every reply allows a mate within `checks - 1` more checks.
fn mates_after(m: Move, p: &Position, checks: u32) -> Option<Vec<Move>> {
    // At the last check only whether the defender can move matters.
    if checks <= 1 {
        return (!p.has_legal_move()).then(|| vec![m]);
    }
    let replies = p.legal_moves();
    if replies.is_empty() {
        return Some(vec![m]);
    }
    let mut line: Option<Vec<Move>> = None;
    for &r in &replies {
        let mut q = p.clone();
        q.play_unchecked(r);
        let rest = search(&q, checks - 1)?;
        if line.is_none() {
            let mut l = vec![m, r];
            l.extend(rest);
            line = Some(l);
        }
    }
    line
}

/// `true` if the side to move in `pos` can force mate: by checks, or — when it
/// is in check itself — by answering the check so that every reply still
/// allows a mate by checks (a capture that is met by "垫将还杀", 29.4).
pub fn can_force_mate(pos: &Position) -> bool {
    if can_mate_by_checks(pos, MATE_CHECKS) {
        return true;
    }
    if !pos.is_check() {
        return false;
    }
    pos.legal_moves().iter().any(|&answer| {
        let mut p = pos.clone();
        p.play_unchecked(answer);
        let replies = p.legal_moves();
        replies.is_empty()
            || replies.iter().all(|&r| {
                let mut q = p.clone();
                q.play_unchecked(r);
                can_mate_by_checks(&q, MATE_CHECKS - 1)
            })
    })
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
}
