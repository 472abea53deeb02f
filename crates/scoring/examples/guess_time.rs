//! Times the dead-stone guess on every 19x19 position of the development files of the cleanup
//! corpus (tests/data/cleanup; no held-out file is opened): one `Guess::new` per position at the
//! default effort, seed 1, the player to move from the game, wall-clock milliseconds, each
//! position's best of `RUNS` runs (default 2). Prints the mean, median, 90th percentile, the
//! slowest and the count over 50 ms, then a fingerprint of every verdict and ownership value
//! (equal fingerprints: equal guesses), so that two builds can be compared in one sitting.
//!
//! ```sh
//! cargo run --release -p tengen-scoring --example guess_time [-- RUNS]
//! ```
//!
//! `TENGEN_GUESS_THREADS=1` draws the further batches of playouts one at a time (docs/BENCHMARKS.md).

use std::hash::{Hash, Hasher};
use std::time::Instant;
use tengen_core::Rules;
use tengen_scoring::{Guess, GuessOptions};

mod corpus;

/// The development files (the held-out sets are left alone).
const FILES: &[&str] = &[
    "positions.jsonl",
    "heldout2.jsonl",
    "japanese.jsonl",
    "japanese-dev2.jsonl",
    "japanese-dev3.jsonl",
    "japanese-dev4.jsonl",
    "japanese-dev5.jsonl",
    "japanese-dev6.jsonl",
    "japanese-dev7.jsonl",
    "japanese-dev8.jsonl",
    "japanese-dev9.jsonl",
    "japanese-dev10.jsonl",
    "japanese-dev11.jsonl",
    "japanese-dev12.jsonl",
    "japanese-dev13.jsonl",
    "japanese-dev14.jsonl",
    "japanese-dev15.jsonl",
    "japanese-dev16.jsonl",
    "japanese-dev17.jsonl",
    "japanese-dev18.jsonl",
    "japanese-dev19.jsonl",
    "japanese-heldout2.jsonl",
    "japanese-heldout11.jsonl",
    "japanese-heldout13.jsonl",
];

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .map_or(2, |s| s.parse().expect("a number of runs"));
    let mut times = Vec::new();
    let mut print = std::collections::hash_map::DefaultHasher::new();
    let mut slow = Vec::new();
    for file in FILES {
        for p in corpus::load(file) {
            if p.size != 19 {
                continue;
            }
            let game = p.replay();
            let mut o = GuessOptions::with_effort(Default::default(), 19, 19);
            o.to_move = Some(game.to_move());
            let mut best = f64::MAX;
            let mut guess = None;
            for _ in 0..runs.max(1) {
                let start = Instant::now();
                let g = Guess::new(game.board(), &Rules::CHINESE, o);
                best = best.min(start.elapsed().as_secs_f64() * 1000.0);
                guess = Some(g);
            }
            let g = guess.expect("one run");
            g.dead_groups.hash(&mut print);
            for v in &g.ownership {
                v.to_bits().hash(&mut print);
            }
            if best > 50.0 {
                slow.push(format!("{file} {} {best:.1}", p.id));
            }
            times.push(best);
        }
    }
    times.sort_by(f64::total_cmp);
    let n = times.len();
    let mean = times.iter().sum::<f64>() / n as f64;
    println!(
        "{n} positions, ms: mean {mean:.1}, median {:.1}, 90th percentile {:.1}, slowest {:.1}, over 50 ms {}",
        times[n / 2],
        times[n * 9 / 10],
        times[n - 1],
        slow.len()
    );
    println!("fingerprint {:016x}", print.finish());
    for s in slow {
        println!("  {s}");
    }
}
