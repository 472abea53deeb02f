//! Counting a marked position under area, territory or stone scoring, with seki, false eyes,
//! komi and the handicap bonus, into the `tengen score --json` object.

use crate::analysis::{Analysis, NONE};
use crate::benson::PassAlive;
use crate::marking::Marking;
use serde::{Deserialize, Serialize};
use tengen_core::{coords, Color, Point, Rules, Scoring};

/// One color's figures in a [`Score`]. A count is 0 where the rules do not count it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
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
    if width <= 25 {
        coords::from_gtp(text, width as u8, height as u8).ok()
    } else {
        coords::from_sgf(text, width as u8, height as u8)
            .ok()
            .flatten()
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
/// territory scoring.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    /// One flag per group: living and in seki.
    pub seki: Vec<bool>,
    /// One flag per area-owned point that territory scoring does not count (eyes of groups in
    /// seki, false eyes that must be filled), row-major.
    pub uncounted: Vec<bool>,
}

/// Eye value of an owned area for life: 0 for a false eye, 1 for a small eye, 2 for a region of
/// three points or more (room for two eyes).
fn eye_value(m: &Marking, area: u32) -> u32 {
    let a = m.analysis();
    let (empty, dead, _) = m.area_figures(area);
    let size = empty + dead[0] + dead[1];
    if size >= 3 {
        return 2;
    }
    let nodes = m.area_nodes(area);
    if nodes.len() == 1 && (nodes[0] as usize) < a.territories.len() {
        let gone = |k: usize| m.is_dead(a.point(k));
        if a.is_false_eye(nodes[0], gone) {
            return 0;
        }
    }
    1
}

/// Finds the groups in seki and the points territory scoring leaves out.
///
/// A living chain is in seki when it is not pass-alive, has fewer than two eyes, and shares a
/// neutral area (liberties neither side can fill) with an enemy chain of the same kind.
pub fn judge(m: &Marking, pass_alive: &PassAlive) -> Judgement {
    let a = m.analysis();
    let nt = a.territories.len() as u32;
    let ng = a.groups.len();
    let nc = a.chains.len();
    // Eyes and neutral areas of each chain's living groups.
    let mut eyes = vec![0u32; nc];
    let mut all_pass_alive = vec![true; nc];
    let mut living = vec![false; nc];
    let mut neutral: Vec<Vec<u32>> = vec![Vec::new(); nc];
    let mut owned: Vec<Vec<u32>> = vec![Vec::new(); nc];
    for (c, ch) in a.chains.iter().enumerate() {
        let mut seen: Vec<u32> = Vec::new();
        for g in &ch.groups {
            if m.is_group_dead(*g) {
                continue;
            }
            living[c] = true;
            all_pass_alive[c] &= pass_alive.groups[g.0 as usize];
            let group = a.group(*g);
            let nodes = group.territories.iter().map(|t| t.0).chain(
                group
                    .enemies
                    .iter()
                    .filter(|e| m.is_group_dead(**e))
                    .map(|e| nt + e.0),
            );
            for node in nodes {
                let ar = m.area_id(node);
                if ar == NONE || seen.contains(&ar) {
                    continue;
                }
                seen.push(ar);
                match m.area_owner_of_node(node) {
                    Some(o) if o == ch.color => {
                        eyes[c] += eye_value(m, ar);
                        owned[c].push(ar);
                    }
                    Some(_) => {}
                    None => {
                        let (empty, _, _) = m.area_figures(ar);
                        if empty > 0 {
                            neutral[c].push(ar);
                        }
                    }
                }
            }
        }
    }
    let candidate: Vec<bool> = (0..nc)
        .map(|c| living[c] && eyes[c] < 2 && !all_pass_alive[c])
        .collect();
    // For each neutral area, which colors have a candidate chain on it.
    let mut sides: std::collections::HashMap<u32, [bool; 2]> = std::collections::HashMap::new();
    for c in 0..nc {
        if candidate[c] {
            for &ar in &neutral[c] {
                sides.entry(ar).or_default()[a.chains[c].color.index()] = true;
            }
        }
    }
    let mut seki = vec![false; ng];
    let mut uncounted = vec![false; a.cells.len()];
    let mut buf: Vec<u16> = Vec::new();
    for c in 0..nc {
        let in_seki = candidate[c]
            && neutral[c]
                .iter()
                .any(|ar| sides.get(ar).is_some_and(|s| s[0] && s[1]));
        if in_seki {
            for g in &a.chains[c].groups {
                if !m.is_group_dead(*g) {
                    seki[g.0 as usize] = true;
                }
            }
            for &ar in &owned[c] {
                buf.clear();
                area_points(m, ar, &mut buf);
                for &k in &buf {
                    uncounted[k as usize] = true;
                }
            }
        }
    }
    // False eyes that must be filled.
    for (t, ter) in a.territories.iter().enumerate() {
        let node = t as u32;
        let ar = m.area_id(node);
        if ter.points.len() == 1
            && m.area_nodes(ar).len() == 1
            && m.area_owner_of_node(node).is_some()
        {
            let gone = |k: usize| m.is_dead(a.point(k));
            if a.is_false_eye(node, gone) {
                uncounted[ter.points[0] as usize] = true;
            }
        }
    }
    Judgement { seki, uncounted }
}

fn area_points(m: &Marking, area: u32, out: &mut Vec<u16>) {
    let a = m.analysis();
    let nt = a.territories.len() as u32;
    for &node in m.area_nodes(area) {
        if node < nt {
            out.extend_from_slice(&a.territories[node as usize].points);
        } else {
            out.extend_from_slice(&a.groups[(node - nt) as usize].stones);
        }
    }
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
        let pa = PassAlive::new(m.analysis());
        Score::with_judgement(m, rules, handicap, &judge(m, &pa))
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
                if counted_here && rules.scoring == Scoring::Territory && j.uncounted[k] {
                    owner = None;
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
