//! `tengen bot`: connects a GTP engine to a remote tengen server through its public HTTP API,
//! as gtp2ogs does for OGS and kgsGtp for KGS.
//!
//! The bot takes open seats (`GET /api/games?open=true`, the least recently active first, at
//! most `--games` at once), and plays each game on a thread of its own with an engine process
//! of its own. It follows a game by polling `GET /api/games/{id}` every 300 ms (simpler than the
//! WebSocket, and a lost connection needs no resubscribing). Every request is retried after a
//! network failure or a `503` until it gets an answer; a move is retried with the same
//! `move_number`, which the server answers `200` when the move was in fact recorded, so no
//! move is lost or doubled. Undo requests are refused by never accepting them. In the scoring
//! phase the bot marks the stones its engine calls dead (`final_status_list dead`) and accepts;
//! when the opponent changes the marks afterwards it accepts only marks that agree with its
//! engine.
//!
//! The engine is held to the rules by a [`Game`] the bot keeps: an engine that answers an
//! illegal move, crashes or hangs past its time is restarted and asked again once; a second
//! failure resigns that game.

use clap::Args as ClapArgs;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tengen_core::{coords, handicap, Color, Game, Move, Point, Rules};
use tengen_gtp::controller::{Controller, ControllerError};

/// Arguments of `tengen bot`.
#[derive(Debug, ClapArgs)]
pub struct Args {
    /// The server, `http://HOST:PORT`.
    #[arg(long)]
    server: String,
    /// The engine's command line (program and arguments, split at spaces; no shell).
    #[arg(long)]
    engine: String,
    /// The name shown for the bot's seat (default: the engine's own `name`).
    #[arg(long)]
    name: Option<String>,
    /// The most games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    games: u32,
    /// Seconds an engine may think on a move when the game has no clock.
    #[arg(long, default_value_t = 120)]
    move_seconds: u64,
    /// Stop after this many games have ended (default: run until stopped).
    #[arg(long)]
    max_games: Option<u32>,
}

/// How long a command other than `genmove` may take.
const QUICK: Duration = Duration::from_secs(30);
/// The polling period of a game and of the open-seat list.
const POLL: Duration = Duration::from_millis(300);

/// Why a request to the server did not succeed (after the retries that make sense).
#[derive(Debug)]
enum ApiError {
    /// The server answered with an error code.
    Refused {
        status: u16,
        code: String,
        message: String,
    },
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ApiError::Refused {
                status,
                code,
                message,
            } => write!(f, "the server answered {status} {code}: {message}"),
        }
    }
}

#[derive(Deserialize)]
struct ErrorBody {
    error: ErrorDetail,
}

#[derive(Deserialize)]
struct ErrorDetail {
    code: String,
    message: String,
}

/// An entry of `GET /api/games?open=true`.
#[derive(Deserialize)]
struct OpenGame {
    id: String,
    width: usize,
    height: usize,
    open: Option<String>,
}

/// The parts of a game's state the bot reads.
#[derive(Deserialize, Clone)]
struct State {
    width: usize,
    height: usize,
    rules: String,
    komi: f64,
    #[serde(default)]
    handicap: u32,
    to_move: Option<String>,
    move_number: u64,
    moves: Vec<String>,
    phase: String,
    marks_version: u64,
    dead: Vec<String>,
    accepted: Accepted,
    result: Option<String>,
    #[serde(default)]
    time: Option<TimeControl>,
    #[serde(default)]
    clock: Option<Clock>,
}

#[derive(Deserialize, Clone)]
struct Accepted {
    black: bool,
    white: bool,
}

/// The time control is read with the server's own type, the one the state is written from.
use tengen_server::clock::{SideView, TimeControl};

#[derive(Deserialize, Clone)]
struct Clock {
    black: SideView,
    white: SideView,
}

#[derive(Serialize)]
struct JoinBody<'a> {
    color: &'a str,
    name: &'a str,
}

#[derive(Deserialize)]
struct Joined {
    token: String,
}

#[derive(Serialize)]
struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
    move_number: u64,
}

#[derive(Serialize)]
struct DeadBody {
    point: String,
    dead: bool,
    marks_version: u64,
}

#[derive(Serialize)]
struct AcceptBody {
    marks_version: u64,
}

/// The server's HTTP API, every call retried through network failures.
#[derive(Clone)]
struct Api {
    base: String,
    http: reqwest::Client,
    rt: tokio::runtime::Handle,
}

impl Api {
    /// Sends a request until the server answers something other than `503`; a `2xx` body is
    /// parsed as `T`, an error body becomes [`ApiError::Refused`].
    fn call<T: serde::de::DeserializeOwned>(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<&dyn erased::Body>,
    ) -> Result<T, ApiError> {
        let url = format!("{}{path}", self.base);
        let json = body.map(|b| b.to_json());
        let mut wait = Duration::from_millis(250);
        loop {
            let mut req = self
                .http
                .request(method.clone(), &url)
                .timeout(Duration::from_secs(30));
            if let Some(t) = token {
                req = req.bearer_auth(t);
            }
            if let Some(j) = &json {
                req = req
                    .header(reqwest::header::CONTENT_TYPE, "application/json")
                    .body(j.clone());
            }
            let answer = self.rt.block_on(async {
                let r = req.send().await?;
                let status = r.status();
                let bytes = r.bytes().await?;
                Ok::<_, reqwest::Error>((status, bytes))
            });
            match answer {
                Ok((status, bytes)) if status.is_success() => {
                    match serde_json::from_slice::<T>(&bytes) {
                        Ok(v) => return Ok(v),
                        Err(e) => eprintln!("bot: {path}: unexpected answer ({e}); retrying"),
                    }
                }
                Ok((status, bytes)) if status.as_u16() != 503 && status.as_u16() != 429 => {
                    let (code, message) = match serde_json::from_slice::<ErrorBody>(&bytes) {
                        Ok(b) => (b.error.code, b.error.message),
                        Err(_) => (String::new(), String::from_utf8_lossy(&bytes).into()),
                    };
                    return Err(ApiError::Refused {
                        status: status.as_u16(),
                        code,
                        message,
                    });
                }
                Ok((status, _)) => eprintln!("bot: {path}: {status}; retrying"),
                Err(e) => eprintln!("bot: {path}: {e}; retrying"),
            }
            std::thread::sleep(wait);
            wait = (wait * 2).min(Duration::from_secs(5));
        }
    }

    fn state(&self, id: &str) -> Result<State, ApiError> {
        self.call(
            reqwest::Method::GET,
            &format!("/api/games/{id}"),
            None,
            None,
        )
    }
}

/// Request bodies behind one reference type.
mod erased {
    /// A body that serializes to JSON.
    pub trait Body {
        fn to_json(&self) -> String;
    }
    impl<T: serde::Serialize> Body for T {
        fn to_json(&self) -> String {
            serde_json::to_string(self).expect("request bodies serialize")
        }
    }
}

/// Runs `tengen bot` until stopped (or `--max-games` games have ended).
pub fn run(args: Args) -> ExitCode {
    let base = args.server.trim_end_matches('/').to_string();
    if !base.starts_with("http://") {
        eprintln!("tengen bot: --server must be http://HOST:PORT (https is not supported yet)");
        return ExitCode::from(2);
    }
    // The engine is started once to learn its name and commands, and to fail early.
    let probe = match Controller::spawn(&args.engine, QUICK) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("tengen bot: {e}");
            return ExitCode::FAILURE;
        }
    };
    let square_only = !probe.supports("rectangular_boardsize");
    let name = args.name.clone().unwrap_or_else(|| {
        let mut probe = probe;
        probe
            .send("name", QUICK)
            .ok()
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| "bot".to_string())
            .chars()
            .filter(|c| !c.is_control())
            .take(40)
            .collect()
    });
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("tengen bot: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let api = Api {
        base,
        http: reqwest::Client::new(),
        rt: rt.handle().clone(),
    };
    let playing = Arc::new(AtomicUsize::new(0));
    let ended = Arc::new(AtomicUsize::new(0));
    let mut started: u32 = 0;
    eprintln!("tengen bot: {name} looking for open seats on {}", api.base);
    loop {
        if let Some(max) = args.max_games {
            if ended.load(Ordering::SeqCst) >= max as usize {
                return ExitCode::SUCCESS;
            }
            if started >= max {
                std::thread::sleep(POLL);
                continue;
            }
        }
        if playing.load(Ordering::SeqCst) >= args.games as usize {
            std::thread::sleep(POLL);
            continue;
        }
        let list: Vec<OpenGame> =
            match api.call(reqwest::Method::GET, "/api/games?open=true", None, None) {
                Ok(l) => l,
                Err(e) => {
                    eprintln!("tengen bot: listing open games: {e}");
                    std::thread::sleep(Duration::from_secs(2));
                    continue;
                }
            };
        // The list comes most recently active first: the oldest waiting seat is the last.
        let pick = list.into_iter().rev().find(|g| {
            g.open.is_some()
                && g.width <= coords::COLUMN_LETTERS.len()
                && g.height <= coords::COLUMN_LETTERS.len()
                && (g.width == g.height || !square_only)
        });
        let Some(game) = pick else {
            std::thread::sleep(Duration::from_secs(1));
            continue;
        };
        let color_name = game.open.clone().unwrap_or_default();
        let Some(color) = Color::parse(&color_name) else {
            continue;
        };
        let joined: Result<Joined, ApiError> = api.call(
            reqwest::Method::POST,
            &format!("/api/games/{}/join", game.id),
            None,
            Some(&JoinBody {
                color: color.name(),
                name: &name,
            }),
        );
        let token = match joined {
            Ok(j) => j.token,
            // Someone else was quicker, or the game went away: look again.
            Err(e) => {
                eprintln!("tengen bot: joining {}: {e}", game.id);
                std::thread::sleep(POLL);
                continue;
            }
        };
        eprintln!("tengen bot: playing {} as {}", game.id, color.name());
        started += 1;
        playing.fetch_add(1, Ordering::SeqCst);
        let (api, engine, playing, ended) = (
            api.clone(),
            args.engine.clone(),
            playing.clone(),
            ended.clone(),
        );
        let move_time = Duration::from_secs(args.move_seconds);
        std::thread::spawn(move || {
            let mut seat = Seat {
                api,
                id: game.id.clone(),
                token,
                color,
                engine_command: engine,
                engine: None,
                sent: Vec::new(),
                move_time,
                my_marks_version: None,
                engine_dead: None,
            };
            match seat.play() {
                Ok(result) => eprintln!("tengen bot: {} finished: {result}", game.id),
                Err(e) => eprintln!("tengen bot: {} left: {e}", game.id),
            }
            playing.fetch_sub(1, Ordering::SeqCst);
            ended.fetch_add(1, Ordering::SeqCst);
        });
    }
}

/// Why a game was left.
#[derive(Debug)]
enum SeatError {
    Api(ApiError),
    Engine(ControllerError),
    Rules(String),
}

impl std::fmt::Display for SeatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatError::Api(e) => e.fmt(f),
            SeatError::Engine(e) => e.fmt(f),
            SeatError::Rules(m) => f.write_str(m),
        }
    }
}

impl From<ApiError> for SeatError {
    fn from(e: ApiError) -> Self {
        SeatError::Api(e)
    }
}

impl From<ControllerError> for SeatError {
    fn from(e: ControllerError) -> Self {
        SeatError::Engine(e)
    }
}

/// One game the bot plays.
struct Seat {
    api: Api,
    id: String,
    token: String,
    color: Color,
    engine_command: String,
    engine: Option<Controller>,
    /// The moves the engine has been told, in order.
    sent: Vec<String>,
    move_time: Duration,
    /// The marks version the bot's own marking left (it accepts that one).
    my_marks_version: Option<u64>,
    /// The engine's dead stones for the current scoring phase (vertices).
    engine_dead: Option<BTreeSet<String>>,
}

/// The game of a state as the rules see it: set-up (handicap) and every move, each checked.
fn rebuild(s: &State) -> Result<Game, String> {
    let rules: Rules = s.rules.parse().map_err(|e| format!("rules: {e}"))?;
    let mut game = Game::new(s.width, s.height, rules).map_err(|e| format!("size: {e}"))?;
    if s.handicap >= 2 {
        let stones = handicap_points(s)?;
        let setup: Vec<(Point, Option<Color>)> =
            stones.iter().map(|&p| (p, Some(Color::Black))).collect();
        game.set_up(&setup).map_err(|e| format!("handicap: {e}"))?;
        game.set_to_move(Color::White)
            .map_err(|e| format!("handicap: {e}"))?;
        game.set_handicap_count(s.handicap);
    }
    for text in &s.moves {
        let mv = parse_move(text, s)?;
        game.play(mv).map_err(|e| format!("move {text}: {e}"))?;
    }
    Ok(game)
}

/// The server's handicap stones: GNU Go's fixed points (interfaces.md).
fn handicap_points(s: &State) -> Result<Vec<Point>, String> {
    handicap::fixed(s.width, s.height, s.handicap).map_err(|e| format!("handicap: {e}"))
}

fn dims(s: &State) -> (u8, u8) {
    (
        u8::try_from(s.width).unwrap_or(u8::MAX),
        u8::try_from(s.height).unwrap_or(u8::MAX),
    )
}

fn parse_move(text: &str, s: &State) -> Result<Move, String> {
    let (w, h) = dims(s);
    match text.to_ascii_lowercase().as_str() {
        "pass" => Ok(Move::Pass),
        "resign" => Ok(Move::Resign),
        _ => coords::from_gtp(text, w, h)
            .map(Move::Play)
            .map_err(|e| e.to_string()),
    }
}

fn move_text(mv: Move, s: &State) -> String {
    match mv {
        Move::Play(p) => coords::to_gtp(p, dims(s).1).unwrap_or_default(),
        Move::Pass => "pass".into(),
        Move::Resign => "resign".into(),
    }
}

/// Whether the engine's move may be posted: a pass, a resignation or a legal play.
fn engine_move_is_legal(game: &Game, color: Color, mv: Move) -> bool {
    match mv {
        Move::Play(p) => game.to_move() == color && game.is_legal(color, p),
        Move::Pass | Move::Resign => true,
    }
}

impl Seat {
    /// Plays until the game is finished; the result in SGF form.
    fn play(&mut self) -> Result<String, SeatError> {
        let mut state = self.api.state(&self.id)?;
        loop {
            match state.phase.as_str() {
                "finished" => return Ok(state.result.clone().unwrap_or_default()),
                "scoring" => {
                    if let Some(next) = self.score(&state)? {
                        state = next;
                        continue;
                    }
                }
                _ => {
                    self.engine_dead = None;
                    self.my_marks_version = None;
                    let mine = state.to_move.as_deref() == Some(self.color.name());
                    if mine {
                        match self.take_turn(&state) {
                            Ok(next) => {
                                state = next;
                                continue;
                            }
                            // The clock or the opponent ended the game meanwhile.
                            Err(SeatError::Api(ApiError::Refused { code, .. }))
                                if code == "game_over"
                                    || code == "stale"
                                    || code == "wrong_phase"
                                    || code == "not_your_turn" => {}
                            Err(e) => return Err(e),
                        }
                    }
                }
            }
            std::thread::sleep(POLL);
            state = self.api.state(&self.id)?;
        }
    }

    /// A running engine, told the game of `s`: restarted and set up again when it died or when
    /// its moves are not a prefix of the game's.
    fn engine_for(&mut self, s: &State) -> Result<&mut Controller, SeatError> {
        let fresh = match &self.engine {
            Some(e) => e.is_dead() || !s.moves.starts_with(&self.sent),
            None => true,
        };
        if fresh {
            self.engine = None;
            self.sent.clear();
            let mut e = Controller::spawn(&self.engine_command, QUICK)?;
            let (w, h) = dims(s);
            e.boardsize(w, h, QUICK)?;
            e.send("clear_board", QUICK)?;
            e.send(&format!("komi {}", s.komi), QUICK)?;
            if e.supports("kata-set-rules") {
                // An engine that knows only some rules plays on with its own.
                if let Err(err) = e.send(&format!("kata-set-rules {}", s.rules), QUICK) {
                    if e.is_dead() {
                        return Err(err.into());
                    }
                }
            }
            if s.handicap >= 2 {
                let stones = handicap_points(s).map_err(SeatError::Rules)?;
                e.set_free_handicap(&stones, QUICK)?;
            }
            self.time_settings(&mut e, s)?;
            self.engine = Some(e);
        }
        let e = self.engine.as_mut().expect("started above");
        let first = if s.handicap >= 2 {
            Color::White
        } else {
            Color::Black
        };
        for (i, text) in s.moves.iter().enumerate().skip(self.sent.len()) {
            let color = if i % 2 == 0 { first } else { !first };
            let mv = parse_move(text, s).map_err(SeatError::Rules)?;
            if mv == Move::Resign {
                break;
            }
            e.play(color, mv, QUICK)?;
            self.sent.push(text.clone());
        }
        Ok(e)
    }

    fn time_settings(&self, e: &mut Controller, s: &State) -> Result<(), SeatError> {
        // The same GTP text the server's own engine seats send.
        let tc = s.time.clone().unwrap_or_default();
        let Some(command) =
            tengen_server::engine::time_settings_command(&tc, e.supports("kgs-time_settings"))
        else {
            return Ok(());
        };
        match e.send(&command, QUICK) {
            Ok(_) => Ok(()),
            Err(err) if !e.is_dead() => {
                eprintln!(
                    "tengen bot: {}: {err}; playing without time settings",
                    self.id
                );
                Ok(())
            }
            Err(err) => Err(err.into()),
        }
    }

    /// The time the engine may take for this move, and `time_left` told to it.
    fn think_time(&mut self, s: &State) -> Result<Duration, SeatError> {
        let Some(clock) = &s.clock else {
            return Ok(self.move_time);
        };
        let side = if self.color == Color::Black {
            &clock.black
        } else {
            &clock.white
        };
        // The longest the engine can think before the server's clock ends the game: main time
        // and the current overtime period.
        let left = if side.main > 0.0 {
            side.main + side.period.unwrap_or(0.0)
        } else {
            side.period.unwrap_or(0.0)
        };
        let color = self.color;
        if let Some(e) = self.engine.as_mut() {
            // The same `time_left` the server's own engine seats send.
            let tc = s.time.clone().unwrap_or_default();
            let kgs = e.supports("kgs-time_settings");
            let (t, stones) = tengen_server::engine::time_left_args(&tc, side, kgs);
            let _ = e.send(&format!("time_left {} {t} {stones}", color.name()), QUICK);
        }
        // Past that the server's clock has ended the game anyway; a second of slack for the
        // request.
        Ok(Duration::from_secs_f64(left.max(0.0) + 2.0))
    }

    /// Asks the engine for a move (restarting it once after a failure or an illegal answer)
    /// and posts it; the new state.
    fn take_turn(&mut self, s: &State) -> Result<State, SeatError> {
        let game = rebuild(s).map_err(SeatError::Rules)?;
        let mut chosen = None;
        for attempt in 0..2 {
            self.engine_for(s)?;
            let limit = self.think_time(s)?;
            let color = self.color;
            let e = self.engine.as_mut().expect("engine_for started it");
            match e.genmove(color, limit) {
                Ok(mv) if engine_move_is_legal(&game, color, mv) => {
                    chosen = Some(mv);
                    break;
                }
                Ok(mv) => {
                    eprintln!(
                        "tengen bot: {}: the engine played the illegal move {} (attempt {})",
                        self.id,
                        move_text(mv, s),
                        attempt + 1
                    );
                    e.kill();
                }
                Err(err) => {
                    eprintln!("tengen bot: {}: {err} (attempt {})", self.id, attempt + 1);
                    e.kill();
                }
            }
        }
        // The engine failed twice: it loses this game as the server would rule it.
        let mv = chosen.unwrap_or(Move::Resign);
        if let Some(e) = self.engine.as_mut() {
            if !e.is_dead() && mv != Move::Resign {
                // genmove played the move on the engine's board already.
                self.sent.push(move_text(mv, s));
            }
        }
        let body = MoveBody {
            mv: move_text(mv, s),
            move_number: s.move_number,
        };
        let state: State = self.api.call(
            reqwest::Method::POST,
            &format!("/api/games/{}/moves", self.id),
            Some(&self.token),
            Some(&body),
        )?;
        Ok(state)
    }

    /// The scoring phase: marks the engine's dead stones once, then accepts marks that are its
    /// own or agree with the engine. `None` when there is nothing to do now.
    fn score(&mut self, s: &State) -> Result<Option<State>, SeatError> {
        let accepted = if self.color == Color::Black {
            s.accepted.black
        } else {
            s.accepted.white
        };
        if accepted {
            return Ok(None);
        }
        let engine_dead = match &self.engine_dead {
            Some(d) => d.clone(),
            None => {
                let e = self.engine_for(s)?;
                let dead = e.dead_stones(QUICK)?;
                let set: BTreeSet<String> = dead
                    .into_iter()
                    .map(|p| move_text(Move::Play(p), s))
                    .collect();
                self.engine_dead = Some(set.clone());
                set
            }
        };
        let marked: BTreeSet<String> = s.dead.iter().map(|v| v.to_ascii_uppercase()).collect();
        let agree = marked == engine_dead || self.my_marks_version == Some(s.marks_version);
        if !agree {
            if self.my_marks_version.is_some() {
                // The opponent changed the marks after ours: accept only agreement.
                return Ok(None);
            }
            // Mark the engine's view: its dead stones dead, stones it holds alive alive.
            let mut state = s.clone();
            for v in engine_dead.difference(&marked) {
                let current: BTreeSet<String> =
                    state.dead.iter().map(|v| v.to_ascii_uppercase()).collect();
                if current.contains(v) {
                    continue; // a chain marked with an earlier stone
                }
                state = self.mark(v, true, state.marks_version)?;
                if state.phase != "scoring" {
                    return Ok(Some(state));
                }
            }
            for v in marked.difference(&engine_dead) {
                let current: BTreeSet<String> =
                    state.dead.iter().map(|v| v.to_ascii_uppercase()).collect();
                if !current.contains(v) {
                    continue;
                }
                state = self.mark(v, false, state.marks_version)?;
                if state.phase != "scoring" {
                    return Ok(Some(state));
                }
            }
            self.my_marks_version = Some(state.marks_version);
            return Ok(Some(state));
        }
        // Marks the bot accepts are its own: a later change by the opponent is a disagreement
        // (left to them to undo or resume from), not a reason to mark again.
        if self.my_marks_version.is_none() {
            self.my_marks_version = Some(s.marks_version);
        }
        let state: State = self.api.call(
            reqwest::Method::POST,
            &format!("/api/games/{}/accept", self.id),
            Some(&self.token),
            Some(&AcceptBody {
                marks_version: s.marks_version,
            }),
        )?;
        Ok(Some(state))
    }

    fn mark(&self, vertex: &str, dead: bool, marks_version: u64) -> Result<State, SeatError> {
        Ok(self.api.call(
            reqwest::Method::POST,
            &format!("/api/games/{}/dead", self.id),
            Some(&self.token),
            Some(&DeadBody {
                point: vertex.to_string(),
                dead,
                marks_version,
            }),
        )?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(moves: &[&str], handicap: u32) -> State {
        State {
            width: 9,
            height: 9,
            rules: "chinese".into(),
            komi: 7.5,
            handicap,
            to_move: Some("black".into()),
            move_number: moves.len() as u64,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            phase: "play".into(),
            marks_version: 0,
            dead: Vec::new(),
            accepted: Accepted {
                black: false,
                white: false,
            },
            result: None,
            time: None,
            clock: None,
        }
    }

    #[test]
    fn an_illegal_engine_move_is_caught_before_posting() {
        let s = state(&["E5", "D5"], 0);
        let game = rebuild(&s).unwrap();
        let e5 = coords::from_gtp("E5", 9, 9).unwrap();
        let c3 = coords::from_gtp("C3", 9, 9).unwrap();
        assert!(!engine_move_is_legal(&game, Color::Black, Move::Play(e5)));
        assert!(engine_move_is_legal(&game, Color::Black, Move::Play(c3)));
        // Not black's turn to play for white.
        assert!(!engine_move_is_legal(&game, Color::White, Move::Play(c3)));
        assert!(engine_move_is_legal(&game, Color::Black, Move::Pass));
    }

    #[test]
    fn a_handicap_game_is_rebuilt_with_white_first() {
        // 9x9, two stones: GNU Go's fixed points G7 and C3; white then plays E5.
        let s = state(&["E5"], 2);
        let game = rebuild(&s).unwrap();
        assert_eq!(game.to_move(), Color::Black);
        let g7 = coords::from_gtp("G7", 9, 9).unwrap();
        let c3 = coords::from_gtp("C3", 9, 9).unwrap();
        assert_eq!(game.board().get(g7), Some(Color::Black));
        assert_eq!(game.board().get(c3), Some(Color::Black));
        let e5 = coords::from_gtp("E5", 9, 9).unwrap();
        assert_eq!(game.board().get(e5), Some(Color::White));
        // A state whose moves break the rules is refused, not followed.
        assert!(rebuild(&state(&["E5", "E5"], 0)).is_err());
    }
}
