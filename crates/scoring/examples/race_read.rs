//! An exact reader for one fight of a recorded position: does a target string stand at the end
//! (two passes in a row) with correct play, or is it captured? Written to settle the recorded
//! truth of `13x13-h0-l1-s42503` (`tests/data/cleanup/japanese-dev11.jsonl`, README "Refuted
//! truths"), independent of the guess: nothing of `tengen_scoring` is used.
//!
//! ```sh
//! cargo run --release -p tengen-scoring --example race_read -- FILE ID TARGET FIRST AREA [FIXED]
//! ```
//!
//! - `FILE`, `ID`: a record of the cleanup corpus (`tests/data/cleanup/FILE`), replayed from its
//!   SGF to the two-pass position;
//! - `TARGET`: a stone of the string read (GTP vertex); the attacker wins when that point is
//!   emptied (the string captured), the owner when two passes in a row leave it standing;
//! - `FIRST`: `b` or `w`, who moves first;
//! - `AREA`: comma-separated vertices, the empty points where both sides may play (and pass);
//! - `FIXED`: comma-separated vertices of strings taken as never captured (`-` for none), besides
//!   the seal: every empty point **outside** `AREA` is *sealed*, taken as a stone of the
//!   attacker that is never captured, so a string touching one is never captured either. A
//!   string not fixed is captured when it has no liberty, like any string.
//!
//! Rules: captures, no suicide, positional superko on the line (a move may not make a position
//! that stood earlier on the line, the two-pass position included); a pass is always allowed.
//! The search is a depth-first minimax with a table of solved positions (position, side to move,
//! whether the last move was a pass). A result that a superko prohibition decided (a move
//! refused because its position stood higher on the line than the node itself) is not stored:
//! it holds for that line only. The printout counts the refused moves.
//!
//! `RACE_READ_CYCLE=owner` (or `attacker`): a move that repeats a position of the line is not
//! refused but ends the reading, won by the target's owner (or the attacker). The owner's
//! result under `owner` is at least its result under superko, and under `attacker` at most: an
//! answer that holds under both does not rest on any cycle (ko), whoever has the ko threats.
//!
//! `RACE_READ_LINES=1` prints, for the side to move first, every first move with its result.

use std::collections::{HashMap, HashSet};

/// foldhash's fixed-seed hasher (SipHash was most of a node's time).
type Fast = foldhash::fast::FixedState;
use std::time::Instant;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// A fixed pseudo-random 128-bit number for `i` (SplitMix64, twice).
fn key(i: u64) -> u128 {
    let mix = |mut z: u64| {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    (u128::from(mix(2 * i)) << 64) | u128::from(mix(2 * i + 1))
}

struct Reader {
    n: usize,
    adj: Vec<Vec<usize>>,
    cells: Vec<u8>,
    fixed: Vec<bool>,
    playable: Vec<usize>,
    zobrist: Vec<[u128; 2]>,
    hash: u128,
    target: usize,
    owner: u8,
    /// Board hashes on the line, with the depth where each stood.
    path: HashMap<u128, u32, Fast>,
    table: HashMap<u128, bool, Fast>,
    /// What a move that repeats a position on the line does: `None`, refused (positional
    /// superko); `Some(keeps)`, it ends the reading with that result (a check that no cycle
    /// decides the answer: the owner, or the attacker, wins every one).
    cycle: Option<bool>,
    nodes: u64,
    refused: u64,
    mark: Vec<u32>,
    stamp: u32,
}

/// What a node's search found: whether the owner keeps the target, and the shallowest depth of
/// a position whose superko prohibition the result rests on (`u32::MAX`: none).
#[derive(Clone, Copy)]
struct Value {
    keeps: bool,
    depends: u32,
}

impl Reader {
    fn vertex(&self, v: &str) -> usize {
        let col = LETTERS
            .iter()
            .position(|&c| c == v.as_bytes()[0].to_ascii_uppercase())
            .expect("column");
        let row: usize = v[1..].parse().expect("row");
        (self.n - row) * self.n + col
    }

    fn name(&self, k: usize) -> String {
        format!("{}{}", LETTERS[k % self.n] as char, self.n - k / self.n)
    }

    /// Whether the string at `k` has a liberty or a fixed stone.
    fn free(&mut self, k: usize, out: Option<&mut Vec<usize>>) -> bool {
        self.stamp += 1;
        let c = self.cells[k];
        let mut stack = vec![k];
        let mut stones = Vec::new();
        self.mark[k] = self.stamp;
        let mut free = false;
        let want = out.is_some();
        while let Some(p) = stack.pop() {
            stones.push(p);
            if self.fixed[p] {
                free = true;
                if !want {
                    return true;
                }
            }
            for i in 0..self.adj[p].len() {
                let q = self.adj[p][i];
                if self.mark[q] == self.stamp {
                    continue;
                }
                if self.cells[q] == EMPTY {
                    free = true;
                    if !want {
                        return true;
                    }
                } else if self.cells[q] == c {
                    self.mark[q] = self.stamp;
                    stack.push(q);
                }
            }
        }
        if let Some(o) = out {
            *o = stones;
        }
        free
    }

    fn set(&mut self, k: usize, c: u8) {
        let old = self.cells[k];
        if old != EMPTY {
            self.hash ^= self.zobrist[k][old as usize - 1];
        }
        if c != EMPTY {
            self.hash ^= self.zobrist[k][c as usize - 1];
        }
        self.cells[k] = c;
    }

    /// Plays `c` at `k`: the captured stones, or `None` (suicide).
    fn play(&mut self, k: usize, c: u8) -> Option<Vec<usize>> {
        self.set(k, c);
        let mut captured = Vec::new();
        for i in 0..self.adj[k].len() {
            let q = self.adj[k][i];
            if self.cells[q] == 3 - c && !self.free(q, None) {
                let mut s = Vec::new();
                self.free(q, Some(&mut s));
                for &p in &s {
                    self.set(p, EMPTY);
                }
                captured.extend(s);
            }
        }
        if !self.free(k, None) {
            self.set(k, EMPTY);
            return None;
        }
        Some(captured)
    }

    fn undo(&mut self, k: usize, c: u8, captured: &[usize]) {
        self.set(k, EMPTY);
        for &p in captured {
            self.set(p, 3 - c);
        }
    }

    /// Whether the target has two liberties the attacker can never fill: empty points whose
    /// neighbours are all the target's stones.
    fn two_sure_eyes(&mut self) -> bool {
        let mut s = Vec::new();
        self.free(self.target, Some(&mut s));
        let stamp = self.stamp;
        let mut eyes = Vec::new();
        for &p in &s {
            for &l in &self.adj[p] {
                if self.cells[l] == EMPTY
                    && !eyes.contains(&l)
                    && self.adj[l].iter().all(|&m| self.mark[m] == stamp)
                {
                    eyes.push(l);
                }
            }
        }
        eyes.len() >= 2
    }

    /// The playable empty points, the target's liberties first.
    fn order(&mut self) -> Vec<usize> {
        let mut s = Vec::new();
        self.free(self.target, Some(&mut s));
        let stamp = self.stamp;
        let libs: Vec<usize> = self
            .playable
            .iter()
            .copied()
            .filter(|&k| {
                self.cells[k] == EMPTY && self.adj[k].iter().any(|&m| self.mark[m] == stamp)
            })
            .collect();
        let mut out = libs.clone();
        out.extend(
            self.playable
                .iter()
                .copied()
                .filter(|&k| self.cells[k] == EMPTY && !libs.contains(&k)),
        );
        out
    }

    fn node_key(&self, side: u8, passed: bool) -> u128 {
        self.hash ^ (u128::from(side) << 1 | u128::from(passed)).wrapping_mul(key(1 << 40))
    }

    /// The value of the position with `side` to move at `depth`, `passed` whether the last
    /// move was a pass. `depends` of the answer is `u32::MAX` when the answer holds whatever the
    /// line above this node was (a superko prohibition of this node's own position, or of one
    /// below it, is part of the node), else the depth of the shallowest position on the line
    /// above whose prohibition it rests on.
    fn solve(&mut self, side: u8, passed: bool, depth: u32) -> Value {
        let k = self.node_key(side, passed);
        if let Some(&keeps) = self.table.get(&k) {
            return Value {
                keeps,
                depends: u32::MAX,
            };
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(50_000_000) {
            eprintln!(
                "  {} M nodes, table {}",
                self.nodes / 1_000_000,
                self.table.len()
            );
        }
        if self.two_sure_eyes() {
            self.table.insert(k, true);
            return Value {
                keeps: true,
                depends: u32::MAX,
            };
        }
        let mine = side == self.owner;
        // The owner tries its pass first (two eyes or a seki hold by passing), the attacker last.
        let mut moves: Vec<Option<usize>> = Vec::new();
        if mine {
            moves.push(None);
        }
        moves.extend(self.order().into_iter().map(Some));
        if !mine {
            moves.push(None);
        }
        // The shallowest prohibition a loss rests on; the deepest one among dependent wins.
        let mut lost_depends = u32::MAX;
        let mut won: Option<u32> = None;
        for m in moves {
            let child = match m {
                None if passed => Value {
                    keeps: true,
                    depends: u32::MAX,
                },
                None => self.solve(3 - side, true, depth + 1),
                Some(p) => {
                    let Some(captured) = self.play(p, side) else {
                        continue;
                    };
                    let v = if self.cells[self.target] == EMPTY {
                        Some(Value {
                            keeps: false,
                            depends: u32::MAX,
                        })
                    } else if let Some(&d) = self.path.get(&self.hash) {
                        self.refused += 1;
                        match self.cycle {
                            // Superko: the move is refused on this line.
                            None => {
                                lost_depends = lost_depends.min(d);
                                None
                            }
                            // The cycle ends the reading.
                            Some(keeps) => Some(Value { keeps, depends: d }),
                        }
                    } else {
                        self.path.insert(self.hash, depth + 1);
                        let v = self.solve(3 - side, false, depth + 1);
                        self.path.remove(&self.hash);
                        Some(v)
                    };
                    self.undo(p, side, &captured);
                    match v {
                        Some(v) => v,
                        None => continue,
                    }
                }
            };
            // A prohibition of this node's own position (or deeper) belongs to the node.
            let d = if child.depends >= depth {
                u32::MAX
            } else {
                child.depends
            };
            if child.keeps == mine {
                if d == u32::MAX {
                    self.table.insert(k, mine);
                    return Value {
                        keeps: mine,
                        depends: u32::MAX,
                    };
                }
                won = Some(won.map_or(d, |w| w.max(d)));
            } else {
                lost_depends = lost_depends.min(d);
            }
        }
        if let Some(d) = won {
            return Value {
                keeps: mine,
                depends: d,
            };
        }
        if lost_depends >= depth {
            self.table.insert(k, !mine);
            lost_depends = u32::MAX;
        }
        Value {
            keeps: !mine,
            depends: lost_depends,
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 6 {
        eprintln!("usage: race_read FILE ID TARGET FIRST AREA [FIXED]");
        std::process::exit(2);
    }
    let (file, id, target, first, area) = (&args[1], &args[2], &args[3], &args[4], &args[5]);
    let fixed_list = args.get(6).map_or("-", String::as_str);
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/cleanup/");
    let text = std::fs::read_to_string(format!("{root}{file}")).expect("record file");
    let rec: serde_json::Value = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json"))
        .find(|v| v["id"] == id.as_str())
        .expect("record");
    let n = rec["size"].as_u64().expect("size") as usize;
    let sgf = rec["sgf"].as_str().expect("sgf");
    let mut adj = vec![Vec::new(); n * n];
    for (k, nb) in adj.iter_mut().enumerate() {
        let (y, x) = (k / n, k % n);
        if y > 0 {
            nb.push(k - n);
        }
        if y + 1 < n {
            nb.push(k + n);
        }
        if x > 0 {
            nb.push(k - 1);
        }
        if x + 1 < n {
            nb.push(k + 1);
        }
    }
    let mut r = Reader {
        n,
        adj,
        cells: vec![EMPTY; n * n],
        fixed: vec![false; n * n],
        playable: Vec::new(),
        zobrist: (0..n * n)
            .map(|k| [key(2 * k as u64 + 7), key(2 * k as u64 + 8)])
            .collect(),
        hash: 0,
        target: 0,
        owner: BLACK,
        path: HashMap::default(),
        table: HashMap::default(),
        cycle: match std::env::var("RACE_READ_CYCLE").as_deref() {
            Ok("owner") => Some(true),
            Ok("attacker") => Some(false),
            _ => None,
        },
        nodes: 0,
        refused: 0,
        mark: vec![0; n * n],
        stamp: 0,
    };
    // Replay the record: setup stones, then the moves (passes skipped).
    let b = sgf.as_bytes();
    let mut i = 0;
    let mut colour = 0u8;
    while i < b.len() {
        match b[i] {
            b';' | b'(' | b')' => colour = 0,
            b'A' if i + 1 < b.len() && (b[i + 1] == b'B' || b[i + 1] == b'W') => {
                colour = if b[i + 1] == b'B' { BLACK } else { WHITE };
                i += 1;
            }
            b'B' | b'W' if i + 1 < b.len() && b[i + 1] == b'[' => {
                colour = if b[i] == b'B' { BLACK } else { WHITE };
            }
            b'[' => {
                let end = i + sgf[i..].find(']').expect("]");
                let v = &b[i + 1..end];
                if colour != 0
                    && v.len() == 2
                    && v[0].is_ascii_lowercase()
                    && v[1].is_ascii_lowercase()
                {
                    let k = (v[1] - b'a') as usize * n + (v[0] - b'a') as usize;
                    assert!(r.play(k, colour).is_some(), "illegal record move");
                }
                i = end;
            }
            b'A'..=b'Z' => colour = 0,
            _ => {}
        }
        i += 1;
    }
    r.target = r.vertex(target);
    r.owner = r.cells[r.target];
    assert_ne!(r.owner, EMPTY, "no stone at the target");
    let attacker = 3 - r.owner;
    for v in area.split(',').filter(|v| !v.is_empty()) {
        let k = r.vertex(v);
        assert_eq!(r.cells[k], EMPTY, "{v} is not empty");
        r.playable.push(k);
    }
    let in_area: HashSet<usize> = r.playable.iter().copied().collect();
    let mut sealed = vec![false; n * n];
    for (k, seal) in sealed.iter_mut().enumerate() {
        if r.cells[k] == EMPTY && !in_area.contains(&k) {
            r.set(k, attacker);
            r.fixed[k] = true;
            *seal = true;
        }
    }
    for v in fixed_list.split(',').filter(|v| !v.is_empty() && *v != "-") {
        let k = r.vertex(v);
        assert_ne!(r.cells[k], EMPTY, "{v} is empty");
        let mut s = Vec::new();
        r.free(k, Some(&mut s));
        for p in s {
            r.fixed[p] = true;
        }
    }
    for y in 0..n {
        let mut line = format!("{:2} ", n - y);
        for x in 0..n {
            let k = y * n + x;
            let c = match (r.cells[k], r.fixed[k], in_area.contains(&k)) {
                (EMPTY, _, true) => '.',
                (BLACK, true, _) => '#',
                (_, true, _) if sealed[k] => '-',
                (WHITE, true, _) => '@',
                (BLACK, false, _) => 'X',
                (WHITE, false, _) => 'O',
                _ => '?',
            };
            line.push(c);
            line.push(' ');
        }
        println!("{line}");
    }
    let cols: String = LETTERS[..n]
        .iter()
        .map(|&c| format!("{} ", c as char))
        .collect();
    println!("   {cols}");
    println!(
        "X O: stones in the fight; # @: fixed strings; -: sealed ({} points, {} taken as the \
         attacker's fixed stones); .: the area ({} points)",
        sealed.iter().filter(|&&s| s).count(),
        if attacker == WHITE { "white" } else { "black" },
        r.playable.len()
    );
    let first_side = if first.eq_ignore_ascii_case("b") {
        BLACK
    } else {
        WHITE
    };
    let start = Instant::now();
    r.path.insert(r.hash, 0);
    let lines = std::env::var("RACE_READ_LINES").is_ok();
    let v = if lines {
        // Every first move, with its result.
        let mut moves: Vec<Option<usize>> = vec![None];
        moves.extend(r.order().into_iter().map(Some));
        for m in moves {
            let (name, keeps) = match m {
                None => ("pass".to_string(), r.solve(3 - first_side, true, 1).keeps),
                Some(p) => {
                    let Some(captured) = r.play(p, first_side) else {
                        continue;
                    };
                    let keeps = if r.cells[r.target] == EMPTY {
                        false
                    } else {
                        r.path.insert(r.hash, 1);
                        let v = r.solve(3 - first_side, false, 1).keeps;
                        r.path.remove(&r.hash);
                        v
                    };
                    r.undo(p, first_side, &captured);
                    (r.name(p), keeps)
                }
            };
            println!(
                "  first move {name}: {}",
                if keeps {
                    "target stands"
                } else {
                    "target captured"
                }
            );
        }
        r.solve(first_side, false, 0)
    } else {
        r.solve(first_side, false, 0)
    };
    println!(
        "{} first: the target {} ({} nodes, {} moves refused by superko, table {}, {:.1} s)",
        if first_side == BLACK {
            "black"
        } else {
            "white"
        },
        if v.keeps { "STANDS" } else { "IS CAPTURED" },
        r.nodes,
        r.refused,
        r.table.len(),
        start.elapsed().as_secs_f64()
    );
}
