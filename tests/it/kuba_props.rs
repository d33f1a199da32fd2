//! Property tests for Kuba: random playouts keep every invariant of §1.

use boardbot::games::kuba::{
    Color, Dir, ExtraPush, Kuba, KubaMove, KubaNotation, KubaSettings, Marble, Push, PushNotation, Repetition, Square,
};
use boardbot::games::{Game, Seat};
use proptest::prelude::*;

fn start() -> Kuba {
    Kuba::start(&KubaSettings::default())
}

/// The sheet's rules, or the house rules (optional extra push, repetition draws).
fn settings(house: (bool, bool)) -> KubaSettings {
    KubaSettings {
        extra_push: if house.0 { ExtraPush::Optional } else { ExtraPush::Mandatory },
        repetition: if house.1 { Repetition::Draw } else { Repetition::None },
    }
}

fn legal(p: &Kuba) -> Vec<KubaMove> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves
}

fn reds_on_board(p: &Kuba) -> u8 {
    Square::all().filter(|s| p.marble(*s) == Some(Marble::Red)).count() as u8
}

/// Plays the moves picked by `choices` from the start, checking every invariant at
/// every ply, and returns the final position.
fn checked_playout(choices: &[usize], check_all_candidates: bool, house: (bool, bool)) -> Kuba {
    let rules = settings(house);
    let mut p = Kuba::start(&rules);
    let mut lost = [0u8; 2];
    for &choice in choices {
        let moves = legal(&p);
        assert_eq!(moves.is_empty(), p.outcome().is_some(), "{p}");
        if moves.is_empty() {
            break;
        }
        // Generated moves are accepted, and only they are.
        if check_all_candidates {
            let pushes = Square::all().flat_map(|from| Dir::ALL.map(|dir| KubaMove::Push(Push { from, dir })));
            for candidate in pushes.chain([KubaMove::Pass]) {
                let accepted = p.clone().play(&candidate).is_ok();
                assert_eq!(accepted, moves.contains(&candidate), "{candidate} in {p}");
            }
        }
        // Codes and moves round-trip (a code carries no repetition history).
        let read = Kuba::from_code(&p.to_string(), &rules).expect("its own code");
        assert_eq!(read.to_string(), p.to_string());
        if !house.1 {
            assert_eq!(read, p);
        }
        let m = moves[choice % moves.len()];
        assert_eq!(p.parse_move(&m.to_string()), Ok(m));
        assert_eq!(m.to_string().parse::<KubaNotation>().map(|n| n.to_string()), Ok(m.to_string()));
        // `pass` is offered exactly when the extra push may be declined.
        assert_eq!(moves.contains(&KubaMove::Pass), p.may_pass(), "{p}");

        let mover = p.turn();
        let next = p.clone().play(&m).unwrap_or_else(|e| panic!("{m} in {p}: {e}"));
        let KubaMove::Push(m) = m else {
            assert_eq!(next.turn(), mover.other(), "{p} pass");
            p = next;
            continue;
        };
        let effect = p.effect(&m);
        match effect.captured {
            Some(Marble::White) => lost[0] += 1,
            Some(Marble::Black) => lost[1] += 1,
            _ => {}
        }
        // Marbles are conserved: on the board + captured = 29.
        let on_board = next.marbles_on_board(Color::White) + next.marbles_on_board(Color::Black) + reds_on_board(&next);
        let captured = next.reds_captured(Color::White) + next.reds_captured(Color::Black) + lost[0] + lost[1];
        assert_eq!(on_board + captured, 29, "{next}");
        assert_eq!(next.marbles_lost(Color::White), lost[0]);
        assert_eq!(next.marbles_lost(Color::Black), lost[1]);
        // A capture keeps the move; otherwise it passes.
        if effect.captured.is_some() {
            assert_eq!(next.turn(), mover, "{p} {m}");
            assert_eq!(next.ban(), None);
            assert_eq!(next.may_pass(), house.0 && next.outcome().is_none(), "{p} {m}");
        } else {
            assert_eq!(next.turn(), mover.other(), "{p} {m}");
        }
        p = next;
    }
    p
}

/// The canonical run-length form of one rank (cells from file a to g).
fn encode_row(cells: &[char]) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for &c in cells {
        if c == '.' {
            empty += 1;
        } else {
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(c);
        }
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}

/// A few plies from a hand-made position: every move generated is accepted.
fn checked_from(mut p: Kuba, choices: &[usize]) {
    for &choice in choices {
        let moves = legal(&p);
        if moves.is_empty() {
            assert!(p.outcome().is_some());
            return;
        }
        for m in &moves {
            assert!(p.clone().play(m).is_ok(), "{m} in {p}");
        }
        p.play_unchecked(&moves[choice % moves.len()]);
        assert_eq!(Kuba::from_code(&p.to_string(), &KubaSettings::default()).as_ref(), Ok(&p));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_keep_the_invariants(
        choices in prop::collection::vec(any::<usize>(), 0..160),
        house in (any::<bool>(), any::<bool>()),
    ) {
        checked_playout(&choices, true, house);
    }

    #[test]
    fn random_games_end_or_go_on_without_panicking(
        choices in prop::collection::vec(any::<usize>(), 300..1200),
        house in (any::<bool>(), any::<bool>()),
    ) {
        let p = checked_playout(&choices, false, house);
        if let Some(outcome) = p.outcome() {
            if outcome.is_draw() {
                prop_assert!(house.1, "only the house rule repetition:draw draws");
                prop_assert_eq!(outcome.reason.key(), "repetition");
                prop_assert!(p.occurrences() >= 3);
            } else {
                prop_assert_eq!(outcome.winners().len(), 1);
            }
            prop_assert!(legal(&p).is_empty());
        }
    }

    #[test]
    fn move_parser_never_panics(text in ".{0,12}") {
        let _ = text.parse::<PushNotation>();
        let _ = text.parse::<KubaNotation>();
        let _ = start().parse_move(&text);
    }

    #[test]
    fn move_like_strings_parse_or_say_why(text in "[a-iA-I][0-9]{1,2}[- ]?([NESWnesw]|north|up|left|[a-h][0-9])?") {
        match text.parse::<PushNotation>() {
            Ok(n) => prop_assert_eq!(n.to_string().parse::<PushNotation>(), Ok(n)),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn random_boards_round_trip(
        cells in prop::collection::vec(prop::sample::select(vec!['.', '.', '.', 'W', 'B', 'R']), 49),
        white in any::<bool>(),
        reds in (0u8..7, 0u8..7),
        ban in (any::<prop::sample::Index>(), 0usize..5),
    ) {
        let rows: Vec<String> = cells.chunks(7).map(encode_row).collect();
        let to_move = if white { 'W' } else { 'B' };
        let own: Vec<usize> = (0..49).filter(|i| cells[*i] == to_move).collect();
        let ban = match (own.is_empty(), ban.1) {
            (false, d) if d < 4 => {
                let i = own[ban.0.index(own.len())];
                format!("{}{}-{}", (b'a' + (i % 7) as u8) as char, 7 - i / 7, ["N", "E", "S", "W"][d])
            }
            _ => "-".to_string(),
        };
        let code = format!("{} {} {}-{} {ban}", rows.join("/"), if white { 'w' } else { 'b' }, reds.0, reds.1);
        let count = |c: char| cells.iter().filter(|x| **x == c).count();
        let valid = count('W') <= 8 && count('B') <= 8 && count('R') + usize::from(reds.0 + reds.1) <= 13;
        match Kuba::from_code(&code, &KubaSettings::default()) {
            Ok(p) => {
                prop_assert!(valid, "{} accepted", code);
                prop_assert_eq!(p.to_string(), code.clone());
                prop_assert_eq!(p.outcome().is_some(), legal(&p).is_empty());
                checked_from(p, &[1, 5, 9, 2, 7, 3]);
            }
            Err(e) => prop_assert!(!valid, "{} refused: {}", code, e),
        }
    }

    #[test]
    fn code_parser_never_panics(text in ".{0,80}") {
        let _ = Kuba::from_code(&text, &KubaSettings::default());
    }

    #[test]
    fn code_like_strings_round_trip_when_accepted(
        rows in prop::collection::vec("[WBR1-8]{1,8}", 5..9),
        to_move in "[wbx]",
        reds in "[0-9]{1,2}-[0-9]{1,2}",
        ban in "(-|[a-h][1-8]-[NESWX])",
    ) {
        let code = format!("{} {to_move} {reds} {ban}", rows.join("/"));
        if let Ok(p) = Kuba::from_code(&code, &KubaSettings::default()) {
            prop_assert_eq!(p.to_string(), code.clone());
            let outcome = p.outcome();
            prop_assert_eq!(outcome.is_some(), legal(&p).is_empty());
            if let Some(o) = outcome {
                prop_assert!(o.winners() == vec![Seat(0)] || o.winners() == vec![Seat(1)]);
            }
        }
    }
}
