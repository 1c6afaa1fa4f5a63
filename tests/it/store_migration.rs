//! Games archived before the rule-set seam stay readable and verifiable: each backend's
//! fixture is a database that the server of that time made and filled (a San Martin duel and
//! a six-player game, played by its load test), dumped as SQL. Loaded into a fresh database,
//! migrated by today's server, every game lists, replays and verifies.

use crate::common::store::TestDb;
use hesy::store::bundle::Bundle;
use hesy::store::queries::{ArchiveQuery, ChatReader};
use hesy::store::verify::verify_bundle;
use sqlx::{AssertSqlSafe, Connection, PgConnection, SqliteConnection};

async fn load_fixture(db: &TestDb) {
    match db {
        TestDb::Postgres { options, .. } => {
            let sql = include_str!("fixtures/pre-seam-postgres.sql");
            let mut connection = PgConnection::connect_with(options).await.unwrap();
            sqlx::raw_sql(AssertSqlSafe(sql))
                .execute(&mut connection)
                .await
                .unwrap();
        }
        TestDb::Sqlite { .. } => {
            let sql = include_str!("fixtures/pre-seam-sqlite.sql");
            let url = format!("{}?mode=rwc", db.url(None));
            let mut connection = SqliteConnection::connect(&url).await.unwrap();
            sqlx::raw_sql(AssertSqlSafe(sql))
                .execute(&mut connection)
                .await
                .unwrap();
        }
    }
}

async fn games_archived_before_the_seam_verify(db: &TestDb) {
    load_fixture(db).await;
    let store = db.connect().await;
    let page = store.finished(&ArchiveQuery::default()).await.unwrap();
    assert_eq!(page.games.len(), 2, "a duel and a six-player game");
    for game in &page.games {
        assert_eq!(game.setup.rule_set().name(), "mehen-san-martin");
        let stored = store
            .game(game.id, ChatReader::Public)
            .await
            .unwrap()
            .unwrap();
        assert!(!stored.actions.is_empty());
        assert!(stored.actions.iter().all(|action| action.throw.is_none()));
        let report = verify_bundle(&Bundle::of(stored));
        assert!(report.passed(), "{report}");
        assert!(report.commitments > 0, "{report}");
    }
}

on_both_backends!(games_archived_before_the_seam_verify);
