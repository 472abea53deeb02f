// Shared by the integration tests: the published table of legal-position counts.
#![allow(dead_code)]

use std::collections::BTreeMap;

/// Every (width, height, count) of tests/data/legal_counts.json, width <= height.
pub fn published() -> Vec<(usize, usize, String)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/legal_counts.json"
    ))
    .expect("tests/data/legal_counts.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let mut table = BTreeMap::new();
    for (n, v) in json["square"].as_object().expect("square") {
        let n: usize = n.parse().unwrap();
        table.insert((n, n), v.as_str().unwrap().to_string());
    }
    for (rows, entries) in json["rectangular"].as_object().expect("rectangular") {
        let w: usize = rows.trim_end_matches("xn").parse().unwrap();
        for (n, v) in entries.as_object().unwrap() {
            let n: usize = n.parse().unwrap();
            let v = v.as_str().unwrap().to_string();
            let key = (w.min(n), w.max(n));
            if let Some(old) = table.insert(key, v.clone()) {
                assert_eq!(old, v, "the table disagrees with itself at {key:?}");
            }
        }
    }
    table.into_iter().map(|((w, h), c)| (w, h, c)).collect()
}
