//! Security headers on every answer, pages and API alike.
//!
//! - `Content-Security-Policy`: the pages load scripts, styles, images and connections
//!   (`fetch`, the WebSocket) from this server only, run no inline script, and may not be
//!   framed by any other page (`frame-ancestors 'none'`, against clickjacking a move or an
//!   acceptance of the score);
//! - `X-Content-Type-Options: nosniff`: a JSON answer or an SGF file is never run as a script;
//! - `X-Frame-Options: DENY`: the same as `frame-ancestors` for browsers that predate it;
//! - `Referrer-Policy: no-referrer`: following a link from a board tells nobody which game it
//!   came from (the token rides in the fragment, which is never sent anyway).

use axum::body::Body;
use axum::http::{header, HeaderValue, Request};
use axum::middleware::Next;
use axum::response::Response;

/// The content security policy of every answer.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// Middleware: adds the security headers to the answer (keeping any a handler set).
pub async fn headers(req: Request<Body>, next: Next) -> Response {
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
    ] {
        h.entry(name).or_insert(HeaderValue::from_static(value));
    }
    res
}
