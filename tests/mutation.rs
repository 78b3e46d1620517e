//! Mutation testing of hornet itself: small examples' Java (and SQL schemas) are mutated with a
//! fixed seed (an operator or a constant changed, a line deleted or duplicated, two tokens
//! swapped), hornet runs on each mutant (`--k 1`), and every run must keep the contract: no
//! panic; when javac accepts the mutant, every test hornet wrote compiles and passes on the
//! JVM; when javac rejects it, hornet reports an error; a skipped method says why.
//! The seed is fixed so that a failure is reproduced by running the test again.

#[allow(dead_code)]
mod support;

use std::path::{Path, PathBuf};
use support::generated::{copy_tree, hornet, java_files, run_generated, scratch};
use support::java::Toolchain;
use support::report::{Report, Status};

/// Small examples, a second or so each at `--k 1`, that between them use arithmetic, loops,
/// objects, inheritance, exceptions and the database.
const EXAMPLES: &[&str] = &["fraction", "paging", "shapes", "arith"];
const MUTANTS: usize = 24;
const SEED: u64 = 17;

/// Operators that may replace one another (each written between spaces, as the examples are).
const OPERATORS: &[&[&str]] = &[
    &[" < ", " <= ", " > ", " >= ", " == ", " != "],
    &[" + ", " - ", " * ", " / ", " % "],
    &[" && ", " || "],
];

/// One mutation of `text` (a Java or SQL source), and what it did.
fn mutate(rng: &mut fastrand::Rng, text: &str) -> (String, String) {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let code: Vec<usize> = (0..lines.len()).filter(|&i| !lines[i].trim().is_empty()).collect();
    for _ in 0..100 {
        let at = code[rng.usize(..code.len())];
        let line = lines[at].clone();
        let what = match rng.u8(..5) {
            0 => {
                let group = OPERATORS[rng.usize(..OPERATORS.len())];
                let Some(from) = group.iter().find(|op| line.contains(**op)) else { continue };
                let to = group[rng.usize(..group.len())];
                if to == *from {
                    continue;
                }
                lines[at] = line.replacen(from, to, 1);
                format!("line {}: '{}' -> '{}'", at + 1, from.trim(), to.trim())
            }
            1 => {
                let Some(start) = line.find(|c: char| c.is_ascii_digit()) else { continue };
                let end = line[start..].find(|c: char| !c.is_ascii_digit()).map_or(line.len(), |e| start + e);
                let replacement = ["0", "1", "2", "-1", "2147483647"][rng.usize(..5)];
                lines[at] = format!("{}{replacement}{}", &line[..start], &line[end..]);
                format!("line {}: constant {} -> {replacement}", at + 1, &line[start..end])
            }
            2 => {
                lines.remove(at);
                format!("line {} deleted", at + 1)
            }
            3 => {
                lines.insert(at, line);
                format!("line {} duplicated", at + 1)
            }
            _ => {
                let words: Vec<&str> = line.split(' ').collect();
                let filled: Vec<usize> = (0..words.len()).filter(|&i| !words[i].is_empty()).collect();
                if filled.len() < 2 {
                    continue;
                }
                let i = rng.usize(..filled.len() - 1);
                let (a, b) = (filled[i], filled[i + 1]);
                let mut swapped: Vec<&str> = words.clone();
                swapped.swap(a, b);
                lines[at] = swapped.join(" ");
                format!("line {}: '{}' and '{}' swapped", at + 1, words[a], words[b])
            }
        };
        return (lines.join("\n") + "\n", what);
    }
    (text.to_string(), "unchanged".to_string())
}

#[test]
fn hornet_keeps_its_contract_on_mutants() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let toolchain = Toolchain::prepare(&scratch("mutation-toolchain")).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = fastrand::Rng::with_seed(SEED);
    let mut failures = Vec::new();
    let mut rejected = 0;
    for n in 0..MUTANTS {
        let example = EXAMPLES[n % EXAMPLES.len()];
        let work = scratch(&format!("mutant{n}"));
        let dir = work.join("example");
        copy_tree(&root.join("examples").join(example), &dir);
        let mut targets: Vec<PathBuf> = java_files(&dir.join("src"));
        if dir.join("schema.sql").is_file() {
            targets.push(dir.join("schema.sql"));
        }
        let target = &targets[rng.usize(..targets.len())];
        let (mutant, what) = mutate(&mut rng, &std::fs::read_to_string(target).expect("source"));
        std::fs::write(target, mutant).expect("writes");
        let name = format!("mutant {n} of {example} ({}: {what})", target.strip_prefix(&dir).unwrap_or(target).display());
        let mut args = vec!["--no-cache", "--k", "1", "--out", "out"];
        if dir.join("schema.sql").is_file() {
            args.extend(["--schema", "schema.sql"]);
        }
        args.push("src");
        let output = hornet(&dir, &args);
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        if let Ok(report) = Report::read(&dir.join("out/hornet-report.json")) {
            for m in report.methods.iter().filter(|m| m.status == Status::Skipped && m.diagnostics.is_empty()) {
                failures.push(format!("{name}: {} is skipped without a diagnostic", m.method));
            }
            for problem in report.inconsistencies(&dir) {
                failures.push(format!("{name}: the report contradicts itself: {problem}"));
            }
        }
        match run_generated(&toolchain, &work, &dir.join("src"), &dir.join("out")) {
            Ok(true) => {}
            Ok(false) => {
                rejected += 1;
                if !stderr.contains(": error: ") {
                    failures.push(format!("{name}: javac rejects it, hornet reports no error:\n{stderr}"));
                }
            }
            Err(problem) => failures.push(format!("{name}:\n{stderr}{problem}")),
        }
        if failures.is_empty() {
            let _ = std::fs::remove_dir_all(&work);
        }
    }
    println!("{MUTANTS} mutants, {rejected} rejected by javac");
    assert!(failures.is_empty(), "{} mutant(s) broke the contract:\n{}", failures.len(), failures.join("\n\n"));
}
