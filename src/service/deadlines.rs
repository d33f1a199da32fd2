//! Time controls and turn deadlines: what a challenge may ask for, and when a turn
//! must end. The bottom of the service's clocks: the mover, the challenges and the
//! scheduler all read it, and it reads only the store.

use super::refusal::Refusal;
use super::types::TimeAsked;
use crate::store::{self, Millis, SeatHolder, TimeControl, Transaction};

/// A minute, an hour and a day in milliseconds.
pub const MINUTE: Millis = 60_000;
/// An hour.
pub const HOUR: Millis = 60 * MINUTE;
/// A day.
pub const DAY: Millis = 24 * HOUR;

/// The days per move a challenge may choose.
pub const ALLOWED_DAYS: [i64; 6] = [1, 2, 3, 5, 7, 14];
/// The days per move of a rated game when the challenge names none.
pub const RATED_DEFAULT_DAYS: i64 = 3;

/// The time control a challenge asks for, checked: `days:N` as stored, or `None`
/// for unlimited.
pub(crate) fn checked_time_control(given: Option<TimeAsked>, rated: bool) -> Result<Option<TimeControl>, Refusal> {
    let days = match given {
        None if rated => RATED_DEFAULT_DAYS,
        None | Some(TimeAsked::Unlimited) if !rated => return Ok(None),
        None | Some(TimeAsked::Unlimited) => return Err(Refusal::RatedNeedsClock),
        Some(TimeAsked::Days(d)) => d,
    };
    if !ALLOWED_DAYS.contains(&days) {
        return Err(Refusal::BadDays(days));
    }
    Ok(u32::try_from(days).ok().map(TimeControl::DaysPerMove))
}

/// The days per move of a time control, `None` when unlimited.
pub(crate) fn days_of(time_control: Option<TimeControl>) -> Option<i64> {
    time_control.map(|t| i64::from(t.days()))
}

/// The deadline of a turn of `holder` beginning at `now` in a game with
/// `time_control`, read in `tx` (a vacation going on delays it).
pub(crate) fn deadline_for(
    tx: &Transaction,
    time_control: Option<TimeControl>,
    holder: Option<&SeatHolder>,
    now: Millis,
) -> Result<Option<Millis>, store::StoreError> {
    let (Some(days), Some(SeatHolder::Player(player))) = (days_of(time_control), holder) else { return Ok(None) };
    let from = match store::active_vacation(tx, *player, now)? {
        Some(v) => v.ends_at.max(now),
        None => now,
    };
    Ok(Some(from.saturating_add(days.saturating_mul(DAY))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_checked() {
        assert_eq!(checked_time_control(None, true).unwrap(), Some(TimeControl::DaysPerMove(3)));
        assert_eq!(checked_time_control(None, false).unwrap(), None);
        assert_eq!(checked_time_control(Some(TimeAsked::Days(7)), false).unwrap(), Some(TimeControl::DaysPerMove(7)));
        assert!(checked_time_control(Some(TimeAsked::Days(4)), false).is_err());
        assert!(checked_time_control(Some(TimeAsked::Days(0)), true).is_err());
        assert!(checked_time_control(Some(TimeAsked::Days(-1)), true).is_err());
        assert!(checked_time_control(Some(TimeAsked::Unlimited), true).is_err());
        assert_eq!(checked_time_control(Some(TimeAsked::Unlimited), false).unwrap(), None);
        assert_eq!(days_of(Some(TimeControl::DaysPerMove(14))), Some(14));
        assert_eq!(days_of(None), None);
    }
}
