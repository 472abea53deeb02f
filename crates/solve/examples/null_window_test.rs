//! Answers one null-window test on an empty board with the alpha-beta or the proof-number
//! search and prints the figures: `cargo run --release -p tengen-solve --example
//! null_window_test -- 2x6 12 pn [rules] [table_bits] [first_depth]` ("is black's area minus
//! white's at least 12?"; `ab` for the alpha-beta; `SOLVE_STATS=1` prints each depth-limited
//! search or proof-number run). docs/BENCHMARKS.md, "Wave 14: a proof-number search for the
//! top test".

use tengen_core::{Board, Color};
use tengen_solve::{null_window_test, SolveOptions, TestSearch};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size = args.first().map(String::as_str).unwrap_or("2x6");
    let (w, h) = size.split_once('x').expect("WxH");
    let board = Board::new(w.parse().expect("width"), h.parse().expect("height")).expect("size");
    let beta: i32 = args.get(1).map_or(12, |b| b.parse().expect("beta"));
    let search = match args.get(2).map_or("pn", String::as_str) {
        "ab" => TestSearch::AlphaBeta,
        "pn" => TestSearch::ProofNumber,
        s => panic!("search {s}: ab or pn"),
    };
    let rules = args
        .get(3)
        .map_or("chinese-ogs,komi=0", String::as_str)
        .parse()
        .expect("rules");
    let options = SolveOptions {
        table_bits: args.get(4).map_or(22, |b| b.parse().expect("table bits")),
        first_depth: args.get(5).map_or(0, |d| d.parse().expect("first depth")),
        ..SolveOptions::default()
    };
    let a = null_window_test(&board, Color::Black, rules, beta, search, options).expect("test");
    if std::env::var_os("SOLVE_STATS").is_some() {
        for r in &a.rounds {
            println!("  {r}");
        }
    }
    println!(
        "{size} {search:?}: at least {beta}: {} nodes {} seconds {:.2}",
        a.at_least, a.nodes, a.seconds
    );
}
