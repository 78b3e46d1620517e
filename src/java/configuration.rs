//! Set-up a class does once when it is loaded, read from its syntax: loading a JDBC driver
//! (`Class.forName`), loading a `static final Properties` field from a resource of the class
//! path (`X.class.getClassLoader().getResourceAsStream("app.properties")`), or loading a local
//! Properties so and giving static String fields its values (`URL =
//! properties.getProperty("db.url");`), directly in a static initialiser or in static methods
//! without parameters that it calls. Such an initialiser changes nothing a test can see but
//! those fields, whose values are configuration the test cannot choose: they are supported
//! only where they name the database (`DriverManager.getConnection(P.getProperty("db.url"),
//! ...)`, `DriverManager.getConnection(URL, USER, PASSWORD)`, `lower/jdbc.rs`).

use super::index::ClassInfo;
use super::lower::string_literal_value;
use super::syntax::{children, operator, skip_parens, text};
use std::collections::HashMap;
use crate::ir::{MethodKind, package_of};
use tree_sitter::Node;

/// How deep set-up methods may call set-up methods.
const MAX_SET_UP_DEPTH: u32 = 3;

/// Whether every statement of a static initialiser is set-up (a driver loaded, a Properties
/// field loaded from the class path, static String fields given values read from such a
/// Properties), which runs once and changes no state a test sees except the configuration a
/// test cannot choose.
pub(crate) fn is_set_up_initialiser(class: &ClassInfo, initialiser: Node) -> bool {
    let Some(block) = children(initialiser).into_iter().find(|c| c.kind() == "block") else { return false };
    let statements = children(block);
    let mut set_up = SetUp::default();
    !statements.is_empty() && set_up.statements(class, &statements, 0) && set_up.values_assigned_once(class)
}

/// The class-path resource a `static final Properties` field of `class` is loaded from by the
/// class's static initialiser, if that initialiser is set-up.
pub(crate) fn loaded_properties(class: &ClassInfo, field: &str) -> Option<String> {
    if !is_properties_field(class, field) {
        return None;
    }
    configuration(class).properties.into_iter().find(|(f, _)| f == field).map(|(_, resource)| resource)
}

/// A static String field of `class` its set-up static initialiser assigns a value read from a
/// Properties loaded from the class path (`URL = properties.getProperty("db.url");`), and
/// that nothing else in the class assigns: the resource, the key and the default.
pub(crate) fn configured_field(class: &ClassInfo, field: &str) -> Option<ConfiguredValue> {
    configuration(class).values.into_iter().find(|v| v.field == field)
}

/// What a class's set-up static initialisers load from the class path.
#[derive(Default)]
pub(crate) struct Configuration {
    /// The `static final Properties` fields loaded, with their resources.
    pub properties: Vec<(String, String)>,
    /// The static fields given a value read from a loaded Properties.
    pub values: Vec<ConfiguredValue>,
}

impl Configuration {
    /// The resources the class loads when it is loaded, in the order the code reads them.
    pub fn resources(&self) -> impl Iterator<Item = &str> {
        self.properties.iter().map(|(_, r)| r.as_str()).chain(self.values.iter().map(|v| v.resource.as_str()))
    }
}

/// `field = properties.getProperty(key[, default])` in a static initialiser, `properties`
/// loaded from `resource` on the class path.
#[derive(Clone, Debug)]
pub(crate) struct ConfiguredValue {
    pub field: String,
    pub resource: String,
    pub key: String,
    pub default: Option<String>,
}

/// The configuration the set-up static initialisers of `class` load from the class path.
pub(crate) fn configuration(class: &ClassInfo) -> Configuration {
    let Some(body) = class.node.child_by_field_name("body") else { return Configuration::default() };
    let mut configuration = Configuration::default();
    for initialiser in children(body).into_iter().filter(|m| m.kind() == "static_initializer") {
        let Some(block) = children(initialiser).into_iter().find(|c| c.kind() == "block") else { continue };
        let mut set_up = SetUp::default();
        if set_up.statements(class, &children(block), 0) && set_up.values_assigned_once(class) {
            configuration.properties.extend(set_up.properties);
            configuration.values.extend(set_up.values);
        }
    }
    configuration
}

/// Whether `field` is a `static final Properties` of `class` made by `new Properties()`.
fn is_properties_field(class: &ClassInfo, field: &str) -> bool {
    let source = class.file.source;
    class.fields.get(field).is_some_and(|f| {
        f.is_static_final && f.type_node.is_some_and(|t| is_properties_type(text(t, source))) && f.initialiser.is_some_and(is_new_properties)
    })
}

fn is_properties_type(spelled: &str) -> bool {
    matches!(spelled, "Properties" | "java.util.Properties")
}

/// `new Properties()`.
fn is_new_properties(node: Node) -> bool {
    node.kind() == "object_creation_expression" && node.child_by_field_name("arguments").is_some_and(|a| children(a).is_empty())
}

/// What a local of set-up code holds.
#[derive(Clone)]
enum SetUpLocal {
    /// A `new Properties()`, and the resource loaded into it, once it is.
    Properties(Option<String>),
    /// A stream of a class-path resource.
    Stream(String),
}

/// What set-up statements have done so far: the Properties loaded (fields, with their
/// resources), the static fields given configuration values, and the locals of the method
/// being read.
#[derive(Default)]
struct SetUp {
    properties: Vec<(String, String)>,
    values: Vec<ConfiguredValue>,
    locals: HashMap<String, SetUpLocal>,
}

impl SetUp {
    /// Whether every statement is set-up, read in order.
    fn statements(&mut self, class: &ClassInfo, statements: &[Node], depth: u32) -> bool {
        statements.iter().all(|s| self.statement(class, *s, depth))
    }

    /// Whether a statement is set-up, recording what it loads or assigns.
    fn statement(&mut self, class: &ClassInfo, statement: Node, depth: u32) -> bool {
        let source = class.file.source;
        match statement.kind() {
            "expression_statement" => {
                let Some(expression) = children(statement).first().copied() else { return false };
                match expression.kind() {
                    "method_invocation" => self.call(class, expression, depth),
                    "assignment_expression" => self.assignment(class, expression),
                    _ => false,
                }
            }
            // `Properties properties = new Properties();`, `InputStream in = X.class...`
            "local_variable_declaration" => {
                let declared = statement.child_by_field_name("type").map_or("", |t| text(t, source));
                children(statement).into_iter().filter(|c| c.kind() == "variable_declarator").all(|d| self.local(class, declared, d))
            }
            "block" => self.statements(class, &children(statement), depth),
            "try_statement" => {
                let Some(body) = statement.child_by_field_name("body") else { return false };
                only_reporting_catches(statement, source) && self.statements(class, &children(body), depth)
            }
            // `try (var in = X.class.getClassLoader().getResourceAsStream("a")) { P.load(in); }`
            "try_with_resources_statement" => {
                let (Some(body), Some(specification)) =
                    (statement.child_by_field_name("body"), statement.child_by_field_name("resources"))
                else {
                    return false;
                };
                let resources = children(specification);
                !resources.is_empty()
                    && only_reporting_catches(statement, source)
                    && resources.iter().all(|r| {
                        let declared = r.child_by_field_name("type").map_or("", |t| text(t, source));
                        r.kind() == "resource" && self.local(class, declared, *r)
                    })
                    && self.statements(class, &children(body), depth)
            }
            _ => false,
        }
    }

    /// A local declared as set-up: a new Properties or a class-path resource's stream.
    fn local(&mut self, class: &ClassInfo, declared: &str, declarator: Node) -> bool {
        let (Some(name), Some(value)) = (declarator.child_by_field_name("name"), declarator.child_by_field_name("value")) else {
            return false;
        };
        let name = text(name, class.file.source).to_string();
        let value = skip_parens(value);
        if (is_properties_type(declared) || declared == "var") && is_new_properties(value) && value_type_is_properties(class, value) {
            self.locals.insert(name, SetUpLocal::Properties(None));
            true
        } else if let Some(resource) = resource_stream(class, value) {
            self.locals.insert(name, SetUpLocal::Stream(resource));
            true
        } else {
            false
        }
    }

    /// A set-up call: `Class.forName(constant)`, `properties.load(stream)`, a set-up method.
    fn call(&mut self, class: &ClassInfo, call: Node, depth: u32) -> bool {
        let source = class.file.source;
        let name = call.child_by_field_name("name").map_or("", |n| text(n, source));
        let arguments = call.child_by_field_name("arguments").map(children).unwrap_or_default();
        let object = call.child_by_field_name("object").map(|o| text(o, source));
        match (object, name, arguments.as_slice()) {
            (Some("Class" | "java.lang.Class"), "forName", [class_name]) => is_constant_text(class, *class_name),
            (Some(properties), "load", [stream]) => {
                let stream = skip_parens(*stream);
                let resource = match self.locals.get(text(stream, source)) {
                    Some(SetUpLocal::Stream(resource)) if stream.kind() == "identifier" => Some(resource.clone()),
                    _ => resource_stream(class, stream),
                };
                let Some(resource) = resource else { return false };
                match self.locals.get_mut(properties) {
                    Some(SetUpLocal::Properties(loaded)) => {
                        *loaded = Some(resource);
                        true
                    }
                    Some(SetUpLocal::Stream(_)) => false,
                    None if is_properties_field(class, properties) => {
                        self.properties.push((properties.to_string(), resource));
                        true
                    }
                    None => false,
                }
            }
            (None, _, []) => self.method(class, name, depth),
            (Some(owner), _, []) if owner == crate::ir::simple_name(&class.fq_name) => self.method(class, name, depth),
            _ => false,
        }
    }

    /// `FIELD = properties.getProperty("key"[, "default"])`: a static String field of the class
    /// (not final) given a value of a Properties loaded from the class path.
    fn assignment(&mut self, class: &ClassInfo, assignment: Node) -> bool {
        let source = class.file.source;
        let (Some(left), Some(right)) = (assignment.child_by_field_name("left"), assignment.child_by_field_name("right")) else {
            return false;
        };
        if operator(assignment, source) != "=" {
            return false;
        }
        let Some(field) = assigned_static_field(class, left) else { return false };
        let is_configurable = class.fields.get(field).is_some_and(|f| {
            f.is_static
                && !f.is_static_final
                && f.initialiser.is_none()
                && f.type_node.is_some_and(|t| matches!(text(t, source), "String" | "java.lang.String"))
        });
        let right = skip_parens(right);
        if !is_configurable || right.kind() != "method_invocation" {
            return false;
        }
        let name = right.child_by_field_name("name").map_or("", |n| text(n, source));
        let Some(properties) = right.child_by_field_name("object").filter(|o| o.kind() == "identifier").map(|o| text(o, source)) else {
            return false;
        };
        let resource = match self.locals.get(properties) {
            Some(SetUpLocal::Properties(Some(resource))) => resource.clone(),
            Some(_) => return false,
            None => match self.properties.iter().find(|(f, _)| f == properties) {
                Some((_, resource)) => resource.clone(),
                None => return false,
            },
        };
        let arguments = right.child_by_field_name("arguments").map(children).unwrap_or_default();
        let constant = |node: Node| constant_text(class, node);
        let (key, default) = match (name, arguments.as_slice()) {
            ("getProperty", [key]) => (constant(*key), None),
            ("getProperty", [key, default]) => match constant(*default) {
                Some(default) => (constant(*key), Some(default)),
                None => return false,
            },
            _ => return false,
        };
        let Some(key) = key else { return false };
        self.values.push(ConfiguredValue { field: field.to_string(), resource, key, default });
        true
    }

    /// A static method of the class without parameters whose statements are all set-up, read
    /// with locals of its own.
    fn method(&mut self, class: &ClassInfo, name: &str, depth: u32) -> bool {
        if depth >= MAX_SET_UP_DEPTH {
            return false;
        }
        let method = class.methods.iter().find(|m| m.name == name && m.kind == MethodKind::Static && m.params.is_empty());
        let Some(body) = method.and_then(|m| m.body) else { return false };
        let statements = children(body);
        let callers_locals = std::mem::take(&mut self.locals);
        let set_up = !statements.is_empty() && self.statements(class, &statements, depth + 1);
        self.locals = callers_locals;
        set_up
    }

    /// Whether each configured field is assigned once by the set-up and nowhere else in its
    /// class, so that it holds the configured value whenever a method of the class reads it.
    fn values_assigned_once(&self, class: &ClassInfo) -> bool {
        self.values.iter().all(|value| assignments_to(class, class.node, &value.field) == 1)
    }
}

/// `new Properties()` whose type is `Properties`.
fn value_type_is_properties(class: &ClassInfo, value: Node) -> bool {
    value.child_by_field_name("type").is_some_and(|t| is_properties_type(text(t, class.file.source)))
}

/// The static field of `class` an assignment's left side names: `F`, `X.F` with `X` the
/// class.
fn assigned_static_field<'a>(class: &ClassInfo<'a>, left: Node) -> Option<&'a str> {
    let source = class.file.source;
    match left.kind() {
        "identifier" => Some(text(left, source)),
        "field_access" => {
            let owner = text(left.child_by_field_name("object")?, source);
            (owner == crate::ir::simple_name(&class.fq_name) || owner == class.fq_name)
                .then(|| left.child_by_field_name("field").map(|f| text(f, source)))
                .flatten()
        }
        _ => None,
    }
}

/// How many assignments and increments under `node` write a field named `field` (by its
/// simple name, `this.field` or `X.field`).
fn assignments_to(class: &ClassInfo, node: Node, field: &str) -> usize {
    let source = class.file.source;
    let target = match node.kind() {
        "assignment_expression" => node.child_by_field_name("left"),
        "update_expression" => children(node).into_iter().find(|c| matches!(c.kind(), "identifier" | "field_access")),
        _ => None,
    };
    let writes = target.is_some_and(|t| match t.kind() {
        "identifier" => text(t, source) == field,
        "field_access" => t.child_by_field_name("field").is_some_and(|f| text(f, source) == field),
        _ => false,
    });
    usize::from(writes) + children(node).into_iter().map(|c| assignments_to(class, c, field)).sum::<usize>()
}

/// Whether every catch clause of a try statement only reports the failure: throws
/// (`throw new RuntimeException(e)`), prints it (`e.printStackTrace()`,
/// `System.err.println(...)`) or logs it (`LOG.error(...)`); a `finally` block is not set-up.
/// A failure that is only reported leaves the configuration unset, which the tests never see:
/// they supply the resource where the class path lacks it.
fn only_reporting_catches(statement: Node, source: &str) -> bool {
    children(statement).into_iter().all(|child| match child.kind() {
        "catch_clause" => child.child_by_field_name("body").is_some_and(|body| {
            let statements = children(body);
            !statements.is_empty() && statements.iter().all(|s| reports(*s, source))
        }),
        "finally_clause" => false,
        _ => true,
    })
}

/// A statement of a catch clause that throws, prints or logs.
fn reports(statement: Node, source: &str) -> bool {
    if statement.kind() == "throw_statement" {
        return true;
    }
    let call = (statement.kind() == "expression_statement").then(|| children(statement).first().copied()).flatten();
    let Some(call) = call.filter(|c| c.kind() == "method_invocation") else { return false };
    let name = call.child_by_field_name("name").map_or("", |n| text(n, source));
    let object = call.child_by_field_name("object").map_or(String::new(), |o| text(o, source).split_whitespace().collect());
    match name {
        "printStackTrace" => call.child_by_field_name("arguments").is_some_and(|a| children(a).is_empty()),
        "println" | "print" | "printf" => matches!(object.as_str(), "System.out" | "System.err"),
        "error" | "warn" | "warning" | "severe" | "info" | "debug" | "fine" | "trace" | "log" => {
            !object.is_empty() && !object.contains('(')
        }
        _ => false,
    }
}

/// The class-path resource a stream expression opens: `X.class.getClassLoader()
/// .getResourceAsStream("a.properties")`, `Thread.currentThread().getContextClassLoader()
/// .getResourceAsStream(...)`, `ClassLoader.getSystemResourceAsStream(...)`, or
/// `X.class.getResourceAsStream("/a.properties")` (a name without `/` is relative to the
/// class's package).
fn resource_stream(class: &ClassInfo, stream: Node) -> Option<String> {
    let source = class.file.source;
    let stream = skip_parens(stream);
    if stream.kind() != "method_invocation" {
        return None;
    }
    let name = text(stream.child_by_field_name("name")?, source);
    let [argument] = children(stream.child_by_field_name("arguments")?)[..] else { return None };
    let resource = (argument.kind() == "string_literal").then(|| string_literal_value(text(argument, source))).flatten()?;
    let object = stream.child_by_field_name("object").map(|o| text(o, source).split_whitespace().collect::<String>());
    let own_class = crate::ir::simple_name(&class.fq_name);
    match (object.as_deref(), name) {
        (Some("ClassLoader"), "getSystemResourceAsStream") => Some(resource),
        (Some("Thread.currentThread().getContextClassLoader()"), "getResourceAsStream") => Some(resource),
        (Some(object), "getResourceAsStream") if object == format!("{own_class}.class.getClassLoader()") => Some(resource),
        (Some(object), "getResourceAsStream") if object == format!("{own_class}.class") => match resource.strip_prefix('/') {
            Some(absolute) => Some(absolute.to_string()),
            None => {
                let package = package_of(&class.fq_name).replace('.', "/");
                Some(if package.is_empty() { resource } else { format!("{package}/{resource}") })
            }
        },
        _ => None,
    }
}

/// The text of a string literal, or of a `static final` String field of the class
/// initialised by one.
fn constant_text(class: &ClassInfo, node: Node) -> Option<String> {
    let source = class.file.source;
    let node = skip_parens(node);
    let literal = match node.kind() {
        "string_literal" => node,
        "identifier" => class
            .fields
            .get(text(node, source))
            .filter(|f| f.is_static_final)
            .and_then(|f| f.initialiser)
            .filter(|i| i.kind() == "string_literal")?,
        _ => return None,
    };
    string_literal_value(text(literal, source))
}

/// A string literal, or a `static final` String field of the class initialised by one.
fn is_constant_text(class: &ClassInfo, node: Node) -> bool {
    let node = skip_parens(node);
    match node.kind() {
        "string_literal" => true,
        "identifier" => class.fields.get(text(node, class.file.source)).is_some_and(|f| {
            f.is_static_final && f.initialiser.is_some_and(|i| i.kind() == "string_literal")
        }),
        _ => false,
    }
}
