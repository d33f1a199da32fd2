//! Property tests for tournaments' pairings: random Swiss events (ratings, results,
//! forfeits, withdrawals) paired round after round, each round checked against
//! a brute force of every pairing of the field; Berger tables for every size;
//! standings against the results.

use std::collections::{HashMap, HashSet};

use boardbot::pairing::{
    pair_swiss, round_robin, standings, Colour, Entrant, Format, GameResult, Paired, PairingError, PlayerId, Points,
    Round,
};
use proptest::prelude::*;

/// What the rounds so far say of a player: colours in order, byes, opponents.
#[derive(Default, Clone)]
struct History {
    colours: Vec<Colour>,
    byes: usize,
    met: HashSet<PlayerId>,
}

fn histories(rounds: &[Round]) -> HashMap<PlayerId, History> {
    let mut out: HashMap<PlayerId, History> = HashMap::new();
    for round in rounds {
        for g in &round.games {
            let w = out.entry(g.white).or_default();
            w.colours.push(Colour::White);
            w.met.insert(g.black);
            let b = out.entry(g.black).or_default();
            b.colours.push(Colour::Black);
            b.met.insert(g.white);
        }
        if let Some(p) = round.bye {
            out.entry(p).or_default().byes += 1;
        }
    }
    out
}

/// Whether giving `c` to a player of history `h` gives them the same colour a
/// third time in a row or whites and blacks more than 2 apart.
fn breaks(h: &History, c: Colour) -> bool {
    let n = h.colours.len();
    let third = n >= 2 && h.colours[n - 2] == c && h.colours[n - 1] == c;
    let balance: i32 = h.colours.iter().map(|x| if *x == Colour::White { 1 } else { -1 }).sum::<i32>()
        + if c == Colour::White { 1 } else { -1 };
    third || balance.abs() > 2
}

/// (repeat pairs, repeat byes, colour breaks) of a pairing, the breaks counted
/// for the colours given (`Some`) or for the better colours of each pair.
type Quality = (usize, usize, usize);

fn pair_quality(h: &HashMap<PlayerId, History>, a: PlayerId, b: PlayerId, given: bool) -> (usize, usize) {
    let empty = History::default();
    let (ha, hb) = (h.get(&a).unwrap_or(&empty), h.get(&b).unwrap_or(&empty));
    let repeat = usize::from(ha.met.contains(&b));
    let as_given = usize::from(breaks(ha, Colour::White)) + usize::from(breaks(hb, Colour::Black));
    let swapped = usize::from(breaks(ha, Colour::Black)) + usize::from(breaks(hb, Colour::White));
    (repeat, if given { as_given } else { as_given.min(swapped) })
}

fn quality(h: &HashMap<PlayerId, History>, p: &Paired) -> Quality {
    let mut q = (0, 0, 0);
    for g in &p.games {
        let (r, c) = pair_quality(h, g.white, g.black, true);
        q.0 += r;
        q.2 += c;
    }
    if let Some(b) = p.bye {
        q.1 += h.get(&b).map_or(0, |h| h.byes);
    }
    q
}

/// The best quality any pairing of `players` reaches (the bye, when odd, to
/// anyone), lexicographically: every perfect matching is tried.
fn best_quality(h: &HashMap<PlayerId, History>, players: &[PlayerId]) -> Quality {
    fn go(h: &HashMap<PlayerId, History>, rest: &mut Vec<Option<PlayerId>>, acc: Quality, best: &mut Quality) {
        if acc > *best {
            return;
        }
        let Some(first) = rest.pop() else {
            *best = acc.min(*best);
            return;
        };
        for k in 0..rest.len() {
            let other = rest.remove(k);
            let add = match (first, other) {
                (Some(a), Some(b)) => {
                    let (r, c) = pair_quality(h, a, b, false);
                    (r, 0, c)
                }
                (Some(p), None) | (None, Some(p)) => (0, h.get(&p).map_or(0, |h| h.byes), 0),
                (None, None) => (0, 0, 0),
            };
            go(h, rest, (acc.0 + add.0, acc.1 + add.1, acc.2 + add.2), best);
            rest.insert(k, other);
        }
        rest.push(first);
    }
    let mut vertices: Vec<Option<PlayerId>> = players.iter().map(|p| Some(*p)).collect();
    if vertices.len() % 2 == 1 {
        vertices.push(None);
    }
    let mut best = (usize::MAX, usize::MAX, usize::MAX);
    go(h, &mut vertices, (0, 0, 0), &mut best);
    best
}

fn result_of(choice: u8) -> GameResult {
    match choice % 12 {
        0..=3 => GameResult::WhiteWon,
        4..=7 => GameResult::BlackWon,
        8 | 9 => GameResult::Draw,
        10 => GameResult::WhiteWonByForfeit,
        _ => GameResult::BlackWonByForfeit,
    }
}

/// The points each player scored, from the results alone (a bye worth `bye`).
fn points_from_results(rounds: &[Round], bye: Points) -> HashMap<PlayerId, Points> {
    let mut out: HashMap<PlayerId, Points> = HashMap::new();
    for round in rounds {
        for g in &round.games {
            let Some(r) = g.result else { continue };
            let (w, b) = match r.winner() {
                Some(Colour::White) => (Points::ONE, Points::ZERO),
                Some(Colour::Black) => (Points::ZERO, Points::ONE),
                None => (Points::HALF, Points::HALF),
            };
            *out.entry(g.white).or_default() += w;
            *out.entry(g.black).or_default() += b;
        }
        if let Some(p) = round.bye {
            *out.entry(p).or_default() += bye;
        }
    }
    out
}

/// A round of a scripted event: the results' choices, and who withdraws after
/// it (an entrant's index, or none).
type Script = Vec<(Vec<u8>, Option<usize>)>;

/// A Swiss event: ratings (`None` unrated), then its rounds' script.
fn event() -> impl Strategy<Value = (Vec<Option<u16>>, Script)> {
    (
        prop::collection::vec(prop::option::weighted(0.8, 1000u16..2400), 2..=11),
        prop::collection::vec(
            (prop::collection::vec(any::<u8>(), 6), prop::option::weighted(0.15, 0usize..11)),
            1..=11,
        ),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    /// Each round of a random Swiss pairs every player present once, with the
    /// bye when the field is odd; has no repeat pair, no second bye and no
    /// colour break that some pairing of the whole field avoided (in that
    /// order of priority); and the standings' points are the results' sums.
    #[test]
    fn swiss_rounds_are_as_good_as_any_pairing((ratings, script) in event()) {
        let mut entrants: Vec<Entrant> = ratings
            .iter()
            .enumerate()
            .map(|(i, r)| Entrant { id: 10 + i as PlayerId, rating: r.map(f64::from), withdrawn: false })
            .collect();
        let mut rounds: Vec<Round> = Vec::new();
        for (choices, leaver) in &script {
            let present: Vec<PlayerId> = entrants.iter().filter(|e| !e.withdrawn).map(|e| e.id).collect();
            let paired = match pair_swiss(&entrants, &rounds) {
                Err(PairingError::TooFew) => {
                    prop_assert!(present.len() < 2);
                    break;
                }
                other => other.map_err(|e| TestCaseError::fail(e.to_string()))?,
            };
            // Everyone present exactly once; the bye only for an odd field.
            let mut named: Vec<PlayerId> =
                paired.games.iter().flat_map(|g| [g.white, g.black]).chain(paired.bye).collect();
            named.sort_unstable();
            let mut want = present.clone();
            want.sort_unstable();
            prop_assert_eq!(&named, &want);
            prop_assert_eq!(paired.bye.is_some(), present.len() % 2 == 1);

            let h = histories(&rounds);
            let got = quality(&h, &paired);
            let best = best_quality(&h, &present);
            prop_assert_eq!(got, best, "round {}: {:?} after {:?}", rounds.len() + 1, paired, rounds);

            let mut round = Round::from(paired);
            for (g, c) in round.games.iter_mut().zip(choices.iter().cycle()) {
                g.result = Some(result_of(*c));
            }
            rounds.push(round);
            if let Some(e) = leaver.and_then(|i| entrants.get_mut(i)) {
                e.withdrawn = true;
            }
        }

        let table = standings(Format::Swiss, &entrants, &rounds).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let sums = points_from_results(&rounds, Points::ONE);
        prop_assert_eq!(table.len(), entrants.len());
        for s in &table {
            prop_assert_eq!(s.points, sums.get(&s.player).copied().unwrap_or_default());
        }
        prop_assert!(table.windows(2).all(|w| w[0].points >= w[1].points && w[0].rank <= w[1].rank));
        prop_assert_eq!(table.first().map(|s| s.rank), Some(1));
    }

    /// Any results of a round robin: the standings' points are their sums, a
    /// round robin's bye worth nothing.
    #[test]
    fn round_robin_points_are_the_results(n in 2usize..=12, choices in prop::collection::vec(any::<u8>(), 66)) {
        let players: Vec<PlayerId> = (1..=n as PlayerId).collect();
        let schedule = round_robin(&players).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut results = choices.iter().cycle();
        let rounds: Vec<Round> = schedule
            .into_iter()
            .map(|p| {
                let mut r = Round::from(p);
                for g in &mut r.games {
                    g.result = results.next().filter(|c| **c % 7 != 0).map(|c| result_of(*c));
                }
                r
            })
            .collect();
        let entrants: Vec<Entrant> = players.iter().map(|&id| Entrant { id, rating: None, withdrawn: false }).collect();
        let table = standings(Format::RoundRobin, &entrants, &rounds).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let sums = points_from_results(&rounds, Points::ZERO);
        for s in &table {
            prop_assert_eq!(s.points, sums.get(&s.player).copied().unwrap_or_default());
        }
    }
}

/// Berger tables for every field from 2 to 64 players: each round a perfect
/// pairing (everyone once, the bye only for an odd field), every pair exactly
/// once, whites and blacks at most 1 apart for everyone, nobody the same colour
/// three times in a row, and in an even field at most one repeated colour in a
/// row per player (the tables' "breaks").
#[test]
fn berger_tables_meet_everyone_once_with_balanced_colours() {
    for n in 2..=64usize {
        let players: Vec<PlayerId> = (0..n as PlayerId).map(|i| 100 + 7 * i).collect();
        let rounds = round_robin(&players).expect("a schedule");
        assert_eq!(rounds.len(), n - 1 + n % 2, "{n} players");
        let mut met: HashMap<(PlayerId, PlayerId), usize> = HashMap::new();
        let mut colours: HashMap<PlayerId, Vec<Colour>> = HashMap::new();
        for (k, round) in rounds.iter().enumerate() {
            let mut named: Vec<PlayerId> =
                round.games.iter().flat_map(|g| [g.white, g.black]).chain(round.bye).collect();
            named.sort_unstable();
            assert_eq!(named, players, "{n} players, round {}", k + 1);
            assert_eq!(round.bye.is_some(), n % 2 == 1);
            for g in &round.games {
                *met.entry((g.white.min(g.black), g.white.max(g.black))).or_default() += 1;
                colours.entry(g.white).or_default().push(Colour::White);
                colours.entry(g.black).or_default().push(Colour::Black);
            }
        }
        assert_eq!(met.len(), n * (n - 1) / 2, "{n} players");
        assert!(met.values().all(|m| *m == 1));
        for (p, cs) in &colours {
            let whites = cs.iter().filter(|c| **c == Colour::White).count();
            assert!(whites.abs_diff(cs.len() - whites) <= 1, "{n} players: {p} has {cs:?}");
            assert!(!cs.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]), "{n} players: {p} has {cs:?}");
            if n.is_multiple_of(2) {
                let repeats = cs.windows(2).filter(|w| w[0] == w[1]).count();
                assert!(repeats <= 1, "{n} players: {p} has {cs:?}");
            }
        }
    }
}

/// The layers: `pairing` imports nothing of ours but `rating`, and nothing below
/// the service (games, ai, render, store) imports it.
#[test]
fn pairing_sits_beside_the_service() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut own = Vec::new();
    rust_files(&root.join("pairing"), &mut own);
    assert!(!own.is_empty());
    for file in own {
        let text = std::fs::read_to_string(&file).expect("a source file");
        for (i, line) in text.lines().enumerate() {
            if let Some(at) = line.find("crate::") {
                let path = &line[at + "crate::".len()..];
                assert!(
                    path.starts_with("pairing") || path.starts_with("rating"),
                    "{}:{}: {line}",
                    file.display(),
                    i + 1
                );
            }
        }
    }
    for below in ["games", "ai", "render", "store"] {
        let mut files = Vec::new();
        rust_files(&root.join(below), &mut files);
        for file in files {
            let text = std::fs::read_to_string(&file).expect("a source file");
            assert!(!text.contains("crate::pairing"), "{} imports the pairing", file.display());
        }
    }
}
