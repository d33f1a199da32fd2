//! Any view at all, consistent or not, gives a picture or a typed error: never a
//! panic.

use boardbot::games::view::{
    BoardView, CellView, Counter, Exit, Geometry, Leaving, MoveView, Piece, SeatView, SideSpace, Surface, Tone,
};
use boardbot::render::{cell_boxes, render, render_svg, RenderOptions, MAX_SIZE, MIN_SIZE};
use proptest::prelude::*;

fn tone() -> impl Strategy<Value = Tone> {
    prop_oneof![
        Just(Tone::White),
        Just(Tone::Black),
        Just(Tone::Red),
        Just(Tone::Blue),
        Just(Tone::Yellow),
        Just(Tone::Green),
    ]
}

fn piece() -> impl Strategy<Value = Piece> {
    prop_oneof![
        tone().prop_map(Piece::Marble),
        prop::collection::vec(tone(), 0..8).prop_map(Piece::Stack),
        (tone(), any::<bool>()).prop_map(|(tone, double)| Piece::Block { tone, double }),
        tone().prop_map(Piece::Runner),
        (tone(), ".{0,6}", any::<bool>()).prop_map(|(tone, label, champion)| Piece::Token { tone, label, champion }),
    ]
}

fn geometry() -> impl Strategy<Value = Geometry> {
    prop_oneof![(0u8..30, 0u8..30).prop_map(|(files, ranks)| Geometry::Square { files, ranks }), Just(Geometry::Hex61)]
}

fn surface() -> impl Strategy<Value = Surface> {
    prop_oneof![Just(Surface::Holes), Just(Surface::Squares), Just(Surface::Hexes)]
}

fn exit() -> impl Strategy<Value = Exit> {
    prop_oneof![Just(Exit::Here), (-2i8..3, -2i8..3).prop_map(|(f, r)| Exit::OffBoard(f, r)), Just(Exit::ToSide)]
}

prop_compose! {
    fn move_view(cells: usize)(
        parts in prop::collection::vec(".{0,40}", 0..4),
        path in prop::collection::vec(0..cells + 3, 0..6),
        marked in prop::collection::vec(0..cells + 1, 0..3),
        raised in prop::collection::vec((0..cells + 1, any::<u8>()), 0..3),
        jumps in prop::collection::vec((0..cells + 1, 0..cells + 1), 0..3),
        leaving in prop::collection::vec((0..cells + 1, piece(), exit()), 0..3),
        walls in prop::collection::vec((0..cells + 1, 0..cells + 1), 0..3),
    ) -> MoveView {
        let leaving = leaving.into_iter().map(|(cell, piece, exit)| Leaving { cell, piece, exit }).collect();
        MoveView { parts, path, marked, raised, jumps, leaving, walls }
    }
}

prop_compose! {
    fn view()(geometry in geometry(), extra in prop_oneof![4 => Just(0usize), 1 => Just(1usize)])(
        cells in prop::collection::vec(
            (prop::option::of(any::<u8>()), prop::option::of(tone()), prop::option::of(piece())),
            geometry.cell_count() + extra,
        ),
        surface in surface(),
        walls in prop::collection::vec((0..geometry.cell_count() + 2, 0..geometry.cell_count() + 2), 0..4),
        seats in prop::collection::vec((tone(), ".{0,12}", prop::collection::vec((".{0,8}", ".{0,8}"), 0..6)), 0..10),
        to_move in prop::option::of(0usize..5),
        note in prop::option::of(".{0,80}"),
        result in prop::option::of(".{0,80}"),
        side in prop::option::of((".{0,10}", prop::option::of(piece()))),
        last_line in prop::collection::vec(".{0,40}", 0..5),
        last in prop::option::of(move_view(geometry.cell_count())),
        geometry in Just(geometry),
    ) -> BoardView {
        BoardView {
            title: "Prop".into(),
            geometry,
            surface,
            cells: cells.into_iter().map(|(value, zone, piece)| CellView { value, zone, piece }).collect(),
            walls,
            seats: seats
                .into_iter()
                .map(|(tone, colour, counters)| SeatView {
                    tone,
                    colour,
                    counters: counters.into_iter().map(|(l, v)| Counter::new(l, v)).collect(),
                })
                .collect(),
            to_move,
            note,
            result,
            side: side.map(|(label, piece)| SideSpace { label, piece }),
            last_line,
            last,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn any_view_renders_or_is_refused(
        view in view(),
        size in prop_oneof![Just(MIN_SIZE), MIN_SIZE..300, Just(0u32), Just(MAX_SIZE + 1)],
        flip in any::<bool>(),
        names in prop::collection::vec(".{0,30}", 0..5),
    ) {
        let options = RenderOptions { size_px: size, flip, names };
        if let Ok(png) = render(&view, &options) {
            prop_assert_eq!(&png[1..4], b"PNG");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Any view the PNG draws is also well-formed SVG of the same size, its names
    /// (any characters at all) drawn as glyphs, never as markup; a view the PNG
    /// refuses, the SVG refuses too.
    #[test]
    fn any_view_encodes_to_well_formed_svg_or_is_refused(
        view in view(),
        size in prop_oneof![Just(MIN_SIZE), MIN_SIZE..300, Just(0u32), Just(MAX_SIZE + 1)],
        flip in any::<bool>(),
        names in prop::collection::vec(prop_oneof![".{0,30}", Just("<script>&amp;\"'</svg>".to_string())], 0..5),
    ) {
        let options = RenderOptions { size_px: size, flip, names };
        let svg = render_svg(&view, &options);
        prop_assert_eq!(svg.is_ok(), render(&view, &options).is_ok());
        if let Ok(svg) = svg {
            if let Err(e) = crate::render_svg::well_formed(&svg) {
                return Err(TestCaseError::fail(format!("{e}\n{svg}")));
            }
            let (w, h, _) = cell_boxes(&view, &options).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let head = format!("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\"");
            prop_assert!(svg.starts_with(&head));
        }
    }
}
