//! `tengen serve`: the game server and web board (the `tengen-server` crate).

use std::process::ExitCode;

/// Arguments of `tengen serve`.
pub type Args = tengen_server::cli::ServeArgs;

/// Runs `tengen serve` until SIGTERM or ctrl-c.
pub fn run(args: Args) -> ExitCode {
    tengen_server::cli::run(args)
}
