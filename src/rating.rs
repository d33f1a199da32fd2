//! Glicko-2 ratings through the `skillratings` crate: pure functions, no storage.
//!
//! A game of two or more seats counts as the pairwise results between all its seats
//! (a better place wins, a shared place draws), all in one rating period.
//!
//! ```
//! use boardbot::rating::{rate_game, Rating, RatingConfig};
//!
//! let config = RatingConfig::default();
//! let new = rate_game(&[config.start, config.start], &[1, 2], &config);
//! assert!(new[0].rating > 1500.0 && new[1].rating < 1500.0);
//! assert_eq!(new[0].display(&config), "1662?");
//! ```

use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating, 1500 at the start.
    pub rating: f64,
    /// How uncertain it is (rating deviation), 350 at the start.
    pub deviation: f64,
    /// How erratic the player's results are, 0.06 at the start.
    pub volatility: f64,
}

impl Rating {
    /// True while the deviation is above the configured threshold.
    ///
    /// ```
    /// use boardbot::rating::{Rating, RatingConfig};
    /// let c = RatingConfig::default();
    /// assert!(c.start.is_provisional(&c));
    /// assert!(!Rating { rating: 1600.0, deviation: 80.0, volatility: 0.06 }.is_provisional(&c));
    /// ```
    pub fn is_provisional(&self, config: &RatingConfig) -> bool {
        self.deviation > config.provisional_deviation
    }

    /// The rating for people: rounded, with `?` while provisional (`1512?`).
    ///
    /// ```
    /// use boardbot::rating::{Rating, RatingConfig};
    /// let r = Rating { rating: 1511.6, deviation: 200.0, volatility: 0.06 };
    /// assert_eq!(r.display(&RatingConfig::default()), "1512?");
    /// ```
    pub fn display(&self, config: &RatingConfig) -> String {
        let mark = if self.is_provisional(config) { "?" } else { "" };
        format!("{:.0}{mark}", self.rating)
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Self {
        Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Self {
        Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
    }
}

/// The constants of the rating system.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingConfig {
    /// A new player's rating: 1500 / 350 / 0.06.
    pub start: Rating,
    /// Glicko-2's tau, which limits how fast volatility changes: 0.5.
    pub tau: f64,
    /// Above this deviation a rating is provisional: 110.
    pub provisional_deviation: f64,
}

impl Default for RatingConfig {
    fn default() -> Self {
        RatingConfig {
            start: Rating { rating: 1500.0, deviation: 350.0, volatility: 0.06 },
            tau: 0.5,
            provisional_deviation: 110.0,
        }
    }
}

/// One rating period: `player` against each opponent with a score of 1 (win), 0.5
/// (draw) or 0 (loss).
///
/// Glickman's worked example:
///
/// ```
/// use boardbot::rating::{rate_period, Rating, RatingConfig};
///
/// let r = |rating, deviation| Rating { rating, deviation, volatility: 0.06 };
/// let new = rate_period(
///     r(1500.0, 200.0),
///     &[(r(1400.0, 30.0), 1.0), (r(1550.0, 100.0), 0.0), (r(1700.0, 300.0), 0.0)],
///     &RatingConfig::default(),
/// );
/// assert!((new.rating - 1464.06).abs() < 0.01);
/// assert!((new.deviation - 151.52).abs() < 0.01);
/// assert!((new.volatility - 0.05999).abs() < 0.00001);
/// ```
pub fn rate_period(player: Rating, results: &[(Rating, f64)], config: &RatingConfig) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|(opponent, score)| {
            let outcome = if *score > 0.5 {
                Outcomes::WIN
            } else if *score < 0.5 {
                Outcomes::LOSS
            } else {
                Outcomes::DRAW
            };
            ((*opponent).into(), outcome)
        })
        .collect();
    let glicko = Glicko2Config { tau: config.tau, ..Glicko2Config::new() };
    let new: Rating = glicko2_rating_period(&player.into(), &results, &glicko).into();
    // Guards against a NaN from degenerate input reaching the database.
    if new.rating.is_finite() && new.deviation.is_finite() && new.volatility.is_finite() {
        new
    } else {
        player
    }
}

/// The new ratings of every seat of a game, given the ratings before and each seat's
/// place (1 for first, ties sharing a place): the pairwise results between all seats in
/// one rating period.
///
/// ```
/// use boardbot::rating::{rate_game, RatingConfig};
///
/// let c = RatingConfig::default();
/// // Cabale with three players: seat 1 first, seats 0 and 2 share second.
/// let new = rate_game(&[c.start; 3], &[2, 1, 2], &c);
/// assert!(new[1].rating > 1500.0);
/// assert_eq!(new[0], new[2]);
/// ```
pub fn rate_game(before: &[Rating], places: &[u8], config: &RatingConfig) -> Vec<Rating> {
    before
        .iter()
        .enumerate()
        .map(|(i, me)| {
            let Some(my_place) = places.get(i) else { return *me };
            let results: Vec<(Rating, f64)> = before
                .iter()
                .zip(places)
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, (them, their_place))| {
                    let score = match my_place.cmp(their_place) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                    (*them, score)
                })
                .collect();
            rate_period(*me, &results, config)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glickman_worked_example() {
        let r = |rating, deviation| Rating { rating, deviation, volatility: 0.06 };
        let new = rate_period(
            r(1500.0, 200.0),
            &[(r(1400.0, 30.0), 1.0), (r(1550.0, 100.0), 0.0), (r(1700.0, 300.0), 0.0)],
            &RatingConfig::default(),
        );
        assert!((new.rating - 1464.06).abs() < 0.01, "{new:?}");
        assert!((new.deviation - 151.52).abs() < 0.01, "{new:?}");
        assert!((new.volatility - 0.05999).abs() < 0.00001, "{new:?}");
    }

    #[test]
    fn a_draw_between_equals_changes_only_the_deviation() {
        let c = RatingConfig::default();
        let new = rate_game(&[c.start, c.start], &[1, 1], &c);
        assert!((new[0].rating - 1500.0).abs() < 1e-9);
        assert!(new[0].deviation < 350.0);
    }

    #[test]
    fn a_four_player_game_is_zero_sum_for_equals() {
        let c = RatingConfig::default();
        let new = rate_game(&[c.start; 4], &[1, 2, 2, 4], &c);
        let sum: f64 = new.iter().map(|r| r.rating - 1500.0).sum();
        assert!(sum.abs() < 1e-6, "{new:?}");
        assert!(new[0].rating > new[1].rating && new[1].rating > new[3].rating);
    }
}
