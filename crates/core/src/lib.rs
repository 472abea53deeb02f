//! # tengen-core: the rules of Go
//!
//! Boards from 1x1 to 52x52 (rectangular too), captures, suicide forbidden or allowed, every ko
//! rule (none, simple, positional, situational, natural-situational superko, decided exactly),
//! passes, resignation, undo and rollback, handicap, Zobrist hashing, and the kata facade of
//! seed 003. No I/O, no heavy dependencies.
//!
//! ```
//! use tengen_core::{coords, Color, Game, IllegalMove, Move, Rules};
//!
//! let rules: Rules = "tromp-taylor".parse().unwrap();
//! let mut game = Game::new(9, 9, rules).unwrap();
//! for v in ["D4", "E4", "E5", "F5", "D6", "E6", "pass", "E3"] {
//!     let mv = if v == "pass" { Move::Pass } else { Move::Play(coords::from_gtp(v, 9, 9).unwrap()) };
//!     game.play(mv).unwrap();
//! }
//! // E5 (black) now has one liberty at F... it is white's turn after black passed? No: count.
//! assert_eq!(game.to_move(), Color::Black);
//! let legal = game.legal_moves(Color::Black).len();
//! assert!(legal > 0);
//! let e4 = coords::from_gtp("E4", 9, 9).unwrap();
//! assert_eq!(game.play(Move::Play(e4)), Err(IllegalMove::Occupied));
//! ```
//!
//! Words: a **group** is connected stones of one color; liberties, captures and suicide are about
//! groups. Points are [`Point`]`{ x, y }` from the top-left; [`coords`] converts the text forms.
#![deny(unsafe_code)] // allowed in one module, `slab`, with its measured reason
#![deny(missing_docs)]

pub mod board;
pub mod color;
pub mod coords;
pub mod game;
pub mod handicap;
pub mod kata;
pub mod playout;
pub mod playout_board;
pub mod point;
pub mod rules;
mod slab;
mod superko;
mod zobrist;

pub use board::{Board, MoveEffect, SizeError, MAX_SIZE};
pub use color::Color;
pub use coords::CoordError;
pub use game::{Game, IllegalMove, RollbackError, SetupError, Turn};
pub use playout_board::PlayoutBoard;
pub use point::{Move, Point};
pub use rules::{HandicapBonus, KoRule, Rules, RulesError, Scoring};
