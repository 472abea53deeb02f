//! The board: stones, groups with exact liberty counts, captures and the Zobrist hash, all kept
//! incrementally.
//!
//! Layout (after KataGo's `board.h`): one flat array with a wall around the board, so that the
//! neighbours of index `i` are `i - 1`, `i + 1`, `i - stride`, `i + stride` with no bounds check.
//! The wall column is shared between the right edge of one row and the left edge of the next.
//! A group is a circular list of its stones (`next`), each stone knows its group's head, and the
//! head holds the group's exact liberty count, size and the XOR of its stones' Zobrist keys.
//!
//! The board knows nothing of turns, ko or history: [`crate::Game`] adds those.

use crate::color::Color;
use crate::point::Point;
use crate::slab::Slab;
use crate::zobrist;
use std::fmt;

pub(crate) const EMPTY: u8 = 0;
pub(crate) const WALL: u8 = 3;

/// The smallest and largest board side.
pub const MIN_SIZE: u8 = 1;
/// The largest board side: 52, the limit of SGF's two-letter points.
pub const MAX_SIZE: u8 = 52;

/// A board size outside 1..=52.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeError {
    /// The width asked for.
    pub width: usize,
    /// The height asked for.
    pub height: usize,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unacceptable size {}x{}: each side must be from {MIN_SIZE} to {MAX_SIZE}",
            self.width, self.height
        )
    }
}

impl std::error::Error for SizeError {}

/// What placing a stone would do, found without changing the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveEffect {
    /// How many enemy stones it captures.
    pub captures: u32,
    /// Whether its own group is left without liberties (after the captures).
    pub suicide: bool,
    /// The size of the own group that a suicide removes (0 when not a suicide).
    pub suicide_stones: u32,
    /// The Zobrist hash of the position after the move.
    pub hash_after: u64,
}

/// A Go board of any size from 1x1 to 52x52, rectangular included.
///
/// ```
/// use tengen_core::{Board, Color, Point};
/// let mut board = Board::new(9, 9).unwrap();
/// board.play(Point::new(0, 1), Color::Black);
/// board.play(Point::new(1, 0), Color::Black);
/// board.play(Point::new(0, 0), Color::White); // suicide is the caller's business here
/// assert_eq!(board.get(Point::new(0, 0)), None);
/// assert_eq!(board.captures(Color::Black), 1);
/// ```
pub struct Board {
    pub(crate) width: u8,
    pub(crate) height: u8,
    pub(crate) stride: usize,
    /// ceil(2^20 / stride): `index / stride` as a multiply and a shift (exact below 2^20 / 53).
    inv_stride: usize,
    pub(crate) cells: Slab<u8>,
    pub(crate) head: Slab<u16>,
    pub(crate) next: Slab<u16>,
    libs: Slab<u16>,
    pub(crate) size: Slab<u16>,
    ghash: Slab<u64>,
    pub(crate) empties: Vec<u16>,
    pub(crate) empty_pos: Slab<u16>,
    pub(crate) hash: u64,
    pub(crate) captures: [u32; 2],
    mark: Slab<u32>,
    stamp: u32,
    scratch: Vec<u16>,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}", self.width, self.height)?;
        for y in 0..self.height {
            for x in 0..self.width {
                let c = match self.get(Point::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            width: self.width,
            height: self.height,
            stride: self.stride,
            inv_stride: self.inv_stride,
            cells: self.cells.clone(),
            head: self.head.clone(),
            next: self.next.clone(),
            libs: self.libs.clone(),
            size: self.size.clone(),
            ghash: self.ghash.clone(),
            empties: self.empties.clone(),
            empty_pos: self.empty_pos.clone(),
            hash: self.hash,
            captures: self.captures,
            mark: self.mark.clone(),
            stamp: self.stamp,
            scratch: Vec::with_capacity(self.scratch.capacity()),
        }
    }

    /// Copies without allocating when both boards have the same size (playouts restart often).
    fn clone_from(&mut self, o: &Board) {
        self.width = o.width;
        self.height = o.height;
        self.stride = o.stride;
        self.inv_stride = o.inv_stride;
        self.cells.copy_from(&o.cells);
        self.head.copy_from(&o.head);
        self.next.copy_from(&o.next);
        self.libs.copy_from(&o.libs);
        self.size.copy_from(&o.size);
        self.ghash.copy_from(&o.ghash);
        self.empties.clone_from(&o.empties);
        self.empty_pos.copy_from(&o.empty_pos);
        self.hash = o.hash;
        self.captures = o.captures;
        self.mark.copy_from(&o.mark);
        self.stamp = o.stamp;
    }
}

impl PartialEq for Board {
    /// Boards are equal when they have the same size and the same stones.
    fn eq(&self, other: &Board) -> bool {
        self.width == other.width && self.height == other.height && self.cells == other.cells
    }
}

impl Eq for Board {}

#[inline(always)]
fn opp(c: u8) -> u8 {
    3 - c
}

/// The eye test of the playout policies on a padded cell array (`stride` cells a row, `WALL`
/// around): every orthogonal neighbour of `i` is `c` or the edge, and the enemy holds fewer than
/// two diagonals (fewer than one on the edge). Shared by [`Board`] and the playout board.
#[inline(always)]
pub(crate) fn eyelike(cells: &Slab<u8>, stride: usize, i: usize, c: u8) -> bool {
    for n in [i - stride, i - 1, i + 1, i + stride] {
        let v = cells[n];
        if v != c && v != WALL {
            return false;
        }
    }
    let mut enemies = 0;
    let mut edge = false;
    for d in [
        i - stride - 1,
        i - stride + 1,
        i + stride - 1,
        i + stride + 1,
    ] {
        let v = cells[d];
        if v == WALL {
            edge = true;
        } else if v == opp(c) {
            enemies += 1;
        }
    }
    enemies < if edge { 1 } else { 2 }
}

impl Board {
    /// An empty board `width` columns wide and `height` rows high.
    pub fn new(width: usize, height: usize) -> Result<Board, SizeError> {
        let ok = |n: usize| (MIN_SIZE as usize..=MAX_SIZE as usize).contains(&n);
        if !ok(width) || !ok(height) {
            return Err(SizeError { width, height });
        }
        let stride = width + 1;
        let len = (height + 2) * stride + 1;
        let mut b = Board {
            width: width as u8,
            height: height as u8,
            stride,
            inv_stride: (1usize << 20).div_ceil(stride),
            cells: Slab::new(WALL, len),
            head: Slab::new(0, len),
            next: Slab::new(0, len),
            libs: Slab::new(0, len),
            size: Slab::new(0, len),
            ghash: Slab::new(0, len),
            empties: Vec::with_capacity(width * height),
            empty_pos: Slab::new(0, len),
            hash: 0,
            captures: [0; 2],
            mark: Slab::new(0, len),
            stamp: 0,
            scratch: Vec::with_capacity(width * height),
        };
        for y in 0..height {
            for x in 0..width {
                let i = (y + 1) * stride + x + 1;
                b.cells[i] = EMPTY;
                b.empty_pos[i] = b.empties.len() as u16;
                b.empties.push(i as u16);
            }
        }
        Ok(b)
    }

    /// A board holding the given stones, one entry per point in row-major order from the top-left.
    ///
    /// Nothing is captured: a group may be left without liberties (see [`Board::group_without_liberty`]).
    pub fn from_cells(
        width: usize,
        height: usize,
        cells: &[Option<Color>],
    ) -> Result<Board, SizeError> {
        let mut b = Board::new(width, height)?;
        if cells.len() != width * height {
            return Err(SizeError { width, height });
        }
        for (k, c) in cells.iter().enumerate() {
            if let Some(c) = c {
                let i = b.index_xy(k % width, k / width);
                b.cells[i] = *c as u8;
                b.remove_empty(i);
                b.hash ^= zobrist::stone(i, *c as u8);
            }
        }
        b.rebuild_all();
        Ok(b)
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Whether the point lies on this board.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    #[inline(always)]
    fn index_xy(&self, x: usize, y: usize) -> usize {
        (y + 1) * self.stride + x + 1
    }

    /// The padded index of an on-board point (the board's internal address).
    #[inline(always)]
    ///
    /// # Panics
    /// When the point is off the board.
    pub fn index(&self, p: Point) -> usize {
        assert!(self.contains(p), "point off the board: {p}");
        self.index_xy(p.x as usize, p.y as usize)
    }

    /// The point at a padded index.
    #[inline]
    pub fn point(&self, index: usize) -> Point {
        let row = (index * self.inv_stride) >> 20; // index / stride, without a division
        Point::new((index - row * self.stride - 1) as u8, (row - 1) as u8)
    }

    #[inline(always)]
    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// The on-board orthogonal neighbours of `p`: up, left, right, down (row-major order).
    pub fn neighbours_of(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let i = self.index(p);
        self.neighbours(i)
            .into_iter()
            .filter(move |&n| self.cells[n] != WALL)
            .map(move |n| self.point(n))
    }

    /// The stone on a point, `None` when empty (or off the board).
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        if !self.contains(p) {
            return None;
        }
        self.color_at(self.index(p))
    }

    /// Whether `i` is the padded index of a point of this board (not the wall, not outside).
    #[inline]
    pub fn is_point_index(&self, i: usize) -> bool {
        i < self.cells.len() && self.cells[i] != WALL
    }

    /// The stone at a padded index.
    ///
    /// # Panics
    /// When `i` is not the index of a point of this board.
    #[inline]
    pub fn color_at(&self, i: usize) -> Option<Color> {
        assert!(self.is_point_index(i), "not a point index: {i}");
        self.color_at_unchecked(i)
    }

    #[inline(always)]
    pub(crate) fn color_at_unchecked(&self, i: usize) -> Option<Color> {
        match self.cells[i] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// The Zobrist hash of the stones on the board (not of the player to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How many stones `color` has captured (suicides count for the opponent).
    #[inline]
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// Sets the capture counts (used when restoring a game).
    pub fn set_captures(&mut self, black: u32, white: u32) {
        self.captures = [black, white];
    }

    /// The number of liberties of the group on `p`, 0 for an empty point.
    pub fn liberties(&self, p: Point) -> usize {
        let i = self.index(p);
        if self.cells[i] == EMPTY {
            return 0;
        }
        self.libs[self.head[i] as usize] as usize
    }

    /// The number of stones in the group on `p`, 0 for an empty point.
    pub fn group_size(&self, p: Point) -> usize {
        let i = self.index(p);
        if self.cells[i] == EMPTY {
            return 0;
        }
        self.size[self.head[i] as usize] as usize
    }

    /// The stones of the group on `p`, empty for an empty point.
    pub fn group_stones(&self, p: Point) -> Vec<Point> {
        let i = self.index(p);
        let mut out = Vec::new();
        if self.cells[i] == EMPTY {
            return out;
        }
        let mut s = i;
        loop {
            out.push(self.point(s));
            s = self.next[s] as usize;
            if s == i {
                break;
            }
        }
        out
    }

    /// The liberties of the group on `p`, in row-major order.
    pub fn group_liberties(&self, p: Point) -> Vec<Point> {
        let mut libs: Vec<Point> = Vec::new();
        for s in self.group_stones(p) {
            for n in self.neighbours(self.index(s)) {
                if self.cells[n] == EMPTY {
                    let q = self.point(n);
                    if !libs.contains(&q) {
                        libs.push(q);
                    }
                }
            }
        }
        libs.sort_by_key(|q| (q.y, q.x));
        libs
    }

    /// A group-identifying point (its head) for the stone on `p`; equal for stones of one group.
    pub fn group_id(&self, p: Point) -> Option<usize> {
        let i = self.index(p);
        (self.cells[i] != EMPTY).then(|| self.head[i] as usize)
    }

    /// The empty points, in no particular order.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.empties.iter().map(|&i| self.point(i as usize))
    }

    /// The number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empties.len()
    }

    /// The padded indices of the empty points, in no particular order.
    #[inline]
    pub fn empty_indices(&self) -> &[u16] {
        &self.empties
    }

    /// Every point of the board in row-major order from the top-left.
    pub fn points(&self) -> impl Iterator<Item = Point> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Point::new(x, y)))
    }

    /// The number of stones of `color` on the board.
    pub fn stone_count(&self, color: Color) -> usize {
        self.cells
            .as_slice()
            .iter()
            .filter(|&&c| c == color as u8)
            .count()
    }

    /// The first group without a liberty in row-major order (only set-up positions can have one).
    pub fn group_without_liberty(&self) -> Option<Point> {
        self.points().find(|&p| {
            let i = self.index(p);
            self.cells[i] != EMPTY && self.libs[self.head[i] as usize] == 0
        })
    }

    #[inline(always)]
    fn remove_empty(&mut self, i: usize) {
        let k = self.empty_pos[i] as usize;
        let last = self.empties.pop().expect("an empty point to fill");
        if last as usize != i {
            self.empties[k] = last;
            self.empty_pos[last as usize] = k as u16;
        }
    }

    #[inline(always)]
    fn add_empty(&mut self, i: usize) {
        self.empty_pos[i] = self.empties.len() as u16;
        self.empties.push(i as u16);
    }

    /// What placing `color` on the empty padded index `i` would do, without doing it.
    ///
    /// # Panics
    /// When `i` is not the index of an empty point of this board.
    pub fn effect(&self, i: usize, color: Color) -> MoveEffect {
        assert!(
            self.is_point_index(i) && self.cells[i] == EMPTY,
            "not an empty point: {i}"
        );
        self.effect_at(i, color)
    }

    #[inline(always)]
    pub(crate) fn effect_at(&self, i: usize, color: Color) -> MoveEffect {
        let c = color as u8;
        let o = opp(c);
        let mut hash = self.hash ^ zobrist::stone(i, c);
        let mut seen = [0u16; 4];
        let mut nseen = 0;
        let mut has_liberty = false;
        let mut captures = 0u32;
        let mut own_hash = 0u64;
        let mut own_size = 1u32;
        for n in self.neighbours(i) {
            let v = self.cells[n];
            if v == EMPTY {
                has_liberty = true;
            } else if v == c || v == o {
                let h = self.head[n];
                if seen[..nseen].contains(&h) {
                    continue;
                }
                seen[nseen] = h;
                nseen += 1;
                let h = h as usize;
                if v == c {
                    if self.libs[h] > 1 {
                        has_liberty = true;
                    }
                    own_hash ^= self.ghash[h];
                    own_size += u32::from(self.size[h]);
                } else if self.libs[h] == 1 {
                    captures += u32::from(self.size[h]);
                    hash ^= self.ghash[h];
                }
            }
        }
        let suicide = !has_liberty && captures == 0;
        if suicide {
            // The stone and its friends vanish: the stone's key cancels itself.
            hash ^= zobrist::stone(i, c) ^ own_hash;
        }
        MoveEffect {
            captures,
            suicide,
            suicide_stones: if suicide { own_size } else { 0 },
            hash_after: hash,
        }
    }

    /// Whether placing `color` on the empty point `p` would leave its own group without liberties
    /// after the captures it makes.
    pub fn is_suicide(&self, p: Point, color: Color) -> bool {
        let i = self.index(p);
        self.cells[i] == EMPTY && self.effect_at(i, color).suicide
    }

    /// Places a stone on the empty point `p`, captures what it captures, and removes its own group
    /// if that is left without liberties. The board enforces no ko and no suicide rule: that is
    /// [`crate::Game`]'s job. Returns the number of stones removed.
    ///
    /// # Panics
    /// When `p` is off the board or occupied.
    pub fn play(&mut self, p: Point, color: Color) -> u32 {
        assert!(self.contains(p), "point off the board");
        let i = self.index(p);
        assert_eq!(self.cells[i], EMPTY, "point occupied");
        let (captured, suicided) = self.place_at(i, color, |_| {});
        captured + suicided
    }

    /// Places `color` on the empty padded index `i`, calling `removed` for every stone that leaves
    /// the board (captured enemies, or the own group on a suicide). Returns (captured, suicided).
    ///
    /// # Panics
    /// When `i` is not the index of an empty point of this board.
    pub fn place(&mut self, i: usize, color: Color, removed: impl FnMut(u16)) -> (u32, u32) {
        assert!(
            self.is_point_index(i) && self.cells[i] == EMPTY,
            "not an empty point: {i}"
        );
        self.place_at(i, color, removed)
    }

    #[inline(always)]
    pub(crate) fn place_at(
        &mut self,
        i: usize,
        color: Color,
        mut removed: impl FnMut(u16),
    ) -> (u32, u32) {
        debug_assert_eq!(self.cells[i], EMPTY);
        let c = color as u8;
        let o = opp(c);
        let key = zobrist::stone(i, c);
        self.cells[i] = c;
        self.remove_empty(i);
        self.hash ^= key;

        let nbrs = self.neighbours(i);
        let mut friends = [0u16; 4];
        let mut nf = 0;
        let mut enemies = [0u16; 4];
        let mut ne = 0;
        let mut empty_nbrs = 0u16;
        for n in nbrs {
            let v = self.cells[n];
            if v == EMPTY {
                empty_nbrs += 1;
            } else if v == c {
                let h = self.head[n];
                if !friends[..nf].contains(&h) {
                    friends[nf] = h;
                    nf += 1;
                }
            } else if v == o {
                let h = self.head[n];
                if !enemies[..ne].contains(&h) {
                    enemies[ne] = h;
                    ne += 1;
                }
            }
        }
        for &e in &enemies[..ne] {
            self.libs[e as usize] -= 1;
        }

        if nf == 0 {
            self.head[i] = i as u16;
            self.next[i] = i as u16;
            self.size[i] = 1;
            self.libs[i] = empty_nbrs;
            self.ghash[i] = key;
        } else {
            // Join the largest friendly group; count liberties incrementally: a liberty is new
            // when no stone already in the group touches it (KataGo's merge).
            let mut g = friends[0] as usize;
            for &f in &friends[1..nf] {
                if self.size[f as usize] > self.size[g] {
                    g = f as usize;
                }
            }
            for &f in &friends[..nf] {
                self.libs[f as usize] -= 1; // the stone fills one liberty of each
            }
            for n in nbrs {
                if self.cells[n] == EMPTY && !self.touches_group_except(n, g, i) {
                    self.libs[g] += 1;
                }
            }
            self.head[i] = g as u16;
            self.next[i] = self.next[g];
            self.next[g] = i as u16;
            self.size[g] += 1;
            self.ghash[g] ^= key;
            for &f in &friends[..nf] {
                let f = f as usize;
                if f == g {
                    continue;
                }
                let mut s = f;
                loop {
                    for e in self.neighbours(s) {
                        if self.cells[e] == EMPTY && !self.touches_group_except(e, g, usize::MAX) {
                            self.libs[g] += 1;
                        }
                    }
                    self.head[s] = g as u16;
                    s = self.next[s] as usize;
                    if s == f {
                        break;
                    }
                }
                let (ng, nf) = (self.next[g], self.next[f]);
                self.next[g] = nf;
                self.next[f] = ng;
                self.size[g] += self.size[f];
                self.ghash[g] ^= self.ghash[f];
            }
        }

        let mut captured = 0;
        for &e in &enemies[..ne] {
            let e = e as usize;
            if self.libs[e] == 0 && self.cells[e] == o {
                captured += self.remove_group(e, &mut removed);
            }
        }
        self.captures[color.index()] += captured;

        let g = self.head[i] as usize;
        let mut suicided = 0;
        if self.libs[g] == 0 {
            suicided = self.remove_group(g, &mut removed);
            self.captures[color.opponent().index()] += suicided;
        }
        (captured, suicided)
    }

    /// Whether a stone of group `g` other than the one at `except` touches the point `n`.
    #[inline(always)]
    fn touches_group_except(&self, n: usize, g: usize, except: usize) -> bool {
        let c = self.cells[g];
        self.neighbours(n)
            .into_iter()
            .any(|m| m != except && self.cells[m] == c && self.head[m] as usize == g)
    }

    /// The hash after `color` plays on the empty index `i`, for a move that is not a suicide:
    /// the stone's key and the keys of the enemy groups it captures (kept per group).
    #[inline(always)]
    pub(crate) fn hash_after_at(&self, i: usize, color: Color) -> u64 {
        let c = color as u8;
        let o = opp(c);
        let mut hash = self.hash ^ zobrist::stone(i, c);
        let mut seen = [0u16; 4];
        let mut nseen = 0;
        for n in self.neighbours(i) {
            if self.cells[n] == o {
                let h = self.head[n];
                if self.libs[h as usize] == 1 && !seen[..nseen].contains(&h) {
                    seen[nseen] = h;
                    nseen += 1;
                    hash ^= self.ghash[h as usize];
                }
            }
        }
        hash
    }

    /// Whether `color` on the empty index `i` would have no liberty and capture nothing.
    #[inline(always)]
    pub(crate) fn is_suicide_at(&self, i: usize, color: Color) -> bool {
        let c = color as u8;
        for n in self.neighbours(i) {
            let v = self.cells[n];
            if v == EMPTY {
                return false;
            }
            if v == WALL {
                continue;
            }
            let libs = self.libs[self.head[n] as usize];
            if (v == c) == (libs > 1) {
                // a friend with a spare liberty, or an enemy in atari (captured)
                return false;
            }
        }
        true
    }

    fn remove_group(&mut self, g: usize, removed: &mut impl FnMut(u16)) -> u32 {
        let c = self.cells[g];
        let o = opp(c);
        let mut count = 0;
        let mut s = g;
        loop {
            self.cells[s] = EMPTY;
            self.add_empty(s);
            self.hash ^= zobrist::stone(s, c);
            removed(s as u16);
            count += 1;
            let mut seen = [0u16; 4];
            let mut nseen = 0;
            for n in self.neighbours(s) {
                if self.cells[n] == o {
                    let h = self.head[n];
                    if !seen[..nseen].contains(&h) {
                        seen[nseen] = h;
                        nseen += 1;
                        self.libs[h as usize] += 1;
                    }
                }
            }
            s = self.next[s] as usize;
            if s == g {
                break;
            }
        }
        count
    }

    /// Takes back a [`Board::place`] of `color` at `i` that removed the stones `removed`
    /// (`suicide` says whether they were the own group). Restores stones, groups, liberties, hash
    /// and capture counts exactly.
    ///
    /// # Panics
    /// When `i` or a removed index is not a point of this board.
    pub fn unplace(&mut self, i: usize, color: Color, removed: &[u16], suicide: bool) {
        assert!(self.is_point_index(i), "not a point index: {i}");
        assert!(
            removed.iter().all(|&s| self.is_point_index(s as usize)),
            "bad removed list"
        );
        let c = color as u8;
        let back = if suicide { c } else { opp(c) };
        for &s in removed {
            let s = s as usize;
            self.cells[s] = back;
            self.remove_empty(s);
            self.hash ^= zobrist::stone(s, back);
        }
        let n = removed.len() as u32;
        if suicide {
            self.captures[color.opponent().index()] -= n;
        } else {
            self.captures[color.index()] -= n;
        }
        self.cells[i] = EMPTY;
        self.add_empty(i);
        self.hash ^= zobrist::stone(i, c);

        let base = self.next_stamp_base();
        for n in self.neighbours(i) {
            self.rebuild_if_needed(n, base);
        }
        for &s in removed {
            let s = s as usize;
            if s == i {
                continue;
            }
            self.rebuild_if_needed(s, base);
            for n in self.neighbours(s) {
                self.rebuild_if_needed(n, base);
            }
        }
    }

    /// Sets or clears a stone without captures (set-up); groups around it are rebuilt.
    pub fn set_stone(&mut self, p: Point, stone: Option<Color>) {
        let i = self.index(p);
        let old = self.cells[i];
        let new = stone.map_or(EMPTY, |c| c as u8);
        if old == new {
            return;
        }
        if old != EMPTY {
            self.hash ^= zobrist::stone(i, old);
        } else {
            self.remove_empty(i);
        }
        if new != EMPTY {
            self.hash ^= zobrist::stone(i, new);
        } else {
            self.add_empty(i);
        }
        self.cells[i] = new;
        let base = self.next_stamp_base();
        self.rebuild_if_needed(i, base);
        for n in self.neighbours(i) {
            self.rebuild_if_needed(n, base);
        }
    }

    fn next_stamp_base(&mut self) -> u32 {
        if self.stamp > u32::MAX - 4 * self.cells.len() as u32 {
            self.mark.fill(0);
            self.stamp = 0;
        }
        self.stamp
    }

    #[inline]
    fn rebuild_if_needed(&mut self, s: usize, base: u32) {
        let v = self.cells[s];
        if (v == 1 || v == 2) && self.mark[s] <= base {
            self.rebuild_group(s);
        }
    }

    fn rebuild_all(&mut self) {
        let base = self.next_stamp_base();
        for y in 0..self.height as usize {
            for x in 0..self.width as usize {
                let i = self.index_xy(x, y);
                self.rebuild_if_needed(i, base);
            }
        }
    }

    /// Recomputes the group through `seed` from the stones alone (flood fill).
    fn rebuild_group(&mut self, seed: usize) {
        self.stamp += 1;
        let st = self.stamp;
        let c = self.cells[seed];
        let mut stack = std::mem::take(&mut self.scratch);
        stack.clear();
        stack.push(seed as u16);
        self.mark[seed] = st;
        let mut libs = 0u16;
        let mut size = 0u16;
        let mut gh = 0u64;
        let mut prev = seed;
        let mut k = 0;
        while k < stack.len() {
            let s = stack[k] as usize;
            k += 1;
            self.head[s] = seed as u16;
            if s != seed {
                self.next[prev] = s as u16;
            }
            prev = s;
            size += 1;
            gh ^= zobrist::stone(s, c);
            for n in self.neighbours(s) {
                if self.mark[n] == st {
                    continue;
                }
                let v = self.cells[n];
                if v == EMPTY {
                    self.mark[n] = st;
                    libs += 1;
                } else if v == c {
                    self.mark[n] = st;
                    stack.push(n as u16);
                }
            }
        }
        self.next[prev] = seed as u16;
        self.libs[seed] = libs;
        self.size[seed] = size;
        self.ghash[seed] = gh;
        self.scratch = stack;
    }

    /// Whether a stone of `color` on the empty index `i` would fill its own eye: every on-board
    /// neighbour is `color`, and fewer than 2 diagonal neighbours are the opponent's (fewer than 1
    /// on the edge). The light-playout policy never plays there.
    ///
    /// # Panics
    /// When `i` is not a point index of this board.
    pub fn is_eyelike(&self, i: usize, color: Color) -> bool {
        assert!(self.is_point_index(i), "not a point index: {i}");
        self.is_eyelike_at(i, color)
    }

    #[inline(always)]
    pub(crate) fn is_eyelike_at(&self, i: usize, color: Color) -> bool {
        eyelike(&self.cells, self.stride, i, color as u8)
    }

    /// Checks every incremental structure against a recomputation from the stones alone:
    /// groups, liberty counts, sizes, group hashes, the empty-point list and the hash.
    pub fn check_consistency(&self) -> Result<(), String> {
        let fresh = {
            let cells: Vec<Option<Color>> = self.points().map(|p| self.get(p)).collect();
            Board::from_cells(self.width(), self.height(), &cells).map_err(|e| e.to_string())?
        };
        if fresh.hash != self.hash {
            return Err("hash differs from a recomputation".into());
        }
        let mut empties: Vec<u16> = self.empties.clone();
        let mut fresh_empties = fresh.empties.clone();
        empties.sort_unstable();
        fresh_empties.sort_unstable();
        if empties != fresh_empties {
            return Err("empty-point list differs".into());
        }
        for (k, &e) in self.empties.iter().enumerate() {
            if self.empty_pos[e as usize] as usize != k {
                return Err("empty-point index broken".into());
            }
        }
        for p in self.points() {
            let i = self.index(p);
            if self.cells[i] == EMPTY {
                continue;
            }
            let (h, fh) = (self.head[i] as usize, fresh.head[i] as usize);
            if self.libs[h] != fresh.libs[fh] {
                return Err(format!(
                    "liberties at {p}: {} kept, {} counted",
                    self.libs[h], fresh.libs[fh]
                ));
            }
            if self.size[h] != fresh.size[fh] || self.ghash[h] != fresh.ghash[fh] {
                return Err(format!("group size or hash at {p} differs"));
            }
            if self.cells[h] != self.cells[i] {
                return Err(format!("head of {p} has another color"));
            }
            // Same partition: the ring from i has exactly the fresh group's size.
            let mut n = 0;
            let mut s = i;
            loop {
                if self.head[s] as usize != h {
                    return Err(format!("ring through {p} leaves its group"));
                }
                n += 1;
                s = self.next[s] as usize;
                if s == i || n > self.cells.len() {
                    break;
                }
            }
            if n != self.size[h] as usize || fresh.head[self.head[i] as usize] as usize != fh {
                return Err(format!("group of {p} is not the flood-filled group"));
            }
        }
        Ok(())
    }
}

impl Board {
    /// Whether the stone at `i` forms a group of one stone with exactly one liberty.
    #[inline(always)]
    pub(crate) fn is_lone_stone_in_atari(&self, i: usize) -> bool {
        let h = self.head[i] as usize;
        self.size[h] == 1 && self.libs[h] == 1
    }

    /// Swaps two entries of the empty-point list (the playout's random order lives there).
    #[inline]
    pub(crate) fn swap_empties(&mut self, a: usize, b: usize) {
        if a != b {
            self.empties.swap(a, b);
            self.empty_pos[self.empties[a] as usize] = a as u16;
            self.empty_pos[self.empties[b] as usize] = b as u16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_and_index_round_trip_on_every_size() {
        for w in 1..=52 {
            for h in [1, 2, 19, 52] {
                let b = Board::new(w, h).unwrap();
                for p in b.points() {
                    assert_eq!(b.point(b.index(p)), p, "{w}x{h}");
                }
            }
        }
    }
}
