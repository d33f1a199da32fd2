//! Challenges: made, accepted (a game begins), declined, cancelled.

use super::boards::{self, here, tag, thread_ref};
use super::deadlines;
use super::events::Event;
use super::message::{FirstSaid, Message, Next, Opening};
use super::names::Person;
use super::outbox::{self, Asking, Outgoing1};
use super::people::{actor_person, ensure_community, ensure_player, find_actor, Seats};
use super::refusal::{ChallengeState, Refusal};
use super::subscribers;
use super::types::{Destination, TimeAsked};
use super::{Action, Failure, First, Inner, Reply, Request, Target, UserRef};
use crate::ai::Level;
use crate::games::{GameKind, Position, Settings, Worded};
use crate::store::{
    self, Challenge, ChallengeAnswer, ChallengeId, ChallengeStatus, FirstMover, GameRecord, NewChallenge, NewGame,
    PlayerId, SeatHolder,
};

type Result<T> = std::result::Result<T, Failure>;

/// A challenge as asked.
pub(crate) struct Challenged<'a> {
    pub(crate) kind: GameKind,
    pub(crate) opponents: &'a [Target],
    pub(crate) rated: bool,
    pub(crate) first: First,
    pub(crate) level: Option<Level>,
    pub(crate) settings: Option<&'a str>,
    pub(crate) start: Option<&'a str>,
    pub(crate) time: Option<TimeAsked>,
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

/// The settings JSON with the number of players filled in from the seats, for a
/// game whose number of players is a rule option (`GameKind::players_option`).
fn settings_for(kind: GameKind, given: Option<&str>, seats: usize) -> Result<Settings> {
    let mut map = match given {
        Some(text) => match serde_json::from_str::<serde_json::Value>(text) {
            Ok(serde_json::Value::Object(map)) => map,
            _ => return Err(Refusal::SettingsNotObject(crate::games::excerpt(text)).into()),
        },
        None => serde_json::Map::new(),
    };
    if let Some(key) = kind.players_option() {
        let players = serde_json::json!(seats);
        match map.get(key) {
            Some(p) if *p != players => {
                return Err(Refusal::PlayersMismatch { given: p.to_string(), seats }.into());
            }
            _ => {
                map.insert(key.to_string(), players);
            }
        }
    }
    let json = serde_json::Value::Object(map).to_string();
    Settings::from_json(kind, &json).map_err(|e| Refusal::BadSettings(e.phrase()).into())
}

/// The most opponents a game takes.
fn max_opponents(kind: GameKind) -> usize {
    kind.players().end().saturating_sub(1)
}

pub(crate) fn challenge(inner: &Inner, req: &Request, c: &Challenged) -> Result<Vec<Reply>> {
    let kind = c.kind;
    if c.opponents.is_empty() {
        return Err(Refusal::NoOpponent(kind).into());
    }
    let computer = c.opponents.contains(&Target::Computer);
    let max = max_opponents(kind);
    if computer && c.opponents.len() > 1 {
        return Err(Refusal::ComputerOneToOne(kind).into());
    }
    if c.opponents.len() > max {
        return Err(Refusal::TooManyOpponents { kind, max_players: max + 1 }.into());
    }
    let mut people: Vec<UserRef> = Vec::new();
    for t in c.opponents {
        if let Target::User { user_id, display_name, is_bot } = t {
            let person = UserRef { user_id: user_id.clone(), name: display_name.clone() };
            if *user_id == req.actor.user_id {
                return Err(Refusal::ChallengeSelf.into());
            }
            if *is_bot {
                return Err(Refusal::OtherBot(Person::User(person)).into());
            }
            if people.iter().any(|p| p.user_id == *user_id) {
                return Err(Refusal::NamedTwice(Person::User(person)).into());
            }
            people.push(person);
        }
    }
    if computer && c.rated {
        return Err(Refusal::ComputerRated.into());
    }
    if !computer && c.level.is_some() {
        return Err(Refusal::LevelWithoutComputer.into());
    }
    let settings = settings_for(kind, c.settings, c.opponents.len() + 1)?;
    let time_control = deadlines::checked_time_control(c.time, c.rated)?;
    if let Some(code) = c.start {
        if c.rated {
            return Err(Refusal::StartRated.into());
        }
        let position = Position::from_code(code, &settings).map_err(|e| Refusal::StartCode(e.phrase()))?;
        if position.is_over() {
            return Err(Refusal::StartOver.into());
        }
    }
    let platform = req.actor.platform;
    // Refuse a second challenge to the same person before anything is written.
    if let Some(me) = find_actor(inner, &req.actor)? {
        if computer {
            let max = inner.options.computer.max_games_per_player;
            let playing = inner.store.read(|tx| store::games_against_computer_in_progress(tx, me))?;
            if playing >= max {
                return Err(Refusal::ComputerGamesLimit { max }.into());
            }
        }
        let open = inner.store.read(|tx| store::open_challenges(tx, me))?;
        for person in &people {
            let them = inner.store.read(|tx| store::find_player(tx, platform, &person.user_id))?;
            if let Some(them) = them {
                if let Some(ch) =
                    open.iter().find(|ch| ch.challenger == me && ch.challenged.iter().any(|(p, _)| *p == them.id))
                {
                    return Err(
                        Refusal::AlreadyChallenged { who: Person::User(person.clone()), challenge: ch.id.0 }.into()
                    );
                }
            }
        }
    }
    let me = ensure_player(inner, platform, &req.actor.user_id, &req.actor.display_name)?;
    let community = ensure_community(inner, platform, &req.place)?;
    let settings_json = settings.to_json();
    if computer {
        return against_computer(inner, req, c, me, community, settings, time_control);
    }
    let mut targets = Vec::new();
    for person in &people {
        targets.push(ensure_player(inner, platform, &person.user_id, &person.name)?);
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
    let challenged: Vec<Person> = people.iter().cloned().map(Person::User).collect();
    let first = match c.first {
        First::Me => FirstSaid::Person(actor_person(&req.actor)),
        First::Them => FirstSaid::Person(challenged.first().cloned().unwrap_or(Person::Computer)),
        First::Random => FirstSaid::Random,
    };
    let (rated, from_position, challenger) = (c.rated, c.start.is_some(), actor_person(&req.actor));
    let destination = here(inner, &req.place);
    let asking = Asking::of(inner, req);
    // The limits are counted in the transaction that writes, so that requests racing
    // each other cannot pass them together.
    let limit = inner.options.open_challenges_per_player;
    let now = new.now;
    let made = inner.store.write(move |tx| {
        store::lock_player(tx, new.challenger)?;
        if store::count_open_challenges_by(tx, new.challenger, new.now)? >= limit {
            return Ok(Err(Refusal::TooManyChallenges { limit }));
        }
        if let Some(refusal) = already_challenged(tx, new.challenger, &new.challenged, &people)? {
            return Ok(Err(refusal));
        }
        let id = store::create_challenge(tx, &new)?;
        subscribers::record(tx, &Event::ChallengeMade { challenge: id.0, kind }, now)?;
        let message = Message::ChallengeMade {
            challenge: id.0,
            kind,
            challenger,
            challenged,
            rated,
            first,
            from_position,
            time: time_control,
        };
        let mut reply = Reply::new(destination, message);
        reply.mentions = people;
        reply.actions = vec![Action::Accept { kind, challenge: id.0 }, Action::Decline { kind, challenge: id.0 }];
        if let Some(key) = asking.via.key.as_deref() {
            store::note_request(tx, key, now)?;
        }
        outbox::record(tx, Some(&asking), asking.platform, new.community, vec![(reply, None)], now).map(Ok)
    })?;
    let answers = made?;
    inner.changed();
    Ok(answers)
}

/// The refusal of a challenge to someone `challenger` has an open challenge to, read
/// in the transaction that would make the new one.
fn already_challenged(
    tx: &store::Transaction,
    challenger: PlayerId,
    targets: &[PlayerId],
    people: &[UserRef],
) -> std::result::Result<Option<Refusal>, store::StoreError> {
    let open = store::open_challenges(tx, challenger)?;
    for (target, person) in targets.iter().zip(people) {
        if let Some(ch) =
            open.iter().find(|ch| ch.challenger == challenger && ch.challenged.iter().any(|(p, _)| p == target))
        {
            return Ok(Some(Refusal::AlreadyChallenged { who: Person::User(person.clone()), challenge: ch.id.0 }));
        }
    }
    Ok(None)
}

/// A game against the computer begins at once.
fn against_computer(
    inner: &Inner,
    req: &Request,
    c: &Challenged,
    me: PlayerId,
    community: Option<store::CommunityId>,
    settings: Settings,
    time_control: Option<store::TimeControl>,
) -> Result<Vec<Reply>> {
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
        kind: c.kind,
        settings: Some(settings.to_json()),
        start_code: c.start.map(str::to_string),
        rated: false,
        time_control,
        community,
        place: store::Place { channel: req.place.channel.clone(), thread: None },
        seats,
        turn_deadline: None,
        now,
    };
    let max = inner.options.computer.max_games_per_player;
    let opening = Opening::Computer { who: actor_person(&req.actor), level };
    let asking = Asking::of(inner, req);
    let made = inner.store.write(move |tx| {
        // Counted where the game is written: requests racing each other cannot pass
        // the limit together.
        store::lock_player(tx, me)?;
        if store::games_against_computer_in_progress(tx, me)? >= max {
            return Ok(Err(Refusal::ComputerGamesLimit { max }));
        }
        let holder = new.seats.get(usize::from(first_seat)).cloned();
        new.turn_deadline = deadlines::deadline_for(tx, new.time_control, holder.as_ref(), now)?;
        let (game, _) = store::create_game(tx, &new)?;
        let record = store::load_game(tx, game)?;
        subscribers::record(tx, &Event::GameStarted { game: game.0, kind: record.kind, rated: false }, now)?;
        let said = started_in(tx, &record, opening, now)?;
        if let Some(key) = asking.via.key.as_deref() {
            store::note_request(tx, key, now)?;
        }
        let answers = outbox::record(tx, Some(&asking), asking.platform, record.community, said, now)?;
        Ok(Ok((answers, record)))
    })?;
    let (answers, record) = made?;
    inner.changed();
    if boards::computer_to_move(&record) {
        inner.queue_computer(&record);
    }
    Ok(answers)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Challenger,
    Challenged,
}

/// The open challenge of `kind` a command is about, for the actor in `role`.
fn pick_challenge(
    inner: &Inner,
    me: Option<PlayerId>,
    kind: GameKind,
    given: Option<i64>,
    role: Role,
) -> Result<Challenge> {
    let none = || -> Failure {
        match role {
            Role::Challenged => Refusal::NoChallengeWaiting(kind),
            Role::Challenger => Refusal::NoChallengeToCancel(kind),
        }
        .into()
    };
    if let Some(n) = given {
        let c = inner.store.read(|tx| store::load_challenge(tx, ChallengeId(n))).map_err(|e| match e {
            store::StoreError::NotFound(_) => Failure::User(Refusal::NoSuchChallenge(n)),
            e => e.into(),
        })?;
        let state = match c.status {
            ChallengeStatus::Open => None,
            ChallengeStatus::Accepted => Some(ChallengeState::Accepted),
            ChallengeStatus::Declined => Some(ChallengeState::Declined),
            ChallengeStatus::Expired => Some(ChallengeState::Expired),
            ChallengeStatus::Withdrawn => Some(ChallengeState::Cancelled),
        };
        if let Some(state) = state {
            return Err(Refusal::ChallengeClosed { challenge: n, state }.into());
        }
        if c.kind != kind {
            return Err(Refusal::ChallengeOfOtherGame { challenge: n, actual: c.kind, asked: kind }.into());
        }
        let mine = me.is_some_and(|me| c.challenger == me);
        let answer = me.and_then(|me| c.challenged.iter().find(|(p, _)| *p == me).map(|(_, a)| *a));
        return match role {
            Role::Challenger if !mine => Err(Refusal::NotChallenger(n).into()),
            Role::Challenged if mine => Err(Refusal::OwnChallenge { challenge: n, kind }.into()),
            Role::Challenged if answer.is_none() => Err(Refusal::NotYourChallenge(n).into()),
            Role::Challenged if answer == Some(ChallengeAnswer::Accepted) => Err(Refusal::AlreadyAccepted(n).into()),
            _ => Ok(c),
        };
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
                    return Err(Refusal::AlreadyAccepted(c.id.0).into());
                }
            }
            Err(none())
        }
        [one] => Ok((*one).clone()),
        many => {
            let mut list = Vec::new();
            for c in many {
                let from = inner.store.read(|tx| store::load_player(tx, c.challenger))?;
                list.push((c.id.0, Person::User(UserRef { user_id: from.user_id, name: from.display_name })));
            }
            Err(Refusal::SeveralChallenges { kind, open: list }.into())
        }
    }
}

fn player_person(inner: &Inner, id: PlayerId) -> Result<Person> {
    let p = inner.store.read(|tx| store::load_player(tx, id))?;
    Ok(Person::User(UserRef { user_id: p.user_id, name: p.display_name }))
}

pub(crate) fn accept(inner: &Inner, req: &Request, kind: GameKind, given: Option<i64>) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let c = pick_challenge(inner, me, kind, given, Role::Challenged)?;
    if c.expires_at.is_some_and(|e| e <= inner.clock.now()) {
        return Err(Refusal::ChallengeExpired(c.id.0).into());
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
    let asking = Asking::of(inner, req);
    let who = actor_person(&req.actor);
    let destination = here(inner, &req.place);
    let accepted = inner.store.write(move |tx| {
        let after = store::answer_challenge(tx, id, me, ChallengeAnswer::Accepted)?;
        let said = if after.challenged.iter().any(|(_, a)| *a != ChallengeAnswer::Accepted) {
            subscribers::record(tx, &Event::ChallengeAccepted { challenge: id.0, game: None }, now)?;
            let mut waiting = Vec::new();
            for (p, a) in &after.challenged {
                if *a == ChallengeAnswer::Pending {
                    waiting.push(player_person_in(tx, *p)?);
                }
            }
            let message = Message::ChallengeAcceptedWaiting { who, challenge: id.0, waiting };
            vec![(Reply::new(destination, message), None)]
        } else {
            let first_seat = match &after.start_code {
                Some(code) => Settings::from_json(after.kind, &after.settings)
                    .ok()
                    .and_then(|s| Position::from_code(code, &s).ok())
                    .map_or(0, |p| p.to_move().0),
                None => 0,
            };
            let holder = seats.get(usize::from(first_seat)).cloned();
            let turn_deadline = deadlines::deadline_for(tx, after.time_control, holder.as_ref(), now)?;
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
            subscribers::record(tx, &Event::ChallengeAccepted { challenge: id.0, game: Some(game.0) }, now)?;
            let record = store::load_game(tx, game)?;
            subscribers::record(tx, &Event::GameStarted { game: game.0, kind: record.kind, rated: record.rated }, now)?;
            started_in(tx, &record, Opening::Accepted { who, challenge: id.0 }, now)?
        };
        if let Some(key) = asking.via.key.as_deref() {
            store::note_request(tx, key, now)?;
        }
        outbox::record(tx, Some(&asking), asking.platform, after.community, said, now)
    })?;
    inner.changed();
    Ok(accepted)
}

pub(crate) fn decline(inner: &Inner, req: &Request, kind: GameKind, given: Option<i64>) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let c = pick_challenge(inner, me, kind, given, Role::Challenged)?;
    let Some(me) = me else { return Err(Refusal::NotYourChallenge(c.id.0).into()) };
    let id = c.id;
    let challenger = player_person(inner, c.challenger)?;
    let mentions = challenger.user().cloned().into_iter().collect();
    let message = Message::ChallengeDeclined { who: actor_person(&req.actor), challenger, kind, challenge: id.0 };
    let mut reply = Reply::new(here(inner, &req.place), message);
    reply.mentions = mentions;
    answered_with(inner, req, c.community, reply, move |tx, now| {
        store::answer_challenge(tx, id, me, ChallengeAnswer::Declined)?;
        subscribers::record(tx, &Event::ChallengeDeclined { challenge: id.0 }, now).map(|_| ())
    })
}

pub(crate) fn cancel(inner: &Inner, req: &Request, kind: GameKind, given: Option<i64>) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let c = pick_challenge(inner, me, kind, given, Role::Challenger)?;
    let id = c.id;
    let message = Message::ChallengeCancelled { who: actor_person(&req.actor), kind, challenge: id.0 };
    let reply = Reply::new(here(inner, &req.place), message);
    answered_with(inner, req, c.community, reply, move |tx, now| {
        store::close_challenge(tx, id, ChallengeStatus::Withdrawn, None)?;
        subscribers::record(tx, &Event::ChallengeCancelled { challenge: id.0 }, now).map(|_| ())
    })
}

/// Writes `change` and the request's answer `reply` in one transaction; the answer.
fn answered_with(
    inner: &Inner,
    req: &Request,
    community: Option<store::CommunityId>,
    reply: Reply,
    change: impl FnOnce(&store::Transaction, store::Millis) -> std::result::Result<(), store::StoreError> + Send + 'static,
) -> Result<Vec<Reply>> {
    let asking = Asking::of(inner, req);
    let now = inner.clock.now();
    let answers = inner.store.write(move |tx| {
        change(tx, now)?;
        if let Some(key) = asking.via.key.as_deref() {
            store::note_request(tx, key, now)?;
        }
        outbox::record(tx, Some(&asking), asking.platform, community, vec![(reply, None)], now)
    })?;
    inner.changed();
    Ok(answers)
}

fn player_person_in(tx: &store::Transaction, id: PlayerId) -> std::result::Result<Person, store::StoreError> {
    let p = store::load_player(tx, id)?;
    Ok(Person::User(UserRef { user_id: p.user_id, name: p.display_name }))
}

/// The replies when a game begins, made inside the write that begins it: an
/// announcement where it was agreed, and the board in the game's thread.
pub(crate) fn started_in(
    tx: &store::Transaction,
    record: &GameRecord,
    opening: Opening,
    now: store::Millis,
) -> std::result::Result<Vec<Outgoing1>, store::StoreError> {
    let seats = Seats::of(record);
    let settings = boards::settings(record).map_err(|e| store::StoreError::Internal(format!("{e:?}")))?;
    let position = match &record.start_code {
        Some(code) => Position::from_code(code, &settings).map_err(|e| store::StoreError::Internal(e.to_string()))?,
        None => Position::start(&settings),
    };
    let players = (0..record.seats.len()).map(|i| seats.seat(&position, i)).collect();
    let message = Message::GameBegins {
        opening,
        game: tag(record),
        seats: players,
        rated: record.rated,
        thread: thread_ref(record),
    };
    let mut announce =
        Reply::new(Destination::Channel { channel: record.place.channel.clone().unwrap_or_default() }, message);
    announce.mentions = seats.users(|_| true);
    let to_move = usize::from(position.to_move().0);
    let clock = boards::clock_note_in(tx, record, &seats, now)?;
    let next = Next::ToMove { seat: seats.seat(&position, to_move), clock: clock.clone() };
    let message = Message::GameStart { game: tag(record), next };
    let mut board = boards::board_reply_with_clock(record, &position, None, &seats, message, clock);
    board.mentions = seats.users(|i| i == to_move);
    Ok(vec![(announce, None), (board, Some((record.id, 0)))])
}
