//! `tengen bench`: built-in benchmarks.

use crate::common::not_yet_implemented;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tengen_core::playout::{self, Rng};
use tengen_core::{Game, KoRule, Rules};

/// Arguments of `tengen bench`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub bench: Bench,
}

/// The benchmarks.
#[derive(Debug, clap::Subcommand)]
pub enum Bench {
    /// Light playouts from the empty board, as many as fit in the time.
    #[command(
        long_about = "Plays light playouts (random legal moves that fill no own eye, up to \
3*N*N moves or two passes) from the empty N x N board until the time is up. Prints the playout \
count, moves/s and the average length; the last line is `N playouts/s`."
    )]
    Playouts(PlayoutsArgs),
    /// Replays SGF records move by move and reports the speed.
    Replay(ReplayArgs),
}

/// Arguments of `tengen bench playouts`.
#[derive(Debug, clap::Args)]
pub struct PlayoutsArgs {
    /// Board side.
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u8).range(1..=52))]
    pub size: u8,
    /// How long to run, in seconds.
    #[arg(long, default_value_t = 5.0)]
    pub seconds: f64,
    /// Play under positional superko (`ko=positional`) instead of simple ko.
    #[arg(long)]
    pub superko: bool,
    /// Seed of the random generator.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Arguments of `tengen bench replay`.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// SGF files or folders.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

/// Runs `tengen bench`.
pub fn run(args: Args) -> ExitCode {
    match args.bench {
        Bench::Playouts(a) => playouts(&a),
        Bench::Replay(_) => not_yet_implemented("bench replay"),
    }
}

fn playouts(args: &PlayoutsArgs) -> ExitCode {
    if !args.seconds.is_finite() || args.seconds <= 0.0 || args.seconds > 1e6 {
        eprintln!("tengen bench playouts: --seconds must be a positive number");
        return ExitCode::from(2);
    }
    let mut rules = Rules::default();
    if args.superko {
        rules.ko = KoRule::Positional;
    }
    let n = usize::from(args.size);
    let fresh = match Game::new(n, n, rules) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("tengen bench playouts: {e:?}");
            return ExitCode::from(2);
        }
    };
    let max_plies = 3 * n * n;
    let mut rng = Rng::new(args.seed);
    let mut game = fresh.clone();
    let budget = Duration::from_secs_f64(args.seconds);
    println!(
        "light playouts on {n}x{n}, rules {rules}, {} s",
        args.seconds
    );
    let start = Instant::now();
    let (mut count, mut moves) = (0u64, 0u64);
    let elapsed = loop {
        game.clone_from(&fresh);
        moves += playout::playout(&mut game, &mut rng, max_plies) as u64;
        count += 1;
        let elapsed = start.elapsed();
        if elapsed >= budget {
            break elapsed.as_secs_f64();
        }
    };
    println!("{count} playouts in {elapsed:.3} s");
    println!("{:.0} moves/s", moves as f64 / elapsed);
    println!("average length {:.1} moves", moves as f64 / count as f64);
    println!("{:.0} playouts/s", count as f64 / elapsed);
    ExitCode::SUCCESS
}
