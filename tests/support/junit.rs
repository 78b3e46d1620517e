//! Running generated tests with the JUnit console launcher under the JaCoCo agent, and what the
//! launcher reports: its summary counters and the test cases of each class.

use super::java::{JUNIT_STANDALONE, describe, join_paths, output_text, shared_jar};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

pub struct JunitRun {
    /// The console output (tree of tests, failures, summary), for failure messages.
    pub console: String,
    /// Summary counters by name: `tests successful`, `tests failed`, `containers found`...
    pub counters: BTreeMap<String, u64>,
    /// Test cases that ran, per test class.
    pub tests_per_class: BTreeMap<String, u64>,
}

impl JunitRun {
    pub fn counter(&self, name: &str) -> u64 {
        self.counters.get(name).copied().unwrap_or(0)
    }
}

/// Runs every test class found in `class_path` with the JaCoCo agent writing `exec_file`
/// and recording the classes matching `includes` (JaCoCo wildcards, `:`-separated).
pub fn run_tests(
    agent_jar: &Path,
    exec_file: &Path,
    includes: &str,
    class_path: &[PathBuf],
    reports_dir: &Path,
) -> Result<JunitRun, String> {
    let mut agent = agent_jar.as_os_str().to_owned();
    agent.push(format!("=destfile={},includes={includes}", exec_file.display()));
    let mut javaagent = std::ffi::OsString::from("-javaagent:");
    javaagent.push(agent);
    launch(&[javaagent], class_path, reports_dir)
}

/// Runs every test class found in `class_path` in a JVM given `jvm_options` (system
/// properties), without measuring coverage.
pub fn run_tests_with(jvm_options: &[String], class_path: &[PathBuf], reports_dir: &Path) -> Result<JunitRun, String> {
    let options: Vec<std::ffi::OsString> = jvm_options.iter().map(Into::into).collect();
    launch(&options, class_path, reports_dir)
}

fn launch(jvm_options: &[std::ffi::OsString], class_path: &[PathBuf], reports_dir: &Path) -> Result<JunitRun, String> {
    let mut command = Command::new("java");
    command
        .args(jvm_options)
        .arg("-jar")
        .arg(shared_jar(JUNIT_STANDALONE))
        .arg("--class-path")
        .arg(join_paths(class_path))
        .args([
            "--scan-class-path",
            "--disable-banner",
            "--disable-ansi-colors",
            "--details=tree",
            "--fail-if-no-tests",
        ])
        .arg("--reports-dir")
        .arg(reports_dir);
    let output =
        command.output().map_err(|e| format!("cannot start {}: {e}", describe(&command)))?;
    let console =
        format!("`{}` ({}):\n{}", describe(&command), output.status, output_text(&output));
    if !output.status.success() {
        return Err(format!("JUnit did not pass: {console}"));
    }
    let counters = summary_counters(&String::from_utf8_lossy(&output.stdout));
    let xml_report = reports_dir.join("TEST-junit-jupiter.xml");
    let xml = std::fs::read_to_string(&xml_report)
        .map_err(|e| format!("{}: {e}\n{console}", xml_report.display()))?;
    Ok(JunitRun { console, counters, tests_per_class: tests_per_class(&xml) })
}

/// The launcher's closing summary, lines like `[        46 tests successful      ]`.
fn summary_counters(stdout: &str) -> BTreeMap<String, u64> {
    stdout
        .lines()
        .filter_map(|line| line.trim().strip_prefix('[')?.strip_suffix(']'))
        .filter_map(|inside| {
            let (count, name) = inside.trim().split_once(' ')?;
            Some((name.trim().to_string(), count.parse().ok()?))
        })
        .collect()
}

/// Counts `<testcase ... classname="C">` elements of a legacy JUnit XML report by class.
fn tests_per_class(xml: &str) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    for test_case in xml.split("<testcase ").skip(1) {
        let class = test_case
            .split_once("classname=\"")
            .and_then(|(_, rest)| rest.split_once('"'))
            .map_or("?", |(class, _)| class);
        *counts.entry(class.to_string()).or_insert(0) += 1;
    }
    counts
}
