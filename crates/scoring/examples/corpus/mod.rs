//! The records of the cleanup corpus (tests/data/cleanup) as the examples read them: a file's
//! positions, and a position's game replayed to its two passes.

// Each example reads the fields and functions it needs, not all of them.
#![allow(dead_code)]

use tengen_core::{Game, Rules};

/// One record of a corpus file (the fields the examples read).
#[derive(serde::Deserialize)]
pub struct Position {
    pub id: String,
    /// `"japanese"` for the games ended Japanese-style, absent for area rules.
    #[serde(default)]
    pub rules: Option<String>,
    pub size: usize,
    pub sgf: String,
    /// The stones the cleanup removed: the dead ones.
    pub dead: Vec<String>,
    /// GNU Go's own `final_status_list dead`.
    pub gnugo_dead: Vec<String>,
}

impl Position {
    /// The game replayed from its SGF to the two passes (with simple ko for the Japanese-style
    /// games, as they were played).
    pub fn replay(&self) -> Game {
        let (games, _) = tengen_sgf::read_go_games(self.sgf.as_bytes()).expect("corpus SGF");
        let rules = match self.rules.as_deref() {
            Some("japanese") => Rules::JAPANESE,
            _ => Rules::CHINESE,
        };
        tengen_sgf::game::replay(&games[0], rules, None).expect("replayable")
    }
}

/// The positions of `file` (a file name in tests/data/cleanup).
pub fn load(file: &str) -> Vec<Position> {
    let text = std::fs::read_to_string(format!(
        "{}/../../tests/data/cleanup/{file}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("a corpus file");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a corpus line"))
        .collect()
}
