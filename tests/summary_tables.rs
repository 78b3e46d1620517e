//! Data-driven: what `hornet summaries` prints of the examples named by the files
//! `tests/cases/shown/<example>.methods` (one `Class.method` filter a line; none for every
//! method): per case the database before (rows required and absent) and after (insert, update,
//! delete), the heap before and after, and the constraints; then the JSON of the first method
//! shown. Against the snapshot beside each file.

#[path = "common/options.rs"]
mod options;
mod common;

use hornet::emit::table::{summary_json, summary_table};
use hornet::pipeline::{GenOptions, analyse};
use std::path::Path;

#[test]
fn example_summaries_read_like_table_1() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let results = common::cases("tests/cases/shown", ".methods")
        .into_iter()
        .map(|case| {
            let name = case.file_stem().expect("file name").to_string_lossy().to_string();
            let example = Path::new("examples").join(&name);
            assert!(root.join(&example).is_dir(), "{}: no example {name}", case.display());
            let methods: Vec<String> = std::fs::read_to_string(&case)
                .expect("methods file")
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect();
            let schema = example.join("schema.sql");
            let opts = GenOptions {
                inputs: vec![example.join("src")],
                schema: root.join(&schema).is_file().then_some(schema),
                dialect: None,
                out: Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("shown-{name}")),
                k: options::bound(&root.join(&example)),
                methods: methods.clone(),
                budget: 1_000_000,
                compose: true,
                jobs: 1,
                summaries: Vec::new(),
                cache_dir: None,
                progress: None,
                report: None,
            };
            let analysis = analyse(&opts).expect("analyses");
            let mut actual = String::new();
            let mut json = None;
            for method in &analysis.program.methods {
                if !methods.is_empty() && !analysis.targets.contains(&method.key) {
                    continue;
                }
                if let Some(Ok(summary)) = analysis.summaries.get(&method.key) {
                    actual.push_str(&summary_table(method, summary, analysis.schema.as_ref()));
                    actual.push('\n');
                    json.get_or_insert_with(|| summary_json(method, summary, analysis.schema.as_ref()));
                }
            }
            actual.push_str("=== json\n");
            actual.push_str(&json.unwrap_or_default());
            actual.push('\n');
            common::check(&case.with_extension("expected"), &actual)
        })
        .collect();
    common::check_all(results);
}
