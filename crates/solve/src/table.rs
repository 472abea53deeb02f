//! The transposition table, with what each entry needs to be reused safely under superko.

/// The positions a searched subtree created, as three filters without false negatives: a
/// 256-bit Bloom filter of their canonical hashes (words 0-3), the set of their stone counts
/// (word 4), and the black and white stones present in every one of them (words 5, 6; in the
/// board's own orientation, since the entry is reused only on the same position).
pub(crate) type Seen = [u64; 7];

/// The filter of no position.
pub(crate) const SEEN_NONE: Seen = [0, 0, 0, 0, 0, u64::MAX, u64::MAX];

/// Adds a position (canonical hash, black and white stones) to a filter.
#[inline]
pub(crate) fn seen_add(s: &mut Seen, canon: u64, black: u64, white: u64) {
    let b = (canon >> 56) as usize;
    s[b >> 6] |= 1 << (b & 63);
    s[4] |= 1 << (black | white).count_ones().min(63);
    s[5] &= black;
    s[6] &= white;
}

/// Whether a position may be in the filter (never false when it is).
#[inline]
pub(crate) fn seen_has(s: &Seen, canon: u64, black: u64, white: u64) -> bool {
    let b = (canon >> 56) as usize;
    s[b >> 6] & (1 << (b & 63)) != 0
        && s[4] & (1 << (black | white).count_ones().min(63)) != 0
        && black & s[5] == s[5]
        && white & s[6] == s[6]
}

/// Unites two filters.
#[inline]
pub(crate) fn seen_union(a: &mut Seen, b: &Seen) {
    for i in 0..5 {
        a[i] |= b[i];
    }
    a[5] &= b[5];
    a[6] &= b[6];
}

/// The move field of an entry: no move known.
pub(crate) const NO_MOVE: u8 = 255;
/// The move field of an entry: a pass.
pub(crate) const PASS: u8 = 254;

/// One stored search result: bounds on the value for the player to move.
#[derive(Clone, Copy)]
pub(crate) struct Entry {
    /// Canonical position hash mixed with the player to move and the pass count (0 = empty slot).
    pub key: u64,
    /// Exact (not canonical) position hash, with the same mixing.
    pub exact: u64,
    /// Hash of the set of earlier positions of the path the result was computed on.
    pub path: u64,
    /// The value is at least this.
    pub lower: i16,
    /// The value is at most this.
    pub upper: i16,
    /// Best or refuting move, in the canonical orientation.
    pub best: u8,
    /// No superko refusal in the subtree pointed at a position before this node.
    pub history_free: bool,
    /// Smallest path index that a superko refusal in the subtree pointed at (u32::MAX: none);
    /// meaningful for reuse on the same path only.
    pub min_ref: u32,
    /// The positions the subtree created (canonical hashes).
    pub seen: Seen,
}

/// A fixed-size table of 2^bits entries, two per bucket (one kept by size of work, one always
/// replaced).
pub(crate) struct Table {
    slots: Vec<Entry>,
    mask: usize,
    /// Work (nodes) spent on the entry of each slot, for replacement.
    work: Vec<u32>,
}

const EMPTY: Entry = Entry {
    key: 0,
    exact: 0,
    path: 0,
    lower: 0,
    upper: 0,
    best: NO_MOVE,
    history_free: false,
    min_ref: u32::MAX,
    seen: SEEN_NONE,
};

impl Table {
    /// A table of 2^bits entries.
    pub fn new(bits: u32) -> Table {
        let size = 1usize << bits.max(1);
        Table {
            slots: vec![EMPTY; size],
            mask: (size - 1) & !1,
            work: vec![0; size],
        }
    }

    /// The slot holding `key`, if any.
    pub fn find(&self, key: u64) -> Option<usize> {
        let i = (key as usize) & self.mask;
        (i..i + 2).find(|&j| self.slots[j].key == key)
    }

    /// The entry in slot `i`.
    pub fn get(&self, i: usize) -> &Entry {
        &self.slots[i]
    }

    /// Stores `e`, over slot `old` when given (the same key), else over the cheaper of the two
    /// slots of its bucket.
    pub fn store(&mut self, e: Entry, old: Option<usize>, work: u64) {
        let work = work.min(u32::MAX as u64) as u32;
        let i = match old {
            Some(i) => i,
            None => {
                let b = (e.key as usize) & self.mask;
                if self.work[b] <= work {
                    b
                } else {
                    b + 1
                }
            }
        };
        self.slots[i] = e;
        self.work[i] = self.work[i].max(work);
        if old.is_none() {
            self.work[i] = work;
        }
    }

    /// The number of occupied slots.
    pub fn occupied(&self) -> usize {
        self.slots.iter().filter(|e| e.key != 0).count()
    }

    /// The number of slots.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }
}
