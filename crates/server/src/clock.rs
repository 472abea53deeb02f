//! Game clocks: the time controls of the HTTP contract and their arithmetic, in whole
//! milliseconds, driven by the timestamps of a game's events (so a rebuilt game has the same
//! clocks as the live one, and a restart never resets them).
//!
//! No clock runs before the first move; from then on the clock of the player to move runs from
//! the moment the previous move was accepted. Clocks stop in the scoring phase.

use serde::{Deserialize, Serialize};
use tengen_core::Color;

/// A time control as given at creation (seconds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default, utoipa::ToSchema)]
#[serde(tag = "system", rename_all = "lowercase", deny_unknown_fields)]
pub enum TimeControl {
    /// No clock.
    #[default]
    None,
    /// `main` seconds for the whole game.
    Absolute {
        /// Main time.
        main: f64,
    },
    /// After the main time, each move within `period` seconds; a period that runs out uses one
    /// of the `periods`.
    Byoyomi {
        /// Main time (may be 0).
        main: f64,
        /// Number of periods.
        periods: u32,
        /// Seconds per period.
        period: f64,
    },
    /// After the main time, `stones` moves within `period` seconds, then a new period.
    Canadian {
        /// Main time (may be 0).
        main: f64,
        /// Moves per period.
        stones: u32,
        /// Seconds per period.
        period: f64,
    },
    /// `increment` seconds added after each of the player's moves, never beyond `max`.
    Fischer {
        /// Main time.
        main: f64,
        /// Seconds added after each move.
        increment: f64,
        /// The most time a player may bank.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<f64>,
    },
}

/// Longest setting accepted, in seconds (30 days).
const MAX_SECONDS: f64 = 30.0 * 86400.0;

fn ms(seconds: f64) -> i64 {
    (seconds * 1000.0).round() as i64
}

impl TimeControl {
    /// Reads and checks the `time` of a creation request; the message says what is wrong.
    pub fn from_value(v: serde_json::Value) -> Result<TimeControl, String> {
        let tc: TimeControl = serde_json::from_value(v).map_err(|e| format!("time: {e}"))?;
        let secs = |name: &str, x: f64, zero_ok: bool| -> Result<(), String> {
            if !x.is_finite() || !(0.0..=MAX_SECONDS).contains(&x) || (x == 0.0 && !zero_ok) {
                let want = if zero_ok { "0 or more" } else { "more than 0" };
                return Err(format!(
                    "time: {name} must be {want} seconds, at most 30 days"
                ));
            }
            Ok(())
        };
        let count = |name: &str, n: u32| -> Result<(), String> {
            if n == 0 || n > 1000 {
                return Err(format!("time: {name} must be 1 to 1000"));
            }
            Ok(())
        };
        match &tc {
            TimeControl::None => {}
            TimeControl::Absolute { main } => secs("main", *main, false)?,
            TimeControl::Byoyomi {
                main,
                periods,
                period,
            } => {
                secs("main", *main, true)?;
                count("periods", *periods)?;
                secs("period", *period, false)?;
            }
            TimeControl::Canadian {
                main,
                stones,
                period,
            } => {
                secs("main", *main, true)?;
                count("stones", *stones)?;
                secs("period", *period, false)?;
            }
            TimeControl::Fischer {
                main,
                increment,
                max,
            } => {
                secs("main", *main, false)?;
                secs("increment", *increment, false)?;
                if let Some(m) = max {
                    secs("max", *m, false)?;
                    if m < main {
                        return Err("time: max must be at least main".into());
                    }
                }
            }
        }
        Ok(tc)
    }
}

/// One player's time, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SideClock {
    /// Main time left.
    pub main: i64,
    /// Byo-yomi periods left, the current one included.
    pub periods: u32,
    /// Time left in the current period (byo-yomi, Canadian).
    pub period: i64,
    /// Moves left to make in the current Canadian period.
    pub stones: u32,
}

/// Both clocks of a game with a time control.
#[derive(Debug, Clone, PartialEq)]
pub struct Clock {
    tc: TimeControl,
    sides: [SideClock; 2],
    running: Option<Color>,
    since: i64,
}

/// A clock as the state shows it (seconds).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct SideView {
    /// Main time left.
    pub main: f64,
    /// Byo-yomi periods left (null for other systems).
    #[schema(required = true)]
    pub periods: Option<u32>,
    /// Time left in the current period (byo-yomi, Canadian; else null).
    #[schema(required = true)]
    pub period: Option<f64>,
    /// Canadian moves left in the current period (else null).
    #[schema(required = true)]
    pub stones: Option<u32>,
}

/// Both clocks as the state shows them, as of `at`.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct ClockView {
    /// Black's clock.
    pub black: SideView,
    /// White's clock.
    pub white: SideView,
    /// Whose clock runs.
    #[schema(required = true)]
    pub running: Option<Color>,
    /// The server's clock, milliseconds since the epoch.
    pub at: i64,
}

impl Clock {
    /// The clocks of a new game, or `None` without a time control.
    pub fn new(tc: &TimeControl) -> Option<Clock> {
        let side = match *tc {
            TimeControl::None => return None,
            TimeControl::Absolute { main } | TimeControl::Fischer { main, .. } => SideClock {
                main: ms(main),
                periods: 0,
                period: 0,
                stones: 0,
            },
            TimeControl::Byoyomi {
                main,
                periods,
                period,
            } => SideClock {
                main: ms(main),
                periods,
                period: ms(period),
                stones: 0,
            },
            TimeControl::Canadian {
                main,
                stones,
                period,
            } => SideClock {
                main: ms(main),
                periods: 0,
                period: ms(period),
                stones,
            },
        };
        Some(Clock {
            tc: tc.clone(),
            sides: [side; 2],
            running: None,
            since: 0,
        })
    }

    /// Whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running
    }

    /// `color`'s clock as last settled.
    pub fn side(&self, color: Color) -> SideClock {
        self.sides[color.index()]
    }

    /// Time `color` may still use from the settled state `s`, overtime included.
    fn left(&self, s: &SideClock) -> i64 {
        match self.tc {
            TimeControl::Byoyomi { period, .. } => {
                if s.periods == 0 {
                    s.main
                } else {
                    s.main + s.period + i64::from(s.periods - 1) * ms(period)
                }
            }
            TimeControl::Canadian { .. } => s.main + s.period,
            _ => s.main,
        }
    }

    /// Milliseconds `color` may still think as of `now`, overtime included (their clock need
    /// not run).
    pub fn time_left(&self, color: Color, now: i64) -> i64 {
        match self.deadline() {
            Some((c, at)) if c == color => at - now,
            _ => self.left(&self.sides[color.index()]),
        }
    }

    /// When the running clock runs out (ms since the epoch), or `None` when none runs.
    pub fn deadline(&self) -> Option<(Color, i64)> {
        let c = self.running?;
        Some((c, self.since + self.left(&self.sides[c.index()])))
    }

    /// `s` after `elapsed` ms of thinking; `end_of_move` applies what a move made in time
    /// earns (a fresh byo-yomi period, a Canadian stone counted, the Fischer increment).
    fn charge(&self, mut s: SideClock, elapsed: i64, end_of_move: bool) -> SideClock {
        let elapsed = elapsed.max(0);
        match self.tc {
            TimeControl::None => {}
            TimeControl::Absolute { .. } => s.main -= elapsed,
            TimeControl::Fischer { increment, max, .. } => {
                s.main -= elapsed;
                if end_of_move {
                    s.main += ms(increment);
                    if let Some(m) = max {
                        s.main = s.main.min(ms(m));
                    }
                }
            }
            TimeControl::Byoyomi { period, .. } => {
                let p = ms(period);
                if elapsed <= s.main {
                    s.main -= elapsed;
                } else {
                    let mut over = elapsed - s.main;
                    s.main = 0;
                    if over < s.period {
                        s.period -= over;
                    } else {
                        // The current period ran out, then as many whole periods as fit.
                        over -= s.period;
                        let used = 1 + over / p;
                        s.periods = s
                            .periods
                            .saturating_sub(u32::try_from(used).unwrap_or(u32::MAX));
                        s.period = p - over % p;
                    }
                    if end_of_move {
                        s.period = p;
                    }
                }
            }
            TimeControl::Canadian { stones, period, .. } => {
                // A move made with no main time left counts as a stone of the period, however
                // fast (a 0 ms answer included).
                let in_overtime = s.main == 0 || elapsed > s.main;
                if !in_overtime {
                    s.main -= elapsed;
                } else {
                    s.period -= elapsed - s.main;
                    s.main = 0;
                    if end_of_move {
                        s.stones = s.stones.saturating_sub(1);
                        if s.stones == 0 {
                            s.stones = stones;
                            s.period = ms(period);
                        }
                    }
                }
            }
        }
        s
    }

    /// `color` moved at `at`: their thinking time is charged (when their clock ran) and the
    /// opponent's clock starts.
    pub fn moved(&mut self, color: Color, at: i64) {
        if self.running == Some(color) {
            let i = color.index();
            self.sides[i] = self.charge(self.sides[i], at - self.since, true);
        }
        self.running = Some(color.opponent());
        self.since = at;
    }

    /// The clocks stop at `at` (scoring, the end of the game); the time used so far is charged
    /// as time spent, not as a move.
    pub fn stop(&mut self, at: i64) {
        if let Some(c) = self.running.take() {
            let i = c.index();
            self.sides[i] = self.charge(self.sides[i], at - self.since, false);
        }
    }

    /// `color`'s clock runs from `at` (after a resume or an undo).
    pub fn start(&mut self, color: Color, at: i64) {
        self.stop(at);
        self.running = Some(color);
        self.since = at;
    }

    /// `color` ran out of time: their clock shows nothing left and stops.
    pub fn flag(&mut self, color: Color) {
        let s = &mut self.sides[color.index()];
        s.main = 0;
        s.period = 0;
        s.periods = 0;
        self.running = None;
    }

    /// The clocks as of `now`.
    pub fn view(&self, now: i64) -> ClockView {
        let side = |c: Color| {
            let mut s = self.sides[c.index()];
            if self.running == Some(c) {
                s = self.charge(s, now - self.since, false);
            }
            let secs = |x: i64| x.max(0) as f64 / 1000.0;
            let (periods, period, stones) = match self.tc {
                TimeControl::Byoyomi { .. } => (Some(s.periods), Some(secs(s.period)), None),
                TimeControl::Canadian { .. } => (None, Some(secs(s.period)), Some(s.stones)),
                _ => (None, None, None),
            };
            SideView {
                main: secs(s.main),
                periods,
                period,
                stones,
            }
        };
        ClockView {
            black: side(Color::Black),
            white: side(Color::White),
            running: self.running,
            at: now,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const B: Color = Color::Black;
    const W: Color = Color::White;

    fn tc(v: serde_json::Value) -> TimeControl {
        TimeControl::from_value(v).unwrap()
    }

    #[test]
    fn settings_are_checked() {
        for bad in [
            json!({"system": "absolute", "main": 0}),
            json!({"system": "absolute", "main": -1}),
            json!({"system": "byoyomi", "main": 0, "periods": 0, "period": 30}),
            json!({"system": "byoyomi", "main": 10, "periods": 3, "period": 0}),
            json!({"system": "canadian", "main": 0, "stones": 0, "period": 300}),
            json!({"system": "fischer", "main": 300, "increment": 10, "max": 100}),
            json!({"system": "hourglass", "main": 300}),
            json!({"system": "absolute"}),
            json!({"system": "absolute", "main": 60, "extra": 1}),
            json!({"system": "absolute", "main": 1e12}),
        ] {
            assert!(TimeControl::from_value(bad.clone()).is_err(), "{bad}");
        }
        assert_eq!(tc(json!({"system": "none"})), TimeControl::None);
        assert!(Clock::new(&TimeControl::None).is_none());
        let f = tc(json!({"system": "fischer", "main": 300, "increment": 10}));
        assert_eq!(
            serde_json::to_value(&f).unwrap(),
            json!({"system": "fischer", "main": 300.0, "increment": 10.0})
        );
    }

    /// Byo-yomi 10 s main, 3 periods of 5 s. Black moves at 0 (no clock yet); white's runs.
    #[test]
    fn byoyomi_arithmetic() {
        let mut c = Clock::new(&tc(
            json!({"system": "byoyomi", "main": 10, "periods": 3, "period": 5}),
        ))
        .unwrap();
        c.moved(B, 0);
        assert_eq!(c.deadline(), Some((W, 10_000 + 3 * 5_000)));
        // White thinks 4 s: 6 s of main left.
        c.moved(W, 4_000);
        assert_eq!(c.side(W).main, 6_000);
        // Black thinks 12 s: 10 s main, then 2 s into the first period; the move resets it.
        c.moved(B, 16_000);
        let b = c.side(B);
        assert_eq!((b.main, b.periods, b.period), (0, 3, 5_000));
        // White thinks 18 s: 6 s main, 12 s = the first period (5) and the second (5) used,
        // 2 s into the third; the move resets the period: 1 period left.
        c.moved(W, 34_000);
        let w = c.side(W);
        assert_eq!((w.main, w.periods, w.period), (0, 1, 5_000));
        // Black's clock: 3 periods of 5 s from 34 s on; seen at 41 s: 1 period used, 3 s
        // into the second (3 s left of it), 2 periods left.
        let v = c.view(41_000);
        assert_eq!(v.black.periods, Some(2));
        assert_eq!(v.black.period, Some(3.0));
        assert_eq!(v.black.main, 0.0);
        assert_eq!(v.running, Some(Color::Black));
        assert_eq!(c.deadline(), Some((B, 34_000 + 15_000)));
        c.moved(B, 40_000);
        // White has one period of 5 s: flag falls at 45 s.
        assert_eq!(c.deadline(), Some((W, 45_000)));
    }

    /// Canadian 0 s main, 2 stones in 10 s.
    #[test]
    fn canadian_arithmetic() {
        let mut c = Clock::new(&tc(
            json!({"system": "canadian", "main": 0, "stones": 2, "period": 10}),
        ))
        .unwrap();
        c.moved(B, 0);
        c.moved(W, 3_000); // white: 7 s left, 1 stone left
        assert_eq!((c.side(W).period, c.side(W).stones), (7_000, 1));
        c.moved(B, 4_000);
        assert_eq!(c.deadline(), Some((W, 4_000 + 7_000)));
        c.moved(W, 10_000); // white: 6 s more = 1 s left, the 2nd stone: a new period of 10 s
        assert_eq!((c.side(W).period, c.side(W).stones), (10_000, 2));
        // Black answers within the same millisecond: still a stone, its second: a new period.
        c.moved(B, 10_000);
        assert_eq!((c.side(B).period, c.side(B).stones), (10_000, 2));
        let v = c.view(10_000);
        assert_eq!(v.white.stones, Some(2));
        assert_eq!(v.white.period, Some(10.0));
        assert_eq!(v.white.periods, None);
    }

    /// Fischer 5 s + 2 s, at most 6 s.
    #[test]
    fn fischer_arithmetic() {
        let mut c = Clock::new(&tc(
            json!({"system": "fischer", "main": 5, "increment": 2, "max": 6}),
        ))
        .unwrap();
        c.moved(B, 1_000);
        c.moved(W, 1_500); // white 5 - 0.5 + 2 = 6.5, capped at 6
        assert_eq!(c.side(W).main, 6_000);
        c.moved(B, 4_500); // black 5 - 3 + 2 = 4
        assert_eq!(c.side(B).main, 4_000);
        c.moved(W, 5_000); // white 6 - 0.5 + 2 = 7.5, capped at 6
        assert_eq!(c.side(W).main, 6_000);
        assert_eq!(c.deadline(), Some((B, 5_000 + 4_000)));
        // Stopped for scoring after 1 s: black keeps 3 s, no increment; nothing runs.
        c.stop(6_000);
        assert_eq!(c.side(B).main, 3_000);
        assert_eq!(c.deadline(), None);
        c.start(B, 100_000);
        assert_eq!(c.deadline(), Some((B, 103_000)));
    }

    #[test]
    fn absolute_view_counts_down() {
        let mut c = Clock::new(&tc(json!({"system": "absolute", "main": 60}))).unwrap();
        assert_eq!(c.view(5_000).running, None);
        c.moved(B, 1_000);
        let v = c.view(31_500);
        assert_eq!(v.white.main, 29.5);
        assert_eq!(v.black.main, 60.0);
        assert_eq!(c.view(100_000).white.main, 0.0);
        c.flag(W);
        assert_eq!(c.deadline(), None);
    }
}
