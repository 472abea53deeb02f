//! The command-line face of the server, shared by `tengen serve` and the `tengen-server` binary.

use clap::Parser;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

/// Options of `tengen serve` (and `tengen-server`).
#[derive(Debug, Clone, Parser)]
#[command(name = "tengen-server")]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port and prints the real one).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Game store: `sqlite:PATH` or `redis://host:port/db`.
    #[arg(long, default_value = "sqlite:tengen.db")]
    pub store: String,
    /// Games one address may create per minute: `N/min`, or `off` (an IPv6 address counts
    /// with its whole /64).
    #[arg(long, default_value = "30/min")]
    pub create_rate: String,
    /// Games all clients together may create per minute: `N/min`, or `off`.
    #[arg(long, default_value = "600/min")]
    pub create_rate_global: String,
    /// Largest request body, in bytes.
    #[arg(long, default_value_t = 64 * 1024)]
    pub body_limit: usize,
    /// Longest time to receive a request body, in seconds (a slower client gets `408`).
    #[arg(long, default_value_t = 10)]
    pub body_timeout: u64,
    /// Playouts of the automatic dead-stone guess; 0 (the default) chooses them from the board's
    /// size, as `tengen score --effort default` does.
    #[arg(long, default_value_t = 0)]
    pub guess_playouts: u32,
    /// Seconds a connection has to send a request's headers before it is closed (idle
    /// keep-alive connections too).
    #[arg(long, default_value_t = 10.0)]
    pub header_timeout: f64,
    /// Most connections open at once, WebSockets included; beyond it new ones wait to be
    /// accepted. Keep it under the open-file limit (`ulimit -n`).
    #[arg(long, default_value_t = 16_384)]
    pub max_connections: usize,
    /// The address people reach the server at (`https://go.example.com`), for the links a
    /// new game answers; default: the request's `Host` header.
    #[arg(long)]
    pub public_url: Option<String>,
    /// The server is behind a reverse proxy: take the client's address from the last
    /// `X-Forwarded-For` entry and the links' scheme and host from `X-Forwarded-Proto` and
    /// `X-Forwarded-Host`. Never set it when clients can reach the server directly.
    #[arg(long)]
    pub behind_proxy: bool,
    /// A GTP engine people can play against: `NAME=COMMAND` (the program and its arguments,
    /// split at spaces, no shell). Repeatable. The built-in engine `tengen` is always there;
    /// `gnugo` is there when a gnugo executable is on the PATH or in /usr/games, unless an
    /// `--engine gnugo=…` replaces it.
    #[arg(long = "engine", value_name = "NAME=COMMAND")]
    pub engines: Vec<String>,
    /// Seconds an engine may think on a move when no clock decides (a game without a clock,
    /// or a first move); an engine silent past it forfeits.
    #[arg(long, default_value_t = 60.0)]
    pub engine_move_seconds: f64,
    /// Playouts a move of the built-in engine (default: it thinks by time).
    #[arg(long)]
    pub builtin_playouts: Option<u64>,
    /// Seconds a move of the built-in engine when the game has no clock.
    #[arg(long, default_value_t = 1.0)]
    pub builtin_seconds: f64,
    /// Most games against engines at once; more are refused with `429`.
    #[arg(long, default_value_t = 32)]
    pub max_engine_games: usize,
}

/// Sets up logging, starts the runtime and serves until SIGTERM or ctrl-c. Prints
/// `listening on http://ADDR` on stdout once connections are accepted.
pub fn run(args: ServeArgs) -> ExitCode {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Logs go to stderr (stdout carries the `listening on` line): text, or one JSON object per
    // line with TENGEN_LOG_FORMAT=json. Levels from RUST_LOG (default info).
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    if std::env::var("TENGEN_LOG_FORMAT").is_ok_and(|v| v.eq_ignore_ascii_case("json")) {
        builder.json().init();
    } else {
        builder.with_ansi(std::io::stderr().is_terminal()).init();
    }
    let usage = |e: String| {
        eprintln!("tengen serve: {e}");
        ExitCode::from(2)
    };
    let create_rate = match crate::parse_rate(&args.create_rate) {
        Ok(r) => r,
        Err(e) => return usage(e),
    };
    let create_rate_global = match crate::parse_rate(&args.create_rate_global) {
        Ok(r) => r,
        Err(e) => return usage(e),
    };
    let public_url = match args.public_url.as_deref().map(crate::net::check_public_url) {
        None => None,
        Some(Ok(u)) => Some(u),
        Some(Err(e)) => return usage(e),
    };
    if !(args.header_timeout.is_finite() && (0.1..=3600.0).contains(&args.header_timeout)) {
        return usage("--header-timeout: expected seconds from 0.1 to 3600".into());
    }
    if args.max_connections == 0 {
        return usage("--max-connections: expected at least 1".into());
    }
    let mut engines = crate::engine::EngineConfig {
        builtin_playouts: args.builtin_playouts,
        ..Default::default()
    };
    for text in &args.engines {
        match crate::engine::parse_engine(text) {
            Ok(spec) => {
                engines.gtp.retain(|e| e.name != spec.name);
                engines.gtp.push(spec);
            }
            Err(e) => return usage(e),
        }
    }
    if !engines.gtp.iter().any(|e| e.name == "gnugo") {
        if let Some(gnugo) = crate::engine::find_gnugo() {
            engines.gtp.insert(0, gnugo);
        }
    }
    for (flag, v) in [
        ("--engine-move-seconds", args.engine_move_seconds),
        ("--builtin-seconds", args.builtin_seconds),
    ] {
        if !(v.is_finite() && (0.01..=86_400.0).contains(&v)) {
            return usage(format!("{flag}: expected seconds from 0.01 to 86400"));
        }
    }
    engines.move_seconds = args.engine_move_seconds;
    engines.builtin_seconds = args.builtin_seconds;
    engines.max_games = args.max_engine_games;
    let config = crate::Config {
        addr: args.addr,
        store: args.store,
        create_rate,
        create_rate_global,
        body_limit: args.body_limit,
        body_timeout: std::time::Duration::from_secs(args.body_timeout.max(1)),
        guess_playouts: args.guess_playouts,
        header_timeout: std::time::Duration::from_secs_f64(args.header_timeout),
        max_connections: args.max_connections,
        public_url,
        behind_proxy: args.behind_proxy,
        engines,
        ..Default::default()
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tengen serve: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(crate::serve(config, |addr| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "listening on http://{addr}");
        let _ = out.flush();
    }));
    // An engine still thinking on a blocking thread must not hold the exit up.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen serve: {e}");
            ExitCode::FAILURE
        }
    }
}
