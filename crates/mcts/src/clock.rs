//! Time management: how long one move may think, from GTP `time_settings`, `kgs-time_settings`
//! and `time_left`.

use std::fmt;
use tengen_core::Color;

/// The time system of a game (GTP v2 `time_settings` and KGS's `kgs-time_settings`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TimeSystem {
    /// No clock: the engine's own per-move budget applies.
    None,
    /// Main time only, in seconds: the game is lost when it runs out.
    Absolute {
        /// Main time in seconds.
        main: f64,
    },
    /// Main time, then periods of `time` seconds for `stones` moves each (Canadian byo-yomi, the
    /// GTP v2 system).
    Canadian {
        /// Main time in seconds.
        main: f64,
        /// Seconds of one byo-yomi period.
        time: f64,
        /// Moves to play in one period.
        stones: u32,
    },
    /// Main time, then `periods` periods of `time` seconds, one move each (Japanese byo-yomi).
    Byoyomi {
        /// Main time in seconds.
        main: f64,
        /// Seconds of one period.
        time: f64,
        /// Number of periods.
        periods: u32,
    },
}

/// A bad time command: what was wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeError(&'static str);

impl fmt::Display for TimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for TimeError {}

/// The game's clock as the controller reports it.
#[derive(Debug, Clone, PartialEq)]
pub struct Clock {
    system: TimeSystem,
    /// `time_left`: (seconds, stones) per color, black then white.
    left: [Option<(f64, u32)>; 2],
    /// Seconds kept in hand for the time a move takes to travel (lag).
    pub margin: f64,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            system: TimeSystem::None,
            left: [None, None],
            margin: 0.25,
        }
    }
}

fn seconds(text: &str) -> Result<f64, TimeError> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(TimeError("time must be a number of seconds, 0 or more")),
    }
}

fn count(text: &str) -> Result<u32, TimeError> {
    text.parse::<u32>()
        .map_err(|_| TimeError("stones and periods must be whole numbers, 0 or more"))
}

impl Clock {
    /// The time system in force.
    pub fn system(&self) -> TimeSystem {
        self.system
    }

    /// GTP `time_settings MAIN BYO_YOMI_TIME BYO_YOMI_STONES`. Per GTP v2, a byo-yomi time with
    /// 0 stones means no time limit; all zeros too.
    pub fn time_settings(&mut self, args: &[&str]) -> Result<(), TimeError> {
        let [m, t, s] = args else {
            return Err(TimeError(
                "expected: time_settings MAIN BYO_YOMI_TIME BYO_YOMI_STONES",
            ));
        };
        let (main, time, stones) = (seconds(m)?, seconds(t)?, count(s)?);
        self.system = if stones == 0 && (time > 0.0 || main == 0.0) {
            TimeSystem::None
        } else if stones == 0 {
            TimeSystem::Absolute { main }
        } else {
            TimeSystem::Canadian { main, time, stones }
        };
        self.left = [None, None];
        Ok(())
    }

    /// KGS `kgs-time_settings none | absolute MAIN | byoyomi MAIN TIME PERIODS | canadian MAIN
    /// TIME STONES`.
    pub fn kgs_time_settings(&mut self, args: &[&str]) -> Result<(), TimeError> {
        self.system = match args {
            ["none"] => TimeSystem::None,
            ["absolute", m] => TimeSystem::Absolute { main: seconds(m)? },
            ["byoyomi", m, t, p] => TimeSystem::Byoyomi {
                main: seconds(m)?,
                time: seconds(t)?,
                periods: count(p)?,
            },
            ["canadian", m, t, s] => TimeSystem::Canadian {
                main: seconds(m)?,
                time: seconds(t)?,
                stones: count(s)?.max(1),
            },
            _ => {
                return Err(TimeError(
                    "expected: kgs-time_settings none | absolute MAIN | byoyomi MAIN TIME PERIODS | canadian MAIN TIME STONES",
                ))
            }
        };
        self.left = [None, None];
        Ok(())
    }

    /// GTP `time_left COLOR TIME STONES`: `STONES` 0 means main time (or absolute time), more
    /// means byo-yomi with that many moves (periods under Japanese byo-yomi) in `TIME`.
    pub fn time_left(&mut self, color: Color, time: &str, stones: &str) -> Result<(), TimeError> {
        let (t, s) = (seconds(time)?, count(stones)?);
        self.left[color.index()] = Some((t, s));
        Ok(())
    }

    /// Whether a clock is set, so that it rather than the engine's own budget decides.
    pub fn is_active(&self) -> bool {
        self.system != TimeSystem::None
    }

    /// Seconds `color` may think about its next move, when `empty` points are left on the board;
    /// `None` when there is no clock.
    ///
    /// Main time is spread over the moves still expected (half the empty points, at least 15),
    /// one byo-yomi period's share is added, and a margin for lag is kept.
    ///
    /// ```
    /// use tengen_core::Color;
    /// use tengen_mcts::Clock;
    /// let mut clock = Clock::default();
    /// clock.time_settings(&["0", "30", "10"]).unwrap(); // 10 moves in 30 s
    /// clock.time_left(Color::Black, "30", "10").unwrap();
    /// let s = clock.budget(Color::Black, 81).unwrap();
    /// assert!(s > 2.5 && s < 3.0, "{s}");
    /// ```
    pub fn budget(&self, color: Color, empty: usize) -> Option<f64> {
        let (main, byo_time, byo_stones) = match self.system {
            TimeSystem::None => return None,
            TimeSystem::Absolute { main } => (main, 0.0, 1),
            TimeSystem::Canadian { main, time, stones } => (main, time, stones.max(1)),
            TimeSystem::Byoyomi {
                main,
                time,
                periods,
            } => (main, if periods > 0 { time } else { 0.0 }, 1),
        };
        let moves_left = (empty / 2).max(15) as f64;
        let japanese = matches!(self.system, TimeSystem::Byoyomi { .. });
        let secs = match self.left[color.index()] {
            // In byo-yomi (Canadian: `s` moves in `t`; Japanese: `t` is the current period).
            Some((t, s)) if s > 0 => {
                if japanese {
                    t.min(byo_time.max(t))
                } else {
                    t / f64::from(s)
                }
            }
            Some((t, _)) => t / moves_left + byo_time / f64::from(byo_stones),
            None => main / moves_left + byo_time / f64::from(byo_stones),
        };
        let in_hand = match self.left[color.index()] {
            Some((t, s)) if s > 0 => t,
            Some((t, _)) => t + byo_time,
            None => main + byo_time,
        };
        let secs = secs.min(in_hand * 0.5).min(in_hand - self.margin) - self.margin * 0.5;
        Some(secs.max(0.02))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_time_limit_forms() {
        let mut c = Clock::default();
        c.time_settings(&["0", "0", "0"]).unwrap();
        assert_eq!(c.budget(Color::Black, 81), None);
        c.time_settings(&["60", "5", "0"]).unwrap(); // byo time with 0 stones: no limit
        assert_eq!(c.budget(Color::Black, 81), None);
        c.kgs_time_settings(&["none"]).unwrap();
        assert!(!c.is_active());
    }

    #[test]
    fn absolute_time_is_spread_over_the_moves_left() {
        let mut c = Clock::default();
        c.time_settings(&["300", "0", "0"]).unwrap();
        c.time_left(Color::White, "120", "0").unwrap();
        // 81 empty: 40 moves left; 120 / 40 = 3 s, less half the 0.25 s margin.
        let s = c.budget(Color::White, 81).unwrap();
        assert!((s - 2.875).abs() < 1e-9, "{s}");
        // Black has no time_left yet: 300 / 40 = 7.5 s.
        let s = c.budget(Color::Black, 81).unwrap();
        assert!((s - 7.375).abs() < 1e-9, "{s}");
    }

    #[test]
    fn nearly_out_of_time_still_moves_fast() {
        let mut c = Clock::default();
        c.kgs_time_settings(&["byoyomi", "0", "1", "1"]).unwrap();
        c.time_left(Color::Black, "0.3", "1").unwrap();
        let s = c.budget(Color::Black, 20).unwrap();
        assert!(s <= 0.15, "{s}");
    }

    #[test]
    fn bad_arguments_change_nothing() {
        let mut c = Clock::default();
        c.time_settings(&["10", "5", "2"]).unwrap();
        let before = c.clone();
        assert!(c.time_settings(&["x", "1", "1"]).is_err());
        assert!(c.kgs_time_settings(&["weird"]).is_err());
        assert!(c.time_left(Color::Black, "-1", "0").is_err());
        assert_eq!(c, before);
    }
}
