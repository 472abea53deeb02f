//! Exact local reading of a contested group: can the opponent, moving first, capture it?
//!
//! The playouts of [`crate::policy`] decide a local fight by who happens to play there first, so
//! the guess ([`crate::guess`]) reads the groups they leave contested exactly when the fight is
//! small: the *area* of a group is what a flood from its stones reaches through empty points and
//! stones whose fate is open (contested strings, and the attacker's strings the playouts call
//! dead: the defender may capture them), stopping at the *walls*: strings whose fate the playouts
//! or Benson's algorithm settled. The walls are taken as they are judged: a living wall is never
//! captured, and a dead string of the defender's color counts as a wall of the attacker's (it is
//! the attacker's to take whenever it needs the liberties). Moves are played in the area only;
//! both sides may pass; the attacker wins when it captures the group, the defender when two
//! passes in a row leave it standing (two eyes, or a seki where neither side can approach).
//! Captures, suicide (forbidden) and ko (no position may repeat on the line being read) follow
//! the usual rules.
//!
//! The reading is a depth-first minimax with a table of positions already solved, bounded by a
//! node budget; when the area is too big or the budget runs out the answer is
//! [`Reading::Unknown`] and the guess falls back on its other rules.
//!
//! A group whose area is too big (open to the rest of the board) can still be shown to live in
//! place ([`read_sealed`]): its area is cut down to the empty points nearest to it and every
//! point beyond is *sealed*, taken as an attacker's stone that is never captured. If the group
//! lives there with the attacker moving first and every move tried, it lives on the board (the
//! sealing only takes from it). An area of more than 60 points is keyed by a 120-bit Zobrist
//! hash instead of its contents written out.

use crate::analysis::{Analysis, OFF};
use std::collections::{HashMap, HashSet, VecDeque};
use tengen_core::Color;

/// What the reading found out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    /// The opponent, moving first, captures the group.
    Dead,
    /// The group stands even when the opponent moves first (two eyes or seki).
    Alive,
    /// The area is too big or the reading ran out of its budget.
    Unknown,
}

/// How a string outside the group being read is to be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fate {
    /// Pass-alive (Benson): a wall that is never captured.
    PassAlive,
    /// Settled alive by the playouts: a wall that is never captured, unless all its
    /// liberties lie in the fight.
    Alive,
    /// Settled dead.
    Dead,
    /// Open: part of the fight.
    Open,
}

/// At most this many empty points in an area (the eye spaces of the end of a game: a rabbity
/// six with a liberty or two outside).
const MAX_EMPTY: usize = 9;
/// At most this many points in an area, stones included (the state is a 128-bit word).
const MAX_POINTS: usize = 60;
/// At most this many positions visited per reading (the fights of the corpora need under a
/// thousand).
const NODE_BUDGET: u32 = 4_000;
/// At most this many positions visited per reading of [`read_deep`].
const DEEP_NODE_BUDGET: u32 = 16_000;
/// At most this many positions visited by all the readings of one guess.
pub(crate) const GUESS_BUDGET: u32 = 8_000;

/// The sizes of a sealed reading ([`read_sealed`]), in empty points, tried in turn, the
/// smallest first: a group that lives in a small space is read out at once, a bigger space
/// costs many more positions.
const SEALED_SIZES: [usize; 3] = [6, 8, 10];
/// At most this many points in a sealed area, stones included (a point's slot is a byte).
const SEALED_MAX_POINTS: usize = 200;
/// At most this many positions visited per sealed reading.
const SEALED_NODE_BUDGET: u32 = 1_500;
/// At most this many positions visited by all the sealed readings of one guess.
pub(crate) const SEALED_GUESS_BUDGET: u32 = 3_000;

/// The hasher of a reading's 128-bit positions: foldhash's fast fixed-seed hasher (the default
/// SipHash was most of a node's time; a fixed seed keeps the guess deterministic).
type Fast = foldhash::fast::FixedState;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

fn code(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

struct Board<'a> {
    adj: &'a [[u16; 4]],
    /// The contents of every point of the whole board.
    cells: Vec<u8>,
    /// Points of walls: never captured, never played.
    fixed: Vec<bool>,
    /// Points of the area, in order; `slot[k]` is the index of point `k` in it (or `u8::MAX`).
    area: Vec<u16>,
    slot: Vec<u8>,
    /// The points of the area where moves are played.
    playable: Vec<u16>,
    target: u16,
    attacker: u8,
    defender: u8,
    memo: HashMap<u128, bool, Fast>,
    path: HashSet<u128, Fast>,
    nodes: u32,
    budget: u32,
    mark: Vec<u32>,
    stamp: u32,
    stack: Vec<u16>,
    scratch: Vec<u16>,
    /// A sealed reading ([`read_sealed`]): the defender's pass is tried before its moves.
    sealed: bool,
    /// Points where only the attacker plays: the outside liberties of a defender's wall that
    /// can be cut off ([`can_be_cut_off`]), shut in by the attacker's walls. A defender's move
    /// there only fills a liberty of its own (it touches nothing it could capture), so its pass
    /// is as good; leaving it out keeps such a reading short.
    attacker_only: Vec<bool>,
    /// Stones of the attacker's living walls (settled alive by the playouts) that joined the
    /// fight of a reading that opens them (a move in the area puts them in atari, or all their
    /// liberties lie in the area). The defender that captures two stones or more of them at
    /// once has won: the reading ends there with the target standing. Read on, such a capture
    /// opens a wide space (the wall's points, empty now) in which the attacker can try every
    /// filling order, and the budget runs out before the reading ends, which left the first,
    /// strict reading's kill standing (`japanese-dev7.jsonl` `13x13-h0-l1-s26517` at seeds 4
    /// to 6).
    opened_wall: Vec<bool>,
    /// The area has more than [`MAX_POINTS`] points: the state is hashed (Zobrist, 120 bits)
    /// instead of written out.
    hashed: bool,
    /// The Zobrist keys of a hashed state: two per point of the area (black, white), and one
    /// per ko point after them.
    zobrist: Vec<u128>,
}

/// The bits of a key that hold the state (the rest: whose move, the ko point, a pass).
const STATE_BITS: u128 = (1u128 << 120) - 1;
/// The bit of a path entry (a state and whose move) that says the attacker is to move.
const ATTACKER_TO_MOVE: u128 = 1 << 120;

/// A fixed pseudo-random 120-bit number for `i` (SplitMix64, twice): the Zobrist keys, the same
/// on every run so that the guess stays deterministic.
fn zobrist_key(i: u64) -> u128 {
    let mix = |mut z: u64| {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    ((u128::from(mix(2 * i)) << 64) | u128::from(mix(2 * i + 1))) & STATE_BITS
}

impl Board<'_> {
    fn state(&self) -> u128 {
        let mut s = 0u128;
        if self.hashed {
            for (i, &k) in self.area.iter().enumerate() {
                let c = self.cells[k as usize];
                if c != EMPTY {
                    s ^= self.zobrist[2 * i + c as usize - 1];
                }
            }
            return s;
        }
        for (i, &k) in self.area.iter().enumerate() {
            s |= u128::from(self.cells[k as usize]) << (2 * i);
        }
        s
    }

    /// The key of a position in the table: the state, whose move, the ko point, a pass.
    fn key(&self, state: u128, side: u128, ko: u8, passed: bool) -> u128 {
        let ko_bits = if self.hashed {
            if ko == u8::MAX {
                0
            } else {
                self.zobrist[2 * self.area.len() + ko as usize]
            }
        } else {
            u128::from(ko.min(63)) << 121
        };
        if self.hashed {
            (state ^ ko_bits) | side | u128::from(passed) << 127
        } else {
            state | side | ko_bits | u128::from(passed) << 127
        }
    }

    /// The playable points, the target's liberties first.
    fn liberties_first(&mut self) -> Vec<u16> {
        let mut s = std::mem::take(&mut self.scratch);
        self.string(self.target, &mut s);
        let stamp = self.stamp;
        let mut order = Vec::with_capacity(self.playable.len());
        for &p in &s {
            for &n in &self.adj[p as usize] {
                if n != OFF
                    && self.cells[n as usize] == EMPTY
                    && self.slot[n as usize] != u8::MAX
                    && self.mark[n as usize] != stamp
                {
                    self.mark[n as usize] = stamp;
                    order.push(n);
                }
            }
        }
        self.scratch = s;
        order.retain(|k| self.playable.contains(k));
        for &k in &self.playable {
            if self.mark[k as usize] != stamp {
                order.push(k);
            }
        }
        order
    }

    /// The stones of the string at `k` (into `out`) and whether it has a liberty or a fixed
    /// stone (then it cannot be captured).
    fn string(&mut self, k: u16, out: &mut Vec<u16>) -> bool {
        out.clear();
        self.stamp += 1;
        let c = self.cells[k as usize];
        let mut free = false;
        self.stack.clear();
        self.stack.push(k);
        self.mark[k as usize] = self.stamp;
        while let Some(p) = self.stack.pop() {
            out.push(p);
            if self.fixed[p as usize] {
                free = true;
            }
            for &n in &self.adj[p as usize] {
                if n == OFF || self.mark[n as usize] == self.stamp {
                    continue;
                }
                let v = self.cells[n as usize];
                if v == EMPTY {
                    free = true;
                } else if v == c {
                    self.mark[n as usize] = self.stamp;
                    self.stack.push(n);
                }
            }
        }
        free
    }

    /// Whether the string at `k` has a liberty or a fixed stone, as [`Self::string`] says, but
    /// stopping at the first one found: a move's capture test, where most strings have a
    /// liberty next to where the flood starts and a big string need not be walked whole.
    fn string_is_free(&mut self, k: u16) -> bool {
        self.stamp += 1;
        let c = self.cells[k as usize];
        self.stack.clear();
        self.stack.push(k);
        self.mark[k as usize] = self.stamp;
        while let Some(p) = self.stack.pop() {
            if self.fixed[p as usize] {
                return true;
            }
            for &n in &self.adj[p as usize] {
                if n == OFF || self.mark[n as usize] == self.stamp {
                    continue;
                }
                let v = self.cells[n as usize];
                if v == EMPTY {
                    return true;
                } else if v == c {
                    self.mark[n as usize] = self.stamp;
                    self.stack.push(n);
                }
            }
        }
        false
    }

    /// Whether the target has two liberties the attacker can never fill: empty points whose
    /// neighbours are all the target's stones or the defender's walls. A move there is suicide
    /// as long as the other one is empty, so the target can never be captured.
    fn two_sure_eyes(&mut self) -> bool {
        let mut s = std::mem::take(&mut self.scratch);
        self.string(self.target, &mut s);
        let stamp = self.stamp;
        let mut first = OFF;
        let mut two = false;
        'stones: for &p in &s {
            for &l in &self.adj[p as usize] {
                if l == OFF || l == first || self.cells[l as usize] != EMPTY {
                    continue;
                }
                let sure = self.adj[l as usize].iter().all(|&m| {
                    m == OFF
                        || self.mark[m as usize] == stamp
                        || (self.fixed[m as usize] && self.cells[m as usize] == self.defender)
                });
                if sure {
                    if first != OFF {
                        two = true;
                        break 'stones;
                    }
                    first = l;
                }
            }
        }
        self.scratch = s;
        two
    }

    /// Plays `color` at `k`: `None` when illegal (suicide or the ko point), else the captured
    /// stones and the new ko point.
    fn play(&mut self, k: u16, color: u8, ko: u8) -> Option<(Vec<u16>, u8)> {
        if self.slot[k as usize] == ko {
            return None;
        }
        self.cells[k as usize] = color;
        let enemy = 3 - color;
        let mut captured = Vec::new();
        let mut s = Vec::new();
        for i in 0..4 {
            let n = self.adj[k as usize][i];
            if n == OFF || self.cells[n as usize] != enemy || self.fixed[n as usize] {
                continue;
            }
            if !self.string_is_free(n) {
                self.string(n, &mut s);
                for &p in &s {
                    self.cells[p as usize] = EMPTY;
                }
                captured.extend_from_slice(&s);
            }
        }
        if !self.string_is_free(k) {
            self.cells[k as usize] = EMPTY;
            return None;
        }
        // A string of one stone: no neighbour of its color.
        let single = self.adj[k as usize]
            .iter()
            .all(|&n| n == OFF || self.cells[n as usize] != color)
            && self.adj[k as usize]
                .iter()
                .filter(|&&n| n != OFF && self.cells[n as usize] == EMPTY)
                .count()
                == 1;
        let new_ko = if captured.len() == 1 && single {
            self.slot[captured[0] as usize]
        } else {
            u8::MAX
        };
        Some((captured, new_ko))
    }

    fn undo(&mut self, k: u16, captured: &[u16], color: u8) {
        self.cells[k as usize] = EMPTY;
        for &p in captured {
            self.cells[p as usize] = 3 - color;
        }
    }

    /// Whether the attacker's capture of the target, just played (`captured` the stones it
    /// took, `ko` the point that may not be retaken), stands: it does not when the target is a
    /// single stone and the defender retakes at once on its point, capturing the stones that
    /// took it (a snapback: the capturing string was left with the target's point as its only
    /// liberty; a single stone's retake of a single stone is a ko, refused). The target then
    /// stands where it stood, and the reading goes on from the retake, the attacker to move;
    /// the defender's other answers are not read (they leave the target captured). A target of
    /// several stones is lost with its capture: a retake on its point brings back one stone.
    /// `None`: out of budget, or a result the line's history decided.
    fn after_capture(&mut self, captured: &[u16], ko: u8) -> Option<bool> {
        let t = self.target;
        if self.slot[t as usize] == u8::MAX
            || self.adj[t as usize]
                .iter()
                .any(|n| *n != OFF && captured.contains(n))
        {
            return Some(true);
        }
        let defender = self.defender;
        let Some((captured, new_ko)) = self.play(t, defender, ko) else {
            return Some(true);
        };
        let value = if captured.is_empty() {
            Some(true)
        } else if self.path.contains(&(self.state() | ATTACKER_TO_MOVE)) {
            // The retake repeats a position of the line: refused there, a result that
            // holds on this line only (not stored).
            None
        } else {
            self.attacker_wins(true, new_ko, false)
        };
        self.undo(t, &captured, defender);
        value
    }

    /// Whether the attacker captures the target, `attacker_to_move` first, `ko` the point
    /// that may not be retaken, `passed` whether the last move was a pass. `None`: out of
    /// budget.
    fn attacker_wins(&mut self, attacker_to_move: bool, ko: u8, passed: bool) -> Option<bool> {
        let state = self.state();
        // The state takes 2 bits per point, at most 120 bits (or a 120-bit hash of a bigger
        // area); the rest says whose move it is, the ko point (6 bits, 63 for none) and
        // whether the last move was a pass.
        let side = if attacker_to_move {
            ATTACKER_TO_MOVE
        } else {
            0
        };
        let key = self.key(state, side, ko, passed);
        if let Some(&v) = self.memo.get(&key) {
            return Some(v);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        if self.two_sure_eyes() {
            self.memo.insert(key, false);
            return Some(false);
        }
        self.path.insert(state | side);
        let color = if attacker_to_move {
            self.attacker
        } else {
            self.defender
        };
        let mut result = !attacker_to_move;
        let mut exact = true;
        // The target's liberties are tried first: a good first move saves most of the work
        // (a capture of a string in atari, tried first, ends a reading that would otherwise
        // read every other move out before it: `japanese-heldout13.jsonl` `9x9-h0-l1-s66007`,
        // white's D9 E9 E8 in atari, ran out of 4,000 positions).
        let order = self.liberties_first();
        let count = order.len();
        // A sealed reading tries the defender's pass before its moves: in a seki, or once it
        // has two eyes, passing is what holds, and any move of its own is read out in vain
        // first. Otherwise the pass comes after every move.
        let pass_at = if self.sealed && !attacker_to_move {
            0
        } else {
            count
        };
        'moves: {
            for step in 0..=count {
                if step == pass_at {
                    // A pass: two in a row end the reading with the target standing.
                    let value = if passed {
                        Some(false)
                    } else {
                        self.attacker_wins(!attacker_to_move, u8::MAX, true)
                    };
                    match value {
                        Some(v) if v == attacker_to_move => {
                            result = v;
                            break 'moves;
                        }
                        Some(_) => {}
                        None if self.nodes > self.budget => {
                            self.path.remove(&(state | side));
                            return None;
                        }
                        None => exact = false,
                    }
                    continue;
                }
                let i = if step > pass_at { step - 1 } else { step };
                let k = order[i];
                if self.cells[k as usize] != EMPTY
                    || (!attacker_to_move && self.attacker_only[k as usize])
                {
                    continue;
                }
                let Some((captured, new_ko)) = self.play(k, color, ko) else {
                    continue;
                };
                let value = if self.cells[self.target as usize] == EMPTY {
                    self.after_capture(&captured, new_ko)
                } else if !attacker_to_move
                    && captured.len() >= 2
                    && captured.iter().any(|&c| self.opened_wall[c as usize])
                {
                    // The defender took two stones or more of an opened wall: it lives (see
                    // `opened_wall`).
                    Some(false)
                } else if self
                    .path
                    .contains(&(self.state() | (side ^ ATTACKER_TO_MOVE)))
                {
                    None
                } else {
                    match self.attacker_wins(!attacker_to_move, new_ko, false) {
                        Some(v) => Some(v),
                        None if self.nodes > self.budget => {
                            self.undo(k, &captured, color);
                            self.path.remove(&(state | side));
                            return None;
                        }
                        None => None,
                    }
                };
                self.undo(k, &captured, color);
                match value {
                    Some(v) if v == attacker_to_move => {
                        result = v;
                        break 'moves;
                    }
                    Some(_) => {}
                    None => exact = false,
                }
            }
        }
        self.path.remove(&(state | side));
        if exact || result == attacker_to_move {
            self.memo.insert(key, result);
        }
        Some(result)
    }
}

/// Reads the string `target` of `a` (a group id) with the attacker moving first, the other
/// strings taken as `fate` says (one entry per group of `a`), visiting at most `budget`
/// positions (and [`NODE_BUDGET`]); what it visits is taken off `budget`.
///
/// The attacker's walls are first taken as never captured. When that reading kills the target
/// it is read once more with the attacker's walls that a move in the area puts in atari (one
/// liberty in the area, one outside) joining the fight, their liberty outside open to both
/// sides: the defender may take such a wall to live. The target is alive if it lives there
/// (that reading only adds defences), dead otherwise.
pub(crate) fn read(a: &Analysis, target: usize, fate: &[Fate], budget: &mut u32) -> Reading {
    read_then_open_attacker(a, target, fate, budget, STRICT, true, SMALL)
}

/// No wall opened: the first reading of [`read`] and [`read_deep`].
const STRICT: Open = Open {
    attacker: false,
    defender: false,
};

/// [`read`] with up to [`DEEP_NODE_BUDGET`] positions per reading instead of [`NODE_BUDGET`]:
/// for the few groups a guess would otherwise kill on the territory map's word alone (the seki
/// check, `guess.rs` `settle_seki`), where a fight in a small area can take more positions than
/// the contested groups' readings may spend.
pub(crate) fn read_deep(a: &Analysis, target: usize, fate: &[Fate], budget: &mut u32) -> Reading {
    let deep = Limits {
        nodes: DEEP_NODE_BUDGET,
        ..SMALL
    };
    read_then_open_attacker(a, target, fate, budget, STRICT, true, deep)
}

/// Reads `target` in its area with the walls `first` opens joining the fight (the attacker
/// moving first or not); when that captures it, once more with the attacker's walls joining
/// too: alive when it lives there, dead otherwise (a second reading that does not finish leaves
/// the first one's answer). The second half of [`read`] and of [`read_race`].
fn read_then_open_attacker(
    a: &Analysis,
    target: usize,
    fate: &[Fate],
    budget: &mut u32,
    first: Open,
    attacker_first: bool,
    limits: Limits,
) -> Reading {
    match read_area(a, target, fate, budget, first, attacker_first, limits) {
        Reading::Dead => {
            let open = Open {
                attacker: true,
                ..first
            };
            match read_area(a, target, fate, budget, open, attacker_first, limits) {
                Reading::Alive => Reading::Alive,
                _ => Reading::Dead,
            }
        }
        r => r,
    }
}

/// The size of a reading: the most empty points and points of an area, the most positions
/// visited, and what happens beyond the area's size: no answer ([`Reading::Unknown`]), or the
/// area sealed ([`read_sealed`]).
#[derive(Debug, Clone, Copy)]
struct Limits {
    empty: usize,
    points: usize,
    nodes: u32,
    seal: bool,
}

const SMALL: Limits = Limits {
    empty: MAX_EMPTY,
    points: MAX_POINTS,
    nodes: NODE_BUDGET,
    seal: false,
};

/// The limits of [`read_sealed`].
const SEALED: Limits = Limits {
    empty: SEALED_SIZES[0],
    points: SEALED_MAX_POINTS,
    nodes: SEALED_NODE_BUDGET,
    seal: true,
};

/// Whether the string `target` of `a` lives in place, for a group whose area is too big for
/// [`read`] (it is open to the rest of the board). The area is cut down to a few empty points
/// ([`SEALED_SIZES`], tried in turn): first the empty regions the group touches that fit
/// whole, the smallest first (its eye space, never cut in two), then the empty points nearest
/// to it, breadth first. Every point beyond is *sealed*: taken as a stone of the attacker that
/// is never captured (the group can neither run out nor count on anything out there). The
/// strings outside are taken as `fate` says, like [`read`]. The attacker moves first and is
/// given every move of the area (full width, like [`read`], so that no killing move is
/// missed; GNU Go's owl reading, by contrast, tries a few chosen moves and may miss one).
/// [`Reading::Alive`] when the group stands all the same (two eyes, or seki, in the space it
/// has): the sealing only takes from the defender (space, liberties, the chance to capture
/// what it touches), so that answer holds on the whole board. [`Reading::Dead`] says only
/// that it cannot live in the biggest of those spaces read out within the budget (it may
/// still run out, connect, or live in more space); [`Reading::Unknown`], that not even the
/// smallest was read out.
pub(crate) fn read_sealed(a: &Analysis, target: usize, fate: &[Fate], budget: &mut u32) -> Reading {
    let mut answer = Reading::Unknown;
    for empty in SEALED_SIZES {
        let limits = Limits { empty, ..SEALED };
        match read_area(a, target, fate, budget, STRICT, true, limits) {
            Reading::Alive => return Reading::Alive,
            Reading::Dead => answer = Reading::Dead,
            Reading::Unknown => break,
        }
    }
    answer
}

/// At most this many empty points in the eye space read by [`read_eye_space`] (the regions a
/// big group of the fifteenth set, `13x13-h3-l2-s58713`, lives in hold 11).
pub(crate) const EYE_SPACE_MAX_EMPTY: usize = 11;
/// At most this many positions visited per reading of [`read_eye_space`] (that group's two
/// strings take about 200,000 and 165,000 positions).
const EYE_SPACE_NODE_BUDGET: u32 = 250_000;
/// At most this many positions visited by all the readings of [`read_eye_space`] of one guess.
pub(crate) const EYE_SPACE_GUESS_BUDGET: u32 = 500_000;

/// Whether the string `target` of `a` lives in its whole eye space: [`read_sealed`] with the
/// area made of every empty region the string touches, each taken in whole (at most
/// [`EYE_SPACE_MAX_EMPTY`] points in all, else [`Reading::Unknown`] at once), and everything
/// beyond sealed. The sizes [`read_sealed`] tries can cut such a space in two (a point of it
/// sealed as the attacker's is a free move of the attacker), so a group that lives only by
/// the whole of its space is found dead there. [`Reading::Alive`] holds on the whole board
/// for the same reason as [`read_sealed`]'s; it costs many more positions
/// ([`EYE_SPACE_NODE_BUDGET`]), so the guess asks it only of big strings it would otherwise
/// call dead.
pub(crate) fn read_eye_space(
    a: &Analysis,
    target: usize,
    fate: &[Fate],
    budget: &mut u32,
) -> Reading {
    let empty: usize = a.groups[target]
        .territories
        .iter()
        .map(|t| a.territories[t.0 as usize].points.len())
        .sum();
    if empty > EYE_SPACE_MAX_EMPTY {
        return Reading::Unknown;
    }
    let limits = Limits {
        empty,
        nodes: EYE_SPACE_NODE_BUDGET,
        ..SEALED
    };
    read_area(a, target, fate, budget, STRICT, true, limits)
}

/// Reads the string `target` of `a` like [`read`] but with its owner moving first, and with
/// the walls of both colors that a move in the area puts in atari joining the fight (the
/// owner's own move may put the wall it joins in atari): whether the target is lost even
/// when its owner moves first. [`Reading::Dead`] only when that reading captures it.
pub(crate) fn read_owner_first(
    a: &Analysis,
    target: usize,
    fate: &[Fate],
    budget: &mut u32,
) -> Reading {
    let open = Open {
        attacker: true,
        defender: true,
    };
    read_area(a, target, fate, budget, open, false, SMALL)
}

/// Reads the string `target` of `a` in a capturing race ([`crate::guess`], `settle_races`):
/// whether it is lost **whoever moves first**. The attacker moving first, it is read as
/// [`read`] reads it. Its owner moving first, it is read with the owner's walls that a move in
/// the area puts in atari joining the fight (its own move may put the wall it joins in atari),
/// and when that kills it, once more with the attacker's walls so joining too; it is alive
/// when it lives there, dead otherwise (as in [`read`], a second reading that does not finish
/// leaves the first one's answer). [`Reading::Dead`] when both capture it; [`Reading::Alive`]
/// when one of them leaves it standing; [`Reading::Unknown`] when a first reading does not
/// finish.
///
/// The string can only be found dead when the owner-first reading finishes, so that reading's
/// area is drawn first (a flood, no search): when it is too big to read (no answer, whatever
/// the budget), nothing is read and the answer is [`Reading::Unknown`]. No kill is lost (the
/// readings could only have answered alive or unknown, never dead), and none of the budget
/// goes to the attacker-first reading of a string that cannot be found dead.
pub(crate) fn read_race(a: &Analysis, target: usize, fate: &[Fate], budget: &mut u32) -> Reading {
    let first = Open {
        attacker: false,
        defender: true,
    };
    if flood(a, target, fate, first, SMALL).is_none() {
        return Reading::Unknown;
    }
    match read(a, target, fate, budget) {
        Reading::Dead => read_then_open_attacker(a, target, fate, budget, first, false, SMALL),
        r => r,
    }
}

/// Which walls that a move in the area puts in atari (a liberty in the area and only one
/// outside it) join the fight: the attacker's, the defender's.
#[derive(Debug, Clone, Copy)]
struct Open {
    attacker: bool,
    defender: bool,
}

/// Whether the wall `g` (a string the playouts settled alive) can be cut off from its life in
/// the fight: every *link* it has, a liberty that touches another living string of its color
/// (settled alive or pass-alive, not the target), lies in the area, and it has one. Its
/// stones then live only as long as the defender holds those points, so the wall is no wall:
/// it joins the fight (a cut there can leave it, and the target it would save, with one eye).
/// A string with no link lives on its own, and one with a link outside the area connects out
/// whatever happens in it. (The caller also asks that the wall's liberties outside the area be
/// shut in by the attacker's walls, so that it cannot run out either.)
fn can_be_cut_off(a: &Analysis, g: usize, target: usize, fate: &[Fate], in_area: &[bool]) -> bool {
    let color = a.groups[g].color;
    let mut linked = false;
    for &l in &a.groups[g].liberties {
        let link = a.adj[l as usize].iter().any(|&m| {
            m != OFF
                && a.cells[m as usize] == Some(color)
                && a.group_of[m as usize] as usize != g
                && a.group_of[m as usize] as usize != target
                && matches!(
                    fate[a.group_of[m as usize] as usize],
                    Fate::Alive | Fate::PassAlive
                )
        });
        if link {
            if !in_area[l as usize] {
                return false;
            }
            linked = true;
        }
    }
    linked
}

/// One reading of [`read`] or [`read_owner_first`]: `open` says which walls one move puts in
/// atari join the fight, `attacker_first` who moves first.
fn read_area(
    a: &Analysis,
    target: usize,
    fate: &[Fate],
    budget: &mut u32,
    open: Open,
    attacker_first: bool,
    limits: Limits,
) -> Reading {
    if *budget == 0 {
        return Reading::Unknown;
    }
    let Some(Area {
        mut cells,
        mut fixed,
        closed,
        mut area,
        sealed,
        cut_off_liberty,
    }) = flood(a, target, fate, open, limits)
    else {
        return Reading::Unknown;
    };
    let n = a.cells.len();
    let attacker_color = a.groups[target].color.opponent();
    let defender_color = a.groups[target].color;
    for &k in &sealed {
        cells[k as usize] = code(attacker_color);
        fixed[k as usize] = true;
    }
    let mut slot = vec![u8::MAX; n];
    area.sort_unstable();
    for (i, &k) in area.iter().enumerate() {
        slot[k as usize] = i as u8;
    }
    let hashed = area.len() > MAX_POINTS;
    let zobrist = if hashed {
        (0..3 * area.len() as u64).map(zobrist_key).collect()
    } else {
        Vec::new()
    };
    // A wall that joined the fight because it can be cut off makes the fight longer (the
    // attacker must fill the wall's own liberties too): such a reading gets twice the budget.
    let nodes = if cut_off_liberty.iter().any(|&c| c) {
        2 * limits.nodes
    } else {
        limits.nodes
    };
    let opened_wall: Vec<bool> = (0..n)
        .map(|k| {
            open.attacker
                && a.cells[k] == Some(attacker_color)
                && !fixed[k]
                && fate[a.group_of[k] as usize] == Fate::Alive
        })
        .collect();
    let mut b = Board {
        opened_wall,
        adj: &a.adj,
        cells,
        fixed,
        playable: area
            .iter()
            .copied()
            .filter(|&k| !closed[k as usize])
            .collect(),
        hashed,
        sealed: limits.seal,
        attacker_only: cut_off_liberty,
        zobrist,
        area,
        slot,
        target: a.groups[target].stones[0],
        attacker: code(attacker_color),
        defender: code(defender_color),
        memo: HashMap::default(),
        path: HashSet::default(),
        nodes: 0,
        budget: nodes.min(*budget),
        mark: vec![0; n],
        stamp: 0,
        stack: Vec::new(),
        scratch: Vec::new(),
    };
    let result = b.attacker_wins(attacker_first, u8::MAX, false);
    *budget = budget.saturating_sub(b.nodes);
    match result {
        Some(true) => Reading::Dead,
        Some(false) => Reading::Alive,
        None => Reading::Unknown,
    }
}

/// The points of a reading of [`read_area`] and what stands on them, as its flood draws them.
struct Area {
    /// The board's cells, coded.
    cells: Vec<u8>,
    /// Stones taken as never captured (the walls).
    fixed: Vec<bool>,
    /// Points where no move is played (the defender's dead strings).
    closed: Vec<bool>,
    /// The points of the area.
    area: Vec<u16>,
    /// Points beyond the area of a sealed reading, taken as the attacker's stones.
    sealed: Vec<u16>,
    /// Outside liberties of the defender's walls that can be cut off (only the attacker plays
    /// there).
    cut_off_liberty: Vec<bool>,
}

/// Draws the area of a reading of [`read_area`] (see there); `None` when it is too big for
/// `limits` (a reading that is not sealed then has no answer: [`Reading::Unknown`] at once,
/// whatever its budget).
fn flood(a: &Analysis, target: usize, fate: &[Fate], open: Open, limits: Limits) -> Option<Area> {
    let n = a.cells.len();
    let defender_color = a.groups[target].color;
    let attacker_color = defender_color.opponent();
    let cells: Vec<u8> = a.cells.iter().map(|c| c.map_or(EMPTY, code)).collect();
    let mut fixed = vec![false; n];
    // Points where no move is played: those of the defender's dead strings (once the attacker
    // takes them they are its liberties, not a place to fight in).
    let mut closed = vec![false; n];
    for (g, group) in a.groups.iter().enumerate() {
        if g == target {
            continue;
        }
        match fate[g] {
            Fate::Alive | Fate::PassAlive => {
                for &s in &group.stones {
                    fixed[s as usize] = true;
                }
            }
            Fate::Dead if group.color == defender_color => {
                for &s in &group.stones {
                    closed[s as usize] = true;
                }
            }
            _ => {}
        }
    }
    // The area: a flood from the target through everything that is not a wall. A wall whose
    // liberties all lie in the area is no independent wall: its life is part of the fight
    // (it is read too), so the flood is made again through it. As `open` says, neither is a
    // wall with a liberty in the area and only one outside it: a move in the area puts it in
    // atari, and then the other side can take it. It joins the fight, and
    // its liberty outside becomes a point of the area where both sides may play (to take it,
    // or to extend it), but the flood stops there: the open space beyond is no part of the
    // fight. Nor, outside a sealed reading, is a wall of the defender's that can be cut off
    // ([`can_be_cut_off`]: its only links to its living friends are points of the area) and
    // whose liberties outside are shut in by the attacker's walls: it joins the fight, its
    // liberties outside become points of the area where only the attacker plays (and they do
    // not count as the area's empty points).
    let mut area: Vec<u16> = Vec::new();
    let mut in_area = vec![false; n];
    let mut stop = vec![false; n];
    let mut sealed: Vec<u16> = Vec::new();
    let mut counted = vec![false; n];
    // The outside liberties of the defender's walls that can be cut off (below): points of the
    // area that do not count towards its empty points (they are the wall's, not the fight's
    // space, and the flood stops there).
    let mut cut_off_liberty = vec![false; n];
    loop {
        counted.iter_mut().for_each(|v| *v = false);
        area.clear();
        sealed.clear();
        in_area.iter_mut().for_each(|v| *v = false);
        // Breadth first from every stone of the target, so that a sealed reading keeps the
        // points nearest to the group. A sealed reading first takes in whole the empty regions
        // the target touches that fit, the smallest first: its eye space, never cut in two by
        // the sealing.
        let mut queue: VecDeque<u16> = a.groups[target].stones.iter().copied().collect();
        for &k in &queue {
            in_area[k as usize] = true;
        }
        let mut empties = 0;
        if limits.seal {
            let mut regions: Vec<&[u16]> = a.groups[target]
                .territories
                .iter()
                .map(|t| a.territories[t.0 as usize].points.as_slice())
                .collect();
            regions.sort_by_key(|r| r.len());
            for r in regions {
                if empties + r.len() > limits.empty {
                    break;
                }
                empties += r.len();
                for &k in r {
                    in_area[k as usize] = true;
                    counted[k as usize] = true;
                    queue.push_back(k);
                }
            }
        }
        let mut full = false;
        while let Some(k) = queue.pop_front() {
            if !full && area.len() >= limits.points {
                if !limits.seal {
                    return None;
                }
                full = true;
            }
            if !full
                && cells[k as usize] == EMPTY
                && !closed[k as usize]
                && !counted[k as usize]
                && !cut_off_liberty[k as usize]
            {
                if empties == limits.empty {
                    if !limits.seal {
                        return None;
                    }
                    full = true;
                } else {
                    empties += 1;
                }
            }
            if full && !counted[k as usize] {
                // Sealed: the point is taken as a stone of the attacker that is never captured.
                in_area[k as usize] = false;
                sealed.push(k);
                continue;
            }
            area.push(k);
            if stop[k as usize] {
                continue;
            }
            for &m in &a.adj[k as usize] {
                if m != OFF && !in_area[m as usize] && !fixed[m as usize] {
                    in_area[m as usize] = true;
                    queue.push_back(m);
                }
            }
        }
        if a.groups[target]
            .stones
            .iter()
            .any(|&k| !in_area[k as usize])
        {
            return None;
        }
        let mut changed = false;
        for (g, group) in a.groups.iter().enumerate() {
            if fate[g] != Fate::Alive
                || !fixed[group.stones[0] as usize]
                || !group.stones.iter().any(|&s| {
                    a.adj[s as usize]
                        .iter()
                        .any(|&m| m != OFF && in_area[m as usize])
                })
            {
                continue;
            }
            let outside: Vec<u16> = group
                .liberties
                .iter()
                .copied()
                .filter(|&l| !in_area[l as usize])
                .collect();
            let inside = group.liberties.len() - outside.len();
            let opened = if group.color == attacker_color {
                open.attacker
            } else {
                open.defender
            };
            let in_atari_by_one_move = opened && outside.len() == 1 && inside > 0;
            let cuttable = !limits.seal
                && group.color == defender_color
                && !outside.is_empty()
                && can_be_cut_off(a, g, target, fate, &in_area)
                && outside.iter().all(|&l| {
                    // Shut in: the wall cannot run out through its liberties outside.
                    a.adj[l as usize].iter().all(|&m| {
                        m == OFF
                            || a.group_of[m as usize] as usize == g
                            || outside.contains(&m)
                            || (cells[m as usize] == code(attacker_color) && fixed[m as usize])
                    })
                });
            if outside.is_empty() || in_atari_by_one_move || cuttable {
                for &s in &group.stones {
                    fixed[s as usize] = false;
                }
                for &l in &outside {
                    stop[l as usize] = true;
                    if cuttable {
                        cut_off_liberty[l as usize] = true;
                    }
                }
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Some(Area {
        cells,
        fixed,
        closed,
        area,
        sealed,
        cut_off_liberty,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_from_rows;

    fn read_at(rows: &[&str], x: usize, y: usize) -> Reading {
        read_with_open(rows, (x, y), &[])
    }

    /// Reads the string at `target` (column, row from the top); the strings at `open` are part
    /// of the fight, every other string is a living wall.
    fn read_with_open(rows: &[&str], target: (usize, usize), open: &[(usize, usize)]) -> Reading {
        read_with(rows, target, open, Fate::PassAlive)
    }

    /// The same with every other string taken as `walls` says.
    fn read_with(
        rows: &[&str],
        target: (usize, usize),
        open: &[(usize, usize)],
        walls: Fate,
    ) -> Reading {
        read_by(rows, target, open, walls, &[(read, GUESS_BUDGET)])[0]
    }

    /// One of the readings of this module, as the guess calls them.
    type Reader = fn(&Analysis, usize, &[Fate], &mut u32) -> Reading;

    /// Reads the string at `target` with each of `readers`, each with its own budget; the
    /// strings at `open` are part of the fight, every other string is taken as `walls` says.
    fn read_by(
        rows: &[&str],
        target: (usize, usize),
        open: &[(usize, usize)],
        walls: Fate,
        readers: &[(Reader, u32)],
    ) -> Vec<Reading> {
        let board = board_from_rows(rows).unwrap();
        let a = Analysis::new(&board);
        let w = board.width();
        let group = |(x, y): (usize, usize)| a.group_of[y * w + x] as usize;
        let mut fate: Vec<Fate> = (0..a.groups.len()).map(|_| walls).collect();
        for &p in open {
            fate[group(p)] = Fate::Open;
        }
        readers
            .iter()
            .map(|&(reader, budget)| {
                let mut budget = budget;
                reader(&a, group(target), &fate, &mut budget)
            })
            .collect()
    }

    /// Reads the string at `target` with [`read_race`] and with [`read`] (the attacker first
    /// only), the strings at `open` part of the fight, every other string a pass-alive wall.
    fn race_at(
        rows: &[&str],
        target: (usize, usize),
        open: &[(usize, usize)],
    ) -> (Reading, Reading) {
        let r = read_by(
            rows,
            target,
            open,
            Fate::PassAlive,
            &[(read_race, GUESS_BUDGET), (read, GUESS_BUDGET)],
        );
        (r[0], r[1])
    }

    /// A capturing race between black's B3..F3 (five stones, no eye) and white's B2..F2 (five
    /// stones, no eye) on a board four rows high, every other string a living wall. Black's
    /// liberties are B4 C4 D4 on the upper edge, between white's walls (each white stone
    /// played there joins a wall and is never captured); white's are B1..F1 on the lower edge,
    /// between black's walls. Three liberties against five, none shared: white moving first
    /// fills black's three while black fills two of its five; black moving first fills three
    /// while white fills black's three. Black's string is captured whoever moves first: dead.
    ///
    /// With E1 and F1 black (white left the three liberties B1 C1 D1), three against three:
    /// the side that moves first wins. White first captures black's string ([`read`] says
    /// dead), but black first takes white's five stones and then joins its walls through the
    /// space they leave: the race reading, which asks for a capture whoever moves first, says
    /// alive.
    #[test]
    fn a_race_is_dead_only_when_lost_whoever_moves_first() {
        let mut rows = [
            "O...OOOO", //
            "OXXXXXOO", //
            "XOOOOOXX", //
            "X.....XX",
        ];
        assert_eq!(
            race_at(&rows, (1, 1), &[(1, 2)]),
            (Reading::Dead, Reading::Dead),
            "three liberties against five: lost whoever moves first"
        );
        rows[3] = "X...XXXX";
        assert_eq!(
            race_at(&rows, (1, 1), &[(1, 2)]),
            (Reading::Alive, Reading::Dead),
            "three against three: black saves it by moving first"
        );
    }

    /// A black group in the corner around a straight three (A1, B1, C1), white's living wall
    /// all around: white plays the middle point B1, black can only fill A1 or C1 and is left
    /// with one eye, which white fills. Dead.
    #[test]
    fn a_straight_three_dies_when_the_attacker_moves_first() {
        let rows = [
            "OOOOOO", //
            "XXXXOO", //
            "...XOO",
        ];
        assert_eq!(read_at(&rows, 0, 1), Reading::Dead);
    }

    /// The same group around a straight four (A1..D1) lives: white plays B1 or C1 and black
    /// answers on the other one, leaving two separate one-point eyes; white on A1 or D1 is
    /// answered in the middle the same way.
    #[test]
    fn a_straight_four_lives() {
        let rows = [
            "OOOOOOO", //
            "XXXXXOO", //
            "....XOO",
        ];
        assert_eq!(read_at(&rows, 0, 1), Reading::Alive);
    }

    /// A bulky five in the corner: A1, B1, C1, A2, B2 empty. White plays the vital point B2
    /// (touching all four others); black can no longer divide the space into two eyes. Dead.
    #[test]
    fn a_bulky_five_dies_when_the_attacker_moves_first() {
        let rows = [
            "OOOOOO", //
            "XXXXOO", //
            "..XXOO", //
            "...XOO",
        ];
        assert_eq!(read_at(&rows, 0, 1), Reading::Dead);
    }

    /// A black group with one sure eye (F2) and a straight three on the edge (C1 D1 E1): white
    /// plays the middle D1, black answers E1 (or C1), and white's stone can only be captured,
    /// never saved (C1 for white would be suicide): the second eye. Alive, and it shows the
    /// reading does not confuse one nakade shape with a dead group.
    #[test]
    fn a_straight_three_beside_a_sure_eye_lives() {
        let rows = [
            "OOOOOOOO", //
            "OXXXXXXO", //
            "OXXXX.XO", //
            "OX...XXO",
        ];
        assert_eq!(read_at(&rows, 1, 1), Reading::Alive);
    }

    /// No seki although it looks like one: white's U-shaped string (B3..F3, B2, B1, F2, F1)
    /// and black's string inside it (C2, D2, E2, D1) have no eye and share their only two
    /// liberties, C1 and E1, inside black's living outer wall. White cannot approach (white
    /// C1 leaves white's string one liberty, and black takes its nine stones at E1), so black's
    /// inner string stands. Black can: it throws in at C1, white must take the five stones at
    /// E1, and the space it gets, C1 D1 C2 D2 E2, is a bulky five; black plays its vital point
    /// D2 and white has one eye. The reading finds the sacrifice.
    #[test]
    fn a_sacrifice_that_leaves_a_bulky_five_kills() {
        let rows = [
            "XXXXXXX.", //
            "XOOOOOX.", //
            "XOXXXOX.", //
            "XO.X.OX.",
        ];
        assert_eq!(read_with_open(&rows, (1, 1), &[(2, 2)]), Reading::Dead);
        assert_eq!(read_with_open(&rows, (2, 2), &[(1, 1)]), Reading::Alive);
    }

    /// The same white string with E1 filled by black (E1 joins black's inner string, which
    /// keeps the liberty C1): white has one liberty left, C1, and black takes the whole string
    /// there. Dead.
    #[test]
    fn a_string_with_one_liberty_dies() {
        let rows = [
            "XXXXXXX.", //
            "XOOOOOX.", //
            "XOXXXOX.", //
            "XO.XXOX.",
        ];
        assert_eq!(read_with_open(&rows, (1, 1), &[(2, 2)]), Reading::Dead);
    }

    /// A snapback: black's stone at D8 (row 2 here) and white's B9 C9 C8 share their one
    /// liberty, D9. White D9 takes black's stone, but its four stones are then left with D8
    /// only, and black takes them back there: the stone stands where it stood, white moving
    /// first (black's E9 and the walls are never captured).
    #[test]
    fn a_stone_taken_in_a_snapback_stands() {
        let rows = [
            "XOO.X.", //
            "XXOXO.", //
            "XXXOOO", //
            "......",
        ];
        assert_eq!(read_with_open(&rows, (3, 1), &[(1, 0)]), Reading::Alive);
    }

    /// A ko is no snapback: white's C2 (row 2 here) takes black's lone stone, and black may not
    /// take back at once: the stone is lost, white moving first.
    #[test]
    fn a_stone_taken_in_a_ko_is_lost() {
        let rows = [
            ".XO..", //
            "X.XO.", //
            ".XO..",
        ];
        assert_eq!(read_at(&rows, 2, 1), Reading::Dead);
    }

    /// A string of several stones taken is lost, even when a retake on one of its points
    /// captures the stone that took it: black's H1 J1 J2 (the corner of a 3x4 board, as in
    /// `japanese-heldout11.jsonl` `9x9-h0-l10-s60302` after black connects its ko at J1) have
    /// one liberty, J3; white J3 takes all three, and black J2 takes J3 back but brings back one
    /// stone only.
    #[test]
    fn a_string_of_several_stones_taken_is_lost_whatever_the_retake() {
        let rows = [
            "O.X", //
            "OX.", //
            "OOX", //
            "OXX",
        ];
        assert_eq!(read_at(&rows, 2, 2), Reading::Dead);
    }

    /// A seki with an eye each, in the two corners of a 5x4 board: white's string (A2, B2, C2,
    /// B1) has the eye A1, black's (D2, E2, D1) the eye E1, and they share their last liberty
    /// C1; the walls above are alive (black's on the left, white's on the right). Black on C1
    /// puts both strings in atari, but white moves next and takes black's four stones at E1;
    /// black on A1 is suicide. Neither side can approach: each string stands with the other
    /// moving first.
    #[test]
    fn a_seki_with_an_eye_each_stands() {
        let rows = [
            "XXXOO", //
            "XXXOO", //
            "OOOXX", //
            ".O.X.",
        ];
        assert_eq!(read_with_open(&rows, (0, 2), &[(3, 2)]), Reading::Alive);
        assert_eq!(read_with_open(&rows, (3, 2), &[(0, 2)]), Reading::Alive);
    }

    /// A wall that one move in the area puts in atari is no wall (the top right of the
    /// two-pass position of GNU Go's game `13x13-h0-l1-s10507`, `japanese.jsonl`, cut out on a
    /// 7x7 board; every string but black's E7 F7 F6, the target, and D6 is a wall the playouts
    /// settled alive). White, moving first, ataris E7 and D6 at D7; black takes it at C7; white
    /// G7 then ataris E7 again, but G7 G6 are left with the one liberty G5 and black takes
    /// them there, and E7 lives with D7 and C6 (each point between black strings only; a white
    /// stone there captures nothing and has no liberty). White C7 or C6 first fares no better
    /// (white B7 C7 has A7 and black takes it there). GNU Go 3.8 agrees: `owl_attack E7` = 0
    /// on this board. When G6 and B7 were walls that nothing captures, white's D7, C7 (black's
    /// capture), G7 took E7's last liberty: the reading called it dead.
    #[test]
    fn a_wall_one_move_puts_in_atari_joins_the_fight() {
        let rows = [
            ".O..XX.", //
            "XX.XOXO", //
            "XXXOOO.", //
            "XX.OO..", //
            ".......", //
            ".......", //
            ".......",
        ];
        assert_eq!(
            read_with(&rows, (4, 0), &[(3, 1)], Fate::Alive),
            Reading::Alive
        );
        // As pass-alive walls (never captured, whatever their liberties) G6 and B7 stand, and
        // E7 dies: the difference is the rule.
        assert_eq!(
            read_with(&rows, (4, 0), &[(3, 1)], Fate::PassAlive),
            Reading::Dead
        );
    }

    /// The two-pass position of `japanese-dev7.jsonl` `13x13-h0-l1-s26517` (GNU Go's game,
    /// black to move). White's lower-left corner (A3 A2 B2, C3 D3 E3 D2, C1; eye space A1 B1
    /// C2 D1, and D4 between black stones) lives whoever moves first: black's D1, the one move
    /// that would kill it, is a self-atari of black's six stones from E2 to H1 (liberties D1
    /// and F2 only), and white takes them at F2 (`race_read` on A1 B1 C2 D1 D4 F2, and GNU Go
    /// 3.8 level 10: `owl_attack A3` 0). With black's E2 string a living wall that nothing
    /// captures, the first reading kills the corner with D1; the second opens the wall (D1 in
    /// the area, F2 its one liberty outside), and white's capture at F2 ends it: alive. Read
    /// on after the capture, the seven empty points it makes took the reading past its 4,000
    /// positions, and the first reading's kill stood.
    #[test]
    fn taking_an_opened_wall_ends_the_reading() {
        let rows = [
            ".....O.......",
            ".O.OOXOOO....",
            "...OXX.XXOO..",
            "OO.OX.X.XO.OO",
            "XO.OX....XOOX",
            "XOOOX.X.XXOXX",
            "XXXXXXOXOOOX.",
            "..X.X.OXXXX.X",
            "...X.XOOXX.XO",
            "XXX.XXXOXOOXO",
            "OXOOOXOOO.XOO",
            "OO.OX.XO.OO..",
            "..O.XXXXO....",
        ];
        let open = [(2, 10), (2, 12)];
        assert_eq!(
            read_with(&rows, (0, 10), &open, Fate::Alive),
            Reading::Alive
        );
        // With the walls pass-alive (never captured, whatever their liberties), black's D1 is
        // safe and kills: the difference is the opened wall.
        assert_eq!(
            read_with(&rows, (0, 10), &open, Fate::PassAlive),
            Reading::Dead
        );
    }

    /// Reads the string at `target` twice: exactly ([`read`]) and sealed ([`read_sealed`]);
    /// the strings at `open` are part of the fight, every other string is a living wall.
    fn read_both(
        rows: &[&str],
        target: (usize, usize),
        open: &[(usize, usize)],
    ) -> (Reading, Reading) {
        let r = read_by(
            rows,
            target,
            open,
            Fate::PassAlive,
            &[(read, GUESS_BUDGET), (read_sealed, SEALED_GUESS_BUDGET)],
        );
        (r[0], r[1])
    }

    /// A black group on the lower edge of an empty board around a straight five (A1..E1). Its
    /// area is the whole open board, far too big for the exact reading: unknown. Sealed, it
    /// keeps the five points of its eye space and one point outside, and lives although white
    /// moves first: white in the middle (C1) is answered at B1 or D1, leaving two eyes (white's
    /// C1 is then captured whenever black needs the point); white at B1 (or D1) is answered at
    /// D1 (or B1), the same. A straight five is alive, so the sealed reading says alive.
    #[test]
    fn a_big_eye_space_lives_when_the_opponent_moves_first() {
        let rows = [
            ".........", //
            ".........", //
            ".........", //
            "XXXXXX...", //
            ".....X...",
        ];
        assert_eq!(
            read_both(&rows, (0, 3), &[]),
            (Reading::Unknown, Reading::Alive)
        );
    }

    /// The same group around a straight three (A1..C1): white plays its middle B1 and black
    /// is left with one eye in the sealed space. The sealed reading says it cannot live in
    /// place (it does not claim the group dead on the board: it may run out).
    #[test]
    fn a_straight_three_does_not_live_in_place() {
        let rows = [
            ".........", //
            ".........", //
            ".........", //
            "XXXX.....", //
            "...X.....",
        ];
        assert_eq!(
            read_both(&rows, (0, 3), &[]),
            (Reading::Unknown, Reading::Dead)
        );
    }

    /// A bulky five in the corner (A1, B1, C1, A2, B2) of a black group on an open board: white
    /// plays the vital point B1 (it touches A1, C1 and B2; black answering at B2 or A2 leaves one
    /// eye, and white's stones inside are never captured in time). Black cannot live in place
    /// (the exact reading cannot take the open board at all).
    #[test]
    fn a_bulky_five_does_not_live_in_place() {
        let bulky = [
            ".........", //
            ".........", //
            "XXX......", //
            "..XX.....", //
            "...X.....",
        ];
        assert_eq!(
            read_both(&bulky, (0, 2), &[]),
            (Reading::Unknown, Reading::Dead)
        );
    }

    /// A black group with one eye (B2) around a white stone (D2) whose only liberty is D1: a
    /// white stone at D1 has no liberty and captures nothing (black has liberties outside), so
    /// white cannot save D2; black captures it at D1 whenever it must and D2 becomes its
    /// second eye. The group lives in place by that capture, whatever white plays first (it
    /// may fill the group's outside liberties: black takes D2 before it runs short).
    #[test]
    fn a_group_lives_by_capturing_the_stone_in_its_eye_space() {
        let rows = [
            ".........", //
            ".........", //
            "XXXXXXX..", //
            "X.XOXXX..", //
            "XXX.XXX..",
        ];
        assert_eq!(
            read_both(&rows, (0, 2), &[(3, 3)]),
            (Reading::Unknown, Reading::Alive)
        );
    }

    /// A seki, read from white's side: white's string (A2, B2, C2, B1) has the eye A1, black's
    /// string (D2, E2, D1) the eye E1 in the corner, under white's living wall (D3..E4); they
    /// share their last liberty C1. Black's block above white (A3..C4) is open to the rest of
    /// the board, so the exact reading's area is too big. Sealed, black moving first: black C1
    /// puts white in atari but leaves its own string the one liberty E1, and white takes the
    /// four stones there; black A1 is suicide. White stands: alive (in seki).
    #[test]
    fn a_seki_stands_in_the_sealed_reading() {
        let rows = [
            ".....", //
            ".....", //
            ".....", //
            "XXXOO", //
            "XXXOO", //
            "OOOXX", //
            ".O.X.",
        ];
        assert_eq!(
            read_both(&rows, (0, 5), &[(0, 3), (3, 5)]),
            (Reading::Unknown, Reading::Alive)
        );
    }

    /// White's target (B7 D7, B6 C6 D6 E6 F6) has one eye (C7) and three liberties below it,
    /// C5, D5, E5; C5 and D5 touch white's wall C4 D4, whose only link to its living friend
    /// F4 F3 F2 is E4 (its other liberties B4, C3, D3 are shut in by black). Every other string
    /// is a living wall. Black moves first and cuts at E4 (beside black's E3, so it cannot be
    /// taken): the wall is cut off, white's connection at C5 (or D5) only joins two strings with
    /// one eye between them, and black fills E5, D5 (or C5), B4, C3, D3 (each beside a black
    /// stone) and takes everything at C7: dead. Nothing else saves white: it cannot capture a
    /// black stone, all of them touch black's living walls, nor make a second eye. Read with the
    /// wall sealed as uncapturable, black's cut does nothing (white connects to the wall at C5
    /// or D5, miai) and the target lives: the reading must let the wall join the fight.
    #[test]
    fn a_wall_whose_only_link_runs_through_the_fight_can_be_cut_off() {
        let rows = [
            "XO.OXXX.", //
            "XOOOOOX.", //
            "XX...XX.", //
            "X.OO.O..", //
            "XX..XO..", //
            "XXXXXO..", //
            "........",
        ];
        assert_eq!(read_with(&rows, (1, 0), &[], Fate::Alive), Reading::Dead);
    }

    /// The same position with a living white stone at C2 (black's wall split around it): the
    /// wall C4 D4 now has a second link, C3, outside the fight, so black's cut at E4 does not
    /// cut it off (white C3 joins it to C2), and white connects the target to it at C5 or D5
    /// (miai): alive. A wall that connects out elsewhere stays a wall.
    #[test]
    fn a_wall_with_a_link_outside_the_fight_stays_a_wall() {
        let rows = [
            "XO.OXXX.", //
            "XOOOOOX.", //
            "XX...XX.", //
            "X.OO.O..", //
            "XX..XO..", //
            "XXOXXO..", //
            "........",
        ];
        assert_eq!(read_with(&rows, (1, 0), &[], Fate::Alive), Reading::Alive);
    }

    /// Black's group in the upper right of `japanese-dev15.jsonl` `13x13-h3-l2-s58713` (its
    /// columns E..N, rows 13..7, on a 9x7 board; white's stones around it made one wall with
    /// eyes of its own, taken as never captured). Two black strings, G12 H12 H11 H10 H9 J9 J8
    /// K8 (the target, C2 here) and K12 L12 K11 K10 (E2), share the liberties J12 J11 J10 K9;
    /// their space is 11 empty points: the top row F13..L13 with the column J12 J11 J10 below
    /// it (one region of 9), and K9 and G9 (one each). More than the exact reading's nine:
    /// unknown. White moves first and cannot kill: at the vital point J11 (E3 here) it is
    /// answered at J12, which joins the two strings; J11 is then in atari with its one liberty
    /// J10, where a white stone would have no liberty, and black keeps an eye there and has the
    /// whole top row for the other. Read in the whole space (every region taken whole,
    /// [`read_eye_space`]) the group lives, for either string (about 200,000 and 60,000
    /// positions). The sealed reading's sizes (6, 8 and 10 empty points) cut the 9-point region
    /// in two, a point of it sealed as white's free move, and call it dead: that is why the
    /// guess killed the group, alive by the record and by GNU Go 3.8 (`owl_attack G12` 0,
    /// `owl_defend G12` 1 at J11). Fails if the eye-space reading cuts the space too, or runs
    /// out of its budget.
    #[test]
    fn a_group_lives_in_its_whole_eye_space_that_the_sealed_sizes_cut() {
        let rows = [
            "O......O.", //
            "OOXX.XXOO", //
            "OOOX.XO.O", //
            "OOOX.XOOO", //
            "OO.XX.OOO", //
            ".OOOXXOO.", //
            "OOOOOOOOO",
        ];
        for target in [(2, 1), (5, 1)] {
            let r = read_by(
                &rows,
                target,
                &[(2, 1), (5, 1)],
                Fate::PassAlive,
                &[
                    (read, GUESS_BUDGET),
                    (read_sealed, SEALED_GUESS_BUDGET),
                    (read_eye_space, EYE_SPACE_GUESS_BUDGET),
                ],
            );
            assert_eq!(
                r,
                [Reading::Unknown, Reading::Dead, Reading::Alive],
                "target {target:?}"
            );
        }
    }
}
