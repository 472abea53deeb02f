//! # tengen-gtp: a GTP v2 engine as a library
//!
//! [`Engine`] holds a [`Game`] and answers Go Text Protocol commands one line at a time; the
//! `tengen gtp` binary only wires it to stdin and stdout.
//!
//! ```
//! use tengen_gtp::Engine;
//! use tengen_core::Rules;
//!
//! let mut engine = Engine::new(Rules::default(), 0);
//! assert_eq!(engine.handle_line("boardsize 9").as_deref(), Some("= \n\n"));
//! assert_eq!(engine.handle_line("7 play b D4").as_deref(), Some("=7 \n\n"));
//! assert_eq!(engine.handle_line("play w d4").as_deref(), Some("? illegal move: occupied\n\n"));
//! assert_eq!(engine.handle_line("list_stones black").as_deref(), Some("= D4\n\n"));
//! assert_eq!(engine.handle_line("# a comment"), None);
//! ```
//!
//! `genmove` plays the light-playout policy unless a tree search (`tengen-mcts`) is attached with
//! [`Engine::set_search`], as `tengen gtp` and `tengen play` do; the search also answers the clock
//! commands, GoGui's `gogui-analyze_commands` (ownership map, principal variation, candidates) and,
//! on request, `final_status_list`.
//!
//! Every command of the GTP section of docs/INTERFACES.md is answered (`loadsgf FILE [MOVE_NUMBER]`
//! as GNU Go: the position before that move, answering the color to move; `final_score` and
//! `final_status_list` with the automatic dead-stone guess of `tengen-scoring`). A refused
//! command is a [`GtpError`], whose text is the `? message`; an error never changes the engine's
//! state, and no input makes it panic.
//!
//! [`controller`] is the other direction: it runs an engine (GNU Go, KataGo, `tengen gtp`) as a
//! child process and asks it for moves, as `tengen bot` does.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod controller;
mod engine;
mod error;
mod protocol;
mod search;
mod text;

pub use engine::{showboard, Engine, COMMANDS, MAX_GTP_SIZE};
pub use error::GtpError;
pub use protocol::{preprocess, Command};
pub use text::{format_vertex, parse_color, parse_move, VertexError};
