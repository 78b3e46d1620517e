//! Runs `explore:paths/3` for a method and decodes its text into labelled paths.

use super::engine::{Engine, EngineError};
use super::term::{PTerm, parse_terms};
use super::translate::{case_pred, entry_pred, raw_case_pred};
use crate::ir::MethodKey;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Branch { method: String, id: u32, taken: bool },
    Iteration { method: String, loop_id: u32 },
    /// The method executed a `throw` statement.
    Thrown { method: String },
    /// A token read from the input (`Scanner.nextInt`).
    InputToken { value: Value },
    /// A token follows (`hasNext` was true).
    InputFollows,
    /// The input ends here.
    InputEnds,
    /// The path's database (its last event, for a method that uses one): per table, the initial
    /// rows, the final rows of the tables it wrote, and the value each table's identity column
    /// restarts at (for the tables whose identity gave values).
    Database {
        fixture: Vec<(String, Vec<Vec<Value>>)>,
        final_rows: Vec<(String, Vec<Vec<Value>>)>,
        identity_starts: Vec<(String, i128)>,
    },
    /// The method entered the block of a try statement; `depth` tells apart the active calls
    /// of a recursive method.
    TryEntered { method: String, depth: u32 },
    /// An exception raised by an operation or a callee interrupted the method inside a try
    /// statement.
    Interrupted { method: String, depth: u32 },
    /// The path's heap (for a method whose inputs or result may be objects; before a database
    /// event): the input objects as they were before the call, and every object after it.
    /// `unseen` lists the fields of input objects that the path never looked at, as (object
    /// id, index in the layout): any value does there (a labelled path names them).
    Heap { initial: Vec<HeapObject>, final_objects: Vec<HeapObject>, unseen: Vec<(u32, usize)> },
    /// The path read the clock and holds on some days only (its first event, on an unknown
    /// path): no test can follow it whatever day it runs.
    ClockDecides,
}

/// An object of the symbolic heap: its fields' values in its class's layout order; or an
/// array, whose `class` is the element type (`int`, `long`, `boolean`, `string`, or a class)
/// and whose `fields` are its elements; or a list, an array whose `class` is `List<E>` with E
/// `int` or a class.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeapObject {
    pub id: u32,
    pub class: String,
    pub fields: Vec<Value>,
    pub array: bool,
}

/// A labelled value as the engine writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Value {
    /// An int, a long or a boolean (0/1).
    Int(i128),
    Str(String),
    Null,
    /// The method's database connection (the runtime's `conn`).
    Connection,
    /// A `Scanner` argument (the runtime's `scanner`), over the tokens the path reads.
    Scanner,
    /// A connection the code opened itself (the runtime's `conn(Id)`).
    OpenedConnection,
    /// The test's `DataSource` (the runtime's `datasource`).
    DataSource,
    /// The test's implementation of an interface whose methods return connections (the
    /// runtime's `proxy`).
    ConnectionProxy,
    /// A reference to the object of the path's heap with this id.
    Ref(u32),
    /// An `Optional` holding nothing (the runtime's `empty`).
    Empty,
    /// An `Optional` holding this value (the runtime's `present(V)`).
    Present(Box<Value>),
    /// An exception made by `new X(...)` and returned, not thrown: its class and what its
    /// constructor gave it (the runtime's `exception(Term)`).
    Exception(String, Option<Box<Carried>>),
    /// A value the clock's reading determines (the runtime's `clock(Low, High)`): whatever day
    /// the test runs, it lies within these bounds, and nothing more is known of it.
    Clock { low: i128, high: i128 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The returned value; `None` for a void method.
    Return(Option<Value>),
    /// The fully qualified class of the exception thrown, for an SQLException the database
    /// raised the violation it reports (`unique`, `foreign_key`, … of `db:violation/2`), and
    /// for an exception a `throw new` of the code made, what its constructor gave it.
    Throw(String, Option<String>, Option<Carried>),
}

/// What a thrown exception carries, as a `throw new` of the code made it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Carried {
    /// Its message (`Value::Str` or `Value::Null`); `None` when the path does not determine it.
    pub message: Option<Value>,
    /// The fully qualified class of its cause; `None` for no cause.
    pub cause: Option<String>,
    /// The fields of an exception class of the sources that its getters return.
    pub fields: Vec<CarriedField>,
}

/// A field a thrown exception carries, read back by a test through its getter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarriedField {
    pub getter: String,
    /// `int`, `long`, `boolean` or `string`.
    pub ty: String,
    pub value: Value,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PathResult {
    /// A path with inputs that drive the JVM along it, and what the JVM then does.
    Feasible { inputs: Vec<Value>, outcome: Outcome, events: Vec<Event> },
    /// A path whose constraints have no solution.
    Infeasible { events: Vec<Event> },
    /// A path for which labelling ran out of budget.
    Unknown { events: Vec<Event> },
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exploration {
    pub paths: Vec<PathResult>,
    /// Finding the next path ran out of budget: the paths listed are not all there are.
    pub budget_exhausted: bool,
    /// Where and why the first budget ran out, when `budget_exhausted`.
    pub stall: Option<Stall>,
    /// The loops where the bound k cut a path (`jvm:loops_cut/1`), each once: the method (its
    /// key as text, a callee's when run inline) and the loop's id.
    pub loops_cut: Vec<(String, u32)>,
}

/// The first budget overrun of an exploration (`jvm:stall/1`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stall {
    pub why: StallReason,
    /// The branch the path had last reached: the method (its key as text) and the branch's id.
    pub at: Option<(String, u32)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StallReason {
    /// Finding the next path took more than the search budget (deciding a branch).
    Search,
    /// The same, in the SQL statements the path runs after its last branch.
    SearchSql,
    /// The same, in arithmetic after the path's last branch.
    SearchArithmetic,
    /// A comparison's propagation stalled (deciding a branch).
    Comparison,
    /// An SQL condition's propagation stalled.
    Sql,
    /// An arithmetic constraint's propagation stalled.
    Arithmetic,
    /// A callee's summary case, composed, did not propagate within its budget (`jvm:composed/2`).
    Summary,
    /// The path needs what the model does not follow (`jvm:abandon/0`).
    Model,
    /// H2 and PostgreSQL, which the tests of a schema in PostgreSQL's dialect run on, behave
    /// differently on the path (`jvm:abandon(engines)`).
    Engines,
}

/// `stall(Why, Where)` as `explore:cases/4` writes it after `%% budget_exhausted`.
fn stall(text: &str) -> Option<Stall> {
    let term = parse_terms(&format!("{text}.")).ok()?.into_iter().next()?;
    let [why, at] = term.args() else { return None };
    let why = match (why.functor(), why.args()) {
        (("search", 0), _) => StallReason::Search,
        (("search", 1), [kind]) => match kind.functor() {
            ("sql", 0) => StallReason::SearchSql,
            ("arithmetic", 0) => StallReason::SearchArithmetic,
            _ => StallReason::Search,
        },
        (("model", 0), _) => StallReason::Model,
        (("engines", 0), _) => StallReason::Engines,
        (("solving", 1), [kind]) => match kind.functor() {
            ("comparison", 0) => StallReason::Comparison,
            ("sql", 0) => StallReason::Sql,
            ("summary", 0) => StallReason::Summary,
            _ => StallReason::Arithmetic,
        },
        _ => return None,
    };
    let at = match at.args() {
        [PTerm::Atom(method), PTerm::Int(branch)] => Some((method.clone(), u32::try_from(*branch).ok()?)),
        _ => None,
    };
    Some(Stall { why, at })
}

/// `[Method-Loop, ...]` as `explore:cases/4` writes it after `%% loops_cut`.
fn loops_cut(text: &str) -> Vec<(String, u32)> {
    let Some(PTerm::List(pairs)) = parse_terms(&format!("{text}.")).ok().and_then(|t| t.into_iter().next()) else {
        return Vec::new();
    };
    pairs
        .iter()
        .filter_map(|pair| match pair.args() {
            [PTerm::Atom(method), PTerm::Int(id)] => Some((method.clone(), u32::try_from(*id).ok()?)),
            _ => None,
        })
        .collect()
}

/// Enumerates the paths of `key`, whose clauses the engine has loaded, and labels each with
/// at most `budget` inferences per attempt.
pub fn explore(engine: &mut Engine, key: &MethodKey, budget: u64) -> Result<Exploration, EngineError> {
    explore_with_summary(engine, key, budget).map(|(exploration, _)| exploration)
}

/// A method's summary as `explore_with_summary` finds it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cases {
    /// One clause of `case_pred(key)` per path that is not infeasible, with the path's
    /// constraints before labelling, one per line.
    pub clauses: String,
    /// For each clause, what `hornet summaries` shows of it (`explore:shown/3`, as text whose
    /// variables are the clause's).
    pub shown: Vec<String>,
    /// The clauses of `case_pred(key)` callers compose: a path that used the database without
    /// its own database (`explore:composed_clause/3`), each distinct clause once.
    pub composed: String,
}

/// As `explore`, and also returns the method's summary.
pub fn explore_with_summary(
    engine: &mut Engine,
    key: &MethodKey,
    budget: u64,
) -> Result<(Exploration, Cases), EngineError> {
    let raw = raw_case_pred(key);
    let goal = format!("explore:cases({}, {budget}, {raw}, Text)", entry_pred(key));
    let output = engine.query_text(&goal)?.unwrap_or_default();
    let exhausted = output.lines().find_map(|l| l.strip_prefix("%% budget_exhausted"));
    let budget_exhausted = exhausted.is_some();
    let stall = exhausted.and_then(|rest| stall(rest.trim()));
    let loops_cut = output.lines().find_map(|l| l.strip_prefix("%% loops_cut")).map(|l| loops_cut(l.trim())).unwrap_or_default();
    // Each clause is followed by the line `%% shown Term.` (explore:shown/3), for a path that
    // used the database by `%% composed Clause.` (explore:composed_clause/3), and by the path
    // labelled, `%% labelled Term.` (explore:labelled_line/7).
    let mut clauses: Vec<&str> = Vec::new();
    let mut shown: Vec<&str> = Vec::new();
    let mut composed: Vec<Option<&str>> = Vec::new();
    let mut text = String::new();
    for line in output.lines() {
        if let Some(term) = line.strip_prefix("%% shown ") {
            shown.push(term);
        } else if let Some(clause) = line.strip_prefix("%% composed ") {
            if let Some(last) = composed.last_mut() {
                *last = Some(clause);
            }
        } else if let Some(term) = line.strip_prefix("%% labelled ") {
            text.push_str(term);
            text.push('\n');
        } else if !line.starts_with("%%") {
            clauses.push(line);
            composed.push(None);
        }
    }
    let malformed = |detail: String| EngineError::Query { goal: goal.clone(), exception: detail };
    let terms = parse_terms(&text).map_err(|e| {
        let from = text.floor_char_boundary(e.at.saturating_sub(40));
        let to = text.ceil_char_boundary((e.at + 40).min(text.len()));
        malformed(format!("{e} near `{}`", &text[from..to]))
    })?;
    if terms.len() != clauses.len() {
        return Err(malformed(format!("{} labelled paths for {} cases", terms.len(), clauses.len())));
    }
    let mut exploration = Exploration { paths: Vec::new(), budget_exhausted, stall, loops_cut };
    let mut summary = Cases::default();
    let mut composed_seen: HashSet<&str> = HashSet::new();
    let case = case_pred(key);
    for (i, (term, clause)) in terms.iter().zip(&clauses).enumerate() {
        let path = match term.functor() {
            ("path", 3) => {
                let args = term.args();
                PathResult::Feasible {
                    inputs: values(&args[0]).ok_or_else(|| malformed(format!("inputs {term:?}")))?,
                    outcome: outcome(&args[1]).ok_or_else(|| malformed(format!("outcome {term:?}")))?,
                    events: events(&args[2]).ok_or_else(|| malformed(format!("events {term:?}")))?,
                }
            }
            ("infeasible", 1) => PathResult::Infeasible {
                events: events(&term.args()[0]).ok_or_else(|| malformed(format!("{term:?}")))?,
            },
            ("unknown", 1) => PathResult::Unknown {
                events: events(&term.args()[0]).ok_or_else(|| malformed(format!("{term:?}")))?,
            },
            _ => return Err(malformed(format!("unexpected {term:?}"))),
        };
        if !matches!(path, PathResult::Infeasible { .. }) {
            // The case clause is the raw clause under the summary's own name.
            summary.clauses.push_str(&case);
            summary.clauses.push_str(clause.strip_prefix(raw.as_str()).unwrap_or(clause));
            summary.clauses.push('\n');
            summary.shown.push(shown.get(i).map(|s| s.to_string()).unwrap_or_default());
            let clause = composed[i].unwrap_or(clause);
            if composed_seen.insert(clause) {
                summary.composed.push_str(&case);
                summary.composed.push_str(clause.strip_prefix(raw.as_str()).unwrap_or(clause));
                summary.composed.push('\n');
            }
        }
        exploration.paths.push(path);
    }
    Ok((exploration, summary))
}

/// The program text that defines the case predicate `pred` by `clauses` (possibly none).
///
/// Not with `:- dynamic`, which would also allow zero clauses: scryer 0.10 finds the code of
/// a predicate whose clauses bind an attributed variable by its neighbours in the code
/// directory, which for a dynamic predicate spans other predicates' code; a large clause there
/// overflows its 256 registers (a panic). An empty case predicate is one clause that fails.
pub fn case_program(pred: &str, clauses: &str) -> String {
    if clauses.trim().is_empty() {
        format!("{pred}(_, _, _, _) :- false.\n")
    } else {
        format!("{clauses}\n")
    }
}

fn values(term: &PTerm) -> Option<Vec<Value>> {
    match term {
        PTerm::List(items) => items.iter().map(value).collect(),
        _ => None,
    }
}

/// `42`, `null`, a string `s(Len, Codes)` (codes past Len are padding), a box `box(42)`
/// (its value: the type says it is boxed), or the bounds `clock(Low, High)` of a value the
/// clock determines (also in a box).
fn value(term: &PTerm) -> Option<Value> {
    match (term, term.args()) {
        (PTerm::Int(v), _) => Some(Value::Int(*v)),
        (PTerm::Compound(f, _), [PTerm::Int(v)]) if f == "box" => Some(Value::Int(*v)),
        (PTerm::Compound(f, _), [PTerm::Int(low), PTerm::Int(high)]) if f == "clock" => Some(Value::Clock { low: *low, high: *high }),
        (PTerm::Compound(f, _), [clock]) if f == "box" && clock.functor() == ("clock", 2) => value(clock),
        // An enum constant's position (the type says which enum), -1 for null.
        (PTerm::Compound(f, _), [PTerm::Int(v)]) if f == "e" => Some(Value::Int(*v)),
        (PTerm::Atom(a), _) if a == "null" => Some(Value::Null),
        (PTerm::Atom(a), _) if a == "conn" => Some(Value::Connection),
        (PTerm::Atom(a), _) if a == "scanner" => Some(Value::Scanner),
        (PTerm::Atom(a), _) if a == "datasource" => Some(Value::DataSource),
        (PTerm::Atom(a), _) if a == "proxy" => Some(Value::ConnectionProxy),
        (PTerm::Atom(a), _) if a == "empty" => Some(Value::Empty),
        (PTerm::Compound(f, _), [held]) if f == "present" => value(held).map(|v| Value::Present(Box::new(v))),
        (PTerm::Compound(f, _), [PTerm::Int(_)]) if f == "conn" => Some(Value::OpenedConnection),
        (PTerm::Compound(f, _), [PTerm::Int(id)]) if f == "r" => u32::try_from(*id).ok().map(Value::Ref),
        // The cause a test gives an exception's constructor: `'Class'(Message, null)`.
        (PTerm::Compound(class, _), [message, PTerm::Atom(cause)]) if class.contains('.') && cause == "null" => {
            let carried = Carried { message: Some(value(message)?), cause: None, fields: Vec::new() };
            Some(Value::Exception(class.clone(), Some(Box::new(carried))))
        }
        (PTerm::Compound(f, _), [PTerm::Int(len), PTerm::List(codes)]) if f == "s" => {
            let len = usize::try_from(*len).ok()?;
            codes
                .iter()
                .take(len)
                .map(|c| match c {
                    PTerm::Int(code) => u32::try_from(*code).ok().and_then(char::from_u32),
                    _ => None,
                })
                .collect::<Option<String>>()
                .map(Value::Str)
        }
        _ => None,
    }
}

/// `[o(Id, Class, [V, ...]), a(Id, Elem, Length, [V, ...]), ...]`; as for database rows, a
/// value left unbound reads as null.
fn objects(term: &PTerm) -> Option<Vec<HeapObject>> {
    let PTerm::List(objects) = term else { return None };
    objects
        .iter()
        .map(|object| match (object.functor(), object.args()) {
            (("o", 3), [PTerm::Int(id), PTerm::Atom(class), PTerm::List(fields)]) => Some(HeapObject {
                id: u32::try_from(*id).ok()?,
                class: class.clone(),
                fields: fields.iter().map(|v| value(v).unwrap_or(Value::Null)).collect(),
                array: false,
            }),
            // An array: its length, then its elements and their padding.
            // The length is an integer on a labelled path; on an unknown one it may not be.
            (("a", 4), [PTerm::Int(id), elem, length, PTerm::List(elements)]) => {
                let length = match length {
                    PTerm::Int(length) => *length,
                    _ => 0,
                };
                let element = |elem: &PTerm| match (elem.functor(), elem.args()) {
                    (("obj", 1), [PTerm::Atom(class)]) => Some(class.clone()),
                    (_, []) => match elem {
                        PTerm::Atom(kind) => Some(kind.clone()),
                        _ => None,
                    },
                    _ => None,
                };
                // A map's key and value kinds: `string`, or `box(Kind)` (the box's primitive).
                let held = |held: &PTerm| match (held.functor(), held.args()) {
                    (("box", 1), [kind]) => element(kind),
                    _ => element(held),
                };
                let (class, slots) = match (elem.functor(), elem.args()) {
                    (("list", 1), [inner]) => (format!("List<{}>", element(inner)?), 1),
                    // Its entries are pairs: key, then value.
                    (("map", 2), [key, value]) => (format!("Map<{},{}>", held(key)?, held(value)?), 2),
                    _ => (element(elem)?, 1),
                };
                let length = usize::try_from(length).ok()? * slots;
                Some(HeapObject {
                    id: u32::try_from(*id).ok()?,
                    class,
                    fields: elements.iter().take(length).map(|v| value(v).unwrap_or(Value::Null)).collect(),
                    array: true,
                })
            }
            _ => None,
        })
        .collect()
}

/// `[table(Name, [[V, ...], ...]), ...]`; a value left unbound is a NULL nothing looked at.
/// Only feasible paths are labelled: the rows of an infeasible or unknown path may hold
/// values that are not ground, which nobody reads (they read as NULL here).
fn tables(term: &PTerm) -> Option<Vec<(String, Vec<Vec<Value>>)>> {
    let PTerm::List(tables) = term else { return None };
    tables
        .iter()
        .map(|table| match (table.functor(), table.args()) {
            (("table", 2), [PTerm::Atom(name), PTerm::List(rows)]) => {
                let rows = rows
                    .iter()
                    .map(|row| match row {
                        PTerm::List(values) => values
                            .iter()
                            .map(|v| Some(value(v).unwrap_or(Value::Null)))
                            .collect(),
                        _ => None,
                    })
                    .collect::<Option<Vec<Vec<Value>>>>()?;
                Some((name.clone(), rows))
            }
            _ => None,
        })
        .collect()
}

fn outcome(term: &PTerm) -> Option<Outcome> {
    match (term.functor(), term.args()) {
        (("return", 0), _) => Some(Outcome::Return(None)),
        (("return", 1), [v]) if v.functor().0 == "throw" => match outcome(v)? {
            Outcome::Throw(class, None, carried) => Some(Outcome::Return(Some(Value::Exception(class, carried.map(Box::new))))),
            _ => None,
        },
        (("return", 1), [v]) => Some(Outcome::Return(Some(value(v)?))),
        (("throw", 1), [PTerm::Atom(class)]) => Some(Outcome::Throw(class.clone(), None, None)),
        (("throw", 2), [PTerm::Atom(class), PTerm::Atom(violation)]) => {
            Some(Outcome::Throw(class.clone(), Some(violation.clone()), None))
        }
        (("throw", 3), [PTerm::Atom(class), message, PTerm::Atom(cause)]) => {
            let (message, cause) = carried(message, cause)?;
            Some(Outcome::Throw(class.clone(), None, Some(Carried { message, cause, fields: Vec::new() })))
        }
        (("throw", 4), [PTerm::Atom(class), message, PTerm::Atom(cause), PTerm::List(read)]) => {
            let (message, cause) = carried(message, cause)?;
            let fields = read
                .iter()
                .map(|f| match (f.functor(), f.args()) {
                    (("field", 3), [PTerm::Atom(getter), PTerm::Atom(ty), v]) => {
                        Some(CarriedField { getter: getter.clone(), ty: ty.clone(), value: value(v)? })
                    }
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Outcome::Throw(class.clone(), None, Some(Carried { message, cause, fields })))
        }
        _ => None,
    }
}

/// The message (`None` when unknown) and the cause's class (`None` for null) of a thrown
/// exception's outcome.
fn carried(message: &PTerm, cause: &str) -> Option<(Option<Value>, Option<String>)> {
    let message = match message {
        PTerm::Atom(a) if a == "unknown" => None,
        m => Some(value(m)?),
    };
    Some((message, (cause != "null").then(|| cause.to_string())))
}

fn events(term: &PTerm) -> Option<Vec<Event>> {
    let PTerm::List(items) = term else { return None };
    items
        .iter()
        .map(|e| match (e.functor(), e.args()) {
            (("br", 3), [PTerm::Atom(m), PTerm::Int(id), PTerm::Atom(outcome)]) => {
                Some(Event::Branch { method: m.clone(), id: u32::try_from(*id).ok()?, taken: outcome == "t" })
            }
            (("th", 1), [PTerm::Atom(m)]) => Some(Event::Thrown { method: m.clone() }),
            (("tr", 2), [PTerm::Atom(m), PTerm::Int(d)]) => {
                Some(Event::TryEntered { method: m.clone(), depth: u32::try_from(*d).ok()? })
            }
            (("ir", 2), [PTerm::Atom(m), PTerm::Int(d)]) => {
                Some(Event::Interrupted { method: m.clone(), depth: u32::try_from(*d).ok()? })
            }
            (("it", 2), [PTerm::Atom(m), PTerm::Int(l)]) => {
                Some(Event::Iteration { method: m.clone(), loop_id: u32::try_from(*l).ok()? })
            }
            (("in", 1), [v]) => Some(Event::InputToken { value: value(v)? }),
            (("in_more", 0), _) => Some(Event::InputFollows),
            (("in_end", 0), _) => Some(Event::InputEnds),
            (("clock_decides", 0), _) => Some(Event::ClockDecides),
            (("heap", 2), [initial, final_objects]) => Some(Event::Heap {
                initial: objects(initial)?,
                final_objects: objects(final_objects)?,
                unseen: Vec::new(),
            }),
            (("heap", 3), [initial, final_objects, PTerm::List(unseen)]) => Some(Event::Heap {
                initial: objects(initial)?,
                final_objects: objects(final_objects)?,
                unseen: unseen
                    .iter()
                    .map(|field| match (field.functor(), field.args()) {
                        (("f", 2), [PTerm::Int(id), PTerm::Int(index)]) => {
                            Some((u32::try_from(*id).ok()?, usize::try_from(*index).ok()?))
                        }
                        _ => None,
                    })
                    .collect::<Option<_>>()?,
            }),
            (("db", 3), [fixture, final_rows, PTerm::List(starts)]) => Some(Event::Database {
                fixture: tables(fixture)?,
                final_rows: tables(final_rows)?,
                identity_starts: starts
                    .iter()
                    .map(|start| match (start.functor(), start.args()) {
                        (("seq", 2), [PTerm::Atom(table), PTerm::Int(value)]) => Some((table.clone(), *value)),
                        _ => None,
                    })
                    .collect::<Option<_>>()?,
            }),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clp::translate::{Context, translate_method};
    use crate::diag::Span;
    use crate::ir::*;
    use std::collections::HashSet;

    /// `static int quot(int a, int b) { if (a >= 0) return a / b; else return -a; }`
    fn quot() -> Method {
        let span = Span::new("Q.java", 1, 1);
        let local = |n: &str, ty| LocalDecl { name: n.into(), ty };
        Method {
            key: MethodKey { class: "Q".into(), name: "quot".into(), params: vec![Ty::Int, Ty::Int] },
            ret: Ty::Int,
            kind: MethodKind::Static,
            is_private: false,
            is_implicit: false,
            span: span.clone(),
            param_count: 2,
            param_names: vec!["a".into(), "b".into()],
            locals: vec![local("a", Ty::Int), local("b", Ty::Int), local("$t0", Ty::Int)],
            blocks: vec![
                Block {
                    insts: vec![],
                    term: Terminator::Branch {
                        cond: Cond { op: CmpOp::Ge, lhs: Operand::Local(LocalId(0)), rhs: Operand::Const(0, Ty::Int) },
                        then_block: BlockId(1),
                        else_block: BlockId(2),
                        id: BranchId(0),
                    },
                    handler: None,
                },
                Block {
                    insts: vec![Inst::Assign {
                        dst: LocalId(2),
                        value: Rvalue::Binary {
                            op: BinOp::Div,
                            lhs: Operand::Local(LocalId(0)),
                            rhs: Operand::Local(LocalId(1)),
                            ty: Ty::Int,
                            span: span.clone(),
                        },
                    }],
                    term: Terminator::Return(Some(Operand::Local(LocalId(2)))),
                    handler: None,
                },
                Block {
                    insts: vec![Inst::Assign {
                        dst: LocalId(2),
                        value: Rvalue::Neg { operand: Operand::Local(LocalId(0)), ty: Ty::Int },
                    }],
                    term: Terminator::Return(Some(Operand::Local(LocalId(2)))),
                    handler: None,
                },
            ],
            branches: vec![BranchPoint { span, arm: None }],
            loops: vec![],
            strings: vec![],
            sql: vec![],
            handlers: vec![],
            exception_superclasses: vec![],
            classes: vec![],
            receivers: vec![],
            statics: vec![],
            returned_constants: vec![],
            array_lists: ArrayListSlots::default(),
            zoned: false,
            configured: false,
        }
    }

    #[test]
    fn an_overrun_after_a_branch_is_told_apart_from_one_deciding_it() {
        let at = Some(("A.f(int)".to_string(), 3));
        assert_eq!(stall("stall(search, at('A.f(int)', 3))"), Some(Stall { why: StallReason::Search, at: at.clone() }));
        assert_eq!(
            stall("stall(search(sql), at('A.f(int)', 3))"),
            Some(Stall { why: StallReason::SearchSql, at: at.clone() })
        );
        assert_eq!(
            stall("stall(search(arithmetic), none)"),
            Some(Stall { why: StallReason::SearchArithmetic, at: None })
        );
        assert_eq!(
            stall("stall(solving(summary), at('A.f(int)', 3))"),
            Some(Stall { why: StallReason::Summary, at: at.clone() })
        );
    }

    #[test]
    fn explores_every_path_with_small_inputs() {
        let method = quot();
        let none = HashSet::new();
        let text = translate_method(&method, &Context { compose: false, k: 2, recursive_callees: &none, analysed: &none, inline_callees: &none, schema: None, composed_by_callers: false });
        let mut engine = Engine::new().expect("runtime loads");
        engine.consult("quot.pl", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let exploration = explore(&mut engine, &method.key, 1_000_000).expect("explores");
        let outcomes: Vec<(Vec<Value>, Outcome)> = exploration
            .paths
            .iter()
            .filter_map(|p| match p {
                PathResult::Feasible { inputs, outcome, .. } => Some((inputs.clone(), outcome.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(
            outcomes,
            vec![
                (vec![Value::Int(0), Value::Int(0)], Outcome::Throw("java.lang.ArithmeticException".into(), None, None)),
                (vec![Value::Int(0), Value::Int(1)], Outcome::Return(Some(Value::Int(0)))),
                (vec![Value::Int(-1), Value::Int(0)], Outcome::Return(Some(Value::Int(1)))),
            ],
            "{text}"
        );
        assert!(!exploration.budget_exhausted);
    }
}
