//! The coordinate parsers (GTP, kata, SGF) on arbitrary text and board sizes: never panic; a
//! point they accept is on the board and prints back to a text that reads to the same point.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tengen_core::coords;

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let w = data[0] % 52 + 1;
    let h = data[1] % 52 + 1;
    let Ok(text) = std::str::from_utf8(&data[2..]) else { return };
    if let Ok(p) = coords::from_gtp(text, w, h) {
        assert!(p.x < w && p.y < h);
        let back = coords::to_gtp(p, h).expect("a GTP column");
        assert_eq!(coords::from_gtp(&back, w, h), Ok(p));
    }
    if let Ok(p) = coords::from_kata(text, w, h) {
        assert!(p.x < w && p.y < h);
        let back = coords::to_kata(p, h).expect("a kata column");
        assert_eq!(coords::from_kata(&back, w, h), Ok(p));
    }
    if let Ok(Some(p)) = coords::from_sgf(text, w, h) {
        assert!(p.x < w && p.y < h);
        assert_eq!(coords::from_sgf(&coords::to_sgf(p), w, h), Ok(Some(p)));
    }
});
