//! The 棋例 engine on random games: every move is labelled and every position
//! judged under every edition without a panic, and the results are coherent
//! (a cycle exactly when the final position occurred before, rulings only
//! with a cycle).

mod common;
use common::Rng;

use qili::rules::{adjudicate, repetitions, Edition, Ruling};
use qili::{Move, Position};

/// A random game that often shuffles back and forth, to make repetitions.
fn random_game(rng: &mut Rng, plies: usize) -> Vec<Move> {
    let mut pos = Position::new();
    let mut moves: Vec<Move> = Vec::new();
    for ply in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        // Half the time, undo the move played four plies ago if it is legal.
        let back = (ply >= 4 && rng.below(2) == 0)
            .then(|| moves[ply - 4])
            .map(|m| Move::new(m.to, m.from))
            .filter(|m| legal.contains(m));
        let m = back.unwrap_or_else(|| legal[rng.below(legal.len())]);
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

#[test]
fn random_games_are_judged_coherently() {
    let mut rng = Rng(0x5149_4C49);
    let games = if cfg!(debug_assertions) { 6 } else { 40 };
    for _ in 0..games {
        let moves = random_game(&mut rng, 80);
        let start = Position::new();
        for edition in Edition::ALL {
            let a = adjudicate(edition, &start, &moves).unwrap();
            assert_eq!(a.moves.len(), moves.len());
            let mut pos = start.clone();
            let mut keys = vec![pos.key()];
            for &m in &moves {
                pos.play_unchecked(m);
                keys.push(pos.key());
            }
            let repeated = keys[..keys.len() - 1].contains(keys.last().unwrap());
            assert_eq!(a.cycle.is_some(), repeated);
            if a.cycle.is_none() {
                assert_eq!(a.ruling, Ruling::None);
            }
            let reps = repetitions(edition, &start, &moves).unwrap();
            assert!(reps.iter().all(|(_, r)| r.cycle.is_some()));
        }
    }
}
