//! `hornet-report.json`: per method what was explored and covered; totals for the run.

use crate::testgen::LineCoverage;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Tests were written for every feasible path within the bound.
    Ok,
    /// A budget ran out: the tests written pass, but some paths may be missing.
    Incomplete,
    /// The method uses something hornet does not model (see its diagnostics).
    Skipped,
}

#[derive(Clone, Debug, Serialize)]
pub struct MethodReport {
    /// Full signature, `shop.Calc.gcd(int,int)`.
    pub method: String,
    pub class: String,
    pub name: String,
    /// JVM method descriptor, `(II)I`, to match bytecode-level tools such as JaCoCo.
    pub descriptor: String,
    pub file: String,
    pub line: u32,
    pub status: Status,
    /// Feasible paths found within the bound.
    pub paths: usize,
    pub infeasible_paths: usize,
    /// Feasible paths left without a test because they start from a state no constructor of
    /// the sources can produce (an object whose constructors always set a field found null),
    /// and why (each distinct reason once).
    pub unreachable_paths: usize,
    pub unreachable_because: Vec<String>,
    pub tests: usize,
    pub test_class: Option<String>,
    pub branches_covered: usize,
    pub branches_total: usize,
    pub branch_lines: Vec<LineCoverage>,
    pub diagnostics: Vec<String>,
    /// Milliseconds spent finding and labelling the method's paths in this run (0 when its
    /// summary came from the cache).
    pub analysis_ms: u64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Totals {
    pub methods: usize,
    pub methods_with_tests: usize,
    pub paths: usize,
    /// Paths dropped as unreachable (`MethodReport::unreachable_paths`).
    pub unreachable_paths: usize,
    pub tests: usize,
    pub branches_covered: usize,
    pub branches_total: usize,
    pub summaries_computed: usize,
    pub summaries_reused: usize,
    /// Call sites that composed a callee's summary.
    pub compositions: usize,
    /// Call sites that executed an analysed callee inline instead.
    pub inlined: usize,
    /// Those call sites by why they did not compose (`recursion`, `no-compose`, `database`,
    /// `objects`); reasons with none are left out.
    pub inlined_because: std::collections::BTreeMap<&'static str, usize>,
    pub elapsed_ms: u128,
}

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub version: &'static str,
    pub k: u32,
    pub methods: Vec<MethodReport>,
    /// Every diagnostic of the run, rendered `file:line:col: severity: message`.
    pub diagnostics: Vec<String>,
    pub totals: Totals,
}

impl Report {
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the report serialises") + "\n"
    }
}
