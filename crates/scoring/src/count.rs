//! Counting a marked position under area, territory or stone scoring, with seki, false eyes,
//! komi and the handicap bonus, into the `tengen score --json` object.

use crate::analysis::Analysis;
use crate::benson::PassAlive;
use crate::marking::Marking;
use crate::territory::TerritoryMap;
use serde::{Deserialize, Serialize};
use tengen_core::coords::MAX_GTP_SIZE;
use tengen_core::{coords, Color, Move, Point, Rules, Scoring};

/// One color's figures in a [`Score`]. A count is 0 where the rules do not count it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct SideScore {
    /// Surrounded empty points (under territory scoring also the points of dead enemy stones
    /// inside them; never the eyes of groups in seki nor false eyes that must be filled).
    pub territory: u32,
    /// Living stones on the board (area and stone scoring).
    pub stones: u32,
    /// Stones captured during the game (territory scoring).
    pub prisoners: u32,
    /// The opponent's stones marked dead and counted for this color: under area scoring one
    /// point each when they stand in this color's area, under territory scoring one point each
    /// as prisoners.
    pub dead: u32,
    /// White's handicap bonus (0 for black).
    pub bonus: u32,
    /// Everything added up; white's total includes komi.
    pub total: f64,
}

/// A counted position: the object `tengen score --json` prints.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct Score {
    /// The result in SGF form: `B+3.5`, `W+0.5`, `0`.
    pub result: String,
    /// The rules in text form.
    pub rules: String,
    /// Komi.
    pub komi: f64,
    /// Black's figures.
    pub black: SideScore,
    /// White's figures.
    pub white: SideScore,
    /// One string per row, top row first: `B`/`W` for a point counted for that color (a living
    /// stone or territory), `.` for neither.
    pub ownership: Vec<String>,
    /// Vertices of the dead stones.
    pub dead: Vec<String>,
    /// Vertices of the stones in seki.
    pub seki: Vec<String>,
    /// Vertices of the neutral empty points.
    pub dame: Vec<String>,
}

/// A vertex in GTP form, or in SGF form on boards wider than 25 columns.
pub fn vertex(p: Point, height: usize) -> String {
    coords::to_gtp(p, height as u8).unwrap_or_else(|| coords::to_sgf(p))
}

/// Reads a vertex as [`vertex`] writes it (GTP, or SGF past 25 columns).
pub fn parse_vertex(text: &str, width: usize, height: usize) -> Option<Point> {
    if width <= MAX_GTP_SIZE {
        coords::from_gtp(text, width as u8, height as u8).ok()
    } else {
        coords::from_sgf(text, width as u8, height as u8)
            .ok()
            .flatten()
    }
}

/// A move as GTP writes it ([`coords::move_to_gtp`]: a vertex, `pass` or `resign`), a point
/// in SGF form on boards wider than 25 columns, as [`vertex`] does.
///
/// ```
/// use tengen_core::{Move, Point};
/// assert_eq!(tengen_scoring::move_text(Move::Play(Point::new(3, 15)), 19), "D4");
/// assert_eq!(tengen_scoring::move_text(Move::Pass, 19), "pass");
/// // Column 27 has no GTP letter: the SGF point (a..z, then A..Z).
/// assert_eq!(tengen_scoring::move_text(Move::Play(Point::new(26, 0)), 3), "Aa");
/// ```
pub fn move_text(mv: Move, height: usize) -> String {
    coords::move_to_gtp(mv, height as u8).unwrap_or_else(|| match mv {
        Move::Play(p) => coords::to_sgf(p),
        // move_to_gtp writes every pass and resignation.
        Move::Pass | Move::Resign => String::new(),
    })
}

/// Reads a move as [`move_text`] writes it: through [`coords::move_from_gtp`] on boards up to
/// 25 columns, `pass`, `resign` or an SGF point on wider ones.
pub fn parse_move_text(text: &str, width: usize, height: usize) -> Option<Move> {
    if width <= MAX_GTP_SIZE {
        return coords::move_from_gtp(text, width as u8, height as u8).ok();
    }
    match text {
        "pass" => Some(Move::Pass),
        "resign" => Some(Move::Resign),
        v => parse_vertex(v, width, height).map(Move::Play),
    }
}

/// The result in SGF form of a margin (black's total minus white's).
///
/// ```
/// assert_eq!(tengen_scoring::result_text(3.5), "B+3.5");
/// assert_eq!(tengen_scoring::result_text(-12.0), "W+12");
/// assert_eq!(tengen_scoring::result_text(0.0), "0");
/// ```
pub fn result_text(margin: f64) -> String {
    let fmt = tengen_core::rules::format_komi;
    if margin > 0.0 {
        format!("B+{}", fmt(margin))
    } else if margin < 0.0 {
        format!("W+{}", fmt(-margin))
    } else {
        "0".to_string()
    }
}

/// The result of a game `loser` resigned: `W+R` or `B+R`.
pub fn resignation_result(loser: Color) -> String {
    match loser {
        Color::Black => "W+R".to_string(),
        Color::White => "B+R".to_string(),
    }
}

/// What [`Score`] needs beyond the area tally: groups in seki and points not counted under
/// territory scoring, from the [`TerritoryMap`] of the marked position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    /// One flag per group: living and in seki.
    pub seki: Vec<bool>,
    /// One flag per point that area scoring gives to a color (an empty point or a dead stone)
    /// and territory scoring does not count (eyes and liberties of groups in seki, false eyes
    /// that must be filled), row-major.
    pub uncounted: Vec<bool>,
    /// The territory-scoring map the flags come from.
    pub map: TerritoryMap,
}

impl Judgement {
    /// Judges a marked position: see [`crate::territory`] for the rules.
    pub fn new(m: &Marking) -> Judgement {
        let a = m.analysis();
        let map = TerritoryMap::new(m);
        let seki = a
            .groups
            .iter()
            .enumerate()
            .map(|(g, group)| {
                !m.is_group_dead(crate::GroupId(g as u32))
                    && map.at(group.stones[0] as usize).seki.is_some()
            })
            .collect();
        let uncounted = (0..a.cells.len())
            .map(|k| {
                let open = a.cells[k].is_none() || m.is_dead(a.point(k));
                open && m.owner_index(k).is_some() && map.at(k).territory.is_none()
            })
            .collect();
        Judgement {
            seki,
            uncounted,
            map,
        }
    }
}

/// Finds the groups in seki and the points territory scoring leaves out: [`Judgement::new`].
/// The pass-alive analysis is not needed any more; the parameter stays for callers written
/// against the earlier signature.
pub fn judge(m: &Marking, _pass_alive: &PassAlive) -> Judgement {
    Judgement::new(m)
}

impl Score {
    /// Counts a marked position under `rules` with `handicap` stones given.
    ///
    /// ```
    /// use tengen_core::Rules;
    /// use tengen_scoring::{board_from_rows, Analysis, Marking, Score};
    /// let board = board_from_rows(&[
    ///     ".X.O.",
    ///     "XX.OO",
    ///     ".X.O.",
    /// ]).unwrap();
    /// let score = Score::new(&Marking::new(Analysis::new(&board)), &Rules::CHINESE, 0);
    /// // Black 4 stones + 2 points = 6, white 4 + 2 + 7.5 komi = 13.5.
    /// assert_eq!(score.result, "W+7.5");
    /// assert_eq!(score.dame, ["C3", "C2", "C1"]);
    /// assert_eq!(score.ownership, ["BB.WW", "BB.WW", "BB.WW"]);
    /// ```
    pub fn new(m: &Marking, rules: &Rules, handicap: u32) -> Score {
        Score::with_judgement(m, rules, handicap, &Judgement::new(m))
    }

    /// Counts with a judgement already made.
    pub fn with_judgement(m: &Marking, rules: &Rules, handicap: u32, j: &Judgement) -> Score {
        let a: &Analysis = m.analysis();
        let (w, h) = (a.width(), a.height());
        let t = m.tally();
        let mut sides = [SideScore::default(); 2];
        let mut ownership = Vec::with_capacity(h);
        let mut dame = Vec::new();
        let mut dead = Vec::new();
        let mut seki = Vec::new();
        let mut terr_points = [0u32; 2];
        for y in 0..h {
            let mut row = String::with_capacity(w);
            for x in 0..w {
                let k = y * w + x;
                let p = Point::new(x as u8, y as u8);
                let stone = a.cells[k];
                let is_dead = stone.is_some() && m.is_dead(p);
                if is_dead {
                    dead.push(vertex(p, h));
                }
                if stone.is_some() && !is_dead && j.seki[a.group_of[k] as usize] {
                    seki.push(vertex(p, h));
                }
                let mut owner = m.owner_index(k);
                if stone.is_none() && owner.is_none() {
                    dame.push(vertex(p, h));
                }
                let counted_here = stone.is_none() || is_dead;
                if counted_here && rules.scoring == Scoring::Territory {
                    owner = j.map.at(k).territory;
                }
                if counted_here && rules.scoring == Scoring::Stone {
                    owner = None;
                }
                if counted_here {
                    if let Some(o) = owner {
                        terr_points[o.index()] += 1;
                    }
                }
                row.push(match owner {
                    Some(Color::Black) => 'B',
                    Some(Color::White) => 'W',
                    None => '.',
                });
            }
            ownership.push(row);
        }
        for c in Color::ALL {
            let i = c.index();
            let s = &mut sides[i];
            match rules.scoring {
                Scoring::Area => {
                    // Empty points only: the points of dead stones are in `dead`.
                    s.territory = t.territory[i];
                    s.stones = t.stones[i];
                    s.dead = t.dead_owned[i];
                }
                Scoring::Territory => {
                    s.territory = terr_points[i];
                    s.prisoners = a.captures[i];
                    s.dead = t.dead[c.opponent().index()];
                }
                Scoring::Stone => {
                    s.stones = t.stones[i];
                }
            }
        }
        sides[1].bonus = rules.handicap_bonus.points(handicap);
        for (i, s) in sides.iter_mut().enumerate() {
            let mut total = f64::from(s.territory + s.stones + s.prisoners + s.dead + s.bonus);
            if i == 1 {
                total += rules.komi;
            }
            s.total = total;
        }
        Score {
            result: result_text(sides[0].total - sides[1].total),
            rules: rules.to_string(),
            komi: rules.komi,
            black: sides[0],
            white: sides[1],
            ownership,
            dead,
            seki,
            dame,
        }
    }
}
