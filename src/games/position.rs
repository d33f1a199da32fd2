//! A position of any game, and what playing a move on it gives: every method one
//! line through `each_game!`, the one `match` over the games.

use std::fmt;

use super::registry::{each_game, each_game_pair};
use super::settings::conflicts;
use super::text::excerpt;
use super::{
    AnyMove, BoardView, Choice, Diagram, Game, GameKind, Menu, MoveRejected, MoveView, Outcome, Phase, Position,
};
use super::{BySeat, Phrase, PositionVisitor, ReplayError, Seat, SeatInfo, Settings, SetupError, Worded};

/// What playing a move gives the layers above, from one parse: its canonical text
/// (for storage), its label (for people) and its view (for the picture).
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The canonical notation, as stored and replayed.
    pub text: String,
    /// A short label in English, for the engine and logs: `d2-N · pushes 3 · takes
    /// a red` ([`Played::head`] and the parts joined).
    pub label: String,
    /// The label's first part: the move as people read it, the canonical text
    /// except for a Cabale turn (its runner path; the parts tell the rest).
    pub head: String,
    /// What the move did, part by part, as phrases for people: `pushes 3`, `takes a
    /// red`.
    pub parts: Vec<Phrase>,
    /// What the move did, for drawing it as the last move.
    pub view: MoveView<Phrase>,
    /// The seat that made it.
    pub seat: Seat,
}

/// A game's typed play, checked, wrapped for [`Position`].
fn play_typed<G: Game>(position: &mut G, m: &G::Move) -> Result<Played, MoveRejected> {
    let next = position.clone().play(m).map_err(|e| MoveRejected::Illegal(e.reason.into()))?;
    let played = played(position, m);
    *position = next;
    Ok(played)
}

/// What `m` does in `position` (before it is played).
fn played<G: Game>(position: &G, m: &G::Move) -> Played {
    let notes = position.notes(m);
    let head = position.label_head(m);
    Played {
        text: m.to_string(),
        label: super::menu::join_label(&head, &notes),
        head,
        parts: notes.iter().map(Worded::phrase).collect(),
        view: position.move_view(m),
        seat: position.to_move(),
    }
}

/// Plays a move known to be legal and says what it did.
fn play_known<G: Game>(position: &mut G, m: &G::Move) -> Played {
    let played = played(position, m);
    position.play_unchecked(m);
    played
}

/// Parses and checks `text` in `position`.
fn parse_typed<G: Game>(position: &G, text: &str) -> Result<G::Move, MoveRejected> {
    position.parse_move(text).map_err(MoveRejected::from)
}

/// Plays `text` on `position`: one parse, and what [`Played`] holds.
fn play_text_typed<G: Game>(position: &mut G, text: &str) -> Result<Played, MoveRejected> {
    let m = parse_typed(position, text)?;
    Ok(play_known(position, &m))
}

fn legal_typed<G: Game>(position: &G) -> Vec<AnyMove> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.into_iter().map(Into::into).collect()
}

impl Position {
    /// The start position for these options.
    pub fn start(settings: &Settings) -> Position {
        each_game!(settings, Settings, G: s => G::start(s).into())
    }

    /// A position from its code; the options supply what the code does not hold
    /// (rule options), and the code wins where both speak.
    pub fn from_code(code: &str, settings: &Settings) -> Result<Position, SetupError> {
        each_game!(settings, Settings, G: s => {
            G::from_code(code, s).map(Into::into).map_err(|e| SetupError::BadCode(e.into()))
        })
    }

    /// The position a command starts from: the options as the game's JSON (`None`
    /// for the defaults), then the position code, or the start position when there
    /// is none. An option given explicitly that the code contradicts (a Kewbz code of
    /// another size, a Cabale code for another number of players) is refused.
    pub fn setup(kind: GameKind, code: Option<&str>, settings_json: Option<&str>) -> Result<Position, SetupError> {
        let settings = match settings_json {
            Some(json) => Settings::from_json(kind, json)?,
            None => kind.default_settings(),
        };
        let Some(code) = code else {
            return Ok(Position::start(&settings));
        };
        let position = Position::from_code(code, &settings)?;
        if let Some(json) = settings_json {
            conflicts(json, &position.settings())?;
        }
        Ok(position)
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        each_game!(self, Position, G: _ => G::KIND)
    }

    /// The position code (see the notation).
    pub fn code(&self) -> String {
        each_game!(self, Position, g => g.to_string())
    }

    /// The rule options it is played under.
    pub fn settings(&self) -> Settings {
        each_game!(self, Position, g => g.settings().into())
    }

    /// The seats in playing order.
    pub fn seats(&self) -> &'static [SeatInfo] {
        each_game!(self, Position, g => g.seats())
    }

    /// The seat to move (after the end: whoever would be next).
    pub fn to_move(&self) -> Seat {
        each_game!(self, Position, g => g.to_move())
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        each_game!(self, Position, g => g.phase())
    }

    /// Each seat's score where the game counts one.
    pub fn scores(&self) -> Option<BySeat<i32>> {
        each_game!(self, Position, g => g.scores())
    }

    /// The result, once the position is final.
    pub fn outcome(&self) -> Option<Outcome> {
        each_game!(self, Position, g => g.outcome())
    }

    /// True when the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// True when turns here are offered in steps ([`Position::menu`]).
    pub fn builds_in_parts(&self) -> bool {
        each_game!(self, Position, g => g.builds_in_parts())
    }

    /// Every legal move, in canonical order. Cabale's turns can number tens of
    /// thousands: chat menus use [`Position::menu`].
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        each_game!(self, Position, g => legal_typed(g))
    }

    /// Parses a move as a person typed it (lenient forms included) and checks it.
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, MoveRejected> {
        each_game!(self, Position, g => parse_typed(g, text).map(Into::into))
    }

    /// A short label for a move of this position.
    pub fn describe(&self, m: &AnyMove) -> Result<String, MoveRejected> {
        each_game_pair!(self, Position, m, AnyMove, (g, m) => {
            play_typed(&mut g.clone(), m).map(|p| p.label)
        }, _ => Err(self.other_game(m)))
    }

    /// Plays a typed move after checking it; on refusal the position is untouched.
    pub fn play(&mut self, m: &AnyMove) -> Result<Played, MoveRejected> {
        let other = self.other_game(m);
        each_game_pair!(self, Position, m, AnyMove, (g, m) => play_typed(g, m), _ => Err(other))
    }

    /// Parses `text` (lenient forms included), checks it and plays it: the
    /// canonical text, the label and the picture's view, from one parse. On refusal
    /// the position is untouched.
    pub fn play_text(&mut self, text: &str) -> Result<Played, MoveRejected> {
        each_game!(self, Position, g => play_text_typed(g, text))
    }

    /// A chat menu: at most `limit` next choices of the turn after the parts
    /// `chosen` so far, whose text starts with what the user `typed` (ignoring
    /// case). When `typed` is itself a legal move in any lenient form (`d2 up`), that
    /// move comes first.
    pub fn menu(&self, chosen: &str, typed: &str, limit: usize) -> Menu {
        let menu = each_game!(self, Position, g => g.menu(chosen, typed, limit));
        self.typed_first(menu, typed, limit)
    }

    /// The menu for what a person has typed so far, as a whole (a chat's
    /// autocompletion): when turns here are offered in steps
    /// ([`Position::builds_in_parts`]), the steps already chosen are the longest start
    /// of `typed` after which a step offers choices that go on with `typed` (`A3>C3>C2`
    /// picked, then `+x` typed: the block and capture choices after that path), else
    /// the first step's; as with [`Position::menu`], a legal move typed whole comes
    /// first.
    pub fn menu_typed(&self, typed: &str, limit: usize) -> Menu {
        let typed = typed.trim();
        if !typed.is_empty() && self.builds_in_parts() {
            let cuts: Vec<usize> = typed.char_indices().map(|(i, _)| i).skip(1).chain([typed.len()]).collect();
            for &cut in cuts.iter().rev() {
                let menu = each_game!(self, Position, g => g.menu(&typed[..cut], typed, limit));
                if !menu.choices.is_empty() {
                    return self.typed_first(menu, typed, limit);
                }
            }
        }
        self.menu("", typed, limit)
    }

    /// `menu` with the move `typed` first when it is a legal move in any lenient form
    /// that the menu does not hold already.
    fn typed_first(&self, mut menu: Menu, typed: &str, limit: usize) -> Menu {
        if limit == 0 || typed.trim().is_empty() {
            return menu;
        }
        if let Ok(m) = self.parse_move(typed) {
            let text = m.to_string();
            if !menu.choices.iter().any(|c| c.text == text) {
                let played = each_game_pair!(self, Position, &m, AnyMove, (g, m) => Some(played(g, m)), _ => None);
                let (label, head, parts) = match played {
                    Some(p) => (p.label, p.head, p.parts),
                    None => (text.clone(), text.clone(), Vec::new()),
                };
                if menu.choices.len() == limit {
                    menu.choices.pop();
                    menu.cut = true;
                }
                menu.choices.insert(0, Choice { text, label, head, parts, complete: true, more: false });
            }
        }
        menu
    }

    /// A diagram for terminals: the board as text and the lines below it as
    /// phrases (`crate::present::view::diagram_text` words them).
    pub fn diagram(&self) -> Diagram {
        each_game!(self, Position, g => g.diagram())
    }

    /// A plain description for pictures, with `last` drawn as the last move; its
    /// texts are phrases (`crate::present::view::worded` words them).
    pub fn view(&self, last: Option<MoveView<Phrase>>) -> BoardView<Phrase> {
        each_game!(self, Position, g => g.view()).with_last(last)
    }

    /// Plays `moves` in order (lenient forms accepted) and gives what the last one
    /// did. A refusal names the move (from 1 in this list), an excerpt of its text
    /// and the reason; the moves before it stay played.
    pub fn play_all<S: AsRef<str>>(&mut self, moves: &[S]) -> Result<Option<Played>, ReplayError> {
        let mut last = None;
        for (i, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            let played =
                self.play_text(text).map_err(|reason| ReplayError::Move { ply: i + 1, text: excerpt(text), reason })?;
            last = Some(played);
        }
        Ok(last)
    }

    /// The move by which the seat to move leaves the game while the others play on,
    /// when the rules allow it here ([`Game::leave_move`]: Cabale's `leave` with
    /// three or four players); `None` in games where nobody leaves.
    pub fn leave_move(&self) -> Option<AnyMove> {
        each_game!(self, Position, g => g.leave_move().map(Into::into))
    }

    /// True when `seat` has left the game ([`Position::leave_move`]): its turns are
    /// skipped and it is ranked last.
    pub fn has_left(&self, seat: Seat) -> bool {
        each_game!(self, Position, g => g.has_left(seat))
    }

    /// Runs generic code on the game inside: for layers that work through
    /// [`Game`] itself (the search).
    pub fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output {
        each_game!(self, Position, g => visitor.visit(g))
    }

    fn other_game(&self, m: &AnyMove) -> MoveRejected {
        MoveRejected::OtherGame { mv: m.kind(), position: self.kind() }
    }
}

impl AnyMove {
    /// The game this move belongs to.
    pub fn kind(&self) -> GameKind {
        each_game!(self, AnyMove, G: _ => G::KIND)
    }
}

impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each_game!(self, AnyMove, m => fmt::Display::fmt(m, f))
    }
}

/// Rebuilds a game from its options, its start code (`None` for the start
/// position) and its moves in order: what the store keeps. Gives the position and
/// what the last move did; refusals name the move (from 1), an excerpt of its text
/// and the reason.
pub fn replay<S: AsRef<str>>(
    settings: &Settings,
    start: Option<&str>,
    moves: &[S],
) -> Result<(Position, Option<Played>), ReplayError> {
    let mut position = match start {
        Some(code) => Position::from_code(code, settings)?,
        None => Position::start(settings),
    };
    let last = position.play_all(moves)?;
    Ok((position, last))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::MENU_LIMIT;

    /// A menu follows what is typed part by part: after a whole path, that path's next
    /// parts (the path itself first, a legal turn), after a part typed halfway the
    /// choices that go on with it; a game without parts is offered from the start.
    #[test]
    fn typed_menus_walk_a_turn_in_parts() {
        let mut cabale = Position::setup(GameKind::Cabale, None, None).expect("a start");
        cabale.play_all(&["@A3", "@I7"]).expect("the runners placed");
        assert!(cabale.builds_in_parts());
        let paths = cabale.menu_typed("", MENU_LIMIT).choices;
        let path = paths.iter().find(|c| c.more).expect("a path with more to choose").text.clone();
        let next = cabale.menu_typed(&path, usize::MAX).choices;
        assert_eq!(next[0].text, path, "the path typed whole is a turn: first");
        assert!(next.len() > 1 && next.iter().all(|c| c.text.starts_with(&path)), "{next:?}");
        assert_eq!(next[1..], cabale.menu(&path, "", usize::MAX).choices[..]);
        let part = next[1].text.clone();
        let halfway = &part[..part.len() - 1];
        let going_on = cabale.menu_typed(halfway, usize::MAX).choices;
        assert!(going_on.iter().any(|c| c.text == part), "{halfway}: {going_on:?}");
        assert!(going_on.iter().all(|c| c.text.to_lowercase().starts_with(&halfway.to_lowercase())));
        let lower = cabale.menu_typed(&path.to_lowercase(), usize::MAX).choices;
        assert_eq!(lower.len(), next.len(), "case is ignored");
        assert!(cabale.menu_typed("Z9>", MENU_LIMIT).choices.is_empty());

        let kuba = Position::setup(GameKind::Kuba, None, None).expect("a start");
        assert!(!kuba.builds_in_parts());
        assert_eq!(kuba.menu_typed("a7", MENU_LIMIT), kuba.menu("", "a7", MENU_LIMIT));
        assert_eq!(kuba.menu_typed(" a7 down ", MENU_LIMIT).choices[0].text, "a7-S");
    }

    #[test]
    fn a_code_that_contradicts_the_options_is_refused() {
        let eight = Position::start(&GameKind::Kewbz.default_settings()).code();
        let e = Position::setup(GameKind::Kewbz, Some(&eight), Some(r#"{"size":10}"#)).unwrap_err();
        assert_eq!(e.to_string(), "the position code says size 8 but the rule options say 10");
        assert!(Position::setup(GameKind::Kewbz, Some(&eight), Some(r#"{"size":8}"#)).is_ok());
        let two = Position::start(&GameKind::Cabale.default_settings()).code();
        assert!(Position::setup(GameKind::Cabale, Some(&two), Some(r#"{"players":3}"#)).is_err());
    }

    #[test]
    fn typed_moves_of_another_game_are_refused() {
        let mut kuba = Position::start(&GameKind::Kuba.default_settings());
        let nuba = Position::start(&GameKind::Nuba.default_settings());
        let m = nuba.legal_moves().remove(0);
        assert_eq!(kuba.play(&m), Err(MoveRejected::OtherGame { mv: GameKind::Nuba, position: GameKind::Kuba }));
        let before = kuba.clone();
        let first = kuba.legal_moves().remove(0);
        let played = kuba.play(&first).unwrap();
        assert_eq!(played.text, first.to_string());
        assert_ne!(kuba, before);
    }

    #[test]
    fn replay_names_the_refused_move() {
        let settings = GameKind::Kuba.default_settings();
        let e = replay(&settings, None, &["a6-E", "g7-S", "b7-W"]).unwrap_err();
        assert_eq!(e.to_string(), "move 3 \"b7-W\": illegal: it would push your own marble off the board");
        let (position, last) = replay(&settings, None, &["a6-E"]).unwrap();
        assert_eq!(last.unwrap().text, "a6-E");
        assert_eq!(position.to_move(), Seat(1));
    }
}
