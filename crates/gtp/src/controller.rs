//! The other direction of GTP: a controller that runs an engine as a child process and asks it
//! questions, as GoGui, gogui-twogtp, gtp2ogs and kgsGtp do.
//!
//! Each command waits at most a given time for its answer. A reader thread collects the
//! engine's answers, so a silent engine is noticed (`Timeout`) and a dead one too (`Crashed`);
//! after either the engine is killed and every later command fails with `Dead`: the caller
//! starts a new one. Moves and vertices cross the boundary as core's [`Move`], [`Point`] and
//! [`Color`], written and read by core's `coords` module.
//!
//! ```no_run
//! use std::time::Duration;
//! use tengen_core::Color;
//! use tengen_gtp::controller::Controller;
//!
//! let mut gnugo = Controller::spawn("/usr/games/gnugo --mode gtp --level 1", Duration::from_secs(5))?;
//! gnugo.boardsize(9, 9, Duration::from_secs(5))?;
//! let mv = gnugo.genmove(Color::Black, Duration::from_secs(30))?;
//! println!("{mv:?}");
//! # Ok::<(), tengen_gtp::controller::ControllerError>(())
//! ```

use std::collections::BTreeSet;
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;
use tengen_core::{coords, Color, CoordError, Move, Point};

/// Why a command to the engine did not give a usable answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ControllerError {
    /// The command line is empty or the program could not be started.
    Spawn(String),
    /// The engine answered `? MESSAGE`.
    Failed(String),
    /// No answer within the time allowed; the engine was killed.
    Timeout(String),
    /// The engine exited or closed its output while a command was waiting; it was killed.
    Crashed(String),
    /// The engine was killed earlier (a timeout, a crash or garbage): start a new one.
    Dead,
    /// The answer is not GTP, or not what the command answers (`= banana` to `genmove`).
    Garbage(String),
    /// The engine cannot be given this board or move (more than 25 columns).
    Unsupported(String),
}

impl fmt::Display for ControllerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ControllerError::Spawn(m) => write!(f, "cannot start the engine: {m}"),
            ControllerError::Failed(m) => write!(f, "the engine refused: {m}"),
            ControllerError::Timeout(c) => write!(f, "the engine did not answer {c:?} in time"),
            ControllerError::Crashed(c) => write!(f, "the engine died while answering {c:?}"),
            ControllerError::Dead => write!(f, "the engine was stopped earlier"),
            ControllerError::Garbage(m) => write!(f, "the engine's answer is not GTP: {m}"),
            ControllerError::Unsupported(m) => write!(f, "cannot tell the engine: {m}"),
        }
    }
}

impl std::error::Error for ControllerError {}

/// One line of the engine's output, or the end of it.
enum Line {
    Text(String),
    Eof,
}

/// A running GTP engine.
pub struct Controller {
    command: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    dead: bool,
    known: BTreeSet<String>,
    width: u8,
    height: u8,
}

impl Controller {
    /// Starts `command` (split at white space: a program and its arguments, no shell) and asks
    /// it `list_commands`, waiting at most `timeout`.
    pub fn spawn(command: &str, timeout: Duration) -> Result<Controller, ControllerError> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| ControllerError::Spawn("the engine command is empty".into()))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| ControllerError::Spawn(format!("{program}: {e}")))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(Line::Text(l)).is_err() {
                            return;
                        }
                    }
                    Err(_) => break,
                }
            }
            let _ = tx.send(Line::Eof);
        });
        let mut c = Controller {
            command: command.to_string(),
            child,
            stdin,
            lines,
            dead: false,
            known: BTreeSet::new(),
            width: 19,
            height: 19,
        };
        let list = c.send("list_commands", timeout)?;
        c.known = list.split_whitespace().map(str::to_string).collect();
        Ok(c)
    }

    /// The command line this engine was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Whether `list_commands` named `name` (`kata-set-rules`, `kgs-time_settings`, ...).
    pub fn supports(&self, name: &str) -> bool {
        self.known.contains(name)
    }

    /// Whether the engine was killed (after a timeout, a crash or garbage).
    pub fn is_dead(&self) -> bool {
        self.dead
    }

    /// Sends one command and waits at most `timeout` for its answer: the text after `= ` (the
    /// lines of a multi-line answer joined with `\n`), or `Failed` with the text after `? `.
    pub fn send(&mut self, command: &str, timeout: Duration) -> Result<String, ControllerError> {
        if self.dead {
            return Err(ControllerError::Dead);
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(ControllerError::Dead);
        };
        // Leftovers of an earlier answer (an engine that printed two) are not this answer.
        while let Ok(Line::Text(_)) = self.lines.try_recv() {}
        if stdin
            .write_all(format!("{command}\n").as_bytes())
            .and_then(|()| stdin.flush())
            .is_err()
        {
            self.kill();
            return Err(ControllerError::Crashed(command.to_string()));
        }
        let deadline = std::time::Instant::now() + timeout;
        let mut answer: Vec<String> = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Line::Text(line)) => {
                    let line = line.trim_end_matches('\r');
                    if answer.is_empty() {
                        // Blank lines and comments before an answer are noise.
                        if line.trim().is_empty() || line.starts_with('#') {
                            continue;
                        }
                        if !line.starts_with('=') && !line.starts_with('?') {
                            self.kill();
                            return Err(ControllerError::Garbage(line.chars().take(80).collect()));
                        }
                        answer.push(line.to_string());
                    } else if line.is_empty() {
                        break;
                    } else {
                        answer.push(line.to_string());
                    }
                }
                Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    self.kill();
                    return Err(ControllerError::Crashed(command.to_string()));
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    return Err(ControllerError::Timeout(command.to_string()));
                }
            }
        }
        let first = answer.remove(0);
        // `=` or `?`, an optional id (digits), then the text.
        let ok = first.starts_with('=');
        let body = first[1..].trim_start_matches(|c: char| c.is_ascii_digit());
        let mut text = body.trim().to_string();
        for l in answer {
            text.push('\n');
            text.push_str(&l);
        }
        if ok {
            Ok(text)
        } else {
            Err(ControllerError::Failed(text))
        }
    }

    /// Kills the engine; later commands answer `Dead`.
    pub fn kill(&mut self) {
        self.dead = true;
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sets the board size: `boardsize N` on a square board, else `rectangular_boardsize W H`
    /// (refused when the engine does not know it).
    pub fn boardsize(
        &mut self,
        width: u8,
        height: u8,
        timeout: Duration,
    ) -> Result<(), ControllerError> {
        if usize::from(width) > coords::COLUMN_LETTERS.len() {
            return Err(ControllerError::Unsupported(format!(
                "GTP has no vertex past 25 columns ({width}x{height})"
            )));
        }
        if width == height {
            self.send(&format!("boardsize {width}"), timeout)?;
        } else if self.supports("rectangular_boardsize") {
            self.send(&format!("rectangular_boardsize {width} {height}"), timeout)?;
        } else {
            return Err(ControllerError::Unsupported(format!(
                "the engine knows square boards only ({width}x{height})"
            )));
        }
        self.width = width;
        self.height = height;
        Ok(())
    }

    /// The vertex text of `p` on the current board.
    fn vertex(&self, p: Point) -> Result<String, ControllerError> {
        coords::to_gtp(p, self.height)
            .filter(|_| p.x < self.width && p.y < self.height)
            .ok_or_else(|| ControllerError::Unsupported(format!("{p} is not a vertex here")))
    }

    /// A move as GTP writes it.
    pub fn move_text(&self, mv: Move) -> Result<String, ControllerError> {
        match mv {
            Move::Play(p) => self.vertex(p),
            Move::Pass => Ok("pass".to_string()),
            Move::Resign => Ok("resign".to_string()),
        }
    }

    /// Reads a move the engine wrote (a vertex of the current board, `pass` or `resign`).
    pub fn parse_move(&self, text: &str) -> Result<Move, CoordError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else if t.eq_ignore_ascii_case("resign") {
            Ok(Move::Resign)
        } else {
            coords::from_gtp(t, self.width, self.height).map(Move::Play)
        }
    }

    /// `play COLOR MOVE`.
    pub fn play(
        &mut self,
        color: Color,
        mv: Move,
        timeout: Duration,
    ) -> Result<(), ControllerError> {
        let text = self.move_text(mv)?;
        self.send(&format!("play {} {text}", color.name()), timeout)
            .map(drop)
    }

    /// `genmove COLOR`: the engine's move, a vertex of the board, `pass` or `resign`. Whether the
    /// move is legal is the caller's judgement (it holds the game); an answer that is no move at
    /// all kills the engine and is `Garbage`.
    pub fn genmove(&mut self, color: Color, timeout: Duration) -> Result<Move, ControllerError> {
        let text = self.send(&format!("genmove {}", color.name()), timeout)?;
        match self.parse_move(&text) {
            Ok(mv) => Ok(mv),
            Err(e) => {
                self.kill();
                Err(ControllerError::Garbage(format!("genmove answered {e}")))
            }
        }
    }

    /// `set_free_handicap V1 V2 ...`: handicap stones where the server put them.
    pub fn set_free_handicap(
        &mut self,
        points: &[Point],
        timeout: Duration,
    ) -> Result<(), ControllerError> {
        let vertices: Result<Vec<String>, ControllerError> =
            points.iter().map(|&p| self.vertex(p)).collect();
        self.send(
            &format!("set_free_handicap {}", vertices?.join(" ")),
            timeout,
        )
        .map(drop)
    }

    /// `final_status_list dead`: the stones the engine holds dead at the end of the game.
    pub fn dead_stones(&mut self, timeout: Duration) -> Result<Vec<Point>, ControllerError> {
        let text = self.send("final_status_list dead", timeout)?;
        let mut out = Vec::new();
        for word in text.split_whitespace() {
            match coords::from_gtp(word, self.width, self.height) {
                Ok(p) => out.push(p),
                Err(e) => {
                    return Err(ControllerError::Garbage(format!(
                        "final_status_list answered {e}"
                    )))
                }
            }
        }
        Ok(out)
    }
}

impl Drop for Controller {
    fn drop(&mut self) {
        if !self.dead {
            // A polite end first: an engine that quits writes no core file and frees its memory.
            if let Some(stdin) = self.stdin.as_mut() {
                let _ = stdin.write_all(b"quit\n");
                let _ = stdin.flush();
            }
            self.stdin = None;
            for _ in 0..20 {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
