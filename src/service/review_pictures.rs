//! A review's picture, drawn from the stored review: for the reviews as they are made
//! and for the outbox, which draws a queued summary's picture again when it delivers it.

use super::boards;
use super::message::Message;
use super::people::picture_name;
use super::types::{Picture, ReviewChartLine, ReviewMoment, ReviewSpec};
use super::{Failure, Inner};
use crate::ai::review::Review;
use crate::store::{self, GameRecord, ReviewRow};

type Result<T> = std::result::Result<T, Failure>;

/// The moves that changed the game most, shown on small boards.
pub const TURNING_POINTS: usize = 3;

/// The picture of a review: the winning chances (one line for two seats, else one
/// per seat), the bad moves, and the moves that changed the game on small boards.
pub(crate) fn spec(record: &GameRecord, review: &Review) -> Result<ReviewSpec> {
    let position = boards::current(record)?;
    let seats = review.chances.first().map_or(0, Vec::len);
    let shown: Vec<usize> = if seats == 2 { vec![0] } else { (0..seats).collect() };
    let lines = shown
        .iter()
        .map(|&s| ReviewChartLine {
            colour: super::people::colour(&position, s),
            name: picture_name(record, s, boards::BOT),
            values: review.chances.iter().map(|c| c.get(s).copied().unwrap_or(f64::NAN)).collect(),
        })
        .collect();
    let flags = review
        .plies
        .iter()
        .filter_map(|p| {
            let line = if seats == 2 { 0 } else { usize::from(p.seat) };
            p.label.map(|label| (p.ply, line, label))
        })
        .collect();
    let mut moments = Vec::new();
    for i in review.turning_points(TURNING_POINTS) {
        let p = &review.plies[i];
        let (Some(label), Some(best)) = (p.label, p.best.clone()) else { continue };
        let (after, last) = boards::replayed(record, Some(p.ply))?;
        moments.push(ReviewMoment { ply: p.ply, played: p.mv.clone(), label, best, view: after.view(last) });
    }
    Ok(ReviewSpec { kind: record.kind, game: record.public_id.as_str().to_string(), lines, flags, moments })
}

/// The picture of a stored review's summary, for the outbox: the review of the game
/// the message names, drawn again from the store. `None` for any other message.
pub(crate) fn picture_of(inner: &Inner, message: &Message) -> Result<Option<Picture>> {
    let Message::Review { game, .. } = message else { return Ok(None) };
    let record = inner.store.find_game(&game.id)?;
    let id = record.id;
    let Some(ReviewRow { result: Some(json), .. }) = inner.store.read(move |tx| store::load_review(tx, id))? else {
        return Ok(None);
    };
    let review: Review = serde_json::from_str(&json).map_err(|e| Failure::Internal(e.to_string()))?;
    Ok(Some(Picture::Review(spec(&record, &review)?)))
}
