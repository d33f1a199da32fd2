//! Property tests for Kewbz: random playouts keep every invariant, move generation
//! and move checking agree, codes and moves round-trip, and no input panics.

use std::collections::HashSet;

use boardbot::games::kewbz::{Color, Extension, Kewbz, KewbzSettings, Placement, Square};
use boardbot::games::{Game, Seat};
use proptest::prelude::*;

fn settings() -> impl Strategy<Value = KewbzSettings> {
    (4u8..=9, 1u16..=40, prop_oneof![Just(Extension::Line), Just(Extension::Arm)])
        .prop_map(|(size, cubes, extension)| KewbzSettings { size, cubes, extension })
}

fn legal(p: &Kewbz) -> Vec<Placement> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves
}

/// Everything that must hold in any position reached by play.
fn check_invariants(p: &Kewbz, cubes: u16) {
    let n = p.size();
    let occupied = |f: u8, r: u8| Square::new(f, r).is_some_and(|s| !p.stack(s).is_empty());
    for r in 0..n - 1 {
        for f in 0..n - 1 {
            assert!(
                !(occupied(f, r) && occupied(f + 1, r) && occupied(f, r + 1) && occupied(f + 1, r + 1)),
                "2×2 block at {:?} in {p}",
                Square::new(f, r)
            );
        }
    }
    for s in Square::all(n) {
        assert!(p.stack(s).height() <= 5, "{s} in {p}");
    }
    for color in Color::ALL {
        assert_eq!(p.on_board(color) + u32::from(p.supply(color)), u32::from(cubes), "{color} in {p}");
    }
    let again = Kewbz::from_code(&p.to_string(), &p.settings()).unwrap_or_else(|e| panic!("{p}: {e}"));
    assert_eq!(&again, p);
    let moves = legal(p);
    assert_eq!(p.outcome().is_some(), moves.is_empty(), "{p}");
    let scores = p.scores().unwrap_or_default();
    if let Some(outcome) = p.outcome() {
        assert_eq!(outcome.scores.as_ref(), Some(&scores));
    }
}

/// Generated moves are all accepted, their texts round-trip, and every square or
/// `>` list that `parse_move` accepts is a generated move.
/// A placement square and a `>` list as raw coordinates, reduced onto the board.
type RawChoice = (u8, u8, Vec<(u8, u8)>);

fn check_moves(p: &Kewbz, extra: &[RawChoice]) {
    let moves = legal(p);
    let set: HashSet<&Placement> = moves.iter().collect();
    assert_eq!(set.len(), moves.len(), "duplicate moves in {p}");
    for m in &moves {
        let text = m.to_string();
        assert_eq!(p.parse_move(&text).as_ref(), Ok(m), "{text} in {p}");
        assert!(p.clone().play(m).is_ok(), "{text} in {p}");
        assert!(!p.describe(m).is_empty());
    }
    let squares: HashSet<Square> = moves.iter().map(Placement::square).collect();
    for s in Square::all(p.size() + 1) {
        match p.parse_move(&s.to_string()) {
            Ok(m) => {
                assert!(set.contains(&m), "{s} gave {m}, which is not generated, in {p}");
                assert!(p.clone().play(&m).is_ok());
            }
            Err(_) => assert!(!squares.contains(&s), "{s} refused but generated in {p}"),
        }
    }
    for (f, r, list) in extra {
        let Some(at) = Square::new(*f % p.size(), *r % p.size()) else { continue };
        let vertices: Vec<String> = list
            .iter()
            .filter_map(|(vf, vr)| Square::new(*vf % p.size(), *vr % p.size()))
            .map(|s| s.to_string())
            .collect();
        let text = format!("{at}>{}", vertices.join(","));
        if let Ok(m) = p.parse_move(&text) {
            assert!(set.contains(&m), "{text} gave {m}, which is not generated, in {p}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_keep_the_rules(
        settings in settings(),
        picks in prop::collection::vec(any::<u32>(), 0..80),
        extra in prop::collection::vec((any::<u8>(), any::<u8>(), prop::collection::vec((any::<u8>(), any::<u8>()), 1..4)), 0..6),
    ) {
        let mut p = Kewbz::start(&settings);
        check_invariants(&p, settings.cubes);
        for pick in picks {
            let moves = legal(&p);
            if moves.is_empty() {
                prop_assert!(p.random_move(&mut |n| n.saturating_sub(1)).is_none());
                break;
            }
            check_moves(&p, &extra);
            let r = p.random_move(&mut |n| pick as usize % n).unwrap();
            prop_assert!(moves.contains(&r), "random move {} not generated in {}", r, p);
            let m = &moves[pick as usize % moves.len()];
            p = p.clone().play(m).unwrap();
            check_invariants(&p, settings.cubes);
        }
    }

    /// The fast evaluation is the score comparison it documents, and a final
    /// position's reward.
    #[test]
    fn evaluation_compares_the_scores(settings in settings(), picks in prop::collection::vec(any::<u32>(), 0..80)) {
        let mut p = Kewbz::start(&settings);
        for pick in picks {
            for seat in [Seat(0), Seat(1)] {
                let want = match p.outcome() {
                    Some(o) => o.reward(seat),
                    None => {
                        let s = p.scores().unwrap();
                        let lead = f64::from(s[seat.index()] - s[1 - seat.index()]);
                        1.0 / (1.0 + (-lead / 10.0).exp())
                    }
                };
                prop_assert!((p.evaluate(seat) - want).abs() < 1e-12, "{} for seat {}", p, seat.index());
            }
            let Some(m) = p.random_move(&mut |n| pick as usize % n) else { break };
            p.play_unchecked(&m);
        }
    }

    #[test]
    fn unchecked_and_checked_play_agree(settings in settings(), picks in prop::collection::vec(any::<u32>(), 0..60)) {
        let mut checked = Kewbz::start(&settings);
        let mut unchecked = checked.clone();
        for pick in picks {
            let Some(m) = checked.random_move(&mut |n| pick as usize % n) else { break };
            checked = checked.play(&m).unwrap();
            unchecked.play_unchecked(&m);
            prop_assert_eq!(&checked, &unchecked);
        }
    }

    #[test]
    fn arbitrary_move_texts_never_panic(text in any::<String>(), near in "[a-zA-Z0-9>, ()-]{0,24}") {
        let p = Kewbz::start(&KewbzSettings::default());
        let p = p.clone().play(&p.parse_move("d4").unwrap()).unwrap();
        for t in [&text, &near] {
            if let Ok(m) = p.parse_move(t) {
                prop_assert_eq!(p.parse_move(&m.to_string()), Ok(m.clone()));
                prop_assert!(legal(&p).contains(&m));
            }
        }
    }

    #[test]
    fn arbitrary_codes_never_panic(text in any::<String>(), near in "[by0-9()/]{0,60} [byw]{1,2} [0-9-]{1,6}") {
        for t in [&text, &near] {
            if let Ok(p) = Kewbz::from_code(t, &KewbzSettings::default()) {
                prop_assert_eq!(Kewbz::from_code(&p.to_string(), &p.settings()), Ok(p.clone()));
                let _ = p.outcome();
                let _ = legal(&p);
            }
        }
    }

    #[test]
    fn random_boards_parse_or_are_refused_with_a_reason(
        size in 4usize..=8,
        cells in prop::collection::vec(0u8..8, 64),
        to_move in prop_oneof![Just("b"), Just("y")],
        supplies in (0u32..40, 0u32..40),
    ) {
        let rows: Vec<String> = (0..size)
            .map(|r| {
                let mut row = String::new();
                let mut empty = 0;
                for f in 0..size {
                    let cube = match cells[r * size + f] {
                        0..=3 => {
                            empty += 1;
                            continue;
                        }
                        4 => "b",
                        5 => "y",
                        6 => "(by)",
                        _ => "(yybyb)",
                    };
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(cube);
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                row
            })
            .collect();
        let code = format!("{} {to_move} {}-{}", rows.join("/"), supplies.0, supplies.1);
        match Kewbz::from_code(&code, &KewbzSettings::default()) {
            Ok(p) => {
                prop_assert_eq!(Kewbz::from_code(&p.to_string(), &p.settings()), Ok(p.clone()));
                check_moves(&p, &[]);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

/// The playouts above must meet the rare cases, or they prove little: shortages with
/// a choice, towers at the cap and both kinds of ending.
#[test]
fn seeded_playouts_reach_the_rare_cases() {
    let (mut choices, mut full, mut by_supply, mut by_board) = (0, 0, 0, 0);
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut below = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for game in 0..300u16 {
        let settings = KewbzSettings {
            size: 4 + (game % 5) as u8,
            cubes: 6 + game % 30,
            extension: if game % 2 == 0 { Extension::Line } else { Extension::Arm },
        };
        let mut p = Kewbz::start(&settings);
        while let Some(m) = p.random_move(&mut below) {
            choices += usize::from(legal(&p).iter().any(|m| m.choice().is_some()));
            p.play_unchecked(&m);
            full += Square::all(p.size()).filter(|s| p.stack(*s).height() == 5).count();
        }
        check_invariants(&p, settings.cubes);
        if p.supply(Color::Blue) == 0 || p.supply(Color::Yellow) == 0 {
            by_supply += 1;
        } else {
            by_board += 1;
        }
    }
    assert!(choices > 20, "{choices}");
    assert!(full > 20, "{full}");
    assert!(by_supply > 20 && by_board > 20, "{by_supply} {by_board}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// `play_unchecked` promises no panic even for moves that are not legal: moves
    /// of a 26×26 board played on a small one, over and over.
    #[test]
    fn unchecked_play_of_foreign_moves_never_panics(picks in prop::collection::vec(any::<u16>(), 1..300)) {
        let big = Kewbz::start(&KewbzSettings { size: 26, ..KewbzSettings::default() });
        let foreign = legal(&big);
        let mut p = Kewbz::start(&KewbzSettings { size: 4, cubes: 3, ..KewbzSettings::default() });
        for pick in picks {
            let m = &foreign[usize::from(pick) % foreign.len()];
            p.play_unchecked(m);
            let _ = (p.to_string(), p.outcome(), p.scores(), legal(&p), p.describe(m), p.effect(m));
            let _ = p.random_move(&mut |n| usize::from(pick) % n);
        }
    }
}
