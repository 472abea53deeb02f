//! Clocks, the scoring deadline, chat and open seats through the HTTP API, with tiny settings
//! (1-second byo-yomi periods, Fischer with a 1 s increment). The arithmetic itself is checked
//! exactly, with injected timestamps, in `src/clock.rs`; here the server must apply it, end
//! games on time with nobody connected, across a restart, and exactly once on a shared Redis.

mod common;

use common::{code, Api, Backend, Redis, Server};
use futures_util::StreamExt;
use serde_json::Value;
use std::time::Duration;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next state pushed on `ws` that satisfies `want`, within `secs` seconds.
async fn pushed(ws: &mut Ws, secs: u64, want: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    loop {
        let msg = tokio::time::timeout_at(deadline, ws.next())
            .await
            .unwrap_or_else(|_| panic!("no such state pushed within {secs} s"))
            .expect("open")
            .expect("message");
        if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if want(&v) {
                return v;
            }
        }
    }
}

/// The event types in a game's stored log.
async fn logged(store_url: &str, id: &str) -> Vec<String> {
    let store = tengen_store::open(store_url).await.unwrap();
    let g = store.load(id).await.unwrap().expect("stored");
    g.events
        .iter()
        .map(|t| {
            let v: Value = serde_json::from_str(t).unwrap();
            v["t"].as_str().unwrap().to_string()
        })
        .collect()
}

const BYO_1S: &str = r#"{"width":9,"time":{"system":"byoyomi","main":0,"periods":1,"period":1}}"#;

/// Black moves, then nobody does anything and nobody is connected: white's one 1-second
/// period runs out and the server records `B+T` by itself (the stored log shows it before any
/// read of the game).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timeout_lands_with_nobody_connected() {
    let Some(redis) = Redis::start() else {
        eprintln!("SKIP timeout_lands_with_nobody_connected: no redis-server");
        return;
    };
    let server = Server::start(&redis.url(), &[]);
    let api = Api::new(&server.base);
    let g = api.create(BYO_1S).await;
    assert_eq!(
        g.body["state"]["clock"]["running"],
        Value::Null,
        "no clock before the first move"
    );
    let st = api.play_all(&g, &["E5"]).await;
    assert_eq!(st["clock"]["running"], "white");
    assert_eq!(st["clock"]["white"]["periods"], 1);
    tokio::time::sleep(Duration::from_millis(2500)).await;
    // Read the log straight from the store: the timer wrote it, no request did.
    let log = logged(&redis.url(), &g.id).await;
    assert_eq!(log, ["move", "timeout"]);
    let st = api.state(&g.id).await;
    assert_eq!(st["phase"], "finished");
    assert_eq!(st["result"], "B+T");
    assert_eq!(st["to_move"], Value::Null);
    assert_eq!(st["clock"]["running"], Value::Null);
    // A move after it is refused.
    let (s, v) = api
        .post(
            &format!("/api/games/{}/moves", g.id),
            Some(&g.white),
            r#"{"move":"C3","move_number":1}"#,
        )
        .await;
    assert_eq!((s, code(&v)), (422, "game_over"));
}

/// The WebSocket pushes the timeout within a second of the flag falling (SQLite).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timeout_is_pushed_to_watchers() {
    let backend = Backend::sqlite();
    let server = Server::start(&backend.url(), &[]);
    let api = Api::new(&server.base);
    let g = api.create(BYO_1S).await;
    api.play_all(&g, &["E5", "C3"]).await;
    let url = format!("ws://{}/api/games/{}/ws", server.addr, g.id);
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    // Black's period started at white's move; 1 s, then at most one more second.
    let st = pushed(&mut ws, 3, |v| v["phase"] == "finished").await;
    assert_eq!(st["result"], "W+T");
    assert_eq!(st["clock"]["black"]["periods"], 0);
}

/// A restart never resets a clock: the server is killed while white's clock runs and started
/// again; the clock shows the time used before the kill, and the timeout still lands at the
/// same moment, pushed to a watcher without any move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restart_while_a_clock_runs() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start_in("sqlite:tengen.db", &[], Some(dir.path()));
    let api = Api::new(&server.base);
    let g = api
        .create(r#"{"width":9,"time":{"system":"fischer","main":3,"increment":1}}"#)
        .await;
    api.play_all(&g, &["E5"]).await;
    let started = std::time::Instant::now();
    tokio::time::sleep(Duration::from_millis(1000)).await;
    server.kill9();
    let server = Server::start_in("sqlite:tengen.db", &[], Some(dir.path()));
    let api = Api::new(&server.base);
    let url = format!("ws://{}/api/games/{}/ws", server.addr, g.id);
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let first = pushed(&mut ws, 5, |_| true).await;
    if first["phase"] == "play" {
        let left = first["clock"]["white"]["main"].as_f64().unwrap();
        let used = started.elapsed().as_secs_f64();
        // A reset clock would show 3 s again.
        assert!(
            left <= 3.0 - 0.9 && left >= 3.0 - used - 0.5,
            "white has {left} s after {used} s"
        );
        assert_eq!(first["clock"]["running"], "white");
    }
    let st = pushed(&mut ws, 5, |v| v["phase"] == "finished").await;
    assert_eq!(st["result"], "B+T");
    // It fell about 3 s after black's move, not 3 s after the restart.
    let at = started.elapsed().as_secs_f64();
    assert!(at < 5.0, "the timeout landed {at} s after the move");
    assert_eq!(api.state(&g.id).await["result"], "B+T");
}

/// Two servers on one Redis both hold the game and both wake when the flag falls: exactly one
/// timeout event is recorded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_record_one_timeout() {
    let Some(redis) = Redis::start() else {
        eprintln!("SKIP two_servers_record_one_timeout: no redis-server");
        return;
    };
    let a = Server::start(&redis.url(), &[]);
    let b = Server::start(&redis.url(), &[]);
    let (api_a, api_b) = (Api::new(&a.base), Api::new(&b.base));
    for round in 0..3 {
        let g = api_a.create(BYO_1S).await;
        api_a.play_all(&g, &["E5"]).await;
        // Both servers load the game (and arm their timers).
        assert_eq!(api_b.state(&g.id).await["clock"]["running"], "white");
        tokio::time::sleep(Duration::from_millis(2500)).await;
        let log = logged(&redis.url(), &g.id).await;
        assert_eq!(log, ["move", "timeout"], "round {round}");
        assert_eq!(api_a.state(&g.id).await["result"], "B+T");
        assert_eq!(api_b.state(&g.id).await["result"], "B+T");
    }
}

/// Fischer and byo-yomi as the state shows them after several quick moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_after_several_moves() {
    let backend = Backend::sqlite();
    let server = Server::start(&backend.url(), &[]);
    let api = Api::new(&server.base);
    // Fischer 5 s + 1 s: black's first move starts no clock; each later move adds 1 s minus
    // the (short) thinking time.
    let g = api
        .create(r#"{"width":9,"time":{"system":"fischer","main":5,"increment":1,"max":6.5}}"#)
        .await;
    assert_eq!(
        g.body["state"]["time"],
        serde_json::json!({"system":"fischer","main":5.0,"increment":1.0,"max":6.5})
    );
    let st = api.play_all(&g, &["E5", "C3", "G7", "C7", "G3"]).await;
    let clock = &st["clock"];
    assert_eq!(clock["running"], "white");
    // Black: 2 moves charged (+2 s), capped at 6.5: between 6.5 - thinking and 6.5.
    let b = clock["black"]["main"].as_f64().unwrap();
    let w = clock["white"]["main"].as_f64().unwrap();
    assert!((5.5..=6.5).contains(&b), "black {b}");
    assert!((5.5..=6.5).contains(&w), "white {w}");
    assert_eq!(clock["black"]["periods"], Value::Null);
    assert!(clock["at"].as_i64().unwrap() > 1_700_000_000_000);
    // Byo-yomi 0 s main, 3 periods of 2 s: quick moves use no period.
    let g = api
        .create(r#"{"width":9,"time":{"system":"byoyomi","main":0,"periods":3,"period":2}}"#)
        .await;
    let st = api.play_all(&g, &["E5", "C3", "G7", "C7"]).await;
    assert_eq!(st["clock"]["white"]["periods"], 3);
    assert_eq!(st["clock"]["white"]["period"], 2.0);
    assert_eq!(st["clock"]["black"]["periods"], 3);
    assert!(st["clock"]["black"]["period"].as_f64().unwrap() <= 2.0);
    // Canadian: 0 s main, 2 stones in 30 s: one move made, one stone left.
    let g = api
        .create(r#"{"width":9,"time":{"system":"canadian","main":0,"stones":2,"period":30}}"#)
        .await;
    let st = api.play_all(&g, &["E5", "C3", "G7"]).await;
    assert_eq!(st["clock"]["white"]["stones"], 1);
    assert_eq!(st["clock"]["black"]["stones"], 1);
    assert!(st["clock"]["white"]["period"].as_f64().unwrap() > 29.0);
    // Bad settings.
    for bad in [
        r#"{"time":{"system":"byoyomi","main":60,"periods":0,"period":30}}"#,
        r#"{"time":{"system":"absolute","main":-5}}"#,
        r#"{"time":{"system":"sudden"}}"#,
        r#"{"time":"fast"}"#,
        r#"{"scoring_time":-1}"#,
    ] {
        let (s, v) = api.post("/api/games", None, bad).await;
        assert_eq!((s, code(&v)), (422, "bad_time"), "{bad}");
    }
    // No time control: no clock.
    let g = api.create(r#"{"width":9}"#).await;
    assert_eq!(g.body["state"]["clock"], Value::Null);
    assert_eq!(g.body["state"]["time"]["system"], "none");
}

/// When the scoring phase's deadline passes, the marks that stand decide.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scoring_deadline_finishes_with_the_marks() {
    let backend = Backend::sqlite();
    let server = Server::start(&backend.url(), &[]);
    let api = Api::new(&server.base);
    let g = api
        .create(r#"{"width":5,"rules":"chinese","komi":0.5,"scoring_time":1}"#)
        .await;
    let st = api.play_all(&g, &["C3", "pass", "pass"]).await;
    assert_eq!(st["phase"], "scoring");
    let deadline = st["scoring_deadline"].as_i64().unwrap();
    assert!(deadline > 1_700_000_000_000);
    let standing = st["score"]["result"].clone();
    let dead = st["dead"].clone();
    assert!(standing.is_string());
    // Nobody accepts: after the deadline the game is finished with the marks as they stood.
    tokio::time::sleep(Duration::from_millis(1600)).await;
    let st = api.state(&g.id).await;
    assert_eq!(st["phase"], "finished");
    assert_eq!(st["result"], standing);
    assert_eq!(st["dead"], dead);
    assert_eq!(st["accepted"]["black"], true);
    assert_eq!(st["accepted"]["white"], true);
    assert_eq!(st["scoring_deadline"], Value::Null);
    let (s, v) = api
        .post(
            &format!("/api/games/{}/accept", g.id),
            Some(&g.black),
            r#"{"marks_version":1}"#,
        )
        .await;
    assert_eq!((s, code(&v)), (422, "game_over"));
    // Without a limit (0) the phase waits.
    let g = api
        .create(r#"{"width":5,"rules":"chinese","scoring_time":0}"#)
        .await;
    let st = api.play_all(&g, &["C3", "pass", "pass"]).await;
    assert_eq!(st["scoring_deadline"], Value::Null);
}

/// Chat: 1 to 500 characters after trimming, control and bidi-override characters removed,
/// markup kept as text; only players post, everyone reads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_limits_and_text() {
    let backend = Backend::sqlite();
    let server = Server::start(&backend.url(), &[]);
    let api = Api::new(&server.base);
    let g = api.create(r#"{"width":9}"#).await;
    let url = format!("/api/games/{}/chat", g.id);
    let body = |t: &str| serde_json::json!({ "text": t }).to_string();
    for bad in ["", "   ", "\u{202E}\u{0007}", &"x".repeat(501)] {
        let (s, v) = api.post(&url, Some(&g.black), &body(bad)).await;
        assert_eq!((s, code(&v)), (422, "bad_text"), "{bad:?}");
    }
    let (s, v) = api.post(&url, None, &body("hi")).await;
    assert_eq!((s, code(&v)), (401, "unauthorized"));
    let (s, v) = api.post(&url, Some(&g.black), r#"{"text":5}"#).await;
    assert_eq!((s, code(&v)), (400, "bad_request"));
    let (s, _) = api
        .post(
            &url,
            Some(&g.black),
            &body(&format!("  {}  ", "é".repeat(500))),
        )
        .await;
    assert_eq!(s, 200);
    api.play_all(&g, &["E5"]).await;
    let (s, st) = api
        .post(
            &url,
            Some(&g.white),
            &body("<b>gg</b> \u{202E}evil\u{202C} a\u{0000}b"),
        )
        .await;
    assert_eq!(s, 200);
    let chat = st["chat"].as_array().unwrap();
    assert_eq!(chat.len(), 2);
    assert_eq!(chat[0]["from"], "black");
    assert_eq!(chat[0]["text"].as_str().unwrap().chars().count(), 500);
    assert_eq!(chat[0]["move_number"], 0);
    assert_eq!(chat[1]["from"], "white");
    assert_eq!(chat[1]["text"], "<b>gg</b> evil ab");
    assert_eq!(chat[1]["move_number"], 1);
    // Spectators read it in the state.
    assert_eq!(api.state(&g.id).await["chat"], st["chat"]);
}

/// Open seats: listed, taken by exactly one of several racing joiners, the others answer
/// `409 seat_taken`; the joiner's token plays that seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_seat_join_race() {
    for backend in [Some(Backend::sqlite()), Backend::redis()] {
        let Some(backend) = backend else {
            eprintln!("SKIP open_seat_join_race on redis: no redis-server");
            continue;
        };
        let server = Server::start(&backend.url(), &[]);
        let api = Api::new(&server.base);
        let (s, v) = api
            .post(
                "/api/games",
                None,
                r#"{"width":9,"open":"white","black_name":"Ann"}"#,
            )
            .await;
        assert_eq!(s, 201);
        assert_eq!(v["white_token"], Value::Null);
        assert_eq!(v["white_url"], Value::Null);
        assert_eq!(v["state"]["open"], "white");
        let id = v["id"].as_str().unwrap().to_string();
        let black = v["black_token"].as_str().unwrap().to_string();
        let (_, list) = api.get("/api/games?open=true").await;
        let entry = list
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["id"] == id.as_str())
            .expect("listed as open");
        assert_eq!(entry["open"], "white");
        // A full game is not listed (even when listed among the recent games).
        let full = api.create(r#"{"width":9,"listed":true}"#).await;
        let (_, list) = api.get("/api/games?open=true").await;
        assert!(list
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["id"] != full.id.as_str()));
        // Joining the seat that is not open.
        let join = format!("/api/games/{id}/join");
        let (s, v) = api.post(&join, None, r#"{"color":"black"}"#).await;
        assert_eq!((s, code(&v)), (409, "seat_taken"));
        // Eight racing joiners.
        let mut tasks = Vec::new();
        for k in 0..8 {
            let api = api.clone();
            let join = join.clone();
            tasks.push(tokio::spawn(async move {
                api.post(
                    &join,
                    None,
                    &format!(r#"{{"color":"white","name":"P{k}"}}"#),
                )
                .await
            }));
        }
        let mut winners = Vec::new();
        for t in tasks {
            let (s, v) = t.await.unwrap();
            match s {
                200 => winners.push(v),
                409 => assert_eq!(code(&v), "seat_taken"),
                _ => panic!("join answered {s} {v}"),
            }
        }
        assert_eq!(winners.len(), 1);
        let w = &winners[0];
        let token = w["token"].as_str().unwrap();
        assert!(w["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("#token={token}")));
        assert_eq!(w["state"]["open"], Value::Null);
        let name = w["state"]["white_name"].as_str().unwrap().to_string();
        assert!(name.starts_with('P'));
        let (_, list) = api.get("/api/games?open=true").await;
        assert!(list
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["id"] != id.as_str()));
        // The joiner plays white; black's token does not.
        let mv = format!("/api/games/{id}/moves");
        let (s, _) = api
            .post(&mv, Some(&black), r#"{"move":"E5","move_number":0}"#)
            .await;
        assert_eq!(s, 200);
        let (s, v) = api
            .post(&mv, Some(&black), r#"{"move":"C3","move_number":1}"#)
            .await;
        assert_eq!((s, code(&v)), (422, "not_your_turn"));
        let (s, st) = api
            .post(&mv, Some(token), r#"{"move":"C3","move_number":1}"#)
            .await;
        assert_eq!(s, 200, "{st}");
        let (s, me) = api
            .send(
                reqwest::Method::GET,
                &format!("/api/games/{id}/me"),
                Some(token),
                None,
            )
            .await;
        assert_eq!((s, me["color"].as_str()), (200, Some("white")));
        assert_eq!(api.state(&id).await["white_name"], name.as_str());
    }
}
