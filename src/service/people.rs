//! Who is who: the actor's player row, communities, and the people of a game's seats
//! as messages name them.

use super::names::{Person, SeatRef};
use super::{Actor, Failure, Inner, Place, UserRef};
use crate::config::Platform;
use crate::games::{Phrase, Position};
use crate::store::{self, CommunityId, GameRecord, PlayerId, SeatHolder};

type Result<T> = std::result::Result<T, Failure>;

/// The actor's player row, if they were seen before (a read).
pub(crate) fn find_actor(inner: &Inner, actor: &Actor) -> Result<Option<PlayerId>> {
    let platform = actor.platform;
    let user = actor.user_id.clone();
    Ok(inner.store.player_id(platform, &user)?)
}

/// The player row of a user, created or renamed when needed (a write only then).
pub(crate) fn ensure_player(inner: &Inner, platform: Platform, user_id: &str, name: &str) -> Result<PlayerId> {
    let found = inner.store.read_once(|tx| store::find_player(tx, platform, user_id))?;
    if let Some(p) = &found {
        if p.display_name == name {
            return Ok(p.id);
        }
    }
    let (user_id, name, now) = (user_id.to_string(), name.to_string(), inner.clock.now());
    Ok(inner.store.write(move |tx| store::upsert_player(tx, platform, &user_id, &name, now))?)
}

/// The place's community, created when needed.
pub(crate) fn ensure_community(inner: &Inner, platform: Platform, place: &Place) -> Result<Option<CommunityId>> {
    let Some(community) = place.community.clone() else { return Ok(None) };
    let now = inner.clock.now();
    Ok(Some(inner.store.write(move |tx| store::upsert_community(tx, platform, &community, None, now))?))
}

/// Where a question about "here" looks: the place's community when it has one.
pub(crate) enum Here {
    /// The place belongs to no community (a direct message).
    Nowhere,
    /// The place's community has never been stored: nothing was ever rated there.
    Unknown,
    /// The place's community.
    Known(CommunityId),
}

/// The place's community without creating it (a read only).
pub(crate) fn find_community(inner: &Inner, platform: Platform, place: &Place) -> Result<Here> {
    let Some(community) = place.community.as_deref() else { return Ok(Here::Nowhere) };
    Ok(match inner.store.read(|tx| store::find_community(tx, platform, community))? {
        Some(c) => Here::Known(c),
        None => Here::Unknown,
    })
}

/// The actor as messages name them.
pub(crate) fn actor_person(actor: &Actor) -> Person {
    Person::User(UserRef { user_id: actor.user_id.clone(), name: actor.display_name.clone() })
}

/// The seats of a game as people, in seat order.
pub(crate) struct Seats {
    people: Vec<Person>,
}

impl Seats {
    /// The people of `record`'s seats (read with the record: no store access).
    pub(crate) fn of(record: &GameRecord) -> Seats {
        let people = record
            .seats
            .iter()
            .map(|s| match (&s.holder, &s.user_id) {
                (SeatHolder::Player(_), Some(user_id)) => {
                    Person::User(UserRef { user_id: user_id.clone(), name: s.name.clone() })
                }
                _ => Person::Computer,
            })
            .collect();
        Seats { people }
    }

    /// The person of `seat` (the computer for a seat out of range, which no stored
    /// game has).
    pub(crate) fn person(&self, seat: usize) -> Person {
        self.people.get(seat).cloned().unwrap_or(Person::Computer)
    }

    /// Everyone, in seat order.
    pub(crate) fn all(&self) -> &[Person] {
        &self.people
    }

    /// The seat with its colour in `position`'s game.
    pub(crate) fn seat(&self, position: &Position, seat: usize) -> SeatRef {
        SeatRef { person: self.person(seat), colour: colour(position, seat) }
    }

    /// Whom to notify: the people (not the computer) of the seats `which` keeps.
    pub(crate) fn users(&self, which: impl Fn(usize) -> bool) -> Vec<UserRef> {
        self.people.iter().enumerate().filter(|(i, _)| which(*i)).filter_map(|(_, p)| p.user().cloned()).collect()
    }
}

/// A seat's colour as a catalog term.
pub(crate) fn colour(position: &Position, seat: usize) -> Phrase {
    match position.seats().get(seat) {
        Some(info) => Phrase::new(info.term),
        None => Phrase::new("game-seat-unknown"),
    }
}

/// The name the picture writes for `seat`: the person's name, or `boardbot` for the
/// computer.
pub(crate) fn picture_name(record: &GameRecord, seat: usize, bot: &str) -> String {
    match record.seats.get(seat) {
        Some(s) => match &s.holder {
            SeatHolder::Player(_) => s.name.clone(),
            SeatHolder::Computer(_) => bot.to_string(),
        },
        None => String::new(),
    }
}

/// The platform of the game's people (the outbox is per platform); the terminal's for
/// a game without any.
pub(crate) fn platform_of(inner: &Inner, record: &GameRecord) -> std::result::Result<Platform, Failure> {
    for s in &record.seats {
        if let SeatHolder::Player(p) = s.holder {
            return Ok(inner.store.read(move |tx| store::load_player(tx, p))?.platform);
        }
    }
    Ok(Platform::Terminal)
}
