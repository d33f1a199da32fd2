//! Views the picture refuses with a typed error, and odd but consistent views it
//! draws.

use boardbot::games::view::{
    BoardView, CellView, Counter, Exit, Geometry, Leaving, MoveView, Piece, SeatView, SideSpace, Surface, Tone,
};
use boardbot::render::{render, RenderError, RenderOptions, MAX_SIZE, MIN_SIZE};

fn square_view(files: u8, ranks: u8) -> BoardView {
    let geometry = Geometry::Square { files, ranks };
    BoardView {
        title: "Test".into(),
        geometry,
        surface: Surface::Squares,
        cells: vec![CellView::default(); geometry.cell_count()],
        walls: Vec::new(),
        seats: vec![SeatView {
            tone: Tone::Blue,
            colour: "Blue".into(),
            counters: vec![Counter::new("n".into(), "1".into())],
        }],
        to_move: Some(0),
        note: None,
        result: None,
        side: None,
        last_line: Vec::new(),
        last: None,
    }
}

#[test]
fn sizes_outside_the_range_are_refused() {
    let view = square_view(3, 3);
    for size in [0, MIN_SIZE - 1, MAX_SIZE + 1] {
        let options = RenderOptions { size_px: size, ..RenderOptions::default() };
        assert!(matches!(render(&view, &options), Err(RenderError::Size(s)) if s == size));
    }
}

#[test]
fn views_that_contradict_their_board_are_refused() {
    let options = RenderOptions { size_px: 200, ..RenderOptions::default() };
    let mut view = square_view(3, 3);
    view.cells.pop();
    assert!(matches!(render(&view, &options), Err(RenderError::View(_))));
    let mut view = square_view(3, 3);
    view.last = Some(MoveView { path: vec![0, 9], ..MoveView::default() });
    assert!(matches!(render(&view, &options), Err(RenderError::View(_))));
    let mut view = square_view(3, 3);
    view.walls.push((0, 99));
    assert!(matches!(render(&view, &options), Err(RenderError::View(_))));
    assert!(matches!(render(&square_view(0, 3), &options), Err(RenderError::View(_))));
}

/// Odd but consistent views draw: empty stacks, long labels, walls between cells
/// that are not neighbours, a piece leaving to a side space the board lacks.
#[test]
fn odd_views_draw_without_panic() {
    let mut view = square_view(4, 2);
    view.cells[0].piece = Some(Piece::Stack(Vec::new()));
    view.cells[1].piece = Some(Piece::Token { tone: Tone::Red, label: "W".repeat(40), champion: true });
    view.cells[2].piece = Some(Piece::Stack(vec![Tone::Yellow; 9]));
    view.walls.push((0, 7));
    view.note = Some("ü ✓ 漢字 ".repeat(30));
    view.last_line = vec!["x".repeat(500)];
    view.last = Some(MoveView {
        parts: vec!["x".repeat(500)],
        path: vec![3],
        marked: vec![3, 3],
        raised: vec![(2, 255)],
        jumps: vec![(0, 0)],
        leaving: vec![Leaving { cell: 3, piece: Piece::Marble(Tone::White), exit: Exit::ToSide }],
        walls: vec![(1, 1)],
    });
    let options = RenderOptions { size_px: MIN_SIZE, flip: true, names: vec!["n".repeat(300)] };
    assert!(render(&view, &options).is_ok());
    view.side = Some(SideSpace { label: String::new(), piece: Some(Piece::Runner(Tone::Green)) });
    assert!(render(&view, &RenderOptions { size_px: 1200, ..options }).is_ok());
}

/// The widest picture of the fullest panel (eight seats whose counters wrap, a
/// long last move and a long note) still draws.
#[test]
fn the_largest_picture_of_the_fullest_panel_draws() {
    let mut view = square_view(26, 30);
    let counters: Vec<Counter> = (0..12).map(|i| Counter::new(format!("counter {i}"), "12+34".into())).collect();
    let seat = SeatView { tone: Tone::Green, colour: "Green".into(), counters };
    view.seats = vec![seat; 8];
    view.note = Some("a long note ".repeat(40));
    view.last_line = vec!["a long last move".to_string(); 30];
    view.last = Some(MoveView { parts: view.last_line.clone(), path: vec![0, 1], ..MoveView::default() });
    let names = vec!["名前".repeat(40); 8];
    let png = render(&view, &RenderOptions { size_px: MAX_SIZE, flip: false, names });
    assert!(png.is_ok_and(|png| &png[1..4] == b"PNG"));
}
