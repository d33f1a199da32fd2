//! A tournament's standings in a reader's words: the picture's table (the
//! column headers from the catalog, the numbers written as the reader's
//! language writes decimals) and its description, from the standings and, for a
//! round robin, the crosstable that [`crate::pairing`] computes.
//!
//! The title (the tournament's name and round) and the players' names are the
//! caller's, already worded: the service knows the tournament and the people.

use super::drawn::{dimensions, Drawn, PNG};
use super::grammar::Plain;
use super::say::{Say, V};
use crate::lang::Lang;
use crate::pairing::{Cell, Crosstable, Format, PlayerId, Points, Standing};
use crate::render::standings::{standings as draw_table, Headers, Mark, Row, Table};
use crate::render::RenderError;

/// A number of points as `lang` writes it: `3`, `4.5` or `4,5`, `6.25`.
///
/// ```
/// use boardbot::lang::Lang;
/// use boardbot::pairing::Points;
/// use boardbot::present::standings::points;
///
/// assert_eq!(points(Points::from_quarters(18), Lang::En), "4.5");
/// assert_eq!(points(Points::from_quarters(25), Lang::Fr), "6,25");
/// assert_eq!(points(Points::from_quarters(12), Lang::De), "3");
/// ```
pub fn points(p: Points, lang: Lang) -> String {
    let grammar = Plain::default();
    let say = Say::new(lang, &grammar);
    worded_points(&say, p)
}

/// `p` as the reader's language writes a number with a fraction.
pub(crate) fn worded_points(say: &Say, p: Points) -> String {
    let (whole, quarters) = p.parts();
    let fraction = match quarters {
        0 => return whole.to_string(),
        2 => "5",
        1 => "25",
        _ => "75",
    };
    say.t("number-decimal", vec![("whole", V::S(whole.to_string())), ("fraction", V::S(fraction.into()))])
}

/// The picture's table: the standings in order, each player's name by `name`,
/// the tie-break columns of the format (Sonneborn-Berger, then Buchholz or
/// head-to-head), and with `crosstable` the results between the players.
pub fn table(
    format: Format,
    title: &str,
    standings: &[Standing],
    crosstable: Option<&Crosstable>,
    name: &dyn Fn(PlayerId) -> String,
    lang: Lang,
) -> Table {
    let grammar = Plain::default();
    let say = Say::new(lang, &grammar);
    let second = match format {
        Format::Swiss => "standings-buchholz",
        Format::RoundRobin => "standings-head-to-head",
    };
    let headers = Headers {
        rank: say.t0("standings-rank"),
        name: say.t0("standings-player"),
        points: say.t0("standings-points"),
        tiebreaks: vec![say.t0("standings-sonneborn-berger"), say.t0(second)],
    };
    let rows = standings
        .iter()
        .map(|s| {
            let marks = crosstable
                .and_then(|c| c.players.iter().position(|p| *p == s.player).and_then(|i| c.cells.get(i)))
                .map(|cells| cells.iter().map(|c| mark(*c)).collect())
                .unwrap_or_default();
            let second = s.buchholz.or(s.head_to_head).unwrap_or_default();
            Row {
                rank: s.rank.to_string(),
                name: say.clean_text(&name(s.player)),
                points: worded_points(&say, s.points),
                tiebreaks: vec![worded_points(&say, s.sonneborn_berger), worded_points(&say, second)],
                marks,
                withdrawn: s.withdrawn,
            }
        })
        .collect();
    Table { title: say.clean_text(title), headers, rows }
}

fn mark(cell: Cell) -> Mark {
    match cell {
        Cell::Own => Mark::Own,
        Cell::None => Mark::Empty,
        Cell::Running => Mark::Running,
        Cell::Won => Mark::Won,
        Cell::Drawn => Mark::Drawn,
        Cell::Lost => Mark::Lost,
        Cell::WonByForfeit => Mark::WonByForfeit,
        Cell::LostByForfeit => Mark::LostByForfeit,
    }
}

/// The standings drawn `size_px` wide as a PNG named `file_name`, with a
/// description for people who cannot see it. Blocking work: async callers run
/// it through `spawn_blocking`.
pub fn picture(table: &Table, size_px: u32, file_name: &str, lang: Lang) -> Result<Drawn, RenderError> {
    let grammar = Plain::default();
    let say = Say::new(lang, &grammar);
    let png = draw_table(table, size_px)?;
    let players = V::N(i64::try_from(table.rows.len()).unwrap_or(i64::MAX));
    let alt = say.t("picture-alt-standings", vec![("title", V::S(table.title.clone())), ("players", players)]);
    let size = dimensions(&png).unwrap_or((size_px, 0));
    Ok(Drawn { bytes: png, mime: PNG, file_name: file_name.to_string(), alt, size, note: None })
}
