//! Repetition cycles (循环, 25.1) and each side's pattern in them (25.2).

use super::chase::Root;
use super::kind::{Label, MoveKind, MoveReason};
use super::rulebook::Rulebook;
use crate::{Color, Square};

/// What one side does inside a cycle (25.2, 28.10–28.15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// 长将: every move checks.
    PerpetualCheck,
    /// 长杀: every move threatens mate.
    PerpetualMateThreat,
    /// 长捉: every move chases.
    PerpetualChase,
    /// 一将一杀: checks and mate threats, nothing idle.
    CheckAndMateThreat,
    /// 一将一捉: checks and chases, nothing idle.
    CheckAndChase,
    /// 一杀一捉: mate threats and chases, nothing idle.
    MateThreatAndChase,
    /// 将、杀、捉 all used, nothing idle.
    CheckMateThreatAndChase,
    /// 数将一闲: checks with at least one idle move.
    ChecksAndIdle,
    /// 数杀一闲: mate threats with at least one idle move.
    MateThreatsAndIdle,
    /// 数捉一闲: chases with at least one idle move.
    ChasesAndIdle,
    /// Attacks of several kinds with at least one idle move.
    AttacksAndIdle,
    /// 闲: no attack at all.
    Idle,
}

impl Pattern {
    /// `true` for the forbidden patterns (禁止着法, 25.2): every move is an attack.
    pub const fn is_forbidden(self) -> bool {
        matches!(
            self,
            Pattern::PerpetualCheck
                | Pattern::PerpetualMateThreat
                | Pattern::PerpetualChase
                | Pattern::CheckAndMateThreat
                | Pattern::CheckAndChase
                | Pattern::MateThreatAndChase
                | Pattern::CheckMateThreatAndChase
        )
    }

    /// The rulebook name.
    pub const fn zh(self) -> &'static str {
        match self {
            Pattern::PerpetualCheck => "长将",
            Pattern::PerpetualMateThreat => "长杀",
            Pattern::PerpetualChase => "长捉",
            Pattern::CheckAndMateThreat => "一将一杀",
            Pattern::CheckAndChase => "一将一捉",
            Pattern::MateThreatAndChase => "一杀一捉",
            Pattern::CheckMateThreatAndChase => "将杀捉交替",
            Pattern::ChecksAndIdle => "数将一闲",
            Pattern::MateThreatsAndIdle => "数杀一闲",
            Pattern::ChasesAndIdle => "数捉一闲",
            Pattern::AttacksAndIdle => "打中有闲",
            Pattern::Idle => "闲",
        }
    }

    /// An English name.
    pub const fn en(self) -> &'static str {
        match self {
            Pattern::PerpetualCheck => "perpetual check",
            Pattern::PerpetualMateThreat => "perpetual mate threat",
            Pattern::PerpetualChase => "perpetual chase",
            Pattern::CheckAndMateThreat => "check and mate threat",
            Pattern::CheckAndChase => "check and chase",
            Pattern::MateThreatAndChase => "mate threat and chase",
            Pattern::CheckMateThreatAndChase => "check, mate threat and chase",
            Pattern::ChecksAndIdle => "checks with an idle move",
            Pattern::MateThreatsAndIdle => "mate threats with an idle move",
            Pattern::ChasesAndIdle => "chases with an idle move",
            Pattern::AttacksAndIdle => "attacks with an idle move",
            Pattern::Idle => "idle",
        }
    }

    /// The pattern of a list of effective labels.
    pub fn of(labels: &[Label]) -> Pattern {
        let count = |l: Label| labels.iter().filter(|&&x| x == l).count();
        let (c, m, h, i) = (
            count(Label::Check),
            count(Label::MateThreat),
            count(Label::Chase),
            count(Label::Idle),
        );
        match (c > 0, m > 0, h > 0, i > 0) {
            (false, false, false, _) => Pattern::Idle,
            (true, false, false, false) => Pattern::PerpetualCheck,
            (false, true, false, false) => Pattern::PerpetualMateThreat,
            (false, false, true, false) => Pattern::PerpetualChase,
            (true, true, false, false) => Pattern::CheckAndMateThreat,
            (true, false, true, false) => Pattern::CheckAndChase,
            (false, true, true, false) => Pattern::MateThreatAndChase,
            (true, true, true, false) => Pattern::CheckMateThreatAndChase,
            (true, false, false, true) => Pattern::ChecksAndIdle,
            (false, true, false, true) => Pattern::MateThreatsAndIdle,
            (false, false, true, true) => Pattern::ChasesAndIdle,
            (_, _, _, true) => Pattern::AttacksAndIdle,
        }
    }
}

/// One side's moves in a cycle and how they are judged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideInCycle {
    /// The side.
    pub color: Color,
    /// Indices (into the game's moves) of this side's moves in the cycle.
    pub plies: Vec<usize>,
    /// The label each of those moves counts as in the cycle (after 27.2 and
    /// the edition's rules, e.g. AXF counts 杀 as idle).
    pub effective: Vec<Label>,
    /// The pattern.
    pub pattern: Pattern,
    /// For AXF: the piece chased on every chasing move (its square at the
    /// cycle's start), if there is one.
    pub common_target: Option<Square>,
    /// 27.2 (1999): pawn chases counted as 捉 because both sides attack every move.
    pub pawn_chases_counted: bool,
    /// 2020 (图21, 图26): moves that only chase 少根子 counted as 闲 because the
    /// opponent's pattern is forbidden too.
    pub exchange_chases_discounted: bool,
    /// AXF: chases counted as 闲 because no one piece is chased on every
    /// chasing move, checks included ([`SideInCycle::common_target`] is `None`).
    pub chases_not_common: bool,
}

/// A repetition: the position after the last move occurred before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cycle {
    /// Index of the position (0 = start) where the cycle begins; the moves of
    /// the cycle are `start..end` (indices into the game's moves).
    pub start: usize,
    /// Index of the final position (= number of moves).
    pub end: usize,
    /// How many times the final position has occurred, this time included.
    pub occurrences: usize,
    /// Red's part.
    pub red: SideInCycle,
    /// Black's part.
    pub black: SideInCycle,
}

impl Cycle {
    /// The side's part.
    pub fn side(&self, color: Color) -> &SideInCycle {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }
}

/// Finds the cycle the game ends in: the latest earlier position equal to the
/// final one (same placement, same side to move — 24). `keys[i]` is the key
/// of the position before move `i` (`keys.len() == kinds.len() + 1`).
pub fn find_cycle(rules: &Rulebook, keys: &[u64], kinds: &[MoveKind]) -> Option<Cycle> {
    let end = keys.len().checked_sub(1)?;
    let last = keys[end];
    let start = (0..end).rev().find(|&i| keys[i] == last)?;
    let occurrences = keys.iter().filter(|&&k| k == last).count();
    Some(judge_span(rules, start, end, occurrences, kinds))
}

/// Judges the moves `start..end` of a game as one repetition: each side's
/// pattern over all its moves there. For a cycle, the moves between the last
/// two occurrences; for a verdict, all the moves since the first occurrence
/// counted (see [`super::verdict::occurrences_to_bind`]).
pub fn judge_span(
    rules: &Rulebook,
    start: usize,
    end: usize,
    occurrences: usize,
    kinds: &[MoveKind],
) -> Cycle {
    let plies: Vec<usize> = (start..end).collect();
    let side = |color: Color| -> Vec<usize> {
        plies
            .iter()
            .copied()
            .filter(|&i| kinds[i].mover == color)
            .collect()
    };
    let mut red = judge_side(rules, Color::Red, side(Color::Red), kinds);
    let mut black = judge_side(rules, Color::Black, side(Color::Black), kinds);
    if rules.pawn_chases_count_when_mutual {
        let (r, b) = (red.clone(), black.clone());
        count_pawn_chases_if_mutual(&mut red, &b, kinds);
        count_pawn_chases_if_mutual(&mut black, &r, kinds);
    }
    if rules.outnumbered_chases_idle_when_mutual {
        let (r, b) = (
            attacks_every_move(&red, kinds),
            attacks_every_move(&black, kinds),
        );
        discount_exchange_chases_if_mutual(&mut red, b, kinds);
        discount_exchange_chases_if_mutual(&mut black, r, kinds);
    }
    Cycle {
        start,
        end,
        occurrences,
        red,
        black,
    }
}

/// What a move counts as in a repetition: its label, but a joint chase
/// (联合捉子) is allowed where [`Rulebook::joint_chase_is_allowed`], and where
/// a mate threat is no attack ([`Rulebook::mate_threat_is_attack`]) a move
/// that threatens mate counts as the chase it makes, or as idle.
fn effective_label(rules: &Rulebook, k: &MoveKind) -> Label {
    match k.label {
        Label::Chase if rules.joint_chase_is_allowed && k.reason == MoveReason::JointChase => {
            Label::Idle
        }
        Label::MateThreat if !rules.mate_threat_is_attack => {
            if k.counted_chases().next().is_some() {
                Label::Chase
            } else {
                Label::Idle
            }
        }
        l => l,
    }
}

fn judge_side(
    rules: &Rulebook,
    color: Color,
    plies: Vec<usize>,
    kinds: &[MoveKind],
) -> SideInCycle {
    let mut effective: Vec<Label> = plies
        .iter()
        .map(|&i| effective_label(rules, &kinds[i]))
        .collect();
    let mut common_target = None;
    let mut chases_not_common = false;
    if rules.perpetual_chase_is_of_one_piece {
        // Follow the chased piece through the opponent's moves and keep only
        // the pieces chased every time.
        common_target = common_chased_piece(&plies, &effective, kinds);
        if common_target.is_none() {
            for (l, &i) in effective.iter_mut().zip(&plies) {
                if *l == Label::Chase && kinds[i].counted_chases().next().is_some() {
                    *l = Label::Idle;
                    chases_not_common = true;
                }
            }
        }
    }
    SideInCycle {
        color,
        pattern: Pattern::of(&effective),
        plies,
        effective,
        common_target,
        pawn_chases_counted: false,
        exchange_chases_discounted: false,
        chases_not_common,
    }
}

/// The piece chased by every chasing move of the side, tracked through the
/// cycle by square (a chased piece that moves is followed to its new square).
/// A check counts as a chasing move: it keeps the chase up only if it chases
/// the piece as well (Fairy-Stockfish intersects the chases of every move, so
/// 一将一捉 in which the checks chase nothing is no perpetual chase — as the
/// AXF book's examples rule it).
fn common_chased_piece(plies: &[usize], effective: &[Label], kinds: &[MoveKind]) -> Option<Square> {
    let chase_plies: Vec<usize> = plies
        .iter()
        .zip(effective)
        .filter(|(_, l)| matches!(**l, Label::Chase | Label::Check))
        .map(|(&i, _)| i)
        .collect();
    if !effective.contains(&Label::Chase) {
        return None;
    }
    let first = *chase_plies.first()?;
    // A piece counts as chased on a move if the move chases it (in AXF: it
    // attacks it anew, see `kind::classify`). A piece merely left attacked by
    // the same attackers is not chased by the move; the cycle is a perpetual
    // chase if one piece is chased on every chasing move.
    let chased = |k: &MoveKind| -> Vec<Square> {
        k.counted_chases()
            .map(|t| t.square)
            .chain(k.check_chases.iter().copied())
            .collect()
    };
    let mut candidates: Vec<(Square, Square)> =
        chased(&kinds[first]).into_iter().map(|s| (s, s)).collect();
    let mut ply = first;
    for &next in &chase_plies[1..] {
        // Follow each candidate through the moves between `ply` and `next`.
        for k in &kinds[ply + 1..next] {
            for c in candidates.iter_mut() {
                if k.mv.from == c.1 {
                    c.1 = k.mv.to;
                }
            }
        }
        let now = chased(&kinds[next]);
        candidates.retain(|c| now.contains(&c.1));
        ply = next;
    }
    candidates.first().map(|c| c.0)
}

/// 28.14 长打对长打 "步步是打": every move of the side in the cycle is 将, 杀 or
/// 捉 — a joint chase (联合捉子) too, which the 2020 book allows but which
/// attacks all the same (28.4 "将、杀、捉等攻击手段，统称为打").
fn attacks_every_move(side: &SideInCycle, kinds: &[MoveKind]) -> bool {
    side.plies.iter().all(|&i| kinds[i].label.is_attack())
}

/// CXA 2020 (图21 "红方一兑一捉，黑方长捉车"; 图26 "一着捉无根子，一着捉少根子
/// 无需变着"): when the opponent attacks on every move too (长打对长打, 28.14;
/// `opponent_attacks`), a move whose only chases are of 少根子 — pieces
/// attacked by more pieces than defend them, won only through a complete
/// exchange (29.1, 28.16; 图26: the cannon attacked by a rook and a horse,
/// guarded by one horse) — is not counted as 打: the opponent, attacking on
/// every move, need not go through the exchange. A piece whose one defender
/// cannot take back without loss elsewhere (牵) is not outnumbered, and its
/// chase counts. A side that chases an unprotected piece on one move and an
/// insufficiently protected one on the next is then 数捉一闲 and need not vary,
/// while the opponent's 长捉 must — or, if the opponent's chases are joint
/// ones, allowed, both sides are allowed.
fn discount_exchange_chases_if_mutual(
    side: &mut SideInCycle,
    opponent_attacks: bool,
    kinds: &[MoveKind],
) {
    if !opponent_attacks || !side.pattern.is_forbidden() {
        return;
    }
    let mut changed = false;
    for (l, &i) in side.effective.iter_mut().zip(&side.plies) {
        let mut chases = kinds[i].counted_chases().peekable();
        let only_insufficient = chases.peek().is_some()
            && chases.all(|t| t.root == Root::Insufficient && t.outnumbered);
        if *l == Label::Chase && only_insufficient {
            *l = Label::Idle;
            changed = true;
        }
    }
    if changed {
        side.pattern = Pattern::of(&side.effective);
        side.exchange_chases_discounted = true;
    }
}

/// 27.2 (1999 图十三, [`Rulebook::pawn_chases_count_when_mutual`]): when the
/// opponent attacks on every move, a side's moves that only a pawn's chase
/// keeps from being attacks count as chases, if that makes its pattern
/// forbidden too.
fn count_pawn_chases_if_mutual(side: &mut SideInCycle, other: &SideInCycle, kinds: &[MoveKind]) {
    if !other.pattern.is_forbidden() || side.pattern.is_forbidden() {
        return;
    }
    let upgraded: Vec<Label> = side
        .plies
        .iter()
        .zip(&side.effective)
        .map(|(&i, &l)| {
            if l == Label::Idle && kinds[i].pawn_chase_only() {
                Label::Chase
            } else {
                l
            }
        })
        .collect();
    let pattern = Pattern::of(&upgraded);
    if pattern.is_forbidden() {
        side.effective = upgraded;
        side.pattern = pattern;
        side.pawn_chases_counted = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{adjudicate, Adjudication, Edition, Ruling};
    use crate::{fen, iccs, Tolerance};
    use Label::*;

    fn game(edition: Edition, f: &str, moves: &str) -> Adjudication {
        let pos = fen::position(f, Tolerance::COMPOSED).unwrap();
        let moves = iccs::parse_line(&pos, moves).unwrap();
        adjudicate(edition, &pos, &moves).unwrap()
    }

    /// The final cycle of a game under CXA 2020, and its ruling.
    fn cycle_2020(f: &str, moves: &str) -> (Cycle, Ruling) {
        let g = game(Edition::Cxa2020, f, moves);
        (g.cycle.unwrap(), g.ruling)
    }

    /// CXA 2020 图26: red's rook takes up an unprotected horse, then (chased
    /// away by the cannon) an insufficiently protected cannon — "红方一着捉无根子，
    /// 一着捉少根子 无需变着" — while black's cannon chases the rook on every
    /// move: black must vary (26.4). With the same two kinds of chase against an
    /// idle opponent (图4: "红方长捉，黑方两闲"), red's 长捉 stands.
    #[test]
    fn insufficient_root_chases_in_a_mutual_attack_2020() {
        let fig26 = game(
            Edition::Cxa2020,
            "2baka2r/9/2n1b4/2p1p4/9/3Rc1Pc1/4C1n2/3NB1NC1/4A4/4KAB2 w",
            "d4d7 h4h7 d7d4 h7h4",
        );
        let cycle = fig26.cycle.as_ref().unwrap();
        assert_eq!(cycle.red.pattern, Pattern::ChasesAndIdle);
        assert!(cycle.red.exchange_chases_discounted);
        assert_eq!(cycle.black.pattern, Pattern::PerpetualChase);
        assert_eq!(fig26.ruling, Ruling::Loses(Color::Black));
        // The 1999 book counts 少根子 as 无根子 (28.16): both sides chase, a draw.
        let fig26_1999 = game(
            Edition::Cxa1999,
            "2baka2r/9/2n1b4/2p1p4/9/3Rc1Pc1/4C1n2/3NB1NC1/4A4/4KAB2 w",
            "d4d7 h4h7 d7d4 h7h4",
        );
        assert_eq!(fig26_1999.ruling, Ruling::Draw);
        let (cycle, ruling) = cycle_2020(
            "4k4/4a4/4ba2b/5N3/2n5C/4p2p1/P4n3/4BA3/4A4/2B1K4 w",
            "f6d5 i7g5 d5f6 g5i7",
        );
        assert_eq!(cycle.red.pattern, Pattern::PerpetualChase);
        assert!(!cycle.red.exchange_chases_discounted);
        assert_eq!(ruling, Ruling::Loses(Color::Red));
    }

    /// The discount of 图26 is for pieces outnumbered by their attackers. The
    /// rook chases the horse on d6, guarded by the cannon on h6 alone — one
    /// attacker, one defender; the exchange wins because the cannon's
    /// recapture opens the h-file to the rook on h9 (牵): a chase that counts.
    /// Red chases on every move, black too: both forbidden, a draw (26.3).
    #[test]
    fn a_tied_defender_is_not_outnumbered_2020() {
        let (cycle, ruling) = cycle_2020(
            "2r1kabr1/4a4/b1n6/p1R1p2cp/6p2/4n4/P1P1C1P1P/2NA2N2/9/2BAK1BR1 w",
            "c6c4 e4d6 c4c6 d6e4",
        );
        assert_eq!(cycle.red.pattern, Pattern::PerpetualChase);
        assert!(!cycle.red.exchange_chases_discounted);
        assert_eq!(ruling, Ruling::Draw);
    }

    /// 长打对长打 against joint chases (probe z100-06): red's rook keeps the
    /// horse pinned that guards the cannon the other rook attacks — a joint
    /// chase every move, allowed in 2020, but an attack all the same (28.4).
    /// Black chases a bare horse, then a cannon outnumbered two to one: that
    /// chase is not counted (图26), black is 一捉一闲, and the cycle a draw.
    #[test]
    fn joint_chases_every_move_are_attacks_every_move_2020() {
        let (cycle, ruling) = cycle_2020(
            "3aka3/4n4/6c1R/1np5p/4R4/2C2r3/8N/1N7/4A4/2BAK1B2 b",
            "f4f3 e5e6 f3f4 e6e5",
        );
        assert!(cycle.black.exchange_chases_discounted);
        assert_eq!(ruling, Ruling::Draw);
    }

    /// Outnumbered is won by numbers: the elephant on e7 has two attackers
    /// (the horses) and one defender, but horse for horse on its point is
    /// even; red wins it because the horse that takes uncovers the cannon on
    /// the black rook (from a real game, xq025567). Not the 攻多守少 of 图26:
    /// red's chases count, both sides chase every move, a draw.
    #[test]
    fn a_piece_won_by_an_uncovered_attack_is_not_outnumbered_2020() {
        let (cycle, ruling) = cycle_2020(
            "4kab2/4a4/4b4/1rN1n4/5Np1C/9/9/4B4/4A4/3AK1B2 w",
            "i5i6 b6b5 i6i5 b5b6",
        );
        assert_eq!(cycle.red.pattern, Pattern::PerpetualChase);
        assert!(!cycle.red.exchange_chases_discounted);
        assert_eq!(ruling, Ruling::Draw);
    }

    /// AXF: a perpetual chase is of one piece, chased by every chasing move.
    /// Two rooks against two cannons on one rank: each rook move attacks a
    /// cannon anew or leaves the other rook's attack on it standing, and
    /// black's advisors alternately uncover an attack on one rook and the
    /// other; no piece is attacked anew on every move, so neither side chases
    /// perpetually — a draw. A piece left attacked by the same attacker is not
    /// chased again by the move; one that the move gives a new attacker is
    /// (the knight becoming a cannon's screen keeps the rook chased: red loses).
    #[test]
    fn axf_one_piece_chased_anew_on_every_move() {
        let rooks = game(
            Edition::Axf,
            "3akab2/c2R1R2c/4b4/9/9/9/9/4B4/4K4/2B6 w",
            "d8d6 d9e8 d6d8 e8d9 f8f6 f9e8 f6f8 e8f9 d8d6 d9e8",
        );
        let cycle = rooks.cycle.as_ref().unwrap();
        assert_eq!(cycle.red.common_target, None);
        assert_eq!(rooks.ruling, Ruling::Draw);
        let screen = game(
            Edition::Axf,
            "2c1kab2/4a4/4b4/9/9/9/P1p5P/2r1N1cC1/4A4/3ACK3 w",
            "e2d4 g2g1 d4e2 g1g2 e2d4 g2g1 d4e2",
        );
        let cycle = screen.cycle.as_ref().unwrap();
        assert_eq!(
            cycle.red.common_target.map(|s| s.to_string()),
            Some("c2".into())
        );
        assert_eq!(screen.ruling, Ruling::Loses(Color::Red));
    }

    /// AXF: a perpetual chase is of one piece chased on every move, checks
    /// included (Fairy-Stockfish intersects the pieces chased by every move).
    /// A rook that checks and then attacks the same unprotected cannon by turns
    /// (一将一捉) chases it on no check: it need not vary — a draw. Cannons
    /// that give check and by the same move uncover an attack on the pawn they
    /// chase on the other move keep the chase up through the check: red loses.
    #[test]
    fn axf_a_check_interrupts_a_chase_unless_it_chases_too() {
        let rook = game(
            Edition::Axf,
            "3k1ab2/4a4/8b/1R7/9/9/4p2r1/9/4A4/c1BAK1B2 w",
            "b6b9 d9d8 b9b0 a0a1 b0b8 d8d9 b8b1 a1a0 b1b9 d9d8 b9b0",
        );
        let cycle = rook.cycle.as_ref().unwrap();
        assert_eq!(cycle.red.common_target, None);
        assert!(cycle.red.chases_not_common);
        assert_eq!(cycle.red.pattern, Pattern::ChecksAndIdle);
        assert_eq!(rook.ruling, Ruling::Draw);
        let why = crate::rules::explain::explain(&rook);
        assert!(why.en.contains("checks included"), "{}", why.en);
        let cannons = game(
            Edition::Axf,
            "3k5/9/9/3C5/3c5/3C5/9/9/3p5/4K4 w",
            "d4f4 d5f5 f4d4 f5d5 d4f4 d5f5 f4d4 f5d5",
        );
        let cycle = cannons.cycle.as_ref().unwrap();
        assert_eq!(cycle.red.pattern, Pattern::CheckAndChase);
        assert!(cycle.red.common_target.is_some());
        assert_eq!(cannons.ruling, Ruling::Loses(Color::Red));
    }

    #[test]
    fn patterns_25_2() {
        let cases: [(&[Label], Pattern, bool); 8] = [
            (&[Check, Check], Pattern::PerpetualCheck, true),
            (&[Chase, Chase], Pattern::PerpetualChase, true),
            (
                &[MateThreat, MateThreat],
                Pattern::PerpetualMateThreat,
                true,
            ),
            (&[Check, Chase], Pattern::CheckAndChase, true),
            (&[MateThreat, Chase], Pattern::MateThreatAndChase, true),
            (&[Check, Check, Idle], Pattern::ChecksAndIdle, false),
            (&[Chase, Idle], Pattern::ChasesAndIdle, false),
            (&[Idle, Idle], Pattern::Idle, false),
        ];
        for (labels, pattern, forbidden) in cases {
            assert_eq!(Pattern::of(labels), pattern, "{labels:?}");
            assert_eq!(pattern.is_forbidden(), forbidden, "{pattern:?}");
        }
    }
}
