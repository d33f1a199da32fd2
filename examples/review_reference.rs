//! The review's test set (`tests/fixtures/reviews/`): games of every kind, the labels
//! of a review 25 times deeper than the default, and how far the default review
//! agrees with them.
//!
//! ```sh
//! # 1. The games (12 per kind, between the computer's players; kept if present):
//! cargo run --release --example review_reference -- games
//! # 2. The deep review of every game that has none yet (about half an hour of one
//! #    core for the four kinds), with the reference's seed or another one:
//! nice -n 19 cargo run --release --example review_reference -- deep [KIND ...] [--seed N]
//! # 3. The default review against the deep one, per kind:
//! cargo run --release --example review_reference -- check [KIND ...] [-v]
//! # 4. How far the deep reviews of different seeds agree with each other:
//! cargo run --release --example review_reference -- ceiling [KIND ...]
//! ```
//!
//! A game is `tests/fixtures/reviews/<kind>-<nn>.txt`: comment lines (`#`), a line
//! `settings <JSON>`, then one move a line. Its deep review is `<kind>-<nn>.deep.json`:
//! the review made with [`DEEP`] playouts on every position, the same search as the
//! default review's (see `boardbot::ai::review`), without deepening, seed
//! [`DEEP_SEED`]: one object with `playouts`, `seed` and `plies` (each `ply`, `seat`,
//! `move`, `before`, `after`, `loss`, `label`, `best`). The same review with another
//! seed is `<kind>-<nn>.deep-<seed>.json` (every game has seed 2's; Kuba's also 3, 4
//! and 6's).
//!
//! `check` prints, per kind and for all games: the plies whose labels agree, the deep
//! review's blunders the default review finds (called blunders too), and the default
//! review's blunders the deep review confirms; with the CPU time of the default
//! reviews per 60 moves. Where a game has deep reviews with other seeds, a second
//! line per kind (`kuba/mean5`) compares with the label of their mean loss.
//! `ceiling` compares the reference's seed with each other seed, and the mean loss
//! of half the seeds with that of the others (four seeds or more): the figures no
//! review can be shown to pass, since the reference itself moves that much.

use std::path::{Path, PathBuf};
use std::time::Instant;

use boardbot::ai::review::{review_with, Deepening, Label, PlyReview, Review, ReviewBudget, DEFAULT_PLAYOUTS};
use boardbot::ai::{game_history, Budget, MctsConfig, MoveRequest, Player};
use boardbot::games::{GameKind, Position, Settings};
use serde::{Deserialize, Serialize};

/// The deep review's playouts per position: 25 times the default review's.
const DEEP: u64 = 25 * DEFAULT_PLAYOUTS;
/// The deep review's seed: not the default review's, so that they share no luck.
const DEEP_SEED: u64 = 7_919;
/// A game stops here if nobody has won yet.
const MOVE_CAP: usize = 160;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reviews")
}

/// A computer player of the test games, on a playout budget (the same game on any
/// machine).
fn player(name: &str) -> Player {
    let playouts = |n| Budget::playouts(n).expect("a budget");
    match name {
        "random" => Player::Random,
        "greedy" => Player::Greedy,
        "easy" => Player::Mcts(MctsConfig { budget: playouts(300), ..MctsConfig::easy() }),
        "medium" => Player::Mcts(MctsConfig { budget: playouts(3_000), ..MctsConfig::medium() }),
        "hard" => Player::Mcts(MctsConfig { budget: playouts(12_000), ..MctsConfig::hard() }),
        other => panic!("no player {other}"),
    }
}

/// The games of a kind: rule options and the players, seat by seat.
fn plan(kind: GameKind) -> Vec<(&'static str, Vec<&'static str>)> {
    let pairs: [[&str; 2]; 12] = [
        ["medium", "random"],
        ["random", "medium"],
        ["medium", "greedy"],
        ["greedy", "medium"],
        ["medium", "easy"],
        ["easy", "medium"],
        ["easy", "greedy"],
        ["greedy", "easy"],
        ["medium", "medium"],
        ["easy", "easy"],
        ["hard", "medium"],
        ["medium", "hard"],
    ];
    pairs
        .iter()
        .enumerate()
        .map(|(i, pair)| match (kind, i) {
            // Kewbz's larger board, the one whose review costs most.
            (GameKind::Kewbz, 2 | 5 | 8) => (r#"{"size":10,"cubes":80}"#, pair.to_vec()),
            // Cabale with three and four players.
            (GameKind::Cabale, 2 | 6) => (r#"{"players":3}"#, vec![pair[0], pair[1], "easy"]),
            (GameKind::Cabale, 9) => (r#"{"players":4}"#, vec![pair[0], pair[1], "medium", "greedy"]),
            _ => ("{}", pair.to_vec()),
        })
        .collect()
}

fn game_path(kind: GameKind, n: usize) -> PathBuf {
    dir().join(format!("{kind}-{n:02}.txt"))
}

/// Plays the test games that are missing.
fn games(kinds: &[GameKind]) {
    std::fs::create_dir_all(dir()).expect("the folder");
    for &kind in kinds {
        for (i, (settings, seats)) in plan(kind).into_iter().enumerate() {
            let n = i + 1;
            let path = game_path(kind, n);
            if path.exists() {
                continue;
            }
            let parsed = Settings::from_json(kind, settings).expect("settings");
            let start = Position::start(&parsed);
            let players: Vec<Player> = seats.iter().map(|s| player(s)).collect();
            let seed = 100 * kind as u64 + n as u64;
            let mut moves: Vec<String> = Vec::new();
            let clock = Instant::now();
            loop {
                let (position, history) = game_history(&start, &moves).expect("legal moves");
                if position.is_over() || moves.len() >= MOVE_CAP {
                    break;
                }
                let who = &players[position.to_move().index()];
                let request = MoveRequest {
                    position: &position,
                    player: who,
                    seed: seed * 1_000 + moves.len() as u64,
                    history: &history,
                    scale: 1.0,
                };
                moves.push(request.run().expect("a move").mv);
            }
            let (end, _) = game_history(&start, &moves).expect("legal moves");
            let ended = if end.is_over() { "to its end" } else { "stopped at the move cap" };
            let mut text = format!(
                "# {kind} game {n:02} of the review's test set: {} (seat by seat), seed {seed}, {} moves, {ended}.\n\
                 # Made by `cargo run --release --example review_reference -- games`.\nsettings {settings}\n",
                seats.join(" against "),
                moves.len()
            );
            for m in &moves {
                text.push_str(m);
                text.push('\n');
            }
            std::fs::write(&path, text).expect("written");
            eprintln!("{}: {} moves in {:.0} s", path.display(), moves.len(), clock.elapsed().as_secs_f64());
        }
    }
}

/// A test game read back.
struct TestGame {
    kind: GameKind,
    n: usize,
    settings: Settings,
    moves: Vec<String>,
}

fn read_games(kinds: &[GameKind]) -> Vec<TestGame> {
    let mut out = Vec::new();
    for &kind in kinds {
        for n in 1..=99 {
            let Ok(text) = std::fs::read_to_string(game_path(kind, n)) else { continue };
            let mut settings = kind.default_settings();
            let mut moves = Vec::new();
            for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
                match line.strip_prefix("settings ") {
                    Some(json) => settings = Settings::from_json(kind, json).expect("settings"),
                    None => moves.push(line.to_string()),
                }
            }
            out.push(TestGame { kind, n, settings, moves });
        }
    }
    out
}

/// One ply of a stored deep review.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct DeepPly {
    ply: u32,
    seat: u8,
    #[serde(rename = "move")]
    mv: String,
    before: f64,
    after: f64,
    loss: f64,
    label: Option<Label>,
    best: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Deep {
    playouts: u64,
    seed: u64,
    plies: Vec<DeepPly>,
}

/// The deep review of `game` with `seed`: [`DEEP_SEED`]'s is `<kind>-<nn>.deep.json`,
/// another seed's `<kind>-<nn>.deep-<seed>.json`.
fn deep_path(game: &TestGame, seed: u64) -> PathBuf {
    if seed == DEEP_SEED {
        dir().join(format!("{}-{:02}.deep.json", game.kind, game.n))
    } else {
        dir().join(format!("{}-{:02}.deep-{seed}.json", game.kind, game.n))
    }
}

fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn deep_of(review: &Review) -> Deep {
    let plies = review
        .plies
        .iter()
        .map(|p: &PlyReview| DeepPly {
            ply: p.ply,
            seat: p.seat,
            mv: p.mv.clone(),
            before: round(p.before),
            after: round(p.after),
            loss: round(p.loss),
            label: p.label,
            best: p.best.clone(),
        })
        .collect();
    Deep { playouts: review.playouts, seed: review.seed, plies }
}

/// A deep review as stored: one ply a line, so that a change shows ply by ply.
fn deep_json(deep: &Deep) -> String {
    let plies: Vec<String> = deep.plies.iter().map(|p| serde_json::to_string(p).expect("JSON")).collect();
    format!("{{\"playouts\":{},\"seed\":{},\"plies\":[\n{}\n]}}\n", deep.playouts, deep.seed, plies.join(",\n"))
}

/// The CPU time of this thread in seconds, where Linux tells it.
fn cpu() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(text.split_whitespace().next()?.parse::<f64>().ok()? / 1e9)
}

/// Makes the deep reviews with `seed` that are missing.
fn deep(kinds: &[GameKind], seed: u64) {
    for game in read_games(kinds) {
        let path = deep_path(&game, seed);
        if path.exists() {
            continue;
        }
        let (start, clock) = (cpu(), Instant::now());
        let budget = ReviewBudget { playouts: DEEP, seed };
        let done = review_with(&game.settings, None, &game.moves, budget, Deepening::NONE).expect("a review");
        let partial = path.with_extension("partial");
        std::fs::write(&partial, deep_json(&deep_of(&done))).expect("written");
        std::fs::rename(&partial, &path).expect("renamed");
        let cpu = cpu().zip(start).map_or(f64::NAN, |(b, a)| b - a);
        eprintln!(
            "{}: {} moves, {cpu:.0} s of CPU, {:.0} s of wall time",
            path.display(),
            game.moves.len(),
            clock.elapsed().as_secs_f64()
        );
    }
}

/// Figures of the default review against the deep one.
#[derive(Default, Clone, Copy)]
struct Tally {
    plies: usize,
    agree: usize,
    deep_blunders: usize,
    own_blunders: usize,
    /// Moves both reviews call blunders: of the deep review's, those found; of the
    /// default review's, those confirmed.
    both: usize,
    in_doubt: usize,
    positions: usize,
    playouts: u64,
    work: u64,
    cpu: f64,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.plies += other.plies;
        self.agree += other.agree;
        self.deep_blunders += other.deep_blunders;
        self.both += other.both;
        self.own_blunders += other.own_blunders;
        self.in_doubt += other.in_doubt;
        self.positions += other.positions;
        self.playouts += other.playouts;
        self.work += other.work;
        self.cpu += other.cpu;
    }

    fn line(&self, name: &str) -> String {
        let pct =
            |a: usize, b: usize| if b == 0 { "-".to_string() } else { format!("{:.1} %", 100.0 * a as f64 / b as f64) };
        let per_position = |x: u64| x as f64 / self.positions.max(1) as f64;
        format!(
            "{name:<9} plies {:>4}  agree {:>7}  blunders found {:>3}/{:<3} {:>7}  confirmed {:>3}/{:<3} {:>7}  \
             in doubt {:>3}  playouts/position {:>6.0}  work/position {:>8.0}  CPU {:>5.1} s per 60 moves",
            self.plies,
            pct(self.agree, self.plies),
            self.both,
            self.deep_blunders,
            pct(self.both, self.deep_blunders),
            self.both,
            self.own_blunders,
            pct(self.both, self.own_blunders),
            self.in_doubt,
            per_position(self.playouts),
            per_position(self.work),
            if self.plies == 0 { 0.0 } else { self.cpu * 60.0 / self.plies as f64 },
        )
    }
}

/// The labels of a reference: one deep review's own, or, from several deep reviews
/// of the same game with different seeds, the label of their mean loss (a move
/// one seed's search calls best counts with its loss of 0).
fn reference_labels(deeps: &[Deep]) -> Vec<Option<Label>> {
    match deeps {
        [one] => one.plies.iter().map(|p| p.label).collect(),
        _ => (0..deeps[0].plies.len())
            .map(|i| {
                let mean = deeps.iter().map(|d| d.plies[i].loss).sum::<f64>() / deeps.len() as f64;
                Label::of_loss(mean)
            })
            .collect(),
    }
}

/// Labels (`mine`, with whether each is decided) against a reference's.
fn compare(reference: &[Option<Label>], mine: &[(Option<Label>, bool)]) -> Tally {
    let mut t = Tally { plies: mine.len(), ..Tally::default() };
    for (&d, &(p, decided)) in reference.iter().zip(mine) {
        t.agree += usize::from(d == p);
        let (deep_blunder, own_blunder) = (d == Some(Label::Blunder), p == Some(Label::Blunder));
        t.deep_blunders += usize::from(deep_blunder);
        t.own_blunders += usize::from(own_blunder);
        t.both += usize::from(deep_blunder && own_blunder);
        t.in_doubt += usize::from(p.is_some() && !decided);
    }
    t
}

/// Every deep review of a game: [`DEEP_SEED`]'s first, then the other seeds'.
fn deep_reviews(game: &TestGame) -> Vec<Deep> {
    let mut seeds = vec![DEEP_SEED];
    let prefix = format!("{}-{:02}.deep-", game.kind, game.n);
    let mut others: Vec<u64> = std::fs::read_dir(dir())
        .expect("the folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|name| name.strip_prefix(&prefix)?.strip_suffix(".json")?.parse().ok())
        .collect();
    others.sort_unstable();
    seeds.extend(others);
    let deeps: Vec<Deep> = seeds
        .into_iter()
        .filter_map(|seed| std::fs::read_to_string(deep_path(game, seed)).ok())
        .map(|text| serde_json::from_str(&text).expect("a deep review"))
        .collect();
    for d in &deeps {
        assert!(d.plies.iter().zip(&game.moves).all(|(p, m)| &p.mv == m), "the same game");
    }
    deeps
}

/// How far the deep reviews agree with each other, per kind: the first seed's
/// labels against each other seed's, and, with four seeds or more, the mean of
/// the first half's against the mean of the second half's.
fn ceiling(kinds: &[GameKind]) {
    for &kind in kinds {
        let mut pairs = Tally::default();
        let mut halves = Tally::default();
        let mut seeds = 0;
        for game in read_games(&[kind]) {
            let deeps = deep_reviews(&game);
            if deeps.is_empty() {
                continue;
            }
            seeds = seeds.max(deeps.len());
            let first = reference_labels(&deeps[..1]);
            for other in deeps.iter().skip(1) {
                let labels: Vec<(Option<Label>, bool)> = other.plies.iter().map(|p| (p.label, true)).collect();
                pairs.add(compare(&first, &labels));
            }
            if deeps.len() >= 4 {
                let (a, b) = deeps.split_at(deeps.len() / 2);
                let mine: Vec<(Option<Label>, bool)> = reference_labels(b).into_iter().map(|l| (l, true)).collect();
                halves.add(compare(&reference_labels(a), &mine));
            }
        }
        println!("{}", pairs.line(&format!("{kind} 1:1")));
        if halves.plies > 0 {
            println!("{}", halves.line(&format!("{kind} {}:{}", seeds / 2, seeds - seeds / 2)));
        }
    }
}

/// Reviews every game with the default review (or, with `--flat`, each position
/// searched once) and compares.
fn check(kinds: &[GameKind], playouts: u64, deepening: Deepening, verbose: bool) {
    let mut all = Tally::default();
    for &kind in kinds {
        let (mut sum, mut sum_mean, mut seeds) = (Tally::default(), Tally::default(), 0);
        for game in read_games(&[kind]) {
            let deeps = deep_reviews(&game);
            let Some(deep) = deeps.first() else { continue };
            seeds = seeds.max(deeps.len());
            let start = cpu();
            let budget = ReviewBudget { playouts, seed: 1 };
            let done = review_with(&game.settings, None, &game.moves, budget, deepening).expect("a review");
            let mine: Vec<(Option<Label>, bool)> = done.plies.iter().map(|p| (p.label, p.decided)).collect();
            let mut t = compare(&reference_labels(&deeps[..1]), &mine);
            t.cpu = cpu().zip(start).map_or(0.0, |(b, a)| b - a);
            t.positions = done.chances.len();
            t.playouts = done.spent.iter().sum();
            t.work = done.work;
            if deeps.len() > 1 {
                let mut m = compare(&reference_labels(&deeps), &mine);
                (m.cpu, m.positions, m.playouts, m.work) = (t.cpu, t.positions, t.playouts, t.work);
                sum_mean.add(m);
            }
            if verbose {
                eprintln!("{}", t.line(&format!("{kind}-{:02}", game.n)));
                for (d, p) in deep.plies.iter().zip(&done.plies) {
                    if d.label != p.label {
                        eprintln!(
                            "    ply {:>3} {:<12} deep {:>5.1} {:<10} default {:>5.1} ± {:>4.1} {:<10} {}",
                            p.ply,
                            p.mv,
                            d.loss,
                            d.label.map_or("-", Label::name),
                            p.loss,
                            p.margin,
                            p.label.map_or("-", Label::name),
                            if p.decided { "" } else { "in doubt" }
                        );
                    }
                }
            }
            sum.add(t);
        }
        println!("{}", sum.line(kind.name()));
        if sum_mean.plies > 0 {
            println!("{}", sum_mean.line(&format!("{}/mean{seeds}", kind.name())));
        }
        all.add(sum);
    }
    println!("{}", all.line("all"));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = args.first().map(String::as_str).unwrap_or("");
    let mut kinds: Vec<GameKind> = Vec::new();
    let mut playouts = DEFAULT_PLAYOUTS;
    let mut verbose = false;
    let mut deepening = Deepening::DEFAULT;
    let mut seed = DEEP_SEED;
    let mut rest = args.iter().skip(1);
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--playouts" => playouts = rest.next().and_then(|n| n.parse().ok()).expect("--playouts N"),
            "-v" | "--verbose" => verbose = true,
            "--seed" => seed = rest.next().and_then(|n| n.parse().ok()).expect("--seed N"),
            "--flat" => deepening = Deepening::NONE,
            "--most" => deepening.most = rest.next().and_then(|n| n.parse().ok()).expect("--most N"),
            "--work" => deepening.work = rest.next().and_then(|n| n.parse().ok()).expect("--work N"),
            name => kinds.push(name.parse().unwrap_or_else(|_| panic!("no game {name}"))),
        }
    }
    if kinds.is_empty() {
        kinds = GameKind::ALL.to_vec();
    }
    match command {
        "games" => games(&kinds),
        "deep" => deep(&kinds, seed),
        "check" => check(&kinds, playouts, deepening, verbose),
        "ceiling" => ceiling(&kinds),
        _ => eprintln!(
            "usage: review_reference games|deep|check|ceiling [KIND ...] [--seed N] [--playouts N] [--flat] [--most N] [--work N] [-v]"
        ),
    }
}
