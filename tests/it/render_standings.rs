//! Tournament pictures: a Swiss's standings and a round robin's crosstable,
//! worded by `present` in English and French, compared with golden files as
//! `render_golden` compares pictures (bless with `BOARDBOT_BLESS=1`); and the
//! sizes of the biggest fields.

use crate::render_replay::check_golden;

use boardbot::lang::Lang;
use boardbot::pairing::{crosstable, pair_swiss, round_robin, standings, Entrant, Format, GameResult, PlayerId, Round};
use boardbot::present::dimensions;
use boardbot::present::standings::{picture, table};

const NAMES: [&str; 6] = ["carol", "Wolfeschlegelsteinhausenbergerdorff", "李小龙", "Zoë", "dave", "Ada"];

fn name(id: PlayerId) -> String {
    NAMES.get(id as usize - 1).map_or_else(|| format!("player {id}"), |n| n.to_string())
}

fn entrants(n: usize) -> Vec<Entrant> {
    (1..=n as PlayerId)
        .map(|id| Entrant { id, rating: (id != 3).then_some(1900.0 - 50.0 * id as f64), withdrawn: false })
        .collect()
}

/// A five-player Swiss of three rounds, paired by the bot, with a forfeit and
/// player 2 withdrawn after round 2.
fn swiss() -> (Vec<Entrant>, Vec<Round>) {
    use GameResult::{BlackWon, BlackWonByForfeit, Draw, WhiteWon};
    let mut entrants = entrants(5);
    let script = [[WhiteWon, Draw], [BlackWonByForfeit, WhiteWon], [Draw, BlackWon]];
    let mut rounds: Vec<Round> = Vec::new();
    for (k, results) in script.iter().enumerate() {
        let mut round = Round::from(pair_swiss(&entrants, &rounds).expect("a pairing"));
        for (g, r) in round.games.iter_mut().zip(results) {
            g.result = Some(*r);
        }
        rounds.push(round);
        if k == 1 {
            entrants[1].withdrawn = true;
        }
    }
    (entrants, rounds)
}

/// A four-player round robin: every result kind, a forfeit and a running game.
fn robin() -> (Vec<Entrant>, Vec<Round>) {
    use GameResult::{BlackWon, Draw, WhiteWon, WhiteWonByForfeit};
    let entrants = entrants(4);
    let schedule = round_robin(&[1, 2, 3, 4]).expect("a schedule");
    let results = [Some(WhiteWon), Some(Draw), Some(BlackWon), None, Some(WhiteWonByForfeit), Some(Draw)];
    let mut results = results.iter();
    let rounds = schedule
        .into_iter()
        .map(|p| {
            let mut r = Round::from(p);
            for g in &mut r.games {
                g.result = results.next().copied().flatten();
            }
            r
        })
        .collect();
    (entrants, rounds)
}

#[test]
fn standings_pictures_match_the_golden_files() {
    let (entrants, rounds) = swiss();
    let swiss_table = standings(Format::Swiss, &entrants, &rounds).expect("standings");
    let swiss_words = table(Format::Swiss, "Kuba Swiss #3 · round 3 of 3", &swiss_table, None, &name, Lang::En);
    let swiss_png = picture(&swiss_words, 512, "standings-3.png", Lang::En).expect("a picture");
    assert_eq!(swiss_png.alt, "Standings of Kuba Swiss #3 · round 3 of 3: 5 players");

    let (entrants, rounds) = robin();
    let robin_table = standings(Format::RoundRobin, &entrants, &rounds).expect("standings");
    let cross = crosstable(&robin_table, &rounds);
    let robin_words =
        table(Format::RoundRobin, "Nuba · toutes rondes n° 4", &robin_table, Some(&cross), &name, Lang::Fr);
    assert!(robin_words.headers.tiebreaks == ["SB", "CD"], "{:?}", robin_words.headers);
    let robin_png = picture(&robin_words, 512, "standings-4.png", Lang::Fr).expect("a picture");
    assert_eq!(robin_png.size.0, 512);

    check_golden(&[
        ("standings-swiss".to_string(), swiss_png.bytes),
        ("standings-round-robin".to_string(), robin_png.bytes),
    ]);
}

/// Sixty-four players: the table stays 512 px wide and under 2,000 px tall; the
/// crosstable grows wider, each result still as wide as a symbol needs.
#[test]
fn sixty_four_players_fit() {
    let entrants = entrants(64);
    let ids: Vec<PlayerId> = entrants.iter().map(|e| e.id).collect();
    let rounds: Vec<Round> = round_robin(&ids).expect("a schedule").into_iter().map(Round::from).collect();
    let table_of = |format| standings(format, &entrants, &rounds).expect("standings");
    let swiss = table(Format::Swiss, "Swiss", &table_of(Format::Swiss), None, &name, Lang::En);
    let (w, h) = dimensions(&picture(&swiss, 512, "s.png", Lang::En).expect("a picture").bytes).expect("a size");
    assert!(w == 512 && h < 2000, "{w} × {h}");
    let robin_table = table_of(Format::RoundRobin);
    let cross = crosstable(&robin_table, &rounds);
    let robin = table(Format::RoundRobin, "Round robin", &robin_table, Some(&cross), &name, Lang::En);
    let (w, h) = dimensions(&picture(&robin, 512, "r.png", Lang::En).expect("a picture").bytes).expect("a size");
    assert!((1500..3000).contains(&w) && h < 2000, "{w} × {h}");
}
