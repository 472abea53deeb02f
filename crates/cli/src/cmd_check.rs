//! `tengen check`: replays SGF records and checks every move (not written yet).

use crate::common::{not_yet_implemented, parse_rules};
use std::path::PathBuf;
use std::process::ExitCode;
use tengen_core::Rules;

/// Arguments of `tengen check`.
#[derive(Debug, clap::Args)]
#[command(
    long_about = "Replays SGF records (files or folders, recursively, in sorted path order; every \
game of a collection) and checks every move of the main line. Prints one line per game, \
`PATH: ok (N moves)` or `PATH: move N VERTEX: REASON`, then a summary; exits 1 if any game is \
illegal or unreadable."
)]
pub struct Args {
    /// SGF files or folders.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Rules to check under (default: the record's RU, else chinese).
    #[arg(long, value_parser = parse_rules)]
    pub rules: Option<Rules>,
    /// Print one JSON object per game instead, and no summary.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tengen check`.
pub fn run(_args: Args) -> ExitCode {
    not_yet_implemented("check")
}
