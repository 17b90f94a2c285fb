//! The adjudication as a plain data tree — the shape `qili adjudicate` prints
//! as JSON and the JS API returns. Strings are rendered here, once, from the
//! engine's data. Serializable with the `serde` feature.

use super::chase::{Method, Root, Target};
use super::cycle::SideInCycle;
use super::explain::{explain, explain_move, Text};
use super::kind::{ArbiterNote, Label, MoveKind, Reason};
use super::{Adjudication, VerdictReason};
use crate::{fen, wxf, zh, Move, Position};

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
    /// Its square (ICCS).
    pub square: String,
    /// The piece (FEN letter).
    pub piece: String,
    /// Squares of the pieces that would take it.
    pub attackers: Vec<String>,
    /// `direct`, `exchange` or `through_check` (29.1).
    pub method: &'static str,
    /// For `through_check`: the checking move (ICCS).
    pub check: Option<String>,
    /// `none` (无根), `false` (假根), `insufficient` (少根) or `outvalued` (28.16).
    pub root: &'static str,
    /// Its defenders by the movement rules.
    pub protectors: Vec<String>,
    /// Material won (rook 4, horse/cannon 2, advisor/elephant/crossed pawn 1).
    pub gain: i32,
    /// Only the king attacks it (27.1).
    pub king_only: bool,
    /// Only pawns attack it (27.2).
    pub pawn_only: bool,
}

/// One move.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct MoveReport {
    /// 1-based ply.
    pub ply: usize,
    /// `red` or `black`.
    pub side: &'static str,
    /// ICCS.
    pub iccs: String,
    /// Chinese notation.
    pub zh: String,
    /// WXF notation.
    pub wxf: String,
    /// 将, 杀, 捉 or 闲.
    pub label: &'static str,
    /// 兑, 献, 拦, 跟 or null.
    pub sub: Option<&'static str>,
    /// Squares the label is about: the king checked, the pieces chased, the
    /// pieces an idle kind concerns.
    pub targets: Vec<String>,
    /// New chases (29.2), with how and why.
    pub chases: Vec<ChaseReport>,
    /// Pieces attacked before and after (从捉到捉).
    pub standing: Vec<String>,
    /// The threatened mating line (ICCS), for 杀.
    pub mate_line: Option<Vec<String>>,
    /// The clause that decided the label.
    pub clause: &'static str,
    /// A judgement left to the arbiter, if any.
    pub arbiter: Option<&'static str>,
    /// Why, in words.
    pub explanation: Bilingual,
}

/// One side in the cycle.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct SideReport {
    /// The pattern's rulebook name (长将, 长捉, 一将一捉, 闲 …).
    pub pattern: &'static str,
    /// Its English name.
    pub pattern_en: &'static str,
    /// `true` if forbidden (25.2).
    pub forbidden: bool,
    /// Plies (1-based) of this side's moves in the cycle.
    pub plies: Vec<usize>,
    /// The label each counts as in the cycle.
    pub labels: Vec<&'static str>,
    /// AXF: the piece chased throughout, if any.
    pub common_target: Option<String>,
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
    /// The edition (`cxa1999`, `cxa2020`, `axf`).
    pub rules: &'static str,
    /// The start position (FEN).
    pub fen: String,
    /// The position reached (FEN).
    pub final_fen: String,
    /// `red_loses`, `black_loses`, `draw` or `none`: the ruling if the cycle continues.
    pub ruling: &'static str,
    /// The result binding now, under the edition's counting.
    pub verdict: &'static str,
    /// Why the verdict: `checkmate`, `stalemate`, `insufficient_material`,
    /// `natural_limit`, `repetition`, `varied_repetition` (the count is reached
    /// but the cycles differed: all moves since the first occurrence counted
    /// are judged together), or null.
    pub verdict_reason: Option<&'static str>,
    /// Every move.
    pub moves: Vec<MoveReport>,
    /// The repetition, if the final position occurred before.
    pub cycle: Option<CycleReport>,
    /// The clause an arbiter must apply before the ruling stands (`27.3`), if any.
    pub arbiter: Option<&'static str>,
    /// The explanation.
    pub explanation: Bilingual,
}

fn sq_list(v: impl IntoIterator<Item = crate::Square>) -> Vec<String> {
    v.into_iter().map(|s| s.to_string()).collect()
}

fn chase_report(t: &Target) -> ChaseReport {
    let (method, check) = match t.method {
        Method::Direct => ("direct", None),
        Method::Exchange => ("exchange", None),
        Method::ThroughCheck(k) => ("through_check", Some(k.to_string())),
    };
    ChaseReport {
        square: t.square.to_string(),
        piece: t.piece.char().to_string(),
        attackers: sq_list(t.attackers.iter().copied()),
        method,
        check,
        root: match t.root {
            Root::None => "none",
            Root::False => "false",
            Root::Insufficient => "insufficient",
            Root::Outvalued => "outvalued",
        },
        protectors: sq_list(t.protectors.iter().copied()),
        gain: t.gain,
        king_only: t.king_only,
        pawn_only: t.pawn_only,
    }
}

fn clause(kind: &MoveKind) -> &'static str {
    match kind.reason {
        Reason::GivesCheck => "28.1",
        Reason::ThreatensMate => "28.2",
        Reason::NewChase => "29.2",
        Reason::ChaseNotNew | Reason::JointChase => "29.2",
        Reason::KingAlone => "27.1",
        Reason::PawnAlone | Reason::MutualPawnChase => "27.2",
        Reason::KingAnswersCheck => "27.1",
        Reason::DefensivePoint => "27.3",
        Reason::NothingAttacked => match kind.idle {
            Some(k) => match k {
                super::IdleKind::Exchange => "28.5",
                super::IdleKind::Offer => "28.6",
                super::IdleKind::Block => "28.7",
                super::IdleKind::Follow => "28.8",
            },
            None => "28.9",
        },
    }
}

fn move_report(ply: usize, before: &Position, kind: &MoveKind) -> MoveReport {
    let m: Move = kind.mv;
    let sub = if kind.label == Label::Idle {
        kind.idle.map(|k| k.zh())
    } else {
        None
    };
    let targets = match kind.label {
        Label::Check | Label::MateThreat => vec![before.king(kind.mover.other()).to_string()],
        Label::Chase => sq_list(kind.counted_chases().map(|t| t.square)),
        Label::Idle => sq_list(kind.idle_targets.iter().copied()),
    };
    MoveReport {
        ply,
        side: kind.mover.name(),
        iccs: m.to_string(),
        zh: zh::write_move(before, m),
        wxf: wxf::write_move(before, m),
        label: kind.label.zh(),
        sub,
        targets,
        chases: kind.chases.iter().map(chase_report).collect(),
        standing: sq_list(kind.standing.iter().copied()),
        mate_line: kind
            .mate_line
            .as_ref()
            .map(|l| l.iter().map(|m| m.to_string()).collect()),
        clause: clause(kind),
        arbiter: kind.arbiter.map(|a| match a {
            ArbiterNote::GuardsOnly => "27.3",
        }),
        explanation: explain_move(before, kind).into(),
    }
}

fn side_report(s: &SideInCycle) -> SideReport {
    SideReport {
        pattern: s.pattern.zh(),
        pattern_en: s.pattern.en(),
        forbidden: s.pattern.is_forbidden(),
        plies: s.plies.iter().map(|i| i + 1).collect(),
        labels: s.effective.iter().map(|l| l.zh()).collect(),
        common_target: s.common_target.map(|s| s.to_string()),
    }
}

impl Report {
    /// Builds the report of `a`, adjudicated from `start`.
    pub fn new(start: &Position, a: &Adjudication) -> Report {
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(a.moves.len());
        for (i, kind) in a.moves.iter().enumerate() {
            moves.push(move_report(i + 1, &pos, kind));
            pos.play_unchecked(kind.mv);
        }
        Report {
            rules: a.edition.name(),
            fen: fen::write(start),
            final_fen: fen::write(&pos),
            ruling: a.ruling.code(),
            verdict: a.verdict.code(),
            verdict_reason: a.verdict_reason.map(|r| match r {
                VerdictReason::Checkmate => "checkmate",
                VerdictReason::Stalemate => "stalemate",
                VerdictReason::InsufficientMaterial => "insufficient_material",
                VerdictReason::NaturalLimit => "natural_limit",
                VerdictReason::Repetition => "repetition",
                VerdictReason::VariedRepetition => "varied_repetition",
            }),
            moves,
            cycle: a.cycle.as_ref().map(|c| CycleReport {
                first_ply: c.start + 1,
                last_ply: c.end,
                occurrences: c.occurrences,
                red: side_report(&c.red),
                black: side_report(&c.black),
                clause: a
                    .ruling_reason
                    .map(|r| r.clause(a.edition.rulebook().clauses)),
            }),
            arbiter: a.arbiter.map(|_| "27.3"),
            explanation: explain(a).into(),
        }
    }
}
