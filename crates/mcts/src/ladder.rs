//! Ladder reading (shicho): whether a group in atari that runs along its one liberty is caught by
//! successive ataris. Read on a copy of the board, for the tree's priors: an atari that starts a
//! working ladder is a good move, an escape from a working ladder a bad one (the classic beginner's
//! mistake that random playouts do not see, as Fuego's and Pachi's ladder checks note).
//!
//! The reading is the usual one: the prey extends on its liberty; with three liberties or more it
//! is out, with one it is caught; with two the attacker tries an atari on each and the reading
//! goes on. The prey counts as escaped when it can capture a stone next to it that stands in
//! atari (a ladder breaker by capture), and when the reading grows past a fixed number of
//! positions (an unread ladder is not trusted).
//!
//! The reading plays its moves on the caller's board with [`Board::place`] and takes them back
//! with [`Board::unplace`] (which restores the board exactly), instead of copying the board at
//! every step: on 19x19 the copies cost about a quarter of the search's time.

use crate::sim::{Geometry, NONE};
use tengen_core::{Board, Color};

/// Positions one ladder reading may visit before it gives up (and calls the prey escaped).
const BUDGET: u32 = 400;

/// Whether the group on `i`, which has exactly one liberty and whose owner is to move, is caught
/// in a ladder. `false` when the stone on `i` is missing or has another number of liberties.
#[cfg(test)]
pub(crate) fn caught(board: &mut Board, geo: &Geometry, i: u16) -> bool {
    let mut budget = BUDGET;
    prey_moves(board, geo, i, &mut budget)
}

/// Plays `c` on the empty, non-suicidal `i`, runs `f` on the board, and takes the move back.
fn with_move<R>(b: &mut Board, i: u16, c: Color, f: impl FnOnce(&mut Board) -> R) -> R {
    let mut removed: Vec<u16> = Vec::new();
    let (_, suicided) = b.place(i as usize, c, |s| removed.push(s));
    let r = f(b);
    b.unplace(i as usize, c, &removed, suicided > 0);
    r
}

/// What the ladder says about `c` playing the legal move `i`: `1` when it ataris an enemy group
/// that a ladder then catches, or saves an own group in atari by reaching three liberties; `-1`
/// when it runs from atari with two liberties into a ladder that works; `0` otherwise.
pub(crate) fn judge(board: &mut Board, geo: &Geometry, i: u16, c: Color) -> i32 {
    let (mut running, mut chasing) = (false, false);
    for &q in &geo.n4[i as usize] {
        if q == NONE {
            continue;
        }
        match board.color_at(q as usize) {
            Some(col) if col == c => running |= board.liberties(board.point(q as usize)) == 1,
            Some(_) => chasing |= board.liberties(board.point(q as usize)) == 2,
            None => {}
        }
    }
    if !running && !chasing {
        return 0;
    }
    if board.effect(i as usize, c).suicide {
        return 0;
    }
    with_move(board, i, c, |b| judge_after(b, geo, i, c, running, chasing))
}

/// [`judge`] once the move is on the board.
fn judge_after(
    b: &mut Board,
    geo: &Geometry,
    i: u16,
    c: Color,
    running: bool,
    chasing: bool,
) -> i32 {
    let mut budget = BUDGET;
    if running {
        let mut libs = [NONE; 4];
        match liberties(b, geo, i, &mut libs) {
            2 if libs[..2]
                .iter()
                .any(|&a| attacker_ataris(b, geo, i, a, c.opponent(), &mut budget)) =>
            {
                return -1;
            }
            n if n >= 3 => return 1,
            _ => {}
        }
    }
    if chasing {
        for &q in &geo.n4[i as usize] {
            if q != NONE
                && b.color_at(q as usize) == Some(c.opponent())
                && b.liberties(b.point(q as usize)) == 1
                && prey_moves(b, geo, q, &mut budget)
            {
                return 1;
            }
        }
    }
    0
}

/// Whether `c`'s extension on the legal move `i` (the liberty of an own group in atari) leaves the
/// group with two liberties and caught by a ladder.
pub(crate) fn runs_into_ladder(board: &mut Board, geo: &Geometry, i: u16, c: Color) -> bool {
    with_move(board, i, c, |b| {
        let mut libs = [NONE; 4];
        if liberties(b, geo, i, &mut libs) != 2 {
            return false;
        }
        let mut budget = BUDGET;
        libs[..2]
            .iter()
            .any(|&a| attacker_ataris(b, geo, i, a, c.opponent(), &mut budget))
    })
}

/// Whether the group on `i` (the prey, one liberty, its owner to move) is caught.
fn prey_moves(board: &mut Board, geo: &Geometry, i: u16, budget: &mut u32) -> bool {
    let Some(prey) = board.color_at(i as usize) else {
        return false;
    };
    let mut libs = [NONE; 4];
    if liberties(board, geo, i, &mut libs) != 1 {
        return false;
    }
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    // A neighbouring enemy stone in atari: the prey captures it and gains a liberty (reading on
    // from there is rarely needed; counted as an escape).
    if touches_enemy_in_atari(board, geo, i, prey) {
        return false;
    }
    let l = libs[0];
    let effect = board.effect(l as usize, prey);
    if effect.suicide {
        return true;
    }
    with_move(board, l, prey, |b| {
        let mut libs = [NONE; 4];
        match liberties(b, geo, i, &mut libs) {
            0 | 1 => true,
            2 => {
                let attacker = prey.opponent();
                libs[..2]
                    .iter()
                    .any(|&a| attacker_ataris(b, geo, i, a, attacker, budget))
            }
            _ => false,
        }
    })
}

/// Whether the attacker's atari on `a` (against the prey group on `i`, which has two liberties)
/// catches it.
fn attacker_ataris(
    board: &mut Board,
    geo: &Geometry,
    i: u16,
    a: u16,
    attacker: Color,
    budget: &mut u32,
) -> bool {
    let effect = board.effect(a as usize, attacker);
    if effect.suicide {
        return false;
    }
    with_move(board, a, attacker, |b| {
        if b.color_at(i as usize).is_none() {
            return true;
        }
        // An atari that leaves the attacker's own stone in atari is answered by capturing it;
        // the prey's reading sees that as a neighbour in atari.
        prey_moves(b, geo, i, budget)
    })
}

/// Whether a group of `prey`'s opponent next to the group on `i` has one liberty.
fn touches_enemy_in_atari(board: &Board, geo: &Geometry, i: u16, prey: Color) -> bool {
    let p = board.point(i as usize);
    let mut stones = board.group_stones(p);
    stones.truncate(64);
    stones.iter().any(|&s| {
        geo.n4[board.index(s)].iter().any(|&q| {
            q != NONE
                && board.color_at(q as usize) == Some(prey.opponent())
                && board.liberties(board.point(q as usize)) == 1
        })
    })
}

/// Up to 4 distinct liberties of the group on `i` (written to `out`); returns how many (at most
/// 4, so "4" means "4 or more").
fn liberties(board: &Board, geo: &Geometry, i: u16, out: &mut [u16; 4]) -> usize {
    let p = board.point(i as usize);
    let n = board.liberties(p).min(4);
    if n == 0 {
        return 0;
    }
    let mut k = 0;
    for s in board.group_stones(p) {
        for &q in &geo.n4[board.index(s)] {
            if q != NONE && board.color_at(q as usize).is_none() && !out[..k].contains(&q) {
                out[k] = q;
                k += 1;
                if k == n {
                    return k;
                }
            }
        }
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_core::{coords, Point};

    fn board(size: u8, black: &[&str], white: &[&str]) -> Board {
        let mut b = Board::new(size as usize, size as usize).unwrap();
        for (list, c) in [(black, Color::Black), (white, Color::White)] {
            for v in list {
                let p = coords::from_gtp(v, size, size).unwrap();
                b.set_stone(p, Some(c));
            }
        }
        b
    }

    fn idx(b: &Board, v: &str) -> u16 {
        let s = b.width() as u8;
        let p: Point = coords::from_gtp(v, s, s).unwrap();
        b.index(p) as u16
    }

    // The classic ladder on an empty 9x9: white E5 with black D5, E6, F5 around it (its one
    // liberty E4) and black F4 below-right. White E4 has two liberties (D4, E3); black ataris from
    // the right side each time (E3, then C4 after white D4, ...) and white zig-zags toward the
    // lower-left corner, where the edge takes its last liberty: caught.
    #[test]
    fn a_ladder_on_an_empty_board_works() {
        let b = board(9, &["D5", "E6", "F4", "F5"], &["E5"]);
        let geo = Geometry::new(&b);
        assert!(caught(&mut b.clone(), &geo, idx(&b, "E5")));
    }

    // The same ladder with a white stone on its path (C3, on the diagonal toward A1): the runner
    // connects to it and has three liberties, so no sequence of ataris catches it.
    #[test]
    fn a_ladder_breaker_saves_the_prey() {
        let b = board(9, &["D5", "E6", "F4", "F5"], &["E5", "C3"]);
        let geo = Geometry::new(&b);
        assert!(!caught(&mut b.clone(), &geo, idx(&b, "E5")));
    }

    // White E5 in atari (black D5, E6, F5; liberty E4), but black D5 is itself in atari (white
    // C5, D6 around it; its one liberty D4): white captures D5 rather than run. Escaped.
    #[test]
    fn capturing_a_neighbour_in_atari_escapes() {
        let b = board(9, &["D5", "E6", "F5"], &["E5", "C5", "D6"]);
        let geo = Geometry::new(&b);
        assert_eq!(b.liberties(b.point(idx(&b, "D5") as usize)), 1);
        assert!(!caught(&mut b.clone(), &geo, idx(&b, "E5")));
    }

    // A prey that reaches three liberties at once: white E5 in atari (black D5, E6, F5), its
    // liberty E4 is open on three sides (D4, F4, E3): out.
    // judge(): black F5 ataris white E5 (black D5, E6, F4 already there) into the ladder above:
    // good. White running from the same atari at E4 (black F5 played): bad. With the breaker at
    // C3 both are neutral; F5 then still ataris, but the ladder fails.
    #[test]
    fn judge_rates_the_atari_and_the_escape() {
        let b = board(9, &["D5", "E6", "F4"], &["E5"]);
        let geo = Geometry::new(&b);
        assert_eq!(judge(&mut b.clone(), &geo, idx(&b, "F5"), Color::Black), 1);
        let b = board(9, &["D5", "E6", "F4", "F5"], &["E5"]);
        assert_eq!(judge(&mut b.clone(), &geo, idx(&b, "E4"), Color::White), -1);
        assert!(runs_into_ladder(
            &mut b.clone(),
            &geo,
            idx(&b, "E4"),
            Color::White
        ));
        let b = board(9, &["D5", "E6", "F4"], &["E5", "C3"]);
        assert_eq!(judge(&mut b.clone(), &geo, idx(&b, "F5"), Color::Black), 0);
        let b = board(9, &["D5", "E6", "F4", "F5"], &["E5", "C3"]);
        assert_eq!(judge(&mut b.clone(), &geo, idx(&b, "E4"), Color::White), 0);
        assert!(!runs_into_ladder(
            &mut b.clone(),
            &geo,
            idx(&b, "E4"),
            Color::White
        ));
        // An extension to three liberties: white E5 in atari from D5, E6, F5 runs to the open E4.
        let b = board(9, &["D5", "E6", "F5"], &["E5"]);
        assert_eq!(judge(&mut b.clone(), &geo, idx(&b, "E4"), Color::White), 1);
    }

    // The reading plays on the caller's board and takes every move back: the board after a
    // reading (the long ladder to the corner, and its escape) equals the board before, hash
    // and all.
    #[test]
    fn reading_leaves_the_board_as_it_was() {
        let before = board(9, &["D5", "E6", "F4", "F5"], &["E5"]);
        let geo = Geometry::new(&before);
        let mut b = before.clone();
        assert!(caught(&mut b, &geo, idx(&before, "E5")));
        assert!(b == before && b.hash() == before.hash());
        assert_eq!(judge(&mut b, &geo, idx(&before, "E4"), Color::White), -1);
        assert!(runs_into_ladder(
            &mut b,
            &geo,
            idx(&before, "E4"),
            Color::White
        ));
        assert!(b == before && b.hash() == before.hash());
    }

    #[test]
    fn an_open_extension_escapes() {
        let b = board(9, &["D5", "E6", "F5"], &["E5"]);
        let geo = Geometry::new(&b);
        assert!(!caught(&mut b.clone(), &geo, idx(&b, "E5")));
    }
}
