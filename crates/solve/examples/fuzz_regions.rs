//! Random set-up positions of small boards solved with and without safe regions, at several
//! first depth limits and table sizes: every setting must give the same value. Where an exact
//! memoised minimax over `tengen_core::Game` (keyed by the position and the set of earlier
//! positions) finishes within `REF_BUDGET` nodes (default 300,000; 0 skips it), the value must
//! also equal it; otherwise the default setting's value is the one compared against.
//!
//! `cargo run --release -p tengen-solve --example fuzz_regions -- [cases] [seed]`; `SIZES=3x4,4x3`
//! picks the boards (default 1x4, 1x5, 1x6, 2x2, 2x3, 3x2, 2x4); `POS="-o/xo/oo
//! positional W"` checks one position (rows top first, x black, o white); `FDS=0,1,2` picks the
//! first depth limits; `TABLE_BITS=18` the compared solves' table (default 12); `SLOTS=8` their
//! safe-region assumptions kept apart per colour (`SolveOptions::assumption_slots`; default 0,
//! the board's default: 1 on these boards, against which the value is compared); `SHOW=1` prints
//! every value. `AREAS=5x4,4x5` draws instead positions
//! of those boards made of a strictly alive wall of one colour (two one-point eyes) below an
//! area of 9 to 12 points holding random stones of both colours: the areas that rule 6 of
//! docs/SOLVING.md ("Safe points") takes since wave 13 (`AREAS=all`: every such board).
use tengen_core::{Board, Color, Game, Move, Point, Rules};
use tengen_solve::{solve_position, SolveOptions};

#[path = "../tests/support/mod.rs"]
mod support;
use support::{area, parse_rows, random_stream};

fn rows(b: &Board) -> String {
    (0..b.height())
        .map(|y| {
            (0..b.width())
                .map(|x| match b.get(Point::new(x as u8, y as u8)) {
                    Some(Color::Black) => 'x',
                    Some(Color::White) => 'o',
                    None => '-',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Exact minimax with a memo keyed by the position, the player to move, the pass count and the
/// multiset of earlier positions (with their player to move and pass flag): the future of a
/// game depends on nothing else, so the memo is exact (up to 64-bit hash collisions).
struct Memo {
    map: std::collections::HashMap<(u64, u64), i32>,
    earlier: u64,
    budget: u64,
}

fn here(g: &Game) -> u64 {
    let mut h = g.board().hash();
    if g.to_move() == Color::White {
        h ^= 0x1234_5678_9abc_def1;
    }
    if g.consecutive_passes() > 0 {
        h ^= 0x0fed_cba9_8765_4321;
    }
    mix(h)
}

fn exact(g: &mut Game, m: &mut Memo) -> Option<i32> {
    m.budget = m.budget.checked_sub(1)?;
    if g.consecutive_passes() >= 2 {
        return Some(area(g.board()));
    }
    let h = here(g);
    let key = (h ^ (g.consecutive_passes() as u64), m.earlier);
    if let Some(&v) = m.map.get(&key) {
        return Some(v);
    }
    let color = g.to_move();
    let mut moves: Vec<Move> = g.legal_moves(color).into_iter().map(Move::Play).collect();
    moves.push(Move::Pass);
    let mut best = if color == Color::Black {
        i32::MIN
    } else {
        i32::MAX
    };
    for mv in moves {
        g.play(mv).unwrap();
        m.earlier = m.earlier.wrapping_add(mix(h));
        let v = exact(g, m);
        m.earlier = m.earlier.wrapping_sub(mix(h));
        g.undo();
        let v = v?;
        best = if color == Color::Black {
            best.max(v)
        } else {
            best.min(v)
        };
    }
    m.map.insert(key, best);
    Some(best)
}

/// The walled boards of `AREAS` (rows top first, `.` the area, `x` the wall with its eyes
/// `-`): 9 to 12 points of area above a chain that is strictly alive.
const WALLED: [&str; 6] = [
    // 3x5, a 9-point area.
    ".../.../.../xxx/-x-",
    // 5x4, 10 points.
    "...../...../xxxxx/x-x-x",
    // 4x5, 12 points.
    "..../..../..../xxxx/x-x-",
    // 6x4, 12 points.
    "....../....../xxxxxx/x-xx-x",
    // 3x6, 12 points.
    ".../.../.../.../xxx/-x-",
    // 2x9, 10 points above a 2-wide wall with its eyes at both sides.
    "../../../../../xx/x-/xx/-x",
];

/// A position of a walled board (see [`WALLED`]): each area point empty, black or white with
/// probabilities 1/2, 1/4, 1/4, the wall's colour black or white (from `r`).
fn walled(shape: &str, mut r: impl FnMut() -> u64) -> Board {
    let swap = r() % 2 == 1;
    let rows: String = shape
        .chars()
        .map(|c| match c {
            '.' => match r() % 4 {
                0 => 'x',
                1 => 'o',
                _ => '-',
            },
            c => c,
        })
        .map(|c| match (c, swap) {
            ('x', true) => 'o',
            ('o', true) => 'x',
            (c, _) => c,
        })
        .collect();
    parse_rows(&rows)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cases: usize = args.first().map_or(200, |a| a.parse().unwrap());
    let mut rnd = random_stream(args.get(1).map_or(1, |a| a.parse().unwrap()));
    // `SIZES=3x3,3x4` picks the boards (default: up to 8 points).
    let sizes: Vec<(usize, usize)> = std::env::var("SIZES").map_or(
        vec![(1, 4), (1, 5), (1, 6), (2, 2), (2, 3), (3, 2), (2, 4)],
        |v| {
            v.split(',')
                .map(|s| {
                    let (w, h) = s.split_once('x').expect("WxH");
                    (w.parse().unwrap(), h.parse().unwrap())
                })
                .collect()
        },
    );
    // `AREAS=5x4,4x5` (or `all`): walled boards of those sizes instead.
    let walls: Vec<&str> = std::env::var("AREAS").map_or(Vec::new(), |v| {
        WALLED
            .iter()
            .copied()
            .filter(|s| {
                let rows: Vec<&str> = s.split('/').collect();
                let size = format!("{}x{}", rows[0].len(), rows.len());
                v == "all" || v.split(',').any(|a| a == size)
            })
            .collect()
    });
    // `TABLE_BITS=18`: the table of the compared solves (default 2^12 entries).
    let table_bits = std::env::var("TABLE_BITS").map_or(12, |v| v.parse().unwrap());
    // `SLOTS=8`: the compared solves' assumption slots (default: the board's default).
    let assumption_slots = std::env::var("SLOTS").map_or(0, |v| v.parse().unwrap());
    let (mut done, mut skipped, mut bad) = (0, 0, 0);
    // Cut-offs and leaves that counted an enclosed region (docs/SOLVING.md, rule 3).
    let mut enclosed_used = 0u64;
    while done < cases {
        let (w, h) = sizes[(rnd() % sizes.len() as u64) as usize];
        let ko = ["positional", "situational", "natural-situational"][(rnd() % 3) as usize];
        let rules: Rules = format!("chinese,komi=0,ko={ko}").parse().unwrap();
        let mut g = Game::new(w, h, rules).unwrap();
        let n = w * h;
        let moves = n / 2 + (rnd() % (n as u64 + 4)) as usize;
        for _ in 0..moves {
            let c = g.to_move();
            let legal = g.legal_moves(c);
            if legal.is_empty() || rnd().is_multiple_of(8) {
                let _ = g.play(Move::Pass);
            } else {
                let p = legal[(rnd() % legal.len() as u64) as usize];
                g.play(Move::Play(p)).unwrap();
            }
        }
        let mut board = g.board().clone();
        let mut to_move = if rnd().is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        };
        if !walls.is_empty() {
            board = walled(walls[(rnd() % walls.len() as u64) as usize], &mut rnd);
        }
        let (w, h) = (board.width(), board.height());
        let (w, h, rules, ko) = if let Ok(pos) = std::env::var("POS") {
            // w x h / rows / ko / B|W
            let f: Vec<&str> = pos.split(' ').collect();
            board = parse_rows(f[0]);
            let (w, h) = (board.width(), board.height());
            to_move = Color::parse(f[2]).unwrap();
            let ko: &'static str = Box::leak(f[1].to_string().into_boxed_str());
            (
                w,
                h,
                format!("chinese,komi=0,ko={ko}").parse::<Rules>().unwrap(),
                ko,
            )
        } else {
            (w, h, rules, ko)
        };
        let Ok(mut r) = Game::from_board(&board, to_move, rules) else {
            continue;
        };
        let expected = match exact(
            &mut r,
            &mut Memo {
                map: Default::default(),
                earlier: 0,
                budget: std::env::var("REF_BUDGET").map_or(300_000, |b| b.parse().unwrap()),
            },
        ) {
            Some(v) => v,
            None => {
                skipped += 1;
                let o = SolveOptions {
                    table_bits: 14,
                    ..SolveOptions::default()
                };
                solve_position(&board, to_move, rules, o).unwrap().score
            }
        };
        done += 1;
        eprintln!(
            "{done} {w}x{h} {ko} {:?} {to_move:?} ref {expected} skipped {skipped}",
            rows(&board)
        );
        for regions in [false, true] {
            for first_depth in
                std::env::var("FDS").map_or(vec![0, 1, 2, 3, 4, 6, 8, 12, 1000], |v| {
                    v.split(",")
                        .map(|x| x.parse().unwrap())
                        .collect::<Vec<usize>>()
                })
            {
                let o = SolveOptions {
                    first_depth,
                    table_bits,
                    safe_regions: regions,
                    assumption_slots,
                    ..SolveOptions::default()
                };
                let s = solve_position(&board, to_move, rules, o).unwrap();
                enclosed_used += s.stats.enclosed_cuts + s.stats.enclosed_leaves;
                if std::env::var_os("SHOW").is_some() {
                    println!(
                        "regions={regions} fd={first_depth} -> {} nodes {}",
                        s.score, s.nodes
                    );
                }
                if s.score != expected {
                    bad += 1;
                    println!(
                        "MISMATCH {w}x{h} ko={ko} {to_move:?} regions={regions} fd={first_depth}: solver {} reference {expected}\n{}",
                        s.score,
                        rows(&board)
                    );
                }
            }
        }
    }
    println!(
        "{done} positions, {skipped} skipped, {bad} mismatches, {enclosed_used} cut-offs or leaves used an enclosed region"
    );
}
