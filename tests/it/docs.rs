//! The project's documentation is its own and its examples are true.
//!
//! 1. No file of the project refers to the steering repository's shared folder
//!    (the string is built from parts below so that this file does not contain it).
//! 2. Every relative link in `docs/`, `README.md` and `CONTRIBUTING.md` points at a
//!    file of the repository.
//! 4. Every key of `config.example.toml` (commented out or not) is explained in
//!    `docs/operating.md` and named in `README.md`.
//! 3. Every runnable example of [`EXAMPLE_FILES`] gives the output its text shows.
//!
//! # The example convention
//!
//! A runnable example is a fenced block opened by a line that is exactly
//! ` ```console ` and closed by ` ``` `. Inside it:
//!
//! - a line starting with `$ ` is a command; it must start with `boardbot`, which
//!   the test replaces with the binary Cargo built for this test run;
//! - the lines after it, up to the next `$ ` line or the closing fence, are the
//!   output: standard output when the command exits with status 0, standard error
//!   (and an empty standard output) when it exits with any other status;
//! - arguments are split as a POSIX shell splits them, with single quotes, double
//!   quotes and backslashes; pipes, redirections, `;`, `&`, globs, `$` expansions
//!   and comments are refused, so every example can be pasted into a shell as it is;
//! - a command may end with a here-document, `<<'END'`: the lines after it up to a
//!   line `END` are its standard input (a scripted chat session), not its output;
//! - the commands of one block run one after the other in one fresh empty temporary
//!   directory, so a later command sees the files an earlier one wrote (a database
//!   file), and nothing is left behind;
//! - outputs are compared line by line, ignoring whitespace at the end of a line and
//!   empty lines at the end;
//! - game ids are random (`K7Q2`): a word shaped like a game id that differs between
//!   the text and the output matches when the block renames ids consistently (each id
//!   of the text stands for one id of the output), and a later command of the block
//!   that names an id of the text is run with the id the output gave; likewise a
//!   date and time (`2026-11-23 21:05 UTC`) matches any other.
//!
//! `BLESS=1 cargo test --test it docs::` writes what the binary printed in place of the
//! outputs that differ: read the diff before committing it.
//!
//! Other blocks (` ```sh `, ` ```text `, indented blocks) are never run. A file of
//! [`EXAMPLE_FILES`] is checked only when it contains a ` ```console ` block, so a
//! file can adopt the convention later without touching this test.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The files whose examples are run, relative to the repository's root.
const EXAMPLE_FILES: &[&str] = &["docs/notation.md", "README.md"];

/// The fence that opens a runnable example.
const MARKER: &str = "```console";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

// ---------------------------------------------------------------------------
// 1. No reference to the shared folder

/// The string no project file may contain: the parent directory's `shared` folder.
fn forbidden() -> String {
    ["..", "shared", ""].join("/")
}

/// The project's files, relative to the root: what git tracks plus new files it
/// does not ignore; without git, every file below the root except `target/` and
/// `.git/`.
fn project_files() -> Vec<PathBuf> {
    let root = root();
    let listed = Command::new("git")
        .args(["ls-files", "-z", "--cached", "--others", "--exclude-standard"])
        .current_dir(&root)
        .output()
        .ok()
        .filter(|o| o.status.success());
    match listed {
        Some(output) => output
            .stdout
            .split(|b| *b == 0)
            .filter(|name| !name.is_empty())
            .map(|name| PathBuf::from(String::from_utf8_lossy(name).into_owned()))
            .filter(|path| root.join(path).is_file())
            .collect(),
        None => {
            let mut files = Vec::new();
            walk(&root, Path::new(""), &mut files);
            files
        }
    }
}

fn walk(root: &Path, dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(root.join(dir)) else { return };
    for entry in entries.flatten() {
        let relative = dir.join(entry.file_name());
        let Ok(kind) = entry.file_type() else { continue };
        if kind.is_dir() {
            if dir.as_os_str().is_empty() && (entry.file_name() == "target" || entry.file_name() == ".git") {
                continue;
            }
            walk(root, &relative, files);
        } else if kind.is_file() {
            files.push(relative);
        }
    }
}

#[test]
fn no_file_refers_to_the_shared_folder() {
    let needle = forbidden();
    let files = project_files();
    assert!(files.iter().any(|f| f == Path::new("Cargo.toml")), "the file list misses Cargo.toml: {files:?}");
    let mut found = Vec::new();
    for file in &files {
        let Ok(bytes) = std::fs::read(root().join(file)) else { continue };
        // Pictures, fonts and other binary files are not text to search.
        let Ok(text) = String::from_utf8(bytes) else { continue };
        for (i, line) in text.lines().enumerate() {
            if line.contains(&needle) {
                found.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the project must carry its own documentation: these lines refer to {needle} \
         (point them at docs/ instead):\n{}",
        found.join("\n")
    );
}

// ---------------------------------------------------------------------------
// 2. Relative links in the documentation

/// The targets of the inline Markdown links `[text](target)` of `text`.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        match after.find(')') {
            Some(end) => {
                targets.push(after[..end].to_string());
                rest = &after[end..];
            }
            None => break,
        }
    }
    targets
}

/// The anchors of a Markdown page's headings, as GitHub makes them: lower case,
/// spaces to hyphens, other punctuation dropped.
fn anchors(text: &str) -> Vec<String> {
    let mut in_fence = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            in_fence = !in_fence;
        }
        let Some(heading) = line.strip_prefix('#') else { continue };
        if in_fence {
            continue;
        }
        let heading = heading.trim_start_matches('#').trim();
        let anchor: String = heading
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        found.push(anchor);
    }
    found
}

#[test]
fn anchors_follow_github() {
    let text = "# Notation\n## Game records (`db export`)\n```sh\n# not a heading\n```\n### The core's interface\n";
    assert_eq!(anchors(text), ["notation", "game-records-db-export", "the-cores-interface"]);
}

#[test]
fn documentation_links_stay_in_the_repository() {
    let root = root();
    let pages: Vec<PathBuf> = project_files()
        .into_iter()
        .filter(|f| {
            f.extension().is_some_and(|e| e == "md")
                && (f.starts_with("docs") || f == Path::new("CONTRIBUTING.md") || f == Path::new("README.md"))
        })
        .collect();
    assert!(pages.iter().any(|p| p == Path::new("docs/notation.md")), "no docs/notation.md among {pages:?}");
    let mut broken = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(root.join(page)).expect("a page is text");
        let dir = page.parent().unwrap_or(Path::new(""));
        for target in link_targets(&text) {
            let (target, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file.trim(), Some(anchor)),
                None => (target.trim(), None),
            };
            if target.contains("://") || target.starts_with("mailto:") {
                broken.push(format!("{}: {target} is outside the repository", page.display()));
                continue;
            }
            let path = if target.is_empty() { root.join(page) } else { root.join(dir).join(target) };
            let inside = path.canonicalize().ok().is_some_and(|p| p.starts_with(root.canonicalize().unwrap()));
            if !inside {
                broken.push(format!("{}: {target} is not a file of the repository", page.display()));
                continue;
            }
            if let Some(anchor) = anchor {
                let headings = std::fs::read_to_string(&path).map(|t| anchors(&t)).unwrap_or_default();
                if !headings.iter().any(|h| h == anchor) {
                    broken.push(format!("{}: {target} has no heading #{anchor}", page.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

// ---------------------------------------------------------------------------
// 3. Runnable examples

/// One command of a `console` block and the output the text shows for it.
#[derive(Debug)]
struct Example {
    /// Where the command is: `docs/notation.md:120`.
    place: String,
    /// The command line after `$ `, without its here-document marker.
    command: String,
    /// The here-document's lines: the command's standard input.
    input: Option<Vec<String>>,
    /// The lines shown after it.
    expected: Vec<String>,
    /// The block it belongs to (commands of one block share a directory).
    block: usize,
    /// The file, and the index of the first line after the command (and its
    /// here-document): where the output starts, for `BLESS=1`.
    file: String,
    output_at: usize,
}

/// The end word of a here-document that ends `command` (`<<'END'`), and the command
/// without it.
fn here_document(command: &str) -> Option<(&str, &str)> {
    let (before, marker) = command.rsplit_once(" <<'")?;
    let word = marker.strip_suffix('\'')?;
    (!word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')).then_some((before, word))
}

/// Every example of `text` (a file called `name`).
fn examples(name: &str, text: &str) -> Vec<Example> {
    let mut found: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut blocks = 0;
    // The end word of the here-document being read, if any.
    let mut reading: Option<String> = None;
    for (i, line) in text.lines().enumerate() {
        let bare = line.trim_end();
        if !in_block {
            if bare == MARKER {
                in_block = true;
                blocks += 1;
            }
            continue;
        }
        if let Some(end) = &reading {
            if bare == end {
                reading = None;
            } else if let Some(example) = found.last_mut() {
                example.input.get_or_insert_with(Vec::new).push(line.to_string());
            }
            if let Some(example) = found.last_mut() {
                example.output_at = i + 1;
            }
            continue;
        }
        if bare == "```" {
            in_block = false;
        } else if let Some(command) = bare.strip_prefix("$ ") {
            let (command, input) = match here_document(command) {
                Some((before, word)) => {
                    reading = Some(word.to_string());
                    (before, Some(Vec::new()))
                }
                None => (command, None),
            };
            found.push(Example {
                place: format!("{name}:{}", i + 1),
                command: command.to_string(),
                input,
                expected: Vec::new(),
                block: blocks,
                file: name.to_string(),
                output_at: i + 1,
            });
        } else {
            match found.last_mut() {
                Some(example) => example.expected.push(bare.to_string()),
                None => panic!("{name}:{}: a {MARKER} block must start with a `$ ` command", i + 1),
            }
        }
    }
    assert!(reading.is_none(), "{name}: a here-document is not closed");
    assert!(!in_block, "{name}: a {MARKER} block is not closed");
    found
}

/// Splits `line` into words as a POSIX shell does for simple quoting, refusing what
/// this runner does not do (pipes, redirections, expansions, globs, comments).
fn shell_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err("an unclosed single quote".to_string()),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err("an unclosed double quote".to_string()),
                        },
                        Some(c @ ('$' | '`')) => return Err(format!("{c} inside double quotes")),
                        Some(c) => word.push(c),
                        None => return Err("an unclosed double quote".to_string()),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err("a backslash at the end of the line".to_string()),
                }
            }
            '#' if !in_word => return Err("a comment".to_string()),
            '|' | '&' | ';' | '<' | '>' | '(' | ')' | '$' | '`' | '*' | '?' | '[' | '~' => {
                return Err(format!("an unquoted {c}"));
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// A fresh empty directory for one block of examples.
fn scratch_dir() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("boardbot-docs-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// Lines without their trailing whitespace, without empty lines at the end.
fn normalise<S: AsRef<str>>(lines: impl IntoIterator<Item = S>) -> Vec<String> {
    let mut lines: Vec<String> = lines.into_iter().map(|l| l.as_ref().trim_end().to_string()).collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// Whether `word` is shaped like a game id: 4 to 12 of the id alphabet's characters.
fn id_shaped(word: &str) -> bool {
    (4..=12).contains(&word.len()) && word.bytes().all(|b| b"23456789ABCDEFGHJKMNPQRSTUVWXYZ".contains(&b))
}

/// The words and separators of a line: runs of ASCII letters and digits, and each
/// other character alone.
fn tokens(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        if c.is_ascii_alphanumeric() {
            start.get_or_insert(i);
        } else {
            if let Some(s) = start.take() {
                out.push(&line[s..i]);
            }
            out.push(&line[i..i + c.len_utf8()]);
        }
    }
    if let Some(s) = start {
        out.push(&line[s..]);
    }
    out
}

/// `line` with each date and time `2026-11-23 21:05` replaced by `<date>`.
fn without_dates(line: &str) -> String {
    const SHAPE: &[u8] = b"0000-00-00 00:00";
    let bytes = line.as_bytes();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < bytes.len() {
        let fits = bytes.get(i..i + SHAPE.len()).is_some_and(|window| {
            window.iter().zip(SHAPE).all(|(b, s)| if *s == b'0' { b.is_ascii_digit() } else { b == s })
        });
        if fits {
            out.push_str("<date>");
            i += SHAPE.len();
        } else {
            let c = line[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// Game ids of the text → ids the binary printed, for one block.
#[derive(Debug, Default)]
struct Ids(Vec<(String, String)>);

impl Ids {
    /// Whether `shown` (the text's) may stand for `printed`: both id-shaped and
    /// consistent with the renaming so far, which learns the pair.
    fn rename(&mut self, shown: &str, printed: &str) -> bool {
        if !id_shaped(shown) || !id_shaped(printed) {
            return false;
        }
        match self.0.iter().find(|(s, p)| s == shown || p == printed) {
            Some((s, p)) => s == shown && p == printed,
            None => {
                self.0.push((shown.to_string(), printed.to_string()));
                true
            }
        }
    }

    /// Whether two lines are equal up to the renaming of ids and dates.
    fn same(&mut self, shown: &str, printed: &str) -> bool {
        if shown == printed {
            return true;
        }
        let (shown, printed) = (without_dates(shown), without_dates(printed));
        let (a, b) = (tokens(&shown), tokens(&printed));
        a.len() == b.len() && a.iter().zip(&b).all(|(x, y)| x == y || self.rename(x, y))
    }

    /// `word` with the text's ids replaced by the printed ones.
    fn apply(&self, word: &str) -> String {
        tokens(word).into_iter().map(|t| self.0.iter().find(|(s, _)| s == t).map_or(t, |(_, p)| p.as_str())).collect()
    }
}

/// How an example failed: why, and what the binary printed (when it ran).
struct Failure {
    why: String,
    printed: Option<Vec<String>>,
}

impl From<String> for Failure {
    fn from(why: String) -> Self {
        Failure { why, printed: None }
    }
}

/// Runs one example in `dir`; `Err` says how it differs from its text.
fn run(example: &Example, dir: &Path, ids: &mut Ids) -> Result<(), Failure> {
    let words = shell_words(&example.command).map_err(|e| format!("cannot run: {e}"))?;
    let Some((program, args)) = words.split_first() else { return Err("an empty command".to_string().into()) };
    if program != "boardbot" {
        return Err(format!("commands must start with `boardbot`, not `{program}`").into());
    }
    let args: Vec<String> = args.iter().map(|a| ids.apply(a)).collect();
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardbot"));
    command.args(&args).current_dir(dir).stdout(Stdio::piped()).stderr(Stdio::piped());
    command.stdin(if example.input.is_some() { Stdio::piped() } else { Stdio::null() });
    let mut child = command.spawn().map_err(|e| format!("the binary did not start: {e}"))?;
    if let (Some(lines), Some(mut stdin)) = (&example.input, child.stdin.take()) {
        let mut text = lines.join("\n");
        text.push('\n');
        stdin.write_all(text.as_bytes()).map_err(|e| format!("cannot write its input: {e}"))?;
    }
    let output = child.wait_with_output().map_err(|e| format!("the binary did not finish: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let (shown, actual) = if output.status.success() {
        ("standard output", stdout.clone())
    } else {
        if !stdout.is_empty() {
            return Err(format!("it failed ({}) but printed on standard output:\n{stdout}", output.status).into());
        }
        ("standard error", stderr.clone())
    };
    let expected = normalise(&example.expected);
    let actual = normalise(actual.lines());
    if expected.len() == actual.len() && expected.iter().zip(&actual).all(|(e, a)| ids.same(e, a)) {
        return Ok(());
    }
    Err(Failure {
        why: format!(
            "{} ({}) differs.\n--- the text shows:\n{}\n--- the binary printed:\n{}\n--- standard error:\n{stderr}",
            shown,
            output.status,
            expected.join("\n"),
            actual.join("\n"),
        ),
        printed: Some(actual),
    })
}

/// Runs the examples of one block in order in one directory: the failures, and for
/// each example that printed something else, the file, the line range of its output
/// in the text and what it printed.
type Rewrite = (String, std::ops::Range<usize>, Vec<String>);

fn run_block(examples: &[&Example]) -> (Vec<String>, Vec<Rewrite>) {
    let dir = scratch_dir();
    let mut ids = Ids::default();
    let (mut failures, mut rewrites) = (Vec::new(), Vec::new());
    for example in examples {
        if let Err(failure) = run(example, &dir, &mut ids) {
            failures.push(format!("{}: $ {}\n{}", example.place, example.command, failure.why));
            if let Some(printed) = failure.printed {
                let range = example.output_at..example.output_at + example.expected.len();
                rewrites.push((example.file.clone(), range, printed));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    (failures, rewrites)
}

/// Writes what the binary printed in place of the outputs shown (`BLESS=1`).
fn bless(mut rewrites: Vec<Rewrite>) {
    rewrites.sort_by(|a, b| (&a.0, b.1.start).cmp(&(&b.0, a.1.start)));
    for (file, range, printed) in rewrites {
        let path = root().join(&file);
        let text = std::fs::read_to_string(&path).expect("the file");
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines.splice(range, printed);
        std::fs::write(&path, lines.join("\n") + "\n").expect("write the file");
    }
}

#[test]
fn ids_are_renamed_consistently() {
    let mut ids = Ids::default();
    assert!(ids.same("game K7Q2 begins", "game VX5X begins"));
    assert!(ids.same("[thread kuba-K7Q2]", "[thread kuba-VX5X]"));
    assert!(!ids.same("game K7Q2 begins", "game ABCD begins"), "one id of the text stands for one id");
    assert!(!ids.same("game M3N4 begins", "game VX5X begins"), "two ids of the text cannot share one");
    assert!(!ids.same("game K7Q2 ends", "game VX5X begins"));
    assert!(!ids.same("move 3", "move 4"), "numbers are not ids");
    assert_eq!(ids.apply("kuba-K7Q2"), "kuba-VX5X");
    assert!(ids.same("Created: 2026-11-23 21:05 UTC", "Created: 2027-01-02 03:04 UTC"));
    assert!(!ids.same("Created: 2026-11-23 21:05 UTC", "Created: 2026-11-23 UTC"));
}

#[test]
fn here_documents_are_input() {
    let text = "```console\n$ boardbot local <<'END'\n/as alice\n$ not a command\nEND\nhello\n$ boardbot b\n```\n";
    let found = examples("x.md", text);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].command, "boardbot local");
    assert_eq!(found[0].input.as_deref(), Some(&["/as alice".to_string(), "$ not a command".to_string()][..]));
    assert_eq!(found[0].expected, ["hello"]);
    assert_eq!((found[1].block, found[1].input.is_none()), (1, true));
}

#[test]
fn shell_words_follow_posix_quoting() {
    let ok = |line: &str| shell_words(line).unwrap();
    assert_eq!(ok("boardbot game kuba"), ["boardbot", "game", "kuba"]);
    assert_eq!(ok("  a   b  "), ["a", "b"]);
    assert_eq!(ok(r#"x '{"size":10}' "a b" c\ d"#), ["x", r#"{"size":10}"#, "a b", "c d"]);
    assert_eq!(ok(r#"'A3>C3>C2' "say \"hi\"" '' """#), ["A3>C3>C2", r#"say "hi""#, "", ""]);
    assert_eq!(ok(r#"a'b'"c"d"#), ["abcd"]);
    assert_eq!(ok(r#""a\b""#), [r"a\b"]);
    assert_eq!(ok("d4#e5"), ["d4#e5"]);
    for refused in ["a | b", "a > f", "a;b", "a &", "$HOME", "a*", "'open", "\"open", "a # note", "`x`", "\"$x\""] {
        assert!(shell_words(refused).is_err(), "{refused}");
    }
}

#[test]
fn examples_are_found_in_console_blocks_only() {
    let text = "intro\n\n```sh\n$ boardbot not run\n```\n\n```console\n$ boardbot a\none\n  two  \n\n$ boardbot b\n```\n\n    $ boardbot not run either\n";
    let found = examples("x.md", text);
    assert_eq!(found.len(), 2);
    assert_eq!((found[0].place.as_str(), found[0].command.as_str()), ("x.md:8", "boardbot a"));
    assert_eq!(normalise(&found[0].expected), ["one", "  two"]);
    assert_eq!((found[1].command.as_str(), found[1].expected.len()), ("boardbot b", 0));
}

#[test]
fn examples_show_what_the_binary_prints() {
    let mut files = Vec::new();
    let mut all = Vec::new();
    for name in EXAMPLE_FILES {
        let Ok(text) = std::fs::read_to_string(root().join(name)) else { continue };
        if !text.lines().any(|l| l.trim_end() == MARKER) {
            continue;
        }
        let found = examples(name, &text);
        assert!(!found.is_empty(), "{name} has {MARKER} blocks but no `$ ` command in them");
        files.push(format!("{name}: {}", found.len()));
        all.extend(found);
    }
    assert!(files.iter().any(|f| f.starts_with("docs/notation.md")), "docs/notation.md has no runnable example");
    let mut blocks: Vec<Vec<&Example>> = Vec::new();
    for example in &all {
        match blocks.last_mut() {
            Some(block)
                if block[0].block == example.block
                    && block[0].place.split(':').next() == example.place.split(':').next() =>
            {
                block.push(example)
            }
            _ => blocks.push(vec![example]),
        }
    }
    let (mut failures, mut rewrites) = (Vec::new(), Vec::new());
    for block in &blocks {
        let (f, r) = run_block(block);
        failures.extend(f);
        rewrites.extend(r);
    }
    if std::env::var_os("BLESS").is_some() {
        bless(rewrites);
        return;
    }
    println!("ran {} examples ({})", all.len(), files.join(", "));
    assert!(failures.is_empty(), "{} of {} examples differ:\n\n{}", failures.len(), all.len(), failures.join("\n\n"));
}

// ---------------------------------------------------------------------------
// 4. Every configuration key is documented

/// The keys of `config.example.toml` as `section.key`, the commented-out ones too
/// (`# token = "…"`).
fn example_keys() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("config.example.toml")).expect("config.example.toml");
    let mut section = String::new();
    let mut keys = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.to_string();
            continue;
        }
        let bare = line.strip_prefix('#').map_or(line, str::trim_start);
        let Some((key, _)) = bare.split_once(" = ") else { continue };
        if !section.is_empty() && !key.is_empty() && key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') {
            let full = format!("{section}.{key}");
            if !keys.contains(&full) {
                keys.push(full);
            }
        }
    }
    keys
}

#[test]
fn every_configuration_key_is_documented() {
    let keys = example_keys();
    assert!(keys.iter().any(|k| k == "storage.database"), "keys found: {keys:?}");
    let mut missing = Vec::new();
    for page in ["README.md", "docs/operating.md"] {
        let text = std::fs::read_to_string(root().join(page)).expect("the page");
        for key in &keys {
            let (section, name) = key.split_once('.').expect("section.key");
            // `[discord] token` or `discord.token`, or a table row naming `token` after
            // a heading of its section.
            let named = text.contains(&format!("`{key}`"))
                || text.contains(&format!("[{section}] {name}"))
                || text.contains(&format!("`[{section}]` `{name}`"))
                || text.contains(&format!("| `{section}.{name}`"));
            if !named {
                missing.push(format!("{page}: {key}"));
            }
        }
    }
    assert!(missing.is_empty(), "configuration keys not documented:\n{}", missing.join("\n"));
}
