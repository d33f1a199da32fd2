//! The one path of every move: a person's, the computer's, and the `leave` of a seat
//! out of time.
//!
//! [`play`] takes a move already checked by the rules core (the position after it,
//! and what it did) and, in one transaction: stores it (only if the game is still at
//! the ply it was chosen at), sets the next turn's deadline, records
//! [`Event::MovePlayed`], ends the game through the finisher when the move ended it,
//! and keeps every message it causes in the outbox (the board, the opponent's notice,
//! the rating changes); the answer to a request is kept claimed by this process, which
//! delivers it at once. The messages are made before the write from the record the
//! write will produce, so they commit with it or not at all.

use std::sync::Arc;

use super::boards::{self, board_reply};
use super::deadlines;
use super::events::{Event, MovedBy};
use super::finisher::{self, Finish};
use super::message::{Message, MoveSaid, Next};
use super::names::Person;
use super::outbox::{self, Asking, Outgoing1};
use super::people::{self, Seats};
use super::subscribers;
use super::{Failure, Inner, Reply};
use crate::games::{MoveView, Phrase, Played, Position};
use crate::store::replay::{Ended, Replayed};
use crate::store::{self, GameRecord, Millis, SeatHolder, StoreError, Transaction};

type Result<T> = std::result::Result<T, Failure>;

/// More changes written in the same transaction as a move (the computer's draw offer),
/// with what they say. May run twice (see [`crate::store::Store::write_for_game`]).
pub(crate) type AlsoWrite = Arc<dyn Fn(&Transaction) -> std::result::Result<(), StoreError> + Send + Sync>;

/// Who makes a move.
pub(crate) enum Mover {
    /// A person.
    Person(Person),
    /// The computer.
    Computer,
    /// The clock: the seat out of time leaves (Cabale with three or four).
    Clock,
}

/// A move to store.
pub(crate) struct MoveOrder<'a> {
    /// The game as the move was chosen on.
    pub(crate) record: &'a GameRecord,
    /// The position after the move.
    pub(crate) position: &'a Position,
    /// What the move did.
    pub(crate) played: &'a Played,
    /// Who made it.
    pub(crate) by: Mover,
    /// The request that made it, if any.
    pub(crate) asking: Option<Asking>,
    /// Only while the turn's deadline is still this (a seat leaving on time).
    pub(crate) deadline: Option<Millis>,
    /// More to write and say in the same transaction.
    pub(crate) also: Option<(AlsoWrite, Vec<Outgoing1>)>,
}

/// A move stored.
pub(crate) struct Moved {
    /// The request's answer (none without a request).
    pub(crate) answers: Vec<Reply>,
}

/// The store's record of a move played on `position` (already advanced) from `record`.
pub(crate) fn record_for(record: &GameRecord, position: &Position, text: &str, now: Millis) -> store::RecordMove {
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
        now,
    }
}

/// The deadline the next turn will get, as the write will set it, to say it in the
/// board before the write: read from what the request already read when it can.
fn next_deadline(inner: &Inner, after: &GameRecord, now: Millis) -> Result<Option<Millis>> {
    let Some(days) = deadlines::days_of(after.time_control) else { return Ok(None) };
    let holder = after.seats.iter().find(|s| s.seat == after.to_move).map(|s| s.holder.clone());
    let Some(SeatHolder::Player(player)) = holder else { return Ok(None) };
    let from = match super::seen::vacation(player) {
        Some(ends) => ends.map_or(now, |e| e.max(now)),
        None => {
            let tc = after.time_control;
            let read = inner.store.read_once(move |tx| deadlines::deadline_for(tx, tc, holder.as_ref(), now))?;
            return Ok(read);
        }
    };
    Ok(Some(from.saturating_add(days.saturating_mul(deadlines::DAY))))
}

/// Stores a move and everything it causes in one transaction; `None` when the order's
/// deadline had changed (the seat moved in time after all).
pub(crate) fn play(inner: &Inner, order: MoveOrder<'_>) -> Result<Option<Moved>> {
    let (record, position, played) = (order.record, order.position, order.played);
    let now = inner.clock.now();
    let m = record_for(record, position, &played.text, now);
    let mut after = boards::after_one_move(record, position, &played.text, now);
    let finish = Finish::by_rules(position);
    if finish.is_none() {
        after.turn_deadline = next_deadline(inner, &after, now)?;
    }
    let seats = Seats::of(record);
    let (mover, by) = match order.by {
        Mover::Person(p) => (p, MovedBy::Person),
        Mover::Computer => (Person::Computer, MovedBy::Computer),
        Mover::Clock => (seats.person(usize::from(record.to_move)), MovedBy::Clock),
    };
    let mut board = after_move(inner, &after, position, played.view.clone(), mover, said(played))?;
    if by == MovedBy::Clock {
        // The move's board message says the seat left rather than what it played.
        if let Message::Moved { mover, next, .. } = board.message {
            board.message = Message::LeftOnTime { who: mover, next };
        }
    }
    let platform = match &order.asking {
        Some(asking) => asking.platform,
        None => people::platform_of(inner, record)?,
    };
    let mut said: Vec<Outgoing1> = vec![(board, Some((after.id, after.ply)))];
    let (also, also_said) = match order.also {
        Some((write, said)) => (Some(write), said),
        None => (None, Vec::new()),
    };
    said.extend(also_said);
    let event = Event::MovePlayed { game: record.id.0, ply: m.ply, seat: m.seat, text: m.text.clone(), by };
    let (config, deadline, asking) = (*inner.store.rating_config(), order.deadline, order.asking);
    let (game, time_control, ending) = (record.id, after.time_control, finish.is_some());
    let shared = Arc::new((m, after.clone(), said, finish, asking));
    let write = move |tx: &Transaction| -> std::result::Result<Option<Vec<Reply>>, StoreError> {
        let (m, after, said, finish, asking) = &*shared;
        if let Some(deadline) = deadline {
            if store::turn_deadline_of(tx, game)? != Some(deadline) {
                return Ok(None);
            }
        }
        // First, as it refuses a stale move before anything is written.
        store::append_move(tx, m)?;
        if let Some(key) = asking.as_ref().and_then(|a| a.via.key.as_deref()) {
            store::note_request(tx, key, m.now)?;
        }
        subscribers::record(tx, &event, m.now)?;
        let mut said = said.clone();
        match finish {
            Some(finish) => said.extend(finisher::finish_in(tx, after, None, finish, &config, m.now)?),
            None if time_control.is_some() => {
                let holder = after.seats.iter().find(|s| s.seat == after.to_move).map(|s| s.holder.clone());
                let deadline = deadlines::deadline_for(tx, time_control, holder.as_ref(), m.now)?;
                store::set_turn_deadline(tx, game, deadline)?;
            }
            None => {}
        }
        if let Some(also) = &also {
            also(tx)?;
        }
        outbox::record(tx, asking.as_ref(), platform, after.community, said, m.now).map(Some)
    };
    // A move that ends the game rates it (rows of other tables, other locks): alone.
    let stored = if ending { inner.store.write(write) } else { inner.store.write_for_game(game, write) };
    let answers = match stored {
        Ok(Some(answers)) => answers,
        Ok(None) => return Ok(None),
        Err(StoreError::MovedOn | StoreError::GameOver) if deadline.is_some() => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    inner.changed();
    inner.game_changed(game);
    inner.metrics.move_stored(match by {
        MovedBy::Person => super::metrics::Mover::Person,
        MovedBy::Computer => super::metrics::Mover::Computer,
        MovedBy::Clock => super::metrics::Mover::Clock,
    });
    if after.status == store::Status::Ongoing && boards::computer_to_move(&after) {
        inner.queue_computer(&after);
    }
    Ok(Some(Moved { answers }))
}

/// The board message after a move by `mover`: what it did, then who is next or how it
/// ended; everyone mentioned at the end, else the next player.
pub(crate) fn after_move(
    inner: &Inner,
    record: &GameRecord,
    position: &Position,
    view: MoveView<Phrase>,
    mover: Person,
    mv: MoveSaid,
) -> Result<Reply> {
    let seats = Seats::of(record);
    let next = boards::next(inner, record, position, &seats);
    let mentions = match &next {
        Next::Over(_) => seats.users(|_| true),
        Next::ToMove { .. } => seats.users(|i| i == usize::from(position.to_move().0)),
    };
    let mut reply = board_reply(inner, record, position, Some(view), &seats, Message::Moved { mover, mv, next });
    reply.mentions = mentions;
    Ok(reply)
}

/// The move as messages show it: as people read it (Cabale shows a turn's runner
/// path) and what it did.
pub(crate) fn said(played: &Played) -> MoveSaid {
    MoveSaid { text: played.head.clone(), parts: played.parts.clone() }
}
