//! A hand-worked hanezeki (issue 12), proved by exhaustive search of its capturing race.
//!
//! A hanezeki is a seki in which each side has a string in atari that it must not capture:
//! capturing starts a capturing race the other side then wins. The position (also
//! `9x9-hanezeki` in tests/data/scoring-hand, and scored in tests/territory.rs):
//!
//! ```text
//!    A B C D E F G H J
//!  9 O O X X . O O X X      black's inner group C9 D9 C8 D8 E8 A7 B7 C7 D7 holds white's
//!  8 O . X X X O O . X      A9 B9 A8 (in atari at B8) in its eye; white's inner group
//!  7 X X X X O O O O O      F9 G9 F8 G8 E7 F7 G7 H7 J7 holds black's H9 J9 J8 (in atari at
//!  6 O O O O X X X X X      H8); the two share the liberty E9. Below them, white's wall
//!  5 . . . O X . . . .      A6..D6 D5..D1 and black's wall E6..J6 E5..E1 live with their
//!  4 . . . O X . . . .      territories.
//! ```
//!
//! Black capturing at B8 turns the corner into a bent three (A9 B9 A8) that white kills with a
//! placement at A9, while white's eye, still holding black's three stones in atari, outlasts it;
//! filling E9 leaves black's own group with the one liberty B8, which white fills, capturing.
//! White's moves are the mirror image. So the best play for both is to pass: the count of the
//! position as it stands (area, both passing) is the value whoever moves.
//!
//! The proof is a complete minimax of the race: moves anywhere in the top three rows (every
//! point of both inner groups, their eyes, the strings in atari and the shared liberty) or pass;
//! captures and suicide (forbidden) as the rules have them; positional superko along the line
//! (no position of the line may repeat); alpha-beta, no table, so no value depends on a path it
//! was not computed on. The game ends when two passes in a row leave the position, counted by
//! area, or when an inner group is captured: its side has lost the race, which the search
//! scores as a loss of `WIN` (more than the whole board), for then nothing of that side is left
//! in the top rows but stones the winner's group and wall surround. Moves below the top three
//! rows are left out: the walls are one string each and touch the race only where their row-6
//! stones meet the inner groups (no liberty of theirs lies in it), and their territories (15 and
//! 20 points behind a solid line) are taken as settled, as in a finished game (a move there
//! could matter to the race only as a ko threat).
//!
//! The whole-board exact solver (`tengen-solve`) was tried first and cannot give this proof: it
//! takes boards of at most 64 points, and on smaller boards holding the same race (7x6 with
//! walls, 7x3 and 11x2 with no walls, 11x5 on the edge) it proved no bound in 90 to 120 seconds
//! of a release build each, since after the race the loser may go on playing in the freed
//! space (tests/data/scoring-hand/README.md).

use std::collections::HashSet;
use tengen_core::{Board, Color, Point};
use tengen_scoring::board_from_rows;

const ROWS: [&str; 9] = [
    "OOXX.OOXX",
    "O.XXXOO.X",
    "XXXXOOOOO",
    "OOOOXXXXX",
    "...OX....",
    "...OX....",
    "...OX....",
    "...OX....",
    "...OX....",
];

/// Worse than any count of the 81-point board: the race lost.
const WIN: i32 = 1000;

/// Black's area minus white's (Tromp-Taylor: stones plus empty regions reaching one color).
fn area(b: &Board) -> i32 {
    let w = b.width();
    let mut seen = vec![false; w * b.height()];
    let mut score = 0;
    for p in b.points() {
        match b.get(p) {
            Some(Color::Black) => score += 1,
            Some(Color::White) => score -= 1,
            None if !seen[p.y as usize * w + p.x as usize] => {
                seen[p.y as usize * w + p.x as usize] = true;
                let (mut stack, mut size, mut black, mut white) = (vec![p], 0, false, false);
                while let Some(q) = stack.pop() {
                    size += 1;
                    for r in b.neighbours_of(q) {
                        match b.get(r) {
                            Some(Color::Black) => black = true,
                            Some(Color::White) => white = true,
                            None if !seen[r.y as usize * w + r.x as usize] => {
                                seen[r.y as usize * w + r.x as usize] = true;
                                stack.push(r);
                            }
                            None => {}
                        }
                    }
                }
                if black && !white {
                    score += size;
                } else if white && !black {
                    score -= size;
                }
            }
            None => {}
        }
    }
    score
}

/// The race: the points moves may be played on, a stone of each inner group, and the positions
/// of the line so far (positional superko).
struct Race {
    region: Vec<Point>,
    inner: [(Point, Color); 2],
    line: HashSet<u64>,
    nodes: u64,
}

impl Race {
    fn new(board: &Board) -> Race {
        Race {
            region: board.points().filter(|p| p.y <= 2).collect(),
            // C9 (black's inner group) and F9 (white's).
            inner: [
                (Point::new(2, 0), Color::Black),
                (Point::new(5, 0), Color::White),
            ],
            line: HashSet::from([board.hash()]),
            nodes: 0,
        }
    }

    /// The value (black's area minus white's) of `b` with `c` to move after `passes` passes in
    /// a row, within the window (alpha, beta).
    fn value(&mut self, b: &Board, c: Color, passes: u8, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        for (p, color) in self.inner {
            if b.get(p) != Some(color) {
                return if color == Color::White { WIN } else { -WIN };
            }
        }
        if passes == 2 {
            return area(b);
        }
        let black = c == Color::Black;
        let mut best = if black { -WIN - 1 } else { WIN + 1 };
        let moves: Vec<Option<Point>> = std::iter::once(None)
            .chain(
                self.region
                    .iter()
                    .filter(|&&p| b.get(p).is_none() && !b.is_suicide(p, c))
                    .map(|&p| Some(p)),
            )
            .collect();
        for m in moves {
            let v = match m {
                None => self.value(b, c.opponent(), passes + 1, alpha, beta),
                Some(p) => match self.after(b, p, c) {
                    Some(next) => {
                        let h = next.hash();
                        let v = self.value(&next, c.opponent(), 0, alpha, beta);
                        self.line.remove(&h);
                        v
                    }
                    None => continue,
                },
            };
            if black {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// `b` after `c` plays at `p`, entered on the line; `None` when superko forbids it.
    fn after(&mut self, b: &Board, p: Point, c: Color) -> Option<Board> {
        let mut next = b.clone();
        next.play(p, c);
        self.line.insert(next.hash()).then_some(next)
    }

    /// The exact value with `c` to move.
    fn solve(&mut self, b: &Board, c: Color) -> i32 {
        self.value(b, c, 0, -WIN - 1, WIN + 1)
    }
}

fn p(v: &str) -> Point {
    let x = "ABCDEFGHJ".find(&v[..1]).unwrap() as u8;
    let y = 9 - v[1..].parse::<u8>().unwrap();
    Point::new(x, y)
}

#[test]
fn the_position_is_as_described() {
    let b = board_from_rows(&ROWS).unwrap();
    // The strings in atari and their liberties.
    assert_eq!(b.group_liberties(p("A9")), vec![p("B8")]);
    assert_eq!(b.group_size(p("A9")), 3);
    assert_eq!(b.group_liberties(p("J9")), vec![p("H8")]);
    assert_eq!(b.group_size(p("J9")), 3);
    // The inner groups: one liberty in their own eye, one shared.
    let mut black = b.group_liberties(p("C9"));
    black.sort_by_key(|q| (q.y, q.x));
    assert_eq!(black, vec![p("E9"), p("B8")]);
    assert_eq!(b.group_size(p("C9")), 9);
    let mut white = b.group_liberties(p("F9"));
    white.sort_by_key(|q| (q.y, q.x));
    assert_eq!(white, vec![p("E9"), p("H8")]);
    assert_eq!(b.group_size(p("F9")), 9);
    // Black 12 + 10 wall stones + 20 territory = 42, white 12 + 9 + 15 = 36; B8 H8 E9 neutral.
    assert_eq!(area(&b), 6);
}

#[test]
fn hanezeki_whoever_moves_passing_is_best_and_capturing_loses_the_race() {
    let b = board_from_rows(&ROWS).unwrap();
    let count = area(&b);
    let mut nodes = 0;
    for c in [Color::Black, Color::White] {
        let mut race = Race::new(&b);
        assert_eq!(race.solve(&b, c), count, "{c:?} to move: the seki count");
        nodes += race.nodes;
        // Every move of the mover loses against the count: not only the capture.
        let mut moves = 0;
        for q in race.region.clone() {
            if b.get(q).is_some() || b.is_suicide(q, c) {
                continue;
            }
            moves += 1;
            let mut race = Race::new(&b);
            let next = race.after(&b, q, c).unwrap();
            let v = race.solve(&next, c.opponent());
            nodes += race.nodes;
            let worse = if c == Color::Black {
                v < count
            } else {
                v > count
            };
            assert!(worse, "{c:?} at {q:?}: {v} against the count {count}");
        }
        // Each side has two legal moves in the race: its capture and E9 (the other side's
        // capture point is suicide).
        assert_eq!(moves, 2, "{c:?}'s legal moves in the race");
    }
    // The captures, spelt out: the capturer's inner group is lost (the value is the race lost).
    for (capture, by, captured) in [("B8", Color::Black, "A9"), ("H8", Color::White, "J9")] {
        let mut race = Race::new(&b);
        let next = race.after(&b, p(capture), by).unwrap();
        assert_eq!(next.get(p(captured)), None, "{capture} captures");
        let v = race.solve(&next, by.opponent());
        nodes += race.nodes;
        let lost = if by == Color::Black { -WIN } else { WIN };
        assert_eq!(v, lost, "{by:?} captures at {capture}");
    }
    eprintln!("hanezeki race: {nodes} positions searched");
}
