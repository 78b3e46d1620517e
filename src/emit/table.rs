//! `hornet summaries`: a method's summary case by case, after the paper's Table 1: inputs,
//! result or exception, the branch outcomes of the path, the database before (the rows the
//! case requires, per table with its columns) and after (the tables it wrote), the heap before
//! and after, and the constraints on what a reader sees, named after the Java parameters and
//! the columns (`explore:shown/3` leaves out strings' characters and reified conditions).
//! `summary_json` gives the same for tools.

use crate::clp::term::{PTerm, parse_prefix};
use crate::ir::{Method, Ty};
use crate::sql::Schema;
use crate::summary::Summary;
use serde::Serialize;
use std::collections::HashMap;
use std::fmt::Write;

/// One case of a summary as a reader sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CaseView {
    /// The parameters' names, in order.
    pub inputs: Vec<String>,
    /// The value returned (`void` for none), or none when the case throws.
    pub result: Option<String>,
    /// The class of the exception the case throws.
    pub exception: Option<String>,
    /// The branch outcomes of the method's own code, as `L<line>:T` or `F`.
    pub path: Vec<String>,
    /// The rows the case requires, per table (tables without rows left out).
    pub database_before: Vec<TableView>,
    /// The rows of each table the case wrote, at its end.
    pub database_after: Vec<TableView>,
    /// The input objects as the case first sees them, and every object at its end, with
    /// their fields' values.
    pub heap_before: Vec<String>,
    pub heap_after: Vec<String>,
    /// The constraints on the values above, readable (`amount >= 1`, `currency = "EUR"`).
    pub constraints: Vec<String>,
    /// How many input tokens the case reads (named `token1`, ...).
    #[serde(skip_serializing_if = "is_zero")]
    pub tokens: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TableView {
    pub table: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

#[derive(Serialize)]
struct SummaryView<'a> {
    method: String,
    cases: &'a [CaseView],
}

/// The cases of one method's summary, readable.
pub fn case_views(method: &Method, summary: &Summary, schema: Option<&Schema>) -> Vec<CaseView> {
    summary
        .cases
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, clause)| case_view(method, clause, summary.shown.get(i).map(String::as_str), schema))
        .collect()
}

/// The summary of one method as JSON (`hornet summaries --json`: one object per line).
pub fn summary_json(method: &Method, summary: &Summary, schema: Option<&Schema>) -> String {
    let cases = case_views(method, summary, schema);
    serde_json::to_string(&SummaryView { method: method.key.to_string(), cases: &cases }).expect("serialises")
}

/// The text of one method's summary.
pub fn summary_table(method: &Method, summary: &Summary, schema: Option<&Schema>) -> String {
    let cases = case_views(method, summary, schema);
    let mut out = format!("{}  ({} cases)\n", method.key, cases.len());
    let name = &method.key.name;
    for (i, case) in cases.iter().enumerate() {
        let outcome = match (&case.result, &case.exception) {
            (_, Some(class)) => format!("throws {class}"),
            (Some(r), None) if r == "void" => "returns".to_string(),
            (Some(r), None) => format!("returns {r}"),
            (None, None) => String::new(),
        };
        let _ = writeln!(out, "  case {}: {name}({}) {outcome}", i + 1, case.inputs.join(", "));
        let mut field = |label: &str, lines: Vec<String>| {
            for (j, line) in lines.iter().enumerate() {
                let _ = writeln!(out, "    {:<13}{line}", if j == 0 { label } else { "" });
            }
        };
        if !case.path.is_empty() {
            field("path", vec![case.path.join(" ")]);
        }
        field("db before", tables_lines(&case.database_before));
        field("db after", tables_lines(&case.database_after));
        field("heap before", case.heap_before.clone());
        field("heap after", case.heap_after.clone());
        field("constraints", case.constraints.clone());
    }
    out
}

fn tables_lines(tables: &[TableView]) -> Vec<String> {
    let mut lines = Vec::new();
    for t in tables {
        if t.rows.is_empty() {
            lines.push(format!("{}: no rows", t.table));
        }
        for row in &t.rows {
            let cells: Vec<String> = t.columns.iter().zip(row).map(|(c, v)| format!("{c}={v}")).collect();
            lines.push(format!("{}({})", t.table, cells.join(", ")));
        }
    }
    lines
}

/// Names the variables of one case: each after the first place a reader sees it.
#[derive(Default)]
struct Names {
    /// Variable (or open string, by its text) to its name.
    names: HashMap<String, String>,
    constraints: Vec<String>,
}

impl Names {
    /// The value `term` as a reader sees it in a place called `label`, naming what is still
    /// open after the place. With `equate`, a value known or named elsewhere becomes a
    /// constraint (`label = value`) and the place keeps its label.
    fn value(&mut self, label: &str, term: &PTerm, boolean: bool, equate: bool) -> String {
        let shown = match term {
            PTerm::Var(v) => match self.names.get(v) {
                Some(name) => name.clone(),
                None => {
                    self.names.insert(v.clone(), label.to_string());
                    return label.to_string();
                }
            },
            PTerm::Int(n) if boolean && (*n == 0 || *n == 1) => (*n == 1).to_string(),
            PTerm::Int(n) => n.to_string(),
            PTerm::Compound(f, args) if f == "s" && args.len() == 2 => match string_text(args) {
                Some(text) => text,
                None => {
                    let key = term.to_string();
                    match self.names.get(&key) {
                        Some(name) => name.clone(),
                        None => {
                            self.names.insert(key, label.to_string());
                            return label.to_string();
                        }
                    }
                }
            },
            PTerm::Compound(f, args) if (f == "box" || f == "e") && args.len() == 1 => {
                return self.value(label, &args[0], boolean, equate);
            }
            PTerm::Compound(f, args) if f == "r" && args.len() == 1 => format!("object#{}", args[0]),
            other => self.expression(other),
        };
        if equate {
            self.constraints.push(format!("{label} = {shown}"));
            label.to_string()
        } else {
            shown
        }
    }

    /// A term with its variables named (those not named yet keep a neutral name).
    fn expression(&self, term: &PTerm) -> String {
        match term {
            PTerm::Var(v) => self.names.get(v).cloned().unwrap_or_else(|| format!("_{v}")),
            PTerm::Compound(f, args) if args.len() == 2 && ["add", "sub", "mul"].contains(&f.as_str()) => {
                let (a, b) = (self.operand(&args[0]), self.operand(&args[1]));
                match (f.as_str(), &args[1]) {
                    ("add", PTerm::Int(n)) if *n < 0 => format!("{a} - {}", -n),
                    ("add", _) => format!("{a} + {b}"),
                    ("sub", _) => format!("{a} - {b}"),
                    _ => format!("{a}*{b}"),
                }
            }
            PTerm::Compound(f, args) if f == "neg" && args.len() == 1 => format!("-{}", self.operand(&args[0])),
            PTerm::Atom(a) => a.clone(),
            other => other.to_string(),
        }
    }

    fn operand(&self, term: &PTerm) -> String {
        match term {
            PTerm::Compound(f, _) if f == "add" || f == "sub" => format!("({})", self.expression(term)),
            _ => self.expression(term),
        }
    }
}

/// The text of a string whose length and characters are known, quoted as in Java.
fn string_text(args: &[PTerm]) -> Option<String> {
    let PTerm::Int(len) = args[0] else { return None };
    let PTerm::List(codes) = &args[1] else { return None };
    let chars: Option<String> = codes
        .iter()
        .take(usize::try_from(len).ok()?)
        .map(|c| match c {
            PTerm::Int(n) => u32::try_from(*n).ok().and_then(char::from_u32),
            _ => None,
        })
        .collect();
    let chars = chars?;
    (chars.chars().count() as i128 == len).then(|| format!("{chars:?}"))
}

/// One case clause `Case(Inputs, Ret, Ex, Events) :- Constraints.` and what `shown` says of it.
fn case_view(method: &Method, clause: &str, shown: Option<&str>, schema: Option<&Schema>) -> CaseView {
    let mut view = CaseView::default();
    let Ok((head, _)) = parse_prefix(clause) else { return view };
    let [inputs, ret, ex, events] = head.args() else { return view };
    let shown = shown.and_then(|s| parse_prefix(s).ok()).map(|(t, _)| t);
    let mut names = Names::default();
    // Inputs first: they name what the rows and the result share with them.
    let param_ty = |i: usize| method.locals.get(i).map(|l| l.ty);
    if let PTerm::List(values) = inputs {
        for (i, value) in values.iter().enumerate() {
            let label = method.param_names.get(i).cloned().unwrap_or_else(|| format!("arg{i}"));
            let is_jdbc = matches!(param_ty(i), Some(Ty::Jdbc(_)) | Some(Ty::Scanner));
            if !is_jdbc {
                names.value(&label, value, param_ty(i) == Some(Ty::Boolean), true);
            }
            view.inputs.push(label);
        }
    }
    let own = method.key.to_string();
    let items: &[PTerm] = match events {
        PTerm::List(items) => items,
        _ => &[],
    };
    for e in items {
        match (e.functor(), e.args()) {
            (("br", 3), [PTerm::Atom(m), PTerm::Int(id), PTerm::Atom(t)]) if *m == own => {
                let line = method.branches.get(*id as usize).map(|b| b.span.line).unwrap_or(0);
                view.path.push(format!("L{line}:{}", if t == "t" { "T" } else { "F" }));
            }
            (("in", 1), [token]) => {
                let label = format!("token{}", view.tokens + 1);
                view.tokens += 1;
                names.value(&label, token, false, false);
            }
            (("db", 3), [PTerm::List(fixture), PTerm::List(last), PTerm::List(starts)]) => {
                view.database_before = tables(fixture, schema, &mut names, "");
                view.database_after = tables(last, schema, &mut names, "'");
                for start in starts {
                    if let [PTerm::Atom(table), value] = start.args() {
                        let label = format!("{table}.identity_start");
                        let shown = names.value(&label, value, false, false);
                        if shown != label {
                            names.constraints.push(format!("{label} = {shown}"));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    // The heap after the database: a value read from a row is named after its column, also
    // in the objects it was stored into.
    for e in items {
        if let (("heap", 2), [PTerm::List(initial), PTerm::List(last)]) = (e.functor(), e.args()) {
            view.heap_before = initial.iter().map(|o| object(o, method, &mut names, "")).collect();
            view.heap_after = last.iter().map(|o| object(o, method, &mut names, "'")).collect();
        }
    }
    match ex {
        PTerm::Compound(name, args) if name == "exc" => {
            view.exception = args.first().map(|a| match a {
                // An exception a `throw new` made: its message and its cause's class.
                PTerm::Compound(class, carried) if matches!(carried.len(), 2 | 3) => {
                    let message = match &carried[0] {
                        PTerm::Atom(a) if a == "unknown" => "?".to_string(),
                        m => names.value("text", m, false, false),
                    };
                    let cause = match &carried[1] {
                        PTerm::Compound(c, _) | PTerm::Atom(c) => c.trim_matches('\'').to_string(),
                        other => other.to_string(),
                    };
                    // The fields an exception of the sources carries, by the getter that reads them.
                    let mut fields = String::new();
                    if let Some(PTerm::List(carried_fields)) = carried.get(2) {
                        for field in carried_fields {
                            if let (("f", 3), [PTerm::Atom(getter), PTerm::Atom(ty), v]) = (field.functor(), field.args())
                                && getter != "none"
                            {
                                let value = match v {
                                    PTerm::Atom(a) if a == "unknown" => "?".to_string(),
                                    v => names.value(getter, v, ty == "boolean", false),
                                };
                                fields.push_str(&format!(", {getter}(): {value}"));
                            }
                        }
                    }
                    format!("{class}(message: {message}, cause: {cause}{fields})")
                }
                // An SQLException with the violation it reports.
                PTerm::Compound(class, told) => {
                    format!("{class}({})", told.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(","))
                }
                class => class.to_string().trim_matches('\'').to_string(),
            });
        }
        _ if *ret == PTerm::Atom("void".into()) => view.result = Some("void".into()),
        _ => view.result = Some(names.value("result", ret, method.ret == Ty::Boolean, false)),
    }

    if let Some(PTerm::Compound(_, parts)) = &shown {
        let mut readable = Vec::new();
        if let Some(PTerm::List(domains)) = parts.first() {
            for d in domains {
                if let [var, PTerm::List(ranges)] = d.args()
                    && let Some(text) = domain_text(&names.expression(var), ranges)
                {
                    readable.push(text);
                }
            }
        }
        if let Some(PTerm::List(relations)) = parts.get(1) {
            for r in relations {
                if let [PTerm::Atom(op), x, y] = r.args() {
                    let (x, y) = (names.expression(x), names.expression(y));
                    // One way round: `a < b`, never also `b > a`.
                    let (op, x, y) = match op.as_str() {
                        "eq" | "ne" if x > y => (op.as_str(), y, x),
                        "gt" => ("lt", y, x),
                        "ge" => ("le", y, x),
                        other => (other, x, y),
                    };
                    let op = match op {
                        "eq" => "=",
                        "ne" => "!=",
                        "lt" => "<",
                        _ => "<=",
                    };
                    readable.push(format!("{x} {op} {y}"));
                }
            }
        }
        for constraint in readable {
            if !names.constraints.contains(&constraint) {
                names.constraints.push(constraint);
            }
        }
    }
    view.constraints = names.constraints;
    view
}

/// The tables of a database event: each row's values under the columns of the schema.
fn tables(items: &[PTerm], schema: Option<&Schema>, names: &mut Names, after: &str) -> Vec<TableView> {
    let mut views = Vec::new();
    for t in items {
        let [PTerm::Atom(table), PTerm::List(rows)] = t.args() else { continue };
        let declared = schema.and_then(|s| s.tables.iter().find(|d| d.name.eq_ignore_ascii_case(table)));
        let columns: Vec<String> = match declared {
            Some(d) => d.columns.iter().map(|c| c.name.to_lowercase()).collect(),
            None => Vec::new(),
        };
        let boolean = |i: usize| {
            declared.and_then(|d| d.columns.get(i)).is_some_and(|c| c.sql_type == crate::sql::schema::SqlType::Boolean)
        };
        let mut view = TableView { table: table.clone(), columns: columns.clone(), rows: Vec::new() };
        for (r, row) in rows.iter().enumerate() {
            let PTerm::List(values) = row else { continue };
            let cells = values
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let column = columns.get(i).cloned().unwrap_or_else(|| format!("c{}", i + 1));
                    let place = if rows.len() == 1 { format!("{table}.{column}{after}") } else { format!("{table}[{}].{column}{after}", r + 1) };
                    names.value(&place, v, boolean(i), false)
                })
                .collect();
            view.rows.push(cells);
        }
        if view.columns.is_empty() {
            view.columns = (1..=view.rows.first().map_or(0, Vec::len)).map(|i| format!("c{i}")).collect();
        }
        views.push(view);
    }
    views
}

/// An object or array of a heap event, its fields in the class's order (named after the
/// class's layout when the method knows it, else `f1`, `f2`, ...).
fn object(term: &PTerm, method: &Method, names: &mut Names, after: &str) -> String {
    match (term.functor(), term.args()) {
        (("o", 3), [id, class, PTerm::List(fields)]) => {
            let qualified = match class {
                PTerm::Atom(a) => a.clone(),
                other => other.to_string(),
            };
            let layout = method.classes.iter().find(|l| l.class.as_str() == qualified);
            let class = qualified.rsplit('.').next().unwrap_or("").to_string();
            let values: Vec<String> = fields
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    let field = layout
                        .and_then(|l| l.fields.get(i))
                        .map_or_else(|| format!("f{}", i + 1), |d| d.name.clone());
                    let boolean = layout.and_then(|l| l.fields.get(i)).is_some_and(|d| d.ty == Ty::Boolean);
                    names.value(&format!("object#{id}.{field}{after}"), f, boolean, false)
                })
                .collect();
            format!("object#{id}: {class}({})", values.join(", "))
        }
        (("a", 4), [id, _, length, PTerm::List(elements)]) => {
            let length = names.value(&format!("array#{id}.length{after}"), length, false, false);
            let values: Vec<String> = elements
                .iter()
                .enumerate()
                .map(|(i, e)| names.value(&format!("array#{id}[{i}]{after}"), e, false, false))
                .collect();
            format!("array#{id}: length {length}, [{}]", values.join(", "))
        }
        _ => names.expression(term),
    }
}

const INT: (i128, i128) = (i32::MIN as i128, i32::MAX as i128);
const LONG: (i128, i128) = (i64::MIN as i128, i64::MAX as i128);

/// A domain as a constraint, or none when it says no more than the value's type does.
fn domain_text(name: &str, ranges: &[PTerm]) -> Option<String> {
    let bound = |t: &PTerm| match t {
        PTerm::Int(n) => Some(*n),
        _ => None,
    };
    let ranges: Vec<(Option<i128>, Option<i128>)> = ranges
        .iter()
        .filter_map(|r| match r.args() {
            [l, h] => Some((bound(l), bound(h))),
            _ => None,
        })
        .collect();
    let full = |(l, h): (i128, i128)| ranges.len() == 1 && ranges[0] == (Some(l), Some(h));
    if ranges.is_empty() || full(INT) || full(LONG) || full((0, 1)) || full((0, 126)) {
        return None;
    }
    // A type's range but one value.
    for (l, h) in [INT, LONG] {
        if let [(Some(a), Some(b)), (Some(c), Some(d))] = ranges[..]
            && a == l
            && d == h
            && c == b + 2
        {
            return Some(format!("{name} != {}", b + 1));
        }
    }
    let one = |(low, high): (Option<i128>, Option<i128>)| {
        let is_min = |v: i128| v == INT.0 || v == LONG.0;
        let is_max = |v: i128| v == INT.1 || v == LONG.1;
        match (low, high) {
            (Some(a), Some(b)) if a == b => format!("{name} = {a}"),
            (Some(a), Some(b)) if is_min(a) => format!("{name} <= {b}"),
            (Some(a), Some(b)) if is_max(b) => format!("{name} >= {a}"),
            (Some(a), Some(b)) => format!("{a} <= {name} <= {b}"),
            (Some(a), None) => format!("{name} >= {a}"),
            (None, Some(b)) => format!("{name} <= {b}"),
            (None, None) => String::new(),
        }
    };
    let parts: Vec<String> = ranges.iter().map(|r| one(*r)).filter(|p| !p.is_empty()).collect();
    if parts.is_empty() { None } else { Some(parts.join(" or ")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranges(pairs: &[(i128, i128)]) -> Vec<PTerm> {
        pairs.iter().map(|(l, h)| PTerm::Compound("r".into(), vec![PTerm::Int(*l), PTerm::Int(*h)])).collect()
    }

    #[test]
    fn a_domain_reads_as_the_bound_it_adds_to_the_type() {
        assert_eq!(domain_text("amount", &ranges(&[(1, LONG.1)])), Some("amount >= 1".into()));
        assert_eq!(domain_text("amount", &ranges(&[(INT.0, 0)])), Some("amount <= 0".into()));
        assert_eq!(domain_text("n", &ranges(&[(LONG.0, -1), (1, LONG.1)])), Some("n != 0".into()));
        assert_eq!(domain_text("n", &ranges(&[(2, 5)])), Some("2 <= n <= 5".into()));
        assert_eq!(domain_text("n", &ranges(&[(3, 3)])), Some("n = 3".into()));
        assert_eq!(domain_text("n", &ranges(&[INT])), None);
    }

    #[test]
    fn a_known_string_reads_as_a_java_literal_and_an_open_one_by_its_name() {
        let (term, _) = parse_prefix("s(3,[69,85,82,0,0])").expect("term");
        let mut names = Names::default();
        assert_eq!(names.value("currency", &term, false, false), "\"EUR\"");
        let (open, _) = parse_prefix("s(A,[B,C,D,0,0])").expect("term");
        assert_eq!(names.value("account.currency", &open, false, false), "account.currency");
        assert_eq!(names.value("other", &open, false, true), "other");
        assert_eq!(names.constraints, vec!["other = account.currency".to_string()]);
    }

    #[test]
    fn relations_are_named_after_the_values_first_places() {
        let mut names = Names::default();
        let (balance, _) = parse_prefix("A").expect("term");
        names.value("account.balance", &balance, false, false);
        let (amount, _) = parse_prefix("B").expect("term");
        names.value("amount", &amount, false, true);
        let (sum, _) = parse_prefix("add(A,-5)").expect("term");
        assert_eq!(names.expression(&sum), "account.balance - 5");
        let (sum, _) = parse_prefix("add(A,B)").expect("term");
        assert_eq!(names.expression(&sum), "account.balance + amount");
    }
}
