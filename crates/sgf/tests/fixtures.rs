//! Hand-written fixtures of real-world shapes (in `tests/data/sgf/`).

mod common;
use common::{assert_round_trip, fixture, parse_ok};
use tengen_sgf::{read_go_games, Color, GameResult, GoGame, Point, WarningKind, WinBy};

fn pt(x: u8, y: u8) -> Option<Point> {
    Some(Point::new(x, y))
}

#[test]
fn ff3_lowercase_identifiers_and_stray_text() {
    let p = parse_ok(&fixture("ff3_lowercase.sgf"));
    assert!(matches!(p.warnings[0].kind, WarningKind::StrayText));
    assert_eq!(
        (p.warnings[0].position.line, p.warnings[0].position.column),
        (1, 1)
    );
    assert!(p
        .warnings
        .iter()
        .any(|w| matches!(&w.kind, WarningKind::LowercaseIdent { read, kept } if read == "AddBlack" && kept == "AB")));
    let tree = &p.collection.games[0];
    let root = tree.node(tree.root());
    let ids: Vec<&str> = root.properties().map(|p| p.ident()).collect();
    assert_eq!(ids, ["GM", "SZ", "KM", "PB", "PW", "AB"]);
    let g = GoGame::from_tree(tree).unwrap();
    assert_eq!(g.komi, Some(5.5));
    assert_eq!(g.black_name.as_deref(), Some("Kitani"));
    assert_eq!(g.white_name.as_deref(), Some("Go Seigen"));
    assert_eq!(g.setup.black, vec![Point::new(3, 15), Point::new(15, 3)]);
    let mv: Vec<_> = g.moves.iter().map(|m| (m.color, m.point, m.node)).collect();
    assert_eq!(
        mv,
        vec![
            (Color::Black, pt(16, 16), 1),
            (Color::White, pt(3, 3), 2),
            (Color::Black, None, 3),
            (Color::White, None, 4),
        ]
    );
    let text = assert_round_trip(&p.collection);
    assert!(
        text.starts_with("(;GM[1]SZ[19]KM[5.5]PB[Kitani]PW[Go Seigen]AB[dp][pd]\n"),
        "{text}"
    );
}

#[test]
fn tt_is_a_pass_up_to_19_and_a_point_above() {
    let (games, w) = read_go_games(&fixture("tt_pass.sgf")).unwrap();
    assert!(w.is_empty());
    let pts: Vec<_> = games[0].moves.iter().map(|m| m.point).collect();
    assert_eq!(pts, vec![pt(15, 3), None, None, pt(3, 15)]);
    let (games, _) = read_go_games(&fixture("tt_point_21.sgf")).unwrap();
    assert_eq!(games[0].width, 21);
    let pts: Vec<_> = games[0].moves.iter().map(|m| m.point).collect();
    assert_eq!(pts, vec![pt(19, 19), None]);
    // The writer writes passes as empty values.
    let sgf = games[0].to_sgf().unwrap();
    assert!(sgf.contains(";B[tt];W[]"), "{sgf}");
}

#[test]
fn collection_of_two_games() {
    let p = parse_ok(&fixture("two_games.sgf"));
    assert_eq!(p.collection.games.len(), 2);
    let (games, _) = read_go_games(&fixture("two_games.sgf")).unwrap();
    assert_eq!(games[0].game_name.as_deref(), Some("first"));
    assert_eq!(games[1].game_name.as_deref(), Some("second"));
    assert_eq!(games[1].width, 13);
    assert_eq!(
        games[1].parsed_result(),
        Some(GameResult::Win {
            winner: Color::Black,
            by: WinBy::Resignation
        })
    );
    let text = assert_round_trip(&p.collection);
    assert_eq!(text.matches("(;FF[4]").count(), 2);
}

#[test]
fn variations_are_kept_and_main_line_is_first_child_chain() {
    let p = parse_ok(&fixture("variations.sgf"));
    let t = &p.collection.games[0];
    assert_eq!(t.node_count(), 8);
    let root = t.node(t.root());
    let b1 = t.node(root.first_child().unwrap());
    assert_eq!(b1.children().count(), 2);
    let g = GoGame::from_tree(t).unwrap();
    let pts: Vec<_> = g.moves.iter().map(|m| m.point).collect();
    assert_eq!(pts, vec![pt(15, 3), pt(3, 15), pt(15, 15), pt(3, 3)]);
    assert_eq!(g.comment.as_deref(), Some("root"));
    // Unknown properties with several values survive.
    let second = t.node(b1.children().nth(1).unwrap());
    let xx = second.get("XX").unwrap();
    assert_eq!(
        xx.values().collect::<Vec<_>>(),
        ["unknown prop", "two values"]
    );
    let text = assert_round_trip(&p.collection);
    assert_eq!(
        text,
        "(;FF[4]GM[1]SZ[19]C[root]\n;B[pd]\n(;W[dp]\n(;B[pp];W[dd])\n(;B[dd]C[variation b]))\n(;W[pp]XX[unknown prop][two values];B[dd]))\n"
    );
}

#[test]
fn latin1_with_declared_charset() {
    let p = parse_ok(&fixture("latin1.sgf"));
    assert_eq!(p.encoding, "windows-1252");
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    let g = GoGame::from_tree(&p.collection.games[0]).unwrap();
    assert_eq!(g.black_name.as_deref(), Some("René François"));
    assert_eq!(g.comment.as_deref(), Some("Café ½"));
    assert_eq!(g.moves[0].comment.as_deref(), Some("très bien"));
    // Written as UTF-8, so CA says UTF-8.
    let text = assert_round_trip(&p.collection);
    assert!(
        text.starts_with("(;FF[4]GM[1]CA[UTF-8]SZ[19]PB[René François]"),
        "{text}"
    );
}

#[test]
fn invalid_utf8_is_replaced_with_a_warning() {
    let p = parse_ok(b"(;FF[4]\nC[ok \xff bad])");
    assert!(matches!(p.warnings[0].kind, WarningKind::InvalidUtf8));
    assert_eq!(
        (p.warnings[0].position.line, p.warnings[0].position.column),
        (2, 6)
    );
    let c = p.collection.games[0]
        .node(p.collection.games[0].root())
        .get("C")
        .unwrap();
    assert_eq!(c.text(), "ok \u{fffd} bad");
}

#[test]
fn utf8_bom_and_cjk() {
    let (g, w) = read_go_games(&fixture("utf8_bom.sgf")).unwrap();
    assert!(w.is_empty());
    assert_eq!(g[0].white_name.as_deref(), Some("雷天"));
}

#[test]
fn escapes_soft_line_breaks_and_whitespace() {
    let p = parse_ok(&fixture("escaped.sgf"));
    let t = &p.collection.games[0];
    let root = t.node(t.root());
    assert_eq!(root.get("GN").unwrap().simple_text(), r"a ] b \ c");
    assert_eq!(
        root.get("C").unwrap().text(),
        "line onestill line one\nline two tab"
    );
    let g = GoGame::from_tree(t).unwrap();
    assert_eq!(g.moves[0].comment.as_deref(), Some(r#"He said: "9]" \o/"#));
    let text = assert_round_trip(&p.collection);
    assert!(text.contains(r"GN[a \] b \\ c]"), "{text}");
}

#[test]
fn rectangular_board_and_compressed_lists() {
    let p = parse_ok(&fixture("rect_19x13.sgf"));
    let g = GoGame::from_tree(&p.collection.games[0]).unwrap();
    assert_eq!((g.width, g.height), (19, 13));
    assert_eq!(
        g.setup.black,
        vec![
            Point::new(0, 0),
            Point::new(0, 1),
            Point::new(1, 0),
            Point::new(1, 1),
            Point::new(2, 0),
            Point::new(2, 1),
            Point::new(18, 12)
        ]
    );
    assert_eq!(g.setup.white, vec![Point::new(3, 3)]);
    assert_eq!(g.player_to_move, Some(Color::White));
    assert_eq!(g.moves[1].point, pt(18, 11));
    let out = g.to_sgf().unwrap();
    assert!(out.contains("SZ[19:13]"), "{out}");
    assert!(
        out.contains("AB[aa][ab][ba][bb][ca][cb][sm]AW[dd]PL[W]"),
        "{out}"
    );
    // A square board is written SZ[n], never SZ[n:n].
    let sq = parse_ok(b"(;SZ[19:19];B[aa])");
    let g = GoGame::from_tree(&sq.collection.games[0]).unwrap();
    assert!(g.to_sgf().unwrap().contains("SZ[19]"));
}

#[test]
fn setup_after_moves_is_reported() {
    let (games, _) = read_go_games(&fixture("mid_setup.sgf")).unwrap();
    let g = &games[0];
    assert_eq!(g.handicap, Some(2));
    assert_eq!(g.moves.len(), 3);
    assert_eq!(g.mid_setups.len(), 1);
    let m = &g.mid_setups[0];
    assert_eq!((m.node, m.before_move), (3, 2));
    assert_eq!(m.setup.empty, vec![Point::new(2, 4)]);
    assert_eq!(m.setup.white, vec![Point::new(4, 2)]);
    assert_eq!(m.comment.as_deref(), Some("fix"));
    assert!(g.warnings.iter().any(
        |w| matches!(w.kind, WarningKind::SetupInMainLine { node: 3 }) && w.position.line == 3
    ));
    // The typed writer keeps it as its own node.
    let again = read_go_games(g.to_sgf().unwrap().as_bytes())
        .unwrap()
        .0
        .remove(0);
    assert_eq!(again.mid_setups[0].setup, m.setup);
    assert_eq!(again.moves.len(), 3);
}

#[test]
fn typed_builder_round_trip() {
    let mut g = GoGame::new(19, 19);
    g.komi = Some(6.5);
    g.handicap = Some(2);
    g.rules = Some("Japanese".into());
    g.result = Some("W+0.5".into());
    g.black_name = Some("B ] name".into());
    g.white_name = Some("W \\ name".into());
    g.date = Some("2024-01-02".into());
    g.setup.black = vec![Point::new(15, 3), Point::new(3, 15)];
    g.player_to_move = Some(Color::White);
    for i in 0..150u8 {
        let c = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let p = (i != 149).then(|| Point::new(i % 19, (i / 19) % 19));
        g.push_move(c, p, (i % 50 == 0).then_some("comment\nwith ] two lines"));
    }
    let text = g.to_sgf().unwrap();
    assert!(
        text.starts_with(
            "(;FF[4]GM[1]CA[UTF-8]AP[tengen-sgf:0.1.0]SZ[19]HA[2]KM[6.5]RU[Japanese]PB[B \\] name]"
        ),
        "{text}"
    );
    assert!(
        text.lines()
            .skip(1)
            .all(|l| l.len() <= 80 || l.contains("C[")),
        "{text}"
    );
    let (back, w) = read_go_games(text.as_bytes()).unwrap();
    assert!(w.is_empty());
    let mut back = back.into_iter().next().unwrap();
    assert_eq!(back.moves.len(), 150);
    for (a, b) in back.moves.iter().zip(&g.moves) {
        assert_eq!(
            (a.color, a.point, &a.comment),
            (b.color, b.point, &b.comment)
        );
    }
    assert_eq!(back.moves[10].node, 11);
    back.warnings.clear();
    assert_eq!(back.to_sgf().unwrap(), text);
    // Setup sorted column then row.
    assert!(text.contains("AB[dp][pd]"));
}

#[test]
fn shift_jis_trail_byte_is_not_an_escape() {
    // 表 is 0x95 0x5C in Shift_JIS: the second byte is '\' in ASCII. Read
    // byte-wise it would escape the ']'; decoded first it is just a letter.
    let p = parse_ok(b"(;FF[4]CA[Shift_JIS]C[\x95\x5c];B[aa])");
    assert_eq!(p.encoding, "Shift_JIS");
    let t = &p.collection.games[0];
    assert_eq!(t.node(t.root()).get("C").unwrap().text(), "表");
    assert_eq!(t.node_count(), 2);
    assert_round_trip(&p.collection);
}

#[test]
fn every_fixture_round_trips() {
    let dir = format!("{}/../../tests/data/sgf", env!("CARGO_MANIFEST_DIR"));
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_some_and(|x| x == "sgf") {
            let p = parse_ok(&std::fs::read(&path).unwrap());
            assert_round_trip(&p.collection);
            n += 1;
        }
    }
    assert!(n >= 10, "only {n} fixtures found in {dir}");
}
