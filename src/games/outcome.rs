use serde::{Deserialize, Serialize};

/// A seat, numbered from 0 in playing order. What colour it has is the game's
/// business ([`crate::games::Game::seats`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index in playing order.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The place of each seat, in seat order: 1 for first; seats that tie share the
    /// place (`[1, 1]` is a two-player draw, `[1, 2, 2]` a win with a shared second).
    pub places: Vec<u8>,
    /// Each seat's final score where the game counts one, in seat order.
    pub scores: Option<Vec<i32>>,
    /// Why the game ended, for people: `white pushed off 7 red marbles`.
    pub reason: String,
}

impl Outcome {
    /// A win for `winner` in a game of `seats` seats, everyone else sharing second.
    pub fn win(seats: usize, winner: Seat, scores: Option<Vec<i32>>, reason: impl Into<String>) -> Self {
        let places = (0..seats).map(|i| if i == winner.index() { 1 } else { 2 }).collect();
        Outcome { places, scores, reason: reason.into() }
    }

    /// A result decided by scores alone: higher is better, equal scores share a place.
    pub fn by_scores(scores: Vec<i32>, reason: impl Into<String>) -> Self {
        let places = scores.iter().map(|s| 1 + scores.iter().filter(|t| *t > s).count() as u8).collect();
        Outcome { places, scores: Some(scores), reason: reason.into() }
    }

    /// A draw: every seat shares first place.
    pub fn draw(seats: usize, scores: Option<Vec<i32>>, reason: impl Into<String>) -> Self {
        Outcome { places: vec![1; seats], scores, reason: reason.into() }
    }

    /// The seats in first place, or none when every seat shares it (a draw), as
    /// `notation.md` defines `winners`.
    pub fn winners(&self) -> Vec<Seat> {
        if self.is_draw() {
            return Vec::new();
        }
        self.places.iter().enumerate().filter(|(_, p)| **p == 1).map(|(i, _)| Seat(i as u8)).collect()
    }

    /// True when every seat shares first place.
    pub fn is_draw(&self) -> bool {
        self.places.iter().all(|p| *p == 1)
    }

    /// The seat's share of the result in `0.0..=1.0`: the fraction of the other seats
    /// it finished ahead of, ties counting half. A two-player win is 1, a draw 0.5.
    pub fn reward(&self, seat: Seat) -> f64 {
        let n = self.places.len();
        if n < 2 {
            return 0.5;
        }
        let mine = self.places[seat.index()];
        let mut sum = 0.0;
        for (i, p) in self.places.iter().enumerate() {
            if i == seat.index() {
                continue;
            }
            sum += match mine.cmp(p) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            };
        }
        sum / (n - 1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_by_scores_share_ties() {
        let o = Outcome::by_scores(vec![10, 12, 10], "x");
        assert_eq!(o.places, vec![2, 1, 2]);
        assert_eq!(o.winners(), vec![Seat(1)]);
        let o = Outcome::by_scores(vec![12, 12, 3], "x");
        assert_eq!(o.winners(), vec![Seat(0), Seat(1)]);
        assert_eq!(o.reward(Seat(0)), 0.75);
        assert_eq!(o.reward(Seat(2)), 0.0);
    }

    #[test]
    fn draw_has_no_winners() {
        let o = Outcome::by_scores(vec![4, 4], "x");
        assert!(o.is_draw());
        assert!(o.winners().is_empty());
        assert_eq!(o.reward(Seat(1)), 0.5);
        let o = Outcome::win(2, Seat(1), None, "x");
        assert_eq!(o.winners(), vec![Seat(1)]);
        assert_eq!(o.reward(Seat(0)), 0.0);
    }
}
