//! Data-driven: for each `tests/cases/gen/*.java`, the summaries hornet computes (as `hornet
//! summaries` prints them), the JUnit tests it writes and each method's status in the report,
//! against the snapshot beside it. A case that uses a database has its schema beside it
//! (`name.sql`); one that calls methods without source, their hand-written summaries
//! (`name.summaries/`).

mod common;

use hornet::emit::table::summary_table;
use hornet::pipeline::{GenOptions, analyse, generate};
use std::path::{Path, PathBuf};

fn options(case: &Path, out: PathBuf) -> GenOptions {
    let schema = case.with_extension("sql");
    let summaries = case.with_extension("summaries");
    GenOptions {
        inputs: vec![case.to_path_buf()],
        schema: schema.is_file().then_some(schema),
        dialect: None,
        out,
        k: 2,
        methods: Vec::new(),
        budget: 1_000_000,
        compose: true,
        jobs: 1,
        summaries: summaries.is_dir().then_some(summaries).into_iter().collect(),
        cache_dir: None,
        progress: None,
        report: None,
    }
}

#[test]
fn generated_summaries_and_tests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let results = common::cases("tests/cases/gen", ".java")
        .into_iter()
        .map(|case| {
            let relative = case.strip_prefix(root).expect("under the crate").to_path_buf();
            let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
                "gen-{}-{}",
                relative.file_stem().unwrap().to_string_lossy(),
                std::process::id()
            ));
            let analysis = analyse(&options(&relative, out.clone())).expect("analyses");
            let mut actual = String::new();
            for d in &analysis.diagnostics {
                actual.push_str(&format!("{d}\n"));
            }
            for method in &analysis.program.methods {
                if let Some(Ok(summary)) = analysis.summaries.get(&method.key) {
                    actual.push_str(&summary_table(method, summary, analysis.schema.as_ref()));
                    actual.push('\n');
                }
            }
            let outcome = generate(&options(&relative, out.clone())).expect("generates");
            for file in outcome.written.iter().filter(|f| f.extension().is_some_and(|e| e == "java")) {
                actual.push_str(&format!("=== {}\n", file.strip_prefix(&out).unwrap().display()));
                actual.push_str(&std::fs::read_to_string(file).expect("generated file"));
            }
            actual.push_str("=== hornet-report.json\n");
            for method in &outcome.report.methods {
                actual.push_str(&format!("{} {:?} tests {}\n", method.method, method.status, method.tests));
                if method.unreachable_paths > 0 {
                    let reasons = method.unreachable_because.join("; ");
                    actual.push_str(&format!("  unreachable {}: {reasons}\n", method.unreachable_paths));
                }
                for d in &method.diagnostics {
                    actual.push_str(&format!("  {d}\n"));
                }
            }
            let _ = std::fs::remove_dir_all(&out);
            common::check(&case.with_extension("expected"), &actual)
        })
        .collect();
    common::check_all(results);
}
