//! The markup of the saved studies: the studies page, the analysis board's
//! "Save study" panel and the notice shown when stored studies were set
//! aside. Every name, note and reason is escaped (see [`crate::markup`]);
//! buttons carry `data-act` and `data-arg`, served by one handler per event
//! kind (the `web` module).

use crate::markup::Markup;
use crate::model::preview;
use crate::store::{Saved, ASIDE};
use crate::strings::{Lang, StudiesText};

/// How many characters of the notes the list shows.
const PREVIEW: usize = 140;

/// A button of the markup; `name` (of a study) completes its accessible name.
fn button(h: &mut Markup, act: &str, arg: &str, label: &str, name: Option<&str>) {
    let aria = name.map(|n| format!("{label} {n}"));
    h.open(
        "button",
        &[
            ("type", Some("button")),
            ("class", Some(act)),
            ("data-act", Some(act)),
            ("data-arg", Some(arg)),
            ("aria-label", aria.as_deref()),
        ],
    )
    .text(label)
    .close("button");
}

/// The name and notes fields (values escaped).
fn fields(h: &mut Markup, lang: Lang, name: &str, notes: &str) {
    let r = lang.words();
    h.open("label", &[("class", Some("field"))])
        .el("span", "", r.study_name)
        .open(
            "input",
            &[
                ("type", Some("text")),
                ("class", Some("study-name-input")),
                ("value", Some(name)),
            ],
        )
        .close("label");
    // The parser drops a newline right after <textarea>: one is given.
    h.open("label", &[("class", Some("field"))])
        .el("span", "", r.study_notes)
        .open(
            "textarea",
            &[("class", Some("study-notes-input")), ("rows", Some("4"))],
        )
        .text("\n")
        .text(notes)
        .close("textarea")
        .close("label");
}

/// The page below its heading: set-aside data, export and import, the
/// studies (the one being edited as a form); `date` writes a time.
pub fn page_html(lang: Lang, s: &Saved, date: impl Fn(u64) -> String) -> String {
    let r = lang.words();
    let mut h = Markup::new();
    if !s.aside.is_empty() {
        h.open("div", &[("class", Some("notice aside-notice"))])
            .el("p", "", r.aside_notice)
            .open("ul", &[]);
        for a in &s.aside {
            h.open("li", &[("class", Some("aside"))]);
            let stamp = a.key.get(ASIDE.len()..).unwrap_or("");
            if let Ok(ms) = stamp.trim_end_matches('x').parse() {
                h.el("strong", "", &date(ms));
            }
            h.open("ul", &[("class", Some("errors"))]);
            if let Some(e) = a.doc {
                h.el("li", "", &lang.doc_error(e));
            }
            for b in &a.bad {
                h.el("li", "", &lang.bad_entry(b));
            }
            h.close("ul").open("div", &[("class", Some("row"))]);
            button(&mut h, "aside-get", &a.key, r.download, None);
            button(&mut h, "aside-drop", &a.key, r.discard, None);
            h.close("div").close("li");
        }
        h.close("ul").close("div");
    }

    h.open("div", &[("class", Some("row"))]);
    h.open(
        "button",
        &[
            ("type", Some("button")),
            ("class", Some("export-studies")),
            ("data-act", Some("export")),
            ("disabled", s.list.is_empty().then_some("")),
        ],
    )
    .text(r.export_all)
    .close("button");
    h.open("label", &[("class", Some("button import-studies"))])
        .text(r.import)
        .open(
            "input",
            &[
                ("type", Some("file")),
                ("accept", Some(".json,application/json")),
            ],
        )
        .close("label")
        .close("div");

    if s.list.is_empty() {
        h.el("p", "muted", r.no_studies);
    }
    h.open("ul", &[("class", Some("study-list"))]);
    for st in &s.list {
        let name = if st.name.trim().is_empty() {
            r.untitled
        } else {
            &st.name
        };
        h.open("li", &[("class", Some("study")), ("data-id", Some(&st.id))]);
        if s.editing.as_deref() == Some(st.id.as_str()) {
            h.open(
                "form",
                &[("class", Some("study-edit")), ("data-arg", Some(&st.id))],
            );
            fields(&mut h, lang, &st.name, &st.notes);
            h.open("div", &[("class", Some("row"))])
                .open(
                    "button",
                    &[
                        ("type", Some("submit")),
                        ("class", Some("primary save-edit")),
                    ],
                )
                .text(r.save)
                .close("button");
            button(&mut h, "cancel-edit", "", r.cancel, None);
            h.close("div").close("form").close("li");
            continue;
        }
        h.el("h3", "study-name", name).el(
            "p",
            "small muted",
            &format!(
                "{} · {} · {}",
                date(st.updated),
                lang.moves_count(st.move_count()),
                lang.edition_name(st.edition)
            ),
        );
        h.el("p", "study-notes", &preview(&st.notes, PREVIEW));
        h.open("div", &[("class", Some("row"))]);
        button(&mut h, "open", &st.id, r.open, Some(name));
        button(&mut h, "edit", &st.id, r.edit, Some(name));
        button(&mut h, "delete", &st.id, r.delete, Some(name));
        h.close("div").close("li");
    }
    h.close("ul");
    h.finish()
}

/// The status line: a failed write, a deletion to undo, the last import.
pub fn status_html(lang: Lang, s: &Saved) -> String {
    let r = lang.words();
    let mut h = Markup::new();
    if s.failed {
        h.el("p", "error", r.save_failed);
    }
    if let Some(d) = &s.deleted {
        h.open("p", &[]).text(&lang.deleted(&d.name)).text(" ");
        button(&mut h, "undo", "", r.undo_delete, None);
        h.close("p");
    }
    match &s.report {
        None => {}
        Some(Ok(i)) => {
            h.el("p", "", &lang.imported(i))
                .open("ul", &[("class", Some("errors"))]);
            for b in &i.bad {
                h.el("li", "", &lang.bad_entry(b));
            }
            h.close("ul");
        }
        Some(Err(e)) => {
            let why = e.map_or_else(|| r.import_unreadable.to_string(), |e| lang.doc_error(e));
            h.el("p", "error", &why);
        }
    }
    h.finish()
}

/// The body of the "Save study" panel (the site draws its summary): the
/// name and notes typed so far, the buttons (saving over the study opened, if one is) and the last result.
pub fn panel_html(
    lang: Lang,
    draft: &(String, String),
    opened: bool,
    status: Option<bool>,
) -> String {
    let r = lang.words();
    let mut h = Markup::new();
    fields(&mut h, lang, &draft.0, &draft.1);
    h.open("div", &[("class", Some("row"))])
        .open(
            "button",
            &[
                ("type", Some("button")),
                ("class", Some("primary save-study")),
                ("data-act", Some("save")),
            ],
        )
        .text(if opened { r.save_changes } else { r.save_study })
        .close("button")
        .open(
            "button",
            &[
                ("type", Some("button")),
                ("class", Some("save-study-new")),
                ("data-act", Some("save-new")),
                ("disabled", (!opened).then_some("")),
            ],
        )
        .text(r.save_as_new)
        .close("button")
        .open("a", &[("href", Some("#/studies"))])
        .text(r.nav_studies)
        .close("a")
        .close("div");
    let message = match status {
        None => "",
        Some(true) => r.saved,
        Some(false) => r.save_failed,
    };
    h.open(
        "p",
        &[
            ("class", Some("small study-status")),
            ("role", Some("status")),
        ],
    )
    .text(message)
    .close("p");
    h.finish()
}

/// The notice shown on every page while stored studies set aside as they
/// were loaded have not been looked at (empty otherwise).
pub fn notice_html(lang: Lang, s: &Saved) -> String {
    let r = lang.words();
    let mut h = Markup::new();
    if s.fresh {
        h.open(
            "p",
            &[
                ("class", Some("notice studies-notice")),
                ("role", Some("alert")),
            ],
        )
        .text(r.aside_notice)
        .text(" ")
        .open("a", &[("href", Some("#/studies"))])
        .text(r.studies_title)
        .close("a")
        .close("p");
    }
    h.finish()
}

/// The studies page's frame: its heading, introduction and the places
/// [`status_html`] and [`page_html`] fill.
pub fn frame_html(lang: Lang) -> String {
    let r = lang.words();
    let mut h = Markup::new();
    h.el("h2", "", r.studies_title)
        .el("p", "intro", r.studies_intro)
        .open(
            "div",
            &[("class", Some("studies-status")), ("role", Some("status"))],
        )
        .close("div")
        .open("div", &[("class", Some("studies-body"))])
        .close("div");
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{read_doc, DocError};
    use crate::store::{Aside, KEY};

    const IMG: &str = "<img src=x onerror=alert(1)>";

    #[test]
    fn names_notes_and_reasons_are_escaped() {
        let text = format!(
            r#"{{"format":"qili-studies","version":1,"studies":[
            {{"id":"\"><img>","name":"{IMG}","notes":"javascript:alert(1)","fen":"3k5/9/9/9/9/9/9/9/9/4K4 w"}},
            {{"name":"{IMG}","fen":"{IMG}"}}]}}"#
        );
        let l = read_doc(&text).unwrap();
        let mut s = Saved {
            list: l.studies,
            aside: vec![
                Aside {
                    key: format!("{ASIDE}123"),
                    text: String::new(),
                    doc: None,
                    bad: l.bad,
                },
                Aside {
                    key: KEY.into(),
                    text: "garbage".into(),
                    doc: Some(DocError::Syntax(0)),
                    bad: Vec::new(),
                },
            ],
            ..Saved::default()
        };
        for editing in [None, Some("\"><img>".to_string())] {
            s.editing = editing;
            let html = page_html(Lang::En, &s, |ms| format!("t{ms}"));
            assert!(!html.contains("<img"), "{html}");
            assert!(
                html.contains("&lt;img src=x onerror=alert(1)&gt;"),
                "{html}"
            );
            assert!(
                html.contains("data-arg=\"&quot;&gt;&lt;img&gt;\""),
                "{html}"
            );
            assert!(
                html.contains("javascript:alert(1)"),
                "shown as text: {html}"
            );
            assert!(
                html.contains("t123") && html.contains("Not valid JSON"),
                "{html}"
            );
        }
    }

    #[test]
    fn the_status_offers_undo_and_reports_imports() {
        let mut s = Saved {
            report: Some(Err(Some(DocError::Version(3)))),
            ..Saved::default()
        };
        assert!(status_html(Lang::En, &s).contains("version 3"));
        s.report = None;
        assert_eq!(status_html(Lang::Zh, &s), "");
    }

    #[test]
    fn the_panel_saves_over_an_opened_study_and_the_notice_waits_for_fresh_data() {
        let draft = (IMG.to_string(), "notes".to_string());
        let new = panel_html(Lang::En, &draft, false, None);
        assert!(
            new.contains(">Save study<") && new.contains("disabled"),
            "{new}"
        );
        assert!(!new.contains("<img"), "{new}");
        let opened = panel_html(Lang::Zh, &draft, true, Some(true));
        assert!(opened.contains("保存修改") && !opened.contains("disabled"));
        assert!(opened.contains("已保存。"));
        let mut s = Saved::default();
        assert_eq!(notice_html(Lang::En, &s), "");
        s.fresh = true;
        assert!(notice_html(Lang::En, &s).contains("href=\"#/studies\""));
        assert!(frame_html(Lang::Zh).contains("studies-status"));
    }
}
