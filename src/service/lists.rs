//! What people look up: their games, a game's history, leaderboards, ratings, the
//! rules and the help.

use super::boards::{self, find_game, here, tag};
use super::finisher::shown;
use super::message::{BoardRow, GameLine, HeadToHead, Message, RatingLine};
use super::names::Person;
use super::people::{actor_person, find_actor, find_community, Here, Seats};
use super::refusal::Refusal;
use super::types::{ChartLine, ChartSpec, Picture, ReplaySpec};
use super::{Failure, GameRef, Inner, Reply, Request, Target, UserRef};
use crate::config::Platform;
use crate::games::GameKind;
use crate::render::chart::RatingPoint;
use crate::render::replay::Speed;
use crate::store::{self, PlayerId, Scope, SeatHolder};

type Result<T> = std::result::Result<T, Failure>;

/// A stored player as messages name them.
pub(crate) fn person_of(inner: &Inner, player: PlayerId) -> Result<Person> {
    let p = inner.store.read(|tx| store::load_player(tx, player))?;
    Ok(Person::User(UserRef { user_id: p.user_id, name: p.display_name }))
}

pub(crate) fn games(inner: &Inner, req: &Request) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let list = match me {
        Some(me) => inner.store.read(|tx| store::games_in_progress(tx, me))?,
        None => Vec::new(),
    };
    let now = inner.clock.now();
    let mut games = Vec::new();
    for g in &list {
        let mine = me.map(SeatHolder::Player);
        let mut others = Vec::new();
        for s in g.seats.iter().filter(|s| Some(&s.holder) != mine.as_ref()) {
            others.push(match &s.holder {
                SeatHolder::Player(p) => (person_of(inner, *p)?, None),
                SeatHolder::Computer(level) => (Person::Computer, Some(*level)),
            });
        }
        let to_move = match g.seats.iter().find(|s| s.seat == g.to_move) {
            Some(s) if Some(&s.holder) == mine.as_ref() => None,
            Some(s) => Some(match &s.holder {
                SeatHolder::Player(p) => person_of(inner, *p)?,
                SeatHolder::Computer(_) => Person::Computer,
            }),
            None => Some(Person::Computer),
        };
        games.push(GameLine {
            game: super::GameTag { kind: g.kind, id: g.public_id.to_string() },
            others,
            ply: g.ply,
            to_move,
            left: g.turn_deadline.map(|d| (d - now).max(0)),
        });
    }
    let mut reply = Reply::new(here(inner, &req.place), Message::Games { games });
    reply.only_actor = true;
    Ok(vec![reply])
}

pub(crate) fn history(inner: &Inner, req: &Request, game: &GameRef) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, false)?;
    let seats = Seats::of(&record);
    let quote = |s: &str| format!("'{}'", s.replace('\'', r"'\''"));
    let mut replay = format!("boardbot game {} --settings {}", record.kind, quote(&record.settings));
    if let Some(code) = &record.start_code {
        replay.push_str(&format!(" --from {}", quote(code)));
    }
    for m in &record.moves {
        replay.push(' ');
        replay.push_str(&quote(&m.text));
    }
    let message = Message::History {
        game: tag(&record),
        players: seats.all().to_vec(),
        moves: record.moves.iter().map(|m| m.text.clone()).collect(),
        code: record.code.clone(),
        replay,
    };
    Ok(vec![Reply::new(here(inner, &req.place), message)])
}

/// An animated replay of a game, for anyone (spectators too). Without an id: the
/// game of the thread, else the actor's game of that kind in progress, else the one
/// they played last, else the one game of that kind going on in the channel.
pub(crate) fn replay(inner: &Inner, req: &Request, game: &GameRef, flip: bool, speed: Speed) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = match find_game(inner, req, game, me, true) {
        Ok(record) => record,
        Err(Failure::User(Refusal::NoGameOfKind(_))) => {
            let kind = game.kind;
            let last = match me {
                Some(me) => inner.store.read(|tx| store::last_game_of_kind(tx, me, kind))?,
                None => None,
            };
            match last {
                Some(id) => inner.store.load_game(id)?,
                None => find_game(inner, req, game, me, false)?,
            }
        }
        Err(e) => return Err(e),
    };
    let seats = Seats::of(&record);
    let (views, position) = boards::replay_views(&record)?;
    let names = (0..record.seats.len()).map(|i| super::people::picture_name(&record, i, boards::BOT)).collect();
    let message = Message::Replay {
        game: tag(&record),
        players: seats.all().to_vec(),
        moves: record.ply,
        ending: boards::ending(&record, &position, &seats),
    };
    let mut reply = Reply::new(here(inner, &req.place), message);
    reply.picture = Some(Picture::Replay(ReplaySpec {
        kind: record.kind,
        game: record.public_id.as_str().to_string(),
        views,
        names,
        flip,
        speed,
        ended: boards::ended_by(&record, &position, &seats),
    }));
    Ok(vec![reply])
}

pub(crate) fn leaderboard(inner: &Inner, req: &Request, kind: GameKind, global: bool) -> Result<Vec<Reply>> {
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
    let mut said = Vec::new();
    for r in rows {
        said.push(BoardRow {
            rank: r.rank,
            person: person_of(inner, r.player)?,
            rating: shown(&r.rating, &config),
            games: r.games,
        });
    }
    let message = Message::Leaderboard { kind, everywhere: scope == Some(Scope::Global), rows: said };
    Ok(vec![Reply::new(here(inner, &req.place), message)])
}

fn target_player(inner: &Inner, platform: Platform, t: &Target) -> Result<(PlayerId, Person)> {
    match t {
        Target::Computer => Err(Refusal::ComputerNoRating.into()),
        Target::User { user_id, display_name, .. } => {
            let found = inner.store.read(|tx| store::find_player(tx, platform, user_id))?;
            found.map(|p| (p.id, Person::User(UserRef { user_id: p.user_id, name: p.display_name }))).ok_or_else(|| {
                Refusal::NotPlayedYet(Person::User(UserRef { user_id: user_id.clone(), name: display_name.clone() }))
                    .into()
            })
        }
    }
}

pub(crate) fn rating(
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
    let (who, person) = match target_player(inner, platform, player.unwrap_or(&me)) {
        Ok(found) => found,
        Err(_) if player.is_none() => return Ok(vec![Reply::new(here(inner, &req.place), Message::NoRatingYet)]),
        Err(e) => return Err(e),
    };
    let config = *inner.store.rating_config();
    let ratings = inner.store.read(|tx| store::player_ratings(tx, who, &config))?;
    let community = match find_community(inner, platform, &req.place)? {
        Here::Known(c) => Some(c),
        Here::Unknown | Here::Nowhere => None,
    };
    let mut lines = Vec::new();
    for r in ratings.iter().filter(|r| kind.is_none_or(|k| r.kind == k)) {
        let here = match r.scope {
            Scope::Global => false,
            Scope::Community(c) if Some(c) == community => true,
            Scope::Community(_) => continue,
        };
        lines.push(RatingLine {
            kind: r.kind,
            here,
            rating: shown(&r.rating, &config),
            games: r.games,
            rank: r.rank,
            of: r.of,
        });
    }
    let versus = match versus {
        Some(v) => {
            let (other, other_person) = target_player(inner, platform, v)?;
            let h = inner.store.read(|tx| store::head_to_head(tx, who, other, kind))?;
            Some(HeadToHead { other: other_person, games: h.games, wins: h.wins, draws: h.draws, losses: h.losses })
        }
        None => None,
    };
    let player = if player.is_none() { actor_person(&req.actor) } else { person };
    let chart = if lines.is_empty() { None } else { rating_chart(inner, who, kind, &player)? };
    let mut reply = Reply::new(here(inner, &req.place), Message::Ratings { player, kind, lines, versus });
    reply.picture = chart.map(Picture::Chart);
    Ok(vec![reply])
}

/// The chart of `who`'s ratings everywhere over time, one line per game (or only
/// `kind`'s); `None` when they have no rated game.
fn rating_chart(inner: &Inner, who: PlayerId, kind: Option<GameKind>, person: &Person) -> Result<Option<ChartSpec>> {
    let kinds: Vec<GameKind> = GameKind::ALL.iter().copied().filter(|k| kind.is_none_or(|asked| asked == *k)).collect();
    let histories = inner.store.read(|tx| {
        kinds
            .iter()
            .map(|k| Ok((*k, store::rating_history(tx, who, *k, Scope::Global)?)))
            .collect::<std::result::Result<Vec<_>, store::StoreError>>()
    })?;
    let lines: Vec<ChartLine> = histories
        .into_iter()
        .filter(|(_, history)| !history.is_empty())
        .map(|(kind, history)| ChartLine {
            kind,
            points: history
                .into_iter()
                .map(|(at_ms, _, r)| RatingPoint { at_ms, rating: r.rating, deviation: r.deviation })
                .collect(),
        })
        .collect();
    let player = match person {
        Person::User(u) => u.name.clone(),
        Person::Computer => boards::BOT.to_string(),
    };
    Ok((!lines.is_empty()).then_some(ChartSpec { player, lines }))
}

/// The rules of one game or of every game, each with its start position.
pub(crate) fn rules(inner: &Inner, req: &Request, kind: Option<GameKind>) -> Result<Vec<Reply>> {
    let kinds: Vec<GameKind> = match kind {
        Some(k) => vec![k],
        None => GameKind::ALL.to_vec(),
    };
    let mut replies = Vec::new();
    for k in kinds {
        let position = crate::games::Position::start(&k.default_settings());
        let mut reply = Reply::new(here(inner, &req.place), Message::Rules { kind: k });
        reply.picture = Some(super::Picture::Board(super::Board {
            kind: k,
            game: None,
            ply: 0,
            flip: false,
            view: position.view(None),
            names: Vec::new(),
            clock: super::ClockNote::default(),
            ended: None,
            diagram: position.diagram(),
        }));
        replies.push(reply);
    }
    Ok(replies)
}
