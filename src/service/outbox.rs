//! The outlet: what the service says on its own (the computer's moves, reminders,
//! timeouts, expiries) waits in the store's outbox, written in the same transaction
//! as what it tells, until an adapter delivers it.
//!
//! A message is kept as its typed [`Message`] (JSON), where it goes, whom it
//! mentions and what it offers, plus the game and ply whose board it shows; it is
//! worded and drawn only when delivered, for whoever reads it then. Rows written by
//! versions that stored English text are delivered as that text.
//!
//! # Priorities, and why not a queue per channel
//!
//! Each message is stored with a priority: what people wait for (the computer's move,
//! a game's end, a rating change) before bulk notices (expiries, reminders), which the
//! service alone decides from the message ([`priority_of`]). A claim takes every
//! waiting message for people before any notice, oldest first within each, so a
//! thousand notices queued in one channel never delay a move in another, nor in the
//! same one. Pacing is the adapters' part: they know the platform's limits, and a
//! message whose channel has to wait is handed back until then
//! ([`crate::service::Service::defer`]) rather than holding up the others. A queue per
//! channel would do the same with a scheduler of its own; two priorities and a claim
//! ordered by them need one column and one `ORDER BY`, and work the same for several
//! processes sharing the outbox.
//!
//! # Sent once
//!
//! Each message carries a send key written with it, which the adapters pass to the
//! platform as its idempotency key (Discord's nonce with `enforce_nonce`, Matrix's
//! transaction id): a message sent again after a crash, before its delivery was
//! recorded, is dropped by the platform instead of being posted twice.

use std::sync::{Condvar, Mutex};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::boards::{self, board};
use super::message::Attention;
use super::names::GameTag;
use super::people::Seats;
use super::{Action, Destination, Failure, Inner, Message, Picture, Reply, Service, UserRef};
use crate::config::Platform;
use crate::store::{self, CommunityId, GameId, MessageId, Millis, Priority, Transaction};

/// A message of the outbox claimed for delivery.
#[derive(Clone, Debug)]
pub struct Claimed {
    /// Its row: confirm it with [`crate::service::Service::delivered`].
    pub id: MessageId,
    /// Its idempotency key on the platform, the same at every attempt: at most 25
    /// ASCII letters and digits.
    pub send_key: String,
    /// How soon it should go out.
    pub priority: Priority,
    /// What to post.
    pub reply: Reply,
    /// When it answers a request: the adapter's handle to finish that answer (empty
    /// when the adapter gave none). A process that restarts finishes so what a dead
    /// one had begun.
    pub answer: Option<String>,
    /// The conversation it goes to ([`lane_of`]): messages of one lane are delivered
    /// in order, lanes side by side.
    pub lane: String,
    /// How long ago it was written (by the service's clock).
    pub age: std::time::Duration,
    /// The key of the request it answers or follows from ([`super::Via::key`]), if
    /// any.
    pub request: Option<String>,
}

impl Claimed {
    /// Whether this message says again, and more, what `earlier` of the same lane says,
    /// so that `earlier`, not posted yet, may be dropped when it would have to wait: a
    /// game's first board overtaken by the board of its first move (the computer's,
    /// made at once), which shows the game as it is and whose turn it is.
    pub fn says_again(&self, earlier: &Claimed) -> bool {
        let game_of = |m: &Claimed| m.reply.board().and_then(|b| b.game.clone());
        self.lane == earlier.lane
            && matches!(earlier.reply.message, Message::GameStart { .. })
            && matches!(self.reply.message, Message::Moved { .. })
            && earlier.answer.is_none()
            && game_of(earlier).is_some()
            && game_of(self) == game_of(earlier)
    }
}

/// The lane of a message going to `destination`: the conversation it is posted in, a
/// channel, a game's thread (by game: the same before and after the thread is made)
/// or a person's direct messages.
pub fn lane_of(destination: &Destination) -> String {
    match destination {
        Destination::Channel { channel } => format!("c:{channel}"),
        Destination::Thread { game, .. } => format!("g:{game}"),
        Destination::Direct(user) => format!("d:{}", user.user_id),
    }
}

/// How soon a message should go out: expiries and reminders may wait behind what
/// people are waiting for.
pub(crate) fn priority_of(message: &Message) -> Priority {
    match message {
        Message::ChallengesExpired { .. } | Message::Reminder { .. } => Priority::Bulk,
        _ => Priority::People,
    }
}

/// What the outbox keeps of a reply.
#[derive(Serialize, Deserialize)]
struct Outgoing {
    message: Message,
    mentions: Vec<UserRef>,
    destination: Destination,
    #[serde(default)]
    actions: Vec<Action>,
    /// The game row and ply whose board the message shows.
    board: Option<(i64, u32)>,
    /// The community the message is about (its language words public messages).
    #[serde(default)]
    community: Option<i64>,
    /// Only the actor of the request it answers sees it.
    #[serde(default)]
    only_actor: bool,
    /// Its language, when the request that caused it chose it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lang: Option<crate::lang::Lang>,
}

/// The form of older versions: the reply's English text.
#[derive(Deserialize)]
struct Legacy {
    reply: LegacyReply,
    board: Option<(i64, u32)>,
}

#[derive(Deserialize)]
struct LegacyReply {
    text: String,
    #[serde(default)]
    mentions: Vec<UserRef>,
    destination: Destination,
    #[serde(default)]
    actions: Vec<Action>,
}

/// Queues `reply` for `platform` in `tx`; its board, if any, is redrawn from the game
/// row and ply `board` when delivered, and its words are in the language of
/// `community` (or of the person it goes to) then.
pub(crate) fn push(
    tx: &Transaction,
    platform: Platform,
    reply: Reply,
    board: Option<(GameId, u32)>,
    community: Option<CommunityId>,
    now: Millis,
) -> Result<(), store::StoreError> {
    let priority = priority_of(&reply.message);
    let outgoing = Outgoing {
        message: reply.message,
        mentions: reply.mentions,
        destination: reply.destination,
        actions: reply.actions,
        board: board.map(|(g, ply)| (g.0, ply)),
        community: community.map(|c| c.0),
        only_actor: reply.only_actor,
        lang: None,
    };
    let payload = serde_json::to_string(&outgoing).map_err(|e| store::StoreError::Internal(e.to_string()))?;
    let lane = lane_of(&outgoing.destination);
    let message = store::NewMessage {
        platform,
        payload: &payload,
        priority,
        now,
        claim: None,
        request: None,
        answer: None,
        lane: Some(&lane),
    };
    store::push_outgoing(tx, &message)?;
    Ok(())
}

/// How long a notice of expiries gathers the later expiries of its channel before it
/// goes: challenges made in a burst expire in a burst, and one notice tells them all.
pub(crate) const GATHER_EXPIRIES_MS: Millis = 60_000;

/// The most expiries one notice tells: past it a new notice starts gathering, so that a
/// notice stays readable (and small to rewrite, which each addition does).
pub(crate) const GATHER_AT_MOST: usize = 100;

/// Queues the expiry of `expired` challenges in `channel` (with `mentions`): added to
/// the notice of that channel still gathering, if there is one, else a new notice
/// that gathers for [`GATHER_EXPIRIES_MS`].
pub(crate) fn push_expired(
    tx: &Transaction,
    platform: Platform,
    channel: &str,
    expired: Vec<super::Expired>,
    mentions: Vec<UserRef>,
    community: Option<CommunityId>,
    now: Millis,
) -> Result<(), store::StoreError> {
    let group = format!("expired:{channel}");
    if let Some((id, payload)) = store::gathering(tx, platform, &group, now)? {
        if let Ok(mut outgoing) = serde_json::from_str::<Outgoing>(&payload) {
            match &mut outgoing.message {
                Message::ChallengesExpired { expired: gathered }
                    if gathered.len() + expired.len() <= GATHER_AT_MOST =>
                {
                    gathered.extend(expired);
                    for u in mentions {
                        if !outgoing.mentions.contains(&u) {
                            outgoing.mentions.push(u);
                        }
                    }
                    let payload =
                        serde_json::to_string(&outgoing).map_err(|e| store::StoreError::Internal(e.to_string()))?;
                    return store::regather(tx, id, &payload);
                }
                _ => {}
            }
        }
    }
    let destination = Destination::Channel { channel: channel.to_string() };
    let mut reply = Reply::new(destination, Message::ChallengesExpired { expired });
    reply.mentions = mentions;
    let outgoing = Outgoing {
        message: reply.message,
        mentions: reply.mentions,
        destination: reply.destination,
        actions: Vec::new(),
        board: None,
        community: community.map(|c| c.0),
        only_actor: false,
        lang: None,
    };
    let payload = serde_json::to_string(&outgoing).map_err(|e| store::StoreError::Internal(e.to_string()))?;
    let priority = priority_of(&outgoing.message);
    store::gather(tx, platform, &group, &payload, priority, now, now.saturating_add(GATHER_EXPIRIES_MS))?;
    Ok(())
}

/// Who a change answers: the request's place, its key, how its answer is finished
/// and whether it notifies, and the process that delivers it.
#[derive(Clone, Debug)]
pub(crate) struct Asking {
    /// The actor's platform: the outbox is per platform.
    pub(crate) platform: Platform,
    /// The actor's platform user id.
    pub(crate) actor: String,
    /// Where the request was made.
    pub(crate) place: super::Place,
    /// How it came.
    pub(crate) via: super::Via,
    /// This process, which delivers the answer itself.
    pub(crate) claimer: String,
    /// How long the answer is this process's to deliver before another takes it.
    pub(crate) lease_ms: Millis,
    /// The language of what the request causes in public (see
    /// [`super::language::of_public_answer`]).
    pub(crate) lang: crate::lang::Lang,
}

impl Asking {
    /// The request `req` as served by this process.
    pub(crate) fn of(inner: &Inner, req: &super::Request) -> Asking {
        Asking {
            platform: req.actor.platform,
            actor: req.actor.user_id.clone(),
            place: req.place.clone(),
            via: req.via.clone(),
            claimer: inner.process.name().to_string(),
            lease_ms: inner.options.leases.outbox_lease_ms(),
            lang: super::language::of_public_answer(inner, &req.actor, &req.place),
        }
    }
}

/// Whether a reply goes where `place` is: the answer of a request made there. A game
/// played in its channel (the platform allowed no thread when it began) has that
/// channel recorded as its thread: a request made in the channel is made there.
pub fn goes_here(destination: &Destination, place: &super::Place) -> bool {
    match destination {
        Destination::Channel { channel } => place.thread.is_none() && place.channel.as_deref() == Some(channel),
        Destination::Thread { thread: Some(t), .. } => match &place.thread {
            Some(here) => here == t,
            None => place.channel.as_deref() == Some(t),
        },
        // Text chats without thread ids name a game's thread (`kuba-K7Q2`).
        Destination::Thread { name, thread: None, .. } => place.thread.as_deref() == Some(name),
        Destination::Direct(_) => false,
    }
}

/// A reply to keep, with the game row and ply of the board it shows.
pub(crate) type Outgoing1 = (Reply, Option<(GameId, u32)>);

/// Keeps what a change says in the outbox, in the change's transaction `tx`. Without
/// a request (the computer, the clocks) everything is a notice for the delivery
/// runtime. With one, the first reply that goes where the request was made (or to the
/// actor alone) is its answer: kept already claimed by this process, which delivers it
/// at once and confirms it, and returned with its [`super::Delivery`]; when that answer
/// carries a picture but cannot notify the people it names
/// ([`super::AnswerNotifies::TextOnly`]), they get a short notice of their own. The
/// other replies are notices, delivered by the runtime.
pub(crate) fn record(
    tx: &Transaction,
    asking: Option<&Asking>,
    platform: Platform,
    community: Option<CommunityId>,
    said: Vec<Outgoing1>,
    now: Millis,
) -> Result<Vec<Reply>, store::StoreError> {
    let Some(asking) = asking else {
        for (reply, board) in said {
            push(tx, platform, reply, board, community, now)?;
        }
        return Ok(Vec::new());
    };
    let at = said.iter().position(|(r, _)| r.only_actor || goes_here(&r.destination, &asking.place));
    let request = asking.via.key.as_deref();
    let mut answers = Vec::new();
    let mut rest = said;
    if let Some(at) = at {
        let (mut answer, board) = rest.remove(at);
        let claim = (asking.claimer.as_str(), now.saturating_add(asking.lease_ms));
        let handle = asking.via.answer.as_deref().unwrap_or("");
        let (id, send_key) = keep(
            tx,
            asking.platform,
            &answer,
            board,
            community,
            now,
            Keep { claim: Some(claim), request, answer: Some(handle), lang: None },
        )?;
        answer.delivery = Some(super::Delivery { id, send_key });
        let named: Vec<UserRef> = answer.mentions.iter().filter(|u| u.user_id != asking.actor).cloned().collect();
        if !asking.via.notifies.notifies_with(answer.picture.as_ref()) && !answer.only_actor && !named.is_empty() {
            let game = answer.board().and_then(|b| Some(GameTag { kind: b.kind, id: b.game.clone()? }));
            if let Some(game) = game {
                let about = match &answer.message {
                    Message::Moved { next: super::Next::Over(_), .. } => Attention::GameOver,
                    Message::Moved { .. } | Message::TakenBack { .. } | Message::GameStart { .. } => {
                        Attention::YourMove
                    }
                    _ => Attention::GameOver,
                };
                let people = named.iter().cloned().map(super::Person::User).collect();
                let ply = answer.board().map_or(0, |b| b.ply);
                let message = Message::Attention { people, game, about, ply };
                let mut ping = Reply::new(answer.destination.clone(), message);
                ping.mentions = named;
                let keeping = Keep { claim: None, request, answer: None, lang: None };
                keep(tx, asking.platform, &ping, None, community, now, keeping)?;
            }
        }
        answers.push(answer);
    }
    for (reply, board) in rest {
        // In public, in the language the request's own answer would have.
        let lang = (!matches!(reply.destination, Destination::Direct(_))).then_some(asking.lang);
        keep(tx, asking.platform, &reply, board, community, now, Keep { claim: None, request, answer: None, lang })?;
    }
    Ok(answers)
}

/// How a message is kept besides what it says.
struct Keep<'a> {
    /// Claimed at once by this process until then.
    claim: Option<(&'a str, Millis)>,
    /// The request it follows from.
    request: Option<&'a str>,
    /// The adapter's handle when it is the request's answer.
    answer: Option<&'a str>,
    /// Worded in this language rather than its readers'.
    lang: Option<crate::lang::Lang>,
}

/// Writes one message; its row and send key.
fn keep(
    tx: &Transaction,
    platform: Platform,
    reply: &Reply,
    board: Option<(GameId, u32)>,
    community: Option<CommunityId>,
    now: Millis,
    keeping: Keep<'_>,
) -> Result<(MessageId, String), store::StoreError> {
    let Keep { claim, request, answer, lang } = keeping;
    let outgoing = Outgoing {
        message: reply.message.clone(),
        mentions: reply.mentions.clone(),
        destination: reply.destination.clone(),
        actions: reply.actions.clone(),
        board: board.map(|(g, ply)| (g.0, ply)),
        community: community.map(|c| c.0),
        only_actor: reply.only_actor,
        lang,
    };
    let payload = serde_json::to_string(&outgoing).map_err(|e| store::StoreError::Internal(e.to_string()))?;
    let lane = lane_of(&reply.destination);
    store::push_outgoing(
        tx,
        &store::NewMessage {
            platform,
            payload: &payload,
            priority: priority_of(&reply.message),
            now,
            claim,
            request,
            answer,
            lane: Some(&lane),
        },
    )
}

/// The answer kept for request `key` (delivered or not), as a reply to deliver again:
/// the platforms drop the repeat by its send key.
pub(crate) fn answers_of(inner: &Inner, platform: Platform, key: &str) -> Result<Vec<Reply>, Failure> {
    let key = key.to_string();
    let messages = inner.store.read_once(move |tx| store::messages_of_request(tx, &key))?;
    let answers: Vec<store::OutboxMessage> = messages.into_iter().filter(|m| m.answer.is_some()).collect();
    let mut out = Vec::new();
    for m in answers {
        if let Some(mut reply) = unpack_one(inner, platform, &m.payload)? {
            reply.delivery = Some(super::Delivery { id: m.id, send_key: m.send_key });
            out.push(reply);
        }
    }
    Ok(out)
}

/// Claims up to `limit` waiting messages of `platform` for `claimer` until `lease_ms`
/// from now, so that several processes delivering for one platform never send one
/// twice.
pub(crate) fn claim(
    inner: &Inner,
    platform: Platform,
    claimer: &str,
    lease_ms: i64,
    limit: u32,
) -> Result<Vec<Claimed>, Failure> {
    let (now, claimer) = (inner.clock.now(), claimer.to_string());
    let messages = inner.store.write(move |tx| store::claim_messages(tx, platform, &claimer, now, lease_ms, limit))?;
    Ok(unpack(inner, platform, messages))
}

/// Stored messages as replies: boards rebuilt, and the thread filled in when the
/// adapter made it after the message was stored. A row that cannot be read is
/// logged and dropped, so that it never blocks the ones after it.
fn unpack(inner: &Inner, platform: Platform, messages: Vec<store::OutboxMessage>) -> Vec<Claimed> {
    let mut out = Vec::new();
    for m in messages {
        match unpack_one(inner, platform, &m.payload) {
            Ok(None) => {
                // Said of a moment that has passed: nothing to deliver.
                let (id, now) = (m.id, inner.clock.now());
                if let Err(e) = inner.store.write(move |tx| store::mark_delivered(tx, id, now)) {
                    tracing::error!("cannot drop outbox message {}: {e}", id.0);
                }
            }
            Ok(Some(mut reply)) => {
                reply.delivery = Some(super::Delivery { id: m.id, send_key: m.send_key.clone() });
                let lane = m.lane.unwrap_or_else(|| format!("m:{}", m.id.0));
                let age = u64::try_from(inner.clock.now().saturating_sub(m.created_at)).unwrap_or(0);
                out.push(Claimed {
                    id: m.id,
                    send_key: m.send_key,
                    priority: m.priority,
                    reply,
                    answer: m.answer,
                    lane,
                    age: std::time::Duration::from_millis(age),
                    request: m.request,
                })
            }
            Err(e) => {
                tracing::error!("outbox message {} cannot be delivered, dropped: {e:?}", m.id.0);
                let (id, now) = (m.id, inner.clock.now());
                if let Err(e) = inner.store.write(move |tx| store::mark_delivered(tx, id, now)) {
                    tracing::error!("cannot drop outbox message {}: {e}", id.0);
                }
            }
        }
    }
    out
}

/// A stored message as a reply to deliver; `None` when it no longer needs saying (a
/// "your move" notice after that move was made).
fn unpack_one(inner: &Inner, platform: Platform, payload: &str) -> Result<Option<Reply>, Failure> {
    let outgoing = match serde_json::from_str::<Outgoing>(payload) {
        Ok(o) => o,
        Err(e) => match serde_json::from_str::<Legacy>(payload) {
            Ok(l) => Outgoing {
                message: Message::Legacy { text: l.reply.text },
                mentions: l.reply.mentions,
                destination: l.reply.destination,
                actions: l.reply.actions,
                board: l.board,
                community: None,
                only_actor: false,
                lang: None,
            },
            Err(_) => return Err(Failure::Internal(format!("unreadable payload: {e}"))),
        },
    };
    if let Message::Attention { about: Attention::YourMove, game, ply, .. } = &outgoing.message {
        let record = inner.store.find_game(&game.id)?;
        if record.ply != *ply || record.status != store::Status::Ongoing {
            return Ok(None);
        }
    }
    let mut reply = Reply::new(outgoing.destination, outgoing.message);
    reply.mentions = outgoing.mentions;
    reply.actions = outgoing.actions;
    reply.only_actor = outgoing.only_actor;
    if let Destination::Thread { game, thread: thread @ None, .. } = &mut reply.destination {
        if let Ok(record) = inner.store.find_game(game) {
            *thread = record.place.thread;
        }
    }
    reply.lang = match outgoing.lang {
        Some(lang) => lang,
        None => super::language::of_stored(inner, platform, &reply, outgoing.community.map(CommunityId)),
    };
    if let Message::TournamentFinished { tournament, .. } = &reply.message {
        // The final standings' picture, drawn from the tournament as it is (final).
        match super::tournament_table::standings_picture(inner, store::TournamentId(tournament.id)) {
            Ok(picture) => reply.picture = Some(picture),
            Err(e) => tracing::warn!("no standings picture for tournament {}: {e:?}", tournament.id),
        }
    }
    if let Some((game, ply)) = outgoing.board {
        let record = inner.store.load_game(GameId(game))?;
        let (position, last) = boards::replayed(&record, Some(ply))?;
        let mut at = record.clone();
        at.ply = ply;
        if ply < record.ply {
            // A board of a move before the end (delivered late): the game went on
            // after it, so its picture shows no result.
            at.result = None;
            at.status = store::Status::Ongoing;
        }
        let seats = Seats::of(&at);
        reply.picture = Some(Picture::Board(board(inner, &at, &position, last, false, &seats)));
    }
    if reply.picture.is_none() {
        // A review's picture is drawn again from the stored review.
        reply.picture = super::review_pictures::picture_of(inner, &reply.message)?;
    }
    if reply.picture.is_none() {
        // A puzzle's board is drawn again from the puzzle.
        reply.picture = super::puzzle_pictures::picture_of(inner, &reply.message)?;
    }
    super::links::link(inner, &mut reply);
    Ok(Some(reply))
}

/// The outlet's wake-up: a counter bumped on each new message.
#[derive(Default)]
pub(super) struct Wake {
    seq: Mutex<u64>,
    bell: Condvar,
}

impl Service {
    /// The one way to read the outbox: claims for `claimer` (a name unique to this
    /// process, [`Service::claimer`]) at most `limit` messages the service made for
    /// `platform`, with their pictures' sources and what an adapter needs to deliver each
    /// once: its send key (the platform's idempotency key), its priority and its lane.
    /// Messages for people come before bulk notices, so a small `limit` lets a move
    /// overtake a burst of notices; a lane's messages come in order, and not while an
    /// earlier one of their lane is claimed or handed back. Each is leased to `claimer`
    /// for `lease`: confirm it with [`Service::delivered`] or hand it back with
    /// [`Service::defer`] before then, or another process takes it over.
    pub fn claim_some(&self, platform: Platform, claimer: &str, lease: Duration, limit: u32) -> Vec<Claimed> {
        self.inner.take_over_gone();
        let lease_ms = i64::try_from(lease.as_millis()).unwrap_or(i64::MAX);
        match claim(&self.inner, platform, claimer, lease_ms, limit) {
            Ok(messages) => messages,
            Err(e) => {
                tracing::error!("cannot claim outbox messages: {e:?}");
                Vec::new()
            }
        }
    }

    /// Hands messages `ids`, claimed by `claimer`, back until `after` from now (their
    /// channel must wait, or they could not go now): a claim made then takes them
    /// again, in their order. Meanwhile the later messages of their lanes wait too.
    pub fn defer(&self, ids: &[MessageId], claimer: &str, after: Duration) {
        if ids.is_empty() {
            return;
        }
        let until = self.inner.clock.now().saturating_add(i64::try_from(after.as_millis()).unwrap_or(i64::MAX));
        let (claimer, ids_) = (claimer.to_string(), ids.to_vec());
        let deferred = self
            .inner
            .store
            .write(move |tx| ids_.iter().try_for_each(|id| crate::store::defer_message(tx, *id, &claimer, until)));
        match deferred {
            // The runtime looks again (a request's path hands it what it could not
            // post; a lane's task knows its own times anyway).
            Ok(()) => self.inner.ring(),
            Err(e) => tracing::error!("cannot defer messages {ids:?}: {e}"),
        }
    }

    /// Marks a message delivered. The deliverers are woken: a request's notices wait
    /// for its answer to be delivered, and may go now.
    pub fn delivered(&self, id: MessageId) {
        let now = self.inner.clock.now();
        match self.inner.store.write(move |tx| crate::store::mark_delivered(tx, id, now)) {
            Ok(()) => self.inner.ring(),
            Err(e) => tracing::error!("cannot mark message {} delivered: {e}", id.0),
        }
    }

    /// Marks a reply delivered, if it was kept in the outbox ([`Reply::delivery`]).
    pub fn answered(&self, reply: &Reply) {
        if let Some(d) = &reply.delivery {
            self.delivered(d.id);
        }
    }

    /// Whether message `id` must wait for an earlier message of its lane, not
    /// delivered yet: a request's path then hands it to the delivery runtime rather
    /// than posting it before that one.
    pub fn behind_in_lane(&self, id: MessageId) -> bool {
        match self.inner.store.read(move |tx| crate::store::behind_in_lane(tx, id)) {
            Ok(behind) => behind,
            Err(e) => {
                tracing::warn!("cannot tell whether message {} waits in its lane: {e}", id.0);
                false
            }
        }
    }

    /// The name this process claims outbox messages under (for
    /// [`Service::claim_some`]): unique to this service, and known to be gone once
    /// the process has exited.
    pub fn claimer(&self) -> &str {
        self.inner.process.name()
    }

    /// How long a claim lasts: `[storage] lease_seconds`.
    pub fn lease(&self) -> Duration {
        self.inner.options.leases.ttl
    }

    /// Rings (its value changes) whenever a message may be waiting in the outlet: a
    /// change that made one committed, one was delivered (a request's notices may go
    /// now) or handed back. For async deliverers; [`Service::wait_for_messages`] is the
    /// same for a thread.
    pub fn outlet(&self) -> tokio::sync::watch::Receiver<u64> {
        self.inner.outlet.subscribe()
    }

    /// Waits until a message may be waiting in the outlet (or `timeout` passes);
    /// `seen` is the value returned last time (start with 0).
    pub fn wait_for_messages(&self, seen: u64, timeout: Duration) -> u64 {
        let wake = &self.inner.wake;
        let Ok(guard) = wake.seq.lock() else { return seen };
        match wake.bell.wait_timeout_while(guard, timeout, |seq| *seq == seen) {
            Ok((seq, _)) => *seq,
            Err(_) => seen,
        }
    }
}

impl Inner {
    pub(super) fn ring(&self) {
        if let Ok(mut seq) = self.wake.seq.lock() {
            *seq += 1;
            self.wake.bell.notify_all();
        }
        self.outlet.send_modify(|n| *n = n.wrapping_add(1));
    }
}
