//! Plays one game of the engine against itself and prints the moves, the playouts a second and
//! the final board: `cargo run --release -p tengen-mcts --example selfplay -- SIZE PLAYOUTS`.

use std::time::Instant;
use tengen_core::{coords, Color, Game, Move, Rules};
use tengen_mcts::{Config, Decision, Search};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(9);
    let playouts: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(5000);
    let mut game = Game::new(size, size, Rules::default()).expect("a valid size");
    let mut search = Search::new(Config {
        playouts: Some(playouts),
        ..Config::default()
    });
    let (mut total, started) = (0u64, Instant::now());
    while !game.is_over() && game.move_number() < 3 * size * size {
        let c = game.to_move();
        let mv = match search.genmove(&game, c) {
            Decision::Play(m) => m,
            Decision::Resign => break,
        };
        let r = search.report().expect("a report after genmove");
        total += r.playouts;
        let text = match mv {
            Move::Play(p) => coords::to_gtp(p, size as u8).unwrap_or_default(),
            _ => "pass".into(),
        };
        let q = r.candidates.first().map_or(0.5, |c| c.2);
        println!(
            "{} {:?} {text} q={q:.2} {:.0}/s",
            game.move_number() + 1,
            c,
            r.playouts as f64 / r.seconds
        );
        game.play_as(c, mv).expect("the engine plays legal moves");
    }
    println!("{:?}", game.board());
    println!(
        "{total} playouts in {:.1} s: {:.0} playouts/s",
        started.elapsed().as_secs_f64(),
        total as f64 / started.elapsed().as_secs_f64()
    );
    let _ = Color::Black;
}
