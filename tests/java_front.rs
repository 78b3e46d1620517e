//! Data-driven tests of the Java front end: each `tests/cases/java/<case>.java` is lowered and
//! the rendered IR of its methods, then its diagnostics, are compared with `<case>.ir`.

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
            let (program, diags) = lower_sources(&[(relative, source)], &Library::default());
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
