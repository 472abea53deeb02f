//! Property tests for every text form the core parses: the four coordinate forms and the rules
//! text. What is printed reads back to the same value; what is read prints back to a form that
//! reads to the same value.

use proptest::prelude::*;
use tengen_core::{coords, HandicapBonus, KoRule, Point, Rules, Scoring};

fn board_and_point() -> impl Strategy<Value = (u8, u8, Point)> {
    (1u8..=52, 1u8..=52).prop_flat_map(|(w, h)| {
        (
            Just(w),
            Just(h),
            (0..w, 0..h).prop_map(|(x, y)| Point::new(x, y)),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn gtp_vertices_round_trip((w, h, p) in board_and_point()) {
        match coords::to_gtp(p, h) {
            Some(v) => {
                prop_assert_eq!(coords::from_gtp(&v, w, h), Ok(p));
                prop_assert_eq!(coords::from_gtp(&v.to_lowercase(), w, h), Ok(p));
            }
            None => prop_assert!(p.x >= 25, "only columns past Z have no letter"),
        }
    }

    #[test]
    fn kata_vertices_round_trip((w, h, p) in board_and_point()) {
        if let Some(v) = coords::to_kata(p, h) {
            prop_assert_eq!(coords::from_kata(&v, w, h), Ok(p));
        }
    }

    #[test]
    fn sgf_points_round_trip((w, h, p) in board_and_point()) {
        let s = coords::to_sgf(p);
        // `tt` is a pass on boards up to 19x19, a point beyond.
        if s == "tt" && w <= 19 && h <= 19 {
            prop_assert_eq!(coords::from_sgf(&s, w, h), Ok(None));
        } else {
            prop_assert_eq!(coords::from_sgf(&s, w, h), Ok(Some(p)));
        }
    }

    #[test]
    fn dlgo_row_col_round_trips((w, h, p) in board_and_point()) {
        let (r, c) = coords::to_row_col(p, h);
        prop_assert_eq!(coords::from_row_col(r, c, w, h), Some(p));
        prop_assert!(r >= 1 && c >= 1 && r <= i64::from(h) && c <= i64::from(w));
    }

    #[test]
    fn parsers_never_panic_and_accept_only_board_points(text in "\\PC{0,6}", w in 1u8..=52, h in 1u8..=52) {
        for p in [coords::from_gtp(&text, w, h).ok(), coords::from_kata(&text, w, h).ok(), coords::from_sgf(&text, w, h).ok().flatten()].into_iter().flatten() {
            prop_assert!(p.x < w && p.y < h);
        }
    }

    #[test]
    fn rules_text_round_trips(ko in 0usize..5, suicide in any::<bool>(), scoring in 0usize..3, halves in -40i32..40, bonus in 0usize..3) {
        let rules = Rules {
            ko: [KoRule::None, KoRule::Simple, KoRule::Positional, KoRule::Situational, KoRule::NaturalSituational][ko],
            suicide_allowed: suicide,
            scoring: [Scoring::Area, Scoring::Territory, Scoring::Stone][scoring],
            komi: f64::from(halves) / 2.0,
            handicap_bonus: [HandicapBonus::Zero, HandicapBonus::N, HandicapBonus::NMinusOne][bonus],
        };
        let text = rules.to_string();
        prop_assert_eq!(text.parse::<Rules>(), Ok(rules));
        // Pairs in any case and with spaces parse alike.
        prop_assert_eq!(text.to_uppercase().replace(',', " , ").parse::<Rules>(), Ok(rules));
    }

    #[test]
    fn rules_parser_never_panics(text in "\\PC{0,40}") {
        match text.parse::<Rules>() {
            Ok(r) => prop_assert_eq!(r.to_string().parse::<Rules>(), Ok(r)),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

#[test]
fn every_preset_reads_under_every_spelling() {
    for (name, ko, komi) in [
        ("chinese", KoRule::Simple, 7.5),
        ("Chinese-OGS", KoRule::Positional, 7.5),
        ("chinese_kgs", KoRule::Positional, 7.5),
        ("JAPANESE", KoRule::Simple, 6.5),
        ("korean", KoRule::Simple, 6.5),
        ("aga", KoRule::Situational, 7.5),
        ("bga", KoRule::Situational, 7.5),
        ("french", KoRule::Situational, 7.5),
        ("new zealand", KoRule::Situational, 7.0),
        ("nz", KoRule::Situational, 7.0),
        ("tromp-taylor", KoRule::Positional, 7.5),
        ("TrompTaylor", KoRule::Positional, 7.5),
        ("goe", KoRule::Positional, 7.5),
        ("ing", KoRule::Positional, 7.5),
        ("stone_scoring", KoRule::Simple, 7.5),
        ("simple", KoRule::Simple, 0.0),
    ] {
        let r: Rules = name.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((r.ko, r.komi), (ko, komi), "{name}");
    }
    let e = "klingon".parse::<Rules>().unwrap_err().to_string();
    assert!(e.contains("tromp-taylor") && e.contains("japanese"), "{e}");
    let e = "ko=sometimes".parse::<Rules>().unwrap_err().to_string();
    assert!(e.contains("natural-situational"), "{e}");
    assert!("japanese,komi=0.3".parse::<Rules>().is_err());
    let r: Rules = "ko=positional".parse().unwrap();
    assert_eq!(
        r.to_string(),
        "ko=positional,suicide=forbidden,scoring=area,komi=7.5,handicap-bonus=n"
    );
}
