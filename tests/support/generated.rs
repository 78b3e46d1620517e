//! Running `hornet gen` on a scratch copy of some sources and checking what it wrote: every
//! generated test compiles and passes on the JVM (`tests/robustness.rs`, `tests/mutation.rs`).

use super::java::{self, Toolchain};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A scratch folder for this test binary's runs.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("robust-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("folder");
    for entry in std::fs::read_dir(from).expect("case folder").flatten() {
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        if source.is_dir() {
            copy_tree(&source, &target);
        } else {
            std::fs::copy(&source, &target).expect("copies");
        }
    }
}

pub fn java_files(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "java"))
        .map(|e| e.into_path())
        .collect();
    found.sort();
    found
}

/// `hornet gen ARGS` in `dir`; panics when hornet panics or is killed.
pub fn hornet(dir: &Path, args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_hornet"))
        .current_dir(dir)
        .arg("gen")
        .args(["--jobs", "1"])
        .args(args)
        .output()
        .expect("hornet starts");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.code().is_some_and(|c| c <= 1) && !stderr.contains("panicked"),
        "hornet failed in {} ({}):\n{stderr}",
        dir.display(),
        output.status
    );
    output
}

/// Compiles `sources` (read as UTF-8, as the case's build would be told; a file that is not
/// is converted from Latin-1 first), or says why javac rejects them.
pub fn compile_sources(toolchain_dir: &Path, sources: &[PathBuf], classes: &Path) -> Result<(), String> {
    let mut utf8 = Vec::new();
    for (i, source) in sources.iter().enumerate() {
        let bytes = std::fs::read(source).expect("source");
        if String::from_utf8(bytes.clone()).is_ok() {
            utf8.push(source.clone());
        } else {
            let copy = toolchain_dir.join(format!("latin1-{i}")).join(source.file_name().expect("file name"));
            std::fs::create_dir_all(copy.parent().expect("parent")).expect("folder");
            std::fs::write(&copy, bytes.iter().map(|&b| char::from(b)).collect::<String>()).expect("writes");
            utf8.push(copy);
        }
    }
    java::javac(classes, &[java::shared_jar(java::JUNIT_STANDALONE)], &utf8)
}

/// Compiles the sources under `src` and the tests under `out`, and runs the tests: an error
/// when a test does not compile or fails. `Ok(false)` when javac rejects the sources.
pub fn run_generated(toolchain: &Toolchain, work: &Path, src: &Path, out: &Path) -> Result<bool, String> {
    let main_classes = work.join("main-classes");
    let _ = std::fs::remove_dir_all(&main_classes);
    if compile_sources(work, &java_files(src), &main_classes).is_err() {
        return Ok(false);
    }
    let tests = java_files(out);
    if tests.is_empty() {
        return Ok(true);
    }
    let test_classes = work.join("test-classes");
    let _ = std::fs::remove_dir_all(&test_classes);
    let class_path = [main_classes.clone(), java::shared_jar(java::JUNIT_STANDALONE), java::shared_jar(java::H2)];
    java::javac(&test_classes, &class_path, &tests)?;
    let run_class_path = [main_classes, test_classes, java::shared_jar(java::H2)];
    // Coverage is not measured here, but the agent must not instrument itself.
    let packages: Vec<String> = std::fs::read_dir(out)
        .map_err(|e| format!("{}: {e}", out.display()))?
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| format!("{}.*", e.file_name().to_string_lossy()))
        .collect();
    let packages = packages.join(":");
    let run = super::junit::run_tests(
        &toolchain.agent_jar,
        &work.join("jacoco.exec"),
        &packages,
        &run_class_path,
        &work.join("junit-reports"),
    )?;
    if run.counter("tests failed") > 0 {
        return Err(format!("generated tests failed:\n{}", run.console));
    }
    Ok(true)
}

