//! Engines the server plays with: the registry (`tengen serve --engine NAME=COMMAND`, the
//! built-in `tengen` engine, GNU Go when installed) and a [`Player`], one per engine seat of a
//! game, which asks an engine for its moves and its dead stones.
//!
//! A GTP engine runs as a child process of its own per seat, driven by
//! [`tengen_gtp::controller::Controller`]: it is told the game (size, komi, rules when it knows
//! `kata-set-rules`, handicap stones, time settings, every move) and, whenever its moves are no
//! longer a prefix of the game's or it died, it is started again and told the whole game, which
//! is how a game resumes after a server restart. The built-in engine is `tengen_mcts`'s search,
//! in the server's own process. Both block: callers run them on a blocking thread (see
//! [`crate::engine_seat`]).
//!
//! Every failure of an engine (it crashed, did not answer in time, answered something that is
//! not a move) is an [`EngineFailure`]; the seat's driver turns it into a forfeit.

use crate::clock::{SideView, TimeControl};
use crate::game::Match;
use serde::Serialize;
use std::collections::BTreeSet;
use std::fmt;
use std::time::Duration;
use tengen_core::{Color, Game, Move, Point};
use tengen_gtp::controller::{Controller, ControllerError};
use tengen_mcts::{Decision, Search};
use tengen_scoring::{Guess, GuessOptions};

/// The name of the built-in engine, always offered.
pub const BUILTIN: &str = "tengen";

/// How long a GTP command other than `genmove` may take (starting the engine included).
const QUICK: Duration = Duration::from_secs(20);

/// One engine the server offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct EngineSpec {
    /// Its name in `GET /api/engines` and in a creation's `black_engine`/`white_engine`.
    pub name: String,
    /// A line for people.
    pub description: String,
    /// The GTP command line (program and arguments, split at spaces, no shell); `None` for the
    /// built-in engine.
    #[serde(skip)]
    pub command: Option<String>,
}

/// The engine settings of a server.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineConfig {
    /// GTP engines besides the built-in one, in the order offered.
    pub gtp: Vec<EngineSpec>,
    /// Playouts a move of the built-in engine (`None`: by time).
    pub builtin_playouts: Option<u64>,
    /// Seconds a move of the built-in engine when the game has no clock.
    pub builtin_seconds: f64,
    /// Seconds an engine may take for a move when its clock does not decide (a game without a
    /// clock; a first move, before any clock runs); past it the engine forfeits.
    pub move_seconds: f64,
    /// Most games with an engine seat running at once; more are refused (`429`).
    pub max_games: usize,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            gtp: Vec::new(),
            builtin_playouts: None,
            builtin_seconds: 1.0,
            move_seconds: 60.0,
            max_games: 32,
        }
    }
}

impl EngineConfig {
    /// Every engine offered: the built-in one first, then the GTP engines.
    pub fn list(&self) -> Vec<EngineSpec> {
        let mut all = vec![EngineSpec {
            name: BUILTIN.into(),
            description: "tengen's own engine: Monte Carlo tree search (UCT with RAVE)".into(),
            command: None,
        }];
        all.extend(self.gtp.iter().cloned());
        all
    }

    /// The engine named `name`.
    pub fn find(&self, name: &str) -> Option<EngineSpec> {
        self.list().into_iter().find(|e| e.name == name)
    }
}

/// Reads `--engine NAME=COMMAND`: a name of letters, digits, `-`, `_` and `.` (at most 32),
/// then the command line. The built-in engine's name cannot be taken.
pub fn parse_engine(text: &str) -> Result<EngineSpec, String> {
    let Some((name, command)) = text.split_once('=') else {
        return Err(format!("--engine {text:?}: expected NAME=COMMAND"));
    };
    let name = name.trim();
    let command = command.trim();
    let good = (1..=32).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    if !good {
        return Err(format!(
            "--engine {name:?}: a name has 1 to 32 letters, digits, '-', '_' or '.'"
        ));
    }
    if name == BUILTIN {
        return Err(format!(
            "--engine {BUILTIN}: that name is the built-in engine's; choose another"
        ));
    }
    let program = command
        .split_whitespace()
        .next()
        .ok_or_else(|| format!("--engine {name}: the command is empty"))?;
    let program = std::path::Path::new(program)
        .file_name()
        .map_or(program.to_string(), |f| f.to_string_lossy().into_owned());
    Ok(EngineSpec {
        name: name.to_string(),
        description: format!("GTP engine ({program})"),
        command: Some(command.to_string()),
    })
}

/// GNU Go's command line when a `gnugo` executable is on the PATH or in /usr/games.
pub fn find_gnugo() -> Option<EngineSpec> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path)
        .chain([std::path::PathBuf::from("/usr/games")])
        .map(|d| d.join("gnugo"))
        .find(|p| p.is_file())?;
    Some(EngineSpec {
        name: "gnugo".into(),
        description: "GNU Go, over GTP".into(),
        command: Some(format!("{} --mode gtp", found.display())),
    })
}

/// Why an engine lost its game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineFailure {
    /// The engine could not be started or told the game, crashed, or answered garbage.
    Broken(String),
    /// No answer within the time it had.
    Hung(String),
    /// The built-in engine failed (a bug).
    Builtin(String),
}

impl fmt::Display for EngineFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineFailure::Broken(m) | EngineFailure::Hung(m) | EngineFailure::Builtin(m) => {
                f.write_str(m)
            }
        }
    }
}

impl From<ControllerError> for EngineFailure {
    fn from(e: ControllerError) -> EngineFailure {
        match e {
            ControllerError::Timeout(_) => EngineFailure::Hung(e.to_string()),
            _ => EngineFailure::Broken(e.to_string()),
        }
    }
}

/// The GTP command that tells an engine the time control: `kgs-time_settings` when it knows
/// it (Japanese byo-yomi exactly), else `time_settings` (byo-yomi as a Canadian period of one
/// stone, Fischer as absolute time kept current by `time_left`); `None` without a clock.
pub fn time_settings_command(tc: &TimeControl, kgs: bool) -> Option<String> {
    let s = |x: f64| secs(x);
    Some(match *tc {
        TimeControl::None => return None,
        TimeControl::Absolute { main } | TimeControl::Fischer { main, .. } => {
            if kgs {
                format!("kgs-time_settings absolute {}", s(main))
            } else {
                format!("time_settings {} 0 0", s(main))
            }
        }
        TimeControl::Byoyomi {
            main,
            periods,
            period,
        } => {
            if kgs {
                format!(
                    "kgs-time_settings byoyomi {} {} {periods}",
                    s(main),
                    s(period)
                )
            } else {
                format!("time_settings {} {} 1", s(main), s(period))
            }
        }
        TimeControl::Canadian {
            main,
            stones,
            period,
        } => format!("time_settings {} {} {stones}", s(main), s(period)),
    })
}

/// The arguments of `time_left` for a player's clock `side`: seconds, then 0 in main time, or
/// in overtime the stones (Canadian) or periods (byo-yomi under `kgs-time_settings`, else 1)
/// left.
pub fn time_left_args(tc: &TimeControl, side: &SideView, kgs: bool) -> (u64, u32) {
    match *tc {
        TimeControl::Byoyomi { .. } if side.main <= 0.0 => (
            secs(side.period.unwrap_or(0.0)),
            if kgs { side.periods.unwrap_or(1) } else { 1 },
        ),
        TimeControl::Canadian { .. } if side.main <= 0.0 => {
            (secs(side.period.unwrap_or(0.0)), side.stones.unwrap_or(1))
        }
        _ => (secs(side.main), 0),
    }
}

/// Whole seconds for GTP (engines read integers), never negative.
fn secs(seconds: f64) -> u64 {
    seconds.max(0.0).floor() as u64
}

/// The engine of one seat of one game.
pub enum Player {
    /// The built-in engine: its search (tree kept between moves).
    Builtin(Box<Search>),
    /// A GTP engine: its command and, while running, the process and the moves told to it.
    Gtp {
        /// The command line.
        command: String,
        /// The running engine.
        engine: Option<Controller>,
        /// The moves the engine has been told, in order.
        sent: Vec<(Color, Move)>,
    },
}

impl fmt::Debug for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Builtin(_) => f.write_str("Player::Builtin"),
            Player::Gtp { command, .. } => write!(f, "Player::Gtp({command:?})"),
        }
    }
}

impl Player {
    /// A player for `spec` (no process is started before the first question).
    pub fn new(spec: &EngineSpec, config: &EngineConfig) -> Player {
        match &spec.command {
            None => Player::Builtin(Box::new(Search::new(tengen_mcts::Config {
                playouts: config.builtin_playouts,
                seconds: config.builtin_seconds,
                // One thread a game: a club server plays several games at once.
                threads: 1,
                seed: 1,
                ..tengen_mcts::Config::default()
            }))),
            Some(command) => Player::Gtp {
                command: command.clone(),
                engine: None,
                sent: Vec::new(),
            },
        }
    }

    /// The engine's move for `color` in `m` (whose turn it is), within `limit`. The move is
    /// the engine's answer as it is: the caller judges it against the rules.
    pub fn genmove(
        &mut self,
        m: &Match,
        color: Color,
        limit: Duration,
        now: i64,
    ) -> Result<Move, EngineFailure> {
        match self {
            Player::Builtin(search) => {
                set_builtin_clock(search, m, now);
                Ok(match search.genmove(m.game(), color) {
                    Decision::Play(mv) => mv,
                    Decision::Resign => Move::Resign,
                })
            }
            Player::Gtp {
                command,
                engine,
                sent,
            } => {
                let e = sync(command, engine, sent, m)?;
                if let Some(clock) = m.clock() {
                    let view = clock.view(now);
                    let side = if color == Color::Black {
                        &view.black
                    } else {
                        &view.white
                    };
                    let kgs = e.supports("kgs-time_settings");
                    let (t, stones) = time_left_args(&m.meta().time, side, kgs);
                    // An engine that does not know time_left plays on without it.
                    if let Err(err) =
                        e.send(&format!("time_left {} {t} {stones}", color.name()), QUICK)
                    {
                        if e.is_dead() {
                            return Err(err.into());
                        }
                    }
                }
                let mv = e.genmove(color, limit)?;
                if mv != Move::Resign {
                    sent.push((color, mv));
                }
                Ok(mv)
            }
        }
    }

    /// The stones the engine holds dead in the finished position of `m`: GTP
    /// `final_status_list dead`, or for the built-in engine the scoring guess (what `tengen
    /// gtp` answers by default).
    pub fn dead_stones(
        &mut self,
        m: &Match,
        guess: GuessOptions,
    ) -> Result<BTreeSet<Point>, EngineFailure> {
        match self {
            Player::Builtin(_) => {
                let game = m.game();
                let guess = GuessOptions {
                    to_move: Some(game.to_move()),
                    ..guess
                };
                let g = Guess::new(game.board(), game.rules(), guess);
                Ok(game
                    .board()
                    .points()
                    .filter(|&p| g.marking.is_dead(p))
                    .collect())
            }
            Player::Gtp {
                command,
                engine,
                sent,
            } => {
                let e = sync(command, engine, sent, m)?;
                Ok(e.dead_stones(QUICK)?.into_iter().collect())
            }
        }
    }

    /// Stops the engine's process, if it runs.
    pub fn stop(&mut self) {
        if let Player::Gtp { engine, .. } = self {
            *engine = None;
        }
    }
}

/// Tells the built-in search the game's clock.
fn set_builtin_clock(search: &mut Search, m: &Match, now: i64) {
    let tc = &m.meta().time;
    let Some(clock) = m.clock() else { return };
    let Some(cmd) = time_settings_command(tc, true) else {
        return;
    };
    let words: Vec<&str> = cmd.split_whitespace().skip(1).collect();
    let c = search.clock_mut();
    if c.kgs_time_settings(&words).is_err() {
        return;
    }
    let view = clock.view(now);
    for (color, side) in [(Color::Black, &view.black), (Color::White, &view.white)] {
        let (t, s) = time_left_args(tc, side, true);
        let _ = c.time_left(color, &t.to_string(), &s.to_string());
    }
}

/// A running GTP engine told the game of `m`: started (again) and told everything when it is
/// not running, died, or its moves are not a prefix of the game's; then told the moves since.
fn sync<'a>(
    command: &str,
    engine: &'a mut Option<Controller>,
    sent: &mut Vec<(Color, Move)>,
    m: &Match,
) -> Result<&'a mut Controller, EngineFailure> {
    let game: &Game = m.game();
    let moves = game.moves();
    let fresh = match engine {
        Some(e) => e.is_dead() || !moves.starts_with(sent),
        None => true,
    };
    if fresh {
        *engine = None;
        sent.clear();
        let mut e = Controller::spawn(command, QUICK)?;
        let meta = m.meta();
        e.boardsize(meta.width as u8, meta.height as u8, QUICK)?;
        e.send("clear_board", QUICK)?;
        e.send(&format!("komi {}", game.rules().komi), QUICK)?;
        if e.supports("kata-set-rules") {
            // An engine that knows only some rules plays on with its own.
            if let Err(err) = e.send(&format!("kata-set-rules {}", game.rules()), QUICK) {
                if e.is_dead() {
                    return Err(err.into());
                }
            }
        }
        let setup = game.setup_board();
        let stones: Vec<Point> = setup
            .points()
            .filter(|&p| setup.get(p) == Some(Color::Black))
            .collect();
        if !stones.is_empty() {
            if e.supports("set_free_handicap") {
                e.set_free_handicap(&stones, QUICK)?;
            } else {
                for &p in &stones {
                    e.play(Color::Black, Move::Play(p), QUICK)?;
                }
            }
        }
        if let Some(cmd) = time_settings_command(&meta.time, e.supports("kgs-time_settings")) {
            if let Err(err) = e.send(&cmd, QUICK) {
                if e.is_dead() {
                    return Err(err.into());
                }
            }
        }
        *engine = Some(e);
    }
    let e = engine.as_mut().expect("started above");
    for &(color, mv) in moves.iter().skip(sent.len()) {
        if mv == Move::Resign {
            break;
        }
        e.play(color, mv, QUICK)?;
        sent.push((color, mv));
    }
    Ok(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_flags() {
        let e = parse_engine("gnugo1=/usr/games/gnugo --mode gtp --level 1").unwrap();
        assert_eq!(e.name, "gnugo1");
        assert_eq!(
            e.command.as_deref(),
            Some("/usr/games/gnugo --mode gtp --level 1")
        );
        assert_eq!(e.description, "GTP engine (gnugo)");
        assert!(parse_engine("tengen=/bin/true").is_err());
        assert!(parse_engine("no command").is_err());
        assert!(parse_engine("x=").is_err());
        assert!(parse_engine("bad name=/bin/true").is_err());
        let config = EngineConfig {
            gtp: vec![e],
            ..EngineConfig::default()
        };
        let names: Vec<String> = config.list().into_iter().map(|e| e.name).collect();
        assert_eq!(names, ["tengen", "gnugo1"]);
        assert!(config.find("tengen").unwrap().command.is_none());
        assert!(config.find("nobody").is_none());
    }

    #[test]
    fn time_commands() {
        let byo = TimeControl::Byoyomi {
            main: 60.5,
            periods: 5,
            period: 30.0,
        };
        assert_eq!(
            time_settings_command(&byo, true).unwrap(),
            "kgs-time_settings byoyomi 60 30 5"
        );
        assert_eq!(
            time_settings_command(&byo, false).unwrap(),
            "time_settings 60 30 1"
        );
        assert_eq!(time_settings_command(&TimeControl::None, true), None);
        let fischer = TimeControl::Fischer {
            main: 300.0,
            increment: 10.0,
            max: None,
        };
        assert_eq!(
            time_settings_command(&fischer, false).unwrap(),
            "time_settings 300 0 0"
        );
        // In main time: seconds and 0; in byo-yomi: the current period and the periods left.
        let main = SideView {
            main: 12.7,
            periods: Some(5),
            period: Some(30.0),
            stones: None,
        };
        assert_eq!(time_left_args(&byo, &main, true), (12, 0));
        let over = SideView {
            main: 0.0,
            periods: Some(3),
            period: Some(21.2),
            stones: None,
        };
        assert_eq!(time_left_args(&byo, &over, true), (21, 3));
        assert_eq!(time_left_args(&byo, &over, false), (21, 1));
        let canadian = TimeControl::Canadian {
            main: 0.0,
            stones: 25,
            period: 300.0,
        };
        let c = SideView {
            main: 0.0,
            periods: None,
            period: Some(250.0),
            stones: Some(20),
        };
        assert_eq!(time_left_args(&canadian, &c, false), (250, 20));
    }
}
