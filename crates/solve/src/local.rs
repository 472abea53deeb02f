//! Rule 6 of docs/SOLVING.md, "Safe points": a small area that the owner of strictly alive
//! chains keeps, proven by playing out every local line under one fixed strategy.
//!
//! The area `C` is a connected set of points none of which holds a stone of the strictly alive
//! chains `X'`, maximal (every point next to it off `C` is a stone of `X'`), holding no other
//! pass-alive stone of its owner `c`. Its stones never interact with the rest of the board: the
//! chains of `X'` are never captured, so every chain with a stone in `C` lies in `C` and has its
//! liberties there, and a move outside `C` changes nothing in it. The owner plays there by a
//! strategy [`sigma`] (a function of the stones in `C` only). The check explores every local line from the current stones: the opponent `o`
//! moving anywhere in `C` (suicide included, superko ignored but for its immediate recapture
//! of the position before the owner's answer, which every superko rule refuses: a superset of
//! its real choices), `c` answering in `C` at once after an `o` move there that leaves `C`
//! needing a move, and `c` also free to play the strategy's move when `o` did not move in `C`.
//! It accepts the area only when (1) in every local position that needs a move (an `o` stone
//! in `C`, or a `c` stone of `C` not connected to `X'`) the strategy has a move that is not
//! suicide, and (2) no strategy move can recreate the stones of a state that reaches it: then
//! no strategy move ever repeats a whole-board position since the area was recognised (the
//! whole position repeating would repeat the local one along a line the check explored).
//!
//! The check runs on the area's points renumbered 0 to 11 (board order), with states packed in
//! one word and buffers reused from check to check; [`refused_one_exchange_ahead`] refuses,
//! without exploring, an area one exchange away from one whose check is known refused.

use crate::geometry::{bits, Shifts};
use std::cell::RefCell;

/// The most points an area may have for the check (each check explores up to 3^points local
/// positions).
pub(crate) const MAX_POINTS: u32 = 12;

/// The most local positions one check may visit before it gives up (and the area does not
/// count).
const MAX_STATES: usize = 2_000;

/// The local game of one area, its points numbered 0 to k-1 in the board's order (so the
/// strategy's "lowest point" is the same point), sets of them as the low bits of a `u32`.
struct Area {
    /// Every point of the area.
    all: u32,
    /// The points of the area next to `X'`.
    near: u32,
    /// `dil_lo[m]` and `dil_hi[m]`: the points of the area next to a point of `m` (the board's
    /// dilation, cut to the area: every point the check looks at lies in it), for the subsets
    /// `m` of points 0-5 and (shifted down) of points 6-11; a set's neighbours are the union of
    /// its two halves'.
    dil_lo: [u16; 1 << HALF],
    dil_hi: [u16; 1 << HALF],
}

/// The points of one half of the dilation table.
const HALF: u32 = MAX_POINTS / 2;

impl Area {
    /// The local game of `area` (at most [`MAX_POINTS`] points; `near` its points next to
    /// `X'`), with `own` and `opp` (stones in it) in the local numbering.
    fn new(sh: &Shifts, area: u64, near: u64, own: u64, opp: u64) -> (Area, u32, u32) {
        let k = area.count_ones() as usize;
        assert!(k <= MAX_POINTS as usize, "an area of {k} points");
        let mut pts = [0usize; MAX_POINTS as usize];
        for (i, p) in bits(area).enumerate() {
            pts[i] = p;
        }
        let local = |m: u64| -> u32 {
            pts[..k]
                .iter()
                .enumerate()
                .fold(0, |acc, (i, &p)| acc | (((m >> p) & 1) as u32) << i)
        };
        let mut next = [0u16; MAX_POINTS as usize];
        for i in 0..k {
            next[i] = local(sh.dilate(1u64 << pts[i]) & area) as u16;
        }
        let half = HALF as usize;
        let mut dil_lo = [0u16; 1 << HALF];
        let mut dil_hi = [0u16; 1 << HALF];
        for m in 1..1usize << k.min(half) {
            dil_lo[m] = dil_lo[m & (m - 1)] | next[m.trailing_zeros() as usize];
        }
        for m in 1..1usize << k.saturating_sub(half) {
            dil_hi[m] = dil_hi[m & (m - 1)] | next[half + m.trailing_zeros() as usize];
        }
        let a = Area {
            all: (1u32 << k) - 1,
            near: local(near & area),
            dil_lo,
            dil_hi,
        };
        (a, local(own & area), local(opp & area))
    }

    /// The points of the area next to a point of `m`.
    #[inline]
    fn dilate(&self, m: u32) -> u32 {
        u32::from(self.dil_lo[(m & ((1 << HALF) - 1)) as usize] | self.dil_hi[(m >> HALF) as usize])
    }

    /// The connected part of `mask` that holds `seed`.
    #[inline]
    fn flood(&self, seed: u32, mask: u32) -> u32 {
        let mut grown = seed;
        loop {
            let next = grown | (self.dilate(grown) & mask);
            if next == grown {
                return grown;
            }
            grown = next;
        }
    }

    /// The stones of `own` connected to `X'` (through stones of `own` inside the area).
    #[inline]
    fn joined(&self, own: u32) -> u32 {
        self.flood(own & self.near, own)
    }

    /// Whether the owner must still play here: an opponent stone, or an own stone not joined.
    #[inline]
    fn needs_move(&self, own: u32, opp: u32) -> bool {
        opp != 0 || own & !self.joined(own) != 0
    }

    /// The chains of `stones` next to `p` without an empty point of the area next to them.
    #[inline]
    fn dead_next_to(&self, p: u32, stones: u32, empty: u32) -> u32 {
        let mut dead = 0;
        let mut left = self.dilate(p) & stones;
        while left != 0 {
            let ch = self.flood(left & left.wrapping_neg(), stones);
            left &= !ch;
            if self.dilate(ch) & empty == 0 {
                dead |= ch;
            }
        }
        dead
    }

    /// The opponent plays `p` (suicide removes its chain). Returns the stones after it.
    fn opp_move(&self, own: u32, opp: u32, p: usize) -> (u32, u32) {
        let pm = 1u32 << p;
        let opp = opp | pm;
        // Joined own stones are never captured: they hang on to X'.
        let loose = own & !self.joined(own);
        let empty = self.all & !own & !opp;
        let captured = self.dead_next_to(pm, loose, empty);
        let own = own & !captured;
        let empty = empty | captured;
        let ch = self.flood(pm, opp);
        if self.dilate(ch) & empty == 0 {
            (own, opp & !ch)
        } else {
            (own, opp)
        }
    }

    /// The owner plays `p`: the stones after it, or `None` when it is suicide; and the kind of
    /// move (3 join, 2 capture, 1 fill next to a joined stone, 0 other).
    fn own_move(&self, own: u32, opp: u32, p: usize) -> Option<(u32, u32, u8)> {
        let pm = 1u32 << p;
        let before_joined = self.joined(own);
        let own = own | pm;
        let empty = self.all & !own & !opp;
        let captured = self.dead_next_to(pm, opp, empty);
        let opp = opp & !captured;
        let empty = empty | captured;
        let ch = self.flood(pm, own);
        let joined = ch & self.near != 0;
        if !joined && self.dilate(ch) & empty == 0 {
            return None;
        }
        let kind = if joined && ch & !pm & !before_joined != 0 {
            3
        } else if captured != 0 {
            2
        } else if joined {
            1
        } else {
            0
        };
        Some((own, opp, kind))
    }
}

/// The owner's strategy in a position that needs a move: among its moves in the area that are
/// not suicide, the first of the highest kind (join a loose chain to `X'`, capture, fill a
/// point next to `X'` or a joined stone, any other), the lowest point among moves of one kind.
/// `None`: no such move. (Two other tie-breaks, the most opponent stones or the most empty
/// points next to the move, tried as further strategies when this one failed, cost CPU time
/// for few more areas: docs/BENCHMARKS.md, "Wave 11".)
fn sigma(a: &Area, own: u32, opp: u32) -> Option<(u32, u32)> {
    let mut best: Option<(u32, u32, u8)> = None;
    for p in bits(u64::from(a.all & !own & !opp)) {
        if let Some(m) = a.own_move(own, opp, p) {
            if best.is_none_or(|b| m.2 > b.2) {
                best = Some(m);
            }
        }
    }
    best.map(|(o, x, _)| (o, x))
}

/// Whether the owner keeps every point of `area` (rule 6): `near` are the points of the area
/// next to `X'`, `own` and `opp` the stones in it now. See the module's documentation.
/// With `own_first`, the owner's first move there is the strategy's (it is to move and plays
/// here first), and the opponent's answer is not banned (the position now may have come from
/// a pass).
pub(crate) fn keeps(
    sh: &Shifts,
    area: u64,
    near: u64,
    own: u64,
    opp: u64,
    own_first: bool,
) -> bool {
    if area.count_ones() > MAX_POINTS {
        return false;
    }
    let (a, own, opp) = Area::new(sh, area, near, own, opp);
    GRAPH.with_borrow_mut(|g| check(&a, g, own, opp, own_first, true))
}

/// Rule 6's pre-filter: whether the check of `area` with the opponent free to move first
/// (`keeps(.., false)`) is sure to refuse it, seen one exchange ahead. `known` gives the
/// check's answer for the stones `(own, opp)` of the same area with the opponent free to move
/// first when it is known (the memo). For each empty point p, the opponent's move there and,
/// when the area then needs a move, the strategy's answer lead to stones T whose state
/// (phase 0, no ban) lies in the check's graph: the answer's state has a ban, and a move
/// elsewhere lifts it. Every state the check of T explores is then a state of this check's
/// graph with the same moves out of it, so a state without a strategy move, or a strategy move
/// some state with its stones reaches, found by T's check is one of this check's too; and T's
/// graph is no larger. So T refused means this area refused. Refuses also when the strategy
/// has no answer to one opponent move (condition (1) fails at once).
pub(crate) fn refused_one_exchange_ahead(
    sh: &Shifts,
    area: u64,
    near: u64,
    own: u64,
    opp: u64,
    known: impl Fn(u64, u64) -> Option<bool>,
) -> bool {
    if area.count_ones() > MAX_POINTS {
        return true;
    }
    let (a, own, opp) = Area::new(sh, area, near, own, opp);
    let mut pts = [0usize; MAX_POINTS as usize];
    for (i, p) in bits(area).enumerate() {
        pts[i] = p;
    }
    let global = |m: u32| bits(u64::from(m)).fold(0u64, |acc, i| acc | 1u64 << pts[i]);
    for p in bits(u64::from(a.all & !own & !opp)) {
        let (o2, x2) = a.opp_move(own, opp, p);
        let (o3, x3) = if a.needs_move(o2, x2) {
            match sigma(&a, o2, x2) {
                Some(m) => m,
                None => return true,
            }
        } else {
            (o2, x2)
        };
        if known(global(o3), global(x3)) == Some(false) {
            return true;
        }
    }
    false
}

thread_local! {
    /// The check's buffers, reused from one check to the next (a check allocates nothing once
    /// they have grown).
    static GRAPH: RefCell<Graph> = RefCell::new(Graph::new());
}

#[cfg(test)]
thread_local! {
    /// How many checks of this thread failed early (see [`check`]), for the tests.
    static EARLY_EXITS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A local state packed in a `u64`: the own stones (bits 0-11), the opponent's (12-23), the
/// stones the opponent's next move may not recreate (24-47, packed the same way, or
/// [`NO_BAN`]) and the phase (48-49). The phase is 1 when the opponent has just moved in the
/// area and the owner answers there at once, 2 for the first state when the owner moves first,
/// else 0. The ban: after the owner's answer to an opponent move in the area, the position
/// before the answer (the opponent's immediate recapture would repeat the whole-board position
/// its own last move made, which every superko rule refuses), else none.
type State = u64;

/// No ban on the opponent's next move (no stones are both own and the opponent's).
const NO_BAN: u32 = STONES;

/// The bits of the stones in a [`State`] (own, then the opponent's).
const STONE_BITS: u32 = 2 * MAX_POINTS;

/// The stones' bits of a [`State`].
const STONES: u32 = (1 << STONE_BITS) - 1;

/// One side's stones' bits.
const SIDE: u32 = (1 << MAX_POINTS) - 1;

/// The stones of `own` and `opp` as the low [`STONE_BITS`] bits of a [`State`].
#[inline]
fn stones(own: u32, opp: u32) -> u32 {
    own | opp << MAX_POINTS
}

#[inline]
fn state(own: u32, opp: u32, phase: u8, ban: u32) -> State {
    u64::from(stones(own, opp))
        | u64::from(ban) << STONE_BITS
        | u64::from(phase) << (2 * STONE_BITS)
}

/// The check of one strategy: every local line from the stones now, the opponent moving
/// anywhere in the area when the owner has not to answer, the owner answering by the strategy.
/// With `early`, a strategy move that recreates the stones of a state on the line the
/// exploration found its state by fails the check at once (condition (2) fails there: that
/// state reaches it); the answer is the same, most failing checks explore fewer states.
fn check(a: &Area, graph: &mut Graph, own: u32, opp: u32, own_first: bool, early: bool) -> bool {
    graph.reset();
    // Phase 2: the owner moves first, and bans nothing after it.
    graph.node(state(own, opp, if own_first { 2 } else { 0 }, NO_BAN));
    let mut u = 0;
    while u < graph.states.len() {
        graph.from = u as u32;
        if graph.states.len() > MAX_STATES {
            return false;
        }
        let s = graph.states[u];
        let (own, opp) = (s as u32 & SIDE, (s >> MAX_POINTS) as u32 & SIDE);
        let ban = (s >> STONE_BITS) as u32 & STONES;
        let phase = (s >> (2 * STONE_BITS)) as u8;
        let needs = a.needs_move(own, opp);
        if phase == 2 && !needs {
            return false;
        }
        if needs {
            let Some((o2, x2)) = sigma(a, own, opp) else {
                return false;
            };
            let ban_after = if phase == 1 { stones(own, opp) } else { NO_BAN };
            if early && graph.on_line(u, stones(o2, x2)) {
                // A state with the stones after the strategy's move reaches `u` along the
                // line the exploration found `u` by: (2) fails, as `no_repetition` would find.
                #[cfg(test)]
                EARLY_EXITS.with(|n| n.set(n.get() + 1));
                return false;
            }
            let v = graph.node(state(o2, x2, 0, ban_after));
            graph.edges.push(v | STRATEGY);
        }
        if phase == 0 {
            // A move elsewhere (or a pass) lifts the ban: the board is no longer the same.
            if ban != NO_BAN {
                let v = graph.node(state(own, opp, 0, NO_BAN));
                graph.edges.push(v);
            }
            for p in bits(u64::from(a.all & !own & !opp)) {
                let (o2, x2) = a.opp_move(own, opp, p);
                if stones(o2, x2) == ban {
                    continue;
                }
                let v = graph.node(state(o2, x2, u8::from(a.needs_move(o2, x2)), NO_BAN));
                graph.edges.push(v);
            }
        }
        graph.first.push(graph.edges.len() as u32);
        u += 1;
    }
    graph.no_repetition()
}

/// The mark of a strategy move in [`Graph::edges`].
const STRATEGY: u32 = 1 << 31;

/// Slots of the index of states (a power of two, over twice the most states a check makes:
/// [`MAX_STATES`] and one state's successors).
const INDEX_SLOTS: usize = 1 << 13;

/// The graph of local states that [`check`] explores, with its buffers (kept from one check
/// to the next).
struct Graph {
    /// The index of states, open addressing: a slot is in use when its stamp is `stamp`.
    slot_state: Vec<State>,
    slot_index: Vec<u32>,
    slot_stamp: Vec<u32>,
    stamp: u32,
    states: Vec<State>,
    /// The state each state was found from (the first one for the first state).
    parent: Vec<u32>,
    /// The moves out of state `u`: `edges[first[u]..first[u + 1]]`, each the state it leads
    /// to, with [`STRATEGY`] set for the strategy's move (states are explored in order, and
    /// all of a state's moves are found when it is explored).
    first: Vec<u32>,
    edges: Vec<u32>,
    /// The state being explored: the parent of the states found now.
    from: u32,
    /// Buffers of [`Graph::no_repetition`] and [`Graph::components`].
    comp: Vec<u32>,
    order: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    call: Vec<(u32, u32)>,
    by_stones: Vec<u64>,
    twins: Vec<(u32, u32)>,
    pending: Vec<(u32, u32)>,
    seen: Vec<u32>,
}

impl Graph {
    fn new() -> Graph {
        Graph {
            slot_state: vec![0; INDEX_SLOTS],
            slot_index: vec![0; INDEX_SLOTS],
            slot_stamp: vec![0; INDEX_SLOTS],
            stamp: 0,
            states: Vec::new(),
            parent: Vec::new(),
            first: Vec::new(),
            edges: Vec::new(),
            from: 0,
            comp: Vec::new(),
            order: Vec::new(),
            low: Vec::new(),
            on_stack: Vec::new(),
            stack: Vec::new(),
            call: Vec::new(),
            by_stones: Vec::new(),
            twins: Vec::new(),
            pending: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// Empties the graph for a new check.
    fn reset(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slot_stamp.fill(0);
            self.stamp = 1;
        }
        self.states.clear();
        self.parent.clear();
        self.first.clear();
        self.first.push(0);
        self.edges.clear();
        self.from = 0;
    }

    /// Whether `u` or a state on the line of first finds from the first state to `u` holds
    /// `stones` (then a state holding them reaches `u`).
    fn on_line(&self, mut u: usize, stones: u32) -> bool {
        loop {
            if self.states[u] as u32 & STONES == stones {
                return true;
            }
            if u == 0 {
                return false;
            }
            u = self.parent[u] as usize;
        }
    }

    /// The number of a state, added (to be explored) when new.
    #[inline]
    fn node(&mut self, k: State) -> u32 {
        let mask = INDEX_SLOTS - 1;
        let mut h =
            (k.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - INDEX_SLOTS.trailing_zeros())) as usize;
        while self.slot_stamp[h] == self.stamp {
            if self.slot_state[h] == k {
                return self.slot_index[h];
            }
            h = (h + 1) & mask;
        }
        let i = self.states.len() as u32;
        self.slot_stamp[h] = self.stamp;
        self.slot_state[h] = k;
        self.slot_index[h] = i;
        self.states.push(k);
        self.parent.push(self.from);
        i
    }

    /// Whether no strategy move of the graph can recreate a position met earlier on a line:
    /// for each strategy move x -> y, no state holding y's stones reaches x. When y is the only
    /// state with its stones, that is x and y in different strongly connected components;
    /// otherwise a search from all the states with those stones (one search for all the
    /// strategy moves to states with the same stones).
    fn no_repetition(&mut self) -> bool {
        let n = self.states.len();
        self.components();
        // The states sorted by their stones (stones above, state number below).
        self.by_stones.clear();
        self.by_stones.extend(
            (0..n as u32)
                .map(|i| (self.states[i as usize] & u64::from(STONES)) << 32 | u64::from(i)),
        );
        self.by_stones.sort_unstable();
        // twins[i]: the range of `by_stones` holding state i's stones.
        self.twins.clear();
        self.twins.resize(n, (0, 0));
        let mut start = 0;
        for j in 1..=n {
            if j == n || self.by_stones[j] >> 32 != self.by_stones[start] >> 32 {
                for &e in &self.by_stones[start..j] {
                    self.twins[e as u32 as usize] = (start as u32, j as u32);
                }
                start = j;
            }
        }
        self.pending.clear();
        for x in 0..n {
            for k in self.first[x]..self.first[x + 1] {
                let e = self.edges[k as usize];
                if e & STRATEGY == 0 {
                    continue;
                }
                let y = (e & !STRATEGY) as usize;
                let (lo, hi) = self.twins[y];
                if hi - lo == 1 {
                    if self.comp[x] == self.comp[y] {
                        return false;
                    }
                } else {
                    self.pending.push((lo, x as u32));
                }
            }
        }
        self.pending.sort_unstable();
        self.seen.clear();
        self.seen.resize(n, u32::MAX);
        let mut i = 0;
        while i < self.pending.len() {
            let lo = self.pending[i].0;
            let hi = self.twins[self.by_stones[lo as usize] as u32 as usize].1;
            // Everything the states with these stones reach, marked `lo`.
            self.stack.clear();
            for j in lo..hi {
                let t = self.by_stones[j as usize] as u32;
                self.seen[t as usize] = lo;
                self.stack.push(t);
            }
            while let Some(t) = self.stack.pop() {
                let (a, b) = (self.first[t as usize], self.first[t as usize + 1]);
                for k in a..b {
                    let v = self.edges[k as usize] & !STRATEGY;
                    if self.seen[v as usize] != lo {
                        self.seen[v as usize] = lo;
                        self.stack.push(v);
                    }
                }
            }
            while i < self.pending.len() && self.pending[i].0 == lo {
                if self.seen[self.pending[i].1 as usize] == lo {
                    return false;
                }
                i += 1;
            }
        }
        true
    }

    /// The strongly connected component of each state into `comp` (Tarjan's algorithm,
    /// iterative).
    fn components(&mut self) {
        let n = self.states.len();
        const NONE: u32 = u32::MAX;
        self.order.clear();
        self.order.resize(n, NONE);
        self.low.clear();
        self.low.resize(n, 0);
        self.comp.clear();
        self.comp.resize(n, NONE);
        self.on_stack.clear();
        self.on_stack.resize(n, false);
        self.stack.clear();
        let mut next = 0;
        let mut ncomp = 0;
        for root in 0..n as u32 {
            if self.order[root as usize] != NONE {
                continue;
            }
            // (state, next edge to look at)
            self.call.clear();
            self.call.push((root, self.first[root as usize]));
            self.order[root as usize] = next;
            self.low[root as usize] = next;
            next += 1;
            self.stack.push(root);
            self.on_stack[root as usize] = true;
            while let Some(&(u, i)) = self.call.last() {
                let u = u as usize;
                if i < self.first[u + 1] {
                    let v = (self.edges[i as usize] & !STRATEGY) as usize;
                    self.call.last_mut().expect("not empty").1 += 1;
                    if self.order[v] == NONE {
                        self.order[v] = next;
                        self.low[v] = next;
                        next += 1;
                        self.stack.push(v as u32);
                        self.on_stack[v] = true;
                        self.call.push((v as u32, self.first[v]));
                    } else if self.on_stack[v] {
                        self.low[u] = self.low[u].min(self.order[v]);
                    }
                } else {
                    self.call.pop();
                    if let Some(&(parent, _)) = self.call.last() {
                        let p = parent as usize;
                        self.low[p] = self.low[p].min(self.low[u]);
                    }
                    if self.low[u] == self.order[u] {
                        loop {
                            let w = self.stack.pop().expect("on the stack") as usize;
                            self.on_stack[w] = false;
                            self.comp[w] = ncomp;
                            if w == u {
                                break;
                            }
                        }
                        ncomp += 1;
                    }
                }
            }
        }
    }
}

/// The check as wave 11 wrote it (masks over the whole board, hash maps and vectors made per
/// check), kept as the reference the tests compare the compact check with.
#[cfg(test)]
mod reference {
    use super::MAX_STATES;
    use crate::geometry::{bits, MixState, Shifts};
    use std::collections::HashMap;

    /// The local game of one area: its points, the points of it next to `X'`, and the board's
    /// shifts.
    pub(super) struct Area<'a> {
        pub sh: &'a Shifts,
        pub area: u64,
        pub near: u64,
    }

    impl Area<'_> {
        /// The stones of `own` connected to `X'` (through stones of `own` inside the area).
        fn joined(&self, own: u64) -> u64 {
            self.sh.flood(own & self.near, own)
        }

        /// Whether the owner must still play here: an opponent stone, or an own stone not joined.
        fn needs_move(&self, own: u64, opp: u64) -> bool {
            opp != 0 || own & !self.joined(own) != 0
        }

        /// The chains of `stones` next to `p` without an empty point of the area next to them.
        fn dead_next_to(&self, p: u64, stones: u64, empty: u64) -> u64 {
            let mut dead = 0;
            let mut left = self.sh.dilate(p) & stones;
            while left != 0 {
                let ch = self.sh.flood(left & left.wrapping_neg(), stones);
                left &= !ch;
                if self.sh.dilate(ch) & empty == 0 {
                    dead |= ch;
                }
            }
            dead
        }

        /// The opponent plays `p` (suicide removes its chain). Returns the stones after it.
        fn opp_move(&self, own: u64, opp: u64, p: usize) -> (u64, u64) {
            let pm = 1u64 << p;
            let opp = opp | pm;
            // Joined own stones are never captured: they hang on to X'.
            let loose = own & !self.joined(own);
            let empty = self.area & !own & !opp;
            let captured = self.dead_next_to(pm, loose, empty);
            let own = own & !captured;
            let empty = empty | captured;
            let ch = self.sh.flood(pm, opp);
            if self.sh.dilate(ch) & empty == 0 {
                (own, opp & !ch)
            } else {
                (own, opp)
            }
        }

        /// The owner plays `p`: the stones after it, or `None` when it is suicide; and the kind of
        /// move (3 join, 2 capture, 1 fill next to a joined stone, 0 other).
        fn own_move(&self, own: u64, opp: u64, p: usize) -> Option<(u64, u64, u8)> {
            let pm = 1u64 << p;
            let before_joined = self.joined(own);
            let own = own | pm;
            let empty = self.area & !own & !opp;
            let captured = self.dead_next_to(pm, opp, empty);
            let opp = opp & !captured;
            let empty = empty | captured;
            let ch = self.sh.flood(pm, own);
            let joined = ch & self.near != 0;
            if !joined && self.sh.dilate(ch) & empty == 0 {
                return None;
            }
            let kind = if joined && ch & !pm & !before_joined != 0 {
                3
            } else if captured != 0 {
                2
            } else if joined {
                1
            } else {
                0
            };
            Some((own, opp, kind))
        }
    }

    /// The owner's strategy in a position that needs a move: among its moves in the area that are
    /// not suicide, the first of the highest kind (join a loose chain to `X'`, capture, fill a
    /// point next to `X'` or a joined stone, any other), the lowest point among moves of one kind.
    /// `None`: no such move. (Two other tie-breaks, the most opponent stones or the most empty
    /// points next to the move, tried as further strategies when this one failed, cost CPU time
    /// for few more areas: docs/BENCHMARKS.md, "Wave 11".)
    fn sigma(a: &Area, own: u64, opp: u64) -> Option<(u64, u64)> {
        let mut best: Option<(u64, u64, u8)> = None;
        for p in bits(a.area & !own & !opp) {
            if let Some(m) = a.own_move(own, opp, p) {
                if best.is_none_or(|b| m.2 > b.2) {
                    best = Some(m);
                }
            }
        }
        best.map(|(o, x, _)| (o, x))
    }

    /// No ban on the opponent's next move (see [`State`]).
    const NO_BAN: (u64, u64) = (u64::MAX, u64::MAX);

    /// A local state: the stones (own, opponent), the phase (1 when the opponent has just moved in
    /// the area and the owner answers there at once, else 0), and the stones the opponent's next
    /// move may not recreate: after the owner's answer to an opponent move in the area, the
    /// position before the answer (the opponent's immediate recapture would repeat the whole-board
    /// position its own last move made, which every superko rule refuses), else [`NO_BAN`].
    type State = (u64, u64, u8, (u64, u64));

    /// The check of one strategy: every local line from the stones now, the opponent moving
    /// anywhere in the area when the owner has not to answer, the owner answering by the strategy.
    /// With `early`, a strategy move that recreates the stones of a state on the line the
    /// exploration found its state by fails the check at once (condition (2) fails there: that
    /// state reaches it); the answer is the same, most failing checks explore fewer states.
    pub(super) fn check(a: &Area, own: u64, opp: u64, own_first: bool, early: bool) -> bool {
        let mut graph = Graph::default();
        // Phase 2: the owner moves first, and bans nothing after it.
        graph.node((own, opp, if own_first { 2 } else { 0 }, NO_BAN));
        let mut u = 0;
        while u < graph.states.len() {
            graph.from = u;
            if graph.states.len() > MAX_STATES {
                return false;
            }
            let (own, opp, phase, ban) = graph.states[u];
            if phase == 2 && !a.needs_move(own, opp) {
                return false;
            }
            if a.needs_move(own, opp) {
                let Some((o2, x2)) = sigma(a, own, opp) else {
                    return false;
                };
                let ban = if phase == 1 { (own, opp) } else { NO_BAN };
                if early && graph.on_line(u, (o2, x2)) {
                    // A state with the stones after the strategy's move reaches `u` along the
                    // line the exploration found `u` by: (2) fails, as `no_repetition` would find.
                    return false;
                }
                let v = graph.node((o2, x2, 0, ban));
                graph.edges[u].push((v, true));
            }
            if phase == 0 {
                // A move elsewhere (or a pass) lifts the ban: the board is no longer the same.
                if ban != NO_BAN {
                    let v = graph.node((own, opp, 0, NO_BAN));
                    graph.edges[u].push((v, false));
                }
                for p in bits(a.area & !own & !opp) {
                    let (o2, x2) = a.opp_move(own, opp, p);
                    if (o2, x2) == ban {
                        continue;
                    }
                    let v = graph.node((o2, x2, u8::from(a.needs_move(o2, x2)), NO_BAN));
                    graph.edges[u].push((v, false));
                }
            }
            u += 1;
        }
        no_repetition(&graph)
    }

    /// Whether no strategy move of the graph can recreate a position met earlier on a line: for
    /// each strategy move x -> y, no state holding y's stones reaches x. When y is the only state
    /// with its stones, that is x and y in different strongly connected components; otherwise a
    /// search from all the states with those stones.
    fn no_repetition(graph: &Graph) -> bool {
        let comp = components(&graph.edges);
        let mut by_stones: HashMap<(u64, u64), Vec<usize>, MixState> = HashMap::default();
        for (i, s) in graph.states.iter().enumerate() {
            by_stones.entry((s.0, s.1)).or_default().push(i);
        }
        let mut reached: HashMap<(u64, u64), Vec<bool>, MixState> = HashMap::default();
        for (x, out) in graph.edges.iter().enumerate() {
            for &(y, strategy) in out {
                if !strategy {
                    continue;
                }
                let stones = (graph.states[y].0, graph.states[y].1);
                let twins = &by_stones[&stones];
                if twins.len() == 1 {
                    if comp[x] == comp[y] {
                        return false;
                    }
                    continue;
                }
                let seen = reached.entry(stones).or_insert_with(|| {
                    let mut seen = vec![false; graph.states.len()];
                    let mut stack = twins.clone();
                    for &t in twins {
                        seen[t] = true;
                    }
                    while let Some(t) = stack.pop() {
                        for &(v, _) in &graph.edges[t] {
                            if !seen[v] {
                                seen[v] = true;
                                stack.push(v);
                            }
                        }
                    }
                    seen
                });
                if seen[x] {
                    return false;
                }
            }
        }
        true
    }

    /// The graph of local states that [`check`] explores.
    #[derive(Default)]
    struct Graph {
        index: HashMap<State, usize, MixState>,
        states: Vec<State>,
        edges: Vec<Vec<(usize, bool)>>,
        /// The state each state was found from (the first one for the first state).
        parent: Vec<usize>,
        /// The state being explored: the parent of the states found now.
        from: usize,
    }

    impl Graph {
        /// Whether `u` or a state on the line of first finds from the first state to `u` holds
        /// `stones` (then a state holding them reaches `u`).
        fn on_line(&self, mut u: usize, stones: (u64, u64)) -> bool {
            loop {
                let s = &self.states[u];
                if (s.0, s.1) == stones {
                    return true;
                }
                if u == 0 {
                    return false;
                }
                u = self.parent[u];
            }
        }

        /// The number of a state, added (to be explored) when new.
        fn node(&mut self, k: State) -> usize {
            if let Some(&i) = self.index.get(&k) {
                return i;
            }
            self.index.insert(k, self.states.len());
            self.states.push(k);
            self.edges.push(Vec::new());
            self.parent.push(self.from);
            self.states.len() - 1
        }
    }

    /// The strongly connected component of each node (Tarjan's algorithm, iterative).
    pub(super) fn components(edges: &[Vec<(usize, bool)>]) -> Vec<usize> {
        let n = edges.len();
        const NONE: usize = usize::MAX;
        let mut order = vec![NONE; n];
        let mut low = vec![0; n];
        let mut comp = vec![NONE; n];
        let mut on_stack = vec![false; n];
        let mut stack = Vec::new();
        let mut next = 0;
        let mut ncomp = 0;
        for root in 0..n {
            if order[root] != NONE {
                continue;
            }
            // (node, next edge to look at)
            let mut call = vec![(root, 0usize)];
            order[root] = next;
            low[root] = next;
            next += 1;
            stack.push(root);
            on_stack[root] = true;
            while let Some(&mut (u, ref mut i)) = call.last_mut() {
                if *i < edges[u].len() {
                    let v = edges[u][*i].0;
                    *i += 1;
                    if order[v] == NONE {
                        order[v] = next;
                        low[v] = next;
                        next += 1;
                        stack.push(v);
                        on_stack[v] = true;
                        call.push((v, 0));
                    } else if on_stack[v] {
                        low[u] = low[u].min(order[v]);
                    }
                } else {
                    call.pop();
                    if let Some(&(parent, _)) = call.last() {
                        low[parent] = low[parent].min(low[u]);
                    }
                    if low[u] == order[u] {
                        loop {
                            let w = stack.pop().expect("on the stack");
                            on_stack[w] = false;
                            comp[w] = ncomp;
                            if w == u {
                                break;
                            }
                        }
                        ncomp += 1;
                    }
                }
            }
        }
        comp
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;

    /// Rows top first: `x` the owner, `o` the opponent, `.` empty, `#` a stone of `X'` (the
    /// strictly alive chains around the area; the area is every point that is not `#`).
    fn area(w: usize, rows: &[&str]) -> (Geometry, u64, u64, u64, u64) {
        let g = Geometry::new(w, rows.len());
        let (mut wall, mut own, mut opp) = (0u64, 0u64, 0u64);
        for (i, c) in rows.concat().chars().enumerate() {
            match c {
                '#' => wall |= 1 << i,
                'x' => own |= 1 << i,
                'o' => opp |= 1 << i,
                _ => {}
            }
        }
        let a = g.all & !wall;
        let near = a & g.dilate(wall);
        (g, a, near, own, opp)
    }

    fn check(w: usize, rows: &[&str]) -> bool {
        let (g, a, near, own, opp) = area(w, rows);
        keeps(&g.shifts, a, near, own, opp, false)
    }

    /// The compact check of `area` (points `a`, `near` of them next to `X'`), with or without
    /// the early failure.
    fn compact(
        g: &Geometry,
        a: u64,
        near: u64,
        own: u64,
        opp: u64,
        first: bool,
        early: bool,
    ) -> bool {
        let (la, lo, lx) = Area::new(&g.shifts, a, near, own, opp);
        GRAPH.with_borrow_mut(|gr| super::check(&la, gr, lo, lx, first, early))
    }

    /// The reference check (wave 11's code) of the same area.
    fn wave11(
        g: &Geometry,
        a: u64,
        near: u64,
        own: u64,
        opp: u64,
        first: bool,
        early: bool,
    ) -> bool {
        let area = reference::Area {
            sh: &g.shifts,
            area: a,
            near,
        };
        reference::check(&area, own, opp, first, early)
    }

    #[test]
    fn failing_early_on_a_line_gives_the_full_checks_answer() {
        // Every placement of own and opponent stones in a few area shapes (up to 3^8 each),
        // either side first: the check that fails as soon as a strategy move recreates the
        // stones of a state on its line must answer as the one that builds the whole graph
        // and looks for repetitions afterwards, and both as wave 11's check (whole-board
        // masks, its own graph code) with the early failure off. Both answers must occur, and
        // the early exit must have fired, or the comparison proves nothing.
        let shapes: [(usize, &[&str]); 5] = [
            (2, &["##", "..", "..", ".."]),
            (3, &["..#", "..#", "###"]),
            (5, &["....#", "#####"]),
            (3, &["..#", "...", "..#", "###"]),
            (2, &["##", "..", "..", "..", ".."]),
        ];
        let (mut kept, mut refused) = (0, 0);
        let before = EARLY_EXITS.with(|n| n.get());
        for (w, rows) in shapes {
            let (g, a, near, _, _) = area(w, rows);
            let pts: Vec<usize> = bits(a).collect();
            for code in 0..3usize.pow(pts.len() as u32) {
                let (mut own, mut opp, mut c) = (0u64, 0u64, code);
                for &p in &pts {
                    match c % 3 {
                        1 => own |= 1 << p,
                        2 => opp |= 1 << p,
                        _ => {}
                    }
                    c /= 3;
                }
                for first in [false, true] {
                    let full = wave11(&g, a, near, own, opp, first, false);
                    let what = format!("{rows:?} own {own:#x} opp {opp:#x} first {first}");
                    assert_eq!(compact(&g, a, near, own, opp, first, false), full, "{what}");
                    assert_eq!(compact(&g, a, near, own, opp, first, true), full, "{what}");
                    if full {
                        kept += 1;
                    } else {
                        refused += 1;
                    }
                }
            }
        }
        assert!(kept > 0 && refused > 0, "kept {kept} refused {refused}");
        let early = EARLY_EXITS.with(|n| n.get()) - before;
        assert!(
            early > 0 && early < refused,
            "early {early} refused {refused}"
        );
    }

    #[test]
    fn the_compact_check_answers_as_wave_11s_on_random_areas() {
        // Random boards of 2 to 36 points with random walls (the stones of X'); each area
        // (a connected set of points off the wall) of 1 to 12 points, with random stones in it,
        // either side first: the compact check (local numbering, packed states, reused
        // buffers) must answer as wave 11's check, early failure on in both. Areas touching
        // the board's edge, areas with no point next to the wall and every size must occur.
        let (mut kept, mut refused) = (0, 0);
        let mut sizes = [0usize; MAX_POINTS as usize + 1];
        random_areas(0x2545_f491_4f6c_dd1d, |g, (w, h), wall, a, near, stones| {
            sizes[a.count_ones() as usize] += 1;
            for &(own, opp) in stones {
                for first in [false, true] {
                    let want = wave11(g, a, near, own, opp, first, true);
                    assert_eq!(
                        keeps(&g.shifts, a, near, own, opp, first),
                        want,
                        "{w}x{h} wall {wall:#x} area {a:#x} own {own:#x} opp {opp:#x} first {first}"
                    );
                    if want {
                        kept += 1;
                    } else {
                        refused += 1;
                    }
                }
            }
        });
        assert!(sizes[1..].iter().all(|&s| s > 0), "sizes {sizes:?}");
        assert!(
            kept > 1000 && refused > 1000,
            "kept {kept} refused {refused}"
        );
    }

    /// Random areas for the tests that compare the check with another answer: 3,000 boards of
    /// 2x1 to 6x6 with walls on about 30 to 70 percent of the points (xorshift from `seed`),
    /// each area of at most [`MAX_POINTS`] points between the walls given to `each` with the
    /// board's size, `near` (its points next to the wall) and four random placements of own
    /// and opponent stones in it.
    fn random_areas(
        seed: u64,
        mut each: impl FnMut(&Geometry, (usize, usize), u64, u64, u64, &[(u64, u64); 4]),
    ) {
        let mut rng = seed;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for _ in 0..3000 {
            let (w, h) = (2 + next() as usize % 5, 1 + next() as usize % 6);
            let g = Geometry::new(w, h);
            let density = 3 + next() % 5;
            let wall = (0..g.n).fold(
                0u64,
                |m, p| {
                    if next() % 10 < density {
                        m | 1 << p
                    } else {
                        m
                    }
                },
            );
            let mut left = g.all & !wall;
            while left != 0 {
                let a = g.flood(left & left.wrapping_neg(), g.all & !wall);
                left &= !a;
                if a.count_ones() > MAX_POINTS {
                    continue;
                }
                let near = a & g.dilate(wall);
                let mut stones = [(0u64, 0u64); 4];
                for (own, opp) in &mut stones {
                    for p in bits(a) {
                        match next() % 4 {
                            0 => *own |= 1 << p,
                            1 => *opp |= 1 << p,
                            _ => {}
                        }
                    }
                }
                each(&g, (w, h), wall, a, near, &stones);
            }
        }
    }

    #[test]
    fn the_pre_filter_never_refuses_an_area_the_check_keeps() {
        // Random areas as above, the opponent free to move first: the pre-filter, given the
        // check's own answers for the areas one exchange ahead, must pass every area the
        // check keeps (it refuses only what the check refuses). It must also refuse some
        // areas, or the test proves nothing.
        let (mut kept, mut refused, mut filtered) = (0, 0, 0);
        random_areas(0x9e37_79b9_7f4a_7c15, |g, (w, h), wall, a, near, stones| {
            for &(own, opp) in stones {
                let keeps_now = keeps(&g.shifts, a, near, own, opp, false);
                let filter = refused_one_exchange_ahead(&g.shifts, a, near, own, opp, |o, x| {
                    Some(keeps(&g.shifts, a, near, o, x, false))
                });
                assert!(
                    !(keeps_now && filter),
                    "{w}x{h} wall {wall:#x} area {a:#x} own {own:#x} opp {opp:#x}"
                );
                if keeps_now {
                    kept += 1;
                } else {
                    refused += 1;
                }
                filtered += usize::from(filter);
            }
        });
        assert!(
            kept > 1000 && refused > 1000,
            "kept {kept} refused {refused}"
        );
        assert!(filtered > 100, "filtered {filtered} of {refused} refused");
    }

    #[test]
    fn small_areas_where_the_opponent_cannot_live_are_kept() {
        // The 2x3 end of a 2-wide board below a wall: the opponent's eyes could only be on
        // rows 1-2 (row 0 touches the wall), and two eyes there need three of its stones on
        // the five other points before the owner fills row 0 and captures: kept, empty, with
        // an opponent stone, with a loose own stone, or both.
        for rows in [
            ["##", "..", "..", ".."],
            ["##", "..", "x.", ".o"],
            ["##", "..", "o.", ".x"],
            ["##", "..", "oo", ".."],
            ["##", "xo", "oo", "o."],
        ] {
            assert!(check(2, &rows), "{rows:?}");
        }
        // A 2x2 corner with a loose own stone in the corner and an opponent stone beside the
        // wall (the position of the geometry test).
        assert!(check(3, &["x.#", ".o#", "###"]));
        // Areas over the eight points wave 11 took. A 2-wide end of ten points whose first
        // three rows hold the owner's stones joined to the wall: the four points left, a 2x2
        // end holding one opponent stone, are too few for two eyes (every point of the 2x2
        // is next to a joined own stone or to the board's end, and two eyes there would leave
        // no point for the chain): the owner fills and captures. Kept, and so with the stone
        // elsewhere in the 2x2 or none.
        for rows in [
            ["##", "xx", "xx", "xx", ".o", ".."],
            ["##", "xx", "xx", "xx", "..", "o."],
            ["##", "xx", "xx", "xx", "..", ".."],
        ] {
            assert!(check(2, &rows), "{rows:?}");
        }
        // Twelve points (the most the check takes): two rows along the top edge of a 6-wide
        // board above a wall, the owner's stones joined to it everywhere but on (1,0), an
        // opponent stone in atari, (2,0) its liberty, and (5,0) empty. The owner captures at
        // (2,0) at once; after it every opponent move in the area, (1,0) or (5,0), is suicide.
        assert!(check(6, &["xo.xx.", "xxxxxx", "######"]));
    }

    #[test]
    fn areas_where_the_opponent_lives_or_holds_a_seki_are_not_kept() {
        // Row 0 of a 2x4 area along the top: the opponent's chain on row 1 and (3,0) has the
        // straight three (0,0)-(2,0) as its eye space. With the opponent to move, (1,0) makes
        // two eyes and the owner has no move left there (both points are suicide): not kept,
        // although the owner to move would kill with (1,0).
        assert!(!check(5, &["...o#", "oooo#", "#####"]));
        // The same space filled by the opponent's two eyes already: not kept.
        assert!(!check(5, &[".o.o#", "oooo#", "#####"]));
        // A bent three in the corner: the opponent's chain (2,0), (2,1), (1,1), (1,2), (0,2)
        // has (1,0) and (0,1) as liberties and (0,0) beside them. With the opponent to move,
        // (0,0) makes the two points shared liberties where the owner's stone would be
        // suicide: not kept.
        // (The one strategy does not prove the area with the owner first either: it may walk
        // into a ko after the capture.)
        assert!(!check(5, &["..o##", ".oo##", "oo###", "#####"]));
        // A 2-wide end of twelve points (the most the check takes) where the opponent already
        // has two eyes, (0,3) and (1,5): each is suicide for the owner (it captures nothing,
        // the chain keeps the other eye), the owner's other points are filled: no move, not
        // kept.
        assert!(!check(2, &["##", "xx", "oo", ".o", "oo", "o.", "oo"]));
        // A 4x4 corner (sixteen points) is above the size the check takes.
        assert!(!check(5, &["....#", "....#", "....#", "....#", "#####"]));
    }

    #[test]
    fn components_split_a_graph_into_its_cycles() {
        // 0 -> 1 -> 2 -> 0 is a cycle; 3 hangs off it; 4 -> 4 alone.
        let mut gr = Graph::new();
        gr.reset();
        for (k, out) in [&[1u32][..], &[2], &[0, 3], &[], &[4]]
            .into_iter()
            .enumerate()
        {
            gr.node(k as State);
            gr.edges.extend_from_slice(out);
            gr.first.push(gr.edges.len() as u32);
        }
        gr.components();
        let c = &gr.comp;
        assert_eq!(c[0], c[1]);
        assert_eq!(c[1], c[2]);
        assert_ne!(c[2], c[3]);
        assert_ne!(c[3], c[4]);
        assert_ne!(c[0], c[4]);
    }
}
