//! `tengen enumerate`: lists every legal position of a small board (not written yet).

use crate::common::{not_yet_implemented, parse_dims};
use std::process::ExitCode;

/// Arguments of `tengen enumerate`.
#[derive(Debug, clap::Args)]
#[command(
    long_about = "Lists every legal position of a small board: one serial per line in increasing \
order, in decimal. serial = sum of state(p) * 3^i over the points p in row-major order from the \
top-left (i = 0 is the top-left point; state 0 empty, 1 black, 2 white)."
)]
pub struct Args {
    /// Board size, `WxH` (`3x3`, `4x2`).
    #[arg(value_parser = parse_dims)]
    pub size: (usize, usize),
}

/// Runs `tengen enumerate`.
pub fn run(_args: Args) -> ExitCode {
    not_yet_implemented("enumerate")
}
