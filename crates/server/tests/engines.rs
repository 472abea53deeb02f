//! Engine seats through the HTTP API: whole 9x9 games against GNU Go level 1 (both colors and a
//! handicap game) with scoring agreement checked against GNU Go's own judgement of the final
//! position, small scripts standing in for engines that crash, hang or answer an illegal move,
//! a server restart in the middle of an engine game, and an engine-versus-engine game.
//!
//! Each game is short (9x9, GNU Go level 1, the built-in engine on 100 playouts a move); the
//! human's moves come from a fixed list of points. Tests that need GNU Go print SKIP without it.

mod common;

use common::{code, Api, Server};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tengen_core::{coords, Color, Move};
use tengen_gtp::controller::Controller;

const GNUGO: &str = "/usr/games/gnugo";

fn gnugo_flag() -> Option<String> {
    Path::new(GNUGO)
        .is_file()
        .then(|| format!("gnugo={GNUGO} --mode gtp --level 1"))
}

/// A server on a SQLite store in a fresh temporary folder.
fn serve(extra: &[&str]) -> (tempfile::TempDir, Server) {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_in("sqlite:t.db", extra, Some(dir.path()));
    (dir, server)
}

/// A creation that may seat engines: id and the tokens given.
struct Game {
    id: String,
    black: Option<String>,
    white: Option<String>,
}

async fn create(api: &Api, body: &str) -> Game {
    let (s, v) = api.post("/api/games", None, body).await;
    assert_eq!(s, 201, "create: {v}");
    Game {
        id: v["id"].as_str().unwrap().to_string(),
        black: v["black_token"].as_str().map(str::to_string),
        white: v["white_token"].as_str().map(str::to_string),
    }
}

/// Polls the state until `want` holds, within `secs` seconds.
async fn wait_for(api: &Api, id: &str, secs: u64, want: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let s = api.state(id).await;
        if want(&s) {
            return s;
        }
        assert!(
            Instant::now() < deadline,
            "no such state within {secs} s; last: moves {} phase {} result {}",
            s["moves"],
            s["phase"],
            s["result"]
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The human's moves, tried in order (an occupied or refused point is skipped); then passes.
const HUMAN: &[&str] = &[
    "C3", "G7", "C7", "G3", "E5", "E3", "E7", "C5", "G5", "D4", "F6", "D6", "F4", "B4", "H6",
];

/// Plays the human's side until the game reaches scoring or ends; the last state.
async fn play_human(api: &Api, g: &Game, human: Color, token: &str) -> Value {
    let mut next = 0;
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        assert!(Instant::now() < deadline, "the game did not reach scoring");
        let s = wait_for(api, &g.id, 30, |s| {
            s["phase"] != "play" || s["to_move"] == human.name()
        })
        .await;
        if s["phase"] != "play" {
            return s;
        }
        let n = s["move_number"].as_u64().unwrap();
        let mut played = false;
        while next < HUMAN.len() {
            let v = HUMAN[next];
            next += 1;
            let (code, body) = api
                .post(
                    &format!("/api/games/{}/moves", g.id),
                    Some(token),
                    &format!(r#"{{"move":"{v}","move_number":{n}}}"#),
                )
                .await;
            if code == 200 {
                played = true;
                break;
            }
            assert_eq!(code, 422, "{v}: {body}");
        }
        if !played {
            let (code, body) = api
                .post(
                    &format!("/api/games/{}/moves", g.id),
                    Some(token),
                    &format!(r#"{{"move":"pass","move_number":{n}}}"#),
                )
                .await;
            assert_eq!(code, 200, "pass: {body}");
        }
    }
}

/// Plays the first point of [`HUMAN`] the server accepts at move `n`; that point.
async fn first_free(api: &Api, g: &Game, token: &str, n: u64) -> &'static str {
    for v in HUMAN {
        let (code, body) = api
            .post(
                &format!("/api/games/{}/moves", g.id),
                Some(token),
                &format!(r#"{{"move":"{v}","move_number":{n}}}"#),
            )
            .await;
        if code == 200 {
            return v;
        }
        assert_eq!(code, 422, "{v}: {body}");
    }
    panic!("no free point");
}

/// GNU Go's own dead stones and score of the game of `s`, from a fresh GNU Go told the same
/// moves (the independent truth the marks and the result are held to).
fn gnugo_judgement(s: &Value) -> (BTreeSet<String>, String) {
    let mut e = Controller::spawn(
        &format!("{GNUGO} --mode gtp --level 1 --chinese-rules"),
        Duration::from_secs(10),
    )
    .unwrap();
    let t = Duration::from_secs(30);
    e.boardsize(9, 9, t).unwrap();
    e.send(&format!("komi {}", s["komi"]), t).unwrap();
    let handicap = s["handicap"].as_u64().unwrap();
    if handicap > 0 {
        e.send(&format!("fixed_handicap {handicap}"), t).unwrap();
    }
    let mut color = if handicap > 0 {
        Color::White
    } else {
        Color::Black
    };
    for v in s["moves"].as_array().unwrap() {
        let v = v.as_str().unwrap();
        let mv = if v == "pass" {
            Move::Pass
        } else {
            Move::Play(coords::from_gtp(v, 9, 9).unwrap())
        };
        e.play(color, mv, t).unwrap();
        color = color.opponent();
    }
    let dead = e
        .dead_stones(t)
        .unwrap()
        .into_iter()
        .map(|p| coords::to_gtp(p, 9).unwrap())
        .collect();
    let score = e.send("final_score", t).unwrap();
    (dead, score)
}

fn strings(v: &Value) -> BTreeSet<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// A whole game against GNU Go: the human's moves posted, GNU Go's answers on its clock, then
/// GNU Go's marks (equal to what a fresh GNU Go says of the final position) accepted by GNU Go;
/// the human accepts them and the result is GNU Go's own count under Chinese rules.
async fn game_against_gnugo(human: Color, handicap: u32) {
    let Some(flag) = gnugo_flag() else {
        eprintln!("SKIP: no {GNUGO}");
        return;
    };
    let (_dir, server) = serve(&["--engine", &flag]);
    let api = Api::new(&server.base);
    let engine_seat = if human == Color::Black {
        "white_engine"
    } else {
        "black_engine"
    };
    let g = create(
        &api,
        &format!(
            r#"{{"width":9,"{engine_seat}":"gnugo","handicap":{handicap},"komi":7.5,
                "time":{{"system":"byoyomi","main":20,"periods":3,"period":5}}}}"#
        ),
    )
    .await;
    let token = if human == Color::Black {
        assert!(g.white.is_none(), "no token for the engine's seat");
        g.black.clone().unwrap()
    } else {
        assert!(g.black.is_none(), "no token for the engine's seat");
        g.white.clone().unwrap()
    };
    let first = api.state(&g.id).await;
    assert_eq!(first[engine_seat], "gnugo");
    assert_eq!(
        first[if human == Color::Black {
            "white_name"
        } else {
            "black_name"
        }],
        "gnugo"
    );
    let s = play_human(&api, &g, human, &token).await;
    assert_eq!(s["phase"], "scoring", "{s}");
    let moves = s["moves"].as_array().unwrap();
    assert!(moves.len() >= 10, "a real game: {moves:?}");
    // GNU Go thought on its clock: its time was charged (main time below 20 s).
    let engine = human.opponent().name();
    let left = s["clock"][engine]["main"].as_f64().unwrap();
    assert!(left < 20.0, "{engine} has {left} s");
    // GNU Go marks its view and accepts it.
    let s = wait_for(&api, &g.id, 20, |s| {
        s["accepted"][engine] == true || s["phase"] != "scoring"
    })
    .await;
    assert_eq!(s["phase"], "scoring");
    let (dead, score) = gnugo_judgement(&s);
    assert_eq!(
        strings(&s["dead"]),
        dead,
        "marks vs GNU Go's final_status_list"
    );
    let version = s["marks_version"].as_u64().unwrap();
    let (code, end) = api
        .post(
            &format!("/api/games/{}/accept", g.id),
            Some(&token),
            &format!(r#"{{"marks_version":{version}}}"#),
        )
        .await;
    assert_eq!(code, 200, "{end}");
    assert_eq!(end["phase"], "finished");
    assert_eq!(end["result"], score.as_str(), "our count vs GNU Go's");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_gnugo_as_black() {
    game_against_gnugo(Color::Black, 0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handicap_game_against_gnugo_as_white() {
    game_against_gnugo(Color::White, 2).await;
}

/// A fake engine in `dir`: a shell script that counts its starts in `dir/NAME.starts` and, on
/// its first start only, does `fault` when asked for a move; later starts pass.
fn fake_engine(dir: &Path, name: &str, fault: &str) -> PathBuf {
    let path = dir.join(name);
    let starts = dir.join(format!("{name}.starts"));
    let script = format!(
        r#"#!/bin/sh
echo start >> '{starts}'
first=$(wc -l < '{starts}')
while read -r cmd rest; do
  case "$cmd" in
    list_commands) printf '= protocol_version\nname\nboardsize\nclear_board\nkomi\nplay\ngenmove\nfinal_status_list\nquit\n\n' ;;
    genmove) if [ "$first" -eq 1 ]; then {fault}; else printf '= pass\n\n'; fi ;;
    quit) printf '=\n\n'; exit 0 ;;
    *) printf '=\n\n' ;;
  esac
done
"#,
        starts = starts.display()
    );
    std::fs::write(&path, script).unwrap();
    let mut perm = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perm, 0o755);
    std::fs::set_permissions(&path, perm).unwrap();
    path
}

fn starts(dir: &Path, name: &str) -> usize {
    std::fs::read_to_string(dir.join(format!("{name}.starts")))
        .map(|t| t.lines().count())
        .unwrap_or(0)
}

/// The stored log's forfeit events of game `id`: (seat, why).
async fn forfeits(store: &str, id: &str) -> Vec<(String, String)> {
    let store = tengen_store::open(store).await.unwrap();
    let g = store.load(id).await.unwrap().expect("stored");
    g.events
        .iter()
        .filter_map(|t| {
            let v: Value = serde_json::from_str(t).unwrap();
            (v["t"] == "forfeit").then(|| {
                (
                    v["c"].as_str().unwrap().to_string(),
                    v["why"].as_str().unwrap().to_string(),
                )
            })
        })
        .collect()
}

/// Engines that crash, hang and answer an illegal move each lose their game (`B+F`), the
/// failure is in the game's log, and the next game starts the engine again (it then plays).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn faulty_engines_forfeit_and_are_restarted() {
    let dir = tempfile::tempdir().unwrap();
    let crash = fake_engine(dir.path(), "crash", "exit 3");
    let hang = fake_engine(dir.path(), "hang", "exec sleep 20");
    // Black opens on E5: E5 again is occupied.
    let illegal = fake_engine(dir.path(), "illegal", "printf '= E5\\n\\n'");
    let store = format!("sqlite:{}", dir.path().join("t.db").display());
    let flags = [
        format!("crash={}", crash.display()),
        format!("hang={}", hang.display()),
        format!("illegal={}", illegal.display()),
    ];
    let server = Server::start(
        &store,
        &[
            "--engine",
            &flags[0],
            "--engine",
            &flags[1],
            "--engine",
            &flags[2],
            "--engine-move-seconds",
            "1",
        ],
    );
    let api = Api::new(&server.base);
    let (s, list) = api.get("/api/engines").await;
    assert_eq!(s, 200);
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names[0], "tengen");
    for n in ["crash", "hang", "illegal"] {
        assert!(names.contains(&n), "{names:?}");
    }
    for (name, why) in [
        ("crash", "died"),
        ("hang", "in time"),
        ("illegal", "illegal move (occupied)"),
    ] {
        let g = create(&api, &format!(r#"{{"width":9,"white_engine":"{name}"}}"#)).await;
        let black = g.black.clone().unwrap();
        let started = Instant::now();
        let (c, b) = api
            .post(
                &format!("/api/games/{}/moves", g.id),
                Some(&black),
                r#"{"move":"E5","move_number":0}"#,
            )
            .await;
        assert_eq!(c, 200, "{b}");
        let end = wait_for(&api, &g.id, 15, |s| s["phase"] == "finished").await;
        assert_eq!(end["result"], "B+F", "{name}");
        assert_eq!(end["moves"], serde_json::json!(["E5"]), "{name}");
        if name == "hang" {
            // The limit is 1 s and 2 s of grace: not before.
            assert!(started.elapsed() >= Duration::from_secs(3), "{name}");
        }
        let logged = forfeits(&store, &g.id).await;
        assert_eq!(logged.len(), 1, "{name}: {logged:?}");
        assert_eq!(logged[0].0, "white");
        assert!(logged[0].1.contains(why), "{name}: {}", logged[0].1);
        assert_eq!(starts(dir.path(), name), 1, "{name}");
        // A new game starts the engine again; this time it answers (a pass).
        let g2 = create(&api, &format!(r#"{{"width":9,"white_engine":"{name}"}}"#)).await;
        let (c, b) = api
            .post(
                &format!("/api/games/{}/moves", g2.id),
                Some(g2.black.as_deref().unwrap()),
                r#"{"move":"E5","move_number":0}"#,
            )
            .await;
        assert_eq!(c, 200, "{b}");
        let s = wait_for(&api, &g2.id, 15, |s| s["move_number"] == 2).await;
        assert_eq!(s["moves"], serde_json::json!(["E5", "pass"]), "{name}");
        assert_eq!(s["phase"], "play");
        assert_eq!(starts(dir.path(), name), 2, "{name}");
    }
}

/// Creation checks: unknown engine names (`400`, listing the known ones), an engine on the open
/// seat (`400`), and no token for an engine's seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creation_with_engines_is_checked() {
    let (_dir, server) = serve(&[]);
    let api = Api::new(&server.base);
    let (s, v) = api
        .post("/api/games", None, r#"{"white_engine":"nobody"}"#)
        .await;
    assert_eq!((s, code(&v)), (400, "bad_request"), "{v}");
    assert!(v["error"]["message"].as_str().unwrap().contains("tengen"));
    let (s, v) = api
        .post(
            "/api/games",
            None,
            r#"{"white_engine":"tengen","open":"white"}"#,
        )
        .await;
    assert_eq!((s, code(&v)), (400, "bad_request"), "{v}");
    let (s, v) = api
        .post(
            "/api/games",
            None,
            r#"{"width":9,"black_engine":"tengen","black_name":"Robot"}"#,
        )
        .await;
    assert_eq!(s, 201, "{v}");
    assert!(v["black_token"].is_null() && v["black_url"].is_null());
    assert!(v["white_token"].is_string());
    assert_eq!(v["state"]["black_engine"], "tengen");
    assert_eq!(v["state"]["white_engine"], Value::Null);
    assert_eq!(v["state"]["black_name"], "Robot");
}

/// A server killed in the middle of a game against GNU Go comes back and GNU Go (a fresh
/// process, told the game again) goes on answering; the game ends normally.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_resumes_an_engine_game() {
    let Some(flag) = gnugo_flag() else {
        eprintln!("SKIP: no {GNUGO}");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start_in("sqlite:t.db", &["--engine", &flag], Some(dir.path()));
    let api = Api::new(&server.base);
    let g = create(&api, r#"{"width":9,"white_engine":"gnugo"}"#).await;
    let black = g.black.clone().unwrap();
    for n in [0, 2] {
        first_free(&api, &g, &black, n).await;
        wait_for(&api, &g.id, 15, |s| s["move_number"] == n + 2).await;
    }
    server.kill9();
    let server = Server::start_in("sqlite:t.db", &["--engine", &flag], Some(dir.path()));
    let api = Api::new(&server.base);
    let before = api.state(&g.id).await;
    assert_eq!(before["move_number"], 4);
    let v = first_free(&api, &g, &black, 4).await;
    let s = wait_for(&api, &g.id, 15, |s| s["move_number"] == 6).await;
    let moves = s["moves"].as_array().unwrap();
    // GNU Go's answer is a move of a GNU Go that knows the game: legal (the server checked it)
    // and not a forfeit.
    assert_eq!(s["phase"], "play", "{s}");
    assert_eq!(&moves[..4], &before["moves"].as_array().unwrap()[..]);
    assert_eq!(moves[4], v);
    // Black resigns: the game ends and the seat's task with it.
    let (c, b) = api
        .post(
            &format!("/api/games/{}/moves", g.id),
            Some(&black),
            r#"{"move":"resign","move_number":6}"#,
        )
        .await;
    assert_eq!(c, 200, "{b}");
    assert_eq!(b["result"], "W+R");
}

/// The built-in engine (100 playouts a move) against GNU Go level 1 on 9x9, nobody else
/// involved: the game is played out and scored, with a result that is a count (not a forfeit).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_versus_engine() {
    let Some(flag) = gnugo_flag() else {
        eprintln!("SKIP: no {GNUGO}");
        return;
    };
    let budget: u64 = std::env::var("TENGEN_ENGINE_TEST_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(120);
    let (_dir, server) = serve(&["--engine", &flag, "--builtin-playouts", "100"]);
    let api = Api::new(&server.base);
    let (s, v) = api
        .post(
            "/api/games",
            None,
            r#"{"width":9,"black_engine":"tengen","white_engine":"gnugo","scoring_time":30}"#,
        )
        .await;
    assert_eq!(s, 201, "{v}");
    assert!(v["black_token"].is_null() && v["white_token"].is_null());
    let id = v["id"].as_str().unwrap();
    let end = wait_for(&api, id, budget, |s| s["phase"] == "finished").await;
    let result = end["result"].as_str().unwrap();
    assert!(
        result.starts_with("B+") || result.starts_with("W+") || result == "0",
        "{result}"
    );
    // Neither engine failed (GNU Go may resign a lost game: that is a result too).
    assert!(!result.ends_with('F') && !result.ends_with('T'), "{result}");
    assert!(end["moves"].as_array().unwrap().len() >= 10, "{end}");
    if !result.ends_with('R') {
        // Scored: both engines accepted the marks.
        assert_eq!(end["accepted"]["black"], true);
        assert_eq!(end["accepted"]["white"], true);
    }
}

/// Where the engine's clock runs, a silent engine loses on time like anyone (`B+T`), with no
/// forfeit in the log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_engine_loses_on_its_clock() {
    let dir = tempfile::tempdir().unwrap();
    let hang = fake_engine(dir.path(), "hang", "exec sleep 20");
    let store = format!("sqlite:{}", dir.path().join("t.db").display());
    let flag = format!("hang={}", hang.display());
    let server = Server::start(&store, &["--engine", &flag]);
    let api = Api::new(&server.base);
    let g = create(
        &api,
        r#"{"width":9,"white_engine":"hang","time":{"system":"byoyomi","main":0,"periods":1,"period":2}}"#,
    )
    .await;
    let (c, b) = api
        .post(
            &format!("/api/games/{}/moves", g.id),
            Some(g.black.as_deref().unwrap()),
            r#"{"move":"E5","move_number":0}"#,
        )
        .await;
    assert_eq!(c, 200, "{b}");
    let end = wait_for(&api, &g.id, 10, |s| s["phase"] == "finished").await;
    assert_eq!(end["result"], "B+T");
    assert!(forfeits(&store, &g.id).await.is_empty());
}

/// Scoring against an engine that passes and holds no stone dead: it accepts marks that agree
/// with it (none dead); when the human marks the lone black stone dead it does not accept; the
/// human resumes, both pass again, the engine accepts, the human too: `B+73.5` (the black stone
/// owns all 81 points, komi 7.5).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_accepts_only_marks_that_agree_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let passer = fake_engine(dir.path(), "passer", "printf '= pass\\n\\n'");
    // Every start of this engine passes: its first start counts as a later one.
    std::fs::write(dir.path().join("passer.starts"), "start\n").unwrap();
    let flag = format!("passer={}", passer.display());
    let (_d, server) = serve(&["--engine", &flag]);
    let api = Api::new(&server.base);
    let g = create(&api, r#"{"width":9,"white_engine":"passer","komi":7.5}"#).await;
    let black = g.black.clone().unwrap();
    let post = |path: &'static str, body: String| {
        let api = &api;
        let black = &black;
        let id = g.id.clone();
        async move {
            let (c, b) = api
                .post(&format!("/api/games/{id}/{path}"), Some(black), &body)
                .await;
            assert_eq!(c, 200, "{path} {body}: {b}");
            b
        }
    };
    post("moves", r#"{"move":"E5","move_number":0}"#.into()).await;
    wait_for(&api, &g.id, 10, |s| s["move_number"] == 2).await;
    post("moves", r#"{"move":"pass","move_number":2}"#.into()).await;
    let s = wait_for(&api, &g.id, 10, |s| s["accepted"]["white"] == true).await;
    assert_eq!(s["phase"], "scoring");
    assert_eq!(s["dead"], serde_json::json!([]));
    let v = s["marks_version"].as_u64().unwrap();
    let s = post(
        "dead",
        format!(r#"{{"point":"E5","dead":true,"marks_version":{v}}}"#),
    )
    .await;
    assert_eq!(s["dead"], serde_json::json!(["E5"]));
    assert_eq!(s["accepted"]["white"], false);
    // The engine disagrees: it neither accepts nor changes the marks.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let s = api.state(&g.id).await;
    assert_eq!(s["dead"], serde_json::json!(["E5"]));
    assert_eq!(s["accepted"]["white"], false);
    assert_eq!(s["phase"], "scoring");
    // The human resumes; white (the engine) is to move and passes; the human passes.
    let s = post("resume", String::new()).await;
    assert_eq!(s["phase"], "play");
    wait_for(&api, &g.id, 10, |s| s["move_number"] == 4).await;
    post("moves", r#"{"move":"pass","move_number":4}"#.into()).await;
    let s = wait_for(&api, &g.id, 10, |s| s["accepted"]["white"] == true).await;
    assert_eq!(s["dead"], serde_json::json!([]));
    let v = s["marks_version"].as_u64().unwrap();
    let end = post("accept", format!(r#"{{"marks_version":{v}}}"#)).await;
    assert_eq!(end["phase"], "finished");
    assert_eq!(end["result"], "B+73.5");
}
