//! Which language a reader reads, and the `language` command.
//!
//! Every reply carries the language it is worded in ([`Reply::lang`]), chosen here
//! from what the store and the request know, most specific first:
//!
//! - A private answer, a direct message or a reminder is in its reader's language:
//!   their own choice (`/boardbot language fr`), else what their platform says
//!   (Discord's interaction `locale`, kept for the messages sent later), else the
//!   community's language below.
//! - An answer to a person's command, public or not, is in their own choice when
//!   they made one: they asked, and they said how they read.
//! - Any other public message (a move, a result, a reminder in the game's thread,
//!   an expiry) is in the community's language: the community's choice
//!   (`scope:server` on Discord, `scope:room` in Matrix, `boardbot local
//!   --language`), else — when the people it names all chose the same — their
//!   choice, else what the platform says of the community (Discord's
//!   `guild_locale`), else `[chat] language`.
//!
//! A reported locale the bot has no catalog for (`pt-BR`) means
//! English, without an error: the reader's platform is in a language we do not
//! speak, and English is the one most likely read.

use super::message::Message;
use super::people;
use super::{Actor, Destination, Failure, Inner, LanguageScope, Place, Refusal, Reply, Request, Service, UserRef};
use crate::config::Platform;
use crate::lang::Lang;
use crate::store::{self, CommunityId, Languages, StoreError};

type Result<T> = std::result::Result<T, Failure>;

/// `/boardbot language <code|reset> [scope:…]`.
pub(crate) fn language(
    inner: &Inner,
    req: &Request,
    language: Option<Lang>,
    scope: LanguageScope,
) -> Result<Vec<Reply>> {
    let platform = req.actor.platform;
    let code = language.map(Lang::code);
    // The reply is in the language just chosen, not in one seen before.
    super::seen::forget();
    match scope {
        LanguageScope::Me => {
            let player = people::ensure_player(inner, platform, &req.actor.user_id, &req.actor.display_name)?;
            inner.store.write(move |tx| store::set_player_language(tx, player, code))?;
        }
        LanguageScope::Community => {
            if req.place.community.is_none() {
                return Err(Refusal::LanguageNoCommunity.into());
            }
            if !req.actor.manages_community {
                return Err(Refusal::LanguageNotManager.into());
            }
            let Some(community) = people::ensure_community(inner, platform, &req.place)? else {
                return Err(Refusal::LanguageNoCommunity.into());
            };
            inner.store.write(move |tx| store::set_community_language(tx, community, code))?;
        }
    }
    let mut reply = Reply::new(
        super::boards::here(inner, &req.place),
        // The language in force is filled in with the reply's own, below.
        Message::LanguageSet { scope, language: Lang::En, chosen: language.is_some() },
    );
    // One's own choice is private where the platform can keep it so; a community's
    // is for everyone there.
    reply.only_actor = scope == LanguageScope::Me;
    Ok(vec![reply])
}

/// Sets [`Reply::lang`] on the replies to `actor`'s request made at `place`, and keeps the locales the platform
/// reported for the messages sent later. Never fails the request: a store that cannot
/// be read leaves the default language.
pub(crate) fn resolve(inner: &Inner, actor: &Actor, place: &Place, replies: &mut [Reply]) {
    let platform = actor.platform;
    let seen = super::seen::languages(platform, &actor.user_id, place.community.as_deref());
    let known = match seen.map(Ok).unwrap_or_else(|| {
        inner.store.read_once(|tx| store::languages(tx, platform, Some(&actor.user_id), place.community.as_deref()))
    }) {
        Ok(known) => known,
        Err(e) => {
            tracing::warn!("cannot read languages: {e}");
            Languages::default()
        }
    };
    for reply in replies.iter_mut() {
        reply.lang = match &reply.destination {
            Destination::Direct(user) if user.user_id != actor.user_id => {
                other_reader(inner, platform, user, place, &known)
            }
            Destination::Direct(_) => private(&known, actor, place, inner.options.language),
            _ if reply.only_actor => private(&known, actor, place, inner.options.language),
            // An answer to a person is in the language they chose, even in public: they
            // asked, and they said how they read.
            _ => match known.player_choice.as_deref().and_then(Lang::from_tag) {
                Some(lang) => lang,
                None => public(&known, None, place.locale.as_deref(), inner.options.language),
            },
        };
        if let Message::LanguageSet { language, .. } = &mut reply.message {
            *language = reply.lang;
        }
    }
    note_locales(inner, actor, place, &known);
}

/// The language of a public answer to `actor`'s request at `place`, as
/// [`resolve`] chooses it: the one they chose, else the community's. The messages a
/// request causes in public (the board in the game's thread after a move made
/// elsewhere) are worded in it too.
pub(crate) fn of_public_answer(inner: &Inner, actor: &Actor, place: &Place) -> Lang {
    let platform = actor.platform;
    let seen = super::seen::languages(platform, &actor.user_id, place.community.as_deref());
    let known = match seen.map(Ok).unwrap_or_else(|| {
        inner.store.read_once(|tx| store::languages(tx, platform, Some(&actor.user_id), place.community.as_deref()))
    }) {
        Ok(known) => known,
        Err(e) => {
            tracing::warn!("cannot read languages: {e}");
            Languages::default()
        }
    };
    match known.player_choice.as_deref().and_then(Lang::from_tag) {
        Some(lang) => lang,
        None => public(&known, None, place.locale.as_deref(), inner.options.language),
    }
}

/// The language of a message from the outbox: for `platform`, to `reply`'s
/// destination, about a game of `community`.
pub(crate) fn of_stored(inner: &Inner, platform: Platform, reply: &Reply, community: Option<CommunityId>) -> Lang {
    let reader = match &reply.destination {
        Destination::Direct(user) => Some(user.user_id.clone()),
        _ => None,
    };
    let read = inner.store.read(|tx| {
        let mut known = store::languages_of(tx, None, community)?;
        let mut choices = Vec::new();
        let people: Vec<&UserRef> = match &reader {
            Some(_) => Vec::new(),
            None => reply.mentions.iter().collect(),
        };
        if let Some(user) = &reader {
            let theirs = store::languages(tx, platform, Some(user), None)?;
            known.player_choice = theirs.player_choice;
            known.player_locale = theirs.player_locale;
        }
        for user in people {
            choices.push(store::languages(tx, platform, Some(&user.user_id), None)?.player_choice);
        }
        Ok((known, choices))
    });
    let (known, choices) = match read {
        Ok(read) => read,
        Err(e) => {
            tracing::warn!("cannot read languages: {e}");
            return inner.options.language;
        }
    };
    if reader.is_some() {
        return reader_chain(&known, None, None, inner.options.language);
    }
    // Named people who all chose the same language read it; otherwise nobody's
    // choice speaks for the others.
    let shared = match choices.split_first() {
        Some((Some(first), rest)) if rest.iter().all(|c| c.as_deref() == Some(first.as_str())) => Some(first.as_str()),
        _ => None,
    };
    public(&known, shared, None, inner.options.language)
}

/// The language `actor` reads an answer for them alone in, at `place`.
pub(crate) fn of_reader(inner: &Inner, actor: &Actor, place: &Place) -> Lang {
    let known = inner
        .store
        .read(|tx| store::languages(tx, actor.platform, Some(&actor.user_id), place.community.as_deref()))
        .unwrap_or_default();
    private(&known, actor, place, inner.options.language)
}

/// The language public messages at `place` are in (the community's), for what an
/// adapter says there on its own.
pub(crate) fn of_place(inner: &Inner, platform: Platform, place: &Place) -> Lang {
    let known = inner
        .store
        .read_once(|tx| store::languages(tx, platform, None, place.community.as_deref()))
        .unwrap_or_default();
    public(&known, None, place.locale.as_deref(), inner.options.language)
}

/// Sets (or clears) the language of the community `community` of `platform`,
/// creating the community if needed: the operator's choice (`boardbot local
/// --language fr`).
pub(crate) fn choose_for_community(
    inner: &Inner,
    platform: Platform,
    community: &str,
    language: Option<Lang>,
) -> Result<()> {
    let place = Place { community: Some(community.to_string()), ..Place::default() };
    if let Some(id) = people::ensure_community(inner, platform, &place)? {
        let code = language.map(Lang::code);
        inner.store.write(move |tx| store::set_community_language(tx, id, code))?;
    }
    Ok(())
}

/// A direct message the request sends to someone else: their language.
fn other_reader(inner: &Inner, platform: Platform, user: &UserRef, place: &Place, known: &Languages) -> Lang {
    let theirs =
        inner.store.read_once(|tx| store::languages(tx, platform, Some(&user.user_id), None)).unwrap_or_default();
    let known = Languages { player_choice: theirs.player_choice, player_locale: theirs.player_locale, ..known.clone() };
    reader_chain(&known, None, place.locale.as_deref(), inner.options.language)
}

/// The actor's language for an answer only they see.
fn private(known: &Languages, actor: &Actor, place: &Place, default: Lang) -> Lang {
    reader_chain(known, actor.locale.as_deref(), place.locale.as_deref(), default)
}

/// A reader's own choice, else their platform's locale (as reported now, else as
/// last kept), else the community's language.
fn reader_chain(known: &Languages, reported: Option<&str>, place_locale: Option<&str>, default: Lang) -> Lang {
    if let Some(lang) = known.player_choice.as_deref().and_then(Lang::from_tag) {
        return lang;
    }
    if let Some(tag) = reported.or(known.player_locale.as_deref()) {
        return Lang::from_tag(tag).unwrap_or(Lang::En);
    }
    public(known, None, place_locale, default)
}

/// A public message's language: the community's choice, else `person`'s (the one
/// answered, or the people named who agree), else the community's reported locale,
/// else the configured default.
fn public(known: &Languages, person: Option<&str>, place_locale: Option<&str>, default: Lang) -> Lang {
    if let Some(lang) = known.community_choice.as_deref().and_then(Lang::from_tag) {
        return lang;
    }
    if let Some(lang) = person.and_then(Lang::from_tag) {
        return lang;
    }
    if let Some(tag) = place_locale.or(known.community_locale.as_deref()) {
        return Lang::from_tag(tag).unwrap_or(Lang::En);
    }
    default
}

/// Keeps the locales the platform reported when they changed, so that reminders and
/// direct messages sent later are in the same language. Only known rows are
/// touched: a request that created nothing leaves nothing behind.
fn note_locales(inner: &Inner, actor: &Actor, place: &Place, known: &Languages) {
    let changed = |reported: &Option<String>, kept: &Option<String>| match reported {
        Some(r) => kept.as_deref() != Some(r.as_str()),
        None => false,
    };
    let player = changed(&actor.locale, &known.player_locale);
    let community = changed(&place.locale, &known.community_locale);
    if !player && !community {
        return;
    }
    let (platform, user_id) = (actor.platform, actor.user_id.clone());
    let (community_id, actor_locale, place_locale) =
        (place.community.clone(), actor.locale.clone(), place.locale.clone());
    let written = inner.store.write(move |tx| {
        if let (true, Some(locale)) = (player, &actor_locale) {
            if let Some(p) = store::find_player(tx, platform, &user_id)? {
                store::note_player_locale(tx, p.id, locale)?;
            }
        }
        if let (true, Some(locale), Some(id)) = (community, &place_locale, &community_id) {
            if let Some(c) = store::find_community(tx, platform, id)? {
                store::note_community_locale(tx, c, locale)?;
            }
        }
        Ok(())
    });
    if let Err(e) = written {
        tracing::warn!("cannot keep the reported locales: {e}");
    }
}

impl Service {
    /// The language `actor` reads what is shown to them alone at `place` (a menu, a
    /// confirmation an adapter makes).
    pub fn language_for(&self, actor: &Actor, place: &Place) -> Lang {
        of_reader(&self.inner, actor, place)
    }

    /// The language of public messages at `place`: what an adapter says there on its
    /// own is worded in it.
    pub fn language_at(&self, platform: Platform, place: &Place) -> Lang {
        of_place(&self.inner, platform, place)
    }

    /// Sets (or with `None` clears) a community's language, as an operator does
    /// (`boardbot local --language fr`).
    pub fn set_community_language(
        &self,
        platform: Platform,
        community: &str,
        language: Option<Lang>,
    ) -> std::result::Result<(), StoreError> {
        choose_for_community(&self.inner, platform, community, language).map_err(|e| match e {
            Failure::Internal(e) => StoreError::Internal(e),
            Failure::User(r) => StoreError::Internal(format!("{r:?}")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(pc: Option<&str>, pl: Option<&str>, cc: Option<&str>, cl: Option<&str>) -> Languages {
        Languages {
            player_choice: pc.map(str::to_string),
            player_locale: pl.map(str::to_string),
            community_choice: cc.map(str::to_string),
            community_locale: cl.map(str::to_string),
        }
    }

    #[test]
    fn a_readers_choice_comes_first_then_their_platform_then_the_community() {
        let k = known(Some("de"), Some("fr"), Some("nl"), Some("es-ES"));
        assert_eq!(reader_chain(&k, Some("fr"), None, Lang::En), Lang::De);
        let k = known(None, Some("fr"), Some("nl"), None);
        assert_eq!(reader_chain(&k, None, None, Lang::En), Lang::Fr);
        assert_eq!(reader_chain(&k, Some("es-ES"), None, Lang::En), Lang::Es);
        let k = known(None, None, Some("nl"), None);
        assert_eq!(reader_chain(&k, None, None, Lang::En), Lang::Nl);
        assert_eq!(reader_chain(&known(None, None, None, None), None, None, Lang::De), Lang::De);
    }

    #[test]
    fn a_locale_we_do_not_speak_is_english() {
        let k = known(None, None, Some("fr"), None);
        assert_eq!(reader_chain(&k, Some("pt-BR"), None, Lang::De), Lang::En);
        assert_eq!(public(&known(None, None, None, Some("pt-BR")), None, None, Lang::De), Lang::En);
    }

    #[test]
    fn a_communitys_choice_wins_in_public_then_the_person_then_its_locale() {
        let k = known(Some("de"), None, Some("fr"), Some("es-ES"));
        assert_eq!(public(&k, Some("de"), None, Lang::En), Lang::Fr);
        let k = known(None, None, None, Some("es-ES"));
        assert_eq!(public(&k, Some("de"), None, Lang::En), Lang::De);
        assert_eq!(public(&k, None, None, Lang::En), Lang::Es);
        assert_eq!(public(&k, None, Some("nl"), Lang::En), Lang::Nl);
        assert_eq!(public(&known(None, None, None, None), None, None, Lang::Fr), Lang::Fr);
    }
}
