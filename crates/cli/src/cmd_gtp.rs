//! `tengen gtp`: the GTP v2 engine on stdin and stdout.

use crate::common::parse_rules;
use std::io::{self, BufReader, BufWriter};
use std::process::ExitCode;
use tengen_core::Rules;
use tengen_gtp::Engine;
use tengen_mcts::{Config, Search};

/// Arguments of `tengen gtp`.
#[derive(Debug, clap::Args)]
#[command(
    long_about = "Speaks GTP v2 on stdin and stdout, one answer per command, flushed at once. \
Every command of the GTP section of docs/INTERFACES.md; `list_commands` prints them. `genmove` plays \
a Monte Carlo tree search (UCT with RAVE, playouts with Go knowledge): --playouts N a move \
(one thread, reproducible with --seed), else --seconds S a move on every core, or the clock that \
time_settings / kgs-time_settings / time_left give. It passes when the game is over and resigns \
only with --resign. GoGui's gogui-analyze_commands lists its ownership map and principal \
variation."
)]
pub struct Args {
    /// Rules: a preset (chinese, japanese, tromp-taylor, ...) and/or key=value pairs.
    #[arg(long, value_parser = parse_rules, default_value = "chinese")]
    pub rules: Rules,
    /// Seed of genmove's random generator.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// The tree search's options, shared by `tengen gtp` and `tengen play`.
#[derive(Debug, Clone, clap::Args)]
pub struct SearchArgs {
    /// Seconds of search a move (when neither --playouts nor a GTP clock decides).
    #[arg(long, default_value_t = 1.0, value_parser = parse_seconds)]
    pub seconds: f64,
    /// Playouts a move: one thread, the same moves for the same --seed.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub playouts: Option<u64>,
    /// Worker threads of a timed search (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Resign when the best move's estimated win rate is below 10%.
    #[arg(long)]
    pub resign: bool,
    /// Where `final_status_list` comes from: the scoring crate's dead-stone guess, or the
    /// search's ownership.
    #[arg(long, value_enum, default_value = "guess")]
    pub final_status: FinalStatus,
    /// genmove's player: the tree search, or the light-playout policy (a random legal move that
    /// fills no own eye).
    #[arg(long, value_enum, default_value = "search")]
    pub engine: EngineKind,
}

/// Where `final_status_list` comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FinalStatus {
    /// The scoring crate's automatic dead-stone guess.
    Guess,
    /// The tree search's ownership: stones its playouts give to the opponent are dead.
    Search,
}

/// genmove's player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineKind {
    /// Monte Carlo tree search.
    Search,
    /// The light-playout policy.
    Light,
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err("expected a number of seconds above 0 (at most a day)".into()),
    }
}

impl SearchArgs {
    /// Attaches the search these options describe to `engine` (nothing for `--engine light`).
    pub fn apply(&self, engine: &mut Engine, seed: u64) {
        if self.engine == EngineKind::Light {
            return;
        }
        let mut config = Config {
            playouts: self.playouts,
            seconds: self.seconds,
            seed,
            resign_below: self.resign.then_some(0.1),
            ..Config::default()
        };
        if let Some(t) = self.threads {
            config.threads = t as usize;
        }
        engine.set_search(Search::new(config));
        engine.set_status_from_search(self.final_status == FinalStatus::Search);
    }
}

/// Runs `tengen gtp` until `quit` or the end of stdin.
pub fn run(args: Args) -> ExitCode {
    let mut engine = Engine::new(args.rules, args.seed);
    args.search.apply(&mut engine, args.seed);
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
