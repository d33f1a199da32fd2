//! Every message the service can say, worded for every platform's grammar and every
//! language: never empty, no message id left unworded, no `{$variable}` left, no `/`
//! command hint in Matrix and no `!` one on Discord or in the terminal.

use boardbot::ai::review::Label;
use boardbot::ai::Level;
use boardbot::games::{GameKind, Phrase};
use boardbot::lang::Lang;
use boardbot::pairing::{Format, GameResult, Points};
use boardbot::present::{say, Grammar, Plain};
use boardbot::service::{
    AbortCause, Attention, BoardRow, ChallengeState, ClockNote, EndSaid, Ending, Expected, Expired, FirstSaid,
    GameChoice, GameLine, GameTag, HeadToHead, LanguageScope, Message, MoveSaid, Next, Notify, Opening, PairingLine,
    Person, PremoveDone, PremoveDrop, PremoveLineSaid, RatingChangeSaid, RatingLine, RatingShown, Refusal, ResultSaid,
    SeatRef, StandingLine, ThreadRef, ThreadTitle, TournamentLine, TournamentState, TournamentTag, UserRef,
};
use boardbot::service::{AnnotatedMove, ReviewLine, TurningPoint, Why};
use boardbot::service::{PuzzleFrom, PuzzleLeader, PuzzleRatingChange, PuzzleRefusal, PuzzleSaid, StreakSaid};
use boardbot::store::TimeControl;

fn alice() -> Person {
    Person::User(UserRef { user_id: "11".into(), name: "alice".into() })
}

fn bob() -> Person {
    Person::User(UserRef { user_id: "12".into(), name: "bob".into() })
}

fn game() -> GameTag {
    GameTag { kind: GameKind::Kuba, id: "K7Q2".into() }
}

fn seat(person: Person, colour: &'static str) -> SeatRef {
    SeatRef { person, colour: Phrase::new(colour) }
}

fn swiss() -> TournamentTag {
    TournamentTag { id: 3, kind: GameKind::Kuba, format: Format::Swiss, name: None, edition: 1 }
}

fn league() -> TournamentTag {
    TournamentTag {
        id: 4,
        kind: GameKind::Cabale,
        format: Format::RoundRobin,
        name: Some("Winter league".into()),
        edition: 2,
    }
}

fn standing_lines() -> Vec<StandingLine> {
    vec![
        StandingLine {
            rank: 1,
            person: alice(),
            points: Points::from_quarters(10),
            sonneborn_berger: Points::from_quarters(18),
            second: Points::from_quarters(24),
            withdrawn: false,
        },
        StandingLine {
            rank: 2,
            person: bob(),
            points: Points::ONE,
            sonneborn_berger: Points::ZERO,
            second: Points::HALF,
            withdrawn: true,
        },
    ]
}

fn rating(value: i64, provisional: bool) -> RatingShown {
    RatingShown { value, provisional }
}

fn endings() -> Vec<Ending> {
    let rules = Phrase::new("kuba-end-seven-reds").term("colour", "kuba-colour-white");
    vec![
        Ending { why: EndSaid::Rules(rules), result: ResultSaid::Winner(alice()), scores: None },
        Ending { why: EndSaid::Resigned, result: ResultSaid::Winner(bob()), scores: Some(vec![3, 5]) },
        Ending { why: EndSaid::TimedOut, result: ResultSaid::Shared(vec![alice(), bob()]), scores: None },
        Ending { why: EndSaid::Aborted, result: ResultSaid::None, scores: None },
        Ending { why: EndSaid::Agreed, result: ResultSaid::Draw, scores: None },
        Ending { why: EndSaid::Unknown, result: ResultSaid::Draw, scores: None },
    ]
}

fn nexts() -> Vec<Next> {
    let mut out = vec![
        Next::ToMove { seat: seat(bob(), "kuba-seat-black"), clock: ClockNote::default() },
        Next::ToMove {
            seat: seat(bob(), "kuba-seat-black"),
            clock: ClockNote { left: Some(3_600_000), vacation: None },
        },
        Next::ToMove {
            seat: seat(bob(), "kuba-seat-black"),
            clock: ClockNote { left: None, vacation: Some((bob(), 1_795_435_200_000)) },
        },
        Next::ToMove {
            seat: seat(Person::Computer, "kuba-seat-black"),
            clock: ClockNote { left: Some(90_000_000), vacation: Some((bob(), 1_795_435_200_000)) },
        },
    ];
    out.extend(endings().into_iter().map(Next::Over));
    out
}

/// One value of every refusal; the match below fails to build when a variant is added
/// without a sample here.
fn refusals() -> Vec<Refusal> {
    let word = |w: &str| w.to_string();
    let all = vec![
        Refusal::FromBot,
        Refusal::UnknownUser("zed".into()),
        Refusal::NotInRoom("@zed:example.org".into()),
        Refusal::AmbiguousName("sam".into()),
        Refusal::NoCommand,
        Refusal::UnknownGame("chess".into()),
        Refusal::UnknownSubcommand {
            command: word("kuba"),
            word: word("castle"),
            known: vec![word("move"), word("board")],
        },
        Refusal::UnknownOption { sub: word("move"), option: word("colour"), known: vec![word("game")] },
        Refusal::UnknownOption { sub: word("games"), option: word("colour"), known: vec![] },
        Refusal::OptionOfOtherGames { option: word("size"), games: vec![GameKind::Kewbz], kind: GameKind::Kuba },
        Refusal::BadValue { option: word("rated"), value: word("maybe"), expected: Expected::YesNo },
        Refusal::BadValue { option: word("size"), value: word("x"), expected: Expected::Number },
        Refusal::BadValue { option: word("size"), value: word("99"), expected: Expected::Range { min: 4, max: 26 } },
        Refusal::BadValue {
            option: word("first"),
            value: word("never"),
            expected: Expected::OneOf(vec![word("me"), word("them"), word("random")]),
        },
        Refusal::BadValue { option: word("days"), value: word("soon"), expected: Expected::Days },
        Refusal::BadValue { option: word("game"), value: word("??"), expected: Expected::GameId },
        Refusal::BadValue { option: word("vs"), value: word("x"), expected: Expected::User },
        Refusal::MissingOption { sub: word("leaderboard"), option: word("game") },
        Refusal::ExtraWords { sub: word("resign"), word: word("now") },
        Refusal::NoMentionHere { sub: word("accept"), name: word("bob") },
        Refusal::TooManyNamed { sub: word("rating") },
        Refusal::TakesOneOf { sub: word("vacation"), words: vec![word("days:"), word("end")] },
        Refusal::SettingsNotObject("[1]".into()),
        Refusal::BadSettings(Phrase::new("game-settings-value").text("reason", "bad")),
        Refusal::PlayersMismatch { given: word("2"), seats: 3 },
        Refusal::NoOpponent(GameKind::Kuba),
        Refusal::ComputerOneToOne(GameKind::Cabale),
        Refusal::TooManyOpponents { kind: GameKind::Kuba, max_players: 2 },
        Refusal::TooManyOpponents { kind: GameKind::Cabale, max_players: 4 },
        Refusal::NamedTwice(bob()),
        Refusal::ChallengeSelf,
        Refusal::OtherBot(bob()),
        Refusal::AlreadyChallenged { who: bob(), challenge: 3 },
        Refusal::TooManyChallenges { limit: 20 },
        Refusal::ComputerRated,
        Refusal::ComputerGamesLimit { max: 10 },
        Refusal::LevelWithoutComputer,
        Refusal::StartRated,
        Refusal::StartCode(Phrase::new("game-settings-value").text("reason", "bad")),
        Refusal::StartOver,
        Refusal::RatedNeedsClock,
        Refusal::BadDays(4),
        Refusal::NoChallengeWaiting(GameKind::Nuba),
        Refusal::NoChallengeToCancel(GameKind::Nuba),
        Refusal::NoSuchChallenge(9),
        Refusal::ChallengeClosed { challenge: 1, state: ChallengeState::Accepted },
        Refusal::ChallengeClosed { challenge: 1, state: ChallengeState::Declined },
        Refusal::ChallengeClosed { challenge: 1, state: ChallengeState::Expired },
        Refusal::ChallengeClosed { challenge: 1, state: ChallengeState::Cancelled },
        Refusal::ChallengeOfOtherGame { challenge: 2, actual: GameKind::Kewbz, asked: GameKind::Kuba },
        Refusal::OwnChallenge { challenge: 2, kind: GameKind::Kuba },
        Refusal::NotYourChallenge(2),
        Refusal::AlreadyAccepted(2),
        Refusal::NotChallenger(2),
        Refusal::SeveralChallenges { kind: GameKind::Kuba, open: vec![(1, alice()), (2, bob())] },
        Refusal::ChallengeExpired(2),
        Refusal::NoSuchGame("ZZZZ".into()),
        Refusal::GameElsewhere("K7Q2".into()),
        Refusal::WrongKind { id: word("K7Q2"), actual: GameKind::Nuba, asked: GameKind::Kuba },
        Refusal::NoGameOfKind(GameKind::Cabale),
        Refusal::SeveralGames {
            kind: GameKind::Kuba,
            games: vec![
                GameChoice { game: game(), others: vec![bob()], your_turn: true },
                GameChoice { game: game(), others: vec![Person::Computer], your_turn: false },
            ],
        },
        Refusal::NotSeated("K7Q2".into()),
        Refusal::NotYourTurn { game: word("K7Q2"), waiting: bob() },
        Refusal::GameOver("K7Q2".into()),
        Refusal::AbortTooLate("K7Q2".into()),
        Refusal::ReviewOfGameInProgress("K7Q2".into()),
        Refusal::NothingToReview("K7Q2".into()),
        Refusal::ReviewBusy(game()),
        Refusal::EmptyMove { kind: GameKind::Kuba, example: word("a6-E") },
        Refusal::Malformed(Phrase::new("kuba-malformed-empty")),
        Refusal::Illegal(Phrase::new("kuba-illegal-game-over")),
        Refusal::MovedOn,
        Refusal::MenuMovePassed { game: "K7Q2".into(), offered: 12, now: 14 },
        Refusal::DrawForTwo,
        Refusal::DrawAlreadyOffered,
        Refusal::NoDrawOffered("K7Q2".into()),
        Refusal::OwnDrawOffer,
        Refusal::NoMoveYet,
        Refusal::TakebackNotYours,
        Refusal::TakebackRated,
        Refusal::TakebackPending,
        Refusal::ComputerNoTakeback,
        Refusal::NoTakebackAsked("K7Q2".into()),
        Refusal::OwnTakeback,
        Refusal::ComputerNoRating,
        Refusal::NotPlayedYet(bob()),
        Refusal::NotifyOthers,
        Refusal::VacationDays { days: 0, cap: 30 },
        Refusal::OnVacation { until: 1_795_435_200_000 },
        Refusal::VacationCap { left: 10, cap: 30, taken: 20 },
        Refusal::NotOnVacation,
        Refusal::LanguageNotManager,
        Refusal::LanguageNoCommunity,
        Refusal::WebNotManager,
        Refusal::WebNoCommunity,
        Refusal::WebNotServed,
        Refusal::NotAnswered,
        Refusal::StaleButton,
        Refusal::TournamentNoCommunity,
        Refusal::TournamentNoClock,
        Refusal::TournamentRoundsForSwiss,
        Refusal::TournamentNameTooLong { max: 60 },
        Refusal::NoSuchTournament(9),
        Refusal::TournamentElsewhere(9),
        Refusal::NoTournamentHere,
        Refusal::SeveralTournaments(vec![swiss(), league()]),
        Refusal::TournamentNotOpen { tournament: swiss(), state: TournamentState::Running },
        Refusal::TournamentNotOpen { tournament: league(), state: TournamentState::Finished },
        Refusal::TournamentNotOpen { tournament: swiss(), state: TournamentState::Cancelled },
        Refusal::TournamentFull { tournament: swiss(), max: 8 },
        Refusal::AlreadyEntered(swiss()),
        Refusal::NotEntered(league()),
        Refusal::AlreadyWithdrawn(swiss()),
        Refusal::TournamentNotYours(swiss()),
        Refusal::TournamentTooFew { tournament: swiss(), players: 2, needed: 3 },
        Refusal::TournamentBarred { tournament: league(), previous: 3 },
        Refusal::TournamentNoAbort(game()),
        Refusal::TournamentNoRound { tournament: swiss(), round: 4, paired: 2 },
        Refusal::PremoveComputer("K7Q2".into()),
        Refusal::PremoveYourTurn("K7Q2".into()),
        Refusal::PremoveMove { n: 3, text: word("f1-N"), reason: Phrase::new("kuba-illegal-game-over") },
        Refusal::PremoveEndsWithTheirs { text: word("g7-S"), who: bob() },
        Refusal::PremoveEmpty { kind: GameKind::Kuba, example: word("g7-S a6-E") },
        Refusal::PremoveTooLong { max: 10 },
        Refusal::PremoveTooMany { game: game(), max: 8 },
        Refusal::Unquoted { option: word("line"), value: word("g7-S a6-E") },
        Refusal::Puzzle(PuzzleRefusal::NoneLeft { kind: GameKind::Kuba, alone: false }),
        Refusal::Puzzle(PuzzleRefusal::NoneLeft { kind: GameKind::Nuba, alone: true }),
        Refusal::Puzzle(PuzzleRefusal::NothingToSolve(GameKind::Kewbz)),
        Refusal::Puzzle(PuzzleRefusal::NoCommunity(GameKind::Cabale)),
        Refusal::Puzzle(PuzzleRefusal::AnsweredBefore { kind: GameKind::Kuba, puzzle: 12 }),
        Refusal::Puzzle(PuzzleRefusal::NotForYou { kind: GameKind::Kewbz, puzzle: 3 }),
        Refusal::Puzzle(PuzzleRefusal::OtherOpen { kind: GameKind::Nuba, puzzle: 7 }),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for r in &all {
        seen.insert(refusal_index(r));
    }
    assert_eq!(seen.len(), REFUSAL_VARIANTS, "every refusal has a sample");
    all
}

const REFUSAL_VARIANTS: usize = 119;

/// The variant's number; no wildcard, so a new variant must be listed (and sampled).
fn refusal_index(r: &Refusal) -> usize {
    use Refusal as R;
    match r {
        R::FromBot => 0,
        R::UnknownUser(_) => 1,
        R::NotInRoom(_) => 2,
        R::AmbiguousName(_) => 3,
        R::NoCommand => 4,
        R::UnknownGame(_) => 5,
        R::UnknownSubcommand { .. } => 6,
        R::UnknownOption { .. } => 7,
        R::OptionOfOtherGames { .. } => 8,
        R::BadValue { .. } => 9,
        R::MissingOption { .. } => 10,
        R::ExtraWords { .. } => 11,
        R::NoMentionHere { .. } => 12,
        R::TooManyNamed { .. } => 13,
        R::TakesOneOf { .. } => 74,
        R::SettingsNotObject(_) => 14,
        R::BadSettings(_) => 15,
        R::PlayersMismatch { .. } => 16,
        R::NoOpponent(_) => 17,
        R::ComputerOneToOne(_) => 18,
        R::TooManyOpponents { .. } => 19,
        R::NamedTwice(_) => 20,
        R::ChallengeSelf => 21,
        R::OtherBot(_) => 22,
        R::AlreadyChallenged { .. } => 23,
        R::ComputerRated => 24,
        R::ComputerGamesLimit { .. } => 53,
        R::LevelWithoutComputer => 25,
        R::StartRated => 26,
        R::StartCode(_) => 27,
        R::StartOver => 28,
        R::RatedNeedsClock => 29,
        R::BadDays(_) => 30,
        R::NoChallengeWaiting(_) => 31,
        R::NoChallengeToCancel(_) => 32,
        R::NoSuchChallenge(_) => 33,
        R::ChallengeClosed { .. } => 34,
        R::ChallengeOfOtherGame { .. } => 35,
        R::OwnChallenge { .. } => 36,
        R::NotYourChallenge(_) => 37,
        R::AlreadyAccepted(_) => 38,
        R::NotChallenger(_) => 39,
        R::SeveralChallenges { .. } => 40,
        R::ChallengeExpired(_) => 41,
        R::NoSuchGame(_) => 42,
        R::WrongKind { .. } => 43,
        R::NoGameOfKind(_) => 44,
        R::SeveralGames { .. } => 45,
        R::NotSeated(_) => 46,
        R::NotYourTurn { .. } => 47,
        R::GameOver(_) => 48,
        R::EmptyMove { .. } => 49,
        R::Malformed(_) => 50,
        R::Illegal(_) => 51,
        R::MovedOn => 52,
        R::MenuMovePassed { .. } => 83,
        R::DrawForTwo => 54,
        R::DrawAlreadyOffered => 55,
        R::NoDrawOffered(_) => 56,
        R::OwnDrawOffer => 57,
        R::NoMoveYet => 58,
        R::TakebackNotYours => 59,
        R::TakebackRated => 60,
        R::TakebackPending => 61,
        R::ComputerNoTakeback => 62,
        R::NoTakebackAsked(_) => 63,
        R::OwnTakeback => 64,
        R::ComputerNoRating => 65,
        R::NotPlayedYet(_) => 66,
        R::NotifyOthers => 67,
        R::VacationDays { .. } => 68,
        R::OnVacation { .. } => 69,
        R::VacationCap { .. } => 70,
        R::NotOnVacation => 71,
        R::NotAnswered => 72,
        R::StaleButton => 73,
        R::AbortTooLate(_) => 75,
        R::LanguageNotManager => 76,
        R::LanguageNoCommunity => 77,
        R::TooManyChallenges { .. } => 78,
        R::GameElsewhere(_) => 79,
        R::WebNotManager => 80,
        R::WebNoCommunity => 81,
        R::WebNotServed => 82,
        R::ReviewOfGameInProgress(_) => 84,
        R::NothingToReview(_) => 85,
        R::ReviewBusy(_) => 86,
        R::TournamentNoCommunity => 87,
        R::TournamentNoClock => 88,
        R::TournamentRoundsForSwiss => 89,
        R::TournamentNameTooLong { .. } => 90,
        R::NoSuchTournament(_) => 91,
        R::TournamentElsewhere(_) => 92,
        R::NoTournamentHere => 93,
        R::SeveralTournaments(_) => 94,
        R::TournamentNotOpen { .. } => 95,
        R::TournamentFull { .. } => 96,
        R::AlreadyEntered(_) => 97,
        R::NotEntered(_) => 98,
        R::AlreadyWithdrawn(_) => 99,
        R::TournamentNotYours(_) => 100,
        R::TournamentTooFew { .. } => 101,
        R::TournamentBarred { .. } => 102,
        R::TournamentNoAbort(_) => 103,
        R::TournamentNoRound { .. } => 104,
        R::PremoveComputer(_) => 105,
        R::PremoveYourTurn(_) => 106,
        R::PremoveMove { .. } => 107,
        R::PremoveEndsWithTheirs { .. } => 108,
        R::PremoveEmpty { .. } => 109,
        R::PremoveTooLong { .. } => 110,
        R::PremoveTooMany { .. } => 111,
        R::Unquoted { .. } => 112,
        R::Puzzle(PuzzleRefusal::NoneLeft { .. }) => 113,
        R::Puzzle(PuzzleRefusal::NothingToSolve(_)) => 114,
        R::Puzzle(PuzzleRefusal::NoCommunity(_)) => 115,
        R::Puzzle(PuzzleRefusal::AnsweredBefore { .. }) => 116,
        R::Puzzle(PuzzleRefusal::NotForYou { .. }) => 117,
        R::Puzzle(PuzzleRefusal::OtherOpen { .. }) => 118,
    }
}

fn title() -> ThreadTitle {
    ThreadTitle::Game { game: game(), players: vec!["alice".into(), "bob".into()] }
}

/// A game's thread is titled in the reader's words, as Discord names it; a title that
/// an older version queued already worded (a string) still reads as it was.
#[test]
fn thread_titles_are_worded_in_the_readers_language() {
    use boardbot::present::{quoted_thread_title, thread_title};
    let cases = [
        (Lang::En, "Kuba · alice vs bob · K7Q2", "“Kuba · alice vs bob · K7Q2”"),
        (Lang::Fr, "Kuba · alice contre bob · K7Q2", "«\u{a0}Kuba · alice contre bob · K7Q2\u{a0}»"),
        (Lang::Es, "Kuba · alice contra bob · K7Q2", "«Kuba · alice contra bob · K7Q2»"),
        (Lang::Nl, "Kuba · alice tegen bob · K7Q2", "‘Kuba · alice tegen bob · K7Q2’"),
        (Lang::De, "Kuba · alice gegen bob · K7Q2", "„Kuba · alice gegen bob · K7Q2“"),
    ];
    for (lang, plain, quoted) in cases {
        assert_eq!(thread_title(&title(), lang), plain);
        assert_eq!(quoted_thread_title(&title(), lang), quoted);
    }
    let three = ThreadTitle::Game { game: game(), players: vec!["a".into(), "b".into(), "boardbot".into()] };
    assert_eq!(thread_title(&three, Lang::En), "Kuba · a vs b vs boardbot · K7Q2");
    let stored: ThreadTitle = serde_json::from_str(r#""Kuba · alice vs bob · K7Q2""#).expect("an old title");
    assert_eq!(thread_title(&stored, Lang::De), "Kuba · alice vs bob · K7Q2");
    let json = serde_json::to_string(&title()).expect("JSON");
    assert_eq!(serde_json::from_str::<ThreadTitle>(&json).expect("read back"), title());
}

/// One or more values of every message; the match below fails to build when a
/// variant is added without being listed.
pub(crate) fn messages() -> Vec<Message> {
    let thread = ThreadRef { game: game(), name: "kuba-K7Q2".into(), title: title(), thread: None };
    let mut all = vec![
        Message::ChallengeMade {
            challenge: 1,
            kind: GameKind::Kuba,
            challenger: alice(),
            challenged: vec![bob()],
            rated: true,
            first: FirstSaid::Person(alice()),
            from_position: true,
            time: Some(TimeControl::DaysPerMove(3)),
        },
        Message::ChallengeMade {
            challenge: 2,
            kind: GameKind::Cabale,
            challenger: alice(),
            challenged: vec![bob(), Person::Computer],
            rated: false,
            first: FirstSaid::Random,
            from_position: false,
            time: Some(TimeControl::DaysPerMove(1)),
        },
        Message::ChallengeAcceptedWaiting { who: bob(), challenge: 2, waiting: vec![alice()] },
        Message::ChallengeDeclined { who: bob(), challenger: alice(), kind: GameKind::Kewbz, challenge: 3 },
        Message::ChallengeCancelled { who: alice(), kind: GameKind::Kewbz, challenge: 3 },
        Message::ChallengesExpired {
            expired: vec![Expired { challenge: 4, kind: GameKind::Nuba, challenger: alice(), challenged: vec![bob()] }],
        },
        Message::ChallengesExpired {
            expired: vec![
                Expired { challenge: 4, kind: GameKind::Nuba, challenger: alice(), challenged: vec![bob()] },
                Expired { challenge: 5, kind: GameKind::Kuba, challenger: alice(), challenged: vec![bob()] },
            ],
        },
        Message::GameBegins {
            opening: Opening::Computer { who: alice(), level: Level::Hard },
            game: game(),
            seats: vec![seat(alice(), "kuba-seat-white"), seat(Person::Computer, "kuba-seat-black")],
            rated: false,
            thread: thread.clone(),
        },
        Message::GameBegins {
            opening: Opening::Accepted { who: bob(), challenge: 1 },
            game: game(),
            seats: vec![seat(alice(), "kuba-seat-white"), seat(bob(), "kuba-seat-black")],
            rated: true,
            thread,
        },
        Message::DrawOffered { who: alice(), game: game() },
        Message::ConfirmResign { game: game() },
        Message::Attention { people: vec![alice()], game: game(), about: Attention::YourMove, ply: 3 },
        Message::Attention { people: vec![alice(), bob()], game: game(), about: Attention::GameOver, ply: 9 },
        Message::DrawDeclined { who: bob(), offerer: alice() },
        Message::TakebackAsked { who: alice(), mv: "a7-S".into(), game: game() },
        Message::TakebackDeclined { who: bob(), asker: alice() },
        Message::RatingChanges {
            changes: vec![
                RatingChangeSaid { person: alice(), before: rating(1500, true), after: rating(1662, true), delta: 162 },
                RatingChangeSaid { person: bob(), before: rating(1700, false), after: rating(1680, false), delta: -20 },
            ],
        },
        Message::Games { games: vec![] },
        Message::Games {
            games: vec![
                GameLine { game: game(), others: vec![(bob(), None)], ply: 3, to_move: None, left: Some(7_200_000) },
                GameLine {
                    game: game(),
                    others: vec![(Person::Computer, Some(Level::Easy))],
                    ply: 0,
                    to_move: Some(Person::Computer),
                    left: None,
                },
            ],
        },
        Message::History {
            game: game(),
            players: vec![alice(), bob()],
            moves: vec!["a7-S".into(), "g1-N".into()],
            code: "7/7/7/7/7/7/7 w 0-0 -".into(),
            replay: "boardbot game kuba 'a7-S'".into(),
        },
        Message::History {
            game: game(),
            players: vec![alice(), bob()],
            moves: vec![],
            code: "x".into(),
            replay: "y".into(),
        },
        Message::Leaderboard { kind: GameKind::Kuba, everywhere: false, rows: vec![] },
        Message::Leaderboard {
            kind: GameKind::Kuba,
            everywhere: true,
            rows: vec![BoardRow { rank: 1, person: alice(), rating: rating(1662, true), games: 1 }],
        },
        Message::Ratings { player: alice(), kind: None, lines: vec![], versus: None },
        Message::Ratings { player: alice(), kind: Some(GameKind::Nuba), lines: vec![], versus: None },
        Message::Ratings {
            player: alice(),
            kind: None,
            lines: vec![RatingLine {
                kind: GameKind::Kuba,
                here: true,
                rating: rating(1600, false),
                games: 12,
                rank: 1,
                of: 4,
            }],
            versus: Some(HeadToHead { other: bob(), games: 3, wins: 1, draws: 1, losses: 1 }),
        },
        Message::NoRatingYet,
        Message::NotifySet { how: Notify::Mention },
        Message::NotifySet { how: Notify::Direct },
        Message::NotifySet { how: Notify::Off },
        Message::VacationStarted { who: alice(), until: 1_795_435_200_000, moved: 0 },
        Message::VacationStarted { who: alice(), until: 1_795_435_200_000, moved: 2 },
        Message::VacationEnded { who: alice() },
        Message::LanguageSet { scope: LanguageScope::Me, language: Lang::Fr, chosen: true },
        Message::LanguageSet { scope: LanguageScope::Me, language: Lang::En, chosen: false },
        Message::LanguageSet { scope: LanguageScope::Community, language: Lang::Nl, chosen: true },
        Message::LanguageSet { scope: LanguageScope::Community, language: Lang::De, chosen: false },
        Message::WebPageOn { url: "https://boards.example.org/c/abcdefghijklmnopqrstuvwxyz".into() },
        Message::WebPageOff { was_on: true },
        Message::WebPageOff { was_on: false },
        Message::WebLogin { url: "https://boards.example.org/login/abcdefghijklmnopqrstuvwxyz".into(), minutes: 10 },
        Message::WebLoggedOut { sessions: 0 },
        Message::WebLoggedOut { sessions: 1 },
        Message::WebLoggedOut { sessions: 3 },
        Message::PlayOnWeb { game: game(), url: "https://boards.example.org/g/abcdefghijklmnopqrstuvwxyz".into() },
        Message::Reminder { who: bob(), game: game(), left: 3_600_000, until: 1_795_435_200_000 },
        Message::Apology,
        Message::Legacy { text: "an old message".into() },
    ];
    for kind in GameKind::ALL.iter().copied() {
        all.push(Message::Rules { kind });
        all.push(Message::Help { kind: Some(kind) });
    }
    all.push(Message::Help { kind: None });
    let mv = MoveSaid { text: "a7-S".into(), parts: vec![Phrase::new("kuba-label-pushes").number("n", 2)] };
    for next in nexts() {
        all.push(Message::GameStart { game: game(), next: next.clone() });
        all.push(Message::Moved { mover: alice(), mv: mv.clone(), next: next.clone(), conditional: false });
        all.push(Message::Moved { mover: Person::Computer, mv: mv.clone(), next: next.clone(), conditional: false });
        all.push(Message::Moved { mover: bob(), mv: mv.clone(), next: next.clone(), conditional: true });
        all.push(Message::Board { game: game(), ply: 12, next: next.clone() });
        all.push(Message::LeftOnTime { who: bob(), next: next.clone() });
        all.push(Message::TakenBack { who: bob(), next });
    }
    all.push(Message::Replay { game: game(), players: vec![alice(), bob()], moves: 1, ending: None });
    all.push(Message::Replay { game: game(), players: vec![alice(), Person::Computer], moves: 42, ending: None });
    for ending in endings() {
        all.push(Message::Replay {
            game: game(),
            players: vec![alice(), bob()],
            moves: 17,
            ending: Some(ending.clone()),
        });
        all.push(Message::Resigned { who: alice(), ending: ending.clone() });
        all.push(Message::DrawAgreed { who: alice(), ending: ending.clone() });
        all.push(Message::TimedOut { who: alice(), ending: ending.clone() });
        for cause in [AbortCause::Asked, AbortCause::Resigned, AbortCause::TimedOut] {
            all.push(Message::Aborted { who: alice(), cause, ending: ending.clone() });
        }
    }
    all.extend(reviews());
    all.push(Message::GameBegins {
        opening: Opening::Tournament { tournament: league(), round: 2 },
        game: game(),
        seats: vec![seat(alice(), "kuba-seat-white"), seat(bob(), "kuba-seat-black")],
        rated: true,
        thread: ThreadRef {
            game: game(),
            name: "kuba-K7Q2".into(),
            title: ThreadTitle::Worded("Kuba · alice vs bob · K7Q2".into()),
            thread: None,
        },
    });
    for (rounds, every, page) in [(None, None, None), (Some(5), Some(7), Some("https://example.org/t/abc".to_string()))]
    {
        all.push(Message::TournamentCreated {
            tournament: swiss(),
            creator: alice(),
            rated: rounds.is_some(),
            days: 3,
            max: 64,
            rounds,
            every,
            page,
        });
    }
    all.push(Message::TournamentJoined { tournament: swiss(), who: bob(), players: 4 });
    for (started, resigned) in [(false, 0), (true, 0), (true, 2)] {
        all.push(Message::TournamentLeft { tournament: league(), who: bob(), started, resigned, players: 3 });
    }
    for (resigned, series) in [(0, false), (1, false), (1, true)] {
        all.push(Message::TournamentWithdrawn { tournament: swiss(), who: bob(), resigned, series });
    }
    all.push(Message::TournamentStarted { tournament: swiss(), players: vec![alice(), bob()], rounds: 3, games: 2 });
    all.push(Message::TournamentStarted { tournament: league(), players: vec![alice(), bob()], rounds: 1, games: 1 });
    for bye in [None, Some(bob())] {
        all.push(Message::TournamentRound { tournament: swiss(), round: 2, of: 3, games: 2, bye });
    }
    for page in [None, Some("https://example.org/t/abc".to_string())] {
        all.push(Message::TournamentFinished { tournament: league(), lines: standing_lines(), page: page.clone() });
        let states = [
            (TournamentState::Open, vec![], None),
            (TournamentState::Open, vec![], Some(1_795_435_200_000)),
            (TournamentState::Running, standing_lines(), None),
        ];
        for (state, lines, starts) in states {
            all.push(Message::TournamentStandings {
                tournament: swiss(),
                state,
                round: 1,
                of: 3,
                played: 1,
                games: 2,
                lines,
                page: page.clone(),
                starts,
            });
        }
    }
    all.push(Message::TournamentNextEdition {
        tournament: league(),
        starts: 1_795_435_200_000,
        players: vec![alice()],
    });
    all.push(Message::TournamentNextEdition { tournament: league(), starts: 1_795_435_200_000, players: vec![] });
    all.push(Message::TournamentCancelled { tournament: league(), players: 1, needed: 2 });
    for bye in [None, Some(bob())] {
        let mut boards = vec![PairingLine { board: 1, white: alice(), black: bob(), game: Some(game()), result: None }];
        for result in GameResult::ALL {
            boards.push(PairingLine {
                board: 2,
                white: bob(),
                black: alice(),
                game: Some(game()),
                result: Some(result),
            });
        }
        all.push(Message::TournamentPairings { tournament: swiss(), round: 1, of: 3, boards, bye });
    }
    all.push(Message::TournamentList { tournaments: vec![] });
    all.push(Message::TournamentList {
        tournaments: vec![
            TournamentLine { tournament: swiss(), state: TournamentState::Open, players: 3, round: 0, of: 0 },
            TournamentLine { tournament: league(), state: TournamentState::Running, players: 5, round: 2, of: 5 },
            TournamentLine { tournament: swiss(), state: TournamentState::Finished, players: 5, round: 3, of: 3 },
        ],
    });
    all.extend(premoves());
    all.extend(puzzles());
    all.extend(refusals().into_iter().map(Message::Refused));
    let seen: std::collections::BTreeSet<usize> = all.iter().map(message_index).collect();
    assert_eq!(seen.len(), MESSAGE_VARIANTS, "every message has a sample");
    all
}

const MESSAGE_VARIANTS: usize = 66;

/// The variant's number; no wildcard, so a new variant must be listed (and sampled).
fn message_index(m: &Message) -> usize {
    use Message as M;
    match m {
        M::ChallengeMade { .. } => 0,
        M::ChallengeAcceptedWaiting { .. } => 1,
        M::ChallengeDeclined { .. } => 2,
        M::ChallengeCancelled { .. } => 3,
        M::ChallengesExpired { .. } => 4,
        M::GameBegins { .. } => 5,
        M::GameStart { .. } => 6,
        M::Moved { .. } => 7,
        M::Board { .. } => 8,
        M::Resigned { .. } => 9,
        M::DrawAgreed { .. } => 10,
        M::TimedOut { .. } => 11,
        M::LeftOnTime { .. } => 12,
        M::TakenBack { .. } => 13,
        M::DrawOffered { .. } => 14,
        M::Attention { about: Attention::YourMove, .. } => 36,
        M::Attention { about: Attention::GameOver, .. } => 37,
        M::DrawDeclined { .. } => 15,
        M::TakebackAsked { .. } => 16,
        M::TakebackDeclined { .. } => 17,
        M::RatingChanges { .. } => 18,
        M::Games { .. } => 19,
        M::History { .. } => 20,
        M::Leaderboard { .. } => 21,
        M::Ratings { .. } => 22,
        M::NoRatingYet => 23,
        M::Rules { .. } => 24,
        M::Help { .. } => 25,
        M::NotifySet { .. } => 26,
        M::VacationStarted { .. } => 27,
        M::VacationEnded { .. } => 28,
        M::Reminder { .. } => 29,
        M::Refused(_) => 30,
        M::Apology => 31,
        M::Legacy { .. } => 32,
        M::Aborted { .. } => 33,
        M::LanguageSet { .. } => 34,
        M::Replay { .. } => 35,
        M::WebPageOn { .. } => 38,
        M::WebPageOff { .. } => 39,
        M::ReviewQueued { .. } => 40,
        M::ReviewUnderway { .. } => 41,
        M::Review { .. } => 42,
        M::ReviewMoves { .. } => 43,
        M::ConfirmResign { .. } => 44,
        M::TournamentCreated { .. } => 45,
        M::TournamentJoined { .. } => 46,
        M::TournamentLeft { .. } => 47,
        M::TournamentWithdrawn { .. } => 48,
        M::TournamentStarted { .. } => 49,
        M::TournamentRound { .. } => 50,
        M::TournamentFinished { .. } => 51,
        M::TournamentNextEdition { .. } => 52,
        M::TournamentCancelled { .. } => 53,
        M::TournamentStandings { .. } => 54,
        M::TournamentPairings { .. } => 55,
        M::TournamentList { .. } => 56,
        M::Premoves { .. } => 57,
        M::PremovesDropped { .. } => 58,
        M::WebLogin { .. } => 59,
        M::WebLoggedOut { .. } => 60,
        M::PlayOnWeb { .. } => 61,
        M::Puzzle(PuzzleSaid::Given { .. }) => 62,
        M::Puzzle(PuzzleSaid::Answered { .. }) => 63,
        M::Puzzle(PuzzleSaid::Rating { .. }) => 64,
        M::Puzzle(PuzzleSaid::Leaderboard { .. }) => 65,
    }
}

/// The messages of conditional moves: each answer to `premove`, with no line, one
/// line and one of a third player's moves; each reason lines are dropped.
fn premoves() -> Vec<Message> {
    let two = PremoveLineSaid {
        moves: vec![("g7-S".into(), false), ("a6-E".into(), true), ("f1-N".into(), false), ("b7-S".into(), true)],
    };
    let three = PremoveLineSaid { moves: vec![("A3>C3".into(), false), ("B2>B4".into(), false), ("@A2".into(), true)] };
    let dones = [
        PremoveDone::Listed,
        PremoveDone::Added { replaced: 0 },
        PremoveDone::Added { replaced: 1 },
        PremoveDone::Added { replaced: 2 },
        PremoveDone::AlreadyThere,
        PremoveDone::Cleared { count: 0 },
        PremoveDone::Cleared { count: 1 },
        PremoveDone::Cleared { count: 3 },
    ];
    let mut all = Vec::new();
    for done in dones {
        all.push(Message::Premoves { game: game(), lines: vec![], done });
        all.push(Message::Premoves { game: game(), lines: vec![two.clone(), three.clone()], done });
    }
    for why in [
        PremoveDrop::NoMatch { mover: bob(), mv: "g7-W".into() },
        PremoveDrop::Illegal { mv: "a6-E".into(), reason: Phrase::new("kuba-illegal-game-over") },
        PremoveDrop::TakenBack,
    ] {
        all.push(Message::PremovesDropped { game: game(), why });
    }
    all
}

/// The puzzles' messages: given from one's own game and from the community's, again
/// and in a streak; answered right and wrong, rated or not, in a streak that goes on,
/// ends or runs out; a rating and none; a leaderboard and an empty one.
fn puzzles() -> Vec<Message> {
    let mut all = Vec::new();
    let own = PuzzleFrom::Own { game: game(), ply: 14, played: "b7-S".into() };
    for (from, streak, again, page) in [
        (own, None, false, None),
        (PuzzleFrom::Community, Some(0), true, Some("https://example.org/p/abc".to_string())),
        (PuzzleFrom::Community, Some(1), false, None),
        (PuzzleFrom::Community, Some(4), false, None),
    ] {
        all.push(Message::Puzzle(PuzzleSaid::Given {
            puzzle: 12,
            kind: GameKind::Kuba,
            colour: Phrase::new("kuba-seat-black"),
            from,
            rating: rating(1480, true),
            streak,
            again,
            page,
        }));
    }
    let change = PuzzleRatingChange { before: rating(1500, true), after: rating(1662, true), delta: 162 };
    let streaks = [
        None,
        Some(StreakSaid { count: 1, best: 3, going: true, exhausted: false }),
        Some(StreakSaid { count: 4, best: 4, going: false, exhausted: false }),
        Some(StreakSaid { count: 2, best: 5, going: false, exhausted: true }),
    ];
    for (solved, rated, streak) in [(true, true, streaks[0]), (false, false, streaks[0]), (true, false, streaks[1])]
        .into_iter()
        .chain([(false, false, streaks[2]), (true, false, streaks[3])])
    {
        all.push(Message::Puzzle(PuzzleSaid::Answered {
            puzzle: 12,
            kind: GameKind::Kuba,
            solved,
            answer: if solved { "e1-E".into() } else { "e1-N".into() },
            line: vec!["e1-E".into(), "d7-S".into(), "e2-E".into()],
            game: game(),
            ply: 14,
            mover: bob(),
            played: "b7-S".into(),
            label: if solved { Label::Blunder } else { Label::Mistake },
            rating: rated.then_some(change),
            streak,
        }));
    }
    for (r, attempts) in [(Some(rating(1623, false)), 1), (Some(rating(1490, true)), 7), (None, 0)] {
        all.push(Message::Puzzle(PuzzleSaid::Rating {
            kind: GameKind::Kewbz,
            person: alice(),
            rating: r,
            attempts,
            solved: attempts.min(1),
            best_streak: 2,
        }));
    }
    all.push(Message::Puzzle(PuzzleSaid::Leaderboard { kind: GameKind::Nuba, rows: vec![] }));
    all.push(Message::Puzzle(PuzzleSaid::Leaderboard {
        kind: GameKind::Nuba,
        rows: vec![
            PuzzleLeader {
                rank: 1,
                person: alice(),
                rating: rating(1710, false),
                solved: 9,
                attempts: 11,
                best_streak: 6,
            },
            PuzzleLeader { rank: 2, person: bob(), rating: rating(1503, true), solved: 1, attempts: 1, best_streak: 0 },
        ],
    }));
    all
}

/// The messages of reviews: queued, under way, a review with and without turning
/// points (a player with no move, counts of one and of several), its moves.
fn reviews() -> Vec<Message> {
    let line = |person, colour, accuracy, counts: (u32, u32, u32)| ReviewLine {
        seat: seat(person, colour),
        accuracy,
        inaccuracies: counts.0,
        mistakes: counts.1,
        blunders: counts.2,
    };
    let players = vec![
        line(alice(), "kuba-seat-white", Some(93), (1, 0, 1)),
        line(Person::Computer, "kuba-seat-black", Some(100), (0, 0, 0)),
    ];
    let why = |doubt, first| Why {
        line: vec!["d5-W".into(), "e2-S".into(), "f3-N".into()],
        then: vec!["e2-S".into()],
        doubt,
        first,
    };
    let point = |ply, label, loss| TurningPoint {
        ply,
        seat: seat(alice(), "kuba-seat-white"),
        played: "c3-N".into(),
        label,
        best: "d5-W".into(),
        loss,
        why: (ply != 5).then(|| why(Some((12, 19)), None)),
    };
    let turning = vec![point(12, Label::Blunder, 23), point(5, Label::Mistake, 1), point(9, Label::Inaccuracy, 6)];
    let annotated = |ply, label: Option<Label>| AnnotatedMove {
        ply,
        text: "c3-N".into(),
        label,
        best: label.map(|_| "d5-W".to_string()),
        why: label.map(|_| match ply {
            // The first move, decided; a move that ended the game, with nothing after
            // the computer's own; one in doubt.
            1 => (23, why(None, Some((58, 35)))),
            2 => (6, Why { line: Vec::new(), then: Vec::new(), doubt: None, first: None }),
            _ => (1, why(Some((12, 19)), None)),
        }),
    };
    vec![
        Message::ReviewQueued { game: game() },
        Message::ReviewUnderway { game: game() },
        Message::Review { game: game(), players: players.clone(), turning, in_doubt: 2 },
        Message::Review {
            game: game(),
            players: vec![
                line(alice(), "kuba-seat-white", Some(100), (0, 0, 0)),
                line(bob(), "kuba-seat-black", None, (0, 0, 0)),
            ],
            turning: Vec::new(),
            in_doubt: 0,
        },
        Message::Review { game: game(), players: players.clone(), turning: Vec::new(), in_doubt: 1 },
        Message::ReviewMoves {
            game: game(),
            moves: vec![
                annotated(1, Some(Label::Blunder)),
                annotated(2, Some(Label::Inaccuracy)),
                annotated(3, Some(Label::Blunder)),
                annotated(4, None),
            ],
            part: 1,
            parts: 2,
        },
    ]
}

/// The grammars of every platform this build has, by name.
fn grammars() -> Vec<(&'static str, Box<dyn Grammar>)> {
    #[allow(unused_mut)]
    let mut out: Vec<(&'static str, Box<dyn Grammar>)> = vec![("terminal", Box::new(Plain::default()))];
    #[cfg(feature = "discord")]
    {
        let commands: &'static std::collections::HashMap<String, u64> =
            Box::leak(Box::new([("kuba".to_string(), 77u64), ("boardbot".to_string(), 78u64)].into()));
        out.push(("discord", Box::new(boardbot::chat::discord::DiscordGrammar { application_id: 1000, commands })));
    }
    #[cfg(feature = "matrix")]
    {
        let own = boardbot_matrix_own();
        out.push(("matrix", Box::new(boardbot::chat::matrix::MatrixGrammar { own })));
    }
    out
}

#[cfg(feature = "matrix")]
fn boardbot_matrix_own() -> matrix_sdk::ruma::OwnedUserId {
    matrix_sdk::ruma::UserId::parse("@boardbot:example.org").expect("a user id")
}

/// Whether `text` shows a message id the catalog did not have (`[refused-…]`).
fn has_missing_id(text: &str) -> bool {
    text.split('[').skip(1).any(|rest| {
        let id: String =
            rest.chars().take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-').collect();
        id.contains('-') && rest[id.len()..].starts_with(']')
    })
}

#[test]
fn every_message_reads_on_every_platform_in_every_language() {
    let messages = messages();
    let heads: Vec<String> =
        GameKind::ALL.iter().map(|k| k.name().to_string()).chain(["boardbot".to_string()]).collect();
    for (platform, grammar) in grammars() {
        for lang in Lang::ALL {
            for m in &messages {
                let words = say(m, lang, grammar.as_ref());
                let text = &words.text;
                assert!(!text.trim().is_empty(), "{platform} {lang}: empty for {m:?}");
                assert!(!text.contains("{$") && !text.contains("{ $"), "{platform} {lang}: {text}");
                assert!(!has_missing_id(text), "{platform} {lang}: a message id shows in {text:?} for {m:?}");
                assert!(!text.contains('\u{E000}') && !text.contains('\u{E001}'), "{platform} {lang}: {text:?}");
                for head in &heads {
                    match platform {
                        "matrix" => {
                            assert!(!text.contains(&format!("/{head} ")), "{platform} {lang}: a / hint in {text}")
                        }
                        _ => assert!(!text.contains(&format!("!{head}")), "{platform} {lang}: a ! hint in {text}"),
                    }
                }
                if let Some(html) = &words.html {
                    assert!(!html.trim().is_empty(), "{platform} {lang}: empty HTML for {m:?}");
                }
            }
        }
    }
}

#[test]
fn help_lists_every_game_on_every_platform() {
    for (platform, grammar) in grammars() {
        let text = say(&Message::Help { kind: None }, Lang::En, grammar.as_ref()).text;
        for kind in GameKind::ALL.iter() {
            assert!(text.contains(kind.name()), "{platform}: help without {kind}: {text}");
        }
    }
}
