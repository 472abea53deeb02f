//! Invariants after random games: the incremental state equals a recomputation from scratch,
//! and undo restores the exact previous state, hash included.

use proptest::prelude::*;
use tengen_core::{playout::Rng, Color, Game, KoRule, Move, Point, Rules};

fn rules_from(k: u8) -> Rules {
    let ko = [
        KoRule::None,
        KoRule::Simple,
        KoRule::Positional,
        KoRule::Situational,
        KoRule::NaturalSituational,
    ][(k % 5) as usize];
    Rules {
        ko,
        suicide_allowed: k >= 5,
        ..Rules::CHINESE
    }
}

/// Plays a random game where each turn tries random points (legal or not, so refused moves are
/// exercised too) and sometimes passes or undoes; checks everything after every step.
fn random_game(width: usize, height: usize, rules: Rules, seed: u64, steps: usize) {
    let mut g = Game::new(width, height, rules).unwrap();
    let mut rng = Rng::new(seed);
    for _ in 0..steps {
        let r = rng.below(100);
        if r < 5 {
            let before = g.clone();
            let _ = g.play(Move::Pass);
            assert!(g.undo());
            assert_eq!(g.board(), before.board());
            assert_eq!(g.board().hash(), before.board().hash());
            g.play(Move::Pass).unwrap();
        } else if r < 12 {
            if g.move_number() > 0 {
                g.undo();
            }
        } else {
            let p = Point::new(rng.below(width) as u8, rng.below(height) as u8);
            let color = g.to_move();
            let before = g.clone();
            let checked = g.check(color, p);
            match g.play(Move::Play(p)) {
                Ok(()) => {
                    assert!(checked.is_ok());
                    assert_eq!(
                        checked.unwrap().hash_after,
                        g.board().hash(),
                        "predicted hash"
                    );
                    // Undo restores the exact previous state, then replay the move.
                    let after = g.clone();
                    assert!(g.undo());
                    assert_eq!(g.board(), before.board());
                    assert_eq!(g.board().hash(), before.board().hash());
                    assert_eq!(
                        g.board().captures(Color::Black),
                        before.board().captures(Color::Black)
                    );
                    assert_eq!(
                        g.board().captures(Color::White),
                        before.board().captures(Color::White)
                    );
                    assert_eq!(g.ko_point(), before.ko_point());
                    assert_eq!(g.to_move(), before.to_move());
                    g.board().check_consistency().unwrap();
                    g.play(Move::Play(p)).unwrap();
                    assert_eq!(g.board(), after.board());
                }
                Err(e) => {
                    assert_eq!(checked.err(), Some(e));
                    assert_eq!(g.board(), before.board(), "a refused move changes nothing");
                    assert_eq!(g.move_number(), before.move_number());
                }
            }
        }
        g.check_consistency().unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn incremental_state_equals_recomputation(
        w in 1usize..8, h in 1usize..8, k in 0u8..10, seed in any::<u64>()
    ) {
        random_game(w, h, rules_from(k), seed, 300);
    }
}

#[test]
fn large_and_rectangular_boards() {
    random_game(19, 19, rules_from(2), 7, 700);
    random_game(52, 52, rules_from(8), 8, 400);
    random_game(25, 3, rules_from(6), 9, 500);
    random_game(1, 1, rules_from(7), 10, 50);
}

#[test]
fn legal_mask_matches_is_legal_and_from_board_restarts_a_position() {
    let mut g = Game::new(7, 5, rules_from(3)).unwrap();
    let mut rng = Rng::new(3);
    for _ in 0..40 {
        let mv = tengen_core::playout::choose_move(&mut g, &mut rng);
        g.play(mv).unwrap();
    }
    let mut mask = vec![false; 35];
    for color in Color::ALL {
        g.legal_mask(color, &mut mask);
        let expected: Vec<bool> = g.board().points().map(|p| g.is_legal(color, p)).collect();
        assert_eq!(mask, expected);
    }
    let h = Game::from_board(g.board(), g.to_move(), *g.rules()).unwrap();
    assert_eq!(h.board(), g.board());
    assert_eq!(h.move_number(), 0);
    h.check_consistency().unwrap();
    let p = Point::new(3, 2);
    assert_eq!(g.board().neighbours_of(p).count(), 4);
    assert_eq!(g.board().neighbours_of(Point::new(0, 0)).count(), 2);
}

#[test]
fn board_playouts_equal_game_playouts() {
    // The fast path without undo records plays exactly the moves of the recorded path: same
    // random draws, same order of empty points, same final position.
    for (k, size) in [
        (0u8, 9usize),
        (1, 9),
        (5, 7),
        (6, 5),
        (1, 19),
        (2, 9),
        (8, 6),
    ] {
        for seed in 0..20 {
            let mut game = Game::new(size, size, rules_from(k)).unwrap();
            let mut rng = Rng::new(seed);
            for _ in 0..seed {
                let mv = tengen_core::playout::choose_move(&mut game, &mut rng);
                game.play(mv).unwrap();
            }
            let mut board = game.board().clone();
            let mut r1 = Rng::new(seed * 7 + 1);
            let mut r2 = r1.clone();
            let plies =
                tengen_core::playout::playout_board(&game, &mut board, &mut r1, 3 * size * size);
            let mut g = game.clone();
            let plies2 = tengen_core::playout::playout(&mut g, &mut r2, 3 * size * size);
            assert_eq!(plies, plies2, "k={k} size={size} seed={seed}");
            assert_eq!(&board, g.board(), "k={k} size={size} seed={seed}");
            board.check_consistency().unwrap();
        }
    }
}

#[test]
fn playout_board_plays_the_games_of_the_exact_engine() {
    // The dedicated playout board (pseudo-liberties, its own superko record) against the
    // recorded path on a Game (exact liberties, the game's history): the same seed must give the
    // same moves, turn by turn, and the same final position, under every ko rule with and
    // without suicide, from starting positions part-way into a game (so the game's own history
    // and ko state matter), several playouts per board (so a restart forgets the last one).
    // Small boards repeat positions often, which exercises superko and suicide.
    let mut superko_refusals = 0;
    for k in 0..10u8 {
        let rules = rules_from(k);
        for (size, seeds) in [
            (2usize, 30u64),
            (3, 30),
            (4, 20),
            (5, 20),
            (7, 8),
            (9, 8),
            (19, 2),
        ] {
            for seed in 0..seeds {
                let mut game = Game::new(size, size, rules).unwrap();
                let mut rng = Rng::new(seed + 1000 * u64::from(k));
                for _ in 0..(seed as usize * 3) % (size * size * 2) {
                    let mv = tengen_core::playout::choose_move(&mut game, &mut rng);
                    game.play(mv).unwrap();
                }
                let mut fast = tengen_core::PlayoutBoard::from_game(&game);
                for round in 0..3 {
                    let mut r1 = Rng::new(seed * 7 + round + 1);
                    let mut r2 = r1.clone();
                    let mut ours = Vec::new();
                    let plies =
                        fast.playout_with(&mut r1, 3 * size * size, |c, m| ours.push((c, m)));
                    let mut g = game.clone();
                    let before = g.move_number();
                    let plies2 = tengen_core::playout::playout(&mut g, &mut r2, 3 * size * size);
                    let theirs = g.moves()[before..].to_vec();
                    let what = format!("{rules} size={size} seed={seed} round={round}");
                    assert_eq!(ours, theirs, "{what}");
                    assert_eq!(plies, plies2, "{what}");
                    let board = fast.to_board();
                    assert_eq!(&board, g.board(), "{what}");
                    assert_eq!(
                        board.captures(Color::Black),
                        g.board().captures(Color::Black)
                    );
                    assert_eq!(
                        board.captures(Color::White),
                        g.board().captures(Color::White)
                    );
                    assert_eq!(fast.to_move(), g.to_move(), "{what}");
                    // Every point's legality in the final position, eyes included.
                    for p in board.points() {
                        for c in [Color::Black, Color::White] {
                            let exact = g.check(c, p);
                            if matches!(exact, Err(tengen_core::IllegalMove::Superko { .. })) {
                                superko_refusals += 1;
                            }
                            assert_eq!(fast.is_legal(p, c), exact.is_ok(), "{what} {c:?} at {p}");
                        }
                    }
                }
            }
        }
    }
    // The comparison above must have met superko refusals other than plain ko.
    assert!(superko_refusals > 0, "no superko refusal exercised");
}
