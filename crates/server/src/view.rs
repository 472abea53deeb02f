//! What clients see of a game: the state and the list entry, as `#[derive(Serialize)]` structs
//! built from a [`Match`].

use crate::clock::{ClockView, TimeControl};
use crate::game::{color_name, ChatLine, Match};
use serde::Serialize;
use tengen_core::{Color, Move, Point};
use tengen_scoring::{Phase, Score};

/// A value per player.
#[derive(Debug, Serialize)]
pub struct Pair<T> {
    /// Black's.
    pub black: T,
    /// White's.
    pub white: T,
}

/// The state of a game, as the HTTP contract gives it.
#[derive(Debug, Serialize)]
pub struct State<'a> {
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
    time: &'a TimeControl,
    clock: Option<ClockView>,
    scoring_deadline: Option<i64>,
    open: Option<&'static str>,
    black_engine: Option<&'a str>,
    white_engine: Option<&'a str>,
    chat: &'a [ChatLine],
}

/// An entry of the list of recent games.
#[derive(Debug, Serialize)]
pub struct Summary<'a> {
    id: &'a str,
    width: usize,
    height: usize,
    black_name: &'a str,
    white_name: &'a str,
    phase: &'static str,
    move_number: u64,
    result: Option<&'a str>,
    open: Option<&'static str>,
    time: &'a TimeControl,
    listed: bool,
}

fn move_text(m: &Match, mv: Move) -> String {
    m.move_text(mv)
}

/// The state of `m` as of `now` (ms since the epoch).
pub fn state(m: &Match, now: i64) -> State<'_> {
    let sg = m.scoring();
    let g = sg.game();
    let board = g.board();
    let meta = m.meta();
    let (w, h) = (meta.width, meta.height);
    let rows = (0..h)
        .map(|y| {
            (0..w)
                .map(|x| match board.get(Point::new(x as u8, y as u8)) {
                    Some(Color::Black) => 'x',
                    Some(Color::White) => 'o',
                    None => '.',
                })
                .collect()
        })
        .collect();
    let score = sg.score();
    let mut territory = Pair {
        black: Vec::new(),
        white: Vec::new(),
    };
    let mut dead = Vec::new();
    if let (Some(s), Some(marks)) = (&score, sg.marking()) {
        dead = s.dead.clone();
        for (y, row) in s.ownership.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let p = Point::new(x as u8, y as u8);
                // Territory: the points counted for a side that hold no living stone.
                if board.get(p).is_some() && !marks.is_dead(p) {
                    continue;
                }
                match ch {
                    'B' => territory.black.push(m.vertex(p)),
                    'W' => territory.white.push(m.vertex(p)),
                    _ => {}
                }
            }
        }
    }
    State {
        id: m.id(),
        width: w,
        height: h,
        rules: g.rules().to_string(),
        komi: g.rules().komi,
        handicap: meta.handicap,
        black_name: m.name(Color::Black),
        white_name: m.name(Color::White),
        board: rows,
        to_move: (sg.phase() != Phase::Finished).then(|| color_name(g.to_move())),
        move_number: m.move_number(),
        moves: g
            .moves()
            .into_iter()
            .map(|(_, mv)| move_text(m, mv))
            .collect(),
        captures: Pair {
            black: board.captures(Color::Black),
            white: board.captures(Color::White),
        },
        phase: sg.phase().name(),
        last_move: g.last_move().map(|(_, mv)| move_text(m, mv)),
        ko: g.ko_point().map(|p| m.vertex(p)),
        undo_requested_by: m.undo_requested_by().map(color_name),
        marks_version: sg.marks_version(),
        dead,
        territory,
        accepted: Pair {
            black: sg.accepted(Color::Black),
            white: sg.accepted(Color::White),
        },
        score,
        result: sg.result(),
        time: &meta.time,
        clock: m.clock().map(|c| c.view(now)),
        scoring_deadline: m.scoring_deadline(),
        open: m.open_seat().map(color_name),
        black_engine: meta.black_engine.as_deref(),
        white_engine: meta.white_engine.as_deref(),
        chat: m.chat(),
    }
}

/// The list entry of `m`.
pub fn summary(m: &Match) -> Summary<'_> {
    let meta = m.meta();
    Summary {
        id: m.id(),
        width: meta.width,
        height: meta.height,
        black_name: m.name(Color::Black),
        white_name: m.name(Color::White),
        phase: m.phase().name(),
        move_number: m.move_number(),
        result: m.result(),
        open: m.open_seat().map(color_name),
        time: &meta.time,
        listed: meta.listed,
    }
}
