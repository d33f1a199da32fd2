//! The structure the code claims, checked: no import cycles among the modules of
//! `src/service`, `src/store` and `src/present`, and one place in the service that
//! ends a game and one that stores a move.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

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
