//! The clauses the engine's labels and rulings rest on, in one table. A
//! report cites them as its edition numbers them ([`Rulebook::cite`]): the
//! CXA books by their numbers (1999 and 2020 keep them), the AXF rules by
//! name — its 棋例 or its general rules — as their numbering is not the CXA's.

use super::kind::IdleKind;
use super::rulebook::{Clauses, Rulebook};

/// A clause of the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Clause {
    /// 3.2 with 4.1.3: no legal move (困毙) loses.
    Stalemate,
    /// 4.1.1: checkmate.
    Checkmate,
    /// 4.2.1: neither side can win.
    NoWinPossible,
    /// 4.2.4 with 23.3: the natural move limit.
    NaturalLimit,
    /// 24: when a repetition ruling binds.
    Binding,
    /// 25.2: the patterns, forbidden and allowed.
    Patterns,
    /// 26.1: a one-sided perpetual check loses.
    PerpetualCheck,
    /// 26.2: both sides allowed — a draw.
    BothAllowed,
    /// 26.3: both sides forbidden — a draw.
    BothForbidden,
    /// 26.4: forbidden against allowed — the forbidden side must vary.
    ForbiddenAgainstAllowed,
    /// 27.1: the king's own attacks are idle.
    KingAlone,
    /// 27.2: a pawn's own attacks are idle (and when they count).
    PawnAlone,
    /// 27.3: holding a key defensive point.
    DefensivePoint,
    /// 28.1: check.
    Check,
    /// 28.2: mate threat.
    MateThreat,
    /// 28.5: exchange offer.
    ExchangeOffer,
    /// 28.6: offer.
    Offer,
    /// 28.7: block.
    Block,
    /// 28.8: follow.
    Follow,
    /// 28.9: idle.
    Idle,
    /// 29.1–29.3: what can be won, and which pieces.
    Chase,
    /// 29.2: the chase must be the move's.
    NewChase,
    /// 29.4: a capture after which the capturer is mated wins nothing.
    MatedCapture,
}

impl Clause {
    /// The clause that names a kind of idle move (28.5–28.8).
    pub const fn of_idle(k: IdleKind) -> Clause {
        match k {
            IdleKind::Exchange => Clause::ExchangeOffer,
            IdleKind::Offer => Clause::Offer,
            IdleKind::Block => Clause::Block,
            IdleKind::Follow => Clause::Follow,
        }
    }

    /// The number in the CXA books.
    pub const fn cxa(self) -> &'static str {
        match self {
            Clause::Stalemate => "3.2, 4.1.3",
            Clause::Checkmate => "4.1.1",
            Clause::NoWinPossible => "4.2.1",
            Clause::NaturalLimit => "4.2.4, 23.3",
            Clause::Binding => "24",
            Clause::Patterns => "25.2",
            Clause::PerpetualCheck => "26.1",
            Clause::BothAllowed => "26.2",
            Clause::BothForbidden => "26.3",
            Clause::ForbiddenAgainstAllowed => "26.4",
            Clause::KingAlone => "27.1",
            Clause::PawnAlone => "27.2",
            Clause::DefensivePoint => "27.3",
            Clause::Check => "28.1",
            Clause::MateThreat => "28.2",
            Clause::ExchangeOffer => "28.5",
            Clause::Offer => "28.6",
            Clause::Block => "28.7",
            Clause::Follow => "28.8",
            Clause::Idle => "28.9",
            Clause::Chase => "29.1–29.3",
            Clause::NewChase => "29.2",
            Clause::MatedCapture => "29.4",
        }
    }
}

impl Rulebook {
    /// How this edition's reports cite `clause`.
    pub const fn cite(&self, clause: Clause) -> &'static str {
        match (self.clauses, clause) {
            (Clauses::Cxa, c) => c.cxa(),
            (
                Clauses::Axf,
                Clause::Stalemate
                | Clause::Checkmate
                | Clause::NoWinPossible
                | Clause::NaturalLimit,
            ) => "AXF 规则",
            (Clauses::Axf, _) => "AXF 棋例",
        }
    }
}
