//! Where games are kept: `DATABASE_URL` parsed once, at start-up.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use sqlx::postgres::PgConnectOptions;
use sqlx::sqlite::SqliteConnectOptions;

use super::StoreError;

/// The SQLite file used when no `DATABASE_URL` is set, inside the data directory.
pub const DEFAULT_FILE: &str = "hesy.sqlite3";

/// A parsed database location. `Debug` names only the backend: a URL may carry a password.
#[derive(Clone)]
pub enum Database {
    Postgres(PgConnectOptions),
    Sqlite(SqliteConnectOptions),
}

impl Database {
    /// `postgres://…` (or `postgresql://…`) or `sqlite://…`; anything else is refused.
    pub fn parse(url: &str) -> Result<Self, StoreError> {
        let scheme = url.split_once(':').map_or("", |(scheme, _)| scheme);
        let invalid = |error: sqlx::Error| StoreError::Url(error.to_string());
        match scheme {
            "postgres" | "postgresql" => PgConnectOptions::from_str(url)
                .map(Database::Postgres)
                .map_err(invalid),
            "sqlite" => SqliteConnectOptions::from_str(url)
                .map(|options| Database::Sqlite(options.create_if_missing(true)))
                .map_err(invalid),
            _ => Err(StoreError::Url(
                "DATABASE_URL must start with postgres:// or sqlite://".into(),
            )),
        }
    }

    /// An SQLite file in `dir`, created with the directory when missing.
    pub fn sqlite_in(dir: &Path) -> Self {
        Database::Sqlite(
            SqliteConnectOptions::new()
                .filename(dir.join(DEFAULT_FILE))
                .create_if_missing(true),
        )
    }

    /// `DATABASE_URL` when it is set, otherwise an SQLite file in `data_dir`.
    pub fn from_url_or_dir(url: Option<&str>, data_dir: PathBuf) -> Result<Self, StoreError> {
        match url.filter(|url| !url.is_empty()) {
            Some(url) => Database::parse(url),
            None => Ok(Database::sqlite_in(&data_dir)),
        }
    }
}

impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Postgres(_) => f.write_str("Database::Postgres(..)"),
            Database::Sqlite(options) => {
                write!(f, "Database::Sqlite({:?})", options.get_filename())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_schemes_parse_and_others_are_refused() {
        let postgres = Database::parse("postgres://hesy:secret@db:5432/hesy").expect("postgres");
        assert_eq!(
            format!("{postgres:?}"),
            "Database::Postgres(..)",
            "no password in Debug"
        );
        assert!(matches!(
            Database::parse("postgresql://db/hesy"),
            Ok(Database::Postgres(_))
        ));
        assert!(matches!(
            Database::parse("sqlite://games.sqlite3"),
            Ok(Database::Sqlite(_))
        ));
        assert!(matches!(
            Database::parse("mysql://db/hesy"),
            Err(StoreError::Url(_))
        ));
    }

    #[test]
    fn without_a_url_games_go_to_sqlite_in_the_data_directory() {
        for url in [None, Some("")] {
            let Ok(Database::Sqlite(options)) = Database::from_url_or_dir(url, "data".into())
            else {
                panic!("SQLite by default");
            };
            assert_eq!(options.get_filename(), Path::new("data").join(DEFAULT_FILE));
        }
    }
}
