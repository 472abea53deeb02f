//! Crash safety (kill -9 under load on SQLite) and several instances on one Redis.

mod common;

use common::{code, Api, Redis, Server};
use futures_util::StreamExt;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Acknowledged moves per game: (move number after it, vertex).
type Acked = HashMap<String, Vec<(u64, String)>>;

const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

fn nth_vertex(k: usize) -> String {
    format!("{}{}", COLUMNS[k % 19] as char, k / 19 + 1)
}

/// Plays moves on many games at once, kills the server with SIGKILL mid-flight, restarts it on
/// the same file: every acknowledged move is there, at its number.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill9_keeps_every_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    // The default store: `tengen.db` in the working directory, created on first run.
    let mut server = Server::start_in("sqlite:tengen.db", &[], Some(dir.path()));
    let api = Api::new(&server.base);
    let mut games = Vec::new();
    for _ in 0..16 {
        games.push(api.create(r#"{"width":19}"#).await);
    }
    assert!(dir.path().join("tengen.db").exists());
    let acked: Arc<Mutex<Acked>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for g in games.clone() {
        let api = api.clone();
        let acked = acked.clone();
        let stop = stop.clone();
        tasks.push(tokio::spawn(async move {
            let mut n = 0u64;
            let mut k = 0usize;
            while !stop.load(Ordering::Relaxed) && k < 300 {
                let token = if n.is_multiple_of(2) {
                    &g.black
                } else {
                    &g.white
                };
                let v = nth_vertex(k);
                let body = format!(r#"{{"move":"{v}","move_number":{n}}}"#);
                let res = api
                    .http
                    .post(format!("{}/api/games/{}/moves", api.base, g.id))
                    .header("Authorization", format!("Bearer {token}"))
                    .body(body)
                    .send()
                    .await;
                let Ok(res) = res else { break };
                let status = res.status().as_u16();
                let Ok(text) = res.text().await else { break };
                match status {
                    200 => {
                        let st: Value = serde_json::from_str(&text).unwrap();
                        n = st["move_number"].as_u64().unwrap();
                        acked
                            .lock()
                            .unwrap()
                            .entry(g.id.clone())
                            .or_default()
                            .push((n, v));
                    }
                    422 => {}
                    other => panic!("unexpected {other}: {text}"),
                }
                k += 1;
            }
        }));
    }
    // Kill while every game is still being played.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while acked.lock().unwrap().values().map(Vec::len).sum::<usize>() < 1200
        && tokio::time::Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    server.kill9();
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = t.await;
    }
    let acked = acked.lock().unwrap().clone();
    let total: usize = acked.values().map(Vec::len).sum();
    assert!(
        total >= 1200,
        "only {total} moves acknowledged before the kill"
    );
    assert!(total < 16 * 300, "the games ended before the kill");
    let server = Server::start_in("sqlite:tengen.db", &[], Some(dir.path()));
    let api = Api::new(&server.base);
    for g in &games {
        let st = api.state(&g.id).await;
        let moves = st["moves"].as_array().unwrap();
        for (n, v) in acked.get(&g.id).map(Vec::as_slice).unwrap_or(&[]) {
            assert!(
                moves.len() as u64 >= *n && moves[*n as usize - 1] == v.as_str(),
                "game {}: acknowledged move {n} {v} lost; stored {}",
                g.id,
                moves.len()
            );
        }
    }
    eprintln!(
        "kill -9: {total} acknowledged moves on {} games, all kept",
        games.len()
    );
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn state_with(ws: &mut Ws, move_number: u64) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let msg = tokio::time::timeout_at(deadline, ws.next())
            .await
            .unwrap_or_else(|_| panic!("no state with move_number {move_number} within 10 s"))
            .expect("open")
            .expect("message");
        if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["move_number"] == move_number {
                return v;
            }
        }
    }
}

/// Two server instances on one Redis: a move through one reaches a WebSocket of the other, and
/// racing moves split across both give exactly one success.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_share_one_redis() {
    let Some(redis) = Redis::start() else {
        eprintln!("SKIP two_instances_share_one_redis: no redis-server");
        return;
    };
    let a = Server::start(&redis.url(), &[]);
    let b = Server::start(&redis.url(), &[]);
    let (api_a, api_b) = (Api::new(&a.base), Api::new(&b.base));
    let g = api_a.create(r#"{"width":9}"#).await;
    // B knows the game from the store.
    assert_eq!(api_b.state(&g.id).await["move_number"], 0);
    let ws_b_url = format!("ws://{}/api/games/{}/ws", b.addr, g.id);
    let ws_a_url = format!("ws://{}/api/games/{}/ws", a.addr, g.id);
    let (mut ws_b, _) = tokio_tungstenite::connect_async(&ws_b_url).await.unwrap();
    let (mut ws_a, _) = tokio_tungstenite::connect_async(&ws_a_url).await.unwrap();
    state_with(&mut ws_b, 0).await;
    state_with(&mut ws_a, 0).await;
    let (s, _) = api_a.play(&g, &g.black, "E5").await;
    assert_eq!(s, 200);
    let st = state_with(&mut ws_b, 1).await;
    assert_eq!(st["last_move"], "E5");
    // And the other way round; B's cache was refreshed by the notice, so it accepts white's move.
    let (s, v) = api_b.play(&g, &g.white, "C3").await;
    assert_eq!(s, 200, "{v}");
    let st = state_with(&mut ws_a, 2).await;
    assert_eq!(st["last_move"], "C3");
    assert_eq!(api_a.state(&g.id).await, api_b.state(&g.id).await);

    // Racing at one turn through both instances.
    let mut tasks = Vec::new();
    for k in 0..40usize {
        let api = if k % 2 == 0 {
            api_a.clone()
        } else {
            api_b.clone()
        };
        let g = g.clone();
        tasks.push(tokio::spawn(async move {
            let v = format!("{}{}", ["A", "B", "J", "H"][k % 4], k / 4 + 1);
            api.post(
                &format!("/api/games/{}/moves", g.id),
                Some(&g.black),
                &format!(r#"{{"move":"{v}","move_number":2}}"#),
            )
            .await
        }));
    }
    let mut codes = Vec::new();
    for t in tasks {
        let (s, v) = t.await.unwrap();
        if s == 409 {
            assert_eq!(code(&v), "stale");
        }
        codes.push(s);
    }
    let ok = codes.iter().filter(|&&c| c == 200).count();
    assert_eq!(ok, 1, "{codes:?}");
    assert!(codes.iter().all(|&c| c == 200 || c == 409), "{codes:?}");
    let st = state_with(&mut ws_a, 3).await;
    assert_eq!(st["moves"].as_array().unwrap().len(), 3);
    let st_b = state_with(&mut ws_b, 3).await;
    assert_eq!(st, st_b);
}

/// The store goes away: requests answer `503 unavailable` and change nothing; when it is back,
/// the game is as it was and play goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn store_outage_answers_503_and_changes_nothing() {
    let Some(mut redis) = Redis::start() else {
        eprintln!("SKIP store_outage_answers_503_and_changes_nothing: no redis-server");
        return;
    };
    let s = Server::start(&redis.url(), &[]);
    let api = Api::new(&s.base);
    let g = api.create(r#"{"width":9}"#).await;
    let before = api.play_all(&g, &["E5"]).await;
    redis.stop();
    let (st, v) = api
        .post(
            &format!("/api/games/{}/moves", g.id),
            Some(&g.white),
            r#"{"move":"C3","move_number":1}"#,
        )
        .await;
    assert_eq!((st, code(&v)), (503, "unavailable"), "{v}");
    let (st, v) = api.post("/api/games", None, "{}").await;
    assert_eq!((st, code(&v)), (503, "unavailable"), "{v}");
    let (st, _) = api.get("/healthz").await;
    assert_eq!(st, 503);
    redis.restart();
    // The connection comes back by itself.
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    loop {
        let (st, v) = api.get(&format!("/api/games/{}", g.id)).await;
        if st == 200 {
            assert_eq!(v, before, "nothing changed");
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "store did not come back: {st} {v}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (st, v) = api.play(&g, &g.white, "C3").await;
    assert_eq!(st, 200, "{v}");
}

/// Two instances on one SQLite file: the check of the move number is inside the transaction,
/// so racing moves through both still give exactly one success.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_one_sqlite_file() {
    let dir = tempfile::tempdir().unwrap();
    let store = format!("sqlite:{}", dir.path().join("shared.db").display());
    let a = Server::start(&store, &[]);
    let b = Server::start(&store, &[]);
    let (api_a, api_b) = (Api::new(&a.base), Api::new(&b.base));
    let g = api_a.create(r#"{"width":19}"#).await;
    // B caches the game at move 0; A moves on; B's stale cache must not let a second move in.
    assert_eq!(api_b.state(&g.id).await["move_number"], 0);
    let (s, _) = api_a.play(&g, &g.black, "D4").await;
    assert_eq!(s, 200);
    let (s, v) = api_b
        .post(
            &format!("/api/games/{}/moves", g.id),
            Some(&g.black),
            r#"{"move":"Q16","move_number":0}"#,
        )
        .await;
    assert_eq!((s, code(&v)), (409, "stale"), "{v}");
    let mut tasks = Vec::new();
    for k in 0..30usize {
        let api = if k % 2 == 0 {
            api_a.clone()
        } else {
            api_b.clone()
        };
        let g = g.clone();
        tasks.push(tokio::spawn(async move {
            let v = format!("{}{}", ["A", "B", "C"][k % 3], k / 3 + 1);
            api.post(
                &format!("/api/games/{}/moves", g.id),
                Some(&g.white),
                &format!(r#"{{"move":"{v}","move_number":1}}"#),
            )
            .await
            .0
        }));
    }
    let mut codes = Vec::new();
    for t in tasks {
        codes.push(t.await.unwrap());
    }
    assert_eq!(codes.iter().filter(|&&c| c == 200).count(), 1, "{codes:?}");
    assert!(codes.iter().all(|&c| c == 200 || c == 409), "{codes:?}");
    let st = api_a.state(&g.id).await;
    assert_eq!(st["moves"].as_array().unwrap().len(), 2);
}
