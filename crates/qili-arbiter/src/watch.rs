//! What the rules say about a table's game at its last move: how often the
//! position has occurred, the current cycle with its labels and both sides'
//! patterns, a warning one cycle before a repetition ruling binds (a loss
//! for one side, or a draw), the verdict once it binds, and the moves left
//! before the natural limit.
//!
//! Nothing here decides a ruling: every ruling and every verdict is the
//! engine's ([`qili::rules::repetitions`], the same judgement as
//! `qili adjudicate`). This module only asks the engine about the game as
//! recorded and about the game continued by the current cycle, to say how
//! many plies are left before the verdict would bind:
//!
//! - CXA (24): a repetition ruling binds at the pending position after three
//!   cycles (the fourth occurrence); a side whose forbidden pattern meets an
//!   allowed one (26.4) loses one cycle later (the fifth). The warning comes
//!   one cycle before: for 26.4 that is the pending position itself.
//! - AXF: the ruling binds at the third occurrence of the position; the
//!   warning comes at the second.

use qili::rules::{
    repetitions, Adjudication, Edition, IllegalMoveError, Label, Pattern, Ruling, RulingReason,
    VerdictReason,
};
use qili::{Color, Move, Position};

/// A repetition ruling against one side, bound or about to bind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alert {
    /// The side that must vary (or has lost).
    pub side: Color,
    /// The verdict binds now (`false`: it will if the cycle is played again).
    pub binding: bool,
    /// The ply at which it binds (or bound).
    pub at: usize,
    /// Why the side loses (26.1 perpetual check, 26.4 forbidden against allowed…).
    pub reason: RulingReason,
}

/// A repetition draw, bound or about to bind (26.2 both allowed, 26.3 both
/// forbidden, both checking perpetually), as the engine rules it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawAlert {
    /// The draw binds now (`false`: it will if the cycle is played again).
    pub binding: bool,
    /// The ply at which it binds (or bound).
    pub at: usize,
    /// The occurrence of the position at that ply (the edition's count: 4
    /// under CXA, 3 under AXF).
    pub occurrence: usize,
    /// Why it is a draw.
    pub reason: RulingReason,
}

/// What the rules say after the last recorded move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Watch {
    /// How many times the last position has occurred (1: a new position).
    pub occurrences: usize,
    /// The moves of the current cycle: (1-based ply, label).
    pub cycle: Vec<(usize, Label)>,
    /// Red's and black's pattern in the current cycle.
    pub patterns: Option<(Pattern, Pattern)>,
    /// The ruling on the current cycle, if it went on.
    pub ruling: Ruling,
    /// Why.
    pub ruling_reason: Option<RulingReason>,
    /// A ruling against a side: bound, or binding within one cycle.
    pub alert: Option<Alert>,
    /// A repetition draw: bound, or binding within one cycle.
    pub draw: Option<DrawAlert>,
    /// Plies left before the natural move limit draws (4.2.4, 23.3).
    pub natural_left: u32,
}

/// The first repetition verdict of a list of judgements (24: it binds there
/// and stands), as (ply, judgement).
fn first_binding(reps: &[(usize, Adjudication)]) -> Option<&(usize, Adjudication)> {
    reps.iter().find(|(_, a)| {
        a.verdict != Ruling::None
            && matches!(
                a.verdict_reason,
                Some(VerdictReason::Repetition | VerdictReason::VariedRepetition)
            )
    })
}

/// Judges the game `moves` from `start` under `edition`.
pub fn assess(
    edition: Edition,
    start: &Position,
    moves: &[Move],
) -> Result<Watch, IllegalMoveError> {
    let reps = repetitions(edition, start, moves)?;
    let n = moves.len();
    let mut w = Watch {
        occurrences: 1,
        cycle: Vec::new(),
        patterns: None,
        ruling: Ruling::None,
        ruling_reason: None,
        alert: None,
        draw: None,
        natural_left: natural_left(edition, start, moves),
    };
    let last = reps.last().filter(|(ply, _)| *ply == n).map(|(_, a)| a);
    if let Some(c) = last.and_then(|a| a.cycle.as_ref().map(|c| (a, c))) {
        let (a, c) = c;
        w.occurrences = c.occurrences;
        w.cycle = (c.start..c.end)
            .map(|i| (i + 1, a.moves[i].label))
            .collect();
        w.patterns = Some((c.red.pattern, c.black.pattern));
        w.ruling = a.ruling;
        w.ruling_reason = a.ruling_reason;
    }
    (w.alert, w.draw) = if first_binding(&reps).is_some() {
        alerts(&reps, true)
    } else {
        coming(edition, start, moves, last)
    };
    Ok(w)
}

/// The first repetition verdict of `reps` as a loss or a draw (`binding`:
/// it binds in the game as recorded, not only in its continuation).
fn alerts(reps: &[(usize, Adjudication)], binding: bool) -> (Option<Alert>, Option<DrawAlert>) {
    let Some((at, a)) = first_binding(reps) else {
        return (None, None);
    };
    match (a.verdict, a.ruling_reason) {
        (Ruling::Loses(side), Some(reason)) => (
            Some(Alert {
                side,
                binding,
                at: *at,
                reason,
            }),
            None,
        ),
        (Ruling::Draw, Some(reason)) => (
            None,
            Some(DrawAlert {
                binding,
                at: *at,
                occurrence: a.cycle.as_ref().map_or(0, |c| c.occurrences),
                reason,
            }),
        ),
        _ => (None, None),
    }
}

/// The verdict the current cycle would bring if played again, when it binds
/// within one more cycle: a loss for one side, or a draw.
fn coming(
    edition: Edition,
    start: &Position,
    moves: &[Move],
    last: Option<&Adjudication>,
) -> (Option<Alert>, Option<DrawAlert>) {
    let Some(c) = last.and_then(|a| a.cycle.as_ref()) else {
        return (None, None);
    };
    if c.end <= c.start {
        return (None, None);
    }
    // The cycle brings the position back: play it once more and see whether
    // (and where) a verdict binds. The game as recorded has none (the
    // caller checked), so a verdict found binds after its last move.
    let mut longer = moves.to_vec();
    longer.extend_from_slice(&moves[c.start..c.end]);
    match repetitions(edition, start, &longer) {
        Ok(reps) => alerts(&reps, false),
        Err(_) => (None, None),
    }
}

/// Plies left before the natural move limit (4.2.4: 60 moves each without a
/// capture; 23.3: a side claiming it counts at most
/// [`qili::rules::Rulebook::own_checks_counted_toward_limit`] of its own
/// checks). The limit is reached once either side's claim would hold.
pub fn natural_left(edition: Edition, start: &Position, moves: &[Move]) -> u32 {
    let rules = edition.rulebook();
    let mut pos = start.clone();
    let mut plies = start.halfmoves();
    let mut checks = [0u32; 2];
    for &m in moves {
        let mover = pos.turn();
        if pos.capture_of(m).is_some() {
            (plies, checks) = (0, [0, 0]);
        } else {
            plies += 1;
        }
        pos.play_unchecked(m);
        if pos.is_check() {
            checks[mover.index()] += 1;
        }
    }
    let counted = |own: u32| match rules.own_checks_counted_toward_limit {
        None => plies,
        Some(most) => plies - own.saturating_sub(most).min(plies),
    };
    let reached = checks.iter().map(|&own| counted(own)).max().unwrap_or(0);
    rules.natural_limit_plies.saturating_sub(reached)
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili::rules::adjudicate;
    use qili::{fen, iccs, Tolerance};

    /// 1999 图一: a lone rook checks every move (长将).
    const CHECK: (&str, &str) = ("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", "f0e0 e8f8 e0f0 f8e8");
    /// A red cannon chases the rook every move (长捉; Fairy-Stockfish's test).
    const CHASE: (&str, &str) = (
        "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w",
        "c2a2 a7b7 a2b2 b7a7 b2a2",
    );

    fn line(fen: &str, first: &str, cycles: usize) -> (Position, Vec<Move>) {
        let pos = fen::position(fen, Tolerance::COMPOSED).unwrap();
        let mut text = first.to_string();
        let cycle: Vec<&str> = first.split(' ').rev().take(4).collect::<Vec<_>>();
        let cycle: Vec<&str> = cycle.into_iter().rev().collect();
        for _ in 0..cycles {
            text.push(' ');
            text.push_str(&cycle.join(" "));
        }
        let moves = iccs::parse_line(&pos, &text).unwrap();
        (pos, moves)
    }

    /// The first ply at which `adjudicate` gives a verdict (what the browser
    /// tests ask the CLI).
    fn binding_ply(e: Edition, pos: &Position, moves: &[Move]) -> usize {
        (1..=moves.len())
            .find(|&k| adjudicate(e, pos, &moves[..k]).unwrap().verdict != Ruling::None)
            .expect("a verdict")
    }

    #[test]
    fn warns_one_cycle_before_the_verdict_binds_and_binds_exactly_there() {
        for (fen, first) in [CHECK, CHASE] {
            for e in Edition::ALL {
                let (pos, moves) = line(fen, first, 5);
                let bind = binding_ply(e, &pos, &moves);
                let mut warned = None;
                for k in 0..=bind {
                    let w = assess(e, &pos, &moves[..k]).unwrap();
                    match w.alert {
                        Some(a) if a.binding => {
                            assert_eq!(k, bind, "{e} {fen}: bound at {k}");
                            assert_eq!((a.side, a.at), (Color::Red, bind));
                        }
                        Some(a) => {
                            assert!(k < bind);
                            assert_eq!((a.side, a.at), (Color::Red, bind), "{e} {k}");
                            warned.get_or_insert(k);
                        }
                        None => assert!(warned.is_none(), "{e}: the warning went at {k}"),
                    }
                }
                let warned = warned.expect("a warning");
                let cycle = 4;
                assert_eq!(bind - warned, cycle, "{e} {fen}: one cycle before");
            }
        }
    }

    #[test]
    fn a_drawn_repetition_is_announced_one_cycle_before_it_binds() {
        // Both horses go out and back (idle, 26.2 both allowed): a draw.
        const IDLE: (&str, &str) = (fen::START, "b0c2 b9c7 c2b0 c7b9");
        for e in Edition::ALL {
            let (pos, moves) = line(IDLE.0, IDLE.1, 5);
            let bind = binding_ply(e, &pos, &moves);
            let mut warned = None;
            for k in 0..=bind {
                let w = assess(e, &pos, &moves[..k]).unwrap();
                assert_eq!(w.alert, None, "{e} {k}: no side loses");
                match w.draw {
                    Some(d) => {
                        assert_eq!(d.at, bind, "{e} {k}");
                        assert_eq!(d.reason, RulingReason::BothAllowed);
                        assert_eq!(d.binding, k == bind, "{e} {k}");
                        let occurrence = if e == Edition::Axf { 3 } else { 4 };
                        assert_eq!(d.occurrence, occurrence, "{e}");
                        warned.get_or_insert(k);
                    }
                    None => assert!(warned.is_none(), "{e}: the notice went at {k}"),
                }
            }
            assert_eq!(bind - warned.expect("a notice"), 4, "{e}: one cycle before");
        }
    }

    #[test]
    fn the_pending_position_warns_under_cxa_for_a_chase() {
        // 24: the pending position is the fourth occurrence; the chaser loses
        // at the fifth.
        let (pos, moves) = line(CHASE.0, CHASE.1, 5);
        let w = assess(Edition::Cxa2020, &pos, &moves[..13]).unwrap();
        assert_eq!(w.occurrences, 4);
        let a = w.alert.unwrap();
        assert_eq!((a.binding, a.at), (false, 17));
        assert_eq!(a.reason, RulingReason::ForbiddenAgainstAllowed);
        assert_eq!(w.patterns.unwrap().0, Pattern::PerpetualChase);
        let labels: Vec<Label> = w.cycle.iter().map(|&(_, l)| l).collect();
        assert_eq!(labels.len(), 4);
        assert!(labels.contains(&Label::Chase));
        // AXF: the second occurrence warns, the third binds.
        let w = assess(Edition::Axf, &pos, &moves[..5]).unwrap();
        assert_eq!((w.occurrences, w.alert.unwrap().at), (2, 9));
    }

    #[test]
    fn a_new_position_has_nothing_to_say() {
        let pos = Position::new();
        let moves = iccs::parse_line(&pos, "h2e2 h9g7").unwrap();
        let w = assess(Edition::Cxa1999, &pos, &moves).unwrap();
        assert_eq!((w.occurrences, w.alert, w.draw), (1, None, None));
        assert!(w.cycle.is_empty() && w.patterns.is_none());
        assert_eq!(w.natural_left, 118);
        assert_eq!(natural_left(Edition::Axf, &pos, &moves), 118);
    }

    #[test]
    fn checks_beyond_ten_do_not_count_toward_the_cxa_limit() {
        // 23.3: red's 12 checks in 24 plies: two of them are not counted.
        let (pos, moves) = line(CHECK.0, CHECK.1, 5);
        assert_eq!(natural_left(Edition::Axf, &pos, &moves), 120 - 24);
        assert_eq!(natural_left(Edition::Cxa2020, &pos, &moves), 120 - 24);
        let red_checks = moves.len() as u32 / 2;
        assert!(red_checks > 10);
    }

    #[test]
    fn illegal_moves_are_an_error_not_a_panic() {
        let pos = Position::new();
        let m = Move::new("a0".parse().unwrap(), "a9".parse().unwrap());
        assert!(assess(Edition::Axf, &pos, &[m]).is_err());
    }
}
