//! The text command syntax shared by the terminal (and later Matrix):
//! `/kuba challenge @bob first:me rated:yes` → a typed [`Command`].
//!
//! - The prefix is `/` or `!`; then one word per game (`kuba`, `kewbz`, `cabale`,
//!   `nuba`) with the use case as a subcommand, or `boardbot` for what is not about
//!   one game (`games`, `rating`, `leaderboard`, `rules`, `help`).
//! - Options are `name:value`; yes/no options take `yes`, `no`, `true` or `false`.
//! - `@name` is a mention, resolved by the adapter (it knows its users and bots).
//! - `start:` takes the rest of the line (position codes hold spaces), so it comes last.
//! - `move` takes every word that is not `game:ID` as the move (`/kuba move a7 down`).

use crate::ai::Level;
use crate::games::GameKind;
use crate::service::{Answer, Command, Expected, First, GameRef, Notify, Refusal, Target, TimeAsked};

/// Resolves `@name` to a target, or refuses an unknown user.
pub type Resolve<'a> = dyn FnMut(&str) -> Result<Target, Refusal> + 'a;

/// Whether `line` is a bot command at all (starts with `/` or `!`).
pub fn is_command(line: &str) -> bool {
    line.starts_with('/') || line.starts_with('!')
}

fn bad_value(option: &str, value: &str, expected: Expected) -> Refusal {
    Refusal::BadValue { option: option.to_string(), value: crate::games::excerpt(value), expected }
}

fn one_of(words: &[&str]) -> Expected {
    Expected::OneOf(words.iter().map(|w| w.to_string()).collect())
}

/// The words of a command after its subcommand, split into options, mentions and
/// the rest.
struct Words<'a> {
    sub: &'a str,
    options: Vec<(String, String)>,
    mentions: Vec<String>,
    rest: Vec<&'a str>,
    start: Option<String>,
}

fn split<'a>(sub: &'a str, words: &[&'a str], line: &str) -> Words<'a> {
    let mut w = Words { sub, options: Vec::new(), mentions: Vec::new(), rest: Vec::new(), start: None };
    for word in words {
        if let Some(name) = word.strip_prefix('@') {
            w.mentions.push(name.to_string());
        } else if let Some((name, value)) = word.split_once(':').filter(|(n, _)| is_option_name(n)) {
            if name.eq_ignore_ascii_case("start") {
                // The rest of the line, from the value on: codes hold spaces.
                let at = line.find(word).unwrap_or(0) + name.len() + 1;
                let tail = line.get(at..).unwrap_or("").trim().to_string();
                w.start = Some(tail);
                break;
            }
            w.options.push((name.to_ascii_lowercase(), value.to_string()));
        } else {
            w.rest.push(word);
        }
    }
    w
}

fn is_option_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphabetic())
}

impl Words<'_> {
    /// Refuses any option outside `allowed`.
    fn only(&self, allowed: &[&str]) -> Result<(), Refusal> {
        let unknown = |option: &str| Refusal::UnknownOption {
            sub: self.sub.to_string(),
            option: option.to_string(),
            known: allowed.iter().map(|a| a.to_string()).collect(),
        };
        for (name, _) in &self.options {
            if !allowed.contains(&name.as_str()) {
                return Err(unknown(name));
            }
        }
        if self.start.is_some() && !allowed.contains(&"start") {
            return Err(unknown("start"));
        }
        Ok(())
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.options.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn yes_no(&self, name: &str) -> Result<Option<bool>, Refusal> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => match v.to_ascii_lowercase().as_str() {
                "yes" | "true" | "y" | "on" => Ok(Some(true)),
                "no" | "false" | "n" | "off" => Ok(Some(false)),
                _ => Err(bad_value(name, v, Expected::YesNo)),
            },
        }
    }

    fn number(&self, name: &str) -> Result<Option<i64>, Refusal> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => {
                v.trim_start_matches('#').parse::<i64>().map(Some).map_err(|_| bad_value(name, v, Expected::Number))
            }
        }
    }

    fn game(&self, kind: GameKind) -> GameRef {
        GameRef { kind, id: self.get("game").map(str::to_string) }
    }

    fn no_rest(&self) -> Result<(), Refusal> {
        match self.rest.first() {
            None => Ok(()),
            Some(word) => Err(Refusal::ExtraWords { sub: self.sub.to_string(), word: crate::games::excerpt(word) }),
        }
    }

    fn no_mentions(&self) -> Result<(), Refusal> {
        match self.mentions.first() {
            None => Ok(()),
            Some(name) => Err(Refusal::NoMentionHere { sub: self.sub.to_string(), name: crate::games::excerpt(name) }),
        }
    }

    fn answer(&self, ask: &str) -> Result<Answer, Refusal> {
        match self.rest.as_slice() {
            [] => Ok(Answer::Ask),
            [word] if word.eq_ignore_ascii_case(ask) => Ok(Answer::Ask),
            [word] if word.eq_ignore_ascii_case("accept") || word.eq_ignore_ascii_case("yes") => Ok(Answer::Accept),
            [word] if word.eq_ignore_ascii_case("decline") || word.eq_ignore_ascii_case("no") => Ok(Answer::Decline),
            _ => Err(bad_value(self.sub, &self.rest.join(" "), one_of(&[ask, "accept", "decline"]))),
        }
    }
}

/// Parses one command line. `Ok(None)` for a line that is not a command.
pub fn parse(line: &str, resolve: &mut Resolve) -> Result<Option<Command>, Refusal> {
    let line = line.trim();
    if !is_command(line) {
        return Ok(None);
    }
    let body = &line[1..];
    let words: Vec<&str> = body.split_whitespace().collect();
    let Some((head, tail)) = words.split_first() else {
        return Err(Refusal::NoCommand);
    };
    let head_lower = head.to_ascii_lowercase();
    let sub = tail.first().copied().unwrap_or("help");
    let args = tail.get(1..).unwrap_or(&[]);
    let sub_lower = sub.to_ascii_lowercase();
    let w = split(sub, args, line);
    if head_lower == "boardbot" {
        return general(&sub_lower, &w, resolve).map(Some);
    }
    let kind: GameKind = head_lower.parse().map_err(|_| Refusal::UnknownGame(crate::games::excerpt(head)))?;
    per_game(kind, &sub_lower, &w, resolve).map(Some)
}

fn general(sub: &str, w: &Words, resolve: &mut Resolve) -> Result<Command, Refusal> {
    let kind = |w: &Words| -> Result<Option<GameKind>, Refusal> {
        w.get("game")
            .map(|g| {
                g.parse::<GameKind>().map_err(|_| {
                    bad_value("game", g, Expected::OneOf(GameKind::ALL.iter().map(|k| k.name().to_string()).collect()))
                })
            })
            .transpose()
    };
    match sub {
        "games" => {
            w.only(&[])?;
            w.no_rest()?;
            Ok(Command::Games)
        }
        "help" => Ok(Command::Help { kind: None }),
        "notify" => {
            w.only(&[])?;
            let how = match w.rest.as_slice() {
                [word] => match word.to_ascii_lowercase().as_str() {
                    "mention" | "here" => Notify::Mention,
                    "dm" | "direct" => Notify::Direct,
                    "off" | "none" => Notify::Off,
                    _ => return Err(bad_value("notify", word, one_of(&["mention", "dm", "off"]))),
                },
                _ => return Err(bad_value("notify", &w.rest.join(" "), one_of(&["mention", "dm", "off"]))),
            };
            let user = match w.mentions.as_slice() {
                [] => None,
                [one] => Some(resolve(one)?),
                _ => return Err(Refusal::TooManyNamed { sub: "notify".to_string() }),
            };
            Ok(Command::Notify { how, user })
        }
        "vacation" => {
            w.only(&["days"])?;
            w.no_mentions()?;
            match (w.rest.as_slice(), w.number("days")?) {
                ([word], None) if word.eq_ignore_ascii_case("end") => Ok(Command::VacationEnd),
                ([], Some(days)) => Ok(Command::Vacation { days }),
                _ => Err(Refusal::MissingOption { sub: "vacation".to_string(), option: "days".to_string() }),
            }
        }
        "rules" => {
            w.only(&["game"])?;
            Ok(Command::Rules { kind: kind(w)? })
        }
        "rating" => {
            w.only(&["game", "vs"])?;
            rating(kind(w)?, w, resolve)
        }
        "leaderboard" => {
            w.only(&["game", "scope"])?;
            let Some(k) = kind(w)? else {
                return Err(Refusal::MissingOption { sub: "leaderboard".to_string(), option: "game".to_string() });
            };
            Ok(Command::Leaderboard { kind: k, global: global(w)? })
        }
        other => Err(Refusal::UnknownSubcommand {
            command: "boardbot".to_string(),
            word: crate::games::excerpt(other),
            known: ["games", "rating", "leaderboard", "notify", "vacation", "rules", "help"].map(String::from).to_vec(),
        }),
    }
}

fn global(w: &Words) -> Result<bool, Refusal> {
    match w.get("scope").map(str::to_ascii_lowercase).as_deref() {
        None | Some("here") | Some("community") => Ok(false),
        Some("global") | Some("everywhere") => Ok(true),
        Some(v) => Err(bad_value("scope", v, one_of(&["here", "global"]))),
    }
}

fn rating(kind: Option<GameKind>, w: &Words, resolve: &mut Resolve) -> Result<Command, Refusal> {
    w.no_rest()?;
    let player = match w.mentions.as_slice() {
        [] => None,
        [one] => Some(resolve(one)?),
        _ => return Err(Refusal::TooManyNamed { sub: "rating".to_string() }),
    };
    let versus = match w.get("vs") {
        None => None,
        Some(v) => Some(resolve(v.trim_start_matches('@'))?),
    };
    Ok(Command::Rating { kind, player, versus })
}

fn per_game(kind: GameKind, sub: &str, w: &Words, resolve: &mut Resolve) -> Result<Command, Refusal> {
    match sub {
        "challenge" => {
            w.only(&["first", "rated", "level", "days", "size", "extension", "sharp", "settings", "start"])?;
            w.no_rest()?;
            let mut opponents = Vec::new();
            for name in &w.mentions {
                opponents.push(resolve(name)?);
            }
            let first = match w.get("first").map(str::to_ascii_lowercase).as_deref() {
                None | Some("random") => First::Random,
                Some("me") => First::Me,
                Some("them") => First::Them,
                Some(v) => return Err(bad_value("first", v, one_of(&["me", "them", "random"]))),
            };
            let level = match w.get("level") {
                None => None,
                Some(v) => Some(
                    v.parse::<Level>()
                        .map_err(|_| bad_value("level", v, one_of(&["random", "greedy", "easy", "medium", "hard"])))?,
                ),
            };
            let settings = challenge_settings(kind, w)?;
            Ok(Command::Challenge {
                kind,
                opponents,
                rated: w.yes_no("rated")?.unwrap_or(false),
                first,
                level,
                settings,
                start: w.start.clone().filter(|s| !s.is_empty()),
                time: time_control(w)?,
            })
        }
        "accept" | "decline" | "cancel" => {
            w.only(&["challenge"])?;
            w.no_rest()?;
            w.no_mentions()?;
            let challenge = w.number("challenge")?;
            Ok(match sub {
                "accept" => Command::Accept { kind, challenge },
                "decline" => Command::Decline { kind, challenge },
                _ => Command::Cancel { kind, challenge },
            })
        }
        "move" | "play" => {
            w.only(&["game"])?;
            let mut words: Vec<String> = w.mentions.iter().map(|m| format!("@{m}")).collect();
            words.extend(w.rest.iter().map(|s| s.to_string()));
            Ok(Command::Move { game: w.game(kind), text: words.join(" ") })
        }
        "board" => {
            w.only(&["game", "flip"])?;
            w.no_rest()?;
            Ok(Command::Board { game: w.game(kind), flip: w.yes_no("flip")?.unwrap_or(false) })
        }
        "resign" => {
            w.only(&["game"])?;
            w.no_rest()?;
            Ok(Command::Resign { game: w.game(kind) })
        }
        "draw" => {
            w.only(&["game"])?;
            Ok(Command::Draw { game: w.game(kind), answer: w.answer("offer")? })
        }
        "takeback" => {
            w.only(&["game"])?;
            Ok(Command::Takeback { game: w.game(kind), answer: w.answer("ask")? })
        }
        "history" => {
            w.only(&["game"])?;
            w.no_rest()?;
            Ok(Command::History { game: w.game(kind) })
        }
        "leaderboard" => {
            w.only(&["scope"])?;
            w.no_rest()?;
            Ok(Command::Leaderboard { kind, global: global(w)? })
        }
        "rating" => {
            w.only(&["vs"])?;
            rating(Some(kind), w, resolve)
        }
        "rules" => Ok(Command::Rules { kind: Some(kind) }),
        "help" => Ok(Command::Help { kind: Some(kind) }),
        other => Err(Refusal::UnknownSubcommand {
            command: kind.name().to_string(),
            word: crate::games::excerpt(other),
            known: [
                "challenge",
                "accept",
                "decline",
                "cancel",
                "move",
                "board",
                "resign",
                "draw",
                "takeback",
                "history",
                "leaderboard",
                "rating",
                "rules",
                "help",
            ]
            .map(String::from)
            .to_vec(),
        }),
    }
}

/// `days:3` or `days:unlimited`; the service checks the allowed set.
fn time_control(w: &Words) -> Result<Option<TimeAsked>, Refusal> {
    w.get("days").map(days_value).transpose()
}

/// The rule options of a challenge as the game's JSON: `settings:{…}` and the
/// shorthands `size:`, `extension:` (Kewbz) and `sharp:` (Cabale).
fn challenge_settings(kind: GameKind, w: &Words) -> Result<Option<String>, Refusal> {
    let size = match w.get("size") {
        None => None,
        Some(size) => Some(size.parse::<i64>().map_err(|_| bad_value("size", size, Expected::Number))?),
    };
    RuleOptions { settings: w.get("settings"), size, extension: w.get("extension"), sharp: w.yes_no("sharp")? }
        .json(kind)
}

/// The rule options of a challenge, as typed in text or given as Discord options.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleOptions<'a> {
    /// `settings:{…}`: the game's own JSON.
    pub settings: Option<&'a str>,
    /// Kewbz `size:`.
    pub size: Option<i64>,
    /// Kewbz `extension:`.
    pub extension: Option<&'a str>,
    /// Cabale `sharp:`.
    pub sharp: Option<bool>,
}

impl RuleOptions<'_> {
    /// The options as the game's JSON, `None` when there are none; an option of
    /// another game, or settings that are not a JSON object, are refused.
    pub fn json(&self, kind: GameKind) -> Result<Option<String>, Refusal> {
        let mut map = match self.settings {
            None => serde_json::Map::new(),
            Some(text) => match serde_json::from_str::<serde_json::Value>(text) {
                Ok(serde_json::Value::Object(map)) => map,
                _ => return Err(Refusal::SettingsNotObject(crate::games::excerpt(text))),
            },
        };
        let wrong = |name: &str, game: GameKind| Refusal::OptionOfOtherGames {
            option: name.to_string(),
            games: vec![game],
            kind,
        };
        if let Some(size) = self.size {
            if kind != GameKind::Kewbz {
                return Err(wrong("size", GameKind::Kewbz));
            }
            map.insert("size".to_string(), serde_json::json!(size));
        }
        if let Some(ext) = self.extension {
            if kind != GameKind::Kewbz {
                return Err(wrong("extension", GameKind::Kewbz));
            }
            map.insert("extension".to_string(), serde_json::json!(ext.to_ascii_lowercase()));
        }
        if let Some(sharp) = self.sharp {
            if kind != GameKind::Cabale {
                return Err(wrong("sharp", GameKind::Cabale));
            }
            map.insert("sharp_turns".to_string(), serde_json::json!(sharp));
        }
        Ok((!map.is_empty()).then(|| serde_json::Value::Object(map).to_string()))
    }
}

/// `3` or `unlimited` (the `days` option); the service checks the allowed set.
pub fn days_value(value: &str) -> Result<TimeAsked, Refusal> {
    if value.eq_ignore_ascii_case("unlimited") || value.eq_ignore_ascii_case("none") {
        return Ok(TimeAsked::Unlimited);
    }
    value.trim().parse::<i64>().map(TimeAsked::Days).map_err(|_| bad_value("days", value, Expected::Days))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn people(name: &str) -> Result<Target, Refusal> {
        match name {
            "boardbot" => Ok(Target::Computer),
            "zed" => Err(Refusal::UnknownUser(name.to_string())),
            _ => Ok(Target::User { user_id: name.to_string(), display_name: name.to_string(), is_bot: false }),
        }
    }

    fn p(line: &str) -> Result<Option<Command>, Refusal> {
        parse(line, &mut people)
    }

    #[test]
    fn a_challenge_with_options() {
        let c = p("/kuba challenge @bob first:me rated:yes").expect("parses").expect("a command");
        let Command::Challenge { kind, opponents, rated, first, .. } = c else { panic!("{c:?}") };
        assert_eq!(kind, GameKind::Kuba);
        assert_eq!(opponents.len(), 1);
        assert!(rated);
        assert_eq!(first, First::Me);
    }

    #[test]
    fn moves_keep_their_words_and_start_takes_the_rest() {
        let c = p("!kuba move a7 down game:k7q2").expect("parses").expect("a command");
        assert_eq!(
            c,
            Command::Move {
                game: GameRef { kind: GameKind::Kuba, id: Some("k7q2".to_string()) },
                text: "a7 down".into()
            }
        );
        let c = p("/kuba challenge @bob start:7/7/7/RW5/7/7/B6 w 6-0 -").expect("parses").expect("a command");
        let Command::Challenge { start, .. } = c else { panic!() };
        assert_eq!(start.as_deref(), Some("7/7/7/RW5/7/7/B6 w 6-0 -"));
    }

    #[test]
    fn refusals_are_specific() {
        assert_eq!(p("/chess challenge @bob").unwrap_err(), Refusal::UnknownGame("chess".to_string()));
        assert!(matches!(
            p("/kuba challenge @bob rated:maybe").unwrap_err(),
            Refusal::BadValue { option, expected: Expected::YesNo, .. } if option == "rated"
        ));
        assert!(matches!(
            p("/kuba challenge @bob colour:red").unwrap_err(),
            Refusal::UnknownOption { option, .. } if option == "colour"
        ));
        assert_eq!(p("/kuba challenge @zed").unwrap_err(), Refusal::UnknownUser("zed".to_string()));
        assert!(matches!(
            p("/kuba challenge @bob size:10").unwrap_err(),
            Refusal::OptionOfOtherGames { option, .. } if option == "size"
        ));
        assert_eq!(p("hello"), Ok(None));
    }
}
