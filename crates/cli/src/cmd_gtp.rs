//! `tengen gtp`: the GTP v2 engine on stdin and stdout.

use crate::common::parse_rules;
use std::io::{self, BufReader, BufWriter};
use std::process::ExitCode;
use tengen_core::Rules;
use tengen_gtp::Engine;

/// Arguments of `tengen gtp`.
#[derive(Debug, clap::Args)]
#[command(
    long_about = "Speaks GTP v2 on stdin and stdout, one answer per command, flushed at once. \
Every command of the GTP section of docs/INTERFACES.md; `list_commands` prints them. `genmove` plays \
the light-playout policy (a random legal move that fills no own eye), never resigns, and is \
reproducible with --seed."
)]
pub struct Args {
    /// Rules: a preset (chinese, japanese, tromp-taylor, ...) and/or key=value pairs.
    #[arg(long, value_parser = parse_rules, default_value = "chinese")]
    pub rules: Rules,
    /// Seed of genmove's random generator.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// Runs `tengen gtp` until `quit` or the end of stdin.
pub fn run(args: Args) -> ExitCode {
    let mut engine = Engine::new(args.rules, args.seed);
    let stdin = io::stdin();
    let stdout = io::stdout();
    // The engine flushes after every answer.
    let result = engine.run(BufReader::new(stdin.lock()), BufWriter::new(stdout.lock()));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen gtp: {e}");
            ExitCode::FAILURE
        }
    }
}
