//! Hand-written summaries: what a folder declares, the SQL its cases run (compiled against the
//! folder's `schema.sql`, if any), and every mistake located by file and line.

mod common;

use hornet::sql::parse_schema;
use hornet::summary::user::load_dir;
use std::path::Path;

#[test]
fn summary_folders() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let results = common::case_dirs("tests/cases/summaries")
        .iter()
        .map(|dir| {
            let relative = dir.strip_prefix(root).expect("under the crate");
            let schema_file = relative.join("schema.sql");
            let schema = schema_file.is_file().then(|| {
                let text = std::fs::read_to_string(&schema_file).expect("schema readable");
                let (schema, problems) = parse_schema(&schema_file, &text);
                assert!(problems.is_empty(), "{problems:?}");
                schema
            });
            let (summaries, diagnostics) = load_dir(relative, schema.as_ref());
            let mut actual = String::new();
            for m in &summaries.methods {
                actual.push_str(&format!("declares {} -> {}\n", m.key, m.ret));
            }
            for (file, text) in &summaries.texts {
                for (i, line) in text.lines().enumerate().filter(|(_, l)| l.contains("user_sql:run(")) {
                    actual.push_str(&format!("{}:{}: {}\n", file.display(), i + 1, line.trim()));
                }
            }
            for d in &diagnostics {
                actual.push_str(&format!("{d}\n"));
            }
            common::check(&dir.with_extension("expected"), &actual)
        })
        .collect();
    common::check_all(results);
}
