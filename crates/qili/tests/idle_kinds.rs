//! The named idle moves 兑 (28.5), 献 (28.6), 拦 (28.7) and 跟 (28.8) on
//! composed positions, each in the widest form the clause's text and the
//! books' examples support, checked under every edition, in a mirror and
//! with the colours swapped: the name follows the definition, not the
//! diagram it was first seen in. Also the attacks that are no chase because
//! taking would lose more (得不偿失, 图23), whatever way the capture opens.

mod common;

use common::symmetry::Symmetry;
use qili::rules::{adjudicate, Edition, IdleKind, Label};
use qili::{fen, iccs, Tolerance};

/// The label of `mv` played from `fen_text` under `edition`, with the kind
/// of idle move and the squares it names.
fn named(edition: Edition, fen_text: &str, mv: &str) -> (Label, Option<IdleKind>, Vec<String>) {
    let pos = fen::position(fen_text, Tolerance::COMPOSED).unwrap();
    let moves = iccs::parse_line(&pos, mv).unwrap();
    let game = adjudicate(edition, &pos, &moves).unwrap();
    let m = &game.moves[0];
    let on = m.idle_targets.iter().map(|s| s.to_string()).collect();
    (m.label, m.idle, on)
}

/// Checks one composed move in every edition and under both symmetries:
/// its label, its kind of idle move and the enemy squares that kind names.
fn expect(fen_text: &str, mv: &str, label: Label, idle: Option<IdleKind>, on: &[&str]) {
    let variants = [None, Some(Symmetry::Mirror), Some(Symmetry::SwapColours)];
    for edition in Edition::ALL {
        for sym in variants {
            let (f, m) = match sym {
                Some(s) => (s.fen(fen_text), s.iccs(mv)),
                None => (fen_text.to_string(), mv.to_string()),
            };
            let want: Vec<String> = on
                .iter()
                .map(|s| sym.map_or(s.to_string(), |sym| sym.iccs(s)))
                .collect();
            let got = named(edition, &f, &m);
            assert_eq!(got, (label, idle, want), "{edition:?} {sym:?}: {f} {m}");
        }
    }
}

/// 跟 (28.8 "盯牵对方有根子"): the rook comes onto the file of a horse that
/// the black rook guards. Taking it would lose the rook for a horse, so
/// nothing is chased; the horse did not just move, and it is 跟 all the
/// same, as 2020 图18 calls the rook that comes back onto the horse's file
/// ("一将一跟").
#[test]
fn eyeing_a_protected_piece_is_following_it() {
    expect(
        "2r1k4/9/2n6/9/9/R8/9/9/9/3K5 w",
        "a4c4",
        Label::Idle,
        Some(IdleKind::Follow),
        &["c7"],
    );
}

/// Without its guard the same horse is chased (29.1): 跟 is of a protected
/// piece only.
#[test]
fn eyeing_an_unprotected_piece_chases_it() {
    expect(
        "4k4/9/2n6/9/9/R8/9/9/9/3K5 w",
        "a4c4",
        Label::Chase,
        None,
        &[],
    );
}

/// A rook that eyed the guarded horse before its move, and still does, does
/// not follow it anew: plain 闲.
#[test]
fn keeping_an_eye_on_a_protected_piece_is_plain_idle() {
    expect(
        "2r1k4/9/2n6/9/9/9/9/2R6/9/3K5 w",
        "c2c4",
        Label::Idle,
        None,
        &[],
    );
}

/// 拦 (28.7 "阻拦对方棋子的活动") of a capture: the cannon steps onto the leg
/// the black horse needs to take the red rook. (2020 图7 and 1999 图九 block
/// a mate threat; the clause names any blocked activity, and a capture is
/// the plainest.)
#[test]
fn standing_on_a_horse_s_leg_blocks_its_capture() {
    expect(
        "4k4/9/9/9/9/2n6/9/1R7/9/2CK5 w",
        "c0c3",
        Label::Idle,
        Some(IdleKind::Block),
        &["c4"],
    );
}

/// 拦 on a line: the cannon steps between the black rook and the red horse
/// it could take.
#[test]
fn stepping_into_a_rook_s_line_blocks_its_capture() {
    expect(
        "r3k4/9/1n7/9/9/9/7C1/N8/9/3K5 w",
        "h3a3",
        Label::Idle,
        Some(IdleKind::Block),
        &["a9"],
    );
}

/// The attacked piece stepping away blocks nothing, nor does a move that
/// stays out of the capture's path.
#[test]
fn moving_the_attacked_piece_away_or_elsewhere_blocks_nothing() {
    expect(
        "4k4/9/9/9/9/2n6/9/1R7/9/2CK5 w",
        "b2b1",
        Label::Idle,
        None,
        &[],
    );
    expect(
        "r3k4/9/1n7/9/9/9/7C1/N8/9/3K5 w",
        "h3h4",
        Label::Idle,
        None,
        &[],
    );
}

/// 献 (28.6 "无根子送吃"): the unprotected rook steps onto the file of a
/// guarded black rook, which can take it for nothing. It attacks that rook
/// too, but the opponent need not trade when it can take: 献, not 兑.
#[test]
fn an_unprotected_piece_the_same_kind_can_take_is_offered() {
    expect(
        "4k4/9/1n7/r8/9/7R1/9/9/9/3K5 w",
        "h4a4",
        Label::Idle,
        Some(IdleKind::Offer),
        &["a6"],
    );
}

/// 兑 (28.5): the same rook, guarded by its horse, offers the trade.
#[test]
fn a_protected_piece_facing_a_guarded_equal_one_offers_an_exchange() {
    expect(
        "4k4/9/1n7/r8/9/7R1/9/1N7/9/3K5 w",
        "h4a4",
        Label::Idle,
        Some(IdleKind::Exchange),
        &["a6"],
    );
}

/// 拦 of a cannon's mating check on the point it would check from: red's
/// cannon on c8 threatens 炮c8-c9+ over the advisor, 象xc9, 炮c2xc9 mate
/// over the rook (xq028107). The elephant that steps onto c9 stands where
/// the cannon must go — without a screen a cannon cannot move onto an
/// occupied point — and the mate is gone: it blocks the cannon, as a piece
/// between a mating piece and the king does (28.7, 图7).
#[test]
fn a_piece_on_the_point_a_cannon_must_check_from_blocks_it() {
    expect(
        "3akr3/2C1a4/b8/9/9/2R6/9/2C6/9/4K4 b",
        "a7c9",
        Label::Idle,
        Some(IdleKind::Block),
        &["c8"],
    );
}

/// 拦 of a horse's mating check on its leg: red's 马d6-c8 would mate, and
/// the advisor that steps from e8 onto d7 hobbles the horse (xq016337).
#[test]
fn a_piece_on_the_leg_of_a_mating_horse_blocks_it() {
    expect(
        "4kab2/4a4/4bc3/p2Np4/3n4p/5nP2/P3P3P/3CB1N2/4A4/2BAK4 b",
        "e8d7",
        Label::Idle,
        Some(IdleKind::Block),
        &["d6"],
    );
}

/// A move that stops a mate without standing in its way blocks nothing:
/// the king stepping out of 车c6-c9's mate onto d9, the end of the line of
/// the cannon on d4 (xq000664), and the horse that goes to c7 to guard d5,
/// the point of 炮a5-d5's mating check (xq011746), are plain idle moves.
#[test]
fn escaping_or_guarding_a_mate_is_no_block() {
    expect(
        "4kab2/4a4/4b4/2R1C4/9/3C5/9/9/9/5K3 b",
        "e9d9",
        Label::Idle,
        None,
        &[],
    );
    expect(
        "3k5/9/3NbaP2/4n4/C5n2/p8/9/9/9/4KAB2 b",
        "e6c7",
        Label::Idle,
        None,
        &[],
    );
}

/// 得不偿失 / 牵 (图23 "被牵子捉子"), with a horse's leg: the red horse on b7
/// would take the bare cannon on d8, but it stands on the leg the black
/// horse needs to take the bare rook on a6 — the capture loses more than it
/// wins, so nothing is chased (29.1 得子), and the move blocks that capture:
/// 拦. The same with an elephant's eye: the horse on d8 would take the
/// cannon on b9 and open the eye through which the elephant takes the rook.
#[test]
fn a_capture_that_opens_a_leg_or_an_eye_to_a_bigger_piece_chases_nothing() {
    expect(
        "4k4/1n1c5/9/R8/2N6/9/9/9/9/5K3 w",
        "c5b7",
        Label::Idle,
        Some(IdleKind::Block),
        &["b8"],
    );
    expect(
        "1cb6/5k3/4R4/2N6/9/9/9/9/9/3K5 w",
        "c6d8",
        Label::Idle,
        Some(IdleKind::Block),
        &["c9"],
    );
}

/// 献 (28.6 "…不致立即被将死或立即在子力价值上遭受损失"): the horse on g5 is bare,
/// but the only horse that can take it stands on the leg of the horse on e5,
/// which would then take the bare rook on d7 — the taker loses more than it
/// wins, so nothing is offered. Without the rook it takes for nothing: 献.
#[test]
fn an_offer_the_taker_pays_for_is_no_offer() {
    expect(
        "3k5/9/3r5/4n4/4Np3/9/7N1/9/9/4K4 w",
        "h3g5",
        Label::Idle,
        None,
        &[],
    );
    expect(
        "3k5/9/9/4n4/4Np3/9/7N1/9/9/4K4 w",
        "h3g5",
        Label::Idle,
        Some(IdleKind::Offer),
        &["e6"],
    );
}

/// 拦 of a mate on the check's line to the king: had red passed, 车h5-h0+
/// 象i2-g0 车xg0 mates (the horse covers d1). The elephant that goes to g0
/// first stands on the rank the rook would check along: it blocks the rook.
#[test]
fn standing_on_a_mating_checks_line_blocks_it() {
    expect(
        "5k3/9/9/9/7r1/9/9/1n6B/9/3K5 w",
        "i2g0",
        Label::Idle,
        Some(IdleKind::Block),
        &["h5"],
    );
}

/// Stepping away from a mating capture is no block, though the piece lands
/// on the line the check would have taken (28.7: a block stands in the way
/// of a move the opponent can still make). Had black passed, 炮h2xh9+ 象i7-g9
/// 车f4xf9 mates; the rook steps from h9 to g9, onto the rank the cannon
/// would have checked along from h9 — but with the rook gone the cannon
/// cannot reach h9 at all (xq004215 ply 48, without the elephant g0 the rook
/// would attack). Where the checker can still reach the point, as a rook
/// can, the piece on its line blocks it (see
/// `standing_on_a_mating_checks_line_blocks_it`).
#[test]
fn stepping_away_from_a_mating_capture_blocks_nothing() {
    expect(
        "4ka1r1/4a4/4b3b/p3C3p/9/Pr1N1R3/4P2cP/7C1/4A4/2BA1K3 b",
        "h9g9",
        Label::Idle,
        None,
        &[],
    );
}

/// 兑 (28.5 "走子可与同等子力互换吃去") made by a capture: the rook takes a
/// rook and the other rook takes it back (a horse guards that one, so the
/// capture chases nothing). What the move took counts with what the taker
/// gets back: an even trade, not a rook given away (28.6). Taking a horse
/// instead, the rook is given for a horse: 献.
#[test]
fn a_capture_taken_back_by_a_piece_of_its_value_is_a_trade() {
    let takes = |victim: &str| format!("4k4/3{victim}3r1/9/6n2/3R5/9/9/9/9/3K5 w");
    expect(
        &takes("r"),
        "d5d8",
        Label::Idle,
        Some(IdleKind::Exchange),
        &["h8"],
    );
    expect(
        &takes("n"),
        "d5d8",
        Label::Idle,
        Some(IdleKind::Offer),
        &["h8"],
    );
}

/// A capture that took more than the piece it leaves offers nothing: the
/// horse takes a rook, and the horse e7 (guarded by the rook i7) takes it
/// back. That horse is not traded with (28.5) nor eyed (28.8) by the piece
/// it takes back: the move won, plain 闲 (a reader's xq009242 ply 33).
/// Taking a horse instead, the horses are traded: 兑.
#[test]
fn a_capture_that_won_more_than_it_leaves_offers_nothing() {
    let takes = |victim: &str| format!("4k4/9/4n3r/2{victim}6/9/1N7/9/9/9/3K5 w");
    expect(&takes("r"), "b4c6", Label::Idle, None, &[]);
    expect(
        &takes("n"),
        "b4c6",
        Label::Idle,
        Some(IdleKind::Exchange),
        &["e7"],
    );
}

/// A trade that stood but for the check a move answers is not made by the
/// answer (28.5 with 29.2, asked as if the check were not there, 参考图19):
/// the horse c3 steps between the rook e7 and the king, and the guarded
/// rooks on the a-file, which faced each other all along, are no 兑 of
/// its. Moving the cannon's screen e3 to f1, where the horse guards the
/// rook g3 the rook g7 attacks, makes the rooks' trade even: 兑.
#[test]
fn an_answer_to_check_trades_only_what_it_makes() {
    expect(
        "3k5/2n6/r3r4/9/9/1N7/2N6/R8/9/4K1B2 w",
        "c3e2",
        Label::Idle,
        None,
        &[],
    );
    expect(
        "3k5/4n4/4c1r2/9/9/9/4N1R2/9/9/4K4 w",
        "e3f1",
        Label::Idle,
        Some(IdleKind::Exchange),
        &["g7"],
    );
}
