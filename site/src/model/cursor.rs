//! The replay cursor: which ply is shown and whether it plays on by itself.

/// The position shown in a move list of `len` moves: after `ply` moves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cursor {
    /// Moves played on the board (0 = the start position).
    pub ply: usize,
    /// Number of moves in the list.
    pub len: usize,
    /// Advancing one move per tick.
    pub playing: bool,
}

impl Cursor {
    /// A cursor on a list of `len` moves, at `ply` (clamped).
    pub fn new(len: usize, ply: usize) -> Cursor {
        Cursor {
            ply: ply.min(len),
            len,
            playing: false,
        }
    }

    /// To the start position.
    pub fn first(&mut self) {
        self.ply = 0;
        self.playing = false;
    }

    /// One move back.
    pub fn prev(&mut self) {
        self.ply = self.ply.saturating_sub(1);
        self.playing = false;
    }

    /// One move on.
    pub fn next(&mut self) {
        self.ply = (self.ply + 1).min(self.len);
        self.playing = false;
    }

    /// To the end of the list.
    pub fn last(&mut self) {
        self.ply = self.len;
        self.playing = false;
    }

    /// To ply `ply` (clamped).
    pub fn go(&mut self, ply: usize) {
        self.ply = ply.min(self.len);
        self.playing = false;
    }

    /// Play or pause. Playing from the end starts again from the beginning.
    pub fn toggle(&mut self) {
        if self.playing {
            self.playing = false;
        } else if self.len > 0 {
            if self.ply >= self.len {
                self.ply = 0;
            }
            self.playing = true;
        }
    }

    /// One tick of play: advances, and stops at the end.
    pub fn tick(&mut self) {
        if !self.playing {
            return;
        }
        self.ply = (self.ply + 1).min(self.len);
        if self.ply >= self.len {
            self.playing = false;
        }
    }

    /// `true` at the start position.
    pub fn at_start(&self) -> bool {
        self.ply == 0
    }

    /// `true` at the end of the list.
    pub fn at_end(&self) -> bool {
        self.ply >= self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_in_the_list() {
        let mut c = Cursor::new(4, 9);
        assert_eq!(c.ply, 4);
        c.next();
        assert_eq!(c.ply, 4);
        c.first();
        c.prev();
        assert_eq!(c.ply, 0);
        c.next();
        c.next();
        assert_eq!(c.ply, 2);
        c.last();
        assert!(c.at_end());
        c.go(1);
        assert_eq!(c.ply, 1);
    }

    #[test]
    fn play_runs_to_the_end_and_stops() {
        let mut c = Cursor::new(3, 3);
        c.toggle();
        assert!(c.playing);
        assert_eq!(c.ply, 0, "playing from the end restarts");
        for _ in 0..5 {
            c.tick();
        }
        assert_eq!(c.ply, 3);
        assert!(!c.playing);
        c.toggle();
        c.toggle();
        assert!(!c.playing);
        c.toggle();
        c.next();
        assert!(!c.playing, "a manual step pauses");
        let mut empty = Cursor::new(0, 0);
        empty.toggle();
        assert!(!empty.playing);
    }
}
