//! The one path of every move: a person's, the computer's, the `leave` of a seat out
//! of time, a conditional move, and a move taken back.
//!
//! [`play`] takes a move already checked by the rules core (the position after it,
//! and what it did) and, in one transaction: stores it (only if the game is still at
//! the ply it was chosen at), sets the next turn's deadline, records
//! [`Event::MovePlayed`], ends the game through the finisher when the move ended it,
//! and keeps every message it causes in the outbox (the board, the opponent's notice,
//! the rating changes); the answer to a request is kept claimed by this process, which
//! delivers it at once. The messages are made before the write from the record the
//! write will produce, so they commit with it or not at all.
//!
//! [`play_in`] stores a move the same way inside a transaction already open: a
//! subscriber's, which plays a conditional move in the transaction that consumes the
//! event of the move it answers (`premoves.rs`).
//!
//! [`take_back_last`] takes the last move back, as the players agreed (`offers.rs`), in
//! one transaction as well: the position before it, the turn's deadline,
//! [`Event::MoveTakenBack`], and the board that says it. Only this module calls the
//! store's [`store::append_move`] and [`store::take_back`] (`tests/it/architecture.rs`).
//! The record each change produces, which its messages are made from, is
//! [`change::after`]'s.

use std::sync::Arc;

use super::boards;
use super::change::{self, Change};
use super::deadlines;
use super::events::{Event, MovedBy};
use super::finisher::{self, Finish};
use super::message::{Message, MoveSaid, Next};
use super::names::Person;
use super::outbox::{self, Asking, Outgoing1};
use super::people::{self, Seats};
use super::subscribers;
use super::{Failure, Inner, Reply};
use crate::config::Platform;
use crate::games::{MoveView, Phrase, Played, Position};
use crate::rating::RatingConfig;
use crate::store::replay::{Ended, Replayed};
use crate::store::{self, GameRecord, Millis, SeatHolder, StoreError, TimeControl, Transaction};

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
    /// A person's conditional move, which the bot plays for them.
    Conditional(Person),
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

/// A move (or a takeback) stored.
pub(crate) struct Moved {
    /// The request's answer (none without a request).
    pub(crate) answers: Vec<Reply>,
    /// The game as the change left it ([`change::after`]), which its messages said
    /// (the unit tests of `change.rs` compare it with the store's).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) after: GameRecord,
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

/// The deadline the next turn (`holder`'s) will get, as the write will set it, to say
/// it in the board before the write: read from what the request already read when it
/// can.
fn next_deadline(
    inner: &Inner,
    time_control: Option<TimeControl>,
    holder: Option<SeatHolder>,
    now: Millis,
) -> Result<Option<Millis>> {
    let Some(days) = deadlines::days_of(time_control) else { return Ok(None) };
    let Some(SeatHolder::Player(player)) = holder else { return Ok(None) };
    let from = match super::seen::vacation(player) {
        Some(ends) => ends.map_or(now, |e| e.max(now)),
        None => {
            let read =
                inner.store.read_once(move |tx| deadlines::deadline_for(tx, time_control, holder.as_ref(), now))?;
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
    let finish = Finish::by_rules(position);
    let turn_deadline = match finish {
        Some(_) => None,
        None => next_deadline(inner, record.time_control, change::holder(record, position.to_move().0), now)?,
    };
    let after = change::after(record, Change::Move { position, text: &played.text, deadline: turn_deadline }, now);
    let (mover, by) = who(order.by, record);
    let seats = Seats::of(&after);
    let next = boards::next(inner, &after, position, &seats);
    let board = board_message(&after, position, played, mover, by, next);
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
    let (game, ending) = (record.id, finish.is_some());
    let ready = Arc::new(Ready { m, after: after.clone(), said, finish, event, platform, config });
    let write = move |tx: &Transaction| -> std::result::Result<Option<Vec<Reply>>, StoreError> {
        write_in(tx, &ready, asking.as_ref(), deadline, also.as_ref())
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
        MovedBy::Conditional => super::metrics::Mover::Conditional,
    });
    if after.status == store::Status::Ongoing && boards::computer_to_move(&after) {
        inner.queue_computer(&after);
    }
    Ok(Some(Moved { answers, after }))
}

/// Stores a move and everything it causes inside `tx`, a transaction already open
/// (a subscriber's), as [`play`] does in its own: the messages are made from what
/// `tx` reads. Without a request, and for a game without the computer (its turn would
/// not be queued). Who follows the game hears of it once `tx` commits, from its
/// [`Event::MovePlayed`]: the caller's to tell ([`super::Inner::game_changed`]).
/// Whether it was stored (`false`: the order's deadline had changed).
pub(crate) fn play_in(inner: &Inner, tx: &Transaction, order: MoveOrder<'_>) -> std::result::Result<bool, StoreError> {
    let (record, position, played) = (order.record, order.position, order.played);
    let now = inner.clock.now();
    let m = record_for(record, position, &played.text, now);
    let finish = Finish::by_rules(position);
    let turn_deadline = match finish {
        Some(_) => None,
        None => {
            let holder = change::holder(record, position.to_move().0);
            deadlines::deadline_for(tx, record.time_control, holder.as_ref(), now)?
        }
    };
    let after = change::after(record, Change::Move { position, text: &played.text, deadline: turn_deadline }, now);
    let (mover, by) = who(order.by, record);
    let seats = Seats::of(&after);
    let next = match boards::ending(&after, position, &seats) {
        Some(ending) => Next::Over(ending),
        None => Next::ToMove {
            seat: seats.seat(position, usize::from(position.to_move().0)),
            clock: boards::clock_note_in(tx, &after, &seats, now)?,
        },
    };
    let board = board_message(&after, position, played, mover, by, next);
    let platform = platform_in(tx, record)?;
    let mut said: Vec<Outgoing1> = vec![(board, Some((after.id, after.ply)))];
    let also = order.also.map(|(write, also_said)| {
        said.extend(also_said);
        write
    });
    let event = Event::MovePlayed { game: record.id.0, ply: m.ply, seat: m.seat, text: m.text.clone(), by };
    let ready = Ready { m, after, said, finish, event, platform, config: *inner.store.rating_config() };
    write_in(tx, &ready, order.asking.as_ref(), order.deadline, also.as_ref()).map(|stored| stored.is_some())
}

/// A takeback to store: the last move of the game, as its players agreed.
pub(crate) struct TakebackOrder<'a> {
    /// The game as last read; its last move is the one taken back.
    pub(crate) record: &'a GameRecord,
    /// The message that says it, from what follows (whose turn it is again).
    pub(crate) say: Box<dyn FnOnce(Next) -> Message + 'a>,
    /// The request that agreed to it.
    pub(crate) asking: Option<Asking>,
}

/// Takes back the last move of the order's game, and stores everything it causes in
/// one transaction: the position before the move, the turn's deadline,
/// [`Event::MoveTakenBack`], and the board (the player to move again mentioned) in the
/// outbox, the request's answer kept for this process. A game that moved on meanwhile
/// is refused ([`StoreError::MovedOn`]), as a stale move is.
pub(crate) fn take_back_last(inner: &Inner, order: TakebackOrder<'_>) -> Result<Moved> {
    let record = order.record;
    let ply = record.ply;
    if ply == 0 || record.moves.last().map(|m| m.ply) != Some(ply) {
        return Err(Failure::Internal(format!("game {}: no move {ply} to take back", record.public_id)));
    }
    let now = inner.clock.now();
    let (position, last) = boards::replayed(record, Some(ply - 1))?;
    let (time_control, holder) = (record.time_control, change::holder(record, position.to_move().0));
    let deadline = next_deadline(inner, time_control, holder.clone(), now)?;
    let after = change::after(record, Change::TakeBack { position: &position, deadline }, now);
    let seats = Seats::of(&after);
    let next = boards::next(inner, &after, &position, &seats);
    let mut board = boards::board_reply(inner, &after, &position, last, &seats, (order.say)(next));
    board.mentions = seats.users(|i| i == usize::from(after.to_move));
    let platform = match &order.asking {
        Some(asking) => asking.platform,
        None => people::platform_of(inner, record)?,
    };
    let before = Replayed {
        code: after.code.clone(),
        settings: after.settings.clone(),
        to_move: after.to_move,
        seats: position.seats().len() as u8,
        moves: Vec::new(),
        outcome: None,
    };
    let said: Vec<Outgoing1> = vec![(board, Some((after.id, after.ply)))];
    let (game, base, community, asking) = (record.id, record.code.clone(), record.community, order.asking);
    let answers = inner.store.write(move |tx| {
        // First, as it refuses a stale takeback before anything is written.
        store::take_back(tx, game, ply, &base, &before, now)?;
        let deadline = deadlines::deadline_for(tx, time_control, holder.as_ref(), now)?;
        store::set_turn_deadline(tx, game, deadline)?;
        subscribers::record(tx, &Event::MoveTakenBack { game: game.0, ply }, now)?;
        if let Some(key) = asking.as_ref().and_then(|a| a.via.key.as_deref()) {
            store::note_request(tx, key, now)?;
        }
        outbox::record(tx, asking.as_ref(), platform, community, said, now)
    })?;
    inner.changed();
    inner.game_changed(game);
    Ok(Moved { answers, after })
}

/// A move ready to write: the record the write produces and what it says.
struct Ready {
    m: store::RecordMove,
    after: GameRecord,
    said: Vec<Outgoing1>,
    finish: Option<Finish>,
    event: Event,
    platform: Platform,
    config: RatingConfig,
}

/// The write of a move in `tx`, [`play`]'s and [`play_in`]'s: `None` when the turn's
/// deadline is no longer `deadline`; else the request's answer, if any.
fn write_in(
    tx: &Transaction,
    ready: &Ready,
    asking: Option<&Asking>,
    deadline: Option<Millis>,
    also: Option<&AlsoWrite>,
) -> std::result::Result<Option<Vec<Reply>>, StoreError> {
    let Ready { m, after, said, finish, event, platform, config } = ready;
    let game = after.id;
    if let Some(deadline) = deadline {
        if store::turn_deadline_of(tx, game)? != Some(deadline) {
            return Ok(None);
        }
    }
    // First, as it refuses a stale move before anything is written.
    store::append_move(tx, m)?;
    if let Some(key) = asking.and_then(|a| a.via.key.as_deref()) {
        store::note_request(tx, key, m.now)?;
    }
    subscribers::record(tx, event, m.now)?;
    let mut said = said.clone();
    if finish.is_none() && answered_at_once(tx, after, m)? {
        // The next player's conditional move answers this one as soon as it commits:
        // "your move" would ping them for a turn already taken. The board still goes.
        if let Some((board, _)) = said.first_mut() {
            board.mentions.clear();
        }
    }
    match finish {
        Some(finish) => said.extend(finisher::finish_in(tx, after, None, finish, config, m.now)?),
        None if after.time_control.is_some() => {
            let holder = after.seats.iter().find(|s| s.seat == after.to_move).map(|s| s.holder.clone());
            let deadline = deadlines::deadline_for(tx, after.time_control, holder.as_ref(), m.now)?;
            store::set_turn_deadline(tx, game, deadline)?;
        }
        None => {}
    }
    if let Some(also) = also {
        also(tx)?;
    }
    outbox::record(tx, asking, *platform, after.community, said, m.now).map(Some)
}

/// Whether the player to move after `m` left a conditional move that answers it (a
/// line due at this move whose next move is `m`'s), read in `tx`.
fn answered_at_once(
    tx: &Transaction,
    after: &GameRecord,
    m: &store::RecordMove,
) -> std::result::Result<bool, StoreError> {
    let next = after.seats.iter().find(|s| s.seat == after.to_move).map(|s| &s.holder);
    let Some(SeatHolder::Player(player)) = next else { return Ok(false) };
    let lines = store::premoves_of(tx, after.id, *player)?;
    Ok(lines.iter().any(|l| l.ply + 1 == m.ply && l.moves.first().is_some_and(|first| *first == m.text)))
}

/// Who made the move, as messages name them and as the event records it.
fn who(by: Mover, record: &GameRecord) -> (Person, MovedBy) {
    match by {
        Mover::Person(p) => (p, MovedBy::Person),
        Mover::Computer => (Person::Computer, MovedBy::Computer),
        Mover::Clock => (Seats::of(record).person(usize::from(record.to_move)), MovedBy::Clock),
        Mover::Conditional(p) => (p, MovedBy::Conditional),
    }
}

/// The platform of the game's people, read in `tx` (as [`people::platform_of`]).
fn platform_in(tx: &Transaction, record: &GameRecord) -> std::result::Result<Platform, StoreError> {
    for s in &record.seats {
        if let SeatHolder::Player(p) = s.holder {
            return Ok(store::load_player(tx, p)?.platform);
        }
    }
    Ok(Platform::Terminal)
}

/// The board message of a move in `after` (the record the move produces): what it did
/// and what follows; a seat leaving on time says so rather than what it played.
fn board_message(
    after: &GameRecord,
    position: &Position,
    played: &Played,
    mover: Person,
    by: MovedBy,
    next: Next,
) -> Reply {
    let message = match by {
        MovedBy::Clock => Message::LeftOnTime { who: mover, next },
        _ => Message::Moved { mover, mv: said(played), next, conditional: by == MovedBy::Conditional },
    };
    after_move(after, position, played.view.clone(), message)
}

/// The board message after a move, `message` (which says the move and what follows):
/// everyone mentioned at the end, else the next player.
fn after_move(record: &GameRecord, position: &Position, view: MoveView<Phrase>, message: Message) -> Reply {
    let seats = Seats::of(record);
    let mentions = match message.next() {
        Some(Next::ToMove { .. }) => seats.users(|i| i == usize::from(position.to_move().0)),
        _ => seats.users(|_| true),
    };
    // The clock the message says is the one the picture shows.
    let clock = match message.next() {
        Some(Next::ToMove { clock, .. }) => clock.clone(),
        _ => super::message::ClockNote::default(),
    };
    let mut reply = boards::board_reply_with_clock(record, position, Some(view), &seats, message, clock);
    reply.mentions = mentions;
    reply
}

/// The move as messages show it: as people read it (Cabale shows a turn's runner
/// path) and what it did.
pub(crate) fn said(played: &Played) -> MoveSaid {
    MoveSaid { text: played.head.clone(), parts: played.parts.clone() }
}
