//! Cabale as a picture sees it: the 61 valued hexagons, blocks and runners, the
//! blockades on edges, and the last turn's path, block, jumps and blockade.

use super::{Cabale, CabaleMove, Cell, Content, SEATS};
use crate::games::view::{
    result_line, BoardView, CellView, Counter, Exit, Geometry, Leaving, MoveView, Piece, SeatView, Surface, Tone,
};
use crate::games::{Game, Phase, Phrase, Seat};

const TONES: [Tone; 4] = [Tone::Yellow, Tone::Red, Tone::Green, Tone::Blue];

fn tone(seat: Seat) -> Tone {
    TONES[seat.index() % TONES.len()]
}

fn piece(content: Content) -> Option<Piece> {
    match content {
        Content::Empty => None,
        Content::Block { seat, double } => Some(Piece::Block { tone: tone(seat), double }),
        Content::Runner(seat) => Some(Piece::Runner(tone(seat))),
    }
}

pub(super) fn view(position: &Cabale) -> BoardView<Phrase> {
    let cells = Cell::all()
        .map(|cell| CellView { value: Some(cell.value()), zone: None, piece: piece(position.content(cell)) })
        .collect();
    let walls = position
        .walls()
        .map(|w| {
            let (a, b) = w.cells();
            (a.index(), b.index())
        })
        .collect();
    let scores = position.scores().unwrap_or_default();
    let seats = (0..position.players())
        .map(|i| {
            let seat = Seat(i as u8);
            let (singles, doubles) = position.captured(seat);
            SeatView {
                tone: tone(seat),
                colour: Phrase::new(SEATS[i % SEATS.len()].term),
                counters: vec![
                    Counter::number(Phrase::new("cabale-view-score"), scores.get(i).copied().unwrap_or(0)),
                    Counter::number(Phrase::new("cabale-view-blocks"), position.supply(seat)),
                    Counter::number(Phrase::new("cabale-view-doubles"), position.doubles_left(seat)),
                    Counter::number(Phrase::new("cabale-view-blockades"), position.blockades_left(seat)),
                    Counter::new(
                        Phrase::new("cabale-view-taken"),
                        Phrase::new("cabale-view-taken-value").number("single", singles).number("double", doubles),
                    ),
                ],
            }
        })
        .collect();
    let outcome = position.outcome();
    let placing = position.phase() == Phase::Placement && outcome.is_none();
    BoardView {
        title: Phrase::new("cabale-title"),
        geometry: Geometry::Hex61,
        surface: Surface::Hexes,
        cells,
        walls,
        seats,
        to_move: outcome.is_none().then(|| position.to_move().index()),
        note: placing.then(|| Phrase::new("cabale-view-placing")),
        result: outcome.map(|o| result_line(&o, &SEATS[..position.players().min(SEATS.len())])),
        side: None,
        last_line: Vec::new(),
        last: None,
    }
}

/// The runner's path, the new block where it ends up, its jumps with the blocks
/// they took, and the new blockade.
pub(super) fn move_view(position: &Cabale, m: &CabaleMove) -> MoveView<Phrase> {
    let mut view = MoveView::labelled(position.label_head(m), position.label_parts(m));
    match m {
        CabaleMove::Place(cell) => view.marked.push(cell.index()),
        CabaleMove::Leave => {}
        CabaleMove::Turn(turn) => {
            let path = turn.path();
            view.path.push(path.start().index());
            view.path.extend(path.cells().iter().map(|c| c.index()));
            view.marked.push(turn.final_block_cell().index());
            let mut from = turn.block_cell();
            for landing in turn.landings() {
                view.jumps.push((from.index(), landing.index()));
                from = landing;
            }
            for cell in turn.captured_cells() {
                if let Some(p) = piece(position.content(cell)) {
                    view.leaving.push(Leaving { cell: cell.index(), piece: p, exit: Exit::Here });
                }
            }
            if let Some(wall) = turn.wall() {
                let (a, b) = wall.cells();
                view.walls.push((a.index(), b.index()));
            }
        }
    }
    view
}
