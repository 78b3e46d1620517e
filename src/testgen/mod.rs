//! From labelled paths to test cases: typed Java values, the expected outcome, a readable name
//! per path, and the branch coverage the cases achieve within the method.

mod bound;
mod budget;
mod names;
mod construct;
pub use bound::{cut_places, fixed_loops_cut, fixed_loops_note};
pub use budget::budget_note;
pub use construct::Constructions;

use crate::clp::explore::{Carried, Event, Exploration, HeapObject, Outcome, PathResult, Value};
use crate::ir::{ClassLayout, ClassName, DateClass, JdbcType, Method, MethodKind, Primitive, Ty};
use crate::sql::Schema;
use crate::sql::schema::{Column, SqlType};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum JavaValue {
    Int(i32),
    Long(i64),
    Boolean(bool),
    /// A `double` of this many units of 2^-`FLOATING_UNIT_BITS` (`ir::Ty::Double`).
    Double(i64),
    /// A `float` of this many units of 2^-`FLOATING_UNIT_BITS`.
    Float(i64),
    Byte(i8),
    Short(i16),
    /// A `char`: its UTF-16 code unit.
    Char(u16),
    Str(String),
    Null,
    /// The test's own connection to its fresh database (a `java.sql.Connection` parameter).
    Connection,
    /// A connection the code opened to the test's database (and returned).
    OpenedConnection,
    /// A `javax.sql.DataSource` opening the test's database.
    DataSource,
    /// An implementation of this interface (fully qualified) whose methods returning a
    /// Connection open the test's database.
    ConnectionProxy(String),
    /// A `java.util.Scanner` over this text (the tokens the path reads).
    Scanner(String),
    /// The object of the case's heap with this id (`HeapCase`).
    Object(u32),
    /// A final value of a column whose type hornet does not model (`SqlType::Opaque`): the
    /// database's default or whatever the code wrote there; final rows do not check it.
    Unchecked,
    /// An `Integer`, `Long` or `Boolean` holding this int, long or boolean (never null: a null
    /// box is `Null`).
    Boxed(Box<JavaValue>),
    /// A constant of an enum of the sources: the enum's fully qualified name and the
    /// constant's.
    Enum { class: String, constant: String },
    /// A `java.util.Date`, `java.sql.Date` or `java.sql.Timestamp` (never null) of this many
    /// milliseconds since 1970-01-01T00:00 UTC; also a DATE or TIMESTAMP column's value.
    Date(DateClass, i64),
    /// A `BigDecimal` (never null) of this many units of 10^-`DECIMAL_SCALE`, written with
    /// `scale` places: a DECIMAL column's own scale (H2 gives its values that scale, and final
    /// rows compare them as text), else as few as the number needs.
    Decimal { units: i128, scale: Option<u32> },
    /// An `Optional` (never null): empty, or holding this value (never null).
    Optional(Option<Box<JavaValue>>),
    /// An exception a method made with `new X(...)` and returned (only a result): its fully
    /// qualified class and what its constructor gave it, checked through its getters.
    Exception(String, Option<Carried>),
    /// A `long` (no class) or a date of the class whose milliseconds the clock determines: on
    /// any day the test runs, within `low..=high` (asserted so, never exactly).
    Clock { class: Option<DateClass>, low: i64, high: i64 },
}

/// An object a test builds or checks: its class and its fields' values, in layout order; or
/// an array or a list: its element type and its elements, named by their index.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TestObject {
    pub id: u32,
    /// Fully qualified; for an array or a list, the element type as Java spells it (`int`,
    /// `String`, `p.Node`; `Integer` for a list of ints).
    pub class: String,
    pub fields: Vec<(String, JavaValue)>,
    pub kind: ObjectKind,
    /// How the test reaches the object after the call.
    pub origin: Origin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ObjectKind {
    /// An object of a class of the sources.
    Object,
    Array,
    /// A `java.util.List` (an `ArrayList` when the test builds it).
    List,
    /// A `java.util.Map` the method made (no test builds one): its `class` is its type
    /// arguments (`String, Integer`), its fields each entry's key then value, named by the
    /// entry's position.
    Map,
    /// The static fields of a class (`class`): the test sets them before the call, restores
    /// them afterwards, and checks them after the call.
    Statics,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Origin {
    /// An input object: the test built it.
    Input,
    /// The method's result.
    Result,
    /// First reached through this field of an object listed before it.
    Field { owner: u32, field: String },
}

/// The objects of a test: the input objects it builds before the call, and every object it
/// can reach afterwards (from the inputs and the result) with the fields they must have.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeapCase {
    pub inputs: Vec<TestObject>,
    pub after: Vec<TestObject>,
    /// The fields of input objects the path never looked at (object id, field): any value
    /// does there, and the test checks them only when it set them.
    pub unseen: Vec<(u32, String)>,
    /// How the test builds each input object of a class of the sources, in the order it
    /// builds them.
    pub constructions: Vec<(u32, Construction)>,
}

/// How a test builds an input object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Construction {
    /// Allocated without a constructor, its fields set by reflection: no constructor of the
    /// sources gives it the state the path needs (or none could be read).
    Reflection,
    /// `new C(args)` (each argument with the Java type of its parameter), then the setters
    /// `setX(value)` by name.
    Constructor { args: Vec<(JavaValue, String)>, setters: Vec<(String, JavaValue)> },
    /// Made by the constructor of the object `owner`, which holds it in `field`.
    Inner { owner: u32, field: String },
}

/// A path of a method that gets no test: its pre-state is one no code of the sources makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DroppedPath {
    /// Its index among the exploration's paths.
    pub index: usize,
    pub reason: String,
}

/// The rows of one table, each a value per column in the schema's column order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableRows {
    /// The table's name as the schema declares it.
    pub table: String,
    pub rows: Vec<Vec<JavaValue>>,
}

/// The database a test needs before the call and what it must hold afterwards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DatabaseCase {
    /// The initial rows, per table that has any (tables not listed start empty).
    pub fixture: Vec<TableRows>,
    /// The rows after the call, per table the method may write (compared ignoring order).
    pub final_rows: Vec<TableRows>,
    /// Per table whose identity column fills in values: where it restarts after the initial
    /// rows are inserted.
    pub identity_starts: Vec<(String, i64)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Expectation {
    Returns(JavaValue),
    /// A void method that returns normally.
    Completes,
    /// The fully qualified class of the exception, the violation an SQLException reports
    /// (its SQL state, which the test asks the database for), and what a `throw new` of the
    /// code gave the exception.
    Throws(String, Option<String>, Option<Carried>),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TestCase {
    /// A Java identifier, unique within the method's tests.
    pub name: String,
    pub args: Vec<JavaValue>,
    pub expect: Expectation,
    /// The method's own branch outcomes along the path, in order: (source line, taken).
    pub branches: Vec<(u32, bool)>,
    /// For a method that uses the database: its state before and after the call.
    pub database: Option<DatabaseCase>,
    /// For a method that reads `System.in` through a Scanner: the text it reads.
    pub standard_input: Option<String>,
    /// For a method whose inputs or result may be objects: the objects before and after.
    pub heap: Option<HeapCase>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LineCoverage {
    pub line: u32,
    pub covered: usize,
    pub total: usize,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Coverage {
    pub covered: usize,
    pub total: usize,
    pub lines: Vec<LineCoverage>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodTests {
    pub cases: Vec<TestCase>,
    pub coverage: Coverage,
    /// Paths whose constraints have no solution, and paths labelling gave up on.
    pub infeasible: usize,
    pub unknown: usize,
    /// Exploration stopped early: there may be more paths.
    pub incomplete: bool,
    /// Feasible paths that start from a state no constructor of the sources can produce.
    pub dropped: Vec<DroppedPath>,
}

/// A problem turning a path into a test: a value outside its Java type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueError(pub String);

/// The tests of a method from its labelled paths; `schema` types the database rows and
/// `classes` the objects' fields.
pub fn build(
    method: &Method,
    exploration: &Exploration,
    schema: Option<&Schema>,
    classes: &[ClassLayout],
    constructions: &Constructions,
) -> Result<MethodTests, ValueError> {
    let own = method.key.to_string();
    let mut cases = Vec::new();
    let (mut infeasible, mut unknown) = (0, 0);
    let mut iterations_per_case = Vec::new();
    let mut dropped = Vec::new();
    for (index, path) in exploration.paths.iter().enumerate() {
        let (inputs, outcome, events) = match path {
            PathResult::Feasible { inputs, outcome, events } => (inputs, outcome, events),
            PathResult::Infeasible { .. } => {
                infeasible += 1;
                continue;
            }
            PathResult::Unknown { .. } => {
                unknown += 1;
                continue;
            }
        };
        let own_branches: Vec<(u32, bool)> = events
            .iter()
            .filter_map(|e| match e {
                Event::Branch { method: m, id, taken } if *m == own => Some((*id, *taken)),
                _ => None,
            })
            .collect();
        // The tokens the path reads go to its Scanner argument, or else to System.in.
        let tokens: Vec<String> = events
            .iter()
            .filter_map(|e| match e {
                Event::InputToken { value: Value::Int(v) } => Some(v.to_string()),
                _ => None,
            })
            .collect();
        let reads_input = events.iter().any(|e| matches!(e, Event::InputToken { .. } | Event::InputEnds));
        let input_text = tokens.join(" ");
        let args = inputs
            .iter()
            .enumerate()
            .map(|(i, v)| match method.locals[i].ty {
                Ty::Scanner => Ok(JavaValue::Scanner(input_text.clone())),
                ty => java_value(ty, v),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let has_scanner_argument = method.locals[..method.param_count as usize].iter().any(|l| l.ty == Ty::Scanner);
        let standard_input = (reads_input && !has_scanner_argument).then_some(input_text);
        // A constructor's result is the object it initialised.
        let ret = if method.kind == MethodKind::Constructor { method.locals[0].ty } else { method.ret };
        let expect = match outcome {
            Outcome::Return(None) => Expectation::Completes,
            Outcome::Return(Some(v)) => Expectation::Returns(java_value(ret, v)?),
            Outcome::Throw(class, violation, carried) => {
                Expectation::Throws(class.clone(), violation.clone(), carried.clone())
            }
        };
        let heap = events
            .iter()
            .find_map(|e| match e {
                Event::Heap { initial, final_objects, unseen } => {
                    Some(heap_case(classes, initial, final_objects, unseen, &expect))
                }
                _ => None,
            })
            .transpose()?;
        let heap = match heap {
            Some(mut heap) => match constructions.plan(
                &heap,
                &args,
                crate::ir::package_of(&method.key.class),
                matches!(events.last(), Some(Event::Database { .. })),
            ) {
                Ok(plan) => {
                    heap.constructions = plan;
                    Some(heap)
                }
                Err(construct::Unreachable(reason)) => {
                    dropped.push(DroppedPath { index, reason });
                    continue;
                }
            },
            None => None,
        };
        let iterations = events
            .iter()
            .filter(|e| matches!(e, Event::Iteration { method: m, .. } if *m == own))
            .count();
        iterations_per_case.push(iterations);
        let branches = own_branches
            .iter()
            .map(|(id, t)| (method.branches[*id as usize].span.line, *t))
            .collect();
        let database = match events.last() {
            Some(Event::Database { fixture, final_rows, identity_starts }) => Some(DatabaseCase {
                fixture: table_rows(schema, fixture, Rows::Initial)?,
                final_rows: table_rows(schema, final_rows, Rows::Final)?,
                identity_starts: identity_starts
                    .iter()
                    .map(|(table, start)| {
                        i64::try_from(*start)
                            .map(|start| (table.clone(), start))
                            .map_err(|_| ValueError(format!("identity start {start} of table {table}")))
                    })
                    .collect::<Result<_, _>>()?,
            }),
            _ => None,
        };
        cases.push(TestCase { name: String::new(), args, expect, branches, database, standard_input, heap });
    }
    names::name_cases(method, &mut cases, &iterations_per_case);
    Ok(MethodTests {
        cases,
        coverage: coverage(method, &BTreeSet::new()),
        infeasible,
        unknown,
        incomplete: exploration.budget_exhausted || unknown > 0,
        dropped,
    })
}

/// The branch outcomes, per method (full signature), that the tests made of these paths are
/// sure to show a bytecode coverage tool. JaCoCo records execution at probes (returns, `throw`
/// statements, jump targets, the start of try blocks): every branch of a path that returns is
/// seen; of a path that ends in an exception, only those of the method whose `throw` raised it
/// (an exception raised by an operation may skip the probe that would show the branches before
/// it). The same holds inside a path: where such an exception was caught, the branches since
/// the catching method entered its try block are not claimed.
pub fn observed_branches<'a>(paths: impl Iterator<Item = &'a PathResult>) -> HashMap<String, BTreeSet<(u32, bool)>> {
    let mut observed: HashMap<String, BTreeSet<(u32, bool)>> = HashMap::new();
    for path in paths {
        let PathResult::Feasible { outcome, events, .. } = path else { continue };
        // A path that used the database or objects ends with its rows and objects, which say
        // nothing of probes.
        let last = events.iter().rev().find(|e| !matches!(e, Event::Database { .. } | Event::Heap { .. }));
        let seen_method = match (outcome, last) {
            (Outcome::Return(_), _) => None,
            (Outcome::Throw(..), Some(Event::Thrown { method })) => Some(method.as_str()),
            (Outcome::Throw(..), _) => continue,
        };
        let unseen = interrupted_events(events);
        for (event, unseen) in events.iter().zip(unseen) {
            if let Event::Branch { method, id, taken } = event
                && !unseen
                && seen_method.is_none_or(|m| m == method)
            {
                observed.entry(method.clone()).or_default().insert((*id, *taken));
            }
        }
    }
    observed
}

/// Which events no probe may show: for each exception that interrupted a method inside a try
/// statement, those since that method (in the same active call) last entered a try block,
/// where a probe is. The interrupted code after it may have reached no further probe.
fn interrupted_events(events: &[Event]) -> Vec<bool> {
    let mut unseen = vec![false; events.len()];
    let mut try_entries: HashMap<(&str, u32), usize> = HashMap::new();
    for (i, event) in events.iter().enumerate() {
        match event {
            Event::TryEntered { method, depth } => {
                try_entries.insert((method.as_str(), *depth), i);
            }
            Event::Interrupted { method, depth } => {
                let start = try_entries.get(&(method.as_str(), *depth)).map_or(0, |entry| entry + 1);
                unseen[start..i].fill(true);
            }
            _ => {}
        }
    }
    unseen
}

/// The entry of a method that gets no tests of its own (a private method, exercised only
/// through its callers): nothing covered is claimed.
pub fn without_tests(method: &Method) -> MethodTests {
    MethodTests {
        cases: Vec::new(),
        coverage: coverage(method, &BTreeSet::new()),
        infeasible: 0,
        unknown: 0,
        incomplete: false,
        dropped: Vec::new(),
    }
}

/// The objects of a path: the input objects as built, then every object reachable after the
/// call from the inputs and the result, breadth first, each reached first through `origin`.
fn heap_case(
    classes: &[ClassLayout],
    initial: &[HeapObject],
    final_objects: &[HeapObject],
    unseen: &[(u32, usize)],
    expect: &Expectation,
) -> Result<HeapCase, ValueError> {
    let typed = |object: &HeapObject, origin: Origin| -> Result<TestObject, ValueError> {
        if let Some(kinds) = object.array.then(|| object.class.strip_prefix("Map<").and_then(|c| c.strip_suffix('>'))).flatten() {
            // heap.pl's map cells are arrays of `Map<K,V>` whose elements are the entries'
            // keys and values in turn; keys and values are boxes or Strings.
            let held = |kind: &str| match array_element(kind) {
                Ty::String => Ty::String,
                primitive => Primitive::of(primitive).map_or(primitive, Ty::Boxed),
            };
            let (key, value) = kinds.split_once(',').ok_or_else(|| ValueError(format!("map of {}", object.class)))?;
            let (key, value) = (held(key), held(value));
            let fields = object
                .fields
                .chunks(2)
                .enumerate()
                .flat_map(|(i, entry)| [(i, key, &entry[0]), (i, value, &entry[entry.len() - 1])])
                .map(|(i, ty, v)| Ok((i.to_string(), java_value(ty, v)?)))
                .collect::<Result<Vec<_>, ValueError>>()?;
            let class = format!("{}, {}", key.java_name(), value.java_name());
            return Ok(TestObject { id: object.id, class, fields, origin, kind: ObjectKind::Map });
        }
        if object.array {
            // heap.pl's list cells are arrays whose element type is `List<E>`.
            let (elem, kind) = match object.class.strip_prefix("List<").and_then(|c| c.strip_suffix('>')) {
                Some(class) => (array_element(class), ObjectKind::List),
                None => (array_element(&object.class), ObjectKind::Array),
            };
            let fields = object
                .fields
                .iter()
                .enumerate()
                .map(|(i, value)| Ok((i.to_string(), java_value(elem, value)?)))
                .collect::<Result<Vec<_>, ValueError>>()?;
            let class = match (kind, elem) {
                (ObjectKind::List, Ty::Int) => "Integer",
                (ObjectKind::List, Ty::Long) => "Long",
                _ => elem.java_name(),
            };
            return Ok(TestObject { id: object.id, class: class.to_string(), fields, origin, kind });
        }
        let layout = classes
            .iter()
            .find(|l| l.class.as_str() == object.class)
            .ok_or_else(|| ValueError(format!("object of unknown class {}", object.class)))?;
        if layout.fields.len() != object.fields.len() {
            return Err(ValueError(format!("object of {} with {} fields", object.class, object.fields.len())));
        }
        let fields = layout
            .fields
            .iter()
            .zip(&object.fields)
            .map(|(field, value)| Ok((field.name.clone(), java_value(field.ty, value)?)))
            .collect::<Result<Vec<_>, ValueError>>()?;
        let (class, kind) = match layout.class.statics_owner() {
            Some(owner) => (owner.to_string(), ObjectKind::Statics),
            None => (object.class.clone(), ObjectKind::Object),
        };
        Ok(TestObject { id: object.id, class, fields, origin, kind })
    };
    let inputs = initial.iter().map(|o| typed(o, Origin::Input)).collect::<Result<Vec<_>, _>>()?;
    let mut queue: Vec<(u32, Origin)> = inputs.iter().map(|o| (o.id, Origin::Input)).collect();
    let returned = match expect {
        Expectation::Returns(JavaValue::Object(id)) => Some(id),
        Expectation::Returns(JavaValue::Optional(Some(held))) => match &**held {
            JavaValue::Object(id) => Some(id),
            _ => None,
        },
        _ => None,
    };
    if let Some(id) = returned
        && !queue.iter().any(|(known, _)| known == id)
    {
        queue.push((*id, Origin::Result));
    }
    let mut after = Vec::new();
    let mut next = 0;
    while let Some((id, origin)) = queue.get(next).cloned() {
        next += 1;
        let object = final_objects
            .iter()
            .find(|o| o.id == id)
            .ok_or_else(|| ValueError(format!("no object {id} after the call")))?;
        let object = typed(object, origin)?;
        for (field, value) in &object.fields {
            if let JavaValue::Object(target) = value
                && !queue.iter().any(|(known, _)| known == target)
            {
                queue.push((*target, Origin::Field { owner: id, field: field.clone() }));
            }
        }
        after.push(object);
    }
    let unseen = unseen
        .iter()
        .filter_map(|(id, index)| {
            let object = inputs.iter().find(|o| o.id == *id && o.kind == ObjectKind::Object)?;
            Some((*id, object.fields.get(*index)?.0.clone()))
        })
        .collect();
    Ok(HeapCase { inputs, after, unseen, constructions: Vec::new() })
}

/// The element type of an array cell (`prolog/heap.pl`'s `int`, ..., `string`, or a class).
fn array_element(class: &str) -> Ty {
    match class {
        "int" => Ty::Int,
        "long" => Ty::Long,
        "boolean" => Ty::Boolean,
        "double" => Ty::Double,
        "float" => Ty::Float,
        "string" => Ty::String,
        class => Ty::Object(ClassName::new(class)),
    }
}

/// Rows as the engine labelled them, typed by their columns (tables by their declared names).
/// Which rows of a table a path gives: those a test inserts, or those it expects at the end.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rows {
    Initial,
    Final,
}

fn table_rows(
    schema: Option<&Schema>,
    tables: &[(String, Vec<Vec<Value>>)],
    rows_of: Rows,
) -> Result<Vec<TableRows>, ValueError> {
    let schema = schema.ok_or_else(|| ValueError("database rows without a schema".into()))?;
    tables
        .iter()
        .map(|(name, rows)| {
            let table = schema.table(name).ok_or_else(|| ValueError(format!("rows of unknown table {name}")))?;
            let rows = rows
                .iter()
                .map(|row| {
                    row.iter()
                        .zip(&table.columns)
                        .map(|(value, column)| match (&column.sql_type, rows_of) {
                            (SqlType::Opaque(_), Rows::Final) => Ok(JavaValue::Unchecked),
                            (SqlType::Opaque(text), Rows::Initial) => opaque_value(text, column),
                            (sql_type, _) => column_value(sql_type, value),
                        })
                        .collect::<Result<Vec<_>, _>>()
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(TableRows { table: table.name.clone(), rows })
        })
        .collect()
}

fn column_value(sql_type: &SqlType, v: &Value) -> Result<JavaValue, ValueError> {
    let wrong = || ValueError(format!("value {v:?} is not an SQL {sql_type:?}"));
    match (sql_type, v) {
        (_, Value::Null) => Ok(JavaValue::Null),
        // The clock's reading, written: final rows do not check it (no exact value is known).
        (_, Value::Clock { .. }) => Ok(JavaValue::Unchecked),
        (SqlType::Integer | SqlType::SmallInt, Value::Int(i)) => i32::try_from(*i).map(JavaValue::Int).map_err(|_| wrong()),
        (SqlType::BigInt, Value::Int(i)) => i64::try_from(*i).map(JavaValue::Long).map_err(|_| wrong()),
        (SqlType::Boolean, Value::Int(0)) => Ok(JavaValue::Boolean(false)),
        (SqlType::Boolean, Value::Int(1)) => Ok(JavaValue::Boolean(true)),
        (SqlType::Varchar(_) | SqlType::Char(_) | SqlType::Text, Value::Str(s)) => Ok(JavaValue::Str(s.clone())),
        (SqlType::Date, Value::Int(i)) => i64::try_from(*i).map(|m| JavaValue::Date(DateClass::Sql, m)).map_err(|_| wrong()),
        (SqlType::Decimal { scale, .. }, Value::Int(i)) => Ok(JavaValue::Decimal { units: *i, scale: Some(*scale) }),
        (SqlType::Timestamp, Value::Int(i)) => {
            i64::try_from(*i).map(|m| JavaValue::Date(DateClass::Timestamp, m)).map_err(|_| wrong())
        }
        (SqlType::Time, Value::Int(i)) => i64::try_from(*i).map(|m| JavaValue::Date(DateClass::Time, m)).map_err(|_| wrong()),
        (SqlType::Double, Value::Int(i)) => i64::try_from(*i).map(JavaValue::Double).map_err(|_| wrong()),
        (SqlType::Real, Value::Int(i)) => i64::try_from(*i).map(JavaValue::Float).map_err(|_| wrong()),
        _ => Err(wrong()),
    }
}

/// An initial value of a column whose type hornet does not model (no path reads it): NULL, or,
/// where the column is NOT NULL, the text of a plain value of its type (H2 converts it).
fn opaque_value(type_text: &str, column: &Column) -> Result<JavaValue, ValueError> {
    if !column.not_null {
        return Ok(JavaValue::Null);
    }
    let upper = type_text.to_ascii_uppercase();
    let word = upper.split(|c: char| !c.is_ascii_alphanumeric()).next().unwrap_or_default();
    let text = match word {
        "TIMESTAMP" | "DATETIME" | "SMALLDATETIME" => "2000-01-01 00:00:00",
        "DATE" => "2000-01-01",
        "TIME" => "00:00:00",
        "DECIMAL" | "DEC" | "NUMERIC" | "NUMBER" | "REAL" | "FLOAT" | "FLOAT4" | "FLOAT8" | "DOUBLE" | "MONEY" => "0",
        "UUID" => "00000000-0000-0000-0000-000000000000",
        "BINARY" | "VARBINARY" | "BLOB" | "BYTEA" | "BIT" => "",
        "JSON" => "null",
        _ => return Err(ValueError(format!("no value to give the NOT NULL column of type {type_text}, which hornet does not model"))),
    };
    Ok(JavaValue::Str(text.to_string()))
}

fn java_value(ty: Ty, v: &Value) -> Result<JavaValue, ValueError> {
    let wrong = || ValueError(format!("value {v:?} is not a Java {ty}"));
    let clock = |class, low: &i128, high: &i128| -> Result<JavaValue, ValueError> {
        Ok(JavaValue::Clock { class, low: i64::try_from(*low).map_err(|_| wrong())?, high: i64::try_from(*high).map_err(|_| wrong())? })
    };
    match (ty, v) {
        (Ty::Long, Value::Clock { low, high }) => clock(None, low, high),
        (Ty::Boxed(primitive), Value::Clock { low, high }) if primitive.ty() == Ty::Long => clock(None, low, high),
        (Ty::Date(class), Value::Clock { low, high }) => clock(Some(class), low, high),
        (Ty::Int, Value::Int(i)) => i32::try_from(*i).map(JavaValue::Int).map_err(|_| wrong()),
        (Ty::Long, Value::Int(i)) => i64::try_from(*i).map(JavaValue::Long).map_err(|_| wrong()),
        (Ty::Boolean, Value::Int(0)) => Ok(JavaValue::Boolean(false)),
        (Ty::Boolean, Value::Int(1)) => Ok(JavaValue::Boolean(true)),
        (Ty::Double, Value::Int(i)) => i64::try_from(*i).map(JavaValue::Double).map_err(|_| wrong()),
        (Ty::Float, Value::Int(i)) => i64::try_from(*i).map(JavaValue::Float).map_err(|_| wrong()),
        (Ty::Byte, Value::Int(i)) => i8::try_from(*i).map(JavaValue::Byte).map_err(|_| wrong()),
        (Ty::Short, Value::Int(i)) => i16::try_from(*i).map(JavaValue::Short).map_err(|_| wrong()),
        (Ty::Char, Value::Int(i)) => u16::try_from(*i).map(JavaValue::Char).map_err(|_| wrong()),
        (Ty::String | Ty::Null, Value::Str(s)) => Ok(JavaValue::Str(s.clone())),
        (Ty::String | Ty::Null, Value::Null) => Ok(JavaValue::Null),
        (Ty::Boxed(_), Value::Null) => Ok(JavaValue::Null),
        (Ty::Boxed(primitive), value) => Ok(JavaValue::Boxed(Box::new(java_value(primitive.ty(), value)?))),
        // Position -1 stands for null (`prolog/enums.pl`).
        (Ty::Enum(_), Value::Null | Value::Int(-1)) => Ok(JavaValue::Null),
        (Ty::Enum(e), Value::Int(i)) => {
            let constant = usize::try_from(*i).ok().and_then(|i| e.constants().get(i)).ok_or_else(wrong)?;
            Ok(JavaValue::Enum { class: e.class().as_str().to_string(), constant: constant.clone() })
        }
        (Ty::Date(_) | Ty::Decimal, Value::Null) => Ok(JavaValue::Null),
        (Ty::Decimal, Value::Int(i)) => Ok(JavaValue::Decimal { units: *i, scale: None }),
        (Ty::Date(class), Value::Int(i)) => i64::try_from(*i).map(|m| JavaValue::Date(class, m)).map_err(|_| wrong()),
        (Ty::Jdbc(JdbcType::Connection), Value::OpenedConnection) => Ok(JavaValue::OpenedConnection),
        // A connection field a path found null.
        (Ty::Jdbc(JdbcType::Connection), Value::Null) => Ok(JavaValue::Null),
        (Ty::Jdbc(JdbcType::Connection), _) => Ok(JavaValue::Connection),
        (Ty::Jdbc(JdbcType::DataSource), Value::Null) => Ok(JavaValue::Null),
        (Ty::Jdbc(JdbcType::DataSource), _) => Ok(JavaValue::DataSource),
        (Ty::Object(_), Value::Ref(id)) => Ok(JavaValue::Object(*id)),
        (Ty::Object(interface), Value::ConnectionProxy) => Ok(JavaValue::ConnectionProxy(interface.as_str().to_string())),
        (Ty::Object(_), Value::Null) => Ok(JavaValue::Null),
        (Ty::Array(_), Value::Ref(id)) => Ok(JavaValue::Object(*id)),
        (Ty::Array(_), Value::Null) => Ok(JavaValue::Null),
        (Ty::List(_) | Ty::Map(..), Value::Ref(id)) => Ok(JavaValue::Object(*id)),
        (Ty::List(_) | Ty::Map(..), Value::Null) => Ok(JavaValue::Null),
        (Ty::Optional(_), Value::Null) => Ok(JavaValue::Null),
        (Ty::Optional(_), Value::Empty) => Ok(JavaValue::Optional(None)),
        (Ty::Throwable, Value::Null) => Ok(JavaValue::Null),
        (Ty::Throwable, Value::Exception(class, carried)) => Ok(JavaValue::Exception(class.clone(), carried.as_deref().cloned())),
        (Ty::Optional(held), Value::Present(value)) => match java_value(held.ty(), value)? {
            JavaValue::Null => Err(wrong()),
            held => Ok(JavaValue::Optional(Some(Box::new(held)))),
        },
        _ => Err(wrong()),
    }
}

/// The coverage of `method`'s branches by the outcomes `taken` (its own branch ids).
/// A switch's tests count as its distinct targets (`ir::SwitchArm`).
pub fn coverage(method: &Method, taken: &BTreeSet<(u32, bool)>) -> Coverage {
    let mut lines: BTreeMap<u32, LineCoverage> = BTreeMap::new();
    // Per switch: its line, its number of targets and the targets reached.
    let mut switches: BTreeMap<u32, (u32, u32, BTreeSet<u32>)> = BTreeMap::new();
    for (id, point) in method.branches.iter().enumerate() {
        let outcome = |t: bool| taken.contains(&(id as u32, t));
        if let Some(arm) = &point.arm {
            let (_, _, reached) =
                switches.entry(arm.switch).or_insert((point.span.line, arm.targets, BTreeSet::new()));
            if outcome(true) {
                reached.insert(arm.on_true);
            }
            if let Some(on_false) = arm.on_false.filter(|_| outcome(false)) {
                reached.insert(on_false);
            }
            continue;
        }
        let line = lines.entry(point.span.line).or_insert(LineCoverage {
            line: point.span.line,
            ..LineCoverage::default()
        });
        line.total += 2;
        line.covered += [true, false].into_iter().filter(|t| outcome(*t)).count();
    }
    for (line_number, targets, reached) in switches.into_values() {
        let line = lines.entry(line_number).or_insert(LineCoverage { line: line_number, ..LineCoverage::default() });
        line.total += targets as usize;
        line.covered += reached.len();
    }
    let lines: Vec<LineCoverage> = lines.into_values().collect();
    Coverage {
        covered: lines.iter().map(|l| l.covered).sum(),
        total: lines.iter().map(|l| l.total).sum(),
        lines,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn branch(method: &str, id: u32) -> Event {
        Event::Branch { method: method.into(), id, taken: true }
    }

    fn returning(events: Vec<Event>) -> PathResult {
        PathResult::Feasible { inputs: vec![], outcome: Outcome::Return(None), events }
    }

    #[test]
    fn a_caught_exception_hides_what_its_method_did_since_it_entered_its_try_block() {
        let entered = |depth| Event::TryEntered { method: "m".into(), depth };
        let interrupted = |depth| Event::Interrupted { method: "m".into(), depth };
        // m takes branch 0, enters a try block at depth 0, takes branch 1, calls itself (depth 1)
        // where the nested call enters and leaves a try block, takes branch 2, then a division
        // fails at depth 0 and m catches it and takes branch 3.
        let path = returning(vec![
            branch("m", 0),
            entered(0),
            branch("m", 1),
            entered(1),
            branch("m", 4),
            branch("m", 2),
            interrupted(0),
            branch("m", 3),
        ]);
        let observed = observed_branches([path].iter());
        let ids: Vec<u32> = observed["m"].iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, vec![0, 3]);
    }
    #[test]
    fn a_throw_before_the_database_rows_shows_the_branches_of_its_method() {
        let path = PathResult::Feasible {
            inputs: vec![],
            outcome: Outcome::Throw("java.lang.IllegalArgumentException".into(), None, None),
            events: vec![
                branch("m", 0),
                Event::Thrown { method: "m".into() },
                Event::Database { fixture: vec![], final_rows: vec![], identity_starts: vec![] },
            ],
        };
        let observed = observed_branches([path].iter());
        assert_eq!(observed["m"], BTreeSet::from([(0, true)]));
    }
}
