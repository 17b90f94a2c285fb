//! CBL, the library of 象棋桥 (CCBridge): many [`cbr`] records in
//! one file, some of them section headings.
//!
//! Layout, as decoded here (numbers little endian, texts UTF-16LE and
//! NUL-terminated):
//!
//! - `CCBridgeLibrary\0` (16 bytes), a version and a GUID; at byte 56 a
//!   word that is 1 when the index holds deleted entries; at byte 60 the
//!   number of index slots.
//! - The library's name at 64 (512 bytes), its source at 0x240 (256), author
//!   at 0x340 (128), creation and change dates at 0x3C0 and 0x400 (64 each)
//!   and a description at 0x440 (up to the index).
//! - The index at 0x10440: one 276-byte slot an entry, in the library's
//!   order: flags (7 for an entry, 5 for a deleted one: bit 0x01 used, 0x02
//!   not deleted, read only when the word at byte 56 says the library has
//!   deleted entries), a number, the number of 4096-byte blocks the record takes,
//!   its size in bytes, a zero word, the record's GUID as text and its title.
//! - The records from the end of the index on (where the first record is,
//!   should the slot count disagree), each starting on its own block, in the
//!   index's order, each as a CBR file.
//!
//! An entry whose board is empty is a section heading: the games after it,
//! up to the next heading, are in that section. A deleted entry is still
//! in the file; it is read only for a caller who asks ([`Library::deleted`]).
//!
//! ```no_run
//! let bytes = std::fs::read("games.cbl").unwrap();
//! let library = qili::record::cbl::read(&bytes).unwrap();
//! for (section, game) in library.games() {
//!     match game {
//!         Ok(g) => println!("{}: {}", section.unwrap_or("-"), g.tag("Title").unwrap_or("")),
//!         Err(e) => eprintln!("games.cbl: {e}"),
//!     }
//! }
//! ```

use core::fmt;

use super::cbr::{self, CbrError, Record, Text};
use super::game::{Game, Tags};

/// The first 16 bytes of a library.
pub const MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";

/// Offset of the word that is not 0 when some entries are deleted.
const DELETIONS: usize = 56;
/// Offset of the number of index slots.
const SLOTS: usize = 60;
/// Offset of the index.
const INDEX: usize = 0x10440;
/// Size of an index slot.
const SLOT: usize = 276;
/// Records start on multiples of this size after the index.
const BLOCK: usize = 4096;

/// The texts of the library's header: offset, storage and the key it is
/// given in [`Library::info`].
const INFO: [(usize, Text, &str); 5] = [
    (0x240, Text::Utf16(256), "Source"),
    (0x340, Text::Utf16(128), "Author"),
    (0x3C0, Text::Utf16(64), "Created"),
    (0x400, Text::Utf16(64), "Modified"),
    (0x440, Text::Utf16(INDEX - 0x440), "Description"),
];

/// What is wrong with a library, or with one of its entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CblError {
    /// The entry (its slot in the index, from 0), if the error is in one.
    pub entry: Option<usize>,
    /// What is wrong.
    pub kind: CblErrorKind,
}

/// The kinds of [`CblError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CblErrorKind {
    /// The bytes do not start with [`MAGIC`].
    NotCbl,
    /// The file ends before the index does.
    Truncated {
        /// Where the index would end.
        needed: usize,
        /// File length.
        len: usize,
    },
    /// The index puts an entry where no record is.
    NoRecord {
        /// Where the record should start.
        offset: usize,
    },
    /// The entry's record cannot be read.
    Record(CbrError),
}

impl fmt::Display for CblError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(e) = self.entry {
            write!(f, "entry {e}: ")?;
        }
        match &self.kind {
            CblErrorKind::NotCbl => {
                f.write_str("not a CCBridge library (no 'CCBridgeLibrary' signature)")
            }
            CblErrorKind::Truncated { needed, len } => write!(
                f,
                "the file ends (byte {len}) before the end of its index (byte {needed})"
            ),
            CblErrorKind::NoRecord { offset } => write!(
                f,
                "byte {offset}: no record where the index puts this entry"
            ),
            CblErrorKind::Record(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for CblError {}

/// `true` if the bytes start like a CBL library.
pub fn detect(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// A library: its name and header texts, and its entries in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Library {
    /// The library's name.
    pub name: String,
    /// The other texts of its header: `Source`, `Author`, `Created`,
    /// `Modified`, `Description` (those that are not empty).
    pub info: Tags,
    /// The entries in the index's order, deleted ones included.
    pub entries: Vec<Entry>,
}

/// One entry of a library.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its slot in the index, from 0.
    pub slot: usize,
    /// Byte offset of its record.
    pub offset: usize,
    /// `true` if the index marks it deleted.
    pub deleted: bool,
    /// What it holds, or why it cannot be read.
    pub content: Result<Content, CblError>,
}

/// What an entry holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Content {
    /// A section heading (a record with an empty board).
    Section(Section),
    /// A game.
    Game(Box<Game>),
}

/// A section heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// Its title.
    pub title: String,
    /// The comment it carries.
    pub comment: Option<String>,
}

impl Library {
    /// The section headings, in order (deleted ones left out).
    pub fn sections(&self) -> impl Iterator<Item = &Section> + '_ {
        self.entries
            .iter()
            .filter(|e| !e.deleted)
            .filter_map(|e| match &e.content {
                Ok(Content::Section(s)) => Some(s),
                _ => None,
            })
    }

    /// The games in file order, each with the title of the section it is
    /// in: the entries that are neither headings nor deleted, read or not.
    pub fn games(&self) -> impl Iterator<Item = (Option<&str>, Result<&Game, &CblError>)> + '_ {
        let mut section = None;
        self.entries
            .iter()
            .filter(|e| !e.deleted)
            .filter_map(move |e| match &e.content {
                Ok(Content::Section(s)) => {
                    section = Some(s.title.as_str());
                    None
                }
                Ok(Content::Game(g)) => Some((section, Ok(&**g))),
                Err(err) => Some((section, Err(err))),
            })
    }

    /// The entries the index marks deleted (their records are still in the
    /// file), in order.
    pub fn deleted(&self) -> impl Iterator<Item = &Entry> + '_ {
        self.entries.iter().filter(|e| e.deleted)
    }
}

/// Which entries of a library [`read_games`] gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Entries {
    /// The games 象棋桥 lists: not headings, not deleted.
    #[default]
    Games,
    /// The games and, where they stand, the deleted games, each with the
    /// tag `Deleted` set to `true`.
    WithDeleted,
}

/// The games of a library in file order, each with the title of its
/// section as the `Section` tag: what [`super::read`] gives for a library
/// (with [`Entries::Games`]). A library whose index cannot be read is one
/// error.
pub fn read_games(data: &[u8], which: Entries) -> Vec<Result<Game, CblError>> {
    let library = match read(data) {
        Ok(l) => l,
        Err(e) => return vec![Err(e)],
    };
    let mut section = None;
    let mut out = Vec::new();
    for entry in library.entries {
        if entry.deleted && which == Entries::Games {
            continue;
        }
        match entry.content {
            Ok(Content::Section(s)) if !entry.deleted => section = Some(s.title),
            Ok(Content::Section(_)) => {}
            Ok(Content::Game(mut g)) => {
                if let Some(s) = &section {
                    g.tags.insert("Section", s.as_str());
                }
                if entry.deleted {
                    g.tags.insert("Deleted", "true");
                }
                out.push(Ok(*g));
            }
            Err(e) => out.push(Err(e)),
        }
    }
    out
}

/// Where `needle` first occurs in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn u32_at(data: &[u8], at: usize) -> usize {
    data.get(at..at + 4)
        .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
}

/// Reads a library. Fails only if the header or the index cannot be read;
/// an entry that cannot be read is an [`Entry`] with its error.
pub fn read(data: &[u8]) -> Result<Library, CblError> {
    let fail = |kind| CblError { entry: None, kind };
    if !detect(data) {
        return Err(fail(CblErrorKind::NotCbl));
    }
    let mut slots = u32_at(data, SLOTS);
    let mut records = slots
        .checked_mul(SLOT)
        .and_then(|n| n.checked_add(INDEX))
        .filter(|&end| end <= data.len())
        .ok_or(fail(CblErrorKind::Truncated {
            needed: INDEX.saturating_add(slots.saturating_mul(SLOT)),
            len: data.len(),
        }))?;
    // Should the slot count not say where the records start, the first
    // record does: the index is what lies before it.
    if !cbr::detect(&data[records..]) {
        if let Some(first) = find(&data[INDEX..], cbr::MAGIC) {
            records = INDEX + first;
            slots = slots.min(first / SLOT);
        }
    }
    let has_deleted = u32_at(data, DELETIONS) != 0;
    let mut info = Tags::new();
    for (at, text, key) in INFO {
        if let Some(v) = cbr::field(data, at, text) {
            info.insert(key, v);
        }
    }
    let mut library = Library {
        name: cbr::field(data, 64, Text::Utf16(512)).unwrap_or_default(),
        info,
        entries: Vec::new(),
    };
    let mut offset = records;
    for slot in 0..slots {
        let at = INDEX + slot * SLOT;
        let flags = u32_at(data, at);
        let blocks = u32_at(data, at + 8);
        let size = u32_at(data, at + 12);
        if flags & 0x01 == 0 {
            offset = offset.saturating_add(blocks.saturating_mul(BLOCK));
            continue;
        }
        let err = |kind| CblError {
            entry: Some(slot),
            kind,
        };
        let content = match data.get(offset..) {
            Some(rest) if cbr::detect(rest) => {
                // A size the index does not give: the blocks the entry takes.
                let len = if size > 0 {
                    size
                } else {
                    blocks.max(1).saturating_mul(BLOCK)
                };
                let record = &rest[..len.clamp(cbr::MAGIC.len(), rest.len())];
                match cbr::read_record(record, offset) {
                    Ok(Record::Game(g)) => Ok(Content::Game(g)),
                    Ok(Record::Heading { title, comment }) => {
                        Ok(Content::Section(Section { title, comment }))
                    }
                    Err(e) => Err(err(CblErrorKind::Record(e))),
                }
            }
            _ => Err(err(CblErrorKind::NoRecord { offset })),
        };
        library.entries.push(Entry {
            slot,
            offset,
            deleted: has_deleted && flags & 0x02 == 0,
            content,
        });
        let taken = blocks.max(size.div_ceil(BLOCK)).max(1);
        offset = offset.saturating_add(taken.saturating_mul(BLOCK));
    }
    Ok(library)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::cbr::tests::record;

    /// A library of `records` (flags, record), built by hand.
    fn library(records: &[(u32, Vec<u8>)]) -> Vec<u8> {
        let slots = records.len() + 2;
        let mut d = vec![0u8; INDEX + slots * SLOT];
        d[..16].copy_from_slice(MAGIC);
        d[SLOTS..SLOTS + 4].copy_from_slice(&(slots as u32).to_le_bytes());
        d[DELETIONS] = u8::from(records.iter().any(|(f, _)| f & 0x02 == 0));
        for (i, u) in "库".encode_utf16().enumerate() {
            d[64 + 2 * i..66 + 2 * i].copy_from_slice(&u.to_le_bytes());
        }
        for (k, (flags, r)) in records.iter().enumerate() {
            let at = INDEX + k * SLOT;
            let blocks = r.len().div_ceil(BLOCK) as u32;
            for (i, v) in [*flags, k as u32, blocks, r.len() as u32]
                .iter()
                .enumerate()
            {
                d[at + 4 * i..at + 4 * i + 4].copy_from_slice(&v.to_le_bytes());
            }
        }
        for (_, r) in records {
            let mut r = r.clone();
            r.resize(r.len().div_ceil(BLOCK) * BLOCK, 0);
            d.extend(r);
        }
        d
    }

    #[test]
    fn sections_games_and_deleted_entries() {
        let game = record("一", true, &[(70, 67, 0)]);
        let d = library(&[
            (7, record("甲组", false, &[])),
            (7, game.clone()),
            (7, record("二", true, &[(64, 67, 0)])),
            (5, game.clone()),
            (7, record("乙组", false, &[])),
            (7, record("三", true, &[(70, 67, 0), (70, 67, 0)])),
        ]);
        let lib = read(&d).unwrap();
        assert_eq!(lib.name, "库");
        let sections: Vec<&str> = lib.sections().map(|s| s.title.as_str()).collect();
        assert_eq!(sections, ["甲组", "乙组"]);
        let games: Vec<_> = lib.games().collect();
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].0, Some("甲组"));
        assert_eq!(games[1].1.unwrap().tag("Title"), Some("二"));
        assert_eq!(games[2].0, Some("乙组"));
        let e = games[2].1.unwrap_err();
        assert_eq!(e.entry, Some(5));
        assert!(e.to_string().starts_with("entry 5: byte "), "{e}");
        assert!(e.to_string().contains("move 1... h2e2 (black)"), "{e}");
        let deleted: Vec<usize> = lib.deleted().map(|e| e.slot).collect();
        assert_eq!(deleted, [3]);
        assert_eq!(read_games(&d, Entries::Games).len(), 3);
        let all = read_games(&d, Entries::WithDeleted);
        assert_eq!(all.len(), 4);
        let g = all[2].as_ref().unwrap();
        assert_eq!(
            (g.tag("Deleted"), g.tag("Section")),
            (Some("true"), Some("甲组"))
        );
    }

    #[test]
    fn a_record_over_several_blocks() {
        // A comment before the first move long enough to take a second block.
        let mut long = record("长", true, &[(70, 67, 0)]);
        let root = 0x8A6;
        long[root] |= 0x04;
        let text: Vec<u8> = "注"
            .repeat(1500)
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let mut comment = (text.len() as u32).to_le_bytes().to_vec();
        comment.extend(text);
        long.splice(root + 4..root + 4, comment);
        assert!(long.len() > BLOCK);
        let d = library(&[(7, long), (7, record("短", true, &[(64, 67, 0)]))]);
        let lib = read(&d).unwrap();
        let titles: Vec<&str> = lib
            .games()
            .map(|(_, g)| g.unwrap().tag("Title").unwrap())
            .collect();
        assert_eq!(titles, ["长", "短"]);
        assert_eq!(lib.entries[1].offset - lib.entries[0].offset, 2 * BLOCK);
    }

    #[test]
    fn damaged_index_and_records() {
        assert_eq!(read(b"CCBridgeLib").unwrap_err().kind, CblErrorKind::NotCbl);
        let mut d = library(&[(7, record("一", true, &[(70, 67, 0)]))]);
        let short = d[..INDEX + 10].to_vec();
        assert!(matches!(
            read(&short).unwrap_err().kind,
            CblErrorKind::Truncated { .. }
        ));
        // The record's block cut off: the entry fails, the library reads.
        let records = INDEX + 3 * SLOT;
        d.truncate(records + 100);
        let lib = read(&d).unwrap();
        assert!(lib.entries[0].content.is_err());
        d.truncate(records);
        let lib = read(&d).unwrap();
        assert_eq!(
            lib.entries[0].content.as_ref().unwrap_err().kind,
            CblErrorKind::NoRecord { offset: records }
        );
    }
}
