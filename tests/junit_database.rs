//! Generated tests that carry their own database, on the real JVM and H2. For the JDBC class
//! of each folder under `tests/cases/junit_database/` (its `schema.sql` and `src/`), test
//! cases with fixtures and final rows are written here by hand, as the engine produces them;
//! the JUnit emitter's output must match the folder's `generated.expected` snapshot, compile
//! with `javac --release 11` against JUnit and H2, pass, and leave no file behind. The same
//! tests with one final row wrong must fail, naming the row. And the H2 keywords the emitter
//! lets the schema use as names are checked against the installed H2.

mod common;
// Only the javac and jar helpers of the end-to-end support are used here.
#[allow(dead_code)]
#[path = "support/java.rs"]
mod java;

use hornet::diag::Severity;
use hornet::emit::junit;
use hornet::ir::Method;
use hornet::sql::schema::Schema;
use hornet::testgen::{Coverage, DatabaseCase, Expectation, JavaValue, MethodTests, TableRows, TestCase};
use java::{H2, JUNIT_STANDALONE, shared_jar};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

const CASE: &str = "tests/cases/junit_database/library";
const CLASS: &str = "shop.Library";

#[test]
fn database_tests_pass_on_h2_and_fail_on_a_wrong_final_row() {
    for jar in [H2, JUNIT_STANDALONE] {
        assert!(shared_jar(jar).is_file(), "{} is missing: install junit5 and libh2-java (see .ci/run)", jar);
    }
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join(CASE);
    let schema = read_schema(&case.join("schema.sql"));
    let methods = stand_in_methods();
    let scratch = scratch_dir();

    let tests = library_tests();
    let generated = emit(&methods, &tests, &schema);
    let snapshot = common::check(&case.join("generated.expected"), &snapshot_text(&generated));
    let run = run_on_jvm(&case, &generated, &scratch.join("right")).unwrap_or_else(|e| panic!("{e}"));
    assert!(run.passed, "the generated tests fail:\n{}", run.console);
    assert!(run.console.contains("6 tests successful"), "not all 6 tests ran:\n{}", run.console);
    assert_eq!(run.left_behind, Vec::<PathBuf>::new(), "files left in the working directory");

    // `keepRatings` leaves both ratings of 5; claim that one is gone.
    let mut wrong = library_tests();
    let keep = &mut wrong[2].cases[0];
    keep.database.as_mut().unwrap().final_rows[0].rows.pop();
    let run = run_on_jvm(&case, &emit(&methods, &wrong, &schema), &scratch.join("wrong")).unwrap_or_else(|e| panic!("{e}"));
    assert!(!run.passed, "a test asserting a wrong final row passes:\n{}", run.console);
    let expected_message = "rows of table rating (in any order): missing [], unexpected [{1, 5}] \
                            ==> expected: <{1, 5}> but was: <{1, 5}\n{1, 5}>";
    assert!(run.console.contains(expected_message), "no message {expected_message:?} in:\n{}", run.console);
    assert!(run.console.contains("5 tests successful"), "other tests failed too:\n{}", run.console);

    std::fs::remove_dir_all(&scratch).unwrap_or_else(|e| panic!("removing {}: {e}", scratch.display()));
    common::check_all(vec![snapshot]);
}

/// The keywords the emitter lists in `NON_KEYWORDS` are exactly those the installed H2 can take
/// back as names without breaking ordinary SQL (`tests/support/H2Names.java` says why not).
#[test]
fn non_keywords_are_the_h2_keywords_usable_as_names() {
    assert!(shared_jar(H2).is_file(), "{} is missing: install libh2-java (see .ci/run)", H2);
    let scratch = scratch_dir();
    let checker = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/H2Names.java");
    java::javac(&scratch, &[shared_jar(H2)], &[checker]).unwrap_or_else(|e| panic!("{e}"));
    let output = java::run(
        Command::new("java")
            .arg("-cp")
            .arg(java::join_paths(&[shared_jar(H2), scratch.clone()]))
            .arg("H2Names")
            .args(junit::H2_NAMEABLE_KEYWORDS),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let problems = String::from_utf8_lossy(&output.stdout);
    assert!(problems.is_empty(), "H2_NAMEABLE_KEYWORDS does not fit this H2:\n{problems}");
    std::fs::remove_dir_all(&scratch).unwrap_or_else(|e| panic!("removing {}: {e}", scratch.display()));
}

/// The tables of every schema case (`tests/cases/schema/`), rendered from hornet's model as the
/// generated tests build them, are accepted by H2 in the schema dialect's mode: whatever the
/// dialect or the errors of the schema file, no test fails in `HornetDatabase.open()`.
#[test]
fn schema_cases_build_their_tables_on_h2() {
    assert!(shared_jar(H2).is_file(), "{} is missing: install libh2-java (see .ci/run)", H2);
    let scratch = scratch_dir();
    let checker = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/H2Tables.java");
    java::javac(&scratch, &[shared_jar(H2)], &[checker]).unwrap_or_else(|e| panic!("{e}"));
    let mut problems = String::new();
    for (index, case) in common::cases("tests/cases/schema", ".sql").into_iter().enumerate() {
        let text = std::fs::read_to_string(&case).unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        let (schema, _) = hornet::sql::parse_schema(&case, &text);
        let output = java::run(
            Command::new("java")
                .arg("-cp")
                .arg(java::join_paths(&[shared_jar(H2), scratch.clone()]))
                .arg("H2Tables")
                .arg(format!("case{index}{}", junit::h2_settings(&schema)))
                .args(hornet::sql::ddl::create_statements(&schema, hornet::sql::ddl::Engine::H2)),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let rejected = String::from_utf8_lossy(&output.stdout);
        if !rejected.is_empty() {
            problems.push_str(&format!("{}:\n{rejected}\n", case.display()));
        }
    }
    assert!(problems.is_empty(), "H2 rejects tables built from the model:\n{problems}");
    std::fs::remove_dir_all(&scratch).unwrap_or_else(|e| panic!("removing {}: {e}", scratch.display()));
}

fn read_schema(path: &Path) -> Schema {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (schema, diagnostics) = hornet::sql::parse_schema(path, &text);
    // Warnings say what the engine does not model (a computed column's expression); H2 runs it.
    let errors: Vec<_> = diagnostics.iter().filter(|d| d.severity == Severity::Error).collect();
    assert!(errors.is_empty(), "{}: {errors:?}", path.display());
    schema
}

/// The methods under test as the emitter sees them: it reads only their names, so a stand-in
/// class gives them without depending on the front end's support for JDBC.
fn stand_in_methods() -> Vec<Method> {
    let source = "package shop; class Library { static void retitle() {} static void add() {} static void keepRatings() {} static void lend() {} }";
    let files = [(PathBuf::from("Library.java"), source.to_string())];
    let (program, diagnostics) = hornet::java::lower_sources(&files, &Default::default(), None);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    program.methods
}

fn int(v: i32) -> JavaValue {
    JavaValue::Int(v)
}

fn long(v: i64) -> JavaValue {
    JavaValue::Long(v)
}

fn text(s: &str) -> JavaValue {
    JavaValue::Str(s.to_string())
}

fn rows(table: &str, rows: Vec<Vec<JavaValue>>) -> TableRows {
    TableRows { table: table.to_string(), rows }
}

fn case(name: &str, args: Vec<JavaValue>, expect: Expectation, fixture: Vec<TableRows>, final_rows: Vec<TableRows>) -> TestCase {
    TestCase {
        name: name.to_string(),
        args,
        expect,
        branches: Vec::new(),
        database: Some(DatabaseCase { fixture, final_rows, identity_starts: Vec::new() }),
        standard_input: None,
        heap: None,
    }
}

fn method_tests(cases: Vec<TestCase>) -> MethodTests {
    MethodTests { cases, coverage: Coverage::default(), infeasible: 0, unknown: 0, incomplete: false, dropped: Vec::new() }
}

/// The tests of `retitle`, `add`, `keepRatings` and `lend`, in that order.
fn library_tests() -> Vec<MethodTests> {
    use JavaValue::{Boolean, Connection, Null};
    let authors = || {
        rows("author", vec![
            vec![long(1), text("Ursula K. Le Guin"), text("UKLG")],
            vec![long(2), text("Flann O'Brien"), Null],
        ])
    };
    let earthsea = || vec![int(1), text("A Wizard of Earthsea"), int(1968), Boolean(true), long(1)];
    let policeman = || vec![int(2), text("The Third Policeman"), Null, Boolean(false), long(2)];
    let books = || rows("book", vec![earthsea(), policeman()]);
    // Rows come in the schema's column order; tables in any order (the emitter orders them by
    // foreign keys), final rows in any order.
    let retitle = vec![
        case(
            "retitle_returnsPositive",
            vec![Connection, int(1), text("Earthsea \"1\"")],
            Expectation::Returns(int(1)),
            vec![books(), authors()],
            vec![rows("book", vec![
                policeman(),
                vec![int(1), text("Earthsea \"1\""), int(1968), Boolean(true), long(1)],
            ])],
        ),
        // A NULL year is not after 1900.
        case(
            "retitle_returnsZero",
            vec![Connection, int(2), text("At Swim-Two-Birds")],
            Expectation::Returns(int(0)),
            vec![books(), authors()],
            vec![books()],
        ),
    ];
    let add = vec![
        case(
            "add_throwsSQLException",
            vec![Connection, int(1), text("Tehanu"), long(1)],
            Expectation::Throws("java.sql.SQLException".to_string(), Some("unique".to_string()), None),
            vec![authors(), books()],
            vec![books()],
        ),
        case(
            "add_completes",
            vec![Connection, int(3), text("It's a \\ new book"), long(2)],
            Expectation::Completes,
            vec![authors(), books()],
            vec![rows("book", vec![
                earthsea(),
                policeman(),
                vec![int(3), text("It's a \\ new book"), Null, Boolean(true), long(2)],
            ])],
        ),
    ];
    let rating = |value| vec![int(1), int(value)];
    let keep_ratings = vec![case(
        "keepRatings_returnsPositive",
        vec![Connection, int(4)],
        Expectation::Returns(int(2)),
        vec![authors(), books(), rows("rating", vec![rating(5), rating(2), rating(5)])],
        vec![rows("rating", vec![rating(5), rating(5)])],
    )];
    // The database numbers loans after the fixture's and computes their labels.
    let loan = |id, book, reader: &str| vec![long(id), int(book), text(reader), text(&format!("to {reader}"))];
    let lend = vec![case(
        "lend_returnsPositive",
        vec![Connection, int(2), text("bob")],
        Expectation::Returns(long(2)),
        vec![authors(), books(), rows("loan", vec![loan(1, 1, "ann")])],
        vec![rows("loan", vec![loan(1, 1, "ann"), loan(2, 2, "bob")])],
    )];
    vec![method_tests(retitle), method_tests(add), method_tests(keep_ratings), method_tests(lend)]
}

/// The generated files, relative paths and texts: the test class, then the helper.
fn emit(methods: &[Method], tests: &[MethodTests], schema: &Schema) -> Vec<(PathBuf, String)> {
    let pairs: Vec<(&Method, &MethodTests)> = methods.iter().zip(tests).collect();
    vec![junit::test_class(CLASS, &pairs, Some(schema)), junit::database_helper("shop", schema, &Default::default(), &Default::default())]
}

fn snapshot_text(files: &[(PathBuf, String)]) -> String {
    files.iter().map(|(path, text)| format!("=== {}\n{text}", path.display())).collect()
}

struct JvmRun {
    passed: bool,
    console: String,
    /// Files in the tests' working directory after the run, which starts empty.
    left_behind: Vec<PathBuf>,
}

/// Compiles the case's sources and the generated files in `work`, and runs the tests with the
/// JUnit console launcher, from an empty working directory.
fn run_on_jvm(case: &Path, generated: &[(PathBuf, String)], work: &Path) -> Result<JvmRun, String> {
    let sources_dir = work.join("generated");
    let mut test_sources = Vec::new();
    for (relative, text) in generated {
        let path = sources_dir.join(relative);
        java::create_dir(path.parent().expect("in a package folder"))?;
        java::write(&path, text)?;
        test_sources.push(path);
    }
    let main_classes = work.join("classes/main");
    let test_classes = work.join("classes/test");
    java::javac(&main_classes, &[], &[case.join("src/shop/Library.java")])?;
    let class_path = [main_classes.clone(), shared_jar(JUNIT_STANDALONE), shared_jar(H2)];
    java::javac(&test_classes, &class_path, &test_sources)?;
    let working_dir = work.join("run");
    java::create_dir(&working_dir)?;
    let output = Command::new("java")
        .current_dir(&working_dir)
        .arg("-jar")
        .arg(shared_jar(JUNIT_STANDALONE))
        .arg("--class-path")
        .arg(java::join_paths(&[main_classes, test_classes, shared_jar(H2)]))
        .arg("--select-class")
        .arg(junit::test_class_name(CLASS))
        .args(["--disable-banner", "--disable-ansi-colors", "--details=tree"])
        .output()
        .map_err(|e| format!("cannot start java: {e}"))?;
    let left_behind = std::fs::read_dir(&working_dir)
        .map_err(|e| format!("{}: {e}", working_dir.display()))?
        .map(|entry| entry.map(|e| e.path()).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    Ok(JvmRun { passed: output.status.success(), console: java::output_text(&output), left_behind })
}

/// A fresh directory under Cargo's temporary directory for integration tests.
fn scratch_dir() -> PathBuf {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).expect("clock after 1970").as_nanos();
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("junit-database-{}-{nanos}", std::process::id()))
}
