//! A game: the board plus whose turn it is, the rules, the history of positions that ko and
//! superko consult, passes, resignation, undo and rollback.

use crate::board::{Board, MoveEffect, SizeError};
use crate::color::Color;
use crate::point::{Move, Point};
use crate::rules::{KoRule, Rules};
use crate::superko::PositionFilter;
use crate::zobrist;
use std::fmt;

/// Why a move is refused. The game is left exactly as it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The point holds a stone.
    Occupied,
    /// The move would leave its own group without liberties, and the rules forbid suicide.
    Suicide,
    /// The move would recreate the position that stood before the opponent's last turn.
    Ko,
    /// The move would recreate an earlier position that superko forbids: the one that stood after
    /// move `repeats_move` (0 = the set-up position).
    Superko {
        /// The number of the move after which the repeated position stood.
        repeats_move: usize,
    },
    /// The point is not on the board.
    OffBoard,
    /// The game ended by resignation.
    GameOver,
}

impl IllegalMove {
    /// The reason as the GTP and HTTP interfaces spell it: `occupied`, `suicide`, `ko`,
    /// `superko`, `off board`, `game over`.
    pub const fn reason(self) -> &'static str {
        match self {
            IllegalMove::Occupied => "occupied",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Ko => "ko",
            IllegalMove::Superko { .. } => "superko",
            IllegalMove::OffBoard => "off board",
            IllegalMove::GameOver => "game over",
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::Superko { repeats_move } => {
                write!(
                    f,
                    "superko (repeats the position after move {repeats_move})"
                )
            }
            other => f.write_str(other.reason()),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// Whether `color` may play on the empty index `i` under rules without superko, from the board
/// and the simple-ko state alone (shared by [`Game`] and the board-only playouts). Fast path: no
/// hash and no capture count unless the move is a suicide.
#[inline(always)]
pub(crate) fn check_without_superko(
    board: &Board,
    rules: &Rules,
    ko: Option<(u16, Color)>,
    unchanged: bool,
    i: usize,
    color: Color,
) -> Result<(), IllegalMove> {
    if !board.is_suicide_at(i, color) {
        if rules.ko == KoRule::Simple && ko == Some((i as u16, color)) {
            return Err(IllegalMove::Ko);
        }
        return Ok(());
    }
    check_suicide_without_superko(board, rules, unchanged, i, color)
}

/// The rare tail of [`check_without_superko`]: a move that would be a suicide.
#[cold]
fn check_suicide_without_superko(
    board: &Board,
    rules: &Rules,
    unchanged: bool,
    i: usize,
    color: Color,
) -> Result<(), IllegalMove> {
    if !rules.suicide_allowed {
        return Err(IllegalMove::Suicide);
    }
    // A one-stone suicide leaves the position as it is: a ko after an unchanged turn.
    if rules.ko == KoRule::Simple && unchanged && board.effect_at(i, color).suicide_stones == 1 {
        return Err(IllegalMove::Ko);
    }
    Ok(())
}

/// A set-up that cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// Moves have been played: set-up stones only start a game.
    GameStarted,
    /// A point off the board.
    OffBoard(Point),
    /// A set-up group would have no liberty.
    NoLiberty(Point),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::GameStarted => {
                f.write_str("set-up stones can only be placed before the first move")
            }
            SetupError::OffBoard(p) => write!(
                f,
                "set-up point (column {}, row {} from the top) is off the board",
                p.x, p.y
            ),
            SetupError::NoLiberty(p) => write!(
                f,
                "set-up group at column {}, row {} from the top would have no liberty",
                p.x, p.y
            ),
        }
    }
}

impl std::error::Error for SetupError {}

/// One turn of the record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// Who moved.
    pub color: Color,
    /// What they did (a play or a pass; a resignation is kept apart, see [`Game::resigned`]).
    pub mv: Move,
    removed_start: u32,
    removed_len: u32,
    suicide: bool,
    prev_ko: Option<(u16, Color)>,
    prev_unchanged: bool,
    prev_passes: u32,
}

impl Turn {
    /// The number of stones this turn removed (captures, or its own group on a suicide).
    pub fn removed(&self) -> u32 {
        self.removed_len
    }
}

#[derive(Debug, Clone, Copy)]
struct Position {
    hash: u64,
    to_move: Color,
    by_pass: bool,
}

/// A game of Go under a set of [`Rules`].
///
/// ```
/// use tengen_core::{Color, Game, IllegalMove, Move, Point, Rules};
/// let mut game = Game::new(9, 9, Rules::default()).unwrap();
/// game.play(Move::Play(Point::new(4, 4))).unwrap();
/// assert_eq!(game.to_move(), Color::White);
/// assert_eq!(game.play(Move::Play(Point::new(4, 4))), Err(IllegalMove::Occupied));
/// game.play(Move::Pass).unwrap();
/// game.play(Move::Pass).unwrap();
/// assert!(game.is_over());
/// game.undo();
/// assert!(!game.is_over());
/// ```
#[derive(Debug)]
pub struct Game {
    board: Board,
    setup: Board,
    setup_to_move: Color,
    rules: Rules,
    to_move: Color,
    turns: Vec<Turn>,
    removed: Vec<u16>,
    history: Vec<Position>,
    table: PositionFilter,
    ko: Option<(u16, Color)>,
    unchanged: bool,
    passes: u32,
    resigned: Option<Color>,
    handicap: u32,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        let mut g = Game {
            board: self.board.clone(),
            setup: self.setup.clone(),
            setup_to_move: self.setup_to_move,
            rules: self.rules,
            to_move: self.to_move,
            turns: Vec::new(),
            removed: Vec::new(),
            history: Vec::new(),
            table: PositionFilter::default(),
            ko: self.ko,
            unchanged: self.unchanged,
            passes: self.passes,
            resigned: self.resigned,
            handicap: self.handicap,
        };
        g.clone_from(self);
        g
    }

    /// Copies into existing buffers: restarting a playout from a saved game allocates nothing.
    fn clone_from(&mut self, o: &Game) {
        self.board.clone_from(&o.board);
        self.setup.clone_from(&o.setup);
        self.setup_to_move = o.setup_to_move;
        self.rules = o.rules;
        self.to_move = o.to_move;
        self.turns.clone_from(&o.turns);
        self.removed.clone_from(&o.removed);
        self.history.clone_from(&o.history);
        self.table.clone_from(&o.table);
        self.ko = o.ko;
        self.unchanged = o.unchanged;
        self.passes = o.passes;
        self.resigned = o.resigned;
        self.handicap = o.handicap;
    }
}

impl Game {
    /// A new game on an empty `width` x `height` board, black to move.
    pub fn new(width: usize, height: usize, rules: Rules) -> Result<Game, SizeError> {
        let board = Board::new(width, height)?;
        let mut g = Game {
            setup: board.clone(),
            board,
            setup_to_move: Color::Black,
            rules,
            to_move: Color::Black,
            turns: Vec::new(),
            removed: Vec::new(),
            history: Vec::new(),
            table: PositionFilter::default(),
            ko: None,
            unchanged: false,
            passes: 0,
            resigned: None,
            handicap: 0,
        };
        g.reset_history();
        Ok(g)
    }

    fn reset_history(&mut self) {
        self.history.clear();
        self.history.push(Position {
            hash: self.board.hash(),
            to_move: self.to_move,
            by_pass: false,
        });
        self.rebuild_table();
    }

    fn rebuild_table(&mut self) {
        if !self.rules.ko.is_superko() {
            self.table = PositionFilter::default();
            return;
        }
        let b = &self.board;
        let expected = (3 * b.width() * b.height()).max(2 * self.history.len());
        self.table = PositionFilter::with_capacity(expected);
        for k in 0..self.history.len() {
            self.index_position(k);
        }
    }

    #[inline]
    fn key(&self, hash: u64, to_move: Color) -> u64 {
        match self.rules.ko {
            KoRule::Positional => hash,
            _ => {
                if to_move == Color::White {
                    hash ^ zobrist::WHITE_TO_MOVE
                } else {
                    hash
                }
            }
        }
    }

    /// Whether history entry `k` counts for the active superko rule.
    #[inline]
    fn counts_for_superko(&self, k: usize) -> bool {
        !(self.rules.ko == KoRule::NaturalSituational && self.history[k].by_pass)
    }

    fn index_position(&mut self, k: usize) {
        if self.counts_for_superko(k) {
            let p = self.history[k];
            let key = self.key(p.hash, p.to_move);
            if self.table.insert(key) {
                self.rebuild_table();
            }
        }
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rules.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Changes the rules. Moves already played stand; the new ko rule judges the next ones.
    pub fn set_rules(&mut self, rules: Rules) {
        let rebuild = rules.ko != self.rules.ko;
        self.rules = rules;
        if rebuild {
            self.rebuild_table();
        }
    }

    /// Sets the komi.
    pub fn set_komi(&mut self, komi: f64) {
        self.rules.komi = komi;
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Makes `color` the player to move, as GTP's `gogui-setup_player` does before the first move.
    pub fn set_to_move(&mut self, color: Color) -> Result<(), SetupError> {
        if !self.turns.is_empty() {
            return Err(SetupError::GameStarted);
        }
        self.to_move = color;
        self.setup_to_move = color;
        self.reset_history();
        Ok(())
    }

    /// The turns played, passes included, oldest first.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The number of turns played (passes included; resignation not).
    pub fn move_number(&self) -> usize {
        self.turns.len()
    }

    /// The set-up position the history starts at.
    pub fn setup_board(&self) -> &Board {
        &self.setup
    }

    /// Who was to move in the set-up position.
    pub fn setup_to_move(&self) -> Color {
        self.setup_to_move
    }

    /// The number of handicap stones placed (0 for an even game).
    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// Records the number of handicap stones (for the handicap bonus), as SGF's `HA` says.
    pub fn set_handicap_count(&mut self, stones: u32) {
        self.handicap = stones;
    }

    /// The player who resigned, if the game ended so.
    pub fn resigned(&self) -> Option<Color> {
        self.resigned
    }

    /// How many passes in a row ended the record.
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }

    /// Whether the game is over: two passes in a row, or a resignation. A play after two passes
    /// resumes the game.
    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.passes >= 2
    }

    /// The point where the player to move may not play now because of simple ko, if any.
    pub fn ko_point(&self) -> Option<Point> {
        match self.ko {
            Some((i, c)) if c == self.to_move => Some(self.board.point(i as usize)),
            _ => None,
        }
    }

    /// Places set-up stones (handicap, SGF `AB`/`AW`, GTP `set_position`) before the first move.
    /// They become the start of the history. Nothing is captured: a set-up group without a
    /// liberty is an error, and the game is left as it was.
    pub fn set_up(&mut self, stones: &[(Point, Option<Color>)]) -> Result<(), SetupError> {
        if !self.turns.is_empty() || self.resigned.is_some() {
            return Err(SetupError::GameStarted);
        }
        let mut board = self.board.clone();
        for &(p, c) in stones {
            if !board.contains(p) {
                return Err(SetupError::OffBoard(p));
            }
            board.set_stone(p, c);
        }
        if let Some(p) = board.group_without_liberty() {
            return Err(SetupError::NoLiberty(p));
        }
        self.board = board;
        self.setup = self.board.clone();
        self.setup_to_move = self.to_move;
        self.ko = None;
        self.unchanged = false;
        self.passes = 0;
        self.reset_history();
        Ok(())
    }

    /// Checks a play of `color` at `p` without changing anything.
    pub fn check(&self, color: Color, p: Point) -> Result<MoveEffect, IllegalMove> {
        if self.resigned.is_some() {
            return Err(IllegalMove::GameOver);
        }
        if !self.board.contains(p) {
            return Err(IllegalMove::OffBoard);
        }
        self.check_index(self.board.index(p), color)
    }

    /// [`Game::check`] on a padded board index (see [`Board::index`]).
    ///
    /// # Panics
    /// When `i` is not a point index of the board.
    pub fn check_index(&self, i: usize, color: Color) -> Result<MoveEffect, IllegalMove> {
        assert!(self.board.is_point_index(i), "not a point index: {i}");
        self.check_at(i, color)?;
        Ok(self.board.effect_at(i, color))
    }

    #[inline(always)]
    pub(crate) fn check_at(&self, i: usize, color: Color) -> Result<(), IllegalMove> {
        if self.board.color_at_unchecked(i).is_some() {
            return Err(IllegalMove::Occupied);
        }
        match self.rules.ko {
            // Fast path: no hash and no capture count unless the move is a suicide.
            KoRule::None | KoRule::Simple => {
                check_without_superko(&self.board, &self.rules, self.ko, self.unchanged, i, color)
            }
            _ => {
                if !self.board.is_suicide_at(i, color) {
                    let hash_after = self.board.hash_after_at(i, color);
                    return self.check_superko(i, color, hash_after, false);
                }
                if !self.rules.suicide_allowed {
                    return Err(IllegalMove::Suicide);
                }
                let eff = self.board.effect_at(i, color);
                self.check_superko(i, color, eff.hash_after, eff.suicide_stones == 1)
            }
        }
    }

    /// Superko for a move whose resulting position hashes to `hash_after`; `lone_suicide` says
    /// whether it is a one-stone suicide (which leaves the position as it is).
    #[inline]
    fn check_superko(
        &self,
        i: usize,
        color: Color,
        hash_after: u64,
        lone_suicide: bool,
    ) -> Result<(), IllegalMove> {
        let n = self.history.len() - 1;
        let after_to_move = color.opponent();
        let key = self.key(hash_after, after_to_move);
        let eligible = |k: usize| {
            self.counts_for_superko(k)
                && self.key(self.history[k].hash, self.history[k].to_move) == key
        };
        // Exact shortcuts, no hash trusted: the ko capture recreates the position before the
        // opponent's turn, and a one-stone suicide recreates the current one.
        let ko_capture = self.ko == Some((i as u16, color));
        if (ko_capture || (lone_suicide && self.unchanged)) && n >= 1 && eligible(n - 1) {
            return Err(IllegalMove::Ko);
        }
        if lone_suicide && eligible(n) {
            return Err(self.repetition(n));
        }
        // General case: a filter hit is confirmed against the real positions.
        if !self.table.may_contain(key) {
            return Ok(());
        }
        let mut after: Option<Board> = None;
        let mut found: Option<usize> = None;
        // The position before the opponent's turn decides the reason (`ko`): look there first.
        for k in std::iter::once(n.wrapping_sub(1)).chain(0..=n) {
            if k > n || !eligible(k) {
                continue;
            }
            let after = after.get_or_insert_with(|| {
                let mut b = self.board.clone();
                b.place_at(i, color, |_| {});
                b
            });
            if self.position_equals(k, after) {
                found = Some(k);
                break;
            }
        }
        match found {
            Some(k) => Err(self.repetition(k)),
            None => Ok(()),
        }
    }

    fn repetition(&self, k: usize) -> IllegalMove {
        if k + 1 == self.history.len() - 1 {
            IllegalMove::Ko
        } else {
            IllegalMove::Superko { repeats_move: k }
        }
    }

    /// Whether the position after turn `k` has exactly the stones of `board`, found by taking
    /// back turns from the current position (cheap for recent positions, exact always).
    fn position_equals(&self, k: usize, board: &Board) -> bool {
        if self.history[k].hash != board.hash() {
            return false;
        }
        let mut b = self.board.clone();
        for t in self.turns[k..].iter().rev() {
            if let Move::Play(p) = t.mv {
                let r = &self.removed
                    [t.removed_start as usize..(t.removed_start + t.removed_len) as usize];
                b.unplace(b.index(p), t.color, r, t.suicide);
            }
        }
        b == *board
    }

    /// Whether `color` may play at `p` now.
    pub fn is_legal(&self, color: Color, p: Point) -> bool {
        self.check(color, p).is_ok()
    }

    /// Every point where `color` may play now, in row-major order from the top-left.
    pub fn legal_moves(&self, color: Color) -> Vec<Point> {
        if self.resigned.is_some() {
            return Vec::new();
        }
        self.board
            .points()
            .filter(|&p| self.check(color, p).is_ok())
            .collect()
    }

    /// Fills `mask` (one entry per point, row-major from the top-left) with whether `color` may
    /// play there now; a caller-owned buffer, so nothing is allocated.
    ///
    /// # Panics
    /// When `mask` is not width x height long.
    pub fn legal_mask(&self, color: Color, mask: &mut [bool]) {
        let (w, h) = (self.board.width(), self.board.height());
        assert_eq!(mask.len(), w * h, "mask length");
        let over = self.resigned.is_some();
        for y in 0..h {
            for x in 0..w {
                let i = self.board.index(Point::new(x as u8, y as u8));
                mask[y * w + x] = !over && self.check_at(i, color).is_ok();
            }
        }
    }

    /// A game starting from `board` (its stones become the set-up position, its capture counts
    /// are kept), `to_move` to play.
    pub fn from_board(board: &Board, to_move: Color, rules: Rules) -> Result<Game, SetupError> {
        if let Some(p) = board.group_without_liberty() {
            return Err(SetupError::NoLiberty(p));
        }
        let mut g = Game::new(board.width(), board.height(), rules).expect("a board's own size");
        g.board = board.clone();
        g.setup = board.clone();
        g.to_move = to_move;
        g.setup_to_move = to_move;
        g.reset_history();
        Ok(g)
    }

    /// Plays a move for the player to move.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.play_as(self.to_move, mv)
    }

    /// Plays a move for `color` (GTP lets either color move at any time). On error nothing
    /// changes.
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        if self.resigned.is_some() {
            return Err(IllegalMove::GameOver);
        }
        match mv {
            Move::Resign => {
                self.resigned = Some(color);
                Ok(())
            }
            Move::Pass => {
                self.push_turn(color, mv, self.removed.len() as u32, 0, false, None, true);
                Ok(())
            }
            Move::Play(p) => {
                if !self.board.contains(p) {
                    return Err(IllegalMove::OffBoard);
                }
                let i = self.board.index(p);
                self.check_at(i, color)?;
                self.play_at(i, color);
                Ok(())
            }
        }
    }

    /// Plays `color` at the padded index `i`, which the caller has checked with
    /// [`Game::check_index`] (the rules are not checked again).
    ///
    /// # Panics
    /// When `i` is not an empty point of the board.
    pub fn play_index_unchecked(&mut self, i: usize, color: Color) {
        assert!(
            self.board.is_point_index(i) && self.board.color_at(i).is_none(),
            "not an empty point: {i}"
        );
        self.play_at(i, color);
    }

    #[inline(always)]
    pub(crate) fn play_at(&mut self, i: usize, color: Color) {
        let start = self.removed.len() as u32;
        let removed = &mut self.removed;
        let (captured, suicided) = self.board.place_at(i, color, |s| removed.push(s));
        let mut ko = None;
        if captured == 1 && self.board.is_lone_stone_in_atari(i) {
            ko = Some((self.removed[start as usize], color.opponent()));
        }
        let unchanged = suicided == 1;
        self.push_turn(
            color,
            Move::Play(self.board.point(i)),
            start,
            captured + suicided,
            suicided > 0,
            ko,
            unchanged,
        );
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn push_turn(
        &mut self,
        color: Color,
        mv: Move,
        removed_start: u32,
        removed_len: u32,
        suicide: bool,
        ko: Option<(u16, Color)>,
        unchanged: bool,
    ) {
        let is_pass = mv == Move::Pass;
        self.turns.push(Turn {
            color,
            mv,
            removed_start,
            removed_len,
            suicide,
            prev_ko: self.ko,
            prev_unchanged: self.unchanged,
            prev_passes: self.passes,
        });
        self.ko = ko;
        self.unchanged = unchanged;
        self.passes = if is_pass { self.passes + 1 } else { 0 };
        self.to_move = color.opponent();
        self.history.push(Position {
            hash: self.board.hash(),
            to_move: self.to_move,
            by_pass: is_pass,
        });
        if self.rules.ko.is_superko() {
            self.index_last_position();
        }
    }

    #[inline(never)]
    fn index_last_position(&mut self) {
        self.index_position(self.history.len() - 1);
    }

    /// Takes back the last turn (or the resignation). Returns false when there is nothing to take
    /// back. The game is restored exactly, hash and ko state included.
    pub fn undo(&mut self) -> bool {
        if self.resigned.take().is_some() {
            return true;
        }
        let Some(t) = self.turns.pop() else {
            return false;
        };
        if let Move::Play(p) = t.mv {
            let start = t.removed_start as usize;
            let end = start + t.removed_len as usize;
            let i = self.board.index(p);
            self.board
                .unplace(i, t.color, &self.removed[start..end], t.suicide);
        }
        self.removed.truncate(t.removed_start as usize);
        self.ko = t.prev_ko;
        self.unchanged = t.prev_unchanged;
        self.passes = t.prev_passes;
        self.to_move = t.color;
        self.history.pop();
        // Stale filter bits only cost a history scan on a later false hit.
        true
    }

    /// Takes back the last `n` turns. Taking back more turns than were played is an error and
    /// changes nothing.
    pub fn rollback(&mut self, n: usize) -> Result<(), RollbackError> {
        let available = self.turns.len() + usize::from(self.resigned.is_some());
        if n > available {
            return Err(RollbackError {
                asked: n,
                available,
            });
        }
        for _ in 0..n {
            self.undo();
        }
        Ok(())
    }

    /// The moves in order, passes as [`Move::Pass`], a final resignation as [`Move::Resign`].
    pub fn moves(&self) -> Vec<(Color, Move)> {
        let mut v: Vec<(Color, Move)> = self.turns.iter().map(|t| (t.color, t.mv)).collect();
        if let Some(c) = self.resigned {
            v.push((c, Move::Resign));
        }
        v
    }

    /// The last move, if any.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        if let Some(c) = self.resigned {
            return Some((c, Move::Resign));
        }
        self.turns.last().map(|t| (t.color, t.mv))
    }

    /// Rebuilds the position after turn `k` (0 = the set-up position) by replaying the record.
    pub fn position_after(&self, k: usize) -> Option<Board> {
        if k > self.turns.len() {
            return None;
        }
        let mut b = self.setup.clone();
        for t in &self.turns[..k] {
            if let Move::Play(p) = t.mv {
                let i = b.index(p);
                b.place(i, t.color, |_| {});
            }
        }
        Some(b)
    }

    /// Checks the board's incremental state and the history's hashes against recomputation.
    pub fn check_consistency(&self) -> Result<(), String> {
        self.board.check_consistency()?;
        if self.history.len() != self.turns.len() + 1 {
            return Err("history and turns out of step".into());
        }
        let replayed = self
            .position_after(self.turns.len())
            .expect("current position");
        if replayed != self.board || replayed.hash() != self.board.hash() {
            return Err("replaying the record gives another position".into());
        }
        if self.history.last().map(|p| p.hash) != Some(self.board.hash()) {
            return Err("last history hash is not the board's".into());
        }
        Ok(())
    }

    /// Whether `point` is empty (on the board).
    pub fn is_empty_point(&self, p: Point) -> bool {
        self.board.contains(p) && self.board.color_at(self.board.index(p)).is_none()
    }

    /// The simple-ko state: the forbidden (point index, color), and whether the last turn left
    /// the position unchanged.
    pub(crate) fn ko_state(&self) -> (Option<(u16, Color)>, bool) {
        (self.ko, self.unchanged)
    }

    /// Calls `f` with the superko key, the stones and the turn number of every position the active superko rule
    /// counts, the current one included, newest first (for the board-only playouts, which
    /// confirm a key match against these stones).
    pub(crate) fn for_each_superko_position(&self, mut f: impl FnMut(u64, &Board, usize)) {
        let mut g = self.clone();
        g.resigned = None;
        loop {
            let k = g.history.len() - 1;
            if g.counts_for_superko(k) {
                let p = g.history[k];
                f(g.key(p.hash, p.to_move), &g.board, k);
            }
            if !g.undo() {
                break;
            }
        }
    }

    pub(crate) fn board_mut_for_playout(&mut self) -> &mut Board {
        &mut self.board
    }

    /// Clears the board and the record, keeping size and rules.
    pub fn clear(&mut self) {
        let (w, h) = (self.board.width(), self.board.height());
        *self = Game::new(w, h, self.rules).expect("same size");
    }
}

/// A rollback past the start of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RollbackError {
    /// Turns asked for.
    pub asked: usize,
    /// Turns there were.
    pub available: usize,
}

impl fmt::Display for RollbackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot roll back {} turns: only {} played",
            self.asked, self.available
        )
    }
}

impl std::error::Error for RollbackError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A forged hash collision: an earlier history entry claims the hash of the position a
    /// move would create. The exact confirmation must still allow the move.
    #[test]
    fn a_hash_collision_never_forbids_a_legal_move() {
        for ko in [
            KoRule::Positional,
            KoRule::Situational,
            KoRule::NaturalSituational,
        ] {
            let rules = Rules {
                ko,
                ..Rules::CHINESE
            };
            let mut g = Game::new(5, 5, rules).unwrap();
            for p in [Point::new(0, 0), Point::new(4, 4), Point::new(1, 1)] {
                g.play(Move::Play(p)).unwrap();
            }
            let target = Point::new(2, 2);
            let i = g.board.index(target);
            let color = g.to_move();
            let hash_after = g.board.hash_after_at(i, color);
            // Forge entry 1 to collide, and record the forged key in the filter.
            g.history[1].hash = hash_after;
            g.history[1].to_move = color.opponent();
            g.history[1].by_pass = false;
            g.rebuild_table();
            assert!(g.table.may_contain(g.key(hash_after, color.opponent())));
            assert_eq!(g.check(color, target).map(|_| ()), Ok(()), "{ko:?}");
            g.play(Move::Play(target)).unwrap();
        }
    }
}
