//! The computer's review of a game: how much each move lost of its player's
//! winning chances, the moves to remember (inaccuracies `?!`, mistakes `?`,
//! blunders `??`) and each player's accuracy, as lichess computes them, with the
//! winning chances of our own search in place of a chess engine's centipawns.
//!
//! # How a move is judged
//!
//! Every position of the game is searched once ([`super::choose_with`], the same
//! tree search as the computer's levels, with the game's history, a playout budget
//! and a seed of its own). The search gives the best move and every seat's
//! expected share of the result after it ([`super::Choice::outlook`]): that seat's
//! winning chances in the position, in percent. For the move of ply `i`, made by
//! seat `s` in position `P(i-1)`:
//!
//! - **before** is `s`'s chances in `P(i-1)`: after the best move;
//! - **after** is `s`'s chances in `P(i)`, the position the move played led to
//!   (searched in its turn, or the result when the game ended there);
//! - **loss** = before − after in percentage points, never below 0, and 0 for the
//!   move the search itself would play (the difference of two estimates of the same
//!   line is the search's own noise, not a mistake). A position with one legal move
//!   is worth what the position after it is worth, and its move loses nothing.
//!
//! This is lichess's comparison of consecutive evaluations. Seats need not
//! alternate (Kuba's capturing seat moves again) and Cabale's three or four seats
//! each read their own entry of the per-seat chances.
//!
//! A move losing at least [`INACCURACY`] points is an inaccuracy, [`MISTAKE`] a
//! mistake, [`BLUNDER`] a blunder ([`Label::of_loss`]).
//!
//! # How sure a label is
//!
//! An estimate is the mean of the playouts through the best move. A move is
//! labelled only when both estimates behind its loss are trusted: each is a result
//! (the game ended, or the search proved the line to its end), or the mean of at
//! least [`TRUSTED_VISITS`] playouts (100; a tenth of a budget under 1,000).
//! Unlabelled moves still count in the accuracy with their loss, as every move
//! counts on lichess.
//!
//! A trusted estimate is still not a sure one. Each search's value carries a doubt
//! (three times its standard error, or more when another move the search had
//! not yet given up on looked better: a tree search's mean is not that of
//! independent samples, and which lines it grew depends on the luck of its first
//! playouts), and a loss's interval is `loss ± CONFIDENCE_Z · √(doubt_before² +
//! doubt_after²)` (95 %). Where the interval reaches across a label's threshold, the
//! label is in doubt, and the review spends its search there ([`Deepening`]): once
//! every position has its first search, the positions behind a label in doubt are
//! searched again with twice the playouts, the least searched first, up to
//! [`Deepening::most`] times the budget, while the whole review's work stays within
//! [`Deepening::work`] (positions evaluated, counted by the search itself, so that
//! the same game gives the same review on any machine; [`WORK_PER_POSITION`] keeps
//! a review within about 20 s of one core for 60 moves in every game). A label
//! still in doubt at the end is the likelier one ([`PlyReview::decided`] false,
//! with its [`PlyReview::margin`]): the messages say so, with the range of the loss.
//!
//! How far that goes, measured against a review 25 times deeper (50,000 playouts
//! on every position) on the review's test set (`examples/review_reference.rs`,
//! `tests/fixtures/reviews/`: 12 games of each kind between the computer's
//! players): see the README's review, which gives the figures per game. The
//! deeper review is no oracle: made again with another seed, it agrees with itself
//! on 91 % of Kuba's plies (seed 7919 against four others, 2,336 plies), finds 79 %
//! of the other's blunders and confirms 76 % (Kewbz 95, 67 and 86 %, Cabale 84, 80
//! and 91 %, Nuba 92, 77 and 56 %: `review_reference -- ceiling`): a loss near a
//! threshold moves with the luck of the search even at 50,000 playouts, by some 4
//! points between the search of a position and that of the next, at any budget
//! (measured from 1,000 to 16,000 playouts on the moves that were the search's
//! own). Deepening the doubtful positions brings the default review near that
//! ceiling; spending the same playouts everywhere does not (Kuba: 87 % of plies
//! agree at 2,000 playouts on every position, 91 % at 16,000).
//!
//! # The first move
//!
//! Kuba's first move a7-E is called a blunder by every seed at every budget: White's
//! chances fall from 53–64 % (with f1-N, g2-W or b7-S, by the seed) to 35–39 %. The
//! search is right there, as play shows: from the position after a7-E, the computer
//! playing itself (`boardbot arena kuba --from CODE --a playouts:3000 --b
//! playouts:3000`) scores 30 % with White over 60 games, against 72 % after g2-W; at
//! 20,000 playouts, 50 % against 73 % over 30 games each. a7-E leaves a white marble
//! on c7 above the three reds of column c: Black's a2-E brings a marble to c2, and
//! c2-N then c3-N push the column up and the marble off the board, the capture
//! earning another push; White can only delay it (seed 4 at the default budget
//! expects a2-E b7-S c2-N c7-E c3-N). A search that sees the board
//! alone four moves deep (`alphabeta:4`) sees nothing (57 % against 47 %), which is
//! why the label surprises: the review shows the line it expects after the move
//! ([`PlyReview::line`]) and after its own ([`PlyReview::best_line`]), and for a
//! game's first move the chances before and after it.
//!
//! # Accuracy
//!
//! A move's accuracy is lichess's fit `103.1668 · e^(−0.04354 · loss) − 3.1669`,
//! plus lichess's "uncertainty bonus" of 1 point for an analysis that is not
//! perfect, kept in 0–100 ([`move_accuracy`]): 100 for a move that loses nothing,
//! about 81 at an inaccuracy's 5 points, 52 at a blunder's 15. A player's accuracy
//! is the mean of two means over their moves (lila's `AccuracyPercent.gameAccuracy`):
//! one weighted by how much the chances moved around the move (the standard
//! deviation of a window of `plies / 10` positions, 2 to 8, clamped to 0.5–12, so
//! moves in a quiet position count less than moves in a sharp one) and the harmonic
//! mean, which a few very bad moves pull down ([`seat_accuracy`]). With three or
//! four seats each seat's windows run over its own chances.
//!
//! ```
//! use boardbot::ai::review::{review, Label, ReviewBudget};
//! use boardbot::games::GameKind;
//!
//! let settings = GameKind::Kuba.default_settings();
//! let budget = ReviewBudget { playouts: 200, seed: 1 };
//! let done = review(&settings, None, &["a6-E", "g7-S", "b7-S"], budget)?;
//! assert_eq!(done.plies.len(), 3);
//! assert_eq!(done.chances.len(), 4, "the start and the position after each move");
//! assert!(done.plies.iter().all(|p| p.loss >= 0.0 && (p.label.is_none() || p.trusted)));
//! assert_eq!(Label::of_loss(16.0), Some(Label::Blunder));
//! # Ok::<(), boardbot::ai::AiError>(())
//! ```

use serde::{Deserialize, Serialize};

use super::history::position_key;
use super::{choose_with, AiError, Budget, Certainty, Context, MctsConfig, Player};
use crate::games::{Game, Position, PositionVisitor, ReplayError, Seat, Settings};

/// The loss, in percentage points of winning chances, from which a move is an
/// inaccuracy.
pub const INACCURACY: f64 = 5.0;
/// The loss from which a move is a mistake.
pub const MISTAKE: f64 = 10.0;
/// The loss from which a move is a blunder.
pub const BLUNDER: f64 = 15.0;

/// The playouts per position of a review when none is configured (`[analysis]
/// playouts`): a 60-move game of the slowest game to search (Cabale) takes under
/// 20 s of one core (`benches/analysis.rs`).
pub const DEFAULT_PLAYOUTS: u64 = 2_000;

/// The playouts behind an estimate from which a label rests on it (see the
/// module's documentation); a budget under ten times as many trusts a tenth of it.
pub const TRUSTED_VISITS: u64 = 100;

/// The positions a review evaluates per position of the game on average, at most
/// ([`Deepening::work`]): about 20 s of one core for 60 moves in the game whose
/// evaluations cost most (`examples/review_reference.rs` measures it).
pub const WORK_PER_POSITION: u64 = 500_000;

/// How wide a loss's interval is, in its uncertainties: 1.96 for 95 %.
pub const CONFIDENCE_Z: f64 = 1.96;

/// The moves of a line kept with a review (after the move played, after the
/// computer's own): enough to see the threat or the gain, few enough to read.
pub const LINE_MOVES: usize = 5;

/// lila's fit of accuracy against lost winning chances, and its bonus of one point.
const ACCURACY_A: f64 = 103.166_810_071_164_9;
const ACCURACY_K: f64 = 0.043_544_153_867_539_51;
const ACCURACY_B: f64 = -3.166_924_740_191_411;
const UNCERTAINTY_BONUS: f64 = 1.0;

/// What a bad move is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Label {
    /// A loss of [`INACCURACY`] points or more: `?!`.
    Inaccuracy,
    /// A loss of [`MISTAKE`] points or more: `?`.
    Mistake,
    /// A loss of [`BLUNDER`] points or more: `??`.
    Blunder,
}

impl Label {
    /// Every label, mildest first.
    pub const ALL: [Label; 3] = [Label::Inaccuracy, Label::Mistake, Label::Blunder];

    /// The label of a loss in percentage points, `None` below [`INACCURACY`].
    pub fn of_loss(loss: f64) -> Option<Label> {
        if loss >= BLUNDER {
            Some(Label::Blunder)
        } else if loss >= MISTAKE {
            Some(Label::Mistake)
        } else if loss >= INACCURACY {
            Some(Label::Inaccuracy)
        } else {
            None
        }
    }

    /// The sign written after the move: `?!`, `?`, `??`.
    pub fn sign(self) -> &'static str {
        match self {
            Label::Inaccuracy => "?!",
            Label::Mistake => "?",
            Label::Blunder => "??",
        }
    }

    /// Its name in the command line's output and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Label::Inaccuracy => "inaccuracy",
            Label::Mistake => "mistake",
            Label::Blunder => "blunder",
        }
    }
}

/// What a review spends: playouts per position and the seed of its searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewBudget {
    /// Playouts of the search of each position (at least 1).
    pub playouts: u64,
    /// The seed: the same game, budget and seed give the same review.
    pub seed: u64,
}

impl Default for ReviewBudget {
    fn default() -> Self {
        ReviewBudget { playouts: DEFAULT_PLAYOUTS, seed: 1 }
    }
}

/// How far a review searches again, deeper, the positions behind a label in doubt
/// (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Deepening {
    /// A position's search grows to at most this many times the budget's playouts;
    /// 1 never searches a position again.
    pub most: u64,
    /// The whole review evaluates at most this many positions per position of the
    /// game on average, its first searches included ([`super::Choice::work`]: a
    /// count that is the same on any machine and follows the CPU time, whatever the
    /// game): a deeper search that would go beyond is not made.
    pub work: u64,
}

impl Deepening {
    /// Each position searched once with the budget's playouts: the review as it was
    /// before it deepened (and the deep reference of `examples/review_reference.rs`).
    pub const NONE: Deepening = Deepening { most: 1, work: u64::MAX };

    /// What a review does unless told otherwise: up to 8 times the playouts where
    /// a label is in doubt, within [`WORK_PER_POSITION`].
    pub const DEFAULT: Deepening = Deepening { most: 8, work: WORK_PER_POSITION };
}

impl Default for Deepening {
    fn default() -> Self {
        Deepening::DEFAULT
    }
}

/// The playouts behind an estimate from which a label rests on it, for a budget of
/// `playouts` per position: [`TRUSTED_VISITS`], or a tenth of a smaller budget (see
/// the module's documentation).
pub fn trusted_visits(playouts: u64) -> u64 {
    TRUSTED_VISITS.min(playouts / 10).max(1)
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyReview {
    /// Its number in the game, from 1.
    pub ply: u32,
    /// The seat that made it.
    pub seat: u8,
    /// The move in canonical notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The mover's winning chances before it, with the best move, in percent.
    pub before: f64,
    /// The mover's winning chances after it, in percent.
    pub after: f64,
    /// What it lost, in percentage points (0 for the best move).
    pub loss: f64,
    /// What it is called, when it is bad enough and [`PlyReview::trusted`].
    pub label: Option<Label>,
    /// The move the search preferred, when it is another one.
    pub best: Option<String>,
    /// Both estimates behind the loss rest on enough playouts (or are results).
    pub trusted: bool,
    /// How far the loss may be off, in percentage points: the half-width of its
    /// interval at [`CONFIDENCE_Z`] (0 when both chances are results, or for the
    /// search's own move). Absent from reviews made before it was kept: 0.
    #[serde(default)]
    pub margin: f64,
    /// The label is decided: the whole interval `loss ± margin` has the same label
    /// (the move is the search's own, or both chances are results). A label in
    /// doubt is the likelier one, not a sure one. Reviews made before: true.
    #[serde(default = "yes")]
    pub decided: bool,
    /// The line the computer expects after the move played: the reply it found
    /// best, and what follows ([`LINE_MOVES`] moves at most; empty when the game
    /// ended with the move).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<String>,
    /// The line the computer expected after its own move, that move first, when it
    /// preferred another one ([`PlyReview::best`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub best_line: Vec<String>,
}

/// Serde's default for [`PlyReview::decided`]: a stored review from before doubts
/// were kept stands as it was.
fn yes() -> bool {
    true
}

/// One seat's account of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatReview {
    /// The seat.
    pub seat: u8,
    /// The moves it made.
    pub moves: u32,
    /// Its accuracy, 0–100; `None` when it made no move.
    pub accuracy: Option<f64>,
    /// Its moves labelled inaccuracies.
    pub inaccuracies: u32,
    /// Its moves labelled mistakes.
    pub mistakes: u32,
    /// Its moves labelled blunders.
    pub blunders: u32,
}

impl SeatReview {
    /// How many of its moves have `label`.
    pub fn count(&self, label: Label) -> u32 {
        match label {
            Label::Inaccuracy => self.inaccuracies,
            Label::Mistake => self.mistakes,
            Label::Blunder => self.blunders,
        }
    }
}

/// A whole game reviewed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    /// Every seat's winning chances in percent, in seat order, at the start and
    /// after each move (one entry more than [`Review::plies`]).
    pub chances: Vec<Vec<f64>>,
    /// Each move, in order.
    pub plies: Vec<PlyReview>,
    /// Each seat, in seat order.
    pub seats: Vec<SeatReview>,
    /// The playouts of each position's first search.
    pub playouts: u64,
    /// The seed it was made with.
    pub seed: u64,
    /// The playouts of the search each position's chances come from, in the order
    /// of [`Review::chances`]: [`Review::playouts`], more where a label was in doubt,
    /// 0 where nothing was searched (the game was over, or one move was legal).
    /// Empty for reviews made before it was kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spent: Vec<u64>,
    /// The positions all its searches evaluated, the deeper ones' included: what it
    /// cost (0 for reviews made before it was kept).
    #[serde(default)]
    pub work: u64,
}

impl Review {
    /// The indexes in [`Review::plies`] of the `n` labelled moves that lost the most,
    /// largest loss first (the earlier of equal losses first): the moves that changed
    /// the game most.
    pub fn turning_points(&self, n: usize) -> Vec<usize> {
        let mut labelled: Vec<usize> = (0..self.plies.len()).filter(|&i| self.plies[i].label.is_some()).collect();
        labelled.sort_by(|&a, &b| self.plies[b].loss.total_cmp(&self.plies[a].loss).then(a.cmp(&b)));
        labelled.truncate(n);
        labelled
    }
}

/// A move's accuracy in percent for its loss in percentage points (lichess's fit
/// with its bonus of one point, kept in 0–100): 100 for no loss.
///
/// ```
/// use boardbot::ai::review::move_accuracy;
/// assert_eq!(move_accuracy(0.0), 100.0);
/// assert!((move_accuracy(10.0) - 64.58).abs() < 0.01);
/// assert_eq!(move_accuracy(100.0), 0.0);
/// ```
pub fn move_accuracy(loss: f64) -> f64 {
    // Not above zero, NaN included: nothing was lost.
    if loss.is_nan() || loss <= 0.0 {
        return 100.0;
    }
    (ACCURACY_A * (-ACCURACY_K * loss).exp() + ACCURACY_B + UNCERTAINTY_BONUS).clamp(0.0, 100.0)
}

/// The population standard deviation.
fn deviation(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// The weight of each move of a game whose chances (one seat's, in percent, the
/// start's first) are `series`: lila's volatility, the standard deviation of a
/// window of positions around it, clamped to 0.5–12. One weight per move.
pub fn volatility_weights(series: &[f64]) -> Vec<f64> {
    let moves = series.len().saturating_sub(1);
    let size = (moves / 10).clamp(2, 8);
    let first = &series[..size.min(series.len())];
    // lila repeats the first window for the first moves, then slides.
    let mut windows: Vec<&[f64]> = vec![first; size.min(series.len()).saturating_sub(2)];
    if series.len() >= size {
        windows.extend(series.windows(size));
    } else if !series.is_empty() {
        windows.push(series);
    }
    windows.into_iter().take(moves).map(|w| deviation(w).clamp(0.5, 12.0)).collect()
}

/// A seat's accuracy from its moves' accuracies and weights: the mean of the
/// weighted mean and the harmonic mean (each accuracy counted at least 1 in the
/// latter, as lila does); `None` without a move.
pub fn seat_accuracy(moves: &[(f64, f64)]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let weight: f64 = moves.iter().map(|(_, w)| w).sum();
    let weighted = if weight > 0.0 { moves.iter().map(|(a, w)| a * w).sum::<f64>() / weight } else { return None };
    let harmonic = moves.len() as f64 / moves.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
    Some((weighted + harmonic) / 2.0)
}

/// Why an estimate says what it says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Basis {
    /// The game is over here: the result.
    Final,
    /// The search proved the result.
    Proven,
    /// One legal move: worth what the next position is worth.
    Only,
    /// The mean of this many playouts through the best move.
    Searched(u64),
}

/// The search's verdict on one position.
#[derive(Clone, Debug, PartialEq)]
struct Verdict {
    /// Every seat's winning chances in percent.
    chances: Vec<f64>,
    /// How far each seat's chances may be from a deeper search's, in points (see
    /// [`doubt`]); 0 for a result.
    doubt: Vec<f64>,
    /// The best move, for a position that goes on.
    best: Option<String>,
    basis: Basis,
    /// The line the search expects, the best move first.
    line: Vec<String>,
    /// The playouts of the search (0 when nothing was searched).
    playouts: u64,
    /// The positions it evaluated.
    work: u64,
}

/// How much wider than its standard error the spread of a search's value is: a
/// tree search's mean is not that of independent samples (which lines the tree
/// grew depends on the luck of its first playouts). Between seeds, Kuba's values at
/// 2,000 playouts spread from about 2 to 10 times the standard error one search
/// gives; of 2, 3, 4 and 8, 3 made the review agree most with the deep one on
/// Kuba's test games for the work it spent (`examples/review_reference.rs`).
const SPREAD: f64 = 3.0;

/// A root move that the search visited at least this share of the best move's
/// visits still competes with it: the search had not settled between them.
const CONTENDER: f64 = 0.25;

/// How far a search's value for each seat may be from a deeper search's, in
/// points: its standard error widened by [`SPREAD`], or, when another move still
/// competed with the best one and looked better, by how much better it looked.
fn doubt<M>(choice: &super::Choice<M>, seats: usize) -> Vec<f64> {
    // A result has no doubt; a forced move's position takes the next one's.
    if choice.certainty != Certainty::Estimated {
        return vec![0.0; seats];
    }
    let first = choice.candidates.first();
    let unsettled = first.map_or(0.0, |best| {
        choice
            .candidates
            .iter()
            .skip(1)
            .filter(|c| c.visits as f64 >= CONTENDER * best.visits as f64)
            .map(|c| 100.0 * (c.value - best.value))
            .fold(0.0, f64::max)
    });
    (0..seats).map(|s| (SPREAD * 100.0 * choice.error[s]).max(unsettled)).collect()
}

/// Searches one position for a [`Verdict`].
struct Judge<'a> {
    player: &'a Player,
    seed: u64,
    history: &'a [u64],
}

impl PositionVisitor for Judge<'_> {
    type Output = Result<Verdict, AiError>;

    fn visit<G: Game>(self, position: &G) -> Self::Output {
        let seats = position.seats().len();
        if let Some(outcome) = position.outcome() {
            let chances = (0..seats).map(|s| 100.0 * outcome.reward(Seat(s as u8))).collect();
            let doubt = vec![0.0; seats];
            let (best, line) = (None, Vec::new());
            return Ok(Verdict { chances, doubt, best, basis: Basis::Final, line, playouts: 0, work: 0 });
        }
        let context = Context { history: self.history, scale: 1.0 };
        let choice = choose_with(position, self.player, self.seed, context)?;
        let basis = match choice.certainty {
            Certainty::Only => Basis::Only,
            Certainty::Proven => Basis::Proven,
            Certainty::Estimated => Basis::Searched(choice.candidates.first().map_or(0, |c| c.visits)),
        };
        let chances = choice.outlook.iter().take(seats).map(|v| 100.0 * v).collect();
        let doubt = doubt(&choice, seats);
        let line = choice.line.iter().take(LINE_MOVES).map(ToString::to_string).collect();
        let (best, playouts, work) = (Some(choice.mv.to_string()), choice.playouts, choice.work);
        Ok(Verdict { chances, doubt, best, basis, line, playouts, work })
    }
}

/// The search a review runs in each position: `medium`'s, on a playout budget
/// alone so that it repeats on any machine, and spending all of it (not stopping
/// once the best move is settled): the review wants the best move's value, which
/// every playout more makes surer, not only the move. (Measured: two seeds agreed
/// on 94 % of labels with the whole budget, 90 % stopping early.)
pub fn review_player(playouts: u64) -> Result<Player, AiError> {
    Ok(Player::Mcts(MctsConfig { budget: Budget::playouts(playouts)?, settle: false, ..MctsConfig::medium() }))
}

/// A ply's loss as the verdicts of the positions before and after it give it.
struct Judged {
    loss: f64,
    margin: f64,
    decided: bool,
    trusted: bool,
    best_played: bool,
}

/// A review made one search at a time, so that a caller can share the work out
/// (the service's workers search one position per job, behind people's games) and
/// see how far it has gone: first every position once, then again, deeper, the
/// positions behind a label in doubt ([`Deepening`]).
#[derive(Clone, Debug)]
pub struct Reviewer {
    /// The start, then the position after each move.
    positions: Vec<Position>,
    /// The moves in canonical notation.
    moves: Vec<String>,
    /// The seat that made each move.
    movers: Vec<Seat>,
    /// The keys of the positions, for the search's history.
    keys: Vec<u64>,
    budget: ReviewBudget,
    deepening: Deepening,
    verdicts: Vec<Verdict>,
    /// Playouts of every search so far, the deeper ones' included.
    used: u64,
    /// Positions evaluated by every search so far.
    work: u64,
    /// The next search to make once every position has its first: a position and
    /// its playouts.
    next: Option<(usize, u64)>,
}

impl Reviewer {
    /// A review of the game with these rule options, start (a position code, or the
    /// start position) and moves (canonical or lenient text), not begun yet, that
    /// deepens as [`Deepening::DEFAULT`]. Refuses a move that is not legal, or a
    /// budget of 0 playouts.
    pub fn new<S: AsRef<str>>(
        settings: &Settings,
        start: Option<&str>,
        moves: &[S],
        budget: ReviewBudget,
    ) -> Result<Reviewer, AiError> {
        Reviewer::with_deepening(settings, start, moves, budget, Deepening::DEFAULT)
    }

    /// [`Reviewer::new`], deepening as `deepening` says ([`Deepening::NONE`]: each
    /// position searched once).
    pub fn with_deepening<S: AsRef<str>>(
        settings: &Settings,
        start: Option<&str>,
        moves: &[S],
        budget: ReviewBudget,
        deepening: Deepening,
    ) -> Result<Reviewer, AiError> {
        review_player(budget.playouts)?;
        let mut position = match start {
            Some(code) => Position::from_code(code, settings)?,
            None => Position::start(settings),
        };
        let mut positions = Vec::with_capacity(moves.len() + 1);
        let mut keys = Vec::with_capacity(moves.len() + 1);
        let mut texts = Vec::with_capacity(moves.len());
        let mut movers = Vec::with_capacity(moves.len());
        positions.push(position.clone());
        keys.push(position_key(&position));
        for (i, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            let played = position.play_text(text).map_err(|reason| ReplayError::Move {
                ply: i + 1,
                text: crate::games::excerpt(text),
                reason,
            })?;
            texts.push(played.text);
            movers.push(played.seat);
            positions.push(position.clone());
            keys.push(position_key(&position));
        }
        Ok(Reviewer {
            positions,
            moves: texts,
            movers,
            keys,
            budget,
            deepening,
            verdicts: Vec::new(),
            used: 0,
            work: 0,
            next: None,
        })
    }

    /// The positions to search in all: the start and one per move.
    pub fn positions(&self) -> usize {
        self.positions.len()
    }

    /// The positions searched so far (a first time).
    pub fn done(&self) -> usize {
        self.verdicts.len()
    }

    /// The playouts of every search so far, the deeper ones' included.
    pub fn spent(&self) -> u64 {
        self.used
    }

    /// The positions every search so far evaluated ([`super::Choice::work`]).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The playouts of the next search [`Reviewer::step`] makes: a first one, or a
    /// deeper one; `None` once the review is made.
    pub fn next_playouts(&self) -> Option<u64> {
        if self.verdicts.len() < self.positions.len() {
            Some(self.budget.playouts)
        } else {
            self.next.map(|(_, playouts)| playouts)
        }
    }

    /// Searches the next position, or searches again, deeper, a position behind a
    /// label in doubt; true while a search remains after it.
    pub fn step(&mut self) -> Result<bool, AiError> {
        let i = self.verdicts.len();
        if i < self.positions.len() {
            let verdict = self.search(i, self.budget.playouts)?;
            self.verdicts.push(verdict);
        } else {
            let Some((j, playouts)) = self.next else { return Ok(false) };
            self.verdicts[j] = self.search(j, playouts)?;
        }
        self.next = if self.verdicts.len() == self.positions.len() { self.plan() } else { None };
        Ok(self.verdicts.len() < self.positions.len() || self.next.is_some())
    }

    /// Searches position `i` with `playouts`.
    fn search(&mut self, i: usize, playouts: u64) -> Result<Verdict, AiError> {
        // Each position has a seed of its own, so that the order the positions are
        // searched in (or a review shared between workers) changes nothing; a deeper
        // search of a position starts as its first one did and goes on.
        let seed = self.budget.seed.wrapping_add((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let player = review_player(playouts)?;
        let verdict = self.positions[i].visit(Judge { player: &player, seed, history: &self.keys[..=i] })?;
        self.used = self.used.saturating_add(verdict.playouts);
        self.work = self.work.saturating_add(verdict.work);
        Ok(verdict)
    }

    /// The position whose search gives position `i` its chances: `i`, or the first
    /// one after it with more than one legal move.
    fn source(&self, mut i: usize) -> usize {
        while self.verdicts[i].basis == Basis::Only && i + 1 < self.verdicts.len() {
            i += 1;
        }
        i
    }

    /// The next deeper search, once every position has its first: of the positions
    /// behind a label in doubt whose search may still double, the least searched
    /// (the earliest of equals), if the review's work allows it (a search twice as
    /// long is counted as twice the work of the last one).
    fn plan(&self) -> Option<(usize, u64)> {
        let most = self.budget.playouts.saturating_mul(self.deepening.most.max(1));
        let limit = self.deepening.work.saturating_mul(self.positions.len() as u64);
        let (chances, doubts, trusted) = self.standings();
        let mut wanted: Vec<usize> = Vec::new();
        for i in 0..self.moves.len() {
            if judged(self, i, &chances, &doubts, &trusted).decided {
                continue;
            }
            for j in [self.source(i), self.source(i + 1)] {
                if let Basis::Searched(_) = self.verdicts[j].basis {
                    if self.verdicts[j].playouts < most && !wanted.contains(&j) {
                        wanted.push(j);
                    }
                }
            }
        }
        let (playouts, j) = wanted.into_iter().map(|j| (self.verdicts[j].playouts, j)).min()?;
        let next = playouts.saturating_mul(2).min(most);
        let last = &self.verdicts[j];
        let cost = (last.work as f64 * next as f64 / last.playouts.max(1) as f64) as u64;
        (self.work.saturating_add(cost) <= limit).then_some((j, next))
    }

    /// Every seat's chances and doubts at each position, a forced position taking
    /// those of the position its move leads to; and whether each rests on enough
    /// playouts (or is a result).
    fn standings(&self) -> (Vec<Vec<f64>>, Vec<Vec<f64>>, Vec<bool>) {
        let n = self.moves.len();
        let floor = trusted_visits(self.budget.playouts);
        let mut chances: Vec<Vec<f64>> = self.verdicts.iter().map(|v| v.chances.clone()).collect();
        let mut doubts: Vec<Vec<f64>> = self.verdicts.iter().map(|v| v.doubt.clone()).collect();
        let mut trusted = vec![false; n + 1];
        // Last position first: a forced position takes its chances and its trust
        // from the position after it.
        for i in (0..=n).rev() {
            trusted[i] = match self.verdicts[i].basis {
                Basis::Final | Basis::Proven => true,
                Basis::Searched(visits) => visits >= floor,
                Basis::Only if i < n => {
                    chances[i] = chances[i + 1].clone();
                    doubts[i] = doubts[i + 1].clone();
                    trusted[i + 1]
                }
                Basis::Only => false,
            };
        }
        (chances, doubts, trusted)
    }

    /// Searches whatever is left and puts the review together.
    pub fn finish(mut self) -> Result<Review, AiError> {
        while self.step()? {}
        Ok(self.assemble())
    }

    /// The review, once every search is made ([`Reviewer::step`] said none
    /// remains); `None` before.
    pub fn review(&self) -> Option<Review> {
        (self.done() == self.positions() && self.next.is_none()).then(|| self.assemble())
    }

    /// The line after the move that led to position `i`: position `i`'s own, a
    /// forced move followed by the line after it.
    fn line_at(&self, mut i: usize) -> Vec<String> {
        let mut line = Vec::new();
        while i < self.verdicts.len() && line.len() < LINE_MOVES {
            let verdict = &self.verdicts[i];
            if verdict.basis == Basis::Only {
                line.extend(verdict.best.iter().cloned());
                i += 1;
            } else {
                line.extend(verdict.line.iter().take(LINE_MOVES - line.len()).cloned());
                break;
            }
        }
        line
    }

    fn assemble(&self) -> Review {
        let n = self.moves.len();
        let seats = self.positions.first().map_or(0, |p| p.seats().len());
        let (chances, doubts, trusted) = self.standings();
        let mut plies = Vec::with_capacity(n);
        for i in 0..n {
            let seat = self.movers[i].index();
            let verdict = &self.verdicts[i];
            let judged = judged(self, i, &chances, &doubts, &trusted);
            plies.push(PlyReview {
                ply: i as u32 + 1,
                seat: seat as u8,
                mv: self.moves[i].clone(),
                before: chances[i][seat],
                after: chances[i + 1][seat],
                loss: judged.loss,
                label: if judged.trusted { Label::of_loss(judged.loss) } else { None },
                best: if judged.best_played { None } else { verdict.best.clone() },
                trusted: judged.trusted,
                margin: judged.margin,
                decided: judged.decided,
                line: self.line_at(i + 1),
                best_line: if judged.best_played { Vec::new() } else { self.line_at(i) },
            });
        }
        let seats = (0..seats)
            .map(|s| {
                let series: Vec<f64> = chances.iter().map(|c| c[s]).collect();
                let weights = volatility_weights(&series);
                let mine: Vec<&PlyReview> = plies.iter().filter(|p| usize::from(p.seat) == s).collect();
                let scored: Vec<(f64, f64)> = mine
                    .iter()
                    .map(|p| (move_accuracy(p.loss), weights.get(p.ply as usize - 1).copied().unwrap_or(0.5)))
                    .collect();
                let count = |label: Label| mine.iter().filter(|p| p.label == Some(label)).count() as u32;
                SeatReview {
                    seat: s as u8,
                    moves: mine.len() as u32,
                    accuracy: seat_accuracy(&scored),
                    inaccuracies: count(Label::Inaccuracy),
                    mistakes: count(Label::Mistake),
                    blunders: count(Label::Blunder),
                }
            })
            .collect();
        let spent = (0..=n).map(|i| self.verdicts[self.source(i)].playouts).collect();
        Review { chances, plies, seats, playouts: self.budget.playouts, seed: self.budget.seed, spent, work: self.work }
    }
}

/// Ply `i` (from 0) of `reviewer` judged from the standings given.
fn judged(reviewer: &Reviewer, i: usize, chances: &[Vec<f64>], doubts: &[Vec<f64>], trusted: &[bool]) -> Judged {
    let seat = reviewer.movers[i].index();
    let verdict = &reviewer.verdicts[i];
    let best_played = verdict.basis == Basis::Only || verdict.best.as_deref() == Some(reviewer.moves[i].as_str());
    let both = trusted[i] && trusted[i + 1];
    if best_played {
        return Judged { loss: 0.0, margin: 0.0, decided: both, trusted: both, best_played };
    }
    let raw = chances[i][seat] - chances[i + 1][seat];
    let margin = CONFIDENCE_Z * doubts[i][seat].hypot(doubts[i + 1][seat]);
    let label = |loss: f64| Label::of_loss(loss.max(0.0));
    let decided = both && label(raw - margin) == label(raw + margin);
    Judged { loss: raw.max(0.0), margin, decided, trusted: both, best_played }
}

/// Reviews a whole game at once: its rule options, its start (a position code, or
/// `None` for the start position) and its moves, deepening as
/// [`Deepening::DEFAULT`]. The same arguments give the same review.
pub fn review<S: AsRef<str>>(
    settings: &Settings,
    start: Option<&str>,
    moves: &[S],
    budget: ReviewBudget,
) -> Result<Review, AiError> {
    Reviewer::new(settings, start, moves, budget)?.finish()
}

/// [`review`], deepening as `deepening` says.
pub fn review_with<S: AsRef<str>>(
    settings: &Settings,
    start: Option<&str>,
    moves: &[S],
    budget: ReviewBudget,
    deepening: Deepening,
) -> Result<Review, AiError> {
    Reviewer::with_deepening(settings, start, moves, budget, deepening)?.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_start_at_five_ten_and_fifteen_points() {
        assert_eq!(Label::of_loss(4.99), None);
        assert_eq!(Label::of_loss(5.0), Some(Label::Inaccuracy));
        assert_eq!(Label::of_loss(9.99), Some(Label::Inaccuracy));
        assert_eq!(Label::of_loss(10.0), Some(Label::Mistake));
        assert_eq!(Label::of_loss(15.0), Some(Label::Blunder));
        assert_eq!(Label::of_loss(f64::NAN), None);
        assert_eq!(Label::ALL.map(Label::sign), ["?!", "?", "??"]);
    }

    #[test]
    fn move_accuracy_is_lilas_fit_with_its_bonus() {
        assert_eq!(move_accuracy(0.0), 100.0);
        assert_eq!(move_accuracy(-3.0), 100.0);
        // 103.1668 · e^(−0.04354 · 5) − 3.1669 + 1 = 80.82.
        assert!((move_accuracy(5.0) - 80.82).abs() < 0.01, "{}", move_accuracy(5.0));
        assert!((move_accuracy(15.0) - 51.52).abs() < 0.01, "{}", move_accuracy(15.0));
        assert_eq!(move_accuracy(90.0), 0.0);
        let mut last = 100.0;
        for loss in 1..100 {
            let a = move_accuracy(f64::from(loss));
            assert!(a <= last && (0.0..=100.0).contains(&a));
            last = a;
        }
    }

    #[test]
    fn volatility_windows_follow_lila() {
        // 30 moves: windows of 3, the first one repeated once, then sliding.
        let series: Vec<f64> = (0..31).map(|i| if i % 2 == 0 { 50.0 } else { 60.0 }).collect();
        let weights = volatility_weights(&series);
        assert_eq!(weights.len(), 30);
        assert!((weights[0] - deviation(&[50.0, 60.0, 50.0])).abs() < 1e-12);
        assert!((weights[1] - deviation(&[50.0, 60.0, 50.0])).abs() < 1e-12);
        assert!((weights[2] - deviation(&[60.0, 50.0, 60.0])).abs() < 1e-12);
        // Quiet windows weigh at least 0.5, wild ones at most 12.
        assert!(volatility_weights(&[50.0; 11]).iter().all(|w| *w == 0.5));
        assert!(volatility_weights(&[0.0, 100.0, 0.0, 100.0]).iter().all(|w| *w == 12.0));
        // Fewer positions than a window: one window of all of them.
        assert_eq!(volatility_weights(&[50.0, 60.0]), vec![5.0]);
        assert!(volatility_weights(&[50.0]).is_empty());
    }

    #[test]
    fn a_seats_accuracy_is_the_mean_of_the_weighted_and_the_harmonic_means() {
        assert_eq!(seat_accuracy(&[]), None);
        assert_eq!(seat_accuracy(&[(100.0, 1.0), (100.0, 5.0)]), Some(100.0));
        let got = seat_accuracy(&[(100.0, 1.0), (50.0, 3.0)]).unwrap();
        let weighted = (100.0 + 150.0) / 4.0;
        let harmonic = 2.0 / (1.0 / 100.0 + 1.0 / 50.0);
        assert!((got - (weighted + harmonic) / 2.0).abs() < 1e-9);
        // A zero counts as 1 in the harmonic mean.
        assert!(seat_accuracy(&[(0.0, 1.0)]).is_some_and(|a| (a - 0.5).abs() < 1e-9));
    }
}
