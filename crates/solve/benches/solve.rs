//! Solver benchmarks: whole solves of small boards with a 2^18-entry table (the node counts
//! are fixed, so time per solve is time per node; each bench prints its node count once).
//! `cargo bench -p tengen-solve`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use tengen_solve::{solve, SolveOptions};

fn run(w: usize, h: usize, rules: &str) -> u64 {
    let options = SolveOptions {
        table_bits: 18,
        ..SolveOptions::default()
    };
    solve(w, h, rules.parse().unwrap(), options).unwrap().nodes
}

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve");
    g.sample_size(10).warm_up_time(Duration::from_millis(500));
    for (w, h, rules) in [
        (3, 3, "chinese-ogs,komi=0"),
        (2, 5, "chinese-ogs,komi=0,ko=situational,suicide=allowed"),
        (3, 4, "chinese-ogs,komi=0"),
    ] {
        let name = format!("{w}x{h} {rules}");
        eprintln!("{name}: {} nodes a solve", run(w, h, rules));
        g.bench_function(name, |b| b.iter(|| run(w, h, rules)));
    }
    g.finish();
}

criterion_group!(solve_benches, benches);
criterion_main!(solve_benches);
