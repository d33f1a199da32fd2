//! Unit tests for the Cabale rules (§3), clause by clause.
use super::*;
use crate::games::MoveError;

fn c(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

fn w(text: &str) -> Wall {
    Wall::parse(text).unwrap()
}

/// The board field with `items` (cell, symbol) on it.
fn board(items: &[(&str, char)]) -> String {
    let mut rows = Vec::new();
    for row in (0..9u8).rev() {
        let text: String = Cell::all()
            .filter(|cell| cell.row() == row)
            .map(|cell| items.iter().find(|(n, _)| c(n) == cell).map_or('.', |(_, s)| *s))
            .collect();
        rows.push(text);
    }
    rows.join("/")
}

fn pos_with(items: &[(&str, char)], rest: &str, settings: &CabaleSettings) -> Cabale {
    let code = format!("{} {rest}", board(items));
    match Cabale::from_code(&code, settings) {
        Ok(p) => p,
        Err(e) => panic!("{code}: {e}"),
    }
}

fn pos(items: &[(&str, char)], rest: &str) -> Cabale {
    pos_with(items, rest, &CabaleSettings::default())
}

const FULL2: &str = "y 30-30 6-6 12-12 0.0-0.0 -";

fn legal(p: &Cabale, text: &str) -> CabaleMove {
    match p.parse_move(text) {
        Ok(m) => m,
        Err(e) => panic!("{text}: {e}"),
    }
}

fn illegal(p: &Cabale, text: &str) -> IllegalMove {
    match p.parse_move(text) {
        Err(MoveError::Illegal(i)) => i,
        other => panic!("{text}: expected illegal, got {other:?}"),
    }
}

fn after(p: &Cabale, text: &str) -> Cabale {
    let mut q = p.clone();
    q.play_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    q
}

fn moves(p: &Cabale) -> Vec<String> {
    let mut out = Vec::new();
    p.legal_moves(&mut out);
    out.iter().map(|m| m.to_string()).collect()
}

// §3.2 setup and placement ------------------------------------------------------

#[test]
fn start_position_matches_the_notation() {
    let p = Cabale::start(&CabaleSettings::default());
    assert_eq!(
        p.to_string(),
        "...../....../......./......../........./......../......./....../..... y 30-30 6-6 12-12 0.0-0.0 -"
    );
    assert_eq!(p.phase(), Phase::Placement);
    assert_eq!(p.seats().len(), 2);
    for (players, code) in
        [(3, "y 20-20-20 4-4-4 8-8-8 0.0-0.0-0.0 -"), (4, "y 15-15-15-15 3-3-3-3 6-6-6-6 0.0-0.0-0.0-0.0 -")]
    {
        let p = Cabale::start(&CabaleSettings { players, ..Default::default() });
        assert!(p.to_string().ends_with(code), "{p}");
        assert_eq!(p.seats().iter().map(|s| s.letter).collect::<String>(), &"yrgb"[..players as usize]);
    }
}

#[test]
fn runners_are_placed_on_non_corner_edge_cells_in_seat_order() {
    let p = Cabale::start(&CabaleSettings::default());
    let placements = moves(&p);
    assert_eq!(placements.join(" "), "@A2 @A3 @A4 @B1 @B6 @C1 @C7 @D1 @D8 @F2 @F9 @G3 @G9 @H4 @H9 @I6 @I7 @I8");
    assert_eq!(illegal(&p, "@A1"), IllegalMove::StartOnCorner(c("A1")));
    assert_eq!(illegal(&p, "@E9"), IllegalMove::StartOnCorner(c("E9")));
    assert_eq!(illegal(&p, "@E5"), IllegalMove::StartNotOnEdge(c("E5")));
    assert_eq!(illegal(&p, "@B2"), IllegalMove::StartNotOnEdge(c("B2")));
    assert_eq!(illegal(&p, "A3>C3>C2"), IllegalMove::PlaceRunnerFirst(Seat(0)));
    let p = after(&p, "@A3");
    assert_eq!(p.to_move(), Seat(1));
    assert_eq!(illegal(&p, "@A3"), IllegalMove::StartTaken(c("A3")));
    assert_eq!(moves(&p).len(), 17);
    let p = after(&p, "@i7");
    assert_eq!(p.phase(), Phase::Play);
    assert_eq!(p.to_move(), Seat(0));
    assert_eq!(p.runner(Seat(0)), Some(c("A3")));
    assert_eq!(p.runner(Seat(1)), Some(c("I7")));
    assert_eq!(illegal(&p, "@A4"), IllegalMove::RunnersPlaced);
    assert_eq!(p.to_string(), format!("{} {FULL2}", board(&[("A3", '1'), ("I7", '2')])));
}

#[test]
fn four_players_place_and_move_in_turn() {
    let mut p = Cabale::start(&CabaleSettings { players: 4, ..Default::default() });
    for (i, text) in ["@A3", "@D8", "@I7", "@F2"].iter().enumerate() {
        assert_eq!(p.to_move(), Seat(i as u8));
        p = after(&p, text);
    }
    assert_eq!(p.phase(), Phase::Play);
    for seat in 0..4u8 {
        assert_eq!(p.to_move(), Seat(seat));
        let m = p.random_move(&mut |n| n / 2).unwrap();
        p = p.play(&m).unwrap();
    }
    assert_eq!(p.to_move(), Seat(0));
}

// §3.3 step 1: the runner -------------------------------------------------------

#[test]
fn path_counts_of_the_digest() {
    let both = pos(&[("A3", '1'), ("I7", '2')], FULL2);
    assert_eq!(both.paths().len(), 198);
    let no_sharp = CabaleSettings { sharp_turns: false, ..Default::default() };
    assert_eq!(pos_with(&[("A3", '1'), ("I7", '2')], FULL2, &no_sharp).paths().len(), 86);
    // No code puts Yellow to move without Red's runner on the board, so take Red's
    // runner off by hand to count the mover alone.
    for (settings, count) in [(CabaleSettings::default(), 200), (no_sharp, 88)] {
        let mut alone = pos_with(&[("A3", '1'), ("I7", '2')], FULL2, &settings);
        alone.board[c("I7").index()] = EMPTY;
        assert_eq!(alone.paths().len(), count);
    }
}

#[test]
fn route_a_turns_once_and_places_the_block_on_the_turning_cell() {
    let p = pos(&[("A3", '1'), ("I7", '2')], FULL2);
    let q = after(&p, "A3>C3>C2");
    assert_eq!(q.content(c("C3")), Content::Block { seat: Seat(0), double: false });
    assert_eq!(q.content(c("C2")), Content::Runner(Seat(0)));
    assert_eq!(q.content(c("A3")), Content::Empty);
    assert_eq!(q.content(c("B3")), Content::Empty);
    assert_eq!(q.supply(Seat(0)), 29);
    assert_eq!(q.to_move(), Seat(1));
    // The shortest route: one step, turn, one step.
    let q = after(&p, "A3>B3>B2");
    assert_eq!(q.content(c("B3")), Content::Block { seat: Seat(0), double: false });
    // Lengths before and after the turn are independent.
    legal(&p, "A3>E3>E8");
}

#[test]
fn route_b_does_not_turn_and_route_c_turns_back() {
    let p = pos(&[("A3", '1'), ("I7", '2')], FULL2);
    assert_eq!(illegal(&p, "A3>B3>C3"), IllegalMove::NoTurn(c("B3")));
    assert_eq!(illegal(&p, "A3>C3>B3"), IllegalMove::TurnsBack(c("C3")));
    assert_eq!(illegal(&p, "A3>C3>A3"), IllegalMove::TurnsBack(c("C3")));
    assert_eq!(illegal(&p, "A3>C3>D5"), IllegalMove::NotStraight(c("C3"), c("D5")));
    assert_eq!(illegal(&p, "A3>B4>B4"), IllegalMove::NotStraight(c("B4"), c("B4")));
    assert_eq!(illegal(&p, "A4>B4>B3"), IllegalMove::NotYourRunner { given: c("A4"), runner: c("A3") });
}

#[test]
fn sharp_turns_follow_the_setting() {
    let items = [("A3", '1'), ("I7", '2')];
    // NW then E is a 120° turn.
    let p = pos(&items, FULL2);
    legal(&p, "A3>C3>C4");
    legal(&p, "A3>C3>C2");
    let strict = pos_with(&items, FULL2, &CabaleSettings { sharp_turns: false, ..Default::default() });
    assert_eq!(illegal(&strict, "A3>C3>C4"), IllegalMove::SharpTurn(c("C3")));
    legal(&strict, "A3>C3>C2");
    legal(&strict, "A3>C3>D4");
}

#[test]
fn every_entered_cell_must_be_empty() {
    let p = pos(&[("A3", '1'), ("I7", '2'), ("B3", 'y'), ("A4", 'r'), ("B4", 'R')], "y 29-27 6-5 12-12 0.0-0.0 -");
    assert_eq!(illegal(&p, "A3>C3>C2"), IllegalMove::Occupied(c("B3")));
    assert_eq!(illegal(&p, "A3>A4>B5"), IllegalMove::Occupied(c("A4")));
    assert_eq!(illegal(&p, "A3>B4>B5"), IllegalMove::Occupied(c("B4")));
    // Only west is open.
    assert!(!p.paths().is_empty());
    for path in p.paths() {
        assert_eq!(path.first_dir(), Dir::W);
    }
    // Runners block too, on the turning cell and on the end cell.
    let q = pos(&[("A3", '1'), ("C3", '2')], FULL2);
    assert_eq!(illegal(&q, "A3>C3>C2"), IllegalMove::Occupied(c("C3")));
    let q = pos(&[("A3", '1'), ("C2", '2')], FULL2);
    assert_eq!(illegal(&q, "A3>C3>C2"), IllegalMove::Occupied(c("C2")));
    assert_eq!(illegal(&q, "A3>C3>C1"), IllegalMove::Occupied(c("C2")));
    legal(&q, "A3>C3>D4");
}

#[test]
fn the_runner_may_not_cross_a_blockade() {
    let p = pos(&[("A3", '1'), ("I7", '2')], "y 30-30 6-6 11-12 0.0-0.0 B3|C3");
    assert_eq!(illegal(&p, "A3>C3>C2"), IllegalMove::CrossesBlockade(w("B3|C3")));
    assert_eq!(illegal(&p, "A3>D3>D2"), IllegalMove::CrossesBlockade(w("B3|C3")));
    legal(&p, "A3>B3>B2");
    let q = pos(&[("A3", '1'), ("I7", '2')], "y 30-30 6-6 11-12 0.0-0.0 B2|B3");
    assert_eq!(illegal(&q, "A3>B3>B1"), IllegalMove::CrossesBlockade(w("B2|B3")));
    legal(&q, "A3>B3>B4");
}

// §3.3 step 2: blocks -----------------------------------------------------------

#[test]
fn double_blocks_cost_two_and_are_limited() {
    let p = pos(&[("A3", '1'), ("I7", '2')], FULL2);
    let q = after(&p, "A3>C3>C2+");
    assert_eq!(q.content(c("C3")), Content::Block { seat: Seat(0), double: true });
    assert_eq!((q.supply(Seat(0)), q.doubles_left(Seat(0))), (28, 5));
    assert_eq!(q.scores().as_deref(), Some(&[12, 0][..]));
    let none_left = pos(&[("A3", '1'), ("I7", '2')], "y 30-30 0-6 12-12 0.0-0.0 -");
    assert_eq!(illegal(&none_left, "A3>C3>C2+"), IllegalMove::NoDoublesLeft);
    legal(&none_left, "A3>C3>C2");
    assert!(moves(&none_left).iter().all(|m| !m.contains('+')));
    let one_block = pos(&[("A3", '1'), ("I7", '2')], "y 1-30 6-6 12-12 0.0-0.0 -");
    assert_eq!(illegal(&one_block, "A3>C3>C2+"), IllegalMove::NoBlockForDouble);
}

#[test]
fn the_last_block_ends_the_game_at_once() {
    let items = [("A3", '1'), ("I7", '2'), ("C4", 'r'), ("H8", 'r')];
    let p = pos(&items, "y 1-28 6-6 12-12 0.0-0.0 -");
    assert_eq!(illegal(&p, "A3>C3>C2xC5"), IllegalMove::AfterLastBlock);
    assert_eq!(illegal(&p, "A3>C3>C2#D4|D5"), IllegalMove::AfterLastBlock);
    // Exactly one turn per path: no captures, no blockades.
    assert_eq!(moves(&p).len(), p.paths().len());
    let q = after(&p, "A3>C3>C2");
    assert_eq!(q.supply(Seat(0)), 0);
    assert_eq!(q.to_move(), Seat(1));
    let outcome = q.outcome().unwrap();
    assert_eq!(outcome.reason.to_string(), "Yellow placed their last block");
    assert_eq!(outcome.scores.as_deref(), Some(&[6, 9][..]));
    assert_eq!(&*outcome.places, &[2, 1]);
    assert!(moves(&q).is_empty());
    assert_eq!(illegal(&q, "I7>H7>H6"), IllegalMove::GameOver);
    // A double that uses the last two blocks ends it too.
    let p = pos(&items, "y 2-28 6-6 12-12 0.0-0.0 -");
    let q = after(&p, "A3>C3>C2+");
    assert!(q.is_over());
    assert_eq!(illegal(&p, "A3>C3>C2+xC5"), IllegalMove::AfterLastBlock);
    legal(&p, "A3>C3>C2xC5");
}

// §3.3 step 3: captures ---------------------------------------------------------

/// The rule sheet's capture example with three players: Yellow's runner goes from
/// A (D1) to B (E2), turns and stops on C (F2); the yellow block on B jumps the red
/// block on E3 and the green one on E5 and stops on D (E6). The second green block
/// (E7) cannot be taken because the cell behind it (e, E8) is not empty, and the
/// second red block (F3) is protected by a blockade.
fn capture_example() -> Cabale {
    let items =
        [("D1", '1'), ("I7", '2'), ("I6", '3'), ("E3", 'r'), ("E5", 'g'), ("E7", 'g'), ("E8", 'r'), ("F3", 'r')];
    pos(&items, "y 20-17-18 4-4-4 8-8-7 0.0-0.0-0.0 E2|F3")
}

#[test]
fn rule_sheet_capture_over_red_and_green() {
    let p = capture_example();
    legal(&p, "D1>E2>F2xE4");
    let q = after(&p, "D1>E2>F2xE4xE6");
    assert_eq!(q.content(c("E6")), Content::Block { seat: Seat(0), double: false });
    for gone in ["E2", "E3", "E5"] {
        assert_eq!(q.content(c(gone)), Content::Empty, "{gone}");
    }
    assert_eq!(q.content(c("E7")), Content::Block { seat: Seat(2), double: false });
    assert_eq!(q.captured(Seat(0)), (2, 0));
    assert_eq!(q.scores().unwrap()[0], 10 + 2);
    assert_eq!(illegal(&p, "D1>E2>F2xE4xE6xE8"), IllegalMove::LandingOccupied(c("E8")));
    assert_eq!(illegal(&p, "D1>E2>F2xG4"), IllegalMove::JumpBlocked(w("E2|F3")));
    let captures: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('x') && !m.contains('#')).collect();
    assert!(captures.contains(&"D1>E2>F2xE4xE6".to_string()));
    assert!(captures.iter().all(|m| !m.contains("xE8") && !m.contains("xG4")));
}

#[test]
fn jumps_need_an_enemy_block_and_an_empty_landing_in_one_line() {
    let p = capture_example();
    assert_eq!(illegal(&p, "D1>E2>F2xE3"), IllegalMove::JumpNotStraight { from: c("E2"), to: c("E3") });
    assert_eq!(illegal(&p, "D1>E2>F2xE5"), IllegalMove::JumpNotStraight { from: c("E2"), to: c("E5") });
    assert_eq!(illegal(&p, "D1>E2>F2xC2"), IllegalMove::NothingToCapture(c("D2")));
    assert_eq!(illegal(&p, "D1>E2>F2xE4xG6"), IllegalMove::JumpChangesDirection(c("G6")));
    assert_eq!(illegal(&p, "D1>E2>F2xE4xE5"), IllegalMove::JumpNotStraight { from: c("E4"), to: c("E5") });
    // Runners cannot be jumped.
    let runner = pos(&[("A3", '1'), ("C4", '2')], FULL2);
    assert_eq!(illegal(&runner, "A3>C3>C2xC5"), IllegalMove::NothingToCapture(c("C4")));
    // Own blocks cannot be jumped.
    let own = pos(&[("A3", '1'), ("I7", '2'), ("C4", 'y')], "y 29-30 6-6 12-12 0.0-0.0 -");
    assert_eq!(illegal(&own, "A3>C3>C2xC5"), IllegalMove::NothingToCapture(c("C4")));
    // A runner or any block on the landing cell stops the jump.
    let runner = pos(&[("A3", '1'), ("C5", '2'), ("C4", 'r')], "y 30-29 6-6 12-12 0.0-0.0 -");
    assert_eq!(illegal(&runner, "A3>C3>C2xC5"), IllegalMove::LandingOccupied(c("C5")));
    let block = pos(&[("A3", '1'), ("I7", '2'), ("C4", 'r'), ("C5", 'y')], "y 29-29 6-6 12-12 0.0-0.0 -");
    assert_eq!(illegal(&block, "A3>C3>C2xC5"), IllegalMove::LandingOccupied(c("C5")));
}

#[test]
fn only_the_block_just_placed_captures() {
    // An old yellow block on C3 next to a red block with an empty cell behind.
    let p = pos(&[("A3", '1'), ("I7", '2'), ("C3", 'y'), ("C4", 'r')], "y 29-29 6-6 12-12 0.0-0.0 -");
    for m in moves(&p) {
        let n: CabaleNotation = m.parse().unwrap();
        if let CabaleNotation::Turn(t) = n {
            assert!(t.landings.is_empty() || t.turn != c("C3"), "{m}");
        }
    }
    assert!(moves(&p).iter().all(|m| !m.contains("xC5")));
}

#[test]
fn a_double_block_jumps_as_a_stack_and_doubles_score_three() {
    let p = pos(&[("A3", '1'), ("I7", '2'), ("C4", 'R'), ("C6", 'r')], "y 30-27 6-5 12-12 0.0-0.0 -");
    let q = after(&p, "A3>C3>C2+xC5xC7");
    assert_eq!(q.content(c("C7")), Content::Block { seat: Seat(0), double: true });
    assert_eq!(q.captured(Seat(0)), (1, 1));
    // C7 is worth 1, doubled; plus 1 for a single and 3 for a double.
    assert_eq!(q.scores().as_deref(), Some(&[2 + 1 + 3, 0][..]));
    assert_eq!(q.supply(Seat(0)), 28);
    // Stopping early is allowed.
    let q = after(&p, "A3>C3>C2xC5");
    assert_eq!(q.content(c("C5")), Content::Block { seat: Seat(0), double: false });
    assert_eq!(q.content(c("C6")), Content::Block { seat: Seat(1), double: false });
}

/// The tactical notes: Yellow's block A (E5) stands in a stair with E4, E6 and D5;
/// only the line D4–E5–F6 is open, so red can take it from B (D4 or F6). Block C
/// (A3) is protected by the blockade A3|A4. A blockade between A and a B cell
/// protects A.
#[test]
fn tactical_notes_protected_blocks() {
    let items = [("C4", '2'), ("I7", '1'), ("E5", 'y'), ("E4", 'y'), ("E6", 'y'), ("D5", 'y'), ("A3", 'y')];
    let p = pos(&items, "r 25-30 6-6 12-11 0.0-0.0 A3|A4");
    let q = after(&p, "C4>D4>D3xF6");
    assert_eq!(q.captured(Seat(1)), (1, 0));
    assert_eq!(q.content(c("E5")), Content::Empty);
    assert_eq!(illegal(&p, "C4>A4>A5xA2"), IllegalMove::JumpBlocked(w("A3|A4")));
    let guarded = pos(&items, "r 25-30 6-6 12-10 0.0-0.0 A3|A4,D4|E5");
    assert_eq!(illegal(&guarded, "C4>D4>D3xF6"), IllegalMove::JumpBlocked(w("D4|E5")));
    let guarded = pos(&items, "r 25-30 6-6 12-10 0.0-0.0 A3|A4,E5|F6");
    assert_eq!(illegal(&guarded, "C4>D4>D3xF6"), IllegalMove::JumpBlocked(w("E5|F6")));
}

// §3.3 step 4: blockades --------------------------------------------------------

#[test]
fn blockades_go_on_free_allowed_edges() {
    let p = pos(&[("A3", '1'), ("I7", '2')], "y 30-30 6-6 11-12 0.0-0.0 D4|D5");
    let q = after(&p, "A3>C3>C2#H8|I8");
    assert!(q.has_wall(w("H8|I8")));
    assert_eq!(q.blockades_left(Seat(0)), 10);
    assert!(q.to_string().ends_with(" r 29-30 6-6 10-12 0.0-0.0 D4|D5,H8|I8"), "{q}");
    assert_eq!(illegal(&p, "A3>C3>C2#D5|D4"), IllegalMove::AlreadyWalled(w("D4|D5")));
    let none = pos(&[("A3", '1'), ("I7", '2')], "y 30-30 6-6 0-12 0.0-0.0 -");
    assert_eq!(illegal(&none, "A3>C3>C2#D4|D5"), IllegalMove::NoBlockadesLeft);
    let only =
        CabaleSettings { blockade_edges: BlockadeEdges::Only(vec![w("A1|A2"), w("I8|I9")]), ..Default::default() };
    let p = pos_with(&[("A3", '1'), ("I7", '2')], FULL2, &only);
    assert_eq!(illegal(&p, "A3>C3>C2#D4|D5"), IllegalMove::EdgeNotAllowed(w("D4|D5")));
    legal(&p, "A3>C3>C2#I8|I9");
    // Per path: single or double, each with no blockade or one of the two edges.
    assert_eq!(moves(&p).len(), p.paths().len() * 2 * 3);
    assert_eq!(p.settings().blockade_edges, only.blockade_edges);
    assert!(matches!("A3>C3>C2#D4|D6".parse::<CabaleNotation>(), Err(NotationError::NotNeighbours(_, _))));
}

#[test]
fn complete_turn_counts_multiply() {
    let p = pos(&[("A3", '1'), ("I7", '2')], FULL2);
    // 198 paths × (single, double) × (no blockade + 156 edges).
    assert_eq!(p.count_turns(), 198 * 2 * 157);
    assert_eq!(moves(&p).len() as u64, p.count_turns());
    let p = capture_example();
    assert_eq!(moves(&p).len() as u64, p.count_turns());
}

// §3.3 step 5 and §3.4: end and scoring -------------------------------------------

#[test]
fn a_runner_that_cannot_turn_ends_the_game() {
    // The rule sheet's example: Yellow can only go straight (A4, A5) and cannot turn.
    let items =
        [("A3", '1'), ("I7", '2'), ("A2", 'r'), ("B3", 'r'), ("B4", 'r'), ("B5", 'r'), ("B6", 'r'), ("E5", 'y')];
    let p = pos(&items, "y 29-25 6-6 12-12 0.0-0.0 -");
    assert!(p.paths().is_empty());
    let outcome = p.outcome().unwrap();
    assert_eq!(outcome.reason.to_string(), "Yellow's runner cannot move");
    assert_eq!(outcome.scores.as_deref(), Some(&[15, 11][..]));
    assert_eq!(outcome.winners(), vec![Seat(0)]);
    assert_eq!(illegal(&p, "A3>A4>B5"), IllegalMove::GameOver);
    assert!(p.random_move(&mut |_| 0).is_none());
    // A free path (A3>A4>... is still blocked, but remove B5) keeps it going.
    let items = [("A3", '1'), ("I7", '2'), ("A2", 'r'), ("B3", 'r'), ("B4", 'r'), ("B6", 'r')];
    assert!(pos(&items, "y 30-26 6-6 12-12 0.0-0.0 -").outcome().is_none());
}

#[test]
fn scores_and_ties() {
    let items = [("A3", '1'), ("I7", '2'), ("E5", 'Y'), ("E4", 'r'), ("B2", 'R')];
    let p = pos(&items, "r 26-24 4-5 12-12 2.0-0.1 -");
    // Yellow: 15×2 + 2; Red: 10 + 3×2 + 3.
    assert_eq!(p.scores().as_deref(), Some(&[32, 19][..]));
    let tie = pos(&[("A3", '1'), ("I7", '2'), ("E4", 'y'), ("F6", 'r')], "y 0-29 6-6 12-12 0.0-0.0 -");
    let outcome = tie.outcome().unwrap();
    assert!(outcome.is_draw());
    assert!(outcome.winners().is_empty());
}

// Position codes ------------------------------------------------------------------

#[test]
fn codes_round_trip_and_the_code_wins_over_settings() {
    let p = capture_example();
    let code = p.to_string();
    assert_eq!(Cabale::from_code(&code, &CabaleSettings::default()), Ok(p.clone()));
    assert_eq!(p.players(), 3);
    assert_eq!(p.settings().players, 3);
    let four = CabaleSettings { players: 4, sharp_turns: false, ..Default::default() };
    let q = Cabale::from_code(&code, &four).unwrap();
    assert_eq!(q.players(), 3);
    assert!(!q.sharp_turns());
}

#[test]
fn malformed_codes_say_why() {
    let s = CabaleSettings::default();
    let e = |code: &str| Cabale::from_code(code, &s).unwrap_err();
    let b = board(&[("A3", '1'), ("I7", '2')]);
    assert_eq!(e(""), CodeError::Fields(0));
    assert_eq!(e(&format!("{b} y 30-30 6-6 12-12 0.0-0.0")), CodeError::Fields(6));
    assert_eq!(e(&format!("{b} y 30 6 12 0.0 -")), CodeError::Players(1));
    assert_eq!(e(&format!("{b} y 9-9-9-9-9 6-6 12-12 0.0-0.0 -")), CodeError::Players(5));
    assert_eq!(
        e(&format!("{b} y 30-30 6-6-6 12-12 0.0-0.0 -")),
        CodeError::Entries { field: code::Field::Doubles, found: 3, expected: 2 }
    );
    assert!(matches!(e(&format!("{b} y 30-030 6-6 12-12 0.0-0.0 -")), CodeError::Counter { .. }));
    assert!(matches!(e(&format!("{b} y 31-30 6-6 12-12 0.0-0.0 -")), CodeError::CounterTooHigh { value: 31, .. }));
    assert!(matches!(e(&format!("{b} y 30-30 7-6 12-12 0.0-0.0 -")), CodeError::CounterTooHigh { .. }));
    assert!(matches!(e(&format!("{b} y 30-30 6-6 12-13 0.0-0.0 -")), CodeError::CounterTooHigh { .. }));
    assert!(matches!(e(&format!("{b} g 30-30 6-6 12-12 0.0-0.0 -")), CodeError::ToMove { .. }));
    assert_eq!(e(&format!("{b} y 30-30 6-6 12-12 0-0 -")), CodeError::Captures("0-0".into()));
    assert_eq!(e(&format!("{b} y 30-30 6-6 12-12 0.0-0.0 D4|D6")), CodeError::Walls("D4|D6".into()));
    assert_eq!(e(&format!("{b} y 30-30 6-6 12-12 0.0-0.0 D5|D4")), CodeError::Walls("D5|D4".into()));
    assert_eq!(e(&format!("{b} y 30-30 6-6 12-12 0.0-0.0 E5|E6,D4|D5")), CodeError::WallOrder("D4|D5".into()));
    assert_eq!(e(&format!("{b} y 30-30 6-6 12-12 0.0-0.0 D4|D5,D4|D5")), CodeError::WallOrder("D4|D5".into()));
    assert_eq!(e("..... y 30-30 6-6 12-12 0.0-0.0 -"), CodeError::Rows(1));
    let short = b.replacen("/....../", "/...../", 1);
    assert_eq!(
        e(&format!("{short} y 30-30 6-6 12-12 0.0-0.0 -")),
        CodeError::RowLength { row: 'H', found: 5, expected: 6 }
    );
    let odd = b.replacen('.', "x", 1);
    assert_eq!(e(&format!("{odd} y 30-30 6-6 12-12 0.0-0.0 -")), CodeError::Symbol { row: 'I', symbol: 'x' });
    let green = board(&[("A3", '1'), ("I7", '2'), ("E5", 'g')]);
    assert!(matches!(e(&format!("{green} y 30-30 6-6 12-12 0.0-0.0 -")), CodeError::SeatNotInGame { symbol: 'g', .. }));
    let twice = board(&[("A3", '1'), ("I7", '1')]);
    assert_eq!(e(&format!("{twice} y 30-30 6-6 12-12 0.0-0.0 -")), CodeError::DuplicateRunner('1'));
    let crowded = board(&[("A3", '1'), ("I7", '2'), ("E5", 'y')]);
    assert!(matches!(e(&format!("{crowded} y 30-30 6-6 12-12 0.0-0.0 -")), CodeError::TooManyBlocks { count: 31, .. }));
    assert!(matches!(e(&format!("{b} y 30-30 6-6 12-12 1.0-0.0 -")), CodeError::TooManyBlocks { count: 31, .. }));
    let doubles = board(&[("A3", '1'), ("I7", '2'), ("E5", 'Y')]);
    assert!(matches!(e(&format!("{doubles} y 28-30 6-6 12-12 0.0-0.0 -")), CodeError::TooManyDoubles { count: 7, .. }));
    assert!(matches!(e(&format!("{b} y 30-30 6-6 12-12 0.0-0.0 D4|D5")), CodeError::TooManyBlockades { .. }));
    let placing = board(&[("I7", '2')]);
    assert!(matches!(e(&format!("{placing} y 30-30 6-6 12-12 0.0-0.0 -")), CodeError::Placement { placed: 0, .. }));
    let half = board(&[("A3", '1')]);
    assert!(matches!(e(&format!("{half} y 30-30 6-6 12-12 0.0-0.0 -")), CodeError::Placement { placed: 1, .. }));
    Cabale::from_code(&format!("{half} r 30-30 6-6 12-12 0.0-0.0 -"), &s).unwrap();
    let blocks = board(&[("A3", '1'), ("E5", 'y')]);
    assert_eq!(e(&format!("{blocks} r 29-30 6-6 12-12 0.0-0.0 -")), CodeError::PiecesDuringPlacement);
}

// Steps, sampling and labels --------------------------------------------------------

#[test]
fn next_parts_offer_a_turn_in_steps() {
    let p = capture_example();
    let paths = p.menu("", "", usize::MAX).choices;
    assert_eq!(paths.len(), p.paths().len());
    assert!(paths.iter().all(|part| part.complete && part.more));
    let first = &paths[0];
    assert!(first.label.contains("turn on"));
    let step = p.menu("D1>E2>F2", "", usize::MAX).choices;
    let texts: Vec<&str> = step.iter().map(|s| s.text.as_str()).collect();
    assert!(texts.contains(&"D1>E2>F2+"));
    assert!(texts.contains(&"D1>E2>F2xE4"));
    assert!(texts.contains(&"D1>E2>F2xE4xE6"));
    assert!(texts.contains(&"D1>E2>F2+xE4xE6"));
    assert!(texts.contains(&"D1>E2>F2#A1|A2"));
    assert!(!texts.contains(&"D1>E2>F2"));
    // 3 doubles+captures options besides the plain single: +, xE4, xE4xE6, +xE4, +xE4xE6.
    assert_eq!(step.len(), 5 + (EDGES - 1));
    let walls = p.menu("D1>E2>F2xE4xE6", "", usize::MAX).choices;
    assert_eq!(walls.len(), EDGES - 1);
    assert!(walls.iter().all(|part| part.complete && !part.more && part.text.starts_with("D1>E2>F2xE4xE6#")));
    assert!(p.menu("D1>E2>F2xE4xE6#A1|A2", "", usize::MAX).choices.is_empty());
    assert!(p.menu("D1>E2>E3", "", usize::MAX).choices.is_empty());
    assert!(p.menu("nonsense", "", usize::MAX).choices.is_empty());
    // Every part is a legal move.
    for part in step.iter().chain(walls.iter()).chain(paths.iter()) {
        legal(&p, &part.text);
    }
    let start = Cabale::start(&CabaleSettings::default());
    assert_eq!(start.menu("", "", usize::MAX).choices.len(), 18);
}

#[test]
fn describe_names_the_parts() {
    let p = capture_example();
    let m = legal(&p, "D1>E2>F2+xE4xE6#H8|I8");
    assert_eq!(p.describe(&m), "D1>E2>F2 · double on E2 (3) · takes 2 (to E6, 10) · blockade H8|I8");
    let q = pos(&[("A3", '1'), ("I7", '2')], FULL2);
    assert_eq!(q.describe(&legal(&q, "A3>C3>C2")), "A3>C3>C2 · block on C3 (6)");
    let m = legal(&q, "A3>C3>C2");
    if let CabaleMove::Turn(t) = m {
        assert_eq!(t.path().cells(), vec![c("B3"), c("C3"), c("C2")]);
        assert_eq!(t.block_cell(), c("C3"));
        assert_eq!(t.final_block_cell(), c("C3"));
    }
}

#[test]
fn random_moves_are_legal_and_play_is_checked() {
    let mut p = capture_example();
    let mut seed = 7u64;
    let mut below = move |n: usize| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n
    };
    for _ in 0..40 {
        let Some(m) = p.random_move(&mut below) else { break };
        assert_eq!(p.parse_move(&m.to_string()), Ok(m));
        p = p.play(&m).unwrap();
    }
    let q = capture_example();
    let other = legal(&pos(&[("A3", '1'), ("I7", '2')], FULL2), "A3>C3>C2");
    let err = q.clone().play(&other).unwrap_err();
    assert_eq!(err.position, q);
}

// Settings ----------------------------------------------------------------------------

#[test]
fn settings_are_plain_json_with_checked_values() {
    let parse = |text: &str| serde_json::from_str::<CabaleSettings>(text);
    assert_eq!(parse("{}").unwrap(), CabaleSettings::default());
    let default = serde_json::to_string(&CabaleSettings::default()).unwrap();
    assert_eq!(default, r#"{"players":2,"sharp_turns":true,"blockade_edges":"all"}"#);
    let some = parse(r#"{"players":3,"sharp_turns":false,"blockade_edges":{"only":["D5|D4","A1|A2"]}}"#).unwrap();
    assert_eq!(some.players, 3);
    assert_eq!(some.blockade_edges, BlockadeEdges::Only(vec![w("D4|D5"), w("A1|A2")]));
    let text = serde_json::to_string(&some).unwrap();
    assert_eq!(parse(&text).unwrap(), some);
    let p = Cabale::start(&some);
    assert_eq!(p.players(), 3);
    assert_eq!(p.allowed_walls().len(), 2);
    // The position lists the edges in board order.
    assert_eq!(p.settings().blockade_edges, BlockadeEdges::Only(vec![w("A1|A2"), w("D4|D5")]));
    for bad in [
        r#"{"players":1}"#,
        r#"{"players":5}"#,
        r#"{"colour":"red"}"#,
        r#"{"blockade_edges":{"only":["D4|D6"]}}"#,
        r#"{"blockade_edges":"some"}"#,
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn placements_are_described() {
    let p = Cabale::start(&CabaleSettings::default());
    let m = legal(&p, "@A3");
    assert_eq!(p.describe(&m), "@A3 · runner starts on A3");
    let yellow = |id: &'static str| Phrase::new(id).term("seat", "cabale-seat-yellow");
    assert_eq!(p.diagram().lines.last(), Some(&yellow("cabale-diagram-to-place")));
    let q = after(&after(&p, "@A3"), "@I7");
    assert_eq!(q.diagram().lines.last(), Some(&yellow("game-diagram-to-move")));
    assert!(q.diagram().grid.starts_with("I     . . 2 . ."));
}

/// Plays the first legal move.
fn first_move(p: &mut Cabale) -> String {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let m = *moves.first().expect("a legal move");
    p.play_unchecked(&m);
    m.to_string()
}

#[test]
fn a_seat_that_leaves_is_skipped_and_ranked_last() {
    let settings = CabaleSettings { players: 3, ..CabaleSettings::default() };
    let mut p = Cabale::start(&settings);
    // Not while runners are being placed.
    assert_eq!(p.check(&"leave".parse().expect("notation")), Err(IllegalMove::CannotLeave));
    for _ in 0..4 {
        first_move(&mut p);
    }
    // Red (seat 1) is to move and leaves: its runner goes, Green plays next.
    assert_eq!(p.to_move(), Seat(1));
    let runner = p.runners[1];
    let leave = p.check(&"Leave".parse().expect("notation")).expect("legal with three seats");
    assert_eq!(p.describe(&leave), "leave · Red leaves the game");
    p.play_unchecked(&leave);
    assert!(p.left(1));
    assert_eq!(p.board[usize::from(runner)], EMPTY);
    assert_eq!(p.to_move(), Seat(2));
    first_move(&mut p);
    assert_eq!(p.to_move(), Seat(0), "Red is skipped");
    // The code says who left, and reads back the same.
    let code = p.to_string();
    assert!(code.ends_with(" r"), "{code}");
    assert_eq!(Cabale::from_code(&code, &settings).expect("the code reads back"), p);
    // With two seats left, no one else can leave: the game would end instead.
    assert_eq!(p.check(&CabaleNotation::Leave), Err(IllegalMove::CannotLeave));
    // Played to the end, Red is last whatever its score.
    let mut guard = 0;
    while p.outcome().is_none() && guard < 500 {
        first_move(&mut p);
        guard += 1;
    }
    let outcome = p.outcome().expect("the game ends");
    assert_eq!(outcome.places[1], 3, "{:?}", outcome.places);
    assert!(outcome.places[0] <= 2 && outcome.places[2] <= 2);
}

#[test]
fn codes_with_seats_that_left_are_checked() {
    let settings = CabaleSettings { players: 3, ..CabaleSettings::default() };
    let mut p = Cabale::start(&settings);
    for _ in 0..3 {
        first_move(&mut p);
    }
    let code = p.to_string();
    // Yellow is to move and has its runner on the board: it cannot be gone.
    for bad in ["y", "x", "rr", "gr", "rg"] {
        assert!(Cabale::from_code(&format!("{code} {bad}"), &settings).is_err(), "{bad}");
    }
    assert!(Cabale::from_code(&format!("{code} - -"), &settings).is_err());
}

#[test]
fn boxed_in_pass_ends_only_when_no_runner_can_move() {
    let pass = CabaleSettings { players: 3, boxed_in: BoxedIn::Pass, ..CabaleSettings::default() };
    // Every runner boxed in by blocks: yellow on A3 as in the sheet's example, red on
    // I7 and green on C1 walled by blocks of the others.
    let items = [
        ("A3", '1'),
        ("A2", 'r'),
        ("B3", 'r'),
        ("B4", 'r'),
        ("A4", 'r'),
        ("I7", '2'),
        ("I6", 'y'),
        ("I8", 'y'),
        ("H6", 'y'),
        ("H7", 'y'),
        ("C1", '3'),
        ("B1", 'y'),
        ("B2", 'y'),
        ("C2", 'r'),
        ("D1", 'r'),
        ("D2", 'r'),
    ];
    let rest = "g 14-13-20 4-4-4 8-8-8 0.0-0.0-0.0 -";
    let stuck = pos_with(&items, rest, &pass);
    assert_eq!(stuck.outcome().map(|o| o.reason.key()), Some("all_stuck"));
    assert_eq!(stuck.outcome().map(|o| o.reason.to_string()).as_deref(), Some("no runner can move"));
    let sheet = pos_with(&items, rest, &CabaleSettings { players: 3, ..CabaleSettings::default() });
    assert_eq!(sheet.outcome().map(|o| o.reason.key()), Some("runner_stuck"));
    assert_eq!(stuck.settings().boxed_in, BoxedIn::Pass);
}

/// A won position of the finishing measure (`tests/fixtures/cabale/won.openings`):
/// yellow, 62 to 30 ahead, can capture red's double on F7 with a double block on F6.
const HANGING: &str = "...../2...R./...Y.../...Y.R../....Y1R../......../......./....../..... y 24-24 3-3 9-9 0.0-0.0 \
                       B1|C1,D6|E7,E1|E2,E2|F3,F5|F6,H6|I7";

#[test]
fn the_evaluation_counts_the_capture_of_the_player_to_move() {
    let settings = CabaleSettings::default();
    let p = Cabale::from_code(HANGING, &settings).expect("a position");
    let (yellow, red) = (Seat(0), Seat(1));
    // Taking the double leaves yellow's double on E5 for red's runner on H4 to jump:
    // 71 to 18 on the board, 41 to 21 once red has taken it.
    let greedy = after(&p, "E6>F6>G7+xF8#D4|E5");
    assert_eq!(greedy.score_array()[..2], [71, 18]);
    let threat = greedy.capture_threat();
    assert!(threat[0] <= -30 && threat[1] >= 3, "{threat:?}");
    assert!(crate::games::compare_scores(&[71, 18], yellow) > 0.99);
    let sharp = |p: &Cabale, seat| p.estimate(seat, Sight::Threats);
    assert!(sharp(&greedy, yellow) < 0.9, "{}", sharp(&greedy, yellow));
    assert!((sharp(&greedy, yellow) + sharp(&greedy, red) - 1.0).abs() < 1e-9);
    // Looking at the board only, the weaker levels' sight, it is a sure thing.
    assert!(greedy.evaluate(yellow) > 0.99);
    assert_eq!(greedy.estimate(yellow, Sight::Board), greedy.evaluate(yellow));
    // Not taking it, and leaving nothing to take, is valued by the board alone.
    let safe = after(&p, "E6>F6>G7+#F4|G4");
    assert_eq!(safe.capture_threat(), [0; 4]);
    let scores = safe.score_array();
    assert_eq!(sharp(&safe, yellow), crate::games::compare_scores(&scores[..2], yellow));
}
