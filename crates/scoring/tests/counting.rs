//! Hand-worked positions for every counting rule. The expected numbers are worked out in the
//! comments; `X` is black, `O` white.

use tengen_core::{Color, Point, Rules};
use tengen_scoring::{board_from_rows, Analysis, Marking, Score, TerritoryMap};

fn rules(text: &str) -> Rules {
    text.parse().unwrap()
}

fn marking(rows: &[&str]) -> Marking {
    Marking::new(Analysis::new(&board_from_rows(rows).unwrap()))
}

/// Black and white each own two points; C3..C1 are dame.
const SIMPLE: [&str; 3] = [".X.O.", "XX.OO", ".X.O."];

#[test]
fn area_scoring_counts_stones_and_surrounded_points() {
    // Black: 4 stones + A3, A1 = 6. White: 4 stones + E3, E1 = 6, + 7.5 komi = 13.5.
    let s = Score::new(&marking(&SIMPLE), &rules("chinese"), 0);
    assert_eq!(
        (s.black.stones, s.black.territory, s.black.total),
        (4, 2, 6.0)
    );
    assert_eq!(
        (s.white.stones, s.white.territory, s.white.total),
        (4, 2, 13.5)
    );
    assert_eq!(s.result, "W+7.5");
    assert_eq!(s.dame, ["C3", "C2", "C1"]);
    assert!(s.seki.is_empty() && s.dead.is_empty());
}

#[test]
fn territory_scoring_counts_points_and_prisoners() {
    // Black: 2 points + 3 prisoners = 5. White: 2 points + 1 prisoner + 6.5 komi = 9.5.
    let mut a = Analysis::new(&board_from_rows(&SIMPLE).unwrap());
    a.set_captures(3, 1);
    let s = Score::new(&Marking::new(a), &rules("japanese"), 0);
    assert_eq!(
        (s.black.territory, s.black.stones, s.black.prisoners),
        (2, 0, 3)
    );
    assert_eq!((s.white.territory, s.white.prisoners), (2, 1));
    assert_eq!(s.black.total, 5.0);
    assert_eq!(s.white.total, 9.5);
    assert_eq!(s.result, "W+4.5");
}

#[test]
fn stone_scoring_counts_living_stones_only() {
    // Black 4 stones; white 4 + 7.5.
    let s = Score::new(&marking(&SIMPLE), &rules("stone-scoring"), 0);
    assert_eq!(
        (s.black.territory, s.black.stones, s.black.total),
        (0, 4, 4.0)
    );
    assert_eq!(s.white.total, 11.5);
    assert_eq!(s.result, "W+7.5");
    assert_eq!(s.ownership, [".B.W.", "BB.WW", ".B.W."]);
}

#[test]
fn handicap_bonus_n_and_n_minus_one() {
    let m = marking(&SIMPLE);
    // Chinese, bonus n: white 6 + 3 + 7.5 = 16.5 against 6: W+10.5.
    let s = Score::new(&m, &rules("chinese"), 3);
    assert_eq!((s.white.bonus, s.white.total, s.black.bonus), (3, 16.5, 0));
    assert_eq!(s.result, "W+10.5");
    // AGA, bonus n-1: white 6 + 2 + 7.5 = 15.5: W+9.5.
    let s = Score::new(&m, &rules("aga"), 3);
    assert_eq!((s.white.bonus, s.white.total), (2, 15.5));
    assert_eq!(s.result, "W+9.5");
    // Japanese: no bonus, 2 against 2 + 6.5.
    let s = Score::new(&m, &rules("japanese"), 3);
    assert_eq!(s.white.bonus, 0);
    assert_eq!(s.result, "W+6.5");
    // One stone is no handicap.
    assert_eq!(Score::new(&m, &rules("chinese"), 1).white.bonus, 0);
    // Komi 1.5 with bonus n for 2 stones: white 6 + 2 + 1.5 = 9.5 - 6 = W+3.5.
    assert_eq!(
        Score::new(&m, &rules("chinese,komi=1.5"), 2).result,
        "W+3.5"
    );
    // A draw.
    assert_eq!(Score::new(&m, &rules("chinese,komi=0"), 0).result, "0");
}

/// Black A1..C2 and white E2..G1 share D2 and D1; each has one eye (A2, G2). Neither can fill a
/// shared liberty without being captured: seki.
const SEKI: [&str; 2] = [".XX.OO.", "XXX.OOO"];

#[test]
fn seki_under_area_scoring_counts_its_eyes() {
    // Chinese: black 5 stones + eye A2 = 6; white 5 + G2 + 7.5 = 13.5: W+7.5.
    let s = Score::new(&marking(&SEKI), &rules("chinese"), 0);
    assert_eq!((s.black.stones, s.black.territory), (5, 1));
    assert_eq!((s.white.stones, s.white.territory), (5, 1));
    assert_eq!(s.result, "W+7.5");
    assert_eq!(s.seki.len(), 10);
    assert_eq!(s.dame, ["D2", "D1"]);
    assert_eq!(s.ownership, ["BBB.WWW", "BBB.WWW"]);
}

#[test]
fn seki_under_territory_scoring_has_no_territory() {
    // Japanese: the eyes of groups in seki are not territory: 0 against 0 + 6.5.
    let s = Score::new(&marking(&SEKI), &rules("japanese"), 0);
    assert_eq!((s.black.territory, s.white.territory), (0, 0));
    assert_eq!(s.result, "W+6.5");
    assert_eq!(s.ownership, [".BB.WW.", "BBB.WWW"]);
    assert_eq!(s.seki.len(), 10);
}

#[test]
fn seki_without_eyes() {
    // Two eyeless groups sharing C2 and C1. Area: 4 against 4 + 7.5.
    let s = Score::new(&marking(&["XX.OO", "XX.OO"]), &rules("chinese"), 0);
    assert_eq!(s.seki.len(), 8);
    assert_eq!(s.result, "W+7.5");
    // Stone scoring counts the stones alike: 4 against 4 + 7.5.
    assert_eq!(
        Score::new(&marking(&["XX.OO", "XX.OO"]), &rules("stone-scoring"), 0).result,
        "W+7.5"
    );
}

/// B5 is a false eye: the lone black stone C5 is in atari there (white C4 on its diagonal), so
/// black must connect at B5 before the end. A3 and A1 are real eyes.
const FALSE_EYE: [&str; 5] = ["X.XO.", "XXOO.", ".XO..", "XXO..", ".XO.."];

#[test]
fn false_eye_is_territory_under_area_scoring_only() {
    // Area: black 8 stones + B5, A3, A1 = 11; white 6 stones + 8 points + 7.5 = 21.5: W+10.5.
    let s = Score::new(&marking(&FALSE_EYE), &rules("chinese"), 0);
    assert_eq!((s.black.stones, s.black.territory), (8, 3));
    assert_eq!((s.white.stones, s.white.territory), (6, 8));
    assert_eq!(s.result, "W+10.5");
    // Territory: black A3, A1 = 2 (B5 must be filled); white 8 + 6.5 = 14.5: W+12.5.
    let s = Score::new(&marking(&FALSE_EYE), &rules("japanese"), 0);
    assert_eq!((s.black.territory, s.white.territory), (2, 8));
    assert_eq!(s.result, "W+12.5");
    assert_eq!(s.ownership[0], "B.BWW");
    assert!(s.seki.is_empty());
    // The territory map: B5 a false eye that must be filled, A3 and A1 black's eyes.
    let map = TerritoryMap::new(&marking(&FALSE_EYE));
    assert!(map.at(1).false_eye && map.at(1).unscorable_false_eye);
    for k in [10, 20] {
        assert!(!map.at(k).false_eye);
        assert_eq!(map.at(k).territory, Some(Color::Black));
    }
}

/// The white stone B4 is dead inside black's area on the left.
const DEAD_INSIDE: [&str; 5] = ["..XO.", ".OXO.", "..XO.", "XXXO.", "..XO."];

#[test]
fn dead_stones_inside_territory() {
    let mut m = marking(&DEAD_INSIDE);
    // Before marking: the left region touches white B4, so it is neutral.
    // Black 7 stones + A1, B1 = 9; white 6 stones + 5 = 11 + 7.5.
    let s = Score::new(&m, &rules("chinese"), 0);
    assert_eq!((s.black.total, s.white.total), (9.0, 18.5));
    let change = m.set_dead(Point::new(1, 1), true).unwrap();
    // B4 and the 5 empty points around it become black's.
    assert_eq!(change.changed.len(), 6);
    assert!(change.changed.iter().all(|&(_, o)| o == Some(Color::Black)));
    // Area: black 7 stones + 5 + 2 empty + 1 dead = 15; white 5 + 5 + 7.5 = 17.5: W+2.5.
    let s = Score::new(&m, &rules("chinese"), 0);
    assert_eq!((s.black.stones, s.black.territory, s.black.dead), (7, 7, 1));
    assert_eq!(s.black.total, 15.0);
    assert_eq!(s.white.total, 17.5);
    assert_eq!(s.result, "W+2.5");
    assert_eq!(s.dead, ["B4"]);
    // Territory, black took 2 prisoners and white 1 during the game:
    // black 7 points + B4's point 1 = 8 territory + 2 prisoners + 1 dead = 11;
    // white 5 territory + 1 prisoner + 6.5 = 12.5: W+1.5.
    let mut a = m.analysis().clone();
    a.set_captures(2, 1);
    let mut m2 = Marking::new(a);
    m2.set_dead(Point::new(1, 1), true).unwrap();
    let s = Score::new(&m2, &rules("japanese"), 0);
    assert_eq!(
        (s.black.territory, s.black.prisoners, s.black.dead),
        (8, 2, 1)
    );
    assert_eq!(
        (s.white.territory, s.white.prisoners, s.white.dead),
        (5, 1, 0)
    );
    assert_eq!(s.result, "W+1.5");
}

#[test]
fn score_json_has_exactly_the_interface_fields() {
    let s = Score::new(&marking(&SIMPLE), &rules("chinese"), 0);
    let v: serde_json::Value = serde_json::to_value(&s).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let mut want = [
        "result",
        "rules",
        "komi",
        "black",
        "white",
        "ownership",
        "dead",
        "seki",
        "dame",
    ];
    let mut got = keys.clone();
    got.sort();
    want.sort();
    assert_eq!(got, want);
    let side: Vec<&str> = v["black"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut side = side.clone();
    side.sort();
    assert_eq!(
        side,
        ["bonus", "dead", "prisoners", "stones", "territory", "total"]
    );
    assert_eq!(
        v["rules"],
        "ko=simple,suicide=forbidden,scoring=area,komi=7.5,handicap-bonus=n"
    );
    assert_eq!(v["komi"], 7.5);
    assert_eq!(tengen_scoring::resignation_result(Color::Black), "W+R");
}
