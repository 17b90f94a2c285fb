//! What a move is (28.1–28.9, 27.x): 将, 杀, 捉 or 闲, and which kind of 闲.

use super::attack;
use super::chase::{offers_even_trade, targets_after, targets_before, Standing, Target};
use super::exchange::exchange;
use super::idle::{holds_alone, idle_kind, stops_mate};
use super::joint::{stops_trade, supports_chase, without, won_alone_before};
use super::mate::{can_mate_by_checks, mate_by_checks, mates_after_the_trade, MATE_CHECKS};
use super::newness::{
    answer_adds_a_mate, attack_is_new, attacked_while_in_check, frees_the_taker,
    king_root_newly_false, one_of_several_stood, root_cut, root_newly_pinned, taker_unpinned,
    was_won, won_through_check_while_in_check,
};
use super::rulebook::Rulebook;
use super::value::value;
use crate::{Color, Move, Position, Role, Square};
use std::cell::OnceCell;

/// The label of a move, heaviest first (27.4: a move that does several things
/// is named and judged by the heaviest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Label {
    /// 将: the move gives check (28.1).
    Check,
    /// 杀: the move threatens mate by a check or a series of checks (28.2).
    MateThreat,
    /// 捉: the move creates a chase (28.3, 29).
    Chase,
    /// 闲: anything else (28.9).
    Idle,
}

impl Label {
    /// 将, 杀, 捉 or 闲.
    pub const fn zh(self) -> &'static str {
        match self {
            Label::Check => "将",
            Label::MateThreat => "杀",
            Label::Chase => "捉",
            Label::Idle => "闲",
        }
    }

    /// check, mate threat, chase or idle.
    pub const fn en(self) -> &'static str {
        match self {
            Label::Check => "check",
            Label::MateThreat => "mate threat",
            Label::Chase => "chase",
            Label::Idle => "idle",
        }
    }

    /// `true` for 将, 杀 and 捉 — "打", an attack (28.4).
    pub const fn is_attack(self) -> bool {
        !matches!(self, Label::Idle)
    }
}

/// The named kinds of idle move (28.5–28.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IdleKind {
    /// 兑: offers an exchange of equal pieces (28.5).
    Exchange,
    /// 献: offers an unprotected piece to an enemy piece of the same kind,
    /// which could take it safely (28.6).
    Offer,
    /// 拦: blocks an enemy piece's path without attacking (28.7).
    Block,
    /// 跟: follows (attacks) a protected enemy piece without winning anything (28.8).
    Follow,
}

/// The exchange a 兑 (28.5) names with one enemy piece: the capture that
/// starts it — by that piece, in the position after the move, or by the
/// mover, had it the move again — and, where that capture wins on its
/// point, what evens it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trade {
    /// The enemy piece traded with.
    pub with: Square,
    /// The capture that starts the exchange.
    pub first: Move,
    /// What gives the taker's loss back, if the first capture wins on its
    /// point (an unguarded piece traded all the same).
    pub evened: Option<EvenedBy>,
}

/// What evens out a 兑 (28.5) in which the taker wins on the moved piece's
/// point: the mover gets as much back, so the two sides trade (28.5
/// "互换吃去") rather than one giving a piece away (28.6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvenedBy {
    /// The move's own capture: it took as much as the taker wins back (a
    /// horse that takes a horse and is taken back).
    TheMovesCapture,
    /// A winning back elsewhere — a fork, a line or a leg the taking opens —
    /// with its line after the taking.
    WinningBack(Vec<Move>),
}

impl IdleKind {
    /// All kinds, in the order of the clauses (28.5–28.8).
    pub const ALL: [IdleKind; 4] = [
        IdleKind::Exchange,
        IdleKind::Offer,
        IdleKind::Block,
        IdleKind::Follow,
    ];

    /// 兑, 献, 拦 or 跟.
    pub const fn zh(self) -> &'static str {
        match self {
            IdleKind::Exchange => "兑",
            IdleKind::Offer => "献",
            IdleKind::Block => "拦",
            IdleKind::Follow => "跟",
        }
    }

    /// exchange offer, offer, block or follow.
    pub const fn en(self) -> &'static str {
        match self {
            IdleKind::Exchange => "exchange offer",
            IdleKind::Offer => "offer",
            IdleKind::Block => "block",
            IdleKind::Follow => "follow",
        }
    }
}

/// The clause that decided a move's label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveReason {
    /// 28.1: the move gives check.
    GivesCheck,
    /// 28.2: the move threatens mate.
    ThreatensMate,
    /// 29.2: the move creates a chase that did not exist before.
    NewChase,
    /// 29.2 (从捉到捉): every piece attacked after the move was already attacked before.
    ChaseNotNew,
    /// CXA 2020 (图10, 图11, 图25, 图27, 图28; the book's "联合捉子", 参考图11): the chased
    /// pieces could already be won, and the moved piece cannot win them by
    /// itself but the chase needs it (a pin that makes the root false, a screen).
    /// The move is 捉, yet in a repetition it counts as allowed, like 闲.
    JointChase,
    /// 27.1: only the king attacks.
    KingAlone,
    /// 27.2: only a pawn attacks.
    PawnAlone,
    /// 27.2 (1999): a pawn's chase counts, because both sides attack on every move.
    MutualPawnChase,
    /// The move answers a check with the king; what it then attacks counts as idle
    /// (CXA 2020 examples, 图17).
    KingAnswersCheck,
    /// CXA 2020 图13 (自毙): the move answers a check that itself made the
    /// mover's mate threat, and only keeps it: idle.
    ThreatGivenByCheck,
    /// 自毙 read widely (图13 "造成…有杀，属…自毙"): the opponent's last move,
    /// not a check, itself made the mover's mate threat, and the move only
    /// keeps it: idle.
    ThreatGivenByMove,
    /// 27.3: only advisors or elephants are chased, by a move that stops the
    /// opponent's mate threat — it holds a key defensive point, and the chase
    /// comes with it (CXA 2020 图18 "占据守和要点，附带产生的捉象按闲着处理") —
    /// made by a side left with one attacking piece at most, as a simple draw
    /// needs (`idle::holds_alone`). Whether the position
    /// is a simple draw is left to the arbiter.
    DefensivePoint,
    /// 28.9: nothing is attacked.
    NothingAttacked,
}

/// Something a human arbiter must judge (the engine flags it rather than guess).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArbiterNote {
    /// 27.3: the chase is only of advisors or elephants; if the move occupies
    /// a key defensive point in a simple drawn position, it is idle.
    GuardsOnly,
}

impl ArbiterNote {
    /// The clause the arbiter applies.
    pub const fn clause(self) -> &'static str {
        match self {
            ArbiterNote::GuardsOnly => "27.3",
        }
    }
}

/// Everything the engine knows about one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveKind {
    /// The move.
    pub mv: Move,
    /// Who played it.
    pub mover: Color,
    /// The label, by 27.4 the heaviest meaning.
    pub label: Label,
    /// The kind of idle move, when the label is 闲 and it is a named kind.
    pub idle: Option<IdleKind>,
    /// Why the label is what it is.
    pub reason: MoveReason,
    /// The move gives check.
    pub check: bool,
    /// A mating line by checks the move threatens (if the opponent passed).
    pub mate_line: Option<Vec<Move>>,
    /// New chases created by this move (29.2), including those that 27.1/27.2
    /// make idle (see their flags).
    pub chases: Vec<Target>,
    /// Pieces attacked both before and after the move (从捉到捉, not new).
    pub standing: Vec<Square>,
    /// The moved piece is one of the attackers of a piece in `standing`
    /// (directly or by the check that wins it): it keeps up its own attack.
    pub keeps_own_attack: bool,
    /// AXF, a move that gives check: the pieces it chases as well (attacked
    /// anew and winnable were the check ignored). A check that chases the
    /// piece a side chases on its other moves keeps up the perpetual chase
    /// (一将一捉 of one piece); one that does not interrupts it.
    pub check_chases: Vec<Square>,
    /// The enemy pieces involved in the idle kind (the piece offered to, blocked, followed…).
    pub idle_targets: Vec<Square>,
    /// For a 兑, the exchange with each piece of `idle_targets`, in order.
    pub trades: Vec<Trade>,
    /// The move is a king move answering a check.
    pub answers_check_with_king: bool,
    /// A judgement left to the arbiter.
    pub arbiter: Option<ArbiterNote>,
}

impl MoveKind {
    /// Chases that count as 捉 (not by the king alone, 27.1, nor by a pawn
    /// alone, 27.2 — unless a mutual perpetual attack makes the pawn's count).
    pub fn counted_chases(&self) -> impl Iterator<Item = &Target> {
        let mutual = self.reason == MoveReason::MutualPawnChase;
        self.chases
            .iter()
            .filter(move |t| !t.king_only && (!t.pawn_only || mutual))
    }

    /// `true` if the only chases are by pawns alone — idle unless both sides
    /// attack on every move (27.2, 1999 图十三).
    pub fn pawn_chase_only(&self) -> bool {
        !self.chases.is_empty()
            && self.counted_chases().next().is_none()
            && self.chases.iter().any(|t| t.pawn_only)
    }
}

/// Analyses `m` played in `before` under `rules`. `m` must be legal.
pub fn classify(rules: &Rulebook, before: &Position, m: Move) -> MoveKind {
    classify_with(rules, before, m, false)
}

/// [`classify`], where the opponent's last move itself made the mover's mate
/// threat when `threat_is_the_opponents` (自毙: CXA 2020 图13 "红方车五平六
/// 将军，造成黑方车5平6有杀，属红方自毙。黑方进将为闲" — by a check there, by
/// any move as the words "造成…属红方自毙" read): `m` only keeps the threat the
/// opponent gave it, which is no 杀 of its own.
pub(super) fn classify_with(
    rules: &Rulebook,
    before: &Position,
    m: Move,
    threat_is_the_opponents: bool,
) -> MoveKind {
    let mover = before.turn();
    let after = before.after(m);
    let check = after.is_check();
    let moved_role = before.piece_at(m.from).map(|p| p.role);
    let answers_check_with_king = before.is_check() && moved_role == Some(Role::King);

    let mut kind = MoveKind {
        mv: m,
        mover,
        label: Label::Idle,
        idle: None,
        reason: MoveReason::NothingAttacked,
        check,
        mate_line: None,
        chases: Vec::new(),
        standing: Vec::new(),
        keeps_own_attack: false,
        check_chases: Vec::new(),
        idle_targets: Vec::new(),
        trades: Vec::new(),
        answers_check_with_king,
        arbiter: None,
    };
    if check {
        kind.label = Label::Check;
        kind.reason = MoveReason::GivesCheck;
        if rules.perpetual_chase_is_of_one_piece {
            kind.check_chases = chased_by_check(rules, before, &after, m);
        }
        return kind;
    }
    let Some(again) = after.pass() else {
        return kind;
    };
    kind.mate_line =
        mate_by_checks(&again, MATE_CHECKS).filter(|_| !threat_met_by_exchange(before, &after, m));
    // The move adds no mate of its own to the one the opponent made (图19
    // "应将后增加了黑马退6的杀着" is 杀).
    let threat_given =
        threat_is_the_opponents && kind.mate_line.is_some() && !answer_adds_a_mate(before, &again);
    if threat_given {
        kind.mate_line = None;
    }

    let standing = Standing::before(before);
    let now = targets_after(&again, rules, &standing);
    // 29.2: compare with what the mover could win before moving (when it was
    // in check, only captures that answer the check count).
    // Only the pieces the mover can win now are asked about.
    let now_squares = now.iter().fold(0, |set, t| set | t.square.bit());
    let was_targets = targets_before(before, rules, now_squares, m, &standing);
    let alone = |t: &Target| t.king_only || t.pawn_only;
    let was_before = |t: &Target| could_be_won_before(t, &was_targets);
    let mut joint = 0;
    for mut t in now {
        // 29.2: a piece attacked all along that only the check kept from
        // being taken is not chased anew by the answer (2020 参考图19; the
        // 1999 clause is the same text).
        let held_by_check = attacked_while_in_check(before, &again, m, &t, rules);
        // The same for a piece won through a check, by the same checker: no
        // new attacker, so nothing renews it either.
        let route_held = won_through_check_while_in_check(before, &again, m, &t, rules);
        let standing = if rules.chase_needs_new_attack {
            held_by_check
                || route_held
                || !attacks_anew(rules, before, &after, &again, m, &t, &was_targets)
        } else {
            // A piece that could already be won is not chased anew (从捉到捉,
            // 1999 图六) — unless a piece joins the attack, the moved piece
            // or one it uncovers (2020 参考图23: the cannon steps off the
            // horse's leg), or the move frees the piece its taker guarded
            // (图12). A moved piece the chase needs without winning it itself
            // is a joint chase (联合捉子) — even if the piece it enables, a
            // cannon it screens, is a new attacker — unless without it the
            // attack would only offer an exchange (参考图49: then the chase
            // is its own). One of several pieces a check wins is chased
            // jointly by no one: it is chased anew or not at all.
            let could_before = was_before(&t) || held_by_check;
            let joint_rule = could_before && rules.joint_chase_is_allowed && t.alternatives == 0;
            let own = joint_rule && stops_trade(&again, m, &t, rules);
            let needed = joint_rule
                && !own
                && supports_chase(&again, m, &t, rules, &standing)
                && !won_alone_before(before, m, &t, &was_targets, rules, &standing);
            let kept_up = could_before
                && !(rules.new_attacker_renews_chase
                    && !needed
                    && attack_is_new(before, m, &t, &was_targets))
                && !(rules.freed_taker_renews_chase
                    && frees_the_taker(before, &again, &t, &was_targets));
            let supports = kept_up && needed;
            // Only a chase that counts can make the move a joint one: a
            // king's or a pawn's attack beside it is idle (27.1, 27.2).
            if supports && !alone(&t) {
                t.joint = true;
                joint += 1;
            }
            route_held || one_of_several_stood(&t, &was_targets) || kept_up && !supports && !own
        };
        if standing {
            kind.keeps_own_attack |= t.attackers.contains(&m.to);
            kind.standing.push(t.square);
        } else {
            kind.chases.push(t);
        }
    }

    let king_rule = answers_check_with_king && rules.king_answering_check_is_idle;
    if kind.mate_line.is_some() && !king_rule {
        kind.label = Label::MateThreat;
        kind.reason = MoveReason::ThreatensMate;
    } else if kind.counted_chases().next().is_some() && !king_rule {
        kind.label = Label::Chase;
        kind.reason = if joint == kind.counted_chases().count() {
            MoveReason::JointChase
        } else {
            MoveReason::NewChase
        };
        // 27.3 is the arbiter's judgement: flagged only where the book has
        // the clause (AXF has no key defensive point). Idle only where the
        // move holds a point — it stops a mate — with the mover's one
        // attacking piece left, so that the draw can be simple at once.
        if rules.defensive_point_is_idle
            && kind
                .counted_chases()
                .all(|t| matches!(t.piece.role, Role::Advisor | Role::Elephant))
        {
            kind.arbiter = Some(ArbiterNote::GuardsOnly);
            if holds_alone(&after) && stops_mate(before, &after) {
                kind.label = Label::Idle;
                kind.reason = MoveReason::DefensivePoint;
            }
        }
    } else {
        kind.reason = if king_rule && (kind.mate_line.is_some() || !kind.chases.is_empty()) {
            MoveReason::KingAnswersCheck
        } else if threat_given && before.is_check() {
            MoveReason::ThreatGivenByCheck
        } else if threat_given {
            MoveReason::ThreatGivenByMove
        } else if kind.chases.iter().any(|t| t.pawn_only) {
            MoveReason::PawnAlone
        } else if kind.chases.iter().any(|t| t.king_only) {
            MoveReason::KingAlone
        } else if !kind.standing.is_empty() {
            MoveReason::ChaseNotNew
        } else {
            MoveReason::NothingAttacked
        };
    }
    // An idle move is named by what it does (28.5–28.8), whatever made it
    // idle: also a move that holds a defensive point (27.3, 2020 图18 "一将一跟")
    // or keeps up an older attack.
    if kind.label == Label::Idle {
        let named = idle_kind(rules, before, &after, m);
        (kind.idle, kind.idle_targets, kind.trades) = (named.kind, named.targets, named.trades);
    }
    kind
}

/// 28.5 over 28.2 (CXA 2020 图29): an enemy piece of equal value can take
/// the moved piece and be taken back — an even trade (28.5 "互换吃去",
/// whether or not the two attack each other) after which the mover has no
/// forced mate left. The move offers an exchange rather than threatening
/// mate, whichever line the mate would take ("因黑方8路车不能离线，判杀": a
/// piece that cannot legally take is no answer, and the threat stands). A
/// piece the enemy takes for nothing is offered as well as threatening
/// mate: 杀, the heavier (27.4). The piece offered may also be one the move
/// uncovers (28.5 names no piece: "凡走子可与同等子力互换吃去者"; a horse that
/// steps off a rook's file offers the rook as the rook itself would) — unless
/// the moved piece takes part in the mate (图20 "邀兑之子参与做杀，判杀": without
/// it, there is no mate to threaten).
fn threat_met_by_exchange(before: &Position, after: &Position, m: Move) -> bool {
    // Both asked once, and only of a trade the move uncovers — also by a
    // move that answers a check (the trades that stood before it, were the
    // check not there).
    let earlier = OnceCell::new();
    let uncovered = |trade: Move| {
        earlier
            .get_or_init(|| before.pass_in_check().captures())
            .iter()
            .all(|&x| x != trade)
    };
    let needed = OnceCell::new();
    let mover_needed_for_mate = || {
        *needed.get_or_init(|| {
            without(after, m.to)
                .and_then(|p| p.pass())
                .is_none_or(|p| !can_mate_by_checks(&p, MATE_CHECKS))
        })
    };
    after.captures().iter().any(|&trade| {
        let (Some(mine), Some(theirs)) = (after.piece_at(trade.to), after.piece_at(trade.from))
        else {
            return false;
        };
        value(theirs, trade.from) == value(mine, trade.to)
            && (trade.to == m.to || uncovered(trade) && !mover_needed_for_mate())
            && {
                let ex = exchange(after, trade);
                ex.recapturable && !ex.wins_material()
            }
            && {
                // Mated after the trade within the threat's own bound, at
                // once or once the mover has taken back (probe z106-02: the
                // rook that takes back stands on the same file).
                let p = after.after(trade);
                !mates_after_the_trade(&p, trade.to)
            }
    })
}

/// For [`chased_by_check`]: `t`, a target of `again` (the checking side to
/// move again, the check ignored), is falsely rooted only because its guard's
/// recapture does not answer the check — the guard could take back but for
/// that check (pins still bind, the kings may not face). Protection is asked
/// as if the check were not there, as the pass is (probes z111-18/20: a check
/// that uncovers a rook onto a piece its guard protects does not chase it).
/// A check whose piece takes `t` is no such case: taking the checker answers
/// the check.
fn guarded_but_for_the_check(again: &Position, t: &Target) -> bool {
    let mover = again.turn();
    let board = again.board();
    let checkers = attack::attackers(board, again.king(mover.other()), mover);
    let [checker] = checkers[..] else {
        return false;
    };
    t.root.is_false()
        && !t.attackers.contains(&checker)
        && t.attackers.iter().all(|&a| {
            let mut taken = board.clone();
            let taker = taken.set(a, None);
            taken.set(t.square, taker);
            t.protectors.iter().any(|&d| {
                if !attack::attacks(&taken, d, t.square) {
                    return false;
                }
                let mut back = taken.clone();
                let guard = back.set(d, None);
                back.set(t.square, guard);
                // A king that takes back moves: into no attack at all.
                let king_takes = guard.is_some_and(|g| g.role == Role::King);
                let king = if king_takes {
                    t.square
                } else {
                    again.king(mover.other())
                };
                // The kings facing count: the other king attacks along the
                // open file (`attack::attacks`).
                attack::attackers(&back, king, mover)
                    .iter()
                    .all(|&s| s == checker && !king_takes)
            })
        })
}

/// 29.2 for `t`, a piece the mover can win: it could be won before the move
/// (among `was`, the mover's targets then). An attack by the king alone or a
/// pawn alone was no chase (27.1, 27.2): another piece taking it up is a new
/// chase, while the king or pawn keeping up its own attack is not. Nor was
/// one of several pieces a check wins: once it is lost whatever the reply,
/// it is chased anew ([`was_won`]).
fn could_be_won_before(t: &Target, was: &[Target]) -> bool {
    let alone = |t: &Target| t.king_only || t.pawn_only;
    was.iter().any(|w| was_won(t, w) && (alone(t) || !alone(w)))
}

/// 29.2 as AXF reads it ([`Rulebook::chase_needs_new_attack`]): the move
/// gives `t` a new attacker (the moved piece, or one it uncovers or frees
/// from a pin), whether or not the piece was attacked before — a second
/// attacker chases too, as Fairy-Stockfish reads the rule — or makes false
/// the root of a piece that could not be won before (among `was`): a new
/// pin, an X-ray, a defender's line cut. The same for a move that checks
/// ([`chased_by_check`]; probes z110-27/29/30). A new attacker that only
/// offers an even trade — an equal piece the target could take (28.5) —
/// makes no chase of a piece another attacker already won (axf-095: the
/// rook's attack on the rook is a chase because the cannon pins it, "black
/// chariot pinned by red cannon"; with a horse on f4 screening the cannon
/// instead, the rook can take back, and the cannon's attack stood before).
/// `again` is `after`, the position after the move, with the mover to move
/// again.
fn attacks_anew(
    rules: &Rulebook,
    before: &Position,
    after: &Position,
    again: &Position,
    m: Move,
    t: &Target,
    was: &[Target],
) -> bool {
    let mut attacking = t.clone();
    attacking
        .attackers
        .retain(|&a| !offers_even_trade(again, Move::new(a, t.square), rules));
    attack_is_new(before, m, &attacking, was)
        || taker_unpinned(before, m, &attacking)
        || (!could_be_won_before(t, was)
            && (root_newly_pinned(after, t)
                || king_root_newly_false(before, t)
                || root_cut(before, after, t)))
}

/// With [`Rulebook::perpetual_chase_is_of_one_piece`]: the pieces a checking
/// move chases as well — targets of the mover, were the check ignored, that
/// the move attacks anew or whose root it makes false, as for a move that
/// does not check ([`attacks_anew`]).
fn chased_by_check(rules: &Rulebook, before: &Position, after: &Position, m: Move) -> Vec<Square> {
    let again = after.pass_in_check();
    let standing = Standing::before(before);
    let now = targets_after(&again, rules, &standing);
    let squares = now.iter().fold(0, |set, t| set | t.square.bit());
    let was = targets_before(before, rules, squares, m, &standing);
    now.into_iter()
        .filter(|t| !t.king_only && !t.pawn_only)
        .filter(|t| !guarded_but_for_the_check(&again, t))
        .filter(|t| attacks_anew(rules, before, after, &again, m, t, &was))
        .map(|t| t.square)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::after_line;
    use crate::rules::Edition;
    use crate::{fen, iccs, Tolerance};

    /// 联合捉子 when the moved piece attacks (CXA 2020 图10's reading, as 图27
    /// relabels 1999 图六's 从捉到捉): the rook steps back along the file and
    /// keeps attacking the advisor, whose defending horse the cannon pins to
    /// the king — neither wins it without the other. In 2020 a joint chase,
    /// in 1999 从捉到捉; the same mirrored (xq002200, ply 81).
    #[test]
    fn an_attacker_that_needs_a_partner_makes_a_joint_chase() {
        for (f, mv) in [
            ("C4a3/4k4/4ba3/pr4n1p/4nR3/9/8P/4C3B/4A4/2B1KA3 w", "f5f3"),
            ("3a4C/4k4/3ab4/p1n4rp/3Rn4/9/P8/B3C4/4A4/3AK1B2 w", "d5d3"),
        ] {
            let pos = fen::position(f, Tolerance::COMPOSED).unwrap();
            let k = classify_iccs(Edition::Cxa2020, &pos, mv);
            assert_eq!(
                (k.label, k.reason),
                (Label::Chase, MoveReason::JointChase),
                "{f}"
            );
            let k = classify_iccs(Edition::Cxa1999, &pos, mv);
            assert_eq!(
                (k.label, k.reason),
                (Label::Idle, MoveReason::ChaseNotNew),
                "{f}"
            );
        }
    }

    /// 图5 ("退车前就可吃底士，退车后吃士结果没有发生变化") against 联合捉子:
    /// 参考图29 with the rook it wins guarded. The black rook on f0 took the
    /// bare advisor and elephant directly; back on f3 it wins them by checks
    /// that need the pawn to keep the king off e2. The same piece could win
    /// them before and after: 从捉到捉, its own attack kept up, no joint chase.
    #[test]
    fn an_attacker_that_won_alone_before_makes_no_joint_chase() {
        let pos = fen::position(
            "2b2k3/9/4b4/9/9/2P3B2/1R2p4/9/C1N1K4/3A1rB2 b",
            Tolerance::COMPOSED,
        )
        .unwrap();
        for edition in [Edition::Cxa2020, Edition::Cxa1999] {
            let k = classify_iccs(edition, &pos, "f0f3");
            assert_eq!(
                (k.label, k.reason, k.keeps_own_attack),
                (Label::Idle, MoveReason::ChaseNotNew, true),
                "{edition:?}"
            );
        }
    }

    /// CXA 2020 图11: the red cannon moves along the back rank, pinning the
    /// elephant that protects the piece the rook attacks (车炮联合捉子).
    #[test]
    fn joint_chase_is_a_2020_chase_allowed_in_a_cycle() {
        let pos = fen::position(
            "1Cbak4/1r2a4/c3b4/p8/2p1R4/6P1P/2P6/4B4/4A4/2BAK4 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let m = iccs::parse_move(&pos, "b9a9").unwrap();
        let joint = classify(Edition::Cxa2020.rulebook(), &pos, m);
        assert_eq!(
            (joint.label, joint.reason),
            (Label::Chase, MoveReason::JointChase)
        );
        // The same move in the 1999 book: the elephant could already be won (从捉到捉).
        let idle = classify(Edition::Cxa1999.rulebook(), &pos, m);
        assert_eq!(
            (idle.label, idle.reason),
            (Label::Idle, MoveReason::ChaseNotNew)
        );
    }

    /// CXA 2020 参考图39 ("红方车马炮联合捉车"): the rook steps along the file
    /// guarding the horse that screens the cannon's attack on the black
    /// rook — without it the black rook would take the horse and get away.
    /// It also attacks a horse, but taking it would let the rook escape
    /// ("不能离线"): the move is a joint chase of the rook, nothing else.
    #[test]
    fn a_piece_guarding_the_attack_chases_jointly() {
        let pos = fen::position(
            "4kab2/4arNC1/4b1R2/4n4/2p3pc1/9/4P3P/4B4/4A4/2BAK4 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let k = classify_iccs(Edition::Cxa2020, &pos, "g7g6");
        assert_eq!((k.label, k.reason), (Label::Chase, MoveReason::JointChase));
        let chased: Vec<String> = k.chases.iter().map(|t| t.square.to_string()).collect();
        assert_eq!(chased, ["f8"]);
    }

    /// CXA 2020 图3 ("红方进相、退相为断根捉马"): the red rook beside the black
    /// horse could take it, but the black rook would then win the red rook
    /// back by checks along the back rank. The elephant that steps onto that
    /// rank, or back to guard the square the check needs, cuts those checks
    /// off, and the horse is chased.
    #[test]
    fn cutting_the_checks_that_win_a_capturer_back_chases() {
        let pos = fen::position(
            "5a3/5k3/4P4/p7p/9/8P/P8/4B4/2nRA2r1/2BAK4 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let k = classify_iccs(Edition::Cxa2020, &pos, "e2g0");
        assert_eq!(k.label, Label::Chase);
        assert_eq!(k.chases[0].square.to_string(), "c1");
    }

    /// AXF: the rook comes next to a cannon the elephant already attacks —
    /// a new attacker of an unprotected piece chases it (as Fairy-Stockfish
    /// reads the rule; from a real game, xq004271, where the rook then
    /// follows the cannon back and forth). The 1999 book calls the same
    /// move 从捉到捉 (图六): idle.
    #[test]
    fn a_second_attacker_chases_in_axf() {
        let pos = fen::position(
            "2bak4/9/4ban2/p5p1p/2P3r2/P3p4/8P/3CB1N2/4A2R1/3AK1c2 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let axf = classify_iccs(Edition::Axf, &pos, "h1h0");
        assert_eq!(axf.label, Label::Chase);
        assert_eq!(axf.chases[0].square.to_string(), "g0");
        let cxa = classify_iccs(Edition::Cxa1999, &pos, "h1h0");
        assert_eq!(
            (cxa.label, cxa.reason),
            (Label::Idle, MoveReason::ChaseNotNew)
        );
    }

    /// AXF: the king steps out of check; the rook that attacked the crossed
    /// pawn all along, kept from taking it only by the check, does not chase
    /// it anew (from a real game, xq006695; Fairy-Stockfish agrees).
    #[test]
    fn an_attack_kept_up_while_in_check_is_no_new_axf_chase() {
        let pos = fen::position(
            "3k1a3/4a4/9/p7p/4P2n1/9/P3r3P/6p2/3RC4/3AKAB2 b",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let k = classify_iccs(Edition::Axf, &pos, "d9e9");
        assert_eq!(k.label, Label::Idle);
        assert!(k.chases.is_empty(), "{:?}", k.chases);
    }

    /// AXF: the king steps out of check next to the cannon its rook has
    /// attacked all along and would have taken but for the check: a king
    /// joining the attack on a piece already lost is no new attacker (27.1),
    /// so the answer chases nothing (from real games, xq011970, xq024557).
    #[test]
    fn a_king_stepping_out_of_check_next_to_a_piece_already_lost_chases_nothing() {
        for f in [
            "3akR3/3C5/9/9/9/3r5/9/9/9/5K3 b",
            "3akR3/3C5/9/9/9/3r5/9/9/4A4/4K4 b",
        ] {
            let pos = fen::position(f, Tolerance::COMPOSED).unwrap();
            let k = classify_iccs(Edition::Axf, &pos, "e9e8");
            assert_eq!(k.label, Label::Idle, "{f}");
            assert!(k.chases.is_empty(), "{f}: {:?}", k.chases);
        }
    }

    /// AXF, 29.2 with 参考图19: an answer to a check that makes the king's
    /// protection false makes the chase its own, as it would without the
    /// check. The black king steps out of the horse's check onto the d-file,
    /// where the red king could no longer take back on d0 (the kings would
    /// face); the horse that leaves the d-file to block the rook's check does
    /// the same (probe Z40; in real games, xq000319, xq009211).
    #[test]
    fn an_answer_to_check_that_makes_a_king_root_false_chases_in_axf() {
        for (f, mv) in [
            ("4k4/9/5N3/9/3r5/9/4P4/9/9/3AK4 b", "e9d9"),
            ("R2k5/9/3n5/9/3r5/9/9/9/9/3AK4 b", "d7c9"),
        ] {
            let pos = fen::position(f, Tolerance::COMPOSED).unwrap();
            let k = classify_iccs(Edition::Axf, &pos, mv);
            assert_eq!(k.label, Label::Chase, "{f} {mv}");
            assert_eq!(k.chases[0].square.to_string(), "d0", "{f} {mv}");
        }
    }

    /// 图29's rule whichever line the mate takes, in both colours (from a
    /// real game, xq024026, where one colour's first mating line starts with
    /// another check and the other's with the rook's capture): the rook that
    /// comes to threaten mate attacks a rook that can take it in an even
    /// trade, but a mate within the threat's seven checks is left after the
    /// trade — the rook that takes cannot leave its line (不能离线), so the
    /// move threatens mate, 杀.
    #[test]
    fn a_mate_threat_a_trade_does_not_end_is_mate_in_both_colours() {
        for (f, mv) in [
            (
                "2bk1ab2/4a3n/2n6/p1p2NP1p/4p4/9/P1Pr4P/CR6R/r6c1/2BA1KC2 w",
                "b2d2",
            ),
            (
                "2ba1kc2/R6C1/cr6r/p1pR4p/9/4P4/P1P2np1P/2N6/4A3N/2BK1AB2 b",
                "b7d7",
            ),
        ] {
            let pos = fen::position(f, Tolerance::COMPOSED).unwrap();
            let k = classify_iccs(Edition::Cxa1999, &pos, mv);
            assert_eq!((k.label, k.idle), (Label::MateThreat, None), "{f}");
        }
    }

    /// AXF: a horse that joins a pawn against a crossed pawn a cannon
    /// protects wins nothing by itself (少根 is no chase there), so the pawn
    /// alone still attacks it, whichever attacker is found first — the same
    /// in a mirror (from a real game, xq003617).
    #[test]
    fn a_capture_that_only_wins_by_numbers_does_not_join_an_axf_attack() {
        for (f, mv) in [
            (
                "r1b1kabr1/4a1c2/1cn3n2/p1p1pR2p/4P4/2P3p2/P5P1P/1C2C1N2/9/RNBAKAB2 w",
                "g2e3",
            ),
            (
                "1rbak1b1r/2c1a4/2n3nc1/p2Rp1p1p/4P4/2p3P2/P1P5P/2N1C2C1/9/2BAKABNR w",
                "c2e3",
            ),
        ] {
            let pos = fen::position(f, Tolerance::COMPOSED).unwrap();
            let k = classify_iccs(Edition::Axf, &pos, mv);
            assert_eq!(
                (k.label, k.reason),
                (Label::Idle, MoveReason::ChaseNotNew),
                "{f}"
            );
            assert!(k.chases.is_empty(), "{f}");
        }
    }

    /// AXF D85: the crossed pawn already attacks the cannon's square; the rook
    /// that comes to attack it too starts a chase — the pawn's attack alone
    /// was no chase (27.2), so this is not 从捉到捉.
    #[test]
    fn a_rook_joining_a_pawn_s_attack_chases() {
        let pos = after_line(
            "2bakab2/r4rN2/6P2/p3P3p/9/P5R2/5c2P/4B4/4A4/3AK1B2 w",
            "g4g3 f3f6",
        );
        for edition in [Edition::Axf, Edition::Cxa1999] {
            let k = classify_iccs(edition, &pos, "g3g6");
            assert_eq!(
                (k.label, k.reason),
                (Label::Chase, MoveReason::NewChase),
                "{edition:?}"
            );
        }
    }

    /// CXA 2020 图12: the rook could take the pawn only by giving up the
    /// cannon it guarded against the red rook (1999 细则4: still a chase);
    /// the cannon steps out of the attack and the rook takes for free — a
    /// new chase (2020), where the 1999 book sees 从捉到捉.
    #[test]
    fn freeing_the_taker_is_a_new_chase() {
        let pos = after_line("3k2P2/P3a4/6rc1/8R/9/9/9/B3B4/4A4/4KA3 w", "i6h6");
        let k = classify_iccs(Edition::Cxa2020, &pos, "h7i7");
        assert_eq!((k.label, k.reason), (Label::Chase, MoveReason::NewChase));
        assert!(k.chases.iter().any(|t| t.square.to_string() == "g9"));
        let k = classify_iccs(Edition::Cxa1999, &pos, "h7i7");
        assert_eq!((k.label, k.reason), (Label::Idle, MoveReason::ChaseNotNew));
    }

    /// CXA 2020 参考图15 in small: the black rook could take the bare cannon
    /// only by leaving its own cannon to the red rook, an even trade; the
    /// cannon steps away and the rook takes for nothing — a new chase.
    #[test]
    fn freeing_the_taker_of_an_even_trade_is_a_new_chase() {
        let pos = after_line("3aka3/9/9/9/9/9/P1rc5/2C6/3R5/5K3 w", "a3a4");
        let k = classify_iccs(Edition::Cxa2020, &pos, "d3h3");
        assert_eq!((k.label, k.reason), (Label::Chase, MoveReason::NewChase));
        assert!(k.chases.iter().any(|t| t.square.to_string() == "c2"));
    }

    /// An even trade by a way the capture opens leaves the chase standing
    /// (参考图27), before the move as after it (from real games):
    /// - xq010124: the cannon takes the rook over the other rook, which then
    ///   takes the red rook down the file the cannon has left — rook for rook.
    ///   The horse's move changes nothing of that.
    /// - xq016337: the horse takes the bare advisor and unblocks the eye of
    ///   the elephant, which takes the crossed pawn — a piece for a piece.
    ///   The pawn stepping out of the elephant's reach frees no taker.
    #[test]
    fn an_even_trade_by_an_opened_way_frees_no_taker() {
        for (f, m, target) in [
            (
                "3akabr1/7r1/2n1bc2n/p3p3p/2p2c1C1/5N2P/P1P1P4/C1N1B2R1/9/1R1AKAB2 w",
                "c2e1",
                "h9",
            ),
            (
                "3k1ab2/9/4b4/3NC4/9/P3P1p2/5n3/3AB4/9/2BA1K2c b",
                "g4g3",
                "d2",
            ),
        ] {
            let pos = fen::position(f, Tolerance::COMPOSED).unwrap();
            let k = classify_iccs(Edition::Cxa2020, &pos, m);
            assert_eq!((k.label, k.reason), (Label::Idle, MoveReason::ChaseNotNew));
            assert!(k.standing.iter().any(|s| s.to_string() == target));
        }
    }

    /// AXF (Fairy-Stockfish's "X-ray protected discovered check"): the rook
    /// steps back behind its cannon, which jumps over the red king to the
    /// horse beside it; the capture would uncover the rook's check along the
    /// rank, so the king can no longer take back — a new chase, though the
    /// cannon attacked the horse before. A king that could not take back
    /// before either (the screen rook guards the square) has not lost a root:
    /// moving that rook along the file makes no new chase.
    #[test]
    fn axf_king_root_made_false_by_an_x_ray() {
        let pos = after_line("3k5/9/9/9/9/9/9/9/9/1rc1KN3 w", "f0g2 b0b2 g2f0");
        let k = classify_iccs(Edition::Axf, &pos, "b2b0");
        assert_eq!((k.label, k.reason), (Label::Chase, MoveReason::NewChase));
        assert!(k.chases.iter().any(|t| t.square.to_string() == "f0"));
        let pos = after_line("5kb2/5c3/3Nb4/4p2R1/9/9/5r3/3p1R3/5K3/9 w", "h6h3");
        let k = classify_iccs(Edition::Axf, &pos, "f3f4");
        assert_eq!((k.label, k.reason), (Label::Idle, MoveReason::ChaseNotNew));
    }

    /// AXF: the rook attacks the horse all along; the black cannon guards it
    /// over the red pawn. The pawn stepping aside takes the cannon's screen
    /// away, and stepping back once the elephant has become the screen
    /// doubles it: either way the horse is left to the rook — a new chase
    /// each time, by a move that attacks nothing itself.
    #[test]
    fn axf_cutting_a_root_is_a_new_chase() {
        let start = "3k1ac2/4a4/4b3b/P5P2/2p6/7c1/9/N7B/5Rn2/4KAB2 w";
        for (line, m) in [("", "g6h6"), ("g6h6 e7g5", "h6g6")] {
            let pos = after_line(start, line);
            let k = classify_iccs(Edition::Axf, &pos, m);
            assert_eq!(
                (k.label, k.reason),
                (Label::Chase, MoveReason::NewChase),
                "{m}"
            );
            assert!(k.chases.iter().any(|t| t.square.to_string() == "g1"));
        }
    }

    fn classify_iccs(edition: Edition, pos: &Position, m: &str) -> MoveKind {
        classify(edition.rulebook(), pos, iccs::parse_move(pos, m).unwrap())
    }

    /// CXA 2020 图28 "车炮联合捉子": the rook steps back to be the screen of the
    /// cannon that wins the advisor — without the rook the cannon would give
    /// check over the advisor instead, so the position without it is not even
    /// legal; the screen alone decides.
    #[test]
    fn a_screen_that_moves_is_a_joint_chase() {
        let pos = after_line(
            "CR1akab1r/9/2n1b1n2/2p5p/6p2/2P6/r3P1P1P/4CcN2/9/2BAK1BR1 w",
            "b9c9 c7e8",
        );
        let k = classify_iccs(Edition::Cxa2020, &pos, "c9b9");
        assert_eq!((k.label, k.reason), (Label::Chase, MoveReason::JointChase));
    }

    /// CXA 2020 参考图11: the cannon that reaches the advisor over the pawn and
    /// makes its root false chases it together with the pawn (炮卒联合捉子,
    /// 27.1 "其他棋子…同时捉吃"); back on the king's file it only pins the
    /// advisor's defender and the pawn chases alone (27.2: idle).
    #[test]
    fn a_pawn_helped_by_a_cannon_chases() {
        let fen = "3k4C/4a4/4b3b/p8/5P2P/4c4/5p3/4BA3/4A4/4K1B2 w";
        let pos = after_line(fen, "e0f0");
        let k = classify_iccs(Edition::Cxa2020, &pos, "e4f4");
        assert_eq!((k.label, k.reason), (Label::Chase, MoveReason::NewChase));
        let pos = after_line(fen, "e0f0 e4f4 f0e0");
        let k = classify_iccs(Edition::Cxa2020, &pos, "f4e4");
        assert_eq!((k.label, k.reason), (Label::Idle, MoveReason::PawnAlone));
    }

    /// 28.5 made by the move, not by the moved piece: CXA 2020 图9, the horse
    /// steps off the file between the two rooks (the black rook can take the
    /// red one, which the horse takes back).
    #[test]
    fn opening_a_line_between_equal_pieces_offers_an_exchange() {
        let pos = after_line(
            "r1b1kab2/4a4/2n6/p3p2Rp/2p1P4/6N2/P1P5P/2N1C4/3RA4/1cBAK1c1r w",
            "g4h2 i0h0",
        );
        let k = classify_iccs(Edition::Cxa2020, &pos, "h2g4");
        assert_eq!((k.label, k.idle), (Label::Idle, Some(IdleKind::Exchange)));
        assert!(k.idle_targets.iter().any(|s| s.to_string() == "h0"));
    }

    /// CXA 2020 图13 ("红车平中路，判兑"): the rook comes back between the
    /// cannons, which now attack each other over it — the cannon's capture
    /// with check is the trade offered, not a chase through check; the king's
    /// reply changes the trade but is no 兑 (25.3: the king is no 子力).
    #[test]
    fn a_screen_between_equal_pieces_offers_an_exchange() {
        let pos = after_line("3k1ab2/4a4/4c4/4R3p/3PC4/4r4/8P/9/9/5K3 w", "e6d6 d9e9");
        let k = classify_iccs(Edition::Cxa2020, &pos, "d6e6");
        assert_eq!((k.label, k.idle), (Label::Idle, Some(IdleKind::Exchange)));
        let pos = after_line(
            "3k1ab2/4a4/4c4/4R3p/3PC4/4r4/8P/9/9/5K3 w",
            "e6d6 d9e9 d6e6",
        );
        let k = classify_iccs(Edition::Cxa2020, &pos, "e9d9");
        assert_eq!((k.label, k.idle), (Label::Idle, None));
    }

    /// CXA 2020 参考图49: the horse that goes back keeps the black cannon from
    /// taking the red one (it would be mated), which the cannon could already
    /// not do; turning the cannons' exchange into a chase is the horse's own
    /// chase, not a joint one (红方进马退马…为长捉无根子).
    #[test]
    fn stopping_a_trade_is_a_chase_of_its_own() {
        let pos = after_line(
            "3akab2/3cn1C2/4b2C1/pN6R/1r1n2p2/9/P1p1P1P1P/1c2B4/5N3/2BAKA3 w",
            "b6c8 b5c5",
        );
        let k = classify_iccs(Edition::Cxa2020, &pos, "c8b6");
        assert_eq!((k.label, k.reason), (Label::Chase, MoveReason::NewChase));
    }

    /// CXA 2020 图30: the rook's attack on the horse only lets the horses trade
    /// (the red horse could take the black one back), and the cannon's return
    /// guards the horse so that the horses' trade is even: both 兑.
    #[test]
    fn changing_a_trade_between_equal_pieces_offers_an_exchange() {
        let fen = "2bakab2/9/2n1c3c/pCp1N3p/7n1/2P6/P3P1P1P/4CrN2/9/1RBAKAB2 w";
        let pos = after_line(fen, "b6b2");
        let k = classify_iccs(Edition::Cxa2020, &pos, "f2f6");
        assert_eq!((k.label, k.idle), (Label::Idle, Some(IdleKind::Exchange)));
        let pos = after_line(fen, "b6b2 f2f6");
        let k = classify_iccs(Edition::Cxa2020, &pos, "b2b6");
        assert_eq!((k.label, k.idle), (Label::Idle, Some(IdleKind::Exchange)));
    }

    /// 29.2, CXA 2020 参考图23: 炮3退4 steps off the horse's leg; the horse
    /// joins the rook's attack on the bare cannon — a new chase (捉), though
    /// the cannon could already be won.
    #[test]
    fn an_uncovered_attacker_is_a_new_chase() {
        let pos = after_line(
            "2c1kab2/4a4/4b4/3C3r1/pn7/2R3P2/P3P3P/4B1N2/3pA4/3AK1B2 w",
            "d6d8 c9c5 d8d6",
        );
        let k = classify_iccs(Edition::Cxa2020, &pos, "c5c9");
        assert_eq!((k.label, k.reason), (Label::Chase, MoveReason::NewChase));
    }

    /// 29.2, CXA 2020 参考图19: 士6进5 blocks the rook's check; the black
    /// rook already attacked the cannon that the check had left bare, so the
    /// answer to the check chases nothing new (闲).
    #[test]
    fn answering_a_check_does_not_renew_an_attack() {
        let pos = after_line("4ka3/9/b4a3/9/6b2/9/6R2/9/3p1KCr1/9 w", "g3e3");
        for edition in [Edition::Cxa2020, Edition::Cxa1999] {
            let k = classify_iccs(edition, &pos, "f9e8");
            assert_eq!((k.label, k.reason), (Label::Idle, MoveReason::ChaseNotNew));
        }
    }

    /// 29.2, 应将, for a piece won through a check (28.3): the elephant on c0
    /// falls to 炮8进3, 帅六进一, 炮8平3 whenever black is free to start; the
    /// rook's check alone stops it, and the advisor that blocks adds nothing
    /// (from a real game, xq000735). Idle in both CXA editions, as when the
    /// piece is attacked directly.
    #[test]
    fn an_answer_to_check_does_not_renew_a_chase_through_check() {
        let pos =
            fen::position("R3k4/4a4/9/9/9/9/7c1/9/4A4/2BK1A3 b", Tolerance::COMPOSED).unwrap();
        for edition in [Edition::Cxa1999, Edition::Cxa2020] {
            let k = classify_iccs(edition, &pos, "e8d9");
            assert_eq!(
                (k.label, k.reason),
                (Label::Idle, MoveReason::ChaseNotNew),
                "{edition:?}"
            );
        }
    }

    /// The same when another piece won it before: the advisor on e8
    /// attacked the bare horse on f9 until red's check on the d-file; the
    /// advisor that blocks the check on d7 no longer attacks it, and the
    /// horse now falls to 车3平6, 仕五进四, 车6进3 — a check that stood ready
    /// before as well. No new attacker, so idle (from a real game, xq007205,
    /// drawn in the cycle; the engine had ruled black_loses).
    #[test]
    fn an_answer_to_check_that_leaves_a_piece_lost_by_a_ready_check_is_idle() {
        let pos = fen::position(
            "4cN1C1/3ka4/2n6/2r6/9/3R5/9/9/4AK3/3A5 b",
            Tolerance::COMPOSED,
        )
        .unwrap();
        for edition in [Edition::Cxa1999, Edition::Cxa2020] {
            let k = classify_iccs(edition, &pos, "e8d7");
            assert_eq!(
                (k.label, k.reason),
                (Label::Idle, MoveReason::ChaseNotNew),
                "{edition:?}"
            );
        }
    }

    /// 29.2 with 参考图19, asked of who could take, not who reaches: the horse
    /// that blocks the rook's check on d1 reaches the bare cannon on c3 but
    /// cannot take it without uncovering the check, and the rook on c7
    /// attacked the cannon all along — idle. A taker that another piece had
    /// pinned did not take part before: the horse that blocks the cannon's
    /// check on d1 also blocks the rook a1's pin on the rook e1, which now
    /// takes the bare horse on e5 — a new chase, in every edition.
    #[test]
    fn an_answer_to_check_is_asked_who_could_take() {
        let blocker =
            fen::position("3ak4/4a4/2R6/9/9/9/2c6/5N3/r3K4/9 w", Tolerance::COMPOSED).unwrap();
        let freer = fen::position("3k5/9/9/9/4nc3/9/9/5N3/r3RK3/9 w", Tolerance::COMPOSED).unwrap();
        for edition in Edition::ALL {
            let k = classify_iccs(edition, &blocker, "f2d1");
            assert_eq!(k.label, Label::Idle, "{edition:?}");
            let k = classify_iccs(edition, &freer, "f2d1");
            assert_eq!(
                (k.label, k.reason),
                (Label::Chase, MoveReason::NewChase),
                "{edition:?}"
            );
        }
    }

    /// 29.2, 应将: an answer that cuts a root makes the chase its own, also a
    /// root that stands behind the taker. The cannon on g2 blocks the check
    /// on e2 and so leaves the file where the black cannon on g1 would take
    /// back on g7 over it once the rook had taken there (from a real game,
    /// xq003350, AXF): the horse is chased.
    #[test]
    fn an_answer_to_check_that_removes_a_cannons_screen_chases() {
        let pos = fen::position(
            "3k5/9/6n2/6R2/4c4/9/4P4/6C2/r5c2/4K4 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let horse: Square = "g7".parse().unwrap();
        for edition in [Edition::Axf, Edition::Cxa2020, Edition::Cxa1999] {
            let k = classify_iccs(edition, &pos, "g2e2");
            assert_eq!(k.label, Label::Chase, "{edition:?}");
            assert!(k.chases.iter().any(|t| t.square == horse), "{edition:?}");
        }
    }

    /// The same when the piece that attacked all along answers the check
    /// itself: the rook on d4 attacks the bare cannon on d8, the horse's
    /// check stops it taking, and the rook takes the horse on d2 without
    /// leaving the cannon's file — no chase comes from the move (29.2;
    /// found by composing 参考图19's idea with the attacker as the answer).
    #[test]
    fn the_attacker_answering_a_check_does_not_renew_its_attack() {
        let pos = after_line("5k3/3ca4/9/9/9/3R5/1n7/9/9/4K4 b", "b3d2");
        for edition in Edition::ALL {
            let k = classify_iccs(edition, &pos, "d4d2");
            assert_eq!(k.label, Label::Idle, "{edition:?}");
            assert_eq!(k.standing.len(), 1, "{edition:?}");
        }
    }

    /// An answer to a check that joins the attack itself does chase: the
    /// rook blocks the horse's leg and becomes the second attacker of the
    /// checking horse, which the cannon over the black rook could only trade
    /// for before — now the exchange wins it (少根; from a real game,
    /// xq021117).
    #[test]
    fn answering_a_check_by_joining_the_attack_chases() {
        let pos = fen::position(
            "3ak4/4a4/8b/2CP4p/p3p4/5p3/2rR4P/4B4/2n1A4/4KA3 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        for edition in [Edition::Cxa1999, Edition::Cxa2020] {
            let k = classify_iccs(edition, &pos, "d3d1");
            assert_eq!((k.label, k.reason), (Label::Chase, MoveReason::NewChase));
            assert!(k.chases.iter().any(|t| t.square.to_string() == "c1"));
        }
    }

    /// 29.2 (从捉到捉) for a piece won through a check: the checker reaches it
    /// by its checking line, so a move that leaves that line as it was is no
    /// new attacker. The king steps back beside its advisors; the cannon's
    /// check from d3 still wins the pawn on d1, as it did before the step
    /// (from a real game, xq022997). Nor is the king a partner in the chase
    /// (联合捉子) just because the cannon does not attack the pawn from e3.
    #[test]
    fn a_king_step_does_not_renew_a_chase_through_check() {
        let pos = fen::position(
            "3k5/8c/5a3/9/3N5/9/4C4/3A5/3pA3n/5K3 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        for edition in [Edition::Cxa1999, Edition::Cxa2020] {
            let k = classify_iccs(edition, &pos, "f0e0");
            assert_eq!(
                (k.label, k.reason),
                (Label::Idle, MoveReason::ChaseNotNew),
                "{edition:?}"
            );
            assert_eq!(
                k.standing.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                ["d1"]
            );
        }
    }

    /// The same with another checker and another mover: the advisor that
    /// steps off the cannon's file gives the check that wins the elephant
    /// and the advisor; the rook stepping to b8 has no part in it and
    /// chases nothing new (from a real game, xq027738). To c8 it would: after
    /// 仕六退五 将 and the pawn's step off the file, 车七退一 将 leaves only
    /// 将4退1, whose king blocks the elephant's eye, and the rook takes the
    /// cannon c9 (a reader played it out).
    #[test]
    fn a_rook_aside_does_not_renew_a_chase_through_a_discovered_check() {
        let pos = fen::position(
            "2ca1a3/R8/3kb4/8p/n8/2P6/r2p4P/3AB3B/3C5/4KA3 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let k = classify_iccs(Edition::Cxa2020, &pos, "a8b8");
        assert_eq!((k.label, k.reason), (Label::Idle, MoveReason::ChaseNotNew));
        let k = classify_iccs(Edition::Cxa2020, &pos, "a8c8");
        assert_eq!(k.label, Label::Chase);
    }

    /// 29.2 with 参考图37 ("没有加强进攻子力"): the advisor on d0 is lost
    /// already — 车6进3 checks, the king cannot take (the kings would face),
    /// 帅五进一, and the rook takes it. The cannon that comes to h5 gives one
    /// more check (炮2平8 then 炮8进5), after which the same rook takes the
    /// same advisor: one more road to a piece already lost, not a new
    /// attacker, so no renewal in 2020 (from real games, xq022768 and
    /// xq026844; the elephant on g0 is left out — with it, the cannon's
    /// check wins it, as in `a_reply_that_walks_into_mate_is_no_escape`). A
    /// cannon that wins a piece nobody could win before still chases it.
    #[test]
    fn a_new_check_on_a_piece_already_lost_renews_nothing() {
        let pos = fen::position("5k3/9/9/9/1c7/9/5r3/3AB4/9/3AK4 b", Tolerance::COMPOSED).unwrap();
        for edition in [Edition::Cxa1999, Edition::Cxa2020] {
            let k = classify_iccs(edition, &pos, "b5h5");
            assert_eq!(
                (k.label, k.reason),
                (Label::Idle, MoveReason::ChaseNotNew),
                "{edition:?}"
            );
        }
    }

    /// CXA 2020 图18: the rook comes back to the king's file, where it stops
    /// black's mate threat, and attacks the unprotected elephant on the way:
    /// "占据守和要点，附带产生的捉象按闲着处理" (27.3) — idle, and the arbiter
    /// is asked to confirm the simple draw.
    #[test]
    fn a_guard_chased_from_a_defensive_point_is_idle() {
        let pos = after_line("3k1a3/4a4/b3b4/9/9/4R4/4n4/3Ar4/3KA4/9 w", "e4d4 d9e9");
        for edition in [Edition::Cxa1999, Edition::Cxa2020] {
            let k = classify_iccs(edition, &pos, "d4e4");
            assert_eq!(
                (k.label, k.reason, k.arbiter),
                (
                    Label::Idle,
                    MoveReason::DefensivePoint,
                    Some(ArbiterNote::GuardsOnly)
                ),
                "{edition:?}"
            );
        }
        // AXF has no such clause: a chase, and nothing for the arbiter.
        let k = classify_iccs(Edition::Axf, &pos, "d4e4");
        assert_eq!((k.label, k.arbiter), (Label::Chase, None));
    }
}
