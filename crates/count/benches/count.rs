//! Counting benchmarks: brute force on 4x4, the border DP on 7x7 and 9x9.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use tengen_count::{count, CountOptions, Method};

fn run(w: usize, h: usize, method: Method) -> String {
    let options = CountOptions {
        method,
        ..CountOptions::default()
    };
    count(w, h, options).unwrap().count.to_string()
}

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("count");
    g.sample_size(10).warm_up_time(Duration::from_millis(500));
    g.bench_function("brute 4x4", |b| b.iter(|| run(4, 4, Method::Brute)));
    g.bench_function("dp 7x7", |b| b.iter(|| run(7, 7, Method::Dp)));
    g.measurement_time(Duration::from_secs(20));
    g.bench_function("dp 9x9", |b| b.iter(|| run(9, 9, Method::Dp)));
    g.finish();
}

criterion_group!(count_benches, benches);
criterion_main!(count_benches);
