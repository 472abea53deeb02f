//! Counting by enumeration: every position is judged by one legality check.

use crate::bits::Geom;
use crate::{pool, CountError, Progress};
use rayon::prelude::*;

/// The largest board the brute-force counter accepts, in points.
pub const MAX_BRUTE_POINTS: usize = 20;

/// A judge of whole positions: `black` and `white` are bitboards (bit `i` = the point with
/// row-major index `i`), every other point is empty.
pub(crate) trait Judge: Sync {
    /// Whether every chain has a liberty.
    fn legal(&self, black: u64, white: u64) -> bool;
}

impl Judge for Geom {
    #[inline]
    fn legal(&self, black: u64, white: u64) -> bool {
        Geom::legal(self, black, white)
    }
}

/// The engine's judge: builds a `tengen_core::Board` from the stones and asks it for a group
/// without a liberty.
#[cfg(feature = "engine")]
pub(crate) struct EngineJudge {
    pub width: usize,
    pub height: usize,
}

#[cfg(feature = "engine")]
impl Judge for EngineJudge {
    fn legal(&self, black: u64, white: u64) -> bool {
        use tengen_core::{Board, Color};
        let cells: Vec<Option<Color>> = (0..self.width * self.height)
            .map(|i| {
                if black >> i & 1 == 1 {
                    Some(Color::Black)
                } else if white >> i & 1 == 1 {
                    Some(Color::White)
                } else {
                    None
                }
            })
            .collect();
        Board::from_cells(self.width, self.height, &cells)
            .expect("a board size the engine accepts")
            .group_without_liberty()
            .is_none()
    }
}

/// Counts the legal positions of a `width` x `height` board (`width * height <=`
/// [`MAX_BRUTE_POINTS`]) by enumerating them row by row, asking `judge` about every row added.
///
/// A partial position (rows not yet chosen empty) that the judge rejects has no legal
/// completion (its dead chain is surrounded by stones already chosen), and one it accepts has at
/// least one (all empty), so pruning on it changes nothing but the time; the last row asks the
/// judge about each complete position. Parallel over the first rows.
pub(crate) fn brute_count<J: Judge>(
    width: usize,
    height: usize,
    threads: usize,
    judge: &J,
    progress: &mut dyn FnMut(Progress),
) -> Result<u64, CountError> {
    let pool = pool(threads)?;
    let rows: Vec<(u64, u64)> = (0..3u64.pow(width as u32))
        .map(|mut v| {
            let (mut b, mut w) = (0u64, 0u64);
            for x in 0..width {
                match v % 3 {
                    1 => b |= 1 << x,
                    2 => w |= 1 << x,
                    _ => {}
                }
                v /= 3;
            }
            (b, w)
        })
        .collect();
    let walker = Walker {
        width,
        height,
        rows: &rows,
        judge,
    };
    // Split off enough first rows to give every thread plenty of tasks.
    let mut tasks = vec![(0u64, 0u64)];
    let mut depth = 0;
    while depth + 1 < height && tasks.len() < 256 {
        let shift = depth * width;
        tasks = tasks
            .iter()
            .flat_map(|&(b, w)| {
                rows.iter()
                    .map(move |&(rb, rw)| (b | rb << shift, w | rw << shift))
            })
            .filter(|&(b, w)| judge.legal(b, w))
            .collect();
        depth += 1;
    }
    let total = tasks.len() as u64;
    let mut count = 0u64;
    let batch = (pool.current_num_threads() * 8).max(1);
    for (i, chunk) in tasks.chunks(batch).enumerate() {
        count += pool.install(|| {
            chunk
                .par_iter()
                .map(|&(b, w)| walker.count(depth, b, w))
                .sum::<u64>()
        });
        progress(Progress {
            done: ((i * batch + chunk.len()) as u64).min(total),
            total,
            states: count,
        });
    }
    Ok(count)
}

struct Walker<'a, J> {
    width: usize,
    height: usize,
    rows: &'a [(u64, u64)],
    judge: &'a J,
}

impl<J: Judge> Walker<'_, J> {
    /// Legal completions of rows `row..height` below the chosen ones.
    fn count(&self, row: usize, black: u64, white: u64) -> u64 {
        if row == self.height {
            return 1;
        }
        let shift = row * self.width;
        let last = row + 1 == self.height;
        let mut total = 0;
        for &(rb, rw) in self.rows {
            let (b, w) = (black | rb << shift, white | rw << shift);
            if self.judge.legal(b, w) {
                total += if last { 1 } else { self.count(row + 1, b, w) };
            }
        }
        total
    }
}
