//! Rulings on repetitions (24, 26) and the verdict binding at a point of the game.

use super::clause::Clause;
use super::cycle::{Cycle, Pattern};
use super::rulebook::Rulebook;
use crate::Color;

/// An outcome of the rules: nothing, a draw, or a loss for one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ruling {
    /// No ruling: the game goes on.
    None,
    /// Draw.
    Draw,
    /// This side loses.
    Loses(Color),
}

impl Ruling {
    /// `none`, `draw`, `red_loses` or `black_loses`.
    pub const fn code(self) -> &'static str {
        match self {
            Ruling::None => "none",
            Ruling::Draw => "draw",
            Ruling::Loses(Color::Red) => "red_loses",
            Ruling::Loses(Color::Black) => "black_loses",
        }
    }
}

/// The clause a repetition ruling rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RulingReason {
    /// 26.1 (AXF alike): one side checks perpetually, the other does not.
    PerpetualCheck,
    /// Both sides check perpetually: neither may be singled out.
    BothPerpetualCheck,
    /// 26.2: both sides' patterns are allowed.
    BothAllowed,
    /// 26.3: both sides' patterns are forbidden (and neither is a lone perpetual check).
    BothForbidden,
    /// 26.4: one side forbidden, the other allowed — the forbidden side must vary.
    ForbiddenAgainstAllowed,
}

impl RulingReason {
    /// The clause (cited by [`Rulebook::cite`]).
    pub const fn clause(self) -> Clause {
        match self {
            RulingReason::PerpetualCheck => Clause::PerpetualCheck,
            RulingReason::BothPerpetualCheck | RulingReason::BothForbidden => Clause::BothForbidden,
            RulingReason::BothAllowed => Clause::BothAllowed,
            RulingReason::ForbiddenAgainstAllowed => Clause::ForbiddenAgainstAllowed,
        }
    }
}

/// Rules on a cycle: what happens if both sides keep repeating it.
pub fn rule_cycle(cycle: &Cycle) -> (Ruling, RulingReason) {
    let (r, b) = (cycle.red.pattern, cycle.black.pattern);
    let check = Pattern::PerpetualCheck;
    match (r == check, b == check) {
        (true, true) => return (Ruling::Draw, RulingReason::BothPerpetualCheck),
        (true, false) => return (Ruling::Loses(Color::Red), RulingReason::PerpetualCheck),
        (false, true) => return (Ruling::Loses(Color::Black), RulingReason::PerpetualCheck),
        (false, false) => {}
    }
    match (r.is_forbidden(), b.is_forbidden()) {
        (true, true) => (Ruling::Draw, RulingReason::BothForbidden),
        (false, false) => (Ruling::Draw, RulingReason::BothAllowed),
        (true, false) => (
            Ruling::Loses(Color::Red),
            RulingReason::ForbiddenAgainstAllowed,
        ),
        (false, true) => (
            Ruling::Loses(Color::Black),
            RulingReason::ForbiddenAgainstAllowed,
        ),
    }
}

/// How many times a position must have occurred before a repetition ruling
/// binds (24): CXA makes a pending position after the moves have cycled three
/// times (the fourth occurrence); a perpetual check then loses and a draw is
/// declared at once, while a forbidden side that goes on for one more cycle
/// loses at the fifth. AXF (and Fairy-Stockfish) rule at the third occurrence.
pub const fn occurrences_to_bind(rules: &Rulebook, reason: RulingReason) -> usize {
    match reason {
        RulingReason::ForbiddenAgainstAllowed => rules.forbidden_side_binds_at,
        _ => rules.binds_at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cycle::{Cycle, SideInCycle};

    fn side(color: Color, pattern: Pattern) -> SideInCycle {
        SideInCycle {
            color,
            plies: Vec::new(),
            effective: Vec::new(),
            pattern,
            common_target: None,
            pawn_chases_counted: false,
            exchange_chases_discounted: false,
            chases_not_common: false,
        }
    }

    #[test]
    fn general_rules_26() {
        use Pattern::*;
        let cases = [
            (
                PerpetualCheck,
                Idle,
                Ruling::Loses(Color::Red),
                RulingReason::PerpetualCheck,
            ),
            (
                PerpetualCheck,
                PerpetualChase,
                Ruling::Loses(Color::Red),
                RulingReason::PerpetualCheck,
            ),
            (
                PerpetualCheck,
                PerpetualCheck,
                Ruling::Draw,
                RulingReason::BothPerpetualCheck,
            ),
            (
                PerpetualChase,
                ChasesAndIdle,
                Ruling::Loses(Color::Red),
                RulingReason::ForbiddenAgainstAllowed,
            ),
            (
                Idle,
                CheckAndChase,
                Ruling::Loses(Color::Black),
                RulingReason::ForbiddenAgainstAllowed,
            ),
            (
                PerpetualChase,
                PerpetualMateThreat,
                Ruling::Draw,
                RulingReason::BothForbidden,
            ),
            (ChecksAndIdle, Idle, Ruling::Draw, RulingReason::BothAllowed),
        ];
        for (r, b, ruling, why) in cases {
            let c = Cycle {
                start: 0,
                end: 4,
                occurrences: 2,
                red: side(Color::Red, r),
                black: side(Color::Black, b),
            };
            assert_eq!(rule_cycle(&c), (ruling, why), "{r:?} vs {b:?}");
        }
    }
}
