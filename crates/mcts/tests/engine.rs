//! The computer opponent against hand-worked positions and the rules core's own legality check.

use tengen_core::playout::{self, Rng};
use tengen_core::{coords, Color, Game, Move, Point, Rules};
use tengen_mcts::{Config, Decision, Search};

fn pt(v: &str, size: u8) -> Point {
    coords::from_gtp(v, size, size).unwrap()
}

/// A game on a `size` board with `black` and `white` stones set up and `to_move` to play.
fn position(size: u8, rules: &str, black: &[&str], white: &[&str], to_move: Color) -> Game {
    let mut game = Game::new(
        size as usize,
        size as usize,
        rules.parse::<Rules>().unwrap(),
    )
    .unwrap();
    let mut stones: Vec<(Point, Option<Color>)> = Vec::new();
    stones.extend(black.iter().map(|v| (pt(v, size), Some(Color::Black))));
    stones.extend(white.iter().map(|v| (pt(v, size), Some(Color::White))));
    game.set_to_move(to_move).unwrap();
    game.set_up(&stones).unwrap();
    game
}

fn search(playouts: u64, seed: u64) -> Search {
    Search::new(Config {
        playouts: Some(playouts),
        seed,
        ..Config::default()
    })
}

fn genmove(s: &mut Search, game: &Game, color: Color) -> Move {
    match s.genmove(game, color) {
        Decision::Play(mv) => mv,
        Decision::Resign => panic!("resigned although resigning is off"),
    }
}

/// Random positions under every ko rule (superko included) and suicide rule, both colors asked:
/// every move the search plays is accepted by the rules core's `Game::play_as`, which checks
/// occupancy, suicide, ko and superko exactly. `TENGEN_MCTS_POSITIONS` raises the count.
#[test]
fn never_an_illegal_move_over_random_positions_and_rules() {
    let n: usize = std::env::var("TENGEN_MCTS_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    let rules = [
        "chinese",
        "japanese",
        "tromp-taylor",
        "nz",
        "aga",
        "chinese-kgs,ko=natural-situational",
    ];
    let mut rng = Rng::new(99);
    for k in 0..n {
        let size = [5usize, 7, 9][k % 3];
        let r: Rules = rules[k % rules.len()].parse().unwrap();
        let mut game = Game::new(size, size, r).unwrap();
        // A random light-playout game cut at a random point: the later, the more captures and
        // ko fights there are.
        let plies = rng.below(size * size * 2) + 1;
        for _ in 0..plies {
            let mv = playout::choose_move(&mut game, &mut rng);
            game.play(mv).unwrap();
            if game.is_over() {
                break;
            }
        }
        let mut s = search(40 + rng.below(80) as u64, k as u64);
        // A few moves of the engine against itself from there, asked for either color.
        for m in 0..4 {
            let color = if (k + m) % 5 == 4 {
                game.to_move().opponent()
            } else {
                game.to_move()
            };
            let mv = genmove(&mut s, &game, color);
            if let Move::Play(p) = mv {
                assert!(
                    game.is_legal(color, p),
                    "position {k}: {color:?} {p} is illegal\n{:?}",
                    game.board()
                );
            }
            game.play_as(color, mv).unwrap();
        }
    }
}

// 7x7, columns A-G, row 7 on top. Black owns columns A-D (walls on D), white E-G (wall on E);
// the inner stones B2, B6 and F2, F6 make eyes. Area count: black 4 x 7 = 28, white 3 x 7 = 21.
const BLACK_WALL: &[&str] = &["D1", "D2", "D3", "D4", "D5", "D6", "D7", "B2", "B6"];
const WHITE_WALL: &[&str] = &["E1", "E2", "E3", "E4", "E5", "E6", "E7", "F2", "F6"];

#[test]
fn passes_in_a_finished_position() {
    // Komi 6.5: black 28 - white 21 - 6.5 = B+0.5 if black passes now. Every empty point is
    // some player's territory: nothing is left to play.
    let mut game = position(7, "chinese,komi=6.5", BLACK_WALL, WHITE_WALL, Color::White);
    game.play(Move::Pass).unwrap();
    assert_eq!(
        genmove(&mut search(1500, 1), &game, Color::Black),
        Move::Pass
    );
    // Black to move without a pass before: the same position is over, every point settled, so
    // black (ahead) passes rather than fill its own area.
    let game = position(7, "chinese,komi=6.5", BLACK_WALL, WHITE_WALL, Color::Black);
    assert_eq!(
        genmove(&mut search(3000, 8), &game, Color::Black),
        Move::Pass
    );
    // White, behind by 0.5 with nothing to gain, may pass too: filling its own area or
    // invading a 3x7 area that black answers changes nothing under area rules.
    let mut game = position(7, "chinese,komi=6.5", BLACK_WALL, WHITE_WALL, Color::Black);
    game.play(Move::Pass).unwrap();
    let mv = genmove(&mut search(1500, 2), &game, Color::White);
    if let Move::Play(p) = mv {
        assert!(game.is_legal(Color::White, p));
    }
}

#[test]
fn captures_a_dead_stone_before_passing_under_area_rules() {
    // The same walls, plus a dead white stone at A4 inside black's area: black A3 and B4 hold it
    // in atari, its last liberty A5. White has passed. If black passes, the game ends with the
    // stone on the board: the empty region of columns A-C touches it, so it is nobody's, and
    // black has only its 11 stones (D1-D7, B2, B6, A3, B4) against white's 21 + 1: white wins.
    // Capturing at A5 makes all 28 points black's: B+0.5 with komi 6.5.
    let mut black = BLACK_WALL.to_vec();
    black.extend(["A3", "B4"]);
    let mut white = WHITE_WALL.to_vec();
    white.push("A4");
    let mut game = position(7, "chinese,komi=6.5", &black, &white, Color::White);
    game.play(Move::Pass).unwrap();
    assert_eq!(game.board().liberties(pt("A4", 7)), 1);
    let mv = genmove(&mut search(1500, 3), &game, Color::Black);
    assert_eq!(mv, Move::Play(pt("A5", 7)), "{:?}", game.board());
    // After the capture and white's pass, black passes: the game is won and over.
    game.play(mv).unwrap();
    game.play(Move::Pass).unwrap();
    assert_eq!(
        genmove(&mut search(1500, 4), &game, Color::Black),
        Move::Pass
    );
}

#[test]
fn captures_to_win_a_capturing_race() {
    //    A B C D E F G
    //  7 . . . . . . .
    //  6 . . . . . . .
    //  5 O O O O O . .
    //  4 X X X X O . .
    //  3 O O O X O . .
    //  2 X X O X O . .
    //  1 . . O X . . .
    // Black's seven stones A4-D4, D3-D1 have one liberty, E1. White's five stones A3, B3, C3,
    // C2, C1 have one liberty, B1 (A2 and B2 are black). Black to move: B1 captures the five
    // and gives the seven liberties at C3, C2, C1; E1 would leave them one liberty (F1), and
    // anything else lets white capture seven stones at E1.
    let black = ["A4", "B4", "C4", "D4", "D3", "D2", "D1", "A2", "B2"];
    let white = [
        "A5", "B5", "C5", "D5", "E5", "E4", "E3", "E2", "A3", "B3", "C3", "C2", "C1",
    ];
    let game = position(7, "chinese", &black, &white, Color::Black);
    assert_eq!(game.board().liberties(pt("D1", 7)), 1);
    assert_eq!(game.board().liberties(pt("C1", 7)), 1);
    for seed in [5, 6] {
        let mv = genmove(&mut search(1000, seed), &game, Color::Black);
        assert_eq!(mv, Move::Play(pt("B1", 7)), "seed {seed}");
    }
}

#[test]
fn the_same_seed_and_playouts_give_the_same_game() {
    let play = |seed: u64| {
        let mut game = Game::new(9, 9, Rules::default()).unwrap();
        let mut s = search(150, seed);
        let mut moves = Vec::new();
        for _ in 0..8 {
            let c = game.to_move();
            let mv = genmove(&mut s, &game, c);
            game.play(mv).unwrap();
            moves.push(mv);
        }
        let mut report = s.report().unwrap().clone();
        report.seconds = 0.0; // wall-clock time is the one thing allowed to differ
        (moves, report)
    };
    let (a, ra) = play(11);
    let (b, rb) = play(11);
    assert_eq!(a, b);
    assert_eq!(ra, rb, "the reports (visits, ownership, pv) match too");
}

#[test]
fn dead_stones_are_found_from_ownership() {
    // The dead white stone at A4 of the capture test, white to move: the search gives it to
    // black, and no other stone is dead.
    let mut black = BLACK_WALL.to_vec();
    black.extend(["A3", "B4"]);
    let mut white = WHITE_WALL.to_vec();
    white.push("A4");
    let game = position(7, "chinese,komi=6.5", &black, &white, Color::Black);
    let dead = search(1500, 7).dead_stones(&game);
    assert_eq!(dead, vec![pt("A4", 7)]);
}

#[test]
fn a_timed_search_on_two_threads_merges_both_trees() {
    let game = position(7, "chinese", &["D4"], &["C3"], Color::Black);
    let mut s = Search::new(Config {
        seconds: 0.3,
        threads: 2,
        seed: 1,
        ..Config::default()
    });
    let mv = genmove(&mut s, &game, Color::Black);
    let p = mv
        .point()
        .expect("a move, not a pass, with 47 empty points");
    assert!(game.is_legal(Color::Black, p));
    let r = s.report().unwrap();
    // The merged root visits are the simulations of both workers (each simulation visits one
    // root child), and the report counts them all.
    let visits: u64 = r.candidates.iter().map(|c| u64::from(c.1)).sum();
    assert_eq!(visits, r.playouts);
    assert!(r.playouts > 0);
}

/// White E5 stands in atari (black D5, E6, F5; its liberty E4) and black F4 waits below: running
/// to E4 gives two liberties (D4, E3) and black's ataris from E3, C4, ... drive the stones to the
/// lower-left corner, where they die (the ladder read by hand in `ladder.rs`'s tests). The
/// engine, as white, never runs. (Without the ladder reading, the build before it ran out here
/// with seeds 2 and 8 of 1 to 12 at 600 playouts.)
#[test]
fn does_not_run_out_a_stone_caught_in_a_ladder() {
    let black = ["D5", "E6", "F5", "F4"];
    let game = position(9, "chinese,komi=7", &black, &["E5"], Color::White);
    for seed in 1..=8 {
        let mv = genmove(&mut search(600, seed), &game, Color::White);
        assert_ne!(
            mv,
            Move::Play(pt("E4", 9)),
            "seed {seed}: ran into the ladder"
        );
    }
}

/// On an empty 19x19 board the root's pass gets its fixed share of the visits (1/32), which with
/// a few thousand playouts spread over 361 moves is more than any one move gets: the engine
/// still plays a move, with either color to move. (The build before this test passed as white here.)
#[test]
fn does_not_pass_early_on_a_big_board() {
    let mut game = Game::new(19, 19, "chinese,komi=7".parse::<Rules>().unwrap()).unwrap();
    let mut s = search(5000, 1);
    for _ in 0..2 {
        let c = game.to_move();
        let mv = genmove(&mut s, &game, c);
        assert!(
            mv.point().is_some(),
            "{c:?} passed at move {}",
            game.move_number()
        );
        game.play_as(c, mv).unwrap();
    }
}

/// The opening on 19x19: in an empty area a first move on the first or second line is the
/// classic beginner's (and random playout's) mistake; every professional opening starts on the
/// third or fourth line. The first moves of both players, over several seeds, at a small budget
/// (1,000 playouts, where the playouts alone cannot tell the lines apart), keep to lines 3..=5
/// (line 1 is the edge).
#[test]
fn opens_on_the_third_or_fourth_line_on_19x19() {
    for seed in 0..3 {
        let mut game = Game::new(19, 19, Rules::default()).unwrap();
        let mut s = search(1000, seed);
        for _ in 0..2 {
            let c = game.to_move();
            let mv = genmove(&mut s, &game, c);
            let p = mv.point().expect("a move, not a pass, on an empty board");
            let line = 1 + p.x.min(p.y).min(18 - p.x).min(18 - p.y);
            assert!(
                (3..=5).contains(&line),
                "seed {seed}: {mv:?} on line {line}"
            );
            game.play(mv).unwrap();
        }
    }
}
