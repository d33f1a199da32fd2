//! Kuba as a picture sees it: marbles on a 7×7 board of holes, the reds and marbles
//! each side has taken, and what the last push moved.

use super::{Color, Kuba, Marble, Push, Square, MARBLES, REDS_TO_WIN, SEATS};
use crate::games::view::{
    result_line, BoardView, CellView, Counter, Exit, Geometry, Leaving, MoveView, Piece, SeatView, Surface, Tone,
};
use crate::games::{Game, Phrase};

const GEOMETRY: Geometry = Geometry::Square { files: 7, ranks: 7 };

fn tone(marble: Marble) -> Tone {
    match marble {
        Marble::White => Tone::White,
        Marble::Black => Tone::Black,
        Marble::Red => Tone::Red,
    }
}

fn cell(square: Square) -> usize {
    square.index()
}

pub(super) fn view(position: &Kuba) -> BoardView<Phrase> {
    let mut cells = vec![CellView::default(); GEOMETRY.cell_count()];
    for square in Square::all() {
        cells[cell(square)].piece = position.marble(square).map(|m| Piece::Marble(tone(m)));
    }
    let seats = [Color::White, Color::Black]
        .into_iter()
        .map(|color| SeatView {
            tone: if color == Color::White { Tone::White } else { Tone::Black },
            colour: Phrase::new(SEATS[color.index()].term),
            counters: vec![
                Counter::fraction(Phrase::new("kuba-view-reds"), position.reds_captured(color), REDS_TO_WIN),
                Counter::fraction(Phrase::new("kuba-view-taken"), position.marbles_lost(color.other()), MARBLES),
            ],
        })
        .collect();
    let outcome = position.outcome();
    let note = match (&outcome, position.ban()) {
        (None, Some(ban)) => {
            Some(Phrase::new("kuba-view-ban").term("seat", SEATS[position.turn().index()].term).text("push", ban))
        }
        _ => None,
    };
    BoardView {
        title: Phrase::new("kuba-title"),
        geometry: GEOMETRY,
        surface: Surface::Holes,
        cells,
        walls: Vec::new(),
        seats,
        to_move: outcome.is_none().then(|| position.turn().index()),
        note,
        result: outcome.map(|o| result_line(&o, &SEATS)),
        side: None,
        last_line: Vec::new(),
        last: None,
    }
}

/// The pushed line and the square it moves into; a marble pushed off the board
/// leaves across the edge in the push's direction.
pub(super) fn move_view(position: &Kuba, push: &Push) -> MoveView<Phrase> {
    let effect = position.effect(push);
    let mut path = vec![cell(push.from)];
    let mut square = push.from;
    for _ in 1..effect.moved {
        match square.step(push.dir) {
            Some(next) => {
                square = next;
                path.push(cell(next));
            }
            None => break,
        }
    }
    let mut leaving = Vec::new();
    match (effect.captured, square.step(push.dir)) {
        (Some(marble), _) => {
            let (df, dr) = push.dir.delta();
            leaving.push(Leaving {
                cell: cell(square),
                piece: Piece::Marble(tone(marble)),
                exit: Exit::OffBoard(df, dr),
            });
        }
        (None, Some(front)) => path.push(cell(front)),
        (None, None) => {}
    }
    MoveView {
        path,
        marked: vec![cell(push.from)],
        leaving,
        ..MoveView::labelled(position.label_head(push), position.label_parts(push))
    }
}
