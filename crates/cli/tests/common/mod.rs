//! Shared by the integration tests: run the built `tengen` binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `tengen ARGS` with `stdin` as its standard input and collects its output.
pub fn tengen(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tengen");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("tengen output")
}
