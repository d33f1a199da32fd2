use std::fmt;
use std::ops::{Deref, DerefMut};

use serde::{Deserialize, Serialize};

use super::registry::{each_game, each_kind};
use super::{EndReason, GameKind, Phrase, Worded};

/// The most seats any game has (Cabale's four).
pub const MAX_SEATS: usize = 4;

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

/// One value per seat, for up to [`MAX_SEATS`] seats, kept inline so that results
/// and scores never allocate. It reads as a slice of the game's seats.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BySeat<T> {
    len: u8,
    values: [T; MAX_SEATS],
}

impl<T: Copy + Default> BySeat<T> {
    /// The values of the first `seats` seats (at most [`MAX_SEATS`]), each from `f`.
    pub fn from_fn(seats: usize, mut f: impl FnMut(Seat) -> T) -> Self {
        let len = seats.min(MAX_SEATS);
        let mut values = [T::default(); MAX_SEATS];
        for (i, v) in values.iter_mut().enumerate().take(len) {
            *v = f(Seat(i as u8));
        }
        BySeat { len: len as u8, values }
    }

    /// The first [`MAX_SEATS`] values of `values`.
    pub fn from_slice(values: &[T]) -> Self {
        BySeat::from_fn(values.len(), |s| values[s.index()])
    }
}

impl<T: Copy + Default> Default for BySeat<T> {
    /// No seats.
    fn default() -> Self {
        BySeat { len: 0, values: [T::default(); MAX_SEATS] }
    }
}

impl<T> Deref for BySeat<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.values[..usize::from(self.len)]
    }
}

impl<T> DerefMut for BySeat<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.values[..usize::from(self.len)]
    }
}

impl<'a, T> IntoIterator for &'a BySeat<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.deref().iter()
    }
}

impl<T: Copy + Default, const N: usize> From<[T; N]> for BySeat<T> {
    fn from(values: [T; N]) -> Self {
        BySeat::from_slice(&values)
    }
}

impl<T: fmt::Debug> fmt::Debug for BySeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Serialize> Serialize for BySeat<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>> Deserialize<'de> for BySeat<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let values = Vec::<T>::deserialize(d)?;
        if values.len() > MAX_SEATS {
            return Err(serde::de::Error::custom(format!("at most {MAX_SEATS} seats, not {}", values.len())));
        }
        Ok(BySeat::from_slice(&values))
    }
}

/// How a finished position ended. Resignation, timeouts, draws by agreement and
/// aborted games are not here: they belong to the game record, not the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The place of each seat, in seat order: 1 for first; seats that tie share the
    /// place (`[1, 1]` is a two-player draw, `[1, 2, 2]` a win with a shared second).
    pub places: BySeat<u8>,
    /// Each seat's final score where the game counts one, in seat order.
    pub scores: Option<BySeat<i32>>,
    /// Why the game ended, typed; [`EndReason::key`] is its stable name for storage
    /// and its `Display` the sentence for people.
    pub reason: EndReason,
}

impl Outcome {
    /// A win for `winner` in a game of `seats` seats, everyone else sharing second.
    pub fn win(seats: usize, winner: Seat, scores: Option<BySeat<i32>>, reason: impl Into<EndReason>) -> Self {
        let places = BySeat::from_fn(seats, |s| if s == winner { 1 } else { 2 });
        Outcome { places, scores, reason: reason.into() }
    }

    /// A result decided by scores alone: higher is better, equal scores share a place.
    pub fn by_scores(scores: BySeat<i32>, reason: impl Into<EndReason>) -> Self {
        let places =
            BySeat::from_fn(scores.len(), |s| 1 + scores.iter().filter(|t| **t > scores[s.index()]).count() as u8);
        Outcome { places, scores: Some(scores), reason: reason.into() }
    }

    /// A draw: every seat shares first place.
    pub fn draw(seats: usize, scores: Option<BySeat<i32>>, reason: impl Into<EndReason>) -> Self {
        Outcome { places: BySeat::from_fn(seats, |_| 1), scores, reason: reason.into() }
    }

    /// The seats in first place, or none when every seat shares it (a draw), as the
    /// notation defines `winners`.
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
        if n < 2 || seat.index() >= n {
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

/// Why a game of one kind ended, typed ([`crate::games::Game::End`]): each reason
/// has a short key that never changes, for storage.
pub trait Ending: Copy + fmt::Debug + fmt::Display + Worded + Eq + std::hash::Hash + Send + Sync + 'static {
    /// Every key a result of the game can carry, for whoever validates stored keys.
    const KEYS: &'static [&'static str];
    /// This reason's key (`seven_reds`), one of [`Ending::KEYS`], unique within its
    /// game.
    fn key(self) -> &'static str;
}

impl EndReason {
    /// A short name that never changes, unique within its game (`seven_reds`).
    pub fn key(&self) -> &'static str {
        each_game!(*self, EndReason, end => end.key())
    }

    /// Every key a game's results can carry, for whoever validates stored keys.
    pub fn keys(kind: GameKind) -> &'static [&'static str] {
        each_kind!(kind, G => <<G as crate::games::Game>::End as Ending>::KEYS)
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each_game!(self, EndReason, end => fmt::Display::fmt(end, f))
    }
}

impl Worded for EndReason {
    fn phrase(&self) -> Phrase {
        each_game!(self, EndReason, end => end.phrase())
    }
}

impl Serialize for EndReason {
    /// As its key.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{kewbz, kuba};

    fn reason() -> EndReason {
        kewbz::End::Blocked { scores: [0, 0] }.into()
    }

    #[test]
    fn places_by_scores_share_ties() {
        let o = Outcome::by_scores([10, 12, 10].into(), reason());
        assert_eq!(&*o.places, &[2, 1, 2]);
        assert_eq!(o.winners(), vec![Seat(1)]);
        let o = Outcome::by_scores([12, 12, 3].into(), reason());
        assert_eq!(o.winners(), vec![Seat(0), Seat(1)]);
        assert_eq!(o.reward(Seat(0)), 0.75);
        assert_eq!(o.reward(Seat(2)), 0.0);
    }

    #[test]
    fn draw_has_no_winners() {
        let o = Outcome::by_scores([4, 4].into(), reason());
        assert!(o.is_draw());
        assert!(o.winners().is_empty());
        assert_eq!(o.reward(Seat(1)), 0.5);
        let o = Outcome::win(2, Seat(1), None, reason());
        assert_eq!(o.winners(), vec![Seat(1)]);
        assert_eq!(o.reward(Seat(0)), 0.0);
        assert_eq!(o.reward(Seat(7)), 0.5);
    }

    #[test]
    fn by_seat_reads_as_a_slice_and_serialises_as_a_list() {
        let v: BySeat<i32> = [3, -1, 7].into();
        assert_eq!(v.len(), 3);
        assert_eq!(format!("{v:?}"), "[3, -1, 7]");
        assert_eq!(serde_json::to_string(&v).unwrap(), "[3,-1,7]");
        let back: BySeat<i32> = serde_json::from_str("[3,-1,7]").unwrap();
        assert_eq!(back, v);
        assert!(serde_json::from_str::<BySeat<i32>>("[1,2,3,4,5]").is_err());
        assert_eq!(BySeat::<u8>::from_slice(&[1; 9]).len(), MAX_SEATS);
    }

    #[test]
    fn every_reason_key_is_listed() {
        use crate::games::kuba::Color;
        let ends: [EndReason; 4] = [
            kuba::End::SevenReds(Color::White).into(),
            kuba::End::AllMarbles(Color::Black).into(),
            kuba::End::NoPush(Color::White).into(),
            kuba::End::Repetition.into(),
        ];
        for end in ends {
            assert!(EndReason::keys(GameKind::Kuba).contains(&end.key()));
        }
    }
}
