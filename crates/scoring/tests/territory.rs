//! Hand-worked positions, one per semantic of territory scoring (docs/SCORING.md): each with
//! its map written out and the score under territory and under area rules, komi 0.
//!
//! Position rows: `X`/`O` living stones, `x`/`o` stones marked dead (their whole group), `.`
//! empty. Map rows: `X`/`O` living stones, `x`/`o` living stones in seki, `b`/`w` territory of
//! black/white, `B`/`W` a dead stone on territory of black/white, `f` a false eye the owner must
//! fill (counted for nobody), `=` space of a group in seki (counted for nobody), `.` dame, `-`
//! any other point counted for nobody.

use tengen_core::{Color, Point, Rules};
use tengen_scoring::{board_from_rows, Analysis, Marking, Score, TerritoryMap};

fn marking(rows: &[&str]) -> Marking {
    let board = board_from_rows(rows).unwrap();
    let a = Analysis::new(&board);
    let mut groups = Vec::new();
    for (y, r) in rows.iter().enumerate() {
        for (x, c) in r.chars().enumerate() {
            if c == 'x' || c == 'o' {
                groups.push(a.group_at(Point::new(x as u8, y as u8)).unwrap());
            }
        }
    }
    let mut m = Marking::new(a);
    m.set_groups_dead(&groups, true);
    m
}

fn render(rows: &[&str], map: &TerritoryMap) -> Vec<String> {
    let w = map.width();
    rows.iter()
        .enumerate()
        .map(|(y, r)| {
            r.chars()
                .enumerate()
                .map(|(x, c)| {
                    let s = map.at(y * w + x);
                    match (c, s.territory) {
                        ('X', _) if s.seki.is_some() => 'x',
                        ('O', _) if s.seki.is_some() => 'o',
                        ('X', _) | ('O', _) => c,
                        ('.', Some(Color::Black)) => 'b',
                        ('.', Some(Color::White)) => 'w',
                        (_, Some(Color::Black)) => 'B',
                        (_, Some(Color::White)) => 'W',
                        _ if s.unscorable_false_eye => 'f',
                        _ if s.dame => '.',
                        _ if s.seki.is_some() => '=',
                        _ => '-',
                    }
                })
                .collect()
        })
        .collect()
}

/// Checks the territory map, the area ownership, and the totals (black, white) under territory
/// and area rules with komi 0.
fn check(
    rows: &[&str],
    map: &[&str],
    area: &[&str],
    territory_totals: (f64, f64),
    area_totals: (f64, f64),
) {
    let m = marking(rows);
    let tm = TerritoryMap::new(&m);
    assert_eq!(render(rows, &tm), map, "territory map of {rows:?}");
    let japanese = Rules {
        komi: 0.0,
        ..Rules::JAPANESE
    };
    let chinese = Rules {
        komi: 0.0,
        ..Rules::CHINESE
    };
    let t = Score::new(&m, &japanese, 0);
    assert_eq!(
        (t.black.total, t.white.total),
        territory_totals,
        "territory totals of {rows:?}"
    );
    let a = Score::new(&m, &chinese, 0);
    assert_eq!(a.ownership, area, "area ownership of {rows:?}");
    assert_eq!(
        (a.black.total, a.white.total),
        area_totals,
        "area totals of {rows:?}"
    );
    // The seki list of the JSON object is the living stones the map puts in seki.
    let seki_stones = map
        .iter()
        .flat_map(|r| r.chars())
        .filter(|&c| c == 'x' || c == 'o')
        .count();
    assert_eq!(t.seki.len(), seki_stones);
    assert_eq!(a.seki.len(), seki_stones);
}

/// Transposes rows of text (columns become rows).
fn transpose(rows: &[&str]) -> Vec<String> {
    let cols: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    (0..cols[0].len())
        .map(|x| cols.iter().map(|r| r[x]).collect())
        .collect()
}

#[test]
fn seki_with_one_eye_each_and_shared_liberties() {
    // Each side has one eye (A2 black, E2 white) and they share C2 and C1: whoever fills a
    // shared liberty is captured, so both live in seki.
    check(
        &[".X.O.", "XX.OO"],
        &["=x.o=", "xx.oo"],
        // Territory: the eyes of a seki count for nobody: 0 to 0.
        // Area: black 3 stones + 1 eye = 4, white 3 + 1 = 4; C2 and C1 dame.
        &["BB.WW", "BB.WW"],
        (0.0, 0.0),
        (4.0, 4.0),
    );
}

#[test]
fn seki_with_a_dead_stone_inside() {
    // Black's eye A2-B2 holds a white stone marked dead; the shared liberties D2 and D1 keep
    // black and white in seki.
    check(
        &["o.X.O.", "XXX.OO"],
        &["==x.o=", "xxx.oo"],
        // Territory: black 0 territory + 1 dead white stone = 1; white 0.
        // Area: black 4 stones + A2 and B2 = 6; white 3 stones + F2 = 4.
        &["BBB.WW", "BBB.WW"],
        (1.0, 0.0),
        (6.0, 4.0),
    );
}

#[test]
fn eyes_in_the_corner_and_on_the_edge() {
    // Black lives with a corner eye (A4) and an edge eye (C4); white lives with G4 and F3.
    check(
        &[".X.XOO.", "XXXXO.O", "OOOOOOO", "......."],
        &["bXbXOOw", "XXXXOwO", "OOOOOOO", "wwwwwww"],
        // Territory: black A4 + C4 = 2; white G4 + F3 + the 7 points of row 1 = 9.
        // Area: black 6 stones + 2 = 8; white 11 stones + 9 = 20 (28 points in all, no dame).
        &["BBBBWWW", "BBBBWWW", "WWWWWWW", "WWWWWWW"],
        (2.0, 9.0),
        (8.0, 20.0),
    );
}

#[test]
fn an_eye_shared_by_several_groups() {
    // The eye D3 touches four black groups (C3, E3, D4 and row 2); C5-C4 touches two more. All
    // are black's territory. E5 touches white: dame.
    check(
        &[".X.X.O.", "XX.XXO.", "..X.XOO", "XXXXXO.", "OOOOOO."],
        &["bXbX.Ow", "XXbXXOw", "bbXbXOO", "XXXXXOw", "OOOOOOw"],
        // Territory: black A5, C5, C4, A3, B3, D3 = 6; white G5, G4, G2, G1 = 4.
        // Area: black 13 stones + 6 = 19; white 11 stones + 4 = 15; E5 dame (19 + 15 + 1 = 35).
        &["BBBB.WW", "BBBBBWW", "BBBBBWW", "BBBBBWW", "WWWWWWW"],
        (6.0, 4.0),
        (19.0, 15.0),
    );
}

#[test]
fn a_chain_of_false_eyes() {
    // Black's stones on the top edge hang together through C4, E4 and G4, each with a white
    // stone on a diagonal. A4 and J4 are real corner eyes. E4 must be filled: white could
    // capture E3 there. C4 and G4 need no filling once E4 is: the groups they join already reach
    // an eye, so they count.
    check(
        &[".X.X.X.X.", "XXXOXOXXX", "OOOOOOOOO", "........."],
        &["bXbXfXbXb", "XXXOXOXXX", "OOOOOOOOO", "wwwwwwwww"],
        // Territory: black A4, C4, G4, J4 = 4; white the 9 points of row 1.
        // Area: black 11 stones + 5 = 16; white 11 stones + 9 = 20 (36 points).
        &["BBBBBBBBB", "BBBWBWBBB", "WWWWWWWWW", "WWWWWWWWW"],
        (4.0, 9.0),
        (16.0, 20.0),
    );
}

#[test]
fn a_false_eye_that_must_be_filled_and_a_dead_stone_on_a_rectangular_board() {
    // 7x5. C3 is black's false eye (white on D4 and D2, diagonal): white playing C3 would
    // capture D3, so black must fill it. The black stone on G2 is dead in white's area.
    check(
        &["..XO...", ".XXOO.O", "XX.XOO.", ".XXOOOx", "..XO..."],
        &["bbXOwww", "bXXOOwO", "XXfXOOw", "bXXOOOW", "bbXOwww"],
        // Territory: black A5, B5, A4, A2, A1, B1 = 6; white E5, F5, G5, F4, G3, G2 (under the
        // dead stone), E1, F1, G1 = 9, + 1 dead black stone = 10.
        // Area: black 9 stones + 7 empty (C3 counts: filling it costs nothing) = 16; white 10
        // stones + 8 empty + the dead stone's point = 19 (35 points, no dame).
        &["BBBWWWW", "BBBWWWW", "BBBBWWW", "BBBWWWW", "BBBWWWW"],
        (6.0, 10.0),
        (16.0, 19.0),
    );
}

#[test]
fn a_1xn_board_and_its_transpose() {
    // One row: nothing has two eyes. A1 is black's one eye, C1 a false eye between two black
    // stones, F1 and H1 the same for white: every stone lives in seki and nothing is territory.
    let rows = [".X.XO.O.O"];
    check(
        &rows,
        &["=xfxofofo"],
        // Territory: 0 to 0. Area: black 2 stones + A1, C1 = 4; white 3 stones + F1, H1 = 5.
        &["BBBBWWWWW"],
        (0.0, 0.0),
        (4.0, 5.0),
    );
    let cols = transpose(&rows);
    let cols: Vec<&str> = cols.iter().map(|s| s.as_str()).collect();
    let map = transpose(&["=xfxofofo"]);
    let map: Vec<&str> = map.iter().map(|s| s.as_str()).collect();
    let area = transpose(&["BBBBWWWWW"]);
    let area: Vec<&str> = area.iter().map(|s| s.as_str()).collect();
    check(&cols, &map, &area, (0.0, 0.0), (4.0, 5.0));
}

#[test]
fn a_seki_whose_black_group_has_a_false_eye() {
    // 7x2, the top edge. Black's real eye is A2 (corner); C2 is a false eye: white's D1 sits on
    // its diagonal, and it is the only link between the lone D2 stone and black's main group.
    // White's eye is G2; E2 is the one liberty black and white share. Whoever plays E2 puts
    // both groups in atari and is captured first (black E2: white C2 takes D2-E2 and ataris the
    // rest; white E2: black G2 takes the whole white group). White cannot play C2 or A2 (no
    // capture, no liberty), so black never has to fill C2: a seki where black's two "eyes" are
    // one real eye and one false eye. Japanese rules: the points of a seki count for nobody.
    check(
        &[".X.X.O.", "XXXOOOO"],
        &["=xfx.o=", "xxxoooo"],
        // Territory: 0 to 0 (A2, C2, G2 belong to groups in seki; E2 is dame).
        // Area: black 5 stones + A2 + C2 = 7; white 5 stones + G2 = 6; E2 dame
        // (7 + 6 + 1 = 14 points).
        &["BBBB.WW", "BBBWWWW"],
        (0.0, 0.0),
        (7.0, 6.0),
    );
}

#[test]
fn a_double_ko_seki() {
    // 8x3. Black's group (A1-C1, A2-D2, B3-C3) has one eye, A3, and the liberty D3; white's
    // group (the mirror image, turned half a turn) has one eye, H1, and the liberty E1. Two
    // kos: at the top, black's lone E3 stone (in atari at D3) sits against white; at the
    // bottom, white's lone D1 stone (in atari at E1) sits against black. Black taking E1
    // ataris white's group (only H1 left), so white must take D3, which ataris black's group
    // (only A3 left), and black, barred from retaking at once, can only take back at E1... :
    // neither side can win both kos, and filling one's own D3 or E1 leaves one's group in
    // atari. The players pass and the groups live in seki. D3 and E1 are each reached by one
    // color only, and join the lone ko stone to its group: goscorer counts them as false eyes
    // that must be filled; under the Japanese rules no point of a seki counts either way.
    check(
        &[".XX.XOOO", "XXXXOOOO", "XXXO.OO."],
        &["=xxfxooo", "xxxxoooo", "xxxofoo="],
        // Territory: 0 to 0 (every point belongs to a group in seki).
        // Area: black 10 stones + A3 + D3 = 12; white 10 stones + E1 + H1 = 12 (24 points, no
        // dame).
        &["BBBBBWWW", "BBBBWWWW", "BBBWWWWW"],
        (0.0, 0.0),
        (12.0, 12.0),
    );
}

#[test]
fn a_seki_without_eyes_filling_a_small_rectangular_board() {
    // 3x2: black's A2-A1 and white's C2-C1 each hold two corners and share their only two
    // liberties, B2 and B1. Whoever plays one is left with one liberty and is captured on the
    // other: seki with no eye at all.
    let rows = ["X.O", "X.O"];
    check(
        &rows,
        &["x.o", "x.o"],
        // Territory: 0 to 0. Area: black 2 stones, white 2 stones; B2 and B1 dame.
        &["B.W", "B.W"],
        (0.0, 0.0),
        (2.0, 2.0),
    );
    // The same seki on the 2x3 board (rows and columns exchanged).
    let cols = transpose(&rows);
    let cols: Vec<&str> = cols.iter().map(|s| s.as_str()).collect();
    check(
        &cols,
        &["xx", "..", "oo"],
        &["BB", "..", "WW"],
        (0.0, 0.0),
        (2.0, 2.0),
    );
}

#[test]
fn a_seki_with_one_eye_each_between_two_living_walls_on_9x9() {
    // The position `9x9-seki-one-eye-each` of tests/data/scoring-hand: black A8 B8 B9 B7 C7 (eye
    // A9, walled in by white's living A7 A6 B6 C6 ...) and white D9 D8 E8 F8 F9 D7 (eye E9,
    // walled in by black's living G9 G8 G7 F7 E7 D6 ...) share C9 and C8, which touch no other
    // group: whoever fills the second one is captured, so both live in seki.
    check(
        &[
            ".X.O.OX..",
            "XX.OOOX..",
            "OXXOXXX..",
            "OOOXX....",
            "..OX.....",
            "..OX.....",
            "..OX.....",
            "..OX.....",
            "..OX.....",
        ],
        &[
            "=x.o=oXbb",
            "xx.oooXbb",
            "OxxoXXXbb",
            "OOOXXbbbb",
            "wwOXbbbbb",
            "wwOXbbbbb",
            "wwOXbbbbb",
            "wwOXbbbbb",
            "wwOXbbbbb",
        ],
        &[
            "BB.WWWBBB",
            "BB.WWWBBB",
            "WBBWBBBBB",
            "WWWBBBBBB",
            "WWWBBBBBB",
            "WWWBBBBBB",
            "WWWBBBBBB",
            "WWWBBBBBB",
            "WWWBBBBBB",
        ],
        // Territory: black H9 J9 H8 J8 H7 J7 (6) + F6..J6 (4) + E5..J1 (25) = 35; white A5..B1
        // = 10; the seki's eyes A9, E9 and its shared liberties C9, C8 count for nobody.
        // Area: black 17 stones + 35 + its seki eye A9 = 53; white 15 stones + 10 + E9 = 26;
        // C9 and C8 are dame (53 + 26 + 2 = 81).
        (35.0, 10.0),
        (53.0, 26.0),
    );
}

#[test]
fn a_hanezeki_between_two_living_walls_on_9x9() {
    // The position `9x9-hanezeki` of tests/data/scoring-hand (proved in tests/hanezeki.rs).
    // Black's inner group (C9 D9 C8 D8 E8 A7 B7 C7 D7, walled in by white's living A6..D6 and
    // D5..D1) holds white's three stones A9 B9 A8, in atari at B8, in its eye; white's inner
    // group (F9 G9 F8 G8 E7..J7, walled in by black's living E6..J6 and E5..E1) holds black's
    // H9 J9 J8, in atari at H8, in its eye; the two groups share E9. Whoever captures turns
    // the captured corner into a bent three the other side kills with a placement, while the
    // other side's eye, still holding the stones in atari, outlasts it; filling E9 leaves one's
    // own group in atari. So nobody plays: a hanezeki, a seki in which every stone lives.
    check(
        &[
            "OOXX.OOXX",
            "O.XXXOO.X",
            "XXXXOOOOO",
            "OOOOXXXXX",
            "...OX....",
            "...OX....",
            "...OX....",
            "...OX....",
            "...OX....",
        ],
        &[
            "ooxx.ooxx",
            "o.xxxoo.x",
            "xxxxooooo",
            "OOOOXXXXX",
            "wwwOXbbbb",
            "wwwOXbbbb",
            "wwwOXbbbb",
            "wwwOXbbbb",
            "wwwOXbbbb",
        ],
        &[
            "WWBB.WWBB",
            "W.BBBWW.B",
            "BBBBWWWWW",
            "WWWWBBBBB",
            "WWWWBBBBB",
            "WWWWBBBBB",
            "WWWWBBBBB",
            "WWWWBBBBB",
            "WWWWBBBBB",
        ],
        // Territory: black F5..J1 = 20, white A5..C1 = 15; B8, H8 and E9 touch stones of both
        // colors (dame) and count for nobody.
        // Area: black 12 hanezeki stones + 10 wall stones + 20 = 42; white 12 + 9 + 15 = 36;
        // B8, H8 and E9 touch both colors (42 + 36 + 3 = 81).
        (20.0, 15.0),
        (42.0, 36.0),
    );
}
