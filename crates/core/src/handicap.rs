//! Handicap stone placement: GNU Go's fixed points, a free placement, and the kata's order.

use crate::point::Point;
use std::fmt;

/// A handicap that cannot be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandicapError {
    /// Fewer than 2 stones, or more than the board allows.
    InvalidCount {
        /// Stones asked for.
        asked: u32,
        /// The most this board takes (0 when it takes none).
        max: u32,
    },
    /// This board size has no fixed handicap points.
    UnsupportedSize {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// Stones are already on the board or moves have been played.
    NotEmpty,
}

impl fmt::Display for HandicapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandicapError::InvalidCount { asked, max } => {
                write!(
                    f,
                    "invalid handicap {asked}: this board takes 2 to {max} stones"
                )
            }
            HandicapError::UnsupportedSize { width, height } => {
                write!(f, "no handicap points on a {width}x{height} board")
            }
            HandicapError::NotEmpty => f.write_str("board not empty"),
        }
    }
}

impl std::error::Error for HandicapError {}

/// The most fixed handicap stones GNU Go places on a `size` x `size` board: 9 on odd sizes from
/// 9 up, 4 on other sizes from 7 up, none below.
pub fn max_fixed(size: usize) -> u32 {
    if size % 2 == 1 && size >= 9 {
        9
    } else if size >= 7 {
        4
    } else {
        0
    }
}

/// GNU Go's fixed handicap points for `stones` stones on a square board of side `size` (the
/// points GTP `fixed_handicap` answers), in GNU Go's placing order.
///
/// ```
/// use tengen_core::{handicap, Point};
/// let pts = handicap::fixed(19, 19, 2).unwrap();
/// assert_eq!(pts, vec![Point::new(15, 3), Point::new(3, 15)]); // Q16 and D4
/// ```
pub fn fixed(width: usize, height: usize, stones: u32) -> Result<Vec<Point>, HandicapError> {
    if width != height {
        return Err(HandicapError::UnsupportedSize { width, height });
    }
    let size = width;
    let max = max_fixed(size);
    if max == 0 {
        return Err(HandicapError::UnsupportedSize { width, height });
    }
    if !(2..=max).contains(&stones) {
        return Err(HandicapError::InvalidCount { asked: stones, max });
    }
    // GNU Go's table: (row, column) codes, 2 = the 3rd or 4th line, -2 from the far side, 0 the middle.
    const PLACES: [(i32, i32); 9] = [
        (2, -2),
        (-2, 2),
        (2, 2),
        (-2, -2),
        (0, 2),
        (0, -2),
        (2, 0),
        (-2, 0),
        (0, 0),
    ];
    let three: i32 = if size > 11 { 3 } else { 2 };
    let mid = (size / 2) as i32;
    let decode = |v: i32| -> i32 {
        let v = match v {
            2 => three,
            -2 => -three,
            0 => mid,
            other => other,
        };
        if v < 0 {
            v + size as i32 - 1
        } else {
            v
        }
    };
    let mut out = Vec::with_capacity(stones as usize);
    let mut remaining = stones;
    if stones == 5 || stones == 7 {
        out.push(Point::new(mid as u8, mid as u8));
        remaining -= 1;
    }
    for &(r, c) in PLACES.iter().take(remaining as usize) {
        out.push(Point::new(decode(c) as u8, decode(r) as u8));
    }
    Ok(out)
}

/// Points for a free handicap of `stones` stones: GNU Go's fixed points where the board has
/// them, otherwise points spread over the board (each as far as possible from the others).
pub fn free(width: usize, height: usize, stones: u32) -> Result<Vec<Point>, HandicapError> {
    let total = (width * height) as u32;
    let max = total.saturating_sub(1).min(100);
    if stones < 2 || stones > max {
        return Err(HandicapError::InvalidCount { asked: stones, max });
    }
    if let Ok(points) = fixed(width, height, stones) {
        return Ok(points);
    }
    let mut chosen: Vec<Point> = Vec::new();
    let line = |n: usize| {
        if n >= 13 {
            3
        } else if n >= 7 {
            2
        } else {
            n / 3
        }
    };
    let (lx, ly) = (line(width), line(height));
    let candidates: Vec<Point> = (0..height)
        .flat_map(|y| (0..width).map(move |x| Point::new(x as u8, y as u8)))
        .collect();
    while (chosen.len() as u32) < stones {
        let best = candidates
            .iter()
            .filter(|p| !chosen.contains(p))
            .max_by_key(|p| {
                let d = chosen
                    .iter()
                    .map(|q| (p.x as i32 - q.x as i32).abs() + (p.y as i32 - q.y as i32).abs())
                    .min()
                    .unwrap_or(i32::MAX / 2);
                let edge = (p.x as i32)
                    .min(width as i32 - 1 - p.x as i32)
                    .min(lx as i32)
                    + (p.y as i32)
                        .min(height as i32 - 1 - p.y as i32)
                        .min(ly as i32);
                (d.min(1000) * 4 + edge, std::cmp::Reverse((p.y, p.x)))
            })
            .copied();
        match best {
            Some(p) => chosen.push(p),
            None => break,
        }
    }
    Ok(chosen)
}

/// The kata's handicap order ([`crate::kata`]), 9x9 (up to 5), 13x13 and 19x19 (up to 9): the first
/// `stones` points of that order.
pub fn kata(width: usize, height: usize, stones: u32) -> Result<Vec<Point>, HandicapError> {
    if width != height || !matches!(width, 9 | 13 | 19) {
        return Err(HandicapError::UnsupportedSize { width, height });
    }
    let size = width as u8;
    let max = if size == 9 { 5 } else { 9 };
    if stones < 1 || stones > max {
        return Err(HandicapError::InvalidCount { asked: stones, max });
    }
    let (near, mid) = if size == 9 { (2, 4) } else { (3, size / 2) };
    let far = size - 1 - near;
    // (x, y) from the top-left: 1 top-right, 2 bottom-left, 3 bottom-right, 4 top-left, 5 centre,
    // 6 left middle, 7 right middle, 8 top middle, 9 bottom middle.
    let order = [
        (far, near),
        (near, far),
        (far, far),
        (near, near),
        (mid, mid),
        (near, mid),
        (far, mid),
        (mid, near),
        (mid, far),
    ];
    Ok(order[..stones as usize]
        .iter()
        .map(|&(x, y)| Point::new(x, y))
        .collect())
}
