//! The state kept between requests: JSON round trips in every phase, and corrupted documents.

use tengen_core::{coords, Color, Game, Move, Rules};
use tengen_scoring::{DocumentError, GuessOptions, Phase, ScoringError, ScoringGame};

fn mv(v: &str) -> Move {
    match v {
        "pass" => Move::Pass,
        "resign" => Move::Resign,
        _ => Move::Play(coords::from_gtp(v, 9, 9).unwrap()),
    }
}

/// A 9x9 game with a ko fought and a dead white stone at G7, ended by two passes.
fn scoring_game() -> ScoringGame {
    let mut game = Game::new(9, 9, "aga".parse::<Rules>().unwrap()).unwrap();
    game.set_up(&[
        (coords::from_gtp("C3", 9, 9).unwrap(), Some(Color::Black)),
        (coords::from_gtp("G3", 9, 9).unwrap(), Some(Color::Black)),
    ])
    .unwrap();
    game.set_handicap_count(2);
    game.set_to_move(Color::White).unwrap();
    let mut sg = ScoringGame::new(game);
    for v in [
        "E5", "D5", "F4", "E4", "F6", "E6", "G7", "F5", "pass", "pass",
    ] {
        sg.play(mv(v)).unwrap();
    }
    sg
}

#[test]
fn round_trip_in_every_phase() {
    let mut sg = scoring_game();
    assert_eq!(sg.phase(), Phase::Scoring);
    let check = |sg: &ScoringGame| {
        let json = sg.to_json();
        let back = ScoringGame::from_json(&json).unwrap();
        assert_eq!(back.to_json(), json);
        assert_eq!(back.phase(), sg.phase());
        assert_eq!(back.marks_version(), sg.marks_version());
        assert_eq!(back.result(), sg.result());
        assert_eq!(back.game().board(), sg.game().board());
        assert_eq!(back.game().ko_point(), sg.game().ko_point());
        assert_eq!(back.game().handicap(), 2);
        assert_eq!(back.score(), sg.score());
        for c in Color::ALL {
            assert_eq!(back.accepted(c), sg.accepted(c));
        }
        back
    };
    check(&sg);
    let v = sg.marks_version();
    sg.set_dead(coords::from_gtp("G7", 9, 9).unwrap(), true, v)
        .unwrap();
    let v = sg.marks_version();
    assert!(!sg.accept(Color::White, v).unwrap());
    let back = check(&sg);
    assert!(back.accepted(Color::White) && !back.accepted(Color::Black));
    assert_eq!(back.score().unwrap().dead, ["G7"]);
    assert!(sg.accept(Color::Black, v).unwrap());
    assert_eq!(sg.phase(), Phase::Finished);
    check(&sg);
    // Resume from scoring keeps the game untouched.
    let mut sg = scoring_game();
    let before = sg.game().board().clone();
    sg.resume().unwrap();
    assert_eq!(sg.phase(), Phase::Play);
    assert_eq!(sg.game().board(), &before);
    check(&sg);
    sg.play(mv("J9")).unwrap();
    check(&sg);
    sg.play(mv("resign")).unwrap();
    assert_eq!(sg.result(), Some("W+R"));
    check(&sg);
}

#[test]
fn phase_errors() {
    let mut sg = scoring_game();
    let v = sg.marks_version();
    assert!(matches!(
        sg.play(Move::Pass),
        Err(ScoringError::WrongPhase { .. })
    ));
    assert_eq!(
        sg.set_dead(coords::from_gtp("G7", 9, 9).unwrap(), true, v + 1),
        Err(ScoringError::StaleVersion {
            current: v,
            given: v + 1
        })
    );
    let e5 = coords::from_gtp("A9", 9, 9).unwrap();
    let err = sg.set_dead(e5, true, v).unwrap_err();
    assert_eq!(err, ScoringError::NoStone(e5));
    assert!(err.to_string().contains("no stone"));
    assert!(sg.accept(Color::Black, v).is_ok());
    sg.apply_guess(
        GuessOptions {
            playouts: 200,
            seed: 3,
            to_move: None,
        },
        v,
    )
    .unwrap();
    assert!(!sg.accepted(Color::Black));
    assert_eq!(sg.marks_version(), v + 1);
    sg.resume().unwrap();
    assert!(matches!(
        sg.accept(Color::Black, sg.marks_version()),
        Err(ScoringError::WrongPhase { .. })
    ));
}

#[test]
fn corrupted_documents_are_errors() {
    let sg = scoring_game();
    let json = sg.to_json();
    assert!(matches!(
        ScoringGame::from_json("{not json"),
        Err(DocumentError::Json(_))
    ));
    let v2 = json.replacen("\"version\":1", "\"version\":2", 1);
    assert_eq!(
        ScoringGame::from_json(&v2).unwrap_err(),
        DocumentError::Version(2)
    );
    // An illegal move: E5 played twice.
    let bad = json.replacen("\"B D5\"", "\"B E5\"", 1);
    assert!(matches!(
        ScoringGame::from_json(&bad),
        Err(DocumentError::IllegalMove(1, _, _))
    ));
    let bad = json.replacen("\"B D5\"", "\"B Z99\"", 1);
    assert!(matches!(
        ScoringGame::from_json(&bad),
        Err(DocumentError::BadMove(1, _))
    ));
    // A dead mark on an empty point.
    let bad = json.replacen("\"dead\":[]", "\"dead\":[\"A1\"]", 1);
    assert!(matches!(
        ScoringGame::from_json(&bad),
        Err(DocumentError::Dead(_))
    ));
    let bad = json.replacen("\"phase\":\"scoring\"", "\"phase\":\"over\"", 1);
    assert!(matches!(
        ScoringGame::from_json(&bad),
        Err(DocumentError::Phase(_))
    ));
    let bad = json.replacen("\"rules\":\"", "\"rules\":\"bogus,", 1);
    assert!(matches!(
        ScoringGame::from_json(&bad),
        Err(DocumentError::Rules(_))
    ));
    let bad = json.replacen("{", "{\"extra\":1,", 1);
    assert!(matches!(
        ScoringGame::from_json(&bad),
        Err(DocumentError::Json(_))
    ));
    // Scoring without two passes at the end.
    let bad = json.replacen(",\"W pass\",\"B pass\"]", "]", 1);
    assert_ne!(bad, json);
    assert!(matches!(
        ScoringGame::from_json(&bad),
        Err(DocumentError::Phase(_))
    ));
    for e in [DocumentError::Version(2), DocumentError::Dead("x".into())] {
        assert!(!e.to_string().is_empty());
    }
}

/// Issue 12 item 4: after a resume from scoring, one pass by the player to move used to send
/// the game straight back to scoring (the two passes before the resume still counted).
#[test]
fn resume_then_a_single_pass_does_not_end_play() {
    use tengen_core::{Color, Game, Move, Point, Rules};
    let mut sg = ScoringGame::new(Game::new(5, 5, Rules::CHINESE).unwrap());
    sg.play(Move::Play(Point::new(2, 2))).unwrap();
    sg.play(Move::Pass).unwrap();
    sg.play(Move::Pass).unwrap();
    assert_eq!(sg.phase(), Phase::Scoring);
    sg.resume().unwrap();
    assert_eq!(sg.game().to_move(), Color::White);
    sg.play(Move::Pass).unwrap();
    assert_eq!(sg.phase(), Phase::Play, "one new pass must not end play");
    // The document keeps the resume point: the restored game still needs two new passes.
    let back = ScoringGame::from_json(&sg.to_json()).unwrap();
    assert_eq!(back.to_json(), sg.to_json());
    assert_eq!(back.resumed_at(), 3);
    let mut back = back;
    back.play(Move::Play(Point::new(1, 1))).unwrap();
    back.play(Move::Pass).unwrap();
    assert_eq!(back.phase(), Phase::Play);
    back.play(Move::Pass).unwrap();
    assert_eq!(back.phase(), Phase::Scoring);
    // A document claiming play after two new passes is refused.
    let mut sg = ScoringGame::new(Game::new(5, 5, Rules::CHINESE).unwrap());
    sg.play(Move::Pass).unwrap();
    sg.play(Move::Pass).unwrap();
    sg.resume().unwrap();
    let bad = sg
        .to_json()
        .replace(r#""resumed_at":2"#, r#""resumed_at":0"#);
    assert!(matches!(
        ScoringGame::from_json(&bad),
        Err(DocumentError::Phase(_))
    ));
}

/// A game lost on time: finished with `W+T`, kept by the document.
#[test]
fn timeout_ends_play_and_round_trips() {
    use tengen_core::{Color, Game, Move, Point, Rules};
    let mut sg = ScoringGame::new(Game::new(9, 9, Rules::JAPANESE).unwrap());
    sg.play(Move::Play(Point::new(2, 2))).unwrap();
    sg.time_out(Color::Black).unwrap();
    assert_eq!(sg.phase(), Phase::Finished);
    assert_eq!(sg.result(), Some("W+T"));
    assert!(sg.play(Move::Pass).is_err());
    let back = ScoringGame::from_json(&sg.to_json()).unwrap();
    assert_eq!(back.result(), Some("W+T"));
    assert_eq!(back.to_json(), sg.to_json());
}
