//! The rule options of any game: read from each game's own JSON form, with refusals
//! that name the option and say what is wrong in the game's words.

use serde_json::{Map, Value};

use super::registry::{each_game, each_kind};
use super::text::excerpt;
use super::{Game, GameKind, OptionError, Settings, SettingsError, SetupError};

impl Settings {
    /// The game these options belong to.
    pub fn kind(&self) -> GameKind {
        each_game!(self, Settings, G: _ => G::KIND)
    }

    /// The game's own JSON form, as the command line takes it: `{"size":10,…}`.
    pub fn to_json(&self) -> String {
        // Settings are plain data with string keys; serialising them cannot fail.
        each_game!(self, Settings, s => serde_json::to_string(s).unwrap_or_else(|_| "{}".to_string()))
    }

    /// Reads a game's options from its own JSON form. Every key is optional;
    /// refusals name the option and what is wrong in the game's words.
    pub fn from_json(kind: GameKind, json: &str) -> Result<Settings, SetupError> {
        each_kind!(kind, G => {
            let settings = parse_settings::<G>(json)?;
            Ok(G::start(&settings).settings().into())
        })
    }

    /// True when a position under these options depends on the positions before it
    /// (Kuba's house rule `repetition:draw`), so that a position code alone does not
    /// say all: such a game is rebuilt by replaying its moves, not from its code
    /// ([`Game::needs_history`]).
    pub fn needs_history(&self) -> bool {
        each_game!(self, Settings, G: s => G::needs_history(s))
    }
}

/// The options a game has: the keys of its default settings' JSON, and the keys of
/// its rule options (a house rule's default is left out of the JSON).
fn option_names<G: Game>() -> Vec<String> {
    let mut names: Vec<String> = match serde_json::to_value(G::Settings::default()) {
        Ok(Value::Object(map)) => map.keys().cloned().collect(),
        _ => Vec::new(),
    };
    for option in G::RULE_OPTIONS {
        if !names.iter().any(|n| n == option.key) {
            names.push(option.key.to_string());
        }
    }
    names
}

/// Parses `json` as `G`'s options, with typed refusals in the game's words.
fn parse_settings<G: Game>(json: &str) -> Result<G::Settings, SetupError> {
    let game = G::KIND;
    let value: Value = serde_json::from_str(json).map_err(|_| SettingsError::NotJson(excerpt(json.trim())))?;
    let Value::Object(map) = value else {
        return Err(SettingsError::NotObject(excerpt(json.trim())).into());
    };
    let names = option_names::<G>();
    if let Some(key) = map.keys().find(|k| !names.contains(k)) {
        let key = excerpt(key);
        return Err(if names.is_empty() {
            SettingsError::NoOptions { game, key }
        } else {
            SettingsError::UnknownOption { game, key, options: names }
        }
        .into());
    }
    // One key at a time, so the message can name the option that is wrong.
    for (key, v) in &map {
        let bad = |reason| SettingsError::BadOption { game, key: key.clone(), reason };
        G::check_option(key, v).map_err(bad)?;
        let one: Map<String, Value> = [(key.clone(), v.clone())].into_iter().collect();
        if let Err(e) = serde_json::from_value::<G::Settings>(Value::Object(one)) {
            return Err(bad(OptionError::Value(plain_serde_message(&e.to_string()))).into());
        }
    }
    serde_json::from_value(Value::Object(map)).map_err(|e| {
        SettingsError::Invalid { game, reason: OptionError::Value(plain_serde_message(&e.to_string())) }.into()
    })
}

/// serde's message without its Rust type names and positions: "expected u8" → "expected
/// a whole number".
fn plain_serde_message(message: &str) -> String {
    let cut = message.find(" at line ").map_or(message, |i| &message[..i]);
    cut.replace('`', "\"")
        .replace("expected u8", "expected a whole number")
        .replace("expected u16", "expected a whole number")
        .replace("expected a boolean", "expected true or false")
}

/// Refuses options given in `json` that the position (made from a code) does not
/// have.
pub(super) fn conflicts(json: &str, actual: &Settings) -> Result<(), SetupError> {
    let (Ok(Value::Object(given)), Ok(Value::Object(actual))) =
        (serde_json::from_str::<Value>(json), serde_json::from_str::<Value>(&actual.to_json()))
    else {
        return Ok(());
    };
    for (key, value) in &given {
        if let Some(code_value) = actual.get(key) {
            if code_value != value {
                return Err(SetupError::Conflict {
                    key: key.clone(),
                    code: code_value.to_string(),
                    given: excerpt(&value.to_string()),
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_settings_are_refused_in_the_games_words() {
        let message = |kind: GameKind, json: &str| Settings::from_json(kind, json).unwrap_err().to_string();
        for kind in GameKind::ALL {
            assert!(matches!(Settings::from_json(*kind, "[1,2"), Err(SetupError::BadSettings(_))));
            assert_eq!(Settings::from_json(*kind, "{}"), Ok(kind.default_settings()));
            assert!(message(*kind, "null").contains("must be a JSON object"));
            assert!(message(*kind, "[]").contains("must be a JSON object"));
        }
        assert_eq!(message(GameKind::Nuba, r#"{"players":2}"#), r#"Nuba has no rule options ("players" was given)"#);
        let kuba = message(GameKind::Kuba, r#"{"players":2}"#);
        assert!(kuba.contains("extra_push") && kuba.contains("repetition"), "{kuba}");
        assert_eq!(
            message(GameKind::Cabale, r#"{"players":7}"#),
            "Cabale option \"players\": Cabale is for 2 to 4 players, not 7"
        );
        let size = message(GameKind::Kewbz, r#"{"size":100000}"#);
        assert!(size.contains("\"size\"") && !size.contains("u8") && !size.contains("line"), "{size}");
        let unknown = message(GameKind::Kewbz, r#"{"players":2}"#);
        assert_eq!(unknown, "Kewbz has no option \"players\" (its options: size, cubes, extension)");
    }

    #[test]
    fn settings_serialise_tagged_and_in_the_games_own_form() {
        let s = Settings::from_json(GameKind::Kewbz, r#"{"size":10}"#).unwrap();
        assert_eq!(s.kind(), GameKind::Kewbz);
        assert_eq!(s.to_json(), r#"{"size":10,"cubes":32,"extension":"line"}"#);
        let tagged = serde_json::to_string(&s).unwrap();
        assert_eq!(tagged, r#"{"game":"kewbz","size":10,"cubes":32,"extension":"line"}"#);
        assert_eq!(serde_json::from_str::<Settings>(&tagged).unwrap(), s);
    }

    #[test]
    fn rule_options_are_keys_of_the_settings_with_their_defaults() {
        use crate::games::{RuleValue, RuleValues};
        for &kind in GameKind::ALL {
            let defaults: Value = serde_json::from_str(&kind.default_settings().to_json()).unwrap();
            for option in kind.rule_options() {
                let name_ok = option.name.len() <= 32
                    && option.name.starts_with(|c: char| c.is_ascii_lowercase())
                    && option.name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
                assert!(name_ok, "{kind} {}", option.name);
                // A house rule's default may be left out of the JSON (games under the
                // sheet's rules keep `{}`); given explicitly it is the same settings.
                match defaults.get(option.key) {
                    Some(value) => assert_eq!(value, &option.default_json(), "{kind} {}", option.key),
                    None => {
                        let json = serde_json::json!({ option.key: option.default_json() }).to_string();
                        let explicit = Settings::from_json(kind, &json).unwrap();
                        assert_eq!(explicit, kind.default_settings(), "{kind} {}", option.key);
                    }
                }
                let values: Vec<RuleValue> = match option.values {
                    RuleValues::Int { min, max, .. } => vec![RuleValue::Int(min), RuleValue::Int(max)],
                    RuleValues::Choice { words, .. } => words.iter().map(|w| RuleValue::Word(w)).collect(),
                    RuleValues::YesNo { .. } => vec![RuleValue::YesNo(true), RuleValue::YesNo(false)],
                };
                for value in values {
                    let json = serde_json::json!({ option.key: option.json(value).unwrap() }).to_string();
                    assert!(Settings::from_json(kind, &json).is_ok(), "{kind} {json}");
                }
            }
            assert!(*kind.players().start() >= 2 && kind.players().end() <= &crate::games::MAX_SEATS, "{kind}");
        }
        assert_eq!(GameKind::Cabale.players(), 2..=4);
        assert_eq!(GameKind::Kuba.players(), 2..=2);
    }
}
