//! The computer player's worker.
//!
//! One thread takes game rows from a channel, reads the game, asks the AI for a move
//! at the seat's level with the seed `game row × 1000 + ply` (repeatable), plays it
//! through the same store path as people's moves, and writes the board message to
//! the outbox in the same transaction. It never runs on the thread that serves
//! requests.

use std::sync::{mpsc, Weak};

use super::boards::{self, after_one_move};
use super::message::Person;
use super::moves::{after_move, said, store_move};
use super::{clocks, outbox, Failure, Inner};
use crate::ai::MoveRequest;
use crate::config::Platform;
use crate::store::{self, GameId, SeatHolder, Status, Store, StoreError};

/// The worker's loop; ends when the service is dropped.
pub(crate) fn work(inner: Weak<Inner>, games: mpsc::Receiver<GameId>) {
    while let Ok(game) = games.recv() {
        let Some(inner) = inner.upgrade() else { return };
        inner.taken_up(game);
        if let Err(e) = play_one(&inner, game) {
            tracing::error!(game = game.0, "the computer could not move: {e:?}");
        }
        inner.job_done();
    }
}

/// Every ongoing game where the computer is to move.
pub(crate) fn waiting(store: &Store) -> Result<Vec<GameId>, StoreError> {
    store.read(store::games_with_computer_to_move)
}

fn play_one(inner: &Inner, game: GameId) -> Result<(), Failure> {
    let record = inner.store.load_game(game)?;
    if record.status != Status::Ongoing {
        return Ok(());
    }
    let Some(level) = record.seats.iter().find(|s| s.seat == record.to_move).and_then(|s| match &s.holder {
        SeatHolder::Computer(level) => Some(*level),
        SeatHolder::Player(_) => None,
    }) else {
        return Ok(());
    };
    let (mut position, _) = boards::replayed(&record, None)?;
    let seed = (game.0 as u64).wrapping_mul(1000).wrapping_add(u64::from(record.ply));
    let player = level.player();
    let thinking = std::time::Instant::now();
    let choice = MoveRequest { position: &position, player: &player, seed }
        .run()
        .map_err(|e| Failure::Internal(format!("ai: {e}")))?;
    inner.metrics.think(thinking.elapsed());
    let played = position.play_text(&choice.mv).map_err(|e| Failure::Internal(format!("ai move refused: {e}")))?;
    let now = inner.clock.now();
    // The replies are made before the write so they go out in the same transaction;
    // the record they describe is the one the write will produce.
    let mut after = after_one_move(&record, &position, now);
    if !position.is_over() {
        let (tc, holder) =
            (record.time_control, after.seats.iter().find(|s| s.seat == after.to_move).map(|s| s.holder.clone()));
        after.turn_deadline = inner.store.read(move |tx| clocks::deadline_for(tx, tc, holder.as_ref(), now))?;
    }
    let replies = after_move(inner, &after, &position, played.view.clone(), Person::Computer, said(&played), &[])?;
    let platform = human_platform(inner, &record)?;
    let (ply, community) = (after.ply, after.community);
    let write = Box::new(move |tx: &store::Transaction| {
        for reply in replies {
            let board = reply.board.is_some().then_some((game, ply));
            outbox::push(tx, platform, reply, board, community, now)?;
        }
        Ok(())
    });
    store_move(inner, &record, &position, &played.text, Some(write))?;
    inner.metrics.move_stored(super::metrics::Mover::Computer);
    inner.ring();
    // A turn may give the same seat another move (Kuba's extra push).
    let computer_again = !position.is_over() && position.to_move().0 == record.to_move;
    if computer_again {
        inner.queue_computer(game);
    }
    Ok(())
}

/// The platform of the game's people (the outbox is per platform).
pub(crate) fn human_platform(inner: &Inner, record: &store::GameRecord) -> Result<Platform, Failure> {
    for s in &record.seats {
        if let SeatHolder::Player(p) = s.holder {
            return Ok(inner.store.read(move |tx| store::load_player(tx, p))?.platform);
        }
    }
    Ok(Platform::Terminal)
}
