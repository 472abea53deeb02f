//! The embedded store: SQLite in WAL mode with `synchronous=FULL`.
//!
//! One writer thread owns the writing connection. It takes every write request waiting in its
//! queue, runs them in one transaction (each under a savepoint, so one failure spoils only its
//! own request), commits, and only then answers: concurrent appends share one fsync, and an
//! acknowledged append survives `kill -9`. Reads use a small pool of other connections, which
//! WAL lets run beside the writer.

use crate::{Append, GameStore, NewGame, Notice, StoreError, StoredGame};
use async_trait::async_trait;
use rusqlite::{params, Connection, OptionalExtension};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use tokio::sync::{broadcast, mpsc, oneshot};

/// Most write requests grouped into one transaction.
const MAX_BATCH: usize = 512;
/// Read connections.
const READERS: usize = 4;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    meta TEXT NOT NULL,
    black_token BLOB NOT NULL,
    white_token BLOB NOT NULL,
    seq INTEGER NOT NULL DEFAULT 0,
    summary TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_updated ON games (updated_ms DESC);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
";

enum Write {
    Create(NewGame, oneshot::Sender<Result<(), StoreError>>),
    Append {
        id: String,
        expected: u64,
        events: Vec<String>,
        summary: String,
        updated_ms: i64,
        reply: oneshot::Sender<Result<Append, StoreError>>,
    },
}

/// The SQLite store. See the module docs.
pub struct SqliteStore {
    path: PathBuf,
    writes: Mutex<Option<mpsc::UnboundedSender<Write>>>,
    writer: Mutex<Option<JoinHandle<()>>>,
    readers: Arc<Mutex<Vec<Connection>>>,
}

fn connect(path: &Path) -> Result<Connection, StoreError> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    // WAL is a property of the file; FULL makes every commit durable (fsync of the WAL).
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    // For tests of a full disk: `TENGEN_SQLITE_MAX_PAGES=N` caps the database at N pages
    // (`PRAGMA max_page_count`; never below its current size), so that writes fail with
    // SQLITE_FULL as on a full disk. Unset in normal use.
    if let Some(n) = std::env::var("TENGEN_SQLITE_MAX_PAGES")
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
    {
        conn.pragma_update(None, "max_page_count", n)?;
    }
    Ok(conn)
}

impl SqliteStore {
    /// Opens (creating when missing) the database file at `path`.
    pub fn open(path: impl AsRef<Path>) -> Result<SqliteStore, StoreError> {
        let path = path.as_ref().to_path_buf();
        let conn = connect(&path)?;
        conn.execute_batch(SCHEMA)?;
        let mut readers = Vec::with_capacity(READERS);
        for _ in 0..READERS {
            readers.push(connect(&path)?);
        }
        let (tx, rx) = mpsc::unbounded_channel();
        let writer = std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || writer_loop(conn, rx))
            .map_err(|e| StoreError(format!("cannot start the writer thread: {e}")))?;
        Ok(SqliteStore {
            path,
            writes: Mutex::new(Some(tx)),
            writer: Mutex::new(Some(writer)),
            readers: Arc::new(Mutex::new(readers)),
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn send(&self, w: Write) -> Result<(), StoreError> {
        let guard = self.writes.lock().map_err(|_| closed())?;
        match guard.as_ref() {
            Some(tx) => tx.send(w).map_err(|_| closed()),
            None => Err(closed()),
        }
    }

    async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let readers = Arc::clone(&self.readers);
        let path = self.path.clone();
        tokio::task::spawn_blocking(move || {
            let conn = readers.lock().ok().and_then(|mut v| v.pop());
            let conn = match conn {
                Some(c) => c,
                None => connect(&path)?,
            };
            let out = f(&conn);
            if let Ok(mut v) = readers.lock() {
                if v.len() < READERS {
                    v.push(conn);
                }
            }
            out
        })
        .await
        .map_err(|e| StoreError(format!("reader task failed: {e}")))?
    }
}

fn closed() -> StoreError {
    StoreError("the store is closed".into())
}

fn writer_loop(mut conn: Connection, mut rx: mpsc::UnboundedReceiver<Write>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while let Some(first) = rx.blocking_recv() {
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(w) => batch.push(w),
                Err(_) => break,
            }
        }
        run_batch(&mut conn, &mut batch);
    }
}

enum Outcome {
    Created(Result<(), StoreError>),
    Appended(Result<Append, StoreError>),
}

fn run_batch(conn: &mut Connection, batch: &mut Vec<Write>) {
    let mut outcomes: Vec<Outcome> = Vec::with_capacity(batch.len());
    let committed = (|| -> Result<(), StoreError> {
        let mut tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        for w in batch.iter() {
            let sp = tx.savepoint()?;
            let outcome = match w {
                Write::Create(g, _) => {
                    let r = create_in(&sp, g);
                    Outcome::Created(r)
                }
                Write::Append {
                    id,
                    expected,
                    events,
                    summary,
                    updated_ms,
                    ..
                } => Outcome::Appended(append_in(&sp, id, *expected, events, summary, *updated_ms)),
            };
            let ok = match &outcome {
                Outcome::Created(r) => r.is_ok(),
                Outcome::Appended(r) => matches!(r, Ok(Append::Done { .. })),
            };
            if ok {
                sp.commit()?;
            } else {
                // Dropping an uncommitted savepoint rolls it back and releases it.
                drop(sp);
            }
            if tx.is_autocommit() {
                // SQLite rolled back the whole transaction (SQLITE_FULL, an I/O error): the
                // earlier requests of the batch are gone too, and a further SAVEPOINT would
                // start (and its RELEASE commit) a new transaction behind our back. Fail the
                // whole batch: nothing of it is written.
                return Err(match outcome {
                    Outcome::Created(Err(e)) | Outcome::Appended(Err(e)) => e,
                    _ => StoreError("sqlite: the transaction was rolled back".into()),
                });
            }
            outcomes.push(outcome);
        }
        tx.commit()?;
        Ok(())
    })();
    if let Err(e) = &committed {
        tracing::error!(error = %e, "sqlite batch failed");
    }
    for (w, outcome) in batch.drain(..).zip(
        outcomes
            .into_iter()
            .map(Some)
            .chain(std::iter::repeat_with(|| None)),
    ) {
        match w {
            Write::Create(_, reply) => {
                let r = match (&committed, outcome) {
                    (Ok(()), Some(Outcome::Created(r))) => r,
                    (Err(e), _) => Err(e.clone()),
                    _ => Err(StoreError("internal: lost outcome".into())),
                };
                let _ = reply.send(r);
            }
            Write::Append { reply, .. } => {
                let r = match (&committed, outcome) {
                    (Ok(()), Some(Outcome::Appended(r))) => r,
                    (Err(e), _) => Err(e.clone()),
                    _ => Err(StoreError("internal: lost outcome".into())),
                };
                let _ = reply.send(r);
            }
        }
    }
}

fn create_in(conn: &Connection, g: &NewGame) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO games (id, created_ms, updated_ms, meta, black_token, white_token, seq, summary)
         VALUES (?1, ?2, ?2, ?3, ?4, ?5, 0, ?6)",
        params![g.id, g.created_ms, g.meta, g.black_token, g.white_token, g.summary],
    )?;
    Ok(())
}

fn append_in(
    conn: &Connection,
    id: &str,
    expected: u64,
    events: &[String],
    summary: &str,
    updated_ms: i64,
) -> Result<Append, StoreError> {
    let new_seq = expected + events.len() as u64;
    // The check of the expected sequence number is part of the transaction: the compare-and-set.
    let changed = conn
        .prepare_cached(
            "UPDATE games SET seq = ?1, summary = ?2, updated_ms = ?3 WHERE id = ?4 AND seq = ?5",
        )?
        .execute(params![
            new_seq as i64,
            summary,
            updated_ms,
            id,
            expected as i64
        ])?;
    if changed == 0 {
        let current: Option<i64> = conn
            .prepare_cached("SELECT seq FROM games WHERE id = ?1")?
            .query_row(params![id], |r| r.get(0))
            .optional()?;
        return Ok(match current {
            Some(c) => Append::Conflict { current: c as u64 },
            None => Append::NotFound,
        });
    }
    let mut insert =
        conn.prepare_cached("INSERT INTO events (game_id, seq, data) VALUES (?1, ?2, ?3)")?;
    for (k, e) in events.iter().enumerate() {
        insert.execute(params![id, (expected + 1 + k as u64) as i64, e])?;
    }
    Ok(Append::Done { seq: new_seq })
}

fn events_from(conn: &Connection, id: &str, from: u64) -> Result<Vec<String>, StoreError> {
    let mut st = conn
        .prepare_cached("SELECT data FROM events WHERE game_id = ?1 AND seq > ?2 ORDER BY seq")?;
    let rows = st.query_map(params![id, from as i64], |r| r.get::<_, String>(0))?;
    Ok(rows.collect::<Result<Vec<_>, _>>()?)
}

#[async_trait]
impl GameStore for SqliteStore {
    async fn create(&self, game: NewGame) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.send(Write::Create(game, tx))?;
        rx.await.map_err(|_| closed())?
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let id = id.to_string();
        self.read(move |conn| {
            // One read transaction: the record and the log agree.
            conn.execute_batch("BEGIN")?;
            let out = (|| {
                let head = conn
                    .prepare_cached(
                        "SELECT created_ms, meta, black_token, white_token, seq FROM games WHERE id = ?1",
                    )?
                    .query_row(params![id], |r| {
                        Ok((
                            r.get::<_, i64>(0)?,
                            r.get::<_, String>(1)?,
                            r.get::<_, Vec<u8>>(2)?,
                            r.get::<_, Vec<u8>>(3)?,
                            r.get::<_, i64>(4)?,
                        ))
                    })
                    .optional()?;
                let Some((created_ms, meta, black_token, white_token, seq)) = head else {
                    return Ok(None);
                };
                let events = events_from(conn, &id, 0)?;
                if events.len() as i64 != seq {
                    return Err(StoreError(format!(
                        "game {id}: {} events for sequence number {seq}",
                        events.len()
                    )));
                }
                Ok(Some(StoredGame {
                    id: id.clone(),
                    created_ms,
                    meta,
                    black_token,
                    white_token,
                    events,
                }))
            })();
            let _ = conn.execute_batch("COMMIT");
            out
        })
        .await
    }

    async fn events_since(&self, id: &str, from: u64) -> Result<Vec<String>, StoreError> {
        let id = id.to_string();
        self.read(move |conn| events_from(conn, &id, from)).await
    }

    async fn append(
        &self,
        id: &str,
        expected: u64,
        events: Vec<String>,
        summary: String,
        updated_ms: i64,
    ) -> Result<Append, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.send(Write::Append {
            id: id.to_string(),
            expected,
            events,
            summary,
            updated_ms,
            reply: tx,
        })?;
        rx.await.map_err(|_| closed())?
    }

    async fn recent(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        self.read(move |conn| {
            let mut st =
                conn.prepare_cached("SELECT summary FROM games ORDER BY updated_ms DESC LIMIT ?1")?;
            let rows = st.query_map(params![limit as i64], |r| r.get::<_, String>(0))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        None
    }

    async fn ping(&self) -> Result<(), StoreError> {
        self.read(|conn| {
            conn.query_row("SELECT 1", [], |_| Ok(()))?;
            Ok(())
        })
        .await
    }

    async fn close(&self) {
        // Dropping the sender ends the writer loop once the queue is empty.
        if let Ok(mut g) = self.writes.lock() {
            g.take();
        }
        let handle = self.writer.lock().ok().and_then(|mut g| g.take());
        if let Some(h) = handle {
            let _ = tokio::task::spawn_blocking(move || h.join()).await;
        }
    }

    fn kind(&self) -> &'static str {
        "sqlite"
    }
}
