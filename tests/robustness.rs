//! Hostile inputs and runs. Each folder under `tests/cases/robust` is a case: Java sources in
//! `src/`, optionally `schema.sql`, `hornet-options.txt` (options of `hornet gen`) and
//! `links.txt` (symbolic links `PATH -> TARGET` to make in the copy: a link loop kept in the
//! repository would trip every tool walking it). The case is copied into a scratch folder,
//! `hornet gen` runs there, and its diagnostics and each method's status are compared with
//! the snapshot `expected` beside the case (`HORNET_BLESS=1` rewrites it). Whenever javac
//! accepts the sources, the tests hornet wrote must compile and pass on the JVM. Tests of
//! whole runs follow: a damaged cache, a failed run, `--out` under an input.

mod common;
// The end-to-end helpers; this binary uses the compiler and the JUnit runner.
#[allow(dead_code)]
mod support;
#[path = "common/options.rs"]
mod options;

use std::path::{Path, PathBuf};
use support::generated::{copy_tree, hornet, java_files, run_generated, scratch};
use support::java::Toolchain;
use support::report::{Report, Status};

/// The JUnit runner's agent, in a folder of `test`'s own: the tests of this binary run at once.
fn toolchain(test: &str) -> Toolchain {
    Toolchain::prepare(&scratch(&format!("toolchain-{test}"))).unwrap_or_else(|e| panic!("{e}"))
}

/// Each method's line in a snapshot: name, status, tests, branches, and whether it has a
/// diagnostic (a skipped method must say why).
fn method_lines(report: &Report) -> String {
    report
        .methods
        .iter()
        .map(|m| {
            format!(
                "{} {:?} tests={} branches={}/{} diagnostics={}\n",
                m.method,
                m.status,
                m.tests,
                m.branches_covered,
                m.branches_total,
                m.diagnostics.len()
            )
        })
        .collect()
}

#[test]
fn hostile_inputs_give_passing_tests_or_located_diagnostics() {
    let toolchain = toolchain("hostile");
    let results = common::case_dirs("tests/cases/robust")
        .into_iter()
        .map(|case| {
            let name = case.file_name().expect("case name").to_string_lossy().into_owned();
            let work = scratch(&name);
            let dir = work.join("case");
            copy_tree(&case, &dir);
            if let Ok(links) = std::fs::read_to_string(case.join("links.txt")) {
                for (path, target) in links.lines().filter_map(|l| l.split_once(" -> ")) {
                    std::os::unix::fs::symlink(target, dir.join(path)).expect("links");
                }
            }
            let mut args: Vec<String> = ["--quiet", "--no-cache", "--out", "out"].map(String::from).to_vec();
            if dir.join("schema.sql").is_file() {
                args.extend(["--schema".to_string(), "schema.sql".to_string()]);
            }
            args.extend(options::read(&case).expect("options"));
            args.push("src".to_string());
            let output = hornet(&dir, &args.iter().map(String::as_str).collect::<Vec<_>>());
            let report = Report::read(&dir.join("out/hornet-report.json")).expect("report");
            let mut actual = String::from_utf8_lossy(&output.stderr).into_owned();
            actual.push_str(&method_lines(&report));
            for m in &report.methods {
                if m.status == Status::Skipped && m.diagnostics.is_empty() {
                    return Err(format!("{name}: {} is skipped without a diagnostic", m.method));
                }
            }
            match run_generated(&toolchain, &work, &dir.join("src"), &dir.join("out")) {
                Ok(true) => actual.push_str("sources compile; generated tests pass\n"),
                Ok(false) => {
                    if !actual.contains(": error: ") {
                        return Err(format!("{name}: javac rejects the sources but hornet reports no error"));
                    }
                    actual.push_str("javac rejects the sources\n");
                }
                Err(problem) => return Err(format!("{name}: {problem}")),
            }
            let _ = std::fs::remove_dir_all(&work);
            common::check(&case.join("expected"), &actual)
        })
        .collect();
    common::check_all(results);
}

/// Two cache entries swapped on disk are misses, recomputed and rewritten: the tests stay right.
#[test]
fn swapped_cache_entries_are_not_reused() {
    let toolchain = toolchain("cache");
    let work = scratch("cache");
    let dir = work.join("case");
    std::fs::create_dir_all(dir.join("src/p")).expect("folder");
    std::fs::write(
        dir.join("src/p/Two.java"),
        "package p;\npublic class Two {\n    public static int inc(int x) { if (x > 0) return x + 1; return 0; }\n    \
         public static int dec(int x) { if (x > 0) return x - 1; return 0; }\n}\n",
    )
    .expect("writes");
    let args = ["--cache-dir", "cache", "--out", "out", "src"];
    hornet(&dir, &args);
    // The entry of `method`: the one naming it and not the other.
    let entry = |method: &str, other: &str| {
        std::fs::read_dir(dir.join("cache"))
            .expect("cache")
            .flatten()
            .map(|e| e.path())
            .find(|p| {
                let text = String::from_utf8_lossy(&std::fs::read(p).expect("entry")).into_owned();
                text.contains(&format!("p.Two.{method}(int)")) && !text.contains(&format!("p.Two.{other}(int)"))
            })
            .expect("an entry for the method")
    };
    let (inc, dec) = (entry("inc", "dec"), entry("dec", "inc"));
    assert_ne!(inc, dec);
    let swap = dir.join("cache/swap");
    std::fs::rename(&inc, &swap).expect("renames");
    std::fs::rename(&dec, &inc).expect("renames");
    std::fs::rename(&swap, &dec).expect("renames");
    hornet(&dir, &args);
    let report = Report::read(&dir.join("out/hornet-report.json")).expect("report");
    assert_eq!(report.totals.summaries_reused, 0, "a swapped entry was reused");
    assert_eq!(run_generated(&toolchain, &work, &dir.join("src"), &dir.join("out")), Ok(true));
    // Rewritten: the third run reuses both.
    hornet(&dir, &args);
    let report = Report::read(&dir.join("out/hornet-report.json")).expect("report");
    assert_eq!(report.totals.summaries_reused, 2);
    let _ = std::fs::remove_dir_all(&work);
}

/// Every file under `dir` with its bytes, sorted.
fn files_of(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    java_files(dir)
        .into_iter()
        .chain([dir.join("hornet-report.json")])
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap_or_default();
            (p, bytes)
        })
        .collect()
}

/// A run that cannot write its output leaves the previous tests and report as they were.
#[test]
fn a_failed_run_leaves_the_previous_output() {
    let work = scratch("atomic");
    std::fs::create_dir_all(work.join("src/p")).expect("folder");
    let source = |body: &str| format!("package p;\npublic class A {{\n    public static int f(int x) {{ {body} }}\n}}\n");
    std::fs::write(work.join("src/p/A.java"), source("if (x > 0) return 1; return 0;")).expect("writes");
    hornet(&work, &["--no-cache", "--out", "out", "src"]);
    let before = files_of(&work.join("out"));
    assert!(before.len() >= 2, "tests and report");
    // The folder the next output is prepared in cannot be made: the run fails before the swap.
    std::fs::write(work.join("src/p/A.java"), source("return x;")).expect("writes");
    std::fs::write(work.join(".out.hornet-next"), "in the way").expect("writes");
    let failed = hornet(&work, &["--no-cache", "--out", "out", "src"]);
    assert!(!failed.status.success());
    let after = files_of(&work.join("out"));
    assert_eq!(before, after, "the previous output changed");
    let _ = std::fs::remove_dir_all(&work);
}

/// `--out src/test/java` under the input `src`: a second run analyses the same methods (not the
/// tests the first wrote), keeps the user's files there, and `--report` puts the report aside.
#[test]
fn tests_written_under_an_input_are_not_analysed() {
    let work = scratch("maven");
    std::fs::create_dir_all(work.join("src/main/java/p")).expect("folder");
    std::fs::create_dir_all(work.join("src/test/java/p")).expect("folder");
    std::fs::write(
        work.join("src/main/java/p/A.java"),
        "package p;\npublic class A {\n    public static int f(int x) { if (x > 0) return 1; return 0; }\n}\n",
    )
    .expect("writes");
    let mine = "package p;\nclass MineTest {}\n";
    std::fs::write(work.join("src/test/java/p/MineTest.java"), mine).expect("writes");
    let args = ["--quiet", "--no-cache", "--out", "src/test/java", "--report", "target/hornet/report.json", "src/main/java", "src/test/java"];
    let first = hornet(&work, &args);
    let second = hornet(&work, &args);
    assert!(second.status.success(), "{}", String::from_utf8_lossy(&second.stderr));
    assert_eq!(String::from_utf8_lossy(&first.stderr), String::from_utf8_lossy(&second.stderr));
    let report = Report::read(&work.join("target/hornet/report.json")).expect("report");
    assert_eq!(report.methods.iter().map(|m| m.method.as_str()).collect::<Vec<_>>(), ["p.A.f(int)"]);
    assert!(work.join("src/test/java/p/AHornetTest.java").is_file());
    assert!(!work.join("src/test/java/hornet-report.json").exists());
    assert_eq!(std::fs::read_to_string(work.join("src/test/java/p/MineTest.java")).expect("kept"), mine);
    let _ = std::fs::remove_dir_all(&work);
}
