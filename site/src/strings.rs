//! Every user-visible string, in Chinese and English, in one place.

/// A language the site is shown in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Simplified Chinese.
    #[default]
    Zh,
    /// English.
    En,
}

/// The strings of the site in one language.
#[derive(Debug)]
pub struct Strings {
    /// One line under the title saying what Qili is.
    pub tagline: &'static str,
    /// Where the site stands.
    pub status: &'static str,
    /// Label of the button that switches to the other language.
    pub switch_lang: &'static str,
}

const ZH: Strings = Strings {
    tagline: "中国象棋规则与棋例裁决",
    status: "网站建设中。",
    switch_lang: "English",
};

const EN: Strings = Strings {
    tagline: "Xiangqi rules and rulings on repetition (棋例)",
    status: "This site is under construction.",
    switch_lang: "中文",
};

impl Lang {
    /// The BCP 47 tag, for the `lang` attribute.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh-Hans",
            Lang::En => "en",
        }
    }

    /// The other language (the site has two).
    pub fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }

    /// The strings in this language.
    pub fn strings(self) -> &'static Strings {
        match self {
            Lang::Zh => &ZH,
            Lang::En => &EN,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_is_an_involution_and_strings_differ() {
        for lang in [Lang::Zh, Lang::En] {
            assert_eq!(lang.other().other(), lang);
            assert_ne!(lang.strings().tagline, lang.other().strings().tagline);
        }
    }
}
