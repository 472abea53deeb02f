//! The solver against published results (tests/data/solve/values.txt; sources in its README).
//! Boards marked `long` (5x5, 2x8: more than the test budget) run only with
//! `TENGEN_SOLVE_LONG=1`.

use tengen_core::{Board, Color, Rules};
use tengen_solve::{solve_position, SolveOptions};

mod support;
use support::parse_rows;

struct Case {
    line: String,
    width: usize,
    height: usize,
    rules: Rules,
    position: String,
    to_move: Color,
    result: String,
    quick: bool,
}

fn cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/solve/values.txt"
    );
    let text = std::fs::read_to_string(path).expect("the values file");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 7, "seven columns: {l}");
            let (w, h) = f[0].split_once('x').expect("WxH");
            Case {
                line: l.to_string(),
                width: w.parse().unwrap(),
                height: h.parse().unwrap(),
                rules: format!("chinese,komi=0,ko={}", f[1]).parse().unwrap(),
                position: f[2].to_string(),
                to_move: Color::parse(f[3]).expect("B or W"),
                result: f[4].to_string(),
                quick: f[5] == "quick",
            }
        })
        .collect()
}

fn board(c: &Case) -> Board {
    if c.position == "empty" {
        return Board::new(c.width, c.height).unwrap();
    }
    let rows: Vec<&str> = c.position.split('/').collect();
    assert_eq!(rows.len(), c.height, "rows: {}", c.line);
    for row in &rows {
        assert_eq!(row.len(), c.width, "row width: {}", c.line);
    }
    parse_rows(&c.position)
}

#[test]
fn published_results_are_reproduced() {
    let long = std::env::var_os("TENGEN_SOLVE_LONG").is_some();
    let all = cases();
    assert!(all.iter().filter(|c| c.quick).count() >= 6, "the quick set");
    for c in all.iter().filter(|c| c.quick || long) {
        // The long boards of 16 points or more start as `tengen solve` starts them: MTD(f) at
        // the top of the range, a 2^22-entry table (docs/SOLVING.md, "The search"); the
        // quick ones with the library's defaults.
        let points = (c.width * c.height) as i32;
        let options = if !c.quick && points >= 16 {
            SolveOptions {
                first_guess: points,
                table_bits: 22,
                ..SolveOptions::default()
            }
        } else {
            SolveOptions::default()
        };
        let s = solve_position(&board(c), c.to_move, c.rules, options)
            .unwrap_or_else(|e| panic!("{}: {e}", c.line));
        assert_eq!(s.result, c.result, "{}", c.line);
        // The principal variation is legal and ends with two passes at the proven score.
        let mut g = tengen_core::Game::from_board(&board(c), c.to_move, c.rules).unwrap();
        for &(color, mv) in &s.pv {
            assert_eq!(color, g.to_move(), "{}", c.line);
            g.play(mv)
                .unwrap_or_else(|e| panic!("{}: pv move {mv:?}: {e}", c.line));
        }
        assert_eq!(g.consecutive_passes(), 2, "{}: pv ends the game", c.line);
    }
}
