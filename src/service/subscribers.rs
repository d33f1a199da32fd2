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

/// A subscriber of events: the one typed list of them. Its handler is named by an
/// exhaustive `match` in `dispatcher::handler`, so a subscriber without a handler
/// does not compile; the name its queue rows carry is [`Subscriber::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Subscriber {
    /// A tournament's round advances when its last game ends, whatever ended it
    /// (`tournaments::on_game_ended`).
    Tournaments,
    /// The computer's review of a finished game, by `[analysis] after_game`
    /// (`reviews::on_event`).
    Reviews,
    /// Conditional moves: a move that matches a line is answered, the others dropped;
    /// a takeback or the end clears them (`premoves::on_event`). Only games with
    /// lines.
    Premoves,
    /// Puzzles looked for in a game once its review is stored (`puzzles::on_event`).
    Puzzles,
    /// In unit tests, the one subscriber: of every game's end
    /// (`subscribers::tests::hear`).
    #[cfg(test)]
    TestEnds,
}

impl Subscriber {
    /// Every subscriber of the running bot.
    pub(crate) const ALL: [Subscriber; 4] =
        [Subscriber::Tournaments, Subscriber::Reviews, Subscriber::Premoves, Subscriber::Puzzles];

    /// Its name, as its queue rows carry it; never change one (rows queued under the
    /// old name would wait forever).
    pub(crate) fn name(self) -> &'static str {
        match self {
            Subscriber::Tournaments => "tournaments",
            Subscriber::Reviews => "reviews",
            Subscriber::Premoves => "premoves",
            Subscriber::Puzzles => "puzzles",
            #[cfg(test)]
            Subscriber::TestEnds => "test-ends",
        }
    }

    /// Whether it wants `event`.
    pub(crate) fn wants(self, event: &Event) -> bool {
        match self {
            Subscriber::Tournaments | Subscriber::Reviews => matches!(event, Event::GameEnded { .. }),
            Subscriber::Premoves => {
                matches!(event, Event::MovePlayed { .. } | Event::MoveTakenBack { .. } | Event::GameEnded { .. })
            }
            Subscriber::Puzzles => matches!(event, Event::ReviewStored { .. }),
            #[cfg(test)]
            Subscriber::TestEnds => matches!(event, Event::GameEnded { .. }),
        }
    }

    /// Whether it wants an event [`Subscriber::wants`] took, asked of the event's
    /// game by the store in the statement that records it: a subscriber of every move
    /// that has something to do in few games (conditional moves) is queued only for
    /// those, and costs the others nothing. `None`: every such event.
    pub(crate) fn only_if(self) -> Option<QueueIf> {
        match self {
            Subscriber::Premoves => Some(QueueIf::GameHasPremoves),
            Subscriber::Tournaments | Subscriber::Reviews | Subscriber::Puzzles => None,
            #[cfg(test)]
            Subscriber::TestEnds => None,
        }
    }
}

/// How a subscriber handles `event` (row `id`), in the transaction that removes it
/// from its queue. Each subscriber's is named in `dispatcher::handler`: the handlers
/// begin games and end them, which records events again, so the list here (read
/// when an event is recorded) cannot name them without an import cycle.
pub(crate) type Handle = fn(&Inner, &Transaction, &Event, EventId) -> Result<(), StoreError>;

/// The subscribers that run: [`Subscriber::ALL`]; in unit tests, the test's own
/// (the bot's would start reviews and tournament rounds in every unit test).
pub(crate) fn all() -> &'static [Subscriber] {
    #[cfg(test)]
    {
        &[Subscriber::TestEnds]
    }
    #[cfg(not(test))]
    {
        &Subscriber::ALL
    }
}

/// The subscribers that want `event`: those that want it whatever holds, and those
/// that want it when their condition holds of its game.
pub(crate) fn wanting(event: &Event) -> (Vec<&'static str>, Vec<(&'static str, QueueIf)>) {
    let mut always = Vec::new();
    let mut only_if = Vec::new();
    for s in all().iter().filter(|s| s.wants(event)) {
        match s.only_if() {
            Some(condition) => only_if.push((s.name(), condition)),
            None => always.push(s.name()),
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

    /// The subscriber whose queue rows carry `name`.
    fn named(name: &str) -> Option<Subscriber> {
        all().iter().chain(Subscriber::ALL.iter()).copied().find(|s| s.name() == name)
    }

    /// The names queue rows carry, which databases hold: each names its subscriber
    /// back, none twice, and the bot's are the ones it has always written.
    #[test]
    fn names_round_trip() {
        let names: Vec<&str> = Subscriber::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(names, ["tournaments", "reviews", "premoves", "puzzles"]);
        for s in Subscriber::ALL.iter().chain(all()) {
            assert_eq!(named(s.name()), Some(*s));
        }
        assert_eq!(named("test-ends"), Some(Subscriber::TestEnds));
        assert_eq!(named("Reviews"), None);
        assert_eq!(named(""), None);
    }

    /// What each wants, as the bot has always queued it.
    #[test]
    fn what_each_wants() {
        let cause = super::super::events::EndCause::Rules { reason: "seven_reds".into() };
        let ended = Event::GameEnded { game: 1, cause, rated: false, places: vec![1, 2] };
        let moved = Event::MoveTakenBack { game: 1, ply: 2 };
        let wanting = |e: &Event| Subscriber::ALL.iter().filter(|s| s.wants(e)).map(|s| s.name()).collect::<Vec<_>>();
        assert_eq!(wanting(&ended), ["tournaments", "reviews", "premoves"]);
        assert_eq!(wanting(&moved), ["premoves"]);
        assert_eq!(wanting(&Event::ReviewStored { game: 1 }), ["puzzles"]);
        assert_eq!(Subscriber::Premoves.only_if(), Some(QueueIf::GameHasPremoves));
        assert_eq!(Subscriber::Reviews.only_if(), None);
    }
}
