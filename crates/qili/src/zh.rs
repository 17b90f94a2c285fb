//! Chinese notation (`炮二平五`, `马8进7`, `前车进一`), the four-character
//! file notation of Chinese game records, in simplified and traditional
//! characters.
//!
//! A move is the piece, the file it stands on, a direction and a number:
//! `炮` `二` `平` `五` — the cannon on file 2 moves sideways to file 5.
//!
//! - **Files** are counted from the mover's right: red writes Chinese numerals
//!   一…九 (red's 一 is ICCS file `i`), black writes digits, ASCII `1` or
//!   full-width `１` (black's 1 is ICCS file `a`). Either numeral style is read
//!   for either side.
//! - **Directions**: 进/進 forward, 退 backward, 平 sideways.
//! - **Number**: after 进/退 the number of ranks moved for 车 炮 兵 帅, and the
//!   destination file for 马 相 仕; after 平 the destination file.
//! - **Pieces read**: 车/車/俥/伡, 马/馬/傌/㐷, 炮/砲/包, 相/象, 仕/士,
//!   帅/帥/将/將, 兵/卒. The character does not decide the side: the side to
//!   move does.
//!
//! # Several pieces of one kind on one file
//!
//! Following the CXA convention for recording games:
//!
//! - **Two on a file**: 前 (front, nearest the other side) and 后/後 (rear)
//!   replace the file: `前车进一`, `后马退六`. Advisors and elephants, which
//!   their direction already tells apart, keep the file: `仕六进五`, `仕六退五`.
//! - **Three pawns on a file**: 前, 中, 后: `中兵平六`.
//! - **Four or five pawns on a file**: 一 二 三 四 五 counted from the front:
//!   `二兵平四`.
//! - **Two files each holding two or more pawns**: the pawn's name is
//!   dropped and its file written instead: `前七平六` (the front pawn on file 7
//!   moves to file 6), `后3进1`.
//!
//! When reading, these variants are accepted too: the piece with the file
//! (`前兵九进一`, `前卒1进1`), the place after the piece (`车前进一`), 前/后
//! for the first and last of four or five pawns, and digits as ordinals.
//!
//! Reading is lenient in one way: a plain file (`车二进一`) with two rooks on
//! file 2 is accepted when only one of them can legally make the move; if both
//! can, it is [`ResolveError::Ambiguous`].
//!
//! # Writing
//!
//! [`Style`] chooses the characters. [`Style::SIMPLIFIED`] (the default) writes
//! `车马炮相仕帅兵` / `车马炮象士将卒` with ASCII digits for black;
//! [`Style::TRADITIONAL`] writes the characters carved on the pieces,
//! 帥仕相傌俥炮兵 / 將士象馬車砲卒, with 進, 後 and full-width digits;
//! [`Style::PGN`] writes as the Big5 PGN files of published collections do:
//! 車馬炮 for both sides, 帥仕相兵 / 將士象卒, full-width digits.
//!
//! # Examples
//!
//! ```
//! use qili::{zh, Position};
//! let pos = Position::new();
//! let n: zh::Notation = "炮二平五".parse().unwrap();
//! let m = n.to_move(&pos).unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//!
//! let pos = pos.play(m).unwrap();
//! let m = zh::parse_move(&pos, "馬８進７").unwrap();
//! assert_eq!(zh::write_move(&pos, m), "马8进7");
//! assert_eq!(zh::write_move_with(&pos, m, zh::Style::TRADITIONAL), "馬８進７");
//! assert_eq!(
//!     zh::parse_move(&pos, "车8进7").unwrap_err().to_string(),
//!     "no black rook on file 8"
//! );
//! ```

use core::fmt;
use core::str::FromStr;

use crate::notation_common::{self as common, Convention, Description};
pub use crate::notation_common::{Ambiguous, Direction, Illegal, Origin, Place, ResolveError};
use crate::{Color, Move, Position, Role};

/// A move in Chinese notation, read without a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Notation {
    /// Whose numerals the text uses: Chinese numerals are red's, digits
    /// black's. Read from the last character of the text; [`Notation::from_move`]
    /// sets the side moving. Only writing uses it: [`Notation::to_move`] moves
    /// the side to move whatever the numerals.
    pub color: Color,
    /// The piece that moves.
    pub role: Role,
    /// Which one: by file, or by place on a file.
    pub origin: Origin,
    /// 进, 退 or 平.
    pub direction: Direction,
    /// Ranks moved, or the destination file (1–9).
    pub number: u8,
}

/// Text that is not a Chinese move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseZhError {
    /// The text read.
    pub text: String,
    /// Where the problem is: 1-based character position in the trimmed text
    /// (0 when the length is wrong).
    pub at: usize,
    /// What was expected there.
    pub expected: &'static str,
}

impl fmt::Display for ParseZhError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.at == 0 {
            write!(
                f,
                "'{}' is not a Chinese move: expected {}",
                self.text, self.expected
            )
        } else {
            write!(
                f,
                "'{}' is not a Chinese move: expected {} at character {}",
                self.text, self.expected, self.at
            )
        }
    }
}

impl core::error::Error for ParseZhError {}

/// Error from [`parse_move`]: bad syntax, or no single legal move fits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ZhError {
    /// Not Chinese move syntax.
    Syntax(ParseZhError),
    /// Readable, but no legal move or several fit.
    Resolve(ResolveError),
}

impl fmt::Display for ZhError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ZhError::Syntax(e) => e.fmt(f),
            ZhError::Resolve(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for ZhError {}

/// Simplified or traditional characters (进/進, 后/後, and the piece names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Script {
    /// 进, 后, 车马帅将.
    Simplified,
    /// 進, 後, 車馬帥將.
    Traditional,
}

/// Whether red's and black's rooks, horses and cannons get different characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Glyphs {
    /// The same 车 马 炮 for both sides, as most printed records write.
    Shared,
    /// The characters carved on the pieces: red 俥 傌 炮, black 车/車 马/馬 砲.
    Distinct,
}

/// How black's numerals are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Digits {
    /// `马8进7`.
    Ascii,
    /// `马８进７`, as in most Chinese typesetting.
    FullWidth,
}

/// How to write a move in Chinese.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Style {
    /// Simplified or traditional characters.
    pub script: Script,
    /// Shared or distinct piece characters.
    pub glyphs: Glyphs,
    /// ASCII or full-width digits for black.
    pub digits: Digits,
}

impl Style {
    /// `炮二平五 马8进7`: simplified, shared piece names, ASCII digits.
    pub const SIMPLIFIED: Style = Style {
        script: Script::Simplified,
        glyphs: Glyphs::Shared,
        digits: Digits::Ascii,
    };
    /// `炮二平五 馬８進７`, `俥一平二 車９平８`: traditional, the characters
    /// carved on the pieces (帥仕相傌俥炮兵 / 將士象馬車砲卒), full-width digits.
    pub const TRADITIONAL: Style = Style {
        script: Script::Traditional,
        glyphs: Glyphs::Distinct,
        digits: Digits::FullWidth,
    };
    /// `車一平二 車９平８`: as the Big5 PGN files of published collections
    /// write — traditional, 車馬炮 for both sides, full-width digits.
    pub const PGN: Style = Style {
        script: Script::Traditional,
        glyphs: Glyphs::Shared,
        digits: Digits::FullWidth,
    };

    /// The character for `role` of `color`.
    pub const fn piece_char(self, color: Color, role: Role) -> char {
        let trad = matches!(self.script, Script::Traditional);
        let distinct = matches!(self.glyphs, Glyphs::Distinct);
        let red = color.is_red();
        match role {
            Role::King => match (red, trad) {
                (true, false) => '帅',
                (true, true) => '帥',
                (false, false) => '将',
                (false, true) => '將',
            },
            Role::Advisor if red => '仕',
            Role::Advisor => '士',
            Role::Elephant if red => '相',
            Role::Elephant => '象',
            Role::Horse if red && distinct => '傌',
            Role::Horse if trad => '馬',
            Role::Horse => '马',
            Role::Rook if red && distinct => '俥',
            Role::Rook if trad => '車',
            Role::Rook => '车',
            Role::Cannon if !red && distinct => '砲',
            Role::Cannon => '炮',
            Role::Pawn if red => '兵',
            Role::Pawn => '卒',
        }
    }
}

impl Default for Style {
    fn default() -> Style {
        Style::SIMPLIFIED
    }
}

const CHINESE_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

fn piece_role(c: char) -> Option<Role> {
    Some(match c {
        '车' | '車' | '俥' | '伡' => Role::Rook,
        '马' | '馬' | '傌' | '㐷' => Role::Horse,
        '炮' | '砲' | '包' => Role::Cannon,
        '相' | '象' => Role::Elephant,
        '仕' | '士' => Role::Advisor,
        '帅' | '帥' | '将' | '將' => Role::King,
        '兵' | '卒' => Role::Pawn,
        _ => return None,
    })
}

/// A file or number 1–9, and whose numerals it is written in.
fn numeral(c: char) -> Option<(u8, Color)> {
    match c {
        '1'..='9' => Some((c as u8 - b'0', Color::Black)),
        '１'..='９' => Some((c as u32 - '０' as u32) as u8).map(|n| (n, Color::Black)),
        _ => CHINESE_NUMERALS
            .iter()
            .position(|&x| x == c)
            .map(|i| (i as u8 + 1, Color::Red)),
    }
}

fn place_word(c: char) -> Option<Place> {
    match c {
        '前' => Some(Place::Front),
        '后' | '後' => Some(Place::Rear),
        '中' => Some(Place::Middle),
        _ => None,
    }
}

/// 前/后/中, or an ordinal 一…五 (also as a digit) at the start of a move.
fn place_or_ordinal(c: char) -> Option<Place> {
    place_word(c).or_else(|| match numeral(c) {
        Some((n @ 1..=5, _)) => Some(Place::Nth(n)),
        _ => None,
    })
}

fn direction(c: char) -> Option<Direction> {
    match c {
        '进' | '進' => Some(Direction::Forward),
        '退' => Some(Direction::Backward),
        '平' => Some(Direction::Sideways),
        _ => None,
    }
}

impl FromStr for Notation {
    type Err = ParseZhError;

    /// Reads `炮二平五`, `马8进7`, `馬８進７`, `前车进一`, `中兵平六`,
    /// `前七平六`, `前兵九进一`… (see the module docs).
    fn from_str(s: &str) -> Result<Notation, ParseZhError> {
        let c: Vec<char> = s.trim().chars().collect();
        let err = |at: usize, expected| ParseZhError {
            text: s.to_string(),
            at,
            expected,
        };
        let n = c.len();
        if !(4..=5).contains(&n) {
            return Err(err(
                0,
                "four characters such as 炮二平五 (five for 前兵九进一)",
            ));
        }
        let (number, color) = numeral(c[n - 1]).ok_or(err(n, "a number (一…九 or 1…9)"))?;
        let direction = direction(c[n - 2]).ok_or(err(n - 1, "进, 退 or 平"))?;
        let head = &c[..n - 2];
        let (role, origin) = match *head {
            [a, b] => {
                if let Some(role) = piece_role(a) {
                    if let Some((file, _)) = numeral(b) {
                        (role, Origin::File(file))
                    } else if let Some(place) = place_word(b) {
                        (role, Origin::Place { place, file: None })
                    } else {
                        return Err(err(2, "a file (一…九 or 1…9) after the piece"));
                    }
                } else if let Some(place) = place_or_ordinal(a) {
                    if let Some(role) = piece_role(b) {
                        (role, Origin::Place { place, file: None })
                    } else if let Some((file, _)) = numeral(b) {
                        (
                            Role::Pawn,
                            Origin::Place {
                                place,
                                file: Some(file),
                            },
                        )
                    } else {
                        return Err(err(2, "a piece or a file after the place"));
                    }
                } else {
                    return Err(err(1, "a piece (车马炮相仕帅兵) or 前/中/后"));
                }
            }
            [a, b, d] => {
                let place = place_or_ordinal(a).ok_or(err(1, "前/中/后 or 一…五"))?;
                let role = piece_role(b).ok_or(err(2, "a piece (车马炮相仕帅兵)"))?;
                let (file, _) = numeral(d).ok_or(err(3, "a file (一…九 or 1…9)"))?;
                (
                    role,
                    Origin::Place {
                        place,
                        file: Some(file),
                    },
                )
            }
            _ => unreachable!("the length is 4 or 5"),
        };
        Ok(Notation {
            color,
            role,
            origin,
            direction,
            number,
        })
    }
}

/// A [`Notation`] written in a [`Style`]; see [`Notation::styled`].
#[derive(Debug, Clone, Copy)]
pub struct Styled<'a> {
    notation: &'a Notation,
    style: Style,
}

impl Styled<'_> {
    fn numeral(&self, n: u8) -> char {
        let i = usize::from(n.clamp(1, 9));
        match (self.notation.color, self.style.digits) {
            (Color::Red, _) => CHINESE_NUMERALS[i - 1],
            (Color::Black, Digits::Ascii) => (b'0' + i as u8) as char,
            (Color::Black, Digits::FullWidth) => {
                char::from_u32('０' as u32 + i as u32).unwrap_or('?')
            }
        }
    }
}

impl fmt::Display for Styled<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        let n = self.notation;
        let trad = self.style.script == Script::Traditional;
        let piece = self.style.piece_char(n.color, n.role);
        match n.origin {
            Origin::File(file) => {
                f.write_char(piece)?;
                f.write_char(self.numeral(file))?;
            }
            Origin::Place { place, file } => {
                f.write_char(match place {
                    Place::Front => '前',
                    Place::Middle => '中',
                    Place::Rear if trad => '後',
                    Place::Rear => '后',
                    Place::Nth(k) => CHINESE_NUMERALS[usize::from(k.clamp(1, 9)) - 1],
                })?;
                match file {
                    // 前七平六: the pawn's name gives way to its file.
                    Some(file) if n.role == Role::Pawn => f.write_char(self.numeral(file))?,
                    Some(file) => {
                        f.write_char(piece)?;
                        f.write_char(self.numeral(file))?;
                    }
                    None => f.write_char(piece)?,
                }
            }
        }
        f.write_char(match n.direction {
            Direction::Forward if trad => '進',
            Direction::Forward => '进',
            Direction::Backward => '退',
            Direction::Sideways => '平',
        })?;
        f.write_char(self.numeral(n.number))
    }
}

impl fmt::Display for Notation {
    /// Writes in [`Style::SIMPLIFIED`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.styled(Style::SIMPLIFIED).fmt(f)
    }
}

impl Notation {
    /// Describes `m`, a legal move in `pos`, choosing 前/后/中 or ordinals when
    /// several pieces of its kind share its file.
    ///
    /// If `m` is not legal in `pos` the result describes some movement of the
    /// piece on `m.from` and need not resolve back to `m`.
    ///
    /// ```
    /// use qili::{fen, iccs, zh, Tolerance};
    /// // Three red pawns on file 7 (c5, c6, c7).
    /// let pos = fen::position("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w", Tolerance::STRICT).unwrap();
    /// let m = iccs::parse_move(&pos, "c6d6").unwrap();
    /// assert_eq!(zh::Notation::from_move(&pos, m).to_string(), "中兵平六");
    /// ```
    pub fn from_move(pos: &Position, m: Move) -> Notation {
        let d = common::describe(pos, m, Convention::Chinese);
        Notation {
            color: pos.piece_at(m.from).map_or(pos.turn(), |p| p.color),
            role: d.role,
            origin: d.origin,
            direction: d.direction,
            number: d.number,
        }
    }

    /// The one legal move of the side to move in `pos` that fits.
    ///
    /// ```
    /// use qili::{zh, Position};
    /// let n: zh::Notation = "马二进三".parse().unwrap();
    /// assert_eq!(n.to_move(&Position::new()).unwrap().to_string(), "h0g2");
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, ResolveError> {
        common::resolve(
            pos,
            Description {
                role: self.role,
                origin: self.origin,
                direction: self.direction,
                number: self.number,
            },
        )
    }

    /// The notation written in `style`.
    ///
    /// ```
    /// use qili::zh::{Notation, Style};
    /// let n: Notation = "后车进1".parse().unwrap();
    /// assert_eq!(n.styled(Style::TRADITIONAL).to_string(), "後車進１");
    /// assert_eq!(n.styled(Style::SIMPLIFIED).to_string(), "后车进1");
    /// ```
    pub fn styled(&self, style: Style) -> Styled<'_> {
        Styled {
            notation: self,
            style,
        }
    }
}

/// Both steps at once: reads Chinese text and finds the legal move in `pos`.
///
/// ```
/// use qili::{zh, Position};
/// assert_eq!(zh::parse_move(&Position::new(), "炮二平五").unwrap().to_string(), "h2e2");
/// ```
pub fn parse_move(pos: &Position, s: &str) -> Result<Move, ZhError> {
    s.parse::<Notation>()
        .map_err(ZhError::Syntax)?
        .to_move(pos)
        .map_err(ZhError::Resolve)
}

/// Writes the legal move `m` of `pos` in [`Style::SIMPLIFIED`].
///
/// ```
/// use qili::{iccs, zh, Position};
/// let pos = Position::new();
/// assert_eq!(zh::write_move(&pos, iccs::parse_move(&pos, "b0c2").unwrap()), "马八进七");
/// ```
pub fn write_move(pos: &Position, m: Move) -> String {
    Notation::from_move(pos, m).to_string()
}

/// Writes the legal move `m` of `pos` in `style`.
pub fn write_move_with(pos: &Position, m: Move, style: Style) -> String {
    Notation::from_move(pos, m).styled(style).to_string()
}

/// The columns `text` takes in a fixed-width display: a Chinese character
/// takes two, an ASCII one one — for lining up moves and labels written in
/// Chinese.
///
/// ```
/// assert_eq!(qili::zh::columns("马8进7 闲(跟)"), 13);
/// ```
pub fn columns(text: &str) -> usize {
    text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, iccs, Tolerance};

    fn pos(f: &str) -> Position {
        fen::position(f, Tolerance::COMPOSED).unwrap()
    }

    #[test]
    fn syntax_round_trip() {
        for s in [
            "炮二平五",
            "马8进7",
            "前车进一",
            "后马退六",
            "中兵平六",
            "二兵平四",
            "前七平六",
            "后3进1",
            "仕六进五",
            "相三退五",
            "帅五平四",
            "将5进1",
            "前车九进一",
        ] {
            let n: Notation = s.parse().unwrap();
            assert_eq!(n.to_string(), s);
        }
    }

    #[test]
    fn syntax_variants() {
        for (variant, canonical) in [
            ("馬８進７", "马8进7"),
            ("俥一平二", "车一平二"),
            ("砲8平5", "炮8平5"),
            ("包８平５", "炮8平5"),
            ("傌二進三", "马二进三"),
            ("後車進一", "后车进一"),
            ("车前进一", "前车进一"),
            ("前兵九进一", "前九进一"),
            ("前卒1进1", "前1进1"),
            ("2卒平4", "二卒平4"),
            ("象７進５", "象7进5"),
            ("士４進５", "士4进5"),
            (" 炮二平五 ", "炮二平五"),
            ("卒3平4", "卒3平4"),
            ("炮前平五", "前炮平五"),
        ] {
            let n: Notation = variant.parse().unwrap();
            assert_eq!(n.to_string(), canonical, "{variant}");
        }
    }

    #[test]
    fn styles() {
        let n: Notation = "俥一平二".parse().unwrap();
        assert_eq!(n.styled(Style::TRADITIONAL).to_string(), "俥一平二");
        assert_eq!(n.styled(Style::PGN).to_string(), "車一平二");
        let n: Notation = "车9平8".parse().unwrap();
        assert_eq!(n.styled(Style::TRADITIONAL).to_string(), "車９平８");
        assert_eq!(n.styled(Style::PGN).to_string(), "車９平８");
        let n: Notation = "炮8平5".parse().unwrap();
        assert_eq!(n.styled(Style::TRADITIONAL).to_string(), "砲８平５");
        assert_eq!(n.styled(Style::PGN).to_string(), "炮８平５");
        let n: Notation = "后七平六".parse().unwrap();
        assert_eq!(n.styled(Style::TRADITIONAL).to_string(), "後七平六");
        let n: Notation = "帅五进一".parse().unwrap();
        assert_eq!(n.styled(Style::TRADITIONAL).to_string(), "帥五進一");
    }

    #[test]
    fn syntax_errors() {
        for (bad, at) in [
            ("", 0),
            ("炮二平", 0),
            ("炮二平五五五", 0),
            ("炮二走五", 3),
            ("炮二平〇", 4),
            ("兔二平五", 1),
            ("炮炮平五", 2),
            ("前前平五", 2),
            ("C2=5", 3),
            ("六兵平五", 1),
            ("前兵前进一", 3),
        ] {
            match bad.parse::<Notation>() {
                Err(e) => assert_eq!(e.at, at, "{bad}: {e}"),
                Ok(n) => panic!("{bad} read as {n}"),
            }
        }
        assert_eq!(
            "炮二走五".parse::<Notation>().unwrap_err().to_string(),
            "'炮二走五' is not a Chinese move: expected 进, 退 or 平 at character 3"
        );
    }

    /// (FEN, Chinese, ICCS or the error message)
    const RESOLVE: &[(&str, &str, &str)] = &[
        (fen::START, "炮二平五", "h2e2"),
        (fen::START, "马八进七", "b0c2"),
        (fen::START, "傌二進三", "h0g2"),
        (fen::START, "车九进一", "a0a1"),
        (fen::START, "相三进五", "g0e2"),
        (fen::START, "仕四进五", "f0e1"),
        (fen::START, "兵七进一", "c3c4"),
        (fen::START, "马8进7", "b0c2"),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
            "马8进7",
            "h9g7",
        ),
        (
            "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
            "马8进7",
            "no black horse on file 8",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
            "马８进７",
            "h9g7",
        ),
        // Tandem rooks on red's file 8 (b2 front, b1 rear).
        ("3k5/9/9/9/9/9/9/1R7/1R7/4K4 w", "前车进一", "b2b3"),
        ("3k5/9/9/9/9/9/9/1R7/1R7/4K4 w", "後車平五", "b1e1"),
        ("3k5/9/9/9/9/9/9/1R7/1R7/4K4 w", "车前平五", "b2e2"),
        (
            "3k5/9/9/9/9/9/9/1R7/1R7/4K4 w",
            "车八平五",
            "2 red rooks can make this move (b2e2, b1e1); say which one on file 8 (front, rear…)",
        ),
        (
            "3k5/9/9/9/9/9/9/1R7/1R7/4K4 w",
            "中车平五",
            "file 8 holds 2 red rooks, none of them is the middle one",
        ),
        (
            "3k5/9/9/9/9/9/9/1R7/1R7/4K4 w",
            "前炮平五",
            "no file holds two or more red cannons, so there is no front one",
        ),
        // Tandem black horses on black's file 3 (c5 front, c7 rear).
        ("3k5/9/2n6/9/2n6/9/9/9/9/4K4 b", "前马进4", "c5d3"),
        ("3k5/9/2n6/9/2n6/9/9/9/9/4K4 b", "后马进2", "c7b5"),
        ("3k5/9/2n6/9/2n6/9/9/9/9/4K4 b", "後馬退１", "c7a8"),
        // Three red pawns on file 7 (c7, c6, c5).
        ("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w", "前兵进一", "c7c8"),
        ("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w", "中兵平六", "c6d6"),
        ("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w", "后兵平八", "c5b5"),
        ("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w", "二兵平六", "c6d6"),
        (
            "4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w",
            "后兵进一",
            "the red pawn on file 7 cannot move forward 1 here (c5c6 is not a legal move)",
        ),
        (
            "4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w",
            "兵七进一",
            "c7c8",
        ),
        (
            "4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w",
            "兵七平六",
            "3 red pawns can make this move (c7d7, c6d6, c5d5); say which one on file 7 (front, rear…)",
        ),
        // Five red pawns on file 7 (c9 … c5).
        ("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w", "一兵平八", "c9b9"),
        ("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w", "三兵平八", "c7b7"),
        ("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w", "中兵平八", "c7b7"),
        ("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w", "五兵平八", "c5b5"),
        ("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w", "后兵平八", "c5b5"),
        // Black pawns doubled on black's files 3 and 7.
        ("4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b", "前3平4", "c3d3"),
        ("4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b", "后７平６", "g4f4"),
        ("4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b", "前卒3进1", "c3c2"),
        (
            "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b",
            "前卒进1",
            "2 black pawns can make this move (c3c2, g3g2); give the file",
        ),
        (
            "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b",
            "前5进1",
            "no black pawn on file 5",
        ),
        // Elephants on one file.
        ("3k5/9/9/9/9/2B6/9/9/9/2B1K4 w", "相七进五", "c0e2"),
        ("3k5/9/9/9/9/2B6/9/9/9/2B1K4 w", "相七退五", "c4e2"),
        ("3k5/9/9/9/9/2B6/9/9/9/2B1K4 w", "相七退九", "c4a2"),
    ];

    #[test]
    fn resolve_table() {
        for &(f, text, expected) in RESOLVE {
            let p = pos(f);
            match parse_move(&p, text) {
                Ok(m) => assert_eq!(m.to_string(), expected, "{f} {text}"),
                Err(e) => assert_eq!(e.to_string(), expected, "{f} {text}"),
            }
        }
    }

    /// (FEN, ICCS, simplified, traditional)
    const WRITE: &[(&str, &str, &str, &str)] = &[
        (fen::START, "h2e2", "炮二平五", "炮二平五"),
        (fen::START, "i0i1", "车一进一", "俥一進一"),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
            "h9g7",
            "马8进7",
            "馬８進７",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
            "h7e7",
            "炮8平5",
            "砲８平５",
        ),
        (
            "3k5/9/9/9/9/9/9/1R7/1R7/4K4 w",
            "b2b3",
            "前车进一",
            "前俥進一",
        ),
        (
            "3k5/9/9/9/9/9/9/1R7/1R7/4K4 w",
            "b1e1",
            "后车平五",
            "後俥平五",
        ),
        (
            "3k5/9/2n6/9/2n6/9/9/9/9/4K4 b",
            "c7a8",
            "后马退1",
            "後馬退１",
        ),
        (
            "4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w",
            "c7c8",
            "前兵进一",
            "前兵進一",
        ),
        (
            "4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w",
            "c6d6",
            "中兵平六",
            "中兵平六",
        ),
        (
            "4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w",
            "c5b5",
            "后兵平八",
            "後兵平八",
        ),
        (
            "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w",
            "c9b9",
            "一兵平八",
            "一兵平八",
        ),
        (
            "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w",
            "c8b8",
            "二兵平八",
            "二兵平八",
        ),
        (
            "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w",
            "c5b5",
            "五兵平八",
            "五兵平八",
        ),
        (
            "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b",
            "c3d3",
            "前3平4",
            "前３平４",
        ),
        (
            "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b",
            "g4f4",
            "后7平6",
            "後７平６",
        ),
        (
            "4k4/9/9/2P6/2P3P2/6P2/9/9/9/3K5 w",
            "g5f5",
            "前三平四",
            "前三平四",
        ),
        (
            "4k4/9/9/2P6/2P3P2/6P2/9/9/9/3K5 w",
            "c6c7",
            "前七进一",
            "前七進一",
        ),
        (
            "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w",
            "c0e2",
            "相七进五",
            "相七進五",
        ),
        (
            "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w",
            "c4a2",
            "相七退九",
            "相七退九",
        ),
    ];

    #[test]
    fn write_table() {
        for &(f, m, simplified, traditional) in WRITE {
            let p = pos(f);
            let m = iccs::parse_move(&p, m).unwrap();
            assert_eq!(write_move(&p, m), simplified, "{f} {m}");
            assert_eq!(
                write_move_with(&p, m, Style::TRADITIONAL),
                traditional,
                "{f} {m}"
            );
            for text in [simplified, traditional] {
                assert_eq!(parse_move(&p, text), Ok(m), "{f} {text}");
            }
        }
    }

    #[test]
    fn every_move_round_trips_in_test_positions() {
        for &(f, _, _) in RESOLVE {
            let p = pos(f);
            for &m in &p.legal_moves() {
                for style in [Style::SIMPLIFIED, Style::TRADITIONAL, Style::PGN] {
                    let w = write_move_with(&p, m, style);
                    assert_eq!(parse_move(&p, &w), Ok(m), "{f} {w}");
                }
            }
        }
    }
}
