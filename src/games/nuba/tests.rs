//! Unit tests for the Nuba rules (§4), clause by clause: each rule with its legal and
//! its illegal side.

use super::*;
use crate::games::MoveError;

/// The board field with `pieces` (square, token) and every other cell empty.
fn board(pieces: &[(&str, &str)]) -> String {
    let mut rows = Vec::new();
    for rank in (0..RANKS).rev() {
        let mut row = String::new();
        for file in 0..FILES {
            let name = Square::new(file, rank).map(|s| s.to_string()).unwrap_or_default();
            match pieces.iter().find(|(sq, _)| *sq == name) {
                Some((_, token)) => row.push_str(token),
                None => row.push('.'),
            }
        }
        rows.push(row);
    }
    rows.join("/")
}

/// A movement-phase position (both hands empty).
fn play_pos(pieces: &[(&str, &str)], to_move: &str, musician: &str) -> Nuba {
    let code = format!("{} {to_move} g:- r:- {musician}", board(pieces));
    match Nuba::from_code(&code, &NubaSettings::default()) {
        Ok(p) => p,
        Err(e) => panic!("{code}: {e}"),
    }
}

fn code(text: &str) -> Nuba {
    match Nuba::from_code(text, &NubaSettings::default()) {
        Ok(p) => p,
        Err(e) => panic!("{text}: {e}"),
    }
}

fn legal(p: &Nuba) -> Vec<String> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves.iter().map(ToString::to_string).collect()
}

fn play(p: &mut Nuba, moves: &[&str]) {
    for text in moves {
        if let Err(e) = p.play_text(text) {
            panic!("{text} in {p}: {e}");
        }
    }
}

fn refused(p: &Nuba, text: &str) -> IllegalMove {
    match p.parse_move(text) {
        Err(MoveError::Illegal(reason)) => {
            // A refused move leaves the position untouched and is not listed.
            assert!(!legal(p).contains(&text.to_string()), "{text} is listed");
            reason
        }
        other => panic!("{text} in {p}: expected an illegal move, got {other:?}"),
    }
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

fn rank(c: char) -> Rank {
    Rank::from_symbol(c).unwrap_or_else(|| panic!("bad rank {c}"))
}

fn winner(p: &Nuba) -> Option<Option<Color>> {
    p.end().map(End::winner)
}

const G: Color = Color::Green;
const R: Color = Color::Red;

// §4.2 Placement

#[test]
fn start_position() {
    let p = Nuba::start(&NubaSettings::default());
    assert_eq!(p.to_string(), START);
    assert_eq!(code(START), p);
    assert_eq!(p.phase(), Phase::Placement);
    assert_eq!(p.turn(), G);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.scores(), None);
    let moves = legal(&p);
    assert_eq!(moves.len(), 100);
    assert_eq!(moves[..6], ["1@a1", "1@b1", "1@c1", "1@d1", "1@e1", "1@a2"]);
    assert_eq!(moves.last().map(String::as_str), Some("X@e2"));
}

#[test]
fn placement_on_own_home_rows_only() {
    let mut p = Nuba::start(&NubaSettings::default());
    for target in ["c3", "c4", "c5", "c6"] {
        assert_eq!(
            refused(&p, &format!("X@{target}")),
            IllegalMove::NotHomeRow { square: sq(target), color: G },
            "{target}"
        );
    }
    play(&mut p, &["X@c1"]);
    assert_eq!(p.turn(), R);
    for target in ["c1", "c2", "c3", "c4"] {
        assert_eq!(refused(&p, &format!("1@{target}")), IllegalMove::NotHomeRow { square: sq(target), color: R });
    }
    let red_targets: Vec<String> = legal(&p).into_iter().filter(|m| m.starts_with("1@")).collect();
    assert_eq!(red_targets, ["1@a5", "1@b5", "1@c5", "1@d5", "1@e5", "1@a6", "1@b6", "1@c6", "1@d6", "1@e6"]);
    play(&mut p, &["1@c6"]);
    assert_eq!(p.to_string(), "..R1../...../...../...../...../..GX.. g g:123456789 r:23456789X -");
}

#[test]
fn placement_on_an_occupied_square_is_refused() {
    let mut p = Nuba::start(&NubaSettings::default());
    play(&mut p, &["X@c2", "1@c5"]);
    let gx = Piece { color: G, rank: Rank::CHAMPION };
    assert_eq!(refused(&p, "1@c2"), IllegalMove::Occupied { square: sq("c2"), piece: gx });
    assert!(!legal(&p).iter().any(|m| m.ends_with("@c2")));
}

#[test]
fn placing_a_piece_twice_is_refused() {
    let mut p = Nuba::start(&NubaSettings::default());
    play(&mut p, &["X@c2", "X@c5"]);
    assert_eq!(refused(&p, "X@a1"), IllegalMove::NotInHand(Rank::CHAMPION));
    assert!(!p.in_hand(G, Rank::CHAMPION));
    assert!(p.in_hand(G, rank('9')));
    assert_eq!(legal(&p).len(), 9 * 9);
}

#[test]
fn placement_alternates_green_first_until_all_are_placed() {
    let mut p = Nuba::start(&NubaSettings::default());
    let squares_g = ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"];
    let squares_r = ["a6", "b6", "c6", "d6", "e6", "a5", "b5", "c5", "d5", "e5"];
    for (i, r) in Rank::ALL.iter().enumerate() {
        assert_eq!(p.turn(), G);
        assert_eq!(p.phase(), Phase::Placement);
        // No step and no pass while placing.
        assert_eq!(refused(&p, "pass"), IllegalMove::PassNotAllowed);
        play(&mut p, &[&format!("{r}@{}", squares_g[i])]);
        assert_eq!(p.turn(), R);
        play(&mut p, &[&format!("{r}@{}", squares_r[i])]);
    }
    assert_eq!(p.phase(), Phase::Play);
    assert_eq!(p.turn(), G);
    assert_eq!(p.to_string(), "R1R2R3R4R5/R6R7R8R9RX/...../...../G6G7G8G9GX/G1G2G3G4G5 g g:- r:- -");
    assert_eq!(refused(&p, "1@a3"), IllegalMove::PlacementOver);
    assert_eq!(p.outcome(), None);
}

#[test]
fn steps_wait_for_the_end_of_placement() {
    let mut p = Nuba::start(&NubaSettings::default());
    play(&mut p, &["5@c2", "5@c5"]);
    assert_eq!(refused(&p, "c2-c3"), IllegalMove::StillPlacing);
}

#[test]
fn a_side_with_an_empty_hand_passes_while_the_other_places() {
    // Not reachable from the start (hands shrink in turn), but a valid code.
    let mut p = code("...../...../...../...../G1..../..... g g:- r:1 -");
    assert_eq!(p.phase(), Phase::Placement);
    assert_eq!(legal(&p), ["pass"]);
    play(&mut p, &["pass", "1@a6"]);
    assert_eq!(p.phase(), Phase::Play);
    assert_eq!(p.turn(), G);
}

// §4.3 Movement

#[test]
fn steps_go_straight_or_diagonally_forward() {
    let p = play_pos(&[("c3", "G5"), ("a5", "R5")], "g", "-");
    assert_eq!(legal(&p), ["c3-b4", "c3-c4", "c3-d4"]);
    let p = play_pos(&[("c3", "G5"), ("c5", "R5")], "r", "-");
    assert_eq!(legal(&p), ["c5-b4", "c5-c4", "c5-d4"]);
    // The board's edge cuts the diagonals.
    let p = play_pos(&[("a3", "G5"), ("e4", "G6"), ("a5", "R5")], "g", "-");
    assert_eq!(legal(&p), ["a3-a4", "a3-b4", "e4-d5", "e4-e5"]);
}

#[test]
fn a_step_moves_the_piece() {
    let mut p = play_pos(&[("c3", "G5"), ("a5", "R5")], "g", "-");
    play(&mut p, &["c3-d4"]);
    assert_eq!(p.piece_at(sq("c3")), None);
    assert_eq!(p.piece_at(sq("d4")), Some(Piece { color: G, rank: rank('5') }));
    assert_eq!(p.turn(), R);
    assert_eq!(p.to_string(), "...../R5..../...G5./...../...../..... r g:- r:- -");
}

#[test]
fn backwards_sideways_and_long_steps_are_refused() {
    let p = play_pos(&[("c3", "G5"), ("c5", "R5")], "g", "-");
    for to in ["c2", "b2", "d2"] {
        assert_eq!(refused(&p, &format!("c3-{to}")), IllegalMove::Backwards { from: sq("c3"), to: sq(to), color: G });
    }
    for to in ["b3", "d3", "a3"] {
        assert_eq!(refused(&p, &format!("c3-{to}")), IllegalMove::Sideways { from: sq("c3"), to: sq(to) });
    }
    for to in ["c5", "a4", "e4", "c6"] {
        assert_eq!(refused(&p, &format!("c3-{to}")), IllegalMove::TooFar { from: sq("c3"), to: sq(to) });
    }
    let p = play_pos(&[("c3", "G5"), ("c5", "R5")], "r", "-");
    assert_eq!(refused(&p, "c5-c6"), IllegalMove::Backwards { from: sq("c5"), to: sq("c6"), color: R });
    assert_eq!(refused(&p, "c5-d5"), IllegalMove::Sideways { from: sq("c5"), to: sq("d5") });
    assert_eq!(refused(&p, "c5-c3"), IllegalMove::TooFar { from: sq("c5"), to: sq("c3") });
}

#[test]
fn only_own_pieces_move() {
    let p = play_pos(&[("c3", "G5"), ("c5", "R5")], "g", "-");
    assert_eq!(refused(&p, "c5-c4"), IllegalMove::NotYours { square: sq("c5"), owner: R });
    assert_eq!(refused(&p, "a3-a4"), IllegalMove::Empty(sq("a3")));
    let p = play_pos(&[("c3", "G5"), ("c4", "G6"), ("a5", "R5")], "g", "-");
    assert_eq!(refused(&p, "c3-c4"), IllegalMove::OwnPiece(sq("c4")));
}

#[test]
fn captures_take_equal_or_weaker_wrestlers() {
    // Weaker (higher number) and equal pieces are taken.
    for target in ["R7", "R4"] {
        let mut p = play_pos(&[("c3", "G4"), ("d4", target), ("a6", "RX")], "g", "-");
        assert!(legal(&p).contains(&"c3-d4".to_string()), "{target}");
        play(&mut p, &["c3-d4"]);
        assert_eq!(p.piece_at(sq("d4")), Some(Piece { color: G, rank: rank('4') }));
        assert_eq!(p.out_of_game(R), 9);
    }
}

#[test]
fn a_stronger_wrestler_blocks() {
    let p = play_pos(&[("c3", "G4"), ("c4", "R3"), ("a6", "RX")], "g", "-");
    assert_eq!(refused(&p, "c3-c4"), IllegalMove::Stronger { mover: rank('4'), target: rank('3'), square: sq("c4") });
    assert_eq!(legal(&p), ["c3-b4", "c3-d4"]);
    // Red's 3 may take the 4 the other way.
    let p = play_pos(&[("c3", "G4"), ("c4", "R3"), ("a6", "RX")], "r", "-");
    assert!(legal(&p).contains(&"c4-c3".to_string()));
}

#[test]
fn the_champion_takes_anything_and_is_taken_by_anything() {
    let mut p = play_pos(&[("c3", "GX"), ("c4", "R1"), ("a6", "RX")], "g", "-");
    play(&mut p, &["c3-c4"]);
    assert_eq!(p.piece_at(sq("c4")), Some(Piece { color: G, rank: Rank::CHAMPION }));
    let mut p = play_pos(&[("c3", "GX"), ("d4", "R9"), ("a6", "RX")], "r", "-");
    play(&mut p, &["d4-c3"]);
    assert_eq!(p.piece_at(sq("c3")), Some(Piece { color: R, rank: rank('9') }));
    let mut p = play_pos(&[("c3", "GX"), ("b4", "RX")], "r", "-");
    play(&mut p, &["b4-c3"]);
    assert_eq!(p.piece_at(sq("c3")), Some(Piece { color: R, rank: Rank::CHAMPION }));
}

#[test]
fn pass_only_when_no_move_exists() {
    let mut p = play_pos(&[("c3", "G5"), ("b4", "R1"), ("c4", "R2"), ("d4", "R3")], "g", "-");
    assert_eq!(legal(&p), ["pass"]);
    play(&mut p, &["PASS"]);
    assert_eq!(p.turn(), R);
    assert_eq!(refused(&p, "pass"), IllegalMove::PassNotAllowed);
    let p = play_pos(&[("c3", "G5"), ("c5", "R5")], "g", "-");
    assert_eq!(refused(&p, "pass"), IllegalMove::PassNotAllowed);
}

// §4.4 Arrival on the opponent's back row

#[test]
fn the_champion_arriving_wins_and_stays() {
    let mut p = play_pos(&[("c5", "GX"), ("a6", "R9"), ("e2", "R8")], "g", "-");
    play(&mut p, &["c5-c6"]);
    assert_eq!(winner(&p), Some(Some(G)));
    assert_eq!(p.piece_at(sq("c6")), Some(Piece { color: G, rank: Rank::CHAMPION }));
    assert_eq!(p.turn(), R);
    assert_eq!(p.to_string(), "R9.GX../...../...../...../....R8/..... r g:- r:- -");
    assert_eq!(legal(&p), Vec::<String>::new());
    assert_eq!(refused(&p, "e2-e1"), IllegalMove::GameOver);
    assert_eq!(refused(&p, "pass"), IllegalMove::GameOver);
    let outcome = p.outcome();
    assert_eq!(outcome.as_ref().map(|o| o.winners()), Some(vec![Seat(0)]));
    assert_eq!(outcome.and_then(|o| o.scores), None);
    // Capturing on the back row on the way in.
    let mut p = play_pos(&[("c2", "RX"), ("b1", "G1"), ("a6", "R9")], "r", "-");
    play(&mut p, &["c2-b1"]);
    assert_eq!(winner(&p), Some(Some(R)));
    assert_eq!(p.piece_at(sq("b1")), Some(Piece { color: R, rank: Rank::CHAMPION }));
}

#[test]
fn a_first_arrival_becomes_the_musician() {
    let mut p = play_pos(&[("b5", "G8"), ("a6", "RX")], "g", "-");
    play(&mut p, &["b5-b6"]);
    assert_eq!(p.piece_at(sq("b6")), None);
    assert_eq!(p.musician(), Some(Piece { color: G, rank: rank('8') }));
    assert_eq!(p.to_string(), "RX..../...../...../...../...../..... r g:- r:- G8");
    assert_eq!(p.outcome(), None);
}

#[test]
fn a_higher_arrival_replaces_the_musician() {
    let mut p = play_pos(&[("b2", "R9"), ("e5", "G9"), ("a6", "RX"), ("a1", "GX")], "r", "G8");
    assert_eq!(p.out_of_game(G), 7);
    play(&mut p, &["b2-c1"]);
    assert_eq!(p.musician(), Some(Piece { color: R, rank: rank('9') }));
    assert_eq!(p.piece_at(sq("c1")), None);
    // The old musician left the game (NU-I4).
    assert_eq!(p.out_of_game(G), 8);
    assert_eq!(p.out_of_game(R), 8);
    assert_eq!(p.outcome(), None);
}

#[test]
fn an_equal_or_lower_arrival_leaves_the_board_and_the_musician_stays() {
    for arriving in ["R8", "R3"] {
        let mut p = play_pos(&[("b2", arriving), ("e5", "G9"), ("a6", "RX")], "r", "G8");
        let before = p.out_of_game(R);
        play(&mut p, &["b2-b1"]);
        assert_eq!(p.musician(), Some(Piece { color: G, rank: rank('8') }), "{arriving}");
        assert_eq!(p.piece_at(sq("b1")), None);
        assert_eq!(p.out_of_game(R), before + 1);
    }
}

#[test]
fn an_arrival_may_capture_on_the_back_row() {
    let mut p = play_pos(&[("c5", "G6"), ("d6", "R7"), ("a5", "RX")], "g", "-");
    let m = p.parse_move("c5-d6");
    assert!(m.is_ok());
    if let Ok(m) = m {
        assert_eq!(
            p.effect(&m),
            MoveEffect::Stepped {
                piece: Piece { color: G, rank: rank('6') },
                from: sq("c5"),
                to: sq("d6"),
                captured: Some(Piece { color: R, rank: rank('7') }),
                arrival: Some(Arrival::BecomesMusician),
            }
        );
    }
    play(&mut p, &["c5-d6"]);
    assert_eq!(p.piece_at(sq("d6")), None);
    assert_eq!(p.musician(), Some(Piece { color: G, rank: rank('6') }));
    assert_eq!(p.out_of_game(R), 9);
}

// §4.5 End of the game

#[test]
fn nu_i1_the_musician_wins_when_the_opponent_has_nothing_higher() {
    // Red keeps only pieces of at most 8 and no champion: Green's 8 is final.
    let mut p = play_pos(&[("b5", "G8"), ("a6", "R8"), ("e6", "R2"), ("e2", "G9")], "g", "-");
    assert_eq!(p.outcome(), None);
    play(&mut p, &["b5-b6"]);
    assert_eq!(winner(&p), Some(Some(G)));
    assert_eq!(p.end(), Some(End::Musician(Piece { color: G, rank: rank('8') })));
    assert_eq!(legal(&p), Vec::<String>::new());
    // Green's own 9 still on the board does not matter (NU-I1).
    assert!(p.piece_at(sq("e2")).is_some());
}

#[test]
fn nu_i1_waits_while_the_opponent_has_a_higher_piece_or_a_champion() {
    for challenger in ["R9", "RX"] {
        let mut p = play_pos(&[("b5", "G8"), ("a6", challenger), ("e6", "R2")], "g", "-");
        play(&mut p, &["b5-b6"]);
        assert_eq!(p.outcome(), None, "{challenger}");
    }
    // Capturing the last challenger ends it.
    let mut p = play_pos(&[("c3", "G1"), ("d4", "R9"), ("e6", "R2")], "g", "G8");
    assert_eq!(p.outcome(), None);
    play(&mut p, &["c3-d4"]);
    assert_eq!(winner(&p), Some(Some(G)));
    // The opponent's champion captured: likewise.
    let mut p = play_pos(&[("c3", "G9"), ("d4", "RX"), ("e6", "R2")], "g", "G8");
    play(&mut p, &["c3-d4"]);
    assert_eq!(winner(&p), Some(Some(G)));
}

#[test]
fn nu_i1_judges_the_owner_of_the_musician_not_the_mover() {
    // Red's musician 5; Green's last piece above 5 is taken by Red: Red wins.
    let mut p = play_pos(&[("c3", "G6"), ("d4", "R1"), ("a1", "G2")], "r", "R5");
    play(&mut p, &["d4-c3"]);
    assert_eq!(winner(&p), Some(Some(R)));
    assert_eq!(p.to_move(), Seat(0));
}

#[test]
fn nu_i2_neither_side_can_move() {
    let p = code("...../...../...../...../...../..... g g:- r:- -");
    assert_eq!(p.end(), Some(End::NoMoves(None)));
    let outcome = p.outcome();
    assert_eq!(outcome.as_ref().map(|o| o.is_draw()), Some(true));
    assert_eq!(legal(&p), Vec::<String>::new());
    // With a musician, NU-I1 already decides for its owner.
    let p = code("...../...../...../...../...../..... g g:- r:- R4");
    assert_eq!(winner(&p), Some(Some(R)));
}

#[test]
fn a_champion_on_the_board_keeps_the_game_going_until_it_acts() {
    let mut p = play_pos(&[("c5", "GX"), ("a2", "R8")], "g", "R9");
    // Red's 9 is the musician; Green has only the champion, which can still oust
    // it by arriving.
    assert_eq!(p.outcome(), None);
    play(&mut p, &["c5-b6"]);
    assert_eq!(winner(&p), Some(Some(G)));
}

#[test]
fn the_outcome_follows_from_the_code_alone() {
    let finished = [
        "R9.GX../...../...../...../....R8/..... r g:- r:- -",
        "R8...R2/...../...../...../....G9/..... r g:- r:- G8",
        "...../...../...../...../...../..... g g:- r:- -",
    ];
    for text in finished {
        let p = code(text);
        assert!(p.outcome().is_some(), "{text}");
        assert_eq!(code(&p.to_string()).outcome(), p.outcome());
    }
}

#[test]
fn labels_say_what_a_move_does() {
    let describe = |p: &Nuba, text: &str| match p.parse_move(text) {
        Ok(m) => p.describe(&m),
        Err(e) => panic!("{text}: {e}"),
    };
    let p = Nuba::start(&NubaSettings::default());
    assert_eq!(describe(&p, "x@c2"), "X@c2 · places the champion");
    assert_eq!(describe(&p, "7@a1"), "7@a1 · places 7");
    let p = play_pos(&[("c2", "G4"), ("d3", "R7"), ("b5", "G8"), ("a6", "RX")], "g", "-");
    assert_eq!(describe(&p, "c2d3"), "c2-d3 · 4 takes 7");
    assert_eq!(describe(&p, "c2-c3"), "c2-c3");
    assert_eq!(describe(&p, "b5-b6"), "b5-b6 · 8 becomes musician");
    assert_eq!(describe(&p, "b5-a6"), "b5-a6 · 8 takes X · 8 becomes musician · green wins");
    let p = play_pos(&[("b5", "G9"), ("c5", "G3"), ("d5", "GX"), ("a6", "RX")], "g", "R8");
    assert_eq!(describe(&p, "b5-b6"), "b5-b6 · 9 replaces red's musician 8");
    assert_eq!(describe(&p, "c5-c6"), "c5-c6 · 3 leaves the board (red's musician 8 stays)");
    assert_eq!(describe(&p, "d5-d6"), "d5-d6 · X reaches the back row · green wins");
    let p = play_pos(&[("c3", "G5"), ("b4", "R1"), ("c4", "R2"), ("d4", "R3")], "g", "-");
    assert_eq!(describe(&p, "pass"), "pass · no move possible");
}

#[test]
fn effects_count_the_pieces_leaving_the_game() {
    let p = play_pos(&[("b2", "R9"), ("c2", "R3"), ("b1", "G4"), ("a6", "RX"), ("a1", "GX")], "r", "G8");
    let effect = |text: &str| match p.parse_move(text) {
        Ok(m) => p.effect(&m),
        Err(e) => panic!("{text}: {e}"),
    };
    assert_eq!(effect("b2-a1").pieces_out(), 2);
    assert_eq!(effect("b2-c1").pieces_out(), 1);
    assert_eq!(effect("c2-b1").pieces_out(), 2);
    assert_eq!(effect("c2-d1").pieces_out(), 1);
    let placed = Nuba::start(&NubaSettings::default());
    assert_eq!(placed.parse_move("1@a1").map(|m| placed.effect(&m).pieces_out()), Ok(0));
}

#[test]
fn play_hands_back_the_unchanged_position() {
    let p = play_pos(&[("c3", "G4"), ("c4", "R3"), ("a6", "RX")], "g", "-");
    let bad = NubaMove::Step { from: sq("c3"), to: sq("c4") };
    match p.clone().play(&bad) {
        Err(e) => {
            assert_eq!(e.position, p);
            assert_eq!(e.reason, IllegalMove::Stronger { mover: rank('4'), target: rank('3'), square: sq("c4") });
        }
        Ok(q) => panic!("accepted: {q}"),
    }
    let good = NubaMove::Step { from: sq("c3"), to: sq("d4") };
    assert!(p.play(&good).is_ok());
}

// Position codes

#[test]
fn codes_round_trip() {
    for text in [
        START,
        "..R1../...../...../...../...../..GX.. g g:123456789 r:23456789X -",
        "R1R2R3R4R5/R6R7R8R9RX/...../...../G6G7G8G9GX/G1G2G3G4G5 g g:- r:- -",
        "RX..../...../..G3../...R4./...../GX.... r g:- r:- G8",
    ] {
        assert_eq!(code(text).to_string(), text);
    }
}

#[test]
fn malformed_codes_say_why() {
    let bad = |text: &str| match Nuba::from_code(text, &NubaSettings::default()) {
        Err(e) => e,
        Ok(p) => panic!("accepted {text} as {p}"),
    };
    let rows = "...../...../...../...../...../.....";
    assert_eq!(bad(""), CodeError::Fields(0));
    assert_eq!(bad(&format!("{rows} g g:- r:-")), CodeError::Fields(4));
    assert_eq!(bad("...../...../...../...../..... g g:- r:- -"), CodeError::Rows(5));
    assert_eq!(bad("...../...../...../...../...../...... g g:- r:- -"), CodeError::RowLength { rank: 1, cells: 6 });
    assert_eq!(bad("...../...../...../...../...../G1... g g:- r:- -"), CodeError::RowLength { rank: 1, cells: 4 });
    assert_eq!(bad("5/...../...../...../...../..... g g:- r:- -"), CodeError::Token { rank: 6, token: "5".into() });
    assert_eq!(
        bad("g1..../...../...../...../...../..... g g:- r:- -"),
        CodeError::Token { rank: 6, token: "g".into() }
    );
    assert_eq!(
        bad("G0..../...../...../...../...../..... g g:- r:- -"),
        CodeError::Token { rank: 6, token: "G0".into() }
    );
    assert_eq!(bad("....G/...../...../...../...../..... g g:- r:- -"), CodeError::Token { rank: 6, token: "G".into() });
    assert_eq!(bad(&format!("{rows} x g:- r:- -")), CodeError::ToMove("x".into()));
    assert_eq!(bad(&format!("{rows} g r:- g:- -")), CodeError::HandPrefix { color: G, text: "r:-".into() });
    assert_eq!(bad(&format!("{rows} g g: r:- -")), CodeError::Hand { color: G, text: "".into() });
    assert_eq!(bad(&format!("{rows} g g:12x r:- -")), CodeError::Hand { color: G, text: "12x".into() });
    assert_eq!(bad(&format!("{rows} g g:- r:X1 -")), CodeError::HandOrder { color: R, text: "X1".into() });
    assert_eq!(bad(&format!("{rows} g g:- r:1123 -")), CodeError::Duplicate(Piece { color: R, rank: rank('1') }));
    assert_eq!(bad(&format!("{rows} g g:- r:- G")), CodeError::Musician("G".into()));
    assert_eq!(bad(&format!("{rows} g g:- r:- g7")), CodeError::Musician("g7".into()));
    assert_eq!(bad(&format!("{rows} g g:- r:- G7R8")), CodeError::TwoMusicians("G7R8".into()));
    assert_eq!(bad(&format!("{rows} g g:- r:- G7R8GX")), CodeError::TwoMusicians("G7R8GX".into()));
    assert_eq!(bad(&format!("{rows} g g:- r:- G7R")), CodeError::Musician("G7R".into()));
    assert_eq!(bad(&format!("{rows} g g:- r:- G7r8")), CodeError::Musician("G7r8".into()));
    assert_eq!(
        bad(&format!("{rows} g g:- r:- GX")),
        CodeError::ChampionMusician(Piece { color: G, rank: Rank::CHAMPION })
    );
}

#[test]
fn impossible_codes_are_refused() {
    let bad = |text: &str| match Nuba::from_code(text, &NubaSettings::default()) {
        Err(e) => e,
        Ok(p) => panic!("accepted {text} as {p}"),
    };
    let g7 = Piece { color: G, rank: rank('7') };
    // Duplicates across board, hands and musician.
    assert_eq!(bad("G7..../...../...../...../...../....G7 g g:- r:- -").to_string(), bad_dup(g7));
    assert_eq!(bad("...../...../...../...../G7..../..... g g:7 r:1 -"), CodeError::Duplicate(g7));
    assert_eq!(bad("...../...../...../..G7../...../..... g g:- r:- G7"), CodeError::Duplicate(g7));
    // A wrestler cannot stay on the opponent's back row.
    assert_eq!(
        bad("..G7../...../...../...../...../..... g g:- r:- -"),
        CodeError::OnGoalRow { piece: g7, square: sq("c6") }
    );
    let r3 = Piece { color: R, rank: rank('3') };
    assert_eq!(
        bad("...../...../...../...../...../R3.... g g:- r:- -"),
        CodeError::OnGoalRow { piece: r3, square: sq("a1") }
    );
    assert_eq!(bad("GX..../...../...../...../...../RX.... g g:- r:- -"), CodeError::TwoChampionsArrived);
    // While placing, pieces stand on their home rows and there is no musician.
    assert_eq!(
        bad("...../...../...../..G7../...../..... g g:1 r:1 -"),
        CodeError::OffHomeRows { piece: g7, square: sq("c3") }
    );
    assert_eq!(
        bad("...../...../...../...../R3..../..... g g:1 r:1 -"),
        CodeError::OffHomeRows { piece: r3, square: sq("a2") }
    );
    assert_eq!(bad("...../...../...../...../...../..... g g:1 r:1 G7"), CodeError::EarlyMusician(g7));
    // Own back rows and every middle square are fine for every piece.
    for text in [
        "R3..../...../...../...../...../G7.... g g:- r:- -",
        "...../R3..../...../...../G7..../..... g g:- r:- -",
        "...../...../G7R3.../...../...../..... r g:- r:- -",
    ] {
        assert_eq!(code(text).to_string(), text);
    }
}

fn bad_dup(piece: Piece) -> String {
    CodeError::Duplicate(piece).to_string()
}

#[test]
fn settings_are_an_empty_object() {
    let json = serde_json::to_string(&NubaSettings::default()).unwrap_or_default();
    assert_eq!(json, "{}");
    assert_eq!(serde_json::from_str::<NubaSettings>("{}").ok(), Some(NubaSettings {}));
    assert!(serde_json::from_str::<NubaSettings>(r#"{"size":3}"#).is_err());
}
