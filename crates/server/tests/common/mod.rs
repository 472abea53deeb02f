//! Test harness: the built server binary on port 0, a private Redis, a small HTTP client.
#![allow(dead_code)]

pub mod schema;

use serde_json::Value;
use std::future::Future;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The server binary built by cargo for these tests.
pub const SERVER: &str = env!("CARGO_BIN_EXE_tengen-server");

/// A running `tengen-server`.
pub struct Server {
    pub child: Child,
    pub base: String,
    pub addr: String,
}

impl Server {
    /// Starts the server on a free port with `store`; extra flags after.
    pub fn start(store: &str, extra: &[&str]) -> Server {
        Server::start_in(store, extra, None)
    }

    pub fn start_in(store: &str, extra: &[&str], dir: Option<&Path>) -> Server {
        Server::start_env(store, extra, dir, &[])
    }

    /// As [`Server::start_in`], with extra environment variables.
    pub fn start_env(
        store: &str,
        extra: &[&str],
        dir: Option<&Path>,
        env: &[(&str, &str)],
    ) -> Server {
        let mut cmd = Command::new(SERVER);
        cmd.envs(env.iter().copied());
        cmd.args(["--addr", "127.0.0.1:0", "--store", store]);
        if !extra.contains(&"--create-rate") {
            cmd.args(["--create-rate", "off"]);
        }
        if !extra.contains(&"--create-rate-global") {
            cmd.args(["--create-rate-global", "off"]);
        }
        cmd.args(extra)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        if let Some(d) = dir {
            cmd.current_dir(d);
        }
        #[allow(clippy::zombie_processes)] // waited for in `Drop`
        let mut child = cmd.spawn().expect("start tengen-server");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let _ = tx.send(line);
            }
        });
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(line) => {
                    if let Some(url) = line.strip_prefix("listening on ") {
                        let base = url.trim().to_string();
                        let addr = base.trim_start_matches("http://").to_string();
                        return Server { child, base, addr };
                    }
                }
                Err(_) => {
                    let _ = child.kill();
                    panic!("tengen-server did not print `listening on` in time");
                }
            }
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGTERM, then wait up to `secs` for the exit; returns the exit status's success.
    pub fn terminate(&mut self, secs: u64) -> Option<bool> {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(secs);
        while Instant::now() < deadline {
            if let Ok(Some(s)) = self.child.try_wait() {
                return Some(s.success());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    /// kill -9.
    pub fn kill9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn find_redis() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("REDIS_SERVER") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/bin"), PathBuf::from("/usr/sbin")])
        .map(|d| d.join("redis-server"))
        .find(|p| p.is_file())
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A private redis-server on a free loopback port, append-only file in a temporary folder.
pub struct Redis {
    child: Child,
    pub port: u16,
    bin: PathBuf,
    dir: tempfile::TempDir,
}

fn spawn_redis(bin: &Path, port: u16, dir: &Path) -> std::io::Result<Child> {
    Command::new(bin)
        .args([
            "--port",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
            "--appendonly",
            "yes",
            "--appendfsync",
            "always",
            "--save",
            "",
            "--dir",
        ])
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
}

impl Redis {
    /// Starts one, or prints why not and gives `None`.
    pub fn start() -> Option<Redis> {
        let Some(bin) = find_redis() else {
            eprintln!("SKIP redis: redis-server not found (apt-get install redis-server)");
            return None;
        };
        for _ in 0..5 {
            let dir = tempfile::tempdir().ok()?;
            let port = free_port();
            let child = spawn_redis(&bin, port, dir.path());
            let Ok(mut child) = child else {
                eprintln!("SKIP redis: cannot start {}", bin.display());
                return None;
            };
            let deadline = Instant::now() + Duration::from_secs(10);
            while Instant::now() < deadline {
                if ping(port) {
                    return Some(Redis {
                        child,
                        port,
                        bin,
                        dir,
                    });
                }
                if let Ok(Some(_)) = child.try_wait() {
                    break; // the port was taken meanwhile: try another
                }
                std::thread::sleep(Duration::from_millis(25));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        eprintln!("SKIP redis: redis-server did not answer PING");
        None
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/0", self.port)
    }

    /// The redis-server's process id (to pause it with SIGSTOP).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Stops the server (SIGKILL); its append-only file stays.
    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Starts it again on the same port and folder.
    pub fn restart(&mut self) {
        self.child = spawn_redis(&self.bin, self.port, self.dir.path()).expect("restart redis");
        let deadline = Instant::now() + Duration::from_secs(10);
        while !ping(self.port) {
            assert!(Instant::now() < deadline, "redis did not come back");
            std::thread::sleep(Duration::from_millis(25));
        }
    }
}

fn ping(port: u16) -> bool {
    let Ok(mut s) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(Duration::from_millis(500)));
    if s.write_all(b"PING\r\n").is_err() {
        return false;
    }
    let mut buf = [0u8; 7];
    s.read_exact(&mut buf).is_ok() && &buf == b"+PONG\r\n"
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where a test's games live.
pub enum Backend {
    Sqlite(tempfile::TempDir),
    Redis(Redis),
}

impl Backend {
    pub fn sqlite() -> Backend {
        Backend::Sqlite(tempfile::tempdir().unwrap())
    }

    pub fn redis() -> Option<Backend> {
        Redis::start().map(Backend::Redis)
    }

    pub fn url(&self) -> String {
        match self {
            Backend::Sqlite(d) => format!("sqlite:{}", d.path().join("tengen.db").display()),
            Backend::Redis(r) => r.url(),
        }
    }
}

/// A small JSON client.
#[derive(Clone)]
pub struct Api {
    pub base: String,
    pub http: reqwest::Client,
}

/// A created game.
#[derive(Clone, Debug)]
pub struct Created {
    pub id: String,
    pub black: String,
    pub white: String,
    pub body: Value,
}

impl Api {
    pub fn new(base: &str) -> Api {
        Api {
            base: base.to_string(),
            http: reqwest::Client::builder()
                .pool_max_idle_per_host(64)
                .build()
                .unwrap(),
        }
    }

    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<String>,
    ) -> (u16, Value) {
        let mut rq = self
            .http
            .request(method.clone(), format!("{}{}", self.base, path));
        if let Some(t) = token {
            rq = rq.header("Authorization", format!("Bearer {t}"));
        }
        if let Some(b) = body {
            rq = rq.header("Content-Type", "application/json").body(b);
        }
        let res = rq.send().await.expect("request");
        let status = res.status().as_u16();
        let content_type = res
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let text = res.text().await.unwrap_or_default();
        // Every answer the suite gets is checked against the server's OpenAPI document.
        let doc = schema::document(&self.http, &self.base).await;
        schema::check(
            doc,
            method.as_str(),
            path,
            status,
            content_type.as_deref(),
            &text,
        );
        let v = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, v)
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: &str) -> (u16, Value) {
        self.send(reqwest::Method::POST, path, token, Some(body.to_string()))
            .await
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        self.send(reqwest::Method::GET, path, None, None).await
    }

    pub async fn create(&self, body: &str) -> Created {
        let (s, v) = self.post("/api/games", None, body).await;
        assert_eq!(s, 201, "create: {v}");
        Created {
            id: v["id"].as_str().unwrap().to_string(),
            black: v["black_token"].as_str().unwrap().to_string(),
            white: v["white_token"].as_str().unwrap().to_string(),
            body: v,
        }
    }

    pub async fn state(&self, id: &str) -> Value {
        let (s, v) = self.get(&format!("/api/games/{id}")).await;
        assert_eq!(s, 200, "state: {v}");
        v
    }

    /// Plays `v` with the current move number; returns status and body.
    pub async fn play(&self, g: &Created, token: &str, v: &str) -> (u16, Value) {
        let n = self.state(&g.id).await["move_number"].as_u64().unwrap();
        self.post(
            &format!("/api/games/{}/moves", g.id),
            Some(token),
            &format!(r#"{{"move":"{v}","move_number":{n}}}"#),
        )
        .await
    }

    /// Plays alternately from black (or as `to_move` says), asserting success.
    pub async fn play_all(&self, g: &Created, moves: &[&str]) -> Value {
        let mut last = Value::Null;
        for v in moves {
            let s = self.state(&g.id).await;
            let token = if s["to_move"] == "black" {
                &g.black
            } else {
                &g.white
            };
            let (code, body) = self.play(g, token, v).await;
            assert_eq!(code, 200, "move {v}: {body}");
            last = body;
        }
        last
    }
}

/// The error code of an error answer.
pub fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("<none>")
}

/// One test at a time within a test binary: the timings some tests measure must not be
/// another test's load.
pub fn serial() -> MutexGuard<'static, ()> {
    static ONE: Mutex<()> = Mutex::new(());
    ONE.lock().unwrap_or_else(|p| p.into_inner())
}

/// Runs `f` on a two-thread Tokio runtime of its own.
pub fn run<F: Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}
