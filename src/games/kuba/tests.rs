//! Unit tests for the Kuba rules (§1), clause by clause, the illegal side included.

use super::*;
use crate::games::MoveError;

fn pos(code: &str) -> Kuba {
    match Kuba::from_code(code, &KubaSettings::default()) {
        Ok(p) => p,
        Err(e) => panic!("{code}: {e}"),
    }
}

fn legal(p: &Kuba) -> Vec<String> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves.iter().map(ToString::to_string).collect()
}

fn play(p: &Kuba, text: &str) -> Kuba {
    let mut next = p.clone();
    match next.play_text(text) {
        Ok(_) => next,
        Err(e) => panic!("{text} in {p}: {e}"),
    }
}

fn illegal(p: &Kuba, text: &str) -> IllegalMove {
    match p.parse_move(text) {
        Err(MoveError::Illegal(reason)) => reason,
        other => panic!("{text} in {p}: expected illegal, got {other:?}"),
    }
}

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap_or_else(|| panic!("{text}"))
}

// §1.2 setup

#[test]
fn start_position_matches_the_setup() {
    let start = Kuba::start(&KubaSettings::default());
    assert_eq!(start.to_string(), START);
    assert_eq!(pos(START), start);
    assert_eq!(start.marbles_on_board(Color::White), 8);
    assert_eq!(start.marbles_on_board(Color::Black), 8);
    let reds = Square::all().filter(|s| start.marble(*s) == Some(Marble::Red)).count();
    assert_eq!(reds, 13);
    for (square, marble) in [("a7", Marble::White), ("g1", Marble::White), ("g7", Marble::Black), ("a1", Marble::Black)]
    {
        assert_eq!(start.marble(sq(square)), Some(marble));
    }
    assert_eq!(start.marble(sq("d4")), Some(Marble::Red));
    assert_eq!(Game::to_move(&start), Seat(0), "White moves first");
    assert_eq!(start.outcome(), None);
}

#[test]
fn start_position_legal_moves() {
    let start = Kuba::start(&KubaSettings::default());
    assert_eq!(
        legal(&start),
        ["a6-E", "a7-E", "a7-S", "b7-S", "f1-N", "g1-N", "g1-W", "g2-W"].map(String::from).to_vec()
    );
}

// §1.4.1 only your own marbles

#[test]
fn only_own_marbles_may_be_pushed() {
    let start = Kuba::start(&KubaSettings::default());
    assert_eq!(illegal(&start, "d4-N"), IllegalMove::Red(sq("d4")));
    assert_eq!(illegal(&start, "g7-S"), IllegalMove::NotYours { square: sq("g7"), owner: Color::Black });
    assert_eq!(illegal(&start, "c4-N").to_string(), "c4 holds a red marble: only your own marbles can be pushed");
    assert_eq!(illegal(&start, "c1-N"), IllegalMove::Empty(sq("c1")));
    let black = play(&start, "a7-S");
    assert!(black.parse_move("g7-S").is_ok());
    assert_eq!(illegal(&black, "g1-N"), IllegalMove::NotYours { square: sq("g1"), owner: Color::White });
}

// §1.4.2 access, K-I3 edge counts as free

#[test]
fn the_square_behind_must_be_free() {
    let p = pos("6B/7/7/2RW3/7/7/7 w 0-0 -");
    assert_eq!(illegal(&p, "d4-E"), IllegalMove::NoAccess { from: sq("d4"), dir: Dir::E, behind: sq("c4") });
    assert!(p.parse_move("d4-W").is_ok(), "pushing into the red is fine");
    assert!(p.parse_move("d4-N").is_ok(), "the square behind (d3) is free");
    let p = pos("6B/7/7/3W3/3R3/7/7 w 0-0 -");
    assert!(matches!(illegal(&p, "d4-N"), IllegalMove::NoAccess { .. }));
}

#[test]
fn the_board_edge_counts_as_free() {
    let p = pos("6B/7/7/W6/7/7/7 w 0-0 -");
    assert_eq!(legal(&p), ["a4-N", "a4-E", "a4-S"]);
    let p = pos("6B/7/7/WR5/7/7/7 w 0-0 -");
    assert!(p.parse_move("a4-E").is_ok(), "pushed inward from the edge side");
}

// §1.4.3 chains of any length, mixed colours

#[test]
fn chains_of_any_length_and_colour_move_together() {
    let p = pos("7/7/7/WRBRBR1/7/7/7 w 0-0 -");
    let after = play(&p, "a4-E");
    assert_eq!(after.to_string(), "7/7/7/1WRBRBR/7/7/7 b 0-0 -");
    assert_eq!(p.effect(&Push { from: sq("a4"), dir: Dir::E }), PushEffect { moved: 6, captured: None });
}

#[test]
fn a_full_row_of_seven_can_be_pushed_and_drops_its_end() {
    let p = pos("7/7/7/WRRBRBR/7/7/7 w 0-0 -");
    let after = play(&p, "a4-E");
    assert_eq!(after.to_string(), "7/7/7/1WRRBRB/7/7/7 w 1-0 -");
    assert_eq!(p.describe(&Push { from: sq("a4"), dir: Dir::E }.into()), "a4-E · pushes 7 · takes a red");
}

// §1.4.4 no pushing your own marble off

#[test]
fn your_own_marble_never_goes_off() {
    let p = pos("6B/7/7/W6/7/7/7 w 0-0 -");
    assert_eq!(illegal(&p, "a4-W"), IllegalMove::OwnMarbleOff, "a lone edge marble outward");
    let p = pos("7/7/7/7/7/7/3WRBW w 0-0 -");
    assert_eq!(illegal(&p, "d1-E"), IllegalMove::OwnMarbleOff, "own marble at the end of the chain");
    assert_eq!(illegal(&p, "d1-E").to_string(), "it would push your own marble off the board");
    let p = pos("7/7/7/7/7/7/3WRBB w 0-0 -");
    assert!(p.parse_move("d1-E").is_ok(), "an opponent marble at the end may go");
}

// §1.5 effect: captures

#[test]
fn pushing_off_a_red_scores_it_and_keeps_the_move() {
    let p = pos("6B/7/7/7/7/7/5WR w 0-0 -");
    let after = play(&p, "f1-E");
    assert_eq!(after.to_string(), "6B/7/7/7/7/7/6W w 1-0 -");
    assert_eq!(after.reds_captured(Color::White), 1);
    assert_eq!(Game::to_move(&after), Seat(0), "a capture gives another push");
}

#[test]
fn pushing_off_an_opponent_marble_removes_it_and_keeps_the_move() {
    let p = pos("7/7/7/7/B6/7/5WB w 0-0 -");
    let after = play(&p, "f1-E");
    assert_eq!(after.to_string(), "7/7/7/7/B6/7/6W w 0-0 -");
    assert_eq!(after.marbles_lost(Color::Black), 7);
    assert_eq!(Game::to_move(&after), Seat(0));
    assert_eq!(after.scores().as_deref(), Some(&[0, 0][..]));
}

#[test]
fn a_push_without_capture_passes_the_turn() {
    let start = Kuba::start(&KubaSettings::default());
    let after = play(&start, "a7-S");
    assert_eq!(after.to_string(), "1W3BB/WW1R1BB/W1RRR2/1RRRRR1/2RRR2/BB1R1WW/BB3WW b 0-0 -");
    assert_eq!(Game::to_move(&after), Seat(1));
}

#[test]
fn the_extra_push_is_mandatory_and_any_marble_may_make_it() {
    // K-I2: after a capture the same player must push again; no "done" exists.
    let p = pos("6B/7/7/7/W6/7/5WR w 0-0 -");
    let after = play(&p, "f1-E");
    assert_eq!(legal(&after), ["a3-N", "a3-E", "a3-S", "g1-N", "g1-W"]);
    assert!(after.parse_move("done").is_err());
}

// §1.6 push-back ban

#[test]
fn pushing_an_opponent_marble_bans_the_exact_reverse() {
    let p = pos("6B/7/7/3BW2/7/7/7 w 0-0 -");
    let after = play(&p, "e4-W");
    assert_eq!(after.to_string(), "6B/7/7/2BW3/7/7/7 b 0-0 c4-E");
    assert_eq!(after.ban(), Some(Push { from: sq("c4"), dir: Dir::E }));
    assert_eq!(illegal(&after, "c4-E"), IllegalMove::Banned(Push { from: sq("c4"), dir: Dir::E }));
    assert!(after.parse_move("c4-N").is_ok(), "the same marble sideways");
    assert!(!legal(&after).contains(&"c4-E".to_string()));
    // Another marble may push the row back: it does not restore the old position.
    let p = pos("7/7/7/1B1BW2/7/7/7 w 0-0 -");
    let after = play(&p, "e4-W");
    assert_eq!(after.to_string(), "7/7/7/1BBW3/7/7/7 b 0-0 c4-E");
    assert!(after.parse_move("b4-E").is_ok(), "another marble pushing the row back");
}

#[test]
fn the_ban_lasts_one_push() {
    let p = pos("6B/7/7/3BW2/7/7/W6 w 0-0 -");
    let after = play(&p, "e4-W");
    let after = play(&after, "g7-S");
    assert_eq!(after.ban(), None);
    let after = play(&after, "a1-N");
    assert_eq!(after.to_string(), "7/6B/7/2BW3/7/W6/7 b 0-0 -");
    assert!(after.parse_move("c4-E").is_ok(), "the turn after, the push is allowed again");
}

#[test]
fn no_ban_when_the_front_marble_is_red_or_own() {
    let p = pos("6B/7/7/2RW3/7/7/7 w 0-0 -");
    assert_eq!(play(&p, "d4-W").ban(), None);
    let p = pos("7/7/7/2BW3/7/7/7 w 0-0 -");
    assert_eq!(play(&p, "d4-N").ban(), None, "a lone own marble");
    let p = pos("7/7/7/1WBRW2/7/7/7 w 0-0 -");
    assert_eq!(play(&p, "e4-W").ban(), None, "a row ending in the mover's own marble");
}

#[test]
fn a_row_ending_in_an_opponent_marble_sets_the_ban() {
    let p = pos("7/7/7/2BRRW1/7/7/7 w 0-0 -");
    let after = play(&p, "f4-W");
    assert_eq!(after.to_string(), "7/7/7/1BRRW2/7/7/7 b 0-0 b4-E");
}

#[test]
fn the_ban_is_set_even_when_the_reverse_is_impossible() {
    let p = pos("7/7/7/1R1BW2/7/7/7 w 0-0 -");
    let after = play(&p, "e4-W");
    assert_eq!(after.to_string(), "7/7/7/1RBW3/7/7/7 b 0-0 c4-E");
}

#[test]
fn a_capture_sets_no_ban_and_the_extra_push_is_free_of_it() {
    // K-I1: Black captures with the first push of his turn; the reverse is then allowed.
    let p = pos("R6/B6/7/3BW2/7/7/7 w 0-0 -");
    let after = play(&p, "e4-W");
    assert_eq!(after.ban(), Some(Push { from: sq("c4"), dir: Dir::E }));
    let after = play(&after, "a6-N");
    assert_eq!(after.to_string(), "B6/7/7/2BW3/7/7/7 b 0-1 -");
    assert!(after.parse_move("c4-E").is_ok());
}

// §1.7 end of game

#[test]
fn seven_reds_win_at_once_even_with_an_extra_push_due() {
    let p = pos("R6/B6/7/7/7/7/6W b 0-6 -");
    let after = play(&p, "a6-N");
    let outcome = after.outcome().expect("over");
    assert_eq!(outcome.winners(), vec![Seat(1)]);
    assert_eq!(outcome.scores.as_deref(), Some(&[0, 7][..]));
    assert_eq!(legal(&after), Vec::<String>::new());
    assert_eq!(illegal(&after, "g1-N"), IllegalMove::GameOver);
    assert_eq!(after.to_string(), "B6/7/7/7/7/7/6W b 0-7 -");
}

#[test]
fn six_reds_do_not_win() {
    let p = pos("R6/B6/7/7/7/7/6W b 0-5 -");
    assert!(play(&p, "a6-N").outcome().is_none());
}

#[test]
fn taking_all_eight_opponent_marbles_wins() {
    let p = pos("W6/B6/7/7/7/7/6R b 0-0 -");
    let after = play(&p, "a6-N");
    assert_eq!(after.to_string(), "B6/7/7/7/7/7/6R b 0-0 -");
    assert_eq!(after.outcome().map(|o| o.winners()), Some(vec![Seat(1)]));
}

#[test]
fn a_player_without_a_legal_push_loses() {
    let p = pos("7/7/3B3/2BWB2/3B3/7/7 w 0-0 -");
    let outcome = p.outcome().expect("White is boxed in");
    assert_eq!(outcome.winners(), vec![Seat(1)]);
    assert_eq!(outcome.reason.to_string(), "white has no legal push");
    let p = pos("7/7/3B3/2BWB2/7/7/7 w 0-0 -");
    assert_eq!(legal(&p), ["d4-N"]);
    assert!(p.outcome().is_none());
}

#[test]
fn a_banned_push_counts_as_not_legal_for_the_end() {
    let p = pos("7/7/3B3/2BWB2/7/7/7 w 0-0 d4-N");
    assert_eq!(p.outcome().map(|o| o.winners()), Some(vec![Seat(1)]));
}

#[test]
fn a_capturing_player_is_never_stuck() {
    // §1.7 note: after a capture the capturing marble (or the edge one) can move again.
    let p = pos("6B/7/7/7/7/7/4WWR w 0-0 -");
    let after = play(&p, "e1-E");
    assert!(after.outcome().is_none());
    assert!(!legal(&after).is_empty());
}

#[test]
fn no_draw_or_repetition_rule() {
    // K-I4: pushing back and forth with other marbles repeats positions forever.
    let p = pos("7/7/7/W5B/7/7/7 w 0-0 -");
    let mut q = p.clone();
    for _ in 0..3 {
        q = play(&play(&play(&play(&q, "a4-N"), "g4-N"), "a5-S"), "g5-S");
    }
    assert_eq!(q, p);
    assert!(q.outcome().is_none());
}

// Notation on this position

#[test]
fn lenient_input_names_the_same_push() {
    let start = Kuba::start(&KubaSettings::default());
    for text in ["a7-S", "a7S", "a7 s", "A7-down", "a7-a6", "a7a6", "a7 south"] {
        assert_eq!(start.parse_move(text).map(|m| m.to_string()), Ok("a7-S".into()), "{text}");
    }
    assert!(matches!(start.parse_move("a7-X"), Err(MoveError::Malformed(NotationError::BadDirection(_)))));
    assert!(matches!(start.parse_move("k7-N"), Err(MoveError::Malformed(NotationError::BadSquare(_)))));
}

#[test]
fn play_hands_back_the_unchanged_position() {
    let start = Kuba::start(&KubaSettings::default());
    let push = Push { from: sq("a6"), dir: Dir::W };
    let err = start.clone().play(&push.into()).expect_err("no access");
    assert_eq!(err.position, start);
    assert_eq!(err.reason, IllegalMove::NoAccess { from: sq("a6"), dir: Dir::W, behind: sq("b6") });
    let mut q = start.clone();
    assert!(q.play_text("a6-W").is_err());
    assert_eq!(q, start);
}

#[test]
fn labels_say_what_a_push_does() {
    let p = pos("6B/7/7/7/7/7/4WWR w 6-0 -");
    assert_eq!(
        p.describe(&Push { from: sq("e1"), dir: Dir::E }.into()),
        "e1-E · pushes 3 · takes the 7th red and wins"
    );
    assert_eq!(p.describe(&Push { from: sq("e1"), dir: Dir::N }.into()), "e1-N");
    let p = pos("7/7/7/7/B6/7/5WB w 0-0 -");
    assert_eq!(p.describe(&Push { from: sq("f1"), dir: Dir::E }.into()), "f1-E · pushes 2 · takes a black marble");
}

// Position code

#[test]
fn codes_round_trip() {
    for code in [
        START,
        "7/7/7/1BBW3/7/7/7 b 0-0 c4-E",
        "B6/7/7/7/7/7/6W b 0-7 -",
        "7/7/7/7/7/7/7 w 0-0 -",
        "WBRWBRW/7/7/7/7/7/7 w 11-0 -",
    ] {
        assert_eq!(pos(code).to_string(), code);
    }
}

#[test]
fn bad_codes_say_what_is_wrong() {
    let err = |code: &str| Kuba::from_code(code, &KubaSettings::default()).expect_err(code);
    assert_eq!(err("7/7/7/7/7/7/7 w 0-0"), CodeError::Fields(3));
    assert_eq!(err("7/7/7/7/7/7 w 0-0 -"), CodeError::Rows(6));
    assert_eq!(err("7/7/7/7/7/7/7/7 w 0-0 -"), CodeError::Rows(8));
    assert_eq!(err("7/7/7/6/7/7/7 w 0-0 -"), CodeError::RowLength { rank: 4, squares: 6 });
    assert_eq!(err("7/7/7/WWWWWWWW/7/7/7 w 0-0 -"), CodeError::RowLength { rank: 4, squares: 8 });
    assert_eq!(err("7/7/7/8/7/7/7 w 0-0 -"), CodeError::RowLength { rank: 4, squares: 8 });
    assert_eq!(err("7/7/7/3X3/7/7/7 w 0-0 -"), CodeError::Symbol { rank: 4, symbol: 'X' });
    assert_eq!(err("7/7/7/3w3/7/7/7 w 0-0 -"), CodeError::Symbol { rank: 4, symbol: 'w' });
    assert_eq!(err("7/7/43/7/7/7/7 w 0-0 -"), CodeError::Run { rank: 5, run: "43".into() });
    assert_eq!(err("7/7/07/7/7/7/7 w 0-0 -"), CodeError::Run { rank: 5, run: "07".into() });
    assert_eq!(err("7/7/7/7/7/7/7 x 0-0 -"), CodeError::ToMove("x".into()));
    assert_eq!(err("7/7/7/7/7/7/7 W 0-0 -"), CodeError::ToMove("W".into()));
    assert_eq!(err("7/7/7/7/7/7/7 w 0 -"), CodeError::Reds("0".into()));
    assert_eq!(err("7/7/7/7/7/7/7 w 01-0 -"), CodeError::Reds("01-0".into()));
    assert_eq!(err("7/7/7/7/7/7/7 w -1-0 -"), CodeError::Reds("-1-0".into()));
    assert_eq!(err("WWWWWWW/WW5/7/7/7/7/7 w 0-0 -"), CodeError::TooMany { color: Color::White, count: 9 });
    assert_eq!(err("BBBBBBB/BB5/7/7/7/7/7 w 0-0 -"), CodeError::TooMany { color: Color::Black, count: 9 });
    assert_eq!(err(&START.replace("0-0", "1-0")), CodeError::TooManyReds { on_board: 13, captured: 1 });
    assert_eq!(err("RRRRRRR/7/7/7/7/7/7 w 4-3 -"), CodeError::TooManyReds { on_board: 7, captured: 7 });
    assert_eq!(err("7/7/7/3W3/7/7/7 w 0-0 d4"), CodeError::Ban("d4".into()));
    assert_eq!(err("7/7/7/3W3/7/7/7 w 0-0 d4-X"), CodeError::Ban("d4-X".into()));
    assert_eq!(err("7/7/7/3W3/7/7/7 w 0-0 d4-w"), CodeError::Ban("d4-w".into()));
    assert_eq!(err("7/7/7/3W3/7/7/7 w 0-0 D4-W"), CodeError::Ban("D4-W".into()));
    assert_eq!(err("7/7/7/3W3/7/7/7 w 0-0 h4-W"), CodeError::Ban("h4-W".into()));
    assert_eq!(err("7/7/7/3W3/7/7/7 b 0-0 d4-W"), CodeError::BanNotMover { square: sq("d4"), to_move: Color::Black });
    assert_eq!(err("7/7/7/3W3/7/7/7 w 0-0 c4-W"), CodeError::BanNotMover { square: sq("c4"), to_move: Color::White });
    assert_eq!(
        err("7/7/7/3W3/7/7/7 b 0-0 d4-W").to_string(),
        "the ban names d4, which holds no black marble, but black is to move"
    );
}

#[test]
fn fewer_marbles_than_the_start_are_valid() {
    let p = pos("7/7/7/3W3/7/7/3B3 w 2-5 -");
    assert_eq!(p.marbles_lost(Color::White), 7);
    assert_eq!(p.reds_captured(Color::Black), 5);
    assert!(p.outcome().is_none());
}

#[test]
fn both_colours_gone_is_decided_for_the_player_to_move() {
    let p = pos("7/7/7/7/7/7/7 w 0-0 -");
    assert_eq!(p.outcome().map(|o| o.winners()), Some(vec![Seat(0)]));
}
