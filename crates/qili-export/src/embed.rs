//! The Export menu's "Embed in a web page": the two snippets that show the
//! line a page shows on another site (`site/export.js` draws them, each
//! with a copy button). They were the site's own "Embed" panel until it
//! moved here, off the first load; the text is the same, byte for byte.

use crate::shown::Page;
use qili::rules::Edition;
use qili_web::markup::esc;
use qili_web::url::encode;
use qili_web::Lang;

/// The line of the page at address `hash` as the snippets give it: the
/// start position (FEN), the moves (ICCS, space-separated) and the edition.
/// The replay (`#/case/…`) gives the example's own position and moves and the
/// edition chosen; the analysis board (`#/analysis?…`) and a widget's
/// `data-line` (`#/widget?…`) the whole line, whatever ply is shown.
pub fn line(hash: &str) -> Result<(String, String, Edition), String> {
    match Page::read(hash)? {
        Page::Case { case, edition, .. } => {
            // The whole FEN, counters included (the library keeps the board
            // and the side to move only).
            let start = case.start()?;
            Ok((qili::fen::write(&start), case.moves.to_string(), edition))
        }
        Page::Analysis(a) | Page::Widget(a) => {
            let moves: Vec<String> = a.moves.iter().map(ToString::to_string).collect();
            Ok((a.start_fen(), moves.join(" "), a.edition))
        }
    }
}

/// The two snippets that show a line on another site: the script and a
/// `div`, and an `iframe`. `base` is the site's address ending in `/`.
pub fn snippets(
    base: &str,
    fen: &str,
    moves: &str,
    edition: Edition,
    lang: Lang,
) -> (String, String) {
    let script = format!(
        "<script src=\"{base}embed.js\" defer></script>\n<div class=\"qili\" data-fen=\"{}\" data-moves=\"{}\" data-rules=\"{}\" data-lang=\"{}\"></div>",
        esc(fen),
        esc(moves),
        edition.name(),
        lang.code()
    );
    let hash = format!(
        "fen={}&moves={}&rules={}&lang={}",
        encode(fen),
        encode(moves),
        edition.name(),
        lang.code()
    );
    let iframe = format!(
        "<iframe src=\"{}\" title=\"Qili 棋例\" width=\"420\" height=\"760\" style=\"border:0;max-width:100%\" loading=\"lazy\"></iframe>",
        esc(&format!("{base}embed.html#{hash}"))
    );
    (script, iframe)
}

#[cfg(test)]
mod tests {
    use super::*;
    use qili_site::library;

    #[test]
    fn snippets_escape_what_they_quote() {
        let (script, iframe) = snippets(
            "https://x.example/q/",
            "\"><img src=x onerror=alert(1)>",
            "h2e2 h9g7",
            Edition::Axf,
            Lang::En,
        );
        assert!(script.starts_with("<script src=\"https://x.example/q/embed.js\" defer></script>"));
        assert!(!script.contains("<img"), "{script}");
        assert!(script.contains("data-fen=\"&quot;&gt;&lt;img src=x onerror=alert(1)&gt;\""));
        assert!(script.contains("data-rules=\"axf\""));
        assert!(iframe.contains("embed.html#fen="));
        assert!(!iframe.contains("<img") && !iframe.contains(' '.to_string().repeat(2).as_str()));
        // The address's `&` separators are escaped in the attribute.
        assert!(iframe.contains(
            "embed.html#fen=%22%3E%3Cimg+src%3Dx+onerror%3Dalert%281%29%3E&amp;moves=h2e2+h9g7&amp;rules=axf&amp;lang=en\""
        ));
    }

    #[test]
    fn the_line_of_each_page() {
        let fig1 = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1";
        // The replay: the example's own text, the edition chosen.
        let case = library::find("cxa1999-图一").unwrap();
        assert_eq!(
            line("#/case/cxa1999-%E5%9B%BE%E4%B8%80?ply=2").unwrap(),
            (fig1.into(), case.moves.into(), Edition::Cxa1999)
        );
        assert_eq!(
            line("#/case/cxa1999-图一?rules=axf").unwrap().2,
            Edition::Axf
        );
        // The analysis board and a widget: the whole line, not the ply shown.
        let query =
            "fen=2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1+w+-+-+0+1&moves=f0e0+e8f8&rules=cxa2020&ply=1";
        for hash in [format!("#/analysis?{query}"), format!("#/widget?{query}")] {
            assert_eq!(
                line(&hash).unwrap(),
                (fig1.into(), "f0e0 e8f8".into(), Edition::Cxa2020)
            );
        }
        assert!(line("#/case/nonsense").is_err());
        assert!(line("#/about").is_err());
    }
}
