//! The text forms of a point, each to and from [`Point`].
//!
//! | form | example | order | notes |
//! |---|---|---|---|
//! | GTP / human vertex | `D4` | column letter, row from the bottom | `I` skipped, at most 25 columns |
//! | kata vertex | `4D` | row from the bottom, column letter | `I` skipped |
//! | SGF point | `dp` | column, row from the top | `a`..`z` then `A`..`Z`, boards up to 52 |
//! | dlgo `Point(row, col)` | `(4, 4)` | 1-based, row 1 at the bottom | |
//!
//! Moves as text (a vertex, `pass`, `resign`) are read and written here too ([`move_from_gtp`],
//! [`move_to_gtp`]): every crate that speaks move text goes through this module.
//!
//! The kata form is that of the Go kata (exercise) whose API `tengen_core::kata` mirrors.
//! All text parsing is case-insensitive except SGF, where case matters.

use crate::point::{Move, Point};
use std::fmt;

/// Why a coordinate could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CoordError {
    /// The text is not a coordinate of this form.
    Invalid(String),
    /// The coordinate is well-formed but lies outside the board.
    OffBoard(String),
}

impl fmt::Display for CoordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoordError::Invalid(t) => write!(f, "invalid coordinate: {t:?}"),
            CoordError::OffBoard(t) => write!(f, "coordinate off the board: {t:?}"),
        }
    }
}

impl std::error::Error for CoordError {}

/// The column letters of GTP and the kata: `A`..`Z` without `I`.
pub const COLUMN_LETTERS: &[u8; MAX_GTP_SIZE] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The widest board that lettered vertices (`D4`) can address, and so the largest side that GTP,
/// the kata and the HTTP API accept: 25 columns, `A`..`Z` without `I`. The engine itself goes
/// further (see [`crate::MAX_SIZE`]); SGF points reach 52.
pub const MAX_GTP_SIZE: usize = 25;

/// The column letter of column `x` (0 = `A`), or `None` past the 25th column.
pub fn column_letter(x: u8) -> Option<char> {
    COLUMN_LETTERS.get(x as usize).map(|&b| b as char)
}

fn column_from_letter(c: char) -> Option<u8> {
    let up = c.to_ascii_uppercase() as u8;
    COLUMN_LETTERS
        .iter()
        .position(|&b| b == up)
        .map(|i| i as u8)
}

fn parse_row(digits: &str) -> Option<u32> {
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

fn locate(
    col: u8,
    row_from_bottom: u32,
    width: u8,
    height: u8,
    text: &str,
) -> Result<Point, CoordError> {
    if row_from_bottom == 0 {
        return Err(CoordError::Invalid(text.to_string()));
    }
    if col >= width || row_from_bottom > u32::from(height) {
        return Err(CoordError::OffBoard(text.to_string()));
    }
    Ok(Point::new(col, (u32::from(height) - row_from_bottom) as u8))
}

/// Reads a GTP vertex such as `D4` (case-insensitive) on a `width` x `height` board.
///
/// `pass` is not a point: callers check for it first.
///
/// ```
/// use tengen_core::{coords, Point};
/// assert_eq!(coords::from_gtp("d4", 19, 19), Ok(Point::new(3, 15)));
/// assert_eq!(coords::from_gtp("J1", 9, 9), Ok(Point::new(8, 8)));
/// assert!(coords::from_gtp("I5", 19, 19).is_err());
/// ```
pub fn from_gtp(text: &str, width: u8, height: u8) -> Result<Point, CoordError> {
    let t = text.trim();
    let mut chars = t.chars();
    let first = chars
        .next()
        .ok_or_else(|| CoordError::Invalid(text.to_string()))?;
    let col = column_from_letter(first).ok_or_else(|| CoordError::Invalid(text.to_string()))?;
    let row = parse_row(chars.as_str()).ok_or_else(|| CoordError::Invalid(text.to_string()))?;
    locate(col, row, width, height, text)
}

/// Writes a GTP vertex (upper-case), or `None` when the column has no letter (past 25 columns).
///
/// ```
/// use tengen_core::{coords, Point};
/// assert_eq!(coords::to_gtp(Point::new(3, 15), 19).as_deref(), Some("D4"));
/// ```
pub fn to_gtp(p: Point, height: u8) -> Option<String> {
    let letter = column_letter(p.x)?;
    Some(format!("{letter}{}", u32::from(height) - u32::from(p.y)))
}

/// Reads a move as GTP and the HTTP API write it: a vertex (`D4`, any case), `pass` or `resign`
/// (any case). The one reader of move text; [`move_to_gtp`] is its writer.
///
/// ```
/// use tengen_core::{coords, Move, Point};
/// assert_eq!(coords::move_from_gtp("e5", 9, 9), Ok(Move::Play(Point::new(4, 4))));
/// assert_eq!(coords::move_from_gtp("PASS", 9, 9), Ok(Move::Pass));
/// assert_eq!(coords::move_from_gtp("Resign", 9, 9), Ok(Move::Resign));
/// assert!(matches!(coords::move_from_gtp("K10", 9, 9), Err(coords::CoordError::OffBoard(_))));
/// ```
pub fn move_from_gtp(text: &str, width: u8, height: u8) -> Result<Move, CoordError> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("pass") {
        Ok(Move::Pass)
    } else if t.eq_ignore_ascii_case("resign") {
        Ok(Move::Resign)
    } else {
        from_gtp(t, width, height).map(Move::Play)
    }
}

/// Writes a move as GTP does: an upper-case vertex, `pass` or `resign`; `None` for a point past
/// the 25th column, which has no vertex.
///
/// ```
/// use tengen_core::{coords, Move, Point};
/// assert_eq!(coords::move_to_gtp(Move::Play(Point::new(3, 15)), 19).as_deref(), Some("D4"));
/// assert_eq!(coords::move_to_gtp(Move::Pass, 19).as_deref(), Some("pass"));
/// assert_eq!(coords::move_to_gtp(Move::Resign, 19).as_deref(), Some("resign"));
/// ```
pub fn move_to_gtp(mv: Move, height: u8) -> Option<String> {
    match mv {
        Move::Play(p) => to_gtp(p, height),
        Move::Pass => Some("pass".to_string()),
        Move::Resign => Some("resign".to_string()),
    }
}

/// Reads a kata vertex such as `7A`: the row from the bottom, then the column letter.
///
/// ```
/// use tengen_core::{coords, Point};
/// assert_eq!(coords::from_kata("7A", 9, 9), Ok(Point::new(0, 2)));
/// assert_eq!(coords::from_kata("1j", 9, 9), Ok(Point::new(8, 8)));
/// ```
pub fn from_kata(text: &str, width: u8, height: u8) -> Result<Point, CoordError> {
    let t = text.trim();
    let letter = t
        .chars()
        .last()
        .ok_or_else(|| CoordError::Invalid(text.to_string()))?;
    let digits = &t[..t.len() - letter.len_utf8()];
    let col = column_from_letter(letter).ok_or_else(|| CoordError::Invalid(text.to_string()))?;
    let row = parse_row(digits).ok_or_else(|| CoordError::Invalid(text.to_string()))?;
    locate(col, row, width, height, text)
}

/// Writes a kata vertex such as `7A`, or `None` past 25 columns.
pub fn to_kata(p: Point, height: u8) -> Option<String> {
    let letter = column_letter(p.x)?;
    Some(format!("{}{letter}", u32::from(height) - u32::from(p.y)))
}

fn sgf_value(c: u8) -> Option<u8> {
    match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    }
}

fn sgf_letter(v: u8) -> char {
    if v < 26 {
        (b'a' + v) as char
    } else {
        (b'A' + v - 26) as char
    }
}

/// Reads an SGF point such as `dp` on a `width` x `height` board. Returns `Ok(None)` for a pass:
/// the empty value, or `tt` on boards of at most 19x19.
///
/// ```
/// use tengen_core::{coords, Point};
/// assert_eq!(coords::from_sgf("dp", 19, 19), Ok(Some(Point::new(3, 15))));
/// assert_eq!(coords::from_sgf("tt", 19, 19), Ok(None));
/// assert_eq!(coords::from_sgf("", 9, 9), Ok(None));
/// ```
pub fn from_sgf(text: &str, width: u8, height: u8) -> Result<Option<Point>, CoordError> {
    let b = text.as_bytes();
    if b.is_empty() || (b == b"tt" && width <= 19 && height <= 19) {
        return Ok(None);
    }
    if b.len() != 2 {
        return Err(CoordError::Invalid(text.to_string()));
    }
    let (x, y) = match (sgf_value(b[0]), sgf_value(b[1])) {
        (Some(x), Some(y)) => (x, y),
        _ => return Err(CoordError::Invalid(text.to_string())),
    };
    if x >= width || y >= height {
        return Err(CoordError::OffBoard(text.to_string()));
    }
    Ok(Some(Point::new(x, y)))
}

/// Reads an SGF point such as `dp` (surrounding whitespace ignored) without any board: two
/// letters, `a`..`z` for 0..25 then `A`..`Z` for 26..51. A pass is not a point here.
///
/// ```
/// use tengen_core::{coords, Point};
/// assert_eq!(coords::sgf_point("pd"), Some(Point::new(15, 3)));
/// assert_eq!(coords::sgf_point("aZ"), Some(Point::new(0, 51)));
/// assert_eq!(coords::sgf_point("a"), None);
/// ```
pub fn sgf_point(text: &str) -> Option<Point> {
    match text.trim().as_bytes() {
        [x, y] => Some(Point::new(sgf_value(*x)?, sgf_value(*y)?)),
        _ => None,
    }
}

/// Writes an SGF point such as `dp`.
pub fn to_sgf(p: Point) -> String {
    let mut s = String::with_capacity(2);
    s.push(sgf_letter(p.x));
    s.push(sgf_letter(p.y));
    s
}

/// dlgo's `Point(row, col)`: 1-based, row 1 at the bottom. `None` when off the board.
///
/// ```
/// use tengen_core::{coords, Point};
/// assert_eq!(coords::from_row_col(1, 1, 19, 19), Some(Point::new(0, 18)));
/// assert_eq!(coords::to_row_col(Point::new(0, 18), 19), (1, 1));
/// ```
pub fn from_row_col(row: i64, col: i64, width: u8, height: u8) -> Option<Point> {
    if row < 1 || col < 1 || row > i64::from(height) || col > i64::from(width) {
        return None;
    }
    Some(Point::new((col - 1) as u8, (i64::from(height) - row) as u8))
}

/// The dlgo `(row, col)` of a point: 1-based, row 1 at the bottom.
pub fn to_row_col(p: Point, height: u8) -> (i64, i64) {
    (i64::from(height) - i64::from(p.y), i64::from(p.x) + 1)
}
