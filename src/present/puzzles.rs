//! The puzzles' words (`locales/<lang>/puzzles.ftl`): a puzzle given, its answer,
//! a puzzle rating, a community's puzzle leaderboard and the puzzles' refusals.

use super::say::{Say, V};
use crate::service::{PuzzleFrom, PuzzleRefusal, PuzzleSaid};

/// A line of moves as the answer writes it: `e1-E → d2-N → f3-W`, the same in every
/// language (moves are notation).
pub(crate) fn line_text(line: &[String]) -> String {
    line.join(" → ")
}

impl Say<'_> {
    /// The words of what the puzzles say, with people as markers.
    pub(crate) fn puzzle(&mut self, said: &PuzzleSaid) -> String {
        match said {
            PuzzleSaid::Given { puzzle, kind, colour, from, rating, streak, again, page } => {
                let game = self.game(*kind);
                let mut lines = Vec::new();
                if *again {
                    lines.push(self.t0("puzzle-again"));
                }
                lines.push(match from {
                    PuzzleFrom::Own { game: tag, ply, played } => self.t(
                        "puzzle-given-own",
                        vec![
                            ("game", game.clone().into()),
                            ("id", self.typed(&tag.id)),
                            ("ply", V::N(i64::from(*ply))),
                            ("played", V::S(played.clone())),
                        ],
                    ),
                    PuzzleFrom::Community => self.t("puzzle-given-community", vec![("game", game.clone().into())]),
                });
                let rating = self.rating(*rating);
                lines.push(self.t(
                    "puzzle-given-task",
                    vec![
                        ("colour", self.phrase(colour).into()),
                        ("puzzle", V::N(*puzzle)),
                        ("rating", rating.into()),
                        ("solve", self.command(kind.name(), "solve").into()),
                    ],
                ));
                if let Some(count) = streak {
                    lines.push(self.t("puzzle-streak-so-far", vec![("count", V::N(i64::from(*count)))]));
                }
                if let Some(url) = page {
                    lines.push(self.t("puzzle-page", vec![("url", V::S(url.clone()))]));
                }
                lines.join("\n")
            }
            PuzzleSaid::Answered {
                puzzle,
                kind,
                solved,
                answer,
                line,
                game,
                ply,
                mover,
                played,
                label,
                rating,
                streak,
            } => {
                let best = line.first().cloned().unwrap_or_default();
                let mut lines = vec![if *solved {
                    self.t("puzzle-solved", vec![("puzzle", V::N(*puzzle)), ("answer", V::S(answer.clone()))])
                } else {
                    self.t(
                        "puzzle-missed",
                        vec![("puzzle", V::N(*puzzle)), ("answer", V::S(answer.clone())), ("best", V::S(best))],
                    )
                }];
                lines.push(self.t("puzzle-line", vec![("line", V::S(line_text(line)))]));
                let mover = self.person(mover);
                lines.push(self.t(
                    "puzzle-origin",
                    vec![
                        ("game", self.game(*kind).into()),
                        ("id", self.typed(&game.id)),
                        ("ply", V::N(i64::from(*ply))),
                        ("mover", mover.into()),
                        ("played", V::S(played.clone())),
                        ("label", self.t0(super::say::label_id(*label)).into()),
                    ],
                ));
                match rating {
                    Some(change) => {
                        let (before, after) = (self.rating(change.before), self.rating(change.after));
                        lines.push(self.t(
                            "puzzle-rating-change",
                            vec![
                                ("before", before.into()),
                                ("after", after.into()),
                                ("delta", V::S(format!("{:+}", change.delta))),
                            ],
                        ));
                    }
                    None if streak.is_none() => lines.push(self.t0("puzzle-not-rated")),
                    None => {}
                }
                if let Some(s) = streak {
                    let args = vec![("count", V::N(i64::from(s.count))), ("best", V::N(i64::from(s.best)))];
                    lines.push(if s.going {
                        self.t("puzzle-streak-going", args)
                    } else if s.exhausted {
                        self.t("puzzle-streak-exhausted", args)
                    } else {
                        self.t("puzzle-streak-over", args)
                    });
                }
                lines.join("\n")
            }
            PuzzleSaid::Rating { kind, person, rating, attempts, solved, best_streak } => {
                let person = self.person(person);
                match rating {
                    Some(r) => {
                        let rating = self.rating(*r);
                        self.t(
                            "puzzle-rating",
                            vec![
                                ("person", person.into()),
                                ("game", self.game(*kind).into()),
                                ("rating", rating.into()),
                                ("solved", V::N(i64::from(*solved))),
                                ("attempts", V::N(i64::from(*attempts))),
                                ("best", V::N(i64::from(*best_streak))),
                            ],
                        )
                    }
                    None => self.t(
                        "puzzle-rating-none",
                        vec![
                            ("person", person.into()),
                            ("game", self.game(*kind).into()),
                            ("puzzle", self.command(kind.name(), "puzzle").into()),
                        ],
                    ),
                }
            }
            PuzzleSaid::Leaderboard { kind, rows } => {
                if rows.is_empty() {
                    return self.t(
                        "puzzle-leaderboard-empty",
                        vec![("game", self.game(*kind).into()), ("puzzle", self.command(kind.name(), "puzzle").into())],
                    );
                }
                let mut lines = vec![self.t("puzzle-leaderboard-header", vec![("game", self.game(*kind).into())])];
                for r in rows {
                    let person = self.person(&r.person);
                    let rating = self.rating(r.rating);
                    lines.push(self.t(
                        "puzzle-leaderboard-row",
                        vec![
                            ("rank", V::N(i64::from(r.rank))),
                            ("person", person.into()),
                            ("rating", rating.into()),
                            ("solved", V::N(i64::from(r.solved))),
                            ("attempts", V::N(i64::from(r.attempts))),
                            ("best", V::N(i64::from(r.best_streak))),
                        ],
                    ));
                }
                lines.join("\n")
            }
        }
    }

    /// The words of a puzzle's refusal.
    pub(crate) fn puzzle_refusal(&mut self, r: &PuzzleRefusal) -> String {
        match r {
            PuzzleRefusal::NoneLeft { kind, alone } => self.t(
                "refused-puzzle-none-left",
                vec![
                    ("game", self.game(*kind).into()),
                    ("alone", Self::yes(*alone)),
                    ("analysis", self.command(kind.name(), "analysis").into()),
                ],
            ),
            PuzzleRefusal::NothingToSolve(kind) => self.t(
                "refused-puzzle-nothing-to-solve",
                vec![("game", self.game(*kind).into()), ("puzzle", self.command(kind.name(), "puzzle").into())],
            ),
            PuzzleRefusal::NoCommunity(kind) => {
                self.t("refused-puzzle-no-community", vec![("game", self.game(*kind).into())])
            }
            PuzzleRefusal::AnsweredBefore { kind, puzzle } => self.t(
                "refused-puzzle-answered-before",
                vec![("game", self.game(*kind).into()), ("puzzle", V::N(*puzzle))],
            ),
            PuzzleRefusal::NotForYou { kind, puzzle } => {
                self.t("refused-puzzle-not-for-you", vec![("game", self.game(*kind).into()), ("puzzle", V::N(*puzzle))])
            }
            PuzzleRefusal::OtherOpen { kind, puzzle } => {
                self.t("refused-puzzle-other-open", vec![("game", self.game(*kind).into()), ("puzzle", V::N(*puzzle))])
            }
        }
    }
}
