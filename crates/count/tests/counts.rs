//! Counting against the published table (OEIS A094777, Tromp & Farnebäck) and brute force
//! against the DP.

mod common;

use tengen_count::{count, CountOptions, Method, Progress};

fn run(w: usize, h: usize, method: Method) -> String {
    count(
        w,
        h,
        CountOptions {
            method,
            ..Default::default()
        },
    )
    .unwrap_or_else(|e| panic!("{w}x{h} {method}: {e}"))
    .count
    .to_string()
}

#[test]
fn table_is_complete() {
    let table = common::published();
    // squares 1..9, then 1xn, 2xn, 3xn for n <= 10 less the ones already counted
    assert_eq!(table.len(), 9 + 9 + 8 + 7);
}

#[test]
fn dp_matches_every_published_count() {
    for (w, h, expected) in common::published() {
        assert_eq!(run(w, h, Method::Dp), expected, "dp {w}x{h}");
        if w != h {
            assert_eq!(run(h, w, Method::Dp), expected, "dp {h}x{w}");
        }
    }
}

#[test]
fn brute_matches_published_counts_up_to_16_points() {
    let mut checked = 0;
    for (w, h, expected) in common::published() {
        if w * h <= 16 {
            assert_eq!(run(w, h, Method::Brute), expected, "brute {w}x{h}");
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} boards checked");
}

#[test]
fn brute_equals_dp_up_to_16_points() {
    for w in 1..=16 {
        for h in w..=16 / w {
            assert_eq!(run(w, h, Method::Brute), run(w, h, Method::Dp), "{w}x{h}");
        }
    }
}

#[test]
fn dp_is_symmetric_and_thread_count_independent() {
    for (w, h) in [(2, 11), (4, 7), (5, 6)] {
        let one = count(
            w,
            h,
            CountOptions {
                threads: 1,
                ..Default::default()
            },
        )
        .unwrap();
        let two = count(
            h,
            w,
            CountOptions {
                threads: 2,
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(one.count, two.count, "{w}x{h}");
        assert_eq!(one.peak_states, two.peak_states);
        assert!(one.peak_states > 0);
    }
}

#[test]
fn long_thin_boards_agree() {
    // beyond the published 1xn, 2xn table: brute force as the reference
    for n in 11..=15 {
        assert_eq!(run(1, n, Method::Dp), run(n, 1, Method::Brute), "1x{n}");
    }
    assert_eq!(run(2, 8, Method::Dp), run(8, 2, Method::Brute));
}

#[test]
fn progress_reports_every_point() {
    let mut seen: Vec<Progress> = Vec::new();
    let report = count(
        3,
        4,
        CountOptions {
            progress: Some(Box::new(|p| seen.push(p))),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(report.count.to_string(), "321689");
    assert_eq!(seen.len(), 12);
    assert!(seen
        .iter()
        .enumerate()
        .all(|(i, p)| p.done == i as u64 + 1 && p.total == 12));
    assert_eq!(
        seen.iter().map(|p| p.states).max(),
        Some(report.peak_states)
    );

    let mut last = None;
    count(
        4,
        4,
        CountOptions {
            method: Method::Brute,
            progress: Some(Box::new(|p| last = Some(p))),
            ..Default::default()
        },
    )
    .unwrap();
    let last = last.expect("brute reports progress");
    assert_eq!((last.done, last.states), (last.total, 24318165));
}

#[test]
fn refuses_what_it_cannot_do() {
    assert!(count(0, 3, CountOptions::default()).is_err());
    let brute = CountOptions {
        method: Method::Brute,
        ..Default::default()
    };
    assert!(count(5, 5, brute).is_err());
    assert!(count(22, 22, CountOptions::default()).is_err());
}

/// Bigger DP runs, for `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn dp_larger_boards_agree_with_brute_at_20_points() {
    for (w, h) in [(4, 5), (2, 10), (1, 20)] {
        assert_eq!(run(w, h, Method::Brute), run(w, h, Method::Dp), "{w}x{h}");
    }
}

#[cfg(feature = "engine")]
#[test]
fn brute_with_the_engines_group_code_matches_dp() {
    for (w, h) in [(1, 1), (1, 5), (2, 2), (2, 4), (3, 3), (3, 4), (2, 6)] {
        let engine = tengen_count::count_brute_with_engine(w, h, 0).unwrap();
        assert_eq!(engine.count.to_string(), run(w, h, Method::Dp), "{w}x{h}");
    }
}
