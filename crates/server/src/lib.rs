//! # tengen-server: the game server and web board
//!
//! `tengen serve` runs [`serve`]: an axum HTTP server with the JSON API of the interfaces
//! contract, a WebSocket per game that pushes the state after every change, and the web board
//! (plain HTML, ES modules and SVG embedded in the binary). Games live in a
//! [`tengen_store::GameStore`] as event logs and are rebuilt from them into a cache.
//!
//! Players are whoever holds a token: creating a game answers one secret token per color
//! (256 random bits); the server keeps only their SHA-256 hashes and compares in constant time.
//! Tokens are never in a state, a log line or a query string (links carry them in the URL
//! fragment, which browsers never send).
//!
//! ```no_run
//! # async fn demo() -> Result<(), String> {
//! let config = tengen_server::Config {
//!     addr: "127.0.0.1:0".into(),
//!     store: "sqlite:tengen.db".into(),
//!     ..Default::default()
//! };
//! tengen_server::serve(config, |addr| println!("listening on http://{addr}")).await
//! # }
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod api;
pub mod app;
pub mod cli;
pub mod clock;
pub mod engine;
pub mod engine_api;
pub mod engine_seat;
pub mod game;
pub mod net;
pub mod openapi;
pub mod security;
pub mod serving;
pub mod text;
pub mod view;
mod web;
mod ws;

pub use app::{App, Config};

use base64::Engine as _;
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::{broadcast, watch};

/// A new game id: 72 random bits, URL-safe.
pub fn new_id() -> String {
    let mut b = [0u8; 9];
    rand::rng().fill_bytes(&mut b);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b)
}

/// A new player token: 256 random bits from the operating system's generator, URL-safe.
pub fn new_token() -> String {
    let mut b = [0u8; 32];
    rand::rng().fill_bytes(&mut b);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b)
}

/// The hash the store keeps of a token.
pub fn token_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// Whether `id` can be a game id (so that junk never reaches the store).
pub fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Reads `--create-rate`: `N/min`, `N`, or `0`/`off`/`unlimited` for no limit.
pub fn parse_rate(text: &str) -> Result<Option<u32>, String> {
    let t = text.trim().to_ascii_lowercase();
    if matches!(t.as_str(), "0" | "off" | "none" | "unlimited") {
        return Ok(None);
    }
    let n = t.strip_suffix("/min").unwrap_or(&t);
    match n.trim().parse::<u32>() {
        Ok(0) => Ok(None),
        Ok(n) => Ok(Some(n)),
        Err(_) => Err(format!("bad rate {text:?}: expected N/min, such as 30/min")),
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}

/// Runs the server until SIGTERM or ctrl-c: opens the store, binds, calls `ready` with the
/// real address once it accepts connections, serves, then shuts down gracefully (WebSockets
/// closed, pending writes finished).
pub async fn serve(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), String> {
    let store = tengen_store::open(&config.store)
        .await
        .map_err(|e| e.to_string())?;
    let listener = tokio::net::TcpListener::bind(&config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let (stop_tx, stop_rx) = watch::channel(false);
    let app = Arc::new(App::new(store.clone(), config, stop_rx));
    App::run_timers(&app);
    {
        // Games whose clock ran out while no server ran end now; the others get their timers.
        let app = app.clone();
        tokio::spawn(async move {
            for id in app.sweep_unfinished().await {
                engine_seat::resume(&app, &id).await;
            }
        });
    }
    if let Some(mut notices) = store.notices() {
        let app = app.clone();
        tokio::spawn(async move {
            loop {
                match notices.recv().await {
                    Ok(n) => {
                        let app = app.clone();
                        tokio::spawn(async move { app.refresh(&n.game_id, n.seq).await });
                    }
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        let app = app.clone();
                        tokio::spawn(async move { app.refresh("", 0).await });
                    }
                    Err(broadcast::error::RecvError::Closed) => break,
                }
            }
        });
    }
    {
        let app = app.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(std::time::Duration::from_secs(30));
            loop {
                tick.tick().await;
                app.sweep();
            }
        });
    }
    tracing::info!(%addr, store = store.kind(), "listening");
    ready(addr);
    let limits = serving::Limits {
        header_timeout: app.config.header_timeout,
        max_connections: app.config.max_connections,
    };
    serving::run(listener, api::router(app), limits, async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        let _ = stop_tx.send(true);
    })
    .await;
    store.close().await;
    tracing::info!("stopped");
    Ok(())
}
