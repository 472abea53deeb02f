//! A GTP session fed arbitrary bytes: never panics, always answers each command line, and the
//! engine's game stays consistent. `printsgf`/`loadsgf` files stay in a temporary folder.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut engine = tengen_gtp::Engine::new(tengen_core::Rules::default(), 1);
    let dir = std::env::temp_dir().join(format!("tengen-fuzz-gtp-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    engine.confine_files_to(dir);
    for line in text.lines().take(200) {
        if let Some(answer) = engine.handle_line(line) {
            assert!(answer.starts_with('=') || answer.starts_with('?'), "{answer:?}");
            assert!(answer.ends_with("\n\n"));
        }
        if engine.has_quit() {
            break;
        }
    }
    engine.game().check_consistency().expect("consistent after any session");
});
