//! A second, deliberately plain implementation of the rules (flood fill, full history of whole
//! boards, no incremental state), compared with the engine on random games under every ko and
//! suicide rule. Natural-situational superko has no outside oracle: this is its check.

use tengen_core::{playout::Rng, Color, Game, IllegalMove, KoRule, Move, Point, Rules};

type Cells = Vec<Option<Color>>;

#[derive(Clone)]
struct Plain {
    w: usize,
    h: usize,
    cells: Cells,
    /// Every position of the game: stones, player to move, created by a pass.
    history: Vec<(Cells, Color, bool)>,
    to_move: Color,
    ko: KoRule,
    suicide: bool,
}

impl Plain {
    fn new(w: usize, h: usize, ko: KoRule, suicide: bool) -> Plain {
        let cells = vec![None; w * h];
        Plain {
            w,
            h,
            history: vec![(cells.clone(), Color::Black, false)],
            cells,
            to_move: Color::Black,
            ko,
            suicide,
        }
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (x, y) = (i % self.w, i / self.w);
        let mut v = Vec::new();
        if x > 0 {
            v.push(i - 1);
        }
        if x + 1 < self.w {
            v.push(i + 1);
        }
        if y > 0 {
            v.push(i - self.w);
        }
        if y + 1 < self.h {
            v.push(i + self.w);
        }
        v
    }

    /// The group through `i` and whether it has a liberty.
    fn group(&self, cells: &Cells, i: usize) -> (Vec<usize>, bool) {
        let c = cells[i];
        let mut seen = vec![false; cells.len()];
        let mut stack = vec![i];
        seen[i] = true;
        let mut stones = Vec::new();
        let mut liberty = false;
        while let Some(s) = stack.pop() {
            stones.push(s);
            for n in self.neighbours(s) {
                if cells[n].is_none() {
                    liberty = true;
                } else if cells[n] == c && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        (stones, liberty)
    }

    /// The position after `color` plays at `i`, and whether it was a suicide.
    fn result(&self, i: usize, color: Color) -> Option<(Cells, bool)> {
        if self.cells[i].is_some() {
            return None;
        }
        let mut cells = self.cells.clone();
        cells[i] = Some(color);
        for n in self.neighbours(i) {
            if cells[n] == Some(color.opponent()) {
                let (stones, lib) = self.group(&cells, n);
                if !lib {
                    for s in stones {
                        cells[s] = None;
                    }
                }
            }
        }
        let (own, lib) = self.group(&cells, i);
        if !lib {
            for s in own {
                cells[s] = None;
            }
            return Some((cells, true));
        }
        Some((cells, false))
    }

    fn legal(&self, i: usize, color: Color) -> Result<Cells, IllegalMove> {
        let (cells, suicide) = self.result(i, color).ok_or(IllegalMove::Occupied)?;
        if suicide && !self.suicide {
            return Err(IllegalMove::Suicide);
        }
        let n = self.history.len() - 1;
        let next = color.opponent();
        let repeats = |k: usize| {
            let (c, to_move, by_pass) = &self.history[k];
            *c == cells
                && match self.ko {
                    KoRule::None => false,
                    KoRule::Simple => k + 1 == n,
                    KoRule::Positional => true,
                    KoRule::Situational => *to_move == next,
                    KoRule::NaturalSituational => *to_move == next && !(*by_pass && k > 0),
                }
        };
        if n >= 1 && repeats(n - 1) {
            return Err(IllegalMove::Ko);
        }
        if self.ko != KoRule::Simple {
            if let Some(k) = (0..=n).find(|&k| repeats(k)) {
                return Err(IllegalMove::Superko { repeats_move: k });
            }
        }
        Ok(cells)
    }

    fn play(&mut self, mv: Option<usize>, color: Color) {
        if let Some(i) = mv {
            self.cells = self.legal(i, color).expect("legal");
        }
        self.to_move = color.opponent();
        self.history
            .push((self.cells.clone(), self.to_move, mv.is_none()));
    }
}

fn compare(w: usize, h: usize, ko: KoRule, suicide: bool, seed: u64, plies: usize) -> usize {
    let rules = Rules {
        ko,
        suicide_allowed: suicide,
        ..Rules::CHINESE
    };
    let mut game = Game::new(w, h, rules).unwrap();
    let mut plain = Plain::new(w, h, ko, suicide);
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    for ply in 0..plies {
        let color = game.to_move();
        let mut legal = Vec::new();
        // The playout board (pseudo-liberties, its own superko record) answers too.
        let mut fast = tengen_core::PlayoutBoard::from_game(&game);
        for i in 0..w * h {
            let p = Point::new((i % w) as u8, (i / w) as u8);
            let ours = game.check(color, p).map(|_| ());
            let theirs = plain.legal(i, color).map(|_| ());
            assert_eq!(
                fast.is_legal(p, color),
                theirs.is_ok(),
                "playout board: {w}x{h} {ko:?} suicide={suicide} seed={seed} ply={ply} at {p}"
            );
            // Superko may name any repeated move; both name the earliest.
            assert_eq!(
                ours, theirs,
                "{w}x{h} {ko:?} suicide={suicide} seed={seed} ply={ply} at {p}"
            );
            checked += 1;
            if ours.is_ok() {
                legal.push(i);
            }
        }
        let pick = if legal.is_empty() || rng.below(20) == 0 {
            None
        } else {
            Some(legal[rng.below(legal.len())])
        };
        match pick {
            Some(i) => game
                .play_as(color, Move::Play(Point::new((i % w) as u8, (i / w) as u8)))
                .unwrap(),
            None => game.play_as(color, Move::Pass).unwrap(),
        }
        plain.play(pick, color);
        let ours: Cells = game.board().points().map(|p| game.board().get(p)).collect();
        assert_eq!(ours, plain.cells);
    }
    checked
}

#[test]
fn engine_agrees_with_a_plain_implementation_under_every_rule() {
    let kos = [
        KoRule::None,
        KoRule::Simple,
        KoRule::Positional,
        KoRule::Situational,
        KoRule::NaturalSituational,
    ];
    let mut checked = 0;
    let mut seed = 1;
    for (w, h, plies) in [
        (2, 2, 120),
        (3, 2, 150),
        (3, 3, 200),
        (4, 3, 200),
        (4, 4, 250),
        (5, 5, 250),
    ] {
        for ko in kos {
            for suicide in [false, true] {
                for _ in 0..2 {
                    checked += compare(w, h, ko, suicide, seed, plies);
                    seed += 1;
                }
            }
        }
    }
    assert!(checked > 100_000, "checked {checked} moves");
}
