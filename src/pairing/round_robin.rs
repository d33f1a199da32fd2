//! Round robins by Berger tables.

use super::{Paired, Pairing, PairingError, PlayerId};

/// Every round of a round robin between `players`, whose order is their pairing
/// number (1 first): FIDE's Berger tables. Each two players meet exactly once;
/// with an odd field a dummy completes the table and whoever meets it has the
/// bye that round. Colours are balanced: over the event a player's whites and
/// blacks differ by at most 1, and nobody has the same colour three times in a
/// row.
///
/// In round `k` (from 1) of `n` numbers (`n` even, the last one fixed), the
/// numbers `i` and `j` below `n` meet when `i + j ≡ k + 1 (mod n − 1)`, the
/// lower one with white when `j − i` is odd; the number `i` with
/// `2i ≡ k + 1 (mod n − 1)` meets `n`, who has white in even rounds. For an odd
/// field, the dummy is the fixed number `n`.
///
/// ```
/// use boardbot::pairing::round_robin;
///
/// let rounds = round_robin(&[1, 2, 3, 4])?;
/// let boards: Vec<Vec<(u64, u64)>> =
///     rounds.iter().map(|r| r.games.iter().map(|g| (g.white, g.black)).collect()).collect();
/// assert_eq!(boards, [vec![(1, 4), (2, 3)], vec![(4, 3), (1, 2)], vec![(2, 4), (3, 1)]]);
/// # Ok::<(), boardbot::pairing::PairingError>(())
/// ```
pub fn round_robin(players: &[PlayerId]) -> Result<Vec<Paired>, PairingError> {
    let mut seen = std::collections::HashSet::new();
    if let Some(twice) = players.iter().find(|p| !seen.insert(**p)) {
        return Err(PairingError::Duplicate(*twice));
    }
    if players.len() < 2 {
        return Err(PairingError::TooFew);
    }
    if players.len() > super::MAX_SWISS_PLAYERS {
        return Err(PairingError::TooMany(players.len()));
    }
    // Numbers from 1; with an odd field, number `n` is the dummy.
    let n = players.len() + players.len() % 2;
    let m = n - 1;
    let who = |number: usize| players.get(number - 1).copied();
    let mut rounds = Vec::with_capacity(m);
    for k in 1..=m {
        let target = (k + 1) % m;
        let mut paired = Paired::default();
        // The fixed number's game comes first, as the tables print it.
        let i = (1..n).find(|&i| (2 * i) % m == target).unwrap_or(1);
        let (white, black) = if k.is_multiple_of(2) { (n, i) } else { (i, n) };
        add(&mut paired, who(white), who(black));
        // The other boards in the order the tables print them: the numbers
        // `d` either side of the fixed one's partner round the circle of 1..n−1.
        for d in 1..n / 2 {
            let (a, b) = ((i - 1 + d) % m + 1, (i - 1 + m - d) % m + 1);
            let (low, high) = (a.min(b), a.max(b));
            let (w, b) = if (high - low) % 2 == 1 { (low, high) } else { (high, low) };
            add(&mut paired, who(w), who(b));
        }
        rounds.push(paired);
    }
    Ok(rounds)
}

/// Adds a board, or the bye when one side is the dummy.
fn add(paired: &mut Paired, white: Option<PlayerId>, black: Option<PlayerId>) {
    match (white, black) {
        (Some(white), Some(black)) => paired.games.push(Pairing { white, black }),
        (Some(p), None) | (None, Some(p)) => paired.bye = Some(p),
        (None, None) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boards(players: &[PlayerId]) -> Vec<Vec<(PlayerId, PlayerId)>> {
        let rounds = round_robin(players).unwrap_or_default();
        rounds.iter().map(|r| r.games.iter().map(|g| (g.white, g.black)).collect()).collect()
    }

    /// FIDE's Berger table for 6 players (C.05, Annex 1).
    #[test]
    fn six_players_follow_the_published_table() {
        assert_eq!(
            boards(&[1, 2, 3, 4, 5, 6]),
            [
                vec![(1, 6), (2, 5), (3, 4)],
                vec![(6, 4), (5, 3), (1, 2)],
                vec![(2, 6), (3, 1), (4, 5)],
                vec![(6, 5), (1, 4), (2, 3)],
                vec![(3, 6), (4, 2), (5, 1)],
            ]
        );
    }

    #[test]
    fn an_odd_field_has_a_bye_each_round() {
        let rounds = round_robin(&[10, 20, 30]).unwrap_or_default();
        assert_eq!(rounds.len(), 3);
        let byes: Vec<Option<PlayerId>> = rounds.iter().map(|r| r.bye).collect();
        assert_eq!(byes, [Some(10), Some(30), Some(20)]);
        assert!(rounds.iter().all(|r| r.games.len() == 1));
    }

    #[test]
    fn too_few_or_twice_the_same_is_refused() {
        assert_eq!(round_robin(&[7]), Err(PairingError::TooFew));
        assert_eq!(round_robin(&[7, 8, 7]), Err(PairingError::Duplicate(7)));
        assert_eq!(boards(&[7, 8]), [vec![(7, 8)]]);
    }
}
