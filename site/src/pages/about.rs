//! How to read the badges and verdicts, in plain words.

use leptos::prelude::*;

use crate::board::label_class;
use crate::Ui;

/// The about page.
#[component]
pub fn AboutPage() -> impl IntoView {
    let ui = Ui::get();
    let legend = move || {
        let lang = ui.lang.get();
        let labels = ["将", "杀", "捉", "闲"]
            .into_iter()
            .map(|l| (l, format!("tag big label-{}", label_class(l)), lang.label(l)));
        let subs = ["兑", "献", "拦", "跟"]
            .into_iter()
            .map(|s| (s, "tag big sub".to_string(), lang.sub(s)));
        labels
            .chain(subs)
            .map(|(mark, class, name)| {
                view! {
                    <li>
                        <span class=class>{mark}</span>
                        " "
                        {name}
                    </li>
                }
            })
            .collect_view()
    };
    let sections = move || {
        ui.t()
            .about
            .iter()
            .map(|(heading, paragraphs)| {
                view! {
                    <section>
                        <h3>{*heading}</h3>
                        {paragraphs.iter().map(|p| view! { <p>{*p}</p> }).collect_view()}
                    </section>
                }
            })
            .collect_view()
    };
    view! {
        <article class="about prose">
            <h2>{move || ui.t().about_title}</h2>
            <ul class="badge-legend">{legend}</ul>
            {sections}
        </article>
    }
}
