//! `tengen`: the command line of the tengen Go engine.
//!
//! Each subcommand lives in its own module, `cmd_<name>.rs`, with its arguments and its `run`.
#![forbid(unsafe_code)]

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cmd_bench;
mod cmd_bot;
mod cmd_check;
mod cmd_count;
mod cmd_enumerate;
mod cmd_gtp;
mod cmd_play;
mod cmd_score;
mod cmd_serve;
mod cmd_solve;
mod common;

/// tengen: a Go (baduk) rules engine and server.
#[derive(Debug, Parser)]
#[command(name = "tengen", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the game server and web board.
    Serve(cmd_serve::Args),
    /// Speak GTP v2 on stdin/stdout (for GoGui, Sabaki, gogui-twogtp, ...).
    Gtp(cmd_gtp::Args),
    /// Replay SGF records and check every move of their main line.
    Check(cmd_check::Args),
    /// Score the final position of an SGF record.
    Score(cmd_score::Args),
    /// Count the legal positions of a W by H board.
    Count(cmd_count::Args),
    /// List every legal position of a small board.
    Enumerate(cmd_enumerate::Args),
    /// Built-in benchmarks.
    Bench(cmd_bench::Args),
    /// Play a game in the terminal, against the engine or another human.
    Play(cmd_play::Args),
    /// Connect a GTP engine to a tengen server: take open seats and play them.
    Bot(cmd_bot::Args),
    /// Prove the result of an empty small board with perfect play.
    Solve(cmd_solve::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(args) => cmd_serve::run(args),
        Command::Gtp(args) => cmd_gtp::run(args),
        Command::Check(args) => cmd_check::run(args),
        Command::Score(args) => cmd_score::run(args),
        Command::Count(args) => cmd_count::run(args),
        Command::Enumerate(args) => cmd_enumerate::run(args),
        Command::Bench(args) => cmd_bench::run(args),
        Command::Play(args) => cmd_play::run(args),
        Command::Bot(args) => cmd_bot::run(args),
        Command::Solve(args) => cmd_solve::run(args),
    }
}
