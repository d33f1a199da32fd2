//! Known positions that every level above `random` must solve, and the promises of
//! the players: a forced move is answered at once, a finished game is refused.

use boardbot::ai::{choose, AiError, Budget, Level, MctsConfig, Player};
use boardbot::games::cabale::{Cabale, CabaleSettings};
use boardbot::games::kewbz::{Kewbz, KewbzSettings};
use boardbot::games::kuba::{Kuba, KubaSettings};
use boardbot::games::nuba::{Nuba, NubaSettings};
use boardbot::games::{Game, Seat};

/// Every level above random, with playout budgets small enough for debug builds,
/// and the alpha-beta baseline.
fn searchers() -> Vec<(String, Player)> {
    let mut out = vec![("greedy".to_string(), Player::Greedy)];
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        if let Player::Mcts(config) = level.player() {
            let budget = Budget::playouts(config.budget.playout_limit().unwrap_or(200).min(200)).expect("positive");
            out.push((level.name().to_string(), Player::Mcts(MctsConfig { budget, ..config })));
        }
    }
    out.push(("alphabeta:3".to_string(), Player::AlphaBeta(3)));
    out
}

fn after<G: Game>(position: &G, m: &G::Move) -> G {
    let mut next = position.clone();
    next.play_unchecked(m);
    next
}

#[test]
fn kuba_seventh_red_is_taken() {
    let p = Kuba::from_code("WW3BB/WW3BB/7/2R1R2/7/BB5/BB3WR w 6-0 -", &KubaSettings::default()).expect("valid");
    for (name, player) in searchers() {
        for seed in 0..3 {
            let choice = choose(&p, &player, seed).expect("a move");
            assert_eq!(choice.mv.to_string(), "f1-E", "{name}");
        }
    }
}

#[test]
fn kuba_capture_then_seventh_red_is_seen_as_one_win() {
    // f1-E takes the black marble on g1 and keeps the move; g1-N then pushes the
    // whole g file and the 7th red off g7. No single push wins, so only a search
    // that asks whose move it is after a capture proves the win.
    let p = Kuba::from_code("W5R/6B/6B/6B/6B/6B/5WB w 6-0 -", &KubaSettings::default()).expect("valid");
    for (name, player) in searchers().into_iter().skip(1) {
        let choice = choose(&p, &player, 5).expect("a move");
        assert_eq!(choice.mv.to_string(), "f1-E", "{name}");
        assert_eq!(choice.candidates.first().map(|c| c.value), Some(1.0), "{name} did not prove the win");
    }
}

#[test]
fn nuba_champion_runs_home() {
    let p = Nuba::from_code("R1R2.R3R4/..GX../...../...../...../G5.... g g:- r:- -", &NubaSettings::default())
        .expect("valid");
    for (name, player) in searchers() {
        let choice = choose(&p, &player, 1).expect("a move");
        let won = after(&p, &choice.mv).outcome().is_some_and(|o| o.reward(Seat(0)) == 1.0);
        assert!(won, "{name} played {}", choice.mv);
    }
}

#[test]
fn kewbz_last_cube_wins_on_points() {
    // Blue has two cubes: d3 or d5 makes a corner at d4 and caps Yellow's tower of
    // four with the last cube (Blue 5, Yellow -1); e3 caps only a new tower of two
    // (Blue 2, Yellow 3) and c4 makes no corner at all.
    let p = Kewbz::from_code("8/8/8/8/3(yyyy)y3/8/8/8 b 2-1", &KewbzSettings::default()).expect("valid");
    for (name, player) in searchers() {
        for seed in 0..2 {
            let choice = choose(&p, &player, seed).expect("a move");
            let text = choice.mv.to_string();
            assert!(text == "d3" || text == "d5", "{name} played {text}");
            assert!(after(&p, &choice.mv).outcome().is_some_and(|o| o.reward(Seat(0)) == 1.0), "{name}");
        }
    }
}

#[test]
fn cabale_capture_that_turns_the_score() {
    // Red leads 27 to 10; taking the red double on C5 from B4 (landing on D6) swings
    // the score to Yellow.
    let code = "..2../....../......./......../....r..../...y..../....R../....../..1.. y 20-20 6-5 12-12 0.0-0.0 -";
    let p = Cabale::from_code(code, &CabaleSettings::default()).expect("valid");
    for (name, player) in searchers() {
        let choice = choose(&p, &player, 2).expect("a move");
        let text = choice.mv.to_string();
        assert!(text.starts_with("A3>B4>") && text.contains("xD6"), "{name} played {text}");
        let scores = after(&p, &choice.mv).scores().expect("scores");
        assert!(scores[0] > scores[1], "{name}: {scores:?}");
    }
}

#[test]
fn a_forced_move_is_answered_at_once() {
    let p =
        Nuba::from_code("R1R2.../G5..../...../...../...../..... g g:- r:- -", &NubaSettings::default()).expect("valid");
    for level in Level::ALL {
        let choice = choose(&p, &level.player(), 3).expect("a move");
        assert_eq!(choice.mv.to_string(), "pass");
        assert_eq!(choice.playouts, 0, "{level}: a forced move needs no search");
    }
}

#[test]
fn a_finished_game_is_refused() {
    let mut p = Kuba::from_code("WW3BB/WW3BB/7/2R1R2/7/BB5/BB3WR w 6-0 -", &KubaSettings::default()).expect("valid");
    p.play_text("f1-E").expect("legal");
    assert!(p.is_over());
    for level in Level::ALL {
        assert_eq!(choose(&p, &level.player(), 0), Err(AiError::Finished));
    }
    assert_eq!(choose(&p, &Player::AlphaBeta(4), 0), Err(AiError::Finished));
    let start = Kuba::start(&KubaSettings::default());
    assert!(matches!(choose(&start, &Player::AlphaBeta(0), 0), Err(AiError::BadDepth(_))));
}

#[test]
fn alphabeta_refuses_more_than_two_seats() {
    let settings: CabaleSettings = serde_json::from_str(r#"{"players":3}"#).expect("settings");
    let p = Cabale::start(&settings);
    assert_eq!(choose(&p, &Player::AlphaBeta(2), 0), Err(AiError::NotTwoSeats(3)));
    assert!(choose(&p, &Player::Greedy, 0).is_ok());
}

#[test]
fn players_parse_and_bad_ones_are_refused() {
    assert_eq!("hard".parse::<Player>(), Ok(Level::Hard.player()));
    assert_eq!("alphabeta:6".parse::<Player>(), Ok(Player::AlphaBeta(6)));
    assert!(matches!("playouts:2000".parse::<Player>(), Ok(Player::Mcts(_))));
    assert!(matches!("ms:500".parse::<Player>(), Ok(Player::Mcts(_))));
    for bad in ["playouts:0", "ms:-3", "ms:"] {
        assert!(matches!(bad.parse::<Player>(), Err(AiError::BadBudget(_))), "{bad}");
    }
    for bad in ["alphabeta:0", "alphabeta:x", "alphabeta:31", "alphabeta:300"] {
        assert!(matches!(bad.parse::<Player>(), Err(AiError::BadDepth(_))), "{bad}");
    }
    for bad in ["superhard", "", "depth:3"] {
        assert!(matches!(bad.parse::<Player>(), Err(AiError::UnknownPlayer(_))), "{bad}");
    }
    assert!(Budget::new(None, None).is_err());
}

/// Whether the deadline holds is measured by `benches/ai.rs`, never timed here.
#[test]
fn a_time_budget_gives_a_legal_move() {
    let p = Cabale::from_code(
        "..2../....../......./......../....r..../...y..../....R../....../..1.. y 20-20 6-5 12-12 0.0-0.0 -",
        &CabaleSettings::default(),
    )
    .expect("valid");
    let player = "ms:150".parse::<Player>().expect("player");
    let choice = choose(&p, &player, 9).expect("a move");
    assert!(p.clone().play(&choice.mv).is_ok(), "{}", choice.mv);
}
