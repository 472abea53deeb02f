//! `tengen count`: counts the legal positions of a board.

use crate::common::{default_max_memory, human_bytes, parse_bytes, parse_dims};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::process::ExitCode;
use tengen_count::{count, CountOptions, Progress};

/// The counting method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// Tromp's dynamic program over the board's border, one point at a time (exact, fast).
    Dp,
    /// Enumerate every coloring and check each (boards of up to 20 points).
    Brute,
}

/// Arguments of `tengen count`.
#[derive(Debug, clap::Args)]
#[command(
    long_about = "Counts the legal positions of a W by H board (every group has a liberty). The last \
line is the exact count in decimal. A progress bar with the time left shows on a terminal.\n\n\
Published values (OEIS A094777): 3x3 12675, 9x9 103919148791293834318983090438798793469."
)]
pub struct Args {
    /// Board size, `WxH` (`5x5`, `4x3`).
    #[arg(value_parser = parse_dims)]
    pub size: (usize, usize),
    /// Counting method.
    #[arg(long, value_enum, default_value = "dp")]
    pub method: Method,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print one JSON object: count, method, seconds, peak border states.
    #[arg(long)]
    pub json: bool,
    /// Refuse a count whose estimated peak memory is larger (`512M`, `8G`; default: half of this
    /// machine's memory).
    #[arg(long, value_parser = parse_bytes)]
    pub max_memory: Option<u64>,
    /// Count even when the estimate is over `--max-memory`.
    #[arg(long)]
    pub yes: bool,
}

/// Estimates above this are shown before the count starts.
const SHOW_ESTIMATE_ABOVE: f64 = 256e6;

/// Runs `tengen count`: exit 0 with the count, 2 for a board it cannot count.
pub fn run(args: Args) -> ExitCode {
    let (w, h) = args.size;
    let method = match args.method {
        Method::Dp => tengen_count::Method::Dp,
        Method::Brute => tengen_count::Method::Brute,
    };
    if method == tengen_count::Method::Dp && w > 0 && h > 0 {
        let estimate = tengen_count::estimate(w, h);
        let limit = args.max_memory.unwrap_or_else(default_max_memory);
        if estimate.bytes > limit as f64 && !args.yes {
            eprintln!(
                "tengen count: {w}x{h} needs about {} of memory (estimated from {:.1e} border \
                 states), more than the limit of {}; raise --max-memory or pass --yes to count anyway",
                human_bytes(estimate.bytes),
                estimate.states,
                human_bytes(limit as f64)
            );
            return ExitCode::from(2);
        }
        if estimate.bytes > SHOW_ESTIMATE_ABOVE {
            eprintln!(
                "tengen count: {w}x{h} will use about {} of memory at its peak (estimate)",
                human_bytes(estimate.bytes)
            );
        }
    }
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::with_draw_target(Some(1), ProgressDrawTarget::stderr());
        b.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} {msg} [{elapsed_precise}, {eta} left]",
            )
            .expect("a valid template"),
        );
        Some(b)
    } else {
        None
    };
    let progress = bar.clone().map(|b| {
        Box::new(move |p: Progress| {
            b.set_length(p.total);
            b.set_position(p.done);
            b.set_message(format!("{} states", p.states));
        }) as Box<dyn FnMut(Progress)>
    });
    let options = CountOptions {
        method,
        threads: args.threads.unwrap_or(0),
        progress,
    };
    let result = count(w, h, options);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    match result {
        Ok(report) => {
            if args.json {
                let v = serde_json::json!({
                    "width": w,
                    "height": h,
                    "count": report.count.to_string(),
                    "method": report.method.to_string(),
                    "seconds": report.seconds,
                    "peak_states": report.peak_states,
                    "peak_memory_bytes": peak_memory_bytes(),
                });
                println!("{v}");
            } else {
                let memory = peak_memory_bytes()
                    .map(|b| format!(", peak memory {:.1} MB", b as f64 / 1e6))
                    .unwrap_or_default();
                eprintln!(
                    "{w}x{h} by {}: {:.3} s, peak {} border states{memory}",
                    report.method, report.seconds, report.peak_states
                );
                println!("{}", report.count);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tengen count: {e}");
            ExitCode::from(2)
        }
    }
}

/// The process's peak resident memory (Linux `VmHWM`), when the system tells it.
fn peak_memory_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}
