//! `tengen bench`: built-in benchmarks.

use crate::cmd_check::sgf_files;
use crate::common::parse_rules;
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tengen_core::playout::Rng;
use tengen_core::{Game, KoRule, PlayoutBoard, Rules};

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
    #[command(
        long_about = "Reads the SGF files under PATH (files or folders, recursively) into memory, \
then parses every record and replays its main line with full legality checking, over and over, \
first on one core and then on all cores (one rayon thread per core), for --seconds each. Prints \
records/s, moves/s and MB/s for both. Rules: --rules, default positional superko \
(`chinese,ko=positional`); the records' RU is ignored."
    )]
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
    /// Rules every record is checked under.
    #[arg(long, default_value = "chinese,ko=positional", value_parser = parse_rules)]
    pub rules: Rules,
    /// How long to run each of the two measures, in seconds.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
}

/// Runs `tengen bench`.
pub fn run(args: Args) -> ExitCode {
    match args.bench {
        Bench::Playouts(a) => playouts(&a),
        Bench::Replay(a) => replay(&a),
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
    // The dedicated playout board (same moves as the exact engine, tested in tengen-core).
    let mut board = PlayoutBoard::from_game(&fresh);
    let budget = Duration::from_secs_f64(args.seconds);
    println!(
        "light playouts on {n}x{n}, rules {rules}, {} s",
        args.seconds
    );
    let start = Instant::now();
    let (mut count, mut moves) = (0u64, 0u64);
    let elapsed = loop {
        moves += board.playout(&mut rng, max_plies) as u64;
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

/// What replaying a set of files counted.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    records: u64,
    moves: u64,
    bytes: u64,
    failed: u64,
}

impl std::ops::Add for Tally {
    type Output = Tally;
    fn add(self, o: Tally) -> Tally {
        Tally {
            records: self.records + o.records,
            moves: self.moves + o.moves,
            bytes: self.bytes + o.bytes,
            failed: self.failed + o.failed,
        }
    }
}

/// Parses one file and replays every record in it, checking every move.
fn replay_file(bytes: &[u8], rules: Rules) -> Tally {
    let mut t = Tally {
        bytes: bytes.len() as u64,
        ..Tally::default()
    };
    let Ok(parsed) = tengen_sgf::parse(bytes) else {
        t.failed += 1;
        return t;
    };
    for tree in &parsed.collection.games {
        t.records += 1;
        match tengen_sgf::GoGame::from_tree(tree) {
            Ok(g) => {
                t.moves += g.moves.len() as u64;
                if tengen_sgf::game::replay(&g, rules, None).is_err() {
                    t.failed += 1;
                }
            }
            Err(_) => t.failed += 1,
        }
    }
    t
}

fn report(label: &str, t: Tally, elapsed: f64) {
    println!(
        "{label}: {:.0} records/s, {:.0} moves/s, {:.1} MB/s ({} records in {elapsed:.2} s, \
{:.1} µs/record)",
        t.records as f64 / elapsed,
        t.moves as f64 / elapsed,
        t.bytes as f64 / elapsed / 1e6,
        t.records,
        elapsed * 1e6 / t.records.max(1) as f64,
    );
}

fn replay(args: &ReplayArgs) -> ExitCode {
    if !args.seconds.is_finite() || args.seconds <= 0.0 || args.seconds > 1e6 {
        eprintln!("tengen bench replay: --seconds must be a positive number");
        return ExitCode::from(2);
    }
    let mut corpus: Vec<Vec<u8>> = Vec::new();
    for f in sgf_files(&args.paths) {
        match std::fs::read(&f) {
            Ok(b) => corpus.push(b),
            Err(e) => {
                eprintln!("tengen bench replay: {}: {e}", f.display());
                return ExitCode::from(2);
            }
        }
    }
    if corpus.is_empty() {
        eprintln!("tengen bench replay: no SGF file found");
        return ExitCode::from(2);
    }
    let rules = args.rules;
    let pass = corpus
        .iter()
        .fold(Tally::default(), |t, b| t + replay_file(b, rules));
    println!(
        "corpus: {} files, {} records, {} moves, {:.1} KB; rules {rules}",
        corpus.len(),
        pass.records,
        pass.moves,
        pass.bytes as f64 / 1e3
    );
    if pass.failed > 0 {
        println!(
            "warning: {} records are unreadable or illegal (`tengen check` names them); \
they are still timed",
            pass.failed
        );
    }
    let budget = Duration::from_secs_f64(args.seconds);

    let start = Instant::now();
    let mut total = Tally::default();
    let elapsed = loop {
        for b in &corpus {
            total = total + replay_file(b, rules);
        }
        let e = start.elapsed();
        if e >= budget {
            break e.as_secs_f64();
        }
    };
    report("one core", total, elapsed);

    let threads = rayon::current_num_threads();
    let start = Instant::now();
    let mut total = Tally::default();
    let elapsed = loop {
        total = total
            + corpus
                .par_iter()
                .with_min_len(1)
                .map(|b| replay_file(b, rules))
                .reduce(Tally::default, |a, b| a + b);
        let e = start.elapsed();
        if e >= budget {
            break e.as_secs_f64();
        }
    };
    report(&format!("all cores ({threads} threads)"), total, elapsed);
    ExitCode::SUCCESS
}
