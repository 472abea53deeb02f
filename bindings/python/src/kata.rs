//! The Go kata (a Go-board coding exercise) in Python: `Go(9)`, `Go(9, 6)`, `move('7A', '1A')`, ... — a thin
//! wrapper over `tengen_core::kata::Go`, which holds the kata's rules of play, order of handicap
//! stones, text board and errors.

use crate::{parse_rules, IllegalMoveError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tengen_core::kata::{self, KataError};
use tengen_core::Rules;

/// The kata's game: `Go(height, width=height, rules="simple")`.
///
/// Black moves first; `move` plays the vertices given for alternating colors; an illegal move
/// raises `IllegalMoveError` (a `ValueError`): the moves before it in the same call stand and
/// the illegal one changes nothing.
#[pyclass(module = "tengen")]
pub struct Go {
    go: kata::Go,
}

/// `IllegalMoveError` for moves (an unreadable vertex included), `ValueError` for the rest.
fn to_py(e: KataError) -> PyErr {
    match e {
        KataError::IllegalMove { .. } => IllegalMoveError::new_err(e.to_string()),
        KataError::InvalidCoordinate(ref v) => {
            IllegalMoveError::new_err(format!("illegal move {v:?}: {e}"))
        }
        other => PyValueError::new_err(other.to_string()),
    }
}

#[pymethods]
impl Go {
    #[new]
    #[pyo3(signature = (height, width=None, *, rules=None))]
    fn new(height: i64, width: Option<i64>, rules: Option<&str>) -> PyResult<Go> {
        let width = width.unwrap_or(height);
        let side = |n: i64| usize::try_from(n).unwrap_or(0);
        let rules = parse_rules(rules, Rules::SIMPLE)?;
        let go = kata::Go::with_rules(side(height), side(width), rules).map_err(|_| {
            PyValueError::new_err(format!(
                "invalid board size {height}x{width}: sides must be 1 to {}",
                tengen_core::MAX_GTP_SIZE
            ))
        })?;
        Ok(Go { go })
    }

    /// The board: a list of rows, top row first, each a list of `'x'`, `'o'`, `'.'`.
    #[getter]
    fn board(&self) -> Vec<Vec<char>> {
        self.go.board()
    }

    /// Plays the kata vertices (`'7A'`: row from the bottom, then the column letter without
    /// `I`) in order for alternating colors.
    #[pyo3(signature = (*vertices))]
    fn r#move(&mut self, vertices: Vec<String>) -> PyResult<()> {
        let v: Vec<&str> = vertices.iter().map(String::as_str).collect();
        self.go.r#move(&v).map_err(to_py)
    }

    /// Places `n` handicap stones in the kata's order (9x9: up to 5; 13x13 and 19x19: up to 9),
    /// once, before the first move. The turn is unchanged. Otherwise `ValueError`, nothing changed.
    fn handicap_stones(&mut self, n: i64) -> PyResult<()> {
        self.go
            .handicap_stones(usize::try_from(n).unwrap_or(0))
            .map_err(to_py)
    }

    /// `{"height": h, "width": w}`.
    #[getter]
    fn size<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let (h, w) = self.go.size();
        let d = PyDict::new(py);
        d.set_item("height", h)?;
        d.set_item("width", w)?;
        Ok(d)
    }

    /// Takes back `n` turns (passes count). Past the start: `ValueError`, nothing changed.
    fn rollback(&mut self, n: i64) -> PyResult<()> {
        let n = usize::try_from(n)
            .map_err(|_| PyValueError::new_err("cannot roll back a negative number of turns"))?;
        self.go.rollback(n).map_err(to_py)
    }

    /// `'x'`, `'o'` or `'.'` at a kata vertex; `ValueError` for a vertex off the board.
    fn get_position(&self, vertex: &str) -> PyResult<char> {
        self.go
            .get_position(vertex)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The player to move: `"black"` or `"white"`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.go.turn()
    }

    /// Passes the turn (it counts as a turn for `rollback`).
    fn pass_turn(&mut self) {
        self.go.pass_turn();
    }

    /// Clears the stones and the record; black to move; handicap may be placed again.
    fn reset(&mut self) {
        self.go.reset();
    }

    /// The rules in their full text form.
    #[getter]
    fn rules(&self) -> String {
        self.go.game().rules().to_string()
    }

    /// The kata's drawing: column letters on top, row numbers on the left.
    fn __str__(&self) -> String {
        self.go.to_string()
    }

    fn __repr__(&self) -> String {
        let (h, w) = self.go.size();
        format!("Go({h}, {w})")
    }
}
