//! The accept loop: HTTP/1.1 through hyper, with what `axum::serve` lacks against hostile
//! clients.
//!
//! - **A header-read timeout**: a connection that has not sent a request's headers within
//!   [`Config::header_timeout`](crate::Config) (10 s by default) is closed, an idle keep-alive
//!   connection too, so that a client that opens connections and never finishes its headers
//!   cannot hold them.
//! - **A cap on open connections** ([`Config::max_connections`](crate::Config)): beyond it the
//!   loop stops accepting, so new connections wait in the kernel's queue until one closes
//!   (the header timeout bounds how long a silent one holds its place); the connections
//!   already open are served meanwhile. A WebSocket keeps its place until it closes.
//! - Every request carries a [`ConnInfo`] (the peer's and the local address), from which the
//!   handlers take the client's address and, without a `Host` header, the links' address.
//!
//! Shutdown is graceful: the loop stops accepting, each connection finishes the request in
//! flight, and after 10 s whatever is left is dropped.

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tower_service::Service;

/// The two ends of the connection a request came on.
#[derive(Debug, Clone, Copy)]
pub struct ConnInfo {
    /// The client's address (or the proxy's, behind one).
    pub peer: SocketAddr,
    /// The server's address the client connected to.
    pub local: SocketAddr,
}

/// Limits of the accept loop.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Time a connection has to send a request's headers (also the keep-alive idle time).
    pub header_timeout: Duration,
    /// Most connections open at once.
    pub max_connections: usize,
}

/// A TCP stream that holds its place under the connection cap until it is dropped (a
/// WebSocket's stream lives on after the upgrade, and so does its place).
struct Counted {
    stream: TcpStream,
    _permit: OwnedSemaphorePermit,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Whether an accept error is about this one connection (the loop goes straight on) rather
/// than the process (out of file descriptors: the loop pauses a moment).
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// Serves `router` on `listener` until `stop` resolves; then waits up to 10 s for the open
/// connections to finish their requests.
pub async fn run(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    stop: impl Future<Output = ()>,
) {
    let places = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let (closing_tx, closing_rx) = watch::channel(false);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(64 * 1024);
    let mut tasks = tokio::task::JoinSet::new();
    tokio::pin!(stop);
    loop {
        // Wait for a place first: beyond the cap, connections queue in the kernel.
        let permit = tokio::select! {
            p = places.clone().acquire_owned() => match p {
                Ok(p) => p,
                Err(_) => break,
            },
            () = &mut stop => break,
        };
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(x) => x,
                Err(e) => {
                    if !is_connection_error(&e) {
                        tracing::warn!(error = %e, "accept failed; pausing");
                        tokio::time::sleep(Duration::from_millis(200)).await;
                    }
                    continue;
                }
            },
            () = &mut stop => break,
        };
        // Reap finished connections so the set does not grow.
        while tasks.try_join_next().is_some() {}
        let local = stream.local_addr().unwrap_or(peer);
        let _ = stream.set_nodelay(true);
        let info = ConnInfo { peer, local };
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
            req.extensions_mut().insert(info);
            req.extensions_mut().insert(ConnectInfo(peer));
            router.clone().call(req)
        });
        let io = TokioIo::new(Counted {
            stream,
            _permit: permit,
        });
        let conn = http.serve_connection(io, service).with_upgrades();
        let mut closing = closing_rx.clone();
        tasks.spawn(async move {
            tokio::pin!(conn);
            tokio::select! {
                r = conn.as_mut() => {
                    if let Err(e) = r {
                        tracing::debug!(%peer, error = %e, "connection ended");
                    }
                    return;
                }
                _ = closing.changed() => {}
            }
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        });
    }
    drop(listener);
    let _ = closing_tx.send(true);
    let drain = async { while tasks.join_next().await.is_some() {} };
    if tokio::time::timeout(Duration::from_secs(10), drain)
        .await
        .is_err()
    {
        tracing::warn!("connections still open after 10 s; closing them");
    }
}
