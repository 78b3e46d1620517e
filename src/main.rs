//! The command line. The only place that talks to the terminal.

use clap::{Parser, Subcommand};
use hornet::diag::Severity;
use hornet::emit::report::Status;
use hornet::emit::table;
use hornet::pipeline::{GenOptions, analyse, generate};
use hornet::sql::Piece;
use std::path::PathBuf;
use std::process::ExitCode;

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
    /// third-party code; may be repeated. README.md documents the format.
    #[arg(long = "summaries", value_name = "DIR")]
    summaries: Vec<PathBuf>,
    /// Folder of the persistent summary cache.
    #[arg(long, value_name = "DIR", default_value = ".hornet/cache")]
    cache_dir: PathBuf,
    /// Neither read nor write the summary cache.
    #[arg(long)]
    no_cache: bool,
}

impl AnalysisArgs {
    fn options(self, out: PathBuf) -> GenOptions {
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        GenOptions {
            inputs: self.paths,
            schema: self.schema,
            out,
            k: self.k,
            methods: self.methods,
            budget: self.budget,
            compose: !self.no_compose,
            jobs: self.jobs.map_or(cores, |j| j as usize),
            summaries: self.summaries,
            cache_dir: (!self.no_cache).then_some(self.cache_dir),
        }
    }
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
    },
    /// Print the summary of each method: its cases with inputs, result, exception, path and
    /// constraints.
    Summaries {
        #[command(flatten)]
        analysis: AnalysisArgs,
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
        Command::Schema { file, checks } => match std::fs::read_to_string(&file) {
            Ok(text) => {
                let (schema, diagnostics) = hornet::sql::parse_schema(&file, &text);
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
                if (schema.tables.is_empty() && errors) || checks_failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
            }
            Err(e) => {
                eprintln!("hornet: error: {}: {e}", file.display());
                ExitCode::FAILURE
            }
        },
        Command::Summaries { analysis } => {
            let opts = analysis.options(PathBuf::new());
            match analyse(&opts) {
                Ok(analysis) => {
                    for d in &analysis.diagnostics {
                        eprintln!("{d}");
                    }
                    let mut shown = 0;
                    // Every method analysed (private ones too), or just the ones asked for.
                    let wanted = |key| opts.methods.is_empty() || analysis.targets.contains(key);
                    for method in analysis.program.methods.iter().filter(|m| wanted(&m.key)) {
                        if let Some(Ok(summary)) = analysis.summaries.get(&method.key) {
                            print_out(&format!("{}\n", table::summary_table(method, summary)));
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
        Command::Gen { analysis, out } => {
            let opts = analysis.options(out);
            match generate(&opts) {
                Ok(outcome) => {
                    for d in &outcome.diagnostics {
                        eprintln!("{d}");
                    }
                    let t = &outcome.report.totals;
                    let percent = if t.branches_total == 0 {
                        100.0
                    } else {
                        100.0 * t.branches_covered as f64 / t.branches_total as f64
                    };
                    print_out(&format!(
                        "hornet: {} methods ({} with tests), {} tests, branches {}/{} ({percent:.0}%), {:.1} s\n",
                        t.methods,
                        t.methods_with_tests,
                        t.tests,
                        t.branches_covered,
                        t.branches_total,
                        t.elapsed_ms as f64 / 1000.0
                    ));
                    let count = |status| outcome.report.methods.iter().filter(|m| m.status == status).count();
                    let (incomplete, skipped) = (count(Status::Incomplete), count(Status::Skipped));
                    if incomplete + skipped > 0 {
                        print_out(&format!(
                            "{incomplete} incomplete (a budget ran out: paths may be missing), \
                             {skipped} skipped (unsupported code: see the errors above)\n"
                        ));
                    }
                    print_out(&format!(
                        "summaries: {} computed, {} reused from the cache, {} call sites composed\n",
                        t.summaries_computed, t.summaries_reused, t.compositions
                    ));
                    let mut slowest: Vec<_> = outcome.report.methods.iter().filter(|m| m.analysis_ms > 0).collect();
                    slowest.sort_by_key(|m| std::cmp::Reverse(m.analysis_ms));
                    if !slowest.is_empty() {
                        let listed: Vec<String> = slowest
                            .iter()
                            .take(3)
                            .map(|m| format!("{}.{} {:.1} s", m.class.rsplit('.').next().unwrap_or(&m.class), m.name, m.analysis_ms as f64 / 1000.0))
                            .collect();
                        print_out(&format!("slowest methods: {}\n", listed.join(", ")));
                    }
                    print_out(&format!("tests and report written to {}\n", opts.out.display()));
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
