//! Data-driven tests of the schema reader: each `tests/cases/schema/*.sql` is read and its
//! rendered schema, followed by its diagnostics and the H2 statements the generated tests
//! build its tables with, compared with `<case>.expected` (`tests/junit_database.rs` runs
//! those statements on H2).

mod common;

use hornet::sql::{parse_schema, render_schema};
use std::path::Path;

#[test]
fn schema_cases() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let results = common::cases("tests/cases/schema", ".sql")
        .into_iter()
        .map(|case| {
            let text = std::fs::read_to_string(&case).unwrap_or_else(|e| panic!("{}: {e}", case.display()));
            // Relative to the crate root, so that snapshots do not depend on the checkout.
            let relative = case.strip_prefix(root).unwrap_or(&case);
            let (schema, diagnostics) = parse_schema(relative, &text);
            let mut actual = render_schema(&schema);
            actual.push_str("\n-- diagnostics\n");
            for diagnostic in &diagnostics {
                actual.push_str(&format!("{diagnostic}\n"));
            }
            // What the generated tests build their tables from.
            actual.push_str(&format!("\n-- H2 tables (URL settings `{}`)\n", hornet::emit::junit::h2_settings(&schema)));
            for statement in hornet::sql::ddl::create_statements(&schema, hornet::sql::ddl::Engine::H2) {
                actual.push_str(&format!("{statement};\n"));
            }
            common::check(&case.with_extension("expected"), &actual)
        })
        .collect();
    common::check_all(results);
}

/// Cut-off files are the commonest bad input: every prefix of every case must be read without
/// panicking.
#[test]
fn truncated_cases_do_not_panic() {
    for case in common::cases("tests/cases/schema", ".sql") {
        let text = std::fs::read_to_string(&case).unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        for (end, _) in text.char_indices() {
            let (schema, _) = parse_schema(Path::new("prefix.sql"), &text[..end]);
            render_schema(&schema);
        }
    }
}
