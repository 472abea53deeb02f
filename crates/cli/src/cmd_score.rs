//! `tengen score`: scores the final position of a record (not written yet).

use crate::common::{not_yet_implemented, parse_rules};
use std::path::PathBuf;
use std::process::ExitCode;
use tengen_core::Rules;

/// How dead stones are found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Dead {
    /// The automatic guess.
    Auto,
    /// Every stone on the board is alive.
    None,
}

/// Arguments of `tengen score`.
#[derive(Debug, clap::Args)]
#[command(
    long_about = "Scores the final position of an SGF record. The last line is the result in SGF \
form (`B+3.5`, `W+0.5`, `0` for a draw); `--json` prints one object instead."
)]
pub struct Args {
    /// The SGF record.
    pub file: PathBuf,
    /// Rules to score under (default: the record's RU, else chinese).
    #[arg(long, value_parser = parse_rules)]
    pub rules: Option<Rules>,
    /// How dead stones are found.
    #[arg(long, value_enum, default_value = "auto")]
    pub dead: Dead,
    /// Mark exactly the groups holding these points dead (replaces the guess): `D4,Q16,...`.
    #[arg(long, value_delimiter = ',')]
    pub dead_stones: Vec<String>,
    /// Seed of the random playouts the automatic guess uses.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tengen score`.
pub fn run(_args: Args) -> ExitCode {
    not_yet_implemented("score")
}
