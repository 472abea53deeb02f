//! The two players.

use std::fmt;
use std::ops::Not;

/// A player, and the color of that player's stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[repr(u8)]
pub enum Color {
    /// Black, who moves first in an even game.
    Black = 1,
    /// White.
    White = 2,
}

impl Color {
    /// Both colors, black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white: an index for per-color arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// The lower-case English name, `black` or `white`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// Parses `b`, `black`, `w`, `white` in any case (the GTP forms).
    ///
    /// ```
    /// use tengen_core::Color;
    /// assert_eq!(Color::parse("W"), Some(Color::White));
    /// assert_eq!(Color::parse("Black"), Some(Color::Black));
    /// assert_eq!(Color::parse("red"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Color> {
        match text.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opponent()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
