//! Scores, tie-breaks and the crosstable.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::swiss::by_rating;
use super::{index, Colour, Entrant, Format, GameResult, PairingError, PlayerId, Points, Round};

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// Who.
    pub player: PlayerId,
    /// Their place, from 1; players equal on points, every tie-break and rating
    /// share a place (and are listed in order of entry).
    pub rank: usize,
    /// Points: a win 1, a draw ½, a loss 0, a forfeit as a win or a loss, a
    /// Swiss bye 1 (a round robin's nothing).
    pub points: Points,
    /// Sonneborn-Berger: for each round, the points the player scored times the
    /// opponent's score. The opponent's score counts each round they chose not
    /// to play (a forfeit lost, a round missed after withdrawing) as ½; an
    /// unplayed round of the player's own (a bye, a forfeit won or lost, a round
    /// missed) is against a dummy opponent with the player's own score. So a bye
    /// adds the player's own score, a forfeit loss nothing.
    pub sonneborn_berger: Points,
    /// Buchholz, in a Swiss: the sum of the opponents' scores, counted as for
    /// Sonneborn-Berger (an opponent's forfeits lost and rounds missed as ½; the
    /// player's own unplayed rounds as their own score).
    pub buchholz: Option<Points>,
    /// Head-to-head, in a round robin: the points scored against the players
    /// with the same points and Sonneborn-Berger (0 when nobody shares them).
    pub head_to_head: Option<Points>,
    /// The rating given with the entrant, the last tie-break (unrated last).
    pub rating: Option<f64>,
    /// Whether the player withdrew.
    pub withdrawn: bool,
}

/// One round of one player, as the tie-breaks see it.
#[derive(Clone, Copy, Debug)]
enum Seen {
    /// A game played out against `opponent`, scoring `points`.
    Played { opponent: usize, points: Points },
    /// A game decided by forfeit, scoring `points` (1 or 0).
    Forfeit { points: Points },
    /// The bye.
    Bye,
    /// No game in a round of a Swiss: withdrawn.
    Missed,
    /// No game in a round of a round robin's schedule: nothing to count.
    Rest,
    /// A game still running.
    Running,
}

/// The standings at any moment: every entrant, best first, by points, then
/// Sonneborn-Berger, then Buchholz (Swiss) or head-to-head (round robin), then
/// rating (unrated last); each is defined on [`Standing`]. Games without a
/// result are left out. Refused only when the rounds are inconsistent (an
/// unknown player, a player twice in a round, an entrant twice).
///
/// Unplayed rounds follow FIDE's 2023 tie-break rules; see the module's doc.
pub fn standings(format: Format, entrants: &[Entrant], rounds: &[Round]) -> Result<Vec<Standing>, PairingError> {
    let at = index(entrants, rounds)?;
    let n = entrants.len();
    let bye_points = match format {
        Format::Swiss => Points::ONE,
        Format::RoundRobin => Points::ZERO,
    };
    let mut seen: Vec<Vec<Seen>> = vec![Vec::with_capacity(rounds.len()); n];
    // Points each scored against each other, for head-to-head.
    let mut against: HashMap<(usize, usize), Points> = HashMap::new();
    for round in rounds {
        let mut here = vec![if format == Format::Swiss { Seen::Missed } else { Seen::Rest }; n];
        for game in &round.games {
            let (Some(&w), Some(&b)) = (at.get(&game.white), at.get(&game.black)) else { continue };
            for (me, them, colour) in [(w, b, Colour::White), (b, w, Colour::Black)] {
                here[me] = match game.result {
                    None => Seen::Running,
                    Some(r) if r.is_forfeit() => Seen::Forfeit { points: r.points(colour) },
                    Some(r) => Seen::Played { opponent: them, points: r.points(colour) },
                };
                if let Some(r) = game.result {
                    *against.entry((me, them)).or_default() += r.points(colour);
                }
            }
        }
        if let Some(&i) = round.bye.and_then(|p| at.get(&p)) {
            here[i] = Seen::Bye;
        }
        for (i, s) in here.into_iter().enumerate() {
            seen[i].push(s);
        }
    }

    let points: Vec<Points> = seen
        .iter()
        .map(|rounds| {
            rounds
                .iter()
                .map(|s| match s {
                    Seen::Played { points, .. } | Seen::Forfeit { points } => *points,
                    Seen::Bye => bye_points,
                    Seen::Missed | Seen::Rest | Seen::Running => Points::ZERO,
                })
                .sum()
        })
        .collect();
    // An opponent's score with the rounds they chose not to play as draws.
    let adjusted: Vec<Points> = seen
        .iter()
        .zip(&points)
        .map(|(rounds, own)| {
            let chosen =
                rounds.iter().filter(|s| matches!(s, Seen::Missed | Seen::Forfeit { points: Points::ZERO })).count();
            *own + Points::from_quarters(2 * chosen as u32)
        })
        .collect();
    let sonneborn_berger: Vec<Points> = (0..n)
        .map(|i| {
            seen[i]
                .iter()
                .map(|s| match *s {
                    Seen::Played { opponent, points } => adjusted[opponent].times_result(points),
                    Seen::Forfeit { points: scored } => points[i].times_result(scored),
                    Seen::Bye => points[i].times_result(bye_points),
                    Seen::Missed | Seen::Rest | Seen::Running => Points::ZERO,
                })
                .sum()
        })
        .collect();
    let buchholz: Vec<Points> = (0..n)
        .map(|i| {
            seen[i]
                .iter()
                .map(|s| match *s {
                    Seen::Played { opponent, .. } => adjusted[opponent],
                    Seen::Forfeit { .. } | Seen::Bye | Seen::Missed => points[i],
                    Seen::Rest | Seen::Running => Points::ZERO,
                })
                .sum()
        })
        .collect();
    // Head-to-head inside each group equal on points and Sonneborn-Berger.
    let head_to_head: Vec<Points> = (0..n)
        .map(|i| {
            (0..n)
                .filter(|&j| j != i && points[j] == points[i] && sonneborn_berger[j] == sonneborn_berger[i])
                .map(|j| against.get(&(i, j)).copied().unwrap_or_default())
                .sum()
        })
        .collect();

    let second = |i: usize| match format {
        Format::Swiss => buchholz[i],
        Format::RoundRobin => head_to_head[i],
    };
    let rating = |i: usize| entrants[i].rating();
    let compare = |a: usize, b: usize| -> Ordering {
        points[b]
            .cmp(&points[a])
            .then(sonneborn_berger[b].cmp(&sonneborn_berger[a]))
            .then(second(b).cmp(&second(a)))
            .then_with(|| by_rating(rating(a), rating(b)))
    };
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| compare(a, b).then(a.cmp(&b)));
    let mut table: Vec<Standing> = Vec::with_capacity(n);
    for (place, &i) in order.iter().enumerate() {
        let rank = match (place.checked_sub(1).map(|p| order[p]), table.last()) {
            (Some(before), Some(last)) if compare(before, i) == Ordering::Equal => last.rank,
            _ => place + 1,
        };
        table.push(Standing {
            player: entrants[i].id,
            rank,
            points: points[i],
            sonneborn_berger: sonneborn_berger[i],
            buchholz: (format == Format::Swiss).then_some(buchholz[i]),
            head_to_head: (format == Format::RoundRobin).then_some(head_to_head[i]),
            rating: rating(i),
            withdrawn: entrants[i].withdrawn,
        });
    }
    Ok(table)
}

/// One cell of a crosstable: the row player's result against the column's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// The diagonal.
    Own,
    /// They have no game (yet).
    None,
    /// Their game runs.
    Running,
    /// Won: `1`.
    Won,
    /// Drawn: `½`.
    Drawn,
    /// Lost: `0`.
    Lost,
    /// Won by forfeit: `+`.
    WonByForfeit,
    /// Lost by forfeit: `−`.
    LostByForfeit,
}

/// A round robin's results as a table, players in the standings' order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crosstable {
    /// The players, row by row (and column by column).
    pub players: Vec<PlayerId>,
    /// `cells[row][column]`: the row player's result against the column's.
    pub cells: Vec<Vec<Cell>>,
}

/// The crosstable of `rounds`, its players in the order of `standings`. A pair
/// that met more than once shows its last game (a round robin has one).
pub fn crosstable(standings: &[Standing], rounds: &[Round]) -> Crosstable {
    let players: Vec<PlayerId> = standings.iter().map(|s| s.player).collect();
    let at: HashMap<PlayerId, usize> = players.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    let n = players.len();
    let mut cells = vec![vec![Cell::None; n]; n];
    for (i, row) in cells.iter_mut().enumerate() {
        row[i] = Cell::Own;
    }
    for game in rounds.iter().flat_map(|r| &r.games) {
        let (Some(&w), Some(&b)) = (at.get(&game.white), at.get(&game.black)) else { continue };
        if w == b {
            continue;
        }
        let (white, black) = match game.result {
            None => (Cell::Running, Cell::Running),
            Some(GameResult::WhiteWon) => (Cell::Won, Cell::Lost),
            Some(GameResult::BlackWon) => (Cell::Lost, Cell::Won),
            Some(GameResult::Draw) => (Cell::Drawn, Cell::Drawn),
            Some(GameResult::WhiteWonByForfeit) => (Cell::WonByForfeit, Cell::LostByForfeit),
            Some(GameResult::BlackWonByForfeit) => (Cell::LostByForfeit, Cell::WonByForfeit),
        };
        cells[w][b] = white;
        cells[b][w] = black;
    }
    Crosstable { players, cells }
}

#[cfg(test)]
mod tests {
    use super::super::Game;
    use super::*;

    fn q(points: f64) -> Points {
        Points::from_quarters((points * 4.0) as u32)
    }

    fn entrant(id: PlayerId, rating: Option<f64>, withdrawn: bool) -> Entrant {
        Entrant { id, rating, withdrawn }
    }

    fn game(white: PlayerId, black: PlayerId, result: GameResult) -> Game {
        Game { white, black, result: Some(result) }
    }

    /// The double round robin of Sensei's Library's "Sonneborn-Berger" page
    /// (A, B, C, D = 1, 2, 3, 4; every game decisive): points 4, 4, 3, 1 and
    /// Sonneborn-Berger 11, 9, 6, 4, as published there. Buchholz checked by
    /// hand: each player's opponents are everyone else twice, so twice the other
    /// three's points: 16, 16, 18, 22.
    #[test]
    fn a_published_double_round_robin() {
        use GameResult::{BlackWon, WhiteWon};
        let entrants: Vec<Entrant> = (1..=4).map(|id| entrant(id, None, false)).collect();
        let round = |games: Vec<Game>| Round { games, bye: None };
        let rounds = [
            // First cycle: A beats B, C, D; B beats C, D; C beats D.
            round(vec![game(1, 2, WhiteWon), game(3, 4, WhiteWon)]),
            round(vec![game(1, 3, WhiteWon), game(2, 4, WhiteWon)]),
            round(vec![game(1, 4, WhiteWon), game(2, 3, WhiteWon)]),
            // Second cycle: B beats A, A beats C, D beats A; C beats B; B beats
            // D; C beats D.
            round(vec![game(2, 1, WhiteWon), game(4, 3, BlackWon)]),
            round(vec![game(3, 1, BlackWon), game(4, 2, BlackWon)]),
            round(vec![game(4, 1, WhiteWon), game(3, 2, WhiteWon)]),
        ];
        let table = standings(Format::Swiss, &entrants, &rounds).expect("standings");
        let got: Vec<(PlayerId, usize, Points, Points, Option<Points>)> =
            table.iter().map(|s| (s.player, s.rank, s.points, s.sonneborn_berger, s.buchholz)).collect();
        assert_eq!(
            got,
            [
                (1, 1, q(4.0), q(11.0), Some(q(16.0))),
                (2, 2, q(4.0), q(9.0), Some(q(16.0))),
                (3, 3, q(3.0), q(6.0), Some(q(18.0))),
                (4, 4, q(1.0), q(4.0), Some(q(22.0))),
            ]
        );
    }

    /// A five-player Swiss of three rounds with a bye each round, a forfeit and
    /// a withdrawal, computed by hand:
    ///
    /// | round | games                         | bye |
    /// |-------|-------------------------------|-----|
    /// | 1     | 1–2 1-0, 3–4 ½-½              | 5   |
    /// | 2     | 5–1 0-1, 2–3 0-1 by forfeit   | 4   |
    /// | 3     | 1–3 ½-½, 4–5 1-0 (2 withdrew) |     |
    ///
    /// Points: 1: 2½, 2: 0, 3: 2, 4: 2½, 5: 1. For opponents, 2's score counts
    /// its forfeit loss and its missed round as ½ each: 1.
    ///
    /// Buchholz: 1: 1 + 1 + 2 = 4; 2: 2½ + 0 + 0 (own score for the forfeit and
    /// the missed round) = 2½; 3: 2½ + 2 (own, forfeit won) + 2½ = 7; 4: 2 + 2½
    /// (own, bye) + 1 = 5½; 5: 1 (own, bye) + 2½ + 2½ = 6.
    ///
    /// Sonneborn-Berger: 1: 1 + 1 + ½·2 = 3; 2: 0; 3: ½·2½ + 1·2 (own) + ½·2½ =
    /// 4½; 4: ½·2 + 1·2½ (own) + 1 = 4½; 5: 1·1 (own) = 1.
    ///
    /// 1 and 4 tie on 2½; 4 is ahead on Sonneborn-Berger.
    #[test]
    fn byes_forfeits_and_a_withdrawal_count_as_fide_says() {
        use GameResult::{BlackWonByForfeit, Draw, WhiteWon};
        let entrants: Vec<Entrant> = (1..=5).map(|id| entrant(id, Some(1500.0), id == 2)).collect();
        let rounds = [
            Round { games: vec![game(1, 2, WhiteWon), game(3, 4, Draw)], bye: Some(5) },
            Round { games: vec![game(5, 1, GameResult::BlackWon), game(2, 3, BlackWonByForfeit)], bye: Some(4) },
            Round { games: vec![game(1, 3, Draw), game(4, 5, WhiteWon)], bye: None },
        ];
        let table = standings(Format::Swiss, &entrants, &rounds).expect("standings");
        let got: Vec<(PlayerId, usize, Points, Points, Option<Points>, bool)> =
            table.iter().map(|s| (s.player, s.rank, s.points, s.sonneborn_berger, s.buchholz, s.withdrawn)).collect();
        assert_eq!(
            got,
            [
                (4, 1, q(2.5), q(4.5), Some(q(5.5)), false),
                (1, 2, q(2.5), q(3.0), Some(q(4.0)), false),
                (3, 3, q(2.0), q(4.5), Some(q(7.0)), false),
                (5, 4, q(1.0), q(1.0), Some(q(6.0)), false),
                (2, 5, q(0.0), q(0.0), Some(q(2.5)), true),
            ]
        );
    }

    /// A round robin where 2 and 4 tie on points (1½) and Sonneborn-Berger
    /// (1¾: 2 beat 4 and drew 3, 4 drew 1 and beat 3): 2 beat 4, so 2 is ahead
    /// though 4 is rated higher.
    #[test]
    fn head_to_head_breaks_a_round_robin_tie_before_rating() {
        use GameResult::{BlackWon, Draw, WhiteWon};
        let ratings = [1500.0, 1500.0, 1500.0, 2000.0];
        let entrants: Vec<Entrant> = (1..=4).map(|id| entrant(id, Some(ratings[id as usize - 1]), false)).collect();
        let games = vec![
            game(1, 2, WhiteWon),
            game(1, 3, WhiteWon),
            game(1, 4, Draw),
            game(2, 3, Draw),
            game(2, 4, WhiteWon),
            game(3, 4, BlackWon),
        ];
        let rounds: Vec<Round> = games.into_iter().map(|g| Round { games: vec![g], bye: None }).collect();
        let table = standings(Format::RoundRobin, &entrants, &rounds).expect("standings");
        let got: Vec<(PlayerId, usize, Points, Points, Option<Points>)> =
            table.iter().map(|s| (s.player, s.rank, s.points, s.sonneborn_berger, s.head_to_head)).collect();
        assert_eq!(
            got,
            [
                (1, 1, q(2.5), q(2.75), Some(q(0.0))),
                (2, 2, q(1.5), q(1.75), Some(q(1.0))),
                (4, 3, q(1.5), q(1.75), Some(q(0.0))),
                (3, 4, q(0.5), q(0.75), Some(q(0.0))),
            ]
        );
        let cross = crosstable(&table, &rounds);
        assert_eq!(cross.players, [1, 2, 4, 3]);
        assert_eq!(cross.cells[1], [Cell::Lost, Cell::Own, Cell::Won, Cell::Drawn]);
    }

    /// A cycle (1 beats 2, 2 beats 3, 3 beats 1) ties everything but rating;
    /// equal ratings share the place. A round robin's bye is worth nothing, a
    /// running game nothing yet.
    #[test]
    fn full_ties_share_a_place() {
        use GameResult::WhiteWon;
        let entrants =
            [entrant(1, Some(1600.0), false), entrant(2, Some(1700.0), false), entrant(3, Some(1600.0), false)];
        let rounds = [
            Round { games: vec![game(1, 2, WhiteWon)], bye: Some(3) },
            Round { games: vec![game(2, 3, WhiteWon)], bye: Some(1) },
            Round { games: vec![game(3, 1, WhiteWon)], bye: Some(2) },
        ];
        let table = standings(Format::RoundRobin, &entrants, &rounds).expect("standings");
        let got: Vec<(PlayerId, usize)> = table.iter().map(|s| (s.player, s.rank)).collect();
        assert_eq!(got, [(2, 1), (1, 2), (3, 2)]);
        assert!(table.iter().all(|s| s.points == Points::ONE));
        let running = [Round { games: vec![Game { white: 1, black: 2, result: None }], bye: Some(3) }];
        let table = standings(Format::Swiss, &entrants, &running).expect("standings");
        let got: Vec<(PlayerId, Points)> = table.iter().map(|s| (s.player, s.points)).collect();
        assert_eq!(got, [(3, Points::ONE), (2, Points::ZERO), (1, Points::ZERO)]);
        let cross = crosstable(&table, &running);
        assert_eq!(cross.cells[1][2], Cell::Running);
        assert_eq!(cross.cells[0][1], Cell::None);
    }
}
