//! The web pages' use cases, read-only: what a game's page and a community's page show,
//! as typed data, built from a [`Store`] without starting a whole [`Service`] (no
//! computer, no clocks: `boardbot web` only reads, and several may serve one
//! PostgreSQL database). `present` words the data and `web` serves it.
//!
//! # Links
//!
//! Every URL the pages use is built here ([`Links`]), so that the web server's routes
//! and the links in chat (issue #44, part 2) agree:
//!
//! | path | what |
//! |---|---|
//! | `/g/TOKEN` | a game's page, at its last move |
//! | `/g/TOKEN/PLY` | the same page at move `PLY` (0: the start) |
//! | `/g/TOKEN/PLY-KEY-LANG.png` | the board after move `PLY` |
//! | `/g/TOKEN/replay-KEY-LANG.gif` | the game's animated replay |
//! | `/g/TOKEN/events` | server-sent events: the game changed |
//! | `/c/TOKEN` | a community's page, while it is on |
//! | `/t/TOKEN` | a tournament's page: standings, crosstable, pairings |
//!
//! `TOKEN` is the game's (or the community's) unguessable token
//! ([`crate::store::Token`]), never the game's public id. `KEY` is a picture's version:
//! a hash of everything the picture shows (the game's settings, start, moves up to the
//! ply, the players' names and, for the last ply of a finished game, how it ended), so
//! a picture's URL changes whenever the picture could, and a URL always shows the same
//! bytes: they are cached for a year. `LANG` is the language of the picture's words. A
//! board's picture carries no clock (the page says the time left), so it stays true.

use std::sync::Arc;

use super::boards::{self, BOT};
use super::finisher::shown;
pub use super::links::{is_key, Links};
use super::links::{links_in, names, picture_key, replay_key};
use super::message::{ClockNote, Next, RatingShown};
use super::names::{Person, SeatRef, TournamentState, UserRef};
use super::people::Seats;
pub use super::types::GameLinks;
use super::types::{Board, ReplaySpec, StandingsSpec};
use super::{Clock, Failure, Service};
use crate::ai::Level;
use crate::games::{GameKind, Phrase};
use crate::lang::Lang;
use crate::render::replay::Speed;
use crate::store::{self, GameId, GameRecord, Millis, Scope, SeatHolder, Status, Store, StoreError, Token};

/// Tournaments a community's page lists, at most.
const RECENT_TOURNAMENTS: u32 = 10;
/// The name the pages give the computer.
pub const COMPUTER_NAME: &str = BOT;
/// How many games a community's page lists.
pub const RECENT_GAMES: u32 = 20;
/// How many players each of a community's leaderboards shows.
pub const LEADERS: u32 = 10;
/// The most moves a game's page lists; the list of a longer game begins with a note
/// of how many earlier moves it leaves out (each stays reachable by its URL).
pub const MOVES_LISTED: usize = 1_000;

/// Why a page cannot be shown.
#[derive(Debug, thiserror::Error)]
pub enum PageError {
    /// No such page: an unknown token, a ply the game does not have, a stale picture
    /// version, a community page turned off. The reader learns nothing more.
    #[error("not found")]
    NotFound,
    /// The store failed, or a stored game does not replay (logged; the reader sees a
    /// plain error page).
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<StoreError> for PageError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound(_) => PageError::NotFound,
            other => PageError::Internal(other.to_string()),
        }
    }
}

impl From<Failure> for PageError {
    fn from(e: Failure) -> Self {
        match e {
            Failure::User(refusal) => PageError::Internal(format!("{refusal:?}")),
            Failure::Internal(e) => PageError::Internal(e),
        }
    }
}

type Result<T> = std::result::Result<T, PageError>;

/// The store the pages read: one of their own (`boardbot web`), or a running
/// service's.
#[derive(Clone)]
enum Source {
    Own(Arc<Store>),
    Service(Service),
}

/// The web pages' use cases over one store. Cheap to clone; blocking (call from
/// `spawn_blocking`).
#[derive(Clone)]
pub struct Pages {
    source: Source,
    clock: Arc<dyn Clock>,
    moves_listed: usize,
}

impl std::fmt::Debug for Pages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pages").field("store", self.store()).finish_non_exhaustive()
    }
}

impl Service {
    /// The links of the game `public_id` for chat messages (its page, the board of
    /// move `ply`, default the last, in `lang`), under the address the web pages are
    /// reached at; `None` when this bot serves no web pages (`[web]` not set) or the
    /// links cannot be had (logged).
    pub fn game_links(&self, public_id: &str, ply: Option<u32>, lang: Lang) -> Option<GameLinks> {
        super::links::game_links(&self.inner, public_id, ply, lang)
    }

    /// The web pages over this service's store.
    pub fn pages(&self) -> Pages {
        Pages {
            source: Source::Service(self.clone()),
            clock: Arc::clone(&self.inner.clock),
            moves_listed: MOVES_LISTED,
        }
    }
}

/// A seat of a game as its page shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerLine {
    /// Who: a person by the name they go by (no platform id: pages show nothing else
    /// about people), or the computer.
    pub person: Person,
    /// The computer's level, for its seat.
    pub level: Option<Level>,
    /// The seat's colour.
    pub colour: Phrase,
    /// Their rating in this game where the game counts (its community's board, else
    /// everyone's), once they have one.
    pub rating: Option<RatingShown>,
}

/// One move of a game's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLine {
    /// Its number, 1 for the first.
    pub ply: u32,
    /// Its canonical text.
    pub text: String,
    /// The colour of the seat that played it.
    pub colour: Phrase,
}

/// A game's page: who plays, how it stands, its moves, and the board at one move.
#[derive(Clone, Debug, PartialEq)]
pub struct GamePage {
    /// The page's token.
    pub token: String,
    /// The game.
    pub kind: GameKind,
    /// Its public id (`K7Q2`), as chat names it.
    pub public_id: String,
    /// Counts for ratings.
    pub rated: bool,
    /// The seats in playing order.
    pub players: Vec<PlayerLine>,
    /// Whose turn it is and the time left, or how it ended (at its last move).
    pub next: Next,
    /// Moves played.
    pub last_ply: u32,
    /// The move the page shows the board at.
    pub ply: u32,
    /// The board at [`GamePage::ply`], without a clock.
    pub board: Board,
    /// The version of that board's picture.
    pub board_key: String,
    /// The version of the picture of the last move (the preview's image).
    pub last_key: String,
    /// The version of the replay.
    pub replay_key: String,
    /// The moves listed: the last [`MOVES_LISTED`] at most (see [`Pages::listing`]).
    pub moves: Vec<MoveLine>,
    /// Earlier moves left out of [`GamePage::moves`].
    pub moves_left_out: u32,
    /// Whether the game goes on (the page then follows it live).
    pub ongoing: bool,
}

/// One line of a community's leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderLine {
    /// The rank, from 1.
    pub rank: u32,
    /// The name they go by.
    pub name: String,
    /// Their rating.
    pub rating: RatingShown,
    /// Rated games played.
    pub games: u32,
}

/// A game in a community's list.
#[derive(Clone, Debug, PartialEq)]
pub struct GameListed {
    /// The game.
    pub kind: GameKind,
    /// Its page's token.
    pub token: String,
    /// Its players' names in seat order (`boardbot` for the computer).
    pub names: Vec<String>,
    /// Moves played.
    pub ply: u32,
    /// Whether it goes on.
    pub ongoing: bool,
    /// When it last changed.
    pub updated_at: Millis,
}

/// A community's page: a leaderboard per game, and its latest games.
#[derive(Clone, Debug, PartialEq)]
pub struct CommunityPage {
    /// The community's name, when its platform gave one.
    pub name: Option<String>,
    /// Each game with its leaderboard (possibly empty), in the registry's order.
    pub leaderboards: Vec<(GameKind, Vec<LeaderLine>)>,
    /// The latest games, most recently changed first.
    pub games: Vec<GameListed>,
    /// The community's latest tournaments, newest first: each with its page's token.
    pub tournaments: Vec<(super::names::TournamentTag, TournamentState, String)>,
}

/// A tournament's page: its standings (with a round robin's crosstable) and every
/// round's pairings, each game linked to its own page.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentPage {
    /// Where it stands.
    pub state: TournamentState,
    /// The standings, as the picture draws them (the tournament, its round, the
    /// players' names).
    pub standings: StandingsSpec,
    /// The rounds paired so far, in order.
    pub rounds: Vec<RoundListed>,
}

/// A round of a tournament's page.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundListed {
    /// The round, from 1.
    pub round: u32,
    /// Its boards, in order.
    pub boards: Vec<BoardListed>,
    /// Who has the bye (a Swiss) or rests (a round robin), if anyone.
    pub bye: Option<String>,
}

/// A board of a round.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardListed {
    /// The board, from 1.
    pub board: u32,
    /// The first seat's name, and the second's.
    pub names: (String, String),
    /// The game's page token, once its game began and has a page.
    pub token: Option<String>,
    /// The result as the tournament counts it, once the game ended.
    pub result: Option<crate::pairing::GameResult>,
}

/// What a live page watches: a game, opaque to the web layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Watched(GameId);

/// The games changed by the running service whose store the pages read, for live
/// pages ([`Pages::changes`]).
pub struct Changes(tokio::sync::broadcast::Receiver<GameId>);

impl Changes {
    /// The next game changed, once committed: `Some(Some(game))`; `Some(None)` when
    /// changes were missed (look at every game); `None` once the service is gone.
    pub async fn next(&mut self) -> Option<Option<Watched>> {
        use tokio::sync::broadcast::error::RecvError;
        match self.0.recv().await {
            Ok(game) => Some(Some(Watched(game))),
            Err(RecvError::Lagged(_)) => Some(None),
            Err(RecvError::Closed) => None,
        }
    }
}

/// A game's state as far as a live page cares: when it changes, the page reloads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Version(store::GameVersion);

impl Version {
    /// Moves played then.
    pub fn ply(&self) -> u32 {
        self.0.ply
    }
}

impl Pages {
    /// The pages over a store of their own (`boardbot web`), reading `clock` for the
    /// time left.
    pub fn open(store: Store, clock: Arc<dyn Clock>) -> Pages {
        Pages { source: Source::Own(Arc::new(store)), clock, moves_listed: MOVES_LISTED }
    }

    /// The same pages listing at most `moves` moves of a game ([`MOVES_LISTED`] by
    /// default).
    pub fn listing(mut self, moves: usize) -> Pages {
        self.moves_listed = moves;
        self
    }

    fn store(&self) -> &Store {
        match &self.source {
            Source::Own(store) => store,
            Source::Service(service) => service.store(),
        }
    }

    /// The games the running service changes, as it changes them; `None` for pages
    /// with a store of their own (`boardbot web`), which find changes by polling.
    pub fn changes(&self) -> Option<Changes> {
        match &self.source {
            Source::Own(_) => None,
            Source::Service(service) => Some(Changes(service.game_changes())),
        }
    }

    /// The running service whose store these pages read: people signed in play
    /// through it. `None` for pages with a store of their own (`boardbot web`), which
    /// are read-only.
    pub fn service(&self) -> Option<&Service> {
        match &self.source {
            Source::Own(_) => None,
            Source::Service(service) => Some(service),
        }
    }

    /// Whether the database answers (`/healthz`).
    pub fn healthy(&self) -> std::result::Result<(), StoreError> {
        self.store().ping()
    }

    /// The game a page's token opens.
    fn game_of(&self, token: &str) -> Result<(Token, GameRecord)> {
        let token = Token::parse(token).ok_or(PageError::NotFound)?;
        let found = self.store().read_once(|tx| store::game_of_link(tx, &token))?;
        let game = found.ok_or(PageError::NotFound)?;
        Ok((token, self.store().load_game(game)?))
    }

    /// The page of the game `token` opens, its board at move `ply` (default: the
    /// last).
    pub fn game(&self, token: &str, ply: Option<u32>) -> Result<GamePage> {
        let (token, record) = self.game_of(token)?;
        let ply = ply.unwrap_or(record.ply);
        if ply > record.ply {
            return Err(PageError::NotFound);
        }
        let seats = Seats::of(&record);
        let (position, last) = boards::replayed(&record, Some(ply))?;
        let current = if ply == record.ply { position.clone() } else { boards::current(&record)? };
        let board = self.board_of(&record, &position, last, ply, &seats);
        let now = self.clock.now();
        let next = anonymous_next(boards::next_at(self.store(), now, &record, &current, &seats));
        let players = self.players(&record, &current)?;
        let skip = record.moves.len().saturating_sub(self.moves_listed);
        let moves = record.moves[skip..]
            .iter()
            .map(|m| MoveLine {
                ply: m.ply,
                text: m.text.clone(),
                colour: super::people::colour(&current, usize::from(m.seat)),
            })
            .collect();
        Ok(GamePage {
            token: token.as_str().to_string(),
            kind: record.kind,
            public_id: record.public_id.as_str().to_string(),
            rated: record.rated,
            players,
            next,
            last_ply: record.ply,
            ply,
            board,
            board_key: picture_key(&record, ply),
            last_key: picture_key(&record, record.ply),
            replay_key: replay_key(&record),
            moves,
            moves_left_out: u32::try_from(skip).unwrap_or(u32::MAX),
            ongoing: record.status == Status::Ongoing,
        })
    }

    /// The board to draw for `token`'s game after move `ply`, when `key` is that
    /// picture's version now (else [`PageError::NotFound`]: the URL is stale).
    pub fn board(&self, token: &str, ply: u32, key: &str) -> Result<Board> {
        let (_, record) = self.game_of(token)?;
        if ply > record.ply || picture_key(&record, ply) != key {
            return Err(PageError::NotFound);
        }
        let seats = Seats::of(&record);
        let (position, last) = boards::replayed(&record, Some(ply))?;
        Ok(self.board_of(&record, &position, last, ply, &seats))
    }

    /// The replay to draw for `token`'s game, when `key` is its version now.
    pub fn replay(&self, token: &str, key: &str) -> Result<ReplaySpec> {
        let (_, record) = self.game_of(token)?;
        if replay_key(&record) != key {
            return Err(PageError::NotFound);
        }
        let seats = Seats::of(&record);
        let (views, position) = boards::replay_views(&record)?;
        Ok(ReplaySpec {
            kind: record.kind,
            game: record.public_id.as_str().to_string(),
            views,
            names: names(&record),
            flip: false,
            speed: Speed::default(),
            ended: boards::ended_by(&record, &position, &seats),
        })
    }

    fn board_of(
        &self,
        record: &GameRecord,
        position: &crate::games::Position,
        last: Option<crate::games::MoveView<Phrase>>,
        ply: u32,
        seats: &Seats,
    ) -> Board {
        // How the game ended shows on its last board only; no board shows a clock, so
        // that a picture's URL stays true for a year.
        let mut board = boards::board_with_clock(record, position, last, false, seats, ClockNote::default());
        board.ply = ply;
        if ply != record.ply {
            board.ended = None;
        }
        board
    }

    fn players(&self, record: &GameRecord, position: &crate::games::Position) -> Result<Vec<PlayerLine>> {
        let scope = record.community.map_or(Scope::Global, Scope::Community);
        let config = *self.store().rating_config();
        let kind = record.kind;
        let mut lines = Vec::with_capacity(record.seats.len());
        for s in &record.seats {
            let (person, level, rating) = match &s.holder {
                SeatHolder::Player(p) => {
                    let p = *p;
                    let ratings = self.store().read_once(|tx| store::player_ratings(tx, p, &config))?;
                    let rating =
                        ratings.iter().find(|r| r.kind == kind && r.scope == scope).map(|r| shown(&r.rating, &config));
                    (named(&s.name), None, rating)
                }
                SeatHolder::Computer(level) => (Person::Computer, Some(*level), None),
            };
            lines.push(PlayerLine {
                person,
                level,
                colour: super::people::colour(position, usize::from(s.seat)),
                rating,
            });
        }
        Ok(lines)
    }

    /// The page of the community `token` opens, while it is on.
    pub fn community(&self, token: &str) -> Result<CommunityPage> {
        let token = Token::parse(token).ok_or(PageError::NotFound)?;
        let config = *self.store().rating_config();
        self.store()
            .read(|tx| {
                let Some(community) = store::community_of_page(tx, &token)? else { return Ok(None) };
                let name = store::community_name(tx, community)?;
                let mut leaderboards = Vec::new();
                for kind in GameKind::ALL {
                    let rows = store::leaderboard(tx, *kind, Scope::Community(community), LEADERS, &config)?;
                    let lines = rows
                        .into_iter()
                        .map(|r| LeaderLine {
                            rank: r.rank,
                            name: r.name,
                            rating: shown(&r.rating, &config),
                            games: r.games,
                        })
                        .collect();
                    leaderboards.push((*kind, lines));
                }
                let games = store::community_games(tx, community, RECENT_GAMES)?
                    .into_iter()
                    .filter_map(|(g, token)| {
                        let names = g
                            .seats
                            .iter()
                            .map(|s| match s.holder {
                                SeatHolder::Player(_) => s.name.clone(),
                                SeatHolder::Computer(_) => BOT.to_string(),
                            })
                            .collect();
                        Some(GameListed {
                            kind: g.kind,
                            token: token?.as_str().to_string(),
                            names,
                            ply: g.ply,
                            ongoing: g.status == Status::Ongoing,
                            updated_at: g.updated_at,
                        })
                    })
                    .collect();
                let tournaments = store::community_tournaments(tx, community, RECENT_TOURNAMENTS)?
                    .into_iter()
                    .map(|t| {
                        let tag = super::tournament_table::tag(&t);
                        (tag, super::tournament_table::state_of(t.status), t.token.as_str().to_string())
                    })
                    .collect();
                Ok(Some(CommunityPage { name, leaderboards, games, tournaments }))
            })?
            .ok_or(PageError::NotFound)
    }

    /// The page of the tournament `token` opens.
    pub fn tournament(&self, token: &str) -> Result<TournamentPage> {
        let token = Token::parse(token).ok_or(PageError::NotFound)?;
        let found = self.store().read(|tx| {
            let Some(id) = store::tournament_of_page(tx, &token)? else { return Ok(None) };
            let t = store::load_tournament(tx, id)?;
            let entrants = store::entrants(tx, id)?;
            let games = store::tournament_games(tx, id)?;
            let mut links = Vec::with_capacity(games.len());
            for g in &games {
                links.push(match g.game {
                    Some(game) => store::game_link(tx, game)?.map(|t| t.as_str().to_string()),
                    None => None,
                });
            }
            Ok(Some((t, entrants, games, links)))
        })?;
        let Some((t, entrants, games, links)) = found else { return Err(PageError::NotFound) };
        let table =
            super::tournament_table::table_of(&t, &entrants, &games).map_err(|e| PageError::Internal(e.to_string()))?;
        let name =
            |p: store::PlayerId| entrants.iter().find(|e| e.player == p).map(|e| e.name.clone()).unwrap_or_default();
        let mut rounds: Vec<RoundListed> = Vec::new();
        for (g, token) in games.iter().zip(links) {
            if rounds.last().is_none_or(|r| r.round != g.round) {
                rounds.push(RoundListed { round: g.round, boards: Vec::new(), bye: None });
            }
            let Some(round) = rounds.last_mut() else { continue };
            match g.black {
                None => round.bye = Some(name(g.white)),
                Some(black) => round.boards.push(BoardListed {
                    board: g.board,
                    names: (name(g.white), name(black)),
                    token,
                    result: g.result.as_deref().and_then(crate::pairing::GameResult::from_key),
                }),
            }
        }
        Ok(TournamentPage { state: super::tournament_table::state_of(t.status), standings: table.spec, rounds })
    }

    /// What a live page of `token`'s game watches.
    pub fn watch(&self, token: &str) -> Result<Watched> {
        let token = Token::parse(token).ok_or(PageError::NotFound)?;
        let found = self.store().read_once(|tx| store::game_of_link(tx, &token))?;
        found.map(Watched).ok_or(PageError::NotFound)
    }

    /// The watched game's version now: one indexed row. The one function live pages
    /// poll; the events of issue #43 will replace the poll.
    pub fn version(&self, watched: Watched) -> Result<Version> {
        let found = self.store().read_once(|tx| store::game_version(tx, watched.0))?;
        found.map(Version).ok_or(PageError::NotFound)
    }

    /// The links of the game `public_id` under `links`: its page, and the board of
    /// move `ply` (default: the last) in `lang`, for chat messages (a link, a
    /// preview, an embed's image). Gives the game its token if it has none yet (a
    /// game made before the web pages existed): a write, once.
    pub fn links_of(&self, public_id: &str, ply: Option<u32>, links: &Links, lang: Lang) -> Result<GameLinks> {
        links_in(self.store(), self.clock.now(), public_id, ply, links, lang)?.ok_or(PageError::NotFound)
    }
}

/// A person by name alone, as pages show them.
fn named(name: &str) -> Person {
    Person::User(UserRef { user_id: String::new(), name: name.to_string() })
}

/// The same person without their platform id: a page shows names, nothing else.
fn anonymous(person: Person) -> Person {
    match person {
        Person::User(u) => named(&u.name),
        Person::Computer => Person::Computer,
    }
}

fn anonymous_seat(seat: SeatRef) -> SeatRef {
    SeatRef { person: anonymous(seat.person), colour: seat.colour }
}

fn anonymous_next(next: Next) -> Next {
    match next {
        Next::ToMove { seat, clock } => Next::ToMove {
            seat: anonymous_seat(seat),
            clock: ClockNote { left: clock.left, vacation: clock.vacation.map(|(p, until)| (anonymous(p), until)) },
        },
        Next::Over(mut ending) => {
            ending.result = match ending.result {
                super::message::ResultSaid::Winner(p) => super::message::ResultSaid::Winner(anonymous(p)),
                super::message::ResultSaid::Shared(people) => {
                    super::message::ResultSaid::Shared(people.into_iter().map(anonymous).collect())
                }
                other => other,
            };
            Next::Over(ending)
        }
    }
}
