//! The scoring phase: the one owner of a game's phases (play, scoring, finished), its dead-stone
//! marks, acceptances and result. The server drives it through its event log; the JSON document
//! ([`crate::document`]) is its snapshot.
//!
//! After two passes the game enters scoring with every stone alive (or with the automatic
//! guess laid on, [`ScoringGame::lay_marks`]). Either player marks and unmarks chains; every
//! change bumps `marks_version` and clears both acceptances. When both players have accepted the
//! same version the game is finished with its result. Either player may resume play instead:
//! the game is exactly as it was, position and ko state included, and play goes on until two
//! *new* passes in a row. A game also ends when a player's time runs out
//! ([`ScoringGame::time_out`]) or when the scoring phase's deadline passes
//! ([`ScoringGame::close_scoring`]).

use crate::analysis::Analysis;
use crate::count::{resignation_result, Score};
use crate::guess::{Guess, GuessOptions};
use crate::marking::{Change, Marking};
use std::fmt;
use tengen_core::{Color, Game, IllegalMove, Move, Point};

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Moves are being played.
    Play,
    /// Both players passed; dead stones are being marked.
    Scoring,
    /// The result is final (both accepted the marks, or someone resigned).
    Finished,
}

impl Phase {
    /// The name used in JSON: `play`, `scoring`, `finished`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Play => "play",
            Phase::Scoring => "scoring",
            Phase::Finished => "finished",
        }
    }

    /// Reads a name written by [`Phase::name`].
    pub fn parse(text: &str) -> Option<Phase> {
        match text {
            "play" => Some(Phase::Play),
            "scoring" => Some(Phase::Scoring),
            "finished" => Some(Phase::Finished),
            _ => None,
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a request of the scoring phase was refused. Nothing changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoringError {
    /// The request belongs to another phase.
    WrongPhase {
        /// The phase the request needs.
        expected: Phase,
        /// The phase the game is in.
        actual: Phase,
    },
    /// The request carried a `marks_version` that is not the current one.
    StaleVersion {
        /// The current version.
        current: u64,
        /// The version the request carried.
        given: u64,
    },
    /// There is no stone on the point.
    NoStone(Point),
    /// The point is off the board.
    OffBoard(Point),
    /// The move is illegal.
    Illegal(IllegalMove),
    /// There is no move to take back.
    NothingToUndo,
}

impl fmt::Display for ScoringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoringError::WrongPhase { expected, actual } => {
                write!(
                    f,
                    "wrong phase: this needs the {expected} phase, the game is in {actual}"
                )
            }
            ScoringError::StaleVersion { current, given } => {
                write!(
                    f,
                    "stale marks version {given}: the current one is {current}"
                )
            }
            ScoringError::NoStone(p) => write!(f, "no stone at {p}"),
            ScoringError::OffBoard(p) => write!(f, "{p} is off the board"),
            ScoringError::Illegal(m) => write!(f, "illegal move: {m}"),
            ScoringError::NothingToUndo => f.write_str("there is no move to take back"),
        }
    }
}

impl std::error::Error for ScoringError {}

/// A game with its scoring phase.
///
/// ```
/// use tengen_core::{Color, Game, Move, Point, Rules};
/// use tengen_scoring::{Phase, ScoringGame};
/// let mut sg = ScoringGame::new(Game::new(5, 5, Rules::CHINESE).unwrap());
/// for mv in [Move::Play(Point::new(1, 1)), Move::Play(Point::new(3, 3)), Move::Pass, Move::Pass] {
///     sg.play(mv).unwrap();
/// }
/// assert_eq!(sg.phase(), Phase::Scoring);
/// let v = sg.marks_version();
/// sg.set_dead(Point::new(3, 3), true, v).unwrap();
/// let v = sg.marks_version();
/// assert!(!sg.accept(Color::Black, v).unwrap());
/// assert!(sg.accept(Color::White, v).unwrap());
/// assert_eq!(sg.phase(), Phase::Finished);
/// assert_eq!(sg.result(), Some("B+17.5"));
/// ```
#[derive(Debug, Clone)]
pub struct ScoringGame {
    pub(crate) game: Game,
    pub(crate) phase: Phase,
    pub(crate) marking: Option<Marking>,
    pub(crate) marks_version: u64,
    pub(crate) accepted: [bool; 2],
    pub(crate) result: Option<String>,
    /// The number of turns when play last resumed from scoring (0 before any resume): passes
    /// before it do not count towards the two that end play.
    pub(crate) resumed_at: usize,
    /// The player whose time ran out, when the game ended so.
    pub(crate) timed_out: Option<Color>,
}

impl ScoringGame {
    /// Wraps a game: finished if someone resigned, in scoring after two passes, else in play.
    pub fn new(game: Game) -> ScoringGame {
        let mut sg = ScoringGame {
            game,
            phase: Phase::Play,
            marking: None,
            marks_version: 0,
            accepted: [false; 2],
            result: None,
            resumed_at: 0,
            timed_out: None,
        };
        if let Some(loser) = sg.game.resigned() {
            sg.phase = Phase::Finished;
            sg.result = Some(resignation_result(loser));
        } else if sg.game.consecutive_passes() >= 2 {
            sg.enter_scoring();
        }
        sg
    }

    /// Passes in a row at the end of the record that count towards ending play: those made
    /// since the last resume.
    pub fn new_passes(&self) -> usize {
        let since = self.game.move_number().saturating_sub(self.resumed_at);
        (self.game.consecutive_passes() as usize).min(since)
    }

    /// The number of turns when play last resumed from scoring (0 if it never did).
    pub fn resumed_at(&self) -> usize {
        self.resumed_at
    }

    /// The player whose time ran out, if the game ended so.
    pub fn timed_out(&self) -> Option<Color> {
        self.timed_out
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

    /// Checks that the game is in `phase` (what every request of that phase checks first).
    pub fn need(&self, phase: Phase) -> Result<(), ScoringError> {
        if self.phase != phase {
            return Err(ScoringError::WrongPhase {
                expected: phase,
                actual: self.phase,
            });
        }
        Ok(())
    }

    /// Checks that `given` is the current marks version.
    pub fn check_version(&self, given: u64) -> Result<(), ScoringError> {
        if given != self.marks_version {
            return Err(ScoringError::StaleVersion {
                current: self.marks_version,
                given,
            });
        }
        Ok(())
    }

    /// The game (never changed by the scoring phase).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The version of the marks; requests of the scoring phase must carry it.
    pub fn marks_version(&self) -> u64 {
        self.marks_version
    }

    /// Whether `color` has accepted the current marks.
    pub fn accepted(&self, color: Color) -> bool {
        self.accepted[color.index()]
    }

    /// The marks (in the scoring and finished phases, unless finished by resignation).
    pub fn marking(&self) -> Option<&Marking> {
        self.marking.as_ref()
    }

    /// The result in SGF form once finished.
    pub fn result(&self) -> Option<&str> {
        self.result.as_deref()
    }

    /// The count of the marked position (in the scoring and finished phases).
    pub fn score(&self) -> Option<Score> {
        let m = self.marking.as_ref()?;
        Some(Score::new(m, self.game.rules(), self.game.handicap()))
    }

    /// Plays a move for the player to move (play phase only). Two passes in a row enter the
    /// scoring phase; a resignation finishes the game.
    pub fn play(&mut self, mv: Move) -> Result<(), ScoringError> {
        let color = self.game.to_move();
        self.play_as(color, mv)
    }

    /// Plays a move for `color` (play phase only).
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<(), ScoringError> {
        self.need(Phase::Play)?;
        self.game
            .play_as(color, mv)
            .map_err(ScoringError::Illegal)?;
        if let Some(loser) = self.game.resigned() {
            self.phase = Phase::Finished;
            self.result = Some(resignation_result(loser));
        } else if mv == Move::Pass && self.new_passes() >= 2 {
            self.enter_scoring();
        }
        Ok(())
    }

    /// Takes back the last turn (play phase only). A take-back across the last resume moves
    /// the resume point back with it, so a pass before it never counts again.
    pub fn undo(&mut self) -> Result<(), ScoringError> {
        self.need(Phase::Play)?;
        if !self.game.undo() {
            return Err(ScoringError::NothingToUndo);
        }
        self.resumed_at = self.resumed_at.min(self.game.move_number());
        Ok(())
    }

    /// Lays marks on as the scoring phase begins (the automatic guess): exactly the chains of
    /// the stones on `dead` are dead. Part of entering the phase, so the version stays; only
    /// allowed while nobody has marked or accepted since scoring began.
    pub fn lay_marks(&mut self, dead: &[Point]) -> Result<(), ScoringError> {
        self.need(Phase::Scoring)?;
        let m = self.marking.as_mut().expect("scoring phase has marks");
        let a = m.analysis();
        let mut groups = Vec::with_capacity(dead.len());
        for &p in dead {
            if !a.contains(p) {
                return Err(ScoringError::OffBoard(p));
            }
            groups.push(a.group_at(p).ok_or(ScoringError::NoStone(p))?);
        }
        let live: Vec<_> = (0..a.groups().len() as u32)
            .map(crate::GroupId)
            .filter(|g| !groups.contains(g))
            .collect();
        m.set_groups_dead(&live, false);
        m.set_groups_dead(&groups, true);
        Ok(())
    }

    /// The stones marked dead (scoring and finished phases), in board order.
    pub fn dead_points(&self) -> Vec<Point> {
        match &self.marking {
            Some(m) => {
                let a = m.analysis();
                (0..a.width() * a.height())
                    .map(|k| a.point(k))
                    .filter(|&p| m.is_dead(p))
                    .collect()
            }
            None => Vec::new(),
        }
    }

    /// `loser`'s time ran out (play phase only): the game is finished, `W+T` or `B+T`.
    pub fn time_out(&mut self, loser: Color) -> Result<(), ScoringError> {
        self.need(Phase::Play)?;
        self.phase = Phase::Finished;
        self.timed_out = Some(loser);
        self.result = Some(timeout_result(loser));
        Ok(())
    }

    /// `loser` forfeits (play or scoring phase): the game is finished, `W+F` or `B+F`, as
    /// servers rule for a program that crashed, hung or answered an illegal move. The marks
    /// are dropped: the count does not decide.
    pub fn forfeit(&mut self, loser: Color) -> Result<(), ScoringError> {
        if self.phase == Phase::Finished {
            return Err(ScoringError::WrongPhase {
                expected: Phase::Play,
                actual: Phase::Finished,
            });
        }
        self.phase = Phase::Finished;
        self.marking = None;
        self.result = Some(forfeit_result(loser));
        Ok(())
    }

    /// The scoring phase's deadline passed: the marks that stand decide, as if both players had
    /// accepted them.
    pub fn close_scoring(&mut self) -> Result<(), ScoringError> {
        self.need(Phase::Scoring)?;
        self.accepted = [true, true];
        self.phase = Phase::Finished;
        self.result = self.score().map(|s| s.result);
        Ok(())
    }

    /// Marks the whole chain of the stone on `p` dead or alive (scoring phase only). A change
    /// bumps the version and clears both acceptances; a request that changes nothing does not.
    pub fn set_dead(
        &mut self,
        p: Point,
        dead: bool,
        marks_version: u64,
    ) -> Result<Change, ScoringError> {
        self.need(Phase::Scoring)?;
        self.check_version(marks_version)?;
        let m = self.marking.as_mut().expect("scoring phase has marks");
        if !m.analysis().contains(p) {
            return Err(ScoringError::OffBoard(p));
        }
        let was = m.is_dead(p);
        let change = m
            .set_dead(p, dead)
            .map_err(|e| ScoringError::NoStone(e.0))?;
        if was != dead || !change.changed.is_empty() {
            self.bump();
        }
        Ok(change)
    }

    /// Replaces the marks with the automatic guess (scoring phase only); bumps the version. The
    /// guess is told who is to move (`options.to_move`, or the game's player to move).
    pub fn apply_guess(
        &mut self,
        options: GuessOptions,
        marks_version: u64,
    ) -> Result<Change, ScoringError> {
        self.need(Phase::Scoring)?;
        self.check_version(marks_version)?;
        let options = GuessOptions {
            to_move: options.to_move.or(Some(self.game.to_move())),
            ..options
        };
        let guess = Guess::new(self.game.board(), self.game.rules(), options);
        let m = self.marking.as_mut().expect("scoring phase has marks");
        let a = m.analysis();
        let (kill, live): (Vec<_>, Vec<_>) = (0..a.groups.len() as u32)
            .map(crate::GroupId)
            .partition(|g| guess.dead_groups[g.0 as usize]);
        let mut change = m.set_groups_dead(&live, false);
        let more = m.set_groups_dead(&kill, true);
        change.changed.extend(more.changed);
        change.tally = more.tally;
        self.bump();
        Ok(change)
    }

    /// Accepts the current marks for `color` (scoring phase only). Returns true when this
    /// acceptance finished the game.
    pub fn accept(&mut self, color: Color, marks_version: u64) -> Result<bool, ScoringError> {
        self.need(Phase::Scoring)?;
        self.check_version(marks_version)?;
        self.accepted[color.index()] = true;
        if self.accepted == [true, true] {
            self.phase = Phase::Finished;
            self.result = self.score().map(|s| s.result);
            return Ok(true);
        }
        Ok(false)
    }

    /// Goes back to play from the scoring phase. The game is as it was when scoring began; the
    /// marks are dropped and the version bumped.
    pub fn resume(&mut self) -> Result<(), ScoringError> {
        self.need(Phase::Scoring)?;
        self.phase = Phase::Play;
        self.marking = None;
        self.resumed_at = self.game.move_number();
        self.bump();
        Ok(())
    }
}

/// The result of a game forfeited by `loser`: `W+F` or `B+F`.
pub fn forfeit_result(loser: Color) -> String {
    match loser {
        Color::Black => "W+F".to_string(),
        Color::White => "B+F".to_string(),
    }
}

/// The result of a game lost on time by `loser`: `W+T` or `B+T`.
pub fn timeout_result(loser: Color) -> String {
    match loser {
        Color::Black => "W+T".to_string(),
        Color::White => "B+T".to_string(),
    }
}
