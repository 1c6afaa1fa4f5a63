//! The published JSON Schema must match the wire types. Run with `UPDATE_SCHEMA=1` to
//! regenerate `protocol/schema/` after changing the protocol on purpose.

use std::path::Path;

#[test]
fn the_committed_schema_matches_the_code() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol/schema");
    let update = std::env::var_os("UPDATE_SCHEMA").is_some();
    for (file, schema) in hesy::wire::schemas() {
        let path = dir.join(&file);
        if update {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        }
        let generated = serde_json::to_string_pretty(&schema).unwrap() + "\n";
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &generated).unwrap();
            continue;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == generated,
            "protocol/schema/{file} is out of date: run `UPDATE_SCHEMA=1 cargo test --test it schema`"
        );
    }
}
