//! Games as replies show them: finding the game a request is about, its thread, its
//! position, and the board with what follows (whose turn, the clock, the result).

use super::message::{ClockNote, EndSaid, Ending, Next, ResultSaid};
use super::names::{GameTag, Person, ThreadRef, ThreadTitle};
use super::people::{picture_name, Seats};
use super::refusal::{GameChoice, Refusal};
use super::types::{game_of_thread, thread_name, Board, EndedBy, Picture};
use super::{Action, Destination, Failure, GameRef, Inner, Place, Reply, Request};
use crate::games::view::BoardView;
use crate::games::{MoveView, Phrase, Position, Settings, Worded, MENU_LIMIT};
use crate::store::{self, EndReason, GameRecord, PlayerId, SeatHolder, Status};

type Result<T> = std::result::Result<T, Failure>;

/// The name the computer goes by on pictures.
pub(crate) const BOT: &str = "boardbot";

/// The game as messages name it.
pub(crate) fn tag(record: &GameRecord) -> GameTag {
    GameTag { kind: record.kind, id: record.public_id.as_str().to_string() }
}

/// The game's thread as messages name it.
pub(crate) fn thread_ref(record: &GameRecord) -> ThreadRef {
    let id = record.public_id.as_str().to_string();
    let names: Vec<String> = (0..record.seats.len()).map(|i| picture_name(record, i, BOT)).collect();
    ThreadRef {
        name: thread_name(record.kind, &id),
        title: ThreadTitle::Game { game: tag(record), players: names },
        game: tag(record),
        thread: record.place.thread.clone(),
    }
}

/// Where a game's replies go: its thread.
pub(crate) fn thread_of(record: &GameRecord) -> Destination {
    let t = thread_ref(record);
    Destination::Thread {
        game: t.game.id,
        name: t.name,
        title: t.title,
        channel: record.place.channel.clone(),
        thread: t.thread,
    }
}

/// Where a reply to a request made at `place` goes: the game's thread when made in
/// one (named `kuba-K7Q2`, or a platform thread the store knows), else the channel.
pub(crate) fn here(inner: &Inner, place: &Place) -> Destination {
    if let Some(thread) = &place.thread {
        if let Some(record) = game_in_thread(inner, thread) {
            let mut destination = thread_of(&record);
            if game_of_thread(thread).is_none() {
                if let Destination::Thread { thread: known, .. } = &mut destination {
                    *known = Some(thread.clone());
                }
            }
            return destination;
        }
    }
    Destination::Channel { channel: place.channel.clone().unwrap_or_default() }
}

/// The game played in `thread`: a thread named `kuba-K7Q2`, or a platform thread
/// recorded with [`store::set_thread`]. `None` when there is none or the store fails
/// (logged): callers then treat the thread as a plain channel.
pub(crate) fn game_in_thread(inner: &Inner, thread: &str) -> Option<GameRecord> {
    let found = match game_of_thread(thread) {
        Some((_, id)) => inner.store.find_game(&id).map(Some),
        None => inner.store.read(|tx| store::games_at_place(tx, thread)).and_then(|games| match games.first() {
            Some(g) => inner.store.load_game(g.id).map(Some),
            None => Ok(None),
        }),
    };
    match found {
        Ok(found) => found,
        Err(store::StoreError::NotFound(_)) => None,
        Err(e) => {
            tracing::error!("cannot find the game of thread {thread}: {e}");
            None
        }
    }
}

/// The game a command is about: an id wins; then the thread; then the actor's only
/// game of that kind. `seated`: the actor must play in it (else spectators may look,
/// the one game of that kind going on in the channel is found too, and, with
/// neither, the actor's last finished game of that kind: `history` and `board`
/// right after a game ended show it).
pub(crate) fn find_game(
    inner: &Inner,
    req: &Request,
    game: &GameRef,
    me: Option<PlayerId>,
    seated: bool,
) -> Result<GameRecord> {
    let kind = game.kind;
    let by_id = |id: &str| -> Result<GameRecord> {
        let asker = store::Asker {
            platform: req.actor.platform,
            user_id: &req.actor.user_id,
            community: req.place.community.as_deref(),
            now: inner.clock.now(),
        };
        let (record, seen) = inner.store.find_game_for(id, &asker).map_err(|e| match e {
            store::StoreError::NotFound(_) => Failure::User(Refusal::NoSuchGame(id.to_ascii_uppercase())),
            e => e.into(),
        })?;
        super::seen::keep(&asker, &record, seen);
        // Commands for players only refuse everyone else on their own.
        if !seated {
            visible(inner, req, &record, me)?;
        }
        if record.kind != kind {
            return Err(
                Refusal::WrongKind { id: record.public_id.to_string(), actual: record.kind, asked: kind }.into()
            );
        }
        Ok(record)
    };
    if let Some(id) = &game.id {
        if store::PublicId::parse(id).is_none() {
            return Err(Refusal::NoSuchGame(crate::games::excerpt(id)).into());
        }
        return by_id(id);
    }
    if let Some(thread) = &req.place.thread {
        if let Some((_, id)) = game_of_thread(thread) {
            return by_id(&id);
        }
        if let Some(record) = game_in_thread(inner, thread) {
            return by_id(record.public_id.as_str());
        }
    }
    let mine = match me {
        Some(me) => inner.store.read(|tx| store::games_in_progress(tx, me))?,
        None => Vec::new(),
    };
    let mine: Vec<_> = mine.into_iter().filter(|g| g.kind == kind).collect();
    if mine.is_empty() && !seated {
        if let Some(channel) = &req.place.channel {
            let here: Vec<_> = inner
                .store
                .read(|tx| store::games_at_place(tx, channel))?
                .into_iter()
                .filter(|g| g.kind == kind && g.status == Status::Ongoing)
                .collect();
            if let [one] = here.as_slice() {
                return Ok(inner.store.load_game(one.id)?);
            }
        }
    }
    if let (true, false, Some(me)) = (mine.is_empty(), seated, me) {
        if let Some(last) = inner.store.read(move |tx| store::last_finished_game(tx, me, kind))? {
            return Ok(inner.store.load_game(last.id)?);
        }
    }
    match mine.as_slice() {
        [] => Err(Refusal::NoGameOfKind(kind).into()),
        [one] => Ok(inner.store.load_game(one.id)?),
        many => {
            let mut games = Vec::new();
            for g in many {
                let record = inner.store.load_game(g.id)?;
                let seats = Seats::of(&record);
                let others = record
                    .seats
                    .iter()
                    .filter(|s| Some(&s.holder) != me.map(SeatHolder::Player).as_ref())
                    .map(|s| seats.person(usize::from(s.seat)))
                    .collect();
                games.push(GameChoice { game: tag(&record), others, your_turn: me.is_some_and(|me| g.is_turn_of(me)) });
            }
            Err(Refusal::SeveralGames { kind, games }.into())
        }
    }
}

/// Whether the asker may see `record`: a game is shown in the community (server or
/// room) where it was made, and to its players anywhere; elsewhere, and in a direct
/// chat with the bot, it is refused as another community's, so that an id alone does
/// not open another server's games. A game made in a direct chat (no community) is
/// its players' only.
fn visible(inner: &Inner, req: &Request, record: &GameRecord, me: Option<PlayerId>) -> Result<()> {
    if me.is_some_and(|me| record.seats.iter().any(|s| s.holder == SeatHolder::Player(me))) {
        return Ok(());
    }
    let here = match &req.place.community {
        Some(community) => {
            let platform = req.actor.platform;
            inner.store.read(|tx| store::find_community(tx, platform, community))?
        }
        None => None,
    };
    if here.is_some() && here == record.community {
        return Ok(());
    }
    Err(Refusal::GameElsewhere(record.public_id.to_string()).into())
}

/// The rule options of a stored game.
pub(crate) fn settings(record: &GameRecord) -> Result<Settings> {
    Settings::from_json(record.kind, &record.settings).map_err(|e| Failure::Internal(e.to_string()))
}

/// The position of a game: from its cached code, or replayed from its moves when
/// its rules depend on the positions before (a repetition draw).
pub(crate) fn current(record: &GameRecord) -> Result<Position> {
    let settings = settings(record)?;
    if settings.needs_history() {
        return replayed(record, None).map(|(position, _)| position);
    }
    Position::from_code(&record.code, &settings)
        .map_err(|e| Failure::Internal(format!("game {}: {e}", record.public_id)))
}

/// The position of a game replayed from its moves (up to ply `upto`), with its last
/// move's view.
pub(crate) fn replayed(record: &GameRecord, upto: Option<u32>) -> Result<(Position, Option<MoveView<Phrase>>)> {
    let moves: Vec<&str> =
        record.moves.iter().filter(|m| upto.is_none_or(|u| m.ply <= u)).map(|m| m.text.as_str()).collect();
    let (position, last) = crate::games::replay(&settings(record)?, record.start_code.as_deref(), &moves)
        .map_err(|e| Failure::Internal(format!("game {}: {e}", record.public_id)))?;
    Ok((position, last.map(|p| p.view)))
}

/// Every position of a game for a replay: the start, then the position after each
/// move with that move as its `last`; and the final position.
pub(crate) fn replay_views(record: &GameRecord) -> Result<(Vec<BoardView<Phrase>>, Position)> {
    let settings = settings(record)?;
    let mut position = match &record.start_code {
        Some(code) => Position::from_code(code, &settings),
        None => Ok(Position::start(&settings)),
    }
    .map_err(|e| Failure::Internal(format!("game {}: {e}", record.public_id)))?;
    let mut views = Vec::with_capacity(record.moves.len() + 1);
    views.push(position.view(None));
    for m in &record.moves {
        let played = position
            .play_text(&m.text)
            .map_err(|e| Failure::Internal(format!("game {}, move {}: {e}", record.public_id, m.ply)))?;
        views.push(position.view(Some(played.view)));
    }
    Ok((views, position))
}

/// Whether the computer is to move in an ongoing game.
pub(crate) fn computer_to_move(record: &GameRecord) -> bool {
    record.status == Status::Ongoing
        && record.seats.iter().any(|s| s.seat == record.to_move && matches!(s.holder, SeatHolder::Computer(_)))
}

/// What the clock says for the player to move (nothing once the game is over).
pub(crate) fn clock_note(inner: &Inner, record: &GameRecord, seats: &Seats) -> ClockNote {
    clock_note_at(&inner.store, inner.clock.now(), record, seats)
}

/// What the clock says at `now` for the player to move, read from `store` (the web
/// pages read it without a whole service).
pub(crate) fn clock_note_at(db: &store::Store, now: store::Millis, record: &GameRecord, seats: &Seats) -> ClockNote {
    if record.status != Status::Ongoing {
        return ClockNote::default();
    }
    let left = record.turn_deadline.map(|deadline| (deadline - now).max(0));
    let vacation = match record.seats.iter().find(|s| s.seat == record.to_move).map(|s| &s.holder) {
        Some(SeatHolder::Player(player)) => {
            let player = *player;
            let ends = match super::seen::vacation(player) {
                Some(seen) => seen,
                None => {
                    db.read_once(move |tx| store::active_vacation(tx, player, now)).ok().flatten().map(|v| v.ends_at)
                }
            };
            ends.map(|ends| (seats.person(usize::from(record.to_move)), ends))
        }
        _ => None,
    };
    ClockNote { left, vacation }
}

/// [`clock_note`] read in `tx` at `now`, for messages made inside a write.
pub(crate) fn clock_note_in(
    tx: &store::Transaction,
    record: &GameRecord,
    seats: &Seats,
    now: store::Millis,
) -> std::result::Result<ClockNote, store::StoreError> {
    if record.status != Status::Ongoing {
        return Ok(ClockNote::default());
    }
    let left = record.turn_deadline.map(|deadline| (deadline - now).max(0));
    let vacation = match record.seats.iter().find(|s| s.seat == record.to_move).map(|s| &s.holder) {
        Some(SeatHolder::Player(player)) => {
            store::active_vacation(tx, *player, now)?.map(|v| (seats.person(usize::from(record.to_move)), v.ends_at))
        }
        _ => None,
    };
    Ok(ClockNote { left, vacation })
}

/// The result of a finished game as messages tell it.
pub(crate) fn ending(record: &GameRecord, position: &Position, seats: &Seats) -> Option<Ending> {
    let result = record.result.as_ref()?;
    let why = match result.end_reason {
        EndReason::Finished => match position.outcome() {
            Some(o) => EndSaid::Rules(o.reason.phrase()),
            None => EndSaid::Unknown,
        },
        EndReason::Resigned => EndSaid::Resigned,
        EndReason::TimedOut => EndSaid::TimedOut,
        EndReason::Aborted => EndSaid::Aborted,
        EndReason::DrawnByAgreement => EndSaid::Agreed,
    };
    let firsts: Vec<Person> =
        result.places.iter().enumerate().filter(|(_, p)| **p == 1).map(|(i, _)| seats.person(i)).collect();
    let result_said = if result.places.is_empty() {
        ResultSaid::None
    } else if firsts.len() == result.places.len() {
        ResultSaid::Draw
    } else if let [one] = firsts.as_slice() {
        ResultSaid::Winner(one.clone())
    } else {
        ResultSaid::Shared(firsts)
    };
    Some(Ending { why, result: result_said, scores: result.scores.clone() })
}

/// Whose turn it is, or how the game ended.
pub(crate) fn next(inner: &Inner, record: &GameRecord, position: &Position, seats: &Seats) -> Next {
    next_at(&inner.store, inner.clock.now(), record, position, seats)
}

/// Whose turn it is at `now`, or how the game ended, read from `db`.
pub(crate) fn next_at(
    db: &store::Store,
    now: store::Millis,
    record: &GameRecord,
    position: &Position,
    seats: &Seats,
) -> Next {
    match ending(record, position, seats) {
        Some(ending) => Next::Over(ending),
        None => Next::ToMove {
            seat: seats.seat(position, usize::from(position.to_move().0)),
            clock: clock_note_at(db, now, record, seats),
        },
    }
}

/// How a finished game ended outside the rules, for its final picture.
pub(crate) fn ended_by(record: &GameRecord, position: &Position, seats: &Seats) -> Option<EndedBy> {
    let result = record.result.as_ref()?;
    let last_seat = || {
        let n = result.places.len() as u8;
        result.places.iter().position(|p| *p == n && n > 1).map(|i| seats.seat(position, i))
    };
    match result.end_reason {
        EndReason::Finished => None,
        EndReason::Resigned => last_seat().map(EndedBy::Resigned),
        EndReason::TimedOut => last_seat().map(EndedBy::TimedOut),
        EndReason::Aborted => Some(EndedBy::Aborted),
        EndReason::DrawnByAgreement => Some(EndedBy::Agreed),
    }
}

/// The board of `record` at `position` (after its move `last`).
pub(crate) fn board(
    inner: &Inner,
    record: &GameRecord,
    position: &Position,
    last: Option<MoveView<Phrase>>,
    flip: bool,
    seats: &Seats,
) -> Board {
    board_with_clock(record, position, last, flip, seats, clock_note(inner, record, seats))
}

/// The board of `record` at `position`, its clock as given.
pub(crate) fn board_with_clock(
    record: &GameRecord,
    position: &Position,
    last: Option<MoveView<Phrase>>,
    flip: bool,
    seats: &Seats,
    clock: ClockNote,
) -> Board {
    let names = (0..record.seats.len()).map(|i| picture_name(record, i, BOT)).collect();
    Board {
        kind: record.kind,
        game: Some(record.public_id.as_str().to_string()),
        ply: record.ply,
        flip,
        view: position.view(last),
        names,
        clock,
        ended: ended_by(record, position, seats),
        diagram: position.diagram(),
    }
}

/// What can be done next on a board: resign, offer a draw, flip, and the moves.
pub(crate) fn board_actions(record: &GameRecord, position: &Position) -> Vec<Action> {
    let mut actions = Vec::new();
    if position.is_over() || record.status != Status::Ongoing {
        return actions;
    }
    let id = record.public_id.as_str().to_string();
    let kind = record.kind;
    actions.push(Action::Resign { kind, game: id.clone() });
    actions.push(Action::OfferDraw { kind, game: id.clone() });
    actions.push(Action::Flip { kind, game: id.clone() });
    let menu = position.menu("", "", MENU_LIMIT);
    actions.extend(menu.choices.into_iter().map(|c| Action::move_choice(kind, &id, record.ply, c)));
    actions
}

/// A board message in the game's thread, its clock as given (a message made inside a
/// write, which reads it with [`clock_note_in`]).
pub(crate) fn board_reply_with_clock(
    record: &GameRecord,
    position: &Position,
    last: Option<MoveView<Phrase>>,
    seats: &Seats,
    message: super::Message,
    clock: ClockNote,
) -> Reply {
    let board = board_with_clock(record, position, last, false, seats, clock);
    let mut reply = Reply::new(thread_of(record), message);
    reply.picture = Some(Picture::Board(board));
    reply.actions = board_actions(record, position);
    reply
}

/// A board message in the game's thread: `message` with the board and what can be
/// done next.
pub(crate) fn board_reply(
    inner: &Inner,
    record: &GameRecord,
    position: &Position,
    last: Option<MoveView<Phrase>>,
    seats: &Seats,
    message: super::Message,
) -> Reply {
    // The clock the message says is the one the picture shows: one read fewer.
    let clock = match message.next() {
        Some(Next::ToMove { clock, .. }) => clock.clone(),
        _ => clock_note(inner, record, seats),
    };
    let board = board_with_clock(record, position, last, false, seats, clock);
    let mut reply = Reply::new(thread_of(record), message);
    reply.picture = Some(Picture::Board(board));
    reply.actions = board_actions(record, position);
    reply
}
