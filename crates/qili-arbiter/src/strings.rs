//! The arbiter page's words, in Chinese and English. The names of editions,
//! rulings, labels, patterns and sides are the engine's and the report's
//! own (`qili::rules`, [`qili_diagram::ReportText`]); the sentences built
//! from them are built here, once. The language is the site's
//! ([`qili_web::Lang`]).

use qili::rules::{Pattern, RulingReason};
use qili::Color;
use qili_diagram::ReportText;
pub use qili_web::Lang;

use crate::model::{Happening, Score, Termination};
use crate::watch::{Alert, DrawAlert};

/// The fixed words in one language.
#[derive(Debug)]
pub struct Words {
    /// The page's heading.
    pub title: &'static str,
    /// What the page is for.
    pub intro: &'static str,
    /// Storage: persistent.
    pub persisted: &'static str,
    /// Storage: the browser may clear it.
    pub not_persisted: &'static str,
    /// Storage: cannot be asked.
    pub persist_unknown: &'static str,
    /// Where moves are stored: the IndexedDB journal, committed durably.
    pub journal: &'static str,
    /// Where moves are stored: `localStorage` only (no IndexedDB here).
    pub journal_none: &'static str,
    /// Where moves are stored: `localStorage` only (IndexedDB failed).
    pub journal_failed: &'static str,
    /// Where moves are stored: not known yet (opening).
    pub journal_opening: &'static str,
    /// A change being stored (shown by the pending move).
    pub storing: &'static str,
    /// Input refused while the table's last change is being stored.
    pub busy: &'static str,
    /// The events (heading).
    pub events: &'static str,
    /// A new event (heading and button).
    pub new_event: &'static str,
    /// An event's name.
    pub event_name: &'static str,
    /// The edition.
    pub rules: &'static str,
    /// The round.
    pub round: &'static str,
    /// The tables (heading).
    pub tables: &'static str,
    /// Add a table (button).
    pub add_table: &'static str,
    /// A table's number.
    pub number: &'static str,
    /// Red player.
    pub red: &'static str,
    /// Black player.
    pub black: &'static str,
    /// The start position (optional FEN).
    pub start_fen: &'static str,
    /// Table (before its number).
    pub table: &'static str,
    /// No event yet.
    pub no_event: &'static str,
    /// The move box's label.
    pub move_box: &'static str,
    /// Play the typed move.
    pub play: &'static str,
    /// Turn the board.
    pub flip: &'static str,
    /// Undo the last move (button).
    pub undo: &'static str,
    /// The reason for an undo (label).
    pub undo_reason: &'static str,
    /// An undo needs a reason.
    pub undo_needs_reason: &'static str,
    /// The rules panel's heading.
    pub live: &'static str,
    /// The position occurred … times.
    pub occurred: &'static str,
    /// The current cycle.
    pub cycle: &'static str,
    /// No cycle.
    pub no_cycle: &'static str,
    /// Moves left before the natural limit.
    pub natural_left: &'static str,
    /// Confirm the ruling.
    pub confirm: &'static str,
    /// Override the ruling.
    pub overrule: &'static str,
    /// The arbiter's note.
    pub note: &'static str,
    /// The result (heading and button).
    pub result: &'static str,
    /// The log (heading).
    pub log: &'static str,
    /// Export (heading).
    pub export: &'static str,
    /// This table as PGN.
    pub pgn: &'static str,
    /// The whole event as PGN.
    pub event_pgn: &'static str,
    /// The log as CSV.
    pub csv: &'static str,
    /// Moves in Chinese / ICCS (label of the notation choice).
    pub notation: &'static str,
    /// Another tab changed the table.
    pub conflict: &'static str,
    /// The browser refused to store.
    pub refused: &'static str,
    /// Stored data set aside (notice).
    pub aside: &'static str,
    /// Download set-aside data.
    pub download: &'static str,
    /// Discard set-aside data.
    pub discard: &'static str,
    /// The table number is taken.
    pub number_taken: &'static str,
    /// The start position cannot be read.
    pub bad_fen: &'static str,
    /// The game is over (result entered): no more moves.
    pub game_over: &'static str,
    /// The last move.
    pub last_move: &'static str,
    /// Confirmed (log).
    pub confirmed: &'static str,
    /// Overridden (log).
    pub overridden: &'static str,
    /// Undone (log).
    pub undone: &'static str,
    /// Time (log column).
    pub time: &'static str,
    /// Ply (log column).
    pub ply: &'static str,
    /// What (log column).
    pub what: &'static str,
}

const ZH: Words = Words {
    title: "裁判记录",
    intro: "为比赛的每一台记录着法：棋例随着法判断，在判负生效之前先行警告。每一步都先存入本机再显示，断网也能用。",
    persisted: "本机存储：持久保存（浏览器不会自行清除）。",
    not_persisted: "本机存储：未获持久保存，浏览器在空间不足时可能清除。请及时导出。",
    persist_unknown: "本机存储：无法确认是否持久保存。",
    journal: "每一步先写入 IndexedDB（严格提交：写到磁盘）后才显示。",
    journal_none: "此浏览器无法使用 IndexedDB（无痕模式？）：着法只存于 localStorage，浏览器延后写盘，刚走的一步可能在断电时丢失。请及时导出。",
    journal_failed: "IndexedDB 写入失败：此后着法只存于 localStorage，断电时刚走的一步可能丢失。请及时导出。",
    journal_opening: "正在打开本机存储……",
    storing: "正在存储……",
    busy: "本台上一步尚在存储，请稍候。",
    events: "比赛",
    new_event: "新建比赛",
    event_name: "比赛名称",
    rules: "规则",
    round: "轮次",
    tables: "台次",
    add_table: "添加台次",
    number: "台号",
    red: "红方",
    black: "黑方",
    start_fen: "开局局面（FEN，可不填）",
    table: "第",
    no_event: "尚无比赛：先新建一场。",
    move_box: "着法（中文、WXF 或 ICCS，回车走棋）",
    play: "走棋",
    flip: "翻转棋盘",
    undo: "悔棋（撤回上一步）",
    undo_reason: "悔棋原因",
    undo_needs_reason: "撤回一步须写明原因。",
    live: "棋例",
    occurred: "本局面出现次数",
    cycle: "当前循环",
    no_cycle: "尚无循环。",
    natural_left: "距自然限着还有（半回合）",
    confirm: "确认裁决",
    overrule: "改判",
    note: "裁判备注",
    result: "结果",
    log: "裁判记录",
    export: "导出",
    pgn: "本台 PGN",
    event_pgn: "全部台次 PGN",
    csv: "记录 CSV",
    notation: "着法记法",
    conflict: "另一个标签页已修改本台：已载入最新记录，请重新输入。",
    refused: "浏览器拒绝存储：本步未记录。",
    aside: "有无法读取的存储数据，已另行保存，未删除：",
    download: "下载",
    discard: "丢弃",
    number_taken: "该台号已存在。",
    bad_fen: "无法读取开局局面：",
    game_over: "本局已有结果：撤回一步方可继续。",
    last_move: "最后一步",
    confirmed: "确认",
    overridden: "改判",
    undone: "悔棋",
    time: "时间",
    ply: "步",
    what: "事项",
};

const EN: Words = Words {
    title: "Arbiter",
    intro: "Record the games at each table of an event: the repetition rules judge every move and warn before a loss binds. Every move is stored on this device before it is shown; it works offline.",
    persisted: "Storage on this device: persistent (the browser will not clear it).",
    not_persisted: "Storage on this device: not persistent; the browser may clear it when space runs low. Export often.",
    persist_unknown: "Storage on this device: persistence unknown.",
    journal: "Every move is written to IndexedDB (a strict, on-disk commit) before it is shown.",
    journal_none: "IndexedDB is not available in this browser (private window?): moves are kept in localStorage only, which the browser writes to disk lazily; a power loss just after a move may lose it. Export often.",
    journal_failed: "IndexedDB stopped accepting writes: from now on moves are kept in localStorage only; a power loss just after a move may lose it. Export often.",
    journal_opening: "Opening the storage on this device…",
    storing: "storing…",
    busy: "The last change to this table is still being stored: wait a moment.",
    events: "Events",
    new_event: "New event",
    event_name: "Event name",
    rules: "Rules",
    round: "Round",
    tables: "Tables",
    add_table: "Add table",
    number: "Table number",
    red: "Red",
    black: "Black",
    start_fen: "Start position (FEN, optional)",
    table: "Table",
    no_event: "No event yet: create one first.",
    move_box: "Move (Chinese, WXF or ICCS; Enter plays)",
    play: "Play",
    flip: "Turn board",
    undo: "Undo last move",
    undo_reason: "Reason for the undo",
    undo_needs_reason: "An undo needs a reason.",
    live: "Rules",
    occurred: "This position has occurred",
    cycle: "Current cycle",
    no_cycle: "No cycle yet.",
    natural_left: "Plies left before the natural move limit",
    confirm: "Confirm ruling",
    overrule: "Override",
    note: "Arbiter's note",
    result: "Result",
    log: "Arbiter's log",
    export: "Export",
    pgn: "This table (PGN)",
    event_pgn: "Whole event (PGN)",
    csv: "Log (CSV)",
    notation: "Moves in",
    conflict: "Another tab changed this table: its record is loaded; enter the move again.",
    refused: "The browser refused to store it: the move is not recorded.",
    aside: "Stored data that could not be read was set aside, not deleted:",
    download: "Download",
    discard: "Discard",
    number_taken: "That table number is taken.",
    bad_fen: "The start position cannot be read: ",
    game_over: "This game has a result: undo a move to go on.",
    last_move: "Last move",
    confirmed: "Confirmed",
    overridden: "Overridden",
    undone: "Undo",
    time: "Time",
    ply: "Ply",
    what: "What",
};

/// The words of `lang`.
pub fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::Zh => &ZH,
        Lang::En => &EN,
    }
}

/// A side's name.
pub fn side(lang: Lang, c: Color) -> &'static str {
    lang.side(c == Color::Red)
}

/// A pattern's name (长将, perpetual check…).
pub fn pattern(lang: Lang, p: Pattern) -> &'static str {
    lang.pick(p.zh(), p.en())
}

/// A result's words.
pub fn score(lang: Lang, s: Score) -> &'static str {
    match (lang, s) {
        (Lang::Zh, Score::RedWins) => "红胜 1-0",
        (Lang::Zh, Score::BlackWins) => "黑胜 0-1",
        (Lang::Zh, Score::Draw) => "和棋 ½-½",
        (Lang::En, Score::RedWins) => "Red wins 1-0",
        (Lang::En, Score::BlackWins) => "Black wins 0-1",
        (Lang::En, Score::Draw) => "Draw ½-½",
    }
}

/// Why a game ended, in words.
pub fn termination(lang: Lang, t: Termination) -> &'static str {
    let (zh, en) = match t {
        Termination::Mate => ("将死", "mate"),
        Termination::Stalemate => ("困毙", "no legal move (困毙)"),
        Termination::PerpetualCheck => ("长将", "perpetual check"),
        Termination::PerpetualChase => ("长捉", "perpetual chase"),
        Termination::NaturalLimit => ("自然限着", "natural move limit"),
        Termination::Agreement => ("议和", "agreement"),
        Termination::Resignation => ("认负", "resignation"),
        Termination::Time => ("超时", "time"),
    };
    lang.pick(zh, en)
}

/// The warning or verdict: who, what they must do, the clause.
pub fn alert(lang: Lang, a: &Alert, clause: &str, now: usize) -> String {
    let who = side(lang, a.side);
    let why = reason(lang, a.reason);
    let clause = lang.clause(clause);
    match (lang, a.binding) {
        (Lang::Zh, true) => format!("{who}判负（{why}，{clause}）：第 {} 步时生效。", a.at),
        (Lang::En, true) => format!("{who} loses ({why}, {clause}): bound at ply {}.", a.at),
        (Lang::Zh, false) => format!(
            "警告：{who}必须变着；再走一个循环（{} 步后）{who}判负（{why}，{clause}）。",
            a.at.saturating_sub(now)
        ),
        (Lang::En, false) => format!(
            "Warning: {who} must vary; one more cycle ({} plies) and {who} loses ({why}, {clause}).",
            a.at.saturating_sub(now)
        ),
    }
}

/// The draw notice or verdict: at which occurrence, the clause.
pub fn draw(lang: Lang, d: &DrawAlert, clause: &str, now: usize) -> String {
    let why = reason(lang, d.reason);
    let clause = lang.clause(clause);
    let (at, n) = (d.at, d.occurrence);
    match (lang, d.binding) {
        (Lang::Zh, true) => format!("循环作和（{why}，{clause}）：第 {at} 步、局面第 {n} 次出现时生效。"),
        (Lang::En, true) => format!(
            "Drawn by repetition ({why}, {clause}): bound at ply {at}, occurrence {n} of the position."
        ),
        (Lang::Zh, false) => format!(
            "注意：双方不变，再走一个循环（{} 步后，第 {at} 步，局面第 {n} 次出现）即判和（{why}，{clause}）。",
            at.saturating_sub(now)
        ),
        (Lang::En, false) => format!(
            "Notice: if neither side varies, one more cycle ({} plies, ply {at}, occurrence {n} of the position) and the game is drawn by repetition ({why}, {clause}).",
            at.saturating_sub(now)
        ),
    }
}

/// A repetition ruling's reason in words.
pub fn reason(lang: Lang, r: RulingReason) -> &'static str {
    let (zh, en) = match r {
        RulingReason::PerpetualCheck => ("长将", "perpetual check"),
        RulingReason::BothPerpetualCheck => ("双方长将", "both check perpetually"),
        RulingReason::BothAllowed => ("双方不变作和", "both allowed"),
        RulingReason::BothForbidden => ("双方均犯禁", "both forbidden"),
        RulingReason::ForbiddenAgainstAllowed => {
            ("禁止着法对允许着法", "forbidden against allowed")
        }
    };
    lang.pick(zh, en)
}

/// A log entry in words (also the PGN comment).
pub fn happening(lang: Lang, h: &Happening) -> String {
    let w = words(lang);
    match h {
        Happening::Warning {
            side: s,
            binding,
            at,
            clause,
        } => {
            let who = lang.side(*s == crate::model::Side::Red);
            let clause = lang.clause(clause);
            match (lang, binding) {
                (Lang::Zh, false) => format!("警告：{who}须变着，第 {at} 步将判负（{clause}）"),
                (Lang::En, false) => {
                    format!("Warning: {who} must vary, loses at ply {at} ({clause})")
                }
                (Lang::Zh, true) => format!("裁决生效：{who}判负（{clause}）"),
                (Lang::En, true) => format!("Verdict binds: {who} loses ({clause})"),
            }
        }
        Happening::Draw {
            binding,
            at,
            occurrence,
            clause,
        } => {
            let clause = lang.clause(clause);
            match (lang, binding) {
                (Lang::Zh, false) => {
                    format!("注意：第 {at} 步（局面第 {occurrence} 次出现）将循环作和（{clause}）")
                }
                (Lang::En, false) => format!(
                    "Notice: drawn by repetition at ply {at}, occurrence {occurrence} ({clause})"
                ),
                (Lang::Zh, true) => format!("裁决生效：循环作和（{clause}）"),
                (Lang::En, true) => format!("Verdict binds: drawn by repetition ({clause})"),
            }
        }
        Happening::Ruling { confirmed, note } => {
            let what = if *confirmed {
                w.confirmed
            } else {
                w.overridden
            };
            format!("{what}: {note}")
        }
        Happening::Undo { iccs, reason } => format!("{} {iccs}: {reason}", w.undone),
        Happening::Result {
            score: s,
            termination: t,
        } => {
            format!("{} — {}", score(lang, *s), termination(lang, *t))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_warning_names_the_side_what_to_do_and_the_clause() {
        let a = Alert {
            side: Color::Red,
            binding: false,
            at: 12,
            reason: RulingReason::PerpetualCheck,
        };
        let en = alert(Lang::En, &a, "26.1", 8);
        assert!(
            en.contains("Red must vary; one more cycle (4 plies) and Red loses"),
            "{en}"
        );
        assert!(en.contains("26.1"), "{en}");
        let zh = alert(Lang::Zh, &a, "26.1", 8);
        assert!(
            zh.contains("红方必须变着") || zh.contains("红必须变着"),
            "{zh}"
        );
    }
}
