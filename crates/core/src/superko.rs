//! The filter of earlier positions that superko consults: a Bloom filter with one bit per key
//! (a few bits per position of the game). A set bit only means "maybe seen": [`crate::Game`]
//! then finds the earlier positions with that key in its history and confirms each against the
//! actual position, so a collision can never forbid a move. A clear bit proves the position is
//! new, which is the common case: one multiply, one load and one test per candidate move.
//!
//! Bits are never cleared by an undo; the stale bits only cost an extra history scan.

/// Bits per position kept before the filter doubles (false-positive rate about 1/16).
const BITS_PER_ENTRY: usize = 16;

#[derive(Debug, Default)]
pub(crate) struct PositionFilter {
    words: Vec<u64>,
    shift: u32,
    entries: usize,
}

impl Clone for PositionFilter {
    fn clone(&self) -> Self {
        PositionFilter {
            words: self.words.clone(),
            shift: self.shift,
            entries: self.entries,
        }
    }

    /// Copies into the existing buffer (no allocation when restarting playouts).
    fn clone_from(&mut self, o: &Self) {
        self.words.clone_from(&o.words);
        self.shift = o.shift;
        self.entries = o.entries;
    }
}

impl PositionFilter {
    /// An empty filter sized for about `positions` positions.
    pub(crate) fn with_capacity(positions: usize) -> PositionFilter {
        let bits = (positions.max(64) * BITS_PER_ENTRY).next_power_of_two();
        PositionFilter {
            words: vec![0; bits / 64],
            shift: 64 - bits.trailing_zeros(),
            entries: 0,
        }
    }

    #[inline(always)]
    fn bit(&self, key: u64) -> (usize, u64) {
        let b = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        (b >> 6, 1u64 << (b & 63))
    }

    /// Records a key; returns true when the filter is full enough to be rebuilt larger.
    #[inline]
    pub(crate) fn insert(&mut self, key: u64) -> bool {
        if self.words.is_empty() {
            return true;
        }
        let (w, m) = self.bit(key);
        self.words[w] |= m;
        self.entries += 1;
        self.entries * BITS_PER_ENTRY > self.words.len() * 64
    }

    /// False when no position with this key was recorded.
    #[inline(always)]
    pub(crate) fn may_contain(&self, key: u64) -> bool {
        if self.words.is_empty() {
            return false;
        }
        let (w, m) = self.bit(key);
        self.words[w] & m != 0
    }
}
