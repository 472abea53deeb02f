//! Interop: SGF written by tengen-sgf, read by Python's `sgfmill`
//! (`tests/interop/sgfmill_moves.py`). Skips with a printed note when
//! python3 or sgfmill is missing.

use std::process::Command;
use tengen_sgf::{read_go_games, Color, GoGame, Point};

fn python() -> Option<&'static str> {
    for py in ["python3", "python"] {
        let ok = Command::new(py)
            .args(["-c", "import sgfmill"])
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false);
        if ok {
            return Some(py);
        }
    }
    None
}

/// What the script prints for a game, computed on our side.
fn expected(g: &GoGame) -> String {
    let mut s = format!("size {} {}\n", g.width, g.height);
    for (name, pts) in [
        ("b", &g.setup.black),
        ("w", &g.setup.white),
        ("e", &g.setup.empty),
    ] {
        for p in pts.iter() {
            s += &format!("setup {name} {} {}\n", p.x, p.y);
        }
    }
    if let Some(k) = g.komi {
        s += &format!("komi {k:?}\n");
    }
    for m in &g.moves {
        let c = if m.color == Color::Black { "b" } else { "w" };
        match m.point {
            Some(p) => s += &format!("move {c} {} {}\n", p.x, p.y),
            None => s += &format!("move {c} pass\n"),
        }
    }
    s
}

fn check_with_sgfmill(py: &str, name: &str, g: &GoGame) {
    let sgf = g.to_sgf().unwrap();
    let dir = std::env::temp_dir().join(format!("tengen-sgf-interop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.sgf"));
    std::fs::write(&path, &sgf).unwrap();
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/interop/sgfmill_moves.py"
    );
    let out = Command::new(py).arg(script).arg(&path).output().unwrap();
    assert!(
        out.status.success(),
        "sgfmill failed on:\n{sgf}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got = String::from_utf8(out.stdout).unwrap();
    // Read back by us too, so node numbers etc. come from the same text.
    let ours = read_go_games(sgf.as_bytes()).unwrap().0.remove(0);
    assert_eq!(got, expected(&ours), "sgfmill disagrees on:\n{sgf}");
    assert_eq!(ours.moves.len(), g.moves.len());
}

#[test]
fn sgfmill_reads_what_we_write() {
    let Some(py) = python() else {
        eprintln!("SKIPPED sgfmill_reads_what_we_write: python3 with sgfmill not found (pip install sgfmill)");
        println!("SKIPPED sgfmill_reads_what_we_write: python3 with sgfmill not found");
        return;
    };
    // 19x19, 300 pseudo-random moves with passes and comments.
    let mut g = GoGame::new(19, 19);
    g.komi = Some(6.5);
    g.black_name = Some("Bl]ack \\ é".into());
    let mut s: u64 = 7;
    for i in 0..300 {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let c = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let p = (i % 37 != 36).then(|| Point::new(((s >> 33) % 19) as u8, ((s >> 45) % 19) as u8));
        g.push_move(c, p, (i % 10 == 0).then_some("c]o\\mment\nline"));
    }
    check_with_sgfmill(py, "big", &g);
    // 9x9 handicap game with set-up and PL.
    let mut h = GoGame::new(9, 9);
    h.handicap = Some(2);
    h.komi = Some(0.5);
    h.setup.black = vec![Point::new(2, 6), Point::new(6, 2)];
    h.player_to_move = Some(Color::White);
    h.push_move(Color::White, Some(Point::new(4, 4)), None);
    h.push_move(Color::Black, None, None);
    check_with_sgfmill(py, "handicap", &h);
}
