//! How the bot's replies look on Discord: what the service says worded by
//! [`crate::present`] with [`DiscordGrammar`] (people as `<@id>` mentions, commands as
//! clickable `</kuba accept:ID>` once the commands' ids are known), clipped to
//! Discord's length, with the buttons of what can be done next, the people it may
//! notify, and its picture as a file or, with public web pages, by URL.

use std::collections::HashMap;

use serenity::all::{ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton, UserId};

use super::Bot;
use crate::lang::Lang;
use crate::present::{self, Grammar, ThreadSaid};
use crate::service::{Action, Destination, GameLinks, Person, Picture, Reply, ThreadRef};

/// Discord's longest message.
const MAX_CONTENT: usize = 2000;
/// The upload limit of messages no interaction gave one for (the outbox's): what
/// Discord allows everywhere, 10 MiB.
pub(super) const DEFAULT_UPLOAD_LIMIT: usize = 10 * 1024 * 1024;

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

pub(super) fn clip(text: &str) -> String {
    if text.chars().count() <= MAX_CONTENT {
        return text.to_string();
    }
    let mut out: String = text.chars().take(MAX_CONTENT - 1).collect();
    out.push('…');
    out
}

impl Bot {
    /// How this bot writes what messages name.
    pub(super) fn grammar(&self) -> DiscordGrammar<'_> {
        DiscordGrammar { application_id: self.application_id, commands: &self.commands }
    }

    /// A reply's words and, on a line of its own, its picture's note (what a replay
    /// gave up to fit the upload limit), clipped to Discord's length.
    pub(super) fn words_and(&self, reply: &Reply, lang: Lang, note: Option<&str>) -> String {
        let mut text = present::say(&reply.message, lang, &self.grammar()).text;
        if let Some(note) = note {
            text.push('\n');
            text.push_str(note);
        }
        clip(&text)
    }

    /// A catalog message of the adapter's own.
    pub(super) fn own(&self, lang: Lang, id: &str, args: &[(&'static str, String)]) -> String {
        let mut fa = fluent_bundle::FluentArgs::new();
        for (k, v) in args {
            fa.set(*k, v.clone());
        }
        present::catalog::text(lang, id, Some(&fa))
    }

    /// A private note saying where the answer went (a game's thread), in the
    /// language of the answer.
    pub(super) fn pointer(&self, replies: &[Reply]) -> String {
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
    pub(super) fn web<'a>(&self, reply: &'a Reply) -> Option<&'a GameLinks> {
        reply.web.as_ref().filter(|_| self.service.serves_public_web())
    }

    /// The URL of the board `reply` shows, when it can ride in a message as an
    /// embed's image: a game's board, and the pages are public.
    pub(super) fn board_by_url(&self, reply: &Reply) -> Option<String> {
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
    pub(super) fn attachment(
        &self,
        reply: &Reply,
        lang: Lang,
        limit: usize,
    ) -> Option<(CreateAttachment, Option<String>)> {
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
    pub(super) async fn attachment_off_thread(
        &self,
        reply: &Reply,
        lang: Lang,
        limit: usize,
    ) -> Option<(CreateAttachment, Option<String>)> {
        reply.picture.as_ref()?;
        let (bot, reply) = (self.clone(), reply.clone());
        tokio::task::spawn_blocking(move || bot.attachment(&reply, lang, limit)).await.ok().flatten()
    }
}

/// The people a reply may notify: exactly those it mentions.
pub(super) fn allowed(reply: &Reply) -> CreateAllowedMentions {
    let users: Vec<UserId> = reply
        .mentions
        .iter()
        .filter_map(|m| m.user_id.parse::<u64>().ok())
        .filter(|id| *id != 0)
        .map(UserId::new)
        .collect();
    CreateAllowedMentions::new().users(users)
}

/// The buttons for what can be done next, each with the action's id as its custom id
/// (moves are offered by autocompletion, not buttons), then a link to the game's page
/// when the bot serves web pages.
pub(super) fn buttons(actions: &[Action], lang: Lang, web: Option<&GameLinks>) -> Vec<CreateActionRow> {
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
                Action::Move { .. } | Action::Solve { .. } => return None,
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
