//! The archive lists finished games newest first, filtered by rule set and player, a page at
//! a time.

use crate::common::store::{TestDb, finished_game, new_game};
use hesy::rules::RuleSet;
use hesy::rules::mehen::Mode;
use hesy::store::queries::ArchiveQuery;
use hesy::store::record::Entry;
use uuid::Uuid;

async fn the_archive_filters_and_pages(db: &TestDb) {
    let store = db.connect().await;
    // Five finished games, an hour apart, alternately Ann's and Bob's; one still going.
    let mut ids = Vec::new();
    for i in 0..5 {
        let prefix = if i % 2 == 0 { "Ann" } else { "Bob" };
        let (game, entries) = finished_game(Mode::Duel, prefix, i * 3600, i as u64);
        store.write(&entries).await.expect("write");
        ids.push(game.id);
    }
    let unfinished = new_game(Mode::Duel, "Ann", 99_999);
    store
        .write(&[Entry::Game(unfinished.clone())])
        .await
        .expect("write");
    let bundle = |id| store.bundle(id);
    assert!(
        bundle(unfinished.id).await.expect("read").is_none(),
        "no bundle while playing"
    );
    assert!(bundle(Uuid::new_v4()).await.expect("read").is_none());
    assert!(bundle(ids[0]).await.expect("read").is_some());
    let newest_first = |picked: &[usize]| picked.iter().map(|&i| ids[i]).collect::<Vec<_>>();
    let page = |query: ArchiveQuery| {
        let store = store.clone();
        async move {
            let page = store.finished(&query).await.expect("list");
            let listed: Vec<Uuid> = page.games.iter().map(|game| game.id).collect();
            (listed, page.next_page)
        }
    };

    let everything = ArchiveQuery::default();
    assert_eq!(
        page(everything.clone()).await,
        (newest_first(&[4, 3, 2, 1, 0]), None)
    );
    let from_url: ArchiveQuery =
        serde_json::from_value(serde_json::json!({"rule_set": "mehen-san-martin", "page": 1}))
            .expect("a query");
    assert_eq!(from_url.rule_set, Some(RuleSet::MehenSanMartin));
    let by_rules = ArchiveQuery {
        rule_set: Some(RuleSet::MehenSanMartin),
        ..everything.clone()
    };
    assert_eq!(page(by_rules).await.0.len(), 5);

    let two = |page| ArchiveQuery {
        per_page: 2,
        page,
        ..everything.clone()
    };
    assert_eq!(page(two(0)).await, (newest_first(&[4, 3]), Some(1)));
    assert_eq!(page(two(1)).await, (newest_first(&[2, 1]), Some(2)));
    assert_eq!(page(two(2)).await, (newest_first(&[0]), None));

    // Names match whatever their case; the unfinished game of Ann's is not listed.
    let ann = ArchiveQuery {
        player: Some("ANN1".into()),
        ..everything.clone()
    };
    assert_eq!(page(ann).await, (newest_first(&[4, 2, 0]), None));
    let bob = |page| ArchiveQuery {
        player: Some("bob0".into()),
        per_page: 1,
        page,
        ..everything.clone()
    };
    assert_eq!(page(bob(0)).await, (newest_first(&[3]), Some(1)));
    assert_eq!(page(bob(1)).await, (newest_first(&[1]), None));
    let nobody = ArchiveQuery {
        player: Some("Cleo0".into()),
        ..everything.clone()
    };
    assert_eq!(page(nobody).await, (vec![], None));

    // A listed game carries its seats and result, never a token hash.
    let listed = store.finished(&everything).await.expect("list");
    let game = &listed.games[0];
    assert_eq!(game.seats.len(), 2);
    assert!(game.result.is_some() && game.ended_at.is_some());
    assert!(!serde_json::to_string(game).expect("json").contains("token"));
}
on_both_backends!(the_archive_filters_and_pages);
