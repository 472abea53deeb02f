//! Helpers shared by the subcommands.

use tengen_core::Rules;

/// Reads a `--rules` value (a preset, `key=value` pairs, or both; see interfaces.md).
pub fn parse_rules(text: &str) -> Result<Rules, String> {
    text.parse::<Rules>().map_err(|e| e.to_string())
}

/// Reads a board size written `WxH` (`9x9`, `4x3`) or a single side `N` for a square board.
#[allow(dead_code)] // for `count` and `enumerate`, which are not written yet
pub fn parse_dims(text: &str) -> Result<(usize, usize), String> {
    let err = || format!("expected a size such as 9x9 or 4x3, got {text:?}");
    let lower = text.to_ascii_lowercase();
    match lower.split_once('x') {
        Some((w, h)) => Ok((
            w.trim().parse().map_err(|_| err())?,
            h.trim().parse().map_err(|_| err())?,
        )),
        None => {
            let n: usize = lower.trim().parse().map_err(|_| err())?;
            Ok((n, n))
        }
    }
}
