//! `tengen solve` through the built binary.

mod common;
use common::tengen;

#[test]
fn solve_prints_the_result_last_and_json_on_request() {
    // 2x2 at komi 0: B+1 (Sensei's Library, "2x2 board").
    let out = tengen(&["solve", "2x2"], "");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().last(), Some("B+1"), "{text}");
    assert!(text.contains("principal variation: B "), "{text}");
    // Komi is subtracted from the proven score: 1 - 1.5.
    let out = tengen(
        &["solve", "2x2", "--rules", "chinese-ogs,komi=1.5", "--json"],
        "",
    );
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["result"], "W+0.5");
    assert!(v["pv"].as_array().unwrap().len() >= 2);
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["seconds"].as_f64().is_some());
}

#[test]
fn first_guess_changes_the_work_not_the_result() {
    // 3x3 at komi 0: B+9 (van der Werf et al. 2003), from a first guess below, at and above
    // the value (clamped to the board's range), and the default.
    for guess in [None, Some("-9"), Some("9"), Some("40")] {
        let mut args = vec!["solve", "3x3", "--json"];
        if let Some(g) = guess {
            args.extend(["--first-guess", g]);
        }
        let out = tengen(&args, "");
        assert!(out.status.success(), "{guess:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["result"], "B+9", "{guess:?}");
    }
    let out = tengen(&["solve", "3x3", "--first-guess", "x"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn solve_refuses_rules_without_a_value() {
    for rules in ["japanese", "chinese"] {
        let out = tengen(&["solve", "2x2", "--rules", rules], "");
        assert_eq!(out.status.code(), Some(2), "{rules}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("tengen solve: cannot solve"), "{err}");
    }
    let out = tengen(&["solve", "9x9"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_table_too_big_for_memory_is_a_clear_error() {
    // 2^30 entries of about 390 bytes: some 400 GB. Where the system promises any amount of
    // memory (Linux overcommit mode 1) the reservation succeeds and nothing can be checked.
    if std::fs::read_to_string("/proc/sys/vm/overcommit_memory").is_ok_and(|m| m.trim() == "1") {
        return;
    }
    let out = tengen(&["solve", "2x2", "--table-bits", "30"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("tengen solve: a transposition table of 2^30 entries (about ")
            && err.contains("does not fit in memory")
            && err.contains("--table-bits"),
        "{err}"
    );
}
