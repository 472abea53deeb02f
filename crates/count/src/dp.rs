//! Tromp's transfer-matrix count: a dynamic program over the border between the points
//! already chosen and the points still to choose, advanced one point at a time.
//!
//! The board is scanned row by row along its shorter side, `w` points wide. Before point
//! `(r, c)` is chosen, border cell `j` holds the last chosen point of column `j`: row `r` for
//! `j < c`, row `r - 1` for `j >= c`. A cell is one of
//!
//! * `0`: empty;
//! * `2`, `3`: a black or white stone whose chain already has a liberty (nothing more about such
//!   a chain matters: any stone joining it has a liberty too);
//! * `4 + 2·label + color` (color 0 black, 1 white): a stone of a chain that has no liberty yet;
//!   cells with the same label are one chain (labels canonical: numbered in order of first
//!   appearance).
//!
//! The low bit of every non-empty code is the color, so swapping the colors of a whole border
//! is one XOR on the packed key.
//!
//! A chain without a liberty must get one before its last cell leaves the border, else the
//! branch is dropped. In the last row a cell left of the current point has no unchosen
//! neighbour, so its chain must still reach the current point or the cells to its right; those
//! cells are then forgotten (set to empty). Swapping black and white maps the states onto each
//! other, so only the smaller key of each pair is kept, with the count of both.
//!
//! Counts are fixed-width little-endian multi-limb integers (the DP only adds), wide enough for
//! 3^(points), so the result is exact. States live in a hash map cut into shards by key; a step
//! lets each thread fold its part of the old map into shards of its own, then merges the shards
//! in parallel.

use crate::{CountError, Progress};
use num_bigint::BigUint;
use rayon::prelude::*;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// The widest board side the DP accepts as its shorter side (the border must fit a `u128`).
pub const MAX_DP_WIDTH: usize = 21;

const MAXW: usize = 24;
/// "No neighbour there" (off the board).
const NONE: u8 = 0xFE;
const SHARD_BITS: u32 = 8;
const SHARDS: usize = 1 << SHARD_BITS;

#[inline]
fn libless(v: u8) -> bool {
    (4..NONE).contains(&v)
}

/// The code of a stone with a liberty of the color of stone code `v`.
#[inline]
fn color_of(v: u8) -> u8 {
    2 | (v & 1)
}

/// A compactly encoded border: `bits` bits per cell, cell 0 lowest.
trait Key: Copy + Eq + Hash + Ord + Send + Sync {
    fn encode(cells: &[u8], bits: u32) -> Self;
    fn decode(self, cells: &mut [u8], bits: u32);
    fn fold(self) -> u64;
    fn get(self, j: usize, bits: u32) -> u8;
    fn set(self, j: usize, bits: u32, v: u8) -> Self;
    /// The same border with black and white exchanged (`low` has bit 0 of every cell set).
    fn swap(self, bits: u32, low: Self) -> Self;
    fn from_u128(x: u128) -> Self;
}

macro_rules! impl_key {
    ($t:ty, $fold:expr) => {
        impl Key for $t {
            #[inline]
            fn encode(cells: &[u8], bits: u32) -> Self {
                cells.iter().rev().fold(0, |k, &c| (k << bits) | c as $t)
            }
            #[inline]
            fn decode(self, cells: &mut [u8], bits: u32) {
                let mask: $t = (1 << bits) - 1;
                let mut k = self;
                for c in cells.iter_mut() {
                    *c = (k & mask) as u8;
                    k >>= bits;
                }
            }
            #[inline]
            fn fold(self) -> u64 {
                $fold(self)
            }
            #[inline]
            fn get(self, j: usize, bits: u32) -> u8 {
                ((self >> (j as u32 * bits)) & ((1 << bits) - 1)) as u8
            }
            #[inline]
            fn set(self, j: usize, bits: u32, v: u8) -> Self {
                let s = j as u32 * bits;
                (self & !((((1 as $t) << bits) - 1) << s)) | ((v as $t) << s)
            }
            #[inline]
            fn swap(self, bits: u32, low: Self) -> Self {
                let mut any = self;
                for i in 1..bits {
                    any |= self >> i;
                }
                self ^ (any & low)
            }
            #[inline]
            fn from_u128(x: u128) -> Self {
                x as $t
            }
        }
    };
}

impl_key!(u64, |k: u64| k);
impl_key!(u128, |k: u128| (k as u64)
    ^ ((k >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));

/// A non-negative integer of `N` 64-bit limbs, least significant first.
#[derive(Clone, Copy)]
struct Num<const N: usize>([u64; N]);

impl<const N: usize> Num<N> {
    const ZERO: Self = Num([0; N]);

    fn one() -> Self {
        let mut n = Self::ZERO;
        n.0[0] = 1;
        n
    }

    #[inline]
    fn add(&mut self, o: &Self) {
        let mut carry = false;
        for i in 0..N {
            let (s, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s, c2) = s.overflowing_add(carry as u64);
            self.0[i] = s;
            carry = c1 | c2;
        }
        debug_assert!(!carry, "count overflow");
    }

    fn to_big(self) -> BigUint {
        let digits: Vec<u32> = self
            .0
            .iter()
            .flat_map(|&l| [l as u32, (l >> 32) as u32])
            .collect();
        BigUint::new(digits)
    }
}

#[derive(Default, Clone, Copy)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 32;
        x = x.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        x ^= x >> 32;
        x
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    #[inline]
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
}

type Map<K, const N: usize> = HashMap<K, Num<N>, BuildHasherDefault<KeyHasher>>;

#[inline]
fn shard<K: Key>(k: K) -> usize {
    (k.fold().wrapping_mul(0x2545_F491_4F6C_DD1D) >> (64 - SHARD_BITS)) as usize
}

/// Where the next point is.
struct Step {
    w: usize,
    c: usize,
    first_row: bool,
    last_row: bool,
    bits: u32,
    /// Bit 0 of every cell, as a `u128`.
    low: u128,
}

#[inline]
fn replace(cells: &mut [u8], from: u8, to: u8) {
    for v in cells {
        if *v == from {
            *v = to;
        }
    }
}

impl Step {
    /// The border after choosing `x` (0 empty, 1 black, 2 white) for the next point, or `None`
    /// if that leaves a chain that can never get a liberty.
    #[inline]
    fn apply<K: Key>(&self, a: &[u8; MAXW], x: u8) -> Option<K> {
        debug_assert!(x == 0 || x == 2 || x == 3);
        let (w, c) = (self.w, self.c);
        let up = if self.first_row { NONE } else { a[c] };
        let left = if c > 0 { a[c - 1] } else { NONE };
        let mut b = *a;
        let cells = &mut b[..w];
        // Whether labels may have been created, freed or reordered (then they are renumbered).
        let mut relabel = false;
        let new = if x == 0 {
            if libless(up) {
                replace(cells, up, color_of(up));
                relabel = true;
            }
            if libless(left) {
                replace(cells, left, color_of(left));
                relabel = true;
            }
            0
        } else {
            let same_up = libless(up) && color_of(up) == x;
            let same_left = libless(left) && color_of(left) == x;
            if up == 0 || left == 0 || up == x || left == x {
                if same_up {
                    replace(cells, up, x);
                }
                if same_left {
                    replace(cells, left, x);
                }
                relabel = same_up || same_left;
                x
            } else if same_up {
                if same_left && left != up {
                    replace(cells, left, up);
                    relabel = true;
                }
                up
            } else if same_left {
                left
            } else {
                relabel = true;
                4 + 2 * w as u8 + (x & 1)
            }
        };
        let leaving = cells[c];
        cells[c] = new;
        if libless(leaving) && leaving != new {
            if !cells.contains(&leaving) {
                return None;
            }
            relabel = true;
        }
        if self.last_row {
            if c + 1 == w {
                if cells.iter().any(|&v| libless(v)) {
                    return None;
                }
                cells.fill(0);
            } else {
                let (done, open) = cells.split_at_mut(c);
                for v in done {
                    if libless(*v) {
                        if !open.contains(v) {
                            return None;
                        }
                        relabel = true;
                    }
                    *v = 0;
                }
            }
        }
        if relabel {
            let mut map = [0xFFu8; MAXW + 2];
            let mut next = 0u8;
            for v in cells.iter_mut() {
                if libless(*v) {
                    let l = ((*v - 4) >> 1) as usize;
                    if map[l] == 0xFF {
                        map[l] = next;
                        next += 1;
                    }
                    *v = 4 + 2 * map[l] + (*v & 1);
                }
            }
        }
        Some(self.canonical(K::encode(cells, self.bits)))
    }

    /// The smaller of a border and its color swap.
    #[inline]
    fn canonical<K: Key>(&self, k: K) -> K {
        k.min(k.swap(self.bits, K::from_u128(self.low)))
    }

    /// Hands every successor of border `k` to `out`: the common moves that touch no chain
    /// without a liberty are done on the packed key, the others on the decoded cells.
    #[inline]
    fn successors<K: Key>(&self, k: K, mut out: impl FnMut(K)) {
        let (c, bits) = (self.c, self.bits);
        let up = if self.first_row { NONE } else { k.get(c, bits) };
        let left = if c > 0 { k.get(c - 1, bits) } else { NONE };
        let mut cells: Option<[u8; MAXW]> = None;
        let quick = !self.last_row && !libless(up);
        for x in [0u8, 2, 3] {
            // The new cell's code when only cell `c` changes and no label is created, freed or
            // reordered: `up` (the leaving cell) and any chain the move touches have a liberty,
            // or the stone extends the chain on its left (whose label appears before `c`).
            let simple = if !quick {
                None
            } else if x == 0 {
                (!libless(left)).then_some(0)
            } else if libless(left) && color_of(left) == x {
                (up != 0 && up != x).then_some(left)
            } else {
                (up == 0 || left == 0 || up == x || left == x).then_some(x)
            };
            if let Some(v) = simple {
                out(self.canonical(k.set(c, bits, v)));
            } else {
                let a = cells.get_or_insert_with(|| {
                    let mut a = [0u8; MAXW];
                    k.decode(&mut a[..self.w], bits);
                    a
                });
                if let Some(nk) = self.apply::<K>(a, x) {
                    out(nk);
                }
            }
        }
    }
}

type Shard<K, const N: usize> = Vec<(K, Num<N>)>;

fn empty_shards<K: Key, const N: usize>() -> Vec<Shard<K, N>> {
    (0..SHARDS).map(|_| Vec::new()).collect()
}

/// One point: every thread appends the successors of its part of the old states to buffers of
/// its own, one per shard (sequential writes); then each shard's buffers are summed in a hash
/// map small enough to stay in cache, and emptied into the shard's new list.
fn step<K: Key, const N: usize>(layer: Vec<Shard<K, N>>, st: &Step) -> Vec<Shard<K, N>> {
    let threads = rayon::current_num_threads().max(1);
    let parts: Vec<Vec<Shard<K, N>>> = layer
        .into_par_iter()
        .with_min_len((SHARDS / (4 * threads)).max(1))
        .fold(empty_shards::<K, N>, |mut acc, states| {
            for (k, v) in states {
                st.successors(k, |nk| acc[shard(nk)].push((nk, v)));
            }
            acc
        })
        .collect();
    let mut per_shard: Vec<Vec<Shard<K, N>>> = (0..SHARDS).map(|_| Vec::new()).collect();
    for part in parts {
        for (s, m) in part.into_iter().enumerate() {
            if !m.is_empty() {
                per_shard[s].push(m);
            }
        }
    }
    per_shard
        .into_par_iter()
        .map(|bufs| {
            let len: usize = bufs.iter().map(Vec::len).sum();
            let mut map: Map<K, N> = Map::with_capacity_and_hasher(len / 2, Default::default());
            for buf in bufs {
                for (k, v) in buf {
                    map.entry(k).or_insert(Num::ZERO).add(&v);
                }
            }
            map.into_iter().collect()
        })
        .collect()
}

/// What the DP found.
pub(crate) struct DpResult {
    pub count: BigUint,
    pub peak_states: u64,
}

fn run<K: Key, const N: usize>(
    w: usize,
    len: usize,
    bits: u32,
    pool: &rayon::ThreadPool,
    progress: &mut dyn FnMut(Progress),
) -> DpResult {
    let mut layer = empty_shards::<K, N>();
    let start = K::encode(&[0u8; MAXW][..w], bits);
    layer[shard(start)].push((start, Num::one()));
    let total = (w * len) as u64;
    let mut peak = 1u64;
    let mut done = 0u64;
    for r in 0..len {
        for c in 0..w {
            let st = Step {
                w,
                c,
                first_row: r == 0,
                last_row: r + 1 == len,
                bits,
                low: (0..w).fold(0u128, |m, j| m | 1 << (j as u32 * bits)),
            };
            layer = pool.install(|| step(layer, &st));
            let states: u64 = layer.iter().map(|m| m.len() as u64).sum();
            peak = peak.max(states);
            done += 1;
            progress(Progress {
                done,
                total,
                states,
            });
        }
    }
    let mut sum = Num::<N>::ZERO;
    for m in &layer {
        for (_, v) in m {
            sum.add(v);
        }
    }
    DpResult {
        count: sum.to_big(),
        peak_states: peak,
    }
}

macro_rules! dispatch_limbs {
    ($k:ty, $limbs:expr, $w:expr, $len:expr, $bits:expr, $pool:expr, $progress:expr; $($n:literal)*) => {{
        let limbs = $limbs;
        $(
            if limbs <= $n {
                return Ok(run::<$k, $n>($w, $len, $bits, $pool, $progress));
            }
        )*
    }};
}

/// Counts the legal positions of a `width` x `height` board.
pub(crate) fn dp_count(
    width: usize,
    height: usize,
    pool: &rayon::ThreadPool,
    progress: &mut dyn FnMut(Progress),
) -> Result<DpResult, CountError> {
    let (w, len) = (width.min(height), width.max(height));
    if w > MAX_DP_WIDTH {
        return Err(CountError::TooWide {
            side: w,
            max: MAX_DP_WIDTH,
        });
    }
    // 3^points < 2^(1.585·points); one spare bit.
    let bits_needed = (w * len) as f64 * 3f64.log2() + 2.0;
    let limbs = (bits_needed / 64.0).ceil() as usize;
    if w <= 12 {
        dispatch_limbs!(u64, limbs, w, len, 5, pool, progress; 1 2 3 4 5 6 8 10 12 16);
    } else {
        let bits = if w <= 14 { 5 } else { 6 };
        dispatch_limbs!(u128, limbs, w, len, bits, pool, progress; 3 4 5 6 8 10 12 16);
    }
    Err(CountError::TooLarge {
        points: w * len,
        max: 16 * 64 * 100 / 159,
    })
}
