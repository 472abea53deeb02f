//! Who a request comes from and where the server is reached: the client's address (from the
//! connection, or from the proxy's `X-Forwarded-For` when the server is told it is behind
//! one), the key the creation limit counts under, and the base of the links a creation
//! answers.

use crate::serving::ConnInfo;
use axum::http::{header, HeaderMap};
use std::net::{IpAddr, Ipv6Addr};

/// The key the per-address creation limit counts under: an IPv4 address itself, an IPv6
/// address by its /64 (one home or one server gets a whole /64, so counting single IPv6
/// addresses would count nothing). IPv4-mapped IPv6 addresses count as their IPv4 address.
pub fn rate_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(Ipv6Addr::from(bits))
            }
        },
    }
}

/// The client's address: the connection's peer, or, when `behind_proxy`, the last entry of
/// `X-Forwarded-For` (the one the proxy itself appended; entries before it are whatever the
/// client claimed and are never trusted). Without a readable header, the peer.
pub fn client_ip(conn: &ConnInfo, headers: &HeaderMap, behind_proxy: bool) -> IpAddr {
    if behind_proxy {
        let last = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .next_back()
            .map(str::trim);
        if let Some(ip) = last.and_then(parse_forwarded_ip) {
            return ip;
        }
    }
    conn.peer.ip()
}

/// An address as proxies write it in `X-Forwarded-For`: bare, or `[v6]`/`v4` with a port.
fn parse_forwarded_ip(text: &str) -> Option<IpAddr> {
    if let Ok(ip) = text.parse() {
        return Some(ip);
    }
    if let Ok(sa) = text.parse::<std::net::SocketAddr>() {
        return Some(sa.ip());
    }
    None
}

/// Whether `host` can be a `host[:port]` of a link (no path, user, quote or space in it).
fn plain_host(host: &str) -> bool {
    !host.is_empty()
        && host.len() < 256
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
}

/// The first value of header `name`, if it is text (a proxy may append several).
fn first_value<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get(name)?
        .to_str()
        .ok()?
        .split(',')
        .next()
        .map(str::trim)
}

/// The base of the links (`https://go.example.com`, no trailing slash): the configured public
/// address; else, behind a proxy, `X-Forwarded-Proto` and `X-Forwarded-Host` (or `Host`);
/// else `http://` and the `Host` header; else the address the client connected to.
pub fn base_url(
    public_url: Option<&str>,
    conn: &ConnInfo,
    headers: &HeaderMap,
    behind_proxy: bool,
) -> String {
    if let Some(u) = public_url {
        return u.trim_end_matches('/').to_string();
    }
    let mut scheme = "http";
    let mut host = None;
    if behind_proxy {
        if first_value(headers, "x-forwarded-proto")
            .is_some_and(|p| p.eq_ignore_ascii_case("https"))
        {
            scheme = "https";
        }
        host = first_value(headers, "x-forwarded-host").filter(|h| plain_host(h));
    }
    let host = host
        .or_else(|| {
            headers
                .get(header::HOST)
                .and_then(|h| h.to_str().ok())
                .filter(|h| plain_host(h))
        })
        .map(str::to_string)
        .unwrap_or_else(|| conn.local.to_string());
    format!("{scheme}://{host}")
}

/// Checks a `--public-url`: `http://` or `https://`, a host, no query or fragment.
pub fn check_public_url(url: &str) -> Result<String, String> {
    let u = url.trim().trim_end_matches('/');
    let rest = u
        .strip_prefix("https://")
        .or_else(|| u.strip_prefix("http://"))
        .ok_or_else(|| format!("public url {url:?}: expected http://HOST or https://HOST"))?;
    let host = rest.split('/').next().unwrap_or("");
    if !plain_host(host) || u.contains(['?', '#', ' ', '"', '\'', '<', '>']) {
        return Err(format!(
            "public url {url:?}: expected http://HOST or https://HOST"
        ));
    }
    Ok(u.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn conn() -> ConnInfo {
        ConnInfo {
            peer: "10.0.0.7:5555".parse().unwrap(),
            local: "192.168.1.2:8080".parse().unwrap(),
        }
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn ipv6_counts_by_its_64() {
        let k = |s: &str| rate_key(s.parse().unwrap());
        // Same /64: the first four groups agree.
        assert_eq!(k("2001:db8:1:2::1"), k("2001:db8:1:2:ffff:ffff:ffff:ffff"));
        assert_eq!(
            k("2001:db8:1:2:abcd::9"),
            "2001:db8:1:2::".parse::<IpAddr>().unwrap()
        );
        // The next /64 differs.
        assert_ne!(k("2001:db8:1:2::1"), k("2001:db8:1:3::1"));
        // IPv4 counts per address; a mapped IPv4 address as itself.
        assert_ne!(k("192.0.2.1"), k("192.0.2.2"));
        assert_eq!(k("::ffff:192.0.2.1"), k("192.0.2.1"));
    }

    #[test]
    fn forwarded_for_only_behind_a_proxy_and_only_its_last_entry() {
        let h = headers(&[("x-forwarded-for", "1.2.3.4, 203.0.113.9")]);
        assert_eq!(client_ip(&conn(), &h, false).to_string(), "10.0.0.7");
        assert_eq!(client_ip(&conn(), &h, true).to_string(), "203.0.113.9");
        // Two header lines: the last line's last entry.
        let h = headers(&[
            ("x-forwarded-for", "198.51.100.1"),
            ("x-forwarded-for", "[2001:db8::5]:443"),
        ]);
        assert_eq!(client_ip(&conn(), &h, true).to_string(), "2001:db8::5");
        // Junk: the connection's address.
        let h = headers(&[("x-forwarded-for", "not an address")]);
        assert_eq!(client_ip(&conn(), &h, true).to_string(), "10.0.0.7");
    }

    #[test]
    fn links_from_public_url_then_proxy_then_host_then_local_address() {
        let none = HeaderMap::new();
        let h = headers(&[
            ("host", "internal:8080"),
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "go.example.com"),
        ]);
        assert_eq!(
            base_url(Some("https://go.example.org/"), &conn(), &h, true),
            "https://go.example.org"
        );
        assert_eq!(base_url(None, &conn(), &h, true), "https://go.example.com");
        // Not behind a proxy: the forwarded headers are ignored.
        assert_eq!(base_url(None, &conn(), &h, false), "http://internal:8080");
        // No Host (HTTP/1.0): the address the client reached, never a port 0.
        assert_eq!(
            base_url(None, &conn(), &none, false),
            "http://192.168.1.2:8080"
        );
        // A Host with a path or quote in it is not used.
        let bad = headers(&[("host", "evil.example/\"x")]);
        assert_eq!(
            base_url(None, &conn(), &bad, false),
            "http://192.168.1.2:8080"
        );
    }

    #[test]
    fn public_url_is_checked() {
        assert_eq!(
            check_public_url("https://go.example.com/").unwrap(),
            "https://go.example.com"
        );
        assert!(check_public_url("go.example.com").is_err());
        assert!(check_public_url("https://go.example.com/?x=1").is_err());
        assert!(check_public_url("https://").is_err());
    }
}
