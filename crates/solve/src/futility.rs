//! The futility cut (wave 17; docs/SOLVING.md, "Safe points: how few stones can own the
//! board"): an upper bound, from one colour's stones alone, on the points rules 1-6 can count
//! as that colour's, and the most any `k` stones can give, so that a depth-limited search can
//! fail a node at once when the side it is pessimistic for cannot place enough stones before
//! the limit; and (wave 17, second round) the most any `k` stones off the opponent's strings
//! that the side cannot capture before the limit can give ([`Futility::reaches`]).

use crate::geometry::{bits, Geometry};
use crate::local;

/// The most stone sets [`Futility::new`] scores before it stops (each costs two Benson runs
/// and a few flood fills; every count that fits is scored and kept, for
/// [`Futility::reaches`]: on 4x5 the 988,116 sets of up to 13 stones, about 0.5 to 0.8 s once
/// per solve on the shared machine, 16 MB).
const ENUMERATION_BUDGET: u64 = 1_000_000;

/// An upper bound on the safe points (rules 1-6, docs/SOLVING.md, "Safe points") that a colour
/// with the stones `own` can have, whatever the opponent's stones and the history:
/// the union of
/// - the chains that stay in Benson's algorithm when every region next to a chain counts as
///   vital to it (a superset of the pass-alive chains X, since vitality only drops),
/// - the points off `own` all of whose neighbours are stones of those chains (the eyes of X),
/// - the components of the board without the chains of `strict` (Benson's strict run, which
///   depends on `own` alone and holds X') that hold at most [`local::MAX_POINTS`] points, or
///   hold no stone of `own` and have at most two points not next to `strict` (every area of
///   rule 6 is made of such components and of stones of `strict`; every region of rules 2, 3
///   and 5 is such a component), when `strict` is not empty.
pub(crate) fn most_safe(geo: &Geometry, own: u64) -> u32 {
    let relaxed = relaxed_benson(geo, own);
    if relaxed == 0 {
        // No pass-alive chain: the safe points are none (`Geometry::safety_base`).
        return 0;
    }
    let mut safe = relaxed | (geo.all & !own & !geo.dilate(geo.all & !relaxed));
    let (strict, _) = geo.benson(own, 0, true);
    if strict != 0 {
        let near = geo.dilate(strict);
        let mut left = geo.all & !strict;
        while left != 0 {
            let d = geo.flood(left & left.wrapping_neg(), geo.all & !strict);
            left &= !d;
            if d.count_ones() <= local::MAX_POINTS
                || (d & own == 0 && (d & !near).count_ones() <= 2)
            {
                safe |= d;
            }
        }
    }
    safe.count_ones()
}

/// Benson's algorithm on `own` with every region (connected set of points without a stone of
/// `own`, maximal) next to a chain counted as vital to it: the chains that keep two such
/// regions all of whose neighbouring chains keep them too. Benson's real test (every empty
/// point of the region a liberty of the chain) admits fewer pairs, and the algorithm's result
/// only shrinks with fewer vital pairs (it is the greatest set of chains closed under the
/// condition), so this holds the pass-alive chains whatever the opponent's stones.
fn relaxed_benson(geo: &Geometry, own: u64) -> u64 {
    if own == 0 {
        return 0;
    }
    let regions = geo.components(geo.all & !own);
    let chains = geo.components(own);
    let touch: Vec<u64> = chains
        .iter()
        .map(|&c| {
            let t = geo.dilate(c) & !c;
            regions
                .iter()
                .enumerate()
                .filter(|(_, &r)| r & t != 0)
                .fold(0u64, |acc, (j, _)| acc | 1 << j)
        })
        .collect();
    let mut alive: u64 = if chains.len() == 64 {
        u64::MAX
    } else {
        (1u64 << chains.len()) - 1
    };
    let mut ok: u64 = if regions.len() == 64 {
        u64::MAX
    } else {
        (1u64 << regions.len()) - 1
    };
    loop {
        let mut changed = false;
        for i in bits(alive) {
            if (touch[i] & ok).count_ones() < 2 {
                alive &= !(1 << i);
                ok &= !touch[i];
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    bits(alive).fold(0, |acc, i| acc | chains[i])
}

/// For each number of stones k, the most points [`most_safe`] gives any k stones or fewer of
/// one colour on the board: a bound on what the static rules can count as that colour's.
#[derive(Debug, Clone)]
pub(crate) struct Futility {
    /// `most[k]` for k up to the last count enumerated in full; beyond, the whole board.
    most: Vec<u32>,
    /// `sets[k]`: every set of exactly k stones with a bound of at least one point, with its
    /// bound, highest bound first (k up to the last count enumerated in full), for
    /// [`Futility::reaches`].
    sets: Vec<Vec<(u64, u32)>>,
    /// The board's points.
    n: u32,
}

impl Futility {
    /// Enumerates every set of stones of 0, 1, 2, ... points until [`ENUMERATION_BUDGET`]
    /// sets have been scored (a count not enumerated in full is not kept: beyond the last one
    /// kept, the bound is the whole board), keeping each set's bound for
    /// [`Futility::reaches`].
    pub(crate) fn new(geo: &Geometry) -> Futility {
        Futility::with_budget(geo, ENUMERATION_BUDGET)
    }

    /// [`Futility::new`] with another budget of stone sets.
    pub(crate) fn with_budget(geo: &Geometry, budget: u64) -> Futility {
        let n = geo.n as u32;
        let mut most = vec![0u32];
        let mut all_sets = vec![Vec::new()];
        let mut spent = 0u64;
        for k in 1..=n {
            // C(n, k), saturating.
            let sets =
                (0..k as u64).fold(1u64, |acc, i| acc.saturating_mul(n as u64 - i) / (i + 1));
            if spent.saturating_add(sets) > budget {
                break;
            }
            spent += sets;
            let mut best = *most.last().expect("k = 0 kept");
            let mut set: u64 = (1u64 << k) - 1;
            let mut these = Vec::new();
            loop {
                let u = most_safe(geo, set);
                best = best.max(u);
                if u > 0 {
                    these.push((set, u));
                }
                // Gosper's hack: the next set of k of the n low bits.
                let c = set & set.wrapping_neg();
                let r = set.wrapping_add(c);
                if r == 0 {
                    break;
                }
                set = (((r ^ set) >> 2) / c) | r;
                if n < 64 && set >> n != 0 {
                    break;
                }
            }
            most.push(best);
            these.sort_by_key(|&(_, u)| std::cmp::Reverse(u));
            all_sets.push(these);
        }
        Futility {
            most,
            sets: all_sets,
            n,
        }
    }

    /// Whether some set of at most `stones` stones with no stone on `barred` has a bound of at
    /// least `need` points (true when `stones` is beyond the counts enumerated): the sharper
    /// futility test, where `barred` holds the opponent's stones that the side cannot remove
    /// before the limit (docs/SOLVING.md, "The futility cut").
    pub(crate) fn reaches(&self, stones: usize, barred: u64, need: u32) -> bool {
        if stones >= self.sets.len() {
            return self.most(stones) >= need;
        }
        self.sets[..=stones].iter().any(|these| {
            these
                .iter()
                .take_while(|&&(_, u)| u >= need)
                .any(|&(set, _)| set & barred == 0)
        })
    }

    /// The most points the static rules can count as one colour's when it has at most `stones`
    /// stones.
    pub(crate) fn most(&self, stones: usize) -> u32 {
        self.most.get(stones).copied().unwrap_or(self.n)
    }

    /// The fewest stones with which the static rules can count `points` points as one colour's
    /// (the board's points plus one when no count enumerated reaches them).
    #[cfg(test)]
    pub(crate) fn fewest(&self, points: u32) -> usize {
        (0..=self.n as usize)
            .find(|&k| self.most(k) >= points)
            .unwrap_or(self.n as usize + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn masks(rows: &[&str]) -> (u64, u64) {
        let w = rows[0].len();
        let (mut b, mut o) = (0, 0);
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                match ch {
                    'x' => b |= 1u64 << (y * w + x),
                    'o' => o |= 1u64 << (y * w + x),
                    _ => {}
                }
            }
        }
        (b, o)
    }

    /// Everything the solver counts as `own`'s (rules 1-6, rule 6's areas checked with either
    /// side first), as the leaves and cut-offs count it.
    fn counted(g: &Geometry, own: u64, opp: u64, own_to_move: bool) -> u32 {
        let mut s = g.safety_base(own, opp);
        g.keep_areas(&mut s, own, opp, own_to_move);
        (s.alive | s.eyes | s.regions).count_ones()
    }

    /// The bound is never below what the rules count, on random positions of boards of 13 to
    /// 25 points (where areas of rule 6 and regions of rules 2-5 occur) and on hand-made walls:
    /// a bound below it would make the cut fail a node the search could win at the limit.
    #[test]
    fn the_bound_is_at_least_what_the_rules_count() {
        let mut x: u64 = 0x1234_5678_9abc_def1;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut counted_some = 0;
        for (w, h) in [(4, 4), (4, 5), (5, 4), (3, 5), (2, 7), (5, 5), (2, 8)] {
            let g = Geometry::new(w, h);
            for _ in 0..3000 {
                // Dense own stones so that pass-alive chains occur.
                let r = next();
                let own = next() & (next() | next()) & g.all;
                let opp = r & !own & next() & next() & g.all;
                for to_move in [false, true] {
                    let c = counted(&g, own, opp, to_move);
                    if c > 0 {
                        counted_some += 1;
                    }
                    assert!(
                        most_safe(&g, own) >= c,
                        "{w}x{h} own {own:#x} opp {opp:#x}: bound {} counted {c}",
                        most_safe(&g, own)
                    );
                }
            }
        }
        assert!(
            counted_some > 1000,
            "too few positions with safe points: {counted_some}"
        );
    }

    /// Hand-worked bounds on 4x5 and 5x5.
    #[test]
    fn hand_worked_bounds() {
        let g = Geometry::new(4, 5);
        // .x.x / xxxx / then 12 empty points: the chain (six stones) has two one-point eyes,
        // both strictly vital, so it is in X'; the rest is one component of 12 points, which
        // rule 6 may count: the bound is the whole board.
        let (b, _) = masks(&[".x.x", "xxxx", "....", "....", "...."]);
        assert_eq!(most_safe(&g, b), 20);
        // Without (3,0) the top is the eye (0,0) and the region (2,0), (3,0), next to the
        // chain at both points: still two strictly vital regions, five stones for the board.
        let (b, _) = masks(&[".x..", "xxxx", "....", "....", "...."]);
        assert_eq!(most_safe(&g, b), 20);
        // A row of four alone: its top row is strictly vital, its 12-point side is not (rows
        // 3 and 4 are not next to it), so X' is empty and nothing but the chain can count; the
        // chain itself may be pass-alive (white stones filling rows 3 and 4 would leave only
        // its liberties empty), so the bound is its four stones.
        let (b, _) = masks(&["....", "xxxx", "....", "....", "...."]);
        assert_eq!(most_safe(&g, b), 4);
        // One stone: one region, no chain with two: nothing.
        assert_eq!(most_safe(&g, 1 << 5), 0);
        let g = Geometry::new(5, 5);
        // x.x.x / xxxxx / 15 empty points: eyes (1,0) and (3,0), a strictly alive chain of 8
        // stones, and a component of 15 points (more than 12), 10 of them not next to the
        // chain: 8 + 2 = 10.
        let (b, _) = masks(&["x.x.x", "xxxxx", ".....", ".....", "....."]);
        assert_eq!(most_safe(&g, b), 10);
    }

    /// The fewest stones for the whole board, by the enumeration: on 4x5 the five of
    /// `hand_worked_bounds` are enough, and the enumeration must find no more than that (it
    /// scores every set of each size; a bound too high would be a bug of `most_safe`, which
    /// the other tests check).
    #[test]
    fn fewest_stones_for_the_whole_board() {
        let f = Futility::new(&Geometry::new(4, 5));
        assert!(f.fewest(20) <= 5, "4x5: {}", f.fewest(20));
        for k in 0..f.fewest(20) {
            assert!(f.most(k) < 20);
        }
        eprintln!("4x5 most by stones: {:?}", f.most);
    }

    /// `reaches` against a direct enumeration: on 3x3, 2x4 and 3x4 (every set of stones
    /// enumerated), for random barred sets, stone counts and needs, whether some set of at
    /// most k stones off the barred points has a bound of at least `need` is computed again
    /// from `most_safe` over every subset of the free points, without the sorted lists;
    /// with nothing barred it is `most(k) >= need`, and with everything barred it is false
    /// for any need of one point or more (only the empty set is left, and it gets nothing).
    #[test]
    fn reaches_agrees_with_a_direct_enumeration() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut both = [0u32; 2];
        for (w, h) in [(3, 3), (2, 4), (3, 4)] {
            let g = Geometry::new(w, h);
            let f = Futility::new(&g);
            assert_eq!(f.sets.len(), g.n + 1, "{w}x{h}: every count enumerated");
            let n = g.n as u32;
            for k in 0..=g.n {
                for need in 1..=n {
                    assert_eq!(f.reaches(k, 0, need), f.most(k) >= need);
                    assert!(!f.reaches(k, g.all, need));
                }
            }
            for _ in 0..300 {
                let barred = next() & next() & g.all;
                let k = (next() % (g.n as u64 + 1)) as usize;
                let need = 1 + (next() % n as u64) as u32;
                let free = g.all & !barred;
                // Every subset of the free points, by the carry trick.
                let mut best = 0;
                let mut sub: u64 = 0;
                loop {
                    if sub.count_ones() as usize <= k {
                        best = best.max(most_safe(&g, sub));
                    }
                    sub = sub.wrapping_sub(free) & free;
                    if sub == 0 {
                        break;
                    }
                }
                let r = f.reaches(k, barred, need);
                assert_eq!(
                    r,
                    best >= need,
                    "{w}x{h} barred {barred:#x} k {k} need {need}"
                );
                both[usize::from(r)] += 1;
            }
        }
        assert!(both[0] > 50 && both[1] > 50, "{both:?}");
    }

    /// The cut hides no proof: one search at a 17-ply limit (the shallowest where these tests
    /// have proofs), for each side, from an empty table (fails not kept), proves with the cut
    /// whatever it proves without (2x7's tests at 14 and 10, where it fires: 14 points, more
    /// than an area of rule 6; 3x5 and the limits 13 and 15 as well took 2 to 5 minutes under
    /// load, too long for the test command, and 13 and 15 prove nothing). A cut that fired where
    /// the pessimistic side could still win at the limit (a bound one too low, for instance)
    /// would hide that side's proofs. The other way is not required: a search whose subtrees
    /// are cut stores other proofs in the table, in another order, and one of them may serve a
    /// transposition at a shallower ply, so the cut can make a proof appear (2x7's top test at
    /// 17 plies, black's side).
    #[test]
    fn the_cut_hides_no_proof() {
        use crate::{SolveOptions, Solver, Test};
        use tengen_core::Game;
        let rules: tengen_core::Rules = "chinese-ogs,komi=0".parse().unwrap();
        let mut fired = 0;
        let mut proofs = 0;
        let mut gained = 0;
        for (w, h, betas) in [(2, 7, [14, 10])] {
            for beta in betas {
                for depth in [17] {
                    for side in 0..2 {
                        let answer = |futility: bool| {
                            let options = SolveOptions {
                                table_bits: 16,
                                keep_fails: false,
                                futility,
                                ..SolveOptions::default()
                            };
                            let mut s = Solver::<1>::new(Game::new(w, h, rules).unwrap(), options);
                            let mut t = Test {
                                beta,
                                depth: [depth; 2],
                                budget: u64::MAX,
                                side,
                                spent: 0,
                            };
                            (s.step(&mut t, u64::MAX), s.stats.futile_cuts)
                        };
                        let (off, _) = answer(false);
                        let (on, cuts) = answer(true);
                        fired += cuts;
                        proofs += u64::from(on.is_some());
                        if off.is_some() {
                            assert_eq!(on, off, "{w}x{h} >= {beta} depth {depth} side {side}");
                        }
                        gained += u64::from(off.is_none() && on.is_some());
                    }
                }
            }
        }
        assert!(fired > 0 && proofs > 0, "cuts {fired}, proofs {proofs}");
        eprintln!("cuts {fired}, proofs {proofs}, gained {gained}");
    }
}
