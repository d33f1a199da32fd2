//! The computer player's worker and the outlet it speaks through.
//!
//! One thread takes game rows from a channel, reads the game, asks the AI for a move
//! at the seat's level with the seed `game row × 1000 + ply` (repeatable), plays it
//! through the same store path as people's moves, and writes the board message to
//! the outbox in the same transaction. It never runs on the thread that serves
//! requests.

use std::sync::{mpsc, Weak};

use serde::{Deserialize, Serialize};

use super::usecases::{after_move, picture, replayed, store_move};
use super::{Destination, Failure, Inner, Reply};
use crate::ai::MoveRequest;
use crate::config::Platform;
use crate::games::Position;
use crate::store::{self, GameId, MessageId, SeatHolder, Status, Store, StoreError};

/// What the outbox keeps: the reply without its PNG, and how to redraw it.
#[derive(Serialize, Deserialize)]
struct Outgoing {
    reply: Reply,
    /// The game row and ply whose board the picture shows.
    board: Option<(i64, u32)>,
}

/// A reply as the outbox keeps it: JSON without the PNG, with the game row and ply
/// to redraw the board from.
pub(crate) fn outgoing(mut reply: Reply, board: Option<(i64, u32)>) -> Result<String, serde_json::Error> {
    reply.picture = None;
    serde_json::to_string(&Outgoing { reply, board })
}

/// The worker's loop; ends when the service is dropped.
pub(crate) fn work(inner: Weak<Inner>, games: mpsc::Receiver<GameId>) {
    while let Ok(game) = games.recv() {
        let Some(inner) = inner.upgrade() else { return };
        if let Err(e) = play_one(&inner, game) {
            let message = match e {
                Failure::User(e) => e.to_string(),
                Failure::Internal(e) => e,
            };
            tracing::error!(game = game.0, "the computer could not move: {message}");
        }
        inner.job_done();
    }
}

/// Every ongoing game where the computer is to move.
pub(crate) fn waiting(store: &Store) -> Result<Vec<GameId>, StoreError> {
    store.read(|tx| store::games_with_computer_to_move(tx))
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
    let (mut position, _) = replayed(&record, None)?;
    let seed = (game.0 as u64).wrapping_mul(1000).wrapping_add(u64::from(record.ply));
    let player = level.player();
    let choice = MoveRequest { position: &position, player: &player, seed, history: &[], scale: 1.0 }
        .run()
        .map_err(|e| Failure::Internal(format!("ai: {e}")))?;
    let played = position.play_text(&choice.mv).map_err(|e| Failure::Internal(format!("ai move refused: {e}")))?;
    // The reply is made before the write so it can go out in the same transaction;
    // the record it describes is the one the write will produce.
    let mut after = record.clone();
    after.ply += 1;
    after.code = position.code();
    after.to_move = position.to_move().0;
    let ended = position.outcome();
    if let Some(o) = &ended {
        after.status = Status::Over;
        after.result = Some(store::GameResult {
            places: o.places.to_vec(),
            scores: o.scores.as_ref().map(|s| s.to_vec()),
            end_reason: store::EndReason::Finished,
            reason_key: Some(o.reason.key().to_string()),
            ended_at: inner.clock.now(),
        });
    }
    let replies =
        after_move(inner, &after, &position, played.view, &format!("@boardbot plays {}.", played.label), &[])?;
    let platform = human_platform(inner, &record)?;
    let now = inner.clock.now();
    let mut payloads = Vec::new();
    for mut reply in replies {
        let board = reply.picture.take().map(|_| (game.0, after.ply));
        let text = serde_json::to_string(&Outgoing { reply, board }).map_err(|e| Failure::Internal(e.to_string()))?;
        payloads.push(text);
    }
    let write = Box::new(move |tx: &store::Transaction| {
        for p in &payloads {
            store::push_message(tx, platform, p, now)?;
        }
        Ok(())
    });
    store_move(inner, &record, &position, &played.text, Some(write))?;
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

/// The outbox's waiting messages for `platform`, pictures redrawn.
pub(crate) fn pending(inner: &Inner, platform: Platform) -> Result<Vec<(MessageId, Reply)>, Failure> {
    let messages = inner.store.read(|tx| store::pending_messages(tx, platform, 100))?;
    unpack(inner, messages)
}

/// Claims waiting messages of `platform` for `claimer` until `lease_ms` from now, so
/// that several processes delivering for one platform never send one twice.
pub(crate) fn claim(
    inner: &Inner,
    platform: Platform,
    claimer: &str,
    lease_ms: i64,
) -> Result<Vec<(MessageId, Reply)>, Failure> {
    let (now, claimer) = (inner.clock.now(), claimer.to_string());
    let messages = inner.store.write(move |tx| store::claim_messages(tx, platform, &claimer, now, lease_ms, 100))?;
    unpack(inner, messages)
}

/// Stored messages as replies: pictures redrawn, and the thread filled in when the
/// adapter made it after the message was stored.
fn unpack(inner: &Inner, messages: Vec<store::OutboxMessage>) -> Result<Vec<(MessageId, Reply)>, Failure> {
    let mut out = Vec::new();
    for m in messages {
        let outgoing: Outgoing =
            serde_json::from_str(&m.payload).map_err(|e| Failure::Internal(format!("outbox {}: {e}", m.id.0)))?;
        let mut reply = outgoing.reply;
        if let Destination::Thread { game, thread: thread @ None, .. } = &mut reply.destination {
            if let Ok(record) = inner.store.find_game(game) {
                *thread = record.place.thread;
            }
        }
        if let Some((game, ply)) = outgoing.board {
            let record = inner.store.load_game(GameId(game))?;
            let (position, last): (Position, _) = replayed(&record, Some(ply))?;
            let mut at = record.clone();
            at.ply = ply;
            reply.picture = Some(picture(inner, &at, &position, last, false)?);
        }
        out.push((m.id, reply));
    }
    Ok(out)
}
