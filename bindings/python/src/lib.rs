//! Python bindings of tengen: the module `tengen`.
//!
//! - [`kata::Go`]: the Go kata, a Go-board coding exercise's API (`Go(9)`, `move('7A')`, `handicap_stones(3)`, ...);
//! - [`state::GameState`]: the game-state API of the book *Deep Learning and the Game of Go*, as
//!   PyPI `dlgo` 0.2 has it, with
//!   `Point`, `Move`, `Player` defined here;
//! - NumPy arrays for machine learning on `GameState`, and [`batch::BatchEnv`], many games
//!   stepped in Rust at once.
//!
//! Every error reaches Python as an exception: illegal moves as `IllegalMoveError` (a
//! `ValueError`), bad sizes, coordinates and rules as `ValueError`.
#![forbid(unsafe_code)]

mod batch;
mod kata;
mod state;
mod types;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tengen_core::{KoRule, Rules};

create_exception!(
    tengen,
    IllegalMoveError,
    PyValueError,
    "A move the rules refuse (occupied, suicide, ko, superko, off board, game over). Nothing changed."
);

/// Parses the `rules` argument: a preset or `key=value` pairs (docs/INTERFACES.md), or `None` for
/// `default`.
pub(crate) fn parse_rules(text: Option<&str>, default: Rules) -> PyResult<Rules> {
    match text {
        None => Ok(default),
        Some(t) => t
            .parse::<Rules>()
            .map_err(|e| PyValueError::new_err(format!("invalid rules {t:?}: {e}"))),
    }
}

/// The rules of `GameState` by default: dlgo forbids suicide and checks situational superko.
pub(crate) const DLGO_RULES: Rules = Rules {
    ko: KoRule::Situational,
    ..Rules::CHINESE
};

/// Go (baduk) rules engine in Rust: the kata's `Go`, dlgo's `GameState`, NumPy arrays and a
/// batched environment.
#[pymodule]
fn tengen(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("IllegalMoveError", m.py().get_type::<IllegalMoveError>())?;
    m.add_class::<types::Player>()?;
    m.add_class::<types::Point>()?;
    m.add_class::<types::Move>()?;
    m.add_class::<kata::Go>()?;
    m.add_class::<state::GameState>()?;
    m.add_class::<state::Board>()?;
    m.add_class::<state::GoString>()?;
    m.add_class::<batch::BatchEnv>()?;
    m.add_function(wrap_pyfunction!(rules_text, m)?)?;
    Ok(())
}

/// The full text form of a rules string, e.g. `rules_text("japanese")` gives
/// `"ko=simple,suicide=forbidden,scoring=territory,komi=6.5,handicap-bonus=0"`.
#[pyfunction]
fn rules_text(rules: &str) -> PyResult<String> {
    Ok(parse_rules(Some(rules), Rules::CHINESE)?.to_string())
}
