//! The languages the bot speaks, and how a platform's language tag maps to one.
//!
//! A reader's language is a [`Lang`]; the words themselves live in the Fluent
//! catalogs under `locales/<code>/` (see [`crate::present`]). Tags a platform reports
//! that we do not speak (`pt-BR`) map to nothing, and the caller falls back to
//! English.

use serde::{Deserialize, Serialize};

/// A language the catalogs are written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English, the catalog every other one is checked against.
    #[default]
    En,
    /// French.
    Fr,
    /// Spanish.
    Es,
    /// Dutch.
    Nl,
    /// German.
    De,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 5] = [Lang::En, Lang::Fr, Lang::Es, Lang::Nl, Lang::De];

    /// The short code people type and the catalogs' folder name: `en`, `fr` …
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::Nl => "nl",
            Lang::De => "de",
        }
    }

    /// The language of a tag such as `fr`, `es-ES`, `en-GB` or `nl_NL` (case
    /// ignored); `None` for a language the bot does not speak.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl std::str::FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Lang::from_tag(s).ok_or_else(|| UnknownLang(crate::games::excerpt(s)))
    }
}

/// A language tag the bot has no catalog for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no catalog for the language \"{0}\" (en, fr, es, nl, de)")]
pub struct UnknownLang(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_map_to_languages() {
        assert_eq!(Lang::from_tag("fr"), Some(Lang::Fr));
        assert_eq!(Lang::from_tag("es-ES"), Some(Lang::Es));
        assert_eq!(Lang::from_tag("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_tag("NL"), Some(Lang::Nl));
        assert_eq!(Lang::from_tag("de_DE"), Some(Lang::De));
        assert_eq!(Lang::from_tag("pt-BR"), None);
        assert_eq!(Lang::from_tag(""), None);
        assert_eq!("de".parse::<Lang>(), Ok(Lang::De));
    }
}
