//! The lines behind a move's claims, so that each can be played out on a
//! board: the exchange that wins a chased piece (29.1), the even trade of a
//! 兑 (28.5), the capture a 献 offers (28.6), the recapture that keeps an
//! attacked piece safe (28.16), the mate that makes a capture no gain (29.4).
//! Every line is made of legal moves from the position after the move; a
//! line that the side which just moved starts supposes the opponent passes,
//! as the rules do when they ask what a move threatens (28.2, 28.3).

use super::chase::mated_captures_laid_open;
use super::exchange::single_square_line;
use super::idle::paid_back;
use super::kind::{EvenedBy, IdleKind, MoveKind, Trade};
use super::mate::{mate_by_checks, MATE_CHECKS};
use super::rulebook::Rulebook;
use super::value::{has_value, value};
use crate::{Color, Move, Position, Square};

/// What a [`ClaimLine`] shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Claim {
    /// 兑 (28.5): the pieces of equal value take each other.
    Trade,
    /// 献 (28.6): the enemy piece takes the offered piece, which nothing
    /// takes back.
    Offer,
    /// A piece the moved piece attacks but does not chase: taking it loses
    /// the capturer to the recaptures on its point (28.16: a real root).
    Protected,
    /// A capture that would win material, after which the capturing side
    /// is mated (29.4: no gain).
    Mated,
}

impl Claim {
    /// `trade`, `offer`, `protected` or `mated`, as the report's JSON writes it.
    pub const fn code(self) -> &'static str {
        match self {
            Claim::Trade => "trade",
            Claim::Offer => "offer",
            Claim::Protected => "protected",
            Claim::Mated => "mated",
        }
    }
}

/// A line about one piece that is not a chase (see [`Claim`]), as the
/// report gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ClaimLine {
    /// The piece it is about.
    pub square: Square,
    /// What it shows: `trade` (兑), `offer` (献), `protected` or `mated` in JSON.
    pub claim: Claim,
    /// The side that plays its first move (`red` or `black` in JSON).
    pub side: Color,
    /// The moves, from the position after the labelled move.
    pub line: Vec<Move>,
    /// Material the side that starts it wins by playing it ([`balance`]).
    pub balance: i32,
}

/// The material the side to move in `pos` wins by playing `line` (what it
/// takes less what it loses: rook 4, horse/cannon 2, advisor/elephant/crossed
/// pawn 1), counted up to the first move that is not legal.
pub fn balance(pos: &Position, line: &[Move]) -> i32 {
    let side = pos.turn();
    let mut p = pos.clone();
    let mut sum = 0;
    for &m in line {
        if !p.is_legal(m) {
            break;
        }
        if let Some(taken) = p.piece_at(m.to) {
            let v = value(taken, m.to);
            sum += if p.turn() == side { v } else { -v };
        }
        p.play_unchecked(m);
    }
    sum
}

/// The lines of the claims of `kind`, the move played from `before` to reach
/// `after` under `rules`, other than its chases (each keeps its own,
/// [`super::chase::Target::line`]): the 兑 or 献 it is, the recaptures that
/// keep the pieces the moved piece attacks without chasing them, and the
/// mate after each capture the move lays open that 29.4 alone keeps from
/// winning: every capture the explanation names so, and those of pieces it
/// names as attacked before the move (29.2).
pub fn claims(
    rules: &Rulebook,
    before: &Position,
    after: &Position,
    kind: &MoveKind,
) -> Vec<ClaimLine> {
    let mut out = Vec::new();
    let mover = kind.mover;
    let again = after.pass();
    match kind.idle.filter(|_| kind.label == super::Label::Idle) {
        Some(IdleKind::Exchange) => {
            for t in &kind.trades {
                if let Some((side, line)) = trade_line(rules, after, again.as_ref(), t) {
                    out.push(claim(after, t.with, Claim::Trade, side, line));
                }
            }
        }
        Some(IdleKind::Offer) => {
            for &s in &kind.idle_targets {
                let take = Move::new(s, kind.mv.to);
                if after.is_legal(take) {
                    let (line, _) = single_square_line(after, take);
                    out.push(claim(after, kind.mv.to, Claim::Offer, mover.other(), line));
                }
            }
        }
        _ => {}
    }
    let Some(again) = again else {
        return out;
    };
    let chased = |sq: Square| kind.chases.iter().any(|t| t.square == sq);
    for &c in again.legal_moves_from(kind.mv.to).iter() {
        let shown = again.piece_at(c.to).is_some_and(|v| has_value(v, c.to))
            && !chased(c.to)
            && !out.iter().any(|l| l.square == c.to);
        if !shown {
            continue;
        }
        // The recaptures on the point: what a root is (28.16).
        let (line, gain) = single_square_line(&again, c);
        if gain <= 0 {
            out.push(claim(&again, c.to, Claim::Protected, mover, line));
        }
    }
    // The captures the move lays open that would win but for the mate
    // that follows (29.4), the mate played out — beside a trade the piece
    // takes part in, if it does: the trade is what the move offers, the mate
    // why taking the piece now is no chase.
    let counted = |sq: Square| kind.counted_chases().any(|t| t.square == sq);
    for c in mated_captures_laid_open(before, &again, kind.mv.to, |sq| !counted(sq)) {
        let mate = mate_by_checks(&again.after(c), MATE_CHECKS).unwrap_or_default();
        let line = [c].into_iter().chain(mate).collect();
        out.push(claim(&again, c.to, Claim::Mated, mover, line));
    }
    out
}

/// A claim about `square` with the line `line`, played from `pos`.
fn claim(pos: &Position, square: Square, claim: Claim, side: Color, line: Vec<Move>) -> ClaimLine {
    let start = if pos.turn() == side {
        pos.clone()
    } else {
        pos.pass().unwrap_or_else(|| pos.clone())
    };
    ClaimLine {
        square,
        claim,
        side,
        balance: balance(&start, &line),
        line,
    }
}

/// The line of the exchange `trade` (28.5), played from `after` (the
/// enemy to move) or `again` (the mover to move again): the first capture
/// and the winning back that evens it out, or what follows on its point if
/// it is taken back evenly; else the same two pieces' exchange the other
/// way round, if that one is; else the first capture, then what wins it
/// back elsewhere or what follows on its point (two pieces that may take
/// each other, neither guarded: whoever moves first takes).
fn trade_line(
    rules: &Rulebook,
    after: &Position,
    again: Option<&Position>,
    trade: &Trade,
) -> Option<(Color, Vec<Move>)> {
    // A capture in the position where its side is to move, with its line.
    let played = |c: Move| {
        let pos = [Some(after), again]
            .into_iter()
            .flatten()
            .find(|p| p.is_legal(c))?;
        let (line, gain) = single_square_line(pos, c);
        Some((pos.turn(), line, gain))
    };
    let (side, line, gain) = played(trade.first)?;
    let even = |line: &[Move], gain: i32| line.len() >= 2 && gain <= 0;
    match &trade.evened {
        Some(EvenedBy::WinningBack(back)) => Some((
            side,
            [trade.first]
                .into_iter()
                .chain(back.iter().copied())
                .collect(),
        )),
        Some(EvenedBy::TheMovesCapture) => Some((side, line)),
        None if even(&line, gain) => Some((side, line)),
        None => {
            let reverse = played(Move::new(trade.first.to, trade.first.from))
                .filter(|(_, line, gain)| even(line, *gain));
            if let Some((side, line, _)) = reverse {
                return Some((side, line));
            }
            let pos = if side == after.turn() {
                Some(after)
            } else {
                again
            };
            match pos.and_then(|pos| paid_back(rules, pos, trade.first)) {
                Some((_, back)) => Some((side, [trade.first].into_iter().chain(back).collect())),
                None => Some((side, line)),
            }
        }
    }
}

#[cfg(all(test, feature = "lines"))]
mod tests {
    use super::*;
    use crate::rules::report::Report;
    use crate::rules::{adjudicate, after_line, Edition};
    use crate::{fen, iccs, Tolerance};

    /// The report of `moves` played from `fen` under `edition`.
    fn report(edition: Edition, fen_text: &str, moves: &str) -> Report {
        let start = fen::position(fen_text, Tolerance::COMPOSED).unwrap();
        let line = iccs::parse_line(&start, moves).unwrap();
        Report::new(&start, &adjudicate(edition, &start, &line).unwrap())
    }

    fn text(line: &[Move]) -> Vec<String> {
        line.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn balance_counts_both_sides_captures() {
        // The rook takes the cannon, the advisor cannot take back: +2; then
        // a line that goes on with an illegal move stops counting there.
        let pos = after_line("3k1ab2/4a4/4c4/4R3p/3PC4/4r4/8P/9/9/5K3 w", "");
        let rook_takes = iccs::parse_line(&pos, "e6e7").unwrap();
        assert_eq!(balance(&pos, &rook_takes), 2);
        let illegal = [
            rook_takes[0],
            Move::new("e8".parse().unwrap(), "e7".parse().unwrap()),
        ];
        assert_eq!(balance(&pos, &illegal), 2);
    }

    /// CXA 2020 图17, 车二平三 (ply 3): the rook takes the rook with check,
    /// the king steps up, and the rook takes the other rook — two rooks won
    /// through a check, the line played out as the chase counts it.
    #[test]
    fn a_chase_through_check_is_played_out() {
        let r = report(
            Edition::Cxa2020,
            "1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w",
            "b7b8 d8d7 b8b7 d7d8",
        );
        let chase = r.moves[2]
            .chases
            .iter()
            .find(|c| c.square.to_string() == "h7")
            .unwrap();
        assert_eq!(text(&chase.line), ["b7c7", "d7d8", "c7h7"]);
        assert_eq!(chase.balance, 8);
    }

    /// The rulebook example cxa-fig13, 车六平五 (ply 3): 兑 — the cannon may take the rook
    /// and is taken back.
    #[test]
    fn a_trade_is_played_out() {
        let r = report(
            Edition::Cxa1999,
            "3k1ab2/4a4/4c4/4R3p/3PC4/4r4/8P/9/9/5K3 w",
            "e6d6 d9e9 d6e6 e9d9",
        );
        let claims = &r.moves[2].claims;
        assert_eq!(claims.len(), 1, "{claims:?}");
        assert_eq!(claims[0].claim, Claim::Trade);
        assert_eq!(claims[0].side, Color::Black);
        assert_eq!(text(&claims[0].line), ["e7e5", "d5e5"]);
        assert_eq!(claims[0].balance, 0);
    }

    /// A trade paid back elsewhere (28.5; real game xq016461 ply 84, 1999
    /// readers): the rook offered on b3 is taken by the rook e3, and the
    /// horse's check 马5进4 forks king and rook. The line plays the taking,
    /// the check, the king's step and the horse's capture.
    #[test]
    fn a_trade_paid_back_by_a_fork_is_played_out() {
        let r = report(
            Edition::Cxa1999,
            "3akab2/9/4b4/9/1r2PR2p/2Brn4/P3R2NP/4B4/9/3AKA3 b",
            "b5b3",
        );
        let m = &r.moves[0];
        assert_eq!(m.sub, Some(IdleKind::Exchange));
        let claims = &m.claims;
        assert_eq!(claims[0].claim, Claim::Trade, "{claims:?}");
        assert_eq!(claims[0].side, Color::Red);
        assert_eq!(&text(&claims[0].line)[..2], ["e3b3", "e4d2"]);
        assert_eq!(
            claims[0].line.last().map(|m| m.to.to_string()),
            Some("b3".into())
        );
        assert_eq!(claims[0].balance, 0);
    }

    /// The trade a move makes is played out with the two pieces it names,
    /// not another trade the named piece could make: the horse comes to
    /// guard the horse the cannon a5 attacks (a real game, xq001229 move 41;
    /// the line once showed the cannon's trade with the cannon a2).
    #[test]
    fn a_trade_made_by_the_move_is_of_the_pieces_it_names() {
        let fen = "4kabn1/4a4/4b4/pC2P3p/c1pN2p2/9/n1P3c1P/C3B1N2/9/2BAKA3 w";
        assert_even_trade(Edition::Cxa2020, fen, "g2e3", ["a5d5", "e3d5"]);
    }

    /// A capture whose piece stays guarded offers the trade of that piece:
    /// the enemy rook takes it, the horse takes back.
    #[test]
    fn a_guarded_capture_shows_the_trade_it_offers() {
        let fen = "4k4/9/6n2/9/3p3r1/9/2N6/3R5/9/5K3 w";
        assert_even_trade(Edition::Cxa2020, fen, "d2d5", ["h5d5", "c3d5"]);
    }

    /// The move from `fen` is 兑, and its trade is `line`, black's, even.
    fn assert_even_trade(edition: Edition, fen: &str, mv: &str, line: [&str; 2]) {
        let r = report(edition, fen, mv);
        let m = &r.moves[0];
        assert_eq!(m.sub, Some(IdleKind::Exchange));
        let trade = &m.claims[0];
        assert_eq!((trade.claim, trade.side), (Claim::Trade, Color::Black));
        assert_eq!(text(&trade.line), line);
        assert_eq!(trade.balance, 0);
    }

    /// A protected piece the moved piece attacks: taking it loses the
    /// capturer to the recapture.
    #[test]
    fn a_protected_piece_shows_its_recapture() {
        // The rook comes to attack a horse a pawn guards.
        let r = report(Edition::Axf, "4k4/9/9/9/4p4/4n4/9/9/3R5/3K5 w", "d1e1");
        let claims = &r.moves[0].claims;
        assert_eq!(claims.len(), 1, "{claims:?}");
        assert_eq!(claims[0].claim, Claim::Protected);
        assert_eq!(text(&claims[0].line), ["e1e4", "e5e4"]);
        assert_eq!(claims[0].balance, -2);
    }

    /// Every capture the explanation says is met by mate (29.4) has its
    /// mate played out, not only the moved piece's: a line the move
    /// screens, and a root it makes false (the positions of
    /// `explain::tests::an_attack_met_by_mate_says_why_it_is_no_chase`).
    #[test]
    fn a_capture_the_move_lays_open_shows_the_mate_that_answers_it() {
        // The horse on h1 becomes the screen of the cannon on h6, which
        // attacks the rook on h0; C h6xh0 is met by C h9xh0, mate.
        let r = report(
            Edition::Axf,
            "4k2c1/9/4c4/6PC1/9/9/9/4BN3/4A4/3AKR1rc w",
            "f2h1",
        );
        let m = &r.moves[0];
        assert_eq!(m.claims.len(), 1, "{:?}", m.claims);
        assert_eq!(
            (m.claims[0].claim, m.claims[0].side),
            (Claim::Mated, Color::Red)
        );
        assert_eq!(text(&m.claims[0].line), ["h6h0", "h9h0"]);
        assert!(m
            .explanation
            .en
            .contains("Taking the black rook on h0 with the red cannon on h6 is met by mate"));
        // The horse's return to e3 pins, by its leg, the rook that guards
        // the horse on d2; R d3xd2 is met by R h7-h9 mate.
        let r = report(
            Edition::Axf,
            "4k4/4c4/7R1/4p4/9/9/3rn4/3NR4/4K4/9 b",
            "e3g4 e1f1 g4e3",
        );
        let m = &r.moves[2];
        let mated: Vec<_> = m
            .claims
            .iter()
            .filter(|c| c.claim == Claim::Mated)
            .collect();
        assert_eq!(mated.len(), 1, "{:?}", m.claims);
        assert_eq!(mated[0].square.to_string(), "d2");
        assert_eq!(text(&mated[0].line), ["d3d2", "h7h9"]);
        assert!(m
            .explanation
            .en
            .contains("Taking the red horse on d2 with the black rook on d3 is met by mate"));
    }
}
