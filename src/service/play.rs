//! Playing: a move, the board on request, resigning, aborting. Moves go through the
//! mover (`mover.rs`) and endings through the finisher (`finisher.rs`); this module
//! checks what the actor may do and says it.

use super::boards::{self, board_reply, find_game, here};
use super::finisher::{self, everyone_moved, EndOrder, Finish};
use super::message::{AbortCause, Message};
use super::mover::{self, MoveOrder, Mover};
use super::outbox::Asking;
use super::people::{actor_person, find_actor, Seats};
use super::refusal::Refusal;
use super::{Failure, GameRef, Inner, Reply, Request};
use crate::games::{MoveRejected, Worded};
use crate::store::{GameRecord, PlayerId, SeatHolder, Status};

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

/// `move`: `text` as typed; `at`, for a move picked from a menu, the ply it was
/// offered at (refused once the game has gone past it).
pub(crate) fn play(inner: &Inner, req: &Request, game: &GameRef, text: &str, at: Option<u32>) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, true)?;
    let id = record.public_id.to_string();
    seated_seat(&record, me)?;
    if let Some(at) = at.filter(|at| *at != record.ply) {
        return Err(Refusal::MenuMovePassed { game: id, offered: at, now: record.ply }.into());
    }
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
    let order = MoveOrder {
        record: &record,
        position: &position,
        played: &played,
        by: Mover::Person(actor_person(&req.actor)),
        asking: Some(Asking::of(inner, req)),
        deadline: None,
        also: None,
    };
    let moved = mover::play(inner, order)?.ok_or(Refusal::MovedOn)?;
    Ok(moved.answers)
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

/// Ends `record` as aborted by `seat` (no result, never rated) and says so.
fn end_aborted(inner: &Inner, req: &Request, record: &GameRecord, seat: u8, cause: AbortCause) -> Result<Vec<Reply>> {
    let who = Seats::of(record).person(usize::from(seat));
    let order = EndOrder {
        record,
        finish: Finish::aborted(seat, cause),
        say: Box::new(move |ending| Message::Aborted { who, cause, ending }),
        asking: Some(Asking::of(inner, req)),
        deadline: None,
    };
    finisher::end(inner, order)?.ok_or_else(|| Refusal::MovedOn.into())
}

/// `abort`: ends the game without a result, if the actor has not moved in it yet.
pub(crate) fn abort(inner: &Inner, req: &Request, game: &GameRef) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, true)?;
    let seat = seated_seat(&record, me)?;
    if record.moves.iter().any(|m| m.seat == seat) {
        return Err(Refusal::AbortTooLate(record.public_id.to_string()).into());
    }
    // A tournament's pairing is not undone: its player resigns it instead.
    if super::tournaments::in_tournament(inner, record.id)? {
        return Err(Refusal::TournamentNoAbort(super::boards::tag(&record)).into());
    }
    end_aborted(inner, req, &record, seat, AbortCause::Asked)
}

pub(crate) fn resign(inner: &Inner, req: &Request, game: &GameRef) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, true)?;
    let seat = seated_seat(&record, me)?;
    if record.rated && !everyone_moved(&record) {
        return end_aborted(inner, req, &record, seat, AbortCause::Resigned);
    }
    let who = Seats::of(&record).person(usize::from(seat));
    let order = EndOrder {
        record: &record,
        finish: Finish::resigned(seat, record.seats.len()),
        say: Box::new(move |ending| Message::Resigned { who, ending }),
        asking: Some(Asking::of(inner, req)),
        deadline: None,
    };
    finisher::end(inner, order)?.ok_or_else(|| Refusal::MovedOn.into())
}
