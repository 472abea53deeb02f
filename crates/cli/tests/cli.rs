//! Runs the built `tengen` binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn tengen(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tengen");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("tengen output")
}

#[test]
fn gtp_scripted_session() {
    let script = "1 protocol_version\nname\nboardsize 9\nkomi 6.5\n\
                  2 play b E5\nplay w E5\n# a comment\n\ngarbage\n\
                  3 genmove w\nkata-get-rules\nlist_stones b\nquit\nname\n";
    let out = tengen(&["gtp", "--rules", "japanese", "--seed", "5"], script);
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
    let again = tengen(&["gtp", "--rules", "japanese", "--seed", "5"], script);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn gtp_rejects_bad_rules() {
    let out = tengen(&["gtp", "--rules", "klingon"], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("known presets"));
}

#[test]
fn unwritten_subcommands_exit_2() {
    for args in [
        &["serve"][..],
        &["check", "x.sgf"],
        &["score", "x.sgf"],
        &["count", "3x3"],
        &["enumerate", "2x2"],
        &["bench", "replay", "x.sgf"],
    ] {
        let out = tengen(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("not yet implemented"));
    }
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
    let out = tengen(&["play", "--size", "5", "--seed", "3"], "C3\nresign\n");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("white (engine) plays"), "{text}");
    assert!(text.contains("game over: W+R"), "{text}");
}
