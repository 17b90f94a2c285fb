//! The "show line" controls of the move panel (issue 21), a contract
//! between the site's first load, which draws the controls of the chases
//! and of a 杀, and the line view (`crates/qili-export`), which adds the
//! controls of the other claims, reads the control pressed back and plays
//! its line. The hooks are stable (external checks use them): a button
//! with `data-show-line`, and `data-square` of the piece the line is
//! about, or `data-line="mate"` for a mating line; a claim's control also
//! has its kind in `data-line` (`trade`, `offer`, `protected`, `mated`).

use crate::markup::Markup;

/// Writes a "show line" control: `line` and `square` as above, `label` its
/// text and `name` its accessible name, if not the text.
pub fn control(
    h: &mut Markup,
    line: Option<&str>,
    square: Option<&str>,
    name: Option<&str>,
    label: &str,
) {
    h.open(
        "button",
        &[
            ("type", Some("button")),
            ("data-show-line", Some("")),
            ("data-line", line),
            ("data-square", square),
            ("aria-label", name),
        ],
    )
    .text(label)
    .close("button");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_the_hooks() {
        let mut h = Markup::new();
        control(&mut h, None, Some("c6"), Some("Show <c6>"), "Show");
        control(&mut h, Some("mate"), None, None, "Mate");
        assert_eq!(
            h.finish(),
            "<button type=\"button\" data-show-line=\"\" data-square=\"c6\" \
             aria-label=\"Show &lt;c6&gt;\">Show</button>\
             <button type=\"button\" data-show-line=\"\" data-line=\"mate\">Mate</button>"
        );
    }
}
