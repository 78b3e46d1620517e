//! Compositional and inline execution agree on every example, and the summary cache makes a
//! second run compute nothing and an edit recompute only the edited method and its callers.

#[path = "common/options.rs"]
mod options;

use hornet::pipeline::{GenOptions, generate};
use std::path::{Path, PathBuf};

/// Every example: those with a database too, whose methods are composed like the others
/// (their cases' JDBC calls run again on the caller's session). `HORNET_AGREE_ONLY=a,b`
/// restricts the run to the examples named (for local work; CI runs them all).
fn examples() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("examples folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.join("src").is_dir())
        .collect();
    dirs.sort();
    if let Ok(only) = std::env::var("HORNET_AGREE_ONLY") {
        let wanted: Vec<&str> = only.split(',').map(str::trim).collect();
        dirs.retain(|d| d.file_name().and_then(|n| n.to_str()).is_some_and(|n| wanted.contains(&n)));
        assert!(!dirs.is_empty(), "HORNET_AGREE_ONLY={only} names no example");
    }
    dirs
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn options(example: &Path, out: PathBuf, compose: bool, cache_dir: Option<PathBuf>) -> GenOptions {
    let summaries = example.join("summaries");
    let schema = example.join("schema.sql");
    GenOptions {
        inputs: vec![example.join("src")],
        schema: schema.is_file().then_some(schema),
        dialect: None,
        out,
        k: options::bound(example),
        methods: Vec::new(),
        budget: 1_000_000,
        compose,
        jobs: 2,
        summaries: if summaries.is_dir() { vec![summaries] } else { Vec::new() },
        cache_dir,
        progress: None,
        report: None,
    }
}

/// What must not depend on composition, for the methods in `complete`: their tests (by name)
/// and their coverage. (A method whose exploration ran out of budget in either mode may
/// legitimately differ: a summary is computed in the most general context, where constraint
/// propagation stalls sooner than in a caller's.)
fn outline(report: &hornet::emit::report::Report, out: &Path, complete: &[String]) -> Vec<String> {
    let mut lines: Vec<String> = report
        .methods
        .iter()
        .filter(|m| complete.contains(&m.method))
        .map(|m| format!("{} tests={} covered={}/{}", m.method, m.tests, m.branches_covered, m.branches_total))
        .collect();
    let mut files: Vec<PathBuf> = Vec::new();
    let mut stack = vec![out.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "java") {
                files.push(p);
            }
        }
    }
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("generated test");
        let names = text.lines().filter(|l| l.trim_start().starts_with("void ")).map(str::trim);
        // `void gcd_loop2_returnsPositive() ...` belongs to method `gcd`. Sorted: the order in
        // which paths are found may differ (a composed callee's cases are tried one by one).
        let mut names: Vec<String> = names
            .filter(|l| complete.iter().any(|m| l.starts_with(&format!("void {}_", method_name(m)))))
            .map(str::to_string)
            .collect();
        names.sort();
        lines.extend(names);
    }
    lines
}

fn method_name(signature: &str) -> &str {
    signature.split('(').next().unwrap_or("").rsplit('.').next().unwrap_or("")
}

fn complete_methods(report: &hornet::emit::report::Report) -> Vec<String> {
    report.methods.iter().filter(|m| m.status == hornet::emit::report::Status::Ok).map(|m| m.method.clone()).collect()
}

#[test]
fn composition_and_inline_execution_agree() {
    let mut failures = Vec::new();
    for example in examples() {
        let composed_out = scratch("composed");
        let inline_out = scratch("inline");
        let composed = generate(&options(&example, composed_out.clone(), true, None)).expect("runs");
        if composed.report.totals.compositions == 0 {
            // Nothing was composed (no method calls another outside its recursion, or every
            // callee uses the database): the inline run would repeat the same computation.
            let _ = std::fs::remove_dir_all(composed_out);
            continue;
        }
        let inline = generate(&options(&example, inline_out.clone(), false, None)).expect("runs");
        assert_eq!(inline.report.totals.compositions, 0);
        let in_both: Vec<String> = complete_methods(&composed.report)
            .into_iter()
            .filter(|m| complete_methods(&inline.report).contains(m))
            .collect();
        // Most methods must be complete in both modes, or this test would check little.
        assert!(
            2 * in_both.len() > composed.report.methods.len(),
            "{}: only {in_both:?} are complete in both modes",
            example.display()
        );
        let (a, b) = (outline(&composed.report, &composed_out, &in_both), outline(&inline.report, &inline_out, &in_both));
        if a != b {
            failures.push(format!("{}:\ncomposed:\n{}\ninline:\n{}", example.display(), a.join("\n"), b.join("\n")));
        }
        let _ = std::fs::remove_dir_all(composed_out);
        let _ = std::fs::remove_dir_all(inline_out);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir").flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

#[test]
fn the_cache_reuses_unchanged_summaries_and_recomputes_edited_ones_and_their_callers() {
    let work = scratch("incremental");
    let src = work.join("src");
    copy_tree(&Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/loops/src"), &src);
    let cache = work.join("cache");
    let run = || generate(&options(&work, work.join("out"), true, Some(cache.clone()))).expect("runs").report;

    let cold = run();
    assert_eq!(cold.totals.summaries_reused, 0);
    assert_eq!(cold.totals.summaries_computed, 15);

    let warm = run();
    assert_eq!(warm.totals.summaries_computed, 0);
    assert_eq!(warm.totals.summaries_reused, 15);
    assert_eq!(warm.totals.tests, cold.totals.tests);

    // Edit the leaf `divides`: it and its five transitive callers are recomputed; the nine
    // methods that do not reach it are reused.
    let file = src.join("loops/util/Divisors.java");
    let text = std::fs::read_to_string(&file).expect("source");
    let edited = text.replace("return n % divisor == 0;", "return n % divisor == 0 && divisor != 0;");
    assert_ne!(text, edited, "the example changed: update this test");
    std::fs::write(&file, edited).expect("write");
    let after_edit = run();
    assert_eq!(after_edit.totals.summaries_computed, 6);
    assert_eq!(after_edit.totals.summaries_reused, 9);

    // A corrupt entry is recomputed, not trusted.
    for entry in std::fs::read_dir(&cache).expect("cache").flatten() {
        std::fs::write(entry.path(), b"HORNETS1 garbage").expect("corrupt");
    }
    let after_corruption = run();
    assert_eq!(after_corruption.totals.summaries_computed, 15);
    assert_eq!(after_corruption.totals.tests, after_edit.totals.tests);
    let _ = std::fs::remove_dir_all(work);
}

#[test]
fn two_runs_sharing_a_cache_folder_do_not_corrupt_it() {
    let work = scratch("shared-cache");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/arith");
    let cache = work.join("cache");
    let run = |out: &str| {
        let opts = options(&example, work.join(out), true, Some(cache.clone()));
        generate(&opts).expect("runs").report
    };
    let (first, second) = std::thread::scope(|s| {
        let a = s.spawn(|| run("out-a"));
        let b = s.spawn(|| run("out-b"));
        (a.join().expect("first run"), b.join().expect("second run"))
    });
    assert_eq!(first.totals.tests, second.totals.tests);
    let third = run("out-c");
    assert_eq!(third.totals.summaries_computed, 0, "every entry written by the two runs is sound");
    assert_eq!(third.totals.tests, first.totals.tests);
    let _ = std::fs::remove_dir_all(work);
}
