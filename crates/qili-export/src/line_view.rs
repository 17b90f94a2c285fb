//! The line view's words and markup (issue 21): the ghost board of a
//! [`Line`], its toolbar, the status read out on every step, the list of
//! its moves (`data-line-ply`, `data-iccs`: stable hooks) with the
//! material counted, and the controls of a move's other claims. Markup
//! text, escaped by [`Markup`], that `site/line.js` puts in the page: this
//! module is loaded on first use (see the crate docs), so it is built the
//! way the Export menu is, not with the site's Leptos views.

use qili::rules::MoveReport;
use qili::{Color, Piece, Position};
use qili_diagram::draw::{self, Glyphs, Scene};
use qili_diagram::words::signed;
use qili_site::judge::pieces;
use qili_site::notation::Notation;
use qili_site::{Lang, SiteText};
use qili_web::markup::{esc, Markup};
use qili_web::show_line;

use crate::line::{Line, Which, CLAIMS};

/// The line view's own words, in one language.
#[derive(Debug)]
pub struct Words {
    /// Titles: a chased piece's line, before the piece.
    pub chase: &'static str,
    /// The mating line.
    pub mate: &'static str,
    /// Titles of the claims' lines: before and after the piece, in the
    /// order of [`CLAIMS`] (trade, offer, protected, mated).
    pub claims: [(&'static str, &'static str); 4],
    /// What the board shows while a line is shown, and the keys.
    pub note: &'static str,
    /// Under a chase's line that left mated replies aside (see
    /// [`Line::mates_aside`]).
    pub mates_aside: &'static str,
    /// The name of the list of the line's moves.
    pub moves: &'static str,
    /// The name of the line's board.
    pub board: &'static str,
    /// Back to the game.
    pub back: &'static str,
    /// Heading of a move's other claims.
    pub others: &'static str,
    /// The status at the start: before the side, and after it.
    pub start: (&'static str, &'static str),
    /// Added to the start's status when the other side passed.
    pub passed: &'static str,
    /// The status of a step: "Step ", " of ", ": ".
    pub step: [&'static str; 3],
    /// A capture in a step's status, before the piece.
    pub takes: &'static str,
    /// The material counted: before and after the side.
    pub balance: (&'static str, &'static str),
    /// The pieces taken so far, before them; and when none is.
    pub captured: (&'static str, &'static str),
}

const ZH: Words = Words {
    chase: "得子着法：",
    mate: "杀法",
    claims: [
        ("兑子：", ""),
        ("献子：", ""),
        ("有根（吃了被反吃）：", ""),
        ("吃子后被杀（29.4）：", ""),
    ],
    note: "棋盘上是演示着法，不是对局。← → 步进，Home/End 到头尾，空格播放，Esc 返回。",
    mates_aside: "途中有的应着未列出：走了会被连续照将将死（29.1）。",
    moves: "演示着法",
    board: "演示棋盘",
    back: "返回对局",
    others: "其他着法：",
    start: ("起点：", "走"),
    passed: "（对方停一着）",
    step: ["第 ", " / ", " 步："],
    takes: "，吃",
    balance: ("。", "得失 "),
    captured: ("已吃：", "尚未吃子"),
};

const EN: Words = Words {
    chase: "The line that wins ",
    mate: "The mating line",
    claims: [
        ("The trade of ", ""),
        ("The offer of ", ""),
        ("Why taking ", " loses"),
        ("Taking ", " is met by mate (29.4)"),
    ],
    note: "The board shows the line, not the game. ← → step, Home/End go to its ends, Space plays, Esc goes back.",
    mates_aside: "Some replies on the way are not shown: the checks would mate them (29.1).",
    moves: "Moves of the line",
    board: "The line's board",
    back: "Back to the game",
    others: "Other lines:",
    start: ("Start: ", " to move"),
    passed: " (the other side passes)",
    step: ["Step ", " of ", ": "],
    takes: ", takes ",
    balance: (". Balance for ", ": "),
    captured: ("Taken: ", "Nothing taken yet"),
};

/// The words in `lang`.
pub fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::Zh => &ZH,
        Lang::En => &EN,
    }
}

/// What a line shows: "得子着法：黑车 c6" / "The line that wins black rook
/// c6". `piece` is the piece it is about, if known.
pub fn title(lang: Lang, which: Which, piece: Option<Piece>) -> String {
    let w = words(lang);
    let on = match (which.square(), piece) {
        (Some(s), Some(p)) => lang.piece_on(p, s),
        (Some(s), None) => s.to_string(),
        (None, _) => String::new(),
    };
    let (head, tail) = match which {
        Which::Mate => (w.mate, ""),
        Which::Chase(_) => (w.chase, ""),
        Which::Claim(c, _) => w.claims[CLAIMS.iter().position(|&k| k == c).unwrap_or(0)],
    };
    format!("{head}{on}{tail}")
}

/// A line as the page shows it: the line, the language and notation.
#[derive(Debug)]
pub struct View {
    /// The line and the step shown.
    pub line: Line,
    /// The page's language.
    pub lang: Lang,
    /// The page's notation.
    pub notation: Notation,
}

impl View {
    /// The title (see [`title`]).
    pub fn title(&self) -> String {
        let l = &self.line;
        let piece = l.which.square().and_then(|s| l.before(1).piece_at(s));
        title(self.lang, l.which, piece)
    }

    /// The ghost board's drawing at the step shown (for its `.drawing`).
    pub fn drawing(&self, flipped: bool, glyphs: Glyphs) -> String {
        let p = pieces(self.line.position());
        draw::draw(Scene::still(&p, &self.line.overlay(), flipped, glyphs))
    }

    /// The ghost board, drawn as the site's board is (`svg.board`: its
    /// styles, and embed.js's slide), its drawing (`.drawing`) empty: see
    /// [`View::drawing`].
    pub fn board(&self, glyphs: Glyphs) -> String {
        // The board's drawing is markup, escaped where written.
        format!(
            "<svg class=\"board\" viewBox=\"0 0 900 1100\" role=\"img\" aria-label=\"{}\">\
             <g class=\"under\" aria-hidden=\"true\">{}</g>\
             <g class=\"drawing\" aria-hidden=\"true\"></g></svg>",
            esc(words(self.lang).board),
            draw::board(glyphs),
        )
    }

    /// The step shown, read out: the step and its move, what it takes, the
    /// balance so far for the side that started; at the start, who moves.
    pub fn status(&self) -> String {
        let (l, w) = (&self.line, words(self.lang));
        let side = self.lang.side(l.side == Color::Red);
        let step = l.step();
        let Some(mv) = l.around().0 else {
            let passed = if l.passed { w.passed } else { "" };
            return format!("{}{side}{}{passed}", w.start.0, w.start.1);
        };
        let mut s = format!(
            "{}{step}{}{}{}{}",
            w.step[0],
            w.step[1],
            l.moves.len(),
            w.step[2],
            self.notation.write(l.before(step), mv)
        );
        if let Some(p) = l.taken(step) {
            s.push_str(w.takes);
            s.push_str(self.lang.piece(p));
        }
        s.push_str(&format!(
            "{}{side}{}{}",
            w.balance.0,
            w.balance.1,
            signed(l.balance())
        ));
        s
    }

    /// The panel under the ghost board: the title, what the board is, the
    /// moves (the step shown `aria-current="step"`; each a button that goes
    /// to it: `data-line-act="go"`, `data-step`), the pieces taken and the
    /// balance (`data-balance`).
    pub fn panel(&self) -> String {
        let (l, w) = (&self.line, words(self.lang));
        let mut h = Markup::new();
        h.open("h3", &[("id", Some("line-title"))])
            .text(&self.title())
            .close("h3")
            .el("p", "small", w.note);
        if l.mates_aside {
            h.el("p", "small line-mates", w.mates_aside);
        }
        h.open(
            "ol",
            &[("class", Some("line-moves")), ("aria-label", Some(w.moves))],
        );
        for (i, &m) in l.moves.iter().enumerate() {
            let at = i + 1;
            let (ply, iccs) = (at.to_string(), m.to_string());
            h.open(
                "li",
                &[
                    ("data-line-ply", Some(&ply)),
                    ("data-iccs", Some(&iccs)),
                    ("aria-current", (l.step() == at).then_some("step")),
                ],
            )
            .open(
                "button",
                &[
                    ("type", Some("button")),
                    ("data-line-act", Some("go")),
                    ("data-step", Some(&ply)),
                ],
            )
            .text(&format!("{at}. {}", self.notation.write(l.before(at), m)))
            .close("button")
            .close("li");
        }
        let captured = l.captured();
        let taken = if captured.is_empty() {
            w.captured.1.to_string()
        } else {
            let names: Vec<&str> = captured.iter().map(|&p| self.lang.piece(p)).collect();
            format!("{}{}", w.captured.0, names.join(" "))
        };
        let balance = l.balance().to_string();
        let side = self.lang.side(l.side == Color::Red);
        h.close("ol")
            .open(
                "p",
                &[
                    ("class", Some("line-balance")),
                    ("data-balance", Some(&balance)),
                ],
            )
            .text(&format!(
                "{taken}{}{side}{}{}",
                w.balance.0,
                w.balance.1,
                signed(l.balance())
            ))
            .close("p");
        h.finish()
    }
}

/// The toolbar of the line view: to the start, back, play (a toggle:
/// `aria-pressed`), on, to the end, and back to the game. Each button
/// has `data-line-act` (what `site/line.js` does with it).
pub fn toolbar(lang: Lang) -> String {
    let (t, w) = (lang.strings(), words(lang));
    let mut h = Markup::new();
    h.open(
        "div",
        &[
            ("class", Some("controls line-bar")),
            ("role", Some("toolbar")),
            ("aria-label", Some(t.controls)),
        ],
    );
    for (act, label, icon) in [
        ("first", t.first, "«"),
        ("prev", t.prev, "‹"),
        ("play", t.play, "▶"),
        ("next", t.next, "›"),
        ("last", t.last, "»"),
    ] {
        let pressed = (act == "play").then_some("false");
        h.open(
            "button",
            &[
                ("type", Some("button")),
                ("class", Some("step")),
                ("data-line-act", Some(act)),
                ("aria-label", Some(label)),
                ("title", Some(label)),
                ("aria-pressed", pressed),
            ],
        )
        .open("span", &[("aria-hidden", Some("true"))])
        .text(icon)
        .close("span")
        .close("button");
    }
    h.open(
        "button",
        &[
            ("type", Some("button")),
            ("class", Some("primary")),
            ("data-line-act", Some("back")),
            ("data-line-back", Some("")),
        ],
    )
    .text(w.back)
    .close("button")
    .close("div");
    h.finish()
}

/// The controls of the claims of `m`, the move that led to `after`, that
/// the first load cannot tell (it is built without the lines): 兑, 献, the
/// protected pieces, 29.4. A `.line-claims` list, or nothing if the move
/// has none with a line.
pub fn claims(lang: Lang, after: &Position, m: &MoveReport) -> String {
    let mut h = Markup::new();
    let shown: Vec<_> = m.claims.iter().filter(|c| !c.line.is_empty()).collect();
    if shown.is_empty() {
        return h.finish();
    }
    h.el("p", "small line-claims-head", words(lang).others)
        .open("ul", &[("class", Some("line-claims"))]);
    for c in shown {
        let which = Which::Claim(c.claim, c.square);
        let name = title(lang, which, after.piece_at(c.square));
        let square = c.square.to_string();
        h.open("li", &[]).text(&name).text(" ");
        show_line::control(
            &mut h,
            which.code(),
            Some(&square),
            Some(&name),
            lang.strings().show_line,
        );
        h.close("li");
    }
    h.close("ul");
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line::tests::judged;
    use qili::rules::Claim;

    fn view(id: &str, ply: usize, which: impl Fn(&MoveReport) -> Which, lang: Lang) -> View {
        let j = judged(id);
        let m = j.move_report(ply).unwrap();
        View {
            line: Line::new(j.position(ply), m, which(m)).unwrap(),
            lang,
            notation: Notation::Iccs,
        }
    }

    #[test]
    fn the_panel_lists_the_moves_and_counts_the_material() {
        let j = judged("cxa-fig10");
        let c = &j.move_report(1).unwrap().chases[0];
        let mut v = view(
            "cxa-fig10",
            1,
            |m| Which::Chase(m.chases[0].square),
            Lang::En,
        );
        let panel = v.panel();
        assert_eq!(panel.matches("data-line-ply=").count(), c.line.len());
        assert!(panel.contains(&format!(
            "<li data-line-ply=\"1\" data-iccs=\"{}\"><button type=\"button\" \
             data-line-act=\"go\" data-step=\"1\">1. ",
            c.line[0]
        )));
        assert!(!panel.contains("aria-current"), "{panel}");
        assert!(panel.contains("The line that wins ") && panel.contains("Nothing taken yet"));
        assert!(v.status().starts_with("Start: "), "{}", v.status());
        v.line.go(usize::MAX);
        let panel = v.panel();
        let n = c.line.len();
        assert!(panel.contains(&format!(
            "data-line-ply=\"{n}\" data-iccs=\"{}\" aria-current=\"step\"",
            c.line[n - 1]
        )));
        assert!(
            panel.contains(&format!("data-balance=\"{}\"", c.balance)),
            "{panel}"
        );
        let status = v.status();
        assert!(
            status.starts_with(&format!("Step {n} of {n}: ")),
            "{status}"
        );
        assert!(status.contains(&signed(c.balance)), "{status}");
        let board = v.board(Glyphs::Traditional);
        assert!(board.starts_with("<svg class=\"board\"") && board.contains("漢 界"));
        assert!(board.contains("<g class=\"drawing\" aria-hidden=\"true\"></g>"));
        let drawing = v.drawing(false, Glyphs::Traditional);
        assert_eq!(
            drawing.matches("data-piece=").count(),
            pieces(v.line.position()).len()
        );
        assert!(drawing.contains("class=\"arrow attack\""), "{drawing}");
    }

    /// 参考图29, 车四进三: the line that wins the rook on b3 leaves aside
    /// replies the checks would mate, and its panel says so; 图10's line
    /// does not.
    #[test]
    fn the_panel_says_when_mated_replies_are_left_out() {
        let aside = |m: &MoveReport| m.chases.iter().find(|c| c.mates_aside).unwrap().square;
        let v = view("cxa-ref29", 4, |m| Which::Chase(aside(m)), Lang::En);
        assert!(v.panel().contains(EN.mates_aside), "{}", v.panel());
        let v = view(
            "cxa-fig10",
            1,
            |m| Which::Chase(m.chases[0].square),
            Lang::Zh,
        );
        assert!(!v.panel().contains(ZH.mates_aside));
    }

    #[test]
    fn speaks_both_languages() {
        let v = view("cxa1999-图九", 1, |_| Which::Mate, Lang::Zh);
        assert_eq!(v.title(), "杀法");
        assert!(v.status().starts_with("起点："), "{}", v.status());
        assert!(toolbar(Lang::Zh).contains("返回对局"));
        assert!(toolbar(Lang::En).contains("data-line-back"));
        assert_eq!(
            title(
                Lang::En,
                Which::Claim(Claim::Mated, "c6".parse().unwrap()),
                None
            ),
            "Taking c6 is met by mate (29.4)"
        );
        assert_eq!(signed(-1), "-1");
    }

    #[test]
    fn writes_the_controls_of_the_other_claims() {
        let mut found = 0;
        for case in qili_site::library::cases() {
            let j = judged(case.id);
            for m in &j.report.moves {
                let html = claims(Lang::En, j.position(m.ply), m);
                let with_line = m.claims.iter().filter(|c| !c.line.is_empty()).count();
                assert_eq!(html.matches("data-show-line").count(), with_line);
                found += with_line;
            }
        }
        assert!(found > 0, "the examples have claims");
        let j = judged("cxa1999-图三");
        let html = claims(Lang::Zh, j.position(2), j.move_report(2).unwrap());
        assert!(html.contains("兑子：红车 h0 <button"), "{html}");
        assert!(
            html.contains("data-line=\"trade\" data-square=\"h0\""),
            "{html}"
        );
    }
}
