//! A [`Message`] worded for a reader: the catalog's message for each variant, its
//! variables filled in, people and commands written in the platform's grammar.
//!
//! People are first put in as markers that no text can contain, and replaced at the
//! end: by the grammar's plain mention in the text, and by its HTML mention (a Matrix
//! pill) in the HTML form, after the rest has been escaped. So a name is never
//! searched for in a finished sentence, and a name that looks like markup stays text.

use fluent_bundle::{FluentArgs, FluentValue};

use super::catalog;
use super::grammar::{Grammar, ThreadSaid};
use crate::ai::review::Label;
use crate::games::{GameKind, Phrase};
use crate::lang::Lang;
use crate::service::{
    AnnotatedMove, ClockNote, EndSaid, Ending, FirstSaid, GameLine, LanguageScope, Message, MoveSaid, Next, Opening,
    Person, RatingShown, Refusal, ResultSaid, SeatRef,
};
use crate::store::Millis;

/// A message's words: the text, and an HTML form for platforms that want one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    /// Plain text (Discord's markdown, Matrix's `body`, the terminal).
    pub text: String,
    /// HTML (Matrix's `formatted_body`), when the grammar asks for it.
    pub html: Option<String>,
}

const MARK_OPEN: char = '\u{E000}';
const MARK_CLOSE: char = '\u{E001}';

/// A value for a message variable.
pub(crate) enum V {
    S(String),
    N(i64),
}

impl From<String> for V {
    fn from(s: String) -> V {
        V::S(s)
    }
}

impl From<&str> for V {
    fn from(s: &str) -> V {
        V::S(s.to_string())
    }
}

/// The catalog id of a review's label (`review-label-blunder`), its name for people.
pub(crate) fn label_id(label: Label) -> &'static str {
    match label {
        Label::Inaccuracy => "review-label-inaccuracy",
        Label::Mistake => "review-label-mistake",
        Label::Blunder => "review-label-blunder",
    }
}

/// A move of a review's annotated list, in notation alone (`12. c3-N?? (d5-W)`): the
/// same in every language.
pub(crate) fn annotated(m: &AnnotatedMove) -> String {
    let sign = m.label.map_or("", Label::sign);
    match &m.best {
        Some(best) => format!("{}. {}{sign} ({best})", m.ply, m.text),
        None => format!("{}. {}{sign}", m.ply, m.text),
    }
}

/// A moment (UTC milliseconds) as `lang` writes a date and time.
pub fn date(lang: Lang, ms: Millis) -> String {
    Say::new(lang, &super::Plain::default()).date(ms)
}

/// The state of one wording: the language, the grammar and the people put in so far.
pub(crate) struct Say<'a> {
    lang: Lang,
    grammar: &'a dyn Grammar,
    people: Vec<Person>,
}

/// Removes the markers from text that comes from people, so that no typed text can
/// pose as a mention.
fn clean(text: &str) -> String {
    text.replace([MARK_OPEN, MARK_CLOSE], "")
}

impl<'a> Say<'a> {
    pub(crate) fn new(lang: Lang, grammar: &'a dyn Grammar) -> Say<'a> {
        Say { lang, grammar, people: Vec::new() }
    }

    /// The message `id` with `args`.
    pub(crate) fn t(&self, id: &str, args: Vec<(&'static str, V)>) -> String {
        let mut fa = FluentArgs::with_capacity(args.len());
        for (name, v) in args {
            match v {
                V::S(s) => fa.set(name, FluentValue::from(s)),
                V::N(n) => fa.set(name, FluentValue::from(n)),
            }
        }
        catalog::text(self.lang, id, Some(&fa))
    }

    /// A message without variables.
    pub(crate) fn t0(&self, id: &str) -> String {
        catalog::text(self.lang, id, None)
    }

    /// A phrase of the rules cores.
    pub(crate) fn phrase(&self, p: &Phrase) -> String {
        clean(&catalog::phrase(self.lang, p))
    }

    /// A person, as a marker replaced at the end.
    pub(crate) fn person(&mut self, p: &Person) -> String {
        let i = match self.people.iter().position(|q| q == p) {
            Some(i) => i,
            None => {
                self.people.push(p.clone());
                self.people.len() - 1
            }
        };
        format!("{MARK_OPEN}{i}{MARK_CLOSE}")
    }

    /// Text from people (a name as typed, a value), cleaned of markers.
    pub(crate) fn typed(&self, text: &str) -> V {
        V::S(clean(text))
    }

    pub(crate) fn command(&self, command: &str, sub: &str) -> String {
        self.grammar.command(command, sub)
    }

    pub(crate) fn game(&self, kind: GameKind) -> String {
        self.t0(kind.term())
    }

    /// `a, b and c`.
    pub(crate) fn list_and(&self, items: Vec<String>) -> String {
        let mut items = items;
        let Some(last) = items.pop() else { return String::new() };
        if items.is_empty() {
            return last;
        }
        let first = self.list_comma(items);
        self.t("list-and", vec![("first", first.into()), ("last", last.into())])
    }

    /// `a, b or c`.
    pub(crate) fn list_or(&self, items: Vec<String>) -> String {
        let mut items = items;
        let Some(last) = items.pop() else { return String::new() };
        if items.is_empty() {
            return last;
        }
        let first = self.list_comma(items);
        self.t("list-or", vec![("first", first.into()), ("last", last.into())])
    }

    /// Text from people, cleaned of markers.
    pub(crate) fn clean_text(&self, text: &str) -> String {
        clean(text)
    }

    /// A game's name as a variable.
    pub(crate) fn game_title(&self, kind: GameKind) -> V {
        V::S(self.game(kind))
    }

    /// `a, b, c`.
    pub(crate) fn list_comma(&self, items: Vec<String>) -> String {
        self.fold("list-comma", items)
    }

    pub(crate) fn fold(&self, id: &str, items: Vec<String>) -> String {
        let mut iter = items.into_iter().rev();
        let Some(mut out) = iter.next() else { return String::new() };
        for item in iter {
            out = self.t(id, vec![("first", item.into()), ("rest", out.into())]);
        }
        out
    }

    pub(crate) fn people_and(&mut self, people: &[Person]) -> String {
        let names: Vec<String> = people.iter().map(|p| self.person(p)).collect();
        self.list_and(names)
    }

    pub(crate) fn people_comma(&mut self, people: &[Person]) -> String {
        let names: Vec<String> = people.iter().map(|p| self.person(p)).collect();
        self.list_comma(names)
    }

    pub(crate) fn yes(b: bool) -> V {
        V::S(if b { "yes" } else { "no" }.to_string())
    }

    /// `2 days 4 hours`, `42 minutes`: rounded to the hour from a day up, to the
    /// minute below.
    pub(crate) fn duration(&self, ms: Millis) -> String {
        const MINUTE: i64 = 60_000;
        const HOUR: i64 = 60 * MINUTE;
        const DAY: i64 = 24 * HOUR;
        if ms >= DAY - MINUTE / 2 {
            let hours = (ms + HOUR / 2) / HOUR;
            let (d, h) = (hours / 24, hours % 24);
            if h == 0 {
                self.t("duration-days", vec![("days", V::N(d))])
            } else {
                self.t("duration-days-hours", vec![("days", V::N(d)), ("hours", V::N(h))])
            }
        } else {
            let minutes = (ms.max(0) + MINUTE / 2) / MINUTE;
            match (minutes / 60, minutes % 60) {
                (0, 0) => self.t0("duration-under-a-minute"),
                (0, m) => self.t("duration-minutes", vec![("minutes", V::N(m))]),
                (h, 0) => self.t("duration-hours", vec![("hours", V::N(h))]),
                (h, m) => self.t("duration-hours-minutes", vec![("hours", V::N(h)), ("minutes", V::N(m))]),
            }
        }
    }

    /// `2026-12-03 14:00 UTC`, in the language's form.
    pub(crate) fn date(&self, ms: Millis) -> String {
        let secs = ms.div_euclid(1000);
        let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        let (y, m, d) = crate::calendar::civil(days);
        self.t(
            "date-time",
            vec![
                ("year", V::S(format!("{y:04}"))),
                ("month", V::S(format!("{m:02}"))),
                ("month-number", V::N(m)),
                ("day", V::S(format!("{d:02}"))),
                ("day-number", V::N(d)),
                ("hour", V::S(format!("{:02}", rest / 3600))),
                ("minute", V::S(format!("{:02}", rest % 3600 / 60))),
            ],
        )
    }

    fn level(&self, level: crate::ai::Level) -> String {
        self.t0(&format!("level-{}", level.name()))
    }

    pub(crate) fn seat(&mut self, seat: &SeatRef) -> String {
        let person = self.person(&seat.person);
        let colour = self.phrase(&seat.colour);
        self.t("seat", vec![("person", person.into()), ("colour", colour.into())])
    }

    /// The clock's words: `2 days left; @bob is on vacation until …`, or `None`.
    pub(crate) fn clock(&mut self, clock: &ClockNote) -> Option<String> {
        match (clock.left, &clock.vacation) {
            (None, None) => None,
            (Some(left), None) => {
                let time = self.duration(left);
                Some(self.t("clock-left", vec![("time", time.into())]))
            }
            (None, Some((p, until))) => {
                let (person, date) = (self.person(p), self.date(*until));
                Some(self.t("clock-vacation", vec![("person", person.into()), ("date", date.into())]))
            }
            (Some(left), Some((p, until))) => {
                let (time, person, date) = (self.duration(left), self.person(p), self.date(*until));
                Some(self.t(
                    "clock-left-vacation",
                    vec![("time", time.into()), ("person", person.into()), ("date", date.into())],
                ))
            }
        }
    }

    pub(crate) fn next(&mut self, next: &Next) -> String {
        match next {
            Next::ToMove { seat, clock } => {
                let seat = self.seat(seat);
                match self.clock(clock) {
                    None => self.t("to-move", vec![("seat", seat.into())]),
                    Some(clock) => self.t("to-move-clock", vec![("seat", seat.into()), ("clock", clock.into())]),
                }
            }
            Next::Over(ending) => self.ending(ending),
        }
    }

    /// `Game over (why). @alice wins. Scores: 3, 5.`
    pub(crate) fn ending(&mut self, ending: &Ending) -> String {
        let why = match &ending.why {
            EndSaid::Rules(p) => self.phrase(p),
            EndSaid::Resigned => self.t0("end-resigned"),
            EndSaid::TimedOut => self.t0("end-timed-out"),
            EndSaid::Aborted => self.t0("end-aborted"),
            EndSaid::Agreed => self.t0("end-agreed"),
            EndSaid::Unknown => self.t0("end-unknown"),
        };
        let result = match &ending.result {
            ResultSaid::None => self.t0("result-none"),
            ResultSaid::Draw => self.t0("result-draw"),
            ResultSaid::Winner(p) => {
                let winner = self.person(p);
                self.t("result-winner", vec![("winner", winner.into())])
            }
            ResultSaid::Shared(people) => {
                let winners = self.people_and(people);
                self.t("result-shared", vec![("winners", winners.into())])
            }
        };
        match &ending.scores {
            None => self.t("game-over", vec![("why", why.into()), ("result", result.into())]),
            Some(scores) => {
                let scores = self.list_comma(scores.iter().map(i32::to_string).collect());
                self.t(
                    "game-over-scores",
                    vec![("why", why.into()), ("result", result.into()), ("scores", scores.into())],
                )
            }
        }
    }

    /// `a7-S · pushes 2`.
    pub(crate) fn move_label(&self, mv: &MoveSaid) -> String {
        let mut items = vec![clean(&mv.text)];
        items.extend(mv.parts.iter().map(|p| self.phrase(p)));
        self.fold("list-dot", items)
    }

    fn rating(&self, r: RatingShown) -> String {
        self.t("rating-shown", vec![("value", V::N(r.value)), ("provisional", Self::yes(r.provisional))])
    }

    fn games_count(&self, n: u32) -> String {
        self.t("games-count", vec![("count", V::N(i64::from(n)))])
    }

    fn game_line(&mut self, g: &GameLine) -> String {
        let others: Vec<String> = g
            .others
            .iter()
            .map(|(p, level)| {
                let person = self.person(p);
                match level {
                    Some(l) => {
                        let level = self.level(*l);
                        self.t("computer-at-level", vec![("person", person.into()), ("level", level.into())])
                    }
                    None => person,
                }
            })
            .collect();
        let others = self.list_comma(others);
        let turn = match &g.to_move {
            None => self.t0("turn-yours"),
            Some(p) => {
                let person = self.person(p);
                self.t("turn-theirs", vec![("person", person.into())])
            }
        };
        let mut args = vec![
            ("id", V::S(g.game.id.clone())),
            ("game", V::S(self.game(g.game.kind))),
            ("others", others.into()),
            ("ply", V::N(i64::from(g.ply))),
            ("turn", turn.into()),
        ];
        match g.left {
            None => self.t("games-line", args),
            Some(left) => {
                args.push(("left", self.duration(left).into()));
                self.t("games-line-clock", args)
            }
        }
    }

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
                };
                let players: Vec<String> = seats.iter().map(|s| self.seat(s)).collect();
                let players = self.fold("list-versus", players);
                let (place, name) = match self.grammar.thread(thread) {
                    ThreadSaid::Named(name) => ("named", name),
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
            Message::Moved { mover, mv, next } => {
                let mover = self.person(mover);
                let label = self.move_label(mv);
                let next = self.next(next);
                self.t("moved", vec![("mover", mover.into()), ("move", label.into()), ("next", next.into())])
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
                    return self.t("games-none", vec![("challenge", self.command("kuba", "challenge").into())]);
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
            Message::ReviewQueued { game } => {
                self.t("review-queued", vec![("game", self.game(game.kind).into()), ("id", self.typed(&game.id))])
            }
            Message::ReviewUnderway { game } => {
                self.t("review-underway", vec![("game", self.game(game.kind).into()), ("id", self.typed(&game.id))])
            }
            Message::Review { game, players, turning } => {
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
                                ("label", self.t0(label_id(t.label)).into()),
                                ("loss", V::N(i64::from(t.loss))),
                                ("best", V::S(t.best.clone())),
                            ],
                        ));
                    }
                }
                lines.push(self.t0("review-legend"));
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
                let annotated: Vec<String> = moves.iter().map(annotated).collect();
                // Ten moves a line, as the history shows them.
                let mut lines = vec![header];
                lines.extend(annotated.chunks(10).map(|chunk| chunk.join("  ")));
                lines.join("\n")
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
            Message::Refused(refusal) => self.refusal(refusal),
            Message::Apology => self.t0("apology"),
            Message::Legacy { text } => clean(text),
        }
    }

    fn who_ending(&mut self, id: &str, who: &Person, ending: &Ending) -> String {
        let who = self.person(who);
        let ending = self.ending(ending);
        self.t(id, vec![("who", who.into()), ("ending", ending.into())])
    }

    /// Replaces the markers by plain mentions.
    pub(crate) fn finish_plain(&self, marked: &str) -> String {
        self.unmark(marked, |p| self.grammar.person(p), |s| s.to_string())
    }

    /// Replaces the markers: by plain mentions, and by HTML ones in the HTML form.
    pub(crate) fn finish(&self, marked: &str) -> Words {
        let text = self.unmark(marked, |p| self.grammar.person(p), |s| s.to_string());
        let html = self.grammar.wants_html().then(|| {
            self.unmark(
                marked,
                |p| self.grammar.person_html(p).unwrap_or_else(|| escape_html(&self.grammar.person(p))),
                escape_html,
            )
        });
        Words { text, html }
    }

    fn unmark(&self, marked: &str, person: impl Fn(&Person) -> String, text: impl Fn(&str) -> String) -> String {
        let mut out = String::with_capacity(marked.len() + 16);
        let mut rest = marked;
        while let Some(open) = rest.find(MARK_OPEN) {
            out.push_str(&text(&rest[..open]));
            let after = &rest[open + MARK_OPEN.len_utf8()..];
            let Some(close) = after.find(MARK_CLOSE) else {
                rest = after;
                continue;
            };
            if let Some(p) = after[..close].parse::<usize>().ok().and_then(|i| self.people.get(i)) {
                out.push_str(&clean(&person(p)));
            }
            rest = &after[close + MARK_CLOSE.len_utf8()..];
        }
        out.push_str(&text(rest));
        out
    }
}

/// Escapes text for HTML.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\n' => out.push_str("<br>"),
            c => out.push(c),
        }
    }
    out
}

/// The words of `message` for a reader of `lang` on a platform with `grammar`.
pub fn say(message: &Message, lang: Lang, grammar: &dyn Grammar) -> Words {
    let mut say = Say::new(lang, grammar);
    let marked = say.message(message);
    say.finish(&marked)
}

/// A move's label for a menu: `a7-S · pushes 2`, its parts in `lang`.
pub fn move_label(head: &str, parts: &[crate::games::Phrase], lang: Lang) -> String {
    let grammar = super::grammar::Plain::default();
    let say = Say::new(lang, &grammar);
    say.move_label(&MoveSaid { text: head.to_string(), parts: parts.to_vec() })
}

/// The words of a refusal alone (an adapter's own refusal, shaped like the
/// service's).
pub fn refusal(refusal: &Refusal, lang: Lang, grammar: &dyn Grammar) -> Words {
    say(&Message::Refused(refusal.clone()), lang, grammar)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::Plain;

    const MINUTE: i64 = 60_000;
    const HOUR: i64 = 60 * MINUTE;
    const DAY: i64 = 24 * HOUR;

    #[test]
    fn time_left_reads_naturally() {
        let grammar = Plain::default();
        let say = Say::new(Lang::En, &grammar);
        assert_eq!(say.duration(3 * DAY - 5), "3 days");
        assert_eq!(say.duration(2 * DAY + 4 * HOUR), "2 days 4 hours");
        assert_eq!(say.duration(DAY), "1 day");
        assert_eq!(say.duration(23 * HOUR + 30 * MINUTE), "23 hours 30 minutes");
        assert_eq!(say.duration(HOUR), "1 hour");
        assert_eq!(say.duration(42 * MINUTE + 10_000), "42 minutes");
        assert_eq!(say.duration(10_000), "less than a minute");
        assert_eq!(say.date(1_795_435_200_000), "2026-11-23 12:00 UTC");
    }

    #[test]
    fn names_that_look_like_markup_stay_text() {
        struct Html;
        impl Grammar for Html {
            fn command(&self, command: &str, sub: &str) -> String {
                format!("!{command} {sub}")
            }
            fn person(&self, person: &Person) -> String {
                match person {
                    Person::User(u) => u.name.clone(),
                    Person::Computer => "boardbot".to_string(),
                }
            }
            fn person_html(&self, person: &Person) -> Option<String> {
                Some(format!("<a>{}</a>", escape_html(&self.person(person))))
            }
            fn wants_html(&self) -> bool {
                true
            }
            fn thread(&self, _: &crate::service::ThreadRef) -> ThreadSaid {
                ThreadSaid::ThisMessage
            }
        }
        let who =
            Person::User(crate::service::UserRef { user_id: "@x:s".into(), name: "<b>x</b>\u{E000}0\u{E001}".into() });
        let words = say(&Message::VacationEnded { who }, Lang::En, &Html);
        assert_eq!(words.text, "<b>x</b>0 is back from vacation: the clocks run again.");
        assert_eq!(
            words.html.as_deref(),
            Some("<a>&lt;b&gt;x&lt;/b&gt;0</a> is back from vacation: the clocks run again.")
        );
    }
}
