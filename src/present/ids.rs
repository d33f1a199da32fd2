//! Every catalog id the code can pass is a message of every catalog: one unit test,
//! [`every_id_the_code_passes_is_in_every_catalog`], reads the Rust files under `src/`
//! and finds each id handed to the wording functions; a misspelled or missing id fails
//! it with the file and line of the call.
//!
//! How ids are found. A small Rust lexer ([`lex`]: comments, nested block comments,
//! raw strings, byte strings, lifetimes and char literals) gives tokens; `#[cfg(test)]`
//! items are left out (tests pass made-up ids on purpose). The wording functions are
//! seeded by [`SEEDS`] (`catalog::text`, `catalog::words`, `Phrase::new`) and grown to
//! a fixed point: a function or a `let`-bound closure that passes one of its own
//! parameters as the id becomes a wording function with that parameter (`Say::t`,
//! `who_ending`, `web::word`, the terminal's `note`, a `who` closure …). At every call
//! the id argument is read:
//! - string literals in it are ids (`if conditional { "moved-conditional" } else {
//!   "moved" }` gives two); a literal with `{` is a pattern made at run time
//!   (`format!("level-{}", …)`), which must have an entry in [`PATTERNS`] that lists
//!   every id it can make from the enums it is made from;
//! - a parameter makes the function a wording function (above); a `let` binding is
//!   read through its initializer (`let id = match cause { … => "aborted-asked", … }`);
//! - anything else (a field of the commands table, `kind.term()`, `label_id(…)`) must
//!   be in [`SOURCES`], which enumerates every id it can give, or the test fails naming
//!   the call: no id reaches a catalog unchecked.
//!
//! The rules cores' phrases (`src/games/`) are left to `tests/it/game_words.rs`, which
//! words a sample of every variant of every refusal, ending and label part.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast;

use super::catalog::sources;
use crate::lang::Lang;

// ---------------------------------------------------------------------------
// The lexer

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    /// A string literal's text between its quotes, escapes as written.
    Str(String),
    Punct(char),
    /// A number, a char or byte literal, a lifetime: nothing an id is made of.
    Other,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    line: u32,
}

/// The tokens of a Rust source, each with its line; comments dropped.
fn lex(src: &str) -> Vec<Token> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0usize, 1u32);
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        let start_line = line;
        let ident_char = |c: char| c == '_' || c.is_alphanumeric();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if c == '"' || ((c == 'b' || c == 'c') && at(i + 1) == '"') {
            i += if c == '"' { 1 } else { 2 };
            let mut text = String::new();
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    text.push(chars[i]);
                    i += 1;
                }
                if at(i) == '\n' {
                    line += 1;
                }
                text.push(at(i));
                i += 1;
            }
            i += 1;
            out.push(Token { tok: Tok::Str(text), line: start_line });
        } else if (c == 'r' && (at(i + 1) == '"' || (at(i + 1) == '#' && matches!(at(i + 2), '"' | '#'))))
            || ((c == 'b' || c == 'c') && at(i + 1) == 'r' && matches!(at(i + 2), '"' | '#'))
        {
            // A raw string: r"…", r#"…"#, br"…", cr#"…"#.
            i += if c == 'r' { 1 } else { 2 };
            let mut hashes = 0;
            while at(i) == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1;
            let mut text = String::new();
            while i < chars.len() {
                if chars[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#') {
                    i += 1 + hashes;
                    break;
                }
                if chars[i] == '\n' {
                    line += 1;
                }
                text.push(chars[i]);
                i += 1;
            }
            out.push(Token { tok: Tok::Str(text), line: start_line });
        } else if c == '\'' || (c == 'b' && at(i + 1) == '\'') {
            // A char or byte literal ('a', '\n', '\u{E000}', b'x'), or a lifetime ('a).
            let q = if c == 'b' { i + 1 } else { i };
            if at(q + 1) == '\\' {
                i = q + 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(q + 2) == '\'' {
                i = q + 3;
            } else {
                i = q + 1;
                while ident_char(at(i)) {
                    i += 1;
                }
            }
            out.push(Token { tok: Tok::Other, line: start_line });
        } else if c == 'r' && at(i + 1) == '#' && ident_char(at(i + 2)) {
            // A raw identifier: r#type.
            i += 2;
            let begin = i;
            while ident_char(at(i)) {
                i += 1;
            }
            out.push(Token { tok: Tok::Ident(chars[begin..i].iter().collect()), line: start_line });
        } else if c.is_ascii_digit() {
            while ident_char(at(i)) {
                i += 1;
            }
            out.push(Token { tok: Tok::Other, line: start_line });
        } else if ident_char(c) {
            let begin = i;
            while ident_char(at(i)) {
                i += 1;
            }
            out.push(Token { tok: Tok::Ident(chars[begin..i].iter().collect()), line: start_line });
        } else {
            out.push(Token { tok: Tok::Punct(c), line: start_line });
            i += 1;
        }
    }
    out
}

fn is_punct(t: Option<&Token>, c: char) -> bool {
    matches!(t, Some(Token { tok: Tok::Punct(p), .. }) if *p == c)
}

fn ident(t: Option<&Token>) -> Option<&str> {
    match t {
        Some(Token { tok: Tok::Ident(s), .. }) => Some(s),
        _ => None,
    }
}

/// The index of the bracket closing the one at `open`, or the end.
fn closing(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0i32;
    for (k, t) in tokens.iter().enumerate().skip(open) {
        match t.tok {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    tokens.len()
}

/// `tokens` without the items under `#[cfg(test)]`.
fn without_tests(tokens: Vec<Token>) -> Vec<Token> {
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        let attribute: Vec<&Tok> = tokens[i..tokens.len().min(i + 7)].iter().map(|t| &t.tok).collect();
        let cfg_test = [
            Tok::Punct('#'),
            Tok::Punct('['),
            Tok::Ident("cfg".into()),
            Tok::Punct('('),
            Tok::Ident("test".into()),
            Tok::Punct(')'),
            Tok::Punct(']'),
        ];
        if attribute.len() == 7 && attribute.iter().zip(&cfg_test).all(|(a, b)| *a == b) {
            // The item ends at its first `;` or with its first block.
            let mut k = i + 7;
            while k < tokens.len() && !is_punct(tokens.get(k), ';') && !is_punct(tokens.get(k), '{') {
                k += 1;
            }
            i = if is_punct(tokens.get(k), '{') { closing(&tokens, k) + 1 } else { k + 1 };
            continue;
        }
        out.push(tokens[i].clone());
        i += 1;
    }
    out
}

/// `tokens` split at the commas outside brackets.
fn split_commas(tokens: &[Token]) -> Vec<&[Token]> {
    let mut out = Vec::new();
    let (mut depth, mut angle, mut start) = (0i32, 0i32, 0usize);
    for (k, t) in tokens.iter().enumerate() {
        match t.tok {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => depth -= 1,
            Tok::Punct('<') => angle += 1,
            // `->` closes nothing.
            Tok::Punct('>') if !(k > 0 && is_punct(tokens.get(k - 1), '-')) => angle = (angle - 1).max(0),
            Tok::Punct(',') if depth == 0 && angle == 0 => {
                out.push(&tokens[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    if start < tokens.len() {
        out.push(&tokens[start..]);
    }
    out
}

/// The code of `tokens` as one line, for messages and the tables' keys.
fn code(tokens: &[Token]) -> String {
    let mut out = String::new();
    for t in tokens {
        match &t.tok {
            Tok::Ident(s) => {
                if out.ends_with(|c: char| c == '_' || c.is_alphanumeric()) {
                    out.push(' ');
                }
                out.push_str(s);
            }
            Tok::Str(s) => out.push_str(&format!("\"{s}\"")),
            Tok::Punct(c) => out.push(*c),
            Tok::Other => out.push('…'),
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Functions and calls

/// A function or closure that passes an id: its name (`Phrase::new` for a seed called
/// by its type), whether it is called as a method (`.t(…)`), the file that defines it
/// (empty for a seed any file may call), whether it is a closure (called in that file
/// only), the index of the id among its arguments (a receiver not counted), and the
/// format the argument goes into (`web-{}-title`) when it is only part of the id.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Wording {
    name: String,
    method: bool,
    home: String,
    closure: bool,
    index: usize,
    template: Option<String>,
}

/// The functions the others pass their ids to: `catalog::text`, `catalog::words` and
/// the rules cores' `Phrase::new` (name, method, home, index). `catalog::has` is not
/// one: it asks whether an optional message is there (`help::choice_name`).
const SEEDS: [(&str, bool, &str, usize); 3] = [
    ("text", false, "src/present/catalog.rs", 1),
    ("words", false, "src/present/catalog.rs", 1),
    ("Phrase::new", false, "", 0),
];

/// A function of a file: its name, receiver, parameters' names, and its body's span.
struct Function {
    name: String,
    method: bool,
    params: Vec<Option<String>>,
    body: (usize, usize),
}

fn functions(tokens: &[Token]) -> Vec<Function> {
    let mut out = Vec::new();
    for i in 0..tokens.len() {
        if ident(tokens.get(i)) != Some("fn") {
            continue;
        }
        let Some(name) = ident(tokens.get(i + 1)) else { continue };
        let mut k = i + 2;
        if is_punct(tokens.get(k), '<') {
            let mut angle = 0;
            while k < tokens.len() {
                match tokens[k].tok {
                    Tok::Punct('<') => angle += 1,
                    Tok::Punct('>') if !is_punct(tokens.get(k - 1), '-') => {
                        angle -= 1;
                        if angle == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                k += 1;
            }
            k += 1;
        }
        if !is_punct(tokens.get(k), '(') {
            continue;
        }
        let close = closing(tokens, k);
        let mut method = false;
        let mut params = Vec::new();
        for (n, param) in split_commas(&tokens[k + 1..close.min(tokens.len())]).into_iter().enumerate() {
            let colon = param.iter().position(|t| is_punct(Some(t), ':')).unwrap_or(param.len());
            let names: Vec<&str> =
                param[..colon].iter().filter_map(|t| ident(Some(t))).filter(|s| *s != "mut").collect();
            if n == 0 && names.contains(&"self") {
                method = true;
                continue;
            }
            params.push(if names.len() == 1 { Some(names[0].to_string()) } else { None });
        }
        let mut b = close + 1;
        while b < tokens.len() && !is_punct(tokens.get(b), '{') && !is_punct(tokens.get(b), ';') {
            b += 1;
        }
        if is_punct(tokens.get(b), '{') {
            out.push(Function { name: name.to_string(), method, params, body: (b, closing(tokens, b)) });
        }
    }
    out
}

/// A file read: its path, tokens (tests left out), functions, and the names its `use`
/// declarations bring in, each as `module::name`.
struct File {
    path: String,
    tokens: Vec<Token>,
    fns: Vec<Function>,
    used: BTreeSet<String>,
}

impl File {
    fn new(path: &str, src: &str) -> File {
        let tokens = without_tests(lex(src));
        let fns = functions(&tokens);
        // Each name a `use` brings in, with the module it comes from (`catalog::words`):
        // another module's function of the same name is not the wording one.
        let mut used = BTreeSet::new();
        let mut in_use = false;
        let (mut groups, mut module): (Vec<String>, String) = (Vec::new(), String::new());
        for (k, t) in tokens.iter().enumerate() {
            match &t.tok {
                Tok::Ident(s) if s == "use" => {
                    in_use = true;
                    groups.clear();
                    module.clear();
                }
                Tok::Ident(s) if in_use => {
                    if is_punct(tokens.get(k + 1), ':') && is_punct(tokens.get(k + 2), ':') {
                        module = s.clone();
                    } else {
                        used.insert(format!("{module}::{s}"));
                    }
                }
                Tok::Punct('{') if in_use => groups.push(module.clone()),
                Tok::Punct('}') if in_use => {
                    groups.pop();
                }
                Tok::Punct(',') if in_use => module = groups.last().cloned().unwrap_or_default(),
                Tok::Punct(';') => in_use = false,
                _ => {}
            }
        }
        File { path: path.to_string(), tokens, fns, used }
    }

    /// The innermost function around the token `at`.
    fn function_at(&self, at: usize) -> Option<&Function> {
        self.fns.iter().filter(|f| f.body.0 < at && at < f.body.1).min_by_key(|f| f.body.1 - f.body.0)
    }
}

/// The folder of a file (`src/present`), and its module's name (`catalog`, or the
/// folder's for a `mod.rs`).
fn folder_and_module(path: &str) -> (&str, &str) {
    let (folder, name) = path.rsplit_once('/').unwrap_or(("", path));
    let stem = name.strip_suffix(".rs").unwrap_or(name);
    if stem == "mod" {
        (folder, folder.rsplit_once('/').map_or(folder, |(_, m)| m))
    } else {
        (folder, stem)
    }
}

/// A call of a wording function: where, which, and its id argument's tokens.
struct Call<'a> {
    at: usize,
    wording: &'a Wording,
    arg: &'a [Token],
}

const KEYWORDS: [&str; 8] = ["if", "match", "while", "for", "return", "in", "fn", "loop"];

/// Whether a call in `file` of `name` (written `owner::name` when `owner` is given)
/// may be a call of `w`: a closure in its file; a function in its folder, or by its
/// module's name, or where a `use` brings it in.
fn may_call(w: &Wording, file: &File, full: &str, owner: Option<&str>, method: bool) -> bool {
    if w.name != full || w.method != method {
        return false;
    }
    if w.home.is_empty() {
        return true;
    }
    if w.closure {
        return w.home == file.path;
    }
    let (home_folder, home_module) = folder_and_module(&w.home);
    let (folder, _) = folder_and_module(&file.path);
    folder == home_folder
        || (!method
            && (owner == Some(home_module)
                || (owner.is_none() && file.used.contains(&format!("{home_module}::{full}")))))
}

fn calls<'a>(file: &'a File, wording: &'a BTreeSet<Wording>) -> Vec<Call<'a>> {
    let tokens = &file.tokens;
    let mut out = Vec::new();
    for i in 0..tokens.len() {
        let Some(name) = ident(tokens.get(i)) else { continue };
        if !is_punct(tokens.get(i + 1), '(') || KEYWORDS.contains(&name) {
            continue;
        }
        let before = i.checked_sub(1).and_then(|k| tokens.get(k));
        if ident(before) == Some("fn") {
            continue;
        }
        let method = is_punct(before, '.');
        // A path's last segment: `catalog::text`, `Phrase::new`.
        let owner = (i >= 3 && is_punct(tokens.get(i - 1), ':') && is_punct(tokens.get(i - 2), ':'))
            .then(|| ident(tokens.get(i - 3)))
            .flatten();
        let full = match owner {
            Some(o) if o.starts_with(char::is_uppercase) => format!("{o}::{name}"),
            _ => name.to_string(),
        };
        let close = closing(tokens, i + 1);
        let args = split_commas(&tokens[i + 2..close.min(tokens.len())]);
        for w in wording.iter().filter(|w| may_call(w, file, &full, owner, method)) {
            if let Some(arg) = args.get(w.index) {
                out.push(Call { at: i, wording: w, arg });
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Reading an id argument

/// What an id argument gives.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Found {
    /// An id as written.
    Id(String),
    /// An id made at run time from this format string.
    Pattern(String),
    /// An expression of [`SOURCES`]: its index there.
    Source(usize),
    /// A parameter or closure argument: what calls it is read instead.
    Wording(Wording),
    /// An expression nothing here can read.
    Unread(String),
}

/// Conversions that keep an id as it is.
const KEEPING: [&str; 7] = ["as_str", "as_ref", "clone", "to_string", "into", "to_owned", "borrow"];

/// The string literals of `expr` that are its value: not those of a statement in one
/// of its blocks (`args.push(("choices", …));` before the arm's id).
fn value_literals(expr: &[Token]) -> Vec<(&str, u32)> {
    let mut out = Vec::new();
    let mut blocks: Vec<usize> = Vec::new();
    for (k, t) in expr.iter().enumerate() {
        match &t.tok {
            Tok::Punct('{') => blocks.push(k),
            Tok::Punct('}') => {
                blocks.pop();
            }
            Tok::Str(s) => {
                let in_statement = blocks.last().is_some_and(|&open| {
                    let end = closing(expr, open).min(expr.len());
                    let mut depth = 0i32;
                    expr[k..end].iter().any(|t| {
                        match t.tok {
                            Tok::Punct('(' | '[' | '{') => depth += 1,
                            Tok::Punct(')' | ']' | '}') => depth -= 1,
                            _ => {}
                        }
                        depth <= 0 && matches!(t.tok, Tok::Punct(';'))
                    })
                });
                if !in_statement {
                    out.push((s.as_str(), t.line));
                }
            }
            _ => {}
        }
    }
    out
}

/// The end of the statement that starts at `from` (its `;` outside brackets).
fn statement_end(tokens: &[Token], from: usize) -> usize {
    let mut depth = 0i32;
    for (k, t) in tokens.iter().enumerate().skip(from) {
        match t.tok {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth < 0 {
                    return k;
                }
            }
            Tok::Punct(';') if depth == 0 => return k,
            _ => {}
        }
    }
    tokens.len()
}

/// What the id argument `arg` of the call at `at` gives, each with the line it is
/// written on.
fn read(file: &File, at: usize, arg: &[Token], depth: u32) -> Vec<(Found, u32)> {
    let tokens = &file.tokens;
    let function = file.function_at(at);
    let line = tokens.get(at).map_or(0, |t| t.line);
    let literals: Vec<(Found, u32)> =
        value_literals(arg).into_iter().map(|(s, line)| (read_literal(file, function, s), line)).collect();
    if !literals.is_empty() {
        return literals;
    }
    let found = read_expression(file, function, at, arg, depth);
    if let [(Found::Unread(_) | Found::Source(_) | Found::Wording(_), _)] = found.as_slice() {
        return found.into_iter().map(|(f, _)| (f, line)).collect();
    }
    found
}

/// A string literal passed as an id: the id, or the format that makes it.
fn read_literal(file: &File, function: Option<&Function>, s: &str) -> Found {
    if !s.contains('{') {
        return Found::Id(s.to_string());
    }
    // `format!("web-{kind}-title")` of a parameter `kind`: the function is a
    // wording one, its argument going into the format.
    let inner: Vec<&str> = s.split('{').skip(1).filter_map(|p| p.split_once('}').map(|(n, _)| n)).collect();
    if let ([name], Some(f)) = (inner.as_slice(), function) {
        if let Some(index) = f.params.iter().position(|p| p.as_deref() == Some(*name)) {
            return Found::Wording(Wording {
                name: f.name.clone(),
                method: f.method,
                home: file.path.clone(),
                closure: false,
                index,
                template: Some(s.replace(&format!("{{{name}}}"), "{}")),
            });
        }
    }
    Found::Pattern(s.to_string())
}

/// An expression passed as an id that holds no literal.
fn read_expression(
    file: &File,
    function: Option<&Function>,
    at: usize,
    arg: &[Token],
    depth: u32,
) -> Vec<(Found, u32)> {
    let tokens = &file.tokens;
    let line = tokens.get(at).map_or(0, |t| t.line);
    let mut expr = arg;
    while let Some(first) = expr.first() {
        if matches!(&first.tok, Tok::Punct('&' | '*')) || ident(Some(first)) == Some("mut") {
            expr = &expr[1..];
        } else {
            break;
        }
    }
    while expr.len() >= 4
        && is_punct(expr.get(expr.len() - 4), '.')
        && ident(expr.get(expr.len() - 3)).is_some_and(|m| KEEPING.contains(&m))
        && is_punct(expr.get(expr.len() - 2), '(')
        && is_punct(expr.last(), ')')
    {
        expr = &expr[..expr.len() - 4];
    }
    let text = code(expr);
    // What the code does not show: the enumeration of SOURCES, or nothing.
    let listed = || match SOURCES.iter().position(|(path, code, _)| *path == file.path && *code == text) {
        Some(index) => vec![(Found::Source(index), line)],
        None => vec![(Found::Unread(text.clone()), line)],
    };
    let (Some(name), 1) = (ident(expr.first()), expr.len()) else { return listed() };
    let from = function.map_or(0, |f| f.body.0);
    // The nearest `let name = …;` (or `let (…, name, …) = …;`) before the call.
    for k in (from..at).rev() {
        if ident(tokens.get(k)) != Some("let") {
            continue;
        }
        let Some(eq) = (k..at).find(|&e| is_punct(tokens.get(e), '=')) else { continue };
        let bound =
            tokens[k + 1..eq].iter().take_while(|t| !is_punct(Some(t), ':') || is_punct(tokens.get(k + 1), '('));
        if !bound.filter_map(|t| ident(Some(t))).any(|b| b == name) {
            continue;
        }
        let end = statement_end(tokens, eq + 1);
        if depth < 4 {
            return read(file, at, &tokens[eq + 1..end], depth + 1);
        }
    }
    // A closure's parameter: `let who = |id: &str, fallback| …` is a wording closure;
    // `.map(|(id, n)| …)` takes its ids from the chain before it.
    for k in (from..at).rev() {
        if !is_punct(tokens.get(k), '|') {
            continue;
        }
        let Some(open) = (from..k).rev().find(|&o| is_punct(tokens.get(o), '|')) else { break };
        let params = split_commas(&tokens[open + 1..k]);
        let Some(index) = params.iter().position(|p| p.iter().any(|t| ident(Some(t)) == Some(name))) else {
            continue;
        };
        let mut b = open;
        if ident(b.checked_sub(1).and_then(|b| tokens.get(b))) == Some("move") {
            b -= 1;
        }
        if b >= 3 && is_punct(tokens.get(b - 1), '=') && ident(tokens.get(b - 3)) == Some("let") {
            if let Some(closure) = ident(tokens.get(b - 2)) {
                let closure = Wording {
                    name: closure.to_string(),
                    method: false,
                    home: file.path.clone(),
                    closure: true,
                    index,
                    template: None,
                };
                return vec![(Found::Wording(closure), line)];
            }
        }
        // The statement holding the chain: back from the closure, out of the brackets
        // around it, to the end of the statement or block before.
        let mut start = from;
        let mut level = 0i32;
        for s in (from..open).rev() {
            match tokens[s].tok {
                Tok::Punct(')' | ']' | '}') if level > 0 || !is_punct(tokens.get(s), '}') => level += 1,
                Tok::Punct('}' | ';') if level == 0 => {
                    start = s + 1;
                    break;
                }
                Tok::Punct('{') if level == 0 => {
                    start = s + 1;
                    break;
                }
                Tok::Punct('(' | '[' | '{') => level = (level - 1).max(0),
                _ => {}
            }
        }
        let chain: Vec<(Found, u32)> =
            value_literals(&tokens[start..open]).into_iter().map(|(s, l)| (Found::Id(s.to_string()), l)).collect();
        if !chain.is_empty() {
            return chain;
        }
        break;
    }
    if let Some(f) = function {
        if let Some(index) = f.params.iter().position(|p| p.as_deref() == Some(name)) {
            let wording = Wording {
                name: f.name.clone(),
                method: f.method,
                home: file.path.clone(),
                closure: false,
                index,
                template: None,
            };
            return vec![(Found::Wording(wording), line)];
        }
    }
    listed()
}

/// `found` as the wording `w` passes it on: its ids and patterns put in `w`'s format.
fn through(w: &Wording, found: Found) -> Found {
    let Some(template) = &w.template else { return found };
    match found {
        Found::Id(id) => Found::Id(template.replacen("{}", &id, 1)),
        Found::Pattern(p) => Found::Pattern(template.replacen("{}", &p, 1)),
        Found::Wording(mut inner) => {
            inner.template = Some(match inner.template {
                Some(t) => template.replacen("{}", &t, 1),
                None => template.clone(),
            });
            Found::Wording(inner)
        }
        other => other,
    }
}

// ---------------------------------------------------------------------------
// The ids made at run time, and the expressions that give ids

/// The ids a format string of the code can make, from the values it is made of: each
/// pattern the code uses has its line, and each id listed must fit its pattern.
#[allow(clippy::type_complexity)]
const PATTERNS: &[(&str, fn() -> Vec<String>)] = &[
    ("level-{}", || crate::ai::Level::ALL.iter().map(|l| format!("level-{}", l.name())).collect()),
    ("rules-{}", || crate::games::GameKind::ALL.iter().map(|k| format!("rules-{}", k.name())).collect()),
    ("language-{}", || Lang::ALL.iter().map(|l| format!("language-{}", l.code())).collect()),
    // `help::choice_name` asks `catalog::has` first and falls back on the typed word:
    // a choice may have no message.
    ("choice-{}-{word}", Vec::new),
];

fn label_ids() -> Vec<String> {
    crate::ai::review::Label::ALL.iter().map(|l| super::say::label_id(*l).to_string()).collect()
}

fn game_terms() -> Vec<String> {
    crate::games::GameKind::ALL.iter().map(|k| k.term().to_string()).collect()
}

/// Every seat's colour term, each game set up with the most players it takes.
fn seat_terms() -> Vec<String> {
    let mut out = Vec::new();
    for &kind in crate::games::GameKind::ALL {
        let options = kind.players_option().map(|o| format!(r#"{{"{o}":{}}}"#, kind.players().end()));
        match crate::games::Position::setup(kind, None, options.as_deref()) {
            Ok(position) => out.extend(position.seats().iter().map(|s| s.term.to_string())),
            Err(e) => out.push(format!("[{kind} does not set up: {e}]")),
        }
    }
    out
}

/// Every help id of the commands' table, `pick`ed from each command, group, sub and option.
fn command_ids(pick: impl Fn(&crate::service::commands::CommandSpec) -> Vec<&'static str>) -> Vec<String> {
    crate::service::commands::commands().iter().flat_map(pick).map(str::to_string).collect()
}

fn option_ids(pick: impl Fn(&crate::service::commands::OptionSpec) -> Option<&'static str>) -> Vec<String> {
    command_ids(|c| c.all_subs().flat_map(|(_, s)| s.options.iter().filter_map(&pick)).collect())
}

/// Ids that are not read from the code where they are passed: the file, the argument's
/// code, and every id it can give.
#[allow(clippy::type_complexity)]
const SOURCES: &[(&str, &str, fn() -> Vec<String>)] = &[
    ("src/present/help.rs", "command.help", || command_ids(|c| vec![c.help])),
    ("src/present/help.rs", "group.help", || command_ids(|c| c.groups.iter().map(|g| g.help).collect())),
    ("src/present/help.rs", "sub.help", || command_ids(|c| c.all_subs().map(|(_, s)| s.help).collect())),
    ("src/present/help.rs", "option.help", || option_ids(|o| Some(o.help))),
    // `(_, Some(id)) => …`: an option's placeholder.
    ("src/present/help.rs", "id", || option_ids(|o| o.placeholder)),
    ("src/present/say.rs", "kind.term()", game_terms),
    ("src/web/puzzle.rs", "page.kind.term()", game_terms),
    ("src/present/messages.rs", "super::say::label_id(t.label)", label_ids),
    ("src/present/puzzles.rs", "super::say::label_id(*label)", label_ids),
    ("src/present/picture.rs", "label_id(l)", label_ids),
    ("src/web/puzzle.rs", "present::label_id(answer.label)", label_ids),
    ("src/service/people.rs", "info.term", seat_terms),
    // The rules cores' phrases and terms, worded: their ids are checked where each
    // phrase is made (`Phrase::new`, a seed) and by tests/it/game_words.rs.
    ("src/present/catalog.rs", "phrase.id", Vec::new),
    ("src/present/catalog.rs", "id", Vec::new),
];

// ---------------------------------------------------------------------------
// The catalogs

/// Each language's messages and attributes (`id`, `id.attribute`).
fn catalog_ids(lang: Lang) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for source in sources(lang) {
        let resource = fluent_syntax::parser::parse(source).unwrap_or_else(|(r, _)| r);
        for entry in &resource.body {
            if let ast::Entry::Message(m) = entry {
                out.insert(m.id.name.to_string());
                out.extend(m.attributes.iter().map(|a| format!("{}.{}", m.id.name, a.id.name)));
            }
        }
    }
    out
}

/// A place in the code where an id is passed.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Place {
    file: String,
    line: u32,
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// What the code passes: each [`Found`] with the places that pass it.
type Passed = BTreeMap<Found, BTreeSet<Place>>;

/// Reads `files` (path, source) until no new wording function appears.
fn passed(files: &[(String, String)]) -> Passed {
    let files: Vec<File> = files.iter().map(|(path, src)| File::new(path, src)).collect();
    let mut wording: BTreeSet<Wording> = SEEDS
        .iter()
        .map(|(name, method, home, index)| Wording {
            name: name.to_string(),
            method: *method,
            home: home.to_string(),
            closure: false,
            index: *index,
            template: None,
        })
        .collect();
    loop {
        let mut found = Passed::new();
        for file in &files {
            for call in calls(file, &wording) {
                for (f, line) in read(file, call.at, call.arg, 0) {
                    let place = Place { file: file.path.clone(), line };
                    found.entry(through(call.wording, f)).or_default().insert(place);
                }
            }
        }
        let grown: Vec<Wording> = found
            .keys()
            .filter_map(|f| match f {
                Found::Wording(w) if !wording.contains(w) => Some(w.clone()),
                _ => None,
            })
            .collect();
        // A format put in a format again and again would not end; ten deep is plenty.
        if grown.is_empty() || wording.len() > 1000 {
            return found;
        }
        wording.extend(grown);
    }
}

/// The Rust files under `dir`, as (path from the crate's root, source).
fn rust_files(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            rust_files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let name = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            if let Ok(src) = std::fs::read_to_string(&path) {
                out.push((name, src));
            }
        }
    }
}

/// The crate's sources, but the rules cores' (see the module's comment).
fn crate_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(root, &root.join("src"), &mut files);
    files.retain(|(path, _)| !path.starts_with("src/games/"));
    files
}

/// Whether the format string `pattern` can make `id`: its literal parts in order, each
/// placeholder standing for one character or more.
fn fits(pattern: &str, id: &str) -> bool {
    let mut parts = Vec::new();
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        parts.push(&rest[..open]);
        rest = rest[open..].find('}').map_or("", |close| &rest[open + close + 1..]);
    }
    parts.push(rest);
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if parts.len() == 1 {
        return id == first;
    }
    let Some(mut middle) = id.strip_prefix(first).and_then(|m| m.strip_suffix(last)) else { return false };
    for part in &parts[1..parts.len() - 1] {
        match middle.get(1..).and_then(|m| m.find(part).map(|k| &m[k + part.len()..])) {
            Some(after) => middle = after,
            None => return false,
        }
    }
    !middle.is_empty()
}

/// The problems with what the code passes: ids some catalog lacks, patterns and
/// expressions nothing enumerates, enumerated ids that do not fit their pattern.
fn problems(passed: &Passed, catalogs: &[(Lang, BTreeSet<String>)]) -> Vec<String> {
    let mut out = Vec::new();
    let check = |id: &str, places: &BTreeSet<Place>, how: &str, out: &mut Vec<String>| {
        let lacking: Vec<&str> =
            catalogs.iter().filter(|(_, ids)| !ids.contains(id)).map(|(lang, _)| lang.code()).collect();
        if !lacking.is_empty() {
            let places: Vec<String> = places.iter().map(Place::to_string).collect();
            out.push(format!(
                "{}: `{id}`{how} is not a message of the catalogs {} (locales/<lang>/*.ftl)",
                places.join(", "),
                lacking.join(", ")
            ));
        }
    };
    for (found, places) in passed {
        let at = || places.iter().map(Place::to_string).collect::<Vec<_>>().join(", ");
        match found {
            Found::Id(id) => check(id, places, "", &mut out),
            Found::Pattern(p) => match PATTERNS.iter().find(|(key, _)| key == p) {
                Some((_, ids)) => {
                    for id in ids() {
                        if !fits(p, &id) {
                            out.push(format!("PATTERNS: `{id}` does not fit its pattern `{p}`"));
                        }
                        check(&id, places, &format!(" (made by `{p}`)"), &mut out);
                    }
                }
                None => out.push(format!(
                    "{}: the id is made at run time by `{p}`; list the ids it can make in PATTERNS \
                     (src/present/ids.rs)",
                    at()
                )),
            },
            Found::Source(index) => {
                let (_, code, ids) = SOURCES[*index];
                for id in ids() {
                    check(&id, places, &format!(" (given by `{code}`)"), &mut out);
                }
            }
            Found::Wording(_) => {}
            Found::Unread(code) => out.push(format!(
                "{}: the id `{code}` cannot be read: pass a literal, or list what it gives in SOURCES \
                 (src/present/ids.rs)",
                at()
            )),
        }
    }
    out
}

#[test]
fn every_id_the_code_passes_is_in_every_catalog() {
    let passed = passed(&crate_files());
    let catalogs: Vec<(Lang, BTreeSet<String>)> = Lang::ALL.iter().map(|l| (*l, catalog_ids(*l))).collect();
    let ids = passed.keys().filter(|f| matches!(f, Found::Id(_))).count();
    assert!(ids > 400, "only {ids} ids found: the scanner lost its way");
    let problems = problems(&passed, &catalogs);
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

/// The messages each English message puts in (`{ other-message }`).
fn references(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    fn inline(e: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
        match e {
            ast::InlineExpression::MessageReference { id, attribute } => {
                out.insert(id.name.to_string());
                if let Some(a) = attribute {
                    out.insert(format!("{}.{}", id.name, a.name));
                }
            }
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                arguments.positional.iter().for_each(|a| inline(a, out));
                arguments.named.iter().for_each(|a| inline(&a.value, out));
            }
            ast::InlineExpression::Placeable { expression } => expression_of(expression, out),
            _ => {}
        }
    }
    fn expression_of(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Select { selector, variants } => {
                inline(selector, out);
                variants.iter().for_each(|v| references(&v.value, out));
            }
            ast::Expression::Inline(e) => inline(e, out),
        }
    }
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_of(expression, out);
        }
    }
}

/// The English messages nothing passes: not found in the code (the rules cores'
/// literals and formats included), not enumerated, not put in by another message.
/// Some are used where no scanner looks (a test, a document): a report for people
/// to read, not a list to delete.
fn unused() -> Vec<String> {
    let mut files = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    rust_files(root, &root.join("src"), &mut files);
    let passed = passed(&crate_files());
    let mut used = BTreeSet::new();
    let mut formats = Vec::new();
    for found in passed.keys() {
        match found {
            Found::Id(id) => {
                used.insert(id.clone());
            }
            Found::Pattern(p) => {
                formats.push(p.clone());
                used.extend(PATTERNS.iter().filter(|(key, _)| key == p).flat_map(|(_, ids)| ids()));
            }
            Found::Source(index) => used.extend((SOURCES[*index].2)()),
            Found::Wording(_) | Found::Unread(_) => {}
        }
    }
    // The rules cores' phrases: any literal of theirs, or format.
    for (path, src) in files.iter().filter(|(path, _)| path.starts_with("src/games/")) {
        for t in File::new(path, src).tokens {
            if let Tok::Str(s) = t.tok {
                // A format that could make an id starts with one's words (`kuba-end-{}`),
                // not with a placeholder (`{}-{}`), which would fit every id.
                if s.contains('{') {
                    if s.split('{').next().is_some_and(|head| head.contains('-')) {
                        formats.push(s);
                    }
                } else {
                    used.insert(s);
                }
            }
        }
    }
    for source in sources(Lang::En) {
        let resource = fluent_syntax::parser::parse(source).unwrap_or_else(|(r, _)| r);
        for entry in &resource.body {
            if let ast::Entry::Message(m) = entry {
                m.value.iter().for_each(|v| references(v, &mut used));
                m.attributes.iter().for_each(|a| references(&a.value, &mut used));
            }
        }
    }
    catalog_ids(Lang::En)
        .into_iter()
        .filter(|id| !id.contains('.') && !used.contains(id) && !formats.iter().any(|f| fits(f, id)))
        .collect()
}

/// Every English message is passed by some code: a message nothing passes any more
/// (left behind by a change) is listed, to be removed from the five catalogs.
#[test]
fn every_english_message_is_passed_by_some_code() {
    let unused = unused();
    assert!(unused.is_empty(), "{} messages no code passes:\n{}", unused.len(), unused.join("\n"));
}

/// The scanner on a sample that has each way of passing an id, and each thing that
/// looks like one and is not: comments, raw strings, arguments' names, tests.
#[test]
fn the_scanner_finds_each_way_of_passing_an_id() {
    const SAMPLE: &str = r####"
// catalog::text(lang, "in-a-comment", None)
/* nested /* catalog::text(lang, "in-a-block", None) */ catalog::text(lang, "still-a-comment", None) */
fn lifetimes<'a>(x: &'a str) -> char { let _ = '"'; let _ = b'"'; 'x' }
fn raw() -> &'static str { r#"catalog::text(lang, "in-a-raw-string", None)"# }
impl Say<'_> {
    fn t(&self, id: &str, args: Vec<(&'static str, V)>) -> String {
        catalog::text(self.lang, id, None)
    }
    fn ending(&mut self, conditional: bool, cause: Cause) -> String {
        let id = match cause {
            Cause::A => {
                args.push(("not-an-id", 1));
                "sample-a"
            }
            Cause::B => "sample-b",
        };
        self.t(id, vec![]);
        self.t(if conditional { "sample-c" } else { "sample-d" }, vec![("arg-name", V::N(1))]);
        self.t(&format!("level-{}", level.name()), vec![]);
        self.t(&format!("sample-{}", x), vec![]);
        self.who(
            "sample-e",
            who,
        )
    }
    fn who(&self, id: &str, who: &Person) -> String {
        self.t(id, vec![])
    }
}
fn page(lang: Lang, kind: &str) -> String {
    catalog::words(lang, &format!("sample-{kind}-title"), &[])
}
fn caller(lang: Lang) {
    page(lang, "f");
    let label = |id: &str| catalog::text(lang, id, None);
    label("sample-g");
    let (label_id, style) = match a { A => ("sample-h", 1), B => ("sample-i", 2) };
    let x: Vec<String> = list
        .iter()
        .filter_map(|a| match a { A => Some(("sample-j", 1)), _ => None })
        .map(|(id, n)| catalog::words(lang, id, &[("n", n.to_string())]))
        .collect();
    catalog::text(lang, label_id, None);
    catalog::text(lang, some.field, None);
    text(lang, "not-catalogs-text", None);
    Phrase::new("sample-k");
}
#[cfg(test)]
mod tests {
    fn t() {
        catalog::text(Lang::En, "in-a-test", None);
    }
}
"####;
    let passed = passed(&[("src/chat/sample.rs".to_string(), SAMPLE.to_string())]);
    let mut got: Vec<String> = passed
        .iter()
        .filter(|(f, _)| !matches!(f, Found::Wording(_)))
        .map(|(f, places)| {
            let lines: Vec<String> = places.iter().map(|p| p.line.to_string()).collect();
            format!("{f:?} {}", lines.join(","))
        })
        .collect();
    got.sort();
    let want = [
        r#"Id("sample-a") 14"#,
        r#"Id("sample-b") 16"#,
        r#"Id("sample-c") 19"#,
        r#"Id("sample-d") 19"#,
        r#"Id("sample-e") 23"#,
        r#"Id("sample-f-title") 35"#,
        r#"Id("sample-g") 37"#,
        r#"Id("sample-h") 38"#,
        r#"Id("sample-i") 38"#,
        r#"Id("sample-j") 41"#,
        r#"Id("sample-k") 47"#,
        r#"Pattern("level-{}") 20"#,
        r#"Pattern("sample-{}") 21"#,
        r#"Unread("some.field") 45"#,
    ];
    assert_eq!(got, want, "found:\n{}", got.join("\n"));
}

#[test]
fn a_format_fits_the_ids_it_makes_and_no_others() {
    assert!(fits("level-{}", "level-easy"));
    assert!(fits("choice-{}-{word}", "choice-speed-slow"));
    assert!(fits("web-{}-title", "web-not-found-title"));
    assert!(!fits("web-{}-title", "web-not-found"));
    assert!(!fits("level-{}", "levels-easy"));
    assert!(!fits("level-{}", "level-"));
}

/// A misspelled id fails the check, naming its file and line.
#[test]
fn a_misspelled_id_is_named_with_its_place() {
    let sample = "fn f(lang: Lang) -> String {\n    catalog::text(lang, \"reveiw-legend\", None)\n}\n";
    let passed = passed(&[("src/web/sample.rs".to_string(), sample.to_string())]);
    let catalogs: Vec<(Lang, BTreeSet<String>)> = Lang::ALL.iter().map(|l| (*l, catalog_ids(*l))).collect();
    assert_eq!(
        problems(&passed, &catalogs),
        ["src/web/sample.rs:2: `reveiw-legend` is not a message of the catalogs en, fr, es, nl, de \
          (locales/<lang>/*.ftl)"]
    );
}
