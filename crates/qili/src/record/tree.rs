//! Move trees stored depth first, one record a move, as XQF and CCBridge
//! binaries store them: each record says whether a next move follows and
//! whether an alternative to this move follows once this move's own line
//! has ended. [`Tree::read`] links the records; [`Tree::line`] checks the
//! moves and builds the [`Line`]s.

use core::fmt;

use super::game::{Line, MoveError, Node};
use super::MAX_NESTING;
use crate::{Move, Position, Square};

/// One record of the move tree, as read.
pub(crate) struct RawNode {
    /// The origin, in the format's own numbering.
    pub from: u8,
    /// The destination, in the format's own numbering.
    pub to: u8,
    /// The comment after the move (before the first move for the root).
    pub comment: Option<String>,
    /// Byte offset of the record in the file.
    pub offset: usize,
    child: Option<usize>,
    sibling: Option<usize>,
}

impl RawNode {
    /// A record not linked yet.
    pub fn new(from: u8, to: u8, comment: Option<String>, offset: usize) -> RawNode {
        RawNode {
            from,
            to,
            comment,
            offset,
            child: None,
            sibling: None,
        }
    }
}

/// What a record says follows it.
pub(crate) struct Links {
    /// The next move of the line follows.
    pub next: bool,
    /// An alternative to this move follows after this move's line.
    pub alternative: bool,
}

/// Which link a record read next fills.
enum Pending {
    Child(usize),
    Sibling(usize),
}

/// The records of a tree in a flat list; index 0 is the leading record,
/// which is not a move but carries the comment before the first move.
pub(crate) struct Tree {
    nodes: Vec<RawNode>,
    plies: Vec<u32>,
}

impl Tree {
    /// Reads the records in file order: `next(ply)` reads the record of
    /// ply `ply` (0 for the leading record).
    pub fn read<E>(mut next: impl FnMut(u32) -> Result<(RawNode, Links), E>) -> Result<Tree, E> {
        let (root, links) = next(0)?;
        let mut tree = Tree {
            nodes: vec![root],
            plies: vec![0],
        };
        let mut stack = Vec::new();
        if links.next {
            stack.push(Pending::Child(0));
        }
        while let Some(p) = stack.pop() {
            let (owner, ply) = match p {
                Pending::Child(i) => (i, tree.plies[i] + 1),
                Pending::Sibling(i) => (i, tree.plies[i]),
            };
            let (node, links) = next(ply)?;
            let idx = tree.nodes.len();
            tree.nodes.push(node);
            tree.plies.push(ply);
            match p {
                Pending::Child(_) => tree.nodes[owner].child = Some(idx),
                Pending::Sibling(_) => tree.nodes[owner].sibling = Some(idx),
            }
            if links.alternative {
                stack.push(Pending::Sibling(idx));
            }
            if links.next {
                stack.push(Pending::Child(idx));
            }
        }
        Ok(tree)
    }

    /// The leading record.
    pub fn root(&self) -> &RawNode {
        &self.nodes[0]
    }

    /// The first move's record, if the tree has a move.
    pub fn first(&self) -> Option<&RawNode> {
        self.nodes[0].child.map(|i| &self.nodes[i])
    }

    /// The main line from `start` and, attached to its moves, the
    /// variations. `decode(record, ply, position)` turns a record into a
    /// legal move. An illegal move in a variation (old editors let some
    /// through) cuts the variation there, with a warning; in the main line
    /// it is an error. `too_deep(record, ply)` is the error for variations
    /// nested deeper than [`MAX_NESTING`].
    pub fn main_line<E: core::fmt::Display>(
        &self,
        start: &Position,
        decode: &impl Fn(&RawNode, u32, &Position) -> Result<Move, E>,
        too_deep: &impl Fn(&RawNode, u32) -> E,
        warnings: &mut Vec<String>,
    ) -> Result<Line, E> {
        let mut line = match self.nodes[0].child {
            Some(first) => self.line(first, start.clone(), 0, decode, too_deep, warnings)?,
            None => Line::new(),
        };
        line.comment = self.nodes[0].comment.clone();
        Ok(line)
    }

    /// The line starting with record `first`, its alternatives excluded.
    fn line<E: core::fmt::Display>(
        &self,
        first: usize,
        mut pos: Position,
        depth: usize,
        decode: &impl Fn(&RawNode, u32, &Position) -> Result<Move, E>,
        too_deep: &impl Fn(&RawNode, u32) -> E,
        warnings: &mut Vec<String>,
    ) -> Result<Line, E> {
        if depth > MAX_NESTING {
            return Err(too_deep(&self.nodes[first], self.plies[first]));
        }
        let mut line = Line::new();
        let mut cur = Some(first);
        while let Some(i) = cur {
            let m = match decode(&self.nodes[i], self.plies[i], &pos) {
                Ok(m) => m,
                Err(e) if depth > 0 => {
                    warnings.push(format!("{e}; the variation is cut there"));
                    break;
                }
                Err(e) => return Err(e),
            };
            let mut node = Node::new(m);
            node.comment = self.nodes[i].comment.clone();
            // The alternatives of a variation's first move are the caller's;
            // those of the main line's first move are this line's.
            if i != first || depth == 0 {
                let mut alt = self.nodes[i].sibling;
                while let Some(j) = alt {
                    let v = self.line(j, pos.clone(), depth + 1, decode, too_deep, warnings)?;
                    if !v.nodes.is_empty() {
                        node.variations.push(v);
                    }
                    alt = self.nodes[j].sibling;
                }
            }
            line.nodes.push(node);
            pos.play_unchecked(m);
            cur = self.nodes[i].child;
        }
        Ok(line)
    }
}

/// Why a record is not a move where it stands.
pub(crate) enum BadMove {
    /// A point that is not on the board, in the format's numbering.
    Square(u8),
    /// An illegal move.
    Illegal(MoveError),
}

/// The move of record `n` in `pos`, its points numbered as `point` says.
pub(crate) fn decode(
    n: &RawNode,
    pos: &Position,
    point: fn(u8) -> Option<Square>,
) -> Result<Move, BadMove> {
    let from = point(n.from).ok_or(BadMove::Square(n.from))?;
    let to = point(n.to).ok_or(BadMove::Square(n.to))?;
    legal_move(pos, from, to).map_err(BadMove::Illegal)
}

/// Writes where in a binary file an error is, as `byte N`, and the move of
/// ply `ply` unless the error `names_move` itself.
pub(crate) fn write_place(
    f: &mut fmt::Formatter<'_>,
    offset: usize,
    ply: Option<u32>,
    names_move: bool,
) -> fmt::Result {
    write!(f, "byte {offset}")?;
    match ply {
        _ if names_move => Ok(()),
        None => Ok(()),
        Some(0) => f.write_str(" (the record before the first move)"),
        Some(ply) => write!(f, ", move {} (ply {ply})", ply.div_ceil(2)),
    }
}

/// The move `from`–`to` if it is legal in `pos`, else the error saying why
/// (no piece there, the other side's piece, or an illegal move).
pub(crate) fn legal_move(pos: &Position, from: Square, to: Square) -> Result<Move, MoveError> {
    let m = Move::new(from, to);
    if pos.is_legal(m) {
        return Ok(m);
    }
    let reason = match pos.piece_at(from) {
        None => format!("no piece on {from}"),
        Some(p) if p.color != pos.turn() => {
            format!("the piece on {from} is not {}'s", pos.turn())
        }
        Some(_) => "not a legal move here".to_string(),
    };
    Err(MoveError::new(pos, &m.to_string(), reason))
}
