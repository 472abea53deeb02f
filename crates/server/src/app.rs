//! The shared state of the server: the store, the cache of games, the rate limiter.
//!
//! Each cached game sits in a [`Slot`]: an async mutex over the rebuilt [`Match`] (requests on
//! one game are judged one at a time) and a `watch` channel holding the latest state text for
//! the WebSockets. A change is decided and applied in memory, then appended to the store with
//! the sequence number it was decided against; only when the store says `Done` is it
//! published. A conflict (another instance wrote first) or a failure drops the cached game, so
//! the next attempt rebuilds it from the store.

use crate::game::{Event, Match, Meta, Refusal, Stamped};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use subtle::ConstantTimeEq;
use tengen_core::Color;
use tengen_scoring::GuessOptions;
use tengen_store::{Append, GameStore, StoreError};
use tokio::sync::{mpsc, watch};

/// Settings of a running server.
#[derive(Debug, Clone)]
pub struct Config {
    /// Address to listen on (`127.0.0.1:8080`; port 0 picks one).
    pub addr: String,
    /// Store URL: `sqlite:PATH` or `redis://host:port/db`.
    pub store: String,
    /// Games one address may create per minute (`None`: no limit); an IPv6 address counts
    /// with its whole /64.
    pub create_rate: Option<u32>,
    /// Games all clients together may create per minute (`None`: no limit).
    pub create_rate_global: Option<u32>,
    /// Largest request body in bytes.
    pub body_limit: usize,
    /// Longest time to receive a request body; a slower client answers `408 timeout`.
    pub body_timeout: Duration,
    /// Playouts of the automatic dead-stone guess.
    pub guess_playouts: u32,
    /// Seconds after which a game nobody watches leaves the cache.
    pub idle_secs: u64,
    /// Time a connection has to send a request's headers; it is closed after it.
    pub header_timeout: Duration,
    /// Most connections open at once (WebSockets included); more wait to be accepted.
    pub max_connections: usize,
    /// The address people reach the server at (`https://go.example.com`), for the links a
    /// creation answers; `None`: from the request's `Host` header.
    pub public_url: Option<String>,
    /// Behind a reverse proxy: take the client's address from the last `X-Forwarded-For`
    /// entry and the links' scheme and host from `X-Forwarded-Proto`/`X-Forwarded-Host`.
    pub behind_proxy: bool,
    /// The engines the server plays with (the built-in one is always there).
    pub engines: crate::engine::EngineConfig,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: "127.0.0.1:8080".into(),
            store: "sqlite:tengen.db".into(),
            create_rate: Some(30),
            create_rate_global: Some(600),
            body_limit: 64 * 1024,
            body_timeout: Duration::from_secs(10),
            guess_playouts: 0,
            idle_secs: 600,
            header_timeout: Duration::from_secs(10),
            max_connections: 16_384,
            public_url: None,
            behind_proxy: false,
            engines: crate::engine::EngineConfig::default(),
        }
    }
}

/// What a request failed with, before the HTTP layer turns it into a status and JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// `404 not_found`.
    NotFound,
    /// A refusal of the rules or of staleness.
    Refused(Refusal),
    /// `503 unavailable`: the store failed; nothing changed.
    Unavailable(String),
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        Failure::Unavailable(e.to_string())
    }
}

/// A cached game.
pub struct Loaded {
    /// The game.
    pub m: Match,
    /// Hash of black's token.
    pub black: [u8; 32],
    /// Hash of white's token.
    pub white: [u8; 32],
    /// The state text after the last change.
    pub state: Arc<str>,
}

impl Loaded {
    /// The player holding `token`, compared in constant time against both hashes.
    pub fn player(&self, token: &str) -> Option<Color> {
        let h = crate::token_hash(token);
        // A seat taken by joining has the joiner's token; its creation token was never given.
        let black = self.m.joined_hash(Color::Black).unwrap_or(self.black);
        let white = self.m.joined_hash(Color::White).unwrap_or(self.white);
        let b = h.ct_eq(&black);
        let w = h.ct_eq(&white);
        if bool::from(b) {
            Some(Color::Black)
        } else if bool::from(w) {
            Some(Color::White)
        } else {
            None
        }
    }
}

/// One game's place in the cache.
pub struct Slot {
    /// The game, `None` until (re)built from the store.
    pub inner: Arc<tokio::sync::Mutex<Option<Loaded>>>,
    /// The latest state text (empty before the first load).
    pub tx: watch::Sender<Arc<str>>,
    last_used: AtomicU64,
}

/// A token bucket: `per_minute` tokens at most, refilled evenly over a minute.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    fn full(per_minute: f64, now: Instant) -> Bucket {
        Bucket {
            tokens: per_minute,
            last: now,
        }
    }

    fn refill(&mut self, per_minute: f64, now: Instant) {
        let secs = now.duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + secs * per_minute / 60.0).min(per_minute);
        self.last = now;
    }
}

/// Why a creation is refused by the limiter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limited {
    /// This address (its /64 for IPv6) created too many games.
    Address,
    /// All clients together created too many games.
    Server,
}

/// Create-rate limiter: a token bucket per address (per /64 for IPv6) and one for the server.
struct Limiter {
    per_address: Option<f64>,
    global: Option<f64>,
    state: Mutex<(HashMap<IpAddr, Bucket>, Option<Bucket>)>,
}

impl Limiter {
    /// Takes a token from the address's bucket and the server's, or from neither.
    fn allow(&self, ip: IpAddr) -> Result<(), Limited> {
        let now = Instant::now();
        let key = crate::net::rate_key(ip);
        let mut guard = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let (map, global) = &mut *guard;
        if let Some(n) = self.per_address {
            let b = map.entry(key).or_insert(Bucket::full(n, now));
            b.refill(n, now);
            if b.tokens < 1.0 {
                return Err(Limited::Address);
            }
        }
        if let Some(n) = self.global {
            let g = global.get_or_insert(Bucket::full(n, now));
            g.refill(n, now);
            if g.tokens < 1.0 {
                return Err(Limited::Server);
            }
            g.tokens -= 1.0;
        }
        if let Some(b) = map.get_mut(&key) {
            b.tokens -= 1.0;
        }
        Ok(())
    }

    fn sweep(&self) {
        let now = Instant::now();
        let mut guard = self.state.lock().unwrap_or_else(|p| p.into_inner());
        guard
            .0
            .retain(|_, b| now.duration_since(b.last) < Duration::from_secs(120));
    }
}

/// The server's shared state.
pub struct App {
    /// The store.
    pub store: Arc<dyn GameStore>,
    /// The settings.
    pub config: Config,
    games: Mutex<HashMap<String, Arc<Slot>>>,
    limiter: Option<Limiter>,
    epoch: Instant,
    /// Turns true when the server shuts down (WebSockets close).
    pub shutdown: watch::Receiver<bool>,
    /// The engines and the engine seats being played.
    pub engines: crate::engine_seat::Engines,
    /// Deadlines to wake up for: a game's id and the moment (ms since the epoch).
    timer_tx: mpsc::UnboundedSender<(String, u64)>,
    timer_rx: Mutex<Option<mpsc::UnboundedReceiver<(String, u64)>>>,
    /// Per game with a timer: its deadline and the generation of the task that serves it.
    armed: Mutex<HashMap<String, (i64, u64)>>,
    timer_generation: AtomicU64,
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

const MAX_TRIES: usize = 8;

impl App {
    /// A new app over `store`.
    pub fn new(store: Arc<dyn GameStore>, config: Config, shutdown: watch::Receiver<bool>) -> App {
        let (timer_tx, timer_rx) = mpsc::unbounded_channel();
        let limiter =
            (config.create_rate.is_some() || config.create_rate_global.is_some()).then(|| {
                Limiter {
                    per_address: config.create_rate.map(|n| f64::from(n.max(1))),
                    global: config.create_rate_global.map(|n| f64::from(n.max(1))),
                    state: Mutex::new((HashMap::new(), None)),
                }
            });
        App {
            store,
            engines: crate::engine_seat::Engines::new(config.engines.clone()),
            config,
            games: Mutex::new(HashMap::new()),
            limiter,
            epoch: Instant::now(),
            shutdown,
            timer_tx,
            timer_rx: Mutex::new(Some(timer_rx)),
            armed: Mutex::new(HashMap::new()),
            timer_generation: AtomicU64::new(0),
        }
    }

    /// Runs the timers: one task per game with a deadline (a flag falling, the end of the
    /// scoring phase), which sleeps until the game's current deadline and then settles the game,
    /// so that a game ends on time with nobody connected. A move moves the deadline; the task
    /// reads it again when it wakes, so a game never has more than one task. Call once, on the
    /// shared app.
    pub fn run_timers(app: &Arc<App>) {
        let Some(mut rx) = app
            .timer_rx
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
        else {
            return;
        };
        let weak = Arc::downgrade(app);
        tokio::spawn(async move {
            while let Some((id, generation)) = rx.recv().await {
                let weak = weak.clone();
                tokio::spawn(async move { Self::timer(weak, id, generation).await });
            }
        });
    }

    /// The timer task of game `id` (see [`App::run_timers`]); it ends when its entry is gone
    /// or belongs to a newer task.
    async fn timer(weak: std::sync::Weak<App>, id: String, generation: u64) {
        loop {
            let at = {
                let Some(app) = weak.upgrade() else { return };
                let armed = app.armed.lock().unwrap_or_else(|p| p.into_inner());
                match armed.get(&id) {
                    Some(&(at, g)) if g == generation => at,
                    _ => return,
                }
            };
            let wait = at - now_ms();
            if wait > 0 {
                tokio::time::sleep(Duration::from_millis(wait as u64 + 5)).await;
                continue;
            }
            let Some(app) = weak.upgrade() else { return };
            if let Err(e) = app.settle(&id).await {
                tracing::warn!(game = %id, error = ?e, "timer: could not settle; trying again");
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
            // Settling re-arms (a new deadline) or disarms (finished); if the entry is still
            // this one, nothing was due yet (clocks disagree by a few ms): look again shortly.
            let same = app.armed.lock().unwrap_or_else(|p| p.into_inner()).get(&id)
                == Some(&(at, generation));
            if same {
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        }
    }

    /// Arms (or moves, or disarms) the timer of `m`'s next deadline.
    fn arm(&self, m: &Match) {
        let mut armed = self.armed.lock().unwrap_or_else(|p| p.into_inner());
        let Some(at) = m.next_deadline() else {
            armed.remove(m.id());
            return;
        };
        match armed.get_mut(m.id()) {
            // The running task wakes at the earlier time and sleeps on until this one.
            Some(entry) if at >= entry.0 => entry.0 = at,
            _ => {
                let generation = self.timer_generation.fetch_add(1, Ordering::Relaxed);
                armed.insert(m.id().to_string(), (at, generation));
                let _ = self.timer_tx.send((m.id().to_string(), generation));
            }
        }
    }

    /// Records what time has brought to game `id` (a timeout, the end of scoring) and answers
    /// its state. With several servers on one store, the store's sequence check lets exactly
    /// one record it.
    pub async fn settle(&self, id: &str) -> Result<Arc<str>, Failure> {
        self.change(id, |_| Ok(Color::Black), |_, _| Ok(Vec::new()))
            .await
    }

    /// At start-up: settles every game not finished (a clock that ran out while the server was
    /// down ends its game now) and arms the timers of the others; answers their ids.
    pub async fn sweep_unfinished(&self) -> Vec<String> {
        let mut unfinished = Vec::new();
        let summaries = match self.store.recent(1_000_000).await {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!(error = %e, "start-up sweep: store failed");
                return unfinished;
            }
        };
        for text in summaries {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) else {
                continue;
            };
            if v["phase"] == "finished" {
                continue;
            }
            if let Some(id) = v["id"].as_str() {
                if let Err(e) = self.settle(id).await {
                    tracing::warn!(game = %id, error = ?e, "start-up sweep");
                }
                unfinished.push(id.to_string());
            }
        }
        unfinished
    }

    /// Whether the client at `ip` may create a game now (and counts the creation).
    pub fn allow_create(&self, ip: IpAddr) -> Result<(), Limited> {
        self.limiter.as_ref().map_or(Ok(()), |l| l.allow(ip))
    }

    /// Options of the automatic guess.
    pub fn guess(&self) -> GuessOptions {
        GuessOptions {
            playouts: self.config.guess_playouts,
            seed: 1,
            to_move: None,
        }
    }

    fn tick(&self) -> u64 {
        self.epoch.elapsed().as_secs()
    }

    fn slot(&self, id: &str) -> Arc<Slot> {
        let mut map = self.games.lock().unwrap_or_else(|p| p.into_inner());
        let slot = map
            .entry(id.to_string())
            .or_insert_with(|| {
                Arc::new(Slot {
                    inner: Arc::new(tokio::sync::Mutex::new(None)),
                    tx: watch::channel(Arc::from("")).0,
                    last_used: AtomicU64::new(0),
                })
            })
            .clone();
        slot.last_used.store(self.tick(), Ordering::Relaxed);
        slot
    }

    fn forget(&self, id: &str, slot: &Arc<Slot>) {
        let mut map = self.games.lock().unwrap_or_else(|p| p.into_inner());
        if map.get(id).is_some_and(|s| Arc::ptr_eq(s, slot)) {
            map.remove(id);
        }
    }

    /// Puts a freshly created game in the cache.
    pub fn insert(&self, m: Match, black: [u8; 32], white: [u8; 32]) -> Arc<str> {
        let state: Arc<str> = Arc::from(m.state_json(now_ms()));
        self.arm(&m);
        let slot = self.slot(m.id());
        if let Ok(mut g) = slot.inner.try_lock() {
            slot.tx.send_replace(state.clone());
            *g = Some(Loaded {
                m,
                black,
                white,
                state: state.clone(),
            });
        }
        state
    }

    async fn build(&self, id: &str) -> Result<Option<Loaded>, Failure> {
        let Some(stored) = self.store.load(id).await? else {
            return Ok(None);
        };
        let meta: Meta = serde_json::from_str(&stored.meta)
            .map_err(|e| Failure::Unavailable(format!("game {id}: bad record: {e}")))?;
        let m = Match::replay(id, meta, &stored.events)
            .map_err(|e| Failure::Unavailable(format!("game {id}: bad log: {e}")))?;
        let hash = |v: &[u8]| -> Result<[u8; 32], Failure> {
            v.try_into()
                .map_err(|_| Failure::Unavailable(format!("game {id}: bad token hash")))
        };
        let state: Arc<str> = Arc::from(m.state_json(now_ms()));
        self.arm(&m);
        Ok(Some(Loaded {
            black: hash(&stored.black_token)?,
            white: hash(&stored.white_token)?,
            m,
            state,
        }))
    }

    /// The slot of game `id`, loaded, with its lock held; `NotFound` when there is no such game.
    pub async fn open(
        &self,
        id: &str,
    ) -> Result<(Arc<Slot>, tokio::sync::OwnedMutexGuard<Option<Loaded>>), Failure> {
        if !crate::valid_id(id) {
            return Err(Failure::NotFound);
        }
        let slot = self.slot(id);
        let mut guard = slot.inner.clone().lock_owned().await;
        if guard.is_none() {
            match self.build(id).await {
                Ok(Some(l)) => {
                    slot.tx.send_replace(l.state.clone());
                    *guard = Some(l);
                }
                Ok(None) => {
                    drop(guard);
                    self.forget(id, &slot);
                    return Err(Failure::NotFound);
                }
                Err(e) => return Err(e),
            }
        }
        Ok((slot, guard))
    }

    /// The current state text of game `id` (what time has brought recorded first).
    pub async fn state(&self, id: &str) -> Result<Arc<str>, Failure> {
        self.settle(id).await
    }

    /// The SGF of game `id`.
    pub async fn sgf(&self, id: &str) -> Result<String, Failure> {
        let (_, guard) = self.open(id).await?;
        Ok(guard.as_ref().map(|l| l.m.sgf()).unwrap_or_default())
    }

    /// Runs a request on game `id`: `auth` picks the player from the cached game (its failure
    /// answers first), `decide` judges the request against the state. The events decided are
    /// appended with a check of the sequence number; on a conflict the game is rebuilt and the
    /// request judged again.
    pub async fn change<A, E, D>(&self, id: &str, auth: A, decide: D) -> Result<Arc<str>, E>
    where
        A: Fn(&Loaded) -> Result<Color, E>,
        D: Fn(&Match, Color) -> Result<Vec<Event>, E>,
        E: From<Failure>,
    {
        for _ in 0..MAX_TRIES {
            let (slot, mut guard) = self.open(id).await.map_err(E::from)?;
            let loaded = guard.as_mut().expect("open loads the game");
            let color = auth(loaded)?;
            let expected = loaded.m.seq();
            let now = now_ms();
            // What time brought comes first (a move after the flag fell is judged on a
            // finished game), stamped with the moment it happened.
            let mut stamped = loaded.m.due(now);
            let mut refusal = None;
            let mut broken = None;
            for e in &stamped {
                if let Err(err) = loaded.m.apply(e) {
                    broken = Some(err);
                }
            }
            if broken.is_none() {
                match decide(&loaded.m, color) {
                    Ok(events) => {
                        for ev in events {
                            let s = Stamped { ev, at: now };
                            if let Err(err) = loaded.m.apply(&s) {
                                broken = Some(err);
                                break;
                            }
                            stamped.push(s);
                        }
                    }
                    Err(e) => refusal = Some(e),
                }
            }
            if let Some(err) = broken {
                // A decided event that does not apply is a bug; nothing was stored.
                *guard = None;
                return Err(E::from(Failure::Unavailable(format!("internal: {err}"))));
            }
            if stamped.is_empty() {
                return match refusal {
                    Some(e) => Err(e),
                    None => Ok(loaded.state.clone()),
                };
            }
            let texts: Vec<String> = stamped.iter().map(Stamped::to_text).collect();
            let summary = loaded.m.summary_json();
            match self
                .store
                .append(id, expected, texts, summary, now_ms())
                .await
            {
                Ok(Append::Done { .. }) => {
                    let state: Arc<str> = Arc::from(loaded.m.state_json(now));
                    loaded.state = state.clone();
                    slot.tx.send_replace(state.clone());
                    self.arm(&loaded.m);
                    return match refusal {
                        Some(e) => Err(e),
                        None => Ok(state),
                    };
                }
                Ok(Append::Conflict { current }) => {
                    tracing::debug!(game = id, expected, current, "append conflict; rebuilding");
                    *guard = None;
                }
                Ok(Append::NotFound) => {
                    *guard = None;
                    return Err(E::from(Failure::NotFound));
                }
                Err(e) => {
                    tracing::warn!(game = id, error = %e, "append failed");
                    *guard = None;
                    return Err(E::from(Failure::from(e)));
                }
            }
        }
        Err(E::from(Failure::Unavailable(
            "too many concurrent changes; try again".into(),
        )))
    }

    /// Brings a cached game up to `seq` after a notice from another instance (or every cached
    /// game when `id` is empty).
    pub async fn refresh(&self, id: &str, seq: u64) {
        let slots: Vec<(String, Arc<Slot>)> = {
            let map = self.games.lock().unwrap_or_else(|p| p.into_inner());
            if id.is_empty() {
                map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
            } else {
                map.get(id)
                    .map(|s| (id.to_string(), s.clone()))
                    .into_iter()
                    .collect()
            }
        };
        for (id, slot) in slots {
            let mut guard = slot.inner.lock().await;
            let Some(loaded) = guard.as_mut() else {
                continue;
            };
            if seq != 0 && loaded.m.seq() >= seq {
                continue;
            }
            // How many events were new, or `None` when the log could not be read or applied.
            let applied = match self.store.events_since(&id, loaded.m.seq()).await {
                Ok(texts) => texts
                    .iter()
                    .all(|t| {
                        Stamped::from_text(t)
                            .and_then(|e| loaded.m.apply(&e))
                            .is_ok()
                    })
                    .then_some(texts.len()),
                Err(_) => None,
            };
            if applied == Some(0) {
                // Nothing new (a catch-up after the store's notices reconnect, or a notice this
                // instance already applied): the watchers have this state; a message now would
                // repeat it.
                continue;
            }
            if applied.is_some() {
                self.arm(&loaded.m);
                let state: Arc<str> = Arc::from(loaded.m.state_json(now_ms()));
                loaded.state = state.clone();
                slot.tx.send_replace(state);
            } else {
                *guard = None;
                drop(guard);
                // Rebuild now, so that the game's watchers get the state.
                if let Ok((slot, guard)) = self.open(&id).await {
                    if let Some(l) = guard.as_ref() {
                        slot.tx.send_replace(l.state.clone());
                    }
                }
            }
        }
    }

    /// Drops games nobody used for a while and nobody watches; forgets old rate buckets.
    pub fn sweep(&self) {
        let now = self.tick();
        let idle = self.config.idle_secs;
        let mut map = self.games.lock().unwrap_or_else(|p| p.into_inner());
        map.retain(|_, s| {
            let used = s.last_used.load(Ordering::Relaxed);
            now.saturating_sub(used) < idle
                || s.tx.receiver_count() > 0
                || s.inner.try_lock().is_err()
        });
        drop(map);
        if let Some(l) = &self.limiter {
            l.sweep();
        }
    }

    /// The number of cached games.
    pub fn cached(&self) -> usize {
        self.games.lock().map(|m| m.len()).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A store's catch-up notice (every cached game, sequence 0, as the Redis store sends each
    /// time its subscription is made) brings nothing new to a game this instance holds, so its
    /// watchers get no message: before, they got the same state twice.
    #[tokio::test]
    async fn a_refresh_that_brings_nothing_new_sends_no_state() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite:{}", dir.path().join("games.db").display());
        let store = tengen_store::open(&url).await.unwrap();
        let (_stop, stop_rx) = watch::channel(false);
        let app = App::new(store.clone(), Config::default(), stop_rx);
        let meta = Meta::for_tests(9, "chinese");
        let m = Match::new("refresh1", meta.clone()).unwrap();
        store
            .create(tengen_store::NewGame {
                id: "refresh1".into(),
                created_ms: 0,
                meta: serde_json::to_string(&meta).unwrap(),
                black_token: vec![0; 32],
                white_token: vec![1; 32],
                summary: m.summary_json(),
            })
            .await
            .unwrap();
        app.insert(m, [0; 32], [1; 32]);
        let (slot, guard) = app.open("refresh1").await.unwrap();
        drop(guard);
        let mut rx = slot.tx.subscribe();
        rx.borrow_and_update();
        app.refresh("", 0).await;
        app.refresh("refresh1", 0).await;
        assert!(!rx.has_changed().unwrap(), "a state was sent again");
    }
}
