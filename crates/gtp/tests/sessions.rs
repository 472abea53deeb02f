//! GTP sessions as controllers send them.

mod common;
use common::{engine, err, ok, state};
use tengen_gtp::{Engine, COMMANDS};

/// Runs a whole session through [`Engine::run`] and returns the output.
fn session(engine: &mut Engine, input: &str) -> String {
    let mut out = Vec::new();
    engine.run(input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn ids_are_echoed_and_garbage_is_answered_in_between() {
    let mut e = engine("chinese");
    let out = session(
        &mut e,
        "1 protocol_version\n2 name\n\n  # comment line\n\x01\x02garbage here\n3 version\n4 known_command play\n5 known_command loadsgf\n6 boardsize 9\r\n7\tplay\tb\te5 # a comment\n8 frobnicate\n9 quit\n10 name\n",
    );
    let expected = format!(
        "=1 2\n\n=2 tengen\n\n? unknown command\n\n=3 {}\n\n=4 true\n\n=5 true\n\n=6 \n\n=7 \n\n?8 unknown command\n\n=9 \n\n",
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(out, expected);
    assert!(e.has_quit());
    assert_eq!(ok(&mut e, "list_stones b"), "E5");
}

#[test]
fn list_commands_lists_every_known_command() {
    let mut e = engine("chinese");
    let listed = ok(&mut e, "list_commands");
    let names: Vec<&str> = listed.lines().collect();
    assert_eq!(names, COMMANDS);
    for name in names {
        assert_eq!(ok(&mut e, &format!("known_command {name}")), "true");
    }
    for name in ["loadsgf", "printsgf"] {
        assert_eq!(ok(&mut e, &format!("known_command {name}")), "true");
    }
    assert_eq!(ok(&mut e, "known_command foo"), "false");
    assert_eq!(err(&mut e, "foo"), "unknown command");
    assert_eq!(err(&mut e, "loadsgf"), "syntax error");
}

#[test]
fn required_errors_are_spelled_as_the_spec_says() {
    let mut e = engine("chinese");
    ok(&mut e, "boardsize 9");
    assert_eq!(err(&mut e, "boardsize 26"), "unacceptable size");
    assert_eq!(err(&mut e, "boardsize 0"), "unacceptable size");
    assert_eq!(
        err(&mut e, "rectangular_boardsize 26 3"),
        "unacceptable size"
    );
    assert_eq!(err(&mut e, "boardsize nine"), "syntax error");
    assert_eq!(err(&mut e, "play red E5"), "invalid color");
    assert_eq!(err(&mut e, "play b I5"), "invalid coordinate");
    assert_eq!(err(&mut e, "play b 5E"), "invalid coordinate");
    assert_eq!(err(&mut e, "play b K5"), "illegal move: off board");
    assert_eq!(err(&mut e, "play b"), "syntax error");
    assert_eq!(err(&mut e, "komi lots"), "syntax error");
    assert_eq!(err(&mut e, "is_legal b Z99"), "invalid coordinate");
    assert_eq!(err(&mut e, "list_stones purple"), "invalid color");
    assert_eq!(err(&mut e, "final_status_list undecided"), "syntax error");
    ok(&mut e, "play b e5");
    assert_eq!(err(&mut e, "play w E5"), "illegal move: occupied");
    // Board and vertices: case-insensitive in, upper-case out; pass lower-case.
    assert_eq!(ok(&mut e, "list_stones BLACK"), "E5");
    ok(&mut e, "play W PASS");
    assert_eq!(
        ok(&mut e, "gogui-rules_legal_moves").split(' ').next_back(),
        Some("pass")
    );
}

#[test]
fn handicap_game_with_undo_and_genmove() {
    let mut e = Engine::new(Default::default(), 7);
    ok(&mut e, "boardsize 19");
    ok(&mut e, "komi 0.5");
    assert_eq!(ok(&mut e, "fixed_handicap 4"), "D16 Q16 D4 Q4");
    assert_eq!(ok(&mut e, "gogui-rules_side_to_move"), "white");
    assert_eq!(err(&mut e, "undo"), "cannot undo"); // handicap stones are the set-up
    let mv = ok(&mut e, "genmove w");
    assert_ne!(mv, "pass");
    assert_eq!(ok(&mut e, "list_stones white"), mv);
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "list_stones white"), "");
    assert_eq!(ok(&mut e, "list_stones black"), "D16 Q16 D4 Q4");
    assert!(ok(&mut e, "kata-get-rules").contains("komi=0.5"));
}

#[test]
fn genmove_is_reproducible_with_the_seed_and_plays_for_the_given_color() {
    let play = |seed| {
        let mut e = Engine::new(Default::default(), seed);
        ok(&mut e, "boardsize 9");
        let moves: Vec<String> = (0..30)
            .map(|k| ok(&mut e, if k % 3 == 2 { "genmove b" } else { "genmove w" }))
            .collect();
        (moves, ok(&mut e, "showboard"))
    };
    assert_eq!(play(3), play(3));
    assert_ne!(play(3), play(4));
    let mut e = engine("chinese");
    ok(&mut e, "boardsize 9");
    ok(&mut e, "play b E5");
    let w = ok(&mut e, "genmove w");
    let w2 = ok(&mut e, "genmove w"); // white twice: allowed, then black moves
    assert_eq!(ok(&mut e, "gogui-rules_side_to_move"), "black");
    let whites = ok(&mut e, "list_stones w");
    assert_eq!(whites.split(' ').count(), 2, "{w} {w2} -> {whites}");
}

#[test]
fn genmove_passes_when_nothing_is_left_and_never_resigns() {
    let mut e = engine("chinese");
    ok(&mut e, "boardsize 3");
    let mut passes = 0;
    for k in 0..200 {
        let mv = ok(&mut e, if k % 2 == 0 { "genmove b" } else { "genmove w" });
        assert_ne!(mv, "resign");
        if mv == "pass" {
            passes += 1;
        }
    }
    assert!(passes > 0);
}

#[test]
fn setup_commands() {
    let mut e = engine("chinese");
    ok(&mut e, "boardsize 9");
    ok(&mut e, "gogui-setup b D4 w E5 B c3");
    ok(&mut e, "gogui-setup_player w");
    assert_eq!(ok(&mut e, "list_stones b"), "D4 C3");
    assert_eq!(ok(&mut e, "gogui-rules_side_to_move"), "white");
    let s = state(&mut e);
    assert_eq!(err(&mut e, "gogui-setup b D4 w"), "syntax error");
    assert_eq!(err(&mut e, "gogui-setup x D4"), "invalid color");
    assert_eq!(err(&mut e, "set_position b D4 w Z4"), "invalid coordinate");
    assert_eq!(err(&mut e, "gogui-setup_player red"), "invalid color");
    // A set-up group without a liberty is refused.
    assert!(err(&mut e, "set_position b A1 w A2 w B1").contains("no liberty"));
    assert_eq!(state(&mut e), s);
    // set_position replaces everything.
    ok(&mut e, "set_position w J9");
    assert_eq!(ok(&mut e, "list_stones b"), "");
    assert_eq!(ok(&mut e, "list_stones w"), "J9");
    assert_eq!(ok(&mut e, "gogui-rules_side_to_move"), "black");
    // The set-up starts the history: undo has nothing to take back.
    assert_eq!(err(&mut e, "undo"), "cannot undo");
    ok(&mut e, "play b A1");
    assert!(err(&mut e, "gogui-setup b C3").contains("after the first move"));
    assert!(err(&mut e, "gogui-setup_player w").contains("after the first move"));
}

#[test]
fn free_handicap() {
    let mut e = engine("chinese");
    ok(&mut e, "boardsize 9");
    let s = state(&mut e);
    assert_eq!(err(&mut e, "set_free_handicap D4 D4"), "repeated vertex");
    assert_eq!(
        err(&mut e, "set_free_handicap D4 pass"),
        "invalid coordinate"
    );
    assert_eq!(err(&mut e, "set_free_handicap D4 K4"), "invalid coordinate");
    assert_eq!(err(&mut e, "set_free_handicap D4"), "invalid handicap");
    assert_eq!(err(&mut e, "place_free_handicap 1"), "invalid handicap");
    assert_eq!(err(&mut e, "place_free_handicap 99"), "invalid handicap");
    assert_eq!(state(&mut e), s);
    ok(&mut e, "set_free_handicap d4 F6 g7");
    assert_eq!(ok(&mut e, "list_stones b"), "G7 F6 D4");
    assert_eq!(err(&mut e, "place_free_handicap 2"), "board not empty");
    ok(&mut e, "boardsize 6");
    let placed = ok(&mut e, "place_free_handicap 3");
    assert_eq!(placed.split(' ').count(), 3);
    assert_eq!(ok(&mut e, "list_stones b"), placed);
}

#[test]
fn rules_commands() {
    let mut e = engine("chinese");
    assert_eq!(
        ok(&mut e, "kata-get-rules"),
        "ko=simple,suicide=forbidden,scoring=area,komi=7.5,handicap-bonus=n"
    );
    ok(&mut e, "kata-set-rules tromp-taylor");
    assert_eq!(
        ok(&mut e, "kata-get-rules"),
        "ko=positional,suicide=allowed,scoring=area,komi=7.5,handicap-bonus=0"
    );
    ok(&mut e, "kata-set-rules japanese,komi=0");
    assert_eq!(
        ok(&mut e, "kata-get-rules"),
        "ko=simple,suicide=forbidden,scoring=territory,komi=0,handicap-bonus=0"
    );
    ok(&mut e, "kata-set-rules new zealand");
    assert!(ok(&mut e, "kata-get-rules").starts_with("ko=situational,suicide=allowed"));
    let s = state(&mut e);
    assert!(err(&mut e, "kata-set-rules ko=sometimes").contains("accepted"));
    assert!(err(&mut e, "kata-set-rules klingon").contains("known presets"));
    assert_eq!(state(&mut e), s);
    // Rules survive clear_board and boardsize; suicide is now allowed.
    ok(&mut e, "boardsize 5");
    ok(&mut e, "play b A2");
    ok(&mut e, "play b B1");
    ok(&mut e, "play w A1");
    assert_eq!(ok(&mut e, "list_stones w"), "");
    assert_eq!(ok(&mut e, "captures b"), "1");
}

#[test]
fn superko_reason() {
    let mut e = engine("tromp-taylor");
    ok(&mut e, "boardsize 5");
    // Single-stone suicide recreates the position: positional superko forbids it (as ko).
    ok(&mut e, "play b A2");
    ok(&mut e, "play b B1");
    assert!(err(&mut e, "play w A1").starts_with("illegal move: "));
}

#[test]
fn passes_end_the_game_and_play_resumes_it() {
    let mut e = engine("chinese");
    ok(&mut e, "boardsize 5");
    assert_eq!(ok(&mut e, "gogui-rules_final_result"), "unknown");
    ok(&mut e, "play b C3");
    ok(&mut e, "play w pass");
    ok(&mut e, "play b pass");
    assert_eq!(ok(&mut e, "gogui-rules_legal_moves"), "");
    // 5x5, one black stone, area scoring, komi 7.5: black owns all 25 points.
    assert_eq!(ok(&mut e, "gogui-rules_final_result"), "B+17.5");
    assert_eq!(ok(&mut e, "final_score"), "B+17.5");
    assert_eq!(ok(&mut e, "final_status_list alive"), "C3");
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
    ok(&mut e, "play w D4");
    assert!(ok(&mut e, "gogui-rules_legal_moves").ends_with(" pass"));
    ok(&mut e, "play b resign");
    assert_eq!(ok(&mut e, "gogui-rules_final_result"), "W+R");
    assert_eq!(ok(&mut e, "final_score"), "W+R");
    assert_eq!(ok(&mut e, "gogui-rules_legal_moves"), "");
    assert_eq!(err(&mut e, "play w E5"), "illegal move: game over");
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "gogui-rules_final_result"), "unknown");
    ok(&mut e, "play w resign");
    assert_eq!(ok(&mut e, "gogui-rules_final_result"), "B+R");
}

#[test]
fn gogui_rules_queries() {
    let mut e = engine("chinese");
    assert_eq!(ok(&mut e, "gogui-rules_game_id"), "Go");
    assert_eq!(ok(&mut e, "gogui-rules_board_size"), "19");
    ok(&mut e, "rectangular_boardsize 3 2");
    assert_eq!(ok(&mut e, "gogui-rules_board_size"), "3 2");
    assert_eq!(
        ok(&mut e, "gogui-rules_legal_moves"),
        "A2 B2 C2 A1 B1 C1 pass"
    );
    ok(&mut e, "play b B1");
    ok(&mut e, "play w A1");
    assert_eq!(ok(&mut e, "gogui-rules_board"), ". . .\nO X .");
    assert_eq!(ok(&mut e, "gogui-rules_legal_moves"), "A2 B2 C2 C1 pass");
    ok(&mut e, "play b A2");
    assert_eq!(ok(&mut e, "gogui-rules_captured_count"), "1 0");
    assert_eq!(ok(&mut e, "captures black"), "1");
    let shown = ok(&mut e, "showboard");
    assert!(shown.starts_with('\n'));
    assert!(shown.contains("Black (X) has captured 1 stones"), "{shown}");
    assert!(!shown.contains("\n\n"));
    ok(&mut e, "time_settings 300 30 5");
    ok(&mut e, "time_left b 100 0");
    assert_eq!(err(&mut e, "time_left q 100 0"), "invalid color");
}

#[test]
fn confined_files_stay_in_their_folder() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine("chinese");
    e.confine_files_to(dir.path());
    ok(&mut e, "boardsize 9");
    ok(&mut e, "play b E5");
    ok(&mut e, "printsgf game.sgf");
    let written = std::fs::read_to_string(dir.path().join("game.sgf")).unwrap();
    assert!(written.contains(";B[ee]"), "{written}");
    // Out of the folder: refused, and nothing written.
    for name in ["../escape.sgf", "/tmp/escape.sgf", "sub/../../escape.sgf"] {
        assert_eq!(
            err(&mut e, &format!("printsgf {name}")),
            format!("cannot open or create '{name}'")
        );
        assert_eq!(
            err(&mut e, &format!("loadsgf {name}")),
            format!("cannot open or parse '{name}'")
        );
    }
    assert!(!dir.path().parent().unwrap().join("escape.sgf").exists());
    ok(&mut e, "clear_board");
    assert_eq!(ok(&mut e, "loadsgf game.sgf"), "white");
    assert_eq!(ok(&mut e, "list_stones b"), "E5");
}

#[test]
fn komi_out_of_range_or_off_the_half_point_grid_is_refused() {
    let mut e = engine("chinese");
    ok(&mut e, "boardsize 5");
    let before = state(&mut e);
    // -1e308 once made final_score answer B+9223372036854775807.
    for komi in ["-1e308", "1e308", "10000.5", "6.25", "0.1"] {
        let message = err(&mut e, &format!("komi {komi}"));
        assert!(
            message.starts_with("unacceptable komi: "),
            "{komi}: {message}"
        );
        assert!(message.contains("multiple of 0.5"), "{message}");
    }
    assert_eq!(state(&mut e), before);
    assert_eq!(err(&mut e, "komi nan"), "syntax error");
    ok(&mut e, "komi -10000");
    ok(&mut e, "komi 0.5");
    // 5x5, empty board, area scoring: no points for either side, so white wins by the komi.
    assert_eq!(ok(&mut e, "final_score"), "W+0.5");
}

#[test]
fn loadsgf_refuses_a_handicap_the_board_cannot_hold() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ha.sgf"), "(;SZ[9]HA[999999];B[ee])").unwrap();
    std::fs::write(dir.path().join("km.sgf"), "(;SZ[9]KM[-1e308];B[ee])").unwrap();
    let mut e = engine("chinese");
    e.confine_files_to(dir.path());
    let before = state(&mut e);
    let message = err(&mut e, "loadsgf ha.sgf");
    assert!(
        message.starts_with("illegal record: handicap HA[999999] refused"),
        "{message}"
    );
    assert_eq!(state(&mut e), before);
    // An absurd KM is dropped with a warning: the engine's komi (chinese: 7.5) stays.
    assert_eq!(ok(&mut e, "loadsgf km.sgf"), "white");
    assert!(ok(&mut e, "kata-get-rules").contains("komi=7.5"));
}

#[test]
fn printsgf_writes_what_other_programs_read() {
    let mut e = engine("japanese");
    ok(&mut e, "boardsize 5");
    ok(&mut e, "komi 0.5");
    ok(&mut e, "play b C3");
    let open = ok(&mut e, "printsgf");
    // A preset by its standard name, komi apart; the date; no result while the game goes on.
    assert!(
        open.contains("RU[Japanese]") && open.contains("KM[0.5]"),
        "{open}"
    );
    assert!(
        open.contains(&format!("DT[{}]", tengen_sgf::game::today())),
        "{open}"
    );
    assert!(!open.contains("RE["), "{open}");
    ok(&mut e, "play w resign");
    let over = ok(&mut e, "printsgf");
    assert!(over.contains("RE[B+R]"), "{over}");
}
