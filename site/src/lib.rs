//! The Qili web site: the 棋例 explainer, a Leptos client-side app compiled
//! to wasm by Trunk.
//!
//! - the library of rulebook examples ([`pages::library`]), each replayed
//!   move by move ([`pages::replay`]) with the engine's labels, arrows and
//!   cited ruling;
//! - the analysis board ([`pages::analysis`]): set up, play, paste, share;
//! - the places of the user's saved studies, which `crates/qili-studies`
//!   fills when first used (loaded by `embed.js`, off the first load);
//! - how to read it all ([`pages::about`]).
//!
//! Everything about the rules comes from the `qili` crate through
//! [`judge`]; the [`board`] draws what it is given and reports moves through
//! callbacks. UI state lives in plain structs ([`model`]) tested natively;
//! the pages hold them in signals. The app mounts into any element
//! ([`mount_app`]) and loads nothing by absolute URL.
#![deny(missing_docs)]

pub mod board;
pub mod embed;
pub mod judge;
pub mod library;
use qili_web::markup;
pub mod model;
pub mod notation;
pub mod pages;
mod panels;
pub mod records;
pub mod route;
mod strings;
mod web;

use leptos::ev;
use leptos::mount::{mount_to, UnmountHandle};
use leptos::prelude::*;
use leptos::tachys::view::Mountable;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

use notation::Notation;
use pages::library::Catalog;
use route::Route;
pub use strings::{Lang, SiteText, Strings};

/// The `id` of the element in `index.html` that the app mounts into.
pub const APP_ELEMENT_ID: &str = "qili-app";

const LANG_KEY: &str = "qili.lang";
const NOTATION_KEY: &str = "qili.notation";
const GLYPHS_KEY: &str = "qili.glyphs";

/// The settings every page reads: language, notation and the pieces'
/// glyphs. Shared through context, remembered in `localStorage`.
#[derive(Debug, Clone, Copy)]
pub struct Ui {
    /// The language.
    pub lang: RwSignal<Lang>,
    /// The notation of move lists.
    pub notation: RwSignal<Notation>,
    /// The pieces' glyphs are simplified (车马炮), not traditional (車馬砲):
    /// on the board, the setup palette and the exported pictures and report.
    /// (A flag rather than a `Glyphs` signal: the first load would carry
    /// another copy of the signal code.)
    pub simplified: RwSignal<bool>,
}

impl Ui {
    /// The settings of the app this component belongs to.
    pub fn get() -> Ui {
        expect_context()
    }

    /// The pieces' glyphs (tracked).
    pub fn glyphs(&self) -> board::draw::Glyphs {
        if self.simplified.get() {
            board::draw::Glyphs::Simplified
        } else {
            board::draw::Glyphs::Traditional
        }
    }

    /// The fixed strings in the current language (tracked).
    pub fn t(&self) -> &'static Strings {
        self.lang.get().strings()
    }
}

/// A fixed string of the current language, as a signal.
///
/// Every reactive closure placed in a view instantiates Leptos' rendering
/// code anew, which the download pays for; signals of one type share it. So
/// views take their words through `tr`, `text` and `flag`.
pub fn tr(f: fn(&'static Strings) -> &'static str) -> Signal<&'static str> {
    let lang = Ui::get().lang;
    Signal::derive(move || f(lang.get().strings()))
}

/// A fixed string shown only while `when` holds (empty otherwise).
pub fn tr_if(
    when: impl Fn() -> bool + Send + Sync + 'static,
    f: fn(&'static Strings) -> &'static str,
) -> Signal<&'static str> {
    let lang = Ui::get().lang;
    Signal::derive(move || if when() { f(lang.get().strings()) } else { "" })
}

/// A computed text, as a signal (see [`tr`]).
pub fn text(f: impl Fn() -> String + Send + Sync + 'static) -> Signal<String> {
    Signal::derive(f)
}

/// `"true"` or `"false"` for ARIA states, as a signal (see [`tr`]).
pub fn flag(f: impl Fn() -> bool + Send + Sync + 'static) -> Signal<&'static str> {
    Signal::derive(move || if f() { "true" } else { "false" })
}

/// The board's words in the current language, as a signal.
pub fn board_text() -> Signal<&'static board::BoardText> {
    let lang = Ui::get().lang;
    Signal::derive(move || &lang.get().strings().board)
}

/// The document title for a page, in `lang`.
fn page_title(route: &Route, lang: Lang) -> String {
    let t = lang.strings();
    let page = match route {
        Route::Library => t.nav_library,
        Route::Case { id, .. } => library::find(id).map_or(t.nav_library, |c| c.title),
        Route::Analysis(_) => t.nav_analysis,
        Route::About => t.nav_about,
        Route::Studies => t.reach().nav_studies,
        Route::Arbiter => t.reach().nav_arbiter,
    };
    format!("{page} · Qili 棋例")
}

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let lang = RwSignal::new(
        web::load(LANG_KEY)
            .and_then(|c| Lang::from_code(&c))
            .unwrap_or_default(),
    );
    let notation = RwSignal::new(
        web::load(NOTATION_KEY)
            .and_then(|c| notation::SHOWN.into_iter().find(|&n| n.name() == c))
            .unwrap_or_default(),
    );
    let simplified = RwSignal::new(
        web::load(GLYPHS_KEY).and_then(|g| board::draw::Glyphs::from_name(&g))
            == Some(board::draw::Glyphs::Simplified),
    );
    let ui = Ui {
        lang,
        notation,
        simplified,
    };
    // Remember the settings (not on the first run: nothing changed yet).
    Effect::new(move |prev: Option<()>| {
        let (l, n, g) = (lang.get().code(), notation.get().name(), ui.glyphs().name());
        if prev.is_some() {
            web::save(LANG_KEY, l);
            web::save(NOTATION_KEY, n);
            web::save(GLYPHS_KEY, g);
        }
        // The language is drawn: see `page` below.
        web::tell_loader("qili-page");
    });
    provide_context(ui);
    provide_context(Catalog::new());

    let route = RwSignal::new(Route::parse(&web::hash()));
    let main = NodeRef::<leptos::html::Main>::new();
    let listener = window_event_listener(ev::hashchange, move |_| {
        route.set(Route::parse(&web::hash()));
        // A new page: take the focus to it and show it from the top, as a
        // page load would.
        if let Some(m) = main.get_untracked() {
            let _ = m.focus();
        }
        window().scroll_to_with_x_and_y(0.0, 0.0);
    });
    on_cleanup(move || listener.remove());

    let page = move || {
        let route = route.get();
        document().set_title(&page_title(&route, lang.get_untracked()));
        // Tell the loader (embed.js) that the page (here) or the language
        // (above) changes: once the app is drawn, it redraws the update
        // banner in the app's language and fills the places of the saved
        // studies (`data-studies`), a module of their own (crates/qili-studies)
        // loaded when first needed.
        web::tell_loader("qili-page");
        match route {
            Route::Library => view! { <pages::library::LibraryPage/> }.into_any(),
            Route::Case { id, edition, ply } => {
                view! { <pages::replay::ReplayPage id=id edition=edition ply=ply/> }.into_any()
            }
            Route::Analysis(params) => {
                view! { <pages::analysis::AnalysisPage params=params/> }.into_any()
            }
            Route::About => view! { <pages::about::AboutPage/> }.into_any(),
            // Filled by a module of their own, loaded on first use: the
            // saved studies (crates/qili-studies) and the arbiter's page
            // (crates/qili-arbiter). One view for both: one copy of its code.
            lazy @ (Route::Studies | Route::Arbiter) => {
                let studies = lazy == Route::Studies;
                view! {
                    <article
                        class=if studies { "studies" } else { "arbiter" }
                        data-studies=studies.then_some("page")
                        data-arbiter=(!studies).then_some("page")
                    ></article>
                }
                .into_any()
            }
        }
    };
    let nav_link = move |href: &'static str,
                         is: fn(&Route) -> bool,
                         label: fn(&'static Strings) -> &'static str| {
        view! {
            <a href=href aria-current=Signal::derive(move || route.with(is).then_some("page"))>
                {tr(label)}
            </a>
        }
    };
    let focus_main = move |_| {
        if let Some(m) = main.get_untracked() {
            let _ = m.focus();
        }
    };

    view! {
        <div class="qili" lang=Signal::derive(move || lang.get().code())>
            <button type="button" class="skip" on:click=focus_main>
                {tr(|t| t.skip)}
            </button>
            <header class="top">
                <div class="brand">
                    <h1>
                        <a href="#/">"Qili 棋例"</a>
                    </h1>
                    <p class="tagline">{tr(|t| t.tagline)}</p>
                </div>
                <nav aria-label=tr(|t| t.nav)>
                    {nav_link("#/", |r| matches!(r, Route::Library | Route::Case { .. }), |t| t.nav_library)}
                    {nav_link("#/analysis", |r| matches!(r, Route::Analysis(_)), |t| t.nav_analysis)}
                    {nav_link("#/studies", |r| matches!(r, Route::Studies), |t| t.reach().nav_studies)}
                    {nav_link("#/arbiter", |r| matches!(r, Route::Arbiter), |t| t.reach().nav_arbiter)}
                    {nav_link("#/about", |r| matches!(r, Route::About), |t| t.nav_about)}
                </nav>
                <button
                    type="button"
                    class="switch-lang"
                    lang=Signal::derive(move || lang.get().other().code())
                    aria-label=tr(|t| t.switch_lang_label)
                    on:click=move |_| lang.update(|l| *l = l.other())
                >
                    {tr(|t| t.switch_lang)}
                </button>
                <button
                    type="button"
                    class="switch-glyphs"
                    aria-pressed=flag(move || !simplified.get())
                    on:click=move |_| simplified.update(|s| *s = !*s)
                >
                    {tr(Strings::traditional_glyphs)}
                </button>
            </header>
            <main id="qili-main" tabindex="-1" node_ref=main>
                <div data-studies="notice"></div>
                {page}
            </main>
        </div>
    }
}

/// Mounts [`App`] into `parent`. Dropping the handle unmounts the app.
pub fn mount_app(parent: HtmlElement) -> UnmountHandle<impl Mountable> {
    mount_to(parent, App)
}

/// Mounts the app into `#qili-app` for the life of the page.
///
/// The unmount handle is leaked on the Rust side on purpose: were it handed to
/// JS, a garbage collection of the JS wrapper would drop it and unmount the app.
///
/// # Panics
/// If the page has no `#qili-app` element (the app cannot start without one).
pub fn start() {
    let parent = document()
        .get_element_by_id(APP_ELEMENT_ID)
        .unwrap_or_else(|| panic!("the page has no #{APP_ELEMENT_ID} element to mount into"))
        .unchecked_into::<HtmlElement>();
    mount_app(parent).forget();
}
