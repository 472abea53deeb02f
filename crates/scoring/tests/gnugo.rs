//! Agreement with GNU Go on settled final positions of GNU Go self-play games: the automatic
//! guess against `final_status_list dead`, and our area count with GNU Go's dead stones against
//! `final_score`. The positions are in tests/data/scoring (see the README there); one live test
//! plays a fresh game when /usr/games/gnugo exists.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use tengen_core::{coords, Board, Color, Point, Rules};
use tengen_scoring::{Analysis, Guess, GuessOptions, Marking, Score};

struct Fixture {
    name: String,
    board: Board,
    dead: Vec<Point>,
    score: String,
}

fn data_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/scoring")
}

fn parse_board(rows: &[String]) -> Board {
    let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    tengen_scoring::board_from_rows(&refs).unwrap()
}

fn fixtures() -> Vec<Fixture> {
    let mut out = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(data_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        let size: usize = lines
            .iter()
            .find_map(|l| l.strip_prefix("size "))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        let at = lines.iter().position(|l| *l == "board").unwrap();
        let rows: Vec<String> = lines[at + 1..at + 1 + size]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let field = |k: &str| -> String {
            lines
                .iter()
                .find_map(|l| l.strip_prefix(k))
                .map(|s| s.trim().to_string())
                .unwrap_or_default()
        };
        let dead = field("dead ")
            .split_whitespace()
            .map(|v| coords::from_gtp(v, size as u8, size as u8).unwrap())
            .collect();
        out.push(Fixture {
            name: path.file_name().unwrap().to_string_lossy().into_owned(),
            board: parse_board(&rows),
            dead,
            score: field("score "),
        });
    }
    out
}

fn area_score_with_dead(board: &Board, dead: &[Point]) -> Score {
    let a = Analysis::new(board);
    let mut flags = vec![false; a.groups().len()];
    for &p in dead {
        flags[a.group_at(p).unwrap().0 as usize] = true;
    }
    let m = Marking::with_dead_groups(a, flags);
    Score::new(&m, &"chinese,komi=7.5".parse::<Rules>().unwrap(), 0)
}

fn guessed_dead(board: &Board) -> Vec<Point> {
    let g = Guess::new(board, &Rules::CHINESE, GuessOptions::default());
    let a = g.marking.analysis();
    let mut v: Vec<Point> = (0..a.cells().len())
        .filter(|&k| g.status[k] == Some(tengen_scoring::StoneStatus::Dead))
        .map(|k| a.point(k))
        .collect();
    v.sort();
    v
}

#[test]
fn agrees_with_gnugo_on_recorded_games() {
    let fx = fixtures();
    assert!(fx.len() >= 8, "fixtures missing");
    let (mut same_score, mut same_dead, mut stones, mut stones_agree) = (0, 0, 0, 0);
    for f in &fx {
        let s = area_score_with_dead(&f.board, &f.dead);
        if s.result == f.score {
            same_score += 1;
        } else {
            println!(
                "{}: our count {} with GNU Go's dead stones, GNU Go {}",
                f.name, s.result, f.score
            );
        }
        let mut theirs = f.dead.clone();
        theirs.sort();
        let ours = guessed_dead(&f.board);
        if ours == theirs {
            same_dead += 1;
        } else {
            println!("{}: dead ours {:?} GNU Go {:?}", f.name, ours, theirs);
        }
        for p in f.board.points() {
            if f.board.get(p).is_some() {
                stones += 1;
                if ours.contains(&p) == theirs.contains(&p) {
                    stones_agree += 1;
                }
            }
        }
    }
    println!(
        "GNU Go agreement: score {same_score}/{n}, dead-stone sets {same_dead}/{n}, stones {stones_agree}/{stones}",
        n = fx.len()
    );
    assert_eq!(same_score, fx.len(), "area count with GNU Go's dead stones");
    assert!(
        same_dead * 4 >= fx.len() * 3,
        "guess agrees on too few positions"
    );
    assert!(stones_agree * 100 >= stones * 97);
}

fn gtp(stdin: &mut impl Write, out: &mut impl BufRead, cmd: &str) -> String {
    writeln!(stdin, "{cmd}").unwrap();
    stdin.flush().unwrap();
    let mut text = String::new();
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).unwrap() == 0 {
            break;
        }
        if line.trim().is_empty() {
            if !text.is_empty() {
                break;
            }
            continue;
        }
        text.push_str(&line);
    }
    assert!(text.starts_with('='), "{cmd}: {text}");
    text[1..].trim().to_string()
}

#[test]
fn live_gnugo_game() {
    let path = "/usr/games/gnugo";
    if !std::path::Path::new(path).exists() {
        println!("skipped: {path} not found");
        return;
    }
    let mut child = Command::new(path)
        .args([
            "--mode",
            "gtp",
            "--level",
            "1",
            "--chinese-rules",
            "--seed",
            "4242",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    gtp(&mut stdin, &mut out, "boardsize 9");
    gtp(&mut stdin, &mut out, "clear_board");
    gtp(&mut stdin, &mut out, "komi 7.5");
    let mut game = tengen_core::Game::new(9, 9, Rules::CHINESE).unwrap();
    let (mut passes, mut plies) = (0, 0);
    let mut color = Color::Black;
    while passes < 2 && plies < 300 {
        let mv = gtp(&mut stdin, &mut out, &format!("genmove {}", color.name()));
        if mv.eq_ignore_ascii_case("pass") {
            passes += 1;
            game.play_as(color, tengen_core::Move::Pass).unwrap();
        } else {
            passes = 0;
            let p = coords::from_gtp(&mv, 9, 9).unwrap();
            game.play_as(color, tengen_core::Move::Play(p)).unwrap();
        }
        color = color.opponent();
        plies += 1;
    }
    let dead: Vec<Point> = gtp(&mut stdin, &mut out, "final_status_list dead")
        .split_whitespace()
        .map(|v| coords::from_gtp(v, 9, 9).unwrap())
        .collect();
    let score = gtp(&mut stdin, &mut out, "final_score");
    let _ = writeln!(stdin, "quit");
    let _ = child.wait();
    let ours = area_score_with_dead(game.board(), &dead);
    println!(
        "live game: {plies} plies, GNU Go {score}, ours {}",
        ours.result
    );
    assert_eq!(ours.result, score);
}
