//! A [`Message`] worded for a reader: the catalog's message for each variant, its
//! variables filled in, people and commands written in the platform's grammar.
//!
//! People are first put in as markers that no text can contain, and replaced at the
//! end: by the grammar's plain mention in the text, and by its HTML mention (a Matrix
//! pill) in the HTML form, after the rest has been escaped. So a name is never
//! searched for in a finished sentence, and a name that looks like markup stays text.

use fluent_bundle::{FluentArgs, FluentValue};

use super::catalog;
use super::grammar::Grammar;
use crate::ai::review::Label;
use crate::games::{GameKind, Phrase};
use crate::lang::Lang;
use crate::service::{
    AnnotatedMove, ClockNote, EndSaid, Ending, GameLine, MoveSaid, Next, Person, RatingShown, ResultSaid, SeatRef,
    ThreadTitle,
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

/// A game's thread's title in `lang` (`Kuba · alice vs bob · K7Q2`), for platforms
/// whose threads have names.
pub fn thread_title(title: &ThreadTitle, lang: Lang) -> String {
    Say::new(lang, &super::Plain::default()).title(title)
}

/// The same title in `lang`'s quotation marks, as a message names the thread.
pub fn quoted_thread_title(title: &ThreadTitle, lang: Lang) -> String {
    Say::new(lang, &super::Plain::default()).quoted_title(title)
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
    pub(crate) lang: Lang,
    pub(crate) grammar: &'a dyn Grammar,
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

    /// A thread's title: `Kuba · alice vs bob · K7Q2`.
    fn title(&self, title: &ThreadTitle) -> String {
        match title {
            ThreadTitle::Game { game, players } => {
                let players = self.fold("list-versus", players.iter().map(|p| clean(p)).collect());
                self.t(
                    "thread-title",
                    vec![
                        ("game", self.game_title(game.kind)),
                        ("players", players.into()),
                        ("id", game.id.as_str().into()),
                    ],
                )
            }
            ThreadTitle::Worded(text) => clean(text),
        }
    }

    /// A thread's title in quotation marks: “Kuba · alice vs bob · K7Q2”.
    pub(crate) fn quoted_title(&self, title: &ThreadTitle) -> String {
        self.t("thread-title-quoted", vec![("title", self.title(title).into())])
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

    pub(crate) fn level(&self, level: crate::ai::Level) -> String {
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

    pub(crate) fn rating(&self, r: RatingShown) -> String {
        self.t("rating-shown", vec![("value", V::N(r.value)), ("provisional", Self::yes(r.provisional))])
    }

    pub(crate) fn games_count(&self, n: u32) -> String {
        self.t("games-count", vec![("count", V::N(i64::from(n)))])
    }

    pub(crate) fn game_line(&mut self, g: &GameLine) -> String {
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

    pub(crate) fn unmark(
        &self,
        marked: &str,
        person: impl Fn(&Person) -> String,
        text: impl Fn(&str) -> String,
    ) -> String {
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

/// A move's label for a menu: `a7-S · pushes 2`, its parts in `lang`.
pub fn move_label(head: &str, parts: &[crate::games::Phrase], lang: Lang) -> String {
    let grammar = super::grammar::Plain::default();
    let say = Say::new(lang, &grammar);
    say.move_label(&MoveSaid { text: head.to_string(), parts: parts.to_vec() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::{say, Plain, ThreadSaid};
    use crate::service::Message;

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
