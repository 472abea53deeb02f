//! One game as the server sees it: the rules core's [`Game`] plus the scoring phase, undo
//! requests and acceptances, driven by an event log.
//!
//! A request is first *decided* against the current state ([`Match::decide_move`] and the
//! others): the decision either refuses with the error the HTTP contract asks for, or gives the
//! events to append. Events are applied with [`Match::apply`], both after a decision and when a
//! game is rebuilt from its stored log; a decided event always applies.

use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use tengen_core::{coords, handicap, Color, CoordError, Game, IllegalMove, Move, Point, Rules};
use tengen_scoring::{
    resignation_result, vertex, Analysis, Guess, GuessOptions, Marking, Phase, Score,
};

/// Widest board the HTTP interface addresses (GTP column letters).
pub const MAX_HTTP_SIZE: usize = 25;

/// The creation record of a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The rules in text form (komi included).
    pub rules: String,
    /// Handicap stones (0 for an even game).
    pub handicap: u32,
    /// Black's name.
    pub black_name: String,
    /// White's name.
    pub white_name: String,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// Shown in `GET /api/games` (the creator's choice; games stored before there was a
    /// choice are listed).
    #[serde(default = "listed_by_default")]
    pub listed: bool,
}

fn listed_by_default() -> bool {
    true
}

/// A player, as events and the state name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Black.
    Black,
    /// White.
    White,
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::Black => Side::Black,
            Color::White => Side::White,
        }
    }
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::Black => Color::Black,
            Side::White => Color::White,
        }
    }
}

/// One entry of a game's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A play (`D4`), `pass` or `resign`.
    Move {
        /// Who.
        c: Side,
        /// What.
        v: String,
    },
    /// The automatic dead-stone guess, laid on when the scoring phase begins: the dead stones.
    Marks {
        /// Vertices of the stones guessed dead.
        dead: Vec<String>,
    },
    /// A player marked the chain of the stone on `v` dead or alive.
    Dead {
        /// Who.
        c: Side,
        /// A stone of the chain.
        v: String,
        /// Dead or alive.
        dead: bool,
    },
    /// A player accepted the current marks.
    Accept {
        /// Who.
        c: Side,
    },
    /// A player took the game back from scoring to play.
    Resume {
        /// Who.
        c: Side,
    },
    /// A player asked to take back their last move.
    UndoRequest {
        /// Who asked.
        c: Side,
    },
    /// The opponent of the asker agreed: the asker's last move (and any after it) is gone.
    UndoAccept {
        /// Who agreed.
        c: Side,
    },
}

/// Why a request is refused; the HTTP layer maps it to its status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// `400 bad_request`: malformed content (an unreadable vertex).
    BadRequest(String),
    /// `409 stale`: the request's `move_number` or `marks_version` is not the current one.
    Stale(String),
    /// `422` with the code: the rules refuse it.
    Rules(&'static str, String),
}

/// A game with everything the server keeps of it.
#[derive(Debug, Clone)]
pub struct Match {
    id: String,
    meta: Meta,
    rules: Rules,
    game: Game,
    phase: Phase,
    marking: Option<Marking>,
    marks_version: u64,
    accepted: [bool; 2],
    result: Option<String>,
    undo_requested_by: Option<Color>,
    seq: u64,
}

fn illegal_code(e: IllegalMove) -> &'static str {
    match e {
        IllegalMove::Occupied => "occupied",
        IllegalMove::Suicide => "suicide",
        IllegalMove::Ko => "ko",
        IllegalMove::Superko { .. } => "superko",
        IllegalMove::OffBoard => "off_board",
        IllegalMove::GameOver => "game_over",
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Why a game cannot be created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CreateError {
    /// `422 bad_size`: the size (or the handicap on it) is refused.
    BadSize(String),
    /// `400 bad_request`: unreadable rules or komi, a bad handicap count.
    BadRequest(String),
}

impl Match {
    /// A new game from its creation record.
    pub fn new(id: &str, meta: Meta) -> Result<Match, CreateError> {
        let (w, h) = (meta.width, meta.height);
        if !(1..=MAX_HTTP_SIZE).contains(&w) || !(1..=MAX_HTTP_SIZE).contains(&h) {
            return Err(CreateError::BadSize(format!(
                "board {w}x{h}: the web server takes 1 to {MAX_HTTP_SIZE} columns and rows"
            )));
        }
        let rules: Rules = meta
            .rules
            .parse()
            .map_err(|e| CreateError::BadRequest(format!("{e}")))?;
        let mut game =
            Game::new(w, h, rules).map_err(|e| CreateError::BadSize(format!("{e:?}")))?;
        if meta.handicap == 1 || meta.handicap > 9 {
            return Err(CreateError::BadRequest(format!(
                "handicap {}: give 0 or 2 to 9 stones",
                meta.handicap
            )));
        }
        if meta.handicap >= 2 {
            let points = handicap::fixed(w, h, meta.handicap)
                .map_err(|e| CreateError::BadSize(format!("{e}")))?;
            let stones: Vec<(Point, Option<Color>)> = points
                .into_iter()
                .map(|p| (p, Some(Color::Black)))
                .collect();
            game.set_up(&stones)
                .map_err(|e| CreateError::BadSize(format!("{e}")))?;
            game.set_to_move(Color::White)
                .map_err(|e| CreateError::BadSize(format!("{e}")))?;
            game.set_handicap_count(meta.handicap);
        }
        Ok(Match {
            id: id.to_string(),
            meta,
            rules,
            game,
            phase: Phase::Play,
            marking: None,
            marks_version: 0,
            accepted: [false; 2],
            result: None,
            undo_requested_by: None,
            seq: 0,
        })
    }

    /// Rebuilds a game from its creation record and its log.
    pub fn replay(id: &str, meta: Meta, events: &[String]) -> Result<Match, String> {
        let mut m = Match::new(id, meta).map_err(|e| format!("{e:?}"))?;
        for (k, text) in events.iter().enumerate() {
            let ev: Event =
                serde_json::from_str(text).map_err(|e| format!("event {}: {e}", k + 1))?;
            m.apply(&ev).map_err(|e| format!("event {}: {e}", k + 1))?;
        }
        Ok(m)
    }

    /// The id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The creation record.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// The number of events applied (the log's sequence number).
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Moves played so far, passes and a resignation included.
    pub fn move_number(&self) -> u64 {
        (self.game.move_number() + usize::from(self.game.resigned().is_some())) as u64
    }

    /// The version of the dead-stone marks.
    pub fn marks_version(&self) -> u64 {
        self.marks_version
    }

    /// The rules core's game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The result in SGF form once finished.
    pub fn result(&self) -> Option<&str> {
        self.result.as_deref()
    }

    fn vertex(&self, p: Point) -> String {
        vertex(p, self.meta.height)
    }

    fn parse_point(&self, text: &str) -> Result<Point, Refusal> {
        match coords::from_gtp(text, self.meta.width as u8, self.meta.height as u8) {
            Ok(p) => Ok(p),
            Err(CoordError::OffBoard(_)) => Err(Refusal::Rules(
                "off_board",
                format!(
                    "{text} is off the {}x{} board",
                    self.meta.width, self.meta.height
                ),
            )),
            Err(CoordError::Invalid(_)) => Err(Refusal::BadRequest(format!(
                "{text:?} is not a vertex (a column letter A-Z without I, then a row number)"
            ))),
        }
    }

    /// Reads a move text; an off-board vertex is kept as a refusal for the rules stage.
    fn parse_move(&self, text: &str) -> Result<Result<Move, Refusal>, Refusal> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(Ok(Move::Pass));
        }
        if t.eq_ignore_ascii_case("resign") {
            return Ok(Ok(Move::Resign));
        }
        match self.parse_point(t) {
            Ok(p) => Ok(Ok(Move::Play(p))),
            Err(r @ Refusal::Rules(..)) => Ok(Err(r)),
            Err(r) => Err(r),
        }
    }

    fn need_phase(&self, phase: Phase) -> Result<(), Refusal> {
        if self.phase == phase {
            return Ok(());
        }
        Err(match self.phase {
            Phase::Finished => Refusal::Rules("game_over", "the game is over".into()),
            Phase::Scoring => Refusal::Rules(
                "wrong_phase",
                "the game is in the scoring phase: mark dead stones, accept, or resume".into(),
            ),
            Phase::Play => Refusal::Rules(
                "wrong_phase",
                "the game is in play; scoring begins after two passes".into(),
            ),
        })
    }

    /// Decides a move request of `color` carrying `move_number`.
    pub fn decide_move(
        &self,
        color: Color,
        text: &str,
        move_number: u64,
        guess: GuessOptions,
    ) -> Result<Vec<Event>, Refusal> {
        let mv = self.parse_move(text)?;
        if move_number != self.move_number() {
            return Err(Refusal::Stale(format!(
                "move_number {move_number} is not the current one ({})",
                self.move_number()
            )));
        }
        self.need_phase(Phase::Play)?;
        let mv = mv?;
        if mv != Move::Resign && color != self.game.to_move() {
            return Err(Refusal::Rules(
                "not_your_turn",
                format!("it is {}'s turn", color_name(self.game.to_move())),
            ));
        }
        let v = match mv {
            Move::Play(p) => {
                self.game.check(color, p).map_err(|e| {
                    Refusal::Rules(
                        illegal_code(e),
                        format!("illegal move {}: {e}", self.vertex(p)),
                    )
                })?;
                self.vertex(p)
            }
            Move::Pass => "pass".to_string(),
            Move::Resign => "resign".to_string(),
        };
        let mut events = vec![Event::Move { c: color.into(), v }];
        if mv == Move::Pass && self.game.consecutive_passes() >= 1 {
            // The second pass begins scoring: lay the automatic guess on now, so that replaying
            // the log never has to guess again.
            let g = Guess::new(self.game.board(), &self.rules, guess);
            let a = g.marking.analysis();
            let dead = (0..a.width() * a.height())
                .map(|k| a.point(k))
                .filter(|&p| g.marking.is_dead(p))
                .map(|p| self.vertex(p))
                .collect();
            events.push(Event::Marks { dead });
        }
        Ok(events)
    }

    /// Decides a dead/alive mark of `color` on the chain of the stone on `point`.
    pub fn decide_dead(
        &self,
        color: Color,
        point: &str,
        dead: bool,
        marks_version: u64,
    ) -> Result<Vec<Event>, Refusal> {
        let p = self.parse_point(point.trim());
        if let Err(r @ Refusal::BadRequest(_)) = &p {
            return Err(r.clone());
        }
        self.check_marks_version(marks_version)?;
        self.need_phase(Phase::Scoring)?;
        let p = p?;
        let m = self.marking.as_ref().expect("scoring phase has marks");
        if self.game.board().get(p).is_none() {
            return Err(Refusal::Rules(
                "no_stone",
                format!("no stone at {}: mark a stone of the chain", self.vertex(p)),
            ));
        }
        if m.is_dead(p) == dead {
            // The chain may still hold groups of the other status; setting it is a change.
            let mut probe = m.clone();
            if probe
                .set_dead(p, dead)
                .map(|c| c.changed.is_empty())
                .unwrap_or(true)
            {
                return Ok(Vec::new());
            }
        }
        Ok(vec![Event::Dead {
            c: color.into(),
            v: self.vertex(p),
            dead,
        }])
    }

    fn check_marks_version(&self, marks_version: u64) -> Result<(), Refusal> {
        if marks_version != self.marks_version {
            return Err(Refusal::Stale(format!(
                "marks_version {marks_version} is not the current one ({})",
                self.marks_version
            )));
        }
        Ok(())
    }

    /// Decides an acceptance of the current marks by `color`.
    pub fn decide_accept(&self, color: Color, marks_version: u64) -> Result<Vec<Event>, Refusal> {
        self.check_marks_version(marks_version)?;
        self.need_phase(Phase::Scoring)?;
        if self.accepted[color.index()] {
            return Ok(Vec::new());
        }
        Ok(vec![Event::Accept { c: color.into() }])
    }

    /// Decides going back to play from scoring.
    pub fn decide_resume(&self, color: Color) -> Result<Vec<Event>, Refusal> {
        self.need_phase(Phase::Scoring)?;
        Ok(vec![Event::Resume { c: color.into() }])
    }

    /// Decides an undo request by `color`.
    pub fn decide_undo_request(&self, color: Color) -> Result<Vec<Event>, Refusal> {
        self.need_phase(Phase::Play)?;
        if !self.game.turns().iter().any(|t| t.color == color) {
            return Err(Refusal::Rules(
                "wrong_phase",
                "you have no move to take back".into(),
            ));
        }
        if self.undo_requested_by == Some(color) {
            return Ok(Vec::new());
        }
        Ok(vec![Event::UndoRequest { c: color.into() }])
    }

    /// Decides the acceptance of the opponent's undo request by `color`.
    pub fn decide_undo_accept(&self, color: Color) -> Result<Vec<Event>, Refusal> {
        self.need_phase(Phase::Play)?;
        if self.undo_requested_by != Some(color.opponent()) {
            return Err(Refusal::Rules(
                "wrong_phase",
                "your opponent has not asked to take back a move".into(),
            ));
        }
        Ok(vec![Event::UndoAccept { c: color.into() }])
    }

    fn enter_scoring(&mut self) {
        self.phase = Phase::Scoring;
        self.marking = Some(Marking::new(Analysis::new(self.game.board())));
        self.bump();
    }

    fn bump(&mut self) {
        self.marks_version += 1;
        self.accepted = [false; 2];
    }

    fn point_of(&self, v: &str) -> Result<Point, String> {
        coords::from_gtp(v, self.meta.width as u8, self.meta.height as u8)
            .map_err(|e| e.to_string())
    }

    /// Applies one event. An error means the log does not fit the game (a corrupt log); the
    /// game may then be half-changed and must be dropped.
    pub fn apply(&mut self, ev: &Event) -> Result<(), String> {
        match ev {
            Event::Move { c, v } => {
                if self.phase != Phase::Play {
                    return Err(format!("move {v} outside the play phase"));
                }
                let color = Color::from(*c);
                let mv = if v == "pass" {
                    Move::Pass
                } else if v == "resign" {
                    Move::Resign
                } else {
                    Move::Play(self.point_of(v)?)
                };
                self.game
                    .play_as(color, mv)
                    .map_err(|e| format!("illegal move {v}: {e}"))?;
                self.undo_requested_by = None;
                if mv == Move::Resign {
                    self.phase = Phase::Finished;
                    self.result = Some(resignation_result(color));
                } else if mv == Move::Pass && self.game.consecutive_passes() >= 2 {
                    self.enter_scoring();
                }
            }
            Event::Marks { dead } => {
                let Some(m) = self.marking.take() else {
                    return Err("marks outside the scoring phase".into());
                };
                let a = m.analysis().clone();
                let mut flags = vec![false; a.groups().len()];
                for v in dead {
                    let p = self.point_of(v)?;
                    let g = a.group_at(p).ok_or_else(|| format!("no stone at {v}"))?;
                    flags[g.0 as usize] = true;
                }
                self.marking = Some(Marking::with_dead_groups(a, flags));
            }
            Event::Dead { v, dead, .. } => {
                let p = self.point_of(v)?;
                let m = self
                    .marking
                    .as_mut()
                    .ok_or_else(|| "dead mark outside the scoring phase".to_string())?;
                m.set_dead(p, *dead).map_err(|e| e.to_string())?;
                // Only changes are decided into events: every mark is a new version.
                self.bump();
            }
            Event::Accept { c } => {
                if self.phase != Phase::Scoring {
                    return Err("acceptance outside the scoring phase".into());
                }
                self.accepted[Color::from(*c).index()] = true;
                if self.accepted == [true, true] {
                    self.phase = Phase::Finished;
                    self.result = self.score().map(|s| s.result);
                }
            }
            Event::Resume { .. } => {
                if self.phase != Phase::Scoring {
                    return Err("resume outside the scoring phase".into());
                }
                self.phase = Phase::Play;
                self.marking = None;
                self.bump();
            }
            Event::UndoRequest { c } => {
                self.undo_requested_by = Some(Color::from(*c));
            }
            Event::UndoAccept { c } => {
                let asker = Color::from(*c).opponent();
                if self.undo_requested_by != Some(asker) {
                    return Err("undo accepted without a request".into());
                }
                let back = match self.game.turns().last() {
                    Some(t) if t.color == asker => 1,
                    Some(_) => 2,
                    None => return Err("undo with no move".into()),
                };
                for _ in 0..back {
                    if !self.game.undo() {
                        return Err("undo past the start".into());
                    }
                }
                self.undo_requested_by = None;
            }
        }
        self.seq += 1;
        Ok(())
    }

    /// The count of the marked position (scoring and finished phases).
    pub fn score(&self) -> Option<Score> {
        let m = self.marking.as_ref()?;
        Some(Score::new(m, &self.rules, self.game.handicap()))
    }

    /// The state as the HTTP contract gives it, as JSON text.
    pub fn state_json(&self) -> String {
        let g = &self.game;
        let board = g.board();
        let (w, h) = (self.meta.width, self.meta.height);
        let mut rows = Vec::with_capacity(h);
        for y in 0..h {
            let mut row = String::with_capacity(w);
            for x in 0..w {
                row.push(match board.get(Point::new(x as u8, y as u8)) {
                    Some(Color::Black) => 'x',
                    Some(Color::White) => 'o',
                    None => '.',
                });
            }
            rows.push(row);
        }
        let move_text = |m: Move| match m {
            Move::Play(p) => self.vertex(p),
            Move::Pass => "pass".to_string(),
            Move::Resign => "resign".to_string(),
        };
        let moves: Vec<String> = g.moves().into_iter().map(|(_, m)| move_text(m)).collect();
        let score = self.score();
        let mut territory = [Vec::new(), Vec::new()];
        let mut dead = Vec::new();
        if let (Some(s), Some(m)) = (&score, &self.marking) {
            dead = s.dead.clone();
            for (y, row) in s.ownership.iter().enumerate() {
                for (x, ch) in row.chars().enumerate() {
                    let p = Point::new(x as u8, y as u8);
                    let counted = board.get(p).is_none() || m.is_dead(p);
                    let side = match ch {
                        'B' => 0,
                        'W' => 1,
                        _ => continue,
                    };
                    if counted {
                        territory[side].push(self.vertex(p));
                    }
                }
            }
        }
        let [tb, tw] = territory;
        let state = State {
            id: &self.id,
            width: w,
            height: h,
            rules: self.rules.to_string(),
            komi: self.rules.komi,
            handicap: self.meta.handicap,
            black_name: &self.meta.black_name,
            white_name: &self.meta.white_name,
            board: rows,
            to_move: (self.phase != Phase::Finished).then(|| color_name(g.to_move())),
            move_number: self.move_number(),
            moves,
            captures: Pair {
                black: board.captures(Color::Black),
                white: board.captures(Color::White),
            },
            phase: self.phase.name(),
            last_move: g.last_move().map(|(_, m)| move_text(m)),
            ko: g.ko_point().map(|p| self.vertex(p)),
            undo_requested_by: self.undo_requested_by.map(color_name),
            marks_version: self.marks_version,
            dead,
            territory: Pair {
                black: tb,
                white: tw,
            },
            accepted: Pair {
                black: self.accepted[0],
                white: self.accepted[1],
            },
            score,
            result: self.result.as_deref(),
        };
        serde_json::to_string(&state).expect("the state serializes")
    }

    /// The entry of the list of recent games, as JSON text.
    pub fn summary_json(&self) -> String {
        serde_json::to_string(&Summary {
            id: &self.id,
            width: self.meta.width,
            height: self.meta.height,
            black_name: &self.meta.black_name,
            white_name: &self.meta.white_name,
            phase: self.phase.name(),
            move_number: self.move_number(),
            result: self.result.as_deref(),
            listed: self.meta.listed,
        })
        .expect("the summary serializes")
    }

    /// The game as SGF text.
    pub fn sgf(&self) -> String {
        use tengen_sgf::{GoGame, Point as SgfPoint, SgfColor};
        let g = &self.game;
        let sp = |p: Point| SgfPoint::new(p.x, p.y);
        let sc = |c: Color| match c {
            Color::Black => SgfColor::Black,
            Color::White => SgfColor::White,
        };
        let mut s = GoGame::new(self.meta.width as u8, self.meta.height as u8);
        s.komi = Some(self.rules.komi);
        s.rules = Some(self.rules.to_string());
        s.black_name = Some(self.meta.black_name.clone());
        s.white_name = Some(self.meta.white_name.clone());
        s.result = self.result.clone();
        if self.meta.handicap >= 2 {
            s.handicap = Some(self.meta.handicap);
        }
        let setup = g.setup_board();
        let mut black: Vec<Point> = setup
            .points()
            .filter(|&p| setup.get(p) == Some(Color::Black))
            .collect();
        let mut white: Vec<Point> = setup
            .points()
            .filter(|&p| setup.get(p) == Some(Color::White))
            .collect();
        black.sort_by_key(|p| (p.x, p.y));
        white.sort_by_key(|p| (p.x, p.y));
        s.setup.black = black.into_iter().map(sp).collect();
        s.setup.white = white.into_iter().map(sp).collect();
        if g.setup_to_move() == Color::White && g.handicap() >= 2 {
            s.player_to_move = Some(SgfColor::White);
        }
        for (c, m) in g.moves() {
            match m {
                Move::Play(p) => s.push_move(sc(c), Some(sp(p)), None),
                Move::Pass => s.push_move(sc(c), None, None),
                Move::Resign => {}
            }
        }
        match s.to_sgf() {
            Ok(text) => text,
            Err(e) => {
                // Only names the writer refuses can get here; fall back to a bare record.
                let mut out = String::new();
                let _ = write!(out, "(;GM[1]FF[4]SZ[{}]C[{e}])", self.meta.width);
                out
            }
        }
    }
}

#[derive(Serialize)]
struct Pair<T> {
    black: T,
    white: T,
}

#[derive(Serialize)]
struct State<'a> {
    id: &'a str,
    width: usize,
    height: usize,
    rules: String,
    komi: f64,
    handicap: u32,
    black_name: &'a str,
    white_name: &'a str,
    board: Vec<String>,
    to_move: Option<&'static str>,
    move_number: u64,
    moves: Vec<String>,
    captures: Pair<u32>,
    phase: &'static str,
    last_move: Option<String>,
    ko: Option<String>,
    undo_requested_by: Option<&'static str>,
    marks_version: u64,
    dead: Vec<String>,
    territory: Pair<Vec<String>>,
    accepted: Pair<bool>,
    score: Option<Score>,
    result: Option<&'a str>,
}

#[derive(Serialize)]
struct Summary<'a> {
    id: &'a str,
    width: usize,
    height: usize,
    black_name: &'a str,
    white_name: &'a str,
    phase: &'static str,
    move_number: u64,
    result: Option<&'a str>,
    listed: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(w: usize, rules: &str) -> Meta {
        Meta {
            width: w,
            height: w,
            rules: rules.parse::<Rules>().unwrap().to_string(),
            handicap: 0,
            black_name: "B".into(),
            white_name: "W".into(),
            created_ms: 0,
            listed: true,
        }
    }

    fn play(m: &mut Match, c: Color, v: &str) -> Result<(), Refusal> {
        let evs = m.decide_move(
            c,
            v,
            m.move_number(),
            GuessOptions {
                playouts: 50,
                seed: 1,
            },
        )?;
        for e in &evs {
            m.apply(e).unwrap();
        }
        Ok(())
    }

    #[test]
    fn capture_ko_undo_scoring_and_replay() {
        let mut m = Match::new("t", meta(5, "chinese")).unwrap();
        let g = GuessOptions {
            playouts: 50,
            seed: 1,
        };
        let mut log: Vec<String> = Vec::new();
        let mut run = |m: &mut Match, evs: Vec<Event>| {
            for e in evs {
                m.apply(&e).unwrap();
                log.push(serde_json::to_string(&e).unwrap());
            }
        };
        let (b, w) = (Color::Black, Color::White);
        for (c, v) in [
            (b, "B3"),
            (w, "D2"),
            (b, "C2"),
            (w, "D4"),
            (b, "C4"),
            (w, "E3"),
            (b, "A1"),
            (w, "C3"),
            (b, "D3"),
        ] {
            let evs = m
                .decide_move(c, v, m.move_number(), g)
                .unwrap_or_else(|e| panic!("{v}: {e:?}"));
            run(&mut m, evs);
        }
        let state: serde_json::Value = serde_json::from_str(&m.state_json()).unwrap();
        assert_eq!(state["captures"]["black"], 1);
        assert_eq!(state["ko"], "C3");
        assert_eq!(state["last_move"], "D3");
        assert!(matches!(
            m.decide_move(w, "C3", 9, g),
            Err(Refusal::Rules("ko", _))
        ));
        // Undo: white asks after black's move? White's last move is C3 (captured); black's D3
        // came after it, so taking back white's move takes back two.
        let evs = m.decide_undo_request(w).unwrap();
        run(&mut m, evs);
        assert!(matches!(
            m.decide_undo_accept(w),
            Err(Refusal::Rules("wrong_phase", _))
        ));
        let evs = m.decide_undo_accept(b).unwrap();
        run(&mut m, evs);
        assert_eq!(m.move_number(), 7);
        assert_eq!(m.game().to_move(), w);
        for (c, v) in [(w, "A5"), (b, "pass"), (w, "pass")] {
            let evs = m.decide_move(c, v, m.move_number(), g).unwrap();
            run(&mut m, evs);
        }
        assert_eq!(m.phase(), Phase::Scoring);
        let v = m.marks_version();
        assert!(matches!(
            m.decide_dead(b, "C1", true, v),
            Err(Refusal::Rules("no_stone", _))
        ));
        assert!(matches!(
            m.decide_dead(b, "A5", true, v + 1),
            Err(Refusal::Stale(_))
        ));
        // The automatic guess marked the lone white stone dead; marking it dead again changes
        // nothing, marking it alive bumps the version.
        assert!(m.decide_dead(b, "A5", true, v).unwrap().is_empty());
        let evs = m.decide_dead(b, "A5", false, v).unwrap();
        run(&mut m, evs);
        assert_eq!(m.marks_version(), v + 1);
        let again = Match::replay("t", m.meta().clone(), &log).unwrap();
        assert_eq!(again.state_json(), m.state_json());
        assert_eq!(again.seq(), log.len() as u64);
        assert!(!m.sgf().contains("AB["));
        assert!(m.sgf().starts_with("(;"));
    }

    #[test]
    fn refusals_in_order() {
        let mut m = Match::new("t", meta(9, "chinese")).unwrap();
        let g = GuessOptions {
            playouts: 10,
            seed: 1,
        };
        assert!(matches!(
            m.decide_move(Color::Black, "hello", 0, g),
            Err(Refusal::BadRequest(_))
        ));
        assert!(matches!(
            m.decide_move(Color::Black, "I1", 0, g),
            Err(Refusal::BadRequest(_))
        ));
        assert!(matches!(
            m.decide_move(Color::Black, "D4", 3, g),
            Err(Refusal::Stale(_))
        ));
        assert!(matches!(
            m.decide_move(Color::White, "D4", 0, g),
            Err(Refusal::Rules("not_your_turn", _))
        ));
        assert!(matches!(
            m.decide_move(Color::Black, "T19", 0, g),
            Err(Refusal::Rules("off_board", _))
        ));
        play(&mut m, Color::Black, "D4").unwrap();
        assert!(matches!(
            m.decide_move(Color::White, "d4", 1, g),
            Err(Refusal::Rules("occupied", _))
        ));
        play(&mut m, Color::White, "pass").unwrap();
        play(&mut m, Color::Black, "pass").unwrap();
        assert_eq!(m.phase(), Phase::Scoring);
        assert!(matches!(
            m.decide_move(Color::White, "E5", 3, g),
            Err(Refusal::Rules("wrong_phase", _))
        ));
        let v = m.marks_version();
        for e in m.decide_accept(Color::Black, v).unwrap() {
            m.apply(&e).unwrap();
        }
        for e in m.decide_accept(Color::White, v).unwrap() {
            m.apply(&e).unwrap();
        }
        assert_eq!(m.phase(), Phase::Finished);
        assert_eq!(m.result(), Some("B+73.5"));
    }
}
