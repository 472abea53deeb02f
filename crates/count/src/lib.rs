//! Legal positions of small Go boards: serial numbers, enumeration and exact counting.
//!
//! A position gives every point of a `width` x `height` board a state, empty, black or white;
//! it is **legal** when every chain (a maximal orthogonally connected set of stones of one
//! color) has a liberty (an adjacent empty point). `L(w, h)` is the number of legal positions
//! (OEIS A094777; Tromp and Farnebäck, "Combinatorics of Go").
//!
//! * [`enumerate()`] streams the legal positions of a small board as **serials** in increasing
//!   order: serial = Σ state(p)·3^i over the points in row-major order from the top-left
//!   (`i = 0` is the top-left point; state 0 empty, 1 black, 2 white).
//! * [`check_serial`] says why a serial is not legal, the way a reference small-board counter
//!   (`GoBoard(serial)`) builds a board from a serial (error -2: a stone captures; error -1: a stone's own chain has no liberty), and
//!   [`Position::chain_without_liberty`] names a dead chain of the final position.
//! * [`count`] counts exactly, by [`Method::Dp`] (Tromp's border dynamic program, the default)
//!   or by [`Method::Brute`] (enumeration, boards of at most [`MAX_BRUTE_POINTS`] points).
//!
//! ```
//! use tengen_count::{count, CountOptions, Method};
//!
//! let report = count(3, 3, CountOptions::default()).unwrap();
//! assert_eq!(report.count.to_string(), "12675");
//!
//! let brute = count(3, 3, CountOptions { method: Method::Brute, ..CountOptions::default() }).unwrap();
//! assert_eq!(brute.count, report.count);
//!
//! let mut first = Vec::new();
//! tengen_count::enumerate(3, 3, 1, |serial| if first.len() < 3 { first.push(serial) }).unwrap();
//! assert_eq!(first, [0, 1, 2]);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bits;
mod brute;
mod dp;
mod enumerate;
mod serial;

pub use brute::MAX_BRUTE_POINTS;
pub use dp::MAX_DP_WIDTH;
pub use enumerate::{enumerate, MAX_ENUMERATE_POINTS};
pub use num_bigint::BigUint;
pub use serial::{check_serial, Color, Point, Position, SerialError, MAX_SERIAL_POINTS};

use std::fmt;
use std::time::Instant;

/// Why a count or an enumeration could not be run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CountError {
    /// A board side is zero (or the number of points overflows).
    BadSize {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// The board has more points than the method handles.
    TooLarge {
        /// Points of the board.
        points: usize,
        /// The most the method accepts.
        max: usize,
    },
    /// The shorter side of the board is wider than the DP's border ([`MAX_DP_WIDTH`]).
    TooWide {
        /// The shorter side.
        side: usize,
        /// The widest accepted.
        max: usize,
    },
    /// The thread pool could not be built.
    Threads(String),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::BadSize { width, height } => write!(f, "bad board size {width}x{height}"),
            CountError::TooLarge { points, max } => {
                write!(
                    f,
                    "board too large: {points} points, at most {max} for this method"
                )
            }
            CountError::TooWide { side, max } => {
                write!(f, "board too large: shorter side {side}, at most {max}")
            }
            CountError::Threads(e) => write!(f, "cannot start threads: {e}"),
        }
    }
}

impl std::error::Error for CountError {}

/// How [`count`] counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// Tromp's transfer-matrix dynamic program over the border (any length, shorter side at
    /// most [`MAX_DP_WIDTH`]).
    #[default]
    Dp,
    /// Enumeration, judging every position with one legality check (at most
    /// [`MAX_BRUTE_POINTS`] points).
    Brute,
}

impl Method {
    /// `dp` or `brute`, as the command line spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Method::Dp => "dp",
            Method::Brute => "brute",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Method {
    type Err = String;
    fn from_str(s: &str) -> Result<Method, String> {
        match s.to_ascii_lowercase().as_str() {
            "dp" => Ok(Method::Dp),
            "brute" => Ok(Method::Brute),
            _ => Err(format!("unknown method {s:?} (dp, brute)")),
        }
    }
}

/// How far a count has got, reported after every unit of work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Units done: points of the board for [`Method::Dp`], tasks (sets of first rows) for
    /// [`Method::Brute`].
    pub done: u64,
    /// Units in all.
    pub total: u64,
    /// [`Method::Dp`]: border states now held; [`Method::Brute`]: legal positions found so far.
    pub states: u64,
}

/// Settings of [`count`].
pub struct CountOptions<'a> {
    /// The counting method.
    pub method: Method,
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// Called on the calling thread after every unit of work (for a progress bar with ETA).
    pub progress: Option<Box<dyn FnMut(Progress) + 'a>>,
}

impl Default for CountOptions<'_> {
    fn default() -> Self {
        CountOptions {
            method: Method::Dp,
            threads: 0,
            progress: None,
        }
    }
}

impl fmt::Debug for CountOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CountOptions")
            .field("method", &self.method)
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// The result of [`count`].
#[derive(Debug, Clone, PartialEq)]
pub struct CountReport {
    /// The exact number of legal positions (`to_string()` gives the decimal form).
    pub count: BigUint,
    /// Wall-clock seconds spent.
    pub seconds: f64,
    /// [`Method::Dp`]: the largest number of border states held after a step (memory is about
    /// this times the key and count size, twice over during a step); [`Method::Brute`]: 0.
    pub peak_states: u64,
    /// The method used.
    pub method: Method,
}

/// Counts the legal positions of a `width` x `height` board exactly.
///
/// ```
/// use tengen_count::{count, CountOptions};
/// let r = count(5, 5, CountOptions { threads: 1, ..Default::default() }).unwrap();
/// assert_eq!(r.count.to_string(), "414295148741");
/// ```
///
/// # Errors
/// [`CountError`] when the board is empty or too large for the method.
pub fn count(
    width: usize,
    height: usize,
    options: CountOptions<'_>,
) -> Result<CountReport, CountError> {
    let start = Instant::now();
    let n = points(width, height)?;
    let mut progress = options.progress;
    let mut report = |p: Progress| {
        if let Some(f) = progress.as_mut() {
            f(p)
        }
    };
    let (count, peak_states) = match options.method {
        Method::Dp => {
            let pool = pool(options.threads)?;
            let r = dp::dp_count(width, height, &pool, &mut report)?;
            (r.count, r.peak_states)
        }
        Method::Brute => {
            if n > MAX_BRUTE_POINTS {
                return Err(CountError::TooLarge {
                    points: n,
                    max: MAX_BRUTE_POINTS,
                });
            }
            let (w, h) = (width.min(height), width.max(height));
            let geom = bits::Geom::new(w, h);
            let c = brute::brute_count(w, h, options.threads, &geom, &mut report)?;
            (BigUint::from(c), 0)
        }
    };
    Ok(CountReport {
        count,
        seconds: start.elapsed().as_secs_f64(),
        peak_states,
        method: options.method,
    })
}

/// Counts like [`Method::Brute`], but judges every position (and every partial position, for
/// pruning) with the rules engine's own group code: `tengen_core::Board::from_cells` and
/// `Board::group_without_liberty`. Much slower than [`count`]; a cross-check for small boards.
///
/// ```
/// let r = tengen_count::count_brute_with_engine(3, 3, 0).unwrap();
/// assert_eq!(r.count.to_string(), "12675");
/// ```
///
/// # Errors
/// As [`count`] with [`Method::Brute`].
#[cfg(feature = "engine")]
pub fn count_brute_with_engine(
    width: usize,
    height: usize,
    threads: usize,
) -> Result<CountReport, CountError> {
    let start = Instant::now();
    let n = points(width, height)?;
    if n > MAX_BRUTE_POINTS {
        return Err(CountError::TooLarge {
            points: n,
            max: MAX_BRUTE_POINTS,
        });
    }
    let (w, h) = (width.min(height), width.max(height));
    let judge = brute::EngineJudge {
        width: w,
        height: h,
    };
    let c = brute::brute_count(w, h, threads, &judge, &mut |_| {})?;
    Ok(CountReport {
        count: BigUint::from(c),
        seconds: start.elapsed().as_secs_f64(),
        peak_states: 0,
        method: Method::Brute,
    })
}

fn points(width: usize, height: usize) -> Result<usize, CountError> {
    match width.checked_mul(height) {
        Some(n) if n > 0 => Ok(n),
        _ => Err(CountError::BadSize { width, height }),
    }
}

fn pool(threads: usize) -> Result<rayon::ThreadPool, CountError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CountError::Threads(e.to_string()))
}

/// An estimate of what a [`Method::Dp`] count of a board will take, to warn or refuse before
/// starting (`tengen count` compares it with `--max-memory`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// Border states the DP holds at its peak (the measured peaks, extrapolated).
    pub states: f64,
    /// Peak memory, in bytes.
    pub bytes: f64,
}

/// Estimates the DP's peak memory for a `width` x `height` board.
///
/// The DP's peak grows about 4.1 times per column of its shorter side; measured peaks (border
/// states, `tengen count WxW --json`): 3 wide 43, 5 wide 587, 6 wide 2,279, 7 wide 9,319,
/// 8 wide 38,151. Each state costs its key, its exact count (one 64-bit limb per 40 points)
/// and the hash map's share: about 16 + 8·limbs + 16 bytes, twice while a step builds the next
/// map beside the old one. The estimate errs high: 13x13 is estimated at about 6 GB and was
/// measured at 2.6 GB.
///
/// ```
/// assert!(tengen_count::estimate(9, 9).bytes < 1e8);
/// // 19x19: tens of terabytes, far beyond any machine (`tengen count 19x19` refuses).
/// assert!(tengen_count::estimate(19, 19).bytes > 1e13);
/// ```
pub fn estimate(width: usize, height: usize) -> Estimate {
    let side = width.min(height) as f64;
    let points = (width * height) as f64;
    let states = 38151.0 * 4.1f64.powf(side - 8.0);
    let limbs = (points * 3f64.log2() / 64.0).ceil().max(1.0);
    Estimate {
        states,
        bytes: states * (16.0 + 8.0 * limbs + 16.0) * 2.0,
    }
}
