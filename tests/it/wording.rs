//! The sentences of every catalog read as a player meets them, for the kinds of error a
//! native reader found in them (issue #53), in every language at once:
//!
//! - a number placed before a noun that changes with it, without a plural choice
//!   ("1 moves");
//! - a `[one]` variant that writes "1" (or no number at all) where the language's
//!   `[one]` also takes other numbers (French: 0);
//! - a word doubled by a placeable ("el { $date }" where the date already says "el 3 de
//!   diciembre");
//! - a capital after a colon in the languages that write none (French, Spanish, Dutch);
//! - a glossary term replaced by another in the same sense: the glossary atop each
//!   catalog file lists, on its `English → local` lines, the words every message keeps;
//! - French spacing: a no-break space (U+00A0) before `: ; ! ? » %` and after `«`;
//! - a refusal that does not end its sentence.
//!
//! Messages are read twice: as written (every message of every file, every variant),
//! and as formatted with representative arguments: every sample of `present.rs`, worded
//! in every language with each catalog message recorded as it is formatted
//! (`catalog::record`). Each failure names the check, the language, the message, its
//! file, and what to write instead; other branches adding messages meet the same checks.

use std::collections::{BTreeMap, BTreeSet};

use boardbot::games::GameKind;
use boardbot::lang::Lang;
use boardbot::present::catalog::{self, sources, Formatted, FILES};
use boardbot::present::{say, Plain};
use boardbot::service::commands::commands;
use fluent_syntax::ast;

type Pattern = ast::Pattern<&'static str>;

/// A message or attribute of a catalog, as written.
struct Entry {
    file: &'static str,
    id: String,
    pattern: Pattern,
    /// The lines of the comment above the message.
    comment: Vec<&'static str>,
}

/// Every message and attribute of `lang`'s catalog, and the header comments (`###`) of
/// each file.
fn entries(lang: Lang) -> (Vec<Entry>, Vec<(&'static str, &'static str)>) {
    let mut out = Vec::new();
    let mut headers = Vec::new();
    for (file, source) in FILES.iter().zip(sources(lang)) {
        parse_into(file, source, &mut out, &mut headers);
    }
    (out, headers)
}

/// The messages of one file's source (and its header comments), added to `out`.
fn parse_into(
    file: &'static str,
    source: &'static str,
    out: &mut Vec<Entry>,
    headers: &mut Vec<(&'static str, &'static str)>,
) {
    let resource = match fluent_syntax::parser::parse(source) {
        Ok(r) => r,
        Err((r, _)) => r, // catalogs:: reports parse errors
    };
    for entry in resource.body {
        match entry {
            ast::Entry::Message(m) => {
                let comment: Vec<&'static str> = m.comment.iter().flat_map(|c| c.content.iter().copied()).collect();
                if let Some(value) = m.value {
                    out.push(Entry { file, id: m.id.name.to_string(), pattern: value, comment: comment.clone() });
                }
                for a in m.attributes {
                    out.push(Entry {
                        file,
                        id: format!("{}.{}", m.id.name, a.id.name),
                        pattern: a.value,
                        comment: comment.clone(),
                    });
                }
            }
            ast::Entry::ResourceComment(c) => headers.extend(c.content.iter().map(|line| (file, *line))),
            _ => {}
        }
    }
}

/// A problem, worded for whoever meets it: the check, the language, the message, what to do.
fn problem(check: &str, lang: Lang, file: &str, id: &str, what: impl std::fmt::Display) -> String {
    format!("[{check}] {lang} {id} (locales/{lang}/{file}.ftl): {what}")
}

fn report(check: &str, mut problems: Vec<String>) {
    problems.sort();
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} sentences to fix ({check}); each line names the check, the language, the message and what to do:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

fn variable(expression: &ast::InlineExpression<&'static str>) -> Option<&'static str> {
    match expression {
        ast::InlineExpression::VariableReference { id } => Some(id.name),
        _ => None,
    }
}

/// Calls `f` on every select expression of `pattern`, nested ones included: its
/// selector's variable (if it is one) and its variants.
fn each_select<'p>(pattern: &'p Pattern, f: &mut dyn FnMut(Option<&'static str>, &'p [ast::Variant<&'static str>])) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            each_select_in(expression, f);
        }
    }
}

fn each_select_in<'p>(
    expression: &'p ast::Expression<&'static str>,
    f: &mut dyn FnMut(Option<&'static str>, &'p [ast::Variant<&'static str>]),
) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            f(variable(selector), variants);
            for v in variants {
                each_select(&v.value, f);
            }
        }
        ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => each_select_in(expression, f),
        ast::Expression::Inline(_) => {}
    }
}

/// All the literal text of a pattern, every variant of every choice, placeables as spaces.
fn literal_text(pattern: &Pattern) -> String {
    let mut out = String::new();
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => out.push_str(value),
            ast::PatternElement::Placeable { expression } => {
                out.push(' ');
                literal_text_in(expression, &mut out);
                out.push(' ');
            }
        }
    }
    out
}

fn literal_text_in(expression: &ast::Expression<&'static str>, out: &mut String) {
    match expression {
        ast::Expression::Select { variants, .. } => {
            for v in variants {
                out.push_str(&literal_text(&v.value));
                out.push(' ');
            }
        }
        ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => literal_text_in(expression, out),
        ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }) => out.push_str(value),
        ast::Expression::Inline(_) => {}
    }
}

// ---------------------------------------------------------------------------------
// Plurals

/// The first word of `text` if it follows the number directly (after a space).
fn word_after_number(text: &str) -> Option<String> {
    let rest = text.strip_prefix([' ', '\u{a0}'])?;
    let word: String = rest.chars().take_while(|c| c.is_alphabetic()).collect();
    (!word.is_empty()).then(|| word.to_lowercase())
}

/// The noun after `{ $var }` (or, with `literal`, after a literal `1`) in a variant's
/// own text.
fn counted_noun(pattern: &Pattern, var: &str, literal: bool) -> Option<String> {
    let elements = &pattern.elements;
    for (i, element) in elements.iter().enumerate() {
        match element {
            ast::PatternElement::Placeable { expression: ast::Expression::Inline(inline) }
                if variable(inline) == Some(var) =>
            {
                if let Some(ast::PatternElement::TextElement { value }) = elements.get(i + 1) {
                    return word_after_number(value);
                }
            }
            ast::PatternElement::TextElement { value } if literal => {
                let tokens: Vec<&str> = value.split([' ', '\u{a0}']).collect();
                if let Some(at) = tokens.iter().position(|t| *t == "1") {
                    if let Some(next) = tokens.get(at + 1) {
                        return word_after_number(&format!(" {next}"));
                    }
                }
            }
            _ => {}
        }
    }
    None
}

/// The nouns of a language that change with their number, learnt from its own plural
/// choices: the word after the number in `*[other]` where `[one]` has another word.
fn counted_nouns(catalog: &[Entry]) -> BTreeSet<String> {
    let mut nouns = BTreeSet::new();
    for entry in catalog {
        each_select(&entry.pattern, &mut |selector, variants| {
            let Some(var) = selector else { return };
            let find = |name: &str| {
                variants.iter().find(|v| matches!(v.key, ast::VariantKey::Identifier { name: n } if n == name))
            };
            let (Some(one), Some(other)) = (find("one"), find("other")) else { return };
            let (singular, plural) = (counted_noun(&one.value, var, true), counted_noun(&other.value, var, false));
            if let (Some(singular), Some(plural)) = (singular, plural) {
                // Forms of one word (day, days; Zug, Züge), not a verb that agrees
                // with the number (is, zijn).
                let (s, p) = (folded(&singular), folded(&plural));
                let shared = s.chars().zip(p.chars()).take_while(|(a, b)| a == b).count();
                if singular != plural && shared >= s.chars().count().min(3) {
                    nouns.insert(plural);
                }
            }
        });
    }
    nouns
}

/// `word` without its umlauts and accents, to compare a word's forms.
fn folded(word: &str) -> String {
    word.chars()
        .map(|c| match c {
            'ä' | 'á' | 'à' | 'â' => 'a',
            'ö' | 'ó' | 'ô' => 'o',
            'ü' | 'ú' | 'û' => 'u',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ï' | 'î' => 'i',
            other => other,
        })
        .collect()
}

/// The variables a message's comment says are never 1 (`# Always plural: $max (why)`):
/// the English message's comment speaks for every language.
fn always_plural(comments: &[&[&'static str]]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in comments.iter().flat_map(|c| c.iter()) {
        if let Some(rest) = line.trim().strip_prefix("Always plural:") {
            let names = rest.split('(').next().unwrap_or("");
            out.extend(
                names.split(',').map(|v| v.trim().trim_start_matches('$').to_string()).filter(|v| !v.is_empty()),
            );
        }
    }
    out
}

/// Every `{ $var }` of `pattern` outside a choice on `$var`, with the text after it.
fn bare_numbers(pattern: &Pattern, inside: &mut Vec<&'static str>, out: &mut Vec<(&'static str, String)>) {
    let elements = &pattern.elements;
    for (i, element) in elements.iter().enumerate() {
        let ast::PatternElement::Placeable { expression } = element else { continue };
        match expression {
            ast::Expression::Inline(inline) => {
                if let Some(var) = variable(inline).filter(|v| !inside.contains(v)) {
                    if let Some(ast::PatternElement::TextElement { value }) = elements.get(i + 1) {
                        out.push((var, value.to_string()));
                    }
                }
            }
            ast::Expression::Select { selector, variants } => {
                let pushed = variable(selector);
                if let Some(var) = pushed {
                    inside.push(var);
                }
                for v in variants {
                    bare_numbers(&v.value, inside, out);
                }
                if pushed.is_some() {
                    inside.pop();
                }
            }
        }
    }
}

/// The variables that hold numbers: those some catalog chooses plural forms by, and
/// those the code passes as numbers.
fn numeric_variables() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for lang in Lang::ALL {
        for entry in entries(lang).0 {
            each_select(&entry.pattern, &mut |selector, variants| {
                let plural =
                    variants.iter().any(|v| matches!(v.key, ast::VariantKey::Identifier { name: "one" | "other" }));
                if let (Some(var), true) = (selector, plural) {
                    out.insert(var.to_string());
                }
            });
        }
        for f in formatted(lang) {
            out.extend(f.args.into_iter().filter(|(_, _, number)| *number).map(|(name, _, _)| name));
        }
    }
    out
}

/// The comments of the English messages, by id: what they say holds for every language.
fn english_comments() -> BTreeMap<String, Vec<&'static str>> {
    entries(Lang::En).0.into_iter().map(|e| (e.id, e.comment)).collect()
}

/// "1 moves" in `catalog`: `{ $n }` before a noun of `nouns` without a plural choice.
fn plural_problems(
    lang: Lang,
    catalog: &[Entry],
    nouns: &BTreeSet<String>,
    numbers: &BTreeSet<String>,
    english: &BTreeMap<String, Vec<&'static str>>,
) -> Vec<String> {
    let mut problems = Vec::new();
    for entry in catalog {
        let mut found = Vec::new();
        bare_numbers(&entry.pattern, &mut Vec::new(), &mut found);
        let no_one = english.get(&entry.id).map_or(&[][..], |c| c.as_slice());
        let never_one = always_plural(&[no_one, &entry.comment]);
        for (var, after) in found {
            if !numbers.contains(var) || never_one.contains(var) {
                continue;
            }
            let Some(noun) = word_after_number(&after).filter(|w| nouns.contains(w)) else { continue };
            problems.push(problem(
                "plural",
                lang,
                entry.file,
                &entry.id,
                format!(
                    "\"{{ ${var} }} {noun}\" reads \"1 {noun}\" when ${var} is 1: choose the noun by the number, \
                         {{ ${var} -> [one] … *[other] {{ ${var} }} {noun} }} (or, if ${var} is never 1, say so \
                         above the English message: `# Always plural: ${var} (why)`)"
                ),
            ));
        }
    }
    problems
}

/// "1 moves": a number before a noun that changes with it, without a plural choice.
#[test]
fn a_number_before_a_counted_noun_has_a_plural_choice() {
    let mut problems = Vec::new();
    let mut nouns_seen = 0;
    let (numbers, english) = (numeric_variables(), english_comments());
    for lang in Lang::ALL {
        let (catalog, _) = entries(lang);
        let nouns = counted_nouns(&catalog);
        nouns_seen += nouns.len();
        problems.extend(plural_problems(lang, &catalog, &nouns, &numbers, &english));
    }
    assert!(nouns_seen > 80, "only {nouns_seen} counted nouns learnt from the catalogs");
    report("plural", problems);
}

/// For each language, the whole numbers up to 1000 its `[one]` takes.
fn numbers_called_one(lang: Lang) -> Vec<i64> {
    use fluent_bundle::{FluentArgs, FluentBundle, FluentResource};
    let id: unic_langid::LanguageIdentifier = lang.code().parse().expect("a language tag");
    let mut bundle = FluentBundle::new(vec![id]);
    let resource =
        FluentResource::try_new("p = { $n ->\n [one] one\n *[other] other\n}\n".to_string()).expect("parses");
    bundle.add_resource(resource).expect("adds");
    let pattern = bundle.get_message("p").and_then(|m| m.value()).expect("the probe");
    (0..=1000)
        .filter(|n| {
            let mut args = FluentArgs::new();
            args.set("n", *n);
            bundle.format_pattern(pattern, Some(&args), &mut Vec::new()) == "one"
        })
        .collect()
}

/// A `[one]` of `catalog` that writes "1" (or "un joueur") where `lang`'s `[one]` also
/// takes other numbers (`ones`).
fn plural_one_problems(lang: Lang, catalog: &[Entry], ones: &[i64]) -> Vec<String> {
    let mut problems = Vec::new();
    for entry in catalog {
        each_select(&entry.pattern, &mut |selector, variants| {
            let Some(var) = selector else { return };
            let Some(one) = variants.iter().find(|v| matches!(v.key, ast::VariantKey::Identifier { name: "one" }))
            else {
                return;
            };
            let exact: Vec<i64> = variants
                .iter()
                .filter_map(|v| match &v.key {
                    ast::VariantKey::NumberLiteral { value } => value.parse().ok(),
                    _ => None,
                })
                .collect();
            let Some(other) = ones.iter().find(|n| **n != 1 && !exact.contains(n)) else { return };
            let shows = |p: &Pattern| {
                p.elements.iter().any(|e| {
                        matches!(e, ast::PatternElement::Placeable { expression: ast::Expression::Inline(i) } if variable(i) == Some(var))
                    })
            };
            let writes_one = texts_of(&one.value).iter().any(|t| t.split([' ', '\u{a0}']).any(|w| w == "1"));
            let other_shows = variants.iter().any(|v| v.default && shows(&v.value));
            // "1 joueur", or "un joueur" beside "{ $n } joueurs": 0 would read the same.
            if writes_one || (other_shows && !shows(&one.value)) {
                problems.push(problem(
                    "plural-one",
                    lang,
                    entry.file,
                    &entry.id,
                    format!(
                        "[one] of ${var} does not write {{ ${var} }}, but in {lang} [one] also takes {other}: \
                             write {{ ${var} }} in [one] (\"{{ ${var} }} …\", never \"1 …\" nor \"un …\"), \
                             or give {other} a variant of its own ([{other}] …)"
                    ),
                ));
            }
        });
    }
    problems
}

/// A `[one]` that writes "1" (or "un joueur") where the language's `[one]` also takes 0.
#[test]
fn a_one_variant_shows_its_number_where_one_is_not_only_1() {
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        let ones = numbers_called_one(lang);
        assert!(ones.contains(&1), "{lang}: 1 is not [one]");
        problems.extend(plural_one_problems(lang, &entries(lang).0, &ones));
    }
    report("plural-one", problems);
}

// ---------------------------------------------------------------------------------
// Sentences as formatted

/// Every message of the samples in `present.rs`, every option's description and help,
/// worded in `lang`, with each catalog message as it was formatted.
fn formatted(lang: Lang) -> Vec<Formatted> {
    let grammar = Plain::default();
    let ((), recorded) = catalog::record(|| {
        for m in crate::present::messages() {
            say(&m, lang, &grammar);
        }
        for command in commands() {
            for (_, sub) in command.all_subs() {
                for option in &sub.options {
                    boardbot::present::help::option_description(lang, command, option);
                }
            }
        }
    });
    assert!(recorded.len() > 500, "{lang}: only {} messages formatted", recorded.len());
    recorded
}

/// Each message id of `lang`'s catalog, with its file.
fn file_of(catalog: &[Entry]) -> BTreeMap<String, &'static str> {
    catalog.iter().map(|e| (base_id(&e.id).to_string(), e.file)).collect()
}

/// A message's id without its attribute.
fn base_id(id: &str) -> &str {
    id.split('.').next().unwrap_or(id)
}

/// Where each argument's text sits in the message's words (every occurrence).
fn argument_spans(f: &Formatted) -> Vec<(usize, usize, &str)> {
    let mut spans = Vec::new();
    for (name, value, _) in &f.args {
        if value.trim().is_empty() {
            continue;
        }
        for (at, _) in f.text.match_indices(value.as_str()) {
            spans.push((at, at + value.len(), name.as_str()));
        }
    }
    spans
}

/// The last word of `text` (letters only), lowercase, if `text` ends with it.
fn last_word(text: &str) -> Option<String> {
    let word: String = text.chars().rev().take_while(|c| c.is_alphabetic()).collect();
    (!word.is_empty()).then(|| word.chars().rev().collect::<String>().to_lowercase())
}

/// The first word of `text` (letters only), lowercase, if `text` starts with it.
fn first_word(text: &str) -> Option<String> {
    let word: String = text.chars().take_while(|c| c.is_alphabetic()).collect();
    (!word.is_empty()).then(|| word.to_lowercase())
}

/// The word written twice where `before` (text ending with a space) meets `value`, or
/// `value` meets `after` (text starting with a space).
fn doubled_at(before: &str, value: &str, after: &str) -> Option<String> {
    let spaces = [' ', '\u{a0}'];
    let left = before.strip_suffix(spaces).and_then(last_word).filter(|w| first_word(value).as_ref() == Some(w));
    let right = after.strip_prefix(spaces).and_then(first_word).filter(|w| last_word(value).as_ref() == Some(w));
    left.or(right)
}

/// Words doubled by a placeable in `recorded` (messages as formatted), and in `catalog`
/// as written, with the values each variable took anywhere in `recorded`.
fn doubled_problems(lang: Lang, catalog: &[Entry], recorded: &[Formatted]) -> Vec<String> {
    let files = file_of(catalog);
    let mut problems = Vec::new();
    let mut values: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    let mut numbers: BTreeSet<&str> = BTreeSet::new();
    for f in recorded {
        numbers.extend(f.args.iter().filter(|(_, _, number)| *number).map(|(name, _, _)| name.as_str()));
        for (start, end, name) in argument_spans(f) {
            let value = &f.text[start..end];
            values.entry(name).or_default().insert(value);
            if let Some(word) = doubled_at(&f.text[..start], value, &f.text[end..]) {
                problems.push(problem(
                    "doubled",
                    lang,
                    files.get(base_id(&f.id)).copied().unwrap_or("?"),
                    &f.id,
                    format!(
                        "\"{word} {word}\" in \"{}\": ${name} (\"{value}\") already has \"{word}\"; \
                         remove \"{word}\" from the message beside {{ ${name} }}",
                        f.text.trim()
                    ),
                ));
            }
        }
    }
    // As written: messages no sample reaches, with the values their variables (words,
    // not numbers) took elsewhere.
    let reached: BTreeSet<&str> = recorded.iter().map(|f| f.id.as_str()).collect();
    for entry in catalog.iter().filter(|e| !reached.contains(e.id.as_str())) {
        for (before, var, after) in placed_variables(&entry.pattern) {
            if numbers.contains(var) {
                continue;
            }
            for value in values.get(var).into_iter().flatten() {
                if let Some(word) = doubled_at(&before, value, &after) {
                    problems.push(problem(
                        "doubled",
                        lang,
                        entry.file,
                        &entry.id,
                        format!(
                            "\"{word} {{ ${var} }}\": ${var} may be \"{value}\", which already has \"{word}\"; \
                             remove \"{word}\" beside {{ ${var} }}"
                        ),
                    ));
                }
            }
        }
    }
    problems
}

/// Each `{ $var }` of `pattern` (in every variant) with the text right before and after it.
fn placed_variables(pattern: &Pattern) -> Vec<(String, &'static str, String)> {
    let mut out = Vec::new();
    let elements = &pattern.elements;
    let text_at = |i: Option<usize>| match i.and_then(|i| elements.get(i)) {
        Some(ast::PatternElement::TextElement { value }) => value.to_string(),
        _ => String::new(),
    };
    for (i, element) in elements.iter().enumerate() {
        let ast::PatternElement::Placeable { expression } = element else { continue };
        match expression {
            ast::Expression::Inline(inline) => {
                if let Some(var) = variable(inline) {
                    out.push((text_at(i.checked_sub(1)), var, text_at(Some(i + 1))));
                }
            }
            ast::Expression::Select { variants, .. } => {
                for v in variants {
                    out.extend(placed_variables(&v.value));
                }
            }
        }
    }
    out
}

/// "el { $date }" where the date says "el 3 de diciembre": a word written twice, once by
/// the message and once by what it places.
#[test]
fn no_word_is_doubled_by_a_placeable() {
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        problems.extend(doubled_problems(lang, &entries(lang).0, &formatted(lang)));
    }
    report("doubled", problems);
}

/// The languages that write no capital after a colon (a full sentence after a colon
/// starts with a capital in English and German).
const LOWER_AFTER_COLON: [Lang; 3] = [Lang::Fr, Lang::Es, Lang::Nl];

/// Words a language always writes with a capital: game titles, and the words its texts
/// write with one in the middle of a sentence (after a word in lowercase).
fn proper_words(texts: &[String]) -> BTreeSet<String> {
    let mut out: BTreeSet<String> = GameKind::ALL.iter().map(|k| k.title().to_string()).collect();
    out.extend(["Discord", "Matrix", "JavaScript", "JSON", "UTC", "README"].map(String::from));
    for text in texts {
        let tokens: Vec<&str> = text.split([' ', '\u{a0}', '\n', '(', '«', '“', '„', '‘']).collect();
        for pair in tokens.windows(2) {
            let (previous, word) = (pair[0], pair[1]);
            let word: String = word.chars().take_while(|c| c.is_alphanumeric() || *c == '-').collect();
            let capital = word.chars().next().is_some_and(char::is_uppercase);
            if capital && previous.chars().last().is_some_and(char::is_lowercase) {
                out.insert(word);
            }
        }
    }
    out
}

/// The word after each ": " of `text` that starts with a capital, with its offset.
fn capitals_after_colons(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices(':') {
        let Some(rest) = text[at + 1..].strip_prefix(' ') else { continue };
        let word: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '-').collect();
        let starts_upper = word.chars().next().is_some_and(char::is_uppercase);
        // Codes and notation (K7Q2, A3, PNG) are not words of a sentence.
        let a_word = word.chars().all(char::is_alphabetic) && word.chars().skip(1).any(char::is_lowercase);
        if starts_upper && a_word {
            out.push((at, word));
        }
    }
    out
}

/// Capitals after colons in `recorded` (as formatted: the colon or the capital may come
/// from what a message places) and in `catalog` as written, every variant.
fn colon_problems(lang: Lang, catalog: &[Entry], recorded: &[Formatted]) -> Vec<String> {
    let files = file_of(catalog);
    let mut texts: Vec<String> = recorded.iter().map(|f| f.text.clone()).collect();
    texts.extend(catalog.iter().map(|e| literal_text(&e.pattern)));
    let proper = proper_words(&texts);
    let mut problems = Vec::new();
    let what_to_do =
        format!("{lang} writes none after a colon: begin in lowercase, or end what comes before with a full stop");
    for f in recorded {
        let spans = argument_spans(f);
        for (at, word) in capitals_after_colons(&f.text) {
            let capital_at = at + 2;
            // Inside one argument: the message that made it is reported.
            if proper.contains(&word) || spans.iter().any(|(s, e, _)| *s <= at && capital_at < *e) {
                continue;
            }
            let from: Vec<String> = spans
                .iter()
                .filter(|(s, e, _)| (*s <= at && at < *e) || (*s <= capital_at && capital_at < *e))
                .map(|(_, _, n)| format!("${n}"))
                .collect();
            let start = f.text[..at].char_indices().rev().nth(40).map_or(0, |(i, _)| i);
            let excerpt: String = f.text[start..].chars().take(80).collect();
            problems.push(problem(
                "colon",
                lang,
                files.get(base_id(&f.id)).copied().unwrap_or("?"),
                &f.id,
                format!(
                    "\"…{}…\": a capital (\"{word}\") after a colon{}; {what_to_do}",
                    excerpt.trim(),
                    if from.is_empty() { String::new() } else { format!(" (placed by {})", from.join(", ")) }
                ),
            ));
        }
    }
    for entry in catalog {
        for text in texts_of(&entry.pattern) {
            for (_, word) in capitals_after_colons(&text) {
                if !proper.contains(&word) {
                    problems.push(problem(
                        "colon",
                        lang,
                        entry.file,
                        &entry.id,
                        format!("\"{}\": a capital (\"{word}\") after a colon; {what_to_do}", text.trim()),
                    ));
                }
            }
        }
    }
    problems
}

/// "ronde 2 : La partie …": French, Spanish and Dutch write no capital after a colon.
#[test]
fn no_capital_after_a_colon_where_the_language_writes_none() {
    let mut problems = Vec::new();
    for lang in LOWER_AFTER_COLON {
        problems.extend(colon_problems(lang, &entries(lang).0, &formatted(lang)));
    }
    report("colon", problems);
}

/// The literal text runs of a pattern, each variant's apart.
fn texts_of(pattern: &Pattern) -> Vec<String> {
    let mut out = vec![String::new()];
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => {
                if let Some(last) = out.last_mut() {
                    last.push_str(value);
                }
            }
            ast::PatternElement::Placeable { expression } => {
                if let ast::Expression::Select { variants, .. } = expression {
                    for v in variants {
                        out.extend(texts_of(&v.value));
                    }
                }
                out.push(String::new());
            }
        }
    }
    out.retain(|t| !t.trim().is_empty());
    out
}

/// Every refusal ends its sentence ("… in that position." rather than "… position").
#[test]
fn every_refusal_ends_its_sentence() {
    let mut problems = Vec::new();
    let grammar = Plain::default();
    for lang in Lang::ALL {
        let files = file_of(&entries(lang).0);
        for m in crate::present::messages() {
            let boardbot::service::Message::Refused(_) = &m else { continue };
            let (words, recorded) = catalog::record(|| say(&m, lang, &grammar));
            let first_line = words.text.lines().next().unwrap_or("").trim_end();
            if !first_line.ends_with(['.', '!', '?', ':', '…']) {
                let id = recorded.iter().rev().find(|f| f.id.starts_with("refused-")).map_or("?", |f| f.id.as_str());
                problems.push(problem(
                    "full-stop",
                    lang,
                    files.get(id).copied().unwrap_or("refusals"),
                    id,
                    format!("\"{first_line}\" does not end its sentence: end it with a full stop"),
                ));
            }
        }
    }
    report("full-stop", problems);
}

/// Discord cuts a description or a choice's name past 100 characters ("…"): every one
/// fits, in every language.
#[test]
fn every_description_fits_discords_100_characters() {
    use boardbot::present::help::{
        choice_name, command_description, group_description, option_description, sub_description,
    };
    use boardbot::service::commands::Kind;
    let mut problems = Vec::new();
    let mut checked = 0;
    for lang in Lang::ALL {
        let files = file_of(&entries(lang).0);
        let mut check = |id: &str, text: String| {
            checked += 1;
            let n = text.chars().count();
            if n > 100 {
                problems.push(problem(
                    "length",
                    lang,
                    files.get(id).copied().unwrap_or("commands"),
                    id,
                    format!("\"{text}\" has {n} characters; Discord shows 100: say it in fewer words"),
                ));
            }
        };
        for command in commands() {
            check(command.help, command_description(lang, command));
            for group in &command.groups {
                check(group.help, group_description(lang, group));
            }
            for (_, sub) in command.all_subs() {
                check(sub.help, sub_description(lang, command, sub));
                for option in &sub.options {
                    check(option.help, option_description(lang, command, option));
                    if let Kind::Choice(choices) = &option.kind {
                        for c in choices {
                            check(&format!("choice-{}-{}", option.name, c.word), choice_name(lang, option, c.word));
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 500, "only {checked} descriptions checked");
    report("length", problems);
}

// ---------------------------------------------------------------------------------
// French spacing

/// Ordinary spaces in French where typography wants a no-break one (U+00A0): before
/// `: ; ! ? » %` and after `«`.
fn french_space_problems(catalog: &[Entry]) -> Vec<String> {
    let mut problems = Vec::new();
    for entry in catalog {
        for text in texts_of(&entry.pattern) {
            let chars: Vec<char> = text.chars().collect();
            for (i, pair) in chars.windows(2).enumerate() {
                let wrong = match pair {
                    // After punctuation ("plus ; ? erreur") the sign is a symbol, not punctuation.
                    [' ', p] if ":;!?»%".contains(*p) => {
                        i == 0 || chars[i - 1].is_alphanumeric() || ")»}".contains(chars[i - 1])
                    }
                    ['«', ' '] => true,
                    _ => false,
                };
                if wrong {
                    let excerpt: String = chars[i.saturating_sub(20)..(i + 20).min(chars.len())].iter().collect();
                    let sign = pair.iter().find(|c| **c != ' ').copied().unwrap_or(' ');
                    problems.push(problem(
                        "espace",
                        Lang::Fr,
                        entry.file,
                        &entry.id,
                        format!(
                            "\"…{}…\": an ordinary space beside \"{sign}\"; French puts a no-break space (U+00A0) there",
                            excerpt.trim()
                        ),
                    ));
                }
            }
        }
    }
    problems
}

/// French typography: a no-break space (U+00A0) before `: ; ! ? » %`, after `«`.
#[test]
fn french_puts_a_no_break_space_before_high_punctuation() {
    report("espace", french_space_problems(&entries(Lang::Fr).0));
}

// ---------------------------------------------------------------------------------
// The glossary

/// A line of a glossary that a test checks: `English term(s) → local term(s)`.
#[derive(Debug)]
struct Term {
    /// The English words (any one of them, a word's start: "rating" is also "ratings").
    english: Vec<String>,
    /// The local words that stand for them (any one of them, a word's start).
    local: Vec<String>,
    /// Local words that must never stand anywhere in this language's catalog.
    never: Vec<String>,
    /// Where the line is.
    file: &'static str,
}

/// Splits `text` at the first `  `, ` (`, ` — `, `;` or ` :`: what comes before is the terms.
fn terms_part(text: &str) -> &str {
    let mut end = text.len();
    for stop in ["  ", " (", " — ", ";", " :", "\u{a0}:"] {
        if let Some(at) = text.find(stop) {
            end = end.min(at);
        }
    }
    text[..end].trim()
}

fn split_list(text: &str, separator: &str) -> Vec<String> {
    text.split(separator).map(|t| t.trim().to_lowercase()).filter(|t| !t.is_empty()).collect()
}

/// The checked lines of the glossaries in `headers` (the `###` comments atop each file):
/// `###   rating → cote`, indented, the English side in lowercase. Several terms with
/// " / " pair up in order (`rated / casual → classé / amical`); " | " separates words that
/// may each stand for a term; `≠ a, b` names words never to use. Lines that do not pair
/// up are problems.
fn glossary(lang: Lang, headers: &[(&'static str, &'static str)], problems: &mut Vec<String>) -> Vec<Term> {
    let mut out: Vec<Term> = Vec::new();
    for (file, line) in headers {
        // Prose may use arrows too: an entry is indented, its English side in lowercase.
        let Some((left, right)) = line.split_once('→') else { continue };
        let english_side =
            left.starts_with("  ") && left.trim().chars().all(|c| c.is_ascii_lowercase() || " /|-".contains(c));
        if !english_side {
            continue;
        }
        let (right, never) = match right.split_once('≠') {
            Some((terms, never)) => (terms, split_list(terms_part(never), ",")),
            None => (terms_part(right), Vec::new()),
        };
        let english = split_list(left.trim(), " / ");
        let local = split_list(terms_part(right), " / ");
        if english.is_empty() || local.is_empty() || (local.len() != english.len() && local.len() != 1) {
            problems.push(problem(
                "glossary",
                lang,
                file,
                "(glossary)",
                format!(
                    "the line \"{}\" pairs {} English terms with {} of this language: write as many on each side",
                    line.trim(),
                    english.len(),
                    local.len()
                ),
            ));
            continue;
        }
        for (i, en) in english.iter().enumerate() {
            let here = if local.len() == 1 { &local[0] } else { &local[i] };
            out.push(Term {
                english: split_list(en, " | "),
                local: split_list(here, " | "),
                // A line's `≠` words are checked once, with its first term.
                never: if i == 0 { never.clone() } else { Vec::new() },
                file,
            });
        }
    }
    out
}

/// Whether `text` has a word starting with `term` (terms of several words match as
/// written, at a word's start).
fn has_term(text: &str, term: &str) -> bool {
    let text = text.to_lowercase();
    text.match_indices(term).any(|(at, _)| text[..at].chars().last().is_none_or(|c| !c.is_alphanumeric()))
}

/// Whether English `text` uses `term` as a word of a sentence: not an option typed
/// (`rated:yes`) nor a command (`/kuba rating`).
fn english_uses(text: &str, term: &str) -> bool {
    let lower = text.to_lowercase();
    lower.match_indices(term).any(|(at, _)| {
        let before = lower[..at].chars().last();
        let word_end = lower[at..].find(|c: char| !c.is_alphanumeric()).map_or(lower.len(), |e| at + e);
        !before.is_some_and(|c| c.is_alphanumeric() || "/!_".contains(c)) && !lower[word_end..].starts_with(':')
    })
}

/// A message's comment (or the English message's, for every language) may set a term
/// aside: `# Glossary aside: challenge — the typed subcommand`.
fn set_aside(entry: &Entry, english: &[&'static str], term: &Term) -> bool {
    entry.comment.iter().chain(english).any(|line| {
        line.trim()
            .strip_prefix("Glossary aside:")
            .is_some_and(|rest| term.english.iter().any(|en| terms_part(rest).to_lowercase().contains(en.as_str())))
    })
}

/// The English messages: their literal text and their comments, by id.
type English = BTreeMap<String, (String, Vec<&'static str>)>;

fn english() -> English {
    entries(Lang::En).0.into_iter().map(|e| (e.id.clone(), (literal_text(&e.pattern), e.comment))).collect()
}

/// Messages of `catalog` that lose a glossary term of `terms` the English message uses,
/// or use a word the glossary never uses; the count of uses checked comes back too.
fn glossary_problems(lang: Lang, terms: &[Term], catalog: &[Entry], english: &English) -> (Vec<String>, usize) {
    let mut problems = Vec::new();
    let mut checked = 0;
    for entry in catalog {
        let theirs = literal_text(&entry.pattern);
        for term in terms {
            for never in term.never.iter().filter(|never| has_term(&theirs, never)) {
                problems.push(problem(
                    "glossary",
                    lang,
                    entry.file,
                    &entry.id,
                    format!(
                        "\"{never}\" is a word the glossary (locales/{lang}/{}.ftl) never uses: write \"{}\"",
                        term.file,
                        term.local.join("\" or \"")
                    ),
                ));
            }
            let Some((source, english_comment)) = english.get(&entry.id) else { continue };
            let Some(en) = term.english.iter().find(|en| english_uses(source, en)) else { continue };
            checked += 1;
            if !term.local.iter().any(|l| has_term(&theirs, l)) && !set_aside(entry, english_comment, term) {
                problems.push(problem(
                    "glossary",
                    lang,
                    entry.file,
                    &entry.id,
                    format!(
                        "English says \"{en}\"; the glossary (locales/{lang}/{}.ftl) says \"{}\", which this message \
                         lacks: use it (or, where the sentence rightly says it otherwise, add the comment \
                         `# Glossary aside: {en} — why` above the message)",
                        term.file,
                        term.local.join("\" or \"")
                    ),
                ));
            }
        }
    }
    (problems, checked)
}

/// "Rediffusion" where the glossary says "animation": where the English message uses a
/// glossary's term, every language's message uses that language's word for it; words a
/// glossary marks `≠` appear nowhere.
#[test]
fn every_message_keeps_the_glossarys_words() {
    let mut problems = Vec::new();
    let english = english();
    let mut checked = 0;
    for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
        let (catalog, headers) = entries(lang);
        let terms = glossary(lang, &headers, &mut problems);
        assert!(terms.len() >= 10, "{lang}: only {} glossary lines of the form `English → local`", terms.len());
        let (found, count) = glossary_problems(lang, &terms, &catalog, &english);
        problems.extend(found);
        checked += count;
    }
    assert!(checked > 500, "only {checked} uses of glossary terms checked");
    report("glossary", problems);
}

// ---------------------------------------------------------------------------------
// The checks themselves

/// One file's messages from `source` (leaked: the checks borrow catalogs for good).
fn parse(file: &'static str, source: &str) -> (Vec<Entry>, Vec<(&'static str, &'static str)>) {
    let (mut out, mut headers) = (Vec::new(), Vec::new());
    parse_into(file, Box::leak(source.to_string().into_boxed_str()), &mut out, &mut headers);
    (out, headers)
}

fn sample(lang: Lang, id: &str, args: &[(&str, &str, bool)], text: &str) -> Formatted {
    Formatted {
        lang,
        id: id.to_string(),
        args: args.iter().map(|(n, v, number)| (n.to_string(), v.to_string(), *number)).collect(),
        text: text.to_string(),
    }
}

/// Each check finds the errors the native reading of issue #53 found, as they were
/// written then: the checks above can fail.
#[test]
fn each_check_finds_what_the_native_reading_found() {
    // "{ $last } moves were played since": a number without a plural choice.
    let (en, _) = parse("web", "web-showing = { $ply ->\n    [0] The start position; { $last } moves were played since.\n   *[other] The board after move { $ply } of { $last }.\n}\nweb-moves = { $n ->\n    [one] 1 move\n   *[other] { $n } moves\n}\n");
    let nouns = counted_nouns(&en);
    let numbers: BTreeSet<String> = ["last".to_string(), "ply".to_string()].into();
    let found = plural_problems(Lang::En, &en, &nouns, &numbers, &BTreeMap::new());
    assert!(found.len() == 1 && found[0].contains("web-showing") && found[0].contains("{ $last } moves"), "{found:?}");

    // French `[one] 1 joueur`, which 0 would read too.
    let (fr, _) = parse("refusals", "refused-tournament-too-few = { $tournament } a { $players ->\n        [one] 1 joueur\n       *[other] { $players } joueurs\n    } ; il lui en faut au moins { $needed }.\n");
    let found = plural_one_problems(Lang::Fr, &fr, &numbers_called_one(Lang::Fr));
    assert!(found.len() == 1 && found[0].contains("also takes 0"), "{found:?}");
    assert!(plural_one_problems(Lang::Es, &fr, &numbers_called_one(Lang::Es)).is_empty());

    // Spanish "empieza el { $date }" where the date is "el 3 de diciembre …".
    let (es, _) = parse(
        "main",
        "tournament-next-edition = La edición siguiente empieza el { $date }.\nreminder = Tienes hasta { $date }.\n",
    );
    let date = "el 3 de diciembre de 2026 a las 14:00 UTC";
    let recorded = [sample(Lang::Es, "reminder", &[("date", date, false)], &format!("Tienes hasta {date}."))];
    let found = doubled_problems(Lang::Es, &es, &recorded);
    assert!(
        found.len() == 1 && found[0].contains("tournament-next-edition") && found[0].contains("has \"el\""),
        "{found:?}"
    );
    let recorded = [sample(
        Lang::Es,
        "tournament-next-edition",
        &[("date", date, false)],
        &format!("La edición siguiente empieza el {date}."),
    )];
    assert!(doubled_problems(Lang::Es, &[], &recorded).iter().any(|p| p.contains("\"el el\"")));

    // French "…, ronde 2 :" before "La partie … commence": the colon placed by $opening.
    let (fr, _) =
        parse("main", "game-begins = { $opening } La partie de { $game } { $id } commence.\naway = au tour de Blanc\n");
    let opening = "« Weekly » (tournoi 1), ronde 2\u{a0}:";
    let text = format!("{opening} La partie de Kuba K7Q2 commence.");
    let recorded = [sample(Lang::Fr, "game-begins", &[("opening", opening, false), ("game", "Kuba", false)], &text)];
    let found = colon_problems(Lang::Fr, &fr, &recorded);
    assert!(found.len() == 1 && found[0].contains("\"La\"") && found[0].contains("$opening"), "{found:?}");
    let (es, _) = parse("main", "x = ronda 2: Empieza la partida\n");
    assert_eq!(colon_problems(Lang::Es, &es, &[]).len(), 1);

    // "Rediffusion" for replay, "classement" for rating, Spanish "puntuada" for rated.
    let (fr, headers) = parse("main", "### Glossaire\n###   rating → cote\n###   replay → animation ≠ rediffusion\n\nweb-col-rating = Classement\nweb-heading-replay = Rediffusion\nweb-replay-link = Revoir la partie en animation\n");
    let mut problems = Vec::new();
    let terms = glossary(Lang::Fr, &headers, &mut problems);
    assert!(problems.is_empty() && terms.len() == 2, "{problems:?} {terms:?}");
    let english: English = [
        ("web-col-rating", "Rating"),
        ("web-heading-replay", "Replay"),
        ("web-replay-link", "Watch the whole game as an animated replay"),
    ]
    .into_iter()
    .map(|(id, text)| (id.to_string(), (text.to_string(), Vec::new())))
    .collect();
    let (found, checked) = glossary_problems(Lang::Fr, &terms, &fr, &english);
    assert_eq!(checked, 3);
    assert!(found.iter().any(|p| p.contains("web-col-rating") && p.contains("\"cote\"")), "{found:?}");
    assert!(
        found.iter().any(|p| p.contains("web-heading-replay") && p.contains("\"rediffusion\" is a word")),
        "{found:?}"
    );
    assert!(!found.iter().any(|p| p.contains("web-replay-link")), "{found:?}");
    let (es, headers) = parse("main", "###   rated / casual → por puntos / amistos ≠ puntuada\n\nweb-subtitle = { $rated ->\n    [yes] puntuada\n   *[no] amistosa\n}\n");
    let terms = glossary(Lang::Es, &headers, &mut problems);
    let english: English = [("web-subtitle".to_string(), ("rated casual".to_string(), Vec::new()))].into();
    let (found, _) = glossary_problems(Lang::Es, &terms, &es, &english);
    assert_eq!(found.len(), 2, "{found:?}");

    // French spacing: "ronde { $round } :" with an ordinary space.
    let (fr, _) = parse("main", "opening-tournament = { $tournament }, ronde { $round } :\n");
    assert_eq!(french_space_problems(&fr).len(), 1);
}
