//! dlgo's `GameState` (from the book *Deep Learning and the Game of Go*, PyPI `dlgo` 0.2) over the rules core.
//!
//! States are immutable and share structure: each holds an `Arc` to a node of a tree (the
//! parent, the move, the stones as `w*h` bytes, whose turn it is). The full `Game` that judges
//! legality (ko and superko need the history) is one per tree, kept in a cache beside the tree
//! and moved to the node asked about by undoing and replaying moves along the tree path: O(1)
//! for a game played forward, O(distance) when a search jumps between branches. So a state
//! costs about `w*h + 100` bytes, however long the game.

use crate::types::{extract_point, Move, Player, Point};
use crate::{parse_rules, IllegalMoveError, DLGO_RULES};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray3, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyFrozenSet, PyType};
use std::sync::{Arc, Mutex};
use tengen_core::{Board as CoreBoard, Color, Game, IllegalMove};

/// One position of the tree of a game.
struct Node {
    parent: Option<Arc<Node>>,
    /// The move that led here and who made it (`None` at the root).
    mv: Option<(Color, tengen_core::Move)>,
    depth: usize,
    to_move: Color,
    /// Row-major from the top-left: 1 black, -1 white, 0 empty.
    cells: Box<[i8]>,
    /// Passes in a row that end the record (capped at 2).
    passes: u8,
    resigned: bool,
}

impl Drop for Node {
    // A long chain would otherwise drop recursively, one stack frame per move.
    fn drop(&mut self) {
        let mut next = self.parent.take();
        while let Some(arc) = next {
            match Arc::try_unwrap(arc) {
                Ok(mut node) => next = node.parent.take(),
                Err(_) => break,
            }
        }
    }
}

fn cells_of(board: &CoreBoard) -> Box<[i8]> {
    board
        .points()
        .map(|p| match board.get(p) {
            Some(Color::Black) => 1,
            Some(Color::White) => -1,
            None => 0,
        })
        .collect()
}

struct Cache {
    at: Arc<Node>,
    game: Game,
}

/// What the states of one game share: size, rules and the cached `Game`.
struct Tree {
    width: usize,
    height: usize,
    cache: Mutex<Cache>,
}

impl Tree {
    fn lock(&self) -> PyResult<std::sync::MutexGuard<'_, Cache>> {
        self.cache
            .lock()
            .map_err(|_| PyRuntimeError::new_err("tengen: game cache poisoned"))
    }

    /// Moves the cached game to `target`: undo up to the common ancestor, replay down.
    fn sync(cache: &mut Cache, target: &Arc<Node>) -> PyResult<()> {
        if Arc::ptr_eq(&cache.at, target) {
            return Ok(());
        }
        let lost = || PyRuntimeError::new_err("tengen: states of different games");
        let (mut a, mut b) = (cache.at.clone(), target.clone());
        let mut undo = 0usize;
        let mut path: Vec<Arc<Node>> = Vec::new();
        while a.depth > b.depth {
            a = a.parent.clone().ok_or_else(lost)?;
            undo += 1;
        }
        while b.depth > a.depth {
            path.push(b.clone());
            b = b.parent.clone().ok_or_else(lost)?;
        }
        while !Arc::ptr_eq(&a, &b) {
            a = a.parent.clone().ok_or_else(lost)?;
            undo += 1;
            path.push(b.clone());
            b = b.parent.clone().ok_or_else(lost)?;
        }
        for _ in 0..undo {
            cache.game.undo();
        }
        for node in path.iter().rev() {
            if let Some((color, mv)) = node.mv {
                cache
                    .game
                    .play_as(color, mv)
                    .map_err(|e| PyRuntimeError::new_err(format!("tengen: replay failed: {e}")))?;
            }
        }
        cache.at = target.clone();
        Ok(())
    }

    /// Runs `f` on the game moved to `target`.
    fn with_game<R>(&self, target: &Arc<Node>, f: impl FnOnce(&mut Game) -> R) -> PyResult<R> {
        let mut cache = self.lock()?;
        Tree::sync(&mut cache, target)?;
        Ok(f(&mut cache.game))
    }
}

/// A position of a game and how it was reached, as dlgo's `GameState`: immutable;
/// `apply_move` returns a new state. Create one with `GameState.new_game(19)`.
///
/// Rules by default: `ko=situational,suicide=forbidden` (komi 7.5, area), as dlgo plays; any
/// rules of tengen with `rules="japanese"` and the like.
#[pyclass(frozen, module = "tengen")]
pub struct GameState {
    node: Arc<Node>,
    tree: Arc<Tree>,
}

fn illegal(e: IllegalMove) -> PyErr {
    IllegalMoveError::new_err(format!("illegal move: {e}"))
}

impl GameState {
    fn child(&self, node: Node) -> GameState {
        GameState {
            node: Arc::new(node),
            tree: self.tree.clone(),
        }
    }

    fn over(&self) -> bool {
        self.node.resigned || self.node.passes >= 2
    }

    fn core_point(&self, p: Point) -> Option<tengen_core::Point> {
        p.to_core(self.tree.width, self.tree.height)
    }

    /// The legal plays of the player to move, row-major from the top-left (core order).
    fn legal_points(&self) -> PyResult<Vec<tengen_core::Point>> {
        if self.over() {
            return Ok(Vec::new());
        }
        let color = self.node.to_move;
        self.tree.with_game(&self.node, |g| g.legal_moves(color))
    }

    fn ancestor(&self, k: usize) -> Option<&Arc<Node>> {
        let mut n = &self.node;
        for _ in 0..k {
            n = n.parent.as_ref()?;
        }
        Some(n)
    }
}

#[pymethods]
impl GameState {
    /// A new game, black to move. `board_size` is an int or a `(rows, cols)` pair; `rules` a
    /// preset or `key=value` pairs (default `ko=situational,suicide=forbidden`, as dlgo).
    #[classmethod]
    #[pyo3(signature = (board_size=None, rules=None))]
    fn new_game(
        _cls: &Bound<'_, PyType>,
        board_size: Option<&Bound<'_, PyAny>>,
        rules: Option<&str>,
    ) -> PyResult<GameState> {
        let (rows, cols): (i64, i64) = if let Some(board_size) = board_size {
            board_size_of(board_size)?
        } else {
            (19, 19)
        };
        if !(1..=52).contains(&rows) || !(1..=52).contains(&cols) {
            return Err(PyValueError::new_err(format!(
                "invalid board size {rows}x{cols}: sides must be 1 to 52"
            )));
        }
        let rules = parse_rules(rules, DLGO_RULES)?;
        let (width, height) = (cols as usize, rows as usize);
        let game =
            Game::new(width, height, rules).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let root = Arc::new(Node {
            parent: None,
            mv: None,
            depth: 0,
            to_move: Color::Black,
            cells: cells_of(game.board()),
            passes: 0,
            resigned: false,
        });
        let tree = Arc::new(Tree {
            width,
            height,
            cache: Mutex::new(Cache {
                at: root.clone(),
                game,
            }),
        });
        Ok(GameState { node: root, tree })
    }

    /// The state after `move` by the player to move. An illegal move raises `IllegalMoveError`
    /// (dlgo applies it unchecked). After two passes a play resumes the game, as in dlgo; after a
    /// resignation nothing more can be played.
    fn apply_move(&self, r#move: PyRef<'_, Move>) -> PyResult<GameState> {
        let core = r#move
            .to_core(self.tree.width, self.tree.height)
            .ok_or_else(|| illegal(IllegalMove::OffBoard))?;
        let color = self.node.to_move;
        let mut cache = self.tree.lock()?;
        Tree::sync(&mut cache, &self.node)?;
        // The cached game now stands for the child.
        cache.game.play_as(color, core).map_err(illegal)?;
        let resign = core == tengen_core::Move::Resign;
        let node = Node {
            parent: Some(self.node.clone()),
            mv: Some((color, core)),
            depth: self.node.depth + 1,
            to_move: color.opponent(),
            cells: if core.point().is_some() {
                cells_of(cache.game.board())
            } else {
                self.node.cells.clone()
            },
            passes: match core {
                tengen_core::Move::Pass => (self.node.passes + 1).min(2),
                _ => 0,
            },
            resigned: resign,
        };
        let child = self.child(node);
        cache.at = child.node.clone();
        Ok(child)
    }

    /// Whether the game is over: the last move a resignation, or the last two passes.
    fn is_over(&self) -> bool {
        self.over()
    }

    /// Whether the player to move may make `move` now (pass and resign always, until the game
    /// is over).
    fn is_valid_move(&self, r#move: PyRef<'_, Move>) -> PyResult<bool> {
        if self.over() {
            return Ok(false);
        }
        let Some(p) = r#move.point() else {
            return Ok(true);
        };
        let Some(p) = self.core_point(p) else {
            return Ok(false);
        };
        let color = self.node.to_move;
        self.tree
            .with_game(&self.node, |g| g.check(color, p).is_ok())
    }

    /// Every legal play in dlgo's order (row 1 first, then column), then pass and resign;
    /// `[]` once the game is over.
    fn legal_moves(&self) -> PyResult<Vec<Move>> {
        if self.over() {
            return Ok(Vec::new());
        }
        let mut pts = self.legal_points()?;
        // Core order is top row first; dlgo's is row 1 (the bottom) first.
        pts.sort_by_key(|p| (std::cmp::Reverse(p.y), p.x));
        let h = self.tree.height;
        let mut out: Vec<Move> = pts
            .into_iter()
            .map(|p| Move::at(Point::from_core(p, h)))
            .collect();
        out.push(Move::pass_turn());
        out.push(Move::resign());
        Ok(out)
    }

    /// Whether `move` by `player` would leave its own group without liberties (after captures).
    /// `False` for passes, resignations, occupied points and points off the board.
    fn is_move_self_capture(&self, player: Player, r#move: PyRef<'_, Move>) -> PyResult<bool> {
        let Some(p) = r#move.point().and_then(|p| self.core_point(p)) else {
            return Ok(false);
        };
        self.tree.with_game(&self.node, |g| {
            let b = g.board();
            b.get(p).is_none() && b.effect(b.index(p), player.color()).suicide
        })
    }

    /// Whether `move` by `player` is refused by the ko rule (simple ko or superko, as the rules
    /// say) — and only by it: `False` for occupied points and suicides.
    fn does_move_violate_ko(&self, player: Player, r#move: PyRef<'_, Move>) -> PyResult<bool> {
        let Some(p) = r#move.point().and_then(|p| self.core_point(p)) else {
            return Ok(false);
        };
        self.tree.with_game(&self.node, |g| {
            matches!(
                g.check(player.color(), p),
                Err(IllegalMove::Ko | IllegalMove::Superko { .. })
            )
        })
    }

    /// The player to move.
    #[getter]
    fn next_player(&self) -> Player {
        self.node.to_move.into()
    }

    /// The state before the last move, `None` at the start.
    #[getter]
    fn previous_state(&self) -> Option<GameState> {
        self.node.parent.as_ref().map(|p| GameState {
            node: p.clone(),
            tree: self.tree.clone(),
        })
    }

    /// The move that led here, `None` at the start.
    #[getter]
    fn last_move(&self) -> Option<Move> {
        self.node
            .mv
            .map(|(_, m)| Move::from_core(m, self.tree.height))
    }

    /// The board of this state.
    #[getter]
    fn board(&self) -> Board {
        Board {
            node: self.node.clone(),
            tree: self.tree.clone(),
        }
    }

    /// The rules in their full text form.
    #[getter]
    fn rules(&self) -> PyResult<String> {
        self.tree.with_game(&self.node, |g| g.rules().to_string())
    }

    /// The number of moves played to reach this state (passes included).
    #[getter]
    fn move_number(&self) -> usize {
        self.node.depth
    }

    /// The winner as dlgo 0.2 decides it: `None` while the game is not over; after a
    /// resignation the player to move (the one who did not resign); else dlgo's own count:
    /// stones plus empty regions bordered by one color only, no dead stones, komi 7.5 whatever
    /// the rules; black wins only with more than white's count plus 7.5.
    fn winner(&self) -> Option<Player> {
        if !self.over() {
            return None;
        }
        if self.node.resigned {
            return Some(self.node.to_move.into());
        }
        let cells = self
            .node
            .cells
            .iter()
            .map(|&c| match c {
                1 => Some(Color::Black),
                -1 => Some(Color::White),
                _ => None,
            })
            .collect();
        let analysis =
            tengen_scoring::Analysis::from_cells(self.tree.width, self.tree.height, cells);
        let tally = *tengen_scoring::Marking::new(analysis).tally();
        let (b, w) = (tally.area(Color::Black), tally.area(Color::White));
        Some(if f64::from(b) > f64::from(w) + 7.5 {
            Player::Black
        } else {
            Player::White
        })
    }

    /// The count of this position as `tengen score --json` prints it, as a dict: the dead
    /// stones from the automatic guess (its default seed and effort), the state's rules and
    /// komi, and its handicap.
    fn score<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let score = self.tree.with_game(&self.node, |g| {
            let guess = tengen_scoring::Guess::new(
                g.board(),
                g.rules(),
                tengen_scoring::GuessOptions {
                    to_move: Some(g.to_move()),
                    ..tengen_scoring::GuessOptions::default()
                },
            );
            tengen_scoring::Score::new(&guess.marking, g.rules(), g.handicap())
        })?;
        let text = serde_json::to_string(&score)
            .map_err(|e| PyRuntimeError::new_err(format!("score: {e}")))?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// `(next_player, board)`, as dlgo's `situation`.
    #[getter]
    fn situation(&self) -> (Player, Board) {
        (self.next_player(), self.board())
    }

    /// The stones as NumPy int8 `(rows, cols)`: 1 black, -1 white, 0 empty, top row first.
    fn board_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let v = self.node.cells.to_vec();
        v.into_pyarray(py)
            .reshape([self.tree.height, self.tree.width])
    }

    /// AlphaGo Zero's input, NumPy int8 `(17, rows, cols)`: planes 0-7 the stones of the player
    /// to move now and at the 7 previous positions (zeros before the start), 8-15 the
    /// opponent's, 16 all ones when black is to move.
    fn planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<i8>>> {
        let n = self.tree.width * self.tree.height;
        let mut v = vec![0i8; 17 * n];
        let me: i8 = if self.node.to_move == Color::Black {
            1
        } else {
            -1
        };
        fill_planes(&mut v, n, me, |k| {
            self.ancestor(k).map(|node| &node.cells[..])
        });
        v.into_pyarray(py)
            .reshape([17, self.tree.height, self.tree.width])
    }

    /// The legal moves of the player to move as NumPy bool `(rows*cols + 1,)`: index
    /// `row_from_top * cols + col`, the last entry for pass; all `False` once the game is over.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let w = self.tree.width;
        let n = w * self.tree.height;
        let mut v = vec![false; n + 1];
        if !self.over() {
            for p in self.legal_points()? {
                v[p.y as usize * w + p.x as usize] = true;
            }
            v[n] = true;
        }
        Ok(v.into_pyarray(py))
    }

    fn __repr__(&self) -> String {
        format!(
            "<tengen.GameState {}x{} move {} {} to move>",
            self.tree.height,
            self.tree.width,
            self.node.depth,
            self.node.to_move.name()
        )
    }
}

fn board_size_of(obj: &Bound<'_, PyAny>) -> PyResult<(i64, i64)> {
    if let Ok(n) = obj.extract::<i64>() {
        return Ok((n, n));
    }
    obj.extract()
        .map_err(|_| PyValueError::new_err("board_size is an int or a (rows, cols) pair"))
}

/// Fills 17 AlphaGo Zero planes of `n` points each. `history(k)` gives the cells `k` positions
/// back (1 black, -1 white), `None` before the start. `me` is 1 when black is to move, else -1.
pub(crate) fn fill_planes<'a>(
    out: &mut [i8],
    n: usize,
    me: i8,
    history: impl Fn(usize) -> Option<&'a [i8]>,
) {
    for k in 0..8 {
        let Some(cells) = history(k) else { break };
        let (mine, theirs) = out.split_at_mut(8 * n);
        let mine = &mut mine[k * n..(k + 1) * n];
        let theirs = &mut theirs[k * n..(k + 1) * n];
        for (i, &c) in cells.iter().enumerate() {
            mine[i] = i8::from(c == me);
            theirs[i] = i8::from(c == -me);
        }
    }
    if me == 1 {
        out[16 * n..17 * n].fill(1);
    }
}

/// The board of a state, as dlgo's `Board`: `num_rows`, `num_cols`, `get(point)`,
/// `get_go_string(point)`.
#[pyclass(frozen, module = "tengen")]
pub struct Board {
    node: Arc<Node>,
    tree: Arc<Tree>,
}

impl Board {
    fn index(&self, point: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        let p = extract_point(point)?;
        Ok(p.to_core(self.tree.width, self.tree.height)
            .map(|c| c.y as usize * self.tree.width + c.x as usize))
    }
}

#[pymethods]
impl Board {
    /// Rows.
    #[getter]
    fn num_rows(&self) -> usize {
        self.tree.height
    }

    /// Columns.
    #[getter]
    fn num_cols(&self) -> usize {
        self.tree.width
    }

    /// Whether `point` lies on the board.
    fn is_on_grid(&self, point: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.index(point)?.is_some())
    }

    /// The player whose stone is on `point`, `None` when empty (or off the board).
    fn get(&self, point: &Bound<'_, PyAny>) -> PyResult<Option<Player>> {
        Ok(match self.index(point)?.map(|i| self.node.cells[i]) {
            Some(1) => Some(Player::Black),
            Some(-1) => Some(Player::White),
            _ => None,
        })
    }

    /// The group (dlgo's string) on `point`, `None` when empty.
    fn get_go_string(&self, point: &Bound<'_, PyAny>) -> PyResult<Option<GoString>> {
        let p = extract_point(point)?;
        let Some(c) = p.to_core(self.tree.width, self.tree.height) else {
            return Ok(None);
        };
        let h = self.tree.height;
        self.tree.with_game(&self.node, |g| {
            let b = g.board();
            b.get(c).map(|color| GoString {
                color: color.into(),
                stones: b
                    .group_stones(c)
                    .into_iter()
                    .map(|q| Point::from_core(q, h))
                    .collect(),
                liberties: b
                    .group_liberties(c)
                    .into_iter()
                    .map(|q| Point::from_core(q, h))
                    .collect(),
            })
        })
    }

    /// The Zobrist hash of the stones (tengen's keys, not dlgo's).
    fn zobrist_hash(&self) -> PyResult<u64> {
        self.tree.with_game(&self.node, |g| g.board().hash())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.downcast::<Board>() {
            Ok(o) => {
                let o = o.get();
                o.tree.width == self.tree.width && o.node.cells == self.node.cells
            }
            Err(_) => false,
        }
    }

    fn __str__(&self) -> String {
        let w = self.tree.width;
        self.node
            .cells
            .chunks(w)
            .map(|row| {
                row.iter()
                    .map(|&c| match c {
                        1 => "x",
                        -1 => "o",
                        _ => ".",
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A group of stones (dlgo's `GoString`): `color`, `stones`, `liberties` (frozensets of
/// `Point`), `num_liberties`.
#[pyclass(frozen, module = "tengen")]
pub struct GoString {
    color: Player,
    stones: Vec<Point>,
    liberties: Vec<Point>,
}

#[pymethods]
impl GoString {
    /// The player owning the stones.
    #[getter]
    fn color(&self) -> Player {
        self.color
    }

    /// The stones, a frozenset of `Point`.
    #[getter]
    fn stones<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        PyFrozenSet::new(py, self.stones.iter().copied())
    }

    /// The liberties, a frozenset of `Point`.
    #[getter]
    fn liberties<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        PyFrozenSet::new(py, self.liberties.iter().copied())
    }

    /// The number of liberties.
    #[getter]
    fn num_liberties(&self) -> usize {
        self.liberties.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<tengen.GoString {} {} stones {} liberties>",
            self.color.color().name(),
            self.stones.len(),
            self.liberties.len()
        )
    }
}
