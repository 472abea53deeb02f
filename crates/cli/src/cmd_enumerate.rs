//! `tengen enumerate`: lists every legal position of a small board.

use crate::common::parse_dims;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;

/// Arguments of `tengen enumerate`.
#[derive(Debug, clap::Args)]
#[command(
    long_about = "Lists every legal position of a small board: one serial per line in increasing \
order, in decimal. serial = sum of state(p) * 3^i over the points p in row-major order from the \
top-left (i = 0 is the top-left point; state 0 empty, 1 black, 2 white).\n\n\
With --check-serial N it says instead whether N is legal, and if not, why (seed 004's codes: -1 \
a stone whose own group has no liberty, -2 a stone that captures a neighbouring group when the \
stones are placed in serial order)."
)]
pub struct Args {
    /// Board size, `WxH` (`3x3`, `4x2`).
    #[arg(value_parser = parse_dims)]
    pub size: (usize, usize),
    /// Explain one serial instead of listing them all.
    #[arg(long)]
    pub check_serial: Option<u128>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Runs `tengen enumerate`: exit 0, or 1 when `--check-serial` finds the serial illegal, 2 for
/// a board too large to enumerate.
pub fn run(args: Args) -> ExitCode {
    let (w, h) = args.size;
    if let Some(serial) = args.check_serial {
        return match tengen_count::check_serial(w, h, serial) {
            Ok(()) => {
                println!("{serial}: legal");
                ExitCode::SUCCESS
            }
            Err(e) => {
                println!("{serial}: {e}");
                ExitCode::from(1)
            }
        };
    }
    // On a terminal, a bar against the total that the (fast) border DP predicts.
    let bar = std::io::stderr().is_terminal().then(|| {
        let total = tengen_count::count(w, h, tengen_count::CountOptions::default())
            .ok()
            .and_then(|r| u64::try_from(&r.count).ok())
            .unwrap_or(0);
        let b = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        b.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} positions [{elapsed_precise}, {eta} left]",
            )
            .expect("a valid template"),
        );
        b
    });
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut failed = None;
    let mut emitted = 0u64;
    let result = tengen_count::enumerate(w, h, args.threads.unwrap_or(0), |serial| {
        emitted += 1;
        if emitted.is_multiple_of(65536) {
            if let Some(b) = &bar {
                b.set_position(emitted);
            }
        }
        if failed.is_none() {
            if let Err(e) = writeln!(out, "{serial}") {
                failed = Some(e);
            }
        }
    });
    let flushed = out.flush();
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    match (result, failed.map_or(flushed, Err)) {
        (Err(e), _) => {
            eprintln!("tengen enumerate: {e}");
            ExitCode::from(2)
        }
        // A closed pipe (`| head`) is a normal end.
        (Ok(()), Err(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        (Ok(()), Err(e)) => {
            eprintln!("tengen enumerate: {e}");
            ExitCode::from(1)
        }
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
    }
}
