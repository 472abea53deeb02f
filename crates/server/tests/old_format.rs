//! Games stored by earlier servers still load and give the same game: the event logs and
//! creation records under `tests/data/old_format` were written by the server before its
//! `Side` enum became core's `Color` (see the README there).

mod common;

use common::{Api, Server};
use std::path::PathBuf;
use tengen_server::game::{Match, Meta, Stamped};
use tengen_store::{Append, GameStore, NewGame, SqliteStore};

fn data(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/old_format")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// `(meta text, event texts)` of a fixture.
fn fixture(name: &str) -> (String, Vec<String>) {
    let meta = data(&format!("{name}.meta.json")).trim_end().to_string();
    let events = data(&format!("{name}.events.jsonl"))
        .lines()
        .map(str::to_string)
        .collect();
    (meta, events)
}

/// Every stored text reads and is written back byte for byte: the wire spelling of colors
/// (`"black"`, `"white"`) and every other field is unchanged.
#[test]
fn stored_texts_round_trip_byte_for_byte() {
    for name in ["scored", "timeout"] {
        let (meta, events) = fixture(name);
        let m: Meta = serde_json::from_str(&meta).unwrap();
        assert_eq!(serde_json::to_string(&m).unwrap(), meta, "{name} meta");
        for line in &events {
            let st = Stamped::from_text(line).unwrap();
            assert_eq!(&st.to_text(), line, "{name}");
        }
    }
}

/// The scored game replays to the position and result the old server answered. Worked by hand:
/// black's wall C1-C5 (5 stones) encloses A1-A5, B1, B2, B4, B5 (9 points) and B3, whose white
/// stone is dead (1 more point of area): 15. White: D1-D5 (5) and E1-E5 (5) plus komi 0.5 =
/// 10.5. B+4.5.
#[test]
fn scored_game_replays() {
    let (meta, events) = fixture("scored");
    let m = Match::replay(
        "ftKrrdf5ZLU-",
        serde_json::from_str(&meta).unwrap(),
        &events,
    )
    .unwrap();
    assert_eq!(m.seq(), 29);
    assert_eq!(m.result(), Some("B+4.5"));
    let score = m.score().unwrap();
    assert_eq!(score.black.total, 15.0);
    assert_eq!(score.white.total, 10.5);
    let st: serde_json::Value = serde_json::from_str(&m.state_json(0)).unwrap();
    assert_eq!(
        st["board"],
        serde_json::json!(["..xo.", "..xo.", ".oxo.", "..xo.", "..xo."])
    );
    assert_eq!(st["phase"], "finished");
    assert_eq!(st["dead"], serde_json::json!(["B3"]));
    assert_eq!(st["black_name"], "Honinbo");
    assert_eq!(st["white_name"], "Kitani");
    assert_eq!(st["open"], serde_json::Value::Null);
    // The undone A1 is gone; 16 moves remain, the passes of both scoring phases included.
    assert_eq!(st["move_number"], 16);
    assert_eq!(st["moves"][10], "pass");
    assert_eq!(st["moves"][11], "B3");
    assert_eq!(st["chat"][0]["from"], "black");
    assert_eq!(st["chat"][1]["from"], "white");
    assert_eq!(st["chat"][1]["text"], "arigatou gozaimashita");
}

#[test]
fn timeout_game_replays() {
    let (meta, events) = fixture("timeout");
    let m = Match::replay(
        "sdmLuQKfgZU8",
        serde_json::from_str(&meta).unwrap(),
        &events,
    )
    .unwrap();
    assert_eq!(m.result(), Some("B+T"));
    assert_eq!(m.move_number(), 1);
}

/// The same logs in a SQLite database, served by the server binary: the state, the SGF (now with
/// `DT` and `TB`/`TW`) and the joined player's token are what they were.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn old_database_is_served() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.db");
    {
        let store = SqliteStore::open(db.to_str().unwrap()).unwrap();
        for (id, name) in [("ftKrrdf5ZLU-", "scored"), ("sdmLuQKfgZU8", "timeout")] {
            let (meta, events) = fixture(name);
            let m: Meta = serde_json::from_str(&meta).unwrap();
            store
                .create(NewGame {
                    id: id.into(),
                    created_ms: m.created_ms,
                    meta,
                    black_token: vec![1; 32],
                    white_token: vec![2; 32],
                    summary: "{}".into(),
                })
                .await
                .unwrap();
            let n = events.len() as u64;
            let r = store.append(id, 0, events, "{}".into(), m.created_ms).await;
            assert_eq!(r.unwrap(), Append::Done { seq: n });
        }
        store.close().await;
    }
    let server = Server::start(&format!("sqlite:{}", db.display()), &[]);
    let api = Api::new(&server.base);
    let st = api.state("ftKrrdf5ZLU-").await;
    assert_eq!(st["result"], "B+4.5");
    assert_eq!(
        st["territory"]["white"],
        serde_json::json!(["E5", "E4", "E3", "E2", "E1"])
    );
    assert_eq!(
        st["accepted"],
        serde_json::json!({"black": true, "white": true})
    );
    let (s, me) = api
        .send(
            reqwest::Method::GET,
            "/api/games/ftKrrdf5ZLU-/me",
            Some("fixture-white-token"),
            None,
        )
        .await;
    assert_eq!((s, me), (200, serde_json::json!({"color": "white"})));
    let (s, sgf) = api.get("/api/games/ftKrrdf5ZLU-/sgf").await;
    assert_eq!(s, 200);
    let sgf = sgf.as_str().unwrap();
    for prop in [
        "PB[Honinbo]",
        "PW[Kitani]",
        "RE[B+4.5]",
        "RU[Chinese]",
        "KM[0.5]",
    ] {
        assert!(sgf.contains(prop), "{prop} in {sgf}");
    }
    // created_ms 1795423805670 is day 20780 (1795423805670 / 86400000 = 20780.3) since
    // 1970-01-01, which is 2026-11-23.
    assert!(sgf.contains("DT[2026-11-23]"), "{sgf}");
    assert!(sgf.contains(";B[cc];W[dc]"), "{sgf}");
    // Black counts columns A and B (SGF a, b) with the dead stone on B3 (bc); white column E.
    assert!(
        sgf.contains("TB[aa][ab][ac][ad][ae][ba][bb][bc][bd][be]TW[ea][eb][ec][ed][ee]"),
        "{sgf}"
    );
    let st = api.state("sdmLuQKfgZU8").await;
    assert_eq!(st["result"], "B+T");
    assert_eq!(st["moves"], serde_json::json!(["E5"]));
}
