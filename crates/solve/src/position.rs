//! The solver's own move making on stone masks (boards of up to 64 points): captures and
//! suicide found on bit masks, the position hashed under every symmetry of the board at once
//! and kept up to date move by move, and an index of the path's positions by exact hash.
//!
//! The search used to play its moves through `tengen_core::Game` (a full board with groups and
//! liberties, undone move by move) and to scan that board back into masks; the masks are all the
//! solver keeps of a position, so it now makes its moves on them directly. The rules stay
//! those of `tengen-core`: the differential test below plays random games through both and
//! compares every step (legality under each superko rule and suicide rule, captures, stones,
//! hashes).

use crate::geometry::{bits, Geometry, Shifts};

/// Most symmetries of a board (a square has 8, a rectangle 4).
pub(crate) const MAX_SYMS: usize = 8;

/// The hashes of one position under each symmetry of the board (unused slots 0).
pub(crate) type SymHashes = [u64; MAX_SYMS];

/// Per-board tables for making moves on masks.
pub(crate) struct Moves {
    /// Number of symmetries of the board.
    nsym: usize,
    /// Every point.
    all: u64,
    /// `nbr[p]`: the points next to `p`.
    nbr: [u64; 64],
    /// The board's shift masks (dilation and flood fill of whole sets).
    shifts: Shifts,
    /// `perm[s][p]`: where symmetry `s` sends point `p`; `inv[s]`: the inverse.
    perm: [[u8; 64]; MAX_SYMS],
    inv: [[u8; 64]; MAX_SYMS],
    /// `keys[c][p][s]`: the Zobrist key of a stone of colour `c` (0 black, 1 white) at `p` seen
    /// through symmetry `s` (the key `Geometry::hash_under(s, ..)` gives that stone).
    keys: [[SymHashes; 64]; 2],
}

/// The chains of a position, as the move generator needs them for one player to move.
#[derive(Clone, Copy)]
pub(crate) struct Chains {
    /// The stones of the opponent's chains in atari (a play next to one of them, on an empty
    /// point, is on its one liberty and captures it).
    atari: u64,
    /// The mover's stones in chains with two liberties or more.
    free: u64,
}

impl Moves {
    /// The tables of `geo`'s board.
    pub fn new(geo: &Geometry) -> Moves {
        let nsym = geo.syms.len();
        assert!(nsym <= MAX_SYMS);
        let mut nbr = [0u64; 64];
        let mut keys = [[[0u64; MAX_SYMS]; 64]; 2];
        for p in 0..geo.n {
            nbr[p] = geo.dilate(1 << p) & !(1 << p);
            for (c, keys) in keys.iter_mut().enumerate() {
                for (s, k) in keys[p].iter_mut().enumerate().take(nsym) {
                    let (black, white) = if c == 0 { (1 << p, 0) } else { (0, 1 << p) };
                    *k = geo.hash_under(s, black, white);
                }
            }
        }
        let mut perm = [[0u8; 64]; MAX_SYMS];
        let mut inv = [[0u8; 64]; MAX_SYMS];
        for (s, map) in geo.syms.iter().enumerate() {
            for (p, &q) in map.iter().enumerate() {
                perm[s][p] = q;
                inv[s][q as usize] = p as u8;
            }
        }
        Moves {
            nsym,
            all: geo.all,
            nbr,
            shifts: geo.shifts,
            perm,
            inv,
            keys,
        }
    }

    /// The number of symmetries of the board.
    #[inline]
    pub fn nsym(&self) -> usize {
        self.nsym
    }

    /// The mask `m` seen through symmetry `s`, bits beyond the board kept as they are (as
    /// `Geometry::map_mask`, in time proportional to the points set).
    #[inline]
    pub fn map_mask(&self, s: usize, m: u64) -> u64 {
        Self::permute(&self.perm[s], s, m, self.all)
    }

    /// The inverse of [`Moves::map_mask`] (as `Geometry::unmap_mask`).
    #[inline]
    pub fn unmap_mask(&self, s: usize, m: u64) -> u64 {
        Self::permute(&self.inv[s], s, m, self.all)
    }

    /// The point `q` that symmetry `s` sends to `p` (as `Geometry::unmap`).
    #[inline]
    pub fn unmap_point(&self, s: usize, p: usize) -> usize {
        self.inv[s][p] as usize
    }

    #[inline]
    fn permute(to: &[u8; 64], s: usize, m: u64, all: u64) -> u64 {
        let on = m & all;
        // The identity, and the empty and full boards, which every symmetry keeps.
        if s == 0 || on == 0 || on == all {
            return m;
        }
        bits(on).fold(m & !all, |acc, p| acc | 1 << to[p])
    }

    /// The connected part of `mask` that holds `seed`.
    #[inline]
    fn flood(&self, seed: u64, mask: u64) -> u64 {
        self.shifts.flood(seed, mask)
    }

    /// The points next to some point of `m` and not in it.
    #[inline]
    fn liberties(&self, m: u64, empty: u64) -> u64 {
        self.shifts.dilate(m) & !m & empty
    }

    /// The chains that matter to a move of the player with stones `own` against `opp`.
    pub fn chains(&self, own: u64, opp: u64) -> Chains {
        let empty = self.all & !own & !opp;
        let mut c = Chains { atari: 0, free: 0 };
        let mut left = opp;
        while left != 0 {
            let chain = self.flood(left & left.wrapping_neg(), opp);
            left &= !chain;
            let libs = self.liberties(chain, empty);
            if libs.count_ones() == 1 {
                c.atari |= chain;
            }
        }
        let mut left = own;
        while left != 0 {
            let chain = self.flood(left & left.wrapping_neg(), own);
            left &= !chain;
            if self.liberties(chain, empty).count_ones() >= 2 {
                c.free |= chain;
            }
        }
        c
    }

    /// What a play at the empty point `p` by the player with stones `own` does (`chains`: of
    /// this position, for this player): the mover's stones and the opponent's after it, and
    /// whether it is a suicide (the mover's chain removed, which the caller must allow).
    #[inline(always)]
    pub fn play(&self, own: u64, opp: u64, chains: &Chains, p: usize) -> Played {
        let stone = 1u64 << p;
        debug_assert!((own | opp) & stone == 0, "an empty point");
        let nb = self.nbr[p];
        // The chains in atari next to p have p as their one liberty (p is empty); chains of
        // one colour are never next to each other, so the flood takes exactly those.
        let captured = if nb & chains.atari != 0 {
            self.flood(nb & chains.atari, chains.atari)
        } else {
            0
        };
        let empty = self.all & !own & !opp;
        // A liberty after the move: an empty neighbour, a captured one, or a friendly chain
        // with a liberty besides p.
        if nb & empty != 0 || captured != 0 || nb & chains.free != 0 {
            return Played {
                own: own | stone,
                opp: opp & !captured,
                removed: captured,
                suicide: false,
            };
        }
        let group = self.flood(stone, own | stone);
        Played {
            own: own & !group,
            opp,
            removed: group & !stone,
            suicide: true,
        }
    }

    /// The hashes of `h`'s position after `color` (0 black, 1 white) plays `p` with the result
    /// `played` (a suicide removes the new stone with its chain).
    #[inline]
    pub fn hashes_after(
        &self,
        h: &SymHashes,
        color: usize,
        p: usize,
        played: &Played,
    ) -> SymHashes {
        let mut out = *h;
        if !played.suicide {
            xor_into(&mut out, &self.keys[color][p]);
        }
        let removed_color = if played.suicide { color } else { 1 - color };
        for q in bits(played.removed) {
            xor_into(&mut out, &self.keys[removed_color][q]);
        }
        out
    }

    /// The exact hash (identity symmetry) after the play: [`Moves::hashes_after`]'s first.
    #[inline]
    pub fn hash_after(&self, h: u64, color: usize, p: usize, played: &Played) -> u64 {
        let mut out = h;
        if !played.suicide {
            out ^= self.keys[color][p][0];
        }
        let removed_color = if played.suicide { color } else { 1 - color };
        for q in bits(played.removed) {
            out ^= self.keys[removed_color][q][0];
        }
        out
    }

    /// The smallest of the hashes and the first symmetry giving it (as
    /// `Geometry::canonical`).
    #[inline]
    pub fn canonical(&self, h: &SymHashes) -> (u64, usize) {
        let mut best = (h[0], 0);
        for (s, &x) in h.iter().enumerate().take(self.nsym).skip(1) {
            if x < best.0 {
                best = (x, s);
            }
        }
        best
    }
}

#[inline]
fn xor_into(a: &mut SymHashes, b: &SymHashes) {
    for (x, y) in a.iter_mut().zip(b) {
        *x ^= y;
    }
}

/// The result of a play ([`Moves::play`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Played {
    /// The mover's stones after it.
    pub own: u64,
    /// The opponent's stones after it.
    pub opp: u64,
    /// The stones removed besides the new one: the opponent's captured stones, or on a
    /// suicide the mover's other stones of the chain.
    pub removed: u64,
    /// Whether the play removed its own chain.
    pub suicide: bool,
}

/// The path's positions by exact hash: for each hash, the most recent path index holding it
/// (the older ones are chained through the path entries). Open addressing with linear probing;
/// hashes leave in the reverse order they came (the path is a stack), which keeps every probe
/// sequence whole without tombstones.
pub(crate) struct HashIndex {
    slots: Vec<Slot>,
    mask: usize,
    len: usize,
}

#[derive(Clone, Copy)]
struct Slot {
    hash: u64,
    /// The most recent path index holding the hash (`u32::MAX`: a free slot).
    recent: u32,
    /// The path index that brought the hash in (the order of arrival).
    first: u32,
}

const FREE: Slot = Slot {
    hash: 0,
    recent: u32::MAX,
    first: u32::MAX,
};

impl HashIndex {
    /// An empty index.
    pub fn new() -> HashIndex {
        HashIndex {
            slots: vec![FREE; 1024],
            mask: 1023,
            len: 0,
        }
    }

    /// Where a probe for `hash` starts (the hash is a well-mixed Zobrist hash).
    #[inline]
    fn home(&self, hash: u64) -> usize {
        (hash >> 20) as usize & self.mask
    }

    /// The slot of `hash` or the free slot where it would go.
    #[inline]
    fn slot(&self, hash: u64) -> usize {
        let mut i = self.home(hash);
        loop {
            let s = &self.slots[i];
            if s.recent == u32::MAX || s.hash == hash {
                return i;
            }
            i = (i + 1) & self.mask;
        }
    }

    /// The most recent path index holding `hash`.
    #[inline]
    pub fn get(&self, hash: u64) -> Option<usize> {
        let s = self.slots[self.slot(hash)];
        (s.recent != u32::MAX).then_some(s.recent as usize)
    }

    /// Records that path index `index` (the new top of the path) holds `hash`; returns the
    /// index that held it before (kept by the caller for [`HashIndex::remove`]).
    #[inline(always)]
    pub fn insert(&mut self, hash: u64, index: usize) -> Option<usize> {
        let index = u32::try_from(index).expect("a path shorter than 2^32");
        let i = self.slot(hash);
        let s = self.slots[i];
        if s.recent != u32::MAX {
            self.slots[i].recent = index;
            return Some(s.recent as usize);
        }
        self.slots[i] = Slot {
            hash,
            recent: index,
            first: index,
        };
        self.len += 1;
        if self.len * 2 > self.slots.len() {
            self.grow();
        }
        None
    }

    /// Undoes the last [`HashIndex::insert`] (of `hash`, which answered `prev`).
    pub fn remove(&mut self, hash: u64, prev: Option<usize>) {
        let i = self.slot(hash);
        debug_assert!(self.slots[i].recent != u32::MAX, "a hash in the index");
        match prev {
            Some(k) => self.slots[i].recent = k as u32,
            None => {
                // The last hash to arrive: no probe sequence of another runs through its slot
                // (each stopped at the first free slot when it arrived).
                self.slots[i] = FREE;
                self.len -= 1;
            }
        }
    }

    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![FREE; 2 * (self.mask + 1)]);
        self.mask = self.slots.len() - 1;
        // Put back in the order of arrival, so that removals in reverse order keep working.
        let mut live: Vec<Slot> = old.into_iter().filter(|s| s.recent != u32::MAX).collect();
        live.sort_by_key(|s| s.first);
        for s in live {
            let i = self.slot(s.hash);
            self.slots[i] = s;
        }
    }
}

#[cfg(test)]
mod tests {
    //! The differential test: random games played both through `tengen_core::Game` (the
    //! independent rules, checked against GNU Go in tengen-core's tests) and through the
    //! solver's own move making, compared at every step.
    use crate::geometry::splitmix;
    use crate::{Child, SolveOptions, Solver, PASS};
    use tengen_core::{Board, Color, Game, IllegalMove, KoRule, Move, Point, Rules};

    /// The stones of `b` as masks, row-major from the top-left.
    fn masks(b: &Board) -> (u64, u64) {
        let (mut bl, mut wh) = (0, 0);
        for y in 0..b.height() {
            for x in 0..b.width() {
                let bit = 1u64 << (y * b.width() + x);
                match b.get(Point::new(x as u8, y as u8)) {
                    Some(Color::Black) => bl |= bit,
                    Some(Color::White) => wh |= bit,
                    None => {}
                }
            }
        }
        (bl, wh)
    }

    /// The most recent turn index `k` whose position the ko rule counts against a play of
    /// `color` leaving `after`, found by replaying the record (`Game::position_after`).
    fn repeated(game: &Game, after: &Board, color: Color) -> Option<usize> {
        let next = color.opponent();
        let turns = game.turns();
        (0..=turns.len()).rev().find(|&k| {
            // The player to move after turn k, and whether turn k was a pass.
            let to_move = if k == 0 {
                game.setup_to_move()
            } else {
                turns[k - 1].color.opponent()
            };
            let by_pass = k > 0 && turns[k - 1].mv == Move::Pass;
            let counts = match game.rules().ko {
                KoRule::Positional => true,
                KoRule::Situational => to_move == next,
                _ => to_move == next && !by_pass,
            };
            counts && game.position_after(k).as_ref() == Some(after)
        })
    }

    /// Compares the solver's current position with the game's, hashes included.
    fn compare(s: &Solver<1>, game: &Game, core_hashes: &[u64]) {
        let e = s.path.last().unwrap();
        let (bl, wh) = masks(game.board());
        assert_eq!((e.black, e.white), (bl, wh), "stones\n{:?}", game.board());
        assert_eq!(e.to_move, game.to_move());
        assert_eq!(s.passes(), game.consecutive_passes().min(2));
        assert_eq!(s.path.len(), game.turns().len() + 1);
        // The hashes kept move by move against the hashes computed from the stones.
        let h = s.sym_hashes.last().unwrap();
        for (k, &x) in h.iter().enumerate() {
            let want = if k < s.geo.syms.len() {
                s.geo.hash_under(k, bl, wh)
            } else {
                0
            };
            assert_eq!(x, want, "hash under symmetry {k}");
        }
        assert_eq!(e.hash, h[0]);
        assert_eq!((e.canon, e.sym), s.geo.canonical(bl, wh));
        // Two positions of the game have the same solver hash exactly when they have the same
        // core hash and the same stones (no collisions in these short games).
        let last = core_hashes.len() - 1;
        for (k, a) in s.path.iter().enumerate() {
            let same_stones = a.black == e.black && a.white == e.white;
            assert_eq!(a.hash == e.hash, same_stones, "solver hash of position {k}");
            assert_eq!(
                core_hashes[k] == core_hashes[last],
                same_stones,
                "core hash {k}"
            );
        }
        // The index by hash finds the most recent position with the hash.
        let recent = (0..s.path.len()).rev().find(|&k| s.path[k].hash == e.hash);
        assert_eq!(s.by_hash.get(e.hash), recent);
    }

    /// What the games went through (to show that the test reached every case).
    #[derive(Default, Debug)]
    struct Seen {
        plays: usize,
        captures: usize,
        suicides: usize,
        refused_suicides: usize,
        superko: usize,
        undos: usize,
    }

    /// Checks every empty point's legality against the game, then returns the legal plays.
    fn check_moves(s: &Solver<1>, game: &Game, seen: &mut Seen) -> Vec<Child> {
        let (mut list, mut min_ref) = (Vec::new(), usize::MAX);
        s.legal_plays(&mut list, &mut min_ref);
        let color = game.to_move();
        let mut want_min_ref = usize::MAX;
        let mut legal = Vec::new();
        for p in 0..s.geo.n {
            let point = s.point(p);
            match game.check(color, point) {
                Err(IllegalMove::Occupied) => continue,
                Ok(eff) => {
                    let c = list.iter().find(|c| c.m as usize == p);
                    let c = c.unwrap_or_else(|| panic!("{point:?} legal in the game"));
                    // The stones after it, and the stones it removed.
                    let mut after = game.board().clone();
                    let removed = after.play(point, color);
                    assert_eq!((c.black, c.white), masks(&after), "after {point:?}");
                    let before = (game.board().stone_count(Color::Black)
                        + game.board().stone_count(Color::White))
                        as u32;
                    let now = (c.black | c.white).count_ones();
                    assert_eq!(before + 1 - removed, now);
                    assert_eq!(removed, eff.captures + eff.suicide_stones);
                    seen.captures += usize::from(eff.captures > 0);
                    seen.suicides += usize::from(eff.suicide);
                    legal.push(p);
                }
                Err(IllegalMove::Suicide) => {
                    assert!(!game.rules().suicide_allowed);
                    seen.refused_suicides += 1;
                }
                Err(IllegalMove::Ko) | Err(IllegalMove::Superko { .. }) => {
                    let mut after = game.board().clone();
                    after.play(point, color);
                    let k = repeated(game, &after, color).expect("a repeated position");
                    want_min_ref = want_min_ref.min(k);
                    seen.superko += 1;
                }
                Err(e) => panic!("unexpected {e:?}"),
            }
        }
        let got: Vec<usize> = list.iter().map(|c| c.m as usize).collect();
        assert_eq!(got, legal, "legal plays of {color:?}\n{:?}", game.board());
        assert_eq!(min_ref, want_min_ref, "superko refusals");
        list
    }

    /// Plays `games` random games of `steps` moves on a `w` x `h` board under `rules`.
    fn differential(
        w: usize,
        h: usize,
        rules: Rules,
        games: usize,
        steps: usize,
        seed: u64,
        seen: &mut Seen,
    ) {
        let mut state = seed;
        let mut rnd = move |n: usize| {
            state = state.wrapping_add(1);
            (splitmix(state) % n as u64) as usize
        };
        for _ in 0..games {
            let mut game = Game::new(w, h, rules).unwrap();
            let options = SolveOptions {
                table_bits: 4,
                ..SolveOptions::default()
            };
            let mut s = Solver::<1>::new(Game::new(w, h, rules).unwrap(), options);
            let mut core_hashes = vec![game.board().hash()];
            for step in 0..steps {
                compare(&s, &game, &core_hashes);
                if step % 5 == 4 && rnd(4) == 0 && !game.turns().is_empty() {
                    // Take back one to three moves in both.
                    for _ in 0..1 + rnd(3) {
                        if game.undo() {
                            seen.undos += 1;
                            s.pop();
                            core_hashes.pop();
                        }
                    }
                    continue;
                }
                let list = check_moves(&s, &game, seen);
                let pass = list.is_empty() || rnd(12) == 0;
                if pass {
                    game.play(Move::Pass).unwrap();
                    s.push_child(PASS, 0, 0);
                } else {
                    let c = list[rnd(list.len())];
                    seen.plays += 1;
                    game.play(Move::Play(s.point(c.m as usize))).unwrap();
                    if step % 2 == 0 {
                        // As the search does: the stones the move generator found.
                        s.push_child(c.m, c.black, c.white);
                    } else {
                        // As the principal variation does: the move alone.
                        s.push(Move::Play(s.point(c.m as usize)));
                    }
                }
                core_hashes.push(game.board().hash());
            }
            compare(&s, &game, &core_hashes);
        }
    }

    fn all_rules() -> Vec<Rules> {
        let mut out = Vec::new();
        for ko in ["positional", "situational", "natural-situational"] {
            for suicide in ["forbidden", "allowed"] {
                let text = format!("chinese-ogs,komi=0,ko={ko},suicide={suicide}");
                out.push(text.parse().unwrap());
            }
        }
        out
    }

    /// How many times the default work (`SOLVE_DIFF_SCALE`, default 1).
    fn scale() -> usize {
        std::env::var("SOLVE_DIFF_SCALE")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1)
    }

    #[test]
    fn moves_match_the_rules_core_on_every_board_shape() {
        // Every shape of at most 64 points that a board can have (sides up to 52), each under
        // one of the six rule sets in turn.
        let rules = all_rules();
        let mut i = 0;
        let mut seen = Seen::default();
        for w in 1..=52usize {
            for h in 1..=(64 / w).min(52) {
                let n = w * h;
                let r = rules[i % rules.len()];
                differential(
                    w,
                    h,
                    r,
                    3 * scale(),
                    n + n / 2 + 8,
                    1000 + i as u64,
                    &mut seen,
                );
                i += 1;
            }
        }
        eprintln!("{seen:?}");
        assert!(seen.captures > 1000 && seen.superko > 100 && seen.suicides > 100);
        assert!(seen.refused_suicides > 1000 && seen.undos > 1000);
    }

    #[test]
    fn hash_index_answers_as_a_scan_of_the_path() {
        // A path pushed and popped at random (with growth past the first 1024 slots), hashes
        // drawn from a small set so that many repeat; after every step each hash's answer is
        // compared with a scan of the path for its most recent index.
        let mut idx = super::HashIndex::new();
        let mut path: Vec<(u64, Option<usize>)> = Vec::new();
        let mut x = 99u64;
        let pool: Vec<u64> = (0..3000).map(|i| splitmix(i * 7919)).collect();
        for step in 0..40_000 {
            x = splitmix(x);
            let grow = step < 20_000 && x % 8 < 5 || step >= 20_000 && x % 8 < 3;
            if grow || path.is_empty() {
                let h = pool[(x >> 8) as usize % pool.len()];
                let prev = idx.insert(h, path.len());
                let want = path.iter().rposition(|e| e.0 == h);
                assert_eq!(prev, want);
                path.push((h, prev));
            } else {
                let (h, prev) = path.pop().unwrap();
                idx.remove(h, prev);
            }
            for probe in [
                pool[(x >> 20) as usize % pool.len()],
                path.last().map_or(0, |e| e.0),
            ] {
                assert_eq!(idx.get(probe), path.iter().rposition(|e| e.0 == probe));
            }
        }
        assert!(idx.slots.len() > 1024, "the index grew");
    }

    /// The solver's memo of safe points answers as `Geometry::safety_base` itself, also when
    /// positions share a slot: the hashes given are drawn from eight values, so that most
    /// lookups find another position's entry (which must not be returned) or the same one's.
    #[test]
    fn safety_memo_answers_as_the_geometry() {
        let rules: Rules = "chinese-ogs,komi=0".parse().unwrap();
        let options = SolveOptions {
            table_bits: 4,
            ..SolveOptions::default()
        };
        let mut s = Solver::<1>::new(Game::new(4, 4, rules).unwrap(), options);
        let mut x = 17u64;
        let (mut alive, mut repeats) = (0, 0);
        let mut earlier: Vec<(u64, u64, u64)> = Vec::new();
        for step in 0..20_000 {
            x = splitmix(x);
            // Every fourth lookup repeats an earlier position (a hit when its slot still
            // holds it); the others are new random stones, about a third of the points each.
            let (hash, bl, wh) = if step % 4 == 3 && !earlier.is_empty() {
                repeats += 1;
                earlier[(x >> 32) as usize % earlier.len()]
            } else {
                let (a, b) = (splitmix(x ^ 1), splitmix(x ^ 2));
                let bl = a & !b & 0xffff & (splitmix(x ^ 3) | splitmix(x ^ 4));
                let wh = b & !a & 0xffff & (splitmix(x ^ 5) | splitmix(x ^ 6));
                let e = (x % 8, bl, wh);
                earlier.push(e);
                e
            };
            let got = s.safety_base(hash, bl, wh);
            let want = [s.geo.safety_base(bl, wh), s.geo.safety_base(wh, bl)];
            assert_eq!(got, want, "{bl:#x} {wh:#x}");
            if want[0].alive | want[1].alive != 0 {
                alive += 1;
            }
        }
        // Positions with pass-alive stones were among them (the memo held more than defaults).
        assert!(alive > 100 && repeats > 1000, "{alive} {repeats}");
    }

    #[test]
    fn mask_maps_match_the_geometry() {
        let mut x = 5u64;
        for (w, h) in [
            (1, 1),
            (3, 3),
            (4, 3),
            (5, 5),
            (2, 6),
            (8, 8),
            (7, 9),
            (1, 52),
        ] {
            let geo = crate::Geometry::new(w, h);
            let mv = super::Moves::new(&geo);
            for _ in 0..200 {
                x = splitmix(x);
                // Sparse, dense, empty and full masks, with bits beyond the board.
                for m in [x, x & splitmix(x), geo.all, 0, x | geo.all, x & !geo.all] {
                    for s in 0..geo.syms.len() {
                        // Point by point from the symmetry's table.
                        let map = &geo.syms[s];
                        let (mut fwd, mut back) = (m & !geo.all, m & !geo.all);
                        for (p, &q) in map.iter().enumerate() {
                            if m & 1 << p != 0 {
                                fwd |= 1 << q;
                            }
                            if m & 1 << q != 0 {
                                back |= 1 << p;
                            }
                        }
                        assert_eq!(mv.map_mask(s, m), fwd);
                        assert_eq!(mv.unmap_mask(s, m), back);
                        assert_eq!(mv.unmap_mask(s, mv.map_mask(s, m)), m);
                        let p = (m % geo.n as u64) as usize;
                        assert_eq!(mv.unmap_point(s, p), geo.unmap(s, p));
                    }
                }
            }
        }
    }

    #[test]
    fn moves_match_the_rules_core_on_tiny_boards_under_every_rule() {
        // Small boards repeat positions and suicide often: long games under every rule set.
        for (i, r) in all_rules().into_iter().enumerate() {
            let mut seen = Seen::default();
            for (w, h) in [
                (1, 1),
                (1, 2),
                (1, 3),
                (2, 2),
                (2, 3),
                (1, 5),
                (3, 3),
                (2, 4),
            ] {
                let seed = 77 * i as u64 + (w * 10 + h) as u64;
                differential(w, h, r, 3 * scale(), 60, seed, &mut seen);
            }
            eprintln!("{r}: {seen:?}");
            assert!(seen.captures > 50 && seen.superko > 50 && seen.undos > 50);
            if r.suicide_allowed {
                assert!(seen.suicides > 20);
            } else {
                assert!(seen.refused_suicides > 20);
            }
        }
    }
}
