//! `tengen enumerate`: lists every legal position of a small board.

use crate::common::{human_bytes, parse_bytes, parse_dims};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;

/// Arguments of `tengen enumerate`.
#[derive(Debug, clap::Args)]
#[command(
    long_about = "Lists every legal position of a small board: one serial per line in increasing \
order, in decimal. serial = sum of state(p) * 3^i over the points p in row-major order from the \
top-left (i = 0 is the top-left point; state 0 empty, 1 black, 2 white).\n\n\
With --check-serial N it says instead whether N is legal, and if not, why (-1: a stone whose own \
group has no liberty; -2: a stone that captures a neighbouring group when the stones are placed in \
serial order), then draws the position (X black, O white, top row first).\n\n\
The number of positions grows fast (5x5 has 414,295,148,741): a listing larger than --max-output \
(1G by default) is refused unless --yes is given."
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
    /// Refuse a listing larger than this (`100M`, `20G`).
    #[arg(long, value_parser = parse_bytes, default_value = "1G")]
    pub max_output: u64,
    /// List even when the listing is larger than `--max-output`.
    #[arg(long)]
    pub yes: bool,
}

/// The position of `serial` drawn as rows, top first: `X` black, `O` white, `.` empty.
fn drawing(w: usize, h: usize, serial: u128) -> Option<String> {
    let position = tengen_count::Position::from_serial(w, h, serial).ok()?;
    let rows: Vec<String> = position
        .cells()
        .chunks(w)
        .map(|row| {
            row.iter()
                .map(|c| match c {
                    Some(tengen_count::Color::Black) => "X",
                    Some(tengen_count::Color::White) => "O",
                    None => ".",
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Some(rows.join("\n"))
}

/// Runs `tengen enumerate`: exit 0, or 1 when `--check-serial` finds the serial illegal, 2 for
/// a board too large to enumerate.
pub fn run(args: Args) -> ExitCode {
    let (w, h) = args.size;
    if let Some(serial) = args.check_serial {
        let verdict = tengen_count::check_serial(w, h, serial);
        match &verdict {
            Ok(()) => println!("{serial}: legal"),
            Err(e) => println!("{serial}: {e}"),
        }
        if let Some(board) = drawing(w, h, serial) {
            println!("{board}");
        }
        return if verdict.is_ok() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        };
    }
    // The exact number of lines, from the (fast) border DP, for the guard and the bar. A board
    // the DP refuses is refused by `enumerate` below with the same error.
    let total = tengen_count::count(w, h, tengen_count::CountOptions::default())
        .ok()
        .and_then(|r| u64::try_from(&r.count).ok());
    if let Some(total) = total {
        // Each line: a serial below 3^points (at most that many digits) and a newline.
        let digits = ((w * h) as f64 * 3f64.log10()).floor() + 1.0;
        let bytes = total as f64 * (digits + 1.0);
        if bytes > args.max_output as f64 && !args.yes {
            eprintln!(
                "tengen enumerate: {w}x{h} has {total} legal positions, a listing of about {}, \
                 more than --max-output {}; raise --max-output or pass --yes to list them anyway",
                human_bytes(bytes),
                human_bytes(args.max_output as f64)
            );
            return ExitCode::from(2);
        }
    }
    // On a terminal, a bar against that total.
    let bar = std::io::stderr().is_terminal().then(|| {
        let total = total.unwrap_or(0);
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
    let mut emitted = 0u64;
    let result = tengen_count::enumerate(w, h, args.threads.unwrap_or(0), |serial| {
        emitted += 1;
        if emitted.is_multiple_of(65536) {
            if let Some(b) = &bar {
                b.set_position(emitted);
            }
        }
        if let Err(e) = writeln!(out, "{serial}") {
            // Nobody reads the rest: stop now. A closed pipe (`| head`) is a normal end.
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
            eprintln!("tengen enumerate: {e}");
            std::process::exit(1);
        }
    });
    let flushed = out.flush();
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    match (result, flushed) {
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
