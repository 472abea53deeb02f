//! The kata facade (the API of a Go-board coding exercise, kept as its origin gave it): `Go(9)`, `move("7A")`, `handicap_stones(3)`, `rollback(2)`, the
//! text board, with errors as values.
//!
//! ```
//! use tengen_core::kata::Go;
//! let mut game = Go::new(9, 9).unwrap();
//! game.r#move(&["7A", "1A"]).unwrap();
//! let expected = [
//!     "  A B C D E F G H J",
//!     "9 . . . . . . . . .",
//!     "8 . . . . . . . . .",
//!     "7 x . . . . . . . .",
//!     "6 . . . . . . . . .",
//!     "5 . . . . . . . . .",
//!     "4 . . . . . . . . .",
//!     "3 . . . . . . . . .",
//!     "2 . . . . . . . . .",
//!     "1 o . . . . . . . .",
//! ];
//! assert_eq!(game.to_string(), expected.join("\n"));
//! assert_eq!(game.get_position("1A"), Ok('o'));
//! assert_eq!(game.turn(), "black");
//! ```

use crate::coords;
use crate::game::{Game, IllegalMove};
use crate::handicap::{self, HandicapError};
use crate::point::{Move, Point};
use crate::rules::Rules;
use crate::Color;
use crate::MAX_GTP_SIZE;
use std::fmt;

/// What the kata throws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KataError {
    /// A side outside 1..=[`MAX_GTP_SIZE`].
    InvalidSize {
        /// Rows asked for.
        height: usize,
        /// Columns asked for.
        width: usize,
    },
    /// Not a kata vertex, or off the board.
    InvalidCoordinate(String),
    /// A move the rules refuse.
    IllegalMove {
        /// The vertex as given.
        vertex: String,
        /// Why.
        reason: IllegalMove,
    },
    /// Handicap on a board other than 9x9, 13x13, 19x19, too many stones, or too late.
    Handicap(String),
    /// A rollback past the start.
    Rollback {
        /// Turns asked for.
        asked: usize,
        /// Turns played.
        played: usize,
    },
}

impl fmt::Display for KataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KataError::InvalidSize { height, width } => {
                write!(
                    f,
                    "invalid board size {height}x{width}: sides must be 1 to {MAX_GTP_SIZE}"
                )
            }
            KataError::InvalidCoordinate(v) => write!(f, "invalid coordinate {v:?}"),
            KataError::IllegalMove { vertex, reason } => {
                write!(f, "illegal move {vertex}: {reason}")
            }
            KataError::Handicap(why) => write!(f, "invalid handicap: {why}"),
            KataError::Rollback { asked, played } => {
                write!(f, "cannot roll back {asked} turns: only {played} played")
            }
        }
    }
}

impl std::error::Error for KataError {}

/// The kata's game: simple ko, no suicide, black first, passes count as turns.
#[derive(Debug, Clone)]
pub struct Go {
    game: Game,
    handicap_placed: bool,
}

impl Go {
    /// A board `height` rows high and `width` columns wide (the kata's `Go(9)` is `Go::new(9, 9)`,
    /// `Go(9, 6)` is `Go::new(9, 6)`).
    pub fn new(height: usize, width: usize) -> Result<Go, KataError> {
        if !(1..=MAX_GTP_SIZE).contains(&height) || !(1..=MAX_GTP_SIZE).contains(&width) {
            return Err(KataError::InvalidSize { height, width });
        }
        let game = Game::new(width, height, Rules::SIMPLE)
            .map_err(|_| KataError::InvalidSize { height, width })?;
        Ok(Go {
            game,
            handicap_placed: false,
        })
    }

    /// The kata with other rules (the kata itself uses [`Rules::SIMPLE`]).
    pub fn with_rules(height: usize, width: usize, rules: Rules) -> Result<Go, KataError> {
        let mut go = Go::new(height, width)?;
        go.game.set_rules(rules);
        Ok(go)
    }

    /// The game underneath.
    pub fn game(&self) -> &Game {
        &self.game
    }

    fn point(&self, vertex: &str) -> Result<Point, KataError> {
        let b = self.game.board();
        coords::from_kata(vertex, b.width() as u8, b.height() as u8)
            .map_err(|_| KataError::InvalidCoordinate(vertex.to_string()))
    }

    /// Plays the moves in order for alternating colors. At the first illegal one it stops: the
    /// moves before it stand, the illegal one changes nothing.
    pub fn r#move(&mut self, vertices: &[&str]) -> Result<(), KataError> {
        for v in vertices {
            let p = self.point(v)?;
            self.game
                .play(Move::Play(p))
                .map_err(|reason| KataError::IllegalMove {
                    vertex: v.to_string(),
                    reason,
                })?;
        }
        Ok(())
    }

    /// Places `n` handicap stones in the kata's order (9x9 up to 5, 13x13 and 19x19 up to 9).
    /// Only before the first move and only once; the turn is unchanged.
    pub fn handicap_stones(&mut self, n: usize) -> Result<(), KataError> {
        if self.handicap_placed || self.game.move_number() > 0 {
            return Err(KataError::Handicap(
                "handicap stones go down once, before the first move".into(),
            ));
        }
        let b = self.game.board();
        let stones = u32::try_from(n).unwrap_or(u32::MAX);
        let points = handicap::kata(b.width(), b.height(), stones).map_err(|e| match e {
            HandicapError::UnsupportedSize { .. } => {
                KataError::Handicap("only 9x9, 13x13 and 19x19 boards take handicap stones".into())
            }
            other => KataError::Handicap(other.to_string()),
        })?;
        let setup: Vec<(Point, Option<Color>)> = points
            .into_iter()
            .map(|p| (p, Some(Color::Black)))
            .collect();
        self.game
            .set_up(&setup)
            .map_err(|e| KataError::Handicap(e.to_string()))?;
        self.game.set_handicap_count(stones);
        self.handicap_placed = true;
        Ok(())
    }

    /// `{"height": h, "width": w}` as a pair (height, width).
    pub fn size(&self) -> (usize, usize) {
        (self.game.board().height(), self.game.board().width())
    }

    /// Takes back `n` turns (passes count). Past the start it is an error and nothing changes.
    pub fn rollback(&mut self, n: usize) -> Result<(), KataError> {
        self.game.rollback(n).map_err(|e| KataError::Rollback {
            asked: e.asked,
            played: e.available,
        })
    }

    /// `x`, `o` or `.` at a kata vertex.
    pub fn get_position(&self, vertex: &str) -> Result<char, KataError> {
        let p = self.point(vertex)?;
        Ok(stone_char(self.game.board().get(p)))
    }

    /// `"black"` or `"white"`.
    pub fn turn(&self) -> &'static str {
        self.game.to_move().name()
    }

    /// Passes the turn.
    pub fn pass_turn(&mut self) {
        // A pass is refused only after a resignation, which the kata has not.
        let _ = self.game.play(Move::Pass);
    }

    /// Clears the board and the record; black to move; the rules stay.
    pub fn reset(&mut self) {
        let (h, w) = self.size();
        let rules = *self.game.rules();
        *self = Go::with_rules(h, w, rules).expect("same size");
    }

    /// The board as rows of `x`, `o`, `.`, top row first.
    pub fn board(&self) -> Vec<Vec<char>> {
        let b = self.game.board();
        (0..b.height())
            .map(|y| {
                (0..b.width())
                    .map(|x| stone_char(b.get(Point::new(x as u8, y as u8))))
                    .collect()
            })
            .collect()
    }
}

fn stone_char(c: Option<Color>) -> char {
    match c {
        Some(Color::Black) => 'x',
        Some(Color::White) => 'o',
        None => '.',
    }
}

impl fmt::Display for Go {
    /// The kata's drawing: column letters on top, row numbers on the left.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (h, w) = self.size();
        let pad = h.to_string().len();
        write!(f, "{:pad$} ", "")?;
        let letters: Vec<String> = (0..w)
            .map(|x| coords::column_letter(x as u8).unwrap_or('?').to_string())
            .collect();
        write!(f, "{}", letters.join(" "))?;
        for (k, row) in self.board().iter().enumerate() {
            let n = h - k;
            let cells: Vec<String> = row.iter().map(|c| c.to_string()).collect();
            write!(f, "\n{n:>pad$} {}", cells.join(" "))?;
        }
        Ok(())
    }
}
