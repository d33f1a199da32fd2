//! Storing a move, whoever plays it (a person, the computer, a timeout's `leave`),
//! and the board message that follows it.

use super::boards::{self, board_reply, thread_of};
use super::clocks;
use super::message::{Message, MoveSaid, Next, Person, RatingChangeSaid, RatingShown};
use super::people::Seats;
use super::{Failure, Inner, Reply};
use crate::games::{MoveView, Phrase, Position};
use crate::rating::{Rating, RatingConfig};
use crate::store::replay::{Ended, Replayed};
use crate::store::{self, GameRecord, RatingChange, Scope, SeatHolder};

type Result<T> = std::result::Result<T, Failure>;

/// More changes written in the same transaction as a move.
pub(crate) type AlsoWrite = Box<dyn FnOnce(&store::Transaction) -> std::result::Result<(), store::StoreError> + Send>;

/// The store's record of a move played on `position` (already advanced) from `record`.
pub(crate) fn record_for(inner: &Inner, record: &GameRecord, position: &Position, text: &str) -> store::RecordMove {
    let after = Replayed {
        code: position.code(),
        settings: record.settings.clone(),
        to_move: position.to_move().0,
        seats: position.seats().len() as u8,
        moves: vec![text.to_string()],
        outcome: position.outcome().map(|o| Ended {
            places: o.places.to_vec(),
            scores: o.scores.map(|s| s.to_vec()),
            reason_key: Some(o.reason.key().to_string()),
        }),
    };
    store::RecordMove {
        game: record.id,
        ply: record.ply + 1,
        base_code: record.code.clone(),
        seat: record.to_move,
        text: text.to_string(),
        after,
        now: inner.clock.now(),
    }
}

/// Stores a move played on `position` (already advanced) with the next turn's
/// deadline, and `also` in the same transaction (the outbox's messages).
pub(crate) fn store_move(
    inner: &Inner,
    record: &GameRecord,
    position: &Position,
    text: &str,
    also: Option<AlsoWrite>,
) -> Result<store::MoveStored> {
    let m = record_for(inner, record, position, text);
    let config = *inner.store.rating_config();
    let (time_control, game, now) = (record.time_control, record.id, m.now);
    let next = (!position.is_over())
        .then(|| record.seats.iter().find(|s| s.seat == position.to_move().0).map(|s| s.holder.clone()))
        .flatten();
    let stored = inner.store.write(move |tx| {
        let stored = store::record_move(tx, &m, &config)?;
        if stored.result.is_none() {
            let deadline = clocks::deadline_for(tx, time_control, next.as_ref(), now)?;
            store::set_turn_deadline(tx, game, deadline)?;
        }
        if let Some(also) = also {
            also(tx)?;
        }
        Ok(stored)
    })?;
    inner.wake_scheduler();
    Ok(stored)
}

/// The board message after a move by `mover`: what it did, then who is next or how it
/// ended; everyone mentioned at the end, else the next player. Then the rating
/// changes, when the game was rated.
pub(crate) fn after_move(
    inner: &Inner,
    record: &GameRecord,
    position: &Position,
    view: MoveView<Phrase>,
    mover: Person,
    mv: MoveSaid,
    ratings: &[RatingChange],
) -> Result<Vec<Reply>> {
    let seats = Seats::of(inner, record)?;
    let next = boards::next(inner, record, position, &seats);
    let mentions = match &next {
        Next::Over(_) => seats.users(|_| true),
        Next::ToMove { .. } => seats.users(|i| i == usize::from(position.to_move().0)),
    };
    let mut reply = board_reply(inner, record, position, Some(view), &seats, Message::Moved { mover, mv, next });
    reply.mentions = mentions;
    let mut replies = vec![reply];
    replies.extend(rating_reply(record, ratings, inner.store.rating_config(), &seats));
    Ok(replies)
}

/// The rating changes of a rated game that just ended, in its community (or
/// everywhere when it has none), as a message in its thread.
pub(crate) fn rating_reply(
    record: &GameRecord,
    changes: &[RatingChange],
    config: &RatingConfig,
    seats: &Seats,
) -> Option<Reply> {
    let scope = record.community.map_or(Scope::Global, Scope::Community);
    let said: Vec<RatingChangeSaid> = changes
        .iter()
        .filter(|c| c.scope == scope)
        .filter_map(|c| {
            let seat = record.seats.iter().find(|s| s.holder == SeatHolder::Player(c.player))?;
            Some(RatingChangeSaid {
                person: seats.person(usize::from(seat.seat)),
                before: shown(&c.before, config),
                after: shown(&c.after, config),
                delta: (c.after.rating - c.before.rating).round() as i64,
            })
        })
        .collect();
    (!said.is_empty()).then(|| Reply::new(thread_of(record), Message::RatingChanges { changes: said }))
}

/// A rating as messages show it.
pub(crate) fn shown(r: &Rating, config: &RatingConfig) -> RatingShown {
    RatingShown { value: r.rating.round() as i64, provisional: r.is_provisional(config) }
}

/// The move as messages show it: as people read it (Cabale shows a turn's runner
/// path) and what it did.
pub(crate) fn said(played: &crate::games::Played) -> MoveSaid {
    MoveSaid { text: played.head.clone(), parts: played.parts.clone() }
}
