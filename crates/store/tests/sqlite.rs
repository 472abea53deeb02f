//! The SQLite store's compare-and-set, grouping and reopening.

use std::sync::Arc;
use tengen_store::{open, Append, GameStore, NewGame};

fn game(id: &str) -> NewGame {
    NewGame {
        id: id.into(),
        created_ms: 1,
        meta: "{}".into(),
        black_token: vec![1; 32],
        white_token: vec![2; 32],
        summary: format!(r#"{{"id":"{id}"}}"#),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compare_and_set_and_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("t.db").display());
    let store = open(&url).await.unwrap();
    store.create(game("a")).await.unwrap();
    assert!(store.create(game("a")).await.is_err(), "ids are unique");
    assert_eq!(
        store
            .append("a", 0, vec!["e1".into(), "e2".into()], "s".into(), 2)
            .await
            .unwrap(),
        Append::Done { seq: 2 }
    );
    assert_eq!(
        store
            .append("a", 0, vec!["x".into()], "s".into(), 3)
            .await
            .unwrap(),
        Append::Conflict { current: 2 }
    );
    assert_eq!(
        store
            .append("zz", 0, vec!["x".into()], "s".into(), 3)
            .await
            .unwrap(),
        Append::NotFound
    );
    // 64 racing appends at one sequence number: exactly one is written.
    let store: Arc<dyn GameStore> = store;
    let mut tasks = Vec::new();
    for k in 0..64 {
        let s = store.clone();
        tasks.push(tokio::spawn(async move {
            s.append("a", 2, vec![format!("r{k}")], "s".into(), 4)
                .await
                .unwrap()
        }));
    }
    let mut done = 0;
    for t in tasks {
        if matches!(t.await.unwrap(), Append::Done { seq: 3 }) {
            done += 1;
        }
    }
    assert_eq!(done, 1);
    assert_eq!(store.events_since("a", 1).await.unwrap().len(), 2);
    store.close().await;
    drop(store);
    let again = open(&url).await.unwrap();
    let g = again.load("a").await.unwrap().unwrap();
    assert_eq!(g.events.len(), 3);
    assert_eq!(&g.events[..2], ["e1", "e2"]);
    assert_eq!(g.black_token, vec![1; 32]);
    assert_eq!(
        again.recent(10).await.unwrap(),
        vec!["s".to_string()],
        "appends replace the summary"
    );
    assert!(again.load("missing").await.unwrap().is_none());
    assert!(again.notices().is_none());
    assert!(open("mysql://x").await.is_err());
}
