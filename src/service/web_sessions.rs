//! Signing in on the web pages (issue #51): `/boardbot web login` gives the actor, and
//! them alone, a link that signs them in once within [`LOGIN_MINUTES`]; the web
//! adapter turns it into a session kept by a cookie ([`Service::web_sign_in`]), which
//! ends after [`SESSION_DAYS`] unused or at `/boardbot web logout`. Discord's Activity
//! opens one from Discord's word for who the person is ([`Service::activity_sign_in`]).
//!
//! # Choices made here
//!
//! - **Secrets are drawn here, kept hashed.** A link's token and a session's id are 256
//!   bits from the system's secure random source; the store keeps their SHA-256 only,
//!   so a copy of the database (a backup) signs nobody in.
//! - **The per-session token** that every state-changing request of a page carries is
//!   derived from the session's id ([`Signed::csrf`]): known to whoever holds the
//!   cookie, to no other site, and nothing to store.
//! - **A person is a player**, a platform and a user id, as in chat: the same person
//!   on Discord and on Matrix signs in twice and is two people.
//! - **Touched to the hour.** A session's last use is written at most once an hour, so
//!   reading pages costs no write; "30 days unused" is kept to within that hour.
//! - **The link is private.** It goes to the actor as a direct message that only they
//!   see: Discord answers it as an ephemeral message (the first private answer is the
//!   interaction's), Matrix posts it in the direct room, the terminal prints it for
//!   the actor alone.

use sha2::{Digest, Sha256};

use super::boards;
use super::message::Message;
use super::names::UserRef;
use super::pages::Links;
use super::people;
use super::{Actor, Destination, Failure, GameRef, Inner, Place, Refusal, Reply, Request, Service};
use crate::config::Platform;
use crate::store::{self, Millis, PlayerId, SessionVia, StoreError};

type Result<T> = std::result::Result<T, Failure>;

/// How long a login link works.
pub const LOGIN_MINUTES: u32 = 10;
/// How long a session lasts unused.
pub const SESSION_DAYS: i64 = 30;
/// How long the Activity remembers the game `/kuba play` asked for: it opens that game
/// when it signs the person in within these minutes (once), else their list.
pub const LAUNCH_MINUTES: u32 = 10;
/// How often a session's last use is written, at most.
const TOUCH_EVERY: Millis = super::HOUR;
/// The bytes of a secret: 256 bits.
const SECRET_BYTES: usize = 32;
/// The length of a secret as written (base32, lower case, no padding).
pub const SECRET_LEN: usize = 52;

/// Why signing in failed. The reader is told as little as the page needs.
#[derive(Debug, thiserror::Error)]
pub enum WebSignInError {
    /// The link is unknown, used or expired (all three look the same).
    #[error("the link is unknown, used or expired")]
    Refused,
    /// The store failed (logged).
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<StoreError> for WebSignInError {
    fn from(e: StoreError) -> Self {
        WebSignInError::Internal(e.to_string())
    }
}

/// A person signed in on the web pages, as a request of theirs needs them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signed {
    /// Who they are, as their platform knows them: requests from their pages are
    /// theirs.
    pub actor: Actor,
    /// The token every state-changing request of theirs carries (derived from the
    /// session's id).
    pub csrf: String,
    /// A short name of the session, for its rate limit and its requests' keys: a
    /// prefix of the session's digest (never the id itself).
    pub handle: String,
    /// How the session began.
    pub via: SessionVia,
    pub(crate) player: PlayerId,
}

/// A session just opened: the id for the cookie (shown once, kept nowhere) and who.
#[derive(Clone, PartialEq, Eq)]
pub struct NewSession {
    /// The session's id, for the cookie.
    pub secret: String,
    /// Who signed in.
    pub signed: Signed,
}

impl std::fmt::Debug for NewSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewSession").field("signed", &self.signed).finish_non_exhaustive()
    }
}

/// A new secret from the system's secure random source.
fn draw_secret() -> std::result::Result<String, StoreError> {
    let mut bytes = [0u8; SECRET_BYTES];
    getrandom::fill(&mut bytes).map_err(|e| StoreError::Internal(format!("no secure randomness for a secret: {e}")))?;
    Ok(data_encoding::BASE32_NOPAD.encode(&bytes).to_ascii_lowercase())
}

/// Whether `text` is written as a secret is: so a malformed cookie or link costs no
/// query.
pub fn is_secret(text: &str) -> bool {
    text.len() == SECRET_LEN && text.bytes().all(|b| b.is_ascii_lowercase() || (b'2'..=b'7').contains(&b))
}

/// The digest the store keeps of a secret.
fn digest(secret: &str) -> String {
    data_encoding::HEXLOWER.encode(&Sha256::digest(secret.as_bytes()))
}

/// The per-session token of the session `secret`.
fn csrf_of(secret: &str) -> String {
    let mut h = Sha256::new();
    h.update(b"boardbot web form token\0");
    h.update(secret.as_bytes());
    data_encoding::BASE32_NOPAD.encode(&h.finalize()[..20]).to_ascii_lowercase()
}

/// Compares two tokens in a time that does not depend on where they differ.
pub fn same_token(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn stale_before(now: Millis) -> Millis {
    now.saturating_sub(SESSION_DAYS.saturating_mul(super::DAY))
}

/// `/boardbot web login`: a link that signs the actor in, to them alone.
pub(crate) fn login(inner: &Inner, req: &Request) -> Result<Vec<Reply>> {
    let Some(base) = inner.options.web_url.clone() else {
        return Err(Refusal::WebNotServed.into());
    };
    let player = people::ensure_player(inner, req.actor.platform, &req.actor.user_id, &req.actor.display_name)?;
    let token = draw_secret()?;
    let hash = digest(&token);
    let now = inner.clock.now();
    let expires = now.saturating_add(i64::from(LOGIN_MINUTES) * super::MINUTE);
    inner.store.write(move |tx| store::new_web_login(tx, &hash, player, now, expires))?;
    let url = format!("{}/login/{token}", base.trim_end_matches('/'));
    Ok(vec![private(req, Message::WebLogin { url, minutes: LOGIN_MINUTES })])
}

/// `/boardbot web logout`: every session of the actor ends, and their unused links.
pub(crate) fn logout(inner: &Inner, req: &Request) -> Result<Vec<Reply>> {
    let sessions = match people::find_actor(inner, &req.actor)? {
        Some(player) => inner.store.write(move |tx| store::end_web_sessions_of(tx, player))?,
        None => 0,
    };
    Ok(vec![private(req, Message::WebLoggedOut { sessions })])
}

/// `/kuba play`: where the actor plays the game on its board (its page); Discord's
/// adapter launches its Activity instead once this found the game. Discord's launch
/// carries nothing to the Activity, so for a Discord player the game is also kept as
/// the one they last asked for ([`LAUNCH_MINUTES`]): the Activity's sign-in opens it
/// ([`Service::take_activity_launch`]).
pub(crate) fn play(inner: &Inner, req: &Request, game: &GameRef) -> Result<Vec<Reply>> {
    let Some(base) = inner.options.web_url.clone() else {
        return Err(Refusal::WebNotServed.into());
    };
    let me = people::find_actor(inner, &req.actor)?;
    let record = boards::find_game(inner, req, game, me, true)?;
    super::play::seated_seat(&record, me)?;
    let now = inner.clock.now();
    let id = record.id;
    let launch = me.filter(|_| req.actor.platform == Platform::Discord);
    let until = now.saturating_add(i64::from(LAUNCH_MINUTES) * super::MINUTE);
    let token = inner.store.write(move |tx| {
        if let Some(player) = launch {
            store::note_web_launch(tx, player, id, now, until)?;
        }
        store::issue_game_link(tx, id, now)
    })?;
    let url = Links::new(&base).game(token.as_str());
    let mut reply = Reply::new(boards::here(inner, &req.place), Message::PlayOnWeb { game: boards::tag(&record), url });
    reply.only_actor = true;
    Ok(vec![reply])
}

/// A reply for the actor alone, in a direct message: a link that signs them in must
/// not be posted where others read (Matrix has no message only one person sees).
fn private(req: &Request, message: Message) -> Reply {
    let me = UserRef { user_id: req.actor.user_id.clone(), name: req.actor.display_name.clone() };
    let mut reply = Reply::new(Destination::Direct(me), message);
    reply.only_actor = true;
    reply
}

/// The actor a session's player is.
fn actor_of(inner: &Inner, player: PlayerId) -> std::result::Result<Actor, StoreError> {
    let p = inner.store.read_once(move |tx| store::load_player(tx, player))?;
    Ok(Actor::new(p.platform, p.user_id, p.display_name))
}

fn signed(inner: &Inner, secret: &str, player: PlayerId, via: SessionVia) -> std::result::Result<Signed, StoreError> {
    Ok(Signed {
        actor: actor_of(inner, player)?,
        csrf: csrf_of(secret),
        handle: digest(secret)[..16].to_string(),
        via,
        player,
    })
}

fn open_session(inner: &Inner, player: PlayerId, via: SessionVia) -> std::result::Result<NewSession, StoreError> {
    let secret = draw_secret()?;
    let hash = digest(&secret);
    let now = inner.clock.now();
    inner.store.write(move |tx| store::new_web_session(tx, &hash, player, via, now, stale_before(now)))?;
    let signed = signed(inner, &secret, player, via)?;
    Ok(NewSession { secret, signed })
}

impl Service {
    /// Signs in with the token of a login link (`/login/TOKEN`): a new session, once
    /// per link, within [`LOGIN_MINUTES`] of its making. Blocking.
    pub fn web_sign_in(&self, token: &str) -> std::result::Result<NewSession, WebSignInError> {
        if !is_secret(token) {
            return Err(WebSignInError::Refused);
        }
        let (hash, now) = (digest(token), self.inner.clock.now());
        let player = self.inner.store.write(move |tx| store::use_web_login(tx, &hash, now))?;
        let player = player.ok_or(WebSignInError::Refused)?;
        Ok(open_session(&self.inner, player, SessionVia::Link)?)
    }

    /// Signs in the Discord user `user_id` (named `name`) as Discord's Activity
    /// vouched for them (an OAuth2 code it exchanged): a new session. Blocking.
    pub fn activity_sign_in(&self, user_id: &str, name: &str) -> std::result::Result<NewSession, WebSignInError> {
        let player = people::ensure_player(&self.inner, Platform::Discord, user_id, name).map_err(|e| match e {
            Failure::Internal(e) => WebSignInError::Internal(e),
            Failure::User(r) => WebSignInError::Internal(format!("{r:?}")),
        })?;
        Ok(open_session(&self.inner, player, SessionVia::Activity)?)
    }

    /// The page token of the game `player` asked for with `/kuba play` within the last
    /// [`LAUNCH_MINUTES`], taken (it opens once): what Discord's Activity opens when
    /// it signs them in, rather than their list of games. Blocking.
    pub fn take_activity_launch(&self, player: PlayerId) -> std::result::Result<Option<String>, StoreError> {
        let now = self.inner.clock.now();
        self.inner.store.write(move |tx| match store::take_web_launch(tx, player, now)? {
            Some(game) => Ok(store::game_link(tx, game)?.map(|t| t.as_str().to_string())),
            None => Ok(None),
        })
    }

    /// Who the session `secret` (a cookie's value) signs in, while it lasts; its use is
    /// noted (at most once an hour). `None` for anything else. Blocking.
    pub fn web_session(&self, secret: &str) -> std::result::Result<Option<Signed>, StoreError> {
        if !is_secret(secret) {
            return Ok(None);
        }
        let (hash, now) = (digest(secret), self.inner.clock.now());
        let found = {
            let hash = hash.clone();
            self.inner.store.read_once(move |tx| store::web_session(tx, &hash, stale_before(now)))?
        };
        let Some(session) = found else { return Ok(None) };
        if now.saturating_sub(session.seen_at) >= TOUCH_EVERY {
            self.inner.store.write(move |tx| store::touch_web_session(tx, &hash, now))?;
        }
        Ok(Some(signed(&self.inner, secret, session.player, session.via)?))
    }

    /// Ends the session `secret` (the page's sign-out button). Blocking.
    pub fn web_sign_out(&self, secret: &str) -> std::result::Result<(), StoreError> {
        if !is_secret(secret) {
            return Ok(());
        }
        let hash = digest(secret);
        self.inner.store.write(move |tx| store::end_web_session(tx, &hash))?;
        Ok(())
    }

    /// How many live sessions `actor` has (for tests and the operator). Blocking.
    pub fn web_sessions_of(&self, actor: &Actor) -> std::result::Result<u64, StoreError> {
        let Some(player) = self.inner.store.player_id(actor.platform, &actor.user_id)? else { return Ok(0) };
        let now = self.inner.clock.now();
        self.inner.store.read_once(move |tx| store::web_sessions_of(tx, player, stale_before(now)))
    }

    /// Where a request made on the page of `game` (its public id) is made: in the
    /// game's community (its language words what the request causes in public), in no
    /// channel or thread, so that none of what it causes is taken for its answer: the
    /// board and the opponent's notice go to the game's thread through the outbox.
    pub fn web_place(&self, game: &str) -> std::result::Result<Place, StoreError> {
        let record = self.inner.store.find_game(game)?;
        let community = match record.community {
            Some(c) => self.inner.store.read_once(move |tx| store::community_key(tx, c))?,
            None => None,
        };
        Ok(Place { community, ..Place::default() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_random_and_read_strictly() {
        let a = draw_secret().unwrap_or_default();
        let b = draw_secret().unwrap_or_default();
        assert_eq!(a.len(), SECRET_LEN);
        assert!(is_secret(&a) && is_secret(&b));
        assert_ne!(a, b);
        assert!(!is_secret(&a[1..]));
        assert!(!is_secret(&a.to_ascii_uppercase()));
        assert!(!is_secret(&format!("{}1", &a[1..])));
        assert_ne!(digest(&a), a);
        assert_eq!(digest(&a).len(), 64);
        assert_ne!(csrf_of(&a), csrf_of(&b));
        assert!(same_token(&csrf_of(&a), &csrf_of(&a)));
        assert!(!same_token(&csrf_of(&a), &csrf_of(&b)));
        assert!(!same_token("abc", "abcd"));
    }
}
