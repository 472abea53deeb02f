//! The WebSocket of a game: the state after every change, to players and spectators alike.

use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use std::sync::Arc;
use tokio::sync::watch;

/// Sends the current state, then every new one, until the client leaves or the server stops.
/// A slow client skips intermediate states: it always gets the latest.
pub async fn serve(
    mut socket: WebSocket,
    mut states: watch::Receiver<Arc<str>>,
    mut shutdown: watch::Receiver<bool>,
) {
    let first = states.borrow_and_update().clone();
    if !first.is_empty() && socket.send(text(&first)).await.is_err() {
        return;
    }
    // A ping now and then keeps idle connections open through proxies.
    let mut ping = tokio::time::interval(std::time::Duration::from_secs(30));
    ping.tick().await;
    loop {
        tokio::select! {
            _ = ping.tick() => {
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            }
            changed = states.changed() => {
                if changed.is_err() {
                    break;
                }
                let s = states.borrow_and_update().clone();
                if socket.send(text(&s)).await.is_err() {
                    return;
                }
            }
            msg = socket.recv() => match msg {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            },
            _ = shutdown.changed() => break,
        }
    }
    let _ = socket.send(Message::Close(None)).await;
}

fn text(s: &str) -> Message {
    Message::Text(Utf8Bytes::from(s))
}
