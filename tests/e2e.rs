//! End to end: for every example under `examples/`, generate tests with `hornet gen`, compile
//! and run them with JUnit under the JaCoCo agent, and check that they all pass and that the
//! report's claims (test counts, branch totals, branches covered per line) are what JUnit and
//! JaCoCo measure. Any new directory under `examples/` is picked up; its optional
//! `expected-diagnostics.txt` lists the diagnostics hornet must report for it, one pattern per
//! line (`*` matches anything), and no others; its optional `hornet-options.txt` adds options
//! to `hornet gen` (`--k 1`). `HORNET_E2E_ONLY=a,b` restricts the run to the examples named
//! (for local work; CI runs them all).
//!
//! The tests of the examples with a schema (but one for MySQL or SQLite, whose code's SQL only
//! their engine runs) run a second time on a PostgreSQL server the test starts
//! (`support/postgres.rs`), and must pass there too: a test that passes on H2 and fails on
//! PostgreSQL is a difference between the engines hornet missed.

mod support;
#[path = "common/options.rs"]
mod options;

use hornet::emit::junit::{DATABASE_HELPER, OBJECTS_HELPER};
use hornet::sql::Dialect;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Instant, SystemTime, UNIX_EPOCH};
use support::coverage::{self, MethodCoverage, MethodId};
use support::java::{self, Toolchain};
use support::postgres::{self, Postgres};
use support::junit::{self, JunitRun};
use support::report::{MethodReport, Report, Status};

const EXAMPLES: &str = "examples";
const EXPECTED_DIAGNOSTICS: &str = "expected-diagnostics.txt";

#[test]
fn generated_tests_pass_and_cover_what_the_report_claims() {
    let scratch = unique_scratch_dir();
    let toolchain = Toolchain::prepare(&scratch).unwrap_or_else(|e| panic!("{e}"));
    let examples = examples();
    let postgres = examples
        .iter()
        .any(|example| example.runs_on_postgres().unwrap_or(true))
        .then(|| Postgres::start().unwrap_or_else(|e| panic!("{e}")));
    let mut failures = Vec::new();
    for example in examples {
        match check_example(&toolchain, postgres.as_ref(), &example, &scratch.join(&example.name)) {
            Ok(summary) => println!("{summary}"),
            Err(problem) => failures.push(format!("== example {}:\n{problem}", example.name)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} example(s) failed (files kept in {}):\n{}",
        failures.len(),
        scratch.display(),
        failures.join("\n\n")
    );
    std::fs::remove_dir_all(&scratch)
        .unwrap_or_else(|e| panic!("removing {}: {e}", scratch.display()));
}

struct Example {
    name: String,
    /// `examples/<name>`, relative to the crate root, where hornet runs.
    dir: PathBuf,
    /// Java sources under `src/`, relative to the crate root.
    sources: Vec<PathBuf>,
    /// Sources under `lib/`: code the example calls but hornet does not see (it gets their
    /// summaries from `summaries/`); compiled, but neither analysed nor measured.
    library_sources: Vec<PathBuf>,
}

impl Example {
    fn summaries(&self) -> Option<PathBuf> {
        let summaries = self.dir.join("summaries");
        crate_root().join(&summaries).is_dir().then_some(summaries)
    }

    /// Options of `hornet gen` the example needs (`tests/common/options.rs`).
    fn options(&self) -> Result<Vec<String>, String> {
        options::read(&crate_root().join(&self.dir))
    }

    /// Whether the example's tests run on PostgreSQL too: those with a schema, unless it is
    /// written for MySQL or SQLite (whose code's SQL, backquotes and all, only their engine runs)
    /// or its `h2-only.txt` says why its code is H2's alone (it branches on H2's vendor error
    /// codes, say).
    fn runs_on_postgres(&self) -> Result<bool, String> {
        let Some(schema) = self.schema() else { return Ok(false) };
        if crate_root().join(&self.dir).join("h2-only.txt").is_file() {
            return Ok(false);
        }
        let path = crate_root().join(schema);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(!matches!(hornet::sql::dialect::detect(&text).dialect, Dialect::MySql | Dialect::Sqlite))
    }

    fn schema(&self) -> Option<PathBuf> {
        let schema = self.dir.join("schema.sql");
        crate_root().join(&schema).is_file().then_some(schema)
    }

    /// JaCoCo `includes`: the packages of the example's sources, `:`-separated.
    fn coverage_includes(&self) -> String {
        let source_root = self.dir.join("src");
        let packages: BTreeSet<String> = self
            .sources
            .iter()
            .map(|source| {
                let relative = source.strip_prefix(&source_root).expect("sources are under src/");
                match relative.parent().filter(|p| !p.as_os_str().is_empty()) {
                    Some(package_dir) => {
                        format!("{}.*", package_dir.to_string_lossy().replace('/', "."))
                    }
                    // The default package: the class and its nested classes.
                    None => format!("{}*", relative.file_stem().unwrap().to_string_lossy()),
                }
            })
            .collect();
        packages.into_iter().collect::<Vec<_>>().join(":")
    }
}

fn examples() -> Vec<Example> {
    let root = crate_root();
    let mut examples: Vec<Example> = std::fs::read_dir(root.join(EXAMPLES))
        .expect("examples/ exists")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.is_dir())
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let dir = Path::new(EXAMPLES).join(&name);
            let mut sources = files_with_extension(&root.join(&dir).join("src"), "java");
            sources.sort();
            let sources =
                sources.into_iter().map(|s| s.strip_prefix(&root).unwrap().to_path_buf()).collect();
            let library_dir = root.join(&dir).join("lib");
            let mut library_sources =
                if library_dir.is_dir() { files_with_extension(&library_dir, "java") } else { Vec::new() };
            library_sources.sort();
            Example { name, dir, sources, library_sources }
        })
        .collect();
    examples.sort_by(|a, b| a.name.cmp(&b.name));
    assert!(!examples.is_empty(), "no examples under {}", root.join(EXAMPLES).display());
    // While working on one example: HORNET_E2E_ONLY=bank,console cargo test --test e2e
    if let Ok(only) = std::env::var("HORNET_E2E_ONLY") {
        let wanted: Vec<&str> = only.split(',').map(str::trim).collect();
        examples.retain(|e| wanted.contains(&e.name.as_str()));
        assert!(!examples.is_empty(), "HORNET_E2E_ONLY={only} names no example");
    }
    examples
}

/// Runs the whole pipeline on one example in `work`, the tests of an example with a schema on
/// H2 and on `postgres`; the one-line summary, or every problem found.
fn check_example(
    toolchain: &Toolchain,
    postgres: Option<&Postgres>,
    example: &Example,
    work: &Path,
) -> Result<String, String> {
    java::create_dir(work)?;
    let generated = work.join("tests");
    let started = Instant::now();
    let mut hornet = Command::new(env!("CARGO_BIN_EXE_hornet"));
    hornet
        .current_dir(crate_root())
        .arg("gen")
        // Always the real computation: a warm cache would only replay earlier results.
        .arg("--no-cache")
        .arg("--out")
        .arg(&generated)
        .arg(example.dir.join("src"));
    if let Some(schema) = example.schema() {
        hornet.arg("--schema").arg(schema);
    }
    if let Some(summaries) = example.summaries() {
        hornet.arg("--summaries").arg(summaries);
    }
    hornet.args(example.options()?);
    java::run(&mut hornet)?;
    let generation_time = started.elapsed();
    let report = Report::read(&generated.join("hornet-report.json"))?;

    let mut problems = report.inconsistencies(&crate_root());
    problems.extend(diagnostic_mismatches(
        &report,
        &crate_root().join(&example.dir).join(EXPECTED_DIAGNOSTICS),
    ));
    let test_sources = generated_test_sources(&report, &generated, &mut problems);
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }

    // H2 is the JDBC driver of examples with a schema; JUnit is the launcher's own jar at run time.
    let database_jars: Vec<PathBuf> =
        example.schema().map(|_| java::shared_jar(java::H2)).into_iter().collect();
    let mut compile_class_path: Vec<PathBuf> = [java::shared_jar(java::JUNIT_STANDALONE)]
        .into_iter()
        .chain(database_jars.clone())
        .collect();
    // Library code goes to its own folder, so that coverage measures the example's classes only.
    let library_classes = work.join("classes/lib");
    if !example.library_sources.is_empty() {
        java::javac(&library_classes, &compile_class_path, &example.library_sources)?;
        compile_class_path.push(library_classes.clone());
    }
    let main_classes = work.join("classes/main");
    let test_classes = work.join("classes/test");
    let sources: Vec<PathBuf> = example.sources.iter().map(|s| crate_root().join(s)).collect();
    java::javac_sources(&main_classes, &compile_class_path, &sources)?;
    let test_compile_class_path: Vec<PathBuf> =
        [main_classes.clone()].into_iter().chain(compile_class_path).collect();
    java::javac(&test_classes, &test_compile_class_path, &test_sources)?;

    let exec_file = work.join("jacoco.exec");
    let run_class_path: Vec<PathBuf> = [main_classes.clone(), test_classes, library_classes]
        .into_iter()
        .chain(database_jars)
        .collect();
    let junit = junit::run_tests(
        &toolchain.agent_jar,
        &exec_file,
        &example.coverage_includes(),
        &run_class_path,
        &work.join("junit-reports"),
    )?;
    let jacoco = coverage::parse(&toolchain.read_coverage(&exec_file, &main_classes)?)?;

    problems.extend(test_count_mismatches(&report, &junit));
    problems.extend(coverage_mismatches(&report, &jacoco));
    if !problems.is_empty() {
        return Err(format!("{}\n\nJUnit output: {}", problems.join("\n"), junit.console));
    }
    let on_postgres = match postgres.filter(|_| example.runs_on_postgres().unwrap_or(true)) {
        Some(server) => {
            let started = Instant::now();
            same_on_postgres(server, &run_class_path, &junit, &work.join("postgres-reports"))?;
            format!(", the same on PostgreSQL in {:.2} s", started.elapsed().as_secs_f64())
        }
        None => String::new(),
    };
    std::fs::remove_dir_all(work).map_err(|e| format!("removing {}: {e}", work.display()))?;
    let analysed = report.methods.iter().filter(|m| m.status != Status::Skipped);
    let jacoco_covered: u32 = analysed.filter_map(|m| jacoco.get(&method_id(m))).map(|c| c.branches.covered).sum();
    Ok(format!(
        "{}: {} methods ({} with tests), {} tests passed, branches covered {} (JaCoCo: {jacoco_covered}), \
         summaries {} computed / {} reused, {} compositions, hornet gen {:.2} s wall ({} ms reported){on_postgres}",
        example.name,
        report.totals.methods,
        report.totals.methods_with_tests,
        report.totals.tests,
        report.branch_summary(),
        report.totals.summaries_computed,
        report.totals.summaries_reused,
        report.totals.compositions,
        generation_time.as_secs_f64(),
        report.totals.elapsed_ms
    ))
}

/// Runs the tests again on the PostgreSQL server: every test that passed on H2 (`on_h2`) must
/// pass there, in the same classes.
fn same_on_postgres(server: &Postgres, class_path: &[PathBuf], on_h2: &JunitRun, reports: &Path) -> Result<(), String> {
    let mut class_path = class_path.to_vec();
    class_path.push(java::shared_jar(postgres::JDBC_DRIVER));
    let run = junit::run_tests_with(&server.jvm_options(), &class_path, reports)
        .map_err(|e| format!("tests that pass on H2 fail on PostgreSQL: {e}"))?;
    if run.tests_per_class != on_h2.tests_per_class || run.counter("tests successful") != on_h2.counter("tests successful") {
        return Err(format!(
            "on PostgreSQL {} tests passed, {:?} per class; on H2 {}, {:?}\n{}",
            run.counter("tests successful"),
            run.tests_per_class,
            on_h2.counter("tests successful"),
            on_h2.tests_per_class,
            run.console
        ));
    }
    Ok(())
}

/// The test sources the report announces, which must be exactly the `.java` files generated
/// besides the database helpers, and those helpers.
fn generated_test_sources(
    report: &Report,
    generated: &Path,
    problems: &mut Vec<String>,
) -> Vec<PathBuf> {
    let announced: BTreeSet<PathBuf> = report
        .methods
        .iter()
        .filter_map(|m| m.test_class.as_ref())
        .map(|class| generated.join(class.replace('.', "/") + ".java"))
        .collect();
    // The database and objects helpers are written next to the test classes that use them.
    let (helpers, written): (BTreeSet<PathBuf>, BTreeSet<PathBuf>) = files_with_extension(generated, "java")
        .into_iter()
        .partition(|file| file.file_stem().is_some_and(|stem| *stem == *DATABASE_HELPER || *stem == *OBJECTS_HELPER));
    for missing in announced.difference(&written) {
        problems.push(format!("test class file {} was not written", missing.display()));
    }
    for unannounced in written.difference(&announced) {
        problems.push(format!(
            "{} is not the test_class of any method in the report",
            unannounced.display()
        ));
    }
    if announced.is_empty() {
        problems.push("no test classes generated".to_string());
    }
    announced.into_iter().chain(helpers).collect()
}

/// Every diagnostic (of the report or of a method) must match a pattern of the expectations
/// file, and every pattern must match one of the report's diagnostics.
fn diagnostic_mismatches(report: &Report, expectations_file: &Path) -> Vec<String> {
    let expectations = std::fs::read_to_string(expectations_file).unwrap_or_default();
    let patterns: Vec<&str> =
        expectations.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let mut problems = Vec::new();
    for pattern in &patterns {
        if !report.diagnostics.iter().any(|d| matches_pattern(d, pattern)) {
            problems.push(format!(
                "no diagnostic matches {pattern:?}; the report has {:#?}",
                report.diagnostics
            ));
        }
    }
    let method_diagnostics = report.methods.iter().flat_map(|m| &m.diagnostics);
    let all_diagnostics: BTreeSet<&String> =
        report.diagnostics.iter().chain(method_diagnostics).collect();
    for diagnostic in all_diagnostics {
        if !patterns.iter().any(|p| matches_pattern(diagnostic, p)) {
            problems.push(format!(
                "unexpected diagnostic {diagnostic:?} (not in {})",
                expectations_file.display()
            ));
        }
    }
    problems
}

/// Whether `text` contains the parts of `pattern` between `*`s, in order.
fn matches_pattern(text: &str, pattern: &str) -> bool {
    let mut rest = text;
    pattern.split('*').all(|part| match rest.find(part) {
        Some(at) => {
            rest = &rest[at + part.len()..];
            true
        }
        None => false,
    })
}

/// JUnit must have run exactly the tests the report counts, per test class and in total.
fn test_count_mismatches(report: &Report, junit: &JunitRun) -> Vec<String> {
    let mut problems = Vec::new();
    let expected_total = report.totals.tests;
    if expected_total == 0 {
        problems.push("the report counts 0 tests".to_string());
    }
    for counter in ["tests found", "tests started", "tests successful"] {
        if junit.counter(counter) != expected_total {
            problems.push(format!(
                "JUnit: {} {counter}, the report counts {expected_total} tests",
                junit.counter(counter)
            ));
        }
    }
    for counter in [
        "tests skipped",
        "tests aborted",
        "tests failed",
        "containers failed",
        "containers aborted",
    ] {
        if junit.counter(counter) != 0 {
            problems.push(format!("JUnit: {} {counter}", junit.counter(counter)));
        }
    }
    let mut expected_per_class: BTreeMap<String, u64> = BTreeMap::new();
    for method in &report.methods {
        if let Some(test_class) = &method.test_class {
            *expected_per_class.entry(test_class.clone()).or_insert(0) += method.tests;
        }
    }
    if expected_per_class != junit.tests_per_class {
        problems.push(format!(
            "tests per class: the report counts {expected_per_class:?}, JUnit ran {:?}",
            junit.tests_per_class
        ));
    }
    problems
}

/// The report's branch claims against JaCoCo's measurement: the totals of every analysed
/// method and of each of its lines must be JaCoCo's, and the outcomes the report claims
/// covered must be covered. Every method of the compiled classes must be in the report.
fn coverage_mismatches(
    report: &Report,
    jacoco: &BTreeMap<MethodId, MethodCoverage>,
) -> Vec<String> {
    let mut problems = Vec::new();
    let mut reported = BTreeSet::new();
    for method in &report.methods {
        let id = method_id(method);
        reported.insert(id.clone());
        let Some(measured) = jacoco.get(&id) else {
            // JaCoCo leaves out private empty no-argument constructors (a singleton's), which
            // hornet lists without tests or branches.
            let private_empty_constructor = method.name == "<init>"
                && method.descriptor == "()V"
                && method.tests == 0
                && method.branches_total == 0;
            if private_empty_constructor {
                continue;
            }
            problems.push(format!(
                "{}: JaCoCo found no method {id} in the compiled classes",
                method.method
            ));
            continue;
        };
        if method.status == Status::Skipped {
            continue;
        }
        if method.branches_total != measured.branches.total {
            problems.push(format!(
                "{}: the report counts {} branch outcomes, JaCoCo {}",
                method.method, method.branches_total, measured.branches.total
            ));
        }
        for claim in &method.branch_lines {
            match measured.lines.get(&claim.line) {
                None => problems.push(format!(
                    "{}: line {}: the report claims {}/{} branches, JaCoCo sees no branch on that line (branch lines: {:?})",
                    method.method,
                    claim.line,
                    claim.covered,
                    claim.total,
                    measured.lines.keys().collect::<Vec<_>>()
                )),
                Some(line) if line.total != claim.total || line.covered < claim.covered => problems.push(format!(
                    "{}: line {}: the report claims {} of {} branches covered, JaCoCo measured {} of {}",
                    method.method, claim.line, claim.covered, claim.total, line.covered, line.total
                )),
                Some(_) => {}
            }
        }
        let missed = measured.branches.total - measured.branches.covered;
        if method.branches_covered == method.branches_total && missed > 0 {
            problems.push(format!(
                "{}: the report claims all {} branches covered, JaCoCo measured {missed} missed",
                method.method, method.branches_total
            ));
        }
    }
    for id in jacoco.keys() {
        let compiler_generated =
            id.name == "<init>" || id.name == "<clinit>" || id.name.contains('$');
        if !compiler_generated && !reported.contains(id) {
            problems.push(format!("method {id} is missing from the report"));
        }
    }
    problems
}

fn method_id(method: &MethodReport) -> MethodId {
    MethodId {
        class: method.class.clone(),
        name: method.name.clone(),
        descriptor: method.descriptor.clone(),
    }
}

fn crate_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh directory under Cargo's temporary directory for integration tests.
fn unique_scratch_dir() -> PathBuf {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).expect("clock after 1970").as_nanos();
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("e2e-{}-{nanos}", std::process::id()));
    java::create_dir(&dir).unwrap_or_else(|e| panic!("{e}"));
    dir
}

/// All files under `dir` (recursively) whose name ends with `.extension`.
fn files_with_extension(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return found };
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            found.extend(files_with_extension(&path, extension));
        } else if path.extension().is_some_and(|e| e == extension) {
            found.push(path);
        }
    }
    found
}
