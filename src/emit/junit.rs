//! JUnit 5 test classes: for class `p.C`, `p/CHornetTest.java` with one `@Test` per case; and,
//! in each package whose tests use the database, `p/HornetDatabase.java`, the helper that gives
//! every such test a fresh H2 database built from the schema; and, in each package whose tests
//! build or check objects, `p/HornetObjects.java`, which allocates objects and sets and reads
//! their fields by reflection.

use crate::clp::explore::{Carried, Value};
use crate::ir::{ConnectionSource, DECIMAL_SCALE, DateClass, Inst, JdbcCall, Method, MethodKind, Ty, package_of, simple_name};
use crate::sql::ddl::{Engine, create_statements};
use crate::sql::schema::Schema;
use crate::testgen::{
    Construction, DatabaseCase, Expectation, HeapCase, JavaValue, MethodTests, ObjectKind, Origin, TableRows, TestCase, TestObject,
};
use std::collections::BTreeSet;
use std::fmt::Write;
use std::path::PathBuf;

/// The name of the database helper class, one per package (a file of that name is generated).
pub const DATABASE_HELPER: &str = "HornetDatabase";

/// The URLs the code gives `DriverManager.getConnection`, for which the database helper
/// registers a driver opening the test's database.
pub fn driver_urls<'m>(methods: impl IntoIterator<Item = &'m Method>) -> BTreeSet<String> {
    methods
        .into_iter()
        .flat_map(|method| method.blocks.iter().flat_map(|block| &block.insts))
        .filter_map(|inst| match inst {
            Inst::Jdbc { call: JdbcCall::OpenConnection(ConnectionSource::DriverManager { url }), .. } => Some(url.clone()),
            _ => None,
        })
        .collect()
}

/// The helper's code; `database_helper` fills in the schema, the URL settings and the
/// Where the code reads the URLs it gives `DriverManager` from configuration: the class-path
/// resource, the key and the default, for which the database helper registers a driver too.
pub fn configured_urls<'m>(methods: impl IntoIterator<Item = &'m Method>) -> BTreeSet<(String, String, Option<String>)> {
    methods
        .into_iter()
        .flat_map(|method| method.blocks.iter().flat_map(|block| &block.insts))
        .filter_map(|inst| match inst {
            Inst::Jdbc { call: JdbcCall::OpenConnection(ConnectionSource::Configured { resource, key, default }), .. } => {
                Some((resource.clone(), key.clone(), default.clone()))
            }
            _ => None,
        })
        .collect()
}

/// The part of the database helper that finds (or supplies) the configured URLs.
const CONFIGURED_URLS_TEMPLATE: &str = include_str!("HornetConfigured.java");

/// URLs of the code's `DriverManager` connections.
const DATABASE_HELPER_TEMPLATE: &str = include_str!("HornetDatabase.java");

/// The keywords of H2 2.1 (`org.h2.util.ParserUtil`) that its `NON_KEYWORDS` setting turns back
/// into names without breaking ordinary SQL, found by experiment with H2 2.1.214. The other
/// keywords are left out: listing ORDER, GROUP, LIMIT, OFFSET, LEFT, RIGHT, INNER, JOIN, ON,
/// USING, UNION, EXCEPT, INTERSECT, MINUS, FETCH or FOR makes H2 read them as a table alias
/// (`FROM t ORDER BY x` no longer parses), listing FROM, WHERE or SET breaks every statement,
/// and CHECK, CONSTRAINT, FOREIGN, PRIMARY, UNIQUE and TO stay unusable as column names
/// whatever the setting. KEY is listed although it breaks H2's own `MERGE ... KEY (...)`.
/// `tests/junit_database.rs` checks the list against the installed H2.
pub const H2_NAMEABLE_KEYWORDS: &[&str] = &[
    "ALL", "AND", "ANY", "ARRAY", "AS", "ASYMMETRIC", "AUTHORIZATION", "BETWEEN", "CASE", "CAST",
    "CROSS", "CURRENT_CATALOG", "CURRENT_DATE", "CURRENT_PATH", "CURRENT_ROLE", "CURRENT_SCHEMA",
    "CURRENT_TIME", "CURRENT_TIMESTAMP", "CURRENT_USER", "DAY", "DEFAULT", "DISTINCT", "ELSE", "END",
    "EXISTS", "FALSE", "FULL", "HAVING", "HOUR", "IF", "IN", "INTERVAL", "IS", "KEY", "LIKE",
    "LOCALTIME", "LOCALTIMESTAMP", "MINUTE", "MONTH", "NATURAL", "NOT", "NULL", "OR", "QUALIFY", "ROW",
    "ROWNUM", "SECOND", "SELECT", "SESSION_USER", "SOME", "SYMMETRIC", "SYSTEM_USER", "TABLE", "TRUE",
    "UESCAPE", "UNKNOWN", "USER", "VALUE", "VALUES", "WHEN", "WINDOW", "WITH", "YEAR", "_ROWID_",
];

/// The name of the objects helper class, one per package whose tests use objects.
pub const OBJECTS_HELPER: &str = "HornetObjects";

const OBJECTS_HELPER_TEMPLATE: &str = include_str!("HornetObjects.java");

/// Whether any test of these methods sets static fields (which the test class restores after
/// each test).
fn uses_statics(methods: &[(&Method, &MethodTests)]) -> bool {
    methods
        .iter()
        .flat_map(|(_, tests)| &tests.cases)
        .filter_map(|case| case.heap.as_ref())
        .any(|heap| heap.inputs.iter().any(|o| o.kind == ObjectKind::Statics))
}

/// Whether any test of these methods builds or checks objects.
pub fn uses_objects(methods: &[(&Method, &MethodTests)]) -> bool {
    methods.iter().flat_map(|(_, tests)| &tests.cases).any(|case| case.heap.is_some())
}

/// `HornetObjects.java` for `package`.
pub fn objects_helper(package: &str) -> (PathBuf, String) {
    let mut out = String::from("// Generated by hornet: the objects of the generated tests. Do not edit; regenerate.\n");
    if !package.is_empty() {
        let _ = writeln!(out, "package {package};");
    }
    out.push_str(OBJECTS_HELPER_TEMPLATE);
    (package_file(package, OBJECTS_HELPER), out)
}

/// The test class name for a class under test.
pub fn test_class_name(class: &str) -> String {
    format!("{class}HornetTest")
}

/// Whether any test of these methods runs against the database.
pub fn uses_database(methods: &[(&Method, &MethodTests)]) -> bool {
    methods.iter().flat_map(|(_, tests)| &tests.cases).any(|case| case.database.is_some())
}

/// Whether tests of these methods load a class reading a configuration file from the class
/// path (`Method::configured`): their test class has the database helper supply those files
/// first.
pub fn supplies_configuration(methods: &[(&Method, &MethodTests)]) -> bool {
    methods.iter().any(|(method, tests)| method.configured && !tests.cases.is_empty())
}

/// The test class for `class` (fully qualified), with the tests of each of its methods in
/// order: the relative path of the file and its text. `schema` declares the tables that
/// database cases fill and check; tests without a database do not need it.
pub fn test_class(class: &str, methods: &[(&Method, &MethodTests)], schema: Option<&Schema>) -> (PathBuf, String) {
    let package = package_of(class);
    let simple = simple_name(class);
    let tables = TableConstants::new(methods, schema);
    let mut imports: BTreeSet<String> = BTreeSet::new();
    if uses_database(methods) {
        imports.insert("java.sql.Connection".to_string());
    }
    let mut body = String::new();
    // Names are unique per method; overloads (constructors above all) share a class.
    let mut taken: BTreeSet<String> = BTreeSet::new();
    // A class named `Test` the tests name: JUnit's annotation is then written qualified.
    let mut annotation_clash = simple == "Test";
    for (method, tests) in methods {
        for case in &tests.cases {
            let mut name = case.name.clone();
            let mut n = 1;
            while !taken.insert(name.clone()) {
                n += 1;
                name = format!("{}_overload{n}", case.name);
            }
            if let Expectation::Throws(exception, ..) = &case.expect {
                annotation_clash |= simple_name(exception) == "Test";
                let pkg = package_of(exception);
                if pkg != "java.lang" && pkg != package && !pkg.is_empty() {
                    imports.insert(exception.clone());
                }
            }
            test_method(&mut body, simple, method, case, &name, &tables);
        }
    }
    let mut out = String::new();
    out.push_str("// Generated by hornet: one test per feasible path. Do not edit; regenerate.\n");
    if !package.is_empty() {
        let _ = writeln!(out, "package {package};\n");
    }
    out.push_str("import static org.junit.jupiter.api.Assertions.*;\n\n");
    for import in &imports {
        let _ = writeln!(out, "import {import};");
    }
    if annotation_clash {
        body = body.replace("    @Test\n", "    @org.junit.jupiter.api.Test\n");
        out.push('\n');
    } else {
        out.push_str("import org.junit.jupiter.api.Test;\n\n");
    }
    let _ = writeln!(out, "class {simple}HornetTest {{");
    if uses_statics(methods) {
        let _ = writeln!(
            out,
            "\n    @org.junit.jupiter.api.AfterEach\n    void restoreStaticFields() throws Exception {{\n        {OBJECTS_HELPER}.restoreStatics();\n    }}"
        );
    }
    if body.contains(DATE_TEXT) || methods.iter().any(|(method, _)| method.zoned) {
        out.push_str(UTC_ZONE);
    }
    if supplies_configuration(methods) {
        out.push_str(SUPPLY_CONFIGURATION);
    }
    tables.declare(&mut out);
    out.push_str(&body);
    out.push_str("}\n");
    (package_file(package, &format!("{simple}HornetTest")), out)
}

/// `HornetDatabase.java` for `package`: the statements that build the schema model's tables
/// in H2 and in PostgreSQL (never the schema file's text: `sql::ddl`), the URL settings, and the
/// JDBC URLs the code gives `DriverManager`, which the helper routes to the test's database.
pub fn database_helper(
    package: &str,
    schema: &Schema,
    driver_urls: &BTreeSet<String>,
    configured_urls: &BTreeSet<(String, String, Option<String>)>,
) -> (PathBuf, String) {
    let mut out = String::from("// Generated by hornet: the database of the generated tests. Do not edit; regenerate.\n");
    if !package.is_empty() {
        let _ = writeln!(out, "package {package};");
    }
    out.push_str(
        &DATABASE_HELPER_TEMPLATE
            .replace("/*{schema}*/\n", &statement_literals(schema, Engine::H2))
            .replace("/*{postgres schema}*/\n", &statement_literals(schema, Engine::Postgres))
            .replace("/*{settings}*/", &h2_settings(schema))
            .replace("/*{driver urls}*/", &driver_urls.iter().map(|url| string_literal(url)).collect::<Vec<_>>().join(", "))
            .replace("/*{or configured}*/", if configured_urls.is_empty() { "" } else { " || !Configured.URLS.isEmpty()" })
            .replace("/*{or configured url}*/", if configured_urls.is_empty() { "" } else { " || Configured.URLS.contains(url)" })
            .replace("/*{configured}*/\n", &configured_helper(configured_urls)),
    );
    (package_file(package, DATABASE_HELPER), out)
}

/// The nested class of the database helper that reads (or supplies) the configured URLs; none
/// when the code reads none.
fn configured_helper(configured_urls: &BTreeSet<(String, String, Option<String>)>) -> String {
    if configured_urls.is_empty() {
        return String::new();
    }
    let read = configured_urls
        .iter()
        .map(|(resource, key, default)| {
            let default = default.as_deref().map_or_else(|| "null".to_string(), string_literal);
            format!("{{{}, {}, {default}}}", string_literal(resource), string_literal(key))
        })
        .collect::<Vec<_>>()
        .join(", ");
    CONFIGURED_URLS_TEMPLATE.replace("/*{configured urls}*/", &read)
}

/// The statements creating the schema's tables in `engine`, as the Java string literals of an
/// array initializer, one line of SQL per line.
fn statement_literals(schema: &Schema, engine: Engine) -> String {
    let mut listed = String::new();
    for statement in create_statements(schema, engine) {
        let lines: Vec<&str> = statement.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let last = i + 1 == lines.len();
            let text = if last { line.to_string() } else { format!("{line}\n") };
            let lead = if i == 0 { "        " } else { "            + " };
            let _ = writeln!(listed, "{lead}{}{}", string_literal(&text), if last { "," } else { "" });
        }
    }
    listed
}

/// The settings of the tests' H2 URL: the compatibility mode of the schema's dialect (so the
/// code's SQL runs as on its engine), names matched ignoring case whether quoted or not (as
/// hornet's model matches them), and `NON_KEYWORDS=KEY,YEAR` for the table and column names
/// of the schema that are H2 keywords the setting can make names again.
pub fn h2_settings(schema: &Schema) -> String {
    let mut settings = String::new();
    if let Some(mode) = schema.dialect.dialect.h2_mode() {
        let _ = write!(settings, ";MODE={mode}");
    }
    settings.push_str(";CASE_INSENSITIVE_IDENTIFIERS=TRUE");
    let names = schema.tables.iter().flat_map(|table| {
        std::iter::once(&table.name).chain(table.columns.iter().map(|column| &column.name))
    });
    let keywords: BTreeSet<String> = names
        .map(|name| name.to_uppercase())
        .filter(|name| H2_NAMEABLE_KEYWORDS.contains(&name.as_str()))
        .collect();
    if !keywords.is_empty() {
        let _ = write!(settings, ";NON_KEYWORDS={}", keywords.into_iter().collect::<Vec<_>>().join(","));
    }
    settings
}

/// `p/q/Name.java` for class `Name` of package `p.q`.
fn package_file(package: &str, class: &str) -> PathBuf {
    let mut path: PathBuf = package.split('.').filter(|s| !s.is_empty()).collect();
    path.push(format!("{class}.java"));
    path
}

/// A `HornetDatabase.Table` constant of a test class.
struct TableConstant {
    /// The Java name, `ORDER_LINE`.
    constant: String,
    /// The table's name as the schema declares it.
    table: String,
    /// Its columns, in the schema's order: the order of the values in rows.
    columns: Vec<String>,
}

/// The table constants of a test class, one per table its tests fill or check, in the order
/// fixtures are inserted: the schema's insertion order (tables it lacks come last).
struct TableConstants(Vec<TableConstant>);

impl TableConstants {
    fn new(methods: &[(&Method, &MethodTests)], schema: Option<&Schema>) -> TableConstants {
        let databases = methods.iter().flat_map(|(_, tests)| &tests.cases).filter_map(|case| case.database.as_ref());
        let used: Vec<&str> = databases
            .flat_map(|database| database.fixture.iter().chain(&database.final_rows))
            .map(|rows| rows.table.as_str())
            .collect();
        let is_used = |name: &str| used.iter().any(|table| table.eq_ignore_ascii_case(name));
        let mut tables: Vec<(String, Vec<String>)> = schema
            .map(|schema| schema.insertion_order().tables)
            .unwrap_or_default()
            .into_iter()
            .filter(|table| is_used(&table.name))
            .map(|table| (table.name.clone(), table.columns.iter().map(|column| column.name.clone()).collect()))
            .collect();
        for name in used {
            if !tables.iter().any(|(table, _)| table.eq_ignore_ascii_case(name)) {
                tables.push((name.to_string(), Vec::new()));
            }
        }
        let mut taken = BTreeSet::new();
        let constants = tables
            .into_iter()
            .map(|(table, columns)| TableConstant { constant: unique_constant(&table, &mut taken), table, columns })
            .collect();
        TableConstants(constants)
    }

    fn declare(&self, out: &mut String) {
        if self.0.is_empty() {
            return;
        }
        out.push_str("\n    // The tables the tests fill and check, with the columns their rows give values for.\n");
        for TableConstant { constant, table, columns } in &self.0 {
            let arguments: Vec<String> = std::iter::once(table).chain(columns).map(|name| string_literal(name)).collect();
            let _ = writeln!(
                out,
                "    private static final {DATABASE_HELPER}.Table {constant} = new {DATABASE_HELPER}.Table({});",
                arguments.join(", ")
            );
        }
    }

    /// Where `table` is in the order; every table of the tests has a constant.
    fn position(&self, table: &str) -> usize {
        self.0.iter().position(|constant| constant.table.eq_ignore_ascii_case(table)).unwrap_or(self.0.len())
    }

    fn constant(&self, table: &str) -> &str {
        &self.0[self.position(table)].constant
    }

    /// `rows` ordered as the tables are, so that fixtures satisfy foreign keys.
    fn ordered<'a>(&self, rows: &'a [TableRows]) -> Vec<&'a TableRows> {
        let mut ordered: Vec<&TableRows> = rows.iter().collect();
        ordered.sort_by_key(|rows| self.position(&rows.table));
        ordered
    }
}

/// A Java constant name for table `name` (`order_line` gives `ORDER_LINE`), distinct from `taken`.
fn unique_constant(name: &str, taken: &mut BTreeSet<String>) -> String {
    let mut base: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect();
    if !base.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        base.insert_str(0, "TABLE_");
    }
    let mut constant = base.clone();
    let mut n = 1;
    while !taken.insert(constant.clone()) {
        n += 1;
        constant = format!("{base}_{n}");
    }
    constant
}

fn test_method(out: &mut String, class: &str, method: &Method, case: &TestCase, name: &str, tables: &TableConstants) {
    let names = ObjectNames::new(case.heap.as_ref());
    // The causes given to an exception's constructor: locals, so that the test can check that
    // the exception holds the very object.
    let causes: Vec<(String, String)> = case
        .args
        .iter()
        .filter(|v| matches!(v, JavaValue::Exception(..)))
        .enumerate()
        .map(|(i, v)| (if i == 0 { "cause".to_string() } else { format!("cause{}", i + 1) }, names.literal(v)))
        .collect();
    let mut next_cause = causes.iter();
    let args: Vec<String> = case
        .args
        .iter()
        .enumerate()
        .map(|(i, v)| match v {
            JavaValue::Exception(..) => next_cause.next().map_or_else(|| names.literal(v), |(name, _)| name.clone()),
            // A constructor overloaded with a cause: `null` alone would be ambiguous.
            JavaValue::Null
                if method.kind == MethodKind::ExceptionConstructor && method.key.params.get(i) == Some(&Ty::String) =>
            {
                "(String) null".to_string()
            }
            _ => names.literal(v),
        })
        .collect();
    let call = match method.kind {
        MethodKind::Static => format!("{class}.{}({})", method.key.name, args.join(", ")),
        MethodKind::Instance => format!("{}.{}({})", args[0], method.key.name, args[1..].join(", ")),
        MethodKind::Constructor => format!("new {class}({})", args[1..].join(", ")),
        MethodKind::ExceptionConstructor => format!("new {class}({})", args.join(", ")),
    };
    out.push('\n');
    if !case.branches.is_empty() {
        let path: Vec<String> = case
            .branches
            .iter()
            .map(|(line, taken)| format!("line {line} {}", if *taken { "true" } else { "false" }))
            .collect();
        let _ = writeln!(out, "    // path: {}", path.join(", "));
    }
    let _ = writeln!(out, "    @Test\n    void {name}() throws Exception {{");
    if let Some(input) = &case.standard_input {
        let _ = writeln!(
            out,
            "        System.setIn(new java.io.ByteArrayInputStream({}.getBytes()));",
            string_literal(input)
        );
    }
    // The input objects, at the indentation of the test's body; with a database, they are
    // built once it is open, as a field may hold the connection.
    let mut objects = String::new();
    if let Some(heap) = &case.heap {
        build_objects(&mut objects, heap, &names);
    }
    let assertion = match &case.expect {
        Expectation::Returns(JavaValue::Boolean(true)) => format!("assertTrue({call});"),
        Expectation::Returns(JavaValue::Boolean(false)) => format!("assertFalse({call});"),
        Expectation::Returns(JavaValue::Null) => format!("assertNull({call});"),
        // A connection the code opened to the test's database: the test closes it.
        Expectation::Returns(JavaValue::OpenedConnection) => {
            format!("try (Connection opened = {call}) {{
            assertFalse(opened.isClosed());
        }}")
        }
        Expectation::Returns(JavaValue::Object(id)) => {
            // Classes are spelled fully qualified, so that no import is needed.
            let result = format!("{} result = {call};", names.class_of(*id));
            match case.heap.as_ref().and_then(|h| h.after.iter().find(|o| o.id == *id)) {
                Some(object) if object.origin == Origin::Result => format!("{result}\n        assertNotNull(result);"),
                _ => format!("{result}\n        assertSame({}, result);", names.name(*id)),
            }
        }
        Expectation::Returns(JavaValue::Optional(Some(held))) => match &**held {
            // The Optional's object, checked as a returned object is.
            JavaValue::Object(id) => {
                let class = names.class_of(*id);
                let present = format!("java.util.Optional<{class}> returned = {call};\n        assertTrue(returned.isPresent());");
                match case.heap.as_ref().and_then(|h| h.after.iter().find(|o| o.id == *id)) {
                    Some(object) if object.origin == Origin::Result => format!("{present}\n        {class} result = returned.get();"),
                    _ => format!("{present}\n        assertSame({}, returned.get());", names.name(*id)),
                }
            }
            decimal @ JavaValue::Decimal { .. } => {
                format!("assertEquals(0, {}.compareTo({call}.orElseThrow()));", literal(decimal))
            }
            held => format!("assertEquals(java.util.Optional.of({}), {call});", literal(held)),
        },
        // The clock's reading: within its bounds, whatever day the test runs.
        Expectation::Returns(JavaValue::Clock { class, low, high }) => {
            let ty = class.map_or("long", |c| c.class_name());
            format!("{ty} result = {call};\n        {}", clock_check(*class, *low, *high, "result"))
        }
        // Compared as numbers: BigDecimal.equals compares the scale too.
        Expectation::Returns(v @ JavaValue::Decimal { .. }) => format!("assertEquals(0, {}.compareTo({call}));", literal(v)),
        // Compared with ==, as the model computes (it does not tell -0.0 from 0.0).
        Expectation::Returns(v @ JavaValue::Double(_)) => format!("assertEquals({}, {call}, 0.0);", literal(v)),
        Expectation::Returns(v @ JavaValue::Float(_)) => format!("assertEquals({}, {call}, 0.0f);", literal(v)),
        Expectation::Returns(JavaValue::Boxed(v)) if matches!(**v, JavaValue::Double(_) | JavaValue::Float(_)) => {
            let (method, delta) = if matches!(**v, JavaValue::Double(_)) { ("doubleValue", "0.0") } else { ("floatValue", "0.0f") };
            format!("assertEquals({}, {call}.{method}(), {delta});", literal(v))
        }
        // Its exact class, then what its constructor gave it, as for a thrown one.
        Expectation::Returns(JavaValue::Exception(class, carried)) => {
            let mut checks = String::new();
            for ((name, made), value) in causes.iter().zip(case.args.iter().filter(|v| matches!(v, JavaValue::Exception(..)))) {
                let JavaValue::Exception(cause_class, _) = value else { continue };
                let _ = write!(checks, "{cause_class} {name} = {made};\n        ");
            }
            let _ = write!(checks, "Throwable result = {call};\n        assertEquals({class}.class, result.getClass());");
            if let Some(carried) = carried {
                // The one cause the constructor was given is the one it holds.
                let given = match causes.as_slice() {
                    [(cause, _)] => Some(cause.as_str()),
                    _ => None,
                };
                checks.push_str(&carried_checks("result", &format!("(({class}) result)"), carried, given));
            }
            checks
        }
        Expectation::Returns(v) => format!("assertEquals({}, {call});", names.literal(v)),
        Expectation::Completes => format!("assertDoesNotThrow(() -> {call});"),
        Expectation::Throws(exception, None, None) => {
            format!("assertThrows({}.class, () -> {call});", simple_name(exception))
        }
        Expectation::Throws(exception, None, Some(carried)) => thrown_checks(exception, carried, &call),
        // Which constraint failed: the SQL state the test's database gives that violation.
        Expectation::Throws(exception, Some(violation), _) => {
            let class = simple_name(exception);
            format!(
                "{class} thrown = assertThrows({class}.class, () -> {call});
        assertEquals(HornetDatabase.sqlState(HornetDatabase.Violation.{}), thrown.getSQLState());",
                violation.to_uppercase()
            )
        }
    };
    // The call and the checks of its objects, at the indentation of the test's body.
    let mut call_and_checks = format!("        {assertion}\n");
    if let Some(heap) = &case.heap {
        // Rows of a SELECT DISTINCT or GROUP BY without ORDER BY come in the engine's order.
        let engine_order = method.sql.iter().any(|sql| sql.compiled.as_ref().is_some_and(|compiled| compiled.engine_order));
        check_objects(&mut call_and_checks, heap, &names, engine_order);
    }
    match &case.database {
        None => {
            out.push_str(&objects);
            out.push_str(&call_and_checks);
        }
        Some(database) => database_body(out, &objects, &call_and_checks, database, tables),
    }
    out.push_str("    }\n");
}

/// The test's variable names of its objects: `node1` for object 1 of class `Node`; the result
/// of a method returning a new object is `result`.
struct ObjectNames {
    objects: Vec<(u32, String, String)>,
}

impl ObjectNames {
    fn new(heap: Option<&HeapCase>) -> ObjectNames {
        let mut objects = Vec::new();
        for object in heap.iter().flat_map(|h| h.inputs.iter().chain(&h.after)) {
            if objects.iter().any(|(id, _, _)| *id == object.id) {
                continue;
            }
            let name = if object.kind == ObjectKind::Statics {
                format!("{}.class", object.class)
            } else if object.origin == Origin::Result {
                "result".to_string()
            } else if object.kind == ObjectKind::List {
                format!("list{}", object.id)
            } else if object.kind == ObjectKind::Map {
                format!("map{}", object.id)
            } else if object.kind == ObjectKind::Array {
                let simple = simple_name(&object.class);
                let mut chars = simple.chars();
                let first = chars.next().map(|c| c.to_ascii_lowercase()).unwrap_or('a');
                format!("{first}{}Array{}", chars.as_str(), object.id)
            } else {
                let simple = simple_name(&object.class);
                let mut chars = simple.chars();
                let first = chars.next().map(|c| c.to_ascii_lowercase()).unwrap_or('o');
                format!("{first}{}{}", chars.as_str(), object.id)
            };
            let class = match object.kind {
                ObjectKind::Object | ObjectKind::Statics => object.class.clone(),
                ObjectKind::Array => format!("{}[]", object.class),
                // What signatures declare (the lists a test builds are ArrayLists).
                ObjectKind::List => list_type(&object.class),
                ObjectKind::Map => format!("java.util.Map<{}>", object.class),
            };
            objects.push((object.id, class, name));
        }
        ObjectNames { objects }
    }

    fn name(&self, id: u32) -> String {
        self.objects.iter().find(|(i, _, _)| *i == id).map_or_else(|| format!("object{id}"), |(_, _, n)| n.clone())
    }

    fn class_of(&self, id: u32) -> String {
        self.objects.iter().find(|(i, _, _)| *i == id).map_or_else(|| "Object".to_string(), |(_, c, _)| c.clone())
    }

    fn literal(&self, v: &JavaValue) -> String {
        match v {
            JavaValue::Object(id) => self.name(*id),
            other => literal(other),
        }
    }
}

/// The type of a list variable of a test, of elements of `class` (`Integer` or a class of the
/// sources).
fn list_type(class: &str) -> String {
    format!("java.util.List<{class}>")
}

/// Allocates the input objects, builds the input arrays (their elements may be objects) and
/// lists, then sets the objects' fields (those not at their default value; they may be arrays
/// or lists).
fn build_objects(out: &mut String, heap: &HeapCase, names: &ObjectNames) {
    let of_kind = |kind: ObjectKind| heap.inputs.iter().filter(move |o| o.kind == kind);
    let by_reflection = |object: &TestObject| {
        heap.constructions.iter().all(|(id, c)| *id != object.id || *c == Construction::Reflection)
    };
    for object in of_kind(ObjectKind::Object).filter(|o| by_reflection(o)) {
        let class = &object.class;
        if class == crate::ir::OBJECT_CLASS {
            // An object of no class of the sources (`equals(Object)`'s parameter).
            let _ = writeln!(out, "        {class} {} = new {class}();", names.name(object.id));
        } else {
            let _ = writeln!(out, "        {class} {} = {OBJECTS_HELPER}.allocate({class}.class);", names.name(object.id));
        }
    }
    // Objects built as the application builds them, each after the objects it takes.
    for (id, construction) in &heap.constructions {
        let class = names.class_of(*id);
        let name = names.name(*id);
        match construction {
            Construction::Reflection => {}
            Construction::Constructor { args, setters } => {
                let args: Vec<String> = args
                    .iter()
                    .map(|(value, ty)| match value {
                        // Cast: an overloaded constructor may take null at several types.
                        JavaValue::Null => format!("({ty}) null"),
                        value => names.literal(value),
                    })
                    .collect();
                let _ = writeln!(out, "        {class} {name} = new {class}({});", args.join(", "));
                for (setter, value) in setters {
                    let _ = writeln!(out, "        {name}.{setter}({});", names.literal(value));
                }
            }
            // Made by its owner's constructor: read back to be checked after the call.
            Construction::Inner { owner, field } => {
                let _ = writeln!(
                    out,
                    "        {class} {name} = ({class}) {OBJECTS_HELPER}.get({}, {});",
                    names.name(*owner),
                    string_literal(field)
                );
            }
        }
    }
    for array in of_kind(ObjectKind::Array) {
        let _ = writeln!(out, "        {}[] {} = {};", array.class, names.name(array.id), array_literal(array, names));
    }
    for list in of_kind(ObjectKind::List) {
        let mut elements: Vec<String> = list.fields.iter().map(|(_, value)| names.literal(value)).collect();
        // Arrays.asList, not List.of, takes null elements (which lists of objects may hold); a
        // lone null would be its varargs array, so it is cast to an element.
        if let [only] = elements.as_mut_slice()
            && only == "null"
        {
            *only = format!("({}) null", list.class);
        }
        let source = if is_number_list(list) {
            list_literal(list, names)
        } else if elements.is_empty() {
            String::new()
        } else {
            format!("java.util.Arrays.asList({})", elements.join(", "))
        };
        // Declared ArrayList, which a parameter may be declared as, and List too.
        let _ = writeln!(out, "        java.util.ArrayList<{}> {} = new java.util.ArrayList<>({source});", list.class, names.name(list.id));
    }
    for object in of_kind(ObjectKind::Object).filter(|o| by_reflection(o)) {
        for (field, value) in &object.fields {
            if is_default(value) {
                continue;
            }
            let _ = writeln!(
                out,
                "        {OBJECTS_HELPER}.set({}, {}, {});",
                names.name(object.id),
                string_literal(field),
                names.literal(value)
            );
        }
    }
    set_statics(out, heap, names);
}

/// Sets every static field of the path's statics objects (a static field's current value is
/// whatever earlier code left there, never a default), after the objects they may hold.
fn set_statics(out: &mut String, heap: &HeapCase, names: &ObjectNames) {
    for statics in heap.inputs.iter().filter(|o| o.kind == ObjectKind::Statics) {
        for (field, value) in &statics.fields {
            let _ = writeln!(
                out,
                "        {OBJECTS_HELPER}.setStatic({}.class, {}, {});",
                statics.class,
                string_literal(field),
                names.literal(value)
            );
        }
    }
}

fn is_default(value: &JavaValue) -> bool {
    matches!(
        value,
        JavaValue::Int(0)
            | JavaValue::Long(0)
            | JavaValue::Double(0)
            | JavaValue::Float(0)
            | JavaValue::Byte(0)
            | JavaValue::Short(0)
            | JavaValue::Char(0)
            | JavaValue::Boolean(false)
            | JavaValue::Null
    )
}

/// A char as Java source: `'a'` when printable ASCII, else `(char) 10` (a `\u000a` escape
/// would end the line before javac reads the literal).
fn char_literal(code: u16) -> String {
    match char::from_u32(u32::from(code)) {
        Some('\'') => "'\\''".to_string(),
        Some('\\') => "'\\\\'".to_string(),
        Some(c) if c.is_ascii_graphic() || c == ' ' => format!("'{c}'"),
        _ => format!("(char) {code}"),
    }
}

/// The check of a field (read by reflection, boxed) holding a double or float `value`.
fn floating_field_check(value: &JavaValue, read: &str) -> String {
    let (method, delta) = if matches!(value, JavaValue::Float(_)) { ("floatValue", "0.0f") } else { ("doubleValue", "0.0") };
    format!("assertEquals({}, ((Number) {read}).{method}(), {delta});", literal(value))
}

/// Checks every field of every object the test reaches after the call; an object first
/// reached through a field gets a variable there (its cast checks its class).
/// With `engine_order`, lists of numbers are compared in any order.
fn check_objects(out: &mut String, heap: &HeapCase, names: &ObjectNames, engine_order: bool) {
    for object in &heap.after {
        check_fields(out, object, heap, names, engine_order);
    }
}

/// `new int[] {3, 0}`.
fn array_literal(array: &TestObject, names: &ObjectNames) -> String {
    let elements: Vec<String> = array.fields.iter().map(|(_, value)| names.literal(value)).collect();
    if elements.is_empty() {
        format!("new {}[0]", array.class)
    } else {
        format!("new {}[] {{{}}}", array.class, elements.join(", "))
    }
}

/// `java.util.List.of(3, 1)`: an immutable list, equal to any list of the same elements in
/// the same order.
/// A `List<Integer>` or `List<Long>`: its elements are never null, and compare by value.
fn is_number_list(object: &TestObject) -> bool {
    object.kind == ObjectKind::List && matches!(object.class.as_str(), "Integer" | "Long")
}

fn list_literal(list: &TestObject, names: &ObjectNames) -> String {
    let elements: Vec<String> = list.fields.iter().map(|(_, value)| names.literal(value)).collect();
    format!("java.util.List.of({})", elements.join(", "))
}

fn check_fields(out: &mut String, object: &TestObject, heap: &HeapCase, names: &ObjectNames, engine_order: bool) {
    let owner = names.name(object.id);
    if is_number_list(object) && engine_order {
        // Both sides sorted, nulls first: the expected elements here, the actual ones in Java.
        let mut sorted = object.clone();
        sorted.fields.sort_by_key(|(_, value)| match value {
            JavaValue::Int(v) => Some(i64::from(*v)),
            JavaValue::Long(v) => Some(*v),
            _ => None,
        });
        let class = &object.class;
        let _ = writeln!(
            out,
            "        java.util.List<{class}> {owner}Sorted = new java.util.ArrayList<{class}>({owner});
        {owner}Sorted.sort(java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder()));
        assertEquals({}, {owner}Sorted, \"in any order: the query lists its rows in the database's order\");",
            list_literal(&sorted, names)
        );
        return;
    }
    if is_number_list(object) {
        let _ = writeln!(out, "        assertEquals({}, {owner});", list_literal(object, names));
        return;
    }
    if object.kind == ObjectKind::Map {
        // A HashMap equal to the expected entries: Map.equals ignores their order.
        let _ = writeln!(out, "        java.util.Map<{}> {owner}Expected = new java.util.HashMap<>();", object.class);
        for entry in object.fields.chunks(2) {
            let _ = writeln!(out, "        {owner}Expected.put({}, {});", names.literal(&entry[0].1), names.literal(&entry[entry.len() - 1].1));
        }
        let _ = writeln!(out, "        assertEquals({owner}Expected, {owner});");
        return;
    }
    let array = object.kind == ObjectKind::Array;
    let list = object.kind == ObjectKind::List;
    let holds_objects = array && !matches!(object.class.as_str(), "int" | "long" | "boolean" | "String");
    if array && !holds_objects {
        // Numbers and Strings compare by value, element by element.
        let _ = writeln!(out, "        assertArrayEquals({}, {owner});", array_literal(object, names));
        return;
    }
    if array {
        let _ = writeln!(out, "        assertEquals({}, {owner}.length);", object.fields.len());
    }
    if list {
        let _ = writeln!(out, "        assertEquals({}, {owner}.size());", object.fields.len());
    }
    let constructed = heap.constructions.iter().any(|(id, c)| *id == object.id && *c != Construction::Reflection);
    for (field, value) in &object.fields {
        // A field the path never looked at holds what the constructor gave it: not hornet's to say.
        if constructed && heap.unseen.iter().any(|(id, f)| *id == object.id && f == field) {
            continue;
        }
        let read = if array {
            format!("{owner}[{field}]")
        } else if list {
            format!("{owner}.get({field})")
        } else if object.kind == ObjectKind::Statics {
            format!("{OBJECTS_HELPER}.getStatic({}.class, {})", object.class, string_literal(field))
        } else {
            format!("{OBJECTS_HELPER}.get({owner}, {})", string_literal(field))
        };
        let line = match value {
            JavaValue::Null => format!("assertNull({read});"),
            // A data source the test made: still one (a fresh one is another object).
            JavaValue::DataSource => format!("assertTrue({read} instanceof javax.sql.DataSource);"),
            JavaValue::ConnectionProxy(interface) => format!("assertTrue({read} instanceof {interface});"),
            // A connection the code opened (and may have closed): one, whichever it is.
            JavaValue::OpenedConnection => format!("assertTrue({read} instanceof java.sql.Connection);"),
            JavaValue::Connection => format!("assertSame(connection, {read});"),
            JavaValue::Object(target) => {
                let reached_here = heap.after.iter().any(|o| {
                    o.id == *target && o.origin == Origin::Field { owner: object.id, field: field.clone() }
                });
                if reached_here {
                    let class = names.class_of(*target);
                    let cast = if array || list { String::new() } else { format!("({class}) ") };
                    format!("{class} {} = {cast}{read};\n        assertNotNull({});", names.name(*target), names.name(*target))
                } else {
                    format!("assertSame({}, {read});", names.name(*target))
                }
            }
            decimal @ JavaValue::Decimal { .. } => {
                format!("assertEquals(0, {}.compareTo((java.math.BigDecimal) {read}));", literal(decimal))
            }
            // A double or float field, or a box of one: compared with == (as `test_method`).
            JavaValue::Double(_) | JavaValue::Float(_) => floating_field_check(value, &read),
            JavaValue::Clock { class, low, high } => {
                let ty = class.map_or("Long", |c| c.class_name());
                clock_check(*class, *low, *high, &format!("(({ty}) {read})"))
            }
            JavaValue::Boxed(boxed) if matches!(**boxed, JavaValue::Double(_) | JavaValue::Float(_)) => {
                floating_field_check(boxed, &read)
            }
            other => format!("assertEquals({}, {read});", literal(other)),
        };
        let _ = writeln!(out, "        {line}");
    }
}

/// The test's body inside a `try` that opens its database: the input `objects` (a field may
/// hold the connection), the fixture, then `call_and_checks` (the result's variable must be in
/// scope of its checks), then the final rows. `objects` and `call_and_checks` are lines at the
/// body's indentation, indented one step further here.
fn database_body(
    out: &mut String,
    objects: &str,
    call_and_checks: &str,
    database: &DatabaseCase,
    tables: &TableConstants,
) {
    let indented = |out: &mut String, lines: &str| {
        for line in lines.lines() {
            let _ = writeln!(out, "    {line}");
        }
    };
    let _ = writeln!(out, "        try (Connection connection = {DATABASE_HELPER}.open()) {{");
    indented(out, objects);
    for rows in tables.ordered(&database.fixture) {
        table_rows(out, "insert", rows, tables);
    }
    for (table, start) in &database.identity_starts {
        // An identity's start may pass int's range (a BIGINT key): then a long literal.
        let suffix = if i32::try_from(*start).is_ok() { "" } else { "L" };
        let _ = writeln!(
            out,
            "            {DATABASE_HELPER}.restartIdentity(connection, {}, {start}{suffix});",
            tables.constant(table)
        );
    }
    indented(out, call_and_checks);
    for rows in tables.ordered(&database.final_rows) {
        table_rows(out, "assertRows", rows, tables);
    }
    out.push_str("        }\n");
}

/// `HornetDatabase.insert(connection, BOOK, new Object[][] {` and one `{1, "Dune", 1965},` per row.
fn table_rows(out: &mut String, helper: &str, rows: &TableRows, tables: &TableConstants) {
    let constant = tables.constant(&rows.table);
    let head = format!("            {DATABASE_HELPER}.{helper}(connection, {constant}, new Object[][] {{");
    if rows.rows.is_empty() {
        let _ = writeln!(out, "{head}}});");
        return;
    }
    let _ = writeln!(out, "{head}");
    for row in &rows.rows {
        let values: Vec<String> = row.iter().map(literal).collect();
        let _ = writeln!(out, "                {{{}}},", values.join(", "));
    }
    out.push_str("            });\n");
}

/// A Java literal of the value's own type (`-2147483648` and `-9223372036854775808L` are
/// valid Java literals as written).
/// `assertThrows` of an exception a `throw new` of the code made, then what its constructor
/// gave it: the message when the path determines it, and the class of its cause (an
/// `instanceof`, since the database's driver throws subclasses of SQLException).
fn thrown_checks(exception: &str, carried: &Carried, call: &str) -> String {
    let class = simple_name(exception);
    let thrown = format!("{class} thrown = assertThrows({class}.class, () -> {call});");
    thrown + &carried_checks("thrown", "thrown", carried, None)
}

/// The checks of what an exception's constructor gave it: its message, its cause's class and
/// its fields' getters, on `exception`; the getters of fields on `typed`, the exception as
/// its own class. `given` names the test's local holding the one cause the test passed.
fn carried_checks(exception: &str, typed: &str, carried: &Carried, given: Option<&str>) -> String {
    let mut out = String::new();
    match &carried.message {
        Some(Value::Str(text)) => {
            let _ = write!(out, "\n        assertEquals({}, {exception}.getMessage());", string_literal(text));
        }
        Some(_) => {
            let _ = write!(out, "\n        assertNull({exception}.getMessage());");
        }
        None => {}
    }
    match (&carried.cause, given) {
        (Some(_), Some(given)) => {
            let _ = write!(out, "\n        assertSame({given}, {exception}.getCause());");
        }
        (Some(cause), None) => {
            let _ = write!(out, "\n        assertTrue({exception}.getCause() instanceof {cause});");
        }
        (None, _) => {
            let _ = write!(out, "\n        assertNull({exception}.getCause());");
        }
    }
    for field in &carried.fields {
        let getter = &field.getter;
        let _ = match (field.ty.as_str(), &field.value) {
            (_, Value::Null) => write!(out, "\n        assertNull({typed}.{getter}());"),
            ("string", Value::Str(text)) => {
                write!(out, "\n        assertEquals({}, {typed}.{getter}());", string_literal(text))
            }
            ("boolean", Value::Int(b)) => {
                write!(out, "\n        {}({typed}.{getter}());", if *b != 0 { "assertTrue" } else { "assertFalse" })
            }
            ("long", Value::Int(n)) => write!(out, "\n        assertEquals({n}L, {typed}.{getter}());"),
            (_, Value::Int(n)) => write!(out, "\n        assertEquals({n}, {typed}.{getter}());"),
            _ => Ok(()),
        };
    }
    out
}

/// The assertion that `value`, a long or a date of `class` the clock's reading determines,
/// lies within `low..=high` (milliseconds since 1970-01-01T00:00 UTC): true on any day the
/// test runs, as the model keeps the reading anywhere in its window.
fn clock_check(class: Option<DateClass>, low: i64, high: i64, value: &str) -> String {
    let millis = match class {
        None => value.to_string(),
        Some(DateClass::Instant) => format!("{value}.toEpochMilli()"),
        Some(DateClass::LocalDateTime) => format!("{value}.toInstant(java.time.ZoneOffset.UTC).toEpochMilli()"),
        Some(DateClass::LocalDate) => format!("{value}.toEpochDay() * 86400000L"),
        Some(DateClass::Util | DateClass::Sql | DateClass::Timestamp | DateClass::Time) => format!("{value}.getTime()"),
    };
    format!("assertTrue({low}L <= {millis} && {millis} <= {high}L, \"a reading of the clock\");")
}

fn literal(v: &JavaValue) -> String {
    match v {
        JavaValue::Int(i) => i.to_string(),
        JavaValue::Long(l) => format!("{l}L"),
        JavaValue::Double(units) => crate::ir::floating_text(*units),
        JavaValue::Float(units) => format!("{}f", crate::ir::floating_text(*units)),
        JavaValue::Byte(b) => format!("(byte) {b}"),
        JavaValue::Short(s) => format!("(short) {s}"),
        JavaValue::Char(c) => char_literal(*c),
        JavaValue::Boolean(b) => b.to_string(),
        JavaValue::Str(s) => string_literal(s),
        JavaValue::Null => "null".to_string(),
        JavaValue::Connection => "connection".to_string(),
        // Never asserted equal (`check_fields`, `test_method`): it is a new connection.
        JavaValue::OpenedConnection => "connection".to_string(),
        JavaValue::DataSource => format!("{DATABASE_HELPER}.dataSource()"),
        JavaValue::ConnectionProxy(interface) => format!("{DATABASE_HELPER}.connecting({interface}.class)"),
        JavaValue::Scanner(text) => format!("new java.util.Scanner({})", string_literal(text)),
        JavaValue::Object(id) => format!("object{id}"),
        JavaValue::Unchecked => "HornetDatabase.UNCHECKED".to_string(),
        // Never a literal: asserted within its bounds only (`clock_check`); a final row's is
        // `Unchecked`.
        JavaValue::Clock { .. } => "HornetDatabase.UNCHECKED".to_string(),
        // Qualified: the enum's package need not be the test's.
        JavaValue::Enum { class, constant } => format!("{class}.{constant}"),
        // `Integer.valueOf(5)`, not `5`: `assertEquals(5, aLong)` would compare an Integer with
        // a Long, and an overloaded method may not take a bare literal.
        JavaValue::Boxed(value) => match **value {
            JavaValue::Int(i) => format!("Integer.valueOf({i})"),
            JavaValue::Long(l) => format!("Long.valueOf({l}L)"),
            JavaValue::Boolean(b) => format!("Boolean.valueOf({b})"),
            ref number @ JavaValue::Double(_) => format!("Double.valueOf({})", literal(number)),
            ref number @ JavaValue::Float(_) => format!("Float.valueOf({})", literal(number)),
            ref number @ JavaValue::Byte(_) => format!("Byte.valueOf({})", literal(number)),
            ref number @ JavaValue::Short(_) => format!("Short.valueOf({})", literal(number)),
            ref character @ JavaValue::Char(_) => format!("Character.valueOf({})", literal(character)),
            ref other => literal(other),
        },
        JavaValue::Date(class, millis) => date_literal(*class, *millis),
        JavaValue::Decimal { units, scale } => format!("new java.math.BigDecimal(\"{}\")", decimal_text(*units, *scale)),
        JavaValue::Optional(None) => "java.util.Optional.empty()".to_string(),
        JavaValue::Optional(Some(held)) => format!("java.util.Optional.of({})", literal(held)),
        // The cause a test gives an exception's constructor.
        JavaValue::Exception(class, carried) => {
            let message = match carried.as_ref().and_then(|c| c.message.as_ref()) {
                Some(Value::Str(text)) => string_literal(text),
                _ => "null".to_string(),
            };
            format!("new {class}({message})")
        }
    }
}

/// The text of a number of `units` (10^-`DECIMAL_SCALE`) with `scale` places, or as few as it
/// needs: `12.50`, `-0.5`, `3`.
fn decimal_text(units: i128, scale: Option<u32>) -> String {
    let places = DECIMAL_SCALE as usize;
    let digits = format!("{:0>width$}", units.unsigned_abs(), width = places + 1);
    let (whole, fraction) = digits.split_at(digits.len() - places);
    let fraction = match scale {
        Some(scale) => &fraction[..(scale as usize).min(places)],
        None => fraction.trim_end_matches('0'),
    };
    let sign = if units < 0 { "-" } else { "" };
    if fraction.is_empty() { format!("{sign}{whole}") } else { format!("{sign}{whole}.{fraction}") }
}

/// Marks the text of a test class that spells dates as their UTC text, so that it runs in
/// UTC (`UTC_ZONE`).
const DATE_TEXT: &str = ".valueOf(\"";

/// The static initialiser of a test class whose dates are written as their UTC text: the
/// text and the instant agree only in UTC, and H2 converts between them in the JVM's zone.
const UTC_ZONE: &str = "
    // The dates of these tests are UTC instants, written as their UTC text.
    static {
        java.util.TimeZone.setDefault(java.util.TimeZone.getTimeZone(\"UTC\"));
    }
";

/// The static initialiser of a test class whose tests load a class that reads configuration
/// from the class path when it is loaded: the database helper writes the files the class path
/// lacks before that class (whichever test class loads it first) reads them.
const SUPPLY_CONFIGURATION: &str = "
    // The code under test reads configuration files from the class path when it is loaded.
    static {
        HornetDatabase.supplyConfiguration();
    }
";

/// A date as readable Java: `java.sql.Date.valueOf("2020-01-31")` for a java.sql.Date at the
/// start of a day, `java.sql.Timestamp.valueOf("2020-01-31 10:00:00")` for a Timestamp,
/// `java.sql.Time.valueOf("10:00:00")` for a Time of a whole second of 1970-01-01, a
/// java.util.Date (or other Time) of a Timestamp's instant, `java.time.LocalDate.parse("2020-01-31")`
/// and the ISO text of a LocalDateTime or Instant; the milliseconds for instants outside the
/// years `valueOf` reads (1970..9999 here).
fn date_literal(class: DateClass, millis: i64) -> String {
    const DAY: i64 = 86_400_000;
    let Some(instant) = chrono::DateTime::from_timestamp_millis(millis).filter(|_| (0..253_402_300_800_000).contains(&millis)) else {
        return match class {
            DateClass::LocalDate => format!("java.time.LocalDate.ofEpochDay({}L)", millis.div_euclid(DAY)),
            DateClass::LocalDateTime => {
                format!("java.time.LocalDateTime.ofInstant(java.time.Instant.ofEpochMilli({millis}L), java.time.ZoneOffset.UTC)")
            }
            DateClass::Instant => format!("java.time.Instant.ofEpochMilli({millis}L)"),
            _ => format!("new {}({millis}L)", class.class_name()),
        };
    };
    let fraction = if millis % 1000 == 0 { "" } else { "%.3f" };
    let timestamp = format!("java.sql.Timestamp.valueOf(\"{}\")", instant.format(&format!("%Y-%m-%d %H:%M:%S{fraction}")));
    match class {
        DateClass::Sql if millis % DAY == 0 => format!("java.sql.Date.valueOf(\"{}\")", instant.format("%Y-%m-%d")),
        DateClass::Timestamp => timestamp,
        DateClass::Time if millis < DAY && millis % 1000 == 0 => format!("java.sql.Time.valueOf(\"{}\")", instant.format("%H:%M:%S")),
        DateClass::Sql | DateClass::Util | DateClass::Time => format!("new {}({timestamp}.getTime())", class.class_name()),
        // A LocalDate is the start of its day (its other instants are no LocalDate).
        DateClass::LocalDate => format!("java.time.LocalDate.parse(\"{}\")", instant.format("%Y-%m-%d")),
        DateClass::LocalDateTime => {
            format!("java.time.LocalDateTime.parse(\"{}\")", instant.format(&format!("%Y-%m-%dT%H:%M:%S{fraction}")))
        }
        DateClass::Instant => format!("java.time.Instant.parse(\"{}\")", instant.format(&format!("%Y-%m-%dT%H:%M:%S{fraction}Z"))),
    }
}

/// A Java string literal: printable ASCII as it is, the rest escaped.
pub fn string_literal(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            ' '..='~' => out.push(c),
            c => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{unit:04x}"));
                }
            }
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::parse_schema;
    use std::path::Path;

    #[test]
    fn h2_settings_list_the_keywords_used_as_names_that_h2_can_take_back() {
        let ddl = "CREATE TABLE entry (id INT PRIMARY KEY, Year INT, \"value\" INT, title VARCHAR(9), \"order\" INT);\n\
                   CREATE TABLE \"user\" (id INT PRIMARY KEY, year INT);";
        let (schema, diagnostics) = parse_schema(Path::new("t.sql"), ddl);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        // ORDER is left out: listed, it would break `FROM t ORDER BY x`.
        assert_eq!(h2_settings(&schema), ";CASE_INSENSITIVE_IDENTIFIERS=TRUE;NON_KEYWORDS=USER,VALUE,YEAR");
        let (plain, _) = parse_schema(Path::new("t.sql"), "CREATE TABLE book (id INT PRIMARY KEY, title VARCHAR(9));");
        assert_eq!(h2_settings(&plain), ";CASE_INSENSITIVE_IDENTIFIERS=TRUE");
    }

    #[test]
    fn dates_are_written_as_their_utc_text() {
        assert_eq!(date_literal(DateClass::Sql, 18_292 * 86_400_000), "java.sql.Date.valueOf(\"2020-01-31\")");
        assert_eq!(
            date_literal(DateClass::Timestamp, 1_580_464_800_250),
            "java.sql.Timestamp.valueOf(\"2020-01-31 10:00:00.250\")"
        );
        assert_eq!(
            date_literal(DateClass::Util, 0),
            "new java.util.Date(java.sql.Timestamp.valueOf(\"1970-01-01 00:00:00\").getTime())"
        );
        assert_eq!(date_literal(DateClass::Sql, -1), "new java.sql.Date(-1L)");
        assert_eq!(date_literal(DateClass::Time, 36_001_000), "java.sql.Time.valueOf(\"10:00:01\")");
        assert_eq!(
            date_literal(DateClass::Time, 36_000_250),
            "new java.sql.Time(java.sql.Timestamp.valueOf(\"1970-01-01 10:00:00.250\").getTime())"
        );
    }

    #[test]
    fn decimals_are_written_with_their_scale() {
        assert_eq!(decimal_text(125_000, Some(2)), "12.50");
        assert_eq!(decimal_text(125_000, None), "12.5");
        assert_eq!(decimal_text(-5_000, None), "-0.5");
        assert_eq!(decimal_text(30_000, None), "3");
        assert_eq!(decimal_text(0, Some(2)), "0.00");
        assert_eq!(decimal_text(-1, None), "-0.0001");
    }

    #[test]
    fn table_constants_are_distinct_java_names() {
        let mut taken = BTreeSet::new();
        let names: Vec<String> =
            ["order_line", "order-line", "2024 sales", "Book"].iter().map(|n| unique_constant(n, &mut taken)).collect();
        assert_eq!(names, ["ORDER_LINE", "ORDER_LINE_2", "TABLE_2024_SALES", "BOOK"]);
    }
}
