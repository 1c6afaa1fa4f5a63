//! `hesy verify FILE|-`: reads an audit bundle from a file or standard input, verifies it
//! and prints the report. `src/main.rs` calls [`run`].

use std::io::Read;

use anyhow::Context;

use super::bundle::Bundle;
use super::verify::verify_bundle;

/// Verifies the bundle at `source` (a path, or `-` for standard input), prints what fails
/// and the verdict, and returns whether it passed. An unreadable or malformed bundle is an
/// error, not a failed verification.
pub async fn run(source: &str) -> anyhow::Result<bool> {
    let text = read(source).await?;
    let bundle: Bundle =
        serde_json::from_str(&text).with_context(|| format!("{source} is not an audit bundle"))?;
    let report = verify_bundle(&bundle);
    println!("{report}");
    Ok(report.passed())
}

async fn read(source: &str) -> anyhow::Result<String> {
    if source == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading standard input")?;
        return Ok(text);
    }
    tokio::fs::read_to_string(source)
        .await
        .with_context(|| format!("reading {source}"))
}
