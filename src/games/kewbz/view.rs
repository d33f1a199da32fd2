//! Kewbz as a picture sees it: stacks of cubes on the square board, each side's
//! cubes left and score, and the last placement with the towers it raised.

use super::{Color, Kewbz, Placement, Square, SEATS};
use crate::games::view::{
    result_line, BoardView, CellView, Counter, Geometry, MoveView, Piece, SeatView, Surface, Tone,
};
use crate::games::{Game, Phrase};

fn tone(color: Color) -> Tone {
    match color {
        Color::Blue => Tone::Blue,
        Color::Yellow => Tone::Yellow,
    }
}

fn geometry(position: &Kewbz) -> Geometry {
    Geometry::Square { files: position.size(), ranks: position.size() }
}

fn cell(geometry: Geometry, square: Square) -> Option<usize> {
    geometry.index(square.file(), square.rank())
}

pub(super) fn view(position: &Kewbz) -> BoardView<Phrase> {
    let geometry = geometry(position);
    let mut cells = vec![CellView::default(); geometry.cell_count()];
    for square in Square::all(position.size()) {
        let stack = position.stack(square);
        if stack.is_empty() {
            continue;
        }
        if let Some(c) = cell(geometry, square).and_then(|i| cells.get_mut(i)) {
            c.piece = Some(Piece::Stack(stack.colors().map(tone).collect()));
        }
    }
    let seats = Color::ALL
        .into_iter()
        .map(|color| SeatView {
            tone: tone(color),
            colour: Phrase::new(SEATS[color.index()].term),
            counters: vec![
                Counter::number(Phrase::new("kewbz-view-cubes-left"), position.supply(color)),
                Counter::number(Phrase::new("kewbz-view-score"), position.score(color)),
            ],
        })
        .collect();
    let outcome = position.outcome();
    BoardView {
        title: Phrase::new("kewbz-title"),
        geometry,
        surface: Surface::Squares,
        cells,
        walls: Vec::new(),
        seats,
        to_move: outcome.is_none().then(|| position.turn().index()),
        note: None,
        result: outcome.map(|o| result_line(&o, &SEATS)),
        side: None,
        last_line: Vec::new(),
        last: None,
    }
}

/// The placed cube and the towers it raised, with by how many cubes.
pub(super) fn move_view(position: &Kewbz, m: &Placement) -> MoveView<Phrase> {
    let geometry = geometry(position);
    let effect = position.effect(m);
    MoveView {
        marked: cell(geometry, effect.placed).into_iter().collect(),
        raised: effect
            .growth
            .iter()
            .filter(|g| g.stacked > 0)
            .filter_map(|g| Some((cell(geometry, g.vertex)?, g.stacked)))
            .collect(),
        ..MoveView::labelled(position.label_head(m), position.label_parts(m))
    }
}
