//! The transposition table, with what each entry needs to be reused safely under superko.

/// The positions a searched subtree created, as three filters without false negatives: a
/// 1024-bit Bloom filter (two bits per position) of their canonical hashes, the set of their
/// stone counts, and the black and white stones present in every one of them. In a table entry
/// the stones are in the canonical orientation of the entry's position (an entry is reused on
/// every position of the same canonical key, mirror images included); in a search result, in
/// the orientation of the board being searched.
pub(crate) type Seen = [u64; BLOOM_WORDS + 3];

/// Words of the Bloom filter of canonical hashes.
pub(crate) const BLOOM_WORDS: usize = 16;
const COUNTS: usize = BLOOM_WORDS;
const COMMON_B: usize = BLOOM_WORDS + 1;
const COMMON_W: usize = BLOOM_WORDS + 2;

/// The filter of no position.
pub(crate) const SEEN_NONE: Seen = {
    let mut s = [0; BLOOM_WORDS + 3];
    s[COMMON_B] = u64::MAX;
    s[COMMON_W] = u64::MAX;
    s
};

/// The two filter bits of a canonical hash.
#[inline]
fn bloom_bits(canon: u64) -> [usize; 2] {
    let m = BLOOM_WORDS * 64;
    [(canon >> 40) as usize % m, (canon >> 20) as usize % m]
}

/// Adds a position (canonical hash, black and white stones) to a filter.
#[inline]
pub(crate) fn seen_add(s: &mut Seen, canon: u64, black: u64, white: u64) {
    for b in bloom_bits(canon) {
        s[b >> 6] |= 1 << (b & 63);
    }
    s[COUNTS] |= 1 << (black | white).count_ones().min(63);
    s[COMMON_B] &= black;
    s[COMMON_W] &= white;
}

/// Whether a position may be in the filter (never false when it is).
#[inline]
pub(crate) fn seen_has(s: &Seen, canon: u64, black: u64, white: u64) -> bool {
    black & s[COMMON_B] == s[COMMON_B]
        && white & s[COMMON_W] == s[COMMON_W]
        && s[COUNTS] & (1 << (black | white).count_ones().min(63)) != 0
        && bloom_bits(canon)
            .iter()
            .all(|&b| s[b >> 6] & (1 << (b & 63)) != 0)
}

/// The stone counts of the positions in the filter, as a bit set.
#[inline]
pub(crate) fn seen_counts(s: &Seen) -> u64 {
    s[COUNTS]
}

/// The black and white stones that every position of the filter holds.
#[inline]
pub(crate) fn seen_common(s: &Seen) -> (u64, u64) {
    (s[COMMON_B], s[COMMON_W])
}

/// Passes the filter's stone masks through `f` (the Bloom filter of canonical hashes and the
/// stone counts do not depend on the orientation).
#[inline]
pub(crate) fn seen_remap(s: &mut Seen, f: impl Fn(u64) -> u64) {
    s[COMMON_B] = f(s[COMMON_B]);
    s[COMMON_W] = f(s[COMMON_W]);
}

/// Unites two filters.
#[inline]
pub(crate) fn seen_union(a: &mut Seen, b: &Seen) {
    for i in 0..=COUNTS {
        a[i] |= b[i];
    }
    a[COMMON_B] &= b[COMMON_B];
    a[COMMON_W] &= b[COMMON_W];
}

/// What a searched subtree's safe-region cut-offs assumed about the earlier history
/// (docs/SOLVING.md, "Safe points", and the GHI section): a list of assumptions, each for one
/// colour c (0 black, 1 white): no earlier position may hold all of `need` and a stone of c in
/// `inside`. Each colour has `S` slots (an empty slot: `inside` 0; the solver takes
/// [`SMALL_SLOTS`] or [`BIG_SLOTS`]). Assumptions with the same `need` share a slot exactly (the
/// union of their regions); one that a slot already implies adds nothing; when the slots are
/// full, a new one is merged into the slot whose `need` it shares most, conservatively (the
/// stones both need, the regions of either), which only forbids more positions.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct Dep<const S: usize> {
    pub need: [[u64; S]; 2],
    pub inside: [[u64; S]; 2],
}

/// Assumptions kept apart per colour in a [`Dep`] on boards below
/// [`crate::BIG_BOARD_POINTS`] (one: every assumption of a colour merged into one, the record
/// of wave 13; more did not pay there, docs/BENCHMARKS.md, "Wave 14: narrower assumptions").
pub(crate) const SMALL_SLOTS: usize = 1;
/// Assumptions kept apart per colour in a [`Dep`] on boards of [`crate::BIG_BOARD_POINTS`] or
/// more (docs/BENCHMARKS.md, "Wave 15: the assumptions' slots on the big boards").
pub(crate) const BIG_SLOTS: usize = 8;

impl<const S: usize> Dep<S> {
    /// No assumption.
    pub const NONE: Dep<S> = Dep {
        need: [[u64::MAX; S]; 2],
        inside: [[0; S]; 2],
    };

    /// Words it is stored as.
    const WORDS: usize = 4 * S;

    /// Whether it assumes nothing.
    #[inline]
    pub fn is_none(&self) -> bool {
        self.inside.iter().all(|c| c.iter().all(|&i| i == 0))
    }

    /// Adds the assumption "no earlier position holds all of `need` and a stone of colour `c`
    /// in `inside`" (nothing when `inside` is 0).
    #[inline]
    pub fn add(&mut self, c: usize, need: u64, inside: u64) {
        if inside == 0 {
            return;
        }
        let (ns, is) = (&mut self.need[c], &mut self.inside[c]);
        // A slot that forbids every position the new one forbids (it needs no more stones and
        // has the new regions) already holds it; one of the same stones holds it widened.
        for j in 0..S {
            if is[j] != 0 && ns[j] & !need == 0 && (inside & !is[j] == 0 || ns[j] == need) {
                is[j] |= inside;
                return;
            }
        }
        // The new one forbids every position a slot forbids: it takes the slot.
        for j in 0..S {
            if is[j] != 0 && need & !ns[j] == 0 && is[j] & !inside == 0 {
                ns[j] = need;
                is[j] = inside;
                return;
            }
        }
        // A free slot, else the slot whose stones it shares most, merged: the stones both
        // need, the regions of either (every position either forbade stays forbidden).
        let mut best = (0, 0);
        for j in 0..S {
            if is[j] == 0 {
                ns[j] = need;
                is[j] = inside;
                return;
            }
            let shared = (ns[j] & need).count_ones() + 1;
            if shared > best.0 {
                best = (shared, j);
            }
        }
        let j = best.1;
        ns[j] &= need;
        is[j] |= inside;
    }

    /// Adds the assumptions of `o`.
    #[inline]
    pub fn merge(&mut self, o: &Dep<S>) {
        for c in 0..2 {
            for j in 0..S {
                self.add(c, o.need[c][j], o.inside[c][j]);
            }
        }
    }

    /// The assumptions with their stone masks passed through `f`.
    pub fn mapped(&self, f: impl Fn(u64) -> u64) -> Dep<S> {
        Dep {
            need: self.need.map(|c| c.map(&f)),
            inside: self.inside.map(|c| c.map(&f)),
        }
    }

    /// Whether an earlier position with these stones could break an assumption.
    #[inline]
    pub fn hit(&self, black: u64, white: u64) -> bool {
        let own = [black, white];
        (0..2).any(|c| {
            (0..S).any(|j| {
                let (n, i) = (self.need[c][j], self.inside[c][j]);
                i != 0 && own[c] & n == n && own[c] & i != 0
            })
        })
    }

    /// Writes the words it is stored as (`WORDS` of them): per colour, per slot, `need` then
    /// `inside`.
    fn write_words(self, w: &mut [u64]) {
        for c in 0..2 {
            for j in 0..S {
                let k = 2 * (c * S + j);
                w[k] = self.need[c][j];
                w[k + 1] = self.inside[c][j];
            }
        }
    }

    fn from_words(w: &[u64]) -> Dep<S> {
        let mut d = Dep::NONE;
        for c in 0..2 {
            for j in 0..S {
                let k = 2 * (c * S + j);
                d.need[c][j] = w[k];
                d.inside[c][j] = w[k + 1];
            }
        }
        d
    }
}

/// The move field of an entry: no move known.
pub(crate) const NO_MOVE: u8 = 255;
/// The move field of an entry: a pass.
pub(crate) const PASS: u8 = 254;

/// The part of a stored search result that every probe reads (the key, the canonical position
/// hash mixed with the player to move and the pass count, sits apart; 0 is an empty slot).
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct Head {
    /// Exact (not canonical) position hash, with the same mixing as the key.
    pub exact: u64,
    /// Hash of the set of earlier positions of the path the result was computed on.
    pub path: u64,
    /// For each colour (0 black, 1 white): the smallest path index that a superko refusal of its
    /// moves in the subtree pointed at (u32::MAX: none); meaningful for reuse on the same path
    /// only.
    pub min_ref: [u32; 2],
    /// The value for the player to move is at least this.
    pub lower: i16,
    /// The value is at most this.
    pub upper: i16,
    /// Best or refuting move, in the canonical orientation.
    pub best: u8,
    /// For each colour: no superko refusal of its moves in the subtree pointed at a position
    /// before this node.
    pub history_free: [bool; 2],
}

/// The part of a stored result read only when its bound is used: the superko filters and the
/// safe-region assumptions, with their stone masks in the canonical orientation of the entry's
/// position (an entry is reused on every position of the same key, mirror images included).
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct Body<const S: usize> {
    /// For each colour: the positions its moves in the subtree created.
    pub seen: [Seen; 2],
    /// What the subtree's safe-region cut-offs assumed about earlier positions.
    pub dep: Dep<S>,
}

/// A fixed-size table of 2^bits entries, two per bucket (one kept by size of work, one always
/// replaced), each with `S` assumption slots a colour ([`Dep`]). A bucket is 96 words at one
/// slot (768 bytes, twelve cache lines; 152 words at eight) aligned to a cache line: its
/// first line holds both keys, both slots' work and the first slot's probe fields, so that a
/// probe that misses, or finds the first slot, reads one cache line; the second slot's probe
/// fields fill the next line (the pair of lines that the processor fetches together), and the
/// superko filters and assumptions that only a bound in use needs follow. Entries are kept as
/// plain words so that a new table is zeroed memory from the system (no writing of hundreds of
/// megabytes before the search starts; pages come as they are used); an empty slot (key 0) is
/// never read.
pub(crate) struct Table<const S: usize> {
    /// `BUCKET_WORDS` words a bucket from `start` on (the words before `start` only align the
    /// buckets to cache lines; zeroed memory comes from the system only for a vector of plain
    /// words or of short arrays).
    words: Vec<u64>,
    /// The index of the first bucket's first word.
    start: usize,
    mask: usize,
    /// Occupied slots (counted as stores fill empty ones: counting them at the end would read
    /// every page of the table).
    occupied: usize,
}

/// Where the work word of a bucket is.
const WORK_AT: usize = 2;
/// Where each slot's [`Head`] begins in its bucket.
const HEAD_AT: [usize; 2] = [3, 8];
/// Where the first slot's [`Body`] begins in its bucket (the second's follows it).
const BODY0_AT: usize = 12;
/// Words of a cache line.
const LINE_WORDS: usize = 8;
const _: () = assert!(HEAD_AT[0] + HEAD_WORDS <= LINE_WORDS);
const _: () = assert!(HEAD_AT[1] >= LINE_WORDS && HEAD_AT[1] + HEAD_WORDS <= 2 * LINE_WORDS);
const _: () = assert!(BODY0_AT >= HEAD_AT[1] + HEAD_WORDS);

/// Words of a [`Head`]: exact, path, min_ref, then lower, upper, best and history_free.
const HEAD_WORDS: usize = 4;
const SEEN_WORDS: usize = BLOOM_WORDS + 3;

/// Words of a [`Body`] with `slots` assumption slots a colour: the two filters, then the
/// assumptions' `need` and `inside`.
const fn body_words(slots: usize) -> usize {
    2 * SEEN_WORDS + 4 * slots
}

/// Words of a bucket with `slots` assumption slots a colour: the two keys, the two slots' work
/// (nodes spent on each, for replacement), the first slot's [`Head`], a spare word, the second
/// slot's [`Head`], then the two slots' [`Body`]s, rounded up to whole cache lines.
const fn bucket_words(slots: usize) -> usize {
    (BODY0_AT + 2 * body_words(slots)).div_ceil(LINE_WORDS) * LINE_WORDS
}

/// The bytes a table of 2^bits entries with `slots` assumption slots a colour takes.
pub(crate) fn table_bytes(bits: u32, slots: usize) -> Option<usize> {
    let buckets = 1usize.checked_shl(bits.max(1) - 1)?;
    buckets
        .checked_mul(8 * bucket_words(slots))?
        .checked_add(8 * (LINE_WORDS - 1))
}

/// Whether the memory for a table of 2^bits entries with `slots` assumption slots a colour can
/// be had: a reservation of that many bytes, given back at once (the table itself is zeroed
/// memory that the system hands out page by page as it is touched, so the probe touches
/// nothing).
pub(crate) fn table_fits(bits: u32, slots: usize) -> bool {
    table_bytes(bits, slots).is_some_and(|b| Vec::<u8>::new().try_reserve_exact(b).is_ok())
}

impl Head {
    fn to_words(self) -> [u64; HEAD_WORDS] {
        [
            self.exact,
            self.path,
            self.min_ref[0] as u64 | (self.min_ref[1] as u64) << 32,
            self.lower as u16 as u64
                | (self.upper as u16 as u64) << 16
                | (self.best as u64) << 32
                | (self.history_free[0] as u64) << 40
                | (self.history_free[1] as u64) << 41,
        ]
    }

    fn from_words(w: &[u64; HEAD_WORDS]) -> Head {
        Head {
            exact: w[0],
            path: w[1],
            min_ref: [w[2] as u32, (w[2] >> 32) as u32],
            lower: w[3] as u16 as i16,
            upper: (w[3] >> 16) as u16 as i16,
            best: (w[3] >> 32) as u8,
            history_free: [w[3] >> 40 & 1 != 0, w[3] >> 41 & 1 != 0],
        }
    }
}

impl<const S: usize> Body<S> {
    fn from_words(w: &[u64]) -> Body<S> {
        let mut seen = [[0; SEEN_WORDS]; 2];
        seen[0].copy_from_slice(&w[..SEEN_WORDS]);
        seen[1].copy_from_slice(&w[SEEN_WORDS..2 * SEEN_WORDS]);
        Body {
            seen,
            dep: Dep::from_words(&w[2 * SEEN_WORDS..]),
        }
    }
}

impl<const S: usize> Table<S> {
    /// Words of a [`Body`].
    const BODY_WORDS: usize = body_words(S);
    /// Where each slot's [`Body`] begins in its bucket.
    const BODY_AT: [usize; 2] = [BODY0_AT, BODY0_AT + Self::BODY_WORDS];
    /// Words of a bucket ([`bucket_words`]).
    const BUCKET_WORDS: usize = bucket_words(S);
    /// The layout's checks, evaluated for each slot count the solver builds.
    const LAYOUT: () = assert!(
        Self::BODY_AT[1] + Self::BODY_WORDS <= Self::BUCKET_WORDS
            && Self::BUCKET_WORDS.is_multiple_of(LINE_WORDS)
            && Self::BODY_WORDS == 2 * SEEN_WORDS + Dep::<S>::WORDS
    );

    /// A table of 2^bits entries.
    pub fn new(bits: u32) -> Table<S> {
        #[allow(clippy::let_unit_value)]
        let () = Self::LAYOUT;
        let size = 1usize << bits.max(1);
        let words = vec![0u64; size / 2 * Self::BUCKET_WORDS + LINE_WORDS - 1];
        // The first word on a cache line (64 bytes) boundary.
        let misalign = words.as_ptr() as usize % (8 * LINE_WORDS);
        let start = (8 * LINE_WORDS - misalign) % (8 * LINE_WORDS) / 8;
        Table {
            words,
            start,
            mask: (size - 1) & !1,
            occupied: 0,
        }
    }

    /// The bucket of slot `i`, and which of its two slots `i` is.
    #[inline]
    fn bucket(&self, i: usize) -> (&[u64], usize) {
        let at = self.start + (i >> 1) * Self::BUCKET_WORDS;
        (&self.words[at..at + Self::BUCKET_WORDS], i & 1)
    }

    /// The bucket of slot `i` to write, and which of its two slots `i` is.
    #[inline]
    fn bucket_mut(&mut self, i: usize) -> (&mut [u64], usize) {
        let at = self.start + (i >> 1) * Self::BUCKET_WORDS;
        (&mut self.words[at..at + Self::BUCKET_WORDS], i & 1)
    }

    /// The work word's share of slot `i`'s bucket that is slot `i`'s.
    #[inline]
    fn work_of(w: u64, j: usize) -> u32 {
        (w >> (32 * j)) as u32
    }

    /// The slot holding `key`, if any.
    #[inline]
    pub fn find(&self, key: u64) -> Option<usize> {
        let i = (key as usize) & self.mask;
        let (b, _) = self.bucket(i);
        if b[0] == key {
            Some(i)
        } else if b[1] == key {
            Some(i + 1)
        } else {
            None
        }
    }

    /// Reads the first word of `key`'s bucket, so that the memory holding it is on its way
    /// to the cache before [`Table::find`] needs it: several touches in a row wait for memory
    /// together, where finds one after the other would each wait in turn. Returns the word
    /// (to be passed to [`std::hint::black_box`], which keeps the read).
    #[inline]
    pub fn touch(&self, key: u64) -> u64 {
        let i = (key as usize) & self.mask;
        self.words[self.start + (i >> 1) * Self::BUCKET_WORDS]
    }

    /// The probe fields of the entry in slot `i`.
    #[inline]
    pub fn head(&self, i: usize) -> Head {
        let (b, j) = self.bucket(i);
        Head::from_words(
            b[HEAD_AT[j]..HEAD_AT[j] + HEAD_WORDS]
                .try_into()
                .expect("a head's words"),
        )
    }

    /// The filters and assumptions of the entry in slot `i`.
    #[inline]
    pub fn body(&self, i: usize) -> Body<S> {
        let (b, j) = self.bucket(i);
        Body::from_words(&b[Self::BODY_AT[j]..Self::BODY_AT[j] + Self::BODY_WORDS])
    }

    /// Merges the filters and assumptions of the entry in slot `i`, their stone masks passed
    /// through `f` (from the canonical orientation to the board's), into `seen` and `dep` (as
    /// [`seen_union`] and [`Dep::merge`] of [`Table::body`] turned), read in place.
    #[inline]
    pub fn merge_body(
        &self,
        i: usize,
        f: impl Fn(u64) -> u64,
        seen: &mut [Seen; 2],
        dep: &mut Dep<S>,
    ) {
        let (b, j) = self.bucket(i);
        let w = &b[Self::BODY_AT[j]..Self::BODY_AT[j] + Self::BODY_WORDS];
        for (c, s) in seen.iter_mut().enumerate() {
            let o = &w[c * SEEN_WORDS..(c + 1) * SEEN_WORDS];
            for k in 0..=COUNTS {
                s[k] |= o[k];
            }
            s[COMMON_B] &= f(o[COMMON_B]);
            s[COMMON_W] &= f(o[COMMON_W]);
        }
        let d = &w[2 * SEEN_WORDS..];
        for c in 0..2 {
            for j in 0..S {
                let k = 2 * (c * S + j);
                if d[k + 1] != 0 {
                    dep.add(c, f(d[k]), f(d[k + 1]));
                }
            }
        }
    }

    /// Stores a search result of the position keyed `key`: its probe fields `head`, and its
    /// filters and assumptions `seen` and `dep` in the searched board's orientation, which
    /// `to_canon` turns into the canonical one. The result goes over slot `old` when given (the
    /// same key), else over the cheaper of the two slots of its bucket. With `merge` (only with
    /// `old`: an entry of the same position and history), it is merged with the entry there:
    /// the tighter bounds, the union of the filters and assumptions (the stone masks are merged
    /// in canonical orientation: a symmetry permutes bits, so it commutes with `&` and `|`),
    /// each colour history-free only if both were, the smaller refusal indexes; the move is the
    /// new one.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        head: Head,
        seen: &[Seen; 2],
        dep: &Dep<S>,
        to_canon: impl Fn(u64) -> u64,
        old: Option<usize>,
        merge: bool,
        work: u64,
    ) {
        debug_assert!(old.is_some() || !merge, "a merge needs the slot");
        let work = work.min(u32::MAX as u64) as u32;
        let i = match old {
            Some(i) => i,
            None => {
                let b = (key as usize) & self.mask;
                let (bucket, _) = self.bucket(b);
                if Self::work_of(bucket[WORK_AT], 0) <= work {
                    b
                } else {
                    b + 1
                }
            }
        };
        let (b, j) = self.bucket_mut(i);
        let filled = b[j] == 0;
        b[j] = key;
        let hw: &mut [u64; HEAD_WORDS] = (&mut b[HEAD_AT[j]..HEAD_AT[j] + HEAD_WORDS])
            .try_into()
            .expect("a head's words");
        let head = if merge {
            let o = Head::from_words(hw);
            Head {
                lower: head.lower.max(o.lower),
                upper: head.upper.min(o.upper),
                history_free: [0, 1].map(|c| head.history_free[c] && o.history_free[c]),
                min_ref: [0, 1].map(|c| head.min_ref[c].min(o.min_ref[c])),
                ..head
            }
        } else {
            head
        };
        debug_assert!(head.lower <= head.upper, "inconsistent bounds");
        *hw = head.to_words();
        let w = &mut b[Self::BODY_AT[j]..Self::BODY_AT[j] + Self::BODY_WORDS];
        for (c, f) in seen.iter().enumerate() {
            let w = &mut w[c * SEEN_WORDS..(c + 1) * SEEN_WORDS];
            let (bloom_counts, common) = w.split_at_mut(COMMON_B);
            let (common_b, common_w) = (to_canon(f[COMMON_B]), to_canon(f[COMMON_W]));
            if merge {
                for (x, y) in bloom_counts.iter_mut().zip(f) {
                    *x |= y;
                }
                common[0] &= common_b;
                common[1] &= common_w;
            } else {
                bloom_counts.copy_from_slice(&f[..COMMON_B]);
                common[0] = common_b;
                common[1] = common_w;
            }
        }
        let d = &mut w[2 * SEEN_WORDS..];
        let mut new = dep.mapped(&to_canon);
        if merge {
            new.merge(&Dep::from_words(d));
        }
        new.write_words(d);
        let was = Self::work_of(b[WORK_AT], j);
        let now = if old.is_none() { work } else { was.max(work) };
        let mine = (u32::MAX as u64) << (32 * j);
        b[WORK_AT] = b[WORK_AT] & !mine | (now as u64) << (32 * j);
        self.occupied += filled as usize;
    }

    /// The number of occupied slots.
    pub fn occupied(&self) -> usize {
        self.occupied
    }

    /// The number of slots.
    pub fn capacity(&self) -> usize {
        (self.words.len() - self.start) / Self::BUCKET_WORDS * 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filters(salt: u64) -> [Seen; 2] {
        let mut seen = [SEEN_NONE; 2];
        // The common stones depend on the salt too (bits 8 and up).
        seen_add(
            &mut seen[0],
            0x1234_5678_9abc_def1 ^ salt,
            0b1011 | salt << 8,
            0b0100,
        );
        seen_add(
            &mut seen[0],
            0x0f0f_5678_9abc_def1 ^ salt,
            0b0011 | salt << 8,
            0b0100,
        );
        seen_add(
            &mut seen[1],
            0xfedc_ba98_7654_3211 ^ salt,
            0b0110,
            0b1000 | salt << 8,
        );
        seen
    }

    /// `Dep::add` against the list of the assumptions added, on every pair of black and
    /// white stone sets of a 6-point board: every position that an added assumption forbids
    /// stays forbidden (the merge of assumptions that do not fit apart is conservative), and
    /// while a colour's assumptions have no more distinct `need`s than its `S` slots it forbids
    /// no other position (assumptions kept apart, or sharing their stones, are exact). Fails
    /// when the merge keeps the new `need` instead of the stones both need, when a slot is
    /// taken or widened by an assumption it does not imply, or when `hit` reads one slot only.
    fn assumptions_are_kept_apart_or_merged_conservatively<const S: usize>() {
        let mut x = 0x5eed_u64;
        let mut next = move || {
            x = crate::geometry::splitmix(x);
            x
        };
        // Needs that are equal, nested or disjoint, so that every branch of `add` is taken.
        let needs = [0b00_0011, 0b00_0111, 0b00_1111, 0b11_0000, 0b10_0001, 0];
        let (mut exact_lists, mut merged_lists) = (0, 0);
        for _ in 0..3000 {
            let mut d = Dep::<S>::NONE;
            let mut list = Vec::new();
            for _ in 0..1 + next() % (3 * S as u64 + 2) {
                let c = (next() % 2) as usize;
                let need = if next() % 2 == 0 {
                    needs[(next() % needs.len() as u64) as usize]
                } else {
                    next() & next() & 0b11_1111
                };
                // Regions lie off the pass-alive stones they are anchored on.
                let inside = next() & 0b11_1111 & !need;
                d.add(c, need, inside);
                if inside != 0 {
                    list.push((c, need, inside));
                }
            }
            let exact = (0..2).all(|c| {
                let mut n: Vec<u64> = list.iter().filter(|a| a.0 == c).map(|a| a.1).collect();
                n.sort_unstable();
                n.dedup();
                n.len() <= S
            });
            if exact {
                exact_lists += 1;
            } else {
                merged_lists += 1;
            }
            // Stored and read back: the same assumptions; merged into none: the same positions
            // forbidden.
            let mut words = vec![0; Dep::<S>::WORDS];
            d.write_words(&mut words);
            assert_eq!(Dep::from_words(&words), d);
            let mut back = Dep::<S>::NONE;
            back.merge(&d);
            for black in 0..64u64 {
                for white in 0..64u64 {
                    let own = [black, white];
                    let want = list
                        .iter()
                        .any(|&(c, n, i)| own[c] & n == n && own[c] & i != 0);
                    let got = d.hit(black, white);
                    assert_eq!(back.hit(black, white), got);
                    assert!(
                        got || !want,
                        "{list:?} {d:?}: {black:b} {white:b} let through"
                    );
                    if exact {
                        assert_eq!(got, want, "{list:?} {d:?}: {black:b} {white:b}");
                    }
                }
            }
        }
        // Both regimes were tested.
        assert!(
            exact_lists > 100 && merged_lists > 100,
            "{exact_lists} {merged_lists}"
        );
    }

    /// One assumption per colour (none where `inside` is 0).
    fn dep2<const S: usize>(need: [u64; 2], inside: [u64; 2]) -> Dep<S> {
        let mut d = Dep::<S>::NONE;
        for c in 0..2 {
            d.add(c, need[c], inside[c]);
        }
        d
    }

    fn head(lower: i16, upper: i16) -> Head {
        Head {
            exact: 7,
            path: u64::MAX,
            lower,
            upper,
            best: PASS,
            history_free: [true, false],
            min_ref: [u32::MAX, 12],
        }
    }

    fn entries_come_back_as_stored<const S: usize>() {
        let mut t = Table::<S>::new(4);
        let seen = filters(0);
        let dep = dep2([u64::MAX, 5], [0, 1 << 63]);
        let key = 0x8000_0000_0000_0003;
        let h = head(-25, 13);
        t.store(key, h, &seen, &dep, |m| m, None, false, 10);
        let i = t.find(key).expect("stored");
        assert_eq!(t.head(i), h);
        assert_eq!(t.body(i), Body { seen, dep });
        let h = Head {
            history_free: [false, true],
            lower: i16::MIN,
            upper: i16::MAX,
            best: NO_MOVE,
            ..h
        };
        assert_eq!(Head::from_words(&h.to_words()), h);
        assert_eq!(t.occupied(), 1);
        assert!(t.find(key ^ 2).is_none());
    }

    /// `touch` reads the first key word of the bucket `find` looks in: the key stored in the
    /// bucket's first slot (an empty bucket's first slot keeps `store` from choosing the
    /// second), for any key of that bucket, and 0 (an empty slot) for a key of another bucket.
    fn touch_reads_the_bucket_that_find_reads<const S: usize>() {
        let mut t = Table::<S>::new(4);
        let key = 0x8000_0000_0000_0005;
        t.store(
            key,
            head(-3, 3),
            &filters(0),
            &Dep::<S>::NONE,
            |m| m,
            None,
            false,
            1,
        );
        assert_eq!(t.find(key), Some(4));
        assert_eq!(t.touch(key), key);
        // Bit 0 picks no bucket: the same bucket, whose first word is the key above.
        assert_eq!(t.touch(key ^ 1), key);
        // Bits 1 to 3 pick one of the 8 buckets: another bucket, empty; bits above do not.
        assert_eq!(t.touch(key ^ 2), 0);
        assert_eq!(t.touch(key ^ 8), 0);
        assert_eq!(t.touch(key ^ 16), key);
    }

    /// A cut's merge straight from the table's words equals the entry read, turned and merged
    /// the long way (the body copied out, its stone masks turned, `seen_union` and
    /// `Dep::merge`), into an accumulator that already holds other filters and assumptions;
    /// the turn is a 64-bit rotation, which moves the stone masks' bits and no others.
    fn merging_a_body_in_place_is_the_union_turned<const S: usize>() {
        let mut t = Table::<S>::new(4);
        let seen = filters(3);
        let dep = dep2([0b1111 << 8, 0b0110], [1 << 9, 1 << 62]);
        let key = 0x8000_0000_0000_0005;
        t.store(key, head(-3, 4), &seen, &dep, |m| m, None, false, 10);
        let i = t.find(key).expect("stored");
        let turn = |m: u64| m.rotate_left(5);
        let mut acc = filters(9);
        let mut acc_dep = dep2([u64::MAX, 0b0111 << 5], [1 << 20, 0]);
        let mut want = acc;
        let mut want_dep = acc_dep;
        let b = t.body(i);
        for (w, f) in want.iter_mut().zip(&b.seen) {
            let mut turned = *f;
            seen_remap(&mut turned, turn);
            seen_union(w, &turned);
        }
        want_dep.merge(&b.dep.mapped(turn));
        t.merge_body(i, turn, &mut acc, &mut acc_dep);
        assert_eq!(acc, want);
        assert_eq!(acc_dep, want_dep);
        // The merge changed the accumulator (the test is not of a no-op).
        assert_ne!(acc, filters(9));
        assert_ne!(acc_dep, dep2([u64::MAX, 0b0111 << 5], [1 << 20, 0]));
    }

    /// The bucket layout: cache-line aligned, two slots that do not overwrite each other, and
    /// the replacement policy (the first slot goes to the larger work, the second is always
    /// replaced).
    fn buckets_hold_two_slots_and_replace_by_work<const S: usize>() {
        let mut t = Table::<S>::new(6);
        assert_eq!(t.capacity(), 64);
        assert_eq!((t.words[t.start..].as_ptr() as usize) % 64, 0);
        // Four keys of one bucket (the same bits under the mask), each with its own fields.
        let keys = [0x100 | 9, 0x200 | 9, 0x300 | 9, 0x400 | 9].map(|k| k << 8 | 0x21);
        let store = |t: &mut Table<S>, k: usize, work: u64| {
            let h = head(k as i16, 20 + k as i16);
            let seen = filters(k as u64);
            let dep = dep2([k as u64, 1], [2, k as u64]);
            t.store(keys[k], h, &seen, &dep, |m| m, None, false, work);
        };
        let holds = |t: &Table<S>, k: usize| {
            t.find(keys[k]).is_some_and(|i| {
                t.head(i) == head(k as i16, 20 + k as i16)
                    && t.body(i).seen == filters(k as u64)
                    && t.body(i).dep == dep2([k as u64, 1], [2, k as u64])
            })
        };
        store(&mut t, 0, 10);
        assert_eq!(t.find(keys[0]), Some((keys[0] as usize) & t.mask));
        // Less work than the first slot's: the second slot.
        store(&mut t, 1, 5);
        assert!(holds(&t, 0) && holds(&t, 1));
        assert_eq!(t.find(keys[1]), Some(((keys[1] as usize) & t.mask) + 1));
        // At least the first slot's work: replaces it; the second stays.
        store(&mut t, 2, 10);
        assert!(!holds(&t, 0) && holds(&t, 1) && holds(&t, 2));
        // Less: replaces the second.
        store(&mut t, 3, 9);
        assert!(holds(&t, 2) && holds(&t, 3) && !holds(&t, 1));
        // Replacements do not count again; another bucket's key does.
        assert_eq!(t.occupied(), 2);
        store(&mut t, 0, 1);
        t.store(
            keys[0] ^ 2,
            head(0, 0),
            &filters(0),
            &Dep::<S>::NONE,
            |m| m,
            None,
            false,
            1,
        );
        let keys_held = t.words[t.start..]
            .chunks_exact(Table::<S>::BUCKET_WORDS)
            .map(|b| (b[0] != 0) as usize + (b[1] != 0) as usize)
            .sum::<usize>();
        assert_eq!((t.occupied(), keys_held), (3, 3));
    }

    /// A merging store gives what merging in the searched orientation and then turning the
    /// masks gave before (the wave-12 table: `Dep::merge`, `seen_union`, then the turn).
    fn merging_store_is_the_union_turned<const S: usize>() {
        // A permutation of the 64 bits, as a symmetry is.
        let to_canon = |m: u64| m.rotate_left(5);
        let from_canon = |m: u64| m.rotate_right(5);
        let mut t = Table::<S>::new(4);
        let key = 0x77;
        let (old_seen, new_seen) = (filters(0), filters(0x30));
        let old_dep = dep2([0b1110, 0b0111], [0b1, 0]);
        let new_dep = dep2([0b0110, u64::MAX], [0b10000, 1 << 62]);
        t.store(
            key,
            head(-3, 9),
            &old_seen,
            &old_dep,
            to_canon,
            None,
            false,
            4,
        );
        let i = t.find(key).expect("stored");
        let mut new_head = head(-5, 4);
        new_head.history_free = [false, true];
        new_head.min_ref = [3, 20];
        new_head.best = 2;
        t.store(
            key,
            new_head,
            &new_seen,
            &new_dep,
            to_canon,
            Some(i),
            true,
            1,
        );
        // The reference: the old entry turned back, merged, turned again.
        let mut seen = new_seen;
        let mut dep = new_dep;
        let mut back = t_body_old(&old_seen, &old_dep, to_canon);
        for f in &mut back.seen {
            seen_remap(f, from_canon);
        }
        back.dep = back.dep.mapped(from_canon);
        for (f, b) in seen.iter_mut().zip(&back.seen) {
            seen_union(f, b);
            seen_remap(f, to_canon);
        }
        dep.merge(&back.dep);
        let dep = dep.mapped(to_canon);
        assert_eq!(t.body(i), Body { seen, dep });
        let h = t.head(i);
        assert_eq!((h.lower, h.upper, h.best), (-3, 4, 2));
        assert_eq!((h.history_free, h.min_ref), ([false, false], [3, 12]));
        // Without the merge the new result replaces the old one.
        t.store(key, new_head, &new_seen, &new_dep, |m| m, Some(i), false, 1);
        assert_eq!(t.head(i), new_head);
        assert_eq!(
            t.body(i),
            Body {
                seen: new_seen,
                dep: new_dep
            }
        );
    }

    /// What the table held after the first store: the filters and assumptions turned.
    fn t_body_old<const S: usize>(
        seen: &[Seen; 2],
        dep: &Dep<S>,
        to_canon: impl Fn(u64) -> u64,
    ) -> Body<S> {
        let mut seen = *seen;
        for f in &mut seen {
            seen_remap(f, &to_canon);
        }
        Body {
            seen,
            dep: dep.mapped(&to_canon),
        }
    }

    /// Runs each check above as a test at the slot counts the solver builds (one, as on the
    /// small boards; eight, as on the big ones) and at two and four.
    macro_rules! at_each_slot_count {
        ($($test:ident => $check:ident),* $(,)?) => {$(
            #[test]
            fn $test() {
                $check::<SMALL_SLOTS>();
                $check::<BIG_SLOTS>();
                $check::<2>();
                $check::<4>();
            }
        )*};
    }

    at_each_slot_count! {
        assumptions_are_kept_apart_or_merged_conservatively_at_each_slot_count => assumptions_are_kept_apart_or_merged_conservatively,
        entries_come_back_as_stored_at_each_slot_count => entries_come_back_as_stored,
        touch_reads_the_bucket_that_find_reads_at_each_slot_count => touch_reads_the_bucket_that_find_reads,
        merging_a_body_in_place_is_the_union_turned_at_each_slot_count => merging_a_body_in_place_is_the_union_turned,
        buckets_hold_two_slots_and_replace_by_work_at_each_slot_count => buckets_hold_two_slots_and_replace_by_work,
        merging_store_is_the_union_turned_at_each_slot_count => merging_store_is_the_union_turned,
    }
}
