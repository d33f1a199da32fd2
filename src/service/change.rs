//! A game's record after a change, as the store reads it back once the change is
//! written: one function for every change the mover and the finisher store (a move,
//! the rules' ending it may bring, a takeback, an ending outside a move).
//!
//! The messages of a change (the board, whose turn it is, the result) are made before
//! the write from the record the write will produce, so that they commit with it or
//! not at all, and a request needs no second read. That record is made here and only
//! here: three copies of it, in the mover, the finisher and the takeback, had drifted
//! apart (an ending kept the game's old `updated_at`, a takeback too). The unit tests
//! below compare what [`after`] gives with the game read back from the store after the
//! mover and the finisher wrote each change.

use crate::games::Position;
use crate::store::{self, EndReason, GameRecord, Millis, MoveRecord, SeatHolder, Status};

/// A change to a game, as its writer (the mover or the finisher) stores it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Change<'a> {
    /// A move, `text` (canonical), played from the record's position to `position`;
    /// when `position` is over, the rules' ending comes with it. `deadline`: the next
    /// turn's, as the write sets it (`None` without a clock; unused when it ends the
    /// game).
    Move { position: &'a Position, text: &'a str, deadline: Option<Millis> },
    /// The last move taken back; `position` is the position before it, `deadline` the
    /// turn's deadline as the write sets it.
    TakeBack { position: &'a Position, deadline: Option<Millis> },
    /// The game ends outside a move (resigned, agreed, timed out, aborted): the
    /// finisher's `Finish::change`.
    Ending {
        /// Why, as the store names it.
        reason: EndReason,
        /// Each seat's place (empty when aborted).
        places: &'a [u8],
        /// Scores, where the game counts them.
        scores: Option<&'a [i32]>,
        /// The rules' end key, when the rules ended it.
        reason_key: Option<&'a str>,
    },
}

/// The record `record` becomes once `change` is stored at `now`, as
/// [`crate::store::load_game`] reads it back.
pub(crate) fn after(record: &GameRecord, change: Change<'_>, now: Millis) -> GameRecord {
    let mut after = record.clone();
    // Any change withdraws a pending draw offer and takeback request.
    after.draw_offer = None;
    after.takeback = None;
    after.updated_at = now;
    match change {
        Change::Move { position, text, deadline } => {
            after.moves.push(MoveRecord {
                ply: record.ply + 1,
                text: text.to_string(),
                seat: record.to_move,
                played_at: now,
            });
            after.ply = record.ply + 1;
            after.code = position.code();
            after.to_move = position.to_move().0;
            after.turn_deadline = deadline;
            if let Some(o) = position.outcome() {
                let scores = o.scores.map(|s| s.to_vec());
                let ending = Change::Ending {
                    reason: EndReason::Finished,
                    places: &o.places,
                    scores: scores.as_deref(),
                    reason_key: Some(o.reason.key()),
                };
                end(&mut after, ending, now);
            }
        }
        Change::TakeBack { position, deadline } => {
            after.moves.pop();
            after.ply = record.ply.saturating_sub(1);
            after.code = position.code();
            after.to_move = position.to_move().0;
            after.turn_deadline = deadline;
        }
        ending @ Change::Ending { .. } => end(&mut after, ending, now),
    }
    after
}

/// `after` ended as `ending` says at `now`, as the store's ending writes it.
fn end(after: &mut GameRecord, ending: Change<'_>, now: Millis) {
    let Change::Ending { reason, places, scores, reason_key } = ending else { return };
    after.status = Status::Over;
    after.turn_deadline = None;
    after.result = Some(store::GameResult {
        places: places.to_vec(),
        scores: scores.map(<[i32]>::to_vec),
        end_reason: reason,
        reason_key: reason_key.map(str::to_string),
        ended_at: now,
    });
}

/// Who holds `seat` of `record` (the seat to move after a change, whose deadline the
/// write sets).
pub(crate) fn holder(record: &GameRecord, seat: u8) -> Option<SeatHolder> {
    record.seats.iter().find(|s| s.seat == seat).map(|s| s.holder.clone())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::config::Platform;
    use crate::games::GameKind;
    use crate::service::finisher::{self, EndOrder, Finish};
    use crate::service::message::Message;
    use crate::service::mover::{self, MoveOrder, Mover, TakebackOrder};
    use crate::service::names::Person;
    use crate::service::{boards, ComputerOptions, Service, ServiceOptions, TestClock, DAY, MINUTE};
    use crate::store::{GameId, NewGame, Place, Store, TimeControl};

    const START: Millis = 1_800_000_000_000;

    struct Here {
        service: Service,
        clock: Arc<TestClock>,
        dir: std::path::PathBuf,
    }

    impl Drop for Here {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }

    fn start(name: &str) -> Here {
        let dir = std::env::temp_dir().join(format!("boardbot-change-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a folder");
        let store = Store::open(&dir.join("db.sqlite")).expect("a store");
        let options = ServiceOptions {
            scheduler: false,
            computer: ComputerOptions::deterministic(1),
            ..ServiceOptions::default()
        };
        let clock = Arc::new(TestClock::new(START));
        let service = Service::start(store, clock.clone(), options).expect("a service");
        Here { service, clock, dir }
    }

    /// A Kuba game between two people, three days a move.
    fn game(here: &Here) -> GameId {
        let store = here.service.store();
        let players = store
            .write(|tx| {
                Ok([
                    SeatHolder::Player(store::upsert_player(tx, Platform::Discord, "id-alice", "alice", 0)?),
                    SeatHolder::Player(store::upsert_player(tx, Platform::Discord, "id-bob", "bob", 0)?),
                ])
            })
            .expect("players");
        let new = NewGame {
            kind: GameKind::Kuba,
            settings: None,
            start_code: None,
            rated: false,
            time_control: Some(TimeControl::DaysPerMove(3)),
            community: None,
            place: Place { channel: Some("chan".into()), thread: None },
            seats: players.to_vec(),
            turn_deadline: Some(START + 3 * DAY),
            now: START,
        };
        store.create_game(new).expect("a game").0
    }

    /// Plays the `pick`-th legal move (modulo their number) through the mover; the
    /// record it made its messages from, and the record read back.
    fn play(here: &Here, game: GameId, pick: usize) -> (GameRecord, GameRecord) {
        here.clock.advance(MINUTE);
        let record = here.service.store().load_game(game).expect("the game");
        let mut position = boards::current(&record).expect("its position");
        let legal = position.legal_moves();
        let text = legal[pick % legal.len()].to_string();
        let played = position.play_text(&text).expect("a legal move");
        let order = MoveOrder {
            record: &record,
            position: &position,
            played: &played,
            by: Mover::Computer,
            asking: None,
            deadline: None,
            also: None,
        };
        let moved = mover::play(&here.service.inner, order).expect("stored").expect("in time");
        (moved.after, here.service.store().load_game(game).expect("read back"))
    }

    #[test]
    fn the_record_after_a_move_a_takeback_and_an_ending_is_the_one_read_back() {
        let here = start("each");
        let game = game(&here);
        let (said, stored) = play(&here, game, 3);
        assert_eq!(said, stored, "a move");
        assert_eq!(stored.turn_deadline, Some(START + MINUTE + 3 * DAY), "the next turn's deadline");
        let (said, stored) = play(&here, game, 5);
        assert_eq!(said, stored, "a second move");

        here.clock.advance(MINUTE);
        let record = here.service.store().load_game(game).expect("the game");
        let order = TakebackOrder {
            record: &record,
            say: Box::new(|next| Message::TakenBack { who: Person::Computer, next }),
            asking: None,
        };
        let moved = mover::take_back_last(&here.service.inner, order).expect("taken back");
        let stored = here.service.store().load_game(game).expect("read back");
        assert_eq!(moved.after, stored, "a takeback");
        assert_eq!((stored.ply, stored.moves.len(), stored.updated_at), (1, 1, START + 3 * MINUTE));

        here.clock.advance(MINUTE);
        let record = here.service.store().load_game(game).expect("the game");
        let finish = Finish::resigned(record.to_move, record.seats.len());
        let order = EndOrder {
            record: &record,
            finish: finish.clone(),
            say: Box::new(|ending| Message::Resigned { who: Person::Computer, ending }),
            asking: None,
            deadline: None,
        };
        finisher::end(&here.service.inner, order).expect("ended").expect("at its ply");
        let said = after(&record, finish.change(), START + 4 * MINUTE);
        let stored = here.service.store().load_game(game).expect("read back");
        assert_eq!(said, stored, "an ending");
        assert_eq!(stored.updated_at, START + 4 * MINUTE, "an ending changes the game");
    }

    #[test]
    fn the_record_after_every_move_of_a_game_the_rules_end_is_the_one_read_back() {
        let here = start("rules");
        let game = game(&here);
        let mut pick = 7usize;
        for _ in 0..2_000 {
            pick = pick.wrapping_mul(1_103_515_245).wrapping_add(12_345) >> 3;
            let (said, stored) = play(&here, game, pick);
            assert_eq!(said, stored, "move {}", stored.ply);
            if stored.status == Status::Over {
                let result = stored.result.as_ref().expect("a result");
                assert_eq!(result.end_reason, store::EndReason::Finished);
                return;
            }
        }
        panic!("the game did not end");
    }
}
