//! The SGF reader on arbitrary bytes: never panics; what it reads, it writes and reads back to
//! the same tree; games it can read replay through the engine or fail with an error.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(parsed) = tengen_sgf::parse(data) {
        let text = tengen_sgf::write_collection(&parsed.collection);
        let again = tengen_sgf::parse_str(&text).expect("our own output reads back");
        assert_eq!(tengen_sgf::write_collection(&again.collection), text);
    }
    if let Ok((games, _)) = tengen_sgf::read_go_games(data) {
        for g in games.iter().take(4) {
            let _ = tengen_sgf::game::game_from_sgf(g, tengen_core::Rules::default());
        }
    }
});
