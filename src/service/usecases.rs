//! The use cases: each checks everything on what it read, then writes once.

use crate::ai::Level;
use crate::config::Platform;
use crate::games::{GameKind, MoveView, Phrase, Position, Settings, MENU_LIMIT};
use crate::lang::Lang;
use crate::present::view::{diagram_text, worded};
use crate::render::{render, RenderOptions};
use crate::store::replay::{Ended, Replayed};
use crate::store::{
    self, Challenge, ChallengeAnswer, ChallengeId, ChallengeStatus, CommunityId, EndReason, Ending, FirstMover,
    GameRecord, NewChallenge, NewGame, PlayerId, RatingChange, Scope, SeatHolder, Status,
};

use super::clocks;
use super::types::{game_of_thread, thread_name};
use super::{
    Action, Actor, Answer, Command, Destination, Failure, First, GameRef, Inner, Picture, Place, Reply, Request,
    Target, UserError, UserRef,
};

type Result<T> = std::result::Result<T, Failure>;

/// The name of the computer in messages.
const COMPUTER: &str = "boardbot";

/// Where a reply to a request made at `place` goes: the game's thread when made in
/// one (named `kuba-K7Q2`, or a platform thread the store knows), else the channel.
pub(crate) fn here(inner: &Inner, place: &Place) -> Destination {
    if let Some(thread) = &place.thread {
        if let Some(record) = game_in_thread(inner, thread) {
            let mut destination = thread_of(&record);
            if game_of_thread(thread).is_none() {
                if let Destination::Thread { thread: known, .. } = &mut destination {
                    *known = Some(thread.clone());
                }
            }
            return destination;
        }
    }
    Destination::Channel { channel: place.channel.clone().unwrap_or_default() }
}

/// The game played in `thread`: a thread named `kuba-K7Q2`, or a platform thread
/// recorded with [`store::set_thread`]. `None` when there is none or the store fails
/// (logged): callers then treat the thread as a plain channel.
pub(crate) fn game_in_thread(inner: &Inner, thread: &str) -> Option<GameRecord> {
    let found = match game_of_thread(thread) {
        Some((_, id)) => inner.store.find_game(&id).map(Some),
        None => inner.store.read(|tx| store::games_at_place(tx, thread)).and_then(|games| match games.first() {
            Some(g) => inner.store.load_game(g.id).map(Some),
            None => Ok(None),
        }),
    };
    match found {
        Ok(found) => found,
        Err(store::StoreError::NotFound(_)) => None,
        Err(e) => {
            tracing::error!("cannot find the game of thread {thread}: {e}");
            None
        }
    }
}

pub(crate) fn handle(inner: &Inner, req: &Request) -> Result<Vec<Reply>> {
    if req.actor.is_bot {
        return Err(UserError::Other("I do not take commands from bots.".to_string()).into());
    }
    match &req.command {
        Command::Challenge { kind, opponents, rated, first, level, settings, start, time } => challenge(
            inner,
            req,
            &Challenged {
                kind: *kind,
                opponents,
                rated: *rated,
                first: *first,
                level: *level,
                settings: settings.as_deref(),
                start: start.as_deref(),
                time: *time,
            },
        ),
        Command::Accept { kind, challenge } => accept(inner, req, *kind, *challenge),
        Command::Decline { kind, challenge } => decline(inner, req, *kind, *challenge),
        Command::Cancel { kind, challenge } => cancel(inner, req, *kind, *challenge),
        Command::Move { game, text } => play(inner, req, game, text),
        Command::Board { game, flip } => board(inner, req, game, *flip),
        Command::Resign { game } => resign(inner, req, game),
        Command::Draw { game, answer } => draw(inner, req, game, *answer),
        Command::Takeback { game, answer } => takeback(inner, req, game, *answer),
        Command::Games => games(inner, req),
        Command::History { game } => history(inner, req, game),
        Command::Leaderboard { kind, global } => leaderboard(inner, req, *kind, *global),
        Command::Rating { kind, player, versus } => rating(inner, req, *kind, player.as_ref(), versus.as_ref()),
        Command::Rules { kind } => rules(inner, req, *kind),
        Command::Help { kind } => Ok(vec![Reply::text(here(inner, &req.place), help_text(*kind))]),
        Command::Notify { how, user } => clocks::notify(inner, req, *how, user.as_ref()),
        Command::Vacation { days } => clocks::vacation(inner, req, *days),
        Command::VacationEnd => clocks::vacation_end(inner, req),
    }
}

// ---------------------------------------------------------------------------
// People

/// The actor's player row, if they were seen before (a read).
pub(crate) fn find_actor(inner: &Inner, actor: &Actor) -> Result<Option<PlayerId>> {
    let platform = actor.platform;
    let user = actor.user_id.clone();
    Ok(inner.store.read(|tx| store::find_player(tx, platform, &user))?.map(|p| p.id))
}

/// The player row of a user, created or renamed when needed (a write only then).
pub(crate) fn ensure_player(inner: &Inner, platform: Platform, user_id: &str, name: &str) -> Result<PlayerId> {
    let found = inner.store.read(|tx| store::find_player(tx, platform, user_id))?;
    if let Some(p) = &found {
        if p.display_name == name {
            return Ok(p.id);
        }
    }
    let (user_id, name, now) = (user_id.to_string(), name.to_string(), inner.clock.now());
    Ok(inner.store.write(move |tx| store::upsert_player(tx, platform, &user_id, &name, now))?)
}

fn ensure_community(inner: &Inner, platform: Platform, place: &Place) -> Result<Option<CommunityId>> {
    let Some(community) = place.community.clone() else { return Ok(None) };
    let now = inner.clock.now();
    Ok(Some(inner.store.write(move |tx| store::upsert_community(tx, platform, &community, None, now))?))
}

/// Where a question about "here" looks: the place's community when it has one.
enum Here {
    /// The place belongs to no community (a direct message).
    Nowhere,
    /// The place's community has never been stored: nothing was ever rated there.
    Unknown,
    /// The place's community.
    Known(CommunityId),
}

/// The place's community without creating it (a read only): a leaderboard or a
/// rating only asks about it.
fn find_community(inner: &Inner, platform: Platform, place: &Place) -> Result<Here> {
    let Some(community) = place.community.as_deref() else { return Ok(Here::Nowhere) };
    Ok(match inner.store.read(|tx| store::find_community(tx, platform, community))? {
        Some(c) => Here::Known(c),
        None => Here::Unknown,
    })
}

/// The people of a game's seats (`None` for the computer).
pub(crate) fn seat_users(inner: &Inner, record: &GameRecord) -> Result<Vec<Option<UserRef>>> {
    let holders: Vec<SeatHolder> = record.seats.iter().map(|s| s.holder.clone()).collect();
    Ok(inner.store.read(move |tx| {
        holders
            .iter()
            .map(|h| match h {
                SeatHolder::Player(p) => {
                    store::load_player(tx, *p).map(|p| Some(UserRef { user_id: p.user_id, name: p.display_name }))
                }
                SeatHolder::Computer(_) => Ok(None),
            })
            .collect()
    })?)
}

/// `@alice`, or `@boardbot` for the computer (its level is named when the game
/// begins and in lists of games).
pub(crate) fn seat_name(record: &GameRecord, seat: usize) -> String {
    match record.seats.get(seat) {
        Some(s) => match &s.holder {
            SeatHolder::Player(_) => format!("@{}", s.name),
            SeatHolder::Computer(_) => format!("@{COMPUTER}"),
        },
        None => "?".to_string(),
    }
}

/// `@alice (White)`.
fn seat_with_colour(record: &GameRecord, position: &Position, seat: usize) -> String {
    let colour = position.seats().get(seat).map_or("?", |s| s.name);
    format!("{} ({colour})", seat_name(record, seat))
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Seat order: the challenger then the opponents, rotated by `first`.
fn seat_order<T: Clone>(people: &[T], first: First, seed: u64) -> Vec<T> {
    let n = people.len().max(1);
    let shift = match first {
        First::Me => 0,
        First::Them => 1 % n,
        First::Random => (splitmix(seed) % n as u64) as usize,
    };
    let mut seats = people.to_vec();
    seats.rotate_left(shift);
    seats
}

// ---------------------------------------------------------------------------
// Challenges

struct Challenged<'a> {
    kind: GameKind,
    opponents: &'a [Target],
    rated: bool,
    first: First,
    level: Option<Level>,
    settings: Option<&'a str>,
    start: Option<&'a str>,
    time: Option<super::TimeAsked>,
}

/// The settings JSON with Cabale's player count filled in from the seats.
fn settings_for(kind: GameKind, given: Option<&str>, seats: usize) -> Result<Settings> {
    let mut map = match given {
        Some(text) => match serde_json::from_str::<serde_json::Value>(text) {
            Ok(serde_json::Value::Object(map)) => map,
            _ => {
                return Err(UserError::Settings(format!(
                    "{} is not a JSON object such as {{\"size\":10}}",
                    crate::games::excerpt(text)
                ))
                .into())
            }
        },
        None => serde_json::Map::new(),
    };
    if kind == GameKind::Cabale {
        let players = serde_json::json!(seats);
        match map.get("players") {
            Some(p) if *p != players => {
                return Err(UserError::Settings(format!(
                    "players is {p} but the challenge seats {seats} (you and {} opponents)",
                    seats - 1
                ))
                .into())
            }
            _ => {
                map.insert("players".to_string(), players);
            }
        }
    }
    let json = serde_json::Value::Object(map).to_string();
    Settings::from_json(kind, &json).map_err(|e| UserError::Settings(e.to_string()).into())
}

fn challenge(inner: &Inner, req: &Request, c: &Challenged) -> Result<Vec<Reply>> {
    let kind = c.kind;
    let title = kind.title();
    if c.opponents.is_empty() {
        return Err(UserError::Opponents(format!(
            "Name an opponent: /{kind} challenge @bob (or @{COMPUTER} to play the computer)."
        ))
        .into());
    }
    let computer = c.opponents.contains(&Target::Computer);
    let max = if kind == GameKind::Cabale { 3 } else { 1 };
    if computer && c.opponents.len() > 1 {
        return Err(
            UserError::Opponents(format!("Play the computer one to one: /{kind} challenge @{COMPUTER}.")).into()
        );
    }
    if c.opponents.len() > max {
        return Err(UserError::Opponents(if max == 1 {
            format!("{title} is for two players: name one opponent.")
        } else {
            format!("{title} is for 2 to 4 players: name up to three opponents.")
        })
        .into());
    }
    let mut people: Vec<(String, String)> = Vec::new();
    for t in c.opponents {
        if let Target::User { user_id, display_name, is_bot } = t {
            if *user_id == req.actor.user_id {
                return Err(UserError::ChallengeSelf.into());
            }
            if *is_bot {
                return Err(UserError::OtherBot(display_name.clone()).into());
            }
            if people.iter().any(|(id, _)| id == user_id) {
                return Err(UserError::Opponents(format!("@{display_name} is named twice.")).into());
            }
            people.push((user_id.clone(), display_name.clone()));
        }
    }
    if computer && c.rated {
        return Err(UserError::ComputerRated.into());
    }
    if !computer && c.level.is_some() {
        return Err(UserError::LevelWithoutComputer.into());
    }
    let settings = settings_for(kind, c.settings, c.opponents.len() + 1)?;
    let time_control = clocks::checked_time_control(c.time, c.rated)?;
    if let Some(code) = c.start {
        if c.rated {
            return Err(UserError::StartRated.into());
        }
        let position = Position::from_code(code, &settings).map_err(|e| UserError::StartCode(e.to_string()))?;
        if position.is_over() {
            return Err(UserError::StartCode("the game is already over in that position".to_string()).into());
        }
    }
    let platform = req.actor.platform;
    // Refuse a second challenge to the same person before anything is written.
    if let Some(me) = find_actor(inner, &req.actor)? {
        let open = inner.store.read(|tx| store::open_challenges(tx, me))?;
        for (user_id, name) in &people {
            let them = inner.store.read(|tx| store::find_player(tx, platform, user_id))?;
            if let Some(them) = them {
                if let Some(ch) =
                    open.iter().find(|ch| ch.challenger == me && ch.challenged.iter().any(|(p, _)| *p == them.id))
                {
                    return Err(UserError::AlreadyChallenged(name.clone(), ch.id.0).into());
                }
            }
        }
    }
    let me = ensure_player(inner, platform, &req.actor.user_id, &req.actor.display_name)?;
    let community = ensure_community(inner, platform, &req.place)?;
    let settings_json = settings.to_json();
    if computer {
        let level = c.level.unwrap_or(Level::Medium);
        let count = inner.store.read(|tx| store::games_in_progress(tx, me))?.len() as u64;
        let seats =
            seat_order(&[SeatHolder::Player(me), SeatHolder::Computer(level)], c.first, (me.0 as u64) << 20 ^ count);
        let now = inner.clock.now();
        let first_seat = match &c.start {
            Some(code) => Position::from_code(code, &settings).map(|p| p.to_move().0).unwrap_or(0),
            None => 0,
        };
        let mut new = NewGame {
            kind,
            settings: Some(settings_json),
            start_code: c.start.map(str::to_string),
            rated: false,
            time_control,
            community,
            place: store::Place { channel: req.place.channel.clone(), thread: None },
            seats,
            turn_deadline: None,
            now,
        };
        let game = inner.store.write(move |tx| {
            let holder = new.seats.get(usize::from(first_seat)).cloned();
            new.turn_deadline = clocks::deadline_for(tx, new.time_control, holder.as_ref(), now)?;
            Ok(store::create_game(tx, &new)?.0)
        })?;
        inner.wake_scheduler();
        let record = inner.store.load_game(game)?;
        let replies =
            started(inner, &record, &format!("@{} takes on the computer ({level}).", req.actor.display_name))?;
        if computer_to_move(&record) {
            inner.queue_computer(game);
        }
        return Ok(replies);
    }
    let mut targets = Vec::new();
    for (user_id, name) in &people {
        targets.push(ensure_player(inner, platform, user_id, name)?);
    }
    let new = NewChallenge {
        challenger: me,
        challenged: targets,
        kind,
        settings: Some(settings_json),
        start_code: c.start.map(str::to_string),
        rated: c.rated,
        time_control,
        community,
        channel: req.place.channel.clone(),
        now: inner.clock.now(),
        expires_at: Some(inner.clock.now().saturating_add(inner.options.clocks.challenge_expiry)),
        first: match c.first {
            First::Me => FirstMover::Challenger,
            First::Them => FirstMover::Challenged,
            First::Random => FirstMover::Random,
        },
    };
    let id = inner.store.write(move |tx| store::create_challenge(tx, &new))?;
    inner.wake_scheduler();
    let names: Vec<String> = people.iter().map(|(_, n)| format!("@{n}")).collect();
    let first = match c.first {
        First::Me => format!("@{} moves first", req.actor.display_name),
        First::Them if people.len() == 1 => format!("{} moves first", names.join("")),
        First::Them => format!("{} moves first", names.first().cloned().unwrap_or_default()),
        First::Random => "first player at random".to_string(),
    };
    let mut extra = if c.start.is_some() { ", from a given position" } else { "" }.to_string();
    if time_control.is_some() {
        extra.push_str(&format!(", {}", clocks::time_control_text(time_control)));
    }
    let answer = if people.len() == 1 { "accept or decline" } else { "each accept or decline" };
    let text = format!(
        "@{} challenges {} to a {} game of {title} ({first}{extra}); challenge {}. {}: {answer} with /{kind} accept or /{kind} decline.",
        req.actor.display_name,
        names.join(", "),
        if c.rated { "rated" } else { "casual" },
        id.0,
        names.join(", "),
    );
    let mut reply = Reply::text(here(inner, &req.place), text);
    reply.mentions = people.iter().map(|(id, name)| UserRef { user_id: id.clone(), name: name.clone() }).collect();
    reply.actions = vec![Action::Accept { kind, challenge: id.0 }, Action::Decline { kind, challenge: id.0 }];
    Ok(vec![reply])
}

/// The open challenge of `kind` a command is about, for the actor in `role`.
fn pick_challenge(
    inner: &Inner,
    me: Option<PlayerId>,
    kind: GameKind,
    given: Option<i64>,
    role: Role,
) -> Result<Challenge> {
    let title = kind.title();
    let none = || -> Failure {
        UserError::NoChallenge(match role {
            Role::Challenged => format!("No {title} challenge is waiting for your answer."),
            Role::Challenger => format!("You have no open {title} challenge to cancel."),
        })
        .into()
    };
    if let Some(n) = given {
        let c = inner.store.read(|tx| store::load_challenge(tx, ChallengeId(n))).map_err(|e| match e {
            store::StoreError::NotFound(_) => {
                Failure::User(UserError::NoChallenge(format!("There is no challenge {n}.")))
            }
            e => e.into(),
        })?;
        if c.status != ChallengeStatus::Open {
            let status = match c.status {
                ChallengeStatus::Accepted => "was accepted",
                ChallengeStatus::Declined => "was declined",
                ChallengeStatus::Expired => "has expired",
                ChallengeStatus::Withdrawn => "was cancelled",
                ChallengeStatus::Open => "is open",
            };
            return Err(UserError::NoChallenge(format!("Challenge {n} {status}; it is no longer open.")).into());
        }
        if c.kind != kind {
            return Err(UserError::Other(format!(
                "Challenge {n} is for {}, not {title}: use /{} for it.",
                c.kind.title(),
                c.kind
            ))
            .into());
        }
        let mine = me.is_some_and(|me| c.challenger == me);
        let answer = me.and_then(|me| c.challenged.iter().find(|(p, _)| *p == me).map(|(_, a)| *a));
        match role {
            Role::Challenger if !mine => return Err(UserError::NotChallenger(n).into()),
            Role::Challenged if mine => {
                return Err(UserError::Other(format!(
                    "Challenge {n} is your own; it waits for the others' answer (cancel it with /{kind} cancel)."
                ))
                .into())
            }
            Role::Challenged if answer.is_none() => return Err(UserError::NotYourChallenge(n).into()),
            Role::Challenged if answer == Some(ChallengeAnswer::Accepted) => {
                return Err(UserError::AlreadyAccepted(n).into())
            }
            _ => return Ok(c),
        }
    }
    let Some(me) = me else { return Err(none()) };
    let open: Vec<Challenge> =
        inner.store.read(|tx| store::open_challenges(tx, me))?.into_iter().filter(|c| c.kind == kind).collect();
    let fits: Vec<&Challenge> = open
        .iter()
        .filter(|c| match role {
            Role::Challenger => c.challenger == me,
            Role::Challenged => c.challenged.iter().any(|(p, a)| *p == me && *a == ChallengeAnswer::Pending),
        })
        .collect();
    match fits.as_slice() {
        [] => {
            if role == Role::Challenged {
                if let Some(c) = open.iter().find(|c| c.challenged.contains(&(me, ChallengeAnswer::Accepted))) {
                    return Err(UserError::AlreadyAccepted(c.id.0).into());
                }
            }
            Err(none())
        }
        [one] => Ok((*one).clone()),
        many => {
            let mut list = Vec::new();
            for c in many {
                let from = inner.store.read(|tx| store::load_player(tx, c.challenger))?.display_name;
                list.push(format!("challenge {} from @{from}", c.id.0));
            }
            Err(UserError::AmbiguousChallenge(format!(
                "Several {title} challenges are open: {}. Say which one with challenge:{}.",
                list.join(", "),
                many[0].id.0
            ))
            .into())
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Challenger,
    Challenged,
}

fn accept(inner: &Inner, req: &Request, kind: GameKind, given: Option<i64>) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let c = pick_challenge(inner, me, kind, given, Role::Challenged)?;
    if c.expires_at.is_some_and(|e| e <= inner.clock.now()) {
        return Err(UserError::Other(format!(
            "Challenge {} has expired: it waited too long for an answer. Ask for a new one.",
            c.id.0
        ))
        .into());
    }
    let me = ensure_player(inner, req.actor.platform, &req.actor.user_id, &req.actor.display_name)?;
    let first = match c.first {
        FirstMover::Challenger => First::Me,
        FirstMover::Challenged => First::Them,
        FirstMover::Random => First::Random,
    };
    let people: Vec<SeatHolder> =
        std::iter::once(c.challenger).chain(c.challenged.iter().map(|(p, _)| *p)).map(SeatHolder::Player).collect();
    let seats = seat_order(&people, first, c.id.0 as u64);
    let (now, id, place) = (inner.clock.now(), c.id, store::Place { channel: c.channel.clone(), thread: None });
    let created = inner.store.write(move |tx| {
        let after = store::answer_challenge(tx, id, me, ChallengeAnswer::Accepted)?;
        if after.challenged.iter().any(|(_, a)| *a != ChallengeAnswer::Accepted) {
            return Ok(None);
        }
        let first_seat = match &after.start_code {
            Some(code) => Settings::from_json(after.kind, &after.settings)
                .ok()
                .and_then(|s| Position::from_code(code, &s).ok())
                .map_or(0, |p| p.to_move().0),
            None => 0,
        };
        let holder = seats.get(usize::from(first_seat)).cloned();
        let turn_deadline = clocks::deadline_for(tx, after.time_control, holder.as_ref(), now)?;
        let new = NewGame {
            kind: after.kind,
            settings: Some(after.settings.clone()),
            start_code: after.start_code.clone(),
            rated: after.rated,
            time_control: after.time_control,
            community: after.community,
            place,
            seats,
            turn_deadline,
            now,
        };
        let (game, _) = store::create_game(tx, &new)?;
        store::close_challenge(tx, id, ChallengeStatus::Accepted, Some(game))?;
        Ok(Some(game))
    })?;
    let Some(game) = created else {
        let waiting: Vec<String> = {
            let c = inner.store.read(|tx| store::load_challenge(tx, id))?;
            let mut names = Vec::new();
            for (p, a) in &c.challenged {
                if *a == ChallengeAnswer::Pending {
                    names.push(format!("@{}", inner.store.read(|tx| store::load_player(tx, *p))?.display_name));
                }
            }
            names
        };
        return Ok(vec![Reply::text(
            here(inner, &req.place),
            format!("@{} accepts challenge {}; waiting for {}.", req.actor.display_name, id.0, waiting.join(", ")),
        )]);
    };
    inner.wake_scheduler();
    let record = inner.store.load_game(game)?;
    started(inner, &record, &format!("@{} accepts challenge {}.", req.actor.display_name, id.0))
}

fn decline(inner: &Inner, req: &Request, kind: GameKind, given: Option<i64>) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let c = pick_challenge(inner, me, kind, given, Role::Challenged)?;
    let Some(me) = me else { return Err(UserError::NotYourChallenge(c.id.0).into()) };
    let id = c.id;
    inner.store.write(move |tx| store::answer_challenge(tx, id, me, ChallengeAnswer::Declined))?;
    let challenger = inner.store.read(|tx| store::load_player(tx, c.challenger))?;
    let mut reply = Reply::text(
        here(inner, &req.place),
        format!(
            "@{} declines @{}'s {} challenge (challenge {}).",
            req.actor.display_name,
            challenger.display_name,
            kind.title(),
            id.0
        ),
    );
    reply.mentions = vec![UserRef { user_id: challenger.user_id, name: challenger.display_name }];
    Ok(vec![reply])
}

fn cancel(inner: &Inner, req: &Request, kind: GameKind, given: Option<i64>) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let c = pick_challenge(inner, me, kind, given, Role::Challenger)?;
    let id = c.id;
    inner.store.write(move |tx| store::close_challenge(tx, id, ChallengeStatus::Withdrawn, None))?;
    Ok(vec![Reply::text(
        here(inner, &req.place),
        format!("@{} cancels {} challenge {}.", req.actor.display_name, kind.title(), id.0),
    )])
}

/// The replies when a game begins: an announcement where it was agreed, and the board
/// in the game's thread.
fn started(inner: &Inner, record: &GameRecord, opening: &str) -> Result<Vec<Reply>> {
    let users = seat_users(inner, record)?;
    let settings = Settings::from_json(record.kind, &record.settings).map_err(|e| Failure::Internal(e.to_string()))?;
    let position = match &record.start_code {
        Some(code) => Position::from_code(code, &settings).map_err(|e| Failure::Internal(e.to_string()))?,
        None => Position::start(&settings),
    };
    let players: Vec<String> = (0..record.seats.len()).map(|i| seat_with_colour(record, &position, i)).collect();
    let id = record.public_id.as_str();
    let thread = thread_name(record.kind, id);
    let mut announce = Reply::text(
        Destination::Channel { channel: record.place.channel.clone().unwrap_or_default() },
        format!(
            "{opening} {} game {id} begins: {}, {}. Play in thread {thread}.",
            record.kind.title(),
            players.join(" vs "),
            if record.rated { "rated" } else { "casual" },
        ),
    );
    announce.mentions = users.iter().flatten().cloned().collect();
    let to_move = usize::from(position.to_move().0);
    let text = format!(
        "{} game {id}. {} to move{}.",
        record.kind.title(),
        seat_with_colour(record, &position, to_move),
        clocks::clock_note(inner, record)
    );
    let mut board = board_reply(inner, record, &position, None, false, text)?;
    board.mentions = users.get(to_move).cloned().flatten().into_iter().collect();
    Ok(vec![announce, board])
}

// ---------------------------------------------------------------------------
// Games

pub(crate) fn thread_of(record: &GameRecord) -> Destination {
    let id = record.public_id.as_str().to_string();
    let names: Vec<String> =
        (0..record.seats.len()).map(|i| seat_name(record, i).trim_start_matches('@').to_string()).collect();
    Destination::Thread {
        name: thread_name(record.kind, &id),
        title: format!("{} · {} · {id}", record.kind.title(), names.join(" vs ")),
        game: id,
        channel: record.place.channel.clone(),
        thread: record.place.thread.clone(),
    }
}

/// A board message for `record` at `position`.
pub(crate) fn board_reply(
    inner: &Inner,
    record: &GameRecord,
    position: &Position,
    last: Option<MoveView<Phrase>>,
    flip: bool,
    text: String,
) -> Result<Reply> {
    let picture = picture(inner, record, position, last, flip)?;
    let id = record.public_id.as_str().to_string();
    let kind = record.kind;
    let mut actions = Vec::new();
    if !position.is_over() && record.status == Status::Ongoing {
        actions.push(Action::Resign { kind, game: id.clone() });
        actions.push(Action::OfferDraw { kind, game: id.clone() });
        actions.push(Action::Flip { kind, game: id.clone() });
        let menu = position.menu("", "", MENU_LIMIT);
        actions.extend(menu.choices.into_iter().map(|c| Action::Move {
            kind,
            game: id.clone(),
            text: c.text,
            label: c.label,
            complete: c.complete,
        }));
    }
    Ok(Reply {
        text,
        picture: Some(picture),
        mentions: Vec::new(),
        only_actor: false,
        destination: thread_of(record),
        actions,
    })
}

pub(crate) fn picture(
    inner: &Inner,
    record: &GameRecord,
    position: &Position,
    last: Option<MoveView<Phrase>>,
    flip: bool,
) -> Result<Picture> {
    let names: Vec<String> =
        (0..record.seats.len()).map(|i| seat_name(record, i).trim_start_matches('@').to_string()).collect();
    let options = RenderOptions { size_px: inner.options.picture_px, flip, names };
    let mut view = worded(position.view(last), Lang::En);
    // The clock, on the picture too: what is left of the turn (and a vacation).
    let clock = match clocks::clock_parts(inner, record) {
        (Some(left), Some(vacation)) => format!("{left}; {vacation}"),
        (Some(part), None) | (None, Some(part)) => part,
        (None, None) => String::new(),
    };
    let shows_clock = view.result.is_none() && !clock.is_empty();
    if shows_clock {
        let line = format!("Clock: {clock}");
        view.note = Some(match view.note.take() {
            Some(note) => format!("{note} · {line}"),
            None => line,
        });
    }
    let png = render(&view, &options)?;
    let ply = record.ply;
    let to_move = position.seats().get(usize::from(position.to_move().0)).map_or("?", |s| s.name);
    let alt = if position.is_over() {
        format!("{} board of game {} after move {ply}, game over", record.kind.title(), record.public_id)
    } else {
        format!("{} board of game {} after move {ply}, {to_move} to move", record.kind.title(), record.public_id)
    };
    let alt = if shows_clock { format!("{alt}, clock: {clock}") } else { alt };
    Ok(Picture {
        png,
        file_name: format!("{}-{ply}{}.png", record.public_id, if flip { "-flipped" } else { "" }),
        alt,
        diagram: diagram_text(&position.diagram(), Lang::En),
    })
}

/// The game a command is about (see the module docs for the order of the search).
/// `seated`: the actor must play in it (else spectators may look).
fn find_game(inner: &Inner, req: &Request, game: &GameRef, me: Option<PlayerId>, seated: bool) -> Result<GameRecord> {
    let kind = game.kind;
    let by_id = |id: &str| -> Result<GameRecord> {
        let record = inner.store.find_game(id).map_err(|e| match e {
            store::StoreError::NotFound(_) => Failure::User(UserError::NoSuchGame(id.to_ascii_uppercase())),
            e => e.into(),
        })?;
        if record.kind != kind {
            return Err(UserError::wrong_kind(record.public_id.as_str(), record.kind, kind).into());
        }
        Ok(record)
    };
    if let Some(id) = &game.id {
        if store::PublicId::parse(id).is_none() {
            return Err(UserError::NoSuchGame(crate::games::excerpt(id)).into());
        }
        return by_id(id);
    }
    if let Some(thread) = &req.place.thread {
        if let Some((_, id)) = game_of_thread(thread) {
            return by_id(&id);
        }
        if let Some(record) = game_in_thread(inner, thread) {
            return by_id(record.public_id.as_str());
        }
    }
    let title = kind.title();
    let mine = match me {
        Some(me) => inner.store.read(|tx| store::games_in_progress(tx, me))?,
        None => Vec::new(),
    };
    let mine: Vec<_> = mine.into_iter().filter(|g| g.kind == kind).collect();
    if mine.is_empty() && !seated {
        if let Some(channel) = &req.place.channel {
            let here: Vec<_> = inner
                .store
                .read(|tx| store::games_at_place(tx, channel))?
                .into_iter()
                .filter(|g| g.kind == kind && g.status == Status::Ongoing)
                .collect();
            if let [one] = here.as_slice() {
                return Ok(inner.store.load_game(one.id)?);
            }
        }
    }
    match mine.as_slice() {
        [] => Err(UserError::NoGame(format!(
            "You have no {title} game in progress; name one with game:ID, or start one with /{kind} challenge."
        ))
        .into()),
        [one] => Ok(inner.store.load_game(one.id)?),
        many => {
            let mut lines = vec![format!("You have {} {title} games in progress; say which with game:ID:", many.len())];
            for g in many {
                let others: Vec<String> = g
                    .seats
                    .iter()
                    .filter(|s| Some(&s.holder) != me.map(SeatHolder::Player).as_ref())
                    .map(|s| match &s.holder {
                        SeatHolder::Player(_) => format!("@{}", s.name),
                        SeatHolder::Computer(level) => format!("@{COMPUTER} ({level})"),
                    })
                    .collect();
                let turn = if me.is_some_and(|me| g.is_turn_of(me)) { "your turn" } else { "their turn" };
                lines.push(format!("game:{} vs {} ({turn})", g.public_id, others.join(", ")));
            }
            Err(UserError::Ambiguous(lines.join("\n")).into())
        }
    }
}

/// The position of a game (from its cached code).
pub(crate) fn current(record: &GameRecord) -> Result<Position> {
    let settings = Settings::from_json(record.kind, &record.settings).map_err(|e| Failure::Internal(e.to_string()))?;
    Position::from_code(&record.code, &settings)
        .map_err(|e| Failure::Internal(format!("game {}: {e}", record.public_id)))
}

/// The position of a game replayed from its moves, with its last move's view.
pub(crate) fn replayed(record: &GameRecord, upto: Option<u32>) -> Result<(Position, Option<MoveView<Phrase>>)> {
    let settings = Settings::from_json(record.kind, &record.settings).map_err(|e| Failure::Internal(e.to_string()))?;
    let moves: Vec<&str> =
        record.moves.iter().filter(|m| upto.is_none_or(|u| m.ply <= u)).map(|m| m.text.as_str()).collect();
    let (position, last) = crate::games::replay(&settings, record.start_code.as_deref(), &moves)
        .map_err(|e| Failure::Internal(format!("game {}: {e}", record.public_id)))?;
    Ok((position, last.map(|p| p.view)))
}

pub(crate) fn choices(inner: &Inner, game: &str, chosen: &str, typed: &str, limit: usize) -> Result<Vec<Action>> {
    let record = inner.store.find_game(game).map_err(|e| match e {
        store::StoreError::NotFound(_) => Failure::User(UserError::NoSuchGame(crate::games::excerpt(game))),
        e => e.into(),
    })?;
    if record.status == Status::Over {
        return Err(UserError::GameOver(record.public_id.to_string()).into());
    }
    let position = current(&record)?;
    let id = record.public_id.to_string();
    Ok(position
        .menu(chosen, typed, limit)
        .choices
        .into_iter()
        .map(|c| Action::Move {
            kind: record.kind,
            game: id.clone(),
            text: c.text,
            label: c.label,
            complete: c.complete,
        })
        .collect())
}

fn computer_to_move(record: &GameRecord) -> bool {
    record.status == Status::Ongoing
        && record.seats.iter().any(|s| s.seat == record.to_move && matches!(s.holder, SeatHolder::Computer(_)))
}

/// Checks that the actor may act in `record` now; returns their seat.
fn seated_seat(record: &GameRecord, me: Option<PlayerId>) -> Result<u8> {
    let id = record.public_id.to_string();
    if record.status == Status::Over {
        return Err(UserError::GameOver(id).into());
    }
    me.and_then(|me| record.seat_of(me)).ok_or_else(|| UserError::NotSeated(id).into())
}

fn play(inner: &Inner, req: &Request, game: &GameRef, text: &str) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, true)?;
    let id = record.public_id.to_string();
    seated_seat(&record, me)?;
    let holder = record.seats.iter().find(|s| s.seat == record.to_move).map(|s| s.holder.clone());
    if me.map(SeatHolder::Player) != holder {
        return Err(UserError::NotYourTurn { id, waiting: seat_name(&record, usize::from(record.to_move)) }.into());
    }
    if text.trim().is_empty() {
        return Err(
            UserError::Move(format!("say which move, e.g. /{} move {}", record.kind, example_move(&record)?)).into()
        );
    }
    let mut position = current(&record)?;
    let played = position.play_text(text).map_err(|e| UserError::Move(e.to_string()))?;
    let stored = store_move(inner, &record, &position, &played.text, None)?;
    let record = inner.store.load_game(record.id)?;
    let mover = seat_name(&record, usize::from(played.seat.0));
    let replies = after_move(
        inner,
        &record,
        &position,
        played.view,
        &format!("{mover} plays {}.", played.label),
        &stored.ratings,
    )?;
    if computer_to_move(&record) {
        inner.queue_computer(record.id);
    }
    Ok(replies)
}

fn example_move(record: &GameRecord) -> Result<String> {
    let position = current(record)?;
    Ok(position.menu("", "", 1).choices.into_iter().next().map(|c| c.text).unwrap_or_default())
}

/// More changes written in the same transaction as a move.
pub(crate) type AlsoWrite = Box<dyn FnOnce(&store::Transaction) -> std::result::Result<(), store::StoreError> + Send>;

/// The store's record of a move played on `position` (already advanced) from `record`.
pub(crate) fn record_for(inner: &Inner, record: &GameRecord, position: &Position, text: &str) -> store::RecordMove {
    let after = Replayed {
        code: position.code(),
        settings: record.settings.clone(),
        to_move: position.to_move().0,
        seats: position.seats().len() as u8,
        moves: vec![text.to_string()],
        outcome: position.outcome().map(|o| Ended {
            places: o.places.to_vec(),
            scores: o.scores.map(|s| s.to_vec()),
            reason_key: Some(o.reason.key().to_string()),
        }),
    };
    store::RecordMove {
        game: record.id,
        ply: record.ply + 1,
        base_code: record.code.clone(),
        seat: record.to_move,
        text: text.to_string(),
        after,
        now: inner.clock.now(),
    }
}

/// Stores a move played on `position` (already advanced), with `also` run in the same
/// transaction (the outlet's message).
pub(crate) fn store_move(
    inner: &Inner,
    record: &GameRecord,
    position: &Position,
    text: &str,
    also: Option<AlsoWrite>,
) -> Result<store::MoveStored> {
    let m = record_for(inner, record, position, text);
    let config = *inner.store.rating_config();
    let (time_control, game, now) = (record.time_control, record.id, m.now);
    let next = (!position.is_over())
        .then(|| record.seats.iter().find(|s| s.seat == position.to_move().0).map(|s| s.holder.clone()))
        .flatten();
    let stored = inner.store.write(move |tx| {
        let stored = store::record_move(tx, &m, &config)?;
        if stored.result.is_none() {
            let deadline = clocks::deadline_for(tx, time_control, next.as_ref(), now)?;
            store::set_turn_deadline(tx, game, deadline)?;
        }
        if let Some(also) = also {
            also(tx)?;
        }
        Ok(stored)
    })?;
    inner.wake_scheduler();
    Ok(stored)
}

/// The board message after a move: who played, then who is next or how it ended.
pub(crate) fn after_move(
    inner: &Inner,
    record: &GameRecord,
    position: &Position,
    view: MoveView<Phrase>,
    said: &str,
    ratings: &[RatingChange],
) -> Result<Vec<Reply>> {
    let users = seat_users(inner, record)?;
    let (text, mentions) = match &record.result {
        Some(result) => {
            (format!("{said} {}", ending_text(record, position, result)), users.iter().flatten().cloned().collect())
        }
        None => {
            let next = usize::from(position.to_move().0);
            (
                format!(
                    "{said} {} to move{}.",
                    seat_with_colour(record, position, next),
                    clocks::clock_note(inner, record)
                ),
                users.get(next).cloned().flatten().into_iter().collect(),
            )
        }
    };
    let mut reply = board_reply(inner, record, position, Some(view), false, text)?;
    reply.mentions = mentions;
    let mut replies = vec![reply];
    if let Some(lines) = rating_lines(inner, record, ratings) {
        replies.push(Reply::text(thread_of(record), lines));
    }
    Ok(replies)
}

/// "Game over: …. @alice wins."
fn ending_text(record: &GameRecord, position: &Position, result: &store::GameResult) -> String {
    let why = match result.end_reason {
        EndReason::Finished => {
            position.outcome().map(|o| o.reason.to_string()).unwrap_or_else(|| "the game ended".to_string())
        }
        EndReason::Resigned => "resignation".to_string(),
        EndReason::TimedOut => "time ran out".to_string(),
        EndReason::Aborted => "aborted".to_string(),
        EndReason::DrawnByAgreement => "draw agreed".to_string(),
    };
    let firsts: Vec<String> =
        result.places.iter().enumerate().filter(|(_, p)| **p == 1).map(|(i, _)| seat_name(record, i)).collect();
    let winner = if result.places.is_empty() {
        "No result.".to_string()
    } else if firsts.len() == result.places.len() {
        "It is a draw.".to_string()
    } else if firsts.len() == 1 {
        format!("{} wins.", firsts.join(""))
    } else {
        format!("{} share first place.", firsts.join(" and "))
    };
    let scores = match &result.scores {
        Some(s) => format!(" Scores: {}.", s.iter().map(i32::to_string).collect::<Vec<_>>().join(", ")),
        None => String::new(),
    };
    format!("Game over ({why}). {winner}{scores}")
}

/// The rating changes of a rated game that just ended, in its community (or
/// everywhere when it has none).
fn rating_lines(inner: &Inner, record: &GameRecord, changes: &[RatingChange]) -> Option<String> {
    rating_lines_of(record, changes, inner.store.rating_config())
}

/// [`rating_lines`] from the values alone (inside a write).
pub(crate) fn rating_lines_of(
    record: &GameRecord,
    changes: &[RatingChange],
    config: &crate::rating::RatingConfig,
) -> Option<String> {
    let scope = record.community.map_or(Scope::Global, Scope::Community);
    let lines: Vec<String> = changes
        .iter()
        .filter(|c| c.scope == scope)
        .filter_map(|c| {
            let seat = record.seats.iter().find(|s| s.holder == SeatHolder::Player(c.player))?;
            Some(rating_change_text(&seat.name, c, config))
        })
        .collect();
    (!lines.is_empty()).then(|| format!("Ratings: {}.", lines.join(", ")))
}

fn rating_change_text(name: &str, change: &RatingChange, config: &crate::rating::RatingConfig) -> String {
    let delta = change.after.rating - change.before.rating;
    format!("@{name} {} → {} ({:+})", change.before.display(config), change.after.display(config), delta.round() as i64)
}

fn board(inner: &Inner, req: &Request, game: &GameRef, flip: bool) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, false)?;
    let (position, last) = replayed(&record, None)?;
    let text = match &record.result {
        Some(result) => {
            format!("{} game {}: {}", record.kind.title(), record.public_id, ending_text(&record, &position, result))
        }
        None => format!(
            "{} game {}, move {}: {} to move{}.",
            record.kind.title(),
            record.public_id,
            record.ply,
            seat_with_colour(&record, &position, usize::from(position.to_move().0)),
            clocks::clock_note(inner, &record)
        ),
    };
    let mut reply = board_reply(inner, &record, &position, last, flip, text)?;
    reply.destination = here(inner, &req.place);
    Ok(vec![reply])
}

fn resign(inner: &Inner, req: &Request, game: &GameRef) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, true)?;
    let seat = seated_seat(&record, me)?;
    let n = record.seats.len() as u8;
    // The resigner takes the last place; everyone else shares the first.
    let places: Vec<u8> = (0..n).map(|s| if s == seat { n } else { 1 }).collect();
    let ending = Ending {
        reason: EndReason::Resigned,
        places,
        scores: None,
        expected_ply: Some(record.ply),
        now: inner.clock.now(),
    };
    let (_, ratings) = inner.store.end_game(record.id, ending)?;
    ended_by_players(inner, &record, &format!("{} resigns.", seat_name(&record, usize::from(seat))), &ratings)
}

fn ended_by_players(inner: &Inner, before: &GameRecord, said: &str, ratings: &[RatingChange]) -> Result<Vec<Reply>> {
    let record = inner.store.load_game(before.id)?;
    let (position, last) = replayed(&record, None)?;
    let mut replies = vec![ended_reply(inner, &record, &position, last, said)?];
    if let Some(lines) = rating_lines(inner, &record, ratings) {
        replies.push(Reply::text(thread_of(&record), lines));
    }
    Ok(replies)
}

/// The board of a game that ended other than by the rules: what happened, how it
/// ended, everyone mentioned.
pub(crate) fn ended_reply(
    inner: &Inner,
    record: &GameRecord,
    position: &Position,
    last: Option<MoveView<Phrase>>,
    said: &str,
) -> Result<Reply> {
    let users = seat_users(inner, record)?;
    let text = match &record.result {
        Some(result) => format!("{said} {}", ending_text(record, position, result)),
        None => said.to_string(),
    };
    let mut reply = board_reply(inner, record, position, last, false, text)?;
    reply.mentions = users.into_iter().flatten().collect();
    Ok(reply)
}

fn draw(inner: &Inner, req: &Request, game: &GameRef, answer: Answer) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, true)?;
    let seat = seated_seat(&record, me)?;
    let id = record.id;
    let name = seat_name(&record, usize::from(seat));
    let now = inner.clock.now();
    if record.seats.iter().any(|s| matches!(s.holder, SeatHolder::Computer(_))) {
        return Err(UserError::Draw("The computer does not take draw offers; play on or resign.".to_string()).into());
    }
    if record.seats.len() > 2 {
        return Err(UserError::Draw(
            "Draw offers are for two-player games; with more players, play on or resign.".to_string(),
        )
        .into());
    }
    match (answer, record.draw_offer) {
        (Answer::Ask, Some(s)) if s == seat => {
            Err(UserError::Draw("Your draw offer is already waiting for an answer.".to_string()).into())
        }
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
            ended_by_players(inner, &record, &format!("{name} accepts the draw."), &ratings)
        }
        (Answer::Ask, _) => {
            inner.store.write(move |tx| store::set_draw_offer(tx, id, Some(seat), now))?;
            let users = seat_users(inner, &record)?;
            let mut reply = Reply::text(
                thread_of(&record),
                format!(
                    "{name} offers a draw in game {}. Accept with /{} draw accept, or decline.",
                    record.public_id, record.kind
                ),
            );
            reply.mentions =
                users.into_iter().enumerate().filter(|(i, _)| *i != usize::from(seat)).filter_map(|(_, u)| u).collect();
            Ok(vec![reply])
        }
        (Answer::Accept | Answer::Decline, None) => {
            Err(UserError::Draw(format!("No draw is offered in game {}.", record.public_id)).into())
        }
        (Answer::Accept | Answer::Decline, Some(s)) if s == seat => {
            Err(UserError::Draw("That is your own offer; the others answer it.".to_string()).into())
        }
        (_, Some(s)) => {
            inner.store.write(move |tx| store::set_draw_offer(tx, id, None, now))?;
            Ok(vec![Reply::text(
                thread_of(&record),
                format!("{name} declines {}'s draw offer. Play on.", seat_name(&record, usize::from(s))),
            )])
        }
    }
}

fn takeback(inner: &Inner, req: &Request, game: &GameRef, answer: Answer) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, true)?;
    let seat = seated_seat(&record, me)?;
    let name = seat_name(&record, usize::from(seat));
    let pending = record.takeback.filter(|(_, ply)| *ply == record.ply);
    match answer {
        Answer::Ask => {
            let last =
                record.moves.last().ok_or_else(|| UserError::Takeback("No move has been played yet.".to_string()))?;
            if last.seat != seat {
                return Err(UserError::Takeback(
                    "You can only take back your own last move, before the next one is played.".to_string(),
                )
                .into());
            }
            if record.rated && record.moves.iter().any(|m| m.seat != seat) {
                return Err(UserError::Takeback(
                    "This game is rated: a move can be taken back only before your opponent has moved.".to_string(),
                )
                .into());
            }
            if pending.is_some() {
                return Err(
                    UserError::Takeback("A takeback is already asked for; waiting for an answer.".to_string()).into()
                );
            }
            let computer = record.seats.iter().any(|s| matches!(s.holder, SeatHolder::Computer(_)));
            if computer {
                return Err(UserError::Takeback("The computer does not take moves back.".to_string()).into());
            }
            let (id, ply, now) = (record.id, record.ply, inner.clock.now());
            inner.store.write(move |tx| store::set_takeback(tx, id, Some((seat, ply)), now))?;
            let users = seat_users(inner, &record)?;
            let mut reply = Reply::text(
                thread_of(&record),
                format!(
                    "{name} asks to take back {}. Answer with /{} takeback accept or decline.",
                    last.text, record.kind
                ),
            );
            reply.mentions =
                users.into_iter().enumerate().filter(|(i, _)| *i != usize::from(seat)).filter_map(|(_, u)| u).collect();
            Ok(vec![reply])
        }
        Answer::Accept | Answer::Decline => {
            let Some((asker, ply)) = pending else {
                return Err(
                    UserError::Takeback(format!("No takeback is asked for in game {}.", record.public_id)).into()
                );
            };
            if asker == seat {
                return Err(UserError::Takeback("That is your own request; the others answer it.".to_string()).into());
            }
            if answer == Answer::Decline {
                let (id, now) = (record.id, inner.clock.now());
                inner.store.write(move |tx| store::set_takeback(tx, id, None, now))?;
                return Ok(vec![Reply::text(
                    thread_of(&record),
                    format!("{name} declines; {}'s move stands.", seat_name(&record, usize::from(asker))),
                )]);
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
            let (position, last) = replayed(&after, None)?;
            let next = usize::from(position.to_move().0);
            let text = format!(
                "{name} accepts: the last move is taken back. {} to move.",
                seat_with_colour(&after, &position, next)
            );
            Ok(vec![board_reply(inner, &after, &position, last, false, text)?])
        }
    }
}

fn games(inner: &Inner, req: &Request) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let list = match me {
        Some(me) => inner.store.read(|tx| store::games_in_progress(tx, me))?,
        None => Vec::new(),
    };
    let mut reply = Reply::text(here(inner, &req.place), String::new());
    reply.only_actor = true;
    if list.is_empty() {
        reply.text = "You have no game in progress. Start one with /kuba challenge @someone.".to_string();
        return Ok(vec![reply]);
    }
    let mut lines = vec![format!("Your games in progress ({}):", list.len())];
    for g in &list {
        let me = me.map(SeatHolder::Player);
        let others: Vec<String> = g
            .seats
            .iter()
            .filter(|s| Some(&s.holder) != me.as_ref())
            .map(|s| match &s.holder {
                SeatHolder::Player(_) => format!("@{}", s.name),
                SeatHolder::Computer(level) => format!("@{COMPUTER} ({level})"),
            })
            .collect();
        let mover = g.seats.iter().find(|s| s.seat == g.to_move);
        let turn = match mover {
            Some(s) if Some(&s.holder) == me.as_ref() => "your turn".to_string(),
            Some(s) => match &s.holder {
                SeatHolder::Player(_) => format!("@{} to move", s.name),
                SeatHolder::Computer(_) => format!("@{COMPUTER} to move"),
            },
            None => "?".to_string(),
        };
        let clock = match g.turn_deadline {
            Some(deadline) => format!(", {} left", clocks::left_text((deadline - inner.clock.now()).max(0))),
            None => String::new(),
        };
        lines.push(format!(
            "game:{} {} vs {}, move {}: {turn}{clock}",
            g.public_id,
            g.kind.title(),
            others.join(", "),
            g.ply
        ));
    }
    reply.text = lines.join("\n");
    Ok(vec![reply])
}

fn history(inner: &Inner, req: &Request, game: &GameRef) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, false)?;
    let players: Vec<String> = (0..record.seats.len()).map(|i| seat_name(&record, i)).collect();
    let mut lines = vec![format!("{} game {} ({}):", record.kind.title(), record.public_id, players.join(" vs "))];
    let numbered: Vec<String> = record.moves.iter().map(|m| format!("{}. {}", m.ply, m.text)).collect();
    // Ten moves a line keeps long games readable.
    for chunk in numbered.chunks(10) {
        lines.push(chunk.join("  "));
    }
    if numbered.is_empty() {
        lines.push("No move yet.".to_string());
    }
    lines.push(format!("Position: {}", record.code));
    let quote = |s: &str| format!("'{}'", s.replace('\'', r"'\''"));
    let mut replay = format!("boardbot game {} --settings {}", record.kind, quote(&record.settings));
    if let Some(code) = &record.start_code {
        replay.push_str(&format!(" --from {}", quote(code)));
    }
    for m in &record.moves {
        replay.push(' ');
        replay.push_str(&quote(&m.text));
    }
    lines.push(format!("Replay: {replay}"));
    Ok(vec![Reply::text(here(inner, &req.place), lines.join("\n"))])
}

/// `1 game`, `2 games`.
fn games_count(n: u32) -> String {
    format!("{n} game{}", if n == 1 { "" } else { "s" })
}

fn leaderboard(inner: &Inner, req: &Request, kind: GameKind, global: bool) -> Result<Vec<Reply>> {
    // `None`: a community never stored, whose board is empty without asking.
    let scope = if global {
        Some(Scope::Global)
    } else {
        match find_community(inner, req.actor.platform, &req.place)? {
            Here::Known(c) => Some(Scope::Community(c)),
            Here::Unknown => None,
            Here::Nowhere => Some(Scope::Global),
        }
    };
    let config = *inner.store.rating_config();
    let rows = match scope {
        Some(scope) => inner.store.read(|tx| store::leaderboard(tx, kind, scope, 10, &config))?,
        None => Vec::new(),
    };
    let whose = if scope == Some(Scope::Global) { "everywhere" } else { "here" };
    let text = if rows.is_empty() {
        format!("No rated {} game has been played {whose} yet.", kind.title())
    } else {
        let mut lines = vec![format!("{} leaderboard ({whose}):", kind.title())];
        for r in rows {
            lines.push(format!("{}. @{} {} ({})", r.rank, r.name, r.rating.display(&config), games_count(r.games)));
        }
        lines.join("\n")
    };
    Ok(vec![Reply::text(here(inner, &req.place), text)])
}

fn target_player(inner: &Inner, platform: Platform, t: &Target) -> Result<(PlayerId, String)> {
    match t {
        Target::Computer => {
            Err(UserError::Other(format!("@{COMPUTER} has no rating: games against the computer are never rated."))
                .into())
        }
        Target::User { user_id, display_name, .. } => {
            let found = inner.store.read(|tx| store::find_player(tx, platform, user_id))?;
            found
                .map(|p| (p.id, p.display_name))
                .ok_or_else(|| UserError::Other(format!("@{display_name} has not played here yet.")).into())
        }
    }
}

fn rating(
    inner: &Inner,
    req: &Request,
    kind: Option<GameKind>,
    player: Option<&Target>,
    versus: Option<&Target>,
) -> Result<Vec<Reply>> {
    let platform = req.actor.platform;
    let me = Target::User {
        user_id: req.actor.user_id.clone(),
        display_name: req.actor.display_name.clone(),
        is_bot: false,
    };
    let (who, name) = match target_player(inner, platform, player.unwrap_or(&me)) {
        Ok(found) => found,
        Err(_) if player.is_none() => {
            return Ok(vec![Reply::text(
                here(inner, &req.place),
                "You have no rating yet: play a rated game first.".to_string(),
            )])
        }
        Err(e) => return Err(e),
    };
    let config = *inner.store.rating_config();
    let ratings = inner.store.read(|tx| store::player_ratings(tx, who, &config))?;
    let community = match find_community(inner, platform, &req.place)? {
        Here::Known(c) => Some(c),
        Here::Unknown | Here::Nowhere => None,
    };
    let mut lines = vec![format!("Ratings of @{name}:")];
    for r in ratings.iter().filter(|r| kind.is_none_or(|k| r.kind == k)) {
        let scope = match r.scope {
            Scope::Global => "everywhere".to_string(),
            Scope::Community(c) if Some(c) == community => "here".to_string(),
            Scope::Community(_) => continue,
        };
        lines.push(format!(
            "{} {scope}: {} ({}, rank {} of {})",
            r.kind.title(),
            r.rating.display(&config),
            games_count(r.games),
            r.rank,
            r.of
        ));
    }
    if lines.len() == 1 {
        lines = vec![format!(
            "@{name} has no rating yet{}.",
            kind.map(|k| format!(" in {}", k.title())).unwrap_or_default()
        )];
    }
    if let Some(v) = versus {
        let (other, other_name) = target_player(inner, platform, v)?;
        let h = inner.store.read(|tx| store::head_to_head(tx, who, other, kind))?;
        lines.push(format!(
            "Against @{other_name}: {}, {} won, {} drawn, {} lost.",
            games_count(h.games),
            h.wins,
            h.draws,
            h.losses
        ));
    }
    Ok(vec![Reply::text(here(inner, &req.place), lines.join("\n"))])
}

fn rules_summary(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Kuba => {
            "Kuba (2 players, 7×7): push one of your marbles one square, moving the whole line in front of it; \
             a marble pushed off the edge is out, and pushing off a red or an opponent's marble gives you another \
             push. You may not undo the opponent's last push at once. Win by pushing off 7 reds or all 8 of the \
             opponent's marbles; a player with no legal push loses. Moves: a7-S (the marble on a7 pushes south)."
        }
        GameKind::Kewbz => {
            "Kewbz (2 players, a square board, 8×8 unless size: says otherwise): place a cube next to one on the \
             board (diagonals count), never completing a 2×2 block. Each corner you make or extend stacks a cube \
             of your colour on its vertex, up to towers of 5. The game ends when a player has placed their last \
             cube; each player scores the heights of the towers topped with their colour, minus the cubes left in \
             their supply. Moves: the cell, e.g. c3."
        }
        GameKind::Cabale => {
            "Cabale (2 to 4 players, a hexagonal board): your runner moves in a straight line, turns once and moves \
             on; you leave a block (or a double block) where it turned, which may capture enemy blocks by jumping \
             them in a line, and may put a blockade on an edge. Blocks score their cell's value; captures score \
             too. The game ends when a player has used their last block or the player to move cannot move; the \
             most points wins."
        }
        GameKind::Nuba => {
            "Nuba (2 players, 5×6): place your pieces 1–9 and the champion X on your two home rows, then move one \
             piece a step forward or diagonally forward each turn, capturing an enemy of equal or higher number \
             (X captures and is captured by anything). A piece reaching the far row becomes the musician if its \
             number beats the current one. The champion arriving wins at once; otherwise the musician's owner \
             wins once the opponent has no higher piece and no champion left to replace it."
        }
    }
}

fn rules(inner: &Inner, req: &Request, kind: Option<GameKind>) -> Result<Vec<Reply>> {
    let kinds: Vec<GameKind> = match kind {
        Some(k) => vec![k],
        None => GameKind::ALL.to_vec(),
    };
    let mut replies = Vec::new();
    for k in kinds {
        let position = Position::start(&k.default_settings());
        let options = RenderOptions { size_px: inner.options.picture_px, flip: false, names: Vec::new() };
        let png = render(&worded(position.view(None), Lang::En), &options)?;
        let mut reply = Reply::text(here(inner, &req.place), rules_summary(k));
        reply.picture = Some(Picture {
            png,
            file_name: format!("{k}-start.png"),
            alt: format!("The start position of {}", k.title()),
            diagram: diagram_text(&position.diagram(), Lang::En),
        });
        replies.push(reply);
    }
    Ok(replies)
}

/// The help text.
pub(crate) fn help_text(kind: Option<GameKind>) -> String {
    let game = kind.map_or("kuba".to_string(), |k| k.name().to_string());
    [
        format!("Commands, shown for /{game} (/kuba, /kewbz, /cabale and /nuba work alike):"),
        format!("/{game} challenge @bob [rated:yes|no] [days:1|2|3|5|7|14|unlimited] [first:me|them|random] [start:CODE] [size:N extension:line|arm (kewbz)] [sharp:yes|no (cabale)]"),
        format!("/{game} challenge @boardbot [level:random|greedy|easy|medium|hard]  play the computer"),
        format!("/{game} accept | decline | cancel [challenge:N]"),
        format!("/{game} move TEXT [game:ID]    /{game} board [flip:yes] [game:ID]"),
        format!("/{game} resign | draw [offer|accept|decline] | takeback [ask|accept|decline] [game:ID]"),
        format!("/{game} history [game:ID]    /{game} leaderboard [scope:here|global]    /{game} rules"),
        "/boardbot games | rating [@user] [vs:@other] [game:KIND] | leaderboard game:KIND | rules | help".to_string(),
        "/boardbot notify mention|dm|off    /boardbot vacation days:N | end".to_string(),
    ]
    .join("\n")
}
