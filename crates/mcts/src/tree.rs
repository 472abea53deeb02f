//! The search tree of one worker: UCT with RAVE (MC-RAVE, after Gelly and Silver 2007, as MoGo,
//! Fuego and Pachi use it), knowledge-based priors, and reuse between moves.

use crate::ladder;
use crate::patterns;
use crate::sim::{Geometry, Sim, NONE, PASS};
use tengen_core::playout::Rng;
use tengen_core::{Board, Color, Game, Move, Rules, Scoring};

/// Visits a leaf needs before it is expanded (the root always is).
const EXPAND_AT: u32 = 4;
/// The RAVE equivalence parameter: after about this many visits a node trusts its own value and
/// its all-moves-as-first value equally (Pachi's default is 3000).
const RAVE_EQUIV: f32 = 3000.0;
/// The exploration constant of the UCB term (small: RAVE and the priors do most of the work).
const EXPLORE: f32 = 0.05;
/// Virtual visits of the priors.
const PRIOR: f32 = 10.0;

#[derive(Debug, Clone)]
pub(crate) struct Node {
    /// The move into this node (a padded index or [`PASS`]).
    pub mv: u16,
    pub visits: u32,
    /// Wins of the player who played `mv`.
    pub wins: f32,
    pub rave_visits: f32,
    pub rave_wins: f32,
    pub prior_visits: f32,
    pub prior_wins: f32,
    pub first: u32,
    pub count: u16,
    pub expanded: bool,
    /// A root move that the game's full rules (superko) forbid.
    pub disabled: bool,
}

impl Node {
    fn new(mv: u16, prior_visits: f32, prior_wins: f32) -> Node {
        Node {
            mv,
            visits: 0,
            wins: 0.0,
            rave_visits: 0.0,
            rave_wins: 0.0,
            prior_visits,
            prior_wins,
            first: 0,
            count: 0,
            expanded: false,
            disabled: false,
        }
    }
}

/// What identifies the game a tree was built for: a new tree is started when it changes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Key {
    width: usize,
    height: usize,
    rules: Rules,
    setup: Board,
    setup_to_move: Color,
    moves: Vec<(Color, Move)>,
}

impl Key {
    pub fn of(game: &Game) -> Key {
        Key {
            width: game.board().width(),
            height: game.board().height(),
            rules: *game.rules(),
            setup: game.setup_board().clone(),
            setup_to_move: game.setup_to_move(),
            moves: game.moves(),
        }
    }
}

/// Everything a simulation needs to know about the root, shared read-only by the workers.
pub(crate) struct Root<'a> {
    pub game: &'a Game,
    pub geo: Geometry,
    pub start: Sim,
    /// Black's handicap of points: komi plus white's handicap bonus.
    pub komi: f64,
    pub area: bool,
    /// Stones of the root player that the terminal count takes as dead (by padded index).
    pub dead: Vec<bool>,
    pub max_plies: usize,
}

impl<'a> Root<'a> {
    /// The root of a search for the player to move in `game`, with `dead` marking that player's
    /// stones which a two-pass ending counts for the opponent.
    pub fn new(game: &'a Game, dead: Vec<bool>) -> Root<'a> {
        let board = game.board().clone();
        let geo = Geometry::new(&board);
        let mut start = Sim::new(board, game.to_move());
        start.ko = game
            .ko_point()
            .map(|p| (game.board().index(p) as u16, game.to_move()));
        start.passes = game.consecutive_passes();
        start.last = match game.last_move() {
            Some((_, Move::Play(p))) => game.board().index(p) as u16,
            _ => NONE,
        };
        let rules = game.rules();
        let komi = rules.komi + f64::from(rules.handicap_bonus.points(game.handicap()));
        let max_plies = 3 * geo.points.len() + 20;
        Root {
            game,
            geo,
            start,
            komi,
            area: rules.scoring != Scoring::Territory,
            dead,
            max_plies,
        }
    }
}

/// Per-simulation scratch space.
#[derive(Debug, Clone)]
pub(crate) struct Scratch {
    pub sim: Sim,
    amaf_color: Vec<u8>,
    amaf_ply: Vec<u16>,
    path: Vec<u32>,
    /// Sum of area owners per row-major point (+1 black, -1 white), over `owned` playouts.
    pub ownership: Vec<i64>,
    pub owned: u64,
    /// Simulations run.
    pub sims: u64,
    stack: Vec<u16>,
    seen: Vec<bool>,
}

impl Scratch {
    pub fn new(root: &Root) -> Scratch {
        let len = root.geo.n4.len();
        Scratch {
            sim: root.start.clone(),
            amaf_color: vec![0; len],
            amaf_ply: vec![0; len],
            path: Vec::new(),
            ownership: vec![0; root.geo.points.len()],
            owned: 0,
            sims: 0,
            stack: Vec::new(),
            seen: vec![false; len],
        }
    }
}

/// One worker's tree.
#[derive(Debug, Clone, Default)]
pub(crate) struct Tree {
    pub nodes: Vec<Node>,
    pub key: Option<Key>,
    /// The most nodes the tree may hold.
    pub cap: usize,
}

impl Tree {
    /// Prepares the tree for `game`: keeps the subtree of the current position when the game
    /// continues the one the tree was built for, else starts afresh.
    pub fn prepare(&mut self, game: &Game, root: &Root) {
        let key = Key::of(game);
        let reused = match &self.key {
            Some(old)
                if !self.nodes.is_empty()
                    && old.width == key.width
                    && old.height == key.height
                    && old.rules == key.rules
                    && old.setup_to_move == key.setup_to_move
                    && old.setup == key.setup
                    && key.moves.starts_with(&old.moves) =>
            {
                self.descend(&key.moves[old.moves.len()..], root)
            }
            _ => None,
        };
        match reused {
            Some(n) if n != 0 => self.reroot(n),
            Some(_) => {}
            None => {
                self.nodes.clear();
                self.nodes.push(Node::new(PASS, 0.0, 0.0));
            }
        }
        // Root moves must be legal under the game's full rules (superko included).
        let root = &self.nodes[0];
        let (first, count) = (root.first as usize, root.count as usize);
        let color = game.to_move();
        for child in &mut self.nodes[first..first + count] {
            child.disabled =
                child.mv != PASS && game.check_index(child.mv as usize, color).is_err();
        }
        self.key = Some(key);
    }

    /// The node reached from the root by `moves`, if the tree holds it.
    fn descend(&self, moves: &[(Color, Move)], root: &Root) -> Option<usize> {
        let mut node = 0;
        for &(_, mv) in moves {
            let code = match mv {
                Move::Play(p) => root.game.board().index(p) as u16,
                Move::Pass => PASS,
                Move::Resign => return None,
            };
            let n = &self.nodes[node];
            if !n.expanded {
                return None;
            }
            let (f, c) = (n.first as usize, n.count as usize);
            node = (f..f + c).find(|&k| self.nodes[k].mv == code)?;
        }
        Some(node)
    }

    /// Makes node `n` the root, keeping only its subtree.
    fn reroot(&mut self, n: usize) {
        let mut fresh = Vec::with_capacity(self.nodes.len() / 4 + 1);
        let mut root = self.nodes[n].clone();
        root.mv = PASS;
        fresh.push(root);
        // Breadth-first copy: children of a node stay contiguous.
        let mut k = 0;
        while k < fresh.len() {
            if fresh[k].expanded {
                let (f, c) = (fresh[k].first as usize, fresh[k].count as usize);
                let start = fresh.len() as u32;
                fresh.extend_from_slice(&self.nodes[f..f + c]);
                fresh[k].first = start;
            }
            k += 1;
        }
        self.nodes = fresh;
    }

    /// The child of `node` that the selection rule prefers.
    fn select(&self, node: usize) -> Option<usize> {
        let n = &self.nodes[node];
        let (f, c) = (n.first as usize, n.count as usize);
        // The root's pass (its last child) gets at least 1/32 of the visits, so that the decision
        // to pass rests on its own value.
        if node == 0 && c > 0 && self.nodes[f + c - 1].visits <= n.visits / 32 {
            return Some(f + c - 1);
        }
        let log_parent = ((n.visits + 1) as f32).ln();
        let mut best = None;
        let mut best_value = f32::NEG_INFINITY;
        for k in f..f + c {
            let ch = &self.nodes[k];
            if ch.disabled {
                continue;
            }
            let visits = ch.visits as f32 + ch.prior_visits;
            let q = (ch.wins + ch.prior_wins) / visits.max(1.0);
            let mut v = q;
            if ch.rave_visits > 0.0 {
                let rn = ch.rave_visits;
                let beta = rn / (rn + visits + rn * visits / RAVE_EQUIV);
                v = (1.0 - beta) * q + beta * (ch.rave_wins / rn);
            }
            v += EXPLORE * (log_parent / visits.max(1.0)).sqrt();
            if v > best_value {
                best_value = v;
                best = Some(k);
            }
        }
        best
    }

    /// Adds the children of `node` (the position in `sim`), with their priors.
    fn expand(&mut self, node: usize, sim: &mut Sim, root: &Root) {
        let c = sim.to_move;
        let first = self.nodes.len() as u32;
        let geo = &root.geo;
        for &i in &geo.points {
            let Some(e) = sim.legal(i, c) else { continue };
            if sim.eyelike(i, c) {
                continue;
            }
            if node == 0 && root.game.check_index(i as usize, c).is_err() {
                continue;
            }
            let (mut pn, mut pw) = (PRIOR, PRIOR / 2.0);
            if e.captures > 0 {
                pn += PRIOR;
                pw += PRIOR;
            }
            if sim.bad_self_atari(geo, i, c, &e) {
                pn += PRIOR;
            }
            // Ladders: start a working one, never run into one.
            match ladder::judge(&mut sim.board, geo, i, c) {
                1 => {
                    pn += 2.0 * PRIOR;
                    pw += 2.0 * PRIOR;
                }
                -1 => pn += 3.0 * PRIOR,
                _ => {}
            }
            let code = sim.pattern_code(geo, i);
            if patterns::matches(code) {
                pn += PRIOR;
                pw += PRIOR;
            }
            // 0x5555 has a 1 in the low bit of every neighbour: no stone within one point.
            let quiet = (0..8).all(|k| {
                let s = (code >> (2 * k)) & 3;
                s == patterns::EMPTY || s == patterns::OFF
            });
            if quiet && geo.edge[i as usize] {
                pn += PRIOR;
            }
            if geo.big() {
                let (n, w) = big_board_prior(sim, geo, i);
                pn += n;
                pw += w;
            }
            let mut node = Node::new(i, pn, pw);
            if geo.big() {
                // On a big board the all-moves-as-first statistics outweigh the priors within
                // a few hundred simulations (its beta is near 1 while the node's own visits are
                // few), so the priors also seed them, as Pachi's priors do.
                node.rave_visits = pn;
                node.rave_wins = pw;
            }
            self.nodes.push(node);
        }
        self.nodes.push(Node::new(PASS, PRIOR, PRIOR / 2.0));
        let count = self.nodes.len() as u32 - first;
        let n = &mut self.nodes[node];
        n.first = first;
        n.count = count as u16;
        n.expanded = true;
    }

    /// One simulation: descend, expand, play out, count, back up. Returns black's result (1 win,
    /// 0 loss, 0.5 draw).
    pub fn simulate(&mut self, root: &Root, s: &mut Scratch, rng: &mut Rng) -> f32 {
        s.sim.board.clone_from(&root.start.board);
        s.sim.ko = root.start.ko;
        s.sim.to_move = root.start.to_move;
        s.sim.passes = root.start.passes;
        s.sim.last = root.start.last;
        s.amaf_color.fill(0);
        s.path.clear();
        s.path.push(0);
        let mut node = 0;
        let mut ply: u16 = 0;
        let mut terminal = false;
        loop {
            if !self.nodes[node].expanded {
                if node == 0
                    || (self.nodes[node].visits >= EXPAND_AT && self.nodes.len() < self.cap)
                {
                    self.expand(node, &mut s.sim, root);
                } else {
                    break;
                }
            }
            let Some(child) = self.select(node) else {
                break;
            };
            let mv = self.nodes[child].mv;
            let c = s.sim.to_move;
            if mv == PASS {
                s.sim.pass();
            } else {
                if s.amaf_color[mv as usize] == 0 {
                    s.amaf_color[mv as usize] = c as u8;
                    s.amaf_ply[mv as usize] = ply;
                }
                s.sim.play(mv, c);
            }
            ply += 1;
            s.path.push(child as u32);
            node = child;
            if s.sim.passes >= 2 {
                terminal = true;
                break;
            }
        }
        let black = if terminal && root.area {
            self.terminal_count(root, s)
        } else {
            if terminal {
                // Territory rules: the dead stones are found by playing on.
                s.sim.passes = 0;
            }
            let (amaf_color, amaf_ply) = (&mut s.amaf_color, &mut s.amaf_ply);
            let mut p = ply;
            s.sim.playout(&root.geo, rng, root.max_plies, |i, c| {
                if amaf_color[i as usize] == 0 {
                    amaf_color[i as usize] = c as u8;
                    amaf_ply[i as usize] = p;
                }
                p = p.saturating_add(1);
            });
            let mut area = 0i64;
            for (k, &i) in root.geo.points.iter().enumerate() {
                let o = match s.sim.owner(&root.geo, i) {
                    Some(Color::Black) => 1,
                    Some(Color::White) => -1,
                    None => 0,
                };
                s.ownership[k] += o;
                area += o;
            }
            s.owned += 1;
            result(area as f64 - root.komi)
        };
        self.back_up(root, s, black);
        s.sims += 1;
        black
    }

    fn back_up(&mut self, root: &Root, s: &Scratch, black: f32) {
        let mut mover = root.start.to_move; // the player to move at path[d]
        for d in 0..s.path.len() {
            let node = s.path[d] as usize;
            let win = if mover == Color::Black {
                black
            } else {
                1.0 - black
            };
            if d + 1 < s.path.len() {
                let child = s.path[d + 1] as usize;
                let ch = &mut self.nodes[child];
                ch.visits += 1;
                ch.wins += win;
            }
            // All moves as first: `mover`'s moves played from this depth on.
            let n = &self.nodes[node];
            if n.expanded {
                let (f, c) = (n.first as usize, n.count as usize);
                for ch in &mut self.nodes[f..f + c] {
                    let mv = ch.mv as usize;
                    if ch.mv != PASS
                        && s.amaf_color[mv] == mover as u8
                        && s.amaf_ply[mv] as usize >= d
                    {
                        ch.rave_visits += 1.0;
                        ch.rave_wins += win;
                    }
                }
            }
            mover = mover.opponent();
        }
        self.nodes[0].visits += 1;
    }

    /// The count after two passes under area rules: stones and the empty regions that reach only
    /// one color, with the root player's stones in `root.dead` counted as the opponent's (so the
    /// search never passes on the hope that the opponent will not notice a dead group) and the
    /// opponent's dead stones left standing (so it captures them first, which costs nothing
    /// under area rules).
    fn terminal_count(&self, root: &Root, s: &mut Scratch) -> f32 {
        let geo = &root.geo;
        let me = root.start.to_move;
        let cell = |i: u16| -> Option<Color> {
            match s.sim.color(i) {
                Some(c) if c == me && root.dead[i as usize] => None,
                other => other,
            }
        };
        let mut area = 0i64;
        s.seen.fill(false);
        for &i in &geo.points {
            match cell(i) {
                Some(Color::Black) => area += 1,
                Some(Color::White) => area -= 1,
                None => {
                    if s.seen[i as usize] {
                        continue;
                    }
                    // Flood the empty region (dead stones count as empty).
                    let (mut size, mut reach) = (0i64, [false; 2]);
                    s.stack.clear();
                    s.stack.push(i);
                    s.seen[i as usize] = true;
                    while let Some(j) = s.stack.pop() {
                        size += 1;
                        for &q in &geo.n4[j as usize] {
                            if q == NONE {
                                continue;
                            }
                            match cell(q) {
                                Some(c) => reach[c.index()] = true,
                                None if !s.seen[q as usize] => {
                                    s.seen[q as usize] = true;
                                    s.stack.push(q);
                                }
                                None => {}
                            }
                        }
                    }
                    match reach {
                        [true, false] => area += size,
                        [false, true] => area -= size,
                        _ => {}
                    }
                }
            }
        }
        result(area as f64 - root.komi)
    }

    /// The most visited child of `node`, if any.
    pub fn best_child(&self, node: usize) -> Option<usize> {
        let n = &self.nodes[node];
        if !n.expanded {
            return None;
        }
        let (f, c) = (n.first as usize, n.count as usize);
        (f..f + c)
            .filter(|&k| !self.nodes[k].disabled && self.nodes[k].visits > 0)
            .max_by_key(|&k| self.nodes[k].visits)
    }
}

/// The extra prior (virtual visits, virtual wins) of the move `i` on a big board, where the
/// playouts alone cannot tell a move that matters from one of the hundreds that do not:
/// - a move near the last one (distance |dx| + |dy| + max(|dx|, |dy|) of 5 or less: the
///   contact, diagonal, one- and two-point jumps and the knight's moves around it) is
///   favoured, as Pachi's distance prior favours it, so the search answers local fights
///   instead of scattering stones over the board;
/// - in an empty area (no stone within a Manhattan distance of 3) a move on the first or
///   second line is disfavoured and one on the third or fourth line favoured, the opening
///   knowledge every engine since GNU Go carries.
fn big_board_prior(sim: &Sim, geo: &Geometry, i: u16) -> (f32, f32) {
    let (mut n, mut w) = (0.0, 0.0);
    let (x, y) = geo.xy[i as usize];
    let (x, y) = (i32::from(x), i32::from(y));
    if sim.last != NONE && sim.last != PASS {
        let (lx, ly) = geo.xy[sim.last as usize];
        let (dx, dy) = ((x - i32::from(lx)).abs(), (y - i32::from(ly)).abs());
        if dx + dy + dx.max(dy) <= 5 {
            n += PRIOR;
            w += PRIOR;
        }
    }
    let empty_area = (-3i32..=3).all(|dy| {
        let r = 3 - dy.abs();
        (-r..=r).all(|dx| {
            let q = geo.at(x + dx, y + dy);
            q == NONE || sim.color(q).is_none()
        })
    });
    if empty_area {
        match geo.line[i as usize] {
            0 | 1 => n += 2.0 * PRIOR,
            2 | 3 => {
                n += PRIOR;
                w += PRIOR;
            }
            _ => {}
        }
    }
    (n, w)
}

fn result(black_margin: f64) -> f32 {
    if black_margin > 0.0 {
        1.0
    } else if black_margin < 0.0 {
        0.0
    } else {
        0.5
    }
}
