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

/// A move stored: what the store said, and the game as it now stands.
pub(crate) struct Stored {
    pub(crate) stored: store::MoveStored,
    /// The game after the move, made from the record the move was played on (the
    /// write was conditional on its ply and position, so nothing else changed it).
    pub(crate) record: GameRecord,
}

/// Stores a move played on `position` (already advanced) with the next turn's
/// deadline, and `also` in the same transaction (the outbox's messages).
pub(crate) fn store_move(
    inner: &Inner,
    record: &GameRecord,
    position: &Position,
    text: &str,
    also: Option<AlsoWrite>,
) -> Result<Stored> {
    let m = record_for(inner, record, position, text);
    let config = *inner.store.rating_config();
    let (time_control, game, now) = (record.time_control, record.id, m.now);
    let next = (!position.is_over())
        .then(|| record.seats.iter().find(|s| s.seat == position.to_move().0).map(|s| s.holder.clone()))
        .flatten();
    // The common case, a move that ends nothing in a game without a clock, with
    // nothing else to write: the store's cheapest durable write.
    if also.is_none() && time_control.is_none() && !position.is_over() {
        let stored = inner.store.record_move_alone(m)?;
        inner.wake_scheduler();
        let after = boards::after_one_move(record, position, &stored.text, now);
        return Ok(Stored { stored, record: after });
    }
    let (stored, deadline) = inner.store.write(move |tx| {
        let stored = store::record_move(tx, &m, &config)?;
        let mut deadline = None;
        // A game without a time control never has a deadline: nothing to write.
        if stored.result.is_none() && time_control.is_some() {
            deadline = clocks::deadline_for(tx, time_control, next.as_ref(), now)?;
            store::set_turn_deadline(tx, game, deadline)?;
        }
        if let Some(also) = also {
            also(tx)?;
        }
        Ok((stored, deadline))
    })?;
    inner.wake_scheduler();
    let mut after = boards::after_one_move(record, position, &stored.text, now);
    if stored.result.is_none() {
        after.turn_deadline = deadline;
    }
    Ok(Stored { stored, record: after })
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
    let seats = Seats::of(record);
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::config::Platform;
    use crate::games::GameKind;
    use crate::service::{
        Actor, Command, First, Place, Request, Service, ServiceOptions, SystemClock, Target, TimeAsked,
    };

    fn ask(service: &Service, who: &str, command: Command) -> Vec<Reply> {
        let request = Request { actor: Actor::new(Platform::Terminal, who, who), place: Place::default(), command };
        service.handle(&request)
    }

    fn challenge(service: &Service, rated: bool, start: Option<&str>, time: Option<TimeAsked>) {
        let bob = Target::User { user_id: "bob".to_string(), display_name: "bob".to_string(), is_bot: false };
        let command = Command::Challenge {
            kind: GameKind::Kuba,
            opponents: vec![bob],
            rated,
            first: First::Me,
            level: None,
            settings: None,
            start: start.map(str::to_string),
            time,
        };
        let r = ask(service, "alice", command);
        assert!(!r[0].only_actor, "{r:?}");
        let r = ask(service, "bob", Command::Accept { kind: GameKind::Kuba, challenge: None });
        assert!(!r[0].only_actor, "{r:?}");
    }

    /// Plays `plies` moves of the last game through `store_move`, checking each time
    /// that the record it gives back is the one the store reads.
    fn play_and_compare(service: &Service, plies: usize) -> GameRecord {
        let inner = &service.inner;
        let game = *inner.store.read(store::all_games).expect("games").last().expect("a game");
        let mut record = inner.store.load_game(game).expect("load");
        for k in 0..plies {
            if record.status == store::Status::Over {
                break;
            }
            let mut position = boards::current(&record).expect("position");
            let moves = position.legal_moves();
            let played = position.play(&moves[(k * 7) % moves.len()]).expect("legal");
            let Stored { record: after, .. } =
                store_move(inner, &record, &position, &played.text, None).expect("stored");
            let read = inner.store.load_game(game).expect("load");
            assert_eq!(after, read, "after ply {}", k + 1);
            record = read;
        }
        record
    }

    #[test]
    fn the_record_after_a_move_is_the_one_the_store_reads_back() {
        let dir = std::env::temp_dir().join(format!("boardbot-moves-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("folder");
        let store = store::Store::open(&dir.join("moves.sqlite")).expect("store");
        let options = ServiceOptions { scheduler: false, ..ServiceOptions::default() };
        let service = Service::start(store, Arc::new(SystemClock), options).expect("service");
        // Rated, with a clock: the next turn's deadline comes from the write.
        challenge(&service, true, None, Some(TimeAsked::Days(3)));
        let record = play_and_compare(&service, 12);
        assert!(record.turn_deadline.is_some() && record.ply == 12, "{record:?}");
        // Casual, without a clock: the store's one-statement write.
        challenge(&service, false, None, Some(TimeAsked::Unlimited));
        let record = play_and_compare(&service, 6);
        assert!(record.turn_deadline.is_none() && record.ply == 6, "{record:?}");
        // A move that ends the game: the result as the store wrote it.
        challenge(&service, false, Some("7/7/7/7/7/7/5WB w 0-0 -"), Some(TimeAsked::Unlimited));
        let inner = &service.inner;
        let game = *inner.store.read(store::all_games).expect("games").last().expect("a game");
        let record = inner.store.load_game(game).expect("load");
        let mut position = boards::current(&record).expect("position");
        let played = position.play_text("f1-E").expect("legal");
        let Stored { record: after, .. } = store_move(inner, &record, &position, &played.text, None).expect("stored");
        assert_eq!(after, inner.store.load_game(game).expect("load"));
        assert_eq!(after.status, store::Status::Over);
        drop(service);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
