//! What the game read of the request being served saw beside the game: the asker's
//! languages and the seated players' vacations.
//!
//! [`Store::find_game_for`](crate::store::Store::find_game_for) reads them in the
//! same statement as the game, so the request's answer ([`super::language::resolve`],
//! [`super::boards::clock_note`]) does not read them again: two round trips fewer
//! for a `move` on PostgreSQL, where a round trip is most of what a request costs.
//! What is kept is what those reads would have found a few milliseconds later.
//!
//! It is kept for one request on the thread serving it, and only while
//! [`super::Service::handle`] serves one ([`Serving`]): a request is served on one
//! thread from start to end. Outside a request nothing is kept; a request that changes
//! a language or a vacation forgets it first.

use std::cell::RefCell;

use crate::config::Platform;
use crate::store::{Asker, GameRecord, Languages, Millis, PlayerId, SeatHolder, Seen};

/// What one game read saw, and for whom.
struct Kept {
    platform: Platform,
    user_id: String,
    community: Option<String>,
    /// The players seated in the game read: whose vacations are known.
    seated: Vec<PlayerId>,
    seen: Seen,
}

thread_local! {
    /// `Some` while a request is served on this thread; its `Option` is what was seen.
    static KEPT: RefCell<Option<Option<Kept>>> = const { RefCell::new(None) };
}

/// A request being served on this thread: what its game read sees is kept until
/// this is dropped.
pub(crate) struct Serving(());

impl Serving {
    /// Begins a request, with nothing seen yet.
    pub(crate) fn begin() -> Serving {
        KEPT.with(|k| *k.borrow_mut() = Some(None));
        Serving(())
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        KEPT.with(|k| *k.borrow_mut() = None);
    }
}

/// Keeps what the read of `record` by `asker` saw.
pub(crate) fn keep(asker: &Asker<'_>, record: &GameRecord, seen: Seen) {
    let seated = record.seats.iter().filter_map(|s| match s.holder {
        SeatHolder::Player(p) => Some(p),
        SeatHolder::Computer(_) => None,
    });
    keep_for(asker, seated.collect(), seen);
}

fn keep_for(asker: &Asker<'_>, seated: Vec<PlayerId>, seen: Seen) {
    let kept = Kept {
        platform: asker.platform,
        user_id: asker.user_id.to_string(),
        community: asker.community.map(str::to_string),
        seated,
        seen,
    };
    KEPT.with(|k| {
        if let Some(serving) = k.borrow_mut().as_mut() {
            *serving = Some(kept);
        }
    });
}

/// Forgets what was kept for the request being served.
pub(crate) fn forget() {
    KEPT.with(|k| {
        if let Some(serving) = k.borrow_mut().as_mut() {
            *serving = None;
        }
    });
}

/// What was kept for the request being served, if anything, through `f`.
fn with_kept<T>(f: impl FnOnce(&Kept) -> Option<T>) -> Option<T> {
    KEPT.with(|k| k.borrow().as_ref().and_then(Option::as_ref).and_then(f))
}

/// The languages of `user_id` on `platform` and of `community`, if the request's game
/// read saw them.
pub(crate) fn languages(platform: Platform, user_id: &str, community: Option<&str>) -> Option<Languages> {
    with_kept(|k| {
        (k.platform == platform && k.user_id == user_id && k.community.as_deref() == community)
            .then(|| k.seen.languages.clone())
    })
}

/// `Some` with the end of `player`'s vacation (`None`: not on vacation) if the
/// request's game read saw it.
pub(crate) fn vacation(player: PlayerId) -> Option<Option<Millis>> {
    with_kept(|k| {
        k.seated.contains(&player).then(|| k.seen.vacations.iter().find(|(p, _)| *p == player).map(|(_, ends)| *ends))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_was_seen_answers_only_for_whom_and_what_it_was_read_and_while_serving() {
        let asker = Asker { platform: Platform::Discord, user_id: "u1", community: Some("g"), now: 5 };
        let languages_seen = Languages { player_choice: Some("fr".into()), ..Languages::default() };
        let seen = Seen { languages: languages_seen.clone(), vacations: vec![(PlayerId(2), 99)] };
        // Outside a request nothing is kept.
        keep_for(&asker, vec![PlayerId(1), PlayerId(2)], seen.clone());
        assert_eq!(languages(Platform::Discord, "u1", Some("g")), None);
        assert_eq!(vacation(PlayerId(2)), None);
        let serving = Serving::begin();
        assert_eq!(languages(Platform::Discord, "u1", Some("g")), None);
        assert_eq!(vacation(PlayerId(1)), None);
        keep_for(&asker, vec![PlayerId(1), PlayerId(2)], seen.clone());
        assert_eq!(languages(Platform::Discord, "u1", Some("g")), Some(languages_seen));
        // Someone else, another community, another platform: not seen.
        assert_eq!(languages(Platform::Discord, "u2", Some("g")), None);
        assert_eq!(languages(Platform::Discord, "u1", None), None);
        assert_eq!(languages(Platform::Matrix, "u1", Some("g")), None);
        assert_eq!(vacation(PlayerId(2)), Some(Some(99)));
        assert_eq!(vacation(PlayerId(1)), Some(None));
        // Not seated in the game read: not known.
        assert_eq!(vacation(PlayerId(3)), None);
        forget();
        assert_eq!(vacation(PlayerId(2)), None);
        keep_for(&asker, vec![PlayerId(2)], seen);
        assert_eq!(vacation(PlayerId(2)), Some(Some(99)));
        drop(serving);
        assert_eq!(vacation(PlayerId(2)), None);
        // Another thread never sees this one's.
        let _serving = Serving::begin();
        keep_for(&asker, vec![PlayerId(2)], Seen::default());
        assert_eq!(std::thread::spawn(|| vacation(PlayerId(2))).join().expect("thread"), None);
    }
}
