//! `tengen-loadgen`: plays many games at once on loopback against a tengen server and reports
//! acknowledged moves per second, latency percentiles, WebSocket fan-out to spectators, and the
//! server's resident memory per open game (from `/proc/PID/status`).
//!
//! Either point it at a running server (`--url http://127.0.0.1:8080 --pid 1234`, started with
//! `--create-rate off --create-rate-global off`), or let it start one (`--server PATH --store
//! sqlite:/tmp/x.db`; by default the `tengen-server` next to this binary with a fresh SQLite
//! file).
//!
//! Only loopback addresses are accepted, every loop is bounded in count and time, and the
//! program stops by itself.
#![forbid(unsafe_code)]

use clap::Parser;
use futures_util::StreamExt;
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Debug, Parser)]
#[command(
    name = "tengen-loadgen",
    about = "Load generator for the tengen server (loopback only)"
)]
struct Args {
    /// A running server (loopback only); without it one is started.
    #[arg(long)]
    url: Option<String>,
    /// The running server's process id, for its memory.
    #[arg(long)]
    pid: Option<u32>,
    /// Server binary to start (default: `tengen-server` next to this program).
    #[arg(long)]
    server: Option<PathBuf>,
    /// Store of the started server (default: a fresh SQLite file in a temporary folder).
    #[arg(long)]
    store: Option<String>,
    /// Games played at once in the throughput phase.
    #[arg(long, default_value_t = 128)]
    concurrency: usize,
    /// Length of the throughput phase, seconds.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Moves per game before a game is replaced by a new one.
    #[arg(long, default_value_t = 120)]
    moves_per_game: usize,
    /// Spectators on one game in the fan-out phase (0 skips it).
    #[arg(long, default_value_t = 1000)]
    spectators: usize,
    /// Games opened in the memory phase (0 skips it).
    #[arg(long, default_value_t = 2000)]
    memory_games: usize,
    /// Moves played in each game of the memory phase.
    #[arg(long, default_value_t = 60)]
    memory_moves: usize,
    /// The time control of every game, as the API's `time` object (such as
    /// `{"system":"byoyomi","main":3600,"periods":5,"period":30}`); none by default.
    #[arg(long)]
    time: Option<String>,
}

const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// A fixed pseudo-random order of the 361 points (a 19x19 game), different per game.
fn order(seed: u64) -> Vec<String> {
    let mut v: Vec<String> = (0..361)
        .map(|k| format!("{}{}", COLUMNS[k % 19] as char, k / 19 + 1))
        .collect();
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for i in (1..v.len()).rev() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        v.swap(i, (s % (i as u64 + 1)) as usize);
    }
    v
}

struct Game {
    id: String,
    tokens: [String; 2],
}

struct Client {
    base: String,
    http: reqwest::Client,
    /// The creation body.
    create_body: String,
}

impl Client {
    async fn create(&self) -> Result<Game, String> {
        let res = self
            .http
            .post(format!("{}/api/games", self.base))
            .body(self.create_body.clone())
            .send()
            .await
            .map_err(|e| e.to_string())?;
        let status = res.status();
        let v: Value = res.json().await.map_err(|e| e.to_string())?;
        if status != 201 {
            return Err(format!("create: {status} {v}"));
        }
        let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
        Ok(Game {
            id: s("id"),
            tokens: [s("black_token"), s("white_token")],
        })
    }

    /// One move; Ok(true) when acknowledged, Ok(false) when the rules refused it.
    async fn play(&self, g: &Game, n: usize, v: &str) -> Result<bool, String> {
        let res = self
            .http
            .post(format!("{}/api/games/{}/moves", self.base, g.id))
            .header("Authorization", format!("Bearer {}", g.tokens[n % 2]))
            .body(format!(r#"{{"move":"{v}","move_number":{n}}}"#))
            .send()
            .await
            .map_err(|e| e.to_string())?;
        let status = res.status().as_u16();
        let _ = res.bytes().await.map_err(|e| e.to_string())?;
        match status {
            200 => Ok(true),
            422 => Ok(false),
            s => Err(format!("move: status {s}")),
        }
    }

    /// Plays up to `moves` moves in `g`, calling `ack` with each acknowledged move's latency.
    async fn play_game(
        &self,
        g: &Game,
        seed: u64,
        moves: usize,
        stop: &AtomicBool,
        mut ack: impl FnMut(Duration),
    ) -> Result<usize, String> {
        let mut n = 0;
        for v in order(seed) {
            if n >= moves || stop.load(Ordering::Relaxed) {
                break;
            }
            let t = Instant::now();
            if self.play(g, n, &v).await? {
                ack(t.elapsed());
                n += 1;
            }
        }
        Ok(n)
    }
}

fn rss_kb(pid: u32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    text.lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let k = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[k] as f64 / 1000.0
}

fn start_server(bin: &PathBuf, store: &str) -> Result<(Child, String), String> {
    let mut child = Command::new(bin)
        .args([
            "--addr",
            "127.0.0.1:0",
            "--store",
            store,
            "--create-rate",
            "off",
            "--create-rate-global",
            "off",
        ])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
    let out = child.stdout.take().ok_or("no stdout")?;
    let mut line = String::new();
    BufReader::new(out)
        .read_line(&mut line)
        .map_err(|e| e.to_string())?;
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .ok_or_else(|| format!("unexpected first line {line:?}"))?
        .to_string();
    Ok((child, url))
}

fn loopback(url: &str) -> bool {
    let rest = url.strip_prefix("http://").unwrap_or("");
    rest.starts_with("127.") || rest.starts_with("localhost") || rest.starts_with("[::1]")
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args = Args::parse();
    let mut tmp: Option<PathBuf> = None;
    let mut child = None;
    let (base, pid) = match &args.url {
        Some(u) => {
            if !loopback(u) {
                return Err("only loopback servers (127.0.0.0/8, localhost, [::1])".into());
            }
            (u.trim_end_matches('/').to_string(), args.pid)
        }
        None => {
            let bin = match &args.server {
                Some(p) => p.clone(),
                None => std::env::current_exe()
                    .map_err(|e| e.to_string())?
                    .with_file_name("tengen-server"),
            };
            let store = match &args.store {
                Some(s) => s.clone(),
                None => {
                    let dir =
                        std::env::temp_dir().join(format!("tengen-loadgen-{}", std::process::id()));
                    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
                    let s = format!("sqlite:{}", dir.join("tengen.db").display());
                    tmp = Some(dir);
                    s
                }
            };
            let (c, url) = start_server(&bin, &store)?;
            let pid = c.id();
            child = Some(c);
            println!("started {} on {url} with store {store}", bin.display());
            (url, Some(pid))
        }
    };
    let mut body = serde_json::json!({"width": 19, "height": 19});
    if let Some(t) = &args.time {
        body["time"] = serde_json::from_str(t).map_err(|e| format!("--time: {e}"))?;
    }
    let client = Arc::new(Client {
        create_body: body.to_string(),
        base: base.clone(),
        http: reqwest::Client::builder()
            .pool_max_idle_per_host(args.concurrency * 2)
            .build()
            .map_err(|e| e.to_string())?,
    });
    let result = run(&args, client, pid).await;
    if let Some(mut c) = child {
        let _ = Command::new("kill")
            .args(["-TERM", &c.id().to_string()])
            .status();
        let _ = c.wait();
    }
    if let Some(dir) = &tmp {
        let _ = std::fs::remove_dir_all(dir);
    }
    result
}

async fn run(args: &Args, client: Arc<Client>, pid: Option<u32>) -> Result<(), String> {
    // Throughput: `concurrency` games at once, each replaced by a new game when done.
    let stop = Arc::new(AtomicBool::new(false));
    let errors = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    let t0 = Instant::now();
    for w in 0..args.concurrency {
        let client = client.clone();
        let stop = stop.clone();
        let errors = errors.clone();
        let moves = args.moves_per_game;
        tasks.push(tokio::spawn(async move {
            let mut lat = Vec::with_capacity(4096);
            let mut seed = w as u64 * 7919;
            while !stop.load(Ordering::Relaxed) {
                let g = match client.create().await {
                    Ok(g) => g,
                    Err(e) => {
                        errors.fetch_add(1, Ordering::Relaxed);
                        eprintln!("{e}");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                seed += 1;
                let r = client
                    .play_game(&g, seed, moves, &stop, |d| lat.push(d.as_micros() as u64))
                    .await;
                if let Err(e) = r {
                    errors.fetch_add(1, Ordering::Relaxed);
                    eprintln!("{e}");
                }
            }
            lat
        }));
    }
    tokio::time::sleep(Duration::from_secs(args.seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut lat = Vec::new();
    for t in tasks {
        lat.extend(t.await.map_err(|e| e.to_string())?);
    }
    let secs = t0.elapsed().as_secs_f64();
    lat.sort_unstable();
    println!(
        "throughput: {} acknowledged moves in {:.1} s = {:.0} moves/s over {} concurrent games; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} errors",
        lat.len(),
        secs,
        lat.len() as f64 / secs,
        args.concurrency,
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0),
        errors.load(Ordering::Relaxed)
    );

    if args.spectators > 0 {
        spectators(args, &client).await?;
    }

    if args.memory_games > 0 {
        let Some(pid) = pid else {
            println!("memory: skipped (no --pid)");
            return Ok(());
        };
        let before = rss_kb(pid).ok_or("cannot read the server's /proc status")?;
        let stop = AtomicBool::new(false);
        let mut opened = 0;
        // Open games in waves of 64 at a time.
        let mut k = 0;
        while k < args.memory_games {
            let wave = (args.memory_games - k).min(64);
            let mut set = Vec::new();
            for i in 0..wave {
                let client = client.clone();
                let moves = args.memory_moves;
                let seed = 1_000_000 + (k + i) as u64;
                set.push(tokio::spawn(async move {
                    let stop = AtomicBool::new(false);
                    let g = client.create().await?;
                    client.play_game(&g, seed, moves, &stop, |_| {}).await
                }));
            }
            for t in set {
                if let Ok(Ok(_)) = t.await {
                    opened += 1;
                }
            }
            k += wave;
        }
        let _ = &stop;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let after = rss_kb(pid).ok_or("cannot read the server's /proc status")?;
        let per = (after.saturating_sub(before)) as f64 / opened.max(1) as f64;
        println!(
            "memory: server RSS {before} kB -> {after} kB after opening {opened} more games of {} moves: {per:.1} kB per game",
            args.memory_moves
        );
    }
    Ok(())
}

/// `spectators` WebSockets on one game; 20 moves; how long until every spectator saw each.
async fn spectators(args: &Args, client: &Arc<Client>) -> Result<(), String> {
    let g = client.create().await?;
    let ws_url = format!(
        "{}/api/games/{}/ws",
        client.base.replace("http://", "ws://"),
        g.id
    );
    let moves = 20usize;
    let seen = Arc::new(AtomicU64::new(0));
    let arrivals: Arc<std::sync::Mutex<Vec<(usize, Instant)>>> = Arc::default();
    let mut conns = Vec::new();
    for _ in 0..args.spectators {
        let (ws, _) = tokio_tungstenite::connect_async(&ws_url)
            .await
            .map_err(|e| format!("ws: {e}"))?;
        conns.push(ws);
    }
    let mut readers = Vec::new();
    for mut ws in conns {
        let seen = seen.clone();
        let arrivals = arrivals.clone();
        readers.push(tokio::spawn(async move {
            let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
            while let Ok(Some(Ok(msg))) = tokio::time::timeout_at(deadline, ws.next()).await {
                if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
                    let v: Value = serde_json::from_str(t.as_str()).unwrap_or(Value::Null);
                    let n = v["move_number"].as_u64().unwrap_or(0) as usize;
                    if n > 0 {
                        arrivals
                            .lock()
                            .map(|mut a| a.push((n, Instant::now())))
                            .ok();
                    }
                    if n >= moves {
                        seen.fetch_add(1, Ordering::Relaxed);
                        break;
                    }
                }
            }
        }));
    }
    let mut sent = Vec::new();
    let mut n = 0;
    for v in order(42) {
        if n >= moves {
            break;
        }
        let t = Instant::now();
        if client.play(&g, n, &v).await? {
            sent.push(t);
            n += 1;
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    for r in readers {
        let _ = r.await;
    }
    let arrivals = arrivals.lock().map_err(|_| "poisoned")?.clone();
    let mut delays: Vec<u64> = arrivals
        .iter()
        .filter(|(n, _)| *n >= 1 && *n <= sent.len())
        .map(|(n, at)| at.saturating_duration_since(sent[n - 1]).as_micros() as u64)
        .collect();
    delays.sort_unstable();
    println!(
        "spectators: {} WebSockets on one game, {} moves: {} of {} saw the last move; {} states delivered; delay from request to delivery p50 {:.2} ms, p99 {:.2} ms",
        args.spectators,
        moves,
        seen.load(Ordering::Relaxed),
        args.spectators,
        delays.len(),
        percentile(&delays, 0.5),
        percentile(&delays, 0.99)
    );
    Ok(())
}
