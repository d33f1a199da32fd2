//! The structure the code claims, checked: no import cycles among the modules of
//! `src/service`, `src/store` and `src/present`, one place in the service that
//! ends a game and one that stores a move, and no code above `src/games` that
//! names a game.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use boardbot::games::GameKind;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text of a source file without its comments (doc comments name modules in
/// links; only code imports).
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("source");
    text.lines()
        .map(|l| match l.find("//") {
            Some(at) if !l[..at].contains('"') => &l[..at],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules of `src/<layer>` (a file or a folder) and the sibling modules each
/// one's code names: `super::x`, `crate::<layer>::x`, or `x` in a `use super::{…}`.
fn imports(layer: &str) -> BTreeMap<String, BTreeSet<String>> {
    let dir = root().join(layer);
    let mut all = Vec::new();
    files(&dir, &mut all);
    let module_of = |path: &Path| {
        let rel = path.strip_prefix(&dir).expect("under the layer");
        let first = rel.components().next().expect("a component").as_os_str().to_string_lossy().into_owned();
        first.trim_end_matches(".rs").to_string()
    };
    let names: BTreeSet<String> = all.iter().map(|p| module_of(p)).filter(|m| m != "mod").collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in &all {
        let from = module_of(path);
        if from == "mod" {
            continue;
        }
        let text = code(path);
        let in_folder = path.parent() != Some(dir.as_path()) && !path.ends_with("mod.rs");
        let up = if in_folder { "super::super::" } else { "super::" };
        let named = |pattern: &str| {
            text.match_indices(pattern).any(|(i, _)| {
                let next = text[i + pattern.len()..].chars().next();
                !next.is_some_and(|c| c.is_alphanumeric() || c == '_')
            })
        };
        // Names inside `use super::{a, b::c}` groups.
        let mut grouped = BTreeSet::new();
        for (i, _) in text.match_indices(&format!("{up}{{")) {
            let rest = &text[i + up.len() + 1..];
            if let Some(end) = rest.find('}') {
                for item in rest[..end].split(',') {
                    grouped.insert(item.trim().split("::").next().unwrap_or("").to_string());
                }
            }
        }
        let deps = graph.entry(from.clone()).or_default();
        for name in &names {
            if *name == from {
                continue;
            }
            if named(&format!("{up}{name}")) || named(&format!("crate::{layer}::{name}")) || grouped.contains(name) {
                deps.insert(name.clone());
            }
        }
    }
    graph
}

fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit<'a>(
        node: &'a str,
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| *n == node) {
            return Some(path[at..].iter().map(|s| s.to_string()).chain([node.to_string()]).collect());
        }
        if !done.insert(node) {
            return None;
        }
        path.push(node);
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_service_the_store_and_present_import_their_modules_without_a_cycle() {
    for layer in ["service", "store", "present"] {
        let graph = imports(layer);
        assert!(graph.len() > 5, "{layer}: {graph:?}");
        if let Some(found) = cycle(&graph) {
            panic!("an import cycle in src/{layer}: {}", found.join(" -> "));
        }
    }
    // The guard sees imports: these are known edges.
    let service = imports("service");
    assert!(service["mover"].contains("finisher"), "{service:?}");
    assert!(service["clocks"].contains("mover") && service["message"].contains("refusal"), "{service:?}");
    assert!(imports("present")["messages"].contains("help"));
    // In the store too, folders (`sqlite/`, `sql/`) included.
    let store = imports("store");
    assert!(store["games"].contains("ratings") && store["games"].contains("sql"), "{store:?}");
    assert!(store["sqlite"].contains("sql") && !store["ratings"].contains("games"), "{store:?}");
}

#[test]
fn the_cycle_guard_finds_a_cycle() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a".to_string(), ["b".to_string()].into()),
        ("b".to_string(), ["c".to_string()].into()),
        ("c".to_string(), ["a".to_string()].into()),
    ]
    .into();
    assert_eq!(cycle(&graph), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
}

/// The files of `src/service` whose code calls `function(`.
fn calling(function: &str) -> Vec<String> {
    let mut all = Vec::new();
    files(&root().join("service"), &mut all);
    let mut out: Vec<String> = all
        .iter()
        .filter(|p| {
            let text = code(p);
            text.match_indices(&format!("{function}(")).any(|(i, _)| {
                let before = text[..i].chars().next_back();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            })
        })
        .map(|p| p.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default())
        .collect();
    out.sort();
    out
}

#[test]
fn one_place_ends_a_game_and_one_stores_a_move() {
    // The store's endings are called by the finisher alone.
    assert_eq!(calling("end_game"), vec!["finisher.rs"]);
    assert_eq!(calling("end_by_rules"), vec!["finisher.rs"]);
    // A move is stored by the mover alone, and never with the store's own ending.
    assert_eq!(calling("append_move"), vec!["mover.rs"]);
    assert_eq!(calling("record_move"), Vec::<String>::new());
    assert_eq!(calling("record_move_alone"), Vec::<String>::new());
    assert_eq!(calling("take_back"), vec!["offers.rs"]);
}

/// The code of a source file without its comments and without what is compiled
/// for its unit tests only (an item after `#[cfg(test)]`, to its closing brace or
/// `;`): unit tests may play a given game, the code they test may not.
fn production_code(path: &Path) -> String {
    let text = code(path);
    let mut out = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "#[cfg(test)]" {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        // Skip the item: count braces (outside character literals) until they close.
        let mut depth = 0i32;
        let mut opened = false;
        for line in lines.by_ref() {
            let bare = line.replace("'{'", "").replace("'}'", "");
            for c in bare.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if (opened && depth <= 0) || (!opened && bare.trim_end().ends_with(';')) {
                break;
            }
        }
    }
    out
}

/// Where the code `text` of `src/<rel>` names one game: a variant of a registry
/// enum (`GameKind::Kuba`, `Position::Cabale(…)`), a game's module (`games::kuba`,
/// `kuba::Kuba`, `games::{kuba, …}`) or a string with a game's name (`"kuba"`,
/// `"kuba-title"`).
fn naming_a_game_in(rel: &str, text: &str) -> Vec<String> {
    let games: Vec<(String, String)> = GameKind::ALL.iter().map(|k| (format!("{k:?}"), k.name().to_string())).collect();
    let word_at = |text: &str, i: usize, len: usize| {
        let before = text[..i].chars().next_back();
        let after = text[i + len..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !ident(before) && !ident(after)
    };
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let mut say = |what: &str| found.push(format!("src/{rel}:{}: {what}: {}", number + 1, line.trim()));
        for (variant, name) in &games {
            let path_to = format!("::{variant}");
            if line.match_indices(&path_to).any(|(i, _)| word_at(line, i + 2, variant.len())) {
                say("a game's variant");
            }
            let module = line.match_indices(name.as_str()).any(|(i, _)| {
                word_at(line, i, name.len())
                    && (line[..i].ends_with("games::") || line[i + name.len()..].starts_with("::"))
            });
            let grouped = line.find("games::{").is_some_and(|group| {
                let inside = line[group + 8..].split('}').next().unwrap_or("");
                inside.split(',').any(|item| item.trim().split("::").next() == Some(name.as_str()))
            });
            if module || grouped {
                say("a game's module");
            }
            // The texts between quotes.
            for literal in line.split('"').skip(1).step_by(2) {
                let lower = literal.to_lowercase();
                if lower.match_indices(name.as_str()).any(|(i, _)| word_at(&lower, i, name.len())) {
                    say("a game's name");
                }
            }
        }
    }
    found
}

/// [`naming_a_game_in`] over the production code of `src/` outside `src/games/`
/// (unit tests, test files and comments are not read).
fn naming_a_game() -> Vec<String> {
    let root = root();
    let mut all = Vec::new();
    files(&root, &mut all);
    let mut found = Vec::new();
    for path in &all {
        let rel = path.strip_prefix(&root).expect("under src").to_string_lossy().replace('\\', "/");
        if rel.starts_with("games/") || path.file_name().is_some_and(|f| f == "tests.rs") {
            continue;
        }
        found.extend(naming_a_game_in(&rel, &production_code(path)));
    }
    found
}

/// No layer above `games` names a game: they reach every game through the
/// registry's types (`GameKind::ALL`, `Position`, `Settings` …) and ask the game
/// what differs (`players`, `players_option`, `leave_move`, `has_left` …), so that
/// adding a game touches no file outside `src/games/` and `locales/` but the ones
/// CONTRIBUTING names. Nothing is allowed: the list below is empty on purpose.
#[test]
fn no_layer_above_the_games_names_a_game() {
    const ALLOWED: &[&str] = &[];
    let found: Vec<String> =
        naming_a_game().into_iter().filter(|f| !ALLOWED.iter().any(|allowed| f.starts_with(allowed))).collect();
    assert!(found.is_empty(), "code above src/games names a game:\n{}", found.join("\n"));
}

/// The guard reads what it should: production code after a test module, and not
/// the test module nor comments; it finds each way of naming a game.
#[test]
fn the_game_guard_reads_production_code_only() {
    let dir = std::env::temp_dir().join(format!("boardbot-architecture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("sample.rs");
    let sample = "use crate::games::{GameKind, kuba};\n\
                  fn f() -> GameKind { GameKind::Kuba } // GameKind::Nuba\n\
                  #[cfg(test)]\n\
                  mod tests {\n    fn t() { let _ = ('{', GameKind::Cabale); }\n}\n\
                  fn g() -> &'static str { \"Kewbz\" }\n";
    std::fs::write(&file, sample).expect("written");
    let code = production_code(&file);
    std::fs::remove_dir_all(&dir).ok();
    assert!(code.contains("GameKind::Kuba") && code.contains("\"Kewbz\""), "{code}");
    assert!(!code.contains("Cabale") && !code.contains("Nuba"), "{code}");
    let found = naming_a_game_in("sample.rs", &code);
    assert_eq!(found.len(), 3, "{found:#?}");
    assert!(found[0].contains("a game's module") && found[1].contains("a game's variant"), "{found:#?}");
    assert!(found[2].starts_with("src/sample.rs:3: a game's name"), "{found:#?}");
    // And the tree it reads has code that reaches the games through the registry.
    let commands = production_code(&root().join("service/commands.rs"));
    assert!(commands.contains("GameKind::ALL"), "the guard reads src/service/commands.rs");
}
