//! Rules cores: pure, synchronous and deterministic.
//!
//! Every game implements [`Game`], generic code reaches a game chosen at run time
//! as a [`Position`] (an enum over the games, with typed moves [`AnyMove`], options
//! [`Settings`] and results [`Outcome`]), and [`registry`] holds the one list of
//! games, a row per game, from which those enums are made. What differs between
//! games is an item of [`Game`] in the game's module; the methods of the enums are
//! written once (`kind.rs`, `position.rs`, `settings.rs`, `refusal.rs`). Strings
//! live only at the edges: what people type, position codes, and the canonical move
//! texts a game is stored as.
//!
//! Moves are parsed in two stages, as in shakmaty: text → [`Game::Notation`] (a
//! syntactic move, no position needed, [`Game::NotationError`] when malformed), then
//! notation + position → [`Game::Move`] (a legal move, [`Game::Illegal`] when not).
//! Only typed moves travel further.
//!
//! Nothing here words a sentence for people: refusals, end reasons, move labels,
//! pictures and diagrams say what they mean as [`Phrase`]s ([`Worded`]), which the
//! catalogs under `locales/` word in the reader's language (`crate::present`).
//! `Display` stays the engine's English, for the command line and the logs, and
//! the English catalog says the same (tested).
//!
//! # The calls of the layers above
//!
//! Replay a stored game: its options, its start (a code, or `None`) and its moves
//! in canonical notation give the position and what the last move did.
//!
//! ```
//! use boardbot::games::{replay, GameKind, Settings};
//!
//! let settings = Settings::from_json(GameKind::Kuba, "{}")?;
//! let (position, last) = replay(&settings, None, &["a6-E", "g7-S"])?;
//! assert_eq!(position.code(), "WW3B1/1WWR1BB/2RRR1B/1RRRRR1/2RRR2/BB1R1WW/BB3WW w 0-0 -");
//! assert_eq!(last.map(|played| played.text).as_deref(), Some("g7-S"));
//!
//! let refused = replay(&settings, None, &["a6-E", "g7-S", "b7-W"]).unwrap_err();
//! assert_eq!(refused.to_string(), "move 3 \"b7-W\": illegal: it would push your own marble off the board");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Play a move as a player typed it: one parse gives the canonical text to store,
//! the label to show (in English for the engine, as phrases for people) and the
//! view to draw; a refusal is typed, says why as a phrase, and leaves the position
//! as it was.
//!
//! ```
//! use boardbot::games::{GameKind, IllegalMove, MoveRejected, Phrase, Position, Worded};
//!
//! let mut position = Position::start(&GameKind::Kuba.default_settings());
//! let played = position.play_text("a7 down")?;
//! assert_eq!((played.text.as_str(), played.label.as_str()), ("a7-S", "a7-S · pushes 2"));
//! assert_eq!(played.head, "a7-S");
//! assert_eq!(played.parts, [Phrase::new("kuba-label-pushes").number("n", 2)]);
//! let picture = position.view(Some(played.view));
//! assert!(picture.last.is_some());
//!
//! let before = position.clone();
//! let refused = position.play_text("a7-S").unwrap_err();
//! assert!(matches!(refused, MoveRejected::Illegal(IllegalMove::Kuba(_))));
//! assert_eq!(refused.phrase(), Phrase::new("kuba-illegal-empty").text("square", "a7"));
//! assert_eq!(position, before);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A chat menu of at most N choices; Cabale offers a turn part by part (the
//! runner's path, then blocks and captures, then a blockade), labelling only what
//! it returns.
//!
//! ```
//! use boardbot::games::{replay, GameKind, MENU_LIMIT};
//!
//! let settings = GameKind::Cabale.default_settings();
//! let (position, _) = replay(&settings, None, &["@A3", "@I7"])?;
//! let paths = position.menu("", "", MENU_LIMIT);
//! assert_eq!(paths.choices.len(), MENU_LIMIT);
//! assert!(paths.cut);
//! let path = paths.choices.iter().find(|c| c.more).expect("a path that goes on");
//! let next = position.menu(&path.text, "", MENU_LIMIT);
//! assert!(next.choices.iter().all(|c| c.text.starts_with(&path.text) && c.complete));
//! let typed = position.menu("", "a3>c3", MENU_LIMIT);
//! assert!(typed.choices.iter().all(|c| c.text.starts_with("A3>C3")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Read a result: places and scores by seat, and the typed reason, with a short
//! key that never changes (for storage), a phrase for people and a sentence for
//! the engine.
//!
//! ```
//! use boardbot::games::{GameKind, Phrase, Position, Seat, Worded};
//!
//! let kuba = Position::setup(GameKind::Kuba, Some("7/7/7/RW5/7/7/B6 w 6-0 -"), None)?;
//! let mut position = kuba.clone();
//! position.play_text("b4-W")?;
//! let outcome = position.outcome().expect("the seventh red is off");
//! assert_eq!(outcome.winners(), vec![Seat(0)]);
//! assert_eq!(&*outcome.places, &[1, 2]);
//! assert_eq!(outcome.scores.as_deref(), Some(&[7, 0][..]));
//! assert_eq!(outcome.reason.key(), "seven_reds");
//! assert_eq!(outcome.reason.phrase(), Phrase::new("kuba-end-seven-reds").term("colour", "kuba-colour-white"));
//! assert_eq!(outcome.reason.to_string(), "white pushed off 7 red marbles");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod kind;
mod menu;
mod options;
mod outcome;
mod phrase;
mod position;
mod refusal;
pub mod registry;
mod settings;
mod side;
mod text;
pub mod view;

pub mod cabale;
pub mod kewbz;
pub mod kuba;
pub mod nuba;

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::Serialize;

pub use kind::{dispatch, GameVisitor, PositionVisitor};
pub use menu::{Choice, Label, Menu, MENU_LIMIT};
pub use options::{RuleOption, RuleValue, RuleValues};
pub use outcome::{BySeat, Ending, Outcome, Seat, MAX_SEATS};
pub use phrase::{Arg, Phrase, Worded};
pub use position::{replay, Played};
pub use refusal::{MoveRejected, ReplayError, SettingsError, SetupError};
pub(crate) use registry::with_games;
pub use registry::{
    AnyMove, CodeError, EndReason, GameKind, IllegalMove, MalformedMove, OptionError, Position, Settings,
};
pub use side::{BySide, Side};
pub use text::excerpt;
pub use view::{BoardView, Diagram, MoveView};

/// `seat`'s score compared with each other seat's through a logistic curve (a lead
/// of 10 points is worth about 0.73), averaged over the others: the default
/// [`Game::evaluate`] of a game that goes on, and the helper of games that compute
/// their scores without allocating. Fewer than two seats, or a seat outside
/// `scores`, give 0.5.
pub fn compare_scores(scores: &[i32], seat: Seat) -> f64 {
    let me = seat.index();
    let Some(&mine) = scores.get(me) else { return 0.5 };
    if scores.len() < 2 {
        return 0.5;
    }
    let sum: f64 = scores
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != me)
        .map(|(_, theirs)| 1.0 / (1.0 + (-f64::from(mine - theirs) / 10.0).exp()))
        .sum();
    sum / (scores.len() - 1) as f64
}

/// What a static estimate looks at ([`Game::estimate`]). The weaker computer levels
/// look at the board; the stronger ones also at what the player to move can take
/// at once, which costs more per estimate and which a search whose sampled replies
/// seldom contain the capture would otherwise walk into.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sight {
    /// The position as it stands: results, material, scores ([`Game::evaluate`]).
    #[default]
    Board,
    /// Also the best capture open to the player to move, counted as made.
    Threats,
}

/// The stage a game is in; placement phases come before the moves proper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Pieces or runners are being put on the board (Nuba, Cabale).
    Placement,
    /// The ordinary turns.
    Play,
}

/// Why a move was refused: malformed text, or a well-formed move that is illegal here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError<N, I> {
    /// The text is not a move of this game.
    #[error("malformed: {0}")]
    Malformed(N),
    /// The move is well formed but not legal in this position.
    #[error("illegal: {0}")]
    Illegal(I),
}

impl<N: Worded, I: Worded> Worded for MoveError<N, I> {
    /// The reason alone, without the `malformed: ` or `illegal: ` of `Display`: the
    /// message around it says which it is.
    fn phrase(&self) -> Phrase {
        match self {
            MoveError::Malformed(n) => n.phrase(),
            MoveError::Illegal(i) => i.phrase(),
        }
    }
}

/// A refused [`Game::play`]: the unchanged position and the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal: {reason}")]
pub struct PlayError<G: Game> {
    /// The position, exactly as it was before the attempt.
    pub position: G,
    /// Why the move is not legal there.
    pub reason: G::Illegal,
}

impl<G: Game> Worded for PlayError<G> {
    /// The reason, without the `illegal: ` of `Display`.
    fn phrase(&self) -> Phrase {
        self.reason.phrase()
    }
}

/// A seat's colour, as the notation and people name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeatInfo {
    /// The letter used in position codes and JSON (`w`, `b`, `y`, `r` …).
    pub letter: &'static str,
    /// The colour's name (`White`, `Yellow` …) for the engine's command line and
    /// logs; people read [`SeatInfo::term`].
    pub name: &'static str,
    /// The catalog message that names the colour for people (`kuba-seat-white`).
    pub term: &'static str,
}

/// One rules core. A value of this type is a complete position: board, counters,
/// whose turn it is, and the game's settings; it clones cheaply.
///
/// Contract shared by every game (checked by each game's property tests):
/// - [`Game::legal_moves`] lists exactly the moves [`Game::play`] accepts;
/// - [`Game::from_code`] of [`Display`] output gives an equal position, and
///   [`Game::parse_move`] of a move's [`Display`] gives the same move;
/// - once [`Game::outcome`] is `Some`, no move is legal.
pub trait Game: Clone + Debug + Display + PartialEq + Eq + Hash + Send + Sync + 'static + Into<Position> {
    /// The rule options chosen when a game is created and stored with it.
    type Settings: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync + Into<Settings>;
    /// A legal move in some position; `Display` prints the canonical notation.
    type Move: Clone + Debug + Display + PartialEq + Eq + Hash + Send + Sync + Into<AnyMove>;
    /// A syntactic move: what the text says, before any position is consulted.
    type Notation: Clone + Debug + Display + FromStr<Err = Self::NotationError>;
    /// Why a text is not a move of this game.
    type NotationError: std::error::Error + Worded + Clone + PartialEq + Send + Sync + 'static + Into<MalformedMove>;
    /// Why a well-formed move is not legal in a position.
    type Illegal: std::error::Error + Worded + Clone + PartialEq + Send + Sync + 'static + Into<IllegalMove>;
    /// Why a position code is refused.
    type CodeError: std::error::Error + Worded + Clone + PartialEq + Send + Sync + 'static + Into<CodeError>;
    /// Why a game ended: its variants with their stable keys ([`Ending`]).
    type End: Ending + Into<EndReason>;
    /// One part of a move's label after its head (`pushes 3`, `takes a red`): `Display`
    /// is the English of [`Game::describe`], [`Worded`] the phrase for people.
    type Note: Clone + Debug + Display + Worded;

    /// The registry entry of this game: its variant of [`GameKind`], which the
    /// registry makes from the game's row.
    const KIND: GameKind;
    /// The game's name for people (`Kuba`).
    const TITLE: &'static str;
    /// The rule options a challenge may set by name (`size:10`), each a key of
    /// [`Game::Settings`]; see [`RuleOption`].
    const RULE_OPTIONS: &'static [RuleOption] = &[];
    /// How many players a game takes.
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;
    /// The key of [`Game::Settings`] that holds the number of players, for a game
    /// whose number of players is chosen (Cabale's `players`): a challenge and the
    /// command line fill it from the seats. `None` for a fixed number.
    const PLAYERS_OPTION: Option<&'static str> = None;

    /// Checks the JSON `value` given for the rule option `key` before serde reads it,
    /// so that a value out of range is refused with a typed reason (the game's
    /// `OptionError`, named in its row of the registry) rather than serde's words;
    /// `Ok` leaves it to serde, which is all the default does.
    fn check_option(key: &str, value: &serde_json::Value) -> Result<(), OptionError> {
        let _ = (key, value);
        Ok(())
    }

    /// True when a position under `settings` depends on the positions before it
    /// (Kuba's house rule `repetition:draw`), so that a position code alone does not
    /// say all: such a game is rebuilt by replaying its moves, not from its code.
    fn needs_history(settings: &Self::Settings) -> bool {
        let _ = settings;
        false
    }

    /// The start position for these settings.
    fn start(settings: &Self::Settings) -> Self;
    /// Parses a position code (see `docs/notation.md`); the settings supply what the code
    /// does not hold (rule options), and the code wins where both speak.
    fn from_code(code: &str, settings: &Self::Settings) -> Result<Self, Self::CodeError>;
    /// The rule options this position is played under.
    fn settings(&self) -> Self::Settings;

    /// The seats, in playing order.
    fn seats(&self) -> &'static [SeatInfo];
    /// The seat to move (after the game ended: whoever would be next).
    fn to_move(&self) -> Seat;
    /// The current phase.
    fn phase(&self) -> Phase;
    /// Each seat's score as the game counts it, in seat order, or `None` for games
    /// without a score (Nuba).
    fn scores(&self) -> Option<BySeat<i32>>;
    /// The result, once the position is final.
    fn outcome(&self) -> Option<Outcome>;

    /// Appends every legal move to `out`, in canonical order. Nothing when the game
    /// is over.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// Turns a syntactic move into the legal move it names here, or says why not.
    fn legalize(&self, notation: &Self::Notation) -> Result<Self::Move, Self::Illegal>;
    /// Checks `m` and plays it, or hands the position back unchanged with the reason.
    fn play(self, m: &Self::Move) -> Result<Self, PlayError<Self>>;
    /// Plays a move known to be legal here, skipping the check; the fast path for
    /// search. An illegal `m` leaves a position that breaks the game's invariants
    /// (no panic, no memory unsafety, but meaningless).
    fn play_unchecked(&mut self, m: &Self::Move);
    /// What `m` does, part by part, for its label (`pushes 3`, `takes a red`); called
    /// on the position before `m` is played. Labels are for people: the search
    /// never asks for them.
    fn notes(&self, m: &Self::Move) -> Vec<Self::Note>;
    /// The first part of a move's label, the move as people read it: its canonical
    /// text, unless the game shows less of it because the notes tell the rest
    /// (Cabale shows a turn's runner path).
    fn label_head(&self, m: &Self::Move) -> String {
        m.to_string()
    }
    /// The parts of a move's label after its head, as phrases: `pushes 3`, `takes a
    /// red`.
    fn label_parts(&self, m: &Self::Move) -> Vec<Phrase> {
        self.notes(m).iter().map(Worded::phrase).collect()
    }
    /// A short label in English, for the engine's command line and logs: the head and
    /// the notes joined by ` · ` (`d2-N · pushes 3 · takes a red`).
    fn describe(&self, m: &Self::Move) -> String {
        menu::join_label(&self.label_head(m), &self.notes(m))
    }
    /// A diagram of the position for terminals: the board as text, the lines below
    /// it as phrases.
    fn diagram(&self) -> Diagram;
    /// A plain description of the position for pictures, without a last move, its
    /// texts as phrases.
    fn view(&self) -> BoardView<Phrase>;
    /// What `m` does, for pictures; called on the position *before* `m` is played,
    /// where the game still knows what the move pushed, captured or raised.
    fn move_view(&self, m: &Self::Move) -> MoveView<Phrase>;

    /// A uniformly chosen legal move, or `None` when there is none. `below(n)` must
    /// return a uniform integer in `0..n`. Games whose turns have very many
    /// combinations override this to sample part by part.
    fn random_move(&self, below: &mut dyn FnMut(usize) -> usize) -> Option<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            None
        } else {
            let i = below(moves.len());
            Some(moves.swap_remove(i))
        }
    }

    /// A static estimate, for search, of `seat`'s share of the result in `0.0..=1.0`,
    /// on the scale of [`Outcome::reward`]: 1 a sure win, 0.5 even, 0 a sure loss.
    /// The AI players call it on positions after a move, at the ply cap of a playout
    /// and at the leaves of alpha-beta, so it should be cheap and never allocate in
    /// games that override it.
    ///
    /// The default gives the reward of a final position and otherwise compares the
    /// seat's score with each other seat's ([`Game::scores`]) through a logistic
    /// curve (a lead of 10 points is worth about 0.73); games without scores get 0.5.
    /// Games override it with their own knowledge (material, tempo, threats).
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(outcome) = self.outcome() {
            return outcome.reward(seat);
        }
        match self.scores() {
            Some(scores) => compare_scores(&scores, seat),
            None => 0.5,
        }
    }

    /// [`Game::evaluate`] looking as far as `sight` says. The default looks at the
    /// board whatever the sight; games where a capture can be left hanging and
    /// spotting it is cheap (Cabale's jumps over blocks) count it under
    /// [`Sight::Threats`]. Like `evaluate`, it should never allocate.
    fn estimate(&self, seat: Seat, sight: Sight) -> f64 {
        let _ = sight;
        self.evaluate(seat)
    }

    /// True when this position's turns are offered in steps ([`Game::menu`] gives
    /// choices with `more`), because listing them whole would be too many
    /// (Cabale's runner turns, Kewbz's shared cubes). The search then samples turns
    /// with [`Game::random_move`] instead of listing them.
    fn builds_in_parts(&self) -> bool {
        false
    }

    /// A chat menu of the next choices of a turn: `chosen` is the canonical text of
    /// the parts picked so far (`""` at first), `typed` what the user has typed
    /// (choices whose text starts with it, ignoring case), at most `limit` entries.
    /// The default has a single step: every legal move. Games whose turns are built
    /// in parts (Cabale) override it; a `chosen` that is not a part gives none.
    fn menu(&self, chosen: &str, typed: &str, limit: usize) -> Menu {
        if !chosen.trim().is_empty() {
            return Menu::default();
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let candidates =
            moves.into_iter().map(|m| menu::Candidate { text: m.to_string(), complete: true, more: false, label: m });
        menu::select(candidates, typed, limit, |m| Label { head: self.label_head(&m), notes: self.notes(&m) })
    }

    /// Parses a move text (lenient forms included) and checks it here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError<Self::NotationError, Self::Illegal>> {
        let notation: Self::Notation = text.parse().map_err(MoveError::Malformed)?;
        self.legalize(&notation).map_err(MoveError::Illegal)
    }

    /// Parses a move text and plays it; on error the position is untouched.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, MoveError<Self::NotationError, Self::Illegal>> {
        let m = self.parse_move(text)?;
        self.play_unchecked(&m);
        Ok(m)
    }

    /// True when the game is over.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The move by which the seat to move leaves the game while the others play on,
    /// when the rules allow it here (Cabale's `leave`: after the runners are placed,
    /// with at least three seats playing); the clocks play it for a seat out of time.
    /// The default: nobody leaves.
    fn leave_move(&self) -> Option<Self::Move> {
        None
    }

    /// True when `seat` has left the game ([`Game::leave_move`]): its turns are
    /// skipped and it is ranked below those who played on.
    fn has_left(&self, seat: Seat) -> bool {
        let _ = seat;
        false
    }
}
