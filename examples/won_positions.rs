//! Collects won positions from games between two players, for the finishing
//! measure (`boardbot arena --openings`): from each game that a side won, the first
//! position where that side is to move and the game's own evaluation gives it at
//! least the threshold, with at least a few moves of the game still to come.
//! Prints one line per position: the winner's seat letter, then the position code.
//!
//! ```sh
//! cargo run --release --example won_positions -- kuba 20 0.9 medium greedy > tests/fixtures/kuba/won.openings
//! ```
//!
//! Arguments: the game, how many positions, the threshold, the two players (they
//! change seats from game to game) and optionally the first seed (1).

use boardbot::ai::{choose_with, history, Context, Player};
use boardbot::games::{dispatch, Game, GameKind, GameVisitor};

struct Collect {
    count: usize,
    threshold: f64,
    a: Player,
    b: Player,
    seed: u64,
}

/// Moves of the game that must still come after the position.
const MIN_LEFT: usize = 6;
/// Games longer than this are given up.
const CAP: usize = 400;

impl GameVisitor for Collect {
    type Output = Result<Vec<String>, String>;
    fn visit<G: Game>(self) -> Self::Output {
        let start = G::start(&G::Settings::default());
        let mut out: Vec<String> = Vec::new();
        let mut game = 0u64;
        while out.len() < self.count && game < 50 * self.count as u64 {
            let seed = self.seed + game;
            let a_seat = (game % 2) as u8;
            game += 1;
            let mut position = start.clone();
            let mut keys = vec![history::key(&position)];
            let mut line: Vec<G> = Vec::new();
            while !position.is_over() && line.len() < CAP {
                line.push(position.clone());
                let player = if position.to_move().0 == a_seat { &self.a } else { &self.b };
                let context = Context { history: &keys, scale: 1.0 };
                let choice = choose_with(&position, player, seed * 1_000 + line.len() as u64, context)
                    .map_err(|e| e.to_string())?;
                position.play_unchecked(&choice.mv);
                keys.push(history::key(&position));
            }
            let Some(outcome) = position.outcome() else { continue };
            let winners = outcome.winners();
            let [winner] = winners[..] else { continue };
            let found = line.iter().enumerate().find(|(i, p)| {
                p.to_move() == winner && line.len() - i >= MIN_LEFT && p.evaluate(winner) >= self.threshold
            });
            if let Some((_, p)) = found {
                let text = format!("{} {p}", p.seats()[winner.index()].letter);
                if !out.contains(&text) {
                    eprintln!("game {game}: {text} (eval {:.3})", p.evaluate(winner));
                    out.push(text);
                }
            }
        }
        Ok(out)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: won_positions GAME COUNT THRESHOLD PLAYER_A PLAYER_B [SEED]";
    let run = || -> Result<Vec<String>, String> {
        let kind: GameKind = args.first().ok_or(usage)?.parse().map_err(|e| format!("{e}"))?;
        let count: usize = args.get(1).ok_or(usage)?.parse().map_err(|_| usage)?;
        let threshold: f64 = args.get(2).ok_or(usage)?.parse().map_err(|_| usage)?;
        let a: Player = args.get(3).ok_or(usage)?.parse().map_err(|e| format!("{e}"))?;
        let b: Player = args.get(4).ok_or(usage)?.parse().map_err(|e| format!("{e}"))?;
        let seed: u64 = args.get(5).map_or(Ok(1), |s| s.parse()).map_err(|_| usage)?;
        dispatch(kind, Collect { count, threshold, a, b, seed })
    };
    match run() {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
