//! The engine with its tree search attached: genmove, the clock commands, GoGui's analysis
//! commands and `final_status_list` from the search.

mod common;
use common::{engine, err, ok};
use tengen_core::{coords, Color, Move};
use tengen_gtp::{Engine, COMMANDS};
use tengen_mcts::{Config, Search};

fn with_search(playouts: u64) -> Engine {
    let mut e = engine("chinese");
    e.set_search(Search::new(Config {
        playouts: Some(playouts),
        seed: 3,
        ..Config::default()
    }));
    ok(&mut e, "boardsize 9");
    ok(&mut e, "komi 7");
    e
}

#[test]
fn analyze_commands_are_listed_and_known() {
    let mut e = with_search(100);
    let listed = ok(&mut e, "gogui-analyze_commands");
    let lines: Vec<&str> = listed.lines().collect();
    assert!(lines.len() >= 2, "{listed}");
    for line in &lines {
        // GoGui's form: type/label/command.
        let parts: Vec<&str> = line.split('/').collect();
        assert_eq!(parts.len(), 3, "{line}");
        assert!(["gfx", "string"].contains(&parts[0]), "{line}");
        assert!(COMMANDS.contains(&parts[2]), "{line} not in list_commands");
        assert_eq!(ok(&mut e, &format!("known_command {}", parts[2])), "true");
    }
    assert!(listed.contains("gfx/Ownership/tengen-ownership"));
    assert!(listed.contains("gfx/Principal variation/tengen-pv"));
}

#[test]
fn ownership_map_has_every_point_and_sees_a_walled_area() {
    let mut e = with_search(400);
    // Black walls off the left three columns (column C, rows 1-9); white does nothing useful.
    for r in 1..=9 {
        ok(&mut e, &format!("play b C{r}"));
        ok(&mut e, &format!("play w H{r}"));
    }
    let out = ok(&mut e, "tengen-ownership");
    let mut words = out.split_whitespace();
    assert_eq!(words.next(), Some("INFLUENCE"));
    let rest: Vec<&str> = words.collect();
    assert_eq!(rest.len(), 2 * 81, "{out}");
    let mut seen = std::collections::HashSet::new();
    for pair in rest.chunks(2) {
        let p = coords::from_gtp(pair[0], 9, 9).expect("a vertex");
        assert!(seen.insert(p), "{} twice", pair[0]);
        let v: f64 = pair[1].parse().unwrap();
        assert!((-1.0..=1.0).contains(&v), "{pair:?}");
        // A1, in black's walled area (A-B behind column C), is black's: positive.
        if pair[0] == "A1" {
            assert!(v > 0.5, "A1 {v}");
        }
        if pair[0] == "J1" {
            assert!(v < -0.5, "J1 {v}");
        }
    }
}

#[test]
fn principal_variation_is_a_legal_line_from_the_side_to_move() {
    let mut e = with_search(600);
    ok(&mut e, "play b E5");
    let out = ok(&mut e, "tengen-pv");
    let words: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(words[0], "VAR");
    assert!(words.len() >= 3 && words.len() % 2 == 1, "{out}");
    let mut game = e.game().clone();
    let mut expected = Color::White;
    for pair in words[1..].chunks(2) {
        let color = Color::parse(pair[0]).expect("b or w");
        assert_eq!(color, expected, "{out}");
        let mv = if pair[1] == "pass" {
            Move::Pass
        } else {
            Move::Play(coords::from_gtp(pair[1], 9, 9).unwrap())
        };
        game.play_as(color, mv)
            .unwrap_or_else(|r| panic!("{out}: {r:?}"));
        expected = expected.opponent();
    }
}

#[test]
fn genmove_plays_the_search_and_is_reproducible() {
    let run = || {
        let mut e = with_search(200);
        (0..6)
            .map(|k| ok(&mut e, if k % 2 == 0 { "genmove b" } else { "genmove w" }))
            .collect::<Vec<_>>()
    };
    let a = run();
    assert_eq!(a, run());
    assert!(a.iter().all(|m| m != "resign"));
}

#[test]
fn clock_commands_reach_the_search_and_bad_ones_change_nothing() {
    let mut e = with_search(50);
    ok(&mut e, "time_settings 300 30 5");
    ok(&mut e, "time_left b 100 0");
    ok(&mut e, "kgs-time_settings byoyomi 60 10 3");
    ok(&mut e, "kgs-time_settings canadian 60 30 5");
    ok(&mut e, "kgs-time_settings none");
    let before = e.search().unwrap().clock().clone();
    err(&mut e, "kgs-time_settings fischer 10 5");
    err(&mut e, "time_settings 1 2");
    assert_eq!(err(&mut e, "time_left q 100 0"), "invalid color");
    assert_eq!(e.search().unwrap().clock(), &before);
}

#[test]
fn final_status_from_the_search_when_asked() {
    let mut e = with_search(800);
    ok(&mut e, "boardsize 7");
    // Black owns columns A-D, white E-G; a dead white stone at A4 in atari (see the mcts tests).
    let black = "b D1 b D2 b D3 b D4 b D5 b D6 b D7 b B2 b B6 b A3 b B4";
    let white = "w E1 w E2 w E3 w E4 w E5 w E6 w E7 w F2 w F6 w A4";
    ok(&mut e, &format!("gogui-setup {black} {white}"));
    e.set_status_from_search(true);
    assert_eq!(ok(&mut e, "final_status_list dead"), "A4");
    let alive = ok(&mut e, "final_status_list alive");
    assert_eq!(alive.split_whitespace().count(), 20, "{alive}");
    assert_eq!(ok(&mut e, "final_status_list seki"), "");
}
