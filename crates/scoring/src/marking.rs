//! Seed 002 task 3: marking chains dead or alive, kept up to date incrementally.
//!
//! The board is a graph of nodes: territories, and groups. A living group is a wall; a dead
//! group is open, like empty points. An **area** is a connected set of open nodes: a territory
//! alone when nothing around it is dead, or dead enemy chains together with the territories
//! around them (seed 002's meta-chain is an area plus the living chains on its border). An area
//! whose border holds living stones of one color only belongs to that color: its empty points,
//! and the points of the dead stones in it, count for that color. Any other area is neutral.
//!
//! Marking a group dead merges the areas around it into one; marking it alive splits its area
//! by a flood fill over that area's nodes only. Neither looks at the rest of the board. The dead
//! set is a plain set, so toggles commute: any order of the same toggles gives the same state,
//! and marking a stone alive undoes exactly what marking it dead did, also when its chain sits on
//! the border of an area holding dead enemy stones (the case seed 002 left open).

use crate::analysis::{Analysis, ChainId, GroupId, NONE};
use tengen_core::{Color, Point};

#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Area {
    /// Node ids: territories are `0..nt`, groups `nt..`.
    nodes: Vec<u32>,
    /// Empty points.
    empty: u32,
    /// Dead stones by color.
    dead: [u32; 2],
    /// Adjacent (open node, living group) pairs, by the living group's color.
    border: [u32; 2],
}

impl Area {
    fn owner(&self) -> Option<Color> {
        match (self.border[0] > 0, self.border[1] > 0) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        }
    }
}

/// Running totals of a marking (before any rule-specific adjustment such as seki or false eyes).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Empty points owned, by color ([`Color::index`]).
    pub territory: [u32; 2],
    /// Living stones by color.
    pub stones: [u32; 2],
    /// Dead stones by their own color.
    pub dead: [u32; 2],
    /// Dead stones standing in an area owned by the given color (the opponent's stones, counted
    /// for this color).
    pub dead_owned: [u32; 2],
}

impl Tally {
    /// Area-scoring points of `color` before komi: owned empty points, living stones and the
    /// points of dead stones in its areas.
    pub fn area(&self, color: Color) -> u32 {
        let i = color.index();
        self.territory[i] + self.stones[i] + self.dead_owned[i]
    }
}

/// What one change of marks did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Change {
    /// The points whose owner changed, with their new owner (`None`: nobody).
    pub changed: Vec<(Point, Option<Color>)>,
    /// The totals after the change.
    pub tally: Tally,
}

/// The dead marks of a position and the ownership they imply, updated incrementally.
///
/// ```
/// use tengen_core::{Color, Point};
/// use tengen_scoring::{board_from_rows, Analysis, Marking};
/// let board = board_from_rows(&[
///     ".X.O.",
///     "XX.OO",
///     ".X...",
/// ]).unwrap();
/// let mut m = Marking::new(Analysis::new(&board));
/// assert_eq!(m.tally().area(Color::White), 3 + 1);
/// // Marking the white stone on D3 dead marks its chain (all three stones) dead, and every point
/// // of the board becomes black's.
/// let change = m.set_dead(Point::new(3, 0), true).unwrap();
/// assert!(m.is_dead(Point::new(4, 1)));
/// assert_eq!(change.tally.dead, [0, 3]);
/// assert_eq!(change.tally.area(Color::Black), 15);
/// assert_eq!(change.changed.len(), 9);
/// m.set_dead(Point::new(3, 0), false).unwrap();
/// assert_eq!(m, Marking::new(m.analysis().clone()));
/// ```
#[derive(Debug, Clone)]
pub struct Marking {
    a: Analysis,
    dead: Vec<bool>,
    area_of: Vec<u32>,
    areas: Vec<Area>,
    free: Vec<u32>,
    tally: Tally,
}

impl PartialEq for Marking {
    /// Equal when the same groups are dead, the areas partition the open nodes alike with the
    /// same figures, and the totals match (area ids may differ).
    fn eq(&self, other: &Marking) -> bool {
        self.dead == other.dead
            && self.tally == other.tally
            && self.canonical() == other.canonical()
    }
}

/// The nodes and figures of one area, in a canonical order.
type CanonicalArea = (Vec<u32>, u32, [u32; 2], [u32; 2]);

/// Error from marking: there is no stone on the point (or it is off the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoStone(pub Point);

impl std::fmt::Display for NoStone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "no stone at {}", self.0)
    }
}

impl std::error::Error for NoStone {}

impl Marking {
    /// Every stone alive (seed 002's initial state).
    pub fn new(a: Analysis) -> Marking {
        let dead = vec![false; a.groups.len()];
        Marking::with_dead_groups(a, dead)
    }

    /// Computes everything from scratch for the given dead groups (one flag per group).
    pub fn with_dead_groups(a: Analysis, dead: Vec<bool>) -> Marking {
        assert_eq!(dead.len(), a.groups.len());
        let nt = a.territories.len();
        let nn = nt + a.groups.len();
        let mut m = Marking {
            a,
            dead,
            area_of: vec![NONE; nn],
            areas: Vec::new(),
            free: Vec::new(),
            tally: Tally::default(),
        };
        for g in &m.a.groups {
            let i = g.color.index();
            let n = g.stones.len() as u32;
            if m.dead[m.a.group_of[g.stones[0] as usize] as usize] {
                m.tally.dead[i] += n;
            } else {
                m.tally.stones[i] += n;
            }
        }
        for start in 0..nn as u32 {
            if m.is_open(start) && m.area_of[start as usize] == NONE {
                let id = m.new_area();
                let mut stack = vec![start];
                m.area_of[start as usize] = id;
                m.flood(id, &mut stack);
                m.add_tally(id, 1);
            }
        }
        m
    }

    /// The analysis marked.
    pub fn analysis(&self) -> &Analysis {
        &self.a
    }

    /// The running totals.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// Whether the stone on `p` is marked dead (false for an empty point).
    pub fn is_dead(&self, p: Point) -> bool {
        self.a.group_at(p).is_some_and(|g| self.dead[g.0 as usize])
    }

    /// Whether group `g` is marked dead.
    pub fn is_group_dead(&self, g: GroupId) -> bool {
        self.dead[g.0 as usize]
    }

    /// One flag per group.
    pub fn dead_groups(&self) -> &[bool] {
        &self.dead
    }

    /// The owner of a point: the color of a living stone, or the owner of the area holding an
    /// empty point or a dead stone.
    pub fn owner(&self, p: Point) -> Option<Color> {
        self.owner_index(self.a.index(p))
    }

    pub(crate) fn owner_index(&self, k: usize) -> Option<Color> {
        let node = self.node_of_point(k);
        match self.area_of[node as usize] {
            NONE => self.a.cells[k],
            area => self.areas[area as usize].owner(),
        }
    }

    /// The owner of the area holding node `node`, for open nodes.
    #[allow(dead_code)] // for the dead-stone guess (guess.rs), rewritten beside this work
    pub(crate) fn area_owner_of_node(&self, node: u32) -> Option<Color> {
        match self.area_of[node as usize] {
            NONE => None,
            area => self.areas[area as usize].owner(),
        }
    }

    /// The area id of a node (`NONE` for living groups).
    #[allow(dead_code)] // for the dead-stone guess (guess.rs), rewritten beside this work
    pub(crate) fn area_id(&self, node: u32) -> u32 {
        self.area_of[node as usize]
    }

    /// Empty points and dead stones of an area, and its owner.
    #[allow(dead_code)] // for the dead-stone guess (guess.rs), rewritten beside this work
    pub(crate) fn area_figures(&self, area: u32) -> (u32, [u32; 2], Option<Color>) {
        let ar = &self.areas[area as usize];
        (ar.empty, ar.dead, ar.owner())
    }

    /// The nodes of an area.
    #[allow(dead_code)] // for the dead-stone guess (guess.rs), rewritten beside this work
    pub(crate) fn area_nodes(&self, area: u32) -> &[u32] {
        &self.areas[area as usize].nodes
    }

    #[inline]
    pub(crate) fn node_of_point(&self, k: usize) -> u32 {
        match self.a.cells[k] {
            None => self.a.territory_of[k],
            Some(_) => self.a.territories.len() as u32 + self.a.group_of[k],
        }
    }

    #[inline]
    fn is_open(&self, node: u32) -> bool {
        let nt = self.a.territories.len() as u32;
        node < nt || self.dead[(node - nt) as usize]
    }

    fn new_area(&mut self) -> u32 {
        if let Some(id) = self.free.pop() {
            id
        } else {
            self.areas.push(Area::default());
            (self.areas.len() - 1) as u32
        }
    }

    fn free_area(&mut self, id: u32) {
        self.areas[id as usize] = Area::default();
        self.free.push(id);
    }

    /// Grows area `id` from the nodes on `stack` (already labelled) over open nodes, labelling
    /// them and accumulating the figures.
    fn flood(&mut self, id: u32, stack: &mut Vec<u32>) {
        let nt = self.a.territories.len() as u32;
        let mut area = std::mem::take(&mut self.areas[id as usize]);
        while let Some(node) = stack.pop() {
            area.nodes.push(node);
            if node < nt {
                let t = &self.a.territories[node as usize];
                area.empty += t.points.len() as u32;
                for g in &t.groups {
                    let gn = nt + g.0;
                    if self.dead[g.0 as usize] {
                        if self.area_of[gn as usize] != id {
                            self.area_of[gn as usize] = id;
                            stack.push(gn);
                        }
                    } else {
                        area.border[self.a.groups[g.0 as usize].color.index()] += 1;
                    }
                }
            } else {
                let g = &self.a.groups[(node - nt) as usize];
                area.dead[g.color.index()] += g.stones.len() as u32;
                for t in &g.territories {
                    if self.area_of[t.0 as usize] != id {
                        self.area_of[t.0 as usize] = id;
                        stack.push(t.0);
                    }
                }
                for e in &g.enemies {
                    let en = nt + e.0;
                    if self.dead[e.0 as usize] {
                        if self.area_of[en as usize] != id {
                            self.area_of[en as usize] = id;
                            stack.push(en);
                        }
                    } else {
                        area.border[self.a.groups[e.0 as usize].color.index()] += 1;
                    }
                }
            }
        }
        self.areas[id as usize] = area;
    }

    /// Adds (`sign` 1) or removes (`sign` -1) an area's contribution to the tally.
    fn add_tally(&mut self, id: u32, sign: i32) {
        let ar = &self.areas[id as usize];
        if let Some(o) = ar.owner() {
            let i = o.index();
            let d = ar.dead[o.opponent().index()] + ar.dead[i];
            self.tally.territory[i] =
                (self.tally.territory[i] as i32 + sign * ar.empty as i32) as u32;
            self.tally.dead_owned[i] = (self.tally.dead_owned[i] as i32 + sign * d as i32) as u32;
        }
    }

    fn points_of_area(&self, id: u32, out: &mut Vec<u16>) {
        let nt = self.a.territories.len() as u32;
        for &node in &self.areas[id as usize].nodes {
            if node < nt {
                out.extend_from_slice(&self.a.territories[node as usize].points);
            } else {
                out.extend_from_slice(&self.a.groups[(node - nt) as usize].stones);
            }
        }
    }

    /// Marks the whole chain of the stone on `p` dead (`true`) or alive (`false`).
    pub fn set_dead(&mut self, p: Point, dead: bool) -> Result<Change, NoStone> {
        let g = self.a.group_at(p).ok_or(NoStone(p))?;
        let chain = self.a.group(g).chain;
        Ok(self.set_chain_dead(chain, dead))
    }

    /// Flips the chain of the stone on `p`: dead if its group is alive, alive if it is dead.
    pub fn toggle(&mut self, p: Point) -> Result<Change, NoStone> {
        let g = self.a.group_at(p).ok_or(NoStone(p))?;
        let now = self.dead[g.0 as usize];
        self.set_dead(p, !now)
    }

    /// Marks every group of chain `c` dead or alive.
    pub fn set_chain_dead(&mut self, c: ChainId, dead: bool) -> Change {
        let groups = self.a.chain(c).groups.clone();
        self.set_groups_dead(&groups, dead)
    }

    /// Marks the given groups dead or alive, one by one, and reports the points that changed
    /// owner overall.
    pub fn set_groups_dead(&mut self, groups: &[GroupId], dead: bool) -> Change {
        let mut touched: Vec<u16> = Vec::new();
        let mut before: Vec<(u16, Option<Color>)> = Vec::new();
        for &g in groups {
            if self.dead[g.0 as usize] == dead {
                continue;
            }
            touched.clear();
            self.affected_points(g, &mut touched);
            for &k in &touched {
                before.push((k, self.owner_index(k as usize)));
            }
            if dead {
                self.kill(g);
            } else {
                self.revive(g);
            }
        }
        // Keep the first "before" of each point, then compare with the final owner.
        before.sort_by_key(|&(k, _)| k);
        before.dedup_by_key(|&mut (k, _)| k);
        let changed = before
            .into_iter()
            .filter_map(|(k, old)| {
                let new = self.owner_index(k as usize);
                (new != old).then(|| (self.a.point(k as usize), new))
            })
            .collect();
        Change {
            changed,
            tally: self.tally,
        }
    }

    /// Points whose owner may change when group `g` flips: its stones and the points of every
    /// area touching it (its own area when dead).
    fn affected_points(&self, g: GroupId, out: &mut Vec<u16>) {
        let nt = self.a.territories.len() as u32;
        let gn = nt + g.0;
        let mut seen: Vec<u32> = Vec::new();
        if self.dead[g.0 as usize] {
            seen.push(self.area_of[gn as usize]);
        } else {
            out.extend_from_slice(&self.a.groups[g.0 as usize].stones);
            let group = &self.a.groups[g.0 as usize];
            let nodes = group.territories.iter().map(|t| t.0).chain(
                group
                    .enemies
                    .iter()
                    .filter(|e| self.dead[e.0 as usize])
                    .map(|e| nt + e.0),
            );
            for n in nodes {
                let ar = self.area_of[n as usize];
                if !seen.contains(&ar) {
                    seen.push(ar);
                }
            }
        }
        for ar in seen {
            self.points_of_area(ar, out);
        }
    }

    /// Opens group `g`: the areas around it and the group become one area.
    fn kill(&mut self, g: GroupId) {
        let nt = self.a.territories.len() as u32;
        let gn = nt + g.0;
        let group = &self.a.groups[g.0 as usize];
        let color = group.color;
        let n = group.stones.len() as u32;
        // Areas around g, and the border pairs that g itself contributed to them.
        let mut around: Vec<u32> = Vec::new();
        let mut pairs_with_g = 0u32;
        let mut new_border = [0u32; 2];
        for t in &group.territories {
            pairs_with_g += 1;
            let ar = self.area_of[t.0 as usize];
            if !around.contains(&ar) {
                around.push(ar);
            }
        }
        for e in &group.enemies {
            if self.dead[e.0 as usize] {
                pairs_with_g += 1;
                let ar = self.area_of[(nt + e.0) as usize];
                if !around.contains(&ar) {
                    around.push(ar);
                }
            } else {
                new_border[self.a.groups[e.0 as usize].color.index()] += 1;
            }
        }
        for &ar in &around {
            self.add_tally(ar, -1);
        }
        self.dead[g.0 as usize] = true;
        self.tally.stones[color.index()] -= n;
        self.tally.dead[color.index()] += n;
        // Keep the area with the most nodes; relabel the others into it.
        let keep = match around
            .iter()
            .max_by_key(|&&ar| self.areas[ar as usize].nodes.len())
        {
            Some(&k) => k,
            None => self.new_area(),
        };
        let mut merged = std::mem::take(&mut self.areas[keep as usize]);
        for &ar in &around {
            if ar == keep {
                continue;
            }
            let other = std::mem::take(&mut self.areas[ar as usize]);
            for &node in &other.nodes {
                self.area_of[node as usize] = keep;
            }
            merged.nodes.extend_from_slice(&other.nodes);
            merged.empty += other.empty;
            for i in 0..2 {
                merged.dead[i] += other.dead[i];
                merged.border[i] += other.border[i];
            }
            self.free_area(ar);
        }
        merged.nodes.push(gn);
        merged.dead[color.index()] += n;
        merged.border[color.index()] -= pairs_with_g;
        for (b, add) in merged.border.iter_mut().zip(new_border) {
            *b += add;
        }
        self.area_of[gn as usize] = keep;
        self.areas[keep as usize] = merged;
        self.add_tally(keep, 1);
    }

    /// Closes group `g`: its area loses it and splits into the connected parts left.
    fn revive(&mut self, g: GroupId) {
        let nt = self.a.territories.len() as u32;
        let gn = nt + g.0;
        let old = self.area_of[gn as usize];
        self.add_tally(old, -1);
        let group = &self.a.groups[g.0 as usize];
        let (color, n) = (group.color, group.stones.len() as u32);
        self.dead[g.0 as usize] = false;
        self.tally.stones[color.index()] += n;
        self.tally.dead[color.index()] -= n;
        let nodes = std::mem::take(&mut self.areas[old as usize]).nodes;
        self.free_area(old);
        for &node in &nodes {
            self.area_of[node as usize] = NONE;
        }
        // Only the nodes of the old area can be reached: every other open node neighbouring them
        // was already in it.
        for &start in &nodes {
            if start == gn || self.area_of[start as usize] != NONE {
                continue;
            }
            let id = self.new_area();
            self.area_of[start as usize] = id;
            let mut stack = vec![start];
            self.flood(id, &mut stack);
            self.add_tally(id, 1);
        }
    }

    fn canonical(&self) -> Vec<CanonicalArea> {
        let mut v: Vec<CanonicalArea> = self
            .areas
            .iter()
            .filter(|a| !a.nodes.is_empty())
            .map(|a| {
                let mut n = a.nodes.clone();
                n.sort_unstable();
                (n, a.empty, a.dead, a.border)
            })
            .collect();
        v.sort();
        v
    }

    /// Checks the incremental state against a recomputation from scratch with the same dead
    /// groups.
    pub fn check_consistency(&self) -> Result<(), String> {
        let fresh = Marking::with_dead_groups(self.a.clone(), self.dead.clone());
        if fresh.tally != self.tally {
            return Err(format!("tally {:?} != fresh {:?}", self.tally, fresh.tally));
        }
        if fresh.canonical() != self.canonical() {
            return Err("areas differ from a fresh computation".into());
        }
        for k in 0..self.a.cells.len() {
            if fresh.owner_index(k) != self.owner_index(k) {
                return Err(format!("owner of {} differs", self.a.point(k)));
            }
        }
        Ok(())
    }
}
