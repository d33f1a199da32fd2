//! Nuba as a picture sees it: numbered pieces on the 5×6 board with the home rows
//! tinted, the musician space beside the board, and the last step.

use super::{Arrival, Color, MoveEffect, Nuba, NubaMove, Piece, Square, FILES, RANKS, SEATS};
use crate::games::view::{
    result_line, BoardView, CellView, Counter, Exit, Geometry, Leaving, MoveView, Piece as Drawn, SeatView, SideSpace,
    Surface, Tone,
};
use crate::games::{Game, Phase};

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

pub(super) fn view(position: &Nuba) -> BoardView {
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
                vec![Counter::new("hand", if hand.is_empty() { "-".to_string() } else { hand })]
            } else {
                vec![
                    Counter::new("on board", position.on_board(color)),
                    Counter::new("out", position.out_of_game(color)),
                ]
            };
            SeatView { tone: tone(color), colour: SEATS[color.index()].name.to_string(), counters }
        })
        .collect();
    let outcome = position.outcome();
    BoardView {
        title: Nuba::TITLE.to_string(),
        geometry: GEOMETRY,
        surface: Surface::Squares,
        cells,
        walls: Vec::new(),
        seats,
        to_move: outcome.is_none().then(|| position.turn().index()),
        note: (placing && outcome.is_none()).then(|| "Placing: each side fills its two home rows".to_string()),
        result: outcome.map(|o| result_line(&o, &SEATS)),
        side: Some(SideSpace { label: "Musician".to_string(), piece: position.musician().map(drawn) }),
        last: None,
    }
}

/// From and to; a captured piece is shown leaving its square, an arriving wrestler
/// going to the musician space or out of the game.
pub(super) fn move_view(position: &Nuba, m: &NubaMove) -> MoveView {
    let mut view = MoveView { label: position.describe(m), ..MoveView::default() };
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
