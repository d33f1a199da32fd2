//! A tournament's standings as the service shows them: the text's lines and the
//! standings picture, computed from the store's rows by [`pairing::standings`]. Kept
//! apart from `tournaments` so that the outbox, which draws the final standings'
//! picture when it delivers them, needs nothing of the commands (no import cycle).

use super::message::StandingLine;
use super::names::{Person, TournamentState, TournamentTag, UserRef};
use super::types::{Picture, StandingsSpec};
use super::{Failure, Inner};
use crate::pairing::{self, Format, GameResult};
use crate::store::{
    self, Entrant, PlayerId, Tournament, TournamentFormat, TournamentGame, TournamentId, TournamentStatus,
};

type Result<T> = std::result::Result<T, Failure>;

/// The pairing's format of a stored one.
pub(crate) fn format_of(f: TournamentFormat) -> Format {
    match f {
        TournamentFormat::Swiss => Format::Swiss,
        TournamentFormat::RoundRobin => Format::RoundRobin,
    }
}

/// Where a stored tournament stands, as messages say it.
pub(crate) fn state_of(s: TournamentStatus) -> TournamentState {
    match s {
        TournamentStatus::Open => TournamentState::Open,
        TournamentStatus::Running => TournamentState::Running,
        TournamentStatus::Finished => TournamentState::Finished,
        TournamentStatus::Cancelled => TournamentState::Cancelled,
    }
}

/// The tournament as messages name it.
pub(crate) fn tag(t: &Tournament) -> TournamentTag {
    TournamentTag { id: t.id.0, kind: t.kind, format: format_of(t.format), name: t.name.clone(), edition: t.edition }
}

/// An entrant as messages name them.
pub(crate) fn person(e: &Entrant) -> Person {
    Person::User(UserRef { user_id: e.user_id.clone(), name: e.name.clone() })
}

/// The pairing's view of the entrants, in their order of entry.
pub(crate) fn pairing_entrants(entrants: &[Entrant]) -> Vec<pairing::Entrant> {
    entrants
        .iter()
        .map(|e| pairing::Entrant { id: e.player.0.unsigned_abs(), rating: e.rating, withdrawn: e.withdrawn.is_some() })
        .collect()
}

/// The store's player of a pairing's id.
pub(crate) fn player_of(id: pairing::PlayerId) -> PlayerId {
    PlayerId(i64::try_from(id).unwrap_or(i64::MAX))
}

/// The rounds as the pairing reads them: each round's games with their results, and
/// its bye.
pub(crate) fn rounds_of(games: &[TournamentGame]) -> Vec<pairing::Round> {
    let mut rounds: Vec<pairing::Round> = Vec::new();
    for g in games {
        let at = g.round.saturating_sub(1) as usize;
        while rounds.len() <= at {
            rounds.push(pairing::Round::default());
        }
        let white = g.white.0.unsigned_abs();
        match g.black {
            None => rounds[at].bye = Some(white),
            Some(black) => rounds[at].games.push(pairing::Game {
                white,
                black: black.0.unsigned_abs(),
                result: g.result.as_deref().and_then(GameResult::from_key),
            }),
        }
    }
    rounds
}

/// A tournament's standings: the text's lines and the picture's data.
pub(crate) struct Table {
    /// The text's lines, best first.
    pub(crate) lines: Vec<StandingLine>,
    /// The picture's data.
    pub(crate) spec: StandingsSpec,
}

/// The standings of `t` now.
pub(crate) fn table_of(
    t: &Tournament,
    entrants: &[Entrant],
    games: &[TournamentGame],
) -> std::result::Result<Table, pairing::PairingError> {
    let format = format_of(t.format);
    let rounds = rounds_of(games);
    let standings = pairing::standings(format, &pairing_entrants(entrants), &rounds)?;
    let crosstable = (format == Format::RoundRobin).then(|| pairing::crosstable(&standings, &rounds));
    let lines = standings
        .iter()
        .filter_map(|s| {
            let e = entrants.iter().find(|e| e.player == player_of(s.player))?;
            Some(StandingLine {
                rank: u32::try_from(s.rank).unwrap_or(u32::MAX),
                person: person(e),
                points: s.points,
                sonneborn_berger: s.sonneborn_berger,
                second: s.buchholz.or(s.head_to_head).unwrap_or_default(),
                withdrawn: s.withdrawn,
            })
        })
        .collect();
    let names = entrants.iter().map(|e| (e.player.0.unsigned_abs(), e.name.clone())).collect();
    let spec = StandingsSpec {
        tournament: tag(t),
        round: t.round,
        of: t.total_rounds.unwrap_or(t.round),
        standings,
        crosstable,
        names,
    };
    Ok(Table { lines, spec })
}

/// The standings picture of tournament `id` as it stands now (the outbox redraws a
/// final standings notice with it when it delivers it).
pub(crate) fn standings_picture(inner: &Inner, id: TournamentId) -> Result<Picture> {
    let (t, entrants, games) = inner
        .store
        .read(|tx| Ok((store::load_tournament(tx, id)?, store::entrants(tx, id)?, store::tournament_games(tx, id)?)))?;
    let table = table_of(&t, &entrants, &games).map_err(|e| Failure::Internal(e.to_string()))?;
    Ok(Picture::Standings(table.spec))
}
