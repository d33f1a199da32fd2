//! The AI against every game of the registry: from random reachable positions
//! (2, 3 and 4 seats for Cabale) every level returns a legal move, and the same seed
//! gives the same move.

use boardbot::ai::{choose, AiError, Budget, Level, MctsConfig, Player, Rng};
use boardbot::games::{dispatch, Game, GameKind, GameVisitor};
use proptest::prelude::*;

/// The levels, with budgets in playouts only (a time budget makes the choice depend
/// on the machine's speed) and small enough for debug builds.
fn players(seats: usize) -> Vec<(String, Player)> {
    let mut out = vec![("random".to_string(), Player::Random), ("greedy".to_string(), Player::Greedy)];
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        if let Player::Mcts(config) = level.player() {
            let playouts = config.budget.playout_limit().unwrap_or(100).min(60);
            let budget = Budget::playouts(playouts).expect("a positive budget");
            out.push((level.name().to_string(), Player::Mcts(MctsConfig { budget, ..config })));
        }
    }
    if seats == 2 {
        out.push(("alphabeta:2".to_string(), Player::AlphaBeta(2)));
    }
    out
}

struct Check {
    players: u8,
    plies: usize,
    walk_seed: u64,
    seed: u64,
}

impl GameVisitor for Check {
    type Output = Result<(), String>;
    fn visit<G: Game>(self) -> Result<(), String> {
        let settings: G::Settings =
            serde_json::from_str(&format!("{{\"players\":{}}}", self.players)).unwrap_or_default();
        let mut position = G::start(&settings);
        let mut rng = Rng::new(self.walk_seed);
        for _ in 0..self.plies {
            match position.random_move(&mut |n| rng.below(n)) {
                Some(m) => position.play_unchecked(&m),
                None => break,
            }
        }
        let seats = position.seats().len();
        for (name, player) in players(seats) {
            let first = choose(&position, &player, self.seed);
            if position.is_over() {
                if first != Err(AiError::Finished) {
                    return Err(format!("{name} on the finished {position}: {first:?}"));
                }
                continue;
            }
            let first = first.map_err(|e| format!("{name} on {position}: {e}"))?;
            if position.clone().play(&first.mv).is_err() {
                return Err(format!("{name} chose the illegal {} on {position}", first.mv));
            }
            let again = choose(&position, &player, self.seed).map_err(|e| e.to_string())?;
            if again.mv != first.mv {
                return Err(format!("{name} chose {} then {} with one seed on {position}", first.mv, again.mv));
            }
        }
        Ok(())
    }
}

fn check(kind: GameKind, players: u8, plies: usize, walk_seed: u64, seed: u64) -> Result<(), TestCaseError> {
    dispatch(kind, Check { players, plies, walk_seed, seed }).map_err(TestCaseError::fail)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn every_level_plays_legally_and_repeatably(plies in 0usize..120, walk_seed: u64, seed: u64) {
        for kind in GameKind::ALL {
            if kind.name() != "cabale" {
                check(*kind, 2, plies, walk_seed, seed)?;
            }
        }
    }

    #[test]
    fn every_level_plays_cabale_with_two_to_four_seats(players in 2u8..=4, plies in 0usize..50, walk_seed: u64, seed: u64) {
        if let Ok(kind) = "cabale".parse::<GameKind>() {
            check(kind, players, plies, walk_seed, seed)?;
        }
    }
}
