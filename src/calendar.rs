//! Dates in UTC for people to read, without a date crate: the bot only ever prints
//! `2026-11-23 21:05` and needs the start of a calendar year.

/// Milliseconds in a day.
const DAY_MS: i64 = 86_400_000;

/// The civil date (year, month 1–12, day 1–31) of a day counted from 1970-01-01
/// (Howard Hinnant's algorithm, exact for every day of an `i64` range of years).
pub fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// The day counted from 1970-01-01 of a civil date (the inverse of [`civil`]).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `2026-11-23 21:05` for milliseconds since the Unix epoch.
pub fn utc(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil(days);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", rest / 3600, rest % 3600 / 60)
}

/// The first millisecond of the calendar year holding `ms`, and of the next year.
pub fn year_bounds(ms: i64) -> (i64, i64) {
    let (y, _, _) = civil(ms.div_euclid(DAY_MS));
    (days_from_civil(y, 1, 1) * DAY_MS, days_from_civil(y + 1, 1, 1) * DAY_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip() {
        for days in [-800_000, -1, 0, 59, 60, 365, 11_016, 20_415, 2_932_896] {
            let (y, m, d) = civil(days);
            assert_eq!(days_from_civil(y, m, d), days, "{y}-{m}-{d}");
        }
        assert_eq!(utc(0), "1970-01-01 00:00");
        assert_eq!(utc(1_795_467_519_000), "2026-11-23 20:58");
    }

    #[test]
    fn years_are_calendar_years() {
        let (from, to) = year_bounds(1_795_467_519_000);
        assert_eq!((utc(from).as_str(), utc(to).as_str()), ("2026-01-01 00:00", "2027-01-01 00:00"));
    }
}
