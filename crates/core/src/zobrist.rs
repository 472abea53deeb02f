//! Zobrist keys: one random 64-bit number per (point, color), fixed at compile time so that hashes
//! are the same in every run and every process.

/// The largest padded board index (52x52 board with a one-point wall) plus one.
pub(crate) const MAX_INDEX: usize = 54 * 53 + 1;

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_table() -> [u64; MAX_INDEX * 2] {
    let mut table = [0u64; MAX_INDEX * 2];
    let mut state = 0x7465_6e67_656e_2121; // "tengen!!"
    let mut i = 0;
    while i < MAX_INDEX * 2 {
        let (s, z) = splitmix64(state);
        state = s;
        table[i] = z;
        i += 1;
    }
    table
}

static TABLE: [u64; MAX_INDEX * 2] = make_table();

/// The key of a stone of color `color` (1 black, 2 white) at padded index `index`.
#[inline(always)]
pub(crate) fn stone(index: usize, color: u8) -> u64 {
    TABLE[index * 2 + (color as usize - 1)]
}

/// The key XORed in when white is to move (situational superko compares positions and player).
pub(crate) const WHITE_TO_MOVE: u64 = 0x5be0_cd19_137e_2179;
