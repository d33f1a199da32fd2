//! Draw offers and takeback requests, and their answers. An offer to the computer
//! is answered by the computer's workers (`computer.rs`), an offer of the computer
//! with the same commands as a person's.

use super::boards::{self, board_reply, find_game, tag, thread_of};
use super::clocks;
use super::message::Message;
use super::people::{find_actor, Seats};
use super::play::{ended_by_players, seated_seat};
use super::refusal::Refusal;
use super::{Answer, Failure, GameRef, Inner, Reply, Request};
use crate::store::{self, EndReason, Ending, SeatHolder};

type Result<T> = std::result::Result<T, Failure>;

pub(crate) fn draw(inner: &Inner, req: &Request, game: &GameRef, answer: Answer) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, true)?;
    let seat = seated_seat(&record, me)?;
    let id = record.id;
    let seats = Seats::of(&record);
    let who = seats.person(usize::from(seat));
    let now = inner.clock.now();
    if record.seats.len() > 2 {
        return Err(Refusal::DrawForTwo.into());
    }
    match (answer, record.draw_offer) {
        (Answer::Ask, Some(s)) if s == seat => Err(Refusal::DrawAlreadyOffered.into()),
        (Answer::Ask, Some(_)) | (Answer::Accept, Some(_)) if record.draw_offer != Some(seat) => {
            let n = record.seats.len();
            let ending = Ending {
                reason: EndReason::DrawnByAgreement,
                places: vec![1; n],
                scores: None,
                expected_ply: Some(record.ply),
                now,
            };
            let (_, ratings) = inner.store.end_game(id, ending)?;
            ended_by_players(inner, &record, &ratings, |ending| Message::DrawAgreed { who, ending })
        }
        (Answer::Ask, _) => {
            inner.store.write(move |tx| store::set_draw_offer(tx, id, Some(seat), now))?;
            let mut reply = Reply::new(thread_of(&record), Message::DrawOffered { who, game: tag(&record) });
            reply.mentions = seats.users(|i| i != usize::from(seat));
            // The computer answers on its own workers, as its own message (a short
            // search decides: see `computer.rs`).
            inner.queue_computer(&record);
            Ok(vec![reply])
        }
        (Answer::Accept | Answer::Decline, None) => Err(Refusal::NoDrawOffered(record.public_id.to_string()).into()),
        (Answer::Accept | Answer::Decline, Some(s)) if s == seat => Err(Refusal::OwnDrawOffer.into()),
        (_, Some(s)) => {
            inner.store.write(move |tx| store::set_draw_offer(tx, id, None, now))?;
            let message = Message::DrawDeclined { who, offerer: seats.person(usize::from(s)) };
            Ok(vec![Reply::new(thread_of(&record), message)])
        }
    }
}

pub(crate) fn takeback(inner: &Inner, req: &Request, game: &GameRef, answer: Answer) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, true)?;
    let seat = seated_seat(&record, me)?;
    let seats = Seats::of(&record);
    let who = seats.person(usize::from(seat));
    let pending = record.takeback.filter(|(_, ply)| *ply == record.ply);
    match answer {
        Answer::Ask => {
            let last = record.moves.last().ok_or(Refusal::NoMoveYet)?;
            if last.seat != seat {
                return Err(Refusal::TakebackNotYours.into());
            }
            if record.rated && record.moves.iter().any(|m| m.seat != seat) {
                return Err(Refusal::TakebackRated.into());
            }
            if pending.is_some() {
                return Err(Refusal::TakebackPending.into());
            }
            if record.seats.iter().any(|s| matches!(s.holder, SeatHolder::Computer(_))) {
                return Err(Refusal::ComputerNoTakeback.into());
            }
            let (id, ply, now) = (record.id, record.ply, inner.clock.now());
            inner.store.write(move |tx| store::set_takeback(tx, id, Some((seat, ply)), now))?;
            let message = Message::TakebackAsked { who, mv: last.text.clone(), game: tag(&record) };
            let mut reply = Reply::new(thread_of(&record), message);
            reply.mentions = seats.users(|i| i != usize::from(seat));
            Ok(vec![reply])
        }
        Answer::Accept | Answer::Decline => {
            let Some((asker, ply)) = pending else {
                return Err(Refusal::NoTakebackAsked(record.public_id.to_string()).into());
            };
            if asker == seat {
                return Err(Refusal::OwnTakeback.into());
            }
            if answer == Answer::Decline {
                let (id, now) = (record.id, inner.clock.now());
                inner.store.write(move |tx| store::set_takeback(tx, id, None, now))?;
                let message = Message::TakebackDeclined { who, asker: seats.person(usize::from(asker)) };
                return Ok(vec![Reply::new(thread_of(&record), message)]);
            }
            let now = inner.clock.now();
            let after = inner.store.take_back(record.id, ply, now)?;
            let (time_control, id) = (after.time_control, after.id);
            let holder = after.seats.iter().find(|s| s.seat == after.to_move).map(|s| s.holder.clone());
            inner.store.write(move |tx| {
                let deadline = clocks::deadline_for(tx, time_control, holder.as_ref(), now)?;
                store::set_turn_deadline(tx, id, deadline)
            })?;
            inner.wake_scheduler();
            let after = inner.store.load_game(id)?;
            let (position, last) = boards::replayed(&after, None)?;
            let next = boards::next(inner, &after, &position, &seats);
            Ok(vec![board_reply(inner, &after, &position, last, &seats, Message::TakenBack { who, next })])
        }
    }
}
