//! Live comparison with GNU Go (`/usr/games/gnugo --mode gtp`) for the commands GNU Go shares
//! with us. Skipped, with a message, when GNU Go is not installed.

mod common;
use common::{engine, ok};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const GNUGO: &str = "/usr/games/gnugo";

struct GnuGo {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl GnuGo {
    fn start() -> Option<GnuGo> {
        if !std::path::Path::new(GNUGO).exists() {
            eprintln!("skipped: {GNUGO} is not installed");
            return None;
        }
        let mut child = Command::new(GNUGO)
            .args(["--mode", "gtp"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start gnugo");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Some(GnuGo {
            child,
            stdin,
            stdout,
        })
    }

    /// The full answer, `= …` or `? …`, without the final empty line.
    fn ask(&mut self, command: &str) -> String {
        writeln!(self.stdin, "{command}").expect("write to gnugo");
        self.stdin.flush().expect("flush");
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if self.stdout.read_line(&mut line).expect("read gnugo") == 0 {
                break;
            }
            if line.trim().is_empty() {
                break;
            }
            answer.push_str(&line);
        }
        answer.trim_end().to_string()
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

fn ours(e: &mut tengen_gtp::Engine, command: &str) -> String {
    e.handle_line(command)
        .expect("an answer")
        .trim_end()
        .to_string()
}

#[test]
fn fixed_handicap_equals_gnu_go_on_7_to_25() {
    let Some(mut gnugo) = GnuGo::start() else {
        return;
    };
    let mut e = engine("chinese");
    let mut compared = 0;
    let mut refused = Vec::new();
    for size in 7..=25 {
        // This GNU Go build may be compiled for boards up to 19 only: compare where it plays.
        if gnugo.ask(&format!("boardsize {size}")).starts_with('?') {
            refused.push(size);
            continue;
        }
        for n in 0..=10 {
            let commands = [format!("boardsize {size}"), format!("fixed_handicap {n}")];
            let theirs: Vec<String> = commands.iter().map(|c| gnugo.ask(c)).collect();
            let mine: Vec<String> = commands.iter().map(|c| ours(&mut e, c)).collect();
            assert_eq!(mine, theirs, "{size}x{size}, {n} stones");
            compared += 1;
        }
        // A second handicap on the same board.
        ok(&mut e, "clear_board");
        gnugo.ask("clear_board");
        for c in [
            "fixed_handicap 2",
            "fixed_handicap 2",
            "list_stones black",
            "list_stones white",
        ] {
            assert_eq!(ours(&mut e, c), gnugo.ask(c), "{size}x{size}: {c}");
        }
    }
    if !refused.is_empty() {
        eprintln!("GNU Go refuses the board sizes {refused:?}: not compared there");
    }
    assert!(compared >= 13 * 11, "GNU Go should accept 7x7 to 19x19");
}

#[test]
fn stones_captures_and_legality_equal_gnu_go() {
    let Some(mut gnugo) = GnuGo::start() else {
        return;
    };
    let mut e = engine("chinese");
    // A capture, a ko, a suicide point and a few stones of each color on 9x9.
    let session = [
        "boardsize 9",
        "clear_board",
        "play b D5",
        "play w E5",
        "play b C4",
        "play w F4",
        "play b D3",
        "play w E3",
        "play b E4",
        "play w D4",
        "play b A2",
        "play w B1",
        "play b B2",
        "play w J9",
        "play b A1",
    ];
    let queries = [
        "list_stones black",
        "list_stones white",
        "list_stones BLACK",
        "captures black",
        "captures white",
        "captures b",
        "is_legal b E4",
        "is_legal w E4",
        "is_legal b D4",
        "is_legal w C1",
        "is_legal b J8",
        "is_legal w A1",
        "is_legal b pass",
    ];
    for c in session {
        assert_eq!(ours(&mut e, c), gnugo.ask(c), "{c}");
        for q in queries {
            assert_eq!(ours(&mut e, q), gnugo.ask(q), "after {c}: {q}");
        }
    }
}
