//! Deep variation trees: no recursion anywhere (parse, write, compare,
//! canonicalise, typed view, drop).

mod common;
use common::{assert_round_trip, parse_ok};
use tengen_sgf::GoGame;

const DEPTH: usize = 100_000;

#[test]
fn nested_variations_100k() {
    // (;B[aa](;W[bb](;B[aa]...))) : every level a one-node variation.
    let mut s = String::with_capacity(DEPTH * 10);
    s.push_str("(;SZ[9]");
    for i in 0..DEPTH {
        s.push_str(if i % 2 == 0 { "(;B[aa]" } else { "(;W[bb]" });
    }
    s.push_str(&")".repeat(DEPTH + 1));
    let p = parse_ok(s.as_bytes());
    assert!(p.warnings.is_empty());
    let t = &p.collection.games[0];
    assert_eq!(t.node_count(), DEPTH + 1);
    assert_eq!(t.main_line().count(), DEPTH + 1);
    let g = GoGame::from_tree(t).unwrap();
    assert_eq!(g.moves.len(), DEPTH);
    assert_round_trip(&p.collection);
}

#[test]
fn branching_at_every_level_100k() {
    // Every node has two children: a leaf and the next level.
    let mut s = String::with_capacity(DEPTH * 20);
    s.push_str("(;C[root]");
    for _ in 0..DEPTH {
        s.push_str("(;C[leaf])(;C[next]");
    }
    s.push_str(&")".repeat(DEPTH + 1));
    let p = parse_ok(s.as_bytes());
    let t = &p.collection.games[0];
    assert_eq!(t.node_count(), 2 * DEPTH + 1);
    let text = assert_round_trip(&p.collection);
    assert_eq!(text.matches('(').count(), 2 * DEPTH + 1);
    let clone = p.collection.clone();
    drop(p);
    drop(clone);
}

#[test]
fn only_open_parens_do_not_overflow() {
    let s = "(;".repeat(DEPTH);
    let p = parse_ok(s.as_bytes());
    assert_eq!(p.collection.games[0].node_count(), DEPTH);
    assert_round_trip(&p.collection);
}
