//! The playouts: a game continued to its end on tengen-core's [`Board`] with a policy that knows
//! the usual things (after MoGo and Pachi's "moggy"): answer the last move by capturing a group it
//! left in atari or by saving an own group it put in atari, play a 3x3 shape next to it, else a
//! random move that fills no own eye and puts no group of two or more stones in atari. A group in
//! atari is not run out when the extension leaves two liberties and a ladder catches it.
//!
//! Playouts use simple ko only; superko is checked where it matters, at the root (see `tree`).

use crate::ladder;
use crate::patterns;
use tengen_core::playout::Rng;
use tengen_core::{Board, Color, MoveEffect, Point};

/// "No point": an off-board neighbour, or no last move.
pub(crate) const NONE: u16 = u16::MAX;
/// A pass, where a move index is stored.
pub(crate) const PASS: u16 = u16::MAX - 1;

/// The neighbours of every point, by the board's padded index (found through the public API, so
/// it holds whatever layout the core chooses).
#[derive(Debug, Clone)]
pub(crate) struct Geometry {
    /// Orthogonal neighbours, `NONE` off the board.
    pub n4: Vec<[u16; 4]>,
    /// The 8 surrounding points in [`patterns::RING`] order, `NONE` off the board.
    pub n8: Vec<[u16; 8]>,
    /// Padded index of every point in row-major order from the top-left.
    pub points: Vec<u16>,
    /// Whether a point is on the first line.
    pub edge: Vec<bool>,
    /// Column and row of every padded index (row 0 at the top).
    pub xy: Vec<(u8, u8)>,
    /// The line of every padded index: 0 on the edge, 1 on the second line, and so on.
    pub line: Vec<u8>,
    /// The board's width and height.
    pub width: usize,
    pub height: usize,
}

impl Geometry {
    pub fn new(board: &Board) -> Geometry {
        let (w, h) = (board.width(), board.height());
        let points: Vec<u16> = board.points().map(|p| board.index(p) as u16).collect();
        let len = points.iter().map(|&i| i as usize + 1).max().unwrap_or(1);
        let mut n4 = vec![[NONE; 4]; len];
        let mut n8 = vec![[NONE; 8]; len];
        let mut edge = vec![false; len];
        let mut xy = vec![(0, 0); len];
        let mut line = vec![0; len];
        for p in board.points() {
            let i = board.index(p);
            xy[i] = (p.x, p.y);
            let (x, y) = (p.x as usize, p.y as usize);
            line[i] = x.min(y).min(w - 1 - x).min(h - 1 - y) as u8;
            for (slot, q) in n4[i].iter_mut().zip(board.neighbours_of(p)) {
                *slot = board.index(q) as u16;
            }
            for (slot, &(dx, dy)) in n8[i].iter_mut().zip(patterns::RING.iter()) {
                let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
                if x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h {
                    *slot = board.index(Point::new(x as u8, y as u8)) as u16;
                }
            }
            edge[i] = p.x == 0 || p.y == 0 || p.x as usize == w - 1 || p.y as usize == h - 1;
        }
        Geometry {
            n4,
            n8,
            points,
            edge,
            xy,
            line,
            width: w,
            height: h,
        }
    }

    /// The padded index of (x, y), `NONE` off the board.
    #[inline]
    pub fn at(&self, x: i32, y: i32) -> u16 {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            NONE
        } else {
            self.points[y as usize * self.width + x as usize]
        }
    }

    /// Whether the board is a big one (13x13 or more), where the opening and locality priors
    /// of the tree apply.
    #[inline]
    pub fn big(&self) -> bool {
        self.width.min(self.height) >= 13
    }
}

/// A position being played out: the board, the simple-ko point, whose turn, passes in a row.
#[derive(Debug, Clone)]
pub(crate) struct Sim {
    pub board: Board,
    /// The point `ko.1` may not play now (simple ko).
    pub ko: Option<(u16, Color)>,
    pub to_move: Color,
    pub passes: u32,
    /// The last move's index, `NONE` after a pass or at the start.
    pub last: u16,
    /// Scratch for group walks: a visit stamp per padded index, the stamp, the group's stones.
    mark: Vec<u32>,
    stamp: u32,
    group: Vec<u16>,
}

impl Sim {
    pub fn new(board: Board, to_move: Color) -> Sim {
        Sim {
            board,
            ko: None,
            to_move,
            passes: 0,
            last: NONE,
            mark: Vec::new(),
            stamp: 0,
            group: Vec::new(),
        }
    }

    /// Collects the stones of the group on `i` into `self.group` (no allocation once warm).
    fn collect_group(&mut self, geo: &Geometry, i: u16) {
        if self.mark.len() < geo.n4.len() {
            self.mark = vec![0; geo.n4.len()];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        let c = self.color(i);
        self.group.clear();
        self.group.push(i);
        self.mark[i as usize] = self.stamp;
        let mut k = 0;
        while k < self.group.len() {
            let s = self.group[k];
            k += 1;
            for &q in &geo.n4[s as usize] {
                if q != NONE && self.mark[q as usize] != self.stamp && self.color(q) == c {
                    self.mark[q as usize] = self.stamp;
                    self.group.push(q);
                }
            }
        }
    }

    /// Up to `max` (at most 4) distinct liberties of the group on `i` other than `skip`, written
    /// to `out`; returns how many.
    fn group_libs(
        &mut self,
        geo: &Geometry,
        i: u16,
        skip: u16,
        max: usize,
        out: &mut [u16; 4],
    ) -> usize {
        self.collect_group(geo, i);
        let mut n = 0;
        for k in 0..self.group.len() {
            let s = self.group[k];
            for &q in &geo.n4[s as usize] {
                if q != NONE && q != skip && self.color(q).is_none() && !out[..n].contains(&q) {
                    out[n] = q;
                    n += 1;
                    if n >= max {
                        return n;
                    }
                }
            }
        }
        n
    }

    #[inline]
    pub fn color(&self, i: u16) -> Option<Color> {
        self.board.color_at(i as usize)
    }

    #[inline]
    pub fn libs(&self, i: u16) -> usize {
        self.board.liberties(self.board.point(i as usize))
    }

    /// A legal move by simple ko and no suicide (suicide is never played in the search, even
    /// where the rules allow it), with its effect.
    #[inline]
    pub fn legal(&self, i: u16, c: Color) -> Option<MoveEffect> {
        if self.color(i).is_some() || self.ko == Some((i, c)) {
            return None;
        }
        let e = self.board.effect(i as usize, c);
        (!e.suicide).then_some(e)
    }

    pub fn play(&mut self, i: u16, c: Color) {
        let mut first = NONE;
        let (captured, _) = self.board.place(i as usize, c, |s| first = s);
        let p = self.board.point(i as usize);
        self.ko = (captured == 1 && self.board.group_size(p) == 1 && self.board.liberties(p) == 1)
            .then_some((first, c.opponent()));
        self.passes = 0;
        self.last = i;
        self.to_move = c.opponent();
    }

    pub fn pass(&mut self) {
        self.ko = None;
        self.passes += 1;
        self.last = NONE;
        self.to_move = self.to_move.opponent();
    }

    /// The liberties and size of `c`'s group after it plays the legal move `i` (liberties
    /// counted up to 3), when `e` is the move's effect.
    pub fn after(&mut self, geo: &Geometry, i: u16, c: Color, e: &MoveEffect) -> (usize, usize) {
        let mut libs: [u16; 4] = [NONE; 4];
        let mut n = 0;
        let mut size = 1;
        let mut groups: [usize; 4] = [usize::MAX; 4];
        for (k, &q) in geo.n4[i as usize].iter().enumerate() {
            if q == NONE {
                continue;
            }
            match self.color(q) {
                None => {
                    if !libs[..n].contains(&q) && n < 3 {
                        libs[n] = q;
                        n += 1;
                    }
                }
                Some(col) if col == c => {
                    let p = self.board.point(q as usize);
                    let g = self.board.group_id(p).unwrap_or(usize::MAX);
                    if groups.contains(&g) {
                        continue;
                    }
                    groups[k] = g;
                    size += self.board.group_size(p);
                    if n < 3 {
                        let mut found = [NONE; 4];
                        let m = self.group_libs(geo, q, i, 3, &mut found);
                        for &l in &found[..m] {
                            if !libs[..n].contains(&l) && n < 3 {
                                libs[n] = l;
                                n += 1;
                            }
                        }
                    }
                }
                Some(_) => {}
            }
        }
        // Captured stones leave at least one liberty next to the move.
        if e.captures > 0 && n < 2 {
            n += 1;
        }
        (n, size)
    }

    /// Whether the legal move `i` puts a group of two or more of `c`'s stones in atari.
    #[inline]
    pub fn bad_self_atari(&mut self, geo: &Geometry, i: u16, c: Color, e: &MoveEffect) -> bool {
        let empties = geo.n4[i as usize]
            .iter()
            .filter(|&&q| q != NONE && self.color(q).is_none())
            .count();
        if empties >= 2 {
            return false;
        }
        let (libs, size) = self.after(geo, i, c, e);
        libs <= 1 && size >= 2
    }

    /// The 3x3 code around `i` for [`patterns::matches`].
    #[inline]
    pub fn pattern_code(&self, geo: &Geometry, i: u16) -> u32 {
        let mut code = 0;
        for (k, &q) in geo.n8[i as usize].iter().enumerate() {
            let s = if q == NONE {
                patterns::OFF
            } else {
                match self.color(q) {
                    None => patterns::EMPTY,
                    Some(Color::Black) => 1,
                    Some(Color::White) => 2,
                }
            };
            code |= s << (2 * k);
        }
        code
    }

    /// Whether `c` playing the empty point `i` would fill its own eye.
    #[inline]
    pub fn eyelike(&self, i: u16, c: Color) -> bool {
        self.board.is_eyelike(i as usize, c)
    }

    /// The policy's move for the player to move, `None` for a pass.
    pub fn choose(&mut self, geo: &Geometry, rng: &mut Rng) -> Option<u16> {
        let c = self.to_move;
        let mut cands: [u16; 16] = [NONE; 16];
        let mut n = 0;
        if self.last != NONE {
            let last = self.last;
            // Capture the group of the last move when it stands in atari.
            if self.color(last) == Some(c.opponent()) && self.libs(last) == 1 {
                let mut lib = [NONE; 4];
                if self.group_libs(geo, last, NONE, 1, &mut lib) == 1 {
                    cands[n] = lib[0];
                    n += 1;
                }
            }
            // Save own groups next to the last move that it put in atari: capture a neighbour in
            // atari, or extend when that gives two liberties or more.
            for &q in &geo.n4[last as usize] {
                if q == NONE || self.color(q) != Some(c) || self.libs(q) != 1 {
                    continue;
                }
                // Enemy stones in atari touching the group (a few are enough).
                let mut attackers = [NONE; 8];
                let mut na = 0;
                self.collect_group(geo, q);
                for k in 0..self.group.len() {
                    let st = self.group[k];
                    for &r in &geo.n4[st as usize] {
                        if r != NONE
                            && na < 8
                            && self.color(r) == Some(c.opponent())
                            && self.libs(r) == 1
                        {
                            attackers[na] = r;
                            na += 1;
                        }
                    }
                }
                for &r in &attackers[..na] {
                    let mut lib = [NONE; 4];
                    if n < 12 && self.group_libs(geo, r, NONE, 1, &mut lib) == 1 {
                        cands[n] = lib[0];
                        n += 1;
                    }
                }
                let mut lib = [NONE; 4];
                if self.group_libs(geo, q, NONE, 1, &mut lib) == 1 {
                    let l = lib[0];
                    if let Some(e) = self.legal(l, c) {
                        // Two liberties after the extension: run only when no ladder catches
                        // the group.
                        let libs = self.after(geo, l, c, &e).0;
                        if (libs >= 3
                            || (libs == 2 && !ladder::runs_into_ladder(&mut self.board, geo, l, c)))
                            && n < 12
                        {
                            cands[n] = l;
                            n += 1;
                        }
                    }
                }
            }
            if let Some(i) = self.pick(geo, rng, &cands[..n], false) {
                return Some(i);
            }
            // Shapes around the last move.
            n = 0;
            for &q in &geo.n8[last as usize] {
                if q != NONE
                    && self.color(q).is_none()
                    && patterns::matches(self.pattern_code(geo, q))
                {
                    cands[n] = q;
                    n += 1;
                }
            }
            if n > 0 && rng.below(10) < 9 {
                if let Some(i) = self.pick(geo, rng, &cands[..n], true) {
                    return Some(i);
                }
            }
        }
        self.random_move(geo, rng)
    }

    /// A random legal candidate from `cands` (tried in random order), avoiding self-atari of
    /// groups of two or more (and own eyes when `careful`).
    fn pick(&mut self, geo: &Geometry, rng: &mut Rng, cands: &[u16], careful: bool) -> Option<u16> {
        let n = cands.len();
        if n == 0 {
            return None;
        }
        let start = rng.below(n);
        for k in 0..n {
            let i = cands[(start + k) % n];
            if careful && self.eyelike(i, self.to_move) {
                continue;
            }
            if let Some(e) = self.legal(i, self.to_move) {
                if !self.bad_self_atari(geo, i, self.to_move, &e) {
                    return Some(i);
                }
            }
        }
        None
    }

    /// A random legal move that fills no own eye and is no self-atari of a group of two or more.
    fn random_move(&mut self, geo: &Geometry, rng: &mut Rng) -> Option<u16> {
        let c = self.to_move;
        let n = self.board.empty_count();
        if n == 0 {
            return None;
        }
        // A few uniform draws first; then a scan from a random start (biased toward points that
        // follow rejected ones in the list, but it ends).
        for _ in 0..n.min(6) {
            let i = self.board.empty_indices()[rng.below(n)];
            if self.eyelike(i, c) {
                continue;
            }
            if let Some(e) = self.legal(i, c) {
                if !self.bad_self_atari(geo, i, c, &e) {
                    return Some(i);
                }
            }
        }
        let start = rng.below(n);
        for k in 0..n {
            let i = self.board.empty_indices()[(start + k) % n];
            if self.eyelike(i, c) {
                continue;
            }
            if let Some(e) = self.legal(i, c) {
                if !self.bad_self_atari(geo, i, c, &e) {
                    return Some(i);
                }
            }
        }
        None
    }

    /// Plays the policy to the end (two passes, or `max_plies`), calling `played` for each move.
    pub fn playout(
        &mut self,
        geo: &Geometry,
        rng: &mut Rng,
        max_plies: usize,
        mut played: impl FnMut(u16, Color),
    ) {
        let mut plies = 0;
        while self.passes < 2 && plies < max_plies {
            match self.choose(geo, rng) {
                Some(i) => {
                    let c = self.to_move;
                    self.play(i, c);
                    played(i, c);
                }
                None => self.pass(),
            }
            plies += 1;
        }
    }

    /// Area owner of every point (row-major) after a playout: a stone's color, or the color of all
    /// the on-board neighbours of an empty point; `None` for the others.
    pub fn owner(&self, geo: &Geometry, i: u16) -> Option<Color> {
        if let Some(c) = self.color(i) {
            return Some(c);
        }
        let mut owner = None;
        for &q in &geo.n4[i as usize] {
            if q == NONE {
                continue;
            }
            let c = self.color(q)?;
            if owner.is_some_and(|o| o != c) {
                return None;
            }
            owner = Some(c);
        }
        owner
    }
}
