//! `BatchEnv`: many games on one board size stepped in Rust, without a Python object per game.
//!
//! Each step checks every action first (an illegal one raises and nothing changes), then plays
//! them, detects ended games, scores and resets them, and fills the legal masks, all with the
//! GIL released and the games split over the cores (rayon).

use crate::state::fill_planes;
use crate::{parse_rules, IllegalMoveError};
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArray3, PyArray4, PyArrayMethods, PyReadonlyArray1,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;
use tengen_core::playout::{self, Rng};
use tengen_core::{Color, Game, IllegalMove, Move, Point, Rules};

const HISTORY: usize = 8;

/// What `step` returns: legal masks, results, dones.
type StepResult<'py> = (
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray1<bool>>,
);
/// Games per rayon task: enough work to pay for the task.
const MIN_CHUNK: usize = 32;

struct Slot {
    game: Game,
    rng: Rng,
    /// The stones of the last `HISTORY` positions, a ring of `n`-cell boards (1 black, -1 white).
    hist: Vec<i8>,
    head: usize,
    filled: usize,
}

impl Slot {
    fn new(size: usize, rules: Rules, seed: u64) -> Slot {
        let n = size * size;
        Slot {
            game: Game::new(size, size, rules).expect("size checked"),
            rng: Rng::new(seed),
            hist: vec![0; HISTORY * n],
            head: 0,
            filled: 1,
        }
    }

    fn reset(&mut self) {
        self.game.clear();
        self.hist.fill(0);
        self.head = 0;
        self.filled = 1;
    }

    fn cells(&self, n: usize) -> &[i8] {
        &self.hist[self.head * n..(self.head + 1) * n]
    }

    /// Records the position after the last turn: a copy of the previous board with the new stone,
    /// recomputed from the board only when stones were removed.
    fn record(&mut self, n: usize, w: usize) {
        let prev = self.head;
        self.head = (self.head + 1) % HISTORY;
        self.filled = (self.filled + 1).min(HISTORY);
        let (cur, old) = (self.head * n, prev * n);
        self.hist.copy_within(old..old + n, cur);
        let Some(t) = self.game.turns().last() else {
            return;
        };
        if let Move::Play(p) = t.mv {
            let b = self.game.board();
            if t.removed() == 0 {
                self.hist[cur + p.y as usize * w + p.x as usize] =
                    if t.color == Color::Black { 1 } else { -1 };
            } else {
                for (k, q) in b.points().enumerate() {
                    self.hist[cur + k] = match b.get(q) {
                        Some(Color::Black) => 1,
                        Some(Color::White) => -1,
                        None => 0,
                    };
                }
            }
        }
    }

    /// Checks an action without changing anything.
    fn check(&self, action: i64, size: usize) -> Result<(), String> {
        let n = (size * size) as i64;
        if action < 0 || action > n {
            return Err(format!("action {action} is not in 0..={n}"));
        }
        if action == n {
            return Ok(());
        }
        let p = Point::new(
            (action as usize % size) as u8,
            (action as usize / size) as u8,
        );
        self.game
            .check(self.game.to_move(), p)
            .map(|_| ())
            .map_err(|e: IllegalMove| format!("action {action}: {e}"))
    }

    /// Plays a checked action; returns the result (1 black won, -1 white won, 0 a draw) when the
    /// game ended, after which the game is reset.
    fn step(&mut self, action: i64, size: usize, max_moves: usize) -> Option<i8> {
        let n = size * size;
        let color = self.game.to_move();
        if action as usize == n {
            let _ = self.game.play(Move::Pass);
        } else {
            let p = Point::new(
                (action as usize % size) as u8,
                (action as usize / size) as u8,
            );
            let i = self.game.board().index(p);
            self.game.play_index_unchecked(i, color);
        }
        self.record(n, size);
        if self.game.consecutive_passes() >= 2 || self.game.move_number() >= max_moves {
            let r = area_result(self.cells(n), size, self.game.rules().komi);
            self.reset();
            Some(r)
        } else {
            None
        }
    }

    /// The legal moves of the player to move, `n + 1` entries (the last for pass).
    ///
    /// With `fast` (no superko), an empty point with an empty neighbour is legal without a check:
    /// it is no suicide, and the simple-ko point never has one. On boards up to 11x11 the points
    /// are 128-bit sets, so only the points without an empty neighbour cost a rules check.
    fn mask(&self, out: &mut [bool], size: usize, fast: bool) {
        let n = size * size;
        let cells = self.cells(n);
        let color = self.game.to_move();
        let b = self.game.board();
        let check = |k: usize| {
            let p = Point::new((k % size) as u8, (k / size) as u8);
            self.game.check_index(b.index(p), color).is_ok()
        };
        out[n] = true;
        if fast && n <= 128 {
            let mut empty = 0u128;
            for (k, &c) in cells.iter().enumerate() {
                empty |= u128::from(c == 0) << k;
            }
            let (left, right) = edge_columns(size);
            let near = ((empty << 1) & !left)
                | ((empty >> 1) & !right)
                | (empty << size)
                | (empty >> size);
            let legal = empty & near;
            for (k, o) in out[..n].iter_mut().enumerate() {
                *o = (legal >> k) & 1 == 1;
            }
            let mut slow = empty & !near;
            while slow != 0 {
                let k = slow.trailing_zeros() as usize;
                out[k] = check(k);
                slow &= slow - 1;
            }
            return;
        }
        for (k, o) in out[..n].iter_mut().enumerate() {
            *o = cells[k] == 0 && ((fast && has_empty_neighbour(cells, k, size)) || check(k));
        }
    }

    fn planes(&self, out: &mut [i8], n: usize) {
        let me = if self.game.to_move() == Color::Black {
            1
        } else {
            -1
        };
        fill_planes(out, n, me, |k| {
            (k < self.filled).then(|| {
                let s = (self.head + HISTORY - k) % HISTORY;
                &self.hist[s * n..(s + 1) * n]
            })
        });
    }
}

/// The points of the leftmost and of the rightmost column as bit sets (`size * size <= 128`).
#[inline]
fn edge_columns(size: usize) -> (u128, u128) {
    let (mut left, mut right) = (0u128, 0u128);
    for y in 0..size {
        left |= 1 << (y * size);
        right |= 1 << (y * size + size - 1);
    }
    (left, right)
}

#[inline]
fn has_empty_neighbour(cells: &[i8], k: usize, size: usize) -> bool {
    let (x, y) = (k % size, k / size);
    (x > 0 && cells[k - 1] == 0)
        || (x + 1 < size && cells[k + 1] == 0)
        || (y > 0 && cells[k - size] == 0)
        || (y + 1 < size && cells[k + size] == 0)
}

/// Area score (stones plus empty regions that reach only one color), komi to white: 1 when
/// black wins, -1 when white wins, 0 for a draw.
fn area_result(cells: &[i8], size: usize, komi: f64) -> i8 {
    let n = size * size;
    let mut seen = vec![false; n];
    let mut stack = Vec::new();
    let (mut black, mut white) = (0f64, 0f64);
    for k in 0..n {
        match cells[k] {
            1 => black += 1.0,
            -1 => white += 1.0,
            _ if !seen[k] => {
                let (mut count, mut reach_b, mut reach_w) = (0f64, false, false);
                seen[k] = true;
                stack.push(k);
                while let Some(j) = stack.pop() {
                    count += 1.0;
                    let (x, y) = (j % size, j / size);
                    let mut visit = |m: usize| match cells[m] {
                        1 => reach_b = true,
                        -1 => reach_w = true,
                        _ => {
                            if !seen[m] {
                                seen[m] = true;
                                stack.push(m);
                            }
                        }
                    };
                    if x > 0 {
                        visit(j - 1);
                    }
                    if x + 1 < size {
                        visit(j + 1);
                    }
                    if y > 0 {
                        visit(j - size);
                    }
                    if y + 1 < size {
                        visit(j + size);
                    }
                }
                if reach_b && !reach_w {
                    black += count;
                } else if reach_w && !reach_b {
                    white += count;
                }
            }
            _ => {}
        }
    }
    let diff = black - white - komi;
    if diff > 0.0 {
        1
    } else if diff < 0.0 {
        -1
    } else {
        0
    }
}

/// `n` games on `size` x `size` boards stepped together in Rust.
///
/// Actions are integers: `row_from_top * size + col` for a play, `size * size` for a pass.
/// `step(actions)` returns `(legal_masks, results, dones)`: the legal masks bool
/// `(n, size*size + 1)` of the positions now to play, the results int8 `(n,)` (1 black won,
/// -1 white won, 0 a draw or not finished) and dones bool `(n,)`. A game ends after two passes
/// in a row or `max_moves` turns; it is scored by area with the komi of the rules, and reset at
/// once (auto-reset): its mask, board and planes are then those of a new game.
#[pyclass(module = "tengen")]
pub struct BatchEnv {
    size: usize,
    rules: Rules,
    max_moves: usize,
    slots: Vec<Slot>,
}

impl BatchEnv {
    fn points(&self) -> usize {
        self.size * self.size
    }

    fn masks_vec(&self) -> Vec<bool> {
        let m = self.points() + 1;
        let fast = !self.rules.ko.is_superko();
        let size = self.size;
        let mut out = vec![false; self.slots.len() * m];
        out.par_chunks_mut(m)
            .zip(self.slots.par_iter())
            .with_min_len(MIN_CHUNK)
            .for_each(|(o, s)| s.mask(o, size, fast));
        out
    }
}

#[pymethods]
impl BatchEnv {
    /// `n` games on `size` x `size` boards under `rules` (default `chinese`: simple ko, no
    /// suicide, komi 7.5). `seed` drives `sample_actions`. `max_moves` (default
    /// `3 * size * size`) ends a game that is still going.
    #[new]
    #[pyo3(signature = (n, size=9, rules=None, seed=0, max_moves=None))]
    fn new(
        n: usize,
        size: usize,
        rules: Option<&str>,
        seed: u64,
        max_moves: Option<usize>,
    ) -> PyResult<BatchEnv> {
        if !(1..=25).contains(&size) {
            return Err(PyValueError::new_err(format!(
                "invalid board size {size}: 1 to 25"
            )));
        }
        if n == 0 {
            return Err(PyValueError::new_err("a BatchEnv needs at least one game"));
        }
        let rules = parse_rules(rules, Rules::CHINESE)?;
        let slots = (0..n)
            .map(|i| {
                Slot::new(
                    size,
                    rules,
                    seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                )
            })
            .collect();
        Ok(BatchEnv {
            size,
            rules,
            max_moves: max_moves.unwrap_or(3 * size * size).max(1),
            slots,
        })
    }

    /// The number of games.
    #[getter]
    fn n(&self) -> usize {
        self.slots.len()
    }

    /// The board side.
    #[getter]
    fn size(&self) -> usize {
        self.size
    }

    /// The number of actions, `size * size + 1` (the last is pass).
    #[getter]
    fn num_actions(&self) -> usize {
        self.points() + 1
    }

    /// The rules in their full text form.
    #[getter]
    fn rules(&self) -> String {
        self.rules.to_string()
    }

    /// Starts every game again; returns the legal masks.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        for s in &mut self.slots {
            s.reset();
        }
        self.legal_masks(py)
    }

    /// Plays one action per game (int array `(n,)`). Returns `(legal_masks, results, dones)`.
    /// An illegal action raises `IllegalMoveError` naming the game, and no game moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<StepResult<'py>> {
        let owned: Vec<i64>;
        let ro: Option<PyReadonlyArray1<i64>> = actions.extract().ok();
        let acts: &[i64] = match &ro {
            Some(a) => a.as_slice()?,
            None => {
                owned = actions
                    .extract()
                    .map_err(|_| PyValueError::new_err("actions: a 1-d array of ints"))?;
                &owned
            }
        };
        if acts.len() != self.slots.len() {
            return Err(PyValueError::new_err(format!(
                "actions: {} given for {} games",
                acts.len(),
                self.slots.len()
            )));
        }
        let size = self.size;
        let max_moves = self.max_moves;
        let m = self.points() + 1;
        let fast = !self.rules.ko.is_superko();
        let slots = &mut self.slots;
        let out = py.allow_threads(|| {
            let bad = slots
                .par_iter()
                .zip(acts.par_iter())
                .with_min_len(MIN_CHUNK)
                .enumerate()
                .find_map_first(|(g, (s, &a))| s.check(a, size).err().map(|e| (g, e)));
            if let Some((g, e)) = bad {
                return Err(format!("game {g}: {e}"));
            }
            let n = slots.len();
            let mut masks = vec![false; n * m];
            let mut results = vec![0i8; n];
            let mut dones = vec![false; n];
            slots
                .par_iter_mut()
                .zip(acts.par_iter())
                .zip(masks.par_chunks_mut(m))
                .zip(results.par_iter_mut().zip(dones.par_iter_mut()))
                .with_min_len(MIN_CHUNK)
                .for_each(|(((s, &a), mask), (r, d))| {
                    if let Some(res) = s.step(a, size, max_moves) {
                        *r = res;
                        *d = true;
                    }
                    s.mask(mask, size, fast);
                });
            Ok((masks, results, dones))
        });
        let (masks, results, dones) = out.map_err(IllegalMoveError::new_err)?;
        Ok((
            masks.into_pyarray(py).reshape([self.slots.len(), m])?,
            results.into_pyarray(py),
            dones.into_pyarray(py),
        ))
    }

    /// The legal masks of the positions now to play, bool `(n, size*size + 1)`.
    fn legal_masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let m = self.points() + 1;
        let v = py.allow_threads(|| self.masks_vec());
        v.into_pyarray(py).reshape([self.slots.len(), m])
    }

    /// The boards, int8 `(n, size, size)`: 1 black, -1 white, 0 empty, top row first.
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<i8>>> {
        let n = self.points();
        let mut v = vec![0i8; self.slots.len() * n];
        for (o, s) in v.chunks_mut(n).zip(&self.slots) {
            o.copy_from_slice(s.cells(n));
        }
        v.into_pyarray(py)
            .reshape([self.slots.len(), self.size, self.size])
    }

    /// AlphaGo Zero planes of every game, int8 `(n, 17, size, size)` (as `GameState.planes`).
    fn planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray4<i8>>> {
        let n = self.points();
        let per = 17 * n;
        let slots = &self.slots;
        let v = py.allow_threads(|| {
            let mut v = vec![0i8; slots.len() * per];
            v.par_chunks_mut(per)
                .zip(slots.par_iter())
                .with_min_len(MIN_CHUNK)
                .for_each(|(o, s)| s.planes(o, n));
            v
        });
        v.into_pyarray(py)
            .reshape([self.slots.len(), 17, self.size, self.size])
    }

    /// The player to move in each game, int8 `(n,)`: 1 black, -1 white.
    fn to_move<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let v: Vec<i8> = self
            .slots
            .iter()
            .map(|s| {
                if s.game.to_move() == Color::Black {
                    1
                } else {
                    -1
                }
            })
            .collect();
        v.into_pyarray(py)
    }

    /// Moves played in each game since its start, int64 `(n,)`.
    fn move_numbers<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let v: Vec<i64> = self
            .slots
            .iter()
            .map(|s| s.game.move_number() as i64)
            .collect();
        v.into_pyarray(py)
    }

    /// One action per game from the light-playout policy (a random legal move that does not
    /// fill the mover's own eye, else pass), seeded by `seed`. Int64 `(n,)`.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let size = self.size;
        let pass = (size * size) as i64;
        let slots = &mut self.slots;
        let v = py.allow_threads(|| {
            slots
                .par_iter_mut()
                .with_min_len(MIN_CHUNK)
                .map(|s| match playout::choose_move(&mut s.game, &mut s.rng) {
                    Move::Play(p) => p.y as i64 * size as i64 + p.x as i64,
                    _ => pass,
                })
                .collect::<Vec<i64>>()
        });
        v.into_pyarray(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "<tengen.BatchEnv {} games {}x{}>",
            self.slots.len(),
            self.size,
            self.size
        )
    }
}
