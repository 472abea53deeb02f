//! The engine on arbitrary move sequences under arbitrary rules and sizes: after each move the
//! incremental state equals a recomputation, a refused move changes nothing, and undo restores
//! the exact previous position.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tengen_core::{Color, Game, KoRule, Move, Point, Rules};

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let w = (data[0] % 9 + 1) as usize;
    let h = (data[1] % 9 + 1) as usize;
    let ko = [KoRule::None, KoRule::Simple, KoRule::Positional, KoRule::Situational, KoRule::NaturalSituational]
        [(data[2] % 5) as usize];
    let rules = Rules { ko, suicide_allowed: data[2] & 0x80 != 0, ..Rules::CHINESE };
    let mut g = Game::new(w, h, rules).unwrap();
    for &b in &data[3..] {
        let before = g.board().clone();
        let before_hash = before.hash();
        match b {
            250..=251 => {
                let _ = g.play(Move::Pass);
            }
            252..=255 => {
                g.undo();
            }
            _ => {
                let p = Point::new((b as usize % w) as u8, ((b as usize / w) % h) as u8);
                let color = if b & 1 == 0 { g.to_move() } else { g.to_move().opponent() };
                match g.play_as(color, Move::Play(p)) {
                    Ok(()) => {
                        let after = g.board().clone();
                        assert!(g.undo());
                        assert!(*g.board() == before && g.board().hash() == before_hash);
                        g.play_as(color, Move::Play(p)).expect("replaying a legal move");
                        assert!(*g.board() == after);
                    }
                    Err(_) => assert!(*g.board() == before && g.board().hash() == before_hash),
                }
            }
        }
        g.check_consistency().expect("incremental state equals a recomputation");
    }
    let _ = Color::Black;
});
