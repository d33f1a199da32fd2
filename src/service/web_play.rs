//! What a game's page offers the player who is signed in (issue #51): their seat,
//! whether it is their turn, the squares that start a move and the moves each one
//! offers, the draw and takeback offers pending. Everything the page shows of a
//! turn comes from the rules core's menu ([`crate::games::Position::menu`]), the
//! same as chat's, so that no rule is written in the page or its script: a square's
//! button lists the menu's choices that begin on it, and a turn built in parts
//! (Cabale) goes on with the menu's next choices after the parts chosen.
//!
//! What a choice "begins on" is the first cell its canonical text names (`a7-E`:
//! a7; `X@c2`: c2; `A3>C3>C2`: A3), read with the board's own cell names
//! ([`crate::games::view::Geometry::name`]); a choice that names no cell (Nuba's
//! `pass`) is offered beside the board.

use std::collections::HashMap;

use super::boards;
use super::pages::PageError;
use super::web_sessions::Signed;
use super::Service;
use crate::games::view::Geometry;
use crate::games::{GameKind, Phrase, Position};
use crate::store::{self, Status, Token};

/// A choice the page offers: a move, or the next part of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offered {
    /// Its canonical text (the turn so far, this part included): a button's name.
    pub text: String,
    /// The move as people read it (Cabale shows a turn's runner path).
    pub head: String,
    /// What it does, part by part.
    pub parts: Vec<Phrase>,
    /// A whole move (else the turn goes on with more parts).
    pub complete: bool,
}

/// A cell of the board as the player's turn sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Square {
    /// The cell ([`Geometry::index`]).
    pub index: usize,
    /// Its name in the game's notation (`a7`, `E5`).
    pub name: String,
    /// How many choices begin on it.
    pub choices: usize,
}

/// What the player's seat may answer or ask besides a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    /// Draws can be offered in this game (two seats).
    pub draws: bool,
    /// The player offered a draw, not answered yet.
    pub draw_by_me: bool,
    /// The opponent offered a draw: accept or decline.
    pub draw_to_me: bool,
    /// The player asked to take back a move, not answered yet.
    pub takeback_by_me: bool,
    /// The opponent asked to take back a move: accept or decline.
    pub takeback_to_me: bool,
    /// The player has made a move that could be taken back.
    pub has_moved: bool,
}

/// What the page of a game offers the player signed in.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayPanel {
    /// The game.
    pub kind: GameKind,
    /// Its public id.
    pub public_id: String,
    /// The player's seat's colour.
    pub colour: Phrase,
    /// It is the player's turn.
    pub your_turn: bool,
    /// The move number the choices are offered at: a choice sent back carries it, and
    /// is refused once the game has gone past it.
    pub at: u32,
    /// The board's cells, each with the choices that begin on it (on the player's
    /// turn, at the first part of a turn); empty otherwise.
    pub squares: Vec<Square>,
    /// The square picked, by name, when it has choices.
    pub picked: Option<String>,
    /// The parts of the turn chosen so far (Cabale), canonical text.
    pub chosen: String,
    /// The choices offered now: those of the square picked, or the next parts of a
    /// turn begun, or those that begin on no cell.
    pub offered: Vec<Offered>,
    /// Draw and takeback offers.
    pub offers: Offers,
    /// Conditional moves can be left now: the opponent is to move, and no seat is
    /// the computer's (the service refuses them otherwise, as in chat).
    pub premoves: bool,
}

/// A game in progress of the person signed in, for their list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebGame {
    /// The game.
    pub kind: GameKind,
    /// Its public id.
    pub public_id: String,
    /// Its page's token.
    pub token: String,
    /// The other seats' names (`boardbot` for the computer).
    pub opponents: Vec<String>,
    /// Moves played.
    pub ply: u32,
    /// It is the person's turn.
    pub your_turn: bool,
}

/// The first cell `text` names, by the board's cell names: a letter that does not
/// follow a letter or digit, then the digits of a row.
pub fn first_cell(text: &str, names: &HashMap<String, usize>) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let starts = bytes[i].is_ascii_alphabetic() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric());
        if starts {
            let digits = bytes[i + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
            if digits > 0 {
                let token = text[i..i + 1 + digits].to_ascii_lowercase();
                if let Some(&cell) = names.get(&token) {
                    return Some(cell);
                }
            }
        }
        i += 1;
    }
    None
}

/// Every cell of `geometry` by its name in lower case.
fn cell_names(geometry: Geometry) -> HashMap<String, usize> {
    (0..geometry.cell_count()).filter_map(|i| geometry.name(i).map(|n| (n.to_ascii_lowercase(), i))).collect()
}

/// A turn as a page offers it, from the rules core's menu: the board's cells with
/// the choices that begin on each, the square picked, the parts chosen so far and the
/// choices offered now. A game's page and a puzzle's page both show it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Turn {
    /// The board's cells, each with the choices that begin on it (at the first part
    /// of a turn); empty otherwise.
    pub squares: Vec<Square>,
    /// The square picked, by name, when it has choices.
    pub picked: Option<String>,
    /// The parts of the turn chosen so far (Cabale), canonical text.
    pub chosen: String,
    /// The choices offered now: those of the square picked, or the next parts of a
    /// turn begun, or those that begin on no cell.
    pub offered: Vec<Offered>,
}

impl Turn {
    /// The parts chosen so far when they begin a choice of the menu; else the turn
    /// starts again (the page sent them back, so they are checked, never trusted).
    fn checked<'a>(position: &Position, chosen: &'a str) -> &'a str {
        if chosen.is_empty() || position.menu(chosen, "", 1).choices.is_empty() {
            ""
        } else {
            chosen
        }
    }

    /// No choice offered (not the reader's turn), the parts chosen kept.
    pub(crate) fn idle(position: &Position, chosen: &str) -> Turn {
        Turn { chosen: Turn::checked(position, chosen).to_string(), ..Turn::default() }
    }

    /// The turn of the side to move in `position`: `pick` a square picked (its
    /// name), `chosen` the parts of a turn chosen so far (Cabale), both as the page
    /// sent them back.
    pub(crate) fn of(position: &Position, pick: Option<&str>, chosen: &str) -> Turn {
        let geometry = position.view(None).geometry;
        let names = cell_names(geometry);
        let chosen = Turn::checked(position, chosen);
        let menu = position.menu(chosen, "", usize::MAX);
        let offer = |c: &crate::games::Choice| Offered {
            text: c.text.clone(),
            head: c.head.clone(),
            parts: c.parts.clone(),
            complete: c.complete,
        };
        if !chosen.is_empty() {
            let offered = menu.choices.iter().map(offer).collect();
            return Turn { chosen: chosen.to_string(), offered, ..Turn::default() };
        }
        let mut count = vec![0usize; geometry.cell_count()];
        let mut of_cell: Vec<(Option<usize>, &crate::games::Choice)> = Vec::new();
        for c in &menu.choices {
            let cell = first_cell(&c.text, &names);
            if let Some(cell) = cell.and_then(|i| count.get_mut(i)) {
                *cell += 1;
            }
            of_cell.push((cell, c));
        }
        let pick = pick.and_then(|p| names.get(&p.trim().to_ascii_lowercase()).copied());
        let pick = pick.filter(|&i| count.get(i).is_some_and(|n| *n > 0));
        Turn {
            picked: pick.and_then(|i| geometry.name(i)),
            offered: of_cell.iter().filter(|(cell, _)| *cell == pick).map(|(_, c)| offer(c)).collect(),
            squares: (0..geometry.cell_count())
                .filter_map(|i| Some(Square { index: i, name: geometry.name(i)?, choices: count[i] }))
                .collect(),
            chosen: String::new(),
        }
    }
}

impl Service {
    /// What the page of the game `token` offers `signed`: `None` when they do not play
    /// in it or it is over. `pick` is a square picked (its name), `chosen` the parts
    /// of a turn chosen so far (Cabale); both as the page sent them back, so both are
    /// checked against the menu, never trusted. Blocking (reads, and the menu).
    pub fn web_panel(
        &self,
        token: &str,
        signed: &Signed,
        pick: Option<&str>,
        chosen: &str,
    ) -> Result<Option<PlayPanel>, PageError> {
        let token = Token::parse(token).ok_or(PageError::NotFound)?;
        let store = &self.inner.store;
        let game = store.read_once(|tx| store::game_of_link(tx, &token))?.ok_or(PageError::NotFound)?;
        let record = store.load_game(game)?;
        let Some(seat) = record.seat_of(signed.player) else { return Ok(None) };
        if record.status != Status::Ongoing {
            return Ok(None);
        }
        let position = boards::current(&record)?;
        let your_turn = record.to_move == seat;
        let turn = if your_turn { Turn::of(&position, pick, chosen) } else { Turn::idle(&position, chosen) };
        let two = record.seats.len() == 2;
        let offers = Offers {
            draws: two,
            draw_by_me: two && record.draw_offer == Some(seat),
            draw_to_me: two && record.draw_offer.is_some_and(|s| s != seat),
            takeback_by_me: record.takeback.is_some_and(|(s, _)| s == seat),
            takeback_to_me: record.takeback.is_some_and(|(s, _)| s != seat),
            has_moved: record.moves.iter().any(|m| m.seat == seat),
        };
        Ok(Some(PlayPanel {
            kind: record.kind,
            public_id: record.public_id.as_str().to_string(),
            colour: super::people::colour(&position, usize::from(seat)),
            your_turn,
            at: record.ply,
            squares: turn.squares,
            picked: turn.picked,
            chosen: turn.chosen,
            offered: turn.offered,
            offers,
            premoves: !your_turn && !record.seats.iter().any(|s| matches!(s.holder, store::SeatHolder::Computer(_))),
        }))
    }

    /// The game `token` opens, when `signed` plays in it: its kind and public id, for
    /// a request of theirs. Blocking.
    pub fn web_game(&self, token: &str, signed: &Signed) -> Result<Option<(GameKind, String)>, PageError> {
        let token = Token::parse(token).ok_or(PageError::NotFound)?;
        let store = &self.inner.store;
        let game = store.read_once(|tx| store::game_of_link(tx, &token))?.ok_or(PageError::NotFound)?;
        let record = store.load_game(game)?;
        Ok(record.seat_of(signed.player).map(|_| (record.kind, record.public_id.as_str().to_string())))
    }

    /// The games in progress of `signed`, each with its page's token (given now to a
    /// game that has none yet). Blocking.
    pub fn web_games(&self, signed: &Signed) -> Result<Vec<WebGame>, PageError> {
        let me = signed.player;
        let store = &self.inner.store;
        let games = store.read(|tx| store::games_in_progress(tx, me))?;
        let now = self.inner.clock.now();
        let mut out = Vec::with_capacity(games.len());
        for g in games {
            let id = g.id;
            let token = store.write(move |tx| store::issue_game_link(tx, id, now))?;
            let opponents = g
                .seats
                .iter()
                .filter(|s| s.holder != store::SeatHolder::Player(me))
                .map(|s| match s.holder {
                    store::SeatHolder::Player(_) => s.name.clone(),
                    store::SeatHolder::Computer(_) => boards::BOT.to_string(),
                })
                .collect();
            out.push(WebGame {
                kind: g.kind,
                public_id: g.public_id.as_str().to_string(),
                token: token.as_str().to_string(),
                opponents,
                ply: g.ply,
                your_turn: g.is_turn_of(me),
            });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_begins_on_the_first_cell_it_names() {
        let square = cell_names(Geometry::Square { files: 12, ranks: 12 });
        let at = |t: &str| first_cell(t, &square).and_then(|i| Geometry::Square { files: 12, ranks: 12 }.name(i));
        assert_eq!(at("a7-E").as_deref(), Some("a7"));
        assert_eq!(at("d4>e5,e5").as_deref(), Some("d4"));
        assert_eq!(at("d10").as_deref(), Some("d10"));
        assert_eq!(at("X@c2").as_deref(), Some("c2"));
        assert_eq!(at("7@l12").as_deref(), Some("l12"));
        assert_eq!(at("c2-d3").as_deref(), Some("c2"));
        assert_eq!(at("pass"), None);
        assert_eq!(at("z1"), None);
        let hex = cell_names(Geometry::Hex61);
        let at = |t: &str| first_cell(t, &hex).and_then(|i| Geometry::Hex61.name(i));
        assert_eq!(at("A3>C3>C2+xC5#D4|D5").as_deref(), Some("A3"));
        assert_eq!(at("@E5").as_deref(), Some("E5"));
        assert_eq!(at("xC5"), None);
    }
}
