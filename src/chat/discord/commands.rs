//! The slash commands as Discord sees them, from the commands' declaration
//! ([`crate::service::commands`]): one per game and `/boardbot`, built with serenity's
//! builders (the JSON sent by `boardbot discord register`), with the English
//! descriptions of `locales/en/commands.ftl` and, as Discord's localizations, those
//! of every other catalog (Discord shows each user the one of their client's
//! language). Names stay English: they are what people type and what help shows.
//!
//! How options are registered, and read back by [`super::decode`]:
//!
//! - yes/no options are booleans, numbers integers (with their limits), people users;
//! - a choice of words is a string option with those words as choices; `days` has
//!   the allowed numbers of days and `unlimited`, a game the registry's games;
//! - a [`Kind::Users`] option is `opponent`, then `opponent2`, `opponent3` … up to
//!   the most the game takes, only the first required.

use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption};

use crate::games::GameKind;
use crate::lang::Lang;
use crate::present::catalog;
use crate::present::help::{
    choice_name, command_description, group_description, more_people_description, option_description, sub_description,
};
use crate::service::commands::{self, CommandSpec, GroupSpec, Kind, OptionSpec, SubSpec};

/// The language of the registered descriptions; the others are localizations.
const LANG: Lang = Lang::En;

/// Discord's locales of each other language. Spanish has two, Spain's `es-ES` and Latin
/// America's `es-419`: a locale without localizations shows the default, English.
pub const LOCALES: [(Lang, &str); 5] =
    [(Lang::Fr, "fr"), (Lang::Es, "es-ES"), (Lang::Es, "es-419"), (Lang::Nl, "nl"), (Lang::De, "de")];

/// Discord's longest description or choice name.
const MOST: usize = 100;

fn fit(text: String) -> String {
    if text.chars().count() <= MOST {
        text
    } else {
        let mut cut: String = text.chars().take(MOST - 1).collect();
        cut.push('…');
        cut
    }
}

/// `describe` in every other language, as Discord's localizations.
fn localized(made: CreateCommandOption, describe: impl Fn(Lang) -> String) -> CreateCommandOption {
    LOCALES.iter().fold(made, |o, (lang, locale)| o.description_localized(*locale, fit(describe(*lang))))
}

/// The Discord name of the `index`th person of a [`Kind::Users`] option (from 0):
/// `opponent`, `opponent2` …
pub fn person_option_name(option: &OptionSpec, index: usize) -> String {
    if index == 0 {
        option.name.to_string()
    } else {
        format!("{}{}", option.name, index + 1)
    }
}

/// Which person of a [`Kind::Users`] option a Discord option name is (from 0), when
/// it is one of them.
pub fn person_index(option: &OptionSpec, name: &str) -> Option<usize> {
    let Kind::Users { max } = option.kind else { return None };
    if name == option.name {
        return Some(0);
    }
    let n: usize = name.strip_prefix(option.name)?.parse().ok()?;
    (2..=max).contains(&n).then(|| n - 1)
}

fn described(kind: CommandOptionType, name: &str, describe: impl Fn(Lang) -> String) -> CreateCommandOption {
    localized(CreateCommandOption::new(kind, name, fit(describe(LANG))), describe)
}

/// A choice's name in every other language.
fn choice_names(name: impl Fn(Lang) -> String) -> Vec<(&'static str, String)> {
    LOCALES.iter().map(|(lang, locale)| (*locale, fit(name(*lang)))).collect()
}

/// The Discord options of one declared option (several for [`Kind::Users`]).
fn options(command: &CommandSpec, o: &OptionSpec) -> Vec<CreateCommandOption> {
    let single = |kind| described(kind, o.name, |lang| option_description(lang, command, o)).required(o.required);
    let made = match &o.kind {
        Kind::YesNo => single(CommandOptionType::Boolean),
        Kind::Int { range } => {
            let mut int = single(CommandOptionType::Integer);
            // serenity's builder takes limits from 0 up; others are checked when read.
            if let Some((Ok(min), Ok(max))) = range.map(|(a, b)| (u64::try_from(a), u64::try_from(b))) {
                int = int.min_int_value(min).max_int_value(max);
            }
            int
        }
        Kind::Choice(choices) => choices.iter().fold(single(CommandOptionType::String), |s, c| {
            let name = |lang| choice_name(lang, o, c.word);
            s.add_string_choice_localized(fit(name(LANG)), c.word, choice_names(name))
        }),
        Kind::Days => commands::day_choices().into_iter().fold(single(CommandOptionType::String), |s, d| {
            let label = |lang| match d.parse::<i64>() {
                Ok(days) => {
                    let mut args = fluent_bundle::FluentArgs::new();
                    args.set("days", days);
                    catalog::text(lang, "duration-days", Some(&args))
                }
                Err(_) => catalog::text(lang, "days-unlimited", None),
            };
            let (name, names) = (fit(label(LANG)), choice_names(label));
            s.add_string_choice_localized(name, d.clone(), names)
        }),
        Kind::Game => GameKind::ALL
            .iter()
            .fold(single(CommandOptionType::String), |s, k| s.add_string_choice(k.title(), k.name())),
        Kind::Text => single(CommandOptionType::String).set_autocomplete(o.autocomplete),
        Kind::User => single(CommandOptionType::User),
        Kind::Users { max } => {
            let mut all = vec![single(CommandOptionType::User)];
            for i in 1..*max {
                all.push(described(CommandOptionType::User, &person_option_name(o, i), |lang| {
                    more_people_description(lang, i)
                }));
            }
            return all;
        }
    };
    vec![made]
}

fn subcommand(command: &CommandSpec, sub: &SubSpec) -> CreateCommandOption {
    let made = described(CommandOptionType::SubCommand, sub.name, |lang| sub_description(lang, command, sub));
    // Discord wants the required options first.
    let (required, optional): (Vec<&OptionSpec>, Vec<&OptionSpec>) = sub.options.iter().partition(|o| o.required);
    required.into_iter().chain(optional).flat_map(|o| options(command, o)).fold(made, |s, o| s.add_sub_option(o))
}

/// A group of subcommands (`/boardbot tournament …`).
fn group(command: &CommandSpec, group: &GroupSpec) -> CreateCommandOption {
    let made = described(CommandOptionType::SubCommandGroup, group.name, |lang| group_description(lang, group));
    group.subs.iter().fold(made, |g, sub| g.add_sub_option(subcommand(command, sub)))
}

/// The slash command of one declared command.
pub fn definition(command: &CommandSpec) -> CreateCommand {
    let made = LOCALES.iter().fold(
        CreateCommand::new(command.name).description(fit(command_description(LANG, command))).dm_permission(false),
        |c, (lang, locale)| c.description_localized(*locale, fit(command_description(*lang, command))),
    );
    let made = command.subs.iter().fold(made, |c, sub| c.add_option(subcommand(command, sub)));
    command.groups.iter().fold(made, |c, g| c.add_option(group(command, g)))
}

/// Every command the bot registers: one per game of the registry, and `/boardbot`.
pub fn definitions() -> Vec<CreateCommand> {
    commands::commands().iter().map(definition).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discord's limits: 25 subcommands and groups per command, 25 subcommands per
    /// group, 25 options per subcommand, names of 1 to 32 lower-case characters.
    #[test]
    fn every_command_stays_within_discords_limits() {
        fn options(value: &serde_json::Value) -> Vec<serde_json::Value> {
            value["options"].as_array().cloned().unwrap_or_default()
        }
        fn name_ok(value: &serde_json::Value) -> bool {
            let name = value["name"].as_str().unwrap_or_default();
            (1..=32).contains(&name.len())
                && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        }
        for command in definitions() {
            let json = serde_json::to_value(&command).expect("JSON");
            assert!(name_ok(&json), "{json}");
            let top = options(&json);
            assert!(top.len() <= 25, "{}: {} subcommands and groups", json["name"], top.len());
            for sub in &top {
                assert!(name_ok(sub), "{sub}");
                let inner = options(sub);
                assert!(inner.len() <= 25, "{}: {} options", sub["name"], inner.len());
                if sub["type"] == 2 {
                    for s in &inner {
                        assert_eq!(s["type"], 1, "a group holds subcommands only");
                        assert!(name_ok(s) && options(s).len() <= 25, "{s}");
                    }
                }
            }
        }
        let general =
            serde_json::to_value(definition(commands::command(commands::GENERAL).expect("boardbot"))).expect("JSON");
        let group = options(&general).into_iter().find(|o| o["name"] == "tournament").expect("the tournament group");
        assert_eq!(group["type"], 2);
        let subs: Vec<String> = options(&group).iter().filter_map(|s| s["name"].as_str().map(str::to_string)).collect();
        assert_eq!(subs, ["create", "join", "leave", "start", "standings", "pairings", "list"]);
    }

    /// Discord refuses a command whose names, descriptions and choices' names and
    /// values add up to more than 8,000 characters (counted in each locale).
    #[test]
    fn every_command_stays_within_discords_eight_thousand_characters_in_every_language() {
        fn count(value: &serde_json::Value, locale: Option<&str>) -> usize {
            let text = |field: &str| {
                let localized = locale.and_then(|l| value[format!("{field}_localizations")][l].as_str());
                localized.or_else(|| value[field].as_str()).map_or(0, |t| t.chars().count())
            };
            let own = text("name") + text("description") + value["value"].as_str().map_or(0, |v| v.chars().count());
            let nested: usize = ["options", "choices"]
                .iter()
                .flat_map(|k| value[*k].as_array().cloned().unwrap_or_default())
                .map(|v| count(&v, locale))
                .sum();
            own + nested
        }
        for command in definitions() {
            let json = serde_json::to_value(&command).expect("JSON");
            for locale in std::iter::once(None).chain(LOCALES.iter().map(|(_, l)| Some(*l))) {
                let n = count(&json, locale);
                assert!(n <= 8_000, "{} in {locale:?}: {n} characters", json["name"]);
            }
        }
    }

    #[test]
    fn opponents_are_numbered_from_the_second() {
        let cabale = commands::game_command_of(GameKind::Cabale);
        let opponent = cabale.sub("challenge").and_then(|s| s.option("opponent")).expect("opponent");
        assert_eq!(person_option_name(opponent, 0), "opponent");
        assert_eq!(person_option_name(opponent, 2), "opponent3");
        assert_eq!(person_index(opponent, "opponent3"), Some(2));
        assert_eq!(person_index(opponent, "opponent4"), None);
        assert_eq!(person_index(opponent, "opponent1"), None);
        let json = serde_json::to_value(definition(cabale)).expect("JSON");
        let challenge = &json["options"][0];
        let names: Vec<&str> =
            challenge["options"].as_array().unwrap().iter().filter_map(|o| o["name"].as_str()).collect();
        assert_eq!(&names[..4], ["opponent", "opponent2", "opponent3", "first"]);
        assert!(names.contains(&"sharp") && !names.contains(&"size"), "{names:?}");
    }

    #[test]
    fn spanish_is_registered_for_spain_and_latin_america() {
        let kuba = serde_json::to_value(definition(commands::game_command_of(GameKind::Kuba))).expect("JSON");
        for locale in ["es-ES", "es-419"] {
            assert_eq!(kuba["description_localizations"][locale], json_text(Lang::Es, "command-game"), "{locale}");
            let challenge = &kuba["options"][0];
            assert_eq!(challenge["description_localizations"][locale], json_text(Lang::Es, "command-challenge"));
            let first = challenge["options"].as_array().unwrap().iter().find(|o| o["name"] == "first").unwrap();
            assert_eq!(first["choices"][2]["name_localizations"][locale], json_text(Lang::Es, "choice-first-random"));
        }
        let replay = &kuba["options"].as_array().unwrap().iter().find(|o| o["name"] == "replay").unwrap()["options"];
        let speed = replay.as_array().unwrap().iter().find(|o| o["name"] == "speed").unwrap();
        assert_eq!(speed["choices"][0]["name"], "Slow", "{speed}");
        assert_eq!(speed["choices"][0]["name_localizations"]["es-419"], json_text(Lang::Es, "choice-speed-slow"));
    }

    fn json_text(lang: Lang, id: &str) -> serde_json::Value {
        let mut args = fluent_bundle::FluentArgs::new();
        args.set("game", "Kuba");
        catalog::text(lang, id, Some(&args)).into()
    }
}
