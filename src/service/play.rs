//! Playing: a move, the board on request, resigning, aborting.
//!
//! A game ended by a player before it really began is **aborted**: no result and no
//! rating change. Either player may `abort` before their own first move; a rated
//! game resigned (or timed out, `clocks`) before every player has moved is aborted
//! rather than rated, so a game nobody played moves nobody's rating.

use super::boards::{self, board_reply, find_game, here};
use super::message::{AbortCause, Message, Next};
use super::moves::{after_move, rating_reply, said, store_move, Stored};
use super::people::{actor_person, find_actor, Seats};
use super::refusal::Refusal;
use super::{Failure, GameRef, Inner, Reply, Request};
use crate::games::{MoveRejected, Worded};
use crate::store::{EndReason, Ending, GameRecord, PlayerId, RatingChange, SeatHolder, Status};

type Result<T> = std::result::Result<T, Failure>;

/// Checks that the actor may act in `record` now; returns their seat.
pub(crate) fn seated_seat(record: &GameRecord, me: Option<PlayerId>) -> Result<u8> {
    let id = record.public_id.to_string();
    if record.status == Status::Over {
        return Err(Refusal::GameOver(id).into());
    }
    me.and_then(|me| record.seat_of(me)).ok_or_else(|| Refusal::NotSeated(id).into())
}

/// A refusal of a move by the rules core.
pub(crate) fn move_refusal(e: &MoveRejected) -> Refusal {
    match e {
        MoveRejected::Malformed(m) => Refusal::Malformed(m.phrase()),
        MoveRejected::Illegal(i) => Refusal::Illegal(i.phrase()),
        other => Refusal::Illegal(other.phrase()),
    }
}

pub(crate) fn play(inner: &Inner, req: &Request, game: &GameRef, text: &str) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, true)?;
    let id = record.public_id.to_string();
    seated_seat(&record, me)?;
    let holder = record.seats.iter().find(|s| s.seat == record.to_move).map(|s| s.holder.clone());
    if me.map(SeatHolder::Player) != holder {
        let seats = Seats::of(&record);
        return Err(Refusal::NotYourTurn { game: id, waiting: seats.person(usize::from(record.to_move)) }.into());
    }
    let mut position = boards::current(&record)?;
    if text.trim().is_empty() {
        let example = position.menu("", "", 1).choices.into_iter().next().map(|c| c.text).unwrap_or_default();
        return Err(Refusal::EmptyMove { kind: record.kind, example }.into());
    }
    let played = position.play_text(text).map_err(|e| move_refusal(&e))?;
    let Stored { stored, record } = store_move(inner, &record, &position, &played.text, None)?;
    let replies = after_move(
        inner,
        &record,
        &position,
        played.view.clone(),
        actor_person(&req.actor),
        said(&played),
        &stored.ratings,
    )?;
    if boards::computer_to_move(&record) {
        inner.queue_computer(&record);
    }
    Ok(replies)
}

pub(crate) fn board(inner: &Inner, req: &Request, game: &GameRef, flip: bool) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, false)?;
    let (position, last) = boards::replayed(&record, None)?;
    let seats = Seats::of(&record);
    let next = boards::next(inner, &record, &position, &seats);
    let message = Message::Board { game: boards::tag(&record), ply: record.ply, next };
    let mut reply = board_reply(inner, &record, &position, last, &seats, message);
    if let Some(b) = reply.board_mut() {
        b.flip = flip;
    }
    reply.destination = here(inner, &req.place);
    Ok(vec![reply])
}

/// True when every seat of `record` has made a move.
pub(crate) fn everyone_moved(record: &GameRecord) -> bool {
    (0..record.seats.len()).all(|s| record.moves.iter().any(|m| usize::from(m.seat) == s))
}

/// Ends `record` as aborted (no result, never rated) and says so.
fn end_aborted(inner: &Inner, record: &GameRecord, seat: u8, cause: AbortCause) -> Result<Vec<Reply>> {
    let ending = Ending {
        reason: EndReason::Aborted,
        places: Vec::new(),
        scores: None,
        expected_ply: Some(record.ply),
        now: inner.clock.now(),
    };
    let (_, ratings) = inner.store.end_game(record.id, ending)?;
    let who = Seats::of(record).person(usize::from(seat));
    ended_by_players(inner, record, &ratings, |ending| Message::Aborted { who, cause, ending })
}

/// `abort`: ends the game without a result, if the actor has not moved in it yet.
pub(crate) fn abort(inner: &Inner, req: &Request, game: &GameRef) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, true)?;
    let seat = seated_seat(&record, me)?;
    if record.moves.iter().any(|m| m.seat == seat) {
        return Err(Refusal::AbortTooLate(record.public_id.to_string()).into());
    }
    end_aborted(inner, &record, seat, AbortCause::Asked)
}

pub(crate) fn resign(inner: &Inner, req: &Request, game: &GameRef) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, true)?;
    let seat = seated_seat(&record, me)?;
    if record.rated && !everyone_moved(&record) {
        return end_aborted(inner, &record, seat, AbortCause::Resigned);
    }
    let n = record.seats.len() as u8;
    // The resigner takes the last place; everyone else shares the first.
    let places: Vec<u8> = (0..n).map(|s| if s == seat { n } else { 1 }).collect();
    let ending = Ending {
        reason: EndReason::Resigned,
        places,
        scores: None,
        expected_ply: Some(record.ply),
        now: inner.clock.now(),
    };
    let (_, ratings) = inner.store.end_game(record.id, ending)?;
    let who = Seats::of(&record).person(usize::from(seat));
    ended_by_players(inner, &record, &ratings, |ending| Message::Resigned { who, ending })
}

/// The replies when players end a game (resigning, agreeing a draw): the final board,
/// everyone mentioned, then the rating changes.
pub(crate) fn ended_by_players(
    inner: &Inner,
    before: &GameRecord,
    ratings: &[RatingChange],
    message: impl FnOnce(crate::service::Ending) -> Message,
) -> Result<Vec<Reply>> {
    let record = inner.store.load_game(before.id)?;
    let (position, last) = boards::replayed(&record, None)?;
    let seats = Seats::of(&record);
    let Next::Over(ending) = boards::next(inner, &record, &position, &seats) else {
        return Err(Failure::Internal(format!("game {} ended but has no result", record.public_id)));
    };
    let mut reply = board_reply(inner, &record, &position, last, &seats, message(ending));
    reply.mentions = seats.users(|_| true);
    let mut replies = vec![reply];
    replies.extend(rating_reply(&record, ratings, inner.store.rating_config(), &seats));
    Ok(replies)
}
