//! `tengen count`: counts the legal positions of a board (not written yet).

use crate::common::{not_yet_implemented, parse_dims};
use std::process::ExitCode;

/// The counting method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// Dynamic programming over the board's columns.
    Dp,
    /// Enumerate every coloring (tiny boards only).
    Brute,
}

/// Arguments of `tengen count`.
#[derive(Debug, clap::Args)]
#[command(
    long_about = "Counts the legal positions of a W by H board. The last line is the exact count \
in decimal."
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
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tengen count`.
pub fn run(_args: Args) -> ExitCode {
    not_yet_implemented("count")
}
