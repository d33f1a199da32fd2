//! The catalogs agree with English: every language has exactly English's messages
//! (and attributes), and uses no variable the English message does not pass; every
//! file parses. English is the reference because the code passes what its messages
//! use.

use std::collections::{BTreeMap, BTreeSet};

use boardbot::lang::Lang;
use boardbot::present::catalog::{sources, FILES};
use fluent_syntax::ast;

/// A message (or `message.attribute`) and the variables and terms it uses.
type Shape = BTreeMap<String, BTreeSet<String>>;

fn variables_of_pattern(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            variables_of_expression(expression, out);
        }
    }
}

fn variables_of_expression(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            variables_of_inline(selector, out);
            for v in variants {
                variables_of_pattern(&v.value, out);
            }
        }
        ast::Expression::Inline(inline) => variables_of_inline(inline, out),
    }
}

fn variables_of_inline(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(format!("${}", id.name));
        }
        ast::InlineExpression::MessageReference { id, .. } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::TermReference { id, .. } => {
            out.insert(format!("-{}", id.name));
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                variables_of_inline(a, out);
            }
            for a in &arguments.named {
                variables_of_inline(&a.value, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => variables_of_expression(expression, out),
        ast::InlineExpression::StringLiteral { .. } | ast::InlineExpression::NumberLiteral { .. } => {}
    }
}

/// Each message of a language's catalog with the variables it uses; terms (`-x`)
/// belong to one language and are listed apart.
fn shape(lang: Lang) -> (Shape, BTreeSet<String>, Vec<String>) {
    let mut messages = Shape::new();
    let mut terms = BTreeSet::new();
    let mut problems = Vec::new();
    for (file, source) in FILES.iter().zip(sources(lang)) {
        let resource = match fluent_syntax::parser::parse(source) {
            Ok(r) => r,
            Err((r, errors)) => {
                problems.push(format!("locales/{lang}/{file}.ftl does not parse: {errors:?}"));
                r
            }
        };
        for entry in &resource.body {
            match entry {
                ast::Entry::Message(m) => {
                    let mut vars = BTreeSet::new();
                    if let Some(value) = &m.value {
                        variables_of_pattern(value, &mut vars);
                    }
                    // A variable the code passes that English does not need is named in
                    // the message's comment (`# Also passed: $day-number`), for others.
                    for line in m.comment.iter().flat_map(|c| c.content.iter()) {
                        if let Some(list) = line.trim().strip_prefix("Also passed:") {
                            vars.extend(list.split(',').map(|v| v.trim().to_string()).filter(|v| v.starts_with('$')));
                        }
                    }
                    if messages.insert(m.id.name.to_string(), vars).is_some() {
                        problems.push(format!("locales/{lang}/{file}.ftl repeats {}", m.id.name));
                    }
                    for a in &m.attributes {
                        let mut vars = BTreeSet::new();
                        variables_of_pattern(&a.value, &mut vars);
                        messages.insert(format!("{}.{}", m.id.name, a.id.name), vars);
                    }
                }
                ast::Entry::Term(t) => {
                    terms.insert(t.id.name.to_string());
                }
                ast::Entry::Junk { content } => {
                    problems.push(format!("locales/{lang}/{file}.ftl has junk: {}", content.trim()))
                }
                _ => {}
            }
        }
    }
    (messages, terms, problems)
}

#[test]
fn every_catalog_has_exactly_englishs_messages_and_variables() {
    let (english, _, mut problems) = shape(Lang::En);
    assert!(english.len() > 300, "English has only {} messages", english.len());
    for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
        let (theirs, terms, found) = shape(lang);
        problems.extend(found);
        for id in english.keys().filter(|id| !theirs.contains_key(*id)) {
            problems.push(format!("{lang} lacks {id}"));
        }
        for id in theirs.keys().filter(|id| !english.contains_key(*id)) {
            problems.push(format!("{lang} has {id}, which English lacks"));
        }
        for (id, vars) in &theirs {
            let Some(reference) = english.get(id) else { continue };
            for v in vars {
                let known = if let Some(term) = v.strip_prefix('-') {
                    terms.contains(term)
                } else if v.starts_with('$') {
                    // Terms come with their id as `<name>-id` (see `catalog::phrase_args`).
                    reference.contains(v) || v.strip_suffix("-id").is_some_and(|base| reference.contains(base))
                } else {
                    english.contains_key(v)
                };
                if !known {
                    problems.push(format!("{lang} {id} uses {v}, which English does not pass"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

/// The words of `text`, lowercase: runs of letters and digits.
fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric() && c != '_').filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// Discord shows an option's description beside a menu of the choices' localized names,
/// so a description names a choice (its default, say) by that name: never by the word
/// typed in text (`random`, `medium`, `unlimited`), unless the localized name is that
/// word too (German's "Arm"). Two-letter words (language codes) are left out.
#[test]
fn no_description_names_a_choice_by_its_typed_word_where_the_menu_has_a_name() {
    use boardbot::present::help::{choice_name, option_description};
    use boardbot::service::commands::{commands, day_choices, Kind};

    let mut problems = Vec::new();
    let mut checked = 0;
    for command in commands() {
        for (_, sub) in command.all_subs() {
            for option in &sub.options {
                // (the typed word, the catalog id of its menu name)
                let named: Vec<(String, String)> = match &option.kind {
                    Kind::Choice(choices) => choices
                        .iter()
                        .map(|c| (c.word.to_string(), format!("choice-{}-{}", option.name, c.word)))
                        .collect(),
                    Kind::Days => day_choices()
                        .into_iter()
                        .filter(|d| d.parse::<i64>().is_err())
                        .map(|d| (d, "days-unlimited".to_string()))
                        .collect(),
                    _ => continue,
                };
                for lang in Lang::ALL {
                    let described = words_of(&option_description(lang, command, option));
                    for (word, id) in &named {
                        // Two letters are a code (en, de, dm) and also a word of some
                        // language (Spanish "en", French "de"): not a choice's name.
                        if !boardbot::present::catalog::has(Lang::En, id) || word.chars().count() < 3 {
                            continue;
                        }
                        let name = match &option.kind {
                            Kind::Choice(_) => choice_name(lang, option, word),
                            _ => boardbot::present::catalog::text(lang, id, None),
                        };
                        checked += 1;
                        if !words_of(&name).contains(word) && described.contains(word) {
                            problems.push(format!(
                                "{lang} {} {} {}: the description names \"{word}\", the menu \"{name}\"",
                                command.name, sub.name, option.name
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 400, "only {checked} choices checked");
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}
