//! The solver's view of a small board: points as bits of a `u64` (row-major from the top-left),
//! neighbour masks, the board's symmetries, area counting and Benson's pass-alive test on masks.

use crate::local;
use std::cell::RefCell;
use std::collections::HashMap;

/// Bit masks over the points of one board size, and its symmetries.
pub(crate) struct Geometry {
    /// Number of points.
    pub n: usize,
    /// Every point.
    pub all: u64,
    /// The shift masks for dilation and flood fill.
    pub shifts: Shifts,
    /// `syms[s][p]`: where symmetry `s` sends point `p` (identity first).
    pub syms: Vec<Vec<u8>>,
    /// Zobrist keys per color (0 black, 1 white) and point, for the canonical hash.
    zobrist: [Vec<u64>; 2],
    /// The answers of rule 6's check, by (area, own stones, opponent stones in it, whether the
    /// owner moves first there; the area's points next to `X'` are those next to a point off
    /// it): the check is a function of these alone. Kept across the whole solve (each shape is
    /// checked once), emptied when it reaches [`KEPT_MEMO`] answers.
    kept: RefCell<HashMap<([u64; 3], bool), bool, MixState>>,
}

/// The most answers of rule 6's check kept at once (the map then takes at most about 90 MB:
/// 2^21 slots of 41 bytes).
const KEPT_MEMO: usize = 1 << 20;

/// A fast hasher for the memo's keys (stone masks; no untrusted input).
#[derive(Default, Clone, Copy)]
pub(crate) struct MixState;

/// The hasher of [`MixState`]: multiply and rotate per word.
#[derive(Default)]
pub(crate) struct Mix(u64);

impl std::hash::BuildHasher for MixState {
    type Hasher = Mix;
    fn build_hasher(&self) -> Mix {
        Mix(0)
    }
}

impl std::hash::Hasher for Mix {
    fn finish(&self) -> u64 {
        splitmix(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

/// The masks that move a set of points one step in each direction on one board (bit shifts):
/// dilation and flood fill, shared by the geometry and the move maker.
#[derive(Clone, Copy)]
pub(crate) struct Shifts {
    /// Every point.
    all: u64,
    /// Board width.
    w: u32,
    /// Points not in the first column, and not in the last column.
    not_first: u64,
    not_last: u64,
}

impl Shifts {
    /// The points next to any point of `m` (points of `m` included when next to another one).
    #[inline]
    pub fn dilate(&self, m: u64) -> u64 {
        (((m << 1) & self.not_first)
            | ((m >> 1) & self.not_last)
            | m.checked_shl(self.w).unwrap_or(0)
            | m.checked_shr(self.w).unwrap_or(0))
            & self.all
    }

    /// The connected part of `mask` that holds `seed`.
    #[inline]
    pub fn flood(&self, seed: u64, mask: u64) -> u64 {
        let mut grown = seed;
        loop {
            let next = grown | (self.dilate(grown) & mask);
            if next == grown {
                return grown;
            }
            grown = next;
        }
    }
}

/// SplitMix64: a fixed, well-mixed sequence for the Zobrist keys and the history mixing.
pub(crate) fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The bits of `m`, lowest first.
pub(crate) fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let p = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(p)
    })
}

impl Geometry {
    /// The geometry of a `w` x `h` board (`w * h <= 64`).
    pub fn new(w: usize, h: usize) -> Geometry {
        let n = w * h;
        assert!((1..=64).contains(&n), "1 to 64 points");
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        type Map = fn(usize, usize, usize, usize) -> (usize, usize);
        let mut maps: Vec<Map> = vec![
            |x, y, _, _| (x, y),
            |x, y, w, _| (w - 1 - x, y),
            |x, y, _, h| (x, h - 1 - y),
            |x, y, w, h| (w - 1 - x, h - 1 - y),
        ];
        if w == h {
            maps.extend_from_slice(&[
                (|x, y, _, _| (y, x)) as Map,
                |x, y, w, _| (w - 1 - y, x),
                |x, y, _, h| (y, h - 1 - x),
                |x, y, w, h| (w - 1 - y, h - 1 - x),
            ]);
        }
        let syms = maps
            .iter()
            .map(|f| {
                (0..n)
                    .map(|p| {
                        let (x, y) = f(p % w, p / w, w, h);
                        (y * w + x) as u8
                    })
                    .collect()
            })
            .collect();
        let key = |c: u64, p: usize| splitmix(0x5eed_0000 + c * 1000 + p as u64);
        let zobrist = [
            (0..n).map(|p| key(1, p)).collect(),
            (0..n).map(|p| key(2, p)).collect(),
        ];
        let (mut not_first, mut not_last) = (all, all);
        for y in 0..h {
            not_first &= !(1u64 << (y * w));
            not_last &= !(1u64 << (y * w + w - 1));
        }
        Geometry {
            n,
            all,
            shifts: Shifts {
                all,
                w: w as u32,
                not_first,
                not_last,
            },
            syms,
            zobrist,
            kept: RefCell::new(HashMap::default()),
        }
    }

    /// The points next to any point of `m` (points of `m` included when next to another one).
    #[inline]
    pub fn dilate(&self, m: u64) -> u64 {
        self.shifts.dilate(m)
    }

    /// The connected part of `mask` that holds `seed`.
    #[inline]
    pub fn flood(&self, seed: u64, mask: u64) -> u64 {
        self.shifts.flood(seed, mask)
    }

    /// The connected components of `mask`.
    pub fn components(&self, mask: u64) -> Vec<u64> {
        let mut left = mask;
        let mut out = Vec::new();
        while left != 0 {
            let c = self.flood(left & left.wrapping_neg(), mask);
            left &= !c;
            out.push(c);
        }
        out
    }

    /// A heuristic estimate of `own`'s lead over `opp` (for move ordering only, never a bound):
    /// stones, plus each empty point that `own`'s stones reach in fewer steps through empty
    /// points than `opp`'s (and the other way round), a distance-based territory estimate like
    /// van der Werf's solver's.
    #[inline(always)]
    pub fn estimate(&self, own: u64, opp: u64) -> i32 {
        let empty = self.all & !own & !opp;
        let (mut a, mut b) = (own, opp);
        let (mut mine, mut theirs) = (0u64, 0u64);
        let mut left = empty;
        while left != 0 {
            let na = self.dilate(a) & left;
            let nb = self.dilate(b) & left;
            if na | nb == 0 {
                break;
            }
            mine |= na & !nb;
            theirs |= nb & !na;
            left &= !(na | nb);
            a |= na;
            b |= nb;
        }
        (own | mine).count_ones() as i32 - (opp | theirs).count_ones() as i32
    }

    /// Black's area minus white's: stones, plus empty regions that reach only one color
    /// (`area = false`: stones only).
    pub fn score(&self, black: u64, white: u64, area: bool) -> i32 {
        let mut b = black.count_ones() as i32;
        let mut w = white.count_ones() as i32;
        if area {
            for region in self.components(self.all & !black & !white) {
                let border = self.dilate(region);
                let size = region.count_ones() as i32;
                match (border & black != 0, border & white != 0) {
                    (true, false) => b += size,
                    (false, true) => w += size,
                    _ => {}
                }
            }
        }
        b - w
    }

    /// The smallest hash of the position over the board's symmetries, and the symmetry that gives
    /// it.
    pub fn canonical(&self, black: u64, white: u64) -> (u64, usize) {
        let mut best = (u64::MAX, 0);
        for s in 0..self.syms.len() {
            let h = self.hash_under(s, black, white);
            if h < best.0 {
                best = (h, s);
            }
        }
        best
    }

    /// The hash of a position seen through symmetry `s`.
    pub fn hash_under(&self, s: usize, black: u64, white: u64) -> u64 {
        let map = &self.syms[s];
        let mut h = 0u64;
        for p in bits(black) {
            h ^= self.zobrist[0][map[p] as usize];
        }
        for p in bits(white) {
            h ^= self.zobrist[1][map[p] as usize];
        }
        h
    }

    /// The point `q` with `syms[s][q] == p`.
    pub fn unmap(&self, s: usize, p: usize) -> usize {
        self.syms[s]
            .iter()
            .position(|&x| x as usize == p)
            .expect("a symmetry is a permutation")
    }

    /// Benson's unconditionally alive ("pass-alive") chains of the player whose stones are `own`:
    /// chains that cannot be captured even if their owner passes every turn.
    #[cfg(test)]
    pub fn pass_alive(&self, own: u64, opp: u64) -> u64 {
        self.benson(own, opp, false).0
    }

    /// Benson's algorithm. A region (a connected set of points without an `own` stone) is vital
    /// to a chain next to it when every empty point of it is a liberty of the chain (`strict`:
    /// when every point of it, stone of the opponent or empty, is next to the chain). A chain
    /// needs two vital regions; a region next to a chain that fails stops counting; repeated to a
    /// fixed point. Returns the chains that stay (their stones) and the regions that are vital to
    /// at least one of them and next to no other chain (their points).
    pub fn benson(&self, own: u64, opp: u64, strict: bool) -> (u64, u64) {
        // The chains of `own` are not next to each other, nor are the regions: one point of
        // each is a set of points no two of them neighbours, at most half the board's points
        // (rounded up: a path through every point pairs them). Arrays of that size are
        // cheaper to set up than 64 words (docs/BENCHMARKS.md, "Wave 12: cheaper nodes").
        match self.n {
            0..=16 => self.benson_in::<8>(own, opp, strict),
            17..=32 => self.benson_in::<16>(own, opp, strict),
            _ => self.benson_in::<32>(own, opp, strict),
        }
    }

    /// [`Geometry::benson`] with room for `N` chains and `N` regions (`N` at least half the
    /// board's points, rounded up).
    #[inline]
    fn benson_in<const N: usize>(&self, own: u64, opp: u64, strict: bool) -> (u64, u64) {
        if own == 0 {
            return (0, 0);
        }
        let empty = self.all & !own & !opp;
        let mut regions = [0u64; N];
        let mut nr = 0;
        let mut left = self.all & !own;
        while left != 0 {
            let r = self.flood(left & left.wrapping_neg(), self.all & !own);
            left &= !r;
            regions[nr] = r;
            nr += 1;
        }
        // A chain that stays has two vital regions, each with every point that counts (the
        // empty ones; with `strict`, all) next to an own stone: with fewer than two such
        // regions nothing stays, and the chains need not be found.
        let next_to_own = self.dilate(own);
        let counting = |r: u64| if strict { r } else { r & empty };
        if regions[..nr]
            .iter()
            .filter(|&&r| counting(r) & !next_to_own == 0)
            .count()
            < 2
        {
            return (0, 0);
        }
        let mut chains = [0u64; N];
        let mut touch = [0u64; N];
        let mut nc = 0;
        let mut left = own;
        while left != 0 {
            let c = self.flood(left & left.wrapping_neg(), own);
            left &= !c;
            chains[nc] = c;
            touch[nc] = self.dilate(c) & !c;
            nc += 1;
        }
        // vital[i]: bit j set when region j is vital to chain i.
        let mut vital = [0u64; N];
        let mut next_to = [0u64; N];
        for i in 0..nc {
            for (j, &r) in regions[..nr].iter().enumerate() {
                if touch[i] & r == 0 {
                    continue;
                }
                next_to[i] |= 1 << j;
                if counting(r) & !touch[i] == 0 {
                    vital[i] |= 1 << j;
                }
            }
        }
        let mut alive: u64 = (1u64 << nc) - 1;
        let mut ok: u64 = (1u64 << nr) - 1;
        loop {
            let mut changed = false;
            for i in bits(alive) {
                if (vital[i] & ok).count_ones() < 2 {
                    alive &= !(1 << i);
                    ok &= !next_to[i];
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let stones = bits(alive).fold(0, |acc, i| acc | chains[i]);
        let vital_any = bits(alive).fold(0, |acc, i| acc | vital[i]) & ok;
        let regions = bits(vital_any).fold(0, |acc, j| acc | regions[j]);
        (stones, regions)
    }

    /// What `owner` (stones `own`) is sure to keep to the end of the game, whatever the
    /// opponent does (docs/SOLVING.md, "Safe points", has the argument):
    /// - `alive`: its pass-alive chains (Benson);
    /// - `eyes`: the empty points all of whose neighbours are stones of `alive` (the opponent
    ///   can never keep a stone there);
    /// - `strict`, `regions`: the chains that stay alive when a region must have every point
    ///   next to the chain to count as vital, and the regions the owner keeps by capturing
    ///   whatever the opponent plays there: those strictly vital regions, and the `enclosed`
    ///   ones (below); provided no earlier position of the game holds the stones of `alive` and
    ///   an own stone inside `regions` (the caller checks the history);
    /// - `enclosed`: the regions (connected sets of points without an own stone) next to no
    ///   other chains than those of `strict`, not already strictly vital, in which at most one
    ///   point, or two points next to each other, are not next to a chain of `strict`, each
    ///   having at least two neighbours (docs/SOLVING.md, "Safe points", rules 3 and 5).
    #[cfg(test)]
    pub fn safety(&self, own: u64, opp: u64) -> Safety {
        self.safety_to_move(own, opp, false)
    }

    /// [`Geometry::safety`], knowing whether `owner` is to move (rule 6 may then count one
    /// more area, where the owner's first move goes).
    #[cfg(test)]
    pub fn safety_to_move(&self, own: u64, opp: u64, own_to_move: bool) -> Safety {
        let mut s = self.safety_base(own, opp);
        self.keep_areas(&mut s, own, opp, own_to_move);
        s
    }

    /// [`Geometry::safety`] without rule 6's checks: the areas it may count are left in
    /// `candidates` for [`Geometry::keep_areas`].
    pub fn safety_base(&self, own: u64, opp: u64) -> Safety {
        let (alive, _) = self.benson(own, opp, false);
        if alive == 0 {
            return Safety::default();
        }
        let empty = self.all & !own & !opp;
        let eyes = empty & !self.dilate(self.all & !alive) & self.dilate(alive);
        // Strictly vital implies vital, so these chains are among `alive`.
        let (strict, regions) = self.benson(own, opp, true);
        let enclosed = self.enclosed(own, strict, regions | eyes);
        let candidates = if strict != 0 {
            self.area_candidates(strict, alive, regions | eyes | enclosed)
        } else {
            0
        };
        Safety {
            alive,
            eyes,
            strict,
            regions: (regions | enclosed) & !eyes,
            enclosed,
            kept: 0,
            candidates,
        }
    }

    /// Runs rule 6's checks on `s.candidates` (`s` from [`Geometry::safety_base`] for the
    /// same stones) and counts the areas that pass.
    pub fn keep_areas(&self, s: &mut Safety, own: u64, opp: u64, own_to_move: bool) {
        if s.candidates == 0 {
            return;
        }
        let kept = self.kept_areas(own, opp, s.strict, s.candidates, own_to_move);
        s.candidates = 0;
        s.kept = kept;
        s.regions |= kept;
        s.enclosed |= kept;
    }

    /// The areas (connected sets of points without a stone of `strict`, maximal) of at most
    /// [`local::MAX_POINTS`] points that touch no point of `skip` and hold no stone of `alive`:
    /// the areas rule 6 may count.
    fn area_candidates(&self, strict: u64, alive: u64, skip: u64) -> u64 {
        let mut out = 0;
        let mut left = self.all & !strict & !skip;
        while left != 0 {
            let r = self.flood(left & left.wrapping_neg(), self.all & !strict);
            left &= !r;
            if r & (skip | alive) == 0 && r.count_ones() <= local::MAX_POINTS {
                out |= r;
            }
        }
        out
    }

    /// Rule 6 (docs/SOLVING.md, "Safe points"): the areas of `candidates` (each a connected
    /// set of points without a stone of the strictly alive chains `strict`, maximal, so next to
    /// no other stones off them) that pass the exhaustive check of `local::keeps` with the
    /// opponent free to move first; with `own_to_move`, also the first further area that
    /// passes the check with the owner moving first there.
    pub fn kept_areas(
        &self,
        own: u64,
        opp: u64,
        strict: u64,
        candidates: u64,
        own_to_move: bool,
    ) -> u64 {
        let near = self.dilate(strict);
        let mut out = 0;
        let mut rest = 0;
        let mut left = candidates;
        while left != 0 {
            let r = self.flood(left & left.wrapping_neg(), candidates);
            left &= !r;
            if self.keeps(r, near, own, opp, false) {
                out |= r;
            } else {
                rest |= r;
            }
        }
        while own_to_move && rest != 0 {
            let r = self.flood(rest & rest.wrapping_neg(), candidates);
            rest &= !r;
            if self.keeps(r, near, own, opp, true) {
                out |= r;
                break;
            }
        }
        out
    }

    /// `local::keeps` for area `r`, memoised.
    fn keeps(&self, r: u64, near: u64, own: u64, opp: u64, own_first: bool) -> bool {
        // The answer depends on the area (its points next to `X'` follow from it: every point
        // next to it off it is a stone of `X'`), the stones in it and who moves first there.
        let key = ([r, own & r, opp & r], own_first);
        if let Some(&k) = self.kept.borrow().get(&key) {
            return k;
        }
        // With the opponent free to move first, an area one exchange away from an area the
        // check refused is refused too (`local::refused_one_exchange_ahead`).
        let known = |o: u64, x: u64| self.kept.borrow().get(&([r, o, x], false)).copied();
        let (near, own, opp) = (r & near, own & r, opp & r);
        let refused_ahead =
            !own_first && local::refused_one_exchange_ahead(&self.shifts, r, near, own, opp, known);
        let k = !refused_ahead && local::keeps(&self.shifts, r, near, own, opp, own_first);
        let mut memo = self.kept.borrow_mut();
        if memo.len() >= KEPT_MEMO {
            memo.clear();
        }
        memo.insert(key, k);
        k
    }

    /// The regions (connected sets of points without a stone of `own`) that touch no points of
    /// `skip`, are next to chains of `strict` only, and whose points not next to `strict` (the
    /// interior) are at most one point or two points next to each other, each with at least
    /// two neighbours (docs/SOLVING.md, "Safe points", rules 3 and 5: the owner of `strict`
    /// keeps them by playing next to its chains, and in the interior only to capture).
    pub fn enclosed(&self, own: u64, strict: u64, skip: u64) -> u64 {
        if strict == 0 {
            return 0;
        }
        let near = self.dilate(strict);
        let mut out = 0;
        let mut left = self.all & !own & !skip & near;
        while left != 0 {
            let r = self.flood(left & left.wrapping_neg(), self.all & !own);
            left &= !r;
            if r & skip != 0 || self.dilate(r) & !r & !strict != 0 {
                continue;
            }
            // The interior: at most one point (rule 3), or two next to each other (rule 5),
            // each with at least two neighbours.
            let inner = r & !near;
            match inner.count_ones() {
                0 | 1 => {}
                2 if self.dilate(inner & inner.wrapping_neg()) & inner != 0 => {}
                _ => continue,
            }
            if bits(inner).any(|q| self.dilate(1u64 << q).count_ones() < 2) {
                continue;
            }
            out |= r;
        }
        out
    }

    /// Points that `owner` (stones `own`) keeps to the end of the game if it passes every turn
    /// from now: its pass-alive stones, and the empty points all of whose neighbours are
    /// pass-alive stones of its own (the opponent can never play there: it would capture nothing,
    /// so it is suicide, and with suicide allowed the stone removes itself).
    #[cfg(test)]
    pub fn safe_points(&self, own: u64, opp: u64) -> u32 {
        let s = self.safety(own, opp);
        (s.alive | s.eyes).count_ones()
    }
}

/// What one player is sure to keep ([`Geometry::safety`]).
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub(crate) struct Safety {
    /// Pass-alive stones.
    pub alive: u64,
    /// Empty points surrounded by `alive` stones only.
    pub eyes: u64,
    /// Chains alive under the strict test.
    pub strict: u64,
    /// The regions kept by capturing (without `eyes`): the strictly vital regions of `strict`
    /// and `enclosed`.
    pub regions: u64,
    /// The regions of `regions` that are not strictly vital to one chain but enclosed by
    /// `strict` with at most one point, or two neighbouring points, not next to it (rules 3
    /// and 5), or kept by rule 6 (`kept`).
    pub enclosed: u64,
    /// The areas of `regions` kept by rule 6 (an exhaustive local check).
    pub kept: u64,
    /// The areas rule 6 may count whose checks have not run ([`Geometry::safety_base`]).
    pub candidates: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows top first: `x` black, `o` white, `.` empty.
    fn masks(rows: &[&str]) -> (u64, u64) {
        let w = rows[0].len();
        let (mut b, mut wh) = (0, 0);
        for (y, r) in rows.iter().enumerate() {
            for (x, c) in r.chars().enumerate() {
                let bit = 1u64 << (y * w + x);
                match c {
                    'x' => b |= bit,
                    'o' => wh |= bit,
                    _ => {}
                }
            }
        }
        (b, wh)
    }

    #[test]
    fn symmetries_are_permutations_and_count_8_or_4() {
        for (w, h, k) in [(3, 3, 8), (4, 3, 4), (1, 5, 4), (5, 5, 8)] {
            let g = Geometry::new(w, h);
            assert_eq!(g.syms.len(), k);
            for m in &g.syms {
                let mut seen = m.clone();
                seen.sort();
                assert_eq!(seen, (0..(w * h) as u8).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn estimate_counts_stones_and_the_points_each_side_reaches_first() {
        let g = Geometry::new(3, 3);
        // x at the top left, o at the bottom right: step 1 gives each side two points, step 2
        // reaches the three points of the other diagonal from both sides at once (nobody's):
        // (1 + 2) - (1 + 2) = 0.
        let (b, w) = masks(&["x..", "...", "..o"]);
        assert_eq!(g.estimate(b, w), 0);
        assert_eq!(g.estimate(w, b), 0);
        // Two x stones on the top row: step 1 gives x the three points below and right of them
        // and o its two neighbours; the bottom left corner is reached by both at step 2:
        // (2 + 3) - (1 + 2) = 2, and -2 for o.
        let (b, w) = masks(&["xx.", "...", "..o"]);
        assert_eq!(g.estimate(b, w), 2);
        assert_eq!(g.estimate(w, b), -2);
        // x walls off the left column, which is x's; on the right, the top point is next to x
        // only and the middle one next to both at step 1 (nobody's): (3 + 3 + 1) - 1 = 6.
        let (b, w) = masks(&[".x.", ".x.", ".xo"]);
        assert_eq!(g.estimate(b, w), 6);
    }

    #[test]
    fn mirrored_positions_share_the_canonical_hash() {
        let g = Geometry::new(3, 3);
        let (b1, w1) = masks(&["x..", "...", ".o."]);
        let (b2, w2) = masks(&["..x", "o..", "..."]); // b1 turned a quarter clockwise
        assert_eq!(g.canonical(b1, w1).0, g.canonical(b2, w2).0);
        let (b3, w3) = masks(&["x..", ".o.", "..."]);
        assert_ne!(g.canonical(b1, w1).0, g.canonical(b3, w3).0);
    }

    #[test]
    fn area_counts_stones_and_one_color_regions() {
        let g = Geometry::new(3, 3);
        // A black wall in the middle column, one white stone on the right.
        let (b, w) = masks(&[".x.", ".xo", ".x."]);
        // black: 3 stones + left column 3 = 6; right column: (2,0) and (2,2) form separate
        // regions each touching black and white: neutral. white: 1 stone. 6 - 1 = 5.
        assert_eq!(g.score(b, w, true), 5);
        assert_eq!(g.score(b, w, false), 2);
    }

    #[test]
    fn benson_finds_two_eyed_chain_and_rejects_one_eye() {
        let g = Geometry::new(3, 3);
        // One region of six points, three of them not liberties of the chain: not vital.
        let (b, w) = masks(&["xx.", "x..", "..."]);
        assert_eq!(g.pass_alive(b, w), 0);
        // x.x / xxx / ... : the eye at the top and the bottom row, every point of which is a
        // liberty: two vital regions. White can fill at most two of the bottom points (the third
        // would be suicide while the top eye remains): unconditionally alive.
        let (b, w) = masks(&["x.x", "xxx", "..."]);
        assert_eq!(g.pass_alive(b, w), b);
        // The same with a white stone in the bottom row: still alive; the one-point eye is safe,
        // the bottom row is not (white may keep stones there if black passes).
        let (b, w) = masks(&["x.x", "xxx", ".o."]);
        assert_eq!(g.pass_alive(b, w), b);
        assert_eq!(g.safe_points(b, w), 6);
        // .x. / xxx / .x. : four one-point eyes in the corners: alive, and safe everywhere.
        let (b, w) = masks(&[".x.", "xxx", ".x."]);
        assert_eq!(g.pass_alive(b, w), b);
        assert_eq!(g.safe_points(b, w), 9);
        assert_eq!(g.safe_points(w, b), 0);
    }

    #[test]
    fn strict_regions_are_those_next_to_one_alive_chain_at_every_point() {
        let g = Geometry::new(3, 3);
        // x.x / xxx / .o. : the chain is pass-alive; the top eye is an eye; the bottom row
        // (three points, a white stone among them) is next to the chain at every point, so it is
        // strictly vital: black keeps all 9 points by capturing whatever white plays there.
        let (b, w) = masks(&["x.x", "xxx", ".o."]);
        let s = g.safety(b, w);
        assert_eq!(s.alive, b);
        assert_eq!(s.eyes, 1 << 1);
        assert_eq!(s.strict, b);
        assert_eq!(s.regions, 0b111 << 6);
        // 4x4, a black wall on the second row: the top row is a vital region, but the bottom
        // two rows are not (the row 4 points are not liberties of the wall), so the wall has one
        // vital region, is not pass-alive, and nothing is safe.
        let g4 = Geometry::new(4, 4);
        let (b, w) = masks(&["....", "xxxx", "....", "...."]);
        assert_eq!(g4.safety(b, w), Safety::default());
        // One chain (rows 2 and 4 joined by the side columns) around two regions: the top row
        // (a white stone in it) and the two middle points of row 3, every point of both next to
        // the chain: both strict regions: 10 stones + 4 + 2 = all 16 points safe.
        let (b, w) = masks(&["..o.", "xxxx", "x..x", "xxxx"]);
        let s = g4.safety(b, w);
        assert_eq!(s.alive, b);
        assert_eq!(s.eyes, 0);
        assert_eq!(s.regions, 0xf | (0b0110 << 8));
        assert_eq!((s.alive | s.regions).count_ones(), 16);
        assert_eq!(g4.safety(w, b), Safety::default());
    }

    #[test]
    fn enclosed_corner_with_one_point_off_the_chain_is_safe() {
        let g = Geometry::new(4, 4);
        // One black chain (9 stones) with three one-point eyes, (3,0), (3,2), (1,3), which make
        // it strictly alive, and the 2x2 top-left corner. Three corner points touch the chain;
        // the corner point (0,0) does not (its neighbours (1,0) and (0,1) are in the region).
        // White cannot live in four points: black plays next to its chain, and on (0,0) only
        // when that captures every white stone there. So all 16 points are black's.
        let (b, w) = masks(&["..x.", "..xx", "xxx.", "x.xx"]);
        let corner = 0b11 | (0b11 << 4);
        let s = g.safety(b, w);
        assert_eq!(s.strict, b);
        assert_eq!(s.eyes, (1 << 3) | (1 << 11) | (1 << 13));
        assert_eq!(s.enclosed, corner);
        assert_eq!(s.regions & corner, corner);
        assert_eq!((s.alive | s.eyes | s.regions).count_ones(), 16);
        // The same with white stones in the corner (on (0,0) and (1,1)): still black's.
        let (b2, w2) = masks(&["o.x.", ".oxx", "xxx.", "x.xx"]);
        assert_eq!(g.safety(b2, w2).enclosed, corner);
        // Before this rule the corner did not count: it is not strictly vital to the chain.
        let (_, strict_regions) = g.benson(b, w, true);
        assert_eq!(strict_regions & corner, 0);
    }

    #[test]
    fn region_between_two_chains_counts_when_every_point_touches_one() {
        // Two black chains, each strictly alive with two one-point eyes of its own (left:
        // (0,0) and (0,2); right: the two points of the last column off row 1).
        // 5x3: the middle column touches both chains at every point, so it is strictly vital
        // to each and already a strict region; the new rule adds nothing.
        let g = Geometry::new(5, 3);
        let (b, w) = masks(&[".x.x.", "xx.xx", ".x.x."]);
        let s = g.safety(b, w);
        assert_eq!(s.strict, b);
        assert_eq!(s.enclosed, 0);
        assert_eq!(s.regions, 0b100 | (0b100 << 5) | (0b100 << 10));
        // 6x3: the middle two columns are one region (a white stone in it) whose points each
        // touch only one chain ((2,y) the left one, (3,y) the right one): strictly vital to
        // neither, but every point is next to a strictly alive chain: enclosed. Black: 8
        // stones + 4 eyes + 6 = all 18 points.
        let g6 = Geometry::new(6, 3);
        let (b, w) = masks(&[".x..x.", "xx.oxx", ".x..x."]);
        let s = g6.safety(b, w);
        assert_eq!(s.strict, b);
        let middle = 0b1100 | (0b1100 << 6) | (0b1100 << 12);
        assert_eq!(s.enclosed, middle);
        assert_eq!((s.alive | s.eyes | s.regions).count_ones(), 18);
    }

    #[test]
    fn two_neighbouring_interior_points_count_and_other_interiors_do_not() {
        let g4 = Geometry::new(4, 4);
        // 4x4, a 2x3 top-left corner region beside a black chain with the one-point eyes
        // (1,3) and (3,3) (strictly alive). Four of its points touch the chain; (0,0) and
        // (1,0) do not, and they are next to each other (rule 5): counted, empty or with white
        // stones in it. All 16 points are black's.
        let corner = 0b111 | (0b111 << 4);
        for rows in [
            ["...x", "...x", "xxxx", "x.x."],
            ["...x", "ooox", "xxxx", "x.x."],
            ["oo.x", "o..x", "xxxx", "x.x."],
        ] {
            let (b, w) = masks(&rows);
            let s = g4.safety(b, w);
            assert_eq!(s.strict, b, "{rows:?}");
            assert_eq!(s.enclosed, corner, "{rows:?}");
            assert_eq!((s.alive | s.eyes | s.regions).count_ones(), 16, "{rows:?}");
        }
        // Before this rule the corner did not count (two interior points).
        let (b, w) = masks(&["...x", "...x", "xxxx", "x.x."]);
        assert_eq!(g4.enclosed(b, b, 0) & corner, corner);
        assert_eq!(g4.benson(b, w, true).1 & corner, 0);
        // 7x4: a 2x5 region along the top between black walls; its interior is the three
        // points (2,0), (3,0), (4,0) (a straight three: white to move lives there with (3,0)):
        // not counted. With the middle one blacked out of the interior by a black stone on
        // (3,1) the interior is (2,0) and (4,0), not next to each other: not counted either.
        let g7 = Geometry::new(7, 4);
        let top = 0b11_1110 | (0b11_1110 << 7);
        let (b, w) = masks(&["x.....x", "x.....x", "xxxxxxx", "x.x.x.x"]);
        let s = g7.safety(b, w);
        assert_eq!(s.strict, b);
        assert_eq!(s.regions & top, 0);
        let (b, w) = masks(&["xooooox", "xo...ox", "xxxxxxx", "x.x.x.x"]);
        assert_eq!(g7.safety(b, w).regions & top, 0);
        let (b, w) = masks(&["x.....x", "x..x..x", "xxxxxxx", "x.x.x.x"]);
        let s = g7.safety(b, w);
        assert_eq!(s.strict, b);
        assert_eq!(s.regions & top, 0);
        // The 3x3 top-left corner beside a black wall has four interior points: not counted.
        let g5 = Geometry::new(5, 5);
        let (b, w) = masks(&["...x.", "...xx", "...x.", "xxxxx", "x.x.x"]);
        let s = g5.safety(b, w);
        assert_eq!(s.strict, b);
        assert_eq!(s.regions & (0b111 | (0b111 << 5) | (0b111 << 10)), 0);
        // The counter-example of docs/SOLVING.md, "Limits": a chain with one eye ((3,0)) beside
        // the 2x2 corner holding white stones on (1,0) and (0,1). The corner has one interior
        // point, but the chain is not strictly alive (one vital region): nothing counts.
        let g43 = Geometry::new(4, 3);
        let (b, w) = masks(&[".ox.", "o.xx", "xxxx"]);
        assert_eq!(g43.safety(b, w), Safety::default());
    }

    #[test]
    fn regions_where_the_opponent_can_live_or_hold_a_stone_do_not_count() {
        let g = Geometry::new(5, 5);
        // Rows 2-4: a black chain with the one-point eyes (1,3) and (3,3), strictly alive.
        // Rows 0-1: one region of 10 points in which white already lives: its chain (row 1 and
        // (1,0), (3,0)) has the three eyes (0,0), (2,0), (4,0). The five row-0 points are not
        // next to black, so the rule must not count the region.
        let (b, w) = masks(&[".o.o.", "ooooo", "xxxxx", "x.x.x", "xxxxx"]);
        assert_eq!(g.pass_alive(w, b), w, "white lives above");
        let s = g.safety(b, w);
        assert_eq!(s.strict, b);
        let top = 0b11111 | (0b11111 << 5);
        assert_eq!(s.enclosed & top, 0);
        assert_eq!(s.regions & top, 0);
        // The same region empty (white could still build a living group there): not counted.
        let (b, w) = masks(&[".....", ".....", "xxxxx", "x.x.x", "xxxxx"]);
        assert_eq!(g.safety(b, w).strict, b);
        assert_eq!(g.safety(b, w).regions & top, 0);
        let g4 = Geometry::new(4, 4);
        // The safe 2x2 corner of the first test with a black stone on (0,0) and a white one on
        // (1,1): the region left ((1,0), (0,1), (1,1)) is next to a black stone that is not
        // strictly alive, so rules 3 and 5 do not count it. Rule 6 counts the whole corner,
        // the loose stone with it: by hand, black answers anything with (1,0) or (0,1), which
        // join (0,0) to the chain, and the other one captures; white on (1,0) or (0,1) makes a
        // chain with (1,1) in atari on the other point, which black takes.
        let (b, w) = masks(&["x.x.", ".oxx", "xxx.", "x.xx"]);
        let s = g4.safety(b, w);
        assert_eq!(s.strict, b & !1);
        assert_eq!(s.regions & 0b11_0011, 0b11_0011);
        assert_eq!(s.kept, 0b11_0011);
        assert_eq!(g4.enclosed(b, b & !1, s.eyes) & 0b11_0011, 0);
        // A region next to a black chain that is not strictly alive: nothing counts.
        let (b, w) = masks(&["....", "xxxx", "....", "...."]);
        assert_eq!(g4.safety(b, w), Safety::default());
    }
}
