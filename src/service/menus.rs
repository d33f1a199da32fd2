//! What a platform offers besides typed commands, decided here once for Discord and
//! Matrix alike: the moves a menu offers as a person types (Discord's
//! autocompletion), the question a Resign button asks first, and the flipped board
//! that only its presser sees. An adapter shows them in its own way; it decides none
//! of them.

use super::boards::{self, find_game, here};
use super::message::Message;
use super::people::find_actor;
use super::play::{self, seated_seat};
use super::{language, Action, Actor, Command, Failure, GameRef, Inner, Place, Reply, Request};
use crate::games::{GameKind, MENU_LIMIT};
use crate::lang::Lang;

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

/// The moves of `kind` that go on with what `actor` has `typed` at `place`, in the
/// game `game` names, else the game of the thread, else the actor's only game of
/// that kind. Only the game's players are offered its moves; anyone else, and a game
/// that cannot be found, gets an empty menu (never a refusal: a menu is not an
/// answer). What is typed may be a value the menu gave before (`d2-N@12`).
pub(crate) fn move_menu(
    inner: &Inner,
    actor: &Actor,
    place: &Place,
    kind: Option<GameKind>,
    typed: &str,
    game: Option<&str>,
) -> MoveMenu {
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
    let id = record.public_id.as_str().to_string();
    Ok(position
        .menu_typed(typed, MENU_LIMIT)
        .choices
        .into_iter()
        .map(|c| Action::Move {
            kind,
            game: id.clone(),
            text: c.text,
            head: c.head,
            parts: c.parts,
            complete: c.complete,
            at: record.ply,
        })
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
