//! Hostile clients: connections that never finish their headers, more connections than the
//! cap, creations from many addresses, a paused Redis and the retried move, and what the pages
//! and errors give away (security headers, cleaned names, no echo of a huge request, links).
//!
//! Every test talks only to 127.0.0.0/8 (Linux routes all of it to the loopback interface,
//! so a client socket bound to 127.0.0.N is another address to the server), is bounded in
//! time, and they run one at a time: some check how soon the server answers meanwhile.

mod common;

use common::{code, run, serial, Api, Redis, Server};
use futures_util::StreamExt;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::{IpAddr, TcpStream};
use std::time::{Duration, Instant};

fn sqlite(dir: &tempfile::TempDir) -> String {
    format!("sqlite:{}", dir.path().join("hostile.db").display())
}

/// A client whose connections come from `ip` (a 127.x.y.z address).
fn client_from(base: &str, ip: IpAddr) -> Api {
    Api {
        base: base.to_string(),
        http: reqwest::Client::builder()
            .local_address(ip)
            .build()
            .unwrap(),
    }
}

/// Reads one HTTP/1.1 answer (headers and a `Content-Length` body) from a kept-alive
/// connection: its status and body.
fn read_answer(s: &mut TcpStream) -> (u16, String) {
    let mut buf = Vec::new();
    let mut byte = [0u8; 1];
    while !buf.ends_with(b"\r\n\r\n") {
        match s.read(&mut byte) {
            Ok(1) => buf.push(byte[0]),
            _ => return (0, String::new()),
        }
    }
    let head = String::from_utf8_lossy(&buf).to_string();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let len: usize = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse().ok())?
        })
        .unwrap_or(0);
    let mut body = vec![0u8; len];
    let _ = s.read_exact(&mut body);
    (status, String::from_utf8_lossy(&body).to_string())
}

/// How long until the server closes `s` (reads until EOF or an error), at most `limit`.
fn time_to_close(s: &mut TcpStream, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    s.set_read_timeout(Some(limit)).unwrap();
    let mut buf = [0u8; 512];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return Some(start.elapsed()),
            Ok(_) => continue, // an answer before closing (none is owed)
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return None
            }
            Err(_) => return Some(start.elapsed()),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Connections

/// Clients that open connections and never finish their headers (or send nothing) do not stop
/// others being served, and each is closed once `--header-timeout` (here 1 s) has passed.
#[test]
fn half_open_headers_are_closed_and_others_served() {
    let _one = serial();
    run(async {
        let dir = tempfile::tempdir().unwrap();
        let server = Server::start(&sqlite(&dir), &["--header-timeout", "1"]);
        let api = Api::new(&server.base);
        let g = api.create("{}").await;
        let addr = server.addr.clone();
        // 100 connections: half send part of their headers, half nothing at all.
        let mut held = Vec::new();
        for k in 0..100 {
            let mut s = TcpStream::connect(&addr).unwrap();
            if k % 2 == 0 {
                s.write_all(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                    .unwrap();
            }
            held.push(s);
        }
        let opened = Instant::now();
        // Meanwhile others are served at once.
        let mut worst = Duration::ZERO;
        for _ in 0..10 {
            let t = Instant::now();
            let (s, _) = api.get(&format!("/api/games/{}", g.id)).await;
            assert_eq!(s, 200);
            worst = worst.max(t.elapsed());
        }
        assert!(worst < Duration::from_secs(1), "a request took {worst:?}");
        // Every held connection is closed by the server about 1 s after it opened.
        let closers: Vec<_> = held
            .into_iter()
            .map(|mut s| std::thread::spawn(move || time_to_close(&mut s, Duration::from_secs(8))))
            .collect();
        let mut latest = Duration::ZERO;
        for c in closers {
            let closed = c.join().unwrap();
            assert!(closed.is_some(), "a half-open connection was never closed");
            latest = latest.max(opened.elapsed());
        }
        let secs = latest.as_secs_f64();
        assert!(
            (0.9..6.0).contains(&secs),
            "the last half-open connection closed after {secs:.1} s (timeout 1 s)"
        );
        // A connection that finishes its headers in time is served normally.
        let mut s = TcpStream::connect(&addr).unwrap();
        s.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            .unwrap();
        std::thread::sleep(Duration::from_millis(300));
        s.write_all(b"\r\n").unwrap();
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        assert_eq!(read_answer(&mut s).0, 200);
        println!(
            "half-open: 100 connections (50 partial headers, 50 silent) all closed within \
             {secs:.1} s of opening (timeout 1 s); 10 requests meanwhile, worst {:.0} ms",
            worst.as_secs_f64() * 1000.0
        );
    });
}

/// With `--max-connections 4`: four connections held (a kept-alive one and three WebSockets),
/// a fifth waits, unanswered, while the four are still served (a move through the kept-alive
/// connection, pushed to the WebSockets); when one closes, the fifth is answered.
#[test]
fn connection_cap_queues_new_connections_and_serves_the_open_ones() {
    let _one = serial();
    run(async {
        let dir = tempfile::tempdir().unwrap();
        let server = Server::start(
            &sqlite(&dir),
            &["--max-connections", "4", "--header-timeout", "30"],
        );
        let api = Api::new(&server.base);
        let g = api.create("{}").await;
        // reqwest pools its connection; make sure it is gone before counting.
        drop(api);
        tokio::time::sleep(Duration::from_millis(200)).await;
        let addr = server.addr.clone();
        let mut kept = TcpStream::connect(&addr).unwrap();
        kept.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        kept.write_all(
            format!("GET /api/games/{} HTTP/1.1\r\nHost: {addr}\r\n\r\n", g.id).as_bytes(),
        )
        .unwrap();
        assert_eq!(read_answer(&mut kept).0, 200);
        let url = format!("ws://{addr}/api/games/{}/ws", g.id);
        let mut sockets = Vec::new();
        for _ in 0..3 {
            let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
            let first = ws.next().await.unwrap().unwrap();
            assert!(first.to_text().unwrap().contains("\"move_number\":0"));
            sockets.push(ws);
        }
        // The fifth connection waits.
        let base = server.base.clone();
        let fifth = tokio::spawn(async move {
            let t = Instant::now();
            let (s, _) = Api::new(&base).get("/healthz").await;
            (s, t.elapsed())
        });
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert!(
            !fifth.is_finished(),
            "a fifth connection was served beyond the cap"
        );
        // The open ones are served meanwhile.
        let body = r#"{"move":"D4","move_number":0}"#;
        kept.write_all(
            format!(
                "POST /api/games/{}/moves HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {}\r\n\
                 Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                g.id,
                g.black,
                body.len()
            )
            .as_bytes(),
        )
        .unwrap();
        let (status, text) = read_answer(&mut kept);
        assert_eq!(status, 200, "{text}");
        for ws in &mut sockets {
            let msg = tokio::time::timeout(Duration::from_secs(5), ws.next())
                .await
                .expect("a WebSocket starved at the cap")
                .unwrap()
                .unwrap();
            assert!(msg.to_text().unwrap().contains("\"move_number\":1"));
        }
        // One closes: the fifth gets its place.
        let mut gone = sockets.pop().unwrap();
        gone.close(None).await.unwrap();
        drop(gone);
        let (status, waited) = tokio::time::timeout(Duration::from_secs(10), fifth)
            .await
            .expect("the fifth connection was never served")
            .unwrap();
        assert_eq!(status, 200);
        assert!(waited >= Duration::from_millis(1500), "{waited:?}");
        println!(
            "cap 4: a fifth connection waited {:.1} s, until a WebSocket closed; a move through \
             a held connection was answered and pushed to 3 WebSockets meanwhile",
            waited.as_secs_f64()
        );
    });
}

// ---------------------------------------------------------------------------------------------
// Creation limits

async fn try_create(api: &Api, forwarded: Option<&str>) -> (u16, Value) {
    let mut rq = api
        .http
        .post(format!("{}/api/games", api.base))
        .header("Content-Type", "application/json")
        .body(r#"{"width":9}"#);
    if let Some(f) = forwarded {
        rq = rq.header("X-Forwarded-For", f);
    }
    let res = rq.send().await.unwrap();
    let s = res.status().as_u16();
    (s, res.json().await.unwrap_or(Value::Null))
}

/// `--create-rate 3/min --create-rate-global 20/min --behind-proxy`: one address creates 3;
/// IPv6 clients (as the proxy names them) count by /64, and a client cannot escape by putting
/// addresses of its own before the proxy's; 40 loopback addresses together create no more than
/// the server's 20 (plus what refilled while the test ran).
#[test]
fn creation_limits_per_address_per_64_and_global() {
    let _one = serial();
    run(async {
        let dir = tempfile::tempdir().unwrap();
        let server = Server::start(
            &sqlite(&dir),
            &[
                "--create-rate",
                "3/min",
                "--create-rate-global",
                "20/min",
                "--behind-proxy",
            ],
        );
        let start = Instant::now();
        let mut created = 0;
        let one = client_from(&server.base, [127, 0, 0, 2].into());
        let mut got = Vec::new();
        for _ in 0..5 {
            got.push(try_create(&one, None).await.0);
        }
        assert_eq!(got, [201, 201, 201, 429, 429], "one address");
        created += 3;
        let (_, v) = try_create(&one, None).await;
        assert!(v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("this address"));
        // IPv6 by /64, from the last X-Forwarded-For entry.
        let proxy = client_from(&server.base, [127, 0, 0, 3].into());
        let mut got = Vec::new();
        for ip in [
            "2001:db8:1:2::1",
            "2001:db8:1:2::2",
            "2001:db8:1:2:ffff:ffff:ffff:ffff",
            "2001:db8:1:2::3",
            "2001:db8:9::1, 2001:db8:1:2::4",
        ] {
            got.push(try_create(&proxy, Some(ip)).await.0);
        }
        assert_eq!(got, [201, 201, 201, 429, 429], "one /64");
        created += 3;
        assert_eq!(try_create(&proxy, Some("2001:db8:1:3::1")).await.0, 201);
        created += 1;
        // 40 addresses, 127.0.1.1 to 127.0.1.40, one creation each.
        let mut tasks = Vec::new();
        for n in 1..=40u8 {
            let c = client_from(&server.base, [127, 0, 1, n].into());
            tasks.push(tokio::spawn(async move { try_create(&c, None).await }));
        }
        let (mut ok, mut server_limited) = (0, 0);
        for t in tasks {
            let (s, v) = t.await.unwrap();
            match s {
                201 => ok += 1,
                429 => {
                    assert_eq!(code(&v), "rate_limited");
                    assert!(v["error"]["message"].as_str().unwrap().contains("server"));
                    server_limited += 1;
                }
                _ => panic!("{s} {v}"),
            }
        }
        created += ok;
        // 20 a minute: one more token every 3 s of the test.
        let refilled = (start.elapsed().as_secs_f64() / 3.0).floor() as usize;
        assert!(
            (20..=20 + refilled).contains(&created),
            "{created} created in all (server cap 20, {refilled} refilled)"
        );
        println!(
            "creation limits: 3/min per address and per /64, 20/min in all: 40 loopback \
             addresses created {ok} more, {server_limited} answered 429; {created} in all"
        );
    });
}

// ---------------------------------------------------------------------------------------------
// A paused Redis

fn signal(pid: u32, sig: &str) {
    let ok = std::process::Command::new("kill")
        .args([sig, &pid.to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill {sig} {pid}");
}

/// Redis stopped (SIGSTOP) while a move is on its way: the server answers `503`, and
/// `/healthz` says the store cannot be read; Redis resumes (SIGCONT) and records the move it
/// had received; the client's retry with the same `move_number` then answers `200` with the
/// state (not `409 stale`), while another move with that number is still stale.
#[test]
fn paused_redis_then_a_retried_move() {
    let _one = serial();
    let Some(redis) = Redis::start() else { return };
    run(async {
        let server = Server::start(&redis.url(), &[]);
        let api = Api::new(&server.base);
        let g = api.create("{}").await;
        api.play_all(&g, &["D4"]).await;
        let moves = format!("/api/games/{}/moves", g.id);
        let body = r#"{"move":"Q16","move_number":1}"#;
        signal(redis.pid(), "-STOP");
        let t = Instant::now();
        let (s, v) = api.post(&moves, Some(&g.white), body).await;
        let waited = t.elapsed();
        let (hs, _) = api.get("/healthz").await;
        signal(redis.pid(), "-CONT");
        assert_eq!((s, code(&v)), (503, "unavailable"), "{v}");
        assert_eq!(hs, 503, "healthz with Redis stopped");
        // Redis had the command: the move is in, though its answer said 503.
        let deadline = Instant::now() + Duration::from_secs(10);
        let st = loop {
            let (s, st) = api.get(&format!("/api/games/{}", g.id)).await;
            if s == 200 {
                break st;
            }
            assert!(Instant::now() < deadline, "the store did not come back");
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        assert_eq!(st["moves"], serde_json::json!(["D4", "Q16"]), "{st}");
        // The retry.
        let (s, v) = api.post(&moves, Some(&g.white), body).await;
        assert_eq!(s, 200, "the retry of a recorded move: {v}");
        assert_eq!(v["move_number"], 2);
        assert_eq!(v["moves"], serde_json::json!(["D4", "Q16"]));
        // Not a retry: another vertex, or the other player.
        let (s, v) = api
            .post(&moves, Some(&g.white), r#"{"move":"R16","move_number":1}"#)
            .await;
        assert_eq!((s, code(&v)), (409, "stale"));
        let (s, v) = api.post(&moves, Some(&g.black), body).await;
        assert_eq!((s, code(&v)), (409, "stale"));
        // A retry that comes after the opponent answered is still that move: 200, the state.
        api.play_all(&g, &["D16"]).await;
        let (s, v) = api.post(&moves, Some(&g.white), body).await;
        assert_eq!((s, v["move_number"].as_u64()), (200, Some(3)), "{v}");
        let (s, _) = api.get("/healthz").await;
        assert_eq!(s, 200);
        println!(
            "paused Redis: the move answered 503 after {:.1} s, was recorded, and its retry \
             answered 200",
            waited.as_secs_f64()
        );
    });
}

// ---------------------------------------------------------------------------------------------
// What the server gives away

/// Security headers on the pages and the API; names cleaned of control and direction
/// characters; a 60 KB request is not echoed back; links from `--public-url`, from the proxy's
/// headers behind one, and from the connection's own address without a `Host` header.
#[test]
fn headers_names_echo_and_links() {
    let _one = serial();
    run(async {
        let dir = tempfile::tempdir().unwrap();
        let server = Server::start(&sqlite(&dir), &[]);
        let api = Api::new(&server.base);
        for path in [
            "/",
            "/g/abc",
            "/static/game.js",
            "/api/games",
            "/api/games/nope",
        ] {
            let res = api
                .http
                .get(format!("{}{path}", api.base))
                .send()
                .await
                .unwrap();
            let h = res.headers();
            let csp = h["content-security-policy"].to_str().unwrap();
            assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
            assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
            assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
            assert_eq!(h["x-frame-options"], "DENY", "{path}");
        }
        // Names: a right-to-left override, a newline, an escape sequence, a bell.
        let g = api
            .create(
                &serde_json::json!({
                    "black_name": " Bob\u{202E}evil\u{2066}\n",
                    "white_name": "\u{1b}[2JAnn\u{7}",
                })
                .to_string(),
            )
            .await;
        let st = &g.body["state"];
        assert_eq!(
            (st["black_name"].as_str(), st["white_name"].as_str()),
            (Some("Bobevil"), Some("[2JAnn"))
        );
        let blank = api
            .create(&serde_json::json!({"black_name": "\u{202E}\u{202C}"}).to_string())
            .await;
        assert_eq!(blank.body["state"]["black_name"], "Black");
        // No echo: 60 KB of rules name, of vertex, of unknown field.
        let junk = "Z".repeat(60_000);
        let moves = format!("/api/games/{}/moves", g.id);
        for (path, token, body) in [
            (
                "/api/games",
                None,
                serde_json::json!({"rules": junk}).to_string(),
            ),
            (
                moves.as_str(),
                Some(g.black.as_str()),
                serde_json::json!({"move": junk, "move_number": 0}).to_string(),
            ),
            ("/api/games", None, format!(r#"{{"{junk}":1}}"#)),
        ] {
            let res = api
                .http
                .post(format!("{}{path}", api.base))
                .header("Authorization", format!("Bearer {}", token.unwrap_or("")))
                .body(body)
                .send()
                .await
                .unwrap();
            let status = res.status().as_u16();
            let text = res.text().await.unwrap();
            assert!((400..500).contains(&status), "{status} {text:.200}");
            assert!(text.len() < 1000, "{path}: {} bytes came back", text.len());
            assert!(text.contains("\"error\""), "{text}");
        }
        // Links without a Host header (HTTP/1.0): the address the client connected to.
        let mut s = TcpStream::connect(&server.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        s.write_all(b"POST /api/games HTTP/1.0\r\nContent-Length: 2\r\n\r\n{}")
            .unwrap();
        let mut text = String::new();
        let _ = s.read_to_string(&mut text);
        let body: Value = serde_json::from_str(text.split("\r\n\r\n").nth(1).unwrap()).unwrap();
        let url = body["watch_url"].as_str().unwrap();
        assert_eq!(
            url,
            format!("http://{}/g/{}", server.addr, body["id"].as_str().unwrap())
        );
        assert!(!url.contains(":0/"));
        drop(server);

        // --public-url wins over everything; behind a proxy, its headers are used.
        let public = Server::start(&sqlite(&dir), &["--public-url", "https://go.example.com/"]);
        let g = Api::new(&public.base).create("{}").await;
        assert_eq!(
            g.body["black_url"],
            format!("https://go.example.com/g/{}#token={}", g.id, g.black)
        );
        drop(public);
        let proxied = Server::start(&sqlite(&dir), &["--behind-proxy"]);
        let res = reqwest::Client::new()
            .post(format!("{}/api/games", proxied.base))
            .header("X-Forwarded-Proto", "https")
            .header("X-Forwarded-Host", "play.example.net")
            .body("{}")
            .send()
            .await
            .unwrap();
        let v: Value = res.json().await.unwrap();
        assert!(
            v["watch_url"]
                .as_str()
                .unwrap()
                .starts_with("https://play.example.net/g/"),
            "{v}"
        );
    });
}

/// `/healthz` reads the store: with the games table gone from the SQLite file under a running
/// server (another process renamed it), the server cannot read its games, and `/healthz`
/// answers `503` where a ping alone (`SELECT 1`) would still answer.
#[test]
fn healthz_notices_an_unreadable_store() {
    let _one = serial();
    run(async {
        let dir = tempfile::tempdir().unwrap();
        let server = Server::start(&sqlite(&dir), &[]);
        let api = Api::new(&server.base);
        api.create(r#"{"listed":true}"#).await;
        assert_eq!(api.get("/healthz").await.0, 200);
        let db = rusqlite::Connection::open(dir.path().join("hostile.db")).unwrap();
        db.execute_batch("ALTER TABLE games RENAME TO games_elsewhere")
            .unwrap();
        let (s, v) = api.get("/healthz").await;
        assert_eq!((s, code(&v)), (503, "unavailable"), "{v}");
        assert_eq!(api.get("/api/games").await.0, 503);
        db.execute_batch("ALTER TABLE games_elsewhere RENAME TO games")
            .unwrap();
        assert_eq!(api.get("/healthz").await.0, 200);
    });
}
