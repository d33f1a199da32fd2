//! Kuba (Traboulet): push marbles on a 7×7 board; first to push off 7 reds, or all
//! 8 of the opponent's marbles, wins (`docs/rules/kuba.md`).
//!
//! ```
//! use boardbot::games::kuba::{Kuba, KubaSettings, START};
//! use boardbot::games::Game;
//!
//! let start = Kuba::start(&KubaSettings::default());
//! assert_eq!(start.to_string(), START);
//! let mut moves = Vec::new();
//! start.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 8);
//! let push = start.parse_move("g1-W")?;
//! let next = start.play(&push).map_err(|e| e.reason)?;
//! assert_eq!(next.to_string(), "WW3BB/WW1R1BB/2RRR2/1RRRRR1/2RRR2/BB1R1WW/BB2WW1 b 0-0 -");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod code;
mod notation;
mod square;
mod view;
mod words;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use code::CodeError;
pub use notation::{KubaNotation, NotationError, PushNotation};
pub use square::{Dir, Square};
pub use words::Note;

use super::side::BySide;
use super::{
    BySeat, Diagram, Ending, Game, GameKind, Outcome, Phase, Phrase, PlayError, RuleOption, RuleValues, Seat, SeatInfo,
    Worded,
};

const EMPTY: u8 = 0;
const WHITE: u8 = 1;
const BLACK: u8 = 2;
const RED: u8 = 3;
const OFF: u8 = 4;

/// Marbles of each colour at the start.
pub const MARBLES: u8 = 8;
/// Red marbles at the start.
pub const REDS: u8 = 13;
/// Red marbles a player must push off to win.
pub const REDS_TO_WIN: u8 = 7;

/// The padded indices of the 49 playing squares, in canonical move order.
const SQUARES: [usize; 49] = {
    let mut out = [0; 49];
    let mut i = 0;
    while i < 49 {
        let file = i / 7;
        let rank = i % 7;
        out[i] = (rank + 1) * 9 + file + 1;
        i += 1;
    }
    out
};

/// A player's colour. White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first.
    White,
    /// Moves second.
    Black,
}

impl Color {
    /// The other colour.
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    const fn cell(self) -> u8 {
        match self {
            Color::White => WHITE,
            Color::Black => BLACK,
        }
    }

    pub(super) const fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    /// The seat of this colour.
    pub const fn seat(self) -> Seat {
        Seat(self.index() as u8)
    }

    /// The lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a Kuba game ended (§1.7): the typed reason of [`Game::outcome`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// This colour pushed off seven red marbles.
    SevenReds(Color),
    /// This colour pushed off every marble of the other.
    AllMarbles(Color),
    /// This colour was to move and had no legal push.
    NoPush(Color),
    /// The same position, with the same player to move, occurred a third time
    /// (house rule `repetition:draw`): a draw.
    Repetition,
}

impl Ending for End {
    const KEYS: &'static [&'static str] = &["seven_reds", "all_marbles", "no_push", "repetition"];

    fn key(self) -> &'static str {
        match self {
            End::SevenReds(_) => "seven_reds",
            End::AllMarbles(_) => "all_marbles",
            End::NoPush(_) => "no_push",
            End::Repetition => "repetition",
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            End::SevenReds(color) => write!(f, "{color} pushed off 7 red marbles"),
            End::AllMarbles(winner) => write!(f, "{winner} pushed off every {} marble", winner.other()),
            End::NoPush(mover) => write!(f, "{mover} has no legal push"),
            End::Repetition => f.write_str("the same position occurred a third time"),
        }
    }
}

impl super::side::Side for Color {
    fn index(self) -> usize {
        Color::index(self)
    }
}

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Marble {
    /// A white marble.
    White,
    /// A black marble.
    Black,
    /// A neutral red marble.
    Red,
}

/// A legal push: the mover's marble on `from` pushed one square towards `dir`,
/// with everything in front of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Push {
    /// The square of the pushed marble.
    pub from: Square,
    /// The direction.
    pub dir: Dir,
}

impl fmt::Display for Push {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.dir)
    }
}

/// A legal move: a push, or (house rule `extra_push:optional`) declining the extra
/// push a capture earned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KubaMove {
    /// A push.
    Push(Push),
    /// `pass`: the player who has just captured declines the extra push, and the
    /// opponent moves.
    Pass,
}

impl From<Push> for KubaMove {
    fn from(push: Push) -> KubaMove {
        KubaMove::Push(push)
    }
}

impl fmt::Display for KubaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KubaMove::Push(push) => push.fmt(f),
            KubaMove::Pass => f.write_str("pass"),
        }
    }
}

/// What a push does, for labels and pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PushEffect {
    /// How many marbles move (the pushed one included).
    pub moved: u8,
    /// The marble pushed off the board, if any.
    pub captured: Option<Marble>,
}

/// Why a well-formed push is not legal in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// No marble on the square.
    #[error("there is no marble on {0}")]
    Empty(Square),
    /// Red marbles are never pushed directly.
    #[error("{0} holds a red marble: only your own marbles can be pushed")]
    Red(Square),
    /// The marble belongs to the opponent.
    #[error("{square} holds a {owner} marble, but {owner} is not to move")]
    NotYours {
        /// The square.
        square: Square,
        /// Whose marble it is.
        owner: Color,
    },
    /// The square behind the marble is occupied.
    #[error("the marble on {from} cannot be pushed {dir}: the square behind it, {behind}, is not free")]
    NoAccess {
        /// The pushed marble's square.
        from: Square,
        /// The direction.
        dir: Dir,
        /// The occupied square behind it.
        behind: Square,
    },
    /// The push would drop one of the mover's marbles off the board.
    #[error("it would push your own marble off the board")]
    OwnMarbleOff,
    /// The exact reverse of the opponent's last push (§1.6).
    #[error("{0} is banned this turn: it would push straight back the opponent's last push")]
    Banned(Push),
    /// `pass` in a game whose extra push is mandatory (K-I2).
    #[error("the extra push after a capture is mandatory in this game: it cannot be declined")]
    PassMandatory,
    /// `pass` when no extra push is pending.
    #[error("there is no extra push to decline: pass only right after a capture")]
    NothingToDecline,
}

/// Whether the push earned by a capture may be declined (house rule `extra_push`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ExtraPush {
    /// The sheet's rule as the digest reads it (K-I2): the extra push is a normal turn.
    #[default]
    Mandatory,
    /// The player may decline it with `pass` (as Boardspace plays).
    Optional,
}

/// Whether repeating a position ends the game (house rule `repetition`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Repetition {
    /// The sheet has no such rule (K-I4).
    #[default]
    None,
    /// The third occurrence of a position with the same player to move is a draw.
    Draw,
}

/// Kuba's rule options: the sheet's rules by default (the extra push after a capture
/// is mandatory, K-I2; no draw, K-I4), and two house rules. A default option is left
/// out of the JSON, so games under the sheet's rules keep the settings `{}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct KubaSettings {
    /// Whether the extra push may be declined.
    #[serde(skip_serializing_if = "is_default")]
    pub extra_push: ExtraPush,
    /// Whether a third repetition draws.
    #[serde(skip_serializing_if = "is_default")]
    pub repetition: Repetition,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// The key of a position for the repetition rule: everything that decides the
/// legal moves, hashed with a fixed hasher (the same in every run of a build; keys
/// are never stored).
fn repetition_key(position: &Kuba) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    position.hash(&mut hasher);
    hasher.finish()
}

/// A Kuba position: the board, whose push it is, the reds each player has pushed
/// off, the push-back ban in force, and the house rules with the state they need.
///
/// Equality compares everything, the repetition history included; `Hash` leaves
/// the history out, so equal boards with the same player to move hash alike (the
/// key of the repetition rule and of the search's history).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kuba {
    /// A 9×9 board whose border ring is `OFF`, so chains stop without bound checks.
    cells: [u8; 81],
    to_move: Color,
    reds: BySide<u8>,
    ban: Option<Push>,
    /// Marbles on the board by cell value (`WHITE`, `BLACK`, `RED`).
    counts: [u8; 4],
    /// The house rules.
    settings: KubaSettings,
    /// The player to move has just captured and may `pass` (only under
    /// `extra_push:optional`).
    extra: bool,
    /// Under `repetition:draw`, the keys of the positions since the last capture,
    /// this one excluded: a capture changes the marbles for good, so no earlier
    /// position can come back and the list starts again. Empty otherwise.
    seen: Vec<u64>,
    /// Under `repetition:draw`, this position has now occurred three times.
    repeated: bool,
}

impl std::hash::Hash for Kuba {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
        self.to_move.hash(state);
        self.reds.hash(state);
        self.ban.hash(state);
        self.extra.hash(state);
    }
}

const SEATS: [SeatInfo; 2] = [
    SeatInfo { letter: "w", name: "White", term: "kuba-seat-white" },
    SeatInfo { letter: "b", name: "Black", term: "kuba-seat-black" },
];

/// The start position's code.
pub const START: &str = "WW3BB/WW1R1BB/2RRR2/1RRRRR1/2RRR2/BB1R1WW/BB3WW w 0-0 -";

impl Kuba {
    fn empty(settings: &KubaSettings) -> Kuba {
        let mut cells = [OFF; 81];
        for i in SQUARES {
            cells[i] = EMPTY;
        }
        Kuba {
            cells,
            to_move: Color::White,
            reds: BySide::both(0),
            ban: None,
            counts: [0; 4],
            settings: *settings,
            extra: false,
            seen: Vec::new(),
            repeated: false,
        }
    }

    /// True when the player to move has just captured and may decline the extra
    /// push with `pass` (house rule `extra_push:optional`).
    pub fn may_pass(&self) -> bool {
        self.extra
    }

    /// How many times this position, with this player to move, has occurred since
    /// the last capture (this time included), as far as this position knows: a
    /// position read from a code starts counting at 1. Always 1 without the house
    /// rule `repetition:draw`.
    pub fn occurrences(&self) -> usize {
        if self.settings.repetition != Repetition::Draw {
            return 1;
        }
        let key = repetition_key(self);
        1 + self.seen.iter().filter(|&&k| k == key).count()
    }

    /// The marble on `square`, if any.
    pub fn marble(&self, square: Square) -> Option<Marble> {
        match self.cells[square.padded()] {
            WHITE => Some(Marble::White),
            BLACK => Some(Marble::Black),
            RED => Some(Marble::Red),
            _ => None,
        }
    }

    /// The colour to move.
    pub fn turn(&self) -> Color {
        self.to_move
    }

    /// Red marbles pushed off by `color`.
    pub fn reds_captured(&self, color: Color) -> u8 {
        self.reds[color]
    }

    /// Marbles of `color` that the opponent has pushed off.
    pub fn marbles_lost(&self, color: Color) -> u8 {
        MARBLES.saturating_sub(self.counts[color.cell() as usize])
    }

    /// Marbles of `color` on the board.
    pub fn marbles_on_board(&self, color: Color) -> u8 {
        self.counts[color.cell() as usize]
    }

    /// The push the player to move may not make (§1.6), if any.
    pub fn ban(&self) -> Option<Push> {
        self.ban
    }

    /// The last occupied cell of the chain starting at `s` in direction `o`.
    #[inline]
    fn chain_end(&self, s: usize, o: isize) -> usize {
        let mut c = s;
        loop {
            let next = c.wrapping_add_signed(o);
            let v = self.cells[next];
            if v == EMPTY || v == OFF {
                return c;
            }
            c = next;
        }
    }

    /// Calls `f` with every legal push in canonical order until it returns false.
    /// Ignores whether the game is over.
    #[inline]
    fn for_each_push(&self, mut f: impl FnMut(Push) -> bool) {
        let own = self.to_move.cell();
        for s in SQUARES {
            if self.cells[s] != own {
                continue;
            }
            for dir in Dir::ALL {
                let o = dir.offset();
                let behind = self.cells[s.wrapping_add_signed(-o)];
                if behind != EMPTY && behind != OFF {
                    continue;
                }
                let end = self.chain_end(s, o);
                if self.cells[end.wrapping_add_signed(o)] == OFF && self.cells[end] == own {
                    continue;
                }
                let push = Push { from: Square::from_padded(s), dir };
                if self.ban == Some(push) {
                    continue;
                }
                if !f(push) {
                    return;
                }
            }
        }
    }

    fn has_push(&self) -> bool {
        let mut any = false;
        self.for_each_push(|_| {
            any = true;
            false
        });
        any
    }

    /// What a legal push would do.
    pub fn effect(&self, push: &Push) -> PushEffect {
        let s = push.from.padded();
        let o = push.dir.offset();
        let end = self.chain_end(s, o);
        let moved = ((end as isize - s as isize) / o + 1) as u8;
        let captured =
            if self.cells[end.wrapping_add_signed(o)] == OFF { self.marble(Square::from_padded(end)) } else { None };
        PushEffect { moved, captured }
    }

    fn check(&self, from: Square, dir: Dir) -> Result<Push, IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::GameOver);
        }
        let s = from.padded();
        match self.cells[s] {
            EMPTY => return Err(IllegalMove::Empty(from)),
            RED => return Err(IllegalMove::Red(from)),
            v if v != self.to_move.cell() => {
                return Err(IllegalMove::NotYours { square: from, owner: self.to_move.other() })
            }
            _ => {}
        }
        if let Some(behind) = from.step(dir.opposite()) {
            if self.marble(behind).is_some() {
                return Err(IllegalMove::NoAccess { from, dir, behind });
            }
        }
        let end = self.chain_end(s, dir.offset());
        if self.cells[end.wrapping_add_signed(dir.offset())] == OFF && self.cells[end] == self.to_move.cell() {
            return Err(IllegalMove::OwnMarbleOff);
        }
        let push = Push { from, dir };
        if self.ban == Some(push) {
            return Err(IllegalMove::Banned(push));
        }
        Ok(push)
    }

    /// Plays a push known to be legal; true when it pushed a marble off the board.
    fn push_unchecked(&mut self, m: &Push) -> bool {
        let s = m.from.padded();
        let o = m.dir.offset();
        let end = self.chain_end(s, o);
        let front = end.wrapping_add_signed(o);
        let mover = self.to_move;
        let captured = if self.cells[front] == OFF { Some(self.cells[end]) } else { None };
        let mut c = if captured.is_some() { end } else { front };
        while c != s {
            let prev = c.wrapping_add_signed(-o);
            self.cells[c] = self.cells[prev];
            c = prev;
        }
        self.cells[s] = EMPTY;
        match captured {
            Some(marble) => {
                self.counts[marble as usize] = self.counts[marble as usize].saturating_sub(1);
                if marble == RED {
                    self.reds[mover] += 1;
                }
                self.ban = None;
                // A winning capture leaves nothing to decline.
                let won = self.reds[mover] >= REDS_TO_WIN || self.counts[mover.other().cell() as usize] == 0;
                self.extra = self.settings.extra_push == ExtraPush::Optional && !won;
            }
            None => {
                self.ban = (self.cells[front] == mover.other().cell())
                    .then(|| Push { from: Square::from_padded(front), dir: m.dir.opposite() });
                self.to_move = mover.other();
                self.extra = false;
            }
        }
        captured.is_some()
    }

    /// The house rules in force, as one phrase for the diagram and the picture's
    /// panel, or `None` under the sheet's rules.
    pub fn house_rules(&self) -> Option<Phrase> {
        let extra = self.settings.extra_push == ExtraPush::Optional;
        let draw = self.settings.repetition == Repetition::Draw;
        let id = match (extra, draw) {
            (false, false) => return None,
            (true, false) => "kuba-rules-extra-optional",
            (false, true) => "kuba-rules-repetition-draw",
            (true, true) => "kuba-rules-both",
        };
        Some(Phrase::new(id))
    }

    /// Whether `pass` is legal here.
    fn check_pass(&self) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            Err(IllegalMove::GameOver)
        } else if self.settings.extra_push != ExtraPush::Optional {
            Err(IllegalMove::PassMandatory)
        } else if !self.extra {
            Err(IllegalMove::NothingToDecline)
        } else {
            Ok(())
        }
    }

    /// The label parts of a push.
    fn push_notes(&self, m: &Push) -> Vec<Note> {
        let effect = self.effect(m);
        let mut notes = Vec::new();
        if effect.moved > 1 {
            notes.push(Note::Pushes(effect.moved));
        }
        match effect.captured {
            Some(Marble::Red) if self.reds[self.to_move] + 1 >= REDS_TO_WIN => notes.push(Note::TakesSeventhRed),
            Some(Marble::Red) => notes.push(Note::TakesRed),
            Some(_) if self.counts[self.to_move.other().cell() as usize] == 1 => notes.push(Note::TakesLastMarble),
            Some(_) => notes.push(Note::TakesMarble(self.to_move.other())),
            None => {}
        }
        notes
    }
}

impl fmt::Display for Kuba {
    /// The position code.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        code::write(self, f)
    }
}

impl Game for Kuba {
    type Settings = KubaSettings;
    type Move = KubaMove;
    type Notation = KubaNotation;
    type NotationError = NotationError;
    type Illegal = IllegalMove;
    type CodeError = CodeError;
    type End = End;
    type Note = Note;

    const KIND: GameKind = GameKind::Kuba;
    const TITLE: &'static str = "Kuba";

    const RULE_OPTIONS: &'static [RuleOption] = &[
        RuleOption {
            name: "extra_push",
            key: "extra_push",
            values: RuleValues::Choice { words: &["mandatory", "optional"], default: "mandatory" },
            help: "option-kuba-extra-push",
        },
        RuleOption {
            name: "repetition",
            key: "repetition",
            values: RuleValues::Choice { words: &["none", "draw"], default: "none" },
            help: "option-kuba-repetition",
        },
    ];

    fn needs_history(settings: &KubaSettings) -> bool {
        settings.repetition == Repetition::Draw
    }

    fn start(settings: &KubaSettings) -> Kuba {
        let mut position = Kuba::empty(settings);
        let rows = ["WW...BB", "WW.R.BB", "..RRR..", ".RRRRR.", "..RRR..", "BB.R.WW", "BB...WW"];
        for (i, row) in rows.iter().enumerate() {
            for (file, symbol) in row.bytes().enumerate() {
                let cell = match symbol {
                    b'W' => WHITE,
                    b'B' => BLACK,
                    b'R' => RED,
                    _ => continue,
                };
                if let Some(square) = Square::new(file as u8, 6 - i as u8) {
                    position.cells[square.padded()] = cell;
                    position.counts[cell as usize] += 1;
                }
            }
        }
        position
    }

    /// A code under `repetition:draw` carries no history: the count of repetitions
    /// starts at the position it describes.
    fn from_code(code: &str, settings: &KubaSettings) -> Result<Kuba, CodeError> {
        code::parse(code, settings)
    }

    fn settings(&self) -> KubaSettings {
        self.settings
    }

    fn seats(&self) -> &'static [SeatInfo] {
        &SEATS
    }

    fn to_move(&self) -> Seat {
        self.to_move.seat()
    }

    fn phase(&self) -> Phase {
        Phase::Play
    }

    fn scores(&self) -> Option<BySeat<i32>> {
        Some([i32::from(self.reds[Color::White]), i32::from(self.reds[Color::Black])].into())
    }

    /// §1.7 in order: seven reds, all opponent marbles gone, then the house rule of
    /// repetition, then no legal push (a player who may pass always has a move).
    fn outcome(&self) -> Option<Outcome> {
        let scores = self.scores();
        for color in [Color::White, Color::Black] {
            if self.reds[color] >= REDS_TO_WIN {
                return Some(Outcome::win(2, color.seat(), scores, End::SevenReds(color)));
            }
        }
        // After a capture the capturer keeps the move, so the player to move is
        // checked first when (in a hand-made code) both colours are gone.
        let mover = self.to_move;
        for (winner, loser) in [(mover, mover.other()), (mover.other(), mover)] {
            if self.counts[loser.cell() as usize] == 0 {
                return Some(Outcome::win(2, winner.seat(), scores, End::AllMarbles(winner)));
            }
        }
        if self.repeated {
            return Some(Outcome::draw(2, scores, End::Repetition));
        }
        if !self.extra && !self.has_push() {
            return Some(Outcome::win(2, mover.other().seat(), scores, End::NoPush(mover)));
        }
        None
    }

    /// The pushes in canonical order, then `pass` when the extra push may be declined.
    fn legal_moves(&self, out: &mut Vec<KubaMove>) {
        if self.reds[Color::White] >= REDS_TO_WIN
            || self.reds[Color::Black] >= REDS_TO_WIN
            || self.counts[WHITE as usize] == 0
            || self.counts[BLACK as usize] == 0
            || self.repeated
        {
            return;
        }
        self.for_each_push(|push| {
            out.push(KubaMove::Push(push));
            true
        });
        if self.extra {
            out.push(KubaMove::Pass);
        }
    }

    fn legalize(&self, notation: &KubaNotation) -> Result<KubaMove, IllegalMove> {
        match notation {
            KubaNotation::Push(push) => self.check(push.from, push.dir).map(KubaMove::Push),
            KubaNotation::Pass => self.check_pass().map(|()| KubaMove::Pass),
        }
    }

    fn play(mut self, m: &KubaMove) -> Result<Kuba, PlayError<Kuba>> {
        let checked = match m {
            KubaMove::Push(push) => self.check(push.from, push.dir).map(KubaMove::Push),
            KubaMove::Pass => self.check_pass().map(|()| KubaMove::Pass),
        };
        match checked {
            Ok(m) => {
                self.play_unchecked(&m);
                Ok(self)
            }
            Err(reason) => Err(PlayError { position: self, reason }),
        }
    }

    fn play_unchecked(&mut self, m: &KubaMove) {
        let repetition = self.settings.repetition == Repetition::Draw;
        if repetition {
            let key = repetition_key(self);
            self.seen.push(key);
        }
        let captured = match m {
            KubaMove::Push(push) => self.push_unchecked(push),
            KubaMove::Pass => {
                self.extra = false;
                self.ban = None;
                self.to_move = self.to_move.other();
                false
            }
        };
        if repetition {
            if captured {
                self.seen.clear();
                self.repeated = false;
            } else {
                self.repeated = self.occurrences() >= 3;
            }
        }
    }

    fn notes(&self, m: &KubaMove) -> Vec<Note> {
        match m {
            KubaMove::Push(push) => self.push_notes(push),
            KubaMove::Pass => vec![Note::DeclinesExtraPush],
        }
    }

    fn view(&self) -> crate::games::BoardView<Phrase> {
        view::view(self)
    }

    fn move_view(&self, m: &KubaMove) -> crate::games::MoveView<Phrase> {
        view::move_view(self, m)
    }

    /// Material: reds pushed off and opposing marbles taken, each worth more as it
    /// nears the winning count (the 6th red threatens the game, the 5th only a
    /// race), plus a small bonus for the side to move, whose push may capture and
    /// keep the turn. The sum's difference goes through a logistic curve. Final
    /// positions by reds or marbles give 1 or 0; a blocked player is not looked for,
    /// which keeps this cheap.
    fn evaluate(&self, seat: Seat) -> f64 {
        const RED_WORTH: [f64; 8] = [0.0, 1.0, 2.0, 3.0, 4.2, 5.6, 7.6, 100.0];
        const MARBLE_WORTH: [f64; 9] = [0.0, 1.1, 2.2, 3.3, 4.5, 5.8, 7.3, 9.5, 100.0];
        let me = if seat.index() == 0 { Color::White } else { Color::Black };
        let material = |c: Color| {
            RED_WORTH[usize::from(self.reds[c].min(REDS_TO_WIN))]
                + MARBLE_WORTH[usize::from(self.marbles_lost(c.other()).min(MARBLES))]
        };
        for c in [Color::White, Color::Black] {
            if self.reds[c] >= REDS_TO_WIN || self.counts[c.other().cell() as usize] == 0 {
                return if c == me { 1.0 } else { 0.0 };
            }
        }
        if self.repeated {
            return 0.5;
        }
        let tempo = if self.to_move == me { 0.3 } else { -0.3 };
        let diff = material(me) - material(me.other()) + tempo;
        1.0 / (1.0 + (-0.45 * diff).exp())
    }

    fn diagram(&self) -> Diagram {
        let mut out = String::new();
        for rank in (0..7u8).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..7u8 {
                let symbol = match Square::new(file, rank).and_then(|sq| self.marble(sq)) {
                    Some(Marble::White) => 'W',
                    Some(Marble::Black) => 'B',
                    Some(Marble::Red) => 'R',
                    None => '.',
                };
                out.push(' ');
                out.push(symbol);
            }
            out.push('\n');
        }
        out.push_str("   a b c d e f g\n");
        let mut lines: Vec<Phrase> = [Color::White, Color::Black]
            .into_iter()
            .map(|color| {
                Phrase::new("kuba-diagram-seat")
                    .term("seat", SEATS[color.index()].term)
                    .number("reds", self.reds[color])
                    .number("taken", self.marbles_lost(color.other()))
                    .term("other", color.other().term())
            })
            .collect();
        let seat = SEATS[self.to_move.index()].term;
        lines.push(match (self.outcome(), self.ban) {
            (Some(outcome), _) => Phrase::new("game-diagram-over").phrase("reason", outcome.reason.phrase()),
            (None, Some(ban)) => Phrase::new("kuba-diagram-to-move-ban").term("seat", seat).text("push", ban),
            (None, None) if self.extra => Phrase::new("kuba-diagram-to-move-extra").term("seat", seat),
            (None, None) => Phrase::new("game-diagram-to-move").term("seat", seat),
        });
        if let Some(rules) = self.house_rules() {
            lines.push(rules);
        }
        Diagram { grid: out, lines }
    }
}

#[cfg(test)]
mod tests;
