//! The command line. The only place that talks to the terminal.

use clap::{Parser, Subcommand};
use hornet::diag::Severity;
use hornet::emit::report::Status;
use hornet::emit::table;
use hornet::ir::simple_name;
use hornet::pipeline::{GenOptions, analyse, generate};
use hornet::sql::Piece;
use hornet::summary::compute::Progress;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(
    name = "hornet",
    version,
    about = "Generates JUnit 5 tests for Java code by symbolic execution in constraint logic programming",
    long_about = "hornet finds the execution paths of each Java method (up to a bound), solves the \
                  constraints of every feasible path for concrete inputs, and writes one JUnit 5 \
                  test per path that asserts what the JVM returns or throws."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// What `gen` and `summaries` share: the inputs and how they are analysed.
#[derive(clap::Args)]
struct AnalysisArgs {
    /// Java files, or folders searched recursively for .java files.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// SQL schema (CREATE TABLE statements) of the database the code uses.
    #[arg(long, value_name = "FILE.sql")]
    schema: Option<PathBuf>,
    /// The SQL dialect of the schema and of the code's SQL [default: detected from the schema].
    #[arg(long, value_enum)]
    dialect: Option<hornet::sql::Dialect>,
    /// Coverage bound: each loop runs at most K iterations per entry and recursion goes at
    /// most K calls deep on every path.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=10))]
    k: u32,
    /// Only these methods (`Class.method` or `pkg.Class.method`); may be repeated. Their
    /// callees are still analysed.
    #[arg(long = "method", value_name = "CLASS.METHOD")]
    methods: Vec<String>,
    /// Inferences allowed to find one path or to solve its constraints; a path past it is
    /// reported, not guessed.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    budget: u64,
    /// Execute callees inline instead of composing their summaries (slower; for checking
    /// that both give the same tests).
    #[arg(long)]
    no_compose: bool,
    /// Worker threads for independent methods, each with its own Prolog machine
    /// [default: the number of cores].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: Option<u32>,
    /// Folder of hand-written summaries (`*.pl`) for methods without source: native or
    /// third-party code; may be repeated. docs/summaries.md documents the format.
    #[arg(long = "summaries", value_name = "DIR")]
    summaries: Vec<PathBuf>,
    /// Folder of the persistent summary cache.
    #[arg(long, value_name = "DIR", default_value = ".hornet/cache")]
    cache_dir: PathBuf,
    /// Neither read nor write the summary cache.
    #[arg(long)]
    no_cache: bool,
    /// Print no progress and no summary; diagnostics are still printed.
    #[arg(long, short)]
    quiet: bool,
}

impl AnalysisArgs {
    fn options(self, out: PathBuf, report: Option<PathBuf>) -> GenOptions {
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        GenOptions {
            inputs: self.paths,
            schema: self.schema,
            dialect: self.dialect,
            out,
            k: self.k,
            methods: self.methods,
            budget: self.budget,
            compose: !self.no_compose,
            jobs: self.jobs.map_or(cores, |j| j as usize),
            summaries: self.summaries,
            cache_dir: (!self.no_cache).then_some(self.cache_dir),
            report,
            progress: None,
        }
    }
}

/// Runs `work` on `opts` while a thread shows its progress on standard error: a bar when that
/// is a terminal, a line per method otherwise; nothing with `--quiet`.
fn with_progress<T>(quiet: bool, mut opts: GenOptions, work: impl FnOnce(&GenOptions) -> T) -> (GenOptions, T) {
    if quiet {
        let result = work(&opts);
        return (opts, result);
    }
    let (sender, receiver) = channel();
    opts.progress = Some(sender);
    let display = std::thread::spawn(move || show_progress(receiver));
    let result = work(&opts);
    // The display ends when the last sender is gone.
    opts.progress = None;
    let _ = display.join();
    (opts, result)
}

fn show_progress(steps: Receiver<Progress>) {
    let terminal = std::io::stderr().is_terminal();
    let bar = if terminal {
        let style = ProgressStyle::with_template("{spinner} {elapsed:>4} [{bar:24}] {pos}/{len} {wide_msg}")
            .map(|s| s.progress_chars("=> "))
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        ProgressBar::new(0).with_style(style)
    } else {
        ProgressBar::hidden()
    };
    bar.enable_steady_tick(Duration::from_millis(200));
    // Methods a worker is on, oldest first: the message names the one running longest.
    let mut running: Vec<String> = Vec::new();
    let start = Instant::now();
    for step in steps {
        match step {
            Progress::Planned(total) => bar.set_length(total as u64),
            Progress::Started(method) => running.push(method),
            Progress::Done(method, ms) => {
                running.retain(|m| *m != method);
                bar.inc(1);
                if !terminal {
                    // The method's own time, then the run's so far.
                    let own = ms.map(|ms| format!(" {:.1} s", ms as f64 / 1000.0)).unwrap_or_default();
                    eprintln!(
                        "hornet: [{}/{}] {method}{own} ({:.1} s elapsed)",
                        bar.position(),
                        bar.length().unwrap_or(0),
                        start.elapsed().as_secs_f64()
                    );
                }
            }
        }
        bar.set_message(running.first().cloned().unwrap_or_default());
    }
    bar.finish_and_clear();
}

#[derive(Subcommand)]
enum Command {
    /// Generate JUnit 5 tests and a JSON report for the methods in PATH...
    Gen {
        #[command(flatten)]
        analysis: AnalysisArgs,
        /// Folder for the tests (in package folders) and hornet-report.json.
        #[arg(long, value_name = "DIR", default_value = "hornet-tests")]
        out: PathBuf,
        /// Where to write the JSON report [default: OUT/hornet-report.json].
        #[arg(long, value_name = "FILE.json")]
        report: Option<PathBuf>,
    },
    /// Print the summary of each method: per case its inputs, result or exception, path,
    /// database and heap before and after, and constraints.
    Summaries {
        #[command(flatten)]
        analysis: AnalysisArgs,
        /// One JSON object per method and line, with the same parts, for tools.
        #[arg(long)]
        json: bool,
    },
    /// Print the model hornet understands from an SQL schema, and what it cannot use; with
    /// --check, also compile SQL statements against it.
    Schema {
        /// A file of CREATE TABLE (and ALTER TABLE) statements.
        #[arg(value_name = "FILE.sql")]
        file: PathBuf,
        /// An SQL statement (SELECT, INSERT, UPDATE or DELETE) to check against the schema:
        /// prints the Prolog term it compiles to, or the error under the offending name;
        /// may be repeated. `?` are JDBC parameters.
        #[arg(long = "check", value_name = "SQL")]
        checks: Vec<String>,
        /// The SQL dialect of the schema and of the checked statements [default: detected
        /// from the schema].
        #[arg(long, value_enum)]
        dialect: Option<hornet::sql::Dialect>,
    },
}

/// Writes to standard output; a closed pipe (`hornet ... | head`) is not an error.
fn print_out(text: &str) {
    use std::io::Write;
    let _ = std::io::stdout().write_all(text.as_bytes());
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Schema { file, checks, dialect } => match std::fs::read_to_string(&file) {
            Ok(text) => {
                let (schema, diagnostics) = hornet::sql::parse_schema_in(&file, &text, dialect);
                print_out(&hornet::sql::render_schema(&schema));
                for d in &diagnostics {
                    eprintln!("{d}");
                }
                let errors = diagnostics.iter().any(|d| d.severity == Severity::Error);
                let mut checks_failed = false;
                for sql in &checks {
                    let pieces = [Piece::Text(sql.clone())];
                    match hornet::sql::compile_statement(&pieces, &schema) {
                        Ok(statement) => print_out(&format!("\n{sql}\n=> {}\n", statement.to_prolog())),
                        Err(error) => {
                            checks_failed = true;
                            print_out(&format!("\nerror:\n{}", hornet::sql::render_sql_error(sql, &error)));
                        }
                    }
                }
                if errors || checks_failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
            }
            Err(e) => {
                eprintln!("hornet: error: {}: {e}", file.display());
                ExitCode::FAILURE
            }
        },
        Command::Summaries { analysis, json } => {
            let quiet = analysis.quiet;
            let (opts, analysed) = with_progress(quiet, analysis.options(PathBuf::new(), None), analyse);
            match analysed {
                Ok(analysis) => {
                    for d in &analysis.diagnostics {
                        eprintln!("{d}");
                    }
                    let mut shown = 0;
                    // Every method analysed (private ones too), or just the ones asked for.
                    let wanted = |key| opts.methods.is_empty() || analysis.targets.contains(key);
                    for method in analysis.program.methods.iter().filter(|m| wanted(&m.key)) {
                        if let Some(Ok(summary)) = analysis.summaries.get(&method.key) {
                            let schema = analysis.schema.as_ref();
                            if json {
                                print_out(&format!("{}\n", table::summary_json(method, summary, schema)));
                            } else {
                                print_out(&format!("{}\n", table::summary_table(method, summary, schema)));
                            }
                            shown += 1;
                        }
                    }
                    if shown == 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
                }
                Err(e) => {
                    eprintln!("hornet: error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Gen { analysis, out, report } => {
            let quiet = analysis.quiet;
            let (opts, generated) = with_progress(quiet, analysis.options(out, report), generate);
            match generated {
                Ok(outcome) => {
                    for d in &outcome.diagnostics {
                        eprintln!("{d}");
                    }
                    if quiet {
                        return if outcome.report.totals.tests == 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS };
                    }
                    let t = &outcome.report.totals;
                    let percent = if t.branches_total == 0 {
                        100.0
                    } else {
                        100.0 * t.branches_covered as f64 / t.branches_total as f64
                    };
                    print_out(&format!(
                        "hornet: {} ({} with tests), {}, branches {}/{} ({percent:.0}%), {:.1} s\n",
                        counted(t.methods, "method"),
                        t.methods_with_tests,
                        counted(t.tests, "test"),
                        t.branches_covered,
                        t.branches_total,
                        t.elapsed_ms as f64 / 1000.0
                    ));
                    let count = |status| outcome.report.methods.iter().filter(|m| m.status == status).count();
                    let (incomplete, skipped) = (count(Status::Incomplete), count(Status::Skipped));
                    if incomplete > 0 {
                        print_out(&format!(
                            "{incomplete} incomplete: paths may be missing (the warnings above say where and why)\n"
                        ));
                    }
                    if skipped > 0 {
                        print_out(&format!("{skipped} skipped: unsupported code (see the errors above)\n"));
                    }
                    for m in outcome.report.methods.iter().filter(|m| m.unreachable_paths > 0) {
                        print_out(&format!(
                            "{}.{}: {} path(s) without a test: no constructor of the sources makes the objects they start from \
                             (no other code assigns these fields): {}\n",
                            simple_name(&m.class),
                            m.name,
                            m.unreachable_paths,
                            m.unreachable_because.join("; ")
                        ));
                    }
                    let reasons: Vec<String> = t.inlined_because.iter().map(|(why, n)| format!("{n} {why}")).collect();
                    let reasons = if reasons.is_empty() { String::new() } else { format!(" ({})", reasons.join(", ")) };
                    print_out(&format!(
                        "summaries: {} computed, {} reused from the cache; call sites: {} composed, {} executed inline{reasons}\n",
                        t.summaries_computed, t.summaries_reused, t.compositions, t.inlined
                    ));
                    let mut slowest: Vec<_> = outcome.report.methods.iter().filter(|m| m.analysis_ms > 0).collect();
                    slowest.sort_by_key(|m| std::cmp::Reverse(m.analysis_ms));
                    if !slowest.is_empty() {
                        let listed: Vec<String> = slowest
                            .iter()
                            .take(3)
                            .map(|m| {
                                let class = m.class.rsplit('.').next().unwrap_or(&m.class);
                                format!("{class}.{} {:.1} s", m.name, m.analysis_ms as f64 / 1000.0)
                            })
                            .collect();
                        print_out(&format!("slowest methods: {}\n", listed.join(", ")));
                    }
                    match &opts.report {
                        Some(report) => print_out(&format!(
                            "tests written to {}, report to {}\n",
                            opts.out.display(),
                            report.display()
                        )),
                        None => print_out(&format!("tests and report written to {}\n", opts.out.display())),
                    }
                    if t.tests == 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
                }
                Err(e) => {
                    eprintln!("hornet: error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// "1 method", "2 methods": a count with its noun.
fn counted(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}
