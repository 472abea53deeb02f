//! Helpers shared by the solver's tests and its fuzz driver (`examples/fuzz_regions.rs` takes
//! this file with `#[path]`): an independent area count, the text form of set-up positions and
//! random positions reached by play.
#![allow(dead_code)]

use tengen_core::{Board, Color, Game, Move, Point, Rules};

/// Black's area minus white's, by flood fill over `Board` (independent of the solver's masks).
pub fn area(b: &Board) -> i32 {
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

/// A board from rows top first joined by `/` (`x` black, `o` white, anything else empty).
pub fn parse_rows(rows: &str) -> Board {
    let rows: Vec<&str> = rows.split('/').collect();
    let mut b = Board::new(rows[0].len(), rows.len()).unwrap();
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
    b
}

/// A position reached by random play from the empty board (no history kept: it is set up).
pub fn random_position(rnd: &mut impl FnMut() -> u64) -> (Board, Color, Rules) {
    let sizes = [(1, 4), (1, 5), (1, 6), (2, 2), (2, 3), (3, 2), (2, 4)];
    let (w, h) = sizes[(rnd() % sizes.len() as u64) as usize];
    let ko = ["positional", "situational", "natural-situational"][(rnd() % 3) as usize];
    let rules: Rules = format!("chinese,komi=0,ko={ko}").parse().unwrap();
    let mut g = Game::new(w, h, rules).unwrap();
    let n = (w * h) as u64;
    for _ in 0..n / 2 + rnd() % (n + 4) {
        let legal = g.legal_moves(g.to_move());
        if legal.is_empty() || rnd().is_multiple_of(8) {
            g.play(Move::Pass).unwrap();
        } else {
            g.play(Move::Play(legal[(rnd() % legal.len() as u64) as usize]))
                .unwrap();
        }
    }
    let to_move = if rnd().is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    };
    (g.board().clone(), to_move, rules)
}

/// A stream of pseudo-random numbers from `seed` (SplitMix64), the same in every test and the
/// fuzz driver.
pub fn random_stream(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}
