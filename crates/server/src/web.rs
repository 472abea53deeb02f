//! The web board: plain HTML, ES modules and CSS, embedded in the binary.

use axum::extract::Path;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};

const LOBBY: &str = include_str!("../static/index.html");
const BOARD: &str = include_str!("../static/game.html");
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../static/style.css"),
    ),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/lobby.js"),
    ),
    (
        "game.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/game.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/board.js"),
    ),
    (
        "review.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/review.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/api.js"),
    ),
];

/// `GET /`: the lobby.
pub async fn lobby() -> Html<&'static str> {
    Html(LOBBY)
}

/// `GET /g/{id}`: the board page (the game id and token are read by the page itself).
pub async fn board(Path(_id): Path<String>) -> Html<&'static str> {
    Html(BOARD)
}

/// `GET /static/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    match ASSETS.iter().find(|(name, _, _)| *name == file) {
        Some((_, mime, body)) => {
            let mut r = (*body).into_response();
            r.headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
            r.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            r
        }
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
