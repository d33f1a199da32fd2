//! Property tests for the Cabale rules core with 2, 3 and 4 players.

use std::collections::HashSet;

use boardbot::ai::Rng;
use boardbot::games::cabale::{BlockadeEdges, BoxedIn, Cabale, CabaleMove, CabaleSettings, Cell, Content, Wall};
use boardbot::games::{Game, Phase, Seat};
use proptest::prelude::*;

fn settings(players: u8, sharp_turns: bool, few_edges: bool) -> CabaleSettings {
    let blockade_edges = if few_edges {
        // A handful of edges keeps complete-turn lists small enough to check whole.
        BlockadeEdges::Only(
            ["A1|A2", "D4|D5", "E5|E6", "E5|F6", "F6|G7", "H8|I8"].iter().filter_map(|t| Wall::parse(t)).collect(),
        )
    } else {
        BlockadeEdges::All
    };
    CabaleSettings { players, sharp_turns, blockade_edges, boxed_in: Default::default() }
}

fn start_blocks(players: usize) -> u32 {
    [30, 20, 15][players - 2]
}

fn start_doubles(players: usize) -> u32 {
    [6, 4, 3][players - 2]
}

/// Blocks on the board, in supplies and captured add up to what the seats started
/// with; so do double blocks (built, still allowed, captured) and blockades.
fn assert_conserved(p: &Cabale) {
    let n = p.players();
    let mut blocks = 0u32;
    let mut doubles = 0u32;
    for cell in Cell::all() {
        if let Content::Block { double, .. } = p.content(cell) {
            blocks += if double { 2 } else { 1 };
            doubles += u32::from(double);
        }
    }
    let seats = (0..n).map(|s| Seat(s as u8));
    let supplies: u32 = seats.clone().map(|s| u32::from(p.supply(s))).sum();
    let captured: u32 = seats.clone().map(|s| u32::from(p.captured(s).0) + 2 * u32::from(p.captured(s).1)).sum();
    assert_eq!(blocks + supplies + captured, start_blocks(n) * n as u32, "{p}");
    let left: u32 = seats.clone().map(|s| u32::from(p.doubles_left(s))).sum();
    let captured_doubles: u32 = seats.clone().map(|s| u32::from(p.captured(s).1)).sum();
    assert_eq!(doubles + left + captured_doubles, start_doubles(n) * n as u32, "{p}");
    let blockades: usize = seats.map(|s| usize::from(p.blockades_left(s))).sum::<usize>() + p.walls().count();
    assert_eq!(blockades, 24, "{p}");
}

/// Plays `plies` random moves (fewer if the game ends) from the start.
fn playout(settings: &CabaleSettings, rng: &mut Rng, plies: usize) -> Cabale {
    let mut p = Cabale::start(settings);
    for _ in 0..plies {
        match p.random_move(&mut |n| rng.below(n)) {
            Some(m) => p.play_unchecked(&m),
            None => break,
        }
    }
    p
}

fn texts(p: &Cabale) -> (Vec<CabaleMove>, HashSet<String>) {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let set = moves.iter().map(|m| m.to_string()).collect();
    (moves, set)
}

/// Move texts built from the notation's parts, mostly near the runner so that many
/// are legal.
fn random_text(p: &Cabale, rng: &mut Rng) -> String {
    let cells: Vec<Cell> = Cell::all().collect();
    let cell = |rng: &mut Rng| cells[rng.below(cells.len())].to_string();
    if p.phase() == Phase::Placement {
        return format!("@{}", cell(rng));
    }
    let start = p.runner(p.to_move()).map_or_else(|| cell(rng), |c| c.to_string());
    let mut text = format!("{start}>{}>{}", cell(rng), cell(rng));
    if rng.below(3) == 0 {
        text.push('+');
    }
    for _ in 0..rng.below(3) {
        text.push_str(&format!("x{}", cell(rng)));
    }
    if rng.below(2) == 0 {
        let a = cells[rng.below(cells.len())];
        let b = Cell::all().filter(|b| Wall::between(a, *b).is_some()).nth(rng.below(2)).unwrap_or(a);
        text.push_str(&format!("#{a}|{b}"));
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random playouts never panic, end within the block supply, keep every
    /// counter conserved, and every sampled move is legal and round-trips.
    #[test]
    fn random_playouts_end_and_conserve(
        players in 2u8..=4,
        sharp in any::<bool>(),
        pass in any::<bool>(),
        seed in 1u64..u64::MAX,
    ) {
        let settings = CabaleSettings {
            boxed_in: if pass { BoxedIn::Pass } else { BoxedIn::End },
            ..settings(players, sharp, false)
        };
        let mut rng = Rng::new(seed);
        let mut p = Cabale::start(&settings);
        let limit = usize::from(players) * (1 + start_blocks(usize::from(players)) as usize);
        let mut plies = 0;
        while let Some(m) = p.random_move(&mut |n| rng.below(n)) {
            prop_assert!(plies <= limit, "no end after {} plies", plies);
            let text = m.to_string();
            prop_assert_eq!(p.parse_move(&text), Ok(m));
            p = p.play(&m).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            assert_conserved(&p);
            let code = p.to_string();
            prop_assert_eq!(Cabale::from_code(&code, &settings), Ok(p.clone()));
            plies += 1;
        }
        let outcome = p.outcome();
        prop_assert!(outcome.is_some(), "stopped without an outcome: {}", p);
        prop_assert!(texts(&p).0.is_empty());
        prop_assert!(p.menu("", "", usize::MAX).choices.is_empty());
        // Under boxed_in:pass with 3 or 4 seats a runner that cannot move never ends
        // the game alone: it ends on the last block, or when no runner can move.
        let key = outcome.map(|o| o.reason.key()).unwrap_or_default();
        prop_assert!(key != "runner_stuck" || !(pass && players > 2), "{}: {}", key, p);
        prop_assert!(key != "all_stuck" || (pass && players > 2), "{}: {}", key, p);
    }

    /// The fast evaluation is the score comparison of the default (each other seat
    /// through a logistic curve of the lead, averaged), and a final position's reward.
    #[test]
    fn evaluation_compares_the_scores(players in 2u8..=4, seed in 1u64..u64::MAX) {
        let settings = settings(players, false, false);
        let mut rng = Rng::new(seed);
        let mut p = Cabale::start(&settings);
        loop {
            for s in 0..players {
                let seat = Seat(s);
                let want = match p.outcome() {
                    Some(o) => o.reward(seat),
                    None => {
                        let scores = p.scores().unwrap();
                        let mine = f64::from(scores[seat.index()]);
                        let others: Vec<f64> = scores.iter().enumerate().filter(|(i, _)| *i != seat.index())
                            .map(|(_, t)| 1.0 / (1.0 + (-(mine - f64::from(*t)) / 10.0).exp())).collect();
                        others.iter().sum::<f64>() / others.len() as f64
                    }
                };
                prop_assert!((p.evaluate(seat) - want).abs() < 1e-12, "{} for seat {}", p, s);
            }
            let Some(m) = p.random_move(&mut |n| rng.below(n)) else { break };
            p.play_unchecked(&m);
        }
    }

    /// Every generated move is accepted as itself; random move texts are accepted
    /// exactly when they are generated; and every runner path text is accepted
    /// exactly when it is a generated path.
    #[test]
    fn generated_moves_are_exactly_the_accepted_ones(
        players in 2u8..=4, sharp in any::<bool>(), seed in 1u64..u64::MAX, plies in 0usize..50
    ) {
        let settings = settings(players, sharp, true);
        let mut rng = Rng::new(seed);
        let p = playout(&settings, &mut rng, plies);
        let (moves, set) = texts(&p);
        prop_assert_eq!(moves.len(), set.len());
        if p.phase() == Phase::Play {
            prop_assert_eq!(moves.len() as u64, p.count_turns());
        }
        for m in &moves {
            prop_assert_eq!(p.parse_move(&m.to_string()), Ok(*m));
            prop_assert_eq!(p.parse_move(&m.to_string().to_lowercase()), Ok(*m));
        }
        for _ in 0..300 {
            let text = random_text(&p, &mut rng);
            let accepted = p.parse_move(&text);
            match &accepted {
                Ok(m) => prop_assert!(set.contains(&m.to_string()), "{} accepted as {} but not generated", text, m),
                Err(_) => prop_assert!(!set.contains(&text), "{} generated but refused: {:?}", text, accepted),
            }
        }
        if let Some(runner) = p.runner(p.to_move()).filter(|_| p.phase() == Phase::Play && !p.is_over()) {
            let paths: HashSet<String> = p.paths().iter().map(|path| path.to_string()).collect();
            for turn in Cell::all() {
                for end in Cell::all() {
                    let text = format!("{runner}>{turn}>{end}");
                    prop_assert_eq!(p.parse_move(&text).is_ok(), paths.contains(&text), "{}", text);
                }
            }
        }
    }

    /// Walking `next_parts` from the start of a turn yields legal moves at every
    /// step, and each step extends the text chosen so far.
    #[test]
    fn next_parts_walks_give_legal_moves(players in 2u8..=4, seed in 1u64..u64::MAX, plies in 0usize..40) {
        let settings = settings(players, true, false);
        let mut rng = Rng::new(seed);
        let p = playout(&settings, &mut rng, plies);
        let mut chosen = String::new();
        loop {
            let parts = p.menu(&chosen, "", usize::MAX).choices;
            if parts.is_empty() {
                break;
            }
            let part = &parts[rng.below(parts.len())];
            prop_assert!(part.text.starts_with(&chosen) && part.text != chosen);
            prop_assert!(part.complete);
            prop_assert!(p.parse_move(&part.text).is_ok(), "{} refused", part.text);
            chosen = part.text.clone();
            if !part.more || rng.below(4) == 0 {
                break;
            }
        }
        prop_assert_eq!(chosen.is_empty(), p.is_over());
    }

    /// Arbitrary text never panics either parser; codes that parse round-trip.
    #[test]
    fn parsers_never_panic(text in any::<String>(), notation in "[A-Ja-j0-9>+xX#|@ .-]{0,24}") {
        let p = Cabale::start(&CabaleSettings::default());
        let _ = p.parse_move(&text);
        let _ = p.parse_move(&notation);
        let played = {
            let mut q = p.clone();
            for m in ["@A3", "@I7", "A3>C3>C2"] {
                let _ = q.play_text(m);
            }
            q
        };
        let _ = played.parse_move(&notation);
        let _ = played.menu(&notation, "", usize::MAX).choices;
        if let Ok(q) = Cabale::from_code(&text, &CabaleSettings::default()) {
            prop_assert_eq!(q.to_string(), text.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }

    /// Position codes with random characters changed never panic the parser, and any
    /// that is still accepted round-trips and plays random moves without panicking.
    #[test]
    fn mutated_codes_never_panic(players in 2u8..=4, seed in 1u64..u64::MAX, plies in 0usize..30, edits in prop::collection::vec((any::<usize>(), "[.yrgbYRGB1234/0-9 |,A-I-]"), 1..4)) {
        let settings = settings(players, true, false);
        let mut rng = Rng::new(seed);
        let p = playout(&settings, &mut rng, plies);
        let mut code: Vec<char> = p.to_string().chars().collect();
        for (at, replacement) in edits {
            let i = at % code.len();
            code.splice(i..=i, replacement.chars());
        }
        let code: String = code.into_iter().collect();
        if let Ok(q) = Cabale::from_code(&code, &settings) {
            prop_assert_eq!(Cabale::from_code(&q.to_string(), &settings), Ok(q.clone()));
            let mut q = q;
            for _ in 0..3 {
                match q.random_move(&mut |n| rng.below(n)) {
                    Some(m) => {
                        prop_assert!(q.parse_move(&m.to_string()).is_ok(), "{} refused in {}", m, q);
                        q.play_unchecked(&m);
                    }
                    None => break,
                }
            }
        }
    }
}
