//! # tengen-mcts: the computer opponent
//!
//! A Monte Carlo tree search over tengen-core's [`Board`](tengen_core::Board): UCT with RAVE
//! (MC-RAVE, as MoGo, Fuego and Pachi use it), priors from Go knowledge (ladders read out: an
//! atari that starts a working ladder up, running from atari into one down), playouts that
//! capture and save groups in atari (never running into a ladder that works), play 3x3 shapes
//! written after MoGo's published set and fill no own eye; a tree kept between moves, one worker thread per core (root parallelism) for timed
//! searches, time management from the game's clock, passing when the game is over and resigning
//! only when allowed.
//!
//! ```
//! use tengen_core::{Color, Game, Move, Rules};
//! use tengen_mcts::{Config, Decision, Search};
//!
//! let game = Game::new(9, 9, Rules::default()).unwrap();
//! // A fixed number of playouts: one thread, the same move for the same seed.
//! let config = Config { playouts: Some(500), seed: 7, ..Config::default() };
//! let first = Search::new(config.clone()).genmove(&game, Color::Black);
//! let again = Search::new(config).genmove(&game, Color::Black);
//! assert_eq!(first, again);
//! assert!(matches!(first, Decision::Play(Move::Play(_))));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod clock;
mod ladder;
mod patterns;
mod search;
mod sim;
mod tree;

pub use clock::{Clock, TimeError, TimeSystem};
pub use search::{Config, Decision, Report, Search};
