//! The solver against a plain reference: full minimax over `tengen_core::Game` with no
//! transposition table, no symmetry, no Benson bound and no pruning, counted by a separate area
//! count. Small boards and positions only (the reference visits every line of play).

use tengen_core::{Board, Color, Game, Move, Point, Rules};
use tengen_solve::{solve_position, SolveOptions};

/// Black's area minus white's, by flood fill over `Board` (independent of the solver's masks).
fn area(b: &Board) -> i32 {
    let (w, h) = (b.width(), b.height());
    let mut score = 0;
    let mut seen = vec![false; w * h];
    for y in 0..h {
        for x in 0..w {
            let p = Point::new(x as u8, y as u8);
            match b.get(p) {
                Some(Color::Black) => score += 1,
                Some(Color::White) => score -= 1,
                None if !seen[y * w + x] => {
                    let (mut stack, mut size) = (vec![p], 0);
                    let (mut black, mut white) = (false, false);
                    seen[y * w + x] = true;
                    while let Some(q) = stack.pop() {
                        size += 1;
                        for r in b.neighbours_of(q) {
                            match b.get(r) {
                                Some(Color::Black) => black = true,
                                Some(Color::White) => white = true,
                                None => {
                                    let i = r.y as usize * w + r.x as usize;
                                    if !seen[i] {
                                        seen[i] = true;
                                        stack.push(r);
                                    }
                                }
                            }
                        }
                    }
                    if black && !white {
                        score += size;
                    } else if white && !black {
                        score -= size;
                    }
                }
                None => {}
            }
        }
    }
    score
}

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
    let (w, h) = (rows[0].len(), rows.len());
    let mut b = Board::new(w, h).unwrap();
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let s = match ch {
                'x' => Some(Color::Black),
                'o' => Some(Color::White),
                _ => None,
            };
            b.set_stone(Point::new(x as u8, y as u8), s);
        }
    }
    let rules: Rules = format!("chinese,komi=0,ko={ko}").parse().unwrap();
    let mut g = Game::from_board(&b, to_move, rules).unwrap();
    let mut budget = 5_000_000;
    let expected = minimax(&mut g, i32::MIN, i32::MAX, &mut budget);
    // Every first depth limit gives the same value: small limits make the searches stop at the
    // limit and rest on the one-sided estimates there, 0 is the default (the number of points).
    for first_depth in [0, 1, 2, 3, 5] {
        let options = SolveOptions {
            first_depth,
            table_bits: 14,
            ..SolveOptions::default()
        };
        let s = solve_position(&b, to_move, rules, options).unwrap();
        assert_eq!(
            s.score, expected,
            "{rows:?} {to_move:?} to move, ko={ko}, first depth {first_depth}"
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
