//! `cargo bench --bench pipeline [-- FILTER...]`: times `hornet::pipeline::generate` on every
//! folder of `examples/` and on synthetic codebases (`synth.rs`), and prints per suite
//! - compositional against inline execution (`compose: false`), both without cache; examples
//!   with a database schema take minutes and are measured composing only, but for the layered
//!   ones, `examples/layered` and `synth-db`, a service over DAOs, measured both ways to show
//!   what composing database callees gains;
//! - a cold summary cache against a warm one (the same cache folder, run again), composing.
//!
//! - with `HORNET_BENCH_BASELINE=path/to/hornet` (another build, main's say), that binary on the
//!   same sources in the same run, without cache: paths, tests, `incomplete` methods and time of
//!   both, and the baseline's time over this build's (above 1x this build is faster).
//!
//! - against the figures kept in the repository (`benches/figures.json`, the previous commit's):
//!   each suite's paths, tests, `incomplete` methods and composing wall time, and the ratio of
//!   each to its recorded value (above 1x: more, or slower). `HORNET_BENCH_RECORD=1` writes
//!   this run's figures there (a suite not run keeps its recorded ones).
//!
//! Each time is the best of `HORNET_BENCH_REPS` repetitions (default: 3 for small suites, 1 for
//! large ones and database examples, which take minutes). The machine may be shared and noisy, so what to read are the ratios, measured in
//! the same run; nothing here asserts on time. A FILTER selects the suites whose name contains it.

mod synth;
#[path = "../tests/common/options.rs"]
mod options;

use hornet::emit::report::{Report, Status};
use hornet::pipeline::{GenOptions, generate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use synth::{DatabaseShape, Shape};

/// Seed of every synthetic codebase, so that runs compare the same code.
const SYNTH_SEED: u64 = 2024;

enum Source {
    Example(PathBuf),
    Synthetic(Shape),
    /// Written with its `schema.sql` beside its `src/`.
    SyntheticDatabase(DatabaseShape),
}

struct Suite {
    name: String,
    source: Source,
    default_reps: usize,
    /// Whether its methods use a database (measured composing only, unless `layered`).
    database: bool,
    /// Whether it is layered over a database (a service over DAOs): measured inline too, so
    /// that its row shows what composing database callees gains.
    layered: bool,
}

/// Best times, and the reports that the rows and notes are made from.
struct Measurement {
    compositional: Duration,
    /// None when the comparison tells nothing (database examples).
    inline: Option<Duration>,
    cold: Duration,
    warm: Duration,
    compositional_report: Report,
    inline_report: Option<Report>,
    warm_report: Report,
}

fn main() {
    // `cargo bench` passes `--bench` to the target; anything else is a suite filter.
    let filters: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let reps_override = std::env::var("HORNET_BENCH_REPS").ok().map(|r| match r.parse::<usize>() {
        Ok(n) if n > 0 => n,
        _ => panic!("HORNET_BENCH_REPS must be a positive integer, not {r:?}"),
    });
    let baseline = std::env::var_os("HORNET_BENCH_BASELINE").map(PathBuf::from);
    if let Some(binary) = &baseline {
        assert!(binary.is_file(), "HORNET_BENCH_BASELINE names no file: {}", binary.display());
    }
    let record = std::env::var_os("HORNET_BENCH_RECORD").is_some_and(|v| v == "1");
    let figures_path = Path::new(env!("CARGO_MANIFEST_DIR")).join(FIGURES_FILE);
    let mut recorded = read_figures(&figures_path);
    let mut against_recorded = Vec::new();
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hornet-bench");
    let _ = std::fs::remove_dir_all(&scratch);

    let suites: Vec<Suite> =
        suites().into_iter().filter(|s| filters.is_empty() || filters.iter().any(|f| s.name.contains(f))).collect();
    if suites.is_empty() {
        eprintln!("no suite matches {filters:?}");
        return;
    }
    println!(
        "{:<14} {:>7} {:>6} | {:>9} {:>9} {:>14} | {:>9} {:>9} {:>9} {:>20}",
        "suite", "methods", "tests", "compose", "inline", "inline/compose", "cold", "warm", "cold/warm", "warm computed/reused"
    );
    let mut notes = Vec::new();
    let mut against_baseline = Vec::new();
    for suite in &suites {
        let dir = scratch.join(&suite.name);
        let sources = match &suite.source {
            Source::Example(path) => path.clone(),
            Source::Synthetic(shape) => {
                let sources = dir.join("src");
                synth::write_codebase(&sources, *shape, SYNTH_SEED).expect("writes the synthetic codebase");
                sources
            }
            Source::SyntheticDatabase(shape) => {
                synth::write_database_codebase(&dir, *shape, SYNTH_SEED).expect("writes the synthetic codebase");
                dir.join("src")
            }
        };
        let reps = reps_override.unwrap_or(suite.default_reps);
        let m = measure(&sources, &dir, reps, !suite.database || suite.layered);
        if let Some(binary) = &baseline {
            let base = baseline_run(binary, &sources, &dir.join("baseline"), reps);
            let new = Figures::of(&m.compositional_report, m.compositional);
            against_baseline.push(format!(
                "{:<14} {:>6} {:>6} {:>4} {:>9} | {:>6} {:>6} {:>4} {:>9} | {:>13}",
                suite.name,
                new.paths,
                new.tests,
                new.incomplete,
                seconds(new.time),
                base.paths,
                base.tests,
                base.incomplete,
                seconds(base.time),
                ratio(base.time, new.time),
            ));
        }
        let now = Figures::of(&m.compositional_report, m.compositional);
        against_recorded.push(recorded_row(&suite.name, &now, recorded.get(&suite.name)));
        if record {
            recorded.insert(suite.name.clone(), Recorded::of(&now));
        }
        let totals = &m.compositional_report.totals;
        let warm = &m.warm_report.totals;
        println!(
            "{:<14} {:>7} {:>6} | {:>9} {:>9} {:>14} | {:>9} {:>9} {:>9} {:>20}",
            suite.name,
            totals.methods,
            totals.tests,
            seconds(m.compositional),
            m.inline.map_or("-".to_string(), seconds),
            m.inline.map_or("-".to_string(), |inline| ratio(inline, m.compositional)),
            seconds(m.cold),
            seconds(m.warm),
            ratio(m.cold, m.warm),
            format!("{}/{}", warm.summaries_computed, warm.summaries_reused),
        );
        // Rows come out as suites finish: the large ones take minutes.
        let _ = std::io::stdout().flush();
        notes.extend(suite_notes(&suite.name, &m));
        let _ = std::fs::remove_dir_all(&dir);
    }
    let _ = std::fs::remove_dir_all(&scratch);
    if !against_baseline.is_empty() {
        println!();
        println!(
            "{:<14} {:>6} {:>6} {:>4} {:>9} | {:>6} {:>6} {:>4} {:>9} | {:>13}",
            "suite", "paths", "tests", "inc", "this", "paths", "tests", "inc", "baseline", "baseline/this"
        );
        for row in against_baseline {
            println!("{row}");
        }
    }
    println!();
    println!("against {FIGURES_FILE} (this/recorded; above 1x more, or slower):");
    println!(
        "{:<20} {:>17} {:>17} {:>7} {:>25}",
        "suite", "paths", "tests", "inc", "wall"
    );
    for row in against_recorded {
        println!("{row}");
    }
    if record {
        write_figures(&figures_path, &recorded);
        println!("recorded in {FIGURES_FILE}");
    }
    for note in notes {
        println!("note: {note}");
    }
}

/// The figures kept in the repository, relative to its root: those of the commit that last
/// wrote them (`HORNET_BENCH_RECORD=1`), suite by suite.
const FIGURES_FILE: &str = "benches/figures.json";

/// A suite's recorded figures: composing, without cache, best wall time in milliseconds.
#[derive(Serialize, Deserialize, Clone, Copy)]
struct Recorded {
    paths: u64,
    tests: u64,
    incomplete: usize,
    wall_ms: u64,
}

impl Recorded {
    fn of(figures: &Figures) -> Recorded {
        Recorded {
            paths: figures.paths,
            tests: figures.tests,
            incomplete: figures.incomplete,
            wall_ms: u64::try_from(figures.time.as_millis()).unwrap_or(u64::MAX),
        }
    }
}

/// The recorded figures by suite; none when the file is missing (a first run).
fn read_figures(path: &Path) -> BTreeMap<String, Recorded> {
    match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not a figures file: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => BTreeMap::new(),
        Err(e) => panic!("reading {}: {e}", path.display()),
    }
}

fn write_figures(path: &Path, figures: &BTreeMap<String, Recorded>) {
    let mut text = serde_json::to_string_pretty(figures).expect("figures serialise");
    text.push('\n');
    std::fs::write(path, text).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}

/// `now recorded ratio` for paths, tests and wall time, and the `incomplete` methods now and
/// recorded; `-` where the suite has no recorded figures.
fn recorded_row(suite: &str, now: &Figures, recorded: Option<&Recorded>) -> String {
    let count = |now: u64, before: Option<u64>| match before {
        Some(before) => format!("{now:>5} {before:>5} {:>5}", count_ratio(now, before)),
        None => format!("{now:>5} {:>5} {:>5}", "-", "-"),
    };
    let wall = match recorded {
        Some(r) => format!(
            "{:>9} {:>9} {:>5}",
            seconds(now.time),
            seconds(Duration::from_millis(r.wall_ms)),
            ratio(now.time, Duration::from_millis(r.wall_ms).max(Duration::from_millis(1)))
        ),
        None => format!("{:>9} {:>9} {:>5}", seconds(now.time), "-", "-"),
    };
    format!(
        "{:<20} {} {} {:>3} {:>3} {}",
        suite,
        count(now.paths, recorded.map(|r| r.paths)),
        count(now.tests, recorded.map(|r| r.tests)),
        now.incomplete,
        recorded.map_or("-".to_string(), |r| r.incomplete.to_string()),
        wall
    )
}

fn count_ratio(now: u64, before: u64) -> String {
    if before == 0 {
        if now == 0 { "1.00x".to_string() } else { "-".to_string() }
    } else {
        format!("{:.2}x", now as f64 / before as f64)
    }
}

fn suites() -> Vec<Suite> {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut folders: Vec<PathBuf> = std::fs::read_dir(&examples)
        .expect("examples folder")
        .map(|e| e.expect("examples entry").path())
        .filter(|p| p.join("src").is_dir())
        .collect();
    folders.sort();
    let mut suites: Vec<Suite> = folders
        .into_iter()
        .map(|folder| {
            let database = folder.join("schema.sql").is_file();
            let layered = folder.ends_with("layered");
            Suite {
                name: format!("examples/{}", folder.file_name().expect("folder name").to_string_lossy()),
                source: Source::Example(folder.join("src")),
                default_reps: if database { 1 } else { 3 },
                database,
                layered,
            }
        })
        .collect();
    let synthetic = [
        ("synth-small", Shape { layers: 3, classes_per_layer: 4, methods_per_class: 4 }, 3),
        ("synth-large", Shape { layers: 6, classes_per_layer: 6, methods_per_class: 5 }, 1),
    ];
    suites.extend(synthetic.into_iter().map(|(name, shape, default_reps)| Suite {
        name: name.to_string(),
        source: Source::Synthetic(shape),
        default_reps,
        database: false,
        layered: false,
    }));
    suites.push(Suite {
        name: "synth-db".to_string(),
        source: Source::SyntheticDatabase(DatabaseShape {
            tables: 3,
            layers: 3,
            classes_per_layer: 3,
            methods_per_class: 2,
        }),
        default_reps: 1,
        database: true,
        layered: true,
    });
    suites
}

fn measure(sources: &Path, dir: &Path, reps: usize, with_inline: bool) -> Measurement {
    let options = |compose: bool, cache_dir: Option<PathBuf>| GenOptions {
        inputs: vec![sources.to_path_buf()],
        // An example's schema sits beside its sources.
        schema: sources.parent().map(|p| p.join("schema.sql")).filter(|p| p.is_file()),
        dialect: None,
        out: dir.join("out"),
        // An example's hornet-options.txt may lower the bound (tests/common/options.rs).
        k: sources.parent().map_or(2, options::bound),
        methods: Vec::new(),
        budget: 1_000_000,
        compose,
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        // An example's hand-written summaries sit beside its sources.
        summaries: sources.parent().map(|p| p.join("summaries")).filter(|p| p.is_dir()).into_iter().collect(),
        cache_dir,
        progress: None,
        report: None,
    };
    let cache = dir.join("cache");
    let mut best: Option<Measurement> = None;
    for _ in 0..reps {
        let (compositional, compositional_report) = timed(&options(true, None));
        let (inline, inline_report) = if with_inline {
            let (time, report) = timed(&options(false, None));
            (Some(time), Some(report))
        } else {
            (None, None)
        };
        let _ = std::fs::remove_dir_all(&cache);
        let (cold, _) = timed(&options(true, Some(cache.clone())));
        let (warm, warm_report) = timed(&options(true, Some(cache.clone())));
        let run = Measurement { compositional, inline, cold, warm, compositional_report, inline_report, warm_report };
        best = Some(match best {
            None => run,
            Some(b) => Measurement {
                compositional: b.compositional.min(run.compositional),
                inline: b.inline.zip(run.inline).map(|(a, b)| a.min(b)),
                cold: b.cold.min(run.cold),
                warm: b.warm.min(run.warm),
                ..b
            },
        });
    }
    best.expect("at least one repetition")
}

/// A run's figures: paths, tests, `incomplete` methods, wall time.
struct Figures {
    paths: u64,
    tests: u64,
    incomplete: usize,
    time: Duration,
}

impl Figures {
    fn of(report: &Report, time: Duration) -> Figures {
        Figures {
            paths: report.totals.paths as u64,
            tests: report.totals.tests as u64,
            incomplete: report.methods.iter().filter(|r| r.status == Status::Incomplete).count(),
            time,
        }
    }
}

/// The baseline binary on `sources` as a user runs it (no cache, the bound and summaries the
/// library runs get): the figures of its report, with the best time of `reps`.
fn baseline_run(binary: &Path, sources: &Path, out: &Path, reps: usize) -> Figures {
    let example = sources.parent().expect("sources sit in a folder");
    let mut command = std::process::Command::new(binary);
    command.args(["gen", "--no-cache", "--quiet", "--budget", "1000000", "--k"]);
    command.arg(options::bound(example).to_string()).arg("--out").arg(out);
    if example.join("schema.sql").is_file() {
        command.arg("--schema").arg(example.join("schema.sql"));
    }
    if example.join("summaries").is_dir() {
        command.arg("--summaries").arg(example.join("summaries"));
    }
    command.arg(sources).stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null());
    let mut best: Option<Duration> = None;
    for _ in 0..reps {
        let start = Instant::now();
        // Its exit status is not read: hornet exits non-zero when it printed an error (a method
        // skipped, say), and the report says what happened.
        command.status().unwrap_or_else(|e| panic!("running {}: {e}", binary.display()));
        let time = start.elapsed();
        best = Some(best.map_or(time, |b| b.min(time)));
    }
    let time = best.expect("at least one repetition");
    let report_path = out.join("hornet-report.json");
    let text = std::fs::read_to_string(&report_path)
        .unwrap_or_else(|e| panic!("the baseline wrote no report ({}): {e}", report_path.display()));
    let report: serde_json::Value = serde_json::from_str(&text).expect("the baseline's report is JSON");
    let total = |name: &str| report["totals"][name].as_u64().unwrap_or(0);
    let incomplete = report["methods"]
        .as_array()
        .map_or(0, |methods| methods.iter().filter(|m| m["status"] == "incomplete").count());
    Figures { paths: total("paths"), tests: total("tests"), incomplete, time }
}

fn timed(options: &GenOptions) -> (Duration, Report) {
    let start = Instant::now();
    let outcome = generate(options).unwrap_or_else(|e| panic!("hornet failed on {:?}: {e}", options.inputs));
    (start.elapsed(), outcome.report)
}

/// What a reader of the table should know: results that differ between the modes, methods
/// without a complete analysis, diagnostics, a warm cache that still computed something.
fn suite_notes(suite: &str, m: &Measurement) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(inline) = &m.inline_report {
        let (composed, inline) = (&m.compositional_report.totals, &inline.totals);
        if composed.tests != inline.tests {
            notes.push(format!("{suite}: {} tests composing, {} inline", composed.tests, inline.tests));
        }
    }
    let reports = std::iter::once(("composing", &m.compositional_report))
        .chain(m.inline_report.as_ref().map(|report| ("inline", report)));
    for (mode, report) in reports {
        for status in [Status::Incomplete, Status::Skipped] {
            let methods: Vec<&str> =
                report.methods.iter().filter(|r| r.status == status).map(|r| r.method.as_str()).collect();
            if !methods.is_empty() {
                notes.push(format!("{suite}: {status:?} {mode}: {}", methods.join(", ")));
            }
        }
    }
    let diagnostics = &m.compositional_report.diagnostics;
    if !diagnostics.is_empty() {
        notes.push(format!("{suite}: {} diagnostics, first: {}", diagnostics.len(), diagnostics[0]));
    }
    if m.warm_report.totals.summaries_computed > 0 {
        notes.push(format!("{suite}: the warm run computed {} summaries", m.warm_report.totals.summaries_computed));
    }
    notes
}

fn seconds(d: Duration) -> String {
    if d < Duration::from_secs(1) { format!("{} ms", d.as_millis()) } else { format!("{:.2} s", d.as_secs_f64()) }
}

fn ratio(numerator: Duration, denominator: Duration) -> String {
    format!("{:.2}x", numerator.as_secs_f64() / denominator.as_secs_f64())
}
