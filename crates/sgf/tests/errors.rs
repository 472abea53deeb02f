//! Broken inputs: the error says what and where (1-based line and column).

mod common;
use common::parse_ok;
use tengen_sgf::{parse, read_go_games, GoGame, Position, SgfError, WarningKind};

fn err(input: &[u8]) -> SgfError {
    match parse(input) {
        Ok(p) => panic!("expected an error, got {:?}", p.collection),
        Err(e) => e,
    }
}

fn at(line: u32, column: u32) -> Position {
    Position { line, column }
}

#[test]
fn unclosed_value() {
    let e = err(b"(;FF[4]\n;B[pd];W[dp\n;B[pp)");
    assert_eq!(e, SgfError::UnclosedValue { position: at(2, 9) });
    assert_eq!(
        e.to_string(),
        "line 2, column 9: unclosed property value '[' (missing ']')"
    );
    // An escaped ']' does not close.
    let e = err(b"(;C[abc\\]");
    assert_eq!(e, SgfError::UnclosedValue { position: at(1, 4) });
}

#[test]
fn columns_count_characters_not_bytes() {
    let e = err("(;C[été]\n  PB[雷天]W[".as_bytes());
    assert_eq!(
        e,
        SgfError::UnclosedValue {
            position: at(2, 10)
        }
    );
}

#[test]
fn missing_paren_and_semicolon() {
    assert_eq!(
        err(b"  ;B[aa]"),
        SgfError::MissingParen { position: at(1, 3) }
    );
    assert_eq!(
        err(b"\n(B[aa])"),
        SgfError::MissingSemicolon { position: at(2, 2) }
    );
    assert_eq!(
        err(b"(;B[aa]\n  (  W[bb]))"),
        SgfError::MissingSemicolon { position: at(2, 6) }
    );
    assert_eq!(err(b""), SgfError::NoGameTree { position: at(1, 1) });
    assert_eq!(
        err(b"just text\n"),
        SgfError::NoGameTree { position: at(2, 1) }
    );
    assert!(err(b"()").to_string().contains("expected ';'"));
}

#[test]
fn bad_points_point_to_node_and_position() {
    let p = parse_ok(b"(;SZ[9]\n;B[ee]\n;W[jj])");
    match GoGame::from_tree(&p.collection.games[0]).unwrap_err() {
        SgfError::BadPoint {
            ident,
            value,
            width,
            height,
            at: loc,
        } => {
            assert_eq!(
                (ident.as_str(), value.as_str(), width, height),
                ("W", "jj", 9, 9)
            );
            assert_eq!(loc.node, 2);
            assert_eq!(loc.position, Some(at(3, 2)));
        }
        e => panic!("{e:?}"),
    }
    let e = read_go_games(b"(;SZ[9]AB[aa:jj])").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 8 (node 0): bad point AB[aa:jj] for a 9x9 board"
    );
    assert!(matches!(
        read_go_games(b"(;B[a])").unwrap_err(),
        SgfError::BadPoint { .. }
    ));
    // tt is not a pass for set-up.
    assert!(matches!(
        read_go_games(b"(;AB[tt])").unwrap_err(),
        SgfError::BadPoint { .. }
    ));
}

#[test]
fn bad_size_and_not_go_and_two_moves() {
    assert!(matches!(
        read_go_games(b"(;SZ[0])").unwrap_err(),
        SgfError::BadSize { .. }
    ));
    assert!(matches!(
        read_go_games(b"(;SZ[53])").unwrap_err(),
        SgfError::BadSize { .. }
    ));
    assert!(matches!(
        read_go_games(b"(;SZ[19:x])").unwrap_err(),
        SgfError::BadSize { .. }
    ));
    assert!(matches!(
        read_go_games(b"(;GM[2])").unwrap_err(),
        SgfError::NotGo { .. }
    ));
    let e = read_go_games(b"(;SZ[9];B[aa]W[bb])").unwrap_err();
    assert!(matches!(e, SgfError::TwoMoves { at: l } if l.node == 1));
}

#[test]
fn lenient_inputs_give_warnings() {
    // Missing FF/GM, whitespace everywhere, stray text between nodes.
    let p = parse_ok(b" \r\n ( \n ; SZ [9] \n KM\t[6.5] ; B [ee] ?? ; W[] ) trailing junk");
    let kinds: Vec<_> = p.warnings.iter().map(|w| (&w.kind, w.position)).collect();
    assert_eq!(kinds.len(), 2, "{kinds:?}");
    assert_eq!(kinds[0], (&WarningKind::StrayText, at(4, 20)));
    assert_eq!(kinds[1], (&WarningKind::StrayText, at(4, 31)));
    let g = GoGame::from_tree(&p.collection.games[0]).unwrap();
    assert_eq!(g.moves.len(), 2);
    assert_eq!(g.komi, Some(6.5));
    // Property without value, value without identifier, unclosed game tree.
    let p = parse_ok(b"(;B[aa]X;[x]W[bb]");
    let kinds: Vec<_> = p.warnings.iter().map(|w| w.kind.clone()).collect();
    assert_eq!(
        kinds,
        vec![
            WarningKind::MissingValue { ident: "X".into() },
            WarningKind::ValueWithoutIdent,
            WarningKind::UnclosedGameTree
        ]
    );
    // Bad numbers are warnings of the typed view.
    let (g, _) = read_go_games(b"(;KM[six]HA[x])").unwrap();
    assert_eq!(g[0].komi, None);
    assert_eq!(g[0].warnings.len(), 2);
    // Unknown charset.
    let p = parse_ok(b"(;CA[klingon]C[x])");
    assert!(
        matches!(&p.warnings[0].kind, WarningKind::UnknownCharset { label } if label == "klingon")
    );
}

#[test]
fn warnings_are_capped() {
    let mut s = String::from("(;");
    for _ in 0..5000 {
        s.push_str("x[1]");
    }
    s.push(')');
    let p = parse_ok(s.as_bytes());
    assert_eq!(p.warnings.len(), 1001);
    assert!(matches!(
        p.warnings[1000].kind,
        WarningKind::TooManyWarnings { dropped: 4000 }
    ));
}
