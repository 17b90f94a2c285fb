//! Every user-visible string, in Chinese and English, in one place.
//!
//! Rule text (labels' explanations, pattern names, the rulings' reasons)
//! comes from the engine's report; this module only names things the site
//! itself shows (buttons, headings) and maps the report's codes (`red_loses`,
//! `through_check` …) to words.

use qili::rules::{Edition, IdleKind, Label, Method, Root, Ruling, VerdictReason};
use qili::{Color, Piece, Problem, Square};

use crate::board::BoardText;
use crate::library::Group;

/// A language the site is shown in: the one its modules and the referee's
/// report share.
pub use qili_web::Lang;

/// The fixed strings of the site in one language.
#[derive(Debug)]
pub struct Strings {
    /// One line under the title saying what Qili is.
    pub tagline: &'static str,
    /// Label of the button that switches to the other language.
    pub switch_lang: &'static str,
    /// Accessible name of that button.
    pub switch_lang_label: &'static str,
    /// Name of the main navigation.
    pub nav: &'static str,
    /// Navigation: the library.
    pub nav_library: &'static str,
    /// Navigation: the analysis board.
    pub nav_analysis: &'static str,
    /// Navigation: how to read the site.
    pub nav_about: &'static str,
    /// The skip link.
    pub skip: &'static str,

    /// Library: heading.
    pub library_title: &'static str,
    /// Library: introduction.
    pub library_intro: &'static str,
    /// Library: the search box's label.
    pub search: &'static str,
    /// Library: the search box's placeholder.
    pub search_placeholder: &'static str,
    /// Library: the pattern filter's label.
    pub pattern: &'static str,
    /// Library: no pattern filter.
    pub all_patterns: &'static str,
    /// Library: the edition filter's label.
    pub rules: &'static str,
    /// Library: no edition filter.
    pub all_editions: &'static str,
    /// Library: nothing matches.
    pub no_match: &'static str,
    /// Library: our own composition.
    pub composed: &'static str,
    /// Replay: what "composed" means.
    pub composed_note: &'static str,
    /// Library and replay: the same diagram elsewhere.
    pub see_also: &'static str,
    /// Library: a case is still being judged.
    pub judging: &'static str,
    /// Library: clear the filters.
    pub clear_filters: &'static str,

    /// Replay: back to the library.
    pub back: &'static str,
    /// Replay: open the example on the analysis board.
    pub open_in_analysis: &'static str,
    /// Step: to the start.
    pub first: &'static str,
    /// Step: one back.
    pub prev: &'static str,
    /// Step: play.
    pub play: &'static str,
    /// Step: pause.
    pub pause: &'static str,
    /// Step: one on.
    pub next: &'static str,
    /// Step: to the end.
    pub last: &'static str,
    /// Analysis: take back.
    pub undo: &'static str,
    /// Analysis: play again.
    pub redo: &'static str,
    /// Turn the board.
    pub flip: &'static str,
    /// Name of the step toolbar.
    pub controls: &'static str,
    /// Keyboard hint under the controls.
    pub keys_hint: &'static str,
    /// The start position.
    pub start_position: &'static str,
    /// Edition switch label.
    pub judge_by: &'static str,
    /// Marks the example's own edition.
    pub own_edition: &'static str,
    /// Notation switch label.
    pub notation: &'static str,
    /// Move list heading.
    pub moves: &'static str,
    /// Move list: the entry before the first move.
    pub start_entry: &'static str,
    /// Red.
    pub red: &'static str,
    /// Black.
    pub black: &'static str,
    /// Detail heading.
    pub this_move: &'static str,
    /// Detail at the start position.
    pub no_move_yet: &'static str,
    /// Chase table: the chased piece.
    pub chased: &'static str,
    /// Chase table: attackers.
    pub attackers: &'static str,
    /// Chase table: how it is won.
    pub method: &'static str,
    /// Chase table: protection.
    pub root: &'static str,
    /// Chase table: protectors.
    pub protectors: &'static str,
    /// Chase table: material won.
    pub gain: &'static str,
    /// A "show line" control's text.
    pub show_line: &'static str,
    /// A chased piece's "show line" control's name, before the piece.
    pub line_wins: &'static str,
    /// The "show line" control of a 杀's mating line.
    pub show_mate: &'static str,
    /// Pieces attacked before and after the move.
    pub standing: &'static str,
    /// Board legend heading.
    pub legend: &'static str,
    /// Legend: arrow.
    pub legend_arrow: &'static str,
    /// Legend: threat arrow.
    pub legend_threat: &'static str,
    /// Legend: target ring.
    pub legend_target: &'static str,
    /// Legend: protector ring.
    pub legend_protector: &'static str,
    /// Legend: false root ring.
    pub legend_false_root: &'static str,
    /// Legend: standing attack ring.
    pub legend_standing: &'static str,

    /// Verdict panel heading.
    pub verdict: &'static str,
    /// Verdict panel on the replay page: what it rules on.
    pub verdict_scope_case: &'static str,
    /// Verdict panel on the analysis board.
    pub verdict_scope_analysis: &'static str,
    /// No repetition.
    pub no_cycle: &'static str,
    /// A forbidden pattern.
    pub forbidden: &'static str,
    /// An allowed pattern.
    pub allowed: &'static str,
    /// The result binding now.
    pub binding_now: &'static str,
    /// The explanation heading.
    pub explanation: &'static str,
    /// The labels counted in the cycle.
    pub counted_as: &'static str,

    /// Analysis: heading.
    pub analysis_title: &'static str,
    /// Analysis: introduction.
    pub analysis_intro: &'static str,
    /// Analysis: FEN box label.
    pub fen: &'static str,
    /// Analysis: load the FEN.
    pub load: &'static str,
    /// Analysis: the FEN was refused.
    pub fen_error: &'static str,
    /// Analysis: start the editor.
    pub edit_position: &'static str,
    /// Editor heading.
    pub editor: &'static str,
    /// Editor: how to use it.
    pub editor_help: &'static str,
    /// Editor: palette label.
    pub palette: &'static str,
    /// Editor: the eraser.
    pub eraser: &'static str,
    /// Editor: red to move.
    pub red_to_move: &'static str,
    /// Editor: black to move.
    pub black_to_move: &'static str,
    /// Editor: empty the board.
    pub clear_board: &'static str,
    /// Editor: finish.
    pub done: &'static str,
    /// Editor: give up.
    pub cancel: &'static str,
    /// Editor: problems heading.
    pub problems: &'static str,
    /// Editor: no problem.
    pub position_ok: &'static str,
    /// Editor: accepted problems heading.
    pub composed_notes: &'static str,
    /// Analysis: move box label.
    pub paste_moves: &'static str,
    /// Analysis: move box placeholder.
    pub paste_placeholder: &'static str,
    /// Analysis: play the pasted moves.
    pub play_moves: &'static str,
    /// Analysis: empty line.
    pub no_moves: &'static str,
    /// Analysis: share heading.
    pub share: &'static str,
    /// Analysis: the link.
    pub link: &'static str,
    /// Copy the link.
    pub copy_link: &'static str,
    /// Copy the FEN.
    pub copy_fen: &'static str,
    /// Copy the moves.
    pub copy_moves: &'static str,
    /// Copied.
    pub copied: &'static str,
    /// Copying failed.
    pub copy_failed: &'static str,
    /// The share link had an unreadable FEN.
    pub link_fen_error: &'static str,

    /// About: heading.
    pub about_title: &'static str,
    /// Words for the board's accessible names.
    pub board: BoardText,
}

const ZH: Strings = Strings {
    tagline: "中国象棋规则与棋例裁决",
    switch_lang: "English",
    switch_lang_label: "Switch to English",
    nav: "主导航",
    nav_library: "棋例库",
    nav_analysis: "分析棋盘",
    nav_about: "说明",
    skip: "跳到正文",

    library_title: "棋例库",
    library_intro: "规则书中的每一个棋例图，逐着重演。每着的性质（将、杀、捉、闲）和最后的裁决都由规则引擎在浏览器里当场判定，而不是照抄书上的答案。",
    search: "搜索",
    search_placeholder: "图号、编号或着法，如 图三、车四平五",
    pattern: "着法类型",
    all_patterns: "全部类型",
    rules: "规则",
    all_editions: "全部",
    no_match: "没有符合条件的例子。",
    composed: "自拟局面",
    composed_note: "1999 年版只给出着法而没有附图，此局面是本项目拟定的，用来重现书中的着法。",
    see_also: "另见",
    judging: "判定中…",
    clear_filters: "清除条件",

    back: "棋例库",
    open_in_analysis: "在分析棋盘中打开",
    first: "到开局",
    prev: "上一着",
    play: "自动播放",
    pause: "暂停",
    next: "下一着",
    last: "到最后",
    undo: "悔棋",
    redo: "重走",
    flip: "翻转棋盘",
    controls: "步进控制",
    keys_hint: "键盘：← → 步进，Home / End 到头尾，空格 播放或暂停。",
    start_position: "开局局面",
    judge_by: "按规则判定",
    own_edition: "（本例）",
    notation: "记谱",
    moves: "着法",
    start_entry: "开局",
    red: "红方",
    black: "黑方",
    this_move: "本着",
    no_move_yet: "开局局面，尚未走子。",
    chased: "被捉子",
    attackers: "攻击子",
    method: "方式",
    root: "根",
    protectors: "保护子",
    gain: "得子",
    show_line: "演示",
    line_wins: "演示得子着法：",
    show_mate: "演示杀法",
    standing: "走前已受攻击（从捉到捉）：",
    legend: "图示",
    legend_arrow: "攻击",
    legend_threat: "威胁着法",
    legend_target: "被将、被捉的子",
    legend_protector: "保护子（根）",
    legend_false_root: "假根",
    legend_standing: "原已受攻击",

    verdict: "裁决",
    verdict_scope_case: "对整个着法循环的裁决",
    verdict_scope_analysis: "对走到当前一着为止的裁决",
    no_cycle: "没有形成循环。",
    forbidden: "禁止",
    allowed: "允许",
    binding_now: "现已生效：",
    explanation: "说明",
    counted_as: "计为",

    analysis_title: "分析棋盘",
    analysis_intro: "摆一个局面，走棋或粘贴着法，引擎会给每一着贴上标签，一旦形成循环就给出裁决。链接会记住局面、着法、规则和当前一着。",
    fen: "局面（FEN）",
    load: "载入",
    fen_error: "无法使用此 FEN：",
    edit_position: "编辑局面",
    editor: "摆棋",
    editor_help: "先选一个棋子，再点棋盘放置；同一棋子再点一次即移除。拖动棋子可移到别处，拖出棋盘即移除。",
    palette: "棋子",
    eraser: "橡皮",
    red_to_move: "红方先走",
    black_to_move: "黑方先走",
    clear_board: "清空",
    done: "完成",
    cancel: "取消",
    problems: "局面问题",
    position_ok: "局面合法，可以开始。",
    composed_notes: "排局局面（可以使用，但实战中不会出现）：",
    paste_moves: "粘贴着法（中文、WXF 或 ICCS 均可）",
    paste_placeholder: "车四平五 将5平6 车五平四 将6平5",
    play_moves: "从起始局面走这些着法",
    no_moves: "还没有着法：点击或拖动棋子走棋，或粘贴一串着法。",
    share: "分享",
    link: "链接",
    copy_link: "复制链接",
    copy_fen: "复制当前 FEN",
    copy_moves: "复制着法",
    copied: "已复制。",
    copy_failed: "无法复制，请手动选取。",
    link_fen_error: "链接中的局面无法使用：",

    about_title: "怎样读懂棋例",
    board: BoardText {
        board: "棋盘",
        empty: "空",
        selected: "，已拿起",
        dest: "，可走到此处",
        last_from: "，上一着起点",
        last_to: "，上一着终点",
        pieces: [
            "红帅", "红仕", "红相", "红马", "红车", "红炮", "红兵", "黑将", "黑士", "黑象", "黑马",
            "黑车", "黑炮", "黑卒",
        ],
    },
};

const EN: Strings = Strings {
    tagline: "Xiangqi rules and rulings on repetition (棋例)",
    switch_lang: "中文",
    switch_lang_label: "切换到中文",
    nav: "Main",
    nav_library: "Library",
    nav_analysis: "Analysis",
    nav_about: "About",
    skip: "Skip to content",

    library_title: "The 棋例 library",
    library_intro: "Every rulebook example, replayed move by move. Each move's label (check, mate threat, chase, idle) and the final ruling are worked out by the rules engine in your browser — not copied from the book.",
    search: "Search",
    search_placeholder: "figure, id or move, e.g. D1, 车四平五",
    pattern: "Pattern",
    all_patterns: "All patterns",
    rules: "Rules",
    all_editions: "All",
    no_match: "No example matches.",
    composed: "composed",
    composed_note: "The 1999 text gives the moves but no diagram; this position is our own composition that reproduces them.",
    see_also: "See also",
    judging: "judging…",
    clear_filters: "Clear filters",

    back: "Library",
    open_in_analysis: "Open on the analysis board",
    first: "First",
    prev: "Previous",
    play: "Play",
    pause: "Pause",
    next: "Next",
    last: "Last",
    undo: "Undo",
    redo: "Redo",
    flip: "Flip board",
    controls: "Step controls",
    keys_hint: "Keys: ← → step, Home / End jump, Space plays or pauses.",
    start_position: "Start position",
    judge_by: "Judge by",
    own_edition: " (this example's)",
    notation: "Notation",
    moves: "Moves",
    start_entry: "Start",
    red: "Red",
    black: "Black",
    this_move: "This move",
    no_move_yet: "The start position: no move yet.",
    chased: "Chased",
    attackers: "Attackers",
    method: "How",
    root: "Protection",
    protectors: "Protectors",
    gain: "Gain",
    show_line: "Show line",
    line_wins: "Show the line that wins ",
    show_mate: "Show the mating line",
    standing: "Attacked before and after the move (从捉到捉): ",
    legend: "Legend",
    legend_arrow: "attack",
    legend_threat: "threatened move",
    legend_target: "piece checked or chased",
    legend_protector: "protector (root)",
    legend_false_root: "false root",
    legend_standing: "attacked already",

    verdict: "Ruling",
    verdict_scope_case: "Ruling on the whole move list",
    verdict_scope_analysis: "Ruling on the moves up to this one",
    no_cycle: "No repetition.",
    forbidden: "forbidden",
    allowed: "allowed",
    binding_now: "Binding now: ",
    explanation: "Explanation",
    counted_as: "counted as",

    analysis_title: "Analysis board",
    analysis_intro: "Set up a position, play or paste moves: the engine labels every move and rules as soon as a repetition appears. The link remembers the position, the moves, the rules and the move shown.",
    fen: "Position (FEN)",
    load: "Load",
    fen_error: "Cannot use this FEN: ",
    edit_position: "Edit position",
    editor: "Set up",
    editor_help: "Pick a piece, then click the board to place it; click again with the same piece to remove it. Drag a piece to move it, off the board to remove it.",
    palette: "Pieces",
    eraser: "Eraser",
    red_to_move: "Red to move",
    black_to_move: "Black to move",
    clear_board: "Clear",
    done: "Done",
    cancel: "Cancel",
    problems: "Problems",
    position_ok: "The position is legal.",
    composed_notes: "Composed position (accepted, but unreachable in a game):",
    paste_moves: "Paste moves (Chinese, WXF or ICCS)",
    paste_placeholder: "车四平五 将5平6 R5=4 K6=5",
    play_moves: "Play them from the start position",
    no_moves: "No moves yet: click or drag a piece, or paste a move list.",
    share: "Share",
    link: "Link",
    copy_link: "Copy link",
    copy_fen: "Copy current FEN",
    copy_moves: "Copy moves",
    copied: "Copied.",
    copy_failed: "Could not copy; please select the text.",
    link_fen_error: "The link's position cannot be used: ",

    about_title: "How to read the 棋例",
    board: BoardText {
        board: "Board",
        empty: "empty",
        selected: ", picked up",
        dest: ", can move here",
        last_from: ", last move from here",
        last_to: ", last move to here",
        pieces: [
            "red king",
            "red advisor",
            "red elephant",
            "red horse",
            "red rook",
            "red cannon",
            "red pawn",
            "black king",
            "black advisor",
            "black elephant",
            "black horse",
            "black rook",
            "black cannon",
            "black pawn",
        ],
    },
};

/// The site's words in a language. Those it shares with the referee's
/// report (rulings, verdict reasons, editions' names, clauses, the cycle)
/// are the report's own, asked of `qili_diagram::ReportText`.
pub trait SiteText {
    /// The fixed strings in this language.
    fn strings(self) -> &'static Strings;

    /// The short name of an edition, for switches and chips.
    fn edition_short(self, e: Edition) -> &'static str;

    /// The full name of an edition.
    fn edition_name(self, e: Edition) -> &'static str;

    /// The heading of a library section.
    fn group(self, g: Group) -> &'static str;

    /// The item of the 1999 chapter 7 a figure illustrates.
    fn clause_item(self, n: u8) -> String;

    /// How many examples are shown.
    fn count(self, n: usize) -> String;

    /// Progress of the engine through the library.
    fn judging_progress(self, done: usize, total: usize) -> String;

    /// Number of moves of an example.
    fn moves_count(self, n: usize) -> String;

    /// A ruling in words.
    fn ruling(self, r: Ruling) -> &'static str;

    /// Why a verdict binds, in words.
    fn verdict_reason(self, why: VerdictReason) -> &'static str;

    /// A label (将 杀 捉 闲) in words.
    fn label(self, label: Label) -> &'static str;

    /// A kind of idle move (兑 献 拦 跟) in words.
    fn idle_kind(self, sub: IdleKind) -> &'static str;

    /// How a chased piece would be won.
    fn method(self, m: Method) -> &'static str;

    /// A chased piece's protection.
    fn root(self, r: Root) -> &'static str;

    /// "Red" or "Black" by the report's side code or a colour.
    fn side(self, red: bool) -> &'static str;

    /// A piece's name.
    fn piece(self, p: Piece) -> &'static str;

    /// A piece with its square: `红车 h9`.
    fn piece_on(self, piece: Piece, square: Square) -> String;

    /// "Move n of len" / the start position.
    fn ply_status(self, ply: usize, len: usize) -> String;

    /// The status line under the board: the ply, and the move that led
    /// there with its label (read out by screen readers on every step).
    fn position_status(
        self,
        ply: usize,
        len: usize,
        mv: Option<(&str, Label, Option<IdleKind>)>,
    ) -> String;

    /// "Move n".
    fn move_number(self, ply: usize) -> String;

    /// The accessible name of a move in the list.
    fn move_name(
        self,
        ply: usize,
        red: bool,
        text: &str,
        label: Label,
        sub: Option<IdleKind>,
    ) -> String;

    /// The cited clause.
    fn clause(self, c: &str) -> String;

    /// The cycle's extent.
    fn cycle(self, first: usize, last: usize, occurrences: usize) -> String;

    /// What changes when another edition judges the same line.
    fn changes_heading(self, home: Edition) -> String;

    /// Nothing changes.
    fn changes_none(self, home: Edition) -> String;

    /// One move whose label changes.
    fn label_change(
        self,
        ply: usize,
        mv: &str,
        before: (Label, Option<IdleKind>),
        after: (Label, Option<IdleKind>),
    ) -> String;

    /// The ruling changes.
    fn ruling_change(self, before: Ruling, after: Ruling) -> String;

    /// A move of a pasted list could not be played.
    fn read_error(self, number: usize, text: &str, reason: &str) -> String;

    /// One reason a setup is not a position.
    fn problem(self, p: &Problem) -> String;
}

impl SiteText for Lang {
    fn strings(self) -> &'static Strings {
        match self {
            Lang::Zh => &ZH,
            Lang::En => &EN,
        }
    }

    fn edition_short(self, e: Edition) -> &'static str {
        match e {
            Edition::Cxa1999 => "1999",
            Edition::Cxa2020 => "2020",
            Edition::Axf => "AXF",
        }
    }

    fn edition_name(self, e: Edition) -> &'static str {
        qili_diagram::ReportText::edition(self, e)
    }

    fn group(self, g: Group) -> &'static str {
        match (self, g) {
            (Lang::Zh, Group::Cxa1999) => "1999 年版棋例图（第七章）",
            (Lang::Zh, Group::Cxa2020Figures) => "2020 年版图例",
            (Lang::Zh, Group::Cxa2020Reference) => "2020 年版参考图",
            (Lang::Zh, Group::AxfDiagrams) => "AXF 规则图例",
            (Lang::Zh, Group::AxfAppendix) => "AXF 附录例",
            (Lang::Zh, Group::AxfExtra) => "AXF 补充局面",
            (Lang::Zh, Group::Fsf) => "AXF 追捉测试（Fairy-Stockfish）",
            (Lang::En, Group::Cxa1999) => "CXA 1999 figures (chapter 7)",
            (Lang::En, Group::Cxa2020Figures) => "CXA 2020 figures",
            (Lang::En, Group::Cxa2020Reference) => "CXA 2020 reference figures",
            (Lang::En, Group::AxfDiagrams) => "AXF rulebook diagrams",
            (Lang::En, Group::AxfAppendix) => "AXF appendix examples",
            (Lang::En, Group::AxfExtra) => "Further AXF positions",
            (Lang::En, Group::Fsf) => "AXF chasing tests (Fairy-Stockfish)",
        }
    }

    fn clause_item(self, n: u8) -> String {
        if self.is_zh() {
            format!("第七章第{n}条")
        } else {
            format!("chapter 7, item {n}")
        }
    }

    fn count(self, n: usize) -> String {
        if self.is_zh() {
            format!("共 {n} 例")
        } else if n == 1 {
            "1 example".into()
        } else {
            format!("{n} examples")
        }
    }

    fn judging_progress(self, done: usize, total: usize) -> String {
        if self.is_zh() {
            format!("引擎判定中：{done} / {total}")
        } else {
            format!("The engine is judging: {done} / {total}")
        }
    }

    fn moves_count(self, n: usize) -> String {
        if self.is_zh() {
            format!("{n} 着")
        } else if n == 1 {
            "1 move".into()
        } else {
            format!("{n} moves")
        }
    }

    fn ruling(self, r: Ruling) -> &'static str {
        qili_diagram::ReportText::ruling(self, r)
    }

    fn verdict_reason(self, why: VerdictReason) -> &'static str {
        qili_diagram::ReportText::verdict_reason(self, why)
    }

    fn label(self, label: Label) -> &'static str {
        match (self, label) {
            (Lang::Zh, Label::Check) => "将（照将）",
            (Lang::Zh, Label::MateThreat) => "杀（伏杀）",
            (Lang::Zh, Label::Chase) => "捉",
            (Lang::Zh, Label::Idle) => "闲",
            (Lang::En, l) => l.en(),
        }
    }

    fn idle_kind(self, sub: IdleKind) -> &'static str {
        match (self, sub) {
            (Lang::Zh, IdleKind::Exchange) => "兑（邀兑）",
            (Lang::Zh, IdleKind::Offer) => "献（献子）",
            (Lang::Zh, IdleKind::Block) => "拦（拦截）",
            (Lang::Zh, IdleKind::Follow) => "跟（跟子）",
            (Lang::En, k) => k.en(),
        }
    }

    fn method(self, m: Method) -> &'static str {
        match (self, m) {
            (Lang::Zh, Method::Direct) => "直接吃",
            (Lang::Zh, Method::Exchange) => "兑换后得子",
            (Lang::Zh, Method::ThroughCheck(_)) => "先照将再吃",
            (Lang::En, Method::Direct) => "direct",
            (Lang::En, Method::Exchange) => "by exchange",
            (Lang::En, Method::ThroughCheck(_)) => "through a check",
        }
    }

    fn root(self, r: Root) -> &'static str {
        match (self, r) {
            (Lang::Zh, Root::None) => "无根",
            (Lang::Zh, Root::False(_)) => "假根",
            (Lang::Zh, Root::Insufficient) => "少根",
            (Lang::Zh, Root::Outvalued) => "有根但价值高",
            (Lang::En, Root::None) => "unprotected",
            (Lang::En, Root::False(_)) => "false root",
            (Lang::En, Root::Insufficient) => "too few defenders",
            (Lang::En, Root::Outvalued) => "worth more than its attacker",
        }
    }

    fn side(self, red: bool) -> &'static str {
        let s = self.strings();
        if red {
            s.red
        } else {
            s.black
        }
    }

    fn piece(self, p: Piece) -> &'static str {
        self.strings().board.pieces[p.role.index() + if p.color == Color::Red { 0 } else { 7 }]
    }

    fn piece_on(self, piece: Piece, square: Square) -> String {
        format!("{} {square}", self.piece(piece))
    }

    fn ply_status(self, ply: usize, len: usize) -> String {
        match (self, ply) {
            (_, 0) => self.strings().start_position.to_string(),
            (Lang::Zh, _) => format!("第 {ply} / {len} 着"),
            (Lang::En, _) => format!("Move {ply} of {len}"),
        }
    }

    fn position_status(
        self,
        ply: usize,
        len: usize,
        mv: Option<(&str, Label, Option<IdleKind>)>,
    ) -> String {
        let base = self.ply_status(ply, len);
        let Some((text, label, sub)) = mv else {
            return base;
        };
        let sub = sub.map(|s| self.idle_kind(s));
        match self {
            Lang::Zh => format!(
                "{base}：{text}，{}{}",
                self.label(label),
                sub.map(|s| format!("，{s}")).unwrap_or_default()
            ),
            Lang::En => format!(
                "{base}: {text}, {}{}",
                self.label(label),
                sub.map(|s| format!(", {s}")).unwrap_or_default()
            ),
        }
    }

    fn move_number(self, ply: usize) -> String {
        if self.is_zh() {
            format!("第{ply}着")
        } else {
            format!("Move {ply}")
        }
    }

    fn move_name(
        self,
        ply: usize,
        red: bool,
        text: &str,
        label: Label,
        sub: Option<IdleKind>,
    ) -> String {
        let sub = sub.map(|s| self.idle_kind(s));
        match self {
            Lang::Zh => format!(
                "第{ply}着，{}{text}，{}{}",
                self.side(red),
                self.label(label),
                sub.map(|s| format!("，{s}")).unwrap_or_default()
            ),
            Lang::En => format!(
                "Move {ply}, {} {text}: {}{}",
                self.side(red),
                self.label(label),
                sub.map(|s| format!(", {s}")).unwrap_or_default()
            ),
        }
    }

    fn clause(self, c: &str) -> String {
        qili_diagram::ReportText::clause(self, c)
    }

    fn cycle(self, first: usize, last: usize, occurrences: usize) -> String {
        qili_diagram::ReportText::cycle(self, first, last, occurrences)
    }

    fn changes_heading(self, home: Edition) -> String {
        if self.is_zh() {
            format!("与{}相比：", self.edition_name(home))
        } else {
            format!("Compared with the {}:", self.edition_name(home))
        }
    }

    fn changes_none(self, home: Edition) -> String {
        if self.is_zh() {
            format!("标签和裁决与{}相同。", self.edition_name(home))
        } else {
            format!(
                "Labels and ruling as under the {}.",
                self.edition_name(home)
            )
        }
    }

    fn label_change(
        self,
        ply: usize,
        mv: &str,
        before: (Label, Option<IdleKind>),
        after: (Label, Option<IdleKind>),
    ) -> String {
        let l = |(label, sub): (Label, Option<IdleKind>)| {
            format!("{}{}", label.zh(), sub.map_or("", IdleKind::zh))
        };
        if self.is_zh() {
            format!("第{ply}着 {mv}：{} → {}", l(before), l(after))
        } else {
            format!("move {ply} {mv}: {} → {}", l(before), l(after))
        }
    }

    fn ruling_change(self, before: Ruling, after: Ruling) -> String {
        if self.is_zh() {
            format!("裁决：{} → {}", self.ruling(before), self.ruling(after))
        } else {
            format!("ruling: {} → {}", self.ruling(before), self.ruling(after))
        }
    }

    fn read_error(self, number: usize, text: &str, reason: &str) -> String {
        if self.is_zh() {
            format!("第{number}着「{text}」无法走：{reason}")
        } else {
            format!("Move {number} “{text}” cannot be played: {reason}")
        }
    }

    fn problem(self, p: &Problem) -> String {
        match (self, p) {
            (Lang::Zh, Problem::MissingKing(c)) => {
                format!(
                    "{}没有{}。",
                    self.side(c.is_red()),
                    if c.is_red() { "帅" } else { "将" }
                )
            }
            (Lang::En, Problem::MissingKing(c)) => {
                format!("{} has no king.", self.side(c.is_red()))
            }
            (_, Problem::TooManyPieces { color, role, count }) => {
                let p = Piece {
                    color: *color,
                    role: *role,
                };
                if self.is_zh() {
                    format!(
                        "{}有 {count} 个，最多 {} 个。",
                        self.piece(p),
                        role.initial_count()
                    )
                } else {
                    format!(
                        "{count} × {}, at most {}.",
                        self.piece(p),
                        role.initial_count()
                    )
                }
            }
            (Lang::Zh, Problem::ImpossibleSquare { piece, square }) => {
                format!("{}不可能位于 {square}。", self.piece(*piece))
            }
            (Lang::En, Problem::ImpossibleSquare { piece, square }) => {
                format!("A {} can never stand on {square}.", self.piece(*piece))
            }
            (Lang::Zh, Problem::KingsFacing) => "帅将在同一直线上直接照面（4.1.2）。".into(),
            (Lang::En, Problem::KingsFacing) => {
                "The kings face each other on an open file (4.1.2).".into()
            }
            (Lang::Zh, Problem::OppositeCheck) => "不该走棋的一方正被将军。".into(),
            (Lang::En, Problem::OppositeCheck) => "The side not to move is in check.".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_is_an_involution_and_strings_differ() {
        for lang in [Lang::Zh, Lang::En] {
            assert_eq!(lang.other().other(), lang);
            assert_ne!(lang.strings().tagline, lang.other().strings().tagline);
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
    }

    #[test]
    fn codes_have_words() {
        for lang in [Lang::Zh, Lang::En] {
            for r in [
                Ruling::Loses(Color::Red),
                Ruling::Loses(Color::Black),
                Ruling::Draw,
            ] {
                assert_ne!(lang.ruling(r), lang.ruling(Ruling::None));
            }
            let labels: Vec<_> = [Label::Check, Label::MateThreat, Label::Chase, Label::Idle]
                .into_iter()
                .map(|l| lang.label(l))
                .collect();
            let mut unique = labels.clone();
            unique.dedup();
            assert_eq!(unique.len(), 4);
            assert_eq!(
                lang.piece(Piece::from_char('k').unwrap()),
                lang.strings().board.pieces[7]
            );
        }
        let rook = Piece::from_char('R').unwrap();
        assert_eq!(Lang::Zh.piece_on(rook, "h9".parse().unwrap()), "红车 h9");
        assert_eq!(
            Lang::Zh.problem(&Problem::MissingKing(Color::Black)),
            "黑方没有将。"
        );
    }
}

/// The words of the places of the saved studies and of the arbiter's page.
#[derive(Debug)]
pub struct ReachText {
    /// Navigation: the saved studies.
    pub nav_studies: &'static str,
    /// Navigation: the arbiter's page.
    pub nav_arbiter: &'static str,
    /// Analysis: the save panel's summary.
    pub save_study: &'static str,
}

const REACH_ZH: ReachText = ReachText {
    nav_studies: "我的研究",
    nav_arbiter: "裁判",
    save_study: "保存研究",
};

const REACH_EN: ReachText = ReachText {
    nav_studies: "Studies",
    nav_arbiter: "Arbiter",
    save_study: "Save study",
};

impl Strings {
    /// The words of the places of the saved studies and of the arbiter's page.
    pub fn reach(&self) -> &'static ReachText {
        // (Consts have no fixed address: tell the languages apart by content.)
        if self.tagline == EN.tagline {
            &REACH_EN
        } else {
            &REACH_ZH
        }
    }
}

impl Strings {
    /// The label of the header's switch of the pieces' glyphs, pressed
    /// while they are traditional (車馬砲) and not while simplified (车马炮).
    pub fn traditional_glyphs(&self) -> &'static str {
        // (As in `reach`: the languages told apart by content.)
        if self.tagline == EN.tagline {
            "Traditional pieces"
        } else {
            "繁體棋子"
        }
    }
}
