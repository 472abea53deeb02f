//! Serial numbers of positions, and why a serial is not a legal position.

use std::fmt;

/// The largest board [`Position::from_serial`] and [`check_serial`] accept, in points: a serial
/// must fit in a `u128` (3^80 < 2^128).
pub const MAX_SERIAL_POINTS: usize = 80;

/// The color of a stone.
///
/// This crate keeps its own `Color` and [`Point`] rather than `tengen_core`'s: it builds without
/// tengen-core (the `engine` feature is optional: the counting itself is bit-packed arithmetic on
/// serials and border states, and needs no board), and its points index boards of up to
/// [`MAX_SERIAL_POINTS`] points in any shape, `usize` as the enumeration's indices. With the
/// `engine` feature both convert to and from `tengen_core`'s types with `From`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// Black; state 1 in a serial.
    Black = 1,
    /// White; state 2 in a serial.
    White = 2,
}

impl Color {
    /// The lower-case English name.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(feature = "engine")]
impl From<Color> for tengen_core::Color {
    fn from(c: Color) -> tengen_core::Color {
        match c {
            Color::Black => tengen_core::Color::Black,
            Color::White => tengen_core::Color::White,
        }
    }
}

#[cfg(feature = "engine")]
impl From<tengen_core::Color> for Color {
    fn from(c: tengen_core::Color) -> Color {
        match c {
            tengen_core::Color::Black => Color::Black,
            tengen_core::Color::White => Color::White,
        }
    }
}

#[cfg(feature = "engine")]
impl From<tengen_core::Point> for Point {
    fn from(p: tengen_core::Point) -> Point {
        Point {
            x: usize::from(p.x),
            y: usize::from(p.y),
        }
    }
}

/// A point of the board (see [`Color`] for why this crate has its own): `x` is the column from the left, `y` the row from the top, both from 0
/// (the order of `tengen_core::Point`). Its row-major index is `y * width + x`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 = leftmost.
    pub x: usize,
    /// Row, 0 = top.
    pub y: usize,
}

impl Point {
    /// The GTP vertex of this point on a board `height` rows high (`A1` is the bottom-left
    /// point, `I` is skipped); `(x, y)` on boards wider than 25 columns.
    pub fn vertex(self, height: usize) -> String {
        const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
        match LETTERS.get(self.x) {
            Some(&c) if self.y < height => format!("{}{}", c as char, height - self.y),
            _ => format!("({}, {})", self.x, self.y),
        }
    }
}

/// Why a serial is not a legal position (see [`check_serial`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SerialError {
    /// The board has no points, or more than [`MAX_SERIAL_POINTS`].
    BadSize {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// The serial is at least 3^(width·height), so it is no position of this board.
    OutOfRange {
        /// The serial given.
        serial: u128,
        /// The number of points of the board.
        points: usize,
    },
    /// Error code -2 of `GoBoard(serial)` (the small-board counter this crate's checks come from): putting `stone` on the board took the last liberty of an
    /// opponent chain, `captured` (listed in row-major order).
    Capture {
        /// The point of the stone being placed.
        stone: Point,
        /// Its color.
        color: Color,
        /// The opponent chain left without a liberty.
        captured: Vec<Point>,
        /// The board's height, to name the points.
        height: usize,
    },
    /// Error code -1 of `GoBoard(serial)`: the chain of the stone just placed, `chain`, has no liberty.
    Suicide {
        /// The point of the stone being placed.
        stone: Point,
        /// Its color.
        color: Color,
        /// The chain holding the stone, in row-major order.
        chain: Vec<Point>,
        /// The board's height, to name the points.
        height: usize,
    },
}

impl SerialError {
    /// The error code of `GoBoard(serial)` (a small-board position counter, the origin of these checks): -2 for a capture, -1 for a suicide, 0
    /// for a serial that is no position of the board at all.
    pub fn code(&self) -> i32 {
        match self {
            SerialError::Capture { .. } => -2,
            SerialError::Suicide { .. } => -1,
            _ => 0,
        }
    }
}

fn list(points: &[Point], height: usize) -> String {
    points
        .iter()
        .map(|p| p.vertex(height))
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for SerialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SerialError::BadSize { width, height } => write!(
                f,
                "a {width}x{height} board is not supported (1 to {MAX_SERIAL_POINTS} points)"
            ),
            SerialError::OutOfRange { serial, points } => write!(
                f,
                "serial {serial} is out of range: a board of {points} points has serials below 3^{points}"
            ),
            SerialError::Capture {
                stone,
                color,
                captured,
                height,
            } => write!(
                f,
                "placing the {color} stone at {} captures the {} group at {} (error -2)",
                stone.vertex(*height),
                if *color == Color::Black { "white" } else { "black" },
                list(captured, *height)
            ),
            SerialError::Suicide {
                stone,
                color,
                chain,
                height,
            } => write!(
                f,
                "placing the {color} stone at {} leaves its own group at {} without a liberty (error -1)",
                stone.vertex(*height),
                list(chain, *height)
            ),
        }
    }
}

impl std::error::Error for SerialError {}

/// A position of a small board: every point empty or holding a stone.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    width: usize,
    height: usize,
    cells: Vec<Option<Color>>,
}

impl Position {
    /// The position with serial `serial`: point `i` (row-major from the top-left) holds the
    /// `i`-th base-3 digit of the serial, 0 empty, 1 black, 2 white.
    ///
    /// ```
    /// use tengen_count::{Color, Position};
    /// let p = Position::from_serial(2, 1, 1 + 2 * 3).unwrap();
    /// assert_eq!(p.cells(), &[Some(Color::Black), Some(Color::White)]);
    /// ```
    pub fn from_serial(width: usize, height: usize, serial: u128) -> Result<Position, SerialError> {
        let points = checked_points(width, height)?;
        if points < MAX_SERIAL_POINTS && serial >= 3u128.pow(points as u32) {
            return Err(SerialError::OutOfRange { serial, points });
        }
        let mut s = serial;
        let cells = (0..points)
            .map(|_| {
                let d = (s % 3) as u8;
                s /= 3;
                match d {
                    0 => None,
                    1 => Some(Color::Black),
                    _ => Some(Color::White),
                }
            })
            .collect();
        if s != 0 {
            return Err(SerialError::OutOfRange { serial, points });
        }
        Ok(Position {
            width,
            height,
            cells,
        })
    }

    /// A position from its points in row-major order from the top-left.
    ///
    /// # Panics
    /// If `cells.len() != width * height` or the board is empty.
    pub fn from_cells(width: usize, height: usize, cells: Vec<Option<Color>>) -> Position {
        assert!(width > 0 && height > 0, "empty board");
        assert_eq!(cells.len(), width * height, "wrong number of points");
        Position {
            width,
            height,
            cells,
        }
    }

    /// The serial of this position.
    ///
    /// # Panics
    /// If the board has more than [`MAX_SERIAL_POINTS`] points.
    pub fn serial(&self) -> u128 {
        assert!(self.cells.len() <= MAX_SERIAL_POINTS, "board too large");
        self.cells
            .iter()
            .rev()
            .fold(0u128, |s, c| s * 3 + c.map_or(0, |c| c as u128))
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The points in row-major order from the top-left.
    pub fn cells(&self) -> &[Option<Color>] {
        &self.cells
    }

    /// What is on point `p`.
    pub fn get(&self, p: Point) -> Option<Color> {
        self.cells[p.y * self.width + p.x]
    }

    /// Whether every chain has at least one liberty.
    pub fn is_legal(&self) -> bool {
        self.chain_without_liberty().is_none()
    }

    /// The first chain (by its first point in row-major order) that has no liberty in this
    /// position, in row-major order, or `None` if the position is legal.
    ///
    /// ```
    /// use tengen_count::{Point, Position};
    /// // 2x1: a black stone and a white stone; both chains lack a liberty, the black one is first.
    /// let p = Position::from_serial(2, 1, 1 + 2 * 3).unwrap();
    /// assert_eq!(p.chain_without_liberty(), Some(vec![Point { x: 0, y: 0 }]));
    /// ```
    pub fn chain_without_liberty(&self) -> Option<Vec<Point>> {
        let mut seen = vec![false; self.cells.len()];
        for i in 0..self.cells.len() {
            if seen[i] || self.cells[i].is_none() {
                continue;
            }
            let (chain, liberty) = self.chain_at(i, self.cells.len());
            for &j in &chain {
                seen[j] = true;
            }
            if !liberty {
                return Some(self.points(chain));
            }
        }
        None
    }

    fn points(&self, mut chain: Vec<usize>) -> Vec<Point> {
        chain.sort_unstable();
        chain
            .into_iter()
            .map(|i| Point {
                x: i % self.width,
                y: i / self.width,
            })
            .collect()
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let (w, n) = (self.width, self.cells.len());
        let x = i % w;
        [
            (i >= w).then(|| i - w),
            (x > 0).then(|| i - 1),
            (x + 1 < w).then(|| i + 1),
            (i + w < n).then(|| i + w),
        ]
        .into_iter()
        .flatten()
    }

    /// The chain through `i` (a stone) counting only points `< placed` as occupied, and whether
    /// it has a liberty.
    fn chain_at(&self, i: usize, placed: usize) -> (Vec<usize>, bool) {
        let color = self.cells[i];
        let mut chain = vec![i];
        let mut in_chain = vec![false; self.cells.len()];
        in_chain[i] = true;
        let mut liberty = false;
        let mut k = 0;
        while k < chain.len() {
            let p = chain[k];
            k += 1;
            for q in self.neighbours(p) {
                if q >= placed || self.cells[q].is_none() {
                    liberty = true;
                } else if self.cells[q] == color && !in_chain[q] {
                    in_chain[q] = true;
                    chain.push(q);
                }
            }
        }
        (chain, liberty)
    }
}

fn checked_points(width: usize, height: usize) -> Result<usize, SerialError> {
    match width.checked_mul(height) {
        Some(n) if (1..=MAX_SERIAL_POINTS).contains(&n) => Ok(n),
        _ => Err(SerialError::BadSize { width, height }),
    }
}

/// Checks a serial the way a small-board counter's `GoBoard(serial)` does (the origin of
/// this check): the stones are put one at a time
/// onto an empty board, in row-major order from the top-left (points not yet reached are
/// empty). Putting a stone fails with [`SerialError::Capture`] (code -2) when it takes the last
/// liberty of an adjacent opponent chain, else with [`SerialError::Suicide`] (code -1) when its
/// own chain has no liberty. `Ok` exactly when the serial is a legal position.
///
/// ```
/// use tengen_count::{check_serial, SerialError};
/// assert!(check_serial(1, 1, 0).is_ok());
/// assert_eq!(check_serial(1, 1, 1).unwrap_err().code(), -1);
/// // 2x1 "black white": the white stone takes the black stone's last liberty.
/// let err = check_serial(2, 1, 1 + 2 * 3).unwrap_err();
/// assert_eq!(err.code(), -2);
/// assert_eq!(err.to_string(), "placing the white stone at B1 captures the black group at A1 (error -2)");
/// ```
pub fn check_serial(width: usize, height: usize, serial: u128) -> Result<(), SerialError> {
    let pos = Position::from_serial(width, height, serial)?;
    for i in 0..pos.cells.len() {
        let Some(color) = pos.cells[i] else { continue };
        let stone = Point {
            x: i % width,
            y: i / width,
        };
        for q in pos.neighbours(i) {
            if q < i && pos.cells[q].is_some_and(|c| c != color) {
                let (chain, liberty) = pos.chain_at(q, i + 1);
                if !liberty {
                    return Err(SerialError::Capture {
                        stone,
                        color,
                        captured: pos.points(chain),
                        height,
                    });
                }
            }
        }
        let (chain, liberty) = pos.chain_at(i, i + 1);
        if !liberty {
            return Err(SerialError::Suicide {
                stone,
                color,
                chain: pos.points(chain),
                height,
            });
        }
    }
    Ok(())
}
