//! Property tests for the Nuba rules core: random playouts end and keep every
//! invariant; generated moves are exactly the accepted ones; codes and moves
//! round-trip; no input makes a parser panic.

use std::collections::HashMap;

use boardbot::games::nuba::{
    Color, IllegalMove, MoveEffect, Nuba, NubaMove, NubaNotation, NubaSettings, Piece, Rank, Square,
};
use boardbot::games::{Game, MoveError, Phase};
use proptest::prelude::*;

/// SplitMix64: a tiny deterministic generator, seeded by proptest.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z % n as u64) as usize
    }
}

/// Placement, 100 forward steps at most (20 pieces × 5 rows) and the passes
/// between them: a game can never be longer.
const MAX_PLIES: usize = 20 + 2 * 100 + 2;

fn legal(p: &Nuba) -> Vec<NubaMove> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves
}

fn locations(p: &Nuba) -> HashMap<Piece, Square> {
    Square::all().filter_map(|sq| p.piece_at(sq).map(|piece| (piece, sq))).collect()
}

fn total_pieces(p: &Nuba, out: usize) -> usize {
    let hands = p.hand(Color::Green).len() + p.hand(Color::Red).len();
    let board = p.on_board(Color::Green) + p.on_board(Color::Red);
    board + hands + usize::from(p.musician().is_some()) + out
}

/// Every move text the notation can express: all placements, all square pairs, pass.
fn every_move_text() -> Vec<String> {
    let mut texts = vec!["pass".to_string()];
    for rank in Rank::ALL {
        for to in Square::all() {
            texts.push(format!("{rank}@{to}"));
        }
    }
    for from in Square::all() {
        for to in Square::all().filter(|to| *to != from) {
            texts.push(format!("{from}-{to}"));
        }
    }
    texts
}

/// Plays a random game from the start, checking the invariants after every ply,
/// and returns the positions it went through.
fn playout(seed: u64) -> Result<Vec<Nuba>, TestCaseError> {
    let mut rng = Rng(seed);
    let mut position = Nuba::start(&NubaSettings::default());
    let mut seen = vec![position.clone()];
    let mut out = 0;
    for _ in 0..MAX_PLIES {
        let moves = legal(&position);
        prop_assert_eq!(moves.is_empty(), position.outcome().is_some(), "{}", position);
        if moves.is_empty() {
            return Ok(seen);
        }
        // The default random_move draws from the same list.
        let m = moves[rng.below(moves.len())];
        let effect = position.effect(&m);
        out += effect.pieces_out();
        let before = locations(&position);
        let mover = position.turn();
        let next = match position.clone().play(&m) {
            Ok(next) => next,
            Err(e) => return Err(TestCaseError::fail(format!("{m} refused in {position}: {}", e.reason))),
        };
        let mut fast = position.clone();
        fast.play_unchecked(&m);
        prop_assert_eq!(&fast, &next);
        prop_assert_eq!(next.turn(), mover.other());

        // No piece moves backwards or sideways; only the mover's piece moves.
        let after = locations(&next);
        let mut moved = 0;
        for (piece, to) in &after {
            match before.get(piece) {
                Some(from) if from == to => {}
                Some(from) => {
                    moved += 1;
                    prop_assert_eq!(piece.color, mover);
                    let rank_change = i16::from(to.rank()) - i16::from(from.rank());
                    let file_change = i16::from(to.file()) - i16::from(from.file());
                    prop_assert_eq!(rank_change, i16::from(mover.forward()), "{} {}->{}", piece, from, to);
                    prop_assert!(file_change.abs() <= 1);
                }
                None => {
                    moved += 1;
                    prop_assert!(matches!(m, NubaMove::Place { .. }), "{} appeared with {}", piece, m);
                    prop_assert!(position.in_hand(piece.color, piece.rank));
                }
            }
        }
        prop_assert!(moved <= 1);
        // Pieces are conserved: board, hands, musician and those out of the game.
        prop_assert_eq!(total_pieces(&next, out), 20, "{}", next);
        prop_assert_eq!(out, next.out_of_game(Color::Green) + next.out_of_game(Color::Red));
        if let MoveEffect::Stepped { captured: Some(c), .. } = effect {
            prop_assert!(!after.contains_key(&c) && next.musician() != Some(c));
        }
        // The phase only moves forward and pieces never wait in hand during play.
        if next.phase() == Phase::Play {
            prop_assert!(next.hand(Color::Green).is_empty() && next.hand(Color::Red).is_empty());
        }
        position = next;
        seen.push(position.clone());
    }
    Err(TestCaseError::fail(format!("no end after {MAX_PLIES} plies: {position}")))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn playouts_end_and_keep_the_invariants(seed in any::<u64>()) {
        let positions = playout(seed)?;
        let last = positions.last().cloned();
        prop_assert!(last.is_some_and(|p| p.outcome().is_some()));
    }

    #[test]
    fn codes_and_moves_round_trip(seed in any::<u64>()) {
        for position in playout(seed)? {
            let code = position.to_string();
            let parsed = Nuba::from_code(&code, &NubaSettings::default());
            prop_assert_eq!(parsed.as_ref(), Ok(&position), "{}", code);
            // Whether the game is over follows from the code alone.
            prop_assert_eq!(parsed.ok().and_then(|p| p.outcome()), position.outcome());
            for m in legal(&position) {
                let text = m.to_string();
                prop_assert_eq!(position.parse_move(&text), Ok(m));
                prop_assert_eq!(text.parse::<NubaNotation>().map(|n| n.to_string()), Ok(text.clone()));
                prop_assert_eq!(position.parse_move(&text.to_uppercase()), Ok(m));
                prop_assert_eq!(position.parse_move(&text.replace('-', "")), Ok(m));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Every text of the notation is accepted exactly when its move is generated.
    #[test]
    fn generated_moves_are_exactly_the_accepted_ones(seed in any::<u64>(), stride in 1usize..12) {
        let texts = every_move_text();
        for position in playout(seed)?.into_iter().step_by(stride) {
            let generated: Vec<String> = legal(&position).iter().map(ToString::to_string).collect();
            let mut accepted = Vec::new();
            for text in &texts {
                match position.parse_move(text) {
                    Ok(m) => {
                        prop_assert_eq!(&m.to_string(), text);
                        accepted.push(text.clone());
                    }
                    Err(MoveError::Illegal(reason)) => {
                        if position.outcome().is_some() {
                            prop_assert_eq!(reason, IllegalMove::GameOver);
                        }
                    }
                    Err(MoveError::Malformed(e)) => {
                        return Err(TestCaseError::fail(format!("{text} malformed: {e}")));
                    }
                }
            }
            let mut sorted = generated.clone();
            sorted.sort();
            accepted.sort();
            prop_assert_eq!(sorted, accepted, "{}", position);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_move_texts_are_accepted_only_when_generated(
        seed in any::<u64>(),
        ply in 0usize..200,
        text in "[a-fA-F0-9xX@ -]{0,7}|pass|PASS|[a-e][1-6]-?[a-e][1-6]|[1-9xX]@[a-e][1-6]|.{0,12}",
    ) {
        let positions = playout(seed)?;
        let position = &positions[ply % positions.len()];
        let generated = legal(position);
        match position.parse_move(&text) {
            Ok(m) => prop_assert!(generated.contains(&m), "{} accepted as {} in {}", text, m, position),
            Err(_) => {
                if let Ok(n) = text.parse::<NubaNotation>() {
                    let canonical = n.to_string();
                    prop_assert!(!generated.iter().any(|m| m.to_string() == canonical));
                }
            }
        }
    }

    #[test]
    fn move_parser_never_panics(text in any::<String>()) {
        let _ = text.parse::<NubaNotation>();
        let position = Nuba::start(&NubaSettings::default());
        let _ = position.parse_move(&text);
    }

    #[test]
    fn code_parser_never_panics(text in any::<String>()) {
        let _ = Nuba::from_code(&text, &NubaSettings::default());
    }

    #[test]
    fn near_codes_are_refused_or_round_trip(
        text in "([.GRX1-9]{0,12}/){0,6}[.GRX1-9]{0,12} [grx] [gr]:[-1-9X]{0,4} [gr]:[-1-9X]{0,4} ([GR][1-9X]|-|[GR][1-9X][GR][1-9X])",
    ) {
        if let Ok(position) = Nuba::from_code(&text, &NubaSettings::default()) {
            let code = position.to_string();
            prop_assert_eq!(&code, &text);
            let _ = position.outcome();
            let _ = legal(&position);
            let _ = position.diagram();
        }
    }

    /// One changed character in a real code is refused or still describes a
    /// position that round-trips, and nothing panics on it.
    #[test]
    fn mutated_codes_never_panic(seed in any::<u64>(), ply in 0usize..200, at in any::<usize>(), c in prop::sample::select(vec!['.', 'G', 'R', 'X', '1', '5', '9', '/', ' ', 'g', 'r', ':', '-'])) {
        let positions = playout(seed)?;
        let code = positions[ply % positions.len()].to_string();
        let mut chars: Vec<char> = code.chars().collect();
        let i = at % chars.len();
        chars[i] = c;
        let mutated: String = chars.into_iter().collect();
        if let Ok(position) = Nuba::from_code(&mutated, &NubaSettings::default()) {
            prop_assert_eq!(Nuba::from_code(&position.to_string(), &NubaSettings::default()), Ok(position.clone()));
            let moves = legal(&position);
            prop_assert_eq!(moves.is_empty(), position.outcome().is_some());
            for m in moves {
                prop_assert!(position.clone().play(&m).is_ok());
                prop_assert!(!position.describe(&m).is_empty());
            }
        }
    }
}
