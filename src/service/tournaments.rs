//! Tournaments for slow games (issue #45): Swiss and round robin, run by the bot.
//!
//! `/boardbot tournament create` opens a tournament of a game in a channel; people
//! `join` and `leave` it; its creator (or someone who manages the community) `start`s
//! it. Each pairing is an ordinary game of the bot, begun in the transaction that
//! pairs it ([`super::challenges::started_in`], with [`Opening::Tournament`]):
//! announced in the tournament's channel with both players mentioned, its own
//! thread, clock (`days:D`), reminders, vacations and rating (when rated).
//!
//! # How it runs
//!
//! - **Round robin**: at the start every round of the Berger tables
//!   ([`pairing::round_robin`], the players seeded by rating) is stored and every game
//!   begins at once; the rounds are only the schedule of colours. An odd field rests
//!   one player a round (no points).
//! - **Swiss**: round 1 is paired at the start, by rating; each next round is paired
//!   when the last game of the round before ends ([`pairing::pair_swiss`]), until the
//!   rounds asked (default [`pairing::default_swiss_rounds`] of the field at the
//!   start, at most 7; never more than the field can play without a repeat pair)
//!   have been played, or fewer than two players are left.
//! - **A round advances when its last game ends, whatever ended it**: the finisher
//!   records [`Event::GameEnded`] for every end, and [`on_game_ended`], a subscriber
//!   (`subscribers.rs`), reads it in the transaction that consumes it: it records
//!   the result, counts losses on time, and pairs the next round or ends the
//!   tournament. It locks the tournament's row first ([`store::lock_tournament`]),
//!   so two workers ending the last two games of a round at once pair it once: the
//!   second waits for the first and then sees its result.
//! - **Results** as the tournament counts them: the game's places; a forfeit when
//!   the game was decided without being played out: resigned because its player
//!   left the tournament, lost on time before its loser's first move, or aborted
//!   (a rated game resigned or timed out before both players moved, which the
//!   finisher aborts: the tournament still gives the other player the point).
//!   `abort` itself is refused in a tournament's game.
//! - **Leaving** (`leave`): before the start, the entry is removed; after it, the
//!   player is withdrawn (never paired again, their past games count) and each of
//!   their games going on is resigned in the same transaction, through the
//!   finisher ([`finisher::finish_in`]): its `GameEnded` then advances the round like
//!   any ending.
//! - **Two losses on time** in one tournament withdraw the player automatically, as
//!   if they had left (their games going on are resigned), and bar them from the
//!   series' next edition: they are not carried into it and may not join it. This is
//!   our answer to lichess banning such players from Swiss events for a while: the
//!   bar lasts one edition, and a tournament that is not a series has none to bar.
//! - **A series** (`every:D`): when an edition ends, the next is opened at once with
//!   the same settings and the players who finished this one (not those who left or
//!   were withdrawn), each of whom may leave it, and others may join; it starts by
//!   itself D days later, a clock event like a turn's deadline
//!   ([`store::next_clock_event`], [`start_due`]). An edition with too few players
//!   then is cancelled, and the series ends there.
//! - **Scores and tie-breaks** are [`pairing::standings`]'s: win 1, draw ½, loss 0,
//!   a Swiss bye 1; ties broken by Sonneborn-Berger, then Buchholz (Swiss) or
//!   head-to-head (round robin), then rating.
//!
//! Nothing here is kept beside the store: every answer reads the tournament again,
//! so a restart, or another worker on the same PostgreSQL database, changes nothing.

use super::boards::{self, here};
use super::challenges::started_in;
use super::change;
use super::deadlines::{ALLOWED_DAYS, DAY};
use super::events::{EndCause, Event};
use super::finisher::{self, everyone_moved, Finish};
use super::message::{AbortCause, ClockNote, Message, Opening, PairingLine, TournamentLine};
use super::names::{GameTag, Person};
use super::outbox::{self, Asking, Outgoing1};
use super::pages::Links;
use super::people::{ensure_community, ensure_player, find_actor, find_community, Here, Seats};
use super::refusal::Refusal;
use super::subscribers;
use super::tournament_table::{format_of, pairing_entrants, person, player_of, rounds_of, state_of, table_of, tag};
use super::types::{Destination, Picture, TimeAsked, TournamentAsked, TournamentCommand};
use super::{Failure, Inner, Reply, Request};
use crate::games::Settings;
use crate::pairing::{self, Format, GameResult};
use crate::rating::RatingConfig;
use crate::store::{
    self, Entrant, EventId, GameId, GameRecord, Millis, NewGame, NewTournament, PlayerId, Scope, SeatHolder,
    StoreError, TimeControl, Tournament, TournamentFormat, TournamentGame, TournamentId, TournamentStatus, Transaction,
    Withdrawal,
};

type Result<T> = std::result::Result<T, Failure>;

/// The longest name a tournament may have, in characters.
pub const NAME_MAX: usize = 60;
/// The most players when `create` names no `max`.
pub const DEFAULT_MAX_PLAYERS: u32 = 64;
/// Days per move when `create` names none.
pub const DEFAULT_DAYS: i64 = 3;
/// Games lost on time that withdraw a player from a tournament.
pub const TIMEOUTS_WITHDRAW: u32 = 2;
/// Tournaments `list` shows at most.
pub const LISTED: u32 = 10;

/// The players a tournament needs to start: 3 for a Swiss, 2 for a round robin.
pub fn needed(format: Format) -> u32 {
    match format {
        Format::Swiss => 3,
        Format::RoundRobin => 2,
    }
}

fn stored_format(f: Format) -> TournamentFormat {
    match f {
        Format::Swiss => TournamentFormat::Swiss,
        Format::RoundRobin => TournamentFormat::RoundRobin,
    }
}

fn channel_of(t: &Tournament) -> Destination {
    Destination::Channel { channel: t.channel.clone().unwrap_or_default() }
}

fn page_of(inner: &Inner, t: &Tournament) -> Option<String> {
    inner.options.web_url.as_deref().map(|base| Links::new(base).tournament(t.token.as_str()))
}

fn internal(e: impl std::fmt::Display) -> StoreError {
    StoreError::Internal(e.to_string())
}

/// Runs a tournament command.
pub(crate) fn dispatch(inner: &Inner, req: &Request, command: &TournamentCommand) -> Result<Vec<Reply>> {
    match command {
        TournamentCommand::Create(asked) => create(inner, req, asked),
        TournamentCommand::Join { tournament } => join(inner, req, *tournament),
        TournamentCommand::Leave { tournament } => leave(inner, req, *tournament),
        TournamentCommand::Start { tournament } => start(inner, req, *tournament),
        TournamentCommand::Standings { tournament } => standings(inner, req, *tournament),
        TournamentCommand::Pairings { tournament, round } => pairings(inner, req, *tournament, *round),
        TournamentCommand::List => list(inner, req),
    }
}

// ---------------------------------------------------------------------------
// Which tournament a command is about

/// What a command without `tournament:` looks for.
#[derive(Clone, Copy)]
enum Want {
    /// An open one of this channel (`join`, `start`).
    Open,
    /// One of this community the actor is in and has not left (`leave`).
    Mine(Option<PlayerId>),
    /// One of this channel open or running, else the last one of this channel
    /// (`standings`, `pairings`).
    Shown,
}

/// The tournament a command is about: the one numbered, if it is this community's,
/// else the only one `want` finds here.
fn pick(inner: &Inner, req: &Request, given: Option<i64>, want: Want) -> Result<Tournament> {
    let community = match find_community(inner, req.actor.platform, &req.place)? {
        Here::Known(c) => Some(c),
        Here::Unknown => None,
        Here::Nowhere => return Err(Refusal::TournamentNoCommunity.into()),
    };
    if let Some(n) = given {
        let found = inner.store.read(|tx| store::load_tournament(tx, TournamentId(n)));
        let t = match found {
            Ok(t) => t,
            Err(StoreError::NotFound(_)) => return Err(Refusal::NoSuchTournament(n).into()),
            Err(e) => return Err(e.into()),
        };
        if community.is_none() || t.community != community {
            return Err(Refusal::TournamentElsewhere(n).into());
        }
        return Ok(t);
    }
    let Some(community) = community else { return Err(Refusal::NoTournamentHere.into()) };
    let channel = req.place.channel.clone();
    let (active, recent) = inner.store.read(|tx| {
        let active = store::active_tournaments(tx, community)?;
        let mut mine = Vec::new();
        if let Want::Mine(Some(me)) = want {
            for t in &active {
                let entered = store::entrants(tx, t.id)?.into_iter().any(|e| e.player == me && e.withdrawn.is_none());
                if entered {
                    mine.push(t.clone());
                }
            }
        }
        let recent = match want {
            Want::Shown => store::community_tournaments(tx, community, LISTED)?,
            _ => Vec::new(),
        };
        Ok((if matches!(want, Want::Mine(_)) { mine } else { active }, recent))
    })?;
    let here = |t: &&Tournament| t.channel == channel;
    let fits: Vec<&Tournament> = match want {
        Want::Open => {
            let open: Vec<&Tournament> =
                active.iter().filter(|t| t.status == TournamentStatus::Open).filter(here).collect();
            if open.is_empty() {
                // The one tournament going on here has begun: the caller says so
                // ("has started: it takes no more entries") rather than "none fits".
                let going: Vec<&Tournament> = active.iter().filter(here).collect();
                if going.len() == 1 {
                    going
                } else {
                    open
                }
            } else {
                open
            }
        }
        Want::Mine(_) => active.iter().collect(),
        Want::Shown => {
            let going: Vec<&Tournament> = active.iter().filter(here).collect();
            if going.is_empty() {
                recent.iter().filter(here).take(1).collect()
            } else {
                going
            }
        }
    };
    match fits.as_slice() {
        [] => Err(Refusal::NoTournamentHere.into()),
        [one] => Ok((*one).clone()),
        many => Err(Refusal::SeveralTournaments(many.iter().map(|t| tag(t)).collect()).into()),
    }
}

// ---------------------------------------------------------------------------
// The commands

fn create(inner: &Inner, req: &Request, asked: &TournamentAsked) -> Result<Vec<Reply>> {
    if req.place.community.is_none() || req.place.channel.is_none() {
        return Err(Refusal::TournamentNoCommunity.into());
    }
    let days = match asked.days {
        None => DEFAULT_DAYS,
        Some(TimeAsked::Unlimited) => return Err(Refusal::TournamentNoClock.into()),
        Some(TimeAsked::Days(d)) => d,
    };
    if !ALLOWED_DAYS.contains(&days) {
        return Err(Refusal::BadDays(days).into());
    }
    if asked.rounds.is_some() && asked.format == Format::RoundRobin {
        return Err(Refusal::TournamentRoundsForSwiss.into());
    }
    let name = asked.name.as_deref().map(str::trim).filter(|n| !n.is_empty()).map(str::to_string);
    if name.as_ref().is_some_and(|n| n.chars().count() > NAME_MAX) {
        return Err(Refusal::TournamentNameTooLong { max: NAME_MAX }.into());
    }
    let number = |n: Option<i64>| n.and_then(|n| u32::try_from(n).ok());
    let me = ensure_player(inner, req.actor.platform, &req.actor.user_id, &req.actor.display_name)?;
    let community = ensure_community(inner, req.actor.platform, &req.place)?;
    let now = inner.clock.now();
    let new = NewTournament {
        kind: asked.kind,
        format: stored_format(asked.format),
        name,
        rounds: number(asked.rounds),
        days: u32::try_from(days).unwrap_or(3),
        rated: asked.rated.unwrap_or(true),
        max_players: number(asked.max).unwrap_or(DEFAULT_MAX_PLAYERS),
        every_days: number(asked.every),
        previous: None,
        edition: 1,
        creator: me,
        community,
        channel: req.place.channel.clone(),
        starts_at: None,
        now,
    };
    let asking = Asking::of(inner, req);
    let destination = here(inner, &req.place);
    let creator = super::people::actor_person(&req.actor);
    let base = inner.options.web_url.clone();
    let answers = inner.store.write(move |tx| {
        let id = store::create_tournament(tx, &new)?;
        let t = store::load_tournament(tx, id)?;
        let page = base.as_deref().map(|b| Links::new(b).tournament(t.token.as_str()));
        let message = Message::TournamentCreated {
            tournament: tag(&t),
            creator,
            rated: t.rated,
            days: t.days,
            max: t.max_players,
            rounds: t.rounds,
            every: t.every_days,
            page,
        };
        if let Some(key) = asking.via.key.as_deref() {
            store::note_request(tx, key, now)?;
        }
        outbox::record(
            tx,
            Some(&asking),
            asking.platform,
            t.community,
            vec![(Reply::new(destination, message), None)],
            now,
        )
    })?;
    inner.changed();
    Ok(answers)
}

fn join(inner: &Inner, req: &Request, given: Option<i64>) -> Result<Vec<Reply>> {
    let t = pick(inner, req, given, Want::Open)?;
    if t.status != TournamentStatus::Open {
        return Err(Refusal::TournamentNotOpen { tournament: tag(&t), state: state_of(t.status) }.into());
    }
    let me = ensure_player(inner, req.actor.platform, &req.actor.user_id, &req.actor.display_name)?;
    let (now, id, who) = (inner.clock.now(), t.id, super::people::actor_person(&req.actor));
    let destination = here(inner, &req.place);
    let asking = Asking::of(inner, req);
    let joined = inner.store.write(move |tx| {
        let t = store::lock_tournament(tx, id)?;
        if t.status != TournamentStatus::Open {
            return Ok(Err(Refusal::TournamentNotOpen { tournament: tag(&t), state: state_of(t.status) }));
        }
        let entrants = store::entrants(tx, id)?;
        if entrants.iter().any(|e| e.player == me) {
            return Ok(Err(Refusal::AlreadyEntered(tag(&t))));
        }
        if entrants.len() >= t.max_players as usize {
            return Ok(Err(Refusal::TournamentFull { tournament: tag(&t), max: t.max_players }));
        }
        if let Some(previous) = t.previous {
            if store::withdrawn_for_timeouts(tx, previous, me)? {
                return Ok(Err(Refusal::TournamentBarred { tournament: tag(&t), previous: previous.0 }));
            }
        }
        store::add_entrant(tx, id, me, now)?;
        let players = u32::try_from(entrants.len() + 1).unwrap_or(u32::MAX);
        let message = Message::TournamentJoined { tournament: tag(&t), who, players };
        if let Some(key) = asking.via.key.as_deref() {
            store::note_request(tx, key, now)?;
        }
        let said = vec![(Reply::new(destination, message), None)];
        outbox::record(tx, Some(&asking), asking.platform, t.community, said, now).map(Ok)
    })?;
    let answers = joined?;
    inner.changed();
    Ok(answers)
}

fn leave(inner: &Inner, req: &Request, given: Option<i64>) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let t = pick(inner, req, given, Want::Mine(me))?;
    let Some(me) = me else { return Err(Refusal::NotEntered(tag(&t)).into()) };
    let (now, id, who) = (inner.clock.now(), t.id, super::people::actor_person(&req.actor));
    let config = *inner.store.rating_config();
    let destination = here(inner, &req.place);
    let asking = Asking::of(inner, req);
    let left = inner.store.write(move |tx| {
        let t = store::lock_tournament(tx, id)?;
        let entrants = store::entrants(tx, id)?;
        let Some(entry) = entrants.iter().find(|e| e.player == me) else {
            return Ok(Err(Refusal::NotEntered(tag(&t))));
        };
        if entry.withdrawn.is_some() {
            return Ok(Err(Refusal::AlreadyWithdrawn(tag(&t))));
        }
        let still = u32::try_from(entrants.iter().filter(|e| e.withdrawn.is_none()).count().saturating_sub(1))
            .unwrap_or(u32::MAX);
        let mut said = Vec::new();
        match t.status {
            TournamentStatus::Open => {
                store::remove_entrant(tx, id, me)?;
                let message =
                    Message::TournamentLeft { tournament: tag(&t), who, started: false, resigned: 0, players: still };
                said.push((Reply::new(destination, message), None));
            }
            TournamentStatus::Running => {
                store::withdraw_entrant(tx, id, me, Withdrawal::Left, now)?;
                let mut resigned = Vec::new();
                for game in store::running_games_of(tx, id, me)? {
                    resigned.extend(resign_in(tx, game, me, &config, now)?);
                }
                let count = u32::try_from(resigned.iter().filter(|(_, board)| board.is_some()).count()).unwrap_or(0);
                let message = Message::TournamentLeft {
                    tournament: tag(&t),
                    who,
                    started: true,
                    resigned: count,
                    players: still,
                };
                said.push((Reply::new(destination, message), None));
                said.extend(resigned);
            }
            TournamentStatus::Finished | TournamentStatus::Cancelled => {
                return Ok(Err(Refusal::TournamentNotOpen { tournament: tag(&t), state: state_of(t.status) }));
            }
        }
        if let Some(key) = asking.via.key.as_deref() {
            store::note_request(tx, key, now)?;
        }
        outbox::record(tx, Some(&asking), asking.platform, t.community, said, now).map(Ok)
    })?;
    let answers = left?;
    inner.changed();
    Ok(answers)
}

fn start(inner: &Inner, req: &Request, given: Option<i64>) -> Result<Vec<Reply>> {
    let t = pick(inner, req, given, Want::Open)?;
    if t.status != TournamentStatus::Open {
        return Err(Refusal::TournamentNotOpen { tournament: tag(&t), state: state_of(t.status) }.into());
    }
    let me = find_actor(inner, &req.actor)?;
    if me != Some(t.creator) && !req.actor.manages_community {
        return Err(Refusal::TournamentNotYours(tag(&t)).into());
    }
    let (now, id) = (inner.clock.now(), t.id);
    let asking = Asking::of(inner, req);
    let destination = here(inner, &req.place);
    let started = inner.store.write(move |tx| {
        let t = store::lock_tournament(tx, id)?;
        if t.status != TournamentStatus::Open {
            return Ok(Err(Refusal::TournamentNotOpen { tournament: tag(&t), state: state_of(t.status) }));
        }
        let players = u32::try_from(store::entrants(tx, id)?.len()).unwrap_or(u32::MAX);
        let need = needed(format_of(t.format));
        if players < need {
            return Ok(Err(Refusal::TournamentTooFew { tournament: tag(&t), players, needed: need }));
        }
        let mut said = start_in(tx, &t, now)?;
        // The answer goes where the request was made.
        if let Some((first, _)) = said.first_mut() {
            first.destination = destination;
        }
        if let Some(key) = asking.via.key.as_deref() {
            store::note_request(tx, key, now)?;
        }
        outbox::record(tx, Some(&asking), asking.platform, t.community, said, now).map(Ok)
    })?;
    let answers = started?;
    inner.changed();
    Ok(answers)
}

fn standings(inner: &Inner, req: &Request, given: Option<i64>) -> Result<Vec<Reply>> {
    let t = pick(inner, req, given, Want::Shown)?;
    let id = t.id;
    let (entrants, games) = inner.store.read(|tx| Ok((store::entrants(tx, id)?, store::tournament_games(tx, id)?)))?;
    let table = table_of(&t, &entrants, &games).map_err(|e| Failure::Internal(e.to_string()))?;
    let played = games.iter().filter(|g| g.black.is_some() && g.result.is_some()).count();
    let all = games.iter().filter(|g| g.black.is_some()).count();
    let message = Message::TournamentStandings {
        tournament: tag(&t),
        state: state_of(t.status),
        round: t.round,
        of: t.total_rounds.unwrap_or(0),
        played: u32::try_from(played).unwrap_or(u32::MAX),
        games: u32::try_from(all).unwrap_or(u32::MAX),
        lines: table.lines.clone(),
        page: page_of(inner, &t),
        starts: t.starts_at.filter(|_| t.status == TournamentStatus::Open),
    };
    let mut reply = Reply::new(here(inner, &req.place), message);
    if t.status != TournamentStatus::Open {
        reply.picture = Some(Picture::Standings(table.spec));
    }
    Ok(vec![reply])
}

fn pairings(inner: &Inner, req: &Request, given: Option<i64>, round: Option<i64>) -> Result<Vec<Reply>> {
    let t = pick(inner, req, given, Want::Shown)?;
    let asked = round.unwrap_or(i64::from(t.round.max(1)));
    let Some(r) = u32::try_from(asked).ok().filter(|r| *r >= 1 && *r <= t.round) else {
        return Err(Refusal::TournamentNoRound { tournament: tag(&t), round: asked, paired: t.round }.into());
    };
    let id = t.id;
    let (entrants, games) = inner.store.read(|tx| Ok((store::entrants(tx, id)?, store::tournament_games(tx, id)?)))?;
    let (store_ids, persons): (Vec<PlayerId>, Vec<Person>) = entrants.iter().map(|e| (e.player, person(e))).unzip();
    let who = |p: PlayerId| {
        store_ids.iter().position(|q| *q == p).and_then(|i| persons.get(i).cloned()).unwrap_or(Person::Computer)
    };
    let mut boards = Vec::new();
    let mut bye = None;
    for g in games.iter().filter(|g| g.round == r) {
        match g.black {
            None => bye = Some(who(g.white)),
            Some(black) => {
                let game = match g.game {
                    Some(game) => {
                        let record = inner.store.load_game(game)?;
                        Some(GameTag { kind: record.kind, id: record.public_id.as_str().to_string() })
                    }
                    None => None,
                };
                boards.push(PairingLine {
                    board: g.board,
                    white: who(g.white),
                    black: who(black),
                    game,
                    result: g.result.as_deref().and_then(GameResult::from_key),
                });
            }
        }
    }
    let message = Message::TournamentPairings {
        tournament: tag(&t),
        round: r,
        of: t.total_rounds.unwrap_or(t.round),
        boards,
        bye,
    };
    Ok(vec![Reply::new(here(inner, &req.place), message)])
}

fn list(inner: &Inner, req: &Request) -> Result<Vec<Reply>> {
    let community = match find_community(inner, req.actor.platform, &req.place)? {
        Here::Known(c) => Some(c),
        Here::Unknown => None,
        Here::Nowhere => return Err(Refusal::TournamentNoCommunity.into()),
    };
    let lines = match community {
        None => Vec::new(),
        Some(c) => inner.store.read(|tx| {
            let mut lines = Vec::new();
            for t in store::community_tournaments(tx, c, LISTED)? {
                let players = store::entrants(tx, t.id)?.iter().filter(|e| e.withdrawn.is_none()).count();
                lines.push(TournamentLine {
                    tournament: tag(&t),
                    state: state_of(t.status),
                    players: u32::try_from(players).unwrap_or(u32::MAX),
                    round: t.round,
                    of: t.total_rounds.unwrap_or(0),
                });
            }
            Ok(lines)
        })?,
    };
    Ok(vec![Reply::new(here(inner, &req.place), Message::TournamentList { tournaments: lines })])
}

// ---------------------------------------------------------------------------
// Pairing and games

/// The most rounds a Swiss of `players` plays without a repeat pair: everyone meets
/// everyone once (an odd field has one round more, each player sitting one out).
fn most_rounds(players: usize) -> u32 {
    let n = u32::try_from(players).unwrap_or(u32::MAX).max(2);
    if n % 2 == 0 {
        n - 1
    } else {
        n
    }
}

/// Starts tournament `t` (locked by the caller, open, with enough players): fixes
/// the entrants' ratings, pairs round 1 (a Swiss) or every round (a round robin) and
/// begins their games. What it says: the start (first), then each round's notice and
/// each game's announcement and first board.
fn start_in(tx: &Transaction, t: &Tournament, now: Millis) -> std::result::Result<Vec<Outgoing1>, StoreError> {
    let entrants = store::entrants(tx, t.id)?;
    let scope = t.community.map_or(Scope::Global, Scope::Community);
    let ids: Vec<PlayerId> = entrants.iter().map(|e| e.player).collect();
    let ratings = store::ratings_of(tx, t.kind, scope, &ids)?;
    for e in &entrants {
        let rating = ratings.iter().find(|(p, _)| *p == e.player).map(|(_, r)| *r);
        store::set_entrant_rating(tx, t.id, e.player, rating)?;
    }
    let entrants = store::entrants(tx, t.id)?;
    // The seeding: by rating, unrated last, then by entry.
    let mut seeded: Vec<&Entrant> = entrants.iter().collect();
    seeded.sort_by(|a, b| match (a.rating, b.rating) {
        (Some(x), Some(y)) => y.total_cmp(&x).then(a.entry.cmp(&b.entry)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.entry.cmp(&b.entry),
    });
    let players: Vec<Person> = seeded.iter().map(|e| person(e)).collect();
    let mut said = Vec::new();
    let mut games = Vec::new();
    match t.format {
        TournamentFormat::Swiss => {
            let total = t
                .rounds
                .unwrap_or_else(|| pairing::default_swiss_rounds(entrants.len()))
                .min(most_rounds(entrants.len()))
                .max(1);
            store::start_tournament(tx, t.id, total, now)?;
            let paired = pairing::pair_swiss(&pairing_entrants(&entrants), &[]).map_err(internal)?;
            let started = Message::TournamentStarted {
                tournament: tag(t),
                players,
                rounds: total,
                games: u32::try_from(paired.games.len()).unwrap_or(u32::MAX),
            };
            said.push((Reply::new(channel_of(t), started), None));
            said.extend(round_in(tx, t, 1, total, &paired, &entrants, now)?);
        }
        TournamentFormat::RoundRobin => {
            let order: Vec<pairing::PlayerId> = seeded.iter().map(|e| e.player.0.unsigned_abs()).collect();
            let schedule = pairing::round_robin(&order).map_err(internal)?;
            let total = u32::try_from(schedule.len()).unwrap_or(u32::MAX).max(1);
            store::start_tournament(tx, t.id, total, now)?;
            store::set_tournament_round(tx, t.id, total)?;
            let count: usize = schedule.iter().map(|r| r.games.len()).sum();
            let started = Message::TournamentStarted {
                tournament: tag(t),
                players,
                rounds: total,
                games: u32::try_from(count).unwrap_or(u32::MAX),
            };
            said.push((Reply::new(channel_of(t), started), None));
            for (i, paired) in schedule.iter().enumerate() {
                let round = u32::try_from(i + 1).unwrap_or(u32::MAX);
                store::add_round(tx, t.id, round, &boards_of(paired))?;
                for (board, p) in paired.games.iter().enumerate() {
                    let board = u32::try_from(board + 1).unwrap_or(u32::MAX);
                    games.push((round, board, player_of(p.white), player_of(p.black)));
                }
            }
        }
    }
    for (round, board, white, black) in games {
        said.extend(begin_game_in(tx, t, round, board, white, black, now)?);
    }
    Ok(said)
}

/// The boards of a round as stored: `(board, white, black)`, the bye as board 0.
fn boards_of(paired: &pairing::Paired) -> Vec<(u32, PlayerId, Option<PlayerId>)> {
    let mut boards: Vec<(u32, PlayerId, Option<PlayerId>)> = Vec::new();
    if let Some(bye) = paired.bye {
        boards.push((0, player_of(bye), None));
    }
    for (i, p) in paired.games.iter().enumerate() {
        boards.push((u32::try_from(i + 1).unwrap_or(u32::MAX), player_of(p.white), Some(player_of(p.black))));
    }
    boards
}

/// Stores and begins Swiss round `round` of `of`: its notice, then its games.
fn round_in(
    tx: &Transaction,
    t: &Tournament,
    round: u32,
    of: u32,
    paired: &pairing::Paired,
    entrants: &[Entrant],
    now: Millis,
) -> std::result::Result<Vec<Outgoing1>, StoreError> {
    store::add_round(tx, t.id, round, &boards_of(paired))?;
    let bye = paired.bye.and_then(|b| entrants.iter().find(|e| e.player == player_of(b))).map(person);
    let mut notice = Reply::new(
        channel_of(t),
        Message::TournamentRound {
            tournament: tag(t),
            round,
            of,
            games: u32::try_from(paired.games.len()).unwrap_or(u32::MAX),
            bye: bye.clone(),
        },
    );
    notice.mentions = bye.and_then(|p| p.user().cloned()).into_iter().collect();
    let mut said = vec![(notice, None)];
    for (i, p) in paired.games.iter().enumerate() {
        let board = u32::try_from(i + 1).unwrap_or(u32::MAX);
        said.extend(begin_game_in(tx, t, round, board, player_of(p.white), player_of(p.black), now)?);
    }
    Ok(said)
}

/// Begins the game of board `board` of round `round`: an ordinary game of the
/// tournament's settings, its deadline set, [`Event::GameStarted`] recorded, announced
/// in the tournament's channel with both players mentioned and its first board in its
/// thread.
fn begin_game_in(
    tx: &Transaction,
    t: &Tournament,
    round: u32,
    board: u32,
    white: PlayerId,
    black: PlayerId,
    now: Millis,
) -> std::result::Result<Vec<Outgoing1>, StoreError> {
    // Two seats: Cabale's player count is 2, its default; the other games have two.
    let settings = Settings::from_json(t.kind, "{}").map_err(|e| internal(format!("{e:?}")))?;
    let time_control = Some(TimeControl::DaysPerMove(t.days));
    let seats = vec![SeatHolder::Player(white), SeatHolder::Player(black)];
    let turn_deadline = super::deadlines::deadline_for(tx, time_control, seats.first(), now)?;
    let new = NewGame {
        kind: t.kind,
        settings: Some(settings.to_json()),
        start_code: None,
        rated: t.rated,
        time_control,
        community: t.community,
        place: store::Place { channel: t.channel.clone(), thread: None },
        seats,
        turn_deadline,
        now,
    };
    let (game, _) = store::create_game(tx, &new)?;
    store::link_game(tx, t.id, round, board, game)?;
    let record = store::load_game(tx, game)?;
    subscribers::record(tx, &Event::GameStarted { game: game.0, kind: record.kind, rated: record.rated }, now)?;
    started_in(tx, &record, Opening::Tournament { tournament: tag(t), round }, now)
}

/// Resigns `player`'s game `game` in `tx`, through the finisher: a rated game
/// before both players moved is aborted instead (as `resign` does), which the
/// tournament counts as the same forfeit. The final board, everyone mentioned, and
/// the rating changes.
fn resign_in(
    tx: &Transaction,
    game: GameId,
    player: PlayerId,
    config: &RatingConfig,
    now: Millis,
) -> std::result::Result<Vec<Outgoing1>, StoreError> {
    let record = store::load_game(tx, game)?;
    let Some(seat) = record.seat_of(player) else { return Ok(Vec::new()) };
    let seats = Seats::of(&record);
    let who = seats.person(usize::from(seat));
    let aborted = record.rated && !everyone_moved(&record);
    let finish =
        if aborted { Finish::aborted(seat, AbortCause::Resigned) } else { Finish::resigned(seat, record.seats.len()) };
    let after = change::after(&record, finish.change(), now);
    let (position, last) = boards::replayed(&record, None).map_err(|e| internal(format!("{e:?}")))?;
    let seats = Seats::of(&after);
    let Some(ending) = boards::ending(&after, &position, &seats) else {
        return Err(internal(format!("game {} ended without a result", record.public_id)));
    };
    let message = if aborted {
        Message::Aborted { who, cause: AbortCause::Resigned, ending }
    } else {
        Message::Resigned { who, ending }
    };
    let mut board = boards::board_reply_with_clock(&after, &position, last, &seats, message, ClockNote::default());
    board.mentions = seats.users(|_| true);
    let mut said = vec![(board, Some((after.id, after.ply)))];
    said.extend(finisher::finish_in(tx, &after, Some(record.ply), &finish, config, now)?);
    Ok(said)
}

// ---------------------------------------------------------------------------
// The subscriber: a round advances when its last game ends

/// The subscriber of [`Event::GameEnded`]: for a tournament's game, records its result
/// as the tournament counts it, withdraws a player at their second loss on time, and
/// when no game of the tournament is left going on, pairs the next Swiss round or ends
/// the tournament (and opens a series' next edition). Runs in the transaction that
/// consumes the event, the tournament's row locked first.
// The unit tests run their own subscribers (`subscribers::tests`, `dispatcher::handler`).
pub(crate) fn on_game_ended(
    inner: &Inner,
    tx: &Transaction,
    event: &Event,
    _: EventId,
) -> std::result::Result<(), StoreError> {
    let Event::GameEnded { game, cause, places, .. } = event else { return Ok(()) };
    let game = GameId(*game);
    let Some(at) = store::tournament_of_game(tx, game)? else { return Ok(()) };
    let t = store::lock_tournament(tx, at.tournament)?;
    if t.status != TournamentStatus::Running {
        return Ok(());
    }
    let record = store::load_game(tx, game)?;
    let entrants = store::entrants(tx, t.id)?;
    let result = result_of(&record, cause, places, &entrants);
    if !store::set_board_result(tx, t.id, at.round, at.board, result.key())? {
        // Counted already.
        return Ok(());
    }
    let now = inner.clock.now();
    let config = *inner.store.rating_config();
    let mut said = Vec::new();
    let timed_out = match cause {
        EndCause::TimedOut { seat } | EndCause::Aborted { seat, how: AbortCause::TimedOut } => Some(*seat),
        _ => None,
    };
    if let Some(SeatHolder::Player(loser)) =
        timed_out.and_then(|seat| record.seats.iter().find(|s| s.seat == seat)).map(|s| s.holder.clone())
    {
        let count = store::add_timeout(tx, t.id, loser)?;
        if count >= TIMEOUTS_WITHDRAW && store::withdraw_entrant(tx, t.id, loser, Withdrawal::Timeouts, now)? {
            let mut resigned = Vec::new();
            for other in store::running_games_of(tx, t.id, loser)? {
                resigned.extend(resign_in(tx, other, loser, &config, now)?);
            }
            let count = u32::try_from(resigned.iter().filter(|(_, board)| board.is_some()).count()).unwrap_or(0);
            if let Some(e) = entrants.iter().find(|e| e.player == loser) {
                let mut notice = Reply::new(
                    channel_of(&t),
                    Message::TournamentWithdrawn {
                        tournament: tag(&t),
                        who: person(e),
                        resigned: count,
                        series: t.every_days.is_some(),
                    },
                );
                notice.mentions = person(e).user().cloned().into_iter().collect();
                said.push((notice, None));
            }
            said.extend(resigned);
        }
    }
    said.extend(advance(inner, tx, &t, now)?);
    outbox::record(tx, None, t.platform, t.community, said, now)?;
    Ok(())
}

/// The result of a tournament's game as the tournament counts it, from how it ended.
fn result_of(record: &GameRecord, cause: &EndCause, places: &[u8], entrants: &[Entrant]) -> GameResult {
    let ended_at = record.result.as_ref().map_or(Millis::MAX, |r| r.ended_at);
    let player_at = |seat: u8| match record.seats.iter().find(|s| s.seat == seat).map(|s| &s.holder) {
        Some(SeatHolder::Player(p)) => Some(*p),
        _ => None,
    };
    let left_by_then = |seat: u8| {
        player_at(seat)
            .and_then(|p| entrants.iter().find(|e| e.player == p))
            .and_then(|e| e.withdrawn)
            .is_some_and(|(at, _)| at <= ended_at)
    };
    let forfeited = match cause {
        // Aborted (by the finisher's rule, or asked): the seat that stopped it loses.
        EndCause::Aborted { seat, .. } => Some(*seat),
        EndCause::Resigned { seat } if left_by_then(*seat) => Some(*seat),
        EndCause::TimedOut { seat } if !record.moves.iter().any(|m| m.seat == *seat) => Some(*seat),
        _ => None,
    };
    match (forfeited, places) {
        (Some(0), _) => GameResult::BlackWonByForfeit,
        (Some(_), _) => GameResult::WhiteWonByForfeit,
        (None, [white, black]) if white < black => GameResult::WhiteWon,
        (None, [white, black]) if white > black => GameResult::BlackWon,
        _ => GameResult::Draw,
    }
}

/// When no game of `t` goes on: pairs the next Swiss round, or ends the tournament.
fn advance(
    inner: &Inner,
    tx: &Transaction,
    t: &Tournament,
    now: Millis,
) -> std::result::Result<Vec<Outgoing1>, StoreError> {
    let games = store::tournament_games(tx, t.id)?;
    if games.iter().any(|g| g.black.is_some() && g.result.is_none()) {
        return Ok(Vec::new());
    }
    let entrants = store::entrants(tx, t.id)?;
    let active = entrants.iter().filter(|e| e.withdrawn.is_none()).count();
    let total = t.total_rounds.unwrap_or(t.round);
    if t.format == TournamentFormat::Swiss && t.round < total && active >= 2 {
        let next = t.round + 1;
        let paired = pairing::pair_swiss(&pairing_entrants(&entrants), &rounds_of(&games)).map_err(internal)?;
        store::set_tournament_round(tx, t.id, next)?;
        return round_in(tx, t, next, total, &paired, &entrants, now);
    }
    finish_in(inner, tx, t, &entrants, &games, now)
}

/// Ends `t`: its final standings, and a series' next edition.
fn finish_in(
    inner: &Inner,
    tx: &Transaction,
    t: &Tournament,
    entrants: &[Entrant],
    games: &[TournamentGame],
    now: Millis,
) -> std::result::Result<Vec<Outgoing1>, StoreError> {
    store::end_tournament(tx, t.id, TournamentStatus::Finished, now)?;
    let table = table_of(t, entrants, games).map_err(internal)?;
    let message = Message::TournamentFinished { tournament: tag(t), lines: table.lines, page: page_of(inner, t) };
    let mut finished = Reply::new(channel_of(t), message);
    finished.mentions = entrants.iter().filter_map(|e| person(e).user().cloned()).collect();
    let mut said = vec![(finished, None)];
    if let Some(every) = t.every_days {
        let starts = now.saturating_add(i64::from(every).saturating_mul(DAY));
        let new = NewTournament {
            kind: t.kind,
            format: t.format,
            name: t.name.clone(),
            rounds: t.rounds,
            days: t.days,
            rated: t.rated,
            max_players: t.max_players,
            every_days: t.every_days,
            previous: Some(t.id),
            edition: t.edition.saturating_add(1),
            creator: t.creator,
            community: t.community,
            channel: t.channel.clone(),
            starts_at: Some(starts),
            now,
        };
        let id = store::create_tournament(tx, &new)?;
        let mut players = Vec::new();
        for e in entrants.iter().filter(|e| e.withdrawn.is_none()) {
            store::add_entrant(tx, id, e.player, now)?;
            players.push(person(e));
        }
        let next = store::load_tournament(tx, id)?;
        let mut notice = Reply::new(
            channel_of(t),
            Message::TournamentNextEdition { tournament: tag(&next), starts, players: players.clone() },
        );
        notice.mentions = players.iter().filter_map(|p| p.user().cloned()).collect();
        said.push((notice, None));
    }
    Ok(said)
}

// ---------------------------------------------------------------------------
// The clocks: a series' next edition starts by itself

/// Starts (or, with too few players, cancels) every open tournament whose start is due
/// at `now`; returns how many it handled. The clocks' scheduler calls it.
pub(crate) fn start_due(inner: &Inner, now: Millis) -> Result<usize> {
    let due = inner.store.read(move |tx| store::tournaments_due(tx, now))?;
    let mut done = 0;
    for id in due {
        let handled = inner.store.write(move |tx| {
            let t = store::lock_tournament(tx, id)?;
            if t.status != TournamentStatus::Open || t.starts_at.is_none_or(|s| s > now) {
                return Ok(false);
            }
            let players = u32::try_from(store::entrants(tx, id)?.len()).unwrap_or(u32::MAX);
            let need = needed(format_of(t.format));
            let said = if players < need {
                store::end_tournament(tx, id, TournamentStatus::Cancelled, now)?;
                let message = Message::TournamentCancelled { tournament: tag(&t), players, needed: need };
                vec![(Reply::new(channel_of(&t), message), None)]
            } else {
                start_in(tx, &t, now)?
            };
            outbox::record(tx, None, t.platform, t.community, said, now)?;
            Ok(true)
        })?;
        if handled {
            done += 1;
        }
    }
    if done > 0 {
        inner.changed();
    }
    Ok(done)
}

// ---------------------------------------------------------------------------
// Standings

/// Whether `game` is a tournament's (its `abort` is refused).
pub(crate) fn in_tournament(inner: &Inner, game: GameId) -> Result<bool> {
    Ok(inner.store.read(|tx| store::tournament_of_game(tx, game))?.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swiss_never_has_more_rounds_than_its_field_plays_without_repeats() {
        assert_eq!([2, 3, 4, 5, 6, 7].map(most_rounds), [1, 3, 3, 5, 5, 7]);
        assert_eq!([Format::Swiss, Format::RoundRobin].map(needed), [3, 2]);
    }

    #[test]
    fn stored_rounds_read_back_as_the_pairings_rounds() {
        let g = |round, board, white, black: Option<i64>, result: Option<&str>| TournamentGame {
            round,
            board,
            white: PlayerId(white),
            black: black.map(PlayerId),
            game: black.map(|_| GameId(i64::from(round * 10 + board))),
            result: result.map(str::to_string),
        };
        let games = [
            g(1, 0, 5, None, None),
            g(1, 1, 1, Some(2), Some("white")),
            g(1, 2, 3, Some(4), Some("black_forfeit")),
            g(2, 1, 2, Some(5), None),
        ];
        let rounds = rounds_of(&games);
        assert_eq!(rounds.len(), 2);
        assert_eq!(rounds[0].bye, Some(5));
        assert_eq!(rounds[0].games[1].result, Some(GameResult::BlackWonByForfeit));
        assert_eq!(rounds[1].games, vec![pairing::Game { white: 2, black: 5, result: None }]);
        let paired = pairing::Paired { games: vec![pairing::Pairing { white: 1, black: 2 }], bye: Some(3) };
        assert_eq!(boards_of(&paired), vec![(0, PlayerId(3), None), (1, PlayerId(1), Some(PlayerId(2)))]);
    }
}
