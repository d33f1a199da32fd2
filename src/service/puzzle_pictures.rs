//! A puzzle's pictures: its position, or the board at the end of its line, drawn
//! from the puzzle and its game (apart from `puzzles.rs`, so that the outbox, which
//! draws a kept puzzle's picture again, does not depend on the puzzles' use cases).

use super::boards::{self, BOT};
use super::message::{Message, PuzzleSaid};
use super::people::picture_name;
use super::types::{Board, Picture, PuzzleBoard};
use super::{ClockNote, Failure, Inner};
use crate::games::Position;
use crate::store::{self, GameRecord, PuzzleRow};

type Result<T> = std::result::Result<T, Failure>;

/// A puzzle's picture: its position (the game's move before it drawn as the last),
/// or the board at the end of its line (`line`), from the solver's side.
pub(crate) fn puzzle_board(record: &GameRecord, puzzle: &PuzzleRow, line: bool) -> Result<PuzzleBoard> {
    let (mut position, last) = boards::replayed(record, Some(puzzle.ply.saturating_sub(1)))?;
    if position.code() != puzzle.code {
        position = Position::from_code(&puzzle.code, &boards::settings(record)?)
            .map_err(|e| Failure::Internal(format!("puzzle {}: {e}", puzzle.id.0)))?;
    }
    let mut last = last;
    let mut ply = puzzle.ply.saturating_sub(1);
    if line {
        for mv in &puzzle.line {
            let played = position
                .play_text(mv)
                .map_err(|e| Failure::Internal(format!("puzzle {}, line move {mv}: {e}", puzzle.id.0)))?;
            last = Some(played.view);
            ply += 1;
        }
    }
    let names = (0..record.seats.len()).map(|i| picture_name(record, i, BOT)).collect();
    let board = Board {
        kind: record.kind,
        game: None,
        ply,
        flip: position.seats().len() == 2 && puzzle.seat == 1,
        view: position.view(last),
        names,
        clock: ClockNote::default(),
        ended: None,
        diagram: position.diagram(),
    };
    Ok(PuzzleBoard { puzzle: puzzle.id.0, line, board })
}

/// The picture of a puzzle's message kept in the outbox, drawn again from the
/// puzzle (as a board from its game and ply); `None` for any other message.
pub(crate) fn picture_of(inner: &Inner, message: &Message) -> Result<Option<Picture>> {
    let (id, line) = match message {
        Message::Puzzle(PuzzleSaid::Given { puzzle, .. }) => (*puzzle, false),
        Message::Puzzle(PuzzleSaid::Answered { puzzle, .. }) => (*puzzle, true),
        _ => return Ok(None),
    };
    let Some(puzzle) = inner.store.read(move |tx| store::load_puzzle(tx, store::PuzzleId(id)))? else {
        return Ok(None);
    };
    let record = inner.store.load_game(puzzle.game)?;
    Ok(Some(Picture::Puzzle(puzzle_board(&record, &puzzle, line)?)))
}
