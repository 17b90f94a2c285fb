//! What is drawn over the pieces — the last move, its label, the arrows from
//! attackers to the pieces they chase, the protectors and false roots — and
//! how it is read off the engine's report of one move. The report decides
//! everything; this only places it on points.

use qili::rules::{IdleKind, Label, MoveReport};
use qili::{Move, Square};

/// An arrow drawn on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrow {
    /// Tail.
    pub from: Square,
    /// Head.
    pub to: Square,
    /// How it is drawn.
    pub kind: ArrowKind,
}

/// The kinds of arrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArrowKind {
    /// An attacker to the piece it chases.
    Attack,
    /// A threatened move (the first move of a mating line, a checking move
    /// that wins a piece).
    Threat,
}

/// A marked point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    /// Where.
    pub square: Square,
    /// What it means.
    pub kind: MarkKind,
}

/// The kinds of mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// The piece a move is about: the king checked, a chased piece.
    Target,
    /// A defender of a chased piece.
    Protector,
    /// A defender that cannot take back, or is mated or lost to a check for it
    /// (假根).
    FalseRoot,
    /// A piece attacked before and after the move (从捉到捉).
    Standing,
}

/// The label of the move shown, drawn next to the piece that moved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Badge {
    /// Where.
    pub square: Square,
    /// 将, 杀, 捉 or 闲.
    pub label: Label,
    /// 兑, 献, 拦 or 跟.
    pub sub: Option<IdleKind>,
}

/// Everything drawn over the pieces.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Overlay {
    /// The move that led to the position.
    pub last: Option<Move>,
    /// Arrows.
    pub arrows: Vec<Arrow>,
    /// Marked points.
    pub marks: Vec<Mark>,
    /// The label of the last move.
    pub badge: Option<Badge>,
}

impl Overlay {
    /// Only the last move, highlighted: a plain diagram.
    pub fn last_move(mv: Move) -> Overlay {
        Overlay {
            last: Some(mv),
            ..Overlay::default()
        }
    }

    /// What the board draws after move `mv`, reported as `m`: the last move,
    /// its label, and for a chase or a mate threat the attackers' arrows, the
    /// chased pieces and their protectors (false roots apart).
    pub fn of_move(mv: Move, m: &MoveReport) -> Overlay {
        let mut o = Overlay {
            last: Some(mv),
            badge: Some(Badge {
                square: mv.to,
                label: m.label,
                sub: m.sub,
            }),
            ..Overlay::default()
        };
        for &t in &m.targets {
            o.mark(t, MarkKind::Target);
        }
        if matches!(m.label, Label::Chase | Label::MateThreat) {
            for c in m.chases.iter().filter(|c| m.targets.contains(&c.square)) {
                for &a in &c.attackers {
                    o.arrows.push(Arrow {
                        from: a,
                        to: c.square,
                        kind: ArrowKind::Attack,
                    });
                }
                if let Some(check) = c.check {
                    o.arrows.push(Arrow {
                        from: check.from,
                        to: check.to,
                        kind: ArrowKind::Threat,
                    });
                }
                let kind = if c.root.is_false() {
                    MarkKind::FalseRoot
                } else {
                    MarkKind::Protector
                };
                for &p in &c.protectors {
                    o.mark(p, kind);
                }
            }
        }
        if let Some(&first) = m.mate_line.as_ref().and_then(|l| l.first()) {
            o.arrows.push(Arrow {
                from: first.from,
                to: first.to,
                kind: ArrowKind::Threat,
            });
        }
        for &s in &m.standing {
            if !o.marks.iter().any(|x| x.square == s) {
                o.mark(s, MarkKind::Standing);
            }
        }
        o
    }

    /// Marks `square` as `kind`, once.
    fn mark(&mut self, square: Square, kind: MarkKind) {
        if !self
            .marks
            .iter()
            .any(|x| x.square == square && x.kind == kind)
        {
            self.marks.push(Mark { square, kind });
        }
    }
}

/// A CSS class name for a label (the class names are ASCII).
pub fn label_class(label: Label) -> &'static str {
    match label {
        Label::Check => "check",
        Label::MateThreat => "mate",
        Label::Chase => "chase",
        Label::Idle => "idle",
    }
}
