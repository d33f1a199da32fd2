//! A slash command's options read back as a service [`Command`], through the
//! commands' declaration: each option is found in the declaration and checked by
//! [`OptionSpec::read`], and [`commands::build`] makes the command, as for text.
//!
//! - An option the subcommand does not declare is refused, naming it (as an option
//!   of other games when some have it); so is a value of the wrong type (`size` sent
//!   as the text `"x"`).
//! - A choice may come as its word or as its index (poise's `ChoiceParameter`
//!   registers choices as integers); `days` as a string or as an integer (0: no
//!   deadline).
//! - A declared group's subcommand (`/boardbot tournament join`) is read as that
//!   subcommand. Another subcommand group (`/boardbot vacation end`, as an older
//!   registration had it) is read as the group's subcommand, with the inner subcommand's name as a yes/no
//!   option set to yes when the subcommand has one of that name, or as the value of
//!   its option that offers that word as a choice (`/boardbot web login`, as the
//!   issue spells it: `/boardbot web state:login` as registered).

use serenity::all::{CommandInteraction, PartialMember, ResolvedOption, ResolvedValue, Unresolved, User};

use super::commands::person_index;
use crate::games::{excerpt, GameKind};
use crate::service::commands::{self, CommandSpec, Given, Kind, OptionSpec, SubSpec, Value, Values};
use crate::service::{Command, Refusal, Target};

/// Turns a Discord user (and their membership, for the nickname) into a target.
pub type ToTarget<'a> = dyn FnMut(&User, Option<&PartialMember>) -> Target + 'a;

/// The command a slash command asks for.
pub fn decode(ci: &CommandInteraction, target: &mut ToTarget) -> Result<Command, Refusal> {
    let command = commands::command(&ci.data.name).ok_or_else(|| Refusal::UnknownGame(excerpt(&ci.data.name)))?;
    let (sub, options, inner) = subcommand(command, ci.data.options())?;
    let mut values = Values::new();
    if let Some(flag) = inner.and_then(|name| sub.option(name)).filter(|o| o.kind == Kind::YesNo) {
        values.add(flag, Value::YesNo(true));
    }
    // The group's inner name as a word of the subcommand's choices, unless the option
    // is also given (then that is read, and wins).
    let chosen = inner.and_then(|name| offering(sub, name).map(|spec| (spec, name)));
    let chosen = chosen.filter(|(spec, _)| !options.iter().any(|o| o.name == spec.name));
    if let Some((spec, word)) = chosen {
        values.add(spec, spec.read(Given::Text(word.to_string()))?);
    }
    // People of one option, by their number, so `opponent2` comes after `opponent`
    // whatever order Discord sends them in.
    let mut people: Vec<(usize, &OptionSpec, Value)> = Vec::new();
    for option in options {
        let (spec, index) = find(sub, option.name).ok_or_else(|| {
            let known = sub.options.iter().map(|o| o.name.to_string()).collect();
            command.unknown_option(sub, option.name, known)
        })?;
        let given = match option.value {
            ResolvedValue::String(s) => Given::Text(s.to_string()),
            ResolvedValue::Autocomplete { value, .. } => Given::Text(value.to_string()),
            ResolvedValue::Integer(n) => Given::Int(n),
            ResolvedValue::Boolean(b) => Given::Bool(b),
            ResolvedValue::Number(x) => Given::Text(x.to_string()),
            ResolvedValue::User(user, member) => Given::User(target(user, member)),
            ResolvedValue::Unresolved(Unresolved::User(id)) => return Err(Refusal::UnknownUser(id.get().to_string())),
            _ => return Err(spec.refused(&format!("({})", option.name))),
        };
        let value = spec.read(given)?;
        match index {
            Some(i) => people.push((i, spec, value)),
            None => values.add(spec, value),
        }
    }
    people.sort_by_key(|(i, _, _)| *i);
    for (_, spec, value) in people {
        values.add(spec, value);
    }
    commands::build(command, sub, &values)
}

/// The subcommand, its options, and the inner subcommand's name of a group.
fn subcommand<'c, 'a>(
    command: &'c CommandSpec,
    options: Vec<ResolvedOption<'a>>,
) -> Result<(&'c SubSpec, Vec<ResolvedOption<'a>>, Option<&'a str>), Refusal> {
    let Some(first) = options.into_iter().next() else { return Err(command.unknown_sub("")) };
    let (name, options, inner) = match first.value {
        ResolvedValue::SubCommand(options) => (first.name, options, None),
        ResolvedValue::SubCommandGroup(mut group) if !group.is_empty() => {
            let inner = group.remove(0);
            if let Some(declared) = command.group(first.name) {
                let sub = declared.sub(inner.name).ok_or_else(|| declared.unknown_sub(command, inner.name))?;
                let options = match inner.value {
                    ResolvedValue::SubCommand(options) => options,
                    _ => Vec::new(),
                };
                return Ok((sub, options, None));
            }
            match inner.value {
                ResolvedValue::SubCommand(options) => (first.name, options, Some(inner.name)),
                _ => (first.name, Vec::new(), Some(inner.name)),
            }
        }
        _ => return Err(command.unknown_sub(first.name)),
    };
    let sub = command.sub(name).ok_or_else(|| command.unknown_sub(name))?;
    Ok((sub, options, inner))
}

/// The option of `sub` that takes `word` as one of its choices (or their aliases).
fn offering<'s>(sub: &'s SubSpec, word: &str) -> Option<&'s OptionSpec> {
    sub.options.iter().find(|o| match &o.kind {
        Kind::Choice(choices) => choices
            .iter()
            .any(|c| c.word.eq_ignore_ascii_case(word) || c.aliases.iter().any(|a| a.eq_ignore_ascii_case(word))),
        _ => false,
    })
}

/// The declared option of a Discord option name, and which person it is for a
/// [`Kind::Users`] option (`opponent2`: the second).
fn find<'s>(sub: &'s SubSpec, name: &str) -> Option<(&'s OptionSpec, Option<usize>)> {
    sub.options.iter().find_map(|o| match o.kind {
        Kind::Users { .. } => person_index(o, name).map(|i| (o, Some(i))),
        _ => (o.name == name).then_some((o, None)),
    })
}

/// An option being completed as it is typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completing {
    /// The game of the command, if it is a game's.
    pub kind: Option<GameKind>,
    /// The subcommand (`move`).
    pub sub: &'static str,
    /// The option (`move`).
    pub option: &'static str,
    /// What is typed so far.
    pub typed: String,
    /// The `game` option given beside it (a game's id), if any.
    pub game: Option<String>,
}

/// What an autocomplete interaction asks to complete, when it is an option the
/// declaration completes; `None` for any other (the bot then offers nothing).
pub fn completing(ci: &CommandInteraction) -> Option<Completing> {
    let focused = ci.data.autocomplete()?;
    let command = commands::command(&ci.data.name)?;
    let (sub, options, _) = subcommand(command, ci.data.options()).ok()?;
    let (option, _) = find(sub, focused.name)?;
    if !option.autocomplete {
        return None;
    }
    let game = options.iter().find(|o| o.name == "game").and_then(|o| match o.value {
        ResolvedValue::String(s) => Some(s.to_string()),
        _ => None,
    });
    Some(Completing {
        kind: command.game,
        sub: sub.name,
        option: option.name,
        typed: focused.value.to_string(),
        game: game.filter(|g| !g.trim().is_empty()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn interaction(name: &str, options: serde_json::Value, kind: u8) -> CommandInteraction {
        let body = json!({
            "id": "7001", "application_id": "1000", "type": kind,
            "data": {"id": "3000", "name": name, "type": 1, "options": options,
                     "resolved": {"users": {"12": {"id": "12", "username": "bob", "discriminator": "0",
                                                    "global_name": null, "avatar": null}}}},
            "channel_id": "600", "token": "t", "version": 1, "locale": "en-US",
            "entitlements": [], "authorizing_integration_owners": {}, "context": 0,
            "attachment_size_limit": 10485760, "app_permissions": "0",
            "user": {"id": "11", "username": "alice", "discriminator": "0", "global_name": null, "avatar": null}
        });
        serde_json::from_value(body).expect("an interaction")
    }

    fn people(user: &User, _: Option<&PartialMember>) -> Target {
        Target::User { user_id: user.id.get().to_string(), display_name: user.name.clone(), is_bot: false }
    }

    #[test]
    fn wrong_types_and_unknown_options_are_refused_by_name() {
        let sub = |opts| json!([{"type": 1, "name": "challenge", "options": opts}]);
        let ci = interaction(
            "kewbz",
            sub(json!([{"type": 6, "name": "opponent", "value": "12"},
                                               {"type": 3, "name": "size", "value": "x"}])),
            2,
        );
        assert!(matches!(decode(&ci, &mut people), Err(Refusal::BadValue { option, .. }) if option == "size"));
        let ci = interaction("kuba", sub(json!([{"type": 4, "name": "size", "value": 10}])), 2);
        assert!(
            matches!(decode(&ci, &mut people), Err(Refusal::OptionOfOtherGames { option, .. }) if option == "size")
        );
        let ci = interaction("kuba", sub(json!([{"type": 3, "name": "colour", "value": "red"}])), 2);
        assert!(matches!(decode(&ci, &mut people), Err(Refusal::UnknownOption { option, .. }) if option == "colour"));
        let ci = interaction("kuba", sub(json!([{"type": 6, "name": "opponent2", "value": "12"}])), 2);
        assert!(
            matches!(decode(&ci, &mut people), Err(Refusal::UnknownOption { option, .. }) if option == "opponent2")
        );
    }

    /// `/boardbot web login` as a subcommand group reads as `/boardbot web state:login`;
    /// the option, when also given, wins; a word the option does not take is refused.
    #[test]
    fn a_groups_subcommand_may_be_a_word_of_the_subcommands_choices() {
        let group = |inner: &str, options: serde_json::Value| json!([{"type": 2, "name": "web", "options": [{"type": 1, "name": inner, "options": options}]}]);
        let decoded = |opts| decode(&interaction("boardbot", opts, 2), &mut people);
        assert_eq!(decoded(group("login", json!([]))), Ok(Command::WebLogin));
        assert_eq!(decoded(group("LOGOUT", json!([]))), Ok(Command::WebLogout));
        assert_eq!(decoded(group("signout", json!([]))), Ok(Command::WebLogout));
        assert_eq!(decoded(group("on", json!([]))), Ok(Command::Web { on: true }));
        assert_eq!(decoded(group("off", json!([]))), Ok(Command::Web { on: false }));
        let both = group("on", json!([{"type": 3, "name": "state", "value": "login"}]));
        assert_eq!(decoded(both), Ok(Command::WebLogin));
        assert!(decoded(group("maybe", json!([]))).is_err());
        let option = json!([{"type": 1, "name": "web", "options": [{"type": 3, "name": "state", "value": "login"}]}]);
        assert_eq!(decoded(option), Ok(Command::WebLogin));
    }

    #[test]
    fn only_declared_options_are_completed() {
        let opts = json!([{"type": 1, "name": "move", "options": [
            {"type": 3, "name": "move", "value": "a7", "focused": true},
            {"type": 3, "name": "game", "value": "K7Q2"}]}]);
        let got = completing(&interaction("kuba", opts, 4));
        assert_eq!(
            got,
            Some(Completing {
                kind: Some(GameKind::Kuba),
                sub: "move",
                option: "move",
                typed: "a7".into(),
                game: Some("K7Q2".into())
            })
        );
        let opts = json!([{"type": 1, "name": "history", "options": [
            {"type": 3, "name": "game", "value": "K7", "focused": true}]}]);
        assert_eq!(completing(&interaction("kuba", opts, 4)), None);
    }
}
