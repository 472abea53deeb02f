//! Why a GTP command was refused: one variant per `? message`, written in one place.

use std::fmt;
use tengen_core::{BadKomi, IllegalMove, RulesError};

/// A refused command. Its [`Display`](fmt::Display) text is the message after `?` in the
/// answer; an error never changes the engine's state.
#[derive(Debug, Clone, PartialEq)]
pub enum GtpError {
    /// Wrong number or form of arguments (`? syntax error`).
    Syntax,
    /// Not a command the engine knows.
    UnknownCommand,
    /// A board side outside 1..=[`tengen_core::MAX_GTP_SIZE`].
    UnacceptableSize,
    /// Not `b`, `black`, `w` or `white`.
    InvalidColor,
    /// Not a vertex.
    InvalidCoordinate,
    /// A komi tengen does not play with (`komi -1e308`).
    UnacceptableKomi(BadKomi),
    /// A well-formed vertex off this board.
    OffBoard,
    /// A move the rules refuse.
    IllegalMove(IllegalMove),
    /// Rules text that is no rules.
    Rules(RulesError),
    /// `undo` with nothing to undo.
    CannotUndo,
    /// `genmove` after a resignation.
    GameOver,
    /// Handicap asked for once stones or moves are on the board.
    BoardNotEmpty,
    /// A handicap count that is not a number.
    HandicapNotInteger,
    /// A handicap the board cannot hold.
    InvalidHandicap,
    /// A vertex given twice to `set_free_handicap`.
    RepeatedVertex,
    /// Set-up after the first move.
    SetupAfterFirstMove,
    /// `gogui-setup_player` after the first move.
    PlayerAfterFirstMove,
    /// A set-up group with no liberty, at this vertex.
    SetupWithoutLiberty(String),
    /// `loadsgf`: the file cannot be read or holds no game.
    CannotRead(String),
    /// `printsgf`: the file cannot be written.
    CannotWrite(String),
    /// `loadsgf`: the record's moves break the rules.
    IllegalRecord(tengen_sgf::game::ReplayError),
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GtpError::Syntax => f.write_str("syntax error"),
            GtpError::UnknownCommand => f.write_str("unknown command"),
            GtpError::UnacceptableSize => f.write_str("unacceptable size"),
            GtpError::InvalidColor => f.write_str("invalid color"),
            GtpError::InvalidCoordinate => f.write_str("invalid coordinate"),
            GtpError::UnacceptableKomi(e) => write!(f, "unacceptable komi: {e}"),
            GtpError::OffBoard => f.write_str("illegal move: off board"),
            GtpError::IllegalMove(e) => write!(f, "illegal move: {}", e.reason()),
            GtpError::Rules(e) => write!(f, "{e}"),
            GtpError::CannotUndo => f.write_str("cannot undo"),
            GtpError::GameOver => f.write_str("game over"),
            GtpError::BoardNotEmpty => f.write_str("board not empty"),
            GtpError::HandicapNotInteger => f.write_str("handicap not an integer"),
            GtpError::InvalidHandicap => f.write_str("invalid handicap"),
            GtpError::RepeatedVertex => f.write_str("repeated vertex"),
            GtpError::SetupAfterFirstMove => {
                f.write_str("cannot set up stones after the first move")
            }
            GtpError::PlayerAfterFirstMove => {
                f.write_str("cannot set the player to move after the first move")
            }
            GtpError::SetupWithoutLiberty(v) => write!(f, "set-up group at {v} has no liberty"),
            GtpError::CannotRead(file) => write!(f, "cannot open or parse '{file}'"),
            GtpError::CannotWrite(file) => write!(f, "cannot open or create '{file}'"),
            GtpError::IllegalRecord(e) => write!(f, "illegal record: {e}"),
        }
    }
}

impl std::error::Error for GtpError {}
