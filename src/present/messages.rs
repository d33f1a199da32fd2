//! Every message of the service, worded: the one `match` over [`Message`], on the
//! wording state of `say.rs`. Help is worded by `help.rs`, refusals by `refusals.rs`.

use super::grammar::{Grammar, ThreadSaid};
use super::say::{Say, Words, V};
use crate::ai::review::Label;
use crate::lang::Lang;
use crate::pairing::{Format, GameResult};
use crate::service::{
    AnnotatedMove, Ending, FirstSaid, GameTag, LanguageScope, Message, Next, Opening, PairingLine, Person, PremoveDone,
    PremoveDrop, PremoveLineSaid, Refusal, StandingLine, TournamentState, TournamentTag, Why,
};

impl Say<'_> {
    /// What the computer expects after a bad move: its line, or the game's end.
    fn expects(&self, why: &Why) -> String {
        if why.line.is_empty() {
            self.t0("review-expects-ended")
        } else {
            self.t("review-expects", vec![("line", V::S(why.line.join(" ")))])
        }
    }

    /// How far a loss in doubt may be: nothing for a decided label.
    fn doubt(&self, why: &Why) -> Option<String> {
        why.doubt.map(|(low, high)| {
            self.t("review-doubt", vec![("low", V::N(i64::from(low))), ("high", V::N(i64::from(high)))])
        })
    }

    /// The line of the annotated moves that says why a move is bad: what it lost, what
    /// the computer expects after it, its own move and what it expected after that.
    fn why(&self, m: &AnnotatedMove, label: Label, loss: u32, why: &Why) -> String {
        let played = format!("{}. {}{}", m.ply, m.text, label.sign());
        let mut out = vec![self.t("review-why", vec![("move", V::S(played)), ("loss", V::N(i64::from(loss)))])];
        if let Some((before, after)) = why.first {
            out.push(
                self.t(
                    "review-first-move",
                    vec![("before", V::N(i64::from(before))), ("after", V::N(i64::from(after)))],
                ),
            );
        }
        out.push(self.expects(why));
        if let Some(best) = &m.best {
            out.push(if why.then.is_empty() {
                self.t("review-better", vec![("best", V::S(best.clone()))])
            } else {
                self.t("review-better-then", vec![("best", V::S(best.clone())), ("then", V::S(why.then.join(" ")))])
            });
        }
        out.extend(self.doubt(why));
        out.join(" ")
    }
}

impl Say<'_> {
    /// The words of a message, with people still as markers.
    pub(crate) fn message(&mut self, message: &Message) -> String {
        match message {
            Message::ChallengeMade { challenge, kind, challenger, challenged, rated, first, from_position, time } => {
                let challenger = self.person(challenger);
                let names = self.people_comma(challenged);
                let first = match first {
                    FirstSaid::Person(p) => {
                        let person = self.person(p);
                        self.t("challenge-first-person", vec![("person", person.into())])
                    }
                    FirstSaid::Random => self.t0("challenge-first-random"),
                };
                let days = time.map_or(0, |t| i64::from(t.days()));
                self.t(
                    "challenge-made",
                    vec![
                        ("challenger", challenger.into()),
                        ("challenged", names.into()),
                        ("rated", Self::yes(*rated)),
                        ("game", self.game(*kind).into()),
                        ("first", first.into()),
                        ("from-position", Self::yes(*from_position)),
                        ("days", V::N(days)),
                        ("challenge", V::N(*challenge)),
                        ("count", V::N(challenged.len() as i64)),
                        ("accept", self.command(kind.name(), "accept").into()),
                        ("decline", self.command(kind.name(), "decline").into()),
                    ],
                )
            }
            Message::ChallengeAcceptedWaiting { who, challenge, waiting } => {
                let who = self.person(who);
                let waiting = self.people_comma(waiting);
                self.t(
                    "challenge-accepted-waiting",
                    vec![("who", who.into()), ("challenge", V::N(*challenge)), ("waiting", waiting.into())],
                )
            }
            Message::ChallengeDeclined { who, challenger, kind, challenge } => {
                let (who, challenger) = (self.person(who), self.person(challenger));
                self.t(
                    "challenge-declined",
                    vec![
                        ("who", who.into()),
                        ("challenger", challenger.into()),
                        ("game", self.game(*kind).into()),
                        ("challenge", V::N(*challenge)),
                    ],
                )
            }
            Message::ChallengeCancelled { who, kind, challenge } => {
                let who = self.person(who);
                self.t(
                    "challenge-cancelled",
                    vec![("who", who.into()), ("game", self.game(*kind).into()), ("challenge", V::N(*challenge))],
                )
            }
            Message::ChallengesExpired { expired } => {
                let mut lines = Vec::new();
                if expired.len() > 1 {
                    lines.push(self.t("challenges-expired", vec![("count", V::N(expired.len() as i64))]));
                }
                for e in expired {
                    let challenger = self.person(&e.challenger);
                    let challenged = self.people_comma(&e.challenged);
                    lines.push(self.t(
                        "challenge-expired",
                        vec![
                            ("challenge", V::N(e.challenge)),
                            ("challenger", challenger.into()),
                            ("challenged", challenged.into()),
                            ("game", self.game(e.kind).into()),
                        ],
                    ));
                }
                lines.join("\n")
            }
            Message::GameBegins { opening, game, seats, rated, thread } => {
                let opening = match opening {
                    Opening::Computer { who, level } => {
                        let who = self.person(who);
                        let level = self.level(*level);
                        self.t("opening-computer", vec![("who", who.into()), ("level", level.into())])
                    }
                    Opening::Accepted { who, challenge } => {
                        let who = self.person(who);
                        self.t("opening-accepted", vec![("who", who.into()), ("challenge", V::N(*challenge))])
                    }
                    Opening::Tournament { tournament, round } => {
                        let tournament = self.tournament(tournament);
                        self.t(
                            "opening-tournament",
                            vec![("tournament", tournament.into()), ("round", V::N(i64::from(*round)))],
                        )
                    }
                };
                let players: Vec<String> = seats.iter().map(|s| self.seat(s)).collect();
                let players = self.fold("list-versus", players);
                let (place, name) = match self.grammar.thread(thread) {
                    ThreadSaid::Named(name) => ("named", name),
                    ThreadSaid::Titled => ("named", self.quoted_title(&thread.title)),
                    ThreadSaid::ThisMessage => ("this", String::new()),
                };
                self.t(
                    "game-begins",
                    vec![
                        ("opening", opening.into()),
                        ("game", self.game(game.kind).into()),
                        ("id", game.id.clone().into()),
                        ("players", players.into()),
                        ("rated", Self::yes(*rated)),
                        ("where", place.into()),
                        ("thread", name.into()),
                    ],
                )
            }
            Message::GameStart { game, next } => {
                let next = self.next(next);
                self.t(
                    "game-start",
                    vec![("game", self.game(game.kind).into()), ("id", game.id.clone().into()), ("next", next.into())],
                )
            }
            Message::Moved { mover, mv, next, conditional } => {
                let mover = self.person(mover);
                let label = self.move_label(mv);
                let next = self.next(next);
                let id = if *conditional { "moved-conditional" } else { "moved" };
                self.t(id, vec![("mover", mover.into()), ("move", label.into()), ("next", next.into())])
            }
            Message::Premoves { game, lines, done } => self.premoves(game, lines, *done),
            Message::PremovesDropped { game, why } => {
                let (title, id) = (self.game(game.kind), self.typed(&game.id));
                match why {
                    PremoveDrop::NoMatch { mover, mv } => {
                        let mover = self.person(mover);
                        self.t(
                            "premoves-dropped-no-match",
                            vec![("mover", mover.into()), ("move", self.typed(mv)), ("game", title.into()), ("id", id)],
                        )
                    }
                    PremoveDrop::Illegal { mv, reason } => {
                        // The rules' sentence ends with its own full stop.
                        let reason = self.phrase(reason).trim_end_matches('.').to_string();
                        self.t(
                            "premoves-dropped-illegal",
                            vec![
                                ("move", self.typed(mv)),
                                ("reason", reason.into()),
                                ("game", title.into()),
                                ("id", id),
                            ],
                        )
                    }
                    PremoveDrop::TakenBack => {
                        self.t("premoves-dropped-taken-back", vec![("game", title.into()), ("id", id)])
                    }
                }
            }
            Message::Board { game, ply, next } => match next {
                Next::Over(ending) => {
                    let ending = self.ending(ending);
                    self.t(
                        "board-over",
                        vec![
                            ("game", self.game(game.kind).into()),
                            ("id", game.id.clone().into()),
                            ("ending", ending.into()),
                        ],
                    )
                }
                Next::ToMove { .. } => {
                    let next = self.next(next);
                    self.t(
                        "board-ongoing",
                        vec![
                            ("game", self.game(game.kind).into()),
                            ("id", game.id.clone().into()),
                            ("ply", V::N(i64::from(*ply))),
                            ("next", next.into()),
                        ],
                    )
                }
            },
            Message::ConfirmResign { game } => {
                self.t("confirm-resign", vec![("game", self.game(game.kind).into()), ("id", game.id.clone().into())])
            }
            Message::Resigned { who, ending } => self.who_ending("resigned", who, ending),
            Message::DrawAgreed { who, ending } => self.who_ending("draw-agreed", who, ending),
            Message::TimedOut { who, ending } => self.who_ending("timed-out", who, ending),
            Message::Aborted { who, cause, ending } => {
                let id = match cause {
                    crate::service::AbortCause::Asked => "aborted-asked",
                    crate::service::AbortCause::Resigned => "aborted-resigned",
                    crate::service::AbortCause::TimedOut => "aborted-timed-out",
                };
                self.who_ending(id, who, ending)
            }
            Message::LeftOnTime { who, next } => {
                let who = self.person(who);
                let next = self.next(next);
                self.t("left-on-time", vec![("who", who.into()), ("next", next.into())])
            }
            Message::TakenBack { who, next } => {
                let who = self.person(who);
                let next = self.next(next);
                self.t("taken-back", vec![("who", who.into()), ("next", next.into())])
            }
            Message::Attention { people, game, about, .. } => {
                let who = self.people_and(people);
                let id = match about {
                    crate::service::Attention::YourMove => "attention-your-move",
                    crate::service::Attention::GameOver => "attention-game-over",
                };
                self.t(id, vec![("who", who.into()), ("id", game.id.clone().into())])
            }
            Message::DrawOffered { who, game } => {
                let who = self.person(who);
                self.t(
                    "draw-offered",
                    vec![
                        ("who", who.into()),
                        ("id", game.id.clone().into()),
                        ("accept", format!("{} accept", self.command(game.kind.name(), "draw")).into()),
                    ],
                )
            }
            Message::DrawDeclined { who, offerer } => {
                let (who, offerer) = (self.person(who), self.person(offerer));
                self.t("draw-declined", vec![("who", who.into()), ("offerer", offerer.into())])
            }
            Message::TakebackAsked { who, mv, game } => {
                let who = self.person(who);
                self.t(
                    "takeback-asked",
                    vec![
                        ("who", who.into()),
                        ("move", self.typed(mv)),
                        ("command", self.command(game.kind.name(), "takeback").into()),
                    ],
                )
            }
            Message::TakebackDeclined { who, asker } => {
                let (who, asker) = (self.person(who), self.person(asker));
                self.t("takeback-declined", vec![("who", who.into()), ("asker", asker.into())])
            }
            Message::RatingChanges { changes } => {
                let items: Vec<String> = changes
                    .iter()
                    .map(|c| {
                        let person = self.person(&c.person);
                        let (before, after) = (self.rating(c.before), self.rating(c.after));
                        self.t(
                            "rating-change",
                            vec![
                                ("person", person.into()),
                                ("before", before.into()),
                                ("after", after.into()),
                                ("delta", V::S(format!("{:+}", c.delta))),
                            ],
                        )
                    })
                    .collect();
                let changes = self.list_comma(items);
                self.t("ratings-changed", vec![("changes", changes.into())])
            }
            Message::Games { games } => {
                if games.is_empty() {
                    // The first game of the menu, as the example of a challenge.
                    let first = crate::games::GameKind::ALL[0].name();
                    return self.t("games-none", vec![("challenge", self.command(first, "challenge").into())]);
                }
                let mut lines = vec![self.t("games-header", vec![("count", V::N(games.len() as i64))])];
                for g in games {
                    lines.push(self.game_line(g));
                }
                lines.join("\n")
            }
            Message::History { game, players, moves, code, replay } => {
                let names: Vec<String> = players.iter().map(|p| self.person(p)).collect();
                let players = self.fold("list-versus", names);
                let mut lines = vec![self.t(
                    "history-header",
                    vec![
                        ("game", self.game(game.kind).into()),
                        ("id", game.id.clone().into()),
                        ("players", players.into()),
                    ],
                )];
                let numbered: Vec<String> = moves.iter().enumerate().map(|(i, m)| format!("{}. {m}", i + 1)).collect();
                // Ten moves a line keeps long games readable.
                for chunk in numbered.chunks(10) {
                    lines.push(chunk.join("  "));
                }
                if numbered.is_empty() {
                    lines.push(self.t0("history-no-moves"));
                }
                lines.push(self.t("history-position", vec![("code", code.clone().into())]));
                lines.push(self.t("history-replay", vec![("command", replay.clone().into())]));
                lines.join("\n")
            }
            Message::Replay { game, players, moves, ending } => {
                let names: Vec<String> = players.iter().map(|p| self.person(p)).collect();
                let players = self.fold("list-versus", names);
                let mut args = vec![
                    ("game", V::S(self.game(game.kind))),
                    ("id", game.id.clone().into()),
                    ("players", players.into()),
                    ("moves", V::N(i64::from(*moves))),
                ];
                match ending {
                    None => self.t("replay-ongoing", args),
                    Some(ending) => {
                        args.push(("ending", self.ending(ending).into()));
                        self.t("replay-over", args)
                    }
                }
            }
            Message::Leaderboard { kind, everywhere, rows } => {
                let title = self.game(*kind);
                let args = || vec![("game", V::S(title.clone())), ("everywhere", Self::yes(*everywhere))];
                if rows.is_empty() {
                    return self.t("leaderboard-empty", args());
                }
                let mut lines = vec![self.t("leaderboard-header", args())];
                for r in rows {
                    let person = self.person(&r.person);
                    let (rating, games) = (self.rating(r.rating), self.games_count(r.games));
                    lines.push(self.t(
                        "leaderboard-row",
                        vec![
                            ("rank", V::N(i64::from(r.rank))),
                            ("person", person.into()),
                            ("rating", rating.into()),
                            ("games", games.into()),
                        ],
                    ));
                }
                lines.join("\n")
            }
            Message::Puzzle(said) => self.puzzle(said),
            Message::ReviewQueued { game } => {
                self.t("review-queued", vec![("game", self.game(game.kind).into()), ("id", self.typed(&game.id))])
            }
            Message::ReviewUnderway { game } => {
                self.t("review-underway", vec![("game", self.game(game.kind).into()), ("id", self.typed(&game.id))])
            }
            Message::Review { game, players, turning, in_doubt } => {
                let mut lines =
                    vec![self
                        .t("review-header", vec![("game", self.game(game.kind).into()), ("id", self.typed(&game.id))])];
                for p in players {
                    let seat = self.seat(&p.seat);
                    let counts = vec![
                        ("seat", V::S(seat)),
                        ("inaccuracies", V::N(i64::from(p.inaccuracies))),
                        ("mistakes", V::N(i64::from(p.mistakes))),
                        ("blunders", V::N(i64::from(p.blunders))),
                    ];
                    lines.push(match p.accuracy {
                        Some(a) => {
                            let mut args = counts;
                            args.push(("accuracy", V::N(i64::from(a))));
                            self.t("review-player", args)
                        }
                        None => self.t("review-player-no-move", counts),
                    });
                }
                if turning.is_empty() {
                    lines.push(self.t0("review-no-turning-point"));
                } else {
                    lines.push(self.t0("review-turning-header"));
                    for t in turning {
                        let seat = self.seat(&t.seat);
                        let played = format!("{}. {}{}", t.ply, t.played, t.label.sign());
                        lines.push(self.t(
                            "review-turning-point",
                            vec![
                                ("move", V::S(played)),
                                ("seat", V::S(seat)),
                                ("label", self.t0(super::say::label_id(t.label)).into()),
                                ("loss", V::N(i64::from(t.loss))),
                                ("best", V::S(t.best.clone())),
                            ],
                        ));
                        if let Some(reason) = &t.why {
                            let mut why = vec![self.expects(reason)];
                            if !reason.then.is_empty() {
                                why.push(self.t(
                                    "review-then",
                                    vec![("best", V::S(t.best.clone())), ("then", V::S(reason.then.join(" ")))],
                                ));
                            }
                            why.extend(self.doubt(reason));
                            lines.push(format!("  {}", why.join(" ")));
                        }
                    }
                }
                lines.push(self.t0("review-legend"));
                if *in_doubt > 0 {
                    lines.push(self.t("review-in-doubt", vec![("count", V::N(i64::from(*in_doubt)))]));
                }
                lines.join("\n")
            }
            Message::ReviewMoves { game, moves, part, parts } => {
                let header = self.t(
                    "review-moves-header",
                    vec![
                        ("game", self.game(game.kind).into()),
                        ("id", self.typed(&game.id)),
                        ("part", V::N(i64::from(*part))),
                        ("parts", V::N(i64::from(*parts))),
                    ],
                );
                let annotated: Vec<String> = moves.iter().map(super::say::annotated).collect();
                // Ten moves a line, as the history shows them; then why each bad move was.
                let mut lines = vec![header];
                lines.extend(annotated.chunks(10).map(|chunk| chunk.join("  ")));
                for m in moves {
                    if let (Some(label), Some((loss, why))) = (m.label, &m.why) {
                        lines.push(self.why(m, label, *loss, why));
                    }
                }
                lines.join("\n")
            }
            Message::Ratings { player, kind, lines, versus } => {
                let person = self.person(player);
                let mut out = if lines.is_empty() {
                    vec![match kind {
                        None => self.t("ratings-none", vec![("person", person.into())]),
                        Some(k) => {
                            self.t("ratings-none-game", vec![("person", person.into()), ("game", self.game(*k).into())])
                        }
                    }]
                } else {
                    let mut out = vec![self.t("ratings-header", vec![("person", person.into())])];
                    for l in lines {
                        let (rating, games) = (self.rating(l.rating), self.games_count(l.games));
                        out.push(self.t(
                            "ratings-line",
                            vec![
                                ("game", self.game(l.kind).into()),
                                ("here", Self::yes(l.here)),
                                ("rating", rating.into()),
                                ("games", games.into()),
                                ("rank", V::N(i64::from(l.rank))),
                                ("of", V::N(i64::from(l.of))),
                            ],
                        ));
                    }
                    out
                };
                if let Some(h) = versus {
                    let other = self.person(&h.other);
                    let games = self.games_count(h.games);
                    out.push(self.t(
                        "ratings-versus",
                        vec![
                            ("other", other.into()),
                            ("games", games.into()),
                            ("wins", V::N(i64::from(h.wins))),
                            ("draws", V::N(i64::from(h.draws))),
                            ("losses", V::N(i64::from(h.losses))),
                        ],
                    ));
                }
                out.join("\n")
            }
            Message::NoRatingYet => self.t0("no-rating-yet"),
            Message::Rules { kind } => self.t0(&format!("rules-{}", kind.name())),
            Message::Help { kind } => super::help::help(self.lang, self.grammar, *kind),
            Message::NotifySet { how } => self.t0(match how {
                crate::service::Notify::Mention => "notify-mention",
                crate::service::Notify::Direct => "notify-dm",
                crate::service::Notify::Off => "notify-off",
            }),
            Message::LanguageSet { scope, language, chosen } => {
                let id = match (scope, chosen) {
                    (LanguageScope::Me, true) => "language-me-set",
                    (LanguageScope::Me, false) => "language-me-reset",
                    (LanguageScope::Community, true) => "language-community-set",
                    (LanguageScope::Community, false) => "language-community-reset",
                };
                let name = self.t0(&format!("language-{}", language.code()));
                self.t(id, vec![("language", name.into())])
            }
            Message::WebPageOn { url } => {
                let off = self.command("boardbot", "web off");
                self.t("web-page-on", vec![("url", self.typed(url)), ("off", off.into())])
            }
            Message::WebPageOff { was_on: true } => self.t0("web-page-off"),
            Message::WebPageOff { was_on: false } => self.t0("web-page-was-off"),
            Message::WebLogin { url, minutes } => {
                let logout = self.command("boardbot", "web logout");
                self.t(
                    "web-login-link",
                    vec![("url", self.typed(url)), ("minutes", V::N(i64::from(*minutes))), ("logout", logout.into())],
                )
            }
            Message::WebLoggedOut { sessions } => {
                self.t("web-logged-out", vec![("count", V::N(i64::try_from(*sessions).unwrap_or(i64::MAX)))])
            }
            Message::PlayOnWeb { game, url } => {
                let login = self.command("boardbot", "web login");
                let title = self.game(game.kind);
                self.t(
                    "web-play-here",
                    vec![
                        ("game", title.into()),
                        ("id", game.id.clone().into()),
                        ("url", self.typed(url)),
                        ("login", login.into()),
                    ],
                )
            }
            Message::VacationStarted { who, until, moved } => {
                let who = self.person(who);
                let date = self.date(*until);
                if *moved == 0 {
                    self.t("vacation-started", vec![("who", who.into()), ("date", date.into())])
                } else {
                    self.t(
                        "vacation-started-moved",
                        vec![("who", who.into()), ("date", date.into()), ("moved", V::N(*moved as i64))],
                    )
                }
            }
            Message::VacationEnded { who } => {
                let who = self.person(who);
                self.t("vacation-ended", vec![("who", who.into())])
            }
            Message::Reminder { who, game, left, until } => {
                let who = self.person(who);
                let (left, date) = (self.duration(*left), self.date(*until));
                self.t(
                    "reminder",
                    vec![
                        ("who", who.into()),
                        ("game", self.game(game.kind).into()),
                        ("id", game.id.clone().into()),
                        ("left", left.into()),
                        ("date", date.into()),
                    ],
                )
            }
            Message::TournamentCreated { tournament, creator, rated, days, max, rounds, every, page } => {
                let creator = self.person(creator);
                let text = self.t(
                    "tournament-created",
                    vec![
                        ("creator", creator.into()),
                        ("tournament", self.tournament(tournament).into()),
                        ("game", self.game(tournament.kind).into()),
                        ("format", format_key(tournament.format).into()),
                        ("days", V::N(i64::from(*days))),
                        ("rated", Self::yes(*rated)),
                        ("max", V::N(i64::from(*max))),
                        ("rounds", V::N(rounds.map_or(0, i64::from))),
                        ("every", V::N(every.map_or(0, i64::from))),
                        ("join", self.tournament_command("join").into()),
                        ("start", self.tournament_command("start").into()),
                    ],
                );
                self.with_page(text, page.as_deref())
            }
            Message::TournamentJoined { tournament, who, players } => {
                let who = self.person(who);
                self.t(
                    "tournament-joined",
                    vec![
                        ("who", who.into()),
                        ("tournament", self.tournament(tournament).into()),
                        ("players", V::N(i64::from(*players))),
                    ],
                )
            }
            Message::TournamentLeft { tournament, who, started, resigned, players } => {
                let who = self.person(who);
                let args = vec![
                    ("who", who.into()),
                    ("tournament", self.tournament(tournament).into()),
                    ("resigned", V::N(i64::from(*resigned))),
                    ("players", V::N(i64::from(*players))),
                ];
                self.t(if *started { "tournament-withdraws" } else { "tournament-left" }, args)
            }
            Message::TournamentWithdrawn { tournament, who, resigned, series } => {
                let who = self.person(who);
                self.t(
                    "tournament-withdrawn",
                    vec![
                        ("who", who.into()),
                        ("tournament", self.tournament(tournament).into()),
                        ("resigned", V::N(i64::from(*resigned))),
                        ("series", Self::yes(*series)),
                    ],
                )
            }
            Message::TournamentStarted { tournament, players, rounds, games } => {
                let names = self.people_comma(players);
                self.t(
                    "tournament-started",
                    vec![
                        ("tournament", self.tournament(tournament).into()),
                        ("format", format_key(tournament.format).into()),
                        ("count", V::N(players.len() as i64)),
                        ("players", names.into()),
                        ("rounds", V::N(i64::from(*rounds))),
                        ("games", V::N(i64::from(*games))),
                    ],
                )
            }
            Message::TournamentRound { tournament, round, of, games, bye } => {
                let mut text = self.t(
                    "tournament-round",
                    vec![
                        ("tournament", self.tournament(tournament).into()),
                        ("round", V::N(i64::from(*round))),
                        ("of", V::N(i64::from(*of))),
                        ("games", V::N(i64::from(*games))),
                    ],
                );
                if let Some(bye) = bye {
                    let who = self.person(bye);
                    text.push(' ');
                    text.push_str(&self.t("tournament-bye", vec![("who", who.into())]));
                }
                text
            }
            Message::TournamentFinished { tournament, lines, page } => {
                let mut out =
                    vec![self.t("tournament-finished", vec![("tournament", self.tournament(tournament).into())])];
                out.extend(lines.iter().map(|l| self.standing_line(tournament.format, l)));
                self.with_page(out.join("\n"), page.as_deref())
            }
            Message::TournamentNextEdition { tournament, starts, players } => {
                let names = self.people_comma(players);
                let date = self.date(*starts);
                self.t(
                    "tournament-next-edition",
                    vec![
                        ("tournament", self.tournament(tournament).into()),
                        ("date", date.into()),
                        ("count", V::N(players.len() as i64)),
                        ("players", names.into()),
                        ("leave", self.tournament_command("leave").into()),
                        ("join", self.tournament_command("join").into()),
                        ("id", V::N(tournament.id)),
                    ],
                )
            }
            Message::TournamentCancelled { tournament, players, needed } => self.t(
                "tournament-cancelled",
                vec![
                    ("tournament", self.tournament(tournament).into()),
                    ("players", V::N(i64::from(*players))),
                    ("needed", V::N(i64::from(*needed))),
                ],
            ),
            Message::TournamentStandings { tournament, state, round, of, played, games, lines, page, starts } => {
                let name = self.tournament(tournament);
                let text = if *state == TournamentState::Open {
                    let people: Vec<Person> = lines.iter().map(|l| l.person.clone()).collect();
                    let names = self.people_comma(&people);
                    self.t(
                        "tournament-standings-open",
                        vec![
                            ("tournament", name.into()),
                            ("count", V::N(people.len() as i64)),
                            ("players", names.into()),
                            ("start", self.tournament_command("start").into()),
                            ("date", starts.map(|at| self.date(at)).unwrap_or_default().into()),
                            ("starts", Self::yes(starts.is_some())),
                        ],
                    )
                } else {
                    let mut out = vec![self.t(
                        "tournament-standings",
                        vec![
                            ("tournament", name.into()),
                            ("format", format_key(tournament.format).into()),
                            ("state", state_key(*state).into()),
                            ("round", V::N(i64::from(*round))),
                            ("of", V::N(i64::from(*of))),
                            ("played", V::N(i64::from(*played))),
                            ("games", V::N(i64::from(*games))),
                        ],
                    )];
                    out.extend(lines.iter().map(|l| self.standing_line(tournament.format, l)));
                    out.join("\n")
                };
                self.with_page(text, page.as_deref())
            }
            Message::TournamentPairings { tournament, round, of, boards, bye } => {
                let mut out = vec![self.t(
                    "tournament-pairings",
                    vec![
                        ("tournament", self.tournament(tournament).into()),
                        ("round", V::N(i64::from(*round))),
                        ("of", V::N(i64::from(*of))),
                    ],
                )];
                out.extend(boards.iter().map(|b| self.pairing_line(b)));
                if let Some(bye) = bye {
                    let who = self.person(bye);
                    let id = match tournament.format {
                        Format::Swiss => "tournament-bye",
                        Format::RoundRobin => "tournament-rest",
                    };
                    out.push(self.t(id, vec![("who", who.into())]));
                }
                out.join("\n")
            }
            Message::TournamentList { tournaments } => {
                if tournaments.is_empty() {
                    return self.t("tournament-list-none", vec![("create", self.tournament_command("create").into())]);
                }
                let mut out = vec![self.t0("tournament-list-header")];
                for l in tournaments {
                    let line = self.t(
                        "tournament-list-line",
                        vec![
                            ("tournament", self.tournament(&l.tournament).into()),
                            ("state", state_key(l.state).into()),
                            ("players", V::N(i64::from(l.players))),
                            ("round", V::N(i64::from(l.round))),
                            ("of", V::N(i64::from(l.of))),
                        ],
                    );
                    out.push(line);
                }
                out.join("\n")
            }
            Message::Refused(refusal) => self.refusal(refusal),
            Message::Apology => self.t0("apology"),
            Message::Legacy { text } => self.clean_text(text),
        }
    }

    /// A tournament as messages name it: `Kuba Swiss (tournament 3)`, `“Autumn league”,
    /// edition 2 (tournament 4)`.
    pub(crate) fn tournament(&self, t: &TournamentTag) -> String {
        let (named, name) = match &t.name {
            Some(name) => ("yes", self.clean_text(name)),
            None => ("no", String::new()),
        };
        self.t(
            "tournament-tag",
            vec![
                ("named", named.into()),
                ("name", name.into()),
                ("game", self.game(t.kind).into()),
                ("format", format_key(t.format).into()),
                ("edition", V::N(i64::from(t.edition))),
                ("id", V::N(t.id)),
            ],
        )
    }

    /// `/boardbot tournament join`, in the platform's grammar.
    fn tournament_command(&self, sub: &str) -> String {
        self.command("boardbot", &format!("tournament {sub}"))
    }

    /// `text`, then the line giving the tournament's page when there is one.
    fn with_page(&self, text: String, page: Option<&str>) -> String {
        match page {
            Some(url) => format!("{text}\n{}", self.t("tournament-page", vec![("url", self.typed(url))])),
            None => text,
        }
    }

    /// `1. @carol 3 · SB 4.5 · Bh 6`.
    fn standing_line(&mut self, format: Format, l: &StandingLine) -> String {
        let person = self.person(&l.person);
        let second = match format {
            Format::Swiss => "standings-buchholz",
            Format::RoundRobin => "standings-head-to-head",
        };
        self.t(
            "tournament-standing-line",
            vec![
                ("rank", V::N(i64::from(l.rank))),
                ("person", person.into()),
                ("points", super::standings::worded_points(self, l.points).into()),
                ("sb-label", self.t0("standings-sonneborn-berger").into()),
                ("sb", super::standings::worded_points(self, l.sonneborn_berger).into()),
                ("second-label", self.t0(second).into()),
                ("second", super::standings::worded_points(self, l.second).into()),
                ("withdrawn", Self::yes(l.withdrawn)),
            ],
        )
    }

    /// `Board 1: @alice vs @bob, game K7Q2: 1–0`.
    fn pairing_line(&mut self, b: &PairingLine) -> String {
        let (white, black) = (self.person(&b.white), self.person(&b.black));
        let result = match b.result {
            None => "none",
            Some(GameResult::WhiteWon) => "white",
            Some(GameResult::BlackWon) => "black",
            Some(GameResult::Draw) => "draw",
            Some(GameResult::WhiteWonByForfeit) => "white_forfeit",
            Some(GameResult::BlackWonByForfeit) => "black_forfeit",
        };
        self.t(
            "tournament-pairing-line",
            vec![
                ("board", V::N(i64::from(b.board))),
                ("white", white.into()),
                ("black", black.into()),
                ("id", b.game.as_ref().map_or(String::new(), |g| g.id.clone()).into()),
                ("result", result.into()),
            ],
        )
    }

    fn who_ending(&mut self, id: &str, who: &Person, ending: &Ending) -> String {
        let who = self.person(who);
        let ending = self.ending(ending);
        self.t(id, vec![("who", who.into()), ("ending", ending.into())])
    }
}

/// The words of `message` for a reader of `lang` on a platform with `grammar`.
pub fn say(message: &Message, lang: Lang, grammar: &dyn Grammar) -> Words {
    let mut say = Say::new(lang, grammar);
    let marked = say.message(message);
    say.finish(&marked)
}

/// The words of a refusal alone (an adapter's own refusal, shaped like the
/// service's).
pub fn refusal(refusal: &Refusal, lang: Lang, grammar: &dyn Grammar) -> Words {
    say(&Message::Refused(refusal.clone()), lang, grammar)
}

/// A format as the catalogs select on it.
fn format_key(format: Format) -> &'static str {
    match format {
        Format::Swiss => "swiss",
        Format::RoundRobin => "round_robin",
    }
}

/// A tournament's state as the catalogs select on it.
fn state_key(state: TournamentState) -> &'static str {
    match state {
        TournamentState::Open => "open",
        TournamentState::Running => "running",
        TournamentState::Finished => "finished",
        TournamentState::Cancelled => "cancelled",
    }
}

impl Say<'_> {
    /// The answer to `premove`: what it did, then the reader's lines, one a line
    /// (`1. g7-S → a6-E, f1-N → b7-S`: the others' moves, then the reader's answer).
    fn premoves(&mut self, game: &GameTag, lines: &[PremoveLineSaid], done: PremoveDone) -> String {
        let (title, id) = (self.game(game.kind), self.typed(&game.id));
        let command = self.command(game.kind.name(), "premove");
        let clear = self.command(game.kind.name(), "premove clear");
        let head = match done {
            PremoveDone::Cleared { count } => {
                return self
                    .t("premoves-cleared", vec![("count", V::N(i64::from(count))), ("game", title.into()), ("id", id)])
            }
            _ if lines.is_empty() => {
                return self.t("premoves-none", vec![("game", title.into()), ("id", id), ("premove", command.into())])
            }
            PremoveDone::Listed => self.t("premoves-listed", vec![("game", title.into()), ("id", id)]),
            PremoveDone::AlreadyThere => self.t("premoves-already", vec![("game", title.into()), ("id", id)]),
            PremoveDone::Added { replaced: 0 } => self.t("premoves-added", vec![("game", title.into()), ("id", id)]),
            PremoveDone::Added { replaced } => self.t(
                "premoves-added-replacing",
                vec![("replaced", V::N(i64::from(replaced))), ("game", title.into()), ("id", id)],
            ),
        };
        let mut out = vec![head];
        for (n, line) in (1i64..).zip(lines) {
            // Each run of the others' moves with the reader's answer to it.
            let mut steps = Vec::new();
            let mut theirs: Vec<String> = Vec::new();
            for (mv, own) in &line.moves {
                if *own {
                    let yours = self.clean_text(mv);
                    let before = std::mem::take(&mut theirs).join(" ");
                    steps.push(self.t("premove-step", vec![("theirs", before.into()), ("yours", yours.into())]));
                } else {
                    theirs.push(self.clean_text(mv));
                }
            }
            let steps = self.list_comma(steps);
            out.push(self.t("premove-line", vec![("n", V::N(n)), ("steps", steps.into())]));
        }
        out.push(self.t("premoves-hint", vec![("clear", clear.into())]));
        out.join("\n")
    }
}
