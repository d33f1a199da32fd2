//! The rules cores' phrases, worded by the English catalog, say exactly what their
//! `Display` says (the engine's English): every variant of every refusal, end
//! reason and label part, built below by lists that a `match` without a wildcard
//! checks, so that a new variant does not build until it has a sample here. Labels
//! are their head and their worded parts; pictures and diagrams of random games
//! leave no phrase unworded.

use std::collections::BTreeSet;
use std::fmt::Display;

use boardbot::ai::Rng;
use boardbot::games::{
    cabale, kewbz, kuba, nuba, Arg, CodeError, EndReason, Ending, GameKind, IllegalMove, MalformedMove, MoveError,
    MoveRejected, OptionError, Phrase, Position, ReplayError, Seat, SettingsError, SetupError, Worded,
};
use boardbot::lang::Lang;
use boardbot::present::catalog;
use boardbot::present::view::{diagram_text, worded};

/// The samples of a type, one per variant: `every_variant!(T { pattern => sample,
/// … })`. The patterns make a `match` without a wildcard, so a new variant of `T`
/// fails to build until it has its line; each sample must match its pattern.
macro_rules! every_variant {
    ($ty:ty { $($pat:pat => $sample:expr),+ $(,)? }) => {{
        #[allow(dead_code)]
        fn exhaustive(value: &$ty) {
            match value {
                $($pat => {})+
            }
        }
        let samples: Vec<$ty> = vec![$($sample),+];
        let shapes = [$(matches!(&$sample, $pat)),+];
        for (sample, fits) in samples.iter().zip(shapes) {
            assert!(fits, "{sample:?} is not of the variant its line names");
        }
        samples
    }};
}

/// Each reason's key is one of its game's `Ending::KEYS`, and every key is some
/// variant's: `ends` has one sample per variant (`every_variant!`).
fn keys_are_listed<E: Ending>(ends: &[E]) {
    let keys: BTreeSet<&str> = ends.iter().map(|e| e.key()).collect();
    let listed: BTreeSet<&str> = E::KEYS.iter().copied().collect();
    assert_eq!(keys, listed, "{ends:?}");
    assert_eq!(listed.len(), E::KEYS.len(), "a key listed twice: {:?}", E::KEYS);
}

/// Every message id a phrase uses, its terms' and nested phrases' included.
fn ids(phrase: &Phrase, out: &mut BTreeSet<String>) {
    out.insert(phrase.id.to_string());
    for (_, arg) in &phrase.args {
        match arg {
            Arg::Term(id) => {
                out.insert(id.to_string());
            }
            Arg::Phrase(p) => ids(p, out),
            Arg::Text(_) | Arg::Number(_) => {}
        }
    }
}

/// The phrase in English, after checking that the catalog has every message it
/// uses and that no variable is left unfilled.
fn english(phrase: &Phrase) -> String {
    let mut used = BTreeSet::new();
    ids(phrase, &mut used);
    for id in &used {
        assert!(catalog::has(Lang::En, id), "no English message {id} (in {phrase:?})");
    }
    let text = catalog::phrase(Lang::En, phrase);
    assert!(!text.contains("{$") && !text.contains("{ $"), "a variable is missing in {text:?} ({phrase:?})");
    text
}

/// Each item's phrase, worded in English, is its `Display`.
fn worded_as_displayed<T: Display + Worded + std::fmt::Debug>(items: &[T]) {
    for item in items {
        assert_eq!(english(&item.phrase()), item.to_string(), "{item:?}");
    }
}

/// Each term, worded in English, is `Display`'s word.
fn terms_as_displayed<T: Display + std::fmt::Debug>(items: &[T], term: impl Fn(&T) -> &'static str) {
    for item in items {
        assert_eq!(catalog::text(Lang::En, term(item), None), item.to_string(), "{item:?}");
    }
}

#[test]
fn kuba_says_in_words_what_it_displays() {
    use kuba::{CodeError, Color, Dir, End, IllegalMove, NotationError, Note, Push, Square};
    let sq = |s: &str| Square::parse(s).expect("a square");
    let long = "z".repeat(60);
    worded_as_displayed(&every_variant!(NotationError {
        NotationError::Empty => NotationError::Empty,
        NotationError::BadSquare(_) => NotationError::BadSquare(long.clone()),
        NotationError::BadDirection(_) => NotationError::BadDirection("NE".into()),
        NotationError::NotAdjacent(..) => NotationError::NotAdjacent(sq("d2"), sq("d4")),
        NotationError::MissingDirection(_) => NotationError::MissingDirection("d2".into()),
    }));
    worded_as_displayed(&every_variant!(IllegalMove {
        IllegalMove::GameOver => IllegalMove::GameOver,
        IllegalMove::Empty(_) => IllegalMove::Empty(sq("d4")),
        IllegalMove::Red(_) => IllegalMove::Red(sq("d4")),
        IllegalMove::NotYours { .. } => IllegalMove::NotYours { square: sq("a1"), owner: Color::Black },
        IllegalMove::NoAccess { .. } => IllegalMove::NoAccess { from: sq("a1"), dir: Dir::S, behind: sq("a2") },
        IllegalMove::OwnMarbleOff => IllegalMove::OwnMarbleOff,
        IllegalMove::Banned(_) => IllegalMove::Banned(Push { from: sq("d4"), dir: Dir::W }),
        IllegalMove::PassMandatory => IllegalMove::PassMandatory,
        IllegalMove::NothingToDecline => IllegalMove::NothingToDecline,
    }));
    worded_as_displayed(&every_variant!(CodeError {
        CodeError::Fields(_) => CodeError::Fields(3),
        CodeError::Rows(_) => CodeError::Rows(1),
        CodeError::RowLength { .. } => CodeError::RowLength { rank: 7, squares: 6 },
        CodeError::Symbol { .. } => CodeError::Symbol { rank: 2, symbol: 'x' },
        CodeError::Run { .. } => CodeError::Run { rank: 3, run: "12".into() },
        CodeError::ToMove(_) => CodeError::ToMove("x".into()),
        CodeError::Reds(_) => CodeError::Reds("0".into()),
        CodeError::TooMany { .. } => CodeError::TooMany { color: Color::White, count: 9 },
        CodeError::TooManyReds { .. } => CodeError::TooManyReds { on_board: 12, captured: 3 },
        CodeError::Ban(_) => CodeError::Ban("d4".into()),
        CodeError::BanNotMover { .. } => CodeError::BanNotMover { square: sq("d4"), to_move: Color::Black },
        CodeError::NeedsOptionalExtraPush => CodeError::NeedsOptionalExtraPush,
    }));
    let ends = every_variant!(End {
        End::SevenReds(_) => End::SevenReds(Color::White),
        End::AllMarbles(_) => End::AllMarbles(Color::Black),
        End::NoPush(_) => End::NoPush(Color::White),
        End::Repetition => End::Repetition,
    });
    worded_as_displayed(&ends);
    keys_are_listed(&ends);
    worded_as_displayed(&every_variant!(Note {
        Note::Pushes(_) => Note::Pushes(3),
        Note::TakesSeventhRed => Note::TakesSeventhRed,
        Note::TakesRed => Note::TakesRed,
        Note::TakesLastMarble => Note::TakesLastMarble,
        Note::TakesMarble(_) => Note::TakesMarble(Color::Black),
        Note::DeclinesExtraPush => Note::DeclinesExtraPush,
    }));
    worded_as_displayed(&[Note::TakesMarble(Color::White)]);
    terms_as_displayed(&[Color::White, Color::Black], |c| c.term());
    terms_as_displayed(&Dir::ALL, |d| d.term());
}

#[test]
fn kewbz_says_in_words_what_it_displays() {
    use kewbz::{CodeError, Color, End, IllegalMove, NotationError, Note, OptionError, Square};
    let sq = |s: &str| Square::parse(s).expect("a square");
    worded_as_displayed(&every_variant!(NotationError {
        NotationError::Empty => NotationError::Empty,
        NotationError::BadSquare(_) => NotationError::BadSquare("4d".into()),
        NotationError::BadVertex(_) => NotationError::BadVertex("x".repeat(50)),
        NotationError::EmptyChoice => NotationError::EmptyChoice,
    }));
    worded_as_displayed(&every_variant!(IllegalMove {
        IllegalMove::GameOver => IllegalMove::GameOver,
        IllegalMove::OffBoard { .. } => IllegalMove::OffBoard { square: sq("j9"), size: 8 },
        IllegalMove::Occupied(_) => IllegalMove::Occupied(sq("d4")),
        IllegalMove::NotAdjacent(_) => IllegalMove::NotAdjacent(sq("a1")),
        IllegalMove::Block { .. } => IllegalMove::Block { square: sq("e5"), corner: sq("d4"), opposite: sq("e5") },
        IllegalMove::NothingEarned(_) => IllegalMove::NothingEarned(sq("d4")),
        IllegalMove::LastCube(_) => IllegalMove::LastCube(sq("d4")),
        IllegalMove::Enough { .. } => IllegalMove::Enough { square: sq("d4"), earned: 1, left: 3 },
        IllegalMove::NotEarning { .. } => IllegalMove::NotEarning { vertex: sq("e5"), square: sq("d4") },
        IllegalMove::TooMany { .. } => IllegalMove::TooMany { vertex: sq("e5"), named: 3, earned: 2 },
        IllegalMove::WrongCount { .. } => IllegalMove::WrongCount { named: 1, left: 2 },
        IllegalMove::ChoiceNeeded { .. } => IllegalMove::ChoiceNeeded {
            square: sq("d4"),
            earned: 1,
            left: 0,
            example: "d4>e5".into(),
        },
    }));
    // Plurals both ways.
    worded_as_displayed(&[
        IllegalMove::Enough { square: sq("d4"), earned: 4, left: 9 },
        IllegalMove::WrongCount { named: 3, left: 2 },
        IllegalMove::ChoiceNeeded { square: sq("d4"), earned: 5, left: 2, example: "d4>e5,e5".into() },
    ]);
    worded_as_displayed(&every_variant!(CodeError {
        CodeError::Fields(_) => CodeError::Fields(2),
        CodeError::Size(_) => CodeError::Size(3),
        CodeError::RowLength { .. } => CodeError::RowLength { rank: 2, cells: 7, size: 8 },
        CodeError::NotSquare { .. } => CodeError::NotSquare { rows: 8, columns: 9 },
        CodeError::Symbol { .. } => CodeError::Symbol { rank: 1, symbol: 'q' },
        CodeError::Run { .. } => CodeError::Run { rank: 4, run: "10".into() },
        CodeError::Stack { .. } => CodeError::Stack { rank: 4, text: "(b)".into() },
        CodeError::TooHigh { .. } => CodeError::TooHigh { square: sq("c3"), height: 6 },
        CodeError::Block { .. } => CodeError::Block { corner: sq("c3"), opposite: sq("d4") },
        CodeError::ToMove(_) => CodeError::ToMove("g".into()),
        CodeError::Supplies(_) => CodeError::Supplies("32".into()),
        CodeError::SupplyAbove { .. } => CodeError::SupplyAbove { color: Color::Yellow, supply: 40, cubes: 32 },
        CodeError::TooManyCubes { .. } => CodeError::TooManyCubes {
            color: Color::Blue,
            on_board: 20,
            supply: 20,
            cubes: 32,
        },
    }));
    let ends = every_variant!(End {
        End::LastCube { .. } => End::LastCube { by: Color::Blue, scores: [12, -3] },
        End::NoCubes { .. } => End::NoCubes { mover: Color::Yellow, scores: [0, 7] },
        End::Blocked { .. } => End::Blocked { scores: [5, 5] },
    });
    worded_as_displayed(&ends);
    keys_are_listed(&ends);
    let growth = |created, extended, stacked| Note::Growth { vertex: sq("d4"), created, extended, stacked };
    worded_as_displayed(&every_variant!(Note {
        Note::Growth { .. } => growth(1, 0, 1),
        Note::TowerFull(_) => Note::TowerFull(sq("f2")),
        Note::Tower { .. } => Note::Tower { vertex: sq("d4"), height: 3 },
        Note::LastCube => Note::LastCube,
        Note::Earns { .. } => Note::Earns { earned: 1, left: 0 },
    }));
    worded_as_displayed(&[
        growth(0, 0, 0),
        growth(2, 0, 2),
        growth(3, 0, 3),
        growth(0, 1, 1),
        growth(0, 2, 0),
        growth(1, 1, 2),
        growth(2, 3, 5),
        Note::Earns { earned: 4, left: 2 },
    ]);
    worded_as_displayed(&every_variant!(OptionError {
        OptionError::Size(_) => OptionError::Size(99),
        OptionError::Cubes(_) => OptionError::Cubes(0),
    }));
    terms_as_displayed(&Color::ALL, |c| c.term());
}

#[test]
fn cabale_says_in_words_what_it_displays() {
    use cabale::{Cell, CodeError, End, Expected, Field, IllegalMove, NotationError, Note, OptionError, Wall};
    let c = |s: &str| Cell::parse(s).expect("a cell");
    let w = |s: &str| Wall::parse(s).expect("an edge");
    worded_as_displayed(&every_variant!(NotationError {
        NotationError::Empty => NotationError::Empty,
        NotationError::BadCell(_) => NotationError::BadCell("Z9".into()),
        NotationError::Expected { .. } => NotationError::Expected {
            expected: Expected::TurnCell,
            after: "A3".into(),
            found: "C3".into(),
        },
        NotationError::NotNeighbours(..) => NotationError::NotNeighbours(c("D4"), c("D6")),
    }));
    let expected = every_variant!(Expected {
        Expected::Cell => Expected::Cell,
        Expected::TurnCell => Expected::TurnCell,
        Expected::StopCell => Expected::StopCell,
        Expected::WallCell => Expected::WallCell,
        Expected::End => Expected::End,
        Expected::TurnPart => Expected::TurnPart,
    });
    terms_as_displayed(&expected, |e| e.term());
    let long = "A3>".repeat(30);
    worded_as_displayed(
        &expected
            .iter()
            .map(|&expected| NotationError::Expected { expected, after: long.clone(), found: String::new() })
            .collect::<Vec<_>>(),
    );
    worded_as_displayed(&every_variant!(IllegalMove {
        IllegalMove::GameOver => IllegalMove::GameOver,
        IllegalMove::CannotLeave => IllegalMove::CannotLeave,
        IllegalMove::PlaceRunnerFirst(_) => IllegalMove::PlaceRunnerFirst(Seat(2)),
        IllegalMove::RunnersPlaced => IllegalMove::RunnersPlaced,
        IllegalMove::StartOnCorner(_) => IllegalMove::StartOnCorner(c("A1")),
        IllegalMove::StartNotOnEdge(_) => IllegalMove::StartNotOnEdge(c("E5")),
        IllegalMove::StartTaken(_) => IllegalMove::StartTaken(c("A3")),
        IllegalMove::NotYourRunner { .. } => IllegalMove::NotYourRunner { given: c("A2"), runner: c("A3") },
        IllegalMove::NotStraight(..) => IllegalMove::NotStraight(c("A3"), c("C4")),
        IllegalMove::NoTurn(_) => IllegalMove::NoTurn(c("C3")),
        IllegalMove::TurnsBack(_) => IllegalMove::TurnsBack(c("C3")),
        IllegalMove::SharpTurn(_) => IllegalMove::SharpTurn(c("C3")),
        IllegalMove::Occupied(_) => IllegalMove::Occupied(c("B3")),
        IllegalMove::CrossesBlockade(_) => IllegalMove::CrossesBlockade(w("D4|D5")),
        IllegalMove::NoDoublesLeft => IllegalMove::NoDoublesLeft,
        IllegalMove::NoBlockForDouble => IllegalMove::NoBlockForDouble,
        IllegalMove::AfterLastBlock => IllegalMove::AfterLastBlock,
        IllegalMove::JumpNotStraight { .. } => IllegalMove::JumpNotStraight { from: c("C3"), to: c("E6") },
        IllegalMove::JumpChangesDirection(_) => IllegalMove::JumpChangesDirection(c("E5")),
        IllegalMove::NothingToCapture(_) => IllegalMove::NothingToCapture(c("D4")),
        IllegalMove::LandingOccupied(_) => IllegalMove::LandingOccupied(c("E5")),
        IllegalMove::JumpBlocked(_) => IllegalMove::JumpBlocked(w("D4|E5")),
        IllegalMove::NoBlockadesLeft => IllegalMove::NoBlockadesLeft,
        IllegalMove::AlreadyWalled(_) => IllegalMove::AlreadyWalled(w("D4|D5")),
        IllegalMove::EdgeNotAllowed(_) => IllegalMove::EdgeNotAllowed(w("D4|D5")),
    }));
    let fields = every_variant!(Field {
        Field::Supplies => Field::Supplies,
        Field::Doubles => Field::Doubles,
        Field::Blockades => Field::Blockades,
        Field::Captures => Field::Captures,
    });
    terms_as_displayed(&fields, |f| f.term());
    worded_as_displayed(&every_variant!(CodeError {
        CodeError::Fields(_) => CodeError::Fields(6),
        CodeError::Players(_) => CodeError::Players(5),
        CodeError::Entries { .. } => CodeError::Entries { field: Field::Doubles, found: 3, expected: 2 },
        CodeError::Counter { .. } => CodeError::Counter { field: Field::Supplies, text: "030".into() },
        CodeError::CounterTooHigh { .. } => CodeError::CounterTooHigh {
            field: Field::Blockades,
            seat: Seat(1),
            value: 13,
            max: 12,
        },
        CodeError::Rows(_) => CodeError::Rows(8),
        CodeError::RowLength { .. } => CodeError::RowLength { row: 'E', found: 8, expected: 9 },
        CodeError::Symbol { .. } => CodeError::Symbol { row: 'A', symbol: 'q' },
        CodeError::SeatNotInGame { .. } => CodeError::SeatNotInGame { row: 'B', symbol: 'g', players: 2 },
        CodeError::DuplicateRunner(_) => CodeError::DuplicateRunner('1'),
        CodeError::ToMove { .. } => CodeError::ToMove { letters: "y, r".into(), found: "g".into() },
        CodeError::Captures(_) => CodeError::Captures("0-0".into()),
        CodeError::Left(_) => CodeError::Left("yy".into()),
        CodeError::Walls(_) => CodeError::Walls("D4D5".into()),
        CodeError::WallOrder(_) => CodeError::WallOrder("A1|A2".into()),
        CodeError::Placement { .. } => CodeError::Placement { placed: 1, expected: Seat(1) },
        CodeError::PiecesDuringPlacement => CodeError::PiecesDuringPlacement,
        CodeError::TooManyBlocks { .. } => CodeError::TooManyBlocks { seat: Some(Seat(3)), count: 16, max: 15 },
        CodeError::TooManyDoubles { .. } => CodeError::TooManyDoubles { seat: None, count: 13, max: 12 },
        CodeError::TooManyBlockades { .. } => CodeError::TooManyBlockades { on_board: 20, left: 5, max: 24 },
    }));
    worded_as_displayed(&[
        CodeError::TooManyBlocks { seat: None, count: 61, max: 60 },
        CodeError::TooManyDoubles { seat: Some(Seat(0)), count: 7, max: 6 },
    ]);
    let ends = every_variant!(End {
        End::LastBlock(_) => End::LastBlock(0),
        End::Stuck(_) => End::Stuck(3),
        End::AllStuck => End::AllStuck,
    });
    worded_as_displayed(&ends);
    keys_are_listed(&ends);
    worded_as_displayed(&every_variant!(Note {
        Note::RunnerStarts(_) => Note::RunnerStarts(c("A3")),
        Note::Leaves(_) => Note::Leaves(Seat(1)),
        Note::Block { .. } => Note::Block { double: false, cell: c("C3"), value: 6 },
        Note::LastBlock => Note::LastBlock,
        Note::Takes { .. } => Note::Takes { captures: 2, to: c("E6"), value: 10 },
        Note::Blockade(_) => Note::Blockade(w("H8|I8")),
        Note::TurnOn { .. } => Note::TurnOn { cell: c("C3"), value: 6 },
    }));
    worded_as_displayed(&[Note::Block { double: true, cell: c("E2"), value: 3 }]);
    worded_as_displayed(&every_variant!(OptionError {
        OptionError::Players(_) => OptionError::Players(7),
        OptionError::Edge(_) => OptionError::Edge("D4|D9".into()),
    }));
}

#[test]
fn nuba_says_in_words_what_it_displays() {
    use nuba::{CodeError, Color, End, IllegalMove, NotationError, Note, Piece, Rank, Square};
    let sq = |s: &str| Square::parse(s).expect("a square");
    let rank = |v: u8| Rank::new(v).expect("a rank");
    let piece = |s: &str| Piece::parse_token(s).expect("a piece");
    worded_as_displayed(&every_variant!(NotationError {
        NotationError::Empty => NotationError::Empty,
        NotationError::BadPiece(_) => NotationError::BadPiece("0".into()),
        NotationError::BadSquare(_) => NotationError::BadSquare("f7".into()),
        NotationError::SameSquare(_) => NotationError::SameSquare(sq("c2")),
        NotationError::MissingTarget(_) => NotationError::MissingTarget("c2".into()),
    }));
    worded_as_displayed(&every_variant!(IllegalMove {
        IllegalMove::GameOver => IllegalMove::GameOver,
        IllegalMove::PlacementOver => IllegalMove::PlacementOver,
        IllegalMove::StillPlacing => IllegalMove::StillPlacing,
        IllegalMove::NotInHand(_) => IllegalMove::NotInHand(Rank::CHAMPION),
        IllegalMove::NotHomeRow { .. } => IllegalMove::NotHomeRow { square: sq("c4"), color: Color::Red },
        IllegalMove::Occupied { .. } => IllegalMove::Occupied { square: sq("c2"), piece: piece("G7") },
        IllegalMove::Empty(_) => IllegalMove::Empty(sq("c3")),
        IllegalMove::NotYours { .. } => IllegalMove::NotYours { square: sq("c5"), owner: Color::Red },
        IllegalMove::Backwards { .. } => IllegalMove::Backwards { from: sq("c3"), to: sq("c2"), color: Color::Green },
        IllegalMove::Sideways { .. } => IllegalMove::Sideways { from: sq("c3"), to: sq("d3") },
        IllegalMove::TooFar { .. } => IllegalMove::TooFar { from: sq("c3"), to: sq("c5") },
        IllegalMove::OwnPiece(_) => IllegalMove::OwnPiece(sq("d3")),
        IllegalMove::Stronger { .. } => IllegalMove::Stronger { mover: rank(4), target: rank(3), square: sq("d3") },
        IllegalMove::PassNotAllowed => IllegalMove::PassNotAllowed,
    }));
    worded_as_displayed(&[IllegalMove::NotHomeRow { square: sq("c4"), color: Color::Green }]);
    worded_as_displayed(&every_variant!(CodeError {
        CodeError::Fields(_) => CodeError::Fields(4),
        CodeError::Rows(_) => CodeError::Rows(5),
        CodeError::RowLength { .. } => CodeError::RowLength { rank: 2, cells: 6 },
        CodeError::Token { .. } => CodeError::Token { rank: 3, token: "G0".into() },
        CodeError::ToMove(_) => CodeError::ToMove("x".into()),
        CodeError::HandPrefix { .. } => CodeError::HandPrefix { color: Color::Red, text: "g:12".into() },
        CodeError::Hand { .. } => CodeError::Hand { color: Color::Green, text: "1Y".into() },
        CodeError::HandOrder { .. } => CodeError::HandOrder { color: Color::Red, text: "X1".into() },
        CodeError::Musician(_) => CodeError::Musician("G".into()),
        CodeError::TwoMusicians(_) => CodeError::TwoMusicians("G7R8".into()),
        CodeError::ChampionMusician(_) => CodeError::ChampionMusician(piece("GX")),
        CodeError::Duplicate(_) => CodeError::Duplicate(piece("R3")),
        CodeError::OnGoalRow { .. } => CodeError::OnGoalRow { piece: piece("G4"), square: sq("a6") },
        CodeError::TwoChampionsArrived => CodeError::TwoChampionsArrived,
        CodeError::OffHomeRows { .. } => CodeError::OffHomeRows { piece: piece("R2"), square: sq("c3") },
        CodeError::EarlyMusician(_) => CodeError::EarlyMusician(piece("G9")),
    }));
    let ends = every_variant!(End {
        End::Champion(_) => End::Champion(Color::Green),
        End::Musician(_) => End::Musician(piece("R8")),
        End::NoMoves(_) => End::NoMoves(Some(piece("G6"))),
    });
    worded_as_displayed(&ends);
    keys_are_listed(&ends);
    worded_as_displayed(&[End::NoMoves(None)]);
    worded_as_displayed(&every_variant!(Note {
        Note::PlacesChampion => Note::PlacesChampion,
        Note::Places(_) => Note::Places(rank(7)),
        Note::NoMove => Note::NoMove,
        Note::Takes { .. } => Note::Takes { piece: rank(4), target: Rank::CHAMPION },
        Note::ChampionArrives => Note::ChampionArrives,
        Note::BecomesMusician(_) => Note::BecomesMusician(rank(8)),
        Note::ReplacesMusician { .. } => Note::ReplacesMusician { piece: rank(9), old: piece("R8") },
        Note::LeavesBoard { .. } => Note::LeavesBoard { piece: rank(3), musician: piece("G8") },
        Note::Wins(_) => Note::Wins(Color::Red),
        Note::Draw => Note::Draw,
    }));
    terms_as_displayed(&Color::ALL, |c| c.term());
}

/// The registry's refusals, from real attempts where one can be made.
#[test]
fn the_registry_says_in_words_what_it_displays() {
    let kuba = Position::start(&GameKind::Kuba.default_settings());
    let rejected = |position: &Position, text: &str| position.parse_move(text).expect_err(text);
    let code = |kind: GameKind, code: &str| match Position::setup(kind, Some(code), None) {
        Err(SetupError::BadCode(e)) => e,
        other => panic!("{kind} {code}: {other:?}"),
    };
    let settings = |kind: GameKind, json: &str| match Position::setup(kind, None, Some(json)) {
        Err(SetupError::BadSettings(e)) => e,
        other => panic!("{kind} {json}: {other:?}"),
    };
    let kuba_code = code(GameKind::Kuba, "7/7 w 0-0 -");
    let huge = settings(GameKind::Kewbz, r#"{"cubes":18446744073709551615}"#);
    assert!(huge.to_string().contains("\"cubes\": 18446744073709551615 cubes per player"), "{huge}");
    worded_as_displayed(&every_variant!(SetupError {
        SetupError::UnknownGame(_) => "chess".parse::<GameKind>().expect_err("not a game"),
        SetupError::BadSettings(_) => SetupError::BadSettings(settings(GameKind::Kuba, r#"{"size":8}"#)),
        SetupError::BadCode(_) => SetupError::BadCode(kuba_code.clone()),
        SetupError::Conflict { .. } => {
            let eight = Position::start(&GameKind::Kewbz.default_settings()).code();
            Position::setup(GameKind::Kewbz, Some(&eight), Some(r#"{"size":10}"#)).expect_err("a conflict")
        }
    }));
    worded_as_displayed(&every_variant!(SettingsError {
        SettingsError::NotJson(_) => settings(GameKind::Kewbz, "{size"),
        SettingsError::NotObject(_) => settings(GameKind::Kewbz, "[1, 2]"),
        SettingsError::NoOptions { .. } => settings(GameKind::Nuba, r#"{"players":2}"#),
        SettingsError::UnknownOption { .. } => settings(GameKind::Cabale, r#"{"size":2}"#),
        SettingsError::BadOption { .. } => settings(GameKind::Kewbz, r#"{"size":99}"#),
        SettingsError::Invalid { .. } => SettingsError::Invalid {
            game: GameKind::Cabale,
            reason: OptionError::Value("invalid type: null".into()),
        },
    }));
    let option = |kind: GameKind, json: &str| match settings(kind, json) {
        SettingsError::BadOption { reason, .. } => reason,
        other => panic!("{kind} {json}: {other:?}"),
    };
    worded_as_displayed(&every_variant!(OptionError {
        OptionError::Kewbz(_) => option(GameKind::Kewbz, r#"{"cubes":0}"#),
        OptionError::Cabale(_) => option(GameKind::Cabale, r#"{"players":7}"#),
        OptionError::Value(_) => option(GameKind::Cabale, r#"{"sharp_turns":"yes"}"#),
    }));
    worded_as_displayed(&[
        option(GameKind::Kewbz, r#"{"size":100000}"#),
        option(GameKind::Kewbz, r#"{"size":-1}"#),
        option(GameKind::Kewbz, r#"{"cubes":18446744073709551615}"#),
        option(GameKind::Cabale, r#"{"players":9007199254740993}"#),
        option(GameKind::Kewbz, r#"{"extension":"diagonal"}"#),
        option(GameKind::Cabale, r#"{"blockade_edges":{"only":["D4|D9"]}}"#),
    ]);
    worded_as_displayed(&every_variant!(CodeError {
        CodeError::Kuba(_) => kuba_code.clone(),
        CodeError::Kewbz(_) => code(GameKind::Kewbz, "8/8 b 32-32"),
        CodeError::Cabale(_) => code(GameKind::Cabale, "x y"),
        CodeError::Nuba(_) => code(GameKind::Nuba, "...../..... g g:- r:- -"),
    }));
    let nuba = Position::start(&GameKind::Nuba.default_settings());
    let cabale = Position::start(&GameKind::Cabale.default_settings());
    let kewbz = Position::start(&GameKind::Kewbz.default_settings());
    let malformed = |position: &Position, text: &str| match rejected(position, text) {
        MoveRejected::Malformed(e) => e,
        other => panic!("{text}: {other:?}"),
    };
    let illegal = |position: &Position, text: &str| match rejected(position, text) {
        MoveRejected::Illegal(e) => e,
        other => panic!("{text}: {other:?}"),
    };
    worded_as_displayed(&every_variant!(MalformedMove {
        MalformedMove::Kuba(_) => malformed(&kuba, "h9-N"),
        MalformedMove::Kewbz(_) => malformed(&kewbz, ""),
        MalformedMove::Cabale(_) => malformed(&cabale, "A3>"),
        MalformedMove::Nuba(_) => malformed(&nuba, "Q@c2"),
    }));
    worded_as_displayed(&every_variant!(IllegalMove {
        IllegalMove::Kuba(_) => illegal(&kuba, "d4-N"),
        IllegalMove::Kewbz(_) => illegal(&kewbz, "z26"),
        IllegalMove::Cabale(_) => illegal(&cabale, "@A1"),
        IllegalMove::Nuba(_) => illegal(&nuba, "c2-c3"),
    }));
    // A refused move's phrase is its reason; Display adds what kind of refusal.
    let refusals = every_variant!(MoveRejected {
        MoveRejected::Malformed(_) => rejected(&kuba, "d4"),
        MoveRejected::Illegal(_) => rejected(&kuba, "d4-N"),
        MoveRejected::OtherGame { .. } => {
            let m = nuba.legal_moves().remove(0);
            kuba.clone().play(&m).expect_err("a move of another game")
        }
    });
    for e in &refusals {
        let prefix = match e {
            MoveRejected::Malformed(_) => "malformed: ",
            MoveRejected::Illegal(_) => "illegal: ",
            MoveRejected::OtherGame { .. } => "",
        };
        assert_eq!(format!("{prefix}{}", english(&e.phrase())), e.to_string());
    }
    let replay = |moves: &[&str]| {
        boardbot::games::replay(&GameKind::Kuba.default_settings(), None, moves).expect_err("a refused move")
    };
    worded_as_displayed(&every_variant!(ReplayError {
        ReplayError::Setup(_) => ReplayError::Setup(SetupError::BadCode(kuba_code.clone())),
        ReplayError::Move { .. } => replay(&["a6-E", "g7-S", "b7-W"]),
    }));
    worded_as_displayed(&[
        replay(&["a6-E", "zz"]),
        ReplayError::Move { ply: 4, text: "a7-S".into(), reason: refusals[2].clone() },
    ]);
    worded_as_displayed(&every_variant!(EndReason {
        EndReason::Kuba(_) => kuba::End::NoPush(kuba::Color::Black).into(),
        EndReason::Kewbz(_) => kewbz::End::Blocked { scores: [3, 4] }.into(),
        EndReason::Cabale(_) => cabale::End::Stuck(1).into(),
        EndReason::Nuba(_) => nuba::End::Champion(nuba::Color::Red).into(),
    }));
    // A game's own refusals keep their kind too.
    let kuba_game = <kuba::Kuba as boardbot::games::Game>::start(&Default::default());
    let e = boardbot::games::Game::parse_move(&kuba_game, "a1-S").expect_err("no access");
    assert!(matches!(e, MoveError::Illegal(_)));
    assert_eq!(format!("illegal: {}", english(&e.phrase())), e.to_string());
}

/// Every seat's colour term is the seat's name, and every game's title term its title.
#[test]
fn seats_and_titles_are_worded_as_named() {
    for &kind in GameKind::ALL {
        assert_eq!(catalog::text(Lang::En, kind.term(), None), kind.title());
        let players = if kind == GameKind::Cabale { r#"{"players":4}"# } else { "{}" };
        let position = Position::setup(kind, None, Some(players)).expect("a start");
        for seat in position.seats() {
            assert_eq!(catalog::text(Lang::En, seat.term, None), seat.name, "{kind}");
        }
    }
}

/// Random games of every kind: each move's label is its head and its worded
/// parts, the same in what playing it gives, in its picture and in the menus; the
/// pictures and diagrams of every position are worded without a gap.
#[test]
fn labels_pictures_and_diagrams_are_worded_whole() {
    let join = |head: &str, parts: &[Phrase]| {
        std::iter::once(head.to_string()).chain(parts.iter().map(english)).collect::<Vec<_>>().join(" · ")
    };
    let mut labels = 0;
    for &kind in GameKind::ALL {
        for game in 0..3u64 {
            let mut rng = Rng::new(0x5eed ^ game);
            let settings = match (kind, game) {
                (GameKind::Cabale, 1) => r#"{"players":3}"#,
                (GameKind::Kewbz, 1) => r#"{"size":5,"cubes":12}"#,
                _ => "{}",
            };
            let mut position = Position::setup(kind, None, Some(settings)).expect("a start");
            let mut last = None;
            for _ in 0..200 {
                let view = position.view(last.take());
                let mut used = BTreeSet::new();
                for p in view.last_line.iter().chain(&view.note).chain(&view.result) {
                    ids(p, &mut used);
                }
                let picture = worded(view, Lang::En);
                assert_eq!(picture.title, kind.title());
                for (seat, info) in picture.seats.iter().zip(position.seats()) {
                    assert_eq!(seat.colour, info.name);
                }
                let texts = picture
                    .seats
                    .iter()
                    .flat_map(|s| s.counters.iter().flat_map(|c| [&c.label, &c.value]))
                    .chain(&picture.last_line)
                    .chain(&picture.note)
                    .chain(&picture.result);
                for text in texts {
                    assert!(!text.starts_with('[') && !text.contains("{$"), "{kind}: {text}");
                }
                for id in &used {
                    assert!(catalog::has(Lang::En, id), "{kind}: no message {id}");
                }
                let diagram = position.diagram();
                for line in &diagram.lines {
                    english(line);
                }
                let text = diagram_text(&diagram, Lang::En);
                assert!(text.starts_with(&diagram.grid) && text.lines().count() > diagram.lines.len());

                let menu = position.menu("", "", 25);
                for choice in menu.choices.iter().take(5) {
                    assert_eq!(join(&choice.head, &choice.parts), choice.label, "{kind}");
                    let next = position.menu(&choice.text, "", 25);
                    for deeper in next.choices.iter().take(3) {
                        assert_eq!(join(&deeper.head, &deeper.parts), deeper.label, "{kind}");
                    }
                }
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = &moves[rng.below(moves.len())];
                assert_eq!(
                    position.describe(m).ok().as_deref(),
                    Some(position.clone().play(m).expect("legal").label.as_str())
                );
                let played = position.play(m).expect("a legal move");
                assert_eq!(join(&played.head, &played.parts), played.label, "{kind}");
                let mut view_parts = vec![Phrase::new("game-move").text("move", &played.head)];
                view_parts.extend(played.parts.iter().cloned());
                assert_eq!(played.view.parts, view_parts, "{kind}");
                labels += 1;
                last = Some(played.view);
            }
        }
    }
    assert!(labels > 500, "only {labels} labels");
}

/// Every English catalog file parses, and no message is defined twice.
#[test]
fn the_english_catalog_parses_whole() {
    use fluent_bundle::{FluentBundle, FluentResource};
    let en: unic_langid::LanguageIdentifier = "en".parse().expect("a language");
    let mut bundle = FluentBundle::new(vec![en]);
    for (file, source) in catalog::FILES.iter().zip(catalog::sources(Lang::En)) {
        let resource = FluentResource::try_new(source.to_string())
            .unwrap_or_else(|(_, errors)| panic!("locales/en/{file}.ftl: {errors:?}"));
        bundle.add_resource(resource).unwrap_or_else(|errors| panic!("locales/en/{file}.ftl repeats: {errors:?}"));
    }
}
