//! Seed 002 tasks 1 and 2: groups, territories and chains of a position, with
//! constant-time lookups from a point to its group, territory and chain (eyes, false eyes and seki
//! are [`crate::TerritoryMap`]'s).
//!
//! Everything lives in flat arrays indexed by ids (`u32`) and by the point's row-major index
//! (`y * width + x`, `u16`), so there are no reference cycles and cloning is a few memcpys.

use tengen_core::{Board, Color, Point};

/// Marks "nothing here" in the `u32` lookups.
pub(crate) const NONE: u32 = u32::MAX;
/// Marks a missing neighbour (off the board) in the adjacency table.
pub(crate) const OFF: u16 = u16::MAX;

/// The id of a group (connected stones of one color) in an [`Analysis`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GroupId(pub u32);

/// The id of a territory (a maximal connected set of empty points) in an [`Analysis`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TerritoryId(pub u32);

/// The id of a chain (seed 002: groups of one color joined through territories that touch no
/// enemy stone) in an [`Analysis`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChainId(pub u32);

/// Connected stones of one color.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The stones' color.
    pub color: Color,
    /// The stones, as row-major indices.
    pub stones: Vec<u16>,
    /// The liberties, as row-major indices.
    pub liberties: Vec<u16>,
    /// The enemy groups touching this one.
    pub enemies: Vec<GroupId>,
    /// The territories touching this group.
    pub territories: Vec<TerritoryId>,
    /// The chain this group belongs to.
    pub chain: ChainId,
}

/// A maximal connected set of empty points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Territory {
    /// The points, as row-major indices.
    pub points: Vec<u16>,
    /// The groups touching it.
    pub groups: Vec<GroupId>,
    /// Whether it touches black stones and white stones (indexed by [`Color::index`]).
    pub touches: [bool; 2],
    /// The color that surrounds it alone, if one does. Whether such a territory is an eye, a
    /// false eye or space in seki is [`crate::TerritoryMap`]'s to say.
    pub surrounded_by: Option<Color>,
}

/// Groups of one color joined through territories that touch no enemy stone (seed 002).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    /// The color.
    pub color: Color,
    /// The member groups.
    pub groups: Vec<GroupId>,
    /// The territories it surrounds alone.
    pub surrounded: Vec<TerritoryId>,
    /// The territories it touches that also touch the enemy.
    pub neutral: Vec<TerritoryId>,
    /// The enemy chains touching it, directly or through a neutral territory.
    pub enemies: Vec<ChainId>,
    /// The number of points of its surrounded territories.
    pub points: u32,
    /// The number of stones.
    pub stones: u32,
}

/// The structure of a position: groups, territories, chains and the lookups between them.
///
/// ```
/// use tengen_core::{Board, Point};
/// use tengen_scoring::Analysis;
/// let board = tengen_scoring::board_from_rows(&[
///     ".X.O.",
///     "XX.OO",
///     ".X.O.",
/// ]).unwrap();
/// let a = Analysis::new(&board);
/// assert_eq!(a.groups().len(), 2);
/// assert_eq!(a.territories().len(), 5);
/// let black = a.group_at(Point::new(1, 1)).unwrap();
/// assert_eq!(a.group(black).stones.len(), 4);
/// assert_eq!(a.chain(a.group(black).chain).surrounded.len(), 2);
/// ```
#[derive(Debug, Clone)]
pub struct Analysis {
    pub(crate) width: u8,
    pub(crate) height: u8,
    pub(crate) cells: Vec<Option<Color>>,
    pub(crate) adj: Vec<[u16; 4]>,
    pub(crate) group_of: Vec<u32>,
    pub(crate) territory_of: Vec<u32>,
    pub(crate) groups: Vec<Group>,
    pub(crate) territories: Vec<Territory>,
    pub(crate) chains: Vec<Chain>,
    pub(crate) captures: [u32; 2],
}

fn adjacency(w: usize, h: usize) -> Vec<[u16; 4]> {
    let mut adj = vec![[OFF; 4]; w * h];
    for y in 0..h {
        for x in 0..w {
            let k = y * w + x;
            let a = &mut adj[k];
            if y > 0 {
                a[0] = (k - w) as u16;
            }
            if x > 0 {
                a[1] = (k - 1) as u16;
            }
            if x + 1 < w {
                a[2] = (k + 1) as u16;
            }
            if y + 1 < h {
                a[3] = (k + w) as u16;
            }
        }
    }
    adj
}

struct UnionFind(Vec<u32>);

impl UnionFind {
    fn find(&mut self, mut a: u32) -> u32 {
        while self.0[a as usize] != a {
            let up = self.0[self.0[a as usize] as usize];
            self.0[a as usize] = up;
            a = up;
        }
        a
    }
    fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.0[ra.max(rb) as usize] = ra.min(rb);
        }
    }
}

impl Analysis {
    /// Analyses the stones of `board` (its capture counts are kept as prisoners).
    pub fn new(board: &Board) -> Analysis {
        let (w, h) = (board.width(), board.height());
        let cells: Vec<Option<Color>> = board.points().map(|p| board.get(p)).collect();
        let mut a = Analysis::from_cells(w, h, cells);
        a.captures = [board.captures(Color::Black), board.captures(Color::White)];
        a
    }

    /// Analyses a position given as one entry per point, row-major from the top-left.
    ///
    /// # Panics
    /// When `cells.len() != width * height` or a side is outside 1..=52.
    pub fn from_cells(width: usize, height: usize, cells: Vec<Option<Color>>) -> Analysis {
        assert!(
            (1..=52).contains(&width) && (1..=52).contains(&height),
            "board size"
        );
        assert_eq!(cells.len(), width * height, "one cell per point");
        let n = width * height;
        let adj = adjacency(width, height);
        let mut group_of = vec![NONE; n];
        let mut territory_of = vec![NONE; n];
        let mut groups: Vec<Group> = Vec::new();
        let mut territories: Vec<Territory> = Vec::new();
        let mut stack: Vec<u16> = Vec::with_capacity(n);
        // Blocks: flood fill each maximal set of equal cells.
        for start in 0..n {
            let c = cells[start];
            let seen = match c {
                Some(_) => group_of[start] != NONE,
                None => territory_of[start] != NONE,
            };
            if seen {
                continue;
            }
            let mut members = Vec::new();
            let id = match c {
                Some(_) => groups.len() as u32,
                None => territories.len() as u32,
            };
            let mark = |k: usize, go: &mut Vec<u32>, to: &mut Vec<u32>| match c {
                Some(_) => go[k] = id,
                None => to[k] = id,
            };
            mark(start, &mut group_of, &mut territory_of);
            stack.push(start as u16);
            while let Some(k) = stack.pop() {
                members.push(k);
                for &nb in &adj[k as usize] {
                    if nb == OFF || cells[nb as usize] != c {
                        continue;
                    }
                    let nbu = nb as usize;
                    let seen = match c {
                        Some(_) => group_of[nbu] != NONE,
                        None => territory_of[nbu] != NONE,
                    };
                    if !seen {
                        mark(nbu, &mut group_of, &mut territory_of);
                        stack.push(nb);
                    }
                }
            }
            members.sort_unstable();
            match c {
                Some(color) => groups.push(Group {
                    color,
                    stones: members,
                    liberties: Vec::new(),
                    enemies: Vec::new(),
                    territories: Vec::new(),
                    chain: ChainId(NONE),
                }),
                None => territories.push(Territory {
                    points: members,
                    groups: Vec::new(),
                    touches: [false; 2],
                    surrounded_by: None,
                }),
            }
        }
        // Neighbour sets, deduplicated with a stamp per id.
        let mut stamp_g = vec![NONE; groups.len()];
        let mut stamp_t = vec![NONE; territories.len()];
        let mut lib_stamp = vec![NONE; n];
        for (g, group) in groups.iter_mut().enumerate() {
            let g = g as u32;
            for &s in &group.stones {
                for &nb in &adj[s as usize] {
                    if nb == OFF {
                        continue;
                    }
                    let nbu = nb as usize;
                    match cells[nbu] {
                        None => {
                            if lib_stamp[nbu] != g {
                                lib_stamp[nbu] = g;
                                group.liberties.push(nb);
                            }
                            let t = territory_of[nbu];
                            if stamp_t[t as usize] != g {
                                stamp_t[t as usize] = g;
                                group.territories.push(TerritoryId(t));
                            }
                        }
                        Some(col) if col != group.color => {
                            let e = group_of[nbu];
                            if stamp_g[e as usize] != g {
                                stamp_g[e as usize] = g;
                                group.enemies.push(GroupId(e));
                            }
                        }
                        Some(_) => {}
                    }
                }
            }
            group.liberties.sort_unstable();
            group.enemies.sort_unstable();
            group.territories.sort_unstable();
        }
        for (g, group) in groups.iter().enumerate() {
            for t in &group.territories {
                let ter = &mut territories[t.0 as usize];
                ter.groups.push(GroupId(g as u32));
                ter.touches[group.color.index()] = true;
            }
        }
        for ter in &mut territories {
            ter.surrounded_by = match ter.touches {
                [true, false] => Some(Color::Black),
                [false, true] => Some(Color::White),
                _ => None,
            };
        }
        let mut a = Analysis {
            width: width as u8,
            height: height as u8,
            cells,
            adj,
            group_of,
            territory_of,
            groups,
            territories,
            chains: Vec::new(),
            captures: [0, 0],
        };
        a.build_chains();
        a
    }

    fn build_chains(&mut self) {
        let ng = self.groups.len();
        let mut uf = UnionFind((0..ng as u32).collect());
        for ter in &self.territories {
            if ter.surrounded_by.is_some() {
                if let Some((first, rest)) = ter.groups.split_first() {
                    for g in rest {
                        uf.union(first.0, g.0);
                    }
                }
            }
        }
        let mut chain_of_root = vec![NONE; ng];
        let mut chains: Vec<Chain> = Vec::new();
        for g in 0..ng {
            let r = uf.find(g as u32) as usize;
            if chain_of_root[r] == NONE {
                chain_of_root[r] = chains.len() as u32;
                chains.push(Chain {
                    color: self.groups[g].color,
                    groups: Vec::new(),
                    surrounded: Vec::new(),
                    neutral: Vec::new(),
                    enemies: Vec::new(),
                    points: 0,
                    stones: 0,
                });
            }
            let c = chain_of_root[r];
            self.groups[g].chain = ChainId(c);
            let ch = &mut chains[c as usize];
            ch.groups.push(GroupId(g as u32));
            ch.stones += self.groups[g].stones.len() as u32;
        }
        let mut stamp_t = vec![NONE; self.territories.len()];
        let mut stamp_c = vec![NONE; chains.len()];
        for (c, ch) in chains.iter_mut().enumerate() {
            let c = c as u32;
            for g in &ch.groups {
                let group = &self.groups[g.0 as usize];
                for t in &group.territories {
                    if stamp_t[t.0 as usize] == c {
                        continue;
                    }
                    stamp_t[t.0 as usize] = c;
                    let ter = &self.territories[t.0 as usize];
                    if ter.surrounded_by.is_some() {
                        ch.surrounded.push(*t);
                        ch.points += ter.points.len() as u32;
                    } else {
                        ch.neutral.push(*t);
                        for og in &ter.groups {
                            let og = &self.groups[og.0 as usize];
                            if og.color != ch.color {
                                let oc = og.chain.0;
                                if stamp_c[oc as usize] != c {
                                    stamp_c[oc as usize] = c;
                                    ch.enemies.push(og.chain);
                                }
                            }
                        }
                    }
                }
                for e in &group.enemies {
                    let oc = self.groups[e.0 as usize].chain.0;
                    if stamp_c[oc as usize] != c {
                        stamp_c[oc as usize] = c;
                        ch.enemies.push(ChainId(oc));
                    }
                }
            }
            ch.surrounded.sort_unstable();
            ch.neutral.sort_unstable();
            ch.enemies.sort_unstable();
        }
        self.chains = chains;
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// The row-major index of a point.
    #[inline]
    pub fn index(&self, p: Point) -> usize {
        p.y as usize * self.width as usize + p.x as usize
    }

    /// The point of a row-major index.
    #[inline]
    pub fn point(&self, k: usize) -> Point {
        Point::new(
            (k % self.width as usize) as u8,
            (k / self.width as usize) as u8,
        )
    }

    /// Whether `p` is on the board.
    pub fn contains(&self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// The stone on a point, if any (`None` off the board too).
    pub fn get(&self, p: Point) -> Option<Color> {
        if self.contains(p) {
            self.cells[self.index(p)]
        } else {
            None
        }
    }

    /// One entry per point, row-major from the top-left.
    pub fn cells(&self) -> &[Option<Color>] {
        &self.cells
    }

    /// Stones captured during the game by black and by white (from the board analysed).
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// Sets the capture counts (prisoners) by black and white.
    pub fn set_captures(&mut self, black: u32, white: u32) {
        self.captures = [black, white];
    }

    /// Every group.
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// Every territory.
    pub fn territories(&self) -> &[Territory] {
        &self.territories
    }

    /// Every chain.
    pub fn chains(&self) -> &[Chain] {
        &self.chains
    }

    /// A group by id.
    pub fn group(&self, g: GroupId) -> &Group {
        &self.groups[g.0 as usize]
    }

    /// A territory by id.
    pub fn territory(&self, t: TerritoryId) -> &Territory {
        &self.territories[t.0 as usize]
    }

    /// A chain by id.
    pub fn chain(&self, c: ChainId) -> &Chain {
        &self.chains[c.0 as usize]
    }

    /// The group of the stone on `p` (constant time).
    pub fn group_at(&self, p: Point) -> Option<GroupId> {
        if !self.contains(p) {
            return None;
        }
        let g = self.group_of[self.index(p)];
        (g != NONE).then_some(GroupId(g))
    }

    /// The territory of the empty point `p` (constant time).
    pub fn territory_at(&self, p: Point) -> Option<TerritoryId> {
        if !self.contains(p) {
            return None;
        }
        let t = self.territory_of[self.index(p)];
        (t != NONE).then_some(TerritoryId(t))
    }

    /// The chain of the stone on `p` (constant time).
    pub fn chain_at(&self, p: Point) -> Option<ChainId> {
        self.group_at(p).map(|g| self.group(g).chain)
    }

    /// The on-board neighbours of row-major index `k`.
    #[inline]
    pub(crate) fn neighbours(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        self.adj[k]
            .iter()
            .filter(|&&n| n != OFF)
            .map(|&n| n as usize)
    }
}
