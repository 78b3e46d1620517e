//! The one helper of the data-driven tests: compare an actual output with the snapshot file
//! beside a case, or rewrite the snapshot when `HORNET_BLESS=1` is set.

// Each test binary compiles this module and uses only part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// Every file under `dir` (recursively) whose name ends with `suffix`, sorted.
pub fn cases(dir: &str, suffix: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut found = Vec::new();
    collect(&root, suffix, &mut found);
    found.sort();
    assert!(!found.is_empty(), "no `*{suffix}` cases under {}", root.display());
    found
}

fn collect(dir: &Path, suffix: &str, found: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            collect(&path, suffix, found);
        } else if path.to_string_lossy().ends_with(suffix) {
            found.push(path);
        }
    }
}

/// Every folder directly under `dir`, sorted: cases made of several files.
pub fn case_dirs(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut found: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    found.sort();
    assert!(!found.is_empty(), "no case folders under {}", root.display());
    found
}

/// Compare `actual` with the snapshot `snapshot`; with `HORNET_BLESS=1`, write it instead.
/// Returns a description of the mismatch, so that a test can check every case before failing.
pub fn check(snapshot: &Path, actual: &str) -> Result<(), String> {
    if std::env::var_os("HORNET_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(snapshot, actual).unwrap_or_else(|e| panic!("{}: {e}", snapshot.display()));
        return Ok(());
    }
    let expected = std::fs::read_to_string(snapshot).unwrap_or_default();
    if expected == actual {
        Ok(())
    } else {
        Err(format!(
            "{} differs (HORNET_BLESS=1 rewrites it)\n--- expected\n{expected}\n--- actual\n{actual}",
            snapshot.display()
        ))
    }
}

/// Run `check` on each case and fail once, listing every mismatch.
pub fn check_all(results: Vec<Result<(), String>>) {
    let failures: Vec<String> = results.into_iter().filter_map(Result::err).collect();
    assert!(failures.is_empty(), "{} case(s) differ:\n{}", failures.len(), failures.join("\n\n"));
}
