//! Light playouts per second on one core: `cargo run --release -p tengen-core --example playouts -- 9 5 [superko]`.
use std::time::Instant;
use tengen_core::{playout, Game, KoRule, Rules};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(9);
    let seconds: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let superko = args.get(3).is_some_and(|s| s == "superko");
    // A fixed count instead of a time (for instruction counting under callgrind).
    let fixed: Option<u64> = std::env::var("PLAYOUTS").ok().and_then(|s| s.parse().ok());
    let rules = Rules {
        ko: if superko {
            KoRule::Positional
        } else {
            KoRule::Simple
        },
        ..Rules::CHINESE
    };
    let start_game = Game::new(size, size, rules).unwrap();
    let mut board = tengen_core::PlayoutBoard::from_game(&start_game);
    let mut rng = playout::Rng::new(1);
    let start = Instant::now();
    let (mut n, mut plies) = (0u64, 0u64);
    while fixed.map_or(start.elapsed().as_secs_f64() < seconds, |f| n < f) {
        for _ in 0..100 {
            plies += board.playout(&mut rng, 3 * size * size) as u64;
            n += 1;
        }
    }
    let t = start.elapsed().as_secs_f64();
    println!(
        "{size}x{size}{}: {:.0} playouts/s, {:.1} plies/playout",
        if superko { " superko" } else { "" },
        n as f64 / t,
        plies as f64 / n as f64
    );
}
