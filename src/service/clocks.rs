//! Clocks across days: time controls, turn deadlines, reminders, timeouts, challenge
//! expiry and vacations, with one scheduler.
//!
//! # Choices made here
//!
//! - **Time controls** are `days:N` per move with N in 1, 2, 3, 5, 7 or 14, or
//!   `unlimited`; rated games default to 3 days and may not be unlimited; casual games
//!   default to unlimited. They are stored with the game as `days:3` / `unlimited`.
//! - **The deadline** of a turn is set in the transaction of the move that starts it:
//!   the move's time plus the days, or the end of the vacation of the player to move
//!   plus the days. The computer's turns have none.
//! - **Reminders** go to the player to move at each configured point before the
//!   deadline (24 h and 1 h by default), as that player chose: a mention in the game's
//!   place, a direct message, or none. Each is recorded with the game, the deadline and
//!   the point in the transaction that queues it, so it is sent once; when several
//!   points are overdue at once (the bot was down) only the latest is sent.
//! - **A timeout** ends the game in one transaction with the result, the rating changes
//!   and the announcement, and only if the game is still at the ply and deadline that
//!   were seen: a move made before the deadline wins. With three or four Cabale players
//!   (runners placed, at least three still playing) the seat out of time plays the
//!   rules' `leave` instead: it is ranked last, its turns are skipped, and the others
//!   play on with a fresh deadline. When the game ends on time, seats that left are
//!   below the seat out of time.
//! - **Challenges** expire after the configured time (7 days); an expired challenge
//!   cannot be accepted even before the scheduler has marked it.
//! - **Vacations** move the deadline of every game where the player is to move by the
//!   vacation's length, at once; a turn that begins during a vacation counts from its
//!   end. Ending early moves them back by what was left, so the clock stood still for
//!   exactly the time away. The yearly allowance counts the days of vacations begun in
//!   the calendar year (UTC); a vacation ended early counts the days begun.
//! - **One scheduler** thread sleeps until the next due instant read from the database
//!   (never longer than ten minutes, so a clock that is moved by hand is noticed), is
//!   woken early when a deadline is set, and runs [`run_due`]. Tests and the terminal's
//!   `/wait` call [`crate::service::Service::run_due`] directly.

use std::sync::Weak;
use std::time::Duration;

use super::boards::{self, here, tag, thread_of};
use super::deadlines::{days_of, DAY, HOUR};
use super::events::Event;
use super::finisher::{self, everyone_moved, EndOrder, Finish};
use super::message::{AbortCause, Expired, Message};
use super::mover::{self, MoveOrder, Mover};
use super::names::{Notify, Person};
use super::outbox::{self, push};
use super::people::{self, actor_person, ensure_player, find_actor, Seats};
use super::refusal::Refusal;
use super::subscribers;
use super::{Failure, Inner, Reply, Service};
use crate::config::Platform;
use crate::store::{self, GameId, Millis, NotifyBy, SeatHolder, Status, Transaction};

/// The clock settings of the service (`[clocks]` of the configuration).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockOptions {
    /// When to remind the player to move, before the deadline.
    pub reminders: Vec<Millis>,
    /// How long a challenge waits for an answer.
    pub challenge_expiry: Millis,
    /// The most vacation days a player may take in a calendar year.
    pub vacation_days_per_year: u32,
}

impl Default for ClockOptions {
    fn default() -> Self {
        ClockOptions { reminders: vec![DAY, HOUR], challenge_expiry: 7 * DAY, vacation_days_per_year: 30 }
    }
}

/// `/boardbot notify`.
pub(crate) fn notify(
    inner: &Inner,
    req: &super::Request,
    how: Notify,
    user: Option<&super::Target>,
) -> Result<Vec<Reply>, Failure> {
    match user {
        Some(super::Target::User { user_id, .. }) if *user_id == req.actor.user_id => {}
        Some(_) => return Err(Refusal::NotifyOthers.into()),
        None => {}
    }
    let me = ensure_player(inner, req.actor.platform, &req.actor.user_id, &req.actor.display_name)?;
    let by = match how {
        Notify::Mention => NotifyBy::Mention,
        Notify::Direct => NotifyBy::Direct,
        Notify::Off => NotifyBy::Off,
    };
    inner.store.write(move |tx| store::set_notify(tx, me, by))?;
    let mut reply = Reply::new(here(inner, &req.place), Message::NotifySet { how });
    reply.only_actor = true;
    Ok(vec![reply])
}

/// `/boardbot vacation days:N`.
pub(crate) fn vacation(inner: &Inner, req: &super::Request, days: i64) -> Result<Vec<Reply>, Failure> {
    // The clock notes of the answer tell the vacation as it now is.
    super::seen::forget();
    let cap = inner.options.clocks.vacation_days_per_year;
    if days <= 0 {
        return Err(Refusal::VacationDays { days, cap: i64::from(cap) }.into());
    }
    let now = inner.clock.now();
    let me = ensure_player(inner, req.actor.platform, &req.actor.user_id, &req.actor.display_name)?;
    if let Some(v) = inner.store.read(move |tx| store::active_vacation(tx, me, now))? {
        return Err(Refusal::OnVacation { until: v.ends_at }.into());
    }
    let (from, to) = crate::calendar::year_bounds(now);
    let taken = inner.store.read(move |tx| store::vacation_days_taken(tx, me, from, to))?;
    let left = cap.saturating_sub(taken);
    if days > i64::from(left) {
        return Err(Refusal::VacationCap { left: i64::from(left), cap: i64::from(cap), taken: i64::from(taken) }.into());
    }
    let days = u32::try_from(days).unwrap_or(u32::MAX);
    let length = i64::from(days) * DAY;
    let ends = now + length;
    let moved = inner.store.write(move |tx| {
        store::start_vacation(tx, me, now, ends, days)?;
        store::shift_deadlines(tx, me, length, now)
    })?;
    inner.wake_scheduler();
    let message = Message::VacationStarted { who: actor_person(&req.actor), until: ends, moved: moved.len() };
    Ok(vec![Reply::new(here(inner, &req.place), message)])
}

/// `/boardbot vacation end`.
pub(crate) fn vacation_end(inner: &Inner, req: &super::Request) -> Result<Vec<Reply>, Failure> {
    super::seen::forget();
    let now = inner.clock.now();
    let me = find_actor(inner, &req.actor)?;
    let vacation = match me {
        Some(me) => inner.store.read(move |tx| store::active_vacation(tx, me, now))?,
        None => None,
    };
    let Some(v) = vacation else {
        return Err(Refusal::NotOnVacation.into());
    };
    let left = v.ends_at - now;
    let used = u32::try_from(((now - v.starts_at) + DAY - 1) / DAY).unwrap_or(1).max(1);
    let player = v.player;
    inner.store.write(move |tx| {
        store::end_vacation(tx, v.id, now, used)?;
        store::shift_deadlines(tx, player, -left, now)
    })?;
    inner.wake_scheduler();
    Ok(vec![Reply::new(here(inner, &req.place), Message::VacationEnded { who: actor_person(&req.actor) })])
}

/// Runs everything due at the service clock's now, oldest first: challenge expiries,
/// timeouts, reminders, the start of a series' next edition. Returns how many it
/// handled.
pub(crate) fn run_due(inner: &Inner) -> Result<usize, Failure> {
    let now = inner.clock.now();
    let mut done = expire(inner, now)?;
    let overdue = inner.store.read(move |tx| store::games_past_deadline(tx, now))?;
    for game in overdue {
        if time_out(inner, game, now)? {
            done += 1;
        }
    }
    done += remind(inner, now)?;
    done += super::tournaments::start_due(inner, now)?;
    if done > 0 {
        inner.ring();
    }
    Ok(done)
}

/// The next instant something may fall due.
pub(crate) fn next_due(inner: &Inner) -> Result<Option<Millis>, Failure> {
    let now = inner.clock.now();
    let points = inner.options.clocks.reminders.clone();
    Ok(inner.store.read(move |tx| store::next_clock_event(tx, now, &points))?)
}

fn person(tx: &Transaction, id: store::PlayerId) -> Result<(Person, Platform), store::StoreError> {
    let p = store::load_player(tx, id)?;
    Ok((Person::User(super::UserRef { user_id: p.user_id, name: p.display_name }), p.platform))
}

/// The expiries of one channel: its platform, the channel, the challenges and whom
/// to mention.
type Notice = (Platform, Option<String>, Vec<Expired>, Vec<super::UserRef>, Option<store::CommunityId>);

/// Expires the challenges past their time, with one notice per channel.
fn expire(inner: &Inner, now: Millis) -> Result<usize, Failure> {
    let count = inner.store.write(move |tx| {
        let ids = store::expire_challenges(tx, now)?;
        // One notice per channel and platform, in the order the challenges were made.
        let mut notices: Vec<Notice> = Vec::new();
        for id in &ids {
            subscribers::record(tx, &Event::ChallengeExpired { challenge: id.0 }, now)?;
            let c = store::load_challenge(tx, *id)?;
            let (challenger, platform) = person(tx, c.challenger)?;
            let mut challenged = Vec::new();
            for (p, _) in &c.challenged {
                challenged.push(person(tx, *p)?.0);
            }
            let mut mentions: Vec<super::UserRef> = challenger.user().cloned().into_iter().collect();
            mentions.extend(challenged.iter().filter_map(|p| p.user().cloned()));
            let expired = Expired { challenge: id.0, kind: c.kind, challenger, challenged };
            match notices.iter_mut().find(|(pl, ch, _, _, _)| *pl == platform && *ch == c.channel) {
                Some((_, _, list, m, _)) => {
                    list.push(expired);
                    for u in mentions {
                        if !m.contains(&u) {
                            m.push(u);
                        }
                    }
                }
                None => notices.push((platform, c.channel.clone(), vec![expired], mentions, c.community)),
            }
        }
        for (platform, channel, expired, mentions, community) in notices {
            let channel = channel.unwrap_or_default();
            outbox::push_expired(tx, platform, &channel, expired, mentions, community, now)?;
        }
        Ok(ids.len())
    })?;
    if count >= LARGE_BATCH {
        // One transaction of thousands of rows grows the WAL file by as much; empty
        // it now rather than let the file keep that size.
        if let Err(e) = inner.store.truncate_wal() {
            tracing::warn!("after {count} expiries: {e}");
        }
    }
    Ok(count)
}

/// Expiries in one sweep beyond which the WAL is emptied at once.
const LARGE_BATCH: usize = 200;

/// Ends `game` on time if it is still overdue; true when it did.
fn time_out(inner: &Inner, game: GameId, now: Millis) -> Result<bool, Failure> {
    let record = inner.store.load_game(game)?;
    let Some(deadline) = record.turn_deadline.filter(|d| *d <= now) else { return Ok(false) };
    if record.status != Status::Ongoing {
        return Ok(false);
    }
    // Where the game's rules let a seat leave while the others play on
    // (`Position::leave_move`: Cabale's runners placed, at least three still
    // playing), the seat out of time leaves. A rated game that times out before
    // every player has moved is aborted, not rated (as a resignation then is,
    // `play::resign`).
    let aborted = record.rated && !everyone_moved(&record);
    let loser = record.to_move;
    let who = Seats::of(&record).person(usize::from(loser));
    let (finish, say): (Finish, Box<dyn FnOnce(super::Ending) -> Message>) = if aborted {
        (
            Finish::aborted(loser, AbortCause::TimedOut),
            Box::new(move |ending| Message::Aborted { who, cause: AbortCause::TimedOut, ending }),
        )
    } else {
        let (position, _) = boards::replayed(&record, None)?;
        if let Some(leave) = position.leave_move() {
            let mut after = position.clone();
            if let Ok(played) = after.play(&leave) {
                let order = MoveOrder {
                    record: &record,
                    position: &after,
                    played: &played,
                    by: Mover::Clock,
                    asking: None,
                    deadline: Some(deadline),
                    also: None,
                };
                return Ok(mover::play(inner, order)?.is_some());
            }
        }
        (Finish::timed_out(&record, &position, loser), Box::new(move |ending| Message::TimedOut { who, ending }))
    };
    let order = EndOrder { record: &record, finish, say, asking: None, deadline: Some(deadline) };
    Ok(finisher::end(inner, order)?.is_some())
}

/// Sends the reminders due at `now`; returns how many it sent or recorded.
fn remind(inner: &Inner, now: Millis) -> Result<usize, Failure> {
    let points = inner.options.clocks.reminders.clone();
    let Some(horizon) = points.iter().copied().max() else { return Ok(0) };
    let games = inner.store.read(move |tx| store::games_to_remind(tx, now, horizon))?;
    let mut done = 0;
    for (game, deadline) in games {
        let record = inner.store.load_game(game)?;
        // A point as long as the whole turn (24 h before the end of a one-day turn)
        // would remind a player the moment their turn begins.
        let turn = days_of(record.time_control).map_or(Millis::MAX, |d| d.saturating_mul(DAY));
        let mut due: Vec<Millis> = points.iter().copied().filter(|p| *p < turn && deadline - p <= now).collect();
        due.sort_unstable();
        let Some(&latest) = due.first() else { continue };
        let Some(SeatHolder::Player(player)) =
            record.seats.iter().find(|s| s.seat == record.to_move).map(|s| s.holder.clone())
        else {
            continue;
        };
        let seats = Seats::of(&record);
        let who = seats.person(usize::from(record.to_move));
        let Some(user) = who.user().cloned() else { continue };
        let platform = people::platform_of(inner, &record)?;
        let by = inner.store.read(move |tx| store::notify_of(tx, player))?;
        let message = Message::Reminder { who, game: tag(&record), left: deadline - now, until: deadline };
        let reply = match by {
            NotifyBy::Off => None,
            NotifyBy::Mention => {
                let mut r = Reply::new(thread_of(&record), message);
                r.mentions = vec![user.clone()];
                Some(r)
            }
            NotifyBy::Direct => Some(Reply::new(super::Destination::Direct(user.clone()), message)),
        };
        let community = record.community;
        let sent = inner.store.write(move |tx| {
            if store::turn_deadline_of(tx, game)? != Some(deadline) {
                return Ok(false);
            }
            let mut fresh = false;
            for p in &due {
                fresh |= store::mark_reminder(tx, game, deadline, *p, now)? && *p == latest;
            }
            if let (true, Some(reply)) = (fresh, reply) {
                push(tx, platform, reply, None, community, now)?;
            }
            Ok(fresh)
        })?;
        if sent {
            done += 1;
        }
    }
    Ok(done)
}

/// The scheduler's loop; ends when the service is dropped. With several processes on
/// one database it runs the clocks only while it holds their lease, and wakes at least
/// every third of the lease's time to live to renew it (or to try to take it).
pub(crate) fn work(inner: Weak<Inner>) {
    loop {
        let Some(strong) = inner.upgrade() else { return };
        let leading = strong.leases.hold(&strong, super::leases::CLOCKS);
        let wait = if leading {
            if let Err(e) = run_due(&strong) {
                tracing::error!("the clocks could not run: {e:?}");
            }
            let now = strong.clock.now();
            match next_due(&strong) {
                Ok(Some(next)) => Duration::from_millis(u64::try_from((next - now).max(1_000)).unwrap_or(1_000)),
                Ok(None) => MAX_SLEEP,
                Err(_) => Duration::from_secs(60),
            }
        } else {
            MAX_SLEEP
        };
        let wait = match strong.leases.shared() {
            true => wait.min(MAX_SLEEP).min(strong.leases.renew_every()),
            false => wait.min(MAX_SLEEP),
        };
        let schedule = std::sync::Arc::clone(&strong.schedule);
        drop(strong);
        schedule.sleep(wait);
        if schedule.stopped() {
            return;
        }
    }
}

/// The longest the scheduler sleeps without looking again.
const MAX_SLEEP: Duration = Duration::from_secs(600);

/// Wakes the scheduler when a deadline is set, and stops it with the service.
#[derive(Default)]
pub(crate) struct Schedule {
    state: std::sync::Mutex<(u64, bool)>,
    bell: std::sync::Condvar,
}

impl Schedule {
    /// Wakes the scheduler.
    pub(crate) fn wake(&self) {
        if let Ok(mut s) = self.state.lock() {
            s.0 += 1;
            self.bell.notify_all();
        }
    }

    /// Stops the scheduler.
    pub(crate) fn stop(&self) {
        if let Ok(mut s) = self.state.lock() {
            s.1 = true;
            self.bell.notify_all();
        }
    }

    /// Sleeps `wait`, woken early only by [`Schedule::stop`] (not by a deadline set).
    pub(crate) fn sleep_unwoken(&self, wait: Duration) {
        let Ok(guard) = self.state.lock() else { return };
        let _ = self.bell.wait_timeout_while(guard, wait, |s| !s.1);
    }

    pub(crate) fn stopped(&self) -> bool {
        self.state.lock().map(|s| s.1).unwrap_or(true)
    }

    fn sleep(&self, wait: Duration) {
        let Ok(guard) = self.state.lock() else { return };
        let seen = guard.0;
        let _ = self.bell.wait_timeout_while(guard, wait, |s| s.0 == seen && !s.1);
    }
}

impl Service {
    /// Runs every clock event due at the service's clock now, in order: challenge
    /// expiries, timeouts, reminders. Each is done once, whatever runs it; what it
    /// says goes to the outbox. Returns how many it handled. The scheduler thread calls
    /// it; tests and the terminal's `/wait` call it after moving the clock.
    pub fn run_due(&self) -> usize {
        match run_due(&self.inner) {
            Ok(n) => n,
            Err(e) => {
                tracing::error!("the clocks could not run: {e:?}");
                0
            }
        }
    }

    /// The next instant a clock event may fall due, if any is scheduled.
    pub fn next_due(&self) -> Option<Millis> {
        next_due(&self.inner).unwrap_or_else(|e| {
            tracing::error!("cannot read the clocks: {e:?}");
            None
        })
    }
}
