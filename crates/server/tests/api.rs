//! The HTTP contract against the built server, once per store (SQLite and Redis).

mod common;

use common::{code, Api, Backend, Created, Server};
use futures_util::StreamExt;
use serde_json::Value;
use std::time::Duration;

macro_rules! both_stores {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::$name(super::Backend::sqlite()).await;
                }

                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn redis() {
                    match super::Backend::redis() {
                        Some(b) => super::$name(b).await,
                        None => eprintln!("SKIP {}::redis: no redis-server", stringify!($name)),
                    }
                }
            }
        )*
    };
}

both_stores!(
    create_list_state_sgf,
    errors_in_contract_order,
    rules_refusals,
    race_one_turn,
    scoring_flow,
    undo_flow,
    websocket_updates,
    restart_keeps_games,
);

fn start(b: &Backend) -> (Server, Api) {
    let s = Server::start(&b.url(), &[]);
    let api = Api::new(&s.base);
    (s, api)
}

async fn create_list_state_sgf(b: Backend) {
    let (_s, api) = start(&b);
    let g = api
        .create(r#"{"width":9,"height":9,"rules":"japanese","komi":0.5,"black_name":"Ann","white_name":"Ben","listed":true}"#)
        .await;
    let v = &g.body;
    for k in ["black_url", "white_url", "watch_url"] {
        let url = v[k].as_str().unwrap();
        assert!(url.starts_with("http://127.0.0.1:"), "{url}");
        assert!(!url.contains('?'), "no query string: {url}");
        assert!(url.contains(&format!("/g/{}", g.id)));
    }
    assert!(v["black_url"]
        .as_str()
        .unwrap()
        .ends_with(&format!("#token={}", g.black)));
    assert!(v["white_url"]
        .as_str()
        .unwrap()
        .ends_with(&format!("#token={}", g.white)));
    assert!(!v["watch_url"].as_str().unwrap().contains("token"));
    assert_ne!(g.black, g.white);
    assert!(g.black.len() >= 22, "128+ bits");
    let st = &v["state"];
    assert_eq!(
        st["rules"],
        "ko=simple,suicide=forbidden,scoring=territory,komi=0.5,handicap-bonus=0"
    );
    assert_eq!(st["komi"], 0.5);
    assert_eq!(st["board"].as_array().unwrap().len(), 9);
    assert_eq!(st["board"][0], ".........");
    assert_eq!(st["to_move"], "black");
    assert_eq!(st["move_number"], 0);
    assert_eq!(st["phase"], "play");
    assert_eq!(st["black_name"], "Ann");
    assert_eq!(st["captures"]["white"], 0);
    assert_eq!(st["accepted"]["black"], false);
    assert!(st["score"].is_null() && st["result"].is_null() && st["ko"].is_null());
    for key in [
        "id",
        "width",
        "height",
        "rules",
        "komi",
        "black_name",
        "white_name",
        "board",
        "to_move",
        "move_number",
        "moves",
        "captures",
        "phase",
        "last_move",
        "ko",
        "undo_requested_by",
        "marks_version",
        "dead",
        "territory",
        "accepted",
        "score",
        "result",
    ] {
        assert!(st.get(key).is_some(), "state lacks {key}");
    }
    let text = st.to_string();
    assert!(
        !text.contains(&g.black) && !text.contains(&g.white),
        "a token in the state"
    );

    let st = api.play_all(&g, &["E5", "c3"]).await;
    assert_eq!(st["moves"], serde_json::json!(["E5", "C3"]));
    assert_eq!(st["board"][4], "....x....");
    assert_eq!(st["board"][6], "..o......");
    assert_eq!(st["last_move"], "C3");
    assert_eq!(api.state(&g.id).await, st);

    // Defaults: 19x19 chinese, unlisted; handicap: white first, GNU Go's points, komi 0.5.
    let h = api.create(r#"{"handicap":2}"#).await;
    let hs = &h.body["state"];
    assert_eq!(
        (hs["width"].as_u64(), hs["height"].as_u64()),
        (Some(19), Some(19))
    );
    assert_eq!(hs["to_move"], "white");
    assert_eq!(hs["board"][3].as_str().unwrap().chars().nth(15), Some('x')); // Q16
    assert_eq!(hs["board"][15].as_str().unwrap().chars().nth(3), Some('x')); // D4
    assert_eq!(
        hs["rules"],
        "ko=simple,suicide=forbidden,scoring=area,komi=0.5,handicap-bonus=n"
    );
    // The creator may keep the preset's komi (or any other) in a handicap game.
    let h7 = api.create(r#"{"handicap":3,"komi":7.5}"#).await;
    assert_eq!(h7.body["state"]["komi"], 7.5);
    let hr = api
        .create(r#"{"handicap":3,"rules":"japanese,komi=6.5"}"#)
        .await;
    assert_eq!(hr.body["state"]["komi"], 6.5);

    let (s, list) = api.get("/api/games").await;
    assert_eq!(s, 200);
    let list = list.as_array().unwrap();
    // Only the game created with "listed": true is shown.
    assert_eq!(list.len(), 1, "{list:?}");
    let mine = list
        .iter()
        .find(|e| e["id"] == g.id.as_str())
        .expect("listed");
    assert_eq!(mine["move_number"], 2);
    assert_eq!(mine["phase"], "play");
    assert_eq!(mine["black_name"], "Ann");
    assert!(mine["result"].is_null());

    let res = api
        .http
        .get(format!("{}/api/games/{}/sgf", api.base, g.id))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/x-go-sgf");
    let sgf = res.text().await.unwrap();
    assert!(
        sgf.contains("SZ[9]") && sgf.contains(";B[ee]") && sgf.contains(";W[cg]"),
        "{sgf}"
    );
    assert!(sgf.contains("PB[Ann]") && sgf.contains("KM[0.5]"));

    let (s, v) = api.get("/healthz").await;
    assert_eq!(s, 200, "{v}");
    let (s, _) = api.get("/").await;
    assert_eq!(s, 200);
    let (s, _) = api.get(&format!("/g/{}", g.id)).await;
    assert_eq!(s, 200);
}

/// 404, 401, 403, 413, 400, 409, 422 in that order, and no change on any error.
async fn errors_in_contract_order(b: Backend) {
    let (_s, api) = start(&b);
    let g = api.create(r#"{"width":9}"#).await;
    api.play_all(&g, &["E5"]).await;
    let before = api.state(&g.id).await;
    let moves = format!("/api/games/{}/moves", g.id);
    let big = format!(
        r#"{{"move":"D4","move_number":1,"pad":"{}"}}"#,
        "x".repeat(70_000)
    );
    let bad = Some(g.black.as_str());

    // 404 beats everything.
    for path in [
        "/api/games/nope/moves",
        "/api/games/nope/undo",
        "/api/games/nope/dead",
        "/api/games/nope/accept",
        "/api/games/nope/resume",
        "/api/games/nope/undo/accept",
    ] {
        let (s, v) = api.post(path, None, &big).await;
        assert_eq!((s, code(&v)), (404, "not_found"), "{path}");
    }
    for path in [
        "/api/games/nope",
        "/api/games/nope/sgf",
        "/api/games/nope/ws",
        "/api/games/..%2F..%2Fetc",
    ] {
        let (s, v) = api.get(path).await;
        assert_eq!((s, code(&v)), (404, "not_found"), "{path}");
    }
    // 401: no token (even with a too large or malformed body).
    let (s, v) = api.post(&moves, None, &big).await;
    assert_eq!((s, code(&v)), (401, "unauthorized"));
    let (s, v) = api
        .send(reqwest::Method::POST, &moves, None, Some("{".into()))
        .await;
    assert_eq!((s, code(&v)), (401, "unauthorized"));
    let res = api
        .http
        .post(format!("{}{moves}", api.base))
        .header("Authorization", "Basic abc")
        .body(r#"{"move":"D4","move_number":1}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 401);
    // 403: a token of neither player.
    let other = api.create("{}").await;
    let (s, v) = api.post(&moves, Some(&other.black), &big).await;
    assert_eq!((s, code(&v)), (403, "forbidden"));
    let (s, v) = api.post(&moves, Some("not-a-token"), "{").await;
    assert_eq!((s, code(&v)), (403, "forbidden"));
    // 413 before 400.
    let (s, v) = api.post(&moves, bad, &big).await;
    assert_eq!((s, code(&v)), (413, "too_large"));
    let (s, v) = api.post("/api/games", None, &big).await;
    assert_eq!((s, code(&v)), (413, "too_large"));
    // 400: malformed JSON, unknown fields, wrong types, missing fields, unreadable vertices.
    for body in [
        "{",
        "",
        "null",
        "[]",
        r#"{"move":"D4","move_number":0,"extra":1}"#,
        r#"{"move":"D4","move_number":"0"}"#,
        r#"{"move":"D4","move_number":-1}"#,
        r#"{"move":"D4","move_number":1.5}"#,
        r#"{"move":4,"move_number":0}"#,
        r#"{"move":"D4"}"#,
        r#"{"move":"hello","move_number":1}"#,
        r#"{"move":"I5","move_number":1}"#,
        r#"{"move":"D0","move_number":1}"#,
        r#"{"move":"","move_number":1}"#,
    ] {
        let (s, v) = api.post(&moves, bad, body).await;
        assert_eq!((s, code(&v)), (400, "bad_request"), "body {body:?}: {v}");
    }
    // 409 before 422: a stale move number, by the wrong player (black played E5 at 0).
    let (s, v) = api
        .post(&moves, bad, r#"{"move":"pass","move_number":0}"#)
        .await;
    assert_eq!((s, code(&v)), (409, "stale"));
    let (s, v) = api
        .post(&moves, bad, r#"{"move":"D5","move_number":0}"#)
        .await;
    assert_eq!((s, code(&v)), (409, "stale"));
    // ...but the very move recorded at 0, by its player, is a retry: 200 with the state.
    let (s, v) = api
        .post(&moves, bad, r#"{"move":"e5","move_number":0}"#)
        .await;
    assert_eq!((s, v["move_number"].as_u64()), (200, Some(1)), "{v}");
    assert_eq!(v["moves"], serde_json::json!(["E5"]));
    // The same vertex by the other player is not.
    let (s, v) = api
        .post(&moves, Some(&g.white), r#"{"move":"E5","move_number":0}"#)
        .await;
    assert_eq!((s, code(&v)), (409, "stale"));
    let (s, v) = api
        .post(&moves, Some(&g.white), r#"{"move":"E5","move_number":7}"#)
        .await;
    assert_eq!((s, code(&v)), (409, "stale"));
    // 422s.
    let (s, v) = api
        .post(&moves, bad, r#"{"move":"D4","move_number":1}"#)
        .await;
    assert_eq!((s, code(&v)), (422, "not_your_turn"));
    let (s, v) = api
        .post(&moves, Some(&g.white), r#"{"move":"e5","move_number":1}"#)
        .await;
    assert_eq!((s, code(&v)), (422, "occupied"));
    let (s, v) = api
        .post(&moves, Some(&g.white), r#"{"move":"T19","move_number":1}"#)
        .await;
    assert_eq!((s, code(&v)), (422, "off_board"));
    let (s, v) = api
        .post(
            &format!("/api/games/{}/dead", g.id),
            bad,
            r#"{"point":"E5","dead":true,"marks_version":0}"#,
        )
        .await;
    assert_eq!((s, code(&v)), (422, "wrong_phase"));
    let (s, v) = api
        .post(
            &format!("/api/games/{}/dead", g.id),
            bad,
            r#"{"point":"E5","dead":true,"marks_version":3}"#,
        )
        .await;
    assert_eq!((s, code(&v)), (409, "stale"));
    let (s, v) = api
        .post(
            &format!("/api/games/{}/accept", g.id),
            bad,
            r#"{"marks_version":0}"#,
        )
        .await;
    assert_eq!((s, code(&v)), (422, "wrong_phase"));
    let (s, v) = api
        .post(&format!("/api/games/{}/resume", g.id), bad, "")
        .await;
    assert_eq!((s, code(&v)), (422, "wrong_phase"));
    let (s, v) = api
        .post(
            &format!("/api/games/{}/undo/accept", g.id),
            Some(&g.white),
            "",
        )
        .await;
    assert_eq!((s, code(&v)), (422, "wrong_phase"));
    let (s, v) = api
        .post(&format!("/api/games/{}/undo", g.id), Some(&g.white), "")
        .await;
    assert_eq!(
        (s, code(&v)),
        (422, "wrong_phase"),
        "white has no move to take back"
    );
    let (s, v) = api
        .post(&format!("/api/games/{}/undo", g.id), bad, r#"{"x":1}"#)
        .await;
    assert_eq!((s, code(&v)), (400, "bad_request"));
    // Nothing changed.
    assert_eq!(api.state(&g.id).await, before);

    // Creation: 400 and 422.
    for body in [
        r#"{"size":9}"#,
        r#"{"width":"9"}"#,
        r#"{"rules":"go"}"#,
        r#"{"komi":"x"}"#,
        r#"{"handicap":1}"#,
        r#"{"handicap":10}"#,
        "{",
        r#"{"black_name":5}"#,
    ] {
        let (s, v) = api.post("/api/games", None, body).await;
        assert_eq!((s, code(&v)), (400, "bad_request"), "{body}: {v}");
    }
    for body in [
        r#"{"width":26}"#,
        r#"{"width":19,"height":26}"#,
        r#"{"width":0}"#,
        r#"{"width":99999999999}"#,
        r#"{"width":5,"handicap":2}"#,
        // A 7x7 board holds GNU Go's 4 corner points and no more; a 9x9 board holds 9.
        r#"{"width":7,"handicap":5}"#,
        r#"{"width":9,"height":7,"handicap":2}"#,
    ] {
        let (s, v) = api.post("/api/games", None, body).await;
        assert_eq!((s, code(&v)), (422, "bad_size"), "{body}: {v}");
    }
    // Komi the rules cannot play with: off the half-point grid (0.3, 6.25) or beyond
    // tengen_core::MAX_KOMI (10,000): 422 with a message naming komi; a komi too large for a
    // JSON double (1e400) is unreadable JSON, 400.
    for body in [
        r#"{"komi":0.3}"#,
        r#"{"komi":6.25}"#,
        r#"{"komi":10000.5}"#,
        r#"{"komi":-1e308}"#,
        r#"{"handicap":2,"komi":0.25}"#,
    ] {
        let (s, v) = api.post("/api/games", None, body).await;
        assert_eq!((s, code(&v)), (422, "bad_size"), "{body}: {v}");
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains("komi"), "{body}: {message}");
        assert!(message.contains("multiple of 0.5"), "{body}: {message}");
    }
    let (s, v) = api.post("/api/games", None, r#"{"komi":1e400}"#).await;
    assert_eq!((s, code(&v)), (400, "bad_request"), "{v}");
    // The limits themselves are accepted.
    for (body, komi) in [
        (r#"{"komi":10000}"#, 10000.0),
        (r#"{"komi":-10000}"#, -10000.0),
        (r#"{"komi":-0.5}"#, -0.5),
    ] {
        assert_eq!(api.create(body).await.body["state"]["komi"], komi, "{body}");
    }
    let h4 = api.create(r#"{"width":7,"handicap":4}"#).await;
    let stones: usize = h4.body["state"]["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_str().unwrap().matches('x').count())
        .sum();
    assert_eq!(stones, 4, "7x7 with 4 handicap stones: {}", h4.body);
    let g25 = api.create(r#"{"width":25,"height":3}"#).await;
    assert_eq!(g25.body["state"]["board"][0].as_str().unwrap().len(), 25);

    // Game over: moves after a resignation.
    api.play_all(&g, &["resign"]).await;
    let st = api.state(&g.id).await;
    assert_eq!(
        (st["phase"].as_str(), st["result"].as_str()),
        (Some("finished"), Some("B+R"))
    );
    assert!(st["to_move"].is_null());
    let n = st["move_number"].as_u64().unwrap();
    let (s, v) = api
        .post(
            &moves,
            bad,
            &format!(r#"{{"move":"A1","move_number":{n}}}"#),
        )
        .await;
    assert_eq!((s, code(&v)), (422, "game_over"));
}

async fn rules_refusals(b: Backend) {
    let (_s, api) = start(&b);
    // Capture and simple ko on 5x5.
    let g = api.create(r#"{"width":5}"#).await;
    let st = api
        .play_all(&g, &["B3", "D2", "C2", "D4", "C4", "E3", "A1", "C3", "D3"])
        .await;
    assert_eq!(st["captures"]["black"], 1);
    assert_eq!(st["ko"], "C3");
    let (s, v) = api.play(&g, &g.white, "C3").await;
    assert_eq!((s, code(&v)), (422, "ko"), "{v}");
    // Suicide, forbidden.
    let g = api.create(r#"{"width":5}"#).await;
    api.play_all(&g, &["A2", "E5", "B1"]).await;
    let (s, v) = api.play(&g, &g.white, "A1").await;
    assert_eq!((s, code(&v)), (422, "suicide"));
    // Suicide allowed under Tromp-Taylor, but a lone stone's suicide repeats the position.
    let g = api.create(r#"{"width":5,"rules":"tromp-taylor"}"#).await;
    api.play_all(&g, &["A2", "E5", "B1"]).await;
    let (s, v) = api.play(&g, &g.white, "A1").await;
    assert_eq!((s, code(&v)), (422, "superko"));
}

/// 50 concurrent attempts at one turn: exactly one 200, the rest 409, one move played.
async fn race_one_turn(b: Backend) {
    let (_s, api) = start(&b);
    let g = api.create(r#"{"width":19}"#).await;
    let mut tasks = Vec::new();
    for k in 0..50u32 {
        let api = api.clone();
        let g = g.clone();
        tasks.push(tokio::spawn(async move {
            let v = format!(
                "{}{}",
                ["A", "B", "C", "D", "E"][(k % 5) as usize],
                k / 5 + 1
            );
            api.post(
                &format!("/api/games/{}/moves", g.id),
                Some(&g.black),
                &format!(r#"{{"move":"{v}","move_number":0}}"#),
            )
            .await
        }));
    }
    let mut ok = 0;
    let mut stale = 0;
    for t in tasks {
        let (s, v) = t.await.unwrap();
        match s {
            200 => ok += 1,
            409 => {
                assert_eq!(code(&v), "stale");
                stale += 1
            }
            other => panic!("unexpected {other}: {v}"),
        }
    }
    assert_eq!((ok, stale), (1, 49));
    let st = api.state(&g.id).await;
    assert_eq!(st["move_number"], 1);
    assert_eq!(st["moves"].as_array().unwrap().len(), 1);

    // The same for acceptances in the scoring phase: both accept version v concurrently, and
    // racing dead marks at one version.
    api.play_all(&g, &["pass", "pass"]).await;
    let st = api.state(&g.id).await;
    assert_eq!(st["phase"], "scoring");
    let v = st["marks_version"].as_u64().unwrap();
    let first = st["moves"][0].as_str().unwrap().to_string();
    let mut tasks = Vec::new();
    for k in 0..20 {
        let first = first.clone();
        let api = api.clone();
        let g = g.clone();
        tasks.push(tokio::spawn(async move {
            let token = if k % 2 == 0 { &g.black } else { &g.white };
            let dead = k % 4 < 2;
            api.post(
                &format!("/api/games/{}/dead", g.id),
                Some(token),
                &format!(r#"{{"point":"{first}","dead":{dead},"marks_version":{v}}}"#),
            )
            .await
            .0
        }));
    }
    let mut codes = Vec::new();
    for t in tasks {
        codes.push(t.await.unwrap());
    }
    let oks = codes.iter().filter(|&&c| c == 200).count();
    assert!(codes.iter().all(|&c| c == 200 || c == 409), "{codes:?}");
    let after = api.state(&g.id).await["marks_version"].as_u64().unwrap();
    // Every success that changed the marks bumped the version by one; no-op successes did not.
    assert!(after - v <= 1 && oks >= 1, "{codes:?} {v} -> {after}");
}

async fn scoring_flow(b: Backend) {
    let (_s, api) = start(&b);
    // A black wall on column C, a white wall on column E, a white stone at B4 in black's area.
    let g = api
        .create(r#"{"width":7,"height":7,"rules":"japanese","komi":0.5,"listed":true}"#)
        .await;
    api.play_all(
        &g,
        &[
            "C1", "E1", "C2", "E2", "C3", "E3", "C4", "E4", "C5", "E5", "C6", "E6", "C7", "E7",
            "pass", "B4", "pass",
        ],
    )
    .await;
    let (s, st) = api.play(&g, &g.white, "pass").await;
    assert_eq!(s, 200);
    assert_eq!(st["phase"], "scoring");
    assert!(st["score"].is_object(), "score in scoring: {st}");
    let marks = st["marks_version"].as_u64().unwrap();
    assert!(marks >= 1);
    // Moves are refused in scoring.
    let (s, v) = api.play(&g, &g.black, "F4").await;
    assert_eq!((s, code(&v)), (422, "wrong_phase"));
    let dead =
        |p: &str, d: bool, v: u64| format!(r#"{{"point":"{p}","dead":{d},"marks_version":{v}}}"#);
    let url = format!("/api/games/{}/dead", g.id);
    // B4 dead (the automatic guess may have marked it already: then nothing changes).
    let (s, st) = api
        .post(&url, Some(&g.black), &dead("B4", true, marks))
        .await;
    assert_eq!(s, 200, "{st}");
    let m2 = st["marks_version"].as_u64().unwrap();
    assert!(m2 == marks || m2 == marks + 1);
    assert_eq!(st["dead"], serde_json::json!(["B4"]));
    assert_eq!(
        st["territory"]["black"].as_array().unwrap().len(),
        14,
        "{st}"
    );
    assert_eq!(
        st["territory"]["white"].as_array().unwrap().len(),
        14,
        "{st}"
    );
    assert_eq!(st["score"]["result"], "B+0.5");
    assert!(st["result"].is_null());
    let (s, v) = api
        .post(&url, Some(&g.black), &dead("B4", false, m2 + 5))
        .await;
    assert_eq!((s, code(&v)), (409, "stale"));
    let (s, v) = api.post(&url, Some(&g.black), &dead("D4", true, m2)).await;
    assert_eq!((s, code(&v)), (422, "no_stone"), "{v}");
    let (s, v) = api.post(&url, Some(&g.black), &dead("Z9", true, m2)).await;
    assert_eq!((s, code(&v)), (422, "off_board"), "{v}");
    // Alive again: white's stone spoils black's area.
    let (s, st) = api.post(&url, Some(&g.white), &dead("B4", false, m2)).await;
    assert_eq!(s, 200);
    let m3 = st["marks_version"].as_u64().unwrap();
    assert_eq!(m3, m2 + 1);
    assert_eq!(st["dead"], serde_json::json!([]));
    assert_eq!(st["score"]["result"], "W+14.5");
    let (s, st) = api.post(&url, Some(&g.white), &dead("B4", true, m3)).await;
    assert_eq!(s, 200);
    let m4 = st["marks_version"].as_u64().unwrap();
    assert_eq!(m4, m3 + 1);
    // Acceptances: a stale one is refused; a change clears them.
    let acc = format!("/api/games/{}/accept", g.id);
    let (s, st) = api
        .post(
            &acc,
            Some(&g.black),
            &format!(r#"{{"marks_version":{m4}}}"#),
        )
        .await;
    assert_eq!(s, 200);
    assert_eq!(st["accepted"]["black"], true);
    assert_eq!(st["phase"], "scoring");
    let (s, v) = api
        .post(
            &acc,
            Some(&g.white),
            &format!(r#"{{"marks_version":{m3}}}"#),
        )
        .await;
    assert_eq!((s, code(&v)), (409, "stale"));
    // Resume play, then score again.
    let (s, st) = api
        .post(&format!("/api/games/{}/resume", g.id), Some(&g.white), "")
        .await;
    assert_eq!(s, 200);
    assert_eq!(st["phase"], "play");
    assert!(st["score"].is_null());
    assert_eq!(st["to_move"], "black");
    // One new pass does not end play (the passes before the resume do not count): the
    // regression of issue 12 item 4. Two new passes in a row do.
    let (s, st) = api.play(&g, &g.black, "pass").await;
    assert_eq!(s, 200);
    assert_eq!(st["phase"], "play");
    assert_eq!(st["to_move"], "white");
    let (s, st) = api.play(&g, &g.white, "pass").await;
    assert_eq!(s, 200);
    assert_eq!(st["phase"], "scoring");
    assert_eq!(st["accepted"]["black"], false);
    let m = st["marks_version"].as_u64().unwrap();
    assert!(m > m4);
    let (s, st) = api.post(&url, Some(&g.white), &dead("B4", true, m)).await;
    assert_eq!(s, 200);
    let m = st["marks_version"].as_u64().unwrap();
    let (s, _) = api
        .post(&acc, Some(&g.black), &format!(r#"{{"marks_version":{m}}}"#))
        .await;
    assert_eq!(s, 200);
    let (s, st) = api
        .post(&acc, Some(&g.white), &format!(r#"{{"marks_version":{m}}}"#))
        .await;
    assert_eq!(s, 200);
    assert_eq!(st["phase"], "finished");
    assert_eq!(st["result"], "B+0.5");
    assert_eq!(st["score"]["result"], "B+0.5");
    assert!(st["to_move"].is_null());
    let (s, v) = api
        .post(&acc, Some(&g.white), &format!(r#"{{"marks_version":{m}}}"#))
        .await;
    assert_eq!((s, code(&v)), (422, "game_over"));
    let (_, list) = api.get("/api/games").await;
    let e = list
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == g.id.as_str())
        .unwrap()
        .clone();
    assert_eq!(
        (e["phase"].as_str(), e["result"].as_str()),
        (Some("finished"), Some("B+0.5"))
    );
    let sgf = api
        .http
        .get(format!("{}/api/games/{}/sgf", api.base, g.id))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(sgf.contains("RE[B+0.5]"), "{sgf}");
}

async fn undo_flow(b: Backend) {
    let (_s, api) = start(&b);
    let g = api.create(r#"{"width":9}"#).await;
    api.play_all(&g, &["E5", "C3", "G7"]).await;
    let undo = format!("/api/games/{}/undo", g.id);
    let accept = format!("/api/games/{}/undo/accept", g.id);
    // Black asks back G7; a move in between cancels the request.
    let (s, st) = api.post(&undo, Some(&g.black), "").await;
    assert_eq!(s, 200);
    assert_eq!(st["undo_requested_by"], "black");
    let (s, v) = api.post(&accept, Some(&g.black), "{}").await;
    assert_eq!(
        (s, code(&v)),
        (422, "wrong_phase"),
        "the asker cannot accept"
    );
    api.play_all(&g, &["D7"]).await;
    let st = api.state(&g.id).await;
    assert!(st["undo_requested_by"].is_null());
    let (s, v) = api.post(&accept, Some(&g.white), "").await;
    assert_eq!((s, code(&v)), (422, "wrong_phase"));
    // White asks back D7; black agrees.
    let (s, _) = api.post(&undo, Some(&g.white), "").await;
    assert_eq!(s, 200);
    let (s, st) = api.post(&accept, Some(&g.black), "").await;
    assert_eq!(s, 200, "{st}");
    assert_eq!(st["move_number"], 3);
    assert_eq!(st["to_move"], "white");
    assert_eq!(st["moves"], serde_json::json!(["E5", "C3", "G7"]));
    assert!(st["undo_requested_by"].is_null());
    // Black asks on white's turn... no: black asks when it is white's turn for G7 (its last).
    // Asking on one's own turn takes back two moves.
    api.play_all(&g, &["D7"]).await;
    let (s, _) = api.post(&undo, Some(&g.black), "").await;
    assert_eq!(s, 200);
    let (s, st) = api.post(&accept, Some(&g.white), "").await;
    assert_eq!(s, 200);
    assert_eq!(st["moves"], serde_json::json!(["E5", "C3"]));
    assert_eq!(st["to_move"], "black");
    // The state survives a rebuild from the log: read through another server on the store.
    let st_now = api.state(&g.id).await;
    let s2 = Server::start(&b.url(), &[]);
    let api2 = Api::new(&s2.base);
    assert_eq!(api2.state(&g.id).await, st_now);
}

async fn websocket_updates(b: Backend) {
    let (_s, api) = start(&b);
    let g = api.create(r#"{"width":9}"#).await;
    let ws_url = format!(
        "{}/api/games/{}/ws",
        api.base.replace("http://", "ws://"),
        g.id
    );
    let mut watchers = Vec::new();
    for _ in 0..3 {
        let (ws, _) = tokio_tungstenite::connect_async(&ws_url)
            .await
            .expect("ws connect");
        watchers.push(ws);
    }
    for ws in &mut watchers {
        let first = next_state(ws).await;
        assert_eq!(first["move_number"], 0);
    }
    api.play_all(&g, &["E5"]).await;
    for ws in &mut watchers {
        let st = next_state(ws).await;
        assert_eq!(st["move_number"], 1);
        assert_eq!(st["last_move"], "E5");
        assert!(!st.to_string().contains(&g.black));
    }
    // Errors push nothing: the next message is the next change.
    let (s, _) = api.play(&g, &g.black, "D4").await;
    assert_eq!(s, 422);
    api.play_all(&g, &["D4"]).await;
    for ws in &mut watchers {
        let st = next_state(ws).await;
        assert_eq!(st["move_number"], 2);
    }
    let res = tokio_tungstenite::connect_async(format!(
        "{}/api/games/nope/ws",
        api.base.replace("http://", "ws://")
    ))
    .await;
    assert!(res.is_err(), "no WebSocket for an unknown game");
}

pub async fn next_state(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("a state within 10 s")
            .expect("stream open")
            .expect("message");
        if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
            common::schema::check_ws_message(t.as_str());
            return serde_json::from_str(t.as_str()).unwrap();
        }
    }
}

/// A graceful stop keeps everything; a new server on the same store has the games.
async fn restart_keeps_games(b: Backend) {
    let (mut s, api) = start(&b);
    let g: Created = api.create(r#"{"width":9,"black_name":"Keep"}"#).await;
    let st = api.play_all(&g, &["E5", "C3", "pass"]).await;
    assert_eq!(s.terminate(20), Some(true), "graceful exit on SIGTERM");
    let s2 = Server::start(&b.url(), &[]);
    let api2 = Api::new(&s2.base);
    assert_eq!(api2.state(&g.id).await, st);
    // Tokens still work after the restart.
    let (code_, _) = api2.play(&g, &g.white, "D4").await;
    assert_eq!(code_, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_rate_limit() {
    let b = Backend::sqlite();
    let s = Server::start(&b.url(), &["--create-rate", "3/min"]);
    let api = Api::new(&s.base);
    for _ in 0..3 {
        let (st, v) = api.post("/api/games", None, "{}").await;
        assert_eq!(st, 201, "{v}");
    }
    let (st, v) = api.post("/api/games", None, "{}").await;
    assert_eq!((st, code(&v)), (429, "rate_limited"));
}

/// Odd boards and junk never make the server fail: every answer is a contract answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn odd_sizes_and_junk_never_break_the_server() {
    let b = Backend::sqlite();
    let (_s, api) = start(&b);
    for (w, h) in [
        (1, 1),
        (1, 2),
        (2, 1),
        (25, 1),
        (1, 25),
        (2, 2),
        (25, 3),
        (4, 7),
    ] {
        let g = api
            .create(&format!(
                r#"{{"width":{w},"height":{h},"rules":"tromp-taylor"}}"#
            ))
            .await;
        let st = api.play_all(&g, &["pass", "pass"]).await;
        assert_eq!(st["phase"], "scoring", "{w}x{h}");
        let v = st["marks_version"].as_u64().unwrap();
        for t in [&g.black, &g.white] {
            let (s, body) = api
                .post(
                    &format!("/api/games/{}/accept", g.id),
                    Some(t),
                    &format!(r#"{{"marks_version":{v}}}"#),
                )
                .await;
            assert_eq!(s, 200, "{w}x{h}: {body}");
        }
        let st = api.state(&g.id).await;
        assert_eq!(st["phase"], "finished", "{w}x{h}");
        assert!(st["result"].is_string());
    }
    let g = api.create(r#"{"width":9}"#).await;
    let junk = [
        "\u{0}",
        "{\"move\":\"\u{1F600}\",\"move_number\":0}",
        "{\"move\":\"A99999999999999999999\",\"move_number\":0}",
        "{\"move\":\"pass\",\"move_number\":18446744073709551615}",
        "{\"move\":\"pass\",\"move_number\":18446744073709551616}",
        "{\"move\":null,\"move_number\":0}",
        "{\"move\":\"pass\",\"move_number\":0,\"move\":\"pass\"}",
        "\"pass\"",
        "1e999",
    ];
    for body in junk {
        let (s, v) = api
            .post(&format!("/api/games/{}/moves", g.id), Some(&g.black), body)
            .await;
        assert!([400, 409, 422].contains(&s), "{body:?}: {s} {v}");
        assert!(v["error"]["code"].is_string(), "{body:?}: {v}");
    }
    let (s, _) = api.get("/healthz").await;
    assert_eq!(s, 200);
    assert_eq!(api.state(&g.id).await["move_number"], 0);
}
