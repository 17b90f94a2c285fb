//! The language a page is shown in: one type for the site, the modules it
//! loads on first use and the referee's report, so that a page hands its
//! language to a module as it is. The words themselves belong to each
//! crate, on a trait of its own over this type: `qili_site::SiteText`,
//! `qili_diagram::ReportText`, `qili_studies::strings::StudiesText`.

/// A language: Simplified Chinese (the default) or English.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Simplified Chinese.
    #[default]
    Zh,
    /// English.
    En,
}

impl Lang {
    /// Reads a code as [`Lang::code`] writes it, or as the site stores it
    /// and the command line takes it: `zh` (also `zh-Hans`, `zh-CN`) or `en`.
    pub fn from_code(s: &str) -> Option<Lang> {
        match s {
            "zh" | "zh-Hans" | "zh-CN" => Some(Lang::Zh),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The language of a page's `lang` attribute as a module is handed it:
    /// English for `en` and its regional tags (`en-GB`), Chinese otherwise.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.starts_with("en") {
            Lang::En
        } else {
            Lang::Zh
        }
    }

    /// The BCP 47 tag, for the `lang` attribute: `zh-Hans` or `en`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh-Hans",
            Lang::En => "en",
        }
    }

    /// The other language (there are two).
    pub fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }

    /// `true` for Chinese.
    pub fn is_zh(self) -> bool {
        self == Lang::Zh
    }

    /// Picks the text of a bilingual pair (e.g. the engine's explanation).
    pub fn pick<'a>(self, zh: &'a str, en: &'a str) -> &'a str {
        if self.is_zh() {
            zh
        } else {
            en
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes() {
        for lang in [Lang::Zh, Lang::En] {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
            assert_eq!(Lang::from_tag(lang.code()), lang);
            assert_eq!(lang.other().other(), lang);
            assert_ne!(lang.other(), lang);
        }
        for zh in ["zh", "zh-Hans", "zh-CN"] {
            assert_eq!(Lang::from_code(zh), Some(Lang::Zh));
        }
        for none in ["", "fr", "EN", "en-GB", " en"] {
            assert_eq!(Lang::from_code(none), None, "{none}");
        }
        assert_eq!(Lang::default(), Lang::Zh);
        assert_eq!(Lang::from_tag("en-GB"), Lang::En);
        assert_eq!(Lang::from_tag("fr"), Lang::Zh);
        assert_eq!(Lang::En.pick("中", "en"), "en");
        assert_eq!(Lang::Zh.pick("中", "en"), "中");
    }
}
