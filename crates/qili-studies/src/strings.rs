//! The words of the saved studies, in Chinese and English. (The site's own
//! strings are in `site/src/strings.rs`; the few this module shares with
//! them — an edition's name, a move that cannot be played — are repeated
//! here, as this module is a download of its own.)

use qili::rules::Edition;
pub use qili_web::Lang;

use crate::model::{BadEntry, DocError, EntryError, Imported};

/// The fixed words of the saved studies in one language.
#[derive(Debug)]
pub struct Words {
    /// Navigation: the saved studies.
    pub nav_studies: &'static str,
    /// Studies page: heading.
    pub studies_title: &'static str,
    /// Studies page: introduction.
    pub studies_intro: &'static str,
    /// Studies page: nothing saved yet.
    pub no_studies: &'static str,
    /// Analysis: the save panel's heading and button.
    pub save_study: &'static str,
    /// Analysis: save over the study that was opened.
    pub save_changes: &'static str,
    /// Analysis: save the opened study as a new one.
    pub save_as_new: &'static str,
    /// A study's name (label).
    pub study_name: &'static str,
    /// A study's notes (label).
    pub study_notes: &'static str,
    /// Saved.
    pub saved: &'static str,
    /// Saving failed.
    pub save_failed: &'static str,
    /// A study without a name.
    pub untitled: &'static str,
    /// Open a study on the analysis board.
    pub open: &'static str,
    /// Edit a study's name and notes.
    pub edit: &'static str,
    /// Save an edit.
    pub save: &'static str,
    /// Delete a study.
    pub delete: &'static str,
    /// Undo a deletion.
    pub undo_delete: &'static str,
    /// Export every study.
    pub export_all: &'static str,
    /// Import a file.
    pub import: &'static str,
    /// The file could not be read.
    pub import_unreadable: &'static str,
    /// Notice: stored studies could not be read.
    pub aside_notice: &'static str,
    /// Download set-aside data.
    pub download: &'static str,
    /// Discard set-aside data.
    pub discard: &'static str,
    /// Confirm discarding it.
    pub discard_confirm: &'static str,
    /// Cancel an edit.
    pub cancel: &'static str,
    /// Before why a FEN is refused.
    pub fen_error: &'static str,
}

const ZH: Words = Words {
    nav_studies: "我的研究",
    studies_title: "我的研究",
    studies_intro: "在分析棋盘上保存的局面、着法和笔记。它们只保存在这台设备的浏览器里，离线也能打开；可以导出为 JSON 文件备份或带到别的设备，再导入。",
    no_studies: "还没有保存的研究：在分析棋盘上点“保存研究”。",
    save_study: "保存研究",
    save_changes: "保存修改",
    save_as_new: "另存为新研究",
    study_name: "名称",
    study_notes: "笔记",
    saved: "已保存。",
    save_failed: "无法保存：浏览器的存储空间已满或不可用。",
    untitled: "（未命名）",
    open: "打开",
    edit: "编辑",
    save: "保存",
    delete: "删除",
    undo_delete: "撤销删除",
    export_all: "全部导出（JSON）",
    import: "导入 JSON 文件",
    import_unreadable: "无法读取这个文件。",
    aside_notice: "有些保存的研究无法读取。它们没有被删除，而是另外保存了起来，可以下载：",
    download: "下载",
    discard: "丢弃",
    discard_confirm: "永久删除这份无法读取的数据？",
    cancel: "取消",
    fen_error: "无法使用此 FEN：",
};

const EN: Words = Words {
    nav_studies: "Studies",
    studies_title: "My studies",
    studies_intro: "Positions, lines and notes saved from the analysis board. They live in this device's browser only and open offline too; export them as a JSON file to back them up or move them to another device, and import them there.",
    no_studies: "No saved studies yet: use “Save study” on the analysis board.",
    save_study: "Save study",
    save_changes: "Save changes",
    save_as_new: "Save as a new study",
    study_name: "Name",
    study_notes: "Notes",
    saved: "Saved.",
    save_failed: "Could not save: the browser's storage is full or unavailable.",
    untitled: "(untitled)",
    open: "Open",
    edit: "Edit",
    save: "Save",
    delete: "Delete",
    undo_delete: "Undo",
    export_all: "Export all (JSON)",
    import: "Import a JSON file",
    import_unreadable: "This file cannot be read.",
    aside_notice: "Some saved studies could not be read. They were not deleted but set aside, and can be downloaded:",
    download: "Download",
    discard: "Discard",
    discard_confirm: "Delete this unreadable data for good?",
    cancel: "Cancel",
    fen_error: "Cannot use this FEN: ",
};

/// The words of the saved studies in a language.
pub trait StudiesText {
    /// The fixed words in this language.
    fn words(self) -> &'static Words;

    /// The full name of an edition (the words the site and the referee's
    /// report use: `qili_diagram::words`).
    fn edition_name(self, e: Edition) -> &'static str;

    /// A number of moves.
    fn moves_count(self, n: usize) -> String;

    /// A move of a line could not be played.
    fn read_error(self, number: usize, text: &str, reason: &str) -> String;

    /// Why a studies document cannot be read.
    fn doc_error(self, e: DocError) -> String;

    /// An entry that is not a study, and why.
    fn bad_entry(self, b: &BadEntry) -> String;

    /// What an import did.
    fn imported(self, r: &Imported) -> String;

    /// A study was deleted.
    fn deleted(self, name: &str) -> String;
}

impl StudiesText for Lang {
    fn words(self) -> &'static Words {
        match self {
            Lang::Zh => &ZH,
            Lang::En => &EN,
        }
    }

    fn edition_name(self, e: Edition) -> &'static str {
        qili_diagram::ReportText::edition(self, e)
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

    fn read_error(self, number: usize, text: &str, reason: &str) -> String {
        if self.is_zh() {
            format!("第{number}着「{text}」无法走：{reason}")
        } else {
            format!("Move {number} “{text}” cannot be played: {reason}")
        }
    }

    fn doc_error(self, e: DocError) -> String {
        match (self, e) {
            (Lang::Zh, DocError::Syntax(at)) => format!("不是有效的 JSON（第 {at} 字节处）。"),
            (Lang::En, DocError::Syntax(at)) => format!("Not valid JSON (at byte {at})."),
            (Lang::Zh, DocError::Shape) => {
                "不是棋例研究文件（应有 format: \"qili-studies\"、version 和 studies）。".into()
            }
            (Lang::En, DocError::Shape) => {
                "Not a Qili studies file (format \"qili-studies\", version, studies).".into()
            }
            (Lang::Zh, DocError::Version(v)) => format!("第 {v} 版格式，比本程序能读的新。"),
            (Lang::En, DocError::Version(v)) => {
                format!("Format version {v} is newer than this site reads.")
            }
        }
    }

    fn bad_entry(self, b: &BadEntry) -> String {
        let n = b.index + 1;
        let name = b.name.as_deref().unwrap_or("");
        let why = match (&b.why, self) {
            (EntryError::NotObject, Lang::Zh) => "不是对象".into(),
            (EntryError::NotObject, Lang::En) => "not an object".into(),
            (EntryError::Field(f), Lang::Zh) => format!("字段 {f} 缺少或类型不对"),
            (EntryError::Field(f), Lang::En) => format!("“{f}” is missing or of the wrong type"),
            (EntryError::Fen(why), _) => format!("{}{why}", self.words().fen_error),
            (EntryError::Moves(e), _) => self.read_error(e.number, &e.text, &e.reason),
        };
        if self.is_zh() {
            format!("第 {n} 项「{name}」：{why}")
        } else {
            format!("Entry {n} “{name}”: {why}")
        }
    }

    fn imported(self, r: &Imported) -> String {
        if self.is_zh() {
            format!(
                "导入 {} 项研究；{} 项已经存在，跳过；{} 项编号与已有的不同研究重复，存为副本；{} 项无法读取，跳过。",
                r.added, r.same, r.copies, r.bad.len()
            )
        } else {
            format!(
                "Imported {} studies; {} already saved (skipped); {} whose id belongs to another study saved as copies; {} unreadable (skipped).",
                r.added, r.same, r.copies, r.bad.len()
            )
        }
    }

    fn deleted(self, name: &str) -> String {
        if self.is_zh() {
            format!("已删除「{name}」。")
        } else {
            format!("Deleted “{name}”.")
        }
    }
}
