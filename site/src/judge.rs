//! The bridge to the 棋例 engine: adjudicates a line once and turns the
//! engine's report into what the board and the panels draw. Every label,
//! pattern, ruling and explanation comes from `qili::rules`; nothing here
//! decides anything.

use std::sync::Arc;

use qili::rules::{adjudicate, Edition, IdleKind, Label, MoveReport, Report, Ruling};
use qili::{Move, Position};

use crate::board::{Overlay, Pieces};

/// A line judged under one edition: the positions it passes through and the
/// engine's report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged {
    /// The edition applied.
    pub edition: Edition,
    /// The moves.
    pub moves: Vec<Move>,
    /// `positions[i]` is the position after `i` moves (`positions[0]` the start).
    pub positions: Vec<Position>,
    /// The engine's report.
    pub report: Report,
}

impl Judged {
    /// Adjudicates `moves` from `start` under `edition`.
    pub fn new(edition: Edition, start: &Position, moves: &[Move]) -> Result<Judged, String> {
        let adjudication = adjudicate(edition, start, moves).map_err(|e| e.to_string())?;
        let report = Report::new(start, &adjudication);
        let mut positions = Vec::with_capacity(moves.len() + 1);
        let mut pos = start.clone();
        positions.push(pos.clone());
        for &m in moves {
            pos.play_unchecked(m);
            positions.push(pos.clone());
        }
        Ok(Judged {
            edition,
            moves: moves.to_vec(),
            positions,
            report,
        })
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// `true` without moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The position after `ply` moves (clamped to the line).
    pub fn position(&self, ply: usize) -> &Position {
        &self.positions[ply.min(self.moves.len())]
    }

    /// The report of the move that led to ply `ply` (1-based), if any.
    pub fn move_report(&self, ply: usize) -> Option<&MoveReport> {
        ply.checked_sub(1).and_then(|i| self.report.moves.get(i))
    }

    /// What the board draws after `ply` moves: the last move, its label, and
    /// for a chase the attackers' arrows, the chased pieces and their
    /// protectors (false roots apart).
    pub fn overlay(&self, ply: usize) -> Overlay {
        self.move_report(ply)
            .map(|m| Overlay::of_move(self.moves[ply - 1], m))
            .unwrap_or_default()
    }
}

/// The pieces of a position, for the board.
pub fn pieces(pos: &Position) -> Pieces {
    qili_diagram::svg::pieces(pos)
}

/// A shared judged line, cheap to clone into signals; equal when it is the
/// same judgement.
#[derive(Debug, Clone)]
pub struct Shared(pub Arc<Judged>);

impl PartialEq for Shared {
    fn eq(&self, other: &Shared) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl std::ops::Deref for Shared {
    type Target = Judged;
    fn deref(&self) -> &Judged {
        &self.0
    }
}

/// A move whose label differs between two judgements of the same line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelChange {
    /// 1-based ply.
    pub ply: usize,
    /// The move (Chinese notation).
    pub zh: String,
    /// Label and sub-label under the first judgement…
    pub before: (Label, Option<IdleKind>),
    /// …and under the second.
    pub after: (Label, Option<IdleKind>),
}

/// What changes from judgement `a` to judgement `b` of the same line: the
/// labels that differ, and the two rulings if they differ.
pub fn changes(a: &Report, b: &Report) -> (Vec<LabelChange>, Option<(Ruling, Ruling)>) {
    let labels = a
        .moves
        .iter()
        .zip(&b.moves)
        .filter(|(x, y)| x.label != y.label || x.sub != y.sub)
        .map(|(x, y)| LabelChange {
            ply: x.ply,
            zh: x.zh.clone(),
            before: (x.label, x.sub),
            after: (y.label, y.sub),
        })
        .collect();
    let ruling = (a.ruling != b.ruling).then_some((a.ruling, b.ruling));
    (labels, ruling)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::MarkKind;
    use crate::library;
    use qili::Square;

    fn judged(id: &str, edition: Option<Edition>) -> Judged {
        let case = library::find(id).unwrap();
        let (start, moves) = case.line().unwrap();
        Judged::new(edition.unwrap_or(case.edition()), &start, &moves).unwrap()
    }

    #[test]
    fn every_example_is_judged_under_every_edition() {
        for case in library::cases() {
            let (start, moves) = case.line().unwrap();
            for e in Edition::ALL {
                let j =
                    Judged::new(e, &start, &moves).unwrap_or_else(|e| panic!("{}: {e}", case.id));
                assert_eq!(j.positions.len(), moves.len() + 1);
                assert_eq!(j.report.moves.len(), moves.len());
                for ply in 0..=moves.len() {
                    let o = j.overlay(ply);
                    assert_eq!(o.last.is_some(), ply > 0);
                }
            }
        }
    }

    #[test]
    fn overlay_follows_the_report() {
        let j = judged("cxa1999-图一", None);
        assert_eq!(j.overlay(0), Overlay::default());
        for ply in 1..=j.len() {
            let m = j.move_report(ply).unwrap();
            let o = j.overlay(ply);
            let badge = o.badge.unwrap();
            assert_eq!(badge.label, m.label);
            assert_eq!(badge.square, j.moves[ply - 1].to);
            let targets: Vec<Square> = o
                .marks
                .iter()
                .filter(|k| k.kind == MarkKind::Target)
                .map(|k| k.square)
                .collect();
            assert_eq!(targets, m.targets);
        }
        // A chase draws an arrow from every attacker of every counted target.
        for case in library::cases() {
            let j = judged(case.id, None);
            for ply in 1..=j.len() {
                let m = j.move_report(ply).unwrap();
                if m.label != Label::Chase {
                    continue;
                }
                let o = j.overlay(ply);
                for c in m.chases.iter().filter(|c| m.targets.contains(&c.square)) {
                    for a in &c.attackers {
                        assert!(
                            o.arrows.iter().any(|x| x.from == *a && x.to == c.square),
                            "{} ply {ply}: no arrow {a}->{}",
                            case.id,
                            c.square
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn changes_compare_labels_and_rulings() {
        let a = judged("cxa1999-图一", Some(Edition::Cxa1999));
        assert_eq!(changes(&a.report, &a.report), (vec![], None));
        // Some example changes between editions (the library shows them).
        let differs = library::cases().iter().any(|c| {
            let x = judged(c.id, Some(Edition::Cxa2020));
            let y = judged(c.id, Some(Edition::Axf));
            let (labels, ruling) = changes(&x.report, &y.report);
            !labels.is_empty() || ruling.is_some()
        });
        assert!(differs);
    }
}
