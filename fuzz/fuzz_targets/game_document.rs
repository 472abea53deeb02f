//! The JSON game document (the state kept between requests): never panics on arbitrary text;
//! a document it accepts writes back to one that restores the same state.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tengen_scoring::ScoringGame;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(game) = ScoringGame::from_json(text) {
        let json = game.to_json();
        let again = ScoringGame::from_json(&json).expect("our own document restores");
        assert_eq!(again.to_json(), json);
    }
});
