//! What must not change a ruling, tried on every rulebook case. The rules
//! know no left or right and no favourite colour: mirrored file for file
//! (a↔i) and with the colours swapped (the board turned upside down,
//! red↔black), a case must get the same labels and the mirrored ruling. And
//! a cycle is the same cycle however long it has gone on and wherever one
//! starts counting it: played once more, or entered a few plies later, it
//! gets the same ruling. Nor may what the engine remembered from the
//! questions asked before. This is how the engine is kept general: a rule that
//! only works on the book's own diagram, for one side, or at one point of
//! the cycle, fails here.

mod common;

use common::symmetry::Symmetry;
use common::{label_word, read_cases, repetition_games, Case};
use qili::rules::{adjudicate, adjudicate_under, ruling_under, Adjudication, Edition, Ruling};
use qili::{fen, iccs, Color, Piece, Role, Square, Tolerance};

/// The ruling, verdict and labels the engine gives a case (label words with
/// the kind of idle move where there is one).
fn judge(edition: Edition, fen_text: &str, moves: &[String]) -> (Ruling, Ruling, Vec<String>) {
    let pos = fen::position(fen_text, Tolerance::COMPOSED).unwrap();
    let moves = iccs::parse_line(&pos, &moves.join(" ")).unwrap();
    let game = adjudicate(edition, &pos, &moves).unwrap();
    let labels = game.moves.iter().map(label_word).collect();
    (game.ruling, game.verdict, labels)
}

/// Every case of every file, with a position.
fn all_cases() -> Vec<Case> {
    [
        "cxa1999.jsonl",
        "cxa2020.jsonl",
        "axf.jsonl",
        "fsf.jsonl",
        "cxa1999-composed.jsonl",
    ]
    .iter()
    .flat_map(|f| read_cases(f))
    .collect()
}

/// Tries `variants` of every case — each variant judged alike (`Ok`) or not
/// (`Err` with what differs) — and fails listing those that are not, or if
/// no more than `at_least` were tried (`what` names them).
fn every_variant_alike(
    what: &str,
    at_least: usize,
    cases: &[Case],
    mut variants: impl FnMut(&Case) -> Vec<Result<(), String>>,
) {
    let tried: Vec<Result<(), String>> = cases.iter().flat_map(&mut variants).collect();
    let differences: Vec<String> = tried.iter().filter_map(|v| v.clone().err()).collect();
    let checked = tried.len();
    assert!(checked > at_least, "only {checked} {what}");
    assert!(
        differences.is_empty(),
        "{} of {checked} {what} are judged differently:\n{}",
        differences.len(),
        differences.join("\n")
    );
}

#[test]
fn every_case_is_judged_alike_in_a_mirror_and_with_colours_swapped() {
    // The composed cases too: a rule that names one of several equal
    // checks or captures by where it stands would show here (xq028369).
    let mut cases = all_cases();
    cases.extend(read_cases("concepts-composed.jsonl"));
    every_variant_alike("transformed cases", 300, &cases, |case| {
        let (id, edition) = (&case.id, case.edition);
        let (ruling, verdict, labels) = judge(edition, &case.fen, &case.moves);
        [Symmetry::Mirror, Symmetry::SwapColours]
            .into_iter()
            .map(|sym| {
                let moved: Vec<String> = case.moves.iter().map(|m| sym.iccs(m)).collect();
                let (r, v, l) = judge(edition, &sym.fen(&case.fen), &moved);
                if r == sym.ruling(ruling) && v == sym.ruling(verdict) && l == labels {
                    return Ok(());
                }
                Err(format!(
                    "{id} {sym:?} ({edition}): ruling {} verdict {} labels {} — original {} {} {}",
                    r.code(),
                    v.code(),
                    l.join(" "),
                    ruling.code(),
                    verdict.code(),
                    labels.join(" ")
                ))
            })
            .collect()
    });
}

/// What the engine remembers from one question to the next — the mates it
/// searched, each position's checks, the pieces it can win, what a check
/// wins, the labels — is a fact about positions, never about who asked: it
/// must not change a judgement. Every case, and real games under each
/// edition, judged on a thread of its own with nothing remembered gets
/// exactly the judgement (every label, target and line) it gets on a thread
/// that judged all the others first, in either order.
#[test]
fn what_the_engine_remembers_does_not_change_a_judgement() {
    type Game = (String, Edition, qili::Position, Vec<qili::Move>);
    let mut games: Vec<Game> = all_cases()
        .into_iter()
        .map(|case| {
            let pos = fen::position(&case.fen, Tolerance::COMPOSED).unwrap();
            let moves = iccs::parse_line(&pos, &case.moves.join(" ")).unwrap();
            (case.id, case.edition, pos, moves)
        })
        .collect();
    for (n, (pos, moves)) in repetition_games(60).into_iter().enumerate() {
        for edition in Edition::ALL {
            games.push((
                format!("corpus game {n}"),
                edition,
                pos.clone(),
                moves.clone(),
            ));
        }
    }
    let judge = |(_, edition, pos, moves): &Game| adjudicate(*edition, pos, moves).unwrap();
    let fresh: Vec<Adjudication> = games
        .iter()
        .map(|game| {
            let game = game.clone();
            std::thread::spawn(move || judge(&game)).join().unwrap()
        })
        .collect();
    let in_order: Vec<Adjudication> = std::thread::scope(|s| {
        s.spawn(|| games.iter().map(judge).collect())
            .join()
            .unwrap()
    });
    let mut reversed: Vec<Adjudication> = std::thread::scope(|s| {
        s.spawn(|| games.iter().rev().map(judge).collect())
            .join()
            .unwrap()
    });
    reversed.reverse();
    let differences: Vec<&str> = games
        .iter()
        .zip(fresh.iter().zip(in_order.iter().zip(&reversed)))
        .filter(|(_, (f, (a, b)))| f != a || f != b)
        .map(|((id, ..), _)| id.as_str())
        .collect();
    assert!(games.len() > 300, "only {} games", games.len());
    assert!(
        differences.is_empty(),
        "{} of {} games are judged differently once other questions were asked first: {}",
        differences.len(),
        games.len(),
        differences.join(", ")
    );
}

/// Every case whose moves end in a cycle, continued by the cycle's first one
/// to four moves (the cycle entered later) and by the whole cycle (played
/// once more): the ruling stays.
#[test]
fn a_cycle_gets_the_same_ruling_played_again_or_entered_later() {
    let mut checked = 0;
    let mut differences = Vec::new();
    for case in all_cases() {
        let (id, edition) = (&case.id, case.edition);
        let pos = fen::position(&case.fen, Tolerance::COMPOSED).unwrap();
        let moves = iccs::parse_line(&pos, &case.moves.join(" ")).unwrap();
        let game = adjudicate(edition, &pos, &moves).unwrap();
        let Some(cycle) = &game.cycle else {
            continue;
        };
        let length = cycle.end - cycle.start;
        for extra in (1..=4.min(length)).chain([length]) {
            let mut longer = moves.clone();
            longer.extend_from_slice(&moves[cycle.start..cycle.start + extra]);
            let again = adjudicate(edition, &pos, &longer).unwrap();
            checked += 1;
            if again.ruling != game.ruling {
                differences.push(format!(
                    "{id} ({edition}) + {extra} moves: {} instead of {}",
                    again.ruling.code(),
                    game.ruling.code()
                ));
            }
        }
    }
    assert!(checked > 500, "only {checked} continued cases");
    assert!(
        differences.is_empty(),
        "{} of {checked} continued cases are ruled differently:\n{}",
        differences.len(),
        differences.join("\n")
    );
}

/// `true` if a piece on `sq` could take part in anything on `board`: it
/// stands on the file or rank of a rook, a cannon or a king (it would block,
/// screen or be attacked along the line), within a horse's or an elephant's
/// reach of one (its move, its leg, its eye), or next to an advisor or a
/// pawn (diagonally included).
fn touched(board: &qili::Board, sq: Square) -> bool {
    let (f, r) = (i32::from(sq.file().index()), i32::from(sq.rank().index()));
    board.pieces().any(|(at, piece)| {
        let (df, dr) = (
            (i32::from(at.file().index()) - f).abs(),
            (i32::from(at.rank().index()) - r).abs(),
        );
        match piece.role {
            Role::Rook | Role::Cannon | Role::King => df == 0 || dr == 0,
            Role::Horse => df <= 2 && dr <= 2 && df + dr <= 3,
            Role::Elephant => df <= 2 && dr <= 2,
            Role::Advisor | Role::Pawn => df <= 1 && dr <= 1,
        }
    })
}

/// Every case with one bystander more: a pawn of either side that has not
/// crossed the river (no material, 25.3), put where nothing in any position
/// of the case's line touches it or the point in front of it ([`touched`]).
/// Such a pawn changes nothing the rules look at, so the labels and the
/// ruling must stay: a rule that leans on the diagram's exact material or
/// on how crowded the board is fails here.
#[test]
fn a_bystander_that_nothing_touches_changes_nothing() {
    every_variant_alike("cases with a bystander", 300, &all_cases(), |case| {
        let (id, edition) = (&case.id, case.edition);
        let start = fen::position(&case.fen, Tolerance::COMPOSED).unwrap();
        let line = iccs::parse_line(&start, &case.moves.join(" ")).unwrap();
        let boards: Vec<qili::Board> = line
            .iter()
            .scan(start.clone(), |p, &m| {
                p.play_unchecked(m);
                Some(p.board().clone())
            })
            .chain([start.board().clone()])
            .collect();
        let (ruling, _, labels) = judge(edition, &case.fen, &case.moves);
        let mut variants = Vec::new();
        for (color, ranks, ahead) in [(Color::Red, 3..=4, 1), (Color::Black, 5..=6, -1)] {
            for sq in Square::all().filter(|s| ranks.contains(&s.rank().index())) {
                let Some(front) = sq.offset(0, ahead) else {
                    continue;
                };
                let free = |b: &qili::Board| {
                    [sq, front]
                        .iter()
                        .all(|&s| b.piece_at(s).is_none() && !touched(b, s))
                };
                if !boards.iter().all(free) {
                    continue;
                }
                let mut setup = start.to_setup();
                let role = Role::Pawn;
                setup.board.set(sq, Some(Piece { color, role }));
                let (r, _, l) = judge(edition, &fen::write_setup(&setup), &case.moves);
                variants.push(if r == ruling && l == labels {
                    Ok(())
                } else {
                    Err(format!(
                        "{id} ({edition}) with a {color:?} pawn on {sq}: {} {} — without it {} {}",
                        r.code(),
                        l.join(" "),
                        ruling.code(),
                        labels.join(" ")
                    ))
                });
            }
        }
        variants
    });
}

/// The other editions' rulings of a game labelled under one (the
/// `by_edition` of the CLI and the JS API) re-label only the moves since the
/// first occurrence of the last position: they must be what a full
/// adjudication under each edition gives. Tried on every case, played on by
/// its cycle (so that CXA verdicts bind too), and on real games, whose
/// repetitions come after many moves that are not re-labelled.
#[test]
fn other_editions_rule_a_labelled_game_as_a_full_adjudication_does() {
    let mut games: Vec<(String, qili::Position, Vec<qili::Move>)> = Vec::new();
    for case in all_cases() {
        let pos = fen::position(&case.fen, Tolerance::COMPOSED).unwrap();
        let moves = iccs::parse_line(&pos, &case.moves.join(" ")).unwrap();
        let mut end = pos.clone();
        moves.iter().for_each(|&m| end.play_unchecked(m));
        if end.key() == pos.key() {
            let again = moves
                .iter()
                .copied()
                .cycle()
                .take(3 * moves.len())
                .collect();
            games.push((format!("{} played on", case.id), pos.clone(), again));
        }
        games.push((case.id.clone(), pos, moves));
    }
    for (n, (pos, moves)) in repetition_games(150).into_iter().enumerate() {
        games.push((format!("corpus game {n}"), pos, moves));
    }
    let mut differences = Vec::new();
    for (id, pos, moves) in &games {
        for labelled_under in Edition::ALL {
            let labelled = adjudicate(labelled_under, pos, moves).unwrap();
            for e in Edition::ALL {
                let full = adjudicate_under(e.rulebook(), pos, moves).unwrap();
                let quick = ruling_under(e.rulebook(), pos, moves, &labelled).unwrap();
                if quick != (full.ruling, full.verdict) {
                    differences.push(format!(
                        "{id}: {e} from {labelled_under}'s labels: {quick:?}, in full {:?}",
                        (full.ruling, full.verdict)
                    ));
                }
            }
        }
    }
    assert!(games.len() > 400, "only {} games", games.len());
    assert!(
        differences.is_empty(),
        "{} differences:\n{}",
        differences.len(),
        differences.join("\n")
    );
}

/// The labels of one move judged under `edition` in `fen_text` — the same,
/// asserted, in each of `symmetries` (a fuzz finding's position).
fn one_move_alike(
    edition: Edition,
    fen_text: &str,
    mv: &str,
    symmetries: &[Symmetry],
) -> Vec<String> {
    let (_, _, labels) = judge(edition, fen_text, &[mv.to_string()]);
    for sym in symmetries {
        let (_, _, other) = judge(edition, &sym.fen(fen_text), &[sym.iccs(mv)]);
        assert_eq!(other, labels, "{edition:?}, {sym:?}");
    }
    labels
}

/// Found by the `adjudicate` fuzz target (issue 19): under CXA 2020 a rook
/// stepping aside (a8b8) was idle, the red pawn a7 it attacked staying
/// winnable through a check of the other rook; mirrored (i8h8) the same move
/// was a new chase of the pawn i7, won through a8d8.
/// `chase::through_check::through_check` kept only the first winning check in
/// move generation order (which a mirror changes); every winning check is now
/// an attacker of the piece.
#[test]
fn fuzz_finding_a_rook_stepping_aside_is_judged_alike_in_a_mirror() {
    let fen_text = "2ba1a1n1/r2kn3r/P8/2p5p/p8/2c1P2N1/P1c3P1P/5KN2/R3A3C/2B2AB1R b - - 18 31";
    one_move_alike(Edition::Cxa2020, fen_text, "a8b8", &[Symmetry::Mirror]);
}

/// Found by the `adjudicate` fuzz target (issue 19): under CXA 1999 and
/// 2020 the black cannon's e2e3 chases the red rook on i2, won after the
/// discovered check f4e2 (the horse becomes the cannon's screen); with the
/// colours swapped, the red cannon's e7e6 was idle. Of two equally good
/// lines after a check, `chase::through_check::won_after_check` kept the
/// first found (in move generation order, which the swap changes) with
/// whether a reply had moved the piece; a line that takes it where it stands
/// now counts.
#[test]
fn fuzz_finding_a_chase_through_a_discovered_check_is_judged_alike_with_colours_swapped() {
    let fen_text = "2ra1abr1/5R3/4k2C1/pcp3p1p/P1b6/4Pn2P/6P2/3Nc3R/9/2BAKABN1 b - - 6 30";
    for edition in [Edition::Cxa1999, Edition::Cxa2020] {
        one_move_alike(edition, fen_text, "e2e3", &[Symmetry::SwapColours]);
    }
}

/// Found by the `adjudicate` fuzz target: under CXA 1999 the crossed pawn's
/// a5a6 was an exchange offer, the other pawn's trade for the cannon on i7
/// floating (25.3) because the elephant takes back and the new pawn then
/// takes the elephant on a7; mirrored (i5i6) it was a chase of the cannon,
/// the search meeting the horse's recapture first, after which a horse is
/// traded for a horse on the way. The even trade inside a pawn's trade is
/// now set aside before asking whether the trade floats.
#[test]
fn fuzz_finding_a_pawns_trade_with_an_even_trade_inside_is_judged_alike_in_a_mirror() {
    let fen_text = "4nabnr/5k3/b4a2c/8P/P1p1P1CN1/2B6/2P1N1P2/4K4/5rR2/1RBA1A3 w";
    let labels = one_move_alike(Edition::Cxa1999, fen_text, "a5a6", &[Symmetry::Mirror]);
    assert_eq!(labels, ["兑"]);
}

/// Found by the `adjudicate` fuzz target (seeded with the rulebook
/// positions): under CXA 1999 the black cannon's d1d3 was idle and, with the
/// colours swapped, the red cannon's d8d6 a chase of the elephant on g5.
/// There the crossed pawn takes the elephant, a pawn takes back, and the
/// horse's check, over the leg the cannon left, lets the rook take the
/// advisor on the file the pawn left: a pawn given up for an elephant and an
/// advisor, which 25.3 does not count as a gain (兵卒价值浮动). 假根 by 抽
/// (`chase::lost_to_checks::every_recapture_lost_to_checks`) recorded the
/// piece that took back as the one lost, not the one the check wins: an
/// elephant taking back (first on the board one way) made the trade float,
/// a pawn taking back (first the other way) an even trade of pawns and the
/// elephant a gain.
/// Now the piece the check wins is counted, and of recaptures or checks of
/// equal worth the one that counts under 25.3 decides.
#[test]
fn fuzz_finding_a_pawns_trade_won_back_by_a_check_is_judged_alike_with_colours_swapped() {
    let fen_text = "3akrb2/4a3N/4b3C/9/2p4Cp/P1P2pB2/4P1P1P/4B1c1N/1n1c5/4KA3 b - - 2 43";
    let symmetries = [Symmetry::SwapColours, Symmetry::Mirror];
    let labels = one_move_alike(Edition::Cxa1999, fen_text, "d1d3", &symmetries);
    assert_eq!(labels, ["闲"]);
}
