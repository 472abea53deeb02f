//! Parsing benchmarks: one generated 300-move 19x19 game, and a collection
//! of 200 such games with comments and variations.
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use tengen_sgf::{parse, Color, GoGame, Point};

fn game(seed: u64, moves: usize) -> String {
    let mut g = GoGame::new(19, 19);
    g.komi = Some(6.5);
    g.black_name = Some("Black".into());
    g.white_name = Some("White".into());
    g.result = Some("B+3.5".into());
    let mut s = seed;
    for i in 0..moves {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let c = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let p = Point::new(((s >> 33) % 19) as u8, ((s >> 45) % 19) as u8);
        let comment = (i % 25 == 0).then_some("a comment [with] brackets\nand a line");
        g.push_move(c, Some(p), comment);
    }
    g.to_sgf().unwrap()
}

fn bench(c: &mut Criterion) {
    let one = game(1, 300);
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(one.len() as u64));
    group.bench_function("game_300_moves", |b| {
        b.iter(|| parse(black_box(one.as_bytes())).unwrap())
    });
    group.bench_function("typed_300_moves", |b| {
        b.iter(|| {
            let p = parse(black_box(one.as_bytes())).unwrap();
            GoGame::from_tree(&p.collection.games[0]).unwrap()
        })
    });
    let tree = parse(one.as_bytes()).unwrap().collection.games.remove(0);
    group.bench_function("write_300_moves", |b| b.iter(|| black_box(&tree).to_sgf()));
    let big: String = (0..200).map(|i| game(i, 300)).collect();
    group.throughput(Throughput::Bytes(big.len() as u64));
    group.bench_function("collection_200_games", |b| {
        b.iter(|| parse(black_box(big.as_bytes())).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
