//! `db check`: every game replayed from its moves and compared with what is cached.

use super::error::StoreError;
use super::games::{all_games, load_game};
use super::model::{EndReason, GameId, GameRecord, PublicId, Status};
use super::replay;
use super::sql::Transaction;

/// A game whose stored state disagrees with the replay of its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The game.
    pub game: PublicId,
    /// What disagrees, for people.
    pub message: String,
}

/// What is wrong with one game; empty when its replay agrees with everything cached.
pub fn check_record(game: &GameRecord) -> Vec<String> {
    let mut problems = Vec::new();
    for (i, m) in game.moves.iter().enumerate() {
        if m.ply as usize != i + 1 {
            problems.push(format!("move {} is stored as ply {}", i + 1, m.ply));
            return problems;
        }
    }
    if game.moves.len() != game.ply as usize {
        problems.push(format!("{} moves stored, the game says {}", game.moves.len(), game.ply));
    }
    let texts: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
    let replayed = match replay::replay(game.kind, Some(&game.settings), game.start_code.as_deref(), &texts) {
        Ok(r) => r,
        Err(e) => {
            problems.push(format!("the moves do not replay: {e}"));
            return problems;
        }
    };
    for (m, canonical) in game.moves.iter().zip(&replayed.moves) {
        if m.text != *canonical {
            problems.push(format!("move {} is stored as \"{}\", not its canonical \"{canonical}\"", m.ply, m.text));
        }
    }
    if replayed.code != game.code {
        problems.push(format!("cached position {} but the moves give {}", game.code, replayed.code));
    }
    match (&replayed.outcome, game.status, &game.result) {
        (Some(end), Status::Over, Some(result)) => {
            if result.end_reason != EndReason::Finished {
                problems.push(format!("the moves finish the game but it is stored as {}", result.end_reason.key()));
            }
            if result.places != end.places {
                problems.push(format!("places {:?} but the moves give {:?}", result.places, end.places));
            }
            if result.scores != end.scores {
                problems.push(format!("scores {:?} but the moves give {:?}", result.scores, end.scores));
            }
            if result.reason_key != end.reason_key {
                problems.push(format!(
                    "ended for the reason {:?} but the moves give {:?}",
                    result.reason_key.as_deref().unwrap_or("-"),
                    end.reason_key.as_deref().unwrap_or("-")
                ));
            }
        }
        (Some(_), _, _) => problems.push("the moves finish the game but it is stored as going on".to_string()),
        (None, Status::Ongoing, None) => {
            if replayed.to_move != game.to_move {
                problems.push(format!("seat {} to move but the moves give {}", game.to_move, replayed.to_move));
            }
        }
        (None, Status::Over, Some(result)) if result.end_reason != EndReason::Finished => {}
        (None, Status::Over, _) => problems.push("stored as finished by the rules, but the moves go on".to_string()),
        (None, Status::Ongoing, Some(_)) => problems.push("going on but has a result".to_string()),
    }
    problems
}

/// Checks one game.
pub fn check_game(tx: &Transaction, id: GameId) -> Result<Vec<Problem>, StoreError> {
    let game = load_game(tx, id)?;
    Ok(check_record(&game).into_iter().map(|message| Problem { game: game.public_id.clone(), message }).collect())
}

/// Checks every game; `progress` hears how many were checked so far.
pub fn check_all(tx: &Transaction, mut progress: impl FnMut(usize)) -> Result<Vec<Problem>, StoreError> {
    let mut problems = Vec::new();
    for (i, id) in all_games(tx)?.into_iter().enumerate() {
        match check_game(tx, id) {
            Ok(found) => problems.extend(found),
            // A row that cannot even be read is a problem of that game, not the end of the check.
            Err(e) => problems.push(Problem { game: PublicId(format!("row {}", id.0)), message: e.to_string() }),
        }
        progress(i + 1);
    }
    Ok(problems)
}
