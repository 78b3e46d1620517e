//! hornet in a Java team's build: the generated tests of a database example, put in a Maven
//! project laid out as teams lay theirs out (`src/main/java`, `src/test/java`), pass under
//! `mvn -o test` with the pom the README shows (`tests/cases/maven/pom.xml`). Maven resolves
//! JUnit 5, H2 and its plugins from Debian's repository (`/usr/share/maven-repo`, installed by
//! `.ci/run`), offline. The second generation into the same test tree must give the same
//! tests: hornet never analyses the files it generated.

// Only the command helpers of the end-to-end support are used here.
#[allow(dead_code)]
#[path = "support/java.rs"]
mod java;

use std::path::{Path, PathBuf};
use std::process::Command;

/// Debian's packages put their Maven artifacts here; `HORNET_MAVEN_REPO` names another one.
const MAVEN_REPO: &str = "/usr/share/maven-repo";
const EXAMPLE: &str = "examples/library";

#[test]
fn generated_tests_pass_under_maven() {
    let project = std::env::temp_dir().join(format!("hornet-maven-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&project);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_tree(&root.join(EXAMPLE).join("src"), &project.join("src/main/java"));
    std::fs::copy(root.join("tests/cases/maven/pom.xml"), project.join("pom.xml")).expect("copy the pom");

    let first = generate(root, &project);
    let second = generate(root, &project);
    assert_eq!(first, second, "a second run over the generated test tree must give the same tests");

    let repo = std::env::var_os("HORNET_MAVEN_REPO").map_or_else(|| PathBuf::from(MAVEN_REPO), PathBuf::from);
    let mut maven = Command::new("mvn");
    maven
        .current_dir(&project)
        .args(["-o", "-B", "-q"])
        .arg(format!("-Dmaven.repo.local={}", repo.display()))
        .arg("test");
    java::run(&mut maven).unwrap_or_else(|e| panic!("mvn -o test failed (needs maven and Debian's Maven plugins, see .ci/run):\n{e}"));
    let reports = project.join("target/surefire-reports");
    let summary: Vec<String> = std::fs::read_dir(&reports)
        .unwrap_or_else(|e| panic!("{}: {e}", reports.display()))
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "txt"))
        .map(|e| std::fs::read_to_string(e.path()).expect("surefire report"))
        .collect();
    assert!(!summary.is_empty(), "Maven ran no test class");
    let run: usize = summary.iter().map(|s| count_after(s, "Tests run: ")).sum();
    assert_eq!(run, first.tests, "Maven ran {run} tests, hornet wrote {}:\n{}", first.tests, summary.join("\n"));
    let _ = std::fs::remove_dir_all(&project);
}

/// What one generation wrote: the test files (name and text) and the number of tests.
#[derive(Debug, PartialEq)]
struct Generated {
    files: Vec<(String, String)>,
    tests: usize,
}

fn generate(root: &Path, project: &Path) -> Generated {
    let tests = project.join("src/test/java");
    let report = project.join("target/hornet/hornet-report.json");
    let mut hornet = Command::new(env!("CARGO_BIN_EXE_hornet"));
    hornet
        .current_dir(project)
        .args(["gen", "--quiet", "--no-cache", "--out"])
        .arg(&tests)
        .arg("--report")
        .arg(&report)
        .arg("--schema")
        .arg(root.join(EXAMPLE).join("schema.sql"))
        .arg(project.join("src"));
    java::run(&mut hornet).unwrap_or_else(|e| panic!("{e}"));
    let text = std::fs::read_to_string(&report).unwrap_or_else(|e| panic!("{}: {e}", report.display()));
    let json: serde_json::Value = serde_json::from_str(&text).expect("the report is JSON");
    let count = json["totals"]["tests"].as_u64().expect("totals.tests") as usize;
    assert!(count > 0, "no tests generated for {EXAMPLE}");
    assert!(!tests.join("hornet-report.json").exists(), "--report keeps the report out of the test tree");
    let mut files = Vec::new();
    collect(&tests, &tests, &mut files);
    files.sort();
    Generated { files, tests: count }
}

fn collect(base: &Path, dir: &Path, found: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(base, &path, found);
        } else {
            let name = path.strip_prefix(base).expect("under base").display().to_string();
            found.push((name, std::fs::read_to_string(&path).expect("generated file")));
        }
    }
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create the folder");
    for entry in std::fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())).flatten() {
        let path = entry.path();
        if path.is_dir() {
            copy_tree(&path, &to.join(entry.file_name()));
        } else {
            std::fs::copy(&path, to.join(entry.file_name())).expect("copy a source");
        }
    }
}

/// The sum of the numbers that follow `label` in `text` (Surefire's "Tests run: 54, ...").
fn count_after(text: &str, label: &str) -> usize {
    text.match_indices(label)
        .filter_map(|(i, _)| text[i + label.len()..].split(|c: char| !c.is_ascii_digit()).next()?.parse::<usize>().ok())
        .sum()
}
