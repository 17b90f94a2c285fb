//! The ledger (`src/rules/LEDGER.md`) matches the code: for every switch of
//! every edition's [`Rulebook`], the visible rulebook examples that it
//! decides — those whose ruling or labels stop agreeing with the book when the
//! switch alone is flipped — are the ones the ledger lists, and the examples a
//! flip would bring into agreement (that argue against the switch) too.
//!
//! `QILI_LEDGER_WRITE=1 cargo test --release -p qili --test ledger` rewrites
//! the generated part of the ledger; the test fails while it is stale.

mod common;

use common::{label_word, read_cases, Case};
use qili::rules::{adjudicate_under, Edition, Rulebook};
use qili::{fen, iccs, Tolerance};

/// A way to reach one on/off switch of a rulebook.
type Switch = fn(&mut Rulebook) -> &mut bool;

/// Every on/off switch, by the name the ledger and `rulebook.rs` use.
const SWITCHES: &[(&str, Switch)] = &[
    ("mate_threat_is_attack", |r| &mut r.mate_threat_is_attack),
    ("outnumbered_is_chased", |r| &mut r.outnumbered_is_chased),
    ("captures.mated_recapture_is_no_root", |r| {
        &mut r.captures.mated_recapture_is_no_root
    }),
    ("captures.lost_recapture_is_no_root", |r| {
        &mut r.captures.lost_recapture_is_no_root
    }),
    ("captures.escape_costs_the_capture", |r| {
        &mut r.captures.escape_costs_the_capture
    }),
    ("chase_through_checks", |r| &mut r.chase_through_checks),
    ("crossed_pawn_floats_in_checks", |r| {
        &mut r.crossed_pawn_floats_in_checks
    }),
    ("rook_won_for_a_pawn_counts", |r| {
        &mut r.rook_won_for_a_pawn_counts
    }),
    ("helped_king_or_pawn_chases", |r| {
        &mut r.helped_king_or_pawn_chases
    }),
    ("capturer_lost_to_checks_wins_nothing", |r| {
        &mut r.capturer_lost_to_checks_wins_nothing
    }),
    ("trade_offer_must_be_takeable", |r| {
        &mut r.trade_offer_must_be_takeable
    }),
    ("new_attacker_renews_chase", |r| {
        &mut r.new_attacker_renews_chase
    }),
    ("freed_taker_renews_chase", |r| {
        &mut r.freed_taker_renews_chase
    }),
    ("chase_needs_new_attack", |r| &mut r.chase_needs_new_attack),
    ("joint_chase_is_allowed", |r| &mut r.joint_chase_is_allowed),
    ("king_answering_check_is_idle", |r| {
        &mut r.king_answering_check_is_idle
    }),
    ("defensive_point_is_idle", |r| {
        &mut r.defensive_point_is_idle
    }),
    ("perpetual_chase_is_of_one_piece", |r| {
        &mut r.perpetual_chase_is_of_one_piece
    }),
    ("pawn_chases_count_when_mutual", |r| {
        &mut r.pawn_chases_count_when_mutual
    }),
    ("outnumbered_chases_idle_when_mutual", |r| {
        &mut r.outnumbered_chases_idle_when_mutual
    }),
];

/// The examples an edition is checked on.
fn examples(edition: Edition) -> Vec<Case> {
    let files: &[&str] = match edition {
        Edition::Cxa1999 => &["cxa1999.jsonl", "cxa1999-composed.jsonl"],
        Edition::Cxa2020 => &["cxa2020.jsonl"],
        Edition::Axf => &["axf.jsonl", "fsf.jsonl"],
    };
    files.iter().flat_map(|f| read_cases(f)).collect()
}

/// Per example: does the ruling (verdict for Fairy-Stockfish's cases) agree
/// with the book, and how many labels do.
fn agreement(rules: &Rulebook, cases: &[Case]) -> Vec<(bool, usize)> {
    cases
        .iter()
        .map(|case| {
            let pos = fen::position(&case.fen, Tolerance::COMPOSED).unwrap();
            let moves = iccs::parse_line(&pos, &case.moves.join(" ")).unwrap();
            let game = adjudicate_under(rules, &pos, &moves).unwrap();
            let expect = &case.json["expect"];
            let ruling = match expect["verdict"].as_str() {
                Some(v) => game.verdict.code() == v,
                None => expect["ruling"]
                    .as_str()
                    .is_none_or(|r| game.ruling.code() == r),
            };
            let labels = expect["labels"].as_array().map_or(0, |want| {
                want.iter()
                    .zip(&game.moves)
                    .filter(|(w, m)| {
                        w.as_str() == Some(m.label.zh()) || w.as_str() == Some(&label_word(m))
                    })
                    .count()
            });
            (ruling, labels)
        })
        .collect()
}

/// The generated part of the ledger: one line per switch and edition.
fn generated() -> String {
    let mut out = String::from(
        "| edition | switch | as set | rulings it decides | labels it decides | flipping it would agree on |\n\
         |---|---|---|---|---|---|\n",
    );
    for edition in Edition::ALL {
        let cases = examples(edition);
        let base = agreement(edition.rulebook(), &cases);
        for (name, switch) in SWITCHES {
            let mut flipped = *edition.rulebook();
            let set = *switch(&mut flipped);
            *switch(&mut flipped) = !set;
            let now = agreement(&flipped, &cases);
            let (mut rulings, mut labels, mut against) = (Vec::new(), Vec::new(), Vec::new());
            for ((case, b), n) in cases.iter().zip(&base).zip(&now) {
                let id = case.id.as_str();
                if b.0 && !n.0 {
                    rulings.push(id);
                } else if b.1 > n.1 {
                    labels.push(format!("{id} ({})", b.1 - n.1));
                }
                if (!b.0 && n.0) || n.1 > b.1 {
                    against.push(id);
                }
            }
            if rulings.is_empty() && labels.is_empty() && against.is_empty() {
                continue;
            }
            let list = |v: Vec<String>| {
                if v.is_empty() {
                    "–".to_string()
                } else {
                    v.join(", ")
                }
            };
            out.push_str(&format!(
                "| {} | `{name}` | {} | {} | {} | {} |\n",
                edition.name(),
                if set { "on" } else { "off" },
                list(rulings.iter().map(|s| s.to_string()).collect()),
                list(labels),
                list(against.iter().map(|s| s.to_string()).collect()),
            ));
        }
    }
    out
}

const BEGIN: &str = "<!-- generated by tests/ledger.rs: begin -->\n";
const END: &str = "<!-- generated by tests/ledger.rs: end -->";

#[test]
fn ledger_lists_what_each_switch_decides() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules/LEDGER.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let (head, rest) = text.split_once(BEGIN).expect("ledger: no generated part");
    let (_, tail) = rest
        .split_once(END)
        .expect("ledger: generated part not closed");
    let table = generated();
    let fresh = format!("{head}{BEGIN}{table}{END}{tail}");
    if std::env::var_os("QILI_LEDGER_WRITE").is_some() {
        std::fs::write(&path, &fresh).unwrap();
    }
    assert!(
        fresh == text,
        "src/rules/LEDGER.md is stale; QILI_LEDGER_WRITE=1 cargo test --release -p qili --test ledger \
         rewrites it. The table now:\n{table}"
    );
    // Every switch of the rulebook is in the ledger's text too.
    for (name, _) in SWITCHES {
        assert!(
            head.contains(&format!("`{name}`")),
            "ledger: {name} is not described"
        );
    }
}

/// A new field of the rulebook fails to compile here until it is in
/// [`SWITCHES`] (or, for a number, described in the ledger).
#[test]
fn every_switch_is_listed() {
    let Rulebook {
        edition: _,
        mate_threat_is_attack: _,
        outnumbered_is_chased: _,
        captures:
            qili::rules::CaptureRules {
                mated_recapture_is_no_root: _,
                lost_recapture_is_no_root: _,
                escape_costs_the_capture: _,
            },
        chase_through_checks: _,
        crossed_pawn_floats_in_checks: _,
        rook_won_for_a_pawn_counts: _,
        helped_king_or_pawn_chases: _,
        capturer_lost_to_checks_wins_nothing: _,
        trade_offer_must_be_takeable: _,
        new_attacker_renews_chase: _,
        freed_taker_renews_chase: _,
        chase_needs_new_attack: _,
        joint_chase_is_allowed: _,
        king_answering_check_is_idle: _,
        defensive_point_is_idle: _,
        perpetual_chase_is_of_one_piece: _,
        pawn_chases_count_when_mutual: _,
        outnumbered_chases_idle_when_mutual: _,
        natural_limit_plies: _,
        own_checks_counted_toward_limit: _,
        binds_at: _,
        forbidden_side_binds_at: _,
        clauses: _,
    } = Rulebook::AXF;
    assert_eq!(SWITCHES.len(), 20);
}
