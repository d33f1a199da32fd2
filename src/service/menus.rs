//! What a platform offers besides typed commands, decided here once for Discord and
//! Matrix alike: the moves a menu offers as a person types (Discord's
//! autocompletion), the question a Resign button asks first, and the flipped board
//! that only its presser sees. An adapter shows them in its own way; it decides none
//! of them.

use super::boards::{self, find_game, here};
use super::message::Message;
use super::people::{self, find_actor};
use super::play::{self, seated_seat};
use super::{
    language, puzzles, Action, Actor, Command, Failure, GameRef, Inner, Place, Refusal, Reply, Request, Service,
};
use crate::games::{GameKind, MENU_LIMIT};
use crate::lang::Lang;
use crate::store::StoreError;

type Result<T> = std::result::Result<T, Failure>;

/// The moves a menu offers, and the language to label them in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveMenu {
    /// The reader's language (the menu is theirs alone).
    pub lang: Lang,
    /// At most [`MENU_LIMIT`] [`Action::Move`]s, each with the move number it is
    /// offered at ([`Action::menu_value`] is what picking it sends back).
    pub choices: Vec<Action>,
}

fn choices(
    inner: &Inner,
    actor: &Actor,
    place: &Place,
    kind: GameKind,
    typed: &str,
    game: Option<&str>,
) -> Result<Vec<Action>> {
    let me = find_actor(inner, actor)?;
    let request = Request::new(actor.clone(), place.clone(), Command::Games);
    let game = GameRef { kind, id: game.map(str::trim).filter(|g| !g.is_empty()).map(str::to_string) };
    let record = find_game(inner, &request, &game, me, true)?;
    seated_seat(&record, me)?;
    let position = boards::current(&record)?;
    let (typed, _) = super::types::split_picked(typed);
    Ok(position
        .menu_typed(typed, MENU_LIMIT)
        .choices
        .into_iter()
        .map(|c| Action::move_choice(kind, record.public_id.as_str(), record.ply, c))
        .collect())
}

/// The Resign button: a player is asked first, privately, with the button that
/// resigns; anyone else is told why not (not seated, the game is over).
pub(crate) fn confirm_resign(inner: &Inner, req: &Request, game: &GameRef) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, true)?;
    seated_seat(&record, me)?;
    let tag = boards::tag(&record);
    let mut reply = Reply::new(here(inner, &req.place), Message::ConfirmResign { game: tag.clone() });
    reply.actions = vec![Action::ConfirmResign { kind: tag.kind, game: tag.id }];
    reply.only_actor = true;
    Ok(vec![reply])
}

/// The Flip button: the board from the other side, for the presser alone.
pub(crate) fn flip(inner: &Inner, req: &Request, game: &GameRef) -> Result<Vec<Reply>> {
    let mut replies = play::board(inner, req, game, true)?;
    for reply in &mut replies {
        reply.only_actor = true;
    }
    Ok(replies)
}

impl Service {
    /// The moves a menu offers `actor` at `place` as they type a move of `kind`
    /// (Discord's autocompletion): in the game `game` names, else the game of the
    /// place's thread, else their only game of that kind; for the game's players
    /// only, each with the move number it is offered at. Empty when there is nothing
    /// to offer. Blocking (reads).
    pub fn move_menu(
        &self,
        actor: &Actor,
        place: &Place,
        kind: Option<GameKind>,
        typed: &str,
        game: Option<&str>,
    ) -> MoveMenu {
        let inner = &self.inner;
        let lang = language::of_reader(inner, actor, place);
        let choices = kind.and_then(|kind| match choices(inner, actor, place, kind, typed, game) {
            Ok(choices) => Some(choices),
            Err(Failure::User(_)) => None,
            Err(Failure::Internal(e)) => {
                tracing::error!("cannot make the move menu of {} for {}: {e}", kind.name(), actor.user_id);
                None
            }
        });
        MoveMenu { lang, choices: choices.unwrap_or_default() }
    }

    /// The moves a menu offers `actor` as they type the answer to their open puzzle
    /// of `kind` (Discord's completion of `solve`): the moves of the puzzle's
    /// position going on with what they typed, as [`Action::Solve`]; empty when they
    /// have no open puzzle. Blocking (reads).
    pub fn solve_menu(&self, actor: &Actor, place: &Place, kind: Option<GameKind>, typed: &str) -> MoveMenu {
        let lang = language::of_reader(&self.inner, actor, place);
        let choices = kind.map(|k| puzzles::solve_menu(&self.inner, actor, k, typed)).unwrap_or_default();
        MoveMenu { lang, choices }
    }

    /// The next choices of a turn in game `game` (its public id) for a menu: the
    /// legal moves starting with `chosen` (for Cabale, the next part of the turn after
    /// the parts already chosen), filtered by what the player has `typed`, at most
    /// `limit`. An adapter calls it for autocompletion and step-by-step menus.
    pub fn choices(
        &self,
        game: &str,
        chosen: &str,
        typed: &str,
        limit: usize,
    ) -> std::result::Result<Vec<Action>, Refusal> {
        let record = self.inner.store.find_game(game).map_err(|e| match e {
            StoreError::NotFound(_) => Refusal::NoSuchGame(crate::games::excerpt(game)),
            e => {
                tracing::error!("choices for {game}: {e}");
                Refusal::MovedOn
            }
        })?;
        if record.status == crate::store::Status::Over {
            return Err(Refusal::GameOver(record.public_id.to_string()));
        }
        let position = boards::current(&record).map_err(|e| {
            tracing::error!("choices for {game}: {e:?}");
            Refusal::MovedOn
        })?;
        Ok(position
            .menu(chosen, typed, limit)
            .choices
            .into_iter()
            .map(|c| Action::move_choice(record.kind, record.public_id.as_str(), record.ply, c))
            .collect())
    }

    /// Whether `actor` plays in game `game` and it goes on: `Ok` for a player, else
    /// the refusal a command of theirs would get (not seated, over, no such game). A
    /// read only; adapters ask before offering a player's choices (a confirmation, the
    /// legal moves).
    pub fn may_act(&self, actor: &Actor, game: &GameRef) -> std::result::Result<(), Refusal> {
        let request = Request::new(actor.clone(), Place::default(), Command::Games);
        let checked = people::find_actor(&self.inner, actor).and_then(|me| {
            let record = boards::find_game(&self.inner, &request, game, me, true)?;
            play::seated_seat(&record, me).map(|_| ())
        });
        match checked {
            Ok(()) => Ok(()),
            Err(Failure::User(refusal)) => Err(refusal),
            Err(Failure::Internal(e)) => {
                tracing::error!("cannot check a player of game {game:?}: {e}");
                Err(Refusal::MovedOn)
            }
        }
    }
}
