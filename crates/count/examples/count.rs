//! Prints the number of legal positions of a board, the time taken and the peak state count.
//!
//! `cargo run --release -p tengen-count --example count -- 9x9 [dp|brute|engine|enumerate] [threads]`

use tengen_count::{count, CountOptions, Method};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size = args.first().map(String::as_str).unwrap_or("9x9");
    let (w, h) = size
        .split_once('x')
        .map(|(a, b)| (a.parse().unwrap(), b.parse().unwrap()))
        .unwrap_or_else(|| {
            let n = size.parse().expect("size: N or WxH");
            (n, n)
        });
    let threads = args.get(2).map_or(0, |t| t.parse().unwrap());
    match args.get(1).map(String::as_str) {
        Some("enumerate") => {
            let t = std::time::Instant::now();
            let (mut n, mut last) = (0u64, 0u64);
            tengen_count::enumerate(w, h, threads, |s| {
                n += 1;
                last = s;
            })
            .unwrap();
            let secs = t.elapsed().as_secs_f64();
            println!("{w}x{h} enumerate: {n} serials (last {last}) in {secs:.3} s");
            return;
        }
        #[cfg(feature = "engine")]
        Some("engine") => {
            let r = tengen_count::count_brute_with_engine(w, h, threads).unwrap();
            println!("{w}x{h} brute (engine): {} in {:.3} s", r.count, r.seconds);
            return;
        }
        _ => {}
    }
    let method: Method = args.get(1).map_or(Method::Dp, |m| m.parse().unwrap());
    let verbose = std::env::var_os("COUNT_PROGRESS").is_some();
    let started = std::time::Instant::now();
    let options = CountOptions {
        method,
        threads,
        progress: Some(Box::new(move |p| {
            if verbose {
                eprintln!(
                    "{}/{} states {} at {:.1}s",
                    p.done,
                    p.total,
                    p.states,
                    started.elapsed().as_secs_f64()
                );
            }
        })),
    };
    let r = count(w, h, options).unwrap_or_else(|e| panic!("{e}"));
    println!(
        "{w}x{h} {}: {} in {:.3} s, peak states {}",
        r.method, r.count, r.seconds, r.peak_states
    );
}
