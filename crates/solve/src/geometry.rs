//! The solver's view of a small board: points as bits of a `u64` (row-major from the top-left),
//! neighbour masks, the board's symmetries, area counting and Benson's pass-alive test on masks.

/// Bit masks over the points of one board size, and its symmetries.
pub(crate) struct Geometry {
    /// Number of points.
    pub n: usize,
    /// Every point.
    pub all: u64,
    /// Neighbours of each point.
    pub nb: Vec<u64>,
    /// `syms[s][p]`: where symmetry `s` sends point `p` (identity first).
    pub syms: Vec<Vec<u8>>,
    /// Zobrist keys per color (0 black, 1 white) and point, for the canonical hash.
    zobrist: [Vec<u64>; 2],
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
        let mut nb = vec![0u64; n];
        for y in 0..h {
            for x in 0..w {
                let p = y * w + x;
                if x > 0 {
                    nb[p] |= 1 << (p - 1);
                }
                if x + 1 < w {
                    nb[p] |= 1 << (p + 1);
                }
                if y > 0 {
                    nb[p] |= 1 << (p - w);
                }
                if y + 1 < h {
                    nb[p] |= 1 << (p + w);
                }
            }
        }
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
        Geometry {
            n,
            all,
            nb,
            syms,
            zobrist,
        }
    }

    /// The points next to any point of `m`.
    #[inline]
    pub fn dilate(&self, m: u64) -> u64 {
        bits(m).fold(0, |acc, p| acc | self.nb[p])
    }

    /// The connected part of `mask` that holds `seed`.
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
    /// chains that cannot be captured even if their owner passes every turn. Iterates Benson's
    /// algorithm: a chain needs two vital regions (regions of non-own points all of whose empty
    /// points are its liberties); a region next to a chain that failed stops counting.
    pub fn pass_alive(&self, own: u64, opp: u64) -> u64 {
        let empty = self.all & !own & !opp;
        let chains = self.components(own);
        if chains.is_empty() {
            return 0;
        }
        let libs: Vec<u64> = chains.iter().map(|&c| self.dilate(c) & empty).collect();
        let touch: Vec<u64> = chains.iter().map(|&c| self.dilate(c)).collect();
        let regions = self.components(self.all & !own);
        let mut alive = vec![true; chains.len()];
        let mut region_ok = vec![true; regions.len()];
        loop {
            let mut changed = false;
            for i in 0..chains.len() {
                if !alive[i] {
                    continue;
                }
                let vital = regions
                    .iter()
                    .zip(&region_ok)
                    .filter(|&(&r, &ok)| ok && touch[i] & r != 0 && r & empty & !libs[i] == 0)
                    .count();
                if vital < 2 {
                    alive[i] = false;
                    changed = true;
                }
            }
            for (r, ok) in regions.iter().zip(region_ok.iter_mut()) {
                if *ok && (0..chains.len()).any(|i| !alive[i] && touch[i] & r != 0) {
                    *ok = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        chains
            .iter()
            .zip(&alive)
            .filter(|&(_, &a)| a)
            .fold(0, |acc, (&c, _)| acc | c)
    }

    /// Points that `owner` (stones `own`) keeps to the end of the game if it passes every turn
    /// from now: its pass-alive stones, and the empty points all of whose neighbours are
    /// pass-alive stones of its own (the opponent can never play there: it would capture nothing,
    /// so it is suicide, and with suicide allowed the stone removes itself).
    pub fn safe_points(&self, own: u64, opp: u64) -> u32 {
        let alive = self.pass_alive(own, opp);
        if alive == 0 {
            return 0;
        }
        let empty = self.all & !own & !opp;
        let eyes = bits(empty)
            .filter(|&p| self.nb[p] != 0 && self.nb[p] & !alive == 0)
            .count() as u32;
        alive.count_ones() + eyes
    }
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
}
