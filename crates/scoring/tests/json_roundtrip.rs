//! Property test: random games, with random dead marks after two passes, serialize to the JSON
//! document and restore exactly (moves, position, phase, marks, version).

use proptest::prelude::*;
use tengen_core::{playout, Game, KoRule, Move, Rules};
use tengen_scoring::{Phase, ScoringGame};

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn games_round_trip_through_the_document(size in 2usize..=13, k in 0u8..5, plies in 0usize..120, marks in proptest::collection::vec(any::<u16>(), 0..6), seed in any::<u64>()) {
        let rules = Rules {
            ko: [KoRule::None, KoRule::Simple, KoRule::Positional, KoRule::Situational, KoRule::NaturalSituational][k as usize],
            ..Rules::CHINESE
        };
        let mut game = Game::new(size, size, rules).unwrap();
        let mut rng = playout::Rng::new(seed);
        for _ in 0..plies {
            let mv = playout::choose_move(&mut game, &mut rng);
            game.play(mv).unwrap();
        }
        let mut sg = ScoringGame::new(game.clone());
        // Two passes enter the scoring phase; then mark some stones dead.
        while sg.phase() == Phase::Play {
            sg.play(Move::Pass).unwrap();
        }
        let points: Vec<_> = game.board().points().filter(|&p| game.board().get(p).is_some()).collect();
        for m in marks {
            if points.is_empty() {
                break;
            }
            let p = points[m as usize % points.len()];
            let v = sg.marks_version();
            let _ = sg.set_dead(p, m % 2 == 0, v);
        }
        let json = sg.to_json();
        let back = ScoringGame::from_json(&json).unwrap();
        prop_assert_eq!(back.to_json(), json.clone());
        prop_assert_eq!(back.game().board(), sg.game().board());
        prop_assert_eq!(back.game().moves(), sg.game().moves());
        prop_assert_eq!(back.phase(), sg.phase());
        prop_assert_eq!(back.marks_version(), sg.marks_version());
        prop_assert_eq!(back.score(), sg.score());
        // A document with a byte changed is either refused or restores a consistent game.
        let mut broken = json.into_bytes();
        let i = broken.len() / 2;
        broken[i] = b'#';
        if let Ok(text) = String::from_utf8(broken) {
            if let Ok(g) = ScoringGame::from_json(&text) {
                prop_assert!(g.game().check_consistency().is_ok());
            }
        }
    }
}
