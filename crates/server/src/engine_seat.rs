//! Engine seats: one task per engine seat of an unfinished game, which plays that seat through
//! the same path as a human's requests ([`App::change`]: the same checks, event log, clocks
//! and WebSocket pushes).
//!
//! The task follows the game's state channel. On the engine's turn it asks its [`Player`] for
//! a move on a blocking thread (so a thinking engine never stalls other games), with the time
//! its clock leaves it (or `move_seconds` when no clock runs for it) and a little grace, and
//! posts the move with the move number it was asked at. An engine that crashes, answers
//! something that is not a move, answers an illegal move, or says nothing within its time
//! forfeits (`Forfeit` event, result `B+F`/`W+F`; a clock that runs out first ends the game on
//! time as for anyone); the failure is logged and the process killed; the next game starts a
//! fresh process. In the scoring phase the engine's dead stones decide what it does: marks
//! that agree with them are accepted; otherwise it marks its own view once and accepts that;
//! against another engine that disagrees it resumes play (at most twice a game, then accepts).
//!
//! At start-up every unfinished game with an engine seat gets its task again: a GTP engine is
//! started afresh and told the whole game.

use crate::app::{now_ms, App, Failure};
use crate::engine::{EngineConfig, EngineFailure, EngineSpec, Player};
use crate::game::{Event, Match, Refusal, Stamped};
use std::collections::{BTreeSet, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tengen_core::{Color, Move, Point};
use tengen_scoring::Phase;

/// Extra seconds an engine gets past its time for the answer's trip.
const GRACE: f64 = 2.0;
/// Times an engine resumes play against another engine that disagrees about dead stones.
const MAX_RESUMES: u32 = 2;

/// The engines of a server and the seats being played.
#[derive(Debug)]
pub struct Engines {
    /// The settings.
    pub config: EngineConfig,
    running: Mutex<HashSet<(String, Color)>>,
}

impl Engines {
    /// The registry of `config`.
    pub fn new(config: EngineConfig) -> Engines {
        Engines {
            config,
            running: Mutex::new(HashSet::new()),
        }
    }

    /// The engine named `name`.
    pub fn find(&self, name: &str) -> Option<EngineSpec> {
        self.config.find(name)
    }

    /// Games with an engine seat being played now.
    pub fn games_running(&self) -> usize {
        let running = self.running.lock().unwrap_or_else(|p| p.into_inner());
        running
            .iter()
            .map(|(id, _)| id.as_str())
            .collect::<HashSet<_>>()
            .len()
    }

    /// Whether another game with an engine may start now.
    pub fn room(&self) -> bool {
        self.games_running() < self.config.max_games
    }

    fn claim(&self, id: &str, color: Color) -> bool {
        let mut running = self.running.lock().unwrap_or_else(|p| p.into_inner());
        running.insert((id.to_string(), color))
    }

    fn release(&self, id: &str, color: Color) {
        let mut running = self.running.lock().unwrap_or_else(|p| p.into_inner());
        running.remove(&(id.to_string(), color));
    }
}

/// Starts the tasks of `m`'s engine seats that are not running yet (a new game, or a game
/// found unfinished at start-up).
pub fn start(app: &Arc<App>, m: &Match) {
    if m.phase() == Phase::Finished {
        return;
    }
    for color in [Color::Black, Color::White] {
        let Some(name) = m.meta().engine(color) else {
            continue;
        };
        let Some(spec) = app.engines.find(name) else {
            tracing::error!(game = %m.id(), engine = name, "no such engine on this server: the seat waits");
            continue;
        };
        if app.engines.claim(m.id(), color) {
            let app = app.clone();
            let id = m.id().to_string();
            tokio::spawn(async move {
                let mut seat = Seat::new(app.clone(), id.clone(), color, spec);
                seat.run().await;
                app.engines.release(&id, color);
                // A GTP engine says goodbye on a blocking thread (it may take a moment).
                if let Some(mut player) = seat.player.take() {
                    let _ = tokio::task::spawn_blocking(move || player.stop()).await;
                }
            });
        }
    }
}

/// At start-up: the engine seats of game `id`, if it has any and is not finished.
pub async fn resume(app: &Arc<App>, id: &str) {
    let m = match app.open(id).await {
        Ok((_, guard)) => guard.as_ref().map(|l| l.m.clone()),
        Err(_) => None,
    };
    if let Some(m) = m {
        if m.meta().black_engine.is_some() || m.meta().white_engine.is_some() {
            start(app, &m);
        }
    }
}

/// What the engine decided in the current scoring phase.
#[derive(Debug, Default, Clone)]
struct ScoringMemo {
    /// The scoring phase it is about: the number of moves when it began.
    at_move: usize,
    /// The engine's dead stones.
    dead: Option<BTreeSet<Point>>,
    /// The marks the engine left after marking its view.
    own: Option<BTreeSet<Point>>,
}

/// One engine seat of one game.
struct Seat {
    app: Arc<App>,
    id: String,
    color: Color,
    spec: EngineSpec,
    player: Option<Player>,
    memo: ScoringMemo,
    resumes: u32,
}

/// What a decision closure left for the seat to remember.
type Noted = Mutex<Option<BTreeSet<Point>>>;

impl Seat {
    fn new(app: Arc<App>, id: String, color: Color, spec: EngineSpec) -> Seat {
        let player = Player::new(&spec, &app.engines.config);
        Seat {
            app,
            id,
            color,
            spec,
            player: Some(player),
            memo: ScoringMemo::default(),
            resumes: 0,
        }
    }

    async fn run(&mut self) {
        let mut shutdown = self.app.shutdown.clone();
        loop {
            if *shutdown.borrow() {
                return;
            }
            // Subscribe before reading the game, so that no change is missed.
            let (mut rx, m) = match self.app.open(&self.id).await {
                Ok((slot, guard)) => {
                    let mut rx = slot.tx.subscribe();
                    rx.borrow_and_update();
                    match guard.as_ref() {
                        Some(l) => (rx, l.m.clone()),
                        None => return,
                    }
                }
                Err(Failure::NotFound) => return,
                Err(e) => {
                    tracing::warn!(game = %self.id, error = ?e, "engine seat: cannot read the game");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            };
            let acted = match m.phase() {
                Phase::Finished => return,
                Phase::Play if m.game().to_move() == self.color => self.take_turn(&m).await,
                Phase::Scoring => self.score(&m).await,
                Phase::Play => false,
            };
            if acted {
                continue;
            }
            tokio::select! {
                _ = rx.changed() => {}
                _ = shutdown.changed() => {}
                // A look now and then, in case a change came by another way.
                _ = tokio::time::sleep(Duration::from_secs(2)) => {}
            }
        }
    }

    /// Runs `job` with the player on a blocking thread; a panic is the engine's failure.
    async fn with_player<T: Send + 'static>(
        &mut self,
        job: impl FnOnce(&mut Player) -> Result<T, EngineFailure> + Send + 'static,
    ) -> Result<T, EngineFailure> {
        let mut player = match self.player.take() {
            Some(p) => p,
            None => Player::new(&self.spec, &self.app.engines.config),
        };
        match tokio::task::spawn_blocking(move || {
            let r = job(&mut player);
            (player, r)
        })
        .await
        {
            Ok((player, r)) => {
                self.player = Some(player);
                r
            }
            Err(e) => Err(EngineFailure::Builtin(format!("the engine failed: {e}"))),
        }
    }

    /// The time the engine has for its move in `m`.
    fn limit(&self, m: &Match, now: i64) -> Duration {
        let config = &self.app.engines.config;
        let secs = match m.clock() {
            // A clock that runs decides; before the first move none runs.
            Some(c) if c.running() == Some(self.color) => {
                c.time_left(self.color, now) as f64 / 1000.0
            }
            Some(c) => (c.time_left(self.color, now) as f64 / 1000.0).min(config.move_seconds),
            None => config.move_seconds,
        };
        Duration::from_secs_f64(secs.max(0.0) + GRACE)
    }

    /// Asks the engine for a move and posts it (or its forfeit). True when something was
    /// recorded or tried, so that the game is read again at once.
    async fn take_turn(&mut self, m: &Match) -> bool {
        let now = now_ms();
        let limit = self.limit(m, now);
        let color = self.color;
        let snapshot = m.clone();
        let answer = self
            .with_player(move |p| p.genmove(&snapshot, color, limit, now))
            .await;
        let asked_at = m.move_number();
        match answer {
            Ok(mv) => self.post_move(mv, asked_at).await,
            Err(f) => self.forfeit(asked_at, &f.to_string()).await,
        }
        true
    }

    async fn post_move(&mut self, mv: Move, asked_at: u64) {
        let color = self.color;
        let guess = self.app.guess();
        let name = self.spec.name.clone();
        let r = self
            .app
            .change(
                &self.id,
                |_| Ok(color),
                |m2, _| -> Result<Vec<Event>, Failure> {
                    // The game moved on meanwhile (the opponent resigned, a flag fell).
                    if m2.phase() != Phase::Play || m2.move_number() != asked_at {
                        return Ok(Vec::new());
                    }
                    let text = m2.move_text(mv);
                    let decide = || m2.decide_move(color, &text, asked_at, guess);
                    // A second pass runs the dead-stone guess: keep it off the reactor.
                    let heavy = mv == Move::Pass
                        && m2.pass_ends_play()
                        && tokio::runtime::Handle::current().runtime_flavor()
                            == tokio::runtime::RuntimeFlavor::MultiThread;
                    let decided = if heavy {
                        tokio::task::block_in_place(decide)
                    } else {
                        decide()
                    };
                    match decided {
                        Ok(events) => Ok(events),
                        Err(Refusal::Rules(code, message)) => Ok(vec![Event::Forfeit {
                            c: color,
                            why: format!("{name} answered an illegal move ({code}): {message}"),
                        }]),
                        Err(other) => {
                            tracing::warn!(game = %m2.id(), refusal = ?other, "engine move refused");
                            Ok(Vec::new())
                        }
                    }
                },
            )
            .await;
        self.log_forfeit_if_any(r).await;
    }

    /// Logs the forfeit the last change recorded, if it was one.
    async fn log_forfeit_if_any(&mut self, r: Result<Arc<str>, Failure>) {
        if let Err(e) = r {
            tracing::warn!(game = %self.id, error = ?e, "engine seat: the change failed");
            tokio::time::sleep(Duration::from_millis(500)).await;
            return;
        }
        if let Ok((_, guard)) = self.app.open(&self.id).await {
            if let Some(l) = guard.as_ref() {
                let r = l.m.result().unwrap_or_default();
                if r.ends_with("+F") {
                    tracing::warn!(game = %self.id, engine = %self.spec.name, color = self.color.name(), result = r, "engine forfeited");
                }
            }
        }
    }

    /// The engine loses the game: it failed while asked at move `asked_at`.
    async fn forfeit(&mut self, asked_at: u64, why: &str) {
        let color = self.color;
        let why = format!("{}: {why}", self.spec.name);
        tracing::warn!(game = %self.id, engine = %self.spec.name, color = color.name(), why, "engine failed");
        if let Some(p) = self.player.as_mut() {
            p.stop();
        }
        let r = self
            .app
            .change(
                &self.id,
                |_| Ok(color),
                |m2, _| -> Result<Vec<Event>, Failure> {
                    if m2.phase() == Phase::Finished || m2.move_number() != asked_at {
                        return Ok(Vec::new());
                    }
                    Ok(vec![Event::Forfeit {
                        c: color,
                        why: why.clone(),
                    }])
                },
            )
            .await;
        if let Err(e) = r {
            tracing::warn!(game = %self.id, error = ?e, "engine seat: could not record the forfeit");
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }

    /// The scoring phase. True when something was recorded or tried.
    async fn score(&mut self, m: &Match) -> bool {
        let color = self.color;
        if m.scoring().accepted(color) {
            return false;
        }
        let at_move = m.game().move_number();
        if self.memo.at_move != at_move || self.memo.dead.is_none() {
            let snapshot = m.clone();
            let guess = self.app.guess();
            match self
                .with_player(move |p| p.dead_stones(&snapshot, guess))
                .await
            {
                Ok(dead) => {
                    self.memo = ScoringMemo {
                        at_move,
                        dead: Some(dead),
                        own: None,
                    };
                }
                Err(f) => {
                    self.forfeit(m.move_number(), &f.to_string()).await;
                    return true;
                }
            }
        }
        let engine_dead = self.memo.dead.clone().unwrap_or_default();
        let own = self.memo.own.clone();
        let may_resume = self.resumes < MAX_RESUMES;
        let noted: Noted = Mutex::new(None);
        let resumed = Mutex::new(false);
        let r = self
            .app
            .change(
                &self.id,
                |_| Ok(color),
                |m2, _| -> Result<Vec<Event>, Failure> {
                    *resumed.lock().unwrap_or_else(|p| p.into_inner()) = false;
                    if m2.phase() != Phase::Scoring
                        || m2.game().move_number() != at_move
                        || m2.scoring().accepted(color)
                    {
                        return Ok(Vec::new());
                    }
                    let marks: BTreeSet<Point> = m2.scoring().dead_points().into_iter().collect();
                    if marks == engine_dead || own.as_ref() == Some(&marks) {
                        // These are the engine's marks now: a later change by the other side
                        // is a disagreement, not a reason to mark again.
                        *noted.lock().unwrap_or_else(|p| p.into_inner()) = Some(marks);
                        return Ok(vec![Event::Accept { c: color }]);
                    }
                    let other_engine = m2.meta().engine(color.opponent()).is_some();
                    let other_accepted = m2.scoring().accepted(color.opponent());
                    if own.is_none() && !(other_engine && other_accepted) {
                        // Mark the engine's view, then accept it.
                        let (mut events, left) = mark_view(m2, color, &engine_dead);
                        *noted.lock().unwrap_or_else(|p| p.into_inner()) = Some(left);
                        events.push(Event::Accept { c: color });
                        return Ok(events);
                    }
                    if other_engine {
                        // Two engines disagree: play it out, or give in after a few tries.
                        if may_resume {
                            *resumed.lock().unwrap_or_else(|p| p.into_inner()) = true;
                            return Ok(vec![Event::Resume { c: color }]);
                        }
                        return Ok(vec![Event::Accept { c: color }]);
                    }
                    // A person disagrees: they may change the marks or resume play.
                    Ok(Vec::new())
                },
            )
            .await;
        if let Some(left) = noted.into_inner().unwrap_or_else(|p| p.into_inner()) {
            if self.memo.own.is_none() {
                self.memo.own = Some(left);
            }
        }
        if resumed.into_inner().unwrap_or_else(|p| p.into_inner()) {
            self.resumes += 1;
        }
        match r {
            // Something was recorded when the game's sequence moved: read it again at once.
            Ok(_) => self
                .app
                .open(&self.id)
                .await
                .is_ok_and(|(_, g)| g.as_ref().is_some_and(|l| l.m.seq() != m.seq())),
            Err(e) => {
                tracing::warn!(game = %self.id, error = ?e, "engine seat: scoring change failed");
                tokio::time::sleep(Duration::from_millis(500)).await;
                true
            }
        }
    }
}

/// The events that mark `dead` (the engine's dead stones) on `m`'s marks, chain by chain (as
/// the marks go): chains the engine holds alive first, then its dead ones. Also the marks they
/// leave.
fn mark_view(m: &Match, color: Color, dead: &BTreeSet<Point>) -> (Vec<Event>, BTreeSet<Point>) {
    let mut probe = m.clone();
    let mut events = Vec::new();
    let now = now_ms();
    let marked: BTreeSet<Point> = probe.scoring().dead_points().into_iter().collect();
    let mut apply = |probe: &mut Match, p: Point, want: bool| {
        let still = probe.scoring().dead_points().contains(&p);
        if still == want {
            return;
        }
        let v = probe.vertex(p);
        if let Ok(evs) = probe.decide_dead(color, &v, want, probe.marks_version()) {
            for ev in evs {
                if probe
                    .apply(&Stamped {
                        ev: ev.clone(),
                        at: now,
                    })
                    .is_ok()
                {
                    events.push(ev);
                }
            }
        }
    };
    for &p in marked.difference(dead) {
        apply(&mut probe, p, false);
    }
    for &p in dead {
        apply(&mut probe, p, true);
    }
    let left = probe.scoring().dead_points().into_iter().collect();
    (events, left)
}
