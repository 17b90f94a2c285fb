//! The adjudication as a plain data tree — the shape `qili adjudicate` prints
//! as JSON and the JS API returns. Labels, kinds, roots, methods, patterns
//! and squares stay the engine's types; texts (notation, explanations) are
//! rendered here, once. Serializable with the `serde` feature, each type as
//! the string the JSON contract names it by (see `codes.rs`).

use super::chase::{Method, Root, Target};
use super::clause::Clause;
use super::cycle::{Pattern, SideInCycle};
use super::explain::{explain, explain_move, Text};
use super::kind::{ArbiterNote, IdleKind, Label, MoveKind, MoveReason};
use super::lines::{balance, claims, ClaimLine};
use super::verdict::Ruling;
use super::{Adjudication, Edition, Rulebook, VerdictReason};
use crate::{fen, wxf, zh, Color, Move, Piece, Position, Square};

#[cfg(feature = "serde")]
use serde::Serialize;

/// A text in Chinese and English.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Bilingual {
    /// Chinese.
    pub zh: String,
    /// English.
    pub en: String,
}

impl From<Text> for Bilingual {
    fn from(t: Text) -> Bilingual {
        Bilingual { zh: t.zh, en: t.en }
    }
}

/// One chased piece.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct ChaseReport {
    /// Its square.
    pub square: Square,
    /// The piece.
    pub piece: Piece,
    /// Squares of the pieces that would take it.
    pub attackers: Vec<Square>,
    /// How it is won (29.1): `direct`, `exchange` or `through_check` in JSON
    /// (the check has its own field).
    pub method: Method,
    /// For `through_check`: the checking move.
    pub check: Option<Move>,
    /// Its protection (28.16): `none`, `false`, `insufficient` or `outvalued` in JSON.
    pub root: Root,
    /// Its defenders by the movement rules.
    pub protectors: Vec<Square>,
    /// Material won (rook 4, horse/cannon 2, advisor/elephant/crossed pawn 1).
    pub gain: i32,
    /// Only the king attacks it (27.1).
    pub king_only: bool,
    /// Only pawns attack it (27.2).
    pub pawn_only: bool,
    /// The line that wins it, from the position after the move with the
    /// chasing side to move again: the capture and the exchange that
    /// follows, or the checks, the defender's best replies and the capture.
    pub line: Vec<Move>,
    /// The material the chasing side wins by playing `line` (rook 4,
    /// horse/cannon 2, advisor/elephant/crossed pawn 1).
    pub balance: i32,
    /// For `through_check`: after `check`, some of the defender's replies on
    /// the way were left out because the checks then mate (29.1) — replies
    /// the defender would not play.
    pub mates_aside: bool,
}

/// One move.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct MoveReport {
    /// 1-based ply.
    pub ply: usize,
    /// Who played it (`red` or `black` in JSON).
    pub side: Color,
    /// ICCS.
    pub iccs: String,
    /// Chinese notation.
    pub zh: String,
    /// WXF notation.
    pub wxf: String,
    /// 将, 杀, 捉 or 闲.
    pub label: Label,
    /// 兑, 献, 拦, 跟 or null (only for 闲).
    pub sub: Option<IdleKind>,
    /// Squares the label is about: the king checked, the pieces chased, the
    /// pieces an idle kind concerns.
    pub targets: Vec<Square>,
    /// New chases (29.2), with how and why.
    pub chases: Vec<ChaseReport>,
    /// Lines about the other pieces the move concerns: the trade of a 兑,
    /// the capture a 献 offers, the recapture that keeps an attacked piece
    /// safe, the mate after a capture (29.4).
    pub claims: Vec<ClaimLine>,
    /// Pieces attacked before and after (从捉到捉).
    pub standing: Vec<Square>,
    /// The threatened mating line, for 杀.
    pub mate_line: Option<Vec<Move>>,
    /// The clause that decided the label.
    pub clause: &'static str,
    /// A judgement left to the arbiter, if any (`27.3` in JSON).
    pub arbiter: Option<ArbiterNote>,
    /// Why, in words (empty without the `explain` feature).
    pub explanation: Bilingual,
}

/// One side in the cycle.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct SideReport {
    /// The pattern (its rulebook name in JSON: 长将, 长捉, 一将一捉, 闲 …).
    pub pattern: Pattern,
    /// Its English name.
    pub pattern_en: &'static str,
    /// `true` if forbidden (25.2).
    pub forbidden: bool,
    /// Plies (1-based) of this side's moves in the cycle.
    pub plies: Vec<usize>,
    /// The label each counts as in the cycle.
    pub labels: Vec<Label>,
    /// AXF: the piece chased throughout, if any.
    pub common_target: Option<Square>,
}

/// The repetition.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct CycleReport {
    /// First ply of the cycle (1-based).
    pub first_ply: usize,
    /// Last ply of the cycle (1-based).
    pub last_ply: usize,
    /// How many times the final position has occurred.
    pub occurrences: usize,
    /// Red's part.
    pub red: SideReport,
    /// Black's part.
    pub black: SideReport,
    /// The clause of the ruling.
    pub clause: Option<&'static str>,
}

/// The whole adjudication.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Report {
    /// The edition (`cxa1999`, `cxa2020`, `axf` in JSON).
    pub rules: Edition,
    /// The start position (FEN).
    pub fen: String,
    /// The position reached (FEN).
    pub final_fen: String,
    /// The ruling if the cycle continues (`red_loses`, `black_loses`, `draw`
    /// or `none` in JSON).
    pub ruling: Ruling,
    /// The result binding now, under the edition's counting.
    pub verdict: Ruling,
    /// Why the verdict: `checkmate`, `stalemate`, `insufficient_material`,
    /// `natural_limit`, `repetition`, `varied_repetition` (the count is reached
    /// but the cycles differed: all moves since the first occurrence counted
    /// are judged together), or null.
    pub verdict_reason: Option<VerdictReason>,
    /// Every move.
    pub moves: Vec<MoveReport>,
    /// The repetition, if the final position occurred before.
    pub cycle: Option<CycleReport>,
    /// The clause an arbiter must apply before the ruling stands (`27.3`), if any.
    pub arbiter: Option<ArbiterNote>,
    /// The explanation (empty without the `explain` feature).
    pub explanation: Bilingual,
}

fn chase_report(again: Option<&Position>, t: &Target) -> ChaseReport {
    ChaseReport {
        balance: again.map_or(0, |p| balance(p, &t.line)),
        line: t.line.clone(),
        mates_aside: t.mates_aside,
        square: t.square,
        piece: t.piece,
        attackers: t.attackers.clone(),
        method: t.method,
        check: t.method.check(),
        root: t.root,
        protectors: t.protectors.clone(),
        gain: t.gain,
        king_only: t.king_only,
        pawn_only: t.pawn_only,
    }
}

/// The clause that decided a move's label.
fn clause(kind: &MoveKind) -> Clause {
    match kind.reason {
        MoveReason::GivesCheck => Clause::Check,
        MoveReason::ThreatensMate
        | MoveReason::ThreatGivenByCheck
        | MoveReason::ThreatGivenByMove => Clause::MateThreat,
        MoveReason::NewChase | MoveReason::ChaseNotNew | MoveReason::JointChase => Clause::NewChase,
        MoveReason::KingAlone | MoveReason::KingAnswersCheck => Clause::KingAlone,
        MoveReason::PawnAlone | MoveReason::MutualPawnChase => Clause::PawnAlone,
        MoveReason::DefensivePoint => Clause::DefensivePoint,
        MoveReason::NothingAttacked => kind.idle.map_or(Clause::Idle, Clause::of_idle),
    }
}

fn move_report(rules: &Rulebook, ply: usize, before: &Position, kind: &MoveKind) -> MoveReport {
    let m: Move = kind.mv;
    let sub = if kind.label == Label::Idle {
        kind.idle
    } else {
        None
    };
    let targets = match kind.label {
        Label::Check | Label::MateThreat => vec![before.king(kind.mover.other())],
        Label::Chase => kind.counted_chases().map(|t| t.square).collect(),
        Label::Idle => kind.idle_targets.clone(),
    };
    // The lines start after the move (with the `lines` feature only).
    let (claims, again) = if cfg!(feature = "lines") {
        let after = before.after(m);
        (claims(rules, before, &after, kind), after.pass())
    } else {
        (Vec::new(), None)
    };
    MoveReport {
        ply,
        side: kind.mover,
        iccs: m.to_string(),
        zh: zh::write_move(before, m),
        wxf: wxf::write_move(before, m),
        label: kind.label,
        sub,
        targets,
        chases: kind
            .chases
            .iter()
            .map(|t| chase_report(again.as_ref(), t))
            .collect(),
        claims,
        standing: kind.standing.clone(),
        mate_line: kind.mate_line.clone(),
        clause: rules.cite(clause(kind)),
        arbiter: kind.arbiter,
        explanation: explained(|| explain_move(rules, before, kind)),
    }
}

/// The explanation `text` gives, with the `explain` feature; empty without
/// it (the site's first load, whose Export module fills it in).
fn explained(text: impl FnOnce() -> Text) -> Bilingual {
    if cfg!(feature = "explain") {
        text().into()
    } else {
        Text::default().into()
    }
}

fn side_report(s: &SideInCycle) -> SideReport {
    SideReport {
        pattern: s.pattern,
        pattern_en: s.pattern.en(),
        forbidden: s.pattern.is_forbidden(),
        plies: s.plies.iter().map(|i| i + 1).collect(),
        labels: s.effective.clone(),
        common_target: s.common_target,
    }
}

impl Report {
    /// Builds the report of `a`, adjudicated from `start`.
    pub fn new(start: &Position, a: &Adjudication) -> Report {
        let rules = &a.rules;
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(a.moves.len());
        for (i, kind) in a.moves.iter().enumerate() {
            moves.push(move_report(rules, i + 1, &pos, kind));
            pos.play_unchecked(kind.mv);
        }
        Report {
            rules: a.rules.edition,
            fen: fen::write(start),
            final_fen: fen::write(&pos),
            ruling: a.ruling,
            verdict: a.verdict,
            verdict_reason: a.verdict_reason,
            moves,
            cycle: a.cycle.as_ref().map(|c| CycleReport {
                first_ply: c.start + 1,
                last_ply: c.end,
                occurrences: c.occurrences,
                red: side_report(&c.red),
                black: side_report(&c.black),
                clause: a.ruling_reason.map(|r| rules.cite(r.clause())),
            }),
            arbiter: a.arbiter,
            explanation: explained(|| explain(a)),
        }
    }
}
