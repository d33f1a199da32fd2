//! Intake: what people do in rooms, turned into requests. Messages (a `!` command, or
//! a plain move in a game's thread), reactions (a ✅ or ❌ on a challenge) and
//! invitations arrive through matrix-sdk's event handlers, are queued, and are served
//! one after the other by one worker, in the order they came; each request's answer
//! is posted by [`super::posting`].

use std::collections::HashMap;
use std::time::Duration;

use matrix_sdk::event_handler::{Ctx, EventHandlerHandle};
use matrix_sdk::room::RoomMember;
use matrix_sdk::ruma::events::reaction::OriginalSyncReactionEvent;
use matrix_sdk::ruma::events::room::member::{MembershipState, StrippedRoomMemberEvent};
use matrix_sdk::ruma::events::room::message::{MessageType, OriginalSyncRoomMessageEvent, Relation};
use matrix_sdk::ruma::events::StateEventType;
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, OwnedUserId, UserId};
use matrix_sdk::{Client, Room, RoomMemberships, RoomState};
use tokio::sync::mpsc;

use super::posting::Asked;
use super::{text, Bot};
use crate::chat::text as commands;
use crate::config::Platform;
use crate::service::{
    Action, Actor, Command, Destination, Message as Said, Place, Refusal, Reply, Request, Target, Via,
};

/// What the worker serves, in order.
pub(super) enum Incoming {
    /// Something a person did in a room.
    Event(Event),
    /// Answered once everything queued before it has been served.
    Barrier(tokio::sync::oneshot::Sender<()>),
}

/// Something a person did in a room: where, who, when, and what.
pub(super) struct Event {
    room: Room,
    sender: OwnedUserId,
    ts: i64,
    what: What,
}

enum What {
    Message(Box<Message>),
    Reaction { target: OwnedEventId, key: String },
}

/// A text message.
struct Message {
    event: OwnedEventId,
    body: String,
    html: Option<String>,
    thread: Option<OwnedEventId>,
    mentioned: Vec<OwnedUserId>,
}

/// Registers the handlers that queue what arrives on `tx`; their handles, to remove
/// them when the session ends.
pub(super) fn listen(client: &Client, tx: mpsc::UnboundedSender<Incoming>) -> Vec<EventHandlerHandle> {
    client.add_event_handler_context(tx);
    vec![
        client.add_event_handler(on_message),
        client.add_event_handler(on_reaction),
        client.add_event_handler(on_invite),
    ]
}

async fn on_message(ev: OriginalSyncRoomMessageEvent, room: Room, tx: Ctx<mpsc::UnboundedSender<Incoming>>) {
    let (body, html) = match &ev.content.msgtype {
        MessageType::Text(t) => (t.body.clone(), t.formatted.as_ref().map(|f| f.body.clone())),
        _ => return,
    };
    let thread = match &ev.content.relates_to {
        Some(Relation::Thread(t)) => Some(t.event_id.clone()),
        // An edit is not a new command.
        Some(Relation::Replacement(_)) => return,
        _ => None,
    };
    // Whom the message mentions, as its sender's client said (`m.mentions`).
    let mentioned = ev.content.mentions.as_ref().map(|m| m.user_ids.iter().cloned().collect()).unwrap_or_default();
    let message = Message { event: ev.event_id.clone(), body, html, thread, mentioned };
    let _ = tx.send(Incoming::Event(Event {
        room,
        sender: ev.sender.clone(),
        ts: i64::from(ev.origin_server_ts.0),
        what: What::Message(Box::new(message)),
    }));
}

async fn on_reaction(ev: OriginalSyncReactionEvent, room: Room, tx: Ctx<mpsc::UnboundedSender<Incoming>>) {
    let _ = tx.send(Incoming::Event(Event {
        room,
        sender: ev.sender.clone(),
        ts: i64::from(ev.origin_server_ts.0),
        what: What::Reaction { target: ev.content.relates_to.event_id.clone(), key: ev.content.relates_to.key.clone() },
    }));
}

async fn on_invite(ev: StrippedRoomMemberEvent, room: Room, client: Client) {
    if ev.content.membership != MembershipState::Invite || client.user_id() != Some(&*ev.state_key) {
        return;
    }
    tracing::info!("invited to {} by {}", room.room_id(), ev.sender);
    tokio::spawn(join(room));
}

/// Joins a room it was invited to, retrying: the homeserver may not have the room
/// ready the moment the invitation arrives.
pub(super) async fn join(room: Room) {
    let mut wait = Duration::from_secs(2);
    for attempt in 1..=8 {
        match room.join().await {
            Ok(()) => {
                tracing::info!("joined {}", room.room_id());
                return;
            }
            Err(e) => {
                tracing::warn!("cannot join {} (attempt {attempt}): {e}", room.room_id());
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(120));
            }
        }
    }
    tracing::error!("gave up joining {}", room.room_id());
}

/// Serves incoming events one after the other, in the order they came.
pub(super) async fn work(bot: Bot, mut rx: mpsc::UnboundedReceiver<Incoming>) {
    // When the bot joined each room, as far as it has looked.
    let mut joined: HashMap<OwnedRoomId, i64> = HashMap::new();
    while let Some(incoming) = rx.recv().await {
        match incoming {
            Incoming::Barrier(done) => {
                let _ = done.send(());
            }
            Incoming::Event(event) => bot.event(event, &mut joined).await,
        }
    }
}

/// How a request in Matrix came: by its event, which a sync may deliver again.
fn via(event: &OwnedEventId) -> Via {
    Via { key: Some(key_of(event)), ..Via::default() }
}

/// The key of the request a message makes: its event id.
fn key_of(event: &OwnedEventId) -> String {
    format!("matrix:{event}")
}

/// Where a request was made: the room is the community and the channel.
fn place(room: &Room, thread: Option<&OwnedEventId>) -> Place {
    Place {
        community: Some(room.room_id().to_string()),
        channel: Some(room.room_id().to_string()),
        thread: thread.map(|t| t.to_string()),
        locale: None,
    }
}

/// A member's name: the display name in the room, else the user id's localpart.
fn name_of(member: &RoomMember) -> String {
    match member.display_name().map(str::trim).filter(|n| !n.is_empty()) {
        Some(name) => name.to_string(),
        None => member.user_id().localpart().to_string(),
    }
}

impl Bot {
    /// Serves what a person did, unless it is the bot's own doing or from before the
    /// bot was in the room.
    async fn event(&self, event: Event, joined: &mut HashMap<OwnedRoomId, i64>) {
        let Event { room, sender, ts, what } = event;
        if sender == self.own || room.state() != RoomState::Joined {
            return;
        }
        let since = match joined.get(room.room_id()) {
            Some(since) => *since,
            None => {
                let since = self.joined_at(&room).await;
                if since > 0 {
                    joined.insert(room.room_id().to_owned(), since);
                }
                since
            }
        };
        if ts < since {
            tracing::debug!("ignoring an event in {} from before the bot joined", room.room_id());
            return;
        }
        match what {
            What::Message(m) => self.message(room, sender, *m).await,
            What::Reaction { target, key } => self.reaction(room, sender, target, key).await,
        }
    }

    /// When the bot's membership of `room` began (its member event's time), 0 when
    /// unknown.
    async fn joined_at(&self, room: &Room) -> i64 {
        match room.get_member_no_sync(&self.own).await {
            Ok(Some(member)) => member.event().origin_server_ts().map_or(0, |t| i64::from(t.0)),
            _ => 0,
        }
    }

    async fn member(&self, room: &Room, user: &UserId) -> Option<RoomMember> {
        match room.get_member_no_sync(user).await {
            Ok(member) => member,
            Err(e) => {
                tracing::warn!("cannot read member {user} of {}: {e}", room.room_id());
                None
            }
        }
    }

    /// Who acts; the room's language is theirs to set when their power level lets
    /// them change the room's name.
    async fn actor(&self, room: &Room, user: &UserId) -> Actor {
        let member = self.member(room, user).await;
        let name = match &member {
            Some(m) => name_of(m),
            None => user.localpart().to_string(),
        };
        let manages = member.as_ref().is_some_and(|m| m.can_send_state(StateEventType::RoomName));
        Actor { manages_community: manages, ..Actor::new(Platform::Matrix, user.to_string(), name) }
    }

    /// A `!` command, or a plain move in a game's thread.
    async fn message(&self, room: Room, sender: OwnedUserId, m: Message) {
        let mut line = text::command_line(&m.body, m.html.as_deref());
        let parsed = if let Some(rest) = line.strip_prefix('!') {
            let head = rest.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
            if !commands::is_head(&head) {
                return;
            }
            line = self.with_mentions(&room, &m.mentioned, line).await;
            let mut targets = HashMap::new();
            for word in line.split_whitespace().filter_map(|w| w.strip_prefix('@')) {
                if !targets.contains_key(word) {
                    targets.insert(word.to_string(), self.resolve(&room, &m.mentioned, word).await);
                }
            }
            commands::parse(&line, &mut |name: &str| {
                targets.get(name).cloned().unwrap_or_else(|| Err(Refusal::UnknownUser(name.to_string())))
            })
        } else {
            // In a game's thread, a plain message that reads as a move of that game.
            let Some(thread) = &m.thread else { return };
            let (thread, text) = (thread.to_string(), line.clone());
            match self.blocking(move |s| s.move_in_thread(&thread, &text)).await.flatten() {
                Some(game) => Ok(Some(Command::Move { game, text: line.clone(), at: None })),
                None => return,
            }
        };
        tracing::debug!(room = %room.room_id(), sender = %sender, "command: {line}");
        let place = place(&room, m.thread.as_ref());
        let actor = self.actor(&room, &sender).await;
        let replies = match parsed {
            Ok(Some(command)) => {
                let request = Request { actor, place, command, via: via(&m.event) };
                self.blocking(move |s| s.handle(&request)).await.unwrap_or_default()
            }
            Ok(None) => return,
            Err(e) => {
                let apology = Reply::new(Destination::Channel { channel: room.room_id().to_string() }, Said::Apology);
                vec![self.blocking(move |s| s.refuse(&actor, &place, e)).await.unwrap_or(apology)]
            }
        };
        crate::chat::failpoint::after_move_commit(&replies);
        // A challenge can be answered by reacting to the command that made it, too.
        let offers: Vec<Action> = replies.iter().flat_map(|r| r.actions.iter().cloned()).collect();
        self.remember(&m.event, offers).await;
        let asked = Asked { room: &room, event: &m.event, thread: m.thread.as_ref() };
        self.post_all(&replies, &asked).await;
    }

    /// The line with each person of the message's `m.mentions` written as their user
    /// id where the body names them (clients write a mention's display name in the
    /// plain body, and not every client sends HTML).
    async fn with_mentions(&self, room: &Room, mentioned: &[OwnedUserId], mut line: String) -> String {
        for user in mentioned {
            if line.split_whitespace().any(|w| w.trim_start_matches('@') == user.as_str().trim_start_matches('@')) {
                continue;
            }
            let mut names = vec![user.localpart().to_string()];
            if let Some(member) = self.member(room, user).await {
                names.insert(0, name_of(&member));
            }
            if let Some(replaced) = names.iter().find_map(|name| text::replace_name(&line, name, user.as_str())) {
                line = replaced;
            }
        }
        line
    }

    /// An `@…` of a command line: a user id (from a pill or typed) of someone in the
    /// room, the bot itself (the computer), or a name matched against the message's
    /// mentions and the room's members.
    async fn resolve(&self, room: &Room, mentioned: &[OwnedUserId], word: &str) -> Result<Target, Refusal> {
        let id = if word.contains(':') {
            UserId::parse(format!("@{word}")).map_err(|_| Refusal::UnknownUser(word.to_string()))?
        } else {
            self.by_name(room, mentioned, word).await?
        };
        if id == self.own {
            return Ok(Target::Computer);
        }
        match self.member(room, &id).await {
            Some(member) if matches!(member.membership(), MembershipState::Join | MembershipState::Invite) => {
                Ok(Target::User { user_id: id.to_string(), display_name: name_of(&member), is_bot: false })
            }
            _ => Err(Refusal::NotInRoom(id.to_string())),
        }
    }

    /// The one person called `name`: among those the message mentions, else among the
    /// room's members (by localpart or display name).
    async fn by_name(&self, room: &Room, mentioned: &[OwnedUserId], name: &str) -> Result<OwnedUserId, Refusal> {
        let lower = name.to_lowercase();
        if let Some(id) = mentioned.iter().find(|u| u.localpart().to_lowercase() == lower) {
            return Ok(id.clone());
        }
        let members = room.members_no_sync(RoomMemberships::JOIN | RoomMemberships::INVITE).await.unwrap_or_default();
        let mut matching = members.iter().filter(|m| {
            m.user_id().localpart().to_lowercase() == lower
                || m.display_name().is_some_and(|d| d.to_lowercase() == lower)
        });
        match (matching.next(), matching.next()) {
            (Some(one), None) => Ok(one.user_id().to_owned()),
            (None, _) => Err(Refusal::NotInRoom(name.to_string())),
            (Some(_), Some(_)) => Err(Refusal::AmbiguousName(name.to_string())),
        }
    }

    /// A reaction on a message that offers something: the action the service says
    /// it answers ([`Action::answered_by`]), done.
    async fn reaction(&self, room: Room, sender: OwnedUserId, target: OwnedEventId, key: String) {
        let target_ = target.to_string();
        let offered = self.blocking(move |s| s.actions_of(Platform::Matrix, &target_)).await.unwrap_or_default();
        let Some(action) = Action::answered_by(&key, &offered) else {
            tracing::debug!("a reaction {key} on {target}, which offers nothing it answers");
            return;
        };
        let actor = self.actor(&room, &sender).await;
        // Keyed by the reacted message, the person and the answer: the same reaction
        // delivered twice (a sync repeated after a restart) answers once.
        let yes = matches!(action, Action::Accept { .. });
        let via = Via { key: Some(format!("matrix:{target}:{sender}:{yes}")), ..Via::default() };
        let request = Request { actor, place: place(&room, None), command: action.command(), via };
        let replies = self.blocking(move |s| s.handle(&request)).await.unwrap_or_default();
        self.post_all(&replies, &Asked { room: &room, event: &target, thread: None }).await;
    }
}
