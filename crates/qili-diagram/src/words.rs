//! The report's words in Chinese and English: headings, and the names of
//! rulings, editions, verdict reasons, clauses and the cycle's extent, which
//! the site's panels use too (`site/src/strings.rs` asks these). The
//! explanations themselves come from the engine (`qili::rules::explain`),
//! rendered once there. The language is the one the site and its modules
//! share ([`qili_web::Lang`]); these words are its [`ReportText`].

use qili::rules::{Edition, IdleKind, Label, Ruling, VerdictReason};
use qili::Color;
use qili_web::Lang;

/// The report's words in a language, which the site's panels and the
/// saved studies use too.
pub trait ReportText {
    /// The report's heading words.
    fn words(self) -> &'static Words;

    /// An edition's full name.
    fn edition(self, e: Edition) -> &'static str;

    /// A ruling or verdict in words.
    fn ruling(self, r: Ruling) -> &'static str;

    /// Why a verdict binds now, in words.
    fn verdict_reason(self, why: VerdictReason) -> &'static str;

    /// A label, or the kind of an idle move, as the moves table shows it: in
    /// English, the word after the sign.
    fn label_word(self, label: Label, sub: Option<IdleKind>) -> Option<&'static str>;

    /// A side.
    fn side(self, red: bool) -> &'static str;

    /// A clause reference.
    fn clause(self, c: &str) -> String;

    /// The caption of the report's diagram.
    fn diagram_caption(self, after: usize, red_to_move: bool) -> String;

    /// The line behind a claim, in this language's notation (`zh` or
    /// `wxf`): a mating line, or a line with the material it wins.
    fn claim_line(self, zh: &str, wxf: &str, balance: Option<i32>) -> String;

    /// The cycle's extent.
    fn cycle(self, first: usize, last: usize, occurrences: usize) -> String;
}

impl ReportText for Lang {
    fn words(self) -> &'static Words {
        match self {
            Lang::Zh => &ZH,
            Lang::En => &EN,
        }
    }

    fn edition(self, e: Edition) -> &'static str {
        match self {
            Lang::Zh => e.title_zh(),
            Lang::En => e.title_en(),
        }
    }

    fn ruling(self, r: Ruling) -> &'static str {
        match (self, r) {
            (Lang::Zh, Ruling::Loses(Color::Red)) => "红方判负",
            (Lang::Zh, Ruling::Loses(Color::Black)) => "黑方判负",
            (Lang::Zh, Ruling::Draw) => "和棋",
            (Lang::Zh, Ruling::None) => "不判",
            (Lang::En, Ruling::Loses(Color::Red)) => "Red loses",
            (Lang::En, Ruling::Loses(Color::Black)) => "Black loses",
            (Lang::En, Ruling::Draw) => "Draw",
            (Lang::En, Ruling::None) => "No ruling",
        }
    }

    fn verdict_reason(self, why: VerdictReason) -> &'static str {
        use VerdictReason::*;
        match (self, why) {
            (Lang::Zh, Checkmate) => "将死",
            (Lang::Zh, Stalemate) => "困毙",
            (Lang::Zh, InsufficientMaterial) => "双方都无法取胜",
            (Lang::Zh, NaturalLimit) => "自然限着",
            (Lang::Zh, Repetition | VariedRepetition) => "循环次数已到",
            (Lang::En, Checkmate) => "checkmate",
            (Lang::En, Stalemate) => "no legal move (困毙)",
            (Lang::En, InsufficientMaterial) => "neither side can win",
            (Lang::En, NaturalLimit) => "the move limit",
            (Lang::En, Repetition | VariedRepetition) => "the repetition count is reached",
        }
    }

    fn label_word(self, label: Label, sub: Option<IdleKind>) -> Option<&'static str> {
        match (self, sub) {
            (Lang::Zh, _) => None,
            (Lang::En, Some(k)) => Some(k.en()),
            (Lang::En, None) => Some(label.en()),
        }
    }

    fn side(self, red: bool) -> &'static str {
        match (self, red) {
            (Lang::Zh, true) => "红方",
            (Lang::Zh, false) => "黑方",
            (Lang::En, true) => "Red",
            (Lang::En, false) => "Black",
        }
    }

    fn clause(self, c: &str) -> String {
        match self {
            Lang::Zh => format!("依据 {c}"),
            Lang::En => format!("Clause {c}"),
        }
    }

    fn diagram_caption(self, after: usize, red_to_move: bool) -> String {
        let side = self.side(red_to_move);
        match (self, after) {
            (Lang::Zh, 0) => format!("循环开始的局面：开始局面，{side}走"),
            (Lang::Zh, n) => format!("循环开始的局面：第 {n} 着之后，{side}走"),
            (Lang::En, 0) => format!("The cycle's first position: the start, {side} to move"),
            (Lang::En, n) => format!("The cycle's first position: after move {n}, {side} to move"),
        }
    }

    fn claim_line(self, zh: &str, wxf: &str, balance: Option<i32>) -> String {
        match (self, balance) {
            (Lang::Zh, None) => format!("杀法：{zh}"),
            (Lang::Zh, Some(b)) => format!("线路：{zh}（得失 {}）", signed(b)),
            (Lang::En, None) => format!("Mating line: {wxf}"),
            (Lang::En, Some(b)) => format!("Line: {wxf} (balance {})", signed(b)),
        }
    }

    fn cycle(self, first: usize, last: usize, occurrences: usize) -> String {
        match self {
            Lang::Zh => format!("循环：第 {first}–{last} 着，局面第 {occurrences} 次出现"),
            Lang::En => format!(
                "Cycle: moves {first}–{last}; the position has occurred {occurrences} times"
            ),
        }
    }
}

/// Fixed words of the report.
#[derive(Debug)]
pub struct Words {
    /// Above the title.
    pub kind: &'static str,
    /// The moves table's heading.
    pub moves: &'static str,
    /// Its columns: move number, side, Chinese, WXF, label.
    pub columns: [&'static str; 5],
    /// Heading of both sides' patterns.
    pub patterns: &'static str,
    /// A forbidden pattern.
    pub forbidden: &'static str,
    /// An allowed pattern.
    pub allowed: &'static str,
    /// Heading of the ruling.
    pub ruling: &'static str,
    /// Before the verdict that binds now.
    pub binding: &'static str,
    /// Heading of the explanation.
    pub why: &'static str,
    /// Before the edition.
    pub edition: &'static str,
    /// Before the date.
    pub date: &'static str,
    /// Said when the line has no repetition.
    pub no_cycle: &'static str,
    /// A judgement the arbiter must make.
    pub arbiter: &'static str,
    /// The footer.
    pub footer: &'static str,
}

const ZH: Words = Words {
    kind: "棋例裁决报告",
    moves: "循环着法",
    columns: ["着", "方", "中文", "WXF", "标签"],
    patterns: "双方着法类型",
    forbidden: "禁止",
    allowed: "允许",
    ruling: "裁决",
    binding: "现时结果：",
    why: "说明",
    edition: "规则：",
    date: "日期：",
    no_cycle: "此着法序列没有重复局面。",
    arbiter: "须由裁判判断：",
    footer: "Qili 棋例 · 由与网站棋盘相同的代码绘制",
};

const EN: Words = Words {
    kind: "Referee report",
    moves: "The cycle's moves",
    columns: ["Move", "Side", "Chinese", "WXF", "Label"],
    patterns: "Both sides' patterns",
    forbidden: "forbidden",
    allowed: "allowed",
    ruling: "Ruling",
    binding: "Binding now: ",
    why: "Explanation",
    edition: "Rules: ",
    date: "Date: ",
    no_cycle: "The line has no repeated position.",
    arbiter: "For the arbiter to judge: ",
    footer: "Qili 棋例 · drawn by the code that draws the site's board",
};

/// A balance of material as the reports and the line view write it: `+2`,
/// `0` (an even trade), `-1`.
pub fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}
