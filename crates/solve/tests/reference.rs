//! The solver against a plain reference: full minimax over `tengen_core::Game` with no
//! transposition table, no symmetry, no Benson bound and no pruning, counted by a separate area
//! count. Small boards and positions only (the reference visits every line of play).

use tengen_core::{Board, Color, Game, Move, Rules};
use tengen_solve::{solve_position, SolveOptions};

mod support;
use support::{area, parse_rows, random_position, random_stream};

/// Minimax value for black, by plain alpha-beta (exact; no table, no ordering).
fn minimax(g: &mut Game, mut alpha: i32, mut beta: i32, budget: &mut u64) -> i32 {
    *budget = budget.checked_sub(1).expect("reference budget exhausted");
    if g.consecutive_passes() >= 2 {
        return area(g.board());
    }
    let color = g.to_move();
    let mut moves: Vec<Move> = g.legal_moves(color).into_iter().map(Move::Play).collect();
    moves.push(Move::Pass);
    let mut best = if color == Color::Black {
        i32::MIN
    } else {
        i32::MAX
    };
    for mv in moves {
        g.play(mv).unwrap();
        let v = minimax(g, alpha, beta, budget);
        g.undo();
        if color == Color::Black {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

fn check(rows: &[&str], to_move: Color, ko: &str) {
    let b = parse_rows(&rows.join("/"));
    let rules: Rules = format!("chinese,komi=0,ko={ko}").parse().unwrap();
    let mut g = Game::from_board(&b, to_move, rules).unwrap();
    let mut budget = 5_000_000;
    let expected = minimax(&mut g, i32::MIN, i32::MAX, &mut budget);
    // Every first depth limit gives the same value: small limits make the searches stop at the
    // limit and rest on the one-sided estimates there, 0 is the default (the number of points).
    // So does every node budget: tiny budgets make most searches give up half way (nothing
    // above the node where one stops may be stored).
    // So do the driver's settings: the race against the test at the top of the board's range
    // (from the start or after a few nodes) and the first guess (each answer is one completed
    // search's proof).
    for (first_depth, first_budget, race_top, first_guess) in [
        (0, 0, Some(0), 0),
        (1, 0, Some(0), 0),
        (2, 0, Some(0), 0),
        (3, 0, Some(0), 0),
        (5, 0, Some(20), 0),
        (0, 1, Some(0), 0),
        (2, 7, Some(0), 0),
        (0, 0, None, 0),
        (0, 1, Some(0), 9),
        (1, 3, None, -9),
    ] {
        let options = SolveOptions {
            first_depth,
            table_bits: 14,
            first_budget,
            race_top,
            first_guess,
            ..SolveOptions::default()
        };
        let s = solve_position(&b, to_move, rules, options).unwrap();
        assert_eq!(
            s.score, expected,
            "{rows:?} {to_move:?} to move, ko={ko}, first depth {first_depth}, first budget \
             {first_budget}, race {race_top:?}, first guess {first_guess}"
        );
    }
}

#[test]
fn small_boards_match_brute_force() {
    for ko in ["positional", "situational", "natural-situational"] {
        for rows in [
            vec!["-"],
            vec!["--"],
            vec!["---"],
            vec!["x-o"],
            vec!["xx-o"],
            vec!["----"],
        ] {
            for to_move in [Color::Black, Color::White] {
                check(&rows, to_move, ko);
            }
        }
    }
}

/// Positions where a safe region enclosed by a strictly alive chain with one point off it counts
/// (docs/SOLVING.md, "Safe points", rule 3): the 2x2 top-left corner of a 4x4 board whose corner
/// point does not touch the black chain (the chain has the one-point eyes (3,0), (3,2), (1,3)),
/// empty or with white stones in it, either side to move. By hand: white cannot live in four
/// points (black answers next to its chain and captures), so black owns all 16 points: B+16.
/// The last one has a black stone inside the corner (the rule does not count that region; black
/// still connects it and captures). Every setting, safe regions on and off (off: the search
/// must find the captures itself), must give 16 under all three superko rules. (The plain
/// minimax of `check` does not finish on these: seven empty points with superko.)
#[test]
fn enclosed_regions_give_the_hand_worked_value() {
    check_every_setting(
        &[
            "--x-/--xx/xxx-/x-xx",
            "o-x-/-oxx/xxx-/x-xx",
            "oox-/o-xx/xxx-/x-xx",
            "x-x-/-oxx/xxx-/x-xx",
        ],
        16,
    );
}

/// Checks that every position of `positions` is worth `want` (black's lead) with either side
/// to move, under the three superko rules and every setting of `values_over_settings`.
fn check_every_setting(positions: &[&str], want: i32) {
    for ko in ["positional", "situational", "natural-situational"] {
        let rules: Rules = format!("chinese,komi=0,ko={ko}").parse().unwrap();
        for rows in positions {
            let b = parse_rows(rows);
            for to_move in [Color::Black, Color::White] {
                let v = values_over_settings(&b, to_move, rules);
                assert!(
                    v.iter().all(|r| r.8 == want),
                    "{rows} {to_move:?} to move, ko={ko}: {v:?}"
                );
            }
        }
    }
}

/// Rule 5 of docs/SOLVING.md, "Safe points": a region whose interior (the points not next to
/// the strictly alive chains around it) is two neighbouring points. The 2x3 top-left corner of a
/// 4x4 board beside a black chain with the one-point eyes (1,3) and (3,3); the corner points
/// (0,0) and (1,0) do not touch the chain. By hand: white cannot make two eyes there (its eyes
/// could only be those two points, which make one eye at most) and every black move next to
/// the chain is safe, so black captures whatever white plays: B+16, either side to move, empty
/// corner or with white stones in it (a white wall on row 1 with the three top points as its
/// eye space: black kills by taking (2,0), next to its chain, or by the two-point self-atari
/// and recapture), and with a black stone inside that the rule does not count (black still
/// connects it). The search with safe regions off must find the captures itself; every
/// setting must give 16 under the three superko rules.
#[test]
fn two_point_interiors_give_the_hand_worked_value() {
    check_every_setting(
        &[
            "---x/---x/xxxx/x-x-",
            "---x/ooox/xxxx/x-x-",
            "oo-x/o--x/xxxx/x-x-",
            "-o-x/o-ox/xxxx/x-x-",
            "x--x/-o-x/xxxx/x-x-",
        ],
        16,
    );
}

/// Where the region rules must not count, against independent truth. (1) The counter-example of
/// docs/SOLVING.md, "Limits": a black chain with one eye, (3,0), beside the 2x2 corner holding
/// white stones on (1,0) and (0,1). White cannot live in the corner, but black cannot capture
/// it: black on (1,1) leaves its chain with the one liberty (3,0), and (0,0) is suicide. A seki:
/// black 7 stones + (3,0), white 2 stones + (0,0), (1,1) nobody's: B+5 (either side to move:
/// black has no safe move, (1,1) lets white capture the chain on (3,0); white's (1,1) or (0,0)
/// leave its stones in atari), under every setting, safe regions off included; a rule that
/// counted the corner without a strictly alive chain around it would give B+12. (Plain minimax
/// does not finish on it in the test's budget: superko lines with captures run long.)
/// (2) A straight three along the top of a 7x4 board, a white wall around it, black walls
/// around that with three one-point eyes: white to move plays (3,0) and lives with two eyes
/// (black 15 stones + 3 eyes, white 7 stones + 3 points: 18 - 10 = B+8); black to move takes (3,0)
/// and white dies (B+28). A rule that counted an interior of three points would give B+28
/// with white to move.
#[test]
fn regions_where_the_rules_must_not_count_keep_their_true_value() {
    check_every_setting(&["-ox-/o-xx/xxxx"], 5);
    // A few settings only: with safe regions off, a first depth limit of 6 and a 2^12 table
    // this 28-point position takes minutes.
    check_few_settings(
        "xo---ox/xooooox/xxxxxxx/x-x-x-x",
        &[(Color::White, 8), (Color::Black, 28)],
    );
}

/// Rule 6 of docs/SOLVING.md, "Safe points": a small area next to strictly alive chains only,
/// kept because an exhaustive check of the local game finds that black's fixed strategy always
/// has a move and never repeats a position. 2x7 boards: black owns the top four rows (a chain
/// with the one-point eyes (1,0) and (0,2)); the bottom three rows are the area, whose interior
/// (rows 5-6, four points) is too large for rules 3 and 5. By hand: white's eyes could only be
/// on rows 5-6 (row 4 touches the chain, and black can fill it at any time), two eyes there are
/// two diagonal points, and they need white stones on the other two points of rows 5-6 and on
/// both points of row 4 (each eye's neighbours): four stones, while black answers every white
/// move by filling row 4 or capturing. So white cannot live, nor make a seki (every black stone
/// on row 4 is part of the living chain), and black owns all 14 points: B+14, either side to
/// move, with the area empty, with a white stone and a loose black stone in it, or with two
/// white stones. The search with safe regions off (a plain search down to the captures) gives
/// the independent value.
#[test]
fn kept_areas_give_the_hand_worked_value() {
    check_every_setting(
        &[
            "x-/xx/-x/xx/--/--/--",
            "x-/xx/-x/xx/--/o-/-x",
            "x-/xx/-x/xx/--/x-/-o",
            "x-/xx/-x/xx/--/oo/--",
        ],
        14,
    );
}

/// Where rule 6 must not count because who moves first decides: a 2x4 area along the top of a
/// 6x4 board (eight points, within the check's size) beside a black chain with the one-point
/// eyes (5,0), (1,3), (3,3), (5,3). White's chain (row 1 and (3,0)) has the straight three
/// (0,0)-(2,0) as its eye space. White to move plays (1,0) and lives with two eyes: black 12
/// stones + 4 eyes, white 6 stones + 2 eyes: B+8. Black to move takes (1,0) and white dies (a
/// straight three with black in the middle: white's (0,0) or (2,0) is self-atari, and black
/// captures after the throw-in and recapture): B+24. A rule that counted the area with white to
/// move (a check that let black move first there, with a strategy that kills from there, as
/// the three-strategy check of docs/BENCHMARKS.md, "Wave 11", did) gives B+24 both ways.
#[test]
fn areas_where_the_first_move_decides_are_not_kept() {
    check_few_settings(
        "---ox-/ooooxx/xxxxxx/x-x-x-",
        &[(Color::White, 8), (Color::Black, 24)],
    );
}

/// One solve of `values_over_settings`: (safe regions, first depth, table bits, first budget,
/// race with the top test, first guess, assumption slots, fails kept, value).
type Setting = (bool, usize, u32, u64, Option<u64>, i32, usize, bool, i32);

/// Solves with every combination that must not change the value: safe regions on and off,
/// several first depth limits, two table sizes (a small table makes positions, mirror images
/// among them, replace each other's entries), node budgets from the default down to one node
/// (searches that give up half way), MTD(f) with and without the race against the test at the
/// top of the board's range (from the start or after 100 nodes), and first guesses from far
/// below to far above the value (64 and -64 are clamped to the board's extremes), one or
/// eight safe-region assumptions per colour kept apart in the table's entries, and each
/// search's fails kept or not (`keep_fails`: a fail kept and returned wrongly, for instance
/// as a proof, would change values here). Returns the value of each setting.
fn values_over_settings(b: &Board, to_move: Color, rules: Rules) -> Vec<Setting> {
    let mut out = Vec::new();
    let settings = [
        (false, 0, 16, 0, Some(0), 0, 0),
        (true, 0, 16, 0, Some(0), 0, 0),
        (true, 0, 16, 0, None, 0, 0),
        (false, 1, 12, 0, Some(0), 0, 0),
        (true, 1, 12, 0, Some(0), 0, 0),
        (false, 2, 12, 0, None, 0, 0),
        (true, 3, 12, 0, Some(0), 0, 0),
        (true, 4, 12, 0, Some(0), 0, 0),
        (false, 6, 12, 0, Some(0), 0, 0),
        (true, 6, 12, 0, Some(100), 0, 0),
        (true, 12, 10, 0, Some(0), 0, 0),
        (true, 0, 12, 1, Some(0), 0, 0),
        (true, 0, 12, 1, Some(0), 64, 0),
        (true, 0, 12, 1, None, -64, 0),
        (true, 2, 12, 3, Some(0), 3, 0),
        (false, 3, 12, 5, Some(0), 0, 0),
        (true, 1, 10, 40, Some(0), 0, 0),
        (true, 1, 10, 40, Some(0), -2, 0),
        // Eight assumptions per colour kept apart (the big boards' default) instead of one.
        (true, 0, 16, 0, Some(0), 0, 8),
        (true, 1, 12, 0, Some(0), 0, 8),
        (true, 3, 12, 0, None, 0, 8),
        (true, 1, 10, 40, Some(0), -2, 8),
    ];
    // Every setting with each search's fails kept (the default), and a few without.
    let with_fails = settings.iter().map(|&s| (s, true));
    let without = [0, 3, 7, 15, 18].iter().map(|&i| (settings[i], false));
    for (
        (safe_regions, first_depth, table_bits, first_budget, race_top, first_guess, slots),
        keep_fails,
    ) in with_fails.chain(without)
    {
        let options = SolveOptions {
            first_depth,
            table_bits,
            safe_regions,
            first_budget,
            race_top,
            first_guess,
            assumption_slots: slots,
            keep_fails,
            ..SolveOptions::default()
        };
        let s = solve_position(b, to_move, rules, options).unwrap();
        out.push((
            safe_regions,
            first_depth,
            table_bits,
            first_budget,
            race_top,
            first_guess,
            slots,
            keep_fails,
            s.score,
        ));
    }
    out
}

/// The value of a position cannot depend on how the search is tuned. Before the fix of the
/// table merge (an entry found on entering a node was merged at its store even when the search
/// below had replaced it with a mirror image's entry, of another history), these positions gave
/// different values under different settings (`-o/xo/oo`: 0, 1 or 2; `-xx/o-x`: -1 or -2), and
/// so did 3x4 with safe regions (B+5 instead of B+4). Random positions: 100 by default,
/// `TENGEN_SOLVE_CASES=N` for more (the solver's own fuzz driver, `cargo run --release -p
/// tengen-solve --example fuzz_regions`, runs the same check at length).
#[test]
fn value_does_not_depend_on_settings() {
    let mut positions = vec![
        (parse_rows("-o/xo/oo"), Color::White, "positional"),
        (parse_rows("-xx/o-x"), Color::White, "positional"),
    ]
    .into_iter()
    .map(|(b, c, ko)| (b, c, format!("chinese,komi=0,ko={ko}").parse().unwrap()))
    .collect::<Vec<(Board, Color, Rules)>>();
    let cases: usize = std::env::var("TENGEN_SOLVE_CASES").map_or(100, |v| v.parse().unwrap());
    let mut rnd = random_stream(0x5eed);
    positions.extend((0..cases).map(|_| random_position(&mut rnd)));
    for (b, to_move, rules) in positions {
        let v = values_over_settings(&b, to_move, rules);
        assert!(
            v.iter().all(|r| r.8 == v[0].8),
            "{:?} {to_move:?} to move, ko={}: (regions, first depth, table bits, first budget, \
             race, first guess, slots, value) {v:?}",
            b,
            rules.ko.name()
        );
    }
}

/// Solves `rows` with each side to move under the three superko rules and a few settings (safe
/// regions on and off, first depth limits, small tables, a tiny first budget) and checks the
/// value each side to move must get.
fn check_few_settings(rows: &str, values: &[(Color, i32)]) {
    let b = parse_rows(rows);
    for ko in ["positional", "situational", "natural-situational"] {
        let rules: Rules = format!("chinese,komi=0,ko={ko}").parse().unwrap();
        for &(to_move, value) in values {
            for (safe_regions, first_depth, table_bits, first_budget) in [
                (true, 0, 16, 0),
                (false, 0, 16, 0),
                (true, 1, 12, 40),
                (true, 6, 12, 0),
            ] {
                let options = SolveOptions {
                    safe_regions,
                    first_depth,
                    table_bits,
                    first_budget,
                    ..SolveOptions::default()
                };
                let s = solve_position(&b, to_move, rules, options).unwrap();
                assert_eq!(
                    s.score, value,
                    "{rows}: {to_move:?} to move, ko={ko}, regions {safe_regions}, first depth \
                     {first_depth}, table 2^{table_bits}, first budget {first_budget}"
                );
            }
        }
    }
}
