//! How to read the badges and verdicts, in plain words.

use leptos::prelude::*;

use crate::board::label_class;
use crate::markup::Markup;
use crate::strings::Lang;
use crate::{tr, Ui};

/// The page's text as markup (see [`crate::markup`]).
fn about_html(lang: Lang) -> String {
    let mut h = Markup::new();
    h.open("ul", &[("class", Some("badge-legend"))]);
    let labels = ["将", "杀", "捉", "闲"].into_iter().map(|l| {
        (
            l,
            format!("tag big label-{}", label_class(l)),
            lang.label(l),
        )
    });
    let subs = ["兑", "献", "拦", "跟"]
        .into_iter()
        .map(|s| (s, "tag big sub".to_string(), lang.idle_kind(s)));
    for (mark, class, name) in labels.chain(subs) {
        h.open("li", &[])
            .el("span", &class, mark)
            .text(" ")
            .text(name)
            .close("li");
    }
    h.close("ul");
    for (heading, paragraphs) in lang.strings().about {
        h.open("section", &[]).el("h3", "", heading);
        for p in *paragraphs {
            h.el("p", "", p);
        }
        h.close("section");
    }
    h.finish()
}

/// The about page.
#[component]
pub fn AboutPage() -> impl IntoView {
    let lang = Ui::get().lang;
    view! {
        <article class="about prose">
            <h2>{tr(|t| t.about_title)}</h2>
            <div inner_html=Signal::derive(move || about_html(lang.get()))></div>
        </article>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_section_is_written() {
        for lang in [Lang::Zh, Lang::En] {
            let html = about_html(lang);
            assert_eq!(
                html.matches("<section>").count(),
                lang.strings().about.len()
            );
            assert_eq!(html.matches("<li>").count(), 8);
        }
    }
}
