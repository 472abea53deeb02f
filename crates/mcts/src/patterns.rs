//! 3x3 shape knowledge for the playouts, written after the pattern set that MoGo published
//! (Gelly, Wang, Munos, Teytaud, "Modification of UCT with Patterns in Monte-Carlo Go", 2006)
//! and that Fuego and Pachi reuse: hane, cut, and edge shapes around the last move.
//!
//! The table below is our own text form of those shapes. Each pattern is three rows of three
//! characters seen from the candidate move in the centre (`.` in the middle), for the player to
//! move as `X`:
//! `X` a stone of the player to move, `O` an opponent stone, `.` empty, `x` not `O` (own stone or
//! empty), `o` not `X`, `#` off the board, `?` anything. Every pattern is tried in its eight
//! rotations and reflections, and with the colours swapped (a good shape point for the opponent
//! is usually a good point to take first), so one table of 65536 entries (4 states for each of
//! the 8 neighbours) answers in one lookup.

use std::sync::OnceLock;

/// The shapes: (rows, what they are).
const SHAPES: &[([&str; 3], &str)] = &[
    (["XOX", "...", "???"], "hane enclosing a stone"),
    (["XO.", "...", "?.?"], "hane that is not cut at once"),
    (["XO?", "X..", "x.?"], "magari: turning hane"),
    (["XOO", "...", "?.?"], "thin hane"),
    (["XO?", "O.o", "?o?"], "cut: unprotected cut"),
    (["XO?", "O.X", "???"], "cut after a peep"),
    (["?X?", "O.O", "ooo"], "de: pushing through"),
    (["OX?", "o.O", "???"], "cutting a knight's move"),
    (["X.?", "O.?", "##?"], "edge: chasing down"),
    (["OX?", "X.O", "###"], "edge: blocking a cut"),
    (["?X?", "x.O", "###"], "edge: blocking a connection"),
    (["?XO", "x.x", "###"], "edge: sagari"),
    (["?OX", "X.O", "###"], "edge: cut"),
];

/// The state of a neighbour in a pattern code: empty, black, white, off the board.
pub(crate) const EMPTY: u32 = 0;
/// Off the board.
pub(crate) const OFF: u32 = 3;

/// The 8 neighbours in row-major order around the centre: (dx, dy).
pub(crate) const RING: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

fn table() -> &'static [bool] {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Whether a 3x3 neighbourhood (code: 2 bits a neighbour in [`RING`] order, 0 empty, 1 black,
/// 2 white, 3 off the board) matches a shape for either player.
#[inline]
pub(crate) fn matches(code: u32) -> bool {
    table()[code as usize]
}

/// Allowed states of one pattern character with `X` = `own`, `O` = the other.
fn allowed(ch: u8, own: u32) -> &'static [u32] {
    let other = 3 - own;
    const E: &[u32] = &[EMPTY];
    const B: &[u32] = &[1];
    const W: &[u32] = &[2];
    const NOT_B: &[u32] = &[EMPTY, 2];
    const NOT_W: &[u32] = &[EMPTY, 1];
    const ANY: &[u32] = &[0, 1, 2, 3];
    const EDGE: &[u32] = &[OFF];
    let stone = |c: u32| if c == 1 { B } else { W };
    let not = |c: u32| if c == 1 { NOT_B } else { NOT_W };
    match ch {
        b'X' => stone(own),
        b'O' => stone(other),
        b'.' => E,
        b'x' => not(other),
        b'o' => not(own),
        b'#' => EDGE,
        _ => ANY,
    }
}

fn build() -> Vec<bool> {
    let mut table = vec![false; 1 << 16];
    for (rows, _) in SHAPES {
        let grid: Vec<&[u8]> = rows.iter().map(|r| r.as_bytes()).collect();
        for sym in 0..8 {
            for own in [1u32, 2] {
                // The allowed states of each ring neighbour under this symmetry.
                let mut choices: Vec<&[u32]> = Vec::with_capacity(8);
                for &(dx, dy) in &RING {
                    let (sx, sy) = transform(dx, dy, sym);
                    choices.push(allowed(grid[(sy + 1) as usize][(sx + 1) as usize], own));
                }
                expand(&choices, 0, 0, &mut table);
            }
        }
    }
    table
}

/// The pattern cell seen at ring offset (dx, dy) under symmetry `sym` (4 rotations x mirror).
fn transform(dx: i32, dy: i32, sym: u32) -> (i32, i32) {
    let (mut x, mut y) = (dx, dy);
    if sym & 4 != 0 {
        x = -x;
    }
    for _ in 0..(sym & 3) {
        (x, y) = (-y, x);
    }
    (x, y)
}

fn expand(choices: &[&[u32]], k: usize, code: u32, table: &mut [bool]) {
    if k == choices.len() {
        table[code as usize] = true;
        return;
    }
    for &s in choices[k] {
        expand(choices, k + 1, code | (s << (2 * k)), table);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(rows: [&str; 3]) -> u32 {
        let mut code = 0;
        for (k, &(dx, dy)) in RING.iter().enumerate() {
            let ch = rows[(dy + 1) as usize].as_bytes()[(dx + 1) as usize];
            let s = match ch {
                b'.' => 0,
                b'B' => 1,
                b'W' => 2,
                _ => 3,
            };
            code |= s << (2 * k);
        }
        code
    }

    #[test]
    fn hane_matches_in_every_orientation_and_for_both_colors() {
        // Black to move would hane at the centre: B W B on top, nothing below.
        assert!(matches(code(["BWB", "...", "..."])));
        assert!(matches(code(["...", "...", "BWB"]))); // upside down
        assert!(matches(code(["B..", "W..", "B.."]))); // rotated
        assert!(matches(code(["WBW", "...", "..."]))); // colors swapped
    }

    #[test]
    fn empty_and_unrelated_shapes_do_not_match() {
        assert!(!matches(code(["...", "...", "..."])));
        // A lone own stone beside the point: no shape.
        assert!(!matches(code(["...", "B..", "..."])));
        // Edge shapes need the edge: the same stones in the middle of the board do not match
        // the 'blocking a connection' edge shape alone.
        assert!(!matches(code([".B.", "..W", "..."])));
        assert!(matches(code([".B.", "..W", "###"])));
    }
}
