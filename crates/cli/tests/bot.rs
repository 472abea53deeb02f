//! `tengen bot` with GNU Go as its engine, on a live `tengen serve`, against a scripted human
//! who plays through the HTTP API: a whole game to the end of the scoring phase, with the
//! server restarted in the middle (the bot must reconnect and lose no move).

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tengen_core::coords;

const GNUGO: &str = "/usr/games/gnugo";
const ENGINE: &str = "/usr/games/gnugo --mode gtp --level 1";

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `tengen serve` on `addr` with the store `db`; the address it listens on.
fn serve(addr: &str, db: &Path, dir: &Path) -> (Killed, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["serve", "--addr", addr, "--store"])
        .arg(format!("sqlite:{}", db.display()))
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start tengen serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_string();
    (Killed(child), url)
}

fn client() -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

fn call(http: &reqwest::blocking::Client, req: reqwest::blocking::RequestBuilder) -> (u16, Value) {
    let _ = http;
    let r = req.send().expect("the server answers");
    let status = r.status().as_u16();
    (status, r.json().unwrap_or(Value::Null))
}

/// Waits (at most two minutes) until `pred` holds for the game's state.
fn wait_for(
    http: &reqwest::blocking::Client,
    url: &str,
    what: &str,
    pred: impl Fn(&Value) -> bool,
) -> Value {
    let start = Instant::now();
    loop {
        if let Ok(r) = http.get(url).send() {
            if let Ok(v) = r.json::<Value>() {
                if pred(&v) {
                    return v;
                }
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "waited two minutes for {what}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn the_bot_plays_gnugo_through_a_whole_game_and_a_server_restart() {
    if !Path::new(GNUGO).exists() {
        eprintln!("GNU Go is not installed at {GNUGO}; skipping");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let (server, base) = serve("127.0.0.1:0", &db, dir.path());
    let http = client();

    // The human takes black; white is open, with byo-yomi the engine must be told about.
    let (status, created) = call(
        &http,
        http.post(format!("{base}/api/games")).json(&json!({
            "width": 9, "height": 9, "komi": 6.5, "black_name": "human", "open": "white",
            "time": {"system": "byoyomi", "main": 300, "periods": 3, "period": 30},
        })),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["black_token"].as_str().unwrap().to_string();
    assert!(created["white_token"].is_null());
    let game_url = format!("{base}/api/games/{id}");

    // GNU Go behind a script that keeps every command the bot sends it.
    let log = dir.path().join("gtp.log");
    let answers = dir.path().join("gtp-answers.log");
    let script = dir.path().join("logged-gnugo.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\ntee -a '{}' | {ENGINE} | tee -a '{}'\n",
            log.display(),
            answers.display()
        ),
    )
    .unwrap();
    let logged_engine = format!("sh {}", script.display());

    let mut bot = Killed(
        Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args([
                "bot",
                "--server",
                &base,
                "--engine",
                &logged_engine,
                "--max-games",
                "1",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tengen bot"),
    );
    let joined = wait_for(&http, &game_url, "the bot to join", |s| s["open"].is_null());
    assert_eq!(joined["white_name"], "GNU Go", "the engine's own name");

    // The human's moves, in order, each skipped where the rules refuse it; then passes.
    let plan = ["C3", "G7", "C7", "G3", "E5", "E3", "D6", "F4", "C5", "G5"];
    let mut plan = plan.iter();
    let mut server = Some(server);
    let mut human_moves = 0;
    loop {
        let s = wait_for(&http, &game_url, "the human's turn", |s| {
            s["phase"] != "play" || s["to_move"] == "black"
        });
        if s["phase"] != "play" {
            break;
        }
        let n = s["move_number"].as_u64().unwrap();
        assert!(n < 200, "the game does not end");
        if human_moves == 3 && server.is_some() {
            // A network failure: the server goes away for a second and comes back with the
            // same store at the same address; the bot must carry on.
            drop(server.take());
            std::thread::sleep(Duration::from_secs(1));
            let addr = base.strip_prefix("http://").unwrap();
            server = Some(serve(addr, &db, dir.path()).0);
        }
        let mut posted = false;
        for v in plan.by_ref() {
            let (status, answer) = call(
                &http,
                http.post(format!("{game_url}/moves"))
                    .bearer_auth(&token)
                    .json(&json!({"move": v, "move_number": n})),
            );
            if status == 200 {
                posted = true;
                break;
            }
            assert_eq!(status, 422, "{answer}");
        }
        if !posted {
            let (status, answer) = call(
                &http,
                http.post(format!("{game_url}/moves"))
                    .bearer_auth(&token)
                    .json(&json!({"move": "pass", "move_number": n})),
            );
            assert_eq!(status, 200, "{answer}");
        }
        human_moves += 1;
    }

    // Scoring: the bot marks GNU Go's dead stones and accepts; the human accepts the same marks.
    let s = wait_for(&http, &game_url, "the bot to accept", |s| {
        s["phase"] == "scoring" && s["accepted"]["white"] == true
    });
    let moves: Vec<String> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    // Both passes end the play: the last two moves are passes.
    assert_eq!(&moves[moves.len() - 2..], ["pass", "pass"]);
    // Independent truth: what the bot's GNU Go itself was told and answered, from the logs of
    // the script in front of it. It was told exactly the game's moves (after its last
    // clear_board), and the stones the bot marked are exactly the ones it answered to
    // `final_status_list dead`. (A fresh GNU Go is no truth here: it seeds its random numbers
    // from the clock, and on a borderline group two of them can answer differently.)
    // `tee` may hand an answer to the bot a moment before it writes it to the log: wait (at
    // most 10 s) until every command logged has its answer logged.
    let count = |text: &str, sep: &str| text.split(sep).filter(|r| !r.trim().is_empty()).count();
    let logged = Instant::now();
    let (sent, answered) = loop {
        let sent = std::fs::read_to_string(&log).unwrap();
        let answered = std::fs::read_to_string(&answers).unwrap();
        if count(&sent, "\n") == count(&answered, "\n\n")
            || logged.elapsed() > Duration::from_secs(10)
        {
            break (sent, answered);
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let context =
        format!("moves {moves:?}\nthe engine was sent:\n{sent}\nand answered:\n{answered}");
    let commands: Vec<&str> = sent.lines().filter(|l| !l.trim().is_empty()).collect();
    let replies: Vec<&str> = answered
        .split("\n\n")
        .filter(|r| !r.trim().is_empty())
        .collect();
    assert_eq!(
        commands.len(),
        replies.len(),
        "one answer per command\n{context}"
    );
    let last_clear = commands
        .iter()
        .rposition(|c| *c == "clear_board")
        .expect("the engine was set up");
    // The game as the engine saw it: the moves it was told and the moves it chose.
    let played: Vec<String> = (last_clear..commands.len())
        .filter_map(|i| {
            if let Some(rest) = commands[i].strip_prefix("play ") {
                rest.split_whitespace().nth(1).map(str::to_uppercase)
            } else if commands[i].starts_with("genmove ") {
                replies[i]
                    .trim()
                    .strip_prefix('=')
                    .map(|m| m.trim().to_uppercase())
            } else {
                None
            }
        })
        .collect();
    let game: Vec<String> = moves.iter().map(|m| m.to_uppercase()).collect();
    assert_eq!(played, game, "{context}");
    let asked = commands
        .iter()
        .rposition(|c| *c == "final_status_list dead")
        .expect("the bot asked its engine for the dead stones");
    let mut engine_dead: Vec<String> = replies[asked]
        .trim()
        .strip_prefix('=')
        .expect("a success answer")
        .split_whitespace()
        .map(str::to_uppercase)
        .collect();
    engine_dead.sort();
    let mut marked: Vec<String> = s["dead"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_uppercase())
        .collect();
    marked.sort();
    assert_eq!(marked, engine_dead, "{context}");

    let (status, done) = call(
        &http,
        http.post(format!("{game_url}/accept"))
            .bearer_auth(&token)
            .json(&json!({"marks_version": s["marks_version"]})),
    );
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["phase"], "finished");
    let result = done["result"].as_str().unwrap();
    assert!(
        result.starts_with("B+") || result.starts_with("W+") || result == "0",
        "{result}"
    );
    // The clock as the contract's time_settings/time_left say (GNU Go has no
    // kgs-time_settings): byo-yomi 300 s main, 30 s periods, told as one stone per period;
    // this short game never leaves main time, so every time_left is main time only (at most
    // 300 s, not main plus a period) with 0 stones.
    assert!(sent.contains("time_settings 300 30 1\n"), "{sent}");
    let lefts: Vec<&str> = sent
        .lines()
        .filter(|l| l.starts_with("time_left"))
        .collect();
    assert!(!lefts.is_empty(), "{sent}");
    for l in lefts {
        let f: Vec<&str> = l.split_whitespace().collect();
        assert_eq!(f.len(), 4, "{l}");
        assert_eq!(f[1], "white", "{l}");
        let t: u64 = f[2].parse().unwrap();
        assert!((200..=300).contains(&t), "{l}");
        assert_eq!(f[3], "0", "{l}");
    }
    // The bot leaves once its game (the only one it was to play) has ended.
    let start = Instant::now();
    while bot.0.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the bot did not stop"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(bot.0.wait().unwrap().success());
}

/// Posts `body` to `path` of the game at `game_url` with `token`; the answer.
fn post(
    http: &reqwest::blocking::Client,
    game_url: &str,
    path: &str,
    token: &str,
    body: Value,
) -> (u16, Value) {
    call(
        http,
        http.post(format!("{game_url}/{path}"))
            .bearer_auth(token)
            .json(&body),
    )
}

/// `--games 2`: the bot takes two open seats at once (neither game can move before the human
/// does, so both are held together) and plays both: a handicap game where it is black (GNU Go
/// must be told the handicap stones, or it plays onto them and the bot, finding its moves
/// illegal twice, resigns), and an even game where it refuses an undo request, and in the
/// scoring phase does not accept marks that disagree with GNU Go, then accepts them once they
/// agree again. With `--max-games 2` it leaves after both.
#[test]
fn the_bot_plays_two_games_at_once_handicap_undo_and_a_scoring_disagreement() {
    if !Path::new(GNUGO).exists() {
        eprintln!("GNU Go is not installed at {GNUGO}; skipping");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let (_server, base) = serve("127.0.0.1:0", &db, dir.path());
    let http = client();
    let create = |body: Value| {
        let (status, created) = call(&http, http.post(format!("{base}/api/games")).json(&body));
        assert_eq!(status, 201, "{created}");
        created
    };
    // Game A: handicap 2, the human is white (moving first), black open for the bot.
    let a = create(json!({"width": 9, "handicap": 2, "open": "black", "white_name": "human"}));
    let a_url = format!("{base}/api/games/{}", a["id"].as_str().unwrap());
    let a_token = a["white_token"].as_str().unwrap().to_string();
    // Game B: even, the human is black, white open.
    let b = create(json!({"width": 9, "komi": 6.5, "open": "white", "black_name": "human"}));
    let b_url = format!("{base}/api/games/{}", b["id"].as_str().unwrap());
    let b_token = b["black_token"].as_str().unwrap().to_string();

    let mut bot = Killed(
        Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(["bot", "--server", &base, "--engine", ENGINE])
            .args(["--games", "2", "--max-games", "2"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tengen bot"),
    );
    wait_for(&http, &a_url, "the bot to join A", |s| s["open"].is_null());
    wait_for(&http, &b_url, "the bot to join B", |s| s["open"].is_null());

    // Game A: four moves of the human's; GNU Go answers each without resigning.
    let mut plan = ["E5", "C7", "G3", "E3", "E7", "D5", "F5"].iter();
    for k in 0..4u64 {
        let s = wait_for(&http, &a_url, "the human's turn in A", |s| {
            s["to_move"] == "white" || s["phase"] != "play"
        });
        assert_eq!(s["phase"], "play", "{s}");
        assert_eq!(s["move_number"], 2 * k);
        loop {
            let v = plan.next().expect("a free point");
            let (status, _) = post(
                &http,
                &a_url,
                "moves",
                &a_token,
                json!({"move": v, "move_number": 2 * k}),
            );
            if status == 200 {
                break;
            }
            assert_eq!(status, 422);
        }
    }
    let s = wait_for(&http, &a_url, "GNU Go's fourth answer", |s| {
        s["move_number"] == 8 || s["phase"] != "play"
    });
    assert_eq!(s["phase"], "play", "{s}");
    assert!(!s["moves"].as_array().unwrap().contains(&json!("resign")));
    // The handicap stones stand where the server put them (GNU Go's fixed points).
    assert_eq!(&s["board"][2].as_str().unwrap()[6..7], "x", "G7");
    assert_eq!(&s["board"][6].as_str().unwrap()[2..3], "x", "C3");
    let (status, end) = post(
        &http,
        &a_url,
        "moves",
        &a_token,
        json!({"move": "resign", "move_number": 8}),
    );
    assert_eq!(status, 200, "{end}");
    assert_eq!(end["result"], "B+R");

    // Game B: the human plays C3, GNU Go answers, the human asks to take C3 back: never granted.
    let (status, _) = post(
        &http,
        &b_url,
        "moves",
        &b_token,
        json!({"move": "C3", "move_number": 0}),
    );
    assert_eq!(status, 200);
    wait_for(&http, &b_url, "GNU Go's answer", |s| s["move_number"] == 2);
    let (status, s) = post(&http, &b_url, "undo", &b_token, json!({}));
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["undo_requested_by"], "black");
    std::thread::sleep(Duration::from_secs(2));
    let s = wait_for(&http, &b_url, "the state", |_| true);
    assert_eq!(
        s["undo_requested_by"], "black",
        "the request stands, unanswered"
    );
    assert_eq!(s["move_number"], 2, "nothing was taken back");
    // The human passes from now on; GNU Go plays until it passes too.
    loop {
        let s = wait_for(&http, &b_url, "the human's turn in B", |s| {
            s["phase"] != "play" || s["to_move"] == "black"
        });
        if s["phase"] != "play" {
            break;
        }
        let n = s["move_number"].as_u64().unwrap();
        assert!(n < 200, "the game does not end");
        let (status, answer) = post(
            &http,
            &b_url,
            "moves",
            &b_token,
            json!({"move": "pass", "move_number": n}),
        );
        assert_eq!(status, 200, "{answer}");
    }
    let s = wait_for(&http, &b_url, "the bot to accept", |s| {
        s["phase"] == "scoring" && s["accepted"]["white"] == true
    });
    let agreed = s["dead"].clone();
    // The human marks a white stone the bot holds alive dead: the bot does not accept that.
    let rows: Vec<&str> = s["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    let white = rows
        .iter()
        .enumerate()
        .find_map(|(y, row)| {
            row.char_indices().find_map(|(x, c)| {
                let v = format!("{}{}", coords::COLUMN_LETTERS[x] as char, 9 - y);
                (c == 'o' && !agreed.as_array().unwrap().contains(&json!(v))).then_some(v)
            })
        })
        .expect("GNU Go has a living stone");
    let (status, s) = post(
        &http,
        &b_url,
        "dead",
        &b_token,
        json!({"point": white, "dead": true, "marks_version": s["marks_version"]}),
    );
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["accepted"]["white"], false);
    std::thread::sleep(Duration::from_secs(2));
    let s = wait_for(&http, &b_url, "the state", |_| true);
    assert_eq!(s["phase"], "scoring");
    assert_eq!(
        s["accepted"]["white"], false,
        "the bot does not accept marks GNU Go disputes"
    );
    // Marked alive again, the marks agree with GNU Go: the bot accepts, then the human.
    let (status, s) = post(
        &http,
        &b_url,
        "dead",
        &b_token,
        json!({"point": white, "dead": false, "marks_version": s["marks_version"]}),
    );
    assert_eq!(status, 200, "{s}");
    let s = wait_for(&http, &b_url, "the bot to accept again", |s| {
        s["accepted"]["white"] == true
    });
    assert_eq!(s["dead"], agreed);
    let (status, done) = post(
        &http,
        &b_url,
        "accept",
        &b_token,
        json!({"marks_version": s["marks_version"]}),
    );
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["phase"], "finished");
    // Both games ended: the bot leaves.
    let start = Instant::now();
    while bot.0.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the bot did not stop"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(bot.0.wait().unwrap().success());
}
