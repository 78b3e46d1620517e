//! `hornet-report.json` as the contract of `hornet gen` defines it, and the checks that the
//! report agrees with itself (totals, per-line sums, test classes, declaration lines).

use serde::Deserialize;
use std::collections::BTreeSet;
use std::path::Path;

#[derive(Debug, Deserialize)]
pub struct Report {
    pub version: String,
    pub k: u32,
    pub methods: Vec<MethodReport>,
    pub diagnostics: Vec<String>,
    pub totals: Totals,
}

#[derive(Debug, Deserialize)]
pub struct MethodReport {
    /// `demo.Calc.gcd(int,int)`
    pub method: String,
    pub class: String,
    pub name: String,
    /// JVM method descriptor, `(II)I`.
    pub descriptor: String,
    /// Source file, relative to the directory hornet ran in.
    pub file: String,
    pub line: u32,
    pub status: Status,
    pub paths: u64,
    pub tests: u64,
    pub test_class: Option<String>,
    pub branches_covered: u32,
    pub branches_total: u32,
    pub branch_lines: Vec<BranchLine>,
    pub diagnostics: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ok,
    Incomplete,
    Skipped,
}

#[derive(Debug, Deserialize)]
pub struct BranchLine {
    pub line: u32,
    pub covered: u32,
    pub total: u32,
}

#[derive(Debug, Deserialize)]
pub struct Totals {
    pub methods: u64,
    pub methods_with_tests: u64,
    pub paths: u64,
    pub tests: u64,
    pub branches_covered: u64,
    pub branches_total: u64,
    pub summaries_computed: u64,
    pub summaries_reused: u64,
    pub compositions: u64,
    pub elapsed_ms: u64,
}

impl Report {
    pub fn read(path: &Path) -> Result<Report, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| {
            format!("{} does not follow the report contract: {e}\n{text}", path.display())
        })
    }

    /// Every way the report contradicts itself or the sources in `root` (the directory hornet
    /// ran in, against which `file` is relative).
    pub fn inconsistencies(&self, root: &Path) -> Vec<String> {
        let mut problems = Vec::new();
        if self.version != env!("CARGO_PKG_VERSION") {
            problems.push(format!(
                "report version {:?}, crate version {:?}",
                self.version,
                env!("CARGO_PKG_VERSION")
            ));
        }
        if self.k == 0 {
            problems.push("report says k = 0: no loop iteration explored".to_string());
        }
        let mut seen = BTreeSet::new();
        for method in &self.methods {
            if !seen.insert((&method.class, &method.name, &method.descriptor)) {
                problems.push(format!("{}: listed twice", method.method));
            }
            problems.extend(
                method.inconsistencies(root).into_iter().map(|p| format!("{}: {p}", method.method)),
            );
        }
        self.check_totals(&mut problems);
        problems
    }

    fn check_totals(&self, problems: &mut Vec<String>) {
        let sum = |field: fn(&MethodReport) -> u64| self.methods.iter().map(field).sum::<u64>();
        let expected = [
            ("methods", self.methods.len() as u64, self.totals.methods),
            ("methods_with_tests", sum(|m| u64::from(m.tests > 0)), self.totals.methods_with_tests),
            ("paths", sum(|m| m.paths), self.totals.paths),
            ("tests", sum(|m| m.tests), self.totals.tests),
            ("branches_covered", sum(|m| m.branches_covered.into()), self.totals.branches_covered),
            ("branches_total", sum(|m| m.branches_total.into()), self.totals.branches_total),
        ];
        for (field, from_methods, total) in expected {
            if from_methods != total {
                problems.push(format!(
                    "totals.{field} is {total} but the methods add up to {from_methods}"
                ));
            }
        }
    }

    /// `covered/total` branch outcomes over all methods, for the summary line.
    pub fn branch_summary(&self) -> String {
        format!("{}/{}", self.totals.branches_covered, self.totals.branches_total)
    }
}

impl MethodReport {
    fn inconsistencies(&self, root: &Path) -> Vec<String> {
        let mut problems = Vec::new();
        let prefix = format!("{}.{}(", self.class, self.name);
        let declared_params =
            self.method.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(')'));
        match (declared_params, descriptor_param_count(&self.descriptor)) {
            (Some(params), Some(count)) => {
                let listed = if params.is_empty() { 0 } else { params.split(',').count() };
                if listed != count {
                    problems.push(format!(
                        "{listed} parameter(s) in the name but {count} in descriptor {}",
                        self.descriptor
                    ));
                }
            }
            (None, _) => problems.push(format!("`method` does not have the form `{prefix}...)`")),
            (_, None) => problems.push(format!("malformed descriptor {:?}", self.descriptor)),
        }

        let declaration = declaration_line(root, &self.file, self.line);
        // A constructor is declared with its class's simple name.
        let declared_name = match self.name.as_str() {
            "<init>" => self.class.rsplit('.').next().unwrap_or(&self.class),
            name => name,
        };
        match &declaration {
            Err(problem) => problems.push(problem.clone()),
            Ok(text) if !text.contains(&format!("{declared_name}(")) => problems.push(format!(
                "{}:{} is not its declaration: {:?}",
                self.file,
                self.line,
                text.trim()
            )),
            Ok(_) => {}
        }
        let is_private = declaration
            .as_deref()
            .is_ok_and(|text| text.split_whitespace().any(|w| w == "private"));

        match &self.test_class {
            Some(test_class) if *test_class != format!("{}HornetTest", self.class) => {
                problems.push(format!("test_class {test_class}, expected {}HornetTest", self.class))
            }
            Some(_) if self.tests == 0 => problems.push("a test_class but 0 tests".to_string()),
            None if self.tests > 0 => {
                problems.push(format!("{} tests but no test_class", self.tests))
            }
            _ => {}
        }
        match self.status {
            Status::Skipped => {
                if self.tests > 0 {
                    problems.push(format!("skipped but has {} tests", self.tests));
                }
                if self.diagnostics.is_empty() {
                    problems.push("skipped without a diagnostic saying why".to_string());
                }
            }
            _ if is_private => {
                if self.tests > 0 {
                    problems.push(format!("private but has {} tests of its own", self.tests));
                }
            }
            Status::Ok if self.tests != self.paths => problems
                .push(format!("status ok but {} tests for {} paths", self.tests, self.paths)),
            Status::Ok | Status::Incomplete if self.tests == 0 => {
                problems.push("analysed public method without tests".to_string())
            }
            Status::Ok | Status::Incomplete => {}
        }

        let mut previous_line = 0;
        for branch_line in &self.branch_lines {
            if branch_line.line <= previous_line {
                problems.push(format!(
                    "branch_lines not strictly ascending at line {}",
                    branch_line.line
                ));
            }
            previous_line = branch_line.line;
            if branch_line.total == 0 || branch_line.covered > branch_line.total {
                problems.push(format!(
                    "line {}: {} of {} branches covered",
                    branch_line.line, branch_line.covered, branch_line.total
                ));
            }
        }
        let covered: u32 = self.branch_lines.iter().map(|l| l.covered).sum();
        let total: u32 = self.branch_lines.iter().map(|l| l.total).sum();
        if (covered, total) != (self.branches_covered, self.branches_total) {
            problems.push(format!(
                "branch_lines add up to {covered}/{total} but the method says {}/{}",
                self.branches_covered, self.branches_total
            ));
        }
        problems
    }
}

/// The number of parameters of a JVM method descriptor, None when it is malformed.
fn descriptor_param_count(descriptor: &str) -> Option<usize> {
    let (params, ret) = descriptor.strip_prefix('(')?.split_once(')')?;
    let mut rest = params.as_bytes();
    let mut count = 0;
    while !rest.is_empty() {
        rest = skip_field_type(rest)?;
        count += 1;
    }
    (ret == "V" || skip_field_type(ret.as_bytes()).is_some_and(<[u8]>::is_empty)).then_some(count)
}

/// The descriptor after its first field type.
fn skip_field_type(descriptor: &[u8]) -> Option<&[u8]> {
    match descriptor.first()? {
        b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z' => Some(&descriptor[1..]),
        b'[' => skip_field_type(&descriptor[1..]),
        b'L' => descriptor.iter().position(|&c| c == b';').map(|end| &descriptor[end + 1..]),
        _ => None,
    }
}

fn declaration_line(root: &Path, file: &str, line: u32) -> Result<String, String> {
    let text = std::fs::read_to_string(root.join(file)).map_err(|e| format!("file {file}: {e}"))?;
    let index = usize::try_from(line).ok().and_then(|l| l.checked_sub(1));
    index
        .and_then(|i| text.lines().nth(i))
        .map(str::to_string)
        .ok_or_else(|| format!("{file} has no line {line}"))
}
