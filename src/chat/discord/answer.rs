//! An interaction in, its response out: the request path, decode → call → respond.
//!
//! The interaction is decoded into a request (who, where, what: [`super::decode`]),
//! the service is called on a blocking thread, and its answer becomes the response
//! when it is ready within [`ANSWER_WITHIN`] (Discord allows 3 s); otherwise the
//! response is deferred, with the visibility the command's answer has
//! ([`crate::service::Command::answered_privately`]), and finished when the service
//! has answered.
//!
//! # What follows a response
//!
//! A response is sent once, at once; whatever must come after it — the answer put in
//! place of a deferred response, an answer kept in the outbox confirmed, the replies
//! that go elsewhere posted — is one future, [`FollowUp`], made together with the
//! response by the code that decided the response, and run only once the response is
//! sent (the gateway awaits it after the response; the HTTP endpoint spawns it beside
//! its body). An [`Answered`] is thus a response and, perhaps, its follow-up: there is
//! no state machine to read, each follow-up is written where its response is:
//!
//! - the answer was the response (or there was none here): confirm it, post the rest
//!   ([`Bot::shape`]);
//! - the answer carries a file the response could not (the HTTP endpoint), or a slow
//!   picture: the response is deferred, the follow-up edits the answer in
//!   ([`Bot::shape`]);
//! - the service took longer than [`ANSWER_WITHIN`]: the response is deferred, the
//!   follow-up waits for the service and finishes the response ([`Bot::finish`]).
//!
//! A future borrows nothing (it owns a clone of the [`Bot`] and what it posts), holds
//! no lock, and does nothing until polled, so the response is always out first.

use std::future::Future;
use std::pin::Pin;
use std::time::{Duration, Instant};

use serenity::all::{
    ChannelId, ChannelType, CommandInteraction, ComponentInteraction, CreateActionRow, CreateAllowedMentions,
    CreateAttachment, CreateAutocompleteResponse, CreateEmbed, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse, GuildId, Interaction,
    Member, PartialChannel, PartialMember, User,
};

use super::decode::{completing, decode};
use super::rest::Failure;
use super::words::{allowed, buttons, clip, DEFAULT_UPLOAD_LIMIT};
use super::Bot;
use crate::chat::delivery::Posted;
use crate::config::Platform;
use crate::lang::Lang;
use crate::present;
use crate::service::goes_here;
use crate::service::{
    Action, Actor, AnswerNotifies, Destination, Message, Picture, Place, Refusal, Reply, Request, Target, Via,
};

/// How long the answer may take before the response is deferred (Discord allows 3 s).
const ANSWER_WITHIN: Duration = Duration::from_secs(2);
/// Discord's longest name or value of an autocomplete choice.
const MAX_CHOICE: usize = 100;
/// How long the armed failpoint waits for the response to go out before it aborts.
const FAILPOINT_DELAY: Duration = Duration::from_millis(300);
/// How long an edit of a response Discord does not know yet is tried again.
pub(super) const EDIT_RETRY_FOR: Duration = Duration::from_secs(5);

/// What follows a response, run once the response is sent (module docs).
pub(crate) type FollowUp = Pin<Box<dyn Future<Output = ()> + Send + 'static>>;

/// The response to send at once (within Discord's 3 seconds), and what follows it.
pub(crate) struct Answered {
    pub(crate) response: CreateInteractionResponse,
    /// What follows, once the response is sent; nothing when `None`.
    pub(crate) then: Option<FollowUp>,
}

impl Answered {
    /// A response with nothing after it.
    fn only(response: CreateInteractionResponse) -> Answered {
        Answered { response, then: None }
    }

    /// A response, then `follow_up` once it is sent.
    fn then(response: CreateInteractionResponse, follow_up: impl Future<Output = ()> + Send + 'static) -> Answered {
        Answered { response, then: Some(Box::pin(follow_up)) }
    }
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

    /// The response to one interaction, and what follows it. `attach`: the response
    /// can carry files (the gateway posts it as multipart; the HTTP endpoint answers
    /// in its body, which cannot).
    pub(crate) async fn answer(&self, interaction: Interaction, attach: bool) -> Answered {
        match interaction {
            Interaction::Ping(_) => Answered::only(CreateInteractionResponse::Pong),
            Interaction::Autocomplete(ci) => self.autocomplete(&ci).await,
            Interaction::Command(ci) => {
                self.note_guild(
                    ci.guild_id.map(|g| g.get()),
                    ci.channel_id,
                    ci.channel.as_ref().and_then(|c| c.parent_id),
                );
                let place = self.place(ci.guild_id, ci.channel_id, ci.channel.as_ref(), ci.guild_locale.as_deref());
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
                Answered::only(CreateInteractionResponse::LaunchActivity)
            }
            Ok(replies) => self.shape(replies, &place, token, attach, limit).await,
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
            Ok(Ok(replies)) => self.shape(replies, &place, token, attach, limit).await,
            Ok(Err(e)) => {
                tracing::error!("the service's task failed: {e}");
                self.apology(Lang::from_tag(request_locale.as_deref().unwrap_or("")).unwrap_or_default())
            }
            Err(_) => {
                let (bot, token) = (self.clone(), token.to_string());
                let response =
                    CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(private));
                Answered::then(response, async move {
                    let replies = match task.await {
                        Ok(replies) => replies,
                        Err(e) => {
                            tracing::error!("the service's task failed: {e}");
                            let mut apology =
                                Reply::new(Destination::Channel { channel: String::new() }, Message::Apology);
                            apology.only_actor = true;
                            vec![apology]
                        }
                    };
                    bot.finish(&token, replies, private, &place, limit).await;
                })
            }
        }
    }

    /// The response made of the service's replies: the first that goes where the
    /// interaction happened (or only to the actor) is the response itself; the others
    /// are posted where they go. When none goes here (a move made in the channel of a
    /// game played in its thread), the actor gets a private pointer.
    async fn shape(&self, replies: Vec<Reply>, place: &Place, token: &str, attach: bool, limit: usize) -> Answered {
        let Some(at) = replies.iter().position(|r| r.only_actor || goes_here(&r.destination, place)) else {
            let (bot, pointer) = (self.clone(), self.pointer(&replies));
            return Answered::then(
                ephemeral_response(pointer, Vec::new()),
                async move { bot.post_all(&replies).await },
            );
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
            let (bot, token) = (self.clone(), token.to_string());
            return Answered::then(response, async move {
                die_here_if_armed(&first).await;
                if bot.edit_original(&token, &first, limit).await.is_ok() {
                    bot.confirm(&first).await;
                }
                bot.post_all(&rest).await;
            });
        }
        let lang = first.lang;
        let (file, note) = match &image {
            Some(_) => (None, None),
            // A board is drawn off the runtime's threads too, like every render.
            None => self.attachment_off_thread(&first, lang, limit).await.unzip(),
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
        let response = CreateInteractionResponse::Message(message);
        if first.delivery.is_none() && rest.is_empty() {
            return Answered::only(response);
        }
        // The answer went out as the response: kept in the outbox, it is confirmed.
        let bot = self.clone();
        Answered::then(response, async move {
            die_here_if_armed(&first).await;
            bot.confirm(&first).await;
            bot.post_all(&rest).await;
        })
    }

    /// The moves the service offers for what is typed, for the `move` option only;
    /// each choice's value carries the move number it was offered at.
    async fn autocomplete(&self, ci: &CommandInteraction) -> Answered {
        let empty = || Answered::only(CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new()));
        // Only options declared for completion get answers (today: `move`, of `move`
        // and of `solve`).
        let Some(asked) = completing(ci) else { return empty() };
        if asked.option != "move" {
            return empty();
        }
        let solving = asked.sub == "solve";
        let place = self.place(ci.guild_id, ci.channel_id, ci.channel.as_ref(), ci.guild_locale.as_deref());
        let actor = self.actor(&ci.user, ci.member.as_deref(), &ci.locale);
        let service = self.service.clone();
        let menu = tokio::task::spawn_blocking(move || {
            if solving {
                service.solve_menu(&actor, &place, asked.kind, &asked.typed)
            } else {
                service.move_menu(&actor, &place, asked.kind, &asked.typed, asked.game.as_deref())
            }
        })
        .await
        .unwrap_or_default();
        let mut response = CreateAutocompleteResponse::new();
        for action in &menu.choices {
            let (Action::Move { head, parts, .. } | Action::Solve { head, parts, .. }, Some(value)) =
                (action, action.menu_value())
            else {
                continue;
            };
            // Discord takes values of at most 100 characters: no move is that long.
            if value.chars().count() > MAX_CHOICE {
                continue;
            }
            let name: String = present::move_label(head, parts, menu.lang).chars().take(MAX_CHOICE).collect();
            response = response.add_string_choice(name, value);
        }
        Answered::only(CreateInteractionResponse::Autocomplete(response))
    }

    /// A button: the action its id names ([`Action::decode`]), as the service
    /// understands it ([`Action::command`]); an id that names none is a stale button.
    async fn component(&self, ci: &ComponentInteraction, attach: bool) -> Answered {
        self.note_guild(ci.guild_id.map(|g| g.get()), ci.channel_id, ci.channel.as_ref().and_then(|c| c.parent_id));
        let place = self.place(ci.guild_id, ci.channel_id, ci.channel.as_ref(), ci.guild_locale.as_deref());
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

    /// Remembers the server of an interaction's channel (and of its parent, for a
    /// thread): Discord's limit on threads is a server's.
    fn note_guild(&self, guild: Option<u64>, channel: ChannelId, parent: Option<ChannelId>) {
        let Some(guild) = guild else { return };
        self.rest.note_guild(channel.get(), guild);
        if let Some(parent) = parent {
            self.rest.note_guild(parent.get(), guild);
        }
    }

    /// Where an interaction happened: a thread's parent is the channel.
    fn place(
        &self,
        guild: Option<GuildId>,
        channel: ChannelId,
        about: Option<&PartialChannel>,
        guild_locale: Option<&str>,
    ) -> Place {
        let guild = guild.map(|g| g.get());
        let (channel, thread) = match about.map(|c| (c.kind, c.parent_id)) {
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

    /// Finishes a response deferred while the service was answering.
    async fn finish(&self, token: &str, mut replies: Vec<Reply>, private: bool, place: &Place, limit: usize) {
        let Some(at) = replies.iter().position(|r| r.only_actor || goes_here(&r.destination, place)) else {
            let pointer = self.pointer(&replies);
            let edit = EditInteractionResponse::new().content(pointer);
            if let Err(e) = self.rest.edit_original(token, edit, None, true).await {
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
            if let Err(e) = self.rest.delete_original(token).await {
                tracing::warn!("cannot remove the deferred response: {e}");
            }
            self.followup(token, &first, limit).await;
            self.confirm(&first).await;
        } else {
            // Deferred privately but the answer is public: post it where it goes.
            let pointer = self.pointer(std::slice::from_ref(&first));
            let edit = EditInteractionResponse::new().content(pointer);
            if let Err(e) = self.rest.edit_original(token, edit, None, true).await {
                tracing::warn!("cannot finish a deferred response: {e}");
            }
            let key = first.delivery.as_ref().map(|d| d.send_key.clone());
            if matches!(self.post_keyed(&first, key.as_deref(), true).await, Posted::Done) {
                self.confirm(&first).await;
            }
        }
        self.post_all(&replies).await;
    }

    /// Confirms an answer kept in the outbox once it is delivered (nothing for one
    /// that was not kept).
    pub(super) async fn confirm(&self, reply: &Reply) {
        let Some(delivery) = reply.delivery.clone() else { return };
        let service = self.service.clone();
        let _ = tokio::task::spawn_blocking(move || service.delivered(delivery.id)).await;
    }

    /// Puts `reply` in place of the interaction's response (deferred, or sent
    /// already: the same words again change nothing), with its picture, while the
    /// person waits for it. Discord may not know the response yet when the edit comes
    /// right after it ("Unknown Webhook"): the edit is tried again, sooner first, for a
    /// few seconds.
    async fn edit_original(&self, token: &str, reply: &Reply, limit: usize) -> Result<(), EditFailed> {
        let (file, note) = self.attachment_off_thread(reply, reply.lang, limit).await.unzip();
        let note = note.flatten();
        let mut wait = Duration::from_millis(20);
        let began = Instant::now();
        loop {
            match self.edit_once(token, reply, file.clone(), note.as_deref(), true).await {
                Ok(()) => return Ok(()),
                Err(e) if e.unknown_webhook() && began.elapsed() < EDIT_RETRY_FOR => {
                    tracing::debug!("the response is not known yet; the edit waits {} ms", wait.as_millis());
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(Duration::from_millis(500));
                }
                Err(e) if e.unknown_webhook() => {
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

    /// One edit of the interaction's response with `reply` (`patient`: waiting a
    /// little for Discord's limits, for a person waiting on it).
    pub(super) async fn edit_once(
        &self,
        token: &str,
        reply: &Reply,
        file: Option<CreateAttachment>,
        note: Option<&str>,
        patient: bool,
    ) -> Result<(), Failure> {
        let lang = reply.lang;
        let edit = EditInteractionResponse::new()
            .content(self.words_and(reply, lang, note))
            .allowed_mentions(allowed(reply))
            .components(buttons(&reply.actions, lang, self.web(reply)));
        self.rest.edit_original(token, edit, file, patient).await
    }

    /// A private follow-up message of the interaction.
    async fn followup(&self, token: &str, reply: &Reply, limit: usize) {
        let lang = reply.lang;
        let (file, note) = self.attachment_off_thread(reply, lang, limit).await.unzip();
        let followup = CreateInteractionResponseFollowup::new()
            .content(self.words_and(reply, lang, note.flatten().as_deref()))
            .ephemeral(true)
            .allowed_mentions(CreateAllowedMentions::new())
            .components(buttons(&[], lang, self.web(reply)));
        if let Err(e) = self.rest.followup(token, followup, file).await {
            tracing::error!("cannot send a follow-up: {e}");
        }
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

fn ephemeral_response(text: String, components: Vec<CreateActionRow>) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new().content(clip(&text)).ephemeral(true).components(components),
    )
}

fn ephemeral_text(text: String) -> Answered {
    Answered::only(ephemeral_response(text, Vec::new()))
}

/// The test hook ([`crate::chat::failpoint`]): armed, the process dies once a stored
/// move's answer has gone out as the response, before its edit and the notices.
async fn die_here_if_armed(answer: &Reply) {
    if crate::chat::failpoint::armed() && crate::chat::failpoint::is_stored_move([answer]) {
        tokio::time::sleep(FAILPOINT_DELAY).await;
        crate::chat::failpoint::abort();
    }
}
