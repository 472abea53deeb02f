//! Every ko rule on hand-worked positions. Diagrams are top row first: `X` black, `O` white.

use tengen_core::{coords, Color, Game, IllegalMove, KoRule, Move, Point, Rules};

fn rules(ko: KoRule, suicide_allowed: bool) -> Rules {
    Rules {
        ko,
        suicide_allowed,
        ..Rules::CHINESE
    }
}

/// A game set up from a diagram, `to_move` to play.
fn setup(diagram: &[&str], to_move: Color, rules: Rules) -> Game {
    let h = diagram.len();
    let w = diagram[0].len();
    let mut g = Game::new(w, h, rules).unwrap();
    g.set_to_move(to_move).unwrap();
    let mut stones = Vec::new();
    for (y, row) in diagram.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = Point::new(x as u8, y as u8);
            match c {
                'X' => stones.push((p, Some(Color::Black))),
                'O' => stones.push((p, Some(Color::White))),
                _ => {}
            }
        }
    }
    g.set_up(&stones).unwrap();
    g
}

fn mv(g: &Game, v: &str) -> Move {
    if v == "pass" {
        return Move::Pass;
    }
    let b = g.board();
    Move::Play(coords::from_gtp(v, b.width() as u8, b.height() as u8).unwrap())
}

fn play(g: &mut Game, v: &str) -> Result<(), IllegalMove> {
    let m = mv(g, v);
    g.play(m)
}

fn play_all(g: &mut Game, vs: &[&str]) {
    for v in vs {
        play(g, v).unwrap_or_else(|e| panic!("{v}: {e}"));
    }
}

const ALL_KO: [KoRule; 5] = [
    KoRule::None,
    KoRule::Simple,
    KoRule::Positional,
    KoRule::Situational,
    KoRule::NaturalSituational,
];

/// A basic ko in the top-left corner of a 5x5 board (white stone B4 in atari):
/// ```text
///   A B C D E
/// 5 . X O . .
/// 4 X O . O .
/// 3 . X O . .
/// 2 . . . . .
/// 1 . . . . .
/// ```
const KO: [&str; 5] = [".XO..", "XO.O.", ".XO..", ".....", "....."];

#[test]
fn basic_ko_immediate_retake_is_forbidden_by_every_ko_rule_but_none() {
    for ko in ALL_KO {
        let mut g = setup(&KO, Color::Black, rules(ko, false));
        play(&mut g, "C4").unwrap(); // black captures B4
        assert_eq!(g.board().captures(Color::Black), 1);
        let before = (g.board().hash(), g.move_number());
        let r = play(&mut g, "B4");
        if ko == KoRule::None {
            assert_eq!(r, Ok(()), "{ko:?}");
            assert_eq!(g.board().captures(Color::White), 1);
        } else {
            assert_eq!(r, Err(IllegalMove::Ko), "{ko:?}");
            assert_eq!(
                (g.board().hash(), g.move_number()),
                before,
                "refused move changed nothing"
            );
            assert_eq!(g.ko_point(), Some(coords::from_gtp("B4", 5, 5).unwrap()));
            // After a threat and its answer, the retake is legal under every rule.
            play_all(&mut g, &["E1", "D1", "B4"]);
        }
    }
}

#[test]
fn retake_after_a_pass_between_ko_captures() {
    // White passes first, then black takes, then white retakes: the retake repeats the position
    // created by white's pass with black to move. Situational superko forbids it (reason `ko`,
    // it is the position before black's turn); natural situational superko ignores positions
    // created by a pass, and the set-up position has white to move: legal.
    for (ko, expected) in [
        (KoRule::None, Ok(())),
        (KoRule::Simple, Err(IllegalMove::Ko)),
        (KoRule::Positional, Err(IllegalMove::Ko)),
        (KoRule::Situational, Err(IllegalMove::Ko)),
        (KoRule::NaturalSituational, Ok(())),
    ] {
        let mut g = setup(&KO, Color::White, rules(ko, false));
        play_all(&mut g, &["pass", "C4"]);
        assert_eq!(play(&mut g, "B4"), expected, "{ko:?}");
    }
}

/// Three kos at once (a triple ko). Each capture is not an immediate retake, so simple ko
/// allows the six-move cycle; every superko rule forbids the sixth move, which recreates the
/// set-up position with black to move.
#[test]
fn triple_ko_cycle() {
    let diagram = [
        ".XO...XO.", // ko 1 (left, white holds B8), ko 2 (right, white holds G8)
        "XO.O.XO.O",
        ".XO...XO.",
        ".........",
        ".XO......", // ko 3 (black holds C4)
        "X.XO.....",
        ".XO......",
        ".........",
        ".........",
    ];
    let cycle = ["C8", "B4", "H8", "B8", "C4", "G8"];
    for ko in ALL_KO {
        let mut g = setup(&diagram, Color::Black, rules(ko, false));
        play_all(&mut g, &cycle[..5]);
        let r = play(&mut g, cycle[5]);
        match ko {
            KoRule::None | KoRule::Simple => {
                assert_eq!(r, Ok(()), "{ko:?}");
                assert_eq!(g.board(), g.setup_board(), "the cycle returns to the start");
            }
            _ => assert_eq!(r, Err(IllegalMove::Superko { repeats_move: 0 }), "{ko:?}"),
        }
    }
}

/// Sending two, returning one: black captures two stones, white throws one back in, black
/// takes it. Not a ko (two went, one came back): legal under every rule, no ko point.
/// ```text
///   A B C D E
/// 4 . X O . .
/// 3 X O . O .
/// 2 X O X O .
/// 1 . X O . .
/// ```
#[test]
fn sending_two_returning_one() {
    let diagram = [".XO..", "XO.O.", "XOXO.", ".XO.."];
    for ko in ALL_KO {
        let mut g = setup(&diagram, Color::Black, rules(ko, false));
        play(&mut g, "C3").unwrap(); // the white pair B3-B2 had only C3
        assert_eq!(g.board().captures(Color::Black), 2, "{ko:?}");
        // White throws in at B3 (one liberty, B2), black takes it with B2.
        play(&mut g, "B3").unwrap();
        play(&mut g, "B2").unwrap();
        assert_eq!(g.board().captures(Color::Black), 3, "{ko:?}");
        assert_eq!(
            g.ko_point(),
            None,
            "{ko:?}: a capture by a connected stone sets no ko"
        );
        g.check_consistency().unwrap();
    }
}

#[test]
fn repeat_of_the_setup_position() {
    // A 2x1 board with black A1 set up, white to move: white B1 captures A1; black A1 retakes
    // and recreates the set-up position, which stood right before white's turn.
    for ko in ALL_KO {
        let mut g = setup(&["X."], Color::White, rules(ko, false));
        play(&mut g, "B1").unwrap();
        let r = play(&mut g, "A1");
        match ko {
            KoRule::None => assert_eq!(r, Ok(())),
            // The set-up position stood right before white's turn: the ko itself.
            _ => assert_eq!(r, Err(IllegalMove::Ko), "{ko:?}"),
        }
    }
    // Longer: after a pass by each side, the recapture repeats the set-up position (index 0),
    // which is no longer the position before the opponent's turn.
    for ko in ALL_KO {
        let mut g = setup(&["X.."], Color::White, rules(ko, false));
        play(&mut g, "B1").unwrap(); // A1's only liberty was B1
        assert_eq!(g.board().captures(Color::White), 1);
        play_all(&mut g, &["pass", "C1"]); // white C1: white group B1-C1, liberty A1
        let r = play(&mut g, "A1"); // black A1 captures B1-C1: board "X.." = the set-up
        match ko {
            KoRule::None | KoRule::Simple => assert_eq!(r, Ok(()), "{ko:?}"),
            // Set-up had white to move; after black's move white is to move: a repeat for all.
            _ => assert_eq!(r, Err(IllegalMove::Superko { repeats_move: 0 }), "{ko:?}"),
        }
    }
}

#[test]
fn single_stone_suicide() {
    // Black A1 on 2x2 with white B1 and A2: suicide.
    let diagram = ["O.", ".O"];
    for ko in ALL_KO {
        for allowed in [false, true] {
            let mut g = setup(&diagram, Color::Black, rules(ko, allowed));
            let r = play(&mut g, "A1");
            if !allowed {
                assert_eq!(r, Err(IllegalMove::Suicide));
                continue;
            }
            match ko {
                // A one-stone suicide recreates the current position (the set-up, index 0):
                // positional superko forbids it, and it is not the ko position.
                KoRule::Positional => {
                    assert_eq!(r, Err(IllegalMove::Superko { repeats_move: 0 }), "{ko:?}")
                }
                // The same position, but white to move: not a situational repeat.
                _ => {
                    assert_eq!(r, Ok(()), "{ko:?}");
                    assert_eq!(g.board(), g.setup_board());
                    assert_eq!(g.board().captures(Color::White), 1);
                }
            }
        }
    }
}

#[test]
fn single_stone_suicide_after_a_pass_is_ko_under_simple_ko() {
    // After white passes, black's one-stone suicide would recreate the position that stood
    // before white's turn: simple ko forbids it as `ko`.
    let diagram = ["O.", ".O"];
    let mut g = setup(&diagram, Color::White, rules(KoRule::Simple, true));
    play(&mut g, "pass").unwrap();
    assert_eq!(play(&mut g, "A1"), Err(IllegalMove::Ko));
    // With no turn before it, the same suicide is legal.
    let mut g = setup(&diagram, Color::Black, rules(KoRule::Simple, true));
    assert_eq!(play(&mut g, "A1"), Ok(()));
}

#[test]
fn multi_stone_suicide() {
    // Black B1 joins A1 into a two-stone group with no liberty.
    let diagram = ["OO.", "X.O", "OO."];
    for ko in ALL_KO {
        for allowed in [false, true] {
            let mut g = setup(&diagram, Color::Black, rules(ko, allowed));
            let r = play(&mut g, "B2");
            if !allowed {
                assert_eq!(r, Err(IllegalMove::Suicide));
                assert_eq!(g.board(), g.setup_board());
            } else {
                assert_eq!(r, Ok(()), "{ko:?}: a new position, legal under every rule");
                assert_eq!(g.board().captures(Color::White), 2);
                assert_eq!(g.board().get(coords::from_gtp("A2", 3, 3).unwrap()), None);
                g.check_consistency().unwrap();
                assert!(g.undo());
                assert_eq!(g.board(), g.setup_board());
                assert_eq!(g.board().hash(), g.setup_board().hash());
            }
        }
    }
}

#[test]
fn suicide_cycle_where_situational_rules_differ() {
    // On a 2x1 board: black passes, white A1, black B1 captures, white passes, black A1 is a
    // two-stone suicide that empties the board: the empty board with white to move. It stood
    // after black's first pass (created by a pass) and, with black to move, at the start.
    for (ko, expected) in [
        (KoRule::None, Ok(())),
        (KoRule::Simple, Ok(())),
        (
            KoRule::Positional,
            Err(IllegalMove::Superko { repeats_move: 0 }),
        ),
        (
            KoRule::Situational,
            Err(IllegalMove::Superko { repeats_move: 1 }),
        ),
        (KoRule::NaturalSituational, Ok(())),
    ] {
        let mut g = Game::new(2, 1, rules(ko, true)).unwrap();
        play_all(&mut g, &["pass", "A1", "B1", "pass"]);
        assert_eq!(play(&mut g, "A1"), expected, "{ko:?}");
    }
}

#[test]
fn off_board_and_occupied_change_nothing() {
    let mut g = Game::new(9, 9, Rules::default()).unwrap();
    play(&mut g, "E5").unwrap();
    let h = g.board().hash();
    assert_eq!(
        g.play(Move::Play(Point::new(9, 0))),
        Err(IllegalMove::OffBoard)
    );
    assert_eq!(play(&mut g, "E5"), Err(IllegalMove::Occupied));
    assert_eq!(
        (g.board().hash(), g.move_number(), g.to_move()),
        (h, 1, Color::White)
    );
}

#[test]
fn game_ends_after_two_passes_and_a_play_resumes_it() {
    let mut g = Game::new(9, 9, Rules::default()).unwrap();
    play_all(&mut g, &["pass", "pass"]);
    assert!(g.is_over());
    play(&mut g, "E5").unwrap();
    assert!(!g.is_over());
    g.play(Move::Resign).unwrap();
    assert!(g.is_over());
    assert_eq!(g.resigned(), Some(Color::White));
    assert_eq!(play(&mut g, "D4"), Err(IllegalMove::GameOver));
    assert!(g.undo());
    assert!(!g.is_over());
    g.rollback(3).unwrap();
    assert_eq!(g.move_number(), 0);
    assert!(g.rollback(1).is_err());
}

#[test]
fn cycle_closed_by_a_non_capturing_move() {
    // 2x1 board, suicide allowed, simple ko: black A1, white B1 captures it, black passes,
    // white A1 is a two-stone suicide that empties the board (legal under simple ko: the
    // position before black's pass was `. O`). Black A1 now captures nothing and recreates the
    // position after move 1 (`X .`, white to move): every superko rule forbids it.
    for ko in [
        KoRule::Positional,
        KoRule::Situational,
        KoRule::NaturalSituational,
    ] {
        let mut g = Game::new(2, 1, rules(KoRule::Simple, true)).unwrap();
        play_all(&mut g, &["A1", "B1", "pass", "A1"]);
        assert_eq!(g.board(), g.setup_board());
        let a1 = Point::new(0, 0);
        assert_eq!(g.check(Color::Black, a1).map(|e| e.captures), Ok(0));
        g.set_rules(rules(ko, true));
        assert_eq!(
            play(&mut g, "A1"),
            Err(IllegalMove::Superko { repeats_move: 1 }),
            "{ko:?}"
        );
        // Under simple ko it stays legal.
        g.set_rules(rules(KoRule::Simple, true));
        assert_eq!(play(&mut g, "A1"), Ok(()));
    }
}
