//! The HTTP API: routes, the order of checks, the error objects.
//!
//! Every handler reads the body itself (up to the limit) and judges a request in the order of
//! the contract: `404`, `401`, `403`, `413`, `400`, `409`, `422`, `503`.

use crate::app::{now_ms, App, Failure, Limited, Loaded};
use crate::clock::TimeControl;
use crate::game::{CreateError, Event, Match, Meta, Refusal};
use crate::serving::ConnInfo;
use crate::{net, new_id, new_token, security, text, token_hash, web, ws};
use axum::body::{Body, Bytes};
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Extension, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, Request, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Instant;
use tengen_core::{Color, Move, Rules};

/// An error answer: `{"error": {"code", "message"}}` with its status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The error code of the contract.
    pub code: &'static str,
    /// A message for people.
    pub message: String,
}

impl ApiError {
    pub(crate) fn new(
        status: StatusCode,
        code: &'static str,
        message: impl Into<String>,
    ) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    pub(crate) fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    fn not_found() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such game")
    }
}

impl From<Failure> for ApiError {
    fn from(f: Failure) -> ApiError {
        match f {
            Failure::NotFound => ApiError::not_found(),
            Failure::Refused(r) => r.into(),
            Failure::Unavailable(m) => {
                tracing::warn!(error = %m, "store unavailable");
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "unavailable",
                    "the game store failed; nothing was changed",
                )
            }
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        match r {
            Refusal::BadRequest(m) => ApiError::bad_request(m),
            Refusal::Stale(m) => ApiError::new(StatusCode::CONFLICT, "stale", m),
            Refusal::Rules(code, m) => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, m),
            Refusal::Conflict(code, m) => ApiError::new(StatusCode::CONFLICT, code, m),
        }
    }
}

/// The longest error message, in characters: a message may quote what the client sent (an
/// unknown rules name, a vertex), and a 60 KB request must not come back whole.
const MAX_MESSAGE: usize = 200;

/// Every error code an answer can carry (the contract's list), for the API document.
pub const ERROR_CODES: [&str; 22] = [
    "not_found",
    "unauthorized",
    "forbidden",
    "too_large",
    "bad_request",
    "stale",
    "occupied",
    "suicide",
    "ko",
    "superko",
    "off_board",
    "bad_size",
    "not_your_turn",
    "wrong_phase",
    "game_over",
    "no_stone",
    "bad_time",
    "bad_text",
    "unavailable",
    "timeout",
    "seat_taken",
    "rate_limited",
];

/// The schema of an error code: one of [`ERROR_CODES`].
pub struct ErrorCode;

impl utoipa::PartialSchema for ErrorCode {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .enum_values(Some(ERROR_CODES))
            .into()
    }
}

impl utoipa::ToSchema for ErrorCode {}

/// The body of every error answer: `{"error": {"code": "...", "message": "..."}}`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody<'a> {
    /// What went wrong.
    error: ErrorDetail<'a>,
}

/// The code and message of an error answer.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorDetail<'a> {
    /// The error code (stable; a client branches on it).
    #[schema(value_type = ErrorCode)]
    code: &'a str,
    /// A message for people (at most 200 characters; may change between versions).
    message: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let message = text::truncate(&self.message, MAX_MESSAGE);
        let body = ErrorBody {
            error: ErrorDetail {
                code: self.code,
                message: &message,
            },
        };
        let mut r = (self.status, axum::Json(body)).into_response();
        if self.status == StatusCode::PAYLOAD_TOO_LARGE
            || self.status == StatusCode::REQUEST_TIMEOUT
        {
            // The rest of the body is never read: the connection cannot be reused.
            r.headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        r
    }
}

fn json_text(status: StatusCode, text: impl Into<String>) -> Response {
    let mut r = (status, text.into()).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r
}

/// The body as read: its bytes, too large, or not received in time.
enum Payload {
    Bytes(Bytes),
    TooLarge,
    TimedOut,
}

async fn read_body(app: &App, headers: &HeaderMap, body: Body) -> Payload {
    let limit = app.config.body_limit;
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return Payload::TooLarge;
    }
    // A client that sends its body slowly (or stops) must not hold the request forever.
    match tokio::time::timeout(app.config.body_timeout, axum::body::to_bytes(body, limit)).await {
        Ok(Ok(b)) => Payload::Bytes(b),
        Ok(Err(_)) => Payload::TooLarge,
        Err(_) => Payload::TimedOut,
    }
}

/// Judges the body (`413`, then `400`) into a `T`.
fn parse<T: serde::de::DeserializeOwned>(p: &Payload) -> Result<T, ApiError> {
    match p {
        Payload::TooLarge => Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            "the request body is too large",
        )),
        Payload::TimedOut => Err(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "timeout",
            "the request body did not arrive in time",
        )),
        Payload::Bytes(b) => serde_json::from_slice(b)
            .map_err(|e| ApiError::bad_request(format!("bad JSON body: {e}"))),
    }
}

/// Judges a body that must be empty or `{}`.
fn parse_empty(p: &Payload) -> Result<(), ApiError> {
    match p {
        Payload::Bytes(b) if b.iter().all(u8::is_ascii_whitespace) => Ok(()),
        _ => parse::<Empty>(p).map(|_| ()),
    }
}

/// What every play action (move, pass, resign, undo and its answers, marks, accept, resume)
/// can answer: the new state or one of these errors. Written once for the API document.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code, clippy::large_enum_variant)] // never built: only its OpenAPI description is used
pub(crate) enum ActionAnswers {
    #[response(status = 200, description = "the new state")]
    State(crate::view::State<'static>),
    #[response(
        status = 400,
        description = "`bad_request`: malformed JSON, unknown fields, wrong types, an unreadable vertex"
    )]
    BadRequest(ErrorBody<'static>),
    #[response(status = 401, description = "`unauthorized`: no token")]
    Unauthorized(ErrorBody<'static>),
    #[response(
        status = 403,
        description = "`forbidden`: not a token of this game's players"
    )]
    Forbidden(ErrorBody<'static>),
    #[response(status = 404, description = "`not_found`")]
    NotFound(ErrorBody<'static>),
    #[response(
        status = 408,
        description = "`timeout`: the body did not arrive in time"
    )]
    Timeout(ErrorBody<'static>),
    #[response(
        status = 409,
        description = "`stale`: `move_number` or `marks_version` is not the current one"
    )]
    Stale(ErrorBody<'static>),
    #[response(status = 413, description = "`too_large`")]
    TooLarge(ErrorBody<'static>),
    #[response(
        status = 422,
        description = "the rules refuse it: `occupied`, `suicide`, `ko`, `superko`, `off_board`, `not_your_turn`, `wrong_phase`, `game_over`, `no_stone`, `bad_text`"
    )]
    Refused(ErrorBody<'static>),
    #[response(
        status = 503,
        description = "`unavailable`: the store failed; nothing was changed"
    )]
    Unavailable(ErrorBody<'static>),
}

/// An empty object: the body of requests that carry nothing.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Empty {}

/// The token of `Authorization: Bearer TOKEN`, if any.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let v = headers.get(header::AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, token) = v.split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("bearer") {
        return None;
    }
    let token = token.trim();
    (!token.is_empty()).then_some(token)
}

fn authorize<'a>(headers: &'a HeaderMap) -> impl Fn(&Loaded) -> Result<Color, ApiError> + 'a {
    move |loaded: &Loaded| {
        let Some(token) = bearer(headers) else {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "unauthorized",
                "this needs a player's token: Authorization: Bearer TOKEN",
            ));
        };
        loaded.player(token).ok_or_else(|| {
            ApiError::new(
                StatusCode::FORBIDDEN,
                "forbidden",
                "the token is not a token of this game's players",
            )
        })
    }
}

/// The router of the whole server.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(web::lobby))
        .route("/g/{id}", get(web::board))
        .route("/static/{file}", get(web::asset))
        .route("/healthz", get(healthz))
        .route("/api/games", post(create).get(list))
        .route("/api/engines", get(crate::engine_api::engines))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/undo/accept", post(undo_accept))
        .route("/api/games/{id}/dead", post(dead))
        .route("/api/games/{id}/accept", post(accept))
        .route("/api/games/{id}/resume", post(resume))
        .route("/api/games/{id}/chat", post(chat))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/sgf", get(sgf))
        .route("/api/games/{id}/me", get(whoami))
        .route("/api/games/{id}/ws", get(websocket))
        .route("/api/openapi.json", get(crate::openapi::serve))
        .fallback(|| async {
            ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such page").into_response()
        })
        .layer(axum::middleware::from_fn(security::headers))
        .layer(axum::middleware::from_fn(log_request))
        .with_state(app)
}

/// Logs method, path, status and time; never headers, query strings or bodies (a token may
/// be in them by mistake).
async fn log_request(req: Request<Body>, next: Next) -> Response {
    let start = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let res = next.run(req).await;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let status = res.status().as_u16();
    if status >= 500 {
        tracing::warn!(%method, %path, status, ms, "request");
    } else {
        tracing::debug!(%method, %path, status, ms, "request");
    }
    res
}

/// The answer of `GET /healthz`.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub(crate) struct Health {
    /// Always true in a `200` answer.
    ok: bool,
    /// `sqlite` or `redis`.
    store: &'static str,
    /// Games held in memory.
    cached_games: usize,
}

/// `GET /healthz`: `200` when the store answers a ping *and* a read of the games (a store that
/// accepts connections but cannot read its data is not healthy), else `503`; within 5 s.
#[utoipa::path(get, path = "/healthz", tag = "server",
    responses(
        (status = 200, description = "the server and its store answer", body = Health),
        (status = 503, description = "`unavailable`: the store did not answer", body = ErrorBody),
    ))]
pub(crate) async fn healthz(State(app): State<Arc<App>>) -> Response {
    let check = async {
        app.store.ping().await?;
        app.store.recent(1).await.map(|_| ())
    };
    let r = match tokio::time::timeout(std::time::Duration::from_secs(5), check).await {
        Ok(r) => r.map_err(Failure::from),
        Err(_) => Err(Failure::Unavailable(
            "the store did not answer in 5 s".into(),
        )),
    };
    match r {
        Ok(()) => (
            StatusCode::OK,
            axum::Json(Health {
                ok: true,
                store: app.store.kind(),
                cached_games: app.cached(),
            }),
        )
            .into_response(),
        Err(e) => ApiError::from(e).into_response(),
    }
}

/// A game to create; every field is optional.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CreateBody {
    /// Columns, 2 to 25 (default 19, or `height` when only that is given).
    width: Option<u64>,
    /// Rows, 2 to 25 (default `width`).
    height: Option<u64>,
    /// A rules preset (`chinese`, `japanese`, `aga`, `nz`, `tromp-taylor`, …) and/or
    /// `key=value` pairs; default `chinese`.
    rules: Option<String>,
    /// Komi, overriding the preset's (a multiple of 0.5); 0.5 by default in a handicap game.
    komi: Option<f64>,
    /// Handicap stones on GNU Go's fixed points (2 to 9; 0 for an even game); white moves first.
    handicap: Option<u32>,
    /// Black's name (at most 40 characters; default `Black`).
    black_name: Option<String>,
    /// White's name (at most 40 characters; default `White`).
    white_name: Option<String>,
    /// Whether the game is shown in `GET /api/games` (default false).
    listed: Option<bool>,
    /// The time control (default none).
    #[schema(value_type = Option<TimeControl>)]
    time: Option<serde_json::Value>,
    /// Seconds the scoring phase may last (default 300, 0 for no limit).
    scoring_time: Option<f64>,
    /// A seat left open for anyone to take with `POST /api/games/{id}/join`.
    open: Option<Color>,
    /// A name of `GET /api/engines`: the server plays black with that engine.
    black_engine: Option<String>,
    /// A name of `GET /api/engines`: the server plays white with that engine.
    white_engine: Option<String>,
}

/// Default seconds of the scoring phase.
const SCORING_TIME: u64 = 300;

/// The answer to a creation.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct Created {
    /// The game's id.
    id: String,
    /// Black's token (null for an open seat): `Authorization: Bearer TOKEN` on black's requests.
    #[schema(required = true)]
    black_token: Option<String>,
    /// White's token (null for an open seat).
    #[schema(required = true)]
    white_token: Option<String>,
    /// Black's link to the web board, the token in its fragment (null for an open seat).
    #[schema(required = true)]
    black_url: Option<String>,
    /// White's link to the web board (null for an open seat).
    #[schema(required = true)]
    white_url: Option<String>,
    /// The link for watchers.
    watch_url: String,
    /// The state of the new game.
    #[schema(value_type = crate::view::State)]
    state: serde_json::Value,
}

fn bad_time(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_time", message)
}

/// A player's name: control and direction-changing characters removed, trimmed, at most 40
/// characters; empty gives `default`.
fn clean_name(name: Option<String>, default: &str) -> Result<String, ApiError> {
    let name = text::clean_text(name.as_deref().unwrap_or(""));
    if name.chars().count() > 40 {
        return Err(ApiError::bad_request("a name has at most 40 characters"));
    }
    Ok(if name.is_empty() {
        default.to_string()
    } else {
        name
    })
}

/// `POST /api/games`: creates a game.
#[utoipa::path(post, path = "/api/games", tag = "games",
    request_body(content = Option<CreateBody>, description = "the game's settings; an empty body or `{}` takes every default"),
    responses(
        (status = 201, description = "created", body = Created),
        (status = 400, description = "`bad_request`: malformed JSON, unknown fields, unreadable rules, a bad handicap, an unknown engine", body = ErrorBody),
        (status = 408, description = "`timeout`: the body did not arrive in time", body = ErrorBody),
        (status = 413, description = "`too_large`", body = ErrorBody),
        (status = 422, description = "`bad_size` (size, handicap or komi refused), `bad_time`", body = ErrorBody),
        (status = 429, description = "`rate_limited`: too many games created, or too many games against engines at once", body = ErrorBody),
        (status = 503, description = "`unavailable`", body = ErrorBody),
    ))]
pub(crate) async fn create(
    State(app): State<Arc<App>>,
    Extension(conn): Extension<ConnInfo>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let payload = read_body(&app, &headers, body).await;
    let r = match create_game(&app, &conn, &headers, &payload).await {
        Ok(r) => r,
        Err(e) => e.into_response(),
    };
    close_if_unread(r, &payload)
}

async fn create_game(
    app: &Arc<App>,
    conn: &ConnInfo,
    headers: &HeaderMap,
    payload: &Payload,
) -> Result<Response, ApiError> {
    let req: CreateBody = match payload {
        Payload::Bytes(b) if b.iter().all(u8::is_ascii_whitespace) => {
            parse(&Payload::Bytes(Bytes::from_static(b"{}")))?
        }
        p => parse(p)?,
    };
    let mut rules: Rules = match &req.rules {
        Some(r) => r
            .parse()
            .map_err(|e| ApiError::bad_request(format!("rules: {e}")))?,
        None => Rules::default(),
    };
    let handicap = req.handicap.unwrap_or(0);
    // A handicap game has komi 0.5 unless the creator says otherwise (`komi`, or `komi=` in
    // the rules), as servers do: the handicap stones are the compensation.
    let rules_name_komi = req
        .rules
        .as_deref()
        .is_some_and(|r| r.to_ascii_lowercase().contains("komi"));
    let komi = req
        .komi
        .or((handicap >= 2 && !rules_name_komi).then_some(0.5));
    if let Some(k) = komi {
        // A number the rules cannot play with (off the half-point grid, out of range) is
        // well-formed JSON the rules refuse: 422, like a board size they refuse.
        // The message leaves the value out: -1e308 written out is 309 digits.
        let k = tengen_core::check_komi(k).map_err(|_| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_size",
                format!(
                    "komi refused: it must be a multiple of 0.5 from -{max} to {max}",
                    max = tengen_core::MAX_KOMI
                ),
            )
        })?;
        rules.komi = k;
    }
    let engines = crate::engine_api::seats(app, &req.black_engine, &req.white_engine, req.open)?;
    let black_name = clean_name(req.black_name, engines.default_name(Color::Black))?;
    let white_name = clean_name(req.white_name, engines.default_name(Color::White))?;
    let time = match req.time {
        None => TimeControl::None,
        Some(v) => TimeControl::from_value(v).map_err(bad_time)?,
    };
    let scoring_time = match req.scoring_time {
        None => SCORING_TIME,
        Some(t) if t.is_finite() && (0.0..=86_400.0).contains(&t) && t.fract() == 0.0 => t as u64,
        Some(_) => {
            return Err(bad_time(
                "scoring_time must be a whole number of seconds from 0 (no limit) to 86400",
            ))
        }
    };
    let width = req.width.or(req.height).unwrap_or(19);
    let height = req.height.or(req.width).unwrap_or(19);
    let size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    let client = net::client_ip(conn, headers, app.config.behind_proxy);
    if let Err(why) = app.allow_create(client) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            match why {
                Limited::Address => "too many games created from this address; wait a minute",
                Limited::Server => "too many games are being created on this server; wait a minute",
            },
        ));
    }
    let id = new_id();
    let meta = Meta {
        width: size(width),
        height: size(height),
        rules: rules.to_string(),
        handicap,
        black_name,
        white_name,
        created_ms: now_ms(),
        time,
        scoring_time,
        open: req.open,
        listed: req.listed.unwrap_or(false),
        black_engine: req.black_engine,
        white_engine: req.white_engine,
    };
    let m = Match::new(&id, meta.clone()).map_err(|e| match e {
        CreateError::BadSize(m) => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_size", m),
        CreateError::BadRequest(m) => ApiError::bad_request(m),
    })?;
    // An open seat gets a token nobody is given; the joiner's own token replaces it.
    let (black_token, white_token) = (new_token(), new_token());
    let (bh, wh) = (token_hash(&black_token), token_hash(&white_token));
    app.store
        .create(tengen_store::NewGame {
            id: id.clone(),
            created_ms: meta.created_ms,
            meta: serde_json::to_string(&meta).expect("meta serializes"),
            black_token: bh.to_vec(),
            white_token: wh.to_vec(),
            summary: m.summary_json(),
        })
        .await
        .map_err(|e| ApiError::from(Failure::from(e)))?;
    tracing::info!(game = %id, width, height, "game created");
    let with_engines = engines.any().then(|| m.clone());
    let state = app.insert(m, bh, wh);
    if let Some(m) = with_engines {
        crate::engine_seat::start(app, &m);
    }
    let base = net::base_url(
        app.config.public_url.as_deref(),
        conn,
        headers,
        app.config.behind_proxy,
    );
    let open = meta.open;
    // An open seat or an engine's seat has no token to give.
    let seat = |c: Color, token: String| {
        (open != Some(c) && meta.engine(c).is_none())
            .then(|| (format!("{base}/g/{id}#token={token}"), token))
    };
    let (black_url, black_token) = seat(Color::Black, black_token).unzip();
    let (white_url, white_token) = seat(Color::White, white_token).unzip();
    let answer = Created {
        watch_url: format!("{base}/g/{id}"),
        id,
        black_token,
        white_token,
        black_url,
        white_url,
        state: serde_json::from_str(&state).expect("the state is JSON"),
    };
    let text = serde_json::to_string(&answer).expect("the answer serializes");
    Ok(json_text(StatusCode::CREATED, text))
}

/// Whether a stored summary is of a listed game (summaries stored before the choice existed
/// have no `listed` and are listed).
fn is_listed(summary: &str) -> bool {
    #[derive(Deserialize)]
    struct Listed {
        listed: Option<bool>,
    }
    serde_json::from_str::<Listed>(summary).is_ok_and(|l| l.listed != Some(false))
}

/// The query of `GET /api/games`.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ListQuery {
    /// `true`: only unfinished games with an open seat.
    open: Option<bool>,
}

/// `GET /api/games`: the games changed most recently (at most 50).
#[utoipa::path(get, path = "/api/games", tag = "games", params(ListQuery),
    responses(
        (status = 200, description = "newest first", body = Vec<crate::view::Summary>),
        (status = 400, description = "`bad_request`: a bad query", body = ErrorBody),
        (status = 503, description = "`unavailable`", body = ErrorBody),
    ))]
pub(crate) async fn list(
    State(app): State<Arc<App>>,
    query: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let Ok(Query(query)) = query else {
        return ApiError::bad_request("the query is ?open=true or ?open=false").into_response();
    };
    let open_only = query.open == Some(true);
    // Open games are looked for further back: a seat may wait a while for its player.
    let limit = if open_only { 2000 } else { 200 };
    match app.store.recent(limit).await {
        Ok(items) => {
            let mut list: Vec<serde_json::Value> = items
                .iter()
                // A seat left open invites anyone: open games are listed as such even when
                // the creator did not list the game among the recent ones.
                .filter(|s| open_only || is_listed(s))
                .filter_map(|t| serde_json::from_str(t).ok())
                .collect();
            if open_only {
                list.retain(|v: &serde_json::Value| {
                    !v["open"].is_null() && v["phase"] != "finished"
                });
            }
            list.truncate(50);
            json_text(
                StatusCode::OK,
                serde_json::to_string(&list).expect("summaries serialize"),
            )
        }
        Err(e) => ApiError::from(Failure::from(e)).into_response(),
    }
}

/// `GET /api/games/{id}`: the state.
#[utoipa::path(get, path = "/api/games/{id}", tag = "games", params(("id" = String, Path, description = "the game's id")),
    responses(
        (status = 200, description = "the state", body = crate::view::State),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 503, description = "`unavailable`", body = ErrorBody),
    ))]
pub(crate) async fn state(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    match app.state(&id).await {
        Ok(s) => json_text(StatusCode::OK, s.to_string()),
        Err(e) => ApiError::from(e).into_response(),
    }
}

/// `GET /api/games/{id}/sgf`: the game as an SGF record.
#[utoipa::path(get, path = "/api/games/{id}/sgf", tag = "games", params(("id" = String, Path, description = "the game's id")),
    responses(
        (status = 200, description = "the record: `SZ`, `KM`, `RU`, `PB`/`PW`, `DT`, `RE`, the moves, and `TB`/`TW` once scored", body = String, content_type = "application/x-go-sgf"),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 503, description = "`unavailable`", body = ErrorBody),
    ))]
pub(crate) async fn sgf(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    match app.sgf(&id).await {
        Ok(text) => {
            let mut r = (StatusCode::OK, text).into_response();
            r.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/x-go-sgf"),
            );
            if let Ok(v) =
                HeaderValue::from_str(&format!("attachment; filename=\"tengen-{id}.sgf\""))
            {
                r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
            }
            r
        }
        Err(e) => ApiError::from(e).into_response(),
    }
}

fn done(r: Result<Arc<str>, ApiError>, payload: &Payload) -> Response {
    let r = match r {
        Ok(s) => json_text(StatusCode::OK, s.to_string()),
        Err(e) => e.into_response(),
    };
    close_if_unread(r, payload)
}

/// A body left unread (too large) spoils the connection: say so, so that no client reuses it.
fn close_if_unread(mut r: Response, payload: &Payload) -> Response {
    if matches!(payload, Payload::TooLarge | Payload::TimedOut) {
        r.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    r
}

/// A move request.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveBody {
    /// A vertex (`D4`, any case), `pass` or `resign`.
    #[serde(rename = "move")]
    mv: String,
    /// The state's current `move_number`.
    move_number: u64,
}

/// `POST /api/games/{id}/moves`: plays a move, passes or resigns for the token's holder. A retry with the same `move_number` of a move that was recorded answers `200` with the state.
#[utoipa::path(post, path = "/api/games/{id}/moves", tag = "play", request_body = MoveBody, 
    params(("id" = String, Path, description = "the game's id")),
    security(("token" = [])),
    responses(ActionAnswers))]
pub(crate) async fn play(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let guess = app.guess();
    change_with(&app, &id, &headers, body, |m, color, p| {
        let req: MoveBody = parse(p)?;
        if already_played(m, color, &req) {
            // A retry of a move that was recorded (its answer was lost, or the store answered
            // late): the state, as the first answer would have been.
            return Ok(Vec::new());
        }
        let decide = || m.decide_move(color, &req.mv, req.move_number, guess);
        // A second pass runs the dead-stone guess (playouts): keep it off the reactor.
        let heavy = m.read_move(&req.mv) == Ok(Move::Pass)
            && m.pass_ends_play()
            && tokio::runtime::Handle::current().runtime_flavor()
                == tokio::runtime::RuntimeFlavor::MultiThread;
        Ok(if heavy {
            tokio::task::block_in_place(decide)
        } else {
            decide()
        }?)
    })
    .await
}

/// Whether `req` by `color` is the move the game recorded at its `move_number` (a retry whose
/// first answer was lost or came late; the opponent may have answered it meanwhile).
fn already_played(m: &Match, color: Color, req: &MoveBody) -> bool {
    if req.move_number >= m.move_number() {
        return false;
    }
    let moves = m.game().moves();
    let Some(&(by, recorded)) = usize::try_from(req.move_number)
        .ok()
        .and_then(|k| moves.get(k))
    else {
        return false;
    };
    by == color && m.read_move(&req.mv).is_ok_and(|mv| mv == recorded)
}

/// Reads the body, then judges and applies a change to game `id` for the token's holder: the
/// shared shape of every player action.
async fn change_with<D>(app: &App, id: &str, headers: &HeaderMap, body: Body, decide: D) -> Response
where
    D: Fn(&Match, Color, &Payload) -> Result<Vec<Event>, ApiError>,
{
    let payload = read_body(app, headers, body).await;
    done(
        app.change(id, authorize(headers), |m, color| {
            decide(m, color, &payload)
        })
        .await,
        &payload,
    )
}

/// `POST /api/games/{id}/undo`: asks to take back the asker's last move.
#[utoipa::path(post, path = "/api/games/{id}/undo", tag = "play", request_body(content = Option<Empty>, description = "empty, or `{}`"), 
    params(("id" = String, Path, description = "the game's id")),
    security(("token" = [])),
    responses(ActionAnswers))]
pub(crate) async fn undo(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    change_with(&app, &id, &headers, body, |m, color, p| {
        parse_empty(p)?;
        Ok(m.decide_undo_request(color)?)
    })
    .await
}

/// `POST /api/games/{id}/undo/accept`: the opponent of the asker agrees: the asker's last move (and any after it) is taken back.
#[utoipa::path(post, path = "/api/games/{id}/undo/accept", tag = "play", request_body(content = Option<Empty>, description = "empty, or `{}`"), 
    params(("id" = String, Path, description = "the game's id")),
    security(("token" = [])),
    responses(ActionAnswers))]
pub(crate) async fn undo_accept(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    change_with(&app, &id, &headers, body, |m, color, p| {
        parse_empty(p)?;
        Ok(m.decide_undo_accept(color)?)
    })
    .await
}

/// A dead-stone mark.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct DeadBody {
    /// A stone of the chain (`D4`).
    point: String,
    /// Dead (true) or alive (false).
    dead: bool,
    /// The state's current `marks_version`.
    marks_version: u64,
}

/// `POST /api/games/{id}/dead`: in the scoring phase, marks the whole chain of a stone dead or alive.
#[utoipa::path(post, path = "/api/games/{id}/dead", tag = "play", request_body = DeadBody, 
    params(("id" = String, Path, description = "the game's id")),
    security(("token" = [])),
    responses(ActionAnswers))]
pub(crate) async fn dead(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    change_with(&app, &id, &headers, body, |m, color, p| {
        let req: DeadBody = parse(p)?;
        Ok(m.decide_dead(color, &req.point, req.dead, req.marks_version)?)
    })
    .await
}

/// An acceptance of the marks.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AcceptBody {
    /// The `marks_version` accepted.
    marks_version: u64,
}

/// `POST /api/games/{id}/accept`: accepts the current marks; when both players accepted the same `marks_version` the game is finished with its result.
#[utoipa::path(post, path = "/api/games/{id}/accept", tag = "play", request_body = AcceptBody, 
    params(("id" = String, Path, description = "the game's id")),
    security(("token" = [])),
    responses(ActionAnswers))]
pub(crate) async fn accept(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    change_with(&app, &id, &headers, body, |m, color, p| {
        let req: AcceptBody = parse(p)?;
        Ok(m.decide_accept(color, req.marks_version)?)
    })
    .await
}

/// `POST /api/games/{id}/resume`: takes the game back from the scoring phase to play.
#[utoipa::path(post, path = "/api/games/{id}/resume", tag = "play", request_body(content = Option<Empty>, description = "empty, or `{}`"), 
    params(("id" = String, Path, description = "the game's id")),
    security(("token" = [])),
    responses(ActionAnswers))]
pub(crate) async fn resume(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    change_with(&app, &id, &headers, body, |m, color, p| {
        parse_empty(p)?;
        Ok(m.decide_resume(color)?)
    })
    .await
}

/// A chat line.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ChatBody {
    /// The text, shown as text (never as markup).
    text: String,
}

/// `POST /api/games/{id}/chat`: posts a chat line (1 to 500 characters after trimming).
#[utoipa::path(post, path = "/api/games/{id}/chat", tag = "play", request_body = ChatBody, 
    params(("id" = String, Path, description = "the game's id")),
    security(("token" = [])),
    responses(ActionAnswers))]
pub(crate) async fn chat(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    change_with(&app, &id, &headers, body, |m, color, p| {
        let req: ChatBody = parse(p)?;
        Ok(m.decide_chat(color, &req.text)?)
    })
    .await
}

/// A request for an open seat.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct JoinBody {
    /// The open seat.
    color: Color,
    /// The newcomer's name (at most 40 characters; default `Black` or `White`).
    name: Option<String>,
}

/// The answer to a join.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct Joined {
    /// The newcomer's token.
    token: String,
    /// The newcomer's link to the web board, the token in its fragment.
    url: String,
    /// The state.
    #[schema(value_type = crate::view::State)]
    state: serde_json::Value,
}

/// `POST /api/games/{id}/join`: takes the open seat; of racing joiners the store's sequence
/// check lets exactly one in, the others answer `409 seat_taken`.
#[utoipa::path(post, path = "/api/games/{id}/join", tag = "play", request_body = JoinBody,
    params(("id" = String, Path, description = "the game's id")),
    responses(
        (status = 200, description = "the seat is the caller's", body = Joined),
        (status = 400, description = "`bad_request`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 408, description = "`timeout`", body = ErrorBody),
        (status = 409, description = "`seat_taken`: the seat is not open", body = ErrorBody),
        (status = 413, description = "`too_large`", body = ErrorBody),
        (status = 422, description = "`game_over`", body = ErrorBody),
        (status = 503, description = "`unavailable`", body = ErrorBody),
    ))]
pub(crate) async fn join(
    State(app): State<Arc<App>>,
    Extension(conn): Extension<ConnInfo>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let payload = read_body(&app, &headers, body).await;
    let token = new_token();
    let hash = token_hash(&token);
    let r: Result<Arc<str>, ApiError> = app
        .change(
            &id,
            |_| Ok(Color::Black),
            |m, _| {
                let req: JoinBody = parse(&payload)?;
                let color = req.color;
                let fallback = if color == Color::Black {
                    "Black"
                } else {
                    "White"
                };
                let name = clean_name(req.name, fallback)?;
                Ok(m.decide_join(color, &name, &hash)?)
            },
        )
        .await;
    let r = match r {
        Ok(state) => {
            let answer = Joined {
                url: format!(
                    "{}/g/{id}#token={token}",
                    net::base_url(
                        app.config.public_url.as_deref(),
                        &conn,
                        &headers,
                        app.config.behind_proxy,
                    )
                ),
                token,
                state: serde_json::from_str(&state).expect("the state is JSON"),
            };
            json_text(
                StatusCode::OK,
                serde_json::to_string(&answer).expect("the answer serializes"),
            )
        }
        Err(e) => e.into_response(),
    };
    close_if_unread(r, &payload)
}

/// `GET /api/games/{id}/ws`: a WebSocket; each message is the state, after every change.
#[utoipa::path(get, path = "/api/games/{id}/ws", tag = "games",
    params(("id" = String, Path, description = "the game's id")),
    responses(
        (status = 101, description = "switching to the WebSocket protocol; every text message is the state (schema `State`), the first one at once"),
        (status = 400, description = "`bad_request`: not a WebSocket upgrade", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 503, description = "`unavailable`", body = ErrorBody),
    ))]
pub(crate) async fn websocket(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    // What time has brought is recorded before the first message.
    if let Err(e) = app.settle(&id).await {
        return ApiError::from(e).into_response();
    }
    let slot = match app.open(&id).await {
        Ok((slot, guard)) => {
            drop(guard);
            slot
        }
        Err(e) => return ApiError::from(e).into_response(),
    };
    let Ok(upgrade) = upgrade else {
        return ApiError::bad_request("expected a WebSocket upgrade").into_response();
    };
    let rx = slot.tx.subscribe();
    let shutdown = app.shutdown.clone();
    upgrade
        .max_message_size(4096)
        .on_upgrade(move |socket| ws::serve(socket, rx, shutdown))
}

/// The answer of `GET /api/games/{id}/me`.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct Me {
    /// The seat the token holds.
    color: Color,
}

/// `GET /api/games/{id}/me` with a token: `{"color": "black"|"white"}`, so that the board knows
/// whose seat its link is.
#[utoipa::path(get, path = "/api/games/{id}/me", tag = "play",
    params(("id" = String, Path, description = "the game's id")),
    security(("token" = [])),
    responses(
        (status = 200, description = "the token's seat", body = Me),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        (status = 503, description = "`unavailable`", body = ErrorBody),
    ))]
pub(crate) async fn whoami(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let (_, guard) = match app.open(&id).await {
        Ok(x) => x,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let Some(loaded) = guard.as_ref() else {
        return ApiError::not_found().into_response();
    };
    match authorize(&headers)(loaded) {
        Ok(color) => (StatusCode::OK, axum::Json(Me { color })).into_response(),
        Err(e) => e.into_response(),
    }
}
