//! Swiss rounds: the whole field paired at once as a minimum-cost perfect
//! matching (the module's doc gives the priorities).

use std::collections::HashSet;

use super::{index, Colour, Entrant, Paired, Pairing, PairingError, PlayerId, Round};

/// The most players a Swiss round (or a round robin) is paired for: the
/// matching takes O(n³) time and O(n²) memory (a few MB at this size).
pub const MAX_SWISS_PLAYERS: usize = 512;

/// The rounds a Swiss needs for `players` when its creator did not say: enough
/// for one player to be the only one left with every win (⌈log₂ n⌉), at least
/// 1 and at most 7.
///
/// ```
/// use boardbot::pairing::default_swiss_rounds;
/// assert_eq!([2, 3, 4, 5, 8, 9, 64, 65, 1000].map(default_swiss_rounds), [1, 2, 2, 3, 3, 4, 6, 7, 7]);
/// ```
pub fn default_swiss_rounds(players: usize) -> u32 {
    let mut rounds = 0;
    while rounds < 7 && (1usize << rounds) < players {
        rounds += 1;
    }
    rounds.max(1)
}

/// A player present for pairing, with what the rounds so far say of them.
#[derive(Clone, Debug)]
struct Seat {
    id: PlayerId,
    /// Score in half points (a bye is worth a win).
    halves: u32,
    /// Colours of their games, in order.
    colours: Vec<Colour>,
    /// Byes received.
    byes: u32,
    /// Who they met.
    met: HashSet<PlayerId>,
    /// Rank for pairing (0 the best): score, rating (unrated last), entry.
    rank: usize,
    /// Rank inside their score group, and the group's size.
    in_group: usize,
    group: usize,
}

impl Seat {
    /// Whites minus blacks.
    fn balance(&self) -> i32 {
        self.colours.iter().map(|c| if *c == Colour::White { 1 } else { -1 }).sum()
    }

    /// Whether getting `c` breaks the absolute colour rule: the same colour a
    /// third time in a row, or whites and blacks more than 2 apart.
    fn breaks(&self, c: Colour) -> bool {
        let third = self.colours.len() >= 2 && self.colours[self.colours.len() - 2..].iter().all(|x| *x == c);
        let step = if c == Colour::White { 1 } else { -1 };
        third || (self.balance() + step).abs() > 2
    }

    /// The colour due and how strongly: the one that evens whites and blacks
    /// (2), or when even the other of the last (1); none before a first game.
    fn due(&self) -> Option<(Colour, u32)> {
        match self.balance() {
            b if b < 0 => Some((Colour::White, 2)),
            b if b > 0 => Some((Colour::Black, 2)),
            _ => self.colours.last().map(|c| (c.other(), 1)),
        }
    }

    /// The cost of getting `c` instead of the colour due.
    fn against_due(&self, c: Colour) -> u32 {
        match self.due() {
            Some((want, strength)) if want != c => strength,
            _ => 0,
        }
    }
}

/// The costs of one edge, highest priority first (the module's doc lists them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Cost([u64; LEVELS]);

const LEVELS: usize = 6;

/// The colour costs of `white` taking white against `black`: (absolute rule
/// broken, colours not due).
fn colour_cost(white: &Seat, black: &Seat) -> (u64, u64) {
    let broken = u64::from(white.breaks(Colour::White)) + u64::from(black.breaks(Colour::Black));
    let undue = u64::from(white.against_due(Colour::White) + black.against_due(Colour::Black));
    (broken, undue)
}

/// The cost of pairing `a` with `b`, with the colours given the better way.
fn pair_cost(a: &Seat, b: &Seat) -> Cost {
    let repeat = u64::from(a.met.contains(&b.id));
    let colours = colour_cost(a, b).min(colour_cost(b, a));
    let d = u64::from(a.halves.abs_diff(b.halves));
    let order = if a.halves == b.halves {
        // The fold: in a group of g, ranks r and r + g/2 meet.
        let gap = 2 * a.in_group.abs_diff(b.in_group);
        gap.abs_diff(a.group) as u64
    } else {
        // A float: the lowest of the higher group meets the best of the lower.
        let (hi, lo) = if a.halves > b.halves { (a, b) } else { (b, a) };
        (hi.group - 1 - hi.in_group + lo.in_group) as u64
    };
    Cost([repeat, 0, colours.0, d * d, colours.1, order])
}

/// The cost of giving `a` the bye, `lowest` being the lowest score present.
fn bye_cost(a: &Seat, lowest: u32) -> Cost {
    let d = u64::from(a.halves - lowest);
    Cost([0, u64::from(a.byes), 0, 2 * d * d, 0, (a.group - 1 - a.in_group) as u64])
}

/// Pairs the next round of a Swiss: the entrants not withdrawn, from the rounds
/// played so far (all of them finished), as the module's doc describes. With an
/// odd field one player has the bye, worth a win. Deterministic.
///
/// Refused when a round is unfinished, when fewer than two players are left, for
/// more than [`MAX_SWISS_PLAYERS`], or when the rounds are inconsistent (a
/// player unknown or in a round twice).
pub fn pair_swiss(entrants: &[Entrant], rounds: &[Round]) -> Result<Paired, PairingError> {
    index(entrants, rounds)?;
    if let Some(r) = rounds.iter().position(|r| !r.is_finished()) {
        return Err(PairingError::Unfinished(r + 1));
    }
    let mut seats: Vec<Seat> = entrants
        .iter()
        .filter(|e| !e.withdrawn)
        .map(|e| Seat {
            id: e.id,
            halves: 0,
            colours: Vec::new(),
            byes: 0,
            met: HashSet::new(),
            rank: 0,
            in_group: 0,
            group: 0,
        })
        .collect();
    if seats.len() < 2 {
        return Err(PairingError::TooFew);
    }
    if seats.len() > MAX_SWISS_PLAYERS {
        return Err(PairingError::TooMany(seats.len()));
    }
    let at: std::collections::HashMap<PlayerId, usize> = seats.iter().enumerate().map(|(i, s)| (s.id, i)).collect();
    for round in rounds {
        for game in &round.games {
            let Some(result) = game.result else { continue };
            for (me, colour, them) in [(game.white, Colour::White, game.black), (game.black, Colour::Black, game.white)]
            {
                if let Some(&i) = at.get(&me) {
                    let seat = &mut seats[i];
                    seat.halves += result.points(colour).quarters() / 2;
                    seat.colours.push(colour);
                    seat.met.insert(them);
                }
            }
        }
        if let Some(&i) = round.bye.and_then(|p| at.get(&p)) {
            seats[i].halves += 2;
            seats[i].byes += 1;
        }
    }
    rank(&mut seats, entrants);

    // The graph: the players, and the bye when the field is odd.
    let n = seats.len();
    let size = n + n % 2;
    let lowest = seats.iter().map(|s| s.halves).min().unwrap_or(0);
    let mut costs = vec![Cost::default(); size * size];
    for i in 0..size {
        for j in i + 1..size {
            costs[i * size + j] = match (seats.get(i), seats.get(j)) {
                (Some(a), Some(b)) => pair_cost(a, b),
                (Some(a), None) | (None, Some(a)) => bye_cost(a, lowest),
                (None, None) => Cost::default(),
            };
        }
    }
    let weights = scalarise(&costs, size).ok_or(PairingError::TooMany(n))?;
    let mate = integer_blossom::min_weight_perfect_matching(&weights, size);

    let mut paired = Paired::default();
    let mut boards: Vec<(usize, usize)> = Vec::new();
    for (i, &j) in mate.iter().enumerate() {
        if j <= i {
            continue;
        }
        match (i < n, j < n) {
            (true, true) => boards.push((i, j)),
            (true, false) => paired.bye = Some(seats[i].id),
            (false, true) => paired.bye = Some(seats[j].id),
            (false, false) => {}
        }
    }
    // Boards: the highest score first, then the best-ranked player.
    let key = |&(i, j): &(usize, usize)| {
        let (a, b) = (&seats[i], &seats[j]);
        (std::cmp::Reverse(a.halves.max(b.halves)), a.rank.min(b.rank))
    };
    boards.sort_by_key(key);
    for (board, (i, j)) in boards.into_iter().enumerate() {
        let (hi, lo) = if seats[i].rank < seats[j].rank { (&seats[i], &seats[j]) } else { (&seats[j], &seats[i]) };
        let white = colours(hi, lo, board);
        let (white, black) = if white == Colour::White { (hi.id, lo.id) } else { (lo.id, hi.id) };
        paired.games.push(Pairing { white, black });
    }
    Ok(paired)
}

/// Ranks the seats for pairing: score, then rating (unrated last), then the
/// order of entry; and places each in its score group.
fn rank(seats: &mut [Seat], entrants: &[Entrant]) {
    let info: std::collections::HashMap<PlayerId, (Option<f64>, usize)> =
        entrants.iter().enumerate().map(|(i, e)| (e.id, (e.rating(), i))).collect();
    let of = |id: PlayerId| info.get(&id).copied().unwrap_or((None, usize::MAX));
    seats.sort_by(|a, b| {
        let ((ra, ea), (rb, eb)) = (of(a.id), of(b.id));
        b.halves.cmp(&a.halves).then_with(|| by_rating(ra, rb)).then(ea.cmp(&eb))
    });
    let mut start = 0;
    while start < seats.len() {
        let score = seats[start].halves;
        let end = seats[start..].iter().position(|s| s.halves != score).map_or(seats.len(), |k| start + k);
        for (k, seat) in seats[start..end].iter_mut().enumerate() {
            seat.in_group = k;
            seat.group = end - start;
        }
        start = end;
    }
    for (r, seat) in seats.iter_mut().enumerate() {
        seat.rank = r;
    }
}

/// Higher ratings first, unrated last.
pub(super) fn by_rating(a: Option<f64>, b: Option<f64>) -> std::cmp::Ordering {
    match (a, b) {
        (Some(a), Some(b)) => b.total_cmp(&a),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    }
}

/// The colour of the higher-ranked player `hi` against `lo` on board `board`
/// (from 0): the better way by the colour costs; on a tie, `hi`'s colour due;
/// with none due, white on the 1st, 3rd … board and black on the others.
fn colours(hi: &Seat, lo: &Seat, board: usize) -> Colour {
    let (white, black) = (colour_cost(hi, lo), colour_cost(lo, hi));
    match white.cmp(&black) {
        std::cmp::Ordering::Less => Colour::White,
        std::cmp::Ordering::Greater => Colour::Black,
        std::cmp::Ordering::Equal => match (hi.due(), lo.due()) {
            (Some((c, _)), _) => c,
            (None, Some((c, _))) => c.other(),
            (None, None) if board.is_multiple_of(2) => Colour::White,
            (None, None) => Colour::Black,
        },
    }
}

/// The costs as one number each, level by level in strict priority: each level
/// is multiplied by more than the whole matching can add up on the levels
/// below. `None` if that does not fit in an `i128` with room for the solver.
fn scalarise(costs: &[Cost], size: usize) -> Option<Vec<i128>> {
    let edges = (size / 2) as i128;
    let mut multiplier = [0i128; LEVELS];
    let mut m: i128 = 1;
    for level in (0..LEVELS).rev() {
        multiplier[level] = m;
        let most = costs.iter().map(|c| c.0[level]).max().unwrap_or(0);
        m = m.checked_mul(edges.checked_mul(i128::from(most))?.checked_add(1)?)?;
    }
    // The solver doubles and sums weights: keep the largest far below i128::MAX.
    if m > i128::MAX >> 24 {
        return None;
    }
    Some(costs.iter().map(|c| c.0.iter().zip(multiplier).map(|(v, k)| i128::from(*v) * k).sum()).collect())
}

#[cfg(test)]
mod tests {
    use super::super::{Game, GameResult};
    use super::*;

    fn entrants(ratings: &[Option<f64>]) -> Vec<Entrant> {
        ratings.iter().enumerate().map(|(i, r)| Entrant { id: i as u64 + 1, rating: *r, withdrawn: false }).collect()
    }

    fn boards(p: &Paired) -> Vec<(PlayerId, PlayerId)> {
        p.games.iter().map(|g| (g.white, g.black)).collect()
    }

    fn played(p: Paired, results: &[GameResult]) -> Round {
        let mut round = Round::from(p);
        for (g, r) in round.games.iter_mut().zip(results) {
            g.result = Some(*r);
        }
        round
    }

    #[test]
    fn round_one_folds_by_rating_with_unrated_last() {
        let e = entrants(&[None, Some(1500.0), Some(1900.0), Some(1700.0), Some(1600.0), Some(f64::NAN)]);
        // Ranked: 3 (1900), 4 (1700), 5 (1600), 2 (1500), 1, 6 (unrated, by entry).
        let p = pair_swiss(&e, &[]).expect("a pairing");
        assert_eq!(boards(&p), [(3, 2), (1, 4), (5, 6)]);
        assert_eq!(p.bye, None);
    }

    #[test]
    fn the_bye_goes_to_the_lowest_ranked_without_one() {
        let e = entrants(&[Some(2000.0), Some(1900.0), Some(1800.0), Some(1700.0), Some(1600.0)]);
        let first = pair_swiss(&e, &[]).expect("a pairing");
        assert_eq!(first.bye, Some(5));
        let r1 = played(first, &[GameResult::WhiteWon, GameResult::WhiteWon]);
        let second = pair_swiss(&e, std::slice::from_ref(&r1)).expect("a pairing");
        // 5 had it; the lowest of the others on 0 points is 4.
        assert_ne!(second.bye, Some(5));
        let losers: Vec<PlayerId> = r1.games.iter().map(|g| g.black).collect();
        assert!(second.bye.is_some_and(|b| losers.contains(&b)), "{second:?} after {r1:?}");
    }

    #[test]
    fn nobody_meets_twice_and_colours_alternate() {
        let e = entrants(&[Some(1800.0), Some(1700.0), Some(1600.0), Some(1500.0)]);
        let mut rounds = Vec::new();
        for _ in 0..3 {
            let p = pair_swiss(&e, &rounds).expect("a pairing");
            rounds.push(played(p, &[GameResult::Draw, GameResult::Draw]));
        }
        let mut pairs: Vec<(PlayerId, PlayerId)> =
            rounds.iter().flat_map(|r| r.games.iter().map(|g| (g.white.min(g.black), g.white.max(g.black)))).collect();
        pairs.sort_unstable();
        pairs.dedup();
        assert_eq!(pairs.len(), 6, "{rounds:?}");
        // With 4 players and 3 rounds nobody can have three of a colour in a row.
        for id in 1..=4 {
            let colours: Vec<Colour> = rounds
                .iter()
                .flat_map(|r| &r.games)
                .filter_map(|g| match id {
                    _ if g.white == id => Some(Colour::White),
                    _ if g.black == id => Some(Colour::Black),
                    _ => None,
                })
                .collect();
            assert!(!colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]), "{id}: {colours:?}");
        }
    }

    #[test]
    fn withdrawn_players_and_unfinished_rounds() {
        let mut e = entrants(&[Some(1800.0), Some(1700.0), Some(1600.0)]);
        let p = pair_swiss(&e, &[]).expect("a pairing");
        let round = Round::from(p.clone());
        assert_eq!(pair_swiss(&e, &[round]), Err(PairingError::Unfinished(1)));
        e[0].withdrawn = true;
        e[1].withdrawn = true;
        assert_eq!(pair_swiss(&e, &[]), Err(PairingError::TooFew));
        e[1].withdrawn = false;
        let p = pair_swiss(&e, &[]).expect("a pairing");
        assert_eq!(p.games.len(), 1);
        assert!(p.games.iter().all(|g| g.white != 1 && g.black != 1));
        let _ = Game { white: 1, black: 2, result: None };
    }

    #[test]
    fn scores_pair_the_leaders_together() {
        let e = entrants(&[Some(1800.0), Some(1700.0), Some(1600.0), Some(1500.0)]);
        let first = pair_swiss(&e, &[]).expect("a pairing");
        assert_eq!(boards(&first), [(1, 3), (4, 2)]);
        let r1 = played(first, &[GameResult::WhiteWon, GameResult::BlackWonByForfeit]);
        let second = pair_swiss(&e, &[r1]).expect("a pairing");
        // 1 and 2 lead: they meet, with 1 (white last) now black.
        assert_eq!(boards(&second), [(2, 1), (3, 4)]);
    }
}
