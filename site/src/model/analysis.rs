//! The analysis board's model: a start position, a line of moves, the ply
//! shown and the edition, with undo/redo and the share link.

use qili::rules::Edition;
use qili::{fen, Move, Position, Tolerance};

use crate::notation::{read_line, ReadError};
use crate::route::{encode_moves, AnalysisParams};

/// The analysis board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The start position.
    pub start: Position,
    /// The line; moves after `ply` can be redone.
    pub moves: Vec<Move>,
    /// Moves played on the board.
    pub ply: usize,
    /// The edition that judges.
    pub edition: Edition,
    /// Bumped whenever the start or the line changes (not the ply), so
    /// judgements can be cached per line.
    pub version: u64,
    positions: Vec<Position>,
}

/// Something in a share link that could not be restored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkError {
    /// The FEN (and why, from the rules crate).
    Fen(String),
    /// A move.
    Moves(ReadError),
}

impl Default for Analysis {
    fn default() -> Analysis {
        Analysis::new(Position::new())
    }
}

impl Analysis {
    /// A board at `start`, no moves, judged by CXA 1999.
    pub fn new(start: Position) -> Analysis {
        Analysis {
            positions: vec![start.clone()],
            start,
            moves: Vec::new(),
            ply: 0,
            edition: Edition::Cxa1999,
            version: 0,
        }
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        &self.positions[self.ply]
    }

    /// The legal moves on the board.
    pub fn legal(&self) -> Vec<Move> {
        self.position().legal_moves().to_vec()
    }

    /// Plays `m` on the board if legal. The next move of the line is kept
    /// (a redo); any other move replaces the rest of the line.
    pub fn play(&mut self, m: Move) -> bool {
        if !self.position().is_legal(m) {
            return false;
        }
        if self.moves.get(self.ply) == Some(&m) {
            self.ply += 1;
            return true;
        }
        self.moves.truncate(self.ply);
        self.positions.truncate(self.ply + 1);
        let mut next = self.position().clone();
        next.play_unchecked(m);
        self.moves.push(m);
        self.positions.push(next);
        self.ply += 1;
        self.version += 1;
        true
    }

    /// Takes back the last move shown.
    pub fn undo(&mut self) {
        self.ply = self.ply.saturating_sub(1);
    }

    /// Plays the next move of the line again.
    pub fn redo(&mut self) {
        self.ply = (self.ply + 1).min(self.moves.len());
    }

    /// Shows ply `ply` (clamped).
    pub fn go(&mut self, ply: usize) {
        self.ply = ply.min(self.moves.len());
    }

    /// A new start position; the line is cleared.
    pub fn set_start(&mut self, start: Position) {
        self.positions = vec![start.clone()];
        self.start = start;
        self.moves.clear();
        self.ply = 0;
        self.version += 1;
    }

    /// Replaces the line with `moves` (legal from the start) and shows its end.
    fn set_line(&mut self, moves: Vec<Move>) {
        let mut pos = self.start.clone();
        self.positions = vec![pos.clone()];
        for &m in &moves {
            pos.play_unchecked(m);
            self.positions.push(pos.clone());
        }
        self.ply = moves.len();
        self.moves = moves;
        self.version += 1;
    }

    /// Reads a pasted move list (any notation) played from the start
    /// position and makes it the line. On error the line is unchanged.
    pub fn load_moves(&mut self, text: &str) -> Result<(), ReadError> {
        let moves = read_line(&self.start, text)?;
        self.set_line(moves);
        Ok(())
    }

    /// The start position as FEN.
    pub fn start_fen(&self) -> String {
        fen::write(&self.start)
    }

    /// The position on the board as FEN.
    pub fn fen(&self) -> String {
        fen::write(self.position())
    }

    /// Restores a board from a share link. What cannot be read is reported
    /// and left at its default (the start position, no moves).
    pub fn from_params(p: &AnalysisParams) -> (Analysis, Vec<LinkError>) {
        let mut errors = Vec::new();
        let start = match p.fen.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
            None => Position::new(),
            Some(f) => fen::position(f, Tolerance::COMPOSED).unwrap_or_else(|e| {
                errors.push(LinkError::Fen(e.to_string()));
                Position::new()
            }),
        };
        let mut a = Analysis::new(start);
        if let Some(e) = p.edition {
            a.edition = e;
        }
        let mut first_error = None;
        for text in p.moves_candidates() {
            match read_line(&a.start, &text) {
                Ok(moves) => {
                    a.set_line(moves);
                    first_error = None;
                    break;
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        if let Some(e) = first_error {
            errors.push(LinkError::Moves(e));
        }
        if let Some(ply) = p.ply {
            a.go(ply);
        }
        (a, errors)
    }

    /// The share link's parameters: the whole line, the ply shown.
    pub fn params(&self) -> AnalysisParams {
        AnalysisParams {
            fen: Some(self.start_fen()),
            moves_raw: (!self.moves.is_empty())
                .then(|| encode_moves(self.moves.iter().map(|m| m.to_string()))),
            edition: Some(self.edition),
            ply: (self.ply != self.moves.len()).then_some(self.ply),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::Route;

    const FIG1: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1";

    fn board(fen_text: &str) -> Analysis {
        Analysis::new(fen::position(fen_text, Tolerance::COMPOSED).unwrap())
    }

    #[test]
    fn play_undo_redo() {
        let mut a = board(FIG1);
        a.load_moves("车四平五 将5平6").unwrap();
        assert_eq!((a.ply, a.moves.len()), (2, 2));
        a.undo();
        a.undo();
        a.undo();
        assert_eq!(a.ply, 0);
        let first = a.moves[0];
        let v = a.version;
        assert!(a.play(first), "replaying the next move is a redo");
        assert_eq!((a.ply, a.moves.len(), a.version), (1, 2, v));
        a.redo();
        a.redo();
        assert_eq!(a.ply, 2);
        a.go(1);
        let other = a
            .legal()
            .into_iter()
            .find(|&m| Some(&m) != a.moves.get(1))
            .unwrap();
        assert!(a.play(other));
        assert_eq!((a.ply, a.moves.len()), (2, 2));
        assert_ne!(a.version, v, "a new move changes the line");
        assert!(!a.play(first), "not legal here");
    }

    #[test]
    fn bad_input_leaves_the_line_alone() {
        let mut a = board(FIG1);
        a.load_moves("f0e0").unwrap();
        let before = a.clone();
        let e = a.load_moves("f0e0 e8f8 zz").unwrap_err();
        assert_eq!(e.number, 3);
        assert_eq!(a, before);
    }

    #[test]
    fn share_links_round_trip() {
        let mut a = board(FIG1);
        a.edition = Edition::Axf;
        a.load_moves("车四平五 将5平6 车五平四 将6平5").unwrap();
        a.go(3);
        let hash = Route::Analysis(a.params()).to_hash();
        let Route::Analysis(p) = Route::parse(&hash) else {
            panic!("{hash}")
        };
        let (b, errors) = Analysis::from_params(&p);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            (b.start_fen(), &b.moves, b.ply, b.edition),
            (a.start_fen(), &a.moves, 3, Edition::Axf)
        );
    }

    #[test]
    fn links_in_any_notation_and_with_errors() {
        let link = format!(
            "#/analysis?fen={}&moves=R4%3D5+K5%3D6&rules=2020",
            crate::route::encode(FIG1)
        );
        let Route::Analysis(p) = Route::parse(&link) else {
            panic!()
        };
        let (a, errors) = Analysis::from_params(&p);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!((a.moves.len(), a.edition), (2, Edition::Cxa2020));

        let Route::Analysis(p) = Route::parse("#/analysis?fen=9/9&moves=h2e2") else {
            panic!()
        };
        let (a, errors) = Analysis::from_params(&p);
        assert!(matches!(errors[..], [LinkError::Fen(_)]), "{errors:?}");
        assert_eq!(
            a.moves.len(),
            1,
            "the moves are read from the start position"
        );
    }
}
