//! Helpers for driving an [`Engine`] in tests.
#![allow(dead_code)]

use tengen_core::Rules;
use tengen_gtp::Engine;

/// A 19x19 engine under `rules`, seed 0.
pub fn engine(rules: &str) -> Engine {
    Engine::new(rules.parse::<Rules>().expect("test rules"), 0)
}

/// Sends `command`, asserts success, returns the body.
#[track_caller]
pub fn ok(engine: &mut Engine, command: &str) -> String {
    let answer = engine.handle_line(command).expect("an answer");
    assert!(answer.starts_with('='), "{command:?} failed: {answer:?}");
    assert!(answer.ends_with("\n\n"), "{answer:?}");
    let body = answer.trim_end_matches('\n');
    let body = body.split_once(' ').map_or("", |(_, b)| b);
    body.to_string()
}

/// Sends `command`, asserts failure, returns the message.
#[track_caller]
pub fn err(engine: &mut Engine, command: &str) -> String {
    let answer = engine.handle_line(command).expect("an answer");
    assert!(
        answer.starts_with('?'),
        "{command:?} should fail: {answer:?}"
    );
    answer
        .trim_end_matches('\n')
        .split_once(' ')
        .map_or("", |(_, b)| b)
        .to_string()
}

/// The board as the kata draws it: rows top first, `x`, `o`, `.` separated by spaces.
pub fn kata_board(engine: &mut Engine) -> Vec<String> {
    ok(engine, "gogui-rules_board")
        .lines()
        .map(|l| l.replace('X', "x").replace('O', "o"))
        .collect()
}

/// Turns a kata diagram (rows top first, `x`, `o`, `.`) into a `set_position` argument list.
pub fn setup_args(diagram: &[&str]) -> String {
    let height = diagram.len();
    let letters = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let mut out = Vec::new();
    for (y, row) in diagram.iter().enumerate() {
        for (x, cell) in row.split_whitespace().enumerate() {
            let color = match cell {
                "x" => "b",
                "o" => "w",
                _ => continue,
            };
            out.push(format!("{color} {}{}", letters[x] as char, height - y));
        }
    }
    out.join(" ")
}

/// A kata vertex (`7A`: row, then column letter) as a GTP vertex (`A7`).
pub fn kata_to_gtp(kata: &str) -> String {
    let (row, col) = kata.split_at(kata.len() - 1);
    format!("{}{row}", col.to_ascii_uppercase())
}

/// A snapshot of everything an error must leave alone.
pub fn state(engine: &mut Engine) -> Vec<String> {
    let mut all: Vec<String> = [
        "showboard",
        "gogui-rules_side_to_move",
        "kata-get-rules",
        "gogui-rules_board_size",
        "gogui-rules_captured_count",
        "gogui-rules_final_result",
        "gogui-rules_legal_moves",
    ]
    .iter()
    .map(|c| engine.handle_line(c).expect("an answer"))
    .collect();
    all.push(format!("{:?}", engine.game().moves()));
    all
}
