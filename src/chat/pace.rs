//! Rate limits as the platform states them, kept before they are hit.
//!
//! Discord limits requests by buckets and says, on every answer, how much of its
//! bucket is left (`X-RateLimit-Limit`, `-Remaining`, `-Reset-After`, `-Bucket`); when
//! it refuses one anyway (429) it says how long to wait (`retry_after`) and for what
//! (the bucket, a limit shared by more than the bucket, or the whole bot). Synapse
//! says only the second (`M_LIMIT_EXCEEDED` with `retry_after_ms`). [`Limits`] keeps
//! what was said and answers one question before each request: may it go now, and if
//! not, how long until it may. It never sleeps: the caller hands the message back to
//! the outbox with that time ([`crate::chat::delivery`]), so nothing waits behind it.
//!
//! - A **route** is what the platform counts a request under until it names a bucket:
//!   Discord's method and path with the major parameter (the channel, the guild, the
//!   webhook and its token) kept and other ids left out. Routes that the platform
//!   puts in one bucket (`X-RateLimit-Bucket`) share it, per major parameter.
//! - A bucket's window is the platform's: `Reset-After` counted from when its answer
//!   came back, which is after the platform started counting, so the bot's idea of a
//!   reset is never earlier than the platform's. Requests in flight count against
//!   what is left.
//! - A bucket not seen yet takes its route's first guess (Discord's messages in a
//!   channel: 5 per 5 s); a route without a guess sends one request at a time until
//!   the platform has said its limit. A platform that never says it (Synapse) keeps
//!   the guess, halved at each refusal with its window stretched to the wait asked
//!   for, and grown back by one after ten windows without one. A route whose limit the platform does not state
//!   at all (Discord's threads per server) always sends one at a time, and its refusal
//!   holds what it names ([`Route::hold`]: the server) for as long as it says.
//! - The **global** limit (Discord: 50 requests a second for the whole bot, the
//!   interactions' callbacks and webhooks apart) is kept below, counted over the last
//!   second of sends; a refusal that says it is global holds every counted route.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a request waits when its bucket is busy with one whose answer will say
/// the limit (a route sending one at a time).
const BUSY: Duration = Duration::from_millis(50);
/// Buckets kept before the idle ones are forgotten.
const KEPT: usize = 4096;
/// Windows without a refusal before a guessed limit grows back by one.
const CALM_WINDOWS: u32 = 10;

/// What a request is counted under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The route: method, path without its minor ids, and the major parameter.
    pub key: String,
    /// The major parameter alone (a bucket named by the platform is per major
    /// parameter).
    pub major: String,
    /// Whether it counts toward the global limit.
    pub global: bool,
    /// A first guess of its bucket's limit (requests per window) before the platform
    /// says it.
    pub guess: Option<(u32, Duration)>,
    /// At most one request in flight, always: the platform does not state this
    /// route's limit before refusing (Discord's threads per server).
    pub one_at_a_time: bool,
    /// What a refusal of this route for more than its bucket holds besides its bucket
    /// (Discord: the server's threads), and what is asked before it goes.
    pub hold: Option<String>,
}

impl Route {
    /// A route counted under `key` (major parameter `major`), toward the global limit.
    pub fn new(key: impl Into<String>, major: impl Into<String>) -> Route {
        Route { key: key.into(), major: major.into(), global: true, guess: None, one_at_a_time: false, hold: None }
    }
}

/// What the platform said of a request's bucket, from its answer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Said {
    /// The bucket's name (`X-RateLimit-Bucket`), shared by the routes it covers.
    pub bucket: Option<String>,
    /// Requests allowed in a window.
    pub limit: Option<u32>,
    /// Requests left in this window.
    pub remaining: Option<u32>,
    /// When the window ends, from now.
    pub reset_after: Option<Duration>,
}

/// What a refusal (429) applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The request's bucket.
    Bucket,
    /// A limit beyond the bucket (Discord's `shared` scope): the route's
    /// [`Route::hold`] too.
    Shared,
    /// Every request that counts toward the global limit.
    Global,
}

/// A request admitted: give it back with what came of it ([`Limits::learn`],
/// [`Limits::refused`], [`Limits::unanswered`]).
#[derive(Debug)]
#[must_use]
pub struct Ticket {
    route: String,
    major: String,
    bucket: String,
    hold: Option<String>,
}

#[derive(Debug, Default)]
struct Bucket {
    /// Requests allowed per window, once known (said, or guessed).
    limit: Option<u32>,
    /// The window of a guess, counted from the first send after a reset.
    per: Option<Duration>,
    /// Requests left in the current window, as last said (or counted, for a guess).
    remaining: u32,
    /// When the current window ends (unknown before a send or an answer).
    reset_at: Option<Instant>,
    /// Refused: nothing before this.
    held_until: Option<Instant>,
    /// Requests sent and not answered yet.
    in_flight: u32,
    /// Whether the platform has named its limit (a guess is replaced then).
    said: bool,
    /// The first guess of its limit, which a guess grows back to.
    guess: Option<u32>,
    /// Windows ended since the last refusal.
    calm: u32,
}

impl Bucket {
    fn guessed(guess: Option<(u32, Duration)>) -> Bucket {
        match guess {
            Some((limit, per)) => {
                Bucket { limit: Some(limit), per: Some(per), remaining: limit, guess: Some(limit), ..Bucket::default() }
            }
            None => Bucket::default(),
        }
    }

    /// Starts a new window when the last one has ended.
    fn roll(&mut self, now: Instant) {
        if self.reset_at.is_some_and(|at| at <= now) {
            self.reset_at = None;
            if !self.said {
                self.calm += 1;
                if let (Some(limit), Some(guess)) = (self.limit, self.guess) {
                    if self.calm >= CALM_WINDOWS && limit < guess {
                        self.limit = Some(limit + 1);
                        self.calm = 0;
                    }
                }
            }
            self.remaining = self.limit.unwrap_or(0);
        }
        if self.held_until.is_some_and(|at| at <= now) {
            self.held_until = None;
        }
    }

    /// How long until a request may go, if it may not now.
    fn wait(&self, now: Instant, one_at_a_time: bool) -> Option<Duration> {
        if let Some(until) = self.held_until {
            return Some(until.saturating_duration_since(now).max(Duration::from_millis(1)));
        }
        if (one_at_a_time || self.limit.is_none()) && self.in_flight > 0 {
            return Some(BUSY);
        }
        match self.limit {
            Some(_) if self.remaining <= self.in_flight => Some(match self.reset_at {
                Some(at) => at.saturating_duration_since(now).max(Duration::from_millis(1)),
                // Everything left is in flight: its answers will say when.
                None => BUSY,
            }),
            _ => None,
        }
    }

    fn idle(&self, now: Instant) -> bool {
        self.in_flight == 0 && self.held_until.is_none_or(|at| at <= now) && self.reset_at.is_none_or(|at| at <= now)
    }
}

#[derive(Debug, Default)]
struct State {
    /// Each route's bucket, once the platform named it.
    routes: HashMap<String, String>,
    buckets: HashMap<String, Bucket>,
    /// Holds beyond buckets ([`Route::hold`]) until when.
    holds: HashMap<String, Instant>,
    /// Sends counted toward the global limit in its last window.
    global_sent: VecDeque<Instant>,
    /// Refused globally: nothing counted before this.
    global_until: Option<Instant>,
}

/// The platform's limits as it stated them, for one process.
#[derive(Debug)]
pub struct Limits {
    state: Mutex<State>,
    /// At most this many counted requests in any window of this length.
    global: Option<(u32, Duration)>,
}

impl Limits {
    /// Limits with a global limit of `global` (requests per window), if any.
    pub fn new(global: Option<(u32, Duration)>) -> Limits {
        Limits { state: Mutex::new(State::default()), global }
    }

    /// Discord's: 50 requests a second for the whole bot, kept at 45 so that the
    /// requests' different times on the way never make 50 arrive within a second.
    pub fn discord() -> Limits {
        Limits::new(Some((45, Duration::from_secs(1))))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic elsewhere with the lock held leaves numbers, not broken invariants.
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// How long until a request of `route` may go, without taking its turn: `None`
    /// when it may go now.
    pub fn wait(&self, route: &Route, now: Instant) -> Option<Duration> {
        let mut state = self.lock();
        Self::wait_in(&mut state, self.global, route, now)
    }

    fn wait_in(state: &mut State, global: Option<(u32, Duration)>, route: &Route, now: Instant) -> Option<Duration> {
        let mut waits = Vec::new();
        if route.global {
            if let Some(until) = state.global_until.filter(|u| *u > now) {
                waits.push(until - now);
            }
            if let Some((limit, per)) = global {
                while state.global_sent.front().is_some_and(|t| now.saturating_duration_since(*t) >= per) {
                    state.global_sent.pop_front();
                }
                if state.global_sent.len() >= limit as usize {
                    let oldest = state.global_sent.front().copied().unwrap_or(now);
                    waits.push((oldest + per).saturating_duration_since(now).max(Duration::from_millis(1)));
                }
            }
        }
        if let Some(until) = route.hold.as_ref().and_then(|h| state.holds.get(h)).filter(|u| **u > now) {
            waits.push(*until - now);
        }
        let id = state.routes.get(&route.key).cloned().unwrap_or_else(|| route.key.clone());
        let bucket = state.buckets.entry(id).or_insert_with(|| Bucket::guessed(route.guess));
        bucket.roll(now);
        waits.extend(bucket.wait(now, route.one_at_a_time));
        waits.into_iter().max()
    }

    /// Takes a turn for a request of `route` at `now`: a ticket when it may go now
    /// (it is counted from now on), else how long to wait first.
    pub fn admit(&self, route: &Route, now: Instant) -> Result<Ticket, Duration> {
        let mut state = self.lock();
        if let Some(wait) = Self::wait_in(&mut state, self.global, route, now) {
            return Err(wait);
        }
        if state.buckets.len() > KEPT {
            state.buckets.retain(|_, b| !b.idle(now));
            let buckets = std::mem::take(&mut state.buckets);
            state.routes.retain(|_, id| buckets.contains_key(id));
            state.buckets = buckets;
            state.holds.retain(|_, until| *until > now);
        }
        let id = state.routes.get(&route.key).cloned().unwrap_or_else(|| route.key.clone());
        let bucket = state.buckets.entry(id.clone()).or_insert_with(|| Bucket::guessed(route.guess));
        bucket.in_flight += 1;
        if !bucket.said && bucket.reset_at.is_none() {
            // A guessed window starts with its first send.
            bucket.reset_at = bucket.per.map(|per| now + per);
        }
        if route.global && self.global.is_some() {
            state.global_sent.push_back(now);
        }
        Ok(Ticket { route: route.key.clone(), major: route.major.clone(), bucket: id, hold: route.hold.clone() })
    }

    /// The bucket a ticket's answer speaks of, moved under the name the platform
    /// gave it; its in-flight request ended.
    fn settle<'a>(state: &'a mut State, ticket: &Ticket, said: &Said) -> &'a mut Bucket {
        let current = state.routes.get(&ticket.route).cloned().unwrap_or_else(|| ticket.bucket.clone());
        let id = match &said.bucket {
            Some(name) => format!("{name}:{}", ticket.major),
            None => current.clone(),
        };
        if id != current {
            // The platform named the route's bucket: the route's requests still in
            // flight count there from now on.
            let moving = state.buckets.get_mut(&current).map_or(0, |b| std::mem::take(&mut b.in_flight));
            state.routes.insert(ticket.route.clone(), id.clone());
            state.buckets.entry(id.clone()).or_default().in_flight += moving;
        }
        let bucket = state.buckets.entry(id).or_default();
        bucket.in_flight = bucket.in_flight.saturating_sub(1);
        bucket
    }

    /// The platform answered the request of `ticket` at `now`, and said this of its
    /// bucket (nothing, for a platform that says nothing: the guess counts it).
    pub fn learn(&self, ticket: Ticket, said: &Said, now: Instant) {
        let mut state = self.lock();
        let bucket = Self::settle(&mut state, &ticket, said);
        Self::update(bucket, said, now);
    }

    fn update(bucket: &mut Bucket, said: &Said, now: Instant) {
        match (said.limit, said.remaining) {
            (Some(limit), Some(remaining)) => {
                let reset = said.reset_after.map(|after| now + after);
                let same_window = match (bucket.reset_at, reset) {
                    (Some(known), Some(new)) => new <= known + Duration::from_millis(250),
                    _ => false,
                };
                if same_window && bucket.said {
                    // Answers of one window come back out of order: the least left and
                    // the latest end are the safe reading.
                    bucket.remaining = bucket.remaining.min(remaining);
                    bucket.reset_at = bucket.reset_at.max(reset);
                } else {
                    bucket.remaining = remaining;
                    bucket.reset_at = reset.or(bucket.reset_at);
                }
                bucket.limit = Some(limit);
                bucket.per = None;
                bucket.said = true;
            }
            _ if !bucket.said => bucket.remaining = bucket.remaining.saturating_sub(1),
            _ => {}
        }
    }

    /// The platform refused the request of `ticket` as too many at `now`: nothing of
    /// `scope` goes for `retry_after`.
    pub fn refused(&self, ticket: Ticket, retry_after: Duration, scope: Scope, said: &Said, now: Instant) {
        let mut state = self.lock();
        let until = now + retry_after;
        let hold = ticket.hold.clone();
        let bucket = Self::settle(&mut state, &ticket, said);
        Self::update(bucket, said, now);
        match scope {
            Scope::Global => {
                state.global_until = Some(state.global_until.map_or(until, |u| u.max(until)));
            }
            Scope::Bucket | Scope::Shared => {
                bucket.held_until = Some(bucket.held_until.map_or(until, |u| u.max(until)));
                bucket.remaining = 0;
                if !bucket.said {
                    // A guess that was too much: half as many, spaced as asked.
                    bucket.limit = bucket.limit.map(|l| (l / 2).max(1));
                    bucket.per = bucket.per.map(|p| p.max(retry_after));
                    bucket.reset_at = Some(until);
                    bucket.calm = 0;
                }
                if let (Scope::Shared, Some(hold)) = (scope, hold) {
                    let held = state.holds.entry(hold).or_insert(until);
                    *held = (*held).max(until);
                }
            }
        }
    }

    /// The request of `ticket` got no answer about its bucket (the network failed, or
    /// it timed out): it still counts as sent, as it may have arrived.
    pub fn unanswered(&self, ticket: Ticket, now: Instant) {
        let mut state = self.lock();
        let bucket = Self::settle(&mut state, &ticket, &Said::default());
        Self::update(bucket, &Said::default(), now);
    }

    /// Holds `hold` (a [`Route::hold`]) until `now + wait`, as a refusal of its route
    /// would: learnt otherwise than from a refusal (another process's, say).
    pub fn hold(&self, hold: &str, wait: Duration, now: Instant) {
        let mut state = self.lock();
        let until = now + wait;
        let held = state.holds.entry(hold.to_string()).or_insert(until);
        *held = (*held).max(until);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(channel: &str) -> Route {
        Route {
            guess: Some((5, Duration::from_secs(5))),
            ..Route::new(format!("POST /channels/{channel}/messages"), channel)
        }
    }

    fn said(bucket: &str, limit: u32, remaining: u32, reset_after_ms: u64) -> Said {
        Said {
            bucket: Some(bucket.to_string()),
            limit: Some(limit),
            remaining: Some(remaining),
            reset_after: Some(Duration::from_millis(reset_after_ms)),
        }
    }

    #[test]
    fn a_guess_lets_five_go_then_waits_for_the_window() {
        let limits = Limits::new(None);
        let t0 = Instant::now();
        for i in 0..5 {
            let ticket = limits.admit(&messages("a"), t0 + Duration::from_millis(i)).expect("within the guess");
            limits.learn(ticket, &Said::default(), t0 + Duration::from_millis(i + 1));
        }
        let wait = limits.admit(&messages("a"), t0 + Duration::from_millis(10)).expect_err("the sixth waits");
        assert_eq!(wait, Duration::from_millis(4_990));
        // Another channel is another bucket.
        assert!(limits.admit(&messages("b"), t0).is_ok());
        assert!(limits.admit(&messages("a"), t0 + Duration::from_secs(5)).is_ok());
    }

    #[test]
    fn what_the_platform_says_replaces_the_guess_and_counts_from_its_answer() {
        let limits = Limits::new(None);
        let t0 = Instant::now();
        let ticket = limits.admit(&messages("a"), t0).expect("first");
        // Discord counted it; its window ends 5 s after it counted, said 80 ms later.
        limits.learn(ticket, &said("msgs", 5, 1, 4_920), t0 + Duration::from_millis(80));
        let ticket = limits.admit(&messages("a"), t0 + Duration::from_millis(90)).expect("one left");
        // While it is in flight nothing is left.
        let wait = limits.admit(&messages("a"), t0 + Duration::from_millis(95)).expect_err("none left");
        assert_eq!(wait, Duration::from_millis(4_905));
        limits.learn(ticket, &said("msgs", 5, 0, 4_800), t0 + Duration::from_millis(180));
        assert_eq!(limits.wait(&messages("a"), t0 + Duration::from_millis(200)), Some(Duration::from_millis(4_800)));
        // Its reset, as said, not as the bot would have counted from its sends.
        assert!(limits.admit(&messages("a"), t0 + Duration::from_millis(5_000)).is_ok());
    }

    #[test]
    fn requests_in_flight_count_in_the_bucket_the_platform_names() {
        let limits = Limits::new(None);
        let t0 = Instant::now();
        let tickets: Vec<Ticket> =
            (0..4).map(|_| limits.admit(&messages("a"), t0).expect("within the guess")).collect();
        let mut tickets = tickets.into_iter();
        // The first answer names the bucket: 5 a window, 4 left; three more are on
        // their way, so one may go, not four.
        limits.learn(tickets.next().expect("a ticket"), &said("msgs", 5, 4, 5_000), t0);
        let fifth = limits.admit(&messages("a"), t0).expect("one left");
        assert!(limits.admit(&messages("a"), t0).is_err(), "the others are in flight");
        for ticket in tickets.chain([fifth]) {
            limits.learn(ticket, &said("msgs", 5, 0, 4_900), t0);
        }
        assert!(limits.admit(&messages("a"), t0).is_err());
        assert!(limits.admit(&messages("a"), t0 + Duration::from_secs(5)).is_ok());
    }

    #[test]
    fn routes_in_one_named_bucket_share_it_per_major_parameter() {
        let limits = Limits::new(None);
        let t0 = Instant::now();
        let edit = Route::new("PATCH /channels/a/messages/:id", "a");
        let ticket = limits.admit(&messages("a"), t0).expect("post");
        limits.learn(ticket, &said("shared", 2, 1, 1_000), t0);
        let ticket = limits.admit(&edit, t0).expect("edit, its own bucket for now");
        limits.learn(ticket, &said("shared", 2, 0, 1_000), t0);
        // Both routes now wait for the same bucket, in channel a only.
        assert!(limits.admit(&messages("a"), t0).is_err());
        assert!(limits.admit(&edit, t0).is_err());
        assert!(limits.admit(&messages("b"), t0).is_ok());
    }

    #[test]
    fn a_refusal_holds_exactly_what_it_names() {
        let limits = Limits::new(Some((50, Duration::from_secs(1))));
        let t0 = Instant::now();
        let ticket = limits.admit(&messages("a"), t0).expect("first");
        limits.refused(ticket, Duration::from_secs(3), Scope::Bucket, &Said::default(), t0);
        assert_eq!(limits.wait(&messages("a"), t0 + Duration::from_secs(1)), Some(Duration::from_secs(2)));
        assert_eq!(limits.wait(&messages("b"), t0), None);
        // A global refusal holds every counted route, and not the interactions'.
        let ticket = limits.admit(&messages("b"), t0).expect("b");
        limits.refused(ticket, Duration::from_millis(700), Scope::Global, &Said::default(), t0);
        assert_eq!(limits.wait(&messages("c"), t0), Some(Duration::from_millis(700)));
        let callback = Route { global: false, ..Route::new("POST /interactions/1/t/callback", "1") };
        assert_eq!(limits.wait(&callback, t0), None);
        assert_eq!(limits.wait(&messages("c"), t0 + Duration::from_millis(700)), None);
    }

    #[test]
    fn a_shared_refusal_holds_the_server_for_every_channel() {
        let limits = Limits::new(None);
        let t0 = Instant::now();
        let threads = |channel: &str| Route {
            one_at_a_time: true,
            hold: Some("threads:500".to_string()),
            ..Route::new(format!("POST /channels/{channel}/threads"), channel)
        };
        let ticket = limits.admit(&threads("a"), t0).expect("first");
        // One at a time: the second of a route waits for the first's answer.
        assert_eq!(limits.admit(&threads("a"), t0).err(), Some(BUSY));
        let other = limits.admit(&threads("b"), t0).expect("another route");
        limits.unanswered(other, t0);
        limits.refused(ticket, Duration::from_secs(120), Scope::Shared, &Said::default(), t0);
        assert_eq!(limits.wait(&threads("b"), t0 + Duration::from_secs(20)), Some(Duration::from_secs(100)));
        assert_eq!(limits.wait(&threads("b"), t0 + Duration::from_secs(120)), None);
    }

    #[test]
    fn the_global_limit_is_kept_over_any_second() {
        let limits = Limits::new(Some((3, Duration::from_secs(1))));
        let t0 = Instant::now();
        for i in 0..3 {
            let ticket = limits.admit(&messages(&format!("c{i}")), t0 + Duration::from_millis(i * 100)).expect("ok");
            limits.learn(ticket, &Said::default(), t0);
        }
        let wait = limits.admit(&messages("c9"), t0 + Duration::from_millis(300)).expect_err("the fourth");
        assert_eq!(wait, Duration::from_millis(700));
        let free = Route { global: false, ..messages("c9") };
        assert!(limits.admit(&free, t0 + Duration::from_millis(300)).is_ok());
        assert!(limits.admit(&messages("c9"), t0 + Duration::from_millis(1_000)).is_ok());
    }

    #[test]
    fn a_guess_the_platform_refuses_is_halved_and_spaced_as_asked() {
        let limits = Limits::new(None);
        let send = Route { guess: Some((10, Duration::from_secs(2))), global: false, ..Route::new("send", "bot") };
        let t0 = Instant::now();
        for _ in 0..3 {
            let ticket = limits.admit(&send, t0).expect("within the guess");
            limits.learn(ticket, &Said::default(), t0);
        }
        let ticket = limits.admit(&send, t0).expect("the fourth");
        limits.refused(ticket, Duration::from_secs(5), Scope::Bucket, &Said::default(), t0);
        assert_eq!(limits.wait(&send, t0 + Duration::from_secs(1)), Some(Duration::from_secs(4)));
        // Then at most 5 per 5 s.
        let t1 = t0 + Duration::from_secs(5);
        for _ in 0..5 {
            let ticket = limits.admit(&send, t1).expect("five");
            limits.learn(ticket, &Said::default(), t1);
        }
        assert_eq!(limits.wait(&send, t1), Some(Duration::from_secs(5)));
    }

    #[test]
    fn an_unknown_limit_sends_one_request_until_it_is_said() {
        let limits = Limits::new(None);
        let t0 = Instant::now();
        let dm = Route::new("POST /users/@me/channels", "");
        let ticket = limits.admit(&dm, t0).expect("first");
        assert_eq!(limits.admit(&dm, t0).err(), Some(BUSY));
        limits.learn(ticket, &said("dm", 10, 9, 10_000), t0);
        assert!(limits.admit(&dm, t0).is_ok());
        assert!(limits.admit(&dm, t0).is_ok());
    }
}
