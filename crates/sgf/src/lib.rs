//! `tengen-sgf`: a hand-written SGF FF\[4\] reader and writer for Go.
//!
//! Two layers:
//! - the **raw tree** ([`Collection`] → [`GameTree`] → [`Node`] →
//!   [`Property`]: an identifier and raw values), read leniently by
//!   [`parse`] and written deterministically by [`write_collection`] /
//!   [`write_game`], with all variations, comments and unknown properties;
//! - a **typed Go view** ([`GoGame`]) of the main line — board size, set-up,
//!   moves (with node numbers), komi, handicap, rules text, result, names —
//!   and the way back ([`GoGame::to_sgf`]);
//! - **games** ([`game`]): a record replayed into a `tengen_core::Game` with every move
//!   checked (`game_from_sgf`, GNU Go's `loadsgf` cut-off with `game_from_sgf_until`), and a
//!   game written back as a record (`sgf_from_game`).
//!
//! Reading never panics and never recurses: deep variation trees are fine.
//! Non-fatal problems are returned as [`Warning`]s; fatal ones as an
//! [`SgfError`] with a 1-based line and column.
//!
//! ```
//! use tengen_sgf::{parse, Color, GoGame, Point};
//!
//! let sgf = b"(;FF[4]GM[1]SZ[9]KM[6.5]PB[Black]PW[White]RE[W+R]
//!             ;B[ee];W[gc]C[a comment \\] here](;B[tt])(;B[cg]))";
//! let parsed = parse(sgf).unwrap();
//! assert!(parsed.warnings.is_empty());
//! let tree = &parsed.collection.games[0];
//! let game = GoGame::from_tree(tree).unwrap();
//! assert_eq!((game.width, game.height), (9, 9));
//! assert_eq!(game.komi, Some(6.5));
//! assert_eq!(game.moves.len(), 3);
//! assert_eq!(game.moves[0].point, Some(Point::new(4, 4)));
//! assert_eq!(game.moves[1].comment.as_deref(), Some("a comment ] here"));
//! assert_eq!(game.moves[2].point, None); // `tt` is a pass on 9x9
//!
//! // Write it back: deterministic, and reading it again gives the same tree.
//! let text = tree.to_sgf();
//! assert_eq!(text, "(;FF[4]GM[1]SZ[9]KM[6.5]PB[Black]PW[White]RE[W+R]\n\
//!                   ;B[ee];W[gc]C[a comment \\] here]\n(;B[tt])\n(;B[cg]))\n");
//! let again = parse(text.as_bytes()).unwrap();
//! assert_eq!(&again.collection.games[0], tree);
//!
//! // And from typed data.
//! let mut g = GoGame::new(19, 19);
//! g.komi = Some(7.5);
//! g.push_move(Color::Black, Some(Point::new(15, 3)), None);
//! g.push_move(Color::White, None, Some("pass"));
//! assert!(g.to_sgf().unwrap().contains(";B[pd];W[]C[pass]"));
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod error;
pub mod game;
mod go;
mod parse;
mod text;
mod tree;
mod write;

pub use error::{Location, Position, SgfError, Warning, WarningKind};
pub use go::{
    color_from_sgf, color_letter, Color, GameResult, GoGame, MidSetup, Point, RecordMove, Setup,
    Territory, WinBy, APPLICATION,
};
pub use parse::{parse, parse_str, Parsed};
pub use text::{
    escape_compose_part, escape_text, split_compose, unescape_simple_text, unescape_text,
};
pub use tree::{Children, Collection, GameTree, MainLine, Node, NodeId, Property};
pub use write::{write_collection, write_game, write_game_into};

/// Reads every game of an SGF file as a typed [`GoGame`].
///
/// Returns the games and the reader's warnings (each game's own warnings are
/// in [`GoGame::warnings`]).
///
/// # Errors
/// The first [`SgfError`] met, reading the file or a game.
pub fn read_go_games(input: &[u8]) -> Result<(Vec<GoGame>, Vec<Warning>), SgfError> {
    let parsed = parse(input)?;
    let games = parsed
        .collection
        .games
        .iter()
        .map(GoGame::from_tree)
        .collect::<Result<Vec<_>, _>>()?;
    Ok((games, parsed.warnings))
}
