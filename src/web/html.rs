//! The pages' HTML, server-rendered with maud (every value escaped by construction):
//! readable without JavaScript and on a phone (a viewport, one column, the board as
//! wide as the screen), the words from [`crate::present::web`].

use maud::{html, Markup, PreEscaped, DOCTYPE};

use crate::lang::Lang;
use crate::present::web::{word, CommunityWords, GameWords, TournamentWords};
use crate::present::CellBox;
use crate::service::pages::{GamePage, Links};
use crate::service::{PlayPanel, Signed, Square, WebGame};

/// The pages' style: small, inline (no request of its own), light and dark.
pub(super) const STYLE: &str = "\
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
td.n,th.n{text-align:right}footer{font-size:.85rem;color:var(--muted)}\
header.who{max-width:44rem;margin:0 auto;padding:.5rem 1rem;display:flex;flex-wrap:wrap;gap:.3rem 1rem;align-items:center;\
font-size:.9rem;color:var(--muted);border-bottom:1px solid var(--line)}header.who form{margin:0}\
button{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:.35rem .8rem;\
cursor:pointer;min-height:2.5rem}button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}\
.board-play{position:relative;max-width:512px;touch-action:manipulation}.board-play img.board{max-width:100%}\
.board-play .sq{position:absolute;transform:translate(-50%,-50%);min-height:0;padding:0;border:0;border-radius:50%;\
background:transparent;color:transparent;font-size:1px;overflow:hidden}\
.board-play .sq:not([disabled]){box-shadow:inset 0 0 0 2px var(--accent)}.board-play .sq[disabled]{cursor:default}\
.board-play .sq[aria-pressed=true]{box-shadow:inset 0 0 0 5px var(--accent);background:rgba(240,163,94,.25)}\
ul.offered{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}ul.offered li{display:flex;flex-direction:column}\
ul.offered small{color:var(--muted)}p.refused{color:#b3261e;font-weight:600}p.said{font-weight:600}\
form.typed{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:.8rem 0}\
input[type=text]{font:inherit;padding:.35rem .5rem;min-height:2.5rem;border:1px solid var(--line);border-radius:6px;\
background:var(--bg);color:var(--fg)}.offers form{display:inline-block;margin:.2rem .4rem .2rem 0}ul.games li{margin:.3rem 0}";

/// Who reads a page: signed in or not, and whether people can play here at all.
pub struct Viewer<'a> {
    /// The person signed in, if any.
    pub signed: Option<&'a Signed>,
    /// These pages are a running bot's: people sign in and play on them.
    pub plays: bool,
}

impl Viewer<'_> {
    /// Nobody signed in, on read-only pages.
    pub const NOBODY: Viewer<'static> = Viewer { signed: None, plays: false };
}

/// What a game's page shows its player besides the game: their part to play, where
/// the board's cells lie on its picture, and what their last request said.
pub struct Playing<'a> {
    /// The player's part, when the reader plays in the game.
    pub panel: Option<&'a PlayPanel>,
    /// The board picture's width, height and cells, when its squares are buttons.
    pub cells: Option<&'a (u32, u32, Vec<CellBox>)>,
    /// What the reader's last request said, each with whether it was a refusal.
    pub notices: &'a [(bool, String)],
}

/// Who is signed in, with a link to their games and a sign-out button.
fn who(lang: Lang, viewer: &Viewer<'_>) -> Markup {
    html! {
        @if let Some(signed) = viewer.signed {
            header.who {
                span { (word(lang, "web-signed-in-as", &[("name", signed.actor.display_name.clone())])) }
                a href="/me" { (word(lang, "web-your-games-link", &[])) }
                form method="post" action="/logout" {
                    input type="hidden" name="csrf" value=(signed.csrf);
                    button type="submit" { (word(lang, "web-sign-out", &[])) }
                }
            }
        }
    }
}

/// The frame of every page: head, style, the `main` content and the footer.
pub(super) fn frame(
    lang: Lang,
    title: &str,
    head: Markup,
    main: Markup,
    ply: Option<u32>,
    viewer: &Viewer<'_>,
) -> String {
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
                (who(lang, viewer))
                (main)
                footer { (word(lang, "web-footer", &[])) }
            }
        }
    };
    markup.into_string()
}

/// A game's page. `links` are absolute (the previews' tags need a whole URL);
/// the page's own links are relative to the server's root.
pub fn game(
    page: &GamePage,
    words: &GameWords,
    lang: Lang,
    links: &Links,
    viewer: &Viewer<'_>,
    playing: &Playing<'_>,
) -> String {
    let own = Links::relative();
    let token = page.token.as_str();
    // The page shows the board as SVG (sharp at any size, a fifth of the PNG's bytes
    // gzipped); the previews of other sites keep the PNG.
    let board = own.board_svg(token, page.ply, &page.board_key, lang);
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
            @if playing.panel.is_none() {
                noscript { meta http-equiv="refresh" content="30"; }
            }
        }
        @if playing.panel.is_some() {
            script src="/assets/play.js" defer {}
        }
    };
    let main = html! {
        main {
            h1 { (words.title) }
            p.muted { (words.subtitle) }
            p.status role="status" { (words.status) }
            @for (refusal, text) in playing.notices {
                @if *refusal {
                    p.refused role="alert" { (text) }
                } @else {
                    p.said role="status" { (text) }
                }
            }
            h2 { (word(lang, "web-heading-players", &[])) }
            ul.players {
                @for player in &words.players {
                    li { strong { (player.name) } " · " (player.detail) }
                }
            }
            h2 { (word(lang, "web-heading-board", &[])) }
            @match (playing.panel, playing.cells) {
                (Some(panel), Some(cells)) if !panel.squares.is_empty() => {
                    (playable_board(lang, &own.game(token), &board, &words.alt, (&panel.squares, panel.picked.as_deref()), cells))
                }
                _ => { img.board src=(board) alt=(words.alt) width=(super::BOARD_PX) loading="eager"; }
            }
            p.muted { (words.showing) }
            @if let Some(panel) = playing.panel {
                (play_panel(lang, token, panel, viewer.signed.map_or("", |s| s.csrf.as_str())))
            } @else if viewer.plays && viewer.signed.is_none() && page.ongoing {
                p.muted { (word(lang, "web-sign-in-to-play", &[])) }
            }
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
    frame(lang, &words.title, head, main, Some(page.ply), viewer)
}

/// The board as its player's turn sees it: the picture, each cell a button named by
/// its coordinate laid over it (a GET form to `page`: without JavaScript the page
/// comes back with the moves of the square picked). A game's page and a puzzle's.
pub(super) fn playable_board(
    lang: Lang,
    page: &str,
    board: &str,
    alt: &str,
    (squares, picked): (&[Square], Option<&str>),
    (width, height, cells): &(u32, u32, Vec<CellBox>),
) -> Markup {
    let (w, h) = (*width as f32, (*height).max(1) as f32);
    let place = |c: &CellBox| {
        format!(
            "left:{:.3}%;top:{:.3}%;width:{:.3}%;height:{:.3}%",
            c.x / w * 100.0,
            c.y / h * 100.0,
            c.size * 0.9 / w * 100.0,
            c.size * 0.9 / h * 100.0
        )
    };
    html! {
        div.board-play {
            img.board src=(board) alt=(alt) width=(super::BOARD_PX) loading="eager";
            form.pick method="get" action=(page) aria-label=(word(lang, "web-squares", &[])) {
                @for square in squares {
                    @if let Some(cell) = cells.iter().find(|c| c.index == square.index) {
                        @let picked = picked == Some(square.name.as_str());
                        button.sq type="submit" name="pick" value=(square.name) style=(place(cell))
                            disabled[square.choices == 0] aria-pressed=(if picked { "true" } else { "false" }) {
                            (square.name)
                        }
                    }
                }
            }
        }
    }
}

/// The hidden fields of a form that changes the game: the session's form token, the
/// request's own key, the move number it was made at.
fn acting(signed_csrf: &str, at: u32) -> Markup {
    html! {
        input type="hidden" name="csrf" value=(signed_csrf);
        input type="hidden" name="key" value=(super::play::nonce());
        input type="hidden" name="at" value=(at);
    }
}

/// The player's part of a game's page: their seat, the moves offered (buttons named
/// by the moves' canonical notation), a box to type a move, and the draw, takeback
/// and resignation forms.
fn play_panel(lang: Lang, token: &str, panel: &PlayPanel, csrf: &str) -> Markup {
    let own = Links::relative();
    let game = own.game(token);
    let act = |what: &str| format!("{game}/{what}");
    let colour = super::play::phrase(lang, &panel.colour);
    let heading = offered_heading(lang, panel.picked.as_deref(), &panel.chosen);
    html! {
        section.play aria-labelledby="play-heading" {
            h2 #play-heading { (word(lang, "web-heading-play", &[])) }
            p { (word(lang, "web-you-play", &[("colour", colour)])) }
            @if panel.your_turn {
                p {
                    @if panel.chosen.is_empty() {
                        (word(lang, "web-your-turn", &[]))
                    } @else {
                        (word(lang, "web-your-turn-parts", &[]))
                    }
                }
                @if !panel.offered.is_empty() {
                    h3 { (heading) }
                    (offered_moves(lang, &panel.offered, &game, &act("move"), &|| acting(csrf, panel.at)))
                }
                @if !panel.chosen.is_empty() {
                    p { a href=(game) { (word(lang, "web-start-again", &[])) } }
                }
                form.act.typed method="post" action=(act("move")) {
                    (acting(csrf, panel.at))
                    label for="move-text" { (word(lang, "web-move-label", &[])) }
                    input #move-text type="text" name="move" autocomplete="off" autocapitalize="off" spellcheck="false" required;
                    button type="submit" { (word(lang, "web-play-button", &[])) }
                }
                p.muted { (word(lang, "web-move-hint", &[])) }
            } @else {
                p { (word(lang, "web-not-your-turn", &[])) }
            }
            @if panel.premoves {
                (premoves_form(lang, &act("premove"), csrf, panel.at))
            }
            div.offers {
                @if panel.offers.draws {
                    @if panel.offers.draw_to_me {
                        p { (word(lang, "web-draw-to-me", &[])) }
                        (answer_form(&act("draw"), csrf, panel.at, "accept", &word(lang, "web-draw-accept", &[])))
                        (answer_form(&act("draw"), csrf, panel.at, "decline", &word(lang, "web-draw-decline", &[])))
                    } @else if panel.offers.draw_by_me {
                        p.muted { (word(lang, "web-draw-by-me", &[])) }
                    } @else {
                        (answer_form(&act("draw"), csrf, panel.at, "offer", &word(lang, "web-draw-offer", &[])))
                    }
                }
                @if panel.offers.takeback_to_me {
                    p { (word(lang, "web-takeback-to-me", &[])) }
                    (answer_form(&act("takeback"), csrf, panel.at, "accept", &word(lang, "web-takeback-accept", &[])))
                    (answer_form(&act("takeback"), csrf, panel.at, "decline", &word(lang, "web-takeback-decline", &[])))
                } @else if panel.offers.takeback_by_me {
                    p.muted { (word(lang, "web-takeback-by-me", &[])) }
                } @else if panel.offers.has_moved {
                    (answer_form(&act("takeback"), csrf, panel.at, "ask", &word(lang, "web-takeback-ask", &[])))
                }
                details {
                    summary { (word(lang, "web-resign", &[])) }
                    p { (word(lang, "web-resign-question", &[])) }
                    form.act method="post" action=(act("resign")) {
                        (acting(csrf, panel.at))
                        button type="submit" { (word(lang, "web-resign-confirm", &[])) }
                    }
                }
            }
        }
    }
}

/// The moves offered now, each a button named by its canonical notation: a whole
/// move is a POST to `act` with the form's `hidden` fields (drawn for each form); a
/// part of a turn asks `page` for the next parts (a GET). A game's page and a
/// puzzle's.
pub(super) fn offered_moves(
    lang: Lang,
    offered: &[crate::service::Offered],
    page: &str,
    act: &str,
    hidden: &dyn Fn() -> Markup,
) -> Markup {
    html! {
        ul.offered {
            @for (i, o) in offered.iter().enumerate() {
                @let described = format!("offered-{i}");
                @let label = offered_label(lang, o);
                li {
                    @if o.complete {
                        form.act method="post" action=(act) {
                            (hidden())
                            button type="submit" name="move" value=(o.text) aria-describedby=(described) { (o.text) }
                        }
                    } @else {
                        form.pick method="get" action=(page) {
                            button type="submit" name="chosen" value=(o.text) aria-describedby=(described) { (o.text) }
                        }
                    }
                    small id=(described) { (label) }
                }
            }
        }
    }
}

/// The heading of the moves offered: those of the square picked, the next parts of a
/// turn, or the moves that begin on no square.
pub(super) fn offered_heading(lang: Lang, picked: Option<&str>, chosen: &str) -> String {
    match (picked, chosen.is_empty()) {
        (Some(square), true) => word(lang, "web-moves-from", &[("square", square.to_string())]),
        (None, true) => word(lang, "web-other-moves", &[]),
        (_, false) => word(lang, "web-next-parts", &[]),
    }
}

/// Conditional moves, while the opponent is to move: a line to add, the lines so far
/// (answered on the page in chat's words), all of them cleared. The same request as
/// `/kuba premove` in chat.
fn premoves_form(lang: Lang, action: &str, csrf: &str, at: u32) -> Markup {
    html! {
        section.premoves aria-labelledby="premoves-heading" {
            h3 #premoves-heading { (word(lang, "web-premoves-heading", &[])) }
            p.muted { (word(lang, "web-premoves-explain", &[])) }
            form.act.typed method="post" action=(action) {
                (acting(csrf, at))
                label for="premove-line" { (word(lang, "web-premove-label", &[])) }
                input #premove-line type="text" name="line" autocomplete="off" autocapitalize="off" spellcheck="false" required;
                button type="submit" { (word(lang, "web-premove-save", &[])) }
            }
            form.act method="post" action=(action) {
                (acting(csrf, at))
                button type="submit" { (word(lang, "web-premoves-show", &[])) }
            }
            form.act method="post" action=(action) {
                (acting(csrf, at))
                input type="hidden" name="clear" value="1";
                button type="submit" { (word(lang, "web-premoves-clear", &[])) }
            }
        }
    }
}

/// A move's label: the move as people read it and what it does.
fn offered_label(lang: Lang, o: &crate::service::Offered) -> String {
    std::iter::once(o.head.clone())
        .chain(o.parts.iter().map(|p| super::play::phrase(lang, p)))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// A one-button form answering (or making) a draw or takeback offer.
fn answer_form(action: &str, csrf: &str, at: u32, answer: &str, label: &str) -> Markup {
    html! {
        form.act method="post" action=(action) {
            (acting(csrf, at))
            input type="hidden" name="answer" value=(answer);
            button type="submit" { (label) }
        }
    }
}

/// The page a login link opens: a button that signs in (only its POST uses the link).
pub fn sign_in(lang: Lang, token: &str) -> String {
    let title = word(lang, "web-sign-in-title", &[]);
    let main = html! {
        main {
            h1 { (title) }
            p { (word(lang, "web-sign-in-lead", &[])) }
            form method="post" action="/login" {
                input type="hidden" name="token" value=(token);
                button type="submit" { (word(lang, "web-sign-in-button", &[])) }
            }
        }
    };
    frame(lang, &title, html! {}, main, None, &Viewer::NOBODY)
}

/// The page of a login link that signs nobody in (used, expired or unknown).
pub fn sign_in_refused(lang: Lang) -> String {
    let title = word(lang, "web-sign-in-title", &[]);
    let main = html! {
        main {
            h1 { (title) }
            p.refused role="alert" { (word(lang, "web-sign-in-refused", &[])) }
        }
    };
    frame(lang, &title, html! {}, main, None, &Viewer::NOBODY)
}

/// `/me`: the games in progress of the person signed in, or how to sign in.
pub fn me(lang: Lang, signed: Option<&Signed>, games: Option<&[WebGame]>) -> String {
    let own = Links::relative();
    let title = word(lang, "web-your-games", &[]);
    let main = html! {
        main {
            h1 { (title) }
            @match (signed, games) {
                (Some(_), Some(games)) if !games.is_empty() => {
                    ul.games {
                        @for g in games {
                            @let line = word(lang, "web-game-line", &[
                                ("game", g.kind.title().to_string()),
                                ("id", g.public_id.clone()),
                                ("opponents", g.opponents.join(", ")),
                                ("ply", g.ply.to_string()),
                                ("turn", if g.your_turn { "yes".to_string() } else { "no".to_string() }),
                            ]);
                            li { a href=(own.game(&g.token)) { (line) } }
                        }
                    }
                }
                (Some(_), _) => { p.muted { (word(lang, "web-your-games-none", &[])) } }
                (None, _) => {
                    p { (word(lang, "web-signed-out", &[])) }
                    p.muted { (word(lang, "web-sign-in-to-play", &[])) }
                }
            }
        }
    };
    let viewer = Viewer { signed, plays: true };
    frame(lang, &title, html! {}, main, None, &viewer)
}

/// A community's page.
pub fn community(words: &CommunityWords, lang: Lang, viewer: &Viewer<'_>) -> String {
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
    frame(lang, &words.title, html! {}, main, None, viewer)
}

/// A tournament's page: its standings (with a round robin's crosstable) and every
/// round's boards, each game linked to its page.
pub fn tournament(words: &TournamentWords, lang: Lang, viewer: &Viewer<'_>) -> String {
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
    frame(lang, &words.title, html! {}, main, None, viewer)
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
    frame(lang, &title, html! {}, main, None, &Viewer::NOBODY)
}
