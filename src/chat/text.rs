//! The text command syntax of the terminal and Matrix, read from the commands'
//! declaration ([`crate::service::commands`]):
//! `/kuba challenge @bob first:me rated:yes` → a typed [`Command`].
//!
//! - The prefix is `/` or `!`; then a command of the declaration (one per game, and
//!   `boardbot`), then a subcommand (`help` when there is none). A subcommand of
//!   `boardbot` typed alone reads as `boardbot`'s: a newcomer's `/help` or
//!   `/language fr` is `/boardbot help`, `/boardbot language fr`.
//! - Options are `name:value` (names are letters and `_`); yes/no options take `yes`,
//!   `no`, `true` or `false`. A value given twice: the last one counts.
//! - `@name` is a mention, resolved by the caller (it knows its users and bots).
//! - `start:` takes the rest of the line (position codes hold spaces), so it comes last.
//! - `line:` takes several words in quotes (`/kuba premove line:"g7-S a6-E"`); its
//!   value given without them, followed by words nothing else takes, is refused with
//!   a hint to quote it.
//! - `move` takes every word that is not an option as the move (`/kuba move a7 down`),
//!   mentions included (Cabale's placements are `@A2`).
//! - A group's subcommands follow the group's name: `/boardbot tournament join
//!   tournament:3`.
//! - Some subcommands take a bare word (`/kuba draw accept`, `/boardbot notify dm`,
//!   `/boardbot vacation end`); `help` and a game's `rules` ignore what follows them.
//!
//! Every refusal is a typed [`Refusal`] naming the option or word at fault.

use crate::games::excerpt;
use crate::service::commands::{self, CommandSpec, Given, Kind, OptionSpec, SubSpec, TextForm, Value, Values};
use crate::service::{Command, Refusal, Target};

/// Resolves `@name` (without the `@`) to a target, or refuses an unknown user.
pub type Resolve<'a> = dyn FnMut(&str) -> Result<Target, Refusal> + 'a;

/// Whether `line` is a bot command at all (starts with `/` or `!`).
pub fn is_command(line: &str) -> bool {
    line.starts_with('/') || line.starts_with('!')
}

/// The words that start our commands (`kuba` … `boardbot`): a platform shared with
/// other bots answers only lines whose first word is one of them.
pub fn heads() -> impl Iterator<Item = &'static str> {
    commands::heads()
}

/// Whether `word` (any case) starts one of our commands.
pub fn is_head(word: &str) -> bool {
    commands::command(word).is_some()
}

/// Parses one command line. `Ok(None)` for a line that is not a command.
pub fn parse(line: &str, resolve: &mut Resolve) -> Result<Option<Command>, Refusal> {
    let line = line.trim();
    if !is_command(line) {
        return Ok(None);
    }
    // The words after the prefix, each with where it starts in `line`.
    let mut words = words_at(line, 1);
    let Some((_, head)) = words.next() else {
        return Err(Refusal::NoCommand);
    };
    let (command, sub_word) = match commands::command(head) {
        Some(command) => (command, words.next().map_or("help", |(_, w)| w)),
        // What a newcomer types first (`/help`, `/language fr`) is answered, not
        // refused as an unknown game.
        None => match commands::command(commands::GENERAL) {
            Some(general) if general.sub(head).is_some() || general.group(head).is_some() => (general, head),
            _ => return Err(Refusal::UnknownGame(excerpt(head))),
        },
    };
    let sub = match command.group(sub_word) {
        // A group's subcommand follows the group's name: `/boardbot tournament join`.
        Some(group) => {
            let word = words.next().map_or("", |(_, w)| w);
            group.sub(word).ok_or_else(|| group.unknown_sub(command, word))?
        }
        None => command.sub(sub_word).ok_or_else(|| command.unknown_sub(sub_word))?,
    };
    let mut values = Values::new();
    if !sub.takes_anything {
        read(line, words, command, sub, resolve, &mut values)?;
    }
    commands::build(command, sub, &values).map(Some)
}

/// The words of `line` from byte `from` on, with their byte offsets in `line`.
fn words_at(line: &str, from: usize) -> impl Iterator<Item = (usize, &str)> {
    let body = line.get(from..).unwrap_or("");
    body.split_whitespace().map(move |w| (w.as_ptr() as usize - body.as_ptr() as usize + from, w))
}

/// Whether `name` may be an option's name: `a7:` or `http:/` in a move are not.
fn is_option_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic()) && name.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_')
}

/// The options text gives as `name:value`, for a refusal.
fn named(sub: &SubSpec) -> Vec<String> {
    sub.options
        .iter()
        .filter(|o| matches!(o.text, TextForm::Named | TextForm::Tail | TextForm::Quoted))
        .map(|o| o.name.to_string())
        .collect()
}

/// Reads the words after the subcommand into `values`.
fn read<'a>(
    line: &'a str,
    words: impl Iterator<Item = (usize, &'a str)>,
    command: &CommandSpec,
    sub: &SubSpec,
    resolve: &mut Resolve,
    values: &mut Values,
) -> Result<(), Refusal> {
    let rest_option = sub.options.iter().find(|o| o.text == TextForm::Rest);
    let mut given: Vec<(&OptionSpec, &str)> = Vec::new();
    let mut mentions: Vec<&str> = Vec::new();
    let mut bare: Vec<&str> = Vec::new();
    let mut rest: Vec<&str> = Vec::new();
    // A value that could have held spaces but was given without quotes.
    let mut unquoted: Option<(&OptionSpec, &str)> = None;
    let mut words = words;
    while let Some((at, word)) = words.next() {
        let as_option = word.split_once(':').filter(|(n, _)| is_option_name(n) && !word.starts_with('@'));
        if let Some((name, value)) = as_option {
            let option = sub
                .options
                .iter()
                .find(|o| {
                    o.name.eq_ignore_ascii_case(name)
                        && matches!(o.text, TextForm::Named | TextForm::Tail | TextForm::Quoted)
                })
                .ok_or_else(|| command.unknown_option(sub, &name.to_ascii_lowercase(), named(sub)))?;
            let from = at + name.len() + 1;
            if option.text == TextForm::Tail {
                // The rest of the line, from the value on: codes hold spaces.
                given.push((option, line.get(from..).unwrap_or("").trim()));
                break;
            }
            if option.text == TextForm::Quoted {
                if let Some(open) = value.chars().next().filter(|c| OPENING_QUOTES.contains(c)) {
                    // Up to the word that closes the quotes, or the end of the line.
                    let mut end = from + value.len();
                    let mut closed = value.len() > open.len_utf8() && value.ends_with(CLOSING_QUOTES);
                    while !closed {
                        let Some((at, word)) = words.next() else { break };
                        end = at + word.len();
                        closed = word.ends_with(CLOSING_QUOTES);
                    }
                    let quoted = line.get(from + open.len_utf8()..end).unwrap_or("");
                    given.push((option, quoted.strip_suffix(CLOSING_QUOTES).unwrap_or(quoted).trim()));
                    continue;
                }
                unquoted = Some((option, value));
            }
            given.push((option, value));
        } else if rest_option.is_some() {
            rest.push(word);
        } else if let Some(name) = word.strip_prefix('@') {
            mentions.push(name);
        } else {
            bare.push(word);
        }
    }
    read_mentions(sub, &mentions, resolve, values)?;
    for (option, value) in given {
        let value = match option.kind {
            Kind::User | Kind::Users { .. } => Given::User(resolve(value.trim_start_matches('@'))?),
            _ => Given::Text(value.to_string()),
        };
        values.add(option, option.read(value)?);
    }
    if let Some(option) = rest_option {
        if !rest.is_empty() {
            values.add(option, Value::Text(rest.join(" ")));
        }
    }
    read_bare(sub, &bare, values).map_err(|refused| match unquoted {
        // `line:g7-S a6-E`: the words after the first were meant for the line.
        Some((option, value)) if !bare.is_empty() => Refusal::Unquoted {
            option: option.name.to_string(),
            value: excerpt(&format!("{value} {}", bare.join(" "))),
        },
        _ => refused,
    })
}

/// The quotes that open a [`TextForm::Quoted`] value: straight, or a phone's curly ones.
const OPENING_QUOTES: [char; 3] = ['"', '“', '”'];
/// The quotes that close one.
const CLOSING_QUOTES: [char; 3] = ['"', '”', '“'];

/// The people named: the subcommand's [`TextForm::Mentions`] option, if it has one.
fn read_mentions(sub: &SubSpec, mentions: &[&str], resolve: &mut Resolve, values: &mut Values) -> Result<(), Refusal> {
    let Some(option) = sub.options.iter().find(|o| o.text == TextForm::Mentions) else {
        return match mentions.first() {
            None => Ok(()),
            Some(name) => Err(Refusal::NoMentionHere { sub: sub.name.to_string(), name: excerpt(name) }),
        };
    };
    if matches!(option.kind, Kind::User) && mentions.len() > 1 {
        return Err(Refusal::TooManyNamed { sub: sub.name.to_string() });
    }
    // Everyone named is read, even past what the game takes: the service says how
    // many players the game is for.
    for name in mentions {
        let target = resolve(name)?;
        values.add(option, option.read(Given::User(target))?);
    }
    Ok(())
}

/// Bare words: one word of a [`TextForm::Word`] or [`TextForm::Flag`] option.
fn read_bare(sub: &SubSpec, bare: &[&str], values: &mut Values) -> Result<(), Refusal> {
    let takers: Vec<&OptionSpec> =
        sub.options.iter().filter(|o| matches!(o.text, TextForm::Word | TextForm::Flag)).collect();
    match bare {
        [] => Ok(()),
        [first, ..] if takers.is_empty() => {
            Err(Refusal::ExtraWords { sub: sub.name.to_string(), word: excerpt(first) })
        }
        [word] => {
            for option in takers {
                let value = match option.text {
                    TextForm::Flag if option.name.eq_ignore_ascii_case(word) => Value::YesNo(true),
                    TextForm::Word => match option.read(Given::Text(word.to_string())) {
                        Ok(value) => value,
                        Err(_) => continue,
                    },
                    _ => continue,
                };
                values.add(option, value);
                return Ok(());
            }
            Err(sub.word_hint())
        }
        _ => Err(sub.word_hint()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::service::{Answer, Expected, First, GameRef, Notify, PremoveAsked, TimeAsked};

    fn people(name: &str) -> Result<Target, Refusal> {
        match name {
            "boardbot" => Ok(Target::Computer),
            "zed" => Err(Refusal::UnknownUser(name.to_string())),
            _ => Ok(Target::User { user_id: name.to_string(), display_name: name.to_string(), is_bot: false }),
        }
    }

    fn user(name: &str) -> Target {
        Target::User { user_id: name.to_string(), display_name: name.to_string(), is_bot: false }
    }

    fn p(line: &str) -> Result<Option<Command>, Refusal> {
        parse(line, &mut people)
    }

    fn ok(line: &str) -> Command {
        p(line).unwrap_or_else(|e| panic!("{line}: {e:?}")).unwrap_or_else(|| panic!("{line}: not a command"))
    }

    #[test]
    fn a_challenge_with_options() {
        let c = ok("/kuba challenge @bob first:me rated:yes");
        let Command::Challenge { kind, opponents, rated, first, .. } = c else { panic!("{c:?}") };
        assert_eq!(kind, GameKind::Kuba);
        assert_eq!(opponents, vec![user("bob")]);
        assert!(rated);
        assert_eq!(first, First::Me);
    }

    #[test]
    fn moves_keep_their_words_and_start_takes_the_rest() {
        assert_eq!(
            ok("!kuba move a7 down game:k7q2"),
            Command::Move {
                game: GameRef { kind: GameKind::Kuba, id: Some("k7q2".to_string()) },
                text: "a7 down".into(),
                at: None
            }
        );
        let Command::Challenge { start, .. } = ok("/kuba challenge @bob start:7/7/7/RW5/7/7/B6 w 6-0 -") else {
            panic!()
        };
        assert_eq!(start.as_deref(), Some("7/7/7/RW5/7/7/B6 w 6-0 -"));
        assert_eq!(
            ok("/cabale move @A2"),
            Command::Move { game: GameRef { kind: GameKind::Cabale, id: None }, text: "@A2".into(), at: None }
        );
        assert_eq!(
            ok("/kuba move"),
            Command::Move { game: GameRef { kind: GameKind::Kuba, id: None }, text: "".into(), at: None }
        );
    }

    #[test]
    fn refusals_are_specific() {
        assert_eq!(p("/chess challenge @bob"), Err(Refusal::UnknownGame("chess".into())));
        assert_eq!(
            p("/kuba challenge @bob rated:maybe"),
            Err(Refusal::BadValue { option: "rated".into(), value: "maybe".into(), expected: Expected::YesNo })
        );
        let Err(Refusal::UnknownOption { sub, option, known }) = p("/kuba challenge @bob colour:red") else { panic!() };
        assert_eq!((sub.as_str(), option.as_str()), ("challenge", "colour"));
        assert_eq!(known, ["first", "rated", "level", "days", "extra_push", "repetition", "settings", "start"]);
        assert_eq!(p("/kuba challenge @zed"), Err(Refusal::UnknownUser("zed".to_string())));
        assert_eq!(
            p("/kuba challenge @bob size:10"),
            Err(Refusal::OptionOfOtherGames {
                option: "size".into(),
                games: vec![GameKind::Kewbz],
                kind: GameKind::Kuba
            })
        );
        assert_eq!(
            p("/kewbz challenge @bob size:ten"),
            Err(Refusal::BadValue {
                option: "size".into(),
                value: "ten".into(),
                expected: Expected::Range { min: 4, max: 26 }
            })
        );
        assert_eq!(p("hello"), Ok(None));
        assert_eq!(p("/"), Err(Refusal::NoCommand));
        assert!(matches!(p("/kuba castle"), Err(Refusal::UnknownSubcommand { word, .. }) if word == "castle"));
        assert_eq!(p("/kuba resign now"), Err(Refusal::ExtraWords { sub: "resign".into(), word: "now".into() }));
        assert_eq!(p("/kuba accept @bob"), Err(Refusal::NoMentionHere { sub: "accept".into(), name: "bob".into() }));
        assert_eq!(p("/boardbot rating @a @b"), Err(Refusal::TooManyNamed { sub: "rating".into() }));
        assert_eq!(
            p("/boardbot notify loudly"),
            Err(Refusal::TakesOneOf { sub: "notify".into(), words: vec!["mention".into(), "dm".into(), "off".into()] })
        );
        assert_eq!(
            p("/kuba draw accept decline"),
            Err(Refusal::TakesOneOf {
                sub: "draw".into(),
                words: vec!["offer".into(), "accept".into(), "decline".into()]
            })
        );
        assert_eq!(
            p("/boardbot leaderboard"),
            Err(Refusal::MissingOption { sub: "leaderboard".into(), option: "game".into() })
        );
        assert_eq!(
            p("/kuba move a7 start:x"),
            Err(Refusal::UnknownOption { sub: "move".into(), option: "start".into(), known: vec!["game".into()] })
        );
    }

    #[test]
    fn the_general_commands_words_alone_are_the_general_command() {
        assert_eq!(ok("/help"), ok("/boardbot help"));
        assert_eq!(ok("/HELP me please"), ok("/boardbot help"));
        assert_eq!(ok("/language fr"), ok("/boardbot language fr"));
        assert_eq!(ok("/tournament join tournament:2"), ok("/boardbot tournament join tournament:2"));
        assert_eq!(ok("!games"), ok("/boardbot games"));
        assert_eq!(p("/language"), p("/boardbot language"));
        assert!(p("/language").is_err());
        // A game's subcommand stays a game's: `/move` names no game.
        assert_eq!(p("/move a7-S"), Err(Refusal::UnknownGame("move".into())));
        assert_eq!(p("/hlep"), Err(Refusal::UnknownGame("hlep".into())));
    }

    #[test]
    fn the_other_subcommands() {
        let kuba = |id: Option<&str>| GameRef { kind: GameKind::Kuba, id: id.map(str::to_string) };
        assert_eq!(ok("/KUBA Accept challenge:#2"), Command::Accept { kind: GameKind::Kuba, challenge: Some(2) });
        assert_eq!(ok("/kuba decline"), Command::Decline { kind: GameKind::Kuba, challenge: None });
        assert_eq!(ok("/kuba cancel challenge:3"), Command::Cancel { kind: GameKind::Kuba, challenge: Some(3) });
        assert_eq!(ok("/kuba board flip:yes game:AB"), Command::Board { game: kuba(Some("AB")), flip: true });
        assert_eq!(ok("/kuba draw"), Command::Draw { game: kuba(None), answer: Answer::Ask });
        assert_eq!(ok("/kuba draw yes"), Command::Draw { game: kuba(None), answer: Answer::Accept });
        assert_eq!(ok("/kuba takeback ask"), Command::Takeback { game: kuba(None), answer: Answer::Ask });
        assert_eq!(ok("/kuba takeback no"), Command::Takeback { game: kuba(None), answer: Answer::Decline });
        assert_eq!(ok("/kuba history game:X"), Command::History { game: kuba(Some("X")) });
        assert_eq!(
            ok("/kuba leaderboard scope:everywhere"),
            Command::Leaderboard { kind: GameKind::Kuba, global: true }
        );
        assert_eq!(
            ok("/kewbz rating @alice vs:@carol"),
            Command::Rating { kind: Some(GameKind::Kewbz), player: Some(user("alice")), versus: Some(user("carol")) }
        );
        assert_eq!(ok("/kuba rules whatever"), Command::Rules { kind: Some(GameKind::Kuba) });
        assert_eq!(ok("/kuba"), Command::Help { kind: Some(GameKind::Kuba) });
        assert_eq!(ok("/boardbot"), Command::Help { kind: None });
        assert_eq!(ok("/boardbot games"), Command::Games);
        assert_eq!(ok("/boardbot rules game:Nuba"), Command::Rules { kind: Some(GameKind::Nuba) });
        assert_eq!(
            ok("/boardbot leaderboard game:kewbz scope:global"),
            Command::Leaderboard { kind: GameKind::Kewbz, global: true }
        );
        assert_eq!(ok("/boardbot notify @bob off"), Command::Notify { how: Notify::Off, user: Some(user("bob")) });
        assert_eq!(ok("/boardbot notify here"), Command::Notify { how: Notify::Mention, user: None });
        assert_eq!(ok("/boardbot vacation days:-2"), Command::Vacation { days: -2 });
        assert_eq!(ok("/boardbot vacation END"), Command::VacationEnd);
        let Command::Challenge { time, level, settings, .. } =
            ok("/cabale challenge @boardbot level:hard days:unlimited sharp:no")
        else {
            panic!()
        };
        assert_eq!((time, level), (Some(TimeAsked::Unlimited), Some(crate::ai::Level::Hard)));
        assert_eq!(settings.as_deref(), Some(r#"{"sharp_turns":false}"#));
    }

    #[test]
    fn premove_lists_adds_a_quoted_line_or_clears() {
        let premove = |asked| Command::Premove { game: GameRef { kind: GameKind::Kuba, id: None }, asked };
        assert_eq!(ok("/kuba premove"), premove(PremoveAsked::List));
        assert_eq!(ok("/kuba premove clear"), premove(PremoveAsked::Clear));
        assert_eq!(
            ok(r#"/kuba premove line:"g7-S a6-E  f1-N b7-S" game:K7Q2"#),
            Command::Premove {
                game: GameRef { kind: GameKind::Kuba, id: Some("K7Q2".into()) },
                asked: PremoveAsked::Add("g7-S a6-E  f1-N b7-S".into())
            }
        );
        // A phone's quotes, one move, and a quote left open to the end of the line.
        assert_eq!(ok("/kuba premove line:“g7-S a6-E”"), premove(PremoveAsked::Add("g7-S a6-E".into())));
        assert_eq!(ok("/kuba premove line:g7-S"), premove(PremoveAsked::Add("g7-S".into())));
        assert_eq!(ok(r#"/kuba premove line:"g7-S a6-E"#), premove(PremoveAsked::Add("g7-S a6-E".into())));
        assert_eq!(ok(r#"/kuba premove line:"""#), premove(PremoveAsked::Add(String::new())));
        assert_eq!(
            p("/kuba premove line:g7-S a6-E"),
            Err(Refusal::Unquoted { option: "line".into(), value: "g7-S a6-E".into() })
        );
        assert_eq!(
            p(r#"/kuba premove line:"g7-S a6-E" clear"#),
            Err(Refusal::TakesOneOf { sub: "premove".into(), words: vec!["line:".into(), "clear".into()] })
        );
        assert_eq!(
            p("/kuba premove now"),
            Err(Refusal::TakesOneOf { sub: "premove".into(), words: vec!["clear".into()] })
        );
    }

    #[test]
    fn every_registered_game_is_a_head() {
        for kind in GameKind::ALL {
            assert!(heads().any(|h| h == kind.name()), "{kind}");
            assert!(is_head(&kind.name().to_uppercase()));
        }
        assert!(is_head("boardbot"));
        assert!(!is_head("chess"));
    }
}
