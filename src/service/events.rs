//! What happened, as typed events recorded in the same transaction as the change.
//!
//! The mover (`mover.rs`) records a [`Event::MovePlayed`] for every move, the finisher
//! (`finisher.rs`) a [`Event::GameEnded`] for every end, whatever caused it, and the
//! challenges their own. An event is a row of the store's `events`, written with the
//! change or not at all (`subscribers::record`); the subscribers that want it get a
//! queue row beside it and handle it exactly once, later, on the service's own thread.
//! Anything that must happen when a game ends (a tournament's next round, the
//! computer's review) is a subscriber: nothing calls it from a use case.

use serde::{Deserialize, Serialize};

use super::message::AbortCause;
use crate::games::GameKind;
use crate::store::{self, GameId};

/// Who made a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MovedBy {
    /// A person, by a request.
    Person,
    /// The computer.
    Computer,
    /// The clock: a seat out of time left a game of three or four.
    Clock,
    /// A person's conditional move (`premove`), played when the move before it
    /// matched one of their lines.
    Conditional,
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "cause", rename_all = "snake_case")]
pub enum EndCause {
    /// The rules ended it (a win, a draw by the rules, a repetition draw); `reason` is
    /// the game's end key (`seven_reds`, `repetition` …).
    Rules {
        /// The rules' end key.
        reason: String,
    },
    /// A seat resigned.
    Resigned {
        /// The seat.
        seat: u8,
    },
    /// The players agreed a draw.
    Agreed,
    /// The computer accepted a person's draw offer.
    ComputerAgreed,
    /// A seat ran out of time.
    TimedOut {
        /// The seat.
        seat: u8,
    },
    /// Stopped without a result.
    Aborted {
        /// The seat that stopped it.
        seat: u8,
        /// How.
        how: AbortCause,
    },
}

impl EndCause {
    /// A short name of the cause, for logs and metrics.
    pub fn name(&self) -> &'static str {
        match self {
            EndCause::Rules { .. } => "rules",
            EndCause::Resigned { .. } => "resigned",
            EndCause::Agreed => "agreed",
            EndCause::ComputerAgreed => "computer_agreed",
            EndCause::TimedOut { .. } => "timed_out",
            EndCause::Aborted { .. } => "aborted",
        }
    }
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A challenge was made.
    ChallengeMade {
        /// The challenge's number.
        challenge: i64,
        /// Its game.
        kind: GameKind,
    },
    /// A challenged person accepted; `game` when it began (everyone accepted).
    ChallengeAccepted {
        /// The challenge's number.
        challenge: i64,
        /// The game it began.
        game: Option<i64>,
    },
    /// A challenged person declined.
    ChallengeDeclined {
        /// The challenge's number.
        challenge: i64,
    },
    /// The challenger took it back.
    ChallengeCancelled {
        /// The challenge's number.
        challenge: i64,
    },
    /// It expired unanswered.
    ChallengeExpired {
        /// The challenge's number.
        challenge: i64,
    },
    /// A game began.
    GameStarted {
        /// Its row.
        game: i64,
        /// Its game.
        kind: GameKind,
        /// Whether it counts for ratings.
        rated: bool,
    },
    /// A move was stored.
    MovePlayed {
        /// The game's row.
        game: i64,
        /// The move's number.
        ply: u32,
        /// The seat that made it.
        seat: u8,
        /// Its canonical text.
        text: String,
        /// Who made it.
        by: MovedBy,
    },
    /// The last move was taken back.
    MoveTakenBack {
        /// The game's row.
        game: i64,
        /// The move taken back.
        ply: u32,
    },
    /// A seat offered a draw.
    DrawOffered {
        /// The game's row.
        game: i64,
        /// The seat.
        seat: u8,
    },
    /// A game ended, whatever ended it.
    GameEnded {
        /// The game's row.
        game: i64,
        /// Why.
        #[serde(flatten)]
        cause: EndCause,
        /// Whether it was rated (and rated now: an aborted game never is).
        rated: bool,
        /// Places by seat (empty when aborted).
        places: Vec<u8>,
    },
}

impl Event {
    /// The event's kind as stored (`move_played` …).
    pub fn kind(&self) -> &'static str {
        match self {
            Event::ChallengeMade { .. } => "challenge_made",
            Event::ChallengeAccepted { .. } => "challenge_accepted",
            Event::ChallengeDeclined { .. } => "challenge_declined",
            Event::ChallengeCancelled { .. } => "challenge_cancelled",
            Event::ChallengeExpired { .. } => "challenge_expired",
            Event::GameStarted { .. } => "game_started",
            Event::MovePlayed { .. } => "move_played",
            Event::MoveTakenBack { .. } => "move_taken_back",
            Event::DrawOffered { .. } => "draw_offered",
            Event::GameEnded { .. } => "game_ended",
        }
    }

    /// The game the event is about, if any.
    pub fn game(&self) -> Option<GameId> {
        match self {
            Event::ChallengeAccepted { game, .. } => game.map(GameId),
            Event::GameStarted { game, .. }
            | Event::MovePlayed { game, .. }
            | Event::MoveTakenBack { game, .. }
            | Event::DrawOffered { game, .. }
            | Event::GameEnded { game, .. } => Some(GameId(*game)),
            Event::ChallengeMade { .. }
            | Event::ChallengeDeclined { .. }
            | Event::ChallengeCancelled { .. }
            | Event::ChallengeExpired { .. } => None,
        }
    }

    /// Reads a stored event back; `None` for a row this version does not know.
    pub fn read(stored: &store::StoredEvent) -> Option<Event> {
        serde_json::from_str(&stored.payload).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_read_back_as_they_were_written() {
        let events = [
            Event::MovePlayed { game: 3, ply: 7, seat: 1, text: "d2-N".into(), by: MovedBy::Computer },
            Event::MovePlayed { game: 3, ply: 8, seat: 0, text: "a7-S".into(), by: MovedBy::Conditional },
            Event::GameEnded {
                game: 3,
                cause: EndCause::Rules { reason: "seven_reds".into() },
                rated: true,
                places: vec![1, 2],
            },
            Event::GameEnded {
                game: 4,
                cause: EndCause::Aborted { seat: 0, how: AbortCause::TimedOut },
                rated: false,
                places: vec![],
            },
            Event::ChallengeExpired { challenge: 9 },
        ];
        for e in events {
            let json = serde_json::to_string(&e).expect("json");
            let stored = store::StoredEvent {
                id: store::EventId(1),
                kind: e.kind().to_string(),
                game: e.game(),
                payload: json.clone(),
                at: 0,
            };
            assert_eq!(Event::read(&stored), Some(e.clone()), "{json}");
        }
    }
}
