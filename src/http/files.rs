//! The web client's files, read once at start-up and served from memory, with caching that
//! costs a returning player one small request.
//!
//! Every file is known by a hash of its content (its ETag). The start page, `index.html`,
//! names each of its files with that hash (`/style.css?v=…`) and carries an import map that
//! does the same for every module (`/js/dom.js` → `/js/dom.js?v=…`), so the page's own
//! `import` lines stay as written. A request that names the current hash gets the file for a
//! year, unasked again (`immutable`); a changed file gets a new hash, hence a new address.
//! Everything else (the start page itself, at `/` and `/r/{code}`, and the rules pages) is
//! asked again each time with its ETag and answered `304 Not Modified` while unchanged.
//!
//! What is read: the files at the top of the client's folder, everything under its `js/`,
//! and the rules (`rules/*.md`) rendered to HTML at `/rules/{rule-set}.html`. Other files
//! of the folder are still served from disk (see the router). A file changed on disk is seen
//! after a restart, like a changed binary.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::RawQuery;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sha2::{Digest, Sha256};

use super::rules_page;

/// How a file whose hash is in its address is kept: a year, never asked for again.
const KEEP: HeaderValue = HeaderValue::from_static("public, max-age=31536000, immutable");
/// How everything else is kept: asked for again each time, answered 304 while unchanged.
const ASK_AGAIN: HeaderValue = HeaderValue::from_static("no-cache");

/// One file, ready to send.
#[derive(Debug)]
pub struct File {
    body: Bytes,
    content_type: HeaderValue,
    /// `v=` and the first 12 hex digits of the content's SHA-256: the query of the address
    /// that may be kept for a year.
    version: String,
    /// A weak ETag: the compression layer may send the same content in other encodings.
    etag: HeaderValue,
}

impl File {
    fn new(body: impl Into<Bytes>, content_type: &str) -> File {
        let body = body.into();
        let hash = hex::encode(&Sha256::digest(&body)[..6]);
        File {
            etag: HeaderValue::try_from(format!("W/\"{hash}\"")).expect("hex is a header value"),
            version: format!("v={hash}"),
            content_type: HeaderValue::try_from(content_type)
                .expect("a MIME type is a header value"),
            body,
        }
    }

    /// The file, or `304 Not Modified` when the browser already holds this version.
    pub fn answer(&self, query: RawQuery, request: &HeaderMap) -> Response {
        let cache = match query.0.as_deref() == Some(self.version.as_str()) {
            true => KEEP,
            false => ASK_AGAIN,
        };
        let headers = [
            (header::ETAG, self.etag.clone()),
            (header::CACHE_CONTROL, cache),
        ];
        if self.held_by(request) {
            return (StatusCode::NOT_MODIFIED, headers).into_response();
        }
        let content_type = [(header::CONTENT_TYPE, self.content_type.clone())];
        (headers, content_type, self.body.clone()).into_response()
    }

    /// Whether `If-None-Match` names this version (compared weakly, as RFC 9110 asks).
    fn held_by(&self, request: &HeaderMap) -> bool {
        let ours = self.etag.as_bytes().trim_ascii_start().strip_prefix(b"W/");
        request
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .flat_map(|value| value.as_bytes().split(|&b| b == b','))
            .map(|tag| tag.trim_ascii())
            .any(|tag| tag == b"*" || Some(tag.strip_prefix(b"W/").unwrap_or(tag)) == ours)
    }
}

/// Every file read at start-up, by the path it is served at (`/js/main.js`).
#[derive(Debug, Default)]
pub struct ClientFiles {
    files: BTreeMap<String, Arc<File>>,
}

impl ClientFiles {
    /// Reads the client's folder. A folder that does not exist gives a server without a
    /// web client (third-party clients only).
    pub fn load(dir: &Path) -> io::Result<ClientFiles> {
        if !dir.is_dir() {
            tracing::warn!(dir = %dir.display(), "no web client to serve: the folder is missing");
            return Ok(ClientFiles::default());
        }
        let mut files = BTreeMap::new();
        read_files(dir, "", false, &mut files)?;
        read_files(&dir.join("js"), "/js", true, &mut files)?;
        read_rules(&dir.join("rules"), &mut files)?;
        if let Some(index) = files.get("/index.html") {
            let page = start_page(&String::from_utf8_lossy(&index.body), &files);
            files.insert(
                "/index.html".into(),
                Arc::new(File::new(page, "text/html; charset=utf-8")),
            );
        }
        Ok(ClientFiles { files })
    }

    /// A route for every file, and for the start page also at `/` and at every room's
    /// address.
    pub fn routes<S: Clone + Send + Sync + 'static>(&self) -> Router<S> {
        let start = self.files.get("/index.html").into_iter();
        let start = start.flat_map(|page| [("/", page), ("/r/{code}", page)]);
        let files = self.files.iter().map(|(path, file)| (path.as_str(), file));
        files
            .chain(start)
            .fold(Router::new(), |router, (path, file)| {
                let file = file.clone();
                router.route(
                    path,
                    get(|query: RawQuery, headers: HeaderMap| async move {
                        file.answer(query, &headers)
                    }),
                )
            })
    }
}

/// Reads the files of `dir` (and of its folders when `deep`) into `files`, each at `prefix`
/// and its name. A folder that is not there adds nothing.
fn read_files(
    dir: &Path,
    prefix: &str,
    deep: bool,
    files: &mut BTreeMap<String, Arc<File>>,
) -> io::Result<()> {
    let Some(entries) = entries(dir)? else {
        return Ok(());
    };
    for (name, path) in entries {
        let at = format!("{prefix}/{name}");
        if path.is_dir() {
            if deep {
                read_files(&path, &at, deep, files)?;
            }
            continue;
        }
        let content_type = mime_guess::from_path(&path).first_or_octet_stream();
        let file = File::new(std::fs::read(&path)?, content_type.as_ref());
        files.insert(at, Arc::new(file));
    }
    Ok(())
}

/// Renders each `{rule-set}.md` of `dir` as `/rules/{rule-set}.html`.
fn read_rules(dir: &Path, files: &mut BTreeMap<String, Arc<File>>) -> io::Result<()> {
    let Some(entries) = entries(dir)? else {
        return Ok(());
    };
    for (name, path) in entries {
        let Some(rule_set) = name.strip_suffix(".md") else {
            continue;
        };
        let html = rules_page::to_html(&std::fs::read_to_string(&path)?, rule_set);
        let file = File::new(html, "text/html; charset=utf-8");
        files.insert(format!("/rules/{rule_set}.html"), Arc::new(file));
    }
    Ok(())
}

/// The entries of `dir` with names that are text, or `None` when there is no such folder.
fn entries(dir: &Path) -> io::Result<Option<Vec<(String, std::path::PathBuf)>>> {
    let read = match std::fs::read_dir(dir) {
        Ok(read) => read,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let mut entries = Vec::new();
    for entry in read {
        let entry = entry?;
        if let Ok(name) = entry.file_name().into_string() {
            entries.push((name, entry.path()));
        }
    }
    Ok(Some(entries))
}

/// `index.html` with every file it names (`="/style.css"`) given its version, and an import
/// map that gives every module its version, placed before the first script.
fn start_page(html: &str, files: &BTreeMap<String, Arc<File>>) -> String {
    let mut page = html.to_owned();
    for (path, file) in files {
        page = page.replace(
            &format!("=\"{path}\""),
            &format!("=\"{path}?{}\"", file.version),
        );
    }
    let imports: serde_json::Map<String, serde_json::Value> = files
        .iter()
        .filter(|(path, _)| path.starts_with("/js/") && path.ends_with(".js"))
        .map(|(path, file)| (path.clone(), format!("{path}?{}", file.version).into()))
        .collect();
    // `<` never appears in a path the server wrote, but a script must never hold `</`.
    let map = serde_json::json!({ "imports": imports })
        .to_string()
        .replace('<', "\\u003c");
    let at = page
        .find("<script")
        .or_else(|| page.find("</head>"))
        .unwrap_or(0);
    page.insert_str(
        at,
        &format!("<script type=\"importmap\">{map}</script>\n  "),
    );
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(names: &[(&str, &str)]) -> BTreeMap<String, Arc<File>> {
        names
            .iter()
            .map(|(path, body)| {
                (
                    path.to_string(),
                    Arc::new(File::new(body.to_string(), "text/plain")),
                )
            })
            .collect()
    }

    #[test]
    fn the_start_page_names_every_file_and_module_by_its_version() {
        let files = files(&[
            ("/style.css", "body {}"),
            ("/js/main.js", "import './dom.js';"),
            ("/js/dom.js", ""),
        ]);
        let html = "<head>\n  <link rel=\"stylesheet\" href=\"/style.css\">\n  <script type=\"module\" src=\"/js/main.js\"></script>\n</head>";
        let page = start_page(html, &files);
        let version = |path: &str| files[path].version.clone();
        assert!(
            page.contains(&format!("href=\"/style.css?{}\"", version("/style.css"))),
            "{page}"
        );
        assert!(
            page.contains(&format!("src=\"/js/main.js?{}\"", version("/js/main.js"))),
            "{page}"
        );
        let map = format!("\"/js/dom.js\":\"/js/dom.js?{}\"", version("/js/dom.js"));
        let (before, after) = page.split_once(&map).expect("the import map names dom.js");
        assert!(before.contains("<script type=\"importmap\">"), "{page}");
        assert!(
            after.contains("<script type=\"module\""),
            "the map comes first: {page}"
        );
    }

    #[test]
    fn a_file_is_kept_for_a_year_only_at_its_current_version() {
        let file = File::new("body {}", "text/css");
        let answer = file.answer(RawQuery(Some(file.version.clone())), &HeaderMap::new());
        assert_eq!(answer.status(), StatusCode::OK);
        assert_eq!(answer.headers()[header::CACHE_CONTROL], KEEP);
        for query in [None, Some("v=000000000000".to_string())] {
            let answer = file.answer(RawQuery(query), &HeaderMap::new());
            assert_eq!(answer.headers()[header::CACHE_CONTROL], ASK_AGAIN);
        }
    }

    #[test]
    fn a_browser_holding_the_version_is_answered_not_modified() {
        let file = File::new("body {}", "text/css");
        let strong = file
            .etag
            .to_str()
            .unwrap()
            .trim_start_matches("W/")
            .to_owned();
        for held in [
            file.etag.to_str().unwrap().to_owned(),
            strong,
            format!("W/\"0\", {}", file.etag.to_str().unwrap()),
            "*".into(),
        ] {
            let mut request = HeaderMap::new();
            request.insert(header::IF_NONE_MATCH, held.parse().unwrap());
            let answer = file.answer(RawQuery(None), &request);
            assert_eq!(answer.status(), StatusCode::NOT_MODIFIED, "{held}");
            assert_eq!(answer.headers()[header::ETAG], file.etag);
        }
        let mut request = HeaderMap::new();
        request.insert(header::IF_NONE_MATCH, "W/\"0\"".parse().unwrap());
        assert_eq!(
            file.answer(RawQuery(None), &request).status(),
            StatusCode::OK
        );
    }
}
