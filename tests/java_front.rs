//! Data-driven tests of the Java front end: each `tests/cases/java/<case>.java` is lowered (its
//! SQL checked against `<case>.sql` when there is one) and the rendered IR of its methods, then
//! its diagnostics, are compared with `<case>.ir`.

mod common;

use hornet::java::{Library, lower_sources};
use std::path::Path;

#[test]
fn java_cases_lower_to_their_snapshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let results = common::cases("tests/cases/java", ".java")
        .into_iter()
        .map(|case| {
            let relative = case.strip_prefix(root).expect("case under the repository").to_path_buf();
            let source = std::fs::read_to_string(&case).expect("readable case");
            let schema_path = case.with_extension("sql");
            let schema = std::fs::read_to_string(&schema_path)
                .ok()
                .map(|text| hornet::sql::parse_schema(&schema_path, &text).0);
            let (program, diags) = lower_sources(&[(relative, source)], &Library::default(), schema.as_ref());
            let mut actual = String::new();
            for method in &program.methods {
                actual.push_str(&method.render());
                actual.push('\n');
            }
            for diag in &diags {
                actual.push_str(&format!("{diag}\n"));
            }
            common::check(&case.with_extension("ir"), &actual)
        })
        .collect();
    common::check_all(results);
}
