//! The engine: a [`Game`] driven by GTP commands.

use crate::error::GtpError;
use crate::protocol::{frame, preprocess, Command};
use crate::text::{format_vertex, parse_color, parse_move, parse_point, vertex_list, VertexError};
use std::io::{self, BufRead, Write};
use std::path::{Component, Path, PathBuf};
use tengen_core::playout::{self, Rng};
use tengen_core::{check_komi, coords, handicap, Color, Game, Move, Point, Rules, SetupError};
use tengen_scoring::{Guess, GuessOptions, Score, StoneStatus};
use tengen_sgf::game::{game_from_sgf_until, sgf_from_game, GameInfo};

pub use tengen_core::MAX_GTP_SIZE;

/// The commands the engine knows, in the order `list_commands` prints them.
///
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "rectangular_boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "final_score",
    "final_status_list",
    "list_stones",
    "is_legal",
    "captures",
    "time_settings",
    "time_left",
    "kata-set-rules",
    "kata-get-rules",
    "gogui-setup",
    "gogui-setup_player",
    "set_position",
    "gogui-rules_game_id",
    "gogui-rules_board_size",
    "gogui-rules_side_to_move",
    "gogui-rules_legal_moves",
    "gogui-rules_board",
    "gogui-rules_captured_count",
    "gogui-rules_final_result",
    "loadsgf",
    "printsgf",
    "kgs-time_settings",
    "gogui-analyze_commands",
    "tengen-ownership",
    "tengen-pv",
    "tengen-candidates",
];

type Answer = Result<String, GtpError>;

fn syntax_error<T>() -> Result<T, GtpError> {
    Err(GtpError::Syntax)
}

/// A GTP v2 engine: a game of Go, its rules, and a seeded random generator for `genmove`.
///
/// ```
/// use tengen_core::Rules;
/// use tengen_gtp::Engine;
/// let mut engine = Engine::new(Rules::default(), 42);
/// let input = b"boardsize 9\n1 genmove b\nquit\n";
/// let mut output = Vec::new();
/// engine.run(&input[..], &mut output).unwrap();
/// let text = String::from_utf8(output).unwrap();
/// assert!(text.starts_with("= \n\n=1 "));
/// assert!(engine.has_quit());
/// ```
#[derive(Debug, Clone)]
pub struct Engine {
    pub(crate) game: Game,
    rng: Rng,
    pub(crate) seed: u64,
    quit: bool,
    /// Names, result and an unknown `RU` text of the last `loadsgf`, for `printsgf`.
    info: GameInfo,
    /// The rules set by the command line, `kata-set-rules` and `komi`: a record that `loadsgf`
    /// reads is played under them when its `RU` is missing or unknown.
    rules: Rules,
    /// Where `loadsgf`/`printsgf` files live when confined ([`Engine::confine_files_to`]).
    file_dir: Option<PathBuf>,
    /// The tree search that `genmove` plays when set (else the light-playout policy), and its
    /// options: see `crate::search`.
    pub(crate) search: Option<Box<tengen_mcts::Search>>,
    pub(crate) status_from_search: bool,
}

impl Engine {
    /// An engine on an empty 19x19 board under `rules`, its random moves seeded with `seed`.
    pub fn new(rules: Rules, seed: u64) -> Engine {
        let game = Game::new(19, 19, rules).expect("19x19 is a valid size");
        Engine {
            game,
            rng: Rng::new(seed),
            seed,
            quit: false,
            info: GameInfo::default(),
            rules,
            file_dir: None,
            search: None,
            status_from_search: false,
        }
    }

    /// Confines `loadsgf` and `printsgf` to `dir`: a file name is taken relative to it, and an
    /// absolute name or one with `..` is refused (`? cannot open or create 'NAME'`). Tests, fuzzing
    /// and hosted engines use it so that no command writes outside a chosen folder; by default,
    /// as GNU Go, names are relative to the current directory.
    pub fn confine_files_to(&mut self, dir: impl Into<PathBuf>) {
        self.file_dir = Some(dir.into());
    }

    /// Where the file `name` of a `loadsgf`/`printsgf` lives, or `None` when it is out of bounds.
    fn file_path(&self, name: &str) -> Option<PathBuf> {
        let Some(dir) = &self.file_dir else {
            return Some(PathBuf::from(name));
        };
        let path = Path::new(name);
        let inside = path
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
        inside.then(|| dir.join(path))
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether `quit` has been received.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Answers one input line. Returns the full response text (`= …\n\n` or `? …\n\n`, with the
    /// command's id echoed), or `None` when the line is empty or only a comment.
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        let cleaned = preprocess(line)?;
        let command = Command::parse(&cleaned);
        let answer = self.execute(&command.name, &command.args);
        Some(frame(command.id, &answer))
    }

    /// Reads commands from `reader` line by line and writes each response to `writer`, flushing
    /// after each, until `quit` or the end of the input.
    pub fn run<R: BufRead, W: Write>(&mut self, mut reader: R, mut writer: W) -> io::Result<()> {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            if reader.read_until(b'\n', &mut buf)? == 0 {
                return Ok(());
            }
            let line = String::from_utf8_lossy(&buf);
            if let Some(response) = self.handle_line(&line) {
                writer.write_all(response.as_bytes())?;
                writer.flush()?;
            }
            if self.quit {
                return Ok(());
            }
        }
    }

    /// Runs one command. On `Err` nothing has changed.
    fn execute(&mut self, name: &str, args: &[String]) -> Answer {
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        if let Some(answer) = self.search_command(name, &a) {
            return answer;
        }
        match name {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("tengen".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => match a.as_slice() {
                [cmd] => Ok(COMMANDS.contains(cmd).to_string()),
                _ => syntax_error(),
            },
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => match a.as_slice() {
                [n] => {
                    let n: usize = n.parse().or_else(|_| syntax_error())?;
                    self.resize(n, n)
                }
                _ => syntax_error(),
            },
            "rectangular_boardsize" => match a.as_slice() {
                [w, h] => {
                    let w: usize = w.parse().or_else(|_| syntax_error())?;
                    let h: usize = h.parse().or_else(|_| syntax_error())?;
                    self.resize(w, h)
                }
                _ => syntax_error(),
            },
            "clear_board" => {
                self.game.clear();
                self.info = GameInfo::default();
                Ok(String::new())
            }
            "komi" => match a.as_slice() {
                [k] => {
                    let k: f64 = k.parse().or_else(|_| syntax_error())?;
                    if !k.is_finite() {
                        return syntax_error();
                    }
                    let k = check_komi(k).map_err(GtpError::UnacceptableKomi)?;
                    self.game.set_komi(k);
                    self.rules.komi = k;
                    Ok(String::new())
                }
                _ => syntax_error(),
            },
            "play" => match a.as_slice() {
                [c, v] => self.play(c, v),
                _ => syntax_error(),
            },
            "genmove" => match a.as_slice() {
                [c] => self.genmove(c),
                _ => syntax_error(),
            },
            "undo" => {
                if self.game.undo() {
                    Ok(String::new())
                } else {
                    Err(GtpError::CannotUndo)
                }
            }
            "showboard" => Ok(format!("\n{}", showboard(&self.game))),
            "fixed_handicap" => match a.as_slice() {
                [n] => self.handicap(n, handicap::fixed),
                _ => syntax_error(),
            },
            "place_free_handicap" => match a.as_slice() {
                [n] => self.handicap(n, handicap::free),
                _ => syntax_error(),
            },
            "set_free_handicap" => self.set_free_handicap(&a),
            "final_score" => self.final_score(),
            "final_status_list" => match a.as_slice() {
                [status] if matches!(*status, "alive" | "dead" | "seki") => {
                    Ok(self.status_list(status))
                }
                _ => syntax_error(),
            },
            "list_stones" => match a.as_slice() {
                [c] => {
                    let color = parse_color(c).ok_or(GtpError::InvalidColor)?;
                    let board = self.game.board();
                    let stones: Vec<Point> = board
                        .points()
                        .filter(|&p| board.get(p) == Some(color))
                        .collect();
                    Ok(vertex_list(&stones, board))
                }
                _ => syntax_error(),
            },
            "is_legal" => match a.as_slice() {
                [c, v] => self.is_legal(c, v),
                _ => syntax_error(),
            },
            "captures" => match a.as_slice() {
                [c] => {
                    let color = parse_color(c).ok_or(GtpError::InvalidColor)?;
                    Ok(self.game.board().captures(color).to_string())
                }
                _ => syntax_error(),
            },
            // time_settings, time_left, kgs-time_settings: see `crate::search`.
            "kata-set-rules" => {
                if a.is_empty() {
                    return syntax_error();
                }
                let rules: Rules = a.join(" ").parse().map_err(GtpError::Rules)?;
                self.game.set_rules(rules);
                self.rules = rules;
                Ok(String::new())
            }
            "kata-get-rules" => Ok(self.game.rules().to_string()),
            "gogui-setup" => {
                let stones = self.setup_stones(&a)?;
                let mut game = self.game.clone();
                set_up(&mut game, &stones)?;
                self.game = game;
                Ok(String::new())
            }
            "gogui-setup_player" => match a.as_slice() {
                [c] => {
                    let color = parse_color(c).ok_or(GtpError::InvalidColor)?;
                    self.game
                        .set_to_move(color)
                        .map_err(|_| GtpError::PlayerAfterFirstMove)?;
                    Ok(String::new())
                }
                _ => syntax_error(),
            },
            "set_position" => {
                let stones = self.setup_stones(&a)?;
                let mut game = self.game.clone();
                game.clear();
                set_up(&mut game, &stones)?;
                self.game = game;
                self.info = GameInfo::default();
                Ok(String::new())
            }
            "gogui-rules_game_id" => Ok("Go".into()),
            "gogui-rules_board_size" => {
                let b = self.game.board();
                if b.width() == b.height() {
                    Ok(b.width().to_string())
                } else {
                    Ok(format!("{} {}", b.width(), b.height()))
                }
            }
            "gogui-rules_side_to_move" => Ok(self.game.to_move().name().into()),
            "gogui-rules_legal_moves" => {
                if self.game.is_over() {
                    return Ok(String::new());
                }
                let board = self.game.board();
                let mut moves: Vec<String> = self
                    .game
                    .legal_moves(self.game.to_move())
                    .into_iter()
                    .map(|p| format_vertex(Move::Play(p), board))
                    .collect();
                moves.push("pass".into());
                Ok(moves.join(" "))
            }
            "gogui-rules_board" => Ok(gogui_board(&self.game)),
            "gogui-rules_captured_count" => {
                let b = self.game.board();
                Ok(format!(
                    "{} {}",
                    b.captures(Color::Black),
                    b.captures(Color::White)
                ))
            }
            "gogui-rules_final_result" => {
                Ok(self.final_result().unwrap_or_else(|| "unknown".into()))
            }
            "loadsgf" => match a.as_slice() {
                [file] => self.loadsgf(file, None),
                [file, until] => self.loadsgf(file, Some(until)),
                _ => syntax_error(),
            },
            "printsgf" => match a.as_slice() {
                [] => Ok(self.sgf_text()),
                [file] => {
                    let text = self.sgf_text();
                    let cannot = || GtpError::CannotWrite(file.to_string());
                    let path = self.file_path(file).ok_or_else(cannot)?;
                    std::fs::write(path, text + "\n").map_err(|_| cannot())?;
                    Ok(String::new())
                }
                _ => syntax_error(),
            },
            "" => syntax_error(),
            _ => Err(GtpError::UnknownCommand),
        }
    }

    fn resize(&mut self, width: usize, height: usize) -> Answer {
        if !(1..=MAX_GTP_SIZE).contains(&width) || !(1..=MAX_GTP_SIZE).contains(&height) {
            return Err(GtpError::UnacceptableSize);
        }
        let mut game =
            Game::new(width, height, *self.game.rules()).map_err(|_| GtpError::UnacceptableSize)?;
        std::mem::swap(&mut self.game, &mut game);
        self.info = GameInfo::default();
        Ok(String::new())
    }

    /// `loadsgf FILE [MOVE_NUMBER]`, as GNU Go: the first game of the file, replayed up to the
    /// position before move `MOVE_NUMBER` (from 1; `0` or past the end: the whole game), or
    /// before the first move at a vertex when a vertex is given. Answers the color to move.
    /// Rules from the file's `RU` when tengen knows them, else the engine's; `KM` sets komi.
    fn loadsgf(&mut self, file: &str, until: Option<&str>) -> Answer {
        let unreadable = || GtpError::CannotRead(file.to_string());
        let path = self.file_path(file).ok_or_else(unreadable)?;
        let bytes = std::fs::read(path).map_err(|_| unreadable())?;
        let (games, _) = tengen_sgf::read_go_games(&bytes).map_err(|_| unreadable())?;
        let record = games.first().ok_or_else(unreadable)?;
        let (w, h) = (usize::from(record.width), usize::from(record.height));
        if w > MAX_GTP_SIZE || h > MAX_GTP_SIZE {
            return Err(GtpError::UnacceptableSize);
        }
        let move_number = match until {
            None => 0,
            Some(t) => match t.parse::<i64>() {
                Ok(n) => usize::try_from(n).unwrap_or(0),
                Err(_) => {
                    let board = tengen_core::Board::new(w, h).or_else(|_| syntax_error())?;
                    let p = parse_point(t, &board).or_else(|_| syntax_error())?;
                    record
                        .moves
                        .iter()
                        .position(|m| m.point.is_some_and(|q| (q.x, q.y) == (p.x, p.y)))
                        .map_or(0, |i| i + 1)
                }
            },
        };
        let game = game_from_sgf_until(record, self.rules, move_number)
            .map_err(GtpError::IllegalRecord)?;
        self.info = GameInfo::from_sgf(record);
        self.game = game;
        Ok(self.game.to_move().name().into())
    }

    /// The game as SGF text, with no blank line (a GTP answer ends at the first one).
    fn sgf_text(&self) -> String {
        // What other programs expect of a record: the date, and the result once it is known.
        let mut info = self.info.clone();
        info.date.get_or_insert_with(tengen_sgf::game::today);
        if info.result.is_none() {
            info.result = self.final_result();
        }
        let text = sgf_from_game(&self.game, &info)
            .to_sgf()
            .unwrap_or_default();
        let mut out = text.trim_end().to_string();
        while out.contains("\n\n") {
            out = out.replace("\n\n", "\n");
        }
        out
    }

    fn play(&mut self, color: &str, vertex: &str) -> Answer {
        let color = parse_color(color).ok_or(GtpError::InvalidColor)?;
        let mv = match parse_move(vertex, self.game.board()) {
            Ok(mv) => mv,
            Err(VertexError::Invalid) => return Err(GtpError::InvalidCoordinate),
            Err(VertexError::OffBoard) => return Err(GtpError::OffBoard),
        };
        self.game
            .play_as(color, mv)
            .map_err(GtpError::IllegalMove)?;
        Ok(String::new())
    }

    fn genmove(&mut self, color: &str) -> Answer {
        let color = parse_color(color).ok_or(GtpError::InvalidColor)?;
        if self.game.resigned().is_some() {
            return Err(GtpError::GameOver);
        }
        if color != self.game.to_move() && self.game.turns().is_empty() {
            // Before the first move the side to move can simply change hands.
            let _ = self.game.set_to_move(color);
        }
        let mv = match self.search.as_mut() {
            Some(search) => match search.genmove(&self.game, color) {
                tengen_mcts::Decision::Play(mv) => mv,
                // As GNU Go: the answer is `resign`, the board stays as it is.
                tengen_mcts::Decision::Resign => return Ok("resign".into()),
            },
            None => playout::choose_move_for(&mut self.game, color, &mut self.rng),
        };
        self.game
            .play_as(color, mv)
            .map_err(GtpError::IllegalMove)?;
        Ok(format_vertex(mv, self.game.board()))
    }

    fn is_legal(&self, color: &str, vertex: &str) -> Answer {
        let color = parse_color(color).ok_or(GtpError::InvalidColor)?;
        let legal = match parse_move(vertex, self.game.board()) {
            Ok(Move::Play(p)) => self.game.is_legal(color, p),
            Ok(Move::Pass) => self.game.resigned().is_none(),
            Ok(Move::Resign) => self.game.resigned().is_none(),
            Err(_) => return Err(GtpError::InvalidCoordinate),
        };
        Ok(if legal { "1" } else { "0" }.into())
    }

    /// Whether handicap stones may still be placed: an empty board and no move played.
    fn ready_for_handicap(&self) -> bool {
        self.game.turns().is_empty()
            && self.game.resigned().is_none()
            && self.game.board().stone_count(Color::Black) == 0
            && self.game.board().stone_count(Color::White) == 0
    }

    fn handicap(
        &mut self,
        count: &str,
        points: fn(usize, usize, u32) -> Result<Vec<Point>, handicap::HandicapError>,
    ) -> Answer {
        // GNU Go's order of checks: the count, then the board, then the placement.
        let n: u32 = count.parse().map_err(|_| GtpError::HandicapNotInteger)?;
        if n < 2 {
            return Err(GtpError::InvalidHandicap);
        }
        if !self.ready_for_handicap() {
            return Err(GtpError::BoardNotEmpty);
        }
        let board = self.game.board();
        let pts =
            points(board.width(), board.height(), n).map_err(|_| GtpError::InvalidHandicap)?;
        self.place_handicap(&pts)?;
        Ok(vertex_list(&pts, self.game.board()))
    }

    fn set_free_handicap(&mut self, vertices: &[&str]) -> Answer {
        if !self.ready_for_handicap() {
            return Err(GtpError::BoardNotEmpty);
        }
        let board = self.game.board();
        let mut pts: Vec<Point> = Vec::with_capacity(vertices.len());
        for v in vertices {
            let p = parse_point(v, board).map_err(|_| GtpError::InvalidCoordinate)?;
            if pts.contains(&p) {
                return Err(GtpError::RepeatedVertex);
            }
            pts.push(p);
        }
        if pts.len() < 2 || pts.len() >= board.width() * board.height() {
            return Err(GtpError::InvalidHandicap);
        }
        self.place_handicap(&pts)?;
        Ok(String::new())
    }

    /// Puts black handicap stones on the board; white moves next.
    fn place_handicap(&mut self, pts: &[Point]) -> Result<(), GtpError> {
        let stones: Vec<(Point, Option<Color>)> =
            pts.iter().map(|&p| (p, Some(Color::Black))).collect();
        let mut game = self.game.clone();
        set_up(&mut game, &stones)?;
        game.set_handicap_count(pts.len() as u32);
        game.set_to_move(Color::White)
            .map_err(|_| GtpError::BoardNotEmpty)?;
        self.game = game;
        Ok(())
    }

    /// Reads `b D4 w Q16 …` into set-up stones.
    fn setup_stones(&self, args: &[&str]) -> Result<Vec<(Point, Option<Color>)>, GtpError> {
        let pairs = args.chunks_exact(2);
        if !pairs.remainder().is_empty() {
            return syntax_error();
        }
        let board = self.game.board();
        pairs
            .map(|pair| {
                let color = parse_color(pair[0]).ok_or(GtpError::InvalidColor)?;
                let p = parse_point(pair[1], board).map_err(|_| GtpError::InvalidCoordinate)?;
                Ok((p, Some(color)))
            })
            .collect()
    }

    /// The result now (as GNU Go, whether or not the game is over): a resignation, or the count
    /// of the position with the automatic dead-stone guess.
    fn final_score(&self) -> Answer {
        match self.final_result() {
            Some(r) => Ok(r),
            None => Ok(self.score()),
        }
    }

    /// The automatic dead-stone guess of the current position, seeded by the engine's seed.
    fn guess(&self) -> Guess {
        let options = GuessOptions {
            seed: self.seed,
            to_move: Some(self.game.to_move()),
            ..GuessOptions::default()
        };
        Guess::new(self.game.board(), self.game.rules(), options)
    }

    /// `final_status_list`: the stones the guess finds alive, dead or in seki.
    fn status_list(&self, status: &str) -> String {
        let wanted = match status {
            "alive" => StoneStatus::Alive,
            "dead" => StoneStatus::Dead,
            _ => StoneStatus::Seki,
        };
        let board = self.game.board();
        let guess = self.guess();
        let stones: Vec<Point> = board
            .points()
            .zip(&guess.status)
            .filter(|(_, s)| **s == Some(wanted))
            .map(|(p, _)| p)
            .collect();
        vertex_list(&stones, board)
    }

    /// The result in SGF form once it is known: after a resignation now; after two passes once
    /// scoring is available.
    fn final_result(&self) -> Option<String> {
        if let Some(loser) = self.game.resigned() {
            let winner = match loser.opponent() {
                Color::Black => "B",
                Color::White => "W",
            };
            return Some(format!("{winner}+R"));
        }
        if self.game.is_over() {
            return Some(self.score());
        }
        None
    }

    /// The count of the current position under the game's rules, with the guessed dead stones,
    /// in SGF form.
    fn score(&self) -> String {
        let guess = self.guess();
        Score::new(&guess.marking, self.game.rules(), self.game.handicap()).result
    }
}

/// Applies set-up stones, turning the core's errors into GTP errors.
fn set_up(game: &mut Game, stones: &[(Point, Option<Color>)]) -> Result<(), GtpError> {
    let height = u8::try_from(game.board().height()).unwrap_or(u8::MAX);
    game.set_up(stones).map_err(|e| match e {
        SetupError::GameStarted => GtpError::SetupAfterFirstMove,
        SetupError::OffBoard(_) => GtpError::InvalidCoordinate,
        SetupError::NoLiberty(p) => {
            GtpError::SetupWithoutLiberty(coords::to_gtp(p, height).unwrap_or_default())
        }
    })
}

/// A readable picture of the board: coordinates on all sides, `X` black, `O` white, the last
/// move between parentheses, the captures and the side to move.
///
/// ```
/// use tengen_core::{Game, Move, Point, Rules};
/// let mut game = Game::new(3, 3, Rules::default()).unwrap();
/// game.play(Move::Play(Point::new(1, 1))).unwrap();
/// let text = tengen_gtp::showboard(&game);
/// assert!(text.contains("2 .(X). 2"));
/// ```
pub fn showboard(game: &Game) -> String {
    let board = game.board();
    let (w, h) = (board.width(), board.height());
    let digits = h.to_string().len();
    let last = game.last_move().and_then(|(_, mv)| mv.point());
    let letters: String = (0..w)
        .map(|x| {
            coords::column_letter(x as u8).map_or_else(|| "?".to_string(), |c| format!(" {c}"))
        })
        .collect();
    let header = format!("{}{}", " ".repeat(digits), letters);
    let mut out = String::new();
    out.push_str(&header);
    out.push('\n');
    for y in 0..h {
        let row = h - y;
        out.push_str(&format!("{row:>digits$}"));
        for x in 0..w {
            let p = Point::new(x as u8, y as u8);
            let left = (x > 0).then(|| Point::new(x as u8 - 1, y as u8));
            out.push(if last == Some(p) {
                '('
            } else if left.is_some() && last == left {
                ')'
            } else {
                ' '
            });
            out.push(stone_char(board.get(p)));
        }
        let last_col = Point::new(w as u8 - 1, y as u8);
        out.push(if last == Some(last_col) { ')' } else { ' ' });
        out.push_str(&format!("{row}\n"));
    }
    out.push_str(&header);
    out.push('\n');
    out.push_str(&format!(
        "Black (X) has captured {} stones\nWhite (O) has captured {} stones\n",
        board.captures(Color::Black),
        board.captures(Color::White)
    ));
    let status = if let Some(loser) = game.resigned() {
        format!("{loser} resigned")
    } else if game.is_over() {
        "game over after two passes".to_string()
    } else {
        format!("{} to move", game.to_move())
    };
    out.push_str(&status);
    out
}

fn stone_char(stone: Option<Color>) -> char {
    match stone {
        Some(Color::Black) => 'X',
        Some(Color::White) => 'O',
        None => '.',
    }
}

/// `gogui-rules_board`: one line per row, top row first, `X`, `O`, `.` separated by spaces.
fn gogui_board(game: &Game) -> String {
    let board = game.board();
    (0..board.height())
        .map(|y| {
            (0..board.width())
                .map(|x| stone_char(board.get(Point::new(x as u8, y as u8))).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}
