//! `tengen check`: replays SGF records and checks every move of their main line.

use crate::common::parse_rules;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tengen_core::Rules;
use tengen_sgf::game::{replay, rules_of, unknown_rules_note, ReplayError};
use tengen_sgf::{parse, GoGame};

/// Arguments of `tengen check`.
#[derive(Debug, clap::Args)]
#[command(
    long_about = "Replays SGF records (files or folders, recursively, in sorted path order; every \
game of a collection) and checks every move of the main line. Prints one line per game, \
`PATH: ok (N moves)` or `PATH: move N VERTEX: REASON` (`PATH#K` for the K-th game of a \
collection; `PATH: error: MESSAGE` for a file or game that cannot be read or replayed), then a \
summary; exits 1 if any game is illegal or unreadable. Folders are searched for `*.sgf` files; a \
file named on the command line is read whatever its name. With --json: one object per game, \
{\"file\", \"game\", \"ok\", \"moves\", \"error\"}, where `moves` is the number of moves of the \
main line (null when unreadable) and `error` is null or {\"move_number\", \"vertex\", \"reason\"} \
(`move_number` and `vertex` null for an error that is not a move)."
)]
pub struct Args {
    /// SGF files or folders.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Rules to check under (default: the record's RU, else chinese).
    #[arg(long, value_parser = parse_rules)]
    pub rules: Option<Rules>,
    /// Print one JSON object per game instead, and no summary.
    #[arg(long)]
    pub json: bool,
}

/// What checking one game found.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Outcome {
    /// Every move is legal.
    Ok { moves: usize },
    /// Move `move_number` is illegal.
    Illegal {
        moves: usize,
        move_number: usize,
        vertex: String,
        reason: String,
    },
    /// The file or game cannot be read, or replayed for a reason that is not a move.
    Error {
        moves: Option<usize>,
        message: String,
    },
}

/// One game's report.
#[derive(Debug, Clone)]
struct Report {
    file: String,
    /// 1-based game number in the file.
    game: usize,
    /// Whether the file holds more than one game (the line then says `PATH#K`).
    collection: bool,
    outcome: Outcome,
}

/// The SGF files under `paths`: files as given, folders searched recursively for `*.sgf`
/// (any case); sorted, without duplicates. A path that does not exist is kept, so that reading
/// it reports the error.
pub(crate) fn sgf_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            out.push(dir.to_path_buf());
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            // Symbolic links to folders are not followed: no cycles.
            if kind.is_dir() {
                walk(&path, out);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
                && path.is_file()
            {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out);
        } else {
            out.push(p.clone());
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Checks one record under `rules` (or its own `RU`/`KM` over chinese when `None`).
pub(crate) fn check_game(g: &GoGame, rules: Option<Rules>) -> Outcome {
    let rules = rules.unwrap_or_else(|| {
        let used = rules_of(g, Rules::default());
        if let Some(note) = unknown_rules_note(g, &used) {
            eprintln!("tengen check: {note}");
        }
        used
    });
    let moves = g.moves.len();
    match replay(g, rules, None) {
        Ok(_) => Outcome::Ok { moves },
        Err(ReplayError::Illegal {
            move_number,
            vertex,
            reason,
            ..
        }) => Outcome::Illegal {
            moves,
            move_number,
            vertex,
            reason: reason.reason().to_string(),
        },
        Err(e) => Outcome::Error {
            moves: Some(moves),
            message: e.to_string(),
        },
    }
}

/// Checks every game of one file.
fn check_file(path: &Path, rules: Option<Rules>) -> Vec<Report> {
    let file = path.display().to_string();
    let error = |message: String| {
        vec![Report {
            file: file.clone(),
            game: 1,
            collection: false,
            outcome: Outcome::Error {
                moves: None,
                message,
            },
        }]
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return error(format!("cannot read: {e}")),
    };
    let parsed = match parse(&bytes) {
        Ok(p) => p,
        Err(e) => return error(e.to_string()),
    };
    let games = &parsed.collection.games;
    let collection = games.len() > 1;
    games
        .iter()
        .enumerate()
        .map(|(i, tree)| Report {
            file: file.clone(),
            game: i + 1,
            collection,
            outcome: match GoGame::from_tree(tree) {
                Ok(g) => check_game(&g, rules),
                Err(e) => Outcome::Error {
                    moves: None,
                    message: e.to_string(),
                },
            },
        })
        .collect()
}

fn text_line(r: &Report) -> String {
    let name = if r.collection {
        format!("{}#{}", r.file, r.game)
    } else {
        r.file.clone()
    };
    match &r.outcome {
        Outcome::Ok { moves } => format!("{name}: ok ({moves} moves)"),
        Outcome::Illegal {
            move_number,
            vertex,
            reason,
            ..
        } => format!("{name}: move {move_number} {vertex}: {reason}"),
        Outcome::Error { message, .. } => format!("{name}: error: {message}"),
    }
}

/// A JSON string literal.
fn js(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// One JSON object, keys in the documented order.
fn json_line(r: &Report) -> String {
    let null = || "null".to_string();
    let (ok, moves, error) = match &r.outcome {
        Outcome::Ok { moves } => (true, Some(*moves), null()),
        Outcome::Illegal {
            moves,
            move_number,
            vertex,
            reason,
        } => (
            false,
            Some(*moves),
            format!(
                r#"{{"move_number":{move_number},"vertex":{},"reason":{}}}"#,
                js(vertex),
                js(reason)
            ),
        ),
        Outcome::Error { moves, message } => (
            false,
            *moves,
            format!(
                r#"{{"move_number":null,"vertex":null,"reason":{}}}"#,
                js(message)
            ),
        ),
    };
    format!(
        r#"{{"file":{},"game":{},"ok":{ok},"moves":{},"error":{error}}}"#,
        js(&r.file),
        r.game,
        moves.map_or_else(null, |m| m.to_string()),
    )
}

/// Runs `tengen check`.
pub fn run(args: Args) -> ExitCode {
    let files = sgf_files(&args.paths);
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(files.len() as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}") {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let reports: Vec<Vec<Report>> = files
        .par_iter()
        .map(|f| {
            let r = check_file(f, args.rules);
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    let (mut ok, mut illegal, mut unreadable, mut games) = (0usize, 0usize, 0usize, 0usize);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for r in reports.iter().flatten() {
        games += 1;
        match r.outcome {
            Outcome::Ok { .. } => ok += 1,
            Outcome::Illegal { .. } => illegal += 1,
            Outcome::Error { .. } => unreadable += 1,
        }
        let line = if args.json {
            json_line(r)
        } else {
            text_line(r)
        };
        if writeln!(out, "{line}").is_err() {
            return ExitCode::FAILURE;
        }
    }
    if !args.json {
        let _ = writeln!(
            out,
            "{} in {}: {ok} ok, {illegal} illegal, {}",
            plural(games, "game"),
            plural(files.len(), "file"),
            plural(unreadable, "error")
        );
    }
    let _ = out.flush();
    if illegal + unreadable > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `1 game`, `2 games`.
fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(outcome: Outcome, collection: bool) -> Report {
        Report {
            file: "a.sgf".into(),
            game: 2,
            collection,
            outcome,
        }
    }

    #[test]
    fn lines() {
        assert_eq!(
            text_line(&report(Outcome::Ok { moves: 3 }, false)),
            "a.sgf: ok (3 moves)"
        );
        let bad = Outcome::Illegal {
            moves: 9,
            move_number: 4,
            vertex: "D4".into(),
            reason: "ko".into(),
        };
        assert_eq!(
            text_line(&report(bad.clone(), true)),
            "a.sgf#2: move 4 D4: ko"
        );
        assert_eq!(
            json_line(&report(bad, true)),
            r#"{"file":"a.sgf","game":2,"ok":false,"moves":9,"error":{"move_number":4,"vertex":"D4","reason":"ko"}}"#
        );
    }
}
