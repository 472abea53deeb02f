//! The light-playout policy: a random legal move that does not fill the mover's own eye.
//!
//! It is what GTP `genmove` plays and what `tengen bench playouts` measures: try the empty points
//! in random order and play the first that is legal and not eye-like; pass when none qualifies;
//! stop after two passes in a row or after a ply limit.
//!
//! For many playouts from one position, [`crate::PlayoutBoard`] plays the same moves for the
//! same seed on a board made for it (fewer instructions, superko included).

use crate::color::Color;
use crate::game::{check_without_superko, Game};
use crate::point::Move;

/// A small, fast, seedable random number generator (wyrand). Not for cryptography.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`; the same seed gives the same numbers on every machine.
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x2545_F491_4F6C_DD1D)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let t = u128::from(self.0).wrapping_mul(u128::from(self.0 ^ 0xe703_7ed1_a0b4_28db));
        ((t >> 64) ^ t) as u64
    }

    /// A number in `0..n` (n > 0), without modulo bias worth measuring for boards.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// Chooses the light-playout move for the player to move: a uniformly random legal move that is
/// not eye-like, or a pass when there is none.
///
/// It reorders the board's internal list of empty points (which has no meaning), nothing else.
pub fn choose_move(game: &mut Game, rng: &mut Rng) -> Move {
    let color = game.to_move();
    choose_move_for(game, color, rng)
}

/// [`choose_move`] for `color`, whoever is to move (GTP's `genmove` may ask for either).
pub fn choose_move_for(game: &mut Game, color: Color, rng: &mut Rng) -> Move {
    match choose_index(game, color, rng) {
        Some(i) => Move::Play(game.board().point(i)),
        None => Move::Pass,
    }
}

#[inline]
fn choose_index(game: &mut Game, color: Color, rng: &mut Rng) -> Option<usize> {
    let mut remaining = game.board().empty_count();
    while remaining > 0 {
        let r = rng.below(remaining);
        let i = game.board().empty_indices()[r] as usize;
        if !game.board().is_eyelike_at(i, color) && game.check_at(i, color).is_ok() {
            return Some(i);
        }
        remaining -= 1;
        game.board_mut_for_playout().swap_empties(r, remaining);
    }
    None
}

/// Plays light-playout moves from the current position until two passes in a row or until
/// `max_plies` turns have been played. Returns the number of turns played.
///
/// ```
/// use tengen_core::{playout, Game, Rules};
/// let mut game = Game::new(9, 9, Rules::default()).unwrap();
/// let mut rng = playout::Rng::new(1);
/// let plies = playout::playout(&mut game, &mut rng, 3 * 81);
/// assert!(plies > 0);
/// assert!(game.check_consistency().is_ok());
/// ```
pub fn playout(game: &mut Game, rng: &mut Rng, max_plies: usize) -> usize {
    let mut plies = 0;
    while plies < max_plies && game.consecutive_passes() < 2 {
        let c = game.to_move();
        match choose_index(game, c, rng) {
            Some(i) => {
                game.play_at(i, c);
            }
            None => {
                game.play(Move::Pass).expect("a pass is always legal");
            }
        }
        plies += 1;
    }
    plies
}

/// A light playout on a copy of the game's board, without the game's undo records: the fast
/// path for rules without superko (simple ko needs only the ko point and whether the last turn
/// left the position unchanged). `board` receives the final position; the game is untouched.
/// Returns the number of turns played. Under a superko rule it plays on a clone of the game.
///
/// ```
/// use tengen_core::{playout, Game, Rules};
/// let game = Game::new(9, 9, Rules::default()).unwrap();
/// let mut board = game.board().clone();
/// let mut rng = playout::Rng::new(1);
/// let plies = playout::playout_board(&game, &mut board, &mut rng, 3 * 81);
/// assert!(plies > 0 && board.empty_count() < 81);
/// board.check_consistency().unwrap();
/// ```
pub fn playout_board(
    game: &Game,
    board: &mut crate::Board,
    rng: &mut Rng,
    max_plies: usize,
) -> usize {
    let rules = *game.rules();
    if rules.ko.is_superko() {
        let mut g = game.clone();
        let plies = playout(&mut g, rng, max_plies);
        board.clone_from(g.board());
        return plies;
    }
    board.clone_from(game.board());
    let (mut ko, mut unchanged) = game.ko_state();
    let mut passes = game.consecutive_passes();
    let mut color = game.to_move();
    let mut plies = 0;
    while plies < max_plies && passes < 2 {
        let mut remaining = board.empty_count();
        let mut chosen = None;
        while remaining > 0 {
            let r = rng.below(remaining);
            let i = board.empty_indices()[r] as usize;
            if !board.is_eyelike_at(i, color)
                && check_without_superko(board, &rules, ko, unchanged, i, color).is_ok()
            {
                chosen = Some(i);
                break;
            }
            remaining -= 1;
            board.swap_empties(r, remaining);
        }
        match chosen {
            Some(i) => {
                let mut first_removed = 0u16;
                let (captured, suicided) = board.place_at(i, color, |s| first_removed = s);
                ko = (captured == 1 && board.is_lone_stone_in_atari(i))
                    .then_some((first_removed, color.opponent()));
                unchanged = suicided == 1;
                passes = 0;
            }
            None => {
                ko = None;
                unchanged = true;
                passes += 1;
            }
        }
        color = color.opponent();
        plies += 1;
    }
    plies
}
