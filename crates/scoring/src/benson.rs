//! Benson's algorithm: groups that stay alive even if their owner only passes (pass-alive,
//! "unconditionally alive"), and the territory they own for certain.

use crate::analysis::{Analysis, NONE};
use tengen_core::Color;

/// The result of Benson's algorithm for both colors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassAlive {
    /// One flag per group of the analysis: pass-alive.
    pub groups: Vec<bool>,
    /// One entry per point, row-major: the color that owns it for certain (its pass-alive stones,
    /// and the regions they enclose in which the opponent can never make an eye; enemy stones
    /// there are dead).
    pub owner: Vec<Option<Color>>,
}

impl PassAlive {
    /// Runs Benson's algorithm on an analysed position.
    ///
    /// ```
    /// use tengen_core::{Color, Point};
    /// use tengen_scoring::{board_from_rows, Analysis, PassAlive};
    /// let board = board_from_rows(&[
    ///     ".X.XO",
    ///     "XXXXO",
    ///     "OOOOO",
    ///     ".....",
    /// ]).unwrap();
    /// let a = Analysis::new(&board);
    /// let pa = PassAlive::new(&a);
    /// assert!(pa.groups[a.group_at(Point::new(0, 1)).unwrap().0 as usize]);
    /// assert_eq!(pa.owner[0], Some(Color::Black));
    /// assert!(!pa.groups[a.group_at(Point::new(4, 0)).unwrap().0 as usize]);
    /// ```
    pub fn new(a: &Analysis) -> PassAlive {
        let mut groups = vec![false; a.groups.len()];
        let mut owner: Vec<Option<Color>> = vec![None; a.cells.len()];
        for color in Color::ALL {
            benson(a, color, &mut groups, &mut owner);
        }
        PassAlive { groups, owner }
    }
}

struct Region {
    points: Vec<u16>,
    empty: u32,
    /// Bordering groups of the color, with the number of the region's empty points that are
    /// their liberties.
    border: Vec<(u32, u32)>,
    alive: bool,
}

fn benson(a: &Analysis, color: Color, alive_out: &mut [bool], owner: &mut [Option<Color>]) {
    let n = a.cells.len();
    let mut region_of = vec![NONE; n];
    let mut regions: Vec<Region> = Vec::new();
    let mut stack = Vec::new();
    for start in 0..n {
        if a.cells[start] == Some(color) || region_of[start] != NONE {
            continue;
        }
        let id = regions.len() as u32;
        let mut r = Region {
            points: Vec::new(),
            empty: 0,
            border: Vec::new(),
            alive: true,
        };
        region_of[start] = id;
        stack.push(start);
        while let Some(k) = stack.pop() {
            r.points.push(k as u16);
            let empty = a.cells[k].is_none();
            if empty {
                r.empty += 1;
            }
            // Groups of `color` touching this point; count liberties once per group and point.
            let mut seen: [u32; 4] = [NONE; 4];
            for (j, nb) in a.neighbours(k).enumerate() {
                if a.cells[nb] == Some(color) {
                    let g = a.group_of[nb];
                    if seen.contains(&g) {
                        continue;
                    }
                    seen[j] = g;
                    match r.border.iter_mut().find(|(bg, _)| *bg == g) {
                        Some(e) => e.1 += u32::from(empty),
                        None => r.border.push((g, u32::from(empty))),
                    }
                } else if region_of[nb] == NONE {
                    region_of[nb] = id;
                    stack.push(nb);
                }
            }
        }
        r.alive = !r.border.is_empty();
        regions.push(r);
    }
    let mut alive: Vec<bool> = a.groups.iter().map(|g| g.color == color).collect();
    loop {
        let mut healthy = vec![0u32; a.groups.len()];
        for r in regions.iter().filter(|r| r.alive) {
            for &(g, libs) in &r.border {
                if libs == r.empty {
                    healthy[g as usize] += 1;
                }
            }
        }
        let mut changed = false;
        for (g, al) in alive.iter_mut().enumerate() {
            if *al && healthy[g] < 2 {
                *al = false;
                changed = true;
            }
        }
        for r in regions.iter_mut().filter(|r| r.alive) {
            if r.border.iter().any(|&(g, _)| !alive[g as usize]) {
                r.alive = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for (g, al) in alive.iter().enumerate() {
        if *al {
            alive_out[g] = true;
            for &s in &a.groups[g].stones {
                owner[s as usize] = Some(color);
            }
        }
    }
    for r in regions.iter().filter(|r| r.alive) {
        // The opponent can never make an eye where every empty point touches a pass-alive stone.
        let all_touch = r.points.iter().all(|&k| {
            a.cells[k as usize].is_some()
                || a.neighbours(k as usize)
                    .any(|nb| a.cells[nb] == Some(color))
        });
        if all_touch {
            for &k in &r.points {
                owner[k as usize] = Some(color);
            }
        }
    }
}
