//! The web pages' words: a game's page and a community's page
//! ([`crate::service::pages`]) worded for a reader, and the reader's language from
//! their browser's `Accept-Language`. The HTML around the words is `web`'s; the
//! words themselves come from `locales/<lang>/web.ftl` and the messages the chat
//! already says (whose turn, how a game ended).

use super::grammar::{Grammar, ThreadSaid};
use super::say::{Say, V};
use crate::lang::Lang;
use crate::pairing::Format;
use crate::render::standings::Table;
use crate::service::pages::{CommunityPage, GamePage, TournamentPage};
use crate::service::{Person, ThreadRef};

/// How the pages write what messages name: a person by name alone (no `@`, no
/// platform id), the computer as `boardbot`, commands as typed in the terminal.
#[derive(Clone, Copy, Debug, Default)]
pub struct WebGrammar;

impl Grammar for WebGrammar {
    fn command(&self, command: &str, sub: &str) -> String {
        if sub.is_empty() {
            format!("/{command}")
        } else {
            format!("/{command} {sub}")
        }
    }

    fn person(&self, person: &Person) -> String {
        match person {
            Person::User(u) => u.name.clone(),
            Person::Computer => crate::service::pages::COMPUTER_NAME.to_string(),
        }
    }

    fn thread(&self, _thread: &ThreadRef) -> ThreadSaid {
        ThreadSaid::Titled
    }
}

/// The reader's language from an `Accept-Language` header (`fr-CH, fr;q=0.9,
/// en;q=0.8`): the first of the five the reader accepts, by their weights; English
/// when none (or no header).
pub fn negotiate(accept_language: Option<&str>) -> Lang {
    let Some(header) = accept_language else { return Lang::En };
    // fluent-langneg reads the tags in their written order: sort them by their
    // weights first (a stable sort keeps the written order between equals).
    let mut weighted: Vec<(&str, f32)> = header
        .split(',')
        .take(32)
        .filter_map(|part| {
            let mut pieces = part.split(';');
            let tag = pieces.next()?.trim();
            let q = pieces
                .find_map(|p| p.trim().strip_prefix("q=").map(|q| q.trim().parse::<f32>().unwrap_or(0.0)))
                .unwrap_or(1.0);
            (!tag.is_empty() && q > 0.0).then_some((tag, q))
        })
        .collect();
    weighted.sort_by(|a, b| b.1.total_cmp(&a.1));
    let sorted: Vec<&str> = weighted.iter().map(|(tag, _)| *tag).collect();
    let requested = fluent_langneg::convert_vec_str_to_langids_lossy(sorted);
    let available: Vec<unic_langid::LanguageIdentifier> =
        Lang::ALL.iter().filter_map(|l| l.code().parse().ok()).collect();
    let default: unic_langid::LanguageIdentifier = Lang::En.code().parse().unwrap_or_default();
    let chosen = fluent_langneg::negotiate_languages(
        &requested,
        &available,
        Some(&default),
        fluent_langneg::NegotiationStrategy::Lookup,
    );
    chosen.first().and_then(|id| Lang::from_tag(id.language.as_str())).unwrap_or(Lang::En)
}

/// A word of the pages (`web-…` in `web.ftl`) in `lang`, with `args`.
pub fn word(lang: Lang, id: &str, args: &[(&str, String)]) -> String {
    super::catalog::words(lang, id, args)
}

/// A seat of a game's page, worded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerWords {
    /// The name (`alice`, `boardbot`).
    pub name: String,
    /// What follows it: the colour, the computer's level, the rating.
    pub detail: String,
}

/// One move of the list, worded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveWords {
    /// Its number.
    pub ply: u32,
    /// Its canonical text.
    pub text: String,
    /// Who played it (`White`), for the list's title attribute.
    pub colour: String,
}

/// A game's page, worded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameWords {
    /// `Kuba · alice vs bob`: the page's title and its preview's (`og:title`).
    pub title: String,
    /// Whose turn it is and the time left, or how it ended (`og:description`).
    pub status: String,
    /// `Game K7Q2 · rated`.
    pub subtitle: String,
    /// The players in seat order.
    pub players: Vec<PlayerWords>,
    /// What the board shows, for people who cannot see it.
    pub alt: String,
    /// `Board after move 12 of 30`.
    pub showing: String,
    /// The moves listed.
    pub moves: Vec<MoveWords>,
    /// `120 earlier moves are not listed`, when some are not.
    pub left_out: Option<String>,
}

/// Words a game's page for `lang`.
pub fn game_words(page: &GamePage, lang: Lang) -> GameWords {
    let grammar = WebGrammar;
    let mut say = Say::new(lang, &grammar);
    let game = say.game(page.kind);
    let names: Vec<String> = page.players.iter().map(|p| grammar.person(&p.person)).collect();
    let versus = say.fold("list-versus", names.iter().map(|n| say.clean_text(n)).collect());
    let title = say.t("web-title-game", vec![("game", game.clone().into()), ("players", versus.into())]);
    let status = say.next(&page.next);
    let status = say.finish_plain(&status);
    let subtitle = say.t(
        "web-subtitle",
        vec![("id", page.public_id.clone().into()), ("rated", Say::yes(page.rated)), ("game", game.into())],
    );
    let players = page
        .players
        .iter()
        .zip(&names)
        .map(|(p, name)| {
            let colour = say.phrase(&p.colour);
            let detail = match (p.level, p.rating) {
                (Some(level), _) => say.t(
                    "web-player-computer",
                    vec![("colour", colour.into()), ("level", say.t0(&format!("level-{}", level.name())).into())],
                ),
                (None, Some(r)) => say.t(
                    "web-player-rated",
                    vec![
                        ("colour", colour.into()),
                        (
                            "rating",
                            say.t(
                                "rating-shown",
                                vec![("value", V::N(r.value)), ("provisional", Say::yes(r.provisional))],
                            )
                            .into(),
                        ),
                    ],
                ),
                (None, None) => say.t("web-player-unrated", vec![("colour", colour.into())]),
            };
            PlayerWords { name: say.clean_text(name), detail }
        })
        .collect();
    let showing = if page.ply == page.last_ply {
        say.t("web-showing-last", vec![("ply", V::N(i64::from(page.ply)))])
    } else {
        say.t("web-showing", vec![("ply", V::N(i64::from(page.ply))), ("last", V::N(i64::from(page.last_ply)))])
    };
    let moves = page
        .moves
        .iter()
        .map(|m| MoveWords { ply: m.ply, text: say.clean_text(&m.text), colour: say.phrase(&m.colour) })
        .collect();
    let left_out = (page.moves_left_out > 0)
        .then(|| say.t("web-moves-left-out", vec![("count", V::N(i64::from(page.moves_left_out)))]));
    GameWords { title, status, subtitle, players, alt: board_alt(&page.board, lang), showing, moves, left_out }
}

/// What a board shows, for people who cannot see it: the game, the move, whose turn
/// (or that it is over), and each seat's counters ("Kuba, move 12, White to move.
/// White: reds 3/7, black 0/8; Black: …").
pub fn board_alt(board: &crate::service::Board, lang: Lang) -> String {
    let grammar = WebGrammar;
    let say = Say::new(lang, &grammar);
    let view = super::view::worded(board.view.clone(), lang);
    let game = say.game(board.kind);
    let ply = V::N(i64::from(board.ply));
    let over = view.to_move.is_none() || board.ended.is_some();
    let position = if over {
        say.t("web-alt-over", vec![("game", game.into()), ("ply", ply)])
    } else {
        let colour = view.to_move.and_then(|s| view.seats.get(s)).map(|s| s.colour.clone()).unwrap_or_default();
        say.t("web-alt-to-move", vec![("game", game.into()), ("ply", ply), ("colour", colour.into())])
    };
    let seats: Vec<String> = view
        .seats
        .iter()
        .filter(|s| !s.counters.is_empty())
        .map(|s| {
            let counters: Vec<String> = s
                .counters
                .iter()
                .map(|c| {
                    say.t("web-alt-counter", vec![("label", c.label.clone().into()), ("value", c.value.clone().into())])
                })
                .collect();
            let counters = say.list_comma(counters);
            say.t("web-alt-seat", vec![("colour", s.colour.clone().into()), ("counters", counters.into())])
        })
        .collect();
    if seats.is_empty() {
        return say.t("web-alt", vec![("position", position.into()), ("seats", String::new().into())]);
    }
    let seats = say.fold("web-alt-join", seats);
    say.t("web-alt", vec![("position", position.into()), ("seats", seats.into())])
}

/// A line of a community's leaderboard, worded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderWords {
    /// The rank.
    pub rank: u32,
    /// The name.
    pub name: String,
    /// The rating (`1662?` while provisional).
    pub rating: String,
    /// Rated games played.
    pub games: u32,
}

/// A game of a community's list, worded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedWords {
    /// Its page's token.
    pub token: String,
    /// `Kuba`.
    pub game: String,
    /// `alice vs bob`.
    pub players: String,
    /// Moves played.
    pub moves: u32,
    /// `in progress` or `over`.
    pub state: String,
    /// When it last changed.
    pub when: String,
}

/// A community's page, worded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommunityWords {
    /// The page's title.
    pub title: String,
    /// Each game's title with its leaderboard's lines.
    pub leaderboards: Vec<(String, Vec<LeaderWords>)>,
    /// The latest games.
    pub games: Vec<ListedWords>,
    /// The latest tournaments: each named with where it stands, and its page's token.
    pub tournaments: Vec<(String, String)>,
}

/// Words a community's page for `lang`.
pub fn community_words(page: &CommunityPage, lang: Lang) -> CommunityWords {
    let grammar = WebGrammar;
    let say = Say::new(lang, &grammar);
    let title = match &page.name {
        Some(name) => say.t("web-title-community", vec![("name", say.typed(name))]),
        None => say.t0("web-title-community-unnamed"),
    };
    let leaderboards = page
        .leaderboards
        .iter()
        .map(|(kind, lines)| {
            let lines = lines
                .iter()
                .map(|l| LeaderWords {
                    rank: l.rank,
                    name: say.clean_text(&l.name),
                    rating: say.t(
                        "rating-shown",
                        vec![("value", V::N(l.rating.value)), ("provisional", Say::yes(l.rating.provisional))],
                    ),
                    games: l.games,
                })
                .collect();
            (say.game(*kind), lines)
        })
        .collect();
    let games = page
        .games
        .iter()
        .map(|g| ListedWords {
            token: g.token.clone(),
            game: say.game(g.kind),
            players: say.fold("list-versus", g.names.iter().map(|n| say.clean_text(n)).collect()),
            moves: g.ply,
            state: say.t0(if g.ongoing { "web-state-ongoing" } else { "web-state-over" }),
            when: say.date(g.updated_at),
        })
        .collect();
    let tournaments = page
        .tournaments
        .iter()
        .map(|(tag, state, token)| {
            let line = say.t(
                "web-tournament-line",
                vec![("tournament", say.tournament(tag).into()), ("state", state_key(*state).into())],
            );
            (line, token.clone())
        })
        .collect();
    CommunityWords { title, leaderboards, games, tournaments }
}

fn state_key(state: crate::service::TournamentState) -> &'static str {
    match state {
        crate::service::TournamentState::Open => "open",
        crate::service::TournamentState::Running => "running",
        crate::service::TournamentState::Finished => "finished",
        crate::service::TournamentState::Cancelled => "cancelled",
    }
}

/// A tournament's page, worded.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentWords {
    /// The page's title: the tournament as messages name it, and where it stands.
    pub title: String,
    /// The standings table, as its picture shows it (a round robin's crosstable in
    /// each row's marks, its columns in the rows' order).
    pub standings: Table,
    /// Every round paired so far.
    pub rounds: Vec<RoundWords>,
}

/// A round of a tournament's page, worded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundWords {
    /// `Round 2`.
    pub heading: String,
    /// Each board: its number, the players, the game's page token, the result.
    pub boards: Vec<BoardWords>,
    /// Who has the bye or rests, as a sentence.
    pub bye: Option<String>,
}

/// A board of a round, worded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardWords {
    /// The board's number.
    pub board: u32,
    /// `alice vs bob`.
    pub players: String,
    /// The game's page token, when it has one.
    pub token: Option<String>,
    /// `1–0`, `½–½`, `in progress`.
    pub result: String,
}

/// Words a tournament's page for `lang`.
pub fn tournament_words(page: &TournamentPage, lang: Lang) -> TournamentWords {
    let grammar = WebGrammar;
    let say = Say::new(lang, &grammar);
    let spec = &page.standings;
    let tournament = say.tournament(&spec.tournament);
    let state = state_key(page.state);
    let title = say.t(
        "web-title-tournament",
        vec![
            ("tournament", tournament.clone().into()),
            ("state", state.into()),
            ("round", V::N(i64::from(spec.round))),
            ("of", V::N(i64::from(spec.of))),
        ],
    );
    let name = |id| spec.names.iter().find(|(p, _)| *p == id).map(|(_, n)| n.clone()).unwrap_or_default();
    let standings = super::standings::table(
        spec.tournament.format,
        &tournament,
        &spec.standings,
        spec.crosstable.as_ref(),
        &name,
        lang,
    );
    let bye_key = match spec.tournament.format {
        Format::Swiss => "tournament-bye",
        Format::RoundRobin => "tournament-rest",
    };
    let rounds = page
        .rounds
        .iter()
        .map(|r| RoundWords {
            heading: say.t("web-heading-round", vec![("round", V::N(i64::from(r.round)))]),
            boards: r
                .boards
                .iter()
                .map(|b| BoardWords {
                    board: b.board,
                    players: say.fold("list-versus", vec![say.clean_text(&b.names.0), say.clean_text(&b.names.1)]),
                    token: b.token.clone(),
                    result: say.t("web-result", vec![("result", b.result.map_or("none", |r| r.key()).into())]),
                })
                .collect(),
            bye: r.bye.as_ref().map(|who| say.t(bye_key, vec![("who", say.clean_text(who).into())])),
        })
        .collect();
    TournamentWords { title, standings, rounds }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readers_language_comes_from_accept_language() {
        assert_eq!(negotiate(None), Lang::En);
        assert_eq!(negotiate(Some("fr-CH, fr;q=0.9, en;q=0.8")), Lang::Fr);
        assert_eq!(negotiate(Some("pt-BR, de;q=0.5, en;q=0.4")), Lang::De);
        assert_eq!(negotiate(Some("en;q=0.5, nl;q=0.9")), Lang::Nl);
        assert_eq!(negotiate(Some("es-ES")), Lang::Es);
        assert_eq!(negotiate(Some("ja, zh")), Lang::En);
        assert_eq!(negotiate(Some("\u{0}garbage;;q=x,,")), Lang::En);
        assert_eq!(negotiate(Some("fr;q=0, de")), Lang::De, "q=0 means not this one");
    }
}
