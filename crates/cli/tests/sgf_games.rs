//! The game-record corpus (tests/data/games, GNU Go self-play), `tengen check`, and GTP
//! `loadsgf`/`printsgf`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
mod common;
use common::tengen;

use tengen_core::{coords, Color, Rules};
use tengen_sgf::game::game_from_sgf;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/games")
}

fn records() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(corpus())
        .expect("corpus folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    v.sort();
    v
}

#[test]
fn check_accepts_the_whole_corpus() {
    let dir = corpus();
    let out = tengen(&["check", dir.to_str().unwrap()], "");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    let n = records().len();
    assert!(n >= 25, "corpus too small: {n}");
    assert_eq!(lines.len(), n + 1);
    for (line, path) in lines.iter().zip(records()) {
        assert!(
            line.starts_with(&format!("{}: ok (", path.display())),
            "{line}"
        );
    }
    assert_eq!(
        lines[n],
        format!("{n} games in {n} files: {n} ok, 0 illegal, 0 errors")
    );
}

/// Replaying each record ends on exactly the position GNU Go reported (the `.position` sidecar).
#[test]
fn replay_ends_on_gnugo_position() {
    let mut kos = 0;
    for path in records() {
        let bytes = std::fs::read(&path).unwrap();
        let (games, _) = tengen_sgf::read_go_games(&bytes).unwrap();
        let game = game_from_sgf(&games[0], Rules::default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let sidecar = std::fs::read_to_string(path.with_extension("position")).unwrap();
        let board = game.board();
        let h = board.height() as u8;
        for line in sidecar.lines() {
            let (key, value) = line.split_once(':').unwrap();
            let value = value.trim();
            match key {
                "black" | "white" => {
                    let color = Color::parse(key).unwrap();
                    let want: BTreeSet<String> =
                        value.split_whitespace().map(str::to_string).collect();
                    let got: BTreeSet<String> = board
                        .points()
                        .filter(|&p| board.get(p) == Some(color))
                        .map(|p| coords::to_gtp(p, h).unwrap())
                        .collect();
                    assert_eq!(got, want, "{} {key}", path.display());
                }
                "captures black" | "captures white" => {
                    let color = Color::parse(&key[9..]).unwrap();
                    let want: u32 = value.parse().unwrap();
                    assert_eq!(board.captures(color), want, "{} {key}", path.display());
                }
                _ => panic!("{}: unknown sidecar line {line}", path.display()),
            }
        }
        kos += game
            .turns()
            .windows(2)
            .filter(|w| w[0].removed() == 1 && w[1].removed() == 1)
            .count();
    }
    // Captures answered by a capture of one stone: the corpus has ko-like fights.
    assert!(kos > 0);
}

#[test]
fn check_reports_illegal_moves_collections_and_json() {
    let dir = std::env::temp_dir().join(format!("tengen-check-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("b.sgf"), "(;SZ[9];B[ee];W[ee])").unwrap();
    std::fs::write(
        dir.join("sub/a.sgf"),
        "(;SZ[5];B[ba];W[ca];B[ab];W[db];B[bc];W[cc];B[ee];W[bb];B[cb];W[bb])(;SZ[9];B[aa])",
    )
    .unwrap();
    std::fs::write(dir.join("c.sgf"), "(;SZ[9];B[ee").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a record").unwrap();
    let d = dir.to_str().unwrap();
    let out = tengen(&["check", d], "");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("{d}/b.sgf: move 2 E5: occupied"));
    assert!(
        lines[1].starts_with(&format!("{d}/c.sgf: error: line 1, column")),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], format!("{d}/sub/a.sgf#1: move 10 B4: ko"));
    assert_eq!(lines[3], format!("{d}/sub/a.sgf#2: ok (1 moves)"));
    assert_eq!(lines[4], "4 games in 3 files: 1 ok, 2 illegal, 1 error");
    // Under no ko rule the ko recapture is legal.
    let a = format!("{d}/sub/a.sgf");
    let out = tengen(&["check", &a, "--rules", "ko=none", "--json"], "");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text,
        format!(
            "{{\"file\":\"{a}\",\"game\":1,\"ok\":true,\"moves\":10,\"error\":null}}\n\
             {{\"file\":\"{a}\",\"game\":2,\"ok\":true,\"moves\":1,\"error\":null}}\n"
        )
    );
    let b = format!("{d}/b.sgf");
    let out = tengen(&["check", &b, "--json"], "");
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.trim(),
        format!(
            "{{\"file\":\"{b}\",\"game\":1,\"ok\":false,\"moves\":2,\"error\":\
             {{\"move_number\":2,\"vertex\":\"E5\",\"reason\":\"occupied\"}}}}"
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn gtp_loadsgf_and_printsgf() {
    let record = corpus().join("g9-h2-s21.sgf");
    let r = record.to_str().unwrap();
    let out_file = std::env::temp_dir().join(format!("tengen-printsgf-{}.sgf", std::process::id()));
    let o = out_file.to_str().unwrap();
    let script = format!(
        "loadsgf {r} 1\nlist_stones black\nloadsgf {r} 2\nloadsgf {r} 3\nloadsgf {r}\n\
         loadsgf /nonexistent.sgf\nprintsgf {o}\nloadsgf {r} G7\nprintsgf\nquit\n"
    );
    let out = tengen(&["gtp"], &script);
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(answers[0], "= white", "{text}");
    assert_eq!(answers[1], "= G7 C3");
    assert_eq!(answers[2], "= black");
    assert_eq!(answers[3], "= white");
    assert_eq!(answers[5], "? cannot open or parse '/nonexistent.sgf'");
    assert_eq!(answers[6], "= ");
    assert!(answers[8].starts_with("= (;FF[4]GM[1]"), "{}", answers[8]);
    let written = std::fs::read(&out_file).unwrap();
    std::fs::remove_file(&out_file).unwrap();
    let original = tengen_sgf::read_go_games(&std::fs::read(&record).unwrap()).unwrap();
    let again = tengen_sgf::read_go_games(&written).unwrap();
    let moves =
        |g: &tengen_sgf::GoGame| -> Vec<_> { g.moves.iter().map(|m| (m.color, m.point)).collect() };
    assert_eq!(moves(&again.0[0]), moves(&original.0[0]));
    assert_eq!(again.0[0].setup, original.0[0].setup);
    assert_eq!(again.0[0].komi, original.0[0].komi);
}
