//! Tournaments' pairings and standings: round robins by Berger tables, Swiss
//! rounds as a minimum-cost perfect matching, scores and tie-breaks. Pure data in,
//! pure data out: no store, no clock, no chat, nothing of ours but this module
//! (the service calls it; nothing below the service may).
//!
//! # What the caller keeps and passes
//!
//! A tournament is its [`Entrant`]s (a player id, the player's Glicko-2 rating in
//! the tournament's game or `None` when unrated, and whether they withdrew) and
//! its [`Round`]s so far (each round's [`Game`]s, white and black and the result
//! once the game ended, and the player who had the bye, if any). Those are what
//! the store keeps; everything else (scores, colour histories, who met whom) is
//! computed from them on each call, so nothing here can drift from the stored
//! games.
//!
//! - **Round robin**: [`round_robin`] gives every round's pairings at once
//!   (Berger tables); all of them are started together, the rounds being only
//!   the schedule of colours. The order of the players given is their pairing
//!   number (the caller's seeding: by rating, say).
//! - **Swiss**: [`pair_swiss`] pairs the next round from the entrants and the
//!   rounds played; the service calls it when the last game of the current round
//!   ends. It refuses ([`PairingError::Unfinished`]) while a game of an earlier
//!   round has no result. [`default_swiss_rounds`] is the number of rounds a
//!   field needs when the creator did not say.
//! - **Standings**: [`standings`] ranks the entrants by points and tie-breaks at
//!   any moment (games without a result are left out); [`crosstable`] lays out a
//!   round robin's results for the picture.
//!
//! How a tournament runs on these calls:
//!
//! 1. At the start, a round robin stores every round of [`round_robin`] and
//!    starts all their games; a Swiss stores and starts [`pair_swiss`]'s first
//!    round (`rounds` empty). [`Round::from`] turns a [`Paired`] into the round
//!    to store, its games without results.
//! 2. When a game ends, its [`GameResult`] is stored ([`GameResult::key`] is a
//!    stable text for it). A game resigned because its player left the
//!    tournament, or lost on time before its loser made a move, is a forfeit;
//!    any other loss on time is an ordinary loss (the service counts those for
//!    the automatic withdrawal and sets [`Entrant::withdrawn`]).
//! 3. When the last game of a Swiss round ends and rounds remain, the next is
//!    [`pair_swiss`] of the entrants and all the rounds so far; a withdrawn
//!    entrant stays in the list (their past games count), marked withdrawn.
//! 4. [`standings`] at any time; at the end it is the final table.
//!
//! # Scores
//!
//! A win is 1 point, a draw ½, a loss 0. A result by forfeit
//! ([`GameResult::WhiteWonByForfeit`], [`GameResult::BlackWonByForfeit`]: a game
//! decided without being played out, as when a player withdrew and their running
//! game was resigned) counts the same as a win and a loss. A Swiss bye is worth a
//! win. A round robin's bye, with an odd field, is worth nothing: every player
//! has exactly one, all games run at once, and it is only the round of the
//! schedule in which that player has no game.
//!
//! # Tie-breaks
//!
//! Standings are sorted by points, then Sonneborn-Berger, then Buchholz (Swiss)
//! or the head-to-head score (round robin), then rating (unrated last), as
//! [`standings`] defines precisely. Players equal on all of these share a rank.
//!
//! Unplayed rounds follow FIDE's tie-break regulations of 2023 (C.07, "unplayed
//! rounds"): a player's own unplayed round (a bye, a forfeit won or lost, a round
//! missed after withdrawing) counts as a game against a *dummy opponent* whose
//! score is the player's own; and when an opponent's score is used, each round
//! that opponent *chose* not to play (a forfeit lost, a round missed after
//! withdrawing) counts as a draw, ½, instead of the 0 they scored.
//!
//! # Swiss pairing as a matching
//!
//! A Swiss round pairs the whole field at once: each player present is a vertex
//! (plus a "bye" vertex when the field is odd), every two are joined by an edge
//! whose cost encodes, in strict priority (each level weighs more than every
//! level below it can add up to over the whole round):
//!
//! 1. the two have met before (a repeat pair);
//! 2. the bye goes to a player who already had one;
//! 3. a player gets the same colour a third time in a row, or a colour that puts
//!    their whites and blacks more than 2 apart (FIDE's absolute colour rule);
//! 4. the difference of the two scores, squared (in half points), so that
//!    players meet others of equal or nearest score and one big float costs more
//!    than two small ones; the bye costs twice the square of the distance of its
//!    player's score from the lowest score, so it goes to the lowest score group
//!    rather than moving a higher player down;
//! 5. a player gets the colour they are not due (the one that does not bring
//!    their whites and blacks back together, or, when they are even, the one
//!    they had last; 2 when they are apart, 1 when even);
//! 6. rating order inside a score group: the top half meets the bottom half
//!    (1st–(n/2+1)th, 2nd–(n/2+2)th …), a player moved down meets the best of the
//!    lower group, the lowest-ranked player moves down or takes the bye.
//!
//! The perfect matching of least total cost is the round. So no pair meets twice
//! while any pairing of the whole field avoids it, no one has a second bye while
//! a pairing without more repeats avoids it, and so on down the list. The
//! absolute colour rule (3) weighs more than the scores (4), as in FIDE's rules
//! where it is absolute: two players who must both have white do not meet,
//! even if one of them has to float. Colours are then given on each
//! board by the same rules; when they tie, the higher-ranked player gets the
//! colour due, and when neither is due any (round 1), the higher-ranked player of
//! the 1st, 3rd, 5th … board takes white and of the 2nd, 4th … black. Ranks for
//! pairing are score, then rating (unrated last), then the order of entry.
//!
//! The matching is solved by [`integer_blossom`], Edmonds' blossom algorithm
//! (O(n³)) over `i128` weights, with no dependencies. It was chosen over
//! `rustworkx-core` (maintained, the same algorithm, but it brings petgraph,
//! ndarray, rayon and rand for one function), `mwmatching` (unmaintained since
//! 2018, `i32` weights: too narrow for six stacked levels) and `petgraph`'s and
//! `pathfinding`'s matchings (unweighted, or bipartite only). Pairing the fifth
//! round of a 200-player Swiss took 50 ms (median) on the project's 2-core
//! machine while other builds kept it 4 times oversubscribed, about 20 ms of
//! CPU time each (`cargo bench --bench pairing`); the target is 100 ms.
//!
//! ## How this differs from FIDE's Dutch system
//!
//! The Dutch system (C.04.3, which lichess runs through bbpPairings) pairs score
//! group by score group from the top, with a long list of absolute and quality
//! criteria evaluated on candidate pairings and transpositions. Ours looks at the
//! whole field at once with the priorities above. In practice: the same absolute
//! rules (no repeat pair, one bye each, no third colour in a row, no colour
//! difference over 2), kept whenever a pairing of the field keeps them (in that
//! order when not all can be), without Dutch's exemption for top scorers in the
//! last round, nor its rule that a player who won by forfeit gets no bye; floats are chosen by least total
//! squared score difference rather than top-down per group, so a float may be
//! placed lower in the table than Dutch would; no float history (Dutch avoids
//! floating the same player twice running); inside a group the fold (top half
//! against bottom half) is an aim weighed after colours, not the starting order
//! of transpositions; a forfeited game counts as a meeting (the bot did create
//! it) and gives its colour. The pairing is deterministic: the same entrants and
//! rounds always give the same round.
//!
//! ```
//! use boardbot::pairing::{pair_swiss, standings, Entrant, Format, Game, GameResult, Round};
//!
//! let entrants: Vec<Entrant> =
//!     [(1, Some(1800.0)), (2, Some(1700.0)), (3, None), (4, Some(1500.0))]
//!         .map(|(id, rating)| Entrant { id, rating, withdrawn: false })
//!         .to_vec();
//! // Round 1: by rating, the top half against the bottom half.
//! let first = pair_swiss(&entrants, &[])?;
//! let boards: Vec<(u64, u64)> = first.games.iter().map(|g| (g.white, g.black)).collect();
//! assert_eq!(boards, [(1, 4), (3, 2)]);
//! // Both games end: white wins on board 1, a draw on board 2.
//! let mut round = Round::from(first);
//! round.games[0].result = Some(GameResult::WhiteWon);
//! round.games[1].result = Some(GameResult::Draw);
//! let table = standings(Format::Swiss, &entrants, &[round.clone()])?;
//! assert_eq!((table[0].player, table[0].points.to_string()), (1, "1".to_string()));
//! // Round 2 pairs the leader with a player on ½, and nobody meets twice.
//! let second = pair_swiss(&entrants, &[round])?;
//! assert!(second.games.iter().all(|g| (g.white, g.black) != (1, 4) && (g.white, g.black) != (4, 1)));
//! # let _ = Game { white: 1, black: 2, result: None };
//! # Ok::<(), boardbot::pairing::PairingError>(())
//! ```

mod round_robin;
mod standings;
mod swiss;

use serde::{Deserialize, Serialize};

pub use round_robin::round_robin;
pub use standings::{crosstable, standings, Cell, Crosstable, Standing};
pub use swiss::{default_swiss_rounds, pair_swiss, MAX_SWISS_PLAYERS};

/// A player, as the caller numbers them (the store's player id).
pub type PlayerId = u64;

/// A side of a game: white is the first seat, black the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// The first seat.
    White,
    /// The second seat.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// How a tournament game ended, for the tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// White won.
    WhiteWon,
    /// Black won.
    BlackWon,
    /// A draw (or, in a game of more seats, a shared place).
    Draw,
    /// White won without the game being played out: black withdrew, or never
    /// showed up. Scored as a win; for tie-breaks an unplayed round.
    WhiteWonByForfeit,
    /// Black won by forfeit.
    BlackWonByForfeit,
}

impl GameResult {
    /// Every result, for tests and menus.
    pub const ALL: [GameResult; 5] = [
        GameResult::WhiteWon,
        GameResult::BlackWon,
        GameResult::Draw,
        GameResult::WhiteWonByForfeit,
        GameResult::BlackWonByForfeit,
    ];

    /// A short key that never changes, for storage (`white`, `black`, `draw`,
    /// `white_forfeit`, `black_forfeit`).
    pub fn key(self) -> &'static str {
        match self {
            GameResult::WhiteWon => "white",
            GameResult::BlackWon => "black",
            GameResult::Draw => "draw",
            GameResult::WhiteWonByForfeit => "white_forfeit",
            GameResult::BlackWonByForfeit => "black_forfeit",
        }
    }

    /// The result of a [`key`](Self::key).
    ///
    /// ```
    /// use boardbot::pairing::GameResult;
    /// assert!(GameResult::ALL.iter().all(|r| GameResult::from_key(r.key()) == Some(*r)));
    /// assert_eq!(GameResult::from_key("1-0"), None);
    /// ```
    pub fn from_key(key: &str) -> Option<GameResult> {
        GameResult::ALL.into_iter().find(|r| r.key() == key)
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Colour> {
        match self {
            GameResult::WhiteWon | GameResult::WhiteWonByForfeit => Some(Colour::White),
            GameResult::BlackWon | GameResult::BlackWonByForfeit => Some(Colour::Black),
            GameResult::Draw => None,
        }
    }

    /// Whether the game was decided without being played out.
    pub fn is_forfeit(self) -> bool {
        matches!(self, GameResult::WhiteWonByForfeit | GameResult::BlackWonByForfeit)
    }

    /// The points it gives the player of `colour`: 1, ½ or 0.
    pub fn points(self, colour: Colour) -> Points {
        match self.winner() {
            None => Points::HALF,
            Some(c) if c == colour => Points::ONE,
            Some(_) => Points::ZERO,
        }
    }
}

/// A score or a tie-break value, exact: counted in quarter points (a
/// Sonneborn-Berger value can end in ¼). Shown as a decimal: `3`, `4.5`, `6.25`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Points(u32);

impl Points {
    /// No point.
    pub const ZERO: Points = Points(0);
    /// Half a point: a draw.
    pub const HALF: Points = Points(2);
    /// One point: a win.
    pub const ONE: Points = Points(4);

    /// A value of `quarters` quarter points.
    pub const fn from_quarters(quarters: u32) -> Points {
        Points(quarters)
    }

    /// The value in quarter points.
    pub const fn quarters(self) -> u32 {
        self.0
    }

    /// The value as a number.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 4.0
    }

    /// The whole points and the quarters beyond them (`4.75` is `(4, 3)`), for a
    /// caller who writes fractions its own way (`4¾`, `4,75`).
    pub const fn parts(self) -> (u32, u32) {
        (self.0 / 4, self.0 % 4)
    }

    /// `self × other` for a result (`other` a whole or half point), exact while
    /// the product stays in quarters.
    fn times_result(self, result: Points) -> Points {
        // A result is 0, 2 or 4 quarters: the product of quarters is divided by 4.
        Points(self.0.saturating_mul(result.0) / 4)
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0.saturating_add(other.0))
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        *self = *self + other;
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

impl std::fmt::Display for Points {
    /// `3`, `4.5`, `6.25`, `0.75`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (whole, quarters) = self.parts();
        match quarters {
            0 => write!(f, "{whole}"),
            2 => write!(f, "{whole}.5"),
            q => write!(f, "{whole}.{}", q * 25),
        }
    }
}

/// A player entered in a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    /// Who.
    pub id: PlayerId,
    /// Their Glicko-2 rating in the tournament's game, `None` when unrated (or
    /// not a finite number). Decides round 1 of a Swiss and the last tie-break.
    pub rating: Option<f64>,
    /// Withdrawn (left, or removed after two losses on time): never paired
    /// again; rounds without them count as rounds they chose not to play.
    pub withdrawn: bool,
}

impl Entrant {
    /// The rating, when it is a finite number.
    fn rating(&self) -> Option<f64> {
        self.rating.filter(|r| r.is_finite())
    }
}

/// A board of a round to start: who has white, who has black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pairing {
    /// The first seat.
    pub white: PlayerId,
    /// The second seat.
    pub black: PlayerId,
}

/// A round's pairings: its boards in order (board 1 first) and the player who
/// has the bye, if the field is odd.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paired {
    /// The games to start.
    pub games: Vec<Pairing>,
    /// The player without a game this round.
    pub bye: Option<PlayerId>,
}

/// A tournament game and its result once it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Game {
    /// The first seat.
    pub white: PlayerId,
    /// The second seat.
    pub black: PlayerId,
    /// `None` while the game runs.
    pub result: Option<GameResult>,
}

/// A round as stored: its games with their results, and the bye.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The games, in board order.
    pub games: Vec<Game>,
    /// The player without a game this round.
    pub bye: Option<PlayerId>,
}

impl Round {
    /// Whether every game of the round has a result.
    pub fn is_finished(&self) -> bool {
        self.games.iter().all(|g| g.result.is_some())
    }
}

impl From<Paired> for Round {
    /// The round as it starts: its games without results.
    fn from(paired: Paired) -> Round {
        let games = paired.games.iter().map(|p| Game { white: p.white, black: p.black, result: None }).collect();
        Round { games, bye: paired.bye }
    }
}

/// The kind of tournament, which decides the bye's worth and the second
/// tie-break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Rounds paired one by one by score.
    Swiss,
    /// Everyone meets everyone once.
    RoundRobin,
}

/// Why a round could not be paired or standings computed: the caller's data is
/// inconsistent (an internal error, to log), or there is nobody left to pair.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// Fewer than two players are left to pair.
    #[error("fewer than two players are left to pair")]
    TooFew,
    /// More players than a round can be paired for.
    #[error("{0} players are more than a round can be paired for ({MAX_SWISS_PLAYERS} at most)")]
    TooMany(usize),
    /// An entrant is listed twice.
    #[error("player {0} is entered twice")]
    Duplicate(PlayerId),
    /// A round names a player who is not an entrant.
    #[error("round {round} names player {player}, who is not entered")]
    Unknown {
        /// The round, from 1.
        round: usize,
        /// The player.
        player: PlayerId,
    },
    /// A player has two games (or a game and the bye) in one round, or plays
    /// themself.
    #[error("player {player} appears twice in round {round}")]
    Twice {
        /// The round, from 1.
        round: usize,
        /// The player.
        player: PlayerId,
    },
    /// A game of an earlier round has no result yet.
    #[error("round {0} is not finished")]
    Unfinished(usize),
}

/// Checks that entrants are distinct and that each round names entrants, each
/// at most once; gives each entrant's index by id.
fn index(entrants: &[Entrant], rounds: &[Round]) -> Result<std::collections::HashMap<PlayerId, usize>, PairingError> {
    let mut at = std::collections::HashMap::with_capacity(entrants.len());
    for (i, e) in entrants.iter().enumerate() {
        if at.insert(e.id, i).is_some() {
            return Err(PairingError::Duplicate(e.id));
        }
    }
    for (r, round) in rounds.iter().enumerate() {
        let mut seen = std::collections::HashSet::new();
        let named = round.games.iter().flat_map(|g| [g.white, g.black]).chain(round.bye);
        for player in named {
            if !at.contains_key(&player) {
                return Err(PairingError::Unknown { round: r + 1, player });
            }
            if !seen.insert(player) {
                return Err(PairingError::Twice { round: r + 1, player });
            }
        }
    }
    Ok(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_print_as_decimals() {
        let shown: Vec<String> = [0, 1, 2, 3, 4, 10, 25].map(|q| Points::from_quarters(q).to_string()).to_vec();
        assert_eq!(shown, ["0", "0.25", "0.5", "0.75", "1", "2.5", "6.25"]);
        assert_eq!(Points::from_quarters(19).parts(), (4, 3));
    }

    #[test]
    fn results_give_points_by_colour() {
        assert_eq!(GameResult::WhiteWon.points(Colour::White), Points::ONE);
        assert_eq!(GameResult::WhiteWon.points(Colour::Black), Points::ZERO);
        assert_eq!(GameResult::Draw.points(Colour::Black), Points::HALF);
        assert_eq!(GameResult::BlackWonByForfeit.points(Colour::Black), Points::ONE);
        assert!(GameResult::BlackWonByForfeit.is_forfeit() && !GameResult::BlackWon.is_forfeit());
        let json = serde_json::to_string(&GameResult::WhiteWonByForfeit).unwrap_or_default();
        assert_eq!(json, "\"white_won_by_forfeit\"");
    }

    #[test]
    fn inconsistent_rounds_are_refused() {
        let e = |id| Entrant { id, rating: None, withdrawn: false };
        let entrants = [e(1), e(2), e(3)];
        let game = |white, black| Game { white, black, result: None };
        let round = |games: Vec<Game>, bye| Round { games, bye };
        assert_eq!(index(&[e(1), e(1)], &[]), Err(PairingError::Duplicate(1)));
        assert_eq!(
            index(&entrants, &[round(vec![game(1, 9)], None)]),
            Err(PairingError::Unknown { round: 1, player: 9 })
        );
        assert_eq!(
            index(&entrants, &[round(vec![game(1, 2)], Some(2))]),
            Err(PairingError::Twice { round: 1, player: 2 })
        );
        assert_eq!(
            index(&entrants, &[round(vec![game(3, 3)], None)]),
            Err(PairingError::Twice { round: 1, player: 3 })
        );
        assert!(index(&entrants, &[round(vec![game(1, 2)], Some(3))]).is_ok());
    }
}
