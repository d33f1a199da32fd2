//! The values the store takes and gives.

use std::fmt;

use crate::ai::Level;
use crate::config::Platform;
use crate::games::GameKind;

/// Milliseconds since the Unix epoch (UTC), from the caller's clock.
pub type Millis = i64;

macro_rules! row_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub i64);
    };
}

row_id!(
    /// A player's row.
    PlayerId
);
row_id!(
    /// A community's row.
    CommunityId
);
row_id!(
    /// A game's row (internal; people see its [`PublicId`]).
    GameId
);
row_id!(
    /// A challenge's row.
    ChallengeId
);
row_id!(
    /// An outbox message's row.
    MessageId
);
row_id!(
    /// An event's row: events are numbered in the order they were recorded.
    EventId
);
row_id!(
    /// A tournament's row, also the number people type (`tournament:3`).
    TournamentId
);

/// The short id people type for a game (`K7Q2`): upper case, unique, never reused.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PublicId(pub(crate) String);

impl PublicId {
    /// Reads what someone typed (any case, surrounding spaces ignored).
    pub fn parse(text: &str) -> Option<PublicId> {
        let t = text.trim().trim_start_matches('#').to_ascii_uppercase();
        (!t.is_empty() && t.len() <= 12 && t.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(PublicId(t))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PublicId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatHolder {
    /// A person.
    Player(PlayerId),
    /// The computer, at a level.
    Computer(Level),
}

/// How long each turn of a game may take. A game without one has no deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum TimeControl {
    /// This many days per move.
    DaysPerMove(u32),
}

impl TimeControl {
    /// The days each move may take.
    pub fn days(self) -> u32 {
        match self {
            TimeControl::DaysPerMove(d) => d,
        }
    }

    /// The stored form, `days:3`.
    pub(crate) fn to_sql_text(self) -> String {
        match self {
            TimeControl::DaysPerMove(d) => format!("days:{d}"),
        }
    }

    /// Reads the stored form; `None` for a text no version of the bot wrote.
    pub(crate) fn from_sql_text(text: &str) -> Option<TimeControl> {
        text.strip_prefix("days:")?.parse().ok().filter(|d| *d > 0).map(TimeControl::DaysPerMove)
    }
}

/// Where a game is played: opaque ids of the platform's channel and thread (or room).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The channel or room.
    pub channel: Option<String>,
    /// The thread, where the platform has them.
    pub thread: Option<String>,
}

/// Whether a game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Moves are still expected.
    Ongoing,
    /// The game has ended.
    Over,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The rules ended it.
    Finished,
    /// A player resigned.
    Resigned,
    /// A player ran out of time.
    TimedOut,
    /// Stopped without a result; never rated.
    Aborted,
    /// The players agreed to a draw.
    DrawnByAgreement,
}

impl EndReason {
    /// The key stored in the database.
    pub fn key(self) -> &'static str {
        match self {
            EndReason::Finished => "finished",
            EndReason::Resigned => "resigned",
            EndReason::TimedOut => "timed_out",
            EndReason::Aborted => "aborted",
            EndReason::DrawnByAgreement => "drawn_by_agreement",
        }
    }

    /// The reason for a stored key.
    pub fn from_key(key: &str) -> Option<EndReason> {
        [EndReason::Finished, EndReason::Resigned, EndReason::TimedOut, EndReason::Aborted, EndReason::DrawnByAgreement]
            .into_iter()
            .find(|r| r.key() == key)
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Each seat's place, 1 for first, ties sharing a place (empty when aborted).
    pub places: Vec<u8>,
    /// Each seat's score where the game counts one.
    pub scores: Option<Vec<i32>>,
    /// Why it ended.
    pub end_reason: EndReason,
    /// The rules core's reason key when the rules ended it (`seven_reds`).
    pub reason_key: Option<String>,
    /// When.
    pub ended_at: Millis,
}

/// A player as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The row.
    pub id: PlayerId,
    /// The platform.
    pub platform: Platform,
    /// The platform's user id.
    pub user_id: String,
    /// The latest display name seen.
    pub display_name: String,
    /// When first seen.
    pub created_at: Millis,
}

/// One seat of a stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRecord {
    /// The seat index, in playing order.
    pub seat: u8,
    /// Who holds it.
    pub holder: SeatHolder,
    /// The player's display name, or the computer's level.
    pub name: String,
    /// The player's id on their platform (`None` for the computer).
    pub user_id: Option<String>,
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// 1 for the first move.
    pub ply: u32,
    /// Canonical text.
    pub text: String,
    /// The seat that played it.
    pub seat: u8,
    /// When.
    pub played_at: Millis,
}

/// A game as stored, with its moves.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The row.
    pub id: GameId,
    /// The id people type.
    pub public_id: PublicId,
    /// The game.
    pub kind: GameKind,
    /// The rule options as JSON, in the core's normal form.
    pub settings: String,
    /// The position the game started from, when not the start position.
    pub start_code: Option<String>,
    /// Counts for ratings.
    pub rated: bool,
    /// How long each turn may take; `None`: no deadline.
    pub time_control: Option<TimeControl>,
    /// The leaderboard scope.
    pub community: Option<CommunityId>,
    /// Where it is played.
    pub place: Place,
    /// The seats in playing order.
    pub seats: Vec<SeatRecord>,
    /// Whether it goes on.
    pub status: Status,
    /// How it ended, once over.
    pub result: Option<GameResult>,
    /// The number of moves played.
    pub ply: u32,
    /// The cached code of the current position.
    pub code: String,
    /// The seat to move (meaningless once over).
    pub to_move: u8,
    /// The seat whose draw offer is pending.
    pub draw_offer: Option<u8>,
    /// A pending takeback request: the seat that asked and the ply it would undo
    /// (stale once the game has moved past that ply).
    pub takeback: Option<(u8, u32)>,
    /// When the player to move runs out of time.
    pub turn_deadline: Option<Millis>,
    /// When created.
    pub created_at: Millis,
    /// When last changed.
    pub updated_at: Millis,
    /// The moves, the source of truth.
    pub moves: Vec<MoveRecord>,
}

impl GameRecord {
    /// The seat held by `player`, if any (the first one).
    pub fn seat_of(&self, player: PlayerId) -> Option<u8> {
        self.seats.iter().find(|s| s.holder == SeatHolder::Player(player)).map(|s| s.seat)
    }
}

/// A game to create.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// The game.
    pub kind: GameKind,
    /// The rule options as JSON; `None` for the defaults.
    pub settings: Option<String>,
    /// Start from this position code instead of the start position.
    pub start_code: Option<String>,
    /// Counts for ratings (never with a computer seat).
    pub rated: bool,
    /// How long each turn may take; `None`: no deadline.
    pub time_control: Option<TimeControl>,
    /// The leaderboard scope.
    pub community: Option<CommunityId>,
    /// Where it is played.
    pub place: Place,
    /// One holder per seat, in playing order.
    pub seats: Vec<SeatHolder>,
    /// The first turn's deadline.
    pub turn_deadline: Option<Millis>,
    /// Now.
    pub now: Millis,
}

/// What a stored move changed.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStored {
    /// The ply stored.
    pub ply: u32,
    /// The canonical text stored.
    pub text: String,
    /// The new position's code.
    pub code: String,
    /// The seat to move next.
    pub to_move: u8,
    /// The result when this move ended the game.
    pub result: Option<GameResult>,
    /// The rating changes a rated ending made.
    pub ratings: Vec<RatingChange>,
}

/// A game ended by the players or the clock rather than the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    /// Resigned, timed out, aborted or drawn by agreement (`Finished` is the rules').
    pub reason: EndReason,
    /// Each seat's place (ignored when aborted).
    pub places: Vec<u8>,
    /// Scores where the game counts them.
    pub scores: Option<Vec<i32>>,
    /// The game must still be at this ply: an ending decided on an older view fails.
    pub expected_ply: Option<u32>,
    /// Now.
    pub now: Millis,
}

/// A leaderboard scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// Everyone on every platform.
    Global,
    /// One community.
    Community(CommunityId),
}

impl Scope {
    pub(crate) fn key(self) -> i64 {
        match self {
            Scope::Global => 0,
            Scope::Community(c) => c.0,
        }
    }

    pub(crate) fn from_key(k: i64) -> Scope {
        if k == 0 {
            Scope::Global
        } else {
            Scope::Community(CommunityId(k))
        }
    }
}

/// A rating change made by a rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// Whose.
    pub player: PlayerId,
    /// Where.
    pub scope: Scope,
    /// Before.
    pub before: crate::rating::Rating,
    /// After.
    pub after: crate::rating::Rating,
}
