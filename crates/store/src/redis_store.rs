//! The shared store: Redis, for several server instances.
//!
//! Keys (prefix `tengen:`): a hash per game (`g:{id}`: `created_ms`, `meta`, `bt`, `wt`, `seq`,
//! `summary`), a list per game for the log (`e:{id}`), and a sorted set `recent` of game ids by
//! last change. Appending is one Lua script, so the check of the sequence number and the write
//! are one atomic step whatever the number of instances; the script also publishes the change
//! on the channel `tengen:notices` (`"{id} {seq}"`), which every instance listens to.
//! Durability is the Redis server's: run it with `appendonly yes` (and `appendfsync always`
//! for an acknowledgement that waits for the disk).

use crate::{Append, GameStore, NewGame, Notice, StoreError, StoredGame};
use async_trait::async_trait;
use futures_util::StreamExt;
use redis::aio::MultiplexedConnection;
use redis::AsyncConnectionConfig;
use redis::{Client, Script};
use std::collections::HashMap;
use std::future::Future;
use std::sync::Mutex;
use std::time::Duration;
use tokio::sync::broadcast;
use tokio::task::JoinHandle;

const PREFIX: &str = "tengen:";
const CHANNEL: &str = "tengen:notices";

const CREATE: &str = r"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'created_ms', ARGV[1], 'meta', ARGV[2], 'bt', ARGV[3], 'wt', ARGV[4],
  'seq', 0, 'summary', ARGV[5])
redis.call('ZADD', KEYS[2], ARGV[1], ARGV[6])
return 1
";

// KEYS: game hash, event list, recent set.
// ARGV: expected seq, summary, updated_ms, id, channel, events...
const APPEND: &str = r"
local seq = redis.call('HGET', KEYS[1], 'seq')
if not seq then return {-1, 0} end
seq = tonumber(seq)
if seq ~= tonumber(ARGV[1]) then return {0, seq} end
for i = 6, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
local new = seq + (#ARGV - 5)
redis.call('HSET', KEYS[1], 'seq', new, 'summary', ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[4])
redis.call('PUBLISH', ARGV[5], ARGV[4] .. ' ' .. new)
return {1, new}
";

/// Longest wait for one store operation: a store that does not answer is a failed store.
const OP_TIMEOUT: Duration = Duration::from_secs(8);

async fn timed<T>(f: impl Future<Output = Result<T, StoreError>>) -> Result<T, StoreError> {
    match tokio::time::timeout(OP_TIMEOUT, f).await {
        Ok(r) => r,
        Err(_) => Err(StoreError("redis: no answer in time".into())),
    }
}

/// The Redis store. See the module docs.
pub struct RedisStore {
    client: Client,
    /// The shared connection; dropped after any failure and made anew on the next request.
    conn: tokio::sync::Mutex<Option<MultiplexedConnection>>,
    create: Script,
    append: Script,
    notices: broadcast::Sender<Notice>,
    listener: Mutex<Option<JoinHandle<()>>>,
}

fn game_key(id: &str) -> String {
    format!("{PREFIX}g:{id}")
}

fn events_key(id: &str) -> String {
    format!("{PREFIX}e:{id}")
}

fn recent_key() -> String {
    format!("{PREFIX}recent")
}

impl RedisStore {
    /// Connects to `url` (`redis://host:port/db`) and starts listening for notices.
    pub async fn open(url: &str) -> Result<RedisStore, StoreError> {
        let client = Client::open(url)?;
        let conn = timed(connect(&client)).await?;
        let mut c = conn.clone();
        let _: String = timed(async { Ok(redis::cmd("PING").query_async(&mut c).await?) }).await?;
        let (tx, _) = broadcast::channel(4096);
        let listener = tokio::spawn(listen(client.clone(), tx.clone()));
        Ok(RedisStore {
            client,
            conn: tokio::sync::Mutex::new(Some(conn)),
            create: Script::new(CREATE),
            append: Script::new(APPEND),
            notices: tx,
            listener: Mutex::new(Some(listener)),
        })
    }
}

async fn connect(client: &Client) -> Result<MultiplexedConnection, StoreError> {
    let config = AsyncConnectionConfig::new()
        .set_connection_timeout(Duration::from_secs(2))
        .set_response_timeout(Duration::from_secs(5));
    Ok(client
        .get_multiplexed_async_connection_with_config(&config)
        .await?)
}

/// Forwards the notices of the channel, reconnecting after failures. After every (re)subscribe
/// it sends a notice with an empty id: anything may have changed meanwhile.
async fn listen(client: Client, tx: broadcast::Sender<Notice>) {
    loop {
        match client.get_async_pubsub().await {
            Ok(mut pubsub) => {
                if let Err(e) = pubsub.subscribe(CHANNEL).await {
                    tracing::warn!(error = %e, "redis subscribe failed");
                } else {
                    let _ = tx.send(Notice {
                        game_id: String::new(),
                        seq: 0,
                    });
                    let mut stream = pubsub.on_message();
                    while let Some(msg) = stream.next().await {
                        let Ok(payload) = msg.get_payload::<String>() else {
                            continue;
                        };
                        if let Some((id, seq)) = payload.rsplit_once(' ') {
                            if let Ok(seq) = seq.parse() {
                                let _ = tx.send(Notice {
                                    game_id: id.to_string(),
                                    seq,
                                });
                            }
                        }
                    }
                    tracing::warn!("redis notice stream ended; reconnecting");
                }
            }
            Err(e) => tracing::warn!(error = %e, "redis pubsub connection failed"),
        }
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
}

fn text(map: &mut HashMap<String, Vec<u8>>, field: &str) -> Result<String, StoreError> {
    let v = map
        .remove(field)
        .ok_or_else(|| StoreError(format!("redis: game record lacks {field}")))?;
    String::from_utf8(v).map_err(|_| StoreError(format!("redis: {field} is not UTF-8")))
}

impl RedisStore {
    async fn conn(&self) -> Result<MultiplexedConnection, StoreError> {
        let mut guard = self.conn.lock().await;
        if let Some(c) = guard.as_ref() {
            return Ok(c.clone());
        }
        let c = connect(&self.client).await?;
        *guard = Some(c.clone());
        Ok(c)
    }

    /// Runs `f` with the time limit; after a failure the connection is made anew next time.
    async fn guarded<T>(
        &self,
        f: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        let r = timed(f).await;
        if r.is_err() {
            *self.conn.lock().await = None;
        }
        r
    }

    async fn create_now(&self, game: NewGame) -> Result<(), StoreError> {
        let mut conn = self.conn().await?;
        let created: i64 = self
            .create
            .key(game_key(&game.id))
            .key(recent_key())
            .arg(game.created_ms)
            .arg(&game.meta)
            .arg(&game.black_token)
            .arg(&game.white_token)
            .arg(&game.summary)
            .arg(&game.id)
            .invoke_async(&mut conn)
            .await?;
        if created == 1 {
            Ok(())
        } else {
            Err(StoreError(format!("game {} exists", game.id)))
        }
    }

    async fn load_now(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let mut conn = self.conn().await?;
        let (mut head, events): (HashMap<String, Vec<u8>>, Vec<String>) = redis::pipe()
            .atomic()
            .cmd("HGETALL")
            .arg(game_key(id))
            .cmd("LRANGE")
            .arg(events_key(id))
            .arg(0)
            .arg(-1)
            .query_async(&mut conn)
            .await?;
        if head.is_empty() {
            return Ok(None);
        }
        let seq: u64 = text(&mut head, "seq")?
            .parse()
            .map_err(|_| StoreError("redis: bad seq".into()))?;
        if seq != events.len() as u64 {
            return Err(StoreError(format!(
                "game {id}: {} events for sequence number {seq}",
                events.len()
            )));
        }
        Ok(Some(StoredGame {
            id: id.to_string(),
            created_ms: text(&mut head, "created_ms")?
                .parse()
                .map_err(|_| StoreError("redis: bad created_ms".into()))?,
            meta: text(&mut head, "meta")?,
            black_token: head.remove("bt").unwrap_or_default(),
            white_token: head.remove("wt").unwrap_or_default(),
            events,
        }))
    }

    async fn events_since_now(&self, id: &str, from: u64) -> Result<Vec<String>, StoreError> {
        let mut conn = self.conn().await?;
        let events: Vec<String> = redis::cmd("LRANGE")
            .arg(events_key(id))
            .arg(from as i64)
            .arg(-1)
            .query_async(&mut conn)
            .await?;
        Ok(events)
    }

    async fn append_now(
        &self,
        id: &str,
        expected: u64,
        events: Vec<String>,
        summary: String,
        updated_ms: i64,
    ) -> Result<Append, StoreError> {
        let mut conn = self.conn().await?;
        let mut inv = self.append.prepare_invoke();
        inv.key(game_key(id))
            .key(events_key(id))
            .key(recent_key())
            .arg(expected)
            .arg(summary)
            .arg(updated_ms)
            .arg(id)
            .arg(CHANNEL);
        for e in &events {
            inv.arg(e);
        }
        let (status, seq): (i64, u64) = inv.invoke_async(&mut conn).await?;
        Ok(match status {
            1 => Append::Done { seq },
            0 => Append::Conflict { current: seq },
            _ => Append::NotFound,
        })
    }

    async fn recent_now(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let mut conn = self.conn().await?;
        let ids: Vec<String> = redis::cmd("ZREVRANGE")
            .arg(recent_key())
            .arg(0)
            .arg(limit as i64 - 1)
            .query_async(&mut conn)
            .await?;
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut pipe = redis::pipe();
        for id in &ids {
            pipe.cmd("HGET").arg(game_key(id)).arg("summary");
        }
        let summaries: Vec<Option<String>> = pipe.query_async(&mut conn).await?;
        Ok(summaries.into_iter().flatten().collect())
    }

    async fn ping_now(&self) -> Result<(), StoreError> {
        let mut conn = self.conn().await?;
        let _: String = redis::cmd("PING").query_async(&mut conn).await?;
        Ok(())
    }
}

#[async_trait]
impl GameStore for RedisStore {
    async fn create(&self, game: NewGame) -> Result<(), StoreError> {
        self.guarded(self.create_now(game)).await
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.guarded(self.load_now(id)).await
    }

    async fn events_since(&self, id: &str, from: u64) -> Result<Vec<String>, StoreError> {
        self.guarded(self.events_since_now(id, from)).await
    }

    async fn append(
        &self,
        id: &str,
        expected: u64,
        events: Vec<String>,
        summary: String,
        updated_ms: i64,
    ) -> Result<Append, StoreError> {
        self.guarded(self.append_now(id, expected, events, summary, updated_ms))
            .await
    }

    async fn recent(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        self.guarded(self.recent_now(limit)).await
    }

    async fn ping(&self) -> Result<(), StoreError> {
        self.guarded(self.ping_now()).await
    }

    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        Some(self.notices.subscribe())
    }

    async fn close(&self) {
        if let Some(h) = self.listener.lock().ok().and_then(|mut g| g.take()) {
            h.abort();
        }
    }

    fn kind(&self) -> &'static str {
        "redis"
    }
}
