//! What clients see of a game: the state and the list entry, as `#[derive(Serialize)]` structs
//! built from a [`Match`].

use crate::clock::{ClockView, TimeControl};
use crate::game::{ChatLine, Match};
use serde::Serialize;
use tengen_core::{Color, Move, Point};
use tengen_scoring::{Phase, Score};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

/// A value per player.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Pair<T> {
    /// Black's.
    pub black: T,
    /// White's.
    pub white: T,
}

/// The schema of a phase's name: the names [`Phase::name`] writes.
pub struct PhaseName;

impl utoipa::PartialSchema for PhaseName {
    fn schema() -> RefOr<Schema> {
        let names = [Phase::Play, Phase::Scoring, Phase::Finished].map(Phase::name);
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(names))
            .description(Some(
                "`play` (moves), `scoring` (dead stones are being marked) or `finished`",
            ))
            .into()
    }
}

impl utoipa::ToSchema for PhaseName {}

/// The state of a game, as the HTTP contract gives it (also each WebSocket message).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct State<'a> {
    /// The game's id.
    id: &'a str,
    /// Columns.
    width: usize,
    /// Rows.
    height: usize,
    /// The rules in text form, `ko=simple,suicide=forbidden,scoring=area,komi=7.5,handicap-bonus=n`.
    rules: String,
    /// Komi.
    komi: f64,
    /// Handicap stones (0 for an even game).
    handicap: u32,
    /// Black's name.
    black_name: &'a str,
    /// White's name.
    white_name: &'a str,
    /// One string per row, top row first: `x` black, `o` white, `.` empty.
    board: Vec<String>,
    /// Whose turn it is; null when the game is finished.
    #[schema(required = true)]
    to_move: Option<Color>,
    /// Moves played so far, passes included; a move request must carry it.
    move_number: u64,
    /// The moves in order: vertices (`D4`), `pass`, `resign`.
    moves: Vec<String>,
    /// Stones captured by each player.
    captures: Pair<u32>,
    /// Where the game stands.
    #[schema(value_type = PhaseName)]
    phase: &'static str,
    /// The last move, or null.
    #[schema(required = true)]
    last_move: Option<String>,
    /// The point the simple-ko rule forbids now, or null.
    #[schema(required = true)]
    ko: Option<String>,
    /// The player who asked to take back a move, or null.
    #[schema(required = true)]
    undo_requested_by: Option<Color>,
    /// The version of the dead-stone marks; a mark or accept request must carry it.
    marks_version: u64,
    /// Vertices of the stones marked dead.
    dead: Vec<String>,
    /// The points each player counts: territory, with the opponent's dead stones in it.
    territory: Pair<Vec<String>>,
    /// Which players accepted the current marks.
    accepted: Pair<bool>,
    /// The count (as `tengen score --json`) in the scoring and finished phases, else null.
    #[schema(required = true)]
    score: Option<Score>,
    /// The result in SGF form (`B+3.5`, `W+R`, `B+T`, `0`), or null.
    #[schema(required = true)]
    result: Option<&'a str>,
    /// The time control as given at creation.
    time: &'a TimeControl,
    /// The clocks, or null without a time control.
    #[schema(required = true)]
    clock: Option<ClockView>,
    /// When the scoring phase ends (ms since the epoch), or null.
    #[schema(required = true)]
    scoring_deadline: Option<i64>,
    /// The seat that has no player yet, or null.
    #[schema(required = true)]
    open: Option<Color>,
    /// The engine playing black, or null.
    #[schema(required = true)]
    black_engine: Option<&'a str>,
    /// The engine playing white, or null.
    #[schema(required = true)]
    white_engine: Option<&'a str>,
    /// The chat, oldest line first.
    chat: &'a [ChatLine],
}

/// An entry of the list of recent games.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Summary<'a> {
    /// The game's id.
    id: &'a str,
    /// Columns.
    width: usize,
    /// Rows.
    height: usize,
    /// Black's name.
    black_name: &'a str,
    /// White's name.
    white_name: &'a str,
    /// Where the game stands.
    #[schema(value_type = PhaseName)]
    phase: &'static str,
    /// Moves played so far.
    move_number: u64,
    /// The result in SGF form, or null.
    #[schema(required = true)]
    result: Option<&'a str>,
    /// The seat that has no player yet, or null.
    #[schema(required = true)]
    open: Option<Color>,
    /// The time control.
    time: &'a TimeControl,
    /// Whether the creator listed the game among the recent ones.
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
    let dead = score.as_ref().map(|s| s.dead.clone()).unwrap_or_default();
    let [black, white] = score
        .as_ref()
        .and_then(|s| m.counted_points(s))
        .unwrap_or_default();
    let territory = Pair {
        black: black.into_iter().map(|p| m.vertex(p)).collect(),
        white: white.into_iter().map(|p| m.vertex(p)).collect(),
    };
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
        to_move: (sg.phase() != Phase::Finished).then(|| g.to_move()),
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
        undo_requested_by: m.undo_requested_by(),
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
        open: m.open_seat(),
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
        open: m.open_seat(),
        time: &meta.time,
        listed: meta.listed,
    }
}
