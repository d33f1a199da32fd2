//! The subscribers of events, all registered here: the one place that says who hears
//! what happened.
//!
//! A subscriber names the events it wants ([`Subscriber::wants`]); when one is
//! recorded ([`super::events::record`]) a queue row for each subscriber that wants it
//! is written in the same transaction. The dispatcher ([`super::dispatcher`], a thread of the
//! service) then hands each queued event to its subscriber inside a write
//! transaction that also removes the queue row: what the subscriber writes (a
//! tournament's next round, a review to run) and the removal commit together, so an
//! event is handled exactly once even across a crash, and a subscriber cannot miss a
//! game's end, whatever ended it. With several workers on one PostgreSQL database,
//! each queued event is taken by one of them (the others skip its locked row).
//!
//! A subscriber's `handle` runs inside the write: it reads and writes through the
//! transaction only, and does nothing slow (long work, like a review, is queued by
//! it and done elsewhere).

use super::events::Event;
use super::Inner;
use crate::store::{self, EventId, Millis, QueueIf, StoreError, Transaction};

/// A subscriber of events.
pub(crate) struct Subscriber {
    /// Its name, as its queue rows carry it; never change it (rows queued under the
    /// old name would wait forever).
    pub(crate) name: &'static str,
    /// Whether it wants `event`.
    pub(crate) wants: fn(&Event) -> bool,
    /// Whether it wants an event `wants` took, asked of the event's game by the store
    /// in the statement that records it: a subscriber of every move that has
    /// something to do in few games (conditional moves) is queued only for those, and
    /// costs the others nothing. `None`: every such event.
    pub(crate) only_if: Option<QueueIf>,
}

/// How a subscriber handles `event` (row `id`), in the transaction that removes it
/// from its queue. Each subscriber's is named in `dispatcher::handler`: the handlers
/// begin games and end them, which records events again, so the list here (read
/// when an event is recorded) cannot name them without an import cycle.
pub(crate) type Handle = fn(&Inner, &Transaction, &Event, EventId) -> Result<(), StoreError>;

/// Every subscriber.
pub(crate) fn all() -> &'static [Subscriber] {
    #[cfg(test)]
    {
        &tests::SUBSCRIBERS
    }
    #[cfg(not(test))]
    {
        &SUBSCRIBERS
    }
}

/// Every subscriber of the running bot.
#[cfg(not(test))]
static SUBSCRIBERS: [Subscriber; 3] = [
    // A tournament's round advances when its last game ends, whatever ended it
    // (`tournaments::on_game_ended`).
    Subscriber { name: "tournaments", wants: |e| matches!(e, Event::GameEnded { .. }), only_if: None },
    // The computer's review of a finished game, by `[analysis] after_game`
    // (`reviews::on_event`).
    Subscriber { name: "reviews", wants: |e| matches!(e, Event::GameEnded { .. }), only_if: None },
    // Conditional moves: a move that matches a line is answered, the others dropped; a
    // takeback or the end clears them (`premoves::on_event`). Only games with lines.
    Subscriber {
        name: "premoves",
        wants: |e| matches!(e, Event::MovePlayed { .. } | Event::MoveTakenBack { .. } | Event::GameEnded { .. }),
        only_if: Some(QueueIf::GameHasPremoves),
    },
];

/// The subscribers that want `event`: those that want it whatever holds, and those
/// that want it when their condition holds of its game.
pub(crate) fn wanting(event: &Event) -> (Vec<&'static str>, Vec<(&'static str, QueueIf)>) {
    let mut always = Vec::new();
    let mut only_if = Vec::new();
    for s in all().iter().filter(|s| (s.wants)(event)) {
        match s.only_if {
            Some(condition) => only_if.push((s.name, condition)),
            None => always.push(s.name),
        }
    }
    (always, only_if)
}

/// Records `event` in `tx`, queued for every subscriber that wants it.
pub(crate) fn record(tx: &Transaction, event: &Event, now: Millis) -> Result<EventId, StoreError> {
    let payload = serde_json::to_string(event).map_err(|e| StoreError::Internal(format!("an event: {e}")))?;
    let (always, only_if) = wanting(event);
    store::record_event_if(tx, event.kind(), event.game(), &payload, &always, &only_if, now)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// What the test subscriber heard, in order.
    pub(crate) static HEARD: std::sync::Mutex<Vec<(EventId, Event)>> = std::sync::Mutex::new(Vec::new());

    pub(crate) fn hear(_: &Inner, _: &Transaction, event: &Event, id: EventId) -> Result<(), StoreError> {
        if let Ok(mut heard) = HEARD.lock() {
            heard.push((id, event.clone()));
        }
        Ok(())
    }

    /// In unit tests: one subscriber of every game's end.
    pub(crate) static SUBSCRIBERS: [Subscriber; 1] =
        [Subscriber { name: "test-ends", wants: |e| matches!(e, Event::GameEnded { .. }), only_if: None }];
}
