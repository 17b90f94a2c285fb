//! How to read the badges and verdicts, in plain words. The legend of the
//! badges is drawn here; the explanations are static files
//! (`site/public/about.zh.html`, `about.en.html`) fetched when the page is
//! shown, so that their words are not part of the first download.

use leptos::prelude::*;
use qili::rules::{IdleKind, Label};

use crate::board::label_class;
use crate::markup::Markup;
use crate::strings::{Lang, SiteText};
use crate::{tr, web, Ui};

/// The legend of the badges as markup (see [`crate::markup`]).
fn legend_html(lang: Lang) -> String {
    let mut h = Markup::new();
    h.open("ul", &[("class", Some("badge-legend"))]);
    let labels = [Label::Check, Label::MateThreat, Label::Chase, Label::Idle]
        .into_iter()
        .map(|l| {
            (
                l.zh(),
                format!("tag big label-{}", label_class(l)),
                lang.label(l),
            )
        });
    let subs = IdleKind::ALL
        .into_iter()
        .map(|s| (s.zh(), "tag big sub".to_string(), lang.idle_kind(s)));
    for (mark, class, name) in labels.chain(subs) {
        h.open("li", &[])
            .el("span", &class, mark)
            .text(" ")
            .text(name)
            .close("li");
    }
    h.close("ul");
    h.finish()
}

/// The file with the page's explanations in `lang`.
fn text_file(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "about.zh.html",
        Lang::En => "about.en.html",
    }
}

/// The about page.
#[component]
pub fn AboutPage() -> impl IntoView {
    let lang = Ui::get().lang;
    let text = RwSignal::new(String::new());
    Effect::new(move || {
        let file = text_file(lang.get());
        web::fetch_text(file, move |t| {
            // Only the answer for the language still shown.
            if text_file(lang.get_untracked()) == file {
                text.set(t.unwrap_or_default());
            }
        });
    });
    view! {
        <article class="about prose">
            <h2>{tr(|t| t.about_title)}</h2>
            <div inner_html=Signal::derive(move || legend_html(lang.get()))></div>
            <div inner_html=text></div>
        </article>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legend_has_every_badge() {
        for lang in [Lang::Zh, Lang::En] {
            assert_eq!(legend_html(lang).matches("<li>").count(), 8);
        }
    }

    /// Both languages have the same sections, and the files hold nothing
    /// but the plain markup of text (they are inserted as HTML).
    #[test]
    fn text_files_match() {
        let zh = include_str!("../../public/about.zh.html");
        let en = include_str!("../../public/about.en.html");
        for tag in ["<section>", "<h3>", "<p>"] {
            assert_eq!(zh.matches(tag).count(), en.matches(tag).count(), "{tag}");
        }
        assert!(zh.matches("<section>").count() >= 5);
        for text in [zh, en] {
            let tags: Vec<&str> = text
                .split('<')
                .skip(1)
                .map(|t| t.split(['>', ' ']).next().unwrap_or(""))
                .collect();
            assert!(
                tags.iter().all(|t| matches!(
                    *t,
                    "section" | "/section" | "h3" | "/h3" | "p" | "/p" | "!--"
                )),
                "{tags:?}"
            );
        }
    }
}
