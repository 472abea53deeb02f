//! Bitboards for boards of at most 64 points: bit `i` is the point with row-major index `i`.

/// The shape of a board and the masks its neighbour shifts need.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Geom {
    pub w: usize,
    pub n: usize,
    full: u64,
    not_first_col: u64,
    not_last_col: u64,
}

impl Geom {
    /// A `w` by `h` board; the caller guarantees `1 <= w*h <= 63` and `w, h >= 1`.
    pub fn new(w: usize, h: usize) -> Geom {
        let n = w * h;
        debug_assert!((1..=63).contains(&n));
        let full = (1u64 << n) - 1;
        let mut first_col = 0u64;
        for y in 0..h {
            first_col |= 1 << (y * w);
        }
        let last_col = first_col << (w - 1);
        Geom {
            w,
            n,
            full,
            not_first_col: full & !first_col,
            not_last_col: full & !last_col,
        }
    }

    /// The points orthogonally adjacent to some point of `m`.
    #[inline]
    pub fn neighbours(&self, m: u64) -> u64 {
        (((m << 1) & self.not_first_col)
            | ((m >> 1) & self.not_last_col)
            | (m << self.w)
            | (m >> self.w))
            & self.full
    }

    /// Whether every chain has a liberty (points in neither mask are empty).
    #[inline]
    pub fn legal(&self, black: u64, white: u64) -> bool {
        let stones = black | white;
        let empty = self.full & !stones;
        let mut reach = stones & self.neighbours(empty);
        loop {
            if reach == stones {
                return true;
            }
            let next = reach
                | (black & self.neighbours(reach & black))
                | (white & self.neighbours(reach & white));
            if next == reach {
                return false;
            }
            reach = next;
        }
    }

    /// The chain of `stones` holding the point(s) `seed`.
    #[inline]
    pub fn chain(&self, stones: u64, seed: u64) -> u64 {
        let mut g = seed;
        loop {
            let next = (g | self.neighbours(g)) & stones;
            if next == g {
                return g;
            }
            g = next;
        }
    }

    /// Whether the chain of `stones` through `seed` touches a point of `empty`.
    #[inline]
    pub fn chain_has_liberty(&self, stones: u64, empty: u64, seed: u64) -> bool {
        let mut g = seed;
        loop {
            let around = self.neighbours(g);
            if around & empty != 0 {
                return true;
            }
            let next = g | (around & stones);
            if next == g {
                return false;
            }
            g = next;
        }
    }

    /// After a stone was put on `bit` (already in `mine`): does its own chain and every adjacent
    /// chain of `theirs` still have a liberty?
    #[inline]
    pub fn placement_ok(&self, mine: u64, theirs: u64, bit: u64) -> bool {
        let empty = self.full & !(mine | theirs);
        if !self.chain_has_liberty(mine, empty, bit) {
            return false;
        }
        let mut adjacent = self.neighbours(bit) & theirs;
        while adjacent != 0 {
            let seed = adjacent & adjacent.wrapping_neg();
            let g = self.chain(theirs, seed);
            if self.neighbours(g) & empty == 0 {
                return false;
            }
            adjacent &= !g;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_do_not_wrap() {
        let g = Geom::new(3, 2);
        // Point 2 (top right) has neighbours 1 and 5 only.
        assert_eq!(g.neighbours(1 << 2), (1 << 1) | (1 << 5));
        // Point 3 (bottom left) has neighbours 0 and 4 only.
        assert_eq!(g.neighbours(1 << 3), 1 | (1 << 4));
    }

    #[test]
    fn legal_small() {
        let g = Geom::new(2, 1);
        assert!(g.legal(0b01, 0));
        assert!(!g.legal(0b01, 0b10));
        assert!(!g.legal(0b11, 0));
    }
}
