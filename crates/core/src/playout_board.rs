//! A board for light playouts alone: the same rules and the same random policy as
//! [`crate::playout::playout`] on a [`Game`], with cheaper bookkeeping.
//!
//! What it keeps instead of the exact board's:
//! - **Pseudo-liberties** (after libEGO): a group counts each (stone, empty neighbour) pair, so
//!   placing and removing stones only adds and subtracts, and merging groups adds their counts;
//!   no scan for shared liberties. Besides the count, a group keeps the sum and the sum of
//!   squares of those liberty indices: the group is in atari (exactly one distinct liberty)
//!   exactly when `count · Σi² = (Σi)²`, since by Cauchy–Schwarz equality holds only when every
//!   index is the same. That is all the rules need: a group is captured at count 0, a move is
//!   a suicide when its friends are all in atari and no enemy is, and a ko needs a lone stone
//!   with one liberty (its count is exact).
//! - **No undo records**, and under simple ko no hash at all: the ko point and whether the last
//!   turn left the position unchanged decide simple ko.
//! - **Superko on its own positions**: each position of the playout is kept as its Zobrist key
//!   and its turn, beside the keys and stones of the game's earlier positions (taken once, when
//!   the board is made). A candidate's key is looked up in a Bloom filter (one bit test, about
//!   1 in 32 false alarms at most); a hit is confirmed exactly (the ko and one-stone-suicide
//!   shortcuts of [`Game`], else against the stones, rebuilding a playout position by replaying
//!   its turns), so a hash collision can never forbid a move.
//!
//! Groups are rings with a head exactly as in [`crate::Board`], merged in the same order, and the
//! empty points are kept in the same list with the same swaps: the random draws pick the same
//! points, so a playout here plays move for move the game that [`crate::playout::playout`]
//! plays on the game (tested in `tests/invariants.rs`; the differential tests check this
//! board's legality against GNU Go and a plain implementation).

use crate::board::{eyelike, Board, EMPTY, WALL};
use crate::color::Color;
use crate::game::Game;
use crate::playout::Rng;
use crate::point::{Move, Point};
use crate::rules::{KoRule, Rules};
use crate::slab::Slab;
use crate::zobrist;

/// The pseudo-liberties of a group: how many (stone, empty neighbour) pairs, and the sum and
/// the sum of squares of the empty points' indices over those pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Libs {
    n: u32,
    sum: u32,
    sq: u64,
}

impl Libs {
    #[inline(always)]
    fn add(&mut self, p: usize) {
        self.n += 1;
        self.sum += p as u32;
        self.sq += (p * p) as u64;
    }

    #[inline(always)]
    fn sub(&mut self, p: usize) {
        self.n -= 1;
        self.sum -= p as u32;
        self.sq -= (p * p) as u64;
    }

    #[inline(always)]
    fn merge(&mut self, o: Libs) {
        self.n += o.n;
        self.sum += o.sum;
        self.sq += o.sq;
    }

    /// At most one distinct liberty. Bounds: on a 52x52 board an index is below 2,863 and a
    /// group has at most 10,816 pairs, so both products stay below 10^15.
    #[inline(always)]
    fn at_most_one(self) -> bool {
        u64::from(self.n) * self.sq == u64::from(self.sum) * u64::from(self.sum)
    }
}

/// The position: what a playout changes and a restart copies back.
#[derive(Clone, Debug)]
struct Pos {
    stride: usize,
    cells: Slab<u8>,
    head: Slab<u16>,
    next: Slab<u16>,
    size: Slab<u16>,
    libs: Slab<Libs>,
    /// The empty points (the first `n_empty` entries), in the exact board's order.
    empties: Slab<u16>,
    n_empty: usize,
    empty_pos: Slab<u16>,
    hash: u64,
    captures: [u32; 2],
    to_move: Color,
    ko: Option<(u16, Color)>,
    unchanged: bool,
    passes: u32,
}

impl Pos {
    fn copy_from(&mut self, o: &Pos) {
        self.stride = o.stride;
        self.cells.copy_from(&o.cells);
        self.head.copy_from(&o.head);
        self.next.copy_from(&o.next);
        self.size.copy_from(&o.size);
        self.libs.copy_from(&o.libs);
        // Only the live part of the list matters.
        self.empties.as_mut_slice()[..o.n_empty]
            .copy_from_slice(&o.empties.as_slice()[..o.n_empty]);
        self.n_empty = o.n_empty;
        self.empty_pos.copy_from(&o.empty_pos);
        self.hash = o.hash;
        self.captures = o.captures;
        self.to_move = o.to_move;
        self.ko = o.ko;
        self.unchanged = o.unchanged;
        self.passes = o.passes;
    }

    #[inline(always)]
    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    #[inline(always)]
    fn remove_empty(&mut self, i: usize) {
        let k = self.empty_pos[i] as usize;
        self.n_empty -= 1;
        let last = self.empties[self.n_empty];
        if last as usize != i {
            self.empties[k] = last;
            self.empty_pos[last as usize] = k as u16;
        }
    }

    #[inline(always)]
    fn add_empty(&mut self, i: usize) {
        self.empty_pos[i] = self.n_empty as u16;
        self.empties[self.n_empty] = i as u16;
        self.n_empty += 1;
    }

    #[inline(always)]
    fn swap_empties(&mut self, a: usize, b: usize) {
        if a != b {
            let (ea, eb) = (self.empties[a], self.empties[b]);
            self.empties[a] = eb;
            self.empties[b] = ea;
            self.empty_pos[eb as usize] = a as u16;
            self.empty_pos[ea as usize] = b as u16;
        }
    }

    #[inline(always)]
    fn has_empty_neighbour(&self, i: usize) -> bool {
        let s = self.stride;
        (self.cells[i - s] == EMPTY)
            | (self.cells[i - 1] == EMPTY)
            | (self.cells[i + 1] == EMPTY)
            | (self.cells[i + s] == EMPTY)
    }

    /// The eye test of the policy (see [`Board::is_eyelike`]), for a point without an empty
    /// neighbour.
    #[inline(always)]
    fn is_eyelike_crowded(&self, i: usize, c: u8) -> bool {
        eyelike(&self.cells, self.stride, i, c)
    }

    /// Whether `c` on `i`, which has no empty neighbour, would leave its group without
    /// liberties and capture nothing: every friend is in atari (on `i`) and no enemy is.
    #[inline(always)]
    fn is_suicide_crowded(&self, i: usize, c: u8) -> bool {
        for n in self.neighbours(i) {
            let v = self.cells[n];
            if v == WALL {
                continue;
            }
            let atari = self.libs[self.head[n] as usize].at_most_one();
            if (v == c) != atari {
                return false;
            }
        }
        true
    }

    /// Whether `c` has a stone next to `i`.
    #[inline(always)]
    fn has_friend(&self, i: usize, c: u8) -> bool {
        self.neighbours(i).iter().any(|&n| self.cells[n] == c)
    }

    /// Places `color` on the empty `i`: merges, captures, removes its own group on a suicide.
    /// Returns (captured, suicided, the first stone removed).
    #[inline(always)]
    fn place(&mut self, i: usize, color: Color) -> (u32, u32, u16) {
        let c = color as u8;
        let o = 3 - c;
        self.cells[i] = c;
        self.remove_empty(i);
        let mut own = Libs::default();
        let mut friends = [0u16; 4];
        let mut nf = 0;
        let mut enemies = [0u16; 4];
        let mut ne = 0;
        for n in self.neighbours(i) {
            let v = self.cells[n];
            if v == EMPTY {
                own.add(n);
            } else if v != WALL {
                let h = self.head[n];
                self.libs[h as usize].sub(i);
                if v == c {
                    if !friends[..nf].contains(&h) {
                        friends[nf] = h;
                        nf += 1;
                    }
                } else if !enemies[..ne].contains(&h) {
                    enemies[ne] = h;
                    ne += 1;
                }
            }
        }
        if nf == 0 {
            self.head[i] = i as u16;
            self.next[i] = i as u16;
            self.size[i] = 1;
            self.libs[i] = own;
        } else {
            // Join the largest friendly group (the first of equals), as the exact board does.
            let mut g = friends[0] as usize;
            for &f in &friends[1..nf] {
                if self.size[f as usize] > self.size[g] {
                    g = f as usize;
                }
            }
            self.head[i] = g as u16;
            self.next[i] = self.next[g];
            self.next[g] = i as u16;
            self.size[g] += 1;
            self.libs[g].merge(own);
            for &f in &friends[..nf] {
                let f = f as usize;
                if f == g {
                    continue;
                }
                let mut s = f;
                loop {
                    self.head[s] = g as u16;
                    s = self.next[s] as usize;
                    if s == f {
                        break;
                    }
                }
                let (ng, nx) = (self.next[g], self.next[f]);
                self.next[g] = nx;
                self.next[f] = ng;
                self.size[g] += self.size[f];
                let lf = self.libs[f];
                self.libs[g].merge(lf);
            }
        }
        let mut captured = 0;
        let mut first = 0u16;
        for &e in &enemies[..ne] {
            let e = e as usize;
            if self.libs[e].n == 0 && self.cells[e] == o {
                if captured == 0 {
                    first = e as u16;
                }
                captured += self.remove_group(e);
            }
        }
        self.captures[color.index()] += captured;
        let g = self.head[i] as usize;
        let mut suicided = 0;
        if self.libs[g].n == 0 {
            first = g as u16;
            suicided = self.remove_group(g);
            self.captures[color.opponent().index()] += suicided;
        }
        (captured, suicided, first)
    }

    fn remove_group(&mut self, g: usize) -> u32 {
        let c = self.cells[g];
        let o = 3 - c;
        let mut count = 0;
        let mut s = g;
        loop {
            self.cells[s] = EMPTY;
            self.add_empty(s);
            for n in self.neighbours(s) {
                if self.cells[n] == o {
                    let h = self.head[n] as usize;
                    self.libs[h].add(s);
                }
            }
            count += 1;
            s = self.next[s] as usize;
            if s == g {
                break;
            }
        }
        count
    }

    /// XORs into `acc` the Zobrist keys of the stones of the group through `g`.
    fn fold_group(&self, g: usize, acc: &mut u64) {
        let c = self.cells[g];
        let mut s = g;
        loop {
            *acc ^= zobrist::stone(s, c);
            s = self.next[s] as usize;
            if s == g {
                break;
            }
        }
    }

    /// The distinct groups of color `v` next to `i` whose pseudo-liberties say "atari" (for
    /// enemies: captured by a stone on `i`), or all of them (`all`, for a suicide's friends).
    fn groups_next_to(&self, i: usize, v: u8, all: bool) -> ([u16; 4], usize) {
        let mut out = [0u16; 4];
        let mut k = 0;
        for n in self.neighbours(i) {
            if self.cells[n] == v {
                let h = self.head[n];
                if (all || self.libs[h as usize].at_most_one()) && !out[..k].contains(&h) {
                    out[k] = h;
                    k += 1;
                }
            }
        }
        (out, k)
    }
}

/// The superko record: the key of every position that counts, the game's first, and what it
/// takes to rebuild each one exactly.
#[derive(Clone, Debug)]
struct Record {
    rule: KoRule,
    /// XORed into the key of a position with white to move (0 under positional superko).
    white_key: u64,
    /// Bloom filter over the keys.
    filter: Vec<u64>,
    shift: u32,
    /// The recorded positions' keys and turn numbers (the first `entries`).
    keys: Slab<u64>,
    /// The turn number (0 = the game's set-up) after which each recorded position stood.
    plies: Slab<u32>,
    entries: usize,
    /// The stones (padded cells) of the game's recorded positions, one board after another.
    game_cells: Vec<u8>,
    /// How many entries come from the game (kept across playouts).
    from_game: usize,
    /// The game's turn number at the start of the playouts.
    base_ply: u32,
    /// This playout's turns: the point played, 0 for a pass (to rebuild its positions).
    moves: Slab<u16>,
    n_moves: usize,
    /// The hash and key after the last candidate that passed the superko test.
    pending: (u64, u64),
    /// Scratch positions for the exact confirmation.
    candidate: Box<Pos>,
    replay: Box<Pos>,
}

/// Bits of filter per recorded position (a false alarm at most 1 time in 32).
const FILTER_BITS_PER_KEY: usize = 32;

impl Record {
    /// Makes room for `more` positions without a rebuild of the filter during a playout.
    fn reserve(&mut self, more: usize) {
        let room = self.entries + more + 1;
        if self.keys.len() < room {
            let mut keys = Slab::new(0, room);
            let mut plies = Slab::new(0, room);
            keys.as_mut_slice()[..self.entries]
                .copy_from_slice(&self.keys.as_slice()[..self.entries]);
            plies.as_mut_slice()[..self.entries]
                .copy_from_slice(&self.plies.as_slice()[..self.entries]);
            self.keys = keys;
            self.plies = plies;
        }
        if self.moves.len() < self.n_moves + more + 1 {
            let mut moves = Slab::new(0, self.n_moves + more + 1);
            moves.as_mut_slice()[..self.n_moves]
                .copy_from_slice(&self.moves.as_slice()[..self.n_moves]);
            self.moves = moves;
        }
        let want = room.max(64) * FILTER_BITS_PER_KEY;
        if want <= self.filter.len() * 64 {
            return;
        }
        let bits = want.next_power_of_two();
        self.filter = vec![0; bits / 64];
        self.shift = 64 - bits.trailing_zeros();
        for k in 0..self.entries {
            let (w, m) = self.bit(self.keys[k]);
            self.filter[w] |= m;
        }
    }

    #[inline(always)]
    fn bit(&self, key: u64) -> (usize, u64) {
        // Keys are XORs of random Zobrist numbers: their top bits are already uniform.
        let b = (key >> self.shift) as usize;
        (b >> 6, 1u64 << (b & 63))
    }

    #[inline(always)]
    fn may_contain(&self, key: u64) -> bool {
        let (w, m) = self.bit(key);
        self.filter[w] & m != 0
    }

    /// Records a key (room made by [`Record::reserve`]).
    #[inline(always)]
    fn push(&mut self, key: u64, ply: u32) {
        let (w, m) = self.bit(key);
        self.filter[w] |= m;
        self.keys[self.entries] = key;
        self.plies[self.entries] = ply;
        self.entries += 1;
    }

    /// Forgets the playout's positions, keeping the game's.
    fn restart(&mut self) {
        self.n_moves = 0;
        if self.entries == self.from_game {
            return;
        }
        for k in self.from_game..self.entries {
            let (w, m) = self.bit(self.keys[k]);
            self.filter[w] &= !m;
        }
        for k in 0..self.from_game {
            let (w, m) = self.bit(self.keys[k]);
            self.filter[w] |= m;
        }
        self.entries = self.from_game;
    }

    #[inline(always)]
    fn key(&self, hash: u64, to_move: Color) -> u64 {
        if to_move == Color::White {
            hash ^ self.white_key
        } else {
            hash
        }
    }
}

/// A board for fast light playouts from one game position, under the game's rules (every ko
/// rule, suicide allowed or not). Make it once per starting position; each
/// [`PlayoutBoard::playout`] starts again from that position.
///
/// ```
/// use tengen_core::{playout::Rng, Game, PlayoutBoard, Rules};
/// let game = Game::new(9, 9, Rules::default()).unwrap();
/// let mut board = PlayoutBoard::from_game(&game);
/// let mut rng = Rng::new(1);
/// let plies = board.playout(&mut rng, 3 * 81);
/// assert!(plies > 0);
/// assert!(board.to_board().check_consistency().is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct PlayoutBoard {
    width: usize,
    height: usize,
    rules: Rules,
    start: Pos,
    cur: Pos,
    record: Option<Box<Record>>,
}

impl PlayoutBoard {
    /// A playout board at the game's current position, with its rules, ko state, passes and
    /// (under superko) its earlier positions.
    pub fn from_game(game: &Game) -> PlayoutBoard {
        let b = game.board();
        let len = b.cells.len();
        let superko = game.rules().ko.is_superko();
        let mut libs = Slab::new(Libs::default(), len);
        for i in 0..len {
            let v = b.cells[i];
            if v == 1 || v == 2 {
                for n in [i - b.stride, i - 1, i + 1, i + b.stride] {
                    if b.cells[n] == EMPTY {
                        libs[b.head[i] as usize].add(n);
                    }
                }
            }
        }
        let (ko, unchanged) = game.ko_state();
        let start = Pos {
            stride: b.stride,
            cells: b.cells.clone(),
            head: b.head.clone(),
            next: b.next.clone(),
            size: b.size.clone(),
            libs,
            empties: {
                let mut e = Slab::new(0u16, b.width() * b.height());
                e.as_mut_slice()[..b.empties.len()].copy_from_slice(&b.empties);
                e
            },
            n_empty: b.empties.len(),
            empty_pos: b.empty_pos.clone(),
            hash: b.hash,
            captures: b.captures,
            to_move: game.to_move(),
            ko,
            unchanged,
            passes: game.consecutive_passes(),
        };
        let record = superko.then(|| {
            let rule = game.rules().ko;
            let mut r = Record {
                rule,
                white_key: if rule == KoRule::Positional {
                    0
                } else {
                    zobrist::WHITE_TO_MOVE
                },
                filter: vec![0],
                shift: 58,
                keys: Slab::new(0, 0),
                plies: Slab::new(0, 0),
                entries: 0,
                game_cells: Vec::new(),
                from_game: 0,
                base_ply: game.move_number() as u32,
                moves: Slab::new(0, 0),
                n_moves: 0,
                pending: (0, 0),
                candidate: Box::new(start.clone()),
                replay: Box::new(start.clone()),
            };
            let mut entries = Vec::new();
            game.for_each_superko_position(|key, board, k| {
                entries.push((key, k as u32));
                r.game_cells.extend_from_slice(board.cells.as_slice());
            });
            r.reserve(entries.len() + 3 * b.width() * b.height());
            for (key, k) in entries {
                r.push(key, k);
            }
            r.from_game = r.entries;
            Box::new(r)
        });
        PlayoutBoard {
            width: b.width(),
            height: b.height(),
            rules: *game.rules(),
            cur: start.clone(),
            start,
            record,
        }
    }

    /// Goes back to the starting position.
    pub fn restart(&mut self) {
        self.cur.copy_from(&self.start);
        if let Some(r) = &mut self.record {
            r.restart();
        }
    }

    /// A light playout from the starting position (see [`crate::playout`]): until two passes in
    /// a row or `max_plies` turns. Returns the number of turns played; the final position stays
    /// readable ([`PlayoutBoard::get`], [`PlayoutBoard::to_board`]) until the next playout.
    pub fn playout(&mut self, rng: &mut Rng, max_plies: usize) -> usize {
        self.playout_with(rng, max_plies, |_, _| {})
    }

    /// [`PlayoutBoard::playout`], calling `on_turn` with each turn's color and move.
    pub fn playout_with(
        &mut self,
        rng: &mut Rng,
        max_plies: usize,
        on_turn: impl FnMut(Color, Move),
    ) -> usize {
        self.restart();
        if let Some(r) = &mut self.record {
            r.reserve(max_plies);
            self.run::<true>(rng, max_plies, on_turn)
        } else {
            self.run::<false>(rng, max_plies, on_turn)
        }
    }

    #[inline(always)]
    fn run<const SK: bool>(
        &mut self,
        rng: &mut Rng,
        max_plies: usize,
        mut on_turn: impl FnMut(Color, Move),
    ) -> usize {
        let mut plies = 0;
        while plies < max_plies && self.cur.passes < 2 {
            let color = self.cur.to_move;
            let mut remaining = self.cur.n_empty;
            let mut chosen = None;
            while remaining > 0 {
                let r = rng.below(remaining);
                let i = self.cur.empties[r] as usize;
                if self.acceptable::<SK>(i, color) {
                    chosen = Some(i);
                    break;
                }
                remaining -= 1;
                self.cur.swap_empties(r, remaining);
            }
            match chosen {
                Some(i) => {
                    self.play_at::<SK>(i, color);
                    on_turn(color, Move::Play(self.point(i)));
                }
                None => {
                    self.pass::<SK>();
                    on_turn(color, Move::Pass);
                }
            }
            plies += 1;
        }
        plies
    }

    /// The policy's test: legal and not eye-like.
    #[inline(always)]
    fn acceptable<const SK: bool>(&mut self, i: usize, color: Color) -> bool {
        if self.cur.has_empty_neighbour(i) {
            // Not eye-like, not a suicide, and never the simple-ko point (whose neighbours are
            // all stones of the capturer).
            return !SK || self.superko_allows(i, color, false);
        }
        !self.cur.is_eyelike_crowded(i, color as u8) && self.legal_crowded::<SK>(i, color)
    }

    /// Legality of `color` on the empty `i` that has no empty neighbour.
    #[inline(always)]
    fn legal_crowded<const SK: bool>(&mut self, i: usize, color: Color) -> bool {
        let c = color as u8;
        let suicide = self.cur.is_suicide_crowded(i, c);
        if suicide && !self.rules.suicide_allowed {
            return false;
        }
        if SK {
            return self.superko_allows(i, color, suicide);
        }
        let simple = self.rules.ko == KoRule::Simple;
        if !suicide {
            return !(simple && self.cur.ko == Some((i as u16, color)));
        }
        // A one-stone suicide leaves the position as it is: a ko after an unchanged turn.
        !(simple && self.cur.unchanged && !self.cur.has_friend(i, c))
    }

    /// Whether the position after `color` plays on `i` is new for the superko rule: the
    /// candidate's key is looked up in the filter, and a hit is confirmed exactly.
    #[inline(always)]
    fn superko_allows(&mut self, i: usize, color: Color, suicide: bool) -> bool {
        let cur = &self.cur;
        let c = color as u8;
        let mut hash = cur.hash;
        if suicide {
            // The stone never stays: its friends leave the board.
            let (fr, nf) = cur.groups_next_to(i, c, true);
            for &f in &fr[..nf] {
                cur.fold_group(f as usize, &mut hash);
            }
        } else {
            hash ^= zobrist::stone(i, c);
            for n in cur.neighbours(i) {
                if cur.cells[n] == 3 - c && cur.libs[cur.head[n] as usize].at_most_one() {
                    let (en, ne) = cur.groups_next_to(i, 3 - c, false);
                    for &e in &en[..ne] {
                        cur.fold_group(e as usize, &mut hash);
                    }
                    break;
                }
            }
        }
        let rec = self.record.as_mut().expect("superko record");
        let key = rec.key(hash, color.opponent());
        // The hash and key of the position this move makes, for `play_at` if it is chosen.
        rec.pending = (hash, key);
        if !rec.may_contain(key) {
            return true;
        }
        self.superko_confirm(i, color, suicide, key)
    }

    /// The exact test behind a filter hit: is there a recorded position with this key and
    /// exactly the stones the move would leave?
    #[cold]
    #[inline(never)]
    fn superko_confirm(&mut self, i: usize, color: Color, suicide: bool, key: u64) -> bool {
        let cur = &self.cur;
        let start = &self.start;
        let rec = self.record.as_mut().expect("superko record");
        let c = color as u8;
        let now = rec.base_ply + rec.n_moves as u32;
        // Exact shortcuts, as in `Game`: a ko capture recreates the position before the
        // opponent's turn, and a one-stone suicide recreates the current one.
        let lone_suicide = suicide && !cur.has_friend(i, c);
        let ko_capture = cur.ko == Some((i as u16, color));
        let len = cur.cells.len();
        let mut built = false;
        // Newest first: the ko shortcut's position is the last but one.
        for k in (0..rec.entries).rev() {
            if rec.keys[k] != key {
                continue;
            }
            let ply = rec.plies[k];
            if ply + 1 == now && (ko_capture || (lone_suicide && cur.unchanged)) {
                return false;
            }
            if ply == now && lone_suicide {
                return false;
            }
            if !built {
                built = true;
                rec.candidate.copy_from(cur);
                rec.candidate.place(i, color);
            }
            let same = if k < rec.from_game {
                rec.game_cells[k * len..(k + 1) * len] == *rec.candidate.cells.as_slice()
            } else {
                // Replay this playout's turns up to that position.
                rec.replay.copy_from(start);
                let mut mover = start.to_move;
                for &m in &rec.moves.as_slice()[..(ply - rec.base_ply) as usize] {
                    if m != 0 {
                        rec.replay.place(m as usize, mover);
                    }
                    mover = mover.opponent();
                }
                rec.replay.cells.as_slice() == rec.candidate.cells.as_slice()
            };
            if same {
                return false;
            }
        }
        true
    }

    #[inline(always)]
    fn play_at<const SK: bool>(&mut self, i: usize, color: Color) {
        let (captured, suicided, first) = self.cur.place(i, color);
        let h = self.cur.head[i] as usize;
        self.cur.ko = (captured == 1 && self.cur.size[h] == 1 && self.cur.libs[h].n == 1)
            .then_some((first, color.opponent()));
        self.cur.unchanged = suicided == 1;
        self.cur.passes = 0;
        self.cur.to_move = color.opponent();
        if SK {
            // The candidate's superko test computed this position's hash and key.
            let rec = self.record.as_mut().expect("superko record");
            let (hash, key) = rec.pending;
            self.cur.hash = hash;
            rec.moves[rec.n_moves] = i as u16;
            rec.n_moves += 1;
            let ply = rec.base_ply + rec.n_moves as u32;
            rec.push(key, ply);
        }
    }

    fn pass<const SK: bool>(&mut self) {
        self.cur.ko = None;
        self.cur.unchanged = true;
        self.cur.passes += 1;
        self.cur.to_move = self.cur.to_move.opponent();
        if SK {
            let rec = self.record.as_mut().expect("superko record");
            rec.moves[rec.n_moves] = 0;
            rec.n_moves += 1;
            if rec.rule != KoRule::NaturalSituational {
                let key = rec.key(self.cur.hash, self.cur.to_move);
                let ply = rec.base_ply + rec.n_moves as u32;
                rec.push(key, ply);
            }
        }
    }

    #[inline(always)]
    fn index(&self, p: Point) -> usize {
        (p.y as usize + 1) * self.cur.stride + p.x as usize + 1
    }

    #[inline(always)]
    fn point(&self, i: usize) -> Point {
        let s = self.cur.stride;
        Point::new((i % s - 1) as u8, (i / s - 1) as u8)
    }

    /// The stone on `p` in the current position (`None` when empty or off the board).
    pub fn get(&self, p: Point) -> Option<Color> {
        if p.x as usize >= self.width || p.y as usize >= self.height {
            return None;
        }
        match self.cur.cells[self.index(p)] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// The player to move in the current position.
    pub fn to_move(&self) -> Color {
        self.cur.to_move
    }

    /// Whether `color` may play on `p` in the current position (the rules alone, eyes allowed):
    /// the test the playouts use, exposed for the differential tests.
    pub fn is_legal(&mut self, p: Point, color: Color) -> bool {
        if self.get(p).is_some() || p.x as usize >= self.width || p.y as usize >= self.height {
            return false;
        }
        let i = self.index(p);
        if self.record.is_some() {
            if self.cur.has_empty_neighbour(i) {
                return self.superko_allows(i, color, false);
            }
            self.legal_crowded::<true>(i, color)
        } else {
            self.cur.has_empty_neighbour(i) || self.legal_crowded::<false>(i, color)
        }
    }

    /// The current position as an exact [`Board`] (stones and capture counts).
    pub fn to_board(&self) -> Board {
        let cells: Vec<Option<Color>> = (0..self.height)
            .flat_map(|y| (0..self.width).map(move |x| Point::new(x as u8, y as u8)))
            .map(|p| self.get(p))
            .collect();
        let mut b = Board::from_cells(self.width, self.height, &cells).expect("own size");
        b.set_captures(self.cur.captures[0], self.cur.captures[1]);
        b
    }
}
