//! Shared set-ups for the benchmarks of `benches/rules.rs` (the library itself holds only
//! position builders; the peers are measured there and by the scripts in `peers/`).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use tengen_core::{playout, Game, KoRule, Move, Rules};

/// Rules for the light-playout benchmark: simple ko, or positional superko.
pub fn playout_rules(superko: bool) -> Rules {
    Rules {
        ko: if superko {
            KoRule::Positional
        } else {
            KoRule::Simple
        },
        ..Rules::CHINESE
    }
}

/// A game of `plies` light-playout moves on an empty `size` x `size` board (seeded), for
/// measuring single operations in the middle of a game. Stops early if the game ends.
pub fn midgame(size: usize, plies: usize, rules: Rules, seed: u64) -> Game {
    let mut g = Game::new(size, size, rules).expect("size");
    let mut rng = playout::Rng::new(seed);
    for _ in 0..plies {
        let mv = playout::choose_move(&mut g, &mut rng);
        if mv == Move::Pass {
            break;
        }
        g.play(mv).expect("policy moves are legal");
    }
    g
}
