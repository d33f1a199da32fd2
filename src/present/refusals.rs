//! The words of each [`Refusal`]: `refused-<variant>` in `locales/*/refusals.ftl`.

use super::say::{Say, V};
use crate::games::{excerpt, GameKind};
use crate::service::{ChallengeState, Expected, Refusal, TournamentState};

impl Say<'_> {
    fn games_list(&self, kinds: &[GameKind]) -> String {
        self.list_and(kinds.iter().map(|k| self.game(*k)).collect())
    }

    fn words_or(&self, words: &[String]) -> String {
        self.list_or(words.iter().map(|w| self.clean_text(w)).collect())
    }

    fn bot(&mut self) -> V {
        V::S(self.person(&crate::service::Person::Computer))
    }

    /// The words of a refusal, with people as markers.
    pub(crate) fn refusal(&mut self, r: &Refusal) -> String {
        use Refusal as R;
        match r {
            R::FromBot => self.t0("refused-from-bot"),
            R::UnknownUser(name) => self.t("refused-unknown-user", vec![("name", self.typed(&excerpt(name)))]),
            R::NotInRoom(name) => self.t("refused-not-in-room", vec![("name", self.typed(&excerpt(name)))]),
            R::AmbiguousName(name) => self.t("refused-ambiguous-name", vec![("name", self.typed(&excerpt(name)))]),
            R::NoCommand => self.t("refused-no-command", vec![("help", self.command("boardbot", "help").into())]),
            R::UnknownGame(word) => {
                let games = self.list_and(GameKind::ALL.iter().map(|k| k.name().to_string()).collect());
                self.t(
                    "refused-unknown-game",
                    vec![
                        ("word", self.typed(&excerpt(word))),
                        ("games", games.into()),
                        ("general", self.command("boardbot", "").into()),
                    ],
                )
            }
            R::UnknownSubcommand { command, word, known } => {
                let known = self.words_or(known);
                self.t(
                    "refused-unknown-subcommand",
                    vec![
                        ("command", self.command(command, "").into()),
                        ("word", self.typed(&excerpt(word))),
                        ("known", known.into()),
                    ],
                )
            }
            R::UnknownOption { sub, option, known } => {
                let listed: Vec<String> = known.iter().map(|k| format!("{}:", self.clean_text(k))).collect();
                let known_words = self.list_comma(listed);
                self.t(
                    "refused-unknown-option",
                    vec![
                        ("sub", self.typed(sub)),
                        ("option", self.typed(&excerpt(option))),
                        ("count", V::N(known.len() as i64)),
                        ("known", known_words.into()),
                    ],
                )
            }
            R::OptionOfOtherGames { option, games, kind } => {
                let games = self.games_list(games);
                self.t(
                    "refused-option-of-other-games",
                    vec![("option", self.typed(option)), ("games", games.into()), ("game", self.game_title(*kind))],
                )
            }
            R::BadValue { option, value, expected } => {
                let mut args = vec![("option", self.typed(option)), ("value", self.typed(&excerpt(value)))];
                let id = match expected {
                    Expected::YesNo => "refused-bad-value-yes-no",
                    Expected::Number => "refused-bad-value-number",
                    Expected::Range { min, max } => {
                        args.push(("min", V::N(*min)));
                        args.push(("max", V::N(*max)));
                        "refused-bad-value-range"
                    }
                    Expected::OneOf(words) => {
                        args.push(("choices", self.words_or(words).into()));
                        "refused-bad-value-one-of"
                    }
                    Expected::Days => "refused-bad-value-days",
                    Expected::GameId => "refused-bad-value-game-id",
                    Expected::User => "refused-bad-value-user",
                    Expected::Text => "refused-bad-value-text",
                };
                self.t(id, args)
            }
            R::MissingOption { sub, option } => {
                self.t("refused-missing-option", vec![("sub", self.typed(sub)), ("option", self.typed(option))])
            }
            R::ExtraWords { sub, word } => {
                self.t("refused-extra-words", vec![("sub", self.typed(sub)), ("word", self.typed(&excerpt(word)))])
            }
            R::NoMentionHere { sub, name } => {
                self.t("refused-no-mention-here", vec![("sub", self.typed(sub)), ("name", self.typed(&excerpt(name)))])
            }
            R::TooManyNamed { sub } => self.t("refused-too-many-named", vec![("sub", self.typed(sub))]),
            R::TakesOneOf { sub, words } => {
                let words = self.words_or(words);
                self.t("refused-takes-one-of", vec![("sub", self.typed(sub)), ("words", words.into())])
            }
            R::SettingsNotObject(text) => {
                self.t("refused-settings-not-object", vec![("text", self.typed(&excerpt(text)))])
            }
            R::BadSettings(reason) => {
                let reason = self.phrase(reason).trim_end_matches('.').to_string();
                self.t("refused-bad-settings", vec![("reason", reason.into())])
            }
            R::PlayersMismatch { given, seats } => self.t(
                "refused-players-mismatch",
                vec![
                    ("given", self.typed(&excerpt(given))),
                    ("seats", V::N(*seats as i64)),
                    ("opponents", V::N(seats.saturating_sub(1) as i64)),
                ],
            ),
            R::NoOpponent(kind) => {
                let bot = self.bot();
                self.t(
                    "refused-no-opponent",
                    vec![("challenge", self.command(kind.name(), "challenge").into()), ("bot", bot)],
                )
            }
            R::ComputerOneToOne(kind) => {
                let bot = self.bot();
                self.t(
                    "refused-computer-one-to-one",
                    vec![("challenge", self.command(kind.name(), "challenge").into()), ("bot", bot)],
                )
            }
            R::TooManyOpponents { kind, max_players } => self.t(
                "refused-too-many-opponents",
                vec![
                    ("game", self.game_title(*kind)),
                    ("max", V::N(*max_players as i64)),
                    ("opponents", V::N(max_players.saturating_sub(1) as i64)),
                ],
            ),
            R::NamedTwice(who) => {
                let who = self.person(who);
                self.t("refused-named-twice", vec![("who", who.into())])
            }
            R::ChallengeSelf => {
                let bot = self.bot();
                self.t("refused-challenge-self", vec![("bot", bot)])
            }
            R::OtherBot(who) => {
                let (who, bot) = (self.person(who), self.bot());
                self.t("refused-other-bot", vec![("who", who.into()), ("bot", bot)])
            }
            R::AlreadyChallenged { who, challenge } => {
                let who = self.person(who);
                self.t("refused-already-challenged", vec![("who", who.into()), ("challenge", V::N(*challenge))])
            }
            R::TooManyChallenges { limit } => {
                self.t("refused-too-many-challenges", vec![("limit", V::N(i64::from(*limit)))])
            }
            R::ComputerRated => self.t0("refused-computer-rated"),
            R::ComputerGamesLimit { max } => {
                self.t("refused-computer-games-limit", vec![("max", V::N(i64::from(*max)))])
            }
            R::LevelWithoutComputer => {
                let bot = self.bot();
                self.t("refused-level-without-computer", vec![("bot", bot)])
            }
            R::StartRated => self.t0("refused-start-rated"),
            R::StartCode(reason) => {
                let reason = self.phrase(reason).trim_end_matches('.').to_string();
                self.t("refused-start-code", vec![("reason", reason.into())])
            }
            R::StartOver => self.t0("refused-start-over"),
            R::RatedNeedsClock => self.t0("refused-rated-needs-clock"),
            R::BadDays(days) => self.t("refused-bad-days", vec![("days", V::N(*days))]),
            R::NoChallengeWaiting(kind) => {
                self.t("refused-no-challenge-waiting", vec![("game", self.game_title(*kind))])
            }
            R::NoChallengeToCancel(kind) => {
                self.t("refused-no-challenge-to-cancel", vec![("game", self.game_title(*kind))])
            }
            R::NoSuchChallenge(n) => self.t("refused-no-such-challenge", vec![("challenge", V::N(*n))]),
            R::ChallengeClosed { challenge, state } => {
                let state = match state {
                    ChallengeState::Accepted => "accepted",
                    ChallengeState::Declined => "declined",
                    ChallengeState::Expired => "expired",
                    ChallengeState::Cancelled => "cancelled",
                };
                self.t("refused-challenge-closed", vec![("challenge", V::N(*challenge)), ("state", state.into())])
            }
            R::ChallengeOfOtherGame { challenge, actual, asked } => self.t(
                "refused-challenge-of-other-game",
                vec![
                    ("challenge", V::N(*challenge)),
                    ("actual", self.game_title(*actual)),
                    ("asked", self.game_title(*asked)),
                    ("command", self.command(actual.name(), "").into()),
                ],
            ),
            R::OwnChallenge { challenge, kind } => self.t(
                "refused-own-challenge",
                vec![("challenge", V::N(*challenge)), ("cancel", self.command(kind.name(), "cancel").into())],
            ),
            R::NotYourChallenge(n) => self.t("refused-not-your-challenge", vec![("challenge", V::N(*n))]),
            R::AlreadyAccepted(n) => self.t("refused-already-accepted", vec![("challenge", V::N(*n))]),
            R::NotChallenger(n) => self.t("refused-not-challenger", vec![("challenge", V::N(*n))]),
            R::SeveralChallenges { kind, open } => {
                let items: Vec<String> = open
                    .iter()
                    .map(|(n, p)| {
                        let person = self.person(p);
                        self.t("challenge-from", vec![("challenge", V::N(*n)), ("person", person.into())])
                    })
                    .collect();
                let list = self.list_comma(items);
                let first = open.first().map_or(0, |(n, _)| *n);
                self.t(
                    "refused-several-challenges",
                    vec![("game", self.game_title(*kind)), ("list", list.into()), ("first", V::N(first))],
                )
            }
            R::ChallengeExpired(n) => self.t("refused-challenge-expired", vec![("challenge", V::N(*n))]),
            R::NoSuchGame(id) => self.t("refused-no-such-game", vec![("id", self.typed(&excerpt(id)))]),
            R::GameElsewhere(id) => self.t("refused-game-elsewhere", vec![("id", self.typed(&excerpt(id)))]),
            R::WrongKind { id, actual, asked } => self.t(
                "refused-wrong-kind",
                vec![
                    ("id", self.typed(id)),
                    ("actual", self.game_title(*actual)),
                    ("asked", self.game_title(*asked)),
                    ("command", self.command(actual.name(), "").into()),
                ],
            ),
            R::NoGameOfKind(kind) => self.t(
                "refused-no-game-of-kind",
                vec![("game", self.game_title(*kind)), ("challenge", self.command(kind.name(), "challenge").into())],
            ),
            R::SeveralGames { kind, games } => {
                let mut lines = vec![self.t(
                    "refused-several-games",
                    vec![("count", V::N(games.len() as i64)), ("game", self.game_title(*kind))],
                )];
                for g in games {
                    let others = self.people_comma(&g.others);
                    lines.push(self.t(
                        "several-games-line",
                        vec![
                            ("id", g.game.id.clone().into()),
                            ("others", others.into()),
                            ("turn", Self::yes(g.your_turn)),
                        ],
                    ));
                }
                lines.join("\n")
            }
            R::NotSeated(id) => self.t("refused-not-seated", vec![("id", self.typed(id))]),
            R::NotYourTurn { game, waiting } => {
                let waiting = self.person(waiting);
                self.t("refused-not-your-turn", vec![("id", self.typed(game)), ("waiting", waiting.into())])
            }
            R::GameOver(id) => self.t("refused-game-over", vec![("id", self.typed(id))]),
            R::AbortTooLate(id) => self.t("refused-abort-too-late", vec![("id", self.typed(id))]),
            R::ReviewOfGameInProgress(id) => self.t("refused-review-of-game-in-progress", vec![("id", self.typed(id))]),
            R::NothingToReview(id) => self.t("refused-nothing-to-review", vec![("id", self.typed(id))]),
            R::ReviewBusy(game) => {
                self.t("refused-review-busy", vec![("game", self.game(game.kind).into()), ("id", self.typed(&game.id))])
            }
            R::EmptyMove { kind, example } => self.t(
                "refused-empty-move",
                vec![("move", self.command(kind.name(), "move").into()), ("example", self.typed(example))],
            ),
            R::Malformed(reason) => {
                // The sentence ends with its own full stop.
                let reason = self.phrase(reason).trim_end_matches('.').to_string();
                self.t("refused-malformed", vec![("reason", reason.into())])
            }
            R::Illegal(reason) => {
                // The sentence ends with its own full stop.
                let reason = self.phrase(reason).trim_end_matches('.').to_string();
                self.t("refused-illegal", vec![("reason", reason.into())])
            }
            R::MovedOn => self.t0("refused-moved-on"),
            R::PremoveComputer(id) => self.t("refused-premove-computer", vec![("id", self.typed(id))]),
            R::PremoveYourTurn(id) => self.t("refused-premove-your-turn", vec![("id", self.typed(id))]),
            R::PremoveMove { n, text, reason } => {
                // The sentence ends with its own full stop.
                let reason = self.phrase(reason).trim_end_matches('.').to_string();
                self.t(
                    "refused-premove-move",
                    vec![("n", V::N(i64::from(*n))), ("move", self.typed(text)), ("reason", reason.into())],
                )
            }
            R::PremoveEndsWithTheirs { text, who } => {
                let who = self.person(who);
                self.t("refused-premove-ends-with-theirs", vec![("move", self.typed(text)), ("who", who.into())])
            }
            R::PremoveEmpty { kind, example } => self.t(
                "refused-premove-empty",
                vec![("premove", self.command(kind.name(), "premove").into()), ("example", self.typed(example))],
            ),
            R::PremoveTooLong { max } => self.t("refused-premove-too-long", vec![("max", V::N(i64::from(*max)))]),
            R::PremoveTooMany { game, max } => self.t(
                "refused-premove-too-many",
                vec![
                    ("id", self.typed(&game.id)),
                    ("max", V::N(i64::from(*max))),
                    ("clear", self.command(game.kind.name(), "premove clear").into()),
                ],
            ),
            R::MenuMovePassed { game, offered, now } => self.t(
                "refused-menu-move-passed",
                vec![("id", self.typed(game)), ("offered", V::N(i64::from(*offered))), ("now", V::N(i64::from(*now)))],
            ),
            R::DrawForTwo => self.t0("refused-draw-for-two"),
            R::DrawAlreadyOffered => self.t0("refused-draw-already-offered"),
            R::NoDrawOffered(id) => self.t("refused-no-draw-offered", vec![("id", self.typed(id))]),
            R::OwnDrawOffer => self.t0("refused-own-draw-offer"),
            R::NoMoveYet => self.t0("refused-no-move-yet"),
            R::TakebackNotYours => self.t0("refused-takeback-not-yours"),
            R::TakebackRated => self.t0("refused-takeback-rated"),
            R::TakebackPending => self.t0("refused-takeback-pending"),
            R::ComputerNoTakeback => self.t0("refused-computer-no-takeback"),
            R::NoTakebackAsked(id) => self.t("refused-no-takeback-asked", vec![("id", self.typed(id))]),
            R::OwnTakeback => self.t0("refused-own-takeback"),
            R::ComputerNoRating => {
                let bot = self.bot();
                self.t("refused-computer-no-rating", vec![("bot", bot)])
            }
            R::NotPlayedYet(who) => {
                let who = self.person(who);
                self.t("refused-not-played-yet", vec![("who", who.into())])
            }
            R::NotifyOthers => {
                self.t("refused-notify-others", vec![("notify", self.command("boardbot", "notify").into())])
            }
            R::VacationDays { days, cap } => {
                self.t("refused-vacation-days", vec![("days", V::N(*days)), ("cap", V::N(*cap))])
            }
            R::OnVacation { until } => {
                let date = self.date(*until);
                self.t(
                    "refused-on-vacation",
                    vec![
                        ("date", date.into()),
                        ("end", format!("{} end", self.command("boardbot", "vacation")).into()),
                    ],
                )
            }
            R::LanguageNotManager => self.t0("refused-language-not-manager"),
            R::LanguageNoCommunity => self.t0("refused-language-no-community"),
            R::WebNotManager => self.t0("refused-web-not-manager"),
            R::WebNoCommunity => self.t0("refused-web-no-community"),
            R::WebNotServed => self.t0("refused-web-not-served"),
            R::VacationCap { left, cap, taken } => self
                .t("refused-vacation-cap", vec![("left", V::N(*left)), ("cap", V::N(*cap)), ("taken", V::N(*taken))]),
            R::NotOnVacation => self.t0("refused-not-on-vacation"),
            R::TournamentNoCommunity => self.t0("refused-tournament-no-community"),
            R::TournamentNoClock => self.t0("refused-tournament-no-clock"),
            R::TournamentRoundsForSwiss => self.t0("refused-tournament-rounds-for-swiss"),
            R::TournamentNameTooLong { max } => {
                self.t("refused-tournament-name-too-long", vec![("max", V::N(*max as i64))])
            }
            R::NoSuchTournament(n) => self.t(
                "refused-no-such-tournament",
                vec![("id", V::N(*n)), ("list", self.command("boardbot", "tournament list").into())],
            ),
            R::TournamentElsewhere(n) => self.t("refused-tournament-elsewhere", vec![("id", V::N(*n))]),
            R::NoTournamentHere => self.t(
                "refused-no-tournament-here",
                vec![
                    ("list", self.command("boardbot", "tournament list").into()),
                    ("create", self.command("boardbot", "tournament create").into()),
                ],
            ),
            R::SeveralTournaments(tags) => {
                let listed: Vec<String> = tags.iter().map(|t| self.tournament(t)).collect();
                let listed = self.list_comma(listed);
                self.t("refused-several-tournaments", vec![("tournaments", listed.into())])
            }
            R::TournamentNotOpen { tournament, state } => {
                let state = match state {
                    TournamentState::Open => "open",
                    TournamentState::Running => "running",
                    TournamentState::Finished => "finished",
                    TournamentState::Cancelled => "cancelled",
                };
                self.t(
                    "refused-tournament-not-open",
                    vec![("tournament", self.tournament(tournament).into()), ("state", state.into())],
                )
            }
            R::TournamentFull { tournament, max } => self.t(
                "refused-tournament-full",
                vec![("tournament", self.tournament(tournament).into()), ("max", V::N(i64::from(*max)))],
            ),
            R::AlreadyEntered(t) => self.t("refused-already-entered", vec![("tournament", self.tournament(t).into())]),
            R::NotEntered(t) => self.t("refused-not-entered", vec![("tournament", self.tournament(t).into())]),
            R::AlreadyWithdrawn(t) => {
                self.t("refused-already-withdrawn", vec![("tournament", self.tournament(t).into())])
            }
            R::TournamentNotYours(t) => {
                self.t("refused-tournament-not-yours", vec![("tournament", self.tournament(t).into())])
            }
            R::TournamentTooFew { tournament, players, needed } => self.t(
                "refused-tournament-too-few",
                vec![
                    ("tournament", self.tournament(tournament).into()),
                    ("players", V::N(i64::from(*players))),
                    ("needed", V::N(i64::from(*needed))),
                ],
            ),
            R::TournamentBarred { tournament, previous } => self.t(
                "refused-tournament-barred",
                vec![("tournament", self.tournament(tournament).into()), ("previous", V::N(*previous))],
            ),
            R::TournamentNoAbort(game) => self.t(
                "refused-tournament-no-abort",
                vec![("id", self.typed(&game.id)), ("resign", self.command(game.kind.name(), "resign").into())],
            ),
            R::TournamentNoRound { tournament, round, paired } => self.t(
                "refused-tournament-no-round",
                vec![
                    ("tournament", self.tournament(tournament).into()),
                    ("round", V::N(*round)),
                    ("paired", V::N(i64::from(*paired))),
                ],
            ),
            R::Unquoted { option, value } => {
                self.t("refused-unquoted", vec![("option", self.typed(option)), ("value", self.typed(value))])
            }
            R::NotAnswered => self.t0("refused-not-answered"),
            R::StaleButton => self.t0("refused-stale-button"),
        }
    }
}
