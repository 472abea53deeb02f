//! One game as the server sees it, driven by an event log: the event-log glue around
//! [`ScoringGame`], the one owner of the phases, dead-stone marks, acceptances and result, plus
//! what only the server keeps (undo requests, the log's sequence number).
//!
//! A request is first *decided* against the current state ([`Match::decide_move`] and the
//! others): the decision either refuses with the error the HTTP contract asks for, or gives the
//! events to append. Events are applied with [`Match::apply`], both after a decision and when a
//! game is rebuilt from its stored log; a decided event always applies. The state sent to
//! clients is built in [`crate::view`]; the SGF is written by `tengen_sgf`.

use crate::clock::{Clock, TimeControl};
use serde::{Deserialize, Serialize};
use tengen_core::coords::{self, MAX_GTP_SIZE};
use tengen_core::{handicap, Color, CoordError, Game, IllegalMove, Move, Point, Rules};
use tengen_scoring::{vertex, Guess, GuessOptions, Phase, Score, ScoringError, ScoringGame};

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
    /// The time control (none in records made before clocks).
    #[serde(default)]
    pub time: TimeControl,
    /// Seconds the scoring phase may last (0: no limit, as in records made before it).
    #[serde(default)]
    pub scoring_time: u64,
    /// The seat that has no player yet at creation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open: Option<Color>,
    /// Shown in `GET /api/games` (the creator's choice; games stored before there was a
    /// choice are listed).
    #[serde(default = "listed_by_default")]
    pub listed: bool,
    /// The engine the server plays black with (a name of `GET /api/engines`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_engine: Option<String>,
    /// The engine the server plays white with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_engine: Option<String>,
}

impl Meta {
    /// The engine seated at `color`, if the server plays that seat.
    pub fn engine(&self, color: Color) -> Option<&str> {
        match color {
            Color::Black => self.black_engine.as_deref(),
            Color::White => self.white_engine.as_deref(),
        }
    }
}

fn listed_by_default() -> bool {
    true
}

/// One entry of a game's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A play (`D4`), `pass` or `resign`.
    Move {
        /// Who.
        c: Color,
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
        c: Color,
        /// A stone of the chain.
        v: String,
        /// Dead or alive.
        dead: bool,
    },
    /// A player accepted the current marks.
    Accept {
        /// Who.
        c: Color,
    },
    /// A player took the game back from scoring to play.
    Resume {
        /// Who.
        c: Color,
    },
    /// `c`'s time ran out: the game is over (`W+T`/`B+T`), stamped with the moment it ran out.
    Timeout {
        /// The player whose time ran out.
        c: Color,
    },
    /// The scoring phase's deadline passed: the marks that stand decide.
    ScoringClosed {},
    /// The engine seated at `c` failed (crashed, hung, answered an illegal move): it loses the
    /// game (`W+F`/`B+F`).
    Forfeit {
        /// The engine's seat.
        c: Color,
        /// What went wrong, for the log.
        why: String,
    },
    /// A chat line.
    Chat {
        /// Who wrote it.
        c: Color,
        /// The text, already cleaned.
        text: String,
    },
    /// Someone took the open seat `c`.
    Join {
        /// The seat.
        c: Color,
        /// The newcomer's name.
        name: String,
        /// The hex SHA-256 of the newcomer's token.
        token: String,
    },
    /// A player asked to take back their last move.
    UndoRequest {
        /// Who asked.
        c: Color,
    },
    /// The opponent of the asker agreed: the asker's last move (and any after it) is gone.
    UndoAccept {
        /// Who agreed.
        c: Color,
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
    /// `409` with the code (`seat_taken`).
    Conflict(&'static str, String),
}

/// An event with the moment it was recorded (ms since the epoch): what the log holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Stamped {
    /// The event.
    pub ev: Event,
    /// When it happened.
    pub at: i64,
}

impl Stamped {
    /// The log's text: the event's object with an `at` field.
    pub fn to_text(&self) -> String {
        let mut v = serde_json::to_value(&self.ev).expect("events serialize");
        if let serde_json::Value::Object(map) = &mut v {
            map.insert("at".into(), self.at.into());
        }
        v.to_string()
    }

    /// Reads [`Stamped::to_text`]'s text; a record without `at` (written before clocks) is
    /// stamped 0.
    pub fn from_text(text: &str) -> Result<Stamped, String> {
        let mut v: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let at = match &mut v {
            serde_json::Value::Object(map) => map.remove("at"),
            _ => None,
        };
        let at = match at {
            None => 0,
            Some(a) => a.as_i64().ok_or("bad time stamp")?,
        };
        let ev = serde_json::from_value(v).map_err(|e| e.to_string())?;
        Ok(Stamped { ev, at })
    }
}

/// One line of a game's chat.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct ChatLine {
    /// Who wrote it.
    pub from: Color,
    /// The text.
    pub text: String,
    /// The move number when it was written.
    pub move_number: u64,
    /// When, ms since the epoch.
    pub at: i64,
}

/// Longest chat line, in characters after trimming.
pub const MAX_CHAT: usize = 500;

/// A game with everything the server keeps of it.
#[derive(Debug, Clone)]
pub struct Match {
    id: String,
    meta: Meta,
    sg: ScoringGame,
    undo_requested_by: Option<Color>,
    seq: u64,
    clock: Option<Clock>,
    /// When the current scoring phase began (ms since the epoch).
    scoring_since: Option<i64>,
    chat: Vec<ChatLine>,
    names: [String; 2],
    open: Option<Color>,
    /// Token hashes of players who took an open seat.
    joined: [Option<[u8; 32]>; 2],
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
        // The HTTP API writes moves as GTP vertices: no wider than GTP's column letters reach.
        if !(1..=MAX_GTP_SIZE).contains(&w) || !(1..=MAX_GTP_SIZE).contains(&h) {
            return Err(CreateError::BadSize(format!(
                "board {w}x{h}: the web server takes 1 to {MAX_GTP_SIZE} columns and rows"
            )));
        }
        let rules: Rules = meta
            .rules
            .parse()
            .map_err(|e| CreateError::BadRequest(format!("{e}")))?;
        let mut game = Game::new(w, h, rules).map_err(|e| CreateError::BadSize(e.to_string()))?;
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
            clock: Clock::new(&meta.time),
            names: [meta.black_name.clone(), meta.white_name.clone()],
            open: meta.open,
            meta,
            sg: ScoringGame::new(game),
            undo_requested_by: None,
            seq: 0,
            scoring_since: None,
            chat: Vec::new(),
            joined: [None, None],
        })
    }

    /// Rebuilds a game from its creation record and its log.
    pub fn replay(id: &str, meta: Meta, events: &[String]) -> Result<Match, String> {
        let mut m = Match::new(id, meta).map_err(|e| match e {
            CreateError::BadSize(m) | CreateError::BadRequest(m) => m,
        })?;
        for (k, text) in events.iter().enumerate() {
            let ev = Stamped::from_text(text).map_err(|e| format!("event {}: {e}", k + 1))?;
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
        self.sg.phase()
    }

    /// Moves played so far, passes and a resignation included.
    pub fn move_number(&self) -> u64 {
        let g = self.sg.game();
        (g.move_number() + usize::from(g.resigned().is_some())) as u64
    }

    /// The version of the dead-stone marks.
    pub fn marks_version(&self) -> u64 {
        self.sg.marks_version()
    }

    /// The rules core's game.
    pub fn game(&self) -> &Game {
        self.sg.game()
    }

    /// The scoring phase's owner (phase, marks, acceptances, result).
    pub fn scoring(&self) -> &ScoringGame {
        &self.sg
    }

    /// Who asked to take back a move, if a request stands.
    pub fn undo_requested_by(&self) -> Option<Color> {
        self.undo_requested_by
    }

    /// The result in SGF form once finished.
    pub fn result(&self) -> Option<&str> {
        self.sg.result()
    }

    /// The count of the marked position (scoring and finished phases).
    pub fn score(&self) -> Option<Score> {
        self.sg.score()
    }

    /// The clocks, when the game has a time control.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// When the scoring phase ends by itself (ms since the epoch), if it does.
    pub fn scoring_deadline(&self) -> Option<i64> {
        let since = self.scoring_since?;
        (self.phase() == Phase::Scoring && self.meta.scoring_time > 0)
            .then(|| since + self.meta.scoring_time as i64 * 1000)
    }

    /// The next moment the game changes by itself (a flag falling, the scoring deadline).
    pub fn next_deadline(&self) -> Option<i64> {
        match self.phase() {
            Phase::Play => self.clock.as_ref()?.deadline().map(|(_, t)| t),
            Phase::Scoring => self.scoring_deadline(),
            Phase::Finished => None,
        }
    }

    /// The events that time has brought by `now` (a timeout, the end of scoring), each stamped
    /// with the moment it happened.
    pub fn due(&self, now: i64) -> Vec<Stamped> {
        match self.phase() {
            Phase::Play => match self.clock.as_ref().and_then(Clock::deadline) {
                Some((c, t)) if t <= now => vec![Stamped {
                    ev: Event::Timeout { c },
                    at: t,
                }],
                _ => Vec::new(),
            },
            Phase::Scoring => match self.scoring_deadline() {
                Some(t) if t <= now => vec![Stamped {
                    ev: Event::ScoringClosed {},
                    at: t,
                }],
                _ => Vec::new(),
            },
            Phase::Finished => Vec::new(),
        }
    }

    /// The chat, oldest first.
    pub fn chat(&self) -> &[ChatLine] {
        &self.chat
    }

    /// The name of `color`'s player.
    pub fn name(&self, color: Color) -> &str {
        &self.names[color.index()]
    }

    /// The seat nobody has taken yet.
    pub fn open_seat(&self) -> Option<Color> {
        self.open
    }

    /// The token hash of a player who took an open seat.
    pub fn joined_hash(&self, color: Color) -> Option<[u8; 32]> {
        self.joined[color.index()]
    }

    /// Decides a chat line of `color`.
    pub fn decide_chat(&self, color: Color, text: &str) -> Result<Vec<Event>, Refusal> {
        let clean = crate::text::clean_text(text);
        let n = clean.chars().count();
        if n == 0 || n > MAX_CHAT {
            return Err(Refusal::Rules(
                "bad_text",
                format!("a chat line has 1 to {MAX_CHAT} characters (this one has {n})"),
            ));
        }
        Ok(vec![Event::Chat {
            c: color,
            text: clean,
        }])
    }

    /// Decides taking the open seat `color` by `name` holding the token of hash `hash`.
    pub fn decide_join(
        &self,
        color: Color,
        name: &str,
        hash: &[u8; 32],
    ) -> Result<Vec<Event>, Refusal> {
        if self.open != Some(color) {
            return Err(Refusal::Conflict(
                "seat_taken",
                format!("the {} seat is not open", color.name()),
            ));
        }
        Ok(vec![Event::Join {
            c: color,
            name: name.to_string(),
            token: hex(hash),
        }])
    }

    /// A vertex as the state writes it.
    pub fn vertex(&self, p: Point) -> String {
        vertex(p, self.meta.height)
    }

    /// The refusal the HTTP contract gives for an error of the scoring phase's owner.
    fn refusal(&self, e: ScoringError) -> Refusal {
        match e {
            ScoringError::WrongPhase {
                actual: Phase::Finished,
                ..
            } => Refusal::Rules("game_over", "the game is over".into()),
            ScoringError::WrongPhase {
                actual: Phase::Scoring,
                ..
            } => Refusal::Rules(
                "wrong_phase",
                "the game is in the scoring phase: mark dead stones, accept, or resume".into(),
            ),
            ScoringError::WrongPhase {
                actual: Phase::Play,
                ..
            } => Refusal::Rules(
                "wrong_phase",
                "the game is in play; scoring begins after two passes in a row".into(),
            ),
            ScoringError::StaleVersion { current, given } => Refusal::Stale(format!(
                "marks_version {given} is not the current one ({current})"
            )),
            ScoringError::NoStone(p) => Refusal::Rules(
                "no_stone",
                format!("no stone at {}: mark a stone of the chain", self.vertex(p)),
            ),
            ScoringError::OffBoard(p) => {
                Refusal::Rules("off_board", format!("{} is off the board", self.vertex(p)))
            }
            ScoringError::Illegal(e) => {
                Refusal::Rules(illegal_code(e), format!("illegal move: {e}"))
            }
            ScoringError::NothingToUndo => {
                Refusal::Rules("wrong_phase", "there is no move to take back".into())
            }
        }
    }

    fn need_phase(&self, phase: Phase) -> Result<(), Refusal> {
        self.sg.need(phase).map_err(|e| self.refusal(e))
    }

    fn parse_point(&self, text: &str) -> Result<Point, Refusal> {
        match coords::from_gtp(text, self.meta.width as u8, self.meta.height as u8) {
            Ok(p) => Ok(p),
            Err(e) => Err(self.coord_refusal(text, e)),
        }
    }

    /// The refusal for a vertex `text` that [`coords`] could not place.
    fn coord_refusal(&self, text: &str, e: CoordError) -> Refusal {
        match e {
            CoordError::OffBoard(_) => Refusal::Rules(
                "off_board",
                format!(
                    "{text} is off the {}x{} board",
                    self.meta.width, self.meta.height
                ),
            ),
            CoordError::Invalid(_) => Refusal::BadRequest(format!(
                "{text:?} is not a move (pass, resign, or a vertex: a column letter A-Z without I, then a row number)"
            )),
        }
    }

    /// Reads a move text; an off-board vertex is kept as a refusal for the rules stage.
    fn parse_move(&self, text: &str) -> Result<Result<Move, Refusal>, Refusal> {
        let t = text.trim();
        match coords::move_from_gtp(t, self.meta.width as u8, self.meta.height as u8) {
            Ok(mv) => Ok(Ok(mv)),
            Err(e) => match self.coord_refusal(t, e) {
                r @ Refusal::Rules(..) => Ok(Err(r)),
                r => Err(r),
            },
        }
    }

    /// Whether a pass now would end play (and so run the dead-stone guess).
    pub fn pass_ends_play(&self) -> bool {
        self.phase() == Phase::Play && self.sg.new_passes() >= 1
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
        let game = self.sg.game();
        if mv != Move::Resign && color != game.to_move() {
            return Err(Refusal::Rules(
                "not_your_turn",
                format!("it is {}'s turn", game.to_move().name()),
            ));
        }
        match mv {
            Move::Play(p) => {
                game.check(color, p).map_err(|e| {
                    Refusal::Rules(
                        illegal_code(e),
                        format!("illegal move {}: {e}", self.vertex(p)),
                    )
                })?;
            }
            Move::Pass | Move::Resign => {}
        }
        let v = self.move_text(mv);
        let mut events = vec![Event::Move { c: color, v }];
        if mv == Move::Pass && self.pass_ends_play() {
            // This pass begins scoring: lay the automatic guess on now, so that replaying the
            // log never has to guess again. The passer's opponent moves next.
            let guess = GuessOptions {
                to_move: Some(color.opponent()),
                ..guess
            };
            let g = Guess::new(game.board(), game.rules(), guess);
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
        self.sg
            .check_version(marks_version)
            .map_err(|e| self.refusal(e))?;
        self.need_phase(Phase::Scoring)?;
        let p = p?;
        // Judge on a copy of the marks: a request that changes nothing records nothing.
        let mut probe = self.sg.marking().expect("scoring phase has marks").clone();
        let was = probe.is_dead(p);
        match probe.set_dead(p, dead) {
            Err(_) => Err(self.refusal(ScoringError::NoStone(p))),
            Ok(c) if was == dead && c.changed.is_empty() => Ok(Vec::new()),
            Ok(_) => Ok(vec![Event::Dead {
                c: color,
                v: self.vertex(p),
                dead,
            }]),
        }
    }

    /// Decides an acceptance of the current marks by `color`.
    pub fn decide_accept(&self, color: Color, marks_version: u64) -> Result<Vec<Event>, Refusal> {
        self.sg
            .check_version(marks_version)
            .map_err(|e| self.refusal(e))?;
        self.need_phase(Phase::Scoring)?;
        if self.sg.accepted(color) {
            return Ok(Vec::new());
        }
        Ok(vec![Event::Accept { c: color }])
    }

    /// Decides going back to play from scoring.
    pub fn decide_resume(&self, color: Color) -> Result<Vec<Event>, Refusal> {
        self.need_phase(Phase::Scoring)?;
        Ok(vec![Event::Resume { c: color }])
    }

    /// Decides an undo request by `color`.
    pub fn decide_undo_request(&self, color: Color) -> Result<Vec<Event>, Refusal> {
        self.need_phase(Phase::Play)?;
        if !self.sg.game().turns().iter().any(|t| t.color == color) {
            return Err(Refusal::Rules(
                "wrong_phase",
                "you have no move to take back".into(),
            ));
        }
        if self.undo_requested_by == Some(color) {
            return Ok(Vec::new());
        }
        Ok(vec![Event::UndoRequest { c: color }])
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
        Ok(vec![Event::UndoAccept { c: color }])
    }

    fn point_of(&self, v: &str) -> Result<Point, String> {
        coords::from_gtp(v, self.meta.width as u8, self.meta.height as u8)
            .map_err(|e| e.to_string())
    }

    /// Reads a move as the log and the HTTP API write it (through [`coords::move_from_gtp`]).
    pub fn read_move(&self, text: &str) -> Result<Move, CoordError> {
        coords::move_from_gtp(text, self.meta.width as u8, self.meta.height as u8)
    }

    /// A move as the log, the state and the HTTP API write it (through
    /// [`coords::move_to_gtp`]).
    pub fn move_text(&self, mv: Move) -> String {
        tengen_scoring::move_text(mv, self.meta.height)
    }

    /// Applies one event. An error means the log does not fit the game (a corrupt log); the
    /// game may then be half-changed and must be dropped.
    pub fn apply(&mut self, stamped: &Stamped) -> Result<(), String> {
        let at = stamped.at;
        match &stamped.ev {
            Event::Move { c, v } => {
                let mv = self.read_move(v).map_err(|e| e.to_string())?;
                self.sg
                    .play_as(*c, mv)
                    .map_err(|e| format!("move {v}: {e}"))?;
                self.undo_requested_by = None;
                if let Some(clock) = &mut self.clock {
                    clock.moved(*c, at);
                    if self.sg.phase() != Phase::Play {
                        clock.stop(at);
                    }
                }
                if self.sg.phase() == Phase::Scoring {
                    self.scoring_since = Some(at);
                }
            }
            Event::Marks { dead } => {
                let points = dead
                    .iter()
                    .map(|v| self.point_of(v))
                    .collect::<Result<Vec<_>, _>>()?;
                self.sg.lay_marks(&points).map_err(|e| e.to_string())?;
            }
            Event::Dead { v, dead, .. } => {
                let p = self.point_of(v)?;
                let version = self.sg.marks_version();
                self.sg
                    .set_dead(p, *dead, version)
                    .map_err(|e| e.to_string())?;
            }
            Event::Accept { c } => {
                let version = self.sg.marks_version();
                self.sg.accept(*c, version).map_err(|e| e.to_string())?;
            }
            Event::Resume { .. } => {
                self.sg.resume().map_err(|e| e.to_string())?;
                self.scoring_since = None;
                let to_move = self.sg.game().to_move();
                if let Some(clock) = &mut self.clock {
                    clock.start(to_move, at);
                }
            }
            Event::Timeout { c } => {
                self.sg.time_out(*c).map_err(|e| e.to_string())?;
                if let Some(clock) = &mut self.clock {
                    clock.flag(*c);
                }
            }
            Event::ScoringClosed {} => {
                self.sg.close_scoring().map_err(|e| e.to_string())?;
            }
            Event::Forfeit { c, .. } => {
                self.sg.forfeit(*c).map_err(|e| e.to_string())?;
                self.undo_requested_by = None;
                if let Some(clock) = &mut self.clock {
                    clock.stop(at);
                }
            }
            Event::Chat { c, text } => {
                self.chat.push(ChatLine {
                    from: *c,
                    text: text.clone(),
                    move_number: self.move_number(),
                    at,
                });
            }
            Event::Join { c, name, token } => {
                let color = *c;
                if self.open != Some(color) {
                    return Err("join of a seat that is not open".into());
                }
                self.joined[color.index()] = Some(unhex(token).ok_or("bad token hash")?);
                self.names[color.index()] = name.clone();
                self.open = None;
            }
            Event::UndoRequest { c } => {
                self.undo_requested_by = Some(*c);
            }
            Event::UndoAccept { c } => {
                let asker = c.opponent();
                if self.undo_requested_by != Some(asker) {
                    return Err("undo accepted without a request".into());
                }
                let back = match self.sg.game().turns().last() {
                    Some(t) if t.color == asker => 1,
                    Some(_) => 2,
                    None => return Err("undo with no move".into()),
                };
                for _ in 0..back {
                    self.sg.undo().map_err(|e| e.to_string())?;
                }
                self.undo_requested_by = None;
                let to_move = self.sg.game().to_move();
                let any = self.sg.game().move_number() > 0;
                if let Some(clock) = &mut self.clock {
                    if any {
                        clock.start(to_move, at);
                    } else {
                        clock.stop(at);
                    }
                }
            }
        }
        self.seq += 1;
        Ok(())
    }

    /// The state as the HTTP contract gives it as of `now`, as JSON text.
    pub fn state_json(&self, now: i64) -> String {
        serde_json::to_string(&crate::view::state(self, now)).expect("the state serializes")
    }

    /// The entry of the list of recent games, as JSON text.
    pub fn summary_json(&self) -> String {
        serde_json::to_string(&crate::view::summary(self)).expect("the summary serializes")
    }

    /// The points each side counts under the current marks, whose count is `score` (scoring
    /// phase, or a game finished by scoring): its territory and the opponent's stones marked dead
    /// in it, black's then white's, in board order. `None` while there are no marks.
    pub fn counted_points(&self, score: &Score) -> Option<[Vec<Point>; 2]> {
        let marks = self.sg.marking()?;
        let board = self.sg.game().board();
        let mut counted = [Vec::new(), Vec::new()];
        for (y, row) in score.ownership.iter().enumerate() {
            for (x, owner) in row.chars().enumerate() {
                let p = Point::new(x as u8, y as u8);
                // Territory: the points counted for a side that hold no living stone.
                if board.get(p).is_some() && !marks.is_dead(p) {
                    continue;
                }
                match owner {
                    'B' => counted[0].push(p),
                    'W' => counted[1].push(p),
                    _ => {}
                }
            }
        }
        Some(counted)
    }

    /// The game as SGF text, written by `tengen_sgf`: the names (`PB`/`PW`), the date the game
    /// was created (`DT`, UTC), the result (`RE`) and, for a game finished by scoring, each
    /// side's territory with the dead stones in it (`TB`/`TW`).
    pub fn sgf(&self) -> String {
        let info = tengen_sgf::game::GameInfo {
            black_name: Some(self.names[0].clone()),
            white_name: Some(self.names[1].clone()),
            result: self.sg.result().map(str::to_string),
            date: Some(tengen_sgf::game::date_from_unix_ms(self.meta.created_ms)),
            ..Default::default()
        };
        let mut record = tengen_sgf::game::sgf_from_game(self.sg.game(), &info);
        // Only a count decided the game (not a resignation or the clock after a resumed count).
        let by_count = matches!(
            self.sg.result().and_then(tengen_sgf::GameResult::parse),
            Some(tengen_sgf::GameResult::Draw)
                | Some(tengen_sgf::GameResult::Win {
                    by: tengen_sgf::WinBy::Points(_),
                    ..
                })
        );
        if by_count {
            if let Some([black, white]) = self.score().and_then(|s| self.counted_points(&s)) {
                record.territory = tengen_sgf::Territory { black, white };
            }
        }
        // The writer refuses nothing a game can hold (sizes and points are always valid).
        record.to_sgf().unwrap_or_default()
    }
}

/// Lower-case hex of a token hash.
pub fn hex(bytes: &[u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<[u8; 32]> {
    let mut out = [0u8; 32];
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

/// A square game of `w` lines under `rules` with no clock, for unit tests.
#[cfg(test)]
impl Meta {
    pub(crate) fn for_tests(w: usize, rules: &str) -> Meta {
        Meta {
            width: w,
            height: w,
            rules: rules.parse::<Rules>().unwrap().to_string(),
            handicap: 0,
            black_name: "B".into(),
            white_name: "W".into(),
            created_ms: 0,
            time: TimeControl::None,
            scoring_time: 0,
            open: None,
            listed: true,
            black_engine: None,
            white_engine: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(w: usize, rules: &str) -> Meta {
        Meta::for_tests(w, rules)
    }

    fn st(ev: &Event) -> Stamped {
        Stamped {
            ev: ev.clone(),
            at: 0,
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
                to_move: None,
            },
        )?;
        for e in &evs {
            m.apply(&st(e)).unwrap();
        }
        Ok(())
    }

    #[test]
    fn capture_ko_undo_scoring_and_replay() {
        let mut m = Match::new("t", meta(5, "chinese")).unwrap();
        let g = GuessOptions {
            playouts: 50,
            seed: 1,
            to_move: None,
        };
        let mut log: Vec<String> = Vec::new();
        let mut run = |m: &mut Match, evs: Vec<Event>| {
            for e in evs {
                m.apply(&st(&e)).unwrap();
                log.push(st(&e).to_text());
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
        let state: serde_json::Value = serde_json::from_str(&m.state_json(0)).unwrap();
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
        assert_eq!(again.state_json(0), m.state_json(0));
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
            to_move: None,
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
            m.apply(&st(&e)).unwrap();
        }
        for e in m.decide_accept(Color::White, v).unwrap() {
            m.apply(&st(&e)).unwrap();
        }
        assert_eq!(m.phase(), Phase::Finished);
        assert_eq!(m.result(), Some("B+73.5"));
    }

    /// A forfeit ends the game in play or in scoring with `B+F`/`W+F`, survives a replay of
    /// the log, and nothing can be played after it.
    #[test]
    fn a_forfeit_ends_the_game_and_replays() {
        let (b, w) = (Color::Black, Color::White);
        let mut m = Match::new("t", meta(9, "chinese")).unwrap();
        play(&mut m, b, "E5").unwrap();
        let forfeit = Event::Forfeit {
            c: w,
            why: "crashed".into(),
        };
        m.apply(&st(&forfeit)).unwrap();
        assert_eq!(m.phase(), Phase::Finished);
        assert_eq!(m.result(), Some("B+F"));
        assert!(matches!(
            m.decide_move(w, "D4", 1, GuessOptions::default()),
            Err(Refusal::Rules("game_over", _))
        ));
        assert!(
            m.apply(&st(&forfeit)).is_err(),
            "a finished game cannot forfeit"
        );
        let log = [
            st(&Event::Move {
                c: b,
                v: "E5".into(),
            })
            .to_text(),
            st(&forfeit).to_text(),
        ];
        let again = Match::replay("t", m.meta().clone(), &log).unwrap();
        assert_eq!(again.state_json(0), m.state_json(0));
        // In the scoring phase too: the marks no longer count.
        let mut m = Match::new("t", meta(5, "chinese")).unwrap();
        play(&mut m, b, "C3").unwrap();
        play(&mut m, w, "pass").unwrap();
        play(&mut m, b, "pass").unwrap();
        assert_eq!(m.phase(), Phase::Scoring);
        m.apply(&st(&Event::Forfeit {
            c: b,
            why: "x".into(),
        }))
        .unwrap();
        assert_eq!(m.result(), Some("W+F"));
        assert!(m.score().is_none());
    }

    /// Issue 12 item 4: after a resume from scoring, the game used to count the two passes that
    /// ended play before the resume, so one pass by the player to move sent it straight back
    /// to scoring and the player who resumed never got a turn.
    #[test]
    fn resume_then_a_single_pass_does_not_end_play() {
        let mut m = Match::new("t", meta(5, "chinese")).unwrap();
        let (b, w) = (Color::Black, Color::White);
        play(&mut m, b, "C3").unwrap();
        play(&mut m, w, "pass").unwrap();
        play(&mut m, b, "pass").unwrap();
        assert_eq!(m.phase(), Phase::Scoring);
        for e in m.decide_resume(b).unwrap() {
            m.apply(&st(&e)).unwrap();
        }
        assert_eq!(m.phase(), Phase::Play);
        assert_eq!(m.game().to_move(), w);
        // White passes: one new pass, play goes on and black (who resumed) gets a turn.
        play(&mut m, w, "pass").unwrap();
        assert_eq!(m.phase(), Phase::Play);
        assert_eq!(m.game().to_move(), b);
        play(&mut m, b, "D4").unwrap();
        play(&mut m, w, "pass").unwrap();
        assert_eq!(m.phase(), Phase::Play);
        // Two new passes in a row end play again.
        play(&mut m, b, "pass").unwrap();
        assert_eq!(m.phase(), Phase::Scoring);
        // The same through a rebuilt log, and after an undo across the resume point.
        let mut m = Match::new("t", meta(5, "chinese")).unwrap();
        play(&mut m, b, "C3").unwrap();
        play(&mut m, w, "pass").unwrap();
        play(&mut m, b, "pass").unwrap();
        for e in m.decide_resume(w).unwrap() {
            m.apply(&st(&e)).unwrap();
        }
        play(&mut m, w, "D4").unwrap();
        for e in m.decide_undo_request(w).unwrap() {
            m.apply(&st(&e)).unwrap();
        }
        for e in m.decide_undo_accept(b).unwrap() {
            m.apply(&st(&e)).unwrap();
        }
        // Back at the resume point with two old passes at the end: one pass is still not two.
        play(&mut m, w, "pass").unwrap();
        assert_eq!(m.phase(), Phase::Play);
        play(&mut m, b, "pass").unwrap();
        assert_eq!(m.phase(), Phase::Scoring);
    }
}
