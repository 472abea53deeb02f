//! Generates an SGF file of about N MB (default 50) — one long game of
//! moves with a few comments and variations — and reads it, printing the
//! time taken. Run under `/usr/bin/time -v` to see the peak memory.
//!
//! `cargo run --release -p tengen-sgf --example big_file -- 50`
use std::time::Instant;

fn main() {
    let mb: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    let target = mb << 20;
    let mut s = String::with_capacity(target + 1024);
    s.push_str("(;FF[4]GM[1]SZ[19]\n");
    let mut i: u64 = 0;
    let mut opens = 0;
    while s.len() < target {
        i += 1;
        let x = (b'a' + (i * 7 % 19) as u8) as char;
        let y = (b'a' + (i * 13 % 19) as u8) as char;
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        s.push_str(&format!(";{c}[{x}{y}]"));
        if i % 1000 == 0 {
            s.push_str("C[a comment\\] with escapes]\n(;B[aa])(");
            opens += 1;
        }
    }
    s.push_str(&")".repeat(opens + 1));
    let bytes = s.into_bytes();
    println!("input: {} bytes", bytes.len());
    let t = Instant::now();
    let p = tengen_sgf::parse(&bytes).expect("parse");
    let parse_time = t.elapsed();
    let nodes: usize = p.collection.games.iter().map(|g| g.node_count()).sum();
    println!(
        "parsed {nodes} nodes in {parse_time:?}, {} warnings",
        p.warnings.len()
    );
    let t = Instant::now();
    let out = p.collection.to_sgf();
    println!("wrote {} bytes in {:?}", out.len(), t.elapsed());
    let t = Instant::now();
    let g = tengen_sgf::GoGame::from_tree(&p.collection.games[0]).expect("typed");
    println!("typed view: {} moves in {:?}", g.moves.len(), t.elapsed());
}
