//! dlgo's small value types: `Player`, `Point(row, col)`, `Move`.

use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use tengen_core::{coords, Color};

/// A player, and the color of that player's stones: `Player.black`, `Player.white`.
#[pyclass(eq, eq_int, hash, frozen, module = "tengen")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// Black, who moves first.
    #[pyo3(name = "black")]
    Black = 1,
    /// White.
    #[pyo3(name = "white")]
    White = 2,
}

#[pymethods]
impl Player {
    /// The other player.
    #[getter]
    fn other(&self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// 1 for black, 2 for white (as dlgo's enum values).
    #[getter]
    fn value(&self) -> u8 {
        *self as u8
    }

    /// `"black"` or `"white"`.
    #[getter]
    fn name(&self) -> &'static str {
        self.color().name()
    }

    fn __repr__(&self) -> String {
        format!("Player.{}", self.color().name())
    }

    fn __str__(&self) -> String {
        self.__repr__()
    }
}

impl Player {
    pub fn color(self) -> Color {
        match self {
            Player::Black => Color::Black,
            Player::White => Color::White,
        }
    }
}

impl From<Color> for Player {
    fn from(c: Color) -> Player {
        match c {
            Color::Black => Player::Black,
            Color::White => Player::White,
        }
    }
}

/// A point of the board as dlgo names it: `Point(row, col)`, 1-based, row 1 at the bottom
/// (`A1` is `Point(1, 1)`). Behaves like dlgo's namedtuple: `.row`, `.col`, indexing,
/// unpacking, equality and hashing as the tuple `(row, col)`, and `neighbors()`.
#[pyclass(frozen, module = "tengen")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Point {
    /// The row, 1 at the bottom.
    #[pyo3(get)]
    pub row: i64,
    /// The column, 1 at the left.
    #[pyo3(get)]
    pub col: i64,
}

#[pymethods]
impl Point {
    #[new]
    fn new(row: i64, col: i64) -> Point {
        Point { row, col }
    }

    /// The four orthogonal neighbours (some may be off the board), in dlgo's order.
    fn neighbors(&self) -> Vec<Point> {
        let (r, c) = (self.row, self.col);
        vec![
            Point { row: r - 1, col: c },
            Point { row: r + 1, col: c },
            Point { row: r, col: c - 1 },
            Point { row: r, col: c + 1 },
        ]
    }

    fn __len__(&self) -> usize {
        2
    }

    fn __getitem__(&self, index: isize) -> PyResult<i64> {
        match index {
            0 | -2 => Ok(self.row),
            1 | -1 => Ok(self.col),
            _ => Err(PyIndexError::new_err("Point index out of range")),
        }
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.tuple(py)?.into_any().try_iter()?.into_any())
    }

    fn __richcmp__<'py>(
        &self,
        other: &Bound<'py, PyAny>,
        op: CompareOp,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = other.py();
        let mine = self.tuple(py)?;
        match other.downcast::<Point>() {
            Ok(p) => mine.rich_compare(p.get().tuple(py)?, op),
            Err(_) => mine.rich_compare(other, op),
        }
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.tuple(py)?.hash()
    }

    fn __repr__(&self) -> String {
        format!("Point(row={}, col={})", self.row, self.col)
    }

    fn __getnewargs__(&self) -> (i64, i64) {
        (self.row, self.col)
    }
}

impl Point {
    fn tuple<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, [self.row, self.col])
    }

    /// The core point on a board `width` x `height`, `None` when off the board.
    pub fn to_core(self, width: usize, height: usize) -> Option<tengen_core::Point> {
        coords::from_row_col(self.row, self.col, width as u8, height as u8)
    }

    pub fn from_core(p: tengen_core::Point, height: usize) -> Point {
        let (row, col) = coords::to_row_col(p, height as u8);
        Point { row, col }
    }
}

/// Reads a `Point` or any `(row, col)` pair.
pub fn extract_point(obj: &Bound<'_, PyAny>) -> PyResult<Point> {
    if let Ok(p) = obj.downcast::<Point>() {
        return Ok(*p.get());
    }
    let (row, col): (i64, i64) = obj
        .extract()
        .map_err(|_| PyValueError::new_err("expected a Point or a (row, col) pair"))?;
    Ok(Point { row, col })
}

/// What a player does on a turn: `Move.play(Point(r, c))`, `Move.pass_turn()`, `Move.resign()`.
/// Moves compare equal and hash by value.
#[pyclass(frozen, eq, hash, module = "tengen")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    kind: Kind,
    row: i64,
    col: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Play,
    Pass,
    Resign,
}

#[pymethods]
impl Move {
    /// dlgo's constructor: exactly one of `point`, `is_pass`, `is_resign`.
    #[new]
    #[pyo3(signature = (point=None, is_pass=false, is_resign=false))]
    fn new(point: Option<&Bound<'_, PyAny>>, is_pass: bool, is_resign: bool) -> PyResult<Move> {
        match (point, is_pass, is_resign) {
            (Some(p), false, false) => Move::play(p),
            (None, true, false) => Ok(Move::pass_turn()),
            (None, false, true) => Ok(Move::resign()),
            _ => Err(PyValueError::new_err(
                "a Move is exactly one of: a point, is_pass=True, is_resign=True",
            )),
        }
    }

    /// A move that places a stone on `point`.
    #[staticmethod]
    pub fn play(point: &Bound<'_, PyAny>) -> PyResult<Move> {
        let p = extract_point(point)?;
        Ok(Move::at(p))
    }

    /// A pass.
    #[staticmethod]
    pub fn pass_turn() -> Move {
        Move {
            kind: Kind::Pass,
            row: 0,
            col: 0,
        }
    }

    /// A resignation.
    #[staticmethod]
    pub fn resign() -> Move {
        Move {
            kind: Kind::Resign,
            row: 0,
            col: 0,
        }
    }

    /// Whether the move places a stone.
    #[getter]
    pub fn is_play(&self) -> bool {
        self.kind == Kind::Play
    }

    /// Whether the move is a pass.
    #[getter]
    pub fn is_pass(&self) -> bool {
        self.kind == Kind::Pass
    }

    /// Whether the move is a resignation.
    #[getter]
    pub fn is_resign(&self) -> bool {
        self.kind == Kind::Resign
    }

    /// The point played, `None` for a pass or a resignation.
    #[getter]
    pub fn point(&self) -> Option<Point> {
        self.is_play().then_some(Point {
            row: self.row,
            col: self.col,
        })
    }

    fn __str__(&self) -> String {
        match self.kind {
            Kind::Play => format!("(r {}, c {})", self.row, self.col),
            Kind::Pass => "pass".into(),
            Kind::Resign => "resign".into(),
        }
    }

    fn __repr__(&self) -> String {
        match self.kind {
            Kind::Play => format!("Move.play(Point(row={}, col={}))", self.row, self.col),
            Kind::Pass => "Move.pass_turn()".into(),
            Kind::Resign => "Move.resign()".into(),
        }
    }
}

impl Move {
    pub fn at(p: Point) -> Move {
        Move {
            kind: Kind::Play,
            row: p.row,
            col: p.col,
        }
    }

    /// The core move on a `width` x `height` board; `None` for a play off the board.
    pub fn to_core(self, width: usize, height: usize) -> Option<tengen_core::Move> {
        match self.kind {
            Kind::Play => Point {
                row: self.row,
                col: self.col,
            }
            .to_core(width, height)
            .map(tengen_core::Move::Play),
            Kind::Pass => Some(tengen_core::Move::Pass),
            Kind::Resign => Some(tengen_core::Move::Resign),
        }
    }

    pub fn from_core(mv: tengen_core::Move, height: usize) -> Move {
        match mv {
            tengen_core::Move::Play(p) => Move::at(Point::from_core(p, height)),
            tengen_core::Move::Pass => Move::pass_turn(),
            tengen_core::Move::Resign => Move::resign(),
        }
    }
}
