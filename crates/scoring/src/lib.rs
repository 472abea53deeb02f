//! # tengen-scoring: counting a finished game of Go
//!
//! The design of seed 002, finished: [`Analysis`] finds the groups, territories, chains and eyes
//! of a position with constant-time lookups; [`Marking`] marks chains dead or alive and keeps the
//! ownership of every point up to date incrementally (dead enemy chains join the living chains
//! around them, seed 002's meta-chains); [`Score`] counts under area, territory or stone scoring
//! with komi, the handicap bonus, seki and false eyes, and serializes to the `tengen score
//! --json` object. [`PassAlive`] is Benson's algorithm, [`Guess`] the automatic dead-stone guess,
//! [`ScoringGame`] the one owner of a game's phases (play, scoring, finished: marks,
//! acceptances, resumes, the result; the server drives it from its event log), and its JSON
//! document the state kept between requests.
//!
//! ```
//! use tengen_core::{Color, Point, Rules};
//! use tengen_scoring::{board_from_rows, Analysis, Marking, Score};
//!
//! let board = board_from_rows(&[
//!     ".X.O.",
//!     "XX.OO",
//!     "..XO.",
//!     "XX.O.",
//!     ".X.O.",
//! ]).unwrap();
//! let mut marking = Marking::new(Analysis::new(&board));
//! let score = Score::new(&marking, &Rules::CHINESE, 0);
//! assert_eq!((score.black.stones, score.black.territory), (7, 4));
//! assert_eq!((score.white.stones, score.white.territory), (6, 4));
//! assert_eq!(score.result, "W+6.5");
//!
//! // Marking D1 dead marks its chain (the whole white wall) dead: black owns the board.
//! let change = marking.set_dead(Point::new(3, 4), true).unwrap();
//! assert_eq!(change.tally.area(Color::Black), 25);
//! let score = Score::new(&marking, &Rules::JAPANESE, 0);
//! assert_eq!(score.black.territory, 18);
//! assert_eq!(score.black.dead, 6);
//! assert_eq!(score.result, "B+17.5");
//! let json = serde_json::to_string(&score).unwrap();
//! assert!(json.starts_with(r#"{"result":"B+17.5","rules":"ko=simple,suicide=forbidden,scoring=territory"#));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod analysis;
pub mod benson;
pub mod count;
pub mod document;
pub mod guess;
mod local;
pub mod marking;
pub mod phase;
pub mod policy;
pub mod territory;

pub use analysis::{Analysis, Chain, ChainId, Group, GroupId, Territory, TerritoryId};
pub use benson::PassAlive;
pub use count::{
    judge, move_text, parse_move_text, parse_vertex, resignation_result, result_text, vertex,
    Judgement, Score, SideScore,
};
pub use document::{DocumentError, DOCUMENT_VERSION};
pub use guess::{mc_ownership, Effort, Guess, GuessOptions, StoneStatus};
pub use marking::{Change, Marking, NoStone, Tally};
pub use phase::{forfeit_result, timeout_result, Phase, ScoringError, ScoringGame};
pub use territory::{PointScore, TerritoryMap};

use tengen_core::{Board, Color, SizeError};

/// A board from rows of text, top row first: `X`/`x`/`B` black, `O`/`o`/`W` white, anything
/// else empty. All rows must have the same length.
///
/// ```
/// let b = tengen_scoring::board_from_rows(&["X.", ".O"]).unwrap();
/// assert_eq!(b.width(), 2);
/// ```
pub fn board_from_rows(rows: &[&str]) -> Result<Board, SizeError> {
    let h = rows.len();
    let w = rows.first().map_or(0, |r| r.chars().count());
    let mut cells = Vec::with_capacity(w * h);
    for r in rows {
        if r.chars().count() != w {
            return Err(SizeError {
                width: w,
                height: h,
            });
        }
        cells.extend(r.chars().map(|c| match c {
            'X' | 'x' | 'B' => Some(Color::Black),
            'O' | 'o' | 'W' => Some(Color::White),
            _ => None,
        }));
    }
    Board::from_cells(w, h, &cells)
}
