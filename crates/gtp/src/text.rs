//! Colors, vertices and moves as GTP writes them, over `tengen_core::coords` (the one reader and
//! writer of move text); here only the GTP error kinds are added.

use tengen_core::{coords, Board, Color, CoordError, Move, Point};

/// Why a vertex was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VertexError {
    /// Not a vertex at all (`? invalid coordinate`).
    Invalid,
    /// A well-formed vertex that lies off this board.
    OffBoard,
}

/// Reads a GTP color: `b`, `black`, `w`, `white`, any case.
pub fn parse_color(text: &str) -> Option<Color> {
    Color::parse(text)
}

/// Reads a GTP move on `board`: a vertex (any case), `pass` or `resign`.
///
/// ```
/// use tengen_core::{Board, Move, Point};
/// use tengen_gtp::{parse_move, VertexError};
/// let board = Board::new(9, 9).unwrap();
/// assert_eq!(parse_move("e5", &board), Ok(Move::Play(Point::new(4, 4))));
/// assert_eq!(parse_move("PASS", &board), Ok(Move::Pass));
/// assert_eq!(parse_move("K10", &board), Err(VertexError::OffBoard));
/// assert_eq!(parse_move("I5", &board), Err(VertexError::Invalid));
/// ```
pub fn parse_move(text: &str, board: &Board) -> Result<Move, VertexError> {
    match coords::move_from_gtp(text, width_u8(board), height_u8(board)) {
        Ok(mv) => Ok(mv),
        Err(e) => Err(e.into()),
    }
}

impl From<CoordError> for VertexError {
    fn from(e: CoordError) -> VertexError {
        match e {
            // Narrow boards: a column letter past the board is off it, not unreadable.
            CoordError::OffBoard(_) => VertexError::OffBoard,
            CoordError::Invalid(_) => VertexError::Invalid,
        }
    }
}

/// Reads a GTP vertex that must be a point of `board`.
pub(crate) fn parse_point(text: &str, board: &Board) -> Result<Point, VertexError> {
    coords::from_gtp(text, width_u8(board), height_u8(board)).map_err(VertexError::from)
}

fn width_u8(board: &Board) -> u8 {
    u8::try_from(board.width()).unwrap_or(u8::MAX)
}

fn height_u8(board: &Board) -> u8 {
    u8::try_from(board.height()).unwrap_or(u8::MAX)
}

/// Writes a move as GTP does: an upper-case vertex, `pass` or `resign`.
///
/// ```
/// use tengen_core::{Board, Move, Point};
/// use tengen_gtp::format_vertex;
/// let board = Board::new(19, 19).unwrap();
/// assert_eq!(format_vertex(Move::Play(Point::new(3, 15)), &board), "D4");
/// assert_eq!(format_vertex(Move::Pass, &board), "pass");
/// ```
pub fn format_vertex(mv: Move, board: &Board) -> String {
    coords::move_to_gtp(mv, height_u8(board)).unwrap_or_else(|| "?".to_string())
}

/// Points written as GTP vertices, sorted as GNU Go sorts them (row-major from the top-left),
/// separated by spaces.
pub(crate) fn vertex_list(points: &[Point], board: &Board) -> String {
    let mut sorted = points.to_vec();
    sorted.sort_by_key(|p| (p.y, p.x));
    sorted
        .iter()
        .map(|&p| format_vertex(Move::Play(p), board))
        .collect::<Vec<_>>()
        .join(" ")
}
