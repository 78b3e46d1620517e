//! Hand-written summaries: what a folder declares, and every mistake located by file and line.

mod common;

use hornet::summary::user::load_dir;
use std::path::Path;

#[test]
fn summary_folders() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let results = common::case_dirs("tests/cases/summaries")
        .iter()
        .map(|dir| {
            let relative = dir.strip_prefix(root).expect("under the crate");
            let (summaries, diagnostics) = load_dir(relative);
            let mut actual = String::new();
            for m in &summaries.methods {
                actual.push_str(&format!("declares {} -> {}\n", m.key, m.ret));
            }
            for d in &diagnostics {
                actual.push_str(&format!("{d}\n"));
            }
            common::check(&dir.with_extension("expected"), &actual)
        })
        .collect();
    common::check_all(results);
}
