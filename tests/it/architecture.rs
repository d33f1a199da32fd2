//! The structure the code claims, checked: each layer names only the layers below it
//! (the adapters use the service, not the store), no import cycles among the modules
//! of `src/service`, `src/store` and `src/present`, one place in the service that ends
//! a game, one that stores a move and one that takes one back, the store's test door
//! unused by the bot, and no code above `src/games` that names a game. The scanners
//! read every file (`mod.rs` too), re-exports and grouped imports; their own tests
//! show each form caught.

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

/// The names that come first after each `prefix` (`crate::`, `super::`,
/// `crate::service::` …) in `text`: `prefix x::y` names `x`, and a group
/// `prefix {a, b::{c, d}, self}` names `a` and `b` (a `use`, a `pub use` re-export or
/// a path in an expression alike). A prefix inside a longer path (`xcrate::`,
/// `$crate::`, `a::super::`) does not count.
fn named_after(text: &str, prefix: &str) -> BTreeSet<String> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices(prefix) {
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| ident(c) || c == '$' || c == ':') {
            continue;
        }
        let rest = text[i + prefix.len()..].trim_start();
        if let Some(group) = rest.strip_prefix('{') {
            // The group's items, split at its own commas (not at a nested group's).
            let (mut depth, mut item) = (0usize, String::new());
            let mut items = Vec::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        items.push(std::mem::take(&mut item));
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            items.push(item);
            for item in items {
                let first: String = item.trim().chars().take_while(|c| ident(*c)).collect();
                if !first.is_empty() && first != "self" {
                    out.insert(first);
                }
            }
        } else {
            let first: String = rest.chars().take_while(|c| ident(*c)).collect();
            if !first.is_empty() && first != "self" {
                out.insert(first);
            }
        }
    }
    out
}

/// The sibling modules (among `names`) that the code `text` of a module of
/// `src/<layer>` names: `super::x` (`up` is `super::`, or `super::super::` in a
/// folder), `crate::<layer>::x`, grouped or not.
fn siblings_named(text: &str, layer: &str, up: &str, names: &BTreeSet<String>) -> BTreeSet<String> {
    let mut found = named_after(text, up);
    found.extend(named_after(text, &format!("crate::{layer}::")));
    found.retain(|n| names.contains(n));
    found
}

/// The modules of `src/<layer>` (a file or a folder) and the sibling modules each
/// one's code names (see [`siblings_named`]). The layer's own `mod.rs` is not a node:
/// it declares every module and holds what they share (the service's `Inner`), so it
/// and its modules always name each other; the layers' test
/// ([`each_layer_names_only_the_layers_below_it`]) reads it.
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
        let text = production_code(path);
        let in_folder = path.parent() != Some(dir.as_path()) && !path.ends_with("mod.rs");
        let up = if in_folder { "super::super::" } else { "super::" };
        let mut deps = siblings_named(&text, layer, up, &names);
        deps.remove(&from);
        graph.entry(from).or_default().extend(deps);
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
    assert_eq!(calling("take_back"), vec!["mover.rs"]);
}

/// The outbox is read for delivery one way, `service/outbox.rs`'s `claim_some`,
/// `defer` and `delivered`: no other file of the service claims, hands back, marks
/// delivered or lists the store's messages (and chat and web reach no store at all).
#[test]
fn the_outbox_is_read_one_way() {
    assert_eq!(calling("claim_messages"), vec!["outbox.rs"]);
    assert_eq!(calling("defer_message"), vec!["outbox.rs"]);
    assert_eq!(calling("mark_delivered"), vec!["outbox.rs"]);
    assert_eq!(calling("pending_messages"), Vec::<String>::new());
}

/// The store's door for tests and benchmarks (`store::test_support`: a move stored
/// or a game ended with no event and no message) is never taken by the bot: no code
/// in `src/` outside `src/store/` names it.
#[test]
fn the_test_door_is_for_tests_and_benchmarks() {
    let root = root();
    let mut all = Vec::new();
    files(&root, &mut all);
    let through: Vec<String> = all
        .iter()
        .filter(|p| !p.starts_with(root.join("store")) && code(p).contains("test_support"))
        .map(|p| p.strip_prefix(&root).expect("under src").to_string_lossy().into_owned())
        .collect();
    assert!(through.is_empty(), "the bot goes through the test door: {through:?}");
    // The door is where the store says it is.
    assert!(code(&root.join("store/mod.rs")).contains("pub mod test_support;"));
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

/// The layers, lowest first, and those each one may name: the layers below it, but
/// the adapters (`chat`, `web`) reach storage through the service only.
const LAYERS: &[(&str, &[&str])] = &[
    ("games", &[]),
    ("ai", &["games"]),
    ("render", &["games"]),
    // The computer's level is stored with its seat.
    ("store", &["games", "ai"]),
    ("service", &["games", "ai", "render", "store"]),
    ("present", &["games", "ai", "render", "store", "service"]),
    // The Discord interactions endpoint is served by the web pages' server
    // (`web::serve_until`): two adapters side by side.
    ("chat", &["games", "ai", "render", "present", "service", "web"]),
    ("web", &["games", "ai", "render", "present", "service"]),
];

/// Known exceptions, each a file and the layer it names, with why and until when.
const LAYER_EXCEPTIONS: &[(&str, &str)] = &[];

/// The module path of `src/<rel>`: `chat/matrix/posting.rs` is `chat::matrix::posting`,
/// `chat/mod.rs` is `chat`, `lib.rs` the crate's root.
fn module_path(rel: &str) -> Vec<String> {
    let mut path: Vec<String> = rel.trim_end_matches(".rs").split('/').map(str::to_string).collect();
    if path.last().is_some_and(|last| last == "mod" || last == "lib" || last == "main") {
        path.pop();
    }
    path
}

/// The crate's top modules (`store`, `service` …) that the code `text` of `src/<rel>`
/// names: `crate::x…`, a group `crate::{x, y::{…}}`, in a `use`, a `pub use`
/// re-export or an expression, and `super::…` that climbs to the crate's root.
fn crate_modules_named(rel: &str, text: &str) -> BTreeSet<String> {
    let mut found = named_after(text, "crate::");
    let path = module_path(rel);
    // `super` is the parent of the file's module: `path.len()` of them reach the root.
    if !path.is_empty() {
        found.extend(named_after(text, &"super::".repeat(path.len())));
    }
    found
}

/// Every file of `src/` with the layers it names that its layer may not.
fn layer_violations() -> Vec<String> {
    let root = root();
    let mut all = Vec::new();
    files(&root, &mut all);
    let mut found = Vec::new();
    for path in &all {
        let rel = path.strip_prefix(&root).expect("under src").to_string_lossy().replace('\\', "/");
        let Some((layer, allowed)) =
            LAYERS.iter().find(|(layer, _)| module_path(&rel).first() == Some(&layer.to_string()))
        else {
            continue;
        };
        for named in crate_modules_named(&rel, &production_code(path)) {
            let is_layer = LAYERS.iter().any(|(l, _)| *l == named);
            let excepted = LAYER_EXCEPTIONS.contains(&(rel.as_str(), named.as_str()));
            if is_layer && named != *layer && !allowed.contains(&named.as_str()) && !excepted {
                found.push(format!("src/{rel} ({layer}) names {named}"));
            }
        }
    }
    found
}

/// Imports point down: each layer names only those below it, and the adapters (chat,
/// web) use the service, not the store. Every file is read, `mod.rs` included.
#[test]
fn each_layer_names_only_the_layers_below_it() {
    let found = layer_violations();
    assert!(found.is_empty(), "a layer names one it may not:\n{}", found.join("\n"));
    // Each exception still holds, or it is removed from the list.
    for (rel, named) in LAYER_EXCEPTIONS {
        let text = production_code(&root().join(rel));
        assert!(crate_modules_named(rel, &text).contains(*named), "src/{rel} no longer names {named}: drop it");
    }
    // The guard reads the tree: what the service names, and every mod.rs.
    let service = crate_modules_named("service/mod.rs", &production_code(&root().join("service/mod.rs")));
    assert!(service.contains("store"), "{service:?}");
    let mut chat = Vec::new();
    files(&root().join("chat"), &mut chat);
    assert!(chat.iter().any(|p| p.ends_with("chat/mod.rs")), "the chat's mod.rs is read");
}

/// The scanner catches each way of naming a module, in any file, `mod.rs` too, and
/// not what only looks like it (a comment, a longer name, a macro's `$crate`, a test).
#[test]
fn the_layer_scanner_catches_each_form() {
    let store = |rel: &str, text: &str| crate_modules_named(rel, text).contains("store");
    // A plain import, a re-export, a path in an expression.
    assert!(store("chat/terminal.rs", "use crate::store::MessageId;"));
    assert!(store("web/mod.rs", "pub use crate::store::Millis as At;"));
    assert!(store("chat/text.rs", "fn f() { let _ = crate::store::GameId(1); }"));
    // Grouped imports, nested, on several lines.
    assert!(store("chat/mod.rs", "use crate::{service::Service, store};"));
    assert!(store(
        "chat/discord/mod.rs",
        "use crate::{\n    service::{Service, Reply},\n    store::{self, GameId},\n};"
    ));
    assert!(store("web/html.rs", "pub(crate) use crate::{lang::Lang, store::{Millis}};"));
    // `super::` up to the crate's root, from a file, a folder's file and a mod.rs.
    assert!(store("web/live.rs", "use super::super::store::GameId;"));
    assert!(store("chat/matrix/posting.rs", "use super::super::super::{store::MessageId, service};"));
    assert!(store("chat/matrix/mod.rs", "use super::super::store;"));
    assert!(!store("chat/matrix/posting.rs", "use super::super::store;"), "that is chat::store");
    // Not a module named: comments (removed by `code`), longer names, macros, the
    // test module (removed by `production_code`).
    assert!(!store("chat/mod.rs", "use crate::storage::X; use crate::service::store::Y;"));
    assert!(!store("chat/mod.rs", "macro_rules! m { () => { $crate::store::X } }"));
    let dir = std::env::temp_dir().join(format!("boardbot-layers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("mod.rs");
    std::fs::write(
        &file,
        "// use crate::store;\nuse crate::service;\n#[cfg(test)]\nmod tests {\n    use crate::store;\n}\n",
    )
    .expect("written");
    let text = production_code(&file);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(crate_modules_named("chat/mod.rs", &text), BTreeSet::from(["service".to_string()]));
}

/// The sibling scanner of the cycle test reads the same forms within a layer.
#[test]
fn the_sibling_scanner_catches_each_form() {
    let names: BTreeSet<String> = ["mover", "finisher", "outbox", "clocks"].map(String::from).into();
    let found = |text: &str, up: &str| siblings_named(text, "service", up, &names);
    assert_eq!(found("use super::mover::play;", "super::"), BTreeSet::from(["mover".to_string()]));
    assert_eq!(
        found("pub(crate) use super::{finisher::{self, end}, outbox};", "super::"),
        BTreeSet::from(["finisher".to_string(), "outbox".to_string()])
    );
    assert_eq!(
        found("use crate::service::{\n    clocks,\n    mover::{play, play_in},\n};", "super::"),
        BTreeSet::from(["clocks".to_string(), "mover".to_string()])
    );
    assert_eq!(found("pub use crate::service::outbox::Outbox;", "super::"), BTreeSet::from(["outbox".to_string()]));
    assert_eq!(found("use super::super::clocks;", "super::super::"), BTreeSet::from(["clocks".to_string()]));
    assert!(found("use super::Inner; use crate::service::moverish;", "super::").is_empty());
}
