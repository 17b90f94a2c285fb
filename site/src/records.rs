//! Game records on the analysis board: the place for them, and nothing more.
//!
//! Reading records is not part of the site's first load (250 KB gzip in
//! all): the readers of `qili::record` and the GBK/Big5 tables run in a Web
//! Worker (`crates/qili-records-worker`), and the record panel's behaviour —
//! the list of a file's games and errors, tags, comments, the line's
//! repetition cycles — is `site/records.js`, which `embed.js` imports the
//! first time a record is opened, dropped or pasted. This module only writes
//! the panel's controls, as markup (no Leptos view per control: see
//! [`crate::markup`] for why). `records.js` loads a game through the page
//! address (`#/analysis?fen=…&moves=…`), which the analysis page restores.

use leptos::prelude::*;

use crate::markup::Markup;
use crate::strings::Lang;
use crate::{text, Ui};

/// The panel's words in one language.
struct RecordText {
    title: &'static str,
    help: &'static str,
    open: &'static str,
    paste: &'static str,
    placeholder: &'static str,
    read: &'static str,
}

const ZH: RecordText = RecordText {
    title: "棋谱",
    help: "打开、拖入或粘贴 PGN、DhtmlXQ（UBB）或 XQF 棋谱（UTF-8、GBK、Big5 均可）。",
    open: "打开棋谱文件",
    paste: "粘贴棋谱文本",
    placeholder: "[Event \"…\"] 1. 炮二平五 马8进7 …",
    read: "读入粘贴的棋谱",
};

const EN: RecordText = RecordText {
    title: "Game record",
    help: "Open, drop or paste a PGN, DhtmlXQ (UBB) or XQF record (UTF-8, GBK or Big5).",
    open: "Open a record file",
    paste: "Paste record text",
    placeholder: "[Event \"…\"] 1. h2e2 h9g7 …",
    read: "Read the pasted record",
};

/// The file types the file picker offers.
const ACCEPT: &str = ".pgn,.xqf,.ubb,.dhtmlxq,.txt,.htm,.html,.cbr,.cbl,.cbf";

/// The panel's controls as markup: a file input (`.record-file`), a paste box
/// (`.record-text`) with its button (`.read-record`), and the places
/// `records.js` fills: status, games, the game's tags and comment, cycles.
pub fn panel_html(lang: Lang) -> String {
    let t = match lang {
        Lang::Zh => &ZH,
        Lang::En => &EN,
    };
    let mut h = Markup::new();
    h.el("h3", "", t.title).el("p", "small", t.help);
    h.open("label", &[("class", Some("field"))])
        .el("span", "", t.open)
        .open(
            "input",
            &[
                ("type", Some("file")),
                ("class", Some("record-file")),
                ("accept", Some(ACCEPT)),
            ],
        )
        .close("label");
    h.open(
        "textarea",
        &[
            ("class", Some("record-text")),
            ("rows", Some("3")),
            ("spellcheck", Some("false")),
            ("aria-label", Some(t.paste)),
            ("placeholder", Some(t.placeholder)),
        ],
    )
    .close("textarea");
    h.open(
        "button",
        &[("type", Some("button")), ("class", Some("read-record"))],
    )
    .text(t.read)
    .close("button");
    for class in [
        "small record-status",
        "record-games",
        "record-game",
        "record-cycles",
    ] {
        h.open("div", &[("class", Some(class))]).close("div");
    }
    h.finish()
}

/// The record panel (see the module docs). `data-lang` tells `records.js`
/// the language of its own words.
#[component]
pub fn RecordPanel() -> impl IntoView {
    let lang = Ui::get().lang;
    view! {
        <section
            class="panel record"
            data-lang=Signal::derive(move || lang.get().code())
            inner_html=text(move || panel_html(lang.get()))
        ></section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_panel_has_the_hooks_of_records_js() {
        for lang in [Lang::Zh, Lang::En] {
            let h = panel_html(lang);
            for hook in [
                "class=\"record-file\"",
                "class=\"record-text\"",
                "class=\"read-record\"",
                "class=\"small record-status\"",
                "class=\"record-games\"",
                "class=\"record-game\"",
                "class=\"record-cycles\"",
            ] {
                assert!(h.contains(hook), "{hook} missing: {h}");
            }
            assert!(
                h.contains("&quot;…&quot;"),
                "the placeholder is escaped: {h}"
            );
        }
    }
}
