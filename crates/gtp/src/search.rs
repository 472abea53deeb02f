//! The engine's hook into the tree search (`tengen-mcts`): the commands that reach it — the
//! clock (`time_settings`, `time_left`, `kgs-time_settings`), GoGui's analysis commands, and
//! `final_status_list` when the engine is asked to answer it from its own search.

use crate::engine::Engine;
use crate::error::GtpError;
use crate::text::{format_vertex, parse_color, vertex_list};
use tengen_core::{Color, Move, Point};
use tengen_mcts::{Config, Report, Search};

/// GoGui's analysis commands: `type/label/command`.
const ANALYZE: &[&str] = &[
    "gfx/Ownership/tengen-ownership",
    "gfx/Principal variation/tengen-pv",
    "string/Candidates/tengen-candidates",
];

/// Playouts of an analysis when the engine has no search of its own.
const ANALYSIS_PLAYOUTS: u64 = 300;

impl Engine {
    /// Makes `genmove` play the tree search `search` (clock and analysis commands go to it too).
    pub fn set_search(&mut self, search: Search) {
        self.search = Some(Box::new(search));
    }

    /// The tree search, when one is set.
    pub fn search(&self) -> Option<&Search> {
        self.search.as_deref()
    }

    /// Whether `final_status_list` answers from the search's ownership (dead: stones the
    /// playouts give to the opponent) instead of the scoring crate's automatic guess (the
    /// default). Needs a search (see [`Engine::set_search`]).
    pub fn set_status_from_search(&mut self, on: bool) {
        self.status_from_search = on;
    }

    /// Answers the commands that belong to the search; `None` for every other command.
    pub(crate) fn search_command(
        &mut self,
        name: &str,
        a: &[&str],
    ) -> Option<Result<String, GtpError>> {
        let answer = match name {
            "time_settings" | "time_left" | "kgs-time_settings" => {
                let mut clock = self
                    .search
                    .as_ref()
                    .map(|s| s.clock().clone())
                    .unwrap_or_default();
                let result = match (name, a) {
                    ("time_settings", _) => clock.time_settings(a),
                    ("time_left", [c, t, s]) => match parse_color(c) {
                        Some(color) => clock.time_left(color, t, s),
                        None => return Some(Err(GtpError::InvalidColor)),
                    },
                    ("kgs-time_settings", _) => clock.kgs_time_settings(a),
                    _ => return Some(Err(GtpError::Syntax)),
                };
                match result {
                    Ok(()) => {
                        if let Some(s) = self.search.as_mut() {
                            *s.clock_mut() = clock;
                        }
                        Ok(String::new())
                    }
                    Err(_) => Err(GtpError::Syntax),
                }
            }
            "gogui-analyze_commands" => Ok(ANALYZE.join("\n")),
            "tengen-ownership" => {
                let report = self.analyze();
                let board = self.game.board();
                let cells: Vec<String> = board
                    .points()
                    .map(|p| {
                        let v = format_vertex(Move::Play(p), board);
                        format!("{v} {:.2}", report.owner_of(p))
                    })
                    .collect();
                Ok(format!("INFLUENCE {}", cells.join(" ")))
            }
            "tengen-pv" => {
                let report = self.analyze();
                let board = self.game.board();
                let mut out = String::from("VAR");
                for (c, mv) in &report.pv {
                    let c = if *c == Color::Black { 'b' } else { 'w' };
                    out.push_str(&format!(" {c} {}", format_vertex(*mv, board)));
                }
                Ok(out)
            }
            "tengen-candidates" => {
                let report = self.analyze();
                let board = self.game.board();
                let lines: Vec<String> = report
                    .candidates
                    .iter()
                    .take(10)
                    .map(|(mv, n, q)| format!("{} {n} {q:.3}", format_vertex(*mv, board)))
                    .collect();
                Ok(lines.join("\n"))
            }
            "final_status_list" if self.status_from_search && self.search.is_some() => match a {
                ["alive" | "dead" | "seki"] => Ok(self.status_from_search(a[0])),
                _ => Err(GtpError::Syntax),
            },
            _ => return None,
        };
        Some(answer)
    }

    /// A search of the current position for the player to move.
    fn analyze(&mut self) -> Report {
        match self.search.as_mut() {
            Some(s) => s.analyze(&self.game).clone(),
            None => {
                let mut s = Search::new(Config {
                    playouts: Some(ANALYSIS_PLAYOUTS),
                    seed: self.seed,
                    ..Config::default()
                });
                s.analyze(&self.game).clone()
            }
        }
    }

    /// `final_status_list` from the search: dead stones are those its playouts give to the
    /// opponent; it finds no seki (stones in seki survive the playouts, so they count as alive).
    fn status_from_search(&mut self, status: &str) -> String {
        let dead = match self.search.as_mut() {
            Some(s) => s.dead_stones(&self.game),
            None => Vec::new(),
        };
        let board = self.game.board();
        let stones: Vec<Point> = match status {
            "dead" => dead,
            "alive" => board
                .points()
                .filter(|p| board.get(*p).is_some() && !dead.contains(p))
                .collect(),
            _ => Vec::new(),
        };
        vertex_list(&stones, board)
    }
}
