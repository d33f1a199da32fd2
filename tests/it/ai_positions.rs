//! Known positions that every level above `random` must solve, and the promises of
//! the players: a forced move is answered at once, a finished game is refused.

use boardbot::ai::{choose, choose_with, history, AiError, Budget, Context, Level, MctsConfig, Player};
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
fn kuba_two_push_double_capture_wins() {
    // e4-E takes the red on g4 (White's sixth) and keeps the move; f4-E then takes
    // the other red, the seventh. Neither push wins alone. e4-S looks better one
    // push deep (it takes a black marble, the seventh of eight) but leaves White no
    // capture to go on with: greedy falls for it, a search that follows the extra
    // push as part of the same line does not.
    let p = Kuba::from_code("B6/2R4/7/4WRR/4W2/4W2/4B2 w 5-5 -", &KubaSettings::default()).expect("valid");
    let mut legal = Vec::new();
    p.legal_moves(&mut legal);
    assert!(legal.iter().all(|m| after(&p, m).outcome().is_none()), "no single push wins");
    let decoy = choose(&p, &Player::Greedy, 1).expect("a move");
    assert_eq!(decoy.mv.to_string(), "e4-S", "greedy takes the black marble");
    let mut after_decoy = Vec::new();
    let decoyed = after(&p, &decoy.mv);
    decoyed.legal_moves(&mut after_decoy);
    assert!(after_decoy.iter().all(|m| after(&decoyed, m).to_move() != Seat(0)), "and then has no capture");
    let mut first = p.clone();
    first.play_text("e4-E").expect("legal");
    assert_eq!(first.to_move(), Seat(0), "the capture keeps the move");
    let mut full_levels: Vec<(String, Player)> =
        [Level::Medium, Level::Hard].iter().map(|l| (format!("{l} (full budget)"), l.player())).collect();
    full_levels.extend(searchers().into_iter().skip(1));
    for (name, player) in full_levels {
        for seed in 0..3 {
            let choice = choose(&p, &player, seed).expect("a move");
            assert_eq!(choice.mv.to_string(), "e4-E", "{name}, seed {seed}");
            assert_eq!(choice.candidates.first().map(|c| c.value), Some(1.0), "{name} did not prove the win");
            assert_eq!(choice.outlook[0], 1.0, "{name}");
            let next = choose(&first, &player, seed).expect("a move");
            assert_eq!(next.mv.to_string(), "f4-E", "{name}, seed {seed}: the second push");
        }
    }
}

/// White is far ahead (five reds, seven black marbles taken) with one marble and
/// two moves. The game has gone a1-N g7-S a2-S g6-N, so a1-N would bring back the
/// position after White's first move: every player given the history plays a1-E,
/// which keeps the advantage, instead.
#[test]
fn kuba_ahead_does_not_repeat_a_position_of_the_game() {
    let start = Kuba::from_code("6B/7/2RRR2/2RRR2/2RR3/7/W6 w 5-0 -", &KubaSettings::default()).expect("valid");
    let mut p = start.clone();
    let mut keys = vec![history::key(&p)];
    for m in ["a1-N", "g7-S", "a2-S", "g6-N"] {
        p.play_text(m).expect("legal");
        keys.push(history::key(&p));
    }
    assert_eq!(p, start, "the shuffle is back where it began");
    let context = Context { history: &keys, scale: 1.0 };
    for (name, player) in searchers() {
        for seed in 0..3 {
            let choice = choose_with(&p, &player, seed, context).expect("a move");
            assert_eq!(choice.mv.to_string(), "a1-E", "{name}, seed {seed}");
        }
    }
    // Without the history the two moves look the same: greedy picks either.
    let blind: Vec<String> =
        (0..4).map(|seed| choose(&p, &Player::Greedy, seed).expect("a move").mv.to_string()).collect();
    assert!(blind.iter().any(|m| m == "a1-N"), "{blind:?}");
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

/// The won positions of the finishing measure (`tests/fixtures/<game>/won.openings`, read
/// by `boardbot arena --openings`): twenty per game, each a game still going on in
/// which the seat named is to move and ahead by the game's own evaluation.
#[test]
fn won_positions_are_won_and_going_on() {
    use boardbot::games::{GameKind, Position};
    for kind in GameKind::ALL {
        let path = format!("{}/tests/fixtures/{}/won.openings", env!("CARGO_MANIFEST_DIR"), kind.name());
        let text = std::fs::read_to_string(&path).expect("the fixture");
        let mut count = 0;
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let (letter, code) = line.split_once(' ').expect("a seat, then a code");
            let position = Position::setup(*kind, Some(code), None).expect("a valid code");
            let seat = position.seats().iter().position(|s| s.letter == letter).expect("a seat of the game");
            assert!(!position.is_over(), "{line}");
            assert_eq!(position.to_move().index(), seat, "{line}: the winner is to move");
            let value = position.visit(Evaluate(Seat(seat as u8)));
            assert!(value >= 0.9, "{line}: {value}");
            count += 1;
        }
        assert_eq!(count, 20, "{path}");
    }
}

struct Evaluate(Seat);

impl boardbot::games::PositionVisitor for Evaluate {
    type Output = f64;
    fn visit<G: Game>(self, position: &G) -> f64 {
        position.evaluate(self.0)
    }
}
