//! What can be asked, from the commands' declaration ([`crate::service::commands`]):
//! the help message in a platform's command syntax, the descriptions Discord shows
//! (and registers), and README's commands table.
//!
//! The names people type (commands, subcommands, options and their words) are the
//! declaration's; every other word comes from the catalog (`commands.ftl`).

use fluent_bundle::{FluentArgs, FluentValue};

use super::catalog;
use super::grammar::Grammar;
use super::say::Say;
use crate::games::{GameKind, RuleValues};
use crate::lang::Lang;
use crate::service::commands::{self, CommandSpec, GroupSpec, Kind, OptionSpec, SubSpec, TextForm};
use crate::service::Person;

/// Help lines are filled with usages up to this many characters.
const WIDTH: usize = 100;

/// The help for `kind` (or for every game), in `lang`, with commands written by
/// `grammar`: the game's command (Kuba's when `kind` is `None`), then `boardbot`.
pub fn help(lang: Lang, grammar: &dyn Grammar, kind: Option<GameKind>) -> String {
    let say = Say::new(lang, grammar);
    let shown = commands::game_command_of(kind.unwrap_or(GameKind::ALL[0]));
    let all: Vec<String> = GameKind::ALL.iter().map(|k| grammar.command(k.name(), "")).collect();
    let header = say.t(
        "help-header",
        vec![("command", grammar.command(shown.name, "").into()), ("commands", say.list_and(all).into())],
    );
    let mut lines = vec![header];
    // Other games' rule options, in the general help only.
    let others: Vec<String> = match kind {
        Some(_) => Vec::new(),
        None => GameKind::ALL
            .iter()
            .filter(|k| Some(**k) != shown.game && !k.rule_options().is_empty())
            .map(|k| {
                let challenge = commands::game_command_of(*k).sub("challenge");
                let tokens: Vec<String> = challenge
                    .map(|s| s.options.iter().filter(|o| o.rule.is_some()).map(|o| token(lang, o, grammar)).collect())
                    .unwrap_or_default();
                format!("[{} ({})]", tokens.join(" "), k.name())
            })
            .collect(),
    };
    lines.extend(command_lines(lang, grammar, shown, &others));
    if let Some(general) = commands::command(commands::GENERAL) {
        lines.extend(command_lines(lang, grammar, general, &[]));
    }
    lines.join("\n")
}

/// The lines of one command: its subcommands' usages, those with the same options
/// merged (`accept | decline | cancel [challenge:N]`), filled up to [`WIDTH`].
fn command_lines(lang: Lang, grammar: &dyn Grammar, command: &CommandSpec, extra: &[String]) -> Vec<String> {
    // (first subcommand with its group, more subcommands of the same group, what
    // follows them)
    let mut usages: Vec<(String, Vec<&str>, String, Option<&str>)> = Vec::new();
    let mut alone: Vec<String> = Vec::new();
    for (group, sub) in command.all_subs() {
        let group = group.map(|g| g.name);
        let mut tail = tokens(lang, grammar, sub, false);
        if sub.does == commands::Does::Challenge {
            tail.extend(extra.iter().cloned());
        }
        let tail = tail.join(" ");
        match usages.last_mut() {
            Some((_, more, last, in_group)) if *last == tail && *in_group == group => more.push(sub.name),
            _ => usages.push((sub_path(group, sub), Vec::new(), tail, group)),
        }
        if sub.options.iter().any(|o| o.computer_only) {
            let computer = tokens(lang, grammar, sub, true).join(" ");
            let hint = catalog::text(lang, "help-computer", None);
            alone.push(format!("{} {computer}  {hint}", grammar.command(command.name, sub.name)));
        }
    }
    // (usage, whether it stands on a line of its own)
    let mut written: Vec<(String, bool)> = usages
        .into_iter()
        .map(|(first, more, tail, _)| {
            let mut usage = grammar.command(command.name, &first);
            for name in more {
                usage.push_str(" | ");
                usage.push_str(name);
            }
            if !tail.is_empty() {
                usage.push(' ');
                usage.push_str(&tail);
            }
            (usage, false)
        })
        .collect();
    // The computer's challenge right after the challenge, on a line of its own.
    if !alone.is_empty() && !written.is_empty() {
        let after = written.split_off(1);
        written.extend(alone.into_iter().map(|u| (u, true)));
        written.extend(after);
    }
    let mut lines: Vec<(String, bool)> = Vec::new();
    for (usage, own_line) in written {
        match lines.last_mut() {
            Some((line, false)) if !own_line && line.chars().count() + 4 + usage.chars().count() <= WIDTH => {
                line.push_str("    ");
                line.push_str(&usage);
            }
            _ => lines.push((usage, own_line)),
        }
    }
    lines.into_iter().map(|(line, _)| line).collect()
}

/// A subcommand as typed after its command: `join`, or `tournament join` in a group.
fn sub_path(group: Option<&str>, sub: &SubSpec) -> String {
    match group {
        Some(group) => format!("{group} {}", sub.name),
        None => sub.name.to_string(),
    }
}

/// The tokens of a subcommand's usage: the options for the computer when `computer`,
/// else the others (rule options of the command's own game included).
fn tokens(lang: Lang, grammar: &dyn Grammar, sub: &SubSpec, computer: bool) -> Vec<String> {
    let shown = sub.options.iter().filter(|o| !o.hidden && (o.computer_only == computer || is_people(o) && computer));
    let tokens: Vec<String> = shown
        .map(|o| {
            if computer && is_people(o) {
                grammar.person(&Person::Computer)
            } else if o.required || sub.alternatives {
                token(lang, o, grammar)
            } else {
                format!("[{}]", token(lang, o, grammar))
            }
        })
        .collect();
    if sub.alternatives {
        vec![tokens.join(" | ")]
    } else {
        tokens
    }
}

/// The tokens README's usage shows after the subcommand: what is not `name:value`
/// (people, words, the move), or every option of alternatives.
fn positional(lang: Lang, grammar: &dyn Grammar, sub: &SubSpec) -> Vec<String> {
    if sub.alternatives {
        return tokens(lang, grammar, sub, false);
    }
    let mut plain = sub.clone();
    plain.options.retain(|o| !matches!(o.text, TextForm::Named | TextForm::Tail | TextForm::Quoted));
    tokens(lang, grammar, &plain, false)
}

fn is_people(o: &OptionSpec) -> bool {
    o.text == TextForm::Mentions && matches!(o.kind, Kind::Users { .. })
}

/// How help writes an option: `first:me|them|random`, `@bob`, `TEXT`, `end`.
fn token(lang: Lang, o: &OptionSpec, _grammar: &dyn Grammar) -> String {
    let values = values(lang, o);
    match o.text {
        TextForm::Named | TextForm::Tail | TextForm::Quoted => format!("{}:{values}", o.name),
        TextForm::Word | TextForm::Mentions | TextForm::Rest => values,
        TextForm::Flag => o.name.to_string(),
    }
}

/// What an option takes, as help shows it: its words, or its placeholder.
fn values(lang: Lang, o: &OptionSpec) -> String {
    match (&o.kind, o.placeholder) {
        (_, Some(id)) => catalog::text(lang, id, None),
        (Kind::YesNo, None) => "yes|no".to_string(),
        (Kind::Choice(choices), None) => choices.iter().map(|c| c.word).collect::<Vec<_>>().join("|"),
        (Kind::Days, None) => commands::day_choices().join("|"),
        (Kind::Game, None) => GameKind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>().join("|"),
        _ => catalog::text(lang, "help-value-text", None),
    }
}

// ---------------------------------------------------------------------------
// Descriptions

fn game_args(command: &CommandSpec) -> FluentArgs<'static> {
    let mut args = FluentArgs::new();
    args.set("game", FluentValue::from(command.game.map_or("", |k| k.title())));
    args
}

/// A command's description (Discord's, at most 100 characters).
pub fn command_description(lang: Lang, command: &CommandSpec) -> String {
    catalog::text(lang, command.help, Some(&game_args(command)))
}

/// A group's description.
pub fn group_description(lang: Lang, group: &GroupSpec) -> String {
    catalog::text(lang, group.help, None)
}

/// A subcommand's description.
pub fn sub_description(lang: Lang, command: &CommandSpec, sub: &SubSpec) -> String {
    catalog::text(lang, sub.help, Some(&game_args(command)))
}

/// An option's description; a rule option's with its limits and default.
pub fn option_description(lang: Lang, command: &CommandSpec, option: &OptionSpec) -> String {
    let mut args = game_args(command);
    if let Some(rule) = option.rule {
        match rule.values {
            RuleValues::Int { min, max, default } => {
                args.set("min", FluentValue::from(min));
                args.set("max", FluentValue::from(max));
                args.set("default", FluentValue::from(default));
            }
            // The default as the menu names it ("Line", "Ligne"), not as it is typed.
            RuleValues::Choice { default, .. } => args.set("default", choice_name(lang, option, default)),
            // A word for the catalog's selectors, which name it in their language.
            RuleValues::YesNo { default } => args.set("default", FluentValue::from(if default { "yes" } else { "no" })),
        }
    }
    catalog::text(lang, option.help, Some(&args))
}

/// The name of the choice `word` of `option` as menus show it in `lang`: its catalog
/// message `choice-<option>-<word>`, else the word itself.
pub fn choice_name(lang: Lang, option: &OptionSpec, word: &str) -> String {
    let id = format!("choice-{}-{word}", option.name);
    if catalog::has(Lang::En, &id) {
        catalog::text(lang, &id, None)
    } else {
        word.to_string()
    }
}

/// The description of the `n`th person of a [`Kind::Users`] option after the first
/// (Discord's `opponent2` …): `n + 1` people in all, `n + 2` players.
pub fn more_people_description(lang: Lang, n: usize) -> String {
    let mut args = FluentArgs::new();
    args.set("players", FluentValue::from(n as i64 + 2));
    catalog::text(lang, "option-opponent-more", Some(&args))
}

// ---------------------------------------------------------------------------
// README

/// README's commands table, Markdown, in `lang`: the games' subcommands, then
/// `boardbot`'s; each with what it does and its options.
pub fn commands_table(lang: Lang) -> String {
    let grammar = super::Plain::default();
    let cell = |s: &str| s.replace('|', "\\|");
    let mut out = String::new();
    let games: Vec<String> = GameKind::ALL.iter().map(|k| format!("`{}`", k.name())).collect();
    let mut args = FluentArgs::new();
    args.set("commands", FluentValue::from(games.join(", ")));
    args.set("general", FluentValue::from(format!("`{}`", commands::GENERAL)));
    out.push_str(&catalog::text(lang, "readme-table-intro", Some(&args)));
    out.push_str("\n\n");
    out.push_str(&catalog::text(lang, "readme-table-head", None));
    out.push_str("\n|---|---|---|\n");
    let shown = commands::game_command_of(GameKind::ALL[0]);
    let general = commands::command(commands::GENERAL);
    for (command, prefix) in [(Some(shown), ""), (general, commands::GENERAL)] {
        let Some(command) = command else { continue };
        for (group, sub) in command.all_subs() {
            let usage: Vec<String> = [prefix, group.map_or("", |g| g.name), sub.name]
                .iter()
                .filter(|s| !s.is_empty())
                .map(|s| s.to_string())
                .chain(positional(lang, &grammar, sub))
                .collect();
            let mut options: Vec<String> = Vec::new();
            for o in sub.options.iter().filter(|o| !o.hidden && o.rule.is_none()) {
                let described = option_description(lang, command, o);
                options.push(format!("`{}` {described}", token(lang, o, &grammar)));
            }
            if command.game.is_some() {
                for kind in GameKind::ALL {
                    let own = commands::game_command_of(*kind).sub(sub.name);
                    let rules: Vec<String> = own
                        .map(|s| {
                            s.options
                                .iter()
                                .filter(|o| o.rule.is_some())
                                .map(|o| {
                                    let c = commands::game_command_of(*kind);
                                    format!("`{}` {}", token(lang, o, &grammar), option_description(lang, c, o))
                                })
                                .collect()
                        })
                        .unwrap_or_default();
                    if !rules.is_empty() {
                        options.push(format!("{}: {}", kind.title(), rules.join(", ")));
                    }
                }
            }
            let mut does = FluentArgs::new();
            does.set("game", FluentValue::from(catalog::text(lang, "readme-the-game", None)));
            out.push_str(&format!(
                "| `{}` | {} | {} |\n",
                cell(&usage.join(" ")),
                cell(&catalog::text(lang, sub.help, Some(&does))),
                cell(&options.join("; "))
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::Plain;

    #[test]
    fn help_names_every_game_and_writes_commands_in_the_platforms_syntax() {
        let text = help(Lang::En, &Plain::default(), None);
        assert!(text.starts_with("Commands, shown for /kuba (/kuba, /kewbz, /cabale and /nuba work alike):"), "{text}");
        assert!(text.contains("/kuba challenge @bob [first:me|them|random]"), "{text}");
        assert!(text.contains("[extra_push:mandatory|optional] [repetition:none|draw]"), "{text}");
        assert!(
            text.contains("[size:N extension:line|arm (kewbz)] [sharp:yes|no boxed_in:end|pass (cabale)]"),
            "{text}"
        );
        assert!(text.contains("/kuba resign | abort [game:ID]"), "{text}");
        assert!(text.contains("/kuba challenge @boardbot [level:random|greedy|easy|medium|hard]  play the computer"));
        assert!(text.contains("/kuba accept | decline | cancel [challenge:N]"), "{text}");
        assert!(text.contains("/boardbot vacation days:N | end"), "{text}");
        assert!(!text.contains("[[") && !text.contains("[]"), "{text}");
        let bang = Plain { prefix: '!', bot: "boardbot".into() };
        let kewbz = help(Lang::En, &bang, Some(GameKind::Kewbz));
        assert!(kewbz.contains("!kewbz challenge @bob") && kewbz.contains("[size:N] [extension:line|arm]"), "{kewbz}");
        assert!(!kewbz.contains("sharp:"), "{kewbz}");
        assert!(!kewbz.contains("/kuba") && !kewbz.contains("/boardbot"), "{kewbz}");
    }

    #[test]
    fn every_description_is_in_the_catalog_and_short_enough_for_discord() {
        for (lang, command) in Lang::ALL.into_iter().flat_map(|l| commands::commands().iter().map(move |c| (l, c))) {
            let mut texts = vec![command_description(lang, command)];
            texts.extend(command.groups.iter().map(|g| group_description(lang, g)));
            for (_, sub) in command.all_subs() {
                texts.push(sub_description(lang, command, sub));
                for o in &sub.options {
                    texts.push(option_description(lang, command, o));
                    if let Kind::Choice(choices) = &o.kind {
                        texts.extend(choices.iter().map(|c| choice_name(lang, o, c.word)));
                    }
                }
            }
            for text in texts {
                assert!(
                    !text.starts_with('[') && !text.contains("{$") && !text.contains("{ $"),
                    "{lang} {}: {text}",
                    command.name
                );
                assert!((1..=100).contains(&text.chars().count()), "{lang} {}: {text}", command.name);
            }
        }
        assert_eq!(more_people_description(Lang::En, 1), "A second opponent (3 players)");
    }
}
