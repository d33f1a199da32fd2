//! One handler for both ways of running: an interaction in, the response out — the
//! service's answer itself when it is ready within two seconds, else a deferred
//! response finished when it is — and the work that follows (posting in a game's
//! thread, creating it).
//!
//! What the service says is worded by [`crate::present`] with [`DiscordGrammar`]:
//! people as `<@id>` mentions, commands as clickable `</kuba accept:ID>` once the
//! commands' ids are known.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serenity::all::{
    ButtonStyle, ChannelId, ChannelType, CommandInteraction, ComponentInteraction, CreateActionRow,
    CreateAllowedMentions, CreateAttachment, CreateAutocompleteResponse, CreateButton, CreateEmbed,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    CreateThread, EditInteractionResponse, Http, HttpError, Interaction, Member, Nonce, PartialMember, User, UserId,
};
use serenity::builder::Builder;

use super::decode::{completing, decode};
use crate::chat::delivery::{Posted, Poster};
use crate::config::Platform;
use crate::lang::Lang;
use crate::present::{self, Grammar, ThreadSaid};
use crate::service::goes_here;
use crate::service::{
    Action, Actor, AnswerNotifies, Destination, GameLinks, Message, Person, Picture, Place, Refusal, Reply, Request,
    Service, Target, ThreadRef, Via,
};

/// Discord's longest message.
const MAX_CONTENT: usize = 2000;
/// Discord's longest name or value of an autocomplete choice.
const MAX_CHOICE: usize = 100;
/// How long a channel waits after a 429 whose `retry_after` is unknown: Discord's
/// whole window for a channel.
const RATE_LIMITED_WAIT: Duration = Duration::from_secs(5);
/// How long the answer may take before the response is deferred (Discord allows 3 s).
const ANSWER_WITHIN: Duration = Duration::from_secs(2);
/// The upload limit of messages no interaction gave one for (the outbox's): what
/// Discord allows everywhere, 10 MiB.
const DEFAULT_UPLOAD_LIMIT: usize = 10 * 1024 * 1024;

/// The adapter: the service, Discord's REST client and who the bot is.
#[derive(Clone)]
pub struct Bot {
    pub(crate) service: Service,
    pub(crate) http: Arc<Http>,
    /// The application's id, which is also the bot's user id.
    pub(crate) application_id: u64,
    /// The ids of the registered commands by name, for clickable command mentions.
    pub(crate) commands: Arc<HashMap<String, u64>>,
    /// `/kuba play` launches the Activity (`[discord] activity`).
    pub(crate) activity: bool,
}

/// How Discord writes what messages name.
pub struct DiscordGrammar<'a> {
    /// The bot's user id.
    pub application_id: u64,
    /// Registered command ids by name.
    pub commands: &'a HashMap<String, u64>,
}

impl Grammar for DiscordGrammar<'_> {
    fn command(&self, command: &str, sub: &str) -> String {
        let name = if sub.is_empty() { command.to_string() } else { format!("{command} {sub}") };
        match self.commands.get(command) {
            Some(id) => format!("</{name}:{id}>"),
            None => format!("/{name}"),
        }
    }

    fn person(&self, person: &Person) -> String {
        match person {
            Person::User(u) => match u.user_id.parse::<u64>() {
                Ok(id) if id != 0 => format!("<@{id}>"),
                _ => format!("@{}", u.name),
            },
            Person::Computer => format!("<@{}>", self.application_id),
        }
    }

    fn thread(&self, thread: &ThreadRef) -> ThreadSaid {
        match thread.thread.as_deref().and_then(|t| t.parse::<u64>().ok()) {
            Some(id) => ThreadSaid::Named(format!("<#{id}>")),
            None => ThreadSaid::Titled,
        }
    }
}

/// What to do after the response has been sent.
pub(crate) enum Then {
    /// Nothing.
    Nothing,
    /// Post these replies where they go (a game's thread, another channel).
    Post(Vec<Reply>),
    /// Confirm the answer sent in the response (it was kept in the outbox), then post
    /// these replies where they go.
    Answered(Box<Reply>, Vec<Reply>),
    /// Finish a deferred response with the first reply (its picture), then post the
    /// rest; `limit` is the interaction's upload limit in bytes.
    Edit { token: String, first: Box<Reply>, rest: Vec<Reply>, limit: usize },
    /// The service is still answering: finish the deferred response (`private` is the
    /// visibility it was deferred with) when it has.
    Finish { token: String, task: tokio::task::JoinHandle<Vec<Reply>>, private: bool, place: Box<Place>, limit: usize },
}

/// The response to send at once (within Discord's 3 seconds), and what follows.
pub(crate) struct Answered {
    pub(crate) response: CreateInteractionResponse,
    pub(crate) then: Then,
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

impl Bot {
    /// How this bot writes what messages name.
    fn grammar(&self) -> DiscordGrammar<'_> {
        DiscordGrammar { application_id: self.application_id, commands: &self.commands }
    }

    /// A reply's words and, on a line of its own, its picture's note (what a replay
    /// gave up to fit the upload limit), clipped to Discord's length.
    fn words_and(&self, reply: &Reply, lang: Lang, note: Option<&str>) -> String {
        let mut text = present::say(&reply.message, lang, &self.grammar()).text;
        if let Some(note) = note {
            text.push('\n');
            text.push_str(note);
        }
        clip(&text)
    }

    /// A catalog message of the adapter's own.
    fn own(&self, lang: Lang, id: &str, args: &[(&'static str, String)]) -> String {
        let mut fa = fluent_bundle::FluentArgs::new();
        for (k, v) in args {
            fa.set(*k, v.clone());
        }
        present::catalog::text(lang, id, Some(&fa))
    }

    /// An ephemeral answer with a refusal, in `lang`.
    fn refusal(&self, refusal: Refusal, lang: Lang) -> Answered {
        let text = clip(&present::refusal(&refusal, lang, &self.grammar()).text);
        ephemeral_text(text)
    }

    /// An ephemeral refusal the adapter makes, in the language the actor reads.
    async fn refuse(&self, actor: &Actor, place: &Place, refusal: Refusal) -> Answered {
        let (service, actor, place) = (self.service.clone(), actor.clone(), place.clone());
        let reply = tokio::task::spawn_blocking(move || service.refuse(&actor, &place, refusal)).await;
        match reply {
            Ok(reply) => ephemeral_text(self.words_and(&reply, reply.lang, None)),
            Err(_) => self.apology(Lang::En),
        }
    }

    /// An ephemeral apology: something broke on the bot's side.
    fn apology(&self, lang: Lang) -> Answered {
        let text = clip(&present::say(&Message::Apology, lang, &self.grammar()).text);
        ephemeral_text(text)
    }

    /// Where an interaction happened: a thread's parent is the channel.
    fn place(
        &self,
        guild: Option<u64>,
        channel: ChannelId,
        parent: Option<(ChannelType, Option<ChannelId>)>,
        guild_locale: Option<&str>,
    ) -> Place {
        let (channel, thread) = match parent {
            Some((ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread, Some(parent))) => {
                (parent.get().to_string(), Some(channel.get().to_string()))
            }
            _ => (channel.get().to_string(), None),
        };
        Place {
            community: guild.map(|g| g.to_string()),
            channel: Some(channel),
            thread,
            locale: guild.and(guild_locale).map(str::to_string),
        }
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

    /// Who acts: `locale` is the interaction's (the language of their Discord), and
    /// the server's language is theirs to set with the Manage Server permission.
    fn actor(&self, user: &User, member: Option<&Member>, locale: &str) -> Actor {
        let manages = member.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild() || p.administrator());
        Actor {
            platform: Platform::Discord,
            user_id: user.id.get().to_string(),
            display_name: name_of(user, member_nick(member)),
            is_bot: user.bot,
            locale: Some(locale.to_string()).filter(|l| !l.is_empty()),
            manages_community: manages,
        }
    }

    /// The response to one interaction, and what follows it. `attach`: the response
    /// can carry files (the gateway posts it as multipart; the HTTP endpoint answers
    /// in its body, which cannot).
    pub(crate) async fn answer(&self, interaction: Interaction, attach: bool) -> Answered {
        match interaction {
            Interaction::Ping(_) => Answered { response: CreateInteractionResponse::Pong, then: Then::Nothing },
            Interaction::Autocomplete(ci) => self.autocomplete(&ci).await,
            Interaction::Command(ci) => {
                let place = self.place(
                    ci.guild_id.map(|g| g.get()),
                    ci.channel_id,
                    ci.channel.as_ref().map(|c| (c.kind, c.parent_id)),
                    ci.guild_locale.as_deref(),
                );
                let actor = self.actor(&ci.user, ci.member.as_deref(), &ci.locale);
                let limit = upload_limit(ci.attachment_size_limit);
                let via = via(ci.id.get(), &ci.token, attach, self.service.serves_public_web());
                match decode(&ci, &mut |u, m| self.target(u, m)) {
                    Ok(command) if self.activity && matches!(command, crate::service::Command::Play { .. }) => {
                        self.launch(Request { actor, place, command, via }, &ci.token, attach, limit).await
                    }
                    Ok(command) => {
                        let request = Request { actor, place, command, via };
                        self.serve(request, &ci.token, attach, limit).await
                    }
                    Err(e) => self.refuse(&actor, &place, e).await,
                }
            }
            Interaction::Component(ci) => self.component(&ci, attach).await,
            _ => self.refusal(Refusal::NotAnswered, Lang::En),
        }
    }

    /// `/kuba play` with the Activity on: once the service found the game (else its
    /// refusal), Discord's `LAUNCH_ACTIVITY` response opens the Activity. The launch
    /// carries nothing, so the service kept the game asked for, and the Activity opens
    /// it when it signs the person in (`Service::take_activity_launch`).
    async fn launch(&self, request: Request, token: &str, attach: bool, limit: usize) -> Answered {
        let service = self.service.clone();
        let place = request.place.clone();
        let asked = tokio::task::spawn_blocking(move || service.handle(&request)).await;
        match asked {
            Ok(replies) if replies.iter().any(|r| matches!(r.message, Message::PlayOnWeb { .. })) => {
                Answered { response: CreateInteractionResponse::LaunchActivity, then: Then::Nothing }
            }
            Ok(replies) => self.shape(replies, &place, token, attach, limit),
            Err(e) => {
                tracing::error!("the service's task failed: {e}");
                self.apology(Lang::En)
            }
        }
    }

    /// Asks the service, and answers with what it says when that takes under two
    /// seconds; else defers, public unless the command's answer is private
    /// ([`crate::service::Command::answered_privately`]). `limit`: the interaction's upload limit, in
    /// bytes.
    async fn serve(&self, request: Request, token: &str, attach: bool, limit: usize) -> Answered {
        tracing::debug!(command = ?request.command, "serving an interaction");
        let service = self.service.clone();
        let place = request.place.clone();
        let request_locale = request.actor.locale.clone();
        let private = request.command.answered_privately();
        let mut task = tokio::task::spawn_blocking(move || service.handle(&request));
        match tokio::time::timeout(ANSWER_WITHIN, &mut task).await {
            Ok(Ok(replies)) => self.shape(replies, &place, token, attach, limit),
            Ok(Err(e)) => {
                tracing::error!("the service's task failed: {e}");
                self.apology(Lang::from_tag(request_locale.as_deref().unwrap_or("")).unwrap_or_default())
            }
            Err(_) => Answered {
                response: CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(private)),
                then: Then::Finish { token: token.to_string(), task, private, place: Box::new(place), limit },
            },
        }
    }

    /// The response made of the service's replies: the first that goes where the
    /// interaction happened (or only to the actor) is the response itself; the others
    /// are posted where they go. When none goes here (a move made in the channel of a
    /// game played in its thread), the actor gets a private pointer.
    fn shape(&self, replies: Vec<Reply>, place: &Place, token: &str, attach: bool, limit: usize) -> Answered {
        let Some(at) = replies.iter().position(|r| r.only_actor || goes_here(&r.destination, place)) else {
            let pointer = self.pointer(&replies);
            return Answered { response: ephemeral_response(pointer, Vec::new()), then: Then::Post(replies) };
        };
        let mut rest = replies;
        let first = rest.remove(at);
        // With public web pages a game's board rides in the response as an embed's
        // image, by URL: one response, neither deferred nor edited, and it notifies
        // whom it names (the service counted on it: `AnswerNotifies::BoardsByUrl`).
        let image = self.board_by_url(&first);
        let slow_picture = matches!(first.picture, Some(Picture::Replay(_) | Picture::Chart(_) | Picture::Review(_)));
        if image.is_none() && ((first.picture.is_some() && !attach) || slow_picture) {
            // Files cannot ride in the body of an HTTP response: defer with the
            // visibility of the answer, then put it in place of the deferred message.
            // A replay or a chart is always drawn so, off the runtime's threads (a
            // long replay takes longer than a board). Whom the edit cannot notify, the
            // service tells in a notice of its own.
            let response =
                CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(first.only_actor));
            return Answered {
                response,
                then: Then::Edit { token: token.to_string(), first: Box::new(first), rest, limit },
            };
        }
        let lang = first.lang;
        let (file, note) = match &image {
            Some(_) => (None, None),
            None => self.attachment(&first, lang, limit).unzip(),
        };
        let mut message = CreateInteractionResponseMessage::new()
            .content(self.words_and(&first, lang, note.flatten().as_deref()))
            .ephemeral(first.only_actor)
            .allowed_mentions(allowed(&first))
            .components(buttons(&first.actions, lang, self.web(&first)));
        if let Some(image) = image {
            message = message.embed(CreateEmbed::new().image(image));
        }
        if let Some(file) = file {
            message = message.add_file(file);
        }
        let then = match first.delivery {
            Some(_) => Then::Answered(Box::new(first), rest),
            None => Then::Post(rest),
        };
        Answered { response: CreateInteractionResponse::Message(message), then }
    }

    /// A private note saying where the answer went (a game's thread), in the
    /// language of the answer.
    fn pointer(&self, replies: &[Reply]) -> String {
        let lang = replies.first().map(|r| r.lang).unwrap_or_default();
        let thread = replies.iter().find_map(|r| match &r.destination {
            Destination::Thread { thread: Some(t), .. } => t.parse::<u64>().ok().map(|id| format!("<#{id}>")),
            Destination::Thread { title, .. } => Some(present::quoted_thread_title(title, lang)),
            _ => None,
        });
        match thread {
            Some(thread) => self.own(lang, "discord-answered-in-thread", &[("thread", thread)]),
            None => self.own(lang, "discord-answered-elsewhere", &[]),
        }
    }

    /// The web links of `reply`'s game, when people reach the pages from anywhere
    /// (`[web] public_url`): Discord fetches an embed's image itself.
    fn web<'a>(&self, reply: &'a Reply) -> Option<&'a GameLinks> {
        reply.web.as_ref().filter(|_| self.service.serves_public_web())
    }

    /// The URL of the board `reply` shows, when it can ride in a message as an
    /// embed's image: a game's board, and the pages are public.
    fn board_by_url(&self, reply: &Reply) -> Option<String> {
        match (&reply.picture, self.web(reply)) {
            (Some(Picture::Board(board)), Some(web)) if board.game.is_some() => Some(web.board.clone()),
            _ => None,
        }
    }

    /// The picture of a reply as a file (its MIME type follows from the file's
    /// name: `.png`, `.gif`), within `limit` bytes, and the note of what it gave up
    /// to fit. Drawing is blocking work: callers on the runtime's threads call it
    /// through `spawn_blocking`, or within the answer's two seconds when a response
    /// must carry a board at once.
    fn attachment(&self, reply: &Reply, lang: Lang, limit: usize) -> Option<(CreateAttachment, Option<String>)> {
        let picture = reply.picture.as_ref()?;
        match present::draw(picture, lang, self.service.picture_px(), Some(limit)) {
            Ok(p) => Some((CreateAttachment::bytes(p.bytes, p.file_name).description(p.alt), p.note)),
            Err(e) => {
                tracing::error!("cannot draw a picture: {e}");
                None
            }
        }
    }

    /// The picture of a reply as a file, drawn off the runtime's threads.
    async fn attachment_off_thread(
        &self,
        reply: &Reply,
        lang: Lang,
        limit: usize,
    ) -> Option<(CreateAttachment, Option<String>)> {
        reply.picture.as_ref()?;
        let (bot, reply) = (self.clone(), reply.clone());
        tokio::task::spawn_blocking(move || bot.attachment(&reply, lang, limit)).await.ok().flatten()
    }

    /// The moves the service offers for what is typed, for the `move` option only;
    /// each choice's value carries the move number it was offered at.
    async fn autocomplete(&self, ci: &CommandInteraction) -> Answered {
        let empty = || Answered {
            response: CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new()),
            then: Then::Nothing,
        };
        // Only options declared for completion get answers (today: `move`).
        let Some(asked) = completing(ci) else { return empty() };
        if asked.option != "move" {
            return empty();
        }
        let place = self.place(
            ci.guild_id.map(|g| g.get()),
            ci.channel_id,
            ci.channel.as_ref().map(|c| (c.kind, c.parent_id)),
            ci.guild_locale.as_deref(),
        );
        let actor = self.actor(&ci.user, ci.member.as_deref(), &ci.locale);
        let service = self.service.clone();
        let menu = tokio::task::spawn_blocking(move || {
            service.move_menu(&actor, &place, asked.kind, &asked.typed, asked.game.as_deref())
        })
        .await
        .unwrap_or_default();
        let mut response = CreateAutocompleteResponse::new();
        for action in &menu.choices {
            let (Action::Move { head, parts, .. }, Some(value)) = (action, action.menu_value()) else { continue };
            // Discord takes values of at most 100 characters: no move is that long.
            if value.chars().count() > MAX_CHOICE {
                continue;
            }
            let name: String = present::move_label(head, parts, menu.lang).chars().take(MAX_CHOICE).collect();
            response = response.add_string_choice(name, value);
        }
        Answered { response: CreateInteractionResponse::Autocomplete(response), then: Then::Nothing }
    }

    /// A button: the action its id names ([`Action::decode`]), as the service
    /// understands it ([`Action::command`]); an id that names none is a stale button.
    async fn component(&self, ci: &ComponentInteraction, attach: bool) -> Answered {
        let place = self.place(
            ci.guild_id.map(|g| g.get()),
            ci.channel_id,
            ci.channel.as_ref().map(|c| (c.kind, c.parent_id)),
            ci.guild_locale.as_deref(),
        );
        let actor = self.actor(&ci.user, ci.member.as_ref(), &ci.locale);
        let Some(action) = Action::decode(&ci.data.custom_id) else {
            return self.refuse(&actor, &place, Refusal::StaleButton).await;
        };
        let limit = upload_limit(ci.attachment_size_limit);
        let request = Request {
            actor,
            place,
            command: action.command(),
            via: via(ci.id.get(), &ci.token, attach, self.service.serves_public_web()),
        };
        self.serve(request, &ci.token, attach, limit).await
    }

    /// Finishes what the response began.
    pub(crate) async fn follow_up(&self, then: Then) {
        if crate::chat::failpoint::armed() {
            let answer = match &then {
                Then::Edit { first, .. } | Then::Answered(first, _) => Some(first.as_ref()),
                _ => None,
            };
            if answer.is_some_and(|a| crate::chat::failpoint::is_stored_move([a])) {
                // The test hook: the process dies once the response has gone out,
                // before the edit and the notices.
                tokio::time::sleep(FAILPOINT_DELAY).await;
                crate::chat::failpoint::abort();
            }
        }
        match then {
            Then::Nothing => {}
            Then::Post(replies) => self.post_all(&replies).await,
            Then::Answered(answer, rest) => {
                self.confirm(&answer).await;
                self.post_all(&rest).await;
            }
            Then::Edit { token, first, rest, limit } => {
                if self.edit_original(&token, &first, limit).await.is_ok() {
                    self.confirm(&first).await;
                }
                self.post_all(&rest).await;
            }
            Then::Finish { token, task, private, place, limit } => {
                let replies = match task.await {
                    Ok(replies) => replies,
                    Err(e) => {
                        tracing::error!("the service's task failed: {e}");
                        let mut apology = Reply::new(Destination::Channel { channel: String::new() }, Message::Apology);
                        apology.only_actor = true;
                        vec![apology]
                    }
                };
                self.finish(&token, replies, private, &place, limit).await;
            }
        }
    }

    /// Finishes a response deferred while the service was answering.
    async fn finish(&self, token: &str, mut replies: Vec<Reply>, private: bool, place: &Place, limit: usize) {
        let Some(at) = replies.iter().position(|r| r.only_actor || goes_here(&r.destination, place)) else {
            let pointer = self.pointer(&replies);
            if let Err(e) = EditInteractionResponse::new().content(pointer).execute(&self.http, token).await {
                tracing::warn!("cannot finish a deferred response: {e}");
            }
            self.post_all(&replies).await;
            return;
        };
        let first = replies.remove(at);
        if first.only_actor == private {
            if self.edit_original(token, &first, limit).await.is_ok() {
                self.confirm(&first).await;
            }
        } else if first.only_actor {
            // Deferred in public but the answer is private: remove the public
            // "thinking…" and answer privately.
            if let Err(e) = self.http.delete_original_interaction_response(token).await {
                tracing::warn!("cannot remove the deferred response: {e}");
            }
            self.followup(token, &first, limit).await;
            self.confirm(&first).await;
        } else {
            // Deferred privately but the answer is public: post it where it goes.
            let pointer = self.pointer(std::slice::from_ref(&first));
            if let Err(e) = EditInteractionResponse::new().content(pointer).execute(&self.http, token).await {
                tracing::warn!("cannot finish a deferred response: {e}");
            }
            let mut threads = HashMap::new();
            let key = first.delivery.as_ref().map(|d| d.send_key.clone());
            if matches!(self.post_keyed(&first, &mut threads, key.as_deref()).await, Posted::Done) {
                self.confirm(&first).await;
            }
        }
        self.post_all(&replies).await;
    }

    /// Confirms an answer kept in the outbox once it is delivered (nothing for one
    /// that was not kept).
    async fn confirm(&self, reply: &Reply) {
        let Some(delivery) = reply.delivery.clone() else { return };
        let service = self.service.clone();
        let _ = tokio::task::spawn_blocking(move || service.delivered(delivery.id)).await;
    }

    /// Puts `reply` in place of the interaction's response (deferred, or sent
    /// already: the same words again change nothing), with its picture. Discord may
    /// not know the response yet when the edit comes right after it ("Unknown
    /// Webhook"): the edit is tried again, sooner first, for a few seconds.
    async fn edit_original(&self, token: &str, reply: &Reply, limit: usize) -> Result<(), EditFailed> {
        let lang = reply.lang;
        let (file, note) = self.attachment_off_thread(reply, lang, limit).await.unzip();
        let (file, note) = (file, note.flatten());
        let mut wait = Duration::from_millis(20);
        let began = Instant::now();
        loop {
            let mut edit = EditInteractionResponse::new()
                .content(self.words_and(reply, lang, note.as_deref()))
                .allowed_mentions(allowed(reply))
                .components(buttons(&reply.actions, lang, self.web(reply)));
            if let Some(file) = file.clone() {
                edit = edit.new_attachment(file);
            }
            match edit.execute(&self.http, token).await {
                Ok(_) => return Ok(()),
                Err(e) if unknown_webhook(&e) && began.elapsed() < EDIT_RETRY_FOR => {
                    tracing::debug!("the response is not known yet; the edit waits {} ms", wait.as_millis());
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(Duration::from_millis(500));
                }
                Err(e) if unknown_webhook(&e) => {
                    tracing::warn!("the interaction's response cannot be edited (gone or never made): {e}");
                    return Err(EditFailed::Gone);
                }
                Err(e) => {
                    tracing::error!("cannot finish a deferred response: {e}");
                    return Err(EditFailed::Other);
                }
            }
        }
    }

    /// A private follow-up message of the interaction.
    async fn followup(&self, token: &str, reply: &Reply, limit: usize) {
        let lang = reply.lang;
        let (file, note) = self.attachment_off_thread(reply, lang, limit).await.unzip();
        let mut followup = CreateInteractionResponseFollowup::new()
            .content(self.words_and(reply, lang, note.flatten().as_deref()))
            .ephemeral(true)
            .allowed_mentions(CreateAllowedMentions::new())
            .components(buttons(&[], lang, self.web(reply)));
        if let Some(file) = file {
            followup = followup.add_file(file);
        }
        if let Err(e) = followup.execute(&self.http, (None, token)).await {
            tracing::error!("cannot send a follow-up: {e}");
        }
    }

    /// Posts replies where they go, in order.
    pub(crate) async fn post_all(&self, replies: &[Reply]) {
        let mut threads = HashMap::new();
        for reply in replies {
            self.post(reply, &mut threads).await;
        }
    }

    /// Posts a public reply where it goes; `threads` remembers the threads made for
    /// games in this batch.
    pub(crate) async fn post(&self, reply: &Reply, threads: &mut HashMap<String, u64>) {
        let _ = self.post_keyed(reply, threads, None).await;
    }

    /// Posts a public reply where it goes, with `nonce` (then enforced: Discord
    /// returns the message already made with it, in the last few minutes, instead of
    /// posting it again); what came of it.
    async fn post_keyed(&self, reply: &Reply, threads: &mut HashMap<String, u64>, nonce: Option<&str>) -> Posted {
        let lang = reply.lang;
        let channel = match &reply.destination {
            Destination::Channel { channel } => channel.parse::<u64>().ok(),
            Destination::Thread { thread: Some(t), .. } => t.parse::<u64>().ok(),
            Destination::Thread { game, title, channel, thread: None, .. } => match threads.get(game) {
                Some(t) => Some(*t),
                None => self.make_thread(game, &present::thread_title(title, lang), channel.as_deref(), threads).await,
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
            return Posted::Failed;
        };
        let (file, note) = self.attachment_off_thread(reply, lang, DEFAULT_UPLOAD_LIMIT).await.unzip();
        let mut message = CreateMessage::new()
            .content(self.words_and(reply, lang, note.flatten().as_deref()))
            .allowed_mentions(allowed(reply))
            .components(buttons(&reply.actions, lang, self.web(reply)));
        if let Some(nonce) = nonce {
            message = message.nonce(Nonce::String(nonce.to_string())).enforce_nonce(true);
        }
        if let Some(file) = file {
            message = message.add_file(file);
        }
        match ChannelId::new(channel).send_message(&self.http, message).await {
            Ok(_) => Posted::Done,
            Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(e))) if e.status_code.as_u16() == 429 => {
                // Serenity's own rate limiter waits out `retry_after` and tries again;
                // this comes back only behind a proxy (`api_proxy`), whose answer
                // serenity does not parse: wait a whole window.
                tracing::warn!("rate limited in channel {channel}");
                Posted::RateLimited(RATE_LIMITED_WAIT)
            }
            Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(e))) if e.status_code.is_server_error() => {
                tracing::warn!("Discord failed to post in channel {channel}, trying again: {}", e.error.message);
                Posted::Retry(Duration::from_secs(1))
            }
            Err(serenity::Error::Http(HttpError::Request(e))) => {
                tracing::warn!("cannot reach Discord to post in channel {channel}, trying again: {e}");
                Posted::Retry(Duration::from_secs(1))
            }
            Err(e) => {
                tracing::error!("cannot post in channel {channel}: {e}");
                Posted::Failed
            }
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
}

/// How the delivery runtime ([`crate::chat::delivery`]) posts on Discord: with the
/// bot's REST client, remembering the threads it made for games (a game's later
/// messages, claimed before the thread was recorded, go to the same thread).
pub(crate) struct DiscordPoster {
    pub(crate) bot: Bot,
    threads: std::sync::Mutex<HashMap<String, u64>>,
}

impl DiscordPoster {
    pub(crate) fn new(bot: Bot) -> DiscordPoster {
        DiscordPoster { bot, threads: std::sync::Mutex::new(HashMap::new()) }
    }
}

/// Threads remembered at most; beyond, the memory starts again empty (the store
/// has them all).
const THREADS_KEPT: usize = 10_000;

impl Poster for DiscordPoster {
    async fn post(&self, m: &crate::service::Claimed) -> Posted {
        let game = match &m.reply.destination {
            Destination::Thread { game, thread: None, .. } => Some(game.clone()),
            _ => None,
        };
        let mut threads = HashMap::new();
        if let Some(game) = &game {
            if let Some(t) = self.threads.lock().ok().and_then(|known| known.get(game).copied()) {
                threads.insert(game.clone(), t);
            }
        }
        let posted = self.bot.deliver(m, &mut threads).await;
        if let (Some(game), Ok(mut known)) = (game, self.threads.lock()) {
            if let Some(t) = threads.get(&game) {
                if known.len() >= THREADS_KEPT {
                    known.clear();
                }
                known.insert(game, *t);
            }
        }
        posted
    }

    fn channel(&self, destination: &Destination) -> String {
        channel_key(destination)
    }
}

impl Bot {
    /// Delivers one claimed message: the answer to an interaction that a process
    /// began and did not finish (it died) is finished by editing the interaction's
    /// response; when that response is gone or was never made, a public answer is
    /// posted where it goes instead. Everything else is posted with its send key.
    async fn deliver(&self, m: &crate::service::Claimed, threads: &mut HashMap<String, u64>) -> Posted {
        if let Some(token) = m.answer.as_deref().filter(|t| !t.is_empty()) {
            match self.edit_original(token, &m.reply, DEFAULT_UPLOAD_LIMIT).await {
                Ok(()) => return Posted::Done,
                Err(EditFailed::Gone) if !m.reply.only_actor => {}
                Err(_) => return Posted::Failed,
            }
        }
        if m.reply.only_actor {
            // Private words without their interaction have nowhere to go.
            return Posted::Failed;
        }
        self.post_keyed(&m.reply, threads, Some(&m.send_key)).await
    }
}

/// Why an edit of an interaction's response failed.
#[derive(Debug)]
pub(crate) enum EditFailed {
    /// Discord does not know the response: gone (15 minutes passed) or never made.
    Gone,
    /// Anything else (logged).
    Other,
}

/// How long the armed failpoint waits for the response to go out before it aborts.
const FAILPOINT_DELAY: Duration = Duration::from_millis(300);

/// How long an edit of a response Discord does not know yet is tried again.
const EDIT_RETRY_FOR: Duration = Duration::from_secs(5);

/// Whether Discord said it does not know the interaction's webhook (code 10015), or
/// the message (10008), as it does for an edit that comes before the response it
/// edits.
fn unknown_webhook(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            r.status_code.as_u16() == 404 && matches!(r.error.code, 10015 | 10008)
        }
        _ => false,
    }
}

/// How a request on Discord came: the interaction's id (a request delivered twice,
/// by a load balancer's retry, is answered once) and its token (to finish the answer
/// from the outbox, if this process dies first). `attach`: the response itself can
/// carry a board (the gateway), so it notifies whom it names; through the HTTP
/// endpoint a board is an edit, which notifies nobody, unless the bot serves web
/// pages (`web`): then a game's board rides in the response by URL.
fn via(id: u64, token: &str, attach: bool, web: bool) -> Via {
    Via {
        key: Some(format!("discord:{id}")),
        answer: Some(token.to_string()),
        notifies: match (attach, web) {
            (true, _) => AnswerNotifies::Always,
            (false, true) => AnswerNotifies::BoardsByUrl,
            (false, false) => AnswerNotifies::TextOnly,
        },
    }
}

/// The upload limit an interaction gives (`attachment_size_limit`, in bytes); Discord's
/// default when it gives none.
fn upload_limit(given: u32) -> usize {
    match usize::try_from(given) {
        Ok(0) | Err(_) => DEFAULT_UPLOAD_LIMIT,
        Ok(limit) => limit,
    }
}

/// The channel a reply will be posted in, for pacing: the thread when it is known,
/// else the channel the thread will be made in, or the person of a direct message.
fn channel_key(destination: &Destination) -> String {
    match destination {
        Destination::Channel { channel } => channel.clone(),
        Destination::Thread { thread: Some(t), .. } => t.clone(),
        Destination::Thread { channel, .. } => channel.clone().unwrap_or_default(),
        Destination::Direct(user) => format!("dm:{}", user.user_id),
    }
}

/// The people a reply may notify: exactly those it mentions.
fn allowed(reply: &Reply) -> CreateAllowedMentions {
    let users: Vec<UserId> = reply
        .mentions
        .iter()
        .filter_map(|m| m.user_id.parse::<u64>().ok())
        .filter(|id| *id != 0)
        .map(UserId::new)
        .collect();
    CreateAllowedMentions::new().users(users)
}

fn ephemeral_response(text: String, components: Vec<CreateActionRow>) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new().content(clip(&text)).ephemeral(true).components(components),
    )
}

fn ephemeral_text(text: String) -> Answered {
    Answered { response: ephemeral_response(text, Vec::new()), then: Then::Nothing }
}

/// The buttons for what can be done next, each with the action's id as its custom id
/// (moves are offered by autocompletion, not buttons), then a link to the game's page
/// when the bot serves web pages.
fn buttons(actions: &[Action], lang: Lang, web: Option<&GameLinks>) -> Vec<CreateActionRow> {
    let label = |id: &str| present::catalog::text(lang, id, None);
    let buttons: Vec<CreateButton> = actions
        .iter()
        .filter_map(|a| {
            let (label_id, style) = match a {
                Action::Accept { .. } => ("discord-button-accept", ButtonStyle::Success),
                Action::Decline { .. } => ("discord-button-decline", ButtonStyle::Secondary),
                Action::Resign { .. } => ("discord-button-resign", ButtonStyle::Danger),
                Action::ConfirmResign { .. } => ("discord-button-resign-confirm", ButtonStyle::Danger),
                Action::OfferDraw { .. } => ("discord-button-draw", ButtonStyle::Secondary),
                Action::Flip { .. } => ("discord-button-flip", ButtonStyle::Secondary),
                Action::Move { .. } => return None,
            };
            Some(CreateButton::new(a.encode()).label(label(label_id)).style(style))
        })
        .take(4)
        .chain(web.map(|w| CreateButton::new_link(&w.page).label(label("discord-button-web"))))
        .collect();
    if buttons.is_empty() {
        Vec::new()
    } else {
        vec![CreateActionRow::Buttons(buttons)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::UserRef;

    #[test]
    fn people_and_commands_are_written_as_discord_mentions() {
        let commands: HashMap<String, u64> = [("kuba".to_string(), 77)].into();
        let g = DiscordGrammar { application_id: 9, commands: &commands };
        assert_eq!(g.person(&Person::User(UserRef { user_id: "12".into(), name: "alice".into() })), "<@12>");
        assert_eq!(g.person(&Person::Computer), "<@9>");
        assert_eq!(g.command("kuba", "accept"), "</kuba accept:77>");
        assert_eq!(g.command("nuba", "accept"), "/nuba accept");
    }

    #[test]
    fn long_texts_are_clipped_to_discords_limit() {
        let long = "x".repeat(3000);
        assert_eq!(clip(&long).chars().count(), MAX_CONTENT);
        assert_eq!(clip("short"), "short");
    }
}
