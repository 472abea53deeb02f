//! # tengen-solve: the exact value of small Go boards
//!
//! [`solve`] proves the game-theoretic result of an empty W x H board (or, with
//! [`solve_position`], of a set-up position without history) under area scoring: the final
//! score with perfect play by both sides, black's area minus white's, then komi. The game ends
//! after two consecutive passes and is counted as it stands (Tromp-Taylor style: stones plus
//! empty regions that reach only one color). The ko rule must be one of the superko rules
//! (positional, situational, natural-situational), which make every game finite; moves follow
//! the rules of `tengen-core` (the solver makes them on bit masks of its own, tested move by move
//! against `tengen_core::Game`).
//!
//! ```
//! use tengen_solve::{solve, SolveOptions};
//! let rules = "chinese-ogs,komi=0".parse().unwrap();
//! let s = solve(2, 2, rules, SolveOptions::default()).unwrap();
//! assert_eq!(s.result, "B+1"); // Sensei's Library, "2x2 board": Bill Taylor's proof
//! ```
//!
//! ## The search
//! Negamax alpha-beta over the final score, driven by MTD(f): a series of null-window tests
//! ("is the value at least v?") that close in on the value, each reusing the bounds the earlier
//! ones stored (`SolveOptions::race_top` lets the test "does the player to move get every
//! point?" take turns with a test that runs long; off by default). Each test deepens: a search
//! to a depth limit where the position scores the worst the safe points (below) allow for one
//! side, so that side's wins are proofs, then the same for the other side, then a deeper limit;
//! a search that never reaches the limit proves either way.
//! The two sides take turns under doubling node budgets (a search that runs out gives up and
//! stores nothing above the node where it stopped), since only one side can succeed and a
//! too-shallow limit makes the other fail expensively. Only proven bounds are stored. Cut-offs
//! and speed:
//! - a transposition table keyed by the position folded over the board's symmetries (8 on a
//!   square board, 4 on a rectangle), the player to move and whether the last move was a pass;
//! - safe points: a player's pass-alive chains (Benson) and the one-point eyes they enclose are
//!   theirs at the end whatever the opponent does, which bounds the final score from both sides
//!   (`Geometry::safety`); a node whose bounds already decide the null-window question is cut.
//!   Safe regions (next to one of those chains at every point, or enclosed by such chains with
//!   at most one point, or two neighbouring points, off them; with a history check) add to
//!   them, at cut-offs and at the depth limit (`SolveOptions::safe_regions`, on by default);
//! - move ordering: the table's move, two killer moves per ply, then a static estimate (the
//!   mover's lead after the move by a distance count, plus the liberties of the move's chain,
//!   self-ataris last) with the history heuristic breaking ties; a pass that ends the game is
//!   tried first; enhanced transposition cut-offs: a child whose stored
//!   bound, tested exactly as the child's own search would test it, refutes the window is
//!   searched first (and then cut at once).
//!
//! ## Superko and the graph-history interaction
//! Under superko the legal moves depend on every earlier position, so the value of a position
//! depends on the path that reached it. A transposition table that ignores this returns wrong
//! values (the graph-history interaction, GHI). The solver reuses a stored bound only when it is
//! provably valid for the current path, in one of two ways:
//! 1. **Same history.** Each entry records the exact position and a hash of the set of earlier
//!    positions of the path it was computed on; on the same position with the same set of earlier
//!    positions the search would be identical, so the bound is reused as it is (this is what
//!    MTD(f)'s repeated searches rely on).
//! 2. **History-free.** While searching a subtree the solver notes every superko refusal, by the
//!    colour refused, and the most recent path index of the position it would have repeated. A
//!    colour is history-free in an entry when none of its refusals in the subtree pointed above
//!    the entry's own node. The entry also carries, per colour, a 1024-bit Bloom filter of the
//!    positions that colour's moves created in the subtree. On another path a lower bound for the
//!    player to move is reused only if the opponent is history-free (on the new path it could
//!    only gain moves otherwise) and none of the earlier positions of that path is in the mover's
//!    filter (the mover would lose a move of its proof); an upper bound likewise with the colours
//!    swapped. The opponent's positions on the new path only take moves away from the opponent,
//!    which a lower bound survives. A filter has no false negatives, so a reuse is never wrong;
//!    a false positive only costs a new search.
//!
//! The pass-alive and eye bounds hold whatever the history (they follow from a strategy of
//! passing); a safe-region bound assumes that no earlier position holds the owner's
//! pass-alive stones plus a stone of the owner inside the region, which is checked on the path,
//! and an entry whose subtree used one is reused on another path only when no earlier position
//! of that path could break the assumption (`table::Dep`).
//! The remaining assumption is that 64-bit hashes do not collide.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod futility;
mod geometry;
mod local;
mod pn;
mod position;
mod table;

use geometry::{bits, splitmix, Geometry, Safety};
use position::{Chains, HashIndex, Moves, Played, SymHashes};
use std::fmt;
use std::time::Instant;
use table::{
    seen_add, seen_common, seen_counts, seen_has, seen_remap, seen_union, table_bytes, table_fits,
    Body, Dep, Head, Seen, Table, BIG_SLOTS, NO_MOVE, PASS, SEEN_NONE, SMALL_SLOTS,
};
use tengen_core::{Board, Color, Game, KoRule, Move, Point, Rules, Scoring, SetupError, SizeError};

/// The most points a board may have.
pub const MAX_POINTS: usize = 64;

/// A progress callback.
pub type ProgressFn = Box<dyn FnMut(&Progress) + Send>;

/// How a solve runs.
pub struct SolveOptions {
    /// The transposition table holds 2^table_bits entries (default 20) of about 390 bytes
    /// below [`BIG_BOARD_POINTS`] points (2^20: about 400 MB) and about 610 bytes from there on
    /// (2^22: about 2.5 GB), where each entry keeps more assumptions apart
    /// (`assumption_slots`).
    pub table_bits: u32,
    /// Called about every 65,536 nodes and after each depth-limited search.
    pub progress: Option<ProgressFn>,
    /// The depth limit of the first search of each null-window test (0, the default: the
    /// number of points). Any value gives the same result; it changes only the work.
    pub first_depth: usize,
    /// Whether safe regions bound the score besides pass-alive chains and their eyes
    /// (docs/SOLVING.md, "Safe points"). Any value gives the same result.
    pub safe_regions: bool,
    /// The node budget of the first depth-limited searches of each null-window test (0, the
    /// default: 2^13); it doubles until a search proves the answer. Any value gives the same
    /// result; it changes only the work.
    pub first_budget: u64,
    /// The first guess of MTD(f): the value of its first null-window test, from the side of
    /// the player to move (0, the default). Any value gives the same result; it changes only
    /// the work.
    pub first_guess: i32,
    /// Whether MTD(f)'s tests race the test at the top of the board's range, "does the player
    /// to move get every point?" (docs/SOLVING.md, "The search"): `Some(k)`, once a test has
    /// taken k nodes without settling, the top test takes turns with it at equal nodes until
    /// one of them settles or the top is lowered; `None` (the default): no race. Every setting
    /// gives the same result; it changes only the work.
    pub race_top: Option<u64>,
    /// How many safe-region assumptions per colour a stored bound keeps apart before merging
    /// them (docs/SOLVING.md, "Safe-region assumptions"): more slots forbid fewer earlier
    /// positions, so more bounds are reused, at the cost of a larger table entry. 0 (the
    /// default): 1 on boards below [`BIG_BOARD_POINTS`] points, 8 from there on; 1: one; any
    /// other value: 8. Every setting gives the same result; it changes only the work and the
    /// table's bytes.
    pub assumption_slots: usize,
    /// Whether each depth-limited search keeps the results it met at its depth limit against
    /// the side it is pessimistic for, and returns them again for a repeat at the same ply
    /// (docs/SOLVING.md, "Fails kept within one search"). On by default; off only to measure
    /// what it saves. Either way gives the same result; it changes only the work.
    pub keep_fails: bool,
    /// Whether a depth-limited search fails a node at once, as a result that met the depth
    /// limit, when the side it is pessimistic for cannot place before the limit the stones
    /// that the static rules need to give it the value it needs (docs/SOLVING.md, "The futility
    /// cut"). On by default; off only to measure what it saves. Either way gives the same
    /// result; it changes only the work.
    pub futility: bool,
    /// Whether the futility cut also keeps the side's stones off the opponent's strings that
    /// it cannot capture before the limit (docs/SOLVING.md, "The opponent's strings"). On by
    /// default; off only to measure it. Either way gives the same result.
    pub futility_strings: bool,
}

/// From this many points on, a board's table entries keep 8 safe-region assumptions per colour
/// apart instead of 1 ([`SolveOptions::assumption_slots`]): on 2x8 that took about half the
/// nodes, on the boards below 16 points it did not pay (docs/BENCHMARKS.md, "Wave 15: the
/// assumptions' slots on the big boards").
pub const BIG_BOARD_POINTS: usize = 16;

/// The assumption slots a colour that a solve of a board of `points` points with `options`
/// uses (1 or 8).
fn assumption_slots(points: usize, options: &SolveOptions) -> usize {
    match options.assumption_slots {
        0 if points < BIG_BOARD_POINTS => SMALL_SLOTS,
        1 => SMALL_SLOTS,
        _ => BIG_SLOTS,
    }
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            table_bits: 20,
            progress: None,
            first_depth: 0,
            safe_regions: SAFE_REGIONS,
            first_budget: 0,
            first_guess: 0,
            race_top: RACE_TOP,
            assumption_slots: 0,
            keep_fails: true,
            futility: true,
            futility_strings: true,
        }
    }
}

/// Where a solve stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// Proven bounds on black's area minus white's (before komi).
    pub lower: i32,
    /// See `lower`.
    pub upper: i32,
    /// Seconds since the start.
    pub seconds: f64,
    /// The last depth-limited search that ended (given up, failed or proven), if any.
    pub last_round: Option<Round>,
}

/// The proven result.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// Black's area minus white's with perfect play (before komi).
    pub score: i32,
    /// Komi of the rules.
    pub komi: f64,
    /// The result in SGF form: `B+9`, `W+0.5`, `0` for a draw.
    pub result: String,
    /// A principal variation: perfect play to the end of the game (two passes).
    pub pv: Vec<(Color, Move)>,
    /// Nodes searched, principal variation included.
    pub nodes: u64,
    /// Seconds the solve took.
    pub seconds: f64,
    /// Occupied entries of the transposition table at the end.
    pub table_entries: usize,
    /// Entries the table could hold.
    pub table_capacity: usize,
    /// Where the nodes went.
    pub stats: Stats,
}

/// Where a solve's nodes went (for measuring the search; docs/SOLVING.md, "Limits").
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stats {
    /// Each depth-limited search of each null-window test, in order.
    pub rounds: Vec<Round>,
    /// Nodes cut at the depth limit.
    pub horizon_leaves: u64,
    /// Nodes cut by the safe points of both sides.
    pub safe_cuts: u64,
    /// Nodes failed by the futility cut ([`SolveOptions::futility`]).
    pub futile_cuts: u64,
    /// Leaves at the depth limit whose value counted the safe regions of the player the search
    /// is pessimistic for (the history allowed them), and of those, the leaves where an
    /// enclosed region (docs/SOLVING.md, "Safe points", rules 3 and 5) was among them.
    pub region_leaves: u64,
    /// See `region_leaves`.
    pub enclosed_leaves: u64,
    /// Safe-point cut-offs that counted an enclosed region.
    pub enclosed_cuts: u64,
    /// Leaves at the depth limit where the player the search is pessimistic for had a
    /// pass-alive chain (else the leaf scores the whole board against it).
    pub alive_leaves: u64,
    /// Nodes cut by a table bound of the same position and history.
    pub table_cuts_same: u64,
    /// Nodes cut by a table bound of the same position reached with another history.
    pub table_cuts_other: u64,
    /// Nodes where a table bound of another history would have cut but the superko filters
    /// refused it.
    pub table_refused: u64,
    /// Of `table_refused`, the nodes where an earlier position of the path could break an
    /// assumption of the entry's safe-region bounds (`table::Dep`; the superko filters are not
    /// read then).
    pub table_refused_dep: u64,
    /// Nodes cut by a child's table bound before any child was searched (enhanced transposition
    /// cut-offs).
    pub etc_cuts: u64,
    /// The longest line searched, in plies below the root.
    pub max_ply: usize,
    /// Nodes spent finding the principal variation after the value was proven (its searches
    /// are not in `rounds`).
    pub pv_nodes: u64,
}

/// One depth-limited null-window search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Round {
    /// The test: is the value for the player to move at the root at least `beta`?
    pub beta: i32,
    /// The depth limit in plies.
    pub depth: usize,
    /// Whether the leaves at the depth limit scored the worst for the player to move at the
    /// root (else for the opponent).
    pub pessimistic_for_root: bool,
    /// Nodes the search took.
    pub nodes: u64,
    /// Of those, leaves at the depth limit.
    pub horizon_leaves: u64,
    /// Of those, nodes failed by the futility cut ([`SolveOptions::futility`]).
    pub futile_cuts: u64,
    /// Whether it settled the test.
    pub proven: bool,
}

impl fmt::Display for Round {
    /// One line: the test, the limit, the side it is pessimistic for, the nodes, the leaves at
    /// the limit, the futility cuts, and whether it settled the test.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "test >= {:>3}  depth {:>3}  pessimistic for {}  nodes {:>11}  at limit {:>10}  futile {:>9}  {}",
            self.beta,
            self.depth,
            if self.pessimistic_for_root {
                "root "
            } else {
                "other"
            },
            self.nodes,
            self.horizon_leaves,
            self.futile_cuts,
            if self.proven { "proven" } else { "-" }
        )
    }
}

/// Why a board cannot be solved.
#[derive(Debug, Clone, PartialEq)]
pub enum SolveError {
    /// Not a board size.
    Size(SizeError),
    /// More than [`MAX_POINTS`] points.
    TooLarge {
        /// Points of the board asked for.
        points: usize,
    },
    /// Only area and stone scoring can be solved this way (territory scoring needs agreement on
    /// dead stones).
    Scoring(Scoring),
    /// Without superko a game can go on for ever; the solver needs a superko rule.
    KoRule(KoRule),
    /// A set-up position that cannot start a game.
    Setup(SetupError),
    /// The transposition table asked for (2^`table_bits` entries) does not fit in memory.
    Memory {
        /// The table size asked for, as a power of two.
        table_bits: u32,
        /// The bytes it would take (`None`: more than an address holds).
        bytes: Option<usize>,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Size(e) => e.fmt(f),
            SolveError::TooLarge { points } => write!(
                f,
                "a board of {points} points is too large to solve (at most {MAX_POINTS})"
            ),
            SolveError::Scoring(s) => write!(
                f,
                "cannot solve under {} scoring: use area (or stone) scoring",
                s.name()
            ),
            SolveError::KoRule(k) => write!(
                f,
                "cannot solve under ko={}: a game may never end; use a superko rule \
                 (ko=positional, situational or natural-situational)",
                k.name()
            ),
            SolveError::Setup(e) => e.fmt(f),
            SolveError::Memory { table_bits, bytes } => write!(
                f,
                "a transposition table of 2^{table_bits} entries ({}) does not fit in memory: \
                 choose a smaller table",
                match bytes {
                    Some(b) if *b >= 10 << 30 => format!("about {} GB", b >> 30),
                    Some(b) => format!("about {} MB", b >> 20),
                    None => "more bytes than an address holds".to_string(),
                }
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// Solves the empty `width` x `height` board, black to move.
pub fn solve(
    width: usize,
    height: usize,
    rules: Rules,
    options: SolveOptions,
) -> Result<Solution, SolveError> {
    let board = Board::new(width, height).map_err(SolveError::Size)?;
    solve_position(&board, Color::Black, rules, options)
}

/// Solves a set-up position (no earlier history), `to_move` to play. The result is from black's
/// side as always.
pub fn solve_position(
    board: &Board,
    to_move: Color,
    rules: Rules,
    options: SolveOptions,
) -> Result<Solution, SolveError> {
    let game = checked_game(board, to_move, rules, &options)?;
    let points = board.width() * board.height();
    on_solver_thread(move || match assumption_slots(points, &options) {
        SMALL_SLOTS => Solver::<SMALL_SLOTS>::new(game, options).run(),
        _ => Solver::<BIG_SLOTS>::new(game, options).run(),
    })
}

/// The game to solve from a set-up position, when the solver can solve it.
fn checked_game(
    board: &Board,
    to_move: Color,
    rules: Rules,
    options: &SolveOptions,
) -> Result<Game, SolveError> {
    let points = board.width() * board.height();
    if points > MAX_POINTS {
        return Err(SolveError::TooLarge { points });
    }
    if rules.scoring == Scoring::Territory {
        return Err(SolveError::Scoring(rules.scoring));
    }
    if !rules.ko.is_superko() {
        return Err(SolveError::KoRule(rules.ko));
    }
    let game = Game::from_board(board, to_move, rules).map_err(SolveError::Setup)?;
    let table_bits = options.table_bits.clamp(4, 32);
    let slots = assumption_slots(points, options);
    if !table_fits(table_bits, slots) {
        return Err(SolveError::Memory {
            table_bits,
            bytes: table_bytes(table_bits, slots),
        });
    }
    Ok(game)
}

/// Runs `f` on a thread with a large stack: lines can be long (ko fights under superko).
fn on_solver_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("tengen-solve".into())
            .stack_size(1 << 30)
            .spawn_scoped(s, f)
            .expect("spawn the solver thread")
            .join()
            .expect("the solver does not panic")
    })
}

/// Which search answers a null-window test ([`null_window_test`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestSearch {
    /// The solver's depth-limited alpha-beta searches (what [`solve`] uses).
    AlphaBeta,
    /// Depth-first proof-number search (df-pn) under the same schedule of depth limits, sides
    /// and node budgets, with its own table of 2^`table_bits` entries of 24 bytes (an
    /// experiment; docs/SOLVING.md, "The search").
    ProofNumber,
    /// [`TestSearch::ProofNumber`] with a table that ignores the history (the earlier
    /// positions): unsound under superko, for showing that the tests catch it.
    #[doc(hidden)]
    ProofNumberIgnoringHistory,
}

/// The answer of one null-window test ([`null_window_test`]).
#[derive(Debug, Clone, PartialEq)]
pub struct TestAnswer {
    /// Whether the value for the player to move (area score before komi) is at least the
    /// test's `beta`.
    pub at_least: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds the test took.
    pub seconds: f64,
    /// Each depth-limited search (alpha-beta) or proof-number run, in order.
    pub rounds: Vec<Round>,
}

/// Answers one null-window test on a set-up position (no earlier history): is the value for
/// `to_move` (its area minus the opponent's, before komi) at least `beta`? Proven as
/// [`solve_position`] proves each of MTD(f)'s tests, by the search `search`; `options`'
/// `table_bits`, `first_depth`, `first_budget` and `safe_regions` apply (the others do not).
pub fn null_window_test(
    board: &Board,
    to_move: Color,
    rules: Rules,
    beta: i32,
    search: TestSearch,
    options: SolveOptions,
) -> Result<TestAnswer, SolveError> {
    let game = checked_game(board, to_move, rules, &options)?;
    let points = board.width() * board.height();
    on_solver_thread(move || match assumption_slots(points, &options) {
        SMALL_SLOTS => test_on::<SMALL_SLOTS>(game, beta, search, options),
        _ => test_on::<BIG_SLOTS>(game, beta, search, options),
    })
}

/// [`null_window_test`] on a solver with `S` assumption slots a colour.
fn test_on<const S: usize>(
    game: Game,
    beta: i32,
    search: TestSearch,
    options: SolveOptions,
) -> Result<TestAnswer, SolveError> {
    let pn_bits = options.table_bits;
    let mut s = Solver::<S>::new(game, options);
    s.pn = match search {
        TestSearch::AlphaBeta => None,
        TestSearch::ProofNumber | TestSearch::ProofNumberIgnoringHistory => {
            let mut st = pn::PnState::new(pn_bits);
            st.ignore_history = search == TestSearch::ProofNumberIgnoringHistory;
            Some(st)
        }
    };
    let mut test = s.new_test(beta);
    let at_least = loop {
        let answer = if s.pn.is_some() {
            s.pn_step(&mut test, u64::MAX)
        } else {
            s.step(&mut test, u64::MAX)
        };
        if let Some((at_least, _)) = answer {
            break at_least;
        }
    };
    Ok(TestAnswer {
        at_least,
        nodes: s.nodes,
        seconds: s.start.elapsed().as_secs_f64(),
        rounds: s.stats.rounds,
    })
}

/// Formats a final score (black minus white, komi applied) as SGF's RE value.
pub fn result_text(score: f64) -> String {
    let k = tengen_core::rules::format_komi(score.abs());
    if score > 0.0 {
        format!("B+{k}")
    } else if score < 0.0 {
        format!("W+{k}")
    } else {
        "0".to_string()
    }
}

/// One position of the current path.
#[derive(Clone, Copy)]
struct PathEntry {
    /// Zobrist hash of the stones (the identity's of the position's hashes under every
    /// symmetry, `Solver::sym_hashes`).
    hash: u64,
    to_move: Color,
    by_pass: bool,
    canon: u64,
    sym: usize,
    /// Black and white stones.
    black: u64,
    white: u64,
    /// After a capture: the position before it (which a recapture would repeat), hashed in this
    /// node's canonical orientation, with its pass flag; 0 otherwise. Part of the table key, so
    /// that a ko's immediate recapture refusal does not make the entry depend on the path.
    ko_context: u64,
    /// Hash of the set of the positions before this one (and their count).
    before: u64,
    /// The next most recent path index with the same exact hash (`usize::MAX`: none).
    prev_same: usize,
}

/// A cut-off by a stored bound ([`Solver::probe`]): the value, the smallest path index a
/// superko refusal of each colour's moves pointed at (as in [`Out`]), and the slot of the entry
/// (whose filters and assumptions the search returns).
struct Cut {
    value: i32,
    min_ref: [usize; 2],
    slot: usize,
}

/// What a search passes up besides its value: a search merges its own into its parent's (the
/// parent's accumulator is written in place, never copied back).
struct Out<const S: usize> {
    /// For each colour (0 black, 1 white): the smallest path index a superko refusal of one of
    /// its moves in the subtree pointed at (usize::MAX: none).
    min_ref: [usize; 2],
    /// For each colour: the positions its moves in the subtree created.
    seen: [Seen; 2],
    /// What its safe-region cut-offs assumed about earlier positions.
    dep: Dep<S>,
    /// Whether the subtree reached the depth limit somewhere (its value then rests on a
    /// one-sided estimate there).
    horizon: bool,
}

impl<const S: usize> Out<S> {
    /// What a search that saw nothing below it passes up (merging it changes nothing).
    const NONE: Out<S> = Out {
        min_ref: [usize::MAX; 2],
        seen: [SEEN_NONE; 2],
        dep: Dep::NONE,
        horizon: false,
    };

    /// Adds what a child's subtree passed up.
    #[inline]
    fn merge(&mut self, o: &Out<S>) {
        for c in 0..2 {
            seen_union(&mut self.seen[c], &o.seen[c]);
            self.min_ref[c] = self.min_ref[c].min(o.min_ref[c]);
        }
        self.dep.merge(&o.dep);
        self.horizon |= o.horizon;
    }
}

/// At most 2^FAIL_BITS entries in the current search's list of fails (`Solver::fails`, 16
/// bytes each).
const FAIL_BITS: u32 = 20;

const WHITE_SALT: u64 = 0x6a09_e667_f3bc_c909;
const PASS_SALT: u64 = 0xbb67_ae85_84ca_a73b;
const MAX_PLY: usize = 4096;

/// Whether the safe-region bounds are used by default (docs/SOLVING.md, "Safe points"). They were
/// off while 3x4 came out B+5 with them at one first depth limit; the cause was in the table,
/// not the regions: the merge at the store with an entry that the search below had replaced (a
/// mirror image's, of another history), and stone masks of mirror images' entries read in the
/// wrong orientation. The same bugs changed values without regions
/// (tests/reference.rs, `value_does_not_depend_on_settings`).
const SAFE_REGIONS: bool = true;
/// The node budget of the first searches of a test by default (docs/SOLVING.md, "Schedule").
const FIRST_BUDGET: u64 = 1 << 13;
/// Whether (and after how many nodes of a test) MTD(f) races the test at the top by default.
const RACE_TOP: Option<u64> = None;

/// The search, with `S` assumption slots a colour in its table's entries ([`Dep`]).
struct Solver<const S: usize> {
    /// The rules (ko rule, suicide, scoring, komi).
    rules: Rules,
    /// Board width (points are numbered row-major from the top-left).
    width: usize,
    geo: Geometry,
    /// Move making on the masks.
    mover: Moves,
    /// `sym_hashes[k]`: the hashes of path position k under every symmetry.
    sym_hashes: Vec<SymHashes>,
    /// Spare move lists (one is taken per node and given back).
    spare_lists: Vec<Vec<Child>>,
    /// Spare lists of children made (path entry and hashes), one taken per node likewise.
    spare_made: Vec<Vec<(PathEntry, SymHashes)>>,
    area: bool,
    n: i32,
    table: Table<S>,
    path: Vec<PathEntry>,
    nodes: u64,
    killers: Vec<[u8; 2]>,
    history: [[u32; 64]; 2],
    start: Instant,
    progress: Option<ProgressFn>,
    bounds: (i32, i32),
    root_color: Color,
    /// Whether safe regions bound the score (besides pass-alive chains and their eyes).
    regions: bool,
    /// Plies below the node a test starts from after which the search stops (iterative
    /// deepening; `usize::MAX`: none).
    depth_limit: usize,
    /// The player whose worst case the depth limit assumes.
    pessimistic_for: Color,
    /// The depth limit of the first search of the next test.
    start_depth: usize,
    /// Where the nodes went.
    stats: Stats,
    /// The node count at which the current search gives up (`u64::MAX`: none).
    node_limit: u64,
    /// Nodes the last proving search took.
    last_proof: u64,
    /// The node budget of the first searches of each test.
    first_budget: u64,
    first_guess: i32,
    /// After how many nodes a test races the test at the top (`None`: never).
    race: Option<u64>,
    /// Whether the current search gave up (its value means nothing; nothing was stored above
    /// the node where it gave up).
    aborted: bool,
    /// The current depth-limited search's results that met the depth limit and went against
    /// the side it is pessimistic for (its fail lows, the other side's fail highs), by position
    /// and ply: a direct-mapped array of (key, value), the key salted per search
    /// ([`Solver::fail_key`]; docs/SOLVING.md, "Fails kept within one search").
    fails: Vec<(u64, i32)>,
    /// The current search's salt of the keys in `fails` (a new one for each search).
    fail_salt: u64,
    /// Whether `fails` is read and written now (during a depth-limited search of a test).
    fail_on: bool,
    /// Whether the tests use `fails` ([`SolveOptions::keep_fails`]).
    fail_use: bool,
    /// The most points the static rules can give k stones of one colour, for the futility cut
    /// ([`SolveOptions::futility`]); `None`: off, or not computed yet (it is computed at the
    /// first depth-limited search, so that a solver that never searches does not pay for it).
    futile: Option<futility::Futility>,
    /// Whether the searches use the futility cut ([`SolveOptions::futility`]).
    futile_use: bool,
    /// Whether the futility cut reads the opponent's strings
    /// ([`SolveOptions::futility_strings`]).
    futile_strings: bool,
    /// The most recent path index of each exact position hash on the path.
    by_hash: HashIndex,
    /// `by_count[k]`: the positions of the path with k stones, in path order.
    by_count: Vec<Vec<Counted>>,
    /// Each side's safe points before rule 6's checks ([`Geometry::safety_base`]) of recently
    /// searched positions, direct-mapped by the exact hash and confirmed on the stones: the
    /// same positions come back in every depth-limited search of a test.
    safety_memo: Vec<SafetyMemo>,
    /// The proof-number search of the test at the top of the board's range (an experiment,
    /// `SOLVE_PN=1`; docs/SOLVING.md, "The search"), with its table; `None`: off.
    pn: Option<pn::PnState>,
}

/// An entry of [`Solver::safety_memo`]: the stones and their safe points (black's, white's).
#[derive(Clone, Copy)]
struct SafetyMemo {
    black: u64,
    white: u64,
    safety: [Safety; 2],
}

/// Entries of [`Solver::safety_memo`] (a power of two).
const SAFETY_MEMO: usize = 1 << 14;

/// A position of the path in the index by stone count, with what the positions up to it in its
/// list hold between them.
#[derive(Clone, Copy)]
struct Counted {
    index: usize,
    canon: u64,
    black: u64,
    white: u64,
    /// The points holding a black stone in this position or an earlier one of the same list.
    any_black: u64,
    /// Likewise for white.
    any_white: u64,
}

/// A move of a node's move list: the point (or [`PASS`]), its ordering score, and the stones
/// after it.
#[derive(Clone, Copy)]
struct Child {
    m: u8,
    score: u32,
    /// The second ordering key (ties of `score`).
    tie: u32,
    black: u64,
    white: u64,
}

/// A null-window test under way: where its schedule of depth-limited searches stands, so that
/// two tests can take turns (`Solver::run`).
struct Test {
    /// The test: is the value for the player to move at the root at least `beta`?
    beta: i32,
    /// The depth limit of each side's next search (0: the player to move at the root).
    depth: [usize; 2],
    /// The node budget of the next searches.
    budget: u64,
    /// The side whose search comes next.
    side: usize,
    /// Nodes the test's searches took so far.
    spent: u64,
}

/// Where a depth-limited search of a [`Test`] began: the side searching (0: the player to move
/// at the root) and its colour, and the node and leaf counts then.
pub(crate) struct RoundStart {
    i: usize,
    side: Color,
    nodes: u64,
    horizon_leaves: u64,
    futile_cuts: u64,
}

impl Test {
    /// After side `i`'s search settled nothing: deepen its limit by about a quarter (a search
    /// given up for its budget only while the limit stays within `cap`), hand the turn to the
    /// other side, and double the budget once both sides have had theirs (docs/SOLVING.md,
    /// "Schedule of the depth-limited searches").
    fn advance(&mut self, i: usize, aborted: bool, cap: usize) {
        let next = self.depth[i].saturating_add(self.depth[i] / 4 + 2);
        if !aborted || next <= cap {
            self.depth[i] = next;
        }
        self.side = 1 - i;
        if self.side == 0 {
            self.budget = self.budget.saturating_mul(2);
        }
    }
}

fn color_index(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl<const S: usize> Solver<S> {
    fn new(game: Game, options: SolveOptions) -> Solver<S> {
        let b = game.board();
        let geo = Geometry::new(b.width(), b.height());
        let n = geo.n as i32;
        let rules = *game.rules();
        let area = rules.scoring == Scoring::Area;
        let root_color = game.to_move();
        let (mut bl, mut wh) = (0u64, 0u64);
        for p in 0..geo.n {
            match b.get(Point::new((p % b.width()) as u8, (p / b.width()) as u8)) {
                Some(Color::Black) => bl |= 1 << p,
                Some(Color::White) => wh |= 1 << p,
                None => {}
            }
        }
        let mover = Moves::new(&geo);
        let mut hashes = [0; position::MAX_SYMS];
        for (s, h) in hashes.iter_mut().enumerate().take(mover.nsym()) {
            *h = geo.hash_under(s, bl, wh);
        }
        let (canon, sym) = geo.canonical(bl, wh);
        debug_assert_eq!((canon, sym), mover.canonical(&hashes));
        let mut s = Solver {
            rules,
            width: b.width(),
            geo,
            mover,
            sym_hashes: vec![hashes],
            spare_lists: Vec::new(),
            spare_made: Vec::new(),
            area,
            n,
            table: Table::new(options.table_bits.clamp(4, 32)),
            path: Vec::new(),
            nodes: 0,
            killers: vec![[NO_MOVE; 2]; MAX_PLY + 1],
            history: [[0; 64]; 2],
            start: Instant::now(),
            progress: options.progress,
            bounds: (-n, n),
            root_color,
            regions: options.safe_regions,
            depth_limit: usize::MAX,
            pessimistic_for: root_color,
            start_depth: match options.first_depth {
                0 => n as usize,
                d => d,
            },
            stats: Stats::default(),
            node_limit: u64::MAX,
            last_proof: 0,
            first_budget: match options.first_budget {
                0 => FIRST_BUDGET,
                b => b,
            },
            first_guess: options.first_guess.clamp(-n, n),
            race: options.race_top,
            aborted: false,
            fails: if options.keep_fails {
                vec![(0, 0); 1 << options.table_bits.clamp(4, FAIL_BITS)]
            } else {
                Vec::new()
            },
            fail_salt: 0,
            fail_on: false,
            fail_use: options.keep_fails,
            futile: None,
            futile_use: options.futility,
            futile_strings: options.futility_strings,
            by_hash: HashIndex::new(),
            by_count: vec![Vec::new(); MAX_POINTS + 1],
            // No position has a stone of both colours on every point.
            safety_memo: vec![
                SafetyMemo {
                    black: u64::MAX,
                    white: u64::MAX,
                    safety: [Safety::default(); 2],
                };
                SAFETY_MEMO
            ],
            // SOLVE_PN=1: the top test by df-pn, with a table of 2^SOLVE_PN_BITS entries
            // (default 22, 24 bytes each).
            pn: (std::env::var("SOLVE_PN").is_ok_and(|v| v == "1")).then(|| {
                pn::PnState::new(
                    std::env::var("SOLVE_PN_BITS")
                        .map_or(22, |b| b.parse().expect("SOLVE_PN_BITS")),
                )
            }),
        };
        s.path.push(PathEntry {
            hash: hashes[0],
            to_move: root_color,
            by_pass: false,
            canon,
            sym,
            black: bl,
            white: wh,
            ko_context: 0,
            before: splitmix(0),
            prev_same: usize::MAX,
        });
        s.index_push();
        s
    }

    /// Enters the last path entry in the path's indexes (by exact hash, by stone count).
    fn index_push(&mut self) {
        let d = self.path.len() - 1;
        let e = &mut self.path[d];
        e.prev_same = self.by_hash.insert(e.hash, d).unwrap_or(usize::MAX);
        let k = (e.black | e.white).count_ones() as usize;
        let list = &mut self.by_count[k];
        let (any_black, any_white) = list.last().map_or((0, 0), |c| (c.any_black, c.any_white));
        list.push(Counted {
            index: d,
            canon: e.canon,
            black: e.black,
            white: e.white,
            any_black: any_black | e.black,
            any_white: any_white | e.white,
        });
    }

    /// Removes the last path entry from the path's indexes.
    fn index_pop(&mut self) {
        let d = self.path.len() - 1;
        let e = &self.path[d];
        let prev = (e.prev_same != usize::MAX).then_some(e.prev_same);
        self.by_hash.remove(e.hash, prev);
        let k = (e.black | e.white).count_ones() as usize;
        self.by_count[k].pop();
    }

    /// Whether some position at a path index below `end` may be in the filter `seen` or break
    /// the assumptions `dep`.
    fn path_hits(&self, end: usize, seen: &Seen, dep: &Dep<S>) -> bool {
        if !dep.is_none() {
            return self.path[..end]
                .iter()
                .any(|a| seen_has(seen, a.canon, a.black, a.white) || dep.hit(a.black, a.white));
        }
        // Only the positions whose stone count the filter holds can pass it.
        let (common_black, common_white) = seen_common(seen);
        bits(seen_counts(seen)).any(|k| {
            let list = &self.by_count[k];
            let Some(j) = list.iter().rposition(|c| c.index < end) else {
                return false;
            };
            // Every position of the filter holds the common stones: skip the list when no
            // position of it up to `end` holds them all.
            let top = &list[j];
            if common_black & !top.any_black != 0 || common_white & !top.any_white != 0 {
                return false;
            }
            // Most recent first: a subtree most often recreates the positions just before it.
            list[..=j]
                .iter()
                .rev()
                .any(|c| seen_has(seen, c.canon, c.black, c.white))
        })
    }

    fn point(&self, p: usize) -> Point {
        let w = self.width;
        Point::new((p % w) as u8, (p / w) as u8)
    }

    /// The stones of the current position (from the path).
    fn stones(&self) -> (u64, u64) {
        let e = self.path.last().expect("root on the path");
        (e.black, e.white)
    }

    /// Consecutive passes that led to the current position (0 to 2).
    fn passes(&self) -> u32 {
        let d = self.path.len() - 1;
        if !self.path[d].by_pass {
            0
        } else if d >= 1 && self.path[d - 1].by_pass {
            2
        } else {
            1
        }
    }

    fn element(e: &PathEntry) -> u64 {
        let mut x = e.hash;
        if e.to_move == Color::White {
            x ^= WHITE_SALT;
        }
        if e.by_pass {
            x ^= PASS_SALT;
        }
        splitmix(x)
    }

    /// Plays `mv` (legal: checked by the caller) and pushes the new position on the path.
    fn push(&mut self, mv: Move) {
        match mv {
            Move::Play(p) => {
                let p = p.y as usize * self.width + p.x as usize;
                let (bl, wh) = self.stones();
                let color = self.path.last().expect("root on the path").to_move;
                let (own, opp) = if color == Color::Black {
                    (bl, wh)
                } else {
                    (wh, bl)
                };
                let chains = self.mover.chains(own, opp);
                let played = self.mover.play(own, opp, &chains, p);
                self.push_play(p, &played);
            }
            _ => self.push_child(PASS, 0, 0),
        }
    }

    /// Pushes the position after a play at `p` with the result `played`.
    fn push_play(&mut self, p: usize, played: &Played) {
        let last = self.path.last().expect("root on the path");
        let (bl, wh) = if last.to_move == Color::Black {
            (played.own, played.opp)
        } else {
            (played.opp, played.own)
        };
        self.push_child(p as u8, bl, wh);
    }

    /// Pushes the position after move `m` ([`PASS`] or a point) whose stones are `bl`, `wh`
    /// (ignored for a pass).
    fn push_child(&mut self, m: u8, bl: u64, wh: u64) {
        let (entry, hashes) = self.child(m, bl, wh);
        self.push_made(&entry, &hashes);
    }

    /// Pushes a child made by [`Solver::child`] from the current position.
    #[inline]
    fn push_made(&mut self, entry: &PathEntry, hashes: &SymHashes) {
        self.sym_hashes.push(*hashes);
        self.path.push(*entry);
        self.index_push();
    }

    /// The path entry (not yet indexed) and the hashes of the position after move `m` whose
    /// stones are `bl`, `wh` (ignored for a pass).
    #[inline]
    fn child(&self, m: u8, bl: u64, wh: u64) -> (PathEntry, SymHashes) {
        self.child_with(self.child_before(), m, bl, wh)
    }

    /// The hash of the set of positions before every child of the current position (their
    /// `before`: the current position's with the current position added).
    #[inline]
    fn child_before(&self) -> u64 {
        let last = self.path.last().expect("root on the path");
        let dd = (self.path.len() - 1) as u64;
        last.before ^ Self::element(last) ^ splitmix(dd) ^ splitmix(dd + 1)
    }

    /// [`Solver::child`] with the children's `before` ([`Solver::child_before`]) given.
    #[inline]
    fn child_with(&self, before: u64, m: u8, bl: u64, wh: u64) -> (PathEntry, SymHashes) {
        let last = self.path.last().expect("root on the path");
        let color = last.to_move;
        let d = self.path.len() - 1;
        let pass = m == PASS;
        let (bl, wh) = if pass {
            (last.black, last.white)
        } else {
            (bl, wh)
        };
        let hashes = if pass {
            self.sym_hashes[d]
        } else {
            let (own, opp) = if color == Color::Black {
                (last.black, last.white)
            } else {
                (last.white, last.black)
            };
            let (own_after, opp_after) = if color == Color::Black {
                (bl, wh)
            } else {
                (wh, bl)
            };
            let stone = 1u64 << m;
            let suicide = own_after & stone == 0;
            let played = Played {
                own: own_after,
                opp: opp_after,
                removed: if suicide {
                    own & !own_after
                } else {
                    opp & !opp_after
                },
                suicide,
            };
            self.mover
                .hashes_after(&self.sym_hashes[d], color_index(color), m as usize, &played)
        };
        let (canon, sym) = if pass {
            (last.canon, last.sym)
        } else {
            self.mover.canonical(&hashes)
        };
        let stones = |b: u64, w: u64| (b | w).count_ones();
        let captured = !pass && stones(bl, wh) <= stones(last.black, last.white);
        let ko_context = if captured {
            // The position before, seen through this node's symmetry.
            let mut h = self.sym_hashes[d][sym];
            if last.by_pass {
                h ^= PASS_SALT;
            }
            splitmix(h) | 1
        } else {
            0
        };
        let entry = PathEntry {
            hash: hashes[0],
            to_move: color.opponent(),
            by_pass: pass,
            canon,
            sym,
            black: bl,
            white: wh,
            ko_context,
            before,
            prev_same: usize::MAX,
        };
        (entry, hashes)
    }

    fn pop(&mut self) {
        self.index_pop();
        self.path.pop();
        self.sym_hashes.pop();
    }

    /// The legal plays of the player to move at the current position, lowest point first, with
    /// the stones after each, into `out`; each superko refusal lowers `min_ref` to the path
    /// index of the position it would have repeated.
    fn legal_plays(&self, out: &mut Vec<Child>, min_ref: &mut usize) {
        let d = self.path.len() - 1;
        let here = &self.path[d];
        let color = here.to_move;
        let ci = color_index(color);
        let (own, opp) = if color == Color::Black {
            (here.black, here.white)
        } else {
            (here.white, here.black)
        };
        let chains: Chains = self.mover.chains(own, opp);
        for p in bits(self.geo.all & !own & !opp) {
            let played = self.mover.play(own, opp, &chains, p);
            if played.suicide && !self.rules.suicide_allowed {
                continue;
            }
            let hash_after = self.mover.hash_after(here.hash, ci, p, &played);
            let (bl, wh) = if color == Color::Black {
                (played.own, played.opp)
            } else {
                (played.opp, played.own)
            };
            // Superko against the path's own exact positions.
            if let Some(k) = self.repeat_of(hash_after, bl, wh, color) {
                *min_ref = (*min_ref).min(k);
                continue;
            }
            out.push(Child {
                m: p as u8,
                score: 0,
                tie: 0,
                black: bl,
                white: wh,
            });
        }
    }

    /// For a play of `color` that leaves the stones `black`, `white` hashing to `hash_after`:
    /// the most recent path index holding that position in a way the ko rule counts (the move
    /// is refused), confirmed on the stones; `None` when the move is legal.
    fn repeat_of(&self, hash_after: u64, black: u64, white: u64, color: Color) -> Option<usize> {
        let ko = self.rules.ko;
        let next = color.opponent();
        let mut k = self.by_hash.get(hash_after)?;
        loop {
            let e = &self.path[k];
            let counts = match ko {
                KoRule::Positional => true,
                KoRule::Situational => e.to_move == next,
                _ => e.to_move == next && !e.by_pass,
            };
            if counts && e.black == black && e.white == white {
                return Some(k);
            }
            if e.prev_same == usize::MAX {
                return None;
            }
            k = e.prev_same;
        }
    }

    fn key(&self, e: &PathEntry, canonical: bool) -> u64 {
        let mut k = if canonical { e.canon } else { e.hash };
        if e.to_move == Color::White {
            k ^= WHITE_SALT;
        }
        if e.by_pass {
            k ^= PASS_SALT;
        }
        splitmix(k ^ e.ko_context) | 1
    }

    fn report(&mut self) {
        if let Some(cb) = self.progress.as_mut() {
            cb(&Progress {
                nodes: self.nodes,
                lower: self.bounds.0,
                upper: self.bounds.1,
                seconds: self.start.elapsed().as_secs_f64(),
                last_round: self.stats.rounds.last().copied(),
            });
        }
    }

    /// The filters and assumptions of the entry in slot `i`, turned from the canonical
    /// orientation into that of the current board (symmetry `sym`).
    fn body_here(&self, i: usize, sym: usize) -> Body<S> {
        let mut b = self.table.body(i);
        let from_canon = |m: u64| self.mover.unmap_mask(sym, m);
        for f in &mut b.seen {
            seen_remap(f, from_canon);
        }
        b.dep = b.dep.mapped(from_canon);
        b
    }

    /// Final score for the player to move.
    fn terminal(&self) -> i32 {
        let (bl, wh) = self.stones();
        let s = self.geo.score(bl, wh, self.area);
        if self.path.last().expect("root on the path").to_move == Color::Black {
            s
        } else {
            -s
        }
    }

    /// The table's move for the position `here` at path index `d` (the positions below `d`
    /// are the path's; `here` itself need not be on it) and, when a stored bound that provably
    /// holds on this path decides the null-window question, the cut-off. `key` and `exact`:
    /// `here`'s table keys ([`Solver::key`], canonical and not). `count`: whether the
    /// statistics count it.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn probe(
        &mut self,
        here: &PathEntry,
        d: usize,
        key: u64,
        exact: u64,
        alpha: i32,
        beta: i32,
        count: bool,
    ) -> (u8, Option<Cut>) {
        // Earlier positions outside the key: all, or all but the parent when it is in the key.
        let outside = if here.ko_context != 0 { d - 1 } else { d };
        let Some(i) = self.table.find(key) else {
            return (NO_MOVE, None);
        };
        let e = self.table.head(i);
        let tt_move = match e.best {
            NO_MOVE | PASS => e.best,
            p => self.mover.unmap_point(here.sym, p as usize) as u8,
        };
        let same_path = e.exact == exact && e.path == here.before;
        // A lower bound for the player to move (x) holds on this path when the opponent (o)
        // had no move refused for an earlier position (it would gain moves here) and no
        // position x's moves created is an earlier position here (x would lose moves);
        // an upper bound likewise with the colours swapped.
        let (x, o) = (color_index(here.to_move), 1 - color_index(here.to_move));
        let (lo, hi) = (e.lower as i32, e.upper as i32);
        // Only the bounds that would cut are checked (the checks scan the path). The entry is
        // merged with the new result only when it is of the same position and history
        // (found again at the store: a search below may have replaced it).
        let need_lo = lo >= beta || lo == hi;
        let need_hi = hi <= alpha || lo == hi;
        // The filters and assumptions, in this board's orientation, read only when needed.
        let (lo_ok, hi_ok) = if same_path {
            (true, true)
        } else if need_lo && e.history_free[o] || need_hi && e.history_free[x] {
            let b = self.body_here(i, here.sym);
            let dep_ok = b.dep.is_none() || !self.path_hits(outside, &SEEN_NONE, &b.dep);
            if count && !dep_ok && (lo >= beta || hi <= alpha) {
                self.stats.table_refused_dep += 1;
            }
            let ok = dep_ok.then(|| {
                (
                    need_lo
                        && e.history_free[o]
                        && !self.path_hits(outside, &b.seen[x], &Dep::NONE),
                    need_hi
                        && e.history_free[x]
                        && !self.path_hits(outside, &b.seen[o], &Dep::NONE),
                )
            });
            ok.unwrap_or((false, false))
        } else {
            (false, false)
        };
        let cut = if lo_ok && lo >= beta {
            Some(lo)
        } else if hi_ok && hi <= alpha {
            Some(hi)
        } else if lo_ok && hi_ok && lo == hi {
            Some(lo)
        } else {
            None
        };
        if cut.is_some() && count {
            if same_path {
                self.stats.table_cuts_same += 1;
            } else {
                self.stats.table_cuts_other += 1;
            }
        } else if count && (lo >= beta || hi <= alpha) {
            self.stats.table_refused += 1;
        }
        if let Some(value) = cut {
            // Refusals inside the subtree do not matter to the nodes above; the path indexes
            // of others are meaningful on the same path only, and a colour whose refusals
            // are unknown here is reported as pointing at the root.
            let min_ref = [0, 1].map(|c| {
                if e.history_free[c] {
                    usize::MAX
                } else if same_path {
                    e.min_ref[c] as usize
                } else {
                    0
                }
            });
            return (
                tt_move,
                Some(Cut {
                    value,
                    min_ref,
                    slot: i,
                }),
            );
        }
        (tt_move, None)
    }

    /// The null-window search of the current position: its value (fail-soft), with what its
    /// subtree passes up merged into `up` (its parent's accumulator).
    fn search(&mut self, alpha: i32, beta: i32, ply: usize, up: &mut Out<S>) -> i32 {
        self.nodes += 1;
        self.stats.max_ply = self.stats.max_ply.max(ply);
        if self.nodes & 0xffff == 0 {
            self.report();
        }
        if self.nodes > self.node_limit {
            self.aborted = true;
            up.horizon = true;
            return 0;
        }
        if self.passes() >= 2 {
            return self.terminal();
        }
        let d = self.path.len() - 1;
        let here = self.path[d];
        // Earlier positions outside the key: all, or all but the parent when it is in the key.
        let outside = if here.ko_context != 0 { d - 1 } else { d };
        let key = self.key(&here, true);
        let exact = self.key(&here, false);
        let (tt_move, cut) = self.probe(&here, d, key, exact, alpha, beta, true);
        if let Some(Cut {
            value,
            min_ref,
            slot,
        }) = cut
        {
            for (u, r) in up.min_ref.iter_mut().zip(min_ref) {
                *u = (*u).min(r);
            }
            let from_canon = |m: u64| self.mover.unmap_mask(here.sym, m);
            self.table
                .merge_body(slot, from_canon, &mut up.seen, &mut up.dep);
            return value;
        }
        // Safe points: what each side keeps whatever the other does.
        let (bl, wh) = (here.black, here.white);
        // Rule 6's checks run only where they could decide something (`safe_cut`,
        // `leaf_value`).
        let mut safety = self.safety_base(here.hash, bl, wh);
        if let Some((value, dep)) = self.safe_cut(&here, &mut safety, d, alpha, beta) {
            self.stats.safe_cuts += 1;
            up.dep.merge(&dep);
            return value;
        }
        if ply >= self.depth_limit {
            let (value, dep) = self.leaf_value(&here, &mut safety, d, beta);
            self.stats.horizon_leaves += 1;
            up.dep.merge(&dep);
            up.horizon = true;
            return value;
        }

        // The futility cut (docs/SOLVING.md, "The futility cut"): the side the search is
        // pessimistic for cannot have, before the limit, the stones with which the static
        // rules could give it the value it needs; the node fails for it as a leaf at the
        // limit would (nothing above it is stored as a proof that needs it).
        if let Some(f) = &self.futile {
            let left = self.depth_limit - ply;
            let p_to_move = here.to_move == self.pessimistic_for;
            let p_moves = if p_to_move {
                left.div_ceil(2)
            } else {
                left / 2
            };
            let p_stones = if self.pessimistic_for == Color::Black {
                bl
            } else {
                wh
            }
            .count_ones() as usize;
            let j = p_stones.saturating_add(p_moves);
            let most = 2 * f.most(j) as i32 - self.n;
            if p_to_move && most <= alpha {
                self.stats.futile_cuts += 1;
                up.horizon = true;
                return most;
            }
            if !p_to_move && -most >= beta {
                self.stats.futile_cuts += 1;
                up.horizon = true;
                return -most;
            }
            // Sharper (wave 17, round 2): the opponent's strings with more liberties than P
            // has moves left stay on the board to the limit if the opponent never fills their
            // liberties, so P's stones there avoid them.
            let (p_mask, o_mask) = match (self.futile_strings, self.pessimistic_for) {
                (false, _) => (0, 0),
                (true, Color::Black) => (bl, wh),
                (true, Color::White) => (wh, bl),
            };
            let empty = self.geo.all & !p_mask & !o_mask;
            let mut barred = 0u64;
            let mut left_o = o_mask;
            while left_o != 0 {
                let c = self.geo.flood(left_o & left_o.wrapping_neg(), o_mask);
                left_o &= !c;
                if (self.geo.dilate(c) & empty).count_ones() as usize > p_moves {
                    barred |= c;
                }
            }
            if barred != 0 {
                // P's value (its own view) must pass `pa`; it needs `need` points.
                let pa = if p_to_move { alpha } else { -beta };
                let need = (pa + self.n).div_euclid(2) + 1;
                if need > 0 && !f.reaches(j, barred, need as u32) {
                    self.stats.futile_cuts += 1;
                    up.horizon = true;
                    let v = 2 * (need - 1) - self.n;
                    return if p_to_move { v } else { -v };
                }
            }
        }
        // A result of this search that met the depth limit against the side it is pessimistic
        // for, found again at the same ply (by transposition): the same again, as a result
        // that met the limit (it proves nothing, and nothing above it is stored as a proof
        // that needs it; docs/SOLVING.md, "Fails kept within one search").
        let fkey = self.fail_key(exact, ply);
        if fkey != 0 {
            let (k, v) = self.fails[fkey as usize & (self.fails.len() - 1)];
            if k == fkey {
                up.horizon = true;
                return v;
            }
        }
        // Moves: legal plays, then pass; superko refusals noted.
        let color = here.to_move;
        let ci = color_index(color);
        // What this node passes up: its children's, merged as they return.
        let mut mine = Out::NONE;
        let mut moves = self.spare_lists.pop().unwrap_or_default();
        moves.clear();
        let ply_k = ply.min(MAX_PLY);
        self.legal_plays(&mut moves, &mut mine.min_ref[ci]);
        let here_opp = if color == Color::Black {
            here.white
        } else {
            here.black
        };
        for c in moves.iter_mut() {
            let pm = c.m;
            c.score = if pm == tt_move {
                u32::MAX
            } else if pm == self.killers[ply_k][0] {
                u32::MAX - 1
            } else if pm == self.killers[ply_k][1] {
                u32::MAX - 2
            } else {
                self.history[ci][pm as usize].min(u32::MAX - 3)
            };
            if c.score < u32::MAX - 2 {
                // Below the table's move and the killers: a static estimate first, the
                // history as the tie-break (docs/SOLVING.md, "Move ordering").
                c.tie = c.score;
                c.score = self.static_order(color, here_opp, c);
            }
        }
        let passes = self.passes();
        let pass_score = if passes == 1 || tt_move == PASS {
            u32::MAX
        } else {
            0
        };
        moves.push(Child {
            m: PASS,
            score: pass_score,
            tie: 0,
            black: bl,
            white: wh,
        });
        moves.sort_by_key(|m| std::cmp::Reverse((m.score, m.tie)));
        // Enhanced transposition cut-off: a child whose stored bound (valid on this path, the
        // same test as at the child itself) already refutes the window goes first; its search
        // is then one node.
        // The children made here (path entry and hashes) are kept for the search below, in
        // the order of `moves`.
        let mut made = self.spare_made.pop().unwrap_or_default();
        made.clear();
        if ply + 2 < self.depth_limit && passes == 0 {
            let before = self.child_before();
            for c in moves.iter() {
                made.push(self.child_with(before, c.m, c.black, c.white));
            }
            // The children's table keys, and a read of each one's bucket in a tight loop: the
            // memory reads overlap, where the probes one after the other would each wait.
            let mut keys = [0u64; MAX_POINTS + 1]; // every play and the pass
            let mut touched = 0;
            for (k, (entry, _)) in keys.iter_mut().zip(made.iter()) {
                *k = self.key(entry, true);
                touched ^= self.table.touch(*k);
            }
            std::hint::black_box(touched);
            for j in 0..moves.len() {
                // The probe reads the child's own entry and the positions before it (the
                // path's); the child is not searched here.
                let entry = made[j].0;
                let (key, exact) = (keys[j], self.key(&entry, false));
                let (_, cut) = self.probe(&entry, d + 1, key, exact, -beta, -alpha, false);
                if cut.is_some_and(|o| -o.value >= beta) {
                    self.stats.etc_cuts += 1;
                    moves[..=j].rotate_right(1);
                    made[..=j].rotate_right(1);
                    break;
                }
            }
        }

        let mut best = i32::MIN;
        let mut best_move = NO_MOVE;
        let mut a = alpha;
        let nodes_before = self.nodes;
        for (
            k,
            &Child {
                m,
                black: child_black,
                white: child_white,
                ..
            },
        ) in moves.iter().enumerate()
        {
            match made.get(k) {
                Some((entry, hashes)) => self.push_made(entry, hashes),
                None => self.push_child(m, child_black, child_white),
            }
            let child = self.path[d + 1];
            let v = -self.search(-beta, -a, ply + 1, &mut mine);
            self.pop();
            if self.aborted {
                // Given up: nothing from here up is stored.
                up.horizon = true;
                return 0;
            }
            if m != PASS {
                seen_add(&mut mine.seen[ci], child.canon, child.black, child.white);
            }
            if v > best {
                best = v;
                best_move = m;
                if v > a {
                    a = v;
                }
                if a >= beta {
                    if m != PASS {
                        let k = &mut self.killers[ply_k];
                        if k[0] != m {
                            k[1] = k[0];
                            k[0] = m;
                        }
                        let h = &mut self.history[ci][m as usize];
                        *h = h.saturating_add(1 + (self.nodes - nodes_before).min(1 << 20) as u32);
                    }
                    break;
                }
            }
        }

        if fkey != 0 && mine.horizon {
            let pess = here.to_move == self.pessimistic_for;
            if (pess && best < beta) || (!pess && best >= beta) {
                let slot = fkey as usize & (self.fails.len() - 1);
                self.fails[slot] = (fkey, best);
            }
        }
        self.spare_lists.push(moves);
        self.spare_made.push(made);

        // Store. Below the depth limit only a win of the player the search is pessimistic for
        // is a proof: a fail high when it is to move here, a fail low when the other is.
        // The children's searches may have replaced the slots found on entry (another position
        // of the same bucket, or a mirror image of this one with its own history): look again,
        // and merge only with an entry of this very position and history.
        let slot = self.table.find(key);
        let valid_slot = slot.filter(|&i| {
            let e = self.table.head(i);
            e.exact == exact && e.path == here.before
        });
        let history_free = mine.min_ref.map(|r| r >= outside);
        let pessimistic = here.to_move == self.pessimistic_for;
        let head = Head {
            exact,
            path: here.before,
            lower: if best > alpha && (!mine.horizon || pessimistic) {
                best as i16
            } else {
                -self.n as i16
            },
            upper: if best < beta && (!mine.horizon || !pessimistic) {
                best as i16
            } else {
                self.n as i16
            },
            best: match best_move {
                NO_MOVE | PASS => best_move,
                p => self.geo.syms[here.sym][p as usize],
            },
            history_free,
            min_ref: mine.min_ref.map(|r| r.min(u32::MAX as usize) as u32),
        };
        // Merged with the entry there (`Table::store`) when it is of this position and history;
        // a result that bounds nothing does not replace another history's entry.
        let trivial = head.lower == -self.n as i16 && head.upper == self.n as i16;
        if !(trivial && slot.is_some() && valid_slot.is_none()) {
            let replace = valid_slot.or(slot);
            // The stone masks of the filters and assumptions go in canonical orientation: the
            // entry serves every position of its key, mirror images included.
            let to_canon = |m: u64| self.mover.map_mask(here.sym, m);
            self.table.store(
                key,
                head,
                &mine.seen,
                &mine.dep,
                to_canon,
                replace,
                valid_slot.is_some(),
                self.nodes - nodes_before + 1,
            );
        }
        up.merge(&mine);
        best
    }

    /// The key in `fails` of the position with exact table key `exact` at `ply` in the
    /// current search; 0 when `fails` is not in use.
    #[inline]
    fn fail_key(&self, exact: u64, ply: usize) -> u64 {
        if self.fail_on {
            (exact ^ self.fail_salt ^ (ply as u64).wrapping_mul(0xd6e8_feb8_6659_fd93)) | 1
        } else {
            0
        }
    }

    /// Black's and white's safe points before rule 6's checks ([`Geometry::safety_base`]) of
    /// the position with stones `bl`, `wh` and exact hash `hash`, from the memo when it holds
    /// them.
    #[inline]
    fn safety_base(&mut self, hash: u64, bl: u64, wh: u64) -> [Safety; 2] {
        let m = &mut self.safety_memo[hash as usize & (SAFETY_MEMO - 1)];
        if m.black != bl || m.white != wh {
            *m = SafetyMemo {
                black: bl,
                white: wh,
                safety: [self.geo.safety_base(bl, wh), self.geo.safety_base(wh, bl)],
            };
        }
        m.safety
    }

    /// The static ordering score of a play (higher first): 0 for a self-atari that captures
    /// nothing (the move's chain left with one liberty or none), else the mover's estimated
    /// lead after the move ([`Geometry::estimate`]) plus twice the liberties of the move's
    /// chain, counted up to 4. Chosen on 3x3 to 4x4 and 3x5 (docs/BENCHMARKS.md, "Move
    /// ordering"); it orders only, so it cannot change a value.
    fn static_order(&self, color: Color, opp_before: u64, c: &Child) -> u32 {
        let (own, opp) = if color == Color::Black {
            (c.black, c.white)
        } else {
            (c.white, c.black)
        };
        let chain = self.geo.flood(1u64 << c.m, own);
        let libs = (self.geo.dilate(chain) & !own & !opp).count_ones();
        if libs <= 1 && opp_before & !opp == 0 {
            return 0;
        }
        let est = self.geo.estimate(own, opp) + self.n + 1;
        est as u32 + 2 * libs.min(4)
    }

    /// Bounds on the final score (black's area minus white's) from each side's safe points;
    /// `regions[c]`: whether colour c's safe regions count.
    fn safe_bounds(&self, s: &[Safety; 2], regions: [bool; 2]) -> (i32, i32) {
        let n = self.n;
        // What colour c is sure of, and the most the other can have.
        let sure = |c: usize| -> (i32, i32) {
            let mut safe = s[c].alive | s[c].eyes;
            if regions[c] {
                safe |= s[c].regions;
            }
            let safe = safe.count_ones() as i32;
            let own = if self.area {
                safe
            } else {
                s[c].alive.count_ones() as i32
            };
            (own, n - safe)
        };
        let (b_own, w_most) = sure(0);
        let (w_own, b_most) = sure(1);
        (b_own - w_most, b_most - w_own)
    }

    /// A cut-off from the safe points of both sides: the value and what it assumed of the
    /// earlier positions, when the bounds decide the null-window question.
    fn safe_cut(
        &mut self,
        here: &PathEntry,
        s: &mut [Safety; 2],
        d: usize,
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, Dep<S>)> {
        let flip = here.to_move == Color::White;
        let decide = |(lo, hi): (i32, i32)| -> Option<i32> {
            let (lo, hi) = if flip { (-hi, -lo) } else { (lo, hi) };
            if lo >= beta {
                Some(lo)
            } else if hi <= alpha || lo == hi {
                Some(hi)
            } else {
                None
            }
        };
        if self.regions && s[0].candidates | s[1].candidates != 0 {
            // Rule 6's checks only when counting every area they may keep would cut.
            let mut o = *s;
            for c in &mut o {
                c.regions |= c.candidates;
            }
            let use_o = [o[0].regions != 0, o[1].regions != 0];
            decide(self.safe_bounds(&o, use_o))?;
            let (bl, wh) = (here.black, here.white);
            let black = here.to_move == Color::Black;
            self.geo.keep_areas(&mut s[0], bl, wh, black);
            self.geo.keep_areas(&mut s[1], wh, bl, !black);
        }
        let mut use_reg = [
            self.regions && s[0].regions != 0,
            self.regions && s[1].regions != 0,
        ];
        decide(self.safe_bounds(s, use_reg))?;
        // Drop the regions that the cut does not need, then those the history forbids.
        for c in 0..2 {
            if use_reg[c] {
                use_reg[c] = false;
                if decide(self.safe_bounds(s, use_reg)).is_none() {
                    use_reg[c] = true;
                }
            }
        }
        for c in 0..2 {
            if use_reg[c] && self.regions_blocked(&s[c], c, d) {
                use_reg[c] = false;
            }
        }
        let value = decide(self.safe_bounds(s, use_reg))?;
        if (0..2).any(|c| use_reg[c] && s[c].enclosed != 0) {
            self.stats.enclosed_cuts += 1;
        }
        Some((value, Self::region_dep(s, use_reg)))
    }

    /// Whether an earlier position (path index below `d`) holds all of colour `c`'s pass-alive
    /// stones and a stone of `c` inside its safe regions: the one kind of position that the
    /// region strategy's moves could repeat (docs/SOLVING.md, "Safe points").
    fn regions_blocked(&self, s: &Safety, c: usize, d: usize) -> bool {
        let (need, inside) = (s.alive, s.regions);
        self.path[..d].iter().any(|a| {
            let own = if c == 0 { a.black } else { a.white };
            own & need == need && own & inside != 0
        })
    }

    /// What a bound that counts colour c's safe regions (`use_reg[c]`) assumes of the earlier
    /// positions.
    fn region_dep(s: &[Safety; 2], use_reg: [bool; 2]) -> Dep<S> {
        let mut dep = Dep::NONE;
        for c in 0..2 {
            if use_reg[c] {
                dep.add(c, s[c].alive, s[c].regions);
            }
        }
        dep
    }

    /// The value of a position at the depth limit: the worst the safe points allow for the
    /// player the search is pessimistic for (the best for the other), so that its wins are
    /// proofs. That worst depends only on the pessimistic player's own safe points, whose safe
    /// regions count when the history allows them (then the value assumes what
    /// [`Solver::region_dep`] says).
    fn leaf_value(
        &mut self,
        here: &PathEntry,
        s: &mut [Safety; 2],
        d: usize,
        beta: i32,
    ) -> (i32, Dep<S>) {
        let p = color_index(self.pessimistic_for);
        if self.regions && s[p].candidates != 0 {
            // Rule 6's checks only when counting every area they may keep would move the
            // value across beta.
            let value = |s: &[Safety; 2]| {
                let mut use_reg = [false; 2];
                use_reg[p] = s[p].regions != 0;
                self.leaf_bound(here.to_move, s, use_reg)
            };
            let mut o = *s;
            o[p].regions |= o[p].candidates;
            if (value(s) >= beta) != (value(&o) >= beta) {
                let (own, opp) = if p == 0 {
                    (here.black, here.white)
                } else {
                    (here.white, here.black)
                };
                let to_move = here.to_move == self.pessimistic_for;
                self.geo.keep_areas(&mut s[p], own, opp, to_move);
            }
        }
        let mut use_reg = [false; 2];
        use_reg[p] = self.regions && s[p].regions != 0 && !self.regions_blocked(&s[p], p, d);
        if s[p].alive != 0 {
            self.stats.alive_leaves += 1;
        }
        if use_reg[p] {
            self.stats.region_leaves += 1;
            if s[p].enclosed != 0 {
                self.stats.enclosed_leaves += 1;
            }
        }
        let value = self.leaf_bound(here.to_move, s, use_reg);
        (value, Self::region_dep(s, use_reg))
    }

    /// The value at the depth limit from the safe points `s` (the regions of `use_reg`
    /// counted), from `to_move`'s side: the worst the bounds allow for the pessimistic player.
    fn leaf_bound(&self, to_move: Color, s: &[Safety; 2], use_reg: [bool; 2]) -> i32 {
        let (lo, hi) = self.safe_bounds(s, use_reg);
        let (lo, hi) = if to_move == Color::White {
            (-hi, -lo)
        } else {
            (lo, hi)
        };
        if to_move == self.pessimistic_for {
            lo
        } else {
            hi
        }
    }

    fn run(mut self) -> Result<Solution, SolveError> {
        // MTD(f) over the score, from the player to move's side, raced against the test at the
        // top of the window (docs/SOLVING.md, "The search").
        let (mut lo, mut hi) = (-self.n, self.n);
        // First guess 0 by default: starting at the value itself saved at most 11% of the nodes
        // on the small boards and cost up to 40% on others (docs/BENCHMARKS.md, "Driver").
        let mut g = self.first_guess;
        let mut main: Option<Test> = None;
        let mut far: Option<Test> = None;
        while lo < hi {
            let beta = if g == lo { g + 1 } else { g };
            if main.as_ref().is_none_or(|t| t.beta != beta) {
                main = Some(self.new_test(beta));
            }
            // The far test is the board's top, raced only while nothing has lowered the top,
            // from the point where MTD(f)'s test has taken `race` nodes.
            let spent = main.as_ref().map_or(0, |t| t.spent);
            if hi == beta || hi < self.n {
                far = None;
            } else if far.is_none() && self.race.is_some_and(|k| spent >= k) {
                far = Some(self.new_test(hi));
            }
            // Equal nodes from there: the test that has had fewer takes the next step.
            let take_far = far
                .as_ref()
                .is_some_and(|f| f.spent.saturating_add(self.race.unwrap_or(0)) < spent);
            let t = if take_far { &mut far } else { &mut main };
            let mut test = t.take().expect("a test to step");
            // SOLVE_PN=1: the top test by the proof-number search (an experiment).
            let answer = if self.pn.is_some() && test.beta == self.n {
                self.pn_step(&mut test, u64::MAX)
            } else {
                self.step(&mut test, u64::MAX)
            };
            self.report();
            let Some((at_least, v)) = answer else {
                *t = Some(test);
                continue;
            };
            if at_least {
                lo = lo.max(v);
            } else {
                hi = hi.min(v);
            }
            if !take_far {
                g = v;
            }
            // Both bounds are proven, so lo <= hi (a guess outside them moves in).
            debug_assert!(lo <= hi, "inconsistent proofs: [{lo}, {hi}]");
            g = g.max(lo).min(hi);
            self.bounds = if self.root_color == Color::Black {
                (lo, hi)
            } else {
                (-hi, -lo)
            };
            self.report();
        }
        let value = lo;
        let (n0, r0) = (self.nodes, self.stats.rounds.len());
        let pv = self.principal_variation(value);
        self.stats.rounds.truncate(r0);
        self.stats.pv_nodes = self.nodes - n0;
        let score = if self.root_color == Color::Black {
            value
        } else {
            -value
        };
        let komi = self.rules.komi;
        Ok(Solution {
            score,
            komi,
            result: result_text(score as f64 - komi),
            pv,
            nodes: self.nodes,
            seconds: self.start.elapsed().as_secs_f64(),
            table_entries: self.table.occupied(),
            table_capacity: self.table.capacity(),
            stats: self.stats,
        })
    }

    /// Whether the value of the current position for the player to move is at least `beta`
    /// ([`Solver::step`]), within `limit` nodes (`None`: not settled within them).
    fn prove_within(&mut self, beta: i32, limit: u64) -> Option<(bool, i32)> {
        let mut test = self.new_test(beta);
        loop {
            let left = limit.saturating_sub(test.spent);
            if left == 0 {
                return None;
            }
            if let Some(answer) = self.step(&mut test, left) {
                return Some(answer);
            }
        }
    }

    /// A null-window test "at least `beta`" for the player to move at the root, not started.
    fn new_test(&self, beta: i32) -> Test {
        Test {
            beta,
            depth: [self.start_depth; 2],
            budget: self.first_budget.max(self.last_proof),
            side: 0,
            spent: 0,
        }
    }

    /// The next depth-limited search of `test` (at most `left` nodes): the answer and the
    /// proven fail-soft bound when it settles the test. A test proves whether the value of the
    /// current position for the player to move is at least `beta`, by null-window searches of
    /// growing depth: one pessimistic for the player to move at the depth limit (a fail high is
    /// then a proof), one pessimistic for the opponent (a fail low is a proof); a search that
    /// never reached the limit proves either way.
    ///
    /// The two sides take turns, each search under a node budget that doubles after each pair
    /// (starting at the larger of 2^13 and the last proof's nodes). A search that completes
    /// without a proof deepens its side's limit by about a quarter; one that runs out of budget
    /// deepens it too while it stays within 1.5 times the points, then keeps it (a failing
    /// search at too shallow a limit is what costs most, and a needlessly deep one makes the
    /// proof dearer). A search given up stores nothing above the node where it stopped; what it
    /// stored below are complete proofs. Each test starts at the limit that proved the last proven test.
    /// Every answer is one completed search's proof: budgets and order change only the work.
    /// A test's state between steps is its own ([`Test`]): two tests can take turns, each going
    /// on where it stopped.
    fn step(&mut self, test: &mut Test, left: u64) -> Option<(bool, i32)> {
        let r = self.round_start(test, left);
        let beta = test.beta;
        let mut out = Out::NONE;
        let value = self.search(beta - 1, beta, 0, &mut out);
        let aborted = self.round_stop();
        let for_root = r.i == 0;
        let high = !aborted && value >= beta && (for_root || !out.horizon);
        let low = !aborted && value < beta && (!for_root || !out.horizon);
        self.round_end(test, r, aborted, (high || low).then_some((high, value)))
    }

    /// Sets up the next depth-limited search of `test` (at most `left` nodes): its side's limit,
    /// the side the limit is pessimistic for, the node limit; what [`Solver::round_end`] needs.
    pub(crate) fn round_start(&mut self, test: &Test, left: u64) -> RoundStart {
        let me = self.path.last().expect("root on the path").to_move;
        let i = test.side;
        let side = if i == 0 { me } else { me.opponent() };
        self.depth_limit = test.depth[i];
        self.pessimistic_for = side;
        let r = RoundStart {
            i,
            side,
            nodes: self.nodes,
            horizon_leaves: self.stats.horizon_leaves,
            futile_cuts: self.stats.futile_cuts,
        };
        self.node_limit = self.nodes.saturating_add(test.budget.min(left));
        if self.futile_use && self.futile.is_none() {
            self.futile = Some(futility::Futility::new(&self.geo));
        }
        self.fail_salt = self.fail_salt.wrapping_add(0x9e37_79b9_7f4a_7c15);
        self.fail_on = self.fail_use;
        r
    }

    /// Lifts the node limit after a search; whether the search was given up for it.
    pub(crate) fn round_stop(&mut self) -> bool {
        self.node_limit = u64::MAX;
        self.fail_on = false;
        std::mem::take(&mut self.aborted)
    }

    /// Records the search begun by `r` (its round in the statistics) and, with its `answer`
    /// (`Some` when it settled the test), either keeps the limit that proved it or moves the
    /// schedule on ([`Test::advance`]).
    pub(crate) fn round_end(
        &mut self,
        test: &mut Test,
        r: RoundStart,
        aborted: bool,
        answer: Option<(bool, i32)>,
    ) -> Option<(bool, i32)> {
        let nodes = self.nodes - r.nodes;
        test.spent += nodes;
        self.stats.rounds.push(Round {
            beta: test.beta,
            depth: test.depth[r.i],
            pessimistic_for_root: r.side == self.root_color,
            nodes,
            horizon_leaves: self.stats.horizon_leaves - r.horizon_leaves,
            futile_cuts: self.stats.futile_cuts - r.futile_cuts,
            proven: answer.is_some(),
        });
        if answer.is_some() {
            self.start_depth = test.depth[r.i];
            self.last_proof = nodes;
        } else {
            test.advance(r.i, aborted, 3 * self.geo.n / 2);
        }
        answer
    }

    /// Follows moves that keep the proven value to the end of the game.
    fn principal_variation(&mut self, mut value: i32) -> Vec<(Color, Move)> {
        let mut pv = Vec::new();
        while self.passes() < 2 && pv.len() < 4 * self.geo.n + 8 {
            let color = self.path[self.path.len() - 1].to_move;
            let (mut plays, mut refused) = (Vec::new(), usize::MAX);
            self.legal_plays(&mut plays, &mut refused);
            let mut moves: Vec<Move> = plays
                .iter()
                .map(|c| Move::Play(self.point(c.m as usize)))
                .collect();
            moves.insert(0, Move::Pass);
            // The table's move first.
            let here = self.path[self.path.len() - 1];
            if let Some(i) = self.table.find(self.key(&here, true)) {
                let b = self.table.head(i).best;
                if b != NO_MOVE && b != PASS {
                    let p = Move::Play(self.point(self.geo.unmap(here.sym, b as usize)));
                    if let Some(j) = moves.iter().position(|&m| m == p) {
                        moves.swap(0, j);
                    }
                }
            }
            // The candidates race: each is tested within a node limit that grows by 4 each
            // pass, so that one hard candidate does not hold up an easy one behind it.
            let mut found = None;
            let mut left = moves;
            let mut limit = 1 << 12;
            while found.is_none() && !left.is_empty() {
                let mut next = Vec::with_capacity(left.len());
                for mv in left {
                    self.push(mv);
                    // The move keeps the value when the opponent cannot get more than -value.
                    match self.prove_within(-value + 1, limit) {
                        Some((false, _)) => {
                            found = Some(mv);
                            break;
                        }
                        Some((true, _)) => {}
                        None => next.push(mv),
                    }
                    self.pop();
                }
                left = next;
                limit = limit.saturating_mul(4);
            }
            match found {
                Some(mv) => {
                    pv.push((color, mv));
                    value = -value;
                }
                None => break,
            }
        }
        pv
    }
}
