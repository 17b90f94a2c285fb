//! Rule editions: the same game can be ruled differently by different books.

use core::fmt;
use core::str::FromStr;

/// Which rulebook decides. Passed in as a value, like a variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Edition {
    /// 中国象棋竞赛规则 (1999) of the Chinese Xiangqi Association — our primary text.
    Cxa1999,
    /// The current CXA book, known to us through its worked examples.
    Cxa2020,
    /// Asian Xiangqi Federation rules, also used by the World Xiangqi Federation.
    Axf,
}

impl Edition {
    /// All editions.
    pub const ALL: [Edition; 3] = [Edition::Cxa1999, Edition::Cxa2020, Edition::Axf];

    /// The name used on the command line and in JSON: `cxa1999`, `cxa2020`, `axf`.
    pub const fn name(self) -> &'static str {
        match self {
            Edition::Cxa1999 => "cxa1999",
            Edition::Cxa2020 => "cxa2020",
            Edition::Axf => "axf",
        }
    }

    /// The book in words, in Chinese: how explanations and reports name it.
    pub const fn title_zh(self) -> &'static str {
        match self {
            Edition::Cxa1999 => "中国象棋协会 1999 年版规则",
            Edition::Cxa2020 => "中国象棋协会 2020 年版规则",
            Edition::Axf => "亚洲象棋联合会（AXF）规则",
        }
    }

    /// The book in words, in English: how explanations and reports name it.
    pub const fn title_en(self) -> &'static str {
        match self {
            Edition::Cxa1999 => "CXA rules, 1999 edition",
            Edition::Cxa2020 => "CXA rules, 2020 edition",
            Edition::Axf => "AXF rules",
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown edition name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownEdition(pub String);

impl fmt::Display for UnknownEdition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rules '{}' (expected cxa1999, cxa2020 or axf)",
            self.0
        )
    }
}

impl core::error::Error for UnknownEdition {}

impl FromStr for Edition {
    type Err = UnknownEdition;
    fn from_str(s: &str) -> Result<Edition, UnknownEdition> {
        match s.trim().to_ascii_lowercase().as_str() {
            "cxa1999" | "cxa" | "1999" => Ok(Edition::Cxa1999),
            "cxa2020" | "2020" => Ok(Edition::Cxa2020),
            "axf" | "wxf" => Ok(Edition::Axf),
            _ => Err(UnknownEdition(s.to_string())),
        }
    }
}
