//! Nuba as a picture sees it: numbered pieces on the 5×6 board with the home rows
//! tinted, the musician space beside the board, and the last step.

use super::{Arrival, Color, MoveEffect, Nuba, NubaMove, Piece, Square, FILES, RANKS, SEATS};
use crate::games::view::{
    result_line, BoardView, CellView, Counter, Exit, Geometry, Leaving, MoveView, Piece as Drawn, SeatView, SideSpace,
    Surface, Tone,
};
use crate::games::{Game, Phase, Phrase};

const GEOMETRY: Geometry = Geometry::Square { files: FILES, ranks: RANKS };

fn tone(color: Color) -> Tone {
    match color {
        Color::Green => Tone::Green,
        Color::Red => Tone::Red,
    }
}

fn drawn(piece: Piece) -> Drawn {
    Drawn::Token { tone: tone(piece.color), label: piece.rank.symbol().to_string(), champion: piece.rank.is_champion() }
}

pub(super) fn view(position: &Nuba) -> BoardView<Phrase> {
    let mut cells = vec![CellView::default(); GEOMETRY.cell_count()];
    for square in Square::all() {
        let Some(cell) = cells.get_mut(square.index()) else { continue };
        cell.piece = position.piece_at(square).map(drawn);
        cell.zone = Color::ALL.into_iter().find(|c| c.home_ranks().contains(&square.rank())).map(tone);
    }
    let placing = position.phase() == Phase::Placement;
    let seats = Color::ALL
        .into_iter()
        .map(|color| {
            let counters = if placing {
                let hand: String = position.hand(color).iter().map(|r| r.symbol()).collect();
                vec![Counter::text(Phrase::new("nuba-view-hand"), if hand.is_empty() { "-".to_string() } else { hand })]
            } else {
                let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
                vec![
                    Counter::number(Phrase::new("nuba-view-on-board"), count(position.on_board(color))),
                    Counter::number(Phrase::new("nuba-view-out"), count(position.out_of_game(color))),
                ]
            };
            SeatView { tone: tone(color), colour: Phrase::new(SEATS[color.index()].term), counters }
        })
        .collect();
    let outcome = position.outcome();
    BoardView {
        title: Phrase::new("nuba-title"),
        geometry: GEOMETRY,
        surface: Surface::Squares,
        cells,
        walls: Vec::new(),
        seats,
        to_move: outcome.is_none().then(|| position.turn().index()),
        note: (placing && outcome.is_none()).then(|| Phrase::new("nuba-view-placing")),
        result: outcome.map(|o| result_line(&o, &SEATS)),
        side: Some(SideSpace { label: Phrase::new("nuba-view-musician"), piece: position.musician().map(drawn) }),
        last_line: Vec::new(),
        last: None,
    }
}

/// From and to; a captured piece is shown leaving its square, an arriving wrestler
/// going to the musician space or out of the game.
pub(super) fn move_view(position: &Nuba, m: &NubaMove) -> MoveView<Phrase> {
    let mut view = MoveView::labelled(position.label_head(m), position.label_parts(m));
    match position.effect(m) {
        MoveEffect::Placed { to, .. } => view.marked.push(to.index()),
        MoveEffect::Stepped { piece, from, to, captured, arrival } => {
            view.path = vec![from.index(), to.index()];
            view.marked.push(to.index());
            if let Some(enemy) = captured {
                view.leaving.push(Leaving { cell: to.index(), piece: drawn(enemy), exit: Exit::Here });
            }
            let exit = match arrival {
                Some(Arrival::BecomesMusician | Arrival::ReplacesMusician(_)) => Some(Exit::ToSide),
                Some(Arrival::Removed(_)) => Some(Exit::Here),
                Some(Arrival::ChampionWins) | None => None,
            };
            if let Some(exit) = exit {
                view.leaving.push(Leaving { cell: to.index(), piece: drawn(piece), exit });
            }
        }
        MoveEffect::Passed => {}
    }
    view
}
