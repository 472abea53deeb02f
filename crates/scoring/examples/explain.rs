//! Shows what the dead-stone guess makes of one position of the cleanup corpus: the board with
//! each stone's playout ownership (from its own color's side, in tenths) and the guess's verdict
//! against the recorded truth. A development tool for the guess (docs/SCORING.md); never run it
//! on a held-out set (tests/data/cleanup/README.md).
//!
//! ```sh
//! cargo run --release -p tengen-scoring --example explain -- FILE ID [SEED]
//! ```

use tengen_core::{Color, Point, Rules};
use tengen_scoring::{parse_vertex, Analysis, Guess, GuessOptions, StoneStatus, TerritoryMap};

mod corpus;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (file, id) = (&args[1], &args[2]);
    let seed: u64 = args.get(3).map_or(1, |s| s.parse().expect("a seed"));
    // The held-out sets are not opened; these four were made development data.
    const DEVELOPMENT: [&str; 4] = [
        "heldout2.jsonl",
        "japanese-heldout2.jsonl",
        "japanese-heldout11.jsonl",
        "japanese-heldout13.jsonl",
    ];
    assert!(
        !file.contains("heldout") || DEVELOPMENT.contains(&file.as_str()),
        "{file} is a held-out set: its positions are not opened"
    );
    let p = corpus::load(file)
        .into_iter()
        .find(|p| p.id == *id || p.id.ends_with(id.as_str()))
        .expect("no such position");
    let game = p.replay();
    let board = game.board().clone();
    let mut o = GuessOptions::with_effort(Default::default(), p.size, p.size);
    o.to_move = Some(game.to_move());
    o.seed = seed;
    let g = Guess::new(&board, &Rules::CHINESE, o);
    let n = p.size;
    let set = |v: &[String]| -> Vec<usize> {
        v.iter()
            .map(|s| {
                let pt = parse_vertex(s, n, n).unwrap();
                pt.y as usize * n + pt.x as usize
            })
            .collect()
    };
    let (dead, gnugo) = (set(&p.dead), set(&p.gnugo_dead));
    println!("{} to move {:?}", p.id, game.to_move());
    println!("cells: ownership from the stone's side in tenths; after it: guess d/a/s (s: alive in seki), truth d/a (! when wrong); g = GNU Go calls it dead");
    let cols = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    for y in 0..n {
        let mut row = format!("{:2} ", n - y);
        for x in 0..n {
            let k = y * n + x;
            let own = g.ownership[k];
            match board.get(Point::new(x as u8, y as u8)) {
                None => row.push_str(&format!("  {:+3.0}  ", own * 10.0)),
                Some(c) => {
                    let side = if c == Color::Black { own } else { -own };
                    let guessed = g.status[k] == Some(StoneStatus::Dead);
                    let in_seki = g.status[k] == Some(StoneStatus::Seki);
                    let truth = dead.contains(&k);
                    row.push_str(&format!(
                        "{}{:+3.0}{}{} ",
                        if c == Color::Black { 'X' } else { 'O' },
                        side * 10.0,
                        if guessed {
                            'd'
                        } else if in_seki {
                            's'
                        } else {
                            'a'
                        },
                        if guessed != truth {
                            '!'
                        } else if gnugo.contains(&k) {
                            'g'
                        } else {
                            ' '
                        }
                    ));
                }
            }
        }
        println!("{row}");
    }
    let mut axis = String::from("   ");
    for c in cols.chars().take(n) {
        axis.push_str(&format!("   {c}   "));
    }
    println!("{axis}");
    // The territory map of the position as it stands (nothing marked dead): what the guess's
    // eye rules and seki check start from.
    println!(
        "map as it stands: X O stones (s: in seki), b w territory, f false eye, . dame or neutral"
    );
    let a = Analysis::new(&board);
    let map = TerritoryMap::from_cells(n, n, a.cells(), &vec![false; n * n]);
    for y in 0..n {
        let mut row = format!("{:2} ", n - y);
        for x in 0..n {
            let k = y * n + x;
            let m = map.at(k);
            let c = match (a.cells()[k], m.seki.is_some()) {
                (Some(Color::Black), false) => 'X',
                (Some(Color::White), false) => 'O',
                (Some(_), true) => 's',
                (None, _) if m.false_eye => 'f',
                (None, _) => match m.territory {
                    Some(Color::Black) => 'b',
                    Some(Color::White) => 'w',
                    None if m.seki.is_some() => 's',
                    None => '.',
                },
            };
            row.push(c);
            row.push(' ');
        }
        println!("{row}");
    }
}
