//! The slash commands as Discord sees them: one per game and `/boardbot`, built with
//! serenity's builders (the JSON sent by `boardbot discord register`).

use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption};

use crate::games::GameKind;

fn option(kind: CommandOptionType, name: &str, description: &str) -> CreateCommandOption {
    CreateCommandOption::new(kind, name, description)
}

fn sub(name: &str, description: &str) -> CreateCommandOption {
    option(CommandOptionType::SubCommand, name, description)
}

fn game_id() -> CreateCommandOption {
    option(CommandOptionType::String, "game", "The game's id (K7Q2); not needed in the game's thread")
}

fn choices(mut o: CreateCommandOption, values: &[(&str, &str)]) -> CreateCommandOption {
    for (name, value) in values {
        o = o.add_string_choice(*name, *value);
    }
    o
}

fn kind_option(required: bool) -> CreateCommandOption {
    let mut o = option(CommandOptionType::String, "game", "Which game").required(required);
    for kind in GameKind::ALL {
        o = o.add_string_choice(kind.title(), kind.name());
    }
    o
}

fn challenge(kind: GameKind) -> CreateCommandOption {
    let mut c = sub("challenge", "Challenge someone, or me (the computer) with a level").add_sub_option(
        option(CommandOptionType::User, "opponent", "Who you challenge; pick the bot to play the computer")
            .required(true),
    );
    if kind == GameKind::Cabale {
        c = c
            .add_sub_option(option(CommandOptionType::User, "opponent2", "A second opponent (3 players)"))
            .add_sub_option(option(CommandOptionType::User, "opponent3", "A third opponent (4 players)"));
    }
    c = c
        .add_sub_option(option(CommandOptionType::Boolean, "rated", "Whether the game counts for ratings (default no)"))
        .add_sub_option(choices(
            option(CommandOptionType::String, "days", "Time per move (rated default 3 days; unlimited: casual only)"),
            &[
                ("1 day", "1"),
                ("2 days", "2"),
                ("3 days", "3"),
                ("5 days", "5"),
                ("7 days", "7"),
                ("14 days", "14"),
                ("unlimited", "unlimited"),
            ],
        ))
        .add_sub_option(choices(
            option(CommandOptionType::String, "first", "Who moves first (default random)"),
            &[("me", "me"), ("them", "them"), ("random", "random")],
        ))
        .add_sub_option(choices(
            option(CommandOptionType::String, "level", "The computer's strength (default medium)"),
            &[("random", "random"), ("greedy", "greedy"), ("easy", "easy"), ("medium", "medium"), ("hard", "hard")],
        ));
    match kind {
        GameKind::Kewbz => {
            c = c
                .add_sub_option(
                    option(CommandOptionType::Integer, "size", "Board size (default 8)")
                        .min_int_value(4)
                        .max_int_value(26),
                )
                .add_sub_option(choices(
                    option(CommandOptionType::String, "extension", "How a placement extends (default line)"),
                    &[("line", "line"), ("arm", "arm")],
                ));
        }
        GameKind::Cabale => {
            c = c.add_sub_option(option(CommandOptionType::Boolean, "sharp", "Allow sharp turns (default yes)"));
        }
        GameKind::Kuba | GameKind::Nuba => {}
    }
    c.add_sub_option(option(CommandOptionType::String, "settings", "Rule options as JSON, e.g. {\"size\":10}"))
        .add_sub_option(option(CommandOptionType::String, "start", "Start from this position code (casual only)"))
}

fn answer(name: &str, description: &str, ask: &str) -> CreateCommandOption {
    sub(name, description)
        .add_sub_option(choices(
            option(CommandOptionType::String, "answer", "Ask, or answer the pending request"),
            &[(ask, ask), ("accept", "accept"), ("decline", "decline")],
        ))
        .add_sub_option(game_id())
}

fn numbered(name: &str, description: &str) -> CreateCommandOption {
    sub(name, description).add_sub_option(
        option(CommandOptionType::Integer, "challenge", "The challenge's number, when several are open")
            .min_int_value(1),
    )
}

fn scope() -> CreateCommandOption {
    choices(
        option(CommandOptionType::String, "scope", "This server (default) or everyone"),
        &[("here", "here"), ("global", "global")],
    )
}

fn rating(with_kind: bool) -> CreateCommandOption {
    let mut o = sub("rating", "A player's rating, or two players head to head");
    if with_kind {
        o = o.add_sub_option(kind_option(false));
    }
    o.add_sub_option(option(CommandOptionType::User, "player", "Whose rating (default yours)")).add_sub_option(option(
        CommandOptionType::User,
        "vs",
        "Head to head against this player",
    ))
}

/// The command of one game.
fn game_command(kind: GameKind) -> CreateCommand {
    let title = kind.title();
    CreateCommand::new(kind.name())
        .description(format!("Play {title}: challenge, move, resign and more"))
        .dm_permission(false)
        .add_option(challenge(kind))
        .add_option(numbered("accept", "Accept a challenge"))
        .add_option(numbered("decline", "Decline a challenge"))
        .add_option(numbered("cancel", "Take back your own challenge"))
        .add_option(
            sub("move", "Play a move; start typing and pick one of the legal moves")
                .add_sub_option(
                    option(CommandOptionType::String, "move", "The move, in any notation the game takes")
                        .required(true)
                        .set_autocomplete(true),
                )
                .add_sub_option(game_id()),
        )
        .add_option(
            sub("board", "Show the board (anyone may look)")
                .add_sub_option(option(CommandOptionType::Boolean, "flip", "Draw it from the other side"))
                .add_sub_option(game_id()),
        )
        .add_option(sub("resign", "Resign the game").add_sub_option(game_id()))
        .add_option(answer("draw", "Offer a draw, or answer an offer", "offer"))
        .add_option(answer("takeback", "Ask to take back your last move, or answer", "ask"))
        .add_option(sub("history", "The moves and the position code").add_sub_option(game_id()))
        .add_option(sub("leaderboard", &format!("The best {title} players")).add_sub_option(scope()))
        .add_option(rating(false))
        .add_option(sub("rules", &format!("The rules of {title}")))
        .add_option(sub("help", "What you can do"))
}

/// `/boardbot`: what is not about one game.
fn boardbot_command() -> CreateCommand {
    CreateCommand::new("boardbot")
        .description("Your games, ratings, reminders and vacations")
        .dm_permission(false)
        .add_option(sub("games", "Your games in progress, whose turn and the time left"))
        .add_option(rating(true))
        .add_option(
            sub("leaderboard", "The best players of a game").add_sub_option(kind_option(true)).add_sub_option(scope()),
        )
        .add_option(
            sub("notify", "How you are told it is your turn")
                .add_sub_option(
                    choices(
                        option(CommandOptionType::String, "how", "A mention in the game's place, a DM, or nothing"),
                        &[("mention", "mention"), ("dm", "dm"), ("off", "off")],
                    )
                    .required(true),
                )
                .add_sub_option(option(CommandOptionType::User, "user", "Whose reminders (only your own)")),
        )
        .add_option(
            sub("vacation", "Pause all your clocks for some days, or end your vacation early")
                .add_sub_option(
                    option(CommandOptionType::Integer, "days", "How many days (at most 30 a year)").min_int_value(1),
                )
                .add_sub_option(option(CommandOptionType::Boolean, "end", "End your vacation now")),
        )
        .add_option(sub("rules", "The rules of a game").add_sub_option(kind_option(false)))
        .add_option(sub("help", "What you can do"))
}

/// Every command the bot registers.
pub fn definitions() -> Vec<CreateCommand> {
    let mut all: Vec<CreateCommand> = GameKind::ALL.iter().map(|k| game_command(*k)).collect();
    all.push(boardbot_command());
    all
}
