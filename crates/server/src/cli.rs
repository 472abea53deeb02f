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
    /// Games one address may create per minute: `N/min`, or `off`.
    #[arg(long, default_value = "30/min")]
    pub create_rate: String,
    /// Largest request body, in bytes.
    #[arg(long, default_value_t = 64 * 1024)]
    pub body_limit: usize,
    /// Longest time to receive a request body, in seconds (a slower client gets `408`).
    #[arg(long, default_value_t = 10)]
    pub body_timeout: u64,
    /// Playouts of the automatic dead-stone guess.
    #[arg(long, default_value_t = 300)]
    pub guess_playouts: u32,
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
    let create_rate = match crate::parse_rate(&args.create_rate) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tengen serve: {e}");
            return ExitCode::from(2);
        }
    };
    let config = crate::Config {
        addr: args.addr,
        store: args.store,
        create_rate,
        body_limit: args.body_limit,
        body_timeout: std::time::Duration::from_secs(args.body_timeout.max(1)),
        guess_playouts: args.guess_playouts,
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
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen serve: {e}");
            ExitCode::FAILURE
        }
    }
}
