//! `GET /api/openapi.json`: the document covers every API route, and the check that the rest
//! of the suite runs on every answer (tests/common/schema.rs) does refuse answers that differ
//! from it.

mod common;

use common::schema::{check, close, validator};
use common::{Api, Server};
use serde_json::{json, Value};

async fn doc_and_api() -> (Server, Api, Value, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(
        &format!("sqlite:{}", dir.path().join("t.db").display()),
        &[],
    );
    let api = Api::new(&server.base);
    let (s, doc) = api.get("/api/openapi.json").await;
    assert_eq!(s, 200);
    (server, api, doc, dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn document_lists_every_route() {
    let (_server, _api, doc, _dir) = doc_and_api().await;
    assert_eq!(doc["openapi"], "3.1.0");
    // The routes of the interface contract (docs/INTERFACES.md, "HTTP") and their methods.
    let routes = [
        ("/api/games", "post"),
        ("/api/games", "get"),
        ("/api/engines", "get"),
        ("/api/games/{id}", "get"),
        ("/api/games/{id}/moves", "post"),
        ("/api/games/{id}/undo", "post"),
        ("/api/games/{id}/undo/accept", "post"),
        ("/api/games/{id}/dead", "post"),
        ("/api/games/{id}/accept", "post"),
        ("/api/games/{id}/resume", "post"),
        ("/api/games/{id}/chat", "post"),
        ("/api/games/{id}/join", "post"),
        ("/api/games/{id}/sgf", "get"),
        ("/api/games/{id}/ws", "get"),
        ("/api/games/{id}/me", "get"),
        ("/api/openapi.json", "get"),
        ("/healthz", "get"),
    ];
    for (path, method) in routes {
        assert!(
            doc["paths"][path][method].is_object(),
            "{method} {path} is not in the document"
        );
    }
    // Player actions name the bearer token.
    assert_eq!(
        doc["components"]["securitySchemes"]["token"]["scheme"],
        "bearer"
    );
    assert_eq!(
        doc["paths"]["/api/games/{id}/moves"]["post"]["security"],
        json!([{"token": []}])
    );
    // The error codes are the contract's.
    let codes = &doc["components"]["schemas"]["ErrorCode"]["enum"];
    for code in [
        "not_found",
        "unauthorized",
        "forbidden",
        "too_large",
        "bad_request",
        "stale",
        "occupied",
        "suicide",
        "ko",
        "superko",
        "off_board",
        "bad_size",
        "not_your_turn",
        "wrong_phase",
        "game_over",
        "no_stone",
        "bad_time",
        "bad_text",
        "unavailable",
        "timeout",
        "seat_taken",
        "rate_limited",
    ] {
        assert!(
            codes.as_array().unwrap().contains(&json!(code)),
            "{code} missing"
        );
    }
}

fn refused(doc: &Value, schema: Value, instance: &Value) -> bool {
    !validator(doc, &schema).is_valid(instance)
}

/// The check is not a formality: a real state passes, and the same state with a wrong phase, a
/// missing or an extra field, or a wrong type fails; an undocumented status or content type
/// fails too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_refuses_what_the_document_does_not_say() {
    let (_server, api, mut doc, _dir) = doc_and_api().await;
    close(&mut doc["components"]["schemas"]);
    let g = api
        .create(r#"{"width":9,"time":{"system":"byoyomi","main":60,"periods":3,"period":10}}"#)
        .await;
    let st = api.play_all(&g, &["E5", "C3"]).await;
    let state = json!({"$ref": "#/components/schemas/State"});
    assert!(!refused(&doc, state.clone(), &st), "a real state passes");
    let spoil = |f: &dyn Fn(&mut Value)| {
        let mut v = st.clone();
        f(&mut v);
        v
    };
    for bad in [
        spoil(&|v| v["phase"] = json!("over")),
        spoil(&|v| v["to_move"] = json!("red")),
        spoil(&|v| {
            v.as_object_mut().unwrap().remove("board");
        }),
        spoil(&|v| v["black_token"] = json!("leak")),
        spoil(&|v| v["move_number"] = json!("2")),
        spoil(&|v| v["clock"]["black"]["periods"] = json!(-1)),
        spoil(&|v| v["time"] = json!({"system": "hourglass"})),
    ] {
        assert!(refused(&doc, state.clone(), &bad), "accepted: {bad}");
    }
    let error = json!({"$ref": "#/components/schemas/ErrorBody"});
    assert!(!refused(
        &doc,
        error.clone(),
        &json!({"error": {"code": "ko", "message": "illegal move: ko"}})
    ));
    assert!(refused(
        &doc,
        error,
        &json!({"error": {"code": "nope", "message": "m"}})
    ));
    let text = st.to_string();
    let moves = format!("/api/games/{}/moves", g.id);
    check(&doc, "POST", &moves, 200, Some("application/json"), &text);
    let panics = |status: u16, ctype: &'static str, body: String, path: String| {
        let doc = doc.clone();
        std::thread::spawn(move || check(&doc, "POST", &path, status, Some(ctype), &body))
            .join()
            .is_err()
    };
    assert!(panics(418, "application/json", text.clone(), moves.clone()));
    assert!(panics(200, "text/plain", text.clone(), moves.clone()));
    assert!(panics(200, "application/json", "{}".into(), moves));
}

/// Answers of every route, errors included, as a client meets them (each checked against the
/// document by the harness).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scripted_session_matches_the_document() {
    let (_server, api, _doc, _dir) = doc_and_api().await;
    let (s, _) = api.get("/healthz").await;
    assert_eq!(s, 200);
    let (s, v) = api.get("/api/engines").await;
    assert_eq!((s, &v[0]["name"]), (200, &json!("tengen")), "{v}");
    let (s, v) = api
        .post(
            "/api/games",
            None,
            r#"{"width":5,"open":"white","listed":true}"#,
        )
        .await;
    assert_eq!(s, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let black = v["black_token"].as_str().unwrap().to_string();
    let (s, _) = api.post("/api/games", None, r#"{"width":99}"#).await;
    assert_eq!(s, 422);
    let (s, _) = api.post("/api/games", None, r#"{"colour":"red"}"#).await;
    assert_eq!(s, 400);
    let (s, v) = api
        .post(
            &format!("/api/games/{id}/join"),
            None,
            r#"{"color":"white","name":"Sai"}"#,
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let white = v["token"].as_str().unwrap().to_string();
    let (s, _) = api
        .post(
            &format!("/api/games/{id}/join"),
            None,
            r#"{"color":"white"}"#,
        )
        .await;
    assert_eq!(s, 409);
    let (s, _) = api.get("/api/games?open=true").await;
    assert_eq!(s, 200);
    let (s, _) = api.get("/api/games").await;
    assert_eq!(s, 200);
    let (s, _) = api.get("/api/games?open=maybe").await;
    assert_eq!(s, 400);
    let mv = |n: u64, v: &str| format!(r#"{{"move":"{v}","move_number":{n}}}"#);
    let moves = format!("/api/games/{id}/moves");
    assert_eq!(api.post(&moves, None, &mv(0, "C3")).await.0, 401);
    assert_eq!(api.post(&moves, Some("nope"), &mv(0, "C3")).await.0, 403);
    assert_eq!(api.post(&moves, Some(&black), &mv(5, "C3")).await.0, 409);
    assert_eq!(api.post(&moves, Some(&white), &mv(0, "C3")).await.0, 422);
    assert_eq!(api.post(&moves, Some(&black), &mv(0, "Z9")).await.0, 422);
    assert_eq!(api.post(&moves, Some(&black), "{").await.0, 400);
    assert_eq!(api.post(&moves, Some(&black), &mv(0, "C3")).await.0, 200);
    let chat = format!("/api/games/{id}/chat");
    assert_eq!(
        api.post(&chat, Some(&white), r#"{"text":"hi"}"#).await.0,
        200
    );
    assert_eq!(
        api.post(&chat, Some(&white), r#"{"text":" "}"#).await.0,
        422
    );
    assert_eq!(
        api.post(&format!("/api/games/{id}/undo"), Some(&black), "")
            .await
            .0,
        200
    );
    assert_eq!(
        api.post(&format!("/api/games/{id}/undo/accept"), Some(&white), "{}")
            .await
            .0,
        200
    );
    assert_eq!(api.post(&moves, Some(&black), &mv(0, "C3")).await.0, 200);
    assert_eq!(api.post(&moves, Some(&white), &mv(1, "pass")).await.0, 200);
    let (s, st) = api.post(&moves, Some(&black), &mv(2, "pass")).await;
    assert_eq!((s, st["phase"].as_str()), (200, Some("scoring")));
    let mv_ = st["marks_version"].as_u64().unwrap();
    let dead = format!("/api/games/{id}/dead");
    let mark = |v: u64| format!(r#"{{"point":"C3","dead":true,"marks_version":{v}}}"#);
    let (s, st) = api.post(&dead, Some(&white), &mark(mv_)).await;
    assert_eq!(s, 200, "{st}");
    assert_eq!(api.post(&dead, Some(&white), &mark(mv_)).await.0, 409);
    let nostone = format!(
        r#"{{"point":"A1","dead":true,"marks_version":{}}}"#,
        mv_ + 1
    );
    assert_eq!(api.post(&dead, Some(&white), &nostone).await.0, 422);
    assert_eq!(
        api.post(&format!("/api/games/{id}/resume"), Some(&black), "")
            .await
            .0,
        200
    );
    let (_, st) = api.post(&moves, Some(&white), &mv(3, "pass")).await;
    let (_, st) = api
        .post(
            &moves,
            Some(&black),
            &mv(st["move_number"].as_u64().unwrap(), "pass"),
        )
        .await;
    let version = st["marks_version"].as_u64().unwrap();
    let accept = format!("/api/games/{id}/accept");
    let body = format!(r#"{{"marks_version":{version}}}"#);
    assert_eq!(api.post(&accept, Some(&black), &body).await.0, 200);
    let (s, st) = api.post(&accept, Some(&white), &body).await;
    assert_eq!((s, st["phase"].as_str()), (200, Some("finished")));
    assert_eq!(api.post(&moves, Some(&black), &mv(5, "D4")).await.0, 422);
    let (s, _) = api.get(&format!("/api/games/{id}/sgf")).await;
    assert_eq!(s, 200);
    let me = format!("/api/games/{id}/me");
    let (s, v) = api
        .send(reqwest::Method::GET, &me, Some(&white), None)
        .await;
    assert_eq!((s, v), (200, json!({"color": "white"})));
    assert_eq!(api.get(&me).await.0, 401);
    assert_eq!(api.get("/api/games/nope").await.0, 404);
    assert_eq!(api.get("/api/games/nope/sgf").await.0, 404);
    let big = format!(r#"{{"text":"{}"}}"#, "x".repeat(100_000));
    assert_eq!(api.post(&chat, Some(&white), &big).await.0, 413);
}
