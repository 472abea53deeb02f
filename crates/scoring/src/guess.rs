//! The automatic dead-stone guess for a finished game.
//!
//! Pass-alive groups (Benson) are alive for certain and stones in the opponent's pass-alive
//! territory are dead for certain. The rest comes from Monte Carlo with an end-game policy
//! ([`crate::policy`]: captures and escapes ataris, never fills its own true eyes, never gives
//! away two stones or more in a self-atari, so seki stays seki), each playout counted by
//! Tromp-Taylor area and averaged into an ownership per point. A group whose stones end up its
//! own color in fewer than half of the playouts is dead. Seki is then decided by the analysis of
//! the position with those dead stones removed ([`crate::judge`]), not guessed.
use crate::analysis::{Analysis, GroupId};
use crate::benson::PassAlive;
use crate::count::judge;
use crate::marking::Marking;
use crate::policy::policy_ownership;
use tengen_core::{Board, Color, Rules};

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

/// How hard the guess works: the number of playouts per point of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Effort {
    /// A quick look (a fifth of the default).
    Low,
    /// What the server, GTP and `tengen score` use: a finished 19x19 game in well under 50 ms.
    #[default]
    Default,
    /// Eight times the default, for a careful count (a 19x19 game in well under a second).
    High,
}

impl Effort {
    /// The number of playouts of this effort on a board of `points` points: the same work per
    /// board whatever its size, with at least 64 playouts.
    pub fn playouts(self, points: usize) -> u32 {
        let base = (48_000 / points.max(1)).max(64) as u32;
        match self {
            Effort::Low => (base / 5).max(16),
            Effort::Default => base,
            Effort::High => base * 8,
        }
    }
}

/// Settings of the guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GuessOptions {
    /// Number of playouts; 0 chooses them from the board's size by [`Effort::Default`].
    pub playouts: u32,
    /// Seed of the random numbers; the same seed gives the same guess.
    pub seed: u64,
}

impl Default for GuessOptions {
    fn default() -> GuessOptions {
        GuessOptions {
            playouts: 0,
            seed: 1,
        }
    }
}

impl GuessOptions {
    /// The options of an effort with the default seed: the playouts follow the board's size.
    pub fn with_effort(effort: Effort, width: usize, height: usize) -> GuessOptions {
        GuessOptions {
            playouts: effort.playouts(width * height),
            ..GuessOptions::default()
        }
    }

    fn playouts_for(&self, points: usize) -> u32 {
        if self.playouts == 0 {
            Effort::Default.playouts(points)
        } else {
            self.playouts
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

/// Monte Carlo ownership of a position: one value per point, row-major, from -1 (always white's)
/// to 1 (always black's), from the end-game playouts of [`crate::policy`] (simple ko, no
/// suicide, whatever `_rules` say: the playouts judge life and death, not the count).
pub fn mc_ownership(board: &Board, _rules: &Rules, options: GuessOptions) -> Vec<f32> {
    let points = board.width() * board.height();
    policy_ownership(board, options.playouts_for(points), options.seed)
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
