//! Serving a request: [`Service::handle`] runs the use case a [`Request`]'s command
//! asks for ([`dispatch`]), and turns a refusal or a fault into the actor's reply.

use super::{
    boards, challenges, clocks, community_page, goes_here, language, links, lists, menus, metrics, offers, outbox,
    play, premoves, puzzles, reviews, seen, tournaments, web_sessions, Actor, Command, Failure, Inner, Message, Place,
    Refusal, Reply, Request, Service,
};

impl Service {
    /// Serves one request. Refusals and faults come back as replies too: a refusal
    /// visible to the actor only, a fault as a short apology (and a log line).
    ///
    /// A request whose [`Via::key`] changed something before (delivered twice) changes
    /// nothing again: it gets the answer the first delivery made, to deliver again
    /// (platforms drop the repeat by its send key).
    pub fn handle(&self, request: &Request) -> Vec<Reply> {
        self.serve(request, || dispatch(&self.inner, request))
    }

    /// Serves `request` with `run`, its use case: what [`Service::handle`] does around
    /// the dispatch (a repeat answered as before, the figures, refusals and faults as
    /// replies, the language and the links), for the use cases the web pages reach
    /// without a command of their own to dispatch (a puzzle answered on its page).
    pub(super) fn serve(&self, request: &Request, run: impl FnOnce() -> Result<Vec<Reply>, Failure>) -> Vec<Reply> {
        let began = std::time::Instant::now();
        let _serving = seen::Serving::begin();
        let metrics = &self.inner.metrics;
        if let Some(answer) = self.answered_before(request) {
            return answer;
        }
        let mut replies = match run() {
            Ok(replies) => {
                metrics.request(metrics::Outcome::Answered);
                // A move answered without a refusal is stored: its latency is the
                // request's, up to its durable commit.
                if matches!(request.command, Command::Move { .. }) {
                    metrics.move_latency(began.elapsed());
                }
                replies
            }
            Err(failure) => {
                // A refusal of a request delivered twice at once: the other delivery
                // changed the game first, and its answer stands.
                if let Some(answer) = self.answered_before(request) {
                    return answer;
                }
                metrics.request(match failure {
                    Failure::User(_) => metrics::Outcome::Refused,
                    Failure::Internal(_) => metrics::Outcome::Failed,
                });
                vec![self.refusal(request, failure)]
            }
        };
        if request.command.answered_privately() {
            // The answer is the actor's alone, whatever the use case made of it.
            if let Some(answer) = replies.iter_mut().find(|r| goes_here(&r.destination, &request.place)) {
                answer.only_actor = true;
            }
        }
        language::resolve(&self.inner, &request.actor, &request.place, &mut replies);
        for reply in &mut replies {
            links::link(&self.inner, reply);
        }
        replies
    }

    /// The answer a request that changed something before got (kept in the outbox),
    /// when `request` is one delivered again.
    fn answered_before(&self, request: &Request) -> Option<Vec<Reply>> {
        let key = request.via.key.as_deref()?;
        let store = &self.inner.store;
        let key_ = key.to_string();
        match store.read_once(move |tx| crate::store::request_served(tx, &key_)) {
            Ok(true) => {}
            Ok(false) => return None,
            Err(e) => {
                tracing::warn!("cannot tell whether request {key} was served: {e}");
                return None;
            }
        }
        tracing::info!("request {key} was delivered again: answered as before");
        let answers = outbox::answers_of(&self.inner, request.actor.platform, key).unwrap_or_else(|e| {
            tracing::error!("cannot read the answer of request {key}: {e:?}");
            Vec::new()
        });
        Some(answers)
    }

    /// The reply to a failed request.
    fn refusal(&self, request: &Request, failure: Failure) -> Reply {
        let message = match failure {
            Failure::User(e) => Message::Refused(e),
            Failure::Internal(e) => {
                tracing::error!(actor = %request.actor.user_id, command = ?request.command, "request failed: {e}");
                Message::Apology
            }
        };
        let mut reply = Reply::new(boards::here(&self.inner, &request.place), message);
        reply.only_actor = true;
        reply
    }

    /// A refusal made by an adapter (an unknown user, a malformed option), shaped like
    /// the service's own.
    pub fn refuse(&self, actor: &Actor, place: &Place, refusal: Refusal) -> Reply {
        let mut reply = Reply::new(boards::here(&self.inner, place), Message::Refused(refusal));
        reply.only_actor = true;
        language::resolve(&self.inner, actor, place, std::slice::from_mut(&mut reply));
        reply
    }
}

/// Runs the use case a request asks for.
fn dispatch(inner: &Inner, req: &Request) -> Result<Vec<Reply>, Failure> {
    if req.actor.is_bot {
        return Err(Refusal::FromBot.into());
    }
    match &req.command {
        Command::Challenge { kind, opponents, rated, first, level, settings, start, time } => challenges::challenge(
            inner,
            req,
            &challenges::Challenged {
                kind: *kind,
                opponents,
                rated: *rated,
                first: *first,
                level: *level,
                settings: settings.as_deref(),
                start: start.as_deref(),
                time: *time,
            },
        ),
        Command::Accept { kind, challenge } => challenges::accept(inner, req, *kind, *challenge),
        Command::Decline { kind, challenge } => challenges::decline(inner, req, *kind, *challenge),
        Command::Cancel { kind, challenge } => challenges::cancel(inner, req, *kind, *challenge),
        Command::Move { game, text, at } => play::play(inner, req, game, text, *at),
        Command::Board { game, flip } => play::board(inner, req, game, *flip),
        Command::Replay { game, flip, speed } => lists::replay(inner, req, game, *flip, *speed),
        Command::Analysis { game } => reviews::analysis(inner, req, game),
        Command::Resign { game } => play::resign(inner, req, game),
        Command::ConfirmResign { game } => menus::confirm_resign(inner, req, game),
        Command::Flip { game } => menus::flip(inner, req, game),
        Command::Abort { game } => play::abort(inner, req, game),
        Command::Draw { game, answer } => offers::draw(inner, req, game, *answer),
        Command::Takeback { game, answer } => offers::takeback(inner, req, game, *answer),
        Command::Premove { game, asked } => premoves::premove(inner, req, game, asked),
        Command::Games => lists::games(inner, req),
        Command::History { game } => lists::history(inner, req, game),
        Command::Leaderboard { kind, global } => lists::leaderboard(inner, req, *kind, *global),
        Command::Rating { kind, player, versus } => lists::rating(inner, req, *kind, player.as_ref(), versus.as_ref()),
        Command::Rules { kind } => lists::rules(inner, req, *kind),
        Command::Help { kind } => Ok(vec![Reply::new(boards::here(inner, &req.place), Message::Help { kind: *kind })]),
        Command::Notify { how, user } => clocks::notify(inner, req, *how, user.as_ref()),
        Command::Vacation { days } => clocks::vacation(inner, req, *days),
        Command::VacationEnd => clocks::vacation_end(inner, req),
        Command::Language { language, scope } => language::language(inner, req, *language, *scope),
        Command::Web { on } => community_page::turn(inner, req, *on),
        Command::Tournament(asked) => tournaments::dispatch(inner, req, asked),
        Command::WebLogin => web_sessions::login(inner, req),
        Command::WebLogout => web_sessions::logout(inner, req),
        Command::Play { game } => web_sessions::play(inner, req, game),
        Command::Puzzle { kind, mode } => puzzles::puzzle(inner, req, *kind, *mode),
        Command::Solve { kind, text } => puzzles::solve(inner, req, *kind, text),
    }
}
