//! `tengen score`: scores the final position of a record.

use crate::common::parse_rules;
use std::path::PathBuf;
use std::process::ExitCode;
use tengen_core::{Color, Rules};
use tengen_scoring::{parse_vertex, Analysis, Effort, Guess, GuessOptions, Marking, Score};

/// How dead stones are found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Dead {
    /// The automatic guess.
    Auto,
    /// Every stone on the board is alive.
    None,
}

/// How hard the automatic guess works (`--effort`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GuessEffort {
    /// A quick look: a fifth of the default playouts.
    Low,
    /// The default: a finished 19x19 game in well under 50 ms.
    Default,
    /// Eight times the default playouts: a 19x19 game in well under a second.
    High,
}

/// Arguments of `tengen score`.
#[derive(Debug, clap::Args)]
#[command(
    long_about = "Scores the final position of an SGF record. The last line is the result in SGF \
form (`B+3.5`, `W+0.5`, `0` for a draw); `--json` prints one object instead."
)]
pub struct Args {
    /// The SGF record.
    pub file: PathBuf,
    /// Rules to score under (default: the record's RU, else chinese).
    #[arg(long, value_parser = parse_rules)]
    pub rules: Option<Rules>,
    /// How dead stones are found.
    #[arg(long, value_enum, default_value = "auto")]
    pub dead: Dead,
    /// Mark exactly the groups holding these points dead (replaces the guess): `D4,Q16,...`.
    #[arg(long, value_delimiter = ',')]
    pub dead_stones: Vec<String>,
    /// Seed of the random playouts the automatic guess uses.
    #[arg(long)]
    pub seed: Option<u64>,
    /// How hard the automatic guess works.
    #[arg(long, value_enum, default_value = "default")]
    pub effort: GuessEffort,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tengen score`: exit 0 with the result, 1 when the record cannot be read or replayed,
/// 2 for bad arguments.
pub fn run(args: Args) -> ExitCode {
    match score(&args) {
        Ok(score) => {
            if args.json {
                println!(
                    "{}",
                    serde_json::to_string(&score).expect("a score serializes")
                );
            } else {
                print_score(&score);
            }
            ExitCode::SUCCESS
        }
        Err((code, message)) => {
            eprintln!("tengen score: {message}");
            ExitCode::from(code)
        }
    }
}

fn score(args: &Args) -> Result<Score, (u8, String)> {
    let path = args.file.display();
    let bytes = std::fs::read(&args.file).map_err(|e| (1, format!("{path}: {e}")))?;
    let (games, _warnings) =
        tengen_sgf::read_go_games(&bytes).map_err(|e| (1, format!("{path}: {e}")))?;
    let sgf = games
        .first()
        .ok_or_else(|| (1, format!("{path}: no game in the file")))?;
    let rules = args
        .rules
        .unwrap_or_else(|| tengen_sgf::game::rules_of(sgf, Rules::default()));
    let game =
        tengen_sgf::game::replay(sgf, rules, None).map_err(|e| (1, format!("{path}: {e}")))?;
    let board = game.board();
    let marking = if !args.dead_stones.is_empty() {
        let analysis = Analysis::new(board);
        let mut groups = Vec::new();
        for v in &args.dead_stones {
            let p = parse_vertex(v.trim(), board.width(), board.height()).ok_or_else(|| {
                (
                    2,
                    format!("--dead-stones: {v:?} is not a point of this board"),
                )
            })?;
            let g = analysis
                .group_at(p)
                .ok_or_else(|| (2, format!("--dead-stones: no stone at {v}")))?;
            groups.push(g);
        }
        let mut marking = Marking::new(analysis);
        marking.set_groups_dead(&groups, true);
        marking
    } else if args.dead == Dead::Auto {
        let effort = match args.effort {
            GuessEffort::Low => Effort::Low,
            GuessEffort::Default => Effort::Default,
            GuessEffort::High => Effort::High,
        };
        let options = GuessOptions {
            seed: args.seed.unwrap_or(GuessOptions::default().seed),
            ..GuessOptions::with_effort(effort, board.width(), board.height())
        };
        Guess::new(board, &rules, options).marking
    } else {
        Marking::new(Analysis::new(board))
    };
    Ok(Score::new(&marking, &rules, game.handicap()))
}

fn print_score(s: &Score) {
    println!("rules: {}", s.rules);
    for (color, side) in [(Color::Black, &s.black), (Color::White, &s.white)] {
        println!(
            "{color}: territory {}, stones {}, prisoners {}, dead {}, bonus {}, total {}",
            side.territory, side.stones, side.prisoners, side.dead, side.bonus, side.total
        );
    }
    if !s.dead.is_empty() {
        println!("dead: {}", s.dead.join(" "));
    }
    if !s.seki.is_empty() {
        println!("seki: {}", s.seki.join(" "));
    }
    println!("{}", s.result);
}
