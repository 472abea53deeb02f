//! `tengen serve`: the game server and web board (not written yet).

use crate::common::not_yet_implemented;
use std::process::ExitCode;

/// Arguments of `tengen serve`.
#[derive(Debug, clap::Args)]
#[command(
    long_about = "Runs the game server and the web board. Prints `listening on http://ADDR` once it \
accepts connections (port 0 picks a free port and prints the real one)."
)]
pub struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Game store: `sqlite:PATH` or `redis://host:port/db` (default `sqlite:tengen.db`).
    #[arg(long)]
    pub store: Option<String>,
}

/// Runs `tengen serve`.
pub fn run(_args: Args) -> ExitCode {
    not_yet_implemented("serve")
}
