//! Draw offers and takeback requests, and their answers. An offer to the computer
//! is answered by the computer's workers (`computer.rs`), an offer of the computer
//! with the same commands as a person's. An agreed draw ends the game through the
//! finisher, an agreed takeback is stored by the mover.

use super::boards::{find_game, tag, thread_of};
use super::events::Event;
use super::finisher::{self, EndOrder, Finish};
use super::message::Message;
use super::mover::{self, TakebackOrder};
use super::outbox::{self, Asking};
use super::people::{find_actor, Seats};
use super::play::seated_seat;
use super::refusal::Refusal;
use super::subscribers;
use super::{Answer, Failure, GameRef, Inner, Reply, Request};
use crate::store::{self, SeatHolder};

type Result<T> = std::result::Result<T, Failure>;

/// Writes `change` with the replies it causes (the answer kept for this process, the
/// others as notices) in one transaction; returns the answer.
fn said_with(
    inner: &Inner,
    req: &Request,
    record: &store::GameRecord,
    replies: Vec<Reply>,
    change: impl FnOnce(&store::Transaction) -> std::result::Result<(), store::StoreError> + Send + 'static,
) -> Result<Vec<Reply>> {
    let asking = Asking::of(inner, req);
    let (platform, community, now) = (asking.platform, record.community, inner.clock.now());
    let game = record.id;
    let said = replies
        .into_iter()
        .map(|r| {
            let board = r.board().map(|b| (game, b.ply));
            (r, board)
        })
        .collect();
    let answers = inner.store.write(move |tx| {
        change(tx)?;
        if let Some(key) = asking.via.key.as_deref() {
            store::note_request(tx, key, now)?;
        }
        outbox::record(tx, Some(&asking), platform, community, said, now)
    })?;
    inner.changed();
    Ok(answers)
}

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
            let order = EndOrder {
                record: &record,
                finish: Finish::agreed(record.seats.len(), false),
                say: Box::new(move |ending| Message::DrawAgreed { who, ending }),
                asking: Some(Asking::of(inner, req)),
                deadline: None,
            };
            finisher::end(inner, order)?.ok_or_else(|| Refusal::MovedOn.into())
        }
        (Answer::Ask, _) => {
            let mut reply = Reply::new(thread_of(&record), Message::DrawOffered { who, game: tag(&record) });
            reply.mentions = seats.users(|i| i != usize::from(seat));
            let answers = said_with(inner, req, &record, vec![reply], move |tx| {
                store::set_draw_offer(tx, id, Some(seat), now)?;
                subscribers::record(tx, &Event::DrawOffered { game: id.0, seat }, now).map(|_| ())
            })?;
            // The computer answers on its own workers, as its own message (a short
            // search decides: see `computer.rs`).
            inner.queue_computer(&record);
            Ok(answers)
        }
        (Answer::Accept | Answer::Decline, None) => Err(Refusal::NoDrawOffered(record.public_id.to_string()).into()),
        (Answer::Accept | Answer::Decline, Some(s)) if s == seat => Err(Refusal::OwnDrawOffer.into()),
        (_, Some(s)) => {
            let message = Message::DrawDeclined { who, offerer: seats.person(usize::from(s)) };
            let reply = Reply::new(thread_of(&record), message);
            said_with(inner, req, &record, vec![reply], move |tx| store::set_draw_offer(tx, id, None, now))
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
            let message = Message::TakebackAsked { who, mv: last.text.clone(), game: tag(&record) };
            let mut reply = Reply::new(thread_of(&record), message);
            reply.mentions = seats.users(|i| i != usize::from(seat));
            said_with(inner, req, &record, vec![reply], move |tx| store::set_takeback(tx, id, Some((seat, ply)), now))
        }
        Answer::Accept | Answer::Decline => {
            let Some((asker, _)) = pending else {
                return Err(Refusal::NoTakebackAsked(record.public_id.to_string()).into());
            };
            if asker == seat {
                return Err(Refusal::OwnTakeback.into());
            }
            let (id, now) = (record.id, inner.clock.now());
            if answer == Answer::Decline {
                let message = Message::TakebackDeclined { who, asker: seats.person(usize::from(asker)) };
                let reply = Reply::new(thread_of(&record), message);
                return said_with(inner, req, &record, vec![reply], move |tx| store::set_takeback(tx, id, None, now));
            }
            // Through the mover, which stores every move and every move taken back.
            let order = TakebackOrder {
                record: &record,
                say: Box::new(move |next| Message::TakenBack { who, next }),
                asking: Some(Asking::of(inner, req)),
            };
            Ok(mover::take_back_last(inner, order)?.answers)
        }
    }
}
