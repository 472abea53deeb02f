//! The automatic dead-stone guess for a finished game.
//!
//! Pass-alive groups (Benson) are alive for certain and stones in the opponent's pass-alive
//! territory are dead for certain. The rest comes from Monte Carlo: light random playouts of the
//! rules core from the final position (no ko rule, for speed), each counted by Tromp-Taylor
//! area, averaged into an ownership per point. A group whose stones end up its own color in
//! fewer than half of the playouts is dead, unless local shape says otherwise (a chain with two
//! true eyes lives). Seki is judged on the result as [`crate::judge`] does.

use crate::analysis::{Analysis, GroupId};
use crate::benson::PassAlive;
use crate::count::judge;
use crate::marking::Marking;
use tengen_core::{playout, Board, Color, Game, KoRule, Point, Rules};

/// How a stone was judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoneStatus {
    /// Alive.
    Alive,
    /// Dead.
    Dead,
    /// Alive in seki.
    Seki,
}

/// Settings of the guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GuessOptions {
    /// Number of playouts.
    pub playouts: u32,
    /// Seed of the random numbers; the same seed gives the same guess.
    pub seed: u64,
}

impl Default for GuessOptions {
    fn default() -> GuessOptions {
        GuessOptions {
            playouts: 2000,
            seed: 1,
        }
    }
}

/// The automatic guess: a status per stone and an owner per point.
#[derive(Debug, Clone)]
pub struct Guess {
    /// One flag per group of the analysis: dead.
    pub dead_groups: Vec<bool>,
    /// One entry per point, row-major: `None` for an empty point.
    pub status: Vec<Option<StoneStatus>>,
    /// One entry per point, row-major: the owner of the point with the guessed dead stones
    /// (`None` for dame).
    pub owner: Vec<Option<Color>>,
    /// Monte Carlo ownership per point, row-major, from -1 (white) to 1 (black).
    pub ownership: Vec<f32>,
    /// The marking with the guessed dead stones.
    pub marking: Marking,
}

fn ownership_of_playout(board: &Board, acc: &mut [i32], cells: &mut Vec<Option<Color>>) {
    let (w, h) = (board.width(), board.height());
    cells.clear();
    cells.extend(board.points().map(|p| board.get(p)));
    for y in 0..h {
        for x in 0..w {
            let k = y * w + x;
            let c = match cells[k] {
                Some(c) => Some(c),
                None => {
                    // Tromp-Taylor: an empty point counts for a color that alone it reaches.
                    // After a playout nearly every empty point is a one-point eye, so look at
                    // the neighbours first and flood only when they disagree.
                    let mut seen = [false; 2];
                    let mut empty_nb = false;
                    for n in neighbours(k, w, h).into_iter().flatten() {
                        match cells[n] {
                            Some(c) => seen[c.index()] = true,
                            None => empty_nb = true,
                        }
                    }
                    if empty_nb {
                        reach(cells, w, h, k)
                    } else {
                        match seen {
                            [true, false] => Some(Color::Black),
                            [false, true] => Some(Color::White),
                            _ => None,
                        }
                    }
                }
            };
            match c {
                Some(Color::Black) => acc[k] += 1,
                Some(Color::White) => acc[k] -= 1,
                None => {}
            }
        }
    }
}

/// The on-board orthogonal neighbours of row-major index `k` on a `w` x `h` board.
fn neighbours(k: usize, w: usize, h: usize) -> [Option<usize>; 4] {
    let (x, y) = (k % w, k / w);
    [
        (y > 0).then(|| k - w),
        (x > 0).then(|| k - 1),
        (x + 1 < w).then(|| k + 1),
        (y + 1 < h).then(|| k + w),
    ]
}

fn reach(cells: &[Option<Color>], w: usize, h: usize, start: usize) -> Option<Color> {
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut colors = [false; 2];
    while let Some(k) = stack.pop() {
        for n in neighbours(k, w, h).into_iter().flatten() {
            match cells[n] {
                Some(c) => colors[c.index()] = true,
                None if !seen[n] => {
                    seen[n] = true;
                    stack.push(n);
                }
                None => {}
            }
        }
    }
    match colors {
        [true, false] => Some(Color::Black),
        [false, true] => Some(Color::White),
        _ => None,
    }
}

/// Monte Carlo ownership of a position: one value per point, row-major, from -1 (always white's)
/// to 1 (always black's). Each playout starts from `board`, alternately with black and white to
/// move, under `rules` with the ko rule forced to none.
pub fn mc_ownership(board: &Board, rules: &Rules, options: GuessOptions) -> Vec<f32> {
    let (w, h) = (board.width(), board.height());
    let n = w * h;
    let mut acc = vec![0i32; n];
    let fast = Rules {
        ko: KoRule::None,
        ..*rules
    };
    let stones: Vec<(Point, Option<Color>)> = board
        .points()
        .filter_map(|p| board.get(p).map(|c| (p, Some(c))))
        .collect();
    let mut bases = Vec::new();
    for first in Color::ALL {
        let mut g = Game::new(w, h, fast).expect("board size");
        if g.set_up(&stones).is_err() || g.set_to_move(first).is_err() {
            return vec![0.0; n];
        }
        bases.push(g);
    }
    let mut rng = playout::Rng::new(options.seed);
    let mut cells = Vec::with_capacity(n);
    let max_plies = 3 * n + 20;
    // Playouts on a reused board, without the game's undo records (no allocation per playout).
    let mut end = board.clone();
    for i in 0..options.playouts {
        playout::playout_board(&bases[(i % 2) as usize], &mut end, &mut rng, max_plies);
        ownership_of_playout(&end, &mut acc, &mut cells);
    }
    let div = options.playouts.max(1) as f32;
    acc.iter().map(|&v| v as f32 / div).collect()
}

impl Guess {
    /// Guesses the dead stones of a finished position.
    ///
    /// ```
    /// use tengen_core::{Point, Rules};
    /// use tengen_scoring::{board_from_rows, Guess, GuessOptions, StoneStatus};
    /// let board = board_from_rows(&[
    ///     ".X.O.....",
    ///     "XX.O.....",
    ///     "...O.....",
    ///     "OOOO.....",
    ///     ".........",
    /// ]).unwrap();
    /// let g = Guess::new(&board, &Rules::CHINESE, GuessOptions::default());
    /// assert_eq!(g.status[3], Some(StoneStatus::Alive));
    /// assert_eq!(g.status[9], Some(StoneStatus::Dead));
    /// ```
    pub fn new(board: &Board, rules: &Rules, options: GuessOptions) -> Guess {
        let a = Analysis::new(board);
        let pa = PassAlive::new(&a);
        let ownership = mc_ownership(board, rules, options);
        let n = a.cells.len();
        let mut dead = vec![false; a.groups.len()];
        for (g, group) in a.groups.iter().enumerate() {
            if pa.groups[g] {
                continue;
            }
            let own = group.color.opponent();
            if group
                .stones
                .iter()
                .all(|&s| pa.owner[s as usize] == Some(own))
            {
                dead[g] = true;
                continue;
            }
            // Local shape: a chain with two true eyes of its own lives.
            if a.chain(group.chain).eyes >= 2 {
                continue;
            }
            let sign = if group.color == Color::Black {
                1.0
            } else {
                -1.0
            };
            let mean: f32 = group
                .stones
                .iter()
                .map(|&s| sign * ownership[s as usize])
                .sum::<f32>()
                / group.stones.len() as f32;
            // mean > 0: the stones stay theirs more often than not.
            if mean < 0.0 {
                dead[g] = true;
            }
        }
        let marking = Marking::with_dead_groups(a, dead.clone());
        let j = judge(&marking, &pa);
        let a = marking.analysis();
        let mut status = vec![None; n];
        let mut owner = vec![None; n];
        for (k, st) in status.iter_mut().enumerate() {
            if a.cells[k].is_some() {
                let g = GroupId(a.group_of[k]);
                *st = Some(if marking.is_group_dead(g) {
                    StoneStatus::Dead
                } else if j.seki[g.0 as usize] {
                    StoneStatus::Seki
                } else {
                    StoneStatus::Alive
                });
            }
            owner[k] = marking.owner_index(k);
        }
        Guess {
            dead_groups: dead,
            status,
            owner,
            ownership,
            marking,
        }
    }
}
