//! Property tests: random trees round trip; arbitrary bytes never panic.

mod common;
use common::assert_round_trip;
use proptest::prelude::*;
use tengen_sgf::{escape_text, parse, unescape_text, Collection, GameTree, GoGame, NodeId};

/// A random property: identifier and text values (escaped when stored).
fn prop_strategy() -> impl Strategy<Value = (String, Vec<String>)> {
    let ident = prop_oneof![
        Just("B".to_string()),
        Just("W".to_string()),
        Just("AB".to_string()),
        Just("C".to_string()),
        Just("FF".to_string()),
        Just("SZ".to_string()),
        Just("CA".to_string()),
        "[A-Z]{1,4}",
    ];
    let value = prop_oneof![
        "[a-s]{2}",
        "[a-s]{2}:[a-s]{2}",
        any::<String>(),
        r"[\]\\\[:;() \n\r\ta-z]{0,12}",
    ];
    (ident, prop::collection::vec(value, 1..4))
}

/// A random tree: node i > 0 hangs under a random earlier node.
fn tree_strategy() -> impl Strategy<Value = GameTree> {
    prop::collection::vec(
        (
            any::<prop::sample::Index>(),
            prop::collection::vec(prop_strategy(), 0..4),
        ),
        1..40,
    )
    .prop_map(|nodes| {
        let mut t = GameTree::new();
        let mut ids: Vec<NodeId> = vec![t.root()];
        for (i, (parent, props)) in nodes.into_iter().enumerate() {
            let id = if i == 0 {
                t.root()
            } else {
                let p = ids[parent.index(ids.len())];
                let c = t.add_child(p);
                ids.push(c);
                c
            };
            for (ident, values) in props {
                // CA naming another charset is rewritten by the reader.
                if ident == "CA" {
                    continue;
                }
                t.push_property(id, &ident, values.iter().map(|v| escape_text(v)))
                    .unwrap();
            }
        }
        t
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_trees_round_trip(games in prop::collection::vec(tree_strategy(), 1..4)) {
        let c = Collection { games };
        assert_round_trip(&c);
    }

    #[test]
    fn text_escaping_round_trips(s in "[^\u{b}\u{c}\u{85}\u{2028}\u{2029}\t\r]{0,40}") {
        // Text keeps '\n' and every non-whitespace character.
        let s: String = s.chars().map(|c| if c.is_whitespace() && c != '\n' { ' ' } else { c }).collect();
        prop_assert_eq!(unescape_text(&escape_text(&s)), s);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        if let Ok(p) = parse(&bytes) {
            for g in &p.collection.games {
                let _ = GoGame::from_tree(g).map(|g| g.to_sgf());
            }
            assert_round_trip(&p.collection);
        }
    }

    #[test]
    fn sgf_like_bytes_never_panic(s in r"[()\[\];\\:a-zA-Z \n]{0,200}") {
        if let Ok(p) = parse(s.as_bytes()) {
            for g in &p.collection.games {
                let _ = GoGame::from_tree(g).map(|g| g.to_sgf());
            }
            assert_round_trip(&p.collection);
        }
    }
}
