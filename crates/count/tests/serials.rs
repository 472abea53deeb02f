//! Enumeration in serial order and the reasons a serial is illegal.

use tengen_count::{check_serial, count, enumerate, CountOptions, Point, Position, SerialError};

fn legal_count(w: usize, h: usize) -> u64 {
    count(w, h, CountOptions::default())
        .unwrap()
        .count
        .to_string()
        .parse()
        .unwrap()
}

#[test]
fn enumerate_is_strictly_increasing_and_complete() {
    for (w, h) in [
        (1, 1),
        (1, 2),
        (2, 2),
        (3, 2),
        (2, 3),
        (3, 3),
        (1, 9),
        (4, 3),
        (3, 4),
        (4, 4),
        (2, 7),
    ] {
        for threads in [1, 2] {
            let mut n = 0u64;
            let mut last: Option<u64> = None;
            let limit = 3u64.pow((w * h) as u32);
            enumerate(w, h, threads, |s| {
                if let Some(l) = last {
                    assert!(l < s, "{w}x{h}: {l} then {s}");
                }
                assert!(s < limit);
                last = Some(s);
                n += 1;
            })
            .unwrap();
            assert_eq!(n, legal_count(w, h), "{w}x{h} with {threads} threads");
        }
    }
}

#[test]
fn enumerate_lists_exactly_the_serials_check_serial_accepts() {
    for (w, h) in [(1, 3), (2, 2), (3, 2), (2, 3), (3, 3), (4, 2)] {
        let mut listed = Vec::new();
        enumerate(w, h, 2, |s| listed.push(s)).unwrap();
        let accepted: Vec<u64> = (0..3u64.pow((w * h) as u32))
            .filter(|&s| check_serial(w, h, s as u128).is_ok())
            .collect();
        assert_eq!(listed, accepted, "{w}x{h}");
        // the final-position view agrees with the placement view
        for s in 0..3u128.pow((w * h) as u32) {
            let p = Position::from_serial(w, h, s).unwrap();
            assert_eq!(
                p.is_legal(),
                check_serial(w, h, s).is_ok(),
                "{w}x{h} serial {s}"
            );
            assert_eq!(p.serial(), s);
        }
    }
}

#[test]
fn one_by_one() {
    assert_eq!(check_serial(1, 1, 0), Ok(()));
    let black = check_serial(1, 1, 1).unwrap_err();
    assert_eq!(black.code(), -1);
    assert_eq!(
        black.to_string(),
        "placing the black stone at A1 leaves its own group at A1 without a liberty (error -1)"
    );
    assert_eq!(check_serial(1, 1, 2).unwrap_err().code(), -1);
    assert!(matches!(
        check_serial(1, 1, 3),
        Err(SerialError::OutOfRange {
            serial: 3,
            points: 1
        })
    ));
}

#[test]
fn two_by_one_black_white_is_a_capture() {
    // point 0 black (1), point 1 white (2): serial 1 + 2*3 = 7
    let err = check_serial(2, 1, 7).unwrap_err();
    assert_eq!(err.code(), -2);
    assert_eq!(
        err,
        SerialError::Capture {
            stone: Point { x: 1, y: 0 },
            color: tengen_count::Color::White,
            captured: vec![Point { x: 0, y: 0 }],
            height: 1,
        }
    );
    assert_eq!(
        err.to_string(),
        "placing the white stone at B1 captures the black group at A1 (error -2)"
    );
    // two black stones fill the board: the second stone's own group has no liberty
    let err = check_serial(2, 1, 1 + 3).unwrap_err();
    assert_eq!(err.code(), -1);
    assert!(matches!(err, SerialError::Suicide { ref chain, .. } if chain.len() == 2));
    // the final-position view names the first dead chain
    let p = Position::from_serial(2, 1, 7).unwrap();
    assert_eq!(p.chain_without_liberty(), Some(vec![Point { x: 0, y: 0 }]));
}

#[test]
fn the_first_failing_placement_is_reported() {
    // 3x1: W B W. Placing B at B1 already takes the last liberty of the white stone at A1.
    let serial = 2 + 3 + 2 * 9;
    let err = check_serial(3, 1, serial).unwrap_err();
    assert_eq!(err.code(), -2);
    assert_eq!(
        err.to_string(),
        "placing the black stone at B1 captures the white group at A1 (error -2)"
    );
    // 2x1: B W. The white stone captures and has no liberty itself: the capture (-2) wins.
    assert_eq!(check_serial(2, 1, 1 + 2 * 3).unwrap_err().code(), -2);
}

#[test]
fn corner_capture_on_3x3() {
    // . B .        rows from the top; the white stone at the top-left corner is placed first,
    // B . .        then black at B3 and at A2: the stone at A2 captures the white corner.
    // . . .
    // top-left corner white, (1,0) black, (0,1) black
    let serial = 2 + 3 + 3u128.pow(3);
    let err = check_serial(3, 3, serial).unwrap_err();
    assert_eq!(err.code(), -2);
    assert_eq!(
        err.to_string(),
        "placing the black stone at A2 captures the white group at A3 (error -2)"
    );
    let p = Position::from_serial(3, 3, serial).unwrap();
    assert_eq!(p.chain_without_liberty(), Some(vec![Point { x: 0, y: 0 }]));
}

#[test]
fn suicide_of_a_group_names_all_its_stones() {
    // 2x2 full of black: the last stone's group of four has no liberty.
    let serial = 1 + 3 + 9 + 27;
    match check_serial(2, 2, serial).unwrap_err() {
        SerialError::Suicide { stone, chain, .. } => {
            assert_eq!(stone, Point { x: 1, y: 1 });
            assert_eq!(chain.len(), 4);
        }
        e => panic!("{e}"),
    }
}

#[test]
fn bad_serials_and_sizes() {
    assert!(matches!(
        check_serial(0, 3, 0),
        Err(SerialError::BadSize { .. })
    ));
    assert!(matches!(
        check_serial(9, 10, 0),
        Err(SerialError::BadSize { .. })
    ));
    assert_eq!(check_serial(2, 2, 80).unwrap_err().code(), -1); // all white
    assert!(check_serial(2, 2, 2 + 2 * 3).is_ok()); // two white stones on top
    assert!(matches!(
        check_serial(2, 2, 81),
        Err(SerialError::OutOfRange { .. })
    ));
    assert!(enumerate(7, 6, 1, |_| {}).is_err());
    // 80 points is the most a u128 serial covers (9x9 needs 81 points' worth of digits)
    assert!(check_serial(8, 10, 0).is_ok());
    assert_eq!(
        check_serial(8, 10, 3u128.pow(80) - 1).unwrap_err().code(),
        -1
    );
    assert!(matches!(
        check_serial(9, 9, 0),
        Err(SerialError::BadSize { .. })
    ));
}
