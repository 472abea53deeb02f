//! `cargo bench -p tengen-bench`: light playouts (tengen on a Game and on its PlayoutBoard, and the
//! `goban` crate, same policy),
//! `is_legal`, play+undo, and a positional-superko check at move 300.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use goban::pieces::stones::Color as GColor;
use goban::rules::game::Game as GGame;
use goban::rules::{GobanSizes, IllegalRules, Move as GMove, CHINESE, JAPANESE};
use std::hint::black_box;
use tengen_bench::{midgame, playout_rules};
use tengen_core::{playout, Color, Game, Move, Point};

fn tengen_playouts(c: &mut Criterion) {
    for size in [9usize, 19] {
        let mut group = c.benchmark_group(format!("playout_{size}x{size}"));
        group.throughput(Throughput::Elements(1));
        for superko in [false, true] {
            let start = Game::new(size, size, playout_rules(superko)).unwrap();
            let mut game = start.clone();
            let mut rng = playout::Rng::new(7);
            let name = if superko {
                "tengen_positional_superko"
            } else {
                "tengen"
            };
            group.bench_function(name, |b| {
                b.iter(|| {
                    game.clone_from(&start);
                    black_box(playout::playout(&mut game, &mut rng, 3 * size * size))
                })
            });
            // The dedicated playout board (same moves, tested in tengen-core).
            let mut board = tengen_core::PlayoutBoard::from_game(&start);
            group.bench_function(format!("{name}_playout_board"), |b| {
                b.iter(|| black_box(board.playout(&mut rng, 3 * size * size)))
            });
        }
        for superko in [false, true] {
            let mut rng = playout::Rng::new(7);
            let name = if superko { "goban_superko" } else { "goban" };
            let sz = if size == 9 {
                GobanSizes::Nine
            } else {
                GobanSizes::Nineteen
            };
            let rule = if superko { CHINESE } else { JAPANESE };
            group.bench_function(name, |b| {
                b.iter_batched(
                    || GGame::new(sz, rule),
                    |mut g| black_box(goban_playout(&mut g, rule.flag_illegal, size, &mut rng)),
                    BatchSize::SmallInput,
                )
            });
        }
        group.finish();
    }
}

/// The same light-playout policy on the `goban` crate: random empty points in random order, the
/// first legal one that is not eye-like (our definition, checked with its board), else a pass.
fn goban_playout(g: &mut GGame, flags: IllegalRules, size: usize, rng: &mut playout::Rng) -> usize {
    let flags = flags & !IllegalRules::FILLEYE;
    let max = 3 * size * size;
    let mut plies = 0;
    let mut passes = 0;
    while plies < max && passes < 2 {
        let mut empties = g.pseudo_legals_vec();
        let mut remaining = empties.len();
        let mut chosen = None;
        while remaining > 0 {
            let r = rng.below(remaining);
            let p = empties[r];
            if !goban_eyelike(g, p, size) && g.check_point_by(p, flags).is_none() {
                chosen = Some(p);
                break;
            }
            remaining -= 1;
            empties.swap(r, remaining);
        }
        match chosen {
            Some((x, y)) => {
                g.play(GMove::Play(x, y));
                passes = 0;
            }
            None => {
                g.play(GMove::Pass);
                passes += 1;
            }
        }
        plies += 1;
    }
    plies
}

fn goban_eyelike(g: &GGame, (x, y): (u8, u8), size: usize) -> bool {
    let me = g.turn();
    let s = size as i32;
    let at = |dx: i32, dy: i32| -> Option<Option<GColor>> {
        let (a, b) = (x as i32 + dx, y as i32 + dy);
        (a >= 0 && b >= 0 && a < s && b < s).then(|| g.goban().get_color((a as u8, b as u8)))
    };
    for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        if let Some(c) = at(dx, dy) {
            if c != Some(me) {
                return false;
            }
        }
    }
    let mut enemies = 0;
    let mut edge = false;
    for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
        match at(dx, dy) {
            None => edge = true,
            Some(Some(c)) if c != me => enemies += 1,
            _ => {}
        }
    }
    enemies < if edge { 1 } else { 2 }
}

fn single_operations(c: &mut Criterion) {
    let mut group = c.benchmark_group("operations_19x19");
    // is_legal on every point of a 150-move position.
    let game = midgame(19, 150, playout_rules(false), 3);
    let points: Vec<Point> = game.board().points().collect();
    group.throughput(Throughput::Elements(points.len() as u64));
    group.bench_function("is_legal_all_points", |b| {
        b.iter(|| {
            points
                .iter()
                .filter(|&&p| game.is_legal(Color::Black, p))
                .count()
        })
    });
    // play + undo of each legal move.
    let mut g = game.clone();
    let legal = g.legal_moves(g.to_move());
    group.throughput(Throughput::Elements(legal.len() as u64));
    group.bench_function("play_undo_each_legal_move", |b| {
        b.iter(|| {
            for &p in &legal {
                g.play(Move::Play(p)).unwrap();
                g.undo();
            }
        })
    });
    // Positional superko check of every point at move 300.
    for superko in [false, true] {
        let g = midgame(19, 300, playout_rules(superko), 5);
        let name = if superko {
            "check_all_points_move300_positional_superko"
        } else {
            "check_all_points_move300_simple_ko"
        };
        group.throughput(Throughput::Elements(points.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                points
                    .iter()
                    .filter(|&&p| g.check(g.to_move(), p).is_ok())
                    .count()
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3)).warm_up_time(std::time::Duration::from_secs(1));
    targets = tengen_playouts, single_operations
}
criterion_main!(benches);
