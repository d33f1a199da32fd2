//! One handler for both ways of running: an interaction in, the immediate response
//! out, and the work that follows it (the service's answer, posted through REST).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    ButtonStyle, ChannelId, ChannelType, CommandInteraction, ComponentInteraction, CreateActionRow,
    CreateAllowedMentions, CreateAttachment, CreateAutocompleteResponse, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage, CreateThread, Http,
    Interaction, Member, PartialMember, ResolvedOption, ResolvedValue, User, UserId,
};
use serenity::builder::Builder;

use crate::chat::command::{days_value, RuleOptions};
use crate::config::Platform;
use crate::games::GameKind;
use crate::service::{
    Action, Actor, Answer, Command, Destination, First, GameRef, Notify, Place, Reply, Request, Service, Target,
    UserError,
};

/// Discord's longest message.
const MAX_CONTENT: usize = 2000;
/// How long a claimed outbox message is this process's to deliver.
const LEASE: Duration = Duration::from_secs(60);

/// The adapter: the service, Discord's REST client and who the bot is.
#[derive(Clone)]
pub struct Bot {
    pub(crate) service: Service,
    pub(crate) http: Arc<Http>,
    /// The application's id, which is also the bot's user id.
    pub(crate) application_id: u64,
}

/// What to do after the immediate response has been sent.
pub(crate) enum Then {
    /// Nothing.
    Nothing,
    /// Serve `request` and post what the service says; the interaction's token
    /// finishes the deferred response. `private_board` shows the first board only to
    /// the actor (the Flip button).
    Serve { request: Box<Request>, token: String, private_board: bool },
}

/// The response to send at once (within Discord's 3 seconds), and what follows.
pub(crate) struct Answered {
    pub(crate) response: CreateInteractionResponse,
    pub(crate) then: Then,
}

fn ephemeral(text: impl Into<String>) -> Answered {
    Answered {
        response: CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new().content(clip(&text.into())).ephemeral(true),
        ),
        then: Then::Nothing,
    }
}

fn clip(text: &str) -> String {
    if text.chars().count() <= MAX_CONTENT {
        return text.to_string();
    }
    let mut out: String = text.chars().take(MAX_CONTENT - 1).collect();
    out.push('…');
    out
}

/// The name people see: the server nickname, the display name, the user name.
fn name_of(user: &User, nick: Option<&str>) -> String {
    nick.map(str::to_string).or_else(|| user.global_name.clone()).unwrap_or_else(|| user.name.clone())
}

fn member_nick(member: Option<&Member>) -> Option<&str> {
    member.and_then(|m| m.nick.as_deref())
}

fn partial_nick(member: Option<&PartialMember>) -> Option<&str> {
    member.and_then(|m| m.nick.as_deref())
}

/// The values of the choice options in the order they are registered (see
/// `commands.rs`): an integer sent for one of them is read as its index.
const CHOICES: &[(&str, &[&str])] = &[
    ("first", &["me", "them", "random"]),
    ("level", &["random", "greedy", "easy", "medium", "hard"]),
    ("extension", &["line", "arm"]),
    ("scope", &["here", "global"]),
    ("how", &["mention", "dm", "off"]),
    ("game", &["kuba", "kewbz", "cabale", "nuba"]),
];

/// The options of a subcommand by name.
struct Options<'a>(Vec<ResolvedOption<'a>>);

impl<'a> Options<'a> {
    fn get(&self, name: &str) -> Option<&ResolvedValue<'a>> {
        self.0.iter().find(|o| o.name == name).map(|o| &o.value)
    }

    fn string(&self, name: &str) -> Option<&'a str> {
        match self.get(name) {
            Some(ResolvedValue::String(s)) => Some(s),
            Some(ResolvedValue::Autocomplete { value, .. }) => Some(value),
            // A choice sent as its index, as poise's ChoiceParameter registers them.
            Some(ResolvedValue::Integer(i)) => CHOICES
                .iter()
                .find(|(n, _)| *n == name)
                .and_then(|(_, values)| usize::try_from(*i).ok().and_then(|i| values.get(i)).copied()),
            _ => None,
        }
    }

    /// `days`: a choice's text, or a number of days sent as an integer (0: unlimited).
    fn days(&self) -> Option<String> {
        match self.get("days") {
            Some(ResolvedValue::Integer(0)) => Some("unlimited".to_string()),
            Some(ResolvedValue::Integer(n)) => Some(n.to_string()),
            _ => self.string("days").map(str::to_string),
        }
    }

    fn int(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            Some(ResolvedValue::Integer(i)) => Some(*i),
            _ => None,
        }
    }

    fn boolean(&self, name: &str) -> Option<bool> {
        match self.get(name) {
            Some(ResolvedValue::Boolean(b)) => Some(*b),
            _ => None,
        }
    }

    fn user(&self, name: &str) -> Option<(&'a User, Option<&'a PartialMember>)> {
        match self.get(name) {
            Some(ResolvedValue::User(u, m)) => Some((u, *m)),
            _ => None,
        }
    }

    fn game(&self, kind: GameKind) -> GameRef {
        GameRef { kind, id: self.string("game").map(str::to_string) }
    }
}

fn bad(message: impl Into<String>) -> UserError {
    UserError::Other(message.into())
}

impl Bot {
    /// Where an interaction happened: a thread's parent is the channel.
    fn place(&self, guild: Option<u64>, channel: ChannelId, parent: Option<(ChannelType, Option<ChannelId>)>) -> Place {
        let (channel, thread) = match parent {
            Some((ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread, Some(parent))) => {
                (parent.get().to_string(), Some(channel.get().to_string()))
            }
            _ => (channel.get().to_string(), None),
        };
        Place { community: guild.map(|g| g.to_string()), channel: Some(channel), thread }
    }

    fn target(&self, user: &User, member: Option<&PartialMember>) -> Target {
        if user.id.get() == self.application_id {
            return Target::Computer;
        }
        Target::User {
            user_id: user.id.get().to_string(),
            display_name: name_of(user, partial_nick(member)),
            is_bot: user.bot,
        }
    }

    /// The response to one interaction, and what follows it.
    pub(crate) async fn answer(&self, interaction: Interaction) -> Answered {
        match interaction {
            Interaction::Ping(_) => Answered { response: CreateInteractionResponse::Pong, then: Then::Nothing },
            Interaction::Autocomplete(ci) => self.autocomplete(&ci).await,
            Interaction::Command(ci) => self.command(&ci),
            Interaction::Component(ci) => self.component(&ci),
            _ => ephemeral("This kind of interaction is not something I answer."),
        }
    }

    fn actor(&self, user: &User, member: Option<&Member>) -> Actor {
        Actor {
            platform: Platform::Discord,
            user_id: user.id.get().to_string(),
            display_name: name_of(user, member_nick(member)),
            is_bot: user.bot,
        }
    }

    fn command(&self, ci: &CommandInteraction) -> Answered {
        let place =
            self.place(ci.guild_id.map(|g| g.get()), ci.channel_id, ci.channel.as_ref().map(|c| (c.kind, c.parent_id)));
        let actor = self.actor(&ci.user, ci.member.as_deref());
        let command = match self.parse(ci) {
            Ok(command) => command,
            Err(e) => return ephemeral(e.to_string()),
        };
        Answered {
            response: CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(true)),
            then: Then::Serve {
                request: Box::new(Request { actor, place, command }),
                token: ci.token.clone(),
                private_board: false,
            },
        }
    }

    /// A slash command as a service command.
    fn parse(&self, ci: &CommandInteraction) -> Result<Command, UserError> {
        let options = ci.data.options();
        let Some(first) = options.into_iter().next() else {
            return Err(bad("Pick a subcommand, e.g. /kuba challenge."));
        };
        let (sub, opts) = match first.value {
            ResolvedValue::SubCommand(opts) => (first.name, Options(opts)),
            ResolvedValue::SubCommandGroup(mut group) if !group.is_empty() => {
                // `/boardbot vacation end` sent as a group: the inner subcommand names
                // what to do.
                let inner = group.remove(0);
                let opts = match inner.value {
                    ResolvedValue::SubCommand(o) => o,
                    _ => Vec::new(),
                };
                (inner.name, Options(opts))
            }
            _ => return Err(bad("Pick a subcommand, e.g. /kuba challenge.")),
        };
        if ci.data.name == "boardbot" {
            return self.general(sub, &opts);
        }
        let kind: GameKind = ci
            .data
            .name
            .parse()
            .map_err(|_| bad(format!("I do not know the command /{}.", crate::games::excerpt(&ci.data.name))))?;
        self.per_game(kind, sub, &opts)
    }

    fn general(&self, sub: &str, o: &Options) -> Result<Command, UserError> {
        let kind = |o: &Options| -> Result<Option<GameKind>, UserError> {
            o.string("game").map(|g| g.parse::<GameKind>().map_err(|e| bad(e.to_string()))).transpose()
        };
        Ok(match sub {
            "games" => Command::Games,
            "rating" => Command::Rating {
                kind: kind(o)?,
                player: o.user("player").map(|(u, m)| self.target(u, m)),
                versus: o.user("vs").map(|(u, m)| self.target(u, m)),
            },
            "leaderboard" => Command::Leaderboard {
                kind: kind(o)?.ok_or_else(|| bad("Say which game: /boardbot leaderboard game:Kuba."))?,
                global: global(o)?,
            },
            "notify" => Command::Notify {
                how: match o.string("how").unwrap_or_default() {
                    "mention" => Notify::Mention,
                    "dm" | "direct" => Notify::Direct,
                    "off" => Notify::Off,
                    other => {
                        return Err(bad(format!("how:{} is not mention, dm or off.", crate::games::excerpt(other))))
                    }
                },
                user: o.user("user").map(|(u, m)| self.target(u, m)),
            },
            "vacation" => match (o.int("days"), o.boolean("end")) {
                (None, Some(true)) => Command::VacationEnd,
                (Some(days), None | Some(false)) => Command::Vacation { days },
                _ => return Err(bad("Say days:N to go on vacation, or end:True to come back.")),
            },
            "end" => Command::VacationEnd,
            "start" => Command::Vacation { days: o.int("days").ok_or_else(|| bad("Say how many days: days:7."))? },
            "rules" => Command::Rules { kind: kind(o)? },
            "help" => Command::Help { kind: None },
            other => return Err(bad(format!("/boardbot has no command \"{}\".", crate::games::excerpt(other)))),
        })
    }

    fn per_game(&self, kind: GameKind, sub: &str, o: &Options) -> Result<Command, UserError> {
        let challenge = o.int("challenge");
        let answer = |ask: &str| match o.get("answer") {
            Some(ResolvedValue::Integer(0)) => Ok(Answer::Ask),
            Some(ResolvedValue::Integer(1)) => Ok(Answer::Accept),
            Some(ResolvedValue::Integer(2)) => Ok(Answer::Decline),
            _ => match o.string("answer") {
                None => Ok(Answer::Ask),
                Some(a) if a == ask => Ok(Answer::Ask),
                Some("accept") => Ok(Answer::Accept),
                Some("decline") => Ok(Answer::Decline),
                Some(other) => {
                    Err(bad(format!("answer:{} is not {ask}, accept or decline.", crate::games::excerpt(other))))
                }
            },
        };
        Ok(match sub {
            "challenge" => {
                let opponents: Vec<Target> = ["opponent", "opponent2", "opponent3"]
                    .iter()
                    .filter_map(|name| o.user(name).map(|(u, m)| self.target(u, m)))
                    .collect();
                let first = match o.string("first") {
                    None | Some("random") => First::Random,
                    Some("me") => First::Me,
                    Some("them") => First::Them,
                    Some(other) => {
                        return Err(bad(format!("first:{} is not me, them or random.", crate::games::excerpt(other))))
                    }
                };
                let level = match o.string("level") {
                    None => None,
                    Some(l) => Some(l.parse().map_err(|_| {
                        bad(format!(
                            "level:{} is not a level: random, greedy, easy, medium or hard.",
                            crate::games::excerpt(l)
                        ))
                    })?),
                };
                let rules = RuleOptions {
                    settings: o.string("settings"),
                    size: o.int("size"),
                    extension: o.string("extension"),
                    sharp: o.boolean("sharp"),
                };
                Command::Challenge {
                    kind,
                    opponents,
                    rated: o.boolean("rated").unwrap_or(false),
                    first,
                    level,
                    settings: rules.json(kind)?,
                    start: o.string("start").map(str::to_string).filter(|s| !s.trim().is_empty()),
                    time: o.days().as_deref().map(days_value).transpose()?,
                }
            }
            "accept" => Command::Accept { kind, challenge },
            "decline" => Command::Decline { kind, challenge },
            "cancel" => Command::Cancel { kind, challenge },
            "move" => Command::Move { game: o.game(kind), text: o.string("move").unwrap_or_default().to_string() },
            "board" => Command::Board { game: o.game(kind), flip: o.boolean("flip").unwrap_or(false) },
            "resign" => Command::Resign { game: o.game(kind) },
            "draw" => Command::Draw { game: o.game(kind), answer: answer("offer")? },
            "takeback" => Command::Takeback { game: o.game(kind), answer: answer("ask")? },
            "history" => Command::History { game: o.game(kind) },
            "leaderboard" => Command::Leaderboard { kind, global: global(o)? },
            "rating" => Command::Rating {
                kind: Some(kind),
                player: o.user("player").map(|(u, m)| self.target(u, m)),
                versus: o.user("vs").map(|(u, m)| self.target(u, m)),
            },
            "rules" => Command::Rules { kind: Some(kind) },
            "help" => Command::Help { kind: Some(kind) },
            other => return Err(bad(format!("/{kind} has no command \"{}\".", crate::games::excerpt(other)))),
        })
    }

    /// The legal moves matching what is typed, in the game of the command.
    async fn autocomplete(&self, ci: &CommandInteraction) -> Answered {
        let kind: Option<GameKind> = ci.data.name.parse().ok();
        let options = ci.data.options();
        let (typed, game) = match options.first().map(|o| &o.value) {
            Some(ResolvedValue::SubCommand(opts)) => {
                let o = Options(opts.clone());
                (o.string("move").unwrap_or_default().to_string(), o.string("game").map(str::to_string))
            }
            _ => (String::new(), None),
        };
        let place =
            self.place(ci.guild_id.map(|g| g.get()), ci.channel_id, ci.channel.as_ref().map(|c| (c.kind, c.parent_id)));
        let actor = self.actor(&ci.user, ci.member.as_deref());
        let service = self.service.clone();
        let found = tokio::task::spawn_blocking(move || {
            let Some(kind) = kind else { return Vec::new() };
            let game = game.or_else(|| {
                place
                    .thread
                    .as_deref()
                    .and_then(|t| service.game_in_thread(t))
                    .filter(|(k, _)| *k == kind)
                    .map(|(_, id)| id)
            });
            let game = game.or_else(|| service.only_game(&actor, kind));
            let Some(game) = game else { return Vec::new() };
            // Cabale offers the turn part by part: what is typed up to its last `>` is chosen.
            let (chosen, rest) = match typed.rfind('>') {
                Some(at) if kind == GameKind::Cabale => (typed[..=at].to_string(), typed[at + 1..].to_string()),
                _ => (String::new(), typed.clone()),
            };
            service.choices(&game, &chosen, &rest, 25).unwrap_or_default()
        })
        .await
        .unwrap_or_default();
        let mut response = CreateAutocompleteResponse::new();
        for action in found {
            if let Action::Move { text, label, .. } = action {
                let name: String = label.chars().take(100).collect();
                response = response.add_string_choice(name, text.chars().take(100).collect::<String>());
            }
        }
        Answered { response: CreateInteractionResponse::Autocomplete(response), then: Then::Nothing }
    }

    /// A button: `bb:<action>:<game kind>:<challenge number or game id>`.
    fn component(&self, ci: &ComponentInteraction) -> Answered {
        let parts: Vec<&str> = ci.data.custom_id.split(':').collect();
        let ["bb", action, kind, arg] = parts.as_slice() else {
            return ephemeral("That button is not one of mine any more.");
        };
        let Ok(kind) = kind.parse::<GameKind>() else { return ephemeral("That button is not one of mine any more.") };
        let game = GameRef { kind, id: Some(arg.to_string()) };
        let number = arg.parse::<i64>().ok();
        let command = match *action {
            "accept" => Command::Accept { kind, challenge: number },
            "decline" => Command::Decline { kind, challenge: number },
            "resign" => {
                // A confirmation first: a resignation cannot be taken back.
                let button = CreateButton::new(format!("bb:resign-confirm:{kind}:{arg}"))
                    .label("Yes, resign")
                    .style(ButtonStyle::Danger);
                return Answered {
                    response: CreateInteractionResponse::Message(
                        CreateInteractionResponseMessage::new()
                            .content(format!("Resign {} game {arg}? This cannot be undone.", kind.title()))
                            .ephemeral(true)
                            .components(vec![CreateActionRow::Buttons(vec![button])]),
                    ),
                    then: Then::Nothing,
                };
            }
            "resign-confirm" => Command::Resign { game },
            "draw" => Command::Draw { game, answer: Answer::Ask },
            "flip" => Command::Board { game, flip: true },
            _ => return ephemeral("That button is not one of mine any more."),
        };
        let place =
            self.place(ci.guild_id.map(|g| g.get()), ci.channel_id, ci.channel.as_ref().map(|c| (c.kind, c.parent_id)));
        let actor = self.actor(&ci.user, ci.member.as_ref());
        Answered {
            response: CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(true)),
            then: Then::Serve {
                request: Box::new(Request { actor, place, command }),
                token: ci.token.clone(),
                private_board: *action == "flip",
            },
        }
    }

    /// Serves a deferred interaction: asks the service, posts its answer, and finishes
    /// the deferred response with what only the actor sees (or removes it).
    pub(crate) async fn follow_up(&self, then: Then) {
        let Then::Serve { request, token, private_board } = then else { return };
        tracing::debug!(command = ?request.command, "serving an interaction");
        let service = self.service.clone();
        let replies = match tokio::task::spawn_blocking(move || service.handle(&request)).await {
            Ok(replies) => replies,
            Err(e) => {
                tracing::error!("the service's task failed: {e}");
                vec![]
            }
        };
        tracing::debug!("the service answered with {} replies", replies.len());
        let mut private_sent = false;
        let mut threads = HashMap::new();
        for (i, mut reply) in replies.into_iter().enumerate() {
            if private_board && i == 0 {
                reply.only_actor = true;
            }
            if reply.only_actor {
                let mut followup = CreateInteractionResponseFollowup::new()
                    .content(clip(&mentionize(&reply)))
                    .ephemeral(true)
                    .allowed_mentions(CreateAllowedMentions::new());
                if let Some(p) = &reply.picture {
                    followup = followup.add_file(CreateAttachment::bytes(p.png.clone(), p.file_name.clone()));
                }
                match followup.execute(&self.http, (None, &token)).await {
                    Ok(_) => private_sent = true,
                    Err(e) => tracing::error!("cannot send an ephemeral follow-up: {e}"),
                }
            } else {
                self.post(&reply, &mut threads).await;
            }
        }
        if !private_sent {
            if let Err(e) = self.http.delete_original_interaction_response(&token).await {
                tracing::warn!("cannot remove the deferred response: {e}");
            }
        }
    }

    /// Posts a public reply where it goes; `threads` remembers the threads made for
    /// games in this batch.
    pub(crate) async fn post(&self, reply: &Reply, threads: &mut HashMap<String, u64>) {
        let channel = match &reply.destination {
            Destination::Channel { channel } => channel.parse::<u64>().ok(),
            Destination::Thread { thread: Some(t), .. } => t.parse::<u64>().ok(),
            Destination::Thread { game, title, channel, thread: None, .. } => match threads.get(game) {
                Some(t) => Some(*t),
                None => self.make_thread(game, title, channel.as_deref(), threads).await,
            },
            Destination::Direct(user) => match user.user_id.parse::<u64>() {
                Ok(id) if id != 0 => match UserId::new(id).create_dm_channel(&self.http).await {
                    Ok(dm) => Some(dm.id.get()),
                    Err(e) => {
                        tracing::warn!("cannot open a DM with {}: {e}", user.user_id);
                        None
                    }
                },
                _ => None,
            },
        };
        let Some(channel) = channel.filter(|c| *c != 0) else {
            tracing::warn!("no channel to post in for {:?}", reply.destination);
            return;
        };
        let users: Vec<UserId> = reply
            .mentions
            .iter()
            .filter_map(|m| m.user_id.parse::<u64>().ok())
            .filter(|id| *id != 0)
            .map(UserId::new)
            .collect();
        let mut message = CreateMessage::new()
            .content(clip(&mentionize(reply)))
            .allowed_mentions(CreateAllowedMentions::new().users(users));
        if let Some(p) = &reply.picture {
            message = message.add_file(CreateAttachment::bytes(p.png.clone(), p.file_name.clone()));
        }
        let buttons = buttons(&reply.actions);
        if !buttons.is_empty() {
            message = message.components(vec![CreateActionRow::Buttons(buttons)]);
        }
        if let Err(e) = ChannelId::new(channel).send_message(&self.http, message).await {
            tracing::error!("cannot post in channel {channel}: {e}");
        }
    }

    /// Creates a game's thread in `channel` and records it; `None` (post in the
    /// channel) when the bot may not.
    async fn make_thread(
        &self,
        game: &str,
        title: &str,
        channel: Option<&str>,
        threads: &mut HashMap<String, u64>,
    ) -> Option<u64> {
        let channel = channel.and_then(|c| c.parse::<u64>().ok()).filter(|c| *c != 0)?;
        let name: String = if title.is_empty() { game.to_string() } else { title.chars().take(100).collect() };
        let made = CreateThread::new(name)
            .kind(ChannelType::PublicThread)
            .execute(&self.http, (ChannelId::new(channel), None))
            .await;
        match made {
            Ok(thread) => {
                let id = thread.id.get();
                threads.insert(game.to_string(), id);
                let (service, game) = (self.service.clone(), game.to_string());
                let recorded = tokio::task::spawn_blocking(move || service.set_thread(&game, &id.to_string())).await;
                if !matches!(recorded, Ok(Ok(()))) {
                    tracing::error!("cannot record thread {id}: {recorded:?}");
                }
                Some(id)
            }
            Err(e) => {
                tracing::warn!("cannot create a thread in {channel}, playing in the channel: {e}");
                threads.insert(game.to_string(), channel);
                Some(channel)
            }
        }
    }

    /// Delivers what the service says on its own (the computer's moves, reminders,
    /// timeouts), until the service goes away. Messages are leased to `claimer`, so
    /// several processes on one database never send one twice.
    pub(crate) async fn outlet(&self, claimer: String) {
        let mut seen = 0;
        loop {
            let (service, claimer_) = (self.service.clone(), claimer.clone());
            let batch = tokio::task::spawn_blocking(move || service.claim(Platform::Discord, &claimer_, LEASE))
                .await
                .unwrap_or_default();
            let mut threads = HashMap::new();
            for (id, reply) in batch {
                self.post(&reply, &mut threads).await;
                let service = self.service.clone();
                let _ = tokio::task::spawn_blocking(move || service.delivered(id)).await;
            }
            let service = self.service.clone();
            seen = tokio::task::spawn_blocking(move || service.wait_for_messages(seen, Duration::from_secs(5)))
                .await
                .unwrap_or(seen);
        }
    }
}

fn global(o: &Options) -> Result<bool, UserError> {
    match o.string("scope") {
        None | Some("here") => Ok(false),
        Some("global") => Ok(true),
        Some(other) => Err(bad(format!("scope:{} is not here or global.", crate::games::excerpt(other)))),
    }
}

/// The reply's text with `@name` of each mentioned person written as a Discord mention.
fn mentionize(reply: &Reply) -> String {
    let mut text = reply.text.clone();
    let mut people: Vec<_> = reply.mentions.iter().collect();
    // Longest names first, so that @al does not eat the start of @alice.
    people.sort_by_key(|u| std::cmp::Reverse(u.name.len()));
    for u in people {
        if u.user_id.parse::<u64>().is_ok() {
            text = text.replace(&format!("@{}", u.name), &format!("<@{}>", u.user_id));
        }
    }
    text
}

/// The buttons for what can be done next (moves are offered by autocompletion).
fn buttons(actions: &[Action]) -> Vec<CreateButton> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Accept { kind, challenge } => Some(
                CreateButton::new(format!("bb:accept:{kind}:{challenge}")).label("Accept").style(ButtonStyle::Success),
            ),
            Action::Decline { kind, challenge } => Some(
                CreateButton::new(format!("bb:decline:{kind}:{challenge}"))
                    .label("Decline")
                    .style(ButtonStyle::Secondary),
            ),
            Action::Resign { kind, game } => {
                Some(CreateButton::new(format!("bb:resign:{kind}:{game}")).label("Resign").style(ButtonStyle::Danger))
            }
            Action::OfferDraw { kind, game } => Some(
                CreateButton::new(format!("bb:draw:{kind}:{game}")).label("Offer draw").style(ButtonStyle::Secondary),
            ),
            Action::Flip { kind, game } => {
                Some(CreateButton::new(format!("bb:flip:{kind}:{game}")).label("Flip").style(ButtonStyle::Secondary))
            }
            Action::Move { .. } => None,
        })
        .take(5)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::UserRef;

    #[test]
    fn mentions_become_discord_mentions() {
        let mut reply = Reply::text(Destination::Channel { channel: "1".into() }, "@alice plays; @al to move.");
        reply.mentions = vec![
            UserRef { user_id: "11".into(), name: "al".into() },
            UserRef { user_id: "12".into(), name: "alice".into() },
        ];
        assert_eq!(mentionize(&reply), "<@12> plays; <@11> to move.");
    }

    #[test]
    fn long_texts_are_clipped_to_discords_limit() {
        let long = "x".repeat(3000);
        assert_eq!(clip(&long).chars().count(), MAX_CONTENT);
        assert_eq!(clip("short"), "short");
    }
}
