//! A claim's line played out (issue 21, "show line"): which line of a
//! move's report a control asks for, the positions it passes through and
//! the step shown. Headless: [`crate::line_view`] draws it.
//!
//! The moves, the side that starts them and the material count are the
//! engine's (`MoveReport::chases[].line`, `mate_line`, `claims[]`, and
//! [`qili::rules::balance`]); this only steps through them.

use qili::rules::{balance, Claim, MoveReport};
use qili::{Color, Move, Piece, Position, Square};
use qili_diagram::{Arrow, ArrowKind, Mark, MarkKind, Overlay};

/// Which line of a move's report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// The line that wins the chased piece on the square.
    Chase(Square),
    /// The mating line of a 杀.
    Mate,
    /// A claim (兑, 献, protected, 29.4) about the piece on the square.
    Claim(Claim, Square),
}

/// Every kind of claim, in the order of the words about them
/// ([`crate::line_view::Words::claims`]).
pub const CLAIMS: [Claim; 4] = [Claim::Trade, Claim::Offer, Claim::Protected, Claim::Mated];

impl Which {
    /// The control's `data-line`: none for a chase, `mate`, or the claim's
    /// code (see [`qili_web::show_line`]).
    pub fn code(self) -> Option<&'static str> {
        match self {
            Which::Chase(_) => None,
            Which::Mate => Some("mate"),
            Which::Claim(c, _) => Some(c.code()),
        }
    }

    /// The square it is about (the control's `data-square`).
    pub fn square(self) -> Option<Square> {
        match self {
            Which::Chase(s) | Which::Claim(_, s) => Some(s),
            Which::Mate => None,
        }
    }

    /// Reads a control's `data-line` and `data-square` back (page markup,
    /// so anything unknown is `None`).
    pub fn parse(line: Option<&str>, square: Option<&str>) -> Option<Which> {
        if line == Some("mate") {
            return Some(Which::Mate);
        }
        let s = square?.parse().ok()?;
        match line {
            None => Some(Which::Chase(s)),
            Some(code) => CLAIMS
                .into_iter()
                .find(|c| c.code() == code)
                .map(|c| Which::Claim(c, s)),
        }
    }
}

/// A line shown, and the step reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Which line of the move's report.
    pub which: Which,
    /// The side that plays its first move.
    pub side: Color,
    /// The other side passed to let it (it had the move after the labelled one).
    pub passed: bool,
    /// For a chase through checks: some of the defender's replies on the
    /// way were left out, the checks mating them (29.1; see the chase's
    /// `mates_aside`).
    pub mates_aside: bool,
    /// The moves (those legal from the start, in order).
    pub moves: Vec<Move>,
    /// `positions[i]` is the position after `i` moves of the line; the
    /// first is the position after the labelled move with `side` to move.
    positions: Vec<Position>,
    /// The step shown: the number of the line's moves played.
    step: usize,
}

impl Line {
    /// The line `which` of `m`, the report of the move that led to `after`,
    /// at its start. `None` if the report has no such line or it has no
    /// move, or if the side to start cannot (the other side is in check
    /// and cannot pass).
    pub fn new(after: &Position, m: &MoveReport, which: Which) -> Option<Line> {
        let (side, mut moves, mates_aside) = match which {
            Which::Chase(s) => {
                let c = m.chases.iter().find(|c| c.square == s)?;
                (m.side, c.line.clone(), c.mates_aside)
            }
            Which::Mate => (m.side, m.mate_line.clone()?, false),
            Which::Claim(k, s) => {
                let c = m.claims.iter().find(|c| c.claim == k && c.square == s)?;
                (c.side, c.line.clone(), false)
            }
        };
        let passed = after.turn() != side;
        let start = if passed { after.pass()? } else { after.clone() };
        let mut positions = vec![start];
        for &mv in &moves {
            match positions[positions.len() - 1].clone().play(mv) {
                Ok(p) => positions.push(p),
                Err(_) => break,
            }
        }
        moves.truncate(positions.len() - 1);
        (!moves.is_empty()).then_some(Line {
            which,
            side,
            passed,
            mates_aside,
            moves,
            positions,
            step: 0,
        })
    }

    /// The step shown (0: the start, `moves.len()`: the end).
    pub fn step(&self) -> usize {
        self.step
    }

    /// Shows step `step` (clamped to the line).
    pub fn go(&mut self, step: usize) {
        self.step = step.min(self.moves.len());
    }

    /// The position at the step shown.
    pub fn position(&self) -> &Position {
        &self.positions[self.step]
    }

    /// The position before the `i`-th move (1-based), to write it in.
    pub fn before(&self, i: usize) -> &Position {
        &self.positions[i.saturating_sub(1).min(self.moves.len())]
    }

    /// The move played to reach the step shown, and the next one.
    pub fn around(&self) -> (Option<Move>, Option<Move>) {
        let played = self.step.checked_sub(1).map(|i| self.moves[i]);
        (played, self.moves.get(self.step).copied())
    }

    /// The piece the `i`-th move (1-based) takes, if any.
    pub fn taken(&self, i: usize) -> Option<Piece> {
        let m = self.moves.get(i.checked_sub(1)?)?;
        self.positions[i - 1].piece_at(m.to)
    }

    /// The pieces taken up to the step shown, in order.
    pub fn captured(&self) -> Vec<Piece> {
        (1..=self.step).filter_map(|i| self.taken(i)).collect()
    }

    /// The material the side that starts has won up to the step shown
    /// (the engine's count).
    pub fn balance(&self) -> i32 {
        balance(&self.positions[0], &self.moves[..self.step])
    }

    /// What the board draws over the step shown: the move just played, an
    /// arrow for it and a dashed one for the next, the piece it is about.
    pub fn overlay(&self) -> Overlay {
        let (played, next) = self.around();
        let mut o = Overlay {
            last: played,
            ..Overlay::default()
        };
        for (m, kind) in [(played, ArrowKind::Attack), (next, ArrowKind::Threat)] {
            if let Some(m) = m {
                o.arrows.push(Arrow {
                    from: m.from,
                    to: m.to,
                    kind,
                });
            }
        }
        if let Some(square) = self.which.square() {
            o.marks.push(Mark {
                square,
                kind: MarkKind::Target,
            });
        }
        o
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use qili_site::judge::Judged;
    use qili_site::library;

    pub(crate) fn judged(id: &str) -> Judged {
        let case = library::find(id).unwrap();
        let (start, moves) = case.line().unwrap();
        Judged::new(case.edition(), &start, &moves).unwrap()
    }

    #[test]
    fn controls_read_back() {
        let c6: Square = "c6".parse().unwrap();
        for w in [
            Which::Chase(c6),
            Which::Mate,
            Which::Claim(Claim::Trade, c6),
            Which::Claim(Claim::Mated, c6),
        ] {
            let sq = w.square().map(|s| s.to_string());
            assert_eq!(Which::parse(w.code(), sq.as_deref()), Some(w));
        }
        assert_eq!(Which::parse(None, None), None);
        assert_eq!(Which::parse(None, Some("z9")), None);
        assert_eq!(Which::parse(Some("<img>"), Some("c6")), None);
        assert_eq!(Which::parse(Some("mate"), Some("c6")), Some(Which::Mate));
    }

    #[test]
    fn a_chase_line_steps_to_the_reported_balance() {
        let j = judged("cxa-fig10");
        let m = j.move_report(1).unwrap();
        let c = &m.chases[0];
        let mut l = Line::new(j.position(1), m, Which::Chase(c.square)).unwrap();
        assert_eq!(l.moves, c.line);
        assert_eq!(l.side, m.side);
        assert_eq!(l.position().turn(), m.side, "the opponent passes");
        assert_eq!((l.balance(), l.around().0), (0, None));
        assert_eq!(l.around().1, Some(c.line[0]));
        let o = l.overlay();
        assert_eq!((o.last, o.arrows.len()), (None, 1), "the move to come");
        assert_eq!(o.marks[0].square, c.square);
        l.go(usize::MAX);
        assert_eq!(l.step(), c.line.len());
        assert_eq!(l.balance(), c.balance);
        assert_eq!(l.overlay().last, c.line.last().copied());
        assert!(!l.captured().is_empty(), "a chase takes");
        assert_eq!(l.taken(0), None);
        assert_eq!(l.taken(99), None);
        l.go(0);
        assert!(l.captured().is_empty());
    }

    #[test]
    fn the_mating_line_starts_with_the_mover() {
        let j = judged("cxa1999-图九");
        let m = j.move_report(1).unwrap();
        let l = Line::new(j.position(1), m, Which::Mate).unwrap();
        assert_eq!(Some(&l.moves), m.mate_line.as_ref());
        assert_eq!(l.position().turn(), m.side);
        assert_eq!(
            Line::new(j.position(1), m, Which::Chase("a0".parse().unwrap())),
            None
        );
    }

    #[test]
    fn every_line_of_every_example_can_be_shown() {
        // The first load shows a control for every chase: each has a line.
        for case in library::cases() {
            let j = judged(case.id);
            for ply in 1..=j.len() {
                let m = j.move_report(ply).unwrap();
                let whiches = m
                    .chases
                    .iter()
                    .map(|c| Which::Chase(c.square))
                    .chain(
                        m.mate_line
                            .iter()
                            .filter(|l| !l.is_empty())
                            .map(|_| Which::Mate),
                    )
                    .chain(
                        m.claims
                            .iter()
                            .filter(|c| !c.line.is_empty())
                            .map(|c| Which::Claim(c.claim, c.square)),
                    );
                for w in whiches {
                    let l = Line::new(j.position(ply), m, w)
                        .unwrap_or_else(|| panic!("{} ply {ply}: {w:?}", case.id));
                    assert!(l.moves.len() <= 64);
                }
            }
        }
    }
}
