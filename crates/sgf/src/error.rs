//! Errors and warnings, with 1-based line and column positions.

use std::fmt;

/// A position in the decoded input: 1-based line and 1-based column.
///
/// Columns count Unicode scalar values (not bytes). Lines are separated by
/// `\n`. A position of `0:0` means "unknown" (for trees built by code).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// 1-based line number (0 when unknown).
    pub line: u32,
    /// 1-based column number, in characters (0 when unknown).
    pub column: u32,
}

impl Position {
    /// Whether this position is known (read from a file), not `0:0`.
    pub fn is_known(self) -> bool {
        self.line != 0
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Where a problem in the typed Go view is: the node number along the main
/// line (the root is node 0) and, for trees read from a file, the position of
/// the offending property.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Location {
    /// Index of the node along the main line (root = 0).
    pub node: usize,
    /// Position of the property in the source, when the tree was read from one.
    pub position: Option<Position>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some(p) => write!(f, "{p} (node {})", self.node),
            None => write!(f, "node {}", self.node),
        }
    }
}

/// An error: something that cannot be read (or written).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum SgfError {
    /// The input holds no game tree (no `(` followed by `;`).
    NoGameTree {
        /// Where reading stopped (end of input).
        position: Position,
    },
    /// A node (`;`) was found before any `(` opened a game tree.
    MissingParen {
        /// Position of the `;`.
        position: Position,
    },
    /// A `(` was not followed by a node (`;`).
    MissingSemicolon {
        /// Position where the `;` was expected.
        position: Position,
    },
    /// A property value `[` was never closed by `]`.
    UnclosedValue {
        /// Position of the opening `[`.
        position: Position,
    },
    /// The input is larger than this crate supports (1 GiB).
    TooLarge {
        /// Length of the input in bytes.
        len: usize,
    },
    /// A property identifier given to the tree API has no ASCII letter.
    InvalidIdent {
        /// The rejected identifier.
        ident: String,
    },
    /// `GM` names a game other than Go (`GM[1]`).
    NotGo {
        /// The `GM` value.
        value: String,
        /// Where the property is.
        at: Location,
    },
    /// `SZ` is not `n` or `w:h` with sizes in `1..=52`.
    BadSize {
        /// The `SZ` value.
        value: String,
        /// Where the property is.
        at: Location,
    },
    /// A point is malformed or off the board.
    BadPoint {
        /// Property identifier (`B`, `AB`, ...).
        ident: String,
        /// The offending value.
        value: String,
        /// Board width.
        width: u8,
        /// Board height.
        height: u8,
        /// Where the property is.
        at: Location,
    },
    /// A node holds more than one move (`B` and `W`, or a repeated `B`).
    TwoMoves {
        /// Where the second move is.
        at: Location,
    },
    /// A typed game cannot be turned into SGF (bad size, point, komi...).
    InvalidGame {
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::NoGameTree { position } => {
                write!(f, "{position}: no game tree found (missing '(;')")
            }
            SgfError::MissingParen { position } => {
                write!(f, "{position}: node ';' outside a game tree (missing '(')")
            }
            SgfError::MissingSemicolon { position } => {
                write!(f, "{position}: expected ';' after '('")
            }
            SgfError::UnclosedValue { position } => {
                write!(f, "{position}: unclosed property value '[' (missing ']')")
            }
            SgfError::TooLarge { len } => write!(f, "input too large: {len} bytes (limit 1 GiB)"),
            SgfError::InvalidIdent { ident } => {
                write!(f, "invalid property identifier {ident:?}")
            }
            SgfError::NotGo { value, at } => write!(f, "{at}: GM[{value}] is not Go (GM[1])"),
            SgfError::BadSize { value, at } => write!(f, "{at}: bad board size SZ[{value}]"),
            SgfError::BadPoint {
                ident,
                value,
                width,
                height,
                at,
            } => write!(
                f,
                "{at}: bad point {ident}[{value}] for a {width}x{height} board"
            ),
            SgfError::TwoMoves { at } => write!(f, "{at}: more than one move in a node"),
            SgfError::InvalidGame { message } => write!(f, "invalid game: {message}"),
        }
    }
}

impl std::error::Error for SgfError {}

/// A non-fatal problem found while reading.
#[derive(Clone, Debug, PartialEq)]
pub struct Warning {
    /// Where (line and column, 1-based; `0:0` when unknown).
    pub position: Position,
    /// What.
    pub kind: WarningKind,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.position.is_known() {
            write!(f, "{}: {}", self.position, self.kind)
        } else {
            write!(f, "{}", self.kind)
        }
    }
}

/// The kinds of [`Warning`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum WarningKind {
    /// Text that is not SGF between or inside game trees; skipped.
    StrayText,
    /// A property identifier with lower-case letters (FF\[3\] style); only the
    /// upper-case letters are kept (or all letters upper-cased when none is).
    LowercaseIdent {
        /// Identifier as read.
        read: String,
        /// Identifier kept.
        kept: String,
    },
    /// A property identifier without any `[value]`; dropped.
    MissingValue {
        /// The identifier.
        ident: String,
    },
    /// A `[value]` without an identifier; dropped.
    ValueWithoutIdent,
    /// A property after a `(` or `)` rather than inside a node; dropped.
    PropertyOutsideNode {
        /// The identifier.
        ident: String,
    },
    /// The input ended before the game tree was closed with `)`.
    UnclosedGameTree,
    /// The input is not valid UTF-8; invalid bytes were replaced by U+FFFD.
    InvalidUtf8,
    /// `CA` names a charset this crate cannot decode; read as UTF-8.
    UnknownCharset {
        /// The `CA` value.
        label: String,
    },
    /// A number (`KM`, `HA`) that cannot be read; ignored.
    BadNumber {
        /// Property identifier.
        ident: String,
        /// The value.
        value: String,
        /// Main-line node number.
        node: usize,
    },
    /// A `PL` value that is not `B` or `W`; ignored.
    BadColor {
        /// The value.
        value: String,
        /// Main-line node number.
        node: usize,
    },
    /// Set-up (`AB`/`AW`/`AE`/`PL`) after the first move of the main line;
    /// reported in [`crate::GoGame::mid_setups`].
    SetupInMainLine {
        /// Main-line node number.
        node: usize,
    },
    /// Too many warnings; the rest were dropped.
    TooManyWarnings {
        /// How many were dropped.
        dropped: usize,
    },
}

impl fmt::Display for WarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WarningKind::StrayText => write!(f, "stray text skipped"),
            WarningKind::LowercaseIdent { read, kept } => {
                write!(
                    f,
                    "lower-case property identifier {read:?} read as {kept:?}"
                )
            }
            WarningKind::MissingValue { ident } => {
                write!(f, "property {ident} has no value; dropped")
            }
            WarningKind::ValueWithoutIdent => write!(f, "value without identifier; dropped"),
            WarningKind::PropertyOutsideNode { ident } => {
                write!(f, "property {ident} outside a node; dropped")
            }
            WarningKind::UnclosedGameTree => write!(f, "game tree not closed with ')'"),
            WarningKind::InvalidUtf8 => {
                write!(f, "invalid UTF-8; bytes replaced with U+FFFD")
            }
            WarningKind::UnknownCharset { label } => {
                write!(f, "unknown charset CA[{label}]; read as UTF-8")
            }
            WarningKind::BadNumber { ident, value, node } => {
                write!(
                    f,
                    "node {node}: cannot read number {ident}[{value}]; ignored"
                )
            }
            WarningKind::BadColor { value, node } => {
                write!(f, "node {node}: bad colour PL[{value}]; ignored")
            }
            WarningKind::SetupInMainLine { node } => {
                write!(f, "node {node}: set-up stones after moves")
            }
            WarningKind::TooManyWarnings { dropped } => {
                write!(f, "{dropped} more warnings dropped")
            }
        }
    }
}
