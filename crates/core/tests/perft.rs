//! The perft of Go: count every coloring of small boards where every group has a liberty, with
//! the engine's own group code, and compare with the published table (OEIS A094777; Tromp and
//! Farnebäck, "Combinatorics of Go"), copied from shared/data into tests/data/legal_counts.json.

use tengen_core::{Board, Color, Point};

fn published(width: usize, height: usize) -> Option<u128> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/legal_counts.json"
    ))
    .unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let (a, b) = (width.min(height), width.max(height));
    let s = if a == b {
        v["square"][a.to_string()].as_str()
    } else {
        v["rectangular"][format!("{a}xn")][b.to_string()].as_str()
    }?;
    Some(s.parse().unwrap())
}

/// Counts legal colorings by walking all 3^n colorings as a base-3 odometer, changing one point
/// at a time on one board (set-up changes rebuild only the groups around the changed point).
fn count_legal(width: usize, height: usize) -> u128 {
    let n = width * height;
    let mut board = Board::new(width, height).unwrap();
    let points: Vec<Point> = board.points().collect();
    let mut digits = vec![0u8; n];
    let mut count = 0u128;
    let mut dead = 0usize; // cheap filter: we ask the board for a dead group each time
    loop {
        if board.group_without_liberty().is_none() {
            count += 1;
        } else {
            dead += 1;
        }
        // increment
        let mut k = 0;
        loop {
            if k == n {
                assert!(dead > 0 || n == 0);
                return count;
            }
            digits[k] = (digits[k] + 1) % 3;
            let stone = match digits[k] {
                0 => None,
                1 => Some(Color::Black),
                _ => Some(Color::White),
            };
            board.set_stone(points[k], stone);
            if digits[k] != 0 {
                break;
            }
            k += 1;
        }
    }
}

#[test]
fn legal_position_counts_match_the_published_table() {
    let boards = [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 5),
        (1, 6),
        (1, 7),
        (1, 8),
        (1, 9),
        (1, 10),
        (2, 2),
        (2, 3),
        (2, 4),
        (2, 5),
        (2, 6),
        (2, 7),
        (2, 8),
        (3, 3),
        (3, 4),
        (3, 5),
        (4, 4),
    ];
    for (w, h) in boards {
        let expected = published(w, h).expect("table entry");
        assert_eq!(count_legal(w, h), expected, "{w}x{h}");
        if w != h {
            // Rectangles both ways round: the engine must not care which side is longer.
            if w * h <= 10 {
                assert_eq!(count_legal(h, w), expected, "{h}x{w}");
            }
        }
    }
}
