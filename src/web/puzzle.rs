//! A puzzle's page (issue #52): `GET /p/TOKEN` shows the position.
//!
//! - **Signed out**, a form sends the move back as `GET /p/TOKEN?move=…`, a plain
//!   request whose answer is the same page with the verdict, the line and the board at
//!   its end; it counts for no one's rating (the page says so, and how to sign in).
//! - **Signed in** (the game pages' session, [`super::play`]), the board is playable
//!   as a game's page is (the same squares, moves and script, `play.js`), and the move
//!   is a `POST /p/TOKEN/solve` with the session's form token, checked as a game's
//!   forms are ([`super::play::checked`]), answered by the service as `/kuba solve` is
//!   ([`crate::service::Service::web_solve`]): the same rating, streak and refusals.
//!   A puzzle never given to the person in chat is given with their answer; one they
//!   answered shows their answer and its line; one of a game where they played the
//!   other side, or one while another of that game waits for them, is not theirs to
//!   answer ([`PuzzleStanding`]).
//!
//! | route | what | caching |
//! |---|---|---|
//! | `GET /p/TOKEN` | the puzzle: its position and the form, or the board signed in | `max-age=60`; signed in `private, no-store` |
//! | `GET /p/TOKEN?move=…` | the same, the answer checked (signed out) | `no-store` |
//! | `POST /p/TOKEN/solve` | a signed-in person's answer (`move`, `csrf`, `key`) | `no-store` |
//! | `GET /p/TOKEN/position-LANG.png`, `/line-LANG.png` | its pictures | a year, `immutable`: a puzzle never changes |

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use axum::Form;
use maud::{html, Markup, PreEscaped};

use super::{blocking, failed, html_response, language, picture, picture_response, play, AppState, BOARD_PX};
use crate::lang::Lang;
use crate::present::web::word;
use crate::present::{self, PNG};
use crate::service::pages::Links;
use crate::service::{Message, PageVerdict, PuzzlePage, PuzzleSaid, PuzzleSeat, PuzzleStanding, Signed};

/// The last part of the URL a signed-in person's answer is sent to.
pub(super) const SOLVE: &str = "solve";

/// The most bytes of an answer read from the query: a move is far shorter.
const MAX_ANSWER: usize = 200;

/// The form's look, beside the pages' own style.
const STYLE: &str = "form.answer{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:.8rem 0}\
form.answer input{font:inherit;padding:.3rem .5rem;min-width:10rem}form.answer button{font:inherit;padding:.3rem .9rem}";

/// What a puzzle's query asks: an answer to check (signed out), a square picked and
/// the parts of a turn chosen (signed in, as a game's page).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Asked {
    answer: Option<String>,
    pick: Option<String>,
    chosen: String,
}

/// What the query of `uri` asks, each value cut short.
fn asked(uri: &Uri) -> Asked {
    let mut asked = Asked::default();
    let Some(query) = uri.query() else { return asked };
    let short = |v: &str| v.chars().take(MAX_ANSWER).collect::<String>();
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        match &*k {
            "move" if asked.answer.is_none() => asked.answer = Some(short(&v)),
            "pick" if asked.pick.is_none() => asked.pick = Some(short(&v)),
            "chosen" if asked.chosen.is_empty() => asked.chosen = short(&v),
            _ => {}
        }
    }
    asked
}

/// `GET /p/TOKEN`, with or without an answer or a pick.
pub(super) async fn page(
    State(shared): State<AppState>,
    Path(token): Path<String>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let lang = language(&headers);
    let viewer = play::viewer(&shared, &headers).await;
    let shown = Shown { notices: Vec::new(), next: None, status: StatusCode::OK };
    show(shared, token, lang, viewer, asked(&uri), shown).await
}

/// `POST /p/TOKEN/solve`: a signed-in person's answer, checked as a game's forms are,
/// then answered by the service as `/kuba solve` is; the page comes back with what
/// the answer said.
pub(super) async fn solve(
    State(shared): State<AppState>,
    Path((token, item)): Path<(String, String)>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let lang = language(&headers);
    if item != SOLVE {
        return super::error_page(StatusCode::NOT_FOUND, lang, "not-found");
    }
    let (service, signed, key) = match play::checked(&shared, &headers, &form).await {
        Ok(checked) => checked,
        Err(refusal) => return refusal,
    };
    let text: String = form.get("move").map(|m| m.chars().take(MAX_ANSWER).collect()).unwrap_or_default();
    let (t, s) = (token.clone(), signed.clone());
    let served = blocking(move || {
        let replies = service.web_solve(&t, &s, &text, key)?;
        // A streak goes on with the next puzzle: its page.
        let next = replies.iter().find_map(|r| match &r.message {
            Message::Puzzle(PuzzleSaid::Given { page: Some(url), .. }) => Some(url.clone()),
            _ => None,
        });
        Ok((play::shown(&service, &replies, lang), next))
    })
    .await;
    match served {
        Ok((notices, next)) => {
            let refused = notices.iter().any(|(refusal, _)| *refusal);
            let status = if refused { StatusCode::UNPROCESSABLE_ENTITY } else { StatusCode::OK };
            show(shared, token, lang, Some(signed), Asked::default(), Shown { notices, next, status }).await
        }
        Err(e) => failed(e, lang),
    }
}

/// What a request of the reader's said, for the page that answers it.
struct Shown {
    /// Each answer's words, with whether it is a refusal.
    notices: Vec<(bool, String)>,
    /// The next puzzle's page, when a streak goes on.
    next: Option<String>,
    /// The page's status.
    status: StatusCode,
}

/// The page of the puzzle `token` for `viewer`.
async fn show(
    shared: AppState,
    token: String,
    lang: Lang,
    viewer: Option<Signed>,
    asked: Asked,
    shown: Shown,
) -> Response {
    let pages = shared.pages.clone();
    let service = shared.play.service.clone();
    let signed_in = viewer.is_some();
    let checked = asked.answer.is_some();
    let status = shown.status;
    let built = blocking(move || {
        let seat = match (&service, &viewer) {
            (Some(service), Some(signed)) => {
                Some(service.web_puzzle(&token, signed, asked.pick.as_deref(), &asked.chosen)?)
            }
            _ => None,
        };
        // Signed out, the form's answer is checked; signed in, the page shows the
        // person's own answer once they gave it, and checks nothing else.
        let answer = match &seat {
            None => asked.answer,
            Some(PuzzleSeat { standing: PuzzleStanding::Answered { answer, .. }, .. }) => Some(answer.clone()),
            Some(_) => None,
        };
        let page = pages.puzzle(&token, answer.as_deref())?;
        let cells = match &seat {
            Some(seat) if !seat.squares.is_empty() => present::cell_boxes(&page.board, lang, BOARD_PX).ok(),
            _ => None,
        };
        let view = super::html::Viewer { signed: viewer.as_ref(), plays: service.is_some() };
        let answering = seat.as_ref().map(|seat| Answering {
            seat,
            cells: cells.as_ref(),
            csrf: viewer.as_ref().map_or("", |v| v.csrf.as_str()),
        });
        Ok(render(&page, lang, &view, answering.as_ref(), &shown))
    })
    .await;
    let cache = match (signed_in, checked) {
        (true, _) => "private, no-store",
        (false, true) => "no-store",
        (false, false) => "public, max-age=60",
    };
    match built {
        Ok(body) => html_response(status, cache, lang, body),
        Err(e) => failed(e, lang),
    }
}

/// `GET /p/TOKEN/position-LANG.png` and `/line-LANG.png`.
pub(super) async fn item(
    State(shared): State<AppState>,
    Path((token, item)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let parsed = item.strip_suffix(".png").and_then(|rest| rest.split_once('-')).and_then(|(which, lang)| {
        let line = match which {
            "position" => false,
            "line" => true,
            _ => return None,
        };
        Lang::ALL.into_iter().find(|l| l.code() == lang).map(|lang| (line, lang))
    });
    let Some((line, drawn_in)) = parsed else {
        return super::error_page(StatusCode::NOT_FOUND, language(&headers), "not-found");
    };
    let name = format!("p/{token}/{item}");
    let pages = shared.pages.clone();
    let drawn = picture(&shared, name, move || {
        let board = pages.puzzle_picture(&token, line)?;
        present::picture(&board, drawn_in, BOARD_PX)
            .map(|d| d.bytes)
            .map_err(|e| crate::service::pages::PageError::Internal(format!("cannot draw a puzzle: {e}")))
    })
    .await;
    match drawn {
        Ok(bytes) => picture_response(bytes, PNG, &item, &headers),
        Err(e) => failed(e, language(&headers)),
    }
}

/// What the page of a person signed in offers them.
struct Answering<'a> {
    /// Where they stand with the puzzle, and its moves when they may answer it.
    seat: &'a PuzzleSeat,
    /// The board picture's width, height and cells, when its squares are buttons.
    cells: Option<&'a (u32, u32, Vec<present::CellBox>)>,
    /// The session's form token.
    csrf: &'a str,
}

/// The hidden fields of an answer's form: the session's form token and the request's
/// own key (a form sent twice is one answer).
fn answer_fields(csrf: &str) -> Markup {
    html! {
        input type="hidden" name="csrf" value=(csrf);
        input type="hidden" name="key" value=(play::nonce());
    }
}

/// The page's HTML.
fn render(
    page: &PuzzlePage,
    lang: Lang,
    viewer: &super::html::Viewer<'_>,
    answering: Option<&Answering<'_>>,
    shown: &Shown,
) -> String {
    let own = Links::relative();
    let token = page.token.as_str();
    let game = present::catalog::text(lang, page.kind.term(), None);
    let title = word(lang, "web-puzzle-title", &[("game", game.clone()), ("puzzle", page.puzzle.to_string())]);
    let colour = present::catalog::phrase(lang, &page.colour);
    let rating = present::catalog::words(
        lang,
        "rating-shown",
        &[
            ("value", page.rating.value.to_string()),
            ("provisional", if page.rating.provisional { "yes" } else { "no" }.into()),
        ],
    );
    let playable =
        answering.is_some_and(|a| matches!(a.seat.standing, PuzzleStanding::Open { .. } | PuzzleStanding::Free));
    let head = html! {
        style { (PreEscaped(STYLE)) }
        @if playable {
            script src="/assets/play.js" defer {}
        }
    };
    let picture = own.puzzle_board(token, false, lang);
    let alt = present::web::board_alt(&page.board, lang);
    let main = html! {
        main {
            h1 { (title) }
            p.muted {
                (word(lang, "web-puzzle-rating", &[
                    ("rating", rating),
                    ("solved", page.solved.to_string()),
                    ("attempts", page.attempts.to_string()),
                ]))
            }
            @for (refusal, text) in &shown.notices {
                @if *refusal {
                    p.refused role="alert" { (text) }
                } @else {
                    p.said role="status" { (text) }
                }
            }
            @if let Some(next) = &shown.next {
                p { a href=(next) { (word(lang, "web-puzzle-next", &[])) } }
            }
            p.status role="status" { (word(lang, "web-puzzle-task", &[("colour", colour)])) }
            @match answering {
                Some(answering) => { (answer_part(lang, page, &picture, &alt, answering, &game)) }
                None => {
                    img.board src=(picture) alt=(alt) width=(BOARD_PX) loading="eager";
                    form.answer method="get" action=(own.puzzle(token)) {
                        label for="move" { (word(lang, "web-puzzle-label", &[])) }
                        input #move type="text" name="move" required autocomplete="off" autocapitalize="off" spellcheck="false"
                            value=[page.answer.as_ref().map(|a| a.answer.as_str())];
                        button type="submit" { (word(lang, "web-puzzle-check", &[])) }
                    }
                    (checked_answer(lang, page, &game))
                    p.muted { (word(lang, "web-puzzle-no-rating", &[])) }
                    @if viewer.plays {
                        p.muted { (word(lang, "web-puzzle-sign-in", &[])) }
                    }
                }
            }
        }
    };
    super::html::frame(lang, &title, head, main, None, viewer)
}

/// The part of the page of a person signed in: the board to answer on, or why there
/// is nothing for them to answer.
fn answer_part(
    lang: Lang,
    page: &PuzzlePage,
    picture: &str,
    alt: &str,
    answering: &Answering<'_>,
    game: &str,
) -> Markup {
    let own = Links::relative();
    let token = page.token.as_str();
    let here = own.puzzle(token);
    let act = format!("{here}/{SOLVE}");
    let seat = answering.seat;
    let hidden = || answer_fields(answering.csrf);
    html! {
        @match &seat.standing {
            PuzzleStanding::Open { .. } | PuzzleStanding::Free => {
                @match answering.cells {
                    Some(cells) if !seat.squares.is_empty() => {
                        (super::html::playable_board(lang, &here, picture, alt, (&seat.squares, seat.picked.as_deref()), cells))
                    }
                    _ => { img.board src=(picture) alt=(alt) width=(BOARD_PX) loading="eager"; }
                }
                section.play aria-labelledby="play-heading" {
                    h2 #play-heading { (word(lang, "web-puzzle-heading", &[])) }
                    @if !seat.offered.is_empty() {
                        h3 { (super::html::offered_heading(lang, seat.picked.as_deref(), &seat.chosen)) }
                        (super::html::offered_moves(lang, &seat.offered, &here, &act, &hidden))
                    }
                    @if !seat.chosen.is_empty() {
                        p { a href=(here) { (word(lang, "web-start-again", &[])) } }
                    }
                    form.act.typed method="post" action=(act) {
                        (hidden())
                        label for="move-text" { (word(lang, "web-puzzle-label", &[])) }
                        input #move-text type="text" name="move" autocomplete="off" autocapitalize="off" spellcheck="false" required;
                        button type="submit" { (word(lang, "web-play-button", &[])) }
                    }
                    p.muted { (word(lang, "web-move-hint", &[])) }
                    p.muted {
                        @match seat.standing {
                            PuzzleStanding::Open { streak: true, .. } => (word(lang, "web-puzzle-streak", &[])),
                            PuzzleStanding::Open { rated: false, .. } => (word(lang, "puzzle-not-rated", &[])),
                            PuzzleStanding::Open { .. } => (word(lang, "web-puzzle-rated", &[])),
                            _ => (word(lang, "web-puzzle-free", &[])),
                        }
                    }
                }
            }
            PuzzleStanding::Answered { .. } => {
                img.board src=(picture) alt=(alt) width=(BOARD_PX) loading="eager";
                (checked_answer(lang, page, game))
                p.muted { (word(lang, "web-puzzle-answered", &[])) }
            }
            PuzzleStanding::Opponent => {
                img.board src=(picture) alt=(alt) width=(BOARD_PX) loading="eager";
                p { (word(lang, "web-puzzle-not-for-you", &[])) }
            }
            PuzzleStanding::OtherOpen { puzzle, token: other } => {
                img.board src=(picture) alt=(alt) width=(BOARD_PX) loading="eager";
                p {
                    (word(lang, "web-puzzle-other-open", &[("game", game.to_string()), ("puzzle", puzzle.to_string())]))
                    " "
                    a href=(own.puzzle(other)) { (word(lang, "web-puzzle-other-link", &[("puzzle", puzzle.to_string())])) }
                }
            }
        }
    }
}

/// An answer checked: its verdict, the line and the board at its end, and where the
/// puzzle comes from.
fn checked_answer(lang: Lang, page: &PuzzlePage, game: &str) -> Markup {
    let own = Links::relative();
    let token = page.token.as_str();
    html! {
        @if let Some(answer) = &page.answer {
            @let said = [("answer", answer.answer.clone()), ("best", answer.line.first().cloned().unwrap_or_default())];
            p.status role="status" {
                @match answer.verdict {
                    PageVerdict::Right => (word(lang, "web-puzzle-right", &said)),
                    PageVerdict::Wrong => (word(lang, "web-puzzle-wrong", &said)),
                    PageVerdict::Refused => (word(lang, "web-puzzle-refused", &said)),
                }
            }
            @if answer.verdict != PageVerdict::Refused {
                p { (word(lang, "web-puzzle-line", &[("line", answer.line.join(" → "))])) }
                img.board src=(own.puzzle_board(token, true, lang)) alt=(word(lang, "web-puzzle-line", &[("line", answer.line.join(" → "))]))
                    width=(BOARD_PX) loading="lazy";
                p.muted {
                    (word(lang, "web-puzzle-origin", &[
                        ("game", game.to_string()),
                        ("id", answer.game.id.clone()),
                        ("ply", answer.ply.to_string()),
                        ("played", answer.played.clone()),
                        ("label", present::catalog::text(lang, present::label_id(answer.label), None)),
                    ]))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_is_read_from_the_query_decoded_and_cut_short() {
        let answer_of = |uri: &str| asked(&uri.parse::<Uri>().expect("a URI")).answer;
        assert_eq!(answer_of("/p/abc?move=A3%3EC3%3EC2%2BxC5").as_deref(), Some("A3>C3>C2+xC5"));
        assert_eq!(answer_of("/p/abc?move=d2+up&x=1").as_deref(), Some("d2 up"));
        assert_eq!(answer_of("/p/abc"), None);
        let long = format!("/p/abc?move={}", "a".repeat(5_000));
        assert_eq!(answer_of(&long).map(|a| a.len()), Some(MAX_ANSWER));
        let picked = asked(&"/p/abc?pick=e1&chosen=A3%3EC3&pick=a7".parse::<Uri>().expect("a URI"));
        assert_eq!(picked, Asked { answer: None, pick: Some("e1".into()), chosen: "A3>C3".into() });
    }
}
