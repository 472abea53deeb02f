//! `tengen score`: scores the final position of a record.

use crate::common::{parse_record_rules, RecordRules};
use std::path::PathBuf;
use std::process::ExitCode;
use tengen_core::{Color, Rules, Scoring};
use tengen_scoring::{
    parse_vertex, Analysis, Effort, Guess, GuessOptions, Judgement, Marking, Score,
};

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
form (`B+3.5`, `W+0.5`, `0` for a draw); `--json` prints one object instead. Without `--json` \
it first prints the board with territory, dead stones and seki marked (a legend line under it) \
and the breakdown. A warning goes to stderr when the record does not end with two passes or a \
resignation."
)]
pub struct Args {
    /// The SGF record.
    pub file: PathBuf,
    /// Rules to score under (default: the record's RU, else chinese); the record's KM stays the
    /// komi unless the text names one (`chinese,komi=7.5`).
    #[arg(long, value_parser = parse_record_rules)]
    pub rules: Option<RecordRules>,
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
        Ok(scored) => {
            if !scored.finished {
                eprintln!(
                    "tengen score: warning: the game did not end with two passes or a \
                     resignation; scoring the position as it stands"
                );
            }
            if args.json {
                println!(
                    "{}",
                    serde_json::to_string(&scored.score).expect("a score serializes")
                );
            } else {
                print!("{}", board_text(&scored));
                print_score(&scored.score);
            }
            ExitCode::SUCCESS
        }
        Err((code, message)) => {
            eprintln!("tengen score: {message}");
            ExitCode::from(code)
        }
    }
}

/// A scored record: the count, and what the board picture needs besides.
struct Scored {
    score: Score,
    marking: Marking,
    judgement: Judgement,
    rules: Rules,
    /// Whether the record ends with two passes or a resignation.
    finished: bool,
}

fn score(args: &Args) -> Result<Scored, (u8, String)> {
    let path = args.file.display();
    let bytes = std::fs::read(&args.file).map_err(|e| (1, format!("{path}: {e}")))?;
    let (games, _warnings) =
        tengen_sgf::read_go_games(&bytes).map_err(|e| (1, format!("{path}: {e}")))?;
    let sgf = games
        .first()
        .ok_or_else(|| (1, format!("{path}: no game in the file")))?;
    let rules = match args.rules {
        Some(given) => {
            let mut rules = given.rules;
            if let (false, Some(komi)) = (given.komi_given, sgf.komi) {
                rules.komi = komi;
            }
            rules
        }
        None => tengen_sgf::game::rules_of(sgf, Rules::default()),
    };
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
            to_move: Some(game.to_move()),
            ..GuessOptions::with_effort(effort, board.width(), board.height())
        };
        Guess::new(board, &rules, options).marking
    } else {
        Marking::new(Analysis::new(board))
    };
    let resigned = tengen_sgf::game::GameInfo::from_sgf(sgf)
        .result
        .is_some_and(|r| r.to_ascii_uppercase().contains("+R"));
    let finished = game.is_over() || resigned;
    let judgement = Judgement::new(&marking);
    let score = Score::with_judgement(&marking, &rules, game.handicap(), &judgement);
    Ok(Scored {
        score,
        marking,
        judgement,
        rules,
        finished,
    })
}

/// The legend printed under the board.
const LEGEND: &str = "legend: X O stones, x o dead stones, # @ black/white stones in seki, \
b w territory of black/white, f false eye that must be filled, = space of a seki, . dame";

/// The board, top row first, with the points marked as they are counted, and the legend.
fn board_text(s: &Scored) -> String {
    const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let a = s.marking.analysis();
    let (w, h) = (a.width(), a.height());
    let mut out = String::new();
    let header: String = (0..w)
        .map(|x| LETTERS.get(x).map_or('?', |&c| c as char))
        .flat_map(|c| [' ', c])
        .collect();
    if w <= LETTERS.len() {
        out.push_str(&format!("   {header}\n"));
    }
    for y in 0..h {
        out.push_str(&format!("{:>3}", h - y));
        for x in 0..w {
            let k = y * w + x;
            let p = a.point(k);
            let here = s.judgement.map.at(k);
            let owner = s.score.ownership[y].as_bytes()[x];
            let c = match a.cells()[k] {
                Some(color) if s.marking.is_dead(p) => match color {
                    Color::Black => 'x',
                    Color::White => 'o',
                },
                Some(color) => match (color, s.judgement.seki[a.group_at(p).unwrap().0 as usize]) {
                    (Color::Black, false) => 'X',
                    (Color::White, false) => 'O',
                    (Color::Black, true) => '#',
                    (Color::White, true) => '@',
                },
                None => match owner {
                    b'B' => 'b',
                    b'W' => 'w',
                    _ if s.rules.scoring == Scoring::Territory && here.unscorable_false_eye => 'f',
                    _ if s.rules.scoring == Scoring::Territory && here.seki.is_some() => '=',
                    _ => '.',
                },
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str(LEGEND);
    out.push('\n');
    out
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
    if !s.dame.is_empty() {
        println!("dame: {}", s.dame.join(" "));
    }
    println!("{}", s.result);
}
