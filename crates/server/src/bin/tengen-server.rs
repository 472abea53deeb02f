//! The server binary: the same as `tengen serve`.
#![forbid(unsafe_code)]

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    tengen_server::cli::run(tengen_server::cli::ServeArgs::parse())
}
