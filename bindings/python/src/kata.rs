//! The kata of seed 003 in Python: `Go(9)`, `Go(9, 6)`, `move('7A', '1A')`, ...
//!
//! Built on `Game` rather than `tengen_core::kata::Go` because the kata facade of the core has
//! fixed rules (`simple`) and this class takes a `rules=` keyword.

use crate::{parse_rules, IllegalMoveError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tengen_core::{coords, handicap, Color, Game, Move, Point, Rules};

/// The kata's game (seed 003): `Go(height, width=height, rules="simple")`.
///
/// Black moves first; `move` plays the vertices given for alternating colors; an illegal move
/// raises `IllegalMoveError` (a `ValueError`): the moves before it in the same call stand and
/// the illegal one changes nothing.
#[pyclass(module = "tengen")]
pub struct Go {
    game: Game,
    handicap_placed: bool,
}

fn kata_point(game: &Game, vertex: &str) -> PyResult<Point> {
    let b = game.board();
    coords::from_kata(vertex, b.width() as u8, b.height() as u8)
        .map_err(|e| IllegalMoveError::new_err(format!("illegal move {vertex:?}: {e}")))
}

fn stone_char(c: Option<Color>) -> char {
    match c {
        Some(Color::Black) => 'x',
        Some(Color::White) => 'o',
        None => '.',
    }
}

#[pymethods]
impl Go {
    #[new]
    #[pyo3(signature = (height, width=None, *, rules=None))]
    fn new(height: i64, width: Option<i64>, rules: Option<&str>) -> PyResult<Go> {
        let width = width.unwrap_or(height);
        if !(1..=25).contains(&height) || !(1..=25).contains(&width) {
            return Err(PyValueError::new_err(format!(
                "invalid board size {height}x{width}: sides must be 1 to 25"
            )));
        }
        let rules = parse_rules(rules, Rules::SIMPLE)?;
        let game = Game::new(width as usize, height as usize, rules)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Go {
            game,
            handicap_placed: false,
        })
    }

    /// The board: a list of rows, top row first, each a list of `'x'`, `'o'`, `'.'`.
    #[getter]
    fn board(&self) -> Vec<Vec<char>> {
        let b = self.game.board();
        (0..b.height())
            .map(|y| {
                (0..b.width())
                    .map(|x| stone_char(b.get(Point::new(x as u8, y as u8))))
                    .collect()
            })
            .collect()
    }

    /// Plays the kata vertices (`'7A'`: row from the bottom, then the column letter without
    /// `I`) in order for alternating colors.
    #[pyo3(signature = (*vertices))]
    fn r#move(&mut self, vertices: Vec<String>) -> PyResult<()> {
        for v in &vertices {
            let p = kata_point(&self.game, v)?;
            self.game.play(Move::Play(p)).map_err(|reason| {
                IllegalMoveError::new_err(format!("illegal move {v}: {reason}"))
            })?;
        }
        Ok(())
    }

    /// Places `n` handicap stones in the kata's order (9x9: up to 5; 13x13 and 19x19: up to 9),
    /// once, before the first move. The turn is unchanged. Otherwise `ValueError`, nothing changed.
    fn handicap_stones(&mut self, n: i64) -> PyResult<()> {
        if self.handicap_placed || self.game.move_number() > 0 {
            return Err(PyValueError::new_err(
                "handicap stones go down once, before the first move",
            ));
        }
        let b = self.game.board();
        let stones = u32::try_from(n).unwrap_or(0);
        let points = handicap::kata(b.width(), b.height(), stones)
            .map_err(|e| PyValueError::new_err(format!("invalid handicap: {e}")))?;
        let setup: Vec<(Point, Option<Color>)> = points
            .into_iter()
            .map(|p| (p, Some(Color::Black)))
            .collect();
        self.game
            .set_up(&setup)
            .map_err(|e| PyValueError::new_err(format!("invalid handicap: {e}")))?;
        self.game.set_handicap_count(stones);
        self.handicap_placed = true;
        Ok(())
    }

    /// `{"height": h, "width": w}`.
    #[getter]
    fn size<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("height", self.game.board().height())?;
        d.set_item("width", self.game.board().width())?;
        Ok(d)
    }

    /// Takes back `n` turns (passes count). Past the start: `ValueError`, nothing changed.
    fn rollback(&mut self, n: i64) -> PyResult<()> {
        let n = usize::try_from(n)
            .map_err(|_| PyValueError::new_err("cannot roll back a negative number of turns"))?;
        self.game
            .rollback(n)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// `'x'`, `'o'` or `'.'` at a kata vertex; `ValueError` for a vertex off the board.
    fn get_position(&self, vertex: &str) -> PyResult<char> {
        let b = self.game.board();
        let p = coords::from_kata(vertex, b.width() as u8, b.height() as u8)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(stone_char(b.get(p)))
    }

    /// The player to move: `"black"` or `"white"`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.game.to_move().name()
    }

    /// Passes the turn (it counts as a turn for `rollback`).
    fn pass_turn(&mut self) -> PyResult<()> {
        self.game
            .play(Move::Pass)
            .map_err(|reason| IllegalMoveError::new_err(format!("illegal pass: {reason}")))
    }

    /// Clears the stones and the record; black to move; handicap may be placed again.
    fn reset(&mut self) {
        self.game.clear();
        self.handicap_placed = false;
    }

    /// The rules in their full text form.
    #[getter]
    fn rules(&self) -> String {
        self.game.rules().to_string()
    }

    /// The kata's drawing: column letters on top, row numbers on the left.
    fn __str__(&self) -> String {
        let b = self.game.board();
        let (h, w) = (b.height(), b.width());
        let pad = h.to_string().len();
        let letters: Vec<String> = (0..w)
            .map(|x| coords::column_letter(x as u8).unwrap_or('?').to_string())
            .collect();
        let mut out = format!("{:pad$} {}", "", letters.join(" "));
        for (k, row) in self.board().iter().enumerate() {
            let cells: Vec<String> = row.iter().map(char::to_string).collect();
            out.push_str(&format!("\n{:>pad$} {}", h - k, cells.join(" ")));
        }
        out
    }

    fn __repr__(&self) -> String {
        let b = self.game.board();
        format!("Go({}, {})", b.height(), b.width())
    }
}
