//! `tengen solve`: proves the result of an empty small board with perfect play.

use crate::common::{parse_dims, parse_rules};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use std::io::IsTerminal;
use std::process::ExitCode;
use tengen_core::{coords, Color, Move, Rules};
use tengen_solve::{solve, Progress, Solution, SolveError, SolveOptions};

/// Arguments of `tengen solve`.
#[derive(Debug, clap::Args)]
#[command(
    long_about = "Finds the result of an empty W by H board with perfect play by both sides: an \
exact search (alpha-beta with a transposition table that respects superko, symmetries and \
Benson's unconditional life) to the end of the game, two passes, counted by area. Prints a \
principal variation and the search figures; the last line is the result in SGF form from black's \
side (B+9 on 3x3, 0 for a draw). A progress line shows on a terminal.\n\n\
The rules need a superko rule (without it a game may never end) and area or stone scoring. \
Published values at komi 0 (van der Werf et al.): 2x2 B+1, 3x3 B+9, 4x4 B+2, 5x5 B+25."
)]
pub struct Args {
    /// Board size, `WxH` (`3x3`, `4x2`).
    #[arg(value_parser = parse_dims)]
    pub size: (usize, usize),
    /// Rules (a preset, `key=value` pairs, or both).
    #[arg(long, default_value = "chinese-ogs,komi=0", value_parser = parse_rules)]
    pub rules: Rules,
    /// Transposition table size as a power of two (entries of about 390 bytes below 16 points,
    /// about 610 bytes from 16 points on, where each keeps more of the search's assumptions
    /// apart). Default: the board's points + 7, from 12 to 20 (2x2: 2^12, about 1.6 MB; 3x3:
    /// 2^16, about 25 MB; 13 to 15 points: 2^20, about 400 MB), and 2^22 (about 2.5 GB) on
    /// boards of 16 points or more. Pages are taken as the search fills them.
    #[arg(long, value_parser = clap::value_parser!(u32).range(4..=30))]
    pub table_bits: Option<u32>,
    /// The score (black's area minus white's, before komi) whose test the search starts from;
    /// it changes the work, never the result. Default: the board's points (the test "does
    /// black get every point?" first) on boards of 16 points or more, else 0.
    #[arg(long, allow_hyphen_values = true)]
    pub first_guess: Option<i32>,
    /// Print one JSON object: result, pv, nodes, seconds.
    #[arg(long)]
    pub json: bool,
}

/// The `--json` output.
#[derive(Serialize)]
struct Report<'a> {
    result: &'a str,
    pv: Vec<String>,
    nodes: u64,
    seconds: f64,
}

fn move_text(mv: Move, height: usize) -> String {
    match mv {
        Move::Play(p) => coords::to_gtp(p, height as u8).unwrap_or_else(|| "?".into()),
        Move::Pass => "pass".into(),
        Move::Resign => "resign".into(),
    }
}

/// The table size a board gets unless `--table-bits` says otherwise: a tiny board needs no
/// 400 MB table (3x3 is solved in under 50,000 nodes).
fn default_table_bits(width: usize, height: usize) -> u32 {
    let n = (width * height) as u32;
    if n >= BIG_BOARD {
        22
    } else {
        (n + 7).clamp(12, 20)
    }
}

/// From this many points on, a board gets MTD(f)'s first guess at the top of its range and a
/// 2^22-entry table (docs/SOLVING.md, "The search": the whole board is the value of every
/// board of 16 points or more solved so far but 4x4, where the top first costs 1.6 times the
/// nodes and the same CPU time; on 2x8 it is what finishes); the library's larger entries
/// start at the same size ([`tengen_solve::BIG_BOARD_POINTS`]).
const BIG_BOARD: u32 = tengen_solve::BIG_BOARD_POINTS as u32;

/// MTD(f)'s first guess unless `--first-guess` says otherwise.
fn default_first_guess(width: usize, height: usize) -> i32 {
    let n = (width * height) as u32;
    if n >= BIG_BOARD {
        n as i32
    } else {
        0
    }
}

/// Runs `tengen solve`: exit 0 with the result, 2 for a board or rules it cannot solve.
pub fn run(args: Args) -> ExitCode {
    let (w, h) = args.size;
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        b.set_style(
            ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                .expect("a valid template"),
        );
        Some(b)
    } else {
        None
    };
    let progress = bar.clone().map(|b| {
        Box::new(move |p: &Progress| {
            b.set_message(format!(
                "{} nodes, black's score between {} and {} (before komi)",
                p.nodes, p.lower, p.upper
            ));
            b.tick();
        }) as Box<dyn FnMut(&Progress) + Send>
    });
    let options = SolveOptions {
        table_bits: args.table_bits.unwrap_or(default_table_bits(w, h)),
        first_guess: args.first_guess.unwrap_or(default_first_guess(w, h)),
        progress,
        ..SolveOptions::default()
    };
    let result = solve(w, h, args.rules, options);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let s: Solution = match result {
        Ok(s) => s,
        Err(e @ SolveError::Memory { .. }) => {
            eprintln!("tengen solve: {e} (--table-bits N sets 2^N entries)");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("tengen solve: {e}");
            return ExitCode::from(2);
        }
    };
    let pv: Vec<String> = s.pv.iter().map(|&(_, mv)| move_text(mv, h)).collect();
    if args.json {
        let report = Report {
            result: &s.result,
            pv,
            nodes: s.nodes,
            seconds: s.seconds,
        };
        println!(
            "{}",
            serde_json::to_string(&report).expect("a report serializes")
        );
    } else {
        let line: Vec<String> =
            s.pv.iter()
                .zip(&pv)
                .map(|(&(c, _), m)| format!("{}{}", if c == Color::Black { "B " } else { "W " }, m))
                .collect();
        println!("{w}x{h}, {}", args.rules);
        println!("principal variation: {}", line.join(", "));
        println!(
            "black's area minus white's: {}, komi {}",
            s.score,
            tengen_core::rules::format_komi(s.komi)
        );
        println!(
            "nodes {}, {:.3} s, table {} of {} entries",
            s.nodes, s.seconds, s.table_entries, s.table_capacity
        );
        println!("{}", s.result);
    }
    ExitCode::SUCCESS
}
