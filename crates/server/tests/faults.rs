//! Faults and abuse: a full disk, Redis killed mid-game, slow and vanishing clients, floods
//! (creations from one address, a 10 MB body, 10,000 WebSockets on one game).
//!
//! Every test talks only to 127.0.0.1 (one also from the source address 127.0.0.2), is bounded
//! in time, and they run one at a time: some measure how fast the server answers meanwhile.

mod common;

use common::{code, run, serial, Api, Created, Redis, Server};
use futures_util::StreamExt;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// The move at `move_number` on a 19x19 board, never a capture nor a refusal: black fills
/// rows 1-9 from the bottom, white rows 19-11 from the top (171 moves each).
fn safe_vertex(move_number: u64) -> String {
    let k = (move_number / 2) as usize;
    let row = if move_number.is_multiple_of(2) {
        k / 19 + 1
    } else {
        19 - k / 19
    };
    format!("{}{}", COLUMNS[k % 19] as char, row)
}

fn token(g: &Created, move_number: u64) -> &str {
    if move_number.is_multiple_of(2) {
        &g.black
    } else {
        &g.white
    }
}

async fn post_move(api: &Api, g: &Created, n: u64) -> (u16, Value) {
    api.post(
        &format!("/api/games/{}/moves", g.id),
        Some(token(g, n)),
        &format!(r#"{{"move":"{}","move_number":{n}}}"#, safe_vertex(n)),
    )
    .await
}

/// Checks that `state` has every acknowledged move (move number after it, vertex) at its place.
fn assert_has(state: &Value, acked: &[(u64, String)], what: &str) {
    let moves = state["moves"].as_array().unwrap();
    for (n, v) in acked {
        assert!(
            moves.len() as u64 >= *n && moves[*n as usize - 1] == v.as_str(),
            "{what}: acknowledged move {n} {v} lost; stored {} moves",
            moves.len()
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 1. Full disk

/// The SQLite file is capped (`TENGEN_SQLITE_MAX_PAGES`) so that writes fail as on a full disk:
/// moves answer `503 unavailable` and change nothing; after a restart with room, every
/// acknowledged move is there and play goes on.
#[test]
fn full_disk_answers_503_and_loses_nothing() {
    let _one = serial();
    run(async {
        let dir = tempfile::tempdir().unwrap();
        let store = format!("sqlite:{}", dir.path().join("full.db").display());
        let mut server = Server::start_env(&store, &[], None, &[("TENGEN_SQLITE_MAX_PAGES", "24")]);
        let api = Api::new(&server.base);
        let mut games = Vec::new();
        for _ in 0..6 {
            games.push(api.create(r#"{"width":19}"#).await);
        }
        // Every game plays until the store has refused it three times in a row.
        let mut tasks = Vec::new();
        for g in games.clone() {
            let api = api.clone();
            tasks.push(tokio::spawn(async move {
                let deadline = Instant::now() + Duration::from_secs(30);
                let (mut acked, mut refused, mut in_a_row) = (Vec::new(), 0u32, 0u32);
                while in_a_row < 3 {
                    assert!(Instant::now() < deadline, "the store never filled up");
                    let before = api.state(&g.id).await;
                    let n = before["move_number"].as_u64().unwrap();
                    assert!(n < 340, "the store never filled up");
                    let (s, v) = post_move(&api, &g, n).await;
                    match s {
                        200 => {
                            assert_eq!(v["move_number"], n + 1);
                            acked.push((n + 1, safe_vertex(n)));
                            in_a_row = 0;
                        }
                        503 => {
                            assert_eq!(code(&v), "unavailable", "{v}");
                            // Nothing changed: the same state, the same move number.
                            let after = api.state(&g.id).await;
                            assert_eq!(after, before, "a refused move changed the game");
                            refused += 1;
                            in_a_row += 1;
                        }
                        _ => panic!("move {n}: {s} {v}"),
                    }
                }
                (acked, refused)
            }));
        }
        let mut acked = Vec::new();
        let mut refused = 0;
        for t in tasks {
            let (a, r) = t.await.unwrap();
            acked.push(a);
            refused += r;
        }
        let total: usize = acked.iter().map(Vec::len).sum();
        // Reads still work, creations fail cleanly.
        let (s, _) = api.get("/healthz").await;
        assert_eq!(s, 200);
        let (s, v) = api.post("/api/games", None, r#"{"width":19}"#).await;
        assert!(s == 503 || s == 201, "create on a full disk: {s} {v}");
        let create_refused = s == 503;

        // Room again: the same file, no cap.
        assert_eq!(server.terminate(15), Some(true), "clean stop");
        let server = Server::start(&store, &[]);
        let api = Api::new(&server.base);
        let mut more = 0;
        for (g, a) in games.iter().zip(&acked) {
            let st = api.state(&g.id).await;
            assert_has(&st, a, "after the full disk");
            // Exactly the acknowledged moves: no refused move slipped in.
            assert_eq!(st["move_number"], a.len() as u64, "game {}", g.id);
            for _ in 0..5 {
                let n = api.state(&g.id).await["move_number"].as_u64().unwrap();
                let (s, v) = post_move(&api, g, n).await;
                assert_eq!(s, 200, "play after the disk has room: {v}");
                more += 1;
            }
        }
        println!(
            "full disk: {total} moves acknowledged on {} games before the store filled, \
             {refused} moves refused with 503 (state unchanged each time), create on full \
             disk refused: {create_refused}; after restart all {total} there, {more} more played",
            games.len()
        );
    });
}

// ---------------------------------------------------------------------------------------------
// 2. Redis killed and restarted mid-game

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Waits for a state with `move_number` at least `n` on `ws`; `None` when the socket closed or
/// nothing came in time.
async fn state_at_least(ws: &mut Ws, n: u64, secs: u64) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    loop {
        let msg = tokio::time::timeout_at(deadline, ws.next())
            .await
            .ok()??
            .ok()?;
        if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["move_number"].as_u64().unwrap_or(0) >= n {
                return Some(v);
            }
        }
    }
}

#[derive(Default)]
struct RedisTally {
    acked: Vec<(u64, String)>,
    unavailable: u32,
    /// 503 answers whose move was nevertheless written (Redis died between write and answer).
    ghosts: u32,
}

#[test]
fn redis_killed_mid_game_recovers() {
    let _one = serial();
    run(async {
        let Some(mut redis) = Redis::start() else {
            println!("SKIPPED redis_killed_mid_game_recovers: no redis-server");
            return;
        };
        let server = Server::start(&redis.url(), &[]);
        let api = Api::new(&server.base);
        let mut games = Vec::new();
        for _ in 0..4 {
            games.push(api.create(r#"{"width":19}"#).await);
        }
        let ws_url = format!("ws://{}/api/games/{}/ws", server.addr, games[0].id);
        let (mut ws, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
        assert!(state_at_least(&mut ws, 0, 5).await.is_some());

        let stop = Arc::new(AtomicBool::new(false));
        let mut tasks = Vec::new();
        for g in games.clone() {
            let (api, stop) = (api.clone(), stop.clone());
            tasks.push(tokio::spawn(async move {
                let mut t = RedisTally::default();
                let mut pending: Option<u64> = None; // move number of a move answered 503
                while !stop.load(Ordering::Relaxed) {
                    let (s, st) = api.get(&format!("/api/games/{}", g.id)).await;
                    if s != 200 {
                        assert_eq!((s, code(&st)), (503, "unavailable"), "{st}");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                    let n = st["move_number"].as_u64().unwrap();
                    if let Some(p) = pending.take() {
                        if n > p {
                            t.ghosts += 1;
                        }
                    }
                    if n >= 300 {
                        break;
                    }
                    let (s, v) = post_move(&api, &g, n).await;
                    match s {
                        200 => {
                            t.acked.push((n + 1, safe_vertex(n)));
                            tokio::time::sleep(Duration::from_millis(25)).await;
                        }
                        503 => {
                            assert_eq!(code(&v), "unavailable", "{v}");
                            t.unavailable += 1;
                            pending = Some(n);
                            tokio::time::sleep(Duration::from_millis(50)).await;
                        }
                        _ => panic!("move {n}: {s} {v}"),
                    }
                }
                t
            }));
        }
        tokio::time::sleep(Duration::from_millis(1500)).await;
        redis.stop(); // SIGKILL
        let killed = Instant::now();
        tokio::time::sleep(Duration::from_millis(1500)).await;
        redis.restart();
        // Back without manual steps: a move goes through within a few seconds.
        let deadline = Instant::now() + Duration::from_secs(20);
        let recovered = loop {
            let (s, st) = api.get(&format!("/api/games/{}", games[1].id)).await;
            if s == 200 && st["move_number"].as_u64().unwrap() > 0 {
                break Instant::now();
            }
            assert!(Instant::now() < deadline, "no recovery: {s} {st}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        tokio::time::sleep(Duration::from_millis(1500)).await;
        stop.store(true, Ordering::Relaxed);
        let mut tallies = Vec::new();
        for t in tasks {
            tallies.push(t.await.unwrap());
        }
        let mut total = 0;
        for (g, t) in games.iter().zip(&tallies) {
            let st = api.state(&g.id).await;
            assert_has(&st, &t.acked, "after the Redis restart");
            total += t.acked.len();
        }
        let unavailable: u32 = tallies.iter().map(|t| t.unavailable).sum();
        let ghosts: u32 = tallies.iter().map(|t| t.ghosts).sum();
        assert!(unavailable > 0, "the outage was never seen");
        // The WebSocket opened before the outage still gets the states (or is opened anew).
        let n = api.state(&games[0].id).await["move_number"]
            .as_u64()
            .unwrap();
        let (s, v) = post_move(&api, &games[0], n).await;
        assert_eq!(s, 200, "{v}");
        let kept = match state_at_least(&mut ws, n + 1, 10).await {
            Some(st) => {
                assert_eq!(st["move_number"], n + 1);
                true
            }
            None => {
                let (mut ws2, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
                let st = state_at_least(&mut ws2, n + 1, 5)
                    .await
                    .expect("new socket");
                assert_eq!(st["move_number"], n + 1);
                false
            }
        };
        println!(
            "redis kill -9: {total} moves acknowledged on {} games, all there after the \
             restart; {unavailable} moves answered 503 during the outage ({ghosts} of them \
             written nevertheless); recovery {:.1} s after the kill; WebSocket kept: {kept}",
            games.len(),
            recovered.duration_since(killed).as_secs_f64()
        );
    });
}

// ---------------------------------------------------------------------------------------------
// 3. Slow and vanishing clients

fn raw(addr: &str) -> TcpStream {
    let s = TcpStream::connect(addr).unwrap();
    s.set_nodelay(true).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    s
}

fn head(addr: &str, path: &str, token: &str, len: usize) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {len}\r\nConnection: close\r\n\r\n"
    )
}

/// The status of the answer read from `s` (0 when there is none).
fn read_status(s: &mut TcpStream) -> (u16, String) {
    let mut buf = Vec::new();
    let _ = s.read_to_end(&mut buf);
    let text = String::from_utf8_lossy(&buf).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, text)
}

/// A body one byte per 100 ms (slowloris), bodies never finished, clients gone mid-body and
/// half-sent headers: the server answers others within a second, applies nothing half-sent,
/// and gives up on a body that takes longer than `--body-timeout` with `408`.
#[test]
fn slow_and_vanishing_clients() {
    let _one = serial();
    run(async {
        let dir = tempfile::tempdir().unwrap();
        let store = format!("sqlite:{}", dir.path().join("slow.db").display());
        let server = Server::start(&store, &["--body-timeout", "5"]);
        let api = Api::new(&server.base);
        let g = api.create(r#"{"width":19}"#).await;
        let path = format!("/api/games/{}/moves", g.id);
        let addr = server.addr.clone();
        let mut threads = Vec::new();
        // A slow but honest client: black's move, one byte per 100 ms (about 3 s).
        {
            let (addr, path, tok) = (addr.clone(), path.clone(), g.black.clone());
            threads.push(std::thread::spawn(move || {
                let body = br#"{"move":"D4","move_number":0}"#;
                let mut s = raw(&addr);
                s.write_all(head(&addr, &path, &tok, body.len()).as_bytes())
                    .unwrap();
                for b in body {
                    std::thread::sleep(Duration::from_millis(100));
                    s.write_all(&[*b]).unwrap();
                }
                ("slow", read_status(&mut s).0, 200u16)
            }));
        }
        // Stuck clients: a body that would take 100 s; the server gives up after 5 s.
        for _ in 0..20 {
            let (addr, path, tok) = (addr.clone(), path.clone(), g.white.clone());
            threads.push(std::thread::spawn(move || {
                let mut s = raw(&addr);
                s.write_all(head(&addr, &path, &tok, 1000).as_bytes())
                    .unwrap();
                let start = Instant::now();
                let mut rd = s.try_clone().unwrap();
                let reader = std::thread::spawn(move || read_status(&mut rd).0);
                for _ in 0..1000 {
                    std::thread::sleep(Duration::from_millis(100));
                    if reader.is_finished() || s.write_all(b" ").is_err() {
                        break;
                    }
                }
                let status = reader.join().unwrap();
                let secs = start.elapsed().as_secs_f64();
                assert!((4.5..9.0).contains(&secs), "stuck client held {secs:.1} s");
                ("stuck", status, 408)
            }));
        }
        // Vanishing clients: half a body (a white move that would be legal), then gone.
        for k in 0..60 {
            let (addr, path, tok) = (addr.clone(), path.clone(), g.white.clone());
            threads.push(std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(50 * k));
                let body = br#"{"move":"Q16","move_number":1}"#;
                let mut s = raw(&addr);
                s.write_all(head(&addr, &path, &tok, body.len()).as_bytes())
                    .unwrap();
                s.write_all(&body[..body.len() / 2]).unwrap();
                let _ = s.shutdown(std::net::Shutdown::Both);
                ("vanished", 0, 0)
            }));
        }
        // Half-sent headers, never finished (held open for the whole test).
        let mut half_heads = Vec::new();
        for _ in 0..20 {
            let mut s = raw(&addr);
            s.write_all(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le")
                .unwrap();
            half_heads.push(s);
        }
        // Meanwhile: others are answered promptly.
        let mut worst = Duration::ZERO;
        let mut probes = 0;
        let until = Instant::now() + Duration::from_secs(7);
        while Instant::now() < until {
            let t = Instant::now();
            let (s, _) = api.get(&format!("/api/games/{}", g.id)).await;
            assert_eq!(s, 200);
            let (s, _) = api.get("/healthz").await;
            assert_eq!(s, 200);
            worst = worst.max(t.elapsed());
            probes += 1;
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(worst < Duration::from_secs(1), "a request took {worst:?}");
        let mut stuck = 0;
        for t in threads {
            let (what, got, want) = t.join().unwrap();
            if want != 0 {
                assert_eq!(got, want, "{what} client");
            }
            stuck += usize::from(what == "stuck");
        }
        // Only the honest move is in; nothing half-sent was applied.
        let st = api.state(&g.id).await;
        assert_eq!(st["moves"], serde_json::json!(["D4"]), "{st}");
        let (s, v) = api.play(&g, &g.white, "Q16").await;
        assert_eq!(s, 200, "{v}");
        drop(half_heads);
        println!(
            "slow clients: 1 slowloris move (100 ms/byte) accepted, {stuck} stuck bodies \
             answered 408 after the 5 s body timeout, 60 clients vanished mid-body and 20 \
             half-sent headers: nothing half-applied; {probes} probe pairs meanwhile, worst \
             {:.0} ms",
            worst.as_secs_f64() * 1000.0
        );
    });
}

// ---------------------------------------------------------------------------------------------
// 4. Abuse

fn rss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// Creations flooding from one address hit the limit (`429`) while that address's other
/// requests and other addresses are served; a 10 MB body answers `413` and changes nothing.
#[test]
fn creation_flood_and_huge_bodies() {
    let _one = serial();
    run(async {
        let dir = tempfile::tempdir().unwrap();
        let store = format!("sqlite:{}", dir.path().join("abuse.db").display());
        let server = Server::start(&store, &["--create-rate", "10/min"]);
        let api = Api::new(&server.base);
        let mut tasks = Vec::new();
        for _ in 0..100 {
            let api = api.clone();
            tasks.push(tokio::spawn(async move {
                api.post("/api/games", None, r#"{"width":9,"listed":true}"#)
                    .await
            }));
        }
        let (mut created, mut limited) = (Vec::new(), 0);
        for t in tasks {
            let (s, v) = t.await.unwrap();
            match s {
                201 => created.push(v["id"].as_str().unwrap().to_string()),
                429 => {
                    assert_eq!(code(&v), "rate_limited");
                    limited += 1;
                }
                _ => panic!("create: {s} {v}"),
            }
        }
        assert_eq!(created.len(), 10, "the limit is 10 a minute");
        // The same address is still served for everything else.
        let (s, _) = api.get(&format!("/api/games/{}", created[0])).await;
        assert_eq!(s, 200);
        let (s, list) = api.get("/api/games").await;
        assert_eq!((s, list.as_array().unwrap().len()), (200, 10));
        // Another address is not limited.
        let other = Api {
            base: server.base.clone(),
            http: reqwest::Client::builder()
                .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
                .build()
                .unwrap(),
        };
        let g = other.create(r#"{"width":19}"#).await;

        // 10 MB bodies: declared, and chunked without a length.
        let rss_before = rss_kb(server.pid());
        let path = format!("/api/games/{}/moves", g.id);
        let mut s = raw(&server.addr);
        s.write_all(head(&server.addr, &path, &g.black, 10 << 20).as_bytes())
            .unwrap();
        let (status, text) = read_status(&mut s);
        assert_eq!(status, 413, "{text}");
        assert!(text.contains("too_large"), "{text}");
        let mut chunked_413 = 0;
        for _ in 0..3 {
            let mut s = raw(&server.addr);
            let h = format!(
                "POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {}\r\n\
                 Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
                g.black
            );
            s.write_all(h.as_bytes()).unwrap();
            let mut rd = s.try_clone().unwrap();
            let reader = std::thread::spawn(move || read_status(&mut rd));
            let chunk = vec![b'x'; 64 * 1024];
            for _ in 0..160 {
                // 160 x 64 KiB = 10 MiB, until the server stops reading.
                if s.write_all(format!("{:x}\r\n", chunk.len()).as_bytes())
                    .and_then(|_| s.write_all(&chunk))
                    .and_then(|_| s.write_all(b"\r\n"))
                    .is_err()
                {
                    break;
                }
            }
            let _ = s.write_all(b"0\r\n\r\n");
            let (status, text) = reader.join().unwrap();
            // The answer can be lost to the reset of a connection closed with unread data.
            assert!(status == 413 || status == 0, "{status} {text}");
            chunked_413 += usize::from(status == 413);
        }
        // reqwest, as a client would send it.
        let big = "x".repeat(10 << 20);
        let status = tokio::time::timeout(Duration::from_secs(20), async {
            api.http
                .post(format!("{}{}", api.base, path))
                .header("Authorization", format!("Bearer {}", g.black))
                .body(big)
                .send()
                .await
                .map(|r| r.status().as_u16())
                .unwrap_or(0)
        })
        .await
        .unwrap();
        assert!(status == 413 || status == 0, "{status}");
        let rss_after = rss_kb(server.pid());
        // Nothing changed, and the server plays on.
        let st = api.state(&g.id).await;
        assert_eq!(st["move_number"], 0);
        let (s, v) = api.play(&g, &g.black, "D4").await;
        assert_eq!(s, 200, "{v}");
        let (s, _) = api.get("/healthz").await;
        assert_eq!(s, 200);
        println!(
            "abuse: 100 creations at once from 127.0.0.1: {} created, {limited} answered 429, \
             the address still served, 127.0.0.2 served; 10 MB bodies: declared 413, chunked \
             413 {chunked_413}/3 (else reset), server RSS {} -> {} KiB",
            created.len(),
            rss_before,
            rss_after
        );
    });
}

/// Raises this process's open-file limit (the server child inherits it); the limit after.
fn raise_nofile(want: u64) -> u64 {
    let pid = std::process::id().to_string();
    let _ = std::process::Command::new("prlimit")
        .args(["--pid", &pid, &format!("--nofile={want}:{want}")])
        .stderr(std::process::Stdio::null())
        .status();
    std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Max open files"))
                .and_then(|l| l.split_whitespace().nth(3)?.parse().ok())
        })
        .unwrap_or(1024)
}

/// 10,000 WebSockets on one game: the server stays up and answers others, and a move made
/// meanwhile reaches the sockets.
#[test]
fn ten_thousand_websockets() {
    let _one = serial();
    let limit = raise_nofile(65_536);
    run(async {
        // Each socket costs a descriptor here and one in the server.
        let want = 10_000usize.min(limit.saturating_sub(500) as usize);
        let dir = tempfile::tempdir().unwrap();
        let store = format!("sqlite:{}", dir.path().join("ws.db").display());
        let server = Server::start(&store, &[]);
        let api = Api::new(&server.base);
        let g = api.create(r#"{"width":19}"#).await;
        let url = format!("ws://{}/api/games/{}/ws", server.addr, g.id);
        let start = Instant::now();
        let results: Vec<Result<Ws, String>> = futures_util::stream::iter(0..want)
            .map(|_| {
                let url = url.clone();
                async move {
                    let (mut ws, _) = tokio::time::timeout(
                        Duration::from_secs(20),
                        tokio_tungstenite::connect_async(&url),
                    )
                    .await
                    .map_err(|_| "connect timed out".to_string())?
                    .map_err(|e| e.to_string())?;
                    state_at_least(&mut ws, 0, 20)
                        .await
                        .ok_or("no first state")?;
                    Ok(ws)
                }
            })
            .buffer_unordered(200)
            .collect()
            .await;
        let connect_secs = start.elapsed().as_secs_f64();
        let mut sockets = Vec::new();
        let mut errors = std::collections::BTreeMap::new();
        for r in results {
            match r {
                Ok(ws) => sockets.push(ws),
                Err(e) => *errors.entry(e).or_insert(0) += 1,
            }
        }
        assert!(
            errors.is_empty(),
            "{} opened; errors {errors:?}",
            sockets.len()
        );
        // Others are answered while they are all open.
        let t = Instant::now();
        let (s, _) = api.get("/healthz").await;
        assert_eq!(s, 200);
        let other = api.create(r#"{"width":9}"#).await;
        assert_eq!(api.state(&other.id).await["move_number"], 0);
        let answer_ms = t.elapsed().as_secs_f64() * 1000.0;
        assert!(answer_ms < 1000.0, "{answer_ms} ms");
        // A move reaches every socket (a sample must; all are counted).
        let t = Instant::now();
        let (s, v) = api.play(&g, &g.black, "D4").await;
        assert_eq!(s, 200, "{v}");
        let got: Vec<bool> = futures_util::stream::iter(sockets.iter_mut())
            .map(|ws| async move { state_at_least(ws, 1, 20).await.is_some() })
            .buffer_unordered(500)
            .collect()
            .await;
        let reached = got.iter().filter(|&&b| b).count();
        let fanout_secs = t.elapsed().as_secs_f64();
        let step = (got.len() / 200).max(1);
        assert!(
            got.iter().step_by(step).all(|&b| b),
            "a sampled socket missed the move"
        );
        let rss = rss_kb(server.pid());
        println!(
            "websockets: {} open on one game (nofile limit {limit}) in {connect_secs:.1} s; \
             healthz + create + state meanwhile in {answer_ms:.0} ms; the move reached \
             {reached}/{} sockets in {fanout_secs:.1} s; server RSS {} MiB",
            sockets.len(),
            sockets.len(),
            rss / 1024
        );
        assert_eq!(
            sockets.len(),
            10_000,
            "fewer than 10,000 (descriptor limit {limit})"
        );
    });
}
