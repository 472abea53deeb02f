//! No input panics the engine, and no refused command changes it.
//!
//! The random words include `printsgf` and `loadsgf`, so every engine here has its files confined
//! to a temporary folder: a test never writes into the source tree.

mod common;
use common::{engine, state};
use proptest::prelude::*;
use tengen_gtp::Engine;

/// `engine` with its `loadsgf`/`printsgf` files confined to `dir`.
fn confined(mut engine: Engine, dir: &tempfile::TempDir) -> Engine {
    engine.confine_files_to(dir.path());
    engine
}

/// Words that make up plausible and implausible commands.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(tengen_gtp::COMMANDS).prop_map(str::to_string),
        prop::sample::select(vec![
            "b",
            "w",
            "black",
            "white",
            "x",
            "pass",
            "resign",
            "PASS",
            "A1",
            "a1",
            "T19",
            "J9",
            "I9",
            "Z25",
            "Z99",
            "D4",
            "E5",
            "c3",
            "0",
            "1",
            "2",
            "3",
            "5",
            "9",
            "19",
            "25",
            "26",
            "-1",
            "7.5",
            "nan",
            "inf",
            "1e308",
            "18446744073709551616",
            "chinese",
            "tromp-taylor",
            "ko=positional",
            "komi=x",
            "alive",
            "dead",
            "loadsgf",
            "#",
            "\t",
            "\u{0}",
            "é",
        ])
        .prop_map(str::to_string),
        "[A-Za-z0-9]{0,4}",
    ]
}

fn command_line() -> impl Strategy<Value = String> {
    (
        proptest::option::of(0u32..1000),
        prop::collection::vec(word(), 1..6),
    )
        .prop_map(|(id, words)| {
            let line = words.join(" ");
            match id {
                Some(id) => format!("{id} {line}"),
                None => line,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn garbage_lines_never_panic_nor_change_the_board(
        setup in prop::collection::vec(command_line(), 0..20),
        garbage in prop::collection::vec("\\PC{0,40}|[\\x00-\\x7f]{0,40}", 1..20),
    ) {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut e = confined(engine("chinese"), &dir);
        e.handle_line("boardsize 7");
        for line in &setup {
            e.handle_line(line);
        }
        for line in &garbage {
            let before = state(&mut e);
            if let Some(answer) = e.handle_line(line) {
                prop_assert!(answer.ends_with("\n\n"));
                prop_assert!(answer.starts_with('=') || answer.starts_with('?'));
                if answer.starts_with('?') {
                    prop_assert_eq!(state(&mut e), before);
                }
            } else {
                prop_assert_eq!(state(&mut e), before);
            }
        }
    }

    #[test]
    fn random_command_sequences_never_panic_and_errors_change_nothing(
        lines in prop::collection::vec(command_line(), 1..60),
        seed in any::<u64>(),
    ) {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut e = confined(Engine::new(Default::default(), seed), &dir);
        e.handle_line("boardsize 5");
        for line in &lines {
            let before = state(&mut e);
            let answer = e.handle_line(line).unwrap_or_default();
            // Exactly one empty line, at the end.
            prop_assert!(answer.is_empty() || (answer.ends_with("\n\n") && !answer[..answer.len() - 2].contains("\n\n")));
            if answer.starts_with('?') {
                prop_assert_eq!(state(&mut e), before, "{}", line);
            }
            prop_assert!(e.game().check_consistency().is_ok());
        }
    }
}
