//! The proof-number search (df-pn, an experiment: docs/SOLVING.md, "The search") against the
//! alpha-beta: on every position of the reference tests and on the published small boards,
//! each null-window test must get the same answer ("is the value at least v?" true at the
//! value, false one above). Its table reuses a solved mark only for the same position with the
//! same set of earlier positions; a table that ignores the earlier positions gets answers
//! wrong under superko, which the last test shows on these same positions.

use tengen_core::{Board, Color, Rules};
use tengen_solve::{null_window_test, solve_position, SolveOptions, TestSearch};

mod support;
use support::{parse_rows, random_position, random_stream};

/// The positions of tests/reference.rs: its brute-forced small boards, its hand-worked ones and
/// its random positions (the same generator, fewer of them), each with every superko rule where
/// the reference varies it.
fn positions() -> Vec<(Board, Color, Rules)> {
    let rules = |ko: &str| -> Rules { format!("chinese,komi=0,ko={ko}").parse().unwrap() };
    let mut out = Vec::new();
    for ko in ["positional", "situational", "natural-situational"] {
        for rows in [
            "-",
            "--",
            "---",
            "x-o",
            "xx-o",
            "----",
            "--x-/--xx/xxx-/x-xx",
            "o-x-/-oxx/xxx-/x-xx",
            "oox-/o-xx/xxx-/x-xx",
            "x-x-/-oxx/xxx-/x-xx",
        ] {
            for to_move in [Color::Black, Color::White] {
                out.push((parse_rows(rows), to_move, rules(ko)));
            }
        }
    }
    out.push((parse_rows("-o/xo/oo"), Color::White, rules("positional")));
    out.push((parse_rows("-xx/o-x"), Color::White, rules("positional")));
    let mut rnd = random_stream(0x5eed);
    for _ in 0..60 {
        out.push(random_position(&mut rnd));
    }
    out
}

/// The settings each test runs under: the first depth limit (0: the points; small limits make
/// most runs end on leaves at the limit, whose marks must not outlive their run), the table
/// size (a small one makes entries replace each other) and the first node budget (1: runs that
/// stop half way).
const SETTINGS: [(usize, u32, u64); 4] = [(0, 16, 0), (1, 10, 0), (3, 12, 1), (2, 8, 5)];

/// The answers of `search` to "at least value" and "at least value + 1" where they differ from
/// the truth (true, false), under every setting, as readable lines.
fn wrong_answers(
    b: &Board,
    to_move: Color,
    rules: Rules,
    value: i32,
    search: TestSearch,
) -> Vec<String> {
    let mut wrong = Vec::new();
    for (first_depth, table_bits, first_budget) in SETTINGS {
        for (beta, want) in [(value, true), (value + 1, false)] {
            let options = SolveOptions {
                first_depth,
                table_bits,
                first_budget,
                ..SolveOptions::default()
            };
            let a = null_window_test(b, to_move, rules, beta, search, options).unwrap();
            if a.at_least != want {
                wrong.push(format!(
                    "{b:?} {to_move:?} to move, ko={}: value {value}, {search:?} says at least \
                     {beta} is {} (first depth {first_depth}, table 2^{table_bits}, first budget \
                     {first_budget})",
                    rules.ko.name(),
                    a.at_least
                ));
            }
        }
    }
    wrong
}

/// The value for the player to move, by the solver's alpha-beta (itself checked against plain
/// minimax and hand-worked values in tests/reference.rs).
fn value(b: &Board, to_move: Color, rules: Rules) -> i32 {
    let s = solve_position(b, to_move, rules, SolveOptions::default()).unwrap();
    if to_move == Color::Black {
        s.score
    } else {
        -s.score
    }
}

#[test]
fn proof_number_answers_equal_alpha_beta_on_reference_positions() {
    let mut wrong = Vec::new();
    for (b, to_move, rules) in positions() {
        let v = value(&b, to_move, rules);
        wrong.extend(wrong_answers(&b, to_move, rules, v, TestSearch::AlphaBeta));
        wrong.extend(wrong_answers(
            &b,
            to_move,
            rules,
            v,
            TestSearch::ProofNumber,
        ));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The published small boards of tests/data/solve/values.txt up to 7 points, 2x3 to 2x5 and 3x3, black
/// to move on the empty board: the proof-number search must prove "at least" the published
/// value and refute one more.
#[test]
fn proof_number_answers_published_values() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/solve/values.txt"
    );
    let text = std::fs::read_to_string(path).expect("the values file");
    let mut checked = 0;
    for l in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = l.split('|').map(str::trim).collect();
        let (w, h) = f[0].split_once('x').expect("WxH");
        let (w, h): (usize, usize) = (w.parse().unwrap(), h.parse().unwrap());
        // 1x8 and 1x9 take the proof-number search 20 to 30 s each (long ko lines).
        let small = w * h <= 7 || w == 2 && h <= 5 || (w, h) == (3, 3);
        if f[2] != "empty" || f[3] != "B" || !small {
            continue;
        }
        let rules: Rules = format!("chinese,komi=0,ko={}", f[1]).parse().unwrap();
        let v: i32 = match f[4] {
            "0" => 0,
            r => {
                let (c, n) = r.split_once('+').expect("B+n or W+n");
                let n: i32 = n.parse().unwrap();
                if c == "B" {
                    n
                } else {
                    -n
                }
            }
        };
        let b = Board::new(w, h).unwrap();
        let wrong = wrong_answers(&b, Color::Black, rules, v, TestSearch::ProofNumber);
        assert!(wrong.is_empty(), "{l}:\n{}", wrong.join("\n"));
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} published boards checked");
}

/// The mutation the comparison must catch: a table that reuses a solved mark for the same
/// position whatever the earlier positions (the graph-history interaction) gets some of these
/// answers wrong. If this fails, the positions above no longer exercise the history rule.
#[test]
fn history_blind_table_is_caught() {
    let mut wrong = 0;
    for (b, to_move, rules) in positions() {
        let v = value(&b, to_move, rules);
        wrong += wrong_answers(
            &b,
            to_move,
            rules,
            v,
            TestSearch::ProofNumberIgnoringHistory,
        )
        .len();
    }
    assert!(wrong > 0, "a history-blind table answered every test right");
}
