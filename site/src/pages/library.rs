//! The 棋例 library: every example, grouped by edition and clause, filtered
//! by the patterns the engine finds and by text.

use std::time::Duration;

use leptos::prelude::*;
use qili::rules::Edition;

use crate::judge::Judged;
use crate::library::{cases, Case, Group};
use crate::markup::Markup;
use crate::model::catalog::{patterns, Filter, SidePattern, Summary};
use crate::route::Route;
use crate::strings::{Lang, SiteText};
use crate::web;
use crate::{flag, text, tr, Ui};

/// What the engine found for every example, filled in a few at a time after
/// the first page is drawn (judging all of them takes a moment), and the
/// library filter. Lives as long as the app, so the library comes back as it
/// was left.
#[derive(Debug, Clone, Copy)]
pub struct Catalog {
    /// One entry per example, `None` until judged (or if it cannot be).
    pub summaries: RwSignal<Vec<Option<Summary>>>,
    /// How many examples have been judged.
    pub done: RwSignal<usize>,
    /// The filter.
    pub filter: RwSignal<Filter>,
    running: StoredValue<bool>,
}

impl Default for Catalog {
    fn default() -> Catalog {
        Catalog::new()
    }
}

/// The engine's summary of an example, under its own edition.
pub fn summarize(case: &Case) -> Option<Summary> {
    let (start, moves) = case.line().ok()?;
    let j = Judged::new(case.edition(), &start, &moves).ok()?;
    Some(Summary::of(&j.report))
}

impl Catalog {
    /// Nothing judged yet.
    pub fn new() -> Catalog {
        Catalog {
            summaries: RwSignal::new(vec![None; cases().len()]),
            done: RwSignal::new(0),
            filter: RwSignal::new(Filter::default()),
            running: StoredValue::new(false),
        }
    }

    /// The catalog of this app.
    pub fn get() -> Catalog {
        expect_context()
    }

    /// Starts judging in the background, if not started yet.
    pub fn start(self) {
        if self.running.get_value() || self.done.get_untracked() >= cases().len() {
            return;
        }
        self.running.set_value(true);
        set_timeout(move || self.step(), Duration::from_millis(30));
    }

    /// Judges examples for about 30 ms, publishes them, and yields to the
    /// browser until the next step.
    fn step(self) {
        let Some(mut i) = self.done.try_get_untracked() else {
            return; // the app is gone
        };
        let t0 = web::now_ms();
        let mut batch = Vec::new();
        while i < cases().len() && (batch.is_empty() || web::now_ms() - t0 < 30.0) {
            batch.push((i, summarize(&cases()[i])));
            i += 1;
        }
        self.summaries.try_update(|v| {
            for (k, s) in batch {
                v[k] = s;
            }
        });
        self.done.try_set(i);
        if i < cases().len() {
            set_timeout(move || self.step(), Duration::from_millis(0));
        } else {
            self.running.try_set_value(false);
        }
    }
}

/// What the engine found for a card, as markup.
fn result_html(h: &mut Markup, lang: Lang, s: Option<&Summary>) {
    let Some(s) = s else {
        h.el("span", "muted small", lang.strings().judging);
        return;
    };
    if let Some(sides) = s.sides {
        for (p, red) in sides.into_iter().zip([true, false]) {
            let cls = format!(
                "chip pattern {}{}",
                if red { "red" } else { "black" },
                if p.forbidden { " forbidden" } else { "" }
            );
            h.el(
                "span",
                &cls,
                &format!("{} {}", lang.side(red), lang.pick(p.zh, p.en)),
            );
        }
    }
    h.el(
        "span",
        &format!("chip ruling ruling-{}", s.ruling.code()),
        lang.ruling(s.ruling),
    );
}

/// The cards of the examples shown, by section, as markup.
fn groups_html(lang: Lang, visible: &[usize], summaries: &[Option<Summary>]) -> String {
    let mut h = Markup::new();
    if visible.is_empty() {
        h.el("p", "muted", lang.strings().no_match);
        return h.finish();
    }
    for g in Group::ALL {
        let idx: Vec<usize> = visible
            .iter()
            .copied()
            .filter(|&i| cases()[i].group == g)
            .collect();
        if idx.is_empty() {
            continue;
        }
        h.open("section", &[("class", Some("group"))])
            .open("h3", &[])
            .text(lang.group(g))
            .text(" ")
            .el("span", "count small", &lang.count(idx.len()))
            .close("h3")
            .open("ul", &[("class", Some("cases"))]);
        for i in idx {
            let case = &cases()[i];
            let href = Route::Case {
                id: case.id.to_string(),
                edition: None,
                ply: None,
            }
            .to_hash();
            let mut meta = lang.moves_count(case.len());
            if let Some(n) = case.clause {
                meta = format!("{} · {meta}", lang.clause_item(n));
            }
            if case.composed {
                meta = format!("{meta} · {}", lang.strings().composed);
            }
            h.open("li", &[("class", Some("case-card"))])
                .open("a", &[("href", Some(&href)), ("data-case", Some(case.id))])
                .el("span", "title", case.title)
                .el("span", "meta small", &meta)
                .open("span", &[("class", Some("result"))]);
            result_html(&mut h, lang, summaries[i].as_ref());
            h.close("span").close("a").close("li");
        }
        h.close("ul").close("section");
    }
    h.finish()
}

/// The pattern filter's options, as markup.
fn options_html(lang: Lang, patterns: &[(SidePattern, usize)], chosen: Option<&str>) -> String {
    let mut h = Markup::new();
    let selected = |yes: bool| yes.then_some("");
    h.open(
        "option",
        &[
            ("value", Some("")),
            ("selected", selected(chosen.is_none())),
        ],
    )
    .text(lang.strings().all_patterns)
    .close("option");
    for (p, n) in patterns {
        h.open(
            "option",
            &[
                ("value", Some(p.zh)),
                ("selected", selected(chosen == Some(p.zh))),
            ],
        )
        .text(&format!("{} ({n})", lang.pick(p.zh, p.en)))
        .close("option");
    }
    h.finish()
}

/// The library page.
#[component]
pub fn LibraryPage() -> impl IntoView {
    let ui = Ui::get();
    let catalog = Catalog::get();
    catalog.start();
    let filter = catalog.filter;
    let visible = Signal::derive(move || {
        filter.with(|f| {
            catalog.summaries.with(|s| {
                cases()
                    .iter()
                    .enumerate()
                    .filter(|(i, c)| f.matches(c, s[*i].as_ref()))
                    .map(|(i, _)| i)
                    .collect::<Vec<usize>>()
            })
        })
    });
    let pattern_options =
        Signal::derive(move || catalog.summaries.with(|s| patterns(s.iter().flatten())));

    let edition_button = move |e: Option<Edition>| {
        let label = move || match e {
            None => ui.t().all_editions,
            Some(e) => ui.lang.get().edition_short(e),
        };
        view! {
            <button
                type="button"
                aria-pressed=flag(move || filter.with(|f| f.edition == e))
                title=Signal::derive(move || e.map(|e| ui.lang.get().edition_name(e)))
                on:click=move |_| filter.update(|f| f.edition = e)
            >
                {label}
            </button>
        }
    };

    let progress = move || {
        let done = catalog.done.get();
        (done < cases().len())
            .then(|| view! { <p class="progress small">{ui.lang.get().judging_progress(done, cases().len())}</p> })
    };

    // The list is links only, so it is markup (see `crate::markup`).
    let groups = Signal::derive(move || {
        let lang = ui.lang.get();
        visible.with(|vis| catalog.summaries.with(|s| groups_html(lang, vis, s)))
    });
    let options = Signal::derive(move || {
        let lang = ui.lang.get();
        let chosen = filter.with(|f| f.pattern.clone());
        pattern_options.with(|p| options_html(lang, p, chosen.as_deref()))
    });

    view! {
        <article class="library">
            <h2>{tr(|t| t.library_title)}</h2>
            <p class="intro">{tr(|t| t.library_intro)}</p>
            <div class="filters" role="search">
                <label class="field">
                    <span>{tr(|t| t.search)}</span>
                    <input
                        type="search"
                        prop:value=text(move || filter.with(|f| f.query.clone()))
                        placeholder=tr(|t| t.search_placeholder)
                        on:input=move |ev| filter.update(|f| f.query = event_target_value(&ev))
                    />
                </label>
                <label class="field">
                    <span>{tr(|t| t.pattern)}</span>
                    <select
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            filter.update(|f| f.pattern = (!v.is_empty()).then_some(v));
                        }
                        inner_html=options
                    ></select>
                </label>
                <div class="switch" role="group" aria-label=tr(|t| t.rules)>
                    <span class="switch-label" aria-hidden="true">{tr(|t| t.rules)}</span>
                    {edition_button(None)}
                    {edition_button(Some(Edition::Cxa1999))}
                    {edition_button(Some(Edition::Cxa2020))}
                    {edition_button(Some(Edition::Axf))}
                </div>
                <p class="status small" aria-live="polite">
                    {text(move || ui.lang.get().count(visible.with(Vec::len)))}
                    {move || {
                        (!filter.with(Filter::is_empty))
                            .then(|| {
                                view! {
                                    " · "
                                    <button type="button" class="link" on:click=move |_| filter.set(Filter::default())>
                                        {ui.t().clear_filters}
                                    </button>
                                }
                            })
                    }}
                </p>
                {progress}
            </div>
            <div class="groups" inner_html=groups></div>
        </article>
    }
}
