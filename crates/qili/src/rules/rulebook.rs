//! Every difference between the rulebooks, on one screen.
//!
//! The engine never asks which edition it runs under: it asks the
//! [`Rulebook`], a value of named switches built once per edition
//! ([`Edition::rulebook`]). Each switch cites the clause or the worked example
//! it comes from; `rules/LEDGER.md` lists, for each, the examples it decides.
//!
//! | switch | 1999 | 2020 | AXF |
//! |---|---|---|---|
//! | [`mate_threat_is_attack`](Rulebook::mate_threat_is_attack) | ✓ | ✓ | – |
//! | [`outnumbered_is_chased`](Rulebook::outnumbered_is_chased) | ✓ | ✓ | – |
//! | [`captures.mated_recapture_is_no_root`](CaptureRules::mated_recapture_is_no_root) | ✓ | ✓ | – |
//! | [`captures.lost_recapture_is_no_root`](CaptureRules::lost_recapture_is_no_root) | ✓ | ✓ | – |
//! | [`captures.escape_costs_the_capture`](CaptureRules::escape_costs_the_capture) | ✓ | ✓ | – |
//! | [`chase_through_checks`](Rulebook::chase_through_checks) | ✓ | ✓ | – |
//! | [`crossed_pawn_floats_in_checks`](Rulebook::crossed_pawn_floats_in_checks) | ✓ | ✓ | – |
//! | [`rook_won_for_a_pawn_counts`](Rulebook::rook_won_for_a_pawn_counts) | – | ✓ | – |
//! | [`helped_king_or_pawn_chases`](Rulebook::helped_king_or_pawn_chases) | ✓ | ✓ | – |
//! | [`capturer_lost_to_checks_wins_nothing`](Rulebook::capturer_lost_to_checks_wins_nothing) | ✓ | ✓ | – |
//! | [`trade_offer_must_be_takeable`](Rulebook::trade_offer_must_be_takeable) | ✓ | ✓ | – |
//! | [`new_attacker_renews_chase`](Rulebook::new_attacker_renews_chase) | – | ✓ | ✓ |
//! | [`freed_taker_renews_chase`](Rulebook::freed_taker_renews_chase) | – | ✓ | – |
//! | [`chase_needs_new_attack`](Rulebook::chase_needs_new_attack) | – | – | ✓ |
//! | [`joint_chase_is_allowed`](Rulebook::joint_chase_is_allowed) | – | ✓ | – |
//! | [`king_answering_check_is_idle`](Rulebook::king_answering_check_is_idle) | ✓ | ✓ | – |
//! | [`defensive_point_is_idle`](Rulebook::defensive_point_is_idle) | ✓ | ✓ | – |
//! | [`perpetual_chase_is_of_one_piece`](Rulebook::perpetual_chase_is_of_one_piece) | – | – | ✓ |
//! | [`pawn_chases_count_when_mutual`](Rulebook::pawn_chases_count_when_mutual) | ✓ | – | – |
//! | [`outnumbered_chases_idle_when_mutual`](Rulebook::outnumbered_chases_idle_when_mutual) | – | ✓ | – |
//! | [`own_checks_counted_toward_limit`](Rulebook::own_checks_counted_toward_limit) | 10 | 10 | all |
//! | [`binds_at`](Rulebook::binds_at) / [`forbidden_side_binds_at`](Rulebook::forbidden_side_binds_at) | 4 / 5 | 4 / 5 | 3 / 3 |
//! | [`clauses`](Rulebook::clauses) | CXA | CXA | AXF |

use super::{value, Edition};
use crate::Role;

/// How captures are counted when deciding whether a piece can be won (29.1,
/// 28.16). The capture that ends a line of checks counts the plain exchange
/// ([`CaptureRules::PLAIN`]) with 29.4 asked of its recapture, where the
/// rules ask it ([`CaptureRules::mated_recapture_is_no_root`]): the other
/// refinements would be run on every line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CaptureRules {
    /// 28.16 假根 with 29.4 (2020 参考图25 "伏车五进三吃炮"): a defender whose
    /// every recapture lets the capturer force mate (29.4, as for any
    /// capture: by checks, blocks included) is no root.
    pub mated_recapture_is_no_root: bool,
    /// 28.16 假根 ("形式上是根，实际上起不到充分保护作用") with 29.1 "通过连续照将
    /// 吃子": a defender whose every recapture is lost to a check that wins
    /// the piece that took back (抽: a fork, a discovered check), for more
    /// than the trade gave, is no root. A recapture the check search does
    /// not see past stands.
    pub lost_recapture_is_no_root: bool,
    /// 29.1 "得子" (2020 参考图39 "不能离线"): a capture after which a piece the
    /// side could win escapes by taking, and cannot be won any more, costs
    /// that piece as well. 1999 reads 得子 the same way (细则3 "在子力价值上构成
    /// 得子"). AXF counts the capture alone.
    pub escape_costs_the_capture: bool,
}

impl CaptureRules {
    /// The plain exchange on one square.
    pub const PLAIN: CaptureRules = CaptureRules {
        mated_recapture_is_no_root: false,
        lost_recapture_is_no_root: false,
        escape_costs_the_capture: false,
    };
}

/// Which clause numbers a report cites.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Clauses {
    /// The CXA books' chapter 7 numbering (24–29), shared by 1999 and 2020.
    Cxa,
    /// The AXF/WXF rules, which have their own numbering: cited as "AXF 棋例".
    Axf,
}

/// The rules of one edition, as named switches. See the module doc for all
/// of them side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rulebook {
    /// The edition these switches are.
    pub edition: Edition,

    // --- What a move attacks (28.2–28.4, 29.1, 29.3) ---
    /// 28.2 with 28.4: a mate threat (杀) is an attack (打) in a repetition.
    /// AXF: only checks and chases are; a mate threat that chases counts as
    /// the chase, one that does not is idle.
    pub mate_threat_is_attack: bool,
    /// 28.16 少根: a protected piece that more pieces attack than defend it,
    /// so that the whole exchange wins material, is chased. AXF counts only
    /// unprotected pieces (false roots included) and pieces worth more than
    /// their attacker.
    pub outnumbered_is_chased: bool,
    /// How a capture wins material.
    pub captures: CaptureRules,
    /// 28.3 "包括从下一着开始运用连续照将": a piece won after a series of checks
    /// is chased. AXF's examples count only captures on the next move.
    pub chase_through_checks: bool,
    /// 25.3 兵卒价值浮动 in a checking line (1999 图十二 "过河兵子力浮动，不存在
    /// 得子"; 2020 图24 "可以送兵换马，兵卒价值浮动，判闲"): a crossed pawn the
    /// defender takes on the way is worth whatever it buys — a pawn given up
    /// to win a piece wins nothing ([`Rulebook::pawn_given_up_in_checks`]).
    pub crossed_pawn_floats_in_checks: bool,
    /// CXA 2020 图24 "将军弃兵得车" and 参考图29 "弃卒将军换车" (捉), beside 图24's
    /// 送兵换马 and 25.3 "一兵换取数子…均不算得子" (闲): a rook won for a pawn
    /// given up with check is a gain — it buys one piece worth two; any other
    /// piece, or several, it floats to. In 1999 (图十二) a rook too.
    pub rook_won_for_a_pawn_counts: bool,
    /// 27.1 "其他棋子和帅(将)同时捉吃" (2020 参考图11 "炮卒联合捉子"): an attack by
    /// the king or a pawn is a chase when another piece attacks the target too.
    pub helped_king_or_pawn_chases: bool,
    /// 29.1 "得子" (2020 图16 "避抽后，车可以吃兵"): a capture after which the
    /// capturer is won back through checks, for more, wins nothing — nor one
    /// after which a check it opened wins another piece for more (图23's
    /// 得不偿失 by a check) — nor in 1999 (细则3: what counts is material
    /// gained by value). AXF counts the capture alone.
    pub capturer_lost_to_checks_wins_nothing: bool,
    /// 28.5 with 29.4 (2020 参考图49 "不能离线", 图17 "双车尽失"): an attack is an
    /// offer to exchange only if the offer can be taken — taking the attacker
    /// loses neither to mate nor to checks; so is an even trade a move makes
    /// possible (an idle 兑). AXF: any even pair is an offer.
    pub trade_offer_must_be_takeable: bool,

    // --- Whether a chase is new (29.2) ---
    /// 29.2 (2020 参考图23; AXF alike): a piece that could already be won is
    /// chased anew when the move gives it a new attacker. 1999 (图六): 从捉到捉
    /// is idle, whatever joins the attack.
    pub new_attacker_renews_chase: bool,
    /// 29.2 (2020 图12, 参考图15): a piece that could be taken before only by
    /// giving up a piece worth as much (its taker was a root or a screen) is
    /// chased anew when the move frees the taker.
    pub freed_taker_renews_chase: bool,
    /// AXF (as its examples and Fairy-Stockfish read 29.2): a chase must be
    /// made by the move — a new attacker (also one it frees from a pin to its
    /// king: axf-092, a pinned piece does not chase), or a root made false by a
    /// pin, an X-ray or a cut line; a piece that merely lost its protection is
    /// not chased.
    pub chase_needs_new_attack: bool,
    /// 2020 联合捉子 (图10, 11, 25, 27, 28; 参考图11, 39): a move the chase of an
    /// already attacked piece needs, without winning it alone, is 捉 but
    /// counts as allowed in a repetition.
    pub joint_chase_is_allowed: bool,
    /// CXA (2020 图17): a king answering a check neither chases nor threatens
    /// mate by that move.
    pub king_answering_check_is_idle: bool,
    /// 27.3 (2020 图18 "占据守和要点，附带产生的捉象按闲着处理"): a move that stops a
    /// mate threat, by a side left with one attacking piece at most, and
    /// chases only advisors or elephants is idle, and any
    /// chase of advisors or elephants alone is flagged for the arbiter
    /// ([`ArbiterNote::GuardsOnly`](super::kind::ArbiterNote::GuardsOnly)).
    /// AXF has no such clause: neither.
    pub defensive_point_is_idle: bool,

    // --- Cycles (25, 26, 27.2) ---
    /// AXF: a perpetual chase is of one and the same piece, followed through
    /// the cycle; a check keeps it up only if it chases that piece too.
    pub perpetual_chase_is_of_one_piece: bool,
    /// 27.2 (1999 图十三): in a mutual perpetual attack a pawn's chases count.
    pub pawn_chases_count_when_mutual: bool,
    /// 2020 (图21, 图26): when both sides attack every move, a chase only of
    /// 少根子 (won only through the whole exchange) is not counted as 打.
    pub outnumbered_chases_idle_when_mutual: bool,

    // --- The verdict (4.2.4, 23.3, 24) ---
    /// Plies without a capture that draw by the natural move limit (4.2.4).
    pub natural_limit_plies: u32,
    /// 23.3: of a side's own checks, how many count toward the natural limit
    /// when it claims (`None`: all of them, AXF).
    pub own_checks_counted_toward_limit: Option<u32>,
    /// 24: the occurrence of the position at which a repetition ruling binds
    /// (CXA: the pending position after three cycles; AXF: the third).
    pub binds_at: usize,
    /// 24: the occurrence at which a forbidden side facing an allowed one
    /// loses (CXA: one cycle after the pending position).
    pub forbidden_side_binds_at: usize,
    /// Which clause numbers the reports cite.
    pub clauses: Clauses,
}

impl Rulebook {
    /// What a crossed pawn the defender takes in a checking line counts as
    /// lost, at least, in a line that wins `won` (25.3): with
    /// [`Rulebook::crossed_pawn_floats_in_checks`] everything (nothing is won
    /// for it) — but an advisor and a cannon against a rook where
    /// [`Rulebook::rook_won_for_a_pawn_counts`]; otherwise no more than it is.
    pub fn pawn_given_up_in_checks(&self, won: Role) -> i32 {
        match (
            self.crossed_pawn_floats_in_checks,
            self.rook_won_for_a_pawn_counts && won == Role::Rook,
        ) {
            (false, _) => 0,
            (true, true) => value::MINOR + value::GUARD,
            (true, false) => value::KING,
        }
    }

    /// 中国象棋竞赛规则 (1999).
    pub const CXA1999: Rulebook = Rulebook {
        edition: Edition::Cxa1999,
        mate_threat_is_attack: true,
        outnumbered_is_chased: true,
        captures: CaptureRules {
            mated_recapture_is_no_root: true,
            lost_recapture_is_no_root: true,
            escape_costs_the_capture: true,
        },
        chase_through_checks: true,
        crossed_pawn_floats_in_checks: true,
        rook_won_for_a_pawn_counts: false,
        helped_king_or_pawn_chases: true,
        capturer_lost_to_checks_wins_nothing: true,
        trade_offer_must_be_takeable: true,
        new_attacker_renews_chase: false,
        freed_taker_renews_chase: false,
        chase_needs_new_attack: false,
        joint_chase_is_allowed: false,
        king_answering_check_is_idle: true,
        defensive_point_is_idle: true,
        perpetual_chase_is_of_one_piece: false,
        pawn_chases_count_when_mutual: true,
        outnumbered_chases_idle_when_mutual: false,
        natural_limit_plies: 120,
        own_checks_counted_toward_limit: Some(10),
        binds_at: 4,
        forbidden_side_binds_at: 5,
        clauses: Clauses::Cxa,
    };

    /// The CXA book of 2020, as its worked examples rule.
    pub const CXA2020: Rulebook = Rulebook {
        edition: Edition::Cxa2020,
        rook_won_for_a_pawn_counts: true,
        new_attacker_renews_chase: true,
        freed_taker_renews_chase: true,
        joint_chase_is_allowed: true,
        pawn_chases_count_when_mutual: false,
        outnumbered_chases_idle_when_mutual: true,
        ..Rulebook::CXA1999
    };

    /// The AXF (and WXF) rules.
    pub const AXF: Rulebook = Rulebook {
        edition: Edition::Axf,
        mate_threat_is_attack: false,
        outnumbered_is_chased: false,
        captures: CaptureRules::PLAIN,
        chase_through_checks: false,
        crossed_pawn_floats_in_checks: false,
        rook_won_for_a_pawn_counts: false,
        helped_king_or_pawn_chases: false,
        capturer_lost_to_checks_wins_nothing: false,
        trade_offer_must_be_takeable: false,
        new_attacker_renews_chase: true,
        freed_taker_renews_chase: false,
        chase_needs_new_attack: true,
        joint_chase_is_allowed: false,
        king_answering_check_is_idle: false,
        defensive_point_is_idle: false,
        perpetual_chase_is_of_one_piece: true,
        pawn_chases_count_when_mutual: false,
        outnumbered_chases_idle_when_mutual: false,
        natural_limit_plies: 120,
        own_checks_counted_toward_limit: None,
        binds_at: 3,
        forbidden_side_binds_at: 3,
        clauses: Clauses::Axf,
    };
}

impl Edition {
    /// The rules of this edition.
    pub const fn rulebook(self) -> &'static Rulebook {
        match self {
            Edition::Cxa1999 => &Rulebook::CXA1999,
            Edition::Cxa2020 => &Rulebook::CXA2020,
            Edition::Axf => &Rulebook::AXF,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_edition_has_its_own_rulebook() {
        for e in Edition::ALL {
            assert_eq!(e.rulebook().edition, e);
        }
    }
}
