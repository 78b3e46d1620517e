//! `hornet summaries`: a method's summary case by case, after the paper's Table 1: inputs,
//! result or exception, the branch outcomes of the path, the database before (the rows the
//! case requires, per table with its columns, and the rows it requires to be absent) and after
//! (the rows it inserted, the columns it updated as functions of the values before, the rows
//! it deleted), the heap before and after (a field written as a function of the values
//! before), and the constraints on what a reader sees, named after the Java parameters and the
//! columns (`explore:shown/4` leaves out strings' characters and reified conditions;
//! `linear` eliminates the numbers clpz made). `summary_json` gives the same for tools.

use super::linear::{System, domain_text, expression_text, relation_text};
use crate::clp::term::{PTerm, parse_prefix};
use crate::ir::{Method, Ty};
use crate::sql::Schema;
use crate::sql::schema::SqlType;
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
    /// The rows the case requires to be absent from the database before.
    pub database_absent: Vec<AbsentView>,
    /// The rows the case inserted, updated and deleted, per table it changed.
    pub database_after: Vec<TableChanges>,
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

/// Rows the database before must not hold: no tuple of rows of `tables` (other than the
/// required rows, when `besides_required`) satisfies `condition`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct AbsentView {
    /// The tables, with their aliases when there are several (`account a`).
    pub tables: Vec<String>,
    /// The condition, over the tables' columns, in SQL (`id = accountId and frozen = false`).
    pub condition: String,
    /// When the condition only fixes columns of one table to values, those columns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<Vec<ColumnValue>>,
    pub besides_required: bool,
}

/// What a case changed in one table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TableChanges {
    pub table: String,
    pub columns: Vec<String>,
    /// The rows inserted, each value under `columns`.
    pub inserted: Vec<Vec<String>>,
    /// The rows updated: a required row (by its key) and its new values.
    pub updated: Vec<RowUpdate>,
    /// The required rows deleted, by their key.
    pub deleted: Vec<Vec<ColumnValue>>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RowUpdate {
    /// The row's primary key (every column when the table has none), values before.
    pub key: Vec<ColumnValue>,
    /// Each column written, its value after as a function of the values before.
    pub set: Vec<ColumnValue>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ColumnValue {
    pub column: String,
    pub value: String,
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
        let mut before = tables_lines(&case.database_before);
        before.extend(case.database_absent.iter().map(absent_line));
        field("db before", before);
        field("db after", changes_lines(&case.database_after));
        field("heap before", case.heap_before.clone());
        field("heap after", case.heap_after.clone());
        field("constraints", case.constraints.clone());
    }
    out
}

fn cells(values: &[ColumnValue]) -> String {
    values.iter().map(|c| format!("{}={}", c.column, c.value)).collect::<Vec<_>>().join(", ")
}

fn tables_lines(tables: &[TableView]) -> Vec<String> {
    let mut lines = Vec::new();
    for t in tables {
        for row in &t.rows {
            let cells: Vec<String> = t.columns.iter().zip(row).map(|(c, v)| format!("{c}={v}")).collect();
            lines.push(format!("{}({})", t.table, cells.join(", ")));
        }
    }
    lines
}

fn absent_line(a: &AbsentView) -> String {
    let other = if a.besides_required { "other " } else { "" };
    if a.condition == "true" {
        format!("no {other}{}", a.tables.join(", "))
    } else if let Some(columns) = &a.columns {
        format!("no {other}{}({})", a.tables.join(", "), cells(columns))
    } else {
        format!("no {other}{} where {}", a.tables.join(", "), a.condition)
    }
}

fn changes_lines(tables: &[TableChanges]) -> Vec<String> {
    let mut lines = Vec::new();
    for t in tables {
        for row in &t.inserted {
            let cells: Vec<String> = t.columns.iter().zip(row).map(|(c, v)| format!("{c}={v}")).collect();
            lines.push(format!("insert {}({})", t.table, cells.join(", ")));
        }
        for u in &t.updated {
            let set: Vec<String> = u.set.iter().map(|c| format!("{} = {}", c.column, c.value)).collect();
            lines.push(format!("update {}({}) set {}", t.table, cells(&u.key), set.join(", ")));
        }
        for key in &t.deleted {
            lines.push(format!("delete {}({})", t.table, cells(key)));
        }
    }
    lines
}

/// Names the variables of one case: each after the first place a reader sees it, or, for a
/// value the case computed, after the expression that defines it.
#[derive(Default)]
struct Names {
    /// Variable (or open string, by its text) to its name.
    names: HashMap<String, String>,
    /// Variable to the order in which it was named.
    order: HashMap<String, usize>,
    /// Variable to the expression that defines it (`account.balance - amount`).
    definitions: HashMap<String, String>,
    constraints: Vec<String>,
}

impl Names {
    fn name(&mut self, key: String, label: &str) {
        let n = self.order.len();
        self.order.entry(key.clone()).or_insert(n);
        self.names.insert(key, label.to_string());
    }

    /// The value `term` as a reader sees it in a place called `label`, naming what is still
    /// open after the place. With `equate`, a value known or named elsewhere becomes a
    /// constraint (`label = value`) and the place keeps its label.
    fn value(&mut self, label: &str, term: &PTerm, boolean: bool, equate: bool) -> String {
        let shown = match term {
            PTerm::Var(v) => match (self.definitions.get(v), self.names.get(v)) {
                (Some(definition), _) => definition.clone(),
                (None, Some(name)) if name == label => return label.to_string(),
                (None, Some(name)) => name.clone(),
                (None, None) => {
                    self.name(v.clone(), label);
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
                        Some(name) if name == label => return label.to_string(),
                        Some(name) => name.clone(),
                        None => {
                            self.name(key, label);
                            return label.to_string();
                        }
                    }
                }
            },
            PTerm::Compound(f, args) if (f == "box" || f == "e") && args.len() == 1 => {
                return self.value(label, &args[0], boolean, equate);
            }
            PTerm::Compound(f, args) if f == "r" && args.len() == 1 => format!("object#{}", args[0]),
            PTerm::Atom(a) => a.clone(),
            // The JDBC objects a method made, numbered in its session; a value the model
            // keeps unshaped (an array element nobody read) by its place.
            PTerm::Compound(f, args) => match (jdbc_object(f), args.as_slice()) {
                (Some(kind), [n]) => format!("{kind}#{n}"),
                _ => label.to_string(),
            },
            _ => label.to_string(),
        };
        if equate {
            self.constraints.push(format!("{label} = {shown}"));
            label.to_string()
        } else {
            shown
        }
    }

    /// A variable of a relation by its name (each relation the reader sees is over named ones).
    fn of(&self, v: &str) -> String {
        self.names.get(v).cloned().unwrap_or_else(|| "?".to_string())
    }

    /// The order of a value in a sum: the database's and the heap's values first, in the
    /// order named (`account.balance + amount`).
    fn rank(&self, v: &str) -> (bool, usize) {
        let input = self.names.get(v).is_none_or(|n| !n.contains(['.', '#']));
        (input, self.order.get(v).copied().unwrap_or(usize::MAX))
    }
}
fn jdbc_object(functor: &str) -> Option<&'static str> {
    match functor {
        "conn" => Some("connection"),
        "stmt" => Some("statement"),
        "pstmt" => Some("prepared_statement"),
        "rs" => Some("result_set"),
        _ => None,
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
/// A first reading names every value after its first place; the values the case computed that
/// an equation defines are then shown by their definitions, in a second reading.
fn case_view(method: &Method, clause: &str, shown: Option<&str>, schema: Option<&Schema>) -> CaseView {
    let Ok((head, _)) = parse_prefix(clause) else { return CaseView::default() };
    let shown = shown.and_then(|s| parse_prefix(s).ok()).map(|(t, _)| t);
    let mut names = Names::default();
    read_case(method, &head, shown.as_ref(), schema, &mut names);
    let Some(shown) = &shown else { return read_case(method, &head, None, schema, &mut Names::default()) };
    let mut system = System::of(shown);
    // Computed: the result, what the case wrote (primed) and what nothing names (clpz's).
    let computed = |v: &str| names.names.get(v).is_none_or(|n| n == "result" || n.ends_with('\''));
    system.define(&computed);
    let seen = |v: &str| names.names.contains_key(v);
    // Then clpz's numbers from what is left, for the bounds their domains put on the values
    // that define them (`result <= t` from `D = t - result`, `D in 0..86399999`).
    system.define(&|v: &str| !seen(v));
    let (domains, relations) = system.constraints(&seen);
    let name = |v: &str| names.of(v);
    let rank = |v: &str| names.rank(v);
    let definitions: HashMap<String, String> = system
        .definitions
        .iter()
        .filter(|(v, _)| seen(v))
        .map(|(v, d)| (v.clone(), expression_text(&d.value, &name, &rank)))
        .collect();
    let mut readable: Vec<String> = domains.iter().filter_map(|(v, rs)| domain_text(&names.of(v), rs)).collect();
    readable.extend(relations.iter().map(|r| relation_text(r, &name, &rank)));
    let mut second = Names { names: names.names.clone(), order: names.order.clone(), definitions, constraints: Vec::new() };
    let mut view = read_case(method, &head, Some(shown), schema, &mut second);
    for constraint in readable {
        if !second.constraints.contains(&constraint) {
            second.constraints.push(constraint);
        }
    }
    view.constraints = second.constraints;
    view
}

/// The parts of a case as `names` name them (the constraints: only those the places equate).
fn read_case(method: &Method, head: &PTerm, shown: Option<&PTerm>, schema: Option<&Schema>, names: &mut Names) -> CaseView {
    let mut view = CaseView::default();
    let [inputs, ret, ex, events] = head.args() else { return view };
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
    let mut fixture: &[PTerm] = &[];
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
            (("db", 3), [PTerm::List(first), PTerm::List(last), PTerm::List(starts)]) => {
                fixture = first;
                view.database_before = tables(first, schema, names, "");
                // Named here, shown as changes (below).
                tables(last, schema, names, "'");
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
            view.heap_before = initial.iter().map(|o| object(o, method, names, "")).collect();
            view.heap_after = last.iter().map(|o| object(o, method, names, "'")).collect();
        }
    }
    if let Some([PTerm::List(absent), PTerm::List(written)]) = shown.and_then(|s| s.args().get(3)).map(PTerm::args) {
        view.database_absent = absences(absent, fixture, schema, names);
        view.database_after = changes(written, fixture, schema, names);
    }
    match ex {
        PTerm::Compound(name, args) if name == "exc" => view.exception = args.first().map(|a| exception(a, names)),
        _ if *ret == PTerm::Atom("void".into()) => view.result = Some("void".into()),
        // An exception made and returned (`exception(Term)`), shown as a thrown one is.
        _ if method.ret == Ty::Throwable && ret.functor() == ("exception", 1) => {
            view.result = ret.args().first().map(|made| format!("new {}", exception(made, names)));
        }
        _ => view.result = Some(names.value("result", ret, method.ret == Ty::Boolean, false)),
    }
    view
}

fn exception(thrown: &PTerm, names: &mut Names) -> String {
    match thrown {
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
    }
}

/// A table of the schema, if it declares one of that name.
fn declared<'a>(schema: Option<&'a Schema>, table: &str) -> Option<&'a crate::sql::schema::Table> {
    schema.and_then(|s| s.tables.iter().find(|d| d.name.eq_ignore_ascii_case(table)))
}

fn column_names(schema: Option<&Schema>, table: &str, width: usize) -> Vec<String> {
    match declared(schema, table) {
        Some(d) => d.columns.iter().map(|c| c.name.to_lowercase()).collect(),
        None => (1..=width).map(|i| format!("c{i}")).collect(),
    }
}

fn is_boolean(schema: Option<&Schema>, table: &str, column: usize) -> bool {
    declared(schema, table).and_then(|d| d.columns.get(column)).is_some_and(|c| c.sql_type == SqlType::Boolean)
}

/// The place of a row's value: `account.balance`, or `account[2].balance` among several rows.
fn place(table: &str, column: &str, row: usize, rows: usize, after: &str) -> String {
    if rows == 1 { format!("{table}.{column}{after}") } else { format!("{table}[{}].{column}{after}", row + 1) }
}

/// The tables of a database event: each row's values under the columns of the schema.
fn tables(items: &[PTerm], schema: Option<&Schema>, names: &mut Names, after: &str) -> Vec<TableView> {
    let mut views = Vec::new();
    for t in items {
        let [PTerm::Atom(table), PTerm::List(rows)] = t.args() else { continue };
        let width = rows.first().map_or(0, |r| if let PTerm::List(v) = r { v.len() } else { 0 });
        let columns = column_names(schema, table, width);
        let mut view = TableView { table: table.clone(), columns: columns.clone(), rows: Vec::new() };
        for (r, row) in rows.iter().enumerate() {
            let PTerm::List(values) = row else { continue };
            let cells = values
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let column = columns.get(i).cloned().unwrap_or_else(|| format!("c{}", i + 1));
                    names.value(&place(table, &column, r, rows.len(), after), v, is_boolean(schema, table, i), false)
                })
                .collect();
            view.rows.push(cells);
        }
        views.push(view);
    }
    views
}

/// The rows of `table` in the fixture of a database event.
fn fixture_rows<'a>(fixture: &'a [PTerm], table: &str) -> &'a [PTerm] {
    fixture
        .iter()
        .find_map(|t| match t.args() {
            [PTerm::Atom(name), PTerm::List(rows)] if name == table => Some(rows.as_slice()),
            _ => None,
        })
        .unwrap_or(&[])
}

fn row_values(row: &PTerm) -> &[PTerm] {
    match row {
        PTerm::List(values) => values,
        _ => &[],
    }
}

/// The key columns of a table: its primary key's, else all of them.
fn key_columns(schema: Option<&Schema>, table: &str, columns: &[String]) -> Vec<usize> {
    let key = declared(schema, table).and_then(|d| d.primary_key.as_ref()).map(|k| k.columns.clone()).unwrap_or_default();
    let positions: Vec<usize> =
        key.iter().filter_map(|k| columns.iter().position(|c| c.eq_ignore_ascii_case(k))).collect();
    if positions.is_empty() { (0..columns.len()).collect() } else { positions }
}

/// A required row's key, as the reader sees it.
fn row_key(
    table: &str,
    columns: &[String],
    keys: &[usize],
    before: &[PTerm],
    (index, count): (usize, usize),
    schema: Option<&Schema>,
    names: &mut Names,
) -> Vec<ColumnValue> {
    keys.iter()
        .filter_map(|&i| {
            let value = before.get(i)?;
            let label = place(table, &columns[i], index, count, "");
            Some(ColumnValue { column: columns[i].clone(), value: names.value(&label, value, is_boolean(schema, table, i), false) })
        })
        .collect()
}

/// What the case changed, from the written tables' rows with their origins (`db:shown/4`).
fn changes(written: &[PTerm], fixture: &[PTerm], schema: Option<&Schema>, names: &mut Names) -> Vec<TableChanges> {
    let mut views = Vec::new();
    for t in written {
        let [PTerm::Atom(table), PTerm::List(rows)] = t.args() else { continue };
        let initial = fixture_rows(fixture, table);
        let width = rows.first().map_or(0, |r| r.args().get(2).map_or(0, |v| row_values(v).len()));
        let columns = column_names(schema, table, width);
        let keys = key_columns(schema, table, &columns);
        let mut view = TableChanges { table: table.clone(), columns: columns.clone(), ..TableChanges::default() };
        let inserted_count = rows.iter().filter(|r| matches!(r.args().first(), Some(PTerm::Atom(o)) if o == "inserted")).count();
        let mut inserted_index = 0;
        for row in rows {
            let [origin, PTerm::Atom(status), values] = row.args() else { continue };
            let values = row_values(values);
            match (origin.functor(), origin.args(), status.as_str()) {
                (("initial", 1), [PTerm::Int(n)], status) => {
                    let index = usize::try_from(*n - 1).unwrap_or(0);
                    let before = initial.get(index).map(row_values).unwrap_or(&[]);
                    let key = row_key(table, &columns, &keys, before, (index, initial.len()), schema, names);
                    if status == "deleted" {
                        view.deleted.push(key);
                        continue;
                    }
                    let set: Vec<ColumnValue> = values
                        .iter()
                        .enumerate()
                        .filter(|(i, v)| before.get(*i) != Some(*v))
                        .map(|(i, v)| {
                            let label = place(table, &columns[i], index, initial.len(), "'");
                            ColumnValue { column: columns[i].clone(), value: names.value(&label, v, is_boolean(schema, table, i), false) }
                        })
                        .collect();
                    if !set.is_empty() {
                        view.updated.push(RowUpdate { key, set });
                    }
                }
                (("inserted", 0), _, "alive") => {
                    let cells = values
                        .iter()
                        .enumerate()
                        .map(|(i, v)| {
                            let label = place(table, &columns[i], inserted_index, inserted_count, "'");
                            names.value(&label, v, is_boolean(schema, table, i), false)
                        })
                        .collect();
                    inserted_index += 1;
                    view.inserted.push(cells);
                }
                _ => {}
            }
        }
        if !(view.inserted.is_empty() && view.updated.is_empty() && view.deleted.is_empty()) {
            views.push(view);
        }
    }
    views
}

/// The bindings of a negative constraint: alias, table, and how many rows it already ranged over.
struct Binding {
    alias: String,
    table: String,
    known: i128,
}

/// The rows the case requires to be absent (`db:shown/4`'s negative constraints), each
/// condition over the columns; those a required row's primary key already implies (no other
/// row with the key of a required one) left out.
fn absences(absent: &[PTerm], fixture: &[PTerm], schema: Option<&Schema>, names: &mut Names) -> Vec<AbsentView> {
    let mut views: Vec<AbsentView> = Vec::new();
    // Oldest first: the order of the statements that made them.
    for a in absent.iter().rev() {
        let [cond, PTerm::List(bindings)] = a.args() else { continue };
        let bindings: Vec<Binding> = bindings
            .iter()
            .filter_map(|b| match b.args() {
                [PTerm::Atom(alias), PTerm::Atom(table), PTerm::Int(known)] => {
                    Some(Binding { alias: alias.clone(), table: table.clone(), known: *known })
                }
                _ => None,
            })
            .collect();
        if bindings.is_empty() {
            continue;
        }
        let reader = Condition { bindings: &bindings, schema };
        let condition = reader.text(cond, names);
        let columns = reader.pattern(cond, names).filter(|_| bindings.len() == 1);
        if bindings.iter().all(|b| b.known > 0 && key_of_required(b, cond, fixture, schema)) {
            continue;
        }
        let tables = if bindings.len() == 1 {
            vec![bindings[0].table.clone()]
        } else {
            bindings.iter().map(|b| format!("{} {}", b.table, b.alias)).collect()
        };
        let view = AbsentView { tables, condition, columns, besides_required: bindings.iter().any(|b| b.known > 0) };
        if !views.contains(&view) {
            views.push(view);
        }
    }
    views
}

/// Whether `cond` pins the primary key of the binding's table to the key of one of its
/// required rows: a row the case did not require cannot have that key.
fn key_of_required(binding: &Binding, cond: &PTerm, fixture: &[PTerm], schema: Option<&Schema>) -> bool {
    let Some(key) = declared(schema, &binding.table).and_then(|d| d.primary_key.as_ref()) else { return false };
    let mut pinned: Vec<(&str, &str, &PTerm)> = Vec::new();
    equalities(cond, &mut pinned);
    let columns = column_names(schema, &binding.table, 0);
    fixture_rows(fixture, &binding.table).iter().any(|row| {
        let values = row_values(row);
        key.columns.iter().all(|k| {
            let Some(i) = columns.iter().position(|c| c.eq_ignore_ascii_case(k)) else { return false };
            // The clause and its shown term name their variables alike.
            pinned.iter().any(|(alias, c, v)| {
                *alias == binding.alias && c.eq_ignore_ascii_case(k) && values.get(i) == Some(*v)
            })
        })
    })
}

/// The `alias.column = val(V)` conjuncts of a condition.
fn equalities<'a>(cond: &'a PTerm, out: &mut Vec<(&'a str, &'a str, &'a PTerm)>) {
    match (cond.functor(), cond.args()) {
        (("and", 2), [a, b]) => {
            equalities(a, out);
            equalities(b, out);
        }
        (("cmp", 3), [PTerm::Atom(op), x, y]) if op == "eq" => {
            for (c, v) in [(x, y), (y, x)] {
                if let ([PTerm::Atom(alias), PTerm::Atom(column)], ("val", 1)) = (c.args(), v.functor())
                    && c.functor().0 == "col"
                {
                    out.push((alias, column, &v.args()[0]));
                }
            }
        }
        _ => {}
    }
}

/// Reads a compiled SQL condition (`db.pl`'s terms) as SQL over the bindings' columns.
struct Condition<'a> {
    bindings: &'a [Binding],
    schema: Option<&'a Schema>,
}

impl Condition<'_> {
    fn text(&self, cond: &PTerm, names: &mut Names) -> String {
        match (cond.functor(), cond.args()) {
            (("true", 0), _) => "true".to_string(),
            (("and", 2), [a, b]) => format!("{} and {}", self.text(a, names), self.text(b, names)),
            (("or", 2), [a, b]) => format!("({} or {})", self.text(a, names), self.text(b, names)),
            // NOT b = true on a boolean column: b = false.
            (("not", 1), [inner]) => match (inner.functor(), inner.args()) {
                (("cmp", 3), [PTerm::Atom(op), x, PTerm::Compound(f, b)]) if op == "eq" && f == "bool" => {
                    let negated = matches!(b[..], [PTerm::Int(0)]);
                    format!("{} = {negated}", self.expr(x, false, names))
                }
                _ => format!("not ({})", self.text(inner, names)),
            },
            (("is_null", 1), [e]) => format!("{} is null", self.expr(e, false, names)),
            (("between", 3), [e, l, h]) => {
                format!("{} between {} and {}", self.expr(e, false, names), self.expr(l, false, names), self.expr(h, false, names))
            }
            (("in", 2), [e, PTerm::List(items)]) => {
                let boolean = self.is_boolean(e);
                let items: Vec<String> = items.iter().map(|i| self.expr(i, boolean, names)).collect();
                format!("{} in ({})", self.expr(e, false, names), items.join(", "))
            }
            (("cmp", 3), [PTerm::Atom(op), x, y]) => {
                let symbol = match op.as_str() {
                    "eq" => "=",
                    "ne" => "<>",
                    "lt" => "<",
                    "le" => "<=",
                    "gt" => ">",
                    _ => ">=",
                };
                let boolean = self.is_boolean(x) || self.is_boolean(y);
                format!("{} {symbol} {}", self.expr(x, boolean, names), self.expr(y, boolean, names))
            }
            (("like", 2), [e, p]) => format!("{} like {}", self.expr(e, false, names), self.expr(p, false, names)),
            _ => "(a condition not shown)".to_string(),
        }
    }

    /// A conjunction of columns equal to values, as those columns (`NOT b` as `b` false).
    fn pattern(&self, cond: &PTerm, names: &mut Names) -> Option<Vec<ColumnValue>> {
        let mut cells = Vec::new();
        self.cells(cond, names, &mut cells).then_some(cells)
    }

    fn cells(&self, cond: &PTerm, names: &mut Names, out: &mut Vec<ColumnValue>) -> bool {
        let column = |e: &PTerm| e.functor() == ("col", 2);
        match (cond.functor(), cond.args()) {
            (("and", 2), [a, b]) => self.cells(a, names, out) && self.cells(b, names, out),
            (("cmp", 3), [PTerm::Atom(op), x, y]) if op == "eq" && column(x) != column(y) => {
                let (c, v) = if column(x) { (x, y) } else { (y, x) };
                let boolean = self.is_boolean(c);
                out.push(ColumnValue { column: self.expr(c, false, names), value: self.expr(v, boolean, names) });
                true
            }
            (("not", 1), [inner]) => match (inner.functor(), inner.args()) {
                (("cmp", 3), [PTerm::Atom(op), x, PTerm::Compound(f, b)]) if op == "eq" && f == "bool" && column(x) => {
                    let value = matches!(b[..], [PTerm::Int(0)]).to_string();
                    out.push(ColumnValue { column: self.expr(x, false, names), value });
                    true
                }
                _ => false,
            },
            _ => false,
        }
    }

    /// Whether `e` is a boolean column.
    fn is_boolean(&self, e: &PTerm) -> bool {
        let [PTerm::Atom(alias), PTerm::Atom(column)] = e.args() else { return false };
        e.functor().0 == "col"
            && self.bindings.iter().find(|b| &b.alias == alias).is_some_and(|b| {
                declared(self.schema, &b.table)
                    .and_then(|d| d.columns.iter().find(|c| c.name.eq_ignore_ascii_case(column)))
                    .is_some_and(|c| c.sql_type == SqlType::Boolean)
            })
    }

    fn expr(&self, e: &PTerm, boolean: bool, names: &mut Names) -> String {
        match (e.functor(), e.args()) {
            (("col", 2), [PTerm::Atom(alias), PTerm::Atom(column)]) => {
                if self.bindings.len() == 1 { column.to_lowercase() } else { format!("{alias}.{}", column.to_lowercase()) }
            }
            // A value nothing names (one the case computed, not shown): `?`.
            (("val", 1), [PTerm::Var(v)]) if !names.names.contains_key(v) && !names.definitions.contains_key(v) => {
                "?".to_string()
            }
            (("val", 1), [v]) => names.value("?", v, boolean, false),
            (("int", 1), [PTerm::Int(n)]) => n.to_string(),
            (("bool", 1), [PTerm::Int(b)]) => (*b == 1).to_string(),
            (("str", 1), [PTerm::List(codes)]) => {
                let text: String = codes
                    .iter()
                    .filter_map(|c| match c {
                        PTerm::Int(n) => u32::try_from(*n).ok().and_then(char::from_u32),
                        PTerm::Atom(a) => a.chars().next(),
                        _ => None,
                    })
                    .collect();
                format!("'{}'", text.replace('\'', "''"))
            }
            (("null", 0), _) => "NULL".to_string(),
            (("neg", 1), [x]) => format!("-{}", self.expr(x, false, names)),
            (("as", 2), [_, x]) | (("looked_at", 1), [x]) => self.expr(x, boolean, names),
            (("arith", 3), [PTerm::Atom(op), a, b]) => {
                let symbol = match op.as_str() {
                    "add" => "+",
                    "sub" => "-",
                    "mul" => "*",
                    "div" => "/",
                    "mod" => "%",
                    _ => "||",
                };
                format!("({} {symbol} {})", self.expr(a, false, names), self.expr(b, false, names))
            }
            (("fn", 2), [PTerm::Atom(f), PTerm::List(args)]) => {
                let args: Vec<String> = args.iter().map(|a| self.expr(a, false, names)).collect();
                format!("{}({})", f.to_uppercase(), args.join(", "))
            }
            _ => "?".to_string(),
        }
    }
}

/// An object or array of a heap event, its fields in the class's order, each under its name
/// when the method knows the class's layout (else `f1`, `f2`, ...).
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
                    let field = layout.and_then(|l| l.fields.get(i)).map_or_else(|| format!("f{}", i + 1), |d| d.name.clone());
                    let boolean = layout.and_then(|l| l.fields.get(i)).is_some_and(|d| d.ty == Ty::Boolean);
                    let value = names.value(&format!("object#{id}.{field}{after}"), f, boolean, false);
                    format!("{field}={value}")
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
        _ => names.value("?", term, false, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_defined_value_reads_as_its_definition() {
        let mut names = Names::default();
        let (balance, _) = parse_prefix("A").expect("term");
        assert_eq!(names.value("account.balance'", &balance, false, false), "account.balance'");
        names.definitions.insert("A".into(), "account.balance - amount".into());
        assert_eq!(names.value("account.balance'", &balance, false, false), "account.balance - amount");
    }

    #[test]
    fn an_absence_reads_as_sql_over_the_columns() {
        let bindings = [Binding { alias: "account".into(), table: "account".into(), known: 0 }];
        let reader = Condition { bindings: &bindings, schema: None };
        let mut names = Names::default();
        let (id, _) = parse_prefix("A").expect("term");
        names.value("accountId", &id, false, false);
        let (cond, _) =
            parse_prefix("and(cmp(eq,col(account,id),val(A)),not(cmp(eq,col(account,frozen),bool(1))))").expect("term");
        assert_eq!(reader.text(&cond, &mut names), "id = accountId and frozen = false");
        let columns = reader.pattern(&cond, &mut names).expect("columns fixed");
        assert_eq!(cells(&columns), "id=accountId, frozen=false");
    }
}
