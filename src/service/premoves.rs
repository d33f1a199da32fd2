//! Conditional moves, as lichess's correspondence players know them: while the others
//! are to move, a player leaves lines "if they play X, I answer Y" (`X Y Z W …`, the
//! others' moves and their own answers in turn), and the bot plays the answer the
//! moment a line's move is played.
//!
//! - **Given** with `premove line:"…"` (`Command::Premove`), listed with `premove`,
//!   cleared with `premove clear`: answers for the player alone. The web page sends
//!   the same command through [`super::Service::handle`] and shows
//!   [`Message::Premoves`]. A line is checked move by move in the position it reaches
//!   (a refusal names the move, with the words of a refused move) and kept in
//!   canonical notation. Not in games against the computer, and not on one's own turn
//!   (play the move then). A line ends with the player's own answer; a line that
//!   answers the same moves differently from one kept replaces it; at most
//!   [`MAX_LINES`] lines of at most [`MAX_LINE_MOVES`] moves a game.
//! - **Played** by a subscriber of the moves (`subscribers.rs`, queued only for games
//!   with lines): in the transaction that consumes the event of the move that matched,
//!   the answer is checked again and stored through the mover ([`mover::play_in`]),
//!   saying it was a conditional move, and the lines advance. Event and answer commit
//!   together or not at all, so a restart between the two moves loses nothing and
//!   never plays an answer twice: the event waits in its queue until it is handled.
//!   Lines whose move was not played are dropped; when none matched, all the player's
//!   lines go and they are told (a direct message, through the outbox).
//! - **Cleared** when the game ends (however it ends) and when a move is taken back
//!   (the position they were left for is gone; the player is told).

use super::boards::{self, find_game, here, tag};
use super::events::{Event, MovedBy};
use super::message::{Message, PremoveDone, PremoveDrop, PremoveLineSaid};
use super::mover::{self, MoveOrder, Mover};
use super::outbox;
use super::people::{find_actor, Seats};
use super::play::seated_seat;
use super::refusal::Refusal;
use super::{Destination, Failure, GameRef, Inner, PremoveAsked, Reply, Request};
use crate::games::{excerpt, MoveRejected, Phrase, Position, Worded};
use crate::store::{
    self, EventId, GameId, GameRecord, Millis, NewPremoveLine, PlayerId, PremoveLine, SeatHolder, Status, StoreError,
    Transaction,
};

type Result<T> = std::result::Result<T, Failure>;

/// The most moves in a line (five exchanges of two players): what a player foresees,
/// and a list of lines that fits a chat message.
pub const MAX_LINE_MOVES: usize = 10;

/// The most lines a player keeps in a game at once.
pub const MAX_LINES: usize = 8;

/// `premove`: lists, adds to or clears the actor's lines in a game.
pub(crate) fn premove(inner: &Inner, req: &Request, game: &GameRef, asked: &PremoveAsked) -> Result<Vec<Reply>> {
    let me = find_actor(inner, &req.actor)?;
    let record = find_game(inner, req, game, me, true)?;
    let seat = seated_seat(&record, me)?;
    let id = record.public_id.to_string();
    let me = me.ok_or_else(|| Refusal::NotSeated(id.clone()))?;
    if record.seats.iter().any(|s| matches!(s.holder, SeatHolder::Computer(_))) {
        return Err(Refusal::PremoveComputer(id).into());
    }
    let position = boards::current(&record)?;
    let game_id = record.id;
    let (lines, done) = match asked {
        PremoveAsked::List => {
            let lines = inner.store.read(move |tx| store::premoves_of(tx, game_id, me))?;
            (lines.iter().map(kept).collect(), PremoveDone::Listed)
        }
        PremoveAsked::Clear => {
            let count = inner.store.write(move |tx| store::clear_premoves(tx, game_id, Some(me)))?;
            (Vec::new(), PremoveDone::Cleared { count: u32::try_from(count).unwrap_or(u32::MAX) })
        }
        PremoveAsked::Add(text) => {
            if record.to_move == seat {
                return Err(Refusal::PremoveYourTurn(id).into());
            }
            let line = checked_line(&record, &position, seat, text)?;
            let new = NewPremoveLine {
                ply: record.ply,
                moves: line.iter().map(|(m, _)| m.clone()).collect(),
                created_at: inner.clock.now(),
            };
            let owned: Vec<bool> = line.iter().map(|(_, own)| *own).collect();
            let (ply, game_tag) = (record.ply, tag(&record));
            inner.store.write(move |tx| {
                match store::lock_game_ply(tx, game_id)? {
                    Some((now, true)) if now == ply => {}
                    _ => return Err(StoreError::MovedOn),
                }
                let kept = store::premoves_of(tx, game_id, me)?;
                let merged = merge(kept, new, &owned, &game_tag);
                if let Ok((lines, _)) = &merged {
                    store::set_premoves(tx, game_id, me, lines)?;
                }
                Ok(merged)
            })??
        }
    };
    // Only the lines of the position now: others wait for a move being handled.
    let lines = lines.iter().filter(|l| l.ply == record.ply).map(|l| said_line(&position, seat, &l.moves)).collect();
    let message = Message::Premoves { game: tag(&record), lines, done };
    let mut reply = Reply::new(here(inner, &req.place), message);
    reply.only_actor = true;
    Ok(vec![reply])
}

/// The moves of `text` as a line from `position`, where `seat` is not to move: each
/// in canonical notation, with whether it is `seat`'s own.
fn checked_line(
    record: &GameRecord,
    position: &Position,
    seat: u8,
    text: &str,
) -> std::result::Result<Vec<(String, bool)>, Refusal> {
    // Commas separate moves written with a space (`a7 down, a1 right`).
    let words: Vec<&str> = if text.contains(',') {
        text.split(',').map(str::trim).filter(|w| !w.is_empty()).collect()
    } else {
        text.split_whitespace().collect()
    };
    if words.is_empty() {
        return Err(Refusal::PremoveEmpty { kind: record.kind, example: example_line(position) });
    }
    if words.len() > MAX_LINE_MOVES {
        return Err(Refusal::PremoveTooLong { max: MAX_LINE_MOVES as u32 });
    }
    let mut position = position.clone();
    let mut line = Vec::with_capacity(words.len());
    let mut last_mover = seat;
    for (n, word) in (1u32..).zip(&words) {
        last_mover = position.to_move().0;
        let played = position.play_text(word).map_err(|e| Refusal::PremoveMove {
            n,
            text: excerpt(word),
            reason: reason(&e),
        })?;
        line.push((played.text, last_mover == seat));
    }
    match line.last() {
        Some((text, false)) => Err(Refusal::PremoveEndsWithTheirs {
            text: text.clone(),
            who: Seats::of(record).person(usize::from(last_mover)),
        }),
        _ => Ok(line),
    }
}

/// Why the rules refuse a move: the reason a refused move gives.
fn reason(e: &MoveRejected) -> Phrase {
    match e {
        MoveRejected::Malformed(m) => m.phrase(),
        MoveRejected::Illegal(i) => i.phrase(),
        other => other.phrase(),
    }
}

/// A line to show how one is written: a move of the player to move and an answer to
/// it (the first legal ones).
fn example_line(position: &Position) -> String {
    let mut position = position.clone();
    let mut moves = Vec::new();
    for _ in 0..2 {
        let Some(m) = position.legal_moves().into_iter().next() else { break };
        match position.play(&m) {
            Ok(played) => moves.push(played.text),
            Err(_) => break,
        }
    }
    moves.join(" ")
}

/// `kept` with `new` added (`owned`: which of its moves are the player's), and what
/// that did: a line `new` begins, or is, changes nothing; a line that is the
/// beginning of `new`, or answers one of its moves (up to there the same) with
/// another move, gives way to it. Lines left for another ply stay as they are.
fn merge(
    kept: Vec<PremoveLine>,
    new: NewPremoveLine,
    owned: &[bool],
    game: &super::GameTag,
) -> std::result::Result<(Vec<NewPremoveLine>, PremoveDone), Refusal> {
    let kept: Vec<NewPremoveLine> = kept.iter().map(self::kept).collect();
    let same_ply = |l: &NewPremoveLine| l.ply == new.ply;
    if kept.iter().filter(|l| same_ply(l)).any(|l| l.moves.starts_with(&new.moves)) {
        return Ok((kept, PremoveDone::AlreadyThere));
    }
    let mut replaced = 0;
    let mut lines = Vec::with_capacity(kept.len() + 1);
    for l in kept {
        if same_ply(&l) {
            if new.moves.starts_with(&l.moves) {
                // The new line goes further down the same moves.
                continue;
            }
            let split = l.moves.iter().zip(&new.moves).position(|(a, b)| a != b);
            if split.is_some_and(|at| owned.get(at).copied().unwrap_or(false)) {
                replaced += 1;
                continue;
            }
        }
        lines.push(l);
    }
    lines.push(new);
    if lines.len() > MAX_LINES {
        return Err(Refusal::PremoveTooMany { game: game.clone(), max: MAX_LINES as u32 });
    }
    Ok((lines, PremoveDone::Added { replaced }))
}

/// A line as messages show it: each move with whether it is `seat`'s, as the line
/// reaches it from `position`.
fn said_line(position: &Position, seat: u8, moves: &[String]) -> PremoveLineSaid {
    let mut position = position.clone();
    let moves = moves
        .iter()
        .map(|m| {
            let own = position.to_move().0 == seat;
            // Kept lines were checked when given: a move that fails now is shown as given.
            let _ = position.play_text(m);
            (m.clone(), own)
        })
        .collect();
    PremoveLineSaid { moves }
}

// ---------------------------------------------------------------------------
// The subscriber

/// The subscriber of the moves, takebacks and endings of games with lines (queued
/// only for those): answers a matching move, drops the lines a move left behind, and
/// clears them all when the game ends or a move is taken back. Runs in the
/// transaction that consumes the event, the game's row locked first.
// The unit tests run their own subscribers (`subscribers::tests`, `dispatcher::handler`).
pub(crate) fn on_event(
    inner: &Inner,
    tx: &Transaction,
    event: &Event,
    _: EventId,
) -> std::result::Result<(), StoreError> {
    let Some(game) = event.game() else { return Ok(()) };
    if store::lock_game_ply(tx, game)?.is_none() {
        return Ok(());
    }
    match event {
        Event::MovePlayed { ply, seat, text, .. } => on_move(inner, tx, game, *ply, *seat, text),
        Event::MoveTakenBack { .. } => {
            let lines = store::premoves_of_game(tx, game)?;
            store::clear_premoves(tx, game, None)?;
            let record = store::load_game(tx, game)?;
            let mut owners: Vec<PlayerId> = lines.iter().map(|l| l.player).collect();
            owners.dedup();
            let told = owners.into_iter().filter_map(|p| tell(&record, p, PremoveDrop::TakenBack)).collect();
            say(inner, tx, &record, told)
        }
        Event::GameEnded { .. } => store::clear_premoves(tx, game, None).map(|_| ()),
        _ => Ok(()),
    }
}

/// Move `ply` of `game`, `text`, was played by `seat`.
fn on_move(
    inner: &Inner,
    tx: &Transaction,
    game: GameId,
    ply: u32,
    seat: u8,
    text: &str,
) -> std::result::Result<(), StoreError> {
    let lines = store::premoves_of_game(tx, game)?;
    if lines.is_empty() {
        return Ok(());
    }
    let record = store::load_game(tx, game)?;
    if record.status != Status::Ongoing {
        return store::clear_premoves(tx, game, None).map(|_| ());
    }
    let mut owners: Vec<PlayerId> = lines.iter().map(|l| l.player).collect();
    owners.dedup();
    let mut told = Vec::new();
    for owner in owners {
        let theirs = lines.iter().filter(|l| l.player == owner);
        let Some(owner_seat) = record.seat_of(owner) else {
            store::clear_premoves(tx, game, Some(owner))?;
            continue;
        };
        // Lines due at this move, lines for later plies (kept), and lines for earlier
        // ones, left behind (dropped).
        let due: Vec<&PremoveLine> = theirs.clone().filter(|l| l.ply + 1 == ply).collect();
        let mut keep: Vec<NewPremoveLine> = theirs.clone().filter(|l| l.ply + 1 > ply).map(kept).collect();
        let stale = theirs.filter(|l| l.ply + 1 < ply).count();
        let matched: Vec<NewPremoveLine> = due
            .iter()
            .filter(|l| l.moves.first().is_some_and(|m| m == text))
            .map(|l| NewPremoveLine { ply, moves: l.moves[1..].to_vec(), created_at: l.created_at })
            .filter(|l| !l.moves.is_empty())
            .collect();
        let any_matched = due.iter().any(|l| l.moves.first().is_some_and(|m| m == text));
        if due.is_empty() {
            if stale > 0 {
                store::set_premoves(tx, game, owner, &keep)?;
            }
            continue;
        }
        if seat == owner_seat || !any_matched {
            // Their own move (typed before this one was handled) goes down the lines
            // it matches; another's that matches none clears them, and they are told.
            if seat != owner_seat {
                let mover = Seats::of(&record).person(usize::from(seat));
                told.extend(tell(&record, owner, PremoveDrop::NoMatch { mover, mv: text.to_string() }));
            }
            let mut lines = if seat == owner_seat { matched } else { Vec::new() };
            lines.append(&mut keep);
            store::set_premoves(tx, game, owner, &lines)?;
            continue;
        }
        let answering = record.ply == ply && record.to_move == owner_seat;
        let Some(answer) = matched.first().and_then(|l| l.moves.first()).filter(|_| answering).cloned() else {
            // Not their turn yet (more players), or the game has moved on meanwhile.
            let mut lines = matched;
            lines.append(&mut keep);
            store::set_premoves(tx, game, owner, &lines)?;
            continue;
        };
        let position = match boards::current(&record) {
            Ok(position) => position,
            Err(e) => {
                tracing::error!("game {}: cannot play a conditional move: {e:?}", record.public_id);
                store::set_premoves(tx, game, owner, &keep)?;
                continue;
            }
        };
        let mut after = position.clone();
        let played = match after.play_text(&answer) {
            Ok(played) => played,
            Err(e) => {
                told.extend(tell(&record, owner, PremoveDrop::Illegal { mv: answer, reason: reason(&e) }));
                store::set_premoves(tx, game, owner, &keep)?;
                continue;
            }
        };
        // The lines go on past the answer; the lines were kept agreeing on it, any
        // other is dropped. Written before the move, whose event is queued by them.
        let mut lines: Vec<NewPremoveLine> = matched
            .into_iter()
            .filter(|l| l.moves.first() == Some(&answer))
            .map(|l| NewPremoveLine { ply: ply + 1, moves: l.moves[1..].to_vec(), created_at: l.created_at })
            .filter(|l| !l.moves.is_empty())
            .collect();
        lines.append(&mut keep);
        store::set_premoves(tx, game, owner, &lines)?;
        let order = MoveOrder {
            record: &record,
            position: &after,
            played: &played,
            by: Mover::Conditional(Seats::of(&record).person(usize::from(owner_seat))),
            asking: None,
            deadline: None,
            also: None,
        };
        // Without a deadline to check, the move is stored or the transaction fails.
        mover::play_in(inner, tx, order)?;
    }
    say(inner, tx, &record, told)
}

/// A line kept as it is.
fn kept(l: &PremoveLine) -> NewPremoveLine {
    NewPremoveLine { ply: l.ply, moves: l.moves.clone(), created_at: l.created_at }
}

/// The direct message that tells `player` their lines in `record`'s game are gone.
fn tell(record: &GameRecord, player: PlayerId, why: PremoveDrop) -> Option<Reply> {
    let seat = record.seat_of(player)?;
    let user = Seats::of(record).person(usize::from(seat)).user().cloned()?;
    Some(Reply::new(Destination::Direct(user), Message::PremovesDropped { game: tag(record), why }))
}

/// Keeps `told` in the outbox, in `tx`.
fn say(inner: &Inner, tx: &Transaction, record: &GameRecord, told: Vec<Reply>) -> std::result::Result<(), StoreError> {
    if told.is_empty() {
        return Ok(());
    }
    let platform = match record.seats.iter().find_map(|s| match s.holder {
        SeatHolder::Player(p) => Some(p),
        SeatHolder::Computer(_) => None,
    }) {
        Some(p) => store::load_player(tx, p)?.platform,
        None => return Ok(()),
    };
    let now: Millis = inner.clock.now();
    outbox::record(tx, None, platform, record.community, told.into_iter().map(|r| (r, None)).collect(), now).map(|_| ())
}

/// Once a batch of events is committed: who follows a game whose conditional move was
/// played hears of it, the move is counted, and the events the answers recorded (the
/// others' lines may match them) are handled at once.
pub(crate) fn after_commit(inner: &Inner, handled: &[(EventId, Event)]) {
    for (id, event) in handled {
        let Event::MovePlayed { game, ply, .. } = event else { continue };
        let game = GameId(*game);
        // The answer, when one was played, is the game's next move, recorded with it.
        let (id, next) = (*id, ply + 1);
        let later = match inner.store.read_once(move |tx| store::events_of_game(tx, game, Some(id), 8)) {
            Ok(later) => later,
            Err(e) => {
                tracing::warn!("cannot read the events of game {}: {e}", game.0);
                continue;
            }
        };
        let answered = later
            .iter()
            .filter_map(Event::read)
            .any(|e| matches!(e, Event::MovePlayed { ply, by: MovedBy::Conditional, .. } if ply == next));
        if answered {
            inner.game_changed(game);
            inner.metrics.move_stored(super::metrics::Mover::Conditional);
        }
    }
    inner.changed();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::store::GameId;

    fn kept(n: u32, ply: u32, moves: &str) -> PremoveLine {
        PremoveLine {
            game: GameId(1),
            player: PlayerId(1),
            line: n,
            ply,
            moves: moves.split(' ').map(str::to_string).collect(),
            created_at: 0,
        }
    }

    fn new(moves: &str) -> NewPremoveLine {
        NewPremoveLine { ply: 4, moves: moves.split(' ').map(str::to_string).collect(), created_at: 1 }
    }

    fn game() -> super::super::GameTag {
        super::super::GameTag { kind: GameKind::Kuba, id: "K7Q2".into() }
    }

    fn texts(lines: &[NewPremoveLine]) -> Vec<String> {
        lines.iter().map(|l| format!("{}:{}", l.ply, l.moves.join(" "))).collect()
    }

    /// Theirs, then mine, in turn.
    const OWNED: [bool; 6] = [false, true, false, true, false, true];

    #[test]
    fn a_new_line_joins_replaces_or_extends_the_kept_ones() {
        let kept_lines = || vec![kept(1, 4, "a b c d"), kept(2, 4, "e f"), kept(3, 3, "x y")];
        // Another move of theirs: a new branch.
        let (lines, done) = merge(kept_lines(), new("g h"), &OWNED, &game()).unwrap();
        assert_eq!(done, PremoveDone::Added { replaced: 0 });
        assert_eq!(texts(&lines), ["4:a b c d", "4:e f", "3:x y", "4:g h"]);
        // The same moves of theirs answered otherwise: the old answer gives way.
        let (lines, done) = merge(kept_lines(), new("a b c z"), &OWNED, &game()).unwrap();
        assert_eq!(done, PremoveDone::Added { replaced: 1 });
        assert_eq!(texts(&lines), ["4:e f", "3:x y", "4:a b c z"]);
        let (lines, done) = merge(kept_lines(), new("e z"), &OWNED, &game()).unwrap();
        assert_eq!(
            (texts(&lines), done),
            (vec!["4:a b c d".into(), "3:x y".into(), "4:e z".into()], PremoveDone::Added { replaced: 1 })
        );
        // Further down a kept line: it is extended, not replaced.
        let (lines, done) = merge(kept_lines(), new("e f g h"), &OWNED, &game()).unwrap();
        assert_eq!(
            (texts(&lines), done),
            (vec!["4:a b c d".into(), "3:x y".into(), "4:e f g h".into()], PremoveDone::Added { replaced: 0 })
        );
        // The beginning of a kept line, or the same line: nothing changes.
        for same in ["a b", "a b c d", "e f"] {
            let (lines, done) = merge(kept_lines(), new(same), &OWNED, &game()).unwrap();
            assert_eq!(
                (texts(&lines), done),
                (vec!["4:a b c d".into(), "4:e f".into(), "3:x y".into()], PremoveDone::AlreadyThere),
                "{same}"
            );
        }
        // A line of another ply is never compared.
        let (lines, _) = merge(kept_lines(), new("x z"), &OWNED, &game()).unwrap();
        assert_eq!(texts(&lines), ["4:a b c d", "4:e f", "3:x y", "4:x z"]);
    }

    #[test]
    fn a_player_keeps_at_most_max_lines() {
        let full: Vec<PremoveLine> = (1..=MAX_LINES as u32).map(|n| kept(n, 4, &format!("t{n} m"))).collect();
        assert_eq!(
            merge(full.clone(), new("u m"), &OWNED, &game()),
            Err(Refusal::PremoveTooMany { game: game(), max: MAX_LINES as u32 })
        );
        // Replacing one keeps the count.
        let (lines, done) = merge(full, new("t1 z"), &OWNED, &game()).unwrap();
        assert_eq!((lines.len(), done), (MAX_LINES, PremoveDone::Added { replaced: 1 }));
    }

    #[test]
    fn an_example_line_is_a_move_and_an_answer() {
        let start = Position::setup(GameKind::Kuba, None, None).unwrap();
        let example = example_line(&start);
        let mut position = start.clone();
        for m in example.split(' ') {
            position.play_text(m).unwrap();
        }
        assert_eq!(example.split(' ').count(), 2, "{example}");
    }
}
