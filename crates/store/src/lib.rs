//! # tengen-store: where the server keeps its games
//!
//! Every game is an **event log**: the moves, undo requests, dead-stone marks and acceptances
//! in the order they happened, each an opaque JSON text that the server writes and replays. The
//! log is the truth; the server rebuilds a game's state from it and keeps that state cached.
//! Beside the log a game has its creation record (size, rules, names: `meta`), the hashes of
//! its two player tokens, and a small `summary` for the list of recent games.
//!
//! Appending is optimistic: [`GameStore::append`] names the sequence number the writer saw
//! (the number of events in the log), and the store checks it **inside** its transaction (SQLite)
//! or its Lua script (Redis). Of several racing writers exactly one succeeds; the others get
//! [`Append::Conflict`] and nothing of theirs is written.
//!
//! Two implementations, chosen by URL with [`open`]:
//! - `sqlite:PATH`: embedded, WAL with `synchronous=FULL`, one writer thread that groups the
//!   commits of concurrent appends into one transaction; an append is answered only after its
//!   commit is on disk.
//! - `redis://host:port/db`: shared by several server instances; appends run as a Lua script;
//!   every append is published so the other instances learn of it ([`GameStore::notices`]).
//!
//! ```no_run
//! # async fn demo() -> Result<(), tengen_store::StoreError> {
//! use tengen_store::{open, Append, NewGame};
//! let store = open("sqlite:tengen.db").await?;
//! store.create(NewGame {
//!     id: "g1".into(),
//!     created_ms: 0,
//!     meta: r#"{"width":9}"#.into(),
//!     black_token: vec![1; 32],
//!     white_token: vec![2; 32],
//!     summary: "{}".into(),
//! }).await?;
//! let r = store.append("g1", 0, vec![r#"{"t":"move"}"#.into()], "{}".into(), 1).await?;
//! assert_eq!(r, Append::Done { seq: 1 });
//! # Ok(()) }
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use async_trait::async_trait;
use std::fmt;
use std::sync::Arc;
use tokio::sync::broadcast;

mod redis_store;
mod sqlite;

pub use redis_store::RedisStore;
pub use sqlite::SqliteStore;

/// A game to create.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGame {
    /// The game's id (unique; the server makes it random).
    pub id: String,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// The creation record (JSON text, opaque to the store).
    pub meta: String,
    /// The hash of black's token (never the token itself).
    pub black_token: Vec<u8>,
    /// The hash of white's token.
    pub white_token: Vec<u8>,
    /// The first summary for the list of recent games (JSON text).
    pub summary: String,
}

/// A game as stored: its creation record and its whole event log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    /// The game's id.
    pub id: String,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// The creation record.
    pub meta: String,
    /// The hash of black's token.
    pub black_token: Vec<u8>,
    /// The hash of white's token.
    pub white_token: Vec<u8>,
    /// The events in order; the game's sequence number is their count.
    pub events: Vec<String>,
}

/// The answer to [`GameStore::append`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Append {
    /// Written (and on disk, for SQLite); `seq` is the new sequence number.
    Done {
        /// The number of events in the log now.
        seq: u64,
    },
    /// The log had another sequence number than the one expected: nothing was written.
    Conflict {
        /// The sequence number the log has.
        current: u64,
    },
    /// No such game.
    NotFound,
}

/// Word that a game changed, possibly through another server instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// The game that changed.
    pub game_id: String,
    /// Its sequence number after the change.
    pub seq: u64,
}

/// The store failed (I/O, connection, corrupt data). Nothing was changed by the failed call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "store: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError(format!("sqlite: {e}"))
    }
}

impl From<redis::RedisError> for StoreError {
    fn from(e: redis::RedisError) -> StoreError {
        StoreError(format!("redis: {e}"))
    }
}

/// Storage of games as event logs. See the crate docs.
#[async_trait]
pub trait GameStore: Send + Sync + 'static {
    /// Creates a game with an empty log. An existing id is an error.
    async fn create(&self, game: NewGame) -> Result<(), StoreError>;

    /// The game with its whole log, or `None`.
    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;

    /// The events from sequence number `from` on (the events `from + 1`, `from + 2`, …).
    async fn events_since(&self, id: &str, from: u64) -> Result<Vec<String>, StoreError>;

    /// Appends `events` if the log has exactly `expected` events now, and replaces the game's
    /// summary; `updated_ms` orders the list of recent games. Atomic: all or nothing.
    async fn append(
        &self,
        id: &str,
        expected: u64,
        events: Vec<String>,
        summary: String,
        updated_ms: i64,
    ) -> Result<Append, StoreError>;

    /// The summaries of the `limit` games changed most recently, newest first.
    async fn recent(&self, limit: usize) -> Result<Vec<String>, StoreError>;

    /// Notices of appends made by any instance sharing this store (Redis), or `None` when
    /// this process is the only writer (SQLite).
    fn notices(&self) -> Option<broadcast::Receiver<Notice>>;

    /// Whether the store answers (for `/healthz`).
    async fn ping(&self) -> Result<(), StoreError>;

    /// Finishes pending writes and stops background tasks.
    async fn close(&self);

    /// `sqlite` or `redis`.
    fn kind(&self) -> &'static str;
}

/// Opens a store by URL: `sqlite:PATH` (also `sqlite://PATH`) or `redis://host:port/db`.
pub async fn open(url: &str) -> Result<Arc<dyn GameStore>, StoreError> {
    if url.starts_with("redis://") || url.starts_with("rediss://") || url.starts_with("redis+unix:")
    {
        Ok(Arc::new(RedisStore::open(url).await?))
    } else if let Some(path) = url.strip_prefix("sqlite:") {
        let path = path.strip_prefix("//").unwrap_or(path);
        if path.is_empty() {
            return Err(StoreError("sqlite: empty path".into()));
        }
        Ok(Arc::new(SqliteStore::open(path)?))
    } else {
        Err(StoreError(format!(
            "unknown store {url:?}: expected sqlite:PATH or redis://host:port/db"
        )))
    }
}
