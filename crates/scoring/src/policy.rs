//! End-game playouts for the dead-stone guess: a small board of its own with exact liberty
//! counts, and a policy that knows the basics of life and death at the end of a game.
//!
//! The policy, for the player to move:
//! 1. if the last move left a group of the opponent in atari, capture it;
//! 2. if the last move put one of the mover's groups in atari, save it: capture a neighbouring
//!    enemy group in atari, else extend at its last liberty when that gives it at least two;
//! 3. otherwise a uniformly random move among the empty points that is legal, does not fill one
//!    of the mover's own eyes, and is not a self-atari of two stones or more (a self-atari of one
//!    stone is a throw-in, which killing needs; a larger one gives stones away, and in a seki
//!    it is exactly the move that must not be played, so seki stays seki);
//! 4. pass when no move qualifies. Two passes in a row end the playout.
//!
//! Ko is the simple ko (retaking a single stone at once is forbidden); suicide is never played.
//! The board is padded with a border of off-board points so that neighbours need no bounds
//! checks; groups are kept as circular lists of stones with a root, a size, an exact count of
//! liberties and the set of them (a bit per point), updated on every move: merging groups ORs
//! their sets and a group's last liberties are read off its set, with no walk over its stones.
//! Each point also keeps the colors of its eight neighbours as a 16-bit pattern, updated when a
//! stone is placed or removed next to it, so that the random move's first tests (two empty
//! neighbours: good; an eye of the mover: rejected) are one read of a table of flags.
//!
//! Every per-point table is a fixed-size array of `N` entries, `N` a power of two at least the
//! padded board's number of points, and is indexed with `i & (N - 1)`: the compiler sees that
//! the index is in bounds and leaves out the bounds check (the crate forbids `unsafe`, so
//! unchecked indexing is not an option). The mask never changes a valid index, so the points,
//! their order and so the moves and random numbers are the same whatever `N` is.
//! [`policy_ownership`] picks the smallest `N` that fits the board.

use tengen_core::playout::Rng;
use tengen_core::{Board, Color};

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 3;
const NO: u16 = u16::MAX;

fn code(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

const fn other(c: u8) -> u8 {
    BLACK + WHITE - c
}

/// Flag of [`ORTHOGONAL_FLAGS`]: at least two of the four neighbours are empty.
const TWO_EMPTY: u8 = 1;

/// The 3x3 neighbourhood of a point as kept in [`PolicyBoard`]'s `pattern`: the code of each
/// of its eight neighbours (2 bits), the four orthogonal ones in the order of
/// [`PolicyBoard::nbs`] (bits 0 to 7), then the diagonals up-left, up-right, down-left,
/// down-right (bits 8 to 15). The eye test of [`PolicyBoard::is_eye`] splits in two halves, one
/// per byte: the point is an eye of `c` when bit `c` is set in both its byte's flags.
///
/// The flags of the orthogonal byte: [`TWO_EMPTY`], and bit `c` when every orthogonal
/// neighbour is `c` or off the board.
const fn orthogonal_flags(byte: usize) -> u8 {
    let mut flags = 0;
    let mut empties = 0;
    let mut c = BLACK;
    while c <= WHITE {
        flags |= 1 << c;
        c += 1;
    }
    let mut k = 0;
    while k < 4 {
        let v = (byte >> (2 * k) & 3) as u8;
        if v == EMPTY {
            empties += 1;
        }
        let mut c = BLACK;
        while c <= WHITE {
            if v != c && v != EDGE {
                flags &= !(1 << c);
            }
            c += 1;
        }
        k += 1;
    }
    if empties >= 2 {
        flags |= TWO_EMPTY;
    }
    flags
}

/// The flags of the diagonal byte of a pattern ([`orthogonal_flags`]): bit `c` when the
/// diagonals make no false eye of `c`: no enemy diagonal when one is off the board, at most
/// one in the middle.
const fn diagonal_flags(byte: usize) -> u8 {
    let mut flags = 0;
    let mut c = BLACK;
    while c <= WHITE {
        let (mut bad, mut edge) = (0, false);
        let mut k = 0;
        while k < 4 {
            let v = (byte >> (2 * k) & 3) as u8;
            if v == EDGE {
                edge = true;
            } else if v == other(c) {
                bad += 1;
            }
            k += 1;
        }
        if (edge && bad == 0) || (!edge && bad <= 1) {
            flags |= 1 << c;
        }
        c += 1;
    }
    flags
}

/// [`orthogonal_flags`] of every byte, worked out at compile time.
const ORTHOGONAL_FLAGS: [u8; 256] = {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = orthogonal_flags(b);
        b += 1;
    }
    t
};

/// [`diagonal_flags`] of every byte, worked out at compile time.
const DIAGONAL_FLAGS: [u8; 256] = {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = diagonal_flags(b);
        b += 1;
    }
    t
};

/// The flags of every pattern, worked out at compile time: [`TWO_EMPTY`] from its orthogonal
/// byte, and bit `c` (an eye of `c`) when both bytes' flags have it, so that the random move
/// reads one byte.
static PATTERN_FLAGS: [u8; 1 << 16] = {
    let mut t = [0; 1 << 16];
    let mut p = 0;
    while p < 1 << 16 {
        let orthogonal = ORTHOGONAL_FLAGS[p & 0xff];
        t[p] = orthogonal & (TWO_EMPTY | DIAGONAL_FLAGS[p >> 8]);
        p += 1;
    }
    t
};

/// Whether root `r` is one of the four in `seen` (written out: the slice search did not inline).
#[inline]
fn among(seen: &[u16; 4], r: u16) -> bool {
    seen[0] == r || seen[1] == r || seen[2] == r || seen[3] == r
}

/// A boxed array of `N` copies of `v` (built on the heap: the largest do not fit the stack).
fn boxed<T: Copy, const N: usize>(v: T) -> Box<[T; N]> {
    vec![v; N]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("a vector of N items"))
}

/// A position for end-game playouts: reset from a [`Board`], played out, read back.
///
/// `N` is the size of every per-point table: a power of two no smaller than the padded board
/// (`(width + 2) * (height + 2)` points); `W = N / 64` is the number of 64-bit words of a
/// liberty set. [`policy_ownership`] picks them for the board; [`PolicyBoard::new`] panics on a
/// board that does not fit.
#[derive(Debug, Clone)]
pub struct PolicyBoard<const N: usize, const W: usize> {
    w: usize,
    h: usize,
    stride: usize,
    /// Number of points of the padded board (the rest of each table up to `N` is unused).
    n: usize,
    cell: Box<[u8; N]>,
    /// Per point: the codes of its eight neighbours ([`orthogonal_flags`]), kept for the points of
    /// the board (not the border), so that the random move's first tests are one table read.
    pattern: Box<[u16; N]>,
    /// Root of the group of each stone.
    root: Box<[u16; N]>,
    /// Next stone of the same group (circular).
    next: Box<[u16; N]>,
    /// Per root: number of stones and exact number of liberties.
    size: Box<[u16; N]>,
    libs: Box<[u16; N]>,
    /// Per root: the set of its liberties, one bit per point, so that merging groups or
    /// finding the last liberty needs no walk over their stones.
    libset: Box<[[u64; W]; N]>,
    /// The empty points, in any order (the first `n_empty`), and the position of each in the
    /// list.
    empties: Box<[u16; N]>,
    n_empty: usize,
    empty_pos: Box<[u16; N]>,
    /// The point where a capture of one stone would retake the ko, if any.
    ko: u16,
    /// Scratch marks for liberty counting, with a generation counter.
    mark: Box<[u32; N]>,
    generation: u32,
    /// Per point: the owner of its empty region as [`Self::reach`] last found it (valid for the
    /// points it marked in the current [`Self::add_ownership`]).
    region_owner: Box<[i8; N]>,
    /// Scratch list of the points of the region being flooded.
    region: Box<[u16; N]>,
    start: Box<[u8; N]>,
    /// The bookkeeping of the start position, copied back by [`Self::reset`].
    start_state: StartState<N, W>,
}

/// The bookkeeping of a [`PolicyBoard`]'s start position.
#[derive(Debug, Clone)]
struct StartState<const N: usize, const W: usize> {
    pattern: Box<[u16; N]>,
    root: Box<[u16; N]>,
    next: Box<[u16; N]>,
    size: Box<[u16; N]>,
    libs: Box<[u16; N]>,
    /// The groups' roots with their liberty sets: only those need copying back (a point that
    /// becomes a root later clears its set when its stone is played, and no other set is read).
    roots: Vec<(u16, [u64; W])>,
    empties: Box<[u16; N]>,
    n_empty: usize,
    empty_pos: Box<[u16; N]>,
}

impl<const N: usize, const W: usize> PolicyBoard<N, W> {
    /// The index mask: `i & M` is `i` for every point and lets the compiler drop bounds checks.
    const M: usize = N - 1;

    /// A policy board holding the position of `board`.
    ///
    /// # Panics
    /// If the padded board has more than `N` points, or `N` is not a power of two with
    /// `W * 64 == N`.
    pub fn new(board: &Board) -> Self {
        const { assert!(N.is_power_of_two() && W * 64 == N && N <= 1 << 16) };
        let (w, h) = (board.width(), board.height());
        let stride = w + 2;
        let n = stride * (h + 2);
        assert!(n <= N, "a {w}x{h} board needs {n} points, more than {N}");
        let mut start = boxed(EDGE);
        for y in 0..h {
            for x in 0..w {
                let p = tengen_core::Point::new(x as u8, y as u8);
                start[(y + 1) * stride + x + 1] = board.get(p).map_or(EMPTY, code);
            }
        }
        let mut b = PolicyBoard {
            w,
            h,
            stride,
            n,
            cell: start.clone(),
            pattern: boxed(0),
            root: boxed(NO),
            next: boxed(NO),
            size: boxed(0),
            libs: boxed(0),
            libset: boxed([0; W]),
            empties: boxed(NO),
            n_empty: 0,
            empty_pos: boxed(NO),
            ko: NO,
            mark: boxed(0),
            generation: 0,
            region_owner: boxed(0),
            region: boxed(NO),
            start,
            start_state: StartState {
                pattern: boxed(0),
                root: boxed(NO),
                next: boxed(NO),
                size: boxed(0),
                libs: boxed(0),
                roots: Vec::new(),
                empties: boxed(NO),
                n_empty: 0,
                empty_pos: boxed(NO),
            },
        };
        b.build();
        b.start_state = StartState {
            pattern: b.pattern.clone(),
            root: b.root.clone(),
            next: b.next.clone(),
            size: b.size.clone(),
            libs: b.libs.clone(),
            roots: (0..n)
                .filter(|&i| b.cell[i] != EMPTY && b.cell[i] != EDGE && b.root[i] as usize == i)
                .map(|i| (i as u16, b.libset[i]))
                .collect(),
            empties: b.empties.clone(),
            n_empty: b.n_empty,
            empty_pos: b.empty_pos.clone(),
        };
        b
    }

    /// Goes back to the position the board was made from (a copy of the bookkeeping
    /// `build` worked out once; of the liberty sets, only the start roots' are copied,
    /// the only ones read before `play` clears a set for a new stone).
    pub fn reset(&mut self) {
        let st = &self.start_state;
        *self.cell = *self.start;
        self.ko = NO;
        *self.pattern = *st.pattern;
        *self.root = *st.root;
        *self.next = *st.next;
        *self.size = *st.size;
        *self.libs = *st.libs;
        for &(r, set) in &st.roots {
            self.libset[r as usize & Self::M] = set;
        }
        *self.empties = *st.empties;
        self.n_empty = st.n_empty;
        *self.empty_pos = *st.empty_pos;
    }

    /// Sets the board to its start position and works out the bookkeeping from scratch.
    fn build(&mut self) {
        *self.cell = *self.start;
        self.n_empty = 0;
        self.ko = NO;
        self.libset.iter_mut().for_each(|s| *s = [0; W]);
        for y in 1..=self.h {
            for x in 1..=self.w {
                let i = y * self.stride + x;
                self.pattern[i] = self.pattern_of(i);
            }
        }
        for i in 0..self.n {
            self.root[i] = NO;
            self.empty_pos[i] = NO;
            if self.cell[i] == EMPTY {
                self.add_empty(i);
            }
        }
        for i in 0..self.n {
            let c = self.cell[i];
            if (c == BLACK || c == WHITE) && self.root[i] == NO {
                // Flood the group, link its stones, count its liberties.
                let mut stack = vec![i];
                self.root[i] = i as u16;
                let mut last = i;
                let mut count = 0u16;
                while let Some(k) = stack.pop() {
                    count += 1;
                    if k != i {
                        self.next[last] = k as u16;
                        last = k;
                    }
                    for nb in self.nbs(k) {
                        if self.cell[nb] == c && self.root[nb] == NO {
                            self.root[nb] = i as u16;
                            stack.push(nb);
                        }
                    }
                }
                self.next[last] = i as u16;
                self.size[i] = count;
                self.libs[i] = self.count_libs(i);
                let mut s = i;
                loop {
                    for nb in self.nbs(s) {
                        if self.cell[nb] == EMPTY {
                            self.set_lib(i, nb);
                        }
                    }
                    s = self.next[s] as usize;
                    if s == i {
                        break;
                    }
                }
            }
        }
    }

    /// Adds point `p` to the liberty set of root `r`.
    #[inline]
    fn set_lib(&mut self, r: usize, p: usize) {
        let p = p & Self::M;
        self.libset[r & Self::M][p / 64] |= 1u64 << (p % 64);
    }

    /// Takes point `p` out of the liberty set of root `r`.
    #[inline]
    fn clear_lib(&mut self, r: usize, p: usize) {
        let p = p & Self::M;
        self.libset[r & Self::M][p / 64] &= !(1u64 << (p % 64));
    }

    /// Whether point `p` is in the liberty set of root `r`.
    #[inline]
    fn has_lib(&self, r: usize, p: usize) -> bool {
        let p = p & Self::M;
        self.libset[r & Self::M][p / 64] >> (p % 64) & 1 == 1
    }

    /// The size of the liberty set of root `r`.
    #[inline]
    fn count_set(&self, r: usize) -> u16 {
        self.libset[r & Self::M]
            .iter()
            .map(|x| x.count_ones())
            .sum::<u32>() as u16
    }

    /// The first point of the liberty set of root `r` other than `except`, if any.
    #[inline]
    fn lib_other_than(&self, r: usize, except: usize) -> Option<usize> {
        for (k, &x) in self.libset[r & Self::M].iter().enumerate() {
            let mut x = x;
            if k == except / 64 {
                x &= !(1u64 << (except % 64));
            }
            if x != 0 {
                return Some(k * 64 + x.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The four neighbours of `i`, masked (so every table reads them unchecked).
    #[inline]
    fn nbs(&self, i: usize) -> [usize; 4] {
        [
            i.wrapping_sub(self.stride) & Self::M,
            i.wrapping_sub(1) & Self::M,
            (i + 1) & Self::M,
            (i + self.stride) & Self::M,
        ]
    }

    #[inline]
    fn cell(&self, i: usize) -> u8 {
        self.cell[i & Self::M]
    }

    #[inline]
    fn root(&self, i: usize) -> usize {
        self.root[i & Self::M] as usize
    }

    #[inline]
    fn libs(&self, r: usize) -> u16 {
        self.libs[r & Self::M]
    }

    #[inline]
    fn next(&self, i: usize) -> usize {
        self.next[i & Self::M] as usize
    }

    #[inline]
    fn size(&self, r: usize) -> u16 {
        self.size[r & Self::M]
    }

    /// The eight neighbours of board point `i` in the order of the pattern's fields.
    #[inline]
    fn around(&self, i: usize) -> [usize; 8] {
        let s = self.stride;
        [
            i - s,
            i - 1,
            i + 1,
            i + s,
            i - s - 1,
            i - s + 1,
            i + s - 1,
            i + s + 1,
        ]
    }

    /// The pattern of board point `i`, from the cells around it.
    fn pattern_of(&self, i: usize) -> u16 {
        self.around(i)
            .iter()
            .enumerate()
            .fold(0, |p, (k, &q)| p | u16::from(self.cell(q)) << (2 * k))
    }

    /// Sets the cell of board point `i` (empty or a stone) to `v`, and the field of `i` in the
    /// patterns of its eight neighbours (in each, the field of the opposite direction).
    #[inline]
    fn set_cell(&mut self, i: usize, v: u8) {
        let i = i & Self::M;
        let change = u16::from(self.cell[i] ^ v);
        self.cell[i] = v;
        let s = self.stride;
        self.pattern[(i - s) & Self::M] ^= change << 6;
        self.pattern[(i - 1) & Self::M] ^= change << 4;
        self.pattern[(i + 1) & Self::M] ^= change << 2;
        self.pattern[(i + s) & Self::M] ^= change;
        self.pattern[(i - s - 1) & Self::M] ^= change << 14;
        self.pattern[(i - s + 1) & Self::M] ^= change << 12;
        self.pattern[(i + s - 1) & Self::M] ^= change << 10;
        self.pattern[(i + s + 1) & Self::M] ^= change << 8;
    }

    /// Exact number of liberties of the group of `i`, by walking its stones.
    fn count_libs(&mut self, i: usize) -> u16 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
        let g = self.generation;
        let mut n = 0;
        let mut s = i;
        loop {
            for nb in self.nbs(s) {
                if self.cell[nb] == EMPTY && self.mark[nb] != g {
                    self.mark[nb] = g;
                    n += 1;
                }
            }
            s = self.next(s);
            if s == i {
                break;
            }
        }
        n
    }

    /// A liberty of the group of `i` (the only one when it is in atari: every caller asks
    /// only then).
    fn some_liberty(&self, i: usize) -> Option<usize> {
        self.lib_other_than(self.root(i), usize::MAX)
    }

    /// Whether `i` is an eye of `c`: every neighbour is `c` or off the board, and `c` holds
    /// enough diagonals (all of them on the edge, all but one in the middle) that it is no false eye.
    fn is_eye(&self, i: usize, c: u8) -> bool {
        if self.nbs(i).iter().any(|&nb| {
            let v = self.cell[nb];
            v != c && v != EDGE
        }) {
            return false;
        }
        let s = self.stride;
        let mut bad = 0;
        let mut edge = false;
        for d in [i - s - 1, i - s + 1, i + s - 1, i + s + 1] {
            match self.cell(d) {
                EDGE => edge = true,
                v if v == other(c) => bad += 1,
                _ => {}
            }
        }
        if edge {
            bad == 0
        } else {
            bad <= 1
        }
    }

    /// What playing `c` at empty `i` would do: `None` if illegal (suicide or the ko),
    /// else `Some((self_atari_size, captures))`, where `self_atari_size` is the number of stones
    /// of the new group when it would have one liberty (0 when it would have more).
    fn probe(&mut self, i: usize, c: u8) -> Option<(u32, bool)> {
        let opp = other(c);
        // The first liberty found, and whether a second, different one exists.
        let mut first = NO;
        let mut two = false;
        let add = |l: u16, first: &mut u16, two: &mut bool| {
            if *first == NO {
                *first = l;
            } else if *first != l {
                *two = true;
            }
        };
        let mut captures = false;
        let mut size = 1u32;
        let mut friends: [u16; 4] = [NO; 4];
        for (j, nb) in self.nbs(i).into_iter().enumerate() {
            // Masked again: through the array's iterator the compiler loses the first mask.
            let nb = nb & Self::M;
            let v = self.cell[nb];
            if v == EMPTY {
                add(nb as u16, &mut first, &mut two);
            } else if v == opp {
                if self.libs(self.root(nb)) == 1 {
                    captures = true;
                }
            } else if v == c {
                let r = self.root(nb);
                if among(&friends, r as u16) {
                    continue;
                }
                friends[j & 3] = r as u16;
                size += u32::from(self.size(r));
                match self.libs(r) {
                    0 | 1 => {}
                    2 => {
                        // The liberty other than `i`.
                        if let Some(l) = self.lib_other_than(r, i) {
                            add(l as u16, &mut first, &mut two);
                        }
                    }
                    _ => two = true,
                }
            }
        }
        if captures {
            if i as u16 == self.ko {
                return None;
            }
            // A capture gives at least one liberty; count it as safe unless the capturing
            // group would still have only that one (then it is a ko-like shape: allowed).
            return Some((0, true));
        }
        if two {
            Some((0, false))
        } else if first != NO {
            Some((size, false))
        } else {
            None
        }
    }

    fn remove_empty(&mut self, i: usize) {
        let pos = self.empty_pos[i & Self::M] as usize;
        debug_assert!(self.n_empty > 0, "an empty point");
        self.n_empty -= 1;
        let last = self.empties[self.n_empty & Self::M];
        if last as usize != i {
            self.empties[pos & Self::M] = last;
            self.empty_pos[last as usize & Self::M] = pos as u16;
        }
        self.empty_pos[i & Self::M] = NO;
    }

    fn add_empty(&mut self, i: usize) {
        self.empty_pos[i & Self::M] = self.n_empty as u16;
        self.empties[self.n_empty & Self::M] = i as u16;
        self.n_empty += 1;
    }

    /// Plays `c` at empty `i` (legal: checked by [`Self::probe`]).
    fn play(&mut self, i: usize, c: u8) {
        let i = i & Self::M;
        let opp = other(c);
        self.set_cell(i, c);
        self.remove_empty(i);
        self.root[i] = i as u16;
        self.next[i] = i as u16;
        self.size[i] = 1;
        // One look at the neighbours: every distinct neighbouring group loses the liberty `i`
        // (the friendly ones noted for the merge, the enemy ones left without liberties for
        // the captures), and the new stone's own liberties, its count so far (each capture
        // below adds the points it empties next to it).
        let mut seen: [u16; 4] = [NO; 4];
        let mut friends: [u16; 4] = [NO; 4];
        let mut n_friends = 0;
        let mut captures = false;
        let mut n = 0;
        self.libset[i] = [0; W];
        for (j, nb) in self.nbs(i).into_iter().enumerate() {
            let v = self.cell[nb];
            if v == EMPTY {
                self.set_lib(i, nb);
                n += 1;
            } else if v == BLACK || v == WHITE {
                let r = self.root[nb];
                if !among(&seen, r) {
                    seen[j & 3] = r;
                    self.libs[r as usize & Self::M] -= 1;
                    self.clear_lib(r as usize, i);
                    if v == c {
                        friends[j & 3] = r;
                        n_friends += 1;
                    } else if self.libs[r as usize & Self::M] == 0 {
                        captures = true;
                    }
                }
            }
        }
        self.libs[i] = n;
        // Captures.
        let mut captured = 0u32;
        let mut last_captured = NO;
        if captures {
            for nb in self.nbs(i) {
                let nb = nb & Self::M;
                if self.cell[nb] == opp && self.libs(self.root(nb)) == 0 {
                    let r = self.root(nb);
                    captured += u32::from(self.size(r));
                    last_captured = nb as u16;
                    self.remove_group(r);
                }
            }
        }
        // Merge with friendly neighbours. The joined group's count: with one friendly group,
        // its count (exact: it already lost `i` and gained what the captures emptied) plus the
        // new stone's liberties not already its (the new stone's set holds only neighbours of
        // `i`: its empty neighbours and the captured stones next to it); with two or more,
        // the joined set counted.
        if n_friends == 1 {
            let f = friends
                .into_iter()
                .find(|&f| f != NO)
                .map_or(i, usize::from);
            let mut n = self.libs(f);
            for nb in self.nbs(i) {
                if self.has_lib(i, nb) && !self.has_lib(f, nb) {
                    n += 1;
                }
            }
            let r = self.merge(i, f);
            self.libs[r & Self::M] = n;
        } else if n_friends > 1 {
            let mut r = i;
            for f in friends {
                if f != NO {
                    r = self.merge(r, f as usize);
                }
            }
            self.libs[r & Self::M] = self.count_set(r);
        }
        let r = self.root(i);
        self.ko = if captured == 1 && self.size(r) == 1 && self.libs(r) == 1 {
            last_captured
        } else {
            NO
        };
    }

    /// Merges two groups, the smaller into the larger; returns the root kept.
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.size(a) >= self.size(b) {
            (a & Self::M, b & Self::M)
        } else {
            (b & Self::M, a & Self::M)
        };
        let mut s = small;
        loop {
            self.root[s] = big as u16;
            s = self.next(s) & Self::M;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.size[big] += self.size[small];
        // OR the small group's set into the big one's, word by word (a fixed-size copy).
        let from = self.libset[small];
        for (t, f) in self.libset[big].iter_mut().zip(from) {
            *t |= f;
        }
        big
    }

    fn remove_group(&mut self, r: usize) {
        let r = r & Self::M;
        let c = self.cell[r];
        let mut s = r;
        loop {
            self.set_cell(s, EMPTY);
            self.add_empty(s);
            let nxt = self.next(s) & Self::M;
            self.root[s] = NO;
            s = nxt;
            if s == r {
                break;
            }
        }
        // Neighbouring groups of the other color gain liberties: one per distinct
        // (removed point, group) pair.
        let mut s = r;
        loop {
            let mut seen: [u16; 4] = [NO; 4];
            for (j, nb) in self.nbs(s).into_iter().enumerate() {
                let v = self.cell[nb];
                if v == other(c) {
                    let g = self.root[nb];
                    if !among(&seen, g) {
                        seen[j & 3] = g;
                        self.libs[g as usize & Self::M] += 1;
                        self.set_lib(g as usize, s);
                    }
                }
            }
            s = self.next(s);
            if s == r {
                break;
            }
        }
    }

    /// The tactical move after the opponent's move at `last`, if one is urgent.
    fn tactical(&mut self, last: usize, c: u8) -> Option<usize> {
        let opp = other(c);
        // Capture the group just played if it is in atari.
        if self.cell(last) == opp && self.libs(self.root(last)) == 1 {
            if let Some(l) = self.some_liberty(last) {
                if self.probe(l, c).is_some() {
                    return Some(l);
                }
            }
        }
        // Save own groups the last move put in atari.
        for nb in self.nbs(last) {
            let nb = nb & Self::M;
            if self.cell[nb] != c || self.libs(self.root(nb)) != 1 {
                continue;
            }
            let r = self.root(nb);
            // Capture an enemy group in atari next to it.
            let mut s = r;
            loop {
                for n2 in self.nbs(s) {
                    if self.cell[n2] == opp && self.libs(self.root(n2)) == 1 {
                        if let Some(l) = self.some_liberty(n2) {
                            if self.probe(l, c).is_some() {
                                return Some(l);
                            }
                        }
                    }
                }
                s = self.next(s);
                if s == r {
                    break;
                }
            }
            // Extend, if that gives two liberties or more.
            if let Some(l) = self.some_liberty(r) {
                if let Some((0, _)) = self.probe(l, c) {
                    return Some(l);
                }
            }
        }
        None
    }

    /// Whether `c` may play at empty `i` as a random move: it is not an eye of `c`, it is legal
    /// and it is no self-atari of two stones or more. Exactly `!is_eye(i, c)` and
    /// [`Self::probe`] giving a self-atari size of at most 1, in one look at the neighbours
    /// that stops as soon as the answer is known: away from the ko point, a capture or a second
    /// liberty makes the move good whatever else is around it, and the size of a self-atari
    /// only matters as "has a friendly neighbour or not".
    #[inline]
    fn random_ok(&mut self, i: usize, c: u8) -> bool {
        if i as u16 == self.ko {
            return !self.is_eye(i, c) && matches!(self.probe(i, c), Some((sa, _)) if sa <= 1);
        }
        // Two empty neighbours, or an eye of `c`: read off the point's pattern.
        let flags = PATTERN_FLAGS[usize::from(self.pattern[i & Self::M])];
        if flags & TWO_EMPTY != 0 {
            return true;
        }
        if flags >> c & 1 != 0 {
            return false;
        }
        let nbs = self.nbs(i);
        // The neighbours' cells, read off the pattern.
        let p = self.pattern[i & Self::M];
        let cells = [0, 2, 4, 6].map(|k| (p >> k & 3) as u8);
        let opp = other(c);
        // The first liberty found; a second, different one settles it. The four neighbours are
        // written out (a loop over them cost a fifth of this function's time).
        let mut first = usize::MAX;
        let mut friend = false;
        macro_rules! neighbour {
            ($k:expr) => {{
                let (nb, v) = (nbs[$k], cells[$k]);
                let lib = if v == EMPTY {
                    nb
                } else if v == opp {
                    if self.libs(self.root(nb)) == 1 {
                        return true; // a capture
                    }
                    usize::MAX
                } else if v == c {
                    friend = true;
                    let r = self.root(nb);
                    match self.libs(r) {
                        0 | 1 => usize::MAX,
                        2 => self.lib_other_than(r, i).unwrap_or(usize::MAX),
                        _ => return true,
                    }
                } else {
                    usize::MAX
                };
                if lib != usize::MAX {
                    if first == usize::MAX {
                        first = lib;
                    } else if first != lib {
                        return true;
                    }
                }
            }};
        }
        neighbour!(0);
        neighbour!(1);
        neighbour!(2);
        neighbour!(3);
        // One liberty: a self-atari, of the lone stone only when no friend joins it.
        first != usize::MAX && !friend
    }

    /// A random move for `c` under the policy's filters, or `None` to pass.
    fn random_move(&mut self, c: u8, rng: &mut Rng) -> Option<usize> {
        let mut remaining = self.n_empty;
        while remaining > 0 {
            let r = rng.below(remaining) & Self::M;
            let i = self.empties[r] as usize;
            if self.random_ok(i, c) {
                return Some(i);
            }
            remaining -= 1;
            // Move the rejected point out of the draw (the order of the list has no meaning).
            let last = remaining & Self::M;
            let j = self.empties[last];
            self.empties[r] = j;
            self.empties[last] = i as u16;
            self.empty_pos[i & Self::M] = remaining as u16;
            self.empty_pos[j as usize & Self::M] = r as u16;
        }
        None
    }

    /// Plays a playout from the current position with `first` to move, until two passes in a
    /// row or `max_plies` turns. Returns the number of turns.
    pub fn playout(&mut self, first: Color, rng: &mut Rng, max_plies: usize) -> usize {
        let mut c = code(first);
        let mut passes = 0;
        let mut last = NO;
        let mut plies = 0;
        while plies < max_plies && passes < 2 {
            let mv = if last != NO {
                self.tactical(last as usize, c)
            } else {
                None
            }
            .or_else(|| self.random_move(c, rng));
            match mv {
                Some(i) => {
                    self.play(i, c);
                    last = i as u16;
                    passes = 0;
                }
                None => {
                    self.ko = NO;
                    last = NO;
                    passes += 1;
                }
            }
            c = other(c);
            plies += 1;
        }
        plies
    }

    /// Adds the area owner of every point to `acc` (row-major, +1 black, -1 white), by
    /// Tromp-Taylor: a stone is its color's, an empty point is the color its region alone reaches.
    /// Each empty region of two points or more is flooded once, for its first point met.
    ///
    /// # Panics
    /// If `acc` is shorter than the board's `width * height` points.
    pub fn add_ownership(&mut self, acc: &mut [i32]) {
        let (w, h, s) = (self.w, self.h, self.stride);
        // Marks of this call are the generations above `g0`: make room so none wraps.
        if self.generation > u32::MAX - self.n as u32 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.generation = 0;
        }
        let g0 = self.generation;
        for (y, row) in acc[..w * h].chunks_exact_mut(w).enumerate() {
            for (x, a) in row.iter_mut().enumerate() {
                let i = ((y + 1) * s + x + 1) & Self::M;
                let v = match self.cell[i] {
                    BLACK => 1,
                    WHITE => -1,
                    _ if self.mark[i] > g0 => i32::from(self.region_owner[i]),
                    _ => {
                        let mut seen = [false; 4];
                        let mut empty_nb = false;
                        for nb in self.nbs(i) {
                            match self.cell[nb] {
                                EMPTY => empty_nb = true,
                                v => seen[v as usize & 3] = true,
                            }
                        }
                        if empty_nb {
                            self.reach(i)
                        } else {
                            match (seen[BLACK as usize], seen[WHITE as usize]) {
                                (true, false) => 1,
                                (false, true) => -1,
                                _ => 0,
                            }
                        }
                    }
                };
                *a += v;
            }
        }
    }

    /// The owner of the empty region of `start` (+1 black, -1 white, 0 both or neither), also
    /// written to [`Self::region_owner`] of each of its points, which it marks with a new
    /// generation.
    fn reach(&mut self, start: usize) -> i32 {
        self.generation += 1;
        let g = self.generation;
        let start = start & Self::M;
        self.region[0] = start as u16;
        let mut len = 1;
        self.mark[start] = g;
        let mut seen = [false; 2];
        let mut k = 0;
        while k < len {
            let p = self.region[k & Self::M] as usize;
            k += 1;
            for nb in self.nbs(p) {
                match self.cell[nb] {
                    EMPTY if self.mark[nb] != g => {
                        self.mark[nb] = g;
                        self.region[len & Self::M] = nb as u16;
                        len += 1;
                    }
                    BLACK => seen[0] = true,
                    WHITE => seen[1] = true,
                    _ => {}
                }
            }
        }
        let v = match seen {
            [true, false] => 1,
            [false, true] => -1,
            _ => 0,
        };
        for &p in &self.region[..len.min(N)] {
            self.region_owner[p as usize & Self::M] = v as i8;
        }
        v
    }

    /// The stone at row-major index `k`, if any.
    pub fn get(&self, k: usize) -> Option<Color> {
        let (x, y) = (k % self.w, k / self.w);
        match self.cell[(y + 1) * self.stride + x + 1] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Checks the incremental bookkeeping against a recount (for tests).
    pub fn check(&mut self) -> Result<(), String> {
        for y in 1..=self.h {
            for x in 1..=self.w {
                let i = y * self.stride + x;
                if self.pattern[i] != self.pattern_of(i) {
                    return Err(format!(
                        "point {i}: pattern {:x} kept, {:x} read",
                        self.pattern[i],
                        self.pattern_of(i)
                    ));
                }
            }
        }
        let mut empty = 0;
        for i in 0..self.n {
            let c = self.cell[i];
            if c == BLACK || c == WHITE {
                let r = self.root(i);
                if self.cell[r] != c {
                    return Err(format!("stone {i}: root {r} of another color"));
                }
                if r == i {
                    let n = self.count_libs(r);
                    if n != self.libs[r] {
                        return Err(format!(
                            "group {r}: {} liberties kept, {n} counted",
                            self.libs[r]
                        ));
                    }
                    if n == 0 {
                        return Err(format!("group {r} without liberties"));
                    }
                    if self.count_set(r) != n {
                        return Err(format!(
                            "group {r}: {} liberties in its set, {n} counted",
                            self.count_set(r)
                        ));
                    }
                    let mut s = r;
                    loop {
                        for nb in self.nbs(s) {
                            if self.cell[nb] == EMPTY && !self.has_lib(r, nb) {
                                return Err(format!("group {r}: liberty {nb} not in its set"));
                            }
                        }
                        s = self.next(s);
                        if s == r {
                            break;
                        }
                    }
                }
            } else if c == EMPTY {
                empty += 1;
                let pos = self.empty_pos[i] as usize;
                if pos >= self.n_empty || self.empties[pos] as usize != i {
                    return Err(format!("empty list broken at {i}"));
                }
            }
        }
        if empty != self.n_empty {
            return Err(format!(
                "{empty} empty points, {} in the list",
                self.n_empty
            ));
        }
        Ok(())
    }
}

/// Monte Carlo ownership of a position under the end-game policy: one value per point,
/// row-major, from -1 (white's in every playout) to 1 (black's in every playout). Playouts
/// alternate the first player; the same seed gives the same result.
pub fn policy_ownership(board: &Board, playouts: u32, seed: u64) -> Vec<f32> {
    // The smallest tables that hold the padded board (19x19: 441 points in 512).
    match (board.width() + 2) * (board.height() + 2) {
        0..=128 => ownership_on::<128, 2>(board, playouts, seed),
        129..=256 => ownership_on::<256, 4>(board, playouts, seed),
        257..=512 => ownership_on::<512, 8>(board, playouts, seed),
        513..=1024 => ownership_on::<1024, 16>(board, playouts, seed),
        _ => ownership_on::<4096, 64>(board, playouts, seed),
    }
}

/// [`policy_ownership`] on a [`PolicyBoard`] of `N` points.
fn ownership_on<const N: usize, const W: usize>(
    board: &Board,
    playouts: u32,
    seed: u64,
) -> Vec<f32> {
    let n = board.width() * board.height();
    let mut acc = vec![0i32; n];
    let mut pb = PolicyBoard::<N, W>::new(board);
    let mut rng = Rng::new(seed);
    let max_plies = 2 * n + 40;
    for i in 0..playouts {
        pb.reset();
        let first = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        pb.playout(first, &mut rng, max_plies);
        pb.add_ownership(&mut acc);
    }
    let div = playouts.max(1) as f32;
    acc.iter().map(|&v| v as f32 / div).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_from_rows;

    /// The liberty set of the group at `vertex` (column letter, row from the bottom) of `pb`,
    /// as sorted vertices.
    fn liberties_at<const N: usize, const W: usize>(
        pb: &PolicyBoard<N, W>,
        vertex: &str,
    ) -> Vec<String> {
        let at = |v: &str| {
            let x = (v.as_bytes()[0] - b'A') as usize;
            let y = pb.h - v[1..].parse::<usize>().unwrap();
            (y + 1) * pb.stride + x + 1
        };
        let r = pb.root[at(vertex)] as usize;
        let mut out: Vec<String> = (0..pb.n)
            .filter(|&p| pb.has_lib(r, p))
            .map(|p| {
                let (x, y) = (p % pb.stride - 1, p / pb.stride - 1);
                format!("{}{}", (b'A' + x as u8) as char, pb.h - y)
            })
            .collect();
        out.sort();
        out
    }

    /// The liberty sets through a merge and a capture, worked out by hand on a 5x5 board
    /// (no I column on so small a board: A to E):
    ///
    /// ```text
    /// 5 . . . . .
    /// 4 . X X . .
    /// 3 . O . X .
    /// 2 . X . . .
    /// 1 . . . . .
    ///   A B C D E
    /// ```
    ///
    /// Black C3 joins B4 C4 and D3 into one string B4 C4 C3 D3, whose liberties are A4 B5
    /// (of B4), C5 D4 (of C4), C2 (of C3), E3 D2 (of D3; D4 again): 7. White B3 is left with
    /// A3 alone. Black A3 takes it: B3 becomes a liberty of the big string (8), of B2 (A2 B1 C2
    /// B3: 4) and of A3 itself (A2 A4 B3: 3). Without the sets merged the big string would
    /// keep C3's own liberties only; without the capture's points added, B3 would be missing.
    #[test]
    fn liberty_sets_follow_merges_and_captures() {
        let board = board_from_rows(&[
            ".....", //
            ".XX..", //
            ".O.X.", //
            ".X...", //
            ".....",
        ])
        .unwrap();
        let mut pb = PolicyBoard::<128, 2>::new(&board);
        let at = |x: usize, y: usize| (y + 1) * 7 + x + 1;
        let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(liberties_at(&pb, "B3"), strings(&["A3", "C3"]));
        pb.play(at(2, 2), BLACK);
        pb.check().unwrap();
        assert_eq!(
            liberties_at(&pb, "C3"),
            strings(&["A4", "B5", "C2", "C5", "D2", "D4", "E3"])
        );
        assert_eq!(pb.libs[pb.root[at(2, 2)] as usize], 7);
        assert_eq!(pb.some_liberty(at(1, 2)), Some(at(0, 2)), "B3's last: A3");
        pb.play(at(0, 2), BLACK);
        pb.check().unwrap();
        assert_eq!(pb.get(2 * 5 + 1), None, "B3 taken");
        assert_eq!(
            liberties_at(&pb, "C3"),
            strings(&["A4", "B3", "B5", "C2", "C5", "D2", "D4", "E3"])
        );
        assert_eq!(liberties_at(&pb, "B2"), strings(&["A2", "B1", "B3", "C2"]));
        assert_eq!(liberties_at(&pb, "A3"), strings(&["A2", "A4", "B3"]));
        // Back to the start: the sets of the start position again.
        pb.reset();
        pb.check().unwrap();
        assert_eq!(liberties_at(&pb, "B3"), strings(&["A3", "C3"]));
        assert_eq!(
            liberties_at(&pb, "C4"),
            strings(&["A4", "B5", "C3", "C5", "D4"])
        );
    }

    #[test]
    fn bookkeeping_stays_exact_over_many_playouts() {
        // The 9x9 corner fights of `busy_boards`.
        let board = busy_boards().swap_remove(0);
        let mut pb = PolicyBoard::<128, 2>::new(&board);
        let mut rng = Rng::new(7);
        for k in 0..200 {
            pb.reset();
            pb.check().unwrap();
            // Stop part-way through to check positions in the middle of a playout too.
            pb.playout(Color::Black, &mut rng, 5 + k % 60);
            pb.check().unwrap();
        }
    }

    /// Busy boards for the playout tests: a 9x9 with corner fights (the first), and a 19x19
    /// with strings of both colors in atari, eyes, false eyes and open space.
    fn busy_boards() -> Vec<Board> {
        let nine = board_from_rows(&[
            ".X.XO.O..",
            "XX.XOO.O.",
            "..XXO.OO.",
            "XXXOO....",
            "OOO......",
            ".........",
            "...X..O..",
            ".........",
            ".........",
        ])
        .unwrap();
        let nineteen = board_from_rows(&[
            ".X.XO.O............",
            "XX.XOO.O...X.O.....",
            "..XXO.OO....XO.....",
            "XXXOO......XO.O....",
            "OOO...............X",
            "........X.......XX.",
            "...X..O.OX......X.X",
            ".......O.X.......XX",
            "......XO..........O",
            "...................",
            "..O.O.............X",
            ".O.O.O...X.X......O",
            "..O.O.....XOX......",
            "..........XO.......",
            "...........X.......",
            "...........OX....OO",
            "..X.X...........O.O",
            ".X.X.X..........OO.",
            "..X.X............O.",
        ])
        .unwrap();
        vec![nine, nineteen]
    }

    /// [`PolicyBoard::random_ok`]'s shortcuts against the two tests it stands for, on every
    /// empty point for both colors, in positions met part-way through many playouts. A shortcut
    /// that let through an eye, a suicide or a self-atari of two stones (or refused a good move)
    /// fails it; the tallies make sure each kind of point was met.
    #[test]
    fn the_random_move_test_agrees_with_the_eye_and_probe_tests() {
        let mut rng = Rng::new(11);
        let (mut good, mut eyes, mut bad) = (0, 0, 0);
        for board in busy_boards() {
            let mut pb = PolicyBoard::<512, 8>::new(&board);
            let max = 2 * board.width() * board.height() + 40;
            for k in 0..300 {
                pb.reset();
                let first = if k % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                pb.playout(first, &mut rng, k * 7 % max);
                for i in 0..pb.n {
                    if pb.cell[i] != EMPTY {
                        continue;
                    }
                    for c in [BLACK, WHITE] {
                        let eye = pb.is_eye(i, c);
                        let probe = pb.probe(i, c);
                        let want = !eye && matches!(probe, Some((sa, _)) if sa <= 1);
                        assert_eq!(pb.random_ok(i, c), want, "point {i}, color {c}, ply {k}");
                        match (want, eye) {
                            (true, _) => good += 1,
                            (false, true) => eyes += 1,
                            (false, false) => bad += 1,
                        }
                    }
                }
            }
        }
        assert!(
            good > 1000 && eyes > 100 && bad > 100,
            "{good} {eyes} {bad}"
        );
    }

    /// The area owner of row-major point `k` of `pb`, from scratch: a stone is its color's, an
    /// empty point the color that alone borders its empty region (found by a fresh flood).
    fn owner_from_scratch<const N: usize, const W: usize>(pb: &PolicyBoard<N, W>, k: usize) -> i32 {
        let i = (k / pb.w + 1) * pb.stride + k % pb.w + 1;
        match pb.cell[i] {
            BLACK => return 1,
            WHITE => return -1,
            _ => {}
        }
        let mut seen = vec![false; pb.n];
        let mut todo = vec![i];
        seen[i] = true;
        let (mut black, mut white) = (false, false);
        while let Some(p) = todo.pop() {
            for nb in [p - pb.stride, p - 1, p + 1, p + pb.stride] {
                match pb.cell[nb] {
                    EMPTY if !seen[nb] => {
                        seen[nb] = true;
                        todo.push(nb);
                    }
                    BLACK => black = true,
                    WHITE => white = true,
                    _ => {}
                }
            }
        }
        match (black, white) {
            (true, false) => 1,
            (false, true) => -1,
            _ => 0,
        }
    }

    /// [`PolicyBoard::add_ownership`], which floods each empty region once and reads its other
    /// points back, against the owner of every point worked out from scratch, in positions met
    /// part-way through many playouts (large shared regions early, eyes and dame late), and
    /// again with the mark generations about to wrap. Reading back a stale region's owner, or
    /// a region flooded by an earlier call, fails it.
    #[test]
    fn ownership_read_back_per_region_agrees_with_a_flood_from_every_point() {
        let mut rng = Rng::new(5);
        let mut shared = 0;
        for board in busy_boards() {
            let n = board.width() * board.height();
            let mut pb = PolicyBoard::<512, 8>::new(&board);
            for k in 0..200 {
                pb.reset();
                pb.playout(Color::Black, &mut rng, k * 3 % (2 * n + 40));
                if k % 50 == 49 {
                    pb.generation = u32::MAX - 3;
                }
                let mut acc = vec![0; n];
                pb.add_ownership(&mut acc);
                let want: Vec<i32> = (0..n).map(|p| owner_from_scratch(&pb, p)).collect();
                assert_eq!(acc, want, "ply cap {k}");
                // Count the empty points of regions of two or more (all but the first of each
                // read back from the flood of another point).
                shared += (0..n)
                    .filter(|&p| {
                        let i = (p / pb.w + 1) * pb.stride + p % pb.w + 1;
                        pb.cell[i] == EMPTY && pb.nbs(i).iter().any(|&nb| pb.cell[nb] == EMPTY)
                    })
                    .count();
            }
        }
        assert!(shared > 1000, "{shared}");
    }

    /// The tables' size changes nothing: the same playouts on the smallest tables that fit
    /// and on the largest (`N` = 4096, as for a 52x52 board) give the same ownership, bit for
    /// bit, on both busy boards. A mask that cut a valid index short, or a liberty set whose
    /// words depend on `N`, would make the moves differ and fail it.
    /// The pattern flags on hand-made neighbourhoods: `pattern(orthogonal, diagonal)` packs
    /// the codes up, left, right, down, then up-left, up-right, down-left, down-right.
    #[test]
    fn the_pattern_flags_follow_the_eye_test() {
        fn pattern(o: [u8; 4], d: [u8; 4]) -> usize {
            o.iter()
                .chain(&d)
                .enumerate()
                .fold(0, |p, (k, &v)| p | usize::from(v) << (2 * k))
        }
        let (b, w, e, x) = (BLACK, WHITE, EMPTY, EDGE);
        let eye_of = |p: usize| {
            let (o, d) = (orthogonal_flags(p & 0xff), diagonal_flags(p >> 8));
            (
                (o & d) >> BLACK & 1 == 1,
                (o & d) >> WHITE & 1 == 1,
                o & TWO_EMPTY != 0,
            )
        };
        // In the middle, four black neighbours: an eye of black with one white diagonal, a
        // false eye with two; never white's.
        assert_eq!(eye_of(pattern([b; 4], [w, b, e, b])), (true, false, false));
        assert_eq!(eye_of(pattern([b; 4], [w, b, b, w])), (false, false, false));
        // On the first line (the point above is off the board, so are two diagonals): no
        // white diagonal allowed.
        assert_eq!(
            eye_of(pattern([x, b, b, b], [x, x, b, e])),
            (true, false, false)
        );
        assert_eq!(
            eye_of(pattern([x, b, b, b], [x, x, b, w])),
            (false, false, false)
        );
        // In the corner, white's: two edges, two white stones, the diagonal white.
        assert_eq!(
            eye_of(pattern([x, x, w, w], [x, x, x, w])),
            (false, true, false)
        );
        // One empty neighbour: no eye; two: the flag for two empty neighbours.
        assert_eq!(eye_of(pattern([b, b, b, e], [b; 4])), (false, false, false));
        assert_eq!(eye_of(pattern([e, b, w, e], [b; 4])), (false, false, true));
        // The tables are the functions.
        assert!((0..256).all(|b| ORTHOGONAL_FLAGS[b] == orthogonal_flags(b)));
        assert!((0..256).all(|b| DIAGONAL_FLAGS[b] == diagonal_flags(b)));
        assert!((0..1 << 16).all(|p| {
            let (o, d) = (orthogonal_flags(p & 0xff), diagonal_flags(p >> 8));
            PATTERN_FLAGS[p] == o & TWO_EMPTY | o & d & (1 << BLACK | 1 << WHITE)
        }));
    }

    #[test]
    fn the_tables_size_does_not_change_the_playouts() {
        let boards = busy_boards();
        let small = ownership_on::<128, 2>(&boards[0], 300, 3);
        assert_eq!(small, ownership_on::<4096, 64>(&boards[0], 300, 3));
        assert_eq!(small, policy_ownership(&boards[0], 300, 3));
        let nineteen = ownership_on::<512, 8>(&boards[1], 100, 3);
        assert_eq!(nineteen, ownership_on::<4096, 64>(&boards[1], 100, 3));
        assert_eq!(nineteen, ownership_on::<1024, 16>(&boards[1], 100, 3));
        // Not all settled: the playouts had choices to make.
        assert!(nineteen.iter().any(|&v| v > -1.0 && v < 1.0));
    }
}
