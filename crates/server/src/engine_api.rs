//! The HTTP face of engine seats: `GET /api/engines` and the checks of a creation's
//! `black_engine`/`white_engine`.

use crate::api::ApiError;
use crate::app::App;
use crate::engine::EngineSpec;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use tengen_core::Color;

/// `GET /api/engines`: `[{"name", "description"}]`, the built-in engine first.
#[utoipa::path(get, path = "/api/engines", tag = "games",
    responses((status = 200, description = "the engines a game can seat, the built-in one first", body = Vec<EngineSpec>)))]
pub async fn engines(State(app): State<Arc<App>>) -> Response {
    let list: Vec<EngineSpec> = app.engines.config.list();
    (StatusCode::OK, axum::Json(list)).into_response()
}

/// The engine seats a creation asked for, checked.
pub struct Seats {
    black: Option<EngineSpec>,
    white: Option<EngineSpec>,
}

impl Seats {
    /// Whether any seat is an engine's.
    pub fn any(&self) -> bool {
        self.black.is_some() || self.white.is_some()
    }

    /// The name shown for `color` when the creator gives none: the engine's, else the color's.
    pub fn default_name(&self, color: Color) -> &str {
        let (seat, fallback) = match color {
            Color::Black => (&self.black, "Black"),
            Color::White => (&self.white, "White"),
        };
        seat.as_ref().map_or(fallback, |e| e.name.as_str())
    }
}

/// Checks `black_engine`/`white_engine`: known names (`400 bad_request` listing them), not the
/// open seat too (`400`), and room for one more game against the computer (`429
/// rate_limited`).
pub fn seats(
    app: &App,
    black: &Option<String>,
    white: &Option<String>,
    open: Option<Color>,
) -> Result<Seats, ApiError> {
    let find = |name: &Option<String>, color: Color| -> Result<Option<EngineSpec>, ApiError> {
        let Some(name) = name else { return Ok(None) };
        let spec = app.engines.find(name).ok_or_else(|| {
            let known: Vec<String> = app
                .engines
                .config
                .list()
                .into_iter()
                .map(|e| e.name)
                .collect();
            ApiError::bad_request(format!(
                "{}_engine: no engine named {name:?}; GET /api/engines lists them: {}",
                color.name(),
                known.join(", ")
            ))
        })?;
        if open == Some(color) {
            return Err(ApiError::bad_request(format!(
                "the {} seat cannot be both open and an engine's",
                color.name()
            )));
        }
        Ok(Some(spec))
    };
    let seats = Seats {
        black: find(black, Color::Black)?,
        white: find(white, Color::White)?,
    };
    if seats.any() && !app.engines.room() {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "the server plays as many games as it can against the computer now; try again later",
        ));
    }
    Ok(seats)
}
