#![allow(dead_code)]
//! Helpers shared by the integration tests.

use tengen_sgf::{parse, Collection, Parsed};

/// Reads a fixture from `tests/data/sgf/` at the workspace root.
pub fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/../../tests/data/sgf/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

pub fn parse_ok(bytes: &[u8]) -> Parsed {
    match parse(bytes) {
        Ok(p) => p,
        Err(e) => panic!("parse failed: {e}\n{}", String::from_utf8_lossy(bytes)),
    }
}

/// parse → write → parse: the second tree equals the canonical first, and
/// writing again is byte-identical. Returns the written text.
pub fn assert_round_trip(c: &Collection) -> String {
    let text = c.to_sgf();
    let again = parse_ok(text.as_bytes());
    let canon = Collection {
        games: c.games.iter().map(|g| g.canonicalized()).collect(),
    };
    assert_eq!(
        again.collection, canon,
        "tree changed through a round trip:\n{text}"
    );
    assert!(
        again.warnings.is_empty(),
        "warnings on our own output: {:?}\n{text}",
        again.warnings
    );
    let text2 = again.collection.to_sgf();
    assert_eq!(text, text2, "second write differs");
    text
}
