//! `hesy verify FILE|URL|-`: reads an audit bundle from a file, an `http(s)://` address or
//! standard input, verifies it and prints the report. `src/main.rs` calls [`run`].

use std::io::Read;

use anyhow::Context;

use super::bundle::Bundle;
use super::verify::verify_bundle;

/// Verifies the bundle at `source` (a path, a URL, or `-` for standard input), prints what fails
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
    if source.starts_with("http://") || source.starts_with("https://") {
        return fetch(source.to_owned()).await;
    }
    tokio::fs::read_to_string(source)
        .await
        .with_context(|| format!("reading {source}"))
}

/// Downloads a bundle. ureq (rustls with ring, built-in web roots) is small and blocking,
/// so it runs on tokio's blocking pool; an answer other than 2xx is an error.
async fn fetch(url: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        ureq::get(&url)
            .call()
            .and_then(|mut response| response.body_mut().read_to_string())
            .with_context(|| format!("fetching {url}"))
    })
    .await
    .context("the download task failed")?
}
