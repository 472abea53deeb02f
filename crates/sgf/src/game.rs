//! [`Game`] <-> SGF: replaying a record's main line under the rules of `tengen-core`, checking
//! every move, and writing a game back as a record.
//!
//! Reading:
//! - the rules come from `RU` when it is a tengen rules text (a preset such as `Chinese`,
//!   `Japanese`, `tromp-taylor`, or `key=value` pairs), else from the caller's fallback; an
//!   unknown `RU` is kept as text in [`GameInfo::rules_text`];
//! - `KM` overrides the komi of those rules; `HA` is recorded with
//!   [`Game::set_handicap_count`];
//! - `AB`/`AW`/`AE` before the first move are the set-up position, `PL` its player to move
//!   (without `PL`: the color of the first move, else white when `HA` is 2 or more and black
//!   stones are set up, else black);
//! - every move is checked with [`Game::play_as`] (a move out of turn is played as recorded);
//!   the first illegal one is a [`ReplayError::Illegal`] naming the move number (from 1, set-up
//!   not counted), the vertex and the reason;
//! - set-up after the first move (`AB`/`AW`/`AE` in a later node) is not supported: it is a
//!   [`ReplayError::SetupAfterMoves`]. A later node with only `PL` is ignored, since every
//!   move carries its color.
//!
//! Writing ([`sgf_from_game`]) gives `SZ`, `KM`, `HA`, `RU` (the full rules text, or the
//! unknown text kept on reading), `RE`, the names, the set-up position as `AB`/`AW` (+ `PL` when
//! white is to move), then one node per turn, a pass as `B[]`/`W[]`. The output is deterministic.
//!
//! ```
//! use tengen_core::{Color, Rules};
//! use tengen_sgf::game::{game_from_sgf, sgf_from_game, GameInfo, ReplayError};
//! use tengen_sgf::read_go_games;
//!
//! let (games, _) = read_go_games(b"(;SZ[9]KM[6.5]RU[Japanese];B[ee];W[];B[dc])").unwrap();
//! let game = game_from_sgf(&games[0], Rules::default()).unwrap();
//! assert_eq!(game.move_number(), 3);
//! assert_eq!(game.rules().komi, 6.5);
//! assert_eq!(game.to_move(), Color::White);
//!
//! let text = sgf_from_game(&game, &GameInfo::from_sgf(&games[0])).to_sgf().unwrap();
//! assert!(text.contains(";B[ee]\n;W[]\n;B[dc]") || text.contains(";B[ee];W[];B[dc]"));
//!
//! // Black plays on an occupied point at move 2.
//! let (bad, _) = read_go_games(b"(;SZ[9];B[ee];W[ee])").unwrap();
//! let err = game_from_sgf(&bad[0], Rules::default()).unwrap_err();
//! assert_eq!(err.to_string(), "move 2 E5: occupied");
//! ```

use std::fmt;

use tengen_core::{coords, Color, Game, IllegalMove, Move, Point, Rules};

use crate::go::{GameResult, GoGame, Setup, WinBy};

/// Why a record cannot be replayed.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    /// The board size is one the core does not play.
    BadSize {
        /// Width.
        width: u8,
        /// Height.
        height: u8,
    },
    /// The set-up position is not a position (a set-up group without a liberty).
    BadSetup {
        /// What is wrong, in words.
        message: String,
    },
    /// Stones are added or removed after the first move.
    SetupAfterMoves {
        /// The number of moves played before that set-up.
        after_move: usize,
    },
    /// `HA` asks for more handicap stones than the board has points to hold (every point but
    /// one), which would hand white a bonus no game can have.
    BadHandicap {
        /// The `HA` value.
        handicap: u32,
        /// Points of the board.
        points: usize,
    },
    /// A move the rules refuse.
    Illegal {
        /// The move number, from 1 (set-up not counted).
        move_number: usize,
        /// Who played it.
        color: Color,
        /// Where: a GTP vertex (`D4`), or the SGF point past 25 columns.
        vertex: String,
        /// Why it is illegal.
        reason: IllegalMove,
    },
}

impl ReplayError {
    /// The move number of an illegal move, if this is one.
    pub fn move_number(&self) -> Option<usize> {
        match self {
            ReplayError::Illegal { move_number, .. } => Some(*move_number),
            _ => None,
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::BadSize { width, height } => {
                write!(f, "board size {width}x{height} is not supported")
            }
            ReplayError::BadSetup { message } => write!(f, "bad set-up: {message}"),
            ReplayError::BadHandicap { handicap, points } => write!(
                f,
                "handicap HA[{handicap}] refused: a board of {points} points holds at most {} stones",
                points.saturating_sub(1)
            ),
            ReplayError::SetupAfterMoves { after_move } => {
                write!(f, "set-up after move {after_move} is not supported")
            }
            ReplayError::Illegal {
                move_number,
                vertex,
                reason,
                ..
            } => write!(f, "move {move_number} {vertex}: {}", reason.reason()),
        }
    }
}

impl std::error::Error for ReplayError {}

/// The record's information that a [`Game`] does not hold: names, result, and an `RU` text that
/// is not a tengen rules text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameInfo {
    /// `PB`.
    pub black_name: Option<String>,
    /// `PW`.
    pub white_name: Option<String>,
    /// `BR`.
    pub black_rank: Option<String>,
    /// `WR`.
    pub white_rank: Option<String>,
    /// `RE`; when `None`, [`sgf_from_game`] writes `B+R`/`W+R` after a resignation.
    pub result: Option<String>,
    /// `DT`.
    pub date: Option<String>,
    /// `EV`.
    pub event: Option<String>,
    /// `GN`.
    pub game_name: Option<String>,
    /// An `RU` text that is not a tengen rules text, kept to be written back as it was.
    pub rules_text: Option<String>,
}

impl GameInfo {
    /// The information of a record. `rules_text` is set only when `RU` does not parse.
    pub fn from_sgf(g: &GoGame) -> GameInfo {
        GameInfo {
            black_name: g.black_name.clone(),
            white_name: g.white_name.clone(),
            black_rank: g.black_rank.clone(),
            white_rank: g.white_rank.clone(),
            result: g.result.clone(),
            date: g.date.clone(),
            event: g.event.clone(),
            game_name: g.game_name.clone(),
            rules_text: g
                .rules
                .as_ref()
                .filter(|t| t.parse::<Rules>().is_err())
                .cloned(),
        }
    }
}

/// The names other programs write in `RU` (the SGF FF\[4\] names, and KataGo's `Tromp-Taylor`)
/// with the tengen preset each stands for. A record's rules are written with one of these when
/// they are that preset whatever the komi (`KM` carries the komi); otherwise as tengen's full
/// `key=value` text, which only tengen reads.
pub const RULES_NAMES: &[(&str, &str)] = &[
    ("Chinese", "chinese"),
    ("Japanese", "japanese"),
    ("AGA", "aga"),
    ("NZ", "nz"),
    ("Tromp-Taylor", "tromp-taylor"),
];

/// The `RU` text of `rules`: a standard name when the rules are one of [`RULES_NAMES`]'s presets
/// (komi aside), else the full text form.
///
/// ```
/// use tengen_core::Rules;
/// use tengen_sgf::game::rules_text;
/// assert_eq!(rules_text(&Rules { komi: 0.5, ..Rules::JAPANESE }), "Japanese");
/// assert_eq!(rules_text(&Rules::TROMP_TAYLOR), "Tromp-Taylor");
/// assert_eq!(
///     rules_text(&Rules::SIMPLE),
///     "ko=simple,suicide=forbidden,scoring=area,komi=0,handicap-bonus=0"
/// );
/// ```
pub fn rules_text(rules: &Rules) -> String {
    RULES_NAMES
        .iter()
        .find(|(_, preset)| {
            Rules::preset(preset).is_some_and(|p| {
                Rules {
                    komi: rules.komi,
                    ..p
                } == *rules
            })
        })
        .map_or_else(|| rules.to_string(), |(name, _)| name.to_string())
}

/// A note for the reader when a record's `RU` is not rules tengen knows: the text, and the rules
/// the record is played under instead (`used`, as [`rules_of`] chose them). `None` when `RU` is
/// missing or known.
///
/// ```
/// use tengen_core::Rules;
/// use tengen_sgf::game::{rules_of, unknown_rules_note};
/// let (games, _) = tengen_sgf::read_go_games(b"(;SZ[9]RU[Ancient Babylonian])").unwrap();
/// let used = rules_of(&games[0], Rules::JAPANESE);
/// let note = unknown_rules_note(&games[0], &used).unwrap();
/// assert!(note.starts_with("unknown rules RU[Ancient Babylonian]; played under ko=simple"));
/// ```
pub fn unknown_rules_note(g: &GoGame, used: &Rules) -> Option<String> {
    let text = g.rules.as_deref()?;
    if text.parse::<Rules>().is_ok() {
        return None;
    }
    Some(format!("unknown rules RU[{text}]; played under {used}"))
}

/// Today's date (UTC) as SGF `DT` writes it: `YYYY-MM-DD`.
pub fn today() -> String {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    date_from_unix_ms(ms)
}

/// The UTC date of a moment given in milliseconds since the Unix epoch, as SGF `DT` writes it:
/// `YYYY-MM-DD` (a moment before 1970 gives its own date).
///
/// ```
/// assert_eq!(tengen_sgf::game::date_from_unix_ms(0), "1970-01-01");
/// assert_eq!(tengen_sgf::game::date_from_unix_ms(-1), "1969-12-31");
/// ```
pub fn date_from_unix_ms(ms: i64) -> String {
    let (y, m, d) = civil_from_days(ms.div_euclid(86_400_000));
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The rules a record is played under: `RU` when it is a tengen rules text, else `fallback`;
/// then `KM`, when present, as the komi.
pub fn rules_of(g: &GoGame, fallback: Rules) -> Rules {
    let mut rules = g
        .rules
        .as_deref()
        .and_then(|t| t.parse::<Rules>().ok())
        .unwrap_or(fallback);
    if let Some(k) = g.komi {
        rules.komi = k;
    }
    rules
}

/// Replays a record's main line into a [`Game`], checking every move (see the module docs).
///
/// # Errors
/// [`ReplayError`]: an unsupported size, a bad set-up, set-up after moves, an illegal move.
pub fn game_from_sgf(g: &GoGame, fallback_rules: Rules) -> Result<Game, ReplayError> {
    replay(g, rules_of(g, fallback_rules), None)
}

/// Replays a record as GNU Go's `loadsgf FILE MOVE_NUMBER` does: the position *before* move
/// `move_number` (from 1, set-up not counted), so `1` gives the set-up position; `0`, or a
/// number past the end, gives the whole game.
///
/// # Errors
/// As [`game_from_sgf`], for the moves replayed.
pub fn game_from_sgf_until(
    g: &GoGame,
    fallback_rules: Rules,
    move_number: usize,
) -> Result<Game, ReplayError> {
    let limit = (move_number > 0).then(|| move_number - 1);
    replay(g, rules_of(g, fallback_rules), limit)
}

/// Replays a record under exactly `rules` (ignoring `RU` and `KM`), at most `limit` moves
/// (`None`: all of them).
///
/// # Errors
/// As [`game_from_sgf`].
pub fn replay(g: &GoGame, rules: Rules, limit: Option<usize>) -> Result<Game, ReplayError> {
    let bad_size = || ReplayError::BadSize {
        width: g.width,
        height: g.height,
    };
    let mut game =
        Game::new(usize::from(g.width), usize::from(g.height), rules).map_err(|_| bad_size())?;
    if !g.setup.is_empty() {
        let s = &g.setup;
        let stones: Vec<(Point, Option<Color>)> = s
            .black
            .iter()
            .map(|&p| (p, Some(Color::Black)))
            .chain(s.white.iter().map(|&p| (p, Some(Color::White))))
            .chain(s.empty.iter().map(|&p| (p, None)))
            .collect();
        game.set_up(&stones).map_err(|e| ReplayError::BadSetup {
            message: e.to_string(),
        })?;
    }
    if let Some(h) = g.handicap {
        let points = game.board().width() * game.board().height();
        if h > 0 && usize::try_from(h).map_or(true, |h| h >= points) {
            return Err(ReplayError::BadHandicap {
                handicap: h,
                points,
            });
        }
        game.set_handicap_count(h);
    }
    let first = g
        .player_to_move
        .or_else(|| g.moves.first().map(|m| m.color))
        .unwrap_or(
            if g.handicap.unwrap_or(0) >= 2 && !g.setup.black.is_empty() {
                Color::White
            } else {
                Color::Black
            },
        );
    if first == Color::White {
        // No move is played yet: this cannot fail.
        let _ = game.set_to_move(Color::White);
    }
    let end = limit.map_or(g.moves.len(), |l| l.min(g.moves.len()));
    let mut mids = g.mid_setups.iter().peekable();
    for (i, m) in g.moves[..end].iter().enumerate() {
        while let Some(s) = mids.next_if(|s| s.before_move <= i) {
            if !s.setup.is_empty() {
                return Err(ReplayError::SetupAfterMoves { after_move: i });
            }
        }
        let color = m.color;
        let mv = m.point.map_or(Move::Pass, Move::Play);
        if let Err(reason) = game.play_as(color, mv) {
            return Err(ReplayError::Illegal {
                move_number: i + 1,
                color,
                vertex: vertex_text(m.point, g.height),
                reason,
            });
        }
    }
    if end == g.moves.len() {
        if let Some(s) = mids.find(|s| !s.setup.is_empty()) {
            return Err(ReplayError::SetupAfterMoves {
                after_move: s.before_move,
            });
        }
    }
    Ok(game)
}

/// A point as `tengen check` names it: the GTP vertex (`D4`), the SGF point past 25 columns,
/// `pass` for a pass.
pub fn vertex_text(p: Option<Point>, height: u8) -> String {
    let mv = p.map_or(Move::Pass, Move::Play);
    // `move_to_gtp` writes every pass; only a point past 25 columns has no GTP vertex.
    coords::move_to_gtp(mv, height).unwrap_or_else(|| p.map(coords::to_sgf).unwrap_or_default())
}

/// Writes a [`Game`] as a record (see the module docs); `info` gives the names, the result and
/// an unknown `RU` text to keep. Write it with [`GoGame::to_sgf`].
pub fn sgf_from_game(game: &Game, info: &GameInfo) -> GoGame {
    let setup = game.setup_board();
    // Sizes are at most 52 (`tengen_core::MAX_SIZE`).
    let (w, h) = (
        u8::try_from(setup.width()).unwrap_or(u8::MAX),
        u8::try_from(setup.height()).unwrap_or(u8::MAX),
    );
    let mut g = GoGame::new(w, h);
    let mut stones = Setup::default();
    for p in setup.points() {
        match setup.get(p) {
            Some(Color::Black) => stones.black.push(p),
            Some(Color::White) => stones.white.push(p),
            None => {}
        }
    }
    stones.black.sort();
    stones.white.sort();
    g.setup = stones;
    if game.setup_to_move() == Color::White {
        g.player_to_move = Some(Color::White);
    }
    let rules = game.rules();
    g.komi = Some(rules.komi);
    if game.handicap() > 0 {
        g.handicap = Some(game.handicap());
    }
    g.rules = Some(info.rules_text.clone().unwrap_or_else(|| rules_text(rules)));
    g.result = info.result.clone().or_else(|| {
        game.resigned().map(|loser| {
            GameResult::Win {
                winner: loser.opponent(),
                by: WinBy::Resignation,
            }
            .to_string()
        })
    });
    g.black_name = info.black_name.clone();
    g.white_name = info.white_name.clone();
    g.black_rank = info.black_rank.clone();
    g.white_rank = info.white_rank.clone();
    g.date = info.date.clone();
    g.event = info.event.clone();
    g.game_name = info.game_name.clone();
    for t in game.turns() {
        let point = t.mv.point();
        g.push_move(t.color, point, None);
    }
    g
}

/// [`sgf_from_game`] written as text.
///
/// # Errors
/// None in practice: the game's size and points are always valid; kept for the writer's
/// signature.
pub fn sgf_text_from_game(game: &Game, info: &GameInfo) -> Result<String, crate::SgfError> {
    sgf_from_game(game, info).to_sgf()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read_go_games;

    fn one(sgf: &str) -> GoGame {
        let (mut games, _) = read_go_games(sgf.as_bytes()).unwrap();
        games.remove(0)
    }

    #[test]
    fn rules_from_ru_else_fallback_and_km_overrides() {
        let g = one("(;SZ[9]RU[tromp-taylor]KM[5])");
        let r = rules_of(&g, Rules::JAPANESE);
        assert_eq!(r.ko, tengen_core::KoRule::Positional);
        assert_eq!(r.komi, 5.0);
        let g = one("(;SZ[9]RU[AGA-ish thing])");
        assert_eq!(rules_of(&g, Rules::JAPANESE), Rules::JAPANESE);
        assert_eq!(
            GameInfo::from_sgf(&g).rules_text.as_deref(),
            Some("AGA-ish thing")
        );
        let game = game_from_sgf(&g, Rules::JAPANESE).unwrap();
        let text = sgf_text_from_game(&game, &GameInfo::from_sgf(&g)).unwrap();
        assert!(text.contains("RU[AGA-ish thing]"), "{text}");
    }

    #[test]
    fn handicap_setup_and_player() {
        let g = one("(;SZ[9]HA[2]AB[cg][gc];W[ee];B[])");
        let game = game_from_sgf(&g, Rules::default()).unwrap();
        assert_eq!(game.handicap(), 2);
        assert_eq!(game.setup_to_move(), Color::White);
        assert_eq!(game.board().stone_count(Color::Black), 2);
        let back = sgf_from_game(&game, &GameInfo::default());
        assert_eq!(back.setup.black, vec![Point::new(2, 6), Point::new(6, 2)]);
        assert_eq!(back.player_to_move, Some(Color::White));
        assert_eq!(back.handicap, Some(2));
        assert_eq!(back.moves.len(), 2);
        assert_eq!(back.moves[1].point, None);
        let text = back.to_sgf().unwrap();
        assert!(text.contains("W[ee]") && text.contains("B[]"), "{text}");
        // Round trip.
        let again = game_from_sgf(&one(&text), Rules::JAPANESE).unwrap();
        assert_eq!(again.moves(), game.moves());
        assert_eq!(again.rules(), game.rules());
        assert_eq!(again.board(), game.board());
    }

    #[test]
    fn vertex_text_is_core_move_text() {
        assert_eq!(vertex_text(None, 9), "pass");
        assert_eq!(vertex_text(Some(Point::new(3, 15)), 19), "D4");
        // Column 26 (index 25) has no GTP letter: the SGF point.
        assert_eq!(vertex_text(Some(Point::new(25, 0)), 30), "za");
    }

    #[test]
    fn until_is_gnugo_loadsgf() {
        let g = one("(;SZ[9];B[ee];W[dd];B[])");
        let at = |n| game_from_sgf_until(&g, Rules::default(), n).unwrap();
        assert_eq!(at(1).move_number(), 0);
        assert_eq!(at(1).to_move(), Color::Black);
        assert_eq!(at(2).move_number(), 1);
        assert_eq!(at(2).to_move(), Color::White);
        assert_eq!(at(0).move_number(), 3);
        assert_eq!(at(99).move_number(), 3);
    }

    #[test]
    fn illegal_moves_are_named() {
        // Simple ko on 9x9: B captures at E5's neighbour, W retakes at once.
        let g = one("(;SZ[5];B[bc];W[cc];B[ab];W[db];B[cb];W[ec];B[bd];W[cd];B[dc];W[bc])");
        match game_from_sgf(&g, Rules::default()) {
            Err(ReplayError::Illegal {
                move_number,
                reason,
                ..
            }) => {
                assert_eq!(move_number, 10);
                assert_eq!(reason, IllegalMove::Occupied);
            }
            other => panic!("{other:?}"),
        }
        let g = one("(;SZ[19]KM[0];B[dd];W[ba];B[pp];W[ab];B[aa];W[])");
        let e = game_from_sgf(&g, Rules::default()).unwrap_err();
        assert_eq!(e.to_string(), "move 5 A19: suicide");
    }

    #[test]
    fn ko_is_refused() {
        let g = one("(;SZ[5];B[ba];W[ca];B[ab];W[db];B[bc];W[cc];B[ee];W[bb];B[cb];W[bb])");
        let e = game_from_sgf(&g, Rules::default()).unwrap_err();
        assert_eq!(e.to_string(), "move 10 B4: ko");
    }

    #[test]
    fn setup_after_moves_is_an_error_and_pl_alone_is_not() {
        let g = one("(;SZ[9];B[ee];AB[aa];W[dd])");
        assert_eq!(
            game_from_sgf(&g, Rules::default()).unwrap_err(),
            ReplayError::SetupAfterMoves { after_move: 1 }
        );
        let g = one("(;SZ[9];B[ee];PL[W];W[dd])");
        assert_eq!(
            game_from_sgf(&g, Rules::default()).unwrap().move_number(),
            2
        );
    }

    #[test]
    fn wide_boards_use_sgf_points_and_bad_setup_is_an_error() {
        let g = one("(;SZ[30:3];B[Ca];W[Ca])");
        assert_eq!(
            game_from_sgf(&g, Rules::default()).unwrap_err().to_string(),
            "move 2 Ca: occupied"
        );
        let g = one("(;SZ[3]AB[aa]AW[ba][ab];B[cc])");
        assert!(matches!(
            game_from_sgf(&g, Rules::default()),
            Err(ReplayError::BadSetup { .. })
        ));
    }

    #[test]
    fn output_is_deterministic() {
        let g = one("(;SZ[9]PB[a]PW[b]RE[W+R]AW[ee]AB[cc][dd];B[ff];W[gg])");
        let game = game_from_sgf(&g, Rules::default()).unwrap();
        let info = GameInfo::from_sgf(&g);
        let a = sgf_text_from_game(&game, &info).unwrap();
        let b = sgf_text_from_game(&game.clone(), &info).unwrap();
        assert_eq!(a, b);
        assert!(a.contains("AB[cc][dd]AW[ee]"), "{a}");
        assert!(a.contains("PB[a]") && a.contains("RE[W+R]"), "{a}");
    }

    #[test]
    fn a_handicap_beyond_the_board_is_refused() {
        // HA[999999] once gave white a 999,999-point bonus. 9x9 holds at most 80 stones.
        let e = game_from_sgf(&one("(;SZ[9]HA[999999];B[ee])"), Rules::default()).unwrap_err();
        assert_eq!(
            e,
            ReplayError::BadHandicap {
                handicap: 999_999,
                points: 81
            }
        );
        assert!(e.to_string().contains("at most 80 stones"), "{e}");
        let e = game_from_sgf(&one("(;SZ[9]HA[81])"), Rules::default()).unwrap_err();
        assert!(matches!(e, ReplayError::BadHandicap { handicap: 81, .. }));
        let game = game_from_sgf(&one("(;SZ[9]HA[80])"), Rules::default()).unwrap();
        assert_eq!(game.handicap(), 80);
    }

    #[test]
    fn an_absurd_komi_is_dropped_with_a_warning() {
        for km in ["-1e308", "1e308", "6.25", "20000"] {
            let (games, _) = read_go_games(format!("(;SZ[9]KM[{km}])").as_bytes()).unwrap();
            assert_eq!(games[0].komi, None, "{km}");
            assert!(
                games[0].warnings.iter().any(|w| matches!(
                    &w.kind,
                    crate::WarningKind::BadNumber { ident, .. } if ident == "KM"
                )),
                "{km}: {:?}",
                games[0].warnings
            );
            assert_eq!(rules_of(&games[0], Rules::JAPANESE).komi, 6.5);
        }
        assert_eq!(one("(;SZ[9]KM[-3.5])").komi, Some(-3.5));
    }

    #[test]
    fn presets_are_written_with_their_standard_names_and_read_back() {
        for (name, preset) in RULES_NAMES {
            let rules = Rules::preset(preset).unwrap();
            assert_eq!(rules_text(&Rules { komi: 3.0, ..rules }), *name);
            let mut game = Game::new(9, 9, Rules { komi: 3.0, ..rules }).unwrap();
            game.play(Move::Play(Point::new(4, 4))).unwrap();
            let text = sgf_text_from_game(&game, &GameInfo::default()).unwrap();
            assert!(text.contains(&format!("RU[{name}]")), "{text}");
            let back = game_from_sgf(&one(&text), Rules::SIMPLE).unwrap();
            assert_eq!(*back.rules(), Rules { komi: 3.0, ..rules }, "{name}");
        }
        // chinese-ogs (positional superko) has no standard name: the full text, read back exactly.
        let ogs: Rules = "chinese-ogs".parse().unwrap();
        assert_eq!(rules_text(&ogs), ogs.to_string());
    }

    #[test]
    fn territory_is_written_on_the_last_node_and_read_back() {
        let mut g = one("(;SZ[5];B[cc];W[dd])");
        g.territory.black = vec![Point::new(0, 0), Point::new(1, 0), Point::new(3, 3)];
        g.territory.white = vec![Point::new(4, 4)];
        let text = g.to_sgf().unwrap();
        assert!(text.contains(";W[dd]TB[aa][ba][dd]TW[ee])"), "{text}");
        let back = one(&text);
        assert_eq!(back.territory, g.territory);
        // Compressed lists (`aa:bb`) read as their rectangles.
        let g = one("(;SZ[5];B[cc]TB[aa:bb]TW[ee])");
        assert_eq!(g.territory.black.len(), 4);
        let mut off = one("(;SZ[5])");
        off.territory.white = vec![Point::new(5, 0)];
        assert!(off.to_sgf().is_err());
    }

    #[test]
    fn dates_are_civil_dates() {
        // Hand-checked: day 0 is 1970-01-01; 2000-03-01 is day 11,017; 2026-11-23 is day 20,780.
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_017), (2000, 3, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_780), (2026, 11, 23));
        assert_eq!(today().len(), 10);
    }
}
