//! Explanations in Chinese and English, generated once from the engine's data
//! (never parsed back). Every sentence cites the clause it rests on.

use super::attack;
use super::chase::{
    capture_is_mated, capturer_lost_to_checks, mated_captures_laid_open, offers_even_trade,
    recaptures_are_false, FalseRoot, Method, Root, Target,
};
use super::clause::Clause;
use super::cycle::{Cycle, SideInCycle};
use super::exchange::{exchange_without, gives_up_a_piece};
use super::kind::{ArbiterNote, EvenedBy, IdleKind, Label, MoveKind, MoveReason};
use super::newness::attacked_by_the_same;
use super::verdict::{occurrences_to_bind, Ruling, RulingReason};
use super::{Adjudication, Rulebook, VerdictReason};
use crate::{wxf, zh, Color, Move, Piece, Position, Role, Square, SquareSet};

/// A text in both languages.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Text {
    /// Chinese.
    pub zh: String,
    /// English.
    pub en: String,
}

impl Text {
    fn push(&mut self, zh: &str, en: &str) {
        if !self.en.is_empty() {
            self.en.push(' ');
        }
        self.zh.push_str(zh);
        self.en.push_str(en);
    }

    /// A sentence that ends citing `clause`: `zh（clause）。`, `en (clause).`
    fn cited(&mut self, zh: &str, en: &str, clause: &str) {
        self.push(zh, en);
        for (text, open, close) in [(&mut self.zh, "（", "）。"), (&mut self.en, " (", ").")] {
            text.push_str(open);
            text.push_str(clause);
            text.push_str(close);
        }
    }
}

fn side_zh(c: Color) -> &'static str {
    match c {
        Color::Red => "红方",
        Color::Black => "黑方",
    }
}

fn side_en(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// The piece's name in Chinese, as a player says it (红车, 黑炮 …).
pub fn piece_zh(p: Piece) -> String {
    let name = match (p.color, p.role) {
        (_, Role::Rook) => "车",
        (_, Role::Horse) => "马",
        (_, Role::Cannon) => "炮",
        (Color::Red, Role::Elephant) => "相",
        (Color::Black, Role::Elephant) => "象",
        (Color::Red, Role::Advisor) => "仕",
        (Color::Black, Role::Advisor) => "士",
        (Color::Red, Role::King) => "帅",
        (Color::Black, Role::King) => "将",
        (Color::Red, Role::Pawn) => "兵",
        (Color::Black, Role::Pawn) => "卒",
    };
    format!("{}{}", if p.color.is_red() { "红" } else { "黑" }, name)
}

/// The piece's name in English.
pub fn piece_en(p: Piece) -> String {
    let name = match p.role {
        Role::King => "king",
        Role::Advisor => "advisor",
        Role::Elephant => "elephant",
        Role::Horse => "horse",
        Role::Rook => "rook",
        Role::Cannon => "cannon",
        Role::Pawn => "pawn",
    };
    format!(
        "{} {}",
        if p.color.is_red() { "red" } else { "black" },
        name
    )
}

/// The moves `line`, played from `pos`, in Chinese and in WXF notation.
pub fn line_text(pos: &Position, line: &[Move]) -> (String, String) {
    let mut p = pos.clone();
    let mut text = (String::new(), String::new());
    for &m in line {
        if !text.0.is_empty() {
            text.0.push(' ');
            text.1.push(' ');
        }
        text.0.push_str(&zh::write_move(&p, m));
        text.1.push_str(&wxf::write_move(&p, m));
        p.play_unchecked(m);
    }
    text
}

/// Why `t` can be won; `after` is the position the chasing move made.
fn root_text(t: &Target, after: &Position) -> (String, String) {
    match (t.method, t.root) {
        (Method::ThroughCheck(k), _) => {
            let (z, w) = line_text(after, &[k]);
            let (z_mates, w_mates) = if t.mates_aside {
                (
                    "；途中的某些应着会被将死",
                    "; some replies on the way are mated",
                )
            } else {
                ("", "")
            };
            // One of several the check wins: the defender's reply chooses
            // which (28.3 "吃掉对方某个无根子").
            let (z_or, w_or) = others_text(after, t.alternatives & !t.square.bit());
            (
                format!("先{z}照将后可得{z_or}{z_mates}"),
                format!("won after the check {w}{w_or}{w_mates}"),
            )
        }
        (_, Root::None) => ("无根".into(), "unprotected".into()),
        (_, Root::False(why)) => false_root_text(why, t, after),
        // 攻多守少 only where the attackers outnumber the defenders; a
        // 少根 whose defender is tied elsewhere (牵) or mated for its second
        // recapture is won by the exchange all the same.
        (_, Root::Insufficient) if t.outnumbered => (
            "少根（攻多守少，交换得子）".into(),
            "insufficiently protected: more attackers than defenders, the exchange wins material"
                .into(),
        ),
        (_, Root::Insufficient) => (
            "少根（交换得子）".into(),
            "insufficiently protected: the exchange wins material".into(),
        ),
        (_, Root::Outvalued) => (
            "有根但价值高于攻击子，交换得子".into(),
            "protected, but worth more than its attacker".into(),
        ),
    }
}

/// The pieces that take `c` first, named unless the moved piece (now on
/// `m.to`) is the only one — where it is not one of them (a line it opened,
/// a root it cut, a pin or a screen it gives) and where others attack
/// beside it (1999 图十一: the king steps aside and "双马也轮流捉卒") — as the
/// subject of 捉 in Chinese (红炮（i2）捉黑车（i9）) and after "with" in
/// English. A piece won through a check is named by its check instead
/// ([`root_text`]).
fn attackers_text(c: &Target, m: Move, after: &Position) -> (String, String) {
    if matches!(c.method, Method::ThroughCheck(_)) || c.attackers == [m.to] {
        return (String::new(), String::new());
    }
    let (zh, en) = pieces_on(after, &c.attackers);
    if zh.is_empty() {
        return (String::new(), String::new());
    }
    (zh, format!(" with {en}"))
}

/// The pieces on `others`, of which the defender may give up one instead
/// (", or else the black advisor on d9, as the defender chooses"); nothing
/// if there are none.
fn others_text(after: &Position, others: u128) -> (String, String) {
    let (mut zh, mut en) = (String::new(), String::new());
    for sq in SquareSet(others) {
        if let Some(p) = after.piece_at(sq) {
            zh.push_str(&format!("，或改得{}（{sq}）", piece_zh(p)));
            en.push_str(&format!(", or else the {} on {sq}", piece_en(p)));
        }
    }
    if !en.is_empty() {
        zh.push_str("，由对方选择");
        en.push_str(", as the defender chooses");
    }
    (zh, en)
}

/// Why a false root (假根, 28.16) guards nothing, naming the guards of `t`
/// (its `protectors`, standing in `after`).
fn false_root_text(why: FalseRoot, t: &Target, after: &Position) -> (String, String) {
    let protectors = &t.protectors;
    let (zh, en) = pieces_on(after, protectors);
    let guards = if protectors.len() > 1 {
        "guards"
    } else {
        "guard"
    };
    let (zh, en) = if zh.is_empty() {
        ("保护子".to_string(), format!("its {guards}"))
    } else {
        (format!("保护它的{zh}"), format!("its {guards}, {en},"))
    };
    match why {
        // A cannon that reaches the point only over the piece that takes
        // there has no screen once it has taken: it never guarded it.
        FalseRoot::CannotTakeBack if screened_by_the_taker(t, after) => (
            format!("假根：{zh}以吃子的棋子为炮架，吃子后无法吃回"),
            format!("false root: {en} reaches it only over the piece that takes"),
        ),
        FalseRoot::CannotTakeBack => (
            format!("假根：{zh}不能合法吃回"),
            format!("false root: {en} cannot legally take back"),
        ),
        FalseRoot::MatedForTakingBack => (
            format!("假根：{zh}吃回后即被将死"),
            format!("false root: {en} would be mated for taking back"),
        ),
        FalseRoot::LostToCheck => (
            format!("假根：{zh}吃回后被照将抽吃"),
            format!("false root: {en} would be won by a check after taking back"),
        ),
    }
}

/// `true` if every guard of `t` is a cannon whose screen is one of the
/// pieces that take it (xq014805 ply 78: 车6进1 attacks the cannon c4, which
/// the cannon g4 "guards" over that rook alone).
fn screened_by_the_taker(t: &Target, after: &Position) -> bool {
    !t.protectors.is_empty()
        && t.protectors.iter().all(|&g| {
            after.piece_at(g).is_some_and(|p| p.role == Role::Cannon)
                && t.attackers
                    .iter()
                    .any(|&a| attack::on_path(after.board(), g, t.square, a))
        })
}

/// `true` if the move `m` did not give the target `c` an attacker: every
/// piece that now attacks it stood where it stands and attacked it before.
/// What made the chase new (29.2) is then that the capture began to pay — a
/// root cut, or a piece the capturer had to guard no longer at stake.
fn attacked_before_by_the_same(before: &Position, m: Move, c: &Target) -> bool {
    !matches!(c.method, Method::ThroughCheck(_))
        && !c.attackers.contains(&m.to)
        && attacked_by_the_same(before, c)
}

/// Why the same pieces could not win a piece before the move that they win
/// after it (29.2), as far as the capture on its point tells.
enum Before {
    /// No attacker could legally take it: pinned to its king, or the last
    /// piece between the kings.
    NotLegal,
    /// Every legal capture was met by mate (29.4): the move parried the
    /// threat (解杀, 2020 参考图35).
    Mated,
    /// Guards that could take back then and cannot now: the move blocked
    /// their line or leg, or made their recapture illegal (28.16 假根).
    Guarded(Vec<Square>),
    /// The guards could take back then, as they can now, but taking back
    /// is now mated or lost to a check (28.16 假根, [`FalseRoot`]).
    GuardSafe,
    /// Taking it gave up another piece then, and does not now: the taker
    /// guarded it, or screened its guard (2020 参考图15, 图23 得不偿失).
    GaveUp,
    /// With [`Rulebook::capturer_lost_to_checks_wins_nothing`]: the taker
    /// was lost to a check after taking then, and is not now (2020 图16 避抽,
    /// 图3 断根).
    LostToCheck,
    /// The exchange on its point wins only with the moved piece, which now
    /// takes part in it further down (a rook behind the cannon that takes,
    /// 2020 参考图13 "伏炮打仕，白得红仕").
    Backed,
    /// Something else: the exchange around it, what the capture opened.
    Otherwise,
}

/// [`Before`] for the chase `c` of the move played from `before`, the piece
/// moved to `moved_to`; `again` is the position after the move with the
/// mover to move again. The chase's attackers stood where they stand and
/// attacked it then.
fn why_not_won_before(
    rules: &Rulebook,
    before: &Position,
    again: &Position,
    moved_to: Square,
    c: &Target,
) -> Before {
    let captures: Vec<Move> = c
        .attackers
        .iter()
        .map(|&a| Move::new(a, c.square))
        .filter(|&m| before.is_legal(m))
        .collect();
    if captures.is_empty() {
        return Before::NotLegal;
    }
    if captures.iter().all(|&m| capture_is_mated(before, m)) {
        return Before::Mated;
    }
    // The same captures, legal after the move (the chase makes one so).
    let captures_now: Vec<Move> = captures
        .iter()
        .copied()
        .filter(|&m| again.is_legal(m))
        .collect();
    // The guards that could take back after the first of `legal`, in `pos`.
    let guards = |pos: &Position, legal: &[Move]| -> Vec<Square> {
        let Some(&first) = legal.first() else {
            return Vec::new();
        };
        pos.after(first)
            .legal_moves_to(c.square)
            .iter()
            .map(|m| m.from)
            .collect()
    };
    let now = guards(again, &captures_now);
    let lost: Vec<Square> = guards(before, &captures)
        .into_iter()
        .filter(|d| !now.contains(d))
        .collect();
    let taking_back_costs = matches!(
        c.root,
        Root::False(FalseRoot::MatedForTakingBack | FalseRoot::LostToCheck)
    );
    if !lost.is_empty() {
        Before::Guarded(lost)
    } else if taking_back_costs
        && !captures
            .iter()
            .any(|&m| recaptures_are_false(before, m, rules.captures))
    {
        Before::GuardSafe
    } else if captures.iter().all(|&m| gives_up_a_piece(before, m))
        && captures_now.iter().any(|&m| !gives_up_a_piece(again, m))
    {
        Before::GaveUp
    } else if !captures_now.is_empty()
        && captures_now
            .iter()
            .all(|&m| !exchange_without(again, m, &[moved_to]).wins_material())
    {
        Before::Backed
    } else if rules.capturer_lost_to_checks_wins_nothing
        && captures
            .iter()
            .all(|&m| capturer_lost_to_checks(before, m, c))
    {
        Before::LostToCheck
    } else {
        Before::Otherwise
    }
}

/// Why a move, played in `before`, has its label. Moves it mentions are
/// written in Chinese notation and in WXF.
pub fn explain_move(rules: &Rulebook, before: &Position, kind: &MoveKind) -> Text {
    let after = before.after(kind.mv);
    // The position after the move with its mover to move again (none after
    // a check): where what the move threatens is asked.
    let again = after.pass();
    let mut t = Text::default();
    match kind.label {
        Label::Check => t.cited("照将", "Gives check", rules.cite(Clause::Check)),
        Label::MateThreat => {
            let (z, w) = line_text(&after, kind.mate_line.as_deref().unwrap_or_default());
            t.push(
                &format!(
                    "伏杀：再走一着即可连续照将将死对方（{}，{}）。",
                    z,
                    rules.cite(Clause::MateThreat)
                ),
                &format!(
                    "Threatens mate by checks if given another move ({}; {}).",
                    w,
                    rules.cite(Clause::MateThreat)
                ),
            );
        }
        Label::Chase | Label::Idle => {}
    }
    if kind.reason == MoveReason::MutualPawnChase {
        t.cited(
            "兵（卒）本身叫吃本为闲，但双方形成互相长打，按捉处理",
            "A pawn attacking alone is idle, but both sides attack on every move, so it counts as a chase",
            rules.cite(Clause::PawnAlone),
        );
    }
    if matches!(kind.label, Label::Chase | Label::MateThreat) {
        for c in kind.counted_chases() {
            let (rz, re) = root_text(c, &after);
            let (bz, be) = attackers_text(c, kind.mv, &after);
            t.push(
                &format!(
                    "{bz}捉{}（{}），{}（{}）。",
                    piece_zh(c.piece),
                    c.square,
                    rz,
                    rules.cite(Clause::Chase)
                ),
                &format!(
                    "Chases the {} on {}{be} ({}; {}).",
                    piece_en(c.piece),
                    c.square,
                    re,
                    rules.cite(Clause::Chase)
                ),
            );
            // A piece chased jointly (联合捉子) could be won before: it is
            // not one the same pieces "could not win then".
            if kind.reason == MoveReason::NewChase
                && !c.joint
                && attacked_before_by_the_same(before, kind.mv, c)
            {
                let why = match &again {
                    Some(again) => why_not_won_before(rules, before, again, kind.mv.to, c),
                    None => Before::Otherwise,
                };
                let (zh, en) = match why {
                    Before::NotLegal => (
                        "但那时不能合法吃它".to_string(),
                        "but could not legally take it then".to_string(),
                    ),
                    Before::Mated => (
                        "但那时吃它会被将死".to_string(),
                        "but taking it then was met by mate".to_string(),
                    ),
                    Before::GuardSafe => (
                        "但那时保护子可以吃回".to_string(),
                        "but then its guard could take back".to_string(),
                    ),
                    Before::GaveUp => (
                        "但那时吃它会在别处失子".to_string(),
                        "but taking it then gave up a piece elsewhere".to_string(),
                    ),
                    Before::Backed => (
                        "但没有走动的子参与交换不能得子".to_string(),
                        "but could not win it without the moved piece, which now joins the exchange"
                            .to_string(),
                    ),
                    Before::LostToCheck => (
                        "但那时吃子的子随即会被照将抽吃".to_string(),
                        "but the taker was then lost to a check after taking".to_string(),
                    ),
                    Before::Guarded(guards) => {
                        let (zh, en) = pieces_on(before, &guards);
                        (
                            format!("但那时{zh}可以吃回，此着之后不能"),
                            format!("but then {en} could take back, and now cannot"),
                        )
                    }
                    Before::Otherwise => (
                        "但那时不能得子".to_string(),
                        "but could not win it then".to_string(),
                    ),
                };
                t.cited(
                    &format!("此子走前已被同样攻击，{zh}，属从没捉到捉"),
                    &format!("The same pieces attacked it before, {en}: a new chase"),
                    rules.cite(Clause::NewChase),
                );
            }
            // Beside a new chase, a joint one is said to be joint, so that it
            // is not read as new too.
            if kind.reason == MoveReason::NewChase && c.joint {
                t.push(
                    "此子走前已可被吃，走动的子本身吃不到便宜，但捉子离不开它：联合捉子（2020年版例图）。",
                    "This piece could already be won; the moved piece cannot win it alone but the chase needs it: a joint chase (CXA 2020 examples).",
                );
            }
        }
    }
    if kind.reason == MoveReason::JointChase {
        t.push(
            "所捉之子走前已可被吃，走动的子本身吃不到便宜，但捉子离不开它（牵制、炮架、保护）：联合捉子，判捉；循环中按允许着法处理（2020年版例图）。",
            "The chased piece could already be won; the moved piece cannot win it alone but the chase needs it (a pin, a screen, a guard): a joint chase, 捉 — yet allowed in a repetition (CXA 2020 examples).",
        );
    }
    if kind.label == Label::Idle {
        match kind.reason {
            MoveReason::ChaseNotNew => standing_text(rules, &mut t, before, &after, kind),
            MoveReason::KingAlone => t.cited(
            "只有帅（将）本身叫吃，按闲处理",
            "Only the king attacks, which counts as idle",
            rules.cite(Clause::KingAlone),
        ),
            MoveReason::PawnAlone => t.cited(
            "只有兵（卒）本身叫吃，按闲处理",
            "Only a pawn attacks, which counts as idle",
            rules.cite(Clause::PawnAlone),
        ),
            MoveReason::DefensivePoint => t.push(
                &format!("只捉士、相（象），而这一着挡住了对方的杀着，走子一方只剩一个进攻子力，是占据防守要点附带产生的捉，按闲处理（{}）；是否立即构成简明和棋，需裁判确认。", rules.cite(Clause::DefensivePoint)),
                &format!("Only advisors or elephants are chased, and the move stops the opponent's mate threat with the mover's one attacking piece left: the chase comes with holding a key defensive point, so it is idle ({}) — an arbiter must confirm the position is a simple draw.", rules.cite(Clause::DefensivePoint)),
            ),
            // The report's clause for this reason is 27.1's (the king's own
            // attacks); the sentence cites it too (2020 图17).
            MoveReason::KingAnswersCheck => t.cited(
                "走帅（将）应将后产生的捉、杀按闲处理",
                "A king move that answers a check: the attacks it leaves count as idle",
                rules.cite(Clause::KingAlone),
            ),
            MoveReason::ThreatGivenByCheck => t.cited(
                "杀势由对方照将造成（自毙），应将按闲处理",
                "The check answered made this mate threat (自毙): idle",
                rules.cite(Clause::MateThreat),
            ),
            MoveReason::ThreatGivenByMove => t.cited(
                "杀势由对方上一着造成（自毙），按闲处理",
                "The opponent's last move made this mate threat (自毙): idle",
                rules.cite(Clause::MateThreat),
            ),
            _ => {}
        }
        match kind.idle {
            // A capture taken back is a trade made, not offered: said with
            // what it took.
            Some(IdleKind::Exchange)
                if kind
                    .trades
                    .iter()
                    .any(|t| t.evened == Some(EvenedBy::TheMovesCapture)) =>
            {
                let (zh, en) = pieces_on(&after, &kind.idle_targets);
                let (took_zh, took_en) = pieces_on(before, &[kind.mv.to]);
                let clause = rules.cite(Clause::of_idle(IdleKind::Exchange));
                t.push(
                    &format!("兑：这着吃去{took_zh}，{zh}可以吃回（{clause}）。"),
                    &format!("Idle: an exchange — the move takes {took_en}, and {en} can take back ({clause})."),
                );
            }
            // Named with the enemy pieces it concerns: those it offers to
            // trade with or to, blocks, or follows.
            Some(k) => {
                let (zh, en) = pieces_on(&after, &kind.idle_targets);
                let clause = rules.cite(Clause::of_idle(k));
                let (zh, en) = if zh.is_empty() {
                    (String::new(), String::new())
                } else {
                    (format!("：{zh}"), format!(" — {en}"))
                };
                t.push(
                    &format!("{}{zh}（{clause}）。", k.zh()),
                    &format!("Idle: {}{en} ({clause}).", k.en()),
                );
            }
            None if kind.reason == MoveReason::NothingAttacked => t.cited(
                "不将、不杀、不捉，为闲着",
                "Neither checks, threatens mate nor chases: idle",
                rules.cite(Clause::Idle),
            ),
            None => {}
        }
    }
    if kind.label != Label::Check {
        // The captures that would win but for the mate that follows (29.4),
        // unless the move's counted chases or 29.2's standing attacks name
        // their pieces already (a piece its idle kind names may be one: 拦
        // of a rook that a cannon, screened by the blocker, now attacks). A
        // piece only the king or a pawn chases is not named so: the capture
        // named is another piece's, the reason it does not count.
        let named = |sq: Square| {
            kind.counted_chases().any(|t| t.square == sq) || kind.standing.contains(&sq)
        };
        let mated = again
            .as_ref()
            .map(|again| mated_captures_laid_open(before, again, kind.mv.to, |sq| !named(sq)))
            .unwrap_or_default();
        if !mated.is_empty() {
            let (zh, en) = captures_named(&after, &mated);
            t.cited(
                &format!("现在{zh}会被将死，不算捉"),
                &format!("Taking {en} is met by mate, so that is no chase"),
                rules.cite(Clause::MatedCapture),
            );
        }
    }
    if kind.arbiter == Some(ArbiterNote::GuardsOnly) && kind.reason != MoveReason::DefensivePoint {
        t.cited(
            "只捉士、相（象）：若是占据防守要点、构成简明和棋时附带产生，应按闲处理，需裁判判断",
            "Only advisors or elephants are chased: if this comes from holding a key defensive point in a simple draw it is idle — an arbiter must judge",
            rules.cite(Clause::DefensivePoint),
        );
    }
    t
}

/// The captures `captures` in `pos`, each with the piece that takes, in
/// Chinese (红车（i6）吃黑炮（i0）、…) and in English (the black cannon on i0
/// with the red rook on i6, or …).
fn captures_named(pos: &Position, captures: &[Move]) -> (String, String) {
    let (mut zh, mut en) = (String::new(), String::new());
    for (i, c) in captures.iter().enumerate() {
        let (Some(taker), Some(taken)) = (pos.piece_at(c.from), pos.piece_at(c.to)) else {
            continue;
        };
        if i > 0 {
            zh.push('、');
            en.push_str(", or ");
        }
        zh.push_str(&format!(
            "{}（{}）吃{}（{}）",
            piece_zh(taker),
            c.from,
            piece_zh(taken),
            c.to
        ));
        en.push_str(&format!(
            "the {} on {} with the {} on {}",
            piece_en(taken),
            c.to,
            piece_en(taker),
            c.from
        ));
    }
    if captures.len() > 1 {
        en.push(',');
    }
    (zh, en)
}

/// The pieces on `squares` of `pos`, named in Chinese (黑马（c7）、…) and in
/// English (the black horse on c7, … and the black rook on b7).
fn pieces_on(pos: &Position, squares: &[Square]) -> (String, String) {
    let named: Vec<(Square, Piece)> = squares
        .iter()
        .filter_map(|&sq| pos.piece_at(sq).map(|p| (sq, p)))
        .collect();
    let (mut zh, mut en) = (String::new(), String::new());
    for (i, &(sq, p)) in named.iter().enumerate() {
        if i > 0 {
            zh.push('、');
            en.push_str(if i + 1 == named.len() { " and " } else { ", " });
        }
        zh.push_str(&format!("{}（{sq}）", piece_zh(p)));
        en.push_str(&format!("the {} on {sq}", piece_en(p)));
    }
    (zh, en)
}

/// 29.2 for a move whose targets could all be won before it (从捉到捉),
/// naming them: if the moved piece attacks one of them, it keeps up its own
/// attack — or, where it did not attack it from where it stood, joins an
/// attack that won it already (1999 图六), which under AXF only an exchange
/// offer does (28.5: an equal piece the target could take); if not, the
/// move says so, and that the pieces left attacked are another piece's
/// business (1999 图五 ply 2, the king moves of 图一).
fn standing_text(
    rules: &Rulebook,
    t: &mut Text,
    before: &Position,
    after: &Position,
    kind: &MoveKind,
) {
    let moved = kind.mv.to;
    let (zh, en) = pieces_on(after, &kind.standing);
    let it = if kind.standing.len() > 1 {
        "它们"
    } else {
        "它"
    };
    // A move that answers a check is compared with the position as if the
    // check were not there (29.2 with 参考图19): what could be won "before"
    // is what could be won but for the check, not what was legal then.
    let (then_zh, then_en) = if before.is_check() {
        (
            "（不计这着所应的将军）走前已可被吃",
            "could already be won before the move (as if the check it answers were not there)",
        )
    } else {
        ("走前已可被吃", "could already be won before the move")
    };
    let attacks_now = |sq: Square| attack::attacks(after.board(), moved, sq);
    // Every piece left standing is one the moved piece attacks now and did
    // not attack from where it stood.
    let joins_all = !kind.standing.is_empty()
        && kind
            .standing
            .iter()
            .all(|&sq| attacks_now(sq) && !attack::attacks(before.board(), kind.mv.from, sq));
    if joins_all {
        let again = after.pass_in_check();
        if rules.chase_needs_new_attack
            && kind
                .standing
                .iter()
                .all(|&sq| offers_even_trade(&again, Move::new(moved, sq), rules))
        {
            t.cited(
                &format!("走动的子攻击{zh}，但对方可用同等子力吃掉它，只是兑或献；{it}{then_zh}，按闲处理"),
                &format!("The moved piece's attack on {en} only offers a trade (the piece can take it), and it {then_en}, so it is idle"),
                rules.cite(Clause::NewChase),
            );
        } else {
            t.cited(
                &format!("走动的子加入对{zh}的攻击，但{it}{then_zh}，属从捉到捉，按闲处理"),
                &format!("The moved piece joins the attack on {en}, which {then_en} (从捉到捉), so it is idle"),
                rules.cite(Clause::NewChase),
            );
        }
        return;
    }
    if kind.keeps_own_attack || kind.standing.iter().any(|&sq| attacks_now(sq)) {
        t.cited(
            &format!("{zh}{then_zh}，这着棋只是保持原有的攻击，属从捉到捉，按闲处理"),
            &format!(
                "The move keeps up an attack on {en}, which {then_en} (从捉到捉), so it is idle"
            ),
            rules.cite(Clause::NewChase),
        );
        return;
    }
    // AXF asks whether the move made the attack, not whether the piece could
    // be won before: one whose guard the move took was not (probe z120-18b).
    if rules.chase_needs_new_attack {
        t.cited(
            &format!("这着棋没有对{zh}形成新的攻击，按闲处理"),
            &format!("The move makes no new attack on {en}, so it is idle"),
            rules.cite(Clause::NewChase),
        );
        return;
    }
    t.cited(
        &format!("走动的子并不攻击{zh}；{it}{then_zh}，按闲处理"),
        &format!("The moved piece does not attack {en}, which {then_en}, so it is idle"),
        rules.cite(Clause::NewChase),
    );
}

fn side_summary(rules: &Rulebook, s: &SideInCycle) -> Text {
    let allowed_zh = if s.pattern.is_forbidden() {
        "禁止着法"
    } else {
        "允许着法"
    };
    let allowed_en = if s.pattern.is_forbidden() {
        "forbidden"
    } else {
        "allowed"
    };
    let mut t = Text::default();
    t.push(
        &format!(
            "{}{}，为{}（{}）。",
            side_zh(s.color),
            s.pattern.zh(),
            allowed_zh,
            rules.cite(Clause::Patterns)
        ),
        &format!(
            "{}: {}, {} ({}).",
            side_en(s.color),
            s.pattern.en(),
            allowed_en,
            rules.cite(Clause::Patterns)
        ),
    );
    if s.pawn_chases_counted {
        t.push(
            &format!(
                "双方形成互相长打，兵（卒）叫吃按捉处理（{}）。",
                rules.cite(Clause::PawnAlone)
            ),
            &format!(
                "Both sides attack on every move, so the pawn's attacks count as chases ({}).",
                rules.cite(Clause::PawnAlone)
            ),
        );
    }
    if s.chases_not_common {
        t.push(
            "亚洲规则：长捉须每一着（包括将军的着法）都捉同一个子；没有这样的子，捉按闲处理。",
            "AXF: a perpetual chase needs one piece chased on every move, checks included; there is none, so the chases count as idle.",
        );
    }
    if s.exchange_chases_discounted {
        t.push(
            "双方形成长打对长打，只捉少根子（攻多守少）的着法须经交换才能得子，不计为打。",
            "Both sides attack on every move, so a move that only chases a piece with more attackers than defenders (won only through an exchange) is not counted as an attack.",
        );
    }
    t
}

/// Why the cycle is ruled as it is.
pub fn explain_cycle(rules: &Rulebook, cycle: &Cycle, ruling: Ruling, why: RulingReason) -> Text {
    let mut t = side_summary(rules, &cycle.red);
    let b = side_summary(rules, &cycle.black);
    t.push(&b.zh, &b.en);
    let clause = rules.cite(why.clause());
    let (zh, en) = match (ruling, why) {
        (Ruling::Loses(c), RulingReason::PerpetualCheck) => (
            format!("不允许单方面长将，{}不变判负（{}）。", side_zh(c), clause),
            format!(
                "A one-sided perpetual check is never allowed: {} must vary or loses ({}).",
                side_en(c),
                clause
            ),
        ),
        (Ruling::Loses(c), _) => (
            format!(
                "一方禁止、一方允许，{}须变着，不变判负（{}）。",
                side_zh(c),
                clause
            ),
            format!(
                "One side forbidden, the other allowed: {} must vary or loses ({}).",
                side_en(c),
                clause
            ),
        ),
        (_, RulingReason::BothAllowed) => (
            format!("双方均为允许着法，不变作和（{}）。", clause),
            format!(
                "Both sides' moves are allowed: a draw if neither varies ({}).",
                clause
            ),
        ),
        _ => (
            format!("双方均为禁止着法，不变作和（{}）。", clause),
            format!(
                "Both sides' moves are forbidden: a draw if neither varies ({}).",
                clause
            ),
        ),
    };
    t.push(&zh, &en);
    let need = occurrences_to_bind(rules, why);
    t.push(
        &format!(
            "此局面已出现{}次；按{}，第{}次出现时裁决生效（{}）。",
            cycle.occurrences,
            rules.edition.title_zh(),
            need,
            rules.cite(Clause::Binding)
        ),
        &format!(
            "The position has occurred {} times; under the {}, the ruling binds at occurrence {} ({}).",
            cycle.occurrences,
            rules.edition.title_en(),
            need,
            rules.cite(Clause::Binding)
        ),
    );
    t
}

/// The explanation of a whole adjudication: the cycle and the verdict.
pub fn explain(a: &Adjudication) -> Text {
    let rules = &a.rules;
    let mut t = Text::default();
    match (&a.cycle, a.ruling_reason) {
        (Some(c), Some(why)) => {
            let e = explain_cycle(rules, c, a.ruling, why);
            t.push(&e.zh, &e.en);
        }
        _ => t.push(
            "终局局面此前未出现过，没有循环。",
            "The final position has not occurred before: no repetition.",
        ),
    }
    if a.arbiter.is_some() {
        t.push(
            &format!("注意：此裁决取决于对士、相（象）的捉；若属占据防守要点、构成简明和棋时附带产生，应按闲处理（{}），须由裁判判断。", rules.cite(Clause::DefensivePoint)),
            &format!("Note: this ruling rests on chases of advisors or elephants; if they come from holding a key defensive point in a simple draw they are idle ({}) — an arbiter must judge.", rules.cite(Clause::DefensivePoint)),
        );
    }
    match a.verdict_reason {
        Some(VerdictReason::Checkmate) => t.cited(
            "被将死者负",
            "The side checkmated loses",
            rules.cite(Clause::Checkmate),
        ),
        Some(VerdictReason::Stalemate) => t.cited(
            "无子可走即困毙，判负",
            "No legal move (困毙) loses",
            rules.cite(Clause::Stalemate),
        ),
        Some(VerdictReason::InsufficientMaterial) => t.cited(
            "双方均无取胜可能，和棋",
            "Neither side can win: draw",
            rules.cite(Clause::NoWinPossible),
        ),
        Some(VerdictReason::NaturalLimit) => t.cited(
            "连续60回合双方都没有吃子，和棋",
            "Sixty rounds without a capture: draw",
            rules.cite(Clause::NaturalLimit),
        ),
        Some(VerdictReason::Repetition) => t.push(
            "循环已达规定次数，裁决生效。",
            "The repetition count is reached: the ruling binds.",
        ),
        Some(VerdictReason::VariedRepetition) => t.cited(
            "循环已达规定次数，但各次之间着法不同：所计各次出现以来的着法合并判定",
            "The repetition count is reached, but the cycles differed: all moves since the first occurrence counted are judged together",
            rules.cite(Clause::Binding),
        ),
        None => {}
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{adjudicate, Edition, Rulebook};
    use crate::{fen, iccs, Tolerance};

    /// Asserts that `text` says `part`, printing the text if not.
    fn has(text: &str, part: &str) {
        assert!(text.contains(part), "{part:?} not in {text}");
    }

    /// The explanation, under CXA 2020, of move `ply` (from 0) of the ICCS
    /// `line` played from `f`, as the game's adjudication labels it.
    fn explained(f: &str, line: &str, ply: usize) -> Text {
        explained_under(Edition::Cxa2020, f, line, ply)
    }

    fn explained_under(edition: Edition, f: &str, line: &str, ply: usize) -> Text {
        let start = fen::position(f, Tolerance::COMPOSED).unwrap();
        let moves = iccs::parse_line(&start, line).unwrap();
        let game = adjudicate(edition, &start, &moves).unwrap();
        let before = moves[..ply].iter().fold(start, |p, &m| p.play(m).unwrap());
        explain_move(edition.rulebook(), &before, &game.moves[ply])
    }

    /// The explanation of a game judged under changed rules states the
    /// rules it was judged under: here a draw (CXA 2020 图3) that binds at
    /// the sixth occurrence instead of the edition's fourth. The book is
    /// named in words, as a referee names it, not by its code (`cxa2020`).
    #[test]
    fn the_explanation_follows_the_rules_applied() {
        let start = fen::position(
            "5a3/5k3/4P4/p7p/9/8P/P8/4B4/2nRA2r1/2BAK4 w",
            Tolerance::COMPOSED,
        )
        .unwrap();
        let moves = iccs::parse_line(&start, "e2g0 h1g1 g0e2 g1h1").unwrap();
        let rules = Rulebook {
            binds_at: 6,
            ..*Edition::Cxa2020.rulebook()
        };
        let game = crate::rules::adjudicate_under(&rules, &start, &moves).unwrap();
        let t = explain(&game);
        has(&t.en, "binds at occurrence 6");
        has(&t.en, "under the CXA rules, 2020 edition,");
        has(&t.zh, "按中国象棋协会 2020 年版规则，");
        assert!(!t.en.contains("cxa2020") && !t.zh.contains("cxa2020"));
    }

    /// Moves that an explanation mentions are written as a referee reads
    /// them: Chinese notation, and WXF in English (CXA 2020 图3, 车7平8).
    #[test]
    fn mentioned_moves_are_in_chinese_and_wxf() {
        let f = "5a3/5k3/4P4/p7p/9/8P/P8/4B4/2nRA2r1/2BAK4 w";
        let t = explained(f, "e2g0 h1g1 g0e2 g1h1", 3);
        has(&t.zh, "先车8进1照将后可得");
        has(&t.en, "won after the check R8+1");
    }

    /// A piece won through checks only because a reply that would keep it
    /// is mated says so: 炮2平8 chases the elephant on g0, and the block
    /// 仕六退五 on the way is met by 车6进1 mate. The check that wins it
    /// for every reply (CXA 2020 图3) says nothing of mates.
    #[test]
    fn a_chase_past_mated_replies_says_so() {
        let t = explained("5k3/9/9/9/1c7/9/5r3/3AB4/9/3AK1B2 b", "b5h5", 0);
        has(&t.zh, "捉红相（g0）");
        has(&t.zh, "途中的某些应着会被将死");
        has(&t.en, "some replies on the way are mated");
        let f = "5a3/5k3/4P4/p7p/9/8P/P8/4B4/2nRA2r1/2BAK4 w";
        let t = explained(f, "e2g0 h1g1 g0e2 g1h1", 3);
        assert!(!t.en.contains("mated"), "{}", t.en);
    }

    /// A chase made new without a new attacker says why the same pieces
    /// could not win the piece before (29.2), as the CXA 2020 figures say
    /// it. A chase by a new attacker needs no such sentence.
    #[test]
    fn a_chase_new_without_a_new_attacker_says_why() {
        // 参考图15: the cannon attacked the horse all along; the rook's
        // retreat guards the horse the capture used to give up.
        let f = "1r2kab2/4a4/2n1b1c2/p1p1p3p/6c2/4R4/P1PCPRn1P/N4CN2/4A2r1/2BAK1B2 w";
        let t = explained(f, "d3d1 h1h3", 1);
        has(
            &t.zh,
            "此子走前已被同样攻击，但那时吃它会在别处失子，属从没捉到捉",
        );
        has(
            &t.en,
            "but taking it then gave up a piece elsewhere: a new chase",
        );
        let t = explained(f, "d3d1 h1h3", 0);
        assert!(!t.zh.contains("从没捉到捉"), "{}", t.zh);
        // (figure, FEN, line, ply, Chinese, English), as the figure gives
        // the reason.
        let figures = [
            // "车4平6解杀后形成炮捉车": the rook parries the mate that met
            // the cannon's capture.
            (
                "参考图35",
                "2bak4/4a4/r1n1b4/p1R2N3/2p6/5r3/P1c3P2/4B3N/R8/2BAKA3 w",
                "f6d5 f4d4 d5f6 d4f4",
                3,
                "但那时吃它会被将死",
                "but taking it then was met by mate: a new chase",
            ),
            // "黑方将6退1避抽后，车可以吃兵": the rook that took the pawn was
            // lost to the rook's check while the king stood on f8.
            (
                "图16",
                "3a1k3/4a4/3cb4/P2rp2R1/6b2/9/9/5C3/4A4/4KA3 w",
                "h6h9 f9f8 h9h6 f8f9",
                3,
                "但那时吃子的子随即会被照将抽吃",
                "but the taker was then lost to a check after taking",
            ),
            // The cannon's step blocks the elephant that guarded.
            (
                "参考图23",
                "2c1kab2/4a4/4b4/3C3r1/pn7/2R3P2/P3P3P/4B1N2/3pA4/3AK1B2 w",
                "d6d8",
                0,
                "但那时黑象（e7）可以吃回，此着之后不能",
                "but then the black elephant on e7 could take back, and now cannot",
            ),
            // The guard can take back, but is mated for it.
            (
                "参考图25",
                "2ba1kb2/4a2r1/4c1n2/p7p/2p2rpc1/4R4/P1PR2P1P/2N1C1N2/4A4/2BK1AB2 w",
                "e2f2 f9e9 f2e2 e9f9",
                2,
                "但那时保护子可以吃回",
                "would be mated for taking back; 29.1–29.3). The same pieces attacked it before, but then its guard could take back: a new chase",
            ),
            // "车2平4，伏炮打仕，白得红仕": the rook comes behind the cannon's
            // capture of the advisor.
            (
                "参考图13",
                "3ak1b2/2P1a4/4b4/p7p/9/P1P2R2P/1r6p/1C2B4/4A4/2BA1K2c w",
                "b2d2 b3d3 d2b2 d3b3",
                1,
                "但没有走动的子参与交换不能得子",
                "but could not win it without the moved piece, which now joins the exchange",
            ),
            // The cannon's return unpins the cannon that takes.
            (
                "参考图47",
                "r2akabr1/9/2n1b1n2/p1p1p1R1p/6c2/2P6/P3P2CP/2N1C4/6c1N/R1BAKAB2 w",
                "e2g2 g5e5 g2e2 e5g5",
                2,
                "但那时不能合法吃它",
                "but could not legally take it then",
            ),
        ];
        for (figure, f, line, ply, zh, en) in figures {
            let t = explained(f, line, ply);
            assert!(t.zh.contains(zh), "{figure}: {zh:?} not in {}", t.zh);
            assert!(t.en.contains(en), "{figure}: {en:?} not in {}", t.en);
        }
    }

    /// A move that chases one piece anew and keeps up a joint chase of
    /// another (联合捉子: the cannon d5 could already be won, the rook's
    /// pin of its root needs the rook) does not say of the jointly chased
    /// piece that it "could not be won then" (a probe, z85-06), and says it
    /// is chased jointly (a reader took xq011500 ply 76's elephant for a new
    /// chase).
    #[test]
    fn a_joint_chase_beside_a_new_one_is_not_called_new() {
        let f = "r3k1b2/9/4n4/9/3c5/9/2N4p1/4R1p2/9/5K3 w";
        let t = explained(f, "e2e3", 0);
        has(&t.zh, "捉黑炮（d5）");
        assert!(!t.zh.contains("从没捉到捉"), "{}", t.zh);
        // It says which of the two is joint, after the piece it is about.
        let joint = t.zh.find("联合捉子").expect("the joint chase is named");
        assert!(t.zh.find("捉黑炮（d5）").unwrap() < joint, "{}", t.zh);
        assert!(t.zh.find("捉黑卒（h3）").unwrap() < joint, "{}", t.zh);
        has(&t.en, "This piece could already be won");
    }

    /// An idle move that leaves another piece's attack standing says that
    /// the moved piece does not attack (1999 图一: the king steps aside while
    /// its cannon keeps the rook attacked); one that keeps up its own attack
    /// says 从捉到捉 (a rook that steps along the file it attacks a bare
    /// cannon on).
    #[test]
    fn an_idle_move_says_whose_attack_stands() {
        let t = explained("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", "f0e0 e8f8", 1);
        has(&t.zh, "走动的子并不攻击红车（e0）");
        has(&t.en, "does not attack the red rook on e0");
        assert!(!t.zh.contains("从捉到捉"), "{}", t.zh);
        let t = explained("c2aka3/9/9/9/9/9/9/9/9/R2K5 w", "a0a1", 0);
        has(&t.zh, "黑炮（a9）走前已可被吃");
        has(&t.zh, "从捉到捉");
        has(&t.en, "keeps up an attack on the black cannon on a9");
        assert!(!t.en.contains("does not attack"), "{}", t.en);
    }

    /// A chase names the pieces that take unless the moved piece is the only
    /// one (CXA 2020 图2: 马二退一 uncovers the cannon on i2, which attacks
    /// the bare rook on i9; 1999 图十一: the king steps aside and its horse
    /// attacks the pawn with it); a piece that chases alone is not named
    /// again (车8平9 attacks the cannon on i2).
    #[test]
    fn a_chase_names_the_pieces_that_take() {
        let f = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w";
        let line = "h6i4 i9h9 i4h6 h9i9";
        let t = explained(f, line, 0);
        assert!(t.zh.starts_with("红炮（i2）捉黑车（i9），无根"), "{}", t.zh);
        assert!(
            t.en.starts_with("Chases the black rook on i9 with the red cannon on i2 (unprotected"),
            "{}",
            t.en
        );
        let t = explained(f, line, 3);
        assert!(t.zh.starts_with("捉红炮（i2），无根"), "{}", t.zh);
        assert!(!t.en.contains(" with "), "{}", t.en);
        let f = "3a2b1r/4ak3/8b/9/9/9/9/B2NN3B/3K5/4p4 w";
        let t = explained_under(Edition::Cxa1999, f, "d1e1 e0d0 e1d1 d0e0", 0);
        assert!(
            t.zh.starts_with("红帅（e1）、红马（d2）捉黑卒（e0）"),
            "{}",
            t.zh
        );
        has(&t.en, "with the red king on e1 and the red horse on d2");
    }

    /// A cannon that reaches the chased piece only over the piece that
    /// takes it never guarded it (xq014805 ply 78, 车6进1): the sentence says
    /// so rather than that it "cannot legally take back".
    #[test]
    fn a_cannon_screened_by_the_taker_is_named_as_such() {
        let f = "2bak4/4a4/4b4/p8/2n6/P1C3C2/5r3/5N3/4A4/2BAK1B2 b";
        let t = explained(f, "f3f4", 0);
        has(
            &t.zh,
            "假根：保护它的红炮（g4）以吃子的棋子为炮架，吃子后无法吃回",
        );
        has(
            &t.en,
            "false root: its guard, the red cannon on g4, reaches it only over the piece that takes",
        );
    }

    /// Pieces of which a check wins one, the defender choosing which, are
    /// each named with the other (xq002587 ply 75, R i4xe4: after C g0-g9+,
    /// K e9-e8 gives up the advisor d9, A f9-e8 the elephant e7).
    #[test]
    fn pieces_a_check_wins_one_of_name_each_other() {
        let f = "C1cakab2/9/4b4/9/6c2/P3p3R/5r2P/4B4/9/2BAKAC2 w";
        let t = explained(f, "i4e4", 0);
        has(&t.en, "Chases the black elephant on e7 (won after the check C3+9, or else the black advisor on d9, as the defender chooses;");
        has(
            &t.zh,
            "捉黑士（d9），先炮三进九照将后可得，或改得黑象（e7），由对方选择",
        );
    }

    /// A false root (28.16) says what makes it false, and names the guard:
    /// one that cannot legally take back (the king, whose recapture would
    /// face the other king), one mated for taking back (29.4: whichever
    /// elephant takes back, a mate follows at once), one won by a check
    /// after taking back (抽: the rook, forked with the king by N f6-g8+).
    #[test]
    fn a_false_root_says_what_makes_it_false() {
        let t = explained("4k4/4n4/9/9/9/9/9/9/3R5/4K4 w", "d1e1", 0);
        has(&t.zh, "假根：保护它的黑将（e9）不能合法吃回");
        has(
            &t.en,
            "false root: its guard, the black king on e9, cannot legally take back",
        );
        let f = "2ba1kb2/4a2r1/4c1n2/p7p/2p2rpc1/4R4/P1PR2P1P/2N1C1N2/4A4/2BK1AB2 w";
        let t = explained(f, "e2f2 f9e9 f2e2", 2);
        has(&t.zh, "黑象（c9）、黑象（g9）吃回后即被将死");
        has(&t.en, "its guards, the black elephant on c9 and the black elephant on g9, would be mated for taking back");
        let t = explained("2b1k2r1/9/9/5N1c1/9/2p6/4N4/9/9/3K5 w", "e3g4", 0);
        has(&t.zh, "保护它的黑车（h9）吃回后被照将抽吃");
        assert!(
            t.en.contains(
                "its guard, the black rook on h9, would be won by a check after taking back"
            ),
            "{}",
            t.en
        );
    }

    /// An attack that is no chase because taking is met by mate says so
    /// (29.4), naming the piece that would take: the rook that steps to i6 attacks the bare cannon on i0, but
    /// after R i6xi0 black mates (N e2-c1+, then the rook's checks). A chase
    /// says nothing of mates (CXA 2020 图2).
    #[test]
    fn an_attack_met_by_mate_says_why_it_is_no_chase() {
        let f = "2ba1k3/4a4/b8/7R1/9/9/1r2p4/4n4/4A4/2B1KAB1c w";
        let t = explained(f, "h6i6", 0);
        has(&t.zh, "现在红车（i6）吃黑炮（i0）会被将死，不算捉（29.4）");
        has(
            &t.en,
            "Taking the black cannon on i0 with the red rook on i6 is met by mate, so that is no chase",
        );
        let t = explained_under(Edition::Axf, f, "h6i6", 0);
        has(&t.en, "met by mate, so that is no chase (AXF 棋例)");
        // A line the move screens: the horse on h1 becomes the screen of
        // the cannon on h6, which attacks the rook on h0 — but C h6xh0 is
        // met by the other cannon's h9xh0, mate (the rook on f0 is held by
        // the cannon on i0).
        let f = "4k2c1/9/4c4/6PC1/9/9/9/4BN3/4A4/3AKR1rc w";
        let t = explained_under(Edition::Axf, f, "f2h1", 0);
        has(&t.zh, "现在红炮（h6）吃黑车（h0）会被将死");
        // A root the move makes false (Fairy-Stockfish's "creating pins to
        // undermine root", with a red rook more): the horse's return to e3
        // pins, by its leg, the rook that guards the horse on d2 — but
        // R d3xd2 is met by R h7-h9 mate.
        let f = "4k4/4c4/7R1/4p4/9/9/3rn4/3NR4/4K4/9 b";
        let t = explained_under(Edition::Axf, f, "e3g4 e1f1 g4e3", 2);
        has(
            &t.en,
            "Taking the red horse on d2 with the black rook on d3 is met by mate",
        );
        let f = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w";
        let t = explained(f, "h6i4", 0);
        assert!(!t.en.contains("met by mate"), "{}", t.en);
        // A piece only the king chases (27.1), which another piece the move
        // frees could take but for the mate that follows: the king's step
        // frees the leg of the horse on d7, and N d7xe9 is met by R f3-f8
        // mate (Fairy-Stockfish's fsf-12 with a red rook on f3). The text
        // says why the horse does not chase, naming it.
        let f = "3P5/3k5/3nn4/9/9/9/5R3/9/9/5K3 w";
        let t = explained_under(Edition::Axf, f, "d9e9 d8e8", 1);
        has(&t.en, "Only the king attacks");
        has(
            &t.en,
            "Taking the red pawn on e9 with the black horse on d7 is met by mate",
        );
        has(&t.zh, "现在黑马（d7）吃红兵（e9）会被将死，不算捉");
    }

    /// 少根 says 攻多守少 only where the attackers outnumber the defenders
    /// (CXA 2020 图23: two rooks against the cannon's one guard), not where
    /// the exchange wins by what it takes on the way (图4: 马六进四, "伏以炮换马
    /// 多得一卒", a cannon for the horse and a pawn besides).
    #[test]
    fn an_outnumbered_piece_is_told_from_one_won_by_the_exchange() {
        let t = explained(
            "2bakr3/4a4/4b4/9/9/9/1r7/1c3A2B/2R1A2N1/1R3K3 w",
            "c1c2 b2b1 c2c1 b1b2",
            0,
        );
        has(&t.zh, "少根（攻多守少，交换得子）");
        has(&t.en, "more attackers than defenders");
        let t = explained(
            "4k4/4a4/4ba2b/5N3/2n5C/4p2p1/P4n3/4BA3/4A4/2B1K4 w",
            "f6d5 i7g5 d5f6 g5i7",
            2,
        );
        has(&t.zh, "少根（交换得子）");
        assert!(!t.en.contains("more attackers"), "{}", t.en);
    }

    /// A moved piece that joins an attack on a piece already won says so
    /// (1999 图六's 从捉到捉, here with CXA 2020 参考图45's position under
    /// 1999: 炮一平三 joins the horse's attack on the bare elephant on g5);
    /// under AXF, one whose new attack only offers a trade says that
    /// (axf-095 with a red horse on f4, probe z132-01).
    #[test]
    fn a_piece_joining_an_attack_says_what_it_adds() {
        let f = "3a1kC2/4ac2n/4b3r/p2P1R2p/4p1b2/9/P3PN2P/4B4/4A4/2BAK4 w";
        let t = explained_under(Edition::Cxa1999, f, "g9i9 i8g7 i9g9", 2);
        has(
            &t.zh,
            "走动的子加入对黑象（g5）的攻击，但它走前已可被吃，属从捉到捉",
        );
        has(
            &t.en,
            "The moved piece joins the attack on the black elephant on g5",
        );
        let f = "5kb2/4a4/4ba3/5r3/9/P4N1R1/3cpCpc1/4BA3/4A4/2BK5 w";
        let t = explained_under(Edition::Axf, f, "h4h6", 0);
        has(&t.en, "attack on the black rook on f6 only offers a trade");
        assert!(!t.en.contains("keeps up"), "{}", t.en);
    }

    #[test]
    fn several_pieces_are_named_as_a_list() {
        let pos = fen::position("2nk5/9/1r7/9/6N2/9/9/7R1/9/4K4 w", Tolerance::COMPOSED).unwrap();
        let squares = ["c9", "b7", "g5"].map(|s| s.parse::<Square>().unwrap());
        let (zh, en) = pieces_on(&pos, &squares);
        assert_eq!(zh, "黑马（c9）、黑车（b7）、红马（g5）");
        assert_eq!(
            en,
            "the black horse on c9, the black rook on b7 and the red horse on g5"
        );
        assert_eq!(pieces_on(&pos, &squares[..1]).1, "the black horse on c9");
    }

    /// AXF asks whether the move made the attack, not whether the piece
    /// could be won before (probe z120-18b: the rook takes the horse that
    /// guarded the cannon e7, which the horse f5 attacked all along — it
    /// could not be won before, and the move makes no new attack on it).
    #[test]
    fn an_axf_idle_move_says_it_makes_no_new_attack() {
        let f = "4k4/r1n6/4c4/9/5N3/9/9/2R6/9/3K5 w";
        let t = explained_under(Edition::Axf, f, "c2c8", 0);
        has(&t.zh, "没有对黑炮（e7）形成新的攻击");
        has(&t.en, "makes no new attack on the black cannon on e7");
        assert!(!t.en.contains("could already be won"), "{}", t.en);
        let t = explained(f, "c2c8", 0);
        has(
            &t.en,
            "but then the black horse on c8 could take back, and now cannot",
        );
    }

    /// A move that answers a check is compared, for 29.2, with the position
    /// as if the check were not there (参考图19): the advisor f2 could not
    /// be taken before the king stepped out of check, only but for the
    /// check, and the text says so (a real game, xq018613 move 120: 将5平4
    /// leaves the advisor to the rook f3 as before 车七平六 gave check).
    #[test]
    fn an_answer_to_a_check_says_what_stood_but_for_the_check() {
        let f = "2R1k4/4ac3/9/3N4p/p8/8P/P3Pr3/5A3/5K3/9 b";
        for edition in [Edition::Cxa2020, Edition::Cxa1999] {
            let t = explained_under(edition, f, "e8d9", 0);
            has(&t.zh, "它（不计这着所应的将军）走前已可被吃");
            has(&t.en, "(as if the check it answers were not there)");
        }
        // A move not in check says "before the move" alone (1999 图五 ply 2:
        // the pawn's rook steps aside, the horse d3 left to the pawn).
        let f = "4k4/9/9/9/9/1r7/4p4/1N7/9/3K5 w";
        let t = explained_under(Edition::Cxa1999, f, "b2d3 b4c4", 1);
        has(&t.zh, "它走前已可被吃");
        has(&t.en, "which could already be won before the move, so");
    }

    /// A capture taken back by a piece of its value is an exchange made:
    /// the text says what the move took and who takes back (28.5), not
    /// "exchange offer".
    #[test]
    fn a_capture_taken_back_says_what_it_took() {
        let t = explained("4k4/3r3r1/9/6n2/3R5/9/9/9/9/3K5 w", "d5d8", 0);
        has(&t.zh, "兑：这着吃去黑车（d8），黑车（h8）可以吃回");
        has(
            &t.en,
            "an exchange — the move takes the black rook on d8, and the black rook on h8 can take back",
        );
        // A capture whose piece stays guarded is not taken back for
        // nothing: it offers the rooks' trade, and says so (the rook takes
        // a pawn; the black rook may take it, the horse c3 takes back).
        let t = explained("4k4/9/6n2/9/3p3r1/9/2N6/3R5/9/5K3 w", "d2d5", 0);
        assert_eq!(t.zh, "兑：黑车（h5）（28.5）。");
        assert_eq!(t.en, "Idle: exchange offer — the black rook on h5 (28.5).");
    }
}
