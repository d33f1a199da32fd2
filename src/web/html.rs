//! The pages' HTML, server-rendered with maud (every value escaped by construction):
//! readable without JavaScript and on a phone (a viewport, one column, the board as
//! wide as the screen), the words from [`crate::present::web`].

use maud::{html, Markup, PreEscaped, DOCTYPE};

use crate::lang::Lang;
use crate::present::web::{word, CommunityWords, GameWords, TournamentWords};
use crate::service::pages::{GamePage, Links};

/// The pages' style: small, inline (no request of its own), light and dark.
const STYLE: &str = "\
:root{color-scheme:light dark;--fg:#1d1d1f;--bg:#fbfaf7;--muted:#6b6b70;--line:#d9d6cf;--accent:#8a4b0f}\
@media (prefers-color-scheme:dark){:root{--fg:#ecebe8;--bg:#1b1b1d;--muted:#a3a3a8;--line:#3a3a3e;--accent:#f0a35e}}\
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg)}\
main,footer{max-width:44rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.1rem;margin:1.4rem 0 .4rem}\
a{color:var(--accent)}.muted{color:var(--muted)}.status{font-size:1.1rem;font-weight:600}\
img.board{display:block;width:100%;max-width:512px;height:auto;border:1px solid var(--line);border-radius:4px}\
nav.plies{display:flex;flex-wrap:wrap;gap:.4rem 1rem;margin:.5rem 0}\
ol.moves{columns:8rem;padding-left:2.5rem;margin:.3rem 0}ol.moves li[aria-current]{font-weight:700}\
ul.players{list-style:none;padding:0;margin:.3rem 0}ul.players li{margin:.15rem 0}\
table{border-collapse:collapse;width:100%;margin:.3rem 0}th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid var(--line)}\
td.n,th.n{text-align:right}footer{font-size:.85rem;color:var(--muted)}";

/// The frame of every page: head, style, the `main` content and the footer.
pub(super) fn frame(lang: Lang, title: &str, head: Markup, main: Markup, ply: Option<u32>) -> String {
    let markup = html! {
        (DOCTYPE)
        html lang=(lang.code()) data-ply=[ply] {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex, nofollow";
                meta name="referrer" content="no-referrer";
                link rel="icon" href="/assets/icon.svg" type="image/svg+xml";
                title { (title) }
                style { (PreEscaped(STYLE)) }
                (head)
            }
            body {
                (main)
                footer { (word(lang, "web-footer", &[])) }
            }
        }
    };
    markup.into_string()
}

/// A game's page. `links` are absolute (the previews' tags need a whole URL);
/// the page's own links are relative to the server's root.
pub fn game(page: &GamePage, words: &GameWords, lang: Lang, links: &Links) -> String {
    let own = Links::relative();
    let token = page.token.as_str();
    let board = own.board(token, page.ply, &page.board_key, lang);
    let preview = links.board(token, page.last_ply, &page.last_key, lang);
    let url = if page.ply == page.last_ply { links.game(token) } else { links.game_at(token, page.ply) };
    let head = html! {
        meta property="og:type" content="website";
        meta property="og:title" content=(words.title);
        meta property="og:description" content=(words.status);
        meta property="og:url" content=(url);
        meta property="og:image" content=(preview);
        meta property="og:image:type" content="image/png";
        @if page.ply == page.last_ply {
            meta property="og:image:alt" content=(words.alt);
        }
        meta name="twitter:card" content="summary_large_image";
        meta name="twitter:title" content=(words.title);
        meta name="twitter:description" content=(words.status);
        meta name="twitter:image" content=(preview);
        @if page.ongoing {
            meta name="boardbot-events" content=(own.events(token));
            script src="/assets/live.js" defer {}
            noscript { meta http-equiv="refresh" content="30"; }
        }
    };
    let main = html! {
        main {
            h1 { (words.title) }
            p.muted { (words.subtitle) }
            p.status role="status" { (words.status) }
            h2 { (word(lang, "web-heading-players", &[])) }
            ul.players {
                @for player in &words.players {
                    li { strong { (player.name) } " · " (player.detail) }
                }
            }
            h2 { (word(lang, "web-heading-board", &[])) }
            img.board src=(board) alt=(words.alt) width=(super::BOARD_PX) loading="eager";
            p.muted { (words.showing) }
            nav.plies aria-label=(word(lang, "web-heading-moves", &[])) {
                @if page.ply > 0 {
                    a href=(own.game_at(token, 0)) { (word(lang, "web-first", &[])) }
                    a href=(own.game_at(token, page.ply - 1)) rel="prev" { (word(lang, "web-previous", &[])) }
                }
                @if page.ply < page.last_ply {
                    a href=(own.game_at(token, page.ply + 1)) rel="next" { (word(lang, "web-next", &[])) }
                    a href=(own.game(token)) { (word(lang, "web-last", &[])) }
                }
            }
            @if page.ongoing {
                p.muted { (word(lang, "web-live", &[])) }
            }
            h2 { (word(lang, "web-heading-moves", &[])) }
            @if let Some(left_out) = &words.left_out {
                p.muted { (left_out) }
            }
            @if words.moves.is_empty() {
                p.muted { (word(lang, "web-moves-none", &[])) }
            } @else {
                ol.moves start=[words.moves.first().map(|m| m.ply)] {
                    @for m in &words.moves {
                        li aria-current=[(m.ply == page.ply).then_some("step")] {
                            a href=(own.game_at(token, m.ply)) title=(m.colour) { (m.text) }
                        }
                    }
                }
            }
            h2 { (word(lang, "web-heading-replay", &[])) }
            p { a href=(own.replay(token, &page.replay_key, lang)) { (word(lang, "web-replay-link", &[])) } }
        }
    };
    frame(lang, &words.title, head, main, Some(page.ply))
}

/// A community's page.
pub fn community(words: &CommunityWords, lang: Lang) -> String {
    let own = Links::relative();
    let main = html! {
        main {
            h1 { (words.title) }
            h2 { (word(lang, "web-heading-leaderboards", &[])) }
            @for (game, lines) in &words.leaderboards {
                h3 { (game) }
                @if lines.is_empty() {
                    p.muted { (word(lang, "web-leaderboard-empty", &[])) }
                } @else {
                    table {
                        thead { tr {
                            th.n scope="col" { (word(lang, "web-col-rank", &[])) }
                            th scope="col" { (word(lang, "web-col-player", &[])) }
                            th.n scope="col" { (word(lang, "web-col-rating", &[])) }
                            th.n scope="col" { (word(lang, "web-col-games", &[])) }
                        } }
                        tbody {
                            @for l in lines {
                                tr { td.n { (l.rank) } td { (l.name) } td.n { (l.rating) } td.n { (l.games) } }
                            }
                        }
                    }
                }
            }
            h2 { (word(lang, "web-heading-games", &[])) }
            @if words.games.is_empty() {
                p.muted { (word(lang, "web-games-none", &[])) }
            } @else {
                table {
                    thead { tr {
                        th scope="col" { (word(lang, "web-col-game", &[])) }
                        th scope="col" { (word(lang, "web-col-players", &[])) }
                        th.n scope="col" { (word(lang, "web-col-moves", &[])) }
                        th scope="col" { (word(lang, "web-col-state", &[])) }
                        th scope="col" { (word(lang, "web-col-when", &[])) }
                    } }
                    tbody {
                        @for g in &words.games {
                            tr {
                                td { a href=(own.game(&g.token)) { (g.game) } }
                                td { (g.players) }
                                td.n { (g.moves) }
                                td { (g.state) }
                                td { (g.when) }
                            }
                        }
                    }
                }
            }
            @if !words.tournaments.is_empty() {
                h2 { (word(lang, "web-heading-tournaments", &[])) }
                ul {
                    @for (line, token) in &words.tournaments {
                        li { a href=(own.tournament(token)) { (line) } }
                    }
                }
            }
        }
    };
    frame(lang, &words.title, html! {}, main, None)
}

/// A tournament's page: its standings (with a round robin's crosstable) and every
/// round's boards, each game linked to its page.
pub fn tournament(words: &TournamentWords, lang: Lang) -> String {
    let own = Links::relative();
    let table = &words.standings;
    let crossed = table.rows.first().is_some_and(|r| !r.marks.is_empty());
    let main = html! {
        main {
            h1 { (words.title) }
            h2 { (word(lang, "web-heading-standings", &[])) }
            @if table.rows.is_empty() {
                p.muted { (word(lang, "web-standings-none", &[])) }
            } @else {
                table {
                    thead { tr {
                        th.n scope="col" { (table.headers.rank) }
                        th scope="col" { (table.headers.name) }
                        th.n scope="col" { (table.headers.points) }
                        @for t in &table.headers.tiebreaks { th.n scope="col" { (t) } }
                        @if crossed { @for i in 1..=table.rows.len() { th.n scope="col" { (i) } } }
                    } }
                    tbody {
                        @for row in &table.rows {
                            tr {
                                td.n { (row.rank) }
                                td { @if row.withdrawn { s { (row.name) } } @else { (row.name) } }
                                td.n { (row.points) }
                                @for t in &row.tiebreaks { td.n { (t) } }
                                @for m in &row.marks { td.n { (mark(*m)) } }
                            }
                        }
                    }
                }
            }
            @for round in &words.rounds {
                h2 { (round.heading) }
                table {
                    thead { tr {
                        th.n scope="col" { (word(lang, "web-col-board", &[])) }
                        th scope="col" { (word(lang, "web-col-players", &[])) }
                        th scope="col" { (word(lang, "web-col-result", &[])) }
                    } }
                    tbody {
                        @for b in &round.boards {
                            tr {
                                td.n { (b.board) }
                                td { @if let Some(token) = &b.token { a href=(own.game(token)) { (b.players) } } @else { (b.players) } }
                                td { (b.result) }
                            }
                        }
                    }
                }
                @if let Some(bye) = &round.bye { p.muted { (bye) } }
            }
        }
    };
    frame(lang, &words.title, html! {}, main, None)
}

/// A crosstable's cell: results as numbers and signs, the same in every language.
fn mark(m: crate::render::standings::Mark) -> &'static str {
    use crate::render::standings::Mark;
    match m {
        Mark::Own => "×",
        Mark::Empty => "",
        Mark::Running => "·",
        Mark::Won => "1",
        Mark::Drawn => "½",
        Mark::Lost => "0",
        Mark::WonByForfeit => "+",
        Mark::LostByForfeit => "−",
    }
}

/// A short error page: `kind` is `not-found`, `too-many` or `error` (the catalog's
/// `web-<kind>-title` and `web-<kind>`).
pub fn error(lang: Lang, kind: &str) -> String {
    let title = word(lang, &format!("web-{kind}-title"), &[]);
    let main = html! {
        main {
            h1 { (title) }
            p { (word(lang, &format!("web-{kind}"), &[])) }
        }
    };
    frame(lang, &title, html! {}, main, None)
}
