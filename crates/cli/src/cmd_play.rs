//! `tengen play`: a game in the terminal, against the engine or between two humans.
//!
//! It drives a [`tengen_gtp::Engine`] with GTP commands, so the terminal game and the GTP engine
//! play by exactly the same code.

use crate::common::parse_rules;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use tengen_core::{Color, Rules};
use tengen_gtp::{showboard, Engine};

/// Who plays the other side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Opponent {
    /// The engine: a tree search (see --seconds, --playouts).
    Engine,
    /// Another human at the same keyboard.
    Human,
}

/// Arguments of `tengen play`.
#[derive(Debug, clap::Args)]
#[command(
    long_about = "Plays a game in the terminal. Type a vertex (D4), `pass`, `undo`, `resign` or \
`quit`. The board is drawn with coordinates and the last move between parentheses. Input is read \
line by line, so a game can be piped in."
)]
pub struct Args {
    /// Board side (1 to 25, the widest board lettered vertices address).
    #[arg(long, default_value_t = 19, value_parser = clap::value_parser!(u8).range(1..=tengen_core::MAX_GTP_SIZE as i64))]
    pub size: u8,
    /// Rules: a preset (chinese, japanese, tromp-taylor, ...) and/or key=value pairs.
    #[arg(long, value_parser = parse_rules, default_value = "chinese")]
    pub rules: Rules,
    /// The opponent.
    #[arg(long, value_enum, default_value = "engine")]
    pub vs: Opponent,
    /// Your color against the engine: black or white.
    #[arg(long, default_value = "black", value_parser = parse_color)]
    pub color: Color,
    /// Seed of the engine's random moves.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub search: crate::cmd_gtp::SearchArgs,
}

fn parse_color(text: &str) -> Result<Color, String> {
    Color::parse(text).ok_or_else(|| "expected black or white".to_string())
}

/// Runs `tengen play` until the game ends, `quit`, or the end of the input.
pub fn run(args: Args) -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    match play(&args, stdin.lock(), stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen play: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The body of the first line of a GTP answer, or its error message.
fn gtp(engine: &mut Engine, command: &str) -> Result<String, String> {
    let answer = engine.handle_line(command).unwrap_or_default();
    let body = answer.get(2..).unwrap_or_default().trim_end().to_string();
    if answer.starts_with('=') {
        Ok(body)
    } else {
        Err(body)
    }
}

fn play<R: BufRead, W: Write>(args: &Args, input: R, mut out: W) -> io::Result<()> {
    let mut engine = Engine::new(args.rules, args.seed);
    args.search.apply(&mut engine, args.seed);
    if let Err(e) = gtp(&mut engine, &format!("boardsize {}", args.size)) {
        writeln!(out, "cannot play on this board: {e}")?;
        return Ok(());
    }
    let engine_color = (args.vs == Opponent::Engine).then(|| args.color.opponent());
    writeln!(
        out,
        "tengen play: {0}x{0}, rules {1}. Moves: a vertex such as D4, pass, undo, resign, quit.",
        args.size, args.rules
    )?;
    let mut lines = input.lines();
    loop {
        if engine.game().is_over() {
            writeln!(out, "{}", showboard(engine.game()))?;
            let result = gtp(&mut engine, "gogui-rules_final_result").unwrap_or_default();
            if result == "unknown" {
                writeln!(out, "game over: two passes (counting is not available yet)")?;
            } else {
                writeln!(out, "game over: {result}")?;
            }
            return Ok(());
        }
        let to_move = engine.game().to_move();
        if engine_color == Some(to_move) {
            match gtp(&mut engine, &format!("genmove {to_move}")) {
                Ok(mv) => writeln!(out, "{to_move} (engine) plays {mv}")?,
                Err(e) => writeln!(out, "the engine cannot move: {e}")?,
            }
            continue;
        }
        writeln!(out, "{}", showboard(engine.game()))?;
        write!(out, "{to_move}> ")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            return Ok(());
        };
        let line = line?;
        let word = line.trim().to_ascii_lowercase();
        match word.as_str() {
            "" => {}
            "quit" | "exit" => return Ok(()),
            "undo" => {
                // Against the engine, take back its reply too so it is the human's turn again.
                let turns = if engine_color.is_some() && engine.game().move_number() >= 2 {
                    2
                } else {
                    1
                };
                for _ in 0..turns {
                    if let Err(e) = gtp(&mut engine, "undo") {
                        writeln!(out, "{e}")?;
                        break;
                    }
                }
            }
            _ => {
                if let Err(e) = gtp(&mut engine, &format!("play {to_move} {word}")) {
                    writeln!(out, "{e}")?;
                }
            }
        }
    }
}
