//! Unit tests for the Kewbz rules (§2), clause by clause: each rule has a legal
//! and an illegal (or "does not apply") side.
use super::*;
use crate::games::MoveError;

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap()
}

fn settings(extension: Extension) -> KewbzSettings {
    KewbzSettings { extension, ..KewbzSettings::default() }
}

/// An 8×8 position with the given stacks (bottom→top letters), written as a code
/// by hand so the tests do not depend on the code writer.
fn setup_with(stacks: &[(&str, &str)], rest: &str, extension: Extension) -> Kewbz {
    let mut grid = vec![vec![String::new(); 8]; 8];
    for (at, stack) in stacks {
        let s = sq(at);
        grid[usize::from(s.rank())][usize::from(s.file())] = stack.trim_matches(['(', ')']).to_string();
    }
    let rows: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in row {
                if cell.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                if cell.len() == 1 {
                    out.push_str(cell);
                } else {
                    out.push_str(&format!("({cell})"));
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    let code = format!("{} {rest}", rows.join("/"));
    Kewbz::from_code(&code, &settings(extension)).unwrap_or_else(|e| panic!("{code}: {e}"))
}

fn setup(stacks: &[(&str, &str)], rest: &str) -> Kewbz {
    setup_with(stacks, rest, Extension::Line)
}

fn play(p: &Kewbz, text: &str) -> Kewbz {
    let m = p.parse_move(text).unwrap_or_else(|e| panic!("{text} in {p}: {e}"));
    p.clone().play(&m).unwrap_or_else(|e| panic!("{text} in {p}: {e}"))
}

fn illegal(p: &Kewbz, text: &str) -> IllegalMove {
    match p.parse_move(text) {
        Err(MoveError::Illegal(e)) => e,
        other => panic!("{text} in {p}: expected an illegal move, got {other:?}"),
    }
}

/// The growth of each vertex as `vertex:created+extended=stacked`.
fn growth(p: &Kewbz, text: &str) -> Vec<String> {
    let m = p.parse_move(text).unwrap_or_else(|e| panic!("{text} in {p}: {e}"));
    p.effect(&m).growth.iter().map(|g| format!("{}:{}+{}={}", g.vertex, g.created, g.extended, g.stacked)).collect()
}

fn legal(p: &Kewbz) -> Vec<String> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves.iter().map(ToString::to_string).collect()
}

fn stack(p: &Kewbz, at: &str) -> String {
    p.stack(sq(at)).colors().map(Color::letter).collect()
}

// §2.3.1 — the first cube goes anywhere.

#[test]
fn first_cube_goes_anywhere() {
    let start = Kewbz::start(&KewbzSettings::default());
    assert_eq!(start.to_string(), "8/8/8/8/8/8/8/8 b 32-32");
    let moves = legal(&start);
    assert_eq!(moves.len(), 64);
    assert_eq!(moves[..9], ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2"]);
    assert_eq!(moves[63], "h8");
    let after = play(&start, "a1");
    assert_eq!(after.to_string(), "8/8/8/8/8/8/8/b7 y 31-32");
}

#[test]
fn the_board_size_is_a_setting() {
    let start = Kewbz::start(&KewbzSettings { size: 10, ..KewbzSettings::default() });
    assert_eq!(start.to_string(), "91/91/91/91/91/91/91/91/91/91 b 32-32");
    assert_eq!(legal(&start).len(), 100);
    let p = play(&start, "j10");
    assert_eq!(p.to_string(), "9b/91/91/91/91/91/91/91/91/91 y 31-32");
    let big = Kewbz::start(&KewbzSettings { size: 26, ..KewbzSettings::default() });
    assert_eq!(play(&big, "z26").stack(sq("z26")).height(), 1);
    let small = Kewbz::start(&KewbzSettings::default());
    assert_eq!(illegal(&small, "i1"), IllegalMove::OffBoard { square: sq("i1"), size: 8 });
    assert_eq!(illegal(&small, "a9").to_string(), "a9 is off the 8×8 board");
}

// §2.3.2 — later cubes touch a cube, diagonals included.

#[test]
fn later_cubes_touch_a_cube() {
    let p = setup(&[("d4", "b")], "y 31-32");
    let moves = legal(&p);
    assert_eq!(moves, ["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"]);
    assert_eq!(play(&p, "e5").stack(sq("e5")).top(), Some(Color::Yellow));
    assert_eq!(play(&p, "c3").stack(sq("c3")).height(), 1);
    assert_eq!(illegal(&p, "f6"), IllegalMove::NotAdjacent(sq("f6")));
    assert_eq!(illegal(&p, "d6"), IllegalMove::NotAdjacent(sq("d6")));
    assert_eq!(
        illegal(&p, "f6").to_string(),
        "f6 touches no cube: place next to a cube on the board (diagonals count)"
    );
}

#[test]
fn cubes_go_on_empty_squares_only() {
    let p = setup(&[("d4", "b"), ("e4", "y")], "b 31-31");
    assert_eq!(illegal(&p, "d4"), IllegalMove::Occupied(sq("d4")));
    assert_eq!(illegal(&p, "E4"), IllegalMove::Occupied(sq("e4")));
    assert!(p.parse_move("d5").is_ok());
}

// §2.3.3 — no 2×2 block.

#[test]
fn no_cube_completes_a_two_by_two_block() {
    // Each of the four windows around the placed square.
    for (others, at, corner) in [
        (["d4", "e4", "d5"], "e5", "d4"),
        (["e4", "d5", "e5"], "d4", "d4"),
        (["d4", "d5", "e5"], "e4", "d4"),
        (["d4", "e4", "e5"], "d5", "d4"),
    ] {
        let stacks: Vec<(&str, &str)> = others.iter().map(|s| (*s, "b")).collect();
        let p = setup(&stacks, "y 29-32");
        assert_eq!(
            illegal(&p, at),
            IllegalMove::Block { square: sq(at), corner: sq(corner), opposite: sq("e5") },
            "{at}"
        );
        assert!(!legal(&p).contains(&at.to_string()));
    }
    let p = setup(&[("d4", "b"), ("e4", "y"), ("d5", "b")], "y 29-31");
    assert_eq!(illegal(&p, "e5").to_string(), "e5 would complete a 2×2 square of cubes (d4 to e5)");
    // Three in a row, or two diagonal neighbours, are fine.
    let p = setup(&[("d4", "b"), ("e5", "y")], "b 31-31");
    assert!(legal(&p).contains(&"e4".to_string()));
    assert!(legal(&p).contains(&"d5".to_string()));
}

// §2.4 — a created corner earns one cube on its vertex.

#[test]
fn a_new_corner_stacks_one_cube_on_its_vertex() {
    let p = setup(&[("d4", "b"), ("e4", "y")], "b 31-31");
    assert_eq!(growth(&p, "d5"), ["d4:1+0=1"]);
    let after = play(&p, "d5");
    assert_eq!(stack(&after, "d4"), "bb");
    assert_eq!(after.supply(Color::Blue), 29);
    assert_eq!(after.to_string(), "8/8/8/3b4/3(bb)y3/8/8/8 y 29-31");
    // Yellow's corner goes on a blue vertex: the tower is yellow's.
    let p = setup(&[("d4", "b"), ("e4", "b")], "y 30-32");
    let after = play(&p, "d5");
    assert_eq!(stack(&after, "d4"), "by");
    assert_eq!(after.stack(sq("d4")).top(), Some(Color::Yellow));
    assert_eq!(after.supply(Color::Yellow), 30);
}

#[test]
fn the_placed_cube_can_be_the_vertex() {
    let p = setup(&[("d5", "b"), ("e4", "y")], "b 31-31");
    assert_eq!(growth(&p, "d4"), ["d4:1+0=1"]);
    assert_eq!(stack(&play(&p, "d4"), "d4"), "bb");
}

#[test]
fn lines_and_diagonals_make_no_corner() {
    let p = setup(&[("c4", "b"), ("d4", "y")], "b 31-31");
    assert_eq!(growth(&p, "e4"), Vec::<String>::new());
    let p = setup(&[("d4", "b"), ("e5", "y")], "b 31-31");
    assert_eq!(growth(&p, "f6"), Vec::<String>::new());
    assert_eq!(growth(&p, "c5"), Vec::<String>::new());
    let after = play(&p, "f6");
    assert_eq!(after.supply(Color::Blue), 30);
    assert_eq!(stack(&after, "f6"), "b");
}

// Fig. 4b — a cube at the far end of a corner's arm is no double corner.

#[test]
fn the_far_end_of_an_arm_is_no_double_corner() {
    let p = setup(&[("d4", "(bb)"), ("e4", "y"), ("d5", "b")], "y 29-31");
    assert_eq!(growth(&p, "f4"), ["d4:0+1=1"]);
    // A cube that turns the arm's end cube into a vertex: a single new corner there.
    assert_eq!(growth(&p, "e3"), ["e4:1+0=1"]);
    assert_eq!(stack(&play(&p, "e3"), "e4"), "yy");
}

// §2.4, KW-I2 — extensions: the line model against the arm model.

#[test]
fn extending_an_arm_stacks_one_in_both_models() {
    for model in [Extension::Line, Extension::Arm] {
        let p = setup_with(&[("d4", "(bb)"), ("e4", "y"), ("d5", "b")], "y 29-31", model);
        assert_eq!(growth(&p, "f4"), ["d4:0+1=1"], "{model:?}");
        assert_eq!(growth(&p, "d6"), ["d4:0+1=1"], "{model:?}");
        assert_eq!(stack(&play(&p, "f4"), "d4"), "bby");
        // Three cubes from the vertex, behind two of the line.
        let p2 = play(&play(&p, "f4"), "c6");
        assert_eq!(growth(&p2, "g4"), ["d4:0+1=1"], "{model:?}");
    }
}

#[test]
fn the_far_side_of_a_vertex_extends_under_the_line_model_only() {
    // The digest's example: an L at d4 with arms e4 and d5; c4 makes a new corner
    // (c4-d4-d5) and, under the line model, also lengthens the line e4-d4.
    let line = setup(&[("d4", "(bb)"), ("e4", "y"), ("d5", "b")], "y 29-31");
    assert_eq!(growth(&line, "c4"), ["d4:1+1=2"]);
    assert_eq!(stack(&play(&line, "c4"), "d4"), "bbyy");
    let arm = setup_with(&[("d4", "(bb)"), ("e4", "y"), ("d5", "b")], "y 29-31", Extension::Arm);
    assert_eq!(growth(&arm, "c4"), ["d4:1+0=1"]);
    assert_eq!(stack(&play(&arm, "c4"), "d4"), "bby");
    // Below the vertex: d3 likewise.
    assert_eq!(growth(&line, "d3"), ["d4:1+1=2"]);
    assert_eq!(growth(&arm, "d3"), ["d4:1+0=1"]);
}

#[test]
fn a_plus_sign_earns_four_under_the_line_model_and_two_under_the_arm_model() {
    // A T at d4 (arms d5, e4, d3: corners N-E and E-S); c4 completes the plus.
    let stacks = [("d4", "b"), ("d5", "y"), ("e4", "b"), ("d3", "y")];
    let line = setup(&stacks, "y 30-30");
    assert_eq!(growth(&line, "c4"), ["d4:2+2=4"]);
    assert_eq!(stack(&play(&line, "c4"), "d4"), "byyyy");
    let arm = setup_with(&stacks, "y 30-30", Extension::Arm);
    assert_eq!(growth(&arm, "c4"), ["d4:2+0=2"]);
    assert_eq!(stack(&play(&arm, "c4"), "d4"), "byy");
    // Capped by the height limit: a vertex of 3 takes only 2 more.
    let stacks = [("d4", "(bby)"), ("d5", "y"), ("e4", "b"), ("d3", "y")];
    let capped = setup(&stacks, "y 28-29");
    let m = capped.parse_move("c4").unwrap();
    let effect = capped.effect(&m);
    assert_eq!((effect.growth[0].earned, effect.growth[0].stacked, effect.growth[0].height), (2, 2, 5));
}

// Double corners.

#[test]
fn a_t_made_by_one_cube_is_a_double_corner() {
    // The vertex between two arms of a straight line.
    let p = setup(&[("d4", "y"), ("e4", "y"), ("f4", "y")], "b 32-29");
    assert_eq!(growth(&p, "e3"), ["e4:2+0=2"]);
    assert_eq!(stack(&play(&p, "e3"), "e4"), "ybb");
    // The placed cube as the vertex of a T.
    let p = setup(&[("d5", "y"), ("e4", "y"), ("d3", "y")], "b 32-29");
    assert_eq!(growth(&p, "d4"), ["d4:2+0=2"]);
    assert_eq!(stack(&play(&p, "d4"), "d4"), "bbb");
    // A single L is not a double corner.
    let p = setup(&[("d4", "y"), ("e4", "y")], "b 32-30");
    assert_eq!(growth(&p, "e3"), ["e4:1+0=1"]);
}

#[test]
fn extending_a_double_corner_stacks_two() {
    let t = [("d4", "y"), ("e4", "(ybb)"), ("f4", "y"), ("e3", "b")];
    let line = setup(&t, "y 29-28");
    assert_eq!(growth(&line, "e2"), ["e4:0+2=2"]);
    assert_eq!(stack(&play(&line, "e2"), "e4"), "ybbyy");
    // Along the crossbar: two under the line model, one under the arm model.
    assert_eq!(growth(&line, "g4"), ["e4:0+2=2"]);
    let arm = setup_with(&t, "y 29-28", Extension::Arm);
    assert_eq!(growth(&arm, "e2"), ["e4:0+2=2"]);
    assert_eq!(growth(&arm, "g4"), ["e4:0+1=1"]);
}

#[test]
fn extending_a_double_corner_on_a_tower_of_four_adds_only_one() {
    let t = [("d4", "y"), ("e4", "(ybby)"), ("f4", "y"), ("e3", "b")];
    let p = setup(&t, "y 29-27");
    assert_eq!(growth(&p, "e2"), ["e4:0+2=1"]);
    let after = play(&p, "e2");
    assert_eq!(stack(&after, "e4"), "ybbyy");
    assert_eq!(after.supply(Color::Yellow), 25);
    // At three, both cubes fit.
    let t = [("d4", "y"), ("e4", "(ybb)"), ("f4", "y"), ("e3", "b")];
    assert_eq!(growth(&setup(&t, "y 29-28"), "e2"), ["e4:0+2=2"]);
}

// Corners at different vertices: one tower each (rule steps 8–9 and 14–15).

#[test]
fn corners_at_different_vertices_each_get_their_cube() {
    // d6 creates a corner at d6 (with c6) and extends d4's corner along d5.
    let p = setup(&[("d4", "(bby)"), ("e4", "y"), ("f4", "y"), ("d5", "b"), ("c6", "b")], "y 28-29");
    assert_eq!(growth(&p, "d6"), ["d4:0+1=1", "d6:1+0=1"]);
    let after = play(&p, "d6");
    assert_eq!(stack(&after, "d4"), "bbyy");
    assert_eq!(stack(&after, "d6"), "yy");
    assert_eq!(after.supply(Color::Yellow), 26);
    let m = p.parse_move("d6").unwrap();
    assert_eq!(p.describe(&m), "d6 · extension at d4 +1 · tower d4 ×4 · corner at d6 +1 · tower d6 ×2");
}

// Height cap 5.

#[test]
fn a_tower_of_five_takes_no_more() {
    let p = setup(&[("d4", "(bbyyb)"), ("e4", "y"), ("d5", "b")], "y 28-29");
    assert_eq!(growth(&p, "f4"), ["d4:0+1=0"]);
    let m = p.parse_move("f4").unwrap();
    assert_eq!(p.describe(&m), "f4 · extension at d4 +0 · tower d4 full");
    let after = play(&p, "f4");
    assert_eq!(stack(&after, "d4"), "bbyyb");
    assert_eq!(after.supply(Color::Yellow), 28);
    // Below the cap the same move stacks.
    let p = setup(&[("d4", "(bbyy)"), ("e4", "y"), ("d5", "b")], "y 29-29");
    assert_eq!(growth(&p, "f4"), ["d4:0+1=1"]);
    assert_eq!(play(&p, "f4").stack(sq("d4")).height(), 5);
}

// Supply shortage: the mover chooses (KW-I4), written with '>'.

/// Blue to move with `supply` cubes. d4 and f4 each have a corner (with c4-d5 and
/// f3-g4); a cube on e4 creates a corner at each and extends each: 2 + 2.
fn shortage(supply: u16) -> Kewbz {
    let stacks = [("c4", "y"), ("d4", "y"), ("d5", "y"), ("f4", "y"), ("f3", "y"), ("g4", "y")];
    setup(&stacks, &format!("b {supply}-26"))
}

#[test]
fn a_short_supply_makes_the_mover_choose() {
    let p = shortage(2);
    assert_eq!(growth(&p, "e4"), ["d4:1+1=1", "f4:1+1=0"]);
    assert_eq!(
        p.describe(&p.parse_move("e4>f4").unwrap()),
        "e4>f4 · corner + extension at d4 +0 · corner + extension at f4 +1 · tower f4 ×2 · last cube"
    );
    let moves = legal(&p);
    assert!(moves.contains(&"e4>d4".to_string()));
    assert!(moves.contains(&"e4>f4".to_string()));
    assert!(!moves.contains(&"e4".to_string()));
    let i = moves.iter().position(|m| m == "e4>d4").unwrap();
    assert_eq!(moves[i + 1], "e4>f4");
    assert_eq!(moves.iter().filter(|m| m.starts_with("e4")).count(), 2);
    let after = play(&p, "e4>f4");
    assert_eq!(stack(&after, "f4"), "yb");
    assert_eq!(stack(&after, "d4"), "y");
    assert_eq!(after.supply(Color::Blue), 0);
    assert!(after.is_over());
    // Without the suffix, the vertices fill in board order.
    assert_eq!(p.parse_move("e4").unwrap().to_string(), "e4>d4");
    assert_eq!(p.parse_move("E4 > F4").unwrap().to_string(), "e4>f4");
}

#[test]
fn choices_share_the_cubes_left_in_canonical_order() {
    // e4 earns 2 at d4 and 2 at f4 (line model); with 3 cubes, 2 are left.
    let p = shortage(3);
    let moves: Vec<String> = legal(&p).into_iter().filter(|m| m.starts_with("e4")).collect();
    assert_eq!(moves, ["e4>d4,d4", "e4>d4,f4", "e4>f4,f4"]);
    assert_eq!(p.parse_move("e4>f4,d4").unwrap().to_string(), "e4>d4,f4");
    assert_eq!(p.parse_move("e4").unwrap().to_string(), "e4>d4,d4");
    // Enough for all: no choice, no suffix.
    let p = shortage(5);
    assert!(legal(&p).contains(&"e4".to_string()));
    assert_eq!(stack(&play(&p, "e4"), "d4"), "ybb");
}

#[test]
fn a_suffix_outside_a_shortage_is_refused() {
    assert_eq!(illegal(&shortage(5), "e4>d4,f4"), IllegalMove::Enough { square: sq("e4"), earned: 4, left: 4 });
    assert_eq!(illegal(&shortage(1), "e4>d4"), IllegalMove::LastCube(sq("e4")));
    assert_eq!(illegal(&shortage(2), "e2>d4"), IllegalMove::NothingEarned(sq("e2")));
    assert_eq!(illegal(&shortage(2), "e4>e4"), IllegalMove::NotEarning { vertex: sq("e4"), square: sq("e4") });
    assert_eq!(illegal(&shortage(2), "e4>z26"), IllegalMove::NotEarning { vertex: sq("z26"), square: sq("e4") });
    assert_eq!(illegal(&shortage(2), "e4>d4,f4"), IllegalMove::WrongCount { named: 2, left: 1 });
    assert_eq!(illegal(&shortage(3), "e4>d4,d4,d4"), IllegalMove::TooMany { vertex: sq("d4"), named: 3, earned: 2 });
    assert_eq!(
        illegal(&shortage(5), "e4>d4").to_string(),
        "e4 earns 4 cubes and you have 4 left, enough for all: write it without '>'"
    );
    // A typed move without its choice is refused by `play`.
    let p = shortage(2);
    let m = Placement { at: sq("e4"), choice: None };
    let err = p.clone().play(&m).unwrap_err();
    assert_eq!(err.position, p);
    assert!(matches!(err.reason, IllegalMove::ChoiceNeeded { .. }));
    assert!(err.reason.to_string().contains("like e4>d4"));
}

#[test]
fn random_moves_count_each_choice_once() {
    // Every rank names a different legal move, and every legal move has a rank: the
    // pick is uniform when the ranks are.
    for p in [shortage(3), shortage(2), shortage(5), Kewbz::start(&KewbzSettings::default())] {
        let mut all = Vec::new();
        p.legal_moves(&mut all);
        let mut picked = Vec::new();
        for i in 0..all.len() {
            let mut calls = 0;
            let m = p.random_move(&mut |n| {
                calls += 1;
                assert_eq!(n, all.len());
                i
            });
            assert_eq!(calls, 1);
            picked.push(m.unwrap());
        }
        let mut sorted_all: Vec<String> = all.iter().map(ToString::to_string).collect();
        let mut sorted_picked: Vec<String> = picked.iter().map(ToString::to_string).collect();
        sorted_all.sort();
        sorted_picked.sort();
        assert_eq!(sorted_picked, sorted_all, "{p}");
    }
}

#[test]
fn menus_ask_for_the_square_then_the_choice() {
    let p = shortage(3);
    let parts = p.menu("", "", usize::MAX).choices;
    let e4: Vec<_> = parts.iter().filter(|part| part.text.starts_with("e4")).collect();
    assert_eq!(e4.len(), 1);
    assert_eq!((e4[0].text.as_str(), e4[0].complete, e4[0].more), ("e4", false, true));
    assert_eq!(e4[0].label, "e4 · earns 4 cubes, 2 left: choose where they go");
    assert!(parts.iter().filter(|part| part.text != "e4").all(|part| part.complete && !part.more));
    assert_eq!(parts.len(), legal(&p).len() - 2);
    let texts: Vec<String> = p.menu("E4", "", usize::MAX).choices.into_iter().map(|part| part.text).collect();
    assert_eq!(texts, ["e4>d4,d4", "e4>d4,f4", "e4>f4,f4"]);
    assert!(p.menu("d3", "", usize::MAX).choices.is_empty());
    assert!(p.menu("e4>d4,d4", "", usize::MAX).choices.is_empty());
    assert!(p.menu("junk", "", usize::MAX).choices.is_empty());
    // Without a shortage: one step, every move complete.
    let start = Kewbz::start(&KewbzSettings::default());
    assert_eq!(start.menu("", "", usize::MAX).choices.len(), 64);
    assert!(start.menu("", "", usize::MAX).choices.iter().all(|part| part.complete && !part.more));
}

// §2.5 — the end.

#[test]
fn the_game_ends_when_a_player_places_his_last_cube() {
    let p = setup(&[("d4", "b"), ("e4", "y")], "b 1-31");
    assert!(p.outcome().is_none());
    let after = play(&p, "c4");
    assert_eq!(after.supply(Color::Blue), 0);
    assert_eq!(after.turn(), Color::Yellow);
    let outcome = after.outcome().unwrap();
    assert_eq!(outcome.scores.as_deref(), Some(&[0, -31][..]));
    assert_eq!(outcome.winners(), vec![Color::Blue.seat()]);
    assert_eq!(outcome.reason.to_string(), "blue placed the last cube; blue 0, yellow -31");
    assert!(legal(&after).is_empty());
    assert_eq!(illegal(&after, "c5"), IllegalMove::GameOver);
    assert_eq!(after.random_move(&mut |_| 0), None);
}

#[test]
fn the_last_cube_can_go_on_a_tower() {
    // Blue has 2: the placement and the corner's cube end his supply.
    let p = setup(&[("d4", "y"), ("e4", "y")], "b 2-30");
    let after = play(&p, "d5");
    assert_eq!(stack(&after, "d4"), "yb");
    assert_eq!(after.supply(Color::Blue), 0);
    assert!(after.is_over());
    // The last cube placed on the board earns nothing: there is nothing to stack.
    let p = setup(&[("d4", "y"), ("e4", "y")], "b 1-30");
    let after = play(&p, "d5");
    assert_eq!(stack(&after, "d4"), "y");
    assert!(after.is_over());
    // With cubes to spare the game goes on.
    assert!(!play(&setup(&[("d4", "y"), ("e4", "y")], "b 3-30"), "d5").is_over());
}

#[test]
fn the_game_ends_when_no_cube_can_be_placed() {
    // Every empty square would complete a 2×2 block.
    let code = "b1y1/1byb/yb1y/b1yb b 5-6";
    let p = Kewbz::from_code(code, &KewbzSettings { size: 4, cubes: 11, ..KewbzSettings::default() }).unwrap();
    assert_eq!(p.size(), 4);
    assert!(legal(&p).is_empty());
    let outcome = p.outcome().unwrap();
    assert_eq!(outcome.reason.to_string(), "no cube can be placed anywhere; blue -5, yellow -6");
    assert_eq!(outcome.winners(), vec![Color::Blue.seat()]);
    for at in ["b4", "d4", "a3", "c2", "b1"] {
        assert!(matches!(illegal(&p, at), IllegalMove::Block { .. }), "{at}");
    }
    // One free square more and the game goes on.
    let open = Kewbz::from_code("b1y1/1by1/yb1y/b1yb b 5-6", &KewbzSettings::default()).unwrap();
    assert!(open.outcome().is_none());
    // d3 earns 5 (d3, d1, b3, and 2 at c3) and blue has 4 left after it: he chooses.
    assert_eq!(legal(&open), ["d3>d1,b3,c3,c3", "d3>d1,b3,c3,d3", "d3>d1,c3,c3,d3", "d3>b3,c3,c3,d3", "d4"]);
}

#[test]
fn scores_count_tower_heights_under_your_colour_minus_your_supply() {
    let p = setup(&[("d4", "(bbyyb)"), ("e4", "(ybbyy)"), ("f4", "y"), ("d5", "b"), ("d6", "(yy)")], "y 20-22");
    assert_eq!(p.score(Color::Blue), 5 - 20);
    assert_eq!(p.score(Color::Yellow), 5 + 2 - 22);
    assert_eq!(p.scores().as_deref(), Some(&[-15, -15][..]));
    // Single cubes score nothing, whatever their colour.
    let p = setup(&[("d4", "b"), ("e4", "b")], "y 30-32");
    assert_eq!(p.scores().as_deref(), Some(&[-30, -32][..]));
}

#[test]
fn equal_scores_are_a_draw() {
    // Blue's last cube ends the game: his tower of 3 against yellow's 5 minus the 2
    // cubes yellow still holds.
    let stacks = [("d4", "(yyb)"), ("c6", "(bbbby)"), ("h1", "y")];
    let after = play(&setup(&stacks, "b 1-2"), "g2");
    let outcome = after.outcome().unwrap();
    assert_eq!(outcome.scores.as_deref(), Some(&[3, 3][..]));
    assert!(outcome.is_draw());
    assert!(outcome.winners().is_empty());
    // One cube fewer in yellow's hand and yellow wins.
    let after = play(&setup(&stacks, "b 1-1"), "g2");
    let outcome = after.outcome().unwrap();
    assert_eq!(outcome.scores.as_deref(), Some(&[3, 4][..]));
    assert_eq!(outcome.winners(), vec![Color::Yellow.seat()]);
    // A code in which a supply is already empty is a finished game.
    let over = setup(&stacks, "b 3-0");
    assert_eq!(over.outcome().unwrap().reason.to_string(), "yellow placed the last cube; blue 0, yellow 5");
}

// Position codes.

fn code_err(code: &str) -> CodeError {
    Kewbz::from_code(code, &KewbzSettings::default()).unwrap_err()
}

#[test]
fn codes_round_trip() {
    for code in [
        "8/8/8/8/8/8/8/8 b 32-32",
        "8/8/3(yy)4/3b4/3(bbyyb)(ybbyy)y2/8/8/8 y 20-22",
        "b1y1/1byb/yb1y/b1yb b 5-6",
        "91/91/91/91/91/91/91/91/91/9b y 0-31",
        "998/998/998/998/998/998/998/998/998/998/998/998/998/998/998/998/998/998/998/998/998/998/998/998/998/b996(yb) b 0-0",
    ] {
        let p = Kewbz::from_code(code, &KewbzSettings::default()).unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_eq!(p.to_string(), code);
    }
}

#[test]
fn the_code_sets_the_size_and_the_settings_the_rest() {
    let s = KewbzSettings { size: 12, cubes: 40, extension: Extension::Arm };
    let p = Kewbz::from_code("4/4/4/4 b 40-40", &s).unwrap();
    assert_eq!(p.settings(), KewbzSettings { size: 4, cubes: 40, extension: Extension::Arm });
    assert_eq!(code_err("4/4/4/4 b 40-40"), CodeError::SupplyAbove { color: Color::Blue, supply: 40, cubes: 32 });
}

#[test]
fn malformed_codes_say_why() {
    assert_eq!(code_err("8/8/8/8/8/8/8/8 b"), CodeError::Fields(2));
    assert_eq!(code_err("3/3/3 b 1-1"), CodeError::Size(3));
    assert_eq!(code_err(&format!("{} b 1-1", vec!["9998"; 27].join("/"))), CodeError::Size(27));
    assert_eq!(code_err("8/8/8/8/8/8/8/7 b 1-1"), CodeError::RowLength { rank: 1, cells: 7, size: 8 });
    assert_eq!(code_err("8/8/8/8/8/8/8/9 b 1-1"), CodeError::RowLength { rank: 1, cells: 9, size: 8 });
    assert_eq!(code_err("7/7/7/7/7/7/7/7 b 1-1"), CodeError::NotSquare { rows: 8, columns: 7 });
    assert_eq!(code_err("8/8/8/8/8/8/8/3x4 b 1-1"), CodeError::Symbol { rank: 1, symbol: 'x' });
    assert_eq!(code_err("8/8/8/8/8/8/8/3B4 b 1-1"), CodeError::Symbol { rank: 1, symbol: 'B' });
    assert_eq!(code_err("8/8/8/8/8/8/8/44 b 1-1"), CodeError::Run { rank: 1, run: "44".into() });
    assert_eq!(code_err("8/8/8/8/8/8/8/08 b 1-1"), CodeError::Run { rank: 1, run: "08".into() });
    assert_eq!(code_err("8/8/8/8/8/8/8/b0b6 b 1-1"), CodeError::Run { rank: 1, run: "0".into() });
    assert_eq!(code_err("91/91/91/91/91/91/91/91/91/19 b 1-1"), CodeError::Run { rank: 1, run: "19".into() });
    assert_eq!(code_err("8/8/8/8/8/8/8/(b)7 b 1-1"), CodeError::Stack { rank: 1, text: "(b)".into() });
    assert_eq!(code_err("8/8/8/8/8/8/8/()7 b 1-1"), CodeError::Stack { rank: 1, text: "()".into() });
    assert_eq!(code_err("8/8/8/8/8/8/8/(bx)7 b 1-1"), CodeError::Stack { rank: 1, text: "(bx)".into() });
    assert_eq!(code_err("8/8/8/8/8/8/8/(bb7 b 1-1"), CodeError::Stack { rank: 1, text: "(bb7".into() });
    assert_eq!(code_err("8/8/8/8/8/8/8/1(bbbbbb)6 b 1-1"), CodeError::TooHigh { square: sq("b1"), height: 6 });
    assert_eq!(code_err("8/8/8/8/8/8/bb6/bb6 b 1-1"), CodeError::Block { corner: sq("a1"), opposite: sq("b2") });
    assert_eq!(code_err("8/8/8/8/8/8/8/8 w 1-1"), CodeError::ToMove("w".into()));
    assert_eq!(code_err("8/8/8/8/8/8/8/8 b 1"), CodeError::Supplies("1".into()));
    assert_eq!(code_err("8/8/8/8/8/8/8/8 b 01-1"), CodeError::Supplies("01-1".into()));
    assert_eq!(code_err("8/8/8/8/8/8/8/8 b -1-1"), CodeError::Supplies("-1-1".into()));
    assert_eq!(
        code_err("8/8/8/8/8/8/8/8 b 1-33"),
        CodeError::SupplyAbove { color: Color::Yellow, supply: 33, cubes: 32 }
    );
    assert_eq!(
        code_err("8/8/8/8/8/8/8/(bb)7 b 31-1"),
        CodeError::TooManyCubes { color: Color::Blue, on_board: 2, supply: 31, cubes: 32 }
    );
    assert_eq!(code_err("8/8/8/8/8/8/8/1(bbbbbb)6 b 1-1").to_string(), "the stack on b1 has 6 cubes: towers stop at 5");
    assert_eq!(code_err("7/7/7/7/7/7/7/7 b 1-1").to_string(), "the board is not square: 8 rows of 7 squares");
}

// Settings.

#[test]
fn settings_come_from_json() {
    let s: KewbzSettings = serde_json::from_str("{}").unwrap();
    assert_eq!(s, KewbzSettings::default());
    assert_eq!((s.size, s.cubes, s.extension), (8, 32, Extension::Line));
    let s: KewbzSettings = serde_json::from_str(r#"{"size":10,"cubes":40,"extension":"arm"}"#).unwrap();
    assert_eq!(s, KewbzSettings { size: 10, cubes: 40, extension: Extension::Arm });
    assert_eq!(serde_json::to_string(&s).unwrap(), r#"{"size":10,"cubes":40,"extension":"arm"}"#);
    for bad in [
        r#"{"size":3}"#,
        r#"{"size":27}"#,
        r#"{"cubes":0}"#,
        r#"{"cubes":1000}"#,
        r#"{"extension":"x"}"#,
        r#"{"sise":8}"#,
    ] {
        assert!(serde_json::from_str::<KewbzSettings>(bad).is_err(), "{bad}");
    }
    let e = serde_json::from_str::<KewbzSettings>(r#"{"size":30}"#).unwrap_err().to_string();
    assert!(e.contains("board size 30 is not supported: use 4 to 26"), "{e}");
    // Built in code, out-of-range values are clamped.
    let p = Kewbz::start(&KewbzSettings { size: 40, cubes: 0, extension: Extension::Line });
    assert_eq!((p.size(), p.cubes()), (26, 1));
}

// What a renderer reads.

#[test]
fn stacks_supplies_and_effects_are_visible() {
    let p = setup(&[("d4", "(byy)"), ("e4", "y"), ("d5", "b")], "b 29-29");
    let s = p.stack(sq("d4"));
    assert_eq!((s.height(), s.top()), (3, Some(Color::Yellow)));
    assert_eq!(s.colors().collect::<Vec<_>>(), [Color::Blue, Color::Yellow, Color::Yellow]);
    assert_eq!((s.get(0), s.get(3)), (Some(Color::Blue), None));
    assert!(p.stack(sq("a1")).is_empty());
    assert!(p.stack(sq("z26")).is_empty());
    assert_eq!((p.supply(Color::Blue), p.supply(Color::Yellow)), (29, 29));
    assert_eq!((p.on_board(Color::Blue), p.on_board(Color::Yellow)), (2, 3));
    let m = p.parse_move("c4").unwrap();
    let effect = p.effect(&m);
    assert_eq!(effect.placed, sq("c4"));
    assert_eq!(effect.growth, [Growth { vertex: sq("d4"), created: 1, extended: 1, earned: 2, stacked: 2, height: 5 }]);
    assert_eq!((effect.stacked(), effect.supply_after), (2, 26));
    assert_eq!(p.describe(&m), "c4 · corner + extension at d4 +2 · tower d4 ×5");
    let diagram = p.diagram();
    assert!(diagram.grid.starts_with(" 8  .  .  .  .  .  .  .  .\n"));
    assert!(diagram.grid.contains(" 4  .  .  .  Y3 y  .  .  .\n"), "{}", diagram.grid);
    let to_move = Phrase::new("game-diagram-to-move").term("seat", "kewbz-seat-blue");
    assert_eq!(diagram.lines.last(), Some(&to_move));
}
