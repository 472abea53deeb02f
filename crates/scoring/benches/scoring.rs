//! Benchmarks: full analysis of a finished 19x19 position, one toggle, the automatic guess.
//! Goals: analysis < 50 µs, toggle < 10 µs, guess < 50 ms at the default effort and < 1 s at
//! high effort on a finished 19x19 game (the first 19x19 game of the cleanup corpus,
//! `tests/data/cleanup/positions.jsonl`, at its two passes), the cost of reading contested
//! groups out (a 13x13 game of `heldout2.jsonl` whose reading runs out of its budget) and of
//! the further playouts drawn where a big string's standing is in doubt (a 19x19 game of
//! `japanese-dev6.jsonl`).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tengen_core::Board;
use tengen_core::{playout, Game, Point, Rules};
use tengen_scoring::{Analysis, Effort, Guess, GuessOptions, Marking, Score, TerritoryMap};

/// A finished 19x19 position: a seeded light playout of the rules core to two passes.
fn finished() -> Game {
    let mut g = Game::new(19, 19, Rules::CHINESE).unwrap();
    let mut rng = playout::Rng::new(7);
    playout::playout(&mut g, &mut rng, 3 * 361);
    g
}

/// The first game of a cleanup corpus file whose line contains `needle`, at its two passes: a
/// game GNU Go played out.
fn corpus_game(file: &str, needle: &str) -> Board {
    let path = format!(
        "{}/../../tests/data/cleanup/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("the cleanup corpus");
    let line = text
        .lines()
        .find(|l| l.contains(needle))
        .expect("the game in the corpus");
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    let sgf = v["sgf"].as_str().unwrap();
    let (games, _) = tengen_sgf::read_go_games(sgf.as_bytes()).unwrap();
    tengen_sgf::game::replay(&games[0], Rules::CHINESE, None)
        .unwrap()
        .board()
        .clone()
}

fn benches(c: &mut Criterion) {
    let game = finished();
    let board = game.board().clone();
    c.bench_function("analysis 19x19 finished", |b| {
        b.iter(|| Analysis::new(black_box(&board)))
    });
    let m = Marking::new(Analysis::new(&board));
    c.bench_function("score 19x19 finished", |b| {
        b.iter(|| Score::new(black_box(&m), &Rules::CHINESE, 0))
    });
    c.bench_function("score 19x19 finished, territory rules", |b| {
        b.iter(|| Score::new(black_box(&m), &Rules::JAPANESE, 0))
    });
    c.bench_function("territory map 19x19 finished", |b| {
        b.iter(|| TerritoryMap::new(black_box(&m)))
    });
    // The largest group: its chain is toggled dead and back, two toggles per iteration.
    let a = m.analysis();
    let big = a.groups().iter().max_by_key(|g| g.stones.len()).unwrap();
    let p: Point = a.point(big.stones[0] as usize);
    let mut mm = m.clone();
    c.bench_function("toggle x2 (dead, alive)", |b| {
        b.iter(|| {
            mm.toggle(black_box(p)).unwrap();
            mm.toggle(black_box(p)).unwrap();
        })
    });
    let mut group = c.benchmark_group("guess");
    group.sample_size(10);
    let played = corpus_game("positions.jsonl", "\"size\": 19");
    for (name, effort) in [
        ("low", Effort::Low),
        ("default", Effort::Default),
        ("high", Effort::High),
    ] {
        let opts = GuessOptions::with_effort(effort, 19, 19);
        group.bench_function(format!("guess 19x19 GNU Go game, {name} effort"), |b| {
            b.iter(|| Guess::new(black_box(&played), &Rules::CHINESE, opts))
        });
    }
    let opts = GuessOptions::default();
    group.bench_function("guess 19x19 light-playout position, default effort", |b| {
        b.iter(|| Guess::new(black_box(&board), &Rules::CHINESE, opts))
    });
    // A 13x13 game whose guess reads two contested groups out exactly, one of them until the
    // reading's budget runs out: the most the reading costs.
    let fight = corpus_game("heldout2.jsonl", "13x13-h0-l2-s7703");
    group.bench_function(
        "guess 13x13 GNU Go game with two fights read out, default effort",
        |b| b.iter(|| Guess::new(black_box(&fight), &Rules::CHINESE, opts)),
    );
    // A 19x19 game whose guess draws further playouts: white's centre strings F16 and F12 of
    // `japanese-dev6.jsonl` `19x19-h4-l2-s24907` are kept in about two thirds of the playouts,
    // in doubt (docs/SCORING.md, rule 2): the most the further batches cost on 19x19.
    let doubt = corpus_game("japanese-dev6.jsonl", "19x19-h4-l2-s24907");
    group.bench_function(
        "guess 19x19 GNU Go game with a big string in doubt, default effort",
        |b| b.iter(|| Guess::new(black_box(&doubt), &Rules::CHINESE, opts)),
    );
    group.finish();
}

criterion_group!(scoring, benches);
criterion_main!(scoring);
