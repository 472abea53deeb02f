//! Runs the built `tengen` binary.

mod common;
use common::tengen;

#[test]
fn gtp_scripted_session() {
    let script = "1 protocol_version\nname\nboardsize 9\nkomi 6.5\n\
                  2 play b E5\nplay w E5\n# a comment\n\ngarbage\n\
                  3 genmove w\nkata-get-rules\nlist_stones b\nquit\nname\n";
    let args = [
        "gtp",
        "--rules",
        "japanese",
        "--seed",
        "5",
        "--playouts",
        "300",
    ];
    let out = tengen(&args, script);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(answers.len(), 12, "{text:?}");
    assert_eq!(answers[0], "=1 2");
    assert_eq!(answers[1], "= tengen");
    assert_eq!(answers[4], "=2 ");
    assert_eq!(answers[5], "? illegal move: occupied");
    assert_eq!(answers[6], "? unknown command");
    assert!(answers[7].starts_with("=3 "), "{}", answers[7]);
    assert_eq!(
        answers[8],
        "= ko=simple,suicide=forbidden,scoring=territory,komi=6.5,handicap-bonus=0"
    );
    assert_eq!(answers[9], "= E5");
    assert_eq!(answers[10], "= ");
    assert_eq!(answers[11], "", "nothing after quit");
    // Same seed, same moves.
    let again = tengen(&args, script);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn gtp_rejects_bad_rules() {
    let out = tengen(&["gtp", "--rules", "klingon"], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("known presets"));
}

#[test]
fn count_and_enumerate_agree_with_the_published_table() {
    // 3x3: 12675 legal positions (OEIS A094777).
    let out = tengen(&["count", "3x3"], "");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).lines().last(),
        Some("12675")
    );
    let out = tengen(&["count", "2x3", "--method", "brute", "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["count"], "489");
    assert_eq!(v["method"], "brute");
    assert!(v["peak_memory_bytes"].as_u64().is_some_and(|b| b > 0));
    // Enumerate 2x2: 57 serials, strictly increasing, the empty board first.
    let out = tengen(&["enumerate", "2x2"], "");
    let serials: Vec<u64> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(serials.len(), 57);
    assert!(serials.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(serials[0], 0);
    // 1x1 with a black stone (serial 1): its own group has no liberty, error -1.
    let out = tengen(&["enumerate", "1x1", "--check-serial", "1"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("-1"));
    let out = tengen(&["count", "0x3"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn score_a_record() {
    let dir = std::env::temp_dir().join(format!("tengen-score-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // 5x5: black owns the left two columns and C3's column is black; white the right two.
    let sgf = dir.join("g.sgf");
    std::fs::write(
        &sgf,
        "(;FF[4]GM[1]SZ[5]KM[0.5]RU[Chinese];B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[])",
    )
    .unwrap();
    let out = tengen(&["score", sgf.to_str().unwrap(), "--dead", "none"], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Black: 15 points of area, white 10 + 0.5 komi.
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).lines().last(),
        Some("B+4.5")
    );
    let out = tengen(
        &[
            "score",
            sgf.to_str().unwrap(),
            "--json",
            "--rules",
            "japanese,komi=0.5",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["black"]["territory"], 10);
    assert_eq!(v["white"]["territory"], 5);
    assert_eq!(v["result"], "B+4.5");
    assert_eq!(v["ownership"][0], "BBBWW");
    // A preset without `komi=` keeps the record's KM (0.5), not the preset's (Chinese 7.5,
    // Japanese 6.5): black 15 - white 10 - 0.5 under area rules; a komi named in the text wins.
    for (rules, komi, result) in [
        ("chinese", 0.5, "B+4.5"),
        ("japanese", 0.5, "B+4.5"),
        ("chinese,komi=7.5", 7.5, "W+2.5"),
        ("chinese,Komi=2", 2.0, "B+3"),
    ] {
        let out = tengen(
            &["score", sgf.to_str().unwrap(), "--json", "--rules", rules],
            "",
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["komi"], komi, "{rules}");
        assert_eq!(v["result"], result, "{rules}");
    }
    // Marking the white wall dead gives black the board.
    let out = tengen(
        &[
            "score",
            sgf.to_str().unwrap(),
            "--dead-stones",
            "D5",
            "--json",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["result"], "B+24.5");
    assert_eq!(v["dead"].as_array().unwrap().len(), 5);
    let out = tengen(&["score", dir.join("missing.sgf").to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn help_for_every_subcommand() {
    for sub in [
        "serve",
        "gtp",
        "check",
        "score",
        "count",
        "enumerate",
        "bench",
        "play",
    ] {
        let out = tengen(&[sub, "--help"], "");
        assert!(out.status.success(), "{sub}");
        assert!(!out.stdout.is_empty());
    }
}

#[test]
fn bench_playouts_last_line() {
    let out = tengen(
        &[
            "bench",
            "playouts",
            "--size",
            "5",
            "--seconds",
            "0.2",
            "--superko",
        ],
        "",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("ko=positional"));
    let last = text.lines().last().unwrap();
    let (n, unit) = last.split_once(' ').unwrap();
    assert!(n.parse::<u64>().unwrap() > 0, "{last}");
    assert_eq!(unit, "playouts/s");
}

#[test]
fn play_piped_game() {
    let out = tengen(
        &["play", "--size", "5", "--vs", "human"],
        "C3\nc3\nZ9\nD4\nundo\nD4\npass\npass\n",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("illegal move: occupied"), "{text}");
    assert!(
        text.contains("invalid coordinate") || text.contains("off board"),
        "{text}"
    );
    assert!(text.contains(".(O)"), "{text}");
    assert!(text.contains("game over"), "{text}");
    let out = tengen(
        &["play", "--size", "5", "--seed", "3", "--playouts", "200"],
        "C3\nresign\n",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("white (engine) plays"), "{text}");
    assert!(text.contains("game over: W+R"), "{text}");
}

#[test]
fn score_effort_levels() {
    let dir = std::env::temp_dir().join(format!("tengen-effort-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A 9x9 game GNU Go 3.8 played to two passes (tests/data/cleanup, 9x9-h0-l1-s1): the black
    // stone C3 is dead (GNU Go's kgs-genmove_cleanup captured it). With it removed, black has
    // 50 points of area and white 31: 50 - 31 - 7.5 = B+11.5; counted alive it would be
    // 51 - 27 (the region around C3 is nobody's) - 7.5 = B+16.5.
    let sgf = dir.join("g.sgf");
    std::fs::write(
        &sgf,
        "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese];B[dc];W[de];B[fd];W[fe];B[gd];W[ff];B[cd];W[ce];B[cg];W[bf];B[hf];W[bd];B[gg];W[bg];B[eh];W[ch];B[bc];W[ac];B[bb];W[eg];B[dh];W[dg];B[fh];W[ci];B[dd];W[ab];B[ba];W[ed];B[ec];W[ee];B[ge];W[di];B[fg];W[ei];B[fi];W[gf];B[aa];W[ad];B[];W[])",
    )
    .unwrap();
    for effort in ["low", "default", "high"] {
        let out = tengen(&["score", sgf.to_str().unwrap(), "--effort", effort], "");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).lines().last(),
            Some("B+11.5"),
            "--effort {effort}"
        );
    }
    let out = tengen(&["score", sgf.to_str().unwrap(), "--effort", "extreme"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("extreme"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn count_and_enumerate_refuse_what_would_not_fit() {
    // 19x19: the DP would need terabytes (13x13 already used 2.6 GB): refused before starting.
    let out = tengen(&["count", "19x19"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--max-memory") && err.contains("--yes"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    // A tight limit refuses even a small board; --yes runs it anyway.
    let out = tengen(&["count", "5x5", "--max-memory", "1K"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = tengen(&["count", "3x3", "--max-memory", "1K", "--yes"], "");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "12675");
    // 5x5: 414,295,148,741 lines (OEIS A094777) of up to 12 digits: far over the 1G default.
    let out = tengen(&["enumerate", "5x5"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("414295148741") && err.contains("--yes"),
        "{err}"
    );
    // 2x2: 57 lines of at most 3 characters fit in 1K.
    let out = tengen(&["enumerate", "2x2", "--max-output", "1K"], "");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 57);
}

#[test]
fn enumerate_stops_quietly_when_its_reader_goes() {
    use std::io::{BufRead, BufReader};
    // 4x4 has 24,318,165 legal positions: far more than one pipe buffer.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["enumerate", "4x4", "--threads", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    lines.read_line(&mut first).unwrap();
    assert_eq!(first, "0\n");
    drop(lines);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn check_serial_draws_the_position() {
    // 3x3, serial 1 + 2·3^1 = 7: black at the top-left, white beside it; both have liberties.
    let out = tengen(&["enumerate", "3x3", "--check-serial", "7"], "");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "7: legal\nX O .\n. . .\n. . .\n"
    );
    // 1x1 with a black stone: no liberty (-1), and the board shows why.
    let out = tengen(&["enumerate", "1x1", "--check-serial", "1"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("\nX\n"));
}

#[test]
fn score_prints_the_marked_board_and_warns_on_unfinished_records() {
    let dir = std::env::temp_dir().join(format!("tengen-score-board-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // 6x2: black's eye A2-B2 holds a white stone (marked dead), white's eye is F2, and D2-D1
    // are liberties both share: a seki.
    let stones = "SZ[6:2]KM[0]AB[ca][ab][bb][cb]AW[aa][ea][eb][fb]";
    let finished = dir.join("seki.sgf");
    std::fs::write(&finished, format!("(;FF[4]GM[1]{stones};B[];W[])")).unwrap();
    let out = tengen(
        &[
            "score",
            finished.to_str().unwrap(),
            "--rules",
            "japanese,komi=0",
            "--dead-stones",
            "A2",
        ],
        "",
    );
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Territory rules: the seki's eyes count for nobody (=), D2 and D1 are dame; black scores
    // only the dead white stone as a prisoner: B+1.
    assert_eq!(lines[0], "    A B C D E F");
    assert_eq!(lines[1], "  2 o = # . @ =");
    assert_eq!(lines[2], "  1 # # # . @ @");
    assert!(lines[3].starts_with("legend: X O stones, x o dead stones, # @"));
    assert!(text.contains("seki: C2 E2 A1 B1 C1 E1 F1\n"));
    assert!(text.contains("dame: D2 D1\n"));
    assert_eq!(lines.last(), Some(&"B+1"));
    // Area rules: the eyes count for their owners (b, w): black 4 stones + 2 = 6, white 3 + 1.
    let out = tengen(
        &[
            "score",
            finished.to_str().unwrap(),
            "--rules",
            "chinese,komi=0",
            "--dead-stones",
            "A2",
        ],
        "",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], "  2 o b # . @ w");
    assert_eq!(lines.last(), Some(&"B+2"));
    // The same stones with no passes at the end: scored, with a warning on stderr.
    let open = dir.join("open.sgf");
    std::fs::write(&open, format!("(;FF[4]GM[1]{stones})")).unwrap();
    let out = tengen(
        &["score", open.to_str().unwrap(), "--dead-stones", "A2"],
        "",
    );
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("did not end with two passes or a resignation"),
        "{err}"
    );
    // A resignation recorded in RE is a finished game: no warning.
    let resigned = dir.join("resigned.sgf");
    std::fs::write(&resigned, format!("(;FF[4]GM[1]RE[W+R]{stones})")).unwrap();
    let out = tengen(&["score", resigned.to_str().unwrap(), "--dead", "none"], "");
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}
