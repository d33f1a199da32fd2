//! The one place a game ends (as lila's `Finisher.scala`): by the rules, a
//! resignation, an agreed draw, the computer accepting a draw, a timeout or an abort.
//!
//! [`finish_in`] is the only caller of the store's endings ([`store::end_game`],
//! [`store::end_by_rules`]): it stores the result, rates the game when it counts,
//! records [`Event::GameEnded`] and words the rating changes, all in the transaction
//! of the ending. [`end`] is what a use case calls to end a game outside a move: it
//! makes the final board message from the record the ending will produce, then writes
//! the ending and every message about it (the game-over notice, the rating changes) in
//! one transaction. A move that ends the game comes here through the mover
//! (`mover.rs`). Whatever else must happen when a game ends subscribes to the event
//! (`subscribers.rs`).
//!
//! A game ended by a player before it really began is **aborted**: no result and no
//! rating change. Either player may `abort` before their own first move; a rated game
//! resigned or timed out before every player has moved is aborted rather than rated,
//! so a game nobody played moves nobody's rating.

use super::boards::{self, board_reply, thread_of};
use super::events::{EndCause, Event};
use super::message::{Message, Next, RatingChangeSaid, RatingShown};
use super::outbox::{self, Asking, Outgoing1};
use super::people::{self, Seats};
use super::subscribers;
use super::{Failure, Inner, Reply};
use crate::games::{Position, Seat};
use crate::rating::{Rating, RatingConfig};
use crate::store::{
    self, EndReason, Ending, GameRecord, Millis, RatingChange, Scope, SeatHolder, StoreError, Transaction,
};

/// How a game ends: why, and each seat's place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Finish {
    /// Why.
    pub(crate) cause: EndCause,
    /// Each seat's place (empty when aborted).
    pub(crate) places: Vec<u8>,
    /// Scores, where the game counts them.
    pub(crate) scores: Option<Vec<i32>>,
}

impl Finish {
    /// The rules' ending of `position`, when it is over.
    pub(crate) fn by_rules(position: &Position) -> Option<Finish> {
        let o = position.outcome()?;
        Some(Finish {
            cause: EndCause::Rules { reason: o.reason.key().to_string() },
            places: o.places.to_vec(),
            scores: o.scores.map(|s| s.to_vec()),
        })
    }

    /// `seat` resigns a game of `seats` seats: last place for it, the others share the
    /// first.
    pub(crate) fn resigned(seat: u8, seats: usize) -> Finish {
        let n = seats as u8;
        let places = (0..n).map(|s| if s == seat { n } else { 1 }).collect();
        Finish { cause: EndCause::Resigned { seat }, places, scores: None }
    }

    /// A draw agreed by everyone (`computer`: the computer accepted).
    pub(crate) fn agreed(seats: usize, computer: bool) -> Finish {
        let cause = if computer { EndCause::ComputerAgreed } else { EndCause::Agreed };
        Finish { cause, places: vec![1; seats], scores: None }
    }

    /// Aborted by `seat`.
    pub(crate) fn aborted(seat: u8, how: super::AbortCause) -> Finish {
        Finish { cause: EndCause::Aborted { seat, how }, places: Vec::new(), scores: None }
    }

    /// `loser` ran out of time in `record`, whose position is `position`: last of
    /// those still playing, with the seats that left earlier (`Position::has_left`)
    /// below it.
    pub(crate) fn timed_out(record: &GameRecord, position: &Position, loser: u8) -> Finish {
        let n = record.seats.len() as u8;
        let gone: Vec<u8> = (0..n).filter(|s| position.has_left(Seat(*s))).collect();
        let playing = n - gone.len() as u8;
        let places = (0..n)
            .map(|s| {
                if gone.contains(&s) {
                    playing + 1
                } else if s == loser {
                    playing
                } else {
                    1
                }
            })
            .collect();
        Finish { cause: EndCause::TimedOut { seat: loser }, places, scores: None }
    }

    /// The store's name of the reason.
    pub(crate) fn reason(&self) -> EndReason {
        match self.cause {
            EndCause::Rules { .. } => EndReason::Finished,
            EndCause::Resigned { .. } => EndReason::Resigned,
            EndCause::Agreed | EndCause::ComputerAgreed => EndReason::DrawnByAgreement,
            EndCause::TimedOut { .. } => EndReason::TimedOut,
            EndCause::Aborted { .. } => EndReason::Aborted,
        }
    }

    fn reason_key(&self) -> Option<&str> {
        match &self.cause {
            EndCause::Rules { reason } => Some(reason),
            _ => None,
        }
    }
}

/// True when every seat of `record` has made a move.
pub(crate) fn everyone_moved(record: &GameRecord) -> bool {
    (0..record.seats.len()).all(|s| record.moves.iter().any(|m| usize::from(m.seat) == s))
}

/// The record `record` becomes once `finish` is stored at `now`, as the store would
/// read it back: the messages are made from it before the write.
pub(crate) fn after(record: &GameRecord, finish: &Finish, now: Millis) -> GameRecord {
    let mut after = record.clone();
    after.status = store::Status::Over;
    after.draw_offer = None;
    after.takeback = None;
    after.turn_deadline = None;
    after.result = Some(store::GameResult {
        places: finish.places.clone(),
        scores: finish.scores.clone(),
        end_reason: finish.reason(),
        reason_key: finish.reason_key().map(str::to_string),
        ended_at: now,
    });
    after
}

/// Ends `after`'s game in `tx` (only while it is at `expected_ply`, when given): the
/// result, the ratings, the event. `after` is the record the ending produces
/// ([`after`]); returns the message of the rating changes, if the game was rated.
pub(crate) fn finish_in(
    tx: &Transaction,
    after: &GameRecord,
    expected_ply: Option<u32>,
    finish: &Finish,
    config: &RatingConfig,
    now: Millis,
) -> Result<Option<Outgoing1>, StoreError> {
    let game = after.id;
    let (_, changes) = match &finish.cause {
        EndCause::Rules { reason } => {
            store::end_by_rules(tx, game, &finish.places, finish.scores.as_deref(), Some(reason), now, config)?
        }
        _ => {
            let ending = Ending {
                reason: finish.reason(),
                places: finish.places.clone(),
                scores: finish.scores.clone(),
                expected_ply,
                now,
            };
            store::end_game(tx, game, &ending, config)?
        }
    };
    let rated = after.rated && finish.reason() != EndReason::Aborted;
    let event = Event::GameEnded { game: game.0, cause: finish.cause.clone(), rated, places: finish.places.clone() };
    subscribers::record(tx, &event, now)?;
    let seats = Seats::of(after);
    Ok(rating_reply(after, &changes, config, &seats).map(|r| (r, None)))
}

/// An ending outside a move, as a use case asks for it.
pub(crate) struct EndOrder<'a> {
    /// The game as last read.
    pub(crate) record: &'a GameRecord,
    /// How it ends.
    pub(crate) finish: Finish,
    /// The message that says it, from how the result reads.
    pub(crate) say: Box<dyn FnOnce(super::Ending) -> Message + 'a>,
    /// The request that ends it, if any (a resignation, an agreed draw).
    pub(crate) asking: Option<Asking>,
    /// Only while the turn's deadline is still this one (a timeout): a move made in
    /// time wins.
    pub(crate) deadline: Option<Millis>,
}

/// Ends a game outside a move: the result, the ratings and the event, with the final
/// board (everyone mentioned) and the rating changes, in one transaction. Returns the
/// request's answer (none without a request), or `None` when the game had moved on
/// from what the order saw (a timeout after a move made in time).
pub(crate) fn end(inner: &Inner, order: EndOrder<'_>) -> Result<Option<Vec<Reply>>, Failure> {
    let record = order.record;
    let now = inner.clock.now();
    let after = after(record, &order.finish, now);
    let (position, last) = boards::replayed(record, None)?;
    let seats = Seats::of(&after);
    let Next::Over(ending) = boards::next(inner, &after, &position, &seats) else {
        return Err(Failure::Internal(format!("game {} ended without a result", record.public_id)));
    };
    let mut board = board_reply(inner, &after, &position, last, &seats, (order.say)(ending));
    board.mentions = seats.users(|_| true);
    let platform = match &order.asking {
        Some(asking) => asking.platform,
        None => people::platform_of(inner, record)?,
    };
    let (config, ply, deadline, finish, asking) =
        (*inner.store.rating_config(), record.ply, order.deadline, order.finish, order.asking);
    let said: Vec<Outgoing1> = vec![(board, Some((after.id, after.ply)))];
    let game = after.id;
    let ended = inner.store.write(move |tx| {
        if let Some(deadline) = deadline {
            if store::turn_deadline_of(tx, after.id)? != Some(deadline) {
                return Ok(None);
            }
        }
        let mut said = said;
        said.extend(finish_in(tx, &after, Some(ply), &finish, &config, now)?);
        if let Some(key) = asking.as_ref().and_then(|a| a.via.key.as_deref()) {
            store::note_request(tx, key, now)?;
        }
        outbox::record(tx, asking.as_ref(), platform, after.community, said, now).map(Some)
    });
    let answers = match ended {
        Ok(answers) => answers,
        Err(StoreError::MovedOn | StoreError::GameOver) if deadline.is_some() => None,
        Err(e) => return Err(e.into()),
    };
    if answers.is_some() {
        inner.changed();
        inner.game_changed(game);
    }
    Ok(answers)
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
