//! `hornet summaries`: a method's summary as a table, one row per case, after the paper's
//! Table 1: inputs, result, exception, the branch outcomes of the path, and its constraints.

use crate::clp::term::{PTerm, parse_prefix};
use crate::ir::Method;
use crate::summary::Summary;
use std::fmt::Write;

/// The table of one method's summary.
pub fn summary_table(method: &Method, summary: &Summary) -> String {
    let mut rows: Vec<[String; 6]> =
        vec![["case", "inputs", "result", "exception", "path", "constraints"].map(String::from)];
    for (i, clause) in summary.cases.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        rows.push(row(i + 1, method, clause));
    }
    let mut widths = [0usize; 6];
    for r in &rows {
        for (w, cell) in widths.iter_mut().zip(r) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = format!("{}  ({} cases)\n", method.key, rows.len() - 1);
    for r in &rows {
        let mut line = String::from(" ");
        for (i, (cell, w)) in r.iter().zip(widths).enumerate() {
            if i + 1 == r.len() {
                line.push_str(&format!(" {cell}"));
            } else {
                line.push_str(&format!(" {cell:<w$}"));
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// One case clause `Case(Inputs, Ret, Ex, Events) :- Constraints.` as cells.
fn row(number: usize, method: &Method, clause: &str) -> [String; 6] {
    let unreadable = || [number.to_string(), String::new(), String::new(), String::new(), String::new(), clause.to_string()];
    let Ok((head, rest)) = parse_prefix(clause) else { return unreadable() };
    let [inputs, ret, ex, events] = head.args() else { return unreadable() };
    let own = method.key.to_string();
    let path: Vec<String> = match events {
        PTerm::List(items) => items
            .iter()
            .filter_map(|e| match (e.functor(), e.args()) {
                (("br", 3), [PTerm::Atom(m), PTerm::Int(id), PTerm::Atom(t)]) if *m == own => {
                    let line = method.branches.get(*id as usize).map(|b| b.span.line).unwrap_or(0);
                    Some(format!("L{line}:{}", if t == "t" { "T" } else { "F" }))
                }
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    let (result, exception) = match ex {
        PTerm::Compound(name, args) if name == "exc" => {
            let exception = match args.first() {
                // An SQLException with the violation it reports.
                Some(PTerm::Compound(class, told)) => {
                    format!("{class}({})", told.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(","))
                }
                Some(class) => class.to_string().trim_matches('\'').to_string(),
                None => String::new(),
            };
            ("-".to_string(), exception)
        }
        _ if *ret == PTerm::Atom("void".into()) => ("void".to_string(), "-".to_string()),
        _ => (ret.to_string(), "-".to_string()),
    };
    let body = rest.trim().trim_start_matches(":-").trim().trim_end_matches('.').trim();
    let constraints = if body == "true" { String::new() } else { body.to_string() };
    [number.to_string(), inputs.to_string(), result, exception, path.join(" "), constraints]
}
