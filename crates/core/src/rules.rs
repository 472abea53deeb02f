//! Rules of play and of counting, their presets, and their text form.
//!
//! The text form is the one of docs/INTERFACES.md: a preset name (`japanese`, `tromp-taylor`, …), or a
//! preset followed by `key=value` overrides (`japanese,komi=0`), or the pairs alone over `chinese`.
//! Printing always gives the full pairs list.
//!
//! ```
//! use tengen_core::{KoRule, Rules};
//! let r: Rules = "japanese,komi=0".parse().unwrap();
//! assert_eq!(r.ko, KoRule::Simple);
//! assert_eq!(r.to_string(), "ko=simple,suicide=forbidden,scoring=territory,komi=0,handicap-bonus=0");
//! ```

use std::fmt;
use std::str::FromStr;

/// Which repetitions of the position are forbidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum KoRule {
    /// No repetition is forbidden.
    None,
    /// A move may not recreate the position that stood before the opponent's last turn.
    Simple,
    /// A move may not recreate any earlier position.
    Positional,
    /// A move may not recreate an earlier position with the same player to move.
    Situational,
    /// Situational superko where positions created by a pass do not count.
    NaturalSituational,
}

impl KoRule {
    /// The name used in the text form.
    pub const fn name(self) -> &'static str {
        match self {
            KoRule::None => "none",
            KoRule::Simple => "simple",
            KoRule::Positional => "positional",
            KoRule::Situational => "situational",
            KoRule::NaturalSituational => "natural-situational",
        }
    }

    /// Whether this is one of the superko rules, which need the whole history.
    pub const fn is_superko(self) -> bool {
        matches!(
            self,
            KoRule::Positional | KoRule::Situational | KoRule::NaturalSituational
        )
    }
}

/// How the result is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Scoring {
    /// Stones on the board plus surrounded empty points (Chinese, AGA, Tromp-Taylor).
    Area,
    /// Surrounded empty points plus prisoners and dead stones (Japanese, Korean).
    Territory,
    /// Stones on the board only (the ancient rule).
    Stone,
}

impl Scoring {
    /// The name used in the text form.
    pub const fn name(self) -> &'static str {
        match self {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
            Scoring::Stone => "stone",
        }
    }
}

/// What white receives for black's handicap stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HandicapBonus {
    /// Nothing.
    Zero,
    /// One point per handicap stone.
    N,
    /// One point per handicap stone after the first.
    NMinusOne,
}

impl HandicapBonus {
    /// The name used in the text form.
    pub const fn name(self) -> &'static str {
        match self {
            HandicapBonus::Zero => "0",
            HandicapBonus::N => "n",
            HandicapBonus::NMinusOne => "n-1",
        }
    }

    /// The bonus for `stones` handicap stones (a game with 0 or 1 stone has no handicap).
    pub fn points(self, stones: u32) -> u32 {
        if stones < 2 {
            return 0;
        }
        match self {
            HandicapBonus::Zero => 0,
            HandicapBonus::N => stones,
            HandicapBonus::NMinusOne => stones - 1,
        }
    }
}

/// Everything that decides which moves are legal and how the game is counted.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// The ko rule.
    pub ko: KoRule,
    /// Whether a move that leaves its own group without liberties is allowed (it then removes
    /// that group).
    pub suicide_allowed: bool,
    /// The counting method.
    pub scoring: Scoring,
    /// Points given to white.
    pub komi: f64,
    /// White's compensation for handicap stones.
    pub handicap_bonus: HandicapBonus,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::CHINESE
    }
}

/// A rules text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError {
    /// Not a preset name.
    UnknownPreset(String),
    /// Not a known key.
    UnknownKey(String),
    /// A known key with a value it does not take.
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
    },
    /// A pair without `=`.
    NotAPair(String),
}

const PRESETS: &str = "chinese, chinese-ogs, chinese-kgs, japanese, korean, aga, bga, french, new-zealand, nz, tromp-taylor, goe, ing, stone-scoring, simple";
const KEYS: &str = "ko, suicide, scoring, komi, handicap-bonus";

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownPreset(p) => {
                write!(
                    f,
                    "unknown rules {p:?}; known presets: {PRESETS}; or key=value pairs ({KEYS})"
                )
            }
            RulesError::UnknownKey(k) => write!(f, "unknown rules key {k:?}; known keys: {KEYS}"),
            RulesError::BadValue { key, value } => {
                let accepted = match key.as_str() {
                    "ko" => "none, simple, positional, situational, natural-situational",
                    "suicide" => "forbidden, allowed",
                    "scoring" => "area, territory, stone",
                    "komi" => "a number such as 6.5 (a multiple of 0.5)",
                    _ => "0, n, n-1",
                };
                write!(f, "bad value {value:?} for {key}; accepted: {accepted}")
            }
            RulesError::NotAPair(t) => {
                write!(f, "expected key=value, got {t:?}; known keys: {KEYS}")
            }
        }
    }
}

impl std::error::Error for RulesError {}

fn squash(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

impl Rules {
    /// Chinese rules: simple ko, no suicide, area, komi 7.5, bonus n. The default.
    pub const CHINESE: Rules = Rules {
        ko: KoRule::Simple,
        suicide_allowed: false,
        scoring: Scoring::Area,
        komi: 7.5,
        handicap_bonus: HandicapBonus::N,
    };
    /// Japanese and Korean rules: simple ko, no suicide, territory, komi 6.5, no bonus.
    pub const JAPANESE: Rules = Rules {
        ko: KoRule::Simple,
        suicide_allowed: false,
        scoring: Scoring::Territory,
        komi: 6.5,
        handicap_bonus: HandicapBonus::Zero,
    };
    /// Tromp-Taylor rules: positional superko, suicide allowed, area, komi 7.5.
    pub const TROMP_TAYLOR: Rules = Rules {
        ko: KoRule::Positional,
        suicide_allowed: true,
        scoring: Scoring::Area,
        komi: 7.5,
        handicap_bonus: HandicapBonus::Zero,
    };
    /// The rules of the Go kata ([`crate::kata`]): simple ko, no suicide, area, no komi.
    pub const SIMPLE: Rules = Rules {
        ko: KoRule::Simple,
        suicide_allowed: false,
        scoring: Scoring::Area,
        komi: 0.0,
        handicap_bonus: HandicapBonus::Zero,
    };

    /// The preset of this name (case-insensitive; `-`, `_`, a space or nothing between words).
    pub fn preset(name: &str) -> Option<Rules> {
        let r = match squash(name).as_str() {
            "chinese" => Rules::CHINESE,
            "chineseogs" | "chinesekgs" => Rules {
                ko: KoRule::Positional,
                ..Rules::CHINESE
            },
            "japanese" | "korean" => Rules::JAPANESE,
            "aga" | "bga" | "french" => Rules {
                ko: KoRule::Situational,
                handicap_bonus: HandicapBonus::NMinusOne,
                ..Rules::CHINESE
            },
            "newzealand" | "nz" => Rules {
                ko: KoRule::Situational,
                suicide_allowed: true,
                komi: 7.0,
                handicap_bonus: HandicapBonus::Zero,
                ..Rules::CHINESE
            },
            "tromptaylor" | "goe" | "ing" => Rules::TROMP_TAYLOR,
            "stonescoring" => Rules {
                scoring: Scoring::Stone,
                handicap_bonus: HandicapBonus::Zero,
                ..Rules::CHINESE
            },
            "simple" => Rules::SIMPLE,
            _ => return None,
        };
        Some(r)
    }

    /// Whether a rules text (as [`Rules::from_str`](std::str::FromStr) reads it) sets `key`
    /// itself rather than leaving it to the preset. Keys are compared as the parser compares
    /// them (case, `-`, `_` and spaces do not count).
    ///
    /// ```
    /// use tengen_core::Rules;
    /// assert!(Rules::text_sets("japanese,komi=0", "komi"));
    /// assert!(Rules::text_sets("chinese, Komi = 2", "komi"));
    /// assert!(!Rules::text_sets("japanese", "komi"));
    /// assert!(Rules::text_sets("chinese,handicap_bonus=0", "handicap-bonus"));
    /// ```
    pub fn text_sets(text: &str, key: &str) -> bool {
        let key = squash(key);
        text.split(',')
            .filter_map(|part| part.split_once('='))
            .any(|(k, _)| squash(k) == key)
    }

    /// Applies one `key=value` override.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let bad = || RulesError::BadValue {
            key: key.trim().to_ascii_lowercase(),
            value: value.to_string(),
        };
        let v = value.trim();
        match squash(key).as_str() {
            "ko" => {
                self.ko = match squash(v).as_str() {
                    "none" => KoRule::None,
                    "simple" => KoRule::Simple,
                    "positional" => KoRule::Positional,
                    "situational" => KoRule::Situational,
                    "naturalsituational" => KoRule::NaturalSituational,
                    _ => return Err(bad()),
                }
            }
            "suicide" => {
                self.suicide_allowed = match squash(v).as_str() {
                    "forbidden" => false,
                    "allowed" => true,
                    _ => return Err(bad()),
                }
            }
            "scoring" => {
                self.scoring = match squash(v).as_str() {
                    "area" => Scoring::Area,
                    "territory" => Scoring::Territory,
                    "stone" => Scoring::Stone,
                    _ => return Err(bad()),
                }
            }
            "komi" => {
                let k: f64 = v.parse().map_err(|_| bad())?;
                self.komi = check_komi(k).map_err(|_| bad())?;
            }
            "handicapbonus" => {
                self.handicap_bonus = match v.to_ascii_lowercase().as_str() {
                    "0" | "none" => HandicapBonus::Zero,
                    "n" => HandicapBonus::N,
                    "n-1" | "n1" => HandicapBonus::NMinusOne,
                    _ => return Err(bad()),
                }
            }
            _ => return Err(RulesError::UnknownKey(key.trim().to_string())),
        }
        Ok(())
    }
}

/// The largest komi, in size, that tengen plays with: far beyond any real game (a 25x25 board has
/// 625 points), small enough that every score stays exact in an `f64` and prints as a number.
pub const MAX_KOMI: f64 = 10_000.0;

/// A komi tengen refuses: not finite, larger in size than [`MAX_KOMI`], or not a multiple of 0.5
/// (every count is a whole number of points, so half a point is the finest komi a result needs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BadKomi(pub f64);

impl fmt::Display for BadKomi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "komi {} refused: it must be a multiple of 0.5 from -{MAX_KOMI} to {MAX_KOMI}",
            self.0
        )
    }
}

impl std::error::Error for BadKomi {}

/// Checks a komi where it enters (rules text, GTP, SGF `KM`, the HTTP API): the value back when
/// tengen plays with it, else [`BadKomi`].
///
/// ```
/// use tengen_core::rules::check_komi;
/// assert_eq!(check_komi(6.5), Ok(6.5));
/// assert_eq!(check_komi(-3.0), Ok(-3.0));
/// assert!(check_komi(6.25).is_err());
/// assert!(check_komi(-1e308).is_err());
/// assert!(check_komi(f64::NAN).is_err());
/// ```
pub fn check_komi(komi: f64) -> Result<f64, BadKomi> {
    if komi.is_finite() && (komi * 2.0).fract() == 0.0 && komi.abs() <= MAX_KOMI {
        Ok(komi)
    } else {
        Err(BadKomi(komi))
    }
}

/// Formats komi as the shortest decimal: `7.5`, `0`, `-3`.
pub fn format_komi(komi: f64) -> String {
    if komi.fract() == 0.0 {
        format!("{}", komi as i64)
    } else {
        format!("{komi}")
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ko={},suicide={},scoring={},komi={},handicap-bonus={}",
            self.ko.name(),
            if self.suicide_allowed {
                "allowed"
            } else {
                "forbidden"
            },
            self.scoring.name(),
            format_komi(self.komi),
            self.handicap_bonus.name()
        )
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    fn from_str(text: &str) -> Result<Rules, RulesError> {
        let mut parts = text.split(',').map(str::trim).peekable();
        let mut rules = Rules::CHINESE;
        if let Some(first) = parts.peek() {
            if !first.contains('=') {
                rules = Rules::preset(first)
                    .ok_or_else(|| RulesError::UnknownPreset(first.to_string()))?;
                parts.next();
            }
        }
        for part in parts {
            if part.is_empty() {
                continue;
            }
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| RulesError::NotAPair(part.to_string()))?;
            rules.set(k, v)?;
        }
        Ok(rules)
    }
}
