//! The search driver: budgets, workers on threads, the choice of move, passing and resigning,
//! ownership and the principal variation.

use crate::clock::Clock;
use crate::sim::{Sim, PASS};
use crate::tree::{Root, Scratch, Tree};
use std::time::{Duration, Instant};
use tengen_core::playout::Rng;
use tengen_core::{Color, Game, Move, Point};

/// How the engine searches.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Playouts a move; when set the search is single-threaded and reproducible with `seed`.
    pub playouts: Option<u64>,
    /// Seconds a move when neither `playouts` nor a clock decides.
    pub seconds: f64,
    /// Worker threads for a timed search (root parallelism; each keeps its own tree).
    pub threads: usize,
    /// Seed of the random generators.
    pub seed: u64,
    /// Resign when the best move's win rate falls below this (None: never resign).
    pub resign_below: Option<f64>,
    /// The most tree nodes each worker keeps.
    pub max_nodes: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            playouts: None,
            seconds: 1.0,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            seed: 0,
            resign_below: None,
            max_nodes: 1_500_000,
        }
    }
}

/// What `genmove` decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Play this move (a pass included).
    Play(Move),
    /// Resign: the game is hopeless.
    Resign,
}

/// What the last search found, for analysis commands.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The player the search was for.
    pub color: Color,
    /// Simulations run this move (all workers), two-pass endings in the tree included.
    pub playouts: u64,
    /// Wall-clock seconds the search took.
    pub seconds: f64,
    /// The root moves, most visited first: (move, visits, win rate of the mover).
    pub candidates: Vec<(Move, u32, f64)>,
    /// The principal variation from the position searched: the most visited line.
    pub pv: Vec<(Color, Move)>,
    /// Expected owner of each point, row-major from the top-left: +1 black, -1 white.
    pub ownership: Vec<f64>,
    /// The board width, to read `ownership`.
    pub width: usize,
}

impl Report {
    /// The ownership of `p` (+1 black, -1 white).
    pub fn owner_of(&self, p: Point) -> f64 {
        self.ownership[p.y as usize * self.width + p.x as usize]
    }
}

/// Worker state kept between moves.
#[derive(Debug, Clone)]
struct Worker {
    tree: Tree,
    rng: Rng,
}

/// The engine's search: configuration, clock, the workers' trees (kept between moves) and the
/// last report.
///
/// ```
/// use tengen_core::{Color, Game, Rules};
/// use tengen_mcts::{Config, Decision, Search};
/// let game = Game::new(9, 9, Rules::default()).unwrap();
/// let mut search = Search::new(Config { playouts: Some(300), ..Config::default() });
/// let Decision::Play(mv) = search.genmove(&game, Color::Black) else { panic!() };
/// assert!(mv.point().is_some_and(|p| game.is_legal(Color::Black, p)));
/// ```
#[derive(Debug, Clone)]
pub struct Search {
    config: Config,
    clock: Clock,
    workers: Vec<Worker>,
    report: Option<Report>,
    searches: u64,
    /// The root player's stones the last search's two-pass count took as dead (padded index).
    dead: Vec<bool>,
}

/// Playouts of the quick look at the position before a search, which finds the searching
/// player's dead stones for the two-pass count.
const LOOKAHEAD: u64 = 200;
/// Ownership above which a stone counts as the opponent's (dead).
const DEAD: f64 = 0.6;

impl Search {
    /// A search with `config`.
    pub fn new(config: Config) -> Search {
        Search {
            config,
            clock: Clock::default(),
            workers: Vec::new(),
            report: None,
            searches: 0,
            dead: Vec::new(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The clock, for `time_settings`, `kgs-time_settings` and `time_left`.
    pub fn clock_mut(&mut self) -> &mut Clock {
        &mut self.clock
    }

    /// What the last search found.
    pub fn report(&self) -> Option<&Report> {
        self.report.as_ref()
    }

    /// Searches the position for `color` and decides: a move (never an illegal one), a pass when
    /// the game is over or passing does not lose, or a resignation when allowed and hopeless.
    pub fn genmove(&mut self, game: &Game, color: Color) -> Decision {
        let own;
        let game = if game.to_move() == color {
            game
        } else {
            // GTP may ask either color to move: as if the other had passed.
            let mut g = game.clone();
            if g.play(Move::Pass).is_err() {
                return Decision::Play(Move::Pass);
            }
            own = g;
            &own
        };
        if game.board().empty_count() == 0 || game.resigned().is_some() {
            return Decision::Play(Move::Pass);
        }
        let mut report = self.run(game, None);
        let mut decision = self.decide(game, &report);
        if decision == Decision::Play(Move::Pass) {
            // The quick look before the search can take a dead group for alive; the search's
            // own ownership is the better judge. When it finds stones of ours dead that the
            // two-pass count kept alive, the pass was valued on a count the referee will not
            // make: search again, from a fresh tree, with those stones counted as dead.
            let more = self.unmarked_dead(game, &report);
            if !more.is_empty() {
                for w in &mut self.workers {
                    w.tree.key = None;
                }
                report = self.run(game, Some(&more));
                decision = self.decide(game, &report);
            }
        }
        self.report = Some(report);
        // Belt and braces: the root children were checked, but a move is re-checked here.
        match decision {
            Decision::Play(Move::Play(p)) if !game.is_legal(color, p) => Decision::Play(Move::Pass),
            d => d,
        }
    }

    /// Searches the position (player to move) with the engine's budget, for analysis: the
    /// report of what it found.
    pub fn analyze(&mut self, game: &Game) -> &Report {
        let report = self.run(game, None);
        self.report.insert(report)
    }

    /// The stones of the position that the search finds dead (owned by the opponent after play),
    /// in row-major order, from a fresh search of the position (player to move).
    pub fn dead_stones(&mut self, game: &Game) -> Vec<Point> {
        let report = self.run(game, None);
        let board = game.board();
        let dead = board
            .points()
            .filter(|&p| match board.get(p) {
                Some(Color::Black) => report.owner_of(p) < -DEAD,
                Some(Color::White) => report.owner_of(p) > DEAD,
                None => false,
            })
            .collect();
        self.report = Some(report);
        dead
    }

    fn budget(&self, game: &Game) -> (Option<u64>, Option<Duration>) {
        if let Some(n) = self.config.playouts {
            return (Some(n.max(1)), None);
        }
        let secs = self
            .clock
            .budget(game.to_move(), game.board().empty_count())
            .unwrap_or(self.config.seconds);
        (None, Some(Duration::from_secs_f64(secs.max(0.01))))
    }

    /// The stones of the player to move that `report`'s ownership gives to the opponent but
    /// that the search's two-pass count took as alive (by padded index).
    fn unmarked_dead(&self, game: &Game, report: &Report) -> Vec<usize> {
        let board = game.board();
        let me = game.to_move();
        board
            .points()
            .filter(|&p| board.get(p) == Some(me))
            .filter(|&p| {
                let theirs = if me == Color::Black {
                    -report.owner_of(p)
                } else {
                    report.owner_of(p)
                };
                theirs > DEAD && !self.dead.get(board.index(p)).copied().unwrap_or(false)
            })
            .map(|p| board.index(p))
            .collect()
    }

    /// Runs the search on `game` (player to move) and reports; `more_dead` adds stones (padded
    /// indices) of the player to move to those the two-pass count takes as dead.
    fn run(&mut self, game: &Game, more_dead: Option<&[usize]>) -> Report {
        let started = Instant::now();
        let (playouts, time) = self.budget(game);
        let deadline = time.map(|t| started + t);
        self.searches += 1;
        let threads = if playouts.is_some() {
            1
        } else {
            self.config.threads.max(1)
        };
        let seed = self.config.seed;
        let move_seed = seed ^ (game.move_number() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The quick look: which of the searching player's stones are dead.
        let dead = {
            let probe = Root::new(game, Vec::new());
            let mut rng = Rng::new(move_seed ^ 0xD1B5_4A32_D192_ED03);
            let own = ownership(&probe, LOOKAHEAD, &mut rng);
            let me = game.to_move();
            let mut dead = vec![false; probe.geo.n4.len()];
            for (k, &i) in probe.geo.points.iter().enumerate() {
                let theirs = if me == Color::Black { -own[k] } else { own[k] };
                dead[i as usize] =
                    probe.start.board.color_at(i as usize) == Some(me) && theirs > DEAD;
            }
            for &i in more_dead.unwrap_or(&[]) {
                dead[i] = true;
            }
            dead
        };
        self.dead.clone_from(&dead);
        let root = Root::new(game, dead);
        while self.workers.len() < threads {
            let k = self.workers.len() as u64;
            self.workers.push(Worker {
                tree: Tree::default(),
                rng: Rng::new(seed ^ k.wrapping_mul(0xA24B_AED4_963E_E407)),
            });
        }
        let cap = self.config.max_nodes;
        let workers = &mut self.workers[..threads];
        for (k, w) in workers.iter_mut().enumerate() {
            w.tree.cap = cap;
            w.tree.prepare(game, &root);
            if playouts.is_some() {
                // Reproducible: the generator depends on the seed and the position only.
                w.rng = Rng::new(move_seed ^ (k as u64 + 1));
            }
        }
        let scratches: Vec<Scratch> = if threads == 1 {
            let w = &mut workers[0];
            vec![work(&mut w.tree, &root, &mut w.rng, playouts, deadline)]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = workers
                    .iter_mut()
                    .map(|w| {
                        let root = &root;
                        scope.spawn(move || work(&mut w.tree, root, &mut w.rng, playouts, deadline))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a search worker panicked"))
                    .collect()
            })
        };
        let workers = &self.workers[..threads];
        // Merge the root statistics of every worker.
        let mut merged: Vec<(u16, u32, f64)> = Vec::new();
        for w in workers {
            let t = &w.tree;
            let r = &t.nodes[0];
            for ch in &t.nodes[r.first as usize..(r.first + u32::from(r.count)) as usize] {
                if ch.disabled {
                    continue;
                }
                match merged.iter_mut().find(|m| m.0 == ch.mv) {
                    Some(m) => {
                        m.1 += ch.visits;
                        m.2 += f64::from(ch.wins);
                    }
                    None => merged.push((ch.mv, ch.visits, f64::from(ch.wins))),
                }
            }
        }
        let board = game.board();
        let to_move = |mv: u16| {
            if mv == PASS {
                Move::Pass
            } else {
                Move::Play(board.point(mv as usize))
            }
        };
        let mut candidates: Vec<(Move, u32, f64)> = merged
            .iter()
            .map(|&(mv, n, w)| (to_move(mv), n, if n > 0 { w / f64::from(n) } else { 0.5 }))
            .collect();
        // Most visits first; ties by row-major order then pass, for a stable answer.
        candidates.sort_by(|a, b| b.1.cmp(&a.1).then(order(a.0).cmp(&order(b.0))));
        // The principal variation of the first worker's tree.
        let mut pv = Vec::new();
        let t = &workers[0].tree;
        let (mut node, mut c) = (0, game.to_move());
        while let Some(ch) = t.best_child(node) {
            if t.nodes[ch].visits < 2 || pv.len() >= 30 {
                break;
            }
            pv.push((c, to_move(t.nodes[ch].mv)));
            c = c.opponent();
            node = ch;
        }
        let mut sums = vec![0i64; root.geo.points.len()];
        let mut owned = 0u64;
        for s in &scratches {
            for (a, b) in sums.iter_mut().zip(&s.ownership) {
                *a += b;
            }
            owned += s.owned;
        }
        let ownership = sums
            .iter()
            .map(|&v| {
                if owned > 0 {
                    v as f64 / owned as f64
                } else {
                    0.0
                }
            })
            .collect();
        Report {
            color: game.to_move(),
            playouts: scratches.iter().map(|s| s.sims).sum::<u64>(),
            seconds: started.elapsed().as_secs_f64(),
            candidates,
            pv,
            ownership,
            width: board.width(),
        }
    }

    fn decide(&self, game: &Game, report: &Report) -> Decision {
        // The best move is the most visited one other than the pass: the root's pass is given a
        // fixed share of the visits (1/32) whatever it is worth, which on a big board early in a
        // search is more than any one move gets. A pass is played only by the rules below.
        let Some(&(best, _, best_q)) = report
            .candidates
            .iter()
            .find(|c| c.0 != Move::Pass && c.1 > 0)
        else {
            return Decision::Play(Move::Pass);
        };
        if let Some(t) = self.config.resign_below {
            if best_q < t && report.playouts >= 500 {
                return Decision::Resign;
            }
        }
        let pass = report
            .candidates
            .iter()
            .find(|c| c.0 == Move::Pass)
            .copied();
        if let Some((_, pass_n, pass_q)) = pass {
            // The pass earned the most visits on its own and is clearly worth more than any move
            // (every move left damages the player's own position).
            if report.candidates.first().is_some_and(|c| c.0 == Move::Pass)
                && pass_q >= best_q + 0.05
            {
                return Decision::Play(Move::Pass);
            }
            let opponent_passed = game.consecutive_passes() >= 1;
            // The opponent passed and passing now wins: under area rules the count after two
            // passes is exact in the tree (pessimistic about our own dead stones).
            if opponent_passed && pass_n >= 1 && pass_q >= 0.95 {
                return Decision::Play(Move::Pass);
            }
            // The opponent passed and every move loses: accept the end rather than throw stones
            // into the opponent's area.
            if opponent_passed && best_q < 0.05 && pass_n >= 1 {
                return Decision::Play(Move::Pass);
            }
            // Not behind, the best move is worth no more than a pass, and it lies inside
            // settled area. (Behind, the engine plays on: a pass would hand the opponent the
            // count of whatever is still unsettled.)
            // Every empty point must be settled too: a pass in mid-game, when the win rates of
            // a comfortable lead all look alike, hands the opponent a free move.
            let settled = best
                .point()
                .is_some_and(|p| report.owner_of(p).abs() >= 0.85)
                && game
                    .board()
                    .empty_points()
                    .all(|p| report.owner_of(p).abs() >= 0.7);
            if best_q >= 0.5 && settled && pass_n >= 8 && pass_q >= best_q - 0.02 {
                return Decision::Play(Move::Pass);
            }
        }
        Decision::Play(best)
    }
}

fn order(mv: Move) -> (u8, u8, u8) {
    match mv {
        Move::Play(p) => (0, p.y, p.x),
        _ => (1, 0, 0),
    }
}

/// A worker's loop: simulations until the playouts are done or the deadline passes.
fn work(
    tree: &mut Tree,
    root: &Root,
    rng: &mut Rng,
    playouts: Option<u64>,
    deadline: Option<Instant>,
) -> Scratch {
    let mut s = Scratch::new(root);
    let mut n = 0u64;
    loop {
        if let Some(max) = playouts {
            if n >= max {
                break;
            }
        }
        if let Some(d) = deadline {
            if n & 15 == 0 && Instant::now() >= d {
                break;
            }
        }
        tree.simulate(root, &mut s, rng);
        n += 1;
    }
    s
}

/// Mean area owner of each point (row-major, +1 black) over `n` policy playouts from the root.
fn ownership(root: &Root, n: u64, rng: &mut Rng) -> Vec<f64> {
    let mut sums = vec![0i64; root.geo.points.len()];
    let mut sim: Sim = root.start.clone();
    for _ in 0..n {
        sim.board.clone_from(&root.start.board);
        sim.ko = root.start.ko;
        sim.to_move = root.start.to_move;
        sim.passes = 0;
        sim.last = root.start.last;
        sim.playout(&root.geo, rng, root.max_plies, |_, _| {});
        for (k, &i) in root.geo.points.iter().enumerate() {
            sums[k] += match sim.owner(&root.geo, i) {
                Some(Color::Black) => 1,
                Some(Color::White) => -1,
                None => 0,
            };
        }
    }
    sums.iter().map(|&v| v as f64 / n.max(1) as f64).collect()
}
