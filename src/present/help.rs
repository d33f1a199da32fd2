//! The help text: what can be asked, written in the platform's command syntax.

use super::grammar::Grammar;
use crate::games::GameKind;
use crate::lang::Lang;

/// The help for `kind` (or for every game), in `lang`, with commands written by
/// `grammar`.
pub(crate) fn help(lang: Lang, grammar: &dyn Grammar, kind: Option<GameKind>) -> String {
    let game = kind.unwrap_or(GameKind::Kuba).name();
    let c = |sub: &str| grammar.command(game, sub);
    let b = |sub: &str| grammar.command("boardbot", sub);
    let all: Vec<String> = GameKind::ALL.iter().map(|k| grammar.command(k.name(), "")).collect();
    let mut args = fluent_bundle::FluentArgs::new();
    args.set("command", grammar.command(game, ""));
    args.set(
        "commands",
        super::catalog::text(
            lang,
            "list-and",
            Some(&{
                let mut a = fluent_bundle::FluentArgs::new();
                a.set("first", all[..all.len() - 1].join(", "));
                a.set("last", all[all.len() - 1].clone());
                a
            }),
        ),
    );
    let header = super::catalog::text(lang, "help-header", Some(&args));
    let computer = super::catalog::text(lang, "help-computer", None);
    [
        header,
        format!("{} @bob [rated:yes|no] [days:1|2|3|5|7|14|unlimited] [first:me|them|random] [start:CODE] [size:N extension:line|arm (kewbz)] [sharp:yes|no (cabale)]", c("challenge")),
        format!("{} @boardbot [level:random|greedy|easy|medium|hard]  {computer}", c("challenge")),
        format!("{} | decline | cancel [challenge:N]", c("accept")),
        format!("{} TEXT [game:ID]    {} [flip:yes] [game:ID]", c("move"), c("board")),
        format!("{} | draw [offer|accept|decline] | takeback [ask|accept|decline] [game:ID]", c("resign")),
        format!("{} [game:ID]    {} [scope:here|global]    {}", c("history"), c("leaderboard"), c("rules")),
        format!("{} | rating [@user] [vs:@other] [game:KIND] | leaderboard game:KIND | rules | help", b("games")),
        format!("{} mention|dm|off    {} days:N | end", b("notify"), b("vacation")),
    ]
    .join("\n")
}
