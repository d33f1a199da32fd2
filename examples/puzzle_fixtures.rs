//! Makes the test set of the puzzle finder (`tests/fixtures/puzzles/<game>.txt`):
//! positions with a known best move, and positions known to have none, found by
//! deep searches.
//!
//! ```sh
//! nice -n 19 cargo run --release --example puzzle_fixtures -- kuba 8 4 > tests/fixtures/puzzles/kuba.txt
//! ```
//!
//! Arguments: the game, how many positions with a best move, how many without,
//! optionally the deep search's playouts per move (30,000), the first seed (1) and
//! the weaker player (`easy`, or `random`: Cabale's games between `medium` and
//! `easy` seldom hold a move 15 points clear of the others, its blunders against
//! `random` do).
//!
//! `puzzle_fixtures check GAME [PLAYOUTS]` judges the set's positions of a game as
//! the finder does (at 3,000 playouts unless given, a release build's figures for
//! the test `puzzles::the_finder_keeps_only_positions_whose_best_move_is_the_known_one`):
//! how many with a best move it keeps, and any it keeps wrongly, with the CPU time.
//!
//! Games are played between `medium`'s search (1,000 playouts) and `easy`'s (100),
//! seats changing from game to game, each game reviewed (1,000 playouts per
//! position); the positions before its labelled moves (the largest losses first, up
//! to three a game) are looked at once at a
//! tenth of the deep budget, and those that may go in the set are then judged twice,
//! with two seeds, by [`boardbot::ai::puzzle::judge`] at the deep budget with every
//! legal move searched whole (`exhaustive`; beyond
//! [`boardbot::ai::puzzle::SCREENED`] legal moves, the deep root search's five
//! favourites and the move played). A position goes in the set:
//!
//! - **with its best move** when both judgements name the same clearly best move,
//!   each by at least 20 points (the finder's 15 and 5 more);
//! - **without one** (`best none`) when in both the two best moves are within 5
//!   points of each other: no move is clearly best;
//!
//! and is left out otherwise (one judgement or the other near the line). Positions
//! are written without the game's history: the test judges them alone too.

use std::io::Write;

use boardbot::ai::puzzle::{judge, PuzzleSearch, Suspect, Verdict, MARGIN};
use boardbot::ai::review::{review, ReviewBudget};
use boardbot::ai::{game_history, Budget, MctsConfig, MoveRequest, Player};
use boardbot::games::{GameKind, Position};

/// Moves of a game at most.
const CAP: usize = 240;
/// Suspects judged per game at most, so that the set spreads over many games.
const PER_GAME: usize = 3;
/// A best move's lead in both deep judgements, at least.
const CLEAR: f64 = MARGIN + 5.0;
/// The two best moves' gap in both deep judgements, at most, for a position without
/// a best move.
const EVEN: f64 = 5.0;

fn mcts(playouts: u64, base: MctsConfig) -> Player {
    let budget = Budget::playouts(playouts).expect("a budget");
    Player::Mcts(MctsConfig { budget, settle: false, ..base })
}

fn gap(verdict: &Verdict) -> Option<f64> {
    match verdict {
        Verdict::Clear { margin, .. } => Some(*margin),
        Verdict::Unclear { moves } => match moves.as_slice() {
            [a, b, ..] => Some(a.chances - b.chances),
            _ => None,
        },
        Verdict::Forced => None,
    }
}

/// `check GAME [PLAYOUTS]`: the finder on the set's positions.
fn check(args: &[String]) {
    let kind: GameKind =
        args.first().and_then(|g| g.parse().ok()).expect("usage: puzzle_fixtures check GAME [PLAYOUTS]");
    let playouts: u64 = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(boardbot::ai::puzzle::DEFAULT_PLAYOUTS);
    let path = format!("{}/tests/fixtures/puzzles/{kind}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the set");
    let settings = kind.default_settings();
    let (mut code, mut kept, mut known, mut wrong, mut seen) = (None, 0, 0, 0, 0);
    let started = std::time::Instant::now();
    for line in text.lines().map(str::trim) {
        if let Some(c) = line.strip_prefix("position ") {
            code = Some(c.to_string());
            continue;
        }
        let Some(best) = line.strip_prefix("best ") else { continue };
        let Some(c) = code.take() else { continue };
        let position = Position::from_code(&c, &settings).expect("a position");
        let search = PuzzleSearch { playouts, seed: 7 + seen, exhaustive: false };
        seen += 1;
        known += usize::from(best != "none");
        match judge(&position, &[], search, None).expect("a verdict") {
            Verdict::Clear { best: found, margin, .. } if found == best => {
                kept += 1;
                eprintln!("  kept {found} ({margin:.1})");
            }
            Verdict::Clear { best: found, .. } => {
                wrong += 1;
                eprintln!("  WRONG: {c}: {found}, known {best}");
            }
            _ => eprintln!("  left out ({best})"),
        }
    }
    println!(
        "{kind} at {playouts} playouts: {kept} of {known} positions with a best move kept, {wrong} kept wrongly, of {seen}; {:.0} s",
        started.elapsed().as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("check") {
        check(&args[1..]);
        return;
    }
    let usage = "usage: puzzle_fixtures GAME POSITIVES NEGATIVES [DEEP_PLAYOUTS] [FIRST_SEED]";
    let kind: GameKind = args.first().and_then(|g| g.parse().ok()).expect(usage);
    let wanted: usize = args.get(1).and_then(|n| n.parse().ok()).expect(usage);
    let wanted_none: usize = args.get(2).and_then(|n| n.parse().ok()).expect(usage);
    let deep: u64 = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(30_000);
    let first: u64 = args.get(4).and_then(|n| n.parse().ok()).unwrap_or(1);
    let weak_name = args.get(5).map_or("easy", String::as_str);
    let settings = kind.default_settings();
    let start = Position::start(&settings);
    let strong = mcts(1_000, MctsConfig::medium());
    let weak = match weak_name {
        "random" => Player::Random,
        _ => mcts(100, MctsConfig::easy()),
    };
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "# {kind}: positions with a known best move (`best MOVE`) and without one (`best none`), from deep\n\
         # searches: every legal move searched with {deep} playouts, twice with two seeds (the margins\n\
         # are the two judgements' leads of the best move over the next). Made by\n\
         # `nice -n 19 cargo run --release --example puzzle_fixtures -- {kind} {wanted} {wanted_none} {deep} {first} {weak_name}`."
    )
    .expect("stdout");
    let (mut found, mut found_none) = (0, 0);
    // Positions already judged (the start position is a suspect of many games).
    let mut seen = std::collections::HashSet::new();
    let mut seed = first;
    while (found < wanted || found_none < wanted_none) && seed < first + 500 {
        let game_seed = seed;
        seed += 1;
        let strong_seat = (game_seed % 2) as usize;
        let mut moves: Vec<String> = Vec::new();
        loop {
            let (position, history) = game_history(&start, &moves).expect("legal moves");
            if position.is_over() || moves.len() >= CAP {
                break;
            }
            let player = if position.to_move().index() == strong_seat { &strong } else { &weak };
            let request = MoveRequest {
                position: &position,
                player,
                seed: game_seed * 1_000 + moves.len() as u64,
                history: &history,
                scale: 1.0,
            };
            moves.push(request.run().expect("a move").mv);
        }
        let reviewed =
            review(&settings, None, &moves, ReviewBudget { playouts: 1_000, seed: game_seed }).expect("a review");
        // Every labelled move is a candidate here, inaccuracies too: the set needs
        // positions, and the test judges each one alone.
        let mut picked: Vec<Suspect> = reviewed
            .plies
            .iter()
            .filter_map(|p| p.label.map(|label| Suspect { ply: p.ply, label, loss: p.loss }))
            .collect();
        picked.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.ply.cmp(&b.ply)));
        picked.truncate(PER_GAME);
        eprintln!("{kind} game {game_seed}: {} moves, {} suspects", moves.len(), picked.len());
        for suspect in picked {
            let i = suspect.ply as usize;
            let (position, _) = game_history(&start, &moves[..i - 1]).expect("legal moves");
            let played = moves[i - 1].as_str();
            if !seen.insert(position.code()) {
                continue;
            }
            // A first look at a tenth of the budget: only positions that may go in
            // the set get the deep searches.
            let glance = PuzzleSearch { playouts: (deep / 10).max(8), seed: game_seed * 100, exhaustive: true };
            let first_look = gap(&judge(&position, &[], glance, Some(played)).expect("a verdict"));
            let promising = match first_look {
                Some(g) if g >= CLEAR - 5.0 => found < wanted,
                Some(g) if g < EVEN + 3.0 => found_none < wanted_none,
                _ => false,
            };
            if !promising {
                eprintln!("  ply {}: first look {first_look:?} -> left out", suspect.ply);
                continue;
            }
            let judged: Vec<Verdict> = [1, 2]
                .iter()
                .map(|s| {
                    let search = PuzzleSearch { playouts: deep, seed: game_seed * 100 + s, exhaustive: true };
                    judge(&position, &[], search, Some(played)).expect("a verdict")
                })
                .collect();
            let (a, b) = (gap(&judged[0]), gap(&judged[1]));
            let line = match (&judged[0], &judged[1]) {
                (Verdict::Clear { best: x, margin: m, .. }, Verdict::Clear { best: y, margin: n, .. })
                    if x == y && *m >= CLEAR && *n >= CLEAR && found < wanted =>
                {
                    found += 1;
                    Some(format!("best {x}\ndeep {m:.1} {n:.1}"))
                }
                _ => match (a, b) {
                    (Some(m), Some(n)) if m < EVEN && n < EVEN && found_none < wanted_none => {
                        found_none += 1;
                        Some(format!("best none\ndeep {m:.1} {n:.1}"))
                    }
                    _ => None,
                },
            };
            eprintln!(
                "  ply {}: gaps {a:?} {b:?} -> {}",
                suspect.ply,
                if line.is_some() { "kept" } else { "left out" }
            );
            if let Some(line) = line {
                writeln!(out, "\nposition {}\n{line}", position.code()).expect("stdout");
                out.flush().expect("stdout");
            }
        }
    }
    eprintln!("{kind}: {found} with a best move, {found_none} without");
}
