//! Depth-first proof-number search (df-pn) for one null-window test: an experiment
//! (docs/SOLVING.md, "The search"; docs/BENCHMARKS.md, "Wave 14: a proof-number search for the
//! top test"). Off by default: `SOLVE_PN=1` makes MTD(f)'s test at the top of the board's range
//! use it, and [`crate::null_window_test`] runs one test with either search.
//!
//! The question is the alpha-beta's: is the value of the root for the player to move at least
//! `beta`? A node's player to move needs at least `t` (`beta` at the root, `1 - t` one ply
//! down: negamax). The proof number of a node is the estimated work to prove that its player to
//! move gets `t`, the disproof number the work to prove that it does not; a node's proof number
//! is the least disproof number of its children, its disproof number the sum of their proof
//! numbers (Nagai 2002), and the child's thresholds follow the 1 + epsilon rule (Pawlewicz and
//! Lew 2007, epsilon 1/4).
//!
//! Leaves: the end of the game (two passes) and a position whose safe points already decide
//! the question (the alpha-beta's `safe_cut`, with the same history checks) are solved; a
//! position at the depth limit is a loss for the side the run is pessimistic for (`prover`),
//! as in the alpha-beta's depth-limited searches, so that side's wins are proofs. A move that
//! repeats an earlier position as the ko rule counts it is not generated (the rules forbid it).
//!
//! The table is keyed by the exact position (with the player to move, the pass flag and the
//! ko context of the alpha-beta's key), the threshold and the hash of the exact set of earlier
//! positions (the rule-1 "same history" reuse of docs/SOLVING.md, GHI): a node of the same
//! position and history has the same moves, the same safe-region history checks and the same
//! ply, so its search is the same search. A solved mark is also tagged with the run it rests
//! on: 0 when it rests on no leaf at the depth limit (a win of the pessimistic side, or a loss
//! proven without such a leaf), else the run's depth limit and side, so that it is reused only
//! by a run of the same limit and side. Proof and disproof numbers of unsolved nodes are only
//! heuristics and are reused whatever the run.

use crate::geometry::splitmix;
use crate::position::SymHashes;
use crate::{color_index, Child, PathEntry, Solver, Test, PASS};
use tengen_core::Color;

/// The proof number that stands for infinity.
pub(crate) const INF: u32 = u32::MAX / 4;

/// An entry of the proof-number table.
#[derive(Clone, Copy, Default)]
struct Entry {
    /// The position, history and threshold, hashed ([`check`]); 0: empty.
    check: u64,
    pn: u32,
    dn: u32,
    /// The run a solved mark rests on (0: none, it holds whatever the depth limit).
    run: u32,
    /// Nodes its last search took (saturated), for the replacement.
    work: u32,
}

/// The proof-number search's state: its table and the current run.
pub(crate) struct PnState {
    table: Vec<Entry>,
    mask: usize,
    /// The current run: `1 + 2 * depth limit + pessimistic side`.
    run: u32,
    /// Plies below the root after which a node is a leaf.
    limit: usize,
    /// The side a leaf at the depth limit counts against.
    prover: Color,
    /// The path index of the test's root.
    root: usize,
    /// Spare child lists.
    spare: Vec<Vec<PnChild>>,
    /// Whether the table ignores the history (a mutation for the tests only: unsound).
    pub(crate) ignore_history: bool,
}

/// A child of a node: its move, path entry and hashes, and its numbers.
#[derive(Clone, Copy)]
struct PnChild {
    m: u8,
    entry: PathEntry,
    hashes: SymHashes,
    pn: u32,
    dn: u32,
    run: u32,
}

impl PnState {
    /// A state with a table of 2^`bits` entries (24 bytes each).
    pub(crate) fn new(bits: u32) -> PnState {
        let size = 1usize << bits.clamp(4, 30);
        PnState {
            table: vec![Entry::default(); size],
            mask: size - 1,
            run: 0,
            limit: usize::MAX,
            prover: Color::Black,
            root: 0,
            spare: Vec::new(),
            ignore_history: false,
        }
    }

    /// The entry of `check`, if the table holds it (two slots a bucket).
    fn find(&self, check: u64) -> Option<Entry> {
        let i = check as usize & self.mask & !1;
        self.table[i..i + 2]
            .iter()
            .find(|e| e.check == check)
            .copied()
    }

    /// Stores `e` over the entry of the same check, else over the slot of the bucket whose
    /// last search took fewer nodes.
    fn store(&mut self, e: Entry) {
        let i = e.check as usize & self.mask & !1;
        let (a, b) = (&self.table[i], &self.table[i + 1]);
        let j = if a.check == e.check || b.check != e.check && a.work <= b.work {
            i
        } else {
            i + 1
        };
        self.table[j] = e;
    }
}

/// The table's key of a node: its exact position key, the set of earlier positions and the
/// threshold (`ignore_history`: without the earlier positions, an unsound mutation).
fn check(key: u64, before: u64, t: i32, ignore_history: bool) -> u64 {
    let before = if ignore_history { 0 } else { before };
    splitmix(key ^ before.rotate_left(29) ^ (t as i64 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
        | 1
}

fn solved(win: bool, run: u32) -> (u32, u32, u32) {
    if win {
        (0, INF, run)
    } else {
        (INF, 0, run)
    }
}

impl<const S: usize> Solver<S> {
    /// The next df-pn run of `test` (at most `left` nodes): like [`Solver::step`], the same
    /// schedule of depth limits, sides and budgets, with a proof-number search in place of each
    /// depth-limited alpha-beta search. Answers `(at_least, bound)` when a run settles the test.
    pub(crate) fn pn_step(&mut self, test: &mut Test, left: u64) -> Option<(bool, i32)> {
        let i = test.side;
        let root = self.path.len() - 1;
        let r = self.round_start(test, left);
        let side = self.pessimistic_for;
        {
            let st = self.pn.as_mut().expect("a proof-number state");
            st.limit = test.depth[i];
            st.prover = side;
            st.root = root;
            st.run = 1 + 2 * test.depth[i].min(1 << 20) as u32 + color_index(side) as u32;
        }
        let beta = test.beta;
        let (pn, dn, run) = self.pn_root(beta);
        let aborted = self.round_stop();
        let settled = pn == 0 || dn == 0;
        let proven = settled && run == 0;
        let answer = proven.then_some(if pn == 0 {
            (true, beta)
        } else {
            (false, beta - 1)
        });
        self.round_end(test, r, aborted, answer)
    }

    /// The numbers of the current position (the test's root) for "the player to move gets
    /// `t`" after searching it until it is solved or the node limit is reached.
    fn pn_root(&mut self, t: i32) -> (u32, u32, u32) {
        self.nodes += 1;
        if let Some(r) = self.pn_lookup(t) {
            if r.0 == 0 || r.1 == 0 {
                return r;
            }
        }
        if let Some(r) = self.pn_leaf(t) {
            self.pn_put(t, r, 1);
            return r;
        }
        self.pn_mid(t, INF, INF)
    }

    /// The current position's stored numbers for threshold `t`, when they may be used in the
    /// current run (a solved mark of another run's depth limit may not).
    fn pn_lookup(&self, t: i32) -> Option<(u32, u32, u32)> {
        let st = self.pn.as_ref().expect("a proof-number state");
        let here = self.path.last().expect("root on the path");
        let c = check(self.key(here, false), here.before, t, st.ignore_history);
        let e = st.find(c)?;
        let solved = e.pn == 0 || e.dn == 0;
        (!solved || e.run == 0 || e.run == st.run).then_some((e.pn, e.dn, e.run))
    }

    /// Stores the current position's numbers for threshold `t`.
    fn pn_put(&mut self, t: i32, (pn, dn, run): (u32, u32, u32), work: u64) {
        let here = *self.path.last().expect("root on the path");
        let key = self.key(&here, false);
        let st = self.pn.as_mut().expect("a proof-number state");
        let c = check(key, here.before, t, st.ignore_history);
        st.store(Entry {
            check: c,
            pn,
            dn,
            run,
            work: work.min(u32::MAX as u64) as u32,
        });
    }

    /// The current position solved without a search, for threshold `t`: the end of the game,
    /// the safe points, or the depth limit (a loss for the run's pessimistic side, resting on
    /// the run). `None`: not a leaf.
    fn pn_leaf(&mut self, t: i32) -> Option<(u32, u32, u32)> {
        if self.passes() >= 2 {
            return Some(solved(self.terminal() >= t, 0));
        }
        let d = self.path.len() - 1;
        let here = self.path[d];
        let mut s = self.safety_base(here.hash, here.black, here.white);
        if let Some((v, _)) = self.safe_cut(&here, &mut s, d, t - 1, t) {
            self.stats.safe_cuts += 1;
            return Some(solved(v >= t, 0));
        }
        let st = self.pn.as_ref().expect("a proof-number state");
        if d - st.root >= st.limit {
            self.stats.horizon_leaves += 1;
            return Some(solved(here.to_move != st.prover, st.run));
        }
        None
    }

    /// Df-pn at the current position (not a leaf) for "the player to move gets `t`", until its
    /// proof number reaches `th_pn` or its disproof number `th_dn` (or it is solved, or the node
    /// limit is reached): its numbers and the run its solved mark rests on.
    fn pn_mid(&mut self, t: i32, th_pn: u32, th_dn: u32) -> (u32, u32, u32) {
        let n0 = self.nodes;
        self.stats.max_ply = self.stats.max_ply.max(self.path.len() - 1);
        let d = self.path.len() - 1;
        let here = self.path[d];
        let color = here.to_move;
        let cur_run = self.pn.as_ref().expect("a proof-number state").run;
        let prover = self.pn.as_ref().expect("a proof-number state").prover;
        // The moves, ordered as the alpha-beta orders them below the table's move and the
        // killers (the static estimate, the history as the tie-break; the pass that ends the
        // game first).
        let mut moves: Vec<Child> = self.spare_lists.pop().unwrap_or_default();
        moves.clear();
        let mut refused = usize::MAX;
        self.legal_plays(&mut moves, &mut refused);
        let ci = color_index(color);
        let here_opp = if color == Color::Black {
            here.white
        } else {
            here.black
        };
        for c in moves.iter_mut() {
            c.tie = self.history[ci][c.m as usize];
            c.score = self.static_order(color, here_opp, c);
        }
        let passes = self.passes();
        moves.push(Child {
            m: PASS,
            score: if passes == 1 { u32::MAX } else { 0 },
            tie: 0,
            black: here.black,
            white: here.white,
        });
        moves.sort_by_key(|m| std::cmp::Reverse((m.score, m.tie)));
        let mut kids = self
            .pn
            .as_mut()
            .expect("a proof-number state")
            .spare
            .pop()
            .unwrap_or_default();
        kids.clear();
        let before = self.child_before();
        for c in moves.iter() {
            let (entry, hashes) = self.child_with(before, c.m, c.black, c.white);
            self.push_made(&entry, &hashes);
            let (pn, dn, run) = match self.pn_lookup(1 - t) {
                Some(r) if r.0 == 0 || r.1 == 0 => r,
                found => {
                    self.nodes += 1;
                    match self.pn_leaf(1 - t) {
                        Some(r) => {
                            self.pn_put(1 - t, r, 1);
                            r
                        }
                        None => found.unwrap_or((1, 1, 0)),
                    }
                }
            };
            self.pop();
            kids.push(PnChild {
                m: c.m,
                entry,
                hashes,
                pn,
                dn,
                run,
            });
        }
        self.spare_lists.push(moves);
        let numbers = |kids: &[PnChild]| -> (u32, u32) {
            let pn = kids.iter().map(|k| k.dn).min().unwrap_or(INF);
            let dn = kids
                .iter()
                .fold(0u64, |s, k| s + k.pn as u64)
                .min(INF as u64) as u32;
            (pn, dn)
        };
        let (mut pn, mut dn) = numbers(&kids);
        while pn != 0 && dn != 0 && pn < th_pn && dn < th_dn && !self.aborted {
            if self.nodes >= self.node_limit {
                self.aborted = true;
                break;
            }
            // The child with the least disproof number (the first in move order on ties) and
            // the second least.
            let (mut best, mut dn2) = (0, INF);
            for (j, k) in kids.iter().enumerate().skip(1) {
                if k.dn < kids[best].dn {
                    dn2 = kids[best].dn;
                    best = j;
                } else if k.dn < dn2 {
                    dn2 = k.dn;
                }
            }
            let k = kids[best];
            let c_th_pn = (th_dn as u64 - dn as u64 + k.pn as u64).min(INF as u64) as u32;
            let grown = (dn2 as u64 + 1).max(dn2 as u64 + dn2 as u64 / 4);
            let c_th_dn = grown.min(th_pn as u64).min(INF as u64) as u32;
            self.push_made(&k.entry, &k.hashes);
            self.nodes += 1;
            let r = self.pn_mid(1 - t, c_th_pn, c_th_dn);
            self.pop();
            let kid = &mut kids[best];
            (kid.pn, kid.dn, kid.run) = r;
            (pn, dn) = numbers(&kids);
        }
        // A solved node rests on no run when the pessimistic side won it (a leaf at the limit
        // only ever counts against that side), or when the children it rests on rest on none.
        let run = if pn == 0 || dn == 0 {
            let mover_wins = pn == 0;
            let winner = if mover_wins { color } else { color.opponent() };
            let exact = if winner == prover {
                true
            } else if mover_wins {
                kids.iter().any(|k| k.dn == 0 && k.run == 0)
            } else {
                kids.iter().all(|k| k.run == 0)
            };
            if exact {
                0
            } else {
                cur_run
            }
        } else {
            0
        };
        // History credit for the move a solved win rests on, as the alpha-beta's cut-offs give
        // (it orders moves only).
        if pn == 0 {
            if let Some(k) = kids.iter().find(|k| k.dn == 0 && k.m != PASS) {
                let h = &mut self.history[ci][k.m as usize];
                *h = h.saturating_add(1);
            }
        }
        self.pn
            .as_mut()
            .expect("a proof-number state")
            .spare
            .push(kids);
        self.pn_put(t, (pn, dn, run), self.nodes - n0);
        (pn, dn, run)
    }
}
