//! Points of the board and moves.

use std::fmt;

/// An intersection of the board: `x` is the column counted from the left, `y` the row counted
/// from the top, both from 0 (the SGF order).
///
/// A `Point` knows nothing of the board it is on; [`crate::coords`] turns it into the text forms
/// (GTP `D4`, kata `4D`, SGF `dp`, dlgo `Point(row, col)`), which do need the board's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// Column, 0 = leftmost.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
}

impl Point {
    /// The point in column `x` (from the left) and row `y` (from the top), both from 0.
    #[inline]
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// What a player does on a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// A stone on this point.
    Play(Point),
    /// A pass: the turn goes to the opponent and the position stays.
    Pass,
    /// A resignation: the game ends and the opponent wins.
    Resign,
}

impl Move {
    /// The point played, if the move is a play.
    pub const fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            _ => None,
        }
    }
}
