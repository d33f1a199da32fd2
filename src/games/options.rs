//! The rule options a game offers when it is challenged (`/kewbz challenge size:10`).
//!
//! Each game lists them in [`Game::RULE_OPTIONS`](super::Game::RULE_OPTIONS), reached
//! through [`GameKind::rule_options`](super::GameKind::rule_options). The commands'
//! declaration (`service::commands`) turns each into an option of the game's
//! `challenge` on every platform, in help and in README; a value chosen becomes a key
//! of the game's settings JSON. A new option (a house rule) therefore needs its entry
//! here, its key in the game's `Settings`, its rule code, and its description in the
//! catalog (`locales/<lang>/commands.ftl`), nothing else.

use serde_json::Value;

/// What a rule option takes, with the value a game has when nobody chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleValues {
    /// A whole number from `min` to `max`, stored as a JSON number.
    Int {
        /// The least allowed.
        min: i64,
        /// The most allowed.
        max: i64,
        /// The game's default.
        default: i64,
    },
    /// One of these words (lowercase), stored as a JSON string.
    Choice {
        /// The words, in the order menus offer them.
        words: &'static [&'static str],
        /// The game's default, one of `words`.
        default: &'static str,
    },
    /// Yes or no, stored as a JSON boolean.
    YesNo {
        /// The game's default.
        default: bool,
    },
}

/// A value chosen for a rule option, checked against its [`RuleValues`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleValue {
    /// For [`RuleValues::Int`].
    Int(i64),
    /// For [`RuleValues::Choice`]: one of its words.
    Word(&'static str),
    /// For [`RuleValues::YesNo`].
    YesNo(bool),
}

/// One rule option of a game, as people choose it when they challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleOption {
    /// The name people type and Discord shows (`size`, `extra_push`): lowercase ASCII
    /// letters and `_`, at most 32 characters.
    pub name: &'static str,
    /// Its key in the game's settings JSON (`size`, `sharp_turns`).
    pub key: &'static str,
    /// What it takes.
    pub values: RuleValues,
    /// The catalog id of its description (`option-kewbz-size`), at most 100
    /// characters in every language (Discord's limit); it may use `$min`, `$max` and
    /// `$default`.
    pub help: &'static str,
}

impl RuleOption {
    /// `value` as the game's settings JSON holds it, `None` when it is not of this
    /// option's kind or outside its values.
    pub fn json(&self, value: RuleValue) -> Option<Value> {
        match (self.values, value) {
            (RuleValues::Int { min, max, .. }, RuleValue::Int(n)) if (min..=max).contains(&n) => Some(n.into()),
            (RuleValues::Choice { words, .. }, RuleValue::Word(w)) if words.contains(&w) => Some(w.into()),
            (RuleValues::YesNo { .. }, RuleValue::YesNo(b)) => Some(b.into()),
            _ => None,
        }
    }

    /// The game's default as its settings JSON holds it.
    pub fn default_json(&self) -> Value {
        match self.values {
            RuleValues::Int { default, .. } => default.into(),
            RuleValues::Choice { default, .. } => default.into(),
            RuleValues::YesNo { default } => default.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: RuleOption =
        RuleOption { name: "size", key: "size", values: RuleValues::Int { min: 4, max: 26, default: 8 }, help: "x" };

    #[test]
    fn values_outside_the_declaration_have_no_json() {
        assert_eq!(SIZE.json(RuleValue::Int(10)), Some(Value::from(10)));
        assert_eq!(SIZE.json(RuleValue::Int(27)), None);
        assert_eq!(SIZE.json(RuleValue::YesNo(true)), None);
        assert_eq!(SIZE.default_json(), Value::from(8));
    }
}
