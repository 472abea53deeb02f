//! The GTP controller against GNU Go run live and against small scripted engines that crash,
//! hang or answer garbage.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tengen_core::{Color, Game, Move, Point, Rules};
use tengen_gtp::controller::{Controller, ControllerError};

const GNUGO: &str = "/usr/games/gnugo";
const T: Duration = Duration::from_secs(20);

fn gnugo() -> Option<Controller> {
    if !Path::new(GNUGO).exists() {
        eprintln!("GNU Go is not installed at {GNUGO}; skipping");
        return None;
    }
    Some(Controller::spawn(&format!("{GNUGO} --mode gtp --level 1"), T).expect("GNU Go starts"))
}

/// A fake engine: a Python script answering every command with `= ` except where `genmove`
/// does what `genmove_body` says (Python statements; `reply(text)` answers).
fn fake_engine(dir: &Path, name: &str, genmove_body: &str) -> PathBuf {
    let path = dir.join(format!("{name}.py"));
    let script = format!(
        r#"import sys, time
def reply(text):
    sys.stdout.write(text + "\n\n")
    sys.stdout.flush()
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    cmd = words[0]
    if cmd == "list_commands":
        reply("= list_commands\nboardsize\nplay\ngenmove\nquit")
    elif cmd == "quit":
        reply("=")
        break
    elif cmd == "genmove":
{body}
    elif cmd == "refuse":
        reply("? no such thing")
    elif cmd == "numbered":
        reply("=7 one\ntwo")
    else:
        reply("=")
"#,
        body = genmove_body
            .lines()
            .map(|l| format!("        {l}\n"))
            .collect::<String>()
    );
    std::fs::write(&path, script).unwrap();
    path
}

fn spawn_fake(dir: &Path, name: &str, body: &str) -> Controller {
    let path = fake_engine(dir, name, body);
    Controller::spawn(&format!("python3 {}", path.display()), T).expect("the fake engine starts")
}

#[test]
fn gnugo_plays_refuses_and_lists_its_commands() {
    let Some(mut g) = gnugo() else { return };
    assert!(g.supports("genmove"));
    assert!(g.supports("final_status_list"));
    // GNU Go 3.8 knows neither KataGo's rules command nor rectangular boards.
    assert!(!g.supports("kata-set-rules"));
    assert!(!g.supports("rectangular_boardsize"));
    assert!(matches!(
        g.boardsize(9, 7, T),
        Err(ControllerError::Unsupported(_))
    ));
    g.boardsize(9, 9, T).unwrap();
    g.send("clear_board", T).unwrap();
    g.send("komi 6.5", T).unwrap();
    let e5 = Point::new(4, 4);
    g.play(Color::Black, Move::Play(e5), T).unwrap();
    // GNU Go's own words for an occupied point.
    assert_eq!(
        g.play(Color::White, Move::Play(e5), T),
        Err(ControllerError::Failed("illegal move".into()))
    );
    let mut game = Game::new(9, 9, Rules::default()).unwrap();
    game.play_as(Color::Black, Move::Play(e5)).unwrap();
    let mv = g.genmove(Color::White, T).unwrap();
    // Its answer is a legal move of our own game (it is not E5, and the rules engine takes it).
    assert!(matches!(mv, Move::Play(p) if p != e5), "{mv:?}");
    game.play_as(Color::White, mv).unwrap();
    // The board GNU Go holds is the one we hold: its list of white stones is our one move.
    let listed = g.send("list_stones white", T).unwrap();
    assert_eq!(listed, g.move_text(mv).unwrap());
}

#[test]
fn gnugo_handicap_and_dead_stones() {
    let Some(mut g) = gnugo() else { return };
    g.boardsize(9, 9, T).unwrap();
    g.send("clear_board", T).unwrap();
    let stones = [Point::new(2, 6), Point::new(6, 2)]; // C3 and G7
    g.set_free_handicap(&stones, T).unwrap();
    let black = g.send("list_stones black", T).unwrap();
    let mut words: Vec<&str> = black.split_whitespace().collect();
    words.sort_unstable();
    assert_eq!(words, ["C3", "G7"]);

    // A position worked by hand: white holds the whole of column E as a wall, black column D;
    // black's single stone at G5 sits alone in white's 4-column area (F..J) with white's wall
    // and no black neighbour: dead, and nothing else is.
    g.send("clear_board", T).unwrap();
    for row in 1..=9u8 {
        let y = 9 - row;
        g.play(Color::Black, Move::Play(Point::new(3, y)), T)
            .unwrap();
        g.play(Color::White, Move::Play(Point::new(4, y)), T)
            .unwrap();
    }
    g.play(Color::Black, Move::Play(Point::new(6, 4)), T)
        .unwrap();
    assert_eq!(g.dead_stones(T).unwrap(), vec![Point::new(6, 4)]);
}

#[test]
fn a_crashing_engine_is_noticed_and_stays_dead() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = spawn_fake(dir.path(), "crash", "sys.exit(3)");
    e.boardsize(9, 9, T).unwrap();
    assert_eq!(
        e.genmove(Color::Black, T),
        Err(ControllerError::Crashed("genmove black".into()))
    );
    assert!(e.is_dead());
    assert_eq!(e.send("name", T), Err(ControllerError::Dead));
}

#[test]
fn a_hanging_engine_times_out_and_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = spawn_fake(dir.path(), "hang", "time.sleep(600)");
    let start = Instant::now();
    assert_eq!(
        e.genmove(Color::White, Duration::from_millis(300)),
        Err(ControllerError::Timeout("genmove white".into()))
    );
    // Not the 600 s of the script: the wait ends at the timeout (a loose bound, a busy machine).
    assert!(start.elapsed() < Duration::from_secs(30));
    assert!(e.is_dead());
    assert_eq!(e.send("name", T), Err(ControllerError::Dead));
}

#[test]
fn garbage_answers_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = spawn_fake(dir.path(), "banana", r#"reply("= banana")"#);
    assert!(matches!(
        e.genmove(Color::Black, T),
        Err(ControllerError::Garbage(_))
    ));
    assert!(e.is_dead());

    // A vertex off a 9x9 board is no move either.
    let mut e = spawn_fake(dir.path(), "offboard", r#"reply("= Z99")"#);
    e.boardsize(9, 9, T).unwrap();
    assert!(matches!(
        e.genmove(Color::Black, T),
        Err(ControllerError::Garbage(_))
    ));

    // Text that is not a GTP answer at all.
    let mut e = spawn_fake(dir.path(), "chatty", r#"reply("hello there")"#);
    assert!(matches!(
        e.genmove(Color::Black, T),
        Err(ControllerError::Garbage(m)) if m == "hello there"
    ));
}

#[test]
fn answers_are_read_as_gtp_writes_them() {
    let dir = tempfile::tempdir().unwrap();
    // An occupied point is still a move: legality is the caller's to judge (it holds the game).
    let mut e = spawn_fake(dir.path(), "occupied", r#"reply("= e5")"#);
    e.boardsize(9, 9, T).unwrap();
    assert!(e.supports("genmove") && !e.supports("kata-set-rules"));
    assert_eq!(e.genmove(Color::Black, T), Ok(Move::Play(Point::new(4, 4))));
    assert_eq!(
        e.send("refuse", T),
        Err(ControllerError::Failed("no such thing".into()))
    );
    assert_eq!(e.send("numbered", T), Ok("one\ntwo".into()));
    // Still alive after a refusal.
    assert_eq!(e.send("anything", T), Ok(String::new()));
}

#[test]
fn a_missing_program_is_a_spawn_error() {
    let r = Controller::spawn("/nonexistent/engine --gtp", T);
    assert!(matches!(r, Err(ControllerError::Spawn(_))));
    assert!(matches!(
        Controller::spawn("   ", T),
        Err(ControllerError::Spawn(_))
    ));
}
