//! The 棋例 engine: labels every move 将 / 杀 / 捉 / 闲, finds repetition
//! cycles and rules on them for the CXA 1999, CXA 2020 and AXF rulebooks.
//!
//! ```
//! use qili::{fen, iccs, rules::{adjudicate, Edition, Ruling}, Color, Tolerance};
//! // 1999 图一: a lone rook checks every move (长将) — red loses.
//! let pos = fen::position("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", Tolerance::COMPOSED).unwrap();
//! let moves = iccs::parse_line(&pos, "f0e0 e8f8 e0f0 f8e8").unwrap();
//! let game = adjudicate(Edition::Cxa1999, &pos, &moves).unwrap();
//! assert_eq!(game.ruling, Ruling::Loses(Color::Red));
//! let labels: Vec<&str> = game.moves.iter().map(|m| m.label.zh()).collect();
//! assert_eq!(labels, ["将", "闲", "将", "闲"]);
//! ```

mod attack;
mod chase;
mod clause;
#[cfg(feature = "serde")]
mod codes;
mod cycle;
mod edition;
mod exchange;
mod explain;
mod idle;
mod joint;
mod kind;
mod lines;
mod mate;
mod newness;
mod report;
mod rulebook;
mod value;
mod verdict;

use core::fmt;

pub use chase::{FalseRoot, Method, Root, Target};
pub use cycle::{Cycle, Pattern, SideInCycle};
pub use edition::{Edition, UnknownEdition};
pub use explain::{explain, line_text, Text};
pub use kind::{classify, ArbiterNote, EvenedBy, IdleKind, Label, MoveKind, MoveReason, Trade};
pub use lines::{balance, Claim, ClaimLine};
pub use mate::mate_by_checks;
pub use report::{Bilingual, ChaseReport, CycleReport, MoveReport, Report, SideReport};
pub use rulebook::{CaptureRules, Clauses, Rulebook};
pub use verdict::{Ruling, RulingReason};

use crate::{Color, DecisiveReason, Move, Outcome, Position};

/// Why the game is decided at its last position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VerdictReason {
    /// 4.1.1: checkmate.
    Checkmate,
    /// 4.1.3: 困毙, no legal move.
    Stalemate,
    /// 4.2.1: nobody can mate any more.
    InsufficientMaterial,
    /// 4.2.4 / 23.3: the natural move limit.
    NaturalLimit,
    /// 24 (AXF alike): the repetition ruling binds at this occurrence.
    Repetition,
    /// 24: the repetition count is reached, but the moves between the
    /// occurrences were not the same each time: the verdict rules on all the
    /// moves since the first occurrence counted, taken together.
    VariedRepetition,
}

impl VerdictReason {
    /// `checkmate`, `stalemate`, `insufficient_material`, `natural_limit`,
    /// `repetition` or `varied_repetition`, as the report's JSON writes it.
    pub const fn code(self) -> &'static str {
        match self {
            VerdictReason::Checkmate => "checkmate",
            VerdictReason::Stalemate => "stalemate",
            VerdictReason::InsufficientMaterial => "insufficient_material",
            VerdictReason::NaturalLimit => "natural_limit",
            VerdictReason::Repetition => "repetition",
            VerdictReason::VariedRepetition => "varied_repetition",
        }
    }
}

/// The whole judgement of a game: each move's label, the cycle it ends in,
/// the ruling on that cycle and the verdict binding now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjudication {
    /// The rules applied: an edition's [`Rulebook`], or one with switches
    /// changed ([`adjudicate_under`]); its `edition` names the book.
    pub rules: Rulebook,
    /// One entry per move.
    pub moves: Vec<MoveKind>,
    /// The repetition the game ends in, if the last position occurred before.
    pub cycle: Option<Cycle>,
    /// What happens if both sides keep repeating the cycle (`None` without a cycle).
    pub ruling: Ruling,
    /// Why.
    pub ruling_reason: Option<RulingReason>,
    /// The result binding at the last position, under the edition's counting.
    pub verdict: Ruling,
    /// Why.
    pub verdict_reason: Option<VerdictReason>,
    /// Set when the ruling rests on a chase an arbiter must confirm (27.3:
    /// chasing advisors or elephants while holding a key defensive point).
    pub arbiter: Option<kind::ArbiterNote>,
}

/// A move of the list that is not legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// 1-based ply number.
    pub ply: usize,
    /// The move.
    pub mv: Move,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}: {} is not legal", self.ply, self.mv)
    }
}

impl core::error::Error for IllegalMoveError {}

/// Plays `moves` from `start`, labels each and rules on the position reached.
pub fn adjudicate(
    edition: Edition,
    start: &Position,
    moves: &[Move],
) -> Result<Adjudication, IllegalMoveError> {
    adjudicate_under(edition.rulebook(), start, moves)
}

/// [`adjudicate`] under any set of rules: an edition's rulebook with some
/// switches changed shows which rulings a switch decides (`rules/LEDGER.md`).
pub fn adjudicate_under(
    rules: &Rulebook,
    start: &Position,
    moves: &[Move],
) -> Result<Adjudication, IllegalMoveError> {
    let mut kinds = Vec::with_capacity(moves.len());
    let before_last = before_the_cycle(start, moves);
    label_moves(rules, start.clone(), before_last, moves, 0, &mut kinds)?;
    Ok(judge(rules, start, moves, kinds))
}

/// The position before the move that came before `start`, when `moves` is
/// a repetition cycle — legal, and back at `start` at its end: the cycle's
/// own last move, played before its last position, which is `start` (24
/// "循环": the cycle has no first move, and 图13's 自毙 asks of the move
/// before). `None` for any other list, whose history is not known.
fn before_the_cycle(start: &Position, moves: &[Move]) -> Option<Position> {
    let (&last, played) = moves.split_last()?;
    let mut pos = start.clone();
    for &m in played {
        if !pos.is_legal(m) {
            return None;
        }
        pos.play_unchecked(m);
    }
    let before_last = pos.clone();
    if !pos.is_legal(last) {
        return None;
    }
    pos.play_unchecked(last);
    (pos.key() == start.key()).then_some(before_last)
}

/// Labels `moves[from..]`, played from `pos` (the position after
/// `moves[..from]`), after the labels `kinds` of the moves before. A move
/// labelled before under the same rules, in the same position and after the
/// same move, gets the label it got then ([`Labelled`]). `before_last` is
/// the position before the last move: a mate threat is asked whether that
/// move, the opponent's, made it (自毙, 图13).
fn label_moves(
    rules: &Rulebook,
    mut pos: Position,
    mut before_last: Option<Position>,
    moves: &[Move],
    from: usize,
    kinds: &mut Vec<MoveKind>,
) -> Result<(), IllegalMoveError> {
    for (i, &m) in moves.iter().enumerate().skip(from) {
        if !pos.is_legal(m) {
            return Err(IllegalMoveError { ply: i + 1, mv: m });
        }
        let mut kind = Labelled::classify(rules, &pos, m);
        if kind.label == Label::MateThreat
            && before_last
                .as_ref()
                .is_some_and(|b| newness::threat_given_by_opponent(b, &pos, m))
        {
            kind = kind::classify_with(rules, &pos, m, true);
        }
        before_last = Some(pos.clone());
        kinds.push(kind);
        pos.play_unchecked(m);
    }
    Ok(())
}

/// The labels this thread has found lately, by rules, position and move —
/// all that [`classify`] depends on. So a repetition,
/// which is its cycle played again, is labelled once, and a line judged again
/// with one move more (the analysis board, the arbiter's table: each new move
/// re-judges the game) labels only the new move: the others keep their
/// labels. A direct-mapped table: a label that lands on an occupied slot
/// replaces it, and forgetting only costs time.
struct Labelled;

/// One remembered label: what it was asked for, and the answer.
type Remembered = (Rulebook, u64, Move, MoveKind);

/// Slots in the table (a power of two).
const LABEL_SLOTS: usize = 1 << 10;

thread_local! {
    static LABELS: std::cell::RefCell<Vec<Option<Remembered>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

impl Labelled {
    /// [`classify`], answered from the table when it was asked before.
    fn classify(rules: &Rulebook, pos: &Position, m: Move) -> MoveKind {
        let key = pos.key();
        let slot = {
            let mixed = key ^ (u64::from(m.from.index()) << 7 | u64::from(m.to.index())) << 40;
            (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize & (LABEL_SLOTS - 1)
        };
        let known = LABELS.with(|t| {
            t.borrow().get(slot).and_then(|e| {
                e.as_ref()
                    .filter(|(r, k, mv, _)| r == rules && *k == key && *mv == m)
                    .map(|e| e.3.clone())
            })
        });
        known.unwrap_or_else(|| {
            let kind = classify(rules, pos, m);
            LABELS.with(|t| {
                let mut t = t.borrow_mut();
                if t.is_empty() {
                    t.resize(LABEL_SLOTS, None);
                }
                t[slot] = Some((*rules, key, m, kind.clone()));
            });
            kind
        })
    }
}

/// The ruling and the verdict under `rules` of a game already adjudicated
/// under another edition (`labelled`, from the same `start` and `moves`).
///
/// Only the moves since the first occurrence of the last position are
/// labelled again: the cycle and every span a verdict weighs (24) lie there,
/// and before it a move counts only towards the natural limit (4.2.4, 23.3),
/// by whether it checks or captures, which no rulebook changes. So the other
/// editions' rulings of a whole game cost a few moves each, not the game.
pub fn ruling_under(
    rules: &Rulebook,
    start: &Position,
    moves: &[Move],
    labelled: &Adjudication,
) -> Result<(Ruling, Ruling), IllegalMoveError> {
    let judged = |a: Adjudication| (a.ruling, a.verdict);
    if labelled.moves.len() != moves.len() {
        return adjudicate_under(rules, start, moves).map(judged);
    }
    let mut keys = Vec::with_capacity(moves.len() + 1);
    let mut pos = start.clone();
    keys.push(pos.key());
    for &m in moves {
        pos.play_unchecked(m);
        keys.push(pos.key());
    }
    let last = keys[moves.len()];
    let from = keys.iter().position(|&k| k == last).unwrap_or(moves.len());
    let mut pos = start.clone();
    let mut before_last = if from == 0 {
        before_the_cycle(start, moves)
    } else {
        None
    };
    for (i, &m) in moves[..from].iter().enumerate() {
        // Only the last move before `from` may have made the threat of the
        // move after it.
        if i + 1 == from {
            before_last = Some(pos.clone());
        }
        pos.play_unchecked(m);
    }
    let mut kinds = labelled.moves[..from].to_vec();
    label_moves(rules, pos, before_last, moves, from, &mut kinds)?;
    Ok(judged(judge(rules, start, moves, kinds)))
}

/// Every repetition in a game: for each ply whose position occurred before,
/// the adjudication of the game as if it had stopped there (ply, judgement).
/// Moves are classified once.
pub fn repetitions(
    edition: Edition,
    start: &Position,
    moves: &[Move],
) -> Result<Vec<(usize, Adjudication)>, IllegalMoveError> {
    let rules = edition.rulebook();
    let mut kinds = Vec::with_capacity(moves.len());
    label_moves(rules, start.clone(), None, moves, 0, &mut kinds)?;
    let mut pos = start.clone();
    let mut keys = vec![pos.key()];
    for &m in moves {
        pos.play_unchecked(m);
        keys.push(pos.key());
    }
    Ok((1..keys.len())
        .filter(|&end| keys[..end].contains(&keys[end]))
        .map(|end| {
            let a = judge(rules, start, &moves[..end], kinds[..end].to_vec());
            (end, a)
        })
        .collect())
}

/// Finds the cycle, rules on it and decides the verdict, given every move's
/// classification.
fn judge(
    rules: &Rulebook,
    start: &Position,
    moves: &[Move],
    mut kinds: Vec<MoveKind>,
) -> Adjudication {
    let mut pos = start.clone();
    let mut keys = vec![pos.key()];
    let mut checks_since_capture = [0u32; 2];
    let mut plies_since_capture = start.halfmoves();
    // The position (index into `keys`) at which the natural limit was first
    // reached since the last capture, if it has been.
    let mut limit_reached_at = None;
    for (&m, kind) in moves.iter().zip(&kinds) {
        if pos.capture_of(m).is_some() {
            checks_since_capture = [0, 0];
            plies_since_capture = 0;
            limit_reached_at = None;
        } else {
            plies_since_capture += 1;
        }
        if kind.check {
            checks_since_capture[kind.mover.index()] += 1;
        }
        pos.play_unchecked(m);
        keys.push(pos.key());
        if limit_reached_at.is_none()
            && natural_limit_reached(rules, plies_since_capture, checks_since_capture)
        {
            limit_reached_at = Some(keys.len() - 1);
        }
    }

    let cycle = cycle::find_cycle(rules, &keys, &kinds);
    // 27.2 (1999 图十三): in a mutual perpetual attack the pawn's moves are
    // chases — wherever the game played them: the same move from the same
    // position in an earlier round of the cycle is the same chase (probe
    // z128-08: labelled 闲 in the first round and 捉 in the last).
    if let Some(c) = &cycle {
        let len = c.end - c.start;
        for i in (0..c.end).rev() {
            let counted = if i >= c.start {
                c.side(kinds[i].mover).pawn_chases_counted
            } else {
                keys[i] == keys[i + len]
                    && moves[i] == moves[i + len]
                    && kinds[i + len].reason == kind::MoveReason::MutualPawnChase
            };
            let k = &mut kinds[i];
            if counted && k.label == Label::Idle && k.pawn_chase_only() {
                k.label = Label::Chase;
                k.idle = None;
                k.idle_targets.clear();
                k.trades.clear();
                k.reason = kind::MoveReason::MutualPawnChase;
            }
        }
    }
    let (ruling, ruling_reason) = match &cycle {
        Some(c) => {
            let (r, why) = verdict::rule_cycle(c);
            (r, Some(why))
        }
        None => (Ruling::None, None),
    };

    let (verdict, verdict_reason) = match pos.outcome() {
        Some(Outcome::Decisive { winner, reason }) => (
            Ruling::Loses(winner.other()),
            Some(match reason {
                DecisiveReason::Checkmate => VerdictReason::Checkmate,
                DecisiveReason::Stalemate => VerdictReason::Stalemate,
            }),
        ),
        Some(Outcome::InsufficientMaterial) => {
            (Ruling::Draw, Some(VerdictReason::InsufficientMaterial))
        }
        // Whichever ended the game first: a repetition ruling, or the natural
        // limit (a repetition that binds only after the limit was reached
        // comes too late).
        None => match (
            cycle
                .as_ref()
                .and_then(|c| binding_repetition(rules, c, ruling, &keys, &kinds)),
            limit_reached_at,
        ) {
            (Some((r, why, at)), limit) if limit.is_none_or(|l| l >= at) => (r, Some(why)),
            (_, Some(_)) => (Ruling::Draw, Some(VerdictReason::NaturalLimit)),
            _ => (Ruling::None, None),
        },
    };

    let arbiter = match (&cycle, ruling) {
        (Some(c), Ruling::Loses(loser)) => c
            .side(loser)
            .plies
            .iter()
            .find_map(|&i| kinds[i].arbiter.filter(|_| kinds[i].label == Label::Chase)),
        _ => None,
    };
    Adjudication {
        rules: *rules,
        moves: kinds,
        cycle,
        ruling,
        ruling_reason,
        verdict,
        verdict_reason,
        arbiter,
    }
}

/// 4.2.4 with 23.3: 60 rounds without a capture draw; when a side claims, at
/// most [`Rulebook::own_checks_counted_toward_limit`] of its own checks are
/// counted. The draw stands if either side's claim would hold.
fn natural_limit_reached(rules: &Rulebook, plies: u32, checks: [u32; 2]) -> bool {
    let limit = rules.natural_limit_plies;
    let Some(counted) = rules.own_checks_counted_toward_limit else {
        return plies >= limit;
    };
    Color::ALL.iter().any(|c| {
        let own = checks[c.index()];
        plies - own.saturating_sub(counted).min(plies) >= limit
    })
}

/// The verdict of a repetition, if one binds now (24), and the position
/// (index into `keys`) at which it first bound. A ruling binds once the
/// position has occurred as often as the edition requires for it, and the
/// moves since the first of those occurrences, taken together, give that
/// ruling. If they are the cycle repeated, that is `ruling`, the ruling on the
/// cycle; if they vary, a side that attacked in the last cycle only has not
/// attacked perpetually (Fairy-Stockfish, too, judges everything since the
/// first occurrence it counts).
fn binding_repetition(
    rules: &Rulebook,
    cycle: &Cycle,
    ruling: Ruling,
    keys: &[u64],
    kinds: &[MoveKind],
) -> Option<(Ruling, VerdictReason, usize)> {
    let last = keys[cycle.end];
    let occurrence = |n: usize| (0..=cycle.end).filter(|&i| keys[i] == last).nth(n);
    (2..=cycle.occurrences).find_map(|need| {
        let first = occurrence(cycle.occurrences - need)?;
        let span = cycle::judge_span(rules, first, cycle.end, cycle.occurrences, kinds);
        let (r, why) = verdict::rule_cycle(&span);
        // Bound first at the need-th occurrence, if the earlier cycles were alike.
        let at = occurrence(need - 1)?;
        let reason = if r == ruling {
            VerdictReason::Repetition
        } else {
            VerdictReason::VariedRepetition
        };
        (verdict::occurrences_to_bind(rules, why) == need).then_some((r, reason, at))
    })
}

/// Tests: the position reached from `fen` (a composed position allowed) by
/// the ICCS moves of `line`.
#[cfg(test)]
pub(crate) fn after_line(fen: &str, line: &str) -> Position {
    let start = crate::fen::position(fen, crate::Tolerance::COMPOSED).unwrap();
    crate::iccs::parse_line(&start, line)
        .unwrap()
        .into_iter()
        .fold(start, |p, m| p.play(m).unwrap())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, iccs, Tolerance};

    fn game(edition: Edition, f: &str, moves: &str) -> Adjudication {
        let pos = fen::position(f, Tolerance::COMPOSED).unwrap();
        let moves = iccs::parse_line(&pos, moves).unwrap();
        adjudicate(edition, &pos, &moves).unwrap()
    }

    /// Under both CXA editions, the second of `moves` played from `f` is idle
    /// for `reason`, and the cycle a draw.
    fn second_move_idle_in_a_draw(f: &str, moves: &str, reason: MoveReason) {
        for edition in [Edition::Cxa2020, Edition::Cxa1999] {
            let a = game(edition, f, moves);
            let k = &a.moves[1];
            assert_eq!((k.label, k.reason), (Label::Idle, reason), "{edition:?}");
            assert_eq!(a.ruling, Ruling::Draw, "{edition:?}");
        }
    }

    /// 自毙 (CXA 2020 图13 "红方车五平六将军，造成黑方车5平6有杀，属红方自毙"),
    /// answered by the advisor instead of the king (a probe, z88-01): the
    /// answer keeps the mate the check made and adds none — idle, though the
    /// same move asked without the check before it threatens mate. A block
    /// that also unmasks a second mating rook adds its own (图19 "应将后增加了
    /// …杀着", z88-07): 杀.
    #[test]
    fn a_mate_threat_the_check_made_is_no_threat_of_the_answer() {
        let f = "3k1ab2/4a4/4c4/4R3p/3PC4/4r4/8P/9/9/5K3 w";
        second_move_idle_in_a_draw(f, "e6d6 e8d7 d6e6 d7e8", MoveReason::ThreatGivenByCheck);
        let checked = fen::position(
            "3k1ab2/4a4/4c4/3R4p/3PC4/4r4/8P/9/9/5K3 b",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let alone = classify(
            Edition::Cxa2020.rulebook(),
            &checked,
            iccs::parse_move(&checked, "e8d7").unwrap(),
        );
        assert_eq!(alone.label, Label::MateThreat);
        let adds = game(
            Edition::Cxa2020,
            "3k5/9/9/9/4c2r1/6c1r/5R3/4B4/9/5KB2 w",
            "f3d3 g4d4",
        );
        assert_eq!(adds.moves[1].label, Label::MateThreat);
    }

    /// 自毙 without a check (probe z88-11): red's quiet rook move leaves the
    /// file its king needs, and black's unrelated horse move only keeps the
    /// mate red opened: idle, and the cycle a draw. The same horse move with
    /// the rook off the file before red's last move (an elephant's) is 杀:
    /// the threat stood, black's own.
    #[test]
    fn a_mate_threat_the_opponents_move_made_is_no_threat_of_the_next() {
        let f = "3k5/9/1n7/3P5/4c4/7r1/5R3/4B4/9/5KB2 w";
        second_move_idle_in_a_draw(f, "f3a3 b7d8 a3f3 d8b7", MoveReason::ThreatGivenByMove);
        let own = game(
            Edition::Cxa2020,
            "3k5/9/1n7/3P5/4c4/7r1/R8/4B4/9/5KB2 w",
            "g0i2 b7d8",
        );
        assert_eq!(own.moves[1].label, Label::MateThreat);
    }

    /// 自毙 asks whether the opponent's move made the mate, named by the
    /// check that starts it (图13 "车5平6有杀"). Black's cannon interposes on
    /// red's rook file and only delays the rook's mate by one check (probe
    /// z101-01): the rook's check still starts a mate, red's own — red's
    /// horse move is 杀, and red's 长杀 must vary. A mate black's move did not
    /// make is no 自毙, however much slower it became.
    #[test]
    fn a_mate_the_opponent_only_delays_stays_the_movers_own() {
        let f = "3k5/4P4/6c2/3p5/R8/9/9/9/9/1N2K4 w";
        for edition in [Edition::Cxa2020, Edition::Cxa1999] {
            let a = game(edition, f, "b0c2 g7c7 c2b0 c7g7");
            assert_eq!(a.moves[2].label, Label::MateThreat, "{edition:?}");
            assert_eq!(a.ruling, Ruling::Loses(Color::Red), "{edition:?}");
        }
    }

    /// A cycle has no first move: the move before its first listed move is
    /// its own last one (24 "循环"), which 图13's 自毙 asks about (probe
    /// z101-08). Red's horse step b4-a6 opens the a-file to black's rook;
    /// black's horse move h8-g6, listed first, only keeps that mate: idle,
    /// as it is when the cycle is entered a move earlier — and a draw. A list
    /// that does not come back to its start has no such move before it.
    #[test]
    fn the_first_move_of_a_cycle_follows_the_cycles_last() {
        let f = "r4k3/7n1/9/8C/9/1N7/9/3p5/4A4/3K5 b";
        second_move_idle_in_a_draw(
            "r4k3/7n1/9/N7C/9/9/9/3p5/4A4/3K5 w",
            "a6b4 h8g6 b4a6 g6h8",
            MoveReason::ThreatGivenByMove,
        );
        let cycle = game(Edition::Cxa2020, f, "h8g6 b4a6 g6h8 a6b4");
        assert_eq!(cycle.moves[0].label, Label::Idle);
        assert_eq!(cycle.ruling, Ruling::Draw);
        let not_a_cycle = game(Edition::Cxa2020, f, "h8g6 b4a6 g6h8");
        assert_eq!(not_a_cycle.moves[0].label, Label::MateThreat);
    }

    /// The checker itself, put by its own check where a check that stood
    /// ready wins it, is not chased by the answer (自毙, 图13, read for a
    /// chase; probes z88-02 and its colours swapped, z88-10): the horse's
    /// block is idle, and black's one chase beside it is allowed. From a real
    /// game (xq001020): the rook takes the elephant with check, and the
    /// advisor's block, after which 炮三平五 would win the rook, is idle too.
    #[test]
    fn the_checker_lost_to_a_ready_check_is_not_chased_by_the_answer() {
        for (f, moves) in [
            (
                "3k5/9/1n7/3P5/4c4/7r1/5C3/4B4/9/5KB2 w",
                "f3d3 b7d8 d3f3 d8b7",
            ),
            (
                "5kb2/9/4b4/5c3/7R1/4C4/3p5/1N7/9/3K5 b",
                "f6d6 b2d1 d6f6 d1b2",
            ),
        ] {
            for edition in [Edition::Cxa2020, Edition::Cxa1999] {
                let a = game(edition, f, moves);
                assert_eq!(a.moves[1].label, Label::Idle, "{edition:?} {f}");
                assert!(a.moves[1].chases.is_empty(), "{edition:?} {f}");
                assert_eq!(a.ruling, Ruling::Draw, "{edition:?} {f}");
            }
        }
        let block = game(
            Edition::Cxa2020,
            "2baka3/2c6/4b4/2p5p/p6N1/6C1P/P3P4/4r1N2/3n3R1/2BAKA3 w",
            "d0e1",
        );
        assert_eq!(
            (block.moves[0].label, block.moves[0].reason),
            (Label::Idle, MoveReason::ChaseNotNew)
        );
    }

    #[test]
    fn natural_limit_counts_at_most_ten_own_checks() {
        assert!(natural_limit_reached(&Rulebook::CXA1999, 120, [0, 0]));
        assert!(!natural_limit_reached(&Rulebook::CXA1999, 119, [0, 0]));
        // Red checked 15 times in 124 plies: red's claim counts 119, black's 124.
        assert!(natural_limit_reached(&Rulebook::CXA1999, 124, [15, 0]));
        // Both checked a lot: neither claim reaches 120.
        assert!(!natural_limit_reached(&Rulebook::CXA1999, 124, [15, 15]));
        assert!(natural_limit_reached(&Rulebook::AXF, 124, [15, 15]));
    }

    #[test]
    fn verdicts_at_the_end_of_a_game() {
        // Red mates with the rook on the back rank.
        let a = game(Edition::Cxa1999, "4ka3/4a4/9/9/9/9/9/9/9/R3K4 w", "a0a9");
        assert_eq!(
            (a.verdict, a.verdict_reason),
            (Ruling::Loses(Color::Black), Some(VerdictReason::Checkmate))
        );
        // Nothing but kings and guards: nobody can win.
        let a = game(Edition::Cxa1999, "3ak4/9/9/9/9/9/9/9/4A4/3K5 w", "e1f2");
        assert_eq!(a.verdict_reason, Some(VerdictReason::InsufficientMaterial));
        // No cycle, no ruling.
        let a = game(Edition::Axf, fen::START, "h2e2 h9g7");
        assert_eq!(
            (a.ruling, a.verdict, a.cycle.is_none()),
            (Ruling::None, Ruling::None, true)
        );
    }

    #[test]
    fn repetition_binds_at_the_edition_s_count() {
        let f = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
        let cycle = "f0e0 e8f8 e0f0 f8e8 ";
        // Third occurrence: AXF binds, CXA does not yet (24).
        let a = game(Edition::Axf, f, &cycle.repeat(2));
        assert_eq!(a.verdict, Ruling::Loses(Color::Red));
        let a = game(Edition::Cxa1999, f, &cycle.repeat(2));
        assert_eq!(
            (a.ruling, a.verdict),
            (Ruling::Loses(Color::Red), Ruling::None)
        );
        // Fourth occurrence: the perpetual check loses under CXA.
        let a = game(Edition::Cxa1999, f, &cycle.repeat(3));
        assert_eq!(a.verdict, Ruling::Loses(Color::Red));
        assert_eq!(a.cycle.as_ref().map(|c| c.occurrences), Some(4));
    }

    #[test]
    fn a_varied_repetition_is_judged_on_all_its_moves() {
        // The rook chases the unprotected cannon back and forth (A), or both
        // kings step out and back (B); each returns to the same position.
        let f = "8c/4k4/9/8R/9/9/9/9/9/3K5 b";
        let (a, b) = ("i9h9 i6h6 h9i9 h6i6", "e8e7 d0d1 e7e8 d1d0");
        let g = game(Edition::Axf, f, &format!("{a} {a}"));
        assert_eq!(
            (g.verdict, g.verdict_reason),
            (Ruling::Loses(Color::Red), Some(VerdictReason::Repetition))
        );
        // Chasing in the last cycle only is no perpetual chase yet: a draw
        // at the third occurrence (as Fairy-Stockfish rules it), although
        // the ruling on the cycle says red must vary.
        let g = game(Edition::Axf, f, &format!("{b} {a}"));
        assert_eq!(g.ruling, Ruling::Loses(Color::Red));
        assert_eq!(
            (g.verdict, g.verdict_reason),
            (Ruling::Draw, Some(VerdictReason::VariedRepetition))
        );
        // CXA: a forbidden side loses at the fifth occurrence, a draw binds at
        // the fourth. After an idle cycle and three chasing ones, red must
        // vary (pending, not yet lost), and no draw binds either.
        let g = game(Edition::Cxa1999, f, &format!("{b} {a} {a} {a}"));
        assert_eq!(
            (g.ruling, g.verdict),
            (Ruling::Loses(Color::Red), Ruling::None)
        );
        let g = game(Edition::Cxa1999, f, &format!("{b} {a} {a} {a} {a}"));
        assert_eq!(
            (g.verdict, g.verdict_reason),
            (Ruling::Loses(Color::Red), Some(VerdictReason::Repetition))
        );
        // Chases in the first and last cycles with idle ones between: the
        // last four occurrences (since move 5) make a draw, not a chase.
        let g = game(Edition::Cxa1999, f, &format!("{a} {b} {b} {a}"));
        assert_eq!(
            (g.verdict, g.verdict_reason),
            (Ruling::Draw, Some(VerdictReason::VariedRepetition))
        );
    }

    #[test]
    fn the_first_of_repetition_and_natural_limit_decides() {
        // Red's rook chases the cannon; the third occurrence comes at ply 8.
        let chase = "i9h9 i6h6 h9i9 h6i6 i9h9 i6h6 h9i9 h6i6";
        let verdict = |halfmoves: u32| {
            let f = format!("8c/4k4/9/8R/9/9/9/9/9/3K5 b - - {halfmoves} 1");
            let g = game(Edition::Axf, &f, chase);
            (g.verdict, g.verdict_reason)
        };
        // 120 plies without a capture are reached at ply 6: the game was drawn.
        assert_eq!(
            verdict(114),
            (Ruling::Draw, Some(VerdictReason::NaturalLimit))
        );
        // Both at ply 8: the repetition ruling stands.
        assert_eq!(
            verdict(112),
            (Ruling::Loses(Color::Red), Some(VerdictReason::Repetition))
        );
    }

    #[test]
    fn repetitions_lists_every_recurrence() {
        let pos = fen::position("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", Tolerance::COMPOSED).unwrap();
        let moves = iccs::parse_line(&pos, "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8").unwrap();
        let found = repetitions(Edition::Cxa1999, &pos, &moves).unwrap();
        let plies: Vec<usize> = found.iter().map(|(p, _)| *p).collect();
        assert_eq!(plies, [4, 5, 6]);
        assert!(found
            .iter()
            .all(|(_, a)| a.ruling == Ruling::Loses(Color::Red)));
    }
}
