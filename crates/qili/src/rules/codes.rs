//! The words the report's JSON uses for the engine's types — the CLI contract
//! and the JS API (`qili adjudicate`'s output, `adjudicate()` in JS). Each
//! type is written as the one string it always was: a label as 将/杀/捉/闲, a
//! root as `none`/`false`/…, a square in ICCS. Readers inside the project use
//! the types themselves; only JSON sees these strings.

use super::chase::{Method, Root};
use super::cycle::Pattern;
use super::kind::{ArbiterNote, IdleKind, Label};
use super::lines::Claim;
use super::verdict::Ruling;
use super::{Edition, VerdictReason};
use crate::{Color, Move, Piece, Square};
use serde::{Serialize, Serializer};

/// Serializes each type by a `&'static str` it already has a name for.
macro_rules! as_code {
    ($($ty:ty => $code:expr;)*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let code: fn(&$ty) -> &'static str = $code;
                s.serialize_str(code(self))
            }
        }
    )*};
}

as_code! {
    Label => |l| l.zh();
    IdleKind => |k| k.zh();
    Method => |m| m.code();
    Root => |r| r.code();
    Pattern => |p| p.zh();
    Ruling => |r| r.code();
    Edition => |e| e.name();
    VerdictReason => |r| r.code();
    ArbiterNote => |a| a.clause();
    Color => |c| c.name();
    Claim => |c| c.code();
}

/// Serializes each type by its `Display` (ICCS for squares and moves, the
/// FEN letter for pieces).
macro_rules! as_text {
    ($($ty:ty),*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
    )*};
}

as_text!(Square, Move);

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0; 4];
        s.serialize_str(self.char().encode_utf8(&mut buf))
    }
}
