//! Arbitrary bytes → parse; if it reads, write → parse again must succeed,
//! give the canonical tree, and write the same bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tengen_sgf::{parse, Collection, GoGame};

fuzz_target!(|data: &[u8]| {
    let Ok(p) = parse(data) else { return };
    for g in &p.collection.games {
        let _ = GoGame::from_tree(g).map(|t| t.to_sgf());
    }
    let text = p.collection.to_sgf();
    let again = match parse(text.as_bytes()) {
        Ok(a) => a,
        Err(e) => panic!("written SGF does not read: {e}\n{text}"),
    };
    let canon = Collection {
        games: p
            .collection
            .games
            .iter()
            .map(|g| g.canonicalized())
            .collect(),
    };
    assert!(again.collection == canon, "tree changed:\n{text}");
    assert_eq!(again.collection.to_sgf(), text, "second write differs");
});
