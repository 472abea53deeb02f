//! Helpers shared by the subcommands.

use tengen_core::Rules;

/// Reads a `--rules` value (a preset, `key=value` pairs, or both; see docs/INTERFACES.md).
pub fn parse_rules(text: &str) -> Result<Rules, String> {
    text.parse::<Rules>().map_err(|e| e.to_string())
}

/// A `--rules` value given for a record (`tengen score`): the rules, and whether the text named
/// the komi itself (`chinese,komi=7.5`). Where it did not, the record's own `KM` stays the komi:
/// a preset's komi is the default of a new game, not what a recorded game was played with.
#[derive(Clone, Copy, Debug)]
pub struct RecordRules {
    /// The rules the text gives (a preset's komi where it names none).
    pub rules: Rules,
    /// Whether the text set `komi=…` itself.
    pub komi_given: bool,
}

/// Reads a `--rules` value for a record (see [`RecordRules`]).
pub fn parse_record_rules(text: &str) -> Result<RecordRules, String> {
    Ok(RecordRules {
        rules: parse_rules(text)?,
        komi_given: Rules::text_sets(text, "komi"),
    })
}

/// Reads a board size written `WxH` (`9x9`, `4x3`) or a single side `N` for a square board.
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

/// Reads an amount of memory or output: bytes, or with a suffix `K`, `M`, `G`, `T` (powers of
/// 1024; `512M`, `8G`, `1.5G`).
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let err = || format!("expected a size such as 512M or 8G, got {text:?}");
    let t = text.trim().to_ascii_uppercase();
    let t = t.strip_suffix('B').unwrap_or(&t);
    let (number, unit) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&t[..i], c),
        _ => (t, ' '),
    };
    let scale = match unit {
        ' ' => 1u64,
        'K' => 1 << 10,
        'M' => 1 << 20,
        'G' => 1 << 30,
        'T' => 1 << 40,
        _ => return Err(err()),
    };
    let n: f64 = number.trim().parse().map_err(|_| err())?;
    if !n.is_finite() || n < 0.0 || n * scale as f64 >= u64::MAX as f64 {
        return Err(err());
    }
    Ok((n * scale as f64) as u64)
}

/// A byte count as people read it, in the units `--max-memory` takes (powers of 1024):
/// `512 B`, `3.2 MiB`, `6.0 GiB`.
pub fn human_bytes(bytes: f64) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut v = bytes;
    let mut i = 0;
    while v >= 1024.0 && i + 1 < units.len() {
        v /= 1024.0;
        i += 1;
    }
    if i == 0 {
        format!("{v:.0} {}", units[i])
    } else if v >= 1024.0 {
        format!("{v:.1e} {}", units[i])
    } else {
        format!("{v:.1} {}", units[i])
    }
}

/// Half of this machine's memory (Linux `MemTotal`), or 4 GiB when the system does not say:
/// the default `--max-memory`.
pub fn default_max_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            let line = m.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kb * 1024 / 2)
        })
        .unwrap_or(4 << 30)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_their_units() {
        assert_eq!(parse_bytes("512"), Ok(512));
        assert_eq!(parse_bytes("2k"), Ok(2048));
        assert_eq!(parse_bytes("512M"), Ok(512 * 1024 * 1024));
        assert_eq!(parse_bytes("1.5G"), Ok(3 << 29));
        assert_eq!(parse_bytes("8GB"), Ok(8 << 30));
        assert!(parse_bytes("-1G").is_err());
        assert!(parse_bytes("lots").is_err());
        assert!(parse_bytes("1e30T").is_err());
        assert_eq!(human_bytes(512.0), "512 B");
        assert_eq!(human_bytes(1024.0 * 1024.0 * 1024.0), "1.0 GiB");
        assert_eq!(human_bytes(1.5 * 1024.0 * 1024.0), "1.5 MiB");
    }
}
