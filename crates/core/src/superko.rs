//! The table of earlier positions that superko consults: a multimap from a position key to the
//! history indices that have it. A hit is only a candidate: [`crate::Game`] confirms it against
//! the actual positions before it forbids anything, so a hash collision can never forbid a move.

const EMPTY_SLOT: u32 = u32::MAX;

/// Open addressing with linear probing; duplicate keys allowed (passes and simple-ko games repeat
/// positions legitimately). Entries are never deleted: an undo leaves a stale entry, which
/// lookups filter out by checking the index against the history.
#[derive(Debug)]
pub(crate) struct PositionTable {
    keys: Vec<u64>,
    indices: Vec<u32>,
    len: usize,
}

impl Clone for PositionTable {
    fn clone(&self) -> Self {
        PositionTable {
            keys: self.keys.clone(),
            indices: self.indices.clone(),
            len: self.len,
        }
    }

    fn clone_from(&mut self, o: &Self) {
        self.keys.clone_from(&o.keys);
        self.indices.clone_from(&o.indices);
        self.len = o.len;
    }
}

impl Default for PositionTable {
    fn default() -> Self {
        PositionTable::with_capacity(64)
    }
}

impl PositionTable {
    pub(crate) fn with_capacity(entries: usize) -> PositionTable {
        let slots = (entries * 2).next_power_of_two().max(16);
        PositionTable {
            keys: vec![0; slots],
            indices: vec![EMPTY_SLOT; slots],
            len: 0,
        }
    }

    pub(crate) fn clear(&mut self) {
        if self.len > 0 {
            self.indices.iter_mut().for_each(|i| *i = EMPTY_SLOT);
            self.len = 0;
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // The keys are already uniformly random; take high bits after a multiply for spread.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (self.keys.len() - 1)
    }

    pub(crate) fn insert(&mut self, key: u64, index: u32) {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut s = self.slot(key);
        while self.indices[s] != EMPTY_SLOT {
            s = (s + 1) & mask;
        }
        self.keys[s] = key;
        self.indices[s] = index;
        self.len += 1;
    }

    fn grow(&mut self) {
        let old_keys = std::mem::take(&mut self.keys);
        let old_idx = std::mem::take(&mut self.indices);
        let slots = (old_keys.len() * 2).max(16);
        self.keys = vec![0; slots];
        self.indices = vec![EMPTY_SLOT; slots];
        self.len = 0;
        for (k, i) in old_keys.into_iter().zip(old_idx) {
            if i != EMPTY_SLOT {
                self.insert(k, i);
            }
        }
    }

    /// Calls `f` with every index stored under `key`, until `f` returns true.
    #[inline]
    pub(crate) fn find(&self, key: u64, mut f: impl FnMut(u32) -> bool) -> bool {
        let mask = self.keys.len() - 1;
        let mut s = self.slot(key);
        loop {
            let i = self.indices[s];
            if i == EMPTY_SLOT {
                return false;
            }
            if self.keys[s] == key && f(i) {
                return true;
            }
            s = (s + 1) & mask;
        }
    }
}
