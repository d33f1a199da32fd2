//! The Fluent catalogs: `locales/<lang>/<file>.ftl`, embedded in the binary and
//! parsed once, at first use, into one bundle per language.
//!
//! Every language has the same files ([`FILES`]); a test checks that each catalog
//! has exactly English's messages and uses no variable English does not pass. A
//! message missing from a language is taken from English (and logged); a message
//! missing from English is shown as its id in brackets, never a panic.

use std::borrow::Cow;
use std::cell::RefCell;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::games::{Arg, GameKind, Phrase};
use crate::lang::Lang;

/// The files' names, the games' (`$game`) between `games` and `web`.
macro_rules! catalog_names {
    ($(;)? $($game:ident),+) => {
        ["main", "refusals", "commands", "games", $(stringify!($game),)+ "web"]
    };
}

/// A language's files, in [`FILES`] order.
macro_rules! catalog_files {
    ($lang:literal ; $($game:ident),+) => {
        [
            include_str!(concat!("../../locales/", $lang, "/main.ftl")),
            include_str!(concat!("../../locales/", $lang, "/refusals.ftl")),
            include_str!(concat!("../../locales/", $lang, "/commands.ftl")),
            include_str!(concat!("../../locales/", $lang, "/games.ftl")),
            $(include_str!(concat!("../../locales/", $lang, "/", stringify!($game), ".ftl")),)+
            include_str!(concat!("../../locales/", $lang, "/web.ftl")),
        ]
    };
}

/// The files of each language's catalog, by name (`locales/en/main.ftl` …): five
/// that every language has whatever the games, and one per game named like it
/// (`kuba.ftl`), in the registry's order (`crate::games::with_games!`).
pub const FILES: [&str; 5 + GameKind::ALL.len()] = crate::games::with_games!(catalog_names!());

/// The sources of a language's catalog, in [`FILES`] order.
pub fn sources(lang: Lang) -> [&'static str; FILES.len()] {
    match lang {
        Lang::En => crate::games::with_games!(catalog_files!("en")),
        Lang::Fr => crate::games::with_games!(catalog_files!("fr")),
        Lang::Es => crate::games::with_games!(catalog_files!("es")),
        Lang::Nl => crate::games::with_games!(catalog_files!("nl")),
        Lang::De => crate::games::with_games!(catalog_files!("de")),
    }
}

type Bundle = FluentBundle<FluentResource>;

struct Catalogs {
    bundles: Vec<(Lang, Bundle)>,
}

static CATALOGS: LazyLock<Catalogs> = LazyLock::new(|| Catalogs { bundles: Lang::ALL.map(|l| (l, bundle(l))).into() });

fn bundle(lang: Lang) -> Bundle {
    let id: unic_langid::LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks around every placeable would end up in chat messages,
    // file names and terminal transcripts.
    bundle.set_use_isolating(false);
    if let Err(e) = bundle.add_function("CAPITALIZE", |positional, _named| match positional.first() {
        Some(FluentValue::String(text)) => FluentValue::from(capitalized(text)),
        Some(other) => other.clone(),
        None => FluentValue::None,
    }) {
        tracing::error!("CAPITALIZE cannot be added to the {lang} catalog: {e:?}");
    }
    for (file, source) in FILES.iter().zip(sources(lang)) {
        let resource = match FluentResource::try_new(source.to_string()) {
            Ok(r) => r,
            Err((r, errors)) => {
                tracing::error!("locales/{lang}/{file}.ftl does not parse: {errors:?}");
                r
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!("locales/{lang}/{file}.ftl repeats messages: {errors:?}");
        }
    }
    bundle
}

fn bundle_of(lang: Lang) -> &'static Bundle {
    let all = &CATALOGS.bundles;
    // Lang::ALL is the order they were built in.
    &all[Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0)].1
}

/// Parses every catalog now rather than at the first message (start-up).
pub fn load() {
    LazyLock::force(&CATALOGS);
}

/// Whether `lang`'s catalog has the message `id`.
pub fn has(lang: Lang, id: &str) -> bool {
    bundle_of(lang).has_message(id)
}

/// The message `id` (or its attribute, `id.attribute`) in `lang`, with `args`.
pub fn text(lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
    let (id, attribute) = match id.split_once('.') {
        Some((id, attribute)) => (id, Some(attribute)),
        None => (id, None),
    };
    for lang in [lang, Lang::En] {
        let bundle = bundle_of(lang);
        let Some(message) = bundle.get_message(id) else {
            if lang != Lang::En {
                tracing::warn!("locales/{lang} has no message {id}; English is used");
            }
            continue;
        };
        let pattern = match attribute {
            Some(a) => message.get_attribute(a).map(|a| a.value()),
            None => message.value(),
        };
        let Some(pattern) = pattern else { continue };
        let mut errors = Vec::new();
        let out = bundle.format_pattern(pattern, args, &mut errors);
        if !errors.is_empty() {
            tracing::warn!("locales/{lang} message {id}: {errors:?}");
        }
        let out = out.into_owned();
        remember(lang, id, attribute, args, &out);
        return out;
    }
    tracing::error!("no catalog has the message {id}");
    format!("[{id}]")
}

/// One message as it was formatted: its language, id (`id.attribute` for an
/// attribute), the arguments it was given (each as text, and whether it was a number)
/// and the words it made. [`record`] collects them for the catalogs' tests, which
/// read every sentence as a player meets it.
#[derive(Debug, Clone, PartialEq)]
pub struct Formatted {
    /// The catalog the words came from.
    pub lang: Lang,
    /// The message's id, with `.attribute` for an attribute.
    pub id: String,
    /// Each argument: its name, its text, and whether it was a number.
    pub args: Vec<(String, String, bool)>,
    /// The words the message made.
    pub text: String,
}

thread_local! {
    static RECORDED: RefCell<Option<Vec<Formatted>>> = const { RefCell::new(None) };
}

/// Runs `f`, and returns with its result every message formatted on this thread
/// meanwhile, in order (nested messages before the ones that use them). Outside
/// `record`, formatting keeps nothing.
pub fn record<R>(f: impl FnOnce() -> R) -> (R, Vec<Formatted>) {
    let outer = RECORDED.with(|r| r.borrow_mut().replace(Vec::new()));
    let result = f();
    let recorded = RECORDED.with(|r| std::mem::replace(&mut *r.borrow_mut(), outer)).unwrap_or_default();
    (result, recorded)
}

fn remember(lang: Lang, id: &str, attribute: Option<&str>, args: Option<&FluentArgs>, text: &str) {
    RECORDED.with(|r| {
        let mut r = r.borrow_mut();
        let Some(recorded) = r.as_mut() else { return };
        let args = args
            .map(|a| {
                a.iter()
                    .map(|(name, value)| match value {
                        FluentValue::String(s) => (name.to_string(), s.to_string(), false),
                        FluentValue::Number(n) => (name.to_string(), n.as_string().into_owned(), true),
                        _ => (name.to_string(), String::new(), false),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let id = attribute.map_or_else(|| id.to_string(), |a| format!("{id}.{a}"));
        recorded.push(Formatted { lang, id, args, text: text.to_string() });
    });
}

/// `text` with its first letter made a capital, for a phrase that starts a sentence
/// where the catalog's language wants one (German, after a colon: `{ CAPITALIZE($reason) }`).
/// Notation stays as it is written: only a first word made of letters alone changes
/// ("auf d4 liegt …" → "Auf d4 liegt …", but "d4 ist besetzt" and "a7-S …" stay).
pub fn capitalized(text: &str) -> String {
    let first_word = text.split(char::is_whitespace).next().unwrap_or("");
    let mut chars = text.chars();
    match chars.next() {
        Some(c) if c.is_lowercase() && first_word.chars().all(char::is_alphabetic) => {
            c.to_uppercase().chain(chars).collect()
        }
        _ => text.to_string(),
    }
}

/// The message `id` in `lang` with text arguments: for the adapters' own words.
pub fn words(lang: Lang, id: &str, args: &[(&str, String)]) -> String {
    let mut fa = FluentArgs::new();
    for (k, v) in args {
        fa.set(*k, v.clone());
    }
    text(lang, id, Some(&fa))
}

/// A phrase of the rules cores (or the service) worded in `lang`.
pub fn phrase(lang: Lang, phrase: &Phrase) -> String {
    let args = phrase_args(lang, &phrase.args);
    text(lang, &phrase.id, Some(&args))
}

/// Fluent arguments of a phrase's arguments, terms and nested phrases worded first.
pub fn phrase_args<'a>(lang: Lang, args: &'a [(Cow<'static, str>, Arg)]) -> FluentArgs<'a> {
    let mut out = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        match value {
            Arg::Text(t) => out.set(name.as_ref(), FluentValue::from(t.as_str())),
            Arg::Number(n) => out.set(name.as_ref(), FluentValue::from(*n)),
            Arg::Term(id) => {
                out.set(name.as_ref(), FluentValue::from(text(lang, id, None)));
                out.set(format!("{name}-id"), FluentValue::from(id.as_ref()));
            }
            Arg::Phrase(p) => out.set(name.as_ref(), FluentValue::from(phrase(lang, p))),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capitalized_changes_a_first_word_of_letters_only() {
        assert_eq!(capitalized("auf d4 liegt keine Kugel"), "Auf d4 liegt keine Kugel");
        assert_eq!(capitalized("überall"), "Überall");
        for unchanged in ["d4 ist besetzt", "a7-S ist gesperrt", "„x“ ist kein Feld", "Weiß gewinnt", ""] {
            assert_eq!(capitalized(unchanged), unchanged);
        }
    }

    #[test]
    fn a_message_missing_everywhere_is_its_id() {
        assert_eq!(text(Lang::En, "no-such-message-anywhere", None), "[no-such-message-anywhere]");
    }
}
