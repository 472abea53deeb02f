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

use crate::geometry::{bits, MixState, Shifts};
use std::collections::HashMap;

/// The most points an area may have for the check (each check explores up to 3^points local
/// positions).
pub(crate) const MAX_POINTS: u32 = 8;

/// The most local positions one check may visit before it gives up (and the area does not
/// count).
const MAX_STATES: usize = 2_000;

/// The local game of one area: its points, the points of it next to `X'`, and the board's
/// shifts.
struct Area<'a> {
    sh: &'a Shifts,
    area: u64,
    near: u64,
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
    check(&Area { sh, area, near }, own, opp, own_first, true)
}

#[cfg(test)]
thread_local! {
    /// How many checks of this thread failed early (see [`check`]), for the tests.
    static EARLY_EXITS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
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
fn check(a: &Area, own: u64, opp: u64, own_first: bool, early: bool) -> bool {
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
                #[cfg(test)]
                EARLY_EXITS.with(|n| n.set(n.get() + 1));
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
fn components(edges: &[Vec<(usize, bool)>]) -> Vec<usize> {
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

    #[test]
    fn failing_early_on_a_line_gives_the_full_checks_answer() {
        // Every placement of own and opponent stones in a few area shapes (up to 3^7 each),
        // either side first: the check that fails as soon as a strategy move recreates the
        // stones of a state on its line must answer as the one that builds the whole graph
        // and looks for repetitions afterwards. Both answers must occur, and the early exit
        // must have fired, or the comparison proves nothing.
        let shapes: [(usize, &[&str]); 4] = [
            (2, &["##", "..", "..", ".."]),
            (3, &["..#", "..#", "###"]),
            (5, &["....#", "#####"]),
            (3, &["..#", "...", "..#", "###"]),
        ];
        let (mut kept, mut refused) = (0, 0);
        let before = EARLY_EXITS.with(|n| n.get());
        for (w, rows) in shapes {
            let (g, a, near, _, _) = area(w, rows);
            let pts: Vec<usize> = bits(a).collect();
            let area = Area {
                sh: &g.shifts,
                area: a,
                near,
            };
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
                    let full = super::check(&area, own, opp, first, false);
                    assert_eq!(
                        super::check(&area, own, opp, first, true),
                        full,
                        "{rows:?} own {own:#x} opp {opp:#x} first {first}"
                    );
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
        // A 3x3 corner (nine points) is above the size the check takes.
        assert!(!check(4, &["...#", "...#", "...#", "####"]));
    }

    #[test]
    fn components_split_a_graph_into_its_cycles() {
        // 0 -> 1 -> 2 -> 0 is a cycle; 3 hangs off it; 4 -> 4 alone.
        let e = |v: &[usize]| v.iter().map(|&x| (x, false)).collect::<Vec<_>>();
        let edges = vec![e(&[1]), e(&[2]), e(&[0, 3]), e(&[]), e(&[4])];
        let c = components(&edges);
        assert_eq!(c[0], c[1]);
        assert_eq!(c[1], c[2]);
        assert_ne!(c[2], c[3]);
        assert_ne!(c[3], c[4]);
        assert_ne!(c[0], c[4]);
    }
}
