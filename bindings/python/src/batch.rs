//! `BatchEnv`: many games on one board size stepped in Rust, without a Python object per game.
//!
//! Each step checks every action first (an illegal one raises and nothing changes), then plays
//! them, detects ended games, scores and resets them, and fills the legal masks, all with the
//! GIL released and the games split over the environment's own thread pool (rayon). Every
//! array handed back is allocated once per call as a NumPy array and written in place, in
//! parallel, by the threads: nothing serial grows with the number of games except reading a
//! Python list of actions (a NumPy array is read in place).

use crate::{parse_rules, IllegalMoveError};
use numpy::{PyArray1, PyArray2, PyArray3, PyArray4, PyArrayMethods, PyReadonlyArray1};
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
    /// The current stones, `n` cells (1 black, -1 white, 0 empty), row-major from the top.
    board: Vec<i8>,
    /// The last `HISTORY` positions as planes: for each, `n` cells of black stones (0/1) then
    /// `n` of white stones, in a ring; kept at every step so that planes are copies.
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
            board: vec![0; n],
            hist: vec![0; HISTORY * 2 * n],
            head: 0,
            filled: 1,
        }
    }

    fn reset(&mut self) {
        self.game.clear();
        self.board.fill(0);
        self.hist.fill(0);
        self.head = 0;
        self.filled = 1;
    }

    /// Records the position after the last turn: the previous planes with the new stone, or
    /// recomputed from the board when stones were removed.
    fn record(&mut self, n: usize, w: usize) {
        let prev = self.head;
        self.head = (self.head + 1) % HISTORY;
        self.filled = (self.filled + 1).min(HISTORY);
        let (cur, old) = (self.head * 2 * n, prev * 2 * n);
        self.hist.copy_within(old..old + 2 * n, cur);
        let Some(t) = self.game.turns().last() else {
            return;
        };
        if let Move::Play(p) = t.mv {
            if t.removed() == 0 {
                let k = p.y as usize * w + p.x as usize;
                let black = t.color == Color::Black;
                self.board[k] = if black { 1 } else { -1 };
                self.hist[cur + k + if black { 0 } else { n }] = 1;
            } else {
                let b = self.game.board();
                for (k, q) in b.points().enumerate() {
                    let v = match b.get(q) {
                        Some(Color::Black) => 1,
                        Some(Color::White) => -1,
                        None => 0,
                    };
                    self.board[k] = v;
                    self.hist[cur + k] = i8::from(v == 1);
                    self.hist[cur + n + k] = i8::from(v == -1);
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
            let r = area_result(&self.board, size, self.game.rules().komi);
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
        let cells = &self.board[..];
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

    /// The AlphaGo Zero planes (as `GameState.planes`) into `out`, which is zeroed: the
    /// mover's stones in the last 8 positions, the opponent's, then all ones when black is to
    /// move. Each plane is a copy of one kept in the history ring. Every byte of `out` is
    /// written (it may be a reused buffer).
    fn planes(&self, out: &mut [i8], n: usize) {
        let black = self.game.to_move() == Color::Black;
        let (mine, theirs) = if black { (0, n) } else { (n, 0) };
        for k in 0..self.filled {
            let s = (self.head + HISTORY - k) % HISTORY * 2 * n;
            out[k * n..(k + 1) * n].copy_from_slice(&self.hist[s + mine..s + mine + n]);
            out[(8 + k) * n..(9 + k) * n].copy_from_slice(&self.hist[s + theirs..s + theirs + n]);
        }
        out[self.filled * n..8 * n].fill(0);
        out[(8 + self.filled) * n..16 * n].fill(0);
        out[16 * n..17 * n].fill(i8::from(black));
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
    pool: rayon::ThreadPool,
    /// Planes arrays handed out before, reused once Python holds no reference to them (on
    /// 19x19 a fresh array's page faults cost as much as filling it).
    planes_cache: Vec<Py<PyArray4<i8>>>,
}

/// A mutable view of a fresh C-contiguous NumPy array (just allocated here, so never shared).
fn slice_mut<'a, T: numpy::Element, D: numpy::ndarray::Dimension>(
    rw: &'a mut numpy::PyReadwriteArray<'_, T, D>,
) -> PyResult<&'a mut [T]> {
    rw.as_slice_mut()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

impl BatchEnv {
    fn points(&self) -> usize {
        self.size * self.size
    }

    /// Fills `out` (`n * (points + 1)`) with the legal masks, in parallel.
    fn fill_masks(&self, out: &mut [bool]) {
        let fast = !self.rules.ko.is_superko();
        let size = self.size;
        self.par_fill(out, self.points() + 1, |o, s| s.mask(o, size, fast));
    }

    /// Fills `out` game by game on the pool: `per` items a game, written by `fill(items, game)`.
    fn par_fill<T: Send>(&self, out: &mut [T], per: usize, fill: impl Fn(&mut [T], &Slot) + Sync) {
        let slots = &self.slots;
        self.pool.install(|| {
            out.par_chunks_mut(per)
                .zip(slots.par_iter())
                .with_min_len(MIN_CHUNK)
                .for_each(|(o, s)| fill(o, s))
        });
    }
}

#[pymethods]
impl BatchEnv {
    /// `n` games on `size` x `size` boards under `rules` (default `chinese`: simple ko, no
    /// suicide, komi 7.5). `seed` drives `sample_actions`. `max_moves` (default
    /// `3 * size * size`) ends a game that is still going. `threads` (default: every core)
    /// sets how many threads step the games.
    #[new]
    #[pyo3(signature = (n, size=9, rules=None, seed=0, max_moves=None, threads=None))]
    fn new(
        n: usize,
        size: usize,
        rules: Option<&str>,
        seed: u64,
        max_moves: Option<usize>,
        threads: Option<usize>,
    ) -> PyResult<BatchEnv> {
        if !(1..=25).contains(&size) {
            return Err(PyValueError::new_err(format!(
                "invalid board size {size}: 1 to 25"
            )));
        }
        if n == 0 {
            return Err(PyValueError::new_err("a BatchEnv needs at least one game"));
        }
        let threads = match threads {
            Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
            Some(t) => t,
            None => std::thread::available_parallelism().map_or(1, |c| c.get()),
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("tengen-batch-{i}"))
            .build()
            .map_err(|e| PyValueError::new_err(format!("cannot start {threads} threads: {e}")))?;
        let rules = parse_rules(rules, Rules::CHINESE)?;
        let slots = pool.install(|| {
            (0..n)
                .into_par_iter()
                .map(|i| {
                    Slot::new(
                        size,
                        rules,
                        seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                    )
                })
                .collect()
        });
        Ok(BatchEnv {
            size,
            rules,
            max_moves: max_moves.unwrap_or(3 * size * size).max(1),
            slots,
            pool,
            planes_cache: Vec::new(),
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

    /// How many threads step the games.
    #[getter]
    fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// Starts every game again; returns the legal masks.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let (slots, pool) = (&mut self.slots, &self.pool);
        py.allow_threads(|| {
            pool.install(|| {
                slots
                    .par_iter_mut()
                    .with_min_len(MIN_CHUNK)
                    .for_each(Slot::reset)
            })
        });
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
        let n = self.slots.len();
        if acts.len() != n {
            return Err(PyValueError::new_err(format!(
                "actions: {} given for {} games",
                acts.len(),
                n
            )));
        }
        let size = self.size;
        let max_moves = self.max_moves;
        let m = self.points() + 1;
        let fast = !self.rules.ko.is_superko();
        let masks = PyArray2::<bool>::zeros(py, [n, m], false);
        let results = PyArray1::<i8>::zeros(py, n, false);
        let dones = PyArray1::<bool>::zeros(py, n, false);
        {
            let (mut mw, mut rw, mut dw) =
                (masks.readwrite(), results.readwrite(), dones.readwrite());
            let (mo, ro, dout) = (
                slice_mut(&mut mw)?,
                slice_mut(&mut rw)?,
                slice_mut(&mut dw)?,
            );
            let (slots, pool) = (&mut self.slots, &self.pool);
            py.allow_threads(|| {
                pool.install(|| {
                    let bad = slots
                        .par_iter()
                        .zip(acts.par_iter())
                        .with_min_len(MIN_CHUNK)
                        .enumerate()
                        .find_map_first(|(g, (s, &a))| s.check(a, size).err().map(|e| (g, e)));
                    if let Some((g, e)) = bad {
                        return Err(format!("game {g}: {e}"));
                    }
                    slots
                        .par_iter_mut()
                        .zip(acts.par_iter())
                        .zip(mo.par_chunks_mut(m))
                        .zip(ro.par_iter_mut().zip(dout.par_iter_mut()))
                        .with_min_len(MIN_CHUNK)
                        .for_each(|(((s, &a), mask), (r, d))| {
                            if let Some(res) = s.step(a, size, max_moves) {
                                *r = res;
                                *d = true;
                            }
                            s.mask(mask, size, fast);
                        });
                    Ok(())
                })
            })
            .map_err(IllegalMoveError::new_err)?;
        }
        Ok((masks, results, dones))
    }

    /// The legal masks of the positions now to play, bool `(n, size*size + 1)`.
    fn legal_masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let out = PyArray2::<bool>::zeros(py, [self.slots.len(), self.points() + 1], false);
        {
            let mut rw = out.readwrite();
            let o = slice_mut(&mut rw)?;
            py.allow_threads(|| self.fill_masks(o));
        }
        Ok(out)
    }

    /// The boards, int8 `(n, size, size)`: 1 black, -1 white, 0 empty, top row first.
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<i8>>> {
        let n = self.points();
        let out = PyArray3::<i8>::zeros(py, [self.slots.len(), self.size, self.size], false);
        {
            let mut rw = out.readwrite();
            let o = slice_mut(&mut rw)?;
            py.allow_threads(|| self.par_fill(o, n, |o, s| o.copy_from_slice(&s.board)));
        }
        Ok(out)
    }

    /// AlphaGo Zero planes of every game, int8 `(n, 17, size, size)` (as `GameState.planes`).
    fn planes<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray4<i8>>> {
        let n = self.points();
        let per = 17 * n;
        // A cached array whose only reference is the cache's: no view of it exists anywhere.
        let free = self.planes_cache.iter().find(|a| a.get_refcnt(py) == 1);
        let out = match free {
            Some(a) => a.bind(py).clone(),
            None => {
                let a =
                    PyArray4::<i8>::zeros(py, [self.slots.len(), 17, self.size, self.size], false);
                if self.planes_cache.len() >= 2 {
                    self.planes_cache.remove(0);
                }
                self.planes_cache.push(a.clone().unbind());
                a
            }
        };
        {
            let mut rw = out.readwrite();
            let o = slice_mut(&mut rw)?;
            let this = &*self;
            py.allow_threads(|| this.par_fill(o, per, |o, s| s.planes(o, n)));
        }
        Ok(out)
    }

    /// The player to move in each game, int8 `(n,)`: 1 black, -1 white.
    fn to_move<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let out = PyArray1::<i8>::zeros(py, self.slots.len(), false);
        {
            let mut rw = out.readwrite();
            let o = slice_mut(&mut rw)?;
            py.allow_threads(|| {
                self.par_fill(o, 1, |o, s| {
                    o[0] = if s.game.to_move() == Color::Black { 1 } else { -1 }
                })
            });
        }
        Ok(out)
    }

    /// Moves played in each game since its start, int64 `(n,)`.
    fn move_numbers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let out = PyArray1::<i64>::zeros(py, self.slots.len(), false);
        {
            let mut rw = out.readwrite();
            let o = slice_mut(&mut rw)?;
            py.allow_threads(|| self.par_fill(o, 1, |o, s| o[0] = s.game.move_number() as i64));
        }
        Ok(out)
    }

    /// One action per game from the light-playout policy (a random legal move that does not
    /// fill the mover's own eye, else pass), seeded by `seed`. Int64 `(n,)`.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let size = self.size;
        let pass = (size * size) as i64;
        let out = PyArray1::<i64>::zeros(py, self.slots.len(), false);
        {
            let mut rw = out.readwrite();
            let o = slice_mut(&mut rw)?;
            let (slots, pool) = (&mut self.slots, &self.pool);
            py.allow_threads(|| {
                pool.install(|| {
                    o.par_iter_mut()
                        .zip(slots.par_iter_mut())
                        .with_min_len(MIN_CHUNK)
                        .for_each(|(o, s)| {
                            *o = match playout::choose_move(&mut s.game, &mut s.rng) {
                                Move::Play(p) => p.y as i64 * size as i64 + p.x as i64,
                                _ => pass,
                            }
                        })
                })
            });
        }
        Ok(out)
    }

    fn __repr__(&self) -> String {
        format!(
            "<tengen.BatchEnv {} games {}x{}, {} threads>",
            self.slots.len(),
            self.size,
            self.size,
            self.pool.current_num_threads()
        )
    }
}
