//! A puzzle's page (issue #52): `GET /p/TOKEN` shows the position and a form; the
//! form sends the move back as `GET /p/TOKEN?move=…`, a plain request whose answer
//! is the same page with the verdict, the line and the board at its end. The page
//! has no signed-in person yet, so its answers count for no one's rating (the page
//! says so); once the board is playable by a signed-in person, their answer goes
//! through the service as `/kuba solve` does.
//!
//! | route | what | caching |
//! |---|---|---|
//! | `GET /p/TOKEN` | the puzzle: its position and the form | `max-age=60` (its rating moves) |
//! | `GET /p/TOKEN?move=…` | the same, the answer checked | `no-store` |
//! | `GET /p/TOKEN/position-LANG.png`, `/line-LANG.png` | its pictures | a year, `immutable`: a puzzle never changes |

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use maud::{html, PreEscaped};

use super::{blocking, failed, html_response, language, picture, picture_response, AppState, BOARD_PX};
use crate::lang::Lang;
use crate::present::web::word;
use crate::present::{self, PNG};
use crate::service::pages::Links;
use crate::service::{PageVerdict, PuzzlePage};

/// The most bytes of an answer read from the query: a move is far shorter.
const MAX_ANSWER: usize = 200;

/// The form's look, beside the pages' own style.
const STYLE: &str = "form.answer{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:.8rem 0}\
form.answer input{font:inherit;padding:.3rem .5rem;min-width:10rem}form.answer button{font:inherit;padding:.3rem .9rem}";

/// The answer a query carries (`move=…`), if any.
fn answer_of(uri: &Uri) -> Option<String> {
    let query = uri.query()?;
    form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == "move")
        .map(|(_, v)| v.chars().take(MAX_ANSWER).collect())
}

/// `GET /p/TOKEN`, with or without an answer.
pub(super) async fn page(
    State(shared): State<AppState>,
    Path(token): Path<String>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let lang = language(&headers);
    let answer = answer_of(&uri);
    let asked = answer.is_some();
    let pages = shared.pages.clone();
    let built = blocking(move || {
        let page = pages.puzzle(&token, answer.as_deref())?;
        Ok(render(&page, lang))
    })
    .await;
    match built {
        Ok(body) if asked => html_response(StatusCode::OK, "no-store", lang, body),
        Ok(body) => html_response(StatusCode::OK, "public, max-age=60", lang, body),
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

/// The page's HTML.
fn render(page: &PuzzlePage, lang: Lang) -> String {
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
    let head = html! { style { (PreEscaped(STYLE)) } };
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
            p.status role="status" { (word(lang, "web-puzzle-task", &[("colour", colour)])) }
            img.board src=(own.puzzle_board(token, false, lang)) alt=(present::web::board_alt(&page.board, lang))
                width=(BOARD_PX) loading="eager";
            form.answer method="get" action=(own.puzzle(token)) {
                label for="move" { (word(lang, "web-puzzle-label", &[])) }
                input #move type="text" name="move" required autocomplete="off" autocapitalize="off" spellcheck="false"
                    value=[page.answer.as_ref().map(|a| a.answer.as_str())];
                button type="submit" { (word(lang, "web-puzzle-check", &[])) }
            }
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
                            ("game", game.clone()),
                            ("id", answer.game.id.clone()),
                            ("ply", answer.ply.to_string()),
                            ("played", answer.played.clone()),
                            ("label", present::catalog::text(lang, present::label_id(answer.label), None)),
                        ]))
                    }
                }
            }
            p.muted { (word(lang, "web-puzzle-no-rating", &[])) }
        }
    };
    super::html::frame(lang, &title, head, main, None, &super::html::Viewer::NOBODY)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_is_read_from_the_query_decoded_and_cut_short() {
        let uri: Uri = "/p/abc?move=A3%3EC3%3EC2%2BxC5".parse().expect("a URI");
        assert_eq!(answer_of(&uri).as_deref(), Some("A3>C3>C2+xC5"));
        let uri: Uri = "/p/abc?move=d2+up&x=1".parse().expect("a URI");
        assert_eq!(answer_of(&uri).as_deref(), Some("d2 up"));
        assert_eq!(answer_of(&"/p/abc".parse::<Uri>().expect("a URI")), None);
        let long = format!("/p/abc?move={}", "a".repeat(5_000));
        assert_eq!(answer_of(&long.parse::<Uri>().expect("a URI")).map(|a| a.len()), Some(MAX_ANSWER));
    }
}
