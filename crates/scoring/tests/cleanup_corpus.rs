//! The dead-stone guess against the cleanup corpus (`tests/data/cleanup`): games GNU Go 3.8 played
//! to two passes and then cleaned up with `kgs-genmove_cleanup`, so that the dead stones are the
//! ones the cleanup removed (independent truth: nothing of tengen produced it).
//!
//! Measured per position, over the stones on the board at the two passes:
//! - per-stone agreement: stones whose dead/alive status the guess gets right;
//! - exact-score agreement: positions whose area count with the guessed dead stones removed equals
//!   the count with the true dead stones removed (both counted here by Tromp-Taylor area);
//! - positions with a misjudged string of 5 stones or more.
//!
//! One test per file: `positions.jsonl`, the corpus the guess was developed on,
//! `heldout.jsonl`, made afterwards with new seeds and never used to adjust it, and
//! `heldout2.jsonl`, held out at first and development data since it was used to fix a miss,
//! and `heldout3.jsonl`, held out (made after that fix); then the games ended Japanese-style
//! (open dame, unfinished boundaries, dead stones left on the board): `japanese.jsonl` and
//! `japanese-dev2.jsonl` to `japanese-dev19.jsonl`, development, `japanese-heldout.jsonl`,
//! `japanese-heldout3.jsonl` to `japanese-heldout10.jsonl`, `japanese-heldout12.jsonl`,
//! `japanese-heldout14.jsonl` to `japanese-heldout16.jsonl`, held out (`HELD_OUT`), and `japanese-heldout2.jsonl`,
//! `japanese-heldout11.jsonl` (development data since wave 18) and `japanese-heldout13.jsonl`
//! (since wave 19), held out at first. A few tests at the end hold the guess to the
//! readings that refuted a recorded truth.
//! Positions where the two cleanups (the game's GNU Go and GNU Go level 10) disagree are left
//! out, and so are positions whose recorded truth a reviewed reading refuted (`truth_refuted`).
//! In the positions left out because the cleanups disagree, the stones both cleanups agree on
//! are still tallied for both judges (one printed line per file; a misjudged group there would
//! otherwise go unseen).
//!
//! Every position runs at the default effort (about 40 s for all the files in the test profile
//! on the shared 2-core machine); `TENGEN_CLEANUP_EFFORT=low|high` measures another effort
//! (high: several minutes),
//! `TENGEN_CLEANUP_VERBOSE=1` lists the misjudged stones of each position,
//! `TENGEN_CLEANUP_ONLY=ID` measures the one position `ID` of each file (the floors then fail;
//! neither applies to a held-out set, which is reported in aggregate only: `HELD_OUT`; its
//! position names, those left out and those misjudging a string of 5+, are withheld as well,
//! even when a floor fails, unless `TENGEN_CLEANUP_SHOW_HELD_OUT=1`: the lead's switch for
//! updating a held-out test's list of known misses),
//! `TENGEN_CLEANUP_SEED=N` runs the guess with another seed (the floors are then not checked:
//! a way to see which verdicts hang on the playouts' luck, docs/BENCHMARKS.md).
//! The guess is told who is to move: the player after the last pass (for the Japanese-style
//! files the record's `cleanup_first`, checked here).
//! GNU Go's own `final_status_list dead` at level 10, recorded by the generator, is measured the
//! same way and printed beside (run with `--nocapture` to see the table).

use std::collections::{HashMap, HashSet};
use tengen_core::{Board, Color, Point, Rules};
use tengen_scoring::{parse_vertex, Effort, Guess, GuessOptions, StoneStatus};

#[derive(serde::Deserialize)]
struct Position {
    id: String,
    /// The rules the game was played under to its two passes: absent (area rules) or
    /// `"japanese"` (the Japanese-style endings of `japanese*.jsonl`, replayed with simple ko).
    #[serde(default)]
    rules: Option<String>,
    size: usize,
    komi: f64,
    sgf: String,
    /// Who moved first in the first cleanup of a Japanese-style game: the player after the
    /// last pass (absent in the other files).
    #[serde(default)]
    cleanup_first: Option<String>,
    dead: Vec<String>,
    result: String,
    gnugo_dead: Vec<String>,
    suspect: Vec<String>,
    /// The stones the second cleanup (GNU Go level 10) removed.
    dead_second: Vec<String>,
    /// Whether the second cleanup removed the same stones as the first.
    cleanups_agree: bool,
    /// Why the recorded truth is wrong, where a reviewed reading refuted it
    /// (tests/data/cleanup/README.md, "Refuted truths"); such positions are left out.
    #[serde(default)]
    truth_refuted: Option<String>,
}

fn load(file: &str) -> Vec<Position> {
    let path = format!(
        "{}/../../tests/data/cleanup/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the cleanup corpus");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a corpus line"))
        .collect()
}

/// The two-pass position of `p` and the player to move there (the player after the last pass,
/// what the guess is told).
fn board_of(p: &Position) -> (Board, Color) {
    let (games, _) = tengen_sgf::read_go_games(p.sgf.as_bytes()).expect("corpus SGF");
    let rules = match p.rules.as_deref() {
        Some("japanese") => Rules::JAPANESE,
        _ => Rules::CHINESE,
    };
    let game = tengen_sgf::game::replay(&games[0], rules, None).expect("replayable");
    let to_move = game.to_move();
    if let Some(first) = &p.cleanup_first {
        let first = if first == "B" {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(to_move, first, "{}: the player after the last pass", p.id);
    }
    (game.board().clone(), to_move)
}

fn dead_set(p: &Position, board: &Board, vertices: &[String]) -> HashSet<usize> {
    vertices
        .iter()
        .map(|v| {
            let pt = parse_vertex(v, p.size, p.size).expect("a vertex");
            assert!(board.get(pt).is_some(), "{}: {v} is no stone", p.id);
            pt.y as usize * p.size + pt.x as usize
        })
        .collect()
}

fn neighbours(k: usize, w: usize, h: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (k % w, k / w);
    [
        (y > 0).then(|| k - w),
        (x > 0).then(|| k - 1),
        (x + 1 < w).then(|| k + 1),
        (y + 1 < h).then(|| k + w),
    ]
    .into_iter()
    .flatten()
}

/// Tromp-Taylor area margin (black minus white minus komi) of `cells` without the stones in `dead`.
fn area_margin(
    cells: &[Option<Color>],
    w: usize,
    h: usize,
    dead: &HashSet<usize>,
    komi: f64,
) -> f64 {
    let cells: Vec<Option<Color>> = cells
        .iter()
        .enumerate()
        .map(|(k, &c)| if dead.contains(&k) { None } else { c })
        .collect();
    let mut seen = vec![false; cells.len()];
    let mut margin = 0i64;
    for start in 0..cells.len() {
        match cells[start] {
            Some(Color::Black) => margin += 1,
            Some(Color::White) => margin -= 1,
            None if !seen[start] => {
                let mut stack = vec![start];
                seen[start] = true;
                let (mut size, mut reach) = (0i64, [false; 2]);
                while let Some(k) = stack.pop() {
                    size += 1;
                    for n in neighbours(k, w, h) {
                        match cells[n] {
                            Some(c) => reach[c.index()] = true,
                            None if !seen[n] => {
                                seen[n] = true;
                                stack.push(n);
                            }
                            None => {}
                        }
                    }
                }
                match reach {
                    [true, false] => margin += size,
                    [false, true] => margin -= size,
                    _ => {}
                }
            }
            None => {}
        }
    }
    margin as f64 - komi
}

/// The strings (solidly connected stones) of the board.
fn strings(cells: &[Option<Color>], w: usize, h: usize) -> Vec<Vec<usize>> {
    let mut seen = vec![false; cells.len()];
    let mut out = Vec::new();
    for start in 0..cells.len() {
        let Some(c) = cells[start] else { continue };
        if seen[start] {
            continue;
        }
        let mut s = vec![start];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(k) = stack.pop() {
            for n in neighbours(k, w, h) {
                if cells[n] == Some(c) && !seen[n] {
                    seen[n] = true;
                    s.push(n);
                    stack.push(n);
                }
            }
        }
        out.push(s);
    }
    out
}

#[derive(Default)]
struct Tally {
    /// The judge's name, for the verbose listing.
    name: &'static str,
    /// Whether to list the misjudged stones of each position (`TENGEN_CLEANUP_VERBOSE=1`, never
    /// for a held-out set).
    verbose: bool,
    positions: u32,
    stones: u64,
    stones_right: u64,
    scores_right: u32,
    big_misjudged: Vec<String>,
}

impl Tally {
    fn add(&mut self, p: &Position, board: &Board, truth: &HashSet<usize>, guess: &HashSet<usize>) {
        let (w, h) = (board.width(), board.height());
        let cells: Vec<Option<Color>> = board.points().map(|q| board.get(q)).collect();
        self.positions += 1;
        for (k, c) in cells.iter().enumerate() {
            if c.is_some() {
                self.stones += 1;
                if truth.contains(&k) == guess.contains(&k) {
                    self.stones_right += 1;
                }
            }
        }
        if self.verbose {
            let wrong: Vec<String> = (0..cells.len())
                .filter(|&k| cells[k].is_some() && truth.contains(&k) != guess.contains(&k))
                .map(|k| {
                    let v = tengen_scoring::vertex(Point::new((k % w) as u8, (k / w) as u8), h);
                    format!(
                        "{v}{}",
                        if truth.contains(&k) {
                            "(dead)"
                        } else {
                            "(alive)"
                        }
                    )
                })
                .collect();
            if !wrong.is_empty() {
                println!("  {} {}: {}", self.name, p.id, wrong.join(" "));
            }
        }
        let a = area_margin(&cells, w, h, truth, p.komi);
        let b = area_margin(&cells, w, h, guess, p.komi);
        if a == b {
            self.scores_right += 1;
        }
        let big: Vec<String> = strings(&cells, w, h)
            .into_iter()
            .filter(|s| s.len() >= 5 && s.iter().any(|k| truth.contains(k) != guess.contains(k)))
            .map(|s| tengen_scoring::vertex(Point::new((s[0] % w) as u8, (s[0] / w) as u8), h))
            .collect();
        if !big.is_empty() {
            self.big_misjudged
                .push(format!("{} ({})", p.id, big.join(" ")));
        }
    }

    fn stone_rate(&self) -> f64 {
        100.0 * self.stones_right as f64 / self.stones.max(1) as f64
    }

    fn score_rate(&self) -> f64 {
        100.0 * f64::from(self.scores_right) / f64::from(self.positions.max(1))
    }
}

/// What one corpus file gives: our tally, GNU Go's, and the positions left out.
struct Measured {
    ours: Tally,
    gnugo: Tally,
    suspect: u32,
    disputed: Vec<String>,
    refuted: Vec<String>,
    effort: Effort,
    /// Over the left-out positions where the cleanups disagree: the stones both cleanups
    /// agree on, and how many of them each judge gets right (ours, GNU Go's).
    ours_agreed: (u64, u64),
    gnugo_agreed: (u64, u64),
    /// Whether position names may be printed: not for a held-out set (`HELD_OUT`) unless
    /// `TENGEN_CLEANUP_SHOW_HELD_OUT=1`.
    show_names: bool,
}

/// The options of the guess for a board of `size` lines: the effort of [`effort`], the player
/// to move after the two passes, and the seed of `TENGEN_CLEANUP_SEED` (default the guess's
/// own, 1; the floors hold for that one only).
fn options(effort: Effort, size: usize, to_move: Color) -> GuessOptions {
    let mut o = GuessOptions::with_effort(effort, size, size);
    o.to_move = Some(to_move);
    if let Ok(text) = std::env::var("TENGEN_CLEANUP_SEED") {
        // One seed per run: a list such as `1,2,3` would otherwise be ignored in silence (and
        // the floors, off whenever the variable is set, would check nothing).
        o.seed = text.trim().parse().unwrap_or_else(|_| {
            panic!("TENGEN_CLEANUP_SEED={text:?} is not one seed (a whole number); run one seed at a time")
        });
    }
    o
}

fn effort() -> Effort {
    match std::env::var("TENGEN_CLEANUP_EFFORT").as_deref() {
        Ok("low") => Effort::Low,
        Ok("high") => Effort::High,
        _ => Effort::Default,
    }
}

/// Measures the guess and GNU Go on every position of `file` whose truth is sturdy: not
/// flagged suspect, and the second cleanup (GNU Go level 10) removed the same stones as the
/// first, and the recorded truth not refuted. Prints the table (run with `--nocapture`).
/// The held-out sets: nothing is tuned on them and their positions are not opened
/// (tests/data/cleanup/README.md). `heldout2.jsonl` is development data since it showed its one
/// miss, so it is not in the list.
const HELD_OUT: &[&str] = &[
    "heldout.jsonl",
    "heldout3.jsonl",
    "japanese-heldout.jsonl",
    "japanese-heldout3.jsonl",
    "japanese-heldout4.jsonl",
    "japanese-heldout5.jsonl",
    "japanese-heldout6.jsonl",
    "japanese-heldout7.jsonl",
    "japanese-heldout8.jsonl",
    "japanese-heldout9.jsonl",
    "japanese-heldout10.jsonl",
    "japanese-heldout12.jsonl",
    "japanese-heldout14.jsonl",
    "japanese-heldout15.jsonl",
    "japanese-heldout16.jsonl",
];

fn measure(file: &str) -> Measured {
    let effort = effort();
    let held_out = HELD_OUT.contains(&file);
    // A held-out set is measured whole and reported in aggregate only: no per-position listing
    // and no single position, whatever filter or variable a run was started with.
    assert!(
        !(held_out && std::env::var("TENGEN_CLEANUP_ONLY").is_ok()),
        "TENGEN_CLEANUP_ONLY does not apply to the held-out set {file}: its positions are not opened"
    );
    let verbose = std::env::var("TENGEN_CLEANUP_VERBOSE").is_ok_and(|v| v == "1");
    if verbose && held_out {
        println!("{file}: held out, the per-position listing is withheld (aggregate figures only)");
    }
    let show_names =
        !held_out || std::env::var("TENGEN_CLEANUP_SHOW_HELD_OUT").is_ok_and(|v| v == "1");
    let positions = load(file);
    let mut m = Measured {
        ours: Tally {
            name: "tengen",
            verbose: verbose && !held_out,
            ..Tally::default()
        },
        gnugo: Tally {
            name: "GNU Go",
            verbose: verbose && !held_out,
            ..Tally::default()
        },
        suspect: 0,
        disputed: Vec::new(),
        refuted: Vec::new(),
        effort,
        ours_agreed: (0, 0),
        gnugo_agreed: (0, 0),
        show_names,
    };
    for p in &positions {
        if std::env::var("TENGEN_CLEANUP_ONLY").is_ok_and(|o| o != p.id) {
            continue;
        }
        if !p.suspect.is_empty() {
            m.suspect += 1;
            continue;
        }
        if p.truth_refuted.is_some() {
            m.refuted.push(p.id.clone());
            continue;
        }
        let (board, to_move) = board_of(p);
        if !p.cleanups_agree {
            // Left out; says which cleanup the guess sides with, for information.
            let g = Guess::new(&board, &Rules::CHINESE, options(effort, p.size, to_move));
            let guess: HashSet<usize> = (0..g.status.len())
                .filter(|&k| g.status[k] == Some(tengen_scoring::StoneStatus::Dead))
                .collect();
            let side = if guess == dead_set(p, &board, &p.dead) {
                "first"
            } else if guess == dead_set(p, &board, &p.dead_second) {
                "second"
            } else {
                "neither"
            };
            // The stones both cleanups agree on, and which of them each judge gets wrong.
            let (first, second) = (
                dead_set(p, &board, &p.dead),
                dead_set(p, &board, &p.dead_second),
            );
            let agreed: Vec<usize> = (0..g.status.len())
                .filter(|&k| g.status[k].is_some() && first.contains(&k) == second.contains(&k))
                .collect();
            let gnugo = dead_set(p, &board, &p.gnugo_dead);
            for (name, judged, tally) in [
                ("tengen", &guess, &mut m.ours_agreed),
                ("GNU Go", &gnugo, &mut m.gnugo_agreed),
            ] {
                let wrong: Vec<usize> = agreed
                    .iter()
                    .copied()
                    .filter(|k| judged.contains(k) != first.contains(k))
                    .collect();
                tally.0 += agreed.len() as u64;
                tally.1 += (agreed.len() - wrong.len()) as u64;
                if !wrong.is_empty() && verbose && !held_out {
                    let h = board.height();
                    let listed: Vec<String> = wrong
                        .iter()
                        .map(|&k| {
                            let v = tengen_scoring::vertex(
                                Point::new((k % p.size) as u8, (k / p.size) as u8),
                                h,
                            );
                            let truth = if first.contains(&k) {
                                "(dead)"
                            } else {
                                "(alive)"
                            };
                            format!("{v}{truth}")
                        })
                        .collect();
                    println!("  {name} (left out) {}: {}", p.id, listed.join(" "));
                }
            }
            m.disputed.push(format!("{} (tengen: {side})", p.id));
            continue;
        }
        let truth = dead_set(p, &board, &p.dead);
        // The generator's true result is the same count with the true dead stones removed.
        let cells: Vec<Option<Color>> = board.points().map(|q| board.get(q)).collect();
        let margin = area_margin(&cells, p.size, p.size, &truth, p.komi);
        assert_eq!(
            tengen_scoring::result_text(margin),
            p.result,
            "{}: the recorded result",
            p.id
        );
        let g = Guess::new(&board, &Rules::CHINESE, options(effort, p.size, to_move));
        let guess: HashSet<usize> = (0..cells.len())
            .filter(|&k| g.status[k] == Some(tengen_scoring::StoneStatus::Dead))
            .collect();
        m.ours.add(p, &board, &truth, &guess);
        m.gnugo
            .add(p, &board, &truth, &dead_set(p, &board, &p.gnugo_dead));
    }
    let names = |list: &Vec<String>| {
        if show_names {
            format!(" {list:?}")
        } else {
            String::new()
        }
    };
    println!(
        "{file}: {} positions measured, effort {effort:?}; left out: {} flagged suspect, {} where \
         the two cleanups disagree{}, {} whose recorded truth is refuted{}",
        m.ours.positions,
        m.suspect,
        m.disputed.len(),
        names(&m.disputed),
        m.refuted.len(),
        names(&m.refuted)
    );
    for (name, t) in [("tengen", &m.ours), ("GNU Go 3.8 level 10", &m.gnugo)] {
        println!(
            "{name}: stones {:.2}% ({}/{}), exact score {:.1}% ({}/{}), positions with a misjudged string >= 5: {}",
            t.stone_rate(),
            t.stones_right,
            t.stones,
            t.score_rate(),
            t.scores_right,
            t.positions,
            t.big_misjudged.len()
        );
        if show_names {
            for b in &t.big_misjudged {
                println!("  {b}");
            }
        }
    }
    println!(
        "left-out positions, stones both cleanups agree on: tengen {}/{} right, GNU Go {}/{}",
        m.ours_agreed.1, m.ours_agreed.0, m.gnugo_agreed.1, m.gnugo_agreed.0
    );
    m
}

/// Checks the floors (only at the default effort, the one they were measured at).
fn check_floors(m: &Measured, stone_floor: f64, score_floor: f64, known_big: &[&str]) {
    if m.effort != Effort::Default || std::env::var("TENGEN_CLEANUP_SEED").is_ok() {
        return;
    }
    assert!(
        m.ours.stone_rate() >= stone_floor,
        "per-stone agreement {:.2}% below {stone_floor}%",
        m.ours.stone_rate()
    );
    assert!(
        m.ours.score_rate() >= score_floor,
        "exact-score agreement {:.1}% below {score_floor}%",
        m.ours.score_rate()
    );
    let known: Vec<String> = known_big.iter().map(|s| s.to_string()).collect();
    if m.show_names {
        assert_eq!(
            m.ours.big_misjudged, known,
            "positions with a misjudged string of 5 stones or more"
        );
    } else {
        assert!(
            m.ours.big_misjudged == known,
            "a held-out set's positions with a misjudged string of 5 stones or more are not the {} \
             listed ({} now; names withheld: TENGEN_CLEANUP_SHOW_HELD_OUT=1 shows them)",
            known.len(),
            m.ours.big_misjudged.len()
        );
    }
}

/// Checks that the guess gets at least `floor` of the stones both cleanups agree on in the
/// positions left out because the cleanups disagree elsewhere (default effort, seed 1 only).
fn check_left_out_floor(m: &Measured, floor: u64) {
    if m.effort == Effort::Default && std::env::var("TENGEN_CLEANUP_SEED").is_err() {
        assert!(
            m.ours_agreed.1 >= floor,
            "{:?} left-out stones right",
            m.ours_agreed
        );
    }
}

/// The corpus the guess was developed on (`positions.jsonl`). Floors: the figures reached at
/// the default effort (every stone, 15,780, and every score of its 204 measured positions;
/// docs/BENCHMARKS.md); the guess is deterministic, so any drop is a change of the guess.
///
/// Left out besides the two positions whose cleanups disagree: `13x13-h0-l1-s7`, whose recorded
/// truth (the white group at L12 alive, as both cleanups left it) is refuted: the group is a
/// bulky five that black captures whoever moves first (tests/data/cleanup/refute.py reads
/// every white try out; GNU Go's own `owl_defend L12` finds no defence). tengen and GNU Go's
/// `final_status_list` both call it dead.
#[test]
fn guess_agrees_with_the_cleanup_corpus() {
    let m = measure("positions.jsonl");
    assert!(m.ours.positions >= 200, "{} positions", m.ours.positions);
    assert_eq!(m.refuted, ["13x13-h0-l1-s7"], "the refuted truths");
    check_floors(&m, 100.0, 100.0, &[]);
}

/// The held-out set (`heldout.jsonl`): games with seeds no other file uses, made after the guess
/// was last changed and never used to adjust it (tests/data/cleanup/README.md). Its figures are
/// reported apart from the development corpus (docs/BENCHMARKS.md). Floors: what the default
/// effort reaches, every stone and every score of its 73 sturdy positions; no misjudged string
/// of 5 stones or more.
#[test]
fn guess_agrees_with_the_held_out_set() {
    let m = measure("heldout.jsonl");
    assert!(m.ours.positions >= 70, "{} positions", m.ours.positions);
    check_floors(&m, 100.0, 100.0, &[]);
}

/// The second set (`heldout2.jsonl`): 39 games with new seeds (7001..7705), made after the
/// exact local reading of contested groups was added. It was held out until it showed one
/// miss (`19x19-h4-l0-s7504`: loose black stones B11, C12, E12 without an eye in white's
/// sphere kept alive), which the enemy's-sphere rule of the guess then fixed: it is development
/// data from then on (tests/data/cleanup/README.md). Floors: what the default effort reaches,
/// every stone (4,008) and every score of its 39 positions; no misjudged string of 5 stones or
/// more.
#[test]
fn guess_agrees_with_the_second_set() {
    let m = measure("heldout2.jsonl");
    assert!(m.ours.positions >= 39, "{} positions", m.ours.positions);
    check_floors(&m, 100.0, 100.0, &[]);
}

/// The third set (`heldout3.jsonl`), held out: 76 games with new seeds (8001..8710), made after
/// the enemy's-sphere rule was added and never used to adjust the guess
/// (tests/data/cleanup/README.md). Floors: what the default effort reaches on its sturdy
/// positions, every stone (6,771) and every score of 71; no misjudged string of 5 stones or more.
/// Five positions are left out because their two cleanups disagree.
#[test]
fn guess_agrees_with_the_third_held_out_set() {
    let m = measure("heldout3.jsonl");
    assert!(m.ours.positions >= 71, "{} positions", m.ours.positions);
    check_floors(&m, 100.0, 100.0, &[]);
}

/// The Japanese-style development set (`japanese.jsonl`): games GNU Go played under Japanese
/// rules, each player passing once its best move was worth less than a point or two, so the
/// two-pass position keeps open dame, unfinished boundaries and dead stones on the board, as the
/// counted records of human games do; the truth is an area-rules cleanup from there
/// (tests/data/cleanup/README.md, "Games ended Japanese-style"). The second cleanup starts with
/// the other player, so a stone that lives or dies by who moves first is disputed and left out.
/// Floors: what the default effort reaches since a contested group that connects out through
/// its own area is spared (docs/SCORING.md), 5,917 of 5,919 stones and 73 of 73 scores (before:
/// 5,912 and 72; GNU Go level 10: 5,919 and 73); no misjudged string of 5 stones or more.
/// `9x9-h2-l2-s10409` (black E2 E3 F3, G2, H1 judged dead) was fixed. Since the stone of an
/// unfought ko that its owner saves outright by connecting stays alive (docs/SCORING.md), every
/// stone, 5,919 of 5,919: `19x19-h4-l2-s10903` (white R19 and black R9, each such a stone, left
/// standing by both cleanups, judged dead before) is fixed.
#[test]
fn guess_agrees_with_the_japanese_style_set() {
    let m = measure("japanese.jsonl");
    assert!(m.ours.positions >= 73, "{} positions", m.ours.positions);
    check_floors(&m, 100.0, 100.0, &[]);
}

/// The Japanese-style held-out set (`japanese-heldout.jsonl`): made with the same driver and
/// new seeds at the same time as `japanese.jsonl`, never used to adjust anything. Floors: what
/// the default effort reached when the set was made, 5,382 of 5,432 stones and 64 of 71 scores
/// (GNU Go level 10: 5,430 and 69, better on both). Two positions misjudge a string of 5 stones
/// or more, both dead white groups the guess keeps alive while GNU Go calls them dead:
/// `19x19-h0-l1-s12805` (the 21 stones at Q10 and the 5 at K6, among 32 dead white stones of the
/// lower right) and `19x19-h4-l2-s12905` (the 8 stones at M12 in the centre). They are listed
/// here so that the test fails when the guess changes on them, fixed or not; a fix removes them
/// from the list and raises the floors. Measured again once after the guess learned to spare a
/// contested group that connects out through its own area: the same figures and positions.
/// Measured again once after the guess learned that a contested group cut off from its friends
/// (the empty points its color keeps in most playouts, reached from its liberties: fewer than 7,
/// touching no surely living friend) is dead: 5,418 of 5,432 stones and 65 of 71 scores, and
/// `19x19-h0-l1-s12805` no longer misjudges a string of 5 stones or more. Measured again once
/// after the guess learned that a contested group linked to a living friend through a point the
/// opponent cannot hold is alive and that the stone of an unfought ko its owner saves by
/// connecting stays (both made on the development sets only): 5,420 of 5,432 stones and 67 of
/// 71 scores, the same string of 5 or more misjudged. Measured again once after the rules that
/// made the development sets' verdicts the same at every seed (wave 6): the same figures. Measured
/// again once after wave 7 (the miai rule, twice the playouts, the ko exception for stones in
/// atari; made on the development sets only): the same figures. Measured again once after wave
/// 10's cluster rule (a loose stone dies with its cluster; made on the development sets only):
/// 5,422 of 5,432 stones and 68 of 71 scores, the same string of 5 or more misjudged; floors
/// raised to these figures. Measured again once after wave 14 (a ko stone whose connection is
/// safe by miai, a group whose near enemies died in the seki check, a wall that can be cut off
/// joining the local reading; made on the development sets only): 5,430 of 5,432 stones and 69 of
/// 71 scores, and `19x19-h4-l2-s12905` no longer misjudges a string of 5 stones or more; floors
/// raised to these figures.
#[test]
fn guess_agrees_with_the_japanese_style_held_out_set() {
    let m = measure("japanese-heldout.jsonl");
    assert!(m.ours.positions >= 71, "{} positions", m.ours.positions);
    check_floors(&m, 99.96, 97.1, &[]);
}

/// The second Japanese-style development set (`japanese-dev2.jsonl`): 120 games made the same
/// way as `japanese.jsonl` with new seeds (14001..14912), after the guess learned to spare a
/// contested group that connects out through its own area; development data (its misses may be
/// used to change the guess). Floors: what the default effort reached when the set was made,
/// 7,302 of 7,323 stones and 92 of 96 scores (GNU Go level 10: 7,318 and 93); the guess before
/// that change reached the same. The misses (docs/BENCHMARKS.md): `13x13-h3-l2-s14711` (the
/// black string of 10 at K11 on the right side, alive, judged dead: listed here so the test
/// fails when the guess changes on it), `19x19-h4-l2-s14908` and `19x19-h4-l2-s14912` (the
/// same ending: white R14 R13 R12 Q12 and S15, dead in black's open right side, judged alive),
/// `13x13-h3-l2-s14704` (black K4, the stone of a ko between living groups left standing,
/// judged dead). After the guess learned that a contested group cut off from its friends is dead
/// (docs/SCORING.md): 7,312 of 7,323 stones and 94 of 96 scores; `19x19-h4-l2-s14908` and
/// `19x19-h4-l2-s14912` are fixed. After the guess learned that a contested group linked to a
/// living friend through a point the opponent cannot hold is alive (docs/SCORING.md): 7,322 of
/// 7,323 stones and 95 of 96 scores; `13x13-h3-l2-s14711` is fixed and no string of 5 stones or
/// more is misjudged. The unfought-ko rule then traded one stone for another, the same figures:
/// `13x13-h3-l2-s14704` (black K4) fixed, `19x19-h4-l2-s14901` (black K4, captured by both
/// cleanups: white was to move after the passes) broken.
#[test]
fn guess_agrees_with_the_second_japanese_style_set() {
    let m = measure("japanese-dev2.jsonl");
    assert!(m.ours.positions >= 96, "{} positions", m.ours.positions);
    check_floors(&m, 99.98, 98.9, &[]);
}

/// The third Japanese-style development set (`japanese-dev3.jsonl`): 120 games made the same
/// way with new seeds (16001..16912), after the guess learned to spare a contested group linked
/// to a living friend and the stone of an unfought ko; development data. Floors: what the
/// default effort reached when the set was made, 6,964 of 6,965 stones and 97 of 98 scores
/// (GNU Go level 10: 6,958 and 95; the guess before those two rules: 6,963 and 96); no
/// misjudged string of 5 stones or more. The miss (docs/BENCHMARKS.md): `13x13-h0-l4-s16601`
/// (white M1, judged alive like GNU Go does: white saves it by connecting at L1, but both
/// cleanups captured it).
#[test]
fn guess_agrees_with_the_third_japanese_style_set() {
    let m = measure("japanese-dev3.jsonl");
    assert!(m.ours.positions >= 98, "{} positions", m.ours.positions);
    check_floors(&m, 99.98, 98.9, &[]);
}

/// The fourth Japanese-style development set (`japanese-dev4.jsonl`): 48 games on the big
/// boards (19x19 levels 1 to 4 with handicaps 0 to 4, 13x13 handicaps 2 and 3; seeds
/// 18001..18508), made while the guess's verdicts were made the same at every seed (its first
/// games showed `13x13-h3-l2-s18401` white M13, fixed by the rule for groups in atari);
/// development data. Floors: every stone and score since wave 16 (5,297 stones, 33 scores; GNU
/// Go level 10 the same; 5,505 of 5,508 and 32 of 34 when the set was added, GNU Go 5,506 and
/// 33); no misjudged string of 5 stones or more. `19x19-h2-l4-s18206` (white N2 O2, captured by
/// both cleanups, judged alive by both judges) is left out since wave 16 (below). `19x19-h2-l4-s18203` (white T18,
/// the stone of a ko its owner saves by connecting, left standing by both cleanups) was judged
/// dead until wave 16 read the connection out (`guess.rs`, `ko_connection_holds`).
/// Wave 7 (the miai rule, twice the playouts) left these figures as they were at seed 1 and
/// fixed `19x19-h3-l3-s18303` at seed 6 (white F15 G15 and F13 G13, alive, judged dead there).
/// Wave 16 read s18206 out (README, "Refuted truths"): N2 O2 live whoever moves first, so its
/// recorded truth is refuted and the position left out of both judges' figures (33 measured).
#[test]
fn guess_agrees_with_the_fourth_japanese_style_set() {
    let m = measure("japanese-dev4.jsonl");
    assert!(m.ours.positions >= 33, "{} positions", m.ours.positions);
    assert_eq!(m.refuted, ["19x19-h2-l4-s18206"], "the refuted truths");
    check_floors(&m, 100.0, 100.0, &[]);
}

/// The fifth Japanese-style development set (`japanese-dev5.jsonl`): 120 games made the same
/// way as `japanese-dev2.jsonl` with new seeds (20001..20912), while the guess was being changed
/// in wave 7 (its first games were used to change it: development data). Floors: what the
/// default effort reaches, 7,734 of 7,735 stones and 101 of 101 scores (GNU Go level 10: 7,715
/// and 98), no string of 5 stones or more misjudged (GNU Go misjudges one). Up to wave 12 the
/// guess misjudged `13x13-h3-l2-s20707` (7,721 and 100 then), a capturing race in the lower
/// right in open space: the white string of 10 at K8 is dead and black's L4 L3 L2 alive (GNU Go
/// misses L4 L3 L2); the guess called the white string seki. Wave 13 decides seki instead
/// (`guess.rs`, `no_seki_in_open_space`): black's partners in the race run out to open space,
/// so the race is no seki and white loses it. The lone black N8 was still judged dead (alive,
/// one stone, the score unchanged) until wave 14 spared a contested group whose near enemy
/// strings all died in the seki check (`guess.rs`, `spare_groups_whose_neighbours_died`):
/// floors raised then to 7,735 of 7,735 stones. The misses
/// fixed while the set was made (docs/BENCHMARKS.md): `13x13-h0-l1-s20502` (white C12 C11 and
/// M9 L8 M8, alive, judged dead: twice the playouts) and `13x13-h0-l4-s20610` (white B1, the
/// stone of a ko whose connection is short of liberties, dead, judged alive: the ko exception
/// of the rule for groups in atari).
#[test]
fn guess_agrees_with_the_fifth_japanese_style_set() {
    let m = measure("japanese-dev5.jsonl");
    assert!(m.ours.positions >= 101, "{} positions", m.ours.positions);
    check_floors(&m, 100.0, 100.0, &[]);
}

/// The sixth Japanese-style development set (`japanese-dev6.jsonl`): 120 games made the same way
/// with new seeds (24001..24912) at the end of wave 7, after that wave's guess changes; no rule
/// was made from it yet, so its misses are a fresh sample of what the guess gets wrong (it is
/// development data: the next wave may use them). Floors: what the default effort reached when
/// the set was made, 7,123 of 7,125 stones and 91 of 93 scores, no string of 5 stones or more
/// misjudged (GNU Go level 10: 7,121 and 91, none); raised in wave 9 to 7,124 and 92, when the
/// sealed life reading (`local.rs`) kept `19x19-h0-l1-s24805`'s F6 alive.
#[test]
fn guess_agrees_with_the_sixth_japanese_style_set() {
    let m = measure("japanese-dev6.jsonl");
    assert!(m.ours.positions >= 93, "{} positions", m.ours.positions);
    check_floors(&m, 99.98, 98.9, &[]);
    // In the positions left out, the stones both cleanups agree on: 2,066 of 2,089 right until
    // wave 11 (19x19-h4-l2-s24907's living centre group of 21 stones was judged dead;
    // docs/BENCHMARKS.md, "Wave 8"); 2,086 since the guess draws more playouts where a big
    // string's standing is in doubt (its strings F16 and F12 were kept in 66% of the playouts,
    // a hair under the 2:1 line, so the cut-off rule judged them; with more playouts, in about
    // 69%: decided alive; docs/BENCHMARKS.md, "Wave 11").
    check_left_out_floor(&m, 2086);
}

/// The seventh Japanese-style development set (`japanese-dev7.jsonl`): 240 games made the same
/// way with new seeds (26001..26924) in wave 8, after that wave's guess work; nothing was tuned
/// on it when it was added, so its misses are a fresh sample for the next changes (development
/// data). Floors: what the default effort reached when the set was made, 14,322 of 14,328
/// stones and 182 of 185 scores, no string of 5 stones or more misjudged, and 4,779 of the
/// 4,783 stones both cleanups agree on in the positions left out (GNU Go level 10: 14,321, 183,
/// none, 4,776). Wave 8's reverted cut-off remedy (docs/BENCHMARKS.md, "Wave 8") scored 14,310,
/// 182, one misjudged string of 5+ here. Raised in wave 9 to 14,323 stones and 183 scores,
/// when the sealed life reading (`local.rs`) kept `19x19-h0-l1-s26819`'s S10 alive. Raised in
/// wave 16 to 14,327 stones (99.99%) and 184 scores (99.4%), when the cut-off rule learned to
/// cut a reach at one point the owner cannot answer (`13x13-h3-l2-s26722`). In wave 17 the
/// recorded truth of `19x19-h0-l1-s26822`, one of the positions left out, was refuted (white's
/// M14 N14, dead by both cleanups, touch through each of their three liberties white stones the
/// record calls alive: README, "Refuted truths", and the test at the end of this file), so its
/// 156 agreed stones (154 judged right by the guess, 154 by GNU Go) no longer count: the left-out
/// floor falls from 4,779 of 4,783 to 4,625 of 4,627 (GNU Go: 4,622), with the guess unchanged.
#[test]
fn guess_agrees_with_the_seventh_japanese_style_set() {
    let m = measure("japanese-dev7.jsonl");
    assert!(m.ours.positions >= 185, "{} positions", m.ours.positions);
    check_floors(&m, 99.99, 99.4, &[]);
    check_left_out_floor(&m, 4625);
}

/// The eighth Japanese-style development set (`japanese-dev8.jsonl`): 160 games made the same
/// way with new seeds (32001..32916) at the start of wave 10, before that wave's guess work;
/// nothing was tuned on it when it was added, so its misses are a fresh sample (development
/// data). Floors: what the default effort reached when the set was made (main at a833d6f), 10,884
/// of 10,900 stones and 129 of 136 scores, no string of 5 stones or more misjudged, and 2,249 of
/// the 2,250 stones both cleanups agree on in the 21 positions left out (GNU Go level 10:
/// 10,867, 130, one position with a misjudged string of 5+, 2,248). Since wave 10's cluster
/// rule (docs/SCORING.md, rule 5: a loose stone dies with its cluster): 10,886 stones and 130
/// scores (`19x19-h0-l1-s32810`, white F9 and G8). Then `19x19-h4-l2-s32903`, whose recorded
/// truth (black A11 A10 B10 A9 dead, as both cleanups captured them) is refuted: black keeps them
/// whoever moves first (tests/data/cleanup/refute.py reads the fight out; GNU Go's own
/// `owl_attack A10` fails), is left out: 10,697 of 10,707 stones and 130 of 135 scores (GNU Go,
/// whose status called them dead: 10,674 and 129). Wave 16 read `19x19-h4-l2-s32905` out
/// (README, "Refuted truths": black's B9 string and A6 live, C7 and C9 miai; white's C8 is
/// dead), a miss of both judges against its recorded truth: left out too.
#[test]
fn guess_agrees_with_the_eighth_japanese_style_set() {
    let m = measure("japanese-dev8.jsonl");
    assert!(m.ours.positions >= 134, "{} positions", m.ours.positions);
    assert_eq!(
        m.refuted,
        ["19x19-h4-l2-s32903", "19x19-h4-l2-s32905"],
        "the refuted truths"
    );
    check_floors(&m, 99.96, 97.0, &[]);
    check_left_out_floor(&m, 2249);
}

/// The ninth Japanese-style development set (`japanese-dev9.jsonl`): 160 games made the same
/// way with new seeds (36001..36916) at the start of wave 11, before that wave's guess work;
/// nothing was tuned on it when it was added, so its misses are a fresh sample (development
/// data). Floors: what the default effort reached when the set was made (main at eb23674),
/// 10,342 of 10,356 stones and 130 of 131 scores, and 2,220 of the 2,221 stones both cleanups
/// agree on in the 26 positions left out (GNU Go level 10: 10,327, 128, 2,220). One position
/// misjudges a string of 5 stones or more, `9x9-h0-l7-s36215` (white's whole left side, C9 and
/// D5, called dead; GNU Go misjudges `13x13-h0-l1-s36510`, E8). Since wave 11's two rules for a
/// lone invader (docs/SCORING.md, rule 5: an enemy string whose fate is open spoils no eye
/// space, and a group enclosed by the enemy dies), every stone and every score: white's left
/// side lives and black's C5 in it dies.
#[test]
fn guess_agrees_with_the_ninth_japanese_style_set() {
    let m = measure("japanese-dev9.jsonl");
    assert!(m.ours.positions >= 131, "{} positions", m.ours.positions);
    check_floors(&m, 100.0, 100.0, &[]);
    check_left_out_floor(&m, 2220);
}

/// The tenth Japanese-style development set (`japanese-dev10.jsonl`): 160 games made the same
/// way with new seeds (38001..38916) at the start of wave 12, before that wave's guess work;
/// nothing was tuned on it when it was added (development data). Floors: what the default
/// effort reached when the set was made (main at f556843, the same at seeds 2 and 3): every
/// stone and every score of the 121 measured positions, no string of 5 or more misjudged, and
/// 3,311 of the 3,315 stones both cleanups agree on in the 33 positions left out (GNU Go level
/// 10: 8,885 of 8,900 stones, 118 scores, one misjudged string of 5+, `9x9-h0-l3-s38103` A7;
/// 3,303 left out). In wave 17 the recorded truth of `19x19-h0-l1-s38806`, one of the positions
/// left out, was refuted (black's M14 N14, dead by both cleanups, join black's N16 string, alive
/// by the record, at N15, where a white stone has one liberty: README, "Refuted truths", and the
/// test at the end of this file), so its 188 agreed stones (186 judged right by the guess, 186
/// by GNU Go) no longer count: the left-out floor falls from 3,311 of 3,315 to 3,125 of 3,127
/// (GNU Go: 3,117), with the guess unchanged.
#[test]
fn guess_agrees_with_the_tenth_japanese_style_set() {
    let m = measure("japanese-dev10.jsonl");
    assert!(m.ours.positions >= 121, "{} positions", m.ours.positions);
    check_floors(&m, 100.0, 100.0, &[]);
    check_left_out_floor(&m, 3125);
}

/// The eleventh Japanese-style development set (`japanese-dev11.jsonl`): 160 games made the
/// same way with new seeds (42001..42916) at the start of wave 13, before that wave's guess
/// work; nothing was tuned on it when it was added (development data). Floors: what the default
/// effort reached when the set was made (main at 65d5495, the same at seeds 2 and 3): 9,674 of
/// 9,687 stones and 125 of 128 scores, one position misjudging a string of 5 or more,
/// `13x13-h0-l1-s42503` (black's 11 stones from C2 to G7 inside white's area, alive in the
/// cleanup, called dead; GNU Go calls them dead too), listed so that the test fails when the
/// guess changes on it, fixed or not; 3,003 of the 3,025 stones both cleanups agree on in the 30
/// positions left out (GNU Go level 10: 9,670 stones, 125 scores, two strings of 5+, 2,994).
/// Raised in wave 14 to 9,675 stones and 126 scores, when the stone of an unfought ko whose
/// connection is safe by miai was spared (`13x13-h0-l4-s42607` A9; `guess.rs`, `unfought_ko`).
/// In wave 14 the recorded truth of
/// `13x13-h0-l1-s42503` was refuted (an exact reading captures black's string whoever moves
/// first: tests/data/cleanup/README.md, "Refuted truths"), so that position is left out: 127
/// measured, 9,617 of 9,618 stones, 126 of 127 scores, no string of 5+ misjudged (GNU Go: 9,612,
/// 125, one). In wave 17 the recorded truth of `13x13-h3-l2-s42703`, one of the positions left
/// out because its cleanups disagree, was refuted too (white's lower-right group, dead by both
/// cleanups, lives by joining its lower-left group at G1 whoever moves first: README, "Refuted
/// truths", and the test at the end of this file), so its 74 agreed stones (53 of them judged
/// right by the guess, 49 by GNU Go) no longer count: the left-out floor falls from 3,003 of
/// 3,025 to 2,950 of 2,951 (GNU Go: 2,945), with the guess unchanged.
#[test]
fn guess_agrees_with_the_eleventh_japanese_style_set() {
    let m = measure("japanese-dev11.jsonl");
    assert!(m.ours.positions >= 127, "{} positions", m.ours.positions);
    check_floors(&m, 99.98, 99.2, &[]);
    check_left_out_floor(&m, 2950);
}

/// The twelfth Japanese-style development set (`japanese-dev12.jsonl`): 160 games made the
/// same way with new seeds (46001..46916) at the start of wave 14, before that wave's guess
/// changes were merged; nothing was tuned on it when it was added (development data). When the
/// set was made (main at 8640a8b, the same at seeds 2 and 3) the default effort reached 9,212 of
/// 9,240 stones and 120 of 123 scores, with two positions misjudging a string of 5 or more.
/// Wave 14's cuttable walls in the local reading reached 9,220 stones and 121 scores with one
/// such position, `13x13-h3-l2-s46705` (`19x19-h4-l2-s46909`, white's 8 dead stones from L11
/// to O10, right since). Floors: what it reaches since wave 15's reading of eyeless races
/// (`guess.rs`, `settle_races`; the same at seeds 2 and 3): 9,239 stones and 122 scores, no
/// position misjudging a string of 5 or more (s46705's capturing race in the upper left, read
/// the wrong way round before, is right to the stone); 3,447 of the 3,448 stones both cleanups
/// agree on in the 37 positions left out (GNU Go level 10: 9,224 stones, 120 scores, no string
/// of 5+, 3,447). Wave 18's link reading (`guess.rs`, `linked_by_reading`) keeps
/// `19x19-h0-l1-s46814`'s F8, alive by both cleanups: 3,448 of 3,448 at seed 1 (seeds 2 and 3
/// had it right before).
#[test]
fn guess_agrees_with_the_twelfth_japanese_style_set() {
    let m = measure("japanese-dev12.jsonl");
    assert!(m.ours.positions >= 123, "{} positions", m.ours.positions);
    check_floors(&m, 99.98, 99.1, &[]);
    check_left_out_floor(&m, 3448);
}

/// The thirteenth Japanese-style development set (`japanese-dev13.jsonl`): 160 games made the
/// same way with new seeds (50001..50916) at the start of wave 15, before that wave's guess
/// changes were merged; nothing was tuned on it when it was added (development data). When the
/// set was made (main at 4bb4369, the same at seeds 2 and 3) the default effort reached 11,126 of
/// 11,130 stones and 141 of 142 scores, with no position misjudging a string of 5 or more
/// (`19x19-h0-l1-s50803`: the living 3 stones D14 E14 F14 called dead, the dead K3 alive); 1,599
/// of the 1,599 stones both cleanups agree on in the 18 positions left out (GNU Go level 10:
/// 11,128 stones, 141 scores, none, 1,598). Wave 15 (a contested group joined by miai to a
/// string judged alive that has room of its own lives) fixed D14 E14 F14: 11,129 stones at seeds
/// 1, 2 and 3, K3 (the stone of an unfought ko) still alive. Floors: those figures.
#[test]
fn guess_agrees_with_the_thirteenth_japanese_style_set() {
    let m = measure("japanese-dev13.jsonl");
    assert!(m.ours.positions >= 142, "{} positions", m.ours.positions);
    check_floors(&m, 99.99, 99.2, &[]);
    check_left_out_floor(&m, 1599);
}

/// The fourteenth Japanese-style development set (`japanese-dev14.jsonl`): 160 games made the
/// same way with new seeds (54001..54916) at the start of wave 16; nothing was tuned on it when it
/// was added (development data since). Measured then (main ec4cb08, seeds 1, 2 and 3 alike):
/// 9,140 of 9,156 stones and 121 of 123 scores, one position misjudging a string of 5 stones or
/// more, `9x9-h0-l10-s54314`, and 2,412 of the 2,425 stones both cleanups agree on in the
/// positions left out (GNU Go level 10: 9,133, 120, one, 2,404). That position's recorded truth
/// was then read out and refuted (README, "Refuted truths": white's 12 stones live, black's C8 D8
/// die, as the guess says), so it is left out of both judges' figures: 9,107 of 9,109 stones,
/// 121 of 122 scores, no string of 5+ misjudged (GNU Go: 9,086, 119, one). Wave 16's ko stone
/// among dead enemies (`13x13-h0-l1-s54502` C12) then gave the floors, seeds 1, 2 and 3 alike:
/// 9,108 of 9,109 stones, 121 of 122 scores, none, 2,412 (a room-for-two-eyes exemption that
/// fixed `9x9-h0-l7-s54211`'s black corner, 2,417, was reverted: it misjudged a group of 5+ on a
/// held-out set).
#[test]
fn guess_agrees_with_the_fourteenth_japanese_style_set() {
    let m = measure("japanese-dev14.jsonl");
    assert!(m.ours.positions >= 122, "{} positions", m.ours.positions);
    assert_eq!(m.refuted, ["9x9-h0-l10-s54314"], "the refuted truths");
    check_floors(&m, 99.98, 99.1, &[]);
    check_left_out_floor(&m, 2412);
}

/// The fifteenth Japanese-style development set (`japanese-dev15.jsonl`): 160 games made the
/// same way with new seeds (58001..58916) at the start of wave 17; nothing was tuned on it when it
/// was added (development data since). Measured then (main 6d3dc14, seeds 1, 2 and 3 alike):
/// 9,738 of 9,756 stones and 124 of 129 scores, one position misjudging a string of 5 stones or
/// more, `13x13-h3-l2-s58713` (black's 12 stones at G12, alive by the record, called dead), and
/// 2,406 of the 2,406 stones both cleanups agree on in the positions left out (GNU Go level 10:
/// 9,742, 128, one, 2,405). Wave 17's eye-space reading (docs/SCORING.md, rule 6) keeps that
/// group, which lives in its whole space of 11 points, and its cluster rule for loose strings
/// of several stones kills `13x13-h3-l2-s58701`'s E11 F11 and F9; the floors since, seeds 1, 2
/// and 3 alike: 9,753 of 9,756 stones, 126 of 129 scores, none, 2,406.
#[test]
fn guess_agrees_with_the_fifteenth_japanese_style_set() {
    let m = measure("japanese-dev15.jsonl");
    assert!(m.ours.positions >= 129, "{} positions", m.ours.positions);
    check_floors(&m, 99.96, 97.6, &[]);
    check_left_out_floor(&m, 2406);
}

/// The sixteenth Japanese-style development set (`japanese-dev16.jsonl`): 160 games made the
/// same way with new seeds (62001..62916) at the start of wave 18; nothing was tuned on it when it
/// was added (development data since). Measured then (main 4fe0d01, seeds 1, 2 and 3 and the high
/// effort alike): every one of the 10,107 stones and of the 128 scores right, no position
/// misjudging a string of 5 stones or more, and 2,725 of the 2,726 stones both cleanups agree on
/// in the positions left out (`19x19-h4-l2-s62914` F1, which GNU Go misses too; GNU Go level 10:
/// 10,101 stones, 125 scores, none, 2,715). The same after wave 18's link reading.
#[test]
fn guess_agrees_with_the_sixteenth_japanese_style_set() {
    let m = measure("japanese-dev16.jsonl");
    assert!(m.ours.positions >= 128, "{} positions", m.ours.positions);
    check_floors(&m, 100.0, 100.0, &[]);
    check_left_out_floor(&m, 2725);
}

/// The seventeenth Japanese-style development set (`japanese-dev17.jsonl`): 160 games made the
/// same way with new seeds (70001..70916) during wave 19; nothing was tuned on it when it was
/// added (development data since). Measured then, after the wave's first changes (seeds 1, 2
/// and 3 alike): 9,980 of 9,999 stones, 130 of 134 scores, one position misjudging a string of 5
/// stones or more (`13x13-h0-l1-s70503`: black's 16 stones from A9 to D3, alive, killed by the
/// seki check, whose exact reading ran out of positions), and 2,874 of the 2,881 stones both
/// cleanups agree on in the positions left out (GNU Go level 10: 9,990 stones, 131 scores, none,
/// 2,880). With the seki check's reading allowed 16,000 positions (`local.rs` `read_deep`):
/// 9,996 stones, 131 scores, none, 2,874, seeds 1, 2 and 3 alike.
#[test]
fn guess_agrees_with_the_seventeenth_japanese_style_set() {
    let m = measure("japanese-dev17.jsonl");
    assert!(m.ours.positions >= 134, "{} positions", m.ours.positions);
    check_floors(&m, 99.96, 97.7, &[]);
    check_left_out_floor(&m, 2874);
}

/// The eighteenth Japanese-style development set (`japanese-dev18.jsonl`): 120 games made the
/// same way with new seeds (74001..74912) during wave 20; nothing was tuned on it when it was
/// added (development data since). Measured then (after the wave's first further batch drawn
/// beside the first, which changes no guess; seeds 1, 2 and 3 alike): 7,452 of 7,458 stones,
/// 92 of 94 scores, one position misjudging a string of 5 stones or more
/// (`13x13-h0-l4-s74601`: black's A6 to A2, alive, killed as cut off although they share an
/// eye with a string the link reading keeps), and 2,025 of the 2,036 stones both cleanups
/// agree on in the positions left out (GNU Go level 10: 7,456 stones, 92 scores, none, 2,024).
/// With a string an exact rule keeps counted as a friend to reach (`guess.rs`, the cut-off
/// rule): 7,457 stones, 93 scores, none, 2,025, seeds 1, 2 and 3 alike. With the enemy stones
/// its color captures in the cut-off rule's reach (left-out `19x19-h4-l2-s74907`, black's seven
/// stones from K4): 2,032 left out.
#[test]
fn guess_agrees_with_the_eighteenth_japanese_style_set() {
    let m = measure("japanese-dev18.jsonl");
    assert!(m.ours.positions >= 94, "{} positions", m.ours.positions);
    check_floors(&m, 99.98, 98.9, &[]);
    check_left_out_floor(&m, 2032);
}

/// The nineteenth Japanese-style development set (`japanese-dev19.jsonl`): 120 games made the
/// same way with new seeds (76001..76912) during wave 21; nothing was tuned on it when it was
/// added (development data since). Measured then: 7,489 of 7,490 stones, 91 of 92 scores, no
/// position misjudging a string of 5 stones or more, and 1,928 of the 1,928 stones both
/// cleanups agree on in the positions left out (GNU Go level 10: 7,475 stones, 88 scores,
/// none, 1,917). Seeds 2 to 5 lost `19x19-h4-l2-s76910`'s four black stones M3 to N1 (a race
/// with white's O3 O2 that black wins whoever moves first; both strings ended dead): 7,485 and
/// 90, until such a race was counted out (`guess.rs`, `settle_mutual_races`).
#[test]
fn guess_agrees_with_the_nineteenth_japanese_style_set() {
    let m = measure("japanese-dev19.jsonl");
    assert!(m.ours.positions >= 92, "{} positions", m.ours.positions);
    check_floors(&m, 99.98, 98.9, &[]);
    check_left_out_floor(&m, 1928);
}

/// The seventh Japanese-style held-out set (`japanese-heldout7.jsonl`): 120 games made with the
/// same ten configurations and new seeds (44001..44912) in wave 13, never used to adjust
/// anything; its positions were not opened. Measured for the first time in wave 13, once, after
/// that wave's guess changes (a map seki whose race is open loses it; the playouts' merge),
/// aggregate figures only: 7,983 of 7,995 stones and 96 of 100 scores, one position misjudging
/// a string of 5 stones or more, `13x13-h0-l1-s44503` (the string at C4; GNU Go misjudges it
/// too), listed so that the test fails when the guess changes on it, fixed or not; in the
/// positions left out because the cleanups disagree, 1,658 of the 1,658 stones both cleanups
/// agree on (GNU Go level 10: 7,959 stones, 93 scores, two positions with a misjudged string
/// of 5+, 1,657). Wave 20 (the cut-off rule's reach through the enemy stones its color
/// captures, made for a development position): 7,991 stones, 97 scores, no 5+ miss (s44503
/// right), 1,658, at seeds 1, 2 and 3 (seed 3: 7,979 and 96; 7,972 and 95 before).
#[test]
fn guess_agrees_with_the_seventh_japanese_style_held_out_set() {
    let m = measure("japanese-heldout7.jsonl");
    assert!(m.ours.positions >= 100, "{} positions", m.ours.positions);
    check_floors(&m, 99.94, 96.9, &[]);
    check_left_out_floor(&m, 1658);
}

/// The eighth Japanese-style held-out set (`japanese-heldout8.jsonl`): 120 games made with the
/// same ten configurations and new seeds (48001..48912) in wave 14, never used to adjust
/// anything; its positions were not opened. Measured for the first time in wave 14, once, after
/// that wave's guess changes, aggregate figures only: 6,692 of 6,695 stones and 83 of 86 scores,
/// no position misjudging a string of 5 stones or more; in the positions left out because the
/// cleanups disagree, 2,097 of the 2,134 stones both cleanups agree on (GNU Go level 10: 6,693
/// stones, 84 scores, none, 2,097). Wave 21 (a race between two strings both killed is
/// counted out, made for a development position): 2,108 left out, at seeds 1, 2 and 3.
#[test]
fn guess_agrees_with_the_eighth_japanese_style_held_out_set() {
    let m = measure("japanese-heldout8.jsonl");
    assert!(m.ours.positions >= 86, "{} positions", m.ours.positions);
    check_floors(&m, 99.95, 96.5, &[]);
    check_left_out_floor(&m, 2108);
}

/// The ninth Japanese-style held-out set (`japanese-heldout9.jsonl`): 120 games made with the
/// same ten configurations and new seeds (52001..52912) in wave 15, never used to adjust
/// anything; its positions were not opened. Measured for the first time in wave 15, once, after
/// that wave's guess changes (a reading of eyeless races, a group joined by miai to a living
/// friend), aggregate figures only: 7,433 of 7,442 stones and 95 of 97 scores, no position
/// misjudging a string of 5 stones or more; in the positions left out because the cleanups
/// disagree, 1,679 of the 1,687 stones both cleanups agree on (GNU Go level 10: 7,434 stones, 94
/// scores, none, 1,680). Measured again in wave 19 after that wave's guess changes (a snapback
/// in the readings, the seki check asking the exact reading): 7,441 stones and 96 scores at
/// seeds 1, 2 and 3 (the other figures unchanged); floors raised to these.
#[test]
fn guess_agrees_with_the_ninth_japanese_style_held_out_set() {
    let m = measure("japanese-heldout9.jsonl");
    assert!(m.ours.positions >= 97, "{} positions", m.ours.positions);
    check_floors(&m, 99.98, 98.9, &[]);
    check_left_out_floor(&m, 1679);
}

/// The tenth Japanese-style held-out set (`japanese-heldout10.jsonl`): 120 games made with the
/// same ten configurations and new seeds (56001..56912) in wave 16, never used to adjust
/// anything; its positions were not opened. Measured for the first time in wave 16, once, after
/// that wave's guess changes (a ko connection read out, one miai rule, a cut the owner cannot
/// answer), aggregate figures only: 7,258 of 7,261 stones and 90 of 93 scores, no position
/// misjudging a string of 5 stones or more; in the positions left out because the cleanups
/// disagree, 2,101 of the 2,101 stones both cleanups agree on (GNU Go level 10: 7,255 stones, 90
/// scores, none, 2,100). The same figures after the wave's last guess change (a ko stone among
/// dead enemies stays).
#[test]
fn guess_agrees_with_the_tenth_japanese_style_held_out_set() {
    let m = measure("japanese-heldout10.jsonl");
    assert!(m.ours.positions >= 93, "{} positions", m.ours.positions);
    check_floors(&m, 99.95, 96.7, &[]);
    check_left_out_floor(&m, 2101);
}

/// The eleventh Japanese-style set (`japanese-heldout11.jsonl`): 120 games made with the same ten
/// configurations and new seeds (60001..60912) at the start of wave 17 and held out then; its
/// positions were not opened until wave 18, which made it development data (the test's name no
/// longer says "held out"; the twelfth held-out set took its place). Measured for the first time
/// in wave 17, once, after that wave's guess changes, aggregate figures only: 8,579 of 8,599
/// stones and 103 of 106 scores, one position misjudging a string of 5 stones or more,
/// `19x19-h4-l2-s60903` (black's 18 stones at F10, alive by both cleanups and GNU Go, called
/// dead), and 1,158 of the 1,158 stones both cleanups agree on in the positions left out (GNU Go
/// level 10: 8,593 stones, 103 scores, none, 1,158). Wave 18's link reading (`guess.rs`,
/// `linked_by_reading`: white's cut at J11 is answered by K11, a double threat) keeps that
/// group: floors since, seeds 1, 2 and 3 alike, 8,597 of 8,599 stones and 104 of 106 scores,
/// none, 1,158.
#[test]
fn guess_agrees_with_the_eleventh_japanese_style_set_made_development_in_wave_18() {
    let m = measure("japanese-heldout11.jsonl");
    assert!(m.ours.positions >= 106, "{} positions", m.ours.positions);
    check_floors(&m, 99.97, 98.1, &[]);
    check_left_out_floor(&m, 1158);
}

/// The twelfth Japanese-style held-out set (`japanese-heldout12.jsonl`): 120 games made with the
/// same ten configurations and new seeds (64001..64912) at the start of wave 18, never used to
/// adjust anything; its positions were not opened. Measured for the first time in wave 18, once,
/// after that wave's guess change (the link reading), aggregate figures only: 7,673 of 7,676
/// stones and 97 of 100 scores, no position misjudging a string of 5 stones or more; in the
/// positions left out because the cleanups disagree, 1,827 of the 1,828 stones both cleanups
/// agree on (GNU Go level 10: 7,672 stones, 98 scores, none, 1,818). The build before the link
/// reading gave the same figures.
#[test]
fn guess_agrees_with_the_twelfth_japanese_style_held_out_set() {
    let m = measure("japanese-heldout12.jsonl");
    assert!(m.ours.positions >= 100, "{} positions", m.ours.positions);
    check_floors(&m, 99.96, 97.0, &[]);
    check_left_out_floor(&m, 1827);
}

/// The thirteenth Japanese-style set (`japanese-heldout13.jsonl`): 120 games made with the same
/// ten configurations and new seeds (66001..66912) in wave 18 and held out then; its positions
/// were not opened until wave 19, which made it development data (the test's name no longer says
/// "held out"; the fourteenth held-out set took its place). Measured for the first time in wave
/// 18, once, after that wave's guess change, aggregate figures only: 7,002 of 7,043 stones and
/// 90 of 95 scores, three positions misjudging a string of 5 stones or more; in the positions
/// left out because the cleanups disagree, 1,622 of the 1,628 stones both cleanups agree on
/// (GNU Go level 10: 7,042 stones, 94 scores, none, 1,621). Wave 19 opened the three:
/// - `9x9-h0-l1-s66007` (black's 11 stones at C9 with G9 H9 and F8, alive, called dead): white's
///   D9 E9 E8 have one liberty, F9, and so has black's F8; white F9 takes F8 and black takes
///   the four back at F8. The readings counted F8 as lost to white F9, and the seki check then
///   killed the group around it. A single stone captured and at once retaken, capturing the
///   stones that took it (a snapback), now stands (`local.rs`, `after_capture`).
/// - `13x13-h3-l2-s66709` (black's 10 stones from G12 to M13, alive, called dead): an eye
///   space of six points on the top edge that white's G13 touches at H13, so the map puts the
///   group in seki, and the seki check killed it (its partners run out). The seki check now
///   spares a group that the exact reading keeps, the opponent moving first (`guess.rs`,
///   `settle_seki`).
/// - `9x9-h2-l2-s66411` (white's 14 stones from D4 to J7, dead, called alive): white's centre
///   group, one true eye at F5, G4 false, black's J5 in the rest of its space; kept in 75% of
///   the playouts, and no rule reads a group the playouts call alive with a contested enemy
///   inside its space. Left as it is.
///
/// Floors since, seeds 1, 2 and 3: 7,027 of 7,043 stones and 92 of 95 scores, the one 5+ miss
/// s66411, 1,622 left out.
#[test]
fn guess_agrees_with_the_thirteenth_japanese_style_set_made_development_in_wave_19() {
    let m = measure("japanese-heldout13.jsonl");
    assert!(m.ours.positions >= 95, "{} positions", m.ours.positions);
    check_floors(&m, 99.77, 96.8, &["9x9-h2-l2-s66411 (F7)"]);
    check_left_out_floor(&m, 1622);
}

/// The fourteenth Japanese-style held-out set (`japanese-heldout14.jsonl`): 120 games made with
/// the same ten configurations and new seeds (68001..68912) at the start of wave 19, never used
/// to adjust anything; its positions were not opened. Measured for the first time in wave 19,
/// once, after that wave's guess changes, aggregate figures only (seeds 1, 2 and 3 alike): 6,620
/// of 6,627 stones and 88 of 90 scores, one position misjudging a string of 5 stones or more
/// (listed so that the test fails when the guess changes on it, fixed or not; its name only was
/// printed, with `TENGEN_CLEANUP_SHOW_HELD_OUT=1`); in the positions left out because the
/// cleanups disagree, 2,613 of the 2,615 stones both cleanups agree on (GNU Go level 10: 6,595
/// stones, 88 scores, one 5+ position, 2,614). The build before the wave's changes gave the same
/// figures.
#[test]
fn guess_agrees_with_the_fourteenth_japanese_style_held_out_set() {
    let m = measure("japanese-heldout14.jsonl");
    assert!(m.ours.positions >= 90, "{} positions", m.ours.positions);
    check_floors(&m, 99.89, 97.7, &["13x13-h0-l4-s68611 (G13)"]);
    check_left_out_floor(&m, 2613);
}

/// The fifteenth Japanese-style held-out set (`japanese-heldout15.jsonl`): 120 games made with
/// the same ten configurations and new seeds (72001..72912) in wave 20, never used to adjust
/// anything; its positions were not opened. Measured for the first time in wave 20, once, after
/// that wave's guess changes (the cut-off rule's friend), aggregate figures only (seeds 1, 2 and
/// 3 alike; the build before the change the same): 7,425 of 7,429 stones and 96 of 97 scores, no
/// position misjudging a string of 5 stones or more; in the positions left out because the
/// cleanups disagree, 1,915 of the 1,915 stones both cleanups agree on (GNU Go level 10: 7,426
/// stones, 96 scores, none, 1,915).
#[test]
fn guess_agrees_with_the_fifteenth_japanese_style_held_out_set() {
    let m = measure("japanese-heldout15.jsonl");
    assert!(m.ours.positions >= 97, "{} positions", m.ours.positions);
    check_floors(&m, 99.94, 98.9, &[]);
    check_left_out_floor(&m, 1915);
}

/// The sixteenth Japanese-style held-out set (`japanese-heldout16.jsonl`): 120 games made with
/// the same ten configurations and new seeds (78001..78912) in wave 21, never used to adjust
/// anything; its positions were not opened. Measured for the first time in wave 21, once, after
/// that wave's guess changes (an opened wall's capture ends the reading; a race between two
/// strings both killed is counted out), aggregate figures only (seeds 1, 2 and 3 alike; the
/// build before both changes the same): 7,813 of 7,815 stones and 93 of 94 scores, no position
/// misjudging a string of 5 stones or more; in the positions left out because the cleanups
/// disagree, 1,679 of the 1,679 stones both cleanups agree on (GNU Go level 10: 7,811 stones,
/// 93 scores, none, 1,673).
#[test]
fn guess_agrees_with_the_sixteenth_japanese_style_held_out_set() {
    let m = measure("japanese-heldout16.jsonl");
    assert!(m.ours.positions >= 94, "{} positions", m.ours.positions);
    check_floors(&m, 99.97, 98.9, &[]);
    check_left_out_floor(&m, 1679);
}

/// The second Japanese-style held-out set (`japanese-heldout2.jsonl`): 240 games made with the
/// same ten configurations and new seeds (22001..22924) in wave 7, never used to adjust
/// anything (the lead collected it after the wave's guess changes were merged; its positions
/// were not opened). Floors: what the default effort reached then, 14,961 of 14,991 stones
/// and 187 of 194 scores (GNU Go level 10: 14,982 and 189, better on both; the guess as it was
/// before wave 7's changes: 14,963 and 187, the same position misjudged). One position
/// misjudges a string of 5 stones or more, `9x9-h0-l3-s22123` (the string at E9); it is listed
/// so that the test fails when the guess changes on it, fixed or not (docs/BENCHMARKS.md).
/// Measured again once after wave 10's cluster rule (made on the development sets only): 14,965
/// stones and 188 scores, the same string of 5 or more misjudged; floors raised to these figures.
/// Development data since wave 18, which opened s22123 (black's 13 stones at E9, kept in 75% of
/// the playouts, eyeless but for J4 between dead black stones, captured by both cleanups and
/// dead by GNU Go: a race the playouts read the wrong way round; no rule made for it yet), so the
/// test's name no longer says "held out". Wave 21 read s22123 out: the group stands whoever moves
/// first, so its recorded truth is refuted and the position left out of both judges
/// (`the_black_group_at_e8_of_s22123_stands`): 14,934 of 14,942 stones and 188 of 193 scores,
/// no 5+ miss (GNU Go 14,933 and 188).
#[test]
fn guess_agrees_with_the_second_japanese_style_set_made_development_in_wave_18() {
    let m = measure("japanese-heldout2.jsonl");
    assert!(m.ours.positions >= 193, "{} positions", m.ours.positions);
    check_floors(&m, 99.94, 97.4, &[]);
    // 3,888 before wave 20's friend to reach (five black stones of a left-out position).
    check_left_out_floor(&m, 3893);
}

/// The third Japanese-style held-out set (`japanese-heldout3.jsonl`): 240 games made with the
/// same ten configurations and new seeds (28001..28924) at the end of wave 8, never used to
/// adjust anything; its positions were not opened. Measured for the first time in wave 9, once,
/// after that wave's guess change (the sealed life reading), aggregate figures only: 14,154 of
/// 14,169 stones and 181 of 185 scores (GNU Go level 10: 14,151 and 179), and in the 47
/// positions left out because the cleanups disagree, 4,558 of the 4,560 stones both cleanups
/// agree on (GNU Go 4,532). The guess as it was before that change (f0e7c26) gives the same
/// figures. One position misjudged a string of 5 stones or more, `9x9-h0-l7-s28219` (the string
/// at D7; GNU Go none). Measured again in wave 11 after that wave's guess changes (more playouts
/// while a big string's standing is in doubt, the lone-invader rules): 14,164 stones and 182
/// scores, no string of 5+ misjudged (the left-out figure unchanged).
#[test]
fn guess_agrees_with_the_third_japanese_style_held_out_set() {
    let m = measure("japanese-heldout3.jsonl");
    assert!(m.ours.positions >= 185, "{} positions", m.ours.positions);
    check_floors(&m, 99.96, 98.3, &[]);
    check_left_out_floor(&m, 4558);
}

/// The fourth Japanese-style held-out set (`japanese-heldout4.jsonl`): 240 games made with the
/// same ten configurations and new seeds (30001..30924) at the start of wave 9, never used to
/// adjust anything; its positions were not opened. Measured for the first time in wave 10, once,
/// after that wave's guess change (the cluster rule), aggregate figures only: 14,521 of 14,531
/// stones and 183 of 189 scores, no string of 5 stones or more misjudged, and in the 47
/// positions left out because the cleanups disagree, 4,505 of the 4,515 stones both cleanups
/// agree on (GNU Go level 10: 14,510, 183, one position with a misjudged string of 5+, 4,500).
/// Measured again in wave 11 after that wave's guess changes: 14,523 stones and 184 scores (the
/// left-out figure unchanged).
#[test]
fn guess_agrees_with_the_fourth_japanese_style_held_out_set() {
    let m = measure("japanese-heldout4.jsonl");
    assert!(m.ours.positions >= 189, "{} positions", m.ours.positions);
    check_floors(&m, 99.94, 97.3, &[]);
    check_left_out_floor(&m, 4505);
}

/// The fifth Japanese-style held-out set (`japanese-heldout5.jsonl`): 120 games made with the
/// same ten configurations and new seeds (34001..34912) at the end of wave 10, never used to
/// adjust anything; its positions were not opened. Measured for the first time in wave 11,
/// once, after that wave's guess changes (more playouts while a big string's standing is in
/// doubt, the lone-invader rules), aggregate figures only: 7,616 of 7,618 stones and 98 of 100
/// scores, no string of 5 stones or more misjudged, and in the 16 positions left out because
/// the cleanups disagree, 1,335 of the 1,336 stones both cleanups agree on (GNU Go level 10:
/// 7,616, 100, none, 1,336).
#[test]
fn guess_agrees_with_the_fifth_japanese_style_held_out_set() {
    let m = measure("japanese-heldout5.jsonl");
    assert!(m.ours.positions >= 100, "{} positions", m.ours.positions);
    check_floors(&m, 99.97, 98.0, &[]);
    check_left_out_floor(&m, 1335);
}

/// The sixth Japanese-style held-out set (`japanese-heldout6.jsonl`): 120 games made with the
/// same ten configurations and new seeds (40001..40912) in wave 12, never used to adjust
/// anything; its positions were not opened. Measured for the first time in wave 12, once,
/// after that wave's guess changes (faster playouts and reading, verdicts unchanged), aggregate
/// figures only: 7,492 of 7,497 stones and 94 of 97 scores, no string of 5 stones or more
/// misjudged, and in the 20 positions left out because the cleanups disagree, 1,803 of the
/// 1,809 stones both cleanups agree on (GNU Go level 10: 7,467, 93, two positions with a
/// misjudged string of 5+, 1,796). Before wave 17: 7,493 stones, 95 scores, none, 1,804; wave
/// 17's guess changes (a group read in its whole eye space, the cluster rule's loose strings),
/// run on it once after they were merged, aggregate only: 7,496 stones, 96 scores, none, 1,804.
#[test]
fn guess_agrees_with_the_sixth_japanese_style_held_out_set() {
    let m = measure("japanese-heldout6.jsonl");
    assert!(m.ours.positions >= 97, "{} positions", m.ours.positions);
    check_floors(&m, 99.98, 98.9, &[]);
    check_left_out_floor(&m, 1804);
}

// Development positions whose recorded truth (both GNU Go cleanups agree) an exact reading
// refuted (tests/data/cleanup/README.md, "Refuted truths"; docs/BENCHMARKS.md, "Wave 16: the
// races both judges miss" and "Wave 16: the fourteenth set's 5+ miss"). The guess agrees with
// the reading, and each such position is left out of the figures above; these tests hold the
// guess to the reading, so that no rule is ever tuned to kill (or keep) these stones to please
// the record: each assertion fails when the guess's status of one of them changes.

/// The record `id` of `tests/data/cleanup/file`.
fn record(file: &str, id: &str) -> Position {
    load(file)
        .into_iter()
        .find(|p| p.id == id)
        .expect("the record")
}

/// The guess's status of each stone of `stones` (a vertex and the color it must hold, so that a
/// mistyped vertex cannot point at another stone) in the two-pass position of `p`, at the
/// default effort (and the seed of `TENGEN_CLEANUP_SEED`, as every test here).
fn statuses(p: &Position, stones: &[(&str, Color)]) -> HashMap<String, StoneStatus> {
    let (board, to_move) = board_of(p);
    let g = Guess::new(
        &board,
        &Rules::CHINESE,
        options(Effort::Default, p.size, to_move),
    );
    stones
        .iter()
        .map(|&(v, color)| {
            let pt = parse_vertex(v, p.size, p.size).expect("a vertex");
            assert_eq!(board.get(pt), Some(color), "{}: {v}", p.id);
            let k = pt.y as usize * p.size + pt.x as usize;
            (v.to_string(), g.status[k].expect("a stone"))
        })
        .collect()
}

/// `japanese-dev4.jsonl` `19x19-h2-l4-s18206`: white's N2 O2 (liberties N1 O1 O3), dead by the
/// record, stand whoever moves first. White's M1 (liberties L1 N1) links them to L2 and white's
/// living lower group (F2 to L5 around its eyes H2, J3 and K4): black's O3 or O1 is answered by
/// white L1, and N1 then joins N2 O2 to that group (black N1 would be a self-atari). Read out
/// by `examples/race_read.rs` on the 14 empty points N1 O1 P1 O3 L1 K1 T1 K2 L3 J1 H2 J3 K4 H4
/// (everything else sealed as black's, only white's N4 and R2 strings fixed: alive by the
/// record too): the stones stand with black first and with white first, even with every
/// repeated position given to black (`RACE_READ_CYCLE=attacker`, 789,716 positions each: no ko
/// decides it). GNU Go 3.8 level 10: `owl_attack N2` 0, `attack N2` 0.
#[test]
fn the_white_stones_at_n2_o2_of_s18206_stand() {
    let p = record("japanese-dev4.jsonl", "19x19-h2-l4-s18206");
    // The record's verdict this test disagrees with, and GNU Go's, which it shares.
    assert!(p.dead.iter().any(|v| v == "N2") && p.dead.iter().any(|v| v == "O2"));
    assert!(!p.gnugo_dead.iter().any(|v| v == "N2" || v == "O2"));
    let (b, w) = (Color::Black, Color::White);
    let s = statuses(&p, &[("N2", w), ("O2", w), ("M1", w), ("O4", b), ("M2", b)]);
    for v in ["N2", "O2", "M1", "O4", "M2"] {
        assert_eq!(s[v], StoneStatus::Alive, "{}: {v}", p.id);
    }
}

/// `japanese-dev8.jsonl` `19x19-h4-l2-s32905`: black's B9 A8 B8 B7 (liberties A7 C7 C9) and A6
/// (A7 A5), dead by the record, stand whoever moves first, and white's lone C8 (C7 C9 D8) inside
/// black's lower-left area is dead. C7 joins black's string to C6 C5 and D7, C9 to C10 D10:
/// white takes one, black the other; white's A5 is answered by A7. Read out by
/// `examples/race_read.rs`: black first on the 12 empty points A7 C7 C9 D9 D8 A5 B4 D6 D5 E10 E9
/// E8 with nothing fixed (everything else sealed as white's: sound, the sealing only takes from
/// black), the string stands (125,100 positions); white first, with C10 D10 and white's A9
/// string fixed (both alive by the record) on those points and E7 E6 E5, it stands too
/// (1,564,137). The record's first cleanup had black moving first. GNU Go 3.8 level 10:
/// `owl_attack B9` 0, `attack C8` D8.
#[test]
fn the_black_string_at_b9_of_s32905_stands_and_c8_is_dead() {
    let p = record("japanese-dev8.jsonl", "19x19-h4-l2-s32905");
    assert!(p.dead.iter().any(|v| v == "B9") && !p.dead.iter().any(|v| v == "C8"));
    assert!(p.gnugo_dead.iter().any(|v| v == "C8") && !p.gnugo_dead.iter().any(|v| v == "B9"));
    let (b, w) = (Color::Black, Color::White);
    let stones = [
        ("B9", b),
        ("A8", b),
        ("B8", b),
        ("B7", b),
        ("A6", b),
        ("C8", w),
        ("C10", b),
        ("C6", b),
    ];
    let s = statuses(&p, &stones);
    for v in ["B9", "A8", "B8", "B7", "A6", "C10", "C6"] {
        assert_eq!(s[v], StoneStatus::Alive, "{}: {v}", p.id);
    }
    assert_eq!(s["C8"], StoneStatus::Dead, "{}: C8", p.id);
}

/// `japanese-dev14.jsonl` `9x9-h0-l10-s54314`: white's upper-left group, 12 stones in four
/// strings (A7 B7 C7 D7 A6; E8 E9 F9; F7 G7 G6; E6) that all touch E7, where black cannot play
/// (it would have no liberty and capture nothing), is dead by the record (both cleanups and GNU
/// Go's `final_status_list` agree) and stands whoever moves first; black's C8 D8 inside it
/// (liberties B8 C9 D9) are alive by the record and are captured whoever moves first. Read out by
/// `examples/race_read.rs` on the 17 empty points A8 B8 A9 B9 C9 D9 E7 H9 H8 C6 D6 F6 C5 D5 E5
/// F5 C4, everything else sealed (none of it touches the fight): target E8 (black attacks, the
/// seal black's, white's lower strings J5 D2 B2 E1 fixed), the group stands with white first and
/// with black first, even with every repeated position given to black (`RACE_READ_CYCLE=attacker`:
/// every first move of either side, a pass included, leaves it standing; 14,368,354 and
/// 6,216,269 positions); target C8 (white attacks, the seal white's, black's outer strings B3 J8
/// B6 A2 fixed, every cycle given to black), captured with black first (1,205,520) and with
/// white first. GNU Go 3.8 level 10's own readers agree with the reading (`owl_attack E8` 0,
/// `owl_defend E8` B8, `dragon_status E8` alive, `owl_defend C8` 0); only its end-of-game
/// play-out (the cleanup, and `final_status_list`, which plays out the same way) loses the group:
/// replayed with white first, white's cleanup starts F5, D5, D6 and lets black take F7 G7 G6
/// with E7.
#[test]
fn the_white_group_at_e8_of_s54314_stands_and_c8_d8_are_dead() {
    let p = record("japanese-dev14.jsonl", "9x9-h0-l10-s54314");
    // The record's verdict this test disagrees with, and GNU Go's status, which shares it.
    assert!(p.dead.iter().any(|v| v == "E8") && !p.dead.iter().any(|v| v == "C8"));
    assert!(p.gnugo_dead.iter().any(|v| v == "E8") && !p.gnugo_dead.iter().any(|v| v == "C8"));
    let (b, w) = (Color::Black, Color::White);
    let white = [
        "A7", "B7", "C7", "D7", "A6", "E8", "E9", "F9", "F7", "G7", "G6", "E6",
    ];
    let mut stones: Vec<(&str, Color)> = white.iter().map(|&v| (v, w)).collect();
    // Black's C8 D8 (dead) and, beside them, black stones alive by every account: G9 F8 G8
    // (joined at H8 to the right side), B6 B5 A5 and the wall D4.
    stones.extend([
        ("C8", b),
        ("D8", b),
        ("F8", b),
        ("G9", b),
        ("B6", b),
        ("D4", b),
    ]);
    let s = statuses(&p, &stones);
    for v in white.iter().chain(&["F8", "G9", "B6", "D4"]) {
        assert_eq!(s[*v], StoneStatus::Alive, "{}: {v}", p.id);
    }
    for v in ["C8", "D8"] {
        assert_eq!(s[v], StoneStatus::Dead, "{}: {v}", p.id);
    }
}

/// `japanese-dev11.jsonl` `13x13-h3-l2-s42703`: white's lower-right group, 17 stones (H5 J5 K5
/// L5 H4 L4 M4 H3 G2 H2 J2 J1 K1 L1 M1 N1 M2; liberties J4 J3 H1), dead by both cleanups, stands
/// whoever moves first. Black's G1 beside it has the one liberty H1: white H1 takes it, and G1
/// then joins the group to white's lower-left group (B4 C4 C3 D3 E3 E4 F4 E2 E1 F1 around the
/// corner A1-D2, B3), where a black stone is suicide while the group has J3 or J4. Black cannot
/// play H1 first (suicide), and black's K4 string inside (K4 K3 L3 M3 N3 K2 L2 N2 N4, liberties
/// J4 J3 N5) must connect at N5 before it fills J3 (else white N5 takes it). Read out by
/// `examples/race_read.rs` on the 13 empty points J3 J4 H1 N5 and the corner A1 B1 C1 D1 A2 B2
/// C2 D2 B3 (so that black may attack the lower-left group too), nothing fixed, everything else
/// sealed as black's: the group stands with black first (32,816 positions) and with white first
/// (169,956), every repeated position given to black (`RACE_READ_CYCLE=attacker`; every first
/// move of either side, a pass included, leaves it standing). GNU Go 3.8 level 10 agrees:
/// `owl_attack H5` 0, `dragon_status H5` alive (one dragon with B4: `owl_defend` B2 for both),
/// and after black N5, J4 and J3 it connects at G1.
#[test]
fn the_white_group_at_h5_of_s42703_stands() {
    let p = record("japanese-dev11.jsonl", "13x13-h3-l2-s42703");
    // The record's verdict this test disagrees with; GNU Go's status shares the test's.
    assert!(p.dead.iter().any(|v| v == "H5") && p.dead_second.iter().any(|v| v == "H5"));
    assert!(!p.gnugo_dead.iter().any(|v| v == "H5"));
    let (b, w) = (Color::Black, Color::White);
    let white = [
        "H5", "J5", "K5", "L5", "H4", "L4", "M4", "H3", "G2", "H2", "J2", "J1", "K1", "L1", "M1",
        "N1", "M2",
    ];
    let mut stones: Vec<(&str, Color)> = white.iter().map(|&v| (v, w)).collect();
    // Black's K4 string inside (alive: it connects out at N5) and G1 (dead: white H1 takes it).
    stones.extend([("K4", b), ("N2", b), ("N4", b), ("G1", b)]);
    let s = statuses(&p, &stones);
    for v in white.iter().chain(&["K4", "N2", "N4"]) {
        assert_eq!(s[*v], StoneStatus::Alive, "{}: {v}", p.id);
    }
    assert_eq!(s["G1"], StoneStatus::Dead, "{}: G1", p.id);
}

/// `japanese-dev2.jsonl` `9x9-h0-l1-s14006`: white's A7 B7 C7 A6 (liberties A8 B8 C8), dead by
/// both cleanups, stand whoever moves first: black's C8 is answered by white B8 (atari), and
/// black's C9 and D9 then run along the edge into white's D8 and are taken at E9. Read out by
/// `examples/race_read.rs` on the 14 empty points of the top side (A8 B8 C8 E8 F8 G8 A9 B9 C9
/// D9 E9 F9 G9 J9), nothing fixed, everything else sealed as black's: the stones stand with
/// black first and with white first (3,478,377 positions each way, every repeated position
/// given to black). GNU Go 3.8 level 10: `owl_attack A7` 0, `dragon_status A7` alive (its
/// `genmove` for white answers black C8 with C9 and loses them: the cleanups' mistake).
#[test]
fn the_white_stones_at_a7_of_s14006_stand() {
    let p = record("japanese-dev2.jsonl", "9x9-h0-l1-s14006");
    // The record's verdict this test disagrees with; GNU Go's status shares the test's.
    assert!(p.dead.iter().any(|v| v == "A7") && p.dead_second.iter().any(|v| v == "A7"));
    assert!(!p.gnugo_dead.iter().any(|v| v == "A7"));
    let (b, w) = (Color::Black, Color::White);
    let stones = [
        ("A7", w),
        ("B7", w),
        ("C7", w),
        ("A6", w),
        ("D8", w),
        ("E7", w),
        ("D7", b),
        ("B6", b),
        ("A5", b),
    ];
    let s = statuses(&p, &stones);
    for (v, _) in stones {
        assert_eq!(s[v], StoneStatus::Alive, "{}: {v}", p.id);
    }
}

/// `japanese-dev7.jsonl` `19x19-h0-l1-s26822`: white's M14 N14 (liberties L14 M15 N15), dead by
/// both cleanups, stand whoever moves first. Each liberty touches a white stone the record itself
/// calls alive (L14: K14 and L15; M15: L15; N15: N16 and O15): whichever liberty black takes,
/// white joins at another (a black N15 even has the one liberty M15). Read out by
/// `examples/race_read.rs` on the 9 empty points L14 M15 N15 M16 L16 K15 J14 O16 N17 with
/// white's L15, K14, N16 and O15 fixed (alive by the record) and everything else sealed as
/// black's: the stones stand with black first (1,658 positions) and with white first (7,326),
/// every first move of either side, a pass included, and every repeated position given to black.
/// GNU Go 3.8 level 10: `owl_attack M14` 0, `dragon_status M14` alive.
#[test]
fn the_white_stones_at_m14_n14_of_s26822_stand() {
    let p = record("japanese-dev7.jsonl", "19x19-h0-l1-s26822");
    // The record's verdict this test disagrees with; GNU Go's status shares the test's.
    assert!(p.dead.iter().any(|v| v == "M14") && p.dead_second.iter().any(|v| v == "N14"));
    assert!(!p.gnugo_dead.iter().any(|v| v == "M14" || v == "N14"));
    let (b, w) = (Color::Black, Color::White);
    let stones = [
        ("M14", w),
        ("N14", w),
        ("L15", w),
        ("N16", w),
        ("O15", w),
        ("M13", b),
        ("O14", b),
    ];
    let s = statuses(&p, &stones);
    for (v, _) in stones {
        assert_eq!(s[v], StoneStatus::Alive, "{}: {v}", p.id);
    }
}

/// `japanese-dev10.jsonl` `19x19-h0-l1-s38806`: black's M14 N14 (liberties M15 N15), dead by
/// both cleanups, stand whoever moves first. N15 touches black's N16 string (N16 N17 O17 P17 and
/// on, alive by the record) and black's O15; a white N15 has the one liberty M15 and is taken
/// there, and a white M15 is answered at N15. Read out by `examples/race_read.rs` on the 7 empty
/// points M15 N15 M16 L16 O16 K15 J15 with N16's string fixed (alive by the record) and
/// everything else sealed as white's: the stones stand with white first (597 positions) and
/// with black first (1,922), every first move of either side, a pass included, and every
/// repeated position given to white. GNU Go 3.8 level 10: `owl_attack M14` 0, `dragon_status
/// M14` alive.
#[test]
fn the_black_stones_at_m14_n14_of_s38806_stand() {
    let p = record("japanese-dev10.jsonl", "19x19-h0-l1-s38806");
    // The record's verdict this test disagrees with; GNU Go's status shares the test's.
    assert!(p.dead.iter().any(|v| v == "M14") && p.dead_second.iter().any(|v| v == "N14"));
    assert!(!p.gnugo_dead.iter().any(|v| v == "M14" || v == "N14"));
    let (b, w) = (Color::Black, Color::White);
    let stones = [
        ("M14", b),
        ("N14", b),
        ("N16", b),
        ("O15", b),
        ("L14", w),
        ("O14", w),
    ];
    let s = statuses(&p, &stones);
    for (v, _) in stones {
        assert_eq!(s[v], StoneStatus::Alive, "{}: {v}", p.id);
    }
}

/// `japanese-heldout2.jsonl` `9x9-h0-l3-s22123`: black's 16 stones from E9 to J2 (the main group
/// E9 C8-G8 E7 G7 H7 J7 G6 J6 J5, liberties D9 F9 C7 J8 J4, and H4, J3 J2 beside the eye J4),
/// dead by both cleanups and GNU Go's `final_status` (`owl_attack E8` says 1 PASS), stand
/// whoever moves first. Read out by `examples/race_read.rs` on the 16 empty points D9 F9 H9 J9
/// J8 C7 J4 H3 J1 H1 G1 G2 B2 A1 C1 A3, nothing fixed, everything else sealed as white's, every
/// repeated position given to white (`RACE_READ_CYCLE=attacker`): the group stands with white
/// first (109,537 positions) and with black first (572,753), every first move of either side,
/// a pass included. White's G9 and H8 inside black's space are the ones captured. The cleanups,
/// GNU Go's `kgs-genmove_cleanup` for both sides, never defended the group (GNU Go judges it dead
/// and passes for black).
#[test]
fn the_black_group_at_e8_of_s22123_stands() {
    let p = record("japanese-heldout2.jsonl", "9x9-h0-l3-s22123");
    // The record's verdict this test disagrees with, GNU Go's status too.
    assert!(p.dead.iter().any(|v| v == "E8") && p.dead_second.iter().any(|v| v == "E8"));
    assert!(p.gnugo_dead.iter().any(|v| v == "E8"));
    let (b, w) = (Color::Black, Color::White);
    let (alive, dead) = (StoneStatus::Alive, StoneStatus::Dead);
    let expected = [
        ("E8", b, alive),
        ("E9", b, alive),
        ("J5", b, alive),
        ("H4", b, alive),
        ("J3", b, alive),
        ("C9", w, alive),
        ("G9", w, dead),
        ("H8", w, dead),
    ];
    let stones: Vec<(&str, Color)> = expected.iter().map(|&(v, c, _)| (v, c)).collect();
    let s = statuses(&p, &stones);
    for (v, _, status) in expected {
        assert_eq!(s[v], status, "{}: {v}", p.id);
    }
}
