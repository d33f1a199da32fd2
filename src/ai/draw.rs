//! Draws with the computer: its answer to a person's offer, and its own offer
//! when a position comes back for the third time.
//!
//! Both rest on one judgement, [`assess`]: a short search at the computer's level
//! (its own search with at most [`SHORT_PLAYOUTS`] playouts and [`SHORT_MS`]
//! milliseconds; `random` and `greedy` look one move ahead) gives the computer's
//! expected share of the result, 1 a sure win, 0.5 even, 0 a sure loss. The
//! computer takes a draw when that share is at most [`DRAW_THRESHOLD`]: it does not
//! give away a position it is better in, and it does not play on hoping for more
//! in one it is not. The seed of the search is the position's key, so the same
//! question in the same game gets the same answer.

use super::history::{key, occurrences};
use super::{choose_with, Budget, Context, Level, MctsConfig, Player};
use crate::games::{Game, Position, PositionVisitor, Seat};

/// The computer accepts or offers a draw when its share of the result, after a
/// short search, is at most this.
pub const DRAW_THRESHOLD: f64 = 0.5;

/// The most playouts of the short search behind a draw decision.
pub const SHORT_PLAYOUTS: u64 = 2_000;
/// The most milliseconds of the short search behind a draw decision.
pub const SHORT_MS: u64 = 300;

/// The player that judges a position for a level: its own search, kept short.
fn judge(level: Level) -> Player {
    match level.player() {
        Player::Mcts(config) => {
            let short = |limit: Option<u64>, cap: u64| Some(limit.map_or(cap, |l| l.min(cap)));
            let budget = Budget {
                playouts: short(config.budget.playouts, SHORT_PLAYOUTS),
                ms: short(config.budget.ms, SHORT_MS),
            };
            Player::Mcts(MctsConfig { budget, ..config })
        }
        _ => Player::Greedy,
    }
}

struct Assess<'h> {
    seat: Seat,
    history: &'h [u64],
    player: Player,
}

impl PositionVisitor for Assess<'_> {
    type Output = f64;
    fn visit<G: Game>(self, position: &G) -> f64 {
        if let Some(outcome) = position.outcome() {
            return outcome.reward(self.seat);
        }
        let context = Context { history: self.history, scale: 1.0 };
        match choose_with(position, &self.player, key(position), context) {
            Ok(choice) => choice.outlook.get(self.seat.index()).copied().unwrap_or(0.5),
            // Only a game with more seats than the search handles gets here.
            Err(_) => position.evaluate(self.seat),
        }
    }
}

/// `seat`'s expected share of the result, `0.0..=1.0`, after a short search at
/// `level` from `position` (whoever is to move there), knowing the game's
/// `history` (the keys of its positions, as [`super::MoveRequest::history`]). A
/// finished position gives its result.
pub fn assess(position: &Position, seat: Seat, history: &[u64], level: Level) -> f64 {
    position.visit(Assess { seat, history, player: judge(level) })
}

/// Whether the computer in `seat`, playing at `level`, accepts a draw offered in
/// `position`: when its share after a short search is at most [`DRAW_THRESHOLD`].
/// A finished game takes no draw.
pub fn draw_answer(position: &Position, seat: Seat, history: &[u64], level: Level) -> bool {
    !position.is_over() && assess(position, seat, history, level) <= DRAW_THRESHOLD
}

/// Whether the computer in `seat`, playing at `level`, offers a draw in
/// `position`: a two-seat game still going on, whose current position has
/// occurred at least three times (the same position with the same seat to move;
/// `history` as for [`assess`], this time counted once whether it ends the
/// history or not), and in which the computer is not ahead (its share after a
/// short search is at most [`DRAW_THRESHOLD`]). It stays true while the position
/// keeps coming back: the caller offers once and lets a declined offer stand.
pub fn offers_draw(position: &Position, seat: Seat, history: &[u64], level: Level) -> bool {
    position.seats().len() == 2
        && !position.is_over()
        && occurrences(history, super::position_key(position)) >= 3
        && assess(position, seat, history, level) <= DRAW_THRESHOLD
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::game_history;
    use crate::games::GameKind;

    fn kuba(code: &str) -> Position {
        Position::setup(GameKind::Kuba, Some(code), None).expect("a Kuba position")
    }

    /// White has taken six black marbles and Black none of White's: White is far
    /// ahead whoever moves.
    const WHITE_AHEAD: &str = "WW3B1/WW5/2RRR2/1RRRRR1/2RRR2/1B1R1WW/5WW w 0-0 -";

    #[test]
    fn the_side_ahead_declines_and_the_side_behind_accepts() {
        let p = kuba(WHITE_AHEAD);
        for level in Level::ALL {
            assert!(assess(&p, Seat(0), &[], level) > 0.8, "{level}");
            assert!(!draw_answer(&p, Seat(0), &[], level), "{level}: White is far ahead");
            assert!(draw_answer(&p, Seat(1), &[], level), "{level}: Black is far behind");
        }
        // The same judgement when the other side is to move.
        let black_to_move = kuba(&WHITE_AHEAD.replace(" w 0-0", " b 0-0"));
        assert!(!draw_answer(&black_to_move, Seat(0), &[], Level::Medium));
        assert!(draw_answer(&black_to_move, Seat(1), &[], Level::Medium));
    }

    #[test]
    fn the_same_question_gets_the_same_answer() {
        let p = Position::start(&GameKind::Kuba.default_settings());
        let a = assess(&p, Seat(0), &[], Level::Easy);
        assert_eq!(a, assess(&p, Seat(0), &[], Level::Easy));
        assert!((0.3..0.7).contains(&a), "the start is about even: {a}");
    }

    #[test]
    fn a_finished_game_takes_no_draw() {
        let mut p = kuba("7/7/7/RW5/7/7/B6 w 6-0 -");
        p.play_text("b4-W").expect("legal");
        assert!(p.is_over());
        assert!(!draw_answer(&p, Seat(1), &[], Level::Hard));
        let key = crate::ai::position_key(&p);
        assert!(!offers_draw(&p, Seat(1), &[key, key, key], Level::Hard));
        assert_eq!(assess(&p, Seat(1), &[], Level::Hard), 0.0);
    }

    #[test]
    fn a_third_repetition_brings_an_offer_from_the_side_not_ahead() {
        // Both sides shuffle a marble out and back in from WHITE_AHEAD.
        let cycle = ["a7-S", "f7-S", "a5-N", "f6-N"];
        let start = kuba(WHITE_AHEAD);
        let twice: Vec<&str> = cycle.iter().chain(cycle.iter()).copied().collect();
        let (third, keys) = game_history(&start, &twice).expect("legal");
        let (second, keys_second) = game_history(&start, &cycle).expect("legal");
        assert_eq!(third.code(), start.code());
        assert_eq!(second.code(), start.code());
        assert!(offers_draw(&third, Seat(1), &keys, Level::Medium), "Black is behind: it offers");
        assert!(!offers_draw(&third, Seat(0), &keys, Level::Medium), "White is ahead: no offer");
        assert!(!offers_draw(&second, Seat(1), &keys_second, Level::Medium), "only the second time");
        // From the start, even, both sides offer once the position is back a third time.
        let even = Position::start(&GameKind::Kuba.default_settings());
        let even_cycle = ["a7-S", "g7-S", "a5-N", "g5-N"];
        let even_twice: Vec<&str> = even_cycle.iter().chain(even_cycle.iter()).copied().collect();
        let (p, keys) = game_history(&even, &even_twice).expect("legal");
        assert_eq!(offers_draw(&p, Seat(0), &keys, Level::Greedy), assess(&p, Seat(0), &keys, Level::Greedy) <= 0.5);
    }
}
